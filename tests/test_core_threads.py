"""One BLAS thread inside `single_threaded_blas`, the previous count restored after it."""

import numpy as np

from gmmselect.core.threads import openblas_libraries, single_threaded_blas


def test_blas_threads_are_set_and_restored():
    np.ones((4, 4)) @ np.ones((4, 4))  # make sure NumPy's BLAS is loaded
    libraries = openblas_libraries()
    assert libraries, "Debian's NumPy links OpenBLAS: it must be found"
    before = [getter() for _, getter in libraries]
    with single_threaded_blas():
        assert [getter() for _, getter in libraries] == [1] * len(libraries)
    assert [getter() for _, getter in libraries] == before
