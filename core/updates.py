"""Block (Schur complement) updates of inverses, log-determinants and quadratic forms.

For a batch of covariances Sigma_b and a feature subset F, with A = Sigma[F,F]^-1:
adding f:   alpha = Sigma_ff - u' A u (u = Sigma[F,f]),  log|Sigma[F+f]| = log|Sigma[F]| + log alpha,
            q(F+f) = q(F) + (r_f - u' A r_F)^2 / alpha;
removing g: beta = A_gg,  log|Sigma[F-g]| = log|Sigma[F]| + log beta,  q(F-g) = q(F) - (A r_F)_g^2 / beta.
Every candidate of a step shares A, A r_F and log|Sigma[F]|, so one costs O(k) per point.
"""

import numpy as np


class NestedInverse:
    """Sigma_b[F,F]^-1 and log|Sigma_b[F,F]| of covariances `(B, d, d)`; Schur complements floored at `floor`."""

    def __init__(self, covariances, floor):
        self.covariances = covariances
        self.floor = floor
        self.diagonal = np.diagonal(covariances, axis1=1, axis2=2)
        self.clear()

    def clear(self):
        """Back to the empty subset."""
        self.features = []
        self.inverse = np.zeros((len(self.covariances), 0, 0))
        self.logdet = np.zeros(len(self.covariances))

    def block(self):
        """Sigma_b[F,F], `(B, k, k)`."""
        return self.covariances[:, self.features][:, :, self.features]

    def schur(self, columns=slice(None)):
        """W = A Sigma[F,f] `(B, k, m)` and alpha_f = Sigma_ff - Sigma[F,f]' W floored `(B, m)` for candidates."""
        rows = self.covariances[:, self.features][:, :, columns]
        W = self.inverse @ rows
        alpha = self.diagonal[:, columns] - np.einsum("bkm,bkm->bm", rows, W)
        return W, np.maximum(alpha, self.floor)

    def added_logdets(self, alpha):
        """log|Sigma_b[F+f]| for every candidate, `(B, m)`."""
        return self.logdet[:, None] + np.log(alpha)

    def removed_logdets(self):
        """log|Sigma_b[F-g]| for every g in F, `(B, k)`."""
        return self.logdet[:, None] + np.log(np.diagonal(self.inverse, axis1=1, axis2=2))

    def add(self, feature, w, alpha):
        """Grow F by `feature`, given its column w = A u `(B, k)` and Schur complement alpha `(B,)`."""
        k = len(self.features)
        inverse = np.empty((len(alpha), k + 1, k + 1))
        inverse[:, :k, :k] = self.inverse + w[:, :, None] * w[:, None, :] / alpha[:, None, None]
        inverse[:, :k, k] = inverse[:, k, :k] = -w / alpha[:, None]
        inverse[:, k, k] = 1.0 / alpha
        self.inverse = inverse
        self.logdet = self.logdet + np.log(alpha)
        self.features = self.features + [feature]

    def remove(self, position):
        """Shrink F by the feature at `position`: A' = A[-g,-g] - b b' / beta."""
        keep = [i for i in range(len(self.features)) if i != position]
        b = self.inverse[:, keep, position]
        beta = self.inverse[:, position, position]
        self.logdet = self.logdet + np.log(beta)
        self.inverse = self.inverse[:, keep][:, :, keep] - b[:, :, None] * b[:, None, :] / beta[:, None, None]
        self.features = [self.features[i] for i in keep]


class QuadraticForms:
    """q_b(x) = (x - mu_b)[F]' Sigma_b[F,F]^-1 (x - mu_b)[F] for points `(m, d)` and means `(B, d)`."""

    def __init__(self, points, means):
        self.points = points
        self.means = means
        self.quad = np.zeros((len(means), len(points)))

    def residuals(self, columns, rows=slice(None)):
        """x - mu_b on `columns`, `(B, m, n_columns)`."""
        return self.points[rows][:, columns][None] - self.means[:, None, columns]

    def added(self, nested, W, alpha, columns=slice(None), rows=slice(None)):
        """q_b(x) of F+f for every candidate: q + (r_f - r_F' W_f)^2 / alpha_f, `(B, m, n_columns)`."""
        e = self.residuals(columns, rows) - self.residuals(nested.features, rows) @ W
        return self.quad[:, rows, None] + e**2 / alpha[:, None, :]

    def removed(self, nested, positions=slice(None)):
        """q_b(x) of F-g for g in F: q - (A r_F)_g^2 / A_gg, `(B, m, n_positions)`."""
        z = self.residuals(nested.features) @ nested.inverse[:, :, positions]
        beta = np.diagonal(nested.inverse, axis1=1, axis2=2)[:, positions]
        return self.quad[:, :, None] - z**2 / beta[:, None, :]


class SubsetCriterion:
    """A criterion J(F) of a feature subset F, grown or shrunk one feature at a time.

    Subclasses set `parts`, a list of (NestedInverse, [QuadraticForms]) kept in step, and
    implement `_added()` (J(F+f) for every feature, `(d,)`) and `_removed()` (J(F-g), `(k,)`).
    """

    parts = ()

    @property
    def features(self):
        """The current subset F, in order of addition."""
        return self.parts[0][0].features

    def added_scores(self):
        """J(F+f) for every feature f; -inf for the members of F."""
        scores = np.asarray(self._added(), dtype=np.float64)
        scores[self.features] = -np.inf
        return scores

    def removed_scores(self):
        """J(F-g) for every g in F, in the order of `features`."""
        return np.asarray(self._removed(), dtype=np.float64)

    def add(self, feature):
        """F <- F + feature, by the block updates."""
        for nested, forms in self.parts:
            W, alpha = nested.schur([feature])
            for form in forms:
                form.quad = form.added(nested, W, alpha, [feature])[:, :, 0]
            nested.add(feature, W[:, :, 0], alpha[:, 0])
        self._updated()

    def remove(self, position):
        """F <- F minus its member at `position`, by the block updates."""
        for nested, forms in self.parts:
            for form in forms:
                form.quad = form.removed(nested, [position])[:, :, 0]
            nested.remove(position)
        self._updated()

    def reset(self, features):
        """F <- `features`, rebuilt from the empty set."""
        for nested, forms in self.parts:
            nested.clear()
            for form in forms:
                form.quad = np.zeros_like(form.quad)
        for feature in features:
            self.add(feature)

    def _updated(self):
        """Hook: refresh what a subclass derives from the current inverses."""
