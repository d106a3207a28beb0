"""Randomised checks: the exactness claims on data no test was written for, one seeded case after another.

    /usr/bin/python3 dev/scripts/randomised_checks.py float32 [--seeds 0:2000]
    /usr/bin/python3 dev/scripts/randomised_checks.py selection [--seeds 0:2000]
    /usr/bin/python3 dev/scripts/randomised_checks.py predict [--seeds 0:300]
    /usr/bin/python3 dev/scripts/randomised_checks.py samples [--seeds 0:300]
    /usr/bin/python3 dev/scripts/randomised_checks.py accuracy [--seeds 0:5000]
    /usr/bin/python3 dev/scripts/randomised_checks.py assess [--seeds 0:1000]
    /usr/bin/python3 dev/scripts/randomised_checks.py design [--seeds 0:1000]

float32: random mixtures (1 to 33 bands, 2 to 13 classes, condition up to 1e10, scales 1e-3 to 1e4,
shrinkage, shared covariances) and pixels of every input type, near ties found by bisection among them:
the certified float32 classification (the kernel float32_decision chooses, then the whitened and the
monomial one forced) against the float64 decisions: the same labels, confidence and posteriors within
CONFIDENCE_TOLERANCE.
selection: random data sets (integer values, a near-copied band, large offsets, classes separated on
every band), SFS or SFFS on any criterion, ridge, shrinkage and grouped folds: select_features against
the brute force of tests/reference.py (every subset refitted): the same sets, values within 1e-8. Data
whose covariances reach the eigenvalue floor are skipped (the brute force has none).
predict: random GeoTIFFs (every pixel type, tiles or strips, pixel- or band-interleaved, DEFLATE,
no-data, NaN and infinities, a mask raster), a model of a random band list, small memory budgets and 1
or 2 threads; in three cases of ten the raster's bands declare a scale and offset other than the model's
(or the model's only): predict_raster against the float64 classification in memory of the pixels GDAL's
masks keep, by the model converted to the raster's stored values.
samples: random polygons (holes, several parts, some partly outside or smaller than a pixel) and points of
three classes over a random raster with no-data (its grid rotated one time in five): extract_samples
(all_touched or not, small memory budgets) against each feature rasterised alone by GDAL, contested pixels
dropped, a pixel to its first feature.
accuracy: random stratified designs (1 to 8 strata, some without pixels, 2 to 6 classes, 2 to 40 samples
per stratum; tests/test_core_accuracy.random_design): the accuracy and area estimators against Stehman
(2014)'s estimators computed sample by sample (tests/reference.py): values within 1e-9 (relative).
assess: random class maps (4 integer types, tiles or strips, 0 and no-data pixels, 1, 30 or 0.5 m pixels),
a strata raster half the time and reference points anywhere inside distinct classified pixels: assess_map
(64 MB or tiny windows) against the class and stratum pixel counts and the sample table counted in memory.
design: design_sample on the same random maps (expected user's accuracies, target, minimum, allocation):
distinct classified pixel centres of the class their map_class and stratum name, per class the allocation
of Olofsson 2014 eq. 13's size, weights N_h / n_h.

Each case is one seed; a case that breaks a claim is printed with its seed (run it alone with --seeds
N:N+1), then the counts. README, Development: what these checks found.
"""

import argparse
import os
import sys
import tempfile
import time
import warnings

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "bench"), os.path.join(HERE, "..", "..", "tests")]
from _package import use_repository  # noqa: E402

use_repository()
import reference  # noqa: E402
from osgeo import gdal, ogr  # noqa: E402
from test_core_accuracy import random_design  # noqa: E402
from test_raster_fixtures import write_raster, write_vector  # noqa: E402

from gmmselect.core import GaussianMixture, float32, make_folds, select_features  # noqa: E402
from gmmselect.core.accuracy import allocate, estimate, sample_size  # noqa: E402
from gmmselect.core.validation import MIN_SAMPLES_PER_CLASS  # noqa: E402
from gmmselect.raster import extract_samples, predict_raster  # noqa: E402
from gmmselect.raster.assessment import assess_map, design_sample  # noqa: E402
from gmmselect.raster.info import BandIdentity  # noqa: E402

SKIP = "skip"
INPUT_TYPES = [np.float32, np.float64, np.int16, np.uint16, np.uint8, np.int8, np.int32]
RASTER_TYPES = [np.uint8, np.uint16, np.int16, np.int32, np.float32, np.float64]
#: Smallest eigenvalue (plus the ridge) of a class, relative to its mean variance, that the brute force
#: and the engine both leave above the floor.
CONDITIONED = 1e-7


# -- float32 -----------------------------------------------------------------------------------

def random_mixture(rng):
    """A mixture of random size, scale, offset, conditioning and shrinkage, and its scale."""
    d = int(rng.choice([1, 2, 3, 4, 5, 6, 8, 11, 16, 20, 33]))
    n_classes = int(rng.integers(2, 14))
    scale, condition = 10.0 ** rng.uniform(-3, 4), 10.0 ** rng.uniform(0, 10)
    offset = 10.0 ** rng.uniform(-2, 5) * rng.choice([0, 1])
    shared = rng.random() < 0.2
    covariances = []
    for _ in range(1 if shared else n_classes):
        basis = np.linalg.qr(rng.normal(size=(d, d)))[0]
        eigenvalues = scale**2 * np.logspace(-np.log10(condition), 0, d) * rng.uniform(0.5, 2, d)
        covariances.append(basis * eigenvalues @ basis.T)
    covariances = np.array(covariances * n_classes if shared else covariances)
    means = offset + scale * rng.normal(0, rng.uniform(0.5, 8), (n_classes, d))
    priors = rng.dirichlet(np.ones(n_classes) * rng.uniform(0.3, 5))
    alpha = 0.0 if shared else float(rng.choice([0, 0, 0.3, 1]))
    counts = rng.integers(d + 2, 10 * d + 50, n_classes) if alpha else None
    return GaussianMixture(np.arange(1, n_classes + 1), priors, means, covariances, counts=counts,
                           alpha=alpha), scale


def in_range_of(mixture, scale, dtype, rng):
    """`mixture` moved and scaled into a part of the integer `dtype`'s range (floats: as it is)."""
    if not np.issubdtype(dtype, np.integer):
        return mixture, scale
    info = np.iinfo(dtype)
    low, high = mixture.means_.min(), mixture.means_.max()
    gain = (float(info.max) - info.min) * rng.uniform(0.01, 0.5) / max(high - low, 1e-9)
    shift = info.min + (float(info.max) - info.min) / 4 - low * gain
    return GaussianMixture(mixture.labels_, mixture.priors_, mixture.means_ * gain + shift,
                           mixture.covariances_ * gain**2), scale * gain


def near_ties(mixture, rng, n):
    """Points on segments between class means either side of the float64 boundary (60 bisections)."""
    first = rng.integers(0, mixture.n_classes, n)
    second = (first + rng.integers(1, mixture.n_classes, n)) % mixture.n_classes
    start, end = mixture.means_[first], mixture.means_[second]
    winner = mixture.decision_function(start).argmax(axis=1)
    crossing = winner != mixture.decision_function(end).argmax(axis=1)
    start, end, winner = start[crossing], end[crossing], winner[crossing]
    low, high = np.zeros(len(start)), np.ones(len(start))
    for _ in range(60):
        middle = (low + high) / 2
        same = mixture.decision_function(start + middle[:, None] * (end - start)).argmax(axis=1) == winner
        low, high = np.where(same, middle, low), np.where(same, high, middle)
    return np.vstack([start + low[:, None] * (end - start), start + high[:, None] * (end - start)])


def float32_pixels(mixture, scale, dtype, rng):
    """Pixels `(n, d)` of `dtype`: between and around the means, near ties and the type's extremes."""
    n, d = 3000, mixture.n_features
    start = mixture.means_[rng.integers(0, mixture.n_classes, n)]
    end = mixture.means_[rng.integers(0, mixture.n_classes, n)]
    X = start + rng.uniform(0, 1, (n, 1)) * (end - start) + rng.normal(0, scale * rng.uniform(0.1, 5), (n, d))
    X = np.vstack([X, near_ties(mixture, rng, 200)])
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        X = np.vstack([np.clip(np.round(X), info.min, info.max), rng.choice([info.min, info.max], (20, d))])
    return X.astype(dtype)


def check_float32(seed):
    """The float32 classification of each kernel against float64 on one random mixture and input type."""
    rng = np.random.default_rng(seed)
    mixture, scale = random_mixture(rng)
    dtype = INPUT_TYPES[rng.integers(len(INPUT_TYPES))]
    mixture, scale = in_range_of(mixture, scale, dtype, rng)
    X = float32_pixels(mixture, scale, dtype, rng)
    winners, confidence, posteriors = mixture.decide(X.astype(np.float64), True)
    problems = []
    for name, form in (("chosen", float32.float32_decision), ("whitened", float32.WhitenedDecision),
                       ("monomial", float32.MonomialDecision)):
        decision = form(mixture, dtype)
        labels, confidence32, posteriors32 = decision.classify(np.ascontiguousarray(X.T), True)
        wrong = int(np.sum(labels != winners))
        error = max(np.abs(confidence32 - confidence).max(), np.abs(posteriors32 - posteriors).max())
        if wrong or not error <= float32.CONFIDENCE_TOLERANCE:
            problems.append(f"{name} kernel ({type(decision).__name__}): {wrong} labels, error {error:.3g}")
    return "; ".join(f"{mixture.n_features} bands, {mixture.n_classes} classes, {np.dtype(dtype).name}: {p}"
                     for p in problems) or None


# -- selection ---------------------------------------------------------------------------------

def random_classes(rng):
    """Samples `(n, d)`, classes and polygon groups of a random data set of one of five kinds."""
    n_classes, d = int(rng.integers(2, 7)), int(rng.integers(3, 11))
    separation = 10 ** rng.uniform(-0.5, 1.5)
    X, y, groups = [], [], []
    for c in range(n_classes):
        n = int(rng.integers(d + 3, 60))
        mixing = rng.normal(size=(d, d)) * rng.uniform(0.05, 2, size=d)
        X.append(rng.normal(size=(n, d)) @ mixing + rng.normal(scale=separation, size=d))
        y.append(np.full(n, c + 1))
        groups.append(c * 100 + rng.integers(0, 4, n))
    X, y, groups = np.vstack(X), np.concatenate(y), np.concatenate(groups)
    kind = rng.integers(0, 5)
    if kind == 1:  # whole numbers: ties
        X = np.round(X * rng.uniform(1, 20))
    elif kind == 2:  # a near copy of a band
        band, copied = rng.choice(d, 2, replace=False)
        X[:, band] = 2 * X[:, copied] + rng.normal(0, 1e-6, len(X))
    elif kind == 3:  # large offsets
        X = X + 10 ** rng.uniform(2, 5)
    elif kind == 4:  # classes separated on every band
        X = X + np.repeat(rng.normal(0, 50, (n_classes, d)), np.bincount(y)[1:], axis=0)
    return X, y, groups


def above_floor(X, y, parts, tau):
    """True when every class of every part `(n,)` bool has more samples than bands and its smallest
    eigenvalue plus `tau` at least CONDITIONED times its mean variance."""
    for part in parts:
        for label in np.unique(y):
            samples = X[part & (y == label)]
            if len(samples) <= X.shape[1]:
                return False
            covariance = np.cov(samples, rowvar=False)
            if np.linalg.eigvalsh(covariance).min() + tau < CONDITIONED * np.trace(covariance) / X.shape[1]:
                return False
    return True


def check_selection(seed):
    """select_features against the brute force on one random data set and setting."""
    rng = np.random.default_rng(seed)
    X, y, groups = random_classes(rng)
    criterion = str(rng.choice(["jm", "kl", "accuracy", "kappa", "f1"]))
    method = str(rng.choice(["sfs", "sffs"]))
    tau, alpha = float(rng.choice([0.0, 0.0, 1e-3, 0.5])), float(rng.choice([0.0, 0.0, 0.3, 1.0]))
    k_max = int(rng.integers(2, min(6, X.shape[1]) + 1))
    separability = criterion in ("jm", "kl")
    grouped = not separability and rng.random() < 0.3
    try:
        fold = None if separability else make_folds(y, 3, groups if grouped else None, 0)
    except ValueError:  # a class too small for grouped folds: refused, as it should be
        return SKIP
    parts = [np.ones(len(y), bool)] if fold is None else [fold != v for v in np.unique(fold)]
    if not above_floor(X, y, parts, tau):
        return SKIP
    result = select_features(X, y, method, criterion, max_features=k_max, folds=3,
                             groups=groups if grouped else None, tau=tau, alpha=alpha)
    J = reference.criterion_function(X, y, criterion, fold, tau, alpha)
    sets, values = reference.sequential(J, X.shape[1], k_max, method == "sffs")
    setting = f"{method} {criterion} tau {tau} alpha {alpha} k {k_max} grouped {grouped}"
    if result.best_sets != sets:
        return f"{setting}: sets {result.best_sets}, brute force {sets}"
    far = [size for size in sets
           if not np.isclose(result.best_values[size], values[size], rtol=1e-8, atol=1e-12)]
    return f"{setting}: values of sizes {far} differ" if far else None


# -- predict ------------------------------------------------------------------------------------

def random_geotiff(rng, path):
    """A random GeoTIFF at `path` and its bands `(n, h, w)`."""
    dtype = RASTER_TYPES[rng.integers(len(RASTER_TYPES))]
    width, height, n = int(rng.integers(1, 260)), int(rng.integers(1, 260)), int(rng.integers(1, 7))
    if rng.random() < 0.5:
        options = ["TILED=YES", f"BLOCKXSIZE={rng.choice([16, 32, 256])}",
                   f"BLOCKYSIZE={rng.choice([16, 64])}"]
    else:
        options = [f"BLOCKYSIZE={rng.integers(1, 40)}"]
    options.append(f"INTERLEAVE={rng.choice(['PIXEL', 'BAND'])}")
    if rng.random() < 0.3:
        options.append("COMPRESS=DEFLATE")
    centres = rng.uniform(0.1, 0.9, (4, n))[rng.integers(0, 4, (height, width))].transpose(2, 0, 1)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        low, high = max(info.min, -30000), min(info.max, 30000)
        values = low + (high - low) * centres + rng.normal(0, (high - low) * 0.03, centres.shape)
        bands = np.clip(np.round(values), info.min, info.max).astype(dtype)
    else:
        scale = 10.0 ** rng.uniform(-3, 4)
        bands = (scale * centres + rng.normal(0, scale * 0.05, centres.shape)).astype(dtype)
        for _ in range(rng.integers(0, 4)):
            bands[rng.integers(n), rng.integers(height), rng.integers(width)] = rng.choice([np.nan, np.inf])
    nodata = float(bands.flat[rng.integers(bands.size)]) if rng.random() < 0.4 else None
    write_raster(path, bands, (0, 1, 0, height, 0, -1), nodata=nodata, options=options)
    return bands


def gdal_valid(path, numbers):
    """The pixels `(h, w)` that no band `numbers` marks invalid: not its no-data value (compared exactly, as
    QGIS does; GDAL's mask band also drops values within about 5e-7 of it, relative) and kept by its alpha
    band (GDAL sees one in a 4-band Byte GeoTIFF)."""
    dataset = gdal.Open(path)
    valid = []
    for number in numbers:
        band = dataset.GetRasterBand(number)
        if band.GetMaskFlags() & gdal.GMF_NODATA:
            values, nodata = band.ReadAsArray(), band.GetNoDataValue()
            valid.append(~np.isnan(values) if np.isnan(nodata) else values != nodata)
        else:
            valid.append(band.GetMaskBand().ReadAsArray() > 0)
    return np.logical_and.reduce(valid)


def random_mask(rng, path, height, width):
    """A byte mask raster at `path` (0, 1, 7, 255; 7 its no-data value or not) and its usable pixels."""
    values = rng.choice([0, 1, 7, 255], (height, width), p=[0.2, 0.5, 0.2, 0.1]).astype(np.uint8)
    nodata = rng.random() < 0.5
    write_raster(path, values[None], (0, 1, 0, height, 0, -1), nodata=7 if nodata else None)
    return (values > 0) & ((values != 7) | (not nodata))


def model_of(bands, numbers, rng):
    """A mixture of 2 to 5 classes of nearest-centre labels of random finite pixels of `numbers`."""
    pixels = bands[np.array(numbers) - 1].reshape(len(numbers), -1).T.astype(np.float64)
    pixels = pixels[np.isfinite(pixels).all(axis=1)]
    if len(pixels) < 50:
        return None
    drawn = pixels[rng.integers(0, len(pixels), 400)]
    centres = pixels[rng.integers(0, len(pixels), int(rng.integers(2, 6)))]
    nearest = np.argmin(((drawn[:, None, :] - centres[None]) ** 2).sum(axis=2), axis=1)
    labels = np.array([1, 2, 3, 300, 7]) if rng.random() < 0.2 else np.arange(1, 6)
    spread = np.ptp(pixels, axis=0)
    try:
        return GaussianMixture.fit(drawn, labels[nearest], tau=float(rng.choice([1e-6, 1e-3]))
                                   * float(np.mean(np.where(spread > 0, spread, 1) ** 2)))
    except ValueError:  # a class of one sample: refused, as it should be
        return None


def declared_otherwise(rng, source, numbers, mixture):
    """Declare a random scale and offset on the bands `numbers` of the raster `source` (or on none of them)
    and make the model of `mixture` saved with others: (that model, its BandIdentity list, the model Predict
    then classifies the stored values with, as raster.bands.stored_conversion converts it)."""
    dataset = gdal.Open(source, gdal.GA_Update)
    declared = rng.random() < 0.8
    raster = []
    for number in numbers:
        scale, offset = (10 ** rng.uniform(-3, 1), rng.normal(0, 50)) if declared else (1.0, 0.0)
        if declared:
            dataset.GetRasterBand(number).SetScale(scale)
            dataset.GetRasterBand(number).SetOffset(offset)
        raster.append((scale, offset))
    dataset = None
    scales, offsets = 10 ** rng.uniform(-2, 2, len(numbers)), rng.normal(0, 100, len(numbers))
    gains = np.array([scale for scale, _ in raster]) / scales
    shifts = (np.array([offset for _, offset in raster]) - offsets) / scales
    saved = mixture.in_units(1 / gains, -shifts / gains)
    identities = [BandIdentity(number, None, None, None, float(scale), float(offset))
                  for number, scale, offset in zip(numbers, scales, offsets)]
    return saved, identities, saved.in_units(gains, shifts) if declared else saved


def check_predict(seed, folder):
    """predict_raster against the float64 classification in memory on one random raster."""
    rng = np.random.default_rng(seed)
    source = os.path.join(folder, "scene.tif")
    bands = random_geotiff(rng, source)
    n, height, width = bands.shape
    numbers = [int(b) for b in rng.permutation(n)[:rng.integers(1, n + 1)] + 1]
    mixture = model_of(bands, numbers, rng)
    if mixture is None:
        return SKIP
    used = bands[np.array(numbers) - 1]
    usable = np.isfinite(used.astype(np.float64)).all(axis=0) & gdal_valid(source, numbers)
    mask = os.path.join(folder, "mask.tif") if rng.random() < 0.3 else None
    if mask:
        usable &= random_mask(rng, mask, height, width)
    paths = [os.path.join(folder, f"{name}.tif") for name in ("classes", "confidence", "posteriors")]
    memory_mb, workers = int(rng.choice([1, 2, 8, 64])), int(rng.integers(1, 3))
    saved, model_bands = mixture, None
    if rng.random() < 0.3:
        saved, model_bands, mixture = declared_otherwise(rng, source, numbers, mixture)
    predict_raster(source, saved, numbers, *paths, mask_path=mask, memory_mb=memory_mb, workers=workers,
                   model_bands=model_bands)
    expected = [np.zeros((1, height, width)), np.full((1, height, width), -1.0),
                np.full((mixture.n_classes, height, width), -1.0)]
    if usable.any():
        winners, confidence, posteriors = mixture.decide(used[:, usable].T.astype(np.float64), True)
        for array, values in zip(expected, (mixture.labels_[winners][None], confidence[None], posteriors.T)):
            array[:, usable] = values
    written = [gdal.Open(path).ReadAsArray().reshape(array.shape) for path, array in zip(paths, expected)]
    names, tolerances = ("classes", "confidence", "posteriors"), (0, *[float32.CONFIDENCE_TOLERANCE] * 2)
    problems = [f"{name} off by up to {np.abs(got - want).max():.3g}"
                for name, got, want, tolerance in zip(names, written, expected, tolerances)
                if not np.all(np.abs(got - want) <= tolerance)]
    described = f"{bands.dtype} {width} x {height} x {n}, bands {numbers}"
    return f"{described}: {'; '.join(problems)}" if problems else None


# -- samples ------------------------------------------------------------------------------------

def random_polygon(rng, x, y, size):
    """A star-shaped polygon of 3 to 7 vertices around (x, y), with a hole one time in five."""
    angles = np.sort(rng.uniform(0, 2 * np.pi, int(rng.integers(3, 8))))
    radii = size * rng.uniform(0.3, 1, len(angles))
    rings = [zip(x + radii * np.cos(angles), y + radii * np.sin(angles))]
    if rng.random() < 0.2:
        hole = np.linspace(2 * np.pi, 0, 6)[:-1]
        rings.append(zip(x + 0.25 * size * np.cos(hole), y + 0.25 * size * np.sin(hole)))
    polygon = ogr.Geometry(ogr.wkbPolygon)
    for points in rings:
        ring = ogr.Geometry(ogr.wkbLinearRing)
        for px, py in points:
            ring.AddPoint_2D(float(px), float(py))
        ring.CloseRings()
        polygon.AddGeometry(ring)
    return polygon


def random_feature(rng, x, y, size):
    """A point, a polygon of two parts or a polygon at (x, y)."""
    kind = rng.random()
    if kind < 0.15:
        point = ogr.Geometry(ogr.wkbPoint)
        point.AddPoint_2D(float(x), float(y))
        return point
    if kind < 0.3:
        parts = ogr.Geometry(ogr.wkbMultiPolygon)
        parts.AddGeometry(random_polygon(rng, x, y, size))
        parts.AddGeometry(random_polygon(rng, x + 3 * size, y, size))
        return parts
    return random_polygon(rng, x, y, size)


def rasterised(geometry, shape, transform, all_touched):
    """The pixels `(h, w)` bool that GDAL burns for `geometry` alone."""
    target = gdal.GetDriverByName("MEM").Create("", shape[1], shape[0], 1, gdal.GDT_Byte)
    target.SetGeoTransform(transform)
    source = ogr.GetDriverByName("Memory").CreateDataSource("")
    layer = source.CreateLayer("feature")
    feature = ogr.Feature(layer.GetLayerDefn())
    feature.SetGeometry(geometry)
    layer.CreateFeature(feature)
    options = ["ALL_TOUCHED=TRUE"] if all_touched else []
    gdal.RasterizeLayer(target, [1], layer, burn_values=[1], options=options)
    return target.ReadAsArray().astype(bool)


def check_samples(seed, folder):
    """extract_samples against each feature rasterised alone, on one random raster and layer."""
    rng = np.random.default_rng(seed)
    width, height, n = int(rng.integers(5, 150)), int(rng.integers(5, 150)), int(rng.integers(1, 4))
    size = float(rng.choice([1.0, 0.5, 30.0, 2.5]))
    left, top = rng.uniform(-1000, 1000, 2)
    turn = np.radians(float(rng.choice([0, 0, 0, 30, -45])))  # a grid rotated one time in five
    transform = [float(left), size * np.cos(turn), size * np.sin(turn), float(top), size * np.sin(turn),
                 -size * np.cos(turn)]
    options = ["TILED=YES", "BLOCKXSIZE=16", "BLOCKYSIZE=16"] if rng.random() < 0.5 else \
        [f"BLOCKYSIZE={rng.integers(1, 20)}"]
    bands = rng.integers(-100, 100, (n, height, width)).astype(np.int16)
    nodata = int(bands.flat[rng.integers(bands.size)]) if rng.random() < 0.4 else None
    raster = write_raster(os.path.join(folder, "scene.tif"), bands, transform, nodata=nodata, options=options)
    numeric = rng.random() < 0.5
    classes, shapes = [], []
    for _ in range(rng.integers(1, 12)):
        column, row = rng.uniform(-0.1, 1.1) * width, rng.uniform(-0.1, 1.1) * height
        x, y = gdal.ApplyGeoTransform(transform, column, row)
        shapes.append(random_feature(rng, x, y, size * 10 ** rng.uniform(-0.7, 1.3)).ExportToWkt())
        classes.append(str(rng.integers(1, 4)) if numeric else f"class {rng.integers(1, 4)}")
    vector = write_vector(os.path.join(folder, "training.gpkg"),
                          [(wkt, int(name) if numeric else name) for wkt, name in zip(shapes, classes)],
                          ogr.OFTInteger if numeric else ogr.OFTString)
    layer_source = ogr.Open(vector)
    fids = [feature.GetFID() for feature in layer_source.GetLayer()]
    all_touched = bool(rng.random() < 0.3)
    covers = [rasterised(ogr.CreateGeometryFromWkt(wkt), (height, width), transform, all_touched)
              for wkt in shapes]
    expected = []
    for row, column in np.ndindex(height, width):
        hits = [k for k, cover in enumerate(covers) if cover[row, column]]
        values = bands[:, row, column]
        if hits and len({classes[k] for k in hits}) == 1 and (nodata is None or np.all(values != nodata)):
            expected.append((classes[hits[0]], fids[hits[0]], tuple(values.tolist())))
    counts = [sum(sample[0] == name for sample in expected) for name in set(classes)]
    try:
        samples = extract_samples(raster, vector, "class", all_touched=all_touched,
                                  memory_mb=int(rng.choice([1, 256])))
    except ValueError as refused:  # DataError: a class short of samples
        return None if min(counts) < MIN_SAMPLES_PER_CLASS else f"refused {counts} per class: {refused}"
    names = dict(zip(samples.labels, samples.class_names))
    got = sorted((str(names[code]), int(fid), tuple(int(v) for v in x))
                 for x, code, fid in zip(samples.X, samples.y, samples.groups))
    if got != sorted(expected):
        missing, extra = set(expected) - set(got), set(got) - set(expected)
        return (f"{width} x {height} px of {size}, all_touched {all_touched}: {len(got)} samples, expected "
                f"{len(expected)}; missing {sorted(missing)[:3]}, extra {sorted(extra)[:3]}")
    return None


# -- accuracy -----------------------------------------------------------------------------------

def check_accuracy(seed):
    """estimate() against S14's estimators computed sample by sample, on one random stratified design."""
    units, sizes, n_classes = random_design(seed)
    counts = np.zeros((len(sizes), n_classes, n_classes))
    np.add.at(counts, tuple(units.T), 1)
    estimates = estimate(counts, sizes)
    far = [name for name, expected in reference.stratified_estimates(units, sizes, n_classes).items()
           if not np.allclose(getattr(estimates, name), expected, rtol=1e-9, atol=1e-12, equal_nan=True)]
    return f"{len(sizes)} strata, {n_classes} classes: {', '.join(far)} differ" if far else None


def random_class_map(rng, path):
    """A random class map (2 to 5 class codes of 1 to 39, some 0, sometimes a no-data value that may be a
    class code) written to `path`; returns the classes `(h, w)`, the classified pixels, the geotransform."""
    height, width, n_classes = int(rng.integers(3, 90)), int(rng.integers(3, 90)), int(rng.integers(2, 6))
    dtype = rng.choice([np.uint8, np.int16, np.uint16, np.int32])
    classes = np.sort(rng.choice(np.arange(1, 40), n_classes, replace=False))[
        rng.integers(0, n_classes, (height, width))].astype(dtype)
    classes[rng.random((height, width)) < rng.choice([0, 0.1])] = 0
    nodata = int(rng.choice([0, 7, 99])) if rng.random() < 0.4 else None
    if nodata is not None:
        classes[rng.random((height, width)) < 0.1] = nodata
    size = float(rng.choice([1.0, 30.0, 0.5]))
    transform = (100.0, size, 0.0, 500.0, 0.0, -size)
    write_raster(path, classes[None], transform, nodata=nodata, options=random_tiling(rng))
    return classes, (classes > 0) & (classes != nodata), transform


def random_tiling(rng):
    """Creation options of 16 x 16 tiles, or none (strips), at random."""
    return ["TILED=YES", "BLOCKXSIZE=16", "BLOCKYSIZE=16"] if rng.random() < 0.5 else []


def reference_rectangles(rng, classes, classified, transform):
    """2 to 8 reference rectangles over a class map (edges a quarter pixel off the pixel centres), each with
    a map class of its own: their features, and the rows, columns and reference class of the classified
    pixels whose centre one or several rectangles of a single class cover."""
    height, width = classes.shape
    codes = np.unique(classes[classified])
    claims = np.full((height, width), -1)
    features = []
    for _ in range(int(rng.integers(2, 9))):
        col0, row0 = int(rng.integers(0, width)), int(rng.integers(0, height))
        col1, row1 = int(rng.integers(col0, width)) + 1, int(rng.integers(row0, height)) + 1
        code = int(rng.choice(codes))
        (x0, x1), (y0, y1) = ((transform[0] + (edge + 0.25) * transform[1] for edge in (col0, col1 - 1)),
                              (transform[3] + (edge + 0.25) * transform[5] for edge in (row0, row1 - 1)))
        features.append((f"POLYGON(({x0} {y0},{x1 + 0.5 * transform[1]} {y0},{x1 + 0.5 * transform[1]} "
                         f"{y1 + 0.5 * transform[5]},{x0} {y1 + 0.5 * transform[5]},{x0} {y0}))", code))
        box = claims[row0:row1, col0:col1]
        box[(box >= 0) & (box != code)] = -2  # contested
        box[box == -1] = code
    rows, cols = np.nonzero((claims > 0) & classified)
    return features, (rows, cols, claims[rows, cols])


def check_assess(seed, folder):
    """assess_map against the counts made in memory, on one random map, strata raster and reference points
    (or rectangles)."""
    rng = np.random.default_rng(seed)
    map_path, strata_path = os.path.join(folder, "map.tif"), None
    classes, classified, transform = random_class_map(rng, map_path)
    strata = classes
    if rng.random() < 0.5:
        strata = rng.integers(1, rng.integers(2, 6), classes.shape).astype(np.uint8)
        strata_path = write_raster(os.path.join(folder, "strata.tif"), strata[None], transform,
                                   options=random_tiling(rng))
    cells = np.flatnonzero(classified)
    cells = rng.choice(cells, min(len(cells), int(rng.integers(4, 60))), replace=False)
    rows, cols = np.divmod(cells, classes.shape[1])
    mapped = classes[rows, cols].astype(np.int64)
    right = rng.random(len(cells)) < 0.7
    truth = np.where(right, mapped, rng.choice(np.unique(classes[classified]), len(cells)))
    x = transform[0] + (cols + rng.uniform(0.05, 0.95, len(cells))) * transform[1]
    y = transform[3] + (rows + rng.uniform(0.05, 0.95, len(cells))) * transform[5]
    features = [(f"POINT({a} {b})", int(t)) for a, b, t in zip(x, y, truth)]
    memory_mb = float(rng.choice([64, 0.01]))
    if rng.random() < 0.3:  # rectangles instead: every pixel centre inside, contested pixels dropped
        features, (rows, cols, truth) = reference_rectangles(rng, classes, classified, transform)
        mapped = classes[rows, cols].astype(np.int64)
    points = write_vector(os.path.join(folder, "reference.gpkg"), features, ogr.OFTInteger)
    try:
        result = assess_map(map_path, points, "class", strata_path, memory_mb=memory_mb)
    except ValueError as error:  # a stratum with fewer than 2 samples: refused, as it should be
        return SKIP if "at least 2 reference samples" in str(error) else str(error)
    codes, stratum_codes = np.union1d(classes[classified], truth), np.unique(strata[classified])
    expected = np.zeros((len(stratum_codes), len(codes), len(codes)), dtype=np.int64)
    np.add.at(expected, (np.searchsorted(stratum_codes, strata[rows, cols]), np.searchsorted(codes, mapped),
                         np.searchsorted(codes, truth)), 1)
    problems = [name for name, got, want in (
        ("classes", result.classes, codes), ("strata", result.counts.strata, stratum_codes),
        ("class pixels", result.pixels, [np.sum(classified & (classes == code)) for code in codes]),
        ("stratum pixels", result.counts.stratum_pixels,
         [np.sum(classified & (strata == code)) for code in stratum_codes]),
        ("samples", result.samples, expected), ("pixel area", result.counts.pixel_area, transform[1] ** 2))
        if not np.array_equal(got, want)]
    return f"{classes.dtype} {classes.shape}: {', '.join(problems)} differ" if problems else None


def check_design(seed, folder):
    """design_sample on one random class map: distinct classified pixel centres of the class they name,
    per class the allocation of Olofsson 2014 eq. 13's size, weights N_h / n_h."""
    rng = np.random.default_rng(seed)
    map_path = os.path.join(folder, "map.tif")
    classes, classified, transform = random_class_map(rng, map_path)
    if not classified.any():
        return SKIP
    codes, pixels = np.unique(classes[classified], return_counts=True)
    users = rng.uniform(0.5, 0.99, len(codes)) if rng.random() < 0.5 else float(rng.uniform(0.5, 0.99))
    target, minimum = float(rng.choice([0.005, 0.01, 0.05])), int(rng.choice([0, 5, 50]))
    allocation = str(rng.choice(["proportional", "equal"]))
    path = os.path.join(folder, f"sample{seed}.gpkg")
    design_sample(map_path, path, users, target, minimum, allocation, seed=seed,
                  memory_mb=float(rng.choice([64, 0.01])))
    planned = sample_size(pixels, np.broadcast_to(users, len(codes)), target, population=int(pixels.sum()))
    expected = allocate(planned, pixels, minimum, allocation)
    source = gdal.OpenEx(path)  # held while its layer is read (GDAL frees the layer with it)
    points = [(f.GetGeometryRef().GetX(), f.GetGeometryRef().GetY(), f["map_class"], f["stratum"],
               f["weight"]) for f in source.GetLayer(0)]
    x, y, mapped, strata, weights = (np.array(values) for values in zip(*points))
    cols, rows = (x - transform[0]) / transform[1] - 0.5, (y - transform[3]) / transform[5] - 0.5
    cells = np.round(rows).astype(np.int64) * classes.shape[1] + np.round(cols).astype(np.int64)
    drawn = np.array([np.sum(mapped == code) for code in codes])
    weight_of_class = pixels / np.maximum(drawn, 1)
    problems = [name for name, failed in (
        ("centres", not (np.allclose(cols, np.round(cols)) and np.allclose(rows, np.round(rows)))),
        ("distinct", len(np.unique(cells)) != len(cells)),
        ("classified", not classified.ravel()[cells].all()),
        ("classes", not np.array_equal(classes.ravel()[cells], mapped) or not np.array_equal(mapped, strata)),
        ("counts", not np.array_equal(drawn, expected)),
        ("weights", not np.allclose(weights, weight_of_class[np.searchsorted(codes, mapped)])))
        if failed]
    return f"{classes.dtype} {classes.shape}, {allocation}: {', '.join(problems)}" if problems else None


CHECKS = {"float32": check_float32, "selection": check_selection, "predict": check_predict,
          "samples": check_samples, "accuracy": check_accuracy, "assess": check_assess,
          "design": check_design}
#: The checks that write files (in a temporary folder).
FILE_CHECKS = ("predict", "samples", "assess", "design")


def main():
    """Run one family of checks over a range of seeds; print each failure, then the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("check", choices=CHECKS)
    parser.add_argument("--seeds", default="0:1000", help="first:last (last excluded)")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split(":"))
    warnings.simplefilter("ignore")
    gdal.UseExceptions()
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    counts, start = {"passed": 0, "failed": 0, SKIP: 0}, time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="gmmselect-checks-") as folder:
        for seed in range(first, last):
            arguments = (seed, folder) if args.check in FILE_CHECKS else (seed,)
            try:
                with np.errstate(all="ignore"):
                    outcome = CHECKS[args.check](*arguments)
            except Exception as error:  # noqa: BLE001 (an exception breaks the claim too: reported)
                outcome = f"{type(error).__name__}: {error}"
            counts["passed" if outcome is None else SKIP if outcome == SKIP else "failed"] += 1
            if outcome not in (None, SKIP):
                print(f"seed {seed}: {outcome}", flush=True)
    print(f"{args.check}, seeds {first}-{last - 1}: {counts['passed']} passed, {counts['failed']} failed, "
          f"{counts[SKIP]} skipped (outside the claim), {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
