"""Accuracy criteria from confusion matrices M (rows = reference, columns = predicted).

All functions take a batch of matrices `(..., C, C)` and return `(...)`, so one call scores every
candidate feature of a selection step.
"""

from dataclasses import dataclass

import numpy as np

from .texts import QT_TRANSLATE_NOOP, InputError


def confusion_matrices(reference, predicted, n_classes):
    """Confusion matrices of class indices: `reference (n,)`, `predicted (..., n)` -> `(..., C, C)`."""
    predicted = np.asarray(predicted)
    batch = predicted.shape[:-1]
    cells = np.asarray(reference) * n_classes + predicted.reshape(-1, predicted.shape[-1])
    cells = cells + (np.arange(len(cells)) * n_classes * n_classes)[:, None]
    counts = np.bincount(cells.ravel(), minlength=len(cells) * n_classes * n_classes)
    return counts.reshape(*batch, n_classes, n_classes).astype(np.float64)


def confusion_matrix(y_true, y_pred, labels):
    """Confusion matrix `(C, C)` of label arrays, classes in the order of `labels`."""
    labels = np.asarray(labels)
    index = {label: i for i, label in enumerate(labels.tolist())}
    y_true, y_pred = np.asarray(y_true).tolist(), np.asarray(y_pred).tolist()
    unknown = sorted({str(label) for label in y_true + y_pred if label not in index})
    if len(index) < len(labels) or len(y_true) != len(y_pred) or unknown:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "a confusion matrix needs as many predicted labels as reference labels ({true} and "
            "{predicted} given), each among `labels`, given once (not among them: {unknown})"),
            true=len(y_true), predicted=len(y_pred), unknown=", ".join(unknown) or "-")
    reference = np.array([index[label] for label in y_true], dtype=np.intp)
    predicted = np.array([index[label] for label in y_pred], dtype=np.intp)
    return confusion_matrices(reference, predicted, len(labels))


def overall_accuracy(M):
    """OA = trace(M) / N."""
    return np.trace(M, axis1=-2, axis2=-1) / M.sum(axis=(-2, -1))


def cohen_kappa(M):
    """kappa = (OA - pe) / (1 - pe), pe = sum_c (row_c/N)(col_c/N); 0 where pe = 1 (one class only).

    Computed as 1 - N d / D, d = N - trace(M) the disagreements and D = sum_c row_c (N - col_c) =
    sum_(c != c') row_c col_c' = N^2 (1 - pe) those expected by chance: no difference of numbers near 1 (of
    counts, both are exact), so a pe within 1e-5 of 1 (a perfect matrix of 200000 samples and 1 of a rare
    class) keeps its kappa; D = 0 only where one class holds every sample, referenced and predicted. NaN for
    a matrix of no sample, as the overall accuracy.
    """
    total = M.sum(axis=(-2, -1))
    rows, cols = M.sum(axis=-1), M.sum(axis=-2)
    chance = (rows * (np.expand_dims(total, -1) - cols)).sum(axis=-1)
    disagreements = total - np.trace(M, axis1=-2, axis2=-1)
    undefined = chance == 0
    with np.errstate(invalid="ignore", divide="ignore"):
        kappa = 1.0 - total * disagreements / np.where(undefined, 1.0, chance)
    return np.where(total > 0, np.where(undefined, 0.0, kappa), np.nan)


def class_accuracies(M):
    """Per class: producer's accuracy M_cc/row_c, user's accuracy M_cc/col_c and F1 2 M_cc/(row_c + col_c).

    A ratio with an empty denominator is NaN (class absent from the reference or the prediction).
    """
    diagonal = np.diagonal(M, axis1=-2, axis2=-1)
    rows, cols = M.sum(axis=-1), M.sum(axis=-2)
    with np.errstate(invalid="ignore", divide="ignore"):
        return diagonal / rows, diagonal / cols, 2 * diagonal / (rows + cols)


def mean_f1(M):
    """Mean of F1_c = 2 M_cc / (row_c + col_c) over the classes present (row_c + col_c > 0)."""
    diagonal = np.diagonal(M, axis1=-2, axis2=-1)
    present = M.sum(axis=-1) + M.sum(axis=-2)
    f1 = 2 * diagonal / np.where(present > 0, present, 1.0)
    return f1.sum(axis=-1) / (present > 0).sum(axis=-1)


#: The cross-validated scores, keyed like the choices of the tau search and the CV selection criteria.
CV_SCORES = {"accuracy": overall_accuracy, "kappa": cohen_kappa, "f1": mean_f1}


@dataclass
class Assessment:
    """Accuracy figures of one confusion matrix `(C, C)` (rows = reference) and where it was measured."""

    source: str
    confusion: np.ndarray
    overall_accuracy: float
    kappa: float
    mean_f1: float
    producers: np.ndarray
    users: np.ndarray
    f1: np.ndarray

    @classmethod
    def of(cls, source, confusion, overall=None, kappa=None, f1=None):
        """The figures of `confusion`; CV passes its means over folds as overall, kappa and f1."""
        producers, users, per_class_f1 = class_accuracies(confusion)
        return cls(source, confusion,
                   float(overall_accuracy(confusion) if overall is None else overall),
                   float(cohen_kappa(confusion) if kappa is None else kappa),
                   float(mean_f1(confusion) if f1 is None else f1),
                   producers, users, per_class_f1)
