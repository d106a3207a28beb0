"""k-fold cross-validation whose fold models are downdated from the full model, never refitted.

Fold v removes v_c samples of mean m_v from class c: mu' = (n mu - v m_v)/(n - v),
(n - v - 1) S' = (n - 1) S - (v - 1) S_v - n v/(n - v) (m_v - mu)(m_v - mu)'  (ClassStatistics.remove).
The CV value of a criterion is the mean over folds of its value on each fold's test part.
"""

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from .criteria import cohen_kappa, confusion_matrices, mean_f1, overall_accuracy
from .folds import make_folds
from .model import GaussianMixture, variance_floor
from .stats import ClassStatistics
from .updates import Covariances, NestedCholesky, QuadraticForms, SubsetCriterion
from .validation import check_samples

#: Candidate scores of one chunk of test samples hold about this many numbers (1 MB: cache-sized).
CHUNK_ELEMENTS = 131_072
#: Threads scoring folds side by side.
WORKERS = min(4, os.cpu_count() or 1)


@dataclass
class FoldModel:
    """The training part of one fold (as statistics) and the test samples it is scored on."""

    train: ClassStatistics
    test_samples: np.ndarray
    test_classes: np.ndarray


def fold_models(X, classes, fold, n_classes):
    """FoldModel of each fold, downdated from the statistics of all samples; `classes` are 0..C-1.

    The statistics of all samples are the merge of the folds' statistics.
    """
    everything = np.arange(n_classes)
    tests = [fold == v for v in np.unique(fold)]
    parts = [ClassStatistics.from_samples(X[test], classes[test], everything) for test in tests]
    full = ClassStatistics.empty(everything, X.shape[1])
    for part in parts:
        full = full.merge(part)
    models = [FoldModel(full.remove(part), X[test], classes[test]) for part, test in zip(parts, tests)]
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
        """Confusion matrices per candidate from log-dets `(C, m)` and quadratic forms `(C, n, m)`.

        MAP: argmax_c Q_c = argmin_c q_c + log|S_c| - 2 log pi_c (the forms are overwritten).
        """
        quadratic_forms += logdets[:, None, :]
        quadratic_forms -= log_priors[:, None, None]
        predicted = np.argmin(quadratic_forms, axis=0)
        return confusion_matrices(reference, predicted.T, self.n_classes)

    def _fold_added(self, fold):
        """Criterion of every candidate on one fold."""
        nested, forms, log_priors, reference = fold
        predicted = FoldCandidates(nested, forms, log_priors).predictions()
        return self.score(confusion_matrices(reference, predicted.T, self.n_classes))

    def _added(self):
        """Mean over folds; the folds run on WORKERS threads (NumPy releases the GIL in its kernels)."""
        with ThreadPoolExecutor(WORKERS) as pool:
            return sum(pool.map(self._fold_added, self.folds)) / len(self.folds)

    def _removed(self):
        values = 0.0
        for nested, forms, log_priors, reference in self.folds:
            logdets, quadratic_forms = nested.removed_logdets(), forms.removed(nested)
            values = values + self.score(self._fold_score(log_priors, reference, logdets, quadratic_forms))
        return values / len(self.folds)


class FoldCandidates:
    """MAP predictions of one fold's test samples for every candidate f, -Q_c(F+f) minimised over c.

    -Q_c(F+f)(x) = -Q_c(F)(x) + log alpha_c(f) + e_c(x, f)^2 / alpha_c(f)
                 >= -Q_c(F)(x) + min_f log alpha_c(f):
    a class whose bound exceeds the winner's worst score over all candidates cannot win anywhere,
    so its scores are never computed (exact pruning: the predictions equal the full argmin).
    """

    def __init__(self, nested, forms, log_priors):
        coupling, alpha = nested.schur()
        self.forms = forms
        self.regressed = np.concatenate([coupling, forms.means[:, None, :]], axis=1)
        self.inverse_alpha = 1.0 / alpha
        self.log_alpha = np.log(alpha)
        self.current = log_priors[:, None] - nested.logdet[:, None] - forms.quad  # Q_c(F), (C, m)
        self.augmented = np.concatenate([forms.whitened, np.ones(forms.quad.shape + (1,))], axis=2)

    def negative_scores(self, c, rows):
        """-Q_c(F+f) for the samples `rows` and every candidate f, `(len(rows), d)`."""
        e = self.augmented[c, rows] @ self.regressed[c]  # mu_f + z'l_f
        np.subtract(self.forms.points[rows], e, out=e)
        e *= e
        e *= self.inverse_alpha[c]
        e += self.log_alpha[c]
        e -= self.current[c, rows, None]
        return e

    def predictions(self):
        """Class index `(m, d)` of argmax_c Q_c(F+f); ties to the lowest class index."""
        winner = np.argmax(self.current, axis=0)
        n_samples, n_candidates = len(winner), self.log_alpha.shape[1]
        best = np.empty((n_samples, n_candidates))
        best_class = np.repeat(winner[:, None], n_candidates, axis=1)
        for c in range(len(self.current)):
            rows = np.flatnonzero(winner == c)
            best[rows] = self.negative_scores(c, rows)
        worst = best.max(axis=1)
        bound = self.log_alpha.min(axis=1)[:, None] - self.current  # (C, m)
        margin = 1e-9 * (np.abs(worst) + 1.0)
        for c in range(len(self.current)):
            rows = np.flatnonzero((winner != c) & (bound[c] <= worst + margin))
            for chunk in np.array_split(rows, max(1, rows.size * n_candidates // CHUNK_ELEMENTS)):
                scores, previous, classes = self.negative_scores(c, chunk), best[chunk], best_class[chunk]
                better = (scores < previous) | ((scores == previous) & (c < classes))
                np.copyto(previous, scores, where=better)
                np.copyto(classes, c, where=better)
                best[chunk], best_class[chunk] = previous, classes
        return best_class


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

