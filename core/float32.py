"""MAP decisions computed in float32 and certified against float64: the labels equal the float64 labels
on every pixel, the confidence and posteriors are within CONFIDENCE_TOLERANCE of the float64 values.

Notation: u = 2^-24 (float32 unit roundoff), v = 2^-53, gamma_k = k u / (1 - k u) (gamma64_k with v), d
bands, C classes. The float32 scores are Q^_c = kappa'_c - q^_c with q^_c = ||F_c (x - m) - o_c||^2: F_c
the upper triangular factor of the whitened form of GaussianMixture, F_c'F_c = W_c W_c'
(triangular_factors; by groups of rows, 76 % of W_c''s multiply-adds at 20 bands), m a centre (an
integer for integer data), o_c = F_c (mu_c - m) and kappa'_c = kappa_c - max_j kappa_j (a shift common
to all classes changes no decision and no posterior). They are held as distances D^_c = -Q^_c =
fl(q^_c + l_c) >= 0, l_c = fl(-kappa'_c), class-major `(C, n)`.

Forward error of one score against the float64 path's (standard rounding model, any summation order,
with or without FMA):
- input: y^ = fl(x - m); y^ = y exactly for integers of at most 24 bits and an integer m, else
  ||y^ - y|| <= rho = u (||x|| + ||y^||) (1 + 2u);
- projection z^ = fl([F32 -o32] [y^; 1]), one dot product of at most d + 1 terms, F32 = fl(F), o32 =
  fl(o): componentwise |z^ - z| <= (gamma_{d+1} + 2u) (|F|'|y^| + |o|) + |F|'|y^ - y|, hence in 2-norm
  ||z^ - z|| <= (gamma_{d+1} + 2u) (a_c ||y^|| + ||o_c||) + a_c rho, a_c = || |F_c| ||_2 (spectral norm of
  the absolute factor, computed in float64); o_c itself, computed in float64, is within gamma64_d a_c r
  of F_c (mu_c - m), r = max_c ||mu_c - m||;
- the factor: | ||W_c'w|| - ||F_c w|| | <= rho_F ||w|| + eta ||F_c w|| for w = x - mu_c, ||w|| <= ||y|| + r
  (triangular_factors, from the QR's residuals);
- the float64 path (decision_function) projects within t64 <= S ||y|| + S0 of W_c'(x - mu_c)
  (reference_error); its sum of squares and constant round 2^-29 times less than the float32 ones.
So ||z^|| is within t_c + eta s_c of the float64 path's projected norm, t_c = (gamma_{d+1} + 2u)
(a_c ||y^|| + ||o_c||) + a_c rho + (rho_F + gamma64_d a_c) (||y^|| + r) + S ||y^|| + S0, s_c = ||z^||;
- square and sum: |q^ - ||z^||^2| <= gamma_{d+1} q^, and the squares of norms e + eta s apart differ by at
  most 2 e s + e^2 + (2 eta + eta^2) s^2, e = t_c + u s (the u s is spare), s = sqrt(q^) (1 + O(u));
- constant and sum: u (|kappa'_c| + |Q^_c|).
So |Q^_c - Q64_c| <= E_c = M [2 t s_c + t^2 + (gamma_{d+1} + 3u + 2 eta) q^_c + u (K + |Q^_c|)], Q64_c the
float64 path's score, t = max_c t_c, K = max_c |kappa'_c|, and M = 1 + 2^-8 covers every product of
rounding errors left out (their ratio to the terms kept is O(d u) < 2^-12 for d <= DIRECT_LIMIT) and
the float64 path's sum and constant, so a certified winner is the winner the float64 path computes.

Per pixel, with b the float32 winner, Delta_c = Q^_b - Q^_c = D^_c - D^_b, k = kappa'_max - kappa'_b
and any s_0 >= sqrt(q^_b + k): q^_b <= q^_c <= q^_b + k + Delta_c (so E_b is at most E_c at
Delta = 0), sqrt(s_0^2 + Delta) <= s_0 + Delta / (2 s_0) and |Q^_c| <= |Q^_b| + Delta_c, so
E_b + E_c <= R + B Delta_c with
  R = 2 M [t (2 s_0 + t) + (gamma_{d+1} + 3u + 2 eta)(q^_b + k) + u (K + |Q^_b|)],
  B = M [t / s_0 + gamma_{d+1} + 2 eta + 8u],
s_0 = max(sqrt(D^_b), 2t) (so B < 1; D^_b = q^_b + k to within u). 4u of B and 8u M D^_b added to R
pay for evaluating R, B and the thresholds below in float32.
- Label: b is the float64 winner when (1 - B) Delta_c > R for every c != b, i.e. when b is the only
  class with D^_c <= D^_b + R / (1 - B) (which also refuses exact ties and NaN).
- Confidence 1 / (1 + S), S = sum_{c != b} w_c, w_c = exp(-Delta_c / 2), and posteriors w_c / (1 + S):
  each w_c moves by at most w_c (e^a - 1) <= w_c a e^a, a = (R + B Delta_c) / 2, which bounds the
  change dS of S (Float32Decision.posterior_error), hence of the confidence and the posteriors; a
  pixel is kept when that bound plus the float32 evaluation's (C + 4) u is <= CONFIDENCE_TOLERANCE.
- Pruning: when b is the only class with D^_c <= D^_b + (R + D) / (1 - B), D = 2 M log((C - 1) 2^24),
  every other class adds less than 2^-24 / (C - 1) to S: the confidence is 1 and the posteriors
  one-hot, at float32 precision, with no exp at all. Only the pixels with a class nearer than D
  spend exps.
Pixels that are not certified (a near tie, or an ill-conditioned class making E large) are
recomputed in float64, all those of one call together.

Band units: every bound above on a band-space vector comes from a componentwise one (|F||y|, |y^ - y|,
|W|'|x|; the factor's Res v = (Res S)(S^-1 v)), so it holds with the norms taken in any units of the
bands, S = diag(sigma) > 0: ||y|| read ||S^-1 y||, a matrix A acting on y read A S (a_c = || |F_c| S ||_2,
rho_F = ||Res S||_2, || |W_c| || of S W_c, r = max_c ||S^-1 (mu_c - m)||, ||m|| and ||x|| alike). The
kernels compute exactly as they would in raw units; only the bounds take sigma_j = 2^round(log2 sd_j), sd_j
band j's standard deviation averaged over the classes (band_scales; a power of two: S^-1 y is exact). In
raw units a band of small variance (an index beside reflectances) weighs the large |F| of its direction
against the large |y| of the others: on Maipo's 12 reflectances and 8 NDVI that bound left 97 % of the
pixels to float64, in band units 44 % (README: prediction in float32, bounds in band units).

Monomial kernel (MonomialDecision, d <= MONOMIAL_LIMIT, and up to MONOMIAL_REACH bands where it costs less
than the whitened kernel (monomial_cheaper: many classes) or the other kernel would leave monomial_share(d)
or more of the model's own pixels to float64: float32_decision): the
same certificate with the scores of one float64 product. With y = x - m, P_c = W_c W_c', o_c =
W_c'(mu_c - m), l_c = kappa_max - kappa_c:
D_c = ||W_c'y - o_c||^2 + l_c = sum_{i<=j} A_ij y_i y_j + b'y + k (A_ii = P_ii, A_ij = 2 P_ij, b =
-2 W_c o_c, k = ||o_c||^2 + l_c) is linear in the K = d(d+1)/2 + d + 1 monomials (y_i y_j, y_i, 1),
so all classes are one (C x K) @ (K x n) product. In float32 its cancellation (terms of the size of
the squared whitened distance to m, gamma_K of them) leaves 2 to 3 times as many pixels uncertified
as the whitened form (dev/bench/README.md), so the product is float64 (v = 2^-53, gamma64_k = k v /
(1 - k v)) and D^ its float32 rounding:
- input: y^ = fl64(x - m), |y^ - y| <= v |y| (exact for integers); monomials h = (y_i y_j, y_i, 1):
  |h^ - h| <= gamma64_3 |h|;
- coefficients, each at most 3d + 4 roundings deep from the stored W, mu, kappa:
  |a^ - a| <= gamma64_{3d+4} a~, a~ the same coefficients of |W_c|, |mu_c - m|, |l_c|, and
  a~'|h| = || |W_c|'(|y| + |mu_c - m|) ||^2 + |l_c| <= sigma (||y|| + r)^2 + L,
  sigma = max_c || |W_c| ||_2^2, r = max_c ||mu_c - m||, L = max_c |l_c|;
- product: |fl64(a^'h^) - a^'h^| <= gamma64_K |a^|'|h^|, so
  |D64^_c - D_c| <= gamma64_{K+3d+8} (sigma (||y|| + r)^2 + L);
- rounding to float32: |D^_c - D64^_c| <= u |D^_c| (1 + 2u);
- the float64 path itself (decision_function, uncentred: z = fl(W'x) - fl(W'mu)): in 2-norm
  |z^ - z| <= t64 = gamma64_{d+2} (a ||x|| + nu), a = max_c ||W_c||_F >= sqrt(sigma) and
  nu = max_c || |W_c|'|mu_c| || (reference_error), so
  its score is off by at most 2 t64 s_c + t64^2 + gamma64_{d+2} q_c + v |kappa_c|
  <= 2 t64^2 / u + u q_c + v kappa_abs (2 t s <= t^2/u + u s^2; gamma64 q_c inside M),
  kappa_abs = max_c |kappa_c|;
- ||y|| <= ||y^|| (1 + v), ||x|| <= ||y|| + ||m||, (p + q)^2 <= 2 p^2 + 2 q^2 and q_c <= D_c (l_c >= 0):
  both paths' errors together are at most M [f + 2u D^_c], f = F2 ||y^||^2 + F0 with
  F2 = 2 sigma gamma64_{K+3d+8} + 4 gamma64_{d+2}^2 a^2 / u,
  F0 = 2 sigma gamma64_{K+3d+8} r^2 + gamma64_{K+3d+8} L + 4 gamma64_{d+2}^2 (a ||m|| + nu)^2 / u
       + v kappa_abs.
f is one more row of the product (F2 on the squares, F0 on the 1: nonnegative terms; M^2 covers their
rounding, that of evaluating R, and a D^_b below 0 by at most f), so E_b + E_c <= R + B Delta_c with
R = 2 M f + 4 u M D^_b and B = 2 u M; the float32 thresholds add, as in the whitened kernel, 5u M to B
and 10u M D^_b to R (sum_error = 2u in the code): R = 2 M f + 14 u M D^_b, B = 7 u M.
The maxima over the classes make f the same for every class:
an ill-conditioned class inflates it for all pixels, but f stays about 2^-29 a (||y|| + r) / s_b times
the whitened form's R.

Shared kernel (SharedDecision, d > MONOMIAL_LIMIT, every class with the same whitener W, as alpha = 1
gives: one pooled covariance): with p = W'y, D_c = ||p - o_c||^2 + l_c = ||p||^2 - 2 o_c'p + k_c,
k_c = ||o_c||^2 + l_c (the whitened kernel's F_c is W' here: rho_F = eta = 0), so one float32
projection p^ = fl(W32' y^) (d x d where the whitened kernel projects about C d (d + 1) / 2) and one
float64 product [-2 o_c, k_c] [p^; 1] plus ||p^||^2 (exact inputs: p^ is a float32) score every class,
rounded to float32:
- projection: ||p^ - p|| <= t, the whitened kernel's t_c without its offset (a d-term product, W32 of
  the same a; its float64 path term S ||y^|| + S0 too), so
  | ||p^ - o_c||^2 - ||p - o_c||^2 | <= 2 t s_c + t^2;
- the float64 expansion with the stored o^_c = fl64(W'(mu_c - m)), ||o^_c - o_c|| <= delta =
  gamma64_{d+1} a r, k^_c = fl64(||o^_c||^2 + l_c), its product and sums:
  |D64^_c - ||p^ - o^_c||^2 - l_c| <= gamma64_{d+2} [(||p^|| + r_o)^2 + r_o^2 + 2 L], r_o = max_c ||o^_c||,
  and | ||p^ - o^_c||^2 - ||p^ - o_c||^2 | <= 2 delta s_c + delta^2 <= u q_c + (1 + 1/u) delta^2;
  in all f = F2 ||p^||^2 + F0, F2 = 2 gamma64_{d+2}, F0 = 3 gamma64_{d+2} r_o^2 + 2 gamma64_{d+2} L
  + (1 + 1/u) delta^2 ((p + q)^2 <= 2 p^2 + 2 q^2);
- D64^_c below 0 (cancellation near a class mean) is raised to 0, never farther from D_c >= 0;
- rounding to float32: u |D^_c| (1 + 2u), within the whitened kernel's u (K + |Q^_c|).
So E_c is the whitened kernel's (its (gamma_{d+1} + 3u) q^_c, with no float32 sum of squares here,
holds the u q_c to spare; the float64 path's projection in t as there) plus f, and with
q^_c = D^_c - l_c to within f, s_c <= sqrt(D^_c - l_c) + sqrt(f) adds 2 t sqrt(f) <= t^2 + f to each
of E_b and E_c: R is the whitened kernel's plus 2 M (2 f + t^2) (M^2 with f's own evaluation), B the
same. The float64 product of the C x (d + 1) coefficients costs C (d + 1) multiply-adds per pixel, the
float32 projection d^2: against the whitened kernel's C sum_k r (d + 1 - k r) (groups k of r rows: C x 320
at 20 bands), 3.6 times fewer at 20 bands and 6 classes.
"""

import numpy as np

from .products import matmul

U = 2.0**-24
#: Largest |confidence or posterior - float64 value| of the float32 path.
CONFIDENCE_TOLERANCE = 1e-5
#: The float32 path serves at most this many bands (beyond, the products of roundings grow).
DIRECT_LIMIT = 1024
#: The monomial kernel serves at most this many bands (beyond, its K x n monomials cost more than the
#: whitened product saves; measured in dev/bench/README.md).
MONOMIAL_LIMIT = 4
#: ... and up to MONOMIAL_REACH bands the models on which the other kernel would leave at least
#: MONOMIAL_SHARE of the model's own pixels to float64 (overlapping classes: README, the kernel's choice), a
#: share that rises as (d / MONOMIAL_SHARE_BANDS)^2 beyond that many bands (monomial_share).
MONOMIAL_REACH = 16
MONOMIAL_SHARE = 0.2
MONOMIAL_SHARE_BANDS = 10
#: ... and, up to MONOMIAL_REACH bands, every model of at least MONOMIAL_CLASSES classes with their own
#: covariances that has at most MONOMIAL_TERMS_PER_CLASS monomials per class (monomial_cheaper: the float64
#: product's cost per class grows with the monomials, the whitened kernel's with its projected values, which
#: it writes and reads again; README, the kernel's choice by class count).
MONOMIAL_CLASSES = 8
MONOMIAL_TERMS_PER_CLASS = 5
#: Pixels drawn from a model to estimate that share (model_pixels).
MODEL_PIXELS = 4096
#: Scores per part of a classification (about 2 MB of float32 per array of the part: few, long NumPy loops,
#: which two threads contend for less than for more, shorter ones; dev/bench/HISTORY.md, the prediction
#: kernels).
PART_ELEMENTS = 2**19
#: Projected values per block of the product (512 KB of float32: squared and summed while in L2 cache).
BLOCK_ELEMENTS = 2**17
#: Monomials per block of the monomial kernel's product (4 MB of float64: its passes are few and cheap, so
#: longer ones, which two threads contend for less, pay: README, the monomial kernel).
MONOMIAL_BLOCK_ELEMENTS = 2**19
#: The whitened kernel's triangular product in at most this many groups of rows, about GROUP_ROWS rows each
#: (fewer multiply-adds against more products per block: README, the triangular whitened kernel).
MAX_GROUPS = 8
GROUP_ROWS = 10
MARGIN = 1 + 2.0**-8
V = 2.0**-53
#: Band units 2^k for |k| <= SCALE_LIMIT (band_scales): the squares of scaled inputs stay finite in float32.
SCALE_LIMIT = 40
#: Integer types whose values, and their difference to an integer centre, are exact in float32.
EXACT_TYPES = (np.int8, np.uint8, np.int16, np.uint16)


def gamma(k, unit=U):
    """gamma_k = k u / (1 - k u), the bound on the relative error of a k-term sum (float32, or float64
    with unit=V)."""
    return k * unit / (1 - k * unit)


def band_scales(mixture):
    """Band units sigma `(d,)` of the bounds (module docstring): sigma_j = 2^round(log2 sd_j), sd_j the
    standard deviation of band j averaged over the classes (1 for a constant band)."""
    deviations = np.sqrt(np.diagonal(mixture.covariances_, axis1=1, axis2=2).mean(axis=0))
    exponents = np.log2(deviations, out=np.zeros_like(deviations), where=deviations > 0)
    return 2.0 ** np.clip(np.round(exponents), -SCALE_LIMIT, SCALE_LIMIT)


def triangular_factors(whiteners, scales):
    """Upper triangular F_c with F_c'F_c = W_c W_c' (QR: W_c' = Q_c F_c), so ||F_c v|| = ||W_c'v|| but for the
    QR's rounding, bounded a posteriori: with Res = Q F - W' and O = Q'Q - I of the stored Q, F, W'v =
    Q F v - Res v and ||Q F v||^2 = ||F v||^2 + (F v)'O (F v), so | ||W_c'v|| - ||F_c v|| | <= rho ||S^-1 v||
    + eta ||F_c v|| with rho >= ||Res S||_2, eta >= ||O||_2, S = diag(`scales`): their Frobenius norms
    evaluated in float64 plus that evaluation's error, gamma64_{d+1} (|Q||F| + |W'|) S and gamma64_{d+1}
    (|Q'||Q| + I). Returns (F `(C, d, d)`, rho, eta), rho (the module docstring's rho_F) and eta the
    largest over the classes."""
    d = whiteners.shape[1]
    identity, evaluation = np.eye(d), gamma(d + 1, V)
    factors, rho, eta = [], 0.0, 0.0
    for transposed in whiteners.transpose(0, 2, 1):
        q, factor = np.linalg.qr(transposed)
        factors.append(factor)
        residual = np.linalg.norm((matmul(q, factor) - transposed) * scales)
        magnitude = (matmul(abs(q), abs(factor)) + abs(transposed)) * scales
        rho = max(rho, residual + evaluation * np.linalg.norm(magnitude))
        orthogonality = np.linalg.norm(matmul(q.T, q) - identity)
        eta = max(eta, orthogonality + evaluation * np.linalg.norm(matmul(np.abs(q.T), np.abs(q)) + identity))
    return np.array(factors), MARGIN * rho, MARGIN * eta


def reference_error(mixture, centre, scales):
    """The float64 path's projection error (decision_function, uncentred: z = fl(x'W) - fl(mu'W)): in 2-norm
    t64 <= gamma64_{d+2} (a ||x|| + nu) <= S ||x - m|| + S0 in band units `scales` (module docstring),
    a = max_c ||S W_c||_F (>= || |S W_c| ||_2, without an SVD per class), nu = max_c || |W_c|'|mu_c| ||,
    ||x|| <= ||x - m|| + ||m||. Returns (S, S0) = gamma64_{d+2} (a, a ||m|| + nu)."""
    whiteners = mixture.whiteners_
    spread = np.linalg.norm(whiteners * scales[:, None], axis=(1, 2)).max()
    nu = np.linalg.norm(np.einsum("cde,cd->ce", np.abs(whiteners), np.abs(mixture.means_)), axis=1).max()
    reference = gamma(mixture.n_features + 2, V)
    return reference * spread, reference * (spread * np.linalg.norm(centre / scales) + nu)


def row_groups(d):
    """The groups of rows of the whitened kernel's triangular product at `d` bands: about GROUP_ROWS rows
    each, at most MAX_GROUPS."""
    return min(MAX_GROUPS, max(1, (d + GROUP_ROWS // 2) // GROUP_ROWS))


def float32_decision(mixture, dtype):
    """The certified float32 decision of `mixture` for inputs of `dtype`: the monomial kernel up to
    MONOMIAL_LIMIT bands, else the shared one where every class has the same whitener (one pooled
    covariance), else the whitened one; up to MONOMIAL_REACH bands, the monomial kernel where it costs less
    than the whitened one (monomial_cheaper) or where that one would leave monomial_share(d) or more of the
    model's own pixels (model_pixels) to float64."""
    d = mixture.n_features
    if d <= MONOMIAL_LIMIT:
        return MonomialDecision(mixture, dtype)
    shared = np.all(mixture.whiteners_ == mixture.whiteners_[0])
    if d <= MONOMIAL_REACH and not shared and monomial_cheaper(d, mixture.n_classes):
        return MonomialDecision(mixture, dtype)
    form = (SharedDecision if shared else WhitenedDecision)(mixture, dtype)
    if d <= MONOMIAL_REACH and form.fallback_share(model_pixels(mixture, dtype)) >= monomial_share(d):
        return MonomialDecision(mixture, dtype)
    return form


def monomial_cheaper(d, n_classes):
    """True where the monomial kernel classifies `n_classes` classes of their own covariances over `d` bands
    faster than the whitened one: at least MONOMIAL_CLASSES classes, and its K = (d + 1)(d + 2) / 2 monomials
    at most MONOMIAL_TERMS_PER_CLASS per class (8 classes: up to 7 bands; 10: 8; 16: 11; 24: 14; 32: 16)."""
    return n_classes >= MONOMIAL_CLASSES and (d + 1) * (d + 2) // 2 <= MONOMIAL_TERMS_PER_CLASS * n_classes


def monomial_share(d):
    """The share of pixels left to float64 from which the monomial kernel beats the other one at `d` bands:
    MONOMIAL_SHARE * max(1, (d / MONOMIAL_SHARE_BANDS)^2). Its d (d + 1) / 2 monomials' products are float64
    and outgrow the whitened kernel's float32 ones (README, the kernel's choice: 0.2 at 10 bands, 0.51 at
    16)."""
    return MONOMIAL_SHARE * max(1.0, (d / MONOMIAL_SHARE_BANDS) ** 2)


def model_pixels(mixture, dtype, n=MODEL_PIXELS, seed=0):
    """`n` pixels `(d, n)` of `dtype` drawn from the mixture itself: class c with probability pi_c, x = mu_c +
    W_c'^-1 z (z standard normal, so x ~ N(mu_c, S_c(alpha) + tau R)), rounded and clipped to an integer
    type's range."""
    rng = np.random.default_rng(seed)
    classes = rng.choice(mixture.n_classes, n, p=mixture.priors_ / mixture.priors_.sum())
    roots = np.linalg.inv(mixture.whiteners_)
    X = mixture.means_[classes] + np.einsum("nd,nde->ne", rng.standard_normal((n, mixture.n_features)),
                                            roots[classes])
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        X = np.clip(np.round(X), info.min, info.max)
    return np.ascontiguousarray(X.T.astype(dtype))


class Float32Decision:
    """The certified float32 classification of a mixture for inputs of one dtype, shared by the kernels: a
    kernel gives the distances D^ `(C, n)` with a per-pixel error term (distances()) and R, B from it and
    the winner's D^_b (certificate()), its bounds in the band units `scales` (module docstring)."""

    def __init__(self, mixture, dtype):
        self.mixture = mixture
        n_classes = mixture.n_classes
        self.exact_input = np.dtype(dtype).type in EXACT_TYPES
        centre = mixture.means_.mean(axis=0)
        self.centre = (np.round(centre) if self.exact_input else centre).astype(np.float32)[:, None]
        self.scales = band_scales(mixture)
        uniform = np.all(self.scales == self.scales[0])
        self.square_weights = None if uniform else (1 / self.scales**2).astype(np.float32)
        self.unit = np.float32(1 / self.scales[0])
        self.step = 2 ** max(6, int(np.log2(PART_ELEMENTS / n_classes)))
        self.class_ones = np.ones(n_classes, dtype=np.float32)
        self.class_indices = np.arange(n_classes, dtype=np.float32)
        self.prune = np.float32(2 * MARGIN * np.log(max(n_classes - 1, 1) * 2.0**24))
        self.budget = CONFIDENCE_TOLERANCE - (n_classes + 4) * U

    def relative_error(self, sum_error):
        """Set the slopes of R and B in D^_b and Delta from `sum_error`, the relative part of the kernel's
        bound."""
        self.gap_slope = np.float32(MARGIN * (sum_error + 5 * U))
        self.best_slope = np.float32(2 * MARGIN * (sum_error + 5 * U))

    def scaled_norms(self, y):
        """||S^-1 y|| `(n,)` of band-space vectors `y (d, n)` in band units (float32, exact scaling; one
        einsum when every band has the same unit)."""
        y = y.astype(np.float32, copy=False)
        if self.square_weights is None:
            return np.sqrt(np.einsum("dn,dn->n", y, y)) * self.unit
        return np.sqrt(matmul(self.square_weights, np.square(y)))

    def classify(self, bands, with_posteriors=False):
        """Winning class indices, confidence `(n,)` float32 and, if asked, posteriors `(n, C)` float32 of
        pixels `bands (d, n)`, with the float64 winners and within CONFIDENCE_TOLERANCE of the float64
        values; in parts of `step` pixels, the pixels left uncertified recomputed in float64 together."""
        n = bands.shape[1]
        winners = np.empty(n, dtype=np.intp)
        confidence = np.empty(n, dtype=np.float32)
        posteriors = np.empty((self.mixture.n_classes, n), np.float32) if with_posteriors else None
        retry = self._uncertified(bands, winners, confidence, posteriors)
        if len(retry):
            winners[retry], confidence[retry], posteriors64 = self.mixture.decide(bands[:, retry].T,
                                                                                  with_posteriors)
            if with_posteriors:
                posteriors[:, retry] = posteriors64.T
        return winners, confidence, None if posteriors is None else posteriors.T

    def fallback_share(self, bands):
        """Share of the pixels `bands (d, n)` that classify() would recompute in float64."""
        n = bands.shape[1]
        return len(self._uncertified(bands, np.empty(n, np.intp), np.empty(n, np.float32), None)) / n

    def _uncertified(self, bands, winners, confidence, posteriors):
        """classify() in float32 into `winners`, `confidence` and `posteriors` `(C, n)` (or None), part by
        part; the indices of the pixels left uncertified."""
        retry = []
        with np.errstate(divide="ignore", over="ignore", invalid="ignore"):  # NaN, inf: retried in float64
            for start in range(0, bands.shape[1], self.step):
                part = slice(start, start + self.step)
                retry.append(start + self._classify_part(bands[:, part], winners[part], confidence[part],
                                                         None if posteriors is None else posteriors[:, part]))
        return np.concatenate(retry) if retry else np.empty(0, np.intp)

    def _classify_part(self, bands, winners, confidence, posteriors):
        """classify() of one part into the given views (posteriors `(C, n)` or None), but for the pixels
        it cannot certify, whose indices it returns. A pixel is certified when its winner b is the only
        class with D^_c <= D^_b + R / (1 - B), and pruned (confidence 1) when it is the only one with
        D^_c <= D^_b + (R + D) / (1 - B)."""
        distances, t = self.distances(bands)
        best = np.minimum.reduce(distances, axis=0)
        nearest = np.equal(distances, best, out=np.empty(distances.shape, dtype=np.float32))
        np.copyto(winners, matmul(self.class_indices, nearest), casting="unsafe")
        if posteriors is not None:
            posteriors[:] = nearest
        slack, slope = self.certificate(best, t)
        scale = np.subtract(1, slope)
        np.reciprocal(scale, out=scale)
        reach = slack + self.prune
        reach *= scale
        reach += best
        near = matmul(self.class_ones, np.less_equal(distances, reach, out=nearest))
        confidence[:] = 1
        doubtful = np.flatnonzero(near != 1)
        if not len(doubtful):
            return doubtful
        gaps = np.take(distances, doubtful, axis=1)
        gaps -= best[doubtful]
        slack, slope, scale = slack[doubtful], slope[doubtful], scale[doubtful]
        certain = matmul(self.class_ones, (gaps <= slack * scale).astype(np.float32)) == 1
        weights = np.exp(gaps * np.float32(-0.5))
        total = matmul(self.class_ones, weights)
        error = self.posterior_error(gaps, weights, total, slack, slope, posteriors is not None)
        confidence[doubtful] = 1 / total
        if posteriors is not None:
            posteriors[:, doubtful] = weights / total
        return doubtful[~(certain & (error <= self.budget))]

    def posterior_error(self, gaps, weights, total, slack, slope, with_posteriors):
        """Bound on |confidence - float64| (and on the posteriors' if asked) of pixels `(m,)` whose gaps
        Delta `(C, m)`, weights exp(-Delta/2) and 1 + S are given: each weight moves by at most
        w a e^a, a = (R + B Delta)/2, so S by dS <= e^A (R S + B sum w Delta)/2, A = (R + B max Delta)/2;
        the confidence 1/(1 + S) by dS / ((1 + S)(1 + S - dS)), a posterior by 2 dS / (1 + S - dS).
        Each pixel's bound is its own (whatever the other pixels of the part)."""
        moved = np.exp((slack + slope * gaps.max(axis=0)) / 2)
        moved *= slope * matmul(self.class_ones, weights * gaps) + slack * (total - 1)
        moved *= MARGIN / 2
        room = total - moved
        error = 2 * moved / room if with_posteriors else moved / (total * room)
        return np.where(room > 0, error, np.inf)


class WhitenedDecision(Float32Decision):
    """The whitened kernel: every class's triangular factor F_c taken in groups of rows (row_groups), one
    float32 product per group projects every class, the squares are summed per class."""

    def __init__(self, mixture, dtype):
        super().__init__(mixture, dtype)
        d = mixture.n_features
        factors, rho, eta = self.factors(mixture.whiteners_, self.scales)
        self.relative_error(gamma(d + 1) + 3 * U + 2 * eta)
        centre = self.centre[:, 0].astype(np.float64)
        offsets = np.einsum("cd,ced->ce", mixture.means_ - centre, factors)
        constants = mixture.constants_ - mixture.constants_.max()
        # a_c's largest and r of the module docstring (in band units), for the products' error terms too
        self.spread = max(np.linalg.norm(np.abs(f) * self.scales, 2) for f in factors)
        self.reach = np.linalg.norm((mixture.means_ - centre) / self.scales, axis=1).max()
        spread = self.spread * MARGIN
        reference, reference_floor = reference_error(mixture, centre, self.scales)
        self.slope = np.float32((gamma(d + 1) + 2 * U) * spread + rho + reference)
        self.input_slope = spread
        self.slack_floor = np.float32(2 * MARGIN * U * np.abs(constants).max())
        self.prepare_products(factors, offsets, -constants)
        offsets_error = (rho + gamma(d, V) * spread) * self.reach + reference_floor
        self.offset_error = np.float32(self.offset_error + offsets_error)

    @staticmethod
    def factors(whiteners, scales):
        """The classes' triangular factors and their (rho, eta) in band units `scales`
        (`triangular_factors`)."""
        return triangular_factors(whiteners, scales)

    def prepare_products(self, factors, offsets, lifts):
        """The products of the row groups (float32), the block size, the lifts l_c and the offsets' share of
        t, from the factors `(C, d, d)`, offsets o_c `(C, d)` and lifts `(C,)` (float64): group k holds rows
        k r ... (k + 1) r - 1 of every F_c (zero rows past d), over the columns from k r on and -o."""
        n_classes, d = offsets.shape
        rows = -(-d // row_groups(d))
        self.groups = []
        for first in range(0, d, rows):
            product = np.zeros((n_classes, rows, d + 1 - first))
            last = min(first + rows, d)
            product[:, :last - first, :-1] = factors[:, first:last, first:]
            product[:, :last - first, -1] = -offsets[:, first:last]
            self.groups.append((first, product.reshape(n_classes * rows, -1).astype(np.float32)))
        self.rows = rows
        # Twice BLOCK_ELEMENTS for several groups: their products per block cost two threads more in small
        # blocks (dev/bench/HISTORY.md, the prediction kernels: the triangular whitened kernel).
        elements = BLOCK_ELEMENTS * min(2, len(self.groups))
        self.block = max(64, elements // (n_classes * rows * len(self.groups)))
        self.lifts = lifts.astype(np.float32)[:, None]
        self.offset_error = (gamma(d + 1) + 2 * U) * np.linalg.norm(offsets, axis=1).max()

    def distances(self, bands):
        """Float32 distances D^ = q^ + kappa'_max - kappa' = -Q^ `(C, n)` of pixels `bands (d, n)` and the
        per-pixel error slope t `(n,)`.

        Per block of (2) BLOCK_ELEMENTS projected values, one product per group of rows projects every class
        (the offsets in the last column); the squares of all groups are summed per class by one einsum."""
        d, n = bands.shape
        y = np.empty((d + 1, n), dtype=np.float32)
        np.subtract(bands, self.centre, out=y[:d], dtype=np.float32)
        y[d] = 1
        n_classes = len(self.lifts)
        distances = np.empty((n_classes, n), dtype=np.float32)
        projected = np.empty((len(self.groups), n_classes * self.rows, min(self.block, n)), dtype=np.float32)
        for start in range(0, n, self.block):
            size = min(self.block, n - start)
            block = projected if size == projected.shape[2] else np.empty(projected.shape[:2] + (size,),
                                                                          dtype=np.float32)
            for group, (first, product) in zip(block, self.groups):
                matmul(product, y[first:, start:start + size], out=group)
            grouped = block.reshape(len(self.groups), n_classes, self.rows, size)
            np.einsum("gcrn,gcrn->cn", grouped, grouped, out=distances[:, start:start + size])
        distances += self.lifts
        return distances, self.projection_error(bands, y[:d])

    def projection_error(self, bands, y):
        """t `(n,)`, the bound on the 2-norm of the projection's error, of pixels `bands (d, n)` centred
        as `y` (float32), in band units."""
        norms = self.scaled_norms(y)
        t = norms * self.slope
        t += self.offset_error
        if not self.exact_input:
            t += self.input_slope * U * (self.scaled_norms(bands) + norms) * (1 + 2 * U)
        return t

    def certificate(self, best, t):
        """R and B of the module docstring, per pixel `(n,)`, from the winner's D^_b = q^_b + k = -Q^_b,
        with s_0 raised to 2t so that B < 1 (float32: M covers its roundings)."""
        root = np.sqrt(best)
        np.maximum(root, 2 * t, out=root)
        slope = np.divide(t, root)
        slope *= MARGIN
        slope += self.gap_slope
        slack = np.multiply(root, 2, out=root)
        slack += t
        slack *= t
        slack *= 2 * MARGIN
        slack += self.best_slope * best
        slack += self.slack_floor
        return slack, slope


class SharedDecision(WhitenedDecision):
    """The shared kernel, for classes with one whitener W (one pooled covariance, alpha 1): one float32
    projection p^ = W'y^, then every class's distance ||p^||^2 - 2 o_c'p^ + k_c from one float64 product."""

    @staticmethod
    def factors(whiteners, scales):
        """The classes' W_c' (all the same), exactly: rho = eta = 0 (in any units)."""
        return whiteners.transpose(0, 2, 1), 0.0, 0.0

    def prepare_products(self, factors, offsets, lifts):
        """The shared projection W' (float32), the float64 expansion [-2 o_c, k_c], the block size and the
        expansion's error term f (module docstring); no offset in the float32 product."""
        d = offsets.shape[1]
        self.projection = factors[0].astype(np.float32)
        self.expansion = np.column_stack([-2 * offsets, np.einsum("ce,ce->c", offsets, offsets) + lifts])
        self.block = max(64, BLOCK_ELEMENTS // (d + 1))
        self.offset_error = 0.0
        delta = gamma(d + 1, V) * self.spread * self.reach
        expansion = gamma(d + 2, V)
        offset_norm = np.linalg.norm(offsets, axis=1).max()
        self.square_error = 2 * expansion
        self.error_floor = (3 * expansion * offset_norm**2 + 2 * expansion * lifts.max()
                            + (1 + 1 / U) * delta**2)
        self.extra_weight = np.float32(2 * MARGIN**2)

    def distances(self, bands):
        """Float32 distances D^ `(C, n)` of pixels `bands (d, n)` and their error terms (t, f) `(2, n)`: per
        block of BLOCK_ELEMENTS projected values, p^ = W32'y^ (float32, exact in float64), then
        [-2 o_c, k_c] [p^; 1] + ||p^||^2 in float64."""
        d, n = bands.shape
        y = np.empty((d, n), dtype=np.float32)
        np.subtract(bands, self.centre, out=y, dtype=np.float32)
        distances = np.empty((len(self.expansion), n), dtype=np.float32)
        square_norms = np.empty(n)
        projected = np.empty((d + 1, min(self.block, n)))
        projected[d] = 1
        for start in range(0, n, self.block):
            block = projected[:, :min(self.block, n - start)]
            part = slice(start, start + block.shape[1])
            np.copyto(block[:d], matmul(self.projection, y[:, part]))
            np.einsum("dn,dn->n", block[:d], block[:d], out=square_norms[part])
            scores = matmul(self.expansion, block)
            scores += square_norms[part]
            np.maximum(scores, 0, out=scores)  # D_c >= 0: never farther from it
            distances[:, part] = scores
        expansion_error = square_norms * self.square_error + self.error_floor
        return distances, np.stack([self.projection_error(bands, y), expansion_error.astype(np.float32)])

    def certificate(self, best, error):
        """The whitened kernel's R and B for the projection's t, R raised by 2 M (2 f + t^2) (module
        docstring)."""
        t, f = error
        slack, slope = super().certificate(best, t)
        extra = np.multiply(t, t)
        extra += 2 * f
        extra *= self.extra_weight
        slack += extra
        return slack, slope


class MonomialDecision(Float32Decision):
    """The monomial kernel: the distances are linear in the monomials h(y) = (y_i y_j, y_i, 1), so one
    float64 product of the coefficients `(C + 1, K)` with h `(K, n)` scores every class, its last row
    the error term M^2 f (module docstring)."""

    def __init__(self, mixture, dtype):
        super().__init__(mixture, dtype)
        d = mixture.n_features
        self.relative_error(2 * U)
        self.centre64 = self.centre.astype(np.float64)
        rows, columns = np.triu_indices(d)
        whiteners, lifts = mixture.whiteners_, mixture.constants_.max() - mixture.constants_
        offsets = np.einsum("cd,cde->ce", mixture.means_ - self.centre64[:, 0], whiteners)
        precisions = matmul(whiteners, whiteners.transpose(0, 2, 1))
        squares = precisions[:, rows, columns] * np.where(rows == columns, 1, 2)
        linear = -2 * np.einsum("cde,ce->cd", whiteners, offsets)
        constant = np.einsum("ce,ce->c", offsets, offsets) + lifts
        error = np.zeros(len(rows) + d + 1)
        squares_error, error[-1] = self.error_term(len(error))
        error[np.flatnonzero(rows == columns)] = squares_error / self.scales**2
        self.coefficients = np.vstack([np.column_stack([squares, linear, constant]), error * MARGIN**2])
        self.block = max(64, MONOMIAL_BLOCK_ELEMENTS // len(error))

    def error_term(self, k):
        """F2 and F0 of f = F2 ||S^-1 y^||^2 + F0 (module docstring, in band units) for K = `k` monomials."""
        mixture, centre, scales = self.mixture, self.centre64[:, 0], self.scales
        sigma = max(np.linalg.norm(np.abs(w) * scales[:, None], 2) ** 2 for w in mixture.whiteners_)
        reach = np.linalg.norm((mixture.means_ - centre) / scales, axis=1).max()
        lift = (mixture.constants_.max() - mixture.constants_).max()
        product = gamma(k + 3 * mixture.n_features + 8, V)
        reference, reference_floor = reference_error(mixture, centre, scales)
        squares = 2 * sigma * product + 4 * reference**2 / U
        floor = (2 * sigma * product * reach**2 + product * lift + 4 * reference_floor**2 / U
                 + V * np.abs(mixture.constants_).max())
        return squares, floor

    def distances(self, bands):
        """Float32 distances D^ `(C, n)` of pixels `bands (d, n)` and the error term M^2 f `(n,)`: per
        block of MONOMIAL_BLOCK_ELEMENTS monomials (4 MB of float64), h(y) and one product."""
        d, n = bands.shape
        coefficients = self.coefficients
        scores = np.empty((len(coefficients), n), dtype=np.float32)
        monomials = np.empty((coefficients.shape[1], min(self.block, n)))
        monomials[-1] = 1
        first = len(monomials) - d - 1
        for start in range(0, n, self.block):
            block = monomials[:, :min(self.block, n - start)]
            y = block[first:first + d]
            np.copyto(y, bands[:, start:start + block.shape[1]])  # then subtracting: twice as fast as at once
            y -= self.centre64
            row = 0
            for i in range(d):
                np.multiply(y[i], y[i:], out=block[row:row + d - i])
                row += d - i
            scores[:, start:start + block.shape[1]] = matmul(coefficients, block)
        return scores[:-1], scores[-1]

    def certificate(self, best, error):
        """R = 2 M f + 14 u M D^_b and B = 7 u M (module docstring), per pixel `(n,)`."""
        slack = np.multiply(error, 2)
        slack += self.best_slope * best
        return slack, np.full_like(best, self.gap_slope)
