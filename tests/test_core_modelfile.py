"""Model files: exact round trip, data only, corrupt/foreign/newer files refused."""

import json
import zipfile

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


@pytest.fixture(scope="module")
def saved():
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, :16], data["y"] + 1
    selection = select_features(X, y, "sffs", "jm", max_features=6)
    search = select_tau(X, y, folds=3)
    mixture = GaussianMixture.fit(X, y, tau=search.tau, class_names=list(data["class_names"]))
    return SavedModel(mixture, range(1, 17), list(data["feature_names"][:16]), 64, selection.best_set,
                      selection, search, {"method": "sffs", "samples": {"a": 3}})


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
    assert loaded.tau_search.tau == saved.tau_search.tau and loaded.info == saved.info
    X = np.random.default_rng(0).normal(size=(20, 16)) * 1000 + saved.mixture.means_[0]
    np.testing.assert_array_equal(loaded.mixture.decision_function(X), saved.mixture.decision_function(X))


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


def rewrite(tmp_path, path, **changes):
    """A copy of the model file with header fields or arrays replaced."""
    with np.load(path, allow_pickle=False) as archive:
        arrays = {name: archive[name] for name in archive.files}
    header = json.loads(str(arrays.pop("header")))
    header.update(changes.pop("header", {}))
    arrays.update(changes)
    target = tmp_path / "changed.gmm"
    with open(target, "wb") as stream:
        np.savez(stream, header=np.array(json.dumps(header)), **arrays)
    return target


@pytest.mark.parametrize(("changes", "message"), [
    ({"header": {"version": modelfile.VERSION + 1}}, "newer than this plugin reads.*update GMM Select"),
    ({"header": {"format": "someone-else"}}, "not a GMM Select model file"),
    ({"priors": np.array([0.5, 0.5, 0.5, 0.5])}, "priors do not sum to 1"),
    ({"covariances": np.zeros((4, 16, 15))}, "covariance shape"),
    ({"band_numbers": np.arange(3)}, "band numbers disagree"),
    ({"means": np.full((4, 16), np.nan)}, "non-finite values"),
])
def test_corrupt_or_foreign_files_are_refused(tmp_path, saved, changes, message):
    path = tmp_path / "model.gmm"
    save_model(path, saved)
    with pytest.raises(ModelFileError, match=message):
        load_model(rewrite(tmp_path, path, **changes))


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
    broken = SavedModel(saved.mixture, saved.band_numbers, saved.feature_names, 64, info={"bad": object()})
    with pytest.raises(TypeError):
        save_model(path, broken)
    assert path.read_bytes() == b"previous"
    assert [p.name for p in tmp_path.iterdir()] == ["model.gmm"]
