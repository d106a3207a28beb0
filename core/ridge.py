"""Ridge S_c + tau I chosen by k-fold (or leave-one-out) cross-validation over a grid.

S + tau I = V diag(lambda + tau) V': one eigen decomposition per class and fold serves every tau,
(x - mu)'(S + tau I)^-1 (x - mu) = sum_i p_i^2 / (lambda_i + tau) with p = V'(x - mu),
so the quadratic forms of all taus are one product (p^2) @ 1/(lambda + tau).
"""

from dataclasses import dataclass

import numpy as np

from .choices import TAU_CRITERIA
from .criteria import CV_SCORES, confusion_matrices
from .crossval import class_indices, fold_models, full_floor, priors
from .errors import Canceled
from .folds import is_leave_one_out, make_folds
from .leaveoneout import left_out_confusions
from .scatter import SampleScatter, ScatterCovariances
from .validation import check_choice, check_samples


@dataclass
class TauResult:
    """The tau grid, its CV criterion per tau, and the chosen tau (first best in grid order); `folds` counts
    the parts left out under leave-one-out."""

    grid: np.ndarray
    values: np.ndarray
    tau: float
    criterion: str
    folds: int


def default_tau_grid(X, y):
    """0 and s * 10^e, e = -7, -6.5, ..., 0, where s is the mean band variance within the classes.

    Scaled by s, the grid fits 8-bit digital numbers and reflectances in [0, 1] alike.
    """
    X, y, labels = check_samples(X, y)
    variances = np.array([X[y == label].var(axis=0, ddof=1).mean() for label in labels])
    scale = variances.mean() if variances.mean() > 0 else 1.0
    return np.concatenate([[0.0], scale * 10.0 ** np.arange(-7.0, 0.25, 0.5)])


def check_grid(grid):
    """The grid as a sorted 1-D float array of finite taus >= 0, or ValueError."""
    grid = np.atleast_1d(np.asarray(grid, dtype=np.float64))
    if grid.ndim != 1 or len(grid) == 0:
        raise ValueError("the tau grid must be a non-empty list of numbers")
    if not np.all(np.isfinite(grid)) or np.any(grid < 0):
        raise ValueError(f"every tau must be a finite number >= 0; got {grid.tolist()}")
    return np.unique(grid)


def fold_tau_confusions(model, grid, floor):
    """Confusion matrices `(T, C, C)` of one fold's test part for every tau of the grid."""
    eigenvalues, eigenvectors = np.linalg.eigh(ScatterCovariances(model.train).dense())
    n_classes = len(eigenvalues)
    scores = np.empty((n_classes, len(model.test_samples), len(grid)))
    log_priors = 2 * np.log(priors(model.train))
    for c in range(n_classes):
        ridged = np.maximum(eigenvalues[c][:, None] + grid[None, :], floor)
        projected = (model.test_samples - model.train.means[c]) @ eigenvectors[c]
        scores[c] = log_priors[c] - np.log(ridged).sum(axis=0) - (projected**2) @ (1.0 / ridged)
    predicted = np.argmax(scores, axis=0)
    return confusion_matrices(model.test_classes, predicted.T, n_classes)


def select_tau(X, y, grid=None, criterion="kappa", folds=5, groups=None, seed=0, progress=None,
               is_canceled=None):
    """tau* = argmax over the grid of the k-fold CV criterion (accuracy, kappa or f1); ties: smallest tau.

    folds = "loo": the criterion of the one pooled confusion matrix of the n left-out predictions
    (leave-one-out in closed form, leaveoneout; with `groups`, leave-one-group-out).
    """
    check_choice("criterion for the tau search", criterion, TAU_CRITERIA)
    X, y, labels = check_samples(X, y)
    grid = default_tau_grid(X, y) if grid is None else check_grid(grid)
    fold = make_folds(y, folds, groups, seed)
    _, classes = class_indices(y)
    score = CV_SCORES[criterion]
    if is_leave_one_out(folds) and groups is None:
        full = SampleScatter(X, classes, len(labels))
        values = score(left_out_confusions(X, classes, full, grid, full_floor(full)))
        if progress is not None:
            progress(1.0)
        return TauResult(grid, values, float(grid[np.argmax(values)]), criterion, len(y))
    full, models = fold_models(X, classes, fold, len(labels))
    floor = full_floor(full)
    confusions = []
    for v, model in enumerate(models):
        if is_canceled is not None and is_canceled():
            raise Canceled("tau search canceled")
        confusions.append(fold_tau_confusions(model, grid, floor))
        if progress is not None:
            progress((v + 1) / len(models))
    pooled = is_leave_one_out(folds)
    values = score(sum(confusions)) if pooled else np.mean(score(np.array(confusions)), axis=0)
    return TauResult(grid, values, float(grid[np.argmax(values)]), criterion, len(models))
