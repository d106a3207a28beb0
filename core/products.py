"""Matrix products on the BLAS NumPy links, also in a process that put another CBLAS ahead of it.

QGIS's executables (qgis.bin, qgis_process.bin) link GSL, and with it GSL's CBLAS (libgslcblas), at
start: NumPy's extension, loaded later, binds its `cblas_sgemm`, `cblas_dgemm`... to the first library of
the process that defines them, GSL's plain loops, not to the BLAS it links (OpenBLAS). Measured on 2
cores, GSL's CBLAS ahead of NumPy's (LD_PRELOAD, as in QGIS): Predict of 4 Mpx x 20 bands 0.42 -> 1.32 s,
select_tau on 252 bands 0.55 -> 1.47 s; a 1000 x 1000 product 23 -> 338 ms.

`matmul` is NumPy's where NumPy's products reach its BLAS; in such a process it calls the CBLAS of
NumPy's own BLAS through its handle (ctypes) with the call NumPy would make (gemm; gemv or dot for a row
or a column; syrk for a matrix by its transpose) and its arguments (row-major, each array's leading
dimension, a transposed operand as such), so a product has the same bits in QGIS as in any Python.
"""

import ctypes
import functools

import numpy as np

from .threads import blas_in_use

#: CBLAS's enums (cblas.h).
ROW_MAJOR, NO_TRANS, TRANS, UPPER = 101, 111, 112, 121
SINGLE, DOUBLE = np.dtype(np.float32), np.dtype(np.float64)
#: The CBLAS functions of each float type (matrix by matrix, by vector, dot, matrix by its transpose) and its
#: ctypes scalar.
FUNCTIONS = {SINGLE: ("cblas_sgemm", "cblas_sgemv", "cblas_sdot", "cblas_ssyrk", ctypes.c_float),
             DOUBLE: ("cblas_dgemm", "cblas_dgemv", "cblas_ddot", "cblas_dsyrk", ctypes.c_double)}
INT, POINTER = ctypes.c_int, ctypes.c_void_p


@functools.cache
def own_cblas():
    """NumPy's own BLAS (ctypes.CDLL) where this process answers its CBLAS calls with another library's,
    else None (NumPy's products reach it)."""
    blas = blas_in_use()
    if blas is None:
        return None
    try:
        library = ctypes.CDLL(blas.path)
        own = ctypes.cast(library.cblas_dgemm, POINTER).value
    except (OSError, AttributeError):
        return None
    first = first_cblas_dgemm()
    return library if first not in (None, own) else None


def first_cblas_dgemm():
    """The address of the process's first `cblas_dgemm`, the one NumPy's extension is bound to, or None
    where no library of the process's start defines it (NumPy's is then its own BLAS's)."""
    try:
        return ctypes.cast(ctypes.CDLL(None).cblas_dgemm, POINTER).value
    except AttributeError:
        return None


def numpys_cblas_path():
    """The path of the library that answers NumPy's own products where that is not NumPy's BLAS, else None."""
    if own_cblas() is None:
        return None
    address = first_cblas_dgemm()
    with open("/proc/self/maps", encoding="utf-8") as maps:
        for line in maps:
            fields = line.split()
            start, end = (int(bound, 16) for bound in fields[0].split("-"))
            if start <= address < end and len(fields) > 5:
                return fields[5]
    return None


@functools.cache
def cblas_functions(library, dtype):
    """(gemm, gemv, dot, syrk) of `library` for `dtype`, their argument types declared."""
    gemm, gemv, dot, syrk = (getattr(library, name) for name in FUNCTIONS[dtype][:4])
    scalar = FUNCTIONS[dtype][4]
    gemm.argtypes = [INT] * 6 + [scalar, POINTER, INT, POINTER, INT, scalar, POINTER, INT]
    gemv.argtypes = [INT] * 4 + [scalar, POINTER, INT, POINTER, INT, scalar, POINTER, INT]
    dot.argtypes = [INT, POINTER, INT, POINTER, INT]
    syrk.argtypes = [INT] * 5 + [scalar, POINTER, INT, scalar, POINTER, INT]
    gemm.restype = gemv.restype = syrk.restype = None
    dot.restype = scalar
    return gemm, gemv, dot, syrk


def matmul(a, b, out=None):
    """a @ b (into `out` where given), on NumPy's own BLAS (module docstring); a vector `a` is one row, and
    stacks of as many matrices are multiplied matrix by matrix."""
    library = own_cblas()
    if library is None:
        return np.matmul(a, b, out=out)
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.ndim == b.ndim == 3 and len(a) == len(b):
        return stacked_matmul(library, a, b, out)
    vector = isinstance(a, np.ndarray) and a.ndim == 1
    row, target = (a[None], None if out is None else out[None]) if vector else (a, out)
    layouts = cblas_layouts(row, b, target)
    if layouts is None:
        return np.matmul(a, b, out=out)
    product = cblas_matmul(library, row, b, target, layouts)
    return product[0] if vector else product


def stacked_matmul(library, a, b, out):
    """a[i] @ b[i] for each matrix of the stacks `a` and `b` into `out` `(len(a), m, n)` or a new array, by
    CBLAS where every pair is one call (else NumPy's): the pairs share one layout, so the calls are made
    once and given each pair's addresses; syrk where a pair is a matrix and its transpose, as NumPy."""
    if out is None:
        out = np.empty((len(a), a.shape[1], b.shape[2]), dtype=np.result_type(a, b))
    layouts = cblas_layouts(a[0], b[0], out[0]) if len(a) else None
    if layouts is None:
        return np.matmul(a, b, out=out)
    plain, _ = cblas_call(library, a[0], b[0], layouts, False)
    symmetric, syrk = cblas_call(library, a[0], b[0], layouts, mirror_images(a[0], b[0]))
    (a_data, a_step), (b_data, b_step), (out_data, out_step) = (
        (array.ctypes.data, array.strides[0]) for array in (a, b, out))
    mirrored = []
    for pair in range(len(a)):
        left, right = a_data + pair * a_step, b_data + pair * b_step
        if left == right and syrk:
            mirrored.append(pair)
        (symmetric if left == right else plain)(left, right, out_data + pair * out_step)
    if mirrored:
        rows, columns = lower_triangle(out.shape[1])
        pairs = np.array(mirrored)[:, None]
        out[pairs, rows, columns] = out[pairs, columns, rows]
    return out


def cblas_layouts(a, b, out):
    """The layouts (leading) of `a` and of `b` (a column where a vector) where `a @ b` is one CBLAS call: a
    2-D `a` by a 1- or 2-D `b` of one float type, each laid out as CBLAS reads it, into a new array or a
    C-contiguous `out` of their type, none of them empty; else None."""
    if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.ndim == 2 and b.ndim in (1, 2)
            and a.dtype in FUNCTIONS and a.dtype == b.dtype and a.shape[1] == b.shape[0]
            and min(a.shape + b.shape) > 0):
        return None
    if out is not None and not (out.dtype == a.dtype and out.flags.c_contiguous
                                and out.shape == a.shape[:1] + b.shape[1:]):
        return None
    layouts = leading(a), leading(b if b.ndim == 2 else b[:, None])
    return None if None in layouts else layouts


def leading(matrix):
    """(transposed, leading dimension) of a 2-D array as a row-major CBLAS operand: rows of unit-stride
    elements `ld` apart (ld >= the row length), or such columns (transposed); None for any other layout (the
    stride of an axis of length 1 is never used)."""
    size = matrix.itemsize
    (rows, columns), (m, n) = matrix.strides, matrix.shape
    if (n == 1 or columns == size) and (m == 1 or (rows >= n * size and rows % size == 0)):
        return False, rows // size if m > 1 else n
    if (m == 1 or rows == size) and (n == 1 or (columns >= m * size and columns % size == 0)):
        return True, columns // size if n > 1 else m
    return None


def cblas_matmul(library, a, b, out, layouts):
    """a @ b by one CBLAS call of `library` into `out` or a new array, the call NumPy makes (cblas_call);
    `layouts` as cblas_layouts gives them."""
    if out is None:
        out = np.empty(a.shape[:1] + b.shape[1:], dtype=a.dtype)
    a_data, b_data = a.ctypes.data, b.ctypes.data
    call, mirrored = cblas_call(library, a, b, layouts, a_data == b_data and mirror_images(a, b))
    call(a_data, b_data, out.ctypes.data)
    if mirrored:
        rows, columns = lower_triangle(out.shape[0])
        out[rows, columns] = out[columns, rows]
    return out


def cblas_call(library, a, b, layouts, transposed):
    """(call, mirrored): NumPy's CBLAS call for a @ b (2-D `a`, 1- or 2-D `b` laid out as `layouts`) as a
    function of the addresses of a, b and the product: syrk where `transposed` (`a` is `b`'s transpose) and
    both are matrices, its upper triangle to mirror; gemm; gemv where `a` is one row or `b` one column (or a
    vector); dot where both."""
    gemm, gemv, dot, syrk = cblas_functions(library, a.dtype)
    (a_transposed, lda), (b_transposed, ldb) = layouts
    (m, k), n = a.shape, (b.shape[1] if b.ndim == 2 else 1)
    size = a.itemsize
    a_order, b_order = (TRANS if a_transposed else NO_TRANS), (TRANS if b_transposed else NO_TRANS)
    if m > 1 and n > 1 and transposed and a_transposed != b_transposed:  # a matrix by its transpose
        ld = ldb if a_transposed else lda
        return (lambda pa, pb, po: syrk(ROW_MAJOR, UPPER, a_order, n, k, 1, pa, ld, 0, po, n)), True
    if m > 1 and n > 1:
        return (lambda pa, pb, po: gemm(ROW_MAJOR, a_order, b_order, m, n, k, 1, pa, lda, pb, ldb, 0, po,
                                        n)), False
    if m > 1:  # a matrix by a column: a x
        rows, columns = (k, m) if a_transposed else (m, k)
        step = b.strides[0] // size
        return (lambda pa, pb, po: gemv(ROW_MAJOR, a_order, rows, columns, 1, pa, lda, pb, step, 0, po,
                                        1)), False
    if n > 1:  # a row by a matrix: b' x
        rows, columns = (n, k) if b_transposed else (k, n)
        order, step = (NO_TRANS if b_transposed else TRANS), a.strides[1] // size
        return (lambda pa, pb, po: gemv(ROW_MAJOR, order, rows, columns, 1, pb, ldb, pa, step, 0, po,
                                        1)), False
    scalar, a_step, b_step = FUNCTIONS[a.dtype][4], a.strides[1] // size, b.strides[0] // size

    def product(pa, pb, po):
        scalar.from_address(po).value = dot(k, pa, a_step, pb, b_step)
    return product, False


def mirror_images(a, b):
    """True where `a` is laid out as `b`'s transpose (shape and strides reversed): with the same first
    element, the same elements, which NumPy multiplies by syrk."""
    return a.shape == b.shape[::-1] and a.strides == b.strides[::-1]


@functools.cache
def lower_triangle(n):
    """(rows, columns) of the strict lower triangle of an n x n matrix."""
    return np.tril_indices(n, -1)
