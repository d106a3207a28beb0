"""Brute-force peer of the JM selection: every candidate subset is refitted from the samples.

For each subset F: per class, the mean and np.cov of the samples on F's columns; then log|S_c|,
log|(S_i + S_j)/2| and D' ((S_i + S_j)/2)^-1 D by batched slogdet / solve over the classes and
pairs; B_ij = D'S^-1 D / 8 + (log|S| - (log|S_i| + log|S_j|)/2) / 2, JM_ij = sqrt(2 (1 - exp(-B_ij))),
J = sum_{i<j} pi_i pi_j JM_ij. SFS and SFFS follow the listing of EQUATIONS.md, with the engine's
tie rule (lowest feature index) and its relative rounding margin for "strictly better" (1e-12), so
the two must pick the same sets. Plain NumPy, nothing shared with gmmselect.
"""

import numpy as np

IMPROVEMENT = 1e-12


class BruteForceJM:
    """J(F) of any subset F, refitted from the samples `X (n, d)`, classes `y` 0..C-1."""

    def __init__(self, X, y):
        self.samples = [X[y == c] for c in np.unique(y)]
        counts = np.array([len(s) for s in self.samples], dtype=np.float64)
        priors = counts / counts.sum()
        self.first, self.second = np.triu_indices(len(self.samples), 1)
        self.weights = priors[self.first] * priors[self.second]
        self.evaluations = 0

    def __call__(self, features):
        self.evaluations += 1
        features = list(features)
        means = np.array([s[:, features].mean(axis=0) for s in self.samples])
        covariances = np.array([np.cov(s[:, features], rowvar=False).reshape(len(features), len(features))
                                for s in self.samples])
        _, class_logdets = np.linalg.slogdet(covariances)
        pairs = (covariances[self.first] + covariances[self.second]) / 2
        _, pair_logdets = np.linalg.slogdet(pairs)
        delta = means[self.second] - means[self.first]
        mahalanobis = np.einsum("pk,pk->p", delta, np.linalg.solve(pairs, delta[:, :, None])[:, :, 0])
        bhattacharyya = mahalanobis / 8 + (pair_logdets - (class_logdets[self.first] + class_logdets[self.second]) / 2) / 2
        jm = np.sqrt(2 * (1 - np.exp(-np.maximum(bhattacharyya, 0.0))))
        return float(self.weights @ jm)


def beats(value, reference):
    """value > reference by more than IMPROVEMENT * max(1, |reference|) (the engine's margin)."""
    return value > reference + IMPROVEMENT * max(1.0, abs(reference))


def best_addition(J, F, n_features):
    """f* = argmax_{f not in F} J(F + f), lowest index on ties, and J(F + f*)."""
    best, value = None, -np.inf
    for f in range(n_features):
        if f in F:
            continue
        v = J(F + [f])
        if v > value:
            best, value = f, v
    return best, value


def best_removal(J, F):
    """g* = argmax_{g in F} J(F - g), lowest feature index on ties, and J(F - g*)."""
    best, value = None, -np.inf
    for g in sorted(F):
        v = J([f for f in F if f != g])
        if v > value:
            best, value = g, v
    return best, value


def select(X, y, max_features, floating):
    """SFS (floating=False) or SFFS with JM by brute force: best_sets {k: tuple}, best_values {k: float}."""
    J = BruteForceJM(X, y)
    n_features = X.shape[1]
    best_sets, best_values = {}, {}
    F = []
    while len(F) < max_features:
        f, value = best_addition(J, F, n_features)
        F = F + [f]
        k = len(F)
        if k not in best_values or beats(value, best_values[k]):
            best_sets[k], best_values[k] = tuple(F), value
        else:
            F = list(best_sets[k])
        while floating and k > 2:
            g, value = best_removal(J, F)
            if not beats(value, best_values[k - 1]):
                break
            F = [h for h in F if h != g]
            k -= 1
            best_sets[k], best_values[k] = tuple(F), value
    return best_sets, best_values, J.evaluations
