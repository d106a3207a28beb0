"""Matrix products on NumPy's own BLAS in a process whose first CBLAS is another library's (as QGIS's)."""

import ctypes
import itertools
import os
import subprocess
import sys

import numpy as np
import pytest

from gmmselect.core import products
from gmmselect.core.threads import blas_in_use

#: GSL's CBLAS, which QGIS's executables load before Python (libgsl's dependency).
GSL_CBLAS = "/usr/lib/x86_64-linux-gnu/libgslcblas.so.0"


def laid_out(rng, rows, columns, dtype):
    """The same random matrix as CBLAS may read it: C and Fortran order, and row or column slices of a
    larger array (a leading dimension beyond the shape)."""
    values = rng.normal(size=(rows, columns)).astype(dtype)
    wide = np.zeros((rows + 2, columns + 3), dtype=dtype)
    wide[1:rows + 1, 2:columns + 2] = values
    tall = np.zeros((columns + 3, rows + 2), dtype=dtype)
    tall[2:columns + 2, 1:rows + 1] = values.T
    return [values, np.asfortranarray(values), wide[1:rows + 1, 2:columns + 2],
            tall[2:columns + 2, 1:rows + 1].T]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_one_cblas_call_gives_numpys_product_bit_for_bit(dtype):
    """Every layout of both operands, every shape class (a row, a column, a vector, both, neither, a matrix by
    its transpose): the call NumPy makes (gemm, gemv, dot or syrk, with the same leading dimensions), so the
    same bits."""
    library = ctypes.CDLL(blas_in_use().path)
    rng = np.random.default_rng(0)
    for m, k, n in itertools.product((1, 2, 33), (1, 5, 70), (1, 3, 40)):
        for a, b in itertools.product(laid_out(rng, m, k, dtype), laid_out(rng, k, n, dtype)):
            layouts = products.cblas_layouts(a, b, None)
            assert layouts is not None
            product = products.cblas_matmul(library, a, b, None, layouts)
            np.testing.assert_array_equal(product, np.matmul(a, b))
            out = np.empty((m, n), dtype=dtype)
            assert products.cblas_matmul(library, a, b, out, layouts) is out
            np.testing.assert_array_equal(out, np.matmul(a, b))
        for a in laid_out(rng, m, k, dtype):  # a matrix by its transpose: syrk, as NumPy
            for left, right in ((a, a.T), (a.T, a)):
                found = products.cblas_layouts(left, right, None)
                np.testing.assert_array_equal(products.cblas_matmul(library, left, right, None, found),
                                              np.matmul(left, right))
        for b in (rng.normal(size=k).astype(dtype), rng.normal(size=2 * k).astype(dtype)[::2]):
            a = laid_out(rng, m, k, dtype)[3]
            found = products.cblas_layouts(a, b, None)
            np.testing.assert_array_equal(products.cblas_matmul(library, a, b, None, found), np.matmul(a, b))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_stacks_of_matrices_are_numpys_products_bit_for_bit(dtype):
    """Stacks of as many matrices (one per class), C-ordered, transposed or sliced, and a stack by its own
    transposes (syrk): pair by pair, the calls NumPy makes."""
    library = ctypes.CDLL(blas_in_use().path)
    rng = np.random.default_rng(2)
    a = rng.normal(size=(5, 40, 30)).astype(dtype)
    b = rng.normal(size=(5, 30, 25)).astype(dtype)
    reversed_transposes = a.transpose(0, 2, 1)[::-1]  # pair 2 alone is a matrix and its transpose
    column, row = a[:, :, :1], a[:, :1]
    for left, right in ((a, b), (a.transpose(0, 2, 1)[:, :25], a[:, :, :7]), (a, a.transpose(0, 2, 1)),
                        (a, reversed_transposes), (row, b), (a, b[:, :, :1]), (a[:, 3:20], b[:, :, 2:9]),
                        (column.transpose(0, 2, 1), column), (row, row.transpose(0, 2, 1))):
        product = products.stacked_matmul(library, left, right, None)
        np.testing.assert_array_equal(product, np.matmul(left, right))
    half = b.astype(np.float16)  # what CBLAS cannot do: NumPy's
    np.testing.assert_array_equal(products.stacked_matmul(library, a, half, None), np.matmul(a, half))


def test_what_one_cblas_call_cannot_do_is_left_to_numpy():
    a = np.ones((3, 4))
    assert products.cblas_layouts(a, np.ones((4, 2), dtype=np.float32), None) is None  # two types
    assert products.cblas_layouts(a, np.ones(4)[::-1], None) is None  # a vector read backwards
    assert products.cblas_layouts(a[:, ::2], np.ones((2, 2)), None) is None  # no unit stride
    assert products.cblas_layouts(np.ones((2, 3, 4)), np.ones((4, 2)), None) is None  # a stack of matrices
    assert products.cblas_layouts(a, np.ones((4, 2)), np.ones((2, 3)).T) is None  # out not C-contiguous
    assert products.cblas_layouts(np.ones((3, 0)), np.ones((0, 2)), None) is None  # empty
    assert products.cblas_layouts(a.astype(int), np.ones((4, 2), dtype=int), None) is None  # integers


#: Run in a process whose first CBLAS is GSL's: says whether matmul found NumPy's own BLAS, then writes the
#: products of the matrices saved by the test with matmul.
PRELOADED = """
import sys
import numpy as np
from gmmselect.core import products
data = np.load(sys.argv[1])
print(products.own_cblas() is not None)
np.savez(sys.argv[2], **{key: products.matmul(data[key + "_a"], data[key + "_b"]) for key in ("s", "d", "v")})
"""


@pytest.mark.skipif(not os.path.exists(GSL_CBLAS), reason="GSL's CBLAS is not installed")
def test_with_gsls_cblas_first_the_products_are_those_of_numpys_blas(tmp_path):
    """NumPy's own products in such a process are GSL's (other bits, 10 times slower on large ones):
    matmul finds NumPy's BLAS there, and its products are this process's, bit for bit; here, where NumPy's
    products reach its BLAS, matmul is NumPy's."""
    assert products.own_cblas() is None
    rng = np.random.default_rng(1)
    data = {"s_a": rng.normal(size=(300, 20)).astype(np.float32),
            "s_b": rng.normal(size=(40, 500)).astype(np.float32)[:20],
            "d_a": rng.normal(size=(200, 300)).T, "d_b": rng.normal(size=(200, 50)),
            "v_a": rng.normal(size=(64, 31)), "v_b": rng.normal(size=62)[::2]}
    np.savez(tmp_path / "in.npz", **data)
    environment = dict(os.environ, LD_PRELOAD=GSL_CBLAS, PYTHONPATH=os.pathsep.join(sys.path))
    files = [str(tmp_path / "in.npz"), str(tmp_path / "out.npz")]
    run = subprocess.run([sys.executable, "-c", PRELOADED, *files], capture_output=True, text=True,
                         env=environment, timeout=120)
    assert run.stdout.split() == ["True"], run.stderr
    there = np.load(tmp_path / "out.npz")
    for key in ("s", "d", "v"):
        np.testing.assert_array_equal(there[key], data[key + "_a"] @ data[key + "_b"])


#: Run with GSL's CBLAS first: SFFS by JM (alpha 0.5) and by KL on the Maipo samples, and the pairwise JM of
#: a model, saved for the test to compare.
SELECTIONS = """
import sys
import numpy as np
from gmmselect.core import GaussianMixture, select_features
from gmmselect.core.separability import pairwise_jm
data = np.load(sys.argv[1])
X, y = data["X"][::3], data["y"][::3]
found = {}
for criterion, alpha in (("jm", 0.5), ("kl", 0.0)):
    result = select_features(X, y, "sffs", criterion, max_features=12, tau=1e-4, alpha=alpha)
    found[criterion] = np.array([result.best_values[size] for size in result.sizes])
    found[criterion + "_sets"] = np.array([sorted(result.best_sets[size]) + [-1] * (12 - size)
                                           for size in result.sizes])
found["pairwise"] = pairwise_jm(GaussianMixture.fit(X[:, :20], y, tau=1e-4, alpha=0.3))
np.savez(sys.argv[2], **found)
"""


@pytest.mark.skipif(not os.path.exists(GSL_CBLAS), reason="GSL's CBLAS is not installed")
def test_with_gsls_cblas_first_the_selections_have_pythons_values(tmp_path):
    """SFFS by JM with alpha 0.5 and by KL, and a model's pairwise JM, in a process whose first CBLAS is GSL's
    (as in QGIS): the same sets and values, bit for bit, as here. Before, the candidates' quadratic forms
    (updates.QuadraticForms) and pairwise_jm's products ran on GSL: JM values at 3 sizes and KL at most sizes
    differed in their last bits (a near tie could go to another band)."""
    maipo = os.path.join(os.path.dirname(__file__), "data", "maipo_landsat8", "maipo.npz")
    environment = dict(os.environ, LD_PRELOAD=GSL_CBLAS, PYTHONPATH=os.pathsep.join(sys.path))
    output = str(tmp_path / "there.npz")
    run = subprocess.run([sys.executable, "-c", SELECTIONS, maipo, output], capture_output=True, text=True,
                         env=environment, timeout=300)
    assert run.returncode == 0, run.stderr
    here = str(tmp_path / "here.npz")
    subprocess.run([sys.executable, "-c", SELECTIONS, maipo, here], check=True, timeout=300,
                   env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    there, expected = np.load(output), np.load(here)
    for key in expected.files:
        np.testing.assert_array_equal(there[key], expected[key], err_msg=key)
