"""The training workflow of Train GMM and Train Selection, free of QGIS (core and raster only).

`train` runs its steps in order:
1. `split`: the polygons of each class into training and held-out validation polygons (seeded);
2. `search_tau` (Train GMM) or `select_bands` (Train Selection), on the training polygons only;
3. `cross_validate_choice`: a cross-validated estimate of the chosen model;
4. `fit`: the mixture on the training polygons;
5. `assess`: that mixture on the held-out polygons;
6. `refit` (option, default on): once the held-out polygons have assessed the mixture trained without
   them, step 2 again and the fit on ALL the polygons: the held-out figures assess the procedure, the
   saved model is that procedure on every polygon (its bands, alpha and tau may differ);
7. `describe`: the SavedModel with its training record, class colours and band wavelengths.

The held-out polygons are never seen by the (alpha, tau) search, the selection or the assessed fit.
"""

import math
import time
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from typing import Callable, List, Optional, Sequence

import numpy as np

from ..core import (
    LEAVE_ONE_OUT,
    Canceled,
    GaussianMixture,
    SavedModel,
    confusion_matrix,
    cross_validate,
    crossval,
    select_features,
    select_tau,
)
from ..core.choices import MAX_FEATURES
from ..core.criteria import Assessment
from ..core.folds import grouped_folds, short_fold
from ..core.modelfile import TrainingRecord, band_label
from ..core.ridge import RELATIVE_TAU_GRID, band_variances
from ..core.separability import INDISTINGUISHABLE_JM, pairwise_jm
from ..core.shrinkage import shrinkage_intensity
from ..core.texts import QT_TRANSLATE_NOOP, InputError, Text
from ..core.validation import MIN_SAMPLES_PER_CLASS
from .info import BandIdentity
from .notices import SAMPLE_WORDS, UNGROUPING, advice, counted, sample_words, unit_of, warning, warning_lines
from .report import TEXTS
from .style import colors_for_classes

HELD_OUT = "held-out polygons"
CROSS_VALIDATION = "cross-validation"
#: LOO_FEW_POLYGONS leaves one polygon out up to this many polygons: at most four times the fold models of
#: the default search (5 folds, 3 assignments to folds).
LOO_POLYGON_LIMIT = 60
#: The alphas Train Selection's search before the selection compares when ALPHA is empty (the model's
#: search, and Train GMM's, compare 0 with the estimated alpha*: README, Accuracy versus peers).
SELECTION_ALPHAS = (0.0, 0.1, 0.25, 0.5, 0.75, 1.0)


@dataclass
class SelectionOptions:
    """Band selection: method, criterion, the largest size, whether to keep the best size, the ridge during
    the selection (the shrinkage alpha is TrainingOptions.alpha_grid's) and `model_search`: the model's
    (alpha, tau) searched on the selected bands (False: the model keeps the selection's alpha and tau)."""

    method: str = "sffs"
    criterion: str = "jm"
    max_features: Optional[int] = None
    use_best: bool = True
    tau: float = 0.0
    model_search: bool = True

    def largest_size(self, n_bands):
        """The size the selection goes up to: MAX_FEATURES (0 or None: min(bands, the cap)), <= the bands."""
        return min(self.max_features or min(n_bands, MAX_FEATURES), n_bands)


@dataclass
class TrainingOptions:
    """Everything the workflow needs besides the samples.

    `folds` 0: leave-one-out (one sample, or with `grouped` one polygon, out at a time).
    `tau_grid` None or empty: the default grid (RELATIVE_TAU_GRID, or with `ridge_scale` 'absolute' the
    core's default_tau_grid); one value: that tau, no search.
    `alpha_grid` None or empty: no shrinkage (0) against the intensity estimated from the training
    polygons (`estimated_alphas`; Train Selection's alpha before the selection: SELECTION_ALPHAS); one
    value: that alpha, no search. Train GMM searches (alpha, tau) on both grids; Train Selection chooses
    alpha with the default tau grid on all bands before the selection (`search_alpha`).
    `ridge_scale` (RIDGE_SCALES): 'relative', a tau times each band's pooled within-class variance;
    'absolute', tau I; 'auto', relative for the default grid and absolute for given taus.
    `refit`: after the held-out assessment, refit the final mixture on all polygons.
    `repeats`: the (alpha, tau) search pools the folds of this many assignments of the polygons to folds
    (seeds seed, seed + 1, ...; k-fold only), a steadier choice than one (README: Accuracy versus peers).
    `loo_few_polygons`: where grouped `folds` run over at most LOO_POLYGON_LIMIT polygons, the
    cross-validation leaves one polygon out instead (`folds_for`; README: Accuracy versus peers).
    `selection` None: Train GMM ((alpha, tau) search over all bands); else Train Selection.
    """

    folds: int = 5
    grouped: bool = True
    validation: float = 0.3
    seed: int = 0
    tau_grid: Optional[Sequence[float]] = None
    tau_criterion: str = "kappa"
    alpha_grid: Optional[Sequence[float]] = None
    ridge_scale: str = "auto"
    refit: bool = True
    selection: Optional[SelectionOptions] = None
    repeats: int = 3
    loo_few_polygons: bool = True

    def relative_ridge(self, given):
        """Whether tau is relative to each band's variance, for a `given` tau (or grid) or the default one."""
        return self.ridge_scale == "relative" or (self.ridge_scale == "auto" and not given)


@dataclass
class TrainingInputs:
    """Where the samples came from, recorded in the model for the report and for Predict.

    `source`: raster, training layer, field, algorithm. `wavelengths`: one per raster band, or None.
    `identities`: the BandIdentity of every raster band (names, wavelength units), or None (a table).
    `category_colors`: {class value: colour} of the training layer's categorized style, or None.
    `sampling_seconds`: time spent extracting the samples, reported with the workflow's timings.
    """

    n_raster_bands: int
    source: dict = field(default_factory=dict)
    wavelengths: Optional[Sequence[float]] = None
    category_colors: Optional[dict] = None
    sampling_seconds: Optional[float] = None
    identities: Optional[Sequence[BandIdentity]] = None


@dataclass
class PolygonSplit:
    """Boolean masks over the samples and, per class, the polygon counts of each part."""

    train: np.ndarray
    held_out: np.ndarray
    polygons: dict
    warnings: List[str] = field(default_factory=list)


@dataclass
class SplitSamples:
    """The samples split by polygon: the training part `X (n, d)`, `y`, its polygon `groups` for the
    folds (None: ungrouped), the held-out part, the class names, the counts {name: (train, held out)}
    and the FOLDS the cross-validation of the training part runs (`folds_for`)."""

    X: np.ndarray
    y: np.ndarray
    groups: Optional[np.ndarray]
    X_held_out: np.ndarray
    y_held_out: np.ndarray
    names: list
    counts: dict
    split: PolygonSplit
    folds: int
    unit: str = "polygon"


@dataclass
class Choice:
    """What the search or the selection chose: the ridge tau, the feature positions used, the shrinkage
    alpha, the TauResult (of the (alpha, tau) search) or SelectionResult behind them, the band
    variances of a relative ridge (None: absolute), when the model's (alpha, tau) was searched on
    the selected bands, the alpha the selection used (`selection_alpha`; its tau is TAU), and the FOLDS
    the choice was made with (`folds_for`)."""

    tau: float
    features: tuple
    folds: int
    tau_search: object = None
    selection: object = None
    alpha: float = 0.0
    ridge_scale: Optional[np.ndarray] = None
    selection_alpha: Optional[float] = None


@dataclass
class Steps:
    """The callbacks of one run (each may be None) and the seconds each step took."""

    log: Optional[Callable] = None
    progress: Optional[Callable] = None
    is_canceled: Optional[Callable] = None
    timings: dict = field(default_factory=dict)

    def say(self, message):
        """Send one line to the log, if there is one."""
        if self.log is not None:
            self.log(message)

    def reach(self, fraction):
        """Report progress `fraction` of the whole run."""
        if self.progress is not None:
            self.progress(fraction)

    def stage(self, start, end):
        """A progress callable mapping [0, 1] to [start, end] of the run (None without progress)."""
        if self.progress is None:
            return None
        return lambda fraction: self.progress(start + (end - start) * min(max(fraction, 0.0), 1.0))

    def part(self, start, end, timings=None):
        """These steps for a part of the run: its progress [0, 1] is [start, end] of the run; its timings
        go to `timings` (default: the run's)."""
        return replace(self, progress=self.stage(start, end),
                       timings=self.timings if timings is None else timings)

    @contextmanager
    def timed(self, step):
        """Record the seconds the block takes as the timing of `step` (Canceled first, when the run was)."""
        if self.is_canceled is not None and self.is_canceled():
            raise Canceled(f"canceled before the step {step}")
        started = time.perf_counter()
        yield
        self.timings[step] = time.perf_counter() - started


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


def split_polygons(y, groups, share, seed=0, names=None, unit="polygon"):
    """Hold out round(share * n_c) of the n_c polygons of each class, drawn with `seed`.

    `y (n,)` class codes, `groups (n,)` polygon ids, `names` {code: class name}, `unit` the word for a
    group (notices.unit_of). Raises ValueError when a class would keep no training polygon; a class that
    keeps all its polygons gets a warning (the held-out assessment does not cover it).
    """
    y = np.asarray(y)
    groups = np.asarray(groups)
    if not 0 <= share < 1:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "VALIDATION is the share of {groups} held out per class, in [0, 1); got {share}"),
            share=share, **sample_words(unit))
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
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "VALIDATION = {share:g} holds out every {group} of class '{name}' (it has "
                "{count}), leaving none to train on. {advice}, lower VALIDATION below {limit:.2f}, or set it "
                "to 0 to assess by cross-validation only"),
                share=share, name=name, count=len(ids), **sample_words(unit),
                advice=advice("groups", unit, name), limit=limit)
        if share > 0 and n_out == 0:
            warnings.append(warning("warning none held out", name=name, count=len(ids), **sample_words(unit)))
        out = rng.choice(ids, n_out, replace=False) if n_out else ids[:0]
        held_out |= in_class & np.isin(groups, out)
        polygons[name] = (len(ids) - n_out, n_out)
    return PolygonSplit(~held_out, held_out, polygons, warnings)


def cv_folds(folds):
    """The core's `folds` of FOLDS: LEAVE_ONE_OUT for 0, else the number of folds (>= 2), or ValueError."""
    if folds == 0:
        return LEAVE_ONE_OUT
    if folds < 2:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "FOLDS = {folds}: use 0 for leave-one-out or at least 2 folds"), folds=folds)
    return folds


def folds_for(options, groups):
    """The FOLDS of the cross-validation of samples in polygons `groups` (None: ungrouped): 0 (one
    polygon out) where `options.loo_few_polygons` and there are at most LOO_POLYGON_LIMIT polygons, whose
    k folds would each train on a fraction (k - 1) / k of so few; else `options.folds`."""
    if not options.loo_few_polygons or groups is None or options.folds == 0:
        return options.folds
    return 0 if len(np.unique(groups)) <= LOO_POLYGON_LIMIT else options.folds


def describe_folds(folds):
    """'leave-one-out' for FOLDS = 0, else '5-fold' (a Text)."""
    if folds == 0:
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "leave-one-out"))
    return Text(QT_TRANSLATE_NOOP("GmmSelect", "{folds}-fold"), folds=folds)


def describe_search_folds(folds, search):
    """describe_folds of FOLDS, with ' x 3' when the search (a TauResult) pooled 3 repetitions."""
    if search.repeats <= 1:
        return describe_folds(folds)
    return Text(QT_TRANSLATE_NOOP("GmmSelect", "{folds} x {repeats}"), folds=describe_folds(folds),
                repeats=search.repeats)


def parse_tau_list(text):
    """Ridge values from text such as '0, 1e-3; 0.1' (None when empty), or ValueError."""
    return parse_number_list(text, "TAU")


def parse_alpha_list(text):
    """Shrinkage values in [0, 1] from text such as '0, 0.5, 1' (None when empty), or ValueError."""
    values = parse_number_list(text, "ALPHA")
    if values and max(values) > 1:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "ALPHA values must be in [0, 1] (0: one covariance per class, 1: the pooled "
            "covariance); got {value:g}"), value=max(values))
    return values


def parse_number_list(text, parameter):
    """Numbers >= 0 from text such as '0, 1e-3; 0.1' (None when empty), or ValueError naming `parameter`."""
    tokens = [token for token in str(text or "").replace(";", ",").replace(" ", ",").split(",") if token]
    values = []
    for token in tokens:
        try:
            value = float(token)
        except ValueError:
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "{parameter} must be a list of numbers >= 0 separated by commas; '{token}' is "
                "not a number"), parameter=parameter, token=token) from None
        if not np.isfinite(value) or value < 0:
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "{parameter} values must be finite numbers >= 0; got {token}"),
                parameter=parameter, token=token)
        values.append(value)
    return values or None


def train(samples, options, inputs, log=None, progress=None, is_canceled=None):
    """Run the workflow on `samples` (raster.TrainingSamples); return a TrainingResult.

    `inputs` (TrainingInputs) describes where the samples came from; it goes into the model.
    """
    steps = Steps(log, progress, is_canceled,
                  {} if inputs.sampling_seconds is None else {"sampling": inputs.sampling_seconds})
    data = split(samples, options, steps, unit_of(inputs.source))
    with parted(samples.X, data.split.train) as (X, X_held_out):
        data = replace(data, X=X, X_held_out=X_held_out)
        check_class_sizes(data.counts, data.X.shape[1], options, data.unit)
        note_given_tau(options, steps)
        choose = search_tau if options.selection is None else select_bands
        refitted = options.refit and len(data.y_held_out) > 0
        assessed = steps.part(0, 0.5) if refitted else steps
        choice = choose(samples, data, options, assessed)
        cv = cross_validate_choice(data, options, choice, assessed)
        mixture = fit(data.X, data.y, data.names, choice, steps)
        validation = assess(data, mixture, choice, steps)
    data = replace(data, X=None, X_held_out=None)  # views of samples.X, whose rows are back in their order
    measured = None
    if refitted:
        measured = measured_model(choice, mixture)
        choice, mixture = refit(samples, data, options, choose, steps)
    confused = warn_indistinguishable(mixture, data, choice, steps)
    model = describe(samples, options, inputs, data, choice, mixture, cv, validation, confused, steps,
                     measured)
    steps.reach(1.0)
    return TrainingResult(model, validation or cv, cv, validation, data.split)


def split(samples, options, steps, unit):
    """The samples split by polygon (`split_polygons`; `unit` the word for one), with the counts of each class
    logged."""
    names_of = {label: str(name)
                for label, name in zip(np.asarray(samples.labels).tolist(), samples.class_names)}
    labels = np.unique(samples.y)
    names = [names_of.get(label, str(label)) for label in labels.tolist()]
    if len(names) < 2:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the class field holds one class, '{name}': a classification needs at least two; "
            "choose the field that holds the classes (FIELD) or add {groups} of other classes"),
            name=names[0], **sample_words(unit))
    cv_folds(options.folds)
    polygons = split_polygons(samples.y, samples.groups, options.validation, options.seed, names_of, unit)
    y, y_held_out = samples.y[polygons.train], samples.y[polygons.held_out]
    groups = samples.groups[polygons.train] if options.grouped else None
    folds = folds_for(options, groups)
    counts = {name: (int(np.sum(y == label)), int(np.sum(y_held_out == label)))
              for label, name in zip(labels, names)}
    check_training_samples(counts, polygons, options.validation, unit)
    if groups is not None:
        present = dict(zip(labels.tolist(), names))
        check_grouped_folds(groups, folds, unit)
        check_polygons_left_out(y, groups, present, polygons, options.validation, unit)
        check_fold_training(y, groups, folds, present, options, unit)
        if options.refit and polygons.held_out.any():  # the refit's folds, over all the groups
            check_fold_training(samples.y, samples.groups, folds_for(options, samples.groups), present,
                                options, unit)
    elif folds != 0:
        check_samples_per_fold(counts, folds)
    polygons.warnings += few_polygon_warnings(polygons, options.grouped, folds, unit)
    for line in warning_lines(polygons.warnings):
        steps.say(line)
    say_folds(options, folds, Text(TEXTS["training polygons"], **sample_words(unit)), unit, steps)
    for name, (n_train, n_val) in counts.items():
        steps.say(class_counts(name, n_train, n_val, polygons.polygons[name], unit))
    return SplitSamples(None, y, groups, None, y_held_out, names, counts, polygons, folds, unit)  # X: parted


@contextmanager
def parted(X, train):
    """(the training samples, the held-out samples) of samples `X (n, d)` and the mask of the training ones,
    each as the rows of X[train] and X[~train] in their order, C-contiguous as copies would be, but views:
    X's rows are put in that order in place (the training rows first, then the held-out ones), and back in
    theirs on leaving, bit for bit, however the block ends. A copy of the smaller part is held while they
    move (blocks of PART_ROWS rows besides). With nothing held out, X itself; where X cannot be reordered in
    place (read-only, not C-contiguous), copies."""
    kept, held = np.flatnonzero(train), np.flatnonzero(~train)
    if not len(held) and X.flags.c_contiguous:
        yield X, X[:0]
        return
    if not (X.flags.c_contiguous and X.flags.writeable):
        yield X[train], X[held]
        return
    m = len(kept)
    held_out = X[held]
    gather_forward(X, kept)
    X[m:] = held_out
    del held_out
    try:
        yield X[:m], X[m:]
    finally:
        held_out = X[m:].copy()
        scatter_backward(X, kept)
        X[held] = held_out


#: Rows moved at a time by `parted` (a copy of each block is made as it moves).
PART_ROWS = 16_384


def gather_forward(X, rows):
    """X[:len(rows)] = X[rows] in place, `rows` increasing: each block copied before it is written over rows
    that no later block reads (rows[i] >= i)."""
    for start in range(0, len(rows), PART_ROWS):
        block = rows[start:start + PART_ROWS]
        X[start:start + len(block)] = X[block]


def scatter_backward(X, rows):
    """X[rows] = X[:len(rows)] in place, `rows` increasing, undoing gather_forward: block after block from the
    last, each copied before it is written over rows that no earlier block reads (rows[i] >= i)."""
    for start in range((len(rows) - 1) // PART_ROWS * PART_ROWS, -1, -PART_ROWS):
        block = rows[start:start + PART_ROWS]
        X[block] = X[start:start + len(block)].copy()


def class_counts(name, n_train, n_held_out, parts, unit):
    """The log line of class `name`'s training and held-out samples and the `parts` (training, held out)
    of its groups (a Text)."""
    trained, held_out = parts
    if not held_out:
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "Class '{name}': {samples} training samples from {count} "
                                      "{groups}, none held out"),
                    name=name, samples=n_train, count=trained, groups=counted(unit, trained))
    return Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "Class '{name}': {samples} training samples from {count} {groups}, "
        "{held_out_samples} held-out samples from {held_out_count} {held_out_groups}"),
        name=name, samples=n_train, count=trained, groups=counted(unit, trained),
        held_out_samples=n_held_out, held_out_count=held_out, held_out_groups=counted(unit, held_out))


def check_grouped_folds(groups, folds, unit):
    """ValueError when grouped `folds` (>= 2) outnumber the training groups: a fold would test none."""
    count = len(np.unique(groups))
    if folds != 0 and count < folds:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{folds}-fold cross-validation by {group} needs at least {folds} training {groups}; "
            "there are {count}. Lower FOLDS, set FOLDS = 0 (one {group} out at a time) or LOO_FEW_POLYGONS = "
            "yes, or {ungroup}"), folds=folds, count=count, ungroup=Text(UNGROUPING[unit]),
            **sample_words(unit))


def check_fold_training(y, groups, folds, names, options, unit):
    """ValueError when a fold of the grouped `folds` (>= 2) the search (seeds seed ... seed + REPEATS - 1),
    the selection and the cross-validation draw leaves a class fewer than MIN_SAMPLES_PER_CLASS samples to
    train on (its groups, which may hold other classes too, sit in that fold). `names` {code: class name}."""
    if folds == 0:
        return
    for seed in range(options.seed, options.seed + options.repeats):
        short = short_fold(y, grouped_folds(y, groups, folds, seed), folds)
        if short is None:
            continue
        label, fold, left = short
        total = int(np.sum(y == label))
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "class '{name}' has {count} samples in {parts} {groups}, but {folds}-fold "
            "cross-validation by {group} (SEED = {seed}) puts {held} of them in fold {fold}, which leaves "
            "{left} to train on without that fold ({minimum} needed). Set FOLDS = 0 or LOO_FEW_POLYGONS = "
            "yes (one {group} out at a time), change FOLDS or SEED, or {ungroup}"),
            name=names[label], count=total, parts=len(np.unique(groups[y == label])),
            folds=folds, seed=seed, held=total - left, fold=fold + 1, left=left,
            minimum=MIN_SAMPLES_PER_CLASS, ungroup=Text(UNGROUPING[unit]), **sample_words(unit))


def held_out_note(name, polygons, validation, unit):
    """' (2 other polygons held out by VALIDATION = 0.3)' (a Text) for class `name`, or '' when none was."""
    n_held_out = polygons.polygons[name][1]
    if not n_held_out:
        return ""
    return Text(QT_TRANSLATE_NOOP(
        "GmmSelect", " ({count} other {groups} held out by VALIDATION = {validation:g})"),
        count=n_held_out, groups=counted(unit, n_held_out), validation=validation)


def check_training_samples(counts, polygons, validation, unit):
    """ValueError when a class keeps fewer than MIN_SAMPLES_PER_CLASS training samples (a covariance).
    `counts` {name: (train, held out)}."""
    for name, (count, _) in counts.items():
        if count < MIN_SAMPLES_PER_CLASS:
            unheld = (Text(QT_TRANSLATE_NOOP("GmmSelect", " or set VALIDATION = 0"))
                      if polygons.polygons[name][1] else "")
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "training samples of class '{name}': {count}{held_out}; a class needs at least "
                "{minimum} for its covariance. {advice}{unheld}"),
                name=name, count=count, held_out=held_out_note(name, polygons, validation, unit),
                minimum=MIN_SAMPLES_PER_CLASS, advice=advice("samples", unit, name), unheld=unheld)


def check_polygons_left_out(y, groups, names, polygons, validation, unit):
    """ValueError when cross-validation by polygon cannot train a class without one of its training
    polygons: a class of one training polygon, or whose largest polygon leaves fewer than
    MIN_SAMPLES_PER_CLASS samples. Names the class, the polygons VALIDATION held out and the fixes."""
    for label, name in names.items():
        ids, sizes = np.unique(groups[y == label], return_counts=True)
        held = held_out_note(name, polygons, validation, unit)
        words = sample_words(unit)
        if len(ids) == 1:
            problem = Text(QT_TRANSLATE_NOOP(
                "GmmSelect", "class '{name}' has 1 training {group}{held_out}: cross-validation by {group} "
                "tests each {group} on a model trained without it, so a class needs at least 2"),
                name=name, held_out=held, **words)
        elif sizes.sum() - sizes.max() < MIN_SAMPLES_PER_CLASS:
            problem = Text(QT_TRANSLATE_NOOP(
                "GmmSelect", "class '{name}' has {count} training samples{held_out}, {largest} of them in "
                "one {group}: cross-validation by {group} tests that {group} on a model trained on what is "
                "left ({rest}; {minimum} needed)"),
                name=name, count=sizes.sum(), held_out=held, largest=sizes.max(),
                rest=sizes.sum() - sizes.max(), minimum=MIN_SAMPLES_PER_CLASS, **words)
        else:
            continue
        unheld = (Text(QT_TRANSLATE_NOOP("GmmSelect", ", set VALIDATION = 0 (every {group} trains)"), **words)
                  if polygons.polygons[name][1] else "")
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{problem}. {advice}{unheld}, or {ungroup}"), problem=problem,
            advice=advice("groups", unit, name), unheld=unheld, ungroup=Text(UNGROUPING[unit]))


def check_samples_per_fold(counts, folds):
    """ValueError when `folds` ungrouped folds leave a class fewer than MIN_SAMPLES_PER_CLASS samples to
    train on (a fold tests up to ceil(n_c / folds) of its n_c samples). `counts` {name: (train, held out)}."""
    for name, (count, _) in counts.items():
        kept = count - math.ceil(count / folds)
        if kept < MIN_SAMPLES_PER_CLASS:
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "class '{name}' has {count} training samples: {folds}-fold cross-validation "
                "trains on {kept} of them in a fold ({minimum} needed). Add samples of '{name}', or set "
                "FOLDS = 0 (leave-one-out, which allows a class of two)"),
                name=name, count=count, folds=folds, kept=kept, minimum=MIN_SAMPLES_PER_CLASS)


def few_polygon_warnings(polygons, grouped, folds, unit):
    """A warning for each class with fewer training polygons than the grouped `folds` (>= 2) run."""
    if not grouped or folds == 0:
        return []
    return [warning("warning few polygons", name=name, count=n_train, folds=folds, empty=folds - n_train,
                    **sample_words(unit))
            for name, (n_train, _) in polygons.polygons.items() if n_train < folds]


def say_folds(options, folds, over, unit, steps):
    """Log that the cross-validation on `over` (a Text: the training polygons, or all) leaves one polygon
    out where FOLDS were asked for."""
    if folds != options.folds:
        steps.say(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Cross-validation on the {over}: one {group} out instead of {folds} folds (at "
            "most {limit} {groups}; LOO_FEW_POLYGONS)"),
            over=over, folds=options.folds, limit=LOO_POLYGON_LIMIT, **sample_words(unit)))


def note_given_tau(options, steps):
    """Log that a TAU > 0 given under RIDGE_SCALE auto is absolute (its one implicit scale)."""
    given = options.tau_grid or [] if options.selection is None else [options.selection.tau]
    if options.ridge_scale == "auto" and any(tau > 0 for tau in given):
        steps.say(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "TAU is absolute, in squared band units (RIDGE_SCALE auto: a given TAU keeps the "
            "meaning of earlier versions); for a tau relative to each band's variance, such as the TAU "
            "output of a Train GMM run on the default grid (RIDGE_SCALE output 'relative'), set RIDGE_SCALE "
            "to relative")))
    if options.selection is not None and options.selection.model_search and options.selection.tau > 0:
        steps.say(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "TAU is the ridge during the selection; the model's alpha and tau are searched on "
            "the selected bands (MODEL_SEARCH): set MODEL_SEARCH to no for a model with this TAU")))


def warn_indistinguishable(mixture, data, choice, steps):
    """The warnings (also logged) for the class pairs the fitted model cannot tell apart on its bands."""
    warnings = indistinguishable_pairs(mixture.subset(choice.features), data.names, data.unit)
    for line in warning_lines(warnings):
        steps.say(line)
    return warnings


def indistinguishable_pairs(mixture, names, unit):
    """A warning for each pair of classes the model cannot tell apart (JM < INDISTINGUISHABLE_JM)."""
    jm = pairwise_jm(mixture)
    return [warning("warning indistinguishable", first=names[i], second=names[j], jm=f"{jm[i, j]:.3g}",
                    ceiling=f"{np.sqrt(2):.3g}", **sample_words(unit))
            for i, j in zip(*np.triu_indices(len(names), 1)) if jm[i, j] < INDISTINGUISHABLE_JM]


def check_class_sizes(counts, n_bands, options, unit):
    """ValueError when a class has no more training samples than the bands its covariance spans
    and neither a ridge nor the shrinkage can make that covariance invertible. `counts` {name: (train,
    held out)}."""
    shrinkage = not options.alpha_grid or any(alpha > 0 for alpha in options.alpha_grid)
    if options.selection is None:
        needed = n_bands
        ridge = shrinkage or not options.tau_grid or any(tau > 0 for tau in options.tau_grid)
        fix = Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "leave TAU empty (a ridge is then chosen by cross-validation) or set TAU > 0"))
    else:
        needed = options.selection.largest_size(n_bands)
        ridge = shrinkage or options.selection.tau > 0
        fix = Text(QT_TRANSLATE_NOOP("GmmSelect", "lower MAX_FEATURES, set TAU > 0 or leave ALPHA empty"))
    name, (smallest, _) = min(counts.items(), key=lambda item: item[1][0])
    if smallest <= needed and not ridge:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "class '{name}' has {count} training samples for {bands} bands: its covariance "
            "matrix is singular (a class needs more samples than bands). {advice}, or {fix}"),
            name=name, count=smallest, bands=needed, advice=advice("samples", unit, name), fix=fix)


def relative_scale(data, relative):
    """The band variances of a relative ridge on the samples of `data` (None: the ridge is absolute)."""
    return band_variances(data.X, data.y) if relative else None


def describe_tau(tau, ridge_scale):
    """The tau of the log: '0.01' or, relative, '0.01 x each band's pooled within-class variance' (a Text, the
    report's text)."""
    tau = f"{tau:.6g}"
    if ridge_scale is None:
        return tau
    return Text(TEXTS["relative tau"], tau=tau)


def alpha_tau_search(data, options, steps, tau_grid, scale, stage, features=None, step="tau_search",
                     default_alphas=None):
    """The (alpha, tau) search on the training polygons over all bands, or over the positions `features`
    (TauResult; tau relative to the band variances `scale`, None: absolute), its progress over `stage`
    (start, end) of the run and its time under `step`, logged."""
    columns = slice(None) if features is None else list(features)  # all bands: no copy of the samples
    grid = tau_grid or (None if scale is None else RELATIVE_TAU_GRID)
    with steps.timed(step):
        samples = data.X[:, columns]  # the one copy of the selected bands, for alpha* and the search
        alphas = options.alpha_grid or default_alphas or estimated_alphas(data, samples, steps)
        search = select_tau(samples, data.y, grid=grid, criterion=options.tau_criterion,
                            folds=cv_folds(data.folds), groups=data.groups, seed=options.seed,
                            progress=steps.stage(*stage), is_canceled=steps.is_canceled,
                            alphas=alphas, repeats=options.repeats,
                            ridge_scale=None if scale is None else scale[columns])
    search = replace(search, relative=scale is not None)
    over = "" if features is None else Text(QT_TRANSLATE_NOOP(
        "GmmSelect", " on the selected bands ({count})"), count=len(features))
    if search.surface.size > 1:
        best = float(np.max(search.surface))
        steps.say(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "(alpha, tau) search{over} over {alphas} x {taus} values ({criterion}, {folds}): "
            "alpha = {alpha:.6g}, tau = {tau}, CV {criterion} = {best:.4f} ({seconds:.2f} s)"),
            over=over, alphas=len(search.alphas), taus=len(search.grid), criterion=options.tau_criterion,
            folds=describe_search_folds(data.folds, search), alpha=search.alpha,
            tau=describe_tau(search.tau, scale), best=best, seconds=steps.timings[step]))
    else:
        steps.say(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Alpha = {alpha:.6g}, tau = {tau} (one value each given: no search)"),
            alpha=search.alpha, tau=describe_tau(search.tau, scale)))
    return search


def estimated_alphas(data, samples, steps):
    """No shrinkage (0) and alpha*, the shrinkage intensity estimated from the spread of each class's
    covariance over its training polygons (core.shrinkage, of `samples`, data.X on the bands searched;
    with ungrouped folds, over its samples):
    the alphas the search compares when ALPHA is empty, logged. alpha* = 1 (at its bound: the classes'
    covariances differ by no more than that spread) is searched alone: alpha 0 could then only win on the
    noise of the folds. dev/bench/HISTORY.md: studies behind the defaults."""
    estimate = shrinkage_intensity(samples, data.y, data.groups)
    over = (Text(TEXTS["training polygons"], **sample_words(data.unit)) if data.groups is not None
            else Text(TEXTS["training samples"]))
    compared = (Text(QT_TRANSLATE_NOOP("GmmSelect", "alone (at its bound)")) if estimate == 1
                else Text(QT_TRANSLATE_NOOP("GmmSelect", "against alpha = 0")))
    steps.say(Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "Shrinkage toward the pooled covariance estimated from the spread of each class's "
        "covariance over its {over}: alpha* = {alpha:.4g}, searched {compared}"),
        over=over, alpha=estimate, compared=compared))
    return (estimate,) if estimate == 1 else (0.0, estimate)


def search_tau(samples, data, options, steps):
    """Train GMM's step: the shrinkage alpha and the ridge tau by CV over all bands."""
    scale = relative_scale(data, options.relative_ridge(bool(options.tau_grid)))
    search = alpha_tau_search(data, options, steps, options.tau_grid or None, scale, (0, 0.8))
    return Choice(float(search.tau), tuple(range(data.X.shape[1])), data.folds, tau_search=search,
                  alpha=search.alpha,
                  ridge_scale=scale)


def search_alpha(data, options, steps, scale):
    """Train Selection's alpha: that of the (alpha, tau) search over all bands (default tau grid, in the
    units of the selection's ridge `scale`: relative only with RIDGE_SCALE relative, as its TAU is always
    given; ALPHA's values or SELECTION_ALPHAS), or the one value of ALPHA (no search); returns (alpha,
    the TauResult or None)."""
    if options.alpha_grid and len(options.alpha_grid) == 1:
        return float(options.alpha_grid[0]), None
    search = alpha_tau_search(data, options, steps, None, scale, (0, 0.2), default_alphas=SELECTION_ALPHAS)
    return search.alpha, search


def select_bands(samples, data, options, steps):
    """Train Selection's step: the shrinkage alpha, then SFS or SFFS, then the best size or the largest
    (with TAU, relative or absolute as RIDGE_SCALE says for a given tau), then (`model_search`) the
    model's (alpha, tau) searched on the selected bands."""
    chosen = options.selection
    scale = relative_scale(data, options.relative_ridge(True))
    alpha, search = search_alpha(data, options, steps, scale)
    end = 0.7 if chosen.model_search else 0.8
    with steps.timed("selection"):
        selection = select_features(data.X, data.y, method=chosen.method,
                                    criterion=chosen.criterion,
                                    max_features=chosen.largest_size(data.X.shape[1]),
                                    folds=cv_folds(data.folds),
                                    groups=data.groups, seed=options.seed, tau=float(chosen.tau),
                                    progress=steps.stage(0.2 if search else 0, end),
                                    is_canceled=steps.is_canceled, alpha=alpha, ridge_scale=scale)
        for size in selection.sizes:
            steps.say(Text(QT_TRANSLATE_NOOP(
                "GmmSelect", "Best set at size {size}: {criterion} = {value:.6g}: {bands}"),
                size=size, criterion=chosen.criterion, value=selection.best_values[size],
                bands=band_labels(samples, selection.best_sets[size])))
        size = selection.best_size if chosen.use_best else max(selection.sizes)
        features = tuple(int(f) for f in selection.best_sets[size])
    how = Text(QT_TRANSLATE_NOOP("GmmSelect", "best size")) if chosen.use_best else "MAX_FEATURES"
    steps.say(Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "Bands selected: {count} ({how}, {method}, {criterion}, alpha = {alpha:.6g}, tau = "
        "{tau}, {seconds:.2f} s): {bands}"),
        count=len(features), how=how, method=chosen.method.upper(), criterion=chosen.criterion, alpha=alpha,
        tau=describe_tau(chosen.tau, scale), seconds=steps.timings["selection"],
        bands=band_labels(samples, features)))
    if not chosen.model_search:
        return Choice(float(chosen.tau), features, data.folds, tau_search=search, selection=selection,
                      alpha=alpha,
                      ridge_scale=scale)
    model_scale = relative_scale(data, options.relative_ridge(False))
    model = alpha_tau_search(data, options, steps, None, model_scale, (0.7, 0.8), features, "model_search")
    return Choice(float(model.tau), features, data.folds, tau_search=model, selection=selection,
                  alpha=model.alpha,
                  ridge_scale=model_scale, selection_alpha=alpha)


def cross_validate_choice(data, options, choice, steps):
    """The cross-validated Assessment of the chosen tau and features on the training polygons."""
    with steps.timed("cross_validation"):
        cv = cross_validate(data.X, data.y, tau=choice.tau, features=choice.features,
                            folds=cv_folds(data.folds), groups=data.groups, seed=options.seed,
                            alpha=choice.alpha, ridge_scale=choice.ridge_scale)
        assessment = Assessment.of(CROSS_VALIDATION, cv.confusion, cv.accuracy, cv.kappa, cv.f1)
    words = sample_words(data.unit)
    grouping = "" if data.groups is None else Text(QT_TRANSLATE_NOOP("GmmSelect", ", by {group}"), **words)
    steps.say(Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "Cross-validation ({folds}, {parts} parts{grouping}, training {groups}): overall "
        "accuracy {accuracy:.4f}, kappa {kappa:.4f}"),
        folds=describe_folds(data.folds), parts=cv.folds, grouping=grouping, accuracy=cv.accuracy,
        kappa=cv.kappa, **words))
    steps.reach(0.9)
    return assessment


def fit(X, y, names, choice, steps, step="fit"):
    """The mixture of the chosen alpha, tau and ridge scale on every band read, fitted on samples X, y."""
    with steps.timed(step):
        return GaussianMixture.fit(X, y, tau=choice.tau, class_names=names, alpha=choice.alpha,
                                   ridge_scale=choice.ridge_scale)


def refit(samples, data, options, choose, steps):
    """The final choice and mixture: `choose` (the search or the selection) and the fit again, on all
    polygons (training and held-out)."""
    if options.selection is None:
        steps.say(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Final model: the same search and fit on all {count} samples (training and held-out "
            "{groups})"), count=len(samples.y), **sample_words(data.unit)))
    else:
        steps.say(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Final model: the same selection and fit on all {count} samples (training and "
            "held-out {groups})"), count=len(samples.y), **sample_words(data.unit)))
    everything = all_polygons(samples, data, options)
    say_folds(options, everything.folds, sample_words(data.unit)["groups"], data.unit, steps)
    final = steps.part(0.5, 0.95, timings={})
    with steps.timed("refit"):
        choice = choose(samples, everything, options, final)
        mixture = fit(samples.X, samples.y, data.names, choice, final)
    return choice, mixture


def all_polygons(samples, data, options):
    """`data` over all the samples (training and held-out polygons), with the folds of their CV."""
    groups = samples.groups if options.grouped else None
    return replace(data, X=samples.X, y=samples.y, groups=groups, folds=folds_for(options, groups))


def assess(data, mixture, choice, steps):
    """The Assessment of `mixture` on the held-out polygons, or None when none is held out."""
    if not len(data.y_held_out):
        return None
    with steps.timed("validation"):
        predicted = predict_in_blocks(mixture.subset(choice.features), data.X_held_out, list(choice.features))
        validation = Assessment.of(HELD_OUT, confusion_matrix(data.y_held_out, predicted, mixture.labels_))
    steps.say(Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "Held-out {groups} ({count} samples, never used for training): overall accuracy "
        "{accuracy:.4f}, kappa {kappa:.4f}"),
        count=len(data.y_held_out), accuracy=validation.overall_accuracy, kappa=validation.kappa,
        **sample_words(data.unit)))
    return validation


def predict_in_blocks(mixture, X, columns):
    """mixture.predict(X[:, columns]) by blocks of about crossval.TEST_ROWS samples, each a whole number of
    the chunks decision_function scores at once and laid out as that copy would be: the labels of one call,
    without a copy of X."""
    step = max(1, crossval.TEST_ROWS // mixture.chunk_samples()) * mixture.chunk_samples()
    return np.concatenate([mixture.predict(X[start:start + step][:, columns])
                           for start in range(0, len(X), step)])


def measured_model(choice, mixture):
    """The model the held-out figures measure, as a model file records it where REFIT chose again on all
    polygons: its band positions, alpha and tau (relative or not)."""
    return {"features": [int(f) for f in choice.features], "alpha": float(mixture.alpha_),
            "tau": float(mixture.tau_), "relative_tau": mixture.ridge_scale_ is not None}


def final_model_note(validation, refitted, unit):
    """What the final model was trained on, for the record (English, as model files keep it)."""
    groups = SAMPLE_WORDS[f"groups {unit}"]
    if validation is None:
        return f"trained on all {groups}"
    if refitted:
        return (f"refitted on all {groups} (bands, alpha and tau chosen again on them by the same search or "
                f"selection) after the held-out {groups} assessed the model trained without them")
    return f"trained on the training {groups} only; the held-out {groups} assess it"


def describe(samples, options, inputs, data, choice, mixture, cv, validation, confused, steps, measured):
    """The SavedModel: the mixture, the bands, what was chosen and the record of the run
    (`confused`: the warnings of indistinguishable class pairs; `measured`: the model the held-out figures
    measure where it was refitted on all polygons, else None)."""
    selection = choice.selection
    record = TrainingRecord(
        created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        workflow="selection" if selection is not None else "tau search",
        source=dict(inputs.source),
        parameters={**_parameters(options, choice, data.folds),
                    **({"assessed_model": measured} if measured else {})},
        samples=dict(data.counts), polygons=dict(data.split.polygons),
        final_model=final_model_note(validation, measured is not None, data.unit),
        cross_validation=cv, validation=validation, timings=dict(steps.timings),
        warnings=list(getattr(samples, "warnings", []) or []) + data.split.warnings + confused)
    return SavedModel(mixture=mixture, band_numbers=tuple(int(b) for b in samples.band_numbers),
                      feature_names=[str(name) for name in samples.band_names],
                      n_raster_bands=int(inputs.n_raster_bands), features=choice.features,
                      selection=selection, tau_search=choice.tau_search,
                      class_colors=colors_for_classes(data.names, inputs.category_colors),
                      wavelengths=_wavelengths(inputs.wavelengths, samples.band_numbers), training=record,
                      **_identities(inputs.identities, samples.band_numbers))


def _wavelengths(raster_wavelengths, band_numbers):
    """The wavelength of each band read (aligned with `band_numbers`), or None when unknown."""
    if not raster_wavelengths:
        return None
    return [float(raster_wavelengths[number - 1]) for number in band_numbers]


def _identities(identities, band_numbers):
    """The descriptions, wavelength units, scales and offsets of the bands read, as SavedModel fields (None:
    unknown)."""
    if not identities:
        return {}
    chosen = [identities[number - 1] for number in band_numbers]
    return {"band_descriptions": [band.name for band in chosen],
            "wavelength_units": [band.unit for band in chosen],
            "band_scales": [band.scale for band in chosen], "band_offsets": [band.offset for band in chosen]}


def band_labels(samples, features):
    """'4 (Band 4), 5 (Band 5)' for feature positions of the samples."""
    return ", ".join(band_label(samples.band_numbers[f], samples.band_names[f]) for f in features)


def estimated_search(options):
    """Whether the model's (alpha, tau) search compared 0 with the estimated alpha* (ALPHA empty; for Train
    Selection, with MODEL_SEARCH: without it the model keeps the selection's alpha of SELECTION_ALPHAS)."""
    return not options.alpha_grid and (options.selection is None or options.selection.model_search)


def _parameters(options, choice, estimate_folds):
    """The options as a JSON-able dict, as the user gave them (MAX_FEATURES 0: up to min(bands, the cap)),
    with the FOLDS the cross-validation estimate (`estimate_folds`) and the final `choice` ran (0 where
    LOO_FEW_POLYGONS left one polygon out)."""
    parameters = {"folds": options.folds, "loo_few_polygons": options.loo_few_polygons,
                  "cv_folds": estimate_folds,
                  "final_folds": choice.folds, "grouped": options.grouped, "validation": options.validation,
                  "seed": options.seed, "tau": choice.tau, "alpha": choice.alpha,
                  "alpha_grid": None if not options.alpha_grid else [float(a) for a in options.alpha_grid],
                  "alpha_estimated": estimated_search(options), "ridge_scale": options.ridge_scale,
                  "refit": options.refit, "repeats": options.repeats}
    if options.selection is None:
        parameters.update(tau_grid=None if not options.tau_grid else [float(t) for t in options.tau_grid],
                          tau_criterion=options.tau_criterion)
    else:
        chosen = options.selection
        parameters.update(method=chosen.method, criterion=chosen.criterion,
                          max_features=chosen.max_features or 0, use_best=chosen.use_best,
                          n_selected=len(choice.features), tau=float(chosen.tau),
                          model_search=chosen.model_search)
        if choice.selection_alpha is not None:
            parameters["selection_alpha"] = choice.selection_alpha
    return parameters
