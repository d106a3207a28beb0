"""CSV outputs (confusion matrix, selection curve, accuracy and area assessment) and atomic writing.

Plain functions, no QGIS; the HTML report is `gmmselect.report`. Each file is written to a
temporary name next to its target and renamed, so a failed run leaves no partial file.
"""

import csv
import io
import os

from ..raster.report import figure


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
        writer.writerow([name, *row.tolist(), int(row.sum()), figure(producer)])
    columns = assessment.confusion.astype(int).sum(axis=0)
    writer.writerow(["total", *columns.tolist(), int(columns.sum()), ""])
    writer.writerow(["users_accuracy", *[figure(u) for u in assessment.users], "", ""])
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


#: Columns of the per-class table of an accuracy and area assessment (gmmselect:assess OUTPUT_TABLE).
ASSESSMENT_COLUMNS = ["class", "map_area", "map_proportion", "sample_count", "users_accuracy",
                      "users_accuracy_ci", "producers_accuracy", "producers_accuracy_ci", "estimated_area",
                      "estimated_area_ci", "estimated_proportion"]


def assessment_csv(assessment):
    """One row per class: areas in the square of the CRS unit, every `_ci` the interval's half-width."""
    estimates, z, total = assessment.estimates, assessment.z, assessment.total_area
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(ASSESSMENT_COLUMNS)
    shares = assessment.pixels / assessment.pixels.sum()
    for k, name in enumerate(assessment.class_names):
        writer.writerow([
            name, figure(assessment.map_areas[k], 2), figure(shares[k], 6), int(assessment.sample_counts[k]),
            figure(estimates.users[k], 6), figure(z * estimates.users_se[k], 6),
            figure(estimates.producers[k], 6), figure(z * estimates.producers_se[k], 6),
            figure(total * estimates.proportions[k], 2), figure(z * total * estimates.proportions_se[k], 2),
            figure(estimates.proportions[k], 6)])
    return buffer.getvalue()


def error_matrix_csv(assessment):
    """The error matrix in estimated area proportions: rows = map class, columns = reference class."""
    matrix = assessment.estimates.matrix
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["map \\ reference (estimated area proportions)", *assessment.class_names, "total"])
    for name, row in zip(assessment.class_names, matrix):
        writer.writerow([name, *(figure(value, 6) for value in row), figure(row.sum(), 6)])
    writer.writerow(["total", *(figure(value, 6) for value in matrix.sum(axis=0)), figure(matrix.sum(), 6)])
    return buffer.getvalue()
