"""Checks made once, at the boundary of the core: every message says what is wrong and how to fix it."""

import numpy as np

from .texts import QT_TRANSLATE_NOOP, InputError, Text

#: A class needs two samples for a covariance (and for every cross-validation training part).
MIN_SAMPLES_PER_CLASS = 2


def check_samples(X, y, min_per_class=MIN_SAMPLES_PER_CLASS):
    """Return `X` as float64 `(n, d)`, `y` as `(n,)` and the sorted class labels, or raise ValueError."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    if X.ndim != 2:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "samples must be a 2-D array (n_samples, n_features); got shape {shape}"),
            shape=X.shape)
    if y.ndim != 1 or len(y) != len(X):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "labels must be a 1-D array with one label per sample: {samples} samples but labels "
            "of shape {shape}"), samples=len(X), shape=y.shape)
    if X.shape[1] == 0:
        raise InputError(QT_TRANSLATE_NOOP("GmmSelect", "samples have no feature (band)"))
    if not np.issubdtype(y.dtype, np.integer):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "class labels must be integers (got {dtype}); map class names to integer codes "
            "first"), dtype=y.dtype)
    bad = ~np.isfinite(X)
    if bad.any():
        rows = np.flatnonzero(bad.any(axis=1))
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "samples with NaN or infinite values: {count} (first at row {row}, feature "
            "{feature}); remove them or mask no-data"),
            count=len(rows), row=rows[0], feature=np.flatnonzero(bad[rows[0]])[0])
    labels, counts = np.unique(y, return_counts=True)
    if len(labels) < 2:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "at least two classes are needed; the labels hold only {labels}"),
            labels=labels.tolist())
    small = counts < min_per_class
    if small.any():
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "every class needs at least {minimum} samples ({detail}); add training samples or "
            "drop these classes"), minimum=min_per_class, detail=class_counts(labels[small], counts[small]))
    return X, y, labels


def class_counts(labels, counts):
    """'class 1: 5, class 3: 1': each label and its count, a Text (every item translated)."""
    detail = Text(QT_TRANSLATE_NOOP("GmmSelect", "class {label}: {count}"), label=labels[0], count=counts[0])
    for label, count in zip(labels[1:], counts[1:]):
        detail = Text(QT_TRANSLATE_NOOP("GmmSelect", "{previous}, class {label}: {count}"),
                      previous=detail, label=label, count=count)
    return detail


def check_choice(name, value, choices):
    """Raise InputError unless `value` is one of `choices`; `name`, a Text, names what `value` is."""
    if value not in choices:
        raise InputError(QT_TRANSLATE_NOOP("GmmSelect", "unknown {name} {value!r}; choose one of {choices}"),
                         name=name, value=value, choices=", ".join(map(repr, choices)))
    return value
