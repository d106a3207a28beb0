"""Seeded cross-validation folds: stratified by class, or by whole groups (polygons); or leave-one-out."""

import numpy as np

from .texts import QT_TRANSLATE_NOOP, InputError, Text
from .validation import MIN_SAMPLES_PER_CLASS

#: The `folds` value asking for leave-one-out (one sample, or one group, out at a time).
LEAVE_ONE_OUT = "loo"


def stratified_folds(y, n_folds, seed=0):
    """Fold index `(n,)` of each sample: each class shuffled (seeded) and dealt round-robin."""
    rng = np.random.default_rng(seed)
    fold = np.empty(len(y), dtype=np.intp)
    start = 0
    for label in np.unique(y):
        members = rng.permutation(np.flatnonzero(y == label))
        fold[members] = (start + np.arange(len(members))) % n_folds
        start += len(members)
    return fold


def grouped_folds(y, groups, n_folds, seed=0):
    """Fold index of each sample such that a group is never split; classes spread over the folds.

    Groups are taken largest first (seeded order among equal sizes) and each goes to the fold
    holding the fewest samples of its majority class so far (ties: fewest samples overall).
    """
    rng = np.random.default_rng(seed)
    group_ids, group_of = np.unique(groups, return_inverse=True)
    labels, label_of = np.unique(y, return_inverse=True)
    counts = np.zeros((len(group_ids), len(labels)))
    np.add.at(counts, (group_of, label_of), 1)
    sizes = counts.sum(axis=1)
    order = rng.permutation(len(group_ids))
    order = order[np.argsort(-sizes[order], kind="stable")]
    per_fold = np.zeros((n_folds, len(labels)))
    fold_of_group = np.empty(len(group_ids), dtype=np.intp)
    for g in order:
        majority = np.argmax(counts[g])
        keys = per_fold[:, majority] * (sizes.sum() + 1) + per_fold.sum(axis=1)
        fold_of_group[g] = np.argmin(keys)
        per_fold[fold_of_group[g]] += counts[g]
    return fold_of_group[group_of]


def is_leave_one_out(n_folds):
    """True when `n_folds` asks for leave-one-out (LEAVE_ONE_OUT)."""
    return isinstance(n_folds, str) and n_folds == LEAVE_ONE_OUT


def check_groups(y, groups):
    """`groups` as an array of one group per sample, or ValueError."""
    groups = np.asarray(groups)
    if groups.shape != y.shape:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "groups must give one group per sample: {samples} samples, groups of shape {shape}"),
            samples=len(y), shape=groups.shape)
    try:
        np.unique(groups)
    except TypeError:  # None beside numbers, texts beside numbers
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "groups must be all numbers or all texts, each sample's group given")) from None
    if np.issubdtype(groups.dtype, np.floating) and np.isnan(groups).any():
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "groups hold NaN for {count} samples (first at row {row}): give each sample its "
            "group (NaN would make them one group)"),
            count=int(np.isnan(groups).sum()), row=int(np.flatnonzero(np.isnan(groups))[0]))
    return groups


def make_folds(y, n_folds=5, groups=None, seed=0):
    """Fold index of each sample, checked: every fold tests something and trains enough samples per class
    (MIN_SAMPLES_PER_CLASS).

    n_folds = LEAVE_ONE_OUT: each sample its own fold, or with `groups` each group (leave-one-group-out);
    ungrouped, a class of two samples is allowed (see leaveoneout: its left-out model is the ridge).
    """
    y = np.asarray(y)
    check_seed(seed)
    if is_leave_one_out(n_folds):
        if groups is None:
            return np.arange(len(y))
        group_ids, fold = np.unique(check_groups(y, groups), return_inverse=True)
        check_left_out_groups(y, fold, group_ids)
        return fold
    if not whole_number(n_folds) or n_folds < 2:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the number of folds must be an integer >= 2, or '{loo}' for leave-one-out; got "
            "{folds!r}"), loo=LEAVE_ONE_OUT, folds=n_folds)
    n_folds = int(n_folds)
    if n_folds > len(y) // 2:
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{folds} folds of {samples} samples would test fewer than 2 samples each, whose "
            "accuracy, kappa and F1 mean nothing; use folds='{loo}' (leave-one-out: the n left-out "
            "predictions pooled) or at most {most} folds"), folds=n_folds, samples=len(y), loo=LEAVE_ONE_OUT,
            most=len(y) // 2)
    if groups is None:
        fold = stratified_folds(y, n_folds, seed)
    else:
        groups = check_groups(y, groups)
        n_groups = len(np.unique(groups))
        if n_groups < n_folds:
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "grouped {folds}-fold cross-validation needs at least {folds} groups "
                "(polygons); there are {groups}: use fewer folds or ungrouped folds"),
                folds=n_folds, groups=n_groups)
        fold = grouped_folds(y, groups, n_folds, seed)
    check_folds(y, fold, n_folds, groups)
    return fold


def fixed_seed(seed):
    """True for a seed that fixes the draws: a whole number >= 0."""
    return whole_number(seed) and seed >= 0


def check_seed(seed):
    """InputError unless `seed` is a whole number >= 0, a NumPy Generator or None (fresh entropy)."""
    if seed is None or isinstance(seed, np.random.Generator) or fixed_seed(seed):
        return
    raise InputError(QT_TRANSLATE_NOOP(
        "GmmSelect", "the seed must be a whole number >= 0 (or a NumPy Generator, or None); got {seed!r}"),
        seed=seed)


def whole_number(value):
    """True for a whole number (an int, or a float without fraction), not a text, a bool or NaN."""
    if isinstance(value, (str, bool, np.bool_)):
        return False
    try:
        return float(value) == int(value)
    except (TypeError, ValueError, OverflowError):
        return False


def short_fold(y, fold, n_folds):
    """(label, fold, left): the first fold (0-based) whose training part holds `left` < MIN_SAMPLES_PER_CLASS
    samples of class `label`, or None when every fold trains enough of every class."""
    labels, code = np.unique(y, return_inverse=True)
    for v in range(n_folds):
        left = np.bincount(code[fold != v], minlength=len(labels))
        short = np.flatnonzero(left < MIN_SAMPLES_PER_CLASS)
        if short.size:
            return labels[short[0]], v, int(left[short[0]])
    return None


def check_folds(y, fold, n_folds, groups=None):
    """Raise ValueError when a fold's training part holds fewer than MIN_SAMPLES_PER_CLASS of a class; with
    `groups`, saying so where no number of grouped folds can train it (one group holds all but fewer than
    MIN_SAMPLES_PER_CLASS of its samples: the fold holding that group leaves too few)."""
    short = short_fold(y, fold, n_folds)
    if short is None:
        return
    label, v, left = short
    total = int(np.sum(y == label))
    if groups is not None:
        ids, sizes = np.unique(groups[y == label], return_counts=True)
        if total - sizes.max() < MIN_SAMPLES_PER_CLASS:
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "class {label} has {total} samples, {largest} of them in group {group!r}: "
                "grouped cross-validation tests that group on a model trained without it, on {rest} "
                "({minimum} needed), whatever the number of folds; draw more polygons (groups) of it, or "
                "turn grouped folds off (groups=None)"),
                label=label, total=total, largest=int(sizes.max()), group=ids[np.argmax(sizes)].item(),
                rest=total - int(sizes.max()), minimum=MIN_SAMPLES_PER_CLASS)
        how = Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "use more folds (each then holds fewer of its groups) or folds='loo' (one group out "
            "at a time), draw more polygons of it, or turn grouped folds off"))
    else:
        how = Text(QT_TRANSLATE_NOOP("GmmSelect", "add samples of it, use fewer folds or leave-one-out "
                                                  "(folds='loo', 2 samples a class)"))
    raise InputError(QT_TRANSLATE_NOOP(
        "GmmSelect", "class {label} has {total} samples; in {folds}-fold cross-validation fold "
        "{fold} leaves only {left} of them for training ({minimum} needed): {how}"),
        label=label, total=total, folds=n_folds, fold=v + 1, left=left,
        minimum=MIN_SAMPLES_PER_CLASS, how=how)


def check_left_out_groups(y, fold, group_ids):
    """Raise ValueError when leaving out one group leaves fewer than two samples of a class."""
    for label in np.unique(y):
        in_class = y == label
        counts = np.bincount(fold[in_class], minlength=len(group_ids))
        g = int(np.argmax(counts))
        if in_class.sum() - counts[g] < MIN_SAMPLES_PER_CLASS:
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "class {label} has {total} samples; leave-one-group-out cannot leave out group "
                "{group!r} ({count} of them) and keep {minimum} for training: give the class more groups, or "
                "leave single samples out (no groups)"),
                label=label, total=int(in_class.sum()), group=group_ids[g].item(), count=counts[g],
                minimum=MIN_SAMPLES_PER_CLASS)
