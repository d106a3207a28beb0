"""Class separability of a Gaussian mixture: prior-weighted pairwise Jeffries-Matusita and symmetric KL.

B_ij  = 1/8 D' S^-1 D + 1/2 [log|S| - 1/2 (log|S_i| + log|S_j|)],  S = (S_i + S_j)/2, D = mu_i - mu_j
JM_ij = sqrt(2 (1 - exp(-B_ij)));  SKL_ij = 1/2 [tr(S_i^-1 S_j + S_j^-1 S_i) + D'(S_i^-1 + S_j^-1) D] - k
J = sum_{i<j} pi_i pi_j JM_ij (or SKL_ij). No cross-validation: both come from the model itself.
"""

import numpy as np

from .updates import NestedInverse, QuadraticForms, SubsetCriterion


class JeffriesMatusita(SubsetCriterion):
    """sum_{i<j} pi_i pi_j JM_ij over the subset, with the log-det of (S_i + S_j)/2 (no 2^k bias)."""

    def __init__(self, priors, means, covariances, floor):
        self.first, self.second = np.triu_indices(len(priors), 1)
        self.weights = priors[self.first] * priors[self.second]
        self.classes = NestedInverse(covariances, floor)
        self.pairs = NestedInverse((covariances[self.first] + covariances[self.second]) / 2, floor)
        self.separation = QuadraticForms(np.zeros((1, means.shape[1])),
                                         means[self.second] - means[self.first])
        self.parts = [(self.classes, []), (self.pairs, [self.separation])]

    def _combine(self, class_logdets, pair_logdets, mahalanobis):
        """J from per-class log-dets `(C, m)`, pair log-dets `(P, m)` and D' S^-1 D `(P, m)`."""
        half_classes = (class_logdets[self.first] + class_logdets[self.second]) / 2
        bhattacharyya = mahalanobis / 8 + (pair_logdets - half_classes) / 2
        jm = np.sqrt(2 * (1 - np.exp(-np.maximum(bhattacharyya, 0.0))))
        return self.weights @ jm

    def _added(self):
        _, class_alpha = self.classes.schur()
        W, pair_alpha = self.pairs.schur()
        mahalanobis = self.separation.added(self.pairs, W, pair_alpha)[:, 0, :]
        return self._combine(self.classes.added_logdets(class_alpha),
                             self.pairs.added_logdets(pair_alpha), mahalanobis)

    def _removed(self):
        mahalanobis = self.separation.removed(self.pairs)[:, 0, :]
        return self._combine(self.classes.removed_logdets(), self.pairs.removed_logdets(), mahalanobis)


class KullbackLeibler(SubsetCriterion):
    """sum_{i<j} pi_i pi_j SKL_ij over the subset; traces tr(S_i^-1 S_j) updated by the block formulas."""

    def __init__(self, priors, means, covariances, floor):
        self.first, self.second = np.triu_indices(len(priors), 1)
        self.weights = priors[self.first] * priors[self.second]
        self.classes = NestedInverse(covariances, floor)
        self.separation = QuadraticForms(means, means)
        self.parts = [(self.classes, [self.separation])]
        self._updated()

    def _updated(self):
        """traces[i, j] = tr(S_i[F,F]^-1 S_j[F,F])."""
        self.traces = np.einsum("iab,jba->ij", self.classes.inverse, self.classes.block())

    def _combine(self, traces, mahalanobis, k):
        """J from traces `(C, C, m)` and (mu_j - mu_i)' S_i^-1 (mu_j - mu_i) `(C, C, m)` at size k."""
        pair = (self.first, self.second)
        symmetric = (traces + traces.transpose(1, 0, 2) + mahalanobis + mahalanobis.transpose(1, 0, 2))
        return self.weights @ (symmetric[pair] / 2 - k)

    def _added(self):
        """tr(S_i[F+f]^-1 S_j[F+f]) = tr_ij + (w' S_j[F,F] w - 2 w' S_j[F,f] + S_j[f,f]) / alpha_i."""
        W, alpha = self.classes.schur()
        block = self.classes.block()
        rows = self.classes.covariances[:, self.classes.features, :]
        increments = np.empty((len(alpha),) + alpha.shape)
        for i, w in enumerate(W):
            inner = np.einsum("jkf,kf->jf", block @ w, w) - 2 * np.einsum("jkf,kf->jf", rows, w)
            increments[i] = (inner + self.classes.diagonal) / alpha[i]
        traces = self.traces[:, :, None] + increments
        mahalanobis = self.separation.added(self.classes, W, alpha)
        return self._combine(traces, mahalanobis, len(self.features) + 1)

    def _removed(self):
        """tr(S_i[F-g]^-1 S_j[F-g]) = tr(B_i S_j) - (B_i S_j B_i)_gg / (B_i)_gg."""
        inverse = self.classes.inverse
        sandwich = np.einsum("iga,jab,ibg->ijg", inverse, self.classes.block(), inverse)
        beta = np.diagonal(inverse, axis1=1, axis2=2)
        traces = self.traces[:, :, None] - sandwich / beta[:, None, :]
        mahalanobis = self.separation.removed(self.classes)
        return self._combine(traces, mahalanobis, len(self.features) - 1)
