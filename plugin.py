"""QGIS plugin glue: registers the GMM Select Processing provider and the desktop action.

`initProcessing()` is what `qgis_process` calls (there `iface` is None); the desktop calls
`initGui()`, which does the same and adds "Show selection curves…" to the Raster menu (under
"GMM Select") and to the Plugins toolbar (shown in a fresh profile, unlike the Raster toolbar).
The provider never touches `iface`. The plugin object (both cases: `classFactory` runs under
`qgis_process` too) installs the translator of the QGIS locale, `i18n/gmmselect_<xx>.qm`, when
there is one.
"""

import os

from qgis.core import QgsApplication
from qgis.PyQt.QtCore import QCoreApplication
from qgis.PyQt.QtGui import QIcon
from qgis.PyQt.QtWidgets import QAction

from .algorithms.provider import GmmSelectProvider
from .gui import close_session, open_model_file, show_selection_curves
from .i18n import GmmSelect, install_translator

CURVES_ICON = os.path.join(os.path.dirname(__file__), "icons", "trainselection.svg")


class GmmSelectPlugin:
    """The plugin object QGIS creates through `classFactory`."""

    def __init__(self, iface):
        """Keep `iface` for the desktop action and install the translator (desktop and qgis_process)."""
        self.iface = iface
        self.provider = None
        self.action = None
        self.translator = install_translator()

    def initProcessing(self):
        """Add the provider to the Processing registry (once); after each Train Selection run it
        shows the new selection curve (in the desktop; nothing elsewhere)."""
        if self.provider is None:
            self.provider = GmmSelectProvider(on_selection_trained=show_selection_curves)
            QgsApplication.processingRegistry().addProvider(self.provider)

    def initGui(self):
        """Desktop start: the provider, then the selection-curves action (when there is a desktop)."""
        self.initProcessing()
        if self.iface is not None:
            self.addActions()

    def addActions(self):
        """The action "Show selection curves…": Raster menu > GMM Select, and the Plugins toolbar."""
        if self.action is None:
            self.action = QAction(QIcon(CURVES_ICON), GmmSelect.tr("Show selection curves…"),
                                  self.iface.mainWindow())
            self.action.setToolTip(GmmSelect.tr("Show the selection curves of a model file written by "
                                                "Train Selection"))
            self.action.triggered.connect(self.showCurves)
            self.iface.addPluginToRasterMenu(GmmSelect.tr("GMM Select"), self.action)
            self.iface.addToolBarIcon(self.action)

    def showCurves(self):
        """Ask for a model file and show its selection curve."""
        return open_model_file(self.iface.mainWindow())

    def removeActions(self):
        """Remove the action from the menu and the toolbar, and close the curves dialog."""
        if self.action is not None:
            self.iface.removePluginRasterMenu(GmmSelect.tr("GMM Select"), self.action)
            self.iface.removeToolBarIcon(self.action)
            self.action.deleteLater()
            self.action = None
        close_session()

    def unload(self):
        """Remove the desktop action, the provider (the registry deletes it) and the translator."""
        self.removeActions()
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
        if self.translator is not None:
            QCoreApplication.removeTranslator(self.translator)
            self.translator = None
