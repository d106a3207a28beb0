"""Model files: one NumPy .npz archive of plain arrays plus a JSON header, never pickle.

Loading reads data only (`allow_pickle=False`), checks the format name, the version and every
shape, and raises ModelFileError for a corrupt, foreign or newer file. Round trips are exact.
"""

import json
import os
import tempfile
import zipfile
from dataclasses import dataclass, field

import numpy as np

from .model import GaussianMixture
from .ridge import TauResult
from .selection import SelectionResult

FORMAT = "gmmselect-model"
VERSION = 1
EXTENSION = ".gmm"


class ModelFileError(ValueError):
    """A file that is not a valid GMM Select model."""


@dataclass
class SavedModel:
    """A trained model over the raster bands `band_numbers` (1-based) and how it was made.

    `mixture` covers every band the training read; `features` are the positions (into those
    bands) used for prediction; `selection` and `tau_search` are kept for reports and for
    choosing another size at prediction time; `info` is JSON-able training metadata.
    """

    mixture: GaussianMixture
    band_numbers: tuple
    feature_names: list
    n_raster_bands: int
    features: tuple = None
    selection: SelectionResult = None
    tau_search: TauResult = None
    info: dict = field(default_factory=dict)

    def __post_init__(self):
        self.band_numbers = tuple(int(b) for b in self.band_numbers)
        self.feature_names = [str(name) for name in self.feature_names]
        all_features = range(self.mixture.n_features)
        self.features = tuple(int(f) for f in (all_features if self.features is None else self.features))

    def classifier(self, n_features=None):
        """(mixture restricted to the bands used, their 1-based band numbers); `n_features` picks
        the best set of that size from the selection."""
        features = self.features
        if n_features is not None:
            if self.selection is None:
                raise ValueError("this model was trained without band selection: a number of features "
                                 "can only be chosen for a model from Train Selection")
            if n_features not in self.selection.best_sets:
                raise ValueError(f"the selection has no set of {n_features} features; choose a size "
                                 f"from {min(self.selection.sizes)} to {max(self.selection.sizes)}")
            features = self.selection.best_sets[n_features]
        return self.mixture.subset(features), tuple(self.band_numbers[f] for f in features)


def selection_arrays(selection):
    """Best sets as a padded `(K, k_max)` array (-1 = none), sizes and values."""
    sizes = np.array(selection.sizes, dtype=np.int64)
    sets = np.full((len(sizes), sizes.max()), -1, dtype=np.int64)
    for row, size in enumerate(sizes):
        sets[row, :size] = selection.best_sets[size]
    values = np.array([selection.best_values[size] for size in sizes], dtype=np.float64)
    return {"selection_sizes": sizes, "selection_sets": sets, "selection_values": values}


def save_model(path, saved):
    """Write `saved` to `path` atomically (a temporary file in the same folder, then renamed)."""
    mixture = saved.mixture
    header = {
        "format": FORMAT, "version": VERSION, "class_names": mixture.class_names_,
        "feature_names": saved.feature_names, "n_raster_bands": int(saved.n_raster_bands),
        "tau": mixture.tau_, "floor": mixture.floor_, "info": saved.info,
    }
    arrays = {
        "labels": mixture.labels_.astype(np.int64), "priors": mixture.priors_, "means": mixture.means_,
        "covariances": mixture.covariances_, "band_numbers": np.array(saved.band_numbers, dtype=np.int64),
        "features": np.array(saved.features, dtype=np.int64),
        "counts": np.array([] if mixture.counts_ is None else mixture.counts_, dtype=np.float64),
    }
    if saved.selection is not None:
        selection = saved.selection
        header["selection"] = {"method": selection.method, "criterion": selection.criterion,
                               "added": [int(f) for f in selection.added],
                               "size_tolerance": selection.size_tolerance, "warnings": selection.warnings}
        arrays.update(selection_arrays(selection))
    if saved.tau_search is not None:
        header["tau_search"] = {"criterion": saved.tau_search.criterion, "folds": saved.tau_search.folds,
                                "tau": saved.tau_search.tau}
        arrays.update(tau_grid=saved.tau_search.grid, tau_values=saved.tau_search.values)
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = tempfile.mkstemp(suffix=".tmp", prefix=".gmmselect-", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            np.savez(stream, header=np.array(json.dumps(header)), **arrays)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def read_archive(path):
    """Header dict and arrays of a model file, or ModelFileError."""
    if not os.path.isfile(path):
        raise ModelFileError(f"model file not found: {path}")
    if not zipfile.is_zipfile(path):
        raise ModelFileError(f"{path} is not a GMM Select model file (not a .gmm archive); choose a file "
                             "written by Train GMM or Train Selection")
    try:
        with np.load(path, allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
        header = json.loads(str(arrays.pop("header")))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, json.JSONDecodeError) as error:
        raise ModelFileError(f"{path} is not a GMM Select model file ({error}); choose a file written "
                             "by Train GMM or Train Selection") from error
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise ModelFileError(f"{path} is not a GMM Select model file (format {header.get('format')!r}); "
                             "choose a file written by Train GMM or Train Selection")
    version = header.get("version")
    if not isinstance(version, int) or version > VERSION:
        raise ModelFileError(f"{path} is a model file of version {version}, newer than this plugin reads "
                             f"(version {VERSION}); update GMM Select")
    return header, arrays


def require(condition, path, what):
    """Raise ModelFileError naming the file and the inconsistency unless `condition`."""
    if not condition:
        raise ModelFileError(f"{path} is a corrupt GMM Select model file: {what}")


def check_arrays(path, header, arrays):
    """Check every shape and value a model needs, or raise ModelFileError."""
    names = ("labels", "priors", "means", "covariances", "band_numbers", "features", "counts")
    missing = [name for name in names if name not in arrays]
    require(not missing, path, f"missing arrays {missing}")
    labels, priors, means, covariances = (arrays[name] for name in names[:4])
    n_classes, n_features = means.shape if means.ndim == 2 else (-1, -1)
    require(labels.shape == (n_classes,) and priors.shape == (n_classes,), path, "classes disagree")
    require(covariances.shape == (n_classes, n_features, n_features), path, "covariance shape")
    require(all(np.all(np.isfinite(a)) for a in (priors, means, covariances)), path, "non-finite values")
    require(np.all(priors > 0) and abs(priors.sum() - 1) < 1e-9, path, "priors do not sum to 1")
    require(np.allclose(covariances, covariances.transpose(0, 2, 1)), path, "covariances not symmetric")
    require(arrays["band_numbers"].shape == (n_features,), path, "band numbers disagree with the means")
    features = arrays["features"]
    require(features.ndim == 1 and np.all((features >= 0) & (features < n_features)), path, "features")
    require(len(header.get("class_names", [])) == n_classes, path, "class names disagree")
    require(len(header.get("feature_names", [])) == n_features, path, "feature names disagree")


def load_selection(header, arrays):
    """The SelectionResult stored in the file, or None."""
    if "selection" not in header:
        return None
    meta = header["selection"]
    sets = {int(size): tuple(int(f) for f in row[:size])
            for size, row in zip(arrays["selection_sizes"], arrays["selection_sets"])}
    values = {int(size): float(value) for size, value in zip(arrays["selection_sizes"],
                                                             arrays["selection_values"])}
    return SelectionResult(meta["method"], meta["criterion"], sets, values, list(meta["added"]),
                           meta["size_tolerance"], list(meta["warnings"]))


def load_model(path):
    """Read a model file written by `save_model` (data only: no code runs) into a SavedModel."""
    header, arrays = read_archive(path)
    check_arrays(path, header, arrays)
    try:
        counts = arrays["counts"] if arrays["counts"].size else None
        mixture = GaussianMixture(arrays["labels"], arrays["priors"], arrays["means"], arrays["covariances"],
                                  header["tau"], header["class_names"], header["floor"], counts)
        tau_search = None
        if "tau_search" in header:
            meta = header["tau_search"]
            tau_search = TauResult(arrays["tau_grid"], arrays["tau_values"], meta["tau"], meta["criterion"],
                                   meta["folds"])
        return SavedModel(mixture, arrays["band_numbers"], header["feature_names"], header["n_raster_bands"],
                          arrays["features"], load_selection(header, arrays), tau_search,
                          header.get("info", {}))
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise ModelFileError(f"{path} is a corrupt GMM Select model file: {error}") from error
