"""CSV outputs of the training algorithms (confusion matrix, selection curve) and atomic writing.

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
