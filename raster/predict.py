"""Block-wise prediction: classification, confidence and class probabilities as GeoTIFF, in bounded memory.

The raster is read in windows aligned to its blocks and to the 256 x 256 output tiles, only the
bands the model uses. One thread reads the next window, the cores classify the current one in
parts (NumPy and GDAL release the GIL), one thread writes the previous one. Memory: the windows
in flight fit `memory_mb`, and the GDAL block cache is capped at GDAL_CACHE_MB while it runs.
Every output (rasters, side files, styles) is staged in an OutputSet and published together at the end.
"""

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from osgeo import gdal, gdal_array
from scipy.stats import chi2

from ..core.texts import QT_TRANSLATE_NOOP, Text, message
from ..core.threads import single_threaded_blas
from .bands import WAVELENGTH_TOLERANCE, match_bands, stored_conversion
from .blocks import PixelReader, bounded_gdal_cache, holds_fill, plan_windows
from .distributed import TileWriter, run_window_groups, worker_task
from .errors import DataError, check_canceled
from .files import OutputSet, check_distinct, dataset_files, gdal_writes, raster_output_files
from .info import BandIdentity, absolute_name, alpha_band, band_identities, geotransform_of, open_raster
from .notices import how_many, warning_lines
from .style import category_names, classification_qml, color_table, confidence_qml, write_style
from .style import class_colors as colors_of_classes
from .vector import MAX_CLASS_CODE

#: The GDAL metadata item of Predict's outputs that names the model file that made them.
MODEL_ITEM = "GMMSELECT_MODEL"
OUTPUT_TILE = 256
# ZLEVEL=1: a third of the default level's compression time, files within a few percent of its size.
CREATION_OPTIONS = ["TILED=YES", f"BLOCKXSIZE={OUTPUT_TILE}", f"BLOCKYSIZE={OUTPUT_TILE}", "COMPRESS=DEFLATE",
                    "ZLEVEL=1", "BIGTIFF=IF_SAFER", "NUM_THREADS=ALL_CPUS"]
CLASSIFICATION_NODATA = 0
CONFIDENCE_NODATA = -1.0
PART_PIXELS = 2**16
#: Pixels per window at most: enough windows that reading, classifying and writing overlap.
WINDOW_PIXELS = 2**21
#: A pixel lies beyond a class where its squared Mahalanobis distance to it exceeds the chi-square quantile
#: 1 - OUTLIER_LEVEL of the model's band count: a class's own (Gaussian) pixels do once in a million.
OUTLIER_LEVEL = 1e-6
#: The sample of a raster compared with the model's classes before it is classified: SAMPLE_GRID x
#: SAMPLE_GRID windows of SAMPLE_SIDE px square spread over it (a few blocks read per band).
SAMPLE_GRID, SAMPLE_SIDE = 3, 32
#: The share of the sampled pixels beyond every class above which Predict warns.
UNLIKE_SHARE = 0.5
#: A value 0 or below that every band read holds on at least FILL_SHARE of the sampled pixels, and on
#: FILL_PIXELS of them, is named as a likely fill (a scene's outside, stored without a no-data value).
FILL_SHARE, FILL_PIXELS = 0.01, 16
#: The sample suffices where it holds at least SAMPLE_MIN_PIXELS usable pixels (FILL_PIXELS / FILL_SHARE: in
#: fewer, a fill must be more than FILL_SHARE of them to reach FILL_PIXELS) in as many windows as
#: sample_windows places (each holds some on a raster valid everywhere; the pixels of fewer windows are of a
#: part of the raster, beside which its fill can lie, outside the windows). Where it does not, more_windows
#: are read until it does, every pixel is read or SAMPLE_MAX_WINDOWS windows in all are (16 times the 9); a
#: sample of fewer than SAMPLE_MIN_PIXELS usable pixels that is not the whole raster's is not compared.
SAMPLE_MIN_PIXELS = round(FILL_PIXELS / FILL_SHARE)
SAMPLE_MAX_WINDOWS = 16 * SAMPLE_GRID**2


def label_type(labels):
    """The smallest unsigned GDAL type that holds the class labels (0 stays the no-data value)."""
    top = int(np.max(labels))
    return gdal.GDT_Byte if top <= 255 else gdal.GDT_UInt16 if top <= 65535 else gdal.GDT_UInt32


class OutputRaster:
    """A tiled, DEFLATE-compressed GeoTIFF on the source's grid, written under its staged temporary name."""

    def __init__(self, path, temporary, source, n_bands, gdal_type, nodata, band_names, crs=None,
                 metadata=None):
        self.path = path
        self.dataset = gdal.GetDriverByName("GTiff").Create(
            temporary, source.RasterXSize, source.RasterYSize, n_bands, gdal_type, CREATION_OPTIONS)
        if self.dataset is None:
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "GDAL cannot create {temporary!r} for output {path!r}: {problem}; check free "
                "disk space and permissions"), temporary=temporary, path=path, problem=gdal.GetLastErrorMsg())
        geotransform = geotransform_of(source)
        if geotransform is not None:
            self.dataset.SetGeoTransform(geotransform)
        self.dataset.SetProjection(crs or source.GetProjection())
        self.dataset.SetMetadata(metadata or {})
        for number, name in enumerate(band_names, 1):
            band = self.dataset.GetRasterBand(number)
            band.SetNoDataValue(nodata)
            band.SetDescription(name)

    def write(self, window, values):
        """Write `values (bands, h, w)` at `window` (x, y, w, h)."""
        with gdal_writes(self.path):
            for number, plane in enumerate(values, 1):
                self.dataset.GetRasterBand(number).WriteArray(plane, int(window[0]), int(window[1]))

    def close(self):
        """Write everything to the file (and its side files) and close it."""
        if self.dataset is not None:
            with gdal_writes(self.path):
                self.dataset.FlushCache()
                self.dataset = None  # GDAL closes the file


class Outputs:
    """The output rasters of one prediction: classification, and optionally confidence and probabilities."""

    def __init__(self, staging, source, mixture, paths, names, colors, crs=None, metadata=None):
        self.staging, self.rasters, self.crs, self.metadata = staging, {}, crs, metadata
        self.label_type = label_type(mixture.labels_)
        self._open("classification", paths, source, 1, self.label_type, CLASSIFICATION_NODATA, ["class"])
        if self.label_type != gdal.GDT_UInt32:
            band = self.rasters["classification"].dataset.GetRasterBand(1)
            band.SetColorTable(color_table(mixture.labels_, colors))
            band.SetCategoryNames(category_names(mixture.labels_, names))
        self._open("confidence", paths, source, 1, gdal.GDT_Float32, CONFIDENCE_NODATA, ["confidence"])
        self._open("probabilities", paths, source, mixture.n_classes, gdal.GDT_Float32, CONFIDENCE_NODATA,
                   [f"p({name})" for name in names])

    def _open(self, key, paths, source, n_bands, gdal_type, nodata, band_names):
        """Create the output `key` when a path is given for it (closing the others on failure)."""
        if paths.get(key):
            try:
                self.rasters[key] = OutputRaster(paths[key], self.staging.stage_raster(paths[key]), source,
                                                 n_bands, gdal_type, nodata, band_names, self.crs,
                                                 self.metadata)
            except BaseException:
                self.close()
                raise

    def write(self, window, result):
        """Write a window's results (a dict of `(bands, h, w)` arrays keyed like the outputs)."""
        for key, raster in self.rasters.items():
            raster.write(window, result[key])

    def close(self):
        """Close every output raster; return {key: path}."""
        for raster in self.rasters.values():
            raster.close()
        return {key: raster.path for key, raster in self.rasters.items()}


class Classifier:
    """Labels, confidence and (optionally) posteriors of the usable pixels of a window, in parts."""

    def __init__(self, mixture, label_dtype, probabilities, pool, part_pixels):
        self.mixture, self.label_dtype = mixture, label_dtype
        self.probabilities, self.pool, self.part_pixels = probabilities, pool, part_pixels

    def evaluate(self, bands):
        """Labels, confidence and posteriors `(n, C)` (or None) of samples `bands (d, n)` by the core."""
        return self.mixture.classify_bands(bands, self.probabilities)

    def classify(self, bands, usable):
        """The output arrays `(bands, h, w)` of a window of `bands (d, h, w)`: no-data wherever `usable`
        is False."""
        d, h, w = bands.shape
        result = {"classification": np.full((1, h, w), CLASSIFICATION_NODATA, dtype=self.label_dtype),
                  "confidence": np.full((1, h, w), CONFIDENCE_NODATA, dtype=np.float32)}
        if self.probabilities:
            result["probabilities"] = np.full((self.mixture.n_classes, h, w), CONFIDENCE_NODATA, np.float32)
        flat, keep = bands.reshape(d, -1), usable.reshape(-1)
        starts = range(0, h * w, self.part_pixels)
        list(self.pool.map(lambda start: self._classify_part(flat, keep, result, start), starts))
        return result

    def _classify_part(self, flat, keep, result, start):
        """Classify pixels start..start + part_pixels of the window into `result` (in place)."""
        part = slice(start, start + self.part_pixels)
        chosen = keep[part]
        if not chosen.any():
            return
        if chosen.all():
            chosen = slice(None)
        labels, confidence, posteriors = self.evaluate(flat[:, part][:, chosen])
        result["classification"].reshape(-1)[part][chosen] = labels
        result["confidence"].reshape(-1)[part][chosen] = confidence
        if posteriors is not None:
            planes = result["probabilities"].reshape(len(posteriors[0]), -1)
            for c in range(planes.shape[0]):
                planes[c, part][chosen] = posteriors[:, c]


def sample_windows(width, height):
    """Windows (x, y, w, h) of SAMPLE_SIDE px square (at most the raster's sides), not overlapping, centred on
    a grid of up to SAMPLE_GRID x SAMPLE_GRID points spread evenly over a raster of `width` x `height` px."""
    axes = []
    for size in (width, height):
        side, count = min(SAMPLE_SIDE, size), min(SAMPLE_GRID, max(1, size // SAMPLE_SIDE))
        axes.append([(min(max(round((k + 0.5) * size / count) - side // 2, 0), size - side), side)
                     for k in range(count)])
    return [(x, y, w, h) for y, h in axes[1] for x, w in axes[0]]


def spread(count, points):
    """Up to `points` indices of 0..count - 1 spread evenly, the first and the last included (all of them
    where there are no more)."""
    if points >= count:
        return list(range(count))
    return sorted({round(k * (count - 1) / (points - 1)) for k in range(points)})


def more_windows(width, height):
    """Windows (x, y, w, h) of the raster's cells of SAMPLE_SIDE px square (its last column and row of cells
    narrower), in stages of finer and finer grids spread evenly over it, its edges included: stage k takes
    the cells at 2^k + 1 evenly spaced columns and rows (every one where there are no more) but those an
    earlier stage took, in an order drawn once (seeded: a stage's first cells spread over it too). A
    generator: its stages are made as they are read."""
    columns, rows = -(-width // SAMPLE_SIDE), -(-height // SAMPLE_SIDE)
    taken, k = set(), 0
    while len(taken) < columns * rows:
        stage = [(i, j) for j in spread(rows, 2**k + 1) for i in spread(columns, 2**k + 1)
                 if (i, j) not in taken]
        taken.update(stage)
        for index in np.random.default_rng(k).permutation(len(stage)):
            x, y = stage[index][0] * SAMPLE_SIDE, stage[index][1] * SAMPLE_SIDE
            yield x, y, min(SAMPLE_SIDE, width - x), min(SAMPLE_SIDE, height - y)
        k += 1


def unread(window, windows):
    """`(h, w)` True where `window` (x, y, w, h) overlaps none of `windows`."""
    x, y, w, h = window
    fresh = np.ones((h, w), dtype=bool)
    for left, top, width, height in windows:
        fresh[max(top - y, 0):max(top + height - y, 0), max(left - x, 0):max(left + width - x, 0)] = False
    return fresh


def sampled_pixels(reader):
    """(the usable pixels `(n, d)` of a sample of the raster, as stored; the windows read; whether they
    compare it): those of sample_windows, and where they do not suffice, of more_windows (not twice a pixel)
    until they do, every pixel is read or SAMPLE_MAX_WINDOWS windows are (SAMPLE_MIN_PIXELS). They are never
    more than sample_windows hold on a raster valid everywhere (9 x 32 x 32): windows are read further only
    while fewer than 9 hold pixels, or fewer than SAMPLE_MIN_PIXELS pixels are held."""
    first = sample_windows(reader.width, reader.height)
    pixels = []

    def take(window, fresh=None):
        bands, usable = reader.read_bands(window)
        if fresh is not None:
            usable &= fresh
        pixels.append(bands.reshape(len(bands), -1)[:, usable.reshape(-1)].T)

    def count():
        return sum(len(part) for part in pixels)

    for window in first:
        take(window)
    read, windows = len(first), more_windows(reader.width, reader.height)
    while count() < SAMPLE_MIN_PIXELS or sum(1 for part in pixels if len(part)) < len(first):
        window = next(windows, None)
        if window is None:  # every pixel read: the sample is the raster's
            return np.concatenate(pixels), read, True
        fresh = unread(window, first)
        if not fresh.any():
            continue
        if read == SAMPLE_MAX_WINDOWS:
            break
        take(window, fresh)
        read += 1
    return np.concatenate(pixels), read, count() >= SAMPLE_MIN_PIXELS


def not_compared(pixels, windows, path):
    """The log line of a sample too small to compare the raster's values with the model's classes."""
    return Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "The values of raster {path!r} were not compared with the model's classes (values "
        "unlike every class, a fill stored without no-data): the {windows} windows of {side} x {side} px "
        "sampled across it hold {count} usable pixels, fewer than the {minimum} the comparison needs (most "
        "of the raster is no-data or masked)"),
        path=path, windows=windows, side=SAMPLE_SIDE, count=len(pixels), minimum=SAMPLE_MIN_PIXELS)


def unlike_every_class(pixels, mixture, path):
    """The warning, where most of the sampled `pixels` lie beyond every class of `mixture` (in the raster's
    units): the raster's values are likely not those the model was trained on."""
    distances = mixture.nearest_distance(pixels)
    limit = chi2.ppf(1 - OUTLIER_LEVEL, mixture.n_features)
    share = np.mean(distances > limit) if len(distances) else 0.0
    if share <= UNLIKE_SHARE:
        return []
    return warning_lines([Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "{share:.0%} of the {count} pixels sampled across raster {path!r} lie beyond every "
        "class of the model (their squared Mahalanobis distance to the nearest class exceeds {limit:.1f}, "
        "which a class's own pixels exceed once in a million): are its values in the units of the image the "
        "model was trained on (scale and offset, reflectance or digital numbers, the same processing)? If "
        "they are, most of this image is unlike the training data"),
        share=share, count=len(distances), path=path, limit=limit)])


def fill_value(pixels, path):
    """The warning naming a fill value (blocks.holds_fill) that a share of the sampled `pixels` hold (at
    least FILL_SHARE, and FILL_PIXELS of them) where no no-data value says so: those pixels are classified."""
    values, counts = np.unique(pixels[holds_fill(pixels), 0], return_counts=True)
    if not len(counts) or counts.max() < max(FILL_PIXELS, FILL_SHARE * len(pixels)):
        return []
    value = f"{float(values[np.argmax(counts)]):.10g}"
    return warning_lines([Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "{share:.0%} of the {count} pixels sampled across raster {path!r} hold {value} on every "
        "band read, as the fill around a scene does, and are classified like the image's own pixels; where "
        "{value} marks no data, set it as the raster's no-data (Layer Properties > Transparency > Additional "
        "no data value, or gdal_translate -a_nodata {value}) and they stay unclassified"),
        share=counts.max() / len(pixels), count=len(pixels), path=path, value=value)])


def nothing_classified(raster_path, mask_path):
    """The warning that no pixel of the raster was classified (each no-data, NaN or masked): an empty map."""
    given = repr(mask_path) if mask_path else Text(QT_TRANSLATE_NOOP("GmmSelect", "none"))
    return warning_lines([Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "no pixel of raster {path!r} was classified: each is no-data, NaN or masked (its own "
        "mask, or the mask given: {mask}), and the map holds no class; check the no-data values of the "
        "raster and of the mask (Layer Properties > Transparency) and the mask's values (0 masks a pixel)"),
        path=raster_path, mask=given)])[0]


def check_model(mixture, reader, band_numbers):
    """DataError unless the model uses as many bands as are read and its labels are >= 1."""
    if mixture.n_features != len(reader.band_numbers):
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the model uses {model_bands} bands but {count} bands of raster {path!r} ({bands} "
            "bands) were given{all_bands}: pass the band numbers the model was trained on, in order, or the "
            "raster it was trained on"), model_bands=mixture.n_features, count=len(reader.band_numbers),
            path=reader.path, bands=reader.dataset.RasterCount,
            all_bands="" if band_numbers else Text(QT_TRANSLATE_NOOP("GmmSelect", " (all of them)")))
    if np.min(mixture.labels_) < 1 or np.max(mixture.labels_) > MAX_CLASS_CODE:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the model has class codes {codes}; codes must be >= 1 because 0 is the "
            "classification's no-data value, and at most {maximum}, the largest a classification raster "
            "holds: retrain with codes in that range"),
            codes=mixture.labels_.tolist(), maximum=MAX_CLASS_CODE)


def window_pixels(memory_mb, reader, n_classes, label_size, probabilities, workers, part_pixels):
    """Pixels per window such that the windows in flight (read ahead, classified, written), the reader's
    staging buffer and the classification parts fit `memory_mb`, and at most WINDOW_PIXELS."""
    d = len(reader.band_numbers)
    part_bytes = workers * part_pixels * 8 * (3 * d + 4 * n_classes)
    pixel_bytes = (2 * (d * reader.dtype.itemsize + 1) + reader.staged * reader.dtype.itemsize
                   + 2 * (label_size + 4 + 4 * n_classes * probabilities))
    return max(1, min(WINDOW_PIXELS, (int(memory_mb * 2**20) - part_bytes) // pixel_bytes))


def predict_raster(raster_path, mixture, band_numbers, output_path, confidence_path=None,
                   probabilities_path=None, mask_path=None, class_names=None, class_colors=None,
                   memory_mb=256, progress=None, is_canceled=None, log=None, workers=None,
                   n_raster_bands=None, model_bands=None, band_map=None,
                   wavelength_tolerance=WAVELENGTH_TOLERANCE, outputs=None, client=None, no_data=None,
                   mask_no_data=None, crs=None, provenance=None):
    """Classify a raster with a GaussianMixture over bands `band_numbers` (1-based, in the model's order)
    and write GeoTIFFs: the classification (smallest unsigned type, no-data 0, colour table, category
    names, QML), the confidence (float32 in [0, 1], no-data -1, QML) and optionally one posterior band
    per class (no-data -1). Returns {'classification': path, 'confidence': path, 'probabilities': path}
    for the outputs written.

    The raster is opened once and its bands matched to the model's (raster/bands.py): `model_bands`
    is the model's BandIdentity of each of `band_numbers` (None: numbers only), `n_raster_bands` the
    band count of its raster (None: any), `band_map` {model band name or number: raster band number}
    a map given by hand. With a dask.distributed `client`, window groups are classified by its
    workers (raster/distributed.py), with byte-identical outputs. The files are staged in the
    OutputSet `outputs`, which the caller then commits (with its other files) or discards; without
    one, they are published when complete. `no_data` {raster band number: BandNoData}: where a band's
    no-data is not (only) its file's; `mask_no_data` the mask's BandNoData where it is not its file's; `crs`
    the raster's CRS (WKT) where it is not its file's, the outputs'. Every output says what made it in its
    GDAL metadata (Layer Properties > Information in QGIS): the raster, the bands read and the mask
    (GMMSELECT_RASTER, GMMSELECT_BANDS, GMMSELECT_MASK), and the items of `provenance` {name: text}.
    """
    workers = workers or os.cpu_count() or 1
    reader, conversion, lines = matched_reader(raster_path, band_numbers, mask_path, n_raster_bands,
                                               model_bands, band_map, wavelength_tolerance, workers, no_data,
                                               mask_no_data)
    check_model(mixture, reader, band_numbers)
    if conversion is not None:
        mixture = mixture.in_units(*conversion)
    paths = {key: os.path.abspath(path) for key, path in
             (("classification", output_path), ("confidence", confidence_path),
              ("probabilities", probabilities_path)) if path}
    inputs = {Text(QT_TRANSLATE_NOOP("GmmSelect", "the raster")): dataset_files(raster_path),
              Text(QT_TRANSLATE_NOOP("GmmSelect", "the mask")): dataset_files(mask_path) if mask_path else []}
    check_distinct({key: raster_output_files(path) for key, path in paths.items()}, inputs)
    if log is not None:
        pixels, windows, compared = sampled_pixels(reader)
        lines += (fill_value(pixels, raster_path) + unlike_every_class(pixels, mixture, raster_path)
                  if compared else [not_compared(pixels, windows, raster_path)])
        for line in lines:
            log(line)
    names = [str(name) for name in (class_names or mixture.class_names_)]
    if len(names) != mixture.n_classes:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{count} class names for the {classes} classes of the model; give one name per "
            "class, in the order of the model's labels"), count=len(names), classes=mixture.n_classes)
    colors = class_colors_checked(mixture.labels_, class_colors)
    label_dtype, part_pixels, windows = prediction_plan(reader, mixture, memory_mb, workers,
                                                        "probabilities" in paths)
    if log is not None:
        log(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Classifying {width} x {height} px of {path!r}, bands {bands}, in {windows} with "
            "{threads}"), width=reader.width, height=reader.height, path=raster_path,
            bands=reader.band_numbers, windows=how_many(len(windows), "window"),
            threads=how_many(workers, "thread")))
    staging = outputs if outputs is not None else OutputSet()
    try:
        made_of = {"GMMSELECT_RASTER": raster_path, "GMMSELECT_MASK": mask_path,
                   "GMMSELECT_BANDS": ",".join(map(str, reader.band_numbers)), **(provenance or {})}
        rasters = Outputs(staging, reader.dataset, mixture, paths, names, colors, crs,
                          {name: str(text) for name, text in made_of.items() if text})
        try:
            if client is not None:
                task = (absolute_name(raster_path), mask_path and absolute_name(mask_path),
                        reader.band_numbers, no_data, mask_no_data, mixture, label_dtype,
                        "probabilities" in paths, part_pixels)
                with bounded_gdal_cache():  # the driver copies the tiles through GDAL's cache
                    classified = run_window_groups(client, classify_group, task, reader.width, windows,
                                                   rasters, staging, paths["classification"], progress,
                                                   is_canceled, log)
            else:
                with bounded_gdal_cache(), single_threaded_blas(), \
                        ThreadPoolExecutor(workers) as pool:
                    classifier = Classifier(mixture, label_dtype, "probabilities" in paths, pool, part_pixels)
                    classified = run_windows(reader, classifier, rasters, windows, progress, is_canceled)
            if not classified and log is not None:
                log(nothing_classified(raster_path, mask_path))
        finally:
            written = rasters.close()
        write_style(staging, written["classification"], classification_qml(mixture.labels_, names, colors))
        if "confidence" in written:
            write_style(staging, written["confidence"], confidence_qml())
        if outputs is None:
            staging.commit()
    except BaseException:
        if outputs is None:
            staging.discard()
        raise
    return written


def matched_reader(raster_path, band_numbers, mask_path, n_raster_bands, model_bands, band_map,
                   wavelength_tolerance, threads=1, no_data=None, mask_no_data=None):
    """The PixelReader of the raster (opened once) over its bands matched to the model's
    (raster/bands.py), reading with `threads` threads, the bands' `no_data` and the mask's `mask_no_data`;
    the conversion of its stored values to the model's (gains, offsets) or None; the log lines of the
    matching, of the conversion and the warnings on the raster's own masks."""
    dataset = open_raster(raster_path)
    model = None if band_numbers is None else model_bands or [BandIdentity(number) for number in band_numbers]
    identities = band_identities(dataset)
    raster_numbers, lines = (None, []) if model is None else match_bands(
        raster_path, model, identities, n_raster_bands, band_map, wavelength_tolerance, alpha_band(dataset))
    reader = PixelReader(raster_path, raster_numbers, mask_path, dataset, threads, no_data,  # checks numbers
                         mask_no_data)
    conversion, converted = (None, []) if model is None else stored_conversion(
        raster_path, model, [identities[number - 1] for number in reader.band_numbers])
    return reader, conversion, lines + converted + warning_lines(reader.notices())


def prediction_plan(reader, mixture, memory_mb, workers, probabilities):
    """(label dtype, pixels per classification part, windows) of a run within `memory_mb` on `workers`
    threads: windows aligned to the input blocks and output tiles."""
    part_pixels = max(1024, min(PART_PIXELS, int(memory_mb * 2**20) // 8 // workers
                                // (8 * (3 * mixture.n_features + 4 * mixture.n_classes))))
    label_dtype = np.dtype(gdal_array.GDALTypeCodeToNumericTypeCode(label_type(mixture.labels_)))
    windows = plan_windows(reader.width, reader.height, reader.block_size,
                           window_pixels(memory_mb, reader, mixture.n_classes, label_dtype.itemsize,
                                         probabilities, workers, part_pixels),
                           unit=(OUTPUT_TILE, OUTPUT_TILE))
    return label_dtype, part_pixels, windows


def class_colors_checked(labels, colors):
    """The class colours with a DataError (not a ValueError) for colours that do not fit the classes."""
    try:
        return colors_of_classes(labels, colors)
    except ValueError as error:
        raise DataError(QT_TRANSLATE_NOOP("GmmSelect", "class colours: {problem}"),
                        problem=message(error)) from error


@worker_task
def classify_group(raster_path, mask_path, band_numbers, no_data, mask_no_data, mixture, label_dtype,
                   probabilities, part_pixels, group, tiles):
    """Dask task: classify the windows of `group` into its tiles (TileWriter arguments `tiles`); return
    ({output key: tile path}, the count of pixels classified)."""
    reader = PixelReader(raster_path, band_numbers, mask_path, no_data=no_data, mask_no_data=mask_no_data)
    writer = TileWriter(*tiles, reader.dataset, CREATION_OPTIONS)
    with bounded_gdal_cache(), single_threaded_blas(), ThreadPoolExecutor(1) as pool:
        classified = run_windows(reader, Classifier(mixture, label_dtype, probabilities, pool, part_pixels),
                                 writer, group, None, None)
    return writer.close(), classified


def run_windows(reader, classifier, outputs, windows, progress, is_canceled):
    """Read window k+1 and write window k-1 while classifying window k; the reads alternate between two
    buffers (no allocation per window). Returns the count of pixels classified."""
    total = sum(w * h for _, _, w, h in windows)
    size = len(reader.band_numbers) * max(w * h for _, _, w, h in windows)
    buffers = [np.empty(size, dtype=reader.dtype) for _ in windows[:2]]
    done = classified = 0
    with ThreadPoolExecutor(1) as reading, ThreadPoolExecutor(1) as writing:
        next_block = reading.submit(reader.read_bands, windows[0], buffers[0])
        written = None
        for k, window in enumerate(windows):
            check_canceled(is_canceled)
            bands, usable = next_block.result()
            if k + 1 < len(windows):
                next_block = reading.submit(reader.read_bands, windows[k + 1], buffers[(k + 1) % 2])
            result = classifier.classify(bands, usable)
            classified += int(np.count_nonzero(usable))
            if written is not None:
                written.result()
            written = writing.submit(outputs.write, window, result)
            done += window[2] * window[3]
            if progress is not None:
                progress(100.0 * done / total)
        written.result()
    return classified
