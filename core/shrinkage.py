"""The shrinkage intensity toward the pooled covariance, estimated from the samples' own spread.

Schaefer & Strimmer (2005, Stat. Appl. Genet. Mol. Biol. 4(1), art. 32, eq. 11 and table 1), target
S_pooled: the alpha that minimises the expected squared error sum_c ||(1 - alpha) S_c + alpha S_pooled -
Sigma_c||_F^2 is estimated by

    alpha* = sum_c sum_ij Var(s_cij) / sum_c sum_ij (s_cij - p_ij)^2,  clipped to [0, 1]

(the variance of S_pooled and its covariance with S_c left out, as for their targets B and D). The
bands are first divided by their pooled within-class standard deviation (ridge.band_variances), so the
sums weigh every band alike whatever its units. The pixels of one polygon are no independent draws of
their class, so with polygons Var(s_cij) is the delete-one-polygon jackknife of the class
(Shao & Tu 1995, The Jackknife and Bootstrap, 2.1):

    Var(s_cij) = (G - 1) / G sum_g (s_cij^(-g) - mean_g s_cij^(-g))^2,

S_c^(-g) the covariance of the class without its polygon g (a downdate, stats.chan_terms), which
measures how much a class's covariance moves from one field to the next. Without polygons, or for a
class of one polygon (or whose polygons leave fewer than two samples), it is Schaefer & Strimmer's
estimate from the samples: Var(s_ij) = n / (n - 1)^3 sum_k (w_kij - mean_k w_kij)^2 with
w_kij = (x_ki - mean_i)(x_kj - mean_j).
"""

import numpy as np

from .folds import check_groups
from .products import matmul
from .ridge import band_variances
from .stats import chan_terms
from .validation import check_samples


def shrinkage_intensity(X, y, groups=None):
    """alpha* in [0, 1] of samples `X (n, d)`, labels `y` and (optional) the polygon of each sample."""
    X, y, labels = check_samples(X, y)
    groups = None if groups is None else check_groups(y, groups)
    deviations = np.sqrt(band_variances(X, y))
    variance, covariances, counts = 0.0, [], []
    for label in labels:  # one class's samples in the bands' units at a time
        members = np.flatnonzero(y == label)
        scatter, spread = class_spread(X, members, deviations, None if groups is None else groups[members])
        covariances.append(scatter / (len(members) - 1))
        counts.append(len(members))
        variance += spread
    counts = np.asarray(counts, dtype=np.float64)
    covariances = np.asarray(covariances)
    pooled = np.einsum("c,cde->de", (counts - 1) / (counts.sum() - len(labels)), covariances)
    deviation = float(((covariances - pooled) ** 2).sum())
    return 0.0 if deviation == 0 else min(1.0, variance / deviation)


def class_spread(X, members, deviations, groups):
    """The scatter M2 of the class of samples `members` of X / deviations and sum_ij Var(s_ij) of its
    covariance: the jackknife over its polygons `groups`, or over its samples. One copy of the class's
    samples is held, and let go before its polygons are read again from X one at a time."""
    centred = X[members]
    centred /= deviations
    mean = centred.mean(axis=0)
    centred -= mean
    scatter = matmul(centred.T, centred)
    if groups is not None:
        polygons, polygon = np.unique(groups, return_inverse=True)
        sizes = np.bincount(polygon)
        if len(polygons) > 1 and len(centred) - sizes.max() >= 2:
            singles = centred[sizes[polygon] == 1]
            del centred

            def part(rows):
                """The class's samples `rows` (positions among its members), centred as `centred` was."""
                samples = X[members[rows]]
                samples /= deviations
                samples -= mean
                return samples
            return scatter, polygon_jackknife(singles, part, scatter, polygon, sizes)
    return scatter, sample_variance(centred, scatter)


def polygon_jackknife(singles, part, scatter, polygon, sizes):
    """(G - 1) / G sum_g ||S^(-g) - mean_g S^(-g)||_F^2, from the differences D_g = S^(-g) - S (small, so
    their sums lose nothing to cancellation): sum_g ||D_g||^2 - ||sum_g D_g||^2 / G. `singles`: the samples
    of the polygons of one sample, centred on the class mean; `part(rows)`: a copy of the centred samples
    `rows` (positions in the class)."""
    n, G = len(polygon), len(sizes)
    total, squares = single_sample_differences(singles, scatter, n)
    order = np.argsort(polygon, kind="stable")  # each polygon's samples one slice
    for size, end in zip(sizes, np.cumsum(sizes)):
        if size == 1:
            continue
        part_centred = part(order[end - size:end])
        part_mean = part_centred.mean(axis=0)
        _, _, weight, delta = chan_terms(np.array([float(n)]), np.zeros((1, len(scatter))),
                                         np.array([float(size)]), part_mean[None], -1)
        part_centred -= part_mean
        left = scatter - matmul(part_centred.T, part_centred) - weight[0] * np.outer(delta[0], delta[0])
        difference = left / (n - size - 1) - scatter / (n - 1)
        total += difference
        squares += float((difference ** 2).sum())
        part_centred = None  # this polygon's copy goes before the next one's comes
    return (G - 1) / G * max(squares - float((total ** 2).sum()) / G, 0.0)


def single_sample_differences(points, scatter, n):
    """sum_g D_g and sum_g ||D_g||_F^2 over the polygons of one sample (points, centred on the class mean)
    of a class of n samples, at once: without the point c, S^(-g) = (M2 - n/(n - 1) c c') / (n - 2), so
    D_g = a M2 - b c c' with a = 1/(n - 2) - 1/(n - 1), b = n / ((n - 1)(n - 2)), and
    ||D_g||^2 = a^2 ||M2||^2 - 2 a b c'M2c + b^2 ||c||^4."""
    a, b = 1 / (n - 2) - 1 / (n - 1), n / ((n - 1) * (n - 2))
    total = len(points) * a * scatter - b * matmul(points.T, points)
    forms = (matmul(points, scatter) * points).sum(axis=1)
    norms = np.einsum("id,id->i", points, points)
    squares = float(len(points) * a ** 2 * (scatter ** 2).sum() - 2 * a * b * forms.sum()
                    + b ** 2 * (norms ** 2).sum())
    return total, squares


def sample_variance(centred, scatter):
    """n / (n - 1)^3 sum_ij sum_k (w_kij - m_ij)^2 = n / (n - 1)^3 sum_ij (sum_k w_kij^2 - n m_ij^2), from
    the samples centred on their mean (squared in place) and their scatter M2 = n m."""
    n = len(centred)
    if n < 2:
        return 0.0
    squared = np.multiply(centred, centred, out=centred)
    spread = float(matmul(squared.T, squared).sum() - (scatter ** 2).sum() / n)
    return n / (n - 1) ** 3 * max(spread, 0.0)
