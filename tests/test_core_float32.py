"""Float32 decisions certified against float64 (gmmselect.core.float32): the error bound holds, the labels
equal the float64 labels on every pixel (near ties included), confidence and posteriors within 1e-5."""

import numpy as np
import pytest
from conftest import data_file
from osgeo import gdal
from test_raster_fixtures import LANDSAT

from gmmselect.core import GaussianMixture, float32
from gmmselect.core.float32 import CONFIDENCE_TOLERANCE, MonomialDecision, SharedDecision, WhitenedDecision

KERNELS = [WhitenedDecision, MonomialDecision]


@pytest.fixture(params=KERNELS + [SharedDecision], ids=["whitened", "monomial", "shared"])
def kernel(request, monkeypatch):
    """Each float32 kernel, made the one every mixture it serves uses whatever its band count (the shared
    kernel: the mixtures of `served`)."""
    monkeypatch.setattr(float32, "MONOMIAL_LIMIT", 10**6 if request.param is MonomialDecision else 0)
    monkeypatch.setattr(float32, "MONOMIAL_REACH", 0)
    return request.param


def served(kernel, model):
    """`model`, or for the shared kernel the mixture of its means with every class given the first class's
    (blended) covariance (one whitener for all classes, as alpha 1 gives)."""
    if kernel is not SharedDecision:
        return model
    covariances = np.repeat(model.blended_covariances()[:1], model.n_classes, axis=0)
    return GaussianMixture(model.labels_, model.priors_, model.means_, covariances)


def ill_conditioned(seed=0, d=8, n_classes=4, smallest=-6):
    """Classes whose covariances have eigenvalues from 10^smallest to 1e4 (by default condition 1e10,
    the floor's cap), means in the thousands as digital numbers are."""
    rng = np.random.default_rng(seed)
    covariances = []
    for _ in range(n_classes):
        basis = np.linalg.qr(rng.normal(size=(d, d)))[0]
        covariances.append(basis * np.logspace(smallest, 4, d) @ basis.T)
    means = rng.uniform(1000, 3000, size=(n_classes, d))
    return GaussianMixture(np.arange(1, n_classes + 1), np.full(n_classes, 1 / n_classes), means,
                           np.array(covariances))


def shrunk(seed, alpha):
    """The ill-conditioned classes (counts 40, 60, 80, 100) shrunk by `alpha` toward their pooled
    covariance: S_c(alpha) = (1 - alpha) S_c + alpha S_pooled."""
    model = ill_conditioned(seed)
    return GaussianMixture(model.labels_, model.priors_, model.means_, model.covariances_,
                           counts=[40, 60, 80, 100], alpha=alpha)


def pixels_around(model, n, seed, dtype):
    """Pixels around and between the class means (far ones too), of `dtype`."""
    rng = np.random.default_rng(seed)
    start = model.means_[rng.integers(0, model.n_classes, n)]
    end = model.means_[rng.integers(0, model.n_classes, n)]
    X = start + rng.uniform(0, 1, (n, 1)) * (end - start) + rng.normal(0, 300, (n, model.n_features))
    return np.round(X).astype(dtype) if np.dtype(dtype).kind in "iu" else X.astype(dtype)


def prefers(model, x, a, b):
    """True when the float64 rule scores class a above class b at pixel x."""
    scores = model.decision_function(x[None])[0]
    return scores[a] > scores[b]


def near_ties(model, n, seed):
    """Float64 pixels within a few ulps of the boundary of two classes: bisection on segments between
    two means (offset at random), then the neighbouring float64 values on either side."""
    rng = np.random.default_rng(seed)
    pixels = []
    for _ in range(n):
        a, b = rng.choice(model.n_classes, 2, replace=False)
        offset = rng.normal(0, 50, model.n_features)
        low, high = model.means_[a] + offset, model.means_[b] + offset
        if prefers(model, low, a, b) == prefers(model, high, a, b):
            continue
        for _ in range(80):
            middle = (low + high) / 2
            same = prefers(model, middle, a, b) == prefers(model, low, a, b)
            low, high = (middle, high) if same else (low, middle)
        for step in range(-3, 4):
            pixels.append(low + step * (high - low) + step * np.spacing(low))
    return np.array(pixels)


def float64_outputs(model, X):
    """Labels, confidence and posteriors of the float64 decision."""
    winners, confidence, posteriors = model.decide(np.asarray(X, dtype=np.float64), True)
    return model.labels_[winners], confidence, posteriors


def in_units(model, X, units):
    """`model` and pixels `X (n, d)` with band j multiplied by f_j: as they are, in equal units (every band's
    deviation averaged over the classes 100: one unit for all bands) or in mixed ones (then times 10^-2 to
    10, as reflectances beside indices)."""
    if units == "as drawn":
        return model, X
    factors = 100 / np.sqrt(np.diagonal(model.covariances_, axis1=1, axis2=2).mean(axis=0))
    if units == "mixed":
        factors *= np.logspace(-2, 1, model.n_features)
    scaled = GaussianMixture(model.labels_, model.priors_, model.means_ * factors,
                             model.covariances_ * np.outer(factors, factors), counts=model.counts_,
                             alpha=model.alpha_)
    return scaled, X * factors


@pytest.mark.parametrize("units", ["as drawn", "equal", "mixed"])
@pytest.mark.parametrize("alpha", [0.0, 0.3])
@pytest.mark.parametrize("dtype", [np.int16, np.uint16, np.int32, np.float32, np.float64])
def test_the_error_bound_holds_on_ill_conditioned_covariances(dtype, alpha, units, kernel):
    model = served(kernel, shrunk(0, alpha))
    model, X = in_units(model, pixels_around(model, 20000, 1, np.float64), units)
    if np.dtype(dtype).kind in "iu":
        X = np.clip(np.round(X), np.iinfo(dtype).min, np.iinfo(dtype).max)
    X = X.astype(dtype)
    form = kernel(model, X.dtype)
    assert (form.square_weights is None) == (units == "equal")
    distances, t = form.distances(X.T)
    exact = (model.constants_.max() - model.decision_function(X.astype(np.float64))).T
    winners, best = np.argmin(distances, axis=0), np.min(distances, axis=0)
    slack, slope = form.certificate(best, t)
    gaps = distances - best
    errors = np.abs(distances - exact)
    own = errors[winners, np.arange(len(X))]
    assert np.all(own + errors <= slack + slope * gaps)
    assert np.mean(errors > 0) > 0.9  # float32 does round: the bound is tested, not vacuous


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_labels_equal_float64_on_every_pixel_with_near_ties(seed, kernel, monkeypatch):
    model = served(kernel, ill_conditioned(seed))
    X = np.vstack([pixels_around(model, 5000, seed, np.float64), near_ties(model, 40, seed)])
    retried = []
    decide = model.decide
    monkeypatch.setattr(model, "decide", lambda Z, p=False: retried.append(len(Z)) or decide(Z, p))
    labels, confidence, posteriors = model.classify(X, with_posteriors=True)
    monkeypatch.undo()
    expected_labels, expected_confidence, expected_posteriors = float64_outputs(model, X)
    np.testing.assert_array_equal(labels, expected_labels)
    np.testing.assert_allclose(confidence, expected_confidence, rtol=0, atol=CONFIDENCE_TOLERANCE)
    np.testing.assert_allclose(posteriors, expected_posteriors, rtol=0, atol=CONFIDENCE_TOLERANCE)
    assert confidence.dtype == posteriors.dtype == np.float32
    assert 0 < sum(retried) < len(X) / 2  # near ties went to float64, most pixels did not


@pytest.mark.parametrize("seed", [0, 1])
def test_shrinkage_alpha_reaches_the_float32_path(seed, kernel):
    """alpha > 0: the float32 labels equal, on every pixel (near ties included), the float64 labels of a
    model given the blended covariances as its own (alpha 0, the same floor), and differ from alpha 0's;
    alpha 1 (one pooled covariance) for the shared kernel."""
    model = shrunk(seed, 1.0 if kernel is SharedDecision else 0.3)
    blended = GaussianMixture(model.labels_, model.priors_, model.means_, model.blended_covariances(),
                              floor=model.floor_)
    X = np.vstack([pixels_around(model, 5000, seed, np.float64), near_ties(model, 40, seed)])
    labels, confidence, posteriors = model.classify(X, with_posteriors=True)
    expected_labels, expected_confidence, expected_posteriors = float64_outputs(blended, X)
    np.testing.assert_array_equal(labels, expected_labels)
    np.testing.assert_allclose(confidence, expected_confidence, rtol=0, atol=CONFIDENCE_TOLERANCE)
    np.testing.assert_allclose(posteriors, expected_posteriors, rtol=0, atol=CONFIDENCE_TOLERANCE)
    assert np.any(labels != shrunk(seed, 0.0).classify(X)[0])


def test_float32_alone_would_get_some_near_ties_wrong(kernel):
    model = served(kernel, ill_conditioned(3))
    X = near_ties(model, 40, 3)
    distances, _ = kernel(model, X.dtype).distances(X.T)
    assert np.any(np.argmin(distances, axis=0) != np.argmax(model.decision_function(X), axis=1))


def test_landsat_labels_and_confidence_equal_float64(kernel):
    pixels = gdal.Open(LANDSAT).ReadAsArray().reshape(7, -1).T
    rng = np.random.default_rng(0)
    y = np.digitize(pixels[:, 3], np.quantile(pixels[:, 3], [0.25, 0.5, 0.75])) + 1
    train = rng.choice(len(pixels), 3000, replace=False)
    model = GaussianMixture.fit(pixels[train].astype(np.float64), y[train], tau=1e-3,
                                alpha=1.0 if kernel is SharedDecision else 0.0)
    assert type(model._float32(pixels.dtype)) is kernel
    labels, confidence, posteriors = model.classify(pixels, with_posteriors=True)
    expected_labels, expected_confidence, expected_posteriors = float64_outputs(model, pixels)
    np.testing.assert_array_equal(labels, expected_labels)
    np.testing.assert_allclose(confidence, expected_confidence, rtol=0, atol=CONFIDENCE_TOLERANCE)
    np.testing.assert_allclose(posteriors, expected_posteriors, rtol=0, atol=CONFIDENCE_TOLERANCE)


def test_far_runner_up_gives_confidence_one_without_exp(kernel, monkeypatch):
    model = served(kernel, ill_conditioned(4, smallest=2))
    X = np.round(model.means_).repeat(10, axis=0).astype(np.int16)
    assert float64_outputs(model, X)[1].min() > 1 - 2.0**-24
    monkeypatch.setattr(np, "exp", lambda *a, **k: pytest.fail("exp called"))
    labels, confidence, posteriors = model.classify(X, with_posteriors=True)
    np.testing.assert_array_equal(labels, model.labels_.repeat(10))
    assert np.all(confidence == 1)
    assert np.all(posteriors.sum(axis=1) == 1) and np.all(posteriors.max(axis=1) == 1)


def test_parts_and_blocks_change_no_output(kernel, monkeypatch):
    X = pixels_around(ill_conditioned(5), 3001, 5, np.int16)
    whole = served(kernel, ill_conditioned(5)).classify(X, with_posteriors=True)
    monkeypatch.setattr(float32, "PART_ELEMENTS", 700)  # parts of 128 pixels, blocks of 64
    monkeypatch.setattr(float32, "BLOCK_ELEMENTS", 100)
    monkeypatch.setattr(float32, "MONOMIAL_BLOCK_ELEMENTS", 100)
    model = served(kernel, ill_conditioned(5))
    form = kernel(model, X.dtype)
    assert (form.step, form.block) == (128, 64)
    bands = np.ascontiguousarray(X.T)
    parts = model.classify_bands(bands, with_posteriors=True)
    for expected, got in zip(whole, parts):
        np.testing.assert_array_equal(got, expected)
    expected_labels, expected_confidence, _ = float64_outputs(model, X)
    np.testing.assert_array_equal(parts[0], expected_labels)
    np.testing.assert_allclose(parts[1], expected_confidence, rtol=0, atol=CONFIDENCE_TOLERANCE)


@pytest.mark.parametrize("d", range(1, 7))
@pytest.mark.parametrize("beyond", [WhitenedDecision, SharedDecision])
def test_the_monomial_kernel_serves_models_up_to_its_band_limit_the_shared_one_pooled_models(d, beyond):
    model = served(beyond, ill_conditioned(0, d=d))
    expected = MonomialDecision if d <= float32.MONOMIAL_LIMIT else beyond
    assert type(float32.float32_decision(model, np.int16)) is expected
    assert type(model._float32(np.dtype(np.int16))) is expected


@pytest.mark.parametrize("n_classes, last", [(4, 4), (6, 4), (7, 4), (8, 7), (10, 8), (16, 11), (24, 14),
                                               (32, 16)])
def test_many_classes_get_the_monomial_kernel_while_it_has_at_most_five_monomials_per_class(n_classes, last):
    """Classes the float32 bound separates (none of the model's own pixels to float64): from 8 classes on, the
    monomial kernel up to the last band count whose (d + 1)(d + 2) / 2 monomials are at most 5 per class
    (README, the kernel's choice by class count), the whitened one beyond; fewer classes keep it up to
    MONOMIAL_LIMIT (4) bands; a pooled model keeps the shared kernel. The monomial kernel of the most classes
    gives the float64 labels and confidence."""
    assert (float32.MONOMIAL_CLASSES, float32.MONOMIAL_TERMS_PER_CLASS) == (8, 5)
    for d in range(float32.MONOMIAL_LIMIT + 1, float32.MONOMIAL_REACH + 1):
        model = ill_conditioned(1, d=d, n_classes=n_classes, smallest=0)
        expected = MonomialDecision if d <= last else WhitenedDecision
        assert WhitenedDecision(model, np.int16).fallback_share(float32.model_pixels(model, np.int16)) == 0
        assert type(float32.float32_decision(model, np.int16)) is expected, d
        pooled = served(SharedDecision, model)
        assert type(float32.float32_decision(pooled, np.int16)) is SharedDecision, d
    model = ill_conditioned(1, d=last, n_classes=n_classes, smallest=0)
    X = pixels_around(model, 20000, 1, np.int16)
    labels, confidence, _ = model.classify_bands(np.ascontiguousarray(X.T))
    expected_labels, expected_confidence, _ = float64_outputs(model, X)
    np.testing.assert_array_equal(labels, expected_labels)
    np.testing.assert_allclose(confidence, expected_confidence, rtol=0, atol=CONFIDENCE_TOLERANCE)


def test_alpha_one_gives_every_class_one_whitener_and_the_shared_kernel():
    model = shrunk(0, 1.0)
    assert np.all(model.whiteners_ == model.whiteners_[0])
    assert type(model._float32(np.dtype(np.int16))) is SharedDecision
    assert type(shrunk(0, 0.99)._float32(np.dtype(np.int16))) is WhitenedDecision


def assert_error_bound_holds(form, X):
    """|D^_b - D_b| + |D^_c - D_c| <= R + B Delta_c for every pixel of `X (n, d)` and class c, D the
    float64 distances; returns the errors |D^ - D| `(C, n)`."""
    distances, error = form.distances(np.ascontiguousarray(X.T))
    exact = (form.mixture.constants_.max() - form.mixture.decision_function(X.astype(np.float64))).T
    winners, best = np.argmin(distances, axis=0), np.min(distances, axis=0)
    slack, slope = form.certificate(best, error)
    errors = np.abs(distances - exact)
    assert np.all(errors[winners, np.arange(len(X))] + errors <= slack + slope * (distances - best))
    return errors


@pytest.mark.parametrize("dtype, units", [(np.int16, "as drawn"), (np.float32, "mixed")])
def test_the_monomial_error_bound_holds_at_its_reach(dtype, units):
    """At MONOMIAL_REACH (16) bands, its 153 monomials: ill-conditioned classes (condition 1e10), pixels
    around and between them, as digital numbers or in mixed units; the bound holds, and is not vacuous (the
    float32 distances round), and the float64 product certifies almost every pixel."""
    model = ill_conditioned(3, d=float32.MONOMIAL_REACH)
    model, X = in_units(model, pixels_around(model, 20000, 2, np.float64), units)
    X = (np.round(X) if dtype is np.int16 else X).astype(dtype)
    form = MonomialDecision(model, X.dtype)
    assert np.mean(assert_error_bound_holds(form, X) > 0) > 0.9
    assert form.fallback_share(np.ascontiguousarray(X.T)) < 0.01


@pytest.mark.parametrize("dtype", [np.int16, np.uint16, np.float32])
def test_the_error_bound_holds_at_the_ends_of_the_input_range(dtype, kernel):
    """Pixels at the extremes of 16-bit data (monomials up to 4e9, far from every class)."""
    model = served(kernel, ill_conditioned(6, d=4, smallest=0))
    info = np.iinfo(np.int16 if dtype is np.float32 else dtype)
    X = np.random.default_rng(6).choice([info.min, info.max, 0, 1000, 3000], size=(5000, 4)).astype(dtype)
    assert_error_bound_holds(kernel(model, X.dtype), X)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_the_error_bound_holds_at_the_means_of_ill_conditioned_classes(dtype, kernel):
    """Pixels within 1e-3 of the class means (condition 1e10): distances near zero, so the monomial
    kernel's bound rests on its absolute term f (the float64 product's cancellation, about 1e-3 here)."""
    model = served(kernel, ill_conditioned(7, d=4))
    rng = np.random.default_rng(7)
    X = (model.means_.repeat(500, axis=0) + rng.uniform(-1e-3, 1e-3, (2000, 4))).astype(dtype)
    assert_error_bound_holds(kernel(model, X.dtype), X)


@pytest.mark.skipif(np.finfo(np.longdouble).eps > 2.0**-60, reason="needs an extended-precision long double")
def test_the_shared_kernels_float64_expansion_stays_within_its_error_term():
    """||p^||^2 - 2 o_c'p^ + k_c in float64 against ||p^ - o_c||^2 + l_c in extended precision (o_c from the
    means): within f = F2 ||p^||^2 + F0 at the centre (F0 alone), at the class means (where the expansion
    cancels) and at the ends of the int16 range (F2 ||p^||^2)."""
    model = served(SharedDecision, ill_conditioned(8, d=8))
    form = SharedDecision(model, np.int16)
    info = np.iinfo(np.int16)
    X = np.vstack([form.centre.T, np.round(model.means_),
                   np.random.default_rng(8).choice([info.min, info.max], size=(50, 8))]).astype(np.int16)
    projected = (form.projection @ (X.T - form.centre)).astype(np.float64)
    computed = form.expansion @ np.vstack([projected, np.ones(len(X))]) + np.einsum("dn,dn->n", projected,
                                                                                  projected)
    whitener, centre = model.whiteners_[0].astype(np.longdouble), form.centre[:, 0].astype(np.longdouble)
    offsets = (model.means_.astype(np.longdouble) - centre) @ whitener
    lifts = model.constants_.max() - model.constants_.astype(np.longdouble)
    exact = ((projected.astype(np.longdouble)[None] - offsets[:, :, None]) ** 2).sum(axis=1) + lifts[:, None]
    _, (_, f) = form.distances(np.ascontiguousarray(X.T))
    errors = np.abs(computed - exact).astype(np.float64)
    assert np.all(errors <= f)
    assert np.all(errors[:, 1:1 + model.n_classes].max(axis=0) > 0)  # the expansion does round


def test_the_monomial_kernel_certifies_overlapping_landsat_classes(monkeypatch):
    """Four overlapping classes (quartiles of band 4) on bands 2-5: the whitened float32 scores leave 7 % of
    the scene to float64 (their error makes the confidence bound exceed 1e-5; a fifth in raw units), the
    monomial kernel's float64 product almost none; both give the float64 labels and confidence."""
    pixels = gdal.Open(LANDSAT).ReadAsArray().reshape(7, -1)[1:5]
    y = np.digitize(pixels[2], np.quantile(pixels[2], [0.25, 0.5, 0.75])) + 1
    train = np.random.default_rng(0).choice(pixels.shape[1], 3000, replace=False)
    model = GaussianMixture.fit(pixels[:, train].T.astype(np.float64), y[train], tau=1e-3)
    expected_labels, expected_confidence, _ = float64_outputs(model, pixels.T)
    retried = {kernel: [] for kernel in KERNELS}
    decide = model.decide
    for kernel in KERNELS:
        form = kernel(model, pixels.dtype)
        count = retried[kernel].append
        monkeypatch.setattr(model, "decide", lambda Z, p=False, count=count: count(len(Z)) or decide(Z, p))
        winners, confidence, _ = form.classify(pixels)
        monkeypatch.undo()
        np.testing.assert_array_equal(model.labels_[winners], expected_labels)
        np.testing.assert_allclose(confidence, expected_confidence, rtol=0, atol=CONFIDENCE_TOLERANCE)
    assert sum(retried[WhitenedDecision]) > 0.05 * pixels.shape[1]
    assert sum(retried[MonomialDecision]) < 10


@pytest.mark.skipif(np.finfo(np.longdouble).eps > 2.0**-60, reason="needs an extended-precision long double")
@pytest.mark.parametrize("smallest", [-6, 0])
@pytest.mark.parametrize("uneven", [False, True], ids=["raw units", "band units"])
def test_the_triangular_factors_keep_every_whitened_norm_within_their_bound(smallest, uneven):
    """F_c upper triangular with | ||W_c'v|| - ||F_c v|| | <= rho ||S^-1 v|| + eta ||F_c v||, both norms in
    extended precision, on whiteners of condition up to 1e10 and vectors along their strongest and
    weakest directions, in raw units (S = I) and in band units 2^-8 to 2^8; rho and eta are
    rounding-sized."""
    model = ill_conditioned(8, d=9, smallest=smallest)
    scales = 2.0 ** np.random.default_rng(9).integers(-8, 9, 9) if uneven else np.ones(9)
    factors, rho, eta = float32.triangular_factors(model.whiteners_, scales)
    assert np.all(np.tril(factors, -1) == 0)
    vectors = np.vstack([np.random.default_rng(8).normal(size=(200, 9)),
                         *[w.T for w in model.whiteners_], *[np.linalg.inv(w) for w in model.whiteners_]])
    for whitener, factor in zip(model.whiteners_, factors):
        v = vectors.astype(np.longdouble)
        whitened = np.sqrt(np.sum((v @ whitener.astype(np.longdouble)) ** 2, axis=1))
        triangular = np.sqrt(np.sum((v @ factor.T.astype(np.longdouble)) ** 2, axis=1))
        lengths = np.sqrt(np.sum((v / scales) ** 2, axis=1))
        assert np.all(np.abs(whitened - triangular) <= rho * lengths + eta * triangular)
        assert np.any(whitened != triangular)
    spread = max(np.linalg.norm(w * scales[:, None], 2) for w in model.whiteners_)
    assert rho < 1e-13 * spread and eta < 1e-13


@pytest.mark.parametrize("d, firsts", [(5, [0]), (14, [0]), (15, [0, 8]), (31, [0, 11, 22]),
                                       (40, [0, 10, 20, 30]), (85, [0, 11, 22, 33, 44, 55, 66, 77])])
def test_the_grouped_triangular_product_holds_the_bound_and_the_float64_labels(d, firsts):
    """Groups of about 10 rows (at most 8 groups; the last one padded with zero rows): the error bound holds
    and the labels are the float64 labels, near ties included, whatever d."""
    model = ill_conditioned(9, d=d)
    form = WhitenedDecision(model, np.float64)
    assert [first for first, _ in form.groups] == firsts
    X = np.vstack([pixels_around(model, 3000, 9, np.float64), near_ties(model, 20, 9)])
    assert_error_bound_holds(form, X)
    labels, confidence, _ = model.classify(X, with_posteriors=True)
    expected_labels, expected_confidence, _ = float64_outputs(model, X)
    np.testing.assert_array_equal(labels, expected_labels)
    np.testing.assert_allclose(confidence, expected_confidence, rtol=0, atol=CONFIDENCE_TOLERANCE)


def test_bands_of_different_units_leave_fewer_pixels_to_float64(kernel):
    """Maipo's first 12 reflectances (deviations 100-1000) beside its 8 NDVI (0.1-0.2), read as float32: with
    the bounds in band units the whitened and shared kernels leave under 60 % of the pixels to float64, the
    monomial one under 3 % (in raw units 97 %, 99 % and 45 %: the bound weighed the indices' large
    whitening against the reflectances' large values); labels equal to float64 on every pixel,
    confidence and posteriors within 1e-5."""
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, list(range(12)) + list(range(48, 56))].astype(np.float32), data["y"]
    model = served(kernel, GaussianMixture.fit(X.astype(np.float64), y, tau=1e-6, alpha=0.5))
    form, bands = kernel(model, X.dtype), np.ascontiguousarray(X.T)
    assert_error_bound_holds(form, X)
    winners, confidence, posteriors = form.classify(bands, with_posteriors=True)
    expected_labels, expected_confidence, expected_posteriors = float64_outputs(model, X)
    np.testing.assert_array_equal(model.labels_[winners], expected_labels)
    np.testing.assert_allclose(confidence, expected_confidence, rtol=0, atol=CONFIDENCE_TOLERANCE)
    np.testing.assert_allclose(posteriors, expected_posteriors, rtol=0, atol=CONFIDENCE_TOLERANCE)
    assert form.fallback_share(bands) < (0.03 if kernel is MonomialDecision else 0.6)


def test_overlapping_classes_get_the_monomial_kernel_up_to_its_reach():
    """Maipo's crops overlap: on their first 5 to 17 features the whitened kernel would leave 43-66 % of the
    pixels to float64 (their confidence bound exceeds 1e-5), the monomial kernel none, so it serves them up
    to MONOMIAL_REACH (16) bands where the model's own pixels left to float64 reach monomial_share(d); beyond,
    below that share (alpha 0: 28 % at 14 bands, 21 % at 16, against 39 % and 51 %), and on classes the
    float32 bound separates, the whitened kernel does."""
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    assert float32.monomial_share(10) == 0.2 and float32.monomial_share(16) == pytest.approx(0.512)
    monomial, whitened = MonomialDecision, WhitenedDecision
    for d, alpha, expected in ((5, 0.5, monomial), (10, 0.5, monomial), (12, 0.5, monomial),
                               (17, 0.5, whitened), (14, 0.0, whitened), (16, 0.0, whitened)):
        model = GaussianMixture.fit(data["X"][:, :d], data["y"], tau=1e-6, alpha=alpha)
        pixels = np.ascontiguousarray(data["X"][:, :d].T.astype(np.float32))
        form = WhitenedDecision(model, np.float32)
        assert form.fallback_share(pixels) > 0.25
        own = form.fallback_share(float32.model_pixels(model, np.float32))
        assert own >= 0.2 and (d > 16 or (own >= float32.monomial_share(d)) == (expected is MonomialDecision))
        assert type(float32.float32_decision(model, np.float32)) is expected
    assert MonomialDecision(model, np.float32).fallback_share(pixels) < 0.001
    separated = ill_conditioned(0, d=6)
    assert type(float32.float32_decision(separated, np.int16)) is WhitenedDecision


def test_the_model_pixels_are_drawn_from_the_model():
    """model_pixels: each class in the share of its prior, with its mean and covariance S_c(alpha) (classes
    a million apart, told by their nearest mean); for an integer type the same draw rounded and clipped to
    its range; the same pixels at every call."""
    means = np.array([[10.0, 200.0], [1e6, 40.0], [-1e6, 120.0]])
    covariances = [[[30.0, 10.0], [10.0, 20.0]], [[15.0, -5.0], [-5.0, 40.0]], [[400.0, 0], [0, 900.0]]]
    model = GaussianMixture(np.arange(1, 4), [0.2, 0.3, 0.5], means, covariances, counts=[200, 300, 500],
                            alpha=0.3)
    pixels = float32.model_pixels(model, np.float64, n=100000)
    assert pixels.dtype == np.float64 and pixels.shape == (2, 100000)
    np.testing.assert_array_equal(pixels, float32.model_pixels(model, np.float64, n=100000))
    classes = np.argmin(np.abs(pixels[0][:, None] - means[:, 0]), axis=1)
    np.testing.assert_allclose(np.bincount(classes) / 100000, model.priors_, atol=0.005)
    for c, covariance in enumerate(model.blended_covariances()):
        np.testing.assert_allclose(pixels[:, classes == c].mean(axis=1), means[c], atol=0.4)
        np.testing.assert_allclose(np.cov(pixels[:, classes == c]), covariance, rtol=0.05,
                                   atol=0.05 * covariance[0, 0])
    np.testing.assert_array_equal(float32.model_pixels(model, np.uint8, n=100000),
                                  np.clip(np.round(pixels), 0, 255))
