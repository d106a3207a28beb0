"""Gaussian mixture classifier: one Gaussian per class and the maximum a posteriori rule.

Q_c(x) = -(x - mu_c)' S_c^-1 (x - mu_c) - log|S_c| + 2 log pi_c, class(x) = argmax_c Q_c(x),
computed from the symmetric eigen decomposition S_c(alpha, tau) = V diag(lambda) V' of the
regularised covariance S_c(alpha, tau) = (1 - alpha) S_c + alpha S_pooled + tau R, S_pooled =
sum_c (n_c - 1) S_c / (n - C) (Friedman 1989; alpha = 0: the plain ridge). The ridge's scale R is the
identity (an absolute tau, in squared band units) or, for a relative tau, a diagonal R = diag(r) of one
variance per band (the pooled within-class variances of the training samples: tau is then the same
fraction of every band's variance, whatever its units).

Eigenvalue floor: every eigenvalue (and every Schur complement in the selection updates) is
raised to at least ``EIGENVALUE_FLOOR * s``, s the mean band variance over the classes (the
mean of trace(S_c) / d). A relative floor keeps singular covariances (fewer samples than bands,
constant or duplicated bands) finite whether the data are digital numbers or reflectances,
and caps every condition number at 1e10.
"""

import numpy as np

from .float32 import DIRECT_LIMIT, EXACT_TYPES, float32_decision
from .products import matmul
from .scatter import check_alpha
from .stats import ClassStatistics
from .texts import QT_TRANSLATE_NOOP, InputError
from .threads import single_threaded_blas
from .validation import check_features, check_samples, check_tau

EIGENVALUE_FLOOR = 1e-10
#: Projected values per chunk of the decision function (4 MB of float64: cache-sized) ...
CHUNK_ELEMENTS = 2**19
#: ... in chunks of a multiple of CHUNK_ALIGN samples, at most CHUNK_SAMPLES: every BLAS kernel's tiles of
#: samples (1 to 16 wide) fill each chunk, and a short call pads to one chunk, not to CHUNK_ELEMENTS.
CHUNK_ALIGN = 64
CHUNK_SAMPLES = 192


def variance_floor(variances):
    """The eigenvalue floor EIGENVALUE_FLOOR * s, s the mean of the band variances `(C, d)` of the classes."""
    scale = np.mean(variances)
    return EIGENVALUE_FLOOR * (scale if scale > 0 else 1.0)


def log_posteriors(scores):
    """Normalised log p(c|x) = Q_c/2 - log sum_j exp(Q_j/2), with the max subtracted first, of scores
    `(n, C)`. Computed class-major (reductions over a short axis cost several times more), returned
    as an `(n, C)` view; the sum class after class, as NumPy's reduction would not for one sample (its
    pairwise sum of 8 or more classes), so a sample's posteriors do not depend on the others."""
    half = np.divide(scores.T, 2, order="C")
    half -= np.maximum.reduce(half, axis=0)
    weights = np.exp(half)
    total = weights[0].copy()
    for weight in weights[1:]:
        total += weight
    half -= np.log(total)
    return half.T


class GaussianMixture:
    """One Gaussian per class: priors `(C,)`, means `(C, d)`, covariances `(C, d, d)`, ridge `tau` times
    `ridge_scale` (`(d,)` band variances; None: the identity), shrinkage `alpha` toward the pooled
    covariance (which needs the class `counts`)."""

    def __init__(self, labels, priors, means, covariances, tau=0.0, class_names=None, floor=None,
                 counts=None, alpha=0.0, ridge_scale=None):
        self.labels_ = np.asarray(labels)
        self.priors_ = np.asarray(priors, dtype=np.float64)
        self.means_ = np.asarray(means, dtype=np.float64)
        self.covariances_ = np.asarray(covariances, dtype=np.float64)
        self.tau_ = check_tau(tau)
        self.alpha_ = check_alpha(alpha)
        self.counts_ = None if counts is None else np.asarray(counts, dtype=np.float64)
        self.ridge_scale_ = None if ridge_scale is None else np.asarray(ridge_scale, dtype=np.float64)
        self.class_names_ = ([str(label) for label in self.labels_] if class_names is None
                             else [str(name) for name in class_names])
        if self.alpha_ and self.counts_ is None:
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "shrinkage toward the pooled covariance (alpha > 0) needs the class counts"))
        scale = self.ridge_scale_
        if scale is not None and (scale.shape != (self.n_features,) or not np.all(np.isfinite(scale))
                                  or not np.all(scale > 0)):
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "the ridge scale needs one finite variance > 0 per band ({bands})"),
                bands=self.n_features)
        self.ridge_root_ = np.ones(self.n_features) if scale is None else np.sqrt(scale)
        variances = np.diagonal(self.covariances_, axis1=1, axis2=2) / (1.0 if scale is None else scale)
        self.floor_ = variance_floor(variances) if floor is None else float(floor)
        self._decompose()

    @classmethod
    def fit(cls, X, y, tau=0.0, class_names=None, alpha=0.0, ridge_scale=None):
        """Learn priors n_c/n, means and unbiased covariances from samples `X (n, d)` and labels `y`."""
        X, y, labels = check_samples(X, y)
        return cls.from_statistics(ClassStatistics.from_samples(X, y, labels), tau, class_names,
                                   alpha=alpha, ridge_scale=ridge_scale)

    @classmethod
    def from_statistics(cls, stats, tau=0.0, class_names=None, floor=None, alpha=0.0, ridge_scale=None):
        """The model of per-class sufficient statistics (e.g. streamed block by block)."""
        return cls(stats.labels, stats.priors(), stats.means, stats.covariances(), tau, class_names,
                   floor, stats.counts, alpha, ridge_scale)

    @property
    def n_features(self):
        """Number of features d."""
        return self.means_.shape[1]

    @property
    def n_classes(self):
        """Number of classes C."""
        return len(self.labels_)

    def blended_covariances(self):
        """(1 - alpha) S_c + alpha S_pooled, S_pooled = sum_c (n_c - 1) S_c / (n - C), `(C, d, d)`."""
        if not self.alpha_:
            return self.covariances_
        weights = (self.counts_ - 1) / (self.counts_.sum() - self.n_classes)
        pooled = np.einsum("c,cde->de", weights, self.covariances_)
        return (1 - self.alpha_) * self.covariances_ + self.alpha_ * pooled

    def _decompose(self):
        """Eigenvalues lambda and vectors V of S_c(alpha, tau) in ridge units, floored, and the whitening maps
        W_c = D^-1 V diag(lambda)^-1/2, D = diag(ridge_root_): with a relative ridge D^-1 S_c(alpha) D^-1 +
        tau I, in which the search scored it (so the floor is relative to each band's variance), else
        S_c(alpha) + tau I (D = I). log|S_c(alpha) + tau R| = sum log lambda + 2 sum log diag(D)."""
        if self.ridge_scale_ is None:
            eigenvalues, eigenvectors = np.linalg.eigh(self.blended_covariances())
            eigenvalues += self.tau_
        else:
            scaled = self.blended_covariances() / np.outer(self.ridge_root_, self.ridge_root_)
            eigenvalues, eigenvectors = np.linalg.eigh(scaled + self.tau_ * np.eye(self.n_features))
        self.eigenvalues_ = np.maximum(eigenvalues, self.floor_)
        self.whiteners_ = eigenvectors / np.sqrt(self.eigenvalues_)[:, None, :] / self.ridge_root_[:, None]
        logdets = np.log(self.eigenvalues_).sum(axis=1) + 2 * np.log(self.ridge_root_).sum()
        self.constants_ = 2 * np.log(self.priors_) - logdets
        self._float32_forms = {}

    def subset(self, features):
        """The model restricted to `features` (indices), keeping the floor of the full model."""
        features = np.asarray(features, dtype=np.intp)
        scale = None if self.ridge_scale_ is None else self.ridge_scale_[features]
        return GaussianMixture(self.labels_, self.priors_, self.means_[:, features],
                               self.covariances_[:, features][:, :, features], self.tau_,
                               self.class_names_, self.floor_, self.counts_, self.alpha_, scale)

    def in_units(self, gains, offsets):
        """The model of samples x whose bands are the model's through x_model = gains * x + offsets (gains >
        0, `(d,)` each): the same decisions and posteriors on x as this model on x_model.

        Means (mu - offsets) / gains, covariances S_c / (gains gains'), and the ridge tau R in those units,
        R / gains^2, which the model then decomposes as this one does (relative to a scale, R = I when the
        ridge is absolute): the same eigenvalues, floor included, with whiteners diag(gains) W_c. Every
        log-determinant moves by -2 sum log gains, shared by the classes."""
        gains, offsets = np.asarray(gains, dtype=np.float64), np.asarray(offsets, dtype=np.float64)
        if (gains.shape != (self.n_features,) or offsets.shape != gains.shape
                or not np.all(np.isfinite(offsets)) or not np.all(np.isfinite(gains) & (gains > 0))):
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "in_units takes one finite gain > 0 and one finite offset per band of the model "
                "({bands}); got gains {gains} and offsets {offsets}"),
                bands=self.n_features, gains=gains.tolist(), offsets=offsets.tolist())
        scale = np.ones(self.n_features) if self.ridge_scale_ is None else self.ridge_scale_
        return GaussianMixture(self.labels_, self.priors_, (self.means_ - offsets) / gains,
                               self.covariances_ / np.outer(gains, gains), self.tau_, self.class_names_,
                               self.floor_, self.counts_, self.alpha_, scale / gains**2)

    def decision_function(self, X):
        """Q_c(x) for samples `X (n, d)`: an `(n, C)` array, each row a function of its sample alone.

        All classes share one product X [W_1 ... W_C] (W_c = V_c diag(lambda_c)^-1/2), in chunks of one
        shape per model (chunk_samples; the last one padded with zeros) on one BLAS thread. A BLAS sums a
        product's terms in an order that can depend on the call's shape, on the sample's place in it and on
        the threads (OpenBLAS's edge kernels for the last odd columns), so a sample scored alone or among
        others would round differently: by 1e-16 |Q|, 5e-4 at |Q| = 5e12, enough to move a near tie's
        confidence by 1e-5 or swap its label between two windows or workers.
        """
        X = check_features(X, self.n_features)
        n_classes, d = self.n_classes, self.n_features
        whiteners = self.whiteners_.transpose(1, 0, 2).reshape(d, n_classes * d)
        offsets = np.einsum("cd,cde->ce", self.means_, self.whiteners_).reshape(-1)
        scores = np.empty((len(X), n_classes))
        step = self.chunk_samples()
        padded = np.zeros((step, d))
        ones = np.ones(d)
        with single_threaded_blas():
            for start in range(0, len(X), step):
                chunk = X[start:start + step]
                if len(chunk) < step:
                    padded[:len(chunk)] = chunk
                    chunk = padded
                projected = matmul(chunk, whiteners)
                projected -= offsets
                projected *= projected
                quadratic_forms = matmul(projected.reshape(-1, d), ones).reshape(-1, n_classes)
                np.subtract(self.constants_, quadratic_forms[:len(scores) - start],
                            out=scores[start:start + step])
        return scores

    def chunk_samples(self):
        """Samples per chunk of decision_function: CHUNK_ELEMENTS projected values, a multiple of
        CHUNK_ALIGN from CHUNK_ALIGN to CHUNK_SAMPLES."""
        aligned = CHUNK_ELEMENTS // (self.n_classes * self.n_features) // CHUNK_ALIGN * CHUNK_ALIGN
        return min(CHUNK_SAMPLES, max(CHUNK_ALIGN, aligned))

    def predict(self, X):
        """MAP class labels of samples `X (n, d)`."""
        return self.labels_[np.argmax(self.decision_function(X), axis=1)]

    def nearest_distance(self, X):
        """min_c (x - mu_c)' S_c^-1 (x - mu_c) of samples `X (n, d)`: the squared Mahalanobis distance to the
        nearest class (S_c as the model decomposes it, ridge and floor included), = constants_c - Q_c."""
        return np.min(self.constants_ - self.decision_function(X), axis=1)

    def predict_proba(self, X):
        """Posteriors p(c|x) = exp(Q_c/2) / sum_j exp(Q_j/2), `(n, C)`."""
        return np.exp(log_posteriors(self.decision_function(X)))

    def predict_with_confidence(self, X):
        """MAP labels and confidence = posterior of the winning class = 1 / sum_j exp((Q_j - Q_max)/2)."""
        labels, confidence, _ = self.classify(X)
        return labels, confidence

    def classify(self, X, with_posteriors=False):
        """MAP labels, confidence and, if asked, every posterior `(n, C)` (else None), from one decision:
        float32 with the float64 labels (core/float32.py) up to DIRECT_LIMIT bands, else float64."""
        X = check_features(X, self.n_features, dtype=None)
        return self.classify_bands(X.T if len(X) else X.reshape(self.n_features, 0), with_posteriors)

    def classify_bands(self, bands, with_posteriors=False):
        """classify() of samples given band by band, `bands (d, n)` (a raster window's layout)."""
        if self.n_features > DIRECT_LIMIT or not bands.shape[1]:
            winners, confidence, posteriors = self.decide(bands.T, with_posteriors)
        else:
            winners, confidence, posteriors = self._float32(bands.dtype).classify(bands, with_posteriors)
        return self.labels_[winners], confidence, posteriors

    def decide(self, X, with_posteriors=False):
        """Winning class indices, confidence and (if asked) posteriors of samples `X (n, d)` in float64."""
        scores = self.decision_function(X)
        winners = np.argmax(scores, axis=1)
        posteriors = np.exp(log_posteriors(scores))
        confidence = posteriors[np.arange(len(scores)), winners]
        return winners, confidence, posteriors if with_posteriors else None

    def _float32(self, dtype):
        """The certified float32 decision for inputs of `dtype` (one per kind of input, made once)."""
        key = np.dtype(dtype).type in EXACT_TYPES
        if key not in self._float32_forms:
            self._float32_forms[key] = float32_decision(self, dtype)
        return self._float32_forms[key]
