"""Exact leave-one-out from the full model: Sherman-Morrison and the matrix determinant lemma.

Sample x of class c (n_c samples, scatter M2, mean mu), u = x - mu. Without x (Chan's downdate):
mu' = mu - u / (n_c - 1),   x - mu' = s u,   s = n_c / (n_c - 1),
S' + tau I = G - g u u',   G = M2 / (n_c - 2) + tau I,   g = n_c / ((n_c - 1)(n_c - 2)).
With m = u' G^-1 u (x's quadratic form under G), Sherman-Morrison and the determinant lemma give
(x - mu')' (S' + tau I)^-1 (x - mu') = s^2 m / r,   log|S' + tau I| = log|G| + log r,   r = 1 - g m.
(G = a (S + (tau/a) I), a = (n_c - 1)/(n_c - 2): EQUATIONS' m under the ridge tau/a, with g m = b m.)
Priors without x: (n_c - 1)/(n - 1) for c, n_j/(n - 1) for the others, whose terms are the full
model's. Dropping the common log(n - 1): -Q_c'(x) = s^2 m / r + log|G| + log r - 2 log(n_c - 1),
-Q_j(x) = q_j(x) + log|S_j + tau I| - 2 log n_j. One O(k^2) form per sample, no refit.

Shrinkage toward the pooled covariance P = sum_c M2_c / (n - C): G = (1 - alpha) M2 / (n_c - 2)
+ alpha P + tau I and g = (1 - alpha) n_c / ((n_c - 1)(n_c - 2)), the same formulas. Here P is the
pooled covariance of ALL samples, held fixed while x is left out (a documented choice, not the exact
refit: without x, P becomes (sum_c M2_c - s u u') / (n - C - 1), a rank-one change of order 1/n
that would also move every other class's discriminant through the cross term u' H_j^-1 (x - mu_j);
the own class's downdate, which is of order 1/n_c, stays exact). tests/reference.py refits with
this P held fixed.

A class of two samples leaves one, whose scatter is zero: G = tau I and g = 0 (the same formulas;
infinite divisor below). Without a ridge G is the eigenvalue floor, so such a left-out sample
is scored against a near-point mass and practically never gets its own class back.
Floors: G's eigenvalues (or Schur complements) at the model's eigenvalue floor, like every
covariance; r at EIGENVALUE_FLOOR (r -> 0 when x lies off the span of its class's other samples,
e.g. k >= n_c - 1 features without a ridge). A class of one sample has no covariance: refused.
"""

import numpy as np

from .criteria import confusion_matrices
from .model import EIGENVALUE_FLOOR
from .scatter import ScatterCovariances


def left_out_divisors(counts):
    """n_c - 2 of G = M2 / (n_c - 2) + tau I; infinite for a class of two (zero scatter left)."""
    return np.where(counts > 2, counts - 2, np.inf)


class LeftOutTerms:
    """The constants of each class's left-out discriminant: s^2, g (shrunk by alpha) and the log priors
    (n_c - 1 and n_c)."""

    def __init__(self, counts, alpha=0.0):
        self.counts = counts
        self.squared_shift = (counts / (counts - 1)) ** 2
        self.downdate = (1 - alpha) * counts / ((counts - 1) * left_out_divisors(counts))
        self.log_priors = 2 * np.log(counts)
        self.own_log_priors = 2 * np.log(counts - 1)

    def negative_score(self, c, m, logdet):
        """-Q_c'(x) = s^2 m / r + log|G| + log r - 2 log(n_c - 1), r = max(1 - g m, EIGENVALUE_FLOOR).

        `c` class indices broadcasting with `m` (x's form under G) and `logdet` (log|G|).
        """
        ratio = np.maximum(1.0 - self.downdate[c] * m, EIGENVALUE_FLOOR)
        return self.squared_shift[c] * m / ratio + logdet + np.log(ratio) - self.own_log_priors[c]


def left_out_confusions(X, classes, scatter, grid, floor, alpha=0.0):
    """Pooled leave-one-out confusion matrices `(T, C, C)` of all features for every tau of `grid`.

    One eigen decomposition per class of S_c(alpha) = V diag(lambda) V' and one of G_c(alpha) (the
    same eigenvectors when alpha = 0: G = a S_c, a = (n_c - 1)/(n_c - 2), 0 for a class of two)
    serve every tau: the eigenvalues lambda + tau, floored at `floor`.
    """
    terms = LeftOutTerms(scatter.counts, alpha)
    eigenvalues, eigenvectors = np.linalg.eigh(ScatterCovariances(scatter, alpha=alpha).dense())
    if alpha:
        own_covariances = ScatterCovariances(scatter, 0.0, left_out_divisors(scatter.counts), alpha)
        own_eigenvalues, own_eigenvectors = np.linalg.eigh(own_covariances.dense())
    else:
        scale = (scatter.counts - 1) / left_out_divisors(scatter.counts)
        own_eigenvalues, own_eigenvectors = scale[:, None] * eigenvalues, eigenvectors
    n_classes = len(eigenvalues)
    scores = np.empty((n_classes, len(X), len(grid)))
    for c in range(n_classes):
        ridged = np.maximum(eigenvalues[c][:, None] + grid[None, :], floor)
        centred = X - scatter.means[c]
        squared = (centred @ eigenvectors[c]) ** 2
        scores[c] = terms.log_priors[c] - np.log(ridged).sum(axis=0) - squared @ (1.0 / ridged)
        own = classes == c
        left_out = np.maximum(own_eigenvalues[c][:, None] + grid[None, :], floor)
        own_squared = (centred[own] @ own_eigenvectors[c]) ** 2
        scores[c, own] = -terms.negative_score(c, own_squared @ (1.0 / left_out),
                                               np.log(left_out).sum(axis=0))
    predicted = np.argmax(scores, axis=0)
    return confusion_matrices(classes, predicted.T, n_classes)
