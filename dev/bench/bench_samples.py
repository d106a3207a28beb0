"""Benchmark: extract_samples against gdal.RasterizeLayer plus a full read, the usual way of doing it.

1. The bundled Landsat scene (287 x 310 x 7, 36 polygons): the whole raster is small, so this
   measures the cost of per-feature rasterisation, overlap checks and bookkeeping.
2. A 12000 x 12000 x 4 int16 tiled GeoTIFF (sparse on disk) with 3 small polygons: extract_samples
   reads only the windows the polygons cover; the reference reads the whole raster.

    /usr/bin/python3 bench/bench_samples.py
"""

import os
import shutil
import statistics
import tempfile
import time

import numpy as np
from _package import use_repository
from osgeo import gdal, ogr

HERE = os.path.dirname(os.path.abspath(__file__))
LANDSAT = os.path.join(HERE, "..", "..", "tests", "data", "landsat5_rstoolbox")


def import_extract_samples():
    """Make the repository importable as `gmmselect` and return the function."""
    use_repository()
    from gmmselect.raster import extract_samples
    return extract_samples


def rasterize_and_read(raster_path, vector_path, class_field):
    """The reference: burn class codes with gdal.RasterizeLayer, read every band, index the burnt pixels."""
    raster = gdal.Open(raster_path)
    source = ogr.Open(vector_path)
    layer = source.GetLayer(0)
    names = sorted({feature.GetField(class_field) for feature in layer})
    burnt = gdal.GetDriverByName("MEM").Create("", raster.RasterXSize, raster.RasterYSize, 1, gdal.GDT_Byte)
    burnt.SetGeoTransform(raster.GetGeoTransform())
    burnt.SetProjection(raster.GetProjection())
    for code, name in enumerate(names, 1):
        layer.SetAttributeFilter(f"{class_field} = '{name}'")
        gdal.RasterizeLayer(burnt, [1], layer, burn_values=[code])
    codes = burnt.ReadAsArray()
    pixels = raster.ReadAsArray()
    covered = codes > 0
    return pixels[:, covered].T.astype(np.float64), codes[covered]


def median_seconds(function, repeat):
    """Median wall time of `repeat` calls of `function`."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def sparse_case(folder):
    """A large sparse tiled GeoTIFF and a GeoPackage of 3 small polygons over it."""
    raster = os.path.join(folder, "large.tif")
    dataset = gdal.GetDriverByName("GTiff").Create(raster, 12000, 12000, 4, gdal.GDT_Int16,
                                                   ["TILED=YES", "SPARSE_OK=TRUE", "BIGTIFF=YES"])
    dataset.SetGeoTransform((0.0, 1.0, 0.0, 12000.0, 0.0, -1.0))
    dataset = None
    vector = os.path.join(folder, "polygons.gpkg")
    source = ogr.GetDriverByName("GPKG").CreateDataSource(vector)
    layer = source.CreateLayer("polygons")
    layer.CreateField(ogr.FieldDefn("class", ogr.OFTString))
    for x, y, name in ((100, 11000, "a"), (6000, 6000, "b"), (11000, 200, "a")):
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetGeometry(ogr.CreateGeometryFromWkt(
            f"POLYGON(({x} {y},{x + 30} {y},{x + 30} {y + 20},{x} {y + 20},{x} {y}))"))
        feature.SetField("class", name)
        layer.CreateFeature(feature)
    source = None
    return raster, vector


def main():
    """Print both cases side by side."""
    extract_samples = import_extract_samples()
    raster = os.path.join(LANDSAT, "lsat_tm_7band.tif")
    vector = os.path.join(LANDSAT, "training_polygons.gpkg")
    ours = extract_samples(raster, vector, "class")
    X, _ = rasterize_and_read(raster, vector, "class")
    assert len(X) == len(ours.y), (len(X), len(ours.y))
    ours_ms = 1000 * median_seconds(lambda: extract_samples(raster, vector, "class"), 20)
    reference_ms = 1000 * median_seconds(lambda: rasterize_and_read(raster, vector, "class"), 20)
    print(f"Landsat 287 x 310 x 7, 36 polygons, {len(X)} samples: extract_samples {ours_ms:.1f} ms | "
          f"RasterizeLayer + full read {reference_ms:.1f} ms")
    folder = tempfile.mkdtemp(prefix="gmmselect-bench-")
    try:
        raster, vector = sparse_case(folder)
        ours = extract_samples(raster, vector, "class")
        print(f"12000 x 12000 x 4 int16, 3 polygons, {len(ours.y)} samples: extract_samples "
              f"{1000 * median_seconds(lambda: extract_samples(raster, vector, 'class'), 5):.1f} ms "
              f"({ours.n_pixels_read} pixels read) | RasterizeLayer + full read "
              f"{1000 * median_seconds(lambda: rasterize_and_read(raster, vector, 'class'), 2):.1f} ms "
              f"({12000 * 12000} pixels read)")
    finally:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
