"""Folds, accuracy criteria, tau search and the known answer on real data."""

from fractions import Fraction

import numpy as np
import pytest
import reference
from conftest import data_file

from gmmselect.core import (
    LEAVE_ONE_OUT,
    Assessment,
    GaussianMixture,
    class_accuracies,
    cohen_kappa,
    confusion_matrix,
    cross_validate,
    default_tau_grid,
    make_folds,
    mean_f1,
    overall_accuracy,
    select_features,
    select_tau,
)
from gmmselect.core.ridge import RELATIVE_TAU_GRID, band_variances, ridge_units


def maipo():
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    return data["X"], data["y"], data["field"]


def test_known_confusion_matrix():
    """Congalton's example: OA, kappa, producer's/user's accuracies and F1 written out."""
    M = np.array([[65.0, 4, 22, 24], [6, 81, 5, 8], [0, 11, 85, 19], [4, 7, 3, 90]])
    n = M.sum()
    assert overall_accuracy(M) == pytest.approx(321 / 434)
    pe = sum(M[c].sum() * M[:, c].sum() for c in range(4)) / n**2
    assert cohen_kappa(M) == pytest.approx((321 / 434 - pe) / (1 - pe))
    assert cohen_kappa(M) == pytest.approx(0.6535, abs=1e-4)
    producers, users, f1 = class_accuracies(M)
    np.testing.assert_allclose(producers, np.diag(M) / M.sum(axis=1))
    np.testing.assert_allclose(users, np.diag(M) / M.sum(axis=0))
    assert mean_f1(M) == pytest.approx(np.mean(2 * producers * users / (producers + users)))


def test_confusion_matrix_of_labels():
    M = confusion_matrix([5, 5, 9, 9, 9], [5, 9, 9, 9, 5], labels=[5, 9])
    np.testing.assert_array_equal(M, [[1, 1], [1, 2]])


def test_stratified_folds_are_balanced_and_seeded():
    y = np.repeat([1, 2, 3], [50, 23, 7])
    fold = make_folds(y, 5, seed=1)
    for label in (1, 2, 3):
        counts = np.bincount(fold[y == label], minlength=5)
        assert counts.max() - counts.min() <= 1
    np.testing.assert_array_equal(fold, make_folds(y, 5, seed=1))
    assert not np.array_equal(fold, make_folds(y, 5, seed=2))


def test_grouped_folds_never_split_a_polygon():
    X, y, field = maipo()
    fold = make_folds(y, 5, field, seed=0)
    for group in np.unique(field):
        assert len(np.unique(fold[field == group])) == 1
    for v in range(5):
        assert set(np.unique(y[fold != v])) == {0, 1, 2, 3}


def test_grouped_folds_refuse_a_class_in_one_polygon():
    """No number of grouped folds trains a class held in one group: the refusal says so and names the fixes
    that help (it told to use fewer folds, which cannot)."""
    y = np.repeat([1, 2], [30, 30])
    groups = np.concatenate([np.repeat([1, 2, 3], 10), np.full(30, 4)])
    message = ("^class 2 has 30 samples, 30 of them in group 4: grouped cross-validation tests that group on "
               r"a model trained without it, on 0 \(2 needed\), whatever the number of folds; draw more "
               r"polygons \(groups\) of it, or turn grouped folds off \(groups=None\)$")
    for folds in (2, 3):
        with pytest.raises(ValueError, match=message):
            make_folds(y, folds, groups)
    with pytest.raises(ValueError, match="at least 5 groups"):
        make_folds(y, 5, groups)
    groups[30] = 5  # 29 samples in one group leave 1 to train on
    with pytest.raises(ValueError, match="^class 2 has 30 samples, 29 of them in group 4: .* on 1 "):
        make_folds(y, 2, groups)


def test_grouped_folds_that_more_folds_would_serve_say_so():
    """A class of three single-sample groups: 2 grouped folds put two of them in one fold, 3 folds or
    one group out at a time train it."""
    y = np.repeat([0, 1], [3, 30])
    groups = np.concatenate([[1, 2, 3], np.arange(30) // 3 + 10])
    with pytest.raises(ValueError, match=(
            r"^class 0 has 3 samples; in 2-fold cross-validation fold 1 leaves only 1 of them for training "
            r"\(2 needed\): use more folds \(each then holds fewer of its groups\) or folds='loo' \(one "
            r"group out at a time\), draw more polygons of it, or turn grouped folds off$")):
        make_folds(y, 2, groups)
    make_folds(y, 3, groups)
    make_folds(y, "loo", groups)


def test_too_few_samples_for_the_folds():
    y = np.repeat([1, 2], [40, 2])
    with pytest.raises(ValueError, match="class 2 has 2 samples.*use fewer folds"):
        make_folds(y, 3)


def test_cross_validate_equals_refitting_every_fold():
    X, y, field = maipo()
    X = X[:, ::8]
    fold = make_folds(y, 4, field, seed=0)
    result = cross_validate(X, y, tau=10.0, folds=4, groups=field)
    for criterion, value in (("accuracy", result.accuracy), ("kappa", result.kappa), ("f1", result.f1)):
        assert value == pytest.approx(reference.cv_value(X, y, fold, range(X.shape[1]), criterion, 10.0),
                                      rel=1e-12)
    assert result.confusion.sum() == len(y)


def test_known_answer_maipo_grouped_by_field():
    """Maipo, 64 features, 5 folds grouped by field, tau chosen by CV kappa: the CV kappa is 0.886."""
    X, y, field = maipo()
    search = select_tau(X, y, criterion="kappa", groups=field)
    result = cross_validate(X, y, tau=search.tau, groups=field)
    assert search.values.max() == pytest.approx(result.kappa, rel=1e-9)
    assert result.kappa == pytest.approx(0.8856, abs=5e-4)
    assert result.accuracy == pytest.approx(0.9205, abs=5e-4)
    # splitting fields across folds inflates the estimate (near-duplicate pixels)
    assert cross_validate(X, y, tau=search.tau).kappa > result.kappa + 0.03


@pytest.mark.parametrize("criterion", ["accuracy", "kappa", "f1"])
def test_tau_search_equals_refits_with_every_tau(criterion):
    X, y, field = maipo()
    X, y, field = X[::5, ::6], y[::5], field[::5]
    grid = [0.0, 1.0, 100.0, 1e4, 1e6]
    search = select_tau(X, y, grid=grid, criterion=criterion, folds=4, groups=field)
    fold = make_folds(y, 4, field, seed=0)
    expected = [reference.cv_value(X, y, fold, range(X.shape[1]), criterion, tau) for tau in grid]
    np.testing.assert_allclose(search.values, expected, rtol=1e-10)
    assert search.tau == grid[int(np.argmax(expected))]


@pytest.mark.parametrize("criterion", ["accuracy", "kappa"])
def test_alpha_tau_search_equals_refits_on_the_whole_surface(criterion):
    """Every (alpha, tau) cell equals refitting each fold with S_pooled of its training part."""
    X, y, field = maipo()
    X, y, field = X[::5, ::6], y[::5], field[::5]
    grid, alphas = [0.0, 100.0, 1e4], [0.0, 0.3, 1.0]
    search = select_tau(X, y, grid=grid, criterion=criterion, folds=4, groups=field, alphas=alphas)
    fold = make_folds(y, 4, field, seed=0)
    expected = np.array([[reference.cv_value(X, y, fold, range(X.shape[1]), criterion, tau, alpha)
                          for tau in grid] for alpha in alphas])
    np.testing.assert_allclose(search.surface, expected, rtol=1e-10)
    row, column = np.unravel_index(np.argmax(expected), expected.shape)
    assert (search.alpha, search.tau) == (alphas[row], grid[column])
    np.testing.assert_array_equal(search.values, search.surface[row])
    result = cross_validate(X, y, tau=search.tau, alpha=search.alpha, folds=4, groups=field)
    assert getattr(result, criterion) == pytest.approx(expected.max(), rel=1e-10)


def test_repeated_search_pools_the_folds_of_every_repetition():
    """repeats=3: the mean criterion over the folds of seeds 4, 5 and 6, each fold refitted;
    leave-one-polygon-out is one repetition whatever `repeats`."""
    X, y, field = maipo()
    X, y, field = X[::5, ::6], y[::5], field[::5]
    grid, alphas = [0.0, 100.0, 1e4], [0.0, 0.5]
    search = select_tau(X, y, grid=grid, folds=4, groups=field, alphas=alphas, seed=4, repeats=3)
    folds = [make_folds(y, 4, field, seed=seed) for seed in (4, 5, 6)]
    assert not np.array_equal(folds[0], folds[1])
    expected = np.array([[np.mean([reference.cv_value(X, y, fold, range(X.shape[1]), "kappa", tau, alpha)
                                   for fold in folds]) for tau in grid] for alpha in alphas])
    np.testing.assert_allclose(search.surface, expected, rtol=1e-10)
    assert (search.folds, search.repeats) == (4, 3)
    left_out = select_tau(X, y, grid=grid, folds=LEAVE_ONE_OUT, groups=field, repeats=3)
    np.testing.assert_array_equal(left_out.values, select_tau(X, y, grid=grid, folds=LEAVE_ONE_OUT,
                                                              groups=field).values)
    assert left_out.repeats == 1
    with pytest.raises(ValueError, match="the repetitions of the cross-validation must be a whole number "
                                         ">= 1; got 0"):
        select_tau(X, y, grid=grid, repeats=0)


def test_shrinkage_lifts_the_grouped_cv_kappa_on_maipo():
    """Maipo, 64 features, 5 folds by field: shrinking toward the pooled covariance beats the ridge alone."""
    X, y, field = maipo()
    ridge = select_tau(X, y, criterion="kappa", groups=field)
    shrunk = select_tau(X, y, criterion="kappa", groups=field, alphas=[0.0, 0.25, 0.5, 0.75, 1.0])
    assert shrunk.surface.shape == (5, 16)
    np.testing.assert_allclose(shrunk.surface[0], ridge.values, rtol=1e-12)
    assert shrunk.alpha > 0 and shrunk.values.max() > ridge.values.max() + 0.01


def test_bad_alphas_are_refused():
    X, y, _ = maipo()
    with pytest.raises(ValueError, match="must be in \\[0, 1\\]; got -0.5"):
        select_tau(X[:, :5], y, alphas=[0.0, -0.5])


def test_default_grid_is_scaled_to_the_data():
    X, y, _ = maipo()
    X = X[:, ::4]
    dn, reflectance = select_tau(X, y), select_tau(X / 1e4, y)
    np.testing.assert_allclose(default_tau_grid(X, y), default_tau_grid(X / 1e4, y) * 1e8, rtol=1e-10)
    np.testing.assert_allclose(dn.values, reflectance.values, atol=1e-12)
    assert dn.tau == pytest.approx(reflectance.tau * 1e8)
    assert len(dn.grid) == 16 and dn.grid[0] == 0


def test_one_tau_means_no_search_and_bad_grids_are_refused():
    X, y, _ = maipo()
    result = select_tau(X[:, :5], y, grid=[3.0])
    assert result.tau == 3.0 and len(result.values) == 1
    with pytest.raises(ValueError, match="finite number >= 0"):
        select_tau(X[:, :5], y, grid=[-1.0])
    with pytest.raises(ValueError, match="unknown criterion for the tau search 'jm'"):
        select_tau(X[:, :5], y, criterion="jm")


def bands_in_units_far_apart():
    """Maipo (every 5th pixel, 8 features) with its bands in units 10^-3 ... 10^4 apart."""
    X, y, field = maipo()
    X, y, field = X[::5, ::8], y[::5], field[::5]
    return X * 10.0 ** np.arange(-3, 5), y, field


def test_band_variances_are_the_diagonal_of_the_pooled_covariance():
    X, y, _ = bands_in_units_far_apart()
    np.testing.assert_allclose(band_variances(X, y), np.diag(reference.pooled_covariance(X, y, range(8))),
                               rtol=1e-12)
    constant = X.copy()
    constant[:, 2] = 7.0
    variances = band_variances(constant, y)
    assert variances[2] == pytest.approx(np.delete(variances, 2).mean(), rel=1e-12)


@pytest.mark.parametrize("criterion", ["accuracy", "kappa"])
def test_relative_tau_search_equals_refits_with_a_ridge_per_band(criterion):
    """The search on the samples in ridge units (bands / sqrt(r)) equals refitting every fold in the
    original units with the ridge tau diag(r), r the band variances of all the samples searched."""
    X, y, field = bands_in_units_far_apart()
    scale = band_variances(X, y)
    grid, alphas = RELATIVE_TAU_GRID[::4], [0.0, 0.5]
    search = select_tau(ridge_units(X, scale), y, grid=grid, criterion=criterion, folds=4, groups=field,
                        alphas=alphas)
    fold = make_folds(y, 4, field, seed=0)
    expected = np.array([[reference.cv_value(X, y, fold, range(8), criterion, tau, alpha, scale)
                          for tau in grid] for alpha in alphas])
    np.testing.assert_allclose(search.surface, expected, rtol=1e-10)
    absolute = select_tau(X, y, grid=grid, criterion=criterion, folds=4, groups=field, alphas=alphas)
    assert not np.allclose(absolute.surface, expected)  # the units matter to an absolute ridge only


def test_tau_search_scores_the_test_samples_in_blocks_with_the_same_result(monkeypatch):
    """Blocks of 7 test samples (the last one shorter) give the surface of whole folds."""
    from gmmselect.core import ridge

    X, y, field = maipo()
    X, y, field = X[::5, ::6], y[::5], field[::5]
    whole = select_tau(X, y, folds=4, groups=field, alphas=[0.0, 0.5])
    monkeypatch.setattr(ridge, "TEST_BLOCK", 7)
    blocks = select_tau(X, y, folds=4, groups=field, alphas=[0.0, 0.5])
    np.testing.assert_array_equal(blocks.surface, whole.surface)
    assert len(X) // 4 > 7 * 10  # each fold's test part is many blocks


@pytest.mark.parametrize("folds, repeats", [(4, 1), (4, 2), ("loo", 1)])
def test_tau_search_reports_progress_in_the_callers_thread_and_cancels(folds, repeats):
    """Progress rises to 1 (one report per (fold, alpha) cell of every repetition, or per alpha left out),
    from the thread that called; a cancel stops the search with Canceled."""
    import threading

    from gmmselect.core import Canceled

    X, y, field = maipo()
    X, y, field = X[::5, ::6], y[::5], field[::5]
    groups = field if folds == 4 else None
    reports = []
    select_tau(X, y, folds=folds, groups=groups, alphas=[0.0, 0.5, 1.0], repeats=repeats,
               progress=lambda fraction: reports.append((fraction, threading.get_ident())))
    cells = repeats * 4 * 3 if folds == 4 else 3
    assert [fraction for fraction, _ in reports] == pytest.approx([(k + 1) / cells for k in range(cells)])
    assert {thread for _, thread in reports} == {threading.get_ident()}
    asked = []
    with pytest.raises(Canceled, match="tau search canceled"):
        select_tau(X, y, folds=folds, groups=groups, alphas=[0.0, 0.5, 1.0],
                   is_canceled=lambda: asked.append(1) or len(asked) > 2)


def test_leave_one_group_out_over_many_groups_holds_one_batch_of_fold_models(monkeypatch):
    """120 groups of 10 classes x 100 bands: each fold model's covariance rows of every band are 0.8 MB, all
    of them 96 MB (MUUFL's 751 bands and 560 spectra as their own groups: 70 GB, which stopped the machine).
    With room for 8 MB, the CV and the tau search hold a batch at a time, and give what one batch gives."""
    import tracemalloc

    from gmmselect.core import crossval

    rng = np.random.default_rng(5)
    y = np.repeat(np.arange(10), 36)
    X = rng.normal(size=(360, 100)) + y[:, None] * 0.1
    groups = np.arange(360) // 3
    whole = cross_validate(X, y, tau=1e-2, folds="loo", groups=groups)
    searched = select_tau(X, y, grid=[1e-2, 1e-1], folds="loo", groups=groups)
    monkeypatch.setattr(crossval, "FOLD_ROWS_BYTES", 8 * 2**20)
    tracemalloc.start()
    batched = cross_validate(X, y, tau=1e-2, folds="loo", groups=groups)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    np.testing.assert_array_equal(batched.confusion, whole.confusion)
    assert peak < 30 * 2**20
    again = select_tau(X, y, grid=[1e-2, 1e-1], folds="loo", groups=groups)
    assert (again.tau, again.values.tolist(), again.folds) == (searched.tau, searched.values.tolist(), 120)


def samples_in_memory(n=120_000, d=16, classes=8, seed=0):
    """n samples of d bands in units far apart, `classes` classes of 6 groups (polygons) each."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, classes, n)
    X = rng.normal(size=(n, d)) * 10.0 ** rng.uniform(-2, 3, d) + y[:, None]
    return X, y, y * 1000 + rng.integers(0, 6, n)


def peak_bytes(run):
    """The peak of the memory (tracemalloc) allocated while `run()` runs."""
    import tracemalloc

    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_search_and_cv_hold_no_copy_of_the_samples(monkeypatch):
    """1.2e5 samples x 16 bands of 8 classes (X: 15 MB): the (alpha, tau) search (k-fold, repeated, or one
    group out), the CV of a model, the band variances and the shrinkage estimate hold one class's samples at
    a time (X / 8), index arrays of 8 bytes a sample and blocks of test samples: their peaks stay below 3/4
    of X, where a copy in ridge units, the scatter's copy sorted by class, the folds' test samples (two
    batches of them at once) and the centred samples held 2 to 5 times X."""
    from gmmselect.core import crossval, ridge
    from gmmselect.core.shrinkage import shrinkage_intensity

    monkeypatch.setattr(ridge, "TEST_BLOCK", 1024)
    monkeypatch.setattr(crossval, "TEST_ROWS", 1024)
    X, y, groups = samples_in_memory()
    scale = band_variances(X, y)
    runs = {"absolute search": lambda: select_tau(X, y, folds=5, groups=groups, alphas=[0.0, 0.5]),
            "cv of 3 bands": lambda: cross_validate(X, y, tau=0.01, features=[3, 1, 7], folds=5,
                                                    groups=groups),
            "band variances": lambda: band_variances(X, y),
            "shrinkage": lambda: shrinkage_intensity(X, y, groups),
            "k-fold search": lambda: select_tau(X, y, grid=RELATIVE_TAU_GRID[::4], folds=5, groups=groups,
                                                 alphas=[0.0, 0.5], repeats=2, ridge_scale=scale),
            "one group out": lambda: select_tau(X, y, grid=RELATIVE_TAU_GRID[::4], folds=LEAVE_ONE_OUT,
                                                groups=groups, alphas=[0.0, 0.5], ridge_scale=scale),
            "cv": lambda: cross_validate(X, y, tau=0.01, folds=5, groups=groups, alpha=0.5,
                                         ridge_scale=scale),
            "fit": lambda: GaussianMixture.fit(X, y, tau=0.01, alpha=0.5, ridge_scale=scale)}
    for name, run in runs.items():
        assert peak_bytes(run) < 0.75 * X.nbytes, name


def ridge_unit_samples():
    """Maipo's fields (a fifth, 9 bands in units far apart), band 4 an exact double of band 1: a copy of it
    in ridge units (its variance four times, its square root twice band 1's), not in the bands' units."""
    X, y, field = bands_in_units_far_apart()
    X = np.insert(X, 4, 2 * X[:, 1], axis=1)
    return X, y, field, band_variances(X, y)


@pytest.mark.parametrize("folds, grouped, repeats", [(4, True, 2), (LEAVE_ONE_OUT, True, 1), (4, False, 1),
                                                     (LEAVE_ONE_OUT, False, 1)])
def test_search_and_cv_in_ridge_units_equal_those_on_a_copy_bit_for_bit(folds, grouped, repeats):
    """ridge_scale: the search, the CV and the selection on the samples divided as they are read equal
    those on ridge_units(X, scale), a copy, bit for bit (the search's default grid is then
    RELATIVE_TAU_GRID, its taus relative)."""
    X, y, field, scale = ridge_unit_samples()
    units, groups = ridge_units(X, scale), field if grouped else None
    for grid in (RELATIVE_TAU_GRID[::3], None):
        read = select_tau(X, y, grid=grid, folds=folds, groups=groups, alphas=[0.0, 0.5], repeats=repeats,
                          ridge_scale=scale)
        copied = select_tau(units, y, grid=RELATIVE_TAU_GRID if grid is None else grid, folds=folds,
                            groups=groups, alphas=[0.0, 0.5], repeats=repeats)
        np.testing.assert_array_equal(read.surface, copied.surface)
        np.testing.assert_array_equal(read.grid, copied.grid)
        assert (read.alpha, read.tau, read.folds) == (copied.alpha, copied.tau, copied.folds)
        assert read.relative and not copied.relative
    for features in (None, [6, 1, 4, 0]):
        read = cross_validate(X, y, tau=0.01, features=features, folds=folds, groups=groups, alpha=0.3,
                              ridge_scale=scale)
        copied = cross_validate(units, y, tau=0.01, features=features, folds=folds, groups=groups, alpha=0.3)
        np.testing.assert_array_equal(read.confusion, copied.confusion)
        assert (read.accuracy, read.kappa, read.f1) == (copied.accuracy, copied.kappa, copied.f1)
    for criterion in ("jm", "kappa"):
        read = select_features(X, y, method="sffs", criterion=criterion, max_features=5, folds=folds,
                               groups=groups, tau=1e-3, alpha=0.3, ridge_scale=scale)
        copied = select_features(units, y, method="sffs", criterion=criterion, max_features=5, folds=folds,
                                 groups=groups, tau=1e-3, alpha=0.3)
        assert (read.best_sets, read.best_values, read.added) == (copied.best_sets, copied.best_values,
                                                                  copied.added)


def test_a_bad_ridge_scale_or_samples_too_large_in_ridge_units_are_refused():
    X, y, field, scale = ridge_unit_samples()
    for bad in (scale[:-1], -scale, np.where(np.arange(len(scale)) == 2, np.nan, scale)):
        with pytest.raises(ValueError, match="ridge scale needs one finite variance > 0 per band"):
            select_tau(X, y, ridge_scale=bad)
    tiny = np.full(len(scale), 1e-300)  # X / 1e-150 > 1e150: refused as the copy would be
    with pytest.raises(ValueError) as read:
        cross_validate(X, y, ridge_scale=tiny)
    with pytest.raises(ValueError) as copied:
        cross_validate(ridge_units(X, tiny), y)
    assert str(read.value) == str(copied.value) and "scale the bands" in str(read.value)


def test_cv_scores_its_test_samples_in_blocks_with_the_bits_of_one_call(monkeypatch):
    """Blocks of whole chunks of decision_function (one chunk each, the last one shorter) give the CV of
    whole folds: each sample is scored in the chunk it has in one call."""
    from gmmselect.core import crossval

    X, y, field, scale = ridge_unit_samples()
    whole = cross_validate(X, y, tau=0.01, folds=4, groups=field, alpha=0.3, ridge_scale=scale)
    monkeypatch.setattr(crossval, "TEST_ROWS", 1)
    blocks = cross_validate(X, y, tau=0.01, folds=4, groups=field, alpha=0.3, ridge_scale=scale)
    np.testing.assert_array_equal(blocks.confusion, whole.confusion)
    assert (blocks.accuracy, blocks.kappa, blocks.f1) == (whole.accuracy, whole.kappa, whole.f1)


def test_scatter_rows_of_one_class_at_a_time_equal_those_of_the_samples_held():
    """A SampleScatter of given features (each class copied in turn, in ridge units, of a subset of rows)
    has the counts, means, diagonals and rows of one holding a copy of those samples, bit for bit."""
    from gmmselect.core.scatter import SampleScatter

    X, y, _, scale = ridge_unit_samples()
    _, classes = np.unique(y, return_inverse=True)
    rows = np.flatnonzero(np.arange(len(y)) % 3 != 1)
    held = SampleScatter(ridge_units(X, scale)[rows], classes[rows], 4)
    features = [5, 0, 8]
    settled = SampleScatter(X, classes[rows], 4, rows=rows, root=np.sqrt(scale), features=features)
    assert settled.centred is None
    for name in ("counts", "means", "diagonal"):
        np.testing.assert_array_equal(getattr(settled, name), getattr(held, name))
    np.testing.assert_array_equal(settled.rows(features, features), held.rows(features, features))


@pytest.mark.parametrize("d", [1, 2, 3, 8, 21])
def test_within_class_squares_in_blocks_have_the_bits_of_one_einsum(monkeypatch, d):
    """band_variances sums the squares of the centred samples block by block, each block starting from the
    total so far: the sums, in the order, of np.einsum over the whole centred copy."""
    from gmmselect.core import ridge

    rng = np.random.default_rng(d)
    X = rng.normal(size=(1000, d)) * 10.0 ** rng.uniform(-3, 6, d) + 5e4
    y = rng.integers(0, 3, len(X))
    means = np.array([X[y == label].mean(axis=0) for label in range(3)])
    centred = X - means[y]
    expected = np.einsum("ij,ij->j", centred, centred)
    for block in (7, 1000, 1 << 14):
        monkeypatch.setattr(ridge, "TEST_BLOCK", block)
        assert ridge.within_squares(X, means, y).tobytes() == expected.tobytes()
    for layout in (np.asfortranarray(X), np.repeat(X, 2, axis=1)[:, ::2]):  # centred: C-contiguous still
        assert ridge.within_squares(layout, means, y).tobytes() == expected.tobytes()


def test_class_variances_are_numpys_var_in_place():
    from gmmselect.core.ridge import class_variances

    rng = np.random.default_rng(3)
    for d in (1, 2, 9):
        X = rng.normal(size=(5000, d)) * 10.0 ** rng.uniform(-3, 6, d) + 7e3
        members = rng.random(5000) < 0.6
        root = np.sqrt(rng.uniform(0.5, 50, d))
        assert class_variances(X, members).tobytes() == X[members].var(axis=0, ddof=1).tobytes()
        assert (class_variances(X, members, root).tobytes()
                == (X / root)[members].var(axis=0, ddof=1).tobytes())


@pytest.mark.parametrize("size", [99_999, 200_000, 10**7])
def test_kappa_of_a_perfect_matrix_with_a_rare_class_is_one(size):
    """pe within 1e-5 of 1 is no pe of 1: [[200000, 0], [0, 1]] agrees perfectly, kappa 1 (it was 0:
    np.isclose took pe = 1 - 1e-5 for 1); only one class holding every sample has pe = 1, kappa 0."""
    perfect = np.array([[size, 0.0], [0.0, 1.0]])
    assert cohen_kappa(perfect) == 1.0
    assert Assessment.of("held-out", perfect).kappa == 1.0
    missed = np.array([[size, 1.0], [0.0, 1.0]])  # the rare class predicted once more, wrongly
    pe = Fraction(size * (size + 1) + 2, (size + 2) ** 2)
    expected = float((Fraction(size + 1, size + 2) - pe) / (1 - pe))
    assert cohen_kappa(missed) == pytest.approx(expected, rel=1e-14)
    np.testing.assert_array_equal(cohen_kappa(np.array([perfect, missed])), [1.0, cohen_kappa(missed)])
    assert cohen_kappa(np.array([[7.0, 0], [0, 0]])) == 0.0


def test_equal_kappas_of_different_matrices_are_equal_numbers():
    """kappa = 1 - N d / D with N d and D exact counts: one division, so matrices of one kappa tie exactly
    (ties of the selection go to the lowest band, of the tau search to the smallest tau); (OA - pe) / (1 - pe)
    rounded these two kappas of -7/103 apart (-0.06796116504854366 and -0.06796116504854376)."""
    first = np.array([[10.0, 13, 2], [13, 1, 1], [2, 2, 6]])
    second = np.array([[0.0, 12, 5], [3, 2, 2], [7, 11, 13]])
    assert cohen_kappa(first) == cohen_kappa(second) == pytest.approx(-7 / 103, rel=1e-15)


@pytest.mark.parametrize("folds", [3, LEAVE_ONE_OUT])
def test_a_search_relative_to_band_variances_says_so_and_searches_the_relative_grid(folds):
    """select_tau(ridge_scale=r) searches RELATIVE_TAU_GRID (fractions of each band's variance) and its result
    is relative, as README and core.ridge say (it searched s 10^e, s the mean variance in ridge units, and
    said absolute); without r, the default grid is s 10^e of the bands' units and the result absolute."""
    X, y, _, scale = ridge_unit_samples()
    search = select_tau(X, y, folds=folds, ridge_scale=scale)
    np.testing.assert_array_equal(search.grid, RELATIVE_TAU_GRID)
    assert search.relative
    search = select_tau(X, y, folds=folds)
    np.testing.assert_array_equal(search.grid, default_tau_grid(X, y))
    assert not search.relative
