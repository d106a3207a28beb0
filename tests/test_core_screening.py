"""Cross-validated selection screened in float32 (core/screening.py): the very sets and values of the float64
path, on real data and on ill-conditioned covariances where float32 alone decides differently."""

import numpy as np
import pytest
from test_core_selection import maipo_subset, muufl_subset

from gmmselect.core import crossval, screening, select_features
from gmmselect.core.criteria import confusion_matrices
from gmmselect.core.selection import make_criterion


@pytest.fixture(autouse=True)
def screen_everywhere(monkeypatch):
    """The screen on every fold part, whatever its classes and size (these tests are of its decisions; where
    it runs by default: test_the_screen_runs_where_it_pays)."""
    monkeypatch.setattr(crossval, "SCREEN_CLASSES", 1)
    monkeypatch.setattr(crossval, "SCREEN_ELEMENTS", 0)


def ill_conditioned(seed, n_classes=4, d=12, per_class=150):
    """Classes of 12 bands driven by 3 shared factors (spread 50-150) plus noise 0.01 around 10,000:
    covariances of condition about 1e9, means far from zero relative to the noise."""
    rng = np.random.default_rng(seed)
    loadings = rng.normal(size=(3, d))
    X, y = [], []
    for c in range(n_classes):
        latent = rng.normal(size=(per_class, 3)) * rng.uniform(50, 150, 3)
        X.append(1e4 + latent @ loadings + rng.normal(size=(per_class, d)) * 1e-2
                 + rng.normal(scale=0.05, size=d))
        y.append(np.full(per_class, c))
    return np.vstack(X), np.concatenate(y)


def fold_candidates(criterion):
    """The FoldCandidates of every fold at the criterion's current subset, with their test classes."""
    return [(crossval.FoldCandidates(nested, forms, log_priors, float32=True), reference)
            for nested, forms, log_priors, reference in criterion.folds]


def raw_float32_winners(candidates):
    """argmin_c of the float32 scores alone, without the certificate, `(m, d)`."""
    screen = screening.Float32Screen(candidates)
    rows = slice(None)
    return np.argmin([screen.scores(c, rows) for c in range(len(candidates.current))], axis=0)


def float64_winners(candidates):
    """The float64 path's classes `(m, d)`."""
    return candidates.dense_block(slice(None), np.uint8)


def count_screening(monkeypatch):
    """Record (pairs, pairs left uncertain) of every float32 screen."""
    counts = []
    predictions = screening.Float32Screen.predictions

    def counted(self, rows, index):
        best_class, uncertain = predictions(self, rows, index)
        counts.append((uncertain.size, int(uncertain.sum())))
        return best_class, uncertain
    monkeypatch.setattr(screening.Float32Screen, "predictions", counted)
    return counts


def assert_same_selection(X, y, method, criterion, k_max, **options):
    """float32=True selects the float64 path's sets and values, exactly."""
    screened = select_features(X, y, method, criterion, max_features=k_max, **options)
    plain = select_features(X, y, method, criterion, max_features=k_max, float32=False, **options)
    assert screened.best_sets == plain.best_sets
    assert screened.best_values == plain.best_values
    assert screened.added == plain.added


@pytest.mark.parametrize("criterion", ["accuracy", "kappa", "f1"])
@pytest.mark.parametrize("method", ["sfs", "sffs"])
def test_screened_selection_equals_float64_on_real_data(method, criterion, monkeypatch):
    counts = count_screening(monkeypatch)
    X, y, field = maipo_subset()
    assert_same_selection(X, y, method, criterion, 6, groups=field, tau=1e-6)
    X, y = muufl_subset(every=20)
    assert_same_selection(X, y, method, criterion, 6, folds=3, tau=1e-4)
    pairs, uncertain = np.sum(counts, axis=0)
    assert 0 < uncertain < 0.5 * pairs  # screened, mostly certified, some pairs settled in float64


def test_screened_shrinkage_and_pooled_folds_equal_float64():
    X, y, field = maipo_subset()
    assert_same_selection(X, y, "sffs", "kappa", 5, groups=field, tau=1e-6, alpha=0.3)
    assert_same_selection(X, y, "sfs", "accuracy", 5, groups=field, folds="loo", tau=1e-6)


def test_certified_decisions_are_the_float64_decisions_on_ill_conditioned_covariances():
    """float32 alone mispredicts hundreds of (sample, candidate) pairs; none of them is certified."""
    X, y = ill_conditioned(seed=0)
    assert np.linalg.cond(np.cov(X[y == 0].T)) > 1e8
    criterion = make_criterion(X, y, "accuracy", 5, None, 0, 0.0)
    wrong = 0
    for feature in (0, 5, 7, None):
        for candidates, _ in fold_candidates(criterion):
            expected = float64_winners(candidates)
            wrong += np.count_nonzero(raw_float32_winners(candidates) != expected)
            best_class, uncertain = screening.Float32Screen(candidates).predictions(slice(None), np.uint8)
            np.testing.assert_array_equal(best_class[~uncertain], expected[~uncertain])
            np.testing.assert_array_equal(candidates.dense_predictions(), expected)
        if feature is not None:
            criterion.add(feature)
    assert wrong > 100


def test_float32_alone_would_select_differently_but_the_screen_does_not():
    """On these covariances the raw float32 CV accuracies of the candidates differ from float64's, and
    their argmax picks another feature (here feature 6 where float64 picks 9, at step 5 of SFS); the
    screened selection is the float64 selection."""
    X, y = ill_conditioned(seed=11)
    criterion = make_criterion(X, y, "accuracy", 5, None, 0, 0.0, float32=False)
    picks, differing = [], 0
    for _ in range(5):
        raw, exact = [], []
        for candidates, reference in fold_candidates(criterion):
            raw.append(confusion_matrices(reference, raw_float32_winners(candidates).T, 4))
            exact.append(confusion_matrices(reference, float64_winners(candidates).T, 4))
        raw, exact = criterion._combine(raw), criterion._combine(exact)
        raw[criterion.features] = exact[criterion.features] = -np.inf
        np.testing.assert_array_equal(exact, criterion.added_scores())
        differing += np.count_nonzero(raw != exact)
        picks.append((int(np.argmax(raw)), int(np.argmax(exact))))
        criterion.add(picks[-1][1])
    assert differing > 0
    assert any(raw_pick != exact_pick for raw_pick, exact_pick in picks)
    assert_same_selection(X, y, "sfs", "accuracy", 6)
    assert_same_selection(X, y, "sffs", "kappa", 6)


def test_the_float64_path_does_not_screen(monkeypatch):
    counts = count_screening(monkeypatch)
    X, y, field = maipo_subset()
    select_features(X, y, "sfs", "kappa", max_features=3, groups=field, float32=False)
    assert counts == []
    select_features(X, y, "sfs", "kappa", max_features=3, groups=field)
    assert counts


def test_the_screen_runs_where_it_pays(monkeypatch):
    """By default the screen scores a fold part's candidates only with SCREEN_CLASSES classes or more and
    chunks of SCREEN_ELEMENTS scores or more (with fewer, float32's 12 passes per class cost more than
    float64's 8); the selection is the same either way."""
    counts = count_screening(monkeypatch)
    X, y = ill_conditioned(seed=2, n_classes=8, per_class=60)
    reference = select_features(X, y, "sfs", "kappa", max_features=3, float32=False)
    half_chunk = crossval.CHUNK_ELEMENTS // 2
    for classes, elements, screened in ((8, 0, True), (9, 0, False), (8, half_chunk, False)):
        monkeypatch.setattr(crossval, "SCREEN_CLASSES", classes)
        monkeypatch.setattr(crossval, "SCREEN_ELEMENTS", elements)
        counts.clear()
        result = select_features(X, y, "sfs", "kappa", max_features=3)
        assert bool(counts) == screened
        assert result.best_sets == reference.best_sets and result.best_values == reference.best_values


def test_fold_runs_cover_every_test_sample_once_in_even_runs():
    """Folds of 5, 3 and 4 test samples end to end, cut into 3 runs of 4: the first and the last fold whole,
    the second with the first's last sample."""
    runs = crossval.sample_runs([5, 3, 4], 3)
    assert runs == [[(0, slice(0, 4))], [(0, slice(4, 5)), (1, slice(0, 3))], [(2, slice(0, 4))]]
    assert crossval.sample_runs([5, 3, 4], 1) == [[(0, slice(0, 5)), (1, slice(0, 3)), (2, slice(0, 4))]]


@pytest.mark.parametrize("options", [{"criterion": "kappa", "float32": True},
                                     {"criterion": "f1", "float32": False},
                                     {"criterion": "accuracy", "folds": "loo"}])
def test_selection_does_not_depend_on_the_number_of_threads(options, monkeypatch):
    """1, 2 and 3 fold threads (crossval.WORKERS: runs cut inside folds) select the same sets, values and
    additions, to the bit."""
    X, y, field = maipo_subset(n=400)
    results = []
    for workers in (1, 2, 3):
        monkeypatch.setattr(crossval, "WORKERS", workers)
        results.append(select_features(X, y, "sffs", max_features=6, tau=1e-6, **options))
    for result in results[1:]:
        assert result.best_sets == results[0].best_sets
        assert result.best_values == results[0].best_values
        assert result.added == results[0].added
