"""Block (Schur complement) updates of Cholesky factors, log-determinants and quadratic forms.

For a batch of covariances Sigma_b and a feature subset F, with Sigma[F,F] = L L':
adding f:   l = L^-1 u (u = Sigma[F,f]),  alpha = Sigma_ff - l'l  (= Sigma_ff - u' Sigma[F,F]^-1 u),
            L(F+f) = [[L, 0], [l', sqrt(alpha)]],  log|Sigma[F+f]| = log|Sigma[F]| + log alpha,
            q(F+f) = q(F) + (r_f - l'z)^2 / alpha  with z = L^-1 r_F, q(F) = z'z;
removing g: beta = (Sigma[F,F]^-1)_gg,  log|Sigma[F-g]| = log|Sigma[F]| + log beta,
            q(F-g) = q(F) - (Sigma[F,F]^-1 r_F)_g^2 / beta.
dropping g = F[p] for good: L without row p, M (k-1 x k), has M M' = Sigma[F-g,F-g]; Givens
            rotations G_j of columns (j, j+1), j = p..k-2, zero its band above the diagonal:
            M G = [L(F-g), 0]. Every W = L^-1 V kept alongside (the coupling L^-1 Sigma[F,:], z) then
            becomes L(F-g)^-1 V[F-g] = the first k-1 rows of G' W, and its last row w drops out of
            the squared norms: alpha_f <- alpha_f + w_f^2, q <- q - w^2. O((k - p)(k + d)) per
            matrix where a rebuild costs O(k^2 d).
Every candidate of a step shares L^-1, z and log|Sigma[F]|, so one costs O(k) per point.
Working with the factor (condition number sqrt(cond Sigma)) rather than the explicit inverse
keeps the Schur complements accurate on strongly correlated bands.
"""

import numpy as np

from .products import matmul

#: A pivot within this factor of the floor may have been floored (or would be after a rebuild):
#: dropping a member before it rebuilds by additions instead of rotating, so the floors stay those
#: of a rebuild. The rounding of a pivot (about k eps Sigma_ff) is far below the floor's 1e-10 scale.
FLOOR_CLEARANCE = 2.0


def rotate(array, rotations, start, axis):
    """Apply Givens rotations (cos, sin) `(B,)` in place: the i-th to the slices start + i and
    start + i + 1 along `axis` (a slice is (B, n), batch first): a <- c a + s b, b <- c b - s a."""
    slices = np.moveaxis(array, axis, 0)
    for j, (cos, sin) in enumerate(rotations, start):
        first, second = slices[j].copy(), slices[j + 1]
        slices[j] = cos[:, None] * first + sin[:, None] * second
        slices[j + 1] = cos[:, None] * second - sin[:, None] * first


class PairAverages:
    """(Sigma_i + Sigma_j) / 2 for the pairs (first, second) of class covariances read by rows."""

    def __init__(self, classes, first, second):
        self.classes, self.first, self.second = classes, first, second
        self.diagonal = (classes.diagonal[first] + classes.diagonal[second]) / 2

    def __len__(self):
        return len(self.first)

    def rows(self, features, columns=slice(None)):
        """(Sigma_i + Sigma_j)[F, columns] / 2 as Sigma_i/2 + Sigma_j/2, `(P, k, m)` (halving is exact: the
        same numbers, with one pass less over the pairs)."""
        half = self.classes.rows(features, columns) / 2
        pairs = half[self.first]
        pairs += half[self.second]
        return pairs


class NestedCholesky:
    """L and L^-1 with L L' = Sigma_b[F,F]; Schur complements floored at `floor`.

    `covariances` is read by rows: `rows(features, columns)` `(B, k, m)`, `diagonal` `(B, d)`, len B.
    """

    #: The factors' rows of an addition are appended when the factors are next read, not by add() (not where
    #: threads read the factors: the first read appends them).
    deferred = False

    def __init__(self, covariances, floor):
        self.covariances = covariances
        self.floor = floor
        self.diagonal = covariances.diagonal
        self.clear()

    def clear(self):
        """Back to the empty subset."""
        self.features = []
        self._factor = np.zeros((len(self.covariances), 0, 0))
        self._inverse_factor = np.zeros_like(self._factor)
        self._unbuilt = []
        self.logdet = np.zeros(len(self.covariances))

    @property
    def factor(self):
        """L `(B, k, k)`, lower triangular."""
        self._build()
        return self._factor

    @property
    def inverse_factor(self):
        """L^-1 `(B, k, k)`, lower triangular."""
        self._build()
        return self._inverse_factor

    def inverse(self):
        """Sigma_b[F,F]^-1 = L^-T L^-1, `(B, k, k)`."""
        return matmul(self.inverse_factor.transpose(0, 2, 1), self.inverse_factor)

    def schur(self, columns=slice(None)):
        """The coupling l = L^-1 Sigma[F,f] `(B, k, m)` and alpha_f = Sigma_ff - l'l floored `(B, m)`."""
        coupling = matmul(self.inverse_factor, self.covariances.rows(self.features, columns))
        alpha = self.diagonal[:, columns] - np.einsum("bkm,bkm->bm", coupling, coupling)
        return coupling, np.maximum(alpha, self.floor)

    def regressions(self, coupling):
        """w = Sigma[F,F]^-1 Sigma[F,f] = L^-T coupling for every candidate, `(B, k, m)`."""
        return matmul(self.inverse_factor.transpose(0, 2, 1), coupling)

    def removed_scales(self):
        """|Sigma_b[F-g]| / |Sigma_b[F]| = (Sigma_b[F,F]^-1)_gg for every g in F, `(B, k)`."""
        return np.diagonal(self.inverse(), axis1=1, axis2=2)

    def removed_logdets(self):
        """log|Sigma_b[F-g]| for every g in F, `(B, k)`."""
        return self.logdet[:, None] + np.log(self.removed_scales())

    def add(self, feature, coupling, alpha):
        """Grow F by `feature`, given its coupling = L^-1 u `(B, k)` and Schur complement alpha `(B,)`; where
        `deferred`, the factors get its row when they are next read (the arrays given are kept till then)."""
        self._unbuilt.append((coupling, alpha))
        self.logdet = self.logdet + np.log(alpha)
        self.features = self.features + [feature]
        if not self.deferred:
            self._build()

    def _build(self):
        """Append the rows of the additions not yet in the factors, in their order: L(F+f) = [[L, 0], [l',
        sqrt(alpha)]] and L(F+f)^-1 = [[L^-1, 0], [-l'L^-1 / sqrt(alpha), 1 / sqrt(alpha)]]."""
        if not self._unbuilt:
            return
        for coupling, alpha in self._unbuilt:
            k = self._factor.shape[1]
            root = np.sqrt(alpha)
            factor = np.zeros((len(alpha), k + 1, k + 1))
            factor[:, :k, :k] = self._factor
            factor[:, k, :k] = coupling
            factor[:, k, k] = root
            inverse_factor = np.zeros_like(factor)
            inverse_factor[:, :k, :k] = self._inverse_factor
            # -x / r, as x / -r (the same number: rounding is symmetric), written in place
            np.divide(np.einsum("bk,bkj->bj", coupling, self._inverse_factor), -root[:, None],
                      out=inverse_factor[:, k, :k])
            np.divide(1.0, root, out=inverse_factor[:, k, k])
            self._factor, self._inverse_factor = factor, inverse_factor
        self._unbuilt = []

    def rotatable(self, position):
        """True when no pivot after `position` is near the floor (FLOOR_CLEARANCE): dropping the member
        there by rotations then gives the factor a rebuild by additions would."""
        pivots = np.diagonal(self.factor, axis1=1, axis2=2)[:, position + 1:] ** 2
        return not np.any(pivots <= FLOOR_CLEARANCE * self.floor)

    def remove(self, position):
        """Drop the member at `position` of F by Givens rotations (module docstring); returns them."""
        k = len(self.features)
        self._build()
        lower = np.delete(self._factor, position, axis=1)
        rotations = []
        for j in range(position, k - 1):
            a, b = lower[:, j, j], lower[:, j, j + 1]
            radius = np.hypot(a, b)
            rotations.append((a / radius, b / radius))
            rotate(lower[:, j:], rotations[-1:], j, axis=2)
        inverse_factor = np.delete(self._inverse_factor, position, axis=2)
        rotate(inverse_factor, rotations, position, axis=1)
        self._factor = np.ascontiguousarray(lower[:, :, :k - 1])
        self._inverse_factor = np.ascontiguousarray(inverse_factor[:, :k - 1])
        self.logdet = 2 * np.log(np.diagonal(self._factor, axis1=1, axis2=2)).sum(axis=1)
        self.features = self.features[:position] + self.features[position + 1:]
        return rotations


class CandidateCholesky(NestedCholesky):
    """A NestedCholesky that keeps the coupling L^-1 Sigma[F,f] and alpha_f of every candidate f, `(B, k, d)`
    and `(B, d)`, grown by one row per added feature g instead of recomputed:
    row_f = (Sigma_gf - l_g'l_f) / sqrt(alpha_g) (the last row of L(F+g)^-1 Sigma[F+g,f]) and
    alpha_f <- alpha_f - row_f^2: O(k d) per step and class where L^-1 Sigma[F,:] costs O(k^2 d);
    rotated when a member is dropped (module docstring). They are computed directly the first time
    every candidate is asked for, with room for 8 more rows, doubled when full. The row of an added
    feature is appended when the candidates are next read or rotated: the last addition of a
    selection never pays for it. They are kept for the batch members `served` only (serve(): all by
    default; JM pairs no candidate can move are left out), a member that comes back computed directly. The
    factors' rows are deferred (NestedCholesky.deferred): with every candidate's coupling kept, SFS by JM
    never reads the factors."""

    deferred = True

    def clear(self):
        """Back to the empty subset; the candidates' coupling is computed when next asked for."""
        super().clear()
        self._coupling = None
        self._pending = None
        self.served = slice(None)

    def serve(self, members):
        """Keep the candidates' coupling for at least the batch `members` (sorted indices): the served set
        shrinks to them once a quarter of it is not among them (a shrink costs a copy), and a member not
        served is computed directly. schur() gives the `served` members' (slice(None): all), `(s, k, m)`."""
        members = np.asarray(members, dtype=np.intp)
        every = len(members) == len(self.covariances)
        if self._coupling is None or (every and isinstance(self.served, slice)):
            self.served = slice(None) if every else members
            return
        served = np.arange(len(self.covariances))[self.served]
        kept = np.isin(members, served)
        if kept.all() and 4 * (len(served) - len(members)) < len(served):
            return
        self._append_pending()
        k = len(self.features)
        places = np.searchsorted(served, members[kept])
        coupling = np.empty((len(members),) + self._coupling.shape[1:])
        alpha = np.empty((len(members), self.diagonal.shape[1]))
        coupling[kept, :k], alpha[kept] = self._coupling[places, :k], self._alpha[places]
        back = members[~kept]
        if len(back):
            returning = matmul(self.inverse_factor[back], self.covariances.rows(self.features)[back])
            coupling[~kept, :k] = returning
            alpha[~kept] = self.diagonal[back] - np.einsum("bkm,bkm->bm", returning, returning)
        self.served, self._coupling, self._alpha = slice(None) if every else members, coupling, alpha
        self._floors = np.full_like(alpha, self.floor)

    def schur(self, columns=slice(None)):
        """The coupling and floored alpha_f of the candidates `columns`: every batch member's for given
        columns, `(B, k, m)` and `(B, m)`; for every candidate, the served members' (serve())."""
        every = isinstance(columns, slice) and columns == slice(None)
        if self._coupling is None:
            if not every:
                return super().schur(columns)
            self._refresh()
        self._append_pending()
        coupling = self._coupling[:, :len(self.features), columns]
        alpha = np.maximum(self._alpha[:, columns], self._floors[:, columns])
        if every or isinstance(self.served, slice):
            return coupling, alpha
        direct_coupling, direct_alpha = super().schur(columns)
        direct_coupling[self.served], direct_alpha[self.served] = coupling, alpha
        return direct_coupling, direct_alpha

    def _refresh(self):
        """The served members' coupling L^-1 Sigma[F,:] and alpha of every candidate, computed directly."""
        k, served = len(self.features), self.served
        rows = self.covariances.rows(self.features)[served]
        self._coupling = np.empty((len(rows), k + 8, self.diagonal.shape[1]))
        self._coupling[:, :k] = matmul(self.inverse_factor[served], rows)
        coupling = self._coupling[:, :k]
        self._alpha = self.diagonal[served] - np.einsum("bkm,bkm->bm", coupling, coupling)
        self._floors = np.full_like(self._alpha, self.floor)  # NumPy's maximum with a scalar is twice as slow

    def add(self, feature, coupling, alpha):
        """Grow F by `feature`; when kept, every candidate's coupling gets its row when next read."""
        self._append_pending()
        if self._coupling is not None:
            self._pending = (feature, coupling, alpha)
        super().add(feature, coupling, alpha)

    def _append_pending(self):
        """Append the row of the feature added last (its coupling `(B, k)` and alpha `(B,)` given to add) to
        every candidate's coupling; alpha_f - row_f^2."""
        if self._pending is None:
            return
        feature, coupling, alpha = self._pending
        self._pending = None
        served = self.served
        k = len(self.features) - 1
        if k == self._coupling.shape[1]:
            grown = np.empty((len(self._coupling), 2 * k, self._coupling.shape[2]))
            grown[:, :k] = self._coupling
            self._coupling = grown
        row = np.einsum("bk,bkm->bm", coupling[served], self._coupling[:, :k])
        np.subtract(self.covariances.rows([feature])[served, 0], row, out=row)
        row /= np.sqrt(alpha[served])[:, None]
        self._coupling[:, k] = row
        self._alpha -= row * row

    def remove(self, position):
        """Drop the member at `position`; every candidate's coupling rotated, alpha_f + w_f^2."""
        self._append_pending()
        k = len(self.features)
        rotations = super().remove(position)
        if self._coupling is not None:
            served = self.served
            rotate(self._coupling, [(cos[served], sin[served]) for cos, sin in rotations], position, axis=1)
            dropped = self._coupling[:, k - 1]
            self._alpha += dropped * dropped
        return rotations


class QuadraticForms:
    """q_b(x) = ||z||^2, z = L_b^-1 (x - mu_b)[F], for points `(m, d)` and means `(B, d)`."""

    def __init__(self, points, means, at_origin=False):
        self.points = points
        self.means = means
        #: every point is 0 (JM's one point, the means' differences as the means): x - e is then -e, whose
        #: square is e's bit for bit, so added() squares e as it is
        self.at_origin = at_origin
        self.clear()

    def clear(self):
        """Back to the empty subset."""
        self.whitened = np.zeros((len(self.means), len(self.points), 0))
        self.quad = np.zeros((len(self.means), len(self.points)))

    def part(self, rows):
        """The forms of the points `rows` (a slice: views, to score a part on its own thread)."""
        part = QuadraticForms(self.points[rows], self.means, self.at_origin)
        part.whitened, part.quad = self.whitened[:, rows], self.quad[:, rows]
        return part

    def residuals(self, columns, rows=slice(None)):
        """x - mu_b on `columns`, `(B, m, n_columns)`."""
        return self.points[rows][:, columns][None] - self.means[:, None, columns]

    def predictors(self, rows=slice(None)):
        """[z, 1] of the points `rows`, `(B, m, k + 1)`."""
        whitened = self.whitened[:, rows]
        return np.concatenate([whitened, np.ones(whitened.shape[:2] + (1,))], axis=2)

    def regression(self, coupling, columns=slice(None)):
        """[l_f; mu_f] `(B, k + 1, n_columns)`: predictors @ regression = mu_f + z'l_f, the value of
        feature f expected from the features of F."""
        return np.concatenate([coupling, self.means[:, None, columns]], axis=1)

    def added(self, coupling, alpha, columns=slice(None), rows=slice(None), members=slice(None)):
        """q_b(x) of F+f for every candidate: q + (r_f - z'l_f)^2 / alpha_f, `(B, m, n_columns)` (of the
        batch `members`, whose coupling and alpha are given).

        r_f - z'l_f = x_f - (mu_f + z'l_f), with z'l_f as one product and mu_f added after: the
        [z, 1] @ [l; mu] form would copy the whole coupling of every candidate at every step."""
        e = matmul(self.whitened[members][:, rows], coupling)
        e += self.means[members][:, None, columns]
        if not self.at_origin:
            np.subtract(self.points[rows][:, columns][None], e, out=e)
        e *= e
        e /= alpha[:, None, :]
        e += self.quad[members][:, rows, None]
        return e

    def removed(self, nested):
        """q_b(x) of F-g for g in F: q - (Sigma[F,F]^-1 r_F)_g^2 / beta_g, `(B, m, k)`."""
        inverse = nested.inverse()
        solved = matmul(self.whitened, nested.inverse_factor)
        beta = np.diagonal(inverse, axis1=1, axis2=2)
        return self.quad[:, :, None] - solved**2 / beta[:, None, :]

    def remove(self, position, rotations):
        """Drop the member at `position` of F, given the factor's Givens `rotations`: q <- q - w^2."""
        k = self.whitened.shape[2]
        whitened = self.whitened.copy()
        rotate(whitened, rotations, position, axis=2)
        dropped = whitened[:, :, k - 1]
        self.quad = self.quad - dropped * dropped
        self.whitened = np.ascontiguousarray(whitened[:, :, :k - 1])

    def add(self, feature, coupling, alpha):
        """Grow F by `feature`: z <- [z, (r_f - z'coupling) / sqrt(alpha)]."""
        e = self.residuals([feature]) - matmul(self.whitened, coupling[:, :, None])
        e /= np.sqrt(alpha)[:, None, None]
        self.whitened = np.concatenate([self.whitened, e], axis=2)
        self.quad = self.quad + e[:, :, 0] ** 2


class SubsetCriterion:
    """A criterion J(F) of a feature subset F, grown or shrunk one feature at a time.

    Subclasses set `parts`, a list of (NestedCholesky, [QuadraticForms]) kept in step, and
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
            coupling, alpha = nested.schur([feature])
            for form in forms:
                form.add(feature, coupling[:, :, 0], alpha[:, 0])
            nested.add(feature, coupling[:, :, 0], alpha[:, 0])
        self._updated()

    def remove(self, position):
        """F <- F minus its member at `position`."""
        self._drop(position)
        self._updated()

    def reset(self, features):
        """F <- `features`: the members of F that begin `features` (in order) stay, the others are
        dropped, and the rest of `features` is added."""
        kept, dropped = 0, []
        for position, feature in enumerate(self.features):
            if kept < len(features) and feature == features[kept]:
                kept += 1
            else:
                dropped.append(position)
        for position in reversed(dropped):
            self._drop(position)
        for feature in features[kept:]:
            self.add(feature)
        self._updated()

    def _drop(self, position):
        """Drop the member at `position` by rotations; where a later pivot is near the floor
        (NestedCholesky.rotatable), drop every member from `position` on and add the later ones back."""
        later = self.features[position + 1:]
        if not all(nested.rotatable(position) for nested, _ in self.parts):
            for last in range(len(self.features) - 1, position, -1):
                self._drop(last)
            self._drop(position)
            for feature in later:
                self.add(feature)
            return
        for nested, forms in self.parts:
            rotations = nested.remove(position)
            for form in forms:
                form.remove(position, rotations)

    def _updated(self):
        """Hook: refresh what a subclass derives from the current inverses."""
