"""The QGIS-free training workflow behind the algorithms: the polygon split, the TAU and ALPHA lists,
the shrinkage alpha of Train Selection and the refit on all polygons."""

import html
from dataclasses import replace

import numpy as np
import pytest
from conftest import data_file

from gmmselect.core import GaussianMixture, confusion_matrix, select_features, select_tau
from gmmselect.core.ridge import RELATIVE_TAU_GRID, band_variances, ridge_units
from gmmselect.core.shrinkage import shrinkage_intensity
from gmmselect.raster import TrainingSamples
from gmmselect.raster.report import report_html
from gmmselect.raster.training import (
    SELECTION_ALPHAS,
    SelectionOptions,
    TrainingInputs,
    TrainingOptions,
    parse_alpha_list,
    parse_tau_list,
    split_polygons,
    train,
)


def polygons(per_class, pixels=5):
    """Class codes and polygon ids: class c has per_class[c - 1] polygons of `pixels` pixels."""
    y, groups = [], []
    for code, count in enumerate(per_class, start=1):
        for polygon in range(count):
            y += [code] * pixels
            groups += [100 * code + polygon] * pixels
    return np.array(y), np.array(groups)


def test_split_holds_out_whole_polygons_per_class():
    y, groups = polygons([10, 8, 9, 9])
    split = split_polygons(y, groups, 0.3, seed=0, names={1: "a", 2: "b", 3: "c", 4: "d"})
    assert split.polygons == {"a": (7, 3), "b": (6, 2), "c": (6, 3), "d": (6, 3)}
    assert not np.any(split.train & split.held_out) and np.all(split.train | split.held_out)
    assert set(groups[split.train]).isdisjoint(groups[split.held_out])
    assert split.warnings == []


def test_split_is_seeded():
    y, groups = polygons([10, 8, 9, 9])
    first, again = split_polygons(y, groups, 0.3, seed=4), split_polygons(y, groups, 0.3, seed=4)
    other = split_polygons(y, groups, 0.3, seed=5)
    assert np.array_equal(first.held_out, again.held_out)
    assert not np.array_equal(first.held_out, other.held_out)


def test_split_zero_holds_nothing_out():
    y, groups = polygons([3, 3])
    split = split_polygons(y, groups, 0.0)
    assert split.train.all() and split.polygons == {"1": (3, 0), "2": (3, 0)}


def test_split_warns_for_a_class_with_no_held_out_polygon():
    y, groups = polygons([10, 1])
    split = split_polygons(y, groups, 0.3, names={1: "forest", 2: "water"})
    assert split.polygons["water"] == (1, 0)
    assert split.warnings == ["class 'water' has too few polygons (1) for any to be held out, so the "
                              "held-out accuracy does not cover it"]


def few_polygon_samples(per_class=(4, 8, 8)):
    """TrainingSamples of classes water, crop, forest with `per_class` polygons of 6 pixels, 2 bands."""
    y, groups = polygons(list(per_class), pixels=6)
    X = np.random.default_rng(0).normal(size=(len(y), 2)) + y[:, None]
    return TrainingSamples(np.array([1, 2, 3]), ["water", "crop", "forest"], [1, 2], ["b1", "b2"], {}, 0, 0,
                           False, [], X=X, y=y, groups=groups)


@pytest.mark.parametrize("folds, grouped, warned", [(5, True, True), (3, True, False), (0, True, False),
                                                     (5, False, False)])
def test_a_class_with_fewer_training_polygons_than_folds_is_named(folds, grouped, warned):
    """Grouped 5-fold CV over a class of 3 training polygons (LOO_FEW_POLYGONS off): 2 folds test none of
    it (as the folds say); logged and kept in the model's warnings. Not with 3 folds, one polygon out
    (FOLDS 0) or pixel folds."""
    from gmmselect.core.folds import make_folds

    samples, lines = few_polygon_samples(), []
    y, groups = samples.y, samples.groups
    options = TrainingOptions(folds=folds, grouped=grouped, tau_grid=[0.0], alpha_grid=[0.0],
                              loo_few_polygons=False)
    result = train(samples, options, TrainingInputs(2), log=lines.append)
    expected = ("class 'water' has 3 training polygons for 5 folds: 2 of the folds test none of it and "
                "each of the others takes a large share of it away; with so few polygons, "
                "leave-one-polygon-out (FOLDS = 0) gives the steadier cross-validation")
    assert (expected in result.model.training.warnings) == warned
    assert (f"warning: {expected}" in lines) == warned
    assert not [text for text in result.model.training.warnings if "training polygons for" in text
                and "'water'" not in text]
    if warned:
        train_part = result.split.train
        fold = make_folds(y[train_part], folds, groups[train_part], options.seed)
        assert sum(not np.any(fold[y[train_part] == 1] == v) for v in range(folds)) == 2


def test_few_polygons_are_left_out_one_at_a_time():
    """LOO_FEW_POLYGONS (default): 20 polygons, 15 for training, 5 folds asked for: the search, the
    cross-validation and the refit's search leave one polygon out, as FOLDS 0 does (the same model and
    estimate), with no warning; the record keeps FOLDS 5 as given and the folds run."""
    samples, lines = few_polygon_samples(), []
    options = TrainingOptions(tau_grid=[0.0, 0.1, 1.0], alpha_grid=[0.0, 1.0])
    result = train(samples, options, TrainingInputs(2), log=lines.append)
    left_out = train(samples, replace(options, folds=0), TrainingInputs(2))
    mixture, reference = result.model.mixture, left_out.model.mixture
    assert (mixture.alpha_, mixture.tau_) == (reference.alpha_, reference.tau_)
    np.testing.assert_array_equal(result.cross_validation.confusion, left_out.cross_validation.confusion)
    assert result.model.tau_search.surface.tolist() == left_out.model.tau_search.surface.tolist()
    assert not [text for text in result.model.training.warnings if "training polygons for" in text]
    note = "one polygon out instead of 5 folds (at most 60 polygons; LOO_FEW_POLYGONS)"
    assert f"Cross-validation on the training polygons: {note}" in lines
    assert f"Cross-validation on the polygons: {note}" in lines
    parameters = result.model.training.parameters
    assert (parameters["folds"], parameters["cv_folds"], parameters["final_folds"]) == (5, 0, 0)


@pytest.mark.parametrize("per_class, training, cv_folds, final_folds", [
    ((20, 20, 20), 42, 0, 0), ((21, 20, 20), 43, 0, 5), ((20, 30, 30), 56, 0, 5), ((6, 90, 8), 73, 5, 5)])
def test_one_polygon_out_up_to_60_polygons(per_class, training, cv_folds, final_folds):
    """60 polygons (42 training ones): one polygon out in both searches; 61 or 80 (43 or 56 training
    ones): one out on the training polygons, the 5 folds on all of them for the refit; 104 (73 training
    ones): the 5 folds throughout."""
    lines = []
    result = train(few_polygon_samples(per_class), TrainingOptions(tau_grid=[0.0], alpha_grid=[0.0]),
                   TrainingInputs(2), log=lines.append)
    parameters = result.model.training.parameters
    assert (parameters["cv_folds"], parameters["final_folds"]) == (cv_folds, final_folds)
    assert sum(n for n, _ in result.split.polygons.values()) == training
    assert any(line.startswith("Cross-validation (leave-one-out") for line in lines) == (cv_folds == 0)


def test_split_refuses_to_leave_a_class_without_training_polygon():
    y, groups = polygons([10, 2])
    with pytest.raises(ValueError, match=r"VALIDATION = 0.8 holds out every polygon of class 'water' "
                                         r"\(it has 2\), leaving none to train on. Draw more polygons of "
                                         r"'water', lower VALIDATION below 0.75, or set it to 0"):
        split_polygons(y, groups, 0.8, names={1: "forest", 2: "water"})


def test_parse_tau_list():
    assert parse_tau_list("") is None and parse_tau_list(None) is None
    assert parse_tau_list("0.5") == [0.5]
    assert parse_tau_list("0, 1e-3; 0.1  2") == [0.0, 1e-3, 0.1, 2.0]
    with pytest.raises(ValueError, match="'x' is not a number"):
        parse_tau_list("1, x")
    with pytest.raises(ValueError, match=">= 0"):
        parse_tau_list("-1")


def test_parse_alpha_list():
    assert parse_alpha_list("") is None and parse_alpha_list("0, 0.5 1") == [0.0, 0.5, 1.0]
    with pytest.raises(ValueError, match="ALPHA values must be in \\[0, 1\\].*got 2"):
        parse_alpha_list("0.5, 2")


def estimated_alphas(X, y, groups):
    """The alphas the search compares when ALPHA is empty: 0 and the estimated intensity."""
    return 0.0, shrinkage_intensity(X, y, groups)


def maipo_samples(every=4):
    """The Maipo time series (every 4th feature) as TrainingSamples, fields as polygons."""
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, ::every], data["y"] + 1
    labels = np.unique(y)
    return TrainingSamples(labels, list(data["class_names"]), list(range(1, X.shape[1] + 1)),
                           [str(name) for name in data["feature_names"][::every]], {}, 0, 0, False, [],
                           X=X, y=y, groups=data["field"])


def test_the_held_out_polygons_assess_the_model_trained_without_them():
    """The held-out figures are those of the choice and the fit on the training polygons, refit or not."""
    samples = maipo_samples()
    options = TrainingOptions(selection=SelectionOptions(max_features=5), refit=False, alpha_grid=[0.0, 0.5])
    result = train(samples, options, TrainingInputs(16))
    mixture, features = result.model.mixture, list(result.model.features)
    split = result.split
    trained = GaussianMixture.fit(samples.X[split.train], samples.y[split.train], tau=mixture.tau_,
                                  alpha=mixture.alpha_)
    np.testing.assert_allclose(mixture.covariances_, trained.covariances_, rtol=1e-10)
    predicted = trained.subset(features).predict(samples.X[split.held_out][:, features])
    expected = confusion_matrix(samples.y[split.held_out], predicted, trained.labels_)
    np.testing.assert_array_equal(result.validation.confusion, expected)
    refitted = train(samples, replace(options, refit=True), TrainingInputs(16))
    np.testing.assert_array_equal(refitted.validation.confusion, expected)
    np.testing.assert_array_equal(refitted.cross_validation.confusion, result.cross_validation.confusion)
    assert result.model.training.parameters["refit"] is False
    assert refitted.model.training.parameters["refit"] is True


@pytest.mark.parametrize("selection", [SelectionOptions(max_features=5), None])
def test_the_final_model_is_the_same_procedure_on_all_polygons(selection):
    """REFIT: the saved model is the search or the selection and the fit run again on every polygon, i.e.
    the model VALIDATION = 0 gives; here it differs from the model the held-out polygons assessed."""
    samples = maipo_samples()
    options = TrainingOptions(selection=selection, alpha_grid=[0.0, 0.5])
    refitted = train(samples, options, TrainingInputs(16)).model
    everything = train(samples, replace(options, validation=0), TrainingInputs(16)).model
    assessed = train(samples, replace(options, refit=False), TrainingInputs(16)).model
    assert refitted.features == everything.features
    assert (refitted.mixture.alpha_, refitted.mixture.tau_) == (everything.mixture.alpha_,
                                                                 everything.mixture.tau_)
    np.testing.assert_allclose(refitted.mixture.covariances_, everything.mixture.covariances_, rtol=1e-10)
    np.testing.assert_array_equal(refitted.mixture.counts_, np.bincount(samples.y)[np.unique(samples.y)])
    assert (refitted.features, refitted.mixture.alpha_, refitted.mixture.tau_) != (
        assessed.features, assessed.mixture.alpha_, assessed.mixture.tau_)


def test_selection_alpha_is_that_of_the_search_over_all_bands():
    """ALPHA empty, MODEL_SEARCH no: the (alpha, tau) search of Train GMM on the training polygons gives the
    selection's alpha, in the units of the selection's ridge (TAU is given: absolute, unless RIDGE_SCALE
    relative), and the model keeps that alpha and TAU."""
    samples = maipo_samples(every=2)
    result = train(samples, TrainingOptions(selection=SelectionOptions(max_features=4, model_search=False),
                                            validation=0), TrainingInputs(32))
    search = select_tau(samples.X, samples.y, groups=samples.groups, alphas=SELECTION_ALPHAS,
                        repeats=TrainingOptions.repeats)
    assert result.model.mixture.alpha_ == search.alpha > 0 and result.model.mixture.tau_ == 0
    assert not result.model.tau_search.relative and result.model.mixture.ridge_scale_ is None
    np.testing.assert_allclose(result.model.tau_search.surface, search.surface, rtol=1e-12)
    expected = select_features(samples.X, samples.y, "sffs", "jm", max_features=4, alpha=search.alpha)
    assert result.model.selection.best_sets == expected.best_sets
    assert not result.model.searched_on_selection and not result.model.training.parameters["alpha_estimated"]
    assert result.model.selection_ridge() == (search.alpha, 0.0, False)


def test_selection_model_alpha_and_tau_are_searched_on_the_selected_bands():
    """MODEL_SEARCH yes (default): the selection runs with the alpha of the search over all bands and TAU;
    then the model's (alpha, tau) is the search on the selected bands alone (relative ridge, the default
    grid), equal to select_tau on those columns in units of their pooled within-class deviation; the
    record keeps the selection's alpha, the held-out and CV figures are those of the searched model."""
    samples = maipo_samples(every=2)
    lines = []
    result = train(samples, TrainingOptions(selection=SelectionOptions(max_features=4)), TrainingInputs(32),
                   log=lines.append)
    model, split = result.model, result.split
    train_part = replace(samples, X=samples.X[split.train], y=samples.y[split.train],
                         groups=samples.groups[split.train])
    everything = select_tau(samples.X, samples.y, groups=samples.groups, alphas=SELECTION_ALPHAS,
                            repeats=TrainingOptions.repeats)
    expected = select_features(samples.X, samples.y, "sffs", "jm", max_features=4, alpha=everything.alpha)
    assert model.selection.best_sets == expected.best_sets
    features = list(model.features)
    scale = band_variances(samples.X, samples.y)
    search = select_tau(ridge_units(samples.X[:, features], scale[features]), samples.y,
                        grid=RELATIVE_TAU_GRID, groups=samples.groups,
                        alphas=estimated_alphas(samples.X[:, features], samples.y, samples.groups),
                        repeats=TrainingOptions.repeats)
    np.testing.assert_allclose(model.tau_search.surface, search.surface, rtol=1e-12)
    assert (model.mixture.alpha_, model.mixture.tau_) == (search.alpha, search.tau)
    assert model.tau_search.relative and np.array_equal(model.mixture.ridge_scale_, scale)
    assert model.searched_on_selection and model.training.parameters["selection_alpha"] == everything.alpha
    assert model.training.parameters["alpha_estimated"]
    assert model.selection_ridge() == (everything.alpha, 0.0, False)
    assert any(line.startswith(f"(alpha, tau) search on the selected bands ({len(features)}) over 2 x ")
               for line in lines)
    # the held-out figures: the same procedure on the training polygons, then its fit
    part = select_tau(train_part.X, train_part.y, groups=train_part.groups, alphas=SELECTION_ALPHAS,
                      repeats=TrainingOptions.repeats)
    picked = select_features(train_part.X, train_part.y, "sffs", "jm", max_features=4, alpha=part.alpha)
    bands = list(picked.best_sets[picked.best_size])
    part_scale = band_variances(train_part.X, train_part.y)
    tuned = select_tau(ridge_units(train_part.X[:, bands], part_scale[bands]), train_part.y,
                       grid=RELATIVE_TAU_GRID, groups=train_part.groups,
                       alphas=estimated_alphas(train_part.X[:, bands], train_part.y, train_part.groups),
                       repeats=TrainingOptions.repeats)
    fitted = GaussianMixture.fit(train_part.X[:, bands], train_part.y, tau=tuned.tau, alpha=tuned.alpha,
                                 ridge_scale=part_scale[bands])
    held = confusion_matrix(samples.y[split.held_out], fitted.predict(samples.X[split.held_out][:, bands]),
                            fitted.labels_)
    np.testing.assert_array_equal(result.validation.confusion, held)


def test_one_alpha_given_the_model_search_runs_over_tau_alone_at_that_alpha():
    """ALPHA one value (no alpha search): the selection uses it, and the model's search on the selected
    bands, leave-one-polygon-out here (FOLDS 0), runs over the tau grid at that alpha only."""
    samples = maipo_samples(every=4)
    options = TrainingOptions(selection=SelectionOptions(max_features=3), alpha_grid=[0.5], validation=0,
                              folds=0)
    model = train(samples, options, TrainingInputs(16)).model
    features = list(model.features)
    expected = select_features(samples.X, samples.y, "sffs", "jm", max_features=3, alpha=0.5)
    assert model.selection.best_sets == expected.best_sets
    scale = band_variances(samples.X, samples.y)
    search = select_tau(ridge_units(samples.X[:, features], scale[features]), samples.y,
                        grid=RELATIVE_TAU_GRID, folds="loo", groups=samples.groups, alphas=(0.5,))
    assert list(model.tau_search.alphas) == [0.5] and model.mixture.alpha_ == 0.5
    np.testing.assert_allclose(model.tau_search.surface, search.surface, rtol=1e-12)
    assert model.mixture.tau_ == search.tau and model.training.parameters["selection_alpha"] == 0.5


def test_train_gmm_searches_a_relative_tau_and_a_given_tau_stays_absolute():
    """RIDGE_SCALE auto: the default grid is relative (the held-out confusion is that of the fit with tau
    times the band variances of the training polygons, the saved model's variances are those of all the
    polygons); a given TAU is absolute unless RIDGE_SCALE is relative."""
    samples = maipo_samples()
    lines = []
    result = train(samples, TrainingOptions(alpha_grid=[0.0, 0.5]), TrainingInputs(16), log=lines.append)
    model, split = result.model, result.split
    assert model.tau_search.relative and model.mixture.tau_ in RELATIVE_TAU_GRID
    logged = f"tau = {model.mixture.tau_:.6g} x each band's pooled within-class variance, CV kappa = "
    assert any(logged in line for line in lines)
    np.testing.assert_array_equal(model.mixture.ridge_scale_, band_variances(samples.X, samples.y))
    X, y = samples.X[split.train], samples.y[split.train]
    standardised = ridge_units(X, band_variances(X, y))
    search = select_tau(standardised, y, grid=RELATIVE_TAU_GRID, groups=samples.groups[split.train],
                        alphas=[0.0, 0.5], repeats=TrainingOptions.repeats)
    assessed = GaussianMixture.fit(X, y, tau=search.tau, alpha=search.alpha, ridge_scale=band_variances(X, y))
    expected = confusion_matrix(samples.y[split.held_out], assessed.predict(samples.X[split.held_out]),
                                assessed.labels_)
    np.testing.assert_array_equal(result.validation.confusion, expected)
    given = train(samples, TrainingOptions(tau_grid=[50.0], alpha_grid=[0.5]), TrainingInputs(16)).model
    assert given.mixture.ridge_scale_ is None and not given.tau_search.relative and given.mixture.tau_ == 50
    relative = train(samples, TrainingOptions(tau_grid=[0.01], alpha_grid=[0.5], ridge_scale="relative"),
                     TrainingInputs(16)).model
    assert relative.tau_search.relative and relative.mixture.tau_ == 0.01
    np.testing.assert_array_equal(relative.mixture.ridge_scale_, band_variances(samples.X, samples.y))
    assert relative.training.parameters["ridge_scale"] == "relative"


def fields_per_crop(samples, count):
    """`samples` restricted to the first `count` fields of each crop."""
    keep = np.zeros(len(samples.y), dtype=bool)
    for label in np.unique(samples.y):
        keep |= np.isin(samples.groups, np.unique(samples.groups[samples.y == label])[:count])
    return replace(samples, X=samples.X[keep], y=samples.y[keep], groups=samples.groups[keep])


def test_alpha_empty_compares_no_shrinkage_with_the_estimated_intensity():
    """ALPHA empty: Train GMM's search runs over alpha 0 and alpha* estimated from the polygons (all of
    Maipo: 0 < alpha* < 1), or over alpha* = 1 alone where it reaches its bound (4 fields per crop for
    16 features: the classes' covariances differ by no more than their spread over the fields)."""
    samples = maipo_samples()
    lines = []
    model = train(samples, TrainingOptions(validation=0), TrainingInputs(16), log=lines.append).model
    estimate = shrinkage_intensity(samples.X, samples.y, samples.groups)
    assert 0 < estimate < 1 and list(model.tau_search.alphas) == [0.0, estimate]
    search = select_tau(ridge_units(samples.X, band_variances(samples.X, samples.y)), samples.y,
                        grid=RELATIVE_TAU_GRID, groups=samples.groups, alphas=[0.0, estimate],
                        repeats=TrainingOptions.repeats)
    np.testing.assert_allclose(model.tau_search.surface, search.surface, rtol=1e-12)
    assert model.mixture.alpha_ == search.alpha and model.training.parameters["alpha_estimated"]
    assert any(f"over its training polygons: alpha* = {estimate:.4g}, searched against alpha = 0" in line
               for line in lines)
    lines.clear()
    pixels = train(samples, TrainingOptions(validation=0, grouped=False), TrainingInputs(16),
                   log=lines.append).model  # GROUPED off: the pixels are the independent draws
    by_pixel = shrinkage_intensity(samples.X, samples.y)
    assert list(pixels.tau_search.alphas) == [0.0, by_pixel] and by_pixel < estimate / 5
    assert any(f"over its training samples: alpha* = {by_pixel:.4g}, searched against" in line
               for line in lines)
    few = fields_per_crop(samples, 4)
    assert shrinkage_intensity(few.X, few.y, few.groups) == 1.0
    lines.clear()
    model = train(few, TrainingOptions(validation=0), TrainingInputs(16), log=lines.append).model
    assert list(model.tau_search.alphas) == [1.0] and model.mixture.alpha_ == 1.0
    assert any("alpha* = 1, searched alone (at its bound)" in line for line in lines)
    page = html.unescape(report_html(model, "Report"))
    assert ("alpha = 1 is the shrinkage intensity estimated from how much each class's covariance varies "
            "from one training polygon to another") in page and "The alphas compared are" not in page


@pytest.mark.parametrize(("options", "noted"), [
    (TrainingOptions(tau_grid=[0.5], alpha_grid=[0.0]), True),
    (TrainingOptions(tau_grid=[0.0], alpha_grid=[0.0]), False),
    (TrainingOptions(tau_grid=[0.5], alpha_grid=[0.0], ridge_scale="relative"), False),
    (TrainingOptions(selection=SelectionOptions(max_features=2, tau=0.5), alpha_grid=[0]), True),
    (TrainingOptions(selection=SelectionOptions(max_features=2), alpha_grid=[0.0]), False)])
def test_a_given_tau_under_auto_is_said_to_be_absolute(options, noted):
    lines = []
    train(maipo_samples(every=8), options, TrainingInputs(8), log=lines.append)
    notice = ("TAU is absolute, in squared band units (RIDGE_SCALE auto: a given TAU keeps the meaning of "
              "earlier versions); for a tau relative to each band's variance, such as the TAU output of a "
              "Train GMM run on the default grid (RIDGE_SCALE output 'relative'), set RIDGE_SCALE to "
              "relative")
    assert (notice in lines) == noted


def test_train_selection_with_a_relative_ridge_selects_in_the_bands_own_units():
    """RIDGE_SCALE relative: the alpha search, the selection with TAU and the model all use tau diag(r)."""
    samples = maipo_samples(every=2)
    options = TrainingOptions(selection=SelectionOptions(max_features=4, tau=0.01, model_search=False),
                              validation=0, ridge_scale="relative")
    model = train(samples, options, TrainingInputs(32)).model
    standardised = ridge_units(samples.X, band_variances(samples.X, samples.y))
    search = select_tau(standardised, samples.y, grid=RELATIVE_TAU_GRID, groups=samples.groups,
                        alphas=SELECTION_ALPHAS, repeats=TrainingOptions.repeats)
    np.testing.assert_allclose(model.tau_search.surface, search.surface, rtol=1e-12)
    expected = select_features(standardised, samples.y, "sffs", "jm", max_features=4, alpha=search.alpha,
                               tau=0.01)
    assert model.selection.best_sets == expected.best_sets
    assert model.tau_search.relative and model.mixture.tau_ == 0.01
    np.testing.assert_array_equal(model.mixture.ridge_scale_, band_variances(samples.X, samples.y))


def samples_in_memory(n=60_000, d=16, classes=8):
    """n samples of d bands in units far apart, `classes` classes of 8 polygons each, as TrainingSamples."""
    rng = np.random.default_rng(0)
    y = rng.integers(1, classes + 1, n)
    X = rng.normal(size=(n, d)) * 10.0 ** rng.uniform(-2, 3, d) + y[:, None] * 0.3
    labels = np.arange(1, classes + 1)
    return TrainingSamples(labels, [f"class {k}" for k in labels], list(range(1, d + 1)),
                           [f"band {k}" for k in range(1, d + 1)], {}, 0, 0, False, [], X=X, y=y,
                           groups=y * 1000 + rng.integers(0, 8, n))


def test_training_holds_no_copy_of_the_samples(monkeypatch):
    """6e4 samples x 16 bands of 8 classes (X: 7.7 MB), 30 % of the polygons held out and the model refitted
    on all: Train GMM holds the samples once (their training and held-out parts are views of them, their
    ridge units read as copied), besides one class's copy, index arrays and blocks: its peak stays below X
    (7.4 X before: the parts, copies in ridge units, the scatters' and the folds' copies); Train Selection,
    whose JM criterion keeps a copy of the samples sorted by class, below 1.5 X (6.5 X)."""
    import tracemalloc

    from gmmselect.core import crossval, ridge
    from gmmselect.raster import training

    for module, name in ((ridge, "TEST_BLOCK"), (crossval, "TEST_ROWS"), (training, "PART_ROWS")):
        monkeypatch.setattr(module, name, 1024)
    samples = samples_in_memory()
    selection = TrainingOptions(selection=SelectionOptions(max_features=6))
    for options, bound in ((TrainingOptions(), 1.0), (selection, 1.5)):
        tracemalloc.start()
        try:
            train(samples, options, TrainingInputs(16))
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < bound * samples.X.nbytes


def same_models(first, second):
    """Whether two TrainingResults hold the same model, choices and figures, bit for bit."""
    a, b = first.model, second.model
    arrays = ("means_", "covariances_", "priors_", "eigenvalues_", "whiteners_", "ridge_scale_")
    return (all(np.array_equal(getattr(a.mixture, name), getattr(b.mixture, name)) for name in arrays)
            and (a.features, a.mixture.tau_, a.mixture.alpha_)
            == (b.features, b.mixture.tau_, b.mixture.alpha_)
            and np.array_equal(a.tau_search.surface, b.tau_search.surface)
            and (a.selection is None or (a.selection.best_sets, a.selection.best_values)
                 == (b.selection.best_sets, b.selection.best_values))
            and all(np.array_equal(x.confusion, y.confusion) and (x.overall_accuracy, x.kappa, x.mean_f1)
                    == (y.overall_accuracy, y.kappa, y.mean_f1)
                    for x, y in ((first.cross_validation, second.cross_validation),
                                 (first.validation, second.validation))))


@pytest.mark.parametrize("selection", [None, SelectionOptions(max_features=5)])
def test_the_samples_put_in_training_order_in_place_come_back_bit_for_bit(selection):
    """The training and held-out samples are views of the samples reordered in place: the result is that of
    copies (samples read-only, which the workflow then copies) bit for bit, and the samples come back in
    their order, bit for bit, after the run and after a run canceled midway."""
    from gmmselect.core import Canceled

    samples = maipo_samples()
    samples.X = np.ascontiguousarray(samples.X)
    original = samples.X.copy()
    options = TrainingOptions(selection=selection)
    parted = train(samples, options, TrainingInputs(16))
    assert samples.X.tobytes() == original.tobytes()
    copied = replace(samples, X=original.copy())
    copied.X.flags.writeable = False
    assert same_models(parted, train(copied, options, TrainingInputs(16)))
    asked = []
    with pytest.raises(Canceled):
        train(samples, options, TrainingInputs(16), is_canceled=lambda: asked.append(1) or len(asked) > 3)
    assert samples.X.tobytes() == original.tobytes()
