"""Benchmark: map areas counted window by window, and the sample design, on a large classification.

An 8000 x 8000 Byte GeoTIFF (64 M pixels, 4 classes and no-data, tiled, DEFLATE) is written to a
temporary folder; `count_map` is compared with the plain way (read the whole band, np.unique),
and `design_sample` (count, draw, write the points) is timed. Peak memory: VmHWM of the process,
reset before each step.

    /usr/bin/python3 dev/bench/bench_assess.py
"""

import atexit
import os
import shutil
import tempfile
import time

import numpy as np
from _package import use_repository
from osgeo import gdal, osr

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = 8000


def import_assessment():
    """Make the repository importable as `gmmselect` and return the module."""
    use_repository()
    from gmmselect.raster import assessment
    return assessment


def write_map(path):
    """A seeded random 4-class map with 5 % no-data (0), written in strips."""
    dataset = gdal.GetDriverByName("GTiff").Create(path, SIZE, SIZE, 1, gdal.GDT_Byte,
                                                   ["TILED=YES", "COMPRESS=DEFLATE"])
    dataset.SetGeoTransform((500000.0, 30.0, 0.0, 4000000.0, 0.0, -30.0))
    reference = osr.SpatialReference()
    reference.ImportFromEPSG(32631)
    dataset.SetProjection(reference.ExportToWkt())
    band = dataset.GetRasterBand(1)
    rng = np.random.default_rng(0)
    for y in range(0, SIZE, 500):
        band.WriteArray(rng.choice(5, size=(500, SIZE), p=[0.05, 0.5, 0.3, 0.1, 0.05]).astype(np.uint8), 0, y)
    band.SetNoDataValue(0)


def reset_peak():
    """Reset VmHWM to the current resident set (Linux)."""
    with open("/proc/self/clear_refs", "w") as stream:
        stream.write("5")


def peak_mb():
    """VmHWM of this process in MB."""
    with open("/proc/self/status") as stream:
        line = next(line for line in stream if line.startswith("VmHWM"))
    return int(line.split()[1]) / 1024


def measured(label, work):
    """Run `work`, print its time and peak memory, return its result."""
    reset_peak()
    started = time.perf_counter()
    result = work()
    print(f"{label:<48} {time.perf_counter() - started:7.2f} s   peak {peak_mb():6.0f} MB")
    return result


def main():
    """Write the map, then time the three ways."""
    assessment = import_assessment()
    folder = tempfile.mkdtemp(prefix="gmmselect-bench-assess-")
    atexit.register(shutil.rmtree, folder, True)
    path = os.path.join(folder, "map.tif")
    write_map(path)
    print(f"{SIZE} x {SIZE} = {SIZE * SIZE / 1e6:.0f} M pixels, "
          f"{os.path.getsize(path) / 2**20:.0f} MB on disk")
    counts = measured("count_map (windows of 64 MB)", lambda: assessment.count_map(assessment.ClassMap(path)))

    def whole():
        values = gdal.Open(path).ReadAsArray()
        return np.unique(values[values > 0], return_counts=True)

    codes, pixels = measured("whole band + np.unique (the plain way)", whole)
    assert codes.tolist() == counts.classes.tolist() and pixels.tolist() == counts.pixels.tolist()
    design = measured("design_sample (count, draw, write GeoPackage)", lambda: assessment.design_sample(
        path, os.path.join(folder, "sample.gpkg"), 0.8, 0.005, 50))
    print(f"sample: {int(design.counts.sum())} points ({', '.join(map(str, design.counts))})")


if __name__ == "__main__":
    main()
