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
