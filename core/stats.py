"""Per-class sufficient statistics: counts, means and scatter matrices that merge exactly.

Chan's pairwise update: n = n_a + n_b, delta = mean_b - mean_a, mean = mean_a + delta n_b / n,
M2 = M2_a + M2_b + delta delta' n_a n_b / n; the unbiased covariance is M2 / (n - 1).
Removing a part (the fold downdate of cross-validation) is the same update solved for part a.
"""

import numpy as np


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
            Xc = X[y == label]
            if len(Xc):
                centred = Xc - Xc.mean(axis=0)
                stats.counts[c] = len(Xc)
                stats.means[c] = Xc.mean(axis=0)
                stats.scatters[c] = centred.T @ centred
        return stats

    @property
    def n_features(self):
        """Number of features d."""
        return self.means.shape[1]

    def _combine(self, other, sign):
        """Chan's update with the counts of `other` added (sign +1) or removed (sign -1)."""
        n = self.counts + sign * other.counts
        safe_n = np.where(n > 0, n, 1.0)
        totals = self.counts[:, None] * self.means + sign * other.counts[:, None] * other.means
        means = totals / safe_n[:, None]
        # delta between the two parts of the larger set, weighted n_part * n_other / n_larger
        if sign > 0:
            delta, weight = other.means - self.means, self.counts * other.counts / safe_n
        else:
            delta = other.means - means
            weight = n * other.counts / np.where(self.counts > 0, self.counts, 1.0)
        correction = weight[:, None, None] * delta[:, :, None] * delta[:, None, :]
        correction += other.scatters
        return ClassStatistics(self.labels, n, means, self.scatters + sign * correction)

    def merge(self, other):
        """Statistics of the union of two disjoint sample sets (exact, any order)."""
        return self._combine(other, +1)

    def remove(self, part):
        """Statistics of this set without `part`, a subset of it (the fold downdate)."""
        if np.any(part.counts > self.counts):
            raise ValueError("cannot remove more samples of a class than the statistics hold")
        return self._combine(part, -1)

    def covariances(self):
        """Unbiased covariances M2 / (n_c - 1), `(C, d, d)`; classes need two samples."""
        if np.any(self.counts < 2):
            raise ValueError("every class needs at least two samples for a covariance")
        return self.scatters / (self.counts - 1)[:, None, None]

    def priors(self):
        """Class priors n_c / n."""
        return self.counts / self.counts.sum()

    def select(self, features):
        """Statistics of the features at positions `features` only."""
        features = np.asarray(features, dtype=np.intp)
        return ClassStatistics(self.labels, self.counts, self.means[:, features],
                               self.scatters[:, features][:, :, features])

    def subset(self, classes):
        """Statistics of the classes at positions `classes`."""
        return ClassStatistics(self.labels[classes], self.counts[classes], self.means[classes],
                               self.scatters[classes])
