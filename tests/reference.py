"""Naive reference implementations for the tests: every subset refitted from scratch with np.cov
and np.linalg, criteria with plain loops, SFS and SFFS exactly as listed in EQUATIONS.md."""

from fractions import Fraction

import numpy as np

IMPROVEMENT = 1e-12  # the same rounding margin as the engine's SFFS comparisons


def pooled_covariance(X, y, features):
    """S_pooled = sum_c (n_c - 1) S_c / (n - C) on `features`, by np.cov (a class of one sample adds
    nothing)."""
    labels = np.unique(y)
    Xf = X[:, list(features)]
    scatter = sum((np.sum(y == c) - 1) * np.atleast_2d(np.cov(Xf[y == c], rowvar=False)) for c in labels
                  if np.sum(y == c) > 1)
    return scatter / (len(y) - len(labels))


def refit(X, y, features, tau=0.0, alpha=0.0, ridge_scale=None):
    """(labels, priors, means, (1 - alpha) S_c + alpha S_pooled + tau R) of the classes on `features`,
    R = I or diag(ridge_scale) (one variance per band of X)."""
    labels = np.unique(y)
    Xf = X[:, list(features)]
    priors = np.array([np.mean(y == c) for c in labels])
    means = np.array([Xf[y == c].mean(axis=0) for c in labels])
    pooled = pooled_covariance(X, y, features)
    ridge = np.eye(len(features)) if ridge_scale is None else np.diag(np.asarray(ridge_scale)[list(features)])
    covs = np.array([(1 - alpha) * np.atleast_2d(np.cov(Xf[y == c], rowvar=False)) + alpha * pooled
                     + tau * ridge for c in labels])
    return labels, priors, means, covs


def discriminant(X, priors, means, covs):
    """Q_c(x) = -(x-mu)'S^-1(x-mu) - log|S| + 2 log pi by inverse and slogdet, `(n, C)`."""
    scores = []
    for prior, mean, cov in zip(priors, means, covs):
        r = X - mean
        scores.append(-np.einsum("ni,ij,nj->n", r, np.linalg.inv(cov), r)
                      - np.linalg.slogdet(cov)[1] + 2 * np.log(prior))
    return np.array(scores).T


def confusion(reference, predicted, n_classes):
    """Confusion matrix by a plain loop."""
    M = np.zeros((n_classes, n_classes))
    for r, p in zip(reference, predicted):
        M[r, p] += 1
    return M


def score(M, criterion):
    """OA, kappa or mean F1 of one confusion matrix, written out."""
    n = M.sum()
    oa = np.trace(M) / n
    if criterion == "accuracy":
        return oa
    if criterion == "kappa":  # in exact fractions of the counts
        counts = [[int(value) for value in row] for row in M]
        total = sum(map(sum, counts))
        pe = Fraction(sum(sum(counts[c]) * sum(row[c] for row in counts) for c in range(len(M))), total**2)
        agreement = Fraction(sum(counts[c][c] for c in range(len(M))), total)
        return 0.0 if pe == 1 else float((agreement - pe) / (1 - pe))
    f1 = [2 * M[c, c] / (M[c, :].sum() + M[:, c].sum()) for c in range(len(M))
          if M[c, :].sum() + M[:, c].sum() > 0]
    return np.mean(f1)


def fold_confusions(X, y, fold, features, tau=0.0, alpha=0.0, ridge_scale=None):
    """The confusion matrix of each fold's test part, each fold model (and its S_pooled) refitted on its
    training part (with the same `ridge_scale` in every fold)."""
    labels = np.unique(y)
    matrices = []
    for v in np.unique(fold):
        train, test = fold != v, fold == v
        _, priors, means, covs = refit(X[train], y[train], features, tau, alpha, ridge_scale)
        predicted = np.argmax(discriminant(X[test][:, list(features)], priors, means, covs), axis=1)
        matrices.append(confusion(np.searchsorted(labels, y[test]), predicted, len(labels)))
    return matrices


def cv_value(X, y, fold, features, criterion, tau=0.0, alpha=0.0, ridge_scale=None):
    """Mean over folds of the criterion (fold_confusions)."""
    matrices = fold_confusions(X, y, fold, features, tau, alpha, ridge_scale)
    return np.mean([score(M, criterion) for M in matrices])


def separability(X, y, features, criterion, tau=0.0, alpha=0.0):
    """sum_{i<j} pi_i pi_j JM_ij or SKL_ij of the refitted classes."""
    _, priors, means, covs = refit(X, y, features, tau, alpha)
    k = len(features)
    total = 0.0
    for i in range(len(priors)):
        for j in range(i + 1, len(priors)):
            delta = means[i] - means[j]
            if criterion == "jm":
                S = (covs[i] + covs[j]) / 2
                logdets = [np.linalg.slogdet(m)[1] for m in (S, covs[i], covs[j])]
                b = delta @ np.linalg.solve(S, delta) / 8 + (logdets[0] - (logdets[1] + logdets[2]) / 2) / 2
                value = np.sqrt(2 * (1 - np.exp(-b)))
            else:
                inv_i, inv_j = np.linalg.inv(covs[i]), np.linalg.inv(covs[j])
                value = 0.5 * (np.trace(inv_i @ covs[j] + inv_j @ covs[i])
                               + delta @ (inv_i + inv_j) @ delta - 2 * k)
            total += priors[i] * priors[j] * value
    return total


def criterion_function(X, y, criterion, fold=None, tau=0.0, alpha=0.0):
    """J(F) refitting everything from scratch."""
    if criterion in ("jm", "kl"):
        return lambda F: separability(X, y, F, criterion, tau, alpha)
    return lambda F: cv_value(X, y, fold, F, criterion, tau, alpha)


def sequential(J, n_features, k_max, floating):
    """SFS or SFFS (EQUATIONS.md listing) over J; ties to the lowest feature index."""
    def beats(value, reference):
        return value > reference + IMPROVEMENT * max(1.0, abs(reference))

    best, best_set = {}, {}
    F = []
    while len(F) < k_max:
        candidates = [f for f in range(n_features) if f not in F]
        values = [J(F + [f]) for f in candidates]
        f = candidates[int(np.argmax(values))]
        F = F + [f]
        k = len(F)
        if k not in best or beats(max(values), best[k]):
            best[k], best_set[k] = max(values), tuple(F)
        else:
            F = list(best_set[k])
        while floating and k > 2:
            removals = [(J([h for h in F if h != g]), -g) for g in F]
            value, minus_g = max(removals)
            if not beats(value, best[k - 1]):
                break
            F = [h for h in F if h != -minus_g]
            k -= 1
            best[k], best_set[k] = value, tuple(F)
    return best_set, best


def class_scatter(Xc):
    """(n_c - 1) S_c by np.cov, `(k, k)`; zero for a class of one sample."""
    k = Xc.shape[1]
    return (len(Xc) - 1) * np.atleast_2d(np.cov(Xc, rowvar=False)) if len(Xc) > 1 else np.zeros((k, k))


def left_out_models(X, y, features):
    """For each sample i, the model refitted without it: (i, its class c, x_i[F], class counts, means and
    scatters (n_c - 1) S_c of the samples left, S_pooled of them); and the full model's scatters.

    The classes other than x_i's keep their samples, so their np.cov is taken once; x_i's class is
    refitted from its other samples, and S_pooled summed again from all classes."""
    labels = np.unique(y)
    n, n_classes = len(y), len(labels)
    Xf = X[:, list(features)]
    counts = np.array([np.sum(y == label) for label in labels])
    means = np.array([Xf[y == label].mean(axis=0) for label in labels])
    scatters = np.array([class_scatter(Xf[y == label]) for label in labels])
    for i in range(n):
        c = int(np.searchsorted(labels, y[i]))
        others = (y == y[i]) & (np.arange(n) != i)
        left_counts, left_means, left_scatters = counts.copy(), means.copy(), scatters.copy()
        left_counts[c] -= 1
        left_means[c] = Xf[others].mean(axis=0)
        left_scatters[c] = class_scatter(Xf[others])
        pooled = left_scatters.sum(axis=0) / (n - 1 - n_classes)
        yield i, c, Xf[i], left_counts, left_means, left_scatters, pooled


def loo_discriminants(X, y, features, tau=0.0, alpha=0.0):
    """Q_c(x_i) `(n, C)` of every sample under the model refitted without it: means, covariances,
    S_pooled and priors (over n - 1) all of the other n - 1 samples (left_out_models)."""
    scores = np.empty((len(y), len(np.unique(y))))
    for i, _, x, left_counts, left_means, left_scatters, pooled in left_out_models(X, y, features):
        covs = ((1 - alpha) * left_scatters / np.maximum(left_counts - 1, 1)[:, None, None]
                + alpha * pooled + tau * np.eye(len(features)))
        r = x - left_means
        scores[i] = (-np.einsum("ci,cij,cj->c", r, np.linalg.inv(covs), r) - np.linalg.slogdet(covs)[1]
                     + 2 * np.log(left_counts / (len(y) - 1)))
    return scores


def floored_loo_discriminants(X, y, features, taus, floor, alpha=0.0):
    """Q_c(x_i) `(T, n, C)` of every sample under the model refitted without it, as GaussianMixture decomposes
    a model: each covariance (1 - alpha) S_c + alpha S_pooled (of the samples left) + tau I by np.linalg.eigh,
    its eigenvalues raised to `floor`, for every tau of `taus` (up to the common -2 log(n - 1)).

    Without shrinkage the classes other than x_i's keep their covariance, decomposed once."""
    labels = np.unique(y)
    Xf = X[:, list(features)]
    kept = [np.linalg.eigh(class_scatter(Xf[y == label]) / (np.sum(y == label) - 1)) for label in labels]
    scores = np.empty((len(taus), len(y), len(labels)))
    for i, c, x, left_counts, left_means, left_scatters, pooled in left_out_models(X, y, features):
        for j in range(len(labels)):
            if alpha or j == c:
                divisor = left_counts[j] - 1 if left_counts[j] > 1 else np.inf  # one sample: no scatter
                values, vectors = np.linalg.eigh((1 - alpha) * left_scatters[j] / divisor + alpha * pooled)
            else:
                values, vectors = kept[j]
            projected = (x - left_means[j]) @ vectors
            for t, tau in enumerate(taus):
                floored = np.maximum(values + tau, floor)
                scores[t, i, j] = (-np.sum(projected**2 / floored) - np.sum(np.log(floored))
                                   + 2 * np.log(left_counts[j]))
    return scores


def loo_value(X, y, features, criterion, tau=0.0, alpha=0.0):
    """The criterion of the pooled confusion matrix of the n refitted left-out predictions."""
    reference = np.searchsorted(np.unique(y), y)
    predicted = np.argmax(loo_discriminants(X, y, features, tau, alpha), axis=1)
    return score(confusion(reference, predicted, len(np.unique(y))), criterion)


def logo_value(X, y, groups, features, criterion, tau=0.0, alpha=0.0):
    """Leave-one-group-out: the criterion of the pooled confusion matrix, each group's model refitted."""
    labels = np.unique(y)
    M = np.zeros((len(labels), len(labels)))
    for group in np.unique(groups):
        train, test = groups != group, groups == group
        _, priors, means, covs = refit(X[train], y[train], features, tau, alpha)
        predicted = np.argmax(discriminant(X[test][:, list(features)], priors, means, covs), axis=1)
        M += confusion(np.searchsorted(labels, y[test]), predicted, len(labels))
    return score(M, criterion)


def stratified_estimates(units, stratum_sizes, n_classes):
    """Stehman (2014)'s estimators computed sample by sample: `units (n, 3)` holds each reference sample's
    stratum, map class and reference class. Each figure is a stratified mean (eq. 3, variance eq. 25) or
    ratio of means (eq. 20, variance eq. 27-28) of 0/1 indicators, with np.var over each stratum's samples
    (ddof 1); returns a dict named as AccuracyEstimates' fields."""
    weights = np.asarray(stratum_sizes, dtype=np.float64) / np.sum(stratum_sizes)
    strata = [units[:, 0] == h for h in range(len(weights)) if np.any(units[:, 0] == h)]
    shares = [weights[units[stratum, 0][0]] for stratum in strata]

    def mean(indicator):
        return sum(w * indicator[s].mean() for w, s in zip(shares, strata))

    def mean_and_error(indicator):
        variance = sum(w**2 * np.var(indicator[s], ddof=1) / s.sum() for w, s in zip(shares, strata))
        return mean(indicator), np.sqrt(variance)

    def ratio_and_error(y, x):
        if mean(x) == 0:
            return np.nan, np.nan
        R = mean(y) / mean(x)
        # s_yh^2 + R^2 s_xh^2 - 2 R s_xyh (eq. 28) is the variance of y - R x over the stratum's samples
        variance = sum(w**2 * np.var(y[s] - R * x[s], ddof=1) / s.sum() for w, s in zip(shares, strata))
        return R, np.sqrt(variance) / mean(x)

    mapped, truth = units[:, 1], units[:, 2]
    classes = range(n_classes)
    estimates = {"matrix": np.array([[mean(1.0 * ((mapped == i) & (truth == j))) for j in classes]
                                     for i in classes])}
    estimates["overall"], estimates["overall_se"] = mean_and_error(1.0 * (mapped == truth))
    right = [1.0 * ((mapped == k) & (truth == k)) for k in classes]
    for name, pairs in (("proportions", [mean_and_error(1.0 * (truth == k)) for k in classes]),
                        ("users", [ratio_and_error(right[k], 1.0 * (mapped == k)) for k in classes]),
                        ("producers", [ratio_and_error(right[k], 1.0 * (truth == k)) for k in classes])):
        estimates[name], estimates[name + "_se"] = (np.array(values) for values in zip(*pairs))
    return estimates
