"""Checks made once, at the boundary of the core: every message says what is wrong and how to fix it."""

import numpy as np

#: A class needs two samples for a covariance (and for every cross-validation training part).
MIN_SAMPLES_PER_CLASS = 2


def check_samples(X, y, min_per_class=MIN_SAMPLES_PER_CLASS):
    """Return `X` as float64 `(n, d)`, `y` as `(n,)` and the sorted class labels, or raise ValueError."""
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    if X.ndim != 2:
        raise ValueError(f"samples must be a 2-D array (n_samples, n_features); got shape {X.shape}")
    if y.ndim != 1 or len(y) != len(X):
        raise ValueError(f"labels must be a 1-D array with one label per sample: "
                         f"{len(X)} samples but labels of shape {y.shape}")
    if X.shape[1] == 0:
        raise ValueError("samples have no feature (band)")
    if not np.issubdtype(y.dtype, np.integer):
        raise ValueError(f"class labels must be integers (got {y.dtype}); "
                         "map class names to integer codes first")
    bad = ~np.isfinite(X)
    if bad.any():
        rows = np.flatnonzero(bad.any(axis=1))
        raise ValueError(f"{len(rows)} samples contain NaN or infinite values (first at row {rows[0]}, "
                         f"feature {np.flatnonzero(bad[rows[0]])[0]}); remove them or mask no-data")
    labels, counts = np.unique(y, return_counts=True)
    if len(labels) < 2:
        raise ValueError(f"at least two classes are needed; the labels hold only {labels.tolist()}")
    small = counts < min_per_class
    if small.any():
        detail = ", ".join(f"class {label}: {count}" for label, count in zip(labels[small], counts[small]))
        raise ValueError(f"every class needs at least {min_per_class} samples ({detail}); "
                         "add training samples or drop these classes")
    return X, y, labels


def check_choice(name, value, choices):
    """Raise ValueError unless `value` is one of `choices`."""
    if value not in choices:
        raise ValueError(f"unknown {name} {value!r}; choose one of {', '.join(map(repr, choices))}")
    return value
