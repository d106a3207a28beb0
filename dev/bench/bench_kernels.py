"""Benchmark: the kernels of the certified float32 classification (core/float32.py), side by side.

First the cases of the kernel's choice (float32_decision, 5 to 16 bands and 20 beyond: the scene's
distribution, Landsat 5, Maipo, the synthetic 252-band set; with --choice, these alone): both kernels, the
share of the model's own pixels the other one leaves to float64 and the kernel chosen. Then on pixels drawn
like bench_predict.py's scene (6 classes, int16, Gaussian noise around class means, models trained as there) for d = 2, 3, 4, 5, 6, 8 and 20 bands, and on the bundled real data (Landsat 5
uint8 with its training polygons, Maipo float64 features): the whitened and the monomial kernel; then
the whitened and the shared kernel on models with one pooled covariance (alpha 1: 5, 6, 8, 12 and 20
bands of the scene with 6 classes, 5 and 20 bands with 16; Landsat 5 on 6 bands): CPU ns per pixel of the whole
classification (in Predict's parts of 65,536 pixels; one thread, one BLAS thread) and of the distances
alone, each kernel in turn in one process (interleaved, best of --repeats), and the share of pixels left to
the float64 fallback.
With --classes: instead, the kernel's choice by class count (monomial_cheaper): the scene's distribution with 4 to 32
classes, each at the band counts around the rule's last monomial one (5 to 16 bands), both kernels' CPU ns per
pixel on one thread and their wall ns per pixel with Predict's parts spread over two threads (best of
--repeats), and the kernel chosen.
With --against REV: instead, the whitened kernel of git revision REV (its core/float32.py, loaded beside
this tree's) against this tree's, on the scene's 8, 12 and 20 bands (6 and 16 classes), Landsat 5 on all
7 bands and Maipo on 20 and 64 features (HISTORY.md, the prediction kernels: the triangular whitened kernel).

    /usr/bin/python3 dev/bench/bench_kernels.py [--pixels 262144] [--repeats 7] [--choice | --classes | --against 652efd8]
"""

import argparse
import importlib.util
import os
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from _package import REPO, use_repository

N_CLASSES = 6
NOISE = 150


def scene_pixels(bands, n, seed=5, n_classes=N_CLASSES):
    """`n` pixels `(d, n)` int16 of the bench scene's distribution, over `bands` (1-based)."""
    from bench_predict import class_means
    rng = np.random.default_rng(seed)
    classes = rng.integers(0, n_classes, n)
    means = class_means(n_classes, 20)[classes][:, np.array(bands) - 1]
    return np.ascontiguousarray((means + rng.normal(0, NOISE, means.shape)).astype(np.int16).T)


def real_cases(alpha=0.0, landsat_bands=([2, 3], [1, 2, 3, 4], [0, 1, 2, 3, 4, 6]), maipo_features=(2, 4, 6)):
    """(name, model, pixels `(d, n)`) of the bundled real data: Landsat 5 (the training polygons' 4
    classes) on `landsat_bands` (0-based), Maipo (4 crops) on its first `maipo_features` features; models
    of tau 1e-3 and shrinkage `alpha`."""
    yield from landsat_cases(alpha, landsat_bands)
    yield from maipo_cases(alpha, maipo_features)


def landsat_cases(alpha, landsat_bands):
    """real_cases() of Landsat 5: its image's pixels, models of its training polygons' samples."""
    from osgeo import gdal

    from gmmselect.core import GaussianMixture
    from gmmselect.raster import extract_samples
    landsat = os.path.join(REPO, "tests", "data", "landsat5_rstoolbox")
    samples = extract_samples(os.path.join(landsat, "lsat_tm_7band.tif"),
                              os.path.join(landsat, "training_polygons.gpkg"), "class")
    image = gdal.Open(os.path.join(landsat, "lsat_tm_7band.tif")).ReadAsArray().reshape(7, -1)
    for bands in landsat_bands:
        model = GaussianMixture.fit(samples.X[:, bands].astype(np.float64), samples.y, tau=1e-3, alpha=alpha)
        yield f"Landsat 5, {len(bands)} bands", model, np.ascontiguousarray(image[bands])


def maipo_cases(alpha, maipo_features):
    """real_cases() of Maipo: its samples as pixels."""
    from gmmselect.core import GaussianMixture
    maipo = np.load(os.path.join(REPO, "tests", "data", "maipo_landsat8", "maipo.npz"))
    for d in maipo_features:
        model = GaussianMixture.fit(maipo["X"][:, :d], maipo["y"], tau=1e-3, alpha=alpha)
        yield f"Maipo, {d} features", model, np.ascontiguousarray(maipo["X"][:, :d].T)


def choice_cases(pixels):
    """(name, model, pixels `(d, n)`, kernels) on which float32_decision chooses between the monomial kernel and
    the other one (5 to 16 bands, and 20 beyond the reach): the scene's distribution, Landsat 5 on 5 to 7
    bands (its image), Maipo's first 5 to 20 features (10 to 20 also pooled, alpha 1, against the shared kernel), and
    the synthetic 252-band set's 16 classes (dev/bench/_core_data.synthetic) on 12, 16 and 20 evenly spaced
    bands; Maipo's and the synthetic set's samples drawn `pixels` times with replacement (an image's worth)."""
    from _core_data import synthetic
    from bench_predict import train_model

    from gmmselect.core import GaussianMixture
    whitened, shared = kernels_named("whitened", "monomial"), kernels_named("shared", "monomial")
    for d in (5, 6, 8, 10, 12, 16):
        bands = np.linspace(1, 20, d).round().astype(int).tolist()
        yield (f"scene, {d} bands", train_model(GaussianMixture, 20, N_CLASSES, bands), scene_pixels(bands, pixels),
               whitened)
    for name, model, bands in real_cases(landsat_bands=([1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 6], list(range(7))),
                                         maipo_features=(5, 10, 12, 14, 16, 20)):
        yield name, model, drawn(bands, pixels) if name.startswith("Maipo") else bands, whitened
    for name, model, bands in maipo_cases(1.0, (10, 12, 14, 16, 20)):
        yield f"{name}, alpha 1", model, drawn(bands, pixels), shared
    X, y, _ = synthetic()
    for d in (12, 16, 20):
        columns = np.linspace(0, X.shape[1] - 1, d).round().astype(int)
        model = GaussianMixture.fit(X[:, columns], y, tau=1e-3)
        yield f"synthetic 252-band set, {d} bands", model, drawn(X[:, columns].T, pixels), whitened


def drawn(samples, n):
    """`n` columns of `samples (d, m)` drawn with replacement (seed 0), contiguous."""
    return np.ascontiguousarray(samples[:, np.random.default_rng(0).integers(0, samples.shape[1], n)])


def report_choice(name, model, bands, kernels):
    """Print the share of the model's own pixels the first of `kernels` leaves to float64 and the kernel
    float32_decision chooses."""
    from gmmselect.core import float32
    other = next(iter(kernels.values()))
    share = other(model, bands.dtype).fallback_share(float32.model_pixels(model, bands.dtype))
    chosen = type(float32.float32_decision(model, bands.dtype)).__name__
    print(f"  {name}: the model's own pixels left to float64 by {other.__name__} {100 * share:.1f} %; "
          f"chosen: {chosen}", flush=True)


def fallback_share(form, bands):
    """Share of the pixels `form` leaves to the float64 fallback (counted at the model's decide(), so for a
    kernel of another revision too)."""
    model, retried = form.mixture, []
    decide = model.decide
    model.decide = lambda X, with_posteriors=False: retried.append(len(X)) or decide(X, with_posteriors)
    try:
        form.classify(bands)
    finally:
        del model.decide
    return sum(retried) / bands.shape[1]


def all_distances(form, bands):
    """The distances of `bands (d, n)` by `form`, part by part as its classify() computes them."""
    for start in range(0, bands.shape[1], form.step):
        form.distances(bands[:, start:start + form.step])


def predict_parts(bands):
    """The parts Predict classifies of pixels `bands (d, n)`: raster.predict.PART_PIXELS each (the pixels a part
    leaves to float64 are recomputed together)."""
    from gmmselect.raster.predict import PART_PIXELS
    return [bands[:, start:start + PART_PIXELS] for start in range(0, bands.shape[1], PART_PIXELS)]


def classify_in_parts(form, bands):
    """form.classify() of pixels `bands (d, n)` in Predict's parts, one after the other."""
    for part in predict_parts(bands):
        form.classify(part)


def class_cases(pixels):
    """(name, model, pixels) of the kernel's choice by class count: the scene's distribution with 4 to 32
    classes, at the band counts (5 to 16) from one below the rule's last monomial one to two above it."""
    from bench_predict import train_model

    from gmmselect.core import GaussianMixture, float32
    for n_classes in (4, 6, 8, 10, 16, 24, 32):
        last = max([float32.MONOMIAL_LIMIT] + [d for d in range(1, float32.MONOMIAL_REACH + 1)
                                               if float32.monomial_cheaper(d, n_classes)])
        for d in range(max(5, last - 1), min(float32.MONOMIAL_REACH, last + 2) + 1):
            bands = list(range(1, d + 1))
            yield (f"scene, {d} bands, {n_classes} classes", train_model(GaussianMixture, 20, n_classes, bands),
                   scene_pixels(bands, pixels, n_classes=n_classes))


def wall_ns(form, bands, pool):
    """Wall nanoseconds per pixel of form.classify() over Predict's parts of `bands (d, n)`, spread over the
    threads of `pool` (as Predict spreads a window's parts)."""
    parts = predict_parts(bands)
    start = time.perf_counter()
    list(pool.map(form.classify, parts))
    return (time.perf_counter() - start) / bands.shape[1] * 1e9


def compare_classes(name, model, bands, repeats, pool):
    """Print the whitened and monomial kernels' CPU ns/px on one thread and wall ns/px on the `pool`'s threads
    (interleaved, best of `repeats`), and the kernel float32_decision chooses."""
    from gmmselect.core import float32
    forms = {key: kernel(model, bands.dtype) for key, kernel in kernels_named("whitened", "monomial").items()}
    one, two = dict.fromkeys(forms, np.inf), dict.fromkeys(forms, np.inf)
    for _ in range(repeats):
        for key, form in forms.items():
            one[key] = min(one[key], cpu_ns(classify_in_parts, form, bands))
            two[key] = min(two[key], wall_ns(form, bands, pool))
    chosen = type(float32.float32_decision(model, bands.dtype)).__name__
    print(f"{name}: one thread whitened {one['whitened']:.1f}, monomial {one['monomial']:.1f} ns/px "
          f"({one['monomial'] / one['whitened']:.2f}); two threads whitened {two['whitened']:.1f}, monomial "
          f"{two['monomial']:.1f} ns/px ({two['monomial'] / two['whitened']:.2f}); chosen: {chosen}", flush=True)


def cpu_ns(work, *arguments):
    """CPU nanoseconds per pixel of one call work(*arguments), the last argument the pixels `(d, n)`."""
    start = time.process_time()
    work(*arguments)
    return (time.process_time() - start) / arguments[-1].shape[1] * 1e9


def kernels_named(*names):
    """{name: the float32 module's <Name>Decision class} of `names`."""
    from gmmselect.core import float32
    return {name: getattr(float32, f"{name.capitalize()}Decision") for name in names}


def whitened_kernel_of(revision):
    """The WhitenedDecision class of core/float32.py at git `revision` (it imports NumPy only)."""
    source = subprocess.run(["git", "-C", REPO, "show", f"{revision}:core/float32.py"], check=True,
                            capture_output=True, text=True).stdout
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as file:
        file.write(source)
    spec = importlib.util.spec_from_file_location(f"float32_{revision}", file.name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    os.unlink(file.name)
    return module.WhitenedDecision


def whitened_cases(pixels):
    """(name, model, pixels) of the whitened kernel's comparison across revisions."""
    from bench_predict import train_model

    from gmmselect.core import GaussianMixture
    for d, n_classes in ((8, 6), (12, 6), (20, 6), (20, 16)):
        bands = list(range(1, d + 1))
        yield (f"scene, {d} bands, {n_classes} classes", train_model(GaussianMixture, 20, n_classes, bands),
               scene_pixels(bands, pixels, n_classes=n_classes))
    landsat = next(case for case in real_cases() if case[0] == "Landsat 5, 6 bands")
    yield landsat
    maipo = np.load(os.path.join(REPO, "tests", "data", "maipo_landsat8", "maipo.npz"))
    for d in (20, 64):
        model = GaussianMixture.fit(maipo["X"][:, :d], maipo["y"], tau=1e-3)
        yield f"Maipo, {d} features", model, np.ascontiguousarray(maipo["X"][:, :d].T)


def compare(name, model, bands, repeats, kernels=None):
    """Print the `kernels`' ({name: class}; default the whitened and the monomial one) classify and distances
    ns/px (interleaved, best of `repeats`), their fallback and the ratio of the second's classify time to
    the first's."""
    kernels = kernels or kernels_named("whitened", "monomial")
    forms = {key: kernel(model, bands.dtype) for key, kernel in kernels.items()}
    best = {key: [np.inf, np.inf] for key in forms}
    for _ in range(repeats):
        for key, form in forms.items():
            best[key][0] = min(best[key][0], cpu_ns(classify_in_parts, form, bands))
            best[key][1] = min(best[key][1], cpu_ns(all_distances, form, bands))
    row = "; ".join(f"{key} {best[key][0]:.1f} ns/px (distances {best[key][1]:.1f}), fallback "
                    f"{100 * fallback_share(form, bands):.2f} %" for key, form in forms.items())
    first, second = kernels
    print(f"{name}: {row}; {second}/{first} {best[second][0] / best[first][0]:.2f}", flush=True)


def main():
    """Compare the kernels on the scene's distribution for each band count, then on the real data; then
    the shared kernel on pooled models."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pixels", type=int, default=2**18)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--against", help="a git revision: its whitened kernel against this tree's")
    parser.add_argument("--choice", action="store_true", help="only the cases of the kernel's choice")
    parser.add_argument("--classes", action="store_true", help="only the kernel's choice by class count")
    args = parser.parse_args()
    use_repository()
    from bench_predict import SELECTION, train_model

    from gmmselect.core import GaussianMixture
    from gmmselect.core.threads import single_threaded_blas
    with single_threaded_blas():
        if args.classes:
            with ThreadPoolExecutor(2) as pool:
                for name, model, pixels in class_cases(args.pixels):
                    compare_classes(name, model, pixels, args.repeats, pool)
            return
        if args.against:
            kernels = {args.against: whitened_kernel_of(args.against), "now": kernels_named("whitened")["whitened"]}
            for name, model, pixels in whitened_cases(args.pixels):
                compare(name, model, pixels, args.repeats, kernels)
            return
        for name, model, pixels, kernels in choice_cases(args.pixels):
            compare(name, model, pixels, args.repeats, kernels)
            report_choice(name, model, pixels, kernels)
        if args.choice:
            return
        for d in (2, 3, 4, 5, 6, 8, 20):
            bands = SELECTION if d == 4 else np.linspace(1, 20, d).round().astype(int).tolist()
            compare(f"scene, {d} bands", train_model(GaussianMixture, 20, N_CLASSES, bands),
                    scene_pixels(bands, args.pixels), args.repeats)
        for name, model, pixels in real_cases():
            compare(name, model, pixels, args.repeats)
        shared = kernels_named("whitened", "shared")
        for d, n_classes in ((5, 6), (6, 6), (5, 16), (8, 6), (12, 6), (20, 6), (20, 16)):
            bands = np.linspace(1, 20, d).round().astype(int).tolist()
            compare(f"scene, {d} bands, {n_classes} classes, alpha 1",
                    train_model(GaussianMixture, 20, n_classes, bands, alpha=1.0),
                    scene_pixels(bands, args.pixels, n_classes=n_classes), args.repeats, shared)
        name, model, pixels = next(case for case in real_cases(alpha=1.0) if case[0] == "Landsat 5, 6 bands")
        compare(f"{name}, alpha 1", model, pixels, args.repeats, shared)


if __name__ == "__main__":
    main()
