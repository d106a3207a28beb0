"""The GMM Select Processing provider: lists its algorithms explicitly."""

import os

from qgis.core import QgsProcessingProvider
from qgis.PyQt.QtGui import QIcon

from ..i18n import GmmSelect
from .assess import AssessAlgorithm
from .predict import PredictAlgorithm
from .sample_design import SampleDesignAlgorithm
from .train_gmm import TrainGmmAlgorithm
from .train_selection import TrainSelectionAlgorithm
from .train_selection_table import TrainSelectionTableAlgorithm

ICON = os.path.join(os.path.dirname(os.path.dirname(__file__)), "icons", "gmmselect.svg")


class GmmSelectProvider(QgsProcessingProvider):
    """Provider `gmmselect`: Train GMM, Train Selection (from a raster or a table of spectra), Predict,
    Assess and Sample design.

    `on_selection_trained(model_path)`, when given, is called on the main thread after each
    Train Selection run (either kind): the plugin passes the desktop's curves dialog, so this layer never
    imports the GUI.
    """

    def __init__(self, on_selection_trained=None):
        """Keep the callback the algorithms reach through `selectionTrained`."""
        super().__init__()
        self.on_selection_trained = on_selection_trained

    def selectionTrained(self, model_path):
        """Tell the plugin (callback) that Train Selection wrote `model_path`."""
        if self.on_selection_trained is not None:
            self.on_selection_trained(model_path)

    def id(self):
        """Provider id, the prefix of the algorithm ids (never translated)."""
        return "gmmselect"

    def name(self):
        """Display name in the Toolbox."""
        return GmmSelect.tr("GMM Select")

    def longName(self):
        """Name with what the provider does."""
        return GmmSelect.tr("GMM Select: Gaussian mixture classification with band selection")

    def icon(self):
        """Provider icon."""
        return QIcon(ICON)

    def svgIconPath(self):
        """Provider icon as an SVG path (used by the modeler)."""
        return ICON

    def supportedOutputRasterLayerExtensions(self):
        """Rasters are written by GDAL as GeoTIFF (colour table and class names inside)."""
        return ["tif"]

    def supportsNonFileBasedOutput(self):
        """Outputs are files GDAL/OGR write (no memory layers)."""
        return False

    def supportedOutputVectorLayerExtensions(self):
        """The sample layer is written by OGR as a GeoPackage or GeoJSON file."""
        return ["gpkg", "geojson"]

    def loadAlgorithms(self):
        """One instance of each algorithm."""
        for algorithm in (TrainGmmAlgorithm(), TrainSelectionAlgorithm(), TrainSelectionTableAlgorithm(),
                          PredictAlgorithm(), AssessAlgorithm(), SampleDesignAlgorithm()):
            self.addAlgorithm(algorithm)
