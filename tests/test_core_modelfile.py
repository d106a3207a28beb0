"""Model files: exact round trip, version-1 files of the earlier code still load, data only, and every
kind of corrupt, foreign or newer file refused with a message that says what is wrong."""

import io
import json
import os
import shutil
import struct
import zipfile
from dataclasses import replace

import numpy as np
import pytest
from conftest import data_file

from gmmselect.core import (
    GaussianMixture,
    ModelFileError,
    SavedModel,
    load_model,
    modelfile,
    save_model,
    select_features,
    select_tau,
)
from gmmselect.core.criteria import Assessment
from gmmselect.core.model import variance_floor
from gmmselect.core.modelfile import TrainingRecord
from gmmselect.core.ridge import RELATIVE_TAU_GRID, band_variances, ridge_units

V1_SELECTION = data_file("model_v1", "selection.gmm")
#: How QGIS gave the inputs of a run, as a model records it: every field the record may hold.
READ_AS = {
    "raster": {"crs": 'PROJCS["WGS 84 / UTM zone 22N"]', "crs_name": "EPSG:32622",
               "no_data": {"3": {"file_value": False, "ranges": []},
                           "4": {"file_value": True,
                                 "ranges": [[0.0, 10.0, True, True], [250, None, False, True]]}}},
    "training": {"selected_only": True, "feature_limit": 20, "unsaved_edits": True, "fields_added": ["big"],
                 "crs": 'GEOGCS["WGS 84"]', "crs_name": "EPSG:4326"},
    "transformation": {"proj": "+proj=pipeline +step +proj=affine +xoff=30", "inverse": True,
                       "name": "moved"}}
V1_TAU_SEARCH = data_file("model_v1", "tau_search.gmm")
#: How every refusal of a damaged model file ends: the fix.
FIX = "; use an undamaged copy of it, or train the model again"
CLASSES = ["cleared", "fallen_dry", "forest", "water"]


@pytest.fixture(scope="module")
def saved():
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, :16], data["y"] + 1
    selection = select_features(X, y, "sffs", "jm", max_features=6)
    search = select_tau(X, y, folds=3)
    mixture = GaussianMixture.fit(X, y, tau=search.tau, class_names=list(data["class_names"]))
    names = mixture.class_names_
    confusion = np.array([[40, 2, 0, 0], [1, 30, 0, 0], [0, 0, 25, 0], [0, 0, 0, 0]])
    record = TrainingRecord(
        created="2026-01-02T03:04:05+00:00", workflow="selection",
        source={"raster": "a.tif", "field": "class", "invalid_geometries": "skip", "read_as": READ_AS},
        parameters={"folds": 3, "loo_few_polygons": True, "cv_folds": 0, "final_folds": 3, "grouped": True,
                    "validation": 0.5, "seed": 0, "tau": 0.0},
        samples={name: (10 + k, k) for k, name in enumerate(names)},
        polygons=dict.fromkeys(names, (3, 1)), final_model="trained on the training polygons only",
        cross_validation=Assessment.of("cross-validation", confusion, 0.5, 0.25, 0.125),
        validation=Assessment.of("held-out polygons", confusion), timings={"selection": 0.5, "fit": 0.25},
        warnings=["class 'x' has 1 polygon(s)"])
    return SavedModel(mixture, range(1, 17), list(data["feature_names"][:16]), 64, selection.best_set,
                      selection, search, ["#112233", "#445566", "#778899", "#aabbcc"],
                      [float(k) for k in range(16)], record, [f"B{k}" for k in range(15)] + [None],
                      ["nm"] * 8 + [None] * 8, [1e-4] * 10 + [None] * 6, [-0.1] * 10 + [None] * 6)


def assert_same_assessment(loaded, saved):
    """Equal up to the 6 digits a file keeps of each figure (NaN stays NaN)."""
    assert loaded.source == saved.source
    np.testing.assert_array_equal(loaded.confusion, saved.confusion)
    for name in ("overall_accuracy", "kappa", "mean_f1", "producers", "users", "f1"):
        np.testing.assert_allclose(getattr(loaded, name), getattr(saved, name), atol=5e-7)


def test_round_trip_is_exact(tmp_path, saved):
    path = tmp_path / "model.gmm"
    save_model(path, saved)
    loaded = load_model(path)
    for name in ("labels_", "priors_", "means_", "covariances_", "counts_"):
        np.testing.assert_array_equal(getattr(loaded.mixture, name), getattr(saved.mixture, name))
    assert loaded.mixture.tau_ == saved.mixture.tau_ and loaded.mixture.floor_ == saved.mixture.floor_
    assert loaded.mixture.class_names_ == saved.mixture.class_names_
    assert loaded.band_numbers == tuple(range(1, 17)) and loaded.features == saved.features
    assert loaded.feature_names == saved.feature_names and loaded.n_raster_bands == 64
    assert loaded.selection == saved.selection
    np.testing.assert_array_equal(loaded.tau_search.values, saved.tau_search.values)
    assert loaded.tau_search.tau == saved.tau_search.tau
    assert loaded.class_colors == saved.class_colors and loaded.wavelengths == saved.wavelengths
    assert loaded.band_descriptions == saved.band_descriptions and loaded.band_descriptions[-1] is None
    assert loaded.wavelength_units == saved.wavelength_units
    assert loaded.band_scales == saved.band_scales and loaded.band_offsets == saved.band_offsets
    X = np.random.default_rng(0).normal(size=(20, 16)) * 1000 + saved.mixture.means_[0]
    np.testing.assert_array_equal(loaded.mixture.decision_function(X), saved.mixture.decision_function(X))


def test_shrinkage_and_the_alpha_tau_surface_round_trip_as_version_2(tmp_path, saved):
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, :16], data["y"] + 1
    search = select_tau(X, y, folds=3, alphas=[0.0, 0.5, 1.0])
    mixture = GaussianMixture.fit(X, y, tau=search.tau, alpha=0.5, class_names=saved.mixture.class_names_)
    shrunk = SavedModel(mixture, range(1, 17), saved.feature_names, 64, tau_search=search)
    path = tmp_path / "shrunk.gmm"
    save_model(path, shrunk)
    assert header_of(path)["version"] == 2 and header_of(path)["alpha"] == 0.5
    loaded = load_model(path)
    assert loaded.mixture.alpha_ == 0.5 and loaded.tau_search.alpha == search.alpha
    np.testing.assert_array_equal(loaded.tau_search.surface, search.surface)
    np.testing.assert_array_equal(loaded.tau_search.alphas, [0.0, 0.5, 1.0])
    np.testing.assert_array_equal(loaded.mixture.decision_function(X), mixture.decision_function(X))
    assert not np.allclose(GaussianMixture.fit(X, y, tau=search.tau).decision_function(X),
                           mixture.decision_function(X))


def test_a_relative_ridge_and_its_search_round_trip_as_version_4(tmp_path, saved):
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, :16], data["y"] + 1
    scale = band_variances(X, y)
    search = replace(select_tau(ridge_units(X, scale), y, grid=RELATIVE_TAU_GRID, folds=3, alphas=[0.0, 0.5]),
                     relative=True)
    mixture = GaussianMixture.fit(X, y, tau=0.01, alpha=search.alpha, ridge_scale=scale,
                                  class_names=saved.mixture.class_names_)
    path = tmp_path / "relative.gmm"
    save_model(path, SavedModel(mixture, range(1, 17), saved.feature_names, 64, tau_search=search))
    assert header_of(path)["version"] == 4 and header_of(path)["tau_search"]["relative"] is True
    loaded = load_model(path)
    assert loaded.mixture.floor_ == mixture.floor_
    np.testing.assert_array_equal(loaded.mixture.ridge_scale_, scale)
    assert loaded.tau_search.relative and loaded.mixture.tau_ == 0.01
    np.testing.assert_array_equal(loaded.mixture.decision_function(X), mixture.decision_function(X))
    assert load_model(V1_TAU_SEARCH).mixture.ridge_scale_ is None
    assert not load_model(V1_TAU_SEARCH).tau_search.relative


def test_a_version_3_relative_ridge_loads_with_its_floor_in_ridge_units(tmp_path, saved):
    # version 3 decomposed S_c + tau R in the raster's units with a floor of 1e-10 times the mean band
    # variance (Maipo's bands ~1e6, its indices ~1e-2); version 4 decomposes in ridge units
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    features = list(range(8)) + list(range(48, 56))  # 8 bands, 8 NDVI
    X, y = data["X"][:, features], data["y"] + 1
    scale = band_variances(X, y)
    mixture = GaussianMixture.fit(X, y, alpha=1.0, ridge_scale=scale)
    save_model(tmp_path / "m.gmm", SavedModel(mixture, [f + 1 for f in features], saved.feature_names, 64))
    raster_floor = 1e-10 * np.mean(np.diagonal(mixture.covariances_, axis1=1, axis2=2))
    path = rewrite(tmp_path, tmp_path / "m.gmm", {"version": 3, "floor": raster_floor})
    loaded = load_model(path).mixture
    ridge_floor = 1e-10 * np.mean(np.diagonal(mixture.covariances_, axis1=1, axis2=2) / scale)
    assert loaded.floor_ == mixture.floor_ == pytest.approx(ridge_floor) and ridge_floor < raster_floor / 1e4
    np.testing.assert_array_equal(loaded.decision_function(X), mixture.decision_function(X))


def test_the_repetitions_of_a_search_round_trip_and_an_older_search_has_one(tmp_path, saved):
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, :16], data["y"] + 1
    search = select_tau(X, y, folds=3, repeats=2)
    path = tmp_path / "repeated.gmm"
    save_model(path, replace(saved, tau_search=search))
    assert header_of(path)["tau_search"]["repeats"] == 2 and load_model(path).tau_search.repeats == 2
    assert "repeats" not in header_of(V1_TAU_SEARCH)["tau_search"]
    assert load_model(V1_TAU_SEARCH).tau_search.repeats == 1
    refused = rewrite(tmp_path, path, header={"tau_search.repeats": 0})
    with pytest.raises(ModelFileError, match="header field 'tau_search.repeats' is 0; it counts repetitions"):
        load_model(refused)


@pytest.mark.parametrize("scale", [np.ones(6), np.r_[np.ones(6), -1.0], np.r_[np.ones(6), np.nan]])
def test_a_ridge_scale_that_is_not_one_variance_per_band_is_refused(tmp_path, scale):
    path = rewrite(tmp_path, V1_SELECTION, ridge_scale=scale)
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == (f"{path} is a corrupt GMM Select model file: array 'ridge_scale' (shape "
                                  f"{scale.shape}) is not one finite variance > 0 per band{FIX}")


def test_an_alpha_outside_zero_one_is_refused(tmp_path):
    path = rewrite(tmp_path, V1_SELECTION, {"alpha": 1.5})
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == (f"{path} is a corrupt GMM Select model file: alpha is outside [0, 1] "
                                  f"(1.5){FIX}")


def test_the_training_record_round_trips(tmp_path, saved):
    path = tmp_path / "model.gmm"
    save_model(path, saved)
    loaded, record = load_model(path).training, saved.training
    for name in ("created", "workflow", "source", "parameters", "samples", "polygons", "final_model",
                 "timings", "warnings"):
        assert getattr(loaded, name) == getattr(record, name), name
    assert_same_assessment(loaded.cross_validation, record.cross_validation)
    assert_same_assessment(loaded.validation, record.validation)
    assert np.isnan(loaded.validation.producers[3]) and loaded.assessment.source == "held-out polygons"
    again = tmp_path / "again.gmm"
    save_model(again, load_model(path))
    assert header_of(again) == header_of(path)


def test_a_model_without_training_record_round_trips(tmp_path, saved):
    bare = SavedModel(saved.mixture, saved.band_numbers, saved.feature_names, 64)
    path = tmp_path / "bare.gmm"
    save_model(path, bare)
    loaded = load_model(path)
    assert loaded.training is None and loaded.class_colors is None and loaded.selection is None
    assert loaded.features == tuple(range(16))


def test_a_byte_left_undecoded_is_saved_as_the_replacement_character(tmp_path, saved):
    """GDAL passes a byte of a layer's text it cannot decode as a lone surrogate ('Asph\\udce4lt' of a CSV in
    Latin-1): such a model was saved, then Predict raised TypeError (invalid Unicode sequence) and the
    report UnicodeEncodeError; it is saved as U+FFFD, as QGIS shows it, and load_model refuses a file holding
    one."""
    mixture = saved.mixture
    names = ["Asph\udce4lt"] + mixture.class_names_[1:]
    renamed = GaussianMixture(mixture.labels_, mixture.priors_, mixture.means_, mixture.covariances_,
                              mixture.tau_, names, counts=mixture.counts_)
    path = tmp_path / "undecoded.gmm"
    save_model(path, SavedModel(renamed, saved.band_numbers, ["B\udcb91"] + saved.feature_names[1:], 64))
    loaded = load_model(path)
    assert loaded.mixture.class_names_ == ["Asph\ufffdlt"] + mixture.class_names_[1:]
    assert loaded.feature_names[0] == "B\ufffd1" and loaded.feature_names[1:] == saved.feature_names[1:]


def header_of(path):
    """The JSON header of a model file."""
    with np.load(path, allow_pickle=False) as archive:
        return json.loads(str(archive["header"]))


@pytest.mark.parametrize("path", [V1_SELECTION, V1_TAU_SEARCH])
def test_version_1_files_of_the_earlier_code_load_with_everything_they_hold(tmp_path, path):
    old = header_of(path)
    assert old["version"] == 1
    loaded = load_model(path)
    info = old["info"]
    assert loaded.mixture.class_names_ == CLASSES and loaded.class_colors == info["class_colors"]
    assert loaded.wavelengths is None and loaded.training.created == info["created"]
    assert loaded.training.samples == {name: (c["train"], c["validation"])
                                       for name, c in info["samples_per_class"].items()}
    assert loaded.training.validation.kappa == info["validation"]["kappa"]
    assert loaded.training.cross_validation.confusion.tolist() == info["cross_validation"]["confusion"]
    assert loaded.training.timings == info["timings_s"] and loaded.training.parameters == info["parameters"]
    assert loaded.mixture.counts_.tolist() == [info["samples_per_class"][name]["train"] for name in CLASSES]
    # written again, the file holds the same header: the format did not change
    again = tmp_path / "again.gmm"
    save_model(again, loaded)
    assert header_of(again) == old


def test_version_1_selection_file_predicts_with_its_selected_bands():
    loaded = load_model(V1_SELECTION)
    mixture, bands = loaded.classifier()
    assert loaded.selection.method == "sffs" and loaded.selection.criterion == "jm"
    assert bands == tuple(f + 1 for f in loaded.selection.best_set) and mixture.n_features == len(bands)
    means = loaded.mixture.means_[:, [b - 1 for b in bands]]
    np.testing.assert_array_equal(mixture.predict(means), loaded.mixture.labels_)


def test_classifier_uses_the_selected_bands_or_another_size(saved):
    mixture, bands = saved.classifier()
    assert bands == tuple(f + 1 for f in saved.selection.best_set)
    assert mixture.n_features == len(saved.selection.best_set)
    mixture, bands = saved.classifier(n_features=2)
    assert bands == tuple(f + 1 for f in saved.selection.best_sets[2])
    with pytest.raises(ValueError, match="no set of 9 features; choose a size from 1 to 6"):
        saved.classifier(9)


def test_files_hold_no_pickle(tmp_path, saved):
    path = tmp_path / "model.gmm"
    save_model(path, saved)
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            header = archive.read(name)[:128]
            assert b"'descr': '|O'" not in header and b"'descr': 'O'" not in header


# -- refused files ------------------------------------------------------------------------------

def rewrite(tmp_path, source, header=None, drop=(), name="changed.gmm", **arrays_changed):
    """A copy of the model file `source`, `name` in `tmp_path`, with header fields replaced (`header`:
    {dotted name: value}, a value of `drop` removes the field) and arrays replaced."""
    with np.load(source, allow_pickle=False) as archive:
        arrays = {name: archive[name] for name in archive.files}
    values = json.loads(str(arrays.pop("header")))
    for name, value in (header or {}).items():
        *parents, key = name.split(".")
        target = values
        for parent in parents:
            target = target[parent]
        target[key] = value
    for name in drop:
        *parents, key = name.split(".")
        target = values
        for parent in parents:
            target = target[parent]
        del target[key]
    arrays.update(arrays_changed)
    path = tmp_path / name
    with open(path, "wb") as stream:
        np.savez(stream, header=np.array(json.dumps(values)), **arrays)
    return path


def v1_array(name):
    """An array of the version-1 selection file."""
    with np.load(V1_SELECTION, allow_pickle=False) as archive:
        return archive[name]


def with_cell(name, index, value):
    """The v1 array `name` with one cell set."""
    array = v1_array(name).copy()
    array[index] = value
    return array


def asymmetric():
    """Covariances whose class-2 matrix has one off-diagonal cell changed (not its mirror)."""
    covariances = v1_array("covariances").copy()
    covariances[1, 0, 1] += 0.5 * np.abs(covariances[1]).max()
    return covariances


def not_positive():
    """Covariances whose class-1 matrix has the eigenvalue -1."""
    covariances = v1_array("covariances").copy()
    covariances[0] = np.diag([1.0] * 6 + [-1.0])
    return covariances


CORRUPT = [
    # covariances that no mixture has
    ("asymmetric", {"covariances": asymmetric()}, "the covariance of class 2 is not symmetric"),
    ("not PSD", {"covariances": not_positive()},
     "the covariance of class 1 is not positive semi-definite (eigenvalue -1)"),
    # non-finite numbers
    ("tau nan", {"header": {"tau": float("nan")}}, "tau is not finite (nan)"),
    ("floor inf", {"header": {"floor": float("inf")}}, "floor is not finite (inf)"),
    ("priors nan", {"priors": with_cell("priors", 0, np.nan)}, "array 'priors' holds non-finite values"),
    ("means inf", {"means": with_cell("means", (1, 2), np.inf)}, "array 'means' holds non-finite values"),
    ("covariances nan", {"covariances": with_cell("covariances", (0, 1, 1), np.nan)},
     "array 'covariances' holds non-finite values"),
    # priors
    ("negative prior", {"priors": np.array([-0.2, 0.4, 0.4, 0.4])},
     "priors [-0.2, 0.4, 0.4, 0.4] are not all positive"),
    ("priors sum", {"priors": np.array([0.5, 0.5, 0.5, 0.5])}, "priors sum to 2, not 1"),
    # labels
    ("duplicate labels", {"labels": np.array([1, 2, 2, 4])}, "duplicate class labels [1, 2, 2, 4]"),
    ("negative label", {"labels": np.array([-1, 1, 2, 3])},
     "class labels [-1, 1, 2, 3] do not fit the classification's pixel type: they must be 0 to 4294967295"),
    ("label too large", {"labels": np.array([1, 2, 3, 2**40])},
     "class labels [1, 2, 3, 1099511627776] do not fit the classification's pixel type: they must be 0 to "
     "4294967295"),
    ("float labels", {"labels": np.array([1.0, 2.5, 3.0, 4.0])},
     "array 'labels' holds float64, not whole numbers"),
    # header fields of the wrong JSON type
    ("names object", {"header": {"class_names": {"a": 1}}},
     "header field 'class_names' is an object, not a list"),
    ("name number", {"header": {"class_names": ["a", 3, "c", "d"]}},
     "header field 'class_names[1]' is a number, not a string"),
    ("tau string", {"header": {"tau": "0"}}, "header field 'tau' is a string, not a number"),
    ("bands fraction", {"header": {"n_raster_bands": 7.5}},
     "header field 'n_raster_bands' is a number, not a whole number"),
    ("bands boolean", {"header": {"n_raster_bands": True}},
     "header field 'n_raster_bands' is a boolean, not a whole number"),
    ("info list", {"header": {"info": []}}, "header field 'info' is a list, not an object"),
    ("selection list", {"header": {"selection": [1]}}, "header field 'selection' is a list, not an object"),
    ("kappa string", {"header": {"info.cross_validation.kappa": "high"}},
     "header field 'info.cross_validation.kappa' is a string, not a number"),
    ("counts object", {"header": {"info.samples_per_class.forest": [1, 2]}},
     "header field 'info.samples_per_class.forest' is a list, not an object"),
    ("missing field", {"drop": ["info.final_model"]}, "header field 'info.final_model' is missing"),
    ("grouped number", {"header": {"info.parameters.grouped": 1}},
     "header field 'info.parameters.grouped' is a number, not true or false"),
    ("missing tau", {"drop": ["tau"]}, "header field 'tau' is missing"),
    ("folds run string", {"header": {"info.parameters.cv_folds": "none"}},
     "header field 'info.parameters.cv_folds' is a string, not a whole number"),
    ("loo switch number", {"header": {"info.parameters.loo_few_polygons": 1}},
     "header field 'info.parameters.loo_few_polygons' is a number, not true or false"),
    ("selection alpha string", {"header": {"info.parameters.selection_alpha": "0.5"}},
     "header field 'info.parameters.selection_alpha' is a string, not a number"),
    ("selection tau missing",
     {"header": {"info.parameters.selection_alpha": 0.5}, "drop": ["info.parameters.tau"]},
     "header field 'info.parameters.tau' is missing"),
    # the model the held-out figures measure, where REFIT chose again (info.parameters.assessed_model)
    ("assessed bands outside", {"header": {"info.parameters.assessed_model": {
        "features": [0, 7], "alpha": 0.0, "tau": 0.01, "relative_tau": True}}},
     "the assessed model's band positions are not within 0 to 6"),
    ("assessed tau text", {"header": {"info.parameters.assessed_model": {
        "features": [0, 1], "alpha": 0.0, "tau": "0.01", "relative_tau": True}}},
     "header field 'info.parameters.assessed_model.tau' is a string, not a number"),
    # how QGIS gave the inputs (info.source.read_as) and Processing's invalid-feature check
    ("read as list", {"header": {"info.source.read_as": []}},
     "header field 'info.source.read_as' is a list, not an object"),
    ("selected text", {"header": {"info.source.read_as": {"training": {"selected_only": "yes"}}}},
     "header field 'info.source.read_as.training.selected_only' is a string, not true or false"),
    ("limit fraction", {"header": {"info.source.read_as": {"training": {"feature_limit": 2.5}}}},
     "header field 'info.source.read_as.training.feature_limit' is a number, not a whole number"),
    ("field added number", {"header": {"info.source.read_as": {"table": {"fields_added": ["a", 2]}}}},
     "header field 'info.source.read_as.table.fields_added[1]' is a number, not a string"),
    ("no-data band", {"header": {"info.source.read_as": {"raster": {"no_data": {
        "b2": {"file_value": True, "ranges": []}}}}}},
     "header field 'info.source.read_as.raster.no_data.b2' is not a band number"),
    ("no-data file value",
     {"header": {"info.source.read_as": {"raster": {"no_data": {"2": {"ranges": []}}}}}},
     "header field 'info.source.read_as.raster.no_data.2.file_value' is missing"),
    ("no-data range", {"header": {"info.source.read_as": {"raster": {"no_data": {
        "2": {"file_value": True, "ranges": [[0, 10, True]]}}}}}},
     "header field 'info.source.read_as.raster.no_data.2.ranges[0]' is not [low, high, low included, high "
     "included]"),
    ("no-data bound text", {"header": {"info.source.read_as": {"raster": {"no_data": {
        "2": {"file_value": True, "ranges": [["0", 10, True, True]]}}}}}},
     "header field 'info.source.read_as.raster.no_data.2.ranges[0][0]' is a string, not a number"),
    ("no-data bound kind", {"header": {"info.source.read_as": {"raster": {"no_data": {
        "2": {"file_value": True, "ranges": [[0, 10, None, True]]}}}}}},
     "header field 'info.source.read_as.raster.no_data.2.ranges[0][2]' is null, not true or false"),
    ("transformation without proj", {"header": {"info.source.read_as": {"transformation": {
        "inverse": False, "name": "x"}}}},
     "header field 'info.source.read_as.transformation.proj' is missing"),
    ("invalid rule number", {"header": {"info.source.invalid_geometries": 1}},
     "header field 'info.source.invalid_geometries' is a number, not a string"),
    # shapes that disagree
    ("covariance shape", {"covariances": np.zeros((4, 7, 6))},
     "array 'covariances' has shape (4, 7, 6); the means of shape (4, 7) need (4, 7, 7)"),
    ("band numbers", {"band_numbers": np.arange(1, 4)},
     "array 'band_numbers' has shape (3,); the means of shape (4, 7) need (7,)"),
    ("class names", {"header": {"class_names": ["a", "b", "c"]}}, "3 class names for 4 classes"),
    ("band names", {"header": {"feature_names": ["a"]}}, "1 band names for 7 bands"),
    ("colours", {"header": {"info.class_colors": ["#000000"]}}, "1 class colours for 4 classes"),
    ("band descriptions", {"header": {"info.band_descriptions": ["a"]}}, "1 band_descriptions for 7 bands"),
    ("wavelength units", {"header": {"info.wavelength_units": [1, 2, 3, 4, 5, 6, 7]}},
     "header field 'info.wavelength_units[0]' is a number, not a string"),
    ("band scale 0", {"header": {"info.band_scales": [1.0] * 6 + [0.0], "info.band_offsets": [0.0] * 7}},
     "band scales [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0] and offsets [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0] are "
     "not both given for each band, or not finite numbers with scales other than 0"),
    ("band offsets missing", {"header": {"info.band_scales": [1.0] * 7}},
     "band scales [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0] and offsets None are not both given for each band, or "
     "not finite numbers with scales other than 0"),
    ("band scale text", {"header": {"info.band_scales": ["1"] * 7, "info.band_offsets": [0.0] * 7}},
     "header field 'info.band_scales[0]' is a string, not a number"),
    ("confusion", {"header": {"info.validation.confusion": [[1, 2], [3, 4]]}},
     "header field 'info.validation.confusion' is not a 4 x 4 matrix"),
    ("features", {"features": np.array([0, 7])}, "features [0, 7] are not distinct positions from 0 to 6"),
    ("band beyond raster", {"header": {"n_raster_bands": 5}},
     "band numbers [1, 2, 3, 4, 5, 6, 7] are not all within 1 to 5 (n_raster_bands)"),
    ("bands beyond GDAL", {"header": {"n_raster_bands": 2**62}},
     "header field 'n_raster_bands' is 4611686018427387904, more bands than a raster holds (GDAL numbers "
     "them up to 2147483647)"),
    ("selection sets", {"selection_sets": np.zeros((5, 2), dtype=np.int64)},
     "selection arrays of shapes (5,), (5, 2) and (5,) disagree"),
    ("unknown criterion", {"header": {"selection.criterion": "magic"}},
     "unknown selection criterion 'magic'"),
    # arrays of another kind, numbers beyond the 64-bit integers
    ("complex covariances", {"covariances": v1_array("covariances").astype(np.complex128)},
     "array 'covariances' holds complex128, not real numbers"),
    ("text selection values", {"selection_values": np.array(["a"] * 5)},
     "array 'selection_values' holds <U1, not real numbers"),
    ("boolean selection sets", {"selection_sets": v1_array("selection_sets").astype(bool)},
     "array 'selection_sets' holds bool, not whole numbers"),
    ("huge tau", {"header": {"tau": 10**30}},
     "header field 'tau' is 1000000000000000000000000000000, beyond the 64-bit integers"),
    ("huge count", {"header": {"info.cross_validation.confusion": [[2**63] * 4] * 4}},
     "header field 'info.cross_validation.confusion[0][0]' is 9223372036854775808, beyond the 64-bit "
     "integers"),
    # finite numbers no training gives, which made NaN confidences, LinAlgError or TypeError
    ("float16 covariances", {"covariances": v1_array("covariances").astype(np.float16)},
     "array 'covariances' holds float16, not the 64-bit floats (float64) GMM Select writes"),
    ("means of 1e200", {"means": v1_array("means") * 1e200},
     f"array 'means' holds {np.abs(v1_array('means')).max() * 1e200:.6g}, beyond +-1e+150, the values of "
     "samples training takes"),
    ("covariances of 1e300", {"covariances": v1_array("covariances") * 1e300},
     f"array 'covariances' holds {np.abs(v1_array('covariances')).max() * 1e300:.6g}, beyond +-2e+300, the "
     "largest variance of samples within +-1e+150 (the values training takes)"),
    ("denormal ridge scale", {"ridge_scale": np.r_[1e-310, np.ones(6)]},
     "array 'ridge_scale' holds variances from 1e-310 to 1, not within 2.22507e-308 to 2e+300 (a variance of "
     "samples training takes)"),
    ("ridge units beyond", {"ridge_scale": np.r_[1e-300, np.ones(6)]},
     f"array 'means' holds {np.abs(v1_array('means')[:, 0]).max() / 1e-150:.6g} in ridge units (those of "
     "array 'ridge_scale'), beyond +-1e+150, the values of samples training takes"),
    ("counts of one", {"counts": np.ones(4)},
     "class counts [1.0, 1.0, 1.0, 1.0] are not whole numbers of samples, at least 2 each (a covariance "
     "needs them) and 9007199254740992 at most in all"),
    ("fractional counts", {"counts": np.full(4, 2.5)},
     "class counts [2.5, 2.5, 2.5, 2.5] are not whole numbers of samples, at least 2 each (a covariance "
     "needs them) and 9007199254740992 at most in all"),
    ("floor of other covariances", {"covariances": with_cell("covariances", (3, 6, 6), 1e154)},
     "its eigenvalue floor 2.5968584249637045e-09 is not that of its covariances, "
     f"{variance_floor(np.diagonal(with_cell('covariances', (3, 6, 6), 1e154), axis1=1, axis2=2))!r} (1e-10 "
     "times their mean band variance)"),
    ("floor changed", {"header": {"floor": 1e-3}},
     "its eigenvalue floor 0.001 is not that of its covariances, 2.5968584249637045e-09 (1e-10 times their "
     "mean band variance)"),
    # header texts no file can hold, numbers the report and the curves cannot draw
    ("lone surrogate", {"header": {"class_names": ["\udc80", "b", "c", "d"]}},
     "header field 'class_names[0]' holds U+DC80, half of a UTF-16 surrogate pair, which is not text"),
    ("surrogate in a path", {"header": {"info.source.raster": "/data/sc\udce8ne.tif"}},
     "header field 'info.source.raster' holds U+DCE8, half of a UTF-16 surrogate pair, which is not text"),
    ("surrogate in a name", {"header": {"info.timings_s": {"fit\ud800": 1.0}}},
     "header field 'info.timings_s.fit\\ud800' holds U+D800, half of a UTF-16 surrogate pair, which is not "
     "text"),
    ("huge integer shown", {"header": {"info.parameters.max_features": 10**100}},
     "header field 'info.parameters.max_features' is a whole number of 101 digits, beyond the 64-bit "
     "integers"),
    ("source number", {"header": {"info.source.training": 5}},
     "header field 'info.source.training' is a number, not a string"),
    ("source samples text", {"header": {"info.source.max_samples_per_class": "all"}},
     "header field 'info.source.max_samples_per_class' is a string, not a whole number"),
    ("wavelength nan", {"header": {"info.wavelengths": [400.0, float("nan")] + [500.0] * 5}},
     "header field 'info.wavelengths[1]' is not finite (nan)"),
    ("wavelength huge", {"header": {"info.wavelengths": [1e308, -1e308] + [500.0] * 5}},
     "header field 'info.wavelengths[0]' is 1e+308, beyond +-1e+150 (the charts place the bands by their "
     "wavelengths)"),
    ("colour name", {"header": {"info.class_colors": ["#000000", "red", "#000000", "#000000"]}},
     "header field 'info.class_colors[1]' is 'red', not a colour '#rrggbb'"),
    ("JM beyond its ceiling", {"selection_values": v1_array("selection_values") + 0.5},
     f"array 'selection_values' holds {v1_array('selection_values')[0] + 0.5!r}, outside the values of "
     "criterion 'jm' (0 to 0.53033)"),
    ("set holding a band twice", {"selection_sets": np.where(v1_array("selection_sets") >= 0, 3, -1)},
     "a selected set holds a band position twice"),
]


@pytest.mark.parametrize(("changes", "what"), [case[1:] for case in CORRUPT],
                         ids=[case[0] for case in CORRUPT])
def test_files_that_cannot_describe_a_mixture_are_refused_saying_why(tmp_path, changes, what):
    changes = dict(changes)
    path = rewrite(tmp_path, V1_SELECTION, changes.pop("header", None), changes.pop("drop", ()), **changes)
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == f"{path} is a corrupt GMM Select model file: {what}{FIX}"


@pytest.mark.parametrize(("changes", "what"), [
    ({"tau_values": np.full(16, 1.5)},
     "array 'tau_values' holds 1.5, outside the values of criterion 'kappa' (-1 to 1)"),
    ({"tau_grid": -np.ones(16)}, "the tau search holds a negative tau (a ridge tau is >= 0)")])
def test_a_tau_search_of_values_its_criterion_cannot_take_is_refused(tmp_path, changes, what):
    """A kappa of 1.5 made the report's axis upside down (math domain error in its ticks)."""
    path = rewrite(tmp_path, V1_TAU_SEARCH, **changes)
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == f"{path} is a corrupt GMM Select model file: {what}{FIX}"


def test_the_floor_a_model_records_is_that_of_its_covariances_exactly(tmp_path, saved):
    """The floor a model records is variance_floor of its covariances, exactly (in ridge units for a relative
    ridge): the check a file's floor passes on load (28 models of every workflow passed it)."""
    for path in (V1_SELECTION, V1_TAU_SEARCH, relative_model(tmp_path, saved)):
        mixture = load_model(path).mixture
        scale = 1.0 if mixture.ridge_scale_ is None else mixture.ridge_scale_
        assert header_of(path)["floor"] == variance_floor(np.diagonal(mixture.covariances_, axis1=1, axis2=2)
                                                          / scale)


def test_a_decomposition_that_fails_is_a_corrupt_model(tmp_path, monkeypatch):
    """The last word: whatever the checks let through, an eigen decomposition that fails or gives non-finite
    numbers is refused as a corrupt model, not a LinAlgError."""
    original = np.linalg.eigh

    def failing(matrix):
        raise np.linalg.LinAlgError("Eigenvalues did not converge")

    monkeypatch.setattr(np.linalg, "eigh", failing)
    with pytest.raises(ModelFileError) as refused:
        load_model(V1_SELECTION)
    assert str(refused.value) == (f"{V1_SELECTION} is a corrupt GMM Select model file: its covariances "
                                  f"cannot be decomposed (Eigenvalues did not converge){FIX}")
    monkeypatch.setattr(np.linalg, "eigh", lambda matrix: (original(matrix)[0] * np.inf, original(matrix)[1]))
    with pytest.raises(ModelFileError) as refused:
        load_model(V1_SELECTION)
    assert str(refused.value) == (f"{V1_SELECTION} is a corrupt GMM Select model file: its covariances "
                                  f"decompose into non-finite numbers (tau 0.0, alpha 0.0){FIX}")


def test_a_tau_grid_that_disagrees_with_its_values_is_refused(tmp_path):
    path = rewrite(tmp_path, V1_TAU_SEARCH, tau_values=np.zeros(3))
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == (f"{path} is a corrupt GMM Select model file: tau grid of shape (16,) and "
                                  f"its values of shape (3,) disagree{FIX}")


@pytest.mark.parametrize(("changes", "what"), [
    ({"tau_values": np.array(["high"] * 16)}, "array 'tau_values' holds <U4, not real numbers"),
    ({"header": {"tau_search.criterion": "magic"}}, "unknown tau search criterion 'magic'")])
def test_a_tau_search_of_text_or_an_unknown_criterion_is_refused(tmp_path, changes, what):
    changes = dict(changes)
    path = rewrite(tmp_path, V1_TAU_SEARCH, changes.pop("header", None), **changes)
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == f"{path} is a corrupt GMM Select model file: {what}{FIX}"


#: Values a damaged header field takes (damaged()).
JSON_VALUES = [None, -1, 0, 2, 10**30, -0.5, 1e308, float("nan"), float("inf"), "x", "", [], [1, 2], {},
               {"a": 1}, True]


def header_fields(values):
    """(container, key) of every field of a JSON header, nested ones included."""
    if not isinstance(values, (dict, list)):
        return
    for key in list(values) if isinstance(values, dict) else range(len(values)):
        yield values, key
        yield from header_fields(values[key])


def damaged(rng, values, arrays):
    """One seeded damage to a model file's header `values` or its `arrays` (changed in place): a field
    removed or set to another JSON value, or an array removed, cut short, emptied, given another kind or
    dimension, or one cell made non-finite or extreme."""
    if rng.random() < 0.5:
        fields = list(header_fields(values))
        parent, key = fields[rng.integers(len(fields))]
        if rng.random() < 0.2:
            del parent[key]
        else:
            parent[key] = JSON_VALUES[rng.integers(len(JSON_VALUES))]
        return
    name = sorted(arrays)[rng.integers(len(arrays))]
    array = arrays.pop(name)
    cell = array.astype(np.float64).ravel()
    if cell.size:
        cell[rng.integers(cell.size)] = rng.choice([np.nan, np.inf, -1.0, 1e300])
    changed = [array.ravel()[:-1], np.array([]), array.astype(str), array.astype(bool),
               array.astype(np.complex128), array[None], cell.reshape(array.shape)]
    choice = rng.integers(len(changed) + 1)
    if choice < len(changed):
        arrays[name] = changed[choice]


def test_damaged_files_are_refused_or_load_a_working_mixture(tmp_path, saved):
    """300 seeded damages of a full model file (damaged()): each loads a mixture that classifies, or is
    refused with ModelFileError; never another exception (a traceback in Predict). Before the arrays' kinds
    and the header's integers were checked, 7 of these 300 raised TypeError or OverflowError, and complex
    arrays loaded with their imaginary parts dropped."""
    source = tmp_path / "full.gmm"
    save_model(source, saved)
    with np.load(source, allow_pickle=False) as archive:
        original = {name: archive[name] for name in archive.files}
    crashes = []
    for seed in range(300):
        rng = np.random.default_rng(seed)
        arrays = dict(original)
        values = json.loads(str(arrays.pop("header")))
        damaged(rng, values, arrays)
        path = tmp_path / "damaged.gmm"
        with open(path, "wb") as stream:
            np.savez(stream, header=np.array(json.dumps(values)), **arrays)
        try:
            mixture = load_model(path).mixture
            mixture.predict(mixture.means_)
        except ModelFileError:
            pass
        except Exception as error:  # noqa: BLE001 (any other exception is the failure reported)
            crashes.append((seed, repr(error)))
    assert crashes == []


def npy_claiming(shape, data):
    """The bytes of a .npy file whose header claims float64 `shape` but which holds `data` only."""
    stream = io.BytesIO()
    np.lib.format.write_array_header_1_0(stream, {"descr": "<f8", "fortran_order": False, "shape": shape})
    return stream.getvalue() + data


def test_a_header_claiming_arrays_larger_than_the_file_is_refused_before_allocating(tmp_path):
    path = tmp_path / "huge.gmm"
    shutil.copy(V1_SELECTION, path)
    with zipfile.ZipFile(V1_SELECTION) as source, zipfile.ZipFile(path, "w") as target:
        for member in source.namelist():
            content = source.read(member)
            target.writestr(member, npy_claiming((10**6, 10**6), content[128:]) if member == "means.npy"
                            else content)
    with zipfile.ZipFile(path) as archive:
        held = archive.getinfo("means.npy").file_size - 128
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == (f"{path} is a corrupt GMM Select model file: array 'means' claims shape "
                                  f"(1000000, 1000000) of float64 (8000000000000 bytes) but the file holds "
                                  f"{held} bytes for it{FIX}")


@pytest.mark.parametrize("version", ["1", 1.5, True, 0, None, [1]])
def test_a_version_that_is_not_a_whole_number_is_not_a_model_file(tmp_path, version):
    path = rewrite(tmp_path, V1_SELECTION, {"version": version})
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == (f"{path} is not a GMM Select model file (version {version!r} is not a "
                                  "whole number >= 1); choose a file written by Train GMM, Train Selection "
                                  "or Train Selection from a Table of Spectra")


def test_a_newer_version_asks_for_an_update(tmp_path):
    path = rewrite(tmp_path, V1_SELECTION, {"version": modelfile.VERSION + 1})
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == (f"{path} is a model file of version 5, newer than this plugin reads "
                                  "(version 4); update GMM Select")


@pytest.mark.parametrize(("header", "why"), [
    ({"format": "someone-else"}, "format 'someone-else'"),
    (["a", "list"], "its header is a list, not an object"),
])
def test_foreign_headers_are_not_model_files(tmp_path, header, why):
    path = tmp_path / "foreign.gmm"
    with open(path, "wb") as stream:
        np.savez(stream, header=np.array(json.dumps(header)), means=np.zeros((2, 2)))
    with pytest.raises(ModelFileError) as refused:
        load_model(path)
    assert str(refused.value) == (f"{path} is not a GMM Select model file ({why}); choose a file written by "
                                  "Train GMM, Train Selection or Train Selection from a Table of Spectra")


def test_not_a_model_at_all(tmp_path):
    garbage = tmp_path / "garbage.gmm"
    garbage.write_bytes(b"\x80\x04 not a zip")
    with pytest.raises(ModelFileError, match="not a GMM Select model file"):
        load_model(garbage)
    with pytest.raises(ModelFileError, match="not found"):
        load_model(tmp_path / "missing.gmm")
    other = tmp_path / "other.npz"
    np.savez(other, a=np.arange(3))
    with pytest.raises(ModelFileError, match="not a GMM Select model file"):
        load_model(other)


def test_save_is_atomic(tmp_path, saved):
    path = tmp_path / "model.gmm"
    path.write_bytes(b"previous")
    broken = SavedModel(saved.mixture, saved.band_numbers, saved.feature_names, 64, class_colors=[object()])
    with pytest.raises(TypeError):
        save_model(path, broken)
    assert path.read_bytes() == b"previous"
    assert [p.name for p in tmp_path.iterdir()] == ["model.gmm"]


def test_a_saved_model_has_a_new_file_s_permissions_or_those_of_the_file_it_replaces(tmp_path, saved):
    """The temporary file mkstemp makes is private (0600), and the model kept its mode: a model on a shared
    folder was unreadable to the Dask workers of other users, and replacing a model made it private."""
    umask = os.umask(0o022)
    os.umask(umask)
    new = tmp_path / "new.gmm"
    save_model(new, saved)
    assert os.stat(new).st_mode & 0o777 == 0o666 & ~umask
    shared = tmp_path / "shared.gmm"
    shared.write_bytes(b"previous")
    os.chmod(shared, 0o664)
    save_model(shared, saved)
    assert os.stat(shared).st_mode & 0o777 == 0o664 and load_model(shared).band_numbers == saved.band_numbers


def relative_model(tmp_path, saved):
    """A version-4 model file (a relative ridge, its ridge scale saved)."""
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, :16], data["y"] + 1
    mixture = GaussianMixture.fit(X, y, tau=0.01, ridge_scale=band_variances(X, y),
                                  class_names=saved.mixture.class_names_)
    path = tmp_path / "relative.gmm"
    save_model(path, SavedModel(mixture, range(1, 17), saved.feature_names, 64))
    return path


def test_damaged_archives_are_refused_whatever_the_reader_raises(tmp_path, saved):
    """One bit of a saved model's zip headers (the encrypted flag, the compression method) made zipfile raise
    RuntimeError or NotImplementedError, which escaped as tracebacks; a compressed member was unpacked whole
    before its size was checked (a 1 MB file took 1 GB). All are refused as model files."""
    source = relative_model(tmp_path, saved)
    data = bytearray(source.read_bytes())
    central = data.find(b"PK\x01\x02")  # the central directory's first entry: its flags, its method
    for offset, bit, said in ((8, 0, r"is not a GMM Select model file \(RuntimeError: "),
                              (10, 1, r"is a corrupt GMM Select model file: array 'header' is compressed")):
        damaged_file = tmp_path / f"bit{offset}.gmm"
        changed = bytearray(data)
        changed[central + offset] ^= 1 << bit
        damaged_file.write_bytes(bytes(changed))
        with pytest.raises(ModelFileError, match=said):
            load_model(damaged_file)
    compressed = tmp_path / "compressed.gmm"
    deflated = zipfile.ZIP_DEFLATED
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(compressed, "w", deflated) as target:
        for member in original.namelist():
            target.writestr(member, original.read(member))
    with pytest.raises(ModelFileError, match=r"is a corrupt GMM Select model file: array '.*' is compressed, "
                                             r"which GMM Select never writes"):
        load_model(compressed)


def test_a_version_4_file_that_lost_its_ridge_scale_is_refused(tmp_path, saved):
    """The ridge scale of a version-4 file hidden by one byte (its central directory's previous entry's
    comment length, which then swallows it) or removed: loaded as an absolute ridge before, silently (1.3 %
    of a scene's pixels changed class); a search's alphas without the header's alpha likewise."""
    source = relative_model(tmp_path, saved)
    data = bytearray(source.read_bytes())
    entries = {}
    start = data.find(b"PK\x01\x02")
    while start >= 0:
        name_length, extra, comment = struct.unpack("<HHH", data[start + 28:start + 34])
        name = data[start + 46:start + 46 + name_length].decode()
        entries[name] = start, 46 + name_length + extra + comment
        start = data.find(b"PK\x01\x02", start + 4)
    names = list(entries)
    before = names[names.index("ridge_scale.npy") - 1]
    data[entries[before][0] + 32] = entries["ridge_scale.npy"][1]
    hidden = tmp_path / "hidden.gmm"
    hidden.write_bytes(bytes(data))
    with pytest.raises(ModelFileError, match=rf"corrupt GMM Select model file: its archive counts "
                                             rf"{len(names)} arrays and lists {len(names) - 1}{FIX}$"):
        load_model(hidden)
    with pytest.raises(ModelFileError, match=r"corrupt GMM Select model file: a model file of version 4 "
                                             r"holds its ridge scale, and this one has no array "
                                             rf"'ridge_scale'{FIX}$"):
        load_model(without_array(tmp_path, source, "ridge_scale.npy"))
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, :16], data["y"] + 1
    search = select_tau(X, y, folds=3, alphas=[0.0, 0.5])
    shrunk = tmp_path / "shrunk.gmm"
    save_model(shrunk, SavedModel(GaussianMixture.fit(X, y, tau=search.tau, alpha=0.5), range(1, 17),
                                  saved.feature_names, 64, tau_search=search))
    with pytest.raises(ModelFileError, match=r"corrupt GMM Select model file: its \(alpha, tau\) search "
                                             rf"holds alphas, and its header no alpha{FIX}$"):
        load_model(rewrite(tmp_path, shrunk, drop=("alpha",)))


def without_array(tmp_path, source, member):
    """A copy of the model file `source` without its archive member `member`."""
    path = tmp_path / "without.gmm"
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(path, "w") as target:
        for name in original.namelist():
            if name != member:
                target.writestr(name, original.read(name))
    return path
