"""Per-class sufficient statistics: counts, means and scatter matrices that merge exactly.

Chan's pairwise update: n = n_a + n_b, delta = mean_b - mean_a, mean = mean_a + delta n_b / n,
M2 = M2_a + M2_b + delta delta' n_a n_b / n; the unbiased covariance is M2 / (n - 1).
Removing a part (the fold downdate of cross-validation) is the same update solved for part a.
"""

import numpy as np

from .products import matmul
from .texts import QT_TRANSLATE_NOOP, InputError
from .validation import MIN_SAMPLES_PER_CLASS, class_counts


def chan_terms(counts, means, other_counts, other_means, sign):
    """Counts and means of a set with `other` added (sign +1) or removed (sign -1), and the weight and
    delta of the scatter correction w delta delta' (delta between the two parts of the larger set,
    w = n_part n_other / n_larger)."""
    n = counts + sign * other_counts
    safe_n = np.where(n > 0, n, 1.0)
    new_means = (counts[:, None] * means + sign * other_counts[:, None] * other_means) / safe_n[:, None]
    if sign > 0:
        return n, new_means, counts * other_counts / safe_n, other_means - means
    weight = n * other_counts / np.where(counts > 0, counts, 1.0)
    return n, new_means, weight, other_means - new_means


class ClassStatistics:
    """Counts `(C,)`, means `(C, d)` and scatter matrices `(C, d, d)` of the classes `labels`."""

    def __init__(self, labels, counts, means, scatters):
        self.labels = np.asarray(labels)
        self.counts = np.asarray(counts, dtype=np.float64)
        self.means = np.asarray(means, dtype=np.float64)
        self.scatters = np.asarray(scatters, dtype=np.float64)

    @classmethod
    def empty(cls, labels, n_features):
        """Statistics of no sample: the neutral element of `merge`."""
        n_classes = len(labels)
        return cls(labels, np.zeros(n_classes), np.zeros((n_classes, n_features)),
                   np.zeros((n_classes, n_features, n_features)))

    @classmethod
    def from_samples(cls, X, y, labels):
        """Statistics of samples `X (n, d)` with labels `y (n,)`, for the classes `labels`."""
        X = np.asarray(X, dtype=np.float64)
        y = np.asarray(y)
        stats = cls.empty(labels, X.shape[1])
        for c, label in enumerate(stats.labels):
            centred = X[y == label]  # one copy of the class's samples, centred in place
            if len(centred):
                stats.counts[c] = len(centred)
                stats.means[c] = centred.mean(axis=0)
                centred -= stats.means[c]
                stats.scatters[c] = matmul(centred.T, centred)
            centred = None  # this class's copy goes before the next class's comes
        return stats

    @property
    def n_features(self):
        """Number of features d."""
        return self.means.shape[1]

    def _combine(self, other, sign):
        """Chan's update with the counts of `other` added (sign +1) or removed (sign -1)."""
        n, means, weight, delta = chan_terms(self.counts, self.means, other.counts, other.means, sign)
        correction = (weight[:, None] * delta)[:, :, None] * delta[:, None, :]
        correction += other.scatters
        correction *= sign
        correction += self.scatters
        return ClassStatistics(self.labels, n, means, correction)

    def merge(self, other):
        """Statistics of the union of two disjoint sample sets (exact, any order)."""
        return self._combine(other, +1)

    def remove(self, part):
        """Statistics of this set without `part`, a subset of it (the fold downdate)."""
        if np.any(part.counts > self.counts):
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "cannot remove more samples of a class than the statistics hold"))
        return self._combine(part, -1)

    def covariances(self):
        """Unbiased covariances M2 / (n_c - 1), `(C, d, d)`; classes need MIN_SAMPLES_PER_CLASS samples."""
        small = self.counts < MIN_SAMPLES_PER_CLASS
        if np.any(small):  # as check_samples says it: the classes and their counts, and the fix
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "every class needs at least {minimum} samples ({detail}); add training samples "
                "or drop these classes"), minimum=MIN_SAMPLES_PER_CLASS,
                detail=class_counts(self.labels[small], self.counts[small].astype(np.int64)))
        return self.scatters / (self.counts - 1)[:, None, None]

    def priors(self):
        """Class priors n_c / n."""
        return self.counts / self.counts.sum()
