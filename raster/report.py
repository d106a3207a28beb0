"""The training report: one self-contained HTML page (inline SVG charts, no external file).

Built from a SavedModel alone (its arrays and its training record), so a report can be written
again from any .gmm file; the assessment report from a raster.assessment.MapAssessment. Standard
library, NumPy and the core only: no QGIS, no GDAL. Every text that comes from
the user (paths, field, class and band names) is escaped.

Language: every text of the training report is in TEXTS (English, marked for pylupdate5 like the
names of `core.choices`); `report_html` takes `words`, {key: text} over TEXTS, the criteria and the
methods, which the algorithms fill with the translations of the QGIS language.
"""

import html
import math
import os
import re

import numpy as np

from ..core.choices import CRITERIA, INVALID_GEOMETRY_RULES, METHODS, TAU_CRITERIA
from ..core.separability import jm_ceiling
from ..core.texts import QT_TRANSLATE_NOOP, SEMICOLON
from .blocks import range_text
from .notices import SAMPLE_WORDS, WARNINGS, WORD_KINDS, recognise, unit_of, word_key
from .spectra import class_spectra, value_limits
from .style import DEFAULT_COLORS, HIGHLIGHT_COLOR, map_colors

STYLE = ("body{font-family:sans-serif;margin:1.5em;max-width:64em}"
         "table{border-collapse:collapse;margin:.5em 0}"
         "td,th{border:1px solid #bbb;padding:2px 8px;text-align:left}"
         "th{background:#eee}.num{text-align:right}"
         "p.summary{font-size:1.15em;background:#f4f4f4;padding:.5em}"
         "svg{display:block;margin:.5em 0}svg text{font-family:sans-serif;font-size:13px}")
CHART_WIDTH, CHART_HEIGHT = 760, 360
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 80, 20, 24, 60
#: Colour of a chart's line: the first of the palette.
LINE_COLOR = DEFAULT_COLORS[0]
#: Bars of the map areas in the assessment chart.
MAP_AREA_COLOR = "#bbbbbb"
#: Width of a character of the charts' 13-px sans-serif text, generously (DejaVu Sans averages 6.4 px).
CHAR_WIDTH = 7.5
#: Width of the legend of the Spectra chart, right of the plot, and the distance of its rows.
LEGEND_WIDTH, LEGEND_ROW = 200, 20
#: The baselines of the numbers of the selected bands over the Spectra chart: their row, and a second one.
NUMBER_LINES = (MARGIN_TOP - 6, MARGIN_TOP - 21)
#: A model of one band: its classes' points stand this far apart (pixels), side by side around the band.
DODGE = 8.0
#: What each criterion can reach at most (None: no bound; 'jm': jm_ceiling of the priors) and at least.
CRITERION_BOUNDS = {"jm": (0.0, "jm"), "kl": (0.0, None), "accuracy": (0.0, 1.0), "kappa": (-1.0, 1.0),
                    "f1": (0.0, 1.0)}

#: Every text of the training report. Placeholders are named; the algorithms translate each text.
TEXTS = {
    "language": QT_TRANSLATE_NOOP("GmmSelect", "en"),
    "model file": QT_TRANSLATE_NOOP("GmmSelect", "Model file"),
    "raster": QT_TRANSLATE_NOOP("GmmSelect", "Raster"),
    "table": QT_TRANSLATE_NOOP("GmmSelect", "Spectral library"),
    "training": QT_TRANSLATE_NOOP("GmmSelect", "Training polygons or points"),
    "field": QT_TRANSLATE_NOOP("GmmSelect", "Class field"),
    "group_field": QT_TRANSLATE_NOOP("GmmSelect", "Group field"),
    "map": QT_TRANSLATE_NOOP("GmmSelect", "Classification"),
    "reference": QT_TRANSLATE_NOOP("GmmSelect", "Reference points or polygons"),
    "strata": QT_TRANSLATE_NOOP("GmmSelect", "Strata"),
    "created": QT_TRANSLATE_NOOP("GmmSelect", "Created (UTC)"),
    "read as": QT_TRANSLATE_NOOP("GmmSelect", "{input}: as QGIS gave it"),
    "semicolon": SEMICOLON.template,
    "selected only": QT_TRANSLATE_NOOP("GmmSelect", "its selected features only"),
    "feature limit": QT_TRANSLATE_NOOP("GmmSelect", "its first {count} features"),
    "unsaved edits": QT_TRANSLATE_NOOP("GmmSelect", "with its unsaved edits"),
    "fields added": QT_TRANSLATE_NOOP("GmmSelect", "with the fields added in QGIS ({fields})"),
    "crs set": QT_TRANSLATE_NOOP("GmmSelect", "in the CRS set in QGIS ({crs})"),
    "band no-data": QT_TRANSLATE_NOOP("GmmSelect", "no-data set in QGIS on band {band}: {values}"),
    "file no-data unused": QT_TRANSLATE_NOOP("GmmSelect", "the file's no-data value not used"),
    "file no-data": QT_TRANSLATE_NOOP("GmmSelect", "its file's no-data"),
    "transformation": QT_TRANSLATE_NOOP("GmmSelect", "Transformation set in the project"),
    "invalid geometries": QT_TRANSLATE_NOOP("GmmSelect", "Features of invalid geometry"),
    "algorithm": QT_TRANSLATE_NOOP("GmmSelect", "Algorithm"),
    "summary": QT_TRANSLATE_NOOP(
        "GmmSelect", "Kappa <b>{kappa}</b>, overall accuracy <b>{accuracy}</b>, {how}. {classes} classes, "
                     "{used} of {bands} bands used, alpha = {alpha}, tau = {tau}."),
    "summary unrecorded": QT_TRANSLATE_NOOP(
        "GmmSelect", "{classes} classes, {used} of {bands} bands used, alpha = {alpha}, tau = {tau}. The "
                     "model file holds no training record (a model saved through the Python API): its "
                     "inputs, training samples and accuracy are not known."),
    "classes": QT_TRANSLATE_NOOP("GmmSelect", "Classes"),
    "measured model": QT_TRANSLATE_NOOP(
        "GmmSelect", "The accuracy figures of this report (held out and cross-validated) are those of "
                     "the model chosen and fitted on the training {groups} (bands {bands}, alpha = {alpha}, "
                     "tau = {tau}); the model saved was chosen again on all {groups} (REFIT): its bands, "
                     "alpha or tau differ."),
    "how held out": QT_TRANSLATE_NOOP("GmmSelect", "measured on the held-out {groups}"),
    "how cv": QT_TRANSLATE_NOOP("GmmSelect", "estimated by cross-validation on the training {groups}"),
    "inputs and parameters": QT_TRANSLATE_NOOP("GmmSelect", "Inputs and parameters"),
    "parameter": QT_TRANSLATE_NOOP("GmmSelect", "parameter"),
    "value": QT_TRANSLATE_NOOP("GmmSelect", "value"),
    "yes": QT_TRANSLATE_NOOP("GmmSelect", "yes"),
    "no": QT_TRANSLATE_NOOP("GmmSelect", "no"),
    "empty": QT_TRANSLATE_NOOP("GmmSelect", "empty"),
    "final held out": QT_TRANSLATE_NOOP(
        "GmmSelect", "The final model was trained on the training {groups} only; the held-out {groups} "
                     "assess it."),
    "final all": QT_TRANSLATE_NOOP("GmmSelect", "The final model was trained on all {groups}."),
    "final refit": QT_TRANSLATE_NOOP(
        "GmmSelect", "The final model was refitted on all {groups} (the search or the selection run again on "
                     "them: its bands, alpha and tau may differ from those assessed) after the held-out "
                     "{groups} assessed the model trained without them."),
    "samples per class": QT_TRANSLATE_NOOP("GmmSelect", "Training samples per class"),
    "class": QT_TRANSLATE_NOOP("GmmSelect", "class"),
    "colour": QT_TRANSLATE_NOOP("GmmSelect", "colour"),
    "training samples": QT_TRANSLATE_NOOP("GmmSelect", "training samples"),
    "training polygons": QT_TRANSLATE_NOOP("GmmSelect", "training {groups}"),
    "held-out samples": QT_TRANSLATE_NOOP("GmmSelect", "held-out samples"),
    "held-out polygons": QT_TRANSLATE_NOOP("GmmSelect", "held-out {groups}"),
    "total": QT_TRANSLATE_NOOP("GmmSelect", "total"),
    "steps total": QT_TRANSLATE_NOOP("GmmSelect", "total of these steps"),
    "selection curve": QT_TRANSLATE_NOOP("GmmSelect", "Selection curve"),
    "selection how": QT_TRANSLATE_NOOP(
        "GmmSelect", "{method} ({method_key}), criterion: {criterion} ({criterion_key}). The best size is "
                     "the smallest within {tolerance} (relative) of the best value: {best}."),
    "criterion range": QT_TRANSLATE_NOOP(
        "GmmSelect", "For these classes and their priors the criterion is at most {ceiling} (every pair of"
                     " classes fully separated)."),
    "number of bands": QT_TRANSLATE_NOOP("GmmSelect", "number of bands"),
    "best set": QT_TRANSLATE_NOOP("GmmSelect", "best set: band number (name)"),
    "chosen": QT_TRANSLATE_NOOP("GmmSelect", "chosen"),
    "spectra": QT_TRANSLATE_NOOP("GmmSelect", "Spectra"),
    "spectra how": QT_TRANSLATE_NOOP(
        "GmmSelect", "Mean spectrum of each class (line) ± one standard deviation (shaded), over every "
                     "band read; the selected bands are the vertical lines, numbered in their order of "
                     "selection."),
    "spectra all bands": QT_TRANSLATE_NOOP(
        "GmmSelect", "Mean spectrum of each class (line) ± one standard deviation (shaded); the model uses"
                     " every band."),
    "wavelength": QT_TRANSLATE_NOOP("GmmSelect", "wavelength"),
    "band number": QT_TRANSLATE_NOOP("GmmSelect", "band number"),
    "band value": QT_TRANSLATE_NOOP("GmmSelect", "band value"),
    "bands used": QT_TRANSLATE_NOOP("GmmSelect", "Bands used"),
    "order": QT_TRANSLATE_NOOP("GmmSelect", "order of selection"),
    "position": QT_TRANSLATE_NOOP("GmmSelect", "position"),
    "name": QT_TRANSLATE_NOOP("GmmSelect", "name"),
    "no wavelengths": QT_TRANSLATE_NOOP("GmmSelect", "Wavelengths: not in the raster's metadata."),
    "alpha and tau": QT_TRANSLATE_NOOP("GmmSelect", "Shrinkage alpha and ridge tau"),
    "blend": QT_TRANSLATE_NOOP(
        "GmmSelect", "The covariances (1 - alpha) S_c + alpha S_pooled + tau I with alpha = {alpha}, "
                     "tau = {tau}"),
    "blend relative": QT_TRANSLATE_NOOP(
        "GmmSelect", "The covariances (1 - alpha) S_c + alpha S_pooled + tau diag(S_pooled) (a ridge "
                     "relative to each band's pooled within-class variance) with alpha = {alpha}, "
                     "tau = {tau}"),
    "relative tau": QT_TRANSLATE_NOOP("GmmSelect", "{tau} x each band's pooled within-class variance"),
    "alpha tau given": QT_TRANSLATE_NOOP(
        "GmmSelect", "{blend}, both given (ALPHA, TAU): the band selection and the model use them; no "
                     "search."),
    "alpha tau unrecorded": QT_TRANSLATE_NOOP("GmmSelect", "{blend}."),
    "alpha tau one value": QT_TRANSLATE_NOOP(
        "GmmSelect", "{blend}, given (ALPHA, TAU): one value each, no search."),
    "alpha tau searched": QT_TRANSLATE_NOOP("GmmSelect", "{blend}, chosen {how}."),
    "alpha searched": QT_TRANSLATE_NOOP(
        "GmmSelect", "{blend}. alpha was chosen {how} over all bands, before the selection; the selection "
                     "and the model use it with tau given (TAU)."),
    "model searched": QT_TRANSLATE_NOOP(
        "GmmSelect", "{blend}, chosen on the {bands} selected bands after the selection (MODEL_SEARCH), "
                     "{how}. The selection itself used alpha = {alpha} and tau = {tau} (TAU)."),
    "alphas estimated": QT_TRANSLATE_NOOP(
        "GmmSelect", "The alphas compared are 0 (one covariance per class) and alpha* = {estimate}, the "
                     "shrinkage intensity estimated from how much each class's covariance varies from one "
                     "training {group} to another (Schaefer & Strimmer 2005, a jackknife over the {groups}; "
                     "over the samples when the folds are not grouped)."),
    "alpha estimated at one": QT_TRANSLATE_NOOP(
        "GmmSelect", "alpha = 1 is the shrinkage intensity estimated from how much each class's "
                     "covariance varies from one training {group} to another (Schaefer & Strimmer 2005, a "
                     "jackknife over the {groups}; over the samples when the folds are not grouped), at its "
                     "bound: the classes' covariances differ by no more than that spread, so no other alpha "
                     "was tried."),
    "search loo": QT_TRANSLATE_NOOP(
        "GmmSelect", "over {cells} values by leave-one-out cross-validation on {over} "
                     "(criterion: {criterion} of the pooled confusion matrix of the {parts} parts left out; "
                     "ties go to the smallest alpha, then the smallest tau)"),
    "search folds": QT_TRANSLATE_NOOP(
        "GmmSelect", "over {cells} values by {folds}-fold cross-validation on {over} "
                     "(criterion: mean {criterion} over the folds; ties go to the smallest alpha, then the "
                     "smallest tau)"),
    "search repeated folds": QT_TRANSLATE_NOOP(
        "GmmSelect", "over {cells} values by {folds}-fold cross-validation on {over}, "
                     "repeated with {repeats} random assignments to folds (criterion: mean {criterion} over "
                     "the {parts} folds; ties go to the smallest alpha, then the smallest tau)"),
    "search on training": QT_TRANSLATE_NOOP("GmmSelect", "the training {groups}"),
    "search on all": QT_TRANSLATE_NOOP("GmmSelect", "all the {groups}, training and held out"),
    "surface label": QT_TRANSLATE_NOOP("GmmSelect", "{criterion} over alpha and tau"),
    "surface caption": QT_TRANSLATE_NOOP(
        "GmmSelect", "tau (columns), alpha (rows); pale: {low}, deep: {high}"),
    "tau curve at alpha": QT_TRANSLATE_NOOP("GmmSelect", "{criterion} over tau at alpha = {alpha}:"),
    "tau axis": QT_TRANSLATE_NOOP("GmmSelect", "tau (the grid's values, evenly spaced)"),
    "tau axis relative": QT_TRANSLATE_NOOP(
        "GmmSelect", "tau, a fraction of each band's pooled within-class variance (the grid's values, "
                     "evenly spaced)"),
    "tau given on grid": QT_TRANSLATE_NOOP(
        "GmmSelect", "The curve and the surface mark tau = {tau}, the given TAU the model uses (the "
                     "search's best tau at this alpha is {best})."),
    "tau given off grid": QT_TRANSLATE_NOOP(
        "GmmSelect", "The model uses the given TAU, tau = {tau}, which is not on the search's grid: no point "
                     "is marked (the search's best tau at this alpha is {best})."),
    "used": QT_TRANSLATE_NOOP("GmmSelect", "used"),
    "held-out accuracy": QT_TRANSLATE_NOOP("GmmSelect", "Accuracy on the held-out {groups}"),
    "cv accuracy": QT_TRANSLATE_NOOP("GmmSelect", "Cross-validation on the training {groups}"),
    "measured held out": QT_TRANSLATE_NOOP(
        "GmmSelect", "Measured on the {samples} samples of the {count} {held_out_groups} held out "
                     "(VALIDATION = {share} of the {groups} of each class, SEED = {seed}): the choice of the "
                     "model assessed (its (alpha, tau) search, and its band selection if any) and its fit "
                     "never saw them."),
    "estimated loo polygon": QT_TRANSLATE_NOOP(
        "GmmSelect", "Estimated by leave-one-out cross-validation on the training {groups}: each {group} "
                     "is predicted by the model without it (exact, in closed form or by downdate). Overall"
                     " accuracy, kappa and mean F1 are those of the pooled confusion matrix of all "
                     "predictions."),
    "estimated loo sample": QT_TRANSLATE_NOOP(
        "GmmSelect", "Estimated by leave-one-out cross-validation on the training {groups}: each sample is"
                     " predicted by the model without it (exact, in closed form or by downdate). Overall "
                     "accuracy, kappa and mean F1 are those of the pooled confusion matrix of all "
                     "predictions."),
    "estimated folds polygon": QT_TRANSLATE_NOOP(
        "GmmSelect", "Estimated by {folds}-fold cross-validation on the training {groups} (folds hold "
                     "whole {groups}): each fold is predicted by the model fitted without it. Overall "
                     "accuracy, kappa and mean F1 are means over the folds; the matrix sums the "
                     "predictions of all folds."),
    "estimated folds pixel": QT_TRANSLATE_NOOP(
        "GmmSelect", "Estimated by {folds}-fold cross-validation on the training {groups} (stratified "
                     "folds of {pixels}): each fold is predicted by the model fitted without it. Overall "
                     "accuracy, kappa and mean F1 are means over the folds; the matrix sums the "
                     "predictions of all folds."),
    "figure": QT_TRANSLATE_NOOP("GmmSelect", "figure"),
    "overall accuracy": QT_TRANSLATE_NOOP("GmmSelect", "overall accuracy"),
    "kappa row": QT_TRANSLATE_NOOP("GmmSelect", "kappa"),
    "mean F1": QT_TRANSLATE_NOOP("GmmSelect", "mean F1"),
    "matrix how": QT_TRANSLATE_NOOP(
        "GmmSelect", "Confusion matrix: rows = reference (the class of the {group}), columns = predicted "
                     "class."),
    "reference predicted": QT_TRANSLATE_NOOP("GmmSelect", "reference \\ predicted"),
    "producer's accuracy": QT_TRANSLATE_NOOP("GmmSelect", "producer's accuracy"),
    "user's accuracy": QT_TRANSLATE_NOOP("GmmSelect", "user's accuracy"),
    "F1 column": QT_TRANSLATE_NOOP("GmmSelect", "F1"),
    "warnings": QT_TRANSLATE_NOOP("GmmSelect", "Warnings"),
    "timings": QT_TRANSLATE_NOOP("GmmSelect", "Timings"),
    "step": QT_TRANSLATE_NOOP("GmmSelect", "step"),
    "seconds": QT_TRANSLATE_NOOP("GmmSelect", "seconds"),
    "step sampling": QT_TRANSLATE_NOOP("GmmSelect", "sampling"),
    "step tau_search": QT_TRANSLATE_NOOP("GmmSelect", "(alpha, tau) search"),
    "step selection": QT_TRANSLATE_NOOP("GmmSelect", "band selection"),
    "step model_search": QT_TRANSLATE_NOOP("GmmSelect", "(alpha, tau) search on the selected bands"),
    "step cross_validation": QT_TRANSLATE_NOOP("GmmSelect", "cross-validation"),
    "step fit": QT_TRANSLATE_NOOP("GmmSelect", "final fit"),
    "step validation": QT_TRANSLATE_NOOP("GmmSelect", "held-out assessment"),
    "step refit": QT_TRANSLATE_NOOP("GmmSelect", "refit on all {groups}"),
    # the assessment report
    "pixels": QT_TRANSLATE_NOOP("GmmSelect", "pixels"),
    "square unit": QT_TRANSLATE_NOOP("GmmSelect", "square {unit}"),
    "assessment summary": QT_TRANSLATE_NOOP(
        "GmmSelect", "Overall accuracy <b>{overall}</b> ({confidence} confidence interval), from {samples}"
                     " reference samples of {reference} (field {field}), stratified by {strata}. Mapped "
                     "area: {area}."),
    "strata map classes": QT_TRANSLATE_NOOP("GmmSelect", "the map classes"),
    "strata file": QT_TRANSLATE_NOOP("GmmSelect", "the {count} strata of {path}"),
    "strata recorded": QT_TRANSLATE_NOOP(
        "GmmSelect", "the {count} strata they were drawn in, as their points record them (fields 'stratum' "
                     "and 'stratum_pixels')"),
    "error matrix": QT_TRANSLATE_NOOP("GmmSelect", "Error matrix in estimated area proportions"),
    # the separator of a number's thousands in the report's language (French: a narrow no-break space)
    "thousands": QT_TRANSLATE_NOOP("GmmSelect", ","),
    "error matrix how": QT_TRANSLATE_NOOP(
        "GmmSelect", "Rows = map class, columns = reference class. Each cell is the estimated proportion "
                     "of the mapped area with that map class and that reference class (Olofsson et al. "
                     "2014, eq. 4): rows add up to the map's class proportions, columns to the estimated "
                     "(error-adjusted) class proportions."),
    "error matrix how strata": QT_TRANSLATE_NOOP(
        "GmmSelect", "Rows = map class, columns = reference class. Each cell is the estimated proportion "
                     "of the mapped area with that map class and that reference class (Stehman 2014, as "
                     "the strata are not the map classes): rows add up to the estimated proportions of "
                     "the map classes (estimated from the sample, so close to the map's but not equal), "
                     "columns to the estimated (error-adjusted) class proportions."),
    "map reference": QT_TRANSLATE_NOOP("GmmSelect", "map \\ reference"),
    "areas per class": QT_TRANSLATE_NOOP("GmmSelect", "Areas and accuracies per class"),
    "areas how": QT_TRANSLATE_NOOP(
        "GmmSelect", "Intervals are ± their half-width at {confidence} confidence (z = {z}). Map areas "
                     "count the pixels of each class: they are biased by the classification errors. "
                     "Estimated areas are the error-adjusted areas (Olofsson et al. 2014, eq. 9-12)."),
    "areas how strata": QT_TRANSLATE_NOOP(
        "GmmSelect", "Intervals are ± their half-width at {confidence} confidence (z = {z}). Map areas "
                     "count the pixels of each class: they are biased by the classification errors. "
                     "Estimated areas are the error-adjusted areas (Stehman 2014, eq. 14, variance eq. "
                     "25-26, as the strata are not the map classes)."),
    "map area": QT_TRANSLATE_NOOP("GmmSelect", "map area"),
    "estimated area": QT_TRANSLATE_NOOP("GmmSelect", "estimated area"),
    "samples map class": QT_TRANSLATE_NOOP("GmmSelect", "samples (map class)"),
    "estimated area interval": QT_TRANSLATE_NOOP("GmmSelect", "estimated area ± interval"),
    "area axis": QT_TRANSLATE_NOOP("GmmSelect", "area ({unit})"),
    "sample design": QT_TRANSLATE_NOOP("GmmSelect", "Sample design"),
    "design classes": QT_TRANSLATE_NOOP(
        "GmmSelect", "Stratified random sample; the strata are the map classes."),
    "design strata": QT_TRANSLATE_NOOP(
        "GmmSelect", "Stratified random sample; the strata ({path}) differ from the map classes: Stehman "
                     "(2014)'s estimators."),
    "design recorded": QT_TRANSLATE_NOOP(
        "GmmSelect", "Stratified random sample; the strata are the classes of the map the sample was drawn "
                     "in, as its points record them (fields 'stratum' and 'stratum_pixels'), which differ "
                     "from this map's classes (another map, or this one changed since): Stehman (2014)'s "
                     "estimators."),
    "stratum": QT_TRANSLATE_NOOP("GmmSelect", "stratum"),
    "area share": QT_TRANSLATE_NOOP("GmmSelect", "area share W_h"),
    "samples n_h": QT_TRANSLATE_NOOP("GmmSelect", "samples n_h"),
    "weight": QT_TRANSLATE_NOOP("GmmSelect", "weight N_h / n_h"),
}
#: The inputs of TrainingRecord.source named at the top of the report (with 'layer', the training layer).
SOURCE_KEYS = ("raster", "table", "training", "field", "group_field")
#: The parameters of the run (TrainingRecord.parameters, and MAX_SAMPLES in .source) under the id of
#: their algorithm parameter, in the order of the algorithms' dialogs. 'tau' is the TAU of Train
#: Selection; Train GMM's TAU is its grid ('tau_grid'; the tau it chose is in the summary). ALPHA is
#: 'alpha_grid' in both (the alpha chosen is in the summary).
PARAMETER_IDS = [("method", "METHOD"), ("criterion", "CRITERION"), ("tau_criterion", "CRITERION"),
                 ("max_features", "MAX_FEATURES"), ("use_best", "USE_BEST"), ("tau_grid", "TAU"),
                 ("tau", "TAU"), ("alpha_grid", "ALPHA"), ("model_search", "MODEL_SEARCH"),
                 ("ridge_scale", "RIDGE_SCALE"),
                 ("folds", "FOLDS"), ("loo_few_polygons", "LOO_FEW_POLYGONS"), ("repeats", "REPEATS"),
                 ("grouped", "GROUPED"),
                 ("validation", "VALIDATION"),
                 ("max_samples_per_class", "MAX_SAMPLES"), ("refit", "REFIT"), ("seed", "SEED")]


#: Every text a report may show, by key: the methods, the criteria, the tau-search criteria ('tau kappa',
#: ...), the invalid-feature checks ('invalid skip', ...), the report's TEXTS, the data layer's WARNINGS
#: and the words of the samples' unit (SAMPLE_WORDS).
WORDS = {**METHODS, **CRITERIA, **{f"tau {key}": name for key, name in TAU_CRITERIA.items()},
         **{f"invalid {key}": name for key, name in INVALID_GEOMETRY_RULES.items()}, **TEXTS, **WARNINGS,
         **SAMPLE_WORDS}
#: A placeholder Words fills with the words of the samples' unit.
SAMPLE_WORD = re.compile(r"\{(" + "|".join(WORD_KINDS) + r")\}")


class Words:
    """The report's texts: `translations` {key: text} over WORDS, else English; {group}, {groups}, {pixels}
    and {source} are the words of samples grouped by `unit` (notices.unit_of)."""

    def __init__(self, translations=None, unit="polygon"):
        """English, or the given translations."""
        self.translations = translations or {}
        self.unit = unit

    def grouped_by(self, unit):
        """These words for samples grouped by `unit` ('polygon', 'group' or 'spectrum')."""
        return Words(self.translations, unit)

    def counted(self, count):
        """The word for `count` groups of this unit: 'polygon' for 1, else 'polygons'."""
        return self(word_key("groups", self.unit, count))

    def __call__(self, name, /, **values):
        """The text `name` with its placeholders filled by `values` (inserted as they are) and the words of
        the samples' unit."""
        text = self.translations.get(name) or WORDS[name]
        if SAMPLE_WORD.search(WORDS[name]):
            values = {**values, **{kind: self(word_key(kind, self.unit)) for kind in WORD_KINDS}}
        return text.format(**values) if values else text

    def warning(self, text):
        """A warning of the data layer in these words (a text of no known template: as it is); the words of
        the samples' unit are this report's, whichever its text used."""
        found = recognise(text)
        return text if found is None else self(found[0], **found[1])


class Markup(str):
    """HTML that is already safe: a table puts it in a cell as it is."""


def figure(value, digits=4):
    """A rounded figure, or '' for None and NaN (a class absent from the reference or the prediction)."""
    return "" if value is None or math.isnan(value) else f"{value:.{digits}f}"


def text_of(value, words=None):
    """Readable text of a parameter value in the language of `words`: yes/no, 'empty' for None, lists
    joined, floats with 6 significant digits."""
    words = words or Words()
    if isinstance(value, bool):
        return words("yes") if value else words("no")
    if value is None:
        return words("empty")
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(text_of(item, words) for item in value)
    return str(value)


def is_number(value):
    """Whether a cell value is a number (then right-aligned)."""
    if isinstance(value, (bool, Markup)):
        return False
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True


def cell(tag, value, heads_row=False):
    """One table cell; text is escaped, Markup is kept, numbers (not row heads) are right-aligned."""
    content = value if isinstance(value, Markup) else html.escape(text_of(value))
    attribute = ' class="num"' if is_number(value) and not heads_row else ""
    return f"<{tag}{attribute}>{content}</{tag}>"


def table(header, rows, css_class):
    """An HTML table of class `css_class` whose first column heads each row."""
    head = "".join(cell("th", value) for value in header)
    body = "".join("<tr>" + cell("th", row[0], heads_row=True)
                   + "".join(cell("td", value) for value in row[1:]) + "</tr>" for row in rows)
    return f'<table class="{css_class}"><tr>{head}</tr>{body}</table>'


def section(title, *parts):
    """A titled section of escaped title and ready HTML parts."""
    return f"<h2>{html.escape(title)}</h2>" + "".join(parts)


def paragraph(text):
    """A paragraph of escaped text."""
    return f"<p>{html.escape(text)}</p>"


def swatch(color):
    """A table cell content showing `color` ('#rrggbb') as a coloured block and its code."""
    safe = html.escape(color)
    return Markup(f'<span style="background-color:{safe};color:{safe}">&#9608;&#9608;</span> {safe}')


# -- axes -----------------------------------------------------------------------------------

def nice_step(raw):
    """The 1, 2, 5 or 10 x 10^n step nearest to `raw` (> 0)."""
    exponent = math.floor(math.log10(raw))
    fraction = raw / 10 ** exponent
    nice = 1 if fraction < 1.5 else 2 if fraction < 3.5 else 5 if fraction < 7.5 else 10
    return nice * 10 ** exponent


def ticks(low, high, count=5):
    """About `count` round tick values (1-2-5 steps) in [low, high] and the number of decimals they need."""
    step = nice_step((high - low) / count)
    first = math.ceil(low / step - 1e-9)
    values = [round(k * step, 12) for k in range(first, math.floor(high / step + 1e-9) + 1)]
    return values, max(0, -math.floor(math.log10(step)))


def value_range(values, bounds=(None, None)):
    """(low, high) of a y axis: the values' range with 5 % padding (never empty), within `bounds` (low, high;
    None: unbounded) that the values keep, e.g. a kappa axis never beyond 1; a bound the values pass is none
    (the axis was upside down, its ticks a ValueError); no padding where it would make the span overflow."""
    smallest, largest = min(values), max(values)
    pad = (largest - smallest) * 0.05 or abs(largest) * 0.05 or 1.0
    low, high = smallest - pad, largest + pad
    if bounds[0] is not None and bounds[0] <= smallest:
        low = max(low, bounds[0])
    if bounds[1] is not None and largest <= bounds[1]:
        high = min(high, bounds[1])
    if not low < high:  # values on both bounds
        low, high = smallest - pad, largest + pad
    return (low, high) if math.isfinite(high - low) else (smallest, largest)


def criterion_bounds(criterion, priors):
    """(lowest, highest) value criterion `criterion` can take for classes of `priors` (None: unbounded)."""
    low, high = CRITERION_BOUNDS.get(criterion, (None, None))
    return low, jm_ceiling(priors) if high == "jm" else high


def placed_labels(options):
    """Per label, the first of its `options` (boxes (left, top, right, bottom), in order of preference)
    that overlaps no box placed before it, else None: labels that would collide move or are left out."""
    taken, chosen = [], []
    for boxes in options:
        box = next((box for box in boxes if not any(overlap(box, other) for other in taken)), None)
        taken += [] if box is None else [box]
        chosen.append(box)
    return chosen


def overlap(first, second):
    """Whether two boxes (left, top, right, bottom) overlap."""
    return first[0] < second[2] and second[0] < first[2] and first[1] < second[3] and second[1] < first[3]


# -- charts ---------------------------------------------------------------------------------

def svg(css_class, label, content, width=CHART_WIDTH, height=CHART_HEIGHT):
    """An inline SVG chart of class `css_class`."""
    return (f'<svg class="{css_class}" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'role="img" aria-label="{html.escape(label)}">{content}</svg>')


def y_of(value, limits, height=CHART_HEIGHT):
    """The pixel row of `value` on a y axis over `limits` (low, high)."""
    low, high = limits
    bottom = height - MARGIN_BOTTOM
    return bottom - (bottom - MARGIN_TOP) * (value - low) / (high - low)


def chart_points(values, limits):
    """Pixel (x, y) of each value, evenly spaced on x, scaled to `limits` on y."""
    width = CHART_WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    step = width / max(len(values) - 1, 1)
    x0 = MARGIN_LEFT + (width / 2 if len(values) == 1 else 0)
    return [(x0 + k * step, y_of(v, limits)) for k, v in enumerate(values)]


def y_axis(limits, y_title, right=CHART_WIDTH - MARGIN_RIGHT, height=CHART_HEIGHT):
    """The y axis: its line, grid lines at round ticks with their labels, and its title."""
    bottom = height - MARGIN_BOTTOM
    parts = [f'<line x1="{MARGIN_LEFT}" y1="{MARGIN_TOP}" x2="{MARGIN_LEFT}" y2="{bottom}" stroke="#444"/>']
    values, decimals = ticks(*limits)
    for value in values:
        y = y_of(value, limits, height)
        parts.append(f'<line x1="{MARGIN_LEFT - 4}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#ddd"/>'
                     f'<text x="{MARGIN_LEFT - 7}" y="{y + 4:.1f}" text-anchor="end">'
                     f"{value:.{decimals}f}</text>")
    middle = (MARGIN_TOP + bottom) / 2
    parts.append(f'<text x="16" y="{middle:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 16 {middle:.1f})">{html.escape(y_title)}</text>')
    return "".join(parts)


def x_axis(x_title, right=CHART_WIDTH - MARGIN_RIGHT, height=CHART_HEIGHT):
    """The x axis line and its title."""
    bottom = height - MARGIN_BOTTOM
    return (f'<line x1="{MARGIN_LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#444"/>'
            f'<text x="{(MARGIN_LEFT + right) / 2:.1f}" y="{height - 14}" text-anchor="middle">'
            f"{html.escape(x_title)}</text>")


def chart_axes(labels, values, points, x_title, y_title, limits=None):
    """SVG axes with the x labels (thinned to about 12) under `points`, round y ticks over `limits`
    (low, high; default: the padded range of `values`) and the axis titles."""
    bottom = CHART_HEIGHT - MARGIN_BOTTOM
    parts = [x_axis(x_title), y_axis(limits or value_range(values), y_title)]
    every = max(1, math.ceil(len(labels) / 12))
    for k, ((x, _), label) in enumerate(zip(points, labels)):
        if k % every == 0:
            parts.append(f'<text x="{x:.1f}" y="{bottom + 18}" text-anchor="middle">'
                         f"{html.escape(label)}</text>")
    return "".join(parts)


def line_chart(labels, values, chosen, x_title, y_title, css_class, bounds=(None, None),
               chosen_text="chosen"):
    """Inline SVG: `values` at evenly spaced `labels` joined by a polyline, the point `chosen` marked,
    the y axis within `bounds`."""
    values = [float(v) for v in values]
    limits = value_range(values, bounds)
    points = chart_points(values, limits)
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{LINE_COLOR}">'
                   f"<title>{html.escape(label)}: {value:.6g}</title></circle>"
                   for (x, y), label, value in zip(points, labels, values))
    mark = ""
    if chosen is not None:
        x, y = points[chosen]
        mark = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="none" stroke="{HIGHLIGHT_COLOR}" '
                f'stroke-width="2"/><text x="{x:.1f}" y="{y + 24:.1f}" text-anchor="middle" '
                f'fill="{HIGHLIGHT_COLOR}">{html.escape(chosen_text)}</text>')
    return svg(css_class, y_title, f"{chart_axes(labels, values, points, x_title, y_title, limits)}"
                                   f'<polyline fill="none" stroke="{LINE_COLOR}" stroke-width="2" '
                                   f'points="{line}"/>{dots}{mark}')


def spectra_chart(spectra, words):
    """Inline SVG of Spectra: each class's mean (line) ± one standard deviation (shaded) in its colour (one
    band: points with error bars), the selected bands as dashed vertical lines numbered in their order of
    selection, a legend (the chart taller where the classes need it)."""
    right = CHART_WIDTH - LEGEND_WIDTH
    height = max(CHART_HEIGHT, MARGIN_TOP + LEGEND_ROW * len(spectra.names) + 8)
    low, high = float(spectra.x.min()), float(spectra.x.max())
    span = (high - low) or 1.0
    x_limits = (low - 0.02 * span, high + 0.02 * span)
    limits = value_range(value_limits(spectra))
    bottom = height - MARGIN_BOTTOM

    def x_of(value):
        return MARGIN_LEFT + (right - MARGIN_LEFT) * (value - x_limits[0]) / (x_limits[1] - x_limits[0])

    parts = [x_axis(words("wavelength") if spectra.by_wavelength else words("band number"), right, height),
             y_axis(limits, words("band value"), right, height)]
    values, decimals = ticks(*x_limits, count=8)
    if not spectra.by_wavelength:
        values, decimals = [v for v in values if float(v).is_integer()], 0
    for value in values:
        parts.append(f'<text x="{x_of(value):.1f}" y="{bottom + 18}" text-anchor="middle">'
                     f"{value:.{decimals}f}</text>")
    xs = [x_of(value) for value in spectra.x]
    parts += spectra_classes(spectra, xs, limits, height) + [spectra_legend(spectra, right)]
    numbers, shift = chosen_bands(spectra, x_of, bottom)
    content = "".join(parts) + numbers
    if shift:
        content = f'<g transform="translate(0 {shift})">{content}</g>'
    return svg("spectra", words("spectra"), content, height=height + shift)


def spectra_classes(spectra, xs, limits, height):
    """Each class's mean (line) ± one standard deviation (shaded) at pixel columns `xs`; for one band, its
    mean as a dot on an error bar, the classes side by side (DODGE apart)."""
    if len(xs) == 1:
        count = len(spectra.names)
        return [class_point(name, color, xs[0] + (k - (count - 1) / 2) * DODGE, means[0], stds[0], limits,
                            height) for k, (name, color, means, stds) in
                enumerate(zip(spectra.names, spectra.colors, spectra.means, spectra.stds))]
    parts = []
    for name, color, means, stds in zip(spectra.names, spectra.colors, spectra.means, spectra.stds):
        safe_color, safe_name = html.escape(color), html.escape(name)
        upper = [f"{x:.1f},{y_of(m + s, limits, height):.1f}" for x, m, s in zip(xs, means, stds)]
        lower = [f"{x:.1f},{y_of(m - s, limits, height):.1f}" for x, m, s in zip(xs, means, stds)]
        parts.append(f'<polygon points="{" ".join(upper + lower[::-1])}" fill="{safe_color}" '
                     f'fill-opacity="0.2" stroke="none"><title>{safe_name} ± 1 σ</title></polygon>')
        parts.append(f'<polyline fill="none" stroke="{safe_color}" stroke-width="2" points="'
                     f'{" ".join(f"{x:.1f},{y_of(m, limits, height):.1f}" for x, m in zip(xs, means))}">'
                     f"<title>{safe_name}</title></polyline>")
    return parts


def class_point(name, color, x, mean, std, limits, height):
    """A class's mean at pixel column `x` as a dot on an error bar of ± one standard deviation."""
    safe_color, safe_name = html.escape(color), html.escape(name)
    low, middle, high = (y_of(value, limits, height) for value in (mean - std, mean, mean + std))
    return (f'<line x1="{x:.1f}" y1="{low:.1f}" x2="{x:.1f}" y2="{high:.1f}" stroke="{safe_color}" '
            f'stroke-width="2"><title>{safe_name} ± 1 σ</title></line><circle cx="{x:.1f}" cy="{middle:.1f}" '
            f'r="4" fill="{safe_color}"><title>{safe_name}</title></circle>')


def chosen_bands(spectra, x_of, bottom):
    """(SVG, shift) of the selected bands: dashed vertical lines down to `bottom`, numbered above the plot
    in their order of selection; a number that would run into an earlier one goes one row higher (the
    chart then moves down by `shift`), else is left out (the bands table lists them all)."""
    xs = [x_of(value) for value, _ in spectra.chosen]
    parts = [f'<line class="chosen-band" x1="{x:.1f}" y1="{MARGIN_TOP}" x2="{x:.1f}" y2="{bottom}" '
             'stroke="#303030" stroke-width="1.2" stroke-dasharray="5,3"/>' for x in xs]
    halves = [text_width(str(order)) / 2 + 2 for _, order in spectra.chosen]
    placed = placed_labels([[(x - half, line - 13, x + half, line) for line in NUMBER_LINES]
                            for x, half in zip(xs, halves)])
    for x, (_, order), box in zip(xs, spectra.chosen, placed):
        if box is not None:
            parts.append(f'<text x="{x:.1f}" y="{box[3]}" text-anchor="middle" font-weight="bold">{order}'
                         "</text>")
    raised = any(box is not None and box[3] < NUMBER_LINES[0] for box in placed)
    return "".join(parts), NUMBER_LINES[0] - NUMBER_LINES[1] if raised else 0


def spectra_legend(spectra, right):
    """The Spectra chart's legend right of the plot (x from `right`): each class's swatch and name, elided
    to LEGEND_WIDTH (whole in its tooltip)."""
    parts = []
    for k, (name, color) in enumerate(zip(spectra.names, spectra.colors)):
        y, safe_color = MARGIN_TOP + 8 + LEGEND_ROW * k, html.escape(color)
        shown = html.escape(elided(name, LEGEND_WIDTH - 52))
        parts.append(f'<g><title>{html.escape(name)}</title><rect x="{right + 16}" y="{y - 6}" width="22" '
                     f'height="12" fill="{safe_color}" fill-opacity="0.35" stroke="{safe_color}" '
                     f'stroke-width="2"/><text x="{right + 44}" y="{y + 5}">{shown}</text></g>')
    return "".join(parts)


def elided(text, width):
    """`text`, cut with '…' to take at most `width` pixels (text_width)."""
    if text_width(text) <= width:
        return text
    return text[:max(0, int(width // CHAR_WIDTH) - 1)].rstrip() + "…"


# -- sections -------------------------------------------------------------------------------

def heading(model, title, model_path, words):
    """The title, then the model file, its source files and when it was made, so that a printed report
    says what it describes."""
    rows = [[words("model file"), os.path.basename(model_path)]] if model_path else []
    if model.training is not None:
        rows += source_rows(model.training, words)
    return f"<h1>{html.escape(title)}</h1>" + table([words("parameter"), words("value")],
                                                     [row for row in rows if row[1]], "inputs")


def source_rows(record, words):
    """The source files of a training record, how QGIS gave them, the algorithm and the creation time."""
    source, rows = record.source, []
    for key in SOURCE_KEYS:
        value = source.get(key)
        layer = source.get("layer")
        if key in ("training", "table") and value and layer and \
                layer != os.path.splitext(os.path.basename(value))[0]:
            value = f"{value}|layername={layer}"
        rows.append([words(key), value])
    rows += read_as_rows(source, words)
    return rows + [[words("algorithm"), source.get("algorithm")], [words("created"), record.created]]


def read_as_rows(source, words):
    """Rows saying how QGIS gave the inputs where that is not their files (source 'read_as'), then what
    became of features of invalid geometry (Processing's check)."""
    read_as = source.get("read_as", {})
    rows = [[words("read as", input=words(name)),
             words("semicolon").join(read_as_parts(read_as[name], words))]
            for name in ("raster", "table", "training", "map", "strata", "reference") if name in read_as]
    if "transformation" in read_as:
        rows.append([words("transformation"), read_as["transformation"]["name"]])
    rule = source.get("invalid_geometries")
    if rule:
        rows.append([words("invalid geometries"),
                     words(f"invalid {rule}") if rule in INVALID_GEOMETRY_RULES else rule])
    return rows


def read_as_parts(given, words):
    """How QGIS gave one input (a record of source 'read_as'), in a few words each."""
    parts = [words("selected only")] if given.get("selected_only") else []
    if "feature_limit" in given:
        parts.append(words("feature limit", count=given["feature_limit"]))
    if given.get("unsaved_edits"):
        parts.append(words("unsaved edits"))
    if given.get("fields_added"):
        parts.append(words("fields added", fields=", ".join(given["fields_added"])))
    if "crs" in given:
        parts.append(words("crs set", crs=given.get("crs_name") or given["crs"]))
    for band, values in sorted(given.get("no_data", {}).items(), key=lambda item: int(item[0])):
        texts = [range_text(*bounds) for bounds in values["ranges"]]
        texts += [] if values["file_value"] else [words("file no-data unused")]
        parts.append(words("band no-data", band=band, values=", ".join(texts)))
    return parts


def no_data_text(no_data, words):
    """The no-data set in QGIS on a raster's bands (a record of read_as 'no_data'), in a few words; its
    file's no-data where none is set."""
    return words("semicolon").join(read_as_parts({"no_data": no_data}, words)) or words("file no-data")


def summary(model, words):
    """The headline: kappa and overall accuracy, and where they were measured (unknown without a training
    record)."""
    record = model.training
    if record is None:
        text = words("summary unrecorded", **model_figures(model, words))
        return f'<p class="summary">{html.escape(text)}</p>'
    figures = record.assessment
    how = words("how held out") if record.validation is not None else words("how cv")
    return '<p class="summary">' + words(
        "summary", kappa=figure(figures.kappa), accuracy=figure(figures.overall_accuracy),
        how=html.escape(how), **model_figures(model, words)) + measured_text(model, words) + "</p>"


def model_figures(model, words):
    """The summary's figures of the model itself: its classes, bands used and read, alpha and tau."""
    return {"classes": model.mixture.n_classes, "used": len(model.features), "bands": len(model.band_numbers),
            "alpha": f"{model.mixture.alpha_:.6g}", "tau": tau_text(model.mixture, words)}


def measured_text(model, words):
    """' The accuracy figures of this report ... are those of the model chosen ... (bands 5, 6, ...)' where
    REFIT chose again on all polygons and the model saved differs from the one measured (parameter
    'assessed_model'), else ''."""
    mixture, measured = model.mixture, model.training.parameters.get("assessed_model")
    if not measured or (sorted(measured["features"]) == sorted(model.features)
                        and (measured["alpha"], measured["tau"]) == (mixture.alpha_, mixture.tau_)):
        return ""
    tau = f"{measured['tau']:.6g}"
    bands = ", ".join(str(model.band_numbers[f]) for f in measured["features"])
    return " " + html.escape(words("measured model", bands=bands, alpha=f"{measured['alpha']:.6g}",
                                   tau=words("relative tau", tau=tau) if measured["relative_tau"] else tau))


def tau_text(mixture, words):
    """The model's tau: '0.01', or relative, '0.01 x each band's pooled within-class variance'."""
    tau = f"{mixture.tau_:.6g}"
    return tau if mixture.ridge_scale_ is None else words("relative tau", tau=tau)


def parameters_section(record, words):
    """The parameters of the run under their parameter ids, as the user gave them, then the final model."""
    values = {**record.source, **record.parameters}
    skip = ({"tau"} if "tau_grid" in values else set()) | ({"grouped"} if values.get("table") else set())
    rows = [[parameter, text_of(values[key], words)] for key, parameter in PARAMETER_IDS
            if key in values and key not in skip]
    final = words(final_key(record))
    return section(words("inputs and parameters"),
                   table([words("parameter"), words("value")], rows, "parameters"), paragraph(final))


def final_key(record):
    """The TEXTS key saying what the final model was trained on."""
    if record.validation is None:
        return "final all"
    return "final refit" if record.parameters.get("refit") else "final held out"


def samples_section(model, words):
    """Training and held-out samples and polygons of each class, with the class colour."""
    record, names = model.training, model.mixture.class_names_
    colors = map_colors(model)
    rows = []
    for name, color in zip(names, colors):
        (samples, held_out), (polygons, held_out_polygons) = record.samples[name], record.polygons[name]
        rows.append([name, swatch(color), samples, polygons, held_out, held_out_polygons])
    totals = [sum(row[k] for row in rows) for k in range(2, 6)]
    rows.append([words("total"), "", *totals])
    return section(words("samples per class"), table(
        [words("class"), words("colour"), words("training samples"), words("training polygons"),
         words("held-out samples"), words("held-out polygons")], rows, "samples"))


def classes_section(model, words):
    """The classes with their colours (a model without a training record: no samples to count)."""
    rows = [[name, swatch(color)] for name, color in zip(model.mixture.class_names_, map_colors(model))]
    return section(words("classes"), table([words("class"), words("colour")], rows, "class-colours"))


def selection_section(model, words):
    """The selection curve (criterion of the best set of each size) as a chart and a table."""
    selection = model.selection
    sizes, criterion = selection.sizes, selection.criterion
    chosen = sizes.index(len(model.features)) if len(model.features) in sizes else None
    bounds = criterion_bounds(criterion, model.mixture.priors_)
    chart = line_chart([str(size) for size in sizes], [selection.best_values[size] for size in sizes],
                       chosen, words("number of bands"), words(criterion), "selection-curve", bounds,
                       words("chosen"))
    rows = [[size, f"{selection.best_values[size]:.6g}",
             ", ".join(model.band_label(f) for f in selection.best_sets[size])] for size in sizes]
    how = words("selection how", method=words(selection.method), method_key=selection.method.upper(),
                criterion=words(criterion), criterion_key=criterion,
                tolerance=f"{selection.size_tolerance:g}", best=selection.best_size)
    if criterion == "jm":
        how += " " + words("criterion range", ceiling=f"{bounds[1]:.4f}")
    return section(words("selection curve"), paragraph(how), chart,
                   table([words("number of bands"), words(criterion), words("best set")], rows, "curve"))


def spectra_section(model, words):
    """The class spectra with the selected bands (raster.spectra)."""
    how = words("spectra how") if model.selection is not None else words("spectra all bands")
    return section(words("spectra"), paragraph(how), spectra_chart(class_spectra(model), words))


def bands_section(model, words):
    """The bands the model predicts with, in their order of selection: number, name and wavelength."""
    wavelengths = model.wavelengths
    first = words("order") if model.selection is not None else words("position")
    header = [first, words("band number"), words("name")] + ([words("wavelength")] if wavelengths else [])
    rows = [[k, model.band_numbers[f], model.feature_names[f]]
            + ([f"{wavelengths[f]:g}"] if wavelengths else []) for k, f in enumerate(model.features, 1)]
    note = "" if wavelengths else paragraph(words("no wavelengths"))
    return section(words("bands used"), table(header, rows, "bands"), note)


def tau_labels(grid):
    """Short labels of tau values: '0' or two significant digits."""
    return ["0" if t == 0 else f"{t:.2g}" for t in grid]


def shade(fraction):
    """A colour from pale (0) to deep blue (1) for a heat map cell."""
    pale, deep = (247, 251, 255), (8, 48, 107)
    red, green, blue = (round(p + (d - p) * fraction) for p, d in zip(pale, deep))
    return f"#{red:02x}{green:02x}{blue:02x}"


def heat_map(search, used, css_class, words):
    """Inline SVG: the CV criterion of every (alpha, tau) cell (rows alpha, columns tau), the cell of the
    chosen alpha and the tau column `used` (None: off the grid) outlined, each cell's value in its tooltip."""
    surface = np.asarray(search.surface, dtype=float)
    low, high = float(surface.min()), float(surface.max())
    rows, columns = surface.shape
    width = (CHART_WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / columns
    height = min(28.0, (CHART_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM) / rows)
    bottom = MARGIN_TOP + rows * height
    parts, labels = [], tau_labels(search.grid)
    for a, alpha in enumerate(search.alphas):
        y = MARGIN_TOP + a * height
        parts.append(f'<text x="{MARGIN_LEFT - 6}" y="{y + height / 2 + 4:.1f}" text-anchor="end">'
                     f"{alpha:g}</text>")
        for t, value in enumerate(surface[a]):
            x = MARGIN_LEFT + t * width
            fraction = (value - low) / (high - low) if high > low else 1.0
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{width:.1f}" height="{height:.1f}" '
                         f'fill="{shade(fraction)}"><title>alpha {alpha:g}, tau {labels[t]}: '
                         f"{value:.4f}</title></rect>")
    every = max(1, math.ceil(columns / 12))
    for t, label in enumerate(labels):
        if t % every == 0:
            parts.append(f'<text x="{MARGIN_LEFT + (t + 0.5) * width:.1f}" y="{bottom + 15:.1f}" '
                         f'text-anchor="middle">{html.escape(label)}</text>')
    if used is not None:
        a = int(np.argmin(np.abs(search.alphas - search.alpha)))
        parts.append(f'<rect x="{MARGIN_LEFT + used * width:.1f}" y="{MARGIN_TOP + a * height:.1f}" '
                     f'width="{width:.1f}" height="{height:.1f}" fill="none" stroke="{HIGHLIGHT_COLOR}" '
                     'stroke-width="3"/>')
    caption = words("surface caption", low=f"{low:.4f}", high=f"{high:.4f}")
    parts.append(f'<text x="{(MARGIN_LEFT + CHART_WIDTH - MARGIN_RIGHT) / 2:.1f}" y="{bottom + 34:.1f}" '
                 f'text-anchor="middle">{html.escape(caption)}</text>')
    return svg(css_class, words("surface label", criterion=words(search.criterion)), "".join(parts),
               height=round(bottom + MARGIN_BOTTOM))


def final_folds(parameters):
    """The FOLDS the final model's search or selection ran (records before LOO_FEW_POLYGONS: FOLDS)."""
    return parameters.get("final_folds", parameters.get("folds"))


def search_how(model, search, words):
    """How the (alpha, tau) search ran: its cells, folds, criterion and tie rule."""
    cells = f"{len(search.alphas)} x {len(search.grid)}" if len(search.alphas) > 1 else f"{len(search.grid)}"
    criterion = words(f"tau {search.criterion}")
    refitted = model.training is not None and final_key(model.training) == "final refit"
    over = words("search on all" if refitted else "search on training")
    if model.training is not None and final_folds(model.training.parameters) == 0:
        return words("search loo", cells=cells, over=over, criterion=criterion, parts=search.folds)
    if search.repeats == 1:
        return words("search folds", cells=cells, folds=search.folds, over=over, criterion=criterion)
    return words("search repeated folds", cells=cells, folds=search.folds, over=over, repeats=search.repeats,
                 parts=search.folds * search.repeats, criterion=criterion)


def used_tau(search, mixture):
    """The grid index of the tau the model uses (the search's, or a given TAU), None when off the grid
    (or, but for 0, of the other ridge scale)."""
    tau = mixture.tau_
    if tau and search.relative != (mixture.ridge_scale_ is not None):
        return None
    at = np.flatnonzero(np.isclose(search.grid, tau, rtol=1e-9, atol=0.0))
    return int(at[0]) if at.size else None


def search_text(model, search, blend, words):
    """What the (alpha, tau) search chose: Train GMM's, the alpha of Train Selection's selection, or the
    model's alpha and tau searched on the selected bands (MODEL_SEARCH; naming the selection's), and for
    these two where the alphas compared came from when ALPHA was empty."""
    how = search_how(model, search, words)
    if model.selection is None:
        text = words("alpha tau searched", blend=blend, how=how)
    elif not model.searched_on_selection:
        return words("alpha searched", blend=blend, how=how)  # over SELECTION_ALPHAS or ALPHA's
    else:
        alpha, tau, relative = model.selection_ridge()
        tau = f"{tau:.6g}"
        text = words("model searched", blend=blend, how=how, bands=len(model.features), alpha=f"{alpha:.6g}",
                     tau=words("relative tau", tau=tau) if relative else tau)
    if model.training is None or not model.training.parameters.get("alpha_estimated"):
        return text
    if list(search.alphas) == [1.0]:
        return f"{text} {words('alpha estimated at one')}"
    return f"{text} {words('alphas estimated', estimate=f'{max(search.alphas):.4g}')}"


def tau_section(model, words):
    """The shrinkage alpha and the ridge tau: the CV surface and curve when searched, else where they came
    from."""
    search = model.tau_search
    title = words("alpha and tau")
    blend = words("blend" if model.mixture.ridge_scale_ is None else "blend relative",
                  alpha=f"{model.mixture.alpha_:.6g}", tau=f"{model.mixture.tau_:.6g}")
    if search is None:
        given = "alpha tau given" if model.training is not None else "alpha tau unrecorded"
        return section(title, paragraph(words(given, blend=blend)))
    if search.surface.size == 1:
        return section(title, paragraph(words("alpha tau one value", blend=blend)))
    parts = [paragraph(search_text(model, search, blend, words))]
    used = used_tau(search, model.mixture)
    if model.mixture.tau_ != search.tau:
        given = "tau given on grid" if used is not None else "tau given off grid"
        parts.append(paragraph(words(given, tau=f"{model.mixture.tau_:.6g}", best=f"{search.tau:.6g}")))
    if len(search.alphas) > 1:
        header = ["alpha \\ tau", *tau_labels(search.grid)]
        rows = [[f"{a:g}", *(f"{v:.4f}" for v in row)] for a, row in zip(search.alphas, search.surface)]
        parts += [heat_map(search, used, "alpha-tau-surface", words), table(header, rows, "surface")]
    criterion = words(search.criterion)
    rows = [[f"{t:.6g}", f"{v:.4f}"] for t, v in zip(search.grid, search.values)]
    bounds = criterion_bounds(search.criterion, model.mixture.priors_)
    mark = words("chosen" if model.mixture.tau_ == search.tau else "used")
    parts += [paragraph(words("tau curve at alpha", criterion=criterion, alpha=f"{search.alpha:g}")),
              line_chart(tau_labels(search.grid), search.values, used,
                         words("tau axis relative" if search.relative else "tau axis"), criterion,
                         "tau-curve", bounds, mark),
              table(["tau", criterion], rows, "tau")]
    return section(title, *parts)


def how_obtained(record, held_out, words):
    """How the figures of the held-out assessment (`held_out`) or of the cross-validation were obtained."""
    parameters = record.parameters
    if held_out:
        count = sum(n for _, n in record.polygons.values())
        return words("measured held out", samples=sum(n for _, n in record.samples.values()),
                     count=count, held_out_groups=words.counted(count),
                     share=f"{parameters['validation']:g}", seed=parameters["seed"])
    folds = parameters.get("cv_folds", parameters["folds"])
    if folds == 0:
        return words("estimated loo polygon" if parameters["grouped"] else "estimated loo sample")
    return words("estimated folds polygon" if parameters["grouped"] else "estimated folds pixel", folds=folds)


def confusion_table(figures, names, words):
    """The confusion matrix, rows = reference, columns = predicted, with totals."""
    matrix = figures.confusion.tolist()
    rows = [[name, *row, sum(row)] for name, row in zip(names, matrix)]
    columns = [sum(column) for column in zip(*matrix)]
    rows.append([words("total"), *columns, sum(columns)])
    return table([words("reference predicted"), *names, words("total")], rows, "confusion")


def class_table(figures, names, words):
    """Producer's accuracy, user's accuracy and F1 of each class."""
    rows = [[name, figure(p), figure(u), figure(f)] for name, p, u, f in
            zip(names, figures.producers.tolist(), figures.users.tolist(), figures.f1.tolist())]
    header = [words("class"), words("producer's accuracy"), words("user's accuracy"), words("F1 column")]
    return table(header, rows, "classes")


def accuracy_section(model, held_out, words):
    """The held-out assessment (`held_out`) or the cross-validation: how it was obtained, OA, kappa,
    mean F1, the confusion matrix and the per-class figures."""
    record, names = model.training, model.mixture.class_names_
    figures = record.validation if held_out else record.cross_validation
    overall = table([words("figure"), words("value")],
                    [[words("overall accuracy"), figure(figures.overall_accuracy)],
                     [words("kappa row"), figure(figures.kappa)],
                     [words("mean F1"), figure(figures.mean_f1)]],
                    "overall")
    return section(words("held-out accuracy") if held_out else words("cv accuracy"),
                   paragraph(how_obtained(record, held_out, words)), overall, paragraph(words("matrix how")),
                   confusion_table(figures, names, words), class_table(figures, names, words))


def timings_section(record, words):
    """Seconds spent in each step, and their sum."""
    timings = record.timings
    rows = [[words(f"step {step}") if f"step {step}" in TEXTS else step.replace("_", " "), f"{seconds:.2f}"]
            for step, seconds in timings.items()]
    rows.append([words("steps total"), f"{sum(timings.values()):.2f}"])
    return section(words("timings"), table([words("step"), words("seconds")], rows, "timings"))


def warnings_section(warnings, words):
    """The warnings of a run (sampling, hold-out, indistinguishable classes...) in `words`, if any."""
    if not warnings:
        return ""
    items = "".join(f"<li>{html.escape(words.warning(text))}</li>" for text in warnings)
    return section(words("warnings"), f"<ul>{items}</ul>")


def report_html(model, title, model_path=None, words=None):
    """The whole report of a SavedModel (read from `model_path`, named at the top) as one HTML page, in
    the language of `words` (a Words; default English); of a model without a training record (saved
    through the Python API), what it holds: its classes, selection, spectra, bands, alpha and tau."""
    record = model.training
    words = (words or Words()).grouped_by(unit_of(record.source if record is not None else {}))
    parts = [heading(model, title, model_path, words), summary(model, words), *record_sections(model, words)]
    if model.selection is not None:
        parts.append(selection_section(model, words))
    parts += [spectra_section(model, words), bands_section(model, words), tau_section(model, words),
              *assessment_sections(record, model, words)]
    return page(title, parts, words("language"))


def record_sections(model, words):
    """The parameters of the run and its samples per class; only the classes without a training record."""
    if model.training is None:
        return [classes_section(model, words)]
    return [parameters_section(model.training, words), samples_section(model, words)]


def assessment_sections(record, model, words):
    """The held-out assessment if any, the cross-validation, the warnings and the timings of the run
    (none without a training record)."""
    if record is None:
        return []
    held_out = [accuracy_section(model, True, words)] if record.validation is not None else []
    return [*held_out, accuracy_section(model, False, words), warnings_section(record.warnings, words),
            timings_section(record, words)]


def page(title, parts, language="en"):
    """A self-contained HTML page of ready HTML `parts`."""
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(language)}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>\n"
            f"{''.join(parts)}\n</body></html>\n")


# -- the accuracy and area assessment of a map -------------------------------------------------

#: The plurals of the words of GDAL's unit names (and the plugin's "degree", "unit") in "square {unit}".
UNIT_PLURALS = {"foot": "feet", "metre": "metres", "yard": "yards", "chain": "chains", "link": "links",
                "mile": "miles", "fathom": "fathoms", "degree": "degrees", "unit": "units"}


def plural_unit(unit):
    """'US survey foot' -> 'US survey feet': a unit's name in the plural (words not in UNIT_PLURALS kept)."""
    return re.sub("(" + "|".join(UNIT_PLURALS) + r")\b", lambda match: UNIT_PLURALS[match.group(1)], unit)


def area_unit(counts, words=None):
    """The unit of the areas: 'm²' for metres, else the square of the CRS unit (or pixels)."""
    words = words or Words()
    if counts.unit == "pixel":
        return words("pixels")
    return "m²" if counts.metres_per_unit == 1.0 else words("square unit", unit=plural_unit(counts.unit))


def hectares(counts):
    """Hectares per area unit, or None when the CRS unit is not a length in metres."""
    return None if counts.metres_per_unit is None else counts.metres_per_unit ** 2 / 1e4


def percent(level):
    """'95%', '99.9%': a confidence level as a percentage, its digits kept (never '100%' for 0.999)."""
    return f"{level * 100:.10g}%"


def with_interval(value, half, digits=4):
    """'0.8800 ± 0.0700', or '' for an undefined value."""
    return "" if math.isnan(value) else f"{value:.{digits}f} ± {half:.{digits}f}"


def area_decimals(counts, fewest):
    """Decimals of an area in the map's unit: `fewest`, or for pixels under one unit enough for three
    digits of a pixel's area (a map in degrees: pixels of 7.29e-8 square degrees, 10 decimals)."""
    area = counts.pixel_area
    return fewest if area >= 1 or area <= 0 else max(fewest, 2 - math.floor(math.log10(area)))


def area_text(value, counts, half=None, words=None):
    """An area (with its interval) in the map's unit, its decimals those of a pixel, and in hectares when
    the unit is a length, its thousands grouped as the report's language groups them."""
    words = words or Words()

    def grouped(number, digits):
        return f"{number:,.{digits}f}".replace(",", words("thousands"))

    def amount(scale, digits):
        text = grouped(value * scale, digits)
        return text if half is None else f"{text} ± {grouped(half * scale, digits)}"
    factor = hectares(counts)
    return (f"{amount(1, area_decimals(counts, 0))} {area_unit(counts, words)}"
            + (f" ({amount(factor, 1)} ha)" if factor else ""))


def assessment_inputs(assessment, source, words):
    """The map, the reference layer and its class field, the strata, and how QGIS gave them, so that a
    printed report says what it describes."""
    rows = [[words("map"), assessment.map_path], [words("reference"), assessment.reference_path],
            [words("field"), assessment.class_field], [words("strata"), assessment.strata_path]]
    rows += read_as_rows(source, words)
    return table([words("parameter"), words("value")], [row for row in rows if row[1]], "inputs")


def assessment_summary(assessment, words):
    """Overall accuracy with its interval, and what it was estimated from."""
    estimates, z = assessment.estimates, assessment.z
    count = len(assessment.counts.strata)
    strata = (words("strata recorded", count=count) if assessment.strata_recorded
              else words("strata map classes") if assessment.strata_path is None
              else words("strata file", count=count, path=assessment.strata_path))
    overall = with_interval(estimates.overall, z * estimates.overall_se)
    return '<p class="summary">' + words(
        "assessment summary", overall=overall, confidence=percent(assessment.confidence),
        samples=int(assessment.samples.sum()), reference=html.escape(assessment.reference_path),
        field=html.escape(assessment.class_field), strata=html.escape(strata),
        area=html.escape(area_text(assessment.total_area, assessment.counts, words=words))) + "</p>"


def by_other_strata(assessment):
    """Whether the assessment's strata are not the map classes (a strata raster, or the strata its sample
    records): Stehman's (2014) estimators, not Olofsson's."""
    return assessment.strata_path is not None or assessment.strata_recorded


def error_matrix_section(assessment, words):
    """The error matrix in estimated area proportions, rows = map class, columns = reference class."""
    names, matrix = assessment.class_names, assessment.estimates.matrix
    rows = [[name, *(f"{value:.4f}" for value in row), f"{row.sum():.4f}"]
            for name, row in zip(names, matrix)]
    rows.append([words("total"), *(f"{value:.4f}" for value in matrix.sum(axis=0)), f"{matrix.sum():.4f}"])
    how = "error matrix how strata" if by_other_strata(assessment) else "error matrix how"
    return section(words("error matrix"), paragraph(words(how)),
                   table([words("map reference"), *names, words("total")], rows, "error-matrix"))


def class_estimates_section(assessment, words):
    """Per class: map and estimated areas, user's and producer's accuracies, all with intervals."""
    estimates, z, counts = assessment.estimates, assessment.z, assessment.counts
    total = assessment.total_area
    rows = [[name, area_text(mapped, counts, words=words),
             area_text(total * p, counts, z * total * se, words), int(n), with_interval(u, z * u_se),
             with_interval(pa, z * pa_se)]
            for name, mapped, p, se, n, u, u_se, pa, pa_se in zip(
                assessment.class_names, assessment.map_areas, estimates.proportions, estimates.proportions_se,
                assessment.sample_counts, estimates.users, estimates.users_se, estimates.producers,
                estimates.producers_se)]
    header = [words("class"), words("map area"), words("estimated area"), words("samples map class"),
              words("user's accuracy"), words("producer's accuracy")]
    return section(words("areas per class"),
                   paragraph(words("areas how strata" if by_other_strata(assessment) else "areas how",
                                   confidence=percent(assessment.confidence), z=f"{z:.4f}")),
                   table(header, rows, "class-estimates"), area_chart(assessment, words))


def area_chart(assessment, words):
    """Inline SVG: per class, the map area (grey bar) and the estimated area with its interval (blue),
    in hectares when the CRS unit is a length."""
    estimates, z, counts = assessment.estimates, assessment.z, assessment.counts
    scale = hectares(counts) or 1.0
    total = assessment.total_area * scale
    mapped = assessment.map_areas * scale
    estimated, halves = total * estimates.proportions, z * total * estimates.proportions_se
    high = 1.05 * max(float(np.max(mapped)), float(np.max(estimated + halves))) or 1.0
    labels = list(assessment.class_names)
    band = (CHART_WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / len(labels)
    points = [(MARGIN_LEFT + (k + 0.5) * band, 0.0) for k in range(len(labels))]
    bottom = CHART_HEIGHT - MARGIN_BOTTOM

    def y_of(value):
        return bottom - (bottom - MARGIN_TOP) * max(value, 0.0) / high

    width = min(30.0, band / 3)
    map_area, estimated_area = html.escape(words("map area")), html.escape(words("estimated area"))
    parts = []
    for (x, _), label, area, value, half in zip(points, labels, mapped, estimated, halves):
        name = html.escape(label)
        parts.append(f'<rect x="{x - width:.1f}" y="{y_of(area):.1f}" width="{width:.1f}" '
                     f'height="{bottom - y_of(area):.1f}" fill="{MAP_AREA_COLOR}"><title>{name}: {map_area} '
                     f"{area:.6g}</title></rect>")
        parts.append(f'<line x1="{x + width / 2:.1f}" y1="{y_of(value - half):.1f}" x2="{x + width / 2:.1f}" '
                     f'y2="{y_of(value + half):.1f}" stroke="{LINE_COLOR}" stroke-width="2"/>'
                     f'<circle cx="{x + width / 2:.1f}" cy="{y_of(value):.1f}" r="4" fill="{LINE_COLOR}">'
                     f"<title>{name}: {estimated_area} {value:.6g} ± {half:.6g}</title></circle>")
    unit = "ha" if scale != 1.0 else area_unit(counts, words)
    axes = chart_axes(labels, [0.0, high], points, words("class"), words("area axis", unit=unit),
                      limits=(0.0, high))
    return svg("area-chart", words("areas per class"), f"{axes}{''.join(parts)}{area_legend(words)}")


def area_legend(words):
    """The area chart's legend, top right, laid out from the length of its texts: the map area's swatch
    and text, then the estimated area's marker and text."""
    map_area, estimated = words("map area"), words("estimated area interval")
    left = max(MARGIN_LEFT, CHART_WIDTH - MARGIN_RIGHT - text_width(map_area) - text_width(estimated) - 42)
    marker = left + 14 + text_width(map_area) + 20
    return (f'<rect x="{left:.1f}" y="6" width="10" height="10" fill="{MAP_AREA_COLOR}"/>'
            f'<text x="{left + 14:.1f}" y="15">{html.escape(map_area)}</text>'
            f'<circle cx="{marker:.1f}" cy="11" r="4" fill="{LINE_COLOR}"/>'
            f'<text x="{marker + 8:.1f}" y="15">{html.escape(estimated)}</text>')


def text_width(text):
    """The width in pixels a text of the charts takes at most (CHAR_WIDTH a character)."""
    return CHAR_WIDTH * len(text)


def design_section(assessment, words):
    """The strata of the sample: pixels, area share, samples and inclusion weight of each."""
    counts = assessment.counts
    if assessment.strata_path is None:
        named = dict(zip(assessment.classes.tolist(), assessment.class_names))
        names = [named.get(code, str(code)) for code in counts.strata.tolist()]
    else:
        names = [str(code) for code in counts.strata]
    total = counts.stratum_pixels.sum()
    rows = [[name, int(pixels), f"{pixels / total:.4f}", int(n), f"{pixels / n:.6g}" if n else ""]
            for name, pixels, n in zip(names, counts.stratum_pixels, assessment.stratum_samples)]
    how = (words("design recorded") if assessment.strata_recorded
           else words("design classes") if assessment.strata_path is None
           else words("design strata", path=assessment.strata_path))
    header = [words("stratum"), words("pixels"), words("area share"), words("samples n_h"), words("weight")]
    return section(words("sample design"), paragraph(how), table(header, rows, "design"))


def assessment_report(assessment, title, words=None, source=None):
    """The report of a MapAssessment (raster.assessment) as one HTML page, in the language of `words`
    (a Words; default English); `source` says how QGIS gave the inputs, as a TrainingRecord's (read_as,
    invalid_geometries)."""
    words = words or Words()
    return page(title, [f"<h1>{html.escape(title)}</h1>", assessment_inputs(assessment, source or {}, words),
                        assessment_summary(assessment, words),
                        error_matrix_section(assessment, words), class_estimates_section(assessment, words),
                        design_section(assessment, words),
                        warnings_section(assessment.warnings, words)], words("language"))
