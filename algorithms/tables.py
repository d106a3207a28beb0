"""CSV outputs (confusion matrix, selection curve, accuracy and area assessment), as text.

Plain functions, no QGIS; the HTML report is `raster.report`; the files are written by the
run's OutputSet (`raster.files`), all together at the end.
"""

import csv
import io

from ..raster.report import area_decimals, figure


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


#: Columns of the per-class table of an accuracy and area assessment (gmmselect:assess OUTPUT_TABLE).
ASSESSMENT_COLUMNS = ["class", "map_area", "map_proportion", "sample_count", "users_accuracy",
                      "users_accuracy_ci", "producers_accuracy", "producers_accuracy_ci", "estimated_area",
                      "estimated_area_ci", "estimated_proportion"]


def assessment_csv(assessment):
    """One row per class: areas in the square of the CRS unit, every `_ci` the interval's half-width."""
    estimates, z, total = assessment.estimates, assessment.z, assessment.total_area
    shares = assessment.pixels / assessment.pixels.sum()
    digits = area_decimals(assessment.counts, 2)
    return csv_text([ASSESSMENT_COLUMNS, *(
        [name, figure(assessment.map_areas[k], digits), figure(shares[k], 6),
         int(assessment.sample_counts[k]), figure(estimates.users[k], 6),
         figure(z * estimates.users_se[k], 6), figure(estimates.producers[k], 6),
         figure(z * estimates.producers_se[k], 6), figure(total * estimates.proportions[k], digits),
         figure(z * total * estimates.proportions_se[k], digits), figure(estimates.proportions[k], 6)]
        for k, name in enumerate(assessment.class_names))])


def error_matrix_csv(assessment):
    """The error matrix in estimated area proportions: rows = map class, columns = reference class."""
    matrix = assessment.estimates.matrix
    return csv_text([
        ["map \\ reference (estimated area proportions)", *assessment.class_names, "total"],
        *([name, *(figure(value, 6) for value in row), figure(row.sum(), 6)]
          for name, row in zip(assessment.class_names, matrix)),
        ["total", *(figure(value, 6) for value in matrix.sum(axis=0)), figure(matrix.sum(), 6)]])
