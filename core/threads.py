"""Which BLAS NumPy uses, and one BLAS thread while the caller spreads its work over the cores itself.

OpenBLAS would otherwise start its own threads inside every small matrix product of every part
(CV folds, prediction parts): twice as many threads as cores, and on small products (n x 20 x 20)
slower than one thread. The setting is process-wide: it is restored when the last of the threads
that asked for it leaves (two runs at once in QGIS's background tasks keep one thread until both
end); where OpenBLAS is not found this does nothing.

Debian's `python3-numpy` links `libblas.so.3`, which the alternatives system points at OpenBLAS
(`libopenblas0-pthread`) when it is installed and at the reference BLAS (`libblas3`, netlib,
unoptimised) otherwise: `blas_in_use()` says which one this process loaded.
"""

import ctypes
import functools
import threading
from contextlib import contextmanager
from dataclasses import dataclass

from .texts import QT_TRANSLATE_NOOP, Text

_SETTERS = ("openblas_set_num_threads", "openblas_set_num_threads64_", "scipy_openblas_set_num_threads64_")
#: Debian package that makes `libblas.so.3` OpenBLAS (the fast path).
FAST_BLAS_PACKAGE = "libopenblas0-pthread"


@dataclass(frozen=True)
class BlasInfo:
    """The BLAS of this process: a name ('OpenBLAS 0.3.21', 'reference BLAS'...), its path, and
    `reference` True for the unoptimised netlib BLAS (several times slower on large products)."""

    name: str
    path: str
    reference: bool


def mapped_blas_paths(maps_lines=None):
    """Sorted paths of the BLAS libraries mapped into this process (`/proc/self/maps`; Linux only)."""
    if maps_lines is None:
        try:
            with open("/proc/self/maps", encoding="utf-8") as maps:
                maps_lines = maps.readlines()
        except OSError:
            return []
    paths = {line.split()[-1] for line in maps_lines if line.strip()}
    return sorted(path for path in paths if path.startswith("/") and "blas" in path.rsplit("/", 1)[-1])


def blas_in_use(maps_lines=None):
    """The BlasInfo of the BLAS NumPy loaded (after a first product), or None when none is found."""
    paths = mapped_blas_paths(maps_lines)
    for path in paths:
        if "openblas" in path.lower():
            return BlasInfo(_openblas_version(path), path, reference=False)
    for path in paths:
        if "/blas/libblas" in path:
            return BlasInfo(Text(QT_TRANSLATE_NOOP("GmmSelect", "reference BLAS (netlib)")), path,
                            reference=True)
    if not paths:
        return None
    return BlasInfo(Text(QT_TRANSLATE_NOOP("GmmSelect", "unknown BLAS")), paths[0], reference=False)


def _openblas_version(path):
    """'OpenBLAS 0.3.21' from the library's own config string (plain 'OpenBLAS' when it has none)."""
    try:
        library = ctypes.CDLL(path)
        library.openblas_get_config.restype = ctypes.c_char_p
        words = library.openblas_get_config().decode("ascii", "replace").split()
        return " ".join(words[:2]) if words and words[0] == "OpenBLAS" else "OpenBLAS"
    except (OSError, AttributeError):
        return "OpenBLAS"


@functools.cache
def openblas_libraries():
    """The (setter, getter) pairs of the OpenBLAS libraries mapped into this process (Linux only; found
    once: NumPy maps its BLAS when it is imported and never unmaps it)."""
    found = []
    for path in mapped_blas_paths():
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for setter in _SETTERS:
            getter = setter.replace("set", "get")
            if hasattr(library, setter) and hasattr(library, getter):
                found.append((getattr(library, setter), getattr(library, getter)))
                break
    return tuple(found)


class HeldSetting:
    """A process-wide setting changed while any thread holds it: the first holder reads the setting and
    sets `held(found)`, the last to leave sets back what the first found (re-entrant, from any thread, in
    any order: two runs at once in QGIS's background tasks, the first to end leaving the other's setting)."""

    def __init__(self, read, write, held):
        self.read, self.write, self.held = read, write, held
        self.lock = threading.Lock()
        self.holders = 0
        self.found = None

    @contextmanager
    def __call__(self):
        with self.lock:
            if not self.holders:
                self.found = self.read()
                self.write(self.held(self.found))
            self.holders += 1
        try:
            yield
        finally:
            with self.lock:
                self.holders -= 1
                if not self.holders:
                    self.write(self.found)


def _blas_threads():
    """The thread count of each OpenBLAS library mapped."""
    return [getter() for _, getter in openblas_libraries()]


def _set_blas_threads(counts):
    """Set each OpenBLAS library mapped to its count."""
    for (setter, _), count in zip(openblas_libraries(), counts):
        setter(count)


#: Run the enclosed block with OpenBLAS on one thread (`with single_threaded_blas():`).
single_threaded_blas = HeldSetting(_blas_threads, _set_blas_threads, lambda counts: [1] * len(counts))
