"""The training report: one self-contained HTML page (inline SVG charts, no external file).

Built from a SavedModel alone (its arrays and its training record), so a report can be written
again from any .gmm file; the assessment report from a raster.assessment.MapAssessment. Standard
library, NumPy and the core only: no QGIS, no GDAL. Every text that comes from
the user (paths, field, class and band names) is escaped.
"""

import html
import math

import numpy as np

from .style import DEFAULT_COLORS, HIGHLIGHT_COLOR

#: Class colour shown for models saved without class colours.
FALLBACK_COLOR = "#888888"
STYLE = ("body{font-family:sans-serif;margin:1.5em;max-width:60em}"
         "table{border-collapse:collapse;margin:.5em 0}"
         "td,th{border:1px solid #bbb;padding:2px 8px;text-align:left}"
         "th{background:#eee}.num{text-align:right}"
         "p.summary{font-size:1.15em;background:#f4f4f4;padding:.5em}"
         "svg text{font-family:sans-serif;font-size:11px}")
CHART_WIDTH, CHART_HEIGHT = 560, 260
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 16, 16, 52
#: Colour of a chart's line: the first of the palette.
LINE_COLOR = DEFAULT_COLORS[0]
#: Bars of the map areas in the assessment chart (the palette's grey).
MAP_AREA_COLOR = DEFAULT_COLORS[9]
STEP_NAMES = {"sampling": "sampling", "tau_search": "(alpha, tau) search", "selection": "band selection",
              "cross_validation": "cross-validation", "fit": "final fit",
              "validation": "held-out assessment", "refit": "refit on all polygons"}


class Markup(str):
    """HTML that is already safe: a table puts it in a cell as it is."""


def figure(value, digits=4):
    """A rounded figure, or '' for None and NaN (a class absent from the reference or the prediction)."""
    return "" if value is None or math.isnan(value) else f"{value:.{digits}f}"


def text_of(value):
    """Readable text of a parameter value: yes/no, lists joined, floats with 6 significant digits."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "default"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(text_of(item) for item in value)
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


# -- charts ---------------------------------------------------------------------------------

def value_range(values):
    """(low, high) of a chart's y axis: the values' range with 5 % padding (never empty)."""
    low, high = min(values), max(values)
    pad = (high - low) * 0.05 or abs(high) * 0.05 or 1.0
    return low - pad, high + pad


def chart_points(values):
    """Pixel (x, y) of each value, evenly spaced on x, scaled to the value range on y."""
    low, high = value_range(values)
    width = CHART_WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    height = CHART_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    step = width / max(len(values) - 1, 1)
    x0 = MARGIN_LEFT + (width / 2 if len(values) == 1 else 0)
    return [(x0 + k * step, MARGIN_TOP + height * (high - v) / (high - low)) for k, v in enumerate(values)]


def chart_axes(labels, values, points, x_title, y_title, limits=None):
    """SVG axes with the x labels (thinned to about 12), 5 y ticks over `limits` (low, high; default:
    the padded range of `values`) and the axis titles."""
    bottom, right = CHART_HEIGHT - MARGIN_BOTTOM, CHART_WIDTH - MARGIN_RIGHT
    parts = [f'<line x1="{MARGIN_LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#444"/>',
             f'<line x1="{MARGIN_LEFT}" y1="{MARGIN_TOP}" x2="{MARGIN_LEFT}" y2="{bottom}" stroke="#444"/>']
    every = max(1, math.ceil(len(labels) / 12))
    for k, ((x, _), label) in enumerate(zip(points, labels)):
        if k % every == 0:
            parts.append(f'<text x="{x:.1f}" y="{bottom + 15}" text-anchor="middle">'
                         f"{html.escape(label)}</text>")
    low, high = limits or value_range(values)
    for k in range(5):
        value = low + (high - low) * k / 4
        y = MARGIN_TOP + (bottom - MARGIN_TOP) * (4 - k) / 4
        parts.append(f'<line x1="{MARGIN_LEFT - 4}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#ddd"/>'
                     f'<text x="{MARGIN_LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{value:.4g}</text>')
    parts.append(f'<text x="{(MARGIN_LEFT + right) / 2:.1f}" y="{CHART_HEIGHT - 12}" text-anchor="middle">'
                 f"{html.escape(x_title)}</text>")
    parts.append(f'<text x="14" y="{(MARGIN_TOP + bottom) / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 14 {(MARGIN_TOP + bottom) / 2:.1f})">{html.escape(y_title)}</text>')
    return "".join(parts)


def line_chart(labels, values, chosen, x_title, y_title, css_class):
    """Inline SVG: `values` at evenly spaced `labels` joined by a polyline, the point `chosen` marked."""
    values = [float(v) for v in values]
    points = chart_points(values)
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{LINE_COLOR}">'
                   f"<title>{html.escape(label)}: {value:.6g}</title></circle>"
                   for (x, y), label, value in zip(points, labels, values))
    mark = ""
    if chosen is not None:
        x, y = points[chosen]
        mark = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="none" stroke="{HIGHLIGHT_COLOR}" '
                f'stroke-width="2"/><text x="{x:.1f}" y="{y - 11:.1f}" text-anchor="middle" '
                f'fill="{HIGHLIGHT_COLOR}">chosen</text>')
    return (f'<svg class="{css_class}" width="{CHART_WIDTH}" height="{CHART_HEIGHT}" '
            f'viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" aria-label="{html.escape(y_title)}">'
            f"{chart_axes(labels, values, points, x_title, y_title)}"
            f'<polyline fill="none" stroke="{LINE_COLOR}" stroke-width="2" points="{line}"/>'
            f"{dots}{mark}</svg>")


# -- sections -------------------------------------------------------------------------------

def summary(model):
    """The headline: kappa and overall accuracy, and where they were measured."""
    record = model.training
    figures = record.assessment
    how = ("measured on the held-out polygons" if record.validation is not None
           else "estimated by cross-validation on the training polygons")
    return (f'<p class="summary">Kappa <b>{figure(figures.kappa)}</b>, overall accuracy '
            f'<b>{figure(figures.overall_accuracy)}</b>, {how}. '
            f"{model.mixture.n_classes} classes, {len(model.features)} of {len(model.band_numbers)} bands "
            f"used, alpha = {model.mixture.alpha_:.6g}, tau = {model.mixture.tau_:.6g}. "
            f"Created {html.escape(record.created)} (UTC).</p>")


def parameters_section(record):
    """The inputs and the parameters the model was trained with."""
    inputs = [[key, value] for key, value in record.source.items()]
    parameters = [[key.replace("_", " "), value] for key, value in record.parameters.items()]
    return section("Parameters", table(["input", "value"], inputs, "inputs"),
                   table(["parameter", "value"], parameters, "parameters"),
                   paragraph(f"The final model was {record.final_model}."))


def samples_section(model):
    """Training and held-out samples and polygons of each class, with the class colour."""
    names, record = model.mixture.class_names_, model.training
    colors = model.class_colors or [FALLBACK_COLOR] * len(names)
    rows = []
    for name, color in zip(names, colors):
        (samples, held_out), (polygons, held_out_polygons) = record.samples[name], record.polygons[name]
        rows.append([name, swatch(color), samples, polygons, held_out, held_out_polygons])
    totals = [sum(row[k] for row in rows) for k in range(2, 6)]
    rows.append(["total", "", *totals])
    return section("Training samples per class", table(
        ["class", "colour", "training samples", "training polygons", "held-out samples",
         "held-out polygons"], rows, "samples"))


def selection_section(model):
    """The selection curve (criterion of the best set of each size) as a chart and a table."""
    selection = model.selection
    sizes = selection.sizes
    chosen = sizes.index(len(model.features)) if len(model.features) in sizes else None
    chart = line_chart([str(size) for size in sizes], [selection.best_values[size] for size in sizes],
                       chosen, "number of bands", selection.criterion, "selection-curve")
    rows = [[size, f"{selection.best_values[size]:.6g}",
             ", ".join(model.band_label(f) for f in selection.best_sets[size])] for size in sizes]
    how = (f"{selection.method.upper()}, criterion {selection.criterion}; the best size is the smallest "
           f"within {selection.size_tolerance:g} (relative) of the best value: {selection.best_size}.")
    return section("Selection curve", paragraph(how), chart,
                   table(["bands", selection.criterion, "best set: band number (name)"], rows, "curve"))


def bands_section(model):
    """The bands the model predicts with: number, name and wavelength when the raster gives them."""
    wavelengths = model.wavelengths
    header = ["position", "band number", "name"] + (["wavelength"] if wavelengths else [])
    rows = [[k, model.band_numbers[f], model.feature_names[f]]
            + ([f"{wavelengths[f]:g}"] if wavelengths else []) for k, f in enumerate(model.features, 1)]
    note = "" if wavelengths else paragraph("Wavelengths: not in the raster's metadata.")
    return section("Selected bands", table(header, rows, "bands"), note)


def tau_labels(grid):
    """Short labels of tau values: '0' or two significant digits."""
    return ["0" if t == 0 else f"{t:.2g}" for t in grid]


def shade(fraction):
    """A colour from pale (0) to deep blue (1) for a heat map cell."""
    pale, deep = (247, 251, 255), (8, 48, 107)
    red, green, blue = (round(p + (d - p) * fraction) for p, d in zip(pale, deep))
    return f"#{red:02x}{green:02x}{blue:02x}"


def heat_map(search, css_class):
    """Inline SVG: the CV criterion of every (alpha, tau) cell (rows alpha, columns tau), the chosen cell
    outlined, each cell's value in its tooltip."""
    surface = np.asarray(search.surface, dtype=float)
    low, high = float(surface.min()), float(surface.max())
    rows, columns = surface.shape
    width = (CHART_WIDTH - MARGIN_LEFT - MARGIN_RIGHT) / columns
    height = min(28.0, (CHART_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM) / rows)
    bottom = MARGIN_TOP + rows * height
    parts, labels = [], tau_labels(search.grid)
    chosen = (int(np.argmin(np.abs(search.alphas - search.alpha))),
              int(np.argmin(np.abs(search.grid - search.tau))))
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
    a, t = chosen
    parts.append(f'<rect x="{MARGIN_LEFT + t * width:.1f}" y="{MARGIN_TOP + a * height:.1f}" '
                 f'width="{width:.1f}" height="{height:.1f}" fill="none" stroke="{HIGHLIGHT_COLOR}" '
                 'stroke-width="3"/>')
    parts.append(f'<text x="{(MARGIN_LEFT + CHART_WIDTH - MARGIN_RIGHT) / 2:.1f}" y="{bottom + 34:.1f}" '
                 f'text-anchor="middle">tau (columns) - alpha (rows); pale {low:.4f}, deep {high:.4f} '
                 f"CV {html.escape(search.criterion)}</text>")
    total = bottom + MARGIN_BOTTOM
    label = f"CV {html.escape(search.criterion)} over alpha and tau"
    return (f'<svg class="{css_class}" width="{CHART_WIDTH}" height="{total:.0f}" '
            f'viewBox="0 0 {CHART_WIDTH} {total:.0f}" role="img" aria-label="{label}">{"".join(parts)}</svg>')


def search_how(model, search):
    """How the (alpha, tau) search ran: its folds, criterion and tie rule."""
    cells = f"{len(search.alphas)} x {len(search.grid)}" if len(search.alphas) > 1 else f"{len(search.grid)}"
    if model.training is not None and model.training.parameters.get("folds") == 0:
        cv = (f"leave-one-out cross-validation on the training polygons (criterion: {search.criterion} of "
              f"the pooled confusion matrix of the {search.folds} parts left out")
    else:
        cv = (f"{search.folds}-fold cross-validation on the training polygons (criterion: mean "
              f"{search.criterion} over the folds")
    return f"chosen over {cells} values by {cv}; ties go to the smallest alpha, then the smallest tau)"


def tau_section(model):
    """The shrinkage alpha and the ridge tau: the CV surface and curve when searched, else where they came
    from."""
    tau, alpha = model.mixture.tau_, model.mixture.alpha_
    search = model.tau_search
    title = "Shrinkage alpha and ridge tau"
    blend = f"covariances (1 - alpha) S_c + alpha S_pooled + tau I with alpha = {alpha:.6g}, tau = {tau:.6g}"
    if search is None:
        return section(title, paragraph(f"The {blend}, both given (ALPHA, TAU): the band selection and the "
                                        "model use them; no search."))
    if search.surface.size == 1:
        return section(title, paragraph(f"The {blend}, given (ALPHA, TAU): one value each, no search."))
    if model.selection is not None:
        how = (f"The {blend}. alpha was {search_how(model, search)} over all bands, before the selection; "
               "the selection and the model use it with tau given (TAU).")
    else:
        how = f"The {blend}, {search_how(model, search)}."
    parts = [paragraph(how)]
    if len(search.alphas) > 1:
        header = ["alpha \\ tau", *tau_labels(search.grid)]
        rows = [[f"{a:g}", *(f"{v:.4f}" for v in row)] for a, row in zip(search.alphas, search.surface)]
        parts += [heat_map(search, "alpha-tau-surface"), table(header, rows, "surface")]
    chosen = int(np.argmin(np.abs(search.grid - search.tau)))
    rows = [[f"{t:.6g}", f"{v:.4f}"] for t, v in zip(search.grid, search.values)]
    parts += [paragraph(f"CV {search.criterion} over tau at alpha = {search.alpha:g}:"),
              line_chart(tau_labels(search.grid), search.values, chosen, "tau (the grid's values, evenly "
                         "spaced)", f"CV {search.criterion}", "tau-curve"),
              table(["tau", f"CV {search.criterion}"], rows, "tau")]
    return section(title, *parts)


def how_obtained(record, held_out):
    """How the figures of the held-out assessment (`held_out`) or of the cross-validation were obtained."""
    parameters = record.parameters
    if held_out:
        n_samples = sum(n for _, n in record.samples.values())
        n_polygons = sum(n for _, n in record.polygons.values())
        return (f"Measured on the {n_samples} samples of the {n_polygons} polygons held out "
                f"(VALIDATION = {parameters['validation']:g} of the polygons of each class, seed "
                f"{parameters['seed']}): the (alpha, tau) search, the band selection and the assessed fit "
                "never saw them.")
    if parameters["folds"] == 0:
        left_out = "each polygon" if parameters["grouped"] else "each sample"
        return (f"Estimated by leave-one-out cross-validation on the training polygons: {left_out} is "
                "predicted by the model without it (exact, in closed form or by downdate). Overall "
                "accuracy, kappa and mean F1 are those of the pooled confusion matrix of all predictions.")
    folds = ("folds hold whole polygons" if parameters["grouped"] else "stratified folds of pixels")
    return (f"Estimated by {parameters['folds']}-fold cross-validation on the training polygons ({folds}): "
            "each fold is predicted by the model fitted without it. Overall accuracy, kappa and mean F1 "
            "are means over the folds; the matrix sums the predictions of all folds.")


def confusion_table(figures, names):
    """The confusion matrix, rows = reference, columns = predicted, with totals."""
    matrix = figures.confusion.tolist()
    rows = [[name, *row, sum(row)] for name, row in zip(names, matrix)]
    columns = [sum(column) for column in zip(*matrix)]
    rows.append(["total", *columns, sum(columns)])
    return table(["reference \\ predicted", *names, "total"], rows, "confusion")


def class_table(figures, names):
    """Producer's accuracy, user's accuracy and F1 of each class."""
    rows = [[name, figure(p), figure(u), figure(f)] for name, p, u, f in
            zip(names, figures.producers.tolist(), figures.users.tolist(), figures.f1.tolist())]
    return table(["class", "producer's accuracy", "user's accuracy", "F1"], rows, "classes")


def accuracy_section(model, held_out, title):
    """The held-out assessment (`held_out`) or the cross-validation: how it was obtained, OA, kappa,
    mean F1, the confusion matrix and the per-class figures."""
    record, names = model.training, model.mixture.class_names_
    figures = record.validation if held_out else record.cross_validation
    overall = table(["figure", "value"], [["overall accuracy", figure(figures.overall_accuracy)],
                                          ["kappa", figure(figures.kappa)],
                                          ["mean F1", figure(figures.mean_f1)]], "overall")
    return section(title, paragraph(how_obtained(record, held_out)), overall,
                   paragraph("Confusion matrix: rows = reference (the class of the polygon), "
                             "columns = predicted class."),
                   confusion_table(figures, names), class_table(figures, names))


def timings_section(record):
    """Seconds spent in each step, and their sum."""
    timings = record.timings
    rows = [[STEP_NAMES.get(step, step.replace("_", " ")), f"{seconds:.2f}"]
            for step, seconds in timings.items()]
    rows.append(["total", f"{sum(timings.values()):.2f}"])
    return section("Timings", table(["step", "seconds"], rows, "timings"))


def warnings_section(warnings):
    """The warnings of a run (sampling, hold-out, indistinguishable classes...), if any."""
    if not warnings:
        return ""
    return section("Warnings", "<ul>" + "".join(f"<li>{html.escape(w)}</li>" for w in warnings) + "</ul>")


def report_html(model, title):
    """The whole report of a trained SavedModel as one HTML page."""
    record = model.training
    parts = [f"<h1>{html.escape(title)}</h1>", summary(model), parameters_section(record),
             samples_section(model)]
    if model.selection is not None:
        parts.append(selection_section(model))
    parts += [bands_section(model), tau_section(model)]
    if record.validation is not None:
        parts.append(accuracy_section(model, True, "Accuracy on the held-out polygons"))
    parts += [accuracy_section(model, False, "Cross-validation on the training polygons"),
              warnings_section(record.warnings), timings_section(record)]
    return page(title, parts)


def page(title, parts):
    """A self-contained HTML page of ready HTML `parts`."""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>\n"
            f"{''.join(parts)}\n</body></html>\n")


# -- the accuracy and area assessment of a map -------------------------------------------------

def area_unit(counts):
    """The unit of the areas: 'm²' for metres, else the square of the CRS unit (or pixels)."""
    if counts.unit == "pixel":
        return "pixels"
    return "m²" if counts.metres_per_unit == 1.0 else f"square {counts.unit}"


def hectares(counts):
    """Hectares per area unit, or None when the CRS unit is not a length in metres."""
    return None if counts.metres_per_unit is None else counts.metres_per_unit ** 2 / 1e4


def with_interval(value, half, digits=4):
    """'0.8800 ± 0.0700', or '' for an undefined value."""
    return "" if math.isnan(value) else f"{value:.{digits}f} ± {half:.{digits}f}"


def area_text(value, counts, half=None):
    """An area (with its interval) in the map's unit, and in hectares when the unit is the metre."""
    def amount(scale, digits):
        text = f"{value * scale:,.{digits}f}"
        return text if half is None else f"{text} ± {half * scale:,.{digits}f}"
    factor = hectares(counts)
    return f"{amount(1, 0)} {area_unit(counts)}" + (f" ({amount(factor, 1)} ha)" if factor else "")


def assessment_summary(assessment):
    """Overall accuracy with its interval, and what it was estimated from."""
    estimates, z = assessment.estimates, assessment.z
    strata = ("the map classes" if assessment.strata_path is None
              else f"the {len(assessment.counts.strata)} strata of {assessment.strata_path}")
    overall = with_interval(estimates.overall, z * estimates.overall_se)
    return (f'<p class="summary">Overall accuracy <b>{overall}</b> ({assessment.confidence:.0%} '
            "confidence interval), from "
            f"{int(assessment.samples.sum())} reference samples of {html.escape(assessment.reference_path)} "
            f"(field {html.escape(assessment.class_field)}), stratified by {html.escape(strata)}. "
            f"Mapped area: {html.escape(area_text(assessment.total_area, assessment.counts))}.</p>")


def error_matrix_section(assessment):
    """The error matrix in estimated area proportions, rows = map class, columns = reference class."""
    names, matrix = assessment.class_names, assessment.estimates.matrix
    rows = [[name, *(f"{value:.4f}" for value in row), f"{row.sum():.4f}"]
            for name, row in zip(names, matrix)]
    rows.append(["total", *(f"{value:.4f}" for value in matrix.sum(axis=0)), f"{matrix.sum():.4f}"])
    return section("Error matrix in estimated area proportions",
                   paragraph("Rows = map class, columns = reference class. Each cell is the estimated "
                             "proportion of the mapped area with that map class and that reference class "
                             "(Olofsson et al. 2014, eq. 4; Stehman 2014 when strata differ from the map "
                             "classes): rows add up to the map's class proportions, columns to the "
                             "estimated (error-adjusted) class proportions."),
                   table(["map \\ reference", *names, "total"], rows, "error-matrix"))


def class_estimates_section(assessment):
    """Per class: map and estimated areas, user's and producer's accuracies, all with intervals."""
    estimates, z, counts = assessment.estimates, assessment.z, assessment.counts
    total = assessment.total_area
    rows = [[name, area_text(mapped, counts), area_text(total * p, counts, z * total * se), int(n),
             with_interval(u, z * u_se), with_interval(pa, z * pa_se)]
            for name, mapped, p, se, n, u, u_se, pa, pa_se in zip(
                assessment.class_names, assessment.map_areas, estimates.proportions, estimates.proportions_se,
                assessment.sample_counts, estimates.users, estimates.users_se, estimates.producers,
                estimates.producers_se)]
    return section("Areas and accuracies per class",
                   paragraph(f"Intervals are ± their half-width at {assessment.confidence:.0%} confidence "
                             f"(z = {z:.4f}). Map areas count the pixels of each class: they are biased by "
                             "the classification errors. Estimated areas are the error-adjusted areas "
                             "(Olofsson et al. 2014, eq. 9-12)."),
                   table(["class", "map area", "estimated area", "samples (map class)", "user's accuracy",
                          "producer's accuracy"], rows, "class-estimates"),
                   area_chart(assessment))


def area_chart(assessment):
    """Inline SVG: per class, the map area (grey bar) and the estimated area with its interval (blue),
    in hectares when the CRS unit is the metre."""
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
    parts = []
    for (x, _), label, area, value, half in zip(points, labels, mapped, estimated, halves):
        name = html.escape(label)
        parts.append(f'<rect x="{x - width:.1f}" y="{y_of(area):.1f}" width="{width:.1f}" '
                     f'height="{bottom - y_of(area):.1f}" fill="{MAP_AREA_COLOR}"><title>{name}: map area '
                     f"{area:.6g}</title></rect>")
        parts.append(f'<line x1="{x + width / 2:.1f}" y1="{y_of(value - half):.1f}" x2="{x + width / 2:.1f}" '
                     f'y2="{y_of(value + half):.1f}" stroke="{LINE_COLOR}" stroke-width="2"/>'
                     f'<circle cx="{x + width / 2:.1f}" cy="{y_of(value):.1f}" r="4" fill="{LINE_COLOR}">'
                     f"<title>{name}: estimated area {value:.6g} ± {half:.6g}</title></circle>")
    legend = (f'<rect x="{CHART_WIDTH - 300}" y="6" width="10" height="10" fill="{MAP_AREA_COLOR}"/>'
              f'<text x="{CHART_WIDTH - 286}" y="15">map area</text>'
              f'<circle cx="{CHART_WIDTH - 200}" cy="11" r="4" fill="{LINE_COLOR}"/>'
              f'<text x="{CHART_WIDTH - 192}" y="15">estimated area ± interval</text>')
    unit = "ha" if scale != 1.0 else area_unit(counts)
    axes = chart_axes(labels, [0.0, high], points, "class", f"area ({unit})", limits=(0.0, high))
    return (f'<svg class="area-chart" width="{CHART_WIDTH}" height="{CHART_HEIGHT}" '
            f'viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" aria-label="map and estimated areas">'
            f"{axes}{''.join(parts)}{legend}</svg>")


def design_section(assessment):
    """The strata of the sample: pixels, area share, samples and inclusion weight of each."""
    counts = assessment.counts
    if assessment.strata_path is None:
        names = [assessment.class_names[list(assessment.classes).index(code)] for code in counts.strata]
    else:
        names = [str(code) for code in counts.strata]
    total = counts.stratum_pixels.sum()
    rows = [[name, int(pixels), f"{pixels / total:.4f}", int(n), f"{pixels / n:.6g}" if n else ""]
            for name, pixels, n in zip(names, counts.stratum_pixels, assessment.stratum_samples)]
    how = ("Stratified random sample; the strata are the map classes." if assessment.strata_path is None else
           f"Stratified random sample; the strata ({assessment.strata_path}) differ from the map "
           "classes: Stehman (2014)'s estimators.")
    return section("Sample design", paragraph(how),
                   table(["stratum", "pixels", "area share W_h", "samples n_h", "weight N_h / n_h"], rows,
                         "design"))


def assessment_report(assessment, title):
    """The report of a MapAssessment (raster.assessment) as one HTML page."""
    return page(title, [f"<h1>{html.escape(title)}</h1>", assessment_summary(assessment),
                        error_matrix_section(assessment), class_estimates_section(assessment),
                        design_section(assessment), warnings_section(assessment.warnings)])
