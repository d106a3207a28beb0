"""QGIS plugin glue: registers the GMM Select Processing provider.

`initProcessing()` is what `qgis_process` calls (there `iface` is None); the desktop calls
`initGui()`, which does the same. Nothing here touches `iface`.
"""

from qgis.core import QgsApplication

from .provider import GmmSelectProvider


class GmmSelectPlugin:
    """The plugin object QGIS creates through `classFactory`."""

    def __init__(self, iface):
        """Keep `iface` for a future GUI part; the provider does not use it."""
        self.iface = iface
        self.provider = None

    def initProcessing(self):
        """Add the provider to the Processing registry (once)."""
        if self.provider is None:
            self.provider = GmmSelectProvider()
            QgsApplication.processingRegistry().addProvider(self.provider)

    def initGui(self):
        """Desktop start: the provider is the whole plugin."""
        self.initProcessing()

    def unload(self):
        """Remove the provider (the registry deletes it)."""
        if self.provider is not None:
            QgsApplication.processingRegistry().removeProvider(self.provider)
            self.provider = None
