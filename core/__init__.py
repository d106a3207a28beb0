"""GMM Select core: pure NumPy/SciPy (no qgis, no osgeo), usable from any Python."""

from .criteria import class_accuracies, cohen_kappa, confusion_matrix, mean_f1, overall_accuracy
from .crossval import CrossValidation, cross_validate
from .folds import LEAVE_ONE_OUT, Canceled, make_folds
from .model import EIGENVALUE_FLOOR, GaussianMixture
from .modelfile import EXTENSION, ModelFileError, SavedModel, load_model, save_model
from .ridge import TauResult, default_tau_grid, select_tau
from .selection import CRITERIA, METHODS, SelectionResult, select_features
from .stats import ClassStatistics

__all__ = [
    "CRITERIA", "EIGENVALUE_FLOOR", "EXTENSION", "LEAVE_ONE_OUT", "METHODS", "Canceled", "ClassStatistics",
    "CrossValidation", "GaussianMixture", "ModelFileError", "SavedModel", "SelectionResult", "TauResult",
    "class_accuracies", "cohen_kappa", "confusion_matrix", "cross_validate", "default_tau_grid",
    "load_model", "make_folds", "mean_f1", "overall_accuracy", "save_model", "select_features", "select_tau",
]
