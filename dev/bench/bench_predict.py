"""Benchmark: predict_raster on a synthetic 6000 x 6000 x 20 int16 tiled GeoTIFF against the I/O floor.

The floor reads the same bands once with GDAL, window by window, and writes one tiled, DEFLATE
byte band: no compute. Each figure runs in its own subprocess so that its peak memory (VmHWM) is
its own. The scene (~1.5 GB) is written to a temporary folder and deleted at the end; the page
cache is warm for every run (the scene was just written), so the floor is GDAL's, not the disk's.

    /usr/bin/python3 bench/bench_predict.py [--size 6000] [--bands 20] [--classes 6] [--dir /tmp]
"""

import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
from osgeo import gdal

HERE = os.path.dirname(os.path.abspath(__file__))
PATCH = 120  # side of the square patches of one class in the synthetic scene


def import_package():
    """Make the repository importable as `gmmselect` (as tests/conftest.py does) and return the modules."""
    parent = tempfile.mkdtemp(prefix="gmmselect-bench-")
    atexit.register(shutil.rmtree, parent, True)
    os.symlink(os.path.dirname(os.path.dirname(HERE)), os.path.join(parent, "gmmselect"))
    sys.path.insert(0, parent)
    from gmmselect.core import GaussianMixture
    from gmmselect.raster import predict_raster
    return GaussianMixture, predict_raster


def class_means(n_classes, n_bands, seed=0):
    """Per-class mean spectra (int16 digital numbers) of the synthetic scene."""
    return np.random.default_rng(seed).uniform(500, 3000, size=(n_classes, n_bands))


def build_scene(path, size, n_bands, n_classes):
    """Write the synthetic scene: square patches of random classes, Gaussian noise around class means."""
    means = class_means(n_classes, n_bands)
    rng = np.random.default_rng(1)
    patch_classes = rng.integers(0, n_classes, size=(size // PATCH + 1, size // PATCH + 1))
    dataset = gdal.GetDriverByName("GTiff").Create(path, size, size, n_bands, gdal.GDT_Int16,
                                                   ["TILED=YES", "BLOCKXSIZE=256", "BLOCKYSIZE=256",
                                                    "BIGTIFF=YES"])
    dataset.SetGeoTransform((500000.0, 10.0, 0.0, 4000000.0, 0.0, -10.0))
    for top in range(0, size, 512):
        rows = min(512, size - top)
        classes = patch_classes[(np.arange(top, top + rows) // PATCH)[:, None], np.arange(size) // PATCH]
        values = means[classes] + rng.normal(0, 150, size=(rows, size, n_bands))
        dataset.WriteRaster(0, top, size, rows, values.astype(np.int16).transpose(2, 0, 1).tobytes())
    dataset.FlushCache()


def train_model(GaussianMixture, n_bands, n_classes, bands):
    """A mixture learnt on 30000 samples drawn from the scene's distribution, over `bands` (1-based)."""
    rng = np.random.default_rng(2)
    y = rng.integers(0, n_classes, size=30000)
    X = class_means(n_classes, n_bands)[y] + rng.normal(0, 150, size=(len(y), n_bands))
    return GaussianMixture.fit(np.round(X)[:, np.array(bands) - 1], y + 1)


def floor(scene, bands, output):
    """The I/O floor: read `bands` window by window and write one tiled DEFLATE byte band."""
    source = gdal.Open(scene)
    width, height = source.RasterXSize, source.RasterYSize
    target = gdal.GetDriverByName("GTiff").Create(output, width, height, 1, gdal.GDT_Byte,
                                                  ["TILED=YES", "COMPRESS=DEFLATE", "NUM_THREADS=ALL_CPUS"])
    for top in range(0, height, 256):
        rows = min(256, height - top)
        pixels = source.ReadAsArray(0, top, width, rows, band_list=bands)
        target.GetRasterBand(1).WriteArray((pixels[0] > 0).astype(np.uint8), 0, top)
    target = None


def run_one(args):
    """Time one figure in this process and print it as JSON with the peak memory."""
    gdal.SetCacheMax(64 * 2**20)
    bands = [int(b) for b in args.use.split(",")]
    start = time.perf_counter()
    if args.run == "floor":
        floor(args.scene, bands, os.path.join(args.dir, "floor.tif"))
    else:
        GaussianMixture, predict_raster = import_package()
        model = train_model(GaussianMixture, args.bands, args.classes, bands)
        start = time.perf_counter()
        predict_raster(args.scene, model, bands, os.path.join(args.dir, "classes.tif"),
                       os.path.join(args.dir, "confidence.tif"), memory_mb=args.memory_mb)
    seconds = time.perf_counter() - start
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    print(json.dumps({"seconds": seconds, "peak_mb": peak / 1024}))


def measure(args, run, bands):
    """Run one figure in a subprocess and return its JSON."""
    command = [sys.executable, __file__, "--run", run, "--scene", args.scene, "--dir", args.dir,
               "--use", ",".join(map(str, bands)), "--bands", str(args.bands), "--classes", str(args.classes),
               "--memory-mb", str(args.memory_mb)]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def main():
    """Build the scene, time the floor and predict_raster for all bands and a 5-band selection."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=6000)
    parser.add_argument("--bands", type=int, default=20)
    parser.add_argument("--classes", type=int, default=6)
    parser.add_argument("--memory-mb", type=float, default=256)
    parser.add_argument("--dir", default=None, help="folder for the temporary scene (default: system temp)")
    parser.add_argument("--run", choices=["floor", "predict"], help=argparse.SUPPRESS)
    parser.add_argument("--scene", help=argparse.SUPPRESS)
    parser.add_argument("--use", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run:
        return run_one(args)
    need = 1.5 * args.size ** 2 * args.bands * 2
    free = shutil.disk_usage(args.dir or tempfile.gettempdir()).free
    if free < need:
        sys.exit(f"need {need / 2**30:.1f} GB free, have {free / 2**30:.1f} GB; choose a folder with --dir")
    folder = tempfile.mkdtemp(prefix="gmmselect-bench-", dir=args.dir)
    try:
        args.dir, args.scene = folder, os.path.join(folder, "scene.tif")
        start = time.perf_counter()
        build_scene(args.scene, args.size, args.bands, args.classes)
        size_gb = os.path.getsize(args.scene) / 2**30
        print(f"scene {args.size} x {args.size} x {args.bands} int16, tiled 256: {size_gb:.2f} GB, written "
              f"in {time.perf_counter() - start:.0f} s; {args.classes} classes, memory budget "
              f"{args.memory_mb:g} MB, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
        for bands in (list(range(1, args.bands + 1)), [2, 5, 9, 14, 18]):
            io = measure(args, "floor", bands)
            predicted = measure(args, "predict", bands)
            print(f"{len(bands):2d} bands: I/O floor {io['seconds']:6.1f} s (peak {io['peak_mb']:5.0f} MB) | "
                  f"predict_raster {predicted['seconds']:6.1f} s (peak {predicted['peak_mb']:5.0f} MB) | "
                  f"ratio {predicted['seconds'] / io['seconds']:.2f}")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
