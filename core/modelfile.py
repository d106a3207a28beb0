"""Model files: one NumPy .npz archive of plain arrays plus a JSON header, never pickle.

Loading reads data only (`allow_pickle=False`) and checks everything before the model is built:
the format name and version, the size each array claims (before any is read), each array's kind
(whole numbers or 64-bit floats), the JSON type of every header field (its integers within 64 bits, its
texts without lone surrogates), every shape, and that the numbers describe a mixture training can give
(finite and within the bounds of the samples training takes, priors summing to 1, symmetric positive
semi-definite covariances, whole class counts, the eigenvalue floor of its covariances, distinct labels
that fit the classification, selection and search values their criterion takes), whose decomposition is
finite. A file that fails raises ModelFileError saying what is wrong and what to do. Round trips are
exact (a byte left undecoded in a text is saved as U+FFFD).
"""

import json
import math
import os
import re
import tempfile
import zipfile
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from .choices import CRITERIA, METHODS, TAU_CRITERIA
from .criteria import Assessment
from .errors import ModelFileError
from .model import GaussianMixture, variance_floor
from .ridge import TauResult
from .selection import SelectionResult
from .separability import jm_ceiling
from .texts import QT_TRANSLATE_NOOP, InputError, Text, undecoded_shown
from .validation import LARGEST_VALUE, MIN_SAMPLES_PER_CLASS

FORMAT = "gmmselect-model"
#: The newest version this code reads. Version 2 adds the shrinkage alpha (header "alpha", the tau
#: search's "alpha", arrays "tau_alphas" and "tau_surface"); a model without shrinkage is still
#: written as version 1, byte-for-byte the earlier format, and a version 1 file loads with alpha 0.
#: Version 3 adds the relative ridge (array "ridge_scale", the tau search's "relative"); a model
#: without it is written as before, and earlier files load with the absolute ridge tau I. A tau search
#: over several assignments to folds records their number ("repeats"); without it, one. Version 4: a model
#: with a relative ridge is decomposed in ridge units, its eigenvalue floor ("floor") relative to each
#: band's variance; a version 3 file's floor was in the raster's units, so such a file loads with the floor
#: computed anew in ridge units (the units its search scored it in).
VERSION = 4
EXTENSION = ".gmm"
#: Class labels are pixel values of the classification, UInt32 at most (Predict refuses 0, its no-data value).
LABEL_RANGE = (0, 2**32 - 1)
#: Rounding allowed (relative) in a covariance's symmetry and smallest eigenvalue and in the priors' sum.
ROUNDING = 1e-9
#: The largest variance of samples within +-LARGEST_VALUE, the values training takes (in the raster's units
#: and in ridge units): an unbiased variance of n >= 2 samples within +-L is at most n / (n - 1) L^2 <= 2 L^2.
#: Means lie within +-LARGEST_VALUE; a ridge scale (a pooled variance) within [smallest normal float,
#: LARGEST_VARIANCE]. Within these bounds the decomposition's eigenvalues stay finite (at most d x 2e300).
LARGEST_VARIANCE = 2 * LARGEST_VALUE**2
#: Class counts are exact in float64 up to 2^53 (their sum too).
LARGEST_COUNT = 2**53
#: GDAL numbers a raster's bands with a C int: at most 2^31 - 1.
LARGEST_BAND = 2**31 - 1
#: A class colour as save_model writes it (QColor.name()).
COLOR = re.compile("#[0-9a-fA-F]{6}")


@dataclass
class TrainingRecord:
    """How a model was trained and how well it did, as the report shows it.

    `source` (the inputs: raster, training layer, field...) and `parameters` (the options of the
    run) are shown as they are; `samples` and `polygons` are {class name: (training, held out)};
    `timings` {step: seconds}; `validation` is None when no polygon was held out.
    """

    created: str
    workflow: str
    source: dict
    parameters: dict
    samples: dict
    polygons: dict
    final_model: str
    cross_validation: Assessment
    validation: Optional[Assessment] = None
    timings: dict = field(default_factory=dict)
    warnings: list = field(default_factory=list)

    @property
    def assessment(self):
        """The headline assessment: on the held-out polygons if any, else by cross-validation."""
        return self.validation if self.validation is not None else self.cross_validation


@dataclass
class SavedModel:
    """A trained model over the raster bands `band_numbers` (1-based) and how it was made.

    `mixture` covers every band the training read; `features` are the positions (into those
    bands) used for prediction; `selection` and `tau_search` are kept for reports and for
    choosing another size at prediction time; `class_colors` ('#rrggbb' per class) style the
    classification; `wavelengths` (one per band read) and `training` feed the report.
    `band_descriptions` (the GDAL description of each band read, None where it had none) and
    `wavelength_units` (None where unknown) tell Predict which raster bands are the model's; both are
    None in files of earlier versions, which did not record them. `band_scales` and `band_offsets` say
    what each band's stored values meant, where it declared it (value = stored * scale + offset: GDAL's
    band scale and offset; None where the band declared neither), so that Predict converts a raster that
    stores them otherwise; None in files that did not record them.
    """

    mixture: GaussianMixture
    band_numbers: tuple
    feature_names: list
    n_raster_bands: int
    features: tuple = None
    selection: SelectionResult = None
    tau_search: TauResult = None
    class_colors: Optional[list] = None
    wavelengths: Optional[list] = None
    training: Optional[TrainingRecord] = None
    band_descriptions: Optional[list] = None
    wavelength_units: Optional[list] = None
    band_scales: Optional[list] = None
    band_offsets: Optional[list] = None

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
                raise InputError(QT_TRANSLATE_NOOP(
                    "GmmSelect", "this model was trained without band selection: a number of features can "
                    "only be chosen for a model from Train Selection"))
            if n_features not in self.selection.best_sets:
                raise InputError(QT_TRANSLATE_NOOP(
                    "GmmSelect", "the selection has no set of {count} features; choose a size from "
                    "{smallest} to {largest}"),
                    count=n_features, smallest=min(self.selection.sizes), largest=max(self.selection.sizes))
            features = self.selection.best_sets[n_features]
        return self.mixture.subset(features), tuple(self.band_numbers[f] for f in features)

    @property
    def searched_on_selection(self):
        """Whether the model's (alpha, tau) was searched on the selected bands after the selection
        (MODEL_SEARCH): its record then keeps the selection's alpha and tau."""
        return self.training is not None and "selection_alpha" in self.training.parameters

    def selection_ridge(self):
        """(alpha, tau, relative) the band selection ran with: the model's own, or those its record keeps."""
        if not self.searched_on_selection:
            return self.mixture.alpha_, self.mixture.tau_, self.mixture.ridge_scale_ is not None
        parameters = self.training.parameters
        return parameters["selection_alpha"], parameters["tau"], parameters.get("ridge_scale") == "relative"

    def band_label(self, feature):
        """'5 (Band 5)': the band number and name of a feature position."""
        return band_label(self.band_numbers[feature], self.feature_names[feature])


def band_label(number, name):
    """'5 (Band 5)': how every output names a band, by its 1-based number and its name."""
    return f"{number} ({name})"


# -- writing ---------------------------------------------------------------------------------

def assessment_header(assessment, class_names):
    """The JSON object of an Assessment (figures rounded to 6 digits, NaN as null)."""
    def clean(values):
        return [None if np.isnan(v) else round(float(v), 6) for v in values]

    return {"source": assessment.source, "overall_accuracy": round(assessment.overall_accuracy, 6),
            "kappa": round(assessment.kappa, 6), "mean_f1": round(assessment.mean_f1, 6),
            "classes": list(class_names), "confusion": assessment.confusion.astype(int).tolist(),
            "producers_accuracy": clean(assessment.producers), "users_accuracy": clean(assessment.users),
            "f1": clean(assessment.f1)}


def info_header(saved):
    """The header's `info` object: the training record, class colours and wavelengths."""
    info = {}
    record, names = saved.training, saved.mixture.class_names_
    if record is not None:
        info.update(created=record.created, workflow=record.workflow, source=dict(record.source),
                    parameters=dict(record.parameters), classes=names)
    info.update(class_colors=saved.class_colors, wavelengths=saved.wavelengths)
    if saved.band_descriptions is not None:
        info.update(band_descriptions=saved.band_descriptions, wavelength_units=saved.wavelength_units)
    if saved.band_scales is not None:
        info.update(band_scales=saved.band_scales, band_offsets=saved.band_offsets)
    if record is not None:
        validation = record.validation
        info.update(
            samples_per_class=pairs_header(record.samples), polygons_per_class=pairs_header(record.polygons),
            final_model=record.final_model, assessment=record.assessment.source,
            cross_validation=assessment_header(record.cross_validation, names),
            validation=None if validation is None else assessment_header(validation, names),
            tau=saved.mixture.tau_, timings_s={step: round(s, 3) for step, s in record.timings.items()},
            warnings=list(record.warnings))
    return info


def pairs_header(pairs):
    """The JSON object of {class name: (training, held out)} counts."""
    return {name: {"train": train, "validation": held_out} for name, (train, held_out) in pairs.items()}


def selection_arrays(selection):
    """Best sets as a padded `(K, k_max)` array (-1 = none), sizes and values."""
    sizes = np.array(selection.sizes, dtype=np.int64)
    sets = np.full((len(sizes), sizes.max()), -1, dtype=np.int64)
    for row, size in enumerate(sizes):
        sets[row, :size] = selection.best_sets[size]
    values = np.array([selection.best_values[size] for size in sizes], dtype=np.float64)
    return {"selection_sizes": sizes, "selection_sets": sets, "selection_values": values}


def uses_shrinkage(saved):
    """True when the model or its search involve an alpha > 0 (a version 2 file)."""
    search = saved.tau_search
    return saved.mixture.alpha_ > 0 or (search is not None and bool(np.any(search.alphas > 0)))


def uses_relative_ridge(saved):
    """True when the model or its search use a relative ridge (a version 3 file)."""
    search = saved.tau_search
    return saved.mixture.ridge_scale_ is not None or (search is not None and search.relative)


def file_version(saved):
    """The oldest version that holds `saved`: 4 with a ridge scale (its floor in ridge units), 3 with a
    relative search only, 2 with shrinkage, else 1."""
    if saved.mixture.ridge_scale_ is not None:
        return 4
    return 3 if uses_relative_ridge(saved) else 2 if uses_shrinkage(saved) else 1


def save_model(path, saved):
    """Write `saved` to `path` atomically (a temporary file in the same folder, then renamed), once what it
    would hold passes load_model's checks (else InputError, and no file)."""
    if not isinstance(saved, SavedModel):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "save_model writes a SavedModel (SavedModel(mixture, band_numbers, feature_names, "
            "n_raster_bands)); got {kind}"), kind=type(saved).__name__)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder) or os.path.isdir(path):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "cannot save a model as {path!r}: give a file name in a folder that exists"),
            path=path)
    mixture = saved.mixture
    labels = np.asarray(mixture.labels_)
    if not np.issubdtype(labels.dtype, np.integer) or np.any(labels.astype(np.int64) != labels):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "cannot save a model of class labels {labels}: a model file holds integer codes "
            "(up to 2^63 - 1); map the classes to such codes and give their names as class_names"),
            labels=labels.tolist()[:10])
    shrinkage = uses_shrinkage(saved)
    header = {
        "format": FORMAT, "version": file_version(saved), "class_names": mixture.class_names_,
        "feature_names": saved.feature_names, "n_raster_bands": int(saved.n_raster_bands),
        "tau": mixture.tau_, "floor": mixture.floor_, "info": info_header(saved),
    }
    arrays = {
        "labels": mixture.labels_.astype(np.int64), "priors": mixture.priors_, "means": mixture.means_,
        "covariances": mixture.covariances_, "band_numbers": np.array(saved.band_numbers, dtype=np.int64),
        "features": np.array(saved.features, dtype=np.int64),
        "counts": np.array([] if mixture.counts_ is None else mixture.counts_, dtype=np.float64),
    }
    if shrinkage:
        header["alpha"] = mixture.alpha_
    if mixture.ridge_scale_ is not None:
        arrays["ridge_scale"] = mixture.ridge_scale_
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
        if shrinkage:
            header["tau_search"]["alpha"] = saved.tau_search.alpha
            arrays.update(tau_alphas=saved.tau_search.alphas, tau_surface=saved.tau_search.surface)
        if saved.tau_search.relative:
            header["tau_search"]["relative"] = True
        if saved.tau_search.repeats > 1:
            header["tau_search"]["repeats"] = saved.tau_search.repeats
    header = undecoded_as_replacement(header)
    try:  # what the file would hold, read as load_model reads it
        model_of(path, json.loads(json.dumps(header)), arrays)
    except ModelFileError as error:
        problem = error.args[0].values.get("what", error.args[0])
        raise InputError(QT_TRANSLATE_NOOP("GmmSelect", "cannot save the model as {path!r}: {problem}"),
                         path=path, problem=problem) from None
    handle, temporary = tempfile.mkstemp(suffix=".tmp", prefix=".gmmselect-", dir=folder)
    try:
        with os.fdopen(handle, "wb") as stream:
            np.savez(stream, header=np.array(json.dumps(header)), **arrays)
        os.chmod(temporary, file_mode(path))
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def undecoded_as_replacement(value):
    """The header `value` with each lone surrogate of its texts (a byte GDAL or the file system left
    undecoded: a class or band name of a layer in another encoding than it declares) as U+FFFD, as QGIS
    shows it; a file holds text only (load_model refuses a lone surrogate: GDAL and the report could not
    write it)."""
    if isinstance(value, str):
        return undecoded_shown(value)
    if isinstance(value, dict):
        return {undecoded_as_replacement(key): undecoded_as_replacement(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [undecoded_as_replacement(item) for item in value]
    return value


def file_mode(path):
    """The permissions a model file written at `path` gets: those of the file it replaces, else those of a
    new file (0666 less the process's umask: readable by the Dask workers of other users, as a raster output
    is), where mkstemp's temporary file has 0600."""
    try:
        return os.stat(path).st_mode & 0o777
    except OSError:
        pass
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            umask = next(int(line.split()[1], 8) for line in status if line.startswith("Umask:"))
    except (OSError, StopIteration, ValueError):
        umask = 0o022
    return 0o666 & ~umask


# -- reading: the archive --------------------------------------------------------------------

def not_a_model(path, why):
    """The ModelFileError of a file that is not a GMM Select model at all (`why`, a Text or the reader's
    own message)."""
    return ModelFileError(QT_TRANSLATE_NOOP(
        "GmmSelect", "{path} is not a GMM Select model file ({why}); choose a file written by Train GMM, "
        "Train Selection or Train Selection from a Table of Spectra"), path=path, why=why)


def corrupt(path, what):
    """The ModelFileError of a model file whose content is inconsistent (`what`, a Text)."""
    return ModelFileError(QT_TRANSLATE_NOOP(
        "GmmSelect", "{path} is a corrupt GMM Select model file: {what}; use an undamaged copy of it, or "
        "train the model again"), path=path, what=what)


def require(condition, path, what, **values):
    """Raise ModelFileError naming the file and the inconsistency, the Text of template `what` filled with
    `values`, unless `condition`."""
    if not condition:
        raise corrupt(path, Text(what, **values))


def check_array_sizes(path, archive):
    """Raise ModelFileError when the archive lists fewer members than its end record counts, or a member
    is compressed, or an array's .npy header claims more bytes than its member holds (or than the file):
    checked before anything is allocated."""
    file_size = os.path.getsize(path)
    with open(path, "rb") as stream:
        stream.seek(max(file_size - END_RECORD_BYTES, 0))
        end = stream.read()
    if end[:4] == END_RECORD:  # a file without a comment, as save_model writes it
        counted = int.from_bytes(end[10:12], "little")
        require(counted == len(archive.infolist()), path, QT_TRANSLATE_NOOP(
            "GmmSelect", "its archive counts {counted} arrays and lists {listed}"),
            counted=counted, listed=len(archive.infolist()))
    for member in archive.infolist():
        name = member.filename[:-4] if member.filename.endswith(".npy") else member.filename
        require(member.compress_type == zipfile.ZIP_STORED, path, QT_TRANSLATE_NOOP(
            "GmmSelect", "array '{name}' is compressed, which GMM Select never writes (a compressed member "
            "would be unpacked whole before its size is known)"), name=name)
        with archive.open(member) as stream:
            version = np.lib.format.read_magic(stream)
            reader = (np.lib.format.read_array_header_1_0 if version == (1, 0)
                      else np.lib.format.read_array_header_2_0)
            shape, _, dtype = reader(stream)
            held = member.file_size - stream.tell()
        if member.compress_type == zipfile.ZIP_STORED:
            held = min(held, file_size)
        claimed = int(np.prod(shape, dtype=object)) * dtype.itemsize
        require(claimed <= held, path, QT_TRANSLATE_NOOP(
            "GmmSelect", "array '{name}' claims shape {shape} of {dtype} ({claimed} bytes) but the file "
            "holds {held} bytes for it"),
            name=name, shape=tuple(shape), dtype=dtype, claimed=claimed, held=held)


#: The end record of a zip archive without a comment: its signature and its length.
END_RECORD, END_RECORD_BYTES = b"PK\x05\x06", 22


def read_archive(path):
    """Header dict and arrays of a model file, or ModelFileError."""
    if not os.path.isfile(path):
        raise ModelFileError(QT_TRANSLATE_NOOP(
            "GmmSelect", "model file not found: {path}; choose a model file written by Train GMM, Train "
            "Selection or Train Selection from a Table of Spectra"), path=path)
    if not zipfile.is_zipfile(path):
        raise not_a_model(path, Text(QT_TRANSLATE_NOOP("GmmSelect", "not a .gmm archive")))
    try:
        with zipfile.ZipFile(path) as archive:
            check_array_sizes(path, archive)
        with np.load(path, allow_pickle=False) as archive:
            arrays = {name: archive[name] for name in archive.files}
        header = json.loads(str(arrays.pop("header")))
    except ModelFileError:
        raise
    except Exception as error:  # zipfile, NumPy and json raise many kinds on a damaged file
        raise not_a_model(path, f"{type(error).__name__}: {error}") from error
    if not isinstance(header, dict):
        raise not_a_model(path, Text(QT_TRANSLATE_NOOP("GmmSelect", "its header is {kind}, not an object"),
                                     kind=json_type(header)))
    if header.get("format") != FORMAT:
        raise not_a_model(path, Text(QT_TRANSLATE_NOOP("GmmSelect", "format {format!r}"),
                                     format=header.get("format")))
    version = header.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise not_a_model(path, Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "version {version!r} is not a whole number >= 1"), version=version))
    if version > VERSION:
        raise ModelFileError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{path} is a model file of version {version}, newer than this plugin reads (version "
            "{newest}); update GMM Select"), path=path, version=version, newest=VERSION)
    check_array_kinds(path, arrays)
    return header, arrays


#: The arrays a model file may hold: whole numbers or real numbers (never text, booleans or complex).
WHOLE_ARRAYS = ("labels", "band_numbers", "features", "selection_sizes", "selection_sets")
REAL_ARRAYS = ("priors", "means", "covariances", "counts", "ridge_scale", "selection_values", "tau_grid",
               "tau_values", "tau_alphas", "tau_surface")


def check_array_kinds(path, arrays):
    """ModelFileError unless each array the file holds is of its kind: whole numbers, or real numbers in the
    64-bit floats save_model writes (NumPy's linear algebra takes no float16 nor long double)."""
    for name, array in arrays.items():
        if name in WHOLE_ARRAYS:
            require(array.dtype.kind in "iu", path, QT_TRANSLATE_NOOP(
                "GmmSelect", "array '{name}' holds {dtype}, not whole numbers"), name=name, dtype=array.dtype)
        elif name in REAL_ARRAYS:
            require(array.dtype.kind in "iuf", path, QT_TRANSLATE_NOOP(
                "GmmSelect", "array '{name}' holds {dtype}, not real numbers"), name=name, dtype=array.dtype)
            require(array.dtype.kind == "f" and array.dtype.itemsize == 8, path, QT_TRANSLATE_NOOP(
                "GmmSelect", "array '{name}' holds {dtype}, not the 64-bit floats (float64) GMM Select "
                "writes"), name=name, dtype=array.dtype)


# -- reading: the header ---------------------------------------------------------------------

#: JSON types a header field may have: (Python types, how a message names them).
NUMBER = ((int, float), Text(QT_TRANSLATE_NOOP("GmmSelect", "a number")))
WHOLE = ((int,), Text(QT_TRANSLATE_NOOP("GmmSelect", "a whole number")))
TEXT = ((str,), Text(QT_TRANSLATE_NOOP("GmmSelect", "a string")))
OBJECT = ((dict,), Text(QT_TRANSLATE_NOOP("GmmSelect", "an object")))
LIST = ((list,), Text(QT_TRANSLATE_NOOP("GmmSelect", "a list")))
BOOLEAN = ((bool,), Text(QT_TRANSLATE_NOOP("GmmSelect", "true or false")))
#: The run's parameters the report explains its figures with (the others are only shown).
EXPLAINED_PARAMETERS = {"folds": WHOLE, "grouped": BOOLEAN, "validation": NUMBER, "seed": WHOLE}
#: Those of runs that record the folds their cross-validation ran (LOO_FEW_POLYGONS), when present.
FOLDS_RUN_PARAMETERS = {"cv_folds": WHOLE, "final_folds": WHOLE, "loo_few_polygons": BOOLEAN}
#: Those of runs that record whether the model's search compared 0 with the estimated alpha* (ALPHA empty).
ESTIMATED_ALPHA_PARAMETERS = {"alpha_estimated": BOOLEAN}
#: The model the held-out figures measure where REFIT chose again on all polygons (parameter
#: 'assessed_model'), with its band positions 'features'.
ASSESSED_MODEL = {"alpha": NUMBER, "tau": NUMBER, "relative_tau": BOOLEAN}
#: Those of a selection whose model's (alpha, tau) was searched on its bands (with 'selection_alpha').
SELECTION_SEARCH_PARAMETERS = {"selection_alpha": NUMBER, "tau": NUMBER}
#: How QGIS gave an input otherwise than its file holds it (source.read_as, by input), each where it applies:
#: the selected features only, the first n, with unsaved edits or fields added in QGIS, in a CRS set in QGIS
#: (WKT and name), with the no-data set in QGIS ({band: BandNoData record}).
READ_AS_FIELDS = {"selected_only": BOOLEAN, "feature_limit": WHOLE, "unsaved_edits": BOOLEAN,
                  "fields_added": LIST, "crs": TEXT, "crs_name": TEXT, "no_data": OBJECT}
#: The inputs of the run (source), each where it applies: files and layers Assess and the report name, the
#: class and group fields, the algorithm, MAX_SAMPLES, and what Processing's check did with invalid features.
SOURCE_FIELDS = {"raster": TEXT, "table": TEXT, "training": TEXT, "layer": TEXT, "field": TEXT,
                 "group_field": TEXT, "algorithm": TEXT, "max_samples_per_class": WHOLE,
                 "invalid_geometries": TEXT}
#: The coordinate operation a project set (source.read_as.transformation).
TRANSFORMATION_FIELDS = {"proj": TEXT, "inverse": BOOLEAN, "name": TEXT}


def json_type(value):
    """How a message names the JSON type of `value`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "a boolean"))
    for types, description in (NUMBER, TEXT, LIST):
        if isinstance(value, types):
            return description
    return OBJECT[1]


def printable(text):
    """`text` with each lone surrogate written as its escape (\\udc80), as a message can show it."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def check_header_values(path, values):
    """ModelFileError where a text of the header `values`, a field's value or name at any depth, holds a lone
    surrogate (the JSON escape of half a UTF-16 pair, such as \\udc80: no UTF-8 file, HTML report or GDAL
    name can hold it), or a whole number lies beyond the 64-bit integers (a float of it overflows); checked
    before any field is read, whether the code reads that field or only shows it."""
    pending = [("", values)]
    while pending:
        where, value = pending.pop()
        if isinstance(value, dict):
            named = [(f"{where}.{key}" if where else str(key), key, item) for key, item in value.items()]
            for name, key, _ in named:
                check_text(path, name, key)
            pending.extend((name, item) for name, _, item in reversed(named))
        elif isinstance(value, list):
            pending.extend((f"{where}[{index}]", item) for index, item in reversed(list(enumerate(value))))
        elif isinstance(value, str):
            check_text(path, where, value)
        elif isinstance(value, int):
            check_integer(path, printable(where), value)


def check_integer(path, field, value):
    """ModelFileError where the whole number `value` of header field `field` lies beyond the 64-bit integers
    (shown as its digits, or for more than 40 as a whole number of so many)."""
    if abs(value) < 2**63:
        return
    digits = len(str(abs(value)))
    shown = value if digits <= 40 else Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "a whole number of {count} digits"), count=digits)
    raise corrupt(path, Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "header field '{field}' is {value}, beyond the 64-bit integers"),
        field=field, value=shown))


def check_text(path, where, text):
    """ModelFileError where `text` (of header field `where`) holds a lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as error:
        raise corrupt(path, Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "header field '{field}' holds {character}, half of a UTF-16 surrogate pair, which "
            "is not text"), field=printable(where), character=f"U+{ord(text[error.start]):04X}")) from None


class Fields:
    """Typed reading of one JSON object of the header: each read checks the field's JSON type."""

    def __init__(self, path, values, where=""):
        """The object `values` of the file at `path`, named `where` (e.g. 'info.') in messages."""
        self.path, self.values, self.where = path, values, where

    def name(self, key):
        """The field's full name in messages, e.g. 'info.cross_validation.kappa'."""
        return f"{self.where}{key}"

    def check(self, key, value, kind):
        """`value` of field `key`, or ModelFileError when it is not of JSON type `kind`."""
        types, description = kind
        wrong = isinstance(value, bool) and bool not in types or not isinstance(value, types)
        require(not wrong, self.path, QT_TRANSLATE_NOOP(
            "GmmSelect", "header field '{field}' is {kind}, not {expected}"),
            field=self.name(key), kind=json_type(value), expected=description)
        if isinstance(value, int):
            check_integer(self.path, self.name(key), value)
        return value

    def get(self, key, kind, optional=False):
        """Field `key` of JSON type `kind`; None when `optional` and absent or null."""
        value = self.values.get(key)
        if value is None and optional:
            return None
        require(key in self.values, self.path,
                QT_TRANSLATE_NOOP("GmmSelect", "header field '{field}' is missing"), field=self.name(key))
        return self.check(key, value, kind)

    def items(self, key, kind, optional=False):
        """Field `key`, a list whose items are all of JSON type `kind` (None items allowed if `optional`)."""
        values = self.get(key, LIST)
        for index, value in enumerate(values):
            if not (optional and value is None):
                self.check(f"{key}[{index}]", value, kind)
        return values

    def number(self, key, optional=False):
        """A finite number field."""
        value = self.get(key, NUMBER, optional)
        require(value is None or np.isfinite(value), self.path, QT_TRANSLATE_NOOP(
            "GmmSelect", "header field '{field}' is not finite ({value})"), field=self.name(key), value=value)
        return value

    def object(self, key):
        """Field `key`, an object, as Fields."""
        return Fields(self.path, self.get(key, OBJECT), f"{self.name(key)}.")


def read_assessment(fields, n_classes):
    """The Assessment stored in the object `fields` (an `info` assessment)."""
    rows = fields.items("confusion", LIST)
    require(len(rows) == n_classes and all(isinstance(row, list) and len(row) == n_classes for row in rows),
            fields.path, QT_TRANSLATE_NOOP(
                "GmmSelect", "header field '{field}' is not a {classes} x {classes} matrix"),
            field=fields.name("confusion"), classes=n_classes)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            fields.check(f"confusion[{r}][{c}]", value, WHOLE)

    def per_class(key):
        values = fields.items(key, NUMBER, optional=True)
        require(len(values) == n_classes, fields.path, QT_TRANSLATE_NOOP(
            "GmmSelect", "header field '{field}' has {count} values for {classes} classes"),
            field=fields.name(key), count=len(values), classes=n_classes)
        return np.array([np.nan if value is None else value for value in values], dtype=np.float64)

    return Assessment(fields.get("source", TEXT), np.array(rows, dtype=np.int64),
                      fields.number("overall_accuracy"), fields.number("kappa"), fields.number("mean_f1"),
                      per_class("producers_accuracy"), per_class("users_accuracy"), per_class("f1"))


def read_pairs(fields, key, class_names):
    """{class name: (training, held out)} of a per-class count field."""
    counts = fields.object(key)
    pairs = {}
    for name in class_names:
        pair = counts.object(name)
        pairs[name] = (pair.get("train", WHOLE), pair.get("validation", WHOLE))
    return pairs


def check_assessed_model(measured, n_features):
    """Check the record of the model the held-out figures measure (parameters 'assessed_model'): its fields'
    types, and band positions within the model's `n_features` bands."""
    for key, kind in ASSESSED_MODEL.items():
        measured.get(key, kind)
    features = measured.items("features", WHOLE)
    require(len(features) > 0 and all(0 <= f < n_features for f in features), measured.path,
            QT_TRANSLATE_NOOP("GmmSelect", "the assessed model's band positions are not within 0 to {last}"),
            last=n_features - 1)


def read_record(fields, class_names, n_features):
    """The TrainingRecord of the `info` object (written by the training workflow) of a model of
    `n_features` bands."""
    validation = fields.get("validation", OBJECT, optional=True)
    parameters = fields.object("parameters")
    explained = {**EXPLAINED_PARAMETERS,
                 **(SELECTION_SEARCH_PARAMETERS if "selection_alpha" in parameters.values else {})}
    for key, kind in explained.items():
        parameters.get(key, kind)
    for key, kind in {**FOLDS_RUN_PARAMETERS, **ESTIMATED_ALPHA_PARAMETERS}.items():
        parameters.get(key, kind, optional=True)
    if parameters.get("assessed_model", OBJECT, optional=True) is not None:
        check_assessed_model(parameters.object("assessed_model"), n_features)
    source = fields.object("source")
    for key, kind in SOURCE_FIELDS.items():
        source.get(key, kind, optional=True)
    if source.get("read_as", OBJECT, optional=True) is not None:
        check_read_as(source.object("read_as"))
    return TrainingRecord(
        created=fields.get("created", TEXT), workflow=fields.get("workflow", TEXT),
        source=source.values, parameters=parameters.values,
        samples=read_pairs(fields, "samples_per_class", class_names),
        polygons=read_pairs(fields, "polygons_per_class", class_names),
        final_model=fields.get("final_model", TEXT),
        cross_validation=read_assessment(fields.object("cross_validation"), len(class_names)),
        validation=None if validation is None else read_assessment(fields.object("validation"),
                                                                   len(class_names)),
        timings={step: fields.object("timings_s").number(step) for step in fields.get("timings_s", OBJECT)},
        warnings=fields.items("warnings", TEXT))


def check_read_as(read_as):
    """Check the record of how QGIS gave each input (the Fields of source.read_as): ModelFileError where a
    field is not of its type."""
    for name in read_as.values:
        given = read_as.object(name)
        transformation = name == "transformation"
        for key, kind in (TRANSFORMATION_FIELDS if transformation else READ_AS_FIELDS).items():
            given.get(key, kind, optional=not transformation)
        if "fields_added" in given.values:
            given.items("fields_added", TEXT)
        if "no_data" in given.values:
            check_no_data(given.object("no_data"))


def check_no_data(bands):
    """Check the no-data set in QGIS as a model records it (Fields {band: BandNoData record})."""
    for band in bands.values:
        require(band.isdigit() and int(band) >= 1, bands.path, QT_TRANSLATE_NOOP(
            "GmmSelect", "header field '{field}' is not a band number"), field=bands.name(band))
        values = bands.object(band)
        values.get("file_value", BOOLEAN)
        for index, bounds in enumerate(values.items("ranges", LIST)):
            where = f"ranges[{index}]"
            require(len(bounds) == 4, values.path, QT_TRANSLATE_NOOP(
                "GmmSelect", "header field '{field}' is not [low, high, low included, high included]"),
                field=values.name(where))
            for position, kind in enumerate((NUMBER, NUMBER, BOOLEAN, BOOLEAN)):
                if not (position < 2 and bounds[position] is None):
                    values.check(f"{where}[{position}]", bounds[position], kind)


#: The values each criterion takes (the mean over folds of the CV scores; JM: see criterion_range).
CRITERION_RANGES = {"kl": (0.0, math.inf), "accuracy": (0.0, 1.0), "kappa": (-1.0, 1.0), "f1": (0.0, 1.0)}


def criterion_range(criterion, n_classes):
    """(lowest, highest) value of a selection or tau-search criterion for `n_classes` classes: JM's
    sum_{i<j} pi_i pi_j JM_ij reaches its ceiling sqrt(2) (1 - sum pi_i^2) / 2 at most, the largest for equal
    priors (a bound whatever the priors of the samples the selection scored)."""
    if criterion == "jm":
        return 0.0, jm_ceiling(np.full(n_classes, 1 / n_classes))
    return CRITERION_RANGES[criterion]


def check_criterion_values(path, name, values, criterion, n_classes):
    """ModelFileError unless `values` (of array `name`) lie within the range of `criterion`, give or take
    ROUNDING."""
    low, high = criterion_range(criterion, n_classes)
    outside = (values < low - ROUNDING) | (values > high + ROUNDING)
    require(not np.any(outside), path, QT_TRANSLATE_NOOP(
        "GmmSelect", "array '{name}' holds {value!r}, outside the values of criterion '{criterion}' "
        "({low:.6g} to {high:.6g})"), name=name, value=float(values[outside][0]) if np.any(outside) else None,
        criterion=criterion, low=low, high=high)


def read_selection(header, arrays, n_features, n_classes):
    """The SelectionResult stored in the file, or None."""
    if "selection" not in header.values:
        return None
    path = header.path
    meta = header.object("selection")
    method, criterion = meta.get("method", TEXT), meta.get("criterion", TEXT)
    require(method in METHODS, path, QT_TRANSLATE_NOOP("GmmSelect", "unknown selection method {method!r}"),
            method=method)
    require(criterion in CRITERIA, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "unknown selection criterion {criterion!r}"), criterion=criterion)
    names = ("selection_sizes", "selection_sets", "selection_values")
    require(all(name in arrays for name in names), path,
            QT_TRANSLATE_NOOP("GmmSelect", "the selection's arrays are missing"))
    sizes, sets, values = (arrays[name] for name in names)
    require(sizes.ndim == 1 and len(sizes) > 0 and sets.shape == (len(sizes), sizes.max())
            and values.shape == sizes.shape, path,
            QT_TRANSLATE_NOOP(
                "GmmSelect", "selection arrays of shapes {sizes}, {sets} and {values} disagree"),
            sizes=sizes.shape, sets=sets.shape, values=values.shape)
    require(np.all(np.diff(sizes) > 0) and sizes[0] >= 1, path,
            QT_TRANSLATE_NOOP("GmmSelect", "selection sizes are not increasing from 1 on"))
    best = [row[:size] for size, row in zip(sizes, sets)]
    require(all(np.all((row >= 0) & (row < n_features)) for row in best), path,
            QT_TRANSLATE_NOOP("GmmSelect", "a selected set holds a band position outside 0 to {last}"),
            last=n_features - 1)
    require(all(len(np.unique(row)) == len(row) for row in best), path,
            QT_TRANSLATE_NOOP("GmmSelect", "a selected set holds a band position twice"))
    require(np.all(np.isfinite(values)), path, QT_TRANSLATE_NOOP("GmmSelect", "non-finite selection values"))
    check_criterion_values(path, "selection_values", values, criterion, n_classes)
    return SelectionResult(method, criterion,
                           {int(k): tuple(int(f) for f in row) for k, row in zip(sizes, best)},
                           {int(k): float(v) for k, v in zip(sizes, values)},
                           [int(f) for f in meta.items("added", WHOLE)], meta.number("size_tolerance"),
                           list(meta.items("warnings", TEXT)))


def read_tau_search(header, arrays):
    """The TauResult stored in the file, or None."""
    if "tau_search" not in header.values:
        return None
    path = header.path
    meta = header.object("tau_search")
    require("tau_grid" in arrays and "tau_values" in arrays, path,
            QT_TRANSLATE_NOOP("GmmSelect", "the tau search's arrays are missing"))
    grid, values = arrays["tau_grid"], arrays["tau_values"]
    require(grid.ndim == 1 and grid.shape == values.shape, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "tau grid of shape {grid} and its values of shape {values} disagree"),
        grid=grid.shape, values=values.shape)
    require(np.all(np.isfinite(grid)) and np.all(np.isfinite(values)), path,
            QT_TRANSLATE_NOOP("GmmSelect", "non-finite tau search values"))
    alpha = meta.number("alpha", optional=True) or 0.0
    alphas = arrays.get("tau_alphas", np.array([alpha]))
    surface = arrays.get("tau_surface", values[None, :])
    require(alphas.ndim == 1 and surface.shape == (len(alphas), len(grid)), path, QT_TRANSLATE_NOOP(
        "GmmSelect", "alpha grid of shape {alphas} and the CV surface of shape {surface} disagree with the "
        "tau grid of shape {grid}"), alphas=alphas.shape, surface=surface.shape, grid=grid.shape)
    require(np.all((alphas >= 0) & (alphas <= 1)) and np.all(np.isfinite(surface)), path,
            QT_TRANSLATE_NOOP("GmmSelect", "alphas outside [0, 1] or a non-finite CV surface"))
    criterion = meta.get("criterion", TEXT)
    require(criterion in TAU_CRITERIA, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "unknown tau search criterion {criterion!r}"), criterion=criterion)
    tau = meta.number("tau")
    require(np.all(grid >= 0) and tau >= 0, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "the tau search holds a negative tau (a ridge tau is >= 0)"))
    for name, scores in (("tau_values", values), ("tau_surface", surface)):
        check_criterion_values(path, name, scores, criterion, None)
    repeats = meta.get("repeats", WHOLE, optional=True)
    repeats = 1 if repeats is None else repeats
    require(repeats >= 1, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "header field 'tau_search.repeats' is {repeats}; it counts repetitions (>= 1)"),
        repeats=repeats)
    return TauResult(grid.astype(np.float64), values.astype(np.float64), tau,
                     criterion, meta.get("folds", WHOLE), alpha,
                     alphas.astype(np.float64), surface.astype(np.float64),
                     bool(meta.get("relative", BOOLEAN, optional=True)), repeats)


# -- reading: the mixture --------------------------------------------------------------------

MIXTURE_ARRAYS = ("labels", "priors", "means", "covariances", "band_numbers", "features", "counts")


def check_shapes(path, arrays):
    """(C, d) from the means, or ModelFileError when an array is missing or its shape disagrees with them."""
    missing = [name for name in MIXTURE_ARRAYS if name not in arrays]
    require(not missing, path, QT_TRANSLATE_NOOP("GmmSelect", "missing arrays {names}"), names=missing)
    means = arrays["means"]
    require(means.ndim == 2 and means.shape[0] >= 1 and means.shape[1] >= 1, path,
            QT_TRANSLATE_NOOP("GmmSelect", "means of shape {shape}, not (classes, bands)"), shape=means.shape)
    n_classes, n_features = means.shape
    expected = {"labels": (n_classes,), "priors": (n_classes,),
                "covariances": (n_classes, n_features, n_features), "band_numbers": (n_features,)}
    for name, shape in expected.items():
        require(arrays[name].shape == shape, path, QT_TRANSLATE_NOOP(
            "GmmSelect", "array '{name}' has shape {shape}; the means of shape {means} need {expected}"),
            name=name, shape=arrays[name].shape, means=means.shape, expected=shape)
    require(arrays["counts"].shape in ((0,), (n_classes,)), path, QT_TRANSLATE_NOOP(
        "GmmSelect", "array 'counts' has shape {shape}; the means need ({classes},) or none"),
        shape=arrays["counts"].shape, classes=n_classes)
    require(arrays["features"].ndim == 1 and len(arrays["features"]) >= 1, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "array 'features' has shape {shape}, not (bands used,)"), shape=arrays["features"].shape)
    return n_classes, n_features


def check_mixture(path, arrays, tau, floor, alpha, floor_recorded=True):
    """ModelFileError unless the arrays and tau, floor, alpha describe a valid mixture, one training can give:
    its numbers within the bounds of samples training takes (LARGEST_VARIANCE), its class counts whole numbers
    of at least MIN_SAMPLES_PER_CLASS, and (where `floor_recorded`: the floor is in the units the model is
    decomposed in) its floor that of its covariances, exactly (variance_floor, as the model computed it)."""
    labels, priors, covariances = arrays["labels"], arrays["priors"], arrays["covariances"]
    for name, value in (("tau", tau), ("floor", floor), ("alpha", alpha)):
        require(np.isfinite(value), path, QT_TRANSLATE_NOOP("GmmSelect", "{name} is not finite ({value})"),
                name=name, value=value)
    require(tau >= 0, path, QT_TRANSLATE_NOOP("GmmSelect", "tau is negative ({tau})"), tau=tau)
    require(0 <= alpha <= 1, path, QT_TRANSLATE_NOOP("GmmSelect", "alpha is outside [0, 1] ({alpha})"),
            alpha=alpha)
    require(alpha == 0 or arrays["counts"].size, path,
            QT_TRANSLATE_NOOP("GmmSelect", "alpha > 0 needs the class counts"))
    require(floor > 0, path, QT_TRANSLATE_NOOP("GmmSelect", "the eigenvalue floor is not positive ({floor})"),
            floor=floor)
    for name in ("priors", "means", "covariances", "counts"):
        require(np.all(np.isfinite(arrays[name])), path,
                QT_TRANSLATE_NOOP("GmmSelect", "array '{name}' holds non-finite values"), name=name)
    ridge_scale = arrays.get("ridge_scale")
    if ridge_scale is not None:
        positive = np.all(np.isfinite(ridge_scale) & (ridge_scale > 0))
        require(ridge_scale.shape == arrays["means"].shape[1:] and positive, path, QT_TRANSLATE_NOOP(
            "GmmSelect", "array 'ridge_scale' (shape {shape}) is not one finite variance > 0 per band"),
            shape=ridge_scale.shape)
        tiny = np.finfo(np.float64).tiny
        require(np.all((ridge_scale >= tiny) & (ridge_scale <= LARGEST_VARIANCE)), path, QT_TRANSLATE_NOOP(
            "GmmSelect", "array 'ridge_scale' holds variances from {smallest:.6g} to {largest:.6g}, not "
            "within {low:.6g} to {high:.6g} (a variance of samples training takes)"),
            smallest=ridge_scale.min(), largest=ridge_scale.max(), low=tiny, high=LARGEST_VARIANCE)
    require(np.all(priors > 0), path, QT_TRANSLATE_NOOP("GmmSelect", "priors {priors} are not all positive"),
            priors=priors.tolist())
    require(abs(priors.sum() - 1) <= ROUNDING, path,
            QT_TRANSLATE_NOOP("GmmSelect", "priors sum to {total:.12g}, not 1"), total=priors.sum())
    require(len(np.unique(labels)) == len(labels), path,
            QT_TRANSLATE_NOOP("GmmSelect", "duplicate class labels {labels}"), labels=labels.tolist())
    low, high = LABEL_RANGE
    require(np.all((labels >= low) & (labels <= high)), path, QT_TRANSLATE_NOOP(
        "GmmSelect", "class labels {labels} do not fit the classification's pixel type: they must be {low} "
        "to {high}"), labels=labels.tolist(), low=low, high=high)
    check_counts(path, arrays["counts"])
    check_magnitudes(path, arrays, ridge_scale)
    scale = np.abs(covariances).max(axis=(1, 2))
    asymmetric = np.abs(covariances - covariances.transpose(0, 2, 1)).max(axis=(1, 2)) > ROUNDING * scale
    if asymmetric.any():
        raise corrupt(path, Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "the covariance of class {label} is not symmetric"),
            label=labels[np.argmax(asymmetric)]))
    smallest = np.linalg.eigvalsh(covariances)[:, 0]
    negative = smallest < -ROUNDING * scale * covariances.shape[1]
    if negative.any():
        c = np.argmax(negative)
        raise corrupt(path, Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "the covariance of class {label} is not positive semi-definite (eigenvalue "
            "{eigenvalue:.6g})"), label=labels[c], eigenvalue=smallest[c]))
    if floor_recorded:
        variances = np.diagonal(covariances.astype(np.float64), axis1=1, axis2=2)
        expected = variance_floor(variances / (1.0 if ridge_scale is None else ridge_scale))
        require(floor == expected, path, QT_TRANSLATE_NOOP(
            "GmmSelect", "its eigenvalue floor {floor!r} is not that of its covariances, {expected!r} (1e-10 "
            "times their mean band variance{units})"), floor=floor, expected=float(expected),
            units="" if ridge_scale is None else Text(QT_TRANSLATE_NOOP("GmmSelect", " in ridge units")))


def check_counts(path, counts):
    """ModelFileError unless the class counts (none, or one per class) are whole numbers of samples from
    MIN_SAMPLES_PER_CLASS (a covariance needs them; then S_pooled's divisor n - C > 0) to 2^53 in all."""
    if not counts.size:
        return
    whole = np.all(counts == np.floor(counts)) and counts.min() >= MIN_SAMPLES_PER_CLASS
    require(whole and counts.sum() <= LARGEST_COUNT, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "class counts {counts} are not whole numbers of samples, at least {smallest} each (a "
        "covariance needs them) and {largest} at most in all"),
        counts=counts.tolist()[:10], smallest=MIN_SAMPLES_PER_CLASS, largest=LARGEST_COUNT)


def check_magnitudes(path, arrays, ridge_scale):
    """ModelFileError unless the means lie within +-LARGEST_VALUE and the covariances within
    +-LARGEST_VARIANCE, as those of samples training takes, in the raster's units and (with a ridge scale r)
    in ridge units, x / sqrt(r), in which the model is decomposed."""
    means, covariances = arrays["means"], arrays["covariances"]
    root = np.ones(means.shape[1]) if ridge_scale is None else np.sqrt(ridge_scale)
    in_ridge_units = Text(QT_TRANSLATE_NOOP("GmmSelect", " in ridge units (those of array 'ridge_scale')"))
    with np.errstate(over="ignore"):
        largest = [("", np.abs(means).max(), np.abs(covariances).max()),
                   (in_ridge_units, np.abs(means / root).max(),
                    np.abs(covariances / np.outer(root, root)).max())]
    for units, mean, covariance in largest:
        require(mean <= LARGEST_VALUE, path, QT_TRANSLATE_NOOP(
            "GmmSelect", "array 'means' holds {value:.6g}{units}, beyond +-{bound:.6g}, the values of "
            "samples training takes"), value=mean, units=units, bound=LARGEST_VALUE)
        require(covariance <= LARGEST_VARIANCE, path, QT_TRANSLATE_NOOP(
            "GmmSelect", "array 'covariances' holds {value:.6g}{units}, beyond +-{bound:.6g}, the largest "
            "variance of samples within +-{values:.6g} (the values training takes)"),
            value=covariance, units=units, bound=LARGEST_VARIANCE, values=LARGEST_VALUE)


def check_bands(header, arrays, n_classes, n_features, n_raster_bands):
    """ModelFileError unless the names, band numbers and features agree with the means."""
    path = header.path
    class_names = header.items("class_names", TEXT)
    feature_names = header.items("feature_names", TEXT)
    require(len(class_names) == n_classes, path,
            QT_TRANSLATE_NOOP("GmmSelect", "{count} class names for {classes} classes"),
            count=len(class_names), classes=n_classes)
    require(len(feature_names) == n_features, path,
            QT_TRANSLATE_NOOP("GmmSelect", "{count} band names for {bands} bands"),
            count=len(feature_names), bands=n_features)
    bands, features = arrays["band_numbers"], arrays["features"]
    require(n_raster_bands <= LARGEST_BAND, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "header field 'n_raster_bands' is {count}, more bands than a raster holds (GDAL numbers "
        "them up to {largest})"), count=n_raster_bands, largest=LARGEST_BAND)
    require(n_raster_bands >= 1 and np.all((bands >= 1) & (bands <= n_raster_bands)), path, QT_TRANSLATE_NOOP(
        "GmmSelect", "band numbers {numbers} are not all within 1 to {last} (n_raster_bands)"),
        numbers=bands.tolist(), last=n_raster_bands)
    require(len(np.unique(bands)) == len(bands), path,
            QT_TRANSLATE_NOOP("GmmSelect", "duplicate band numbers {numbers}"), numbers=bands.tolist())
    distinct = len(np.unique(features)) == len(features)
    require(np.all((features >= 0) & (features < n_features)) and distinct, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "features {features} are not distinct positions from 0 to {last}"),
        features=features.tolist(), last=n_features - 1)
    return class_names, feature_names


def read_colors_and_bands(info, n_classes, n_features):
    """The class colours, band wavelengths, band descriptions, wavelength units, band scales and band
    offsets of the `info` object (each None when absent)."""
    def optional_items(key, kind, per_band_nulls):
        if info.values.get(key) is None:
            return None
        values = info.items(key, kind, optional=per_band_nulls)
        require(len(values) == n_features, info.path,
                QT_TRANSLATE_NOOP("GmmSelect", "{count} {field} for {bands} bands"),
                count=len(values), field=key, bands=n_features)
        for index, value in enumerate(values):
            require(kind is not NUMBER or value is None or math.isfinite(value), info.path, QT_TRANSLATE_NOOP(
                "GmmSelect", "header field '{field}' is not finite ({value})"),
                field=info.name(f"{key}[{index}]"), value=value)
        return values

    colors = info.items("class_colors", TEXT) if info.values.get("class_colors") is not None else None
    require(colors is None or len(colors) == n_classes, info.path,
            QT_TRANSLATE_NOOP("GmmSelect", "{count} class colours for {classes} classes"),
            count=len(colors or []), classes=n_classes)
    for index, color in enumerate(colors or []):
        require(COLOR.fullmatch(color), info.path, QT_TRANSLATE_NOOP(
            "GmmSelect", "header field '{field}' is {color!r}, not a colour '#rrggbb'"),
            field=info.name(f"class_colors[{index}]"), color=color)
    scales, offsets = (optional_items(key, NUMBER, True) for key in ("band_scales", "band_offsets"))
    require((scales is None) == (offsets is None) and (scales is None or all(
        (scale is None) == (offset is None) and (scale is None or (math.isfinite(scale) and scale != 0
                                                                   and math.isfinite(offset)))
        for scale, offset in zip(scales, offsets))), info.path, QT_TRANSLATE_NOOP(
        "GmmSelect", "band scales {scales} and offsets {offsets} are not both given for each band, or not "
        "finite numbers with scales other than 0"), scales=scales, offsets=offsets)
    wavelengths = optional_items("wavelengths", NUMBER, False)
    for index, wavelength in enumerate(wavelengths or []):
        require(abs(wavelength) <= LARGEST_VALUE, info.path, QT_TRANSLATE_NOOP(
            "GmmSelect", "header field '{field}' is {value!r}, beyond +-{bound:.6g} (the charts place the "
            "bands by their wavelengths)"), field=info.name(f"wavelengths[{index}]"), value=wavelength,
            bound=LARGEST_VALUE)
    return (colors, wavelengths, optional_items("band_descriptions", TEXT, True),
            optional_items("wavelength_units", TEXT, True), scales, offsets)


def load_model(path):
    """Read a model file written by `save_model` (data only: no code runs) into a SavedModel."""
    return model_of(path, *read_archive(path))


def model_of(path, values, arrays):
    """The SavedModel of a model file's header `values` and `arrays`, checked (ModelFileError naming
    `path`)."""
    check_header_values(path, values)
    header = Fields(path, values)
    n_classes, n_features = check_shapes(path, arrays)
    tau, floor = header.get("tau", NUMBER), header.get("floor", NUMBER)
    alpha = header.get("alpha", NUMBER, optional=True) or 0.0
    n_raster_bands = header.get("n_raster_bands", WHOLE)
    ridge_scale = arrays.get("ridge_scale")
    version = header.get("version", WHOLE)
    require(ridge_scale is not None or version < 4, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "a model file of version 4 holds its ridge scale, and this one has no array "
        "'ridge_scale'"))
    require("tau_alphas" not in arrays or "alpha" in values, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "its (alpha, tau) search holds alphas, and its header no alpha"))
    floor_recorded = ridge_scale is None or version >= 4  # else in the raster's units: computed anew
    check_mixture(path, arrays, tau, floor, alpha, floor_recorded)
    class_names, feature_names = check_bands(header, arrays, n_classes, n_features, n_raster_bands)
    info = Fields(path, header.get("info", OBJECT, optional=True) or {}, "info.")
    colors, wavelengths, descriptions, units, scales, offsets = read_colors_and_bands(info, n_classes,
                                                                                      n_features)
    counts = arrays["counts"] if arrays["counts"].size else None
    mixture = decomposed(path, arrays, tau, class_names, floor if floor_recorded else None,
                         counts, alpha, ridge_scale)
    record = read_record(info, class_names, n_features) if "cross_validation" in info.values else None
    return SavedModel(mixture, arrays["band_numbers"], feature_names, n_raster_bands, arrays["features"],
                      read_selection(header, arrays, n_features, n_classes), read_tau_search(header, arrays),
                      colors, wavelengths, record, descriptions, units, scales, offsets)


def decomposed(path, arrays, tau, class_names, floor, counts, alpha, ridge_scale):
    """The GaussianMixture of the checked arrays, its decomposition checked: finite eigenvalues, whitening
    maps and constants, or ModelFileError (the bounds check_mixture checks keep them finite; this is the
    last word)."""
    try:
        with np.errstate(all="ignore"):
            mixture = GaussianMixture(arrays["labels"], arrays["priors"], arrays["means"],
                                      arrays["covariances"], tau, class_names, floor, counts, alpha,
                                      ridge_scale)
    except np.linalg.LinAlgError as error:
        raise corrupt(path, Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "its covariances cannot be decomposed ({problem})"), problem=str(error))) from None
    finite = all(np.all(np.isfinite(values)) for values in (mixture.eigenvalues_, mixture.whiteners_,
                                                            mixture.constants_))
    require(finite, path, QT_TRANSLATE_NOOP(
        "GmmSelect", "its covariances decompose into non-finite numbers (tau {tau!r}, alpha {alpha!r})"),
        tau=tau, alpha=alpha)
    return mixture
