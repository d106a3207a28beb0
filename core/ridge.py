"""Shrinkage alpha and ridge tau of S_c(alpha, tau) = (1 - alpha) S_c + alpha S_pooled + tau I chosen
by k-fold (or leave-one-out) cross-validation over an (alpha, tau) grid.

A relative ridge tau R, R = diag(r) with r the pooled within-class variance of each band
(`band_variances`), is the ridge tau I of the bands divided by sqrt(r): with D = diag(sqrt(r)),
D^-1 (B + tau R) D^-1 = D^-1 B D^-1 + tau I, and the quadratic forms, the MAP rule and the posteriors
do not change with the units (log|D B D| only adds the same constant to every class). So a
relative search is this search on the samples in `ridge_units`, over RELATIVE_TAU_GRID.

For one alpha, B = (1 - alpha) S_c + alpha S_pooled = V diag(lambda) V' and
B + tau I = V diag(lambda + tau) V': one eigen decomposition per class, fold and alpha serves every tau,
(x - mu)'(B + tau I)^-1 (x - mu) = sum_i p_i^2 / (lambda_i + tau) with p = V'(x - mu),
so the quadratic forms of all taus are one product (p^2) @ 1/(lambda + tau). The blend changes the
eigenvectors with alpha, so each alpha needs its own decomposition.
"""

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from .choices import TAU_CRITERIA
from .criteria import CV_SCORES, confusion_matrices
from .crossval import WORKERS, class_indices, fold_batches, fold_models, full_floor, priors
from .errors import Canceled
from .folds import fixed_seed, is_leave_one_out, make_folds
from .leaveoneout import left_out_confusions
from .products import matmul
from .scatter import SampleScatter, ScatterCovariances, check_alpha
from .texts import QT_TRANSLATE_NOOP, InputError, Text
from .threads import single_threaded_blas
from .validation import check_choice, check_ridge_scale, check_samples

#: Test samples of a fold scored at once (their `(n, T)` scores: 2 MB for 16 taus), so that each thread
#: of the search holds a few MB whatever the number of samples.
TEST_BLOCK = 16_384


@dataclass
class TauResult:
    """The (alpha, tau) grid, its CV criterion `surface (A, T)`, the chosen alpha and tau (first best in
    grid order: smallest alpha, then smallest tau) and `values`, the row of the chosen alpha; `folds`
    counts the parts left out (of one repetition; under leave-one-out, the samples or groups), `repeats`
    the assignments to folds averaged; `relative`: the taus are relative (ridge tau R)."""

    grid: np.ndarray
    values: np.ndarray
    tau: float
    criterion: str
    folds: int
    alpha: float = 0.0
    alphas: np.ndarray = field(default_factory=lambda: np.zeros(1))
    surface: np.ndarray = None
    relative: bool = False
    repeats: int = 1

    def __post_init__(self):
        if self.surface is None:
            self.surface = np.asarray(self.values)[None, :]

    @classmethod
    def of_surface(cls, alphas, grid, surface, criterion, folds, repeats=1, relative=False):
        """The result of a CV surface `(A, T)`: the first best cell in row-major order."""
        row, column = np.unravel_index(np.argmax(surface), surface.shape)
        return cls(grid, surface[row], float(grid[column]), criterion, folds, float(alphas[row]), alphas,
                   surface, relative=relative, repeats=repeats)


#: The exponents e of the default grids: 0 and s * 10^e (absolute tau), 0 and 10^e (relative tau).
TAU_EXPONENTS = np.arange(-7.0, 0.25, 0.5)
#: The default grid of a relative tau: fractions of each band's pooled within-class variance.
RELATIVE_TAU_GRID = np.concatenate([[0.0], 10.0 ** TAU_EXPONENTS])


def default_tau_grid(X, y, root=None):
    """0 and s * 10^e, e = -7, -6.5, ..., 0, where s is the mean band variance within the classes (of
    X / root where `root` is given).

    Scaled by s, the grid fits 8-bit digital numbers and reflectances in [0, 1] alike.
    """
    X, y, labels = check_samples(X, y)
    variances = np.array([class_variances(X, y == label, root).mean() for label in labels])
    scale = variances.mean() if variances.mean() > 0 else 1.0
    return np.concatenate([[0.0], scale * 10.0 ** TAU_EXPONENTS])


def class_variances(X, members, root=None):
    """X[members].var(axis=0, ddof=1), of X / root where `root` is given, with one copy of the class's
    samples: NumPy's steps (np.var: the sum, divided; the deviations squared, summed, divided) in place."""
    samples = X[members]
    if root is not None:
        samples /= root
    mean = np.add.reduce(samples, axis=0, keepdims=True)
    np.true_divide(mean, len(samples), out=mean)
    samples -= mean
    np.multiply(samples, samples, out=samples)
    total = np.add.reduce(samples, axis=0)
    return np.true_divide(total, len(samples) - 1, out=total)


def band_variances(X, y):
    """r_j = sum_c sum_(i in c) (x_ij - mu_cj)^2 / (n - C), the diagonal of S_pooled: the scale of a relative
    ridge. A band constant within every class takes the mean of the others' (1 if every band is)."""
    X, y, labels = check_samples(X, y)
    means = np.array([X[y == label].mean(axis=0) for label in labels])
    variances = within_squares(X, means, np.searchsorted(labels, y)) / (len(y) - len(labels))
    positive = variances > 0
    return np.where(positive, variances, variances[positive].mean() if positive.any() else 1.0)


def within_squares(X, means, index):
    """sum_i (x_ij - mu_(c_i)j)^2 of every band j, samples `X (n, d)` of classes `index` with `means (C, d)`:
    np.einsum("ij,ij->j") of the centred samples, TEST_BLOCK rows at a time, with the bits of one call.

    That call adds the products row after row into its output, from 0: NumPy's iterator runs the bands
    inside and the rows outside (the output's stride 0 along the rows keeps the two axes apart), and its
    kernel adds each band's product to its own output. The centred copy is C-contiguous whatever the layout
    of X (the gathered means are; NumPy lays out a result as its operands are where they agree, else in C
    order). So each block starts from the total so far, as a first row of its own times a row of ones
    (0 + total x 1 = total, exactly), and adds its rows in their order: the sums of the single call, in the
    same order. With one band (one axis: NumPy's kernel then adds in an order of its own), the single call
    itself, on a centred copy."""
    n, d = X.shape
    if d < 2:
        centred = X - means[index]
        return np.einsum("ij,ij->j", centred, centred)
    left, right = np.empty((TEST_BLOCK + 1, d)), np.empty((TEST_BLOCK + 1, d))
    right[0] = 1.0
    total = np.zeros(d)
    for start in range(0, n, TEST_BLOCK):
        rows = slice(start, start + TEST_BLOCK)
        m = len(index[rows])
        left[0] = total
        np.subtract(X[rows], means[index[rows]], out=left[1:m + 1])
        right[1:m + 1] = left[1:m + 1]
        total = np.einsum("ij,ij->j", left[:m + 1], right[:m + 1])
    return total


def ridge_units(X, ridge_scale):
    """The samples `X (n, d)` divided by the square root of `ridge_scale` (None: unchanged), in which the
    relative ridge tau diag(ridge_scale) is tau I."""
    return X if ridge_scale is None else X / np.sqrt(ridge_scale)


def check_grid(grid):
    """The grid as a sorted 1-D float array of finite taus >= 0, or ValueError."""
    grid = np.atleast_1d(np.asarray(grid, dtype=np.float64))
    if grid.ndim != 1 or len(grid) == 0:
        raise InputError(QT_TRANSLATE_NOOP("GmmSelect", "the tau grid must be a non-empty list of numbers"))
    if not np.all(np.isfinite(grid)) or np.any(grid < 0):
        raise InputError(QT_TRANSLATE_NOOP("GmmSelect", "every tau must be a finite number >= 0; got {taus}"),
                         taus=grid.tolist())
    return np.unique(grid)


def check_alphas(alphas):
    """The shrinkage grid as a sorted 1-D float array of values in [0, 1], or ValueError."""
    alphas = np.atleast_1d(np.asarray(alphas, dtype=np.float64))
    if alphas.ndim != 1 or len(alphas) == 0:
        raise InputError(QT_TRANSLATE_NOOP("GmmSelect", "the alpha grid must be a non-empty list of numbers"))
    return np.unique([check_alpha(alpha) for alpha in alphas])


def fold_tau_confusions(model, grid, floor, alpha=0.0):
    """Confusion matrices `(T, C, C)` of one fold's test part for every tau of the grid, at shrinkage
    alpha: one eigen decomposition per class, then the test samples block by block."""
    eigenvalues, eigenvectors = np.linalg.eigh(ScatterCovariances(model.train, alpha=alpha).dense())
    ridged = np.maximum(eigenvalues[:, :, None] + grid, floor)
    constants = 2 * np.log(priors(model.train))[:, None] - np.log(ridged).sum(axis=1)
    confusions = np.zeros((len(grid), len(eigenvalues), len(eigenvalues)))
    for start in range(0, len(model), TEST_BLOCK):
        predicted = map_classes(model.test_block(start, start + TEST_BLOCK), model.train.means, eigenvectors,
                                1.0 / ridged, constants)
        confusions += confusion_matrices(model.test_classes[start:start + TEST_BLOCK], predicted.T,
                                         len(eigenvalues))
    return confusions


def map_classes(samples, means, eigenvectors, inverses, constants):
    """argmax_c of Q_c = constant_c(tau) - sum_i p_i^2 / (lambda_ci + tau), p = V_c'(x - mu_c), `(n, T)` for
    every tau; kept class by class (the first of equal scores, as argmax)."""
    best = np.full((len(samples), inverses.shape[2]), -np.inf)
    predicted = np.zeros(best.shape, dtype=np.intp)
    for c, (mean, vectors, inverse, constant) in enumerate(zip(means, eigenvectors, inverses, constants)):
        projected = matmul(samples - mean, vectors)
        score = constant - matmul(projected**2, inverse)
        better = score > best
        best[better] = score[better]
        predicted[better] = c
    return predicted


def select_tau(X, y, grid=None, criterion="kappa", folds=5, groups=None, seed=0, progress=None,
               is_canceled=None, alphas=(0.0,), repeats=1, ridge_scale=None):
    """(alpha*, tau*) = argmax over the grid `alphas` x `grid` of the k-fold CV criterion (accuracy,
    kappa or f1; the mean over the folds of `repeats` assignments of the samples, or groups, to folds,
    seeds seed, seed + 1, ...: repetitions make the choice depend less on one draw of the folds, Kim
    2009, Comput. Stat. Data Anal. 53(11)); ties: smallest alpha, then smallest tau. The default
    `alphas` (0,) is the ridge alone.

    folds = "loo": the criterion of the one pooled confusion matrix of the n left-out predictions
    (leave-one-out in closed form, leaveoneout, exact: S_pooled of the n - 1 samples left; with
    `groups`, leave-one-group-out, S_pooled of each fold's training part), one repetition whatever
    `repeats`.

    `ridge_scale` (band variances `(d,)`, e.g. band_variances): the search in ridge_units(X, ridge_scale),
    its taus relative to these variances (`relative` set; by default over RELATIVE_TAU_GRID, the fractions of
    each band's variance), the samples divided as they are read (no copy of X is made). The
    search holds the scatter rows and, at a time, one copy of one class's (or fold's) samples and blocks
    of TEST_BLOCK test samples.
    """
    check_choice(Text(QT_TRANSLATE_NOOP("GmmSelect", "criterion for the tau search")), criterion,
                 TAU_CRITERIA)
    X, y, labels = check_samples(X, y)
    root = check_ridge_scale(X, ridge_scale)
    if grid is None:
        grid = default_tau_grid(X, y) if root is None else RELATIVE_TAU_GRID.copy()
    else:
        grid = check_grid(grid)
    alphas = check_alphas(alphas)
    repeats = check_repeats(repeats)
    if not fixed_seed(seed):  # the repetitions' seeds are seed, seed + 1...
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "select_tau's seed must be a whole number >= 0 (its repetitions draw their folds "
            "with seed, seed + 1...); got {seed!r}"), seed=seed)
    _, classes = class_indices(y)
    score = CV_SCORES[criterion]
    with ThreadPoolExecutor(WORKERS) as pool, single_threaded_blas():
        full = SampleScatter(X, classes, len(labels), root=root, features=range(X.shape[1]), apply=pool.map)
        floor = full_floor(full)
        if is_leave_one_out(folds) and groups is None:
            units = X if root is None else X / root
            confusions = on_threads(pool, lambda alpha: left_out_confusions(
                units, classes, full, grid, floor, alpha), alphas, progress, is_canceled)
            return TauResult.of_surface(alphas, grid, score(confusions), criterion, len(y),
                                        relative=root is not None)
        pooled = is_leave_one_out(folds)
        seeds = range(seed, seed + (1 if pooled else repeats))
        surfaces = []
        for done, repeat in enumerate(seeds):  # one batch of one repetition's fold models in memory at a time
            fold = make_folds(y, folds, groups, repeat)
            batches = fold_batches(fold, len(labels), X.shape[1])
            confusions = []
            for part, batch in enumerate(batches):
                models = fold_models(X, classes, fold, len(labels), pool.map, full, batch, root,
                                     range(X.shape[1]))[1]
                cells = [(model, alpha) for model in models for alpha in alphas]
                confusions.append(on_threads(
                    pool, lambda cell: fold_tau_confusions(cell[0], grid, floor, cell[1]), cells,
                    part_of(part_of(progress, done, len(seeds)), part, len(batches)), is_canceled))
                models = cells = None  # this batch's scatter rows go before the next batch's come
            confusions = np.concatenate(confusions)
            confusions = confusions.reshape(-1, len(alphas), *confusions.shape[1:])
            surfaces.append(score(confusions.sum(axis=0)) if pooled else np.mean(score(confusions), axis=0))
    return TauResult.of_surface(alphas, grid, np.mean(surfaces, axis=0), criterion, len(confusions),
                                len(seeds), relative=root is not None)


def part_of(progress, done, parts):
    """The progress callable of part `done` of `parts` equal parts of a task reporting to `progress`."""
    return None if progress is None else lambda fraction: progress((done + fraction) / parts)


def check_repeats(repeats):
    """The number of repetitions of k-fold CV as an int >= 1, or ValueError."""
    if isinstance(repeats, bool) or int(repeats) != repeats or repeats < 1:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the repetitions of the cross-validation must be a whole number >= 1; got "
            "{repeats!r}"), repeats=repeats)
    return int(repeats)


def on_threads(pool, work, items, progress, is_canceled):
    """`work` of every item on the pool's threads (NumPy and LAPACK release the GIL), stacked in order;
    progress reported and cancellation checked here, between the items as they finish."""
    def checked(item):
        if is_canceled is not None and is_canceled():
            raise Canceled("tau search canceled")
        return work(item)

    results = []
    for done in pool.map(checked, items):
        results.append(done)
        if progress is not None:
            progress(len(results) / len(items))
    return np.array(results)
