"""Which BLAS NumPy uses (OpenBLAS from `make deps`, or the reference BLAS), and one BLAS thread inside
`single_threaded_blas` with the previous count restored after it."""

import os
import subprocess
import sys
import threading

import numpy as np

from gmmselect.core.threads import blas_in_use, openblas_libraries, single_threaded_blas

# Debian's reference BLAS and LAPACK (libblas3, liblapack3: installed by `make deps`)
REFERENCE_LIBRARIES = "/usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack"
PROBE = ("import numpy as np; np.ones((2, 2)) @ np.ones((2, 2)); "
         "from gmmselect.core.threads import blas_in_use, openblas_libraries, single_threaded_blas; "
         "info = blas_in_use(); print(info.name, info.reference, len(openblas_libraries())); "
         "ctx = single_threaded_blas(); ctx.__enter__(); ctx.__exit__(None, None, None)")


def test_make_deps_gives_openblas_and_its_threads_are_set_and_restored():
    np.ones((4, 4)) @ np.ones((4, 4))  # make sure NumPy's BLAS is loaded
    info = blas_in_use()
    assert info is not None and info.name.startswith("OpenBLAS") and not info.reference, info
    libraries = openblas_libraries()
    assert libraries, "`make deps` installs libopenblas0-pthread: NumPy must load OpenBLAS"
    before = [getter() for _, getter in libraries]
    with single_threaded_blas():
        assert [getter() for _, getter in libraries] == [1] * len(libraries)
    assert [getter() for _, getter in libraries] == before


def test_reference_blas_is_named_and_thread_control_does_nothing():
    """A process whose libblas.so.3 is the reference BLAS: named as such, no OpenBLAS to set, no error."""
    env = dict(os.environ, LD_LIBRARY_PATH=REFERENCE_LIBRARIES, PYTHONPATH=os.pathsep.join(sys.path))
    out = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["reference", "BLAS", "(netlib)", "True", "0"], out.stdout + out.stderr


def test_blas_read_from_the_process_maps():
    def maps(*paths):
        return [f"7f00-7f01 r-xp 00000000 fe:01 1 {path}\n" for path in paths] + ["7f02-7f03 rw-p 0 0 0\n"]

    reference = blas_in_use(maps("/usr/lib/x86_64-linux-gnu/blas/libblas.so.3",
                                 "/usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3"))
    assert (reference.name, reference.reference) == ("reference BLAS (netlib)", True)
    assert blas_in_use(maps("/usr/lib/x86_64-linux-gnu/atlas/libblas.so.3")).name == "unknown BLAS"
    assert blas_in_use(maps("/usr/lib/libc.so.6")) is None


def test_one_thread_is_held_until_the_last_holder_leaves():
    """Nested and from two threads at once (two runs in QGIS's background tasks): OpenBLAS stays on one
    thread until the last holder leaves, then gets back the count the first one found."""
    np.ones((4, 4)) @ np.ones((4, 4))
    libraries = openblas_libraries()
    assert libraries

    def counts():
        return [getter() for _, getter in libraries]

    before = counts()
    for setter, _ in libraries:
        setter(2)
    entered, leave = threading.Event(), threading.Event()

    def other_run():
        with single_threaded_blas():
            entered.set()
            leave.wait(10)

    other = threading.Thread(target=other_run)
    try:
        with single_threaded_blas():
            other.start()
            entered.wait(10)
            with single_threaded_blas():
                pass
            assert counts() == [1] * len(libraries)
        assert counts() == [1] * len(libraries)  # the other run still holds it
        leave.set()
        other.join()
        assert counts() == [2] * len(libraries)
    finally:
        leave.set()
        for (setter, _), count in zip(libraries, before):
            setter(count)
