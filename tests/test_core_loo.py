"""Leave-one-out in closed form against refitting the model without each sample, for every candidate."""

import numpy as np
import pytest
import reference
from conftest import data_file
from test_core_selection import muufl_subset, random_classes

from gmmselect.core import (
    EIGENVALUE_FLOOR,
    GaussianMixture,
    cross_validate,
    make_folds,
    select_features,
    select_tau,
)
from gmmselect.core.criteria import CV_SCORES
from gmmselect.core.crossval import LeaveOneOut, class_indices


def muufl_library(every=125):
    """All 560 MUUFL field spectra (28 materials, 3 to 70 spectra each), every 125th band (325-1075 nm)."""
    data = np.load(data_file("muufl_field_spectra", "muufl_asd_spectra.npz"))
    return data["X"][:, ::every], data["y"]


def left_out_scores(criterion):
    """Q_c of every sample (left out) for every candidate F + f, `(n, C, d)`, from the closed form."""
    blocks = []
    for block in criterion.blocks:
        candidates = criterion.candidates(block)
        blocks.append(np.array([-candidates.negative_scores(c, slice(None))
                                for c in range(criterion.n_classes)]))
    return np.concatenate(blocks, axis=1).transpose(1, 0, 2)


def assert_left_out_scores_match_refits(X, y, tau, subset, alpha=0.0):
    """Every candidate's left-out Q_c(x_i) equals the refit's (up to the common 2 log(n - 1))."""
    _, classes = class_indices(y)
    criterion = LeaveOneOut(X, classes, CV_SCORES["kappa"], tau, alpha=alpha)
    for feature in subset:
        criterion.add(feature)
    scores = left_out_scores(criterion) - 2 * np.log(len(y) - 1)
    for f in range(X.shape[1]):
        if f not in subset:
            expected = reference.loo_discriminants(X, y, list(subset) + [f], tau, alpha)
            np.testing.assert_allclose(scores[:, :, f], expected, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("tau", [0.0, 0.4])
@pytest.mark.parametrize("subset", [(), (3,), (5, 0, 8)])
def test_every_left_out_discriminant_equals_a_refit(subset, tau):
    X, y = random_classes(seed=2)
    assert_left_out_scores_match_refits(X, y, tau, subset)


@pytest.mark.parametrize("alpha", [0.3, 1.0])
@pytest.mark.parametrize("subset", [(), (5, 0, 8)])
def test_left_out_discriminants_with_shrinkage_equal_refits(subset, alpha):
    """S_pooled of the samples left: the own class and every other class match the refit without x."""
    X, y = random_classes(seed=2)
    assert_left_out_scores_match_refits(X, y, 0.2, subset, alpha)


def test_left_out_discriminants_equal_refits_on_muufl():
    X, y = muufl_subset(every=80)
    assert_left_out_scores_match_refits(X, y, 0.0, (4, 7))


def test_left_out_discriminants_of_the_whole_library_with_a_ridge():
    """All 28 materials (3 to 70 spectra each), 7 bands: with a ridge every left-out model is regular."""
    X, y = muufl_library()
    assert_left_out_scores_match_refits(X, y, 1e-4, (2,))


def test_left_out_discriminants_of_the_whole_library_with_shrinkage():
    """All 28 materials, no ridge: alpha S_pooled (of the samples left) keeps every left-out model regular,
    classes of 3 spectra included."""
    X, y = muufl_library()
    assert_left_out_scores_match_refits(X, y, 0.0, (2, 5), alpha=0.5)


def test_removed_features_with_shrinkage_equal_refits():
    """The backward step of SFFS: the criterion of every F - g equals the refits'."""
    X, y = random_classes(seed=2)
    _, classes = class_indices(y)
    criterion = LeaveOneOut(X, classes, CV_SCORES["kappa"], 0.2, alpha=0.4)
    subset = [5, 0, 8, 3]
    for feature in subset:
        criterion.add(feature)
    expected = [reference.loo_value(X, y, [g for g in subset if g != f], "kappa", 0.2, 0.4) for f in subset]
    np.testing.assert_allclose(criterion.removed_scores(), expected, rtol=1e-12)


def assert_selection_matches_refits(X, y, method, criterion, k_max, tau=0.0, groups=None, alpha=0.0):
    """Same best sets and values (1e-9) as SFS/SFFS over the criterion of refitted left-out predictions."""
    result = select_features(X, y, method, criterion, max_features=k_max, folds="loo", tau=tau, groups=groups,
                             alpha=alpha)
    if groups is None:
        J = lambda F: reference.loo_value(X, y, F, criterion, tau, alpha)  # noqa: E731
    else:
        J = lambda F: reference.logo_value(X, y, groups, F, criterion, tau, alpha)  # noqa: E731
    sets, values = reference.sequential(J, X.shape[1], k_max, method == "sffs")
    assert result.best_sets == sets
    for size in sets:
        np.testing.assert_allclose(result.best_values[size], values[size], rtol=1e-9, atol=1e-12)
    return result


@pytest.mark.parametrize("criterion", ["accuracy", "kappa", "f1"])
@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_random_data_selection_matches_refits(method, criterion):
    X, y = random_classes()
    assert_selection_matches_refits(X, y, method, criterion, k_max=5)


@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_random_data_selection_with_a_ridge_matches_refits(method):
    X, y = random_classes(seed=3)
    assert_selection_matches_refits(X, y, method, "kappa", k_max=6, tau=0.7)


@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_selection_with_shrinkage_matches_refits(method):
    X, y = random_classes(seed=3)
    assert_selection_matches_refits(X, y, method, "kappa", k_max=5, tau=0.1, alpha=0.5)


def test_leave_one_group_out_with_shrinkage_matches_refits():
    """Each group's fold pools S_pooled from the other groups (the exact fold downdate)."""
    X, y = random_classes(seed=4)
    groups = np.arange(len(y)) // 9
    assert_selection_matches_refits(X, y, "sfs", "accuracy", k_max=4, groups=groups, alpha=0.6)


@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_muufl_selection_matches_refits(method):
    """MUUFL, the 7 materials with 30 to 70 spectra, 10 bands: pinned sets (the Processing test uses them)."""
    X, y = muufl_subset(every=80)
    result = assert_selection_matches_refits(X, y, method, "kappa", k_max=4 if method == "sffs" else 5)
    assert result.best_sets[4] == (0, 3, 4, 2)  # 325, 565, 645 and 485 nm


#: SFS, accuracy, leave-one-out, tau = 1e-4 on the whole library at 325, 450, ..., 1075 nm: best sets
#: pinned by the refits below; test_processing_table runs Train Selection from a table on the same data.
LIBRARY_SETS = {1: (2,), 2: (2, 4), 3: (2, 4, 0)}  # 575, 825 and 325 nm


def test_whole_library_selection_with_a_ridge_matches_refits():
    X, y = muufl_library()
    result = assert_selection_matches_refits(X, y, "sfs", "accuracy", k_max=3, tau=1e-4)
    assert result.best_sets == LIBRARY_SETS


def test_whole_library_selection_with_shrinkage_matches_refits():
    """SFFS over the 28 materials without a ridge, alpha = 0.25: same sets and values as the refits."""
    X, y = muufl_library()
    assert_selection_matches_refits(X, y, "sffs", "kappa", k_max=4, alpha=0.25)


def test_leave_one_group_out_matches_refits():
    X, y = random_classes(seed=4)
    groups = np.arange(len(y)) // 9
    assert_selection_matches_refits(X, y, "sffs", "kappa", k_max=5, groups=groups)
    fold = make_folds(y, "loo", groups)
    assert len(np.unique(fold)) == len(np.unique(groups))
    for group in np.unique(groups):
        assert len(np.unique(fold[groups == group])) == 1


def assert_cross_validation_matches_refits(X, y, tau, features):
    """The pooled confusion matrix of cross_validate(folds="loo") equals that of the refits."""
    result = cross_validate(X, y, tau=tau, features=features, folds="loo")
    predicted = np.argmax(reference.loo_discriminants(X, y, features, tau), axis=1)
    labels = np.unique(y)
    expected = reference.confusion(np.searchsorted(labels, y), predicted, len(labels))
    np.testing.assert_array_equal(result.confusion, expected)
    return result


@pytest.mark.parametrize("tau", [0.0, 2.0])
def test_cross_validate_equals_refits(tau):
    X, y = random_classes(seed=5)
    features = [1, 6, 2, 9]
    result = assert_cross_validation_matches_refits(X, y, tau, features)
    expected = result.confusion
    for criterion, value in (("accuracy", result.accuracy), ("kappa", result.kappa), ("f1", result.f1)):
        assert value == pytest.approx(reference.score(expected, criterion), rel=1e-12)
    assert result.leave_one_out and result.folds == len(y) and not result.grouped


def test_cross_validate_leave_one_group_out_is_pooled():
    X, y = random_classes(seed=6)
    groups = np.arange(len(y)) // 7
    result = cross_validate(X, y, tau=0.1, folds="loo", groups=groups)
    expected = reference.logo_value(X, y, groups, range(10), "kappa", 0.1)
    assert result.kappa == pytest.approx(expected, rel=1e-12)
    assert result.folds == len(np.unique(groups)) and result.grouped


@pytest.mark.parametrize("criterion", ["accuracy", "kappa", "f1"])
def test_tau_search_equals_refits_with_every_tau(criterion):
    X, y = muufl_subset(every=40)
    grid = [0.0, 1e-6, 1e-4, 1e-2]
    search = select_tau(X, y, grid=grid, criterion=criterion, folds="loo")
    expected = [reference.loo_value(X, y, range(X.shape[1]), criterion, tau) for tau in grid]
    np.testing.assert_allclose(search.values, expected, rtol=1e-12)
    assert search.tau == grid[int(np.argmax(expected))] and search.folds == len(y)


def test_alpha_tau_search_equals_refits_with_every_cell():
    X, y = muufl_subset(every=40)
    grid, alphas = [0.0, 1e-4, 1e-2], [0.0, 0.5, 1.0]
    search = select_tau(X, y, grid=grid, criterion="kappa", folds="loo", alphas=alphas)
    expected = [[reference.loo_value(X, y, range(X.shape[1]), "kappa", tau, alpha) for tau in grid]
                for alpha in alphas]
    np.testing.assert_allclose(search.surface, expected, rtol=1e-12)


def test_cross_validate_with_shrinkage_equals_refits():
    X, y = random_classes(seed=5)
    result = cross_validate(X, y, tau=0.5, alpha=0.4, features=[1, 6, 2, 9], folds="loo")
    predicted = np.argmax(reference.loo_discriminants(X, y, [1, 6, 2, 9], 0.5, 0.4), axis=1)
    expected = reference.confusion(np.searchsorted(np.unique(y), y), predicted, 4)
    np.testing.assert_array_equal(result.confusion, expected)


def with_a_class_of_two(seed=7):
    """Random classes plus a fifth class of two samples near the first class."""
    X, y = random_classes(seed=seed)
    rng = np.random.default_rng(seed)
    return np.vstack([X, X[:2] + rng.normal(scale=0.5, size=(2, X.shape[1]))]), np.concatenate([y, [5, 5]])


def test_class_of_two_with_a_ridge_equals_refits_with_a_one_sample_class():
    """Left out, a class of two keeps one sample: mean that sample, covariance tau I (zero scatter)."""
    X, y = with_a_class_of_two()
    assert_left_out_scores_match_refits(X, y, 0.5, (2, 7))
    assert_selection_matches_refits(X, y, "sffs", "f1", k_max=4, tau=0.5)
    assert_cross_validation_matches_refits(X, y, 0.5, [2, 7, 4])


def test_class_of_two_with_shrinkage_equals_refits_with_the_pooled_covariance():
    """Left out, a class of two keeps one sample: covariance alpha S_pooled of the samples left (no ridge
    needed)."""
    X, y = with_a_class_of_two()
    assert_left_out_scores_match_refits(X, y, 0.0, (2, 7), alpha=0.3)
    assert_selection_matches_refits(X, y, "sfs", "kappa", k_max=4, alpha=0.3)
    search = select_tau(X, y, grid=[0.0, 0.5], folds="loo", alphas=[0.3])
    expected = [reference.loo_value(X, y, range(X.shape[1]), "kappa", tau, 0.3) for tau in (0.0, 0.5)]
    np.testing.assert_allclose(search.values, expected, rtol=1e-12)


def test_class_of_two_without_a_ridge_meets_the_eigenvalue_floor():
    """tau = 0: the one sample left has covariance floor * I, so its partner is scored far off and lost."""
    X, y = with_a_class_of_two()
    _, classes = class_indices(y)
    criterion = LeaveOneOut(X, classes, CV_SCORES["accuracy"])
    criterion.add(3)
    criterion.add(1)
    scores = left_out_scores(criterion)
    floor = criterion.model.floor
    variances = [X[y == c].var(axis=0, ddof=1) for c in range(1, 6)]
    assert floor == pytest.approx(EIGENVALUE_FLOOR * np.mean(variances))
    pair = X[y == 5]
    candidates = [f for f in range(X.shape[1]) if f not in (3, 1)]
    for i, partner in ((len(y) - 2, pair[1]), (len(y) - 1, pair[0])):
        squared = (X[i] - partner) ** 2  # = (2u)^2
        expected = -(squared[[3, 1]].sum() + squared) / floor - 3 * np.log(floor)
        np.testing.assert_allclose(scores[i, 4, candidates], expected[candidates], rtol=1e-9)
    result = cross_validate(X, y, features=[3, 1], folds="loo")
    assert result.confusion[4, 4] == 0 and result.confusion[4].sum() == 2
    assert np.isfinite(result.kappa)


def test_small_classes_without_a_ridge_give_finite_values():
    """The whole library without ridge: classes of 3 spectra are singular beyond 1 band (r floored)."""
    X, y = muufl_library(every=50)
    result = select_features(X, y, "sffs", "kappa", max_features=6, folds="loo")
    assert all(np.isfinite(value) for value in result.best_values.values())
    assert np.isfinite(cross_validate(X, y, features=result.best_set, folds="loo").kappa)


def test_a_class_of_one_sample_is_refused():
    X, y = random_classes()
    y = y.copy()
    y[0] = 9
    with pytest.raises(ValueError, match=r"every class needs at least 2 samples \(class 9: 1\)"):
        select_features(X, y, criterion="kappa", folds="loo")


def test_bad_folds_and_leave_one_group_out_need_two_samples_per_class_left():
    X, y = random_classes()
    with pytest.raises(ValueError, match="an integer >= 2, or 'loo' for leave-one-out; got 1"):
        cross_validate(X, y, folds=1)
    with pytest.raises(ValueError, match="got 'lo'"):
        cross_validate(X, y, folds="lo")
    groups = np.where(y == 4, 0, np.arange(len(y)))
    with pytest.raises(ValueError, match=r"^class 4 has 50 samples; leave-one-group-out cannot leave out "
                                         r"group 0 \(50 of them\) and keep 2 for training: give the class "
                                         r"more groups, or leave single samples out \(no groups\)$"):
        select_tau(X, y, folds="loo", groups=groups)


@pytest.mark.parametrize("tau, alpha", [(0.0, 0.0), (1e-4, 0.25), (1e-3, 0.9)])
def test_pruned_left_out_predictions_equal_the_full_argmin(monkeypatch, tau, alpha):
    """The class pruning of leave-one-out is exact, with shrinkage too (bound log tau): same
    predictions as scoring every class on every candidate outside F, and both the pruned and the
    dense path run."""
    from gmmselect.core import crossval

    dense_calls = []
    dense = crossval.FoldCandidates.dense_predictions
    monkeypatch.setattr(crossval.FoldCandidates, "dense_predictions",
                        lambda self: dense_calls.append(1) or dense(self))
    X, y = muufl_subset(every=20)
    _, classes = class_indices(y)
    criterion = LeaveOneOut(X, classes, CV_SCORES["kappa"], tau, alpha=alpha)
    n_predictions = 0
    for feature in (18, 26, 5, 33, 9, None):
        for block in criterion.blocks:
            candidates = criterion.candidates(block)
            outside = np.setdiff1d(np.arange(X.shape[1]), criterion.features)  # J(F+g), g in F: discarded
            every_class = np.array([candidates.negative_scores(c, slice(None)) for c in range(7)])
            expected = np.argmin(every_class, axis=0)[:, outside]
            bound = candidates.lower_log_alpha[:, None, outside] - candidates.bounded[:, :, None]
            assert np.all(every_class[:, :, outside] >= bound - 1e-9 * (np.abs(bound) + 1))
            np.testing.assert_array_equal(candidates.predictions()[:, outside], expected)
            n_predictions += 1
            np.testing.assert_array_equal(dense(candidates)[:, outside], expected)
        if feature is not None:
            criterion.add(feature)
    assert 0 < len(dense_calls) < n_predictions  # both the dense and the pruned path ran


def test_leave_one_out_scores_one_class_at_a_time():
    """6e4 samples x 16 bands of 8 classes, 16 taus: the closed-form leave-one-out of select_tau and
    cross_validate holds one class's scores of every tau beside the best so far (and a few arrays of the
    samples' size, the products' operands, on each of the search's two threads) where it held every class's
    scores, 8 x 16 numbers a sample, and the shifts even without shrinkage: the search's peak 21 X (one
    alpha) and 41 X (two, side by side) before, 9 X for the CV."""
    import tracemalloc

    from gmmselect.core.ridge import RELATIVE_TAU_GRID

    rng = np.random.default_rng(0)
    y = rng.integers(0, 8, 60_000)
    X = rng.normal(size=(len(y), 16)) * 10.0 ** rng.uniform(-2, 3, 16) + y[:, None]
    runs = [(lambda: select_tau(X, y, grid=RELATIVE_TAU_GRID, folds="loo"), 5),
            (lambda: select_tau(X, y, grid=RELATIVE_TAU_GRID, folds="loo", alphas=[0.0, 0.5]), 10),
            (lambda: cross_validate(X, y, tau=0.01, folds="loo", alpha=0.5), 5)]
    for run, bound in runs:
        tracemalloc.start()
        try:
            run()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < bound * X.nbytes


def few_samples(seed=1, n_classes=3, size=5, d=6):
    """Classes of `size` samples in `d` bands: without a ridge each class left out is singular."""
    rng = np.random.default_rng(seed)
    X = np.concatenate([rng.normal(size=(size, d)) + 3 * rng.normal(size=d) for _ in range(n_classes)])
    return X, np.repeat(np.arange(n_classes), size)


def near_combination(seed=3):
    """Three classes of 20 samples, 5 bands and a sixth that is the sum of the first two plus a noise whose
    variance (1e-11) is below the floor (1e-10 x the mean band variance) though no rounding of zero: the
    covariances have an eigenvalue below the floor that each left-out sample moves."""
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(60, 5)) * [1, 2, 3, 1, 1] + np.repeat(rng.normal(size=(3, 5)) * 3, 20, axis=0)
    return np.column_stack([X, X[:, 0] + X[:, 1] + 3e-6 * rng.normal(size=60)]), np.repeat(np.arange(3), 20)


def floored_refit_confusion(X, y, features=None, tau=0.0, alpha=0.0):
    """The pooled confusion matrix of the models refitted without each sample, floored as a model of all
    samples and bands is (GaussianMixture)."""
    features = range(X.shape[1]) if features is None else features
    floor = GaussianMixture.fit(X, y).floor_
    scores = reference.floored_loo_discriminants(X, y, features, [tau], floor, alpha)[0]
    labels = np.unique(y)
    return reference.confusion(np.searchsorted(labels, y), np.argmax(scores, axis=1), len(labels))


def test_leave_one_out_at_the_floor_equals_refits():
    """Classes of 5 samples in 6 bands, no ridge: each left-out class is singular. The refits (eigenvalues
    floored) give 13 of 15 samples their class, as leave-one-group-out with one sample a group does; the
    closed form floored r = 1 - g m (0: x off its class's other samples) at 1e-10 instead, and gave 9."""
    X, y = few_samples()
    expected = floored_refit_confusion(X, y)
    assert np.trace(expected) == 13
    result = cross_validate(X, y, folds="loo")
    np.testing.assert_array_equal(result.confusion, expected)
    grouped = cross_validate(X, y, folds="loo", groups=np.arange(len(y)))
    np.testing.assert_array_equal(grouped.confusion, expected)
    assert select_tau(X, y, grid=[0.0], folds="loo", criterion="accuracy").values[0] == 13 / 15


@pytest.mark.parametrize("alpha", [0.0, 0.3, 1.0])
@pytest.mark.parametrize("data", ["few", "wide", "pair", "combination"])
def test_left_out_scores_at_the_floor_equal_floored_refits(data, alpha):
    """Every left-out discriminant of select_tau and cross_validate equals the refit's, eigenvalues floored,
    for taus below the floor and above it: classes singular without a ridge ("few"), S_pooled too with
    n - C - 1 < d ("wide"), a class of two ("pair"), an eigenvalue below the floor that is no rounding of
    zero ("combination")."""
    from gmmselect.core.crossval import full_floor
    from gmmselect.core.leaveoneout import left_out_scores
    from gmmselect.core.scatter import SampleScatter

    if data == "combination":
        X, y = near_combination()
    elif data == "pair":
        X, y = few_samples(d=15)
        X, y = np.vstack([X, X[:2] + 0.5]), np.concatenate([y, [7, 7]])
    else:
        X, y = few_samples(d=6 if data == "few" else 15)
    _, classes = class_indices(y)
    scatter = SampleScatter(X, classes, classes.max() + 1, features=range(X.shape[1]))
    floor = full_floor(scatter)
    grid = np.array([0.0, 0.3 * floor, 1e-3])
    scores = np.stack([score for _, score in left_out_scores(X, classes, scatter, grid, floor, alpha)])
    expected = reference.floored_loo_discriminants(X, y, range(X.shape[1]), grid, floor, alpha)
    np.testing.assert_allclose(scores.transpose(2, 1, 0), expected, rtol=1e-9)


def test_every_path_to_the_floored_models_runs(monkeypatch):
    """One eigenvalue below the floor (a singular class left out), in O(k); several (an eigenvalue of the
    class's own below it), by the secular equation's roots."""
    from gmmselect.core import leaveoneout

    calls = {"one": 0, "several": 0, "decomposed": 0}
    for key in calls:
        name = "decomposed_terms" if key == "decomposed" else f"{key}_floored_terms"
        function = getattr(leaveoneout, name)
        monkeypatch.setattr(leaveoneout, name, lambda *args, f=function, k=key: calls.__setitem__(
            k, calls[k] + len(args[1])) or f(*args))
    X, y = few_samples()
    cross_validate(X, y, folds="loo")
    assert calls == {"one": 15, "several": 0, "decomposed": 0}
    X, y = near_combination()
    cross_validate(X, y, folds="loo", alpha=0.5)
    assert calls == {"one": 15, "several": 60 * 3, "decomposed": 0}


def random_downdates(seed, low, k=12, models=40, floor=1e-10):
    """Models A = diag(Lambda) - h w w' with `low` eigenvalues Lambda below the floor (down to 1e-3 of it),
    the rest up to 1e4 times it (A's condition within what an eigen decomposition resolves near the floor),
    w of every scale, h up to A's singularity (r = 1 - h w'Lambda^-1 w from 0.7 to 0)."""
    rng = np.random.default_rng(seed)
    ridged = np.sort(np.concatenate([floor * 10.0 ** rng.uniform(-3, -0.1, low),
                                     floor * 10.0 ** rng.uniform(0.1, 4, k - low)]))
    shifts = rng.normal(size=(models, k)) * np.sqrt(ridged) * 10.0 ** rng.uniform(-3, 0.5, (models, 1))
    points = np.where(rng.uniform(size=(models, 1)) < 0.5, 1.5 * shifts,
                      rng.normal(size=(models, k)) * np.sqrt(ridged.max()))
    downdates = (1 - rng.choice([0.0, 1e-6, 0.3, 0.7], size=models)) / np.sum(shifts**2 / ridged, axis=1)
    return ridged, shifts, points, downdates, floor


@pytest.mark.parametrize("low", [1, 3, 11])
def test_several_eigenvalues_below_the_floor_by_the_secular_equation_equal_eigen_decompositions(low):
    """The roots of the secular equation give each left-out model's floored form and log-determinant as an
    eigen decomposition of it does; a model whose w misses a pole (an eigenvector of B) or whose B repeats
    an eigenvalue below the floor is decomposed."""
    from gmmselect.core.leaveoneout import decomposed_terms, several_floored_terms

    for seed in range(5):
        ridged, shifts, points, downdates, floor = random_downdates(seed, low)
        forms, logdets = several_floored_terms(ridged, shifts, points, downdates, floor)
        expected_forms, expected_logdets = decomposed_terms(ridged, shifts, points, downdates, floor)
        np.testing.assert_allclose(forms, expected_forms, rtol=1e-9)
        np.testing.assert_allclose(logdets, expected_logdets, rtol=1e-12)
    ridged, shifts, points, downdates, floor = random_downdates(0, 3)
    shifts[0, 1] = 0.0
    ridged[1] = ridged[2] if low == 11 else ridged[1]
    forms, logdets = several_floored_terms(ridged, shifts, points, downdates, floor)
    expected_forms, expected_logdets = decomposed_terms(ridged, shifts, points, downdates, floor)
    np.testing.assert_allclose(forms, expected_forms, rtol=1e-9)
    np.testing.assert_allclose(logdets, expected_logdets, rtol=1e-12)


@pytest.mark.parametrize("alpha", [0.0, 0.5])
def test_tau_search_at_the_floor_equals_refits_in_every_cell(alpha):
    """MUUFL's 15 materials of 3 to 10 spectra in 13 bands: the (alpha, tau) surface of refits, floored."""
    X, y = muufl_library(every=60)
    labels, counts = np.unique(y, return_counts=True)
    keep = np.isin(y, labels[counts <= 12])
    X, y = X[keep], y[keep]
    grid = np.array([0.0, 1e-6, 1e-3]) * X.var(axis=0).mean()
    search = select_tau(X, y, grid=grid, criterion="kappa", folds="loo", alphas=[alpha])
    floor = GaussianMixture.fit(X, y).floor_
    scores = reference.floored_loo_discriminants(X, y, range(X.shape[1]), grid, floor, alpha)
    labels = np.unique(y)
    classes = np.searchsorted(labels, y)
    expected = [reference.score(reference.confusion(classes, np.argmax(s, axis=1), len(labels)), "kappa")
                for s in scores]
    np.testing.assert_allclose(search.values, expected, rtol=1e-12)


def test_whole_library_at_76_bands_equals_refits():
    """MUUFL's 560 spectra, every 10th band (76), no ridge: materials of 3 to 70 spectra, all singular left
    out. The refits give 68.4 % of the spectra their material; the closed form gave 0 % (r floored)."""
    X, y = muufl_library(every=10)
    expected = floored_refit_confusion(X, y)
    assert np.trace(expected) == 383
    np.testing.assert_array_equal(cross_validate(X, y, folds="loo").confusion, expected)
