"""Checks made once, at the boundary of the core: every message says what is wrong and how to fix it."""

import numpy as np

from .texts import QT_TRANSLATE_NOOP, InputError, Text

#: A class needs two samples for a covariance (and for every cross-validation training part).
MIN_SAMPLES_PER_CLASS = 2


#: The largest |value| of a sample: its square, summed into a covariance, stays finite in float64; and the
#: smallest largest |value| of a set of samples, below which their squares lose their digits (subnormal).
LARGEST_VALUE, SMALLEST_LARGEST_VALUE = 1e150, 1e-150


def numbers(X, dtype=np.float64):
    """`X` as an array of real numbers (of `dtype`, or kept where None), or InputError."""
    try:
        X = np.asarray(X)
        if np.iscomplexobj(X):  # NumPy would drop the imaginary parts with a warning
            raise TypeError(X.dtype)
        X = X.astype(dtype or X.dtype, copy=False)
    except (TypeError, ValueError) as error:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "samples must be an array of real numbers: {problem}"), problem=str(error)) from None
    if not (np.issubdtype(X.dtype, np.integer) or np.issubdtype(X.dtype, np.floating)
            or X.dtype == np.bool_):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "samples must be an array of real numbers: got {dtype}"), dtype=X.dtype)
    return X


def check_finite(X):
    """InputError where samples `X (n, d)` hold NaN, infinite or overflowing values (|x| > LARGEST_VALUE)."""
    if not np.issubdtype(X.dtype, np.floating) or not X.size:
        return
    largest = max(abs(float(X.max())), abs(float(X.min())))  # NaN where a value is NaN
    if not np.isfinite(largest):
        bad = ~np.isfinite(X)
        rows = np.flatnonzero(bad.any(axis=1))
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "samples with NaN or infinite values: {count} (first at row {row}, feature "
            "{feature}); remove them or mask no-data"),
            count=len(rows), row=rows[0], feature=np.flatnonzero(bad[rows[0]])[0])
    if largest > LARGEST_VALUE or 0 < largest < SMALLEST_LARGEST_VALUE:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "samples hold values up to {largest:.3g}, whose squares in a covariance overflow or "
            "lose their digits; scale the bands by a power of ten first (a fill value: set it as the bands' "
            "no-data)"), largest=largest)


def check_features(X, n_features, dtype=np.float64):
    """`X` as samples `(n, n_features)` (of `dtype`, or kept where None), or InputError."""
    X = numbers(X, dtype)
    if X.ndim != 2 or X.shape[1] != n_features:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "samples must be a 2-D array (n_samples, {features}) for a model of {features} "
            "features; got shape {shape} (one sample: X[None], of shape (1, {features}))"),
            features=n_features, shape=X.shape)
    check_finite(X)
    return X


def check_ridge_scale(X, ridge_scale):
    """The divisors sqrt(ridge_scale) of the ridge units X / sqrt(ridge_scale) of checked samples `X (n, d)`
    (None for None), or InputError: one finite variance > 0 per band, and X in ridge units as check_finite
    would pass them (their extremes are each band's extremes divided, without a copy of X)."""
    if ridge_scale is None:
        return None
    scale = numbers(ridge_scale)
    if scale.shape != (X.shape[1],) or not np.all(np.isfinite(scale)) or not np.all(scale > 0):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the ridge scale needs one finite variance > 0 per band ({bands})"),
            bands=X.shape[1])
    root = np.sqrt(scale)
    extremes = np.array([X.max(axis=0), X.min(axis=0)]) / root  # division by root > 0 keeps the order
    check_finite(extremes if np.all(np.isfinite(extremes)) else X / root)
    return root


def check_feature_indices(features, n_features):
    """`features` (None: all) as distinct feature positions in 0..n_features-1, a boolean mask of
    `n_features` as the positions it holds; else InputError."""
    if features is None:
        return np.arange(n_features)
    features = np.asarray(features)
    if features.dtype == np.bool_ and features.shape == (n_features,):
        features = np.flatnonzero(features)
    if (features.ndim != 1 or not len(features) or not np.issubdtype(features.dtype, np.integer)
            or features.min() < 0 or features.max() >= n_features
            or len(np.unique(features)) < len(features)):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "features must be distinct feature positions from 0 to {last} (or a boolean mask of "
            "{count}); got {features}"), last=n_features - 1, count=n_features, features=features.tolist())
    return features.astype(np.intp)


def check_tau(tau):
    """The ridge `tau` as a float, or InputError unless a finite number >= 0."""
    try:
        tau = float(tau)
    except (TypeError, ValueError):
        tau = float("nan")
    if not (np.isfinite(tau) and tau >= 0):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the ridge tau must be a finite number >= 0; got {tau}"), tau=tau)
    return tau


def check_samples(X, y, min_per_class=MIN_SAMPLES_PER_CLASS):
    """Return `X` as float64 `(n, d)`, `y` as `(n,)` and the sorted class labels, or raise ValueError."""
    X = numbers(X)
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
    check_finite(X)
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
    if not isinstance(value, str) or value not in choices:  # not a list, which a set cannot hold
        raise InputError(QT_TRANSLATE_NOOP("GmmSelect", "unknown {name} {value!r}; choose one of {choices}"),
                         name=name, value=value, choices=", ".join(map(repr, choices)))
    return value
