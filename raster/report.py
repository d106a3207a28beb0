"""The training report: one self-contained HTML page (inline SVG charts, no external file).

Built from a SavedModel alone (its arrays and its `info`), so a report can be written again from
any .gmm file. Standard library and the core only: no QGIS, no GDAL. Every text that comes from
the user (paths, field, class and band names) is escaped.
"""

import html
import math

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
STEP_NAMES = {"sampling": "sampling", "tau_search": "tau search", "selection": "band selection",
              "cross_validation": "cross-validation", "fit": "final fit",
              "validation": "held-out assessment"}


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
    """(low, high) of the y axis: the values' range with 5 % padding (never empty)."""
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


def chart_axes(labels, values, points, x_title, y_title):
    """SVG axes with the x labels (thinned to about 12), 5 y ticks and the axis titles."""
    bottom, right = CHART_HEIGHT - MARGIN_BOTTOM, CHART_WIDTH - MARGIN_RIGHT
    parts = [f'<line x1="{MARGIN_LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#444"/>',
             f'<line x1="{MARGIN_LEFT}" y1="{MARGIN_TOP}" x2="{MARGIN_LEFT}" y2="{bottom}" stroke="#444"/>']
    every = max(1, math.ceil(len(labels) / 12))
    for k, ((x, _), label) in enumerate(zip(points, labels)):
        if k % every == 0:
            parts.append(f'<text x="{x:.1f}" y="{bottom + 15}" text-anchor="middle">'
                         f"{html.escape(label)}</text>")
    low, high = value_range(values)
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
    dots = "".join(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#4e79a7"><title>{html.escape(label)}: '
                   f"{value:.6g}</title></circle>" for (x, y), label, value in zip(points, labels, values))
    mark = ""
    if chosen is not None:
        x, y = points[chosen]
        mark = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" fill="none" stroke="#e15759" stroke-width="2"/>'
                f'<text x="{x:.1f}" y="{y - 11:.1f}" text-anchor="middle" fill="#e15759">chosen</text>')
    return (f'<svg class="{css_class}" width="{CHART_WIDTH}" height="{CHART_HEIGHT}" '
            f'viewBox="0 0 {CHART_WIDTH} {CHART_HEIGHT}" role="img" aria-label="{html.escape(y_title)}">'
            f"{chart_axes(labels, values, points, x_title, y_title)}"
            f'<polyline fill="none" stroke="#4e79a7" stroke-width="2" points="{line}"/>{dots}{mark}</svg>')


# -- sections -------------------------------------------------------------------------------

def summary(model):
    """The headline: kappa and overall accuracy, and where they were measured."""
    info = model.info
    figures = info.get("validation") or info["cross_validation"]
    how = ("measured on the held-out polygons" if info.get("validation")
           else "estimated by cross-validation on the training polygons")
    return (f'<p class="summary">Kappa <b>{figure(figures["kappa"])}</b>, overall accuracy '
            f'<b>{figure(figures["overall_accuracy"])}</b>, {how}. '
            f"{len(info['classes'])} classes, {len(model.features)} of {len(model.band_numbers)} bands "
            f"used, tau = {model.mixture.tau_:.6g}. "
            f"Created {html.escape(info.get('created', ''))} (UTC).</p>")


def parameters_section(info):
    """The inputs and the parameters the model was trained with."""
    inputs = [[key, value] for key, value in info.get("source", {}).items()]
    parameters = [[key.replace("_", " "), value] for key, value in info.get("parameters", {}).items()]
    return section("Parameters", table(["input", "value"], inputs, "inputs"),
                   table(["parameter", "value"], parameters, "parameters"),
                   paragraph(f"The final model was {info['final_model']}."))


def samples_section(info):
    """Training and held-out samples and polygons of each class, with the class colour."""
    colors = info.get("class_colors") or [FALLBACK_COLOR] * len(info["classes"])
    rows = []
    for name, color in zip(info["classes"], colors):
        samples, polygons = info["samples_per_class"][name], info["polygons_per_class"][name]
        rows.append([name, swatch(color), samples["train"], polygons["train"], samples["validation"],
                     polygons["validation"]])
    totals = [sum(row[k] for row in rows) for k in range(2, 6)]
    rows.append(["total", "", *totals])
    return section("Training samples per class", table(
        ["class", "colour", "training samples", "training polygons", "held-out samples",
         "held-out polygons"], rows, "samples"))


def band_label(model, feature):
    """'4 (Band 4)': band number and name of a feature position."""
    return f"{model.band_numbers[feature]} ({model.feature_names[feature]})"


def selection_section(model):
    """The selection curve (criterion of the best set of each size) as a chart and a table."""
    selection = model.selection
    sizes = selection.sizes
    chosen = sizes.index(len(model.features)) if len(model.features) in sizes else None
    chart = line_chart([str(size) for size in sizes], [selection.best_values[size] for size in sizes],
                       chosen, "number of bands", selection.criterion, "selection-curve")
    rows = [[size, f"{selection.best_values[size]:.6g}",
             ", ".join(band_label(model, f) for f in selection.best_sets[size])] for size in sizes]
    how = (f"{selection.method.upper()}, criterion {selection.criterion}; the best size is the smallest "
           f"within {selection.size_tolerance:g} (relative) of the best value: {selection.best_size}.")
    return section("Selection curve", paragraph(how), chart,
                   table(["bands", selection.criterion, "best set: band number (name)"], rows, "curve"))


def bands_section(model):
    """The bands the model predicts with: number, name and wavelength when the raster gives them."""
    wavelengths = model.info.get("wavelengths")
    header = ["position", "band number", "name"] + (["wavelength"] if wavelengths else [])
    rows = [[k, model.band_numbers[f], model.feature_names[f]]
            + ([f"{wavelengths[f]:g}"] if wavelengths else []) for k, f in enumerate(model.features, 1)]
    note = "" if wavelengths else paragraph("Wavelengths: not in the raster's metadata.")
    return section("Selected bands", table(header, rows, "bands"), note)


def tau_section(model):
    """The ridge tau: its CV curve when it was searched, else where it came from."""
    tau = model.mixture.tau_
    search = model.tau_search
    if search is None:
        return section("Ridge tau", paragraph(f"tau = {tau:.6g}, given (TAU): the band selection and "
                                              "the model use it; no search."))
    if len(search.grid) == 1:
        return section("Ridge tau", paragraph(f"tau = {tau:.6g}, given (TAU): one value, no search."))
    labels = ["0" if t == 0 else f"{t:.2g}" for t in search.grid]
    chosen = int(min(range(len(search.grid)), key=lambda k: abs(search.grid[k] - search.tau)))
    if model.info["parameters"]["folds"] == 0:
        how = (f"tau = {tau:.6g}, chosen over {len(search.grid)} values by leave-one-out cross-validation "
               f"on the training polygons (criterion: {search.criterion} of the pooled confusion matrix of "
               f"the {search.folds} parts left out; ties go to the smallest tau).")
    else:
        how = (f"tau = {tau:.6g}, chosen over {len(search.grid)} values by {search.folds}-fold "
               f"cross-validation on the training polygons (criterion: mean {search.criterion} over the "
               "folds; ties go to the smallest tau).")
    rows = [[f"{t:.6g}", f"{v:.4f}"] for t, v in zip(search.grid, search.values)]
    return section("Ridge tau", paragraph(how),
                   line_chart(labels, search.values, chosen, "tau (the grid's values, evenly spaced)",
                              f"CV {search.criterion}", "tau-curve"),
                   table(["tau", f"CV {search.criterion}"], rows, "tau"))


def how_obtained(info, key):
    """How the figures of assessment `key` ('validation' or 'cross_validation') were obtained."""
    parameters = info["parameters"]
    if key == "validation":
        n_samples = sum(s["validation"] for s in info["samples_per_class"].values())
        n_polygons = sum(p["validation"] for p in info["polygons_per_class"].values())
        return (f"Measured on the {n_samples} samples of the {n_polygons} polygons held out "
                f"(VALIDATION = {parameters['validation']:g} of the polygons of each class, seed "
                f"{parameters['seed']}): the tau search, the band selection and the final fit never "
                "saw them.")
    if parameters["folds"] == 0:
        left_out = "each polygon" if parameters["grouped"] else "each sample"
        return (f"Estimated by leave-one-out cross-validation on the training polygons: {left_out} is "
                "predicted by the model without it (exact, in closed form or by downdate). Overall "
                "accuracy, kappa and mean F1 are those of the pooled confusion matrix of all predictions.")
    folds = ("folds hold whole polygons" if parameters["grouped"] else "stratified folds of pixels")
    return (f"Estimated by {parameters['folds']}-fold cross-validation on the training polygons ({folds}): "
            "each fold is predicted by the model fitted without it. Overall accuracy, kappa and mean F1 "
            "are means over the folds; the matrix sums the predictions of all folds.")


def confusion_table(figures):
    """The confusion matrix, rows = reference, columns = predicted, with totals."""
    names, matrix = figures["classes"], figures["confusion"]
    rows = [[name, *row, sum(row)] for name, row in zip(names, matrix)]
    columns = [sum(column) for column in zip(*matrix)]
    rows.append(["total", *columns, sum(columns)])
    return table(["reference \\ predicted", *names, "total"], rows, "confusion")


def class_table(figures):
    """Producer's accuracy, user's accuracy and F1 of each class."""
    rows = [[name, figure(p), figure(u), figure(f)] for name, p, u, f in
            zip(figures["classes"], figures["producers_accuracy"], figures["users_accuracy"], figures["f1"])]
    return table(["class", "producer's accuracy", "user's accuracy", "F1"], rows, "classes")


def accuracy_section(info, key, title):
    """Assessment `key` of the info: how it was obtained, OA, kappa, mean F1, the confusion matrix
    and the per-class figures."""
    figures = info[key]
    overall = table(["figure", "value"], [["overall accuracy", figure(figures["overall_accuracy"])],
                                          ["kappa", figure(figures["kappa"])],
                                          ["mean F1", figure(figures["mean_f1"])]], "overall")
    return section(title, paragraph(how_obtained(info, key)), overall,
                   paragraph("Confusion matrix: rows = reference (the class of the polygon), "
                             "columns = predicted class."),
                   confusion_table(figures), class_table(figures))


def timings_section(info):
    """Seconds spent in each step, and their sum."""
    timings = info.get("timings_s", {})
    rows = [[STEP_NAMES.get(step, step.replace("_", " ")), f"{seconds:.2f}"]
            for step, seconds in timings.items()]
    rows.append(["total", f"{sum(timings.values()):.2f}"])
    return section("Timings", table(["step", "seconds"], rows, "timings"))


def warnings_section(info):
    """The warnings of the sampling and of the hold-out, if any."""
    warnings = info.get("warnings") or []
    if not warnings:
        return ""
    return section("Warnings", "<ul>" + "".join(f"<li>{html.escape(w)}</li>" for w in warnings) + "</ul>")


def report_html(model, title):
    """The whole report of a trained SavedModel as one HTML page."""
    info = model.info
    parts = [f"<h1>{html.escape(title)}</h1>", summary(model), parameters_section(info),
             samples_section(info)]
    if model.selection is not None:
        parts.append(selection_section(model))
    parts += [bands_section(model), tau_section(model)]
    if info.get("validation"):
        parts.append(accuracy_section(info, "validation", "Accuracy on the held-out polygons"))
    parts += [accuracy_section(info, "cross_validation", "Cross-validation on the training polygons"),
              warnings_section(info), timings_section(info)]
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>\n"
            f"{''.join(parts)}\n</body></html>\n")
