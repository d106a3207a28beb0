"""Selection curves as plain data: one CurveSeries per model, what the plot, table and CSV show.

Nothing here draws: `series_from_model` turns a SavedModel's SelectionResult into sizes, values
and a label per point; `plot_values` decides the y axis of an overlay; `table_rows` is the table
and the CSV export: the rows of Train Selection's curve CSV, each after its curve and criterion.
"""

from dataclasses import dataclass

import numpy as np

from ..algorithms.tables import curve_rows
from ..core import choices
from ..core.modelfile import band_label
from ..i18n import GmmSelect, translated_choices
from ..raster.report import criterion_bounds

CSV_HEADER = ["curve", "criterion", "size", "value", "selected", "bands", "band_names"]


@dataclass
class CurveSeries:
    """One selection curve: the best criterion value of each size and the bands behind each point.

    `point_labels[i]` is the tooltip of point i (SFS: the band added; SFFS: the whole best set),
    `marks[i]` its short annotation ('+4', or '+5 −2' when a floating step swapped bands),
    `bands[i]` and `band_names[i]` the best set of `sizes[i]` by 1-based band number and name;
    `rows` are the curve's rows of Train Selection's curve CSV; `bounds` (low, high; None: unbounded)
    what the criterion can reach for the model's classes.
    """

    label: str
    criterion: str
    sizes: list
    values: list
    best_size: int
    point_labels: list
    marks: list
    bands: list
    band_names: list
    rows: list
    bounds: tuple = (None, None)


def criterion_name(criterion):
    """Translated display name of a selection criterion key ('jm', 'kl', 'accuracy', 'kappa', 'f1')."""
    return dict(translated_choices(choices.CRITERIA)).get(criterion, criterion)


def band_list(numbers, names):
    """'3 (red), 4 (nir)'."""
    return ", ".join(band_label(number, name) for number, name in zip(numbers, names))


def point_label(method, numbers, names, previous):
    """SFS: the band(s) added to the previous size's set; SFFS: the whole best set."""
    if method == "sfs":
        added = [(number, name) for number, name in zip(numbers, names) if number not in previous]
        return "; ".join(GmmSelect.tr("+ band {0} ({1})").format(number, name) for number, name in added)
    return GmmSelect.tr("Best set: {0}").format(band_list(numbers, names))


def change_mark(numbers, previous):
    """Short annotation of a point: bands added ('+4') and removed ('−2') since the previous size."""
    added = [f"+{number}" for number in numbers if number not in previous]
    removed = [f"−{number}" for number in previous if number not in numbers]
    return " ".join(added + removed)


def ridge_text(alpha, tau, relative):
    """'alpha 0.5, tau 0', or for a relative ridge 'alpha 0.0277, relative tau 1e-05' (a ridge of 0 is
    none, relative or not)."""
    text = GmmSelect.tr("alpha {0:.3g}, relative tau {1:.3g}") if relative and tau else GmmSelect.tr(
        "alpha {0:.3g}, tau {1:.3g}")
    return text.format(alpha, tau)


def curve_label(saved, name):
    """'<name> (<METHOD>, <criterion>, alpha <alpha>, tau <tau>)' ('relative tau <tau>' for a relative
    ridge) where the model uses the selection's alpha and tau, else '<name> (<METHOD>, <criterion>,
    selection alpha <alpha>, tau <tau>; model alpha <alpha>, tau <tau>)' (MODEL_SEARCH chose its own)."""
    selection, mixture = saved.selection, saved.mixture
    alpha, tau, relative = saved.selection_ridge()
    model = ridge_text(mixture.alpha_, mixture.tau_, mixture.ridge_scale_ is not None)
    if model != ridge_text(alpha, tau, relative):
        return GmmSelect.tr("{0} ({1}, {2}, selection {3}; model {4})").format(
            name, selection.method.upper(), selection.criterion, ridge_text(alpha, tau, relative), model)
    label = (GmmSelect.tr("{0} ({1}, {2}, alpha {3:.3g}, relative tau {4:.3g})") if relative and tau else
             GmmSelect.tr("{0} ({1}, {2}, alpha {3:.3g}, tau {4:.3g})"))
    return label.format(name, selection.method.upper(), selection.criterion, alpha, tau)


def series_from_model(saved, name):
    """The CurveSeries of a SavedModel from Train Selection, labelled by `curve_label`; ValueError for a
    model without selection."""
    selection = saved.selection
    if selection is None:
        raise ValueError(GmmSelect.tr("This model was trained without band selection (Train GMM): it has no "
                                      "selection curve. Choose a model written by Train Selection."))
    sizes = selection.sizes
    bands = [tuple(saved.band_numbers[f] for f in selection.best_sets[k]) for k in sizes]
    names = [tuple(saved.feature_names[f] for f in selection.best_sets[k]) for k in sizes]
    previous = [()] + bands[:-1]
    return CurveSeries(
        label=curve_label(saved, name),
        criterion=selection.criterion,
        sizes=list(sizes), values=[selection.best_values[k] for k in sizes], best_size=selection.best_size,
        point_labels=[point_label(selection.method, b, n, p) for b, n, p in zip(bands, names, previous)],
        marks=[change_mark(b, p) for b, p in zip(bands, previous)], bands=bands, band_names=names,
        rows=curve_rows(saved), bounds=criterion_bounds(selection.criterion, saved.mixture.priors_))


def normalised(values):
    """`values` scaled to [0, 1] from their minimum to their maximum (all 1 when constant)."""
    values = np.asarray(values, dtype=float)
    span = values.max() - values.min()
    return list((values - values.min()) / span) if span > 0 else [1.0] * len(values)


def shared_bounds(series_list):
    """The bounds of a y axis showing the raw values of `series_list` (one criterion): the widest."""
    lows, highs = [s.bounds[0] for s in series_list], [s.bounds[1] for s in series_list]
    low = None if None in lows or not lows else min(lows)
    return low, None if None in highs or not highs else max(highs)


def plot_values(series_list):
    """(y values of each series, y-axis title, note): raw values under the criterion's name when
    all curves share one criterion, else each curve scaled to [0, 1] and a note saying so."""
    criteria = {series.criterion for series in series_list}
    if len(criteria) <= 1:
        title = criterion_name(criteria.pop()) if criteria else GmmSelect.tr("Criterion value")
        return [list(series.values) for series in series_list], title, ""
    note = GmmSelect.tr("Different criteria: each curve is scaled from its minimum (0) to its maximum (1); "
                        "the table and the CSV keep the raw values.")
    title = GmmSelect.tr("Criterion value (normalised)")
    return [normalised(series.values) for series in series_list], title, note


def table_rows(series_list):
    """One row per curve and size, in CSV_HEADER order (bands and names separated by ';')."""
    return [[series.label, series.criterion, *row] for series in series_list for row in series.rows]
