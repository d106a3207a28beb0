"""Cross-validated selection screened in float32: every MAP decision (test sample, candidate) equal to the
float64 path's, so every candidate's confusion matrices, CV value and the selected sets are those of float64.

Notation of core/float32.py: u = 2^-24, gamma_k = k u / (1 - k u), M = MARGIN. The float64 path
(crossval.FoldCandidates) scores class c of test sample x and candidate f as s_c = T + lambda - kappa:
p = [z, 1].[l_f; mu_f] (k + 1 terms, z = L^-1 (x - mu)[F], l_f the coupling), e = x_f - p,
T = e^2 iota (iota = 1 / alpha_f), lambda = log alpha_f, kappa = Q_c(F)(x) = ell_c - q (ell_c =
2 log pi_c - log|S_c[F]|, q = ||z||^2), and predicts argmin_c s_c (ties to the lowest class). So
s_c = Q' + nu_c with Q' = q + T = q_c(F+f)(x) >= 0 and nu_c = lambda - ell_c.

Forward error of the very same operations on the float32 roundings of the inputs (standard rounding
model, any summation order, with or without FMA):
- product: |p^ - p| <= g (sqrt(q) ||l_f|| + |mu_f|), g = M (gamma_{k+1} + 2u) (Cauchy-Schwarz: |z|.|l_f|);
- residual e^ = fl(x_f^ - p^): sqrt(iota) |e^ - e| <= eta + u sqrt(T), eta = g rho sqrt(q) + h,
  rho = ||l_f|| sqrt(iota), h = sqrt(iota) (u X_f + g |mu_f|), X_f = max |x_f| over the samples scored;
- square, product and two sums: |s^ - s| <= 2 eta sqrt(T) + eta^2 + 7u T + 3u (|lambda| + |kappa|).
With 2 sqrt(q T) <= Q', 2 h sqrt(T) <= h (Q' + 1), eta^2 <= 2 g^2 rho^2 Q' + 2 h^2, |kappa| <= Q' + |ell_c|:
  E_c <= P_c Q' + K_c, P_c = M [g rho + h + 2 g^2 rho^2 + 10u], K_c = M [h + 2 h^2 + 3u (|lambda| + |ell_c|)]
per class and candidate; M covers the products of roundings left out and the float64 path's own error (the
same bound with 2^-53 for u). Per candidate, P = max_c P_c and K = max_c (K_c - P nu_c) give, for every class,
E_c <= P s_c + K <= (P s^_c + K) / (1 - P).
Decision: with b the float32 winner and s^_2 the second smallest float32 score, b is the float64 winner (and
the only one) when s^_2 - s^_b > E_b + E_2, i.e. s^_2 > (s^_b + 2K) / (1 - 2P) (P < 1/2); the condition grows
with s^_2, so it holds for every other class when it holds for the second. The threshold is evaluated in
float32 as a s^_b + b, a = (1 + 8u) / (1 - 2P), b = [2K + 16u |K| + 17u m] / (1 - 2P), with
m = max(0, -min_c nu_c): as |s^_b| <= s^_b + 2m (to within u E, which M covers), its excess over the
exact threshold, [8u |s^_b| + 16u |K| + u m] / (1 - 2P), exceeds the roundings of a, b and a s^_b + b
(3u a |s^_b| + 2u |b|).
A tie (s^_2 = s^_b) or NaN is never certified.
The pairs not certified (and every pair of a candidate with P >= 1/2, whose coupling is near the eigenvalue
floor) are scored again in float64 (FoldCandidates.settle).
"""

import numpy as np

from .float32 import MARGIN, U, gamma
from .products import matmul


class Float32Screen:
    """The float32 scores of a FoldCandidates' samples and, per candidate, the threshold a s^_b + b above
    which the second best score certifies the float32 winner (module docstring)."""

    def __init__(self, candidates):
        regressed = candidates.regressed
        self.augmented = candidates.augmented.astype(np.float32)
        self.regressed = regressed.astype(np.float32)
        self.points = candidates.forms.points.astype(np.float32)
        self.inverse_alpha = candidates.inverse_alpha.astype(np.float32)
        self.log_alpha = candidates.log_alpha.astype(np.float32)
        self.current = candidates.current.astype(np.float32)
        self.slope, self.offset = self.thresholds(candidates)

    @staticmethod
    def thresholds(candidates):
        """a `(d,)` and b `(d,)` of the certificate, computed in float64; a = 0, b = inf where P >= 1/2."""
        regressed, iota = candidates.regressed, candidates.inverse_alpha
        g = MARGIN * (gamma(regressed.shape[1]) + 2 * U)
        root = np.sqrt(iota)
        rho = np.sqrt(np.einsum("ckd,ckd->cd", regressed[:, :-1], regressed[:, :-1])) * root
        largest = np.abs(candidates.forms.points).max(axis=0, initial=0.0)
        h = root * (U * largest + g * np.abs(regressed[:, -1]))
        ell = np.abs(candidates.log_weights)[:, None]
        P = (MARGIN * (g * rho + h + 2 * g**2 * rho**2 + 10 * U)).max(axis=0)
        nu = candidates.log_alpha - candidates.log_weights[:, None]
        K = (MARGIN * (h + 2 * h**2 + 3 * U * (np.abs(candidates.log_alpha) + ell)) - P * nu).max(axis=0)
        with np.errstate(divide="ignore", invalid="ignore"):
            room = 1 - 2 * P
            slope = (1 + 8 * U) / room
            offset = (2 * K + 16 * U * np.abs(K) + 17 * U * np.maximum(0, -nu.min(axis=0))) / room
        usable = (room > 0) & np.isfinite(offset) & np.isfinite(slope)
        return (np.where(usable, slope, 0).astype(np.float32),
                np.where(usable, offset, np.inf).astype(np.float32))

    def scores(self, c, rows, out=None):
        """Float32 s^_c of the samples `rows` for every candidate, `(m, d)` (into `out` if given):
        FoldCandidates.negative_scores's operations in the same order."""
        e = matmul(self.augmented[c, rows], self.regressed[c], out=out)
        np.subtract(self.points[rows], e, out=e)
        e *= e
        e *= self.inverse_alpha[c]
        e += self.log_alpha[c]
        e -= self.current[c, rows, None]
        return e

    def predictions(self, rows, index):
        """Float32 winners `(m, d)` (dtype `index`) of the samples `rows` (a slice), classes in order
        (strict < keeps the lowest on ties), and where they are not certified `(m, d)` (everywhere for a
        candidate with P >= 1/2)."""
        n_classes = len(self.current)
        best = self.scores(0, rows)
        best_class = np.zeros(best.shape, dtype=index)
        second = np.full(best.shape, np.inf, dtype=np.float32)
        scores, loser = np.empty_like(best), np.empty_like(best)
        better, chosen = np.empty(best.shape, dtype=bool), np.empty(best.shape, dtype=index)
        for c in range(1, n_classes):
            self.scores(c, rows, out=scores)
            np.less(scores, best, out=better)
            np.maximum(best, scores, out=loser)
            np.minimum(second, loser, out=second)
            np.minimum(best, scores, out=best)
            np.multiply(better, index(c), out=chosen)
            np.maximum(best_class, chosen, out=best_class)
        best *= self.slope
        best += self.offset
        uncertain = np.greater(second, best, out=better)
        np.logical_not(uncertain, out=uncertain)  # not second > threshold: NaN is uncertain too
        uncertain[:, self.slope == 0] = True
        return best_class, uncertain
