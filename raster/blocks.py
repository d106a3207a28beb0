"""Block-wise reading: windows aligned to the raster's tiling, and the usable-pixel mask of each window.

A pixel is usable when no band read carries its band's no-data value (or a value in the band's
BandNoData ranges, QGIS's no-data set on a layer), no value is NaN or infinite, GDAL's own mask (.msk)
keeps it, the raster's alpha band (info.alpha_band) is not 0 there (QGIS draws alpha 0 transparent, any
other value opaque or partly so; GDAL's masks are 0 where invalid, valid elsewhere), and the optional
mask raster is > 0 there (and not the mask's no-data). The alpha band is no band of data: all the bands
(None) are the others.
"""

import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Tuple

import numpy as np
from osgeo import gdal, gdal_array

from ..core.texts import QT_TRANSLATE_NOOP
from ..core.threads import HeldSetting
from .errors import DataError
from .info import alpha_band, crs_name, geotransform_of, open_raster, spatial_reference
from .notices import warning

#: Mask flags of a band that GDAL masks by no band of its own (every pixel valid, or its no-data value).
NO_MASK_BAND = gdal.GMF_ALL_VALID | gdal.GMF_NODATA
#: GDAL's block cache while a raster is walked window by window (its default is 5% of the RAM).
GDAL_CACHE_MB = 64
#: How near a value must be to a range's included bound to be on it, as QGIS tests it (qgsDoubleNear's
#: default: 4 double epsilons, absolute).
ON_BOUND = 4 * np.finfo(np.float64).eps


def holds_fill(pixels):
    """Which `pixels (n, d)` hold one value of 0 or below on every band, as a scene's fill stored without a
    no-data value does, `(n,)` bool; none of a single band (a value alone tells nothing there)."""
    if pixels.shape[1] < 2:
        return np.zeros(len(pixels), dtype=bool)
    return (pixels.min(axis=1) == pixels.max(axis=1)) & (pixels[:, 0] <= 0)


@dataclass(frozen=True)
class BandNoData:
    """A band's no-data as its reader takes it: the file's no-data value or not (`file_value`), and ranges of
    values that are no-data too, each (low, high, low included, high included; an infinite bound is none),
    of the band's values as QGIS shows them (shown_values)."""

    file_value: bool = True
    ranges: Tuple[Tuple[float, float, bool, bool], ...] = ()

    def record(self):
        """As a model records it (JSON): {'file_value': bool, 'ranges': [[low, high, low included, high
        included]]}, an infinite bound null."""
        return {"file_value": self.file_value,
                "ranges": [[None if math.isinf(low) else low, None if math.isinf(high) else high, *included]
                           for low, high, *included in self.ranges]}

    def set_in_qgis(self):
        """The values QGIS takes as no-data beyond the file's, as comparisons of the value x ('x = 4, 0 ≤ x
        < 10'), or '' where it adds none."""
        return ", ".join(range_text(*bounds) for bounds in self.record()["ranges"])

    def keep_data(self, usable, stored, band):
        """Clear the usable-pixel mask `usable` where the `stored` values of GDAL `band` are no-data by this
        rule: its file's no-data value (where used), or in one of the ranges."""
        nodata = band.GetNoDataValue() if self.file_value else None
        if nodata is not None:
            usable &= stored != nodata
        if self.ranges:
            usable &= self.outside(stored, band)

    def outside(self, stored, band):
        """True where the values QGIS shows of the `stored` ones of GDAL `band` lie in none of the ranges,
        an included bound holding the values within ON_BOUND of it (QgsRasterRange.contains)."""
        values = shown_values(stored, band)
        kept = np.ones(values.shape, dtype=bool)
        for low, high, low_in, high_in in self.ranges:
            kept &= ~(beyond(values, low, low_in, np.greater) & beyond(values, high, high_in, np.less))
        return kept


def range_text(low, high, low_included, high_included):
    """A no-data range as comparisons of the value x: '0 ≤ x < 10', 'x ≥ 250' (None: no bound); every value
    '−∞ < x < +∞'."""
    if low is None and high is None:
        return "−∞ < x < +∞"
    if low is not None and low == high and low_included and high_included:
        return f"x = {low:.10g}"
    left = "" if low is None else f"{low:.10g} {'≤' if low_included else '<'} "
    right = "" if high is None else f" {'≤' if high_included else '<'} {high:.10g}"
    return f"{left}x{right}"


def shown_values(stored, band):
    """The values QGIS shows of the `stored` ones of GDAL `band`: stored x scale + offset, held in float32
    unless the band is stored in float64 (QgsGdalProvider), where it has a scale or an offset."""
    scale, offset = band.GetScale() or 1.0, band.GetOffset() or 0.0
    if (scale, offset) == (1.0, 0.0):
        return stored
    values = stored.astype(np.float64) * scale + offset
    return values if band.DataType == gdal.GDT_Float64 else values.astype(np.float32).astype(np.float64)


def beyond(values, bound, included, side):
    """True where `values` lie on `side` (np.greater, np.less) of `bound`, or on it if `included`; every
    value where the bound is infinite (none)."""
    if math.isinf(bound):
        return np.ones(values.shape, dtype=bool)
    return side(values, bound) | (included & (np.abs(values - bound) <= ON_BOUND))


#: Cap GDAL's block cache at GDAL_CACHE_MB (where it is larger) for the enclosed block
#: (`with bounded_gdal_cache():`), until the last run holding the cap ends.
bounded_gdal_cache = HeldSetting(gdal.GetCacheMax, gdal.SetCacheMax,
                                 lambda found: min(found, GDAL_CACHE_MB * 2**20))


@contextmanager
def thread_options(options):
    """GDAL configuration `options` {name: value} for this thread only, for the duration of the block."""
    previous = {name: gdal.GetThreadLocalConfigOption(name, None) for name in options}
    for name, value in options.items():
        gdal.SetThreadLocalConfigOption(name, value)
    try:
        yield
    finally:
        for name, value in previous.items():
            gdal.SetThreadLocalConfigOption(name, value)


#: The first GDAL (3.7.1) whose GeoTIFF reader decodes a band-interleaved file (PlanarConfiguration =
#: Separate) on several threads safely: 3.6.0 to 3.7.0 corrupt the heap when a read takes some of its bands
#: (OSGeo/gdal#7963; Debian 12 ships 3.6.2, where Predict crashed).
THREADED_BAND_INTERLEAVED = 3070100


def reading_options(dataset, threads):
    """The GDAL options under which windows of a GeoTIFF `dataset` read fastest (dev/bench/HISTORY.md: the
    reader under GDAL's options): a compressed one decoded on `threads` threads (GDAL_NUM_THREADS; a
    band-interleaved one only from GDAL THREADED_BAND_INTERLEAVED on), an uncompressed tiled or
    band-interleaved one read around the block cache (GTIFF_DIRECT_IO; on pixel-interleaved strips direct
    reading is several times slower); other formats as they are."""
    if dataset.GetDriver().ShortName != "GTiff":
        return {}
    structure = dataset.GetMetadata("IMAGE_STRUCTURE") or {}
    if structure.get("COMPRESSION", "NONE") != "NONE":
        safe = structure.get("INTERLEAVE") != "BAND" or int(gdal.VersionInfo()) >= THREADED_BAND_INTERLEAVED
        return {"GDAL_NUM_THREADS": str(threads)} if threads > 1 and safe else {}
    width, height = dataset.GetRasterBand(1).GetBlockSize()
    tiled = width < dataset.RasterXSize and height > 1
    return {"GTIFF_DIRECT_IO": "YES"} if tiled or structure.get("INTERLEAVE") == "BAND" else {}


def whole_pixel_bands(dataset, band_numbers, threads):
    """The bands of `dataset` to read per pixel before taking `band_numbers` out of them: all of them where
    it is a pixel-interleaved GeoTIFF read by direct I/O (`reading_options`) and `band_numbers` are 3 or
    more but not its first bands in order (GDAL then reads the file's pixels once per band; one read of
    every band and a copy of the bands asked for cost less: README, reading under GDAL's fastest options);
    else 0."""
    structure = dataset.GetMetadata("IMAGE_STRUCTURE") or {}
    first = band_numbers == list(range(1, len(band_numbers) + 1))
    if ("GTIFF_DIRECT_IO" in reading_options(dataset, threads) and structure.get("INTERLEAVE") == "PIXEL"
            and len(band_numbers) >= 3 and not first):
        return dataset.RasterCount
    return 0


def opened_for_reading(path, threads, dataset=None):
    """The raster at `path` (its open `dataset`, if given) opened again under its `reading_options` for
    `threads` threads where it has some: GDAL takes them when it opens the file."""
    dataset = dataset or open_raster(path)
    options = reading_options(dataset, threads)
    if not options:
        return dataset
    with thread_options(options):
        return open_raster(path)


def check_band_numbers(path, n_bands, band_numbers, alpha=None):
    """1-based band numbers as a list (None = all bands but the `alpha` band), or DataError if one is not in
    the raster."""
    if band_numbers is None:
        return [number for number in range(1, n_bands + 1) if number != alpha]
    numbers = [int(number) for number in band_numbers]
    wrong = [number for number in numbers if not 1 <= number <= n_bands]
    if not numbers or wrong:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "raster {path!r} has bands 1..{count} but bands {bands} were asked for; choose band "
            "numbers in that range (or the raster the model was trained on)"),
            path=path, count=n_bands, bands=wrong or numbers)
    if len(set(numbers)) != len(numbers):
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "band numbers {bands} for raster {path!r} repeat a band; list each band once"),
            bands=numbers, path=path)
    return numbers


def buffer_type(dataset, band_numbers):
    """The GDAL type that holds every band read: the bands' own type when they share it, else Float64."""
    types = {dataset.GetRasterBand(number).DataType for number in band_numbers}
    if any(gdal.DataTypeIsComplex(code) for code in types):
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "raster {path!r} has complex-valued bands; convert them to real values (amplitude, "
            "intensity) first"), path=dataset.GetDescription())
    return types.pop() if len(types) == 1 else gdal.GDT_Float64


def aligned_step(block, unit, size):
    """Window step along one axis: a multiple of both the raster `block` and `unit`, up to 16 units."""
    if block >= size:
        return min(unit, size)
    step = block * unit // math.gcd(block, unit)
    return step if step <= 16 * unit else unit


def plan_windows(width, height, block_size, max_pixels, unit=(1, 1)):
    """Windows (x, y, w, h) covering the raster row by row, aligned to `block_size` and `unit`, of at
    most `max_pixels` pixels each (but never smaller than one aligned step)."""
    step_x = aligned_step(block_size[0], unit[0], width)
    step_y = aligned_step(block_size[1], unit[1], height)
    if width * step_y <= max_pixels:
        cols = width
        rows = max(step_y, max_pixels // width // step_y * step_y)
    else:
        rows = step_y
        cols = min(width, max(step_x, max_pixels // step_y // step_x * step_x))
    return [(x, y, min(cols, width - x), min(rows, height - y))
            for y in range(0, height, rows) for x in range(0, width, cols)]


class PixelReader:
    """Reads windows of some bands of a raster pixel-interleaved, with their usable-pixel mask."""

    def __init__(self, path, band_numbers=None, mask_path=None, dataset=None, threads=1, no_data=None,
                 mask_no_data=None):
        """Bands `band_numbers` (None: all) of the raster at `path` (or its open GDAL `dataset`), read
        under its `reading_options` for `threads` threads; `no_data` {band number: BandNoData} where a band's
        no-data is not (only) its file's, `mask_no_data` the BandNoData of the mask raster's band where its
        no-data is not (only) its file's."""
        self.path = path
        self.dataset = opened_for_reading(path, threads, dataset)
        self.width, self.height = self.dataset.RasterXSize, self.dataset.RasterYSize
        self.alpha = alpha_band(self.dataset)
        self.band_numbers = check_band_numbers(path, self.dataset.RasterCount, band_numbers, self.alpha)
        self.bands = [self.dataset.GetRasterBand(number) for number in self.band_numbers]
        self.type = buffer_type(self.dataset, self.band_numbers)
        self.dtype = np.dtype(gdal_array.GDALTypeCodeToNumericTypeCode(self.type))
        self.rules = [(no_data or {}).get(number, BandNoData()) for number in self.band_numbers]
        self.staged = whole_pixel_bands(self.dataset, self.band_numbers, threads)
        self._staging = np.empty(0, dtype=self.dtype)
        self.own_masks = self._own_masks()
        self.mask = self._mask_band(mask_path) if mask_path else None
        self.mask_rule = mask_no_data or BandNoData()

    @property
    def block_size(self):
        """The (x, y) block size of the first band read."""
        return tuple(self.bands[0].GetBlockSize())

    def _own_masks(self):
        """The raster's own masks of the bands read: its alpha band (whatever its band count: GDAL masks 2 or
        4 bands only by it, a band that has a no-data value not at all), and GDAL's mask bands (.msk) of the
        bands read, one per dataset-wide mask."""
        masks, per_dataset = [], False
        for band in self.bands:
            flags = band.GetMaskFlags()
            if flags & (NO_MASK_BAND | gdal.GMF_ALPHA) or (per_dataset and flags & gdal.GMF_PER_DATASET):
                continue
            per_dataset = per_dataset or bool(flags & gdal.GMF_PER_DATASET)
            masks.append(band.GetMaskBand())
        return masks if self.alpha is None else [self.dataset.GetRasterBand(self.alpha), *masks]

    def notices(self):
        """Warnings on how the raster's own masks shape the usable pixels: its alpha band masks the bands
        read, and is not read as data unless asked for (a band of data that a 4-band Byte GeoTIFF calls alpha
        by default)."""
        if self.alpha is None:
            return []
        key = "warning alpha band" if self.alpha in self.band_numbers else "warning alpha mask"
        return [warning(key, band=self.alpha, raster=repr(self.path))]

    def _mask_band(self, mask_path):
        """Band 1 of the mask raster, which must have the raster's size, grid and CRS (where both have
        one)."""
        mask = open_raster(mask_path)
        if (mask.RasterXSize, mask.RasterYSize) != (self.width, self.height):
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "mask {mask!r} is {mask_width} x {mask_height} px but raster {raster!r} is "
                "{width} x {height} px; resample the mask onto the raster's grid (e.g. gdalwarp -te/-tr or "
                "Align rasters)"), mask=mask_path, mask_width=mask.RasterXSize, mask_height=mask.RasterYSize,
                raster=self.path, width=self.width, height=self.height)
        own, other = geotransform_of(self.dataset), geotransform_of(mask)
        if own and other and not np.allclose(own, other, rtol=0, atol=1e-3 * abs(own[1])):
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "mask {mask!r} has the size of raster {raster!r} but another grid (geotransform "
                "{mask_grid} vs {raster_grid}); resample the mask onto the raster's grid"),
                mask=mask_path, raster=self.path, mask_grid=other, raster_grid=own)
        own, other = spatial_reference(self.dataset.GetProjection()), spatial_reference(mask.GetProjection())
        if own and other and not own.IsSame(other):
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "mask {mask!r} has the grid of raster {raster!r} but another CRS ({mask_crs} vs "
                "{raster_crs}); reproject the mask onto the raster's grid (gdalwarp -t_srs -te -tr, or Align "
                "rasters)"), mask=mask_path, raster=self.path, mask_crs=crs_name(other),
                raster_crs=crs_name(own))
        self._mask_dataset = mask
        return mask.GetRasterBand(1)

    def read(self, window):
        """Pixels `(h, w, d)` of `window` (x, y, w, h) and the usable-pixel mask `(h, w)`."""
        bands, usable = self.read_bands(window)
        return np.moveaxis(bands, 0, -1), usable

    def read_bands(self, window, buffer=None):
        """Bands `(d, h, w)` of `window` (x, y, w, h), read into the start of the flat array `buffer` of
        the reader's dtype when one is given, and the usable-pixel mask `(h, w)`."""
        x, y, w, h = window
        d = len(self.band_numbers)
        bands = np.empty((d, h, w), self.dtype) if buffer is None else buffer[:d * h * w].reshape(d, h, w)
        if self.staged:
            self._read_staged(window, bands)
        else:
            self._check(self.dataset.ReadAsArray(x, y, w, h, buf_obj=bands, buf_type=self.type,
                                                 band_list=self.band_numbers), window)
        return bands, self.usable(bands, window)

    def _read_staged(self, window, bands):
        """Every band of `window` read pixel-interleaved into the reader's staging buffer, then the bands
        asked for copied out of it into `bands (d, h, w)` (`whole_pixel_bands`)."""
        x, y, w, h = window
        size = self.staged * w * h
        if self._staging.size < size:
            self._staging = np.empty(size, dtype=self.dtype)
        pixels = self._staging[:size].reshape(h, w, self.staged)
        self._check(self.dataset.ReadAsArray(x, y, w, h, buf_obj=pixels, buf_type=self.type,
                                             interleave="pixel"), window)
        for band, number in zip(bands, self.band_numbers):
            np.copyto(band, pixels[:, :, number - 1])

    def _check(self, read, window):
        """DataError where GDAL could not read `window` (its read returned None)."""
        if read is None:
            x, y, w, h = window
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "GDAL could not read window x={x} y={y} {width} x {height} of raster {path!r}: "
                "{reason}; check that the file is complete and readable"),
                x=x, y=y, width=w, height=h, path=self.path, reason=gdal.GetLastErrorMsg())

    def usable(self, bands, window):
        """The usable-pixel mask `(h, w)` of `bands (d, h, w)` read at `window`."""
        usable = np.ones(bands.shape[1:], dtype=bool)
        for values, rule, band in zip(bands, self.rules, self.bands):
            rule.keep_data(usable, values, band)
        if bands.dtype.kind == "f":
            usable &= np.isfinite(bands).all(axis=0)
        for mask in self.own_masks:
            usable &= mask.ReadAsArray(*window) > 0
        if self.mask is not None:
            values = self.mask.ReadAsArray(*window)
            usable &= values > 0
            self.mask_rule.keep_data(usable, values, self.mask)
        return usable
