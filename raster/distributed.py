"""Prediction and training statistics on a Dask cluster (`dask.distributed`), imported only when asked for.

Prediction: the windows of the single-machine plan are cut into groups (rectangles of whole
windows), one task each. A worker opens the raster from its path (which every worker must see),
classifies the group's windows with the core and writes one tile per output into a scratch folder
beside the output (which every worker must see too); a tile is written under a temporary name and
renamed when complete, so a task that Dask runs again after a worker died writes the same tile.
The driver then copies the tiles window by window, in the single-machine order, into the outputs
staged in the run's OutputSet: the files are byte-identical to a run on one machine, and the driver
holds one window at a time. Cancel, or any failure, leaves no output and no tile.

Statistics: the windows the training features cover, in groups, one task each; each returns the
ClassStatistics of its samples, merged on the driver (Chan's update, exact to rounding).
"""

import os
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import numpy as np
from osgeo import gdal, gdal_array

from ..core import ClassStatistics
from ..core.threads import single_threaded_blas
from .blocks import PixelReader
from .errors import DataError, check_canceled
from .info import geotransform_of
from .predict import (
    CREATION_OPTIONS,
    GDAL_CACHE_MB,
    Classifier,
    bounded_gdal_cache,
    label_type,
    run_windows,
)
from .samples import SampleWalk, merge_statistics, statistics_of

#: Pixels of one task's window group (a tile of 4096 x 4096 px: seconds of work, a few MB of results).
GROUP_PIXELS = 2**24
#: Seconds between two looks at the tasks (progress, cancel).
POLL_SECONDS = 0.1
#: Seconds to wait for a scheduler to answer.
CONNECT_SECONDS = 10


@contextmanager
def scheduler_client(address):
    """A dask.distributed Client of the scheduler at `address` (e.g. 'tcp://10.0.0.5:8786'), closed on exit;
    DataError when Dask is not installed or the scheduler does not answer."""
    try:
        from distributed import Client
    except ImportError as error:
        raise DataError("a Dask scheduler was given but Dask is not installed; install python3-distributed "
                        "(Debian) or the pip package 'distributed', or leave DASK_SCHEDULER empty") from error
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise DataError(f"no Dask scheduler answers at {address!r} ({error}); start one with 'dask scheduler' "
                        "and give the address it prints (tcp://host:8786)") from error
    try:
        yield client
    finally:
        client.close()


def window_groups(windows, width, group_pixels):
    """Consecutive windows in groups of at most `group_pixels` pixels (one window at least) whose union
    is a rectangle: windows side by side in one row, or full-width strips one under the other."""
    groups = []
    for window in windows:
        x, y, w, h = window
        if groups:
            last = groups[-1][-1]
            size = sum(gw * gh for _, _, gw, gh in groups[-1])
            beside = y == last[1] and h == last[3] and x == last[0] + last[2]
            below = x == 0 and w == width and last[2] == width and y == last[1] + last[3]
            if size + w * h <= group_pixels and (beside or below):
                groups[-1].append(window)
                continue
        groups.append([window])
    return groups


def group_box(group):
    """The rectangle (x, y, w, h) a window group covers."""
    x0, y0 = group[0][0], group[0][1]
    x1 = max(x + w for x, _, w, _ in group)
    y1 = max(y + h for _, y, _, h in group)
    return x0, y0, x1 - x0, y1 - y0


def output_layouts(rasters):
    """{output key: (bands, GDAL type, no-data, band names)} of the output rasters (an Outputs object)."""
    layouts = {}
    for key, raster in rasters.rasters.items():
        bands = [raster.dataset.GetRasterBand(n) for n in range(1, raster.dataset.RasterCount + 1)]
        layouts[key] = (len(bands), bands[0].DataType, bands[0].GetNoDataValue(),
                        [band.GetDescription() for band in bands])
    return layouts


class TileWriter:
    """The outputs of one window group: one GeoTIFF per output, renamed into place once complete."""

    def __init__(self, folder, index, box, dataset, layouts):
        self.box, self.datasets, self.paths = box, {}, {}
        x, y, w, h = box
        geotransform = geotransform_of(dataset)
        for key, (n_bands, gdal_type, nodata, names) in layouts.items():
            path = os.path.join(folder, f"{key}_{index}.tif")
            temporary = f"{path}.{uuid.uuid4().hex[:8]}.partial.tif"
            tile = gdal.GetDriverByName("GTiff").Create(temporary, w, h, n_bands, gdal_type, CREATION_OPTIONS)
            if tile is None:
                raise DataError(f"a Dask worker cannot create tile {temporary!r}: {gdal.GetLastErrorMsg()}; the "
                                "output's folder must be one every worker sees and can write to")
            if geotransform is not None:
                g = geotransform
                tile.SetGeoTransform((g[0] + x * g[1] + y * g[2], g[1], g[2], g[3] + x * g[4] + y * g[5], g[4],
                                      g[5]))
            tile.SetProjection(dataset.GetProjection())
            for number, name in enumerate(names, 1):
                tile.GetRasterBand(number).SetNoDataValue(nodata)
                tile.GetRasterBand(number).SetDescription(name)
            self.datasets[key], self.paths[key] = (tile, temporary), path

    def write(self, window, result):
        """Write a window's results (arrays `(bands, h, w)` keyed like the outputs) into the tiles."""
        x, y = window[0] - self.box[0], window[1] - self.box[1]
        for key, (tile, _) in self.datasets.items():
            for number, plane in enumerate(result[key], 1):
                tile.GetRasterBand(number).WriteArray(plane, int(x), int(y))

    def close(self):
        """Complete every tile and rename it into place; return {output key: tile path}."""
        for key, (tile, temporary) in self.datasets.items():
            tile.FlushCache()
            tile = None
            os.replace(temporary, self.paths[key])
        self.datasets = {}
        return dict(self.paths)


def predict_group(raster_path, mask_path, band_numbers, mixture, probabilities, part_pixels, group, folder,
                  index, layouts):
    """Worker task: classify the windows of `group` and write their tiles; return {output key: tile path}."""
    reader = PixelReader(raster_path, band_numbers, mask_path)
    label_dtype = np.dtype(gdal_array.GDALTypeCodeToNumericTypeCode(label_type(mixture.labels_)))
    tiles = TileWriter(folder, index, group_box(group), reader.dataset, layouts)
    with bounded_gdal_cache(GDAL_CACHE_MB), single_threaded_blas(), ThreadPoolExecutor(1) as pool:
        run_windows(reader, Classifier(mixture, label_dtype, probabilities, pool, part_pixels), tiles, group,
                    None, None)
    return tiles.close()


def gather(client, futures, weights, progress=None, is_canceled=None):
    """The results of `futures` in their order, reporting progress (weighted) and cancelling them all
    when `is_canceled` says so or one fails."""
    total, done, finished = float(sum(weights)), 0.0, set()
    try:
        while len(finished) < len(futures):
            check_canceled(is_canceled)
            for k, future in enumerate(futures):
                if k not in finished and future.done():
                    future.result()  # a task's error is raised here
                    finished.add(k)
                    done += weights[k]
                    if progress is not None:
                        progress(done / total)
            if len(finished) < len(futures):
                time.sleep(POLL_SECONDS)
        return [future.result() for future in futures]
    except BaseException:
        client.cancel(futures)
        raise


def run_window_groups(client, reader, mask_path, mixture, rasters, windows, staging, near, part_pixels,
                      progress=None, is_canceled=None, log=None):
    """Classify `windows` of `reader` as window-group tasks on the cluster of `client`, then copy their
    tiles into the output rasters `rasters` (an Outputs object) in the order of `windows`."""
    folder = staging.scratch_folder(near)
    groups = window_groups(windows, reader.width, GROUP_PIXELS)
    layouts = output_layouts(rasters)
    run = uuid.uuid4().hex[:12]
    if log is not None:
        log(f"Dask: {len(groups)} tasks of up to {GROUP_PIXELS} px on {len(client.scheduler_info()['workers'])} "
            f"workers, tiles in {folder!r}")
    mask_path = os.path.abspath(mask_path) if mask_path else None
    futures = [client.submit(predict_group, os.path.abspath(reader.path), mask_path, reader.band_numbers,
                             mixture, "probabilities" in layouts, part_pixels, group, folder, k, layouts,
                             key=f"gmmselect-predict-{run}-{k}", pure=False)
               for k, group in enumerate(groups)]
    weights = [sum(w * h for _, _, w, h in group) for group in groups]
    tiles = gather(client, futures, weights, None if progress is None else lambda f: progress(90.0 * f),
                   is_canceled)
    for k, (group, paths) in enumerate(zip(groups, tiles)):
        check_canceled(is_canceled)
        copy_tiles(rasters, group, paths)
        if progress is not None:
            progress(90.0 + 10.0 * (k + 1) / len(groups))


def copy_tiles(rasters, group, paths):
    """Write the windows of `group` into the outputs `rasters`, read from its tiles `paths`."""
    x0, y0 = group_box(group)[:2]
    tiles = {key: gdal.Open(path) for key, path in paths.items()}
    for window in group:
        x, y, w, h = window
        rasters.write(window, {key: tile.ReadAsArray(x - x0, y - y0, w, h).reshape(tile.RasterCount, h, w)
                               for key, tile in tiles.items()})


# -- training statistics ---------------------------------------------------------------------------

def statistics_group(walk_arguments, start, stop):
    """Worker task: the class and feature statistics of windows start..stop of the sample walk, and its
    counters (pixels covered per feature, contested, unusable, read)."""
    walk = SampleWalk(*walk_arguments)
    walk.windows = walk.windows[start:stop]
    labels = walk.features.labels
    total, group_totals = ClassStatistics.empty(labels, len(walk.reader.band_numbers)), {}
    for chunk in walk.run():
        total = merge_statistics(total, group_totals, *statistics_of(chunk.X, chunk.y, chunk.groups, labels))
    return total, group_totals, walk.covered, walk.n_contested, walk.n_unusable, walk.n_read


def distributed_statistics(client, raster_path, vector_path, class_field, layer=None, bands=None, mask_path=None,
                           all_touched=False, log=None, progress=None, is_canceled=None, memory_mb=256,
                           windows_per_task=16):
    """accumulate_statistics computed by tasks on the cluster of `client`, `windows_per_task` windows each:
    (class_stats, {feature id: ClassStatistics}, SampleSummary), the rasters and vectors read by the workers
    from their paths (which every worker must see)."""
    arguments = (os.path.abspath(raster_path), os.path.abspath(vector_path), class_field, layer, bands,
                 os.path.abspath(mask_path) if mask_path else None, all_touched, memory_mb)
    walk = SampleWalk(*arguments, log=log, is_canceled=is_canceled)
    starts = range(0, len(walk.windows), windows_per_task)
    run = uuid.uuid4().hex[:12]
    futures = [client.submit(statistics_group, arguments, start, start + windows_per_task,
                             key=f"gmmselect-statistics-{run}-{start}", pure=False) for start in starts]
    if log is not None:
        log(f"Dask: {len(futures)} statistics tasks over {len(walk.windows)} windows")
    parts = gather(client, futures, [1] * len(futures),
                   None if progress is None else lambda f: progress(100.0 * f), is_canceled)
    total, group_totals = ClassStatistics.empty(walk.features.labels, len(walk.reader.band_numbers)), {}
    for stats, groups, covered, contested, unusable, read in parts:
        total = merge_statistics(total, group_totals, stats, groups)
        walk.covered += covered
        walk.n_contested += contested
        walk.n_unusable += unusable
        walk.n_read += read
    return total, group_totals, walk.summary(total.counts, log)
