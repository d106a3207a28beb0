"""MAP decisions computed in float32 and certified against float64: the labels equal the float64 labels
on every pixel, the confidence and posteriors are within CONFIDENCE_TOLERANCE of the float64 values.

Notation: u = 2^-24 (float32 unit roundoff), gamma_k = k u / (1 - k u), d bands, C classes. The
float32 scores are Q^_c = kappa'_c - q^_c with q^_c = ||W_c'(x - m) - o_c||^2 (the whitened form of
GaussianMixture), m a centre (an integer for integer data), o_c = W_c'(mu_c - m) and kappa'_c =
kappa_c - max_j kappa_j (a shift common to all classes changes no decision and no posterior).

Forward error of one score (standard rounding model, any summation order, with or without FMA):
- input: y^ = fl(x - m); y^ = y exactly for integers of at most 24 bits and an integer m, else
  ||y^ - y|| <= rho = u (||x|| + ||y^||) (1 + 2u);
- projection z^ = fl(fl(y^' W32) - o32), W32 = fl(W): componentwise
  |z^ - z| <= (gamma_d + u) |W|'|y^| + |W|'|y^ - y| + u |o| + u |z^|, hence in 2-norm
  ||z^ - z|| <= t_c + u ||z^||, t_c = (gamma_d + 2u) a_c ||y^|| + a_c rho + u ||o_c||,
  a_c = || |W_c| ||_2 (spectral norm of the absolute whitener, computed in float64);
- square and sum: |q^ - ||z^||^2| <= gamma_{d+1} q^, and | ||z^||^2 - ||z||^2 | <= 2 e s + e^2
  with e = t_c + u s, s = ||z^|| = sqrt(q^) (1 + O(u));
- constant and subtraction: u (|kappa'_c| + |Q^_c|).
So |Q^_c - Q_c| <= E_c = M [2 t s_c + t^2 + (gamma_{d+1} + 3u) q^_c + u (K + |Q^_c|)], t = max_c t_c,
K = max_c |kappa'_c|, and M = 1 + 2^-8 covers every product of rounding errors left out (their
ratio to the terms kept is O(d u) < 2^-12 for d <= DIRECT_LIMIT) and the float64 path's own error
(the same bound with 2^-53 for u on uncentred data, about 2^-29 ||x|| / ||x - m|| of E: within M
unless the data's offset exceeds 2^20 times its spread), so a certified winner is also the winner
the float64 path computes.

Per pixel, with b the float32 winner, Delta_c = Q^_b - Q^_c, k = kappa'_max - kappa'_b and
s_0 = sqrt(q^_b + k): q^_b <= q^_c <= q^_b + k + Delta_c (so E_b is at most E_c at Delta = 0), the
square root is concave and |Q^_c| <= |Q^_b| + Delta_c, so E_b + E_c <= R + B Delta_c with
  R = 2 M [t (2 s_0 + t) + (gamma_{d+1} + 3u)(q^_b + k) + u (K + |Q^_b|)],
  B = M [t / s_0 + gamma_{d+1} + 8u]
(4u of B pay for evaluating R, B and the test below in float32).
- Label: b is the float64 winner when (1 - B) Delta_2 > R (Delta_2 the runner-up's gap: the
  left side grows with Delta, so the runner-up is the worst class).
- Confidence 1 / (1 + S), S = sum_{c != b} w_c, w_c = exp(-Delta_c / 2), and posteriors w_c / (1 + S):
  each w_c moves by at most w_c (e^a - 1) <= w_c a e^a, a = (R + B Delta_c) / 2, which bounds the
  change dS of S (Float32Decision.posterior_error), hence of the confidence and the posteriors; a
  pixel is kept when that bound plus the float32 evaluation's (C + 4) u is <= CONFIDENCE_TOLERANCE.
- Pruning: when (1 - B) Delta_2 - R > D = 2 log((C - 1) 2^24), every other class adds less than
  2^-24 / (C - 1) to S: the confidence is 1 and the posteriors one-hot, at float32 precision, with
  no exp at all. Only the pixels whose runner-up is nearer than D spend exps.
Pixels that are not certified (a near tie, or an ill-conditioned class making E large) are
recomputed in float64.
"""

import numpy as np

U = 2.0**-24
#: Largest |confidence or posterior - float64 value| of the float32 path.
CONFIDENCE_TOLERANCE = 1e-5
#: The float32 path serves at most this many bands (beyond, the products of roundings grow).
DIRECT_LIMIT = 1024
_MARGIN = 1 + 2.0**-8
#: Integer types whose values, and their difference to an integer centre, are exact in float32.
EXACT_TYPES = (np.int8, np.uint8, np.int16, np.uint16)


def gamma(k):
    """gamma_k = k u / (1 - k u), the bound on the relative error of a k-term float32 sum."""
    return k * U / (1 - k * U)


class Float32Decision:
    """The float32 form of a mixture for inputs of one dtype, and its certified classification."""

    def __init__(self, mixture, dtype):
        self.mixture = mixture
        d = mixture.n_features
        self.exact_input = np.dtype(dtype).type in EXACT_TYPES
        centre = mixture.means_.mean(axis=0)
        self.centre = (np.round(centre) if self.exact_input else centre).astype(np.float32)
        whiteners = mixture.whiteners_
        offsets = np.einsum("cd,cde->ce", mixture.means_ - self.centre, whiteners)
        self.projection = np.hstack([*whiteners, np.eye(d)]).astype(np.float32)
        self.offsets = np.append(offsets.reshape(-1), np.zeros(d)).astype(np.float32)
        self.ones = np.ones(d, dtype=np.float32)
        self.class_ones = np.ones(mixture.n_classes, dtype=np.float32)
        self._tiles = (np.empty((0, d), np.float32), np.empty((0, len(self.offsets)), np.float32))
        constants = mixture.constants_ - mixture.constants_.max()
        self.constants = constants.astype(np.float32)
        spread = np.array([np.linalg.norm(np.abs(w), 2) for w in whiteners]) * _MARGIN
        self.slope = (gamma(d) + 2 * U) * spread.max()
        self.input_slope = spread.max()
        self.offset_error = U * np.linalg.norm(offsets, axis=1).max()
        self.lifts = -self.constants
        self.K = np.float32(np.abs(constants).max())
        self.sum_error = gamma(d + 1) + 3 * U
        n_classes = mixture.n_classes
        self.prune = 2 * np.log(max(n_classes - 1, 1) * 2.0**24)
        self.budget = CONFIDENCE_TOLERANCE - (n_classes + 4) * U

    def tiles(self, n):
        """The centre `(n, d)` and the offsets `(n, (C + 1) d)` repeated on n rows: NumPy subtracts
        same-shape arrays in one loop, a broadcast row of a few values in one loop per row."""
        if len(self._tiles[0]) < n:
            self._tiles = (np.tile(self.centre, (n, 1)), np.tile(self.offsets, (n, 1)))
        return self._tiles[0][:n], self._tiles[1][:n]

    def scores(self, X):
        """Float32 scores Q^ `(C, n)`, distances q^ `(C, n)` and the per-pixel error slope t `(n,)`.

        One product [W_1 ... W_C I] projects every class and, with the identity, gives ||y^||^2 too."""
        n, d = X.shape
        centres, offsets = self.tiles(n)
        y = np.subtract(X, centres, dtype=np.float32)
        projected = y @ self.projection
        projected -= offsets
        np.square(projected, out=projected)
        sums = (projected.reshape(-1, d) @ self.ones).reshape(n, -1).T
        t = np.sqrt(sums[-1])
        t *= self.slope
        t += self.offset_error
        if not self.exact_input:
            t += self.input_slope * U * (np.linalg.norm(X, axis=1) + np.sqrt(sums[-1])) * (1 + 2 * U)
        distances = sums[:-1]
        return self.constants[:, None] - distances, distances, t

    def classify(self, X, with_posteriors=False):
        """Winning class indices, confidence `(n,)` float32 and, if asked, posteriors `(n, C)` float32,
        with the float64 winners and within CONFIDENCE_TOLERANCE of the float64 values."""
        scores, distances, t = self.scores(X)
        winners, best, distance, runner_up = top_two(scores, distances)
        slack, slope = self.certificate(best, distance, self.lifts[winners], t)
        with np.errstate(invalid="ignore"):
            margin = (1 - slope) * (best - runner_up) - slack
        certain = margin > 0
        ambiguous = certain & (margin <= self.prune)
        retry = ~certain
        confidence = np.ones(len(X), dtype=np.float32)
        posteriors = None
        if with_posteriors:
            posteriors = np.zeros(scores.shape[::-1], dtype=np.float32)
            posteriors[np.arange(len(X)), winners] = 1
        if ambiguous.any():
            gaps = best[ambiguous] - scores[:, ambiguous]
            weights = np.exp(gaps / -2)
            total = self.class_ones @ weights
            error = self.posterior_error(gaps, weights, total, slack[ambiguous], slope[ambiguous],
                                         with_posteriors)
            confidence[ambiguous] = 1 / total
            if with_posteriors:
                posteriors[ambiguous] = (weights / total).T
            retry[ambiguous] = ~(error <= self.budget)
        if retry.any():
            winners[retry], confidence[retry], posteriors64 = self.mixture.decide(X[retry], with_posteriors)
            if with_posteriors:
                posteriors[retry] = posteriors64
        return winners, confidence, posteriors

    def certificate(self, best, distance, lift, t):
        """R and B of the module docstring, per pixel `(n,)` (float32: M covers its roundings)."""
        shifted = distance + lift
        root = np.sqrt(shifted)
        with np.errstate(divide="ignore", invalid="ignore"):
            slope = _MARGIN * (t / root + self.sum_error + 5 * U)
        slack = 2 * _MARGIN * (t * (2 * root + t) + self.sum_error * shifted + U * (self.K + np.abs(best)))
        return slack, slope

    def posterior_error(self, gaps, weights, total, slack, slope, with_posteriors):
        """Bound on |confidence - float64| (and on the posteriors' if asked) of pixels `(m,)` whose gaps
        Delta `(C, m)`, weights exp(-Delta/2) and 1 + S are given: each weight moves by at most
        w a e^a, a = (R + B Delta)/2, so S by dS <= e^A (R S + B sum w Delta)/2, A >= every a; the
        confidence 1/(1 + S) by dS / ((1 + S)(1 + S - dS)), a posterior by 2 dS / (1 + S - dS)."""
        with np.errstate(over="ignore", invalid="ignore"):
            spread = np.exp((slack + slope * gaps.max()) / 2)
            moved = _MARGIN * spread * (slack * (total - 1) + slope * (self.class_ones @ (weights * gaps)))
            moved /= 2
            room = total - moved
            error = 2 * moved / room if with_posteriors else moved / (total * room)
        return np.where(room > 0, error, np.inf)


def top_two(scores, distances):
    """Per pixel of scores `(C, n)`: the first index of the best (as np.argmax), the best score, its
    distance q^ and the runner-up's score (-inf for one class)."""
    winners = np.zeros(scores.shape[1], dtype=np.intp)
    best, distance = scores[0].copy(), distances[0].copy()
    runner_up = np.full_like(best, -np.inf)
    for c in range(1, len(scores)):
        better = scores[c] > best
        np.maximum(runner_up, np.where(better, best, scores[c]), out=runner_up)
        np.copyto(best, scores[c], where=better)
        np.copyto(distance, distances[c], where=better)
        winners[better] = c
    return winners, best, distance, runner_up
