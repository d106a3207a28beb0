"""The Gaussian mixture model: fit, decision rule, posteriors, ridge, floor, streaming, fold downdates."""

import numpy as np
import pytest
import reference
from conftest import data_file
from test_core_float32 import ill_conditioned, near_ties, pixels_around

from gmmselect.core import (
    EIGENVALUE_FLOOR,
    ClassStatistics,
    GaussianMixture,
    confusion_matrix,
    cross_validate,
    make_folds,
    select_features,
    select_tau,
)
from gmmselect.core.crossval import fold_models
from gmmselect.core.crossval import priors as fold_priors
from gmmselect.core.float32 import CONFIDENCE_TOLERANCE
from gmmselect.core.model import log_posteriors
from gmmselect.core.ridge import band_variances, ridge_units
from gmmselect.core.scatter import ScatterCovariances
from gmmselect.core.separability import pairwise_jm


def sample_classes(seed=0, d=6):
    """Three Gaussian classes with labels 3, 7, 11 (any integers are kept as given)."""
    rng = np.random.default_rng(seed)
    X = np.vstack([rng.normal(size=(n, d)) @ rng.normal(size=(d, d)) + 2 * rng.normal(size=d)
                   for n in (50, 80, 30)])
    return X, np.repeat([3, 7, 11], [50, 80, 30])


def test_fit_gives_priors_means_and_unbiased_covariances():
    X, y = sample_classes()
    model = GaussianMixture.fit(X, y)
    labels, priors, means, covs = reference.refit(X, y, range(X.shape[1]))
    np.testing.assert_array_equal(model.labels_, [3, 7, 11])
    np.testing.assert_allclose(model.priors_, [50 / 160, 80 / 160, 30 / 160])
    np.testing.assert_allclose(model.means_, means, rtol=1e-12)
    np.testing.assert_allclose(model.covariances_, covs, rtol=1e-10)


def test_decision_function_is_the_map_rule():
    X, y = sample_classes()
    model = GaussianMixture.fit(X, y)
    _, priors, means, covs = reference.refit(X, y, range(X.shape[1]))
    np.testing.assert_allclose(model.decision_function(X), reference.discriminant(X, priors, means, covs),
                               rtol=1e-9)
    np.testing.assert_array_equal(model.predict(X), model.labels_[np.argmax(model.decision_function(X), 1)])


@pytest.mark.parametrize("tau", [0.0, 0.8])
def test_nearest_distance_is_the_least_mahalanobis_distance_by_brute_force(tau):
    """min_c (x - mu_c)' (S_c + tau I)^-1 (x - mu_c) by solving with each refitted covariance; the same in
    other units of the bands (Mahalanobis distances do not depend on them)."""
    X, y = sample_classes(seed=3)
    model = GaussianMixture.fit(X, y, tau=tau)
    _, _, means, covs = reference.refit(X, y, range(X.shape[1]), tau=tau)
    points = np.vstack([X[::7], 10 * X[:5] + 100])
    distances = [np.einsum("nd,dn->n", points - mean, np.linalg.solve(cov, (points - mean).T))
                 for mean, cov in zip(means, covs)]
    np.testing.assert_allclose(model.nearest_distance(points), np.min(distances, axis=0), rtol=1e-9)
    gains, offsets = np.linspace(0.5, 3, X.shape[1]), np.arange(X.shape[1]) * 10.0
    other = GaussianMixture.fit(X, y, tau=tau, ridge_scale=np.ones(X.shape[1])).in_units(gains, offsets)
    np.testing.assert_allclose(other.nearest_distance((points - offsets) / gains),
                               np.min(distances, axis=0), rtol=1e-9)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_sample_scores_the_same_alone_or_among_others(seed):
    """The float64 scores, labels, confidence and posteriors of a sample are bit for bit the same whatever
    the batch it comes in: alone, among a few, shifted by one, reversed, shuffled. Near ties of
    ill-conditioned classes (|Q| up to 5e12) are where a BLAS's shape-dependent rounding showed: OpenBLAS's
    Zen kernels scored the last odd sample of a call up to 1e-3 apart, 2e-5 in confidence."""
    model = ill_conditioned(seed)
    X = np.vstack([pixels_around(model, 2000, seed, np.float64), near_ties(model, 40, seed)])
    n = len(X)
    batches = [np.arange(n - 1, n), np.arange(n - 5, n), np.arange(n - 3, n), np.arange(1, n),
               np.arange(n)[::-1][:777], np.random.default_rng(seed).permutation(n)]
    assert_each_sample_alone_as_among_others(model, X, batches)


def test_a_sample_of_many_overlapping_classes_has_the_same_posteriors_alone():
    """Twelve overlapping classes, each sample alone and among all: NumPy sums 8 or more classes of one
    sample pairwise and of several samples class after class, 1e-16 apart (log_posteriors sums class
    after class)."""
    rng = np.random.default_rng(0)
    covariances = np.array([np.cov(rng.normal(size=(50, 5)), rowvar=False) for _ in range(12)])
    model = GaussianMixture(np.arange(12), np.full(12, 1 / 12), 0.3 * rng.normal(size=(12, 5)), covariances)
    X = 0.5 * rng.normal(size=(100, 5))
    assert_each_sample_alone_as_among_others(model, X, [np.array([i]) for i in range(len(X))])


def assert_each_sample_alone_as_among_others(model, X, batches):
    """decision_function and decide of every batch of sample indices equal, bit for bit, those of all of X."""
    scores, decided = model.decision_function(X), model.decide(X, True)
    for batch in batches:
        np.testing.assert_array_equal(model.decision_function(X[batch]), scores[batch])
        for alone, together in zip(model.decide(X[batch], True), decided):
            np.testing.assert_array_equal(alone, together[batch])


def test_posteriors_and_confidence():
    X, y = sample_classes()
    model = GaussianMixture.fit(X, y)
    proba = model.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    Q = model.decision_function(X)
    expected = np.exp(Q / 2 - Q.max(axis=1, keepdims=True) / 2)
    np.testing.assert_allclose(proba, expected / expected.sum(axis=1, keepdims=True), rtol=1e-10)
    labels, confidence = model.predict_with_confidence(X)
    np.testing.assert_array_equal(labels, model.predict(X))
    np.testing.assert_allclose(confidence, proba.max(axis=1), rtol=0, atol=CONFIDENCE_TOLERANCE)
    # far from every class the scores are huge, yet the posteriors stay finite
    far = model.predict_proba(X[:3] * 1e6)
    assert np.all(np.isfinite(far)) and np.allclose(far.sum(axis=1), 1)


@pytest.mark.parametrize("n_classes", [2, 6, 16, 40])
def test_log_posteriors_equal_scipy_logsumexp(n_classes):
    """Class-major log posteriors = Q/2 - logsumexp(Q/2) per sample, for few and many classes (pairwise
    sums beyond 8), scores spread over thousands (exp underflows for all but the best classes)."""
    from scipy.special import logsumexp

    scores = np.random.default_rng(n_classes).normal(scale=2000, size=(500, n_classes))
    expected = scores / 2 - logsumexp(scores / 2, axis=1, keepdims=True)
    result = log_posteriors(scores)
    assert result.shape == scores.shape
    np.testing.assert_allclose(result, expected, rtol=1e-12, atol=1e-12)


def test_ridge_predictions_equal_a_refit_with_s_plus_tau_identity():
    X, y = sample_classes(seed=4)
    tau = 0.8
    model = GaussianMixture.fit(X, y, tau=tau)
    _, priors, means, covs = reference.refit(X, y, range(X.shape[1]), tau=tau)
    np.testing.assert_allclose(model.decision_function(X), reference.discriminant(X, priors, means, covs),
                               rtol=1e-9)
    assert not np.allclose(GaussianMixture.fit(X, y).decision_function(X), model.decision_function(X))


@pytest.mark.parametrize("alpha", [0.35, 1.0])
def test_shrinkage_predictions_equal_a_refit_with_the_blend(alpha):
    """S_c(alpha, tau) = (1 - alpha) S_c + alpha S_pooled + tau I; the subset is the blend's sub-matrix."""
    X, y = sample_classes(seed=4)
    model = GaussianMixture.fit(X, y, tau=0.2, alpha=alpha)
    _, priors, means, covs = reference.refit(X, y, range(X.shape[1]), tau=0.2, alpha=alpha)
    np.testing.assert_allclose(model.decision_function(X), reference.discriminant(X, priors, means, covs),
                               rtol=1e-9)
    _, priors, means, covs = reference.refit(X, y, [4, 1], tau=0.2, alpha=alpha)
    np.testing.assert_allclose(model.subset([4, 1]).decision_function(X[:, [4, 1]]),
                               reference.discriminant(X[:, [4, 1]], priors, means, covs), rtol=1e-9)


def test_relative_ridge_equals_a_refit_with_tau_times_each_band_variance():
    """S_c(alpha, tau) = (1 - alpha) S_c + alpha S_pooled + tau diag(r); its posteriors are those of the plain
    ridge on the bands divided by sqrt(r) (the units drop out); the subset keeps its bands' r."""
    X, y = sample_classes(seed=4)
    X = X * np.array([0.1, 1.0, 10.0, 100.0, 1.0, 0.1])
    scale = band_variances(X, y)
    model = GaussianMixture.fit(X, y, tau=0.05, alpha=0.3, ridge_scale=scale)
    _, priors, means, covs = reference.refit(X, y, range(6), tau=0.05, alpha=0.3, ridge_scale=scale)
    np.testing.assert_allclose(model.decision_function(X), reference.discriminant(X, priors, means, covs),
                               rtol=1e-9)
    standardised = GaussianMixture.fit(ridge_units(X, scale), y, tau=0.05, alpha=0.3)
    np.testing.assert_allclose(model.predict_proba(X), standardised.predict_proba(ridge_units(X, scale)),
                               atol=1e-12)
    _, priors, means, covs = reference.refit(X, y, [4, 1], tau=0.05, alpha=0.3, ridge_scale=scale)
    np.testing.assert_allclose(model.subset([4, 1]).decision_function(X[:, [4, 1]]),
                               reference.discriminant(X[:, [4, 1]], priors, means, covs), rtol=1e-9)
    absolute = GaussianMixture.fit(X, y, tau=0.05, alpha=0.3)
    assert np.sum(absolute.predict(X) != model.predict(X)) == 2  # 160 samples: the units matter to tau I
    with pytest.raises(ValueError, match="the ridge scale needs one finite variance > 0 per band \\(6\\)"):
        GaussianMixture.fit(X, y, tau=0.05, ridge_scale=np.r_[scale[:5], 0.0])


@pytest.mark.parametrize("alpha, tau", [(1.0, 0.0), (0.5, 1e-6), (0.0, 1e-4)])
def test_a_relative_ridge_is_the_model_in_ridge_units_whatever_the_bands_units(alpha, tau):
    """Maipo's reflectance bands have variances of about 1e6, its NDVI and NDWI of 1e-2: the weakest
    directions of the covariances lie below a floor of 1e-10 times the mean band variance. Decomposed in
    ridge units (the units the search scores (alpha, tau) in), the model decides as the one fitted on the
    bands divided by sqrt(r), its scores those of the raster's units (log|D S D| = log|S| + sum log r).
    Fitted on 6 fields per crop, as in the README's few-fields runs."""
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    fields = np.concatenate([np.unique(data["field"][data["y"] == c])[:6] for c in np.unique(data["y"])])
    train = np.isin(data["field"], fields)
    X, y = data["X"].astype(np.float64), data["y"]
    scale = band_variances(X[train], y[train])
    model = GaussianMixture.fit(X[train], y[train], tau=tau, alpha=alpha, ridge_scale=scale)
    in_ridge_units = GaussianMixture.fit(ridge_units(X[train], scale), y[train], tau=tau, alpha=alpha)
    raster_floor = EIGENVALUE_FLOOR * np.mean(np.diagonal(model.covariances_, axis1=1, axis2=2))
    assert np.mean(np.linalg.eigvalsh(model.blended_covariances()) < raster_floor) > 0.05
    np.testing.assert_array_equal(model.predict(X), in_ridge_units.predict(ridge_units(X, scale)))
    np.testing.assert_allclose(model.decision_function(X) + np.log(scale).sum(),
                               in_ridge_units.decision_function(ridge_units(X, scale)), rtol=1e-9, atol=1e-6)
    np.testing.assert_allclose(pairwise_jm(model), pairwise_jm(in_ridge_units), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("alpha, tau, relative", [(0.0, 0.0, False), (0.5, 1e-3, False), (1.0, 1e-2, True),
                                                  (0.3, 0.0, True)])
def test_a_model_in_other_units_decides_as_the_model_on_the_values_converted(alpha, tau, relative):
    """in_units(gains, offsets) on stored values x decides as the model on gains * x + offsets: the same
    labels and posteriors (Maipo, its bands stored otherwise: gains 1e-4 to 1e2, offsets up to 1e3)."""
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][::3].astype(np.float64), data["y"][::3]
    rng = np.random.default_rng(5)
    gains, offsets = 10 ** rng.uniform(-4, 2, X.shape[1]), rng.normal(0, 1e3, X.shape[1])
    scale = band_variances(X, y) if relative else None
    model = GaussianMixture.fit(X, y, tau=tau, alpha=alpha, ridge_scale=scale)
    stored = (X - offsets) / gains
    winners, confidence, posteriors = model.in_units(gains, offsets).decide(stored, with_posteriors=True)
    expected = model.decide(X, with_posteriors=True)
    np.testing.assert_array_equal(winners, expected[0])
    np.testing.assert_allclose(posteriors, expected[2], atol=1e-9)


def test_shrinkage_needs_the_counts_and_alpha_in_zero_one():
    X, y = sample_classes()
    model = GaussianMixture.fit(X, y)
    with pytest.raises(ValueError, match="alpha > 0\\) needs the class counts"):
        GaussianMixture(model.labels_, model.priors_, model.means_, model.covariances_, alpha=0.5)
    with pytest.raises(ValueError, match="must be in \\[0, 1\\]; got 1.5"):
        GaussianMixture.fit(X, y, alpha=1.5)


def test_singular_covariance_is_floored_not_nan():
    """A class with fewer samples than bands and a constant band: eigenvalues raised to the floor."""
    rng = np.random.default_rng(1)
    X = rng.normal(size=(40, 8))
    X[:, 5] = 3.0
    y = np.repeat([1, 2], [4, 36])
    model = GaussianMixture.fit(X, y)
    scale = np.trace(model.covariances_, axis1=1, axis2=2).mean() / 8
    assert model.floor_ == pytest.approx(EIGENVALUE_FLOOR * scale)
    assert model.eigenvalues_.min() == pytest.approx(model.floor_)
    scores = model.decision_function(rng.normal(size=(10, 8)))
    assert np.all(np.isfinite(scores))
    labels, confidence = model.predict_with_confidence(X)
    assert np.all((confidence > 0) & (confidence <= 1))


def test_floor_scales_with_the_data():
    """Digital numbers and reflectances (the same data scaled) give the same decisions."""
    X, y = sample_classes()
    X[:, 2] = X[:, 1]  # a duplicated band: singular covariances
    dn = GaussianMixture.fit(X * 100, y)
    reflectance = GaussianMixture.fit(X / 1000, y)
    np.testing.assert_array_equal(dn.predict(X * 100), reflectance.predict(X / 1000))


def test_subset_equals_a_fit_on_the_features():
    X, y = sample_classes()
    model = GaussianMixture.fit(X, y, tau=0.1)
    direct = GaussianMixture.fit(X[:, [4, 1]], y, tau=0.1)
    np.testing.assert_allclose(model.subset([4, 1]).decision_function(X[:, [4, 1]]),
                               direct.decision_function(X[:, [4, 1]]), rtol=1e-10)


def test_streamed_statistics_equal_batch_statistics():
    """Blocks merged in any order (Chan's update) give the batch model exactly."""
    X, y = sample_classes()
    labels = np.unique(y)
    rng = np.random.default_rng(2)
    order = rng.permutation(len(y))
    blocks = np.array_split(order, 7)
    merged = ClassStatistics.empty(labels, X.shape[1])
    for block in rng.permutation(len(blocks)):
        rows = blocks[block]
        merged = merged.merge(ClassStatistics.from_samples(X[rows], y[rows], labels))
    batch = ClassStatistics.from_samples(X, y, labels)
    np.testing.assert_allclose(merged.counts, batch.counts)
    np.testing.assert_allclose(merged.means, batch.means, rtol=1e-12)
    np.testing.assert_allclose(merged.scatters, batch.scatters, rtol=1e-10)
    streamed = GaussianMixture.from_statistics(merged)
    np.testing.assert_allclose(streamed.decision_function(X), GaussianMixture.fit(X, y).decision_function(X),
                               rtol=1e-9)


@pytest.mark.parametrize("grouped", [False, True])
def test_fold_downdate_equals_a_refit_on_the_training_part(grouped):
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y, field = data["X"][:, :12], data["y"], data["field"]
    fold = make_folds(y, 5, field if grouped else None, seed=3)
    _, models = fold_models(X, y, fold, 4)
    for v, model in enumerate(models):
        train = fold != v
        _, priors, means, covs = reference.refit(X[train], y[train], range(12))
        np.testing.assert_allclose(model.train.means, means, rtol=1e-10)
        tolerance = 1e-10 * np.abs(covs).max()
        np.testing.assert_allclose(ScatterCovariances(model.train).dense(), covs, rtol=1e-8, atol=tolerance)
        block = ScatterCovariances(model.train).rows([7, 2], [3, 7])
        np.testing.assert_allclose(block, covs[:, [7, 2]][:, :, [3, 7]], rtol=1e-8, atol=tolerance)
        np.testing.assert_allclose(fold_priors(model.train), priors, rtol=1e-12)
        np.testing.assert_array_equal(model.test_samples, X[fold == v])


def test_per_polygon_statistics_build_fold_models():
    """Whole-set statistics minus the statistics of some polygons equal the statistics of the rest."""
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y, field = data["X"][:, :10], data["y"], data["field"]
    labels = np.unique(y)
    held = np.isin(field, np.unique(field)[::4])
    full = ClassStatistics.from_samples(X, y, labels)
    rest = full.remove(ClassStatistics.from_samples(X[held], y[held], labels))
    direct = ClassStatistics.from_samples(X[~held], y[~held], labels)
    np.testing.assert_allclose(rest.counts, direct.counts)
    np.testing.assert_allclose(rest.means, direct.means, rtol=1e-10)
    np.testing.assert_allclose(rest.covariances(), direct.covariances(), rtol=1e-7)


@pytest.mark.parametrize(("X", "y", "message"), [
    (np.ones((4, 2)), np.array([1, 1, 1, 1]), "at least two classes"),
    (np.arange(8.0).reshape(4, 2), np.array([1, 1, 1, 2]), r"at least 2 samples \(class 2: 1\)"),
    (np.array([[1, 2], [np.nan, 1], [3, 4], [5, 5]]), np.array([1, 1, 2, 2]),
     r"^samples with NaN or infinite values: 1 \(first at row 1, feature 0\); remove them or mask no-data$"),
    (np.ones((4, 2)), np.array([1, 2, 1]), "one label per sample"),
    (np.ones(4), np.array([1, 2, 1, 2]), "2-D array"),
    (np.ones((4, 2)), np.array([1.5, 2, 1, 2]), "must be integers"),
])
def test_bad_samples_are_refused_with_a_clear_message(X, y, message):
    with pytest.raises(ValueError, match=message):
        GaussianMixture.fit(X, y)


def python_user_inputs():
    """A small model of 3 bands and 3 classes and its samples."""
    rng = np.random.default_rng(8)
    y = np.repeat([1, 2, 3], 20)
    X = rng.normal(size=(60, 3)) + y[:, None]
    return X, y, GaussianMixture.fit(X, y, tau=0.1)


@pytest.mark.parametrize("call, message", [
    # one sample as a 1-D array: each of its values was predicted as a sample of its own (3 labels)
    (lambda X, y, m: m.predict(X[0]),
     r"^samples must be a 2-D array \(n_samples, 3\) for a model of 3 features; got shape \(3,\) \(one "
     r"sample: X\[None\], of shape \(1, 3\)\)$"),
    (lambda X, y, m: m.predict_with_confidence(X[:, :2]), r"got shape \(60, 2\)"),
    (lambda X, y, m: m.predict(np.where(np.arange(3) == 1, np.nan, X)),  # was: the first class, silently
     r"^samples with NaN or infinite values: 60 \(first at row 0, feature 1\)"),
    (lambda X, y, m: GaussianMixture.fit(X, y, tau=np.nan),  # was: every sample the first class
     r"^the ridge tau must be a finite number >= 0; got nan$"),
    (lambda X, y, m: cross_validate(X, y, tau=-1e9, folds="loo"), r"^the ridge tau must be a finite number"),
    (lambda X, y, m: cross_validate(X, y, features=[-1]),  # was: band 3
     r"^features must be distinct feature positions from 0 to 2 \(or a boolean mask of 3\); got \[-1\]$"),
    (lambda X, y, m: cross_validate(X, y, folds=60),  # was: kappa 0 of folds of one sample
     r"^60 folds of 60 samples would test fewer than 2 samples each, .* use folds='loo' "),
    (lambda X, y, m: make_folds(y, "loo", groups=np.where(np.arange(60) < 10, np.nan, np.arange(60) // 2)),
     r"^groups hold NaN for 10 samples \(first at row 0\)"),  # was: the ten samples one group
    (lambda X, y, m: GaussianMixture.fit(X * 1e160, y), r"^samples hold values up to \d.\d+e\+160, whose "),
    (lambda X, y, m: GaussianMixture.fit(X * 1e-300, y), r"^samples hold values up to \d.\d+e-300"),
    (lambda X, y, m: GaussianMixture.fit(X + 1j, y), r"^samples must be an array of real numbers"),
    (lambda X, y, m: GaussianMixture.fit(np.where(np.arange(3) == 0, "a", X.astype(object)), y),
     r"^samples must be an array of real numbers: could not convert string to float"),
    (lambda X, y, m: GaussianMixture.fit(X, y, alpha="x"), r"must be in \[0, 1\]; got x$"),  # float()'s own
    (lambda X, y, m: select_features(X, y, criterion=["jm"]), r"^unknown criterion \['jm'\]"),  # unhashable
    (lambda X, y, m: select_features(X, y, max_features="3"), r"^max_features must be a whole number >= 1; "
                                                             r"got '3'$"),
    (lambda X, y, m: select_features(X, y, size_tolerance=-1),  # was: best size 1, silently
     r"^size_tolerance is a relative tolerance from 0 \(the best size\) up to 1; got -1$"),
    (lambda X, y, m: confusion_matrix([1, 2, 4], [1, 2, 2], [1, 2, 3]),  # was: KeyError: 4
     r"each among `labels`, given once \(not among them: 4\)$"),
    (lambda X, y, m: make_folds(y, 5, seed=1.5), r"^the seed must be a whole number >= 0 \(or a NumPy "
                                                 r"Generator, or None\); got 1.5$"),  # was: NumPy's own
    (lambda X, y, m: m.in_units([1.0, 0.0, 1.0], [0.0, 0.0, 0.0]),  # was: blamed 'the ridge scale'
     r"^in_units takes one finite gain > 0 and one finite offset per band of the model \(3\); got gains "
     r"\[1.0, 0.0, 1.0\]"),
    (lambda X, y, m: select_tau(X, y, seed=None),  # was: TypeError on seed + 1
     r"^select_tau's seed must be a whole number >= 0"),
])
def test_what_a_python_user_may_give_is_refused_saying_why(call, message):
    """Inputs of the core API that gave another answer than the user meant, or NumPy's own errors (an audit
    of the core as a Python user calls it)."""
    X, y, model = python_user_inputs()
    with pytest.raises(ValueError, match=message):
        call(X, y, model)


def test_a_model_load_model_would_refuse_is_not_saved(tmp_path):
    """save_model wrote files load_model then called corrupt (negative labels, names of another count,
    features beyond the bands); it checks what it would write as load_model does, and writes nothing."""
    from gmmselect.core import SavedModel, save_model

    X, y, _ = python_user_inputs()
    negative = GaussianMixture.fit(X, y - 3)
    for saved, message in (
            (SavedModel(negative, (1, 2, 3), ["a", "b", "c"], 3), "class labels [-2, -1, 0] do not fit"),
            (SavedModel(GaussianMixture.fit(X, y, class_names=["x"]), (1, 2, 3), ["a", "b", "c"], 3),
             "1 class names for 3 classes"),
            (SavedModel(GaussianMixture.fit(X, y), (1, 2, 3), ["a", "b", "c"], 3, features=(9,)),
             "features [9] are not distinct positions from 0 to 2")):
        with pytest.raises(ValueError, match=r"^cannot save the model as '.*m.gmm': ") as raised:
            save_model(str(tmp_path / "m.gmm"), saved)
        assert message in str(raised.value)
    with pytest.raises(ValueError, match=r"give a file name in a folder that exists"):
        save_model(str(tmp_path / "no" / "m.gmm"), SavedModel(negative, (1, 2, 3), ["a", "b", "c"], 3))
    with pytest.raises(ValueError, match=r"^save_model writes a SavedModel .*; got GaussianMixture$"):
        save_model(str(tmp_path / "m.gmm"), negative)
    assert list(tmp_path.iterdir()) == []


def test_statistics_of_a_class_of_fewer_than_two_samples_are_refused_naming_it():
    """Streamed statistics whose class has 0 or 1 sample: the refusal names the classes, their counts and
    the fix, as check_samples does (it said only 'every class needs at least 2 samples for a covariance')."""
    X = np.random.default_rng(0).normal(size=(6, 2))
    stats = ClassStatistics.from_samples(X, np.array([1, 1, 1, 1, 3, 7]), [1, 3, 7, 9])
    message = (r"^every class needs at least 2 samples \(class 3: 1, class 7: 1, class 9: 0\); add training "
               r"samples or drop these classes$")
    with pytest.raises(ValueError, match=message):
        stats.covariances()
    with pytest.raises(ValueError, match=message):
        GaussianMixture.from_statistics(stats)


def test_classes_of_equal_discriminants_go_to_the_lowest_label():
    """Two classes of the same samples (labels 7 and 3) have equal discriminants everywhere: MAP gives the
    lower label, 3, in float64 and in the certified float32 decision, whatever the input type."""
    rng = np.random.default_rng(0)
    same = rng.normal(size=(50, 4)) * 20 + 100
    X = np.concatenate([same, same, rng.normal(size=(50, 4)) * 20 + 160])
    model = GaussianMixture.fit(X, np.repeat([7, 3, 9], 50))
    pixels = rng.uniform(40, 220, size=(2000, 4))
    scores = model.decision_function(pixels)
    np.testing.assert_array_equal(scores[:, 0], scores[:, 1])
    for data in (pixels, pixels.astype(np.float32), pixels.astype(np.uint8)):
        labels, confidence = model.predict_with_confidence(data)
        assert set(np.unique(labels)) <= {3, 9} and 3 in labels
        np.testing.assert_array_equal(model.predict(data), labels)
        assert np.all(confidence[labels == 3] <= 0.5 + 1e-6)
