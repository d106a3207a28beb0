"""Text outputs of the training algorithms: HTML report, confusion matrix CSV, selection curve CSV.

Plain functions of a `training.TrainingResult`; no QGIS. Each file is written to a temporary
name next to its target and renamed, so a failed run leaves no partial file.
"""

import csv
import html
import io
import os

import numpy as np


def write_atomically(path, text):
    """Write `text` (UTF-8) to `path` through a temporary file in the same folder."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    temporary = os.path.join(folder, f".{os.path.basename(path)}.part")
    try:
        with open(temporary, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
        os.replace(temporary, path)
    finally:
        if os.path.exists(temporary):
            os.remove(temporary)


def confusion_csv(assessment, class_names):
    """Confusion matrix as CSV: rows = reference, columns = predicted, then producer's accuracy.

    A last row gives the user's accuracy of each predicted class.
    """
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow([f"reference \\ predicted ({assessment.source})", *class_names, "total",
                     "producers_accuracy"])
    for name, row, producer in zip(class_names, assessment.confusion.astype(int), assessment.producers):
        writer.writerow([name, *row.tolist(), int(row.sum()), _figure(producer)])
    columns = assessment.confusion.astype(int).sum(axis=0)
    writer.writerow(["total", *columns.tolist(), int(columns.sum()), ""])
    writer.writerow(["users_accuracy", *[_figure(u) for u in assessment.users], "", ""])
    return buffer.getvalue()


def curve_csv(model):
    """One row per selection size: criterion value and the best set by band number and by name."""
    selection = model.selection
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["size", selection.criterion, "selected", "bands", "band_names"])
    chosen = set(model.features)
    for size in selection.sizes:
        best = selection.best_sets[size]
        writer.writerow([size, f"{selection.best_values[size]:.8g}", int(set(best) == chosen),
                         ";".join(str(model.band_numbers[f]) for f in best),
                         ";".join(model.feature_names[f] for f in best)])
    return buffer.getvalue()


def _figure(value, digits=4):
    """A rounded figure, or '' for NaN (a class absent from the reference or the prediction)."""
    return "" if value is None or np.isnan(value) else f"{value:.{digits}f}"


def _table(header, rows):
    """An HTML table of escaped cells."""
    head = "".join(f"<th>{html.escape(str(cell))}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
                   for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _confusion_table(assessment, class_names):
    """Confusion matrix with producer's and user's accuracies and F1."""
    rows = [[name, *row.tolist(), int(row.sum()), _figure(p), _figure(f)]
            for name, row, p, f in zip(class_names, assessment.confusion.astype(int),
                                       assessment.producers, assessment.f1)]
    rows.append(["user's accuracy", *[_figure(u) for u in assessment.users], "", "", ""])
    return _table(["reference \\ predicted", *class_names, "total", "producer's accuracy", "F1"], rows)


def report_html(result, title):
    """The training report: inputs, samples, tau or selection, bands, accuracies, timings."""
    model, info = result.model, result.model.info
    names = list(model.mixture.class_names_)
    parts = [f"<h1>{html.escape(title)}</h1>"]
    source = info.get("source", {})
    if source:
        parts.append("<h2>Inputs</h2>" + _table(["input", "value"], sorted(source.items())))
    parts.append("<h2>Parameters</h2>" + _table(["parameter", "value"], sorted(info["parameters"].items())))
    parts.append("<h2>Samples</h2>" + _table(
        ["class", "training samples", "training polygons", "held-out samples", "held-out polygons"],
        [[name, info["samples_per_class"][name]["train"], info["polygons_per_class"][name]["train"],
          info["samples_per_class"][name]["validation"], info["polygons_per_class"][name]["validation"]]
         for name in names]))
    if model.tau_search is not None:
        search = model.tau_search
        parts.append(f"<h2>Ridge (tau) search</h2><p>Criterion: {html.escape(search.criterion)}, "
                     f"mean over {search.folds} folds. Chosen tau = {search.tau:.6g}.</p>"
                     + _table(["tau", search.criterion], [[f"{t:.6g}", f"{v:.4f}"]
                                                         for t, v in zip(search.grid, search.values)]))
    if model.selection is not None:
        selection = model.selection
        parts.append(f"<h2>Band selection</h2><p>{selection.method.upper()}, criterion "
                     f"{html.escape(selection.criterion)}; best size (within tolerance of the best "
                     f"value): {selection.best_size}.</p>" + _table(
                         ["size", selection.criterion, "bands", "band names"],
                         [[size, f"{selection.best_values[size]:.6g}",
                           ", ".join(str(model.band_numbers[f]) for f in selection.best_sets[size]),
                           ", ".join(model.feature_names[f] for f in selection.best_sets[size])]
                          for size in selection.sizes]))
    parts.append("<h2>Bands used for prediction</h2><p>"
                 + html.escape(", ".join(f"{result.selected_bands[i]} ({n})"
                                         for i, n in enumerate(result.selected_names)))
                 + f"</p><p>Tau = {info['tau']:.6g}. The final model was "
                 f"{html.escape(info['final_model'])}.</p>")
    if result.validation is not None:
        validation = result.validation
        parts.append(f"<h2>Accuracy on the held-out polygons</h2><p>Overall accuracy "
                     f"{validation.overall_accuracy:.4f}, kappa {validation.kappa:.4f}, mean F1 "
                     f"{validation.mean_f1:.4f}. These polygons were not used for selection, the tau "
                     "search or the final fit.</p>" + _confusion_table(validation, names))
    cv = result.cross_validation
    parts.append(f"<h2>Cross-validation on the training polygons</h2><p>Overall accuracy "
                 f"{cv.overall_accuracy:.4f}, kappa {cv.kappa:.4f}, mean F1 {cv.mean_f1:.4f} "
                 "(means over folds; the matrix is pooled over folds).</p>" + _confusion_table(cv, names))
    if info.get("warnings"):
        parts.append("<h2>Warnings</h2><ul>" + "".join(f"<li>{html.escape(w)}</li>" for w in info["warnings"])
                     + "</ul>")
    parts.append("<h2>Timings</h2>" + _table(["step", "seconds"], sorted(info["timings_s"].items())))
    style = ("body{font-family:sans-serif;margin:1.5em}table{border-collapse:collapse;margin:.5em 0}"
             "td,th{border:1px solid #bbb;padding:2px 8px;text-align:right}th{background:#eee}")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
            f"<style>{style}</style></head><body>{''.join(parts)}</body></html>\n")
