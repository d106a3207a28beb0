"""Accuracy and area of a classification map from a stratified random reference sample.

The good-practice estimators of Olofsson et al. (2013, Remote Sensing of Environment 129: 122-131;
2014, RSE 148: 42-57, "O14" below) and Stehman (2014, International Journal of Remote Sensing 35:
4923-4939, "S14"). Notation: strata h = 1..H of N_h pixels (N = sum N_h, W_h = N_h / N) with n_h
reference samples; map class i, reference class j, classes 1..C (the same list for both);
n_hij = samples of stratum h with map class i and reference class j.

Every figure is a stratified estimator of a population mean (S14 eq. 3, variance eq. 25-26):

    ybar_st = sum_h W_h ybar_h,        V(ybar_st) = sum_h W_h^2 s_yh^2 / n_h

or of a ratio of two such means, R = ybar_st / xbar_st (S14 eq. 20, variance eq. 27-28):

    V(R) = 1/xbar_st^2 sum_h W_h^2 (s_yh^2 + R^2 s_xh^2 - 2 R s_xyh) / n_h

where y_u, x_u are 0/1 indicators of a sample pixel u, so that with means ybar_h, xbar_h and
(xy)bar_h in stratum h, s_yh^2 = n_h/(n_h-1) ybar_h (1 - ybar_h) and s_xyh = n_h/(n_h-1)
((xy)bar_h - xbar_h ybar_h). The indicators are:

    p_ij  (matrix cell)              y = [map i and reference j]
    O     (overall accuracy, eq. 12) y = [map = reference]
    p_.k  (area proportion, eq. 14)  y = [reference k]
    U_i   (user's, eq. 18-19)        y = [map i and reference i],  x = [map i]
    P_j   (producer's, eq. 22-23)    y = [map j and reference j],  x = [reference j]

When the strata are the map classes (h = i), these are exactly O14's eq. 4 (p_ij = W_i n_ij / n_i.),
eq. 1-3 (O, U_i, P_j), eq. 5-7 (their variances), eq. 9-10 (p_.k and its standard error); areas
follow from eq. 11-12 (A_k = A p_.k, S(A_k) = A S(p_.k)). The finite population correction
(1 - n_h / N_h) is left out, as in O14 (it is negligible when a sample is a small part of its
stratum, and leaving it out errs on the wide side). An interval is the estimate +- z S with z
the normal quantile of the confidence level (z = 1.96 for 95 %, as in O14).
"""

import math
from dataclasses import dataclass

import numpy as np
from scipy.stats import norm

from .products import matmul
from .texts import QT_TRANSLATE_NOOP, SEMICOLON, InputError, Text, joined

MIN_SAMPLES_PER_STRATUM = 2
ALLOCATIONS = ("proportional", "equal")


class AccuracyError(InputError):
    """A reference sample or design the estimators cannot use; the message says how to fix it."""


@dataclass
class AccuracyEstimates:
    """Stratified estimates and standard errors; class arrays follow the class order given.

    `matrix (C, C)`: estimated area proportions p_ij, rows = map class i, columns = reference class j.
    `users`, `producers`: NaN for a class with no map (resp. reference) pixel in the sample.
    `proportions`: p_.k, the estimated share of the mapped area whose reference class is k.
    """

    matrix: np.ndarray
    overall: float
    overall_se: float
    users: np.ndarray
    users_se: np.ndarray
    producers: np.ndarray
    producers_se: np.ndarray
    proportions: np.ndarray
    proportions_se: np.ndarray


def half_width(standard_error, confidence):
    """Half-width z S of the normal interval at `confidence` (z = 1.96 for 0.95)."""
    if not 0 < confidence < 1:
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "confidence level {confidence} is not in (0, 1); give e.g. 0.95"),
            confidence=confidence)
    return norm.ppf(0.5 + confidence / 2) * np.asarray(standard_error, dtype=np.float64)


def counts_of(values, what):
    """`values` as float64 counts: finite whole numbers >= 0, or AccuracyError naming them as `what`."""
    values = np.asarray(values, dtype=np.float64)
    if not np.all(np.isfinite(values) & (values >= 0) & (values == np.round(values))):
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{what} must be whole numbers >= 0; got {values}"),
            what=what, values=values.ravel()[:12].tolist())
    return values


def check_design(sample_counts, stratum_sizes, strata):
    """`n_hij (H, C, C)` and `N_h (H,)` as arrays, or AccuracyError naming the strata a variance cannot
    be estimated in (fewer than 2 samples, unless every pixel of the stratum is one: a stratum of one pixel,
    sampled, is known exactly) and those with samples but no pixel."""
    counts = counts_of(sample_counts, Text(QT_TRANSLATE_NOOP("GmmSelect", "sample counts")))
    sizes = counts_of(stratum_sizes, Text(QT_TRANSLATE_NOOP("GmmSelect", "stratum sizes")))
    if counts.ndim != 3 or counts.shape[1] != counts.shape[2] or counts.shape[0] != len(sizes):
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "sample counts of shape {shape} do not match {strata} strata; give one (classes x "
            "classes) table per stratum"), shape=counts.shape, strata=len(sizes))
    names = list(strata if strata is not None else range(1, len(sizes) + 1))
    if len(names) != len(sizes):
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{names} stratum names for {strata} strata; give one name per stratum"),
            names=len(names), strata=len(sizes))
    n_h = counts.sum(axis=(1, 2))
    empty = [Text(QT_TRANSLATE_NOOP("GmmSelect", "{stratum} (samples: {count})"), stratum=names[h],
                  count=int(n_h[h])) for h in np.flatnonzero((sizes == 0) & (n_h > 0))]
    if empty:
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "strata {strata} have reference samples but no pixel in the map; check that the "
            "strata and the reference belong to this map"), strata=joined(empty, ", "))
    short = [Text(QT_TRANSLATE_NOOP("GmmSelect", "{stratum}: {count} (map pixels: {pixels})"),
                  stratum=names[h], count=int(n_h[h]), pixels=int(sizes[h]))
             for h in np.flatnonzero((sizes > 0) & (n_h < np.minimum(MIN_SAMPLES_PER_STRATUM, sizes)))]
    if short:
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "every stratum needs at least {minimum} reference samples to estimate a variance, "
            "but these have fewer: {strata}; add reference samples in these strata (a sample design draws "
            "them) or merge these strata with others"),
            minimum=MIN_SAMPLES_PER_STRATUM, strata=joined(short, SEMICOLON))
    return counts, sizes


def stratum_variance(weights, n_h, y, x=None, ratio=None):
    """sum_h W_h^2 (s_yh^2 + R^2 s_xh^2 - 2 R s_xyh) / n_h from per-stratum means `(H, ...)` of 0/1
    indicators y <= x (only s_yh^2 without `x`); strata without samples (W_h = 0) add nothing.

    With x, the terms are the variance of d = y - R x over the stratum's samples, which takes the values
    1 - R (y = 1), -R (x = 1, y = 0) and 0: ybar (1 - R)^2 + (xbar - ybar) R^2 - (ybar - R xbar)^2, equal to
    the terms above but exactly 0 where they cancel (an accuracy of 1: 1e-16 otherwise, a root of 1e-8)."""
    used = n_h > 0
    w = (weights[used] ** 2 / np.maximum(n_h[used] - 1, 1)).reshape((-1,) + (1,) * (y.ndim - 1))
    y = y[used]
    if x is None:
        return np.sum(w * y * (1 - y), axis=0)
    x = x[used]
    terms = y * (1 - ratio) ** 2 + (x - y) * ratio ** 2 - (y - ratio * x) ** 2
    return np.sum(w * terms, axis=0)


def ratio_estimate(weights, n_h, y, x):
    """R = ybar_st / xbar_st and its standard error (S14 eq. 20, 27-28), for indicators with y <= x
    (so (xy)bar_h = ybar_h); NaN where xbar_st = 0."""
    y_st, x_st = matmul(weights, y), matmul(weights, x)
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = np.where(x_st > 0, y_st / x_st, np.nan)
        variance = stratum_variance(weights, n_h, y, x, np.nan_to_num(ratio)) / x_st ** 2
    return ratio, np.where(x_st > 0, np.sqrt(np.maximum(variance, 0)), np.nan)


def stratum_means(counts, n_h):
    """Means over each stratum's samples of 0/1 indicators from their counts `(H, ...)`: the counts are
    summed before the one division, so a mean is in [0, 1] exactly (the sum of a stratum's cell means
    n_hii / n_h can round above 1, and y (1 - y) below 0)."""
    return counts / np.maximum(n_h, 1).reshape((-1,) + (1,) * (counts.ndim - 1))


def estimate(sample_counts, stratum_sizes, strata=None):
    """AccuracyEstimates of samples `n_hij (H, C, C)` (stratum h, map class i, reference class j)
    drawn at random in strata of `N_h (H,)` pixels; `strata` names the strata in messages."""
    counts, sizes = check_design(sample_counts, stratum_sizes, strata)
    n_h = counts.sum(axis=(1, 2))
    weights = sizes / sizes.sum()                                          # W_h (strata without pixels: 0)
    means = stratum_means(counts, n_h)                                     # (H, C, C) cell indicator means
    matrix = np.einsum("h,hij->ij", weights, means)                        # O14 eq. 4
    agree = stratum_means(np.einsum("hii->h", counts), n_h)                # [map = reference]
    reference = stratum_means(counts.sum(axis=1), n_h)                     # (H, C) [reference k]
    mapped = stratum_means(counts.sum(axis=2), n_h)                        # (H, C) [map i]
    diagonal = stratum_means(np.einsum("hii->hi", counts), n_h)            # (H, C) [map i and reference i]
    users, users_se = ratio_estimate(weights, n_h, diagonal, mapped)      # O14 eq. 2, 6
    producers, producers_se = ratio_estimate(weights, n_h, diagonal, reference)  # O14 eq. 3, 7
    return AccuracyEstimates(
        matrix=matrix,
        overall=float(matmul(weights, agree)),                                             # O14 eq. 1
        overall_se=float(math.sqrt(stratum_variance(weights, n_h, agree))),                # O14 eq. 5
        users=users, users_se=users_se, producers=producers, producers_se=producers_se,
        proportions=matrix.sum(axis=0),                                                    # O14 eq. 9
        proportions_se=np.sqrt(stratum_variance(weights, n_h, reference)))                 # O14 eq. 10


def overall_by_units(strata, agree, units, stratum_sizes):
    """The standard error of overall accuracy O = sum_h W_h ybar_h with the sample's `units` (a code per
    sample: its polygon) as the units sampled, by the delete-one-unit jackknife (Wolter 2007, Introduction
    to Variance Estimation, 2nd ed., chapter 4): O_(g) without unit g's samples,

        V = (G - 1) / G sum_g (O_(g) - mean_g O_(g))^2,

    for samples of stratum index `strata` `(n,)` whose map and reference agree (`agree`, `(n,)` bool) in
    strata of `N_h (H,)` pixels. Returns (standard error, None), or (None, (h, g)) where deleting unit g
    leaves stratum h, which has pixels, without samples (its samples all lie in g)."""
    sizes = np.asarray(stratum_sizes, dtype=np.float64)
    weights = sizes / sizes.sum()
    labels, unit = np.unique(units, return_inverse=True)
    n_units, n_strata = len(labels), len(sizes)
    cells = unit * n_strata + strata
    n_h = np.bincount(strata, minlength=n_strata)
    agreeing = np.bincount(strata, weights=agree, minlength=n_strata)
    left = n_h - np.bincount(cells, minlength=n_units * n_strata).reshape(n_units, n_strata)
    agreeing_left = agreeing - np.bincount(cells, weights=agree, minlength=n_units * n_strata).reshape(
        n_units, n_strata)
    emptied = np.argwhere((left == 0) & (weights > 0))
    if len(emptied):
        g, h = emptied[0]
        return None, (int(h), labels[g])
    used = weights > 0
    replicates = matmul(agreeing_left[:, used] / left[:, used], weights[used])  # O_(g)
    return float(np.sqrt((n_units - 1) / n_units * np.sum((replicates - replicates.mean()) ** 2))), None


def map_class_design(error_matrix):
    """Sample counts `n_hij (C, C, C)` of a design whose strata are the map classes, from the error
    matrix of sample counts `n_ij (C, C)` (rows = map, columns = reference)."""
    error_matrix = counts_of(error_matrix, Text(QT_TRANSLATE_NOOP("GmmSelect", "the error matrix's counts")))
    counts = np.zeros((len(error_matrix),) + error_matrix.shape, dtype=np.int64)
    for i, row in enumerate(error_matrix):
        counts[i, i] = row
    return counts


def sample_size(weights, expected_users, target_se, population=None):
    """Total sample size of a stratified random design (O14 eq. 13, Cochran 1977 eq. 5.25):

        n = (sum_i W_i S_i)^2 / [S(O)^2 + (1/N) sum_i W_i S_i^2],    S_i = sqrt(U_i (1 - U_i)),

    with W_i the map class area shares, U_i the expected user's accuracies, S(O) the target standard
    error of overall accuracy and N the number of pixels (None: the large-N form (sum W_i S_i / S(O))^2).
    """
    weights = np.asarray(weights, dtype=np.float64)
    if not (np.all(np.isfinite(weights) & (weights >= 0)) and weights.sum() > 0):
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the map class weights must be areas or shares >= 0, not all 0; got {weights}"),
            weights=weights.tolist())
    if population is not None and not population > 0:
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the population is the map's count of pixels, > 0 (or None: a large map); got "
            "{population}"), population=population)
    weights = weights / weights.sum()
    users = np.broadcast_to(np.asarray(expected_users, dtype=np.float64), weights.shape)
    if np.any((users <= 0) | (users >= 1)):
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "expected user's accuracies {accuracies} must lie strictly between 0 and 1; give "
            "e.g. 0.8"), accuracies=users.tolist())
    if not target_se > 0:
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the target standard error of overall accuracy is {target}; give a value > 0 such "
            "as 0.01"), target=target_se)
    spread = np.sqrt(users * (1 - users))
    finite = 0.0 if population is None else float(matmul(weights, spread ** 2)) / population
    return int(math.ceil(matmul(weights, spread) ** 2 / (target_se ** 2 + finite) - 1e-9))


def largest_remainder(shares, total):
    """Integers proportional to `shares` that add up to `total` (Hamilton's largest remainder rule)."""
    quotas = np.asarray(shares, dtype=np.float64) / np.sum(shares) * total
    counts = np.floor(quotas).astype(np.int64)
    order = np.argsort(-(quotas - counts), kind="stable")
    counts[order[:int(total - counts.sum())]] += 1
    return counts


def allocate(n_total, stratum_sizes, minimum=0, rule="proportional"):
    """Samples per stratum `(H,)`, none more than its pixels and none fewer than MIN_SAMPLES_PER_STRATUM (or
    all its pixels), the fewest the estimators take:

    - proportional: `minimum` per stratum, the rest (n - H minimum) proportional to the stratum areas
      W_h (largest remainder rounding);
    - equal: n / H per stratum (rounded), at least `minimum` (O14 section 5.1.1).

    A stratum with fewer pixels than its share gives all of them, and the samples it cannot take go to
    the others by the same rule (`fill_strata`), so the total is kept while the map has the pixels.
    """
    sizes = counts_of(stratum_sizes, Text(QT_TRANSLATE_NOOP("GmmSelect", "stratum sizes"))).astype(np.int64)
    if rule == "proportional":
        counts = minimum + largest_remainder(sizes, max(int(n_total) - minimum * len(sizes), 0))
        shares = sizes
    elif rule == "equal":
        counts = np.full(len(sizes), max(minimum, int(round(n_total / len(sizes)))), dtype=np.int64)
        shares = np.ones(len(sizes))
    else:
        raise AccuracyError(QT_TRANSLATE_NOOP(
            "GmmSelect", "unknown allocation {rule!r}; choose one of {allocations}"),
            rule=rule, allocations=", ".join(ALLOCATIONS))
    return fill_strata(counts, sizes, shares)


def fill_strata(wanted, sizes, shares):
    """`wanted` samples per stratum, at least MIN_SAMPLES_PER_STRATUM and at most its `sizes`; where that
    leaves the total short of wanted's, the rest is spread over the strata with room in proportion to
    `shares` (largest remainders), again until none is left or every stratum is full (each round fills
    a stratum or places them all)."""
    counts = np.minimum(np.maximum(wanted, MIN_SAMPLES_PER_STRATUM), sizes)
    short = int(wanted.sum() - counts.sum())
    while short > 0 and np.any(counts < sizes):
        room = sizes - counts
        extra = np.zeros_like(counts)
        extra[room > 0] = largest_remainder(shares[room > 0], short)
        extra = np.minimum(extra, room)
        counts += extra
        short -= int(extra.sum())
    return counts
