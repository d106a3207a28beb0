"""Benchmark: predict_raster on a synthetic 6000 x 6000 x 20 int16 tiled GeoTIFF against the I/O floor.

The floor reads the same bands once with GDAL, window by window, and writes one tiled, DEFLATE
byte band: no compute. The scene's floor reads every band of the scene so (the floor as the issue
that set the goals defines it, the same for both models); for the 4-band model it is the stricter
floor of its own 4 bands that the ratio uses, the scene's is reported beside it. Each figure runs in its own
subprocess so that its peak memory (VmHWM) is its own, pinned to 1 or 2 cores (sched_setaffinity) with as
many classification threads; one more prediction runs with GSL's CBLAS loaded first, as QGIS's executables
load it (core/products.py). The floor and the 2-core prediction run ROUNDS times alternately, and the
ratio is the median of each pair's (a pair's runs are seconds apart, where this VM's speed drifts by up
to 2x over minutes); the times are the median pair's. The
scene (~1.5 GB) is written to a temporary folder and deleted at the end; the page cache is warm
for every run (the scene was just written), so the floor is GDAL's, not the disk's. Training
(sampling 100 square polygons of 80 x 80 px, the tau search, the fit) is measured for its memory.
With --stages, each model's prediction is also run stage by stage on one core (read, classify,
write the classes, write the confidence; and the confidence written with ZSTD level 1 and
uncompressed, for comparison): CPU seconds per stage, whose sum over the core count bounds the
wall time from below.

    /usr/bin/python3 dev/bench/bench_predict.py [--size 6000] [--bands 20] [--classes 6] [--dir /tmp]
        [--stages] [--alpha 1] [--compress DEFLATE]

--alpha: the models' shrinkage (default 0; 1: one pooled covariance, which the shared float32 kernel
classifies). --compress: the scene's compression (default none). The scene's floor is also read under the
GDAL options predict_raster's reader opens the scene with (raster.blocks.reading_options: direct I/O
when uncompressed, decoding on both cores when compressed), the stricter floor of such a reader.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager

import numpy as np
from _package import use_repository
from osgeo import gdal

HERE = os.path.dirname(os.path.abspath(__file__))
PATCH = 120  # side of the square patches of one class in the synthetic scene
SELECTION = [2, 5, 9, 14]  # the 4 bands of a Train Selection model
POLYGON = 80  # side of the square training polygons, one in every TRAINING_EVERY-th patch
TRAINING_EVERY = 25
#: GSL's CBLAS, which QGIS's executables load before NumPy (core/products.py): preloaded, a run is as in QGIS.
GSL_CBLAS = "/usr/lib/x86_64-linux-gnu/libgslcblas.so.0"
#: Pairs of (floor, predict) runs per model, alternately: the ratio is the median of the pairs' ratios.
ROUNDS = 3


def import_package():
    """Make the repository importable as `gmmselect` and return the modules."""
    use_repository()
    from gmmselect.core import GaussianMixture
    from gmmselect.raster import predict_raster
    return GaussianMixture, predict_raster


def patch_classes(size, n_classes):
    """The class of every patch of the scene (drawn first from the scene's random stream)."""
    return np.random.default_rng(1).integers(0, n_classes, size=(size // PATCH + 1, size // PATCH + 1))


def class_means(n_classes, n_bands, seed=0):
    """Per-class mean spectra (int16 digital numbers) of the synthetic scene."""
    return np.random.default_rng(seed).uniform(500, 3000, size=(n_classes, n_bands))


def build_scene(path, size, n_bands, n_classes, compress=None):
    """Write the synthetic scene: square patches of random classes, Gaussian noise around class means
    (tiles compressed with `compress`, if given)."""
    means = class_means(n_classes, n_bands)
    rng = np.random.default_rng(1)
    classes_of = rng.integers(0, n_classes, size=(size // PATCH + 1, size // PATCH + 1))
    dataset = gdal.GetDriverByName("GTiff").Create(path, size, size, n_bands, gdal.GDT_Int16,
                                                   ["TILED=YES", "BLOCKXSIZE=256", "BLOCKYSIZE=256",
                                                    "BIGTIFF=YES", "NUM_THREADS=ALL_CPUS"]
                                                   + ([f"COMPRESS={compress}"] if compress else []))
    dataset.SetGeoTransform((500000.0, 10.0, 0.0, 4000000.0, 0.0, -10.0))
    for top in range(0, size, 512):
        rows = min(512, size - top)
        classes = classes_of[(np.arange(top, top + rows) // PATCH)[:, None], np.arange(size) // PATCH]
        values = means[classes] + rng.normal(0, 150, size=(rows, size, n_bands))
        dataset.WriteRaster(0, top, size, rows, values.astype(np.int16).transpose(2, 0, 1).tobytes())
    dataset.FlushCache()


def write_polygons(path, scene, size, n_classes):
    """A GeoPackage of square polygons centred in every TRAINING_EVERY-th patch, field 'class'."""
    from osgeo import ogr
    x0, dx, _, y0, _, dy = gdal.Open(scene).GetGeoTransform()
    source = ogr.GetDriverByName("GPKG").CreateDataSource(path)
    layer = source.CreateLayer("polygons")
    layer.CreateField(ogr.FieldDefn("class", ogr.OFTInteger))
    classes = patch_classes(size, n_classes)
    patches = [(i, j) for i in range(size // PATCH) for j in range(size // PATCH)][::TRAINING_EVERY]
    for i, j in patches:
        left, top = j * PATCH + (PATCH - POLYGON) // 2, i * PATCH + (PATCH - POLYGON) // 2
        xs, ys = (x0 + dx * left, x0 + dx * (left + POLYGON)), (y0 + dy * top, y0 + dy * (top + POLYGON))
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetGeometry(ogr.CreateGeometryFromWkt(
            f"POLYGON(({xs[0]} {ys[0]},{xs[1]} {ys[0]},{xs[1]} {ys[1]},{xs[0]} {ys[1]},{xs[0]} {ys[0]}))"))
        feature.SetField("class", int(classes[i, j]) + 1)
        layer.CreateFeature(feature)
    source = None


def train_scene(scene, polygons):
    """Train GMM's raster work: sample the polygons, search tau (5 folds), fit on all 20 bands."""
    GaussianMixture, _ = import_package()
    from gmmselect.core import select_tau
    from gmmselect.raster import extract_samples
    samples = extract_samples(scene, polygons, "class")
    tau = select_tau(samples.X, samples.y).tau
    GaussianMixture.fit(samples.X, samples.y, tau=tau)


def train_model(GaussianMixture, n_bands, n_classes, bands, alpha=0.0):
    """A mixture learnt on 30000 samples drawn from the scene's distribution, over `bands` (1-based), with
    shrinkage `alpha` (1: one pooled covariance)."""
    rng = np.random.default_rng(2)
    y = rng.integers(0, n_classes, size=30000)
    X = class_means(n_classes, n_bands)[y] + rng.normal(0, 150, size=(len(y), n_bands))
    return GaussianMixture.fit(np.round(X)[:, np.array(bands) - 1], y + 1, alpha=alpha)


def floor(scene, bands, output, threads=None):
    """The I/O floor: read `bands` window by window and write one tiled DEFLATE byte band; the scene opened
    as predict_raster's reader opens it for `threads` threads if given, else with GDAL's defaults."""
    from gmmselect.raster.blocks import opened_for_reading
    source = gdal.Open(scene) if threads is None else opened_for_reading(scene, threads)
    width, height = source.RasterXSize, source.RasterYSize
    target = gdal.GetDriverByName("GTiff").Create(output, width, height, 1, gdal.GDT_Byte,
                                                  ["TILED=YES", "COMPRESS=DEFLATE", "NUM_THREADS=ALL_CPUS"])
    for top in range(0, height, 256):
        rows = min(256, height - top)
        pixels = source.ReadAsArray(0, top, width, rows, band_list=bands)
        target.GetRasterBand(1).WriteArray((pixels[0] > 0).astype(np.uint8), 0, top)
    target = None


#: Creation options of the confidence compared with the plugin's (DEFLATE level 1) in the stage run.
CONFIDENCE_ALTERNATIVES = {"ZSTD level 1": ["COMPRESS=ZSTD", "ZSTD_LEVEL=1"], "uncompressed": []}


def stages(scene, model, bands, folder):
    """CPU seconds of each stage of predict_raster's work, the stages run one after the other (so the
    process's CPU time during a stage is that stage's, GDAL's compression threads included):
    {stage: seconds}, plus {'<alternative> size': megabytes} of the confidence written other ways."""
    from gmmselect.core.threads import single_threaded_blas
    from gmmselect.raster import predict
    from gmmselect.raster.files import OutputSet
    reader, _, _ = predict.matched_reader(scene, bands, None, None, None, None, 1.0)
    label_dtype, part_pixels, windows = predict.prediction_plan(reader, model, 256, 1, False)
    names = [str(name) for name in model.class_names_]
    colors = predict.class_colors_checked(model.labels_, None)
    paths = {"classification": os.path.join(folder, "stage-classes.tif"),
             "confidence": os.path.join(folder, "stage-confidence.tif")}
    staging = OutputSet()
    seconds = dict.fromkeys(["read", "classify", "write classes", "write confidence",
                             *(f"confidence {name}" for name in CONFIDENCE_ALTERNATIVES)], 0.0)
    layout = [option for option in predict.CREATION_OPTIONS if not option.startswith(("COMPRESS", "ZLEVEL"))]
    others = {name: gdal.GetDriverByName("GTiff").Create(os.path.join(folder, f"stage-{k}.tif"), reader.width,
                                                         reader.height, 1, gdal.GDT_Float32, layout + options)
              for k, (name, options) in enumerate(CONFIDENCE_ALTERNATIVES.items())}
    buffer = np.empty(len(bands) * max(w * h for _, _, w, h in windows), dtype=reader.dtype)

    def timed(stage, work, *arguments):
        start = time.process_time()
        value = work(*arguments)
        seconds[stage] += time.process_time() - start
        return value

    with predict.bounded_gdal_cache(), single_threaded_blas(), \
            predict.ThreadPoolExecutor(1) as pool:
        rasters = predict.Outputs(staging, reader.dataset, model, paths, names, colors)
        classifier = predict.Classifier(model, label_dtype, False, pool, part_pixels)
        for window in windows:
            values, usable = timed("read", reader.read_bands, window, buffer)
            result = timed("classify", classifier.classify, values, usable)
            for key, stage in (("classification", "write classes"), ("confidence", "write confidence")):
                timed(stage, rasters.rasters[key].write, window, result[key])
            for name, other in others.items():
                timed(f"confidence {name}", other.GetRasterBand(1).WriteArray, result["confidence"][0],
                      *window[:2])
        timed("write classes", rasters.rasters["classification"].close)
        timed("write confidence", rasters.rasters["confidence"].close)
        for name, other in others.items():
            timed(f"confidence {name}", other.FlushCache)
    staging.discard()
    sizes = {f"{name} size": os.path.getsize(other.GetDescription()) / 2**20 for name, other in others.items()}
    others.clear()
    return {**seconds, **sizes}


def run_one(args):
    """Time one figure in this process, on `args.cores` cores, and print it as JSON with the peak memory."""
    os.sched_setaffinity(0, sorted(os.sched_getaffinity(0))[:args.cores])
    bands = [int(b) for b in args.use.split(",") if b]
    start, cpu = time.perf_counter(), time.process_time()
    if args.run in ("floor", "tuned-floor"):
        import_package()
        gdal.SetCacheMax(64 * 2**20)
        floor(args.scene, bands, os.path.join(args.dir, "floor.tif"),
              args.cores if args.run == "tuned-floor" else None)
    elif args.run == "train":
        train_scene(args.scene, args.polygons)
    elif args.run == "stages":
        GaussianMixture, _ = import_package()
        model = train_model(GaussianMixture, args.bands, args.classes, bands, args.alpha)
        print(json.dumps(stages(args.scene, model, bands, args.dir)))
        return
    else:
        GaussianMixture, predict_raster = import_package()
        model = train_model(GaussianMixture, args.bands, args.classes, bands, args.alpha)
        start, cpu = time.perf_counter(), time.process_time()
        predict_raster(args.scene, model, bands, os.path.join(args.dir, "classes.tif"),
                       os.path.join(args.dir, "confidence.tif"), memory_mb=args.memory_mb, workers=args.cores)
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    print(json.dumps({"seconds": seconds, "cpu_seconds": cpu_seconds, "peak_mb": peak / 1024}))


def measure(args, run, bands, cores, preload=None):
    """Run one figure in a subprocess on `cores` cores (with the library `preload` loaded first) and return
    its JSON."""
    command = [sys.executable, __file__, "--run", run, "--scene", args.scene, "--dir", args.dir,
               "--use", ",".join(map(str, bands)), "--bands", str(args.bands), "--classes", str(args.classes),
               "--memory-mb", str(args.memory_mb), "--cores", str(cores), "--polygons", args.polygons,
               "--alpha", str(args.alpha)]
    environment = dict(os.environ, LD_PRELOAD=preload) if preload else None
    done = subprocess.run(command, capture_output=True, text=True, env=environment)
    if done.returncode:
        sys.exit(f"{run} failed:\n{done.stderr}")
    return json.loads(done.stdout)


def paired_runs(args, bands, cores):
    """ROUNDS pairs (floor run, predict run) of `bands`, on `cores` cores, run alternately (each run's JSON).
    A pair's runs are seconds apart, so their ratio holds where the machine's speed drifts over minutes
    (this VM's: up to 2x)."""
    return [(measure(args, "floor", bands, cores), measure(args, "predict", bands, cores)) for _ in range(ROUNDS)]


def ratio_of(pair):
    """Seconds of a pair's second run over its first's: a prediction over its floor, a peer over ours."""
    return pair[1]["seconds"] / pair[0]["seconds"]


def median_pair(pairs):
    """The pair of median ratio_of (the lower median of an even count)."""
    return sorted(pairs, key=ratio_of)[(len(pairs) - 1) // 2]


def scaling(one, two, floor_seconds, cores=(4, 8, 16)):
    """Projected seconds on more cores: T(n) = max(floor, s + p / n), s and p from T(1) = s + p and
    T(2) = s + p / 2 (Amdahl), with the core count from which the I/O floor binds."""
    parallel = max(0.0, 2 * (one - two))
    serial = max(0.0, one - parallel)
    projected = {n: max(floor_seconds, serial + parallel / n) for n in cores}
    binding = next((n for n in range(1, 257) if serial + parallel / n <= floor_seconds), None)
    return projected, binding


def scene_figures(args):
    """Build the scene in `args.dir`, measure the floors, predict (ROUNDS pairs of floor and predict on 2 cores,
    then 1 core) and training; yield rows (the pair of median ratio, with every pair's ratio)."""
    args.scene, args.polygons = os.path.join(args.dir, "scene.tif"), os.path.join(args.dir, "polygons.gpkg")
    start = time.perf_counter()
    build_scene(args.scene, args.size, args.bands, args.classes, args.compress)
    write_polygons(args.polygons, args.scene, args.size, args.classes)
    size_gb = os.path.getsize(args.scene) / 2**30
    print(f"scene {args.size} x {args.size} x {args.bands} int16, tiled 256, {args.compress or 'uncompressed'}: "
          f"{size_gb:.2f} GB, written in "
          f"{time.perf_counter() - start:.0f} s; {args.classes} classes, memory budget {args.memory_mb:g} MB",
          flush=True)
    cores = min(2, os.cpu_count() or 1)
    every_band = list(range(1, args.bands + 1))
    scene_floor = measure(args, "floor", every_band, cores)
    tuned_floor = measure(args, "tuned-floor", every_band, cores)
    for name, bands in ((f"Train Selection model, {len(SELECTION)} bands", SELECTION),
                        (f"Train GMM model, all {args.bands} bands", every_band)):
        pairs = paired_runs(args, bands, cores)
        io, predicted = median_pair(pairs)
        one_core = measure(args, "predict", bands, 1)
        projected, binding = scaling(one_core["seconds"], predicted["seconds"], io["seconds"])
        scene = io if bands == every_band else scene_floor
        as_in_qgis = (measure(args, "predict", bands, cores, GSL_CBLAS)["seconds"]
                      if os.path.exists(GSL_CBLAS) else None)
        if args.stages:
            cpu = measure(args, "stages", bands, 1)
            figures = ", ".join(f"{stage} {value:.2f} {'MB' if stage.endswith('size') else 's'}"
                                for stage, value in cpu.items())
            work = sum(cpu[stage] for stage in ("read", "classify", "write classes", "write confidence"))
            bounds = ", ".join(f"{n} cores {max(cpu['read'], work / n) / io['seconds']:.2f}x"
                               for n in (1, 2, 3, 4, 8))
            print(f"{name}, one core, stage by stage: {figures}; classify "
                  f"{cpu['classify'] / args.size ** 2 * 1e9:.0f} ns/px; the stages' CPU over n cores "
                  f"(the read alone on its thread) bounds the time from below: {bounds} the floor", flush=True)
        yield {"measure": f"Predict, {args.size}^2 x {args.bands} int16, classes + confidence, {name}",
               "ours_s": predicted["seconds"], "peer": "I/O floor", "peer_s": io["seconds"],
               "ratio": ratio_of((io, predicted)), "ratios": [ratio_of(pair) for pair in pairs],
               "one_core_s": one_core["seconds"], "scene_floor_s": scene["seconds"],
               "scene_ratio": predicted["seconds"] / scene["seconds"],
               "tuned_floor_s": tuned_floor["seconds"], "tuned_ratio": predicted["seconds"] / tuned_floor["seconds"],
               "cpu_s": predicted["cpu_seconds"], "floor_cpu_s": io["cpu_seconds"],
               "ours_mb": max([run["peak_mb"] for _, run in pairs] + [one_core["peak_mb"]]), "peer_mb": io["peak_mb"],
               "projected_s": projected, "floor_binds_at_cores": binding, "as_in_qgis_s": as_in_qgis}
    trained = measure(args, "train", [], cores)
    polygons = len(range(0, (args.size // PATCH) ** 2, TRAINING_EVERY))
    yield {"measure": f"Train GMM on that scene ({polygons} polygons sampled, tau search, fit), all bands",
           "ours_s": trained["seconds"], "ours_mb": trained["peak_mb"]}


def parser_of(description):
    """The scene's command-line options (shared with bench_all.py)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--size", type=int, default=6000)
    parser.add_argument("--bands", type=int, default=20)
    parser.add_argument("--classes", type=int, default=6)
    parser.add_argument("--memory-mb", type=float, default=256)
    parser.add_argument("--dir", default=None, help="folder for the temporary scene (default: system temp)")
    parser.add_argument("--stages", action="store_true", help="also time each stage on one core")
    parser.add_argument("--alpha", type=float, default=0.0, help="the models' shrinkage (1: one pooled covariance)")
    parser.add_argument("--compress", default=None, help="the scene's compression (e.g. DEFLATE; default none)")
    parser.add_argument("--run", choices=["floor", "tuned-floor", "predict", "train", "stages"],
                        help=argparse.SUPPRESS)
    for hidden in ("--scene", "--use", "--polygons"):
        parser.add_argument(hidden, help=argparse.SUPPRESS)
    parser.add_argument("--cores", type=int, default=1, help=argparse.SUPPRESS)
    return parser


@contextmanager
def scene_folder(args):
    """A temporary folder for the scene (checked for space), deleted at the end."""
    need = 1.5 * args.size ** 2 * args.bands * 2
    free = shutil.disk_usage(args.dir or tempfile.gettempdir()).free
    if free < need:
        sys.exit(f"need {need / 2**30:.1f} GB free, have {free / 2**30:.1f} GB; choose a folder with --dir")
    folder = tempfile.mkdtemp(prefix="gmmselect-bench-", dir=args.dir)
    try:
        yield folder
    finally:
        shutil.rmtree(folder)


def main():
    """Build the scene, time the floor and predict_raster (1 and 2 cores), measure training's memory."""
    args = parser_of(__doc__.splitlines()[0]).parse_args()
    if args.run:
        run_one(args)
        return
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    with scene_folder(args) as args.dir:
        for row in scene_figures(args):
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
