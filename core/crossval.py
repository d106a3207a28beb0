"""k-fold cross-validation whose fold models are downdated from the full model, never refitted.

Fold v removes v_c samples of mean m_v from class c: mu' = (n mu - v m_v)/(n - v),
(n - v - 1) S' = (n - 1) S - (v - 1) S_v - n v/(n - v) (m_v - mu)(m_v - mu)'  (ClassStatistics.remove).
The CV value of a criterion is the mean over folds of its value on each fold's test part.
"""

from dataclasses import dataclass

import numpy as np

from .criteria import cohen_kappa, confusion_matrices, mean_f1, overall_accuracy
from .folds import make_folds
from .model import GaussianMixture, variance_floor
from .stats import ClassStatistics
from .updates import Covariances, NestedCholesky, QuadraticForms, SubsetCriterion
from .validation import check_samples

#: Candidate scores of one chunk of test samples hold at most this many numbers (memory bound).
CHUNK_ELEMENTS = 4_000_000


@dataclass
class FoldModel:
    """The training part of one fold (as statistics) and the test samples it is scored on."""

    train: ClassStatistics
    test_samples: np.ndarray
    test_classes: np.ndarray


def fold_models(X, classes, fold, n_classes):
    """FoldModel of each fold, downdated from the statistics of all samples; `classes` are 0..C-1."""
    everything = np.arange(n_classes)
    full = ClassStatistics.from_samples(X, classes, everything)
    models = []
    for v in np.unique(fold):
        test = fold == v
        part = ClassStatistics.from_samples(X[test], classes[test], everything)
        models.append(FoldModel(full.remove(part), X[test], classes[test]))
    return full, models


def class_indices(y):
    """Sorted labels and the index 0..C-1 of each sample's class."""
    labels, classes = np.unique(y, return_inverse=True)
    return labels, classes


class CrossValidated(SubsetCriterion):
    """Mean over folds of accuracy, kappa or mean F1 of the MAP rule restricted to the subset."""

    def __init__(self, X, classes, fold, score, tau=0.0, floor=None):
        n_classes = int(classes.max()) + 1
        full, models = fold_models(X, classes, fold, n_classes)
        floor = variance_floor(full.covariances()) if floor is None else floor
        ridge = tau * np.eye(X.shape[1])
        self.score = score
        self.n_classes = n_classes
        self.folds = []
        for model in models:
            nested = NestedCholesky(Covariances(model.train.covariances() + ridge), floor)
            forms = QuadraticForms(model.test_samples, model.train.means)
            self.folds.append((nested, forms, 2 * np.log(model.train.priors()), model.test_classes))
        self.parts = [(nested, [forms]) for nested, forms, _, _ in self.folds]

    def _fold_score(self, log_priors, reference, logdets, quadratic_forms):
        """Criterion of one fold from log-dets `(C, m)` and quadratic forms `(C, n, m)` per candidate."""
        predicted = np.argmax(log_priors[:, None, None] - logdets[:, None, :] - quadratic_forms, axis=0)
        return confusion_matrices(reference, predicted.T, self.n_classes)

    def _added(self):
        values = 0.0
        for nested, forms, log_priors, reference in self.folds:
            coupling, alpha = nested.schur()
            logdets = nested.added_logdets(alpha)
            step = max(1, CHUNK_ELEMENTS // (alpha.size or 1))
            confusion = 0.0
            for start in range(0, len(reference), step):
                rows = slice(start, start + step)
                quad = forms.added(coupling, alpha, rows=rows)
                confusion = confusion + self._fold_score(log_priors, reference[rows], logdets, quad)
            values = values + self.score(confusion)
        return values / len(self.folds)

    def _removed(self):
        values = 0.0
        for nested, forms, log_priors, reference in self.folds:
            logdets, quadratic_forms = nested.removed_logdets(), forms.removed(nested)
            values = values + self.score(self._fold_score(log_priors, reference, logdets, quadratic_forms))
        return values / len(self.folds)


@dataclass
class CrossValidation:
    """Cross-validated accuracy of a model: pooled confusion matrix and means over folds."""

    labels: np.ndarray
    confusion: np.ndarray
    accuracy: float
    kappa: float
    f1: float
    folds: int
    grouped: bool


def cross_validate(X, y, tau=0.0, features=None, folds=5, groups=None, seed=0):
    """k-fold CV of the MAP rule on `features` (all by default), fold models by downdate.

    Returns the confusion matrix pooled over folds (rows = reference) and the mean over folds
    of overall accuracy, kappa and mean F1.
    """
    X, y, labels = check_samples(X, y)
    _, classes = class_indices(y)
    fold = make_folds(y, folds, groups, seed)
    full, models = fold_models(X, classes, fold, len(labels))
    floor = variance_floor(full.covariances())
    features = np.arange(X.shape[1]) if features is None else np.asarray(features, dtype=np.intp)
    per_fold = []
    for model in models:
        mixture = GaussianMixture.from_statistics(model.train.select(features), tau, floor=floor)
        predicted = np.argmax(mixture.decision_function(model.test_samples[:, features]), axis=1)
        per_fold.append(confusion_matrices(model.test_classes, predicted, len(labels)))
    per_fold = np.array(per_fold)
    return CrossValidation(labels, per_fold.sum(axis=0), float(overall_accuracy(per_fold).mean()),
                           float(cohen_kappa(per_fold).mean()), float(mean_f1(per_fold).mean()),
                           len(models), groups is not None)

