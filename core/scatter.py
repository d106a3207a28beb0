"""Scatter and covariance matrices read row by row, each row computed when its feature is first used.

Selecting k of d features then costs O(n d k) instead of O(n d^2), and no d x d matrix is held
per class and fold (751-band spectra, 28 classes, 5 folds would need 630 MB). The fold downdate
is Chan's update solved for the training part, applied to the rows:
M2'[f, :] = M2[f, :] - M2_v[f, :] - w delta_f delta,  w = n v / (n - v),  delta = m_v - mu'.
"""

import numpy as np

from .products import matmul
from .stats import chan_terms
from .texts import QT_TRANSLATE_NOOP, InputError


class SampleScatter:
    """Rows M2_c[f, :] = sum_{x in c} (x_f - mu_cf)(x - mu_c) of the scatter matrices of classes 0..C-1.

    The samples are the `rows` of `X` (all of them by default; `classes` gives each one's class), in ridge
    units X / `root` where `root` is given (validation.check_ridge_scale: each row divided as it is copied,
    the same numbers as a copy of X / root, without one). `features` None: every class's samples are held,
    each row computed when it is first asked for; else the rows of these `features` are computed at once
    (by `apply`, e.g. a thread pool's map), one class's samples copied at a time, and only the rows are
    held."""

    def __init__(self, X, classes, n_classes, rows=None, root=None, features=None, apply=map):
        self.counts = np.bincount(classes, minlength=n_classes).astype(np.float64)
        order = np.argsort(classes, kind="stable")
        bounds = np.concatenate([[0], np.cumsum(self.counts).astype(np.intp)])
        taken = order if rows is None else rows[order]
        features = None if features is None else [int(f) for f in features]
        # each class's samples as columns (d, n_c), views of a copy sorted by class (a gather of whole rows: a
        # gather of columns costs 20 times as much; np.take half as much as X[order]): a row of M2 is one
        # matrix-vector product
        self.centred = self._blocks = None
        if features is None:
            samples = class_samples(X, taken, root)
            self.centred = [samples[a:b].T for a, b in zip(bounds[:-1], bounds[1:])]
            if equal_classes(self.counts):
                self._init_blocks(samples)
                return
        means, diagonals, class_rows = [], [], []
        for k, (a, b) in enumerate(zip(bounds[:-1], bounds[1:])):
            c = self.centred[k] if features is None else class_columns(X, taken[a:b], root, [0, b - a])[0]
            means.append(np.add.reduce(c, axis=1) / c.shape[1] if c.shape[1] else np.zeros(X.shape[1]))
            c -= means[-1][:, None]
            diagonals.append(np.einsum("dn,dn->d", c, c))
            if features is not None:
                class_rows.append(list(apply(lambda f, c=c: matmul(c, c[f]), features)))
            c = None  # this class's copy goes before the next class's comes
        self.means, self.diagonal = np.array(means), np.array(diagonals)
        self._rows = {} if features is None else {
            f: np.array([rows[k] for rows in class_rows]) for k, f in enumerate(features)}

    def _init_blocks(self, samples):
        """Classes of one size: the means, centring, diagonal and rows of every class in one call each, on the
        copy `samples` (sorted by class) as a stack `(C, n_c, d)`; the same operations on the same numbers as
        class by class (np.mean is the sum over the samples, one after the other, divided by n_c)."""
        blocks = samples.reshape(len(self.counts), int(self.counts[0]), -1)
        self.means = np.add.reduce(blocks, axis=1) / blocks.shape[1]
        blocks -= self.means[:, None, :]
        self.diagonal = np.einsum("cnd,cnd->cd", blocks, blocks)
        self._blocks = blocks.transpose(0, 2, 1)  # each class's samples as columns (d, n_c), as `centred`
        self._rows = {}

    def row(self, feature):
        """M2_c[feature, :] of every class, `(C, d)` (cached)."""
        if feature not in self._rows:
            if self._blocks is not None:  # one matrix-vector product per class, in one call
                self._rows[feature] = matmul(self._blocks, self._blocks[:, feature, :, None])[:, :, 0]
            else:
                self._rows[feature] = np.array([matmul(c, c[feature]) for c in self.centred])
        return self._rows[feature]

    def rows(self, features, columns=slice(None)):
        """M2_c[F, columns], `(C, k, m)`."""
        if len(features) == 0:
            return np.zeros((len(self.counts), 0) + self.diagonal[:, columns].shape[1:])
        return np.stack([self.row(f)[:, columns] for f in features], axis=1)


def equal_classes(counts):
    """True where every class has the same number of samples, at least one."""
    return len(counts) > 0 and counts[0] > 0 and bool(np.all(counts == counts[0]))


def class_samples(X, taken, root):
    """The samples `taken` (rows of X, sorted by class) copied `(n, d)`, divided by `root` where given (in
    place). np.take copies X in C order first where it is not (all of it, for each class): there X[taken], the
    same rows laid out alike."""
    by_class = np.take(X, taken, axis=0) if X.flags.c_contiguous else X[taken]
    if root is not None:
        by_class /= root
    return by_class


def class_columns(X, taken, root, bounds):
    """The samples `taken` (rows of X, sorted by class) copied (class_samples) as each class's columns
    `(d, n_c)`, views of the copy, the classes between `bounds`."""
    by_class = class_samples(X, taken, root)
    return [by_class[a:b].T for a, b in zip(bounds[:-1], bounds[1:])]


class DowndatedScatter:
    """Scatter rows of a sample set without a part of it (a fold's training part), from the two sets' rows."""

    def __init__(self, whole, part):
        self.whole, self.part = whole, part
        self.counts, self.means, self.weight, self.delta = chan_terms(
            whole.counts, whole.means, part.counts, part.means, -1)
        self.diagonal = whole.diagonal - part.diagonal - self.weight[:, None] * self.delta**2

    def rows(self, features, columns=slice(None)):
        """M2'[F, columns] = M2[F, columns] - M2_v[F, columns] - w delta_F delta_columns', `(C, k, m)`."""
        features = list(features)
        weighted = self.weight[:, None] * self.delta[:, features]
        correction = weighted[:, :, None] * self.delta[:, None, columns]
        return self.whole.rows(features, columns) - self.part.rows(features, columns) - correction


class ScatterCovariances:
    """Rows of the blend (1 - alpha) M2_c[f, :] / divisor_c + alpha P[f, :] + tau e_f from a scatter.

    The divisors are n_c - 1 by default (the unbiased covariances S_c); P = sum_c M2_c / (n - C) is
    the pooled covariance of the scatter's own counts (in a fold: of its training part). The blend is
    element-wise, so its rows over a subset are the subset's blend. Leave-one-out passes its own
    divisors (leaveoneout.left_out_divisors; an infinite divisor gives the zero scatter of a class of
    one sample) and the pooled divisor n - C - 1 of the samples left.
    """

    def __init__(self, scatter, tau=0.0, divisors=None, alpha=0.0, pooled_divisor=None):
        self.scatter, self.tau, self.alpha = scatter, tau, check_alpha(alpha)
        if np.any(scatter.counts < 2):
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "every class needs at least two samples for a covariance"))
        self.divisors = scatter.counts - 1 if divisors is None else divisors
        n_left = scatter.counts.sum() - len(scatter.counts)
        self.pooled_divisor = n_left if pooled_divisor is None else pooled_divisor
        self.diagonal = self._blend(scatter.diagonal) + tau
        self._last = None, None

    def __len__(self):
        return len(self.divisors)

    def _blend(self, scatter_rows):
        """(1 - alpha) M2_c / divisor_c + alpha sum_c M2_c / (n - C) of scatter values `(C, ...)`."""
        shape = (-1,) + (1,) * (scatter_rows.ndim - 1)
        blend = scatter_rows / self.divisors.reshape(shape)
        if self.alpha:
            blend *= 1 - self.alpha
            blend += self.alpha * scatter_rows.sum(axis=0) / self.pooled_divisor
        return blend

    def rows(self, features, columns=slice(None)):
        """Sigma_c[F, columns], `(C, k, m)`. The rows of one feature on every column are kept until another
        feature's are asked for (a JM step reads them for the classes and for their pairs): not to be
        written."""
        features = list(features)
        whole = len(features) == 1 and isinstance(columns, slice) and columns == slice(None)
        last = self._last  # read once: threads of a CV may ask for rows of other features meanwhile
        if whole and last[0] == features[0]:
            return last[1]
        rows = self._blend(self.scatter.rows(features, columns))
        if self.tau:
            on_diagonal = np.arange(self.diagonal.shape[1])[columns]
            rows += self.tau * (np.asarray(features)[:, None] == on_diagonal[None, :])
        if whole:
            self._last = features[0], rows
        return rows

    def dense(self, features=None):
        """Sigma_c[F, F] as an array `(C, k, k)` (all features by default)."""
        features = range(self.diagonal.shape[1]) if features is None else features
        return self.rows(features, list(features))


def check_alpha(alpha):
    """alpha as a float in [0, 1], or ValueError."""
    try:
        value = float(alpha)
    except (TypeError, ValueError):
        value = float("nan")
    if not 0 <= value <= 1:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the shrinkage alpha toward the pooled covariance must be in [0, 1]; got {alpha}"),
            alpha=alpha)
    return value
