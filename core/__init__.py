"""GMM Select core: pure NumPy/SciPy (no qgis, no osgeo), usable from any Python."""

from .choices import CRITERIA, MAX_FEATURES, METHODS, TAU_CRITERIA
from .criteria import Assessment, class_accuracies, cohen_kappa, confusion_matrix, mean_f1, overall_accuracy
from .crossval import CrossValidation, cross_validate
from .errors import Canceled, ModelFileError
from .folds import LEAVE_ONE_OUT, make_folds
from .model import EIGENVALUE_FLOOR, GaussianMixture
from .modelfile import EXTENSION, SavedModel, TrainingRecord, load_model, save_model
from .ridge import TauResult, default_tau_grid, select_tau
from .selection import SelectionResult, select_features
from .stats import ClassStatistics

__all__ = [
    "CRITERIA", "EIGENVALUE_FLOOR", "EXTENSION", "LEAVE_ONE_OUT", "MAX_FEATURES", "METHODS", "TAU_CRITERIA",
    "Assessment", "Canceled", "ClassStatistics", "CrossValidation", "GaussianMixture", "ModelFileError",
    "SavedModel", "SelectionResult", "TauResult", "TrainingRecord",
    "class_accuracies", "cohen_kappa", "confusion_matrix", "cross_validate", "default_tau_grid",
    "load_model", "make_folds", "mean_f1", "overall_accuracy", "save_model", "select_features", "select_tau",
]
