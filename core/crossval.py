"""k-fold cross-validation whose fold models are downdated from the full model, never refitted.

Fold v removes v_c samples of mean m_v from class c: mu' = (n mu - v m_v)/(n - v),
(n - v - 1) S' = (n - 1) S - (v - 1) S_v - n v/(n - v) (m_v - mu)(m_v - mu)', applied row by row
as rows are needed (scatter.DowndatedScatter; ClassStatistics.remove is the same update, dense).
The k-fold CV value of a criterion is the mean over folds of its value on each fold's test part.
Leave-one-out (folds = "loo") scores the n left-out predictions on one pooled confusion matrix:
one sample out at a time in closed form (leaveoneout: LeaveOneOut below), or with groups one
group out at a time (each group a fold, downdated as above).
"""

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from .criteria import cohen_kappa, confusion_matrices, mean_f1, overall_accuracy
from .folds import is_leave_one_out, make_folds
from .leaveoneout import LeftOutTerms, left_out_confusions, left_out_covariances
from .model import GaussianMixture, variance_floor
from .products import matmul
from .scatter import DowndatedScatter, SampleScatter, ScatterCovariances
from .screening import Float32Screen
from .updates import NestedCholesky, QuadraticForms, SubsetCriterion
from .validation import check_feature_indices, check_ridge_scale, check_samples, check_tau

#: Candidate scores of one chunk of test samples hold about this many numbers (1 MB in float32, an L2 cache;
#: a fold of 1000 samples x 252 candidates in one chunk): half as many give twice as many NumPy calls, each a
#: hand-over of the GIL between the fold threads (measured on 2 threads, 252 bands: 5-10% slower).
CHUNK_ELEMENTS = 262_144
#: Above this share of (class, sample) challengers every class is scored densely, below it pair by pair.
DENSE_SHARE = 0.2
#: A candidate left uncertain by the float32 screen on more than this share of a chunk's samples is scored
#: again in float64 on all of them.
WIDE_SHARE = 1 / 16
#: The float32 screen scores a fold's candidates where the classes are at least SCREEN_CLASSES and a chunk
#: holds at least SCREEN_ELEMENTS scores: it takes 12 float32 passes per class where float64 takes 8 (of
#: twice the bytes), and 8 more per chunk and its setup, so it gains with the classes and loses to NumPy's
#: cost per call on small chunks (README: selection screened in float32).
SCREEN_CLASSES = 8
SCREEN_ELEMENTS = CHUNK_ELEMENTS // 2
#: The share of challengers is estimated on every SAMPLE_STEP-th test sample.
SAMPLE_STEP = 8
#: Threads scoring folds side by side.
WORKERS = min(4, os.cpu_count() or 1)
#: Bytes of covariance rows the fold models of one batch may hold (every band: C d^2 doubles a model), so
#: that leave-one-group-out over many groups does not hold every fold's (560 groups of MUUFL's 751-band
#: spectra, 28 classes: 70 GB).
FOLD_ROWS_BYTES = 2**29
#: Test samples a fold of cross_validate scores at once (a whole number of decision_function's chunks).
TEST_ROWS = 16_384


@dataclass
class FoldModel:
    """The training part of one fold (counts, means, scatter rows) and the test samples it is scored on: the
    `rows` of `X`, in ridge units X / `root` where `root` is given, copied block by block as they are scored
    (`test_block`) so that no fold holds a copy of its test samples."""

    train: DowndatedScatter
    X: np.ndarray
    rows: np.ndarray
    test_classes: np.ndarray
    root: np.ndarray = None

    def __len__(self):
        return len(self.rows)

    def test_block(self, start, stop, features=None):
        """The test samples `start:stop` (on `features`, all by default), a copy `(m, k)` in ridge units, laid
        out as those rows of a copy of the fold's test samples, or its columns `features`, would be."""
        block, root = self.X[self.rows[start:stop]], self.root
        if features is not None:
            block, root = block[:, features], None if root is None else root[features]
        return block if root is None else np.divide(block, root, out=block)

    @property
    def test_samples(self):
        """All the test samples, a copy `(m, d)` in ridge units."""
        return self.test_block(0, len(self.rows))


def fold_models(X, classes, fold, n_classes, apply=map, full=None, folds=None, root=None, features=None):
    """The scatter of all samples (`full` when given) and the FoldModel of each fold (of `folds`, by default
    every one), downdated from it; `classes` are 0..C-1; `apply`: the map that builds the folds' models (a
    thread pool's builds them side by side); `root`: the samples are X / root (ridge units, copied row by
    row); `features`: the rows of the scatters the folds will serve, computed at once, the scatters then
    holding no copy of the samples (SampleScatter)."""
    full = SampleScatter(X, classes, n_classes, root=root, features=features) if full is None else full

    def model(v):
        test = np.flatnonzero(fold == v)
        part = SampleScatter(X, classes[test], n_classes, rows=test, root=root, features=features)
        return FoldModel(DowndatedScatter(full, part), X, test, classes[test], root)
    return full, list(apply(model, np.unique(fold) if folds is None else folds))


def fold_batches(fold, n_classes, n_features):
    """The folds of `fold` in batches whose models' covariance rows of every band fit FOLD_ROWS_BYTES (at
    least WORKERS folds a batch)."""
    folds = np.unique(fold)
    size = max(WORKERS, FOLD_ROWS_BYTES // (8 * n_classes * n_features ** 2))
    return [folds[start:start + size] for start in range(0, len(folds), size)]


def priors(scatter):
    """Class priors n_c / n of a scatter's counts."""
    return scatter.counts / scatter.counts.sum()


def full_floor(full):
    """The eigenvalue floor of the model of all samples (shared by every fold)."""
    return variance_floor(ScatterCovariances(full).diagonal)


def sample_runs(sizes, count):
    """The samples of folds of `sizes`, laid end to end and cut into `count` runs of sizes differing by at
    most one: each run a list of (fold, slice of its samples); a fold is cut at most count - 1 times."""
    starts = np.concatenate([[0], np.cumsum(sizes)])
    folds = list(enumerate(zip(starts[:-1], starts[1:])))
    cuts = np.linspace(0, starts[-1], count + 1).round().astype(np.intp)
    return [[(fold, slice(max(a, first) - first, min(b, last) - first))
             for fold, (first, last) in folds if max(a, first) < min(b, last)]
            for a, b in zip(cuts[:-1], cuts[1:])]


def class_indices(y):
    """Sorted labels and the index 0..C-1 of each sample's class."""
    labels, classes = np.unique(y, return_inverse=True)
    return labels, classes


def first_minimum(scores, index):
    """Index (dtype `index`) of the smallest of the class scores `scores` (arrays of one shape, in class
    order; the first is overwritten), the lowest class on ties: strict <, and max(class, c * better)
    sets c where it scores better: two vectorised passes where masked copies cost four times as much
    (and np.argmin over a strided class axis 2.5 times as much)."""
    scores = iter(scores)
    best = next(scores)
    first = np.zeros(best.shape, dtype=index)
    better = np.empty(best.shape, dtype=bool)
    for c, candidate in enumerate(scores, 1):
        np.less(candidate, best, out=better)
        np.minimum(best, candidate, out=best)
        np.maximum(first, better * index(c), out=first)
    return first


class CrossValidated(SubsetCriterion):
    """Mean over folds (or, `pooled`, of the summed confusion matrix) of accuracy, kappa or mean F1
    of the MAP rule restricted to the subset; `float32`: candidates screened in float32, with the
    decisions of float64 (screening)."""

    def __init__(self, X, classes, fold, score, tau=0.0, floor=None, pooled=False, alpha=0.0, float32=False,
                 root=None):
        n_classes = int(classes.max()) + 1
        self.workers = min(WORKERS, len(fold))
        self.pool = ThreadPoolExecutor(self.workers)
        full, models = fold_models(X, classes, fold, n_classes, self.pool.map, root=root)
        floor = full_floor(full) if floor is None else floor
        self.score = score
        self.pooled = pooled
        self.float32 = float32
        self.n_classes = n_classes
        self.folds = []
        for model in models:
            nested = NestedCholesky(ScatterCovariances(model.train, tau, alpha=alpha), floor)
            forms = QuadraticForms(model.test_samples, model.train.means)
            self.folds.append((nested, forms, 2 * np.log(priors(model.train)), model.test_classes))
        self.parts = [(nested, [forms]) for nested, forms, _, _ in self.folds]

    def _fold_score(self, log_priors, reference, logdets, quadratic_forms):
        """Confusion matrices per candidate from log-dets `(C, m)` and quadratic forms `(C, n, m)`.

        MAP: argmax_c Q_c = argmin_c q_c + log|S_c| - 2 log pi_c (the forms are overwritten).
        """
        quadratic_forms += logdets[:, None, :]
        quadratic_forms -= log_priors[:, None, None]
        predicted = np.argmin(quadratic_forms, axis=0)
        return confusion_matrices(reference, predicted.T, self.n_classes)

    def _combine(self, confusions):
        """The criterion of per-fold confusion matrices: of their sum if pooled, else the mean over folds."""
        if self.pooled:
            return self.score(sum(confusions))
        return sum(self.score(M) for M in confusions) / len(self.folds)

    def _part_added(self, fold, rows):
        """Confusion matrices of every candidate on one part (`rows`) of a fold's test samples."""
        nested, forms, log_priors, reference = fold
        predicted = FoldCandidates(nested, forms.part(rows), log_priors, self.float32).predictions()
        return confusion_matrices(reference[rows], predicted.T, self.n_classes)

    def _run_added(self, run):
        """(fold, confusion matrices of every candidate) of each part of a run of test samples."""
        return [(fold, self._part_added(self.folds[fold], rows)) for fold, rows in run]

    def _added(self):
        """The criterion over folds, run on the criterion's `workers` threads (NumPy releases the GIL in its
        kernels).

        The folds' test samples, end to end, are cut into one run per thread (sample_runs): the threads share
        the work evenly (5 whole folds on 2 threads would leave one idle for the fifth) with as few parts,
        and their small NumPy calls that hold the GIL, as can be; the threads live as long as the criterion.
        """
        confusions = [0] * len(self.folds)
        runs = sample_runs([len(fold[3]) for fold in self.folds], self.workers)
        for run in self.pool.map(self._run_added, runs):
            for fold, confusion in run:
                confusions[fold] = confusions[fold] + confusion
        return self._combine(confusions)

    def _removed(self):
        """The criterion over folds of F - g for every g in F (k candidates: scored densely)."""
        return self._combine(
            self._fold_score(log_priors, reference, nested.removed_logdets(), forms.removed(nested))
            for nested, forms, log_priors, reference in self.folds)


class LeaveOneOut(SubsetCriterion):
    """Accuracy, kappa or mean F1 of the n left-out MAP predictions (one pooled confusion matrix).

    Each sample is scored by its own class without it and by the other classes with S_pooled
    without it (leaveoneout): the factors of B_j = (1 - alpha) S_j + alpha kappa P + tau I and of
    G_c = (1 - alpha) M2_c/(n_c - 2) + alpha kappa P + tau I grow by the forward updates, and the
    forms of every candidate follow, a'S[F+f]^-1 b = a'S[F]^-1 b + e_a e_b / alpha(f). With alpha > 0
    the shifts u = x - mu_c are whitened under B_j beside x - mu_j. The samples are cut into WORKERS
    blocks scored on threads.
    """

    def __init__(self, X, classes, score, tau=0.0, floor=None, alpha=0.0):
        n_classes = int(classes.max()) + 1
        full = SampleScatter(X, classes, n_classes)
        floor = full_floor(full) if floor is None else floor
        self.score = score
        self.n_classes = n_classes
        self.tau = tau
        self.terms = LeftOutTerms(full.counts, alpha)
        others, own = left_out_covariances(full, tau, alpha)
        self.model = NestedCholesky(others, floor)
        self.own = NestedCholesky(own, floor)
        shifts = X - full.means[classes]
        self.blocks = [(QuadraticForms(X[rows], full.means), QuadraticForms(X[rows], full.means),
                        QuadraticForms(shifts[rows], np.zeros_like(full.means)) if alpha else None,
                        classes[rows]) for rows in np.array_split(np.arange(len(X)), WORKERS)]
        self.pool = ThreadPoolExecutor(WORKERS)
        model_forms = [forms for block in self.blocks for forms in block[:3:2] if forms is not None]
        self.parts = [(self.model, model_forms),
                      (self.own, [own_forms for _, own_forms, _, _ in self.blocks])]

    def candidates(self, block):
        """The LeftOutCandidates of one block of left-out samples at the current subset."""
        forms, own_forms, shifts, reference = block
        return LeftOutCandidates(self.model, forms, self.own, own_forms, reference, self.terms, shifts,
                                 self.tau)

    def _block_added(self, block):
        """Confusion matrices of every candidate on one block of left-out samples."""
        predicted = self.candidates(block).predictions()
        return confusion_matrices(block[3], predicted.T, self.n_classes)

    def _added(self):
        """The criterion of the pooled confusion matrix of every candidate (the blocks on the criterion's
        threads)."""
        return self.score(sum(self.pool.map(self._block_added, self.blocks)))

    def _block_removed(self, block):
        """Confusion matrices of F - g for every g in F on one block (scored densely).

        a'S[F-g]^-1 b = a'S[F]^-1 b - (S[F]^-1 a)_g (S[F]^-1 b)_g / beta_g for q, p and w alike.
        """
        forms, own_forms, shifts, reference = block
        samples = np.arange(len(reference))
        scores = forms.removed(self.model)
        if shifts is not None:
            solved = matmul(forms.whitened, self.model.inverse_factor)
            shifts_solved = matmul(shifts.whitened, self.model.inverse_factor)
            beta = np.diagonal(self.model.inverse(), axis1=1, axis2=2)[:, None, :]
            cross = np.einsum("bmk,bmk->bm", forms.whitened, shifts.whitened)[:, :, None]
            scores += self.terms.pooled_correction(reference[None, :, None],
                                                   cross - solved * shifts_solved / beta,
                                                   shifts.removed(self.model))
        scores += self.model.removed_logdets()[:, None, :]
        scores -= self.terms.log_priors[:, None, None]
        scores[reference, samples] = self.terms.negative_score(
            reference[:, None], own_forms.removed(self.own)[reference, samples],
            self.own.removed_logdets()[reference])
        return confusion_matrices(reference, np.argmin(scores, axis=0).T, self.n_classes)

    def _removed(self):
        """The criterion of the pooled confusion matrix of every F - g."""
        return self.score(sum(self._block_removed(block) for block in self.blocks))


class FoldCandidates:
    """MAP predictions of one fold's test samples for every candidate f, -Q_c(F+f) minimised over c.

    -Q_c(F+f)(x) = -Q_c(F)(x) + log alpha_c(f) + e_c(x, f)^2 / alpha_c(f) >= -Q_c(F)(x) + log alpha_c(f).
    Starting from the exact scores of each sample's current winner, a class is scored only where
    this lower bound does not exceed the best score so far: first per sample (with the smallest
    log alpha_c), then per (sample, candidate). The pruning is exact: the predictions equal the
    full argmin (the margin absorbs rounding).
    """

    def __init__(self, nested, forms, log_priors, float32=False):
        coupling, alpha = nested.schur()
        self.forms = forms
        self.float32 = float32
        self.regressed = forms.regression(coupling)
        self.inverse_alpha = 1.0 / alpha
        self.log_alpha = np.log(alpha)
        self.lower_log_alpha = self.log_alpha  # of the lower bound: the smallest log alpha a class can add
        self.log_weights = log_priors - nested.logdet  # 2 log pi_c - log|S_c[F]|
        self.current = self.log_weights[:, None] - forms.quad  # Q_c(F), (C, m)
        self.bounded = self.current  # -Q_c(F+f) >= -bounded + lower_log_alpha
        self.augmented = forms.predictors()

    def negative_scores(self, c, rows):
        """-Q_c(F+f) for the samples `rows` and every candidate f, `(len(rows), d)`."""
        e = matmul(self.augmented[c, rows], self.regressed[c])  # mu_f + z'l_f
        np.subtract(self.forms.points[rows], e, out=e)
        e *= e
        e *= self.inverse_alpha[c]
        e += self.log_alpha[c]
        e -= self.current[c, rows, None]
        return e

    def pair_scores(self, c, samples, candidates):
        """-Q_c(F+f) for the (sample, candidate) pairs given by two index arrays."""
        predicted = np.einsum("pk,pk->p", self.augmented[c, samples], self.regressed[c].T[candidates])
        e = self.forms.points[samples, candidates] - predicted
        e *= e * self.inverse_alpha[c, candidates]
        return e + self.log_alpha[c, candidates] - self.current[c, samples]

    def winner_scores(self, rows):
        """Each sample's current MAP class (at F) and its exact -Q(F+f) on every candidate."""
        winner = np.argmax(self.current[:, rows], axis=0)
        best = np.empty((len(winner), self.log_alpha.shape[1]))
        for c in np.unique(winner):
            at = np.flatnonzero(winner == c)
            best[at] = self.negative_scores(c, rows[at])
        return winner, best

    def challengers(self, rows, winner, best):
        """(class, sample) pairs of `rows` whose lower bound reaches the winner's worst score, and margins."""
        worst = best.max(axis=1)
        margin = 1e-9 * (np.abs(worst) + 1.0)
        bound = self.lower_log_alpha.min(axis=1)[:, None] - self.bounded[:, rows]  # (C, m)
        return (winner != np.arange(len(self.current))[:, None]) & (bound <= worst + margin), margin

    def predictions(self):
        """Class index `(m, d)` of argmax_c Q_c(F+f); ties to the lowest class index.

        The share of challengers, estimated on every SAMPLE_STEP-th sample, picks the dense or the
        pruned path.
        """
        every = np.arange(self.current.shape[1])
        sampled = every[::SAMPLE_STEP]
        if self.challengers(sampled, *self.winner_scores(sampled))[0].mean() > DENSE_SHARE:
            return self.dense_predictions()
        winner, best = self.winner_scores(every)
        best_class = np.repeat(winner[:, None], best.shape[1], axis=1)
        challengers, margin = self.challengers(every, winner, best)
        for c, rows in enumerate(challengers):
            rows = np.flatnonzero(rows)
            if rows.size == 0:
                continue
            for chunk in np.array_split(rows, rows.size * best.shape[1] // CHUNK_ELEMENTS + 1):
                self.challenge(c, chunk, best, best_class, margin[chunk])
        return best_class

    def dense_predictions(self):
        """Every class scored on every pair, in chunks of CHUNK_ELEMENTS scores; with `float32`, where it pays
        (SCREEN_CLASSES and SCREEN_ELEMENTS), screened in float32 (screening.Float32Screen) and the pairs it
        cannot certify scored again in float64."""
        n_classes = len(self.current)
        n_samples, n_candidates = self.current.shape[1], self.log_alpha.shape[1]
        index = np.min_scalar_type(n_classes - 1).type
        step = max(1, CHUNK_ELEMENTS // n_candidates)
        screened = (self.float32 and n_classes >= SCREEN_CLASSES
                    and min(n_samples, step) * n_candidates >= SCREEN_ELEMENTS)
        screen = Float32Screen(self) if screened else None
        best_class = np.empty((n_samples, n_candidates), dtype=index)
        for start in range(0, n_samples, step):
            rows = slice(start, start + step)
            if screen is None:
                best_class[rows] = self.dense_block(rows, index)
                continue
            best_class[rows], uncertain = screen.predictions(rows, index)
            self.settle(best_class[rows], uncertain, start)
        return best_class

    def settle(self, best_class, uncertain, start):
        """Score in float64 the pairs left `uncertain` `(m, d)` by the float32 screen in the chunk of samples
        from `start` (their classes `best_class`, in place): a candidate uncertain on more than WIDE_SHARE
        of the samples on all of them, the others on the block of samples and candidates they span."""
        wide = uncertain.sum(axis=0) > WIDE_SHARE * len(uncertain)
        if wide.any():
            columns = np.flatnonzero(wide)
            best_class[:, columns] = self.column_predictions(slice(start, start + len(uncertain)), columns)
            uncertain[:, columns] = False
        samples, columns = np.flatnonzero(uncertain.any(axis=1)), np.flatnonzero(uncertain.any(axis=0))
        if len(samples):
            best_class[np.ix_(samples, columns)] = self.column_predictions(start + samples, columns)

    def column_predictions(self, rows, columns):
        """Float64 class index `(m, n_columns)` of argmax_c Q_c(F+f) of the samples `rows` and candidates
        `columns` (an index array), every class at once: negative_scores's operations (a BLAS may round a
        subset's products apart from the whole's in the last bit, by its edge kernels: OpenBLAS 0.3.21's Zen
        kernels do, which can move only a decision tied in float64)."""
        e = matmul(self.augmented[:, rows], self.regressed[:, :, columns])
        np.subtract(self.forms.points[rows][:, columns], e, out=e)
        e *= e
        e *= self.inverse_alpha[:, None, columns]
        e += self.log_alpha[:, None, columns]
        e -= self.current[:, rows, None]
        return first_minimum(e, np.min_scalar_type(len(e) - 1).type)

    def dense_block(self, rows, index):
        """Float64 class index `(m, d)` of argmax_c Q_c(F+f) of the samples `rows`, the lowest on ties."""
        return first_minimum((self.negative_scores(c, rows) for c in range(len(self.current))), index)

    def challenge(self, c, rows, best, best_class, margin):
        """Give class c the (sample, candidate) pairs of `rows` where it scores better (in place)."""
        previous, classes = best[rows], best_class[rows]
        lower_bound = self.lower_log_alpha[c] - self.bounded[c, rows, None]
        at, candidates = np.nonzero(lower_bound <= previous + margin[:, None])
        scores = self.pair_scores(c, rows[at], candidates)
        before = previous[at, candidates]
        better = (scores < before) | ((scores == before) & (c < classes[at, candidates]))
        best[rows[at[better]], candidates[better]] = scores[better]
        best_class[rows[at[better]], candidates[better]] = c


class LeftOutCandidates(FoldCandidates):
    """FoldCandidates of left-out samples: each sample's own class scored by its left-out discriminant.

    -Q_c'(F+f) = s^2 m'/r' + log|G[F]| + log alpha_G(f) + log r' - 2 log(n_c - 1), m' = m(F+f),
    r' = 1 - g m'; it grows with m' (s^2 > g for n_c >= 3, g = h for n_c = 2), so -Q_c'(F) +
    log alpha_G(f) bounds it below. With shrinkage (`shifts`, the forms of u = x - mu_c under B_j)
    another class j adds the pooled correction h p^2/t + log t of S_j' = B_j - h u u'. Dropping
    e_x^2/alpha >= 0 and h p'^2/t' >= 0 (the floors on alpha and t' only raise the rest):
    -Q_j'(F+f) >= q + log|B_j[F]| + log alpha_f + log t' - 2 log n_j, and by the determinant lemma
    alpha_f t' / t = alpha'_f, the Schur complement of S_j'[F+f] (t = 1 - h w(F) unfloored; where
    it is not > 0 the class is always scored), >= tau since S_j' = (1 - alpha) S_j + alpha P' + tau I
    >= tau I in the Loewner order (the floors of B_j's factor add to its diagonal only). So
    -Q_j'(F+f) >= q + log|B_j[F]| + log t - 2 log n_j + log tau (`bounded`), and the pruning of
    FoldCandidates stays exact with min(log tau, log alpha_G) on every candidate outside F (the
    members' J is discarded: they keep each sample's current winner); without a ridge (tau = 0)
    no class is pruned.
    """

    def __init__(self, nested, forms, own_nested, own_forms, own_classes, terms, shifts=None, tau=0.0):
        super().__init__(nested, forms, terms.log_priors)
        coupling, alpha = own_nested.schur()
        samples = np.arange(len(own_classes))
        self.terms = terms
        self.own_classes = own_classes
        self.own_regressed = own_forms.regression(coupling)
        self.own_inverse_alpha = 1.0 / alpha
        self.own_log_alpha = np.log(alpha)
        self.own_logdet = own_nested.logdet
        self.own_quad = own_forms.quad[own_classes, samples]  # m(F) of each sample under its own G
        self.own_predictors = own_forms.predictors()[own_classes, samples]
        self.shifts = shifts
        self.lower_log_alpha = np.minimum(self.log_alpha, self.own_log_alpha)
        if shifts is not None:
            self.shrink(nested, forms, tau)
        own = -terms.negative_score(own_classes, self.own_quad, self.own_logdet[own_classes])
        self.current[own_classes, samples] = own
        self.bounded[own_classes, samples] = own

    def shrink(self, nested, forms, tau):
        """With shrinkage: the other classes' -Q_j'(F) with the pooled correction, and their bound
        (`bounded`: without h p^2/t, log t unfloored, infinite where t <= 0; plus log tau)."""
        self.logdet = nested.logdet
        self.cross = np.einsum("bmk,bmk->bm", forms.whitened, self.shifts.whitened)  # p(F), (C, m)
        ratio = 1.0 - self.terms.pooled_downdate[self.own_classes] * self.shifts.quad  # t = 1 - h w
        with np.errstate(divide="ignore", invalid="ignore"):
            self.bounded = np.where(ratio > 0, self.current - np.log(ratio), np.inf)
            self.lower_log_alpha = np.minimum(self.own_log_alpha, np.log(tau))
        self.lower_log_alpha[:, nested.features] = np.inf  # J(F+g), g in F, is discarded
        self.current = self.current - self.terms.pooled_correction(self.own_classes, self.cross,
                                                                   self.shifts.quad)

    def pooled_scores(self, c, samples, e, shift, log_alpha):
        """-Q_c'(F+f) with shrinkage from the scaled residuals e = (x_f - mu_f - z'l_f)/sqrt(alpha) and
        shift = (u_f - z_u'l_f)/sqrt(alpha) (overwritten): q, p and w of F+f are q + e^2, p + e shift
        and w + shift^2. `samples` index the left-out samples, broadcasting with e."""
        cross = e * shift
        cross += self.cross[c, samples]
        e *= e
        e += self.forms.quad[c, samples]
        shift *= shift
        shift += self.shifts.quad[c, samples]
        e += self.terms.pooled_correction(self.own_classes[samples], cross, shift)
        e += self.logdet[c] - self.terms.log_priors[c]
        e += log_alpha
        return e

    def shrunk_scores(self, c, rows):
        """-Q_c'(F+f) of left-out samples `rows` of other classes than c, with shrinkage, every f."""
        root = np.sqrt(self.inverse_alpha[c])
        e = matmul(self.augmented[c, rows], self.regressed[c])
        np.subtract(self.forms.points[rows], e, out=e)
        e *= root
        shift = matmul(self.shifts.whitened[c, rows], self.regressed[c, :-1])
        np.subtract(self.shifts.points[rows], shift, out=shift)
        shift *= root
        samples = np.arange(len(self.own_classes))[rows][:, None]
        return self.pooled_scores(c, samples, e, shift, self.log_alpha[c])

    def shrunk_pair_scores(self, c, samples, candidates):
        """-Q_c'(F+f) with shrinkage for (sample, candidate) pairs given by two index arrays."""
        root = np.sqrt(self.inverse_alpha[c, candidates])
        regressed = self.regressed[c].T[candidates]
        e = self.forms.points[samples, candidates]
        e = (e - np.einsum("pk,pk->p", self.augmented[c, samples], regressed)) * root
        shift = self.shifts.points[samples, candidates]
        shift = (shift - np.einsum("pk,pk->p", self.shifts.whitened[c, samples], regressed[:, :-1])) * root
        return self.pooled_scores(c, samples, e, shift, self.log_alpha[c, candidates])

    def own_scores(self, c, samples, e, inverse_alpha, log_alpha):
        """-Q_c'(F+f) of samples of class c from their residuals e = x_f - mu_f - z'l_f (in place)."""
        e *= e
        e *= inverse_alpha
        e += self.own_quad[samples].reshape(samples.shape + (1,) * (e.ndim - 1))
        return self.terms.negative_score(c, e, self.own_logdet[c] + log_alpha)

    def negative_scores(self, c, rows):
        """-Q_c(F+f) for the samples `rows` and every candidate f; left-out for the samples of class c."""
        scores = super().negative_scores(c, rows) if self.shifts is None else self.shrunk_scores(c, rows)
        rows = np.arange(len(self.own_classes))[rows]
        at = np.flatnonzero(self.own_classes[rows] == c)
        if at.size:
            samples = rows[at]
            e = matmul(self.own_predictors[samples], self.own_regressed[c])
            np.subtract(self.forms.points[samples], e, out=e)
            scores[at] = self.own_scores(c, samples, e, self.own_inverse_alpha[c], self.own_log_alpha[c])
        return scores

    def pair_scores(self, c, samples, candidates):
        """-Q_c(F+f) for (sample, candidate) pairs; left-out for the samples of class c."""
        if self.shifts is None:
            scores = super().pair_scores(c, samples, candidates)
        else:
            scores = self.shrunk_pair_scores(c, samples, candidates)
        at = np.flatnonzero(self.own_classes[samples] == c)
        if at.size:
            mine, chosen = samples[at], candidates[at]
            predicted = np.einsum("pk,pk->p", self.own_predictors[mine], self.own_regressed[c].T[chosen])
            e = self.forms.points[mine, chosen] - predicted
            scores[at] = self.own_scores(c, mine, e, self.own_inverse_alpha[c, chosen],
                                         self.own_log_alpha[c, chosen])
        return scores


@dataclass
class CrossValidation:
    """Cross-validated accuracy of a model: pooled confusion matrix and means over folds.

    Leave-one-out (`leave_one_out`): `folds` is the number of parts left out (samples or groups)
    and accuracy, kappa and f1 are those of the pooled confusion matrix.
    """

    labels: np.ndarray
    confusion: np.ndarray
    accuracy: float
    kappa: float
    f1: float
    folds: int
    grouped: bool
    leave_one_out: bool = False


def cross_validate(X, y, tau=0.0, features=None, folds=5, groups=None, seed=0, alpha=0.0, ridge_scale=None):
    """k-fold CV of the MAP rule on `features` (all by default), fold models by downdate, covariances
    shrunk by `alpha` toward each fold's pooled covariance.

    Returns the confusion matrix pooled over folds (rows = reference) and the mean over folds
    of overall accuracy, kappa and mean F1. folds = "loo": leave-one-out in closed form (with
    `groups`, leave-one-group-out), accuracy, kappa and mean F1 of the one pooled confusion matrix
    of the n left-out predictions. `ridge_scale` (band variances `(d,)`): the CV in ridge_units(X,
    ridge_scale), tau relative to these variances, the samples divided as they are read (no copy of X);
    k-fold (or leave-one-group-out) holds one copy of one class's (or fold's) samples at a time and scores
    the test samples in blocks of about TEST_ROWS.
    """
    X, y, labels = check_samples(X, y)
    tau = check_tau(tau)
    root = check_ridge_scale(X, ridge_scale)
    _, classes = class_indices(y)
    fold = make_folds(y, folds, groups, seed)
    features = check_feature_indices(features, X.shape[1])
    if is_leave_one_out(folds) and groups is None:
        floor = full_floor(SampleScatter(X, classes, len(labels), root=root, features=()))
        subset = X[:, features]
        if root is not None:
            subset /= root[features]
        scatter = SampleScatter(subset, classes, len(labels), features=range(len(features)))
        per_fold = left_out_confusions(subset, classes, scatter, np.array([float(tau)]), floor, alpha)
    else:
        full = SampleScatter(X, classes, len(labels), root=root, features=features)
        floor = full_floor(full)
        per_fold = []
        for batch in fold_batches(fold, len(labels), len(features)):
            for model in fold_models(X, classes, fold, len(labels), full=full, folds=batch, root=root,
                                     features=features)[1]:
                train = model.train
                mixture = GaussianMixture(labels, priors(train), train.means[:, features],
                                          ScatterCovariances(train, alpha=alpha).dense(features), tau,
                                          floor=floor)
                # blocks of whole chunks of decision_function: each sample scored as in one call
                step = max(1, TEST_ROWS // mixture.chunk_samples()) * mixture.chunk_samples()
                predicted = np.concatenate([
                    np.argmax(mixture.decision_function(model.test_block(start, start + step, features)),
                              axis=1) for start in range(0, len(model), step)])
                per_fold.append(confusion_matrices(model.test_classes, predicted, len(labels)))
        per_fold = np.array(per_fold)
    n_folds = len(per_fold) if not is_leave_one_out(folds) else int(fold.max()) + 1
    if is_leave_one_out(folds):
        per_fold = per_fold.sum(axis=0, keepdims=True)
    return CrossValidation(labels, per_fold.sum(axis=0), float(overall_accuracy(per_fold).mean()),
                           float(cohen_kappa(per_fold).mean()), float(mean_f1(per_fold).mean()),
                           n_folds, groups is not None, is_leave_one_out(folds))
