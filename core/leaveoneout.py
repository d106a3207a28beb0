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
The floor. A refit floors the eigenvalues of S_c' and S_j' (at the full model's floor); the closed form
floors G's and B_j's and then downdates, which is the same where floor(G) - g u u' = floor(G - g u u'):
where every eigenvalue of G above its null directions (which u, in the span of the samples, does not
touch) is above the floor and none of S_c''s falls below it. It does not hold at the floor: r = 0 when
x lies off the span of its class's other samples (k >= n_c - 1 features without a ridge: S_c' is
singular), t = 0 likewise with shrinkage when n - C - 1 < k (S_pooled' is). There (leaveoneout.at_floor
finds those models, the secular equation telling where an eigenvalue falls below the floor), select_tau
and cross_validate score the left-out model by its floored eigen decomposition, as a refit: its
eigenvalues below the floor are roots of the secular equation, each found in O(k) (floored_terms); so
does an eigenvalue of G or B_j below the floor that is no rounding of 0 (bands nearly combinations of
others). The selection's leave-one-out (crossval.LeaveOneOut) floors Schur complements (the selection's
own floor, README) and r and t at EIGENVALUE_FLOOR. A class of one sample has no covariance: refused.
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
    """Pooled leave-one-out confusion matrices `(T, C, C)` of all features for every tau of `grid`: the
    MAP class of each sample under its left-out model, the first of equal scores (as argmax)."""
    best = predicted = None
    for c, score in left_out_scores(X, classes, scatter, grid, floor, alpha):
        if best is None:
            n_classes = len(scatter.counts)
            best, predicted = score, np.zeros(score.shape, dtype=np.min_scalar_type(n_classes - 1))
            continue
        better = score > best
        best[better] = score[better]
        predicted[better] = c
        del score, better
    return confusion_matrices(classes, predicted.T, len(scatter.counts))


def left_out_scores(X, classes, scatter, grid, floor, alpha=0.0):
    """(c, Q_c'(x) `(n, T)`) of each class c in turn: every sample's left-out discriminant of class c (up to
    the common -2 log(n - 1)) for every tau of `grid`.

    One eigen decomposition per class of B_c = V diag(lambda) V' and one of G_c (the same eigenvectors
    when alpha = 0: G = a S_c, a = (n_c - 1)/(n_c - 2), 0 for a class of two) serve every tau: the
    eigenvalues lambda + tau, floored at `floor`; q, p and w are sums over the projections of x - mu
    and u weighted by 1 / (lambda + tau). Where a left-out model meets the floor (at_floor), its terms
    are those of its floored eigen decomposition (floored_terms), as a refit's.

    Memory: the scores of one class at a time `(n, T)`, the squares taken in place, the shifts u = x - mu_c
    made again for each class: a few arrays of the samples' size, each product the same call on the same
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
    shift = np.sqrt(terms.squared_shift)
    for c in range(len(eigenvalues)):
        inverse = 1.0 / np.maximum(eigenvalues[c][:, None] + grid[None, :], floor)
        centred = X - scatter.means[c]
        projected = matmul(centred, eigenvectors[c])
        own = classes == c
        left_out = np.maximum(own_eigenvalues[c][:, None] + grid[None, :], floor)
        own_shifts = matmul(centred[own], own_eigenvectors[c])
        own_squared = own_shifts ** 2
        del centred
        own_forms = matmul(own_squared, 1.0 / left_out)
        own_scores = -terms.negative_score(c, own_forms, np.log(left_out).sum(axis=0))
        null = null_directions(own_eigenvalues[c])
        downdate = np.full(len(own_shifts), terms.downdate[c])
        for tau, rows in at_floor(own_eigenvalues[c], null, own_squared, downdate, own_forms, grid, floor):
            forms, logdets = floored_terms(own_eigenvalues[c], null, own_shifts[rows],
                                           shift[c] * own_shifts[rows], downdate[rows], grid[tau], floor)
            own_scores[rows, tau] = terms.own_log_priors[c] - forms - logdets
        del own_squared, own_shifts, own_forms
        constant = terms.log_priors[c] + np.log(inverse).sum(axis=0)
        correction = floored = None
        if alpha:
            shifted = matmul(shifts_of(X, scatter.means, classes), eigenvectors[c])
            cross = matmul(projected * shifted, inverse)
            np.multiply(shifted, shifted, out=shifted)
            shift_forms = matmul(shifted, inverse)
            downdate = terms.pooled_downdate[classes]
            null = null_directions(eigenvalues[c])
            floored = list(at_floor(eigenvalues[c], null, shifted, downdate, shift_forms, grid, floor, own))
            del shifted
            correction = terms.pooled_correction(classes[:, None], cross, shift_forms, overwrite=True)
            del cross, shift_forms
        np.multiply(projected, projected, out=projected)
        score = matmul(projected, inverse)
        del projected
        np.subtract(constant, score, out=score)
        if correction is not None:
            score -= correction
            del correction
        score[own] = own_scores
        for tau, floored_rows in floored or ():
            for start in range(0, len(floored_rows), FLOORED_ROWS):  # every sample where all are floored
                rows = floored_rows[start:start + FLOORED_ROWS]
                points = matmul(X[rows] - scatter.means[c], eigenvectors[c])
                shifts = matmul(shifts_of(X[rows], scatter.means, classes[rows]), eigenvectors[c])
                forms, logdets = floored_terms(eigenvalues[c], null, shifts, points, downdate[rows],
                                               grid[tau], floor)
                score[rows, tau] = terms.log_priors[c] - forms - logdets
        yield c, score
        del score


#: Newton steps at most to the eigenvalue of a left-out model that falls below the floor (floored_terms).
ROOT_STEPS = 200
#: Left-out models scored at once where several of their eigenvalues meet the floor: their matrices, or the
#: arrays of the secular equation's roots, hold about this many numbers (8 MB each) ...
FLOORED_ELEMENTS = 2**20
#: ... of at most this many samples.
FLOORED_ROWS = 16_384


def null_directions(eigenvalues):
    """The eigen directions of B or G (eigenvalues `(k,)`) that are null: eigenvalues below k eps times the
    largest (NumPy's matrix_rank tolerance). The samples' shifts u lie in the span of the others, so a
    left-out sample's downdate h u u' leaves these directions as they are (u's share of them is rounding)."""
    largest = max(float(eigenvalues.max()), 0.0) if len(eigenvalues) else 0.0
    return eigenvalues <= np.finfo(np.float64).eps * len(eigenvalues) * largest


def at_floor(eigenvalues, null, squared, downdates, forms, grid, floor, skip=None):
    """(tau index, rows) of the left-out models A = B - h u u' + tau I of the samples (`squared`: their w^2,
    w = V'u, `(n, k)`; `downdates`: h of each) whose closed form is not exactly their floored refit, as
    floor(B + tau I) - h u u' = floor(B - h u u' + tau I) needs (the null directions of B aside, which u
    does not touch): every kept eigenvalue lambda + tau of B above the floor, and none of A's below it,
    i.e. f(floor) = 1 - h sum w^2 / (lambda + tau - floor) >= 0 (f(mu) = 0 at A's eigenvalues below B's
    smallest: the secular equation). Taus of `grid` at or above the floor leave A >= tau I >= floor I;
    there, and below, the closed form's ratio 1 - h w'(B + tau I)^-1 w (`forms`: its w'(B + tau I)^-1 w
    `(n, T)`) is also refitted where it would be floored at EIGENVALUE_FLOOR. `skip`: a mask of rows left
    out."""
    kept = ~null
    top = forms.max(axis=1) * downdates
    clamped = 1.0 - top < EIGENVALUE_FLOOR
    for tau, value in enumerate(grid):
        below = value < floor
        if below:
            ridged = eigenvalues[kept] + value
            if np.any(ridged <= floor):
                meets = np.ones(len(squared), dtype=bool)
            else:
                weights = np.zeros(len(eigenvalues))
                weights[kept] = 1.0 / (ridged - floor)
                meets = 1.0 - downdates * matmul(squared, weights) < 0
        else:
            meets = np.zeros(len(squared), dtype=bool)
        if clamped.any():
            meets |= clamped & (1.0 - downdates * forms[:, tau] < EIGENVALUE_FLOOR)
        if skip is not None:
            meets &= ~skip
        rows = np.flatnonzero(meets)
        if rows.size:
            yield tau, rows


def floored_terms(eigenvalues, null, shifts, points, downdates, tau, floor):
    """v'floor(A)^-1 v and log|floor(A)| `(m,)` of m left-out models A = diag(lambda) - h w w' + tau I in
    B's eigenbasis (`eigenvalues` lambda `(k,)`, `shifts` w `(m, k)`, `points` v `(m, k)`, `downdates` h
    `(m,)`), floor(A) A with its eigenvalues raised to `floor`: the refit's model.

    The null directions of B (`null`) are A's (u does not touch them): lambda + tau, floored. On the others,
    where all of lambda + tau are above the floor, at most A's smallest eigenvalue mu falls below it
    (interlacing): mu is the root of the secular equation 1 = h sum w^2 / (lambda + tau - mu) below the
    floor, its eigenvector y ~ (lambda + tau - mu)^-1 w, and floor(A) raises mu to the floor (O(k) a model:
    one_floored_terms). Where some lambda + tau meet the floor too, A's eigenvalues below it are as many
    roots, or one more (several_floored_terms)."""
    ridged = eigenvalues + tau
    floored = np.maximum(ridged[null], floor)
    forms = matmul(points[:, null] ** 2, 1.0 / floored) if null.any() else np.zeros(len(points))
    logdets = np.full(len(points), np.log(floored).sum())
    kept = ~null
    if not kept.any():
        return forms, logdets
    ridged, shifts, points = ridged[kept], shifts[:, kept], points[:, kept]
    if ridged.min() <= floor:
        extra_forms, extra_logdets = several_floored_terms(ridged, shifts, points, downdates, floor)
    else:
        extra_forms, extra_logdets = one_floored_terms(ridged, shifts, points, downdates, floor)
    return forms + extra_forms, logdets + extra_logdets


def one_floored_terms(ridged, shifts, points, downdates, floor):
    """floored_terms where every eigenvalue `ridged` (Lambda = lambda + tau) is above the floor.

    Without an eigenvalue of A below the floor, Sherman-Morrison and the determinant lemma:
    v'A^-1 v = v'Lambda^-1 v + h (w'Lambda^-1 v)^2 / r, log|A| = log|Lambda| + log r, r = 1 - h w'Lambda^-1 w.
    Else A's smallest eigenvalue mu (< floor) has the eigenvector y ~ z = (Lambda - mu)^-1 w, and floor(A)
    keeps A's other eigen pairs and raises mu to the floor. With Lambda^-1 w = z - mu Lambda^-1 z, r = h mu
    w'Lambda^-1 z, so the other eigenvalues' product is |A| / mu = |Lambda| h w'Lambda^-1 z, and for
    e = v - (y'v) y (orthogonal to y) e'A^-1 e = e'Lambda^-1 e + mu (z'Lambda^-1 e)^2 / (w'Lambda^-1 z):
    v'floor(A)^-1 v = e'A^-1 e + (y'v)^2 / floor. Neither subtracts r = 1 - h w'Lambda^-1 w, which is 0 up to
    rounding when A is singular (a class of no more samples than bands without a ridge): mu's rounding
    (eps lambda) moves only the negligible term mu (...), and the floored eigenvalue is the floor exactly.
    """
    h = downdates
    inverse = 1.0 / ridged
    weighted = shifts * inverse
    ratio = 1.0 - h * np.einsum("mk,mk->m", weighted, shifts)
    crossed = np.einsum("mk,mk->m", weighted, points)
    forms = np.einsum("mk,mk->m", points * inverse, points)
    logdets = np.full(len(points), np.log(ridged).sum())
    below = (1.0 - h * matmul(shifts * shifts, 1.0 / (ridged - floor)) < 0) | (ratio <= 0)
    above = ~below
    forms[above] += h[above] * crossed[above] ** 2 / ratio[above]
    logdets[above] += np.log(ratio[above])
    if below.any():
        h, w, v = h[below], shifts[below], points[below]
        mu = secular_root(ridged, w, h, floor)
        z = w / (ridged - mu[:, None])
        along = np.einsum("mk,mk->m", z, v) / np.einsum("mk,mk->m", z, z)  # (y'v) / |z|
        e = v - along[:, None] * z
        scale = np.einsum("mk,mk->m", weighted[below], z)  # w'Lambda^-1 z > 0
        forms[below] = (np.einsum("mk,mk->m", e * inverse, e)
                        + mu * np.einsum("mk,mk->m", z * inverse, e) ** 2 / scale
                        + along**2 * np.einsum("mk,mk->m", z, z) / floor)
        logdets[below] += np.log(h * scale) + np.log(floor)
    return forms, logdets


def secular_root(ridged, shifts, downdates, floor):
    """The root mu < floor of f(mu) = 1 - h sum w^2 / (lambda - mu) (`ridged` lambda > floor, each row of
    `shifts` w and `downdates` h one model, f(floor) < 0): A's smallest eigenvalue. f decreases and is
    concave below lambda's smallest, so Newton's steps from the floor fall to the root from above."""
    mu = np.full(len(shifts), float(floor))
    squared = shifts * shifts
    active = np.arange(len(mu))
    for _ in range(ROOT_STEPS):
        gaps = ridged - mu[active, None]
        terms = squared[active] / gaps
        value = 1.0 - downdates[active] * terms.sum(axis=1)
        slope = downdates[active] * (terms / gaps).sum(axis=1)
        step = np.where(value < 0, value / slope, 0.0)  # <= 0
        mu[active] += step
        going = step < -4 * np.finfo(np.float64).eps * np.maximum(np.abs(mu[active]), floor)
        active = active[going]
        if not active.size:
            break
    return mu


def several_floored_terms(ridged, shifts, points, downdates, floor):
    """floored_terms where the first `low` >= 1 of the ascending eigenvalues `ridged` (Lambda) are at or
    below the floor: A's eigenvalues below it are its `low` smallest (interlacing: mu_i < Lambda_i), and one
    more where the secular function f(mu) = 1 - h sum w^2 / (Lambda - mu) is below 0 at the floor. Each is a
    root of f between two poles (the first one above Lambda_1 - h |w|^2), found by Newton's steps kept in
    its bracket (else bisected) and measured from its nearer pole, so that its eigenvector z ~ (Lambda -
    mu)^-1 w is accurate however close it lies to a pole. With Y an orthonormal basis of these L eigenvectors
    and e = v - Y Y'v: v'floor(A)^-1 v = e'A^-1 e + |Y'v|^2 / floor, e'A^-1 e = e'Lambda^-1 e +
    mu_1 (z_1'Lambda^-1 e)^2 / (w'Lambda^-1 z_1), and log|floor(A)| = log|Lambda| + log(h w'Lambda^-1 z_1) -
    sum_(i > 1) log mu_i + L log floor (one_floored_terms' identities, mu_1 the smallest root; every
    eigenvalue floored: |v|^2 / floor and k log floor). O(L k) a model and step. Models whose w misses a pole
    below the floor (an eigenvector of B: no root beside it) or whose B repeats an eigenvalue there, and
    those without a downdate, are decomposed (decomposed_terms)."""
    m, k = shifts.shape
    low = int(np.sum(ridged <= floor))
    poles = min(low + 1, k)
    h = downdates
    regular = (h > 0) & np.all(shifts[:, :poles] != 0, axis=1)
    if np.any(np.diff(ridged[:poles]) <= 0):
        regular[:] = False
    forms, logdets = np.empty(m), np.empty(m)
    irregular = np.flatnonzero(~regular)
    if irregular.size:
        forms[irregular], logdets[irregular] = decomposed_terms(ridged, shifts[irregular], points[irregular],
                                                                h[irregular], floor)
    step = max(1, FLOORED_ELEMENTS // (k * (low + 1)))
    rows = np.flatnonzero(regular)
    for start in range(0, len(rows), step):
        chunk = rows[start:start + step]
        forms[chunk], logdets[chunk] = secular_floored_terms(ridged, shifts[chunk], points[chunk], h[chunk],
                                                             floor, low)
    return forms, logdets


def secular_floored_terms(ridged, w, v, h, floor, low):
    """several_floored_terms of models whose w has no zero at the poles below the floor (and the next)."""
    m, k = w.shape
    squared = w * w
    crossing = np.zeros(m, dtype=bool)
    if low < k and ridged[low - 1] < floor:
        below = squared[:, :low] / (floor - ridged[:low])  # the poles below the floor add to f
        above = matmul(squared[:, low:], 1.0 / (ridged[low:] - floor))
        crossing = 1.0 + h * below.sum(axis=1) - h * above < 0
    roots = low + 1 if crossing.any() else low
    # root i lies between Lambda_(i-1) (Lambda_0 - h |w|^2 for i = 0) and Lambda_i, measured from `origin`
    lower = np.concatenate([[-np.inf], ridged[:roots - 1]])
    upper = ridged[:roots]
    origin = np.broadcast_to(upper, (m, roots)).copy()
    sign = -np.ones((m, roots))  # mu = origin + sign * delta, delta > 0
    width = np.broadcast_to(upper - lower, (m, roots)).copy()
    width[:, 0] = h * squared.sum(axis=1)
    if roots > 1:  # an interior root is measured from the pole it is nearer to (f's sign at the middle)
        middle = (lower[1:] + upper[1:]) / 2
        value = 1.0 - h[:, None] * matmul(squared, 1.0 / (ridged[:, None] - middle[None, :]))
        nearer_upper = value > 0  # f falls between the poles: the root lies above the middle
        origin[:, 1:] = np.where(nearer_upper, upper[1:], lower[1:])
        sign[:, 1:] = np.where(nearer_upper, -1.0, 1.0)
        width[:, 1:] /= 2
    bases = ridged[None, None, :] - origin[:, :, None]  # Lambda_j - origin, exact where close
    pole = np.where(sign < 0, np.arange(roots), np.arange(roots) - 1)  # origin's index
    others = np.repeat(squared[:, None, :], roots, axis=1)
    at_pole = np.take_along_axis(others, pole[:, :, None], axis=2)[:, :, 0]
    np.put_along_axis(others, pole[:, :, None], 0.0, axis=2)
    delta = secular_offsets(bases, others, h[:, None] * at_pole, h, sign, width)
    gaps = bases - (sign * delta)[:, :, None]  # Lambda_j - mu_i
    mu = origin + sign * delta
    z = w[:, None, :] / gaps  # (m, roots, k)
    if roots > low:  # models without the extra root keep `low` of them
        z[~crossing, low] = 0.0
        mu[~crossing, low] = 1.0  # no log
    basis = orthonormal_columns(z.transpose(0, 2, 1), crossing, low)  # (m, k, roots)
    along = np.einsum("mkr,mk->mr", basis, v)
    e = v - np.einsum("mkr,mr->mk", basis, along)
    inverse = 1.0 / ridged
    scale = np.einsum("mk,mk->m", w * inverse, z[:, 0])  # w'Lambda^-1 z_1 > 0
    forms = (np.einsum("mk,mk->m", e * inverse, e)
             + mu[:, 0] * np.einsum("mk,mk->m", z[:, 0] * inverse, e) ** 2 / scale
             + np.einsum("mr,mr->m", along, along) / floor)
    counted = low + crossing
    logdets = (np.log(ridged).sum() + np.log(h * scale) - np.log(mu[:, 1:]).sum(axis=1)
               + counted * np.log(floor))
    every = counted == k  # every eigenvalue floored
    forms[every] = np.einsum("mk,mk->m", v[every], v[every]) / floor
    logdets[every] = k * np.log(floor)
    return forms, logdets


def secular_offsets(bases, others, weight, h, sign, width):
    """delta `(m, roots)` of each root mu = origin + sign delta of f(mu) = 1 - h sum_j w_j^2 / (Lambda_j -
    mu), delta in (0, width]: `bases` Lambda_j - origin `(m, roots, k)`, `others` w_j^2 but at the origin's
    pole, whose h w^2 is `weight`. Newton's steps on g(delta) = delta f = delta (1 - h sum_others w_j^2 /
    (Lambda_j - mu)) + sign h w_o^2 (no pole at the origin; g has f's sign), kept in the bracket that g's
    sign narrows (f rises with delta measured down from a pole, falls measured up from one), else halved
    (geometrically while its ends lie far apart)."""
    lo, hi = np.zeros(width.shape), width.copy()
    delta = width / 2
    tiny = np.finfo(np.float64).tiny
    for _ in range(ROOT_STEPS):
        gaps = bases - (sign * delta)[:, :, None]
        terms = others / gaps
        rest = 1.0 - h[:, None] * terms.sum(axis=2)
        value = delta * rest + sign * weight
        slope = rest - sign * delta * h[:, None] * (terms / gaps).sum(axis=2)  # d g / d delta
        above = (value > 0) == (sign > 0)  # the root lies above delta
        lo = np.where(above, delta, lo)
        hi = np.where(above, hi, delta)
        with np.errstate(divide="ignore", invalid="ignore"):
            newton = delta - value / slope
        halved = np.where(lo > 0, np.sqrt(lo * hi), np.maximum(hi * 2.0**-20, tiny))
        halved = np.where(hi < 4 * lo, (lo + hi) / 2, halved)
        inside = (newton >= lo) & (newton <= hi)
        step = np.where(inside, newton, halved)
        done = np.abs(step - delta) <= 4 * np.finfo(np.float64).eps * delta
        delta = step
        if done.all():
            break
    return delta


def orthonormal_columns(vectors, crossing, low):
    """An orthonormal basis `(m, k, roots)` of each model's eigenvectors below the floor (columns of
    `vectors`), the extra root's column zero where it is not below it."""
    basis = np.zeros(vectors.shape)
    for extra in (False, True):
        models = np.flatnonzero(crossing == extra)
        if not models.size:
            continue
        count = low + extra
        basis[models, :, :count] = np.linalg.qr(vectors[models][:, :, :count])[0]
    return basis


def decomposed_terms(ridged, shifts, points, downdates, floor):
    """floored_terms by the eigen decomposition of each A = diag(ridged) - h w w'."""
    k = len(ridged)
    forms, logdets = np.empty(len(points)), np.empty(len(points))
    step = max(1, FLOORED_ELEMENTS // (k * k))
    for start in range(0, len(points), step):
        rows = slice(start, start + step)
        w = shifts[rows]
        matrices = -downdates[rows, None, None] * w[:, :, None] * w[:, None, :]
        matrices[:, np.arange(k), np.arange(k)] += ridged
        values, vectors = np.linalg.eigh(matrices)
        values = np.maximum(values, floor)
        projected = np.einsum("mk,mkj->mj", points[rows], vectors)
        forms[rows] = np.einsum("mj,mj->m", projected**2, 1.0 / values)
        logdets[rows] = np.log(values).sum(axis=1)
    return forms, logdets


def shifts_of(X, means, classes, rows=16_384):
    """u = x - mu_(class of x) of every sample `(n, d)`, C-contiguous as X - means[classes] is, the means
    gathered `rows` samples at a time."""
    shifts = np.empty(X.shape)
    for start in range(0, len(X), rows):
        block = slice(start, start + rows)
        np.subtract(X[block], means[classes[block]], out=shifts[block])
    return shifts
