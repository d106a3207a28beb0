"""One BLAS thread while the caller spreads its work over the cores itself (CV folds, prediction parts).

OpenBLAS would otherwise start its own threads inside every small matrix product of every part:
twice as many threads as cores, and on small products (n x 20 x 20) slower than one thread. The
setting is process-wide, so it is restored on exit; where OpenBLAS is not found this does nothing.
"""

import ctypes
from contextlib import contextmanager

_SETTERS = ("openblas_set_num_threads", "openblas_set_num_threads64_", "scipy_openblas_set_num_threads64_")


def openblas_libraries():
    """The (setter, getter) pairs of the OpenBLAS libraries mapped into this process (Linux only)."""
    try:
        with open("/proc/self/maps", encoding="utf-8") as maps:
            paths = {line.split()[-1] for line in maps if "blas" in line.rsplit("/", 1)[-1]}
    except OSError:
        return []
    found = []
    for path in sorted(paths):
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for setter in _SETTERS:
            getter = setter.replace("set", "get")
            if hasattr(library, setter) and hasattr(library, getter):
                found.append((getattr(library, setter), getattr(library, getter)))
                break
    return found


@contextmanager
def single_threaded_blas():
    """Run the enclosed block with OpenBLAS on one thread, then restore its thread counts."""
    libraries = openblas_libraries()
    previous = [getter() for _, getter in libraries]
    for setter, _ in libraries:
        setter(1)
    try:
        yield
    finally:
        for (setter, _), count in zip(libraries, previous):
            setter(count)
