"""Class separability of a Gaussian mixture: prior-weighted pairwise Jeffries-Matusita and symmetric KL.

B_ij  = 1/8 D' S^-1 D + 1/2 [log|S| - 1/2 (log|S_i| + log|S_j|)],  S = (S_i + S_j)/2, D = mu_i - mu_j
JM_ij = sqrt(2 (1 - exp(-B_ij)));  SKL_ij = 1/2 [tr(S_i^-1 S_j + S_j^-1 S_i) + D'(S_i^-1 + S_j^-1) D] - k
J = sum_{i<j} pi_i pi_j JM_ij (or SKL_ij). No cross-validation: both come from the model itself.

A candidate F' (F + f or F - g) multiplies each determinant by a factor t (|S[F']| = |S[F]| t: the Schur
complement of f, or (S[F]^-1)_gg), so exp(-B_ij(F')) = exp(-b_ij - D' S[F']^-1 D / 8) (t_i t_j)^(1/4) /
t_p^(1/2), b_ij the log-det part of B_ij(F): one exp and square roots per pair and candidate, no log.

Separated pairs: JM_ij is exactly sqrt 2 once B_ij >= 40 (1 - exp(-B_ij) rounds to 1).
Adding f to F moves B_ij by 1/8 of the Mahalanobis increment (>= 0) plus 1/2 log a_p - 1/4 (log a_i +
log a_j), the Schur complements of f in the pair's average and in each class, floored at s: a_p >= s and
a_c <= D_c = max_f max(Sigma_c,ff, s), so B_ij(F + f) >= B_ij(F) - drop_ij, drop_ij = [log(D_i / s) +
log(D_j / s)] / 4, for every candidate f. A pair with B_ij(F) >= 40 + drop_ij + 1 (the 1 covers every
rounding) has JM_ij = sqrt 2 for every candidate, bit for bit: its candidates are not scored (on MUUFL's 751
bands, 74 % of the 378 pairs over the 30 steps of SFS, 92 % at the last).
"""

import numpy as np

from .products import matmul
from .updates import CandidateCholesky, NestedCholesky, PairAverages, QuadraticForms, SubsetCriterion

#: Two classes closer than this JM distance are indistinguishable: B_ij < 0.005, so by the
#: Bhattacharyya lower bound P_e >= [1 - sqrt(1 - 4 pi_i pi_j exp(-2 B_ij))] / 2 (Kailath 1967,
#: IEEE Trans. Commun. Technol. 15(1), eq. 41) even the Bayes rule confuses them at least 45 % of
#: the time when they are equally likely.
INDISTINGUISHABLE_JM = 0.1
#: exp(x) < 2^-54 for x <= -38, so 1 - exp(x) rounds to 1: JM_ij is sqrt 2 once B_ij >= -SEPARATED_EXPONENT.
SEPARATED_EXPONENT = -40.0
#: JM_ij of a pair with B_ij >= -SEPARATED_EXPONENT, as the float64 path computes it (sqrt 2).
SEPARATED_JM = float(np.sqrt(2 * (1 - np.exp(SEPARATED_EXPONENT))))
#: The exponent -b_ij - D' S^-1 D / 8 is raised to this before exp: NumPy's float64 exp of an x whose result
#: is subnormal or 0 (x < -708) takes 8 to 50 times as long (MUUFL's 751 bands: 30 % of the pairs and
#: candidates of SFS with JM at k = 30). No JM_ij changes while the determinants' factor
#: r = (t_i t_j)^(1/4) / t_p^(1/2) < 10^114 (exp(-300) r < 2^-54 then; r <= sqrt(D / s) for an added band, D
#: the largest class variance and s the floor, 10^-10 of the mean variance), and exp(-300) r stays a normal
#: number for r > 10^-177.
EXPONENT_FLOOR = -300.0


def jm_ceiling(priors):
    """The largest value the JM criterion can take for classes of `priors`: every pair fully separated
    (JM_ij = sqrt 2), so sqrt(2) sum_{i<j} pi_i pi_j = sqrt(2) (1 - sum_i pi_i^2) / 2."""
    priors = np.asarray(priors, dtype=np.float64)
    return float(np.sqrt(2) * (1 - np.sum(priors ** 2)) / 2)


def weighted_pairs(weights, values):
    """sum_ij w_ij v_ij,m for every candidate m of the pairs' `values` `(P, m)`. einsum adds the pairs one
    after the other for all the candidates alike, so equal pair values give equal J; a BLAS product
    (weights @ values) sums a matrix's edge columns in another order, and broke such exact ties (classes
    separated on every band: JM_ij = sqrt 2 for every candidate) in favour of the last bands."""
    return np.einsum("p,pm->m", weights, values)


def pairwise_jm(mixture):
    """JM_ij `(C, C)` of the Gaussians a GaussianMixture classifies with (S_c(alpha) + tau R, floored), in the
    units of its decomposition (ridge units with a relative ridge: JM does not depend on the units)."""
    eigenvalues = mixture.eigenvalues_
    vectors = mixture.whiteners_ * np.sqrt(eigenvalues)[:, None, :] * mixture.ridge_root_[:, None]
    covariances = matmul(vectors * eigenvalues[:, None, :], vectors.transpose(0, 2, 1))
    logdets = np.log(eigenvalues).sum(axis=1)
    means = mixture.means_ / mixture.ridge_root_
    jm = np.zeros((mixture.n_classes, mixture.n_classes))
    for i, j in zip(*np.triu_indices(mixture.n_classes, 1)):
        average = (covariances[i] + covariances[j]) / 2
        delta = means[i] - means[j]
        bhattacharyya = (matmul(delta, np.linalg.solve(average, delta)) / 8
                         + (np.linalg.slogdet(average)[1] - (logdets[i] + logdets[j]) / 2) / 2)
        jm[i, j] = jm[j, i] = np.sqrt(2 * (1 - np.exp(-max(bhattacharyya, 0.0))))
    return jm


class JeffriesMatusita(SubsetCriterion):
    """sum_{i<j} pi_i pi_j JM_ij over the subset, with the log-det of (S_i + S_j)/2 (no 2^k bias)."""

    def __init__(self, priors, means, covariances, floor):
        self.first, self.second = np.triu_indices(len(priors), 1)
        self.weights = priors[self.first] * priors[self.second]
        self.classes = CandidateCholesky(covariances, floor)
        self.pairs = CandidateCholesky(PairAverages(covariances, self.first, self.second), floor)
        self.separation = QuadraticForms(np.zeros((1, means.shape[1])),
                                         means[self.second] - means[self.first], at_origin=True)
        self.parts = [(self.classes, []), (self.pairs, [self.separation])]
        ceilings = np.log(np.maximum(self.classes.diagonal, floor).max(axis=1) / floor)
        self.drops = (ceilings[self.first] + ceilings[self.second]) / 4

    def determinant_part(self):
        """b_ij = 1/2 [log|S| - 1/2 (log|S_i| + log|S_j|)] over the current subset F, `(P,)`."""
        half = self.classes.logdet / 2
        return (self.pairs.logdet - half[self.first] - half[self.second]) / 2

    def bhattacharyya(self):
        """B_ij = b_ij + 1/8 D' S^-1 D over the current subset F, `(P,)`."""
        return self.determinant_part() + self.separation.quad[:, 0] / 8

    def _unmoved(self):
        """The pairs whose JM_ij is sqrt 2 for every candidate (module docstring), `(P,)` bool."""
        return self.bhattacharyya() >= 1 - SEPARATED_EXPONENT + self.drops

    def _combine(self, class_scales, pair_scales, mahalanobis, pairs):
        """J from the factors t of the candidates' determinants, per class `(C, m)` and per pair of `pairs`
        `(p, m)`, and their D' S^-1 D `(p, m)` (in place in one array, `mahalanobis` overwritten: the pairs of
        751 bands hold 284,000 numbers); JM_ij = sqrt 2 for the pairs not scored (every pair whose JM can
        move is). exp(-B_ij) <= 1 is kept where rounding would raise it above (B_ij >= 0)."""
        overlap = mahalanobis  # becomes exp(-B_ij), the Bhattacharyya coefficient
        overlap *= -0.125
        overlap -= self.determinant_part()[pairs, None]
        np.maximum(overlap, EXPONENT_FLOOR, out=overlap)
        np.exp(overlap, out=overlap)
        roots = np.sqrt(np.sqrt(class_scales))
        factors = roots[self.first[pairs]]
        factors *= roots[self.second[pairs]]
        factors /= np.sqrt(pair_scales)
        overlap *= factors
        np.copyto(overlap, 1.0, where=overlap > 1)
        jm = overlap
        np.subtract(1, jm, out=jm)
        jm *= 2
        np.sqrt(jm, out=jm)
        if len(jm) < len(self.first):
            every = np.full((len(self.first), jm.shape[1]), SEPARATED_JM)
            every[pairs] = jm
            jm = every
        return weighted_pairs(self.weights, jm)

    def _added(self):
        """J(F+f) for every f: the Schur complements of f in each class and pair and D' S^-1 D by the forward
        block updates, over the pairs served (at least those whose JM a candidate can move)."""
        _, class_alpha = self.classes.schur()
        self.pairs.serve(np.flatnonzero(~self._unmoved()))
        pairs = self.pairs.served
        coupling, pair_alpha = self.pairs.schur()
        mahalanobis = self.separation.added(coupling, pair_alpha, members=pairs)[:, 0, :]
        return self._combine(class_alpha, pair_alpha, mahalanobis, pairs)

    def _removed(self):
        """J(F-g) for every g in F, by the backward block updates."""
        mahalanobis = self.separation.removed(self.pairs)[:, 0, :]
        return self._combine(self.classes.removed_scales(), self.pairs.removed_scales(), mahalanobis,
                             slice(None))


class KullbackLeibler(SubsetCriterion):
    """sum_{i<j} pi_i pi_j SKL_ij over the subset; traces tr(S_i^-1 S_j) updated by the block formulas."""

    def __init__(self, priors, means, covariances, floor):
        self.first, self.second = np.triu_indices(len(priors), 1)
        self.weights = priors[self.first] * priors[self.second]
        self.classes = NestedCholesky(covariances, floor)
        self.separation = QuadraticForms(means, means)
        self.parts = [(self.classes, [self.separation])]
        self._updated()

    def _updated(self):
        """traces[i, j] = tr(S_i[F,F]^-1 S_j[F,F]) = ||L_i^-1 L_j||_F^2."""
        products = np.einsum("iab,jbc->ijac", self.classes.inverse_factor, self.classes.factor)
        self.traces = np.einsum("ijac,ijac->ij", products, products)

    def _combine(self, traces, mahalanobis, k):
        """J from traces `(C, C, m)` and (mu_j - mu_i)' S_i^-1 (mu_j - mu_i) `(C, C, m)` at size k."""
        pair = (self.first, self.second)
        symmetric = (traces + traces.transpose(1, 0, 2) + mahalanobis + mahalanobis.transpose(1, 0, 2))
        return weighted_pairs(self.weights, symmetric[pair] / 2 - k)

    def _added(self):
        """tr(S_i[F+f]^-1 S_j[F+f]) = tr_ij + [||L_j' (w_i - w_j)||^2 + alpha_j] / alpha_i.

        w_c = S_c[F,F]^-1 S_c[F,f] and alpha_c are class c's Schur terms of f: a sum of two
        non-negative parts, free of the cancellation in w' S_j w - 2 w' S_j[F,f] + S_j[f,f].
        """
        coupling, alpha = self.classes.schur()
        W = self.classes.regressions(coupling)
        upper = self.classes.factor.transpose(0, 2, 1)
        increments = np.empty((len(alpha),) + alpha.shape)
        for i in range(len(alpha)):
            projected = matmul(upper, W[i] - W)
            increments[i] = (np.einsum("jkf,jkf->jf", projected, projected) + alpha) / alpha[i]
        traces = self.traces[:, :, None] + increments
        mahalanobis = self.separation.added(coupling, alpha)
        return self._combine(traces, mahalanobis, len(self.features) + 1)

    def _removed(self):
        """tr(S_i[F-g]^-1 S_j[F-g]) = tr_ij - beta_i [(w_i - w_j)' S_j[F-g] (w_i - w_j) + 1/beta_j].

        With B = S[F,F]^-1 and beta = B_gg, w = -B[F-g, g] / beta regresses g on F-g: the
        forward formula above, read backwards.
        """
        inverse = self.classes.inverse()
        beta = np.diagonal(inverse, axis1=1, axis2=2)
        regressions = -inverse / beta[:, None, :]
        k = len(self.features)
        regressions[:, np.arange(k), np.arange(k)] = 0.0
        upper = self.classes.factor.transpose(0, 2, 1)
        decrements = np.empty((len(beta),) + beta.shape)
        for i in range(len(beta)):
            projected = matmul(upper, regressions[i] - regressions)
            decrements[i] = (np.einsum("jkg,jkg->jg", projected, projected) + 1.0 / beta) * beta[i]
        traces = self.traces[:, :, None] - decrements
        mahalanobis = self.separation.removed(self.classes)
        return self._combine(traces, mahalanobis, k - 1)
