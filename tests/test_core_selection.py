"""SFS and SFFS against brute force (every subset refitted from scratch), on random and real data."""

import warnings

import numpy as np
import pytest
import reference
from conftest import data_file

from gmmselect.core import Canceled, make_folds, select_features
from gmmselect.core.selection import COPY_PROBE_ROWS, original_features

CRITERIA = ["jm", "kl", "accuracy", "kappa", "f1"]


def random_classes(seed=0, n_classes=4, d=10, sizes=(60, 45, 80, 50)):
    """Gaussian classes with distinct means and random full covariances."""
    rng = np.random.default_rng(seed)
    X, y = [], []
    for c in range(n_classes):
        mixing = rng.normal(size=(d, d)) * rng.uniform(0.3, 1.5, size=d)
        X.append(rng.normal(size=(sizes[c], d)) @ mixing + rng.normal(scale=1.5, size=d))
        y.append(np.full(sizes[c], c + 1))
    return np.vstack(X), np.concatenate(y)


def maipo_subset(n=700, every=4, seed=1):
    """Real Landsat-8 time series (maipo): a stratified random sample of pixels, every 4th feature."""
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    rng = np.random.default_rng(seed)
    rows = np.sort(rng.choice(len(data["y"]), n, replace=False))
    return data["X"][rows][:, ::every], data["y"][rows], data["field"][rows]


def muufl_subset(min_size=30, every=40):
    """Real field spectra (muufl): the classes with at least 30 spectra, every 40th band."""
    data = np.load(data_file("muufl_field_spectra", "muufl_asd_spectra.npz"))
    labels, counts = np.unique(data["y"], return_counts=True)
    keep = np.isin(data["y"], labels[counts >= min_size])
    return data["X"][keep][:, ::every], data["y"][keep]


def assert_matches_bruteforce(X, y, method, criterion, k_max, folds=4, groups=None, tau=0.0, alpha=0.0):
    """Same best sets (exactly) and values (rtol 1e-8) as the naive refit implementation."""
    result = select_features(X, y, method, criterion, max_features=k_max, folds=folds, groups=groups,
                             tau=tau, alpha=alpha)
    fold = make_folds(y, folds, groups, 0) if criterion not in ("jm", "kl") else None
    J = reference.criterion_function(X, y, criterion, fold, tau, alpha)
    sets, values = reference.sequential(J, X.shape[1], k_max, method == "sffs")
    assert result.best_sets == sets
    for size in sets:
        np.testing.assert_allclose(result.best_values[size], values[size], rtol=1e-8, atol=1e-12)
    return result


@pytest.mark.parametrize("criterion", CRITERIA)
@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_random_data_matches_bruteforce(method, criterion):
    X, y = random_classes()
    result = assert_matches_bruteforce(X, y, method, criterion, k_max=7)
    assert sorted(result.best_sets) == list(range(1, 8))


@pytest.mark.parametrize("criterion", CRITERIA)
@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_maipo_matches_bruteforce_with_grouped_folds(method, criterion):
    X, y, field = maipo_subset()
    assert_matches_bruteforce(X, y, method, criterion, k_max=6, groups=field)


@pytest.mark.parametrize("criterion", ["jm", "kl", "kappa"])
@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_muufl_matches_bruteforce(method, criterion):
    X, y = muufl_subset()
    assert_matches_bruteforce(X, y, method, criterion, k_max=6, folds=3)


def test_ridge_during_selection_matches_bruteforce():
    X, y = random_classes(seed=3)
    assert_matches_bruteforce(X, y, "sffs", "jm", k_max=6, tau=0.7)
    assert_matches_bruteforce(X, y, "sfs", "kappa", k_max=5, tau=0.7)


@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_classes_separated_on_every_band_tie_and_the_lowest_band_wins(method):
    """Classes 100 standard deviations apart on every band: JM_ij = sqrt 2 whatever the bands, so all the
    candidates tie, the lowest band wins (EQUATIONS.md) and every size has the same value. The pairs summed
    by a BLAS product rounded the last candidate apart: band 4 came first in 3 of these 24 data sets."""
    for seed in range(12):
        for n_classes in (6, 8):
            rng = np.random.default_rng(seed)
            y = np.repeat(np.arange(1, n_classes + 1), rng.integers(20, 60, n_classes))
            X = 100.0 * (y[:, None] - 1) + rng.normal(size=(len(y), 5))
            result = select_features(X, y, method, "jm", max_features=4)
            assert result.best_sets == {k: tuple(range(k)) for k in range(1, 5)}, (seed, n_classes)
            assert len(set(result.best_values.values())) == 1, (seed, n_classes)


@pytest.mark.parametrize("criterion", CRITERIA)
@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_shrinkage_toward_the_pooled_covariance_matches_bruteforce(method, criterion):
    """S_c(alpha, tau) in every criterion; in a CV fold S_pooled is the fold's training part's."""
    X, y = random_classes(seed=8)
    assert_matches_bruteforce(X, y, method, criterion, k_max=6, tau=0.3, alpha=0.4)


@pytest.mark.parametrize("criterion", ["jm", "kappa"])
def test_shrinkage_on_maipo_with_grouped_folds_matches_bruteforce(criterion):
    X, y, field = maipo_subset()
    assert_matches_bruteforce(X, y, "sffs", criterion, k_max=5, groups=field, alpha=0.7)


def test_full_shrinkage_gives_every_class_the_pooled_covariance():
    """alpha = 1 (linear discriminant analysis): JM reduces to the Bhattacharyya Mahalanobis term."""
    X, y = random_classes(seed=9)
    result = assert_matches_bruteforce(X, y, "sfs", "jm", k_max=4, alpha=1.0)
    pooled = reference.pooled_covariance(X, y, result.best_sets[2])
    _, priors, means, covs = reference.refit(X, y, result.best_sets[2], alpha=1.0)
    np.testing.assert_allclose(covs, np.broadcast_to(pooled, covs.shape), rtol=1e-12)


def test_pruned_cv_predictions_equal_the_full_argmin(monkeypatch):
    """The class pruning of the CV criterion is exact: same predictions as scoring every class."""
    from gmmselect.core import crossval
    from gmmselect.core.selection import make_criterion

    dense_calls = []
    dense = crossval.FoldCandidates.dense_predictions
    monkeypatch.setattr(crossval.FoldCandidates, "dense_predictions",
                        lambda self: dense_calls.append(1) or dense(self))
    X, y = muufl_subset(every=20)
    criterion = make_criterion(X, y, "kappa", 3, None, 0, 0.0)
    n_predictions = 0
    for feature in (18, 26, 5, 33, None):
        for nested, forms, log_priors, _ in criterion.folds:
            candidates = crossval.FoldCandidates(nested, forms, log_priors)
            every_class = np.array([candidates.negative_scores(c, slice(None)) for c in range(7)])
            expected = np.argmin(every_class, axis=0)
            np.testing.assert_array_equal(candidates.predictions(), expected)
            n_predictions += 1
            np.testing.assert_array_equal(dense(candidates), expected)
        if feature is not None:
            criterion.add(feature)
    assert 0 < len(dense_calls) < n_predictions  # both the dense and the pruned path ran


def test_sffs_beats_sfs_on_real_data():
    """On maipo, SFFS finds strictly better sets than SFS at some sizes (and never worse with KL here)."""
    X, y, _ = maipo_subset()
    sfs = assert_matches_bruteforce(X, y, "sfs", "kl", k_max=8)
    sffs = assert_matches_bruteforce(X, y, "sffs", "kl", k_max=8)
    gains = [sffs.best_values[k] - sfs.best_values[k] for k in range(1, 9)]
    assert max(gains) > 0.01 * abs(sfs.best_values[8])
    assert min(gains) >= -1e-9


def test_sffs_takes_no_removal_whose_value_rounding_lost():
    """MUUFL's 751-band spectra without a ridge (classes of 3 spectra: singular covariances): at 20 bands
    every removal's JM was NaN, and SFFS stopped with NumPy's 'attempt to get argmin of an empty sequence'.
    Such a removal is not made: the selection runs on to 20 bands, each set's value finite."""
    data = np.load(data_file("muufl_field_spectra", "muufl_asd_spectra.npz"))
    X, y = data["X"].astype(np.float64), data["y"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        sffs = select_features(X, y, "sffs", "jm", max_features=20, tau=0.0)
    assert sorted(sffs.best_sets) == list(range(1, 21))
    assert all(len(sffs.best_sets[k]) == k and np.isfinite(sffs.best_values[k]) for k in range(1, 21))


def test_sfs_records_order_of_addition():
    X, y = random_classes()
    result = select_features(X, y, "sfs", "jm", max_features=5)
    assert result.added == list(result.best_sets[5])
    for k in range(1, 5):
        assert result.best_sets[k] == result.best_sets[5][:k]


def test_ties_go_to_the_lowest_feature_index():
    """Duplicated bands give equal criterion values: the first copy is chosen."""
    X, y = random_classes(d=5)
    duplicated = np.hstack([X, X])
    result = select_features(duplicated, y, "sfs", "kappa", max_features=3)
    assert all(f < 5 for f in result.best_sets[3])
    assert result.best_sets[3] == select_features(X, y, "sfs", "kappa", max_features=3).best_sets[3]


def copied_bands(seed):
    """random_classes of 2-5 classes and 3-11 bands, with some of its bands copied after the last one, and
    the largest size to select."""
    rng = np.random.default_rng(seed)
    d, n_classes = int(rng.integers(3, 12)), int(rng.integers(2, 6))
    X, y = random_classes(seed, n_classes=n_classes, d=d, sizes=tuple(rng.integers(30, 90, size=n_classes)))
    copies = rng.choice(d, size=int(rng.integers(1, d + 1)), replace=False)
    return X, np.hstack([X, X[:, copies]]), y, int(rng.integers(1, d + 1))


@pytest.mark.parametrize("criterion", ["jm", "kl"])
@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_copied_bands_select_what_the_bands_alone_select(method, criterion):
    """A copy ties with its original, and the original (the lower band) wins. Before, a copy was selected,
    its score rounded one ulp above the original's by the candidates' batched products, in 6 / 7 of these
    130 data sets (JM, SFS / SFFS) and 24 / 27 (KL)."""
    for seed in range(130):
        X, copied, y, k = copied_bands(seed)
        alone = select_features(X, y, method, criterion, max_features=k)
        with_copies = select_features(copied, y, method, criterion, max_features=k)
        assert with_copies.best_sets == alone.best_sets, seed


@pytest.mark.parametrize("criterion", ["kappa", "accuracy"])
def test_a_copied_band_comes_only_after_its_original(criterion):
    """With CV criteria a copy of a selected band can still be added (it adds nothing, and nothing else
    scores better); a copy is never chosen before its original. Of data sets 0-399, 164 and 269 chose one
    before (SFFS, kappa and accuracy)."""
    for seed in (*range(20), 164, 269):
        X, copied, y, k = copied_bands(seed)
        originals = original_features(copied)
        for features in select_features(copied, y, "sffs", criterion, max_features=k).best_sets.values():
            for position, f in enumerate(features):
                assert originals[f] == f or originals[f] in features[:position], seed


def test_original_features_compares_whole_columns():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(500, 6))
    assert original_features(X) is None
    X[:, 4] = X[:, 1]
    X[:, 5] = X[:, 1]
    X[:, 3] = X[:, 2]
    X[1, 3] += 1  # equal to band 2 on the rows compared first (0, 16, 32, ...), not on row 1
    assert X.shape[0] > COPY_PROBE_ROWS
    np.testing.assert_array_equal(original_features(X), [0, 1, 2, 3, 1, 1])
    np.testing.assert_array_equal(original_features(X[:, ::-1]), [0, 0, 2, 3, 0, 5])


def test_best_size_is_smallest_within_tolerance():
    X, y = random_classes()
    result = select_features(X, y, "sfs", "jm", max_features=10, size_tolerance=0.05)
    values = np.array([result.best_values[k] for k in result.sizes])
    within = np.flatnonzero(values >= values.max() - 0.05 * abs(values.max()))
    assert result.best_size == result.sizes[within[0]]
    strict = select_features(X, y, "sfs", "jm", max_features=10, size_tolerance=0.0)
    assert strict.best_size == result.sizes[int(np.argmax(values))]
    assert result.best_size < strict.best_size


@pytest.mark.parametrize("criterion", CRITERIA)
def test_degenerate_muufl_full_spectrum_gives_finite_values(criterion):
    """751 bands, classes of 3-70 spectra: singular covariances are floored, never NaN."""
    data = np.load(data_file("muufl_field_spectra", "muufl_asd_spectra.npz"))
    X, y = data["X"], data["y"]
    folds = 3
    if criterion not in ("jm", "kl"):
        labels, counts = np.unique(y, return_counts=True)
        keep = np.isin(y, labels[counts >= 9])
        X, y = X[keep], y[keep]
    result = select_features(X, y, "sffs", criterion, max_features=8, folds=folds)
    values = np.array(list(result.best_values.values()))
    assert np.all(np.isfinite(values))
    assert len(result.best_sets[8]) == 8


def test_constant_and_duplicated_bands_do_not_crash():
    X, y = random_classes(d=4)
    X = np.hstack([X, np.full((len(X), 1), 7.0), X[:, :1]])
    for criterion in CRITERIA:
        result = select_features(X, y, "sffs", criterion, max_features=6)
        assert np.all(np.isfinite(list(result.best_values.values())))
        assert 4 not in result.best_sets[3]  # the constant band separates nothing


def test_max_features_above_feature_count_is_clamped_with_a_warning():
    X, y = random_classes(d=4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = select_features(X, y, "sfs", "jm", max_features=9)
    assert max(result.sizes) == 4
    assert any("selecting up to 4" in str(w.message) for w in caught)
    assert "selecting up to 4" in result.warnings[0]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"method": "sbs"}, "unknown method 'sbs'"),
    ({"criterion": "gini"}, "unknown criterion 'gini'"),
    ({"max_features": 0}, "max_features must be a whole number"),
    ({"tau": -1.0}, "tau must be a finite number >= 0"),
])
def test_bad_arguments_are_refused(kwargs, message):
    X, y = random_classes(d=4)
    with pytest.raises(ValueError, match=message):
        select_features(X, y, **kwargs)


def test_progress_and_cancel():
    X, y = random_classes()
    seen = []
    select_features(X, y, "sfs", "jm", max_features=4, progress=seen.append)
    assert seen == [0.25, 0.5, 0.75, 1.0]
    with pytest.raises(Canceled):
        select_features(X, y, "sfs", "jm", max_features=4, is_canceled=lambda: len(seen) > 5,
                        progress=seen.append)
    assert len(seen) == 6


def test_the_choices_are_keyed_like_the_scores_behind_them():
    from gmmselect.core.choices import CRITERIA, TAU_CRITERIA
    from gmmselect.core.criteria import CV_SCORES

    assert list(TAU_CRITERIA) == list(CV_SCORES) == [key for key in CRITERIA if key not in ("jm", "kl")]


def test_jm_ceiling_is_reached_by_fully_separated_classes():
    """EQUATIONS.md 'Choosing the size': 0.6629 for 16 balanced classes; far-apart classes reach it."""
    from gmmselect.core import GaussianMixture
    from gmmselect.core.separability import jm_ceiling, pairwise_jm

    assert jm_ceiling(np.full(16, 1 / 16)) == pytest.approx(0.6629, abs=5e-5)
    rng = np.random.default_rng(0)
    sizes = [30, 60, 90]
    X = np.vstack([rng.normal(1000.0 * k, 1.0, (n, 2)) for k, n in enumerate(sizes)])
    y = np.repeat([1, 2, 3], sizes)
    mixture = GaussianMixture.fit(X, y)
    priors, jm = mixture.priors_, pairwise_jm(mixture)
    criterion = sum(priors[i] * priors[j] * jm[i, j] for i in range(3) for j in range(i + 1, 3))
    assert criterion == pytest.approx(jm_ceiling(priors), rel=1e-12)
    assert jm_ceiling(priors) == pytest.approx(np.sqrt(2) * (1 / 6 * 2 / 6 + 1 / 6 * 3 / 6 + 2 / 6 * 3 / 6))


def test_jm_of_far_apart_classes_is_that_of_the_exact_exponential(monkeypatch):
    """The exponent of exp(-B_ij) is raised to EXPONENT_FLOOR (NumPy's float64 exp is slow where it
    underflows): JM_ij = sqrt(2 (1 - exp(-B_ij))) and the selection are bit for bit those without it, on
    classes whose B_ij run from about 1 (the two near classes) through 20-40 (where exp(-B) still shows in
    1 - exp(-B)) to 10^5 (far ones)."""
    from gmmselect.core import separability

    rng = np.random.default_rng(3)
    centres = np.array([0.0, 2.5, 8.6, 130.0, 900.0])[:, None] * np.linspace(1, 0.6, 5)
    X = np.vstack([rng.normal(centre, 1.0, (40, 5)) for centre in centres])
    y = np.repeat(np.arange(5), 40)
    clamped = select_features(X, y, method="sffs", criterion="jm")
    monkeypatch.setattr(separability, "EXPONENT_FLOOR", -np.inf)
    exact = select_features(X, y, method="sffs", criterion="jm")
    assert clamped.best_sets == exact.best_sets
    assert clamped.best_values == exact.best_values
    _, _, means, covariances = reference.refit(X, y, range(5))
    pairs = []
    for i, j in zip(*np.triu_indices(5, 1)):
        average, delta = (covariances[i] + covariances[j]) / 2, means[i] - means[j]
        logdets = [np.linalg.slogdet(m)[1] for m in (average, covariances[i], covariances[j])]
        pairs.append(delta @ np.linalg.solve(average, delta) / 8
                     + (logdets[0] - logdets[1] / 2 - logdets[2] / 2) / 2)
    pairs = np.array(pairs)
    assert pairs.min() < 5 and np.any((pairs > 20) & (pairs < 38)) and pairs.max() > 1e5


def built_by_additions(X, y, criterion, features, tau):
    """A SubsetCriterion grown from the empty set by `features`, in order."""
    from gmmselect.core.selection import make_criterion

    built = make_criterion(X, y, criterion, 3, None, 0, tau)
    built.added_scores()  # the candidates' coupling is kept from the first step on
    for feature in features:
        built.add(feature)
    return built


def assert_same_criterion(criterion, expected):
    """Same subset (in order), and J(F + f), J(F - g) within rounding of the one built by additions."""
    assert criterion.features == expected.features
    added, wanted = criterion.added_scores(), expected.added_scores()
    np.testing.assert_array_equal(np.isfinite(added), np.isfinite(wanted))
    np.testing.assert_allclose(added[np.isfinite(added)], wanted[np.isfinite(wanted)], rtol=1e-11)
    np.testing.assert_allclose(criterion.removed_scores(), expected.removed_scores(), rtol=1e-11)


def recorded_additions(monkeypatch):
    """The features SubsetCriterion.add is called with from now on."""
    from gmmselect.core import updates

    added, add = [], updates.SubsetCriterion.add
    monkeypatch.setattr(updates.SubsetCriterion, "add",
                        lambda self, feature: added.append(feature) or add(self, feature))
    return added


@pytest.mark.parametrize("criterion", ["jm", "kl", "kappa"])
def test_dropping_members_by_rotations_equals_building_without_them(criterion, monkeypatch):
    """SFFS's exclusions (Givens rotations of the factors, couplings and whitened points) and its
    returns to an earlier best set give the criterion of that subset built by additions."""
    X, y = muufl_subset(every=20)
    grown = built_by_additions(X, y, criterion, [18, 26, 5, 33, 2, 11, 30], 1e-4)
    added = recorded_additions(monkeypatch)
    grown.remove(1)
    grown.remove(0)
    assert added == []  # no member was added back: the rotations did it all
    grown.reset([5, 2, 30, 7])
    assert added == [7]
    monkeypatch.undo()
    assert_same_criterion(grown, built_by_additions(X, y, criterion, [5, 2, 30, 7], 1e-4))


@pytest.mark.parametrize("criterion", ["jm", "kl"])
def test_dropping_a_member_before_a_floored_pivot_rebuilds_by_additions(criterion, monkeypatch):
    """Class 1 has 3 samples: from the third feature on its pivots sit at the floor, which a rotation
    would keep where a rebuild may not; the members after the dropped one are added back instead."""
    X, y = random_classes(d=8, sizes=(60, 3, 80, 50))
    grown = built_by_additions(X, y, criterion, [0, 1, 2, 3, 4], 0.0)
    added = recorded_additions(monkeypatch)
    grown.remove(1)
    assert added == [2, 3, 4]
    monkeypatch.undo()
    assert_same_criterion(grown, built_by_additions(X, y, criterion, [0, 2, 3, 4], 0.0))


def served_pairs(monkeypatch):
    """The number of JM pairs whose candidates are scored at each step from now on."""
    from gmmselect.core.separability import JeffriesMatusita

    counts, added = [], JeffriesMatusita._added
    monkeypatch.setattr(JeffriesMatusita, "_added",
                        lambda self: counts.append(self.first[self.pairs.served].size) or added(self))
    return counts


@pytest.mark.parametrize("method", ["sfs", "sffs"])
@pytest.mark.parametrize("alpha", [0.0, 0.2])
def test_jm_pairs_no_candidate_can_move_are_not_scored(method, alpha, monkeypatch):
    """MUUFL's 28 materials on 751 bands: pairs reach JM_ij = sqrt 2 within a few bands (with alpha 0, less
    than half of the 378 pairs are scored by the 12th), and a pair with B_ij(F) >= 40 + drop_ij + 1 has it
    for every candidate, so its candidates are not scored. The sets and values are bit for bit those of
    scoring every pair; SFFS's removals bring pairs back (alpha 0.2)."""
    from gmmselect.core.separability import JeffriesMatusita

    data = np.load(data_file("muufl_field_spectra", "muufl_asd_spectra.npz"))
    X, y = data["X"], data["y"]
    served = served_pairs(monkeypatch)
    skipped = select_features(X, y, method, "jm", max_features=12, tau=1e-6, alpha=alpha)
    assert served[0] == 378 and min(served) < (378 / 2 if alpha == 0 else 378)
    if method == "sffs" and alpha:
        assert any(later > earlier for earlier, later in zip(served, served[1:]))
    monkeypatch.setattr(JeffriesMatusita, "_unmoved", lambda self: np.zeros(len(self.first), dtype=bool))
    scored = select_features(X, y, method, "jm", max_features=12, tau=1e-6, alpha=alpha)
    assert skipped.best_sets == scored.best_sets
    assert skipped.best_values == scored.best_values


def bhattacharyya_of_candidates(criterion):
    """B_ij(F + f) `(P, d)` of every pair and candidate, from a JeffriesMatusita's updates (the log-dets of F
    and the floored Schur complements its _combine takes), and its B_ij(F) `(P,)`."""
    classes, pairs, separation = criterion.classes, criterion.pairs, criterion.separation
    pairs.serve(np.arange(len(criterion.first)))
    _, class_alpha = classes.schur()
    coupling, pair_alpha = pairs.schur()
    class_logdets = classes.logdet[:, None] + np.log(class_alpha)
    candidates = (pairs.logdet[:, None] + np.log(pair_alpha) - class_logdets[criterion.first] / 2
                  - class_logdets[criterion.second] / 2) / 2
    candidates += separation.added(coupling, pair_alpha)[:, 0, :] / 8
    return candidates, criterion.bhattacharyya()


@pytest.mark.parametrize("data", ["muufl", "floored"])
def test_no_candidate_lowers_b_by_more_than_the_pair_drop(data):
    """B_ij(F + f) >= B_ij(F) - drop_ij for every pair and candidate (separability's module docstring): on
    MUUFL (classes of 3 to 70 spectra on 751 bands) and on classes of 3 to 8 samples whose covariances are
    singular from the third band (floored Schur complements). In exact arithmetic B only grows; computed, it
    can fall (by 2e-15 on the second set: a drop of 0 fails this test)."""
    if data == "muufl":
        spectra = np.load(data_file("muufl_field_spectra", "muufl_asd_spectra.npz"))
        X, y, features = spectra["X"], spectra["y"], [100, 400, 250, 700, 30, 520]
    else:
        X, y = random_classes(d=12, sizes=(3, 4, 8, 5))
        X[:, 6] = X[:, 5] * 1e-6 + X[:, 0]
        features = [0, 5, 1, 2, 3]
    criterion = built_by_additions(X, y, "jm", features, 0.0)
    candidates, current = bhattacharyya_of_candidates(criterion)
    outside = np.setdiff1d(np.arange(X.shape[1]), features)
    lowest = candidates[:, outside].min(axis=1)
    assert np.all(lowest >= current - criterion.drops)
