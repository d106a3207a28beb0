"""The GMM Select Processing provider: lists its three algorithms explicitly."""

import os

from qgis.core import QgsProcessingProvider
from qgis.PyQt.QtGui import QIcon

from .algorithms import PredictAlgorithm, TrainGmmAlgorithm, TrainSelectionAlgorithm
from .algorithms.base import GmmSelect

ICON = os.path.join(os.path.dirname(__file__), "icons", "gmmselect.svg")


class GmmSelectProvider(QgsProcessingProvider):
    """Provider `gmmselect`: Train GMM, Train Selection and Predict."""

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

    def loadAlgorithms(self):
        """One instance of each algorithm."""
        for algorithm in (TrainGmmAlgorithm(), TrainSelectionAlgorithm(), PredictAlgorithm()):
            self.addAlgorithm(algorithm)
