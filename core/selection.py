"""Sequential forward (SFS) and floating forward (SFFS, Pudil et al. 1994) feature selection.

SFS:  F <- F + argmax_f J(F + f) until |F| = k_max.
SFFS: after each forward step, conditionally exclude g* = argmax_g J(F - g) while that beats the
best value ever seen at size |F| - 1; a forward step that does not beat the best of its size
falls back to the best set of that size. Ties go to the lowest feature index.
"""

import warnings
from dataclasses import dataclass, field

import numpy as np

from .choices import CRITERIA, MAX_FEATURES, METHODS
from .criteria import CV_SCORES
from .crossval import CrossValidated, LeaveOneOut, class_indices, full_floor, priors
from .errors import Canceled
from .folds import is_leave_one_out, make_folds, whole_number
from .scatter import SampleScatter, ScatterCovariances, check_alpha
from .separability import JeffriesMatusita, KullbackLeibler
from .texts import QT_TRANSLATE_NOOP, InputError, Text
from .threads import single_threaded_blas
from .validation import check_choice, check_ridge_scale, check_samples, check_tau

#: An SFFS exclusion must beat the best value of its size by more than this (relative) rounding margin.
IMPROVEMENT = 1e-12
#: Rows of the samples compared first in the search for copied features (then whole columns where they agree).
COPY_PROBE_ROWS = 32


@dataclass
class SelectionResult:
    """Best subset and criterion value of every size, the order of addition, and the chosen size."""

    method: str
    criterion: str
    best_sets: dict
    best_values: dict
    added: list
    size_tolerance: float = 1e-3
    warnings: list = field(default_factory=list)

    @property
    def sizes(self):
        """The sizes with a best set, ascending."""
        return sorted(self.best_sets)

    @property
    def best_size(self):
        """Smallest size whose value is within `size_tolerance` (relative) of the best value.

        The criteria saturate (JM tends to its maximum, CV accuracies plateau), so the plain
        argmax rests on rounding noise; the tolerance picks the size where the curve flattens.
        """
        values = np.array([self.best_values[k] for k in self.sizes])
        best = values.max()
        within = values >= best - self.size_tolerance * abs(best)
        return self.sizes[int(np.argmax(within))]

    @property
    def best_set(self):
        """The best set of `best_size`."""
        return self.best_sets[self.best_size]


def beats(value, reference):
    """value > reference by more than the rounding margin IMPROVEMENT * max(1, |reference|)."""
    return value > reference + IMPROVEMENT * max(1.0, abs(reference))


def best_removal(criterion, originals=None):
    """Position in F of g* = argmax_g J(F - g) (ties: lowest feature index) and J(F - g*). A member with a
    copy in F (`originals`: original_features) is not removed: removing the copy leaves the same values."""
    values = criterion.removed_scores()
    values[np.isnan(values)] = -np.inf  # a removal whose value rounding lost (singular covariances): not made
    features = np.asarray(criterion.features)
    if originals is not None:
        copied = originals[features]
        values[np.isin(features, copied[copied != features])] = -np.inf
    tied = np.flatnonzero(values == values.max())
    position = int(tied[np.argmin(features[tied])])
    return position, float(values[position])


def original_features(X, root=None):
    """originals[f]: the lowest feature whose samples equal feature f's bit for bit (f itself where no lower
    one does), `(d,)`; None where no feature repeats another. The columns are compared on COPY_PROBE_ROWS rows
    first, then in full within each group that agrees there. `root`: of X / root (ridge units)."""
    n, d = X.shape
    probe = X[np.linspace(0, n - 1, min(n, COPY_PROBE_ROWS)).astype(np.intp)]
    probe = (probe if root is None else probe / root).T
    _, probe_groups = np.unique(as_bytes(probe), return_inverse=True)
    originals = np.arange(d)
    for group in np.flatnonzero(np.bincount(probe_groups) > 1):
        members = np.flatnonzero(probe_groups == group)
        columns = X[:, members] if root is None else X[:, members] / root[members]
        _, first, inverse = np.unique(as_bytes(columns.T), return_index=True, return_inverse=True)
        originals[members] = members[first[inverse]]
    return originals if np.any(originals != np.arange(d)) else None


def as_bytes(rows):
    """Each row of a 2-D array as one opaque value `(m,)`, compared byte for byte (np.unique sorts them)."""
    rows = np.ascontiguousarray(rows)
    return rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()


def copies_tied(scores, originals, features):
    """J(F + f) of every copy f of a feature not in F set to its original's, so that the original wins their
    tie (the lowest index), as where each candidate is scored on its own: batched products can round a
    copy's score one ulp above its original's (JM, KL: 5 % and 18 % of the tests' data sets with copies)."""
    tied = np.where(np.isin(originals, features), scores, scores[originals])
    tied[features] = -np.inf
    return tied


def sequential_selection(criterion, max_features, floating, progress=None, is_canceled=None, originals=None):
    """Run SFS (floating=False) or SFFS on a SubsetCriterion; returns best sets, values, additions.
    `originals` (original_features): copied features tie with their originals."""
    best_sets, best_values, added = {}, {}, []
    while len(criterion.features) < max_features:
        if is_canceled is not None and is_canceled():
            raise Canceled("feature selection canceled")
        scores = criterion.added_scores()
        if originals is not None:
            scores = copies_tied(scores, originals, criterion.features)
        feature = int(np.argmax(scores))
        criterion.add(feature)
        added.append(feature)
        k = len(criterion.features)
        if k not in best_values or beats(scores[feature], best_values[k]):
            best_sets[k], best_values[k] = tuple(criterion.features), float(scores[feature])
        else:
            criterion.reset(best_sets[k])
        while floating and k > 2:
            position, value = best_removal(criterion, originals)
            if not beats(value, best_values[k - 1]):
                break
            criterion.remove(position)
            k -= 1
            best_sets[k], best_values[k] = tuple(criterion.features), value
        if progress is not None:
            progress(max(best_sets) / max_features)
    return best_sets, best_values, added


def make_criterion(X, y, criterion, folds, groups, seed, tau, alpha=0.0, float32=True, root=None):
    """The SubsetCriterion object of `criterion` on samples X, y (every covariance S_c(alpha, tau));
    `float32`: k-fold CV candidates screened in float32 (same decisions as float64); `root`: on X / root
    (ridge units; read as they are copied where the criterion copies the samples anyway)."""
    labels, classes = class_indices(y)
    if criterion in CV_SCORES:
        if is_leave_one_out(folds) and groups is None:
            units = X if root is None else X / root
            return LeaveOneOut(units, classes, CV_SCORES[criterion], tau, alpha=alpha)
        fold = make_folds(y, folds, groups, seed)
        return CrossValidated(X, classes, fold, CV_SCORES[criterion], tau, pooled=is_leave_one_out(folds),
                              alpha=alpha, float32=float32, root=root)
    scatter = SampleScatter(X, classes, len(labels), root=root)
    separability = JeffriesMatusita if criterion == "jm" else KullbackLeibler
    return separability(priors(scatter), scatter.means, ScatterCovariances(scatter, tau, alpha=alpha),
                        full_floor(scatter))


def select_features(X, y, method="sfs", criterion="jm", max_features=None, folds=5, groups=None, seed=0,
                    tau=0.0, size_tolerance=1e-3, progress=None, is_canceled=None, alpha=0.0, float32=True,
                    ridge_scale=None):
    """Select up to `max_features` features of `X (n, d)` by SFS or SFFS, maximising `criterion`.

    criterion: 'jm' or 'kl' (prior-weighted pairwise separability of the model, no CV) or
    'accuracy', 'kappa', 'f1' (mean over `folds` CV folds, grouped by `groups` when given; folds="loo":
    of the one pooled confusion matrix of the n left-out predictions, leave-one-out in closed form,
    or leave-one-group-out with `groups`).
    Every covariance is S_c(alpha, tau) = (1 - alpha) S_c + alpha S_pooled + tau I (in a CV fold,
    S_pooled of the fold's training part; left out, of the n - 1 samples left). `float32` (k-fold CV):
    candidates scored in float32 first, every decision certified by a forward error bound or scored
    again in float64 (core/screening.py), so sets and values are those of float32=False, the pure
    float64 path. `progress(fraction)`
    and `is_canceled()` are optional callables; cancel raises `Canceled`. `ridge_scale` (band variances
    `(d,)`): the selection in ridge_units(X, ridge_scale), tau relative to these variances, the samples
    divided as they are copied (no copy of X in ridge units beside the criterion's own). Returns a
    SelectionResult.
    """
    check_choice(Text(QT_TRANSLATE_NOOP("GmmSelect", "method")), method, METHODS)
    check_choice(Text(QT_TRANSLATE_NOOP("GmmSelect", "criterion")), criterion, CRITERIA)
    X, y, _ = check_samples(X, y)
    root = check_ridge_scale(X, ridge_scale)
    tau = check_tau(tau)
    alpha = check_alpha(alpha)
    n_features = X.shape[1]
    notes = []
    if max_features is None:
        max_features = min(n_features, MAX_FEATURES)
    if not whole_number(max_features) or max_features < 1:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "max_features must be a whole number >= 1; got {count!r}"), count=max_features)
    if not 0 <= float(size_tolerance) < 1:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "size_tolerance is a relative tolerance from 0 (the best size) up to 1; got "
            "{value}"),
            value=size_tolerance)
    if max_features > n_features:
        notes.append(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "max_features {count} is more than the {features} features: selecting up to "
            "{features}"), count=max_features, features=n_features))
        warnings.warn(notes[-1], stacklevel=2)
        max_features = n_features
    # the products are thin (k x d, batched over classes and folds): BLAS threads would only compete
    # with each other and with the fold threads
    with single_threaded_blas():
        subset_criterion = make_criterion(X, y, criterion, folds, groups, seed, tau, alpha, float32, root)
        best_sets, best_values, added = sequential_selection(subset_criterion, int(max_features),
                                                             method == "sffs", progress, is_canceled,
                                                             original_features(X, root))
    return SelectionResult(method, criterion, best_sets, best_values, added, size_tolerance, notes)
