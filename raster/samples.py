"""Training samples: the pixels under training polygons or points, read window by window.

A polygon takes the pixels whose centre lies inside it (GDAL's rasterisation rule), or every pixel
it touches with `all_touched`; a point takes the pixel it falls in; a pixel is one sample at most.
A pixel covered by features of different classes is contested and dropped; one covered by
several features of the same class belongs to the first of them (its group). Only the windows
that the features cover are read.
"""

import uuid
from collections import Counter
from dataclasses import dataclass, field
from typing import Dict, List

import numpy as np
from osgeo import gdal, ogr

from ..core import ClassStatistics
from ..core.texts import QT_TRANSLATE_NOOP, SEMICOLON, Text, joined, short_list
from ..core.validation import MIN_SAMPLES_PER_CLASS
from .blocks import PixelReader, bounded_gdal_cache, holds_fill, plan_windows
from .distributed import in_order, ready_workers, worker_task
from .errors import DataError, check_canceled
from .info import absolute_name, band_name, geotransform_of
from .notices import warning, warning_lines
from .vector import read_features

_IDENTITY = (0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
#: Windows per Dask task when the statistics are accumulated on a cluster.
WINDOWS_PER_TASK = 16


@dataclass
class SampleSummary:
    """What a sample extraction found: classes, bands, counts and the pixels it had to drop."""

    labels: np.ndarray
    class_names: List[str]
    band_numbers: List[int]
    band_names: List[str]
    counts: Dict[str, int]
    n_features_outside: int
    n_contested_pixels: int
    reprojected: bool
    warnings: List[str]
    n_unusable_pixels: int = 0
    n_pixels_read: int = 0


@dataclass
class TrainingSamples(SampleSummary):
    """Samples `X (n, d)` float64, class codes `y (n,)` and feature ids `groups (n,)`, in raster order."""

    X: np.ndarray = field(default=None)
    y: np.ndarray = field(default=None)
    groups: np.ndarray = field(default=None)


@dataclass
class SampleChunk:
    """Samples of one window: values, class codes, feature ids and flat raster index of each pixel."""

    X: np.ndarray
    y: np.ndarray
    groups: np.ndarray
    cells: np.ndarray


class Rasterizer:
    """Burns one geometry at a time into an in-memory grid, on the raster's pixel grid."""

    def __init__(self, geotransform, all_touched):
        self.source = ogr.GetDriverByName("Memory").CreateDataSource("")
        self.layer = self.source.CreateLayer("feature")
        self.feature = ogr.Feature(self.layer.GetLayerDefn())
        self.layer.CreateFeature(self.feature)
        self.geotransform = geotransform or _IDENTITY
        self.options = ["ALL_TOUCHED=TRUE"] if all_touched else []

    def burn(self, geometry, box):
        """Boolean mask `(rows, cols)` of the pixels of box (col0, row0, col1, row1) under `geometry`."""
        col0, row0, col1, row1 = (int(value) for value in box)
        target = gdal.GetDriverByName("MEM").Create("", col1 - col0, row1 - row0, 1, gdal.GDT_Byte)
        g = self.geotransform
        target.SetGeoTransform((g[0] + col0 * g[1] + row0 * g[2], g[1], g[2],
                                g[3] + col0 * g[4] + row0 * g[5], g[4], g[5]))
        self.feature.SetGeometry(geometry)
        self.layer.SetFeature(self.feature)
        gdal.PushErrorHandler("CPLQuietErrorHandler")  # both grids lack a CRS on purpose: no warning
        try:
            failed = gdal.RasterizeLayer(target, [1], self.layer, burn_values=[1], options=self.options)
        finally:
            gdal.PopErrorHandler()
        if failed:
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "GDAL could not rasterise a feature: {reason}; check that its geometry is valid "
                "(e.g. Fix geometries)"), reason=gdal.GetLastErrorMsg())
        return target.GetRasterBand(1).ReadAsArray().astype(bool)


class SampleWalk:
    """Walks the raster windows that training features cover and yields their samples (SampleChunk); its
    messages name the raster `raster_name` and the layer and its features as `shown` (vector.Shown) where
    the files read are not those the user knows (a stack made for the walk, a copy QGIS wrote of a layer)."""

    def __init__(self, raster_path, vector_path, class_field, layer=None, bands=None, mask_path=None,
                 all_touched=False, memory_mb=256, no_data=None, invalid="use", raster_crs=None,
                 operation=None, log=None, is_canceled=None, raster_name=None, shown=None, float64=True):
        self.raster_path = raster_name or raster_path
        self.float64 = float64  # the chunks' samples in float64, else in the raster's type (SampleBuffer)
        self.vector_path = shown[0] if shown else vector_path
        self.reader = PixelReader(raster_path, bands, mask_path, no_data=no_data)
        self.features = read_features(self.raster_path, self.reader.dataset, vector_path, class_field, layer,
                                      log, is_canceled, invalid, raster_crs, operation, shown)
        self.rasterizer = Rasterizer(geotransform_of(self.reader.dataset), all_touched)
        self.class_index = np.searchsorted(self.features.labels, self.features.codes)
        self.covered = np.zeros(len(self.features.codes), dtype=np.int64)
        self.n_contested = self.n_unusable = self.n_read = 0
        self.clashing = set()  # features (indices) covering a pixel with one of another class
        self.fill = Counter()  # {(value, class code): samples holding a fill value (blocks.holds_fill)}
        self.windows = self._plan(memory_mb)
        self.is_canceled = is_canceled

    def _plan(self, memory_mb):
        """The windows (aligned to the raster's blocks) that some feature overlaps, cut to the box of
        those features, with the features."""
        d, itemsize = len(self.reader.band_numbers), self.reader.dtype.itemsize
        pixel_bytes = d * (itemsize + 8) + self.reader.staged * itemsize + 24
        windows = plan_windows(self.reader.width, self.reader.height, self.reader.block_size,
                               max(1, int(memory_mb * 2**20) // pixel_bytes))
        boxes = self.features.boxes
        planned = []
        for x, y, w, h in windows:
            members = np.flatnonzero((boxes[:, 0] < x + w) & (boxes[:, 2] > x) & (boxes[:, 1] < y + h)
                                     & (boxes[:, 3] > y) & (boxes[:, 2] > boxes[:, 0])
                                     & (boxes[:, 3] > boxes[:, 1]))
            if len(members):
                covered = boxes[members]
                left, top = max(x, covered[:, 0].min()), max(y, covered[:, 1].min())
                right, bottom = min(x + w, covered[:, 2].max()), min(y + h, covered[:, 3].max())
                planned.append(((int(left), int(top), int(right - left), int(bottom - top)), members))
        return planned

    def feature_cells(self, member, window):
        """Flat indices in `window` of the pixels of feature `member`."""
        x, y, w, h = window
        points = self.features.points[member]
        if points is not None:
            rows, cols = points
            inside = (rows >= y) & (rows < y + h) & (cols >= x) & (cols < x + w)
            return (rows[inside] - y) * w + cols[inside] - x
        col0, row0, col1, row1 = self.features.boxes[member]
        box = (max(col0, x), max(row0, y), min(col1, x + w), min(row1, y + h))
        rows, cols = np.nonzero(self.rasterizer.burn(self.features.geometries[member], box))
        return (rows + box[1] - y) * w + cols + box[0] - x

    def owners(self, window, members):
        """Owner feature of each pixel of `window` (-1: none or contested), flat."""
        codes = self.features.codes
        owner = np.full(window[2] * window[3], -1, dtype=np.int64)
        contested = np.zeros(len(owner), dtype=bool)
        for member in members:
            cells = self.feature_cells(member, window)
            self.covered[member] += len(cells)
            previous = owner[cells]
            free = previous < 0
            owner[cells[free]] = member
            clash = ~free & (codes[previous] != codes[member])
            if clash.any():
                contested[cells[clash]] = True
                self.clashing.update([member, *np.unique(previous[clash]).tolist()])
        self.n_contested += int(contested.sum())
        owner[contested] = -1
        return owner

    def samples(self, window, owner):
        """The SampleChunk of the owned, usable pixels of `window`, reading only their bounding box."""
        x, y, w, _ = window
        chosen = np.flatnonzero(owner >= 0)
        rows, cols = np.divmod(chosen, w)
        top, left = rows.min(), cols.min()
        box = (int(x + left), int(y + top), int(cols.max() - left + 1), int(rows.max() - top + 1))
        pixels, usable = self.reader.read(box)
        self.n_read += box[2] * box[3]
        keep = usable[rows - top, cols - left]
        self.n_unusable += int((~keep).sum())
        rows, cols, members = rows[keep], cols[keep], owner[chosen[keep]]
        X = pixels[rows - top, cols - left]
        if self.float64 or not exact_in_float64(X.dtype):
            X = X.astype(np.float64)  # (the fill test below on the values as float64 holds them)
        chunk = SampleChunk(X=X, y=self.features.codes[members], groups=self.features.fids[members],
                            cells=(y + rows) * self.reader.width + x + cols)
        fill = holds_fill(X)
        self.fill.update(zip(X[fill, 0].astype(np.float64).tolist(), chunk.y[fill].tolist()))
        return chunk

    def run(self, progress=None):
        """SampleChunks of the covered windows in raster order; progress (0..100) and cancel per window.
        GDAL's block cache is capped at GDAL_CACHE_MB until the walk ends (or is abandoned)."""
        with bounded_gdal_cache():
            for done, (window, members) in enumerate(self.windows, 1):
                check_canceled(self.is_canceled)
                owner = self.owners(window, members)
                if (owner >= 0).any():
                    yield self.samples(window, owner)
                if progress is not None:
                    progress(100.0 * done / len(self.windows))

    def summary(self, counts, log=None):
        """The SampleSummary for per-class `counts` (aligned with labels); DataError if one is short."""
        features = self.features
        warnings = list(features.warnings) + self.reader.notices()
        if self.n_contested:
            warnings.append(warning("warning contested", count=self.n_contested,
                                    fids=short_list(features.fids[sorted(self.clashing)])))
        empty = (self.covered == 0) & ~features.outside
        if empty.any():
            warnings.append(warning("warning no pixel centre", count=int(empty.sum()),
                                    fids=short_list(features.fids[empty])))
        warnings += self.fill_warning()
        self.check_counts(counts, warnings, log)
        info = self.reader
        summary = SampleSummary(
            labels=features.labels, class_names=features.class_names, band_numbers=info.band_numbers,
            band_names=[band_name(info.dataset, number) for number in info.band_numbers],
            counts={name: int(count) for name, count in zip(features.class_names, counts)},
            n_features_outside=features.n_outside, n_contested_pixels=self.n_contested,
            reprojected=features.reprojected, warnings=warnings, n_unusable_pixels=self.n_unusable,
            n_pixels_read=self.n_read)
        if log is not None:
            log(Text(QT_TRANSLATE_NOOP(
                "GmmSelect", "{samples} samples of {classes} classes from {raster!r} (bands {bands}); "
                "{unusable} no-data or masked pixels dropped; {read} of {total} raster pixels read"),
                samples=int(np.sum(counts)), classes=len(counts), raster=self.raster_path,
                bands=info.band_numbers, unusable=self.n_unusable, read=self.n_read,
                total=info.width * info.height))
            for line in warning_lines(warnings):
                log(line)
        return summary

    def fill_warning(self):
        """The warning naming the fill value most samples hold (blocks.holds_fill), with their count and
        classes, if any sample holds one: it is data of no class, and the classes' statistics take it in."""
        if not self.fill:
            return []
        values = Counter()
        for (value, _), count in self.fill.items():
            values[value] += count
        value, count = values.most_common(1)[0]
        codes = sorted(code for held, code in self.fill if held == value)
        labels, names = self.features.labels, self.features.class_names
        names = [names[int(np.searchsorted(labels, code))] for code in codes]
        return [warning("warning fill samples", vector=repr(self.vector_path), value=f"{value:.10g}",
                        count=count, classes=", ".join(map(repr, names)))]

    def short_class(self, k, usable):
        """Where the `usable` pixels of class index `k` came from, for the message of a short class."""
        features, own = self.features, self.class_index == k
        return Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "class {name!r}: usable pixels {usable}, features {features} (pixels covered "
            "{covered}, features outside the raster {outside})"),
            name=features.class_names[k], usable=int(usable), features=int(own.sum()),
            covered=int(self.covered[own].sum()), outside=int(np.sum(own & features.outside)))

    def check_counts(self, counts, warnings, log=None):
        """Raise DataError naming every class left with fewer than MIN_SAMPLES_PER_CLASS samples, the
        `warnings` that tell why logged first (features outside the raster, without a geometry...)."""
        short = [k for k, count in enumerate(counts) if count < MIN_SAMPLES_PER_CLASS]
        if not short:
            return
        if log is not None:
            for line in warning_lines(warnings):
                log(line)
        details = joined([self.short_class(k, counts[k]) for k in short], SEMICOLON)
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "every class needs at least {minimum} usable pixels in raster {raster!r} "
            "({details}; pixels no-data, NaN or masked: {unusable}, contested: {contested}); add or "
            "enlarge training features of these classes in {vector!r}, check the no-data values and mask, or "
            "drop these classes"), minimum=MIN_SAMPLES_PER_CLASS, raster=self.raster_path, details=details,
            unusable=self.n_unusable, contested=self.n_contested, vector=self.vector_path)


def exact_in_float64(dtype):
    """Whether float64 holds every value of `dtype` as it is (its comparisons, minima and maxima unchanged):
    a raster's floats and its integers of 32 bits or less."""
    return dtype.kind == "f" or dtype.itemsize <= 4


def sample_keys(cells, seed):
    """Pseudo-random 64-bit keys of raster pixels (SplitMix64 of the flat index and seed): a pixel keeps
    its key whatever the window it was read in."""
    z = cells.astype(np.uint64) + np.uint64((int(seed) * 0x9E3779B97F4A7C15) % 2**64)
    with np.errstate(over="ignore"):
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


class SampleBuffer:
    """Samples gathered chunk by chunk; with a `limit`, only the `limit` of each class with the smallest
    keys are kept (a seeded random choice that does not depend on the windows)."""

    def __init__(self, labels, limit=0, seed=0):
        self.labels, self.limit, self.seed = labels, int(limit), seed
        self.chunks = []
        self.size = 0

    def add(self, chunk):
        """Append a SampleChunk, trimming to the limit when the buffer holds twice as many."""
        self.chunks.append(chunk)
        self.size += len(chunk.y)
        if self.limit and self.size > 2 * self.limit * len(self.labels):
            self.chunks = [self._trimmed()]
            self.size = len(self.chunks[0].y)

    def _joined(self):
        """All chunks as one SampleChunk (an empty one when there is none)."""
        if not self.chunks:
            return SampleChunk(np.empty((0, 0)), np.empty(0, np.int64), np.empty(0, np.int64),
                               np.empty(0, np.int64))
        return SampleChunk(*(np.concatenate([getattr(c, name) for c in self.chunks])
                             for name in ("X", "y", "groups", "cells")))

    def _trimmed(self):
        """The joined samples with at most `limit` per class."""
        joined = self._joined()
        if not self.limit:
            return joined
        keys = sample_keys(joined.cells, self.seed)
        keep = []
        for label in self.labels:
            members = np.flatnonzero(joined.y == label)
            if len(members) > self.limit:
                members = members[np.argpartition(keys[members], self.limit - 1)[:self.limit]]
            keep.append(members)
        keep = np.concatenate(keep)
        return SampleChunk(joined.X[keep], joined.y[keep], joined.groups[keep], joined.cells[keep])

    def samples(self):
        """The kept samples in raster order (row by row), in float64 (chunks may hold the raster's type: each
        value converted exactly, or as astype converts it). Without a limit, each chunk's samples are put
        in their place and the chunk let go: no concatenation of all the chunks is made beside them."""
        if self.limit or not self.chunks:
            trimmed = self._trimmed()
            order = np.argsort(trimmed.cells, kind="stable")
            return SampleChunk(trimmed.X[order].astype(np.float64, copy=False),
                               *(getattr(trimmed, name)[order] for name in ("y", "groups", "cells")))
        chunks, self.chunks = self.chunks, []
        cells, y, groups = (np.concatenate([getattr(chunk, name) for chunk in chunks])
                            for name in ("cells", "y", "groups"))
        order = np.argsort(cells, kind="stable")
        place = np.empty_like(order)
        place[order] = np.arange(len(order))  # the place in raster order of each sample, chunk after chunk
        X = np.empty((len(cells), chunks[0].X.shape[1]))
        start = 0
        for k, chunk in enumerate(chunks):
            X[place[start:start + len(chunk.y)]] = chunk.X
            start += len(chunk.y)
            chunks[k] = None
        return SampleChunk(X, y[order], groups[order], cells[order])


def statistics_of(X, y, groups, labels, by_feature=True):
    """ClassStatistics of the samples, and of each group (feature) over its own class only (a feature's
    samples are all of its class: a d x d scatter a feature, not one a class): (stats, {group id: stats});
    {} without `by_feature`."""
    group_stats = {}
    if by_feature and len(groups):
        order = np.argsort(groups, kind="stable")
        for part in np.split(order, np.flatnonzero(np.diff(groups[order])) + 1):
            own = np.unique(y[part])
            group_stats[int(groups[part[0]])] = ClassStatistics.from_samples(X[part], y[part], own)
    return ClassStatistics.from_samples(X, y, labels), group_stats


def merge_statistics(total, group_totals, stats, group_stats):
    """Merge chunk statistics into the running totals (group totals updated in place)."""
    for group, part in group_stats.items():
        group_totals[group] = merged(group_totals[group], part) if group in group_totals else part
    return total.merge(stats)


def merged(first, second):
    """`first.merge(second)`, both taken over the union of their classes where their classes differ."""
    if not np.array_equal(first.labels, second.labels):
        labels = np.union1d(first.labels, second.labels)
        first, second = widened(first, labels), widened(second, labels)
    return first.merge(second)


def widened(stats, labels):
    """ClassStatistics `stats` over `labels` (holding its own): no sample of the classes it lacks."""
    wide = ClassStatistics.empty(labels, stats.n_features)
    at = [int(np.flatnonzero(wide.labels == label)[0]) for label in stats.labels]
    wide.counts[at], wide.means[at], wide.scatters[at] = stats.counts, stats.means, stats.scatters
    return wide


def features_statistics(by_feature, features, labels):
    """The ClassStatistics over the classes `labels` of the samples of `features` (feature ids) together,
    from the per-feature statistics `by_feature` of accumulate_statistics: e.g. a fold of grouped
    cross-validation, whose complement is `class_stats.remove(features_statistics(...))`."""
    total = ClassStatistics.empty(labels, next(iter(by_feature.values())).n_features if by_feature else 0)
    for feature in features:
        total = total.merge(widened(by_feature[feature], total.labels))
    return total


def extract_samples(raster_path, vector_path, class_field, layer=None, bands=None, mask_path=None,
                    all_touched=False, max_samples_per_class=0, seed=0, log=None, progress=None,
                    is_canceled=None, memory_mb=256, no_data=None, invalid="use", raster_crs=None,
                    operation=None, shown=None):
    """TrainingSamples of the raster pixels under the features of a vector (see the module docstring);
    `no_data` {band number: BandNoData} where a band's no-data is not (only) its file's; a feature of
    invalid geometry read, left out or stopping the run as `invalid` says (vector.INVALID_GEOMETRY_RULES);
    `raster_crs` the raster's CRS (WKT) where it is not its file's; `operation` (PROJ string, inverse) the
    coordinate operation from the layer's CRS to it where one is chosen (as a QGIS project chooses it);
    `shown` (vector.Shown) how the messages name a layer read from a copy (vector.read_features)."""
    walk = SampleWalk(raster_path, vector_path, class_field, layer, bands, mask_path, all_touched, memory_mb,
                      no_data, invalid, raster_crs, operation, log=log, is_canceled=is_canceled, shown=shown,
                      float64=False)  # the chunks in the raster's type (int16: a quarter of float64)
    buffer = SampleBuffer(walk.features.labels, max_samples_per_class, seed)
    for chunk in walk.run(progress):
        buffer.add(chunk)
    chunk = None  # the buffer holds every chunk, and lets each go as it places its samples
    chosen = buffer.samples()
    counts = [int(np.sum(chosen.y == label)) for label in walk.features.labels]
    summary = walk.summary(counts, log)
    return TrainingSamples(**vars(summary), X=chosen.X, y=chosen.y, groups=chosen.groups)


def accumulate_statistics(raster_path, vector_path, class_field, layer=None, bands=None, mask_path=None,
                          all_touched=False, max_samples_per_class=0, seed=0, log=None, progress=None,
                          is_canceled=None, memory_mb=256, client=None, no_data=None, invalid="use",
                          raster_crs=None, operation=None, shown=None, by_feature=True):
    """Per-class and per-feature ClassStatistics merged window by window, never holding all samples:
    (class_stats, {feature id: ClassStatistics}, SampleSummary); `no_data`, `invalid`, `raster_crs`,
    `operation` and `shown` as in extract_samples. With `max_samples_per_class`, the statistics are those of
    the samples extract_samples would keep (held, at most that many per class). With a dask.distributed
    `client`, groups of windows are read by its workers (raster/distributed.py);
    GaussianMixture.from_statistics makes the model of the result.

    A feature's statistics are over its own class only (features_statistics puts features together over
    every class, e.g. a fold of grouped cross-validation): (1 + d + d^2) x 8 bytes each for d bands (64
    bands: 33 kB; 7,713 points: 257 MB, held on the driver of a Dask run too), whatever the feature's size;
    `by_feature=False` returns {} and holds none."""
    if client is not None:
        if max_samples_per_class:
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "a sample limit per class needs every sample in one place; leave "
                "max_samples_per_class at 0 to accumulate the statistics on a Dask cluster"))
        return distributed_statistics(client, (raster_path, vector_path, class_field, layer, bands, mask_path,
                                               all_touched, memory_mb, no_data, invalid, raster_crs,
                                               operation), log, progress, is_canceled, shown=shown,
                                      by_feature=by_feature)
    walk = SampleWalk(raster_path, vector_path, class_field, layer, bands, mask_path, all_touched, memory_mb,
                      no_data, invalid, raster_crs, operation, log=log, is_canceled=is_canceled, shown=shown)
    labels = walk.features.labels
    total, group_totals = ClassStatistics.empty(labels, len(walk.reader.band_numbers)), {}
    if max_samples_per_class:
        buffer = SampleBuffer(labels, max_samples_per_class, seed)
        for chunk in walk.run(progress):
            buffer.add(chunk)
        chosen = buffer.samples()
        if len(chosen.y):
            total, group_totals = statistics_of(chosen.X, chosen.y, chosen.groups, labels, by_feature)
    else:
        for chunk in walk.run(progress):
            parts = statistics_of(chunk.X, chunk.y, chunk.groups, labels, by_feature)
            total = merge_statistics(total, group_totals, *parts)
    return total, group_totals, walk.summary(total.counts, log)


@worker_task
def statistics_group(walk_arguments, start, stop, by_feature=True):
    """Dask task: the class and (with `by_feature`) feature statistics of windows start..stop of the
    SampleWalk of `walk_arguments`, and its counters (pixels covered per feature, contested, unusable,
    read)."""
    walk = SampleWalk(*walk_arguments)
    walk.windows = walk.windows[start:stop]
    labels = walk.features.labels
    total, group_totals = ClassStatistics.empty(labels, len(walk.reader.band_numbers)), {}
    for chunk in walk.run():
        parts = statistics_of(chunk.X, chunk.y, chunk.groups, labels, by_feature)
        total = merge_statistics(total, group_totals, *parts)
    return total, group_totals, walk.covered, walk.n_contested, walk.n_unusable, walk.n_read, walk.fill


def distributed_statistics(client, walk_arguments, log=None, progress=None, is_canceled=None,
                           windows_per_task=WINDOWS_PER_TASK, shown=None, by_feature=True):
    """accumulate_statistics by tasks of `windows_per_task` windows on the cluster of `client`, which read
    the raster and vector at their paths (which every worker must see)."""
    raster_path, vector_path, class_field, layer, bands, mask_path, *rest = walk_arguments
    arguments = (absolute_name(raster_path), absolute_name(vector_path), class_field, layer, bands,
                 absolute_name(mask_path) if mask_path else None, *rest)
    workers, threads = ready_workers(client, is_canceled)
    walk = SampleWalk(*arguments, log=log, is_canceled=is_canceled, shown=shown)
    run = uuid.uuid4().hex[:12]
    futures = [client.submit(statistics_group, arguments, start, start + windows_per_task, by_feature,
                             key=f"gmmselect-statistics-{run}-{start}", pure=False)
               for start in range(0, len(walk.windows), windows_per_task)]
    if log is not None:
        log(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Dask: statistics tasks: {tasks}, windows: {windows}; workers: {workers}, "
            "threads: {threads}"),
            tasks=len(futures), windows=len(walk.windows), workers=workers, threads=threads))
    total, group_totals = ClassStatistics.empty(walk.features.labels, len(walk.reader.band_numbers)), {}
    for done, part in enumerate(in_order(client, futures, is_canceled), 1):
        stats, groups, covered, contested, unusable, read, fill = part
        total = merge_statistics(total, group_totals, stats, groups)
        walk.covered += covered
        walk.n_contested += contested
        walk.n_unusable += unusable
        walk.n_read += read
        walk.fill.update(fill)
        if progress is not None:
            progress(100.0 * done / len(futures))
    return total, group_totals, walk.summary(total.counts, log)
