"""GMM Select data layer: training samples from any GDAL raster and OGR vector, block-wise prediction.

GDAL/OGR, NumPy and the core only (no qgis import), so it runs from QGIS, qgis_process or plain Python.
"""

from .blocks import BandNoData
from .errors import Canceled, DataError
from .info import RasterInfo, raster_info
from .predict import CLASSIFICATION_NODATA, CONFIDENCE_NODATA, predict_raster
from .samples import (
    SampleSummary,
    TrainingSamples,
    accumulate_statistics,
    extract_samples,
    features_statistics,
)
from .style import DEFAULT_COLORS, classification_qml, confidence_qml

__all__ = ["CLASSIFICATION_NODATA", "CONFIDENCE_NODATA", "DEFAULT_COLORS", "BandNoData", "Canceled",
           "DataError", "RasterInfo", "SampleSummary", "TrainingSamples", "accumulate_statistics",
           "classification_qml", "confidence_qml", "extract_samples", "features_statistics", "predict_raster",
           "raster_info"]
