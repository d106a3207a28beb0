"""Benchmark: predict_raster on one machine and on a Dask LocalCluster of 1 and 2 worker processes.

A synthetic tiled int16 GeoTIFF (default 4096 x 4096 x 6 bands, 6 classes) is classified with
confidence: once here (the threads of this machine), then with `client=` on 1 and 2 single-threaded
worker processes on 127.0.0.1, in tasks of GROUP_PIXELS pixels. The outputs are checked byte for
byte against the single-machine run. Dask's task stream gives each task's compute time; the
scheduler overhead per task is the worker time not spent computing, (workers x span - sum of
compute) / tasks, span from the first task's start to the last one's end. The driver copies each
group's tiles into the output while the later tasks run, and GDAL compresses the output tiles as
they leave its cache and when the output is closed: the driver's time is that copy plus what
follows the span (checks, submission, the last copy, the flush), measured apart.

Projection for a 100 000 x 100 000 mosaic (1e10 px) on N workers, same bands and classes:
tasks = 1e10 / 2^24 (the default group), time = max(ceil(tasks / N) x (per-pixel compute x 2^24 +
overhead), the driver's copy (per-pixel copy time x 1e10, serial but overlapping the tasks)). It
assumes the shared storage
serves N workers at the speed one worker sees here; it does not, beyond some N, so the figure is a
lower bound.

    /usr/bin/python3 dev/bench/bench_dask.py [--size 4096] [--bands 6] [--group 1048576] [--memory 16]
"""

import argparse
import atexit
import filecmp
import math
import os
import shutil
import tempfile
import time

import numpy as np
from _package import use_repository
from osgeo import gdal

HERE = os.path.dirname(os.path.abspath(__file__))
MOSAIC_PIXELS = 100_000 * 100_000


def write_scene(path, size, n_bands, n_classes, seed=0):
    """A tiled int16 scene of square class patches plus noise; returns (samples, labels) to fit on."""
    rng = np.random.default_rng(seed)
    means = rng.integers(200, 3000, size=(n_classes, n_bands))
    dataset = gdal.GetDriverByName("GTiff").Create(path, size, size, n_bands, gdal.GDT_Int16,
                                                   ["TILED=YES", "BLOCKXSIZE=256", "BLOCKYSIZE=256"])
    dataset.SetGeoTransform((0.0, 10.0, 0.0, 0.0, 0.0, -10.0))
    samples, labels = [], []
    for top in range(0, size, 512):
        rows = min(512, size - top)
        classes = (np.arange(rows)[:, None] // 128 + np.arange(size)[None, :] // 128 + top // 128) % n_classes
        block = means[classes] + rng.normal(0, 80, size=(rows, size, n_bands))
        for band in range(n_bands):
            dataset.GetRasterBand(band + 1).WriteArray(block[:, :, band].astype(np.int16), 0, top)
        samples.append(block[::37, ::37].reshape(-1, n_bands))
        labels.append(classes[::37, ::37].ravel() + 1)
    dataset = None
    return np.concatenate(samples), np.concatenate(labels)


def timed(function, seconds):
    """`function`, adding the time of each call to `seconds[0]`."""
    def run(*arguments):
        started = time.perf_counter()
        try:
            return function(*arguments)
        finally:
            seconds[0] += time.perf_counter() - started
    return run


def run_on_cluster(n_workers, predict, scene, folder, mixture, bands, memory_mb):
    """(seconds, task records, paths) of predict_raster on a LocalCluster of `n_workers` processes."""
    from distributed import Client, LocalCluster, get_task_stream

    with LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as cluster, Client(cluster) as client:
        os.makedirs(folder)
        started = time.perf_counter()
        with get_task_stream(client) as stream:
            paths = predict(scene, mixture, bands, os.path.join(folder, "classes.tif"),
                            os.path.join(folder, "confidence.tif"), memory_mb=memory_mb, client=client)
        seconds = time.perf_counter() - started
    tasks = [next(s for s in record["startstops"] if s["action"] == "compute") for record in stream.data]
    return seconds, tasks, paths


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--bands", type=int, default=6)
    parser.add_argument("--classes", type=int, default=6)
    parser.add_argument("--group", type=int, default=2**20, help="pixels per task here (default 1 Mpx)")
    parser.add_argument("--memory", type=float, default=16, help="memory_mb of predict_raster (window size)")
    parser.add_argument("--dir", default=None)
    args = parser.parse_args()
    use_repository()
    from gmmselect.core import GaussianMixture
    from gmmselect.raster import distributed, predict_raster

    folder = tempfile.mkdtemp(prefix="gmmselect-dask-", dir=args.dir)
    atexit.register(shutil.rmtree, folder, True)
    scene = os.path.join(folder, "scene.tif")
    X, y = write_scene(scene, args.size, args.bands, args.classes)
    mixture = GaussianMixture.fit(X, y)
    bands = list(range(1, args.bands + 1))
    pixels = args.size**2
    print(f"scene {args.size} x {args.size} x {args.bands} int16, {args.classes} classes; "
          f"classification + confidence; {os.cpu_count()} cores; load {os.getloadavg()[0]:.2f}")

    started = time.perf_counter()
    here = predict_raster(scene, mixture, bands, os.path.join(folder, "here", "classes.tif"),
                          os.path.join(folder, "here", "confidence.tif"), memory_mb=args.memory)
    single = time.perf_counter() - started
    print(f"\none machine ({os.cpu_count()} threads): {single:.2f} s, {pixels / single / 1e6:.2f} Mpx/s")

    distributed.GROUP_PIXELS = args.group
    copying = [0.0]
    distributed.copy_tiles = timed(distributed.copy_tiles, copying)
    rows = []
    for n_workers in (1, 2):
        copying[0] = 0.0
        seconds, tasks, paths = run_on_cluster(n_workers, predict_raster, scene,
                                               os.path.join(folder, f"dask{n_workers}"), mixture, bands,
                                               args.memory)
        identical = all(filecmp.cmp(paths[key], here[key], shallow=False) for key in here)
        compute = sum(task["stop"] - task["start"] for task in tasks)
        span = max(task["stop"] for task in tasks) - min(task["start"] for task in tasks)
        overhead = max(0.0, n_workers * span - compute) / len(tasks)
        after = max(0.0, seconds - span)
        copy = copying[0] + after
        rows.append((n_workers, seconds, len(tasks), compute / pixels, overhead, copy, identical))
        print(f"{n_workers} worker(s): {seconds:.2f} s in all, {len(tasks)} tasks of up to {args.group} px: "
              f"{compute / len(tasks) * 1e3:.0f} ms compute per task, {overhead * 1e3:.1f} ms scheduler "
              f"overhead per task, span {span:.2f} s, driver {copy:.2f} s (tile copy {copying[0]:.2f} s, "
              f"after the span {after:.2f} s); "
              f"outputs byte-identical to one machine: {identical}")

    n_workers, _, n_tasks, per_pixel, overhead, copy, _ = rows[-1]  # tasks may be smaller than args.group
    copy_per_pixel = copy / pixels
    group = 2**24
    tasks = math.ceil(MOSAIC_PIXELS / group)
    copy_minutes = copy_per_pixel * MOSAIC_PIXELS / 60
    print(f"\nprojection, 100 000 x 100 000 px ({tasks} tasks of {group} px, {per_pixel * group:.1f} s each, "
          f"{overhead * 1e3:.1f} ms overhead each; driver copy {copy_minutes:.0f} min):")
    for workers in (8, 64):
        compute_time = math.ceil(tasks / workers) * (per_pixel * group + overhead)
        total = max(compute_time, copy_per_pixel * MOSAIC_PIXELS)
        print(f"  {workers:>2} workers (1 thread each): tasks {compute_time / 3600:.2f} h, copy "
              f"{copy_per_pixel * MOSAIC_PIXELS / 3600:.2f} h alongside: {total / 3600:.2f} h")


if __name__ == "__main__":
    main()
