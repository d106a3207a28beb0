"""CSV outputs of the training algorithms (confusion matrix, selection curve), as text.

Plain functions, no QGIS; the HTML report is `raster.report`; the files are written by the
run's OutputSet (`raster.files`), all together at the end.
"""

import csv
import io

from ..raster.report import figure


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
