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
    confusion = assessment.confusion.astype(int)
    columns = confusion.sum(axis=0)
    return csv_text([
        [f"reference \\ predicted ({assessment.source})", *class_names, "total", "producers_accuracy"],
        *([name, *row.tolist(), int(row.sum()), figure(producer)]
          for name, row, producer in zip(class_names, confusion, assessment.producers)),
        ["total", *columns.tolist(), int(columns.sum()), ""],
        ["users_accuracy", *[figure(u) for u in assessment.users], "", ""]])


def curve_rows(model):
    """One row per selection size: size, criterion value, 1 if the model uses that size's best set
    (else 0), and the set's band numbers and names, each joined by ';'."""
    selection = model.selection
    chosen = set(model.features)
    return [[size, f"{selection.best_values[size]:.8g}", int(set(best) == chosen),
             ";".join(str(model.band_numbers[f]) for f in best),
             ";".join(model.feature_names[f] for f in best)]
            for size, best in ((size, selection.best_sets[size]) for size in selection.sizes)]


def curve_csv(model):
    """The selection curve as CSV: size, the criterion (named by its key), selected, bands, band_names."""
    header = ["size", model.selection.criterion, "selected", "bands", "band_names"]
    return csv_text([header, *curve_rows(model)])


def csv_text(rows):
    """The CSV text of `rows` (lines end with '\\n'), as every CSV of the plugin is written."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(rows)
    return buffer.getvalue()
