"""The candidates' coupling kept by the block updates, against direct computation."""

import numpy as np
import pytest
from conftest import data_file

from gmmselect.core.scatter import SampleScatter, ScatterCovariances
from gmmselect.core.updates import CandidateCholesky, PairAverages


def maipo(every=4):
    """Real Landsat-8 time series (maipo), every 4th feature: samples, class indices, number of classes."""
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    labels, classes = np.unique(data["y"], return_inverse=True)
    return np.asarray(data["X"][:, ::every], dtype=np.float64), classes, len(labels)


def grow(cholesky, features):
    """Add `features` in order, each with its coupling and Schur complement read from `cholesky`."""
    for feature in features:
        coupling, alpha = cholesky.schur([feature])
        cholesky.add(feature, coupling[:, :, 0], alpha[:, 0])


@pytest.mark.parametrize("pairs", [False, True])
def test_candidates_coupling_after_additions_equals_the_direct_one(pairs):
    """The row of each added feature is appended when the candidates are next read or rotated (never for
    the last addition of a run): the coupling L^-1 Sigma[F,:] and Schur complements of every candidate
    are then those computed directly from the factor of F."""
    X, classes, n_classes = maipo()
    covariances = ScatterCovariances(SampleScatter(X, classes, n_classes))
    if pairs:
        covariances = PairAverages(covariances, *np.triu_indices(n_classes, 1))
    floor = 1e-10 * covariances.diagonal.mean()
    kept, direct = CandidateCholesky(covariances, floor), CandidateCholesky(covariances, floor)
    kept.schur()  # from here on the candidates' coupling is kept
    grow(kept, [7, 2, 12])
    kept_coupling, kept_alpha = kept.schur()
    grow(direct, [7, 2, 12])
    direct_coupling, direct_alpha = direct.schur()
    np.testing.assert_allclose(kept_coupling, direct_coupling, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(kept_alpha, direct_alpha, rtol=1e-9)
    grow(kept, [0])
    kept.remove(1)  # rotates the coupling, the row of the last addition included
    direct.clear()
    grow(direct, [7, 12, 0])
    for kept_part, direct_part in zip(kept.schur(), direct.schur()):
        np.testing.assert_allclose(kept_part, direct_part, rtol=1e-9, atol=1e-12)


def scattered_class_by_class(X, classes, features, root=None):
    """Means, diagonals and rows M2_c[f, :] of each class's samples copied (in ridge units where `root` is
    given) and centred on their own, the class's samples as columns: np.mean, np.einsum and one matrix-vector
    product (products.matmul) per class."""
    from gmmselect.core.products import matmul

    means, diagonals, rows = [], [], []
    for c in range(classes.max() + 1):
        samples = X[classes == c] if root is None else X[classes == c] / root
        columns = np.ascontiguousarray(samples).T
        means.append(columns.mean(axis=1))
        columns -= means[-1][:, None]
        diagonals.append(np.einsum("dn,dn->d", columns, columns))
        rows.append([matmul(columns, columns[f]) for f in features])
    return np.array(means), np.array(diagonals), np.array(rows)


@pytest.mark.parametrize("layout", ["C", "F", "ridge units", "in class order", "in order, sizes differ"])
def test_the_scatter_is_that_of_each_class_centred_on_its_own(layout):
    """Classes of one size (e.g. capped by MAX_SAMPLES) are centred, squared and multiplied as one stack (one
    call per stage, a row one matrix-vector product per class in one call), in or out of class order; the
    means, diagonals and rows are bit for bit those of each class's samples copied and centred on their own,
    as those of classes of several sizes (class by class)."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(9 * 40, 30)) * rng.uniform(0.1, 1e3, 30) + rng.uniform(-1e3, 1e3, 30)
    classes = np.repeat(np.arange(9), 40)
    if layout == "in order, sizes differ":
        classes = np.repeat(np.arange(9), [10, 50, 40, 40, 60, 20, 30, 70, 40])
    elif layout != "in class order":
        rng.shuffle(classes)
    X = np.asfortranarray(X) if layout == "F" else X
    root = rng.uniform(0.5, 4, 30) if layout == "ridge units" else None
    scatter = SampleScatter(X, classes, 9, root=root)
    assert (scatter._blocks is not None) == (layout != "in order, sizes differ")
    means, diagonals, rows = scattered_class_by_class(X, classes, [0, 17, 29], root)
    np.testing.assert_array_equal(scatter.means, means)
    np.testing.assert_array_equal(scatter.diagonal, diagonals)
    np.testing.assert_array_equal(scatter.rows([0, 17, 29]), rows)


def test_forms_at_the_origin_are_those_of_zero_points():
    """JM's forms (one point 0, the means' differences as means) square e as it is, where other forms square
    x - e: the same numbers, bit for bit."""
    from gmmselect.core.updates import QuadraticForms

    X, classes, n_classes = maipo()
    covariances = PairAverages(ScatterCovariances(SampleScatter(X, classes, n_classes)),
                               *np.triu_indices(n_classes, 1))
    cholesky = CandidateCholesky(covariances, 1e-10 * covariances.diagonal.mean())
    means = np.random.default_rng(0).normal(size=(len(covariances), X.shape[1])) * 100
    origin = np.zeros((1, X.shape[1]))
    forms = [QuadraticForms(origin, means, at_origin=at_origin) for at_origin in (False, True)]
    for feature in [7, 2, 12]:
        coupling, alpha = cholesky.schur()
        computed = [form.added(coupling, alpha) for form in forms]
        np.testing.assert_array_equal(computed[0], computed[1])
        coupling, alpha = cholesky.schur([feature])
        for form in forms:
            form.add(feature, coupling[:, :, 0], alpha[:, 0])
        cholesky.add(feature, coupling[:, :, 0], alpha[:, 0])


@pytest.mark.parametrize("tau", [0.0, 0.3])
def test_the_rows_of_the_last_feature_are_kept(tau):
    """A JM step reads the covariance rows of the feature added last for the classes and for their pairs: the
    second read gets the rows kept from the first, and another feature's rows are computed (the ridge on the
    diagonal included)."""
    X, classes, n_classes = maipo()
    covariances = ScatterCovariances(SampleScatter(X, classes, n_classes), tau)
    first = covariances.rows([4])
    assert covariances.rows([4]) is first
    other = covariances.rows([5])
    fresh = ScatterCovariances(SampleScatter(X, classes, n_classes), tau)
    np.testing.assert_array_equal(first, fresh.rows([4]))
    np.testing.assert_array_equal(other, fresh.rows([5]))
    np.testing.assert_array_equal(covariances.rows([4, 5]), fresh.rows([4, 5]))
