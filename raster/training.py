"""The training workflow of Train GMM and Train Selection, free of QGIS (core and raster only).

1. Split the polygons of each class into training and held-out validation polygons (seeded).
2. On the training polygons only: the tau search (Train GMM) or the band selection (Train
   Selection), then a cross-validated estimate of the chosen model.
3. Fit the final mixture on the training polygons, assess it on the held-out polygons, and
   assemble the SavedModel with everything a report needs in its `info` (including the class
   colours and the band wavelengths).

The held-out polygons are never seen by the tau search, the selection or the final fit.
"""

import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import List, Optional, Sequence

import numpy as np

from ..core import (
    LEAVE_ONE_OUT,
    GaussianMixture,
    SavedModel,
    class_accuracies,
    cohen_kappa,
    confusion_matrix,
    cross_validate,
    mean_f1,
    overall_accuracy,
    select_features,
    select_tau,
)
from .style import colors_for_classes

HELD_OUT = "held-out polygons"
CROSS_VALIDATION = "cross-validation"
#: Default and cap of the number of bands a selection goes up to.
MAX_FEATURES = 20


@dataclass
class SelectionOptions:
    """Band selection: method, criterion, the largest size, whether to keep the best size, ridge."""

    method: str = "sffs"
    criterion: str = "jm"
    max_features: Optional[int] = None
    use_best: bool = True
    tau: float = 0.0


@dataclass
class TrainingOptions:
    """Everything the workflow needs besides the samples.

    `folds` 0: leave-one-out (one sample, or with `grouped` one polygon, out at a time).
    `tau_grid` None or empty: the core's default grid; one value: that tau, no search.
    `selection` None: Train GMM (tau search over all bands); else Train Selection.
    """

    folds: int = 5
    grouped: bool = True
    validation: float = 0.3
    seed: int = 0
    tau_grid: Optional[Sequence[float]] = None
    tau_criterion: str = "kappa"
    selection: Optional[SelectionOptions] = None


@dataclass
class TrainingInputs:
    """Where the samples came from, recorded in the model's info for the report and for Predict.

    `source`: raster, training layer, field, algorithm. `wavelengths`: one per raster band, or None.
    `category_colors`: {class value: colour} of the training layer's categorized style, or None.
    `sampling_seconds`: time spent extracting the samples, reported with the workflow's timings.
    """

    n_raster_bands: int
    source: dict = field(default_factory=dict)
    wavelengths: Optional[Sequence[float]] = None
    category_colors: Optional[dict] = None
    sampling_seconds: Optional[float] = None


@dataclass
class Assessment:
    """Accuracy figures of one confusion matrix `(C, C)` (rows = reference)."""

    source: str
    confusion: np.ndarray
    overall_accuracy: float
    kappa: float
    mean_f1: float
    producers: np.ndarray
    users: np.ndarray
    f1: np.ndarray

    @classmethod
    def of(cls, source, confusion, overall=None, kappa=None, f1=None):
        """The figures of `confusion`; CV passes its means over folds as overall, kappa and f1."""
        producers, users, per_class_f1 = class_accuracies(confusion)
        return cls(source, confusion,
                   float(overall_accuracy(confusion) if overall is None else overall),
                   float(cohen_kappa(confusion) if kappa is None else kappa),
                   float(mean_f1(confusion) if f1 is None else f1),
                   producers, users, per_class_f1)

    def to_dict(self, class_names):
        """JSON-able figures for the model's `info`."""
        def clean(values):
            return [None if np.isnan(v) else round(float(v), 6) for v in values]

        return {"source": self.source, "overall_accuracy": round(self.overall_accuracy, 6),
                "kappa": round(self.kappa, 6), "mean_f1": round(self.mean_f1, 6),
                "classes": list(class_names), "confusion": self.confusion.astype(int).tolist(),
                "producers_accuracy": clean(self.producers), "users_accuracy": clean(self.users),
                "f1": clean(self.f1)}


@dataclass
class PolygonSplit:
    """Boolean masks over the samples and, per class, the polygon counts of each part."""

    train: np.ndarray
    held_out: np.ndarray
    polygons: dict
    warnings: List[str] = field(default_factory=list)


@dataclass
class TrainingResult:
    """The saved model, the headline assessment (held-out if any, else CV) and both parts."""

    model: SavedModel
    assessment: Assessment
    cross_validation: Assessment
    validation: Optional[Assessment]
    split: PolygonSplit

    @property
    def selected_features(self):
        """Positions into the mixture used for prediction."""
        return tuple(self.model.features)

    @property
    def selected_bands(self):
        """1-based raster band numbers used for prediction."""
        return tuple(self.model.band_numbers[f] for f in self.model.features)

    @property
    def selected_names(self):
        """Names of the bands used for prediction."""
        return [self.model.feature_names[f] for f in self.model.features]


def split_polygons(y, groups, share, seed=0, names=None):
    """Hold out round(share * n_c) of the n_c polygons of each class, drawn with `seed`.

    `y (n,)` class codes, `groups (n,)` polygon ids, `names` {code: class name}. Raises ValueError
    when a class would keep no training polygon; a class that keeps all its polygons gets a
    warning (the held-out assessment does not cover it).
    """
    y = np.asarray(y)
    groups = np.asarray(groups)
    if not 0 <= share < 1:
        raise ValueError(f"VALIDATION is the share of polygons held out per class, in [0, 1); got {share}")
    labels = np.unique(y)
    names = names or {}
    rng = np.random.default_rng(seed)
    held_out = np.zeros(len(y), dtype=bool)
    polygons, warnings = {}, []
    for label in labels:
        name = str(names.get(label, label))
        in_class = y == label
        ids = np.unique(groups[in_class])
        n_out = int(np.floor(share * len(ids) + 0.5)) if share > 0 else 0
        if n_out >= len(ids):
            limit = (len(ids) - 0.5) / len(ids)
            raise ValueError(
                f"VALIDATION = {share:g} holds out all {len(ids)} polygon(s) of class '{name}', leaving "
                f"none to train on: lower VALIDATION below {limit:.2f}, set it to 0 to assess by "
                f"cross-validation only, or draw more polygons of '{name}'")
        if share > 0 and n_out == 0:
            warnings.append(f"class '{name}' has {len(ids)} polygon(s): none held out, so the "
                            "held-out accuracy does not cover it")
        out = rng.choice(ids, n_out, replace=False) if n_out else ids[:0]
        held_out |= in_class & np.isin(groups, out)
        polygons[name] = (len(ids) - n_out, n_out)
    return PolygonSplit(~held_out, held_out, polygons, warnings)


def cv_folds(folds):
    """The core's `folds` of FOLDS: LEAVE_ONE_OUT for 0, else the number of folds (>= 2), or ValueError."""
    if folds == 0:
        return LEAVE_ONE_OUT
    if folds < 2:
        raise ValueError(f"FOLDS = {folds}: use 0 for leave-one-out or at least 2 folds")
    return folds


def describe_folds(folds):
    """'leave-one-out' for FOLDS = 0, else '5-fold'."""
    return "leave-one-out" if folds == 0 else f"{folds}-fold"


def parse_tau_list(text):
    """Ridge values from text such as '0, 1e-3; 0.1' (None when empty), or ValueError."""
    return parse_number_list(text, "TAU")


def parse_number_list(text, parameter):
    """Numbers >= 0 from text such as '0, 1e-3; 0.1' (None when empty), or ValueError naming `parameter`."""
    tokens = [token for token in str(text or "").replace(";", ",").replace(" ", ",").split(",") if token]
    values = []
    for token in tokens:
        try:
            value = float(token)
        except ValueError:
            raise ValueError(f"{parameter} must be a list of numbers >= 0 separated by commas; "
                             f"'{token}' is not a number") from None
        if not np.isfinite(value) or value < 0:
            raise ValueError(f"{parameter} values must be finite numbers >= 0; got {token}")
        values.append(value)
    return values or None


def _stage(progress, start, end):
    """A progress callable mapping [0, 1] to [start, end] of `progress` (None passes through)."""
    if progress is None:
        return None
    return lambda fraction: progress(start + (end - start) * min(max(fraction, 0.0), 1.0))


def _log(log, message):
    """Send one line to `log` if there is one."""
    if log is not None:
        log(message)


def train(samples, options, inputs, log=None, progress=None, is_canceled=None):
    """Run the workflow on `samples` (raster.TrainingSamples); return a TrainingResult.

    `inputs` (TrainingInputs) describes where the samples came from; it goes into the model's info.
    """
    names_of = {label: str(name)
                for label, name in zip(np.asarray(samples.labels).tolist(), samples.class_names)}
    labels = np.unique(samples.y)
    names = [names_of.get(label, str(label)) for label in labels.tolist()]
    cv_folds(options.folds)
    split = split_polygons(samples.y, samples.groups, options.validation, options.seed, names_of)
    for warning in split.warnings:
        _log(log, f"Warning: {warning}")
    X, y = samples.X[split.train], samples.y[split.train]
    groups = samples.groups[split.train] if options.grouped else None
    counts = {name: (int(np.sum(y == label)), int(np.sum(samples.y[split.held_out] == label)))
              for label, name in zip(labels, names)}
    for name, (n_train, n_val) in counts.items():
        polygons_train, polygons_val = split.polygons[name]
        _log(log, f"Class '{name}': {n_train} training samples from {polygons_train} polygon(s), "
                  f"{n_val} held-out samples from {polygons_val} polygon(s)")
    check_class_sizes(counts, X.shape[1], options)
    timings = {} if inputs.sampling_seconds is None else {"sampling": inputs.sampling_seconds}
    step = _search_tau if options.selection is None else _select_bands
    tau, features, found = step(samples, X, y, groups, options, timings, log, _stage(progress, 0, 0.8),
                                is_canceled)

    started = time.perf_counter()
    cv = cross_validate(X, y, tau=tau, features=features, folds=cv_folds(options.folds), groups=groups,
                        seed=options.seed)
    cv_assessment = Assessment.of(CROSS_VALIDATION, cv.confusion, cv.accuracy, cv.kappa, cv.f1)
    timings["cross_validation"] = time.perf_counter() - started
    _log(log, f"Cross-validation ({describe_folds(options.folds)}, {cv.folds} parts"
              f"{', by polygon' if groups is not None else ''}, training polygons): "
              f"overall accuracy {cv.accuracy:.4f}, kappa {cv.kappa:.4f}")
    if progress is not None:
        progress(0.9)

    started = time.perf_counter()
    mixture = GaussianMixture.fit(X, y, tau=tau, class_names=names)
    timings["fit"] = time.perf_counter() - started
    validation = _assess_held_out(samples, split, mixture, features, timings, log)
    headline = validation if validation is not None else cv_assessment
    selection = found if options.selection is not None else None
    info = {
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "workflow": "selection" if selection is not None else "tau search",
        "source": dict(inputs.source),
        "parameters": _parameters(options, tau, features if selection is not None else None,
                                  max(selection.sizes) if selection is not None else None),
        "classes": names,
        "class_colors": colors_for_classes(names, inputs.category_colors),
        "wavelengths": _wavelengths(inputs.wavelengths, samples.band_numbers),
        "samples_per_class": {name: {"train": t, "validation": v} for name, (t, v) in counts.items()},
        "polygons_per_class": {name: {"train": t, "validation": v}
                               for name, (t, v) in split.polygons.items()},
        "final_model": ("trained on the training polygons only; the held-out polygons assess it"
                        if validation is not None else "trained on all polygons"),
        "assessment": headline.source,
        "cross_validation": cv_assessment.to_dict(names),
        "validation": None if validation is None else validation.to_dict(names),
        "tau": tau,
        "timings_s": {key: round(value, 3) for key, value in timings.items()},
        "warnings": list(getattr(samples, "warnings", []) or []) + split.warnings,
    }
    model = SavedModel(mixture=mixture, band_numbers=tuple(int(b) for b in samples.band_numbers),
                       feature_names=[str(name) for name in samples.band_names],
                       n_raster_bands=int(inputs.n_raster_bands), features=features, selection=selection,
                       tau_search=None if selection is not None else found, info=info)
    if progress is not None:
        progress(1.0)
    return TrainingResult(model, headline, cv_assessment, validation, split)


def check_class_sizes(counts, n_bands, options):
    """ValueError when a class has no more training samples than the bands its covariance spans
    and no ridge can make that covariance invertible. `counts` {name: (train, held out)}."""
    if options.selection is None:
        needed, ridge = n_bands, not options.tau_grid or any(tau > 0 for tau in options.tau_grid)
        fix = "leave TAU empty (a ridge is then chosen by cross-validation) or set TAU > 0"
    else:
        needed = min(options.selection.max_features or min(n_bands, MAX_FEATURES), n_bands)
        ridge = options.selection.tau > 0
        fix = "lower MAX_FEATURES or set TAU > 0"
    name, (smallest, _) = min(counts.items(), key=lambda item: item[1][0])
    if smallest <= needed and not ridge:
        raise ValueError(f"class '{name}' has {smallest} training samples for {needed} bands: its covariance "
                         f"matrix is singular (a class needs more samples than bands). Draw more or larger "
                         f"polygons of '{name}', or {fix}")


def _search_tau(samples, X, y, groups, options, timings, log, progress, is_canceled):
    """Train GMM's step: the ridge tau by CV over all bands; returns (tau, features, TauResult)."""
    started = time.perf_counter()
    grid = options.tau_grid if options.tau_grid else None
    search = select_tau(X, y, grid=grid, criterion=options.tau_criterion, folds=cv_folds(options.folds),
                        groups=groups, seed=options.seed, progress=progress, is_canceled=is_canceled)
    tau = float(search.tau)
    timings["tau_search"] = time.perf_counter() - started
    if len(search.grid) > 1:
        best = float(np.max(search.values))
        _log(log, f"Tau search over {len(search.grid)} values ({options.tau_criterion}, "
                  f"{describe_folds(options.folds)}): tau = {tau:.6g}, "
                  f"CV {options.tau_criterion} = {best:.4f} "
                  f"({timings['tau_search']:.2f} s)")
    else:
        _log(log, f"Tau = {tau:.6g} (one value given: no search)")
    return tau, tuple(range(X.shape[1])), search


def _select_bands(samples, X, y, groups, options, timings, log, progress, is_canceled):
    """Train Selection's step: SFS or SFFS; returns (tau, features, SelectionResult)."""
    started = time.perf_counter()
    chosen = options.selection
    max_features = min(chosen.max_features or min(X.shape[1], MAX_FEATURES), X.shape[1])
    selection = select_features(X, y, method=chosen.method, criterion=chosen.criterion,
                                max_features=max_features, folds=cv_folds(options.folds), groups=groups,
                                seed=options.seed, tau=float(chosen.tau), progress=progress,
                                is_canceled=is_canceled)
    for size in selection.sizes:
        bands = ", ".join(_band_label(samples, f) for f in selection.best_sets[size])
        _log(log, f"Best set of {size} band(s): {chosen.criterion} = "
                  f"{selection.best_values[size]:.6g}: {bands}")
    size = selection.best_size if chosen.use_best else max(selection.sizes)
    features = tuple(int(f) for f in selection.best_sets[size])
    timings["selection"] = time.perf_counter() - started
    how = "best size" if chosen.use_best else "MAX_FEATURES"
    _log(log, f"Selected {len(features)} band(s) ({how}, {chosen.method.upper()}, {chosen.criterion}, "
              f"{timings['selection']:.2f} s): " + ", ".join(_band_label(samples, f) for f in features))
    return float(chosen.tau), features, selection


def _assess_held_out(samples, split, mixture, features, timings, log):
    """The Assessment of `mixture` on the held-out polygons, or None when none is held out."""
    if not split.held_out.any():
        return None
    started = time.perf_counter()
    X_val, y_val = samples.X[split.held_out], samples.y[split.held_out]
    predicted = mixture.subset(features).predict(X_val[:, list(features)])
    validation = Assessment.of(HELD_OUT, confusion_matrix(y_val, predicted, mixture.labels_))
    timings["validation"] = time.perf_counter() - started
    _log(log, f"Held-out polygons ({len(y_val)} samples, never used for training): overall accuracy "
              f"{validation.overall_accuracy:.4f}, kappa {validation.kappa:.4f}")
    return validation


def _wavelengths(raster_wavelengths, band_numbers):
    """The wavelength of each band read (aligned with `band_numbers`), or None when unknown."""
    if not raster_wavelengths:
        return None
    return [float(raster_wavelengths[number - 1]) for number in band_numbers]


def _band_label(samples, feature):
    """'band 4 (Band 4)' for a feature position."""
    return f"{samples.band_numbers[feature]} ({samples.band_names[feature]})"


def _parameters(options, tau, features=None, max_features=None):
    """The options as a JSON-able dict (with the effective MAX_FEATURES of a selection)."""
    parameters = {"folds": options.folds, "grouped": options.grouped, "validation": options.validation,
                  "seed": options.seed, "tau": tau}
    if options.selection is None:
        parameters.update(tau_grid=None if not options.tau_grid else [float(t) for t in options.tau_grid],
                          tau_criterion=options.tau_criterion)
    else:
        chosen = options.selection
        parameters.update(method=chosen.method, criterion=chosen.criterion, max_features=max_features,
                          use_best=chosen.use_best, n_selected=len(features))
    return parameters
