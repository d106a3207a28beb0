"""Exact leave-one-out from the full model: Sherman-Morrison and the matrix determinant lemma.

Sample x of class c (n_c samples, scatter M2, mean mu), u = x - mu. Without x (Chan's downdate):
mu' = mu - u / (n_c - 1),   x - mu' = s u,   s = n_c / (n_c - 1),   M2' = M2 - s u u',
and the pooled covariance P = sum_j M2_j / (n - C) of the n - 1 samples left (C unchanged):
P' = kappa P - s u u' / (n - C - 1),   kappa = (n - C) / (n - C - 1).
Own class, S_c'(alpha, tau) = (1 - alpha) M2' / (n_c - 2) + alpha P' + tau I = G - g u u',
G = (1 - alpha) M2 / (n_c - 2) + alpha kappa P + tau I,   g = (1 - alpha) s / (n_c - 2) + h,
h = alpha s / (n - C - 1).
With m = u' G^-1 u (x's quadratic form under G), Sherman-Morrison and the determinant lemma give
(x - mu')' S_c'^-1 (x - mu') = s^2 m / r,   log|S_c'| = log|G| + log r,   r = 1 - g m.
Every other class j keeps its mean and loses only x's share of P: S_j' = B_j - h u u',
B_j = (1 - alpha) M2_j / (n_j - 1) + alpha kappa P + tau I (the same for every left-out sample), so
with q = (x - mu_j)' B_j^-1 (x - mu_j), p = u' B_j^-1 (x - mu_j), w = u' B_j^-1 u and t = 1 - h w:
(x - mu_j)' S_j'^-1 (x - mu_j) = q + h p^2 / t,   log|S_j'| = log|B_j| + log t.
Priors without x: (n_c - 1)/(n - 1) for c, n_j/(n - 1) for the others. Dropping the common
log(n - 1): -Q_c'(x) = s^2 m / r + log|G| + log r - 2 log(n_c - 1),
-Q_j'(x) = q + h p^2 / t + log|B_j| + log t - 2 log n_j. O(C k^2) per sample, no refit; the result
equals refitting the model (S_pooled included) without x. Without shrinkage (alpha = 0) h = 0 and
the other classes' terms are the full model's.

A class of two samples leaves one, whose scatter is zero: G = alpha kappa P + tau I and
g = h (an infinite divisor below). Without shrinkage or ridge G is the eigenvalue floor, so such
a left-out sample is scored against a near-point mass and practically never gets its own class back.
Floors: G's and B_j's eigenvalues (or Schur complements) at the model's eigenvalue floor, like every
covariance; r and t at EIGENVALUE_FLOOR (r -> 0 when x lies off the span of its class's other
samples, e.g. k >= n_c - 1 features without a ridge). A class of one sample has no covariance: refused.
"""

import numpy as np

from .criteria import confusion_matrices
from .model import EIGENVALUE_FLOOR
from .products import matmul
from .scatter import ScatterCovariances


def left_out_divisors(counts):
    """n_c - 2 of G = M2 / (n_c - 2) + tau I; infinite for a class of two (zero scatter left)."""
    return np.where(counts > 2, counts - 2, np.inf)


def left_out_covariances(scatter, tau=0.0, alpha=0.0):
    """The rows of B_j (every class but the left-out sample's) and of G_c (its own class), both
    shrunk toward kappa P, the pooled scatter over n - C - 1."""
    pooled_divisor = scatter.counts.sum() - len(scatter.counts) - 1
    return (ScatterCovariances(scatter, tau, alpha=alpha, pooled_divisor=pooled_divisor),
            ScatterCovariances(scatter, tau, left_out_divisors(scatter.counts), alpha, pooled_divisor))


class LeftOutTerms:
    """The constants of the left-out discriminants: s^2, g and h (shrunk by alpha) and the log priors
    (n_c - 1 and n_c)."""

    def __init__(self, counts, alpha=0.0):
        self.counts = counts
        self.squared_shift = (counts / (counts - 1)) ** 2
        self.pooled_downdate = alpha * counts / ((counts - 1) * (counts.sum() - len(counts) - 1))
        self.downdate = (1 - alpha) * counts / ((counts - 1) * left_out_divisors(counts))
        self.downdate += self.pooled_downdate
        self.log_priors = 2 * np.log(counts)
        self.own_log_priors = 2 * np.log(counts - 1)

    def negative_score(self, c, m, logdet):
        """-Q_c'(x) = s^2 m / r + log|G| + log r - 2 log(n_c - 1), r = max(1 - g m, EIGENVALUE_FLOOR).

        `c` class indices broadcasting with `m` (x's form under G) and `logdet` (log|G|).
        """
        ratio = np.maximum(1.0 - self.downdate[c] * m, EIGENVALUE_FLOOR)
        return self.squared_shift[c] * m / ratio + logdet + np.log(ratio) - self.own_log_priors[c]

    def pooled_correction(self, c, cross, shift, overwrite=False):
        """h p^2 / t + log t, t = max(1 - h w, EIGENVALUE_FLOOR): what leaving out a sample of class `c`
        adds to another class's -Q_j, from p = u'B_j^-1 (x - mu_j) (`cross`) and w = u'B_j^-1 u (`shift`);
        `overwrite`: in `cross` (returned) and `shift`, the same operations on the same numbers."""
        h = self.pooled_downdate[c]
        ratio = np.multiply(h, shift, out=shift if overwrite else None)
        np.subtract(1.0, ratio, out=ratio)
        np.maximum(ratio, EIGENVALUE_FLOOR, out=ratio)
        correction = np.multiply(cross, cross, out=cross if overwrite else None)
        correction *= h
        correction /= ratio
        correction += np.log(ratio, out=ratio)
        return correction


def left_out_confusions(X, classes, scatter, grid, floor, alpha=0.0):
    """Pooled leave-one-out confusion matrices `(T, C, C)` of all features for every tau of `grid`.

    One eigen decomposition per class of B_c = V diag(lambda) V' and one of G_c (the same eigenvectors
    when alpha = 0: G = a S_c, a = (n_c - 1)/(n_c - 2), 0 for a class of two) serve every tau: the
    eigenvalues lambda + tau, floored at `floor`; q, p and w are sums over the projections of x - mu
    and u weighted by 1 / (lambda + tau).

    Memory: the scores of one class at a time `(n, T)` beside the best so far and its class (the first of
    equal scores, as argmax over every class's), the squares taken in place, the shifts u = x - mu_c made
    again for each class: a few arrays of the samples' size, each product the same call on the same
    numbers as when every class's scores were held.
    """
    terms = LeftOutTerms(scatter.counts, alpha)
    others, own = left_out_covariances(scatter, alpha=alpha)
    eigenvalues, eigenvectors = np.linalg.eigh(others.dense())
    if alpha:
        own_eigenvalues, own_eigenvectors = np.linalg.eigh(own.dense())
    else:
        scale = (scatter.counts - 1) / left_out_divisors(scatter.counts)
        own_eigenvalues, own_eigenvectors = scale[:, None] * eigenvalues, eigenvectors
    n_classes = len(eigenvalues)
    best = predicted = None
    for c in range(n_classes):
        inverse = 1.0 / np.maximum(eigenvalues[c][:, None] + grid[None, :], floor)
        centred = X - scatter.means[c]
        projected = matmul(centred, eigenvectors[c])
        own = classes == c
        left_out = np.maximum(own_eigenvalues[c][:, None] + grid[None, :], floor)
        own_squared = matmul(centred[own], own_eigenvectors[c]) ** 2
        del centred
        own_scores = -terms.negative_score(c, matmul(own_squared, 1.0 / left_out),
                                           np.log(left_out).sum(axis=0))
        del own_squared
        constant = terms.log_priors[c] + np.log(inverse).sum(axis=0)
        correction = None
        if alpha:
            shifted = matmul(shifts_of(X, scatter.means, classes), eigenvectors[c])
            cross = matmul(projected * shifted, inverse)
            np.multiply(shifted, shifted, out=shifted)
            shift = matmul(shifted, inverse)
            del shifted
            correction = terms.pooled_correction(classes[:, None], cross, shift, overwrite=True)
            del cross, shift
        np.multiply(projected, projected, out=projected)
        score = matmul(projected, inverse)
        del projected
        np.subtract(constant, score, out=score)
        if correction is not None:
            score -= correction
            del correction
        score[own] = own_scores
        if best is None:
            best, predicted = score, np.zeros(score.shape, dtype=np.min_scalar_type(n_classes - 1))
            continue
        better = score > best
        best[better] = score[better]
        predicted[better] = c
        del score, better
    return confusion_matrices(classes, predicted.T, n_classes)


def shifts_of(X, means, classes, rows=16_384):
    """u = x - mu_(class of x) of every sample `(n, d)`, C-contiguous as X - means[classes] is, the means
    gathered `rows` samples at a time."""
    shifts = np.empty(X.shape)
    for start in range(0, len(X), rows):
        block = slice(start, start + rows)
        np.subtract(X[block], means[classes[block]], out=shifts[block])
    return shifts
