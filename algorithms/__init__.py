"""The Processing algorithms of GMM Select, one per module, on a shared base class."""

from .predict import PredictAlgorithm
from .train_gmm import TrainGmmAlgorithm
from .train_selection import TrainSelectionAlgorithm

__all__ = ["PredictAlgorithm", "TrainGmmAlgorithm", "TrainSelectionAlgorithm"]
