"""Accuracy and area of a classification map, and the stratified random sample to assess it.

- Map areas: the pixels of each class (and of each stratum) are counted window by window, so any
  raster fits in bounded memory. Class values are integers >= 1; 0, negative values and the band's
  no-data (its file's, or as given: a layer's in QGIS) are "no class". Areas are in the square of the
  CRS's linear unit.
- Reference: the map (and strata) values under reference points, or under the pixel centres inside
  reference polygons, with the reference class of each (integer codes equal to the map's values, or
  names equal to its category names, as Predict writes them).
- Estimates: core.accuracy's stratified estimators; the strata are the map classes unless a strata
  raster on the map's grid is given, or the sample design's points record the strata they were drawn in
  and the map was edited since (then Stehman 2014's estimators).
- Sample design: Olofsson 2014 eq. 13's total size, allocated over the map classes, drawn as distinct
  random pixel centres of each class and written as a point layer.
"""

import os
import re
import uuid
from collections import Counter
from contextlib import nullcontext
from dataclasses import dataclass, field, replace
from typing import List, NamedTuple, Optional
from xml.sax.saxutils import escape

import numpy as np
from osgeo import gdal, ogr, osr

from ..core.accuracy import AccuracyEstimates, allocate, estimate, half_width, overall_by_units, sample_size
from ..core.modelfile import load_model
from ..core.texts import QT_TRANSLATE_NOOP, InputError, Text, joined, short_list
from .blocks import NO_MASK_BAND, BandNoData, bounded_gdal_cache, plan_windows
from .errors import DataError, check_canceled
from .files import OutputSet, check_distinct, dataset_files, gdal_writes
from .info import alpha_band, crs_name, geotransform_of, open_raster, spatial_reference, split_open_options
from .notices import warning, warning_lines
from .predict import MODEL_ITEM
from .samples import SampleWalk
from .vector import INTEGER_FIELDS, class_field_index, feature_id, open_layer, shown_names, spelling_key

POINT_DRIVERS = {".gpkg": "GPKG", ".geojson": "GeoJSON"}
#: The field of a sample design's points that holds the stratum each was drawn in.
STRATUM_FIELD = "stratum"
#: The field of a sample design's points that holds the classified pixels of that stratum when drawn, N_h.
STRATUM_PIXELS_FIELD = "stratum_pixels"


# -- the map ------------------------------------------------------------------------------------

def alpha_of(dataset):
    """The alpha band of `dataset` (info.alpha_band), a GDAL band, or None (also for no dataset)."""
    number = alpha_band(dataset) if dataset is not None else None
    return None if number is None else dataset.GetRasterBand(number)


class ClassMap:
    """A classification raster (band 1) and an optional strata raster on its grid, read by window, each with
    its BandNoData where its no-data is not (only) its file's (as QGIS shows a layer's), in the map's CRS
    (`crs`, a WKT, where it is not its file's)."""

    def __init__(self, path, strata_path=None, map_no_data=None, strata_no_data=None, crs=None):
        self.path, self.strata_path = path, strata_path
        self.no_data = {1: map_no_data or BandNoData(), 2: strata_no_data or BandNoData()}
        self.dataset = open_raster(path)
        self.crs = crs or self.dataset.GetProjection()  # WKT, '' for none
        self.band = self.integer_band(self.dataset, path)
        self.width, self.height = self.dataset.RasterXSize, self.dataset.RasterYSize
        self.band.GetDescription()  # GDAL 3.6 reads the .aux.xml lazily; GetCategoryNames alone does not
        self.category_names = list(self.band.GetCategoryNames() or [])
        self.strata_dataset = None
        if strata_path:
            self.strata_dataset = open_raster(strata_path)
            self.strata_band = self.integer_band(self.strata_dataset, strata_path)
            self.check_grid(strata_path, self.strata_dataset)
        self.alphas = {1: alpha_of(self.dataset), 2: alpha_of(self.strata_dataset)}
        self.warnings = [warning("warning map bands", path=repr(name), count=dataset.RasterCount)
                         for name, dataset, alpha in ((path, self.dataset, self.alphas[1]),
                                                      (strata_path, self.strata_dataset, self.alphas[2]))
                         if dataset is not None and dataset.RasterCount - (alpha is not None) > 1]

    def unclassified(self):
        """In a few words, the map's values of no class: 0 and no-data, naming the no-data set in QGIS."""
        set_in_qgis = self.no_data[1].set_in_qgis()
        if set_in_qgis:
            return Text(QT_TRANSLATE_NOOP("GmmSelect", "0, no-data or the no-data set in QGIS: {values}"),
                        values=set_in_qgis)
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "0 or no-data"))

    @staticmethod
    def integer_band(dataset, path):
        """Band 1 of `dataset`, which must hold integer values."""
        band = dataset.GetRasterBand(1)
        if band.DataType in (gdal.GDT_Float32, gdal.GDT_Float64) or gdal.DataTypeIsComplex(band.DataType):
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "raster {path!r} holds {kind} values; a classification (or strata raster) holds "
                "integer codes: give the output of Predict or convert it (e.g. gdal_translate -ot UInt16)"),
                path=path, kind=gdal.GetDataTypeName(band.DataType))
        return band

    def check_grid(self, path, other):
        """DataError unless raster `other` has the map's size and geotransform."""
        own, theirs = geotransform_of(self.dataset), geotransform_of(other)
        if (other.RasterXSize, other.RasterYSize) != (self.width, self.height) or (
                own and theirs and not np.allclose(own, theirs, rtol=0, atol=1e-3 * abs(own[1]))):
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "strata raster {path!r} ({width} x {height} px, geotransform {geotransform}) is "
                "not on the grid of map {map!r} ({map_width} x {map_height} px, geotransform "
                "{map_geotransform}); resample it onto the map's grid (nearest neighbour, e.g. gdalwarp "
                "-te/-tr or Align rasters)"),
                path=path, width=other.RasterXSize, height=other.RasterYSize, geotransform=theirs,
                map=self.path, map_width=self.width, map_height=self.height, map_geotransform=own)

    def windows(self, memory_mb):
        """Windows aligned to the map's blocks, each of at most `memory_mb` of int64 values per raster."""
        return plan_windows(self.width, self.height, tuple(self.band.GetBlockSize()),
                            max(1, int(memory_mb * 2**20) // 24))

    @staticmethod
    def codes(band, rule, window, alpha=None):
        """Integer codes `(h, w)` of `band` in `window`, 0 where there is none (<= 0, no-data as
        BandNoData `rule` takes it, or masked by the band's own GDAL mask (.msk) or by its raster's `alpha`
        band (0), as the reference's pixels are: blocks.PixelReader)."""
        stored = band.ReadAsArray(*window)
        values = stored.astype(np.int64)
        usable = np.ones(values.shape, dtype=bool)
        rule.keep_data(usable, stored, band)
        values[~usable] = 0
        if not band.GetMaskFlags() & (NO_MASK_BAND | gdal.GMF_ALPHA):
            values[band.GetMaskBand().ReadAsArray(*window) == 0] = 0
        if alpha is not None:
            values[alpha.ReadAsArray(*window) == 0] = 0
        values[values < 0] = 0
        return values

    def read(self, window):
        """Class codes and stratum codes `(h, w)` of `window` (0 = none; strata None without a raster)."""
        strata = self.codes(self.strata_band, self.no_data[2], window, self.alphas[2]) \
            if self.strata_dataset is not None else None
        return self.codes(self.band, self.no_data[1], window, self.alphas[1]), strata

    def class_name(self, code):
        """The category name of class `code`, or the code as text."""
        code = int(code)
        named = code < len(self.category_names) and self.category_names[code]
        return named or str(code)

    def pixel_area(self):
        """(area of one pixel, linear unit of the CRS, metres per unit or None)."""
        geotransform = geotransform_of(self.dataset)
        if geotransform is None:
            return 1.0, "pixel", None
        area = abs(geotransform[1] * geotransform[5] - geotransform[2] * geotransform[4])
        reference = spatial_reference(self.crs)
        if reference is None:
            return area, "unit", None
        if reference.IsGeographic():
            return area, "degree", None
        return area, reference.GetLinearUnitsName(), reference.GetLinearUnits()


@dataclass
class MapCounts:
    """Pixels of each map class and of each stratum (the map classes when no strata raster is given)."""

    classes: np.ndarray           # (C,) class codes with pixels, sorted
    pixels: np.ndarray            # (C,) pixels per class
    strata: np.ndarray            # (H,) stratum codes
    stratum_pixels: np.ndarray    # (H,) classified pixels per stratum
    pixel_area: float
    unit: str                     # linear unit of the CRS ('metre'; 'pixel' without georeferencing)
    metres_per_unit: Optional[float]


def sorted_counts(counter):
    """Codes and counts of a Counter as sorted int64 arrays."""
    codes = np.array(sorted(counter), dtype=np.int64)
    return codes, np.array([counter[code] for code in codes], dtype=np.int64)


def value_counts(values):
    """{code: count} of the codes `values (n,)` (a histogram when they are below 65536)."""
    if values.size and values.max() < 65536:
        histogram = np.bincount(values)
        codes = np.flatnonzero(histogram)
        return dict(zip(codes.tolist(), histogram[codes].tolist()))
    codes, counts = np.unique(values, return_counts=True)
    return dict(zip(codes.tolist(), counts.tolist()))


def count_map(class_map, memory_mb=64, progress=None, is_canceled=None):
    """MapCounts of the whole map, window by window (GDAL's block cache capped); DataError when it has
    no class or when a classified pixel has no stratum."""
    classes, strata = Counter(), Counter()
    unstratified = 0
    windows = class_map.windows(memory_mb)
    with bounded_gdal_cache():
        for done, window in enumerate(windows, 1):
            check_canceled(is_canceled)
            codes, stratum_codes = class_map.read(window)
            mapped = codes > 0
            classes.update(value_counts(codes[mapped]))
            if stratum_codes is not None:
                stratum_codes = stratum_codes[mapped]
                unstratified += int(np.sum(stratum_codes == 0))
                strata.update(value_counts(stratum_codes[stratum_codes > 0]))
            if progress is not None:
                progress(100.0 * done / len(windows))
    if not classes:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "map {map!r} has no classified pixel (every value is {unclassified}); give a map "
            "with classified pixels (a map made under a mask or a no-data that covers every pixel holds "
            "none)"), map=class_map.path, unclassified=class_map.unclassified())
    if unstratified:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{count} classified pixels of map {map!r} have no stratum (0 or no-data in strata "
            "raster {strata!r}); give every classified pixel a stratum, or leave STRATA empty to use the map "
            "classes as strata"), count=unstratified, map=class_map.path, strata=class_map.strata_path)
    class_codes, pixels = sorted_counts(classes)
    stratum_codes, stratum_pixels = sorted_counts(strata) if class_map.strata_path else (class_codes, pixels)
    return MapCounts(class_codes, pixels, stratum_codes, stratum_pixels, *class_map.pixel_area())


# -- the reference ----------------------------------------------------------------------------

@dataclass
class ReferenceSample:
    """Sample pixels: map class, stratum and reference class codes, and the feature id of each."""

    mapped: np.ndarray
    strata: np.ndarray
    reference: np.ndarray
    fids: np.ndarray
    labels: np.ndarray            # sorted label codes of the layer's classes
    names: List[str]              # their names (the text, or the integer code as text)
    n_dropped: int = 0            # polygon pixels without a class (no-data) or contested
    warnings: List[str] = field(default_factory=list)
    design: Optional["RecordedDesign"] = None  # the strata the design recorded, where the estimates take them


#: A VRT band's source: band 1 of a file (its path XML-escaped).
SIMPLE_SOURCE = ('<SimpleSource><SourceFilename relativeToVRT="0">{0}</SourceFilename>'
                 '<SourceBand>1</SourceBand></SimpleSource>')


def stacked_source(class_map):
    """A raster whose band 1 is the map and band 2 the strata (a VRT in /vsimem/, on the map's grid,
    rotated ones included, which gdal.BuildVRT refuses), or the map's path."""
    if class_map.strata_dataset is None:
        return class_map.path
    path = f"/vsimem/gmmselect-strata-{uuid.uuid4().hex}.vrt"
    stack = gdal.GetDriverByName("VRT").Create(path, class_map.width, class_map.height, 0)
    geotransform = geotransform_of(class_map.dataset)
    if geotransform:
        stack.SetGeoTransform(geotransform)
    stack.SetProjection(class_map.crs)
    for number, (source, band) in enumerate(((class_map.path, class_map.band),
                                             (class_map.strata_path, class_map.strata_band)), 1):
        stack.AddBand(band.DataType)
        stacked = stack.GetRasterBand(number)
        stacked.SetMetadataItem("source_0", SIMPLE_SOURCE.format(escape(source)), "new_vrt_sources")
        if band.GetNoDataValue() is not None:
            stacked.SetNoDataValue(band.GetNoDataValue())
    stack.FlushCache()
    return path


def read_reference(class_map, counts, vector_path, class_field, layer=None, memory_mb=64, log=None,
                   is_canceled=None, invalid="use", operation=None, shown=None):
    """The ReferenceSample of the features of a vector over the map (reference codes are the feature
    labels as SampleWalk codes them, invalid geometries as `invalid` says, reprojected by `operation` where
    given), warned where the map's strata (`counts`) are not those a sample design drew it in; DataError
    for features outside the map and points without class. Messages name the layer and its features as
    `shown` (vector.Shown) names a copy QGIS wrote of it."""
    source = stacked_source(class_map)
    try:
        walk = SampleWalk(source, vector_path, class_field, layer=layer, memory_mb=memory_mb,
                          bands=[1] if source == class_map.path else [1, 2],  # the map's band 1, the strata's
                          no_data=class_map.no_data, invalid=invalid, raster_crs=class_map.crs,
                          operation=operation, log=log, is_canceled=is_canceled, raster_name=class_map.path,
                          shown=shown)
        chunks = list(walk.run())
    finally:
        if source != class_map.path:
            gdal.Unlink(source)
    features = walk.features
    check_inside(class_map, walk.vector_path, features)
    values = np.concatenate([chunk.X for chunk in chunks]) if chunks else np.zeros((0, 2))
    codes = np.concatenate([chunk.y for chunk in chunks]) if chunks else np.zeros(0, np.int64)
    fids = np.concatenate([chunk.groups for chunk in chunks]) if chunks else np.zeros(0, np.int64)
    mapped = np.where(values[:, 0] > 0, values[:, 0], 0).astype(np.int64)
    strata = values[:, 1].astype(np.int64) if values.shape[1] > 1 else mapped
    keep = (mapped > 0) & (strata > 0)
    check_points_classified(class_map, walk.vector_path, features, set(fids[keep].tolist()))
    drawn = drawn_strata(vector_path, layer, shown)
    strata, design, moved = strata[keep], None, []
    if not class_map.strata_path:
        design = recorded_design(counts, drawn, fids[keep], strata)
    if design is not None:
        if log is not None:
            log(design_note(class_map, counts, walk.vector_path, design, strata))
        strata = design.strata
    else:
        moved = other_strata(class_map, counts, drawn, walk.vector_path, fids[keep], strata)
    dropped = walk.n_unusable + walk.n_contested + int(np.sum(~keep))
    if dropped and log is not None:
        log(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Pixels of reference polygons left out: {count} (no class in the map (no-data), or "
            "covered by polygons of different classes)"), count=dropped))
    return ReferenceSample(mapped[keep], strata, codes[keep], fids[keep], features.labels,
                           features.class_names, dropped, features.warnings + moved, design)


def drawn_strata(vector_path, layer, shown=None):
    """{FID: (stratum, N_h or None)} of the reference points holding design_sample's field STRATUM_FIELD
    (the stratum each was drawn in) and, where they hold it, STRATUM_PIXELS_FIELD (that stratum's classified
    pixels then; named as a shapefile cuts it, to 10 characters, in a sample saved as one), whole numbers
    whether the fields are integers, reals or texts (a sample saved through a spreadsheet); {} for a layer
    without the first. FIDs as `shown` (vector.Shown) gives them for a copy QGIS wrote."""
    source, found = open_layer(vector_path, layer)
    definition = found.GetLayerDefn()
    names = [definition.GetFieldDefn(k).GetName() for k in range(definition.GetFieldCount())]
    if STRATUM_FIELD not in names:
        return {}
    index = names.index(STRATUM_FIELD)
    pixels = next((names.index(name) for name in (STRATUM_PIXELS_FIELD, STRATUM_PIXELS_FIELD[:10])
                   if name in names), -1)
    found.ResetReading()
    drawn = {feature_id(feature, shown): (whole_value(feature, index), whole_value(feature, pixels))
             for feature in found
             if feature.GetGeometryRef() is not None
             and ogr.GT_Flatten(feature.GetGeometryRef().GetGeometryType()) == ogr.wkbPoint}
    del source
    return {fid: record for fid, record in drawn.items() if record[0] is not None}


def whole_value(feature, index):
    """The whole number field `index` of an OGR feature holds (2, 2.0 or '2'), else None (no such field,
    null, or not a whole number)."""
    if index < 0 or not feature.IsFieldSetAndNotNull(index):
        return None
    try:
        number = float(feature.GetField(index))
    except ValueError:
        return None
    return int(number) if number.is_integer() else None


def other_strata(class_map, counts, drawn, vector_name, fids, strata):
    """The warning naming the reference points (of the layer named `vector_name`, whose design recorded
    `drawn`, drawn_strata) whose stratum in the estimates (`strata`, of the samples of features `fids`) is not
    the one their sample was drawn in, if any; else the one naming the strata whose classified pixels in the
    estimates (`counts`) are not those the design recorded (strata_resized). Estimates with other strata
    than the design's are biased (Stehman 2014)."""
    sampled = {fid: stratum for fid, stratum in zip(fids.tolist(), strata.tolist()) if fid in drawn}
    moved = sorted(fid for fid, stratum in sampled.items() if drawn[fid][0] != stratum)
    named = {"vector": repr(vector_name), "strata": repr(class_map.strata_path or class_map.path)}
    if moved:
        return [warning("warning other strata", count=len(moved), total=len(sampled), fids=short_list(moved),
                        field=repr(STRATUM_FIELD), **named)]
    resized = strata_resized(counts, [drawn[fid] for fid in sampled])
    if not resized:
        return []
    return [warning("warning other strata sizes", sizes=resized_text(resized),
                    field=repr(STRATUM_PIXELS_FIELD), **named)]


class RecordedDesign(NamedTuple):
    """The strata of a sample as its design recorded them (recorded_design)."""

    codes: np.ndarray             # (H,) stratum codes, sorted
    strata: np.ndarray            # (n,) each sample's stratum
    stratum_pixels: np.ndarray    # (H,) N_h when drawn


def recorded_design(counts, drawn, fids, strata):
    """The RecordedDesign of the samples of features `fids` (`drawn`, drawn_strata), where the estimates are
    to take it: every sample's point records its stratum and N_h (one a stratum), the N_h add up to the
    map's classified pixels (no stratum left out, the same pixels classified), and the map's classes
    (`strata`, `counts`) are no longer those strata (a point in another class, a class of other pixels: the
    map was edited); else None. Stehman (2014): the estimators of strata that are not the map's classes."""
    record = [drawn.get(fid) for fid in fids.tolist()]
    if not record or any(entry is None or entry[1] is None for entry in record):
        return None
    sizes = recorded_sizes(record)
    if any(len(size) > 1 for size in sizes.values()):
        return None
    codes = np.array(sorted(sizes), dtype=np.int64)
    stratum_pixels = np.array([sizes[code].pop() for code in codes.tolist()], dtype=np.int64)
    recorded = np.array([stratum for stratum, _ in record], dtype=np.int64)
    if stratum_pixels.sum() != counts.pixels.sum() or (
            np.array_equal(recorded, strata) and np.array_equal(codes, counts.strata)
            and np.array_equal(stratum_pixels, counts.stratum_pixels)):
        return None
    return RecordedDesign(codes, recorded, stratum_pixels)


def design_note(class_map, counts, vector_name, design, strata):
    """The log line saying that the estimates take the strata the sample of `vector_name` was drawn in
    (`design`, a RecordedDesign), and how the map's classes (`strata`, `counts`) differ from them."""
    resized = strata_resized(counts, zip(design.codes.tolist(), design.stratum_pixels.tolist()))
    return Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "The estimates take the strata the sample of {vector!r} was drawn in, as its points "
        "record them (fields {stratum!r} and {pixels!r}): the classes of map {map!r} are no longer those "
        "strata (samples now in another class: {moved}; classified pixels per class when drawn -> now: "
        "{sizes}), and Stehman (2014)'s estimators take each sample's class in the map and its stratum in "
        "the design"), vector=vector_name, stratum=STRATUM_FIELD, pixels=STRATUM_PIXELS_FIELD,
        map=class_map.path, moved=int(np.sum(design.strata != strata)),
        sizes=resized_text(resized) or Text(QT_TRANSLATE_NOOP("GmmSelect", "unchanged")))


def recorded_sizes(drawn):
    """{stratum: {N_h recorded}} of the sampled points `drawn` [(stratum, N_h or None)] (more than one size:
    points drawn by two designs)."""
    sizes = {}
    for stratum, pixels in drawn:
        if pixels is not None:
            sizes.setdefault(stratum, set()).add(pixels)
    return sizes


def strata_resized(counts, drawn):
    """[(stratum, N_h when drawn, N_h in `counts`)] of the strata of the sampled points `drawn` [(stratum,
    N_h or None)] whose recorded pixels differ from the estimates' (a stratum recorded with two sizes, its
    points drawn by two designs, is left to the other checks)."""
    now = dict(zip(counts.strata.tolist(), counts.stratum_pixels.tolist()))
    return [(stratum, sizes.pop(), now.get(stratum, 0))
            for stratum, sizes in sorted(recorded_sizes(drawn).items())
            if len(sizes) == 1 and now.get(stratum, 0) not in sizes]


def resized_text(resized):
    """'1: 14209 -> 14169, 2: ...' of strata_resized's list."""
    return ", ".join(f"{stratum}: {then} -> {now}" for stratum, then, now in resized)


def check_inside(class_map, vector_path, features):
    """DataError naming the reference features that lie outside the map."""
    outside = features.outside
    if outside.any():
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{count} reference features of {path!r} (FIDs {fids}) lie outside map {map!r}; move "
            "or delete them, or check that both layers declare the right CRS"),
            count=int(outside.sum()), path=vector_path, fids=short_list(features.fids[outside]),
            map=class_map.path)


def check_points_classified(class_map, vector_path, features, sampled):
    """DataError naming the reference points in a pixel another point already samples, and those that
    fell on pixels without a class (points the sample does not hold)."""
    owners, shared = {}, []
    for fid, points in zip(features.fids, features.points):
        for cell in ([] if points is None else (points[0] * class_map.width + points[1]).tolist()):
            if owners.setdefault(cell, int(fid)) != int(fid):
                shared.append(int(fid))
    if shared:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{count} reference points of {path!r} (FIDs {fids}) fall in a pixel another point "
            "already samples; a pixel is one sample: delete the duplicate points"),
            count=len(shared), path=vector_path, fids=short_list(shared))
    missing = [fid for fid, points in zip(features.fids, features.points)
               if points is not None and int(fid) not in sampled]
    if missing:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{count} reference points of {path!r} (FIDs {fids}) fall on pixels of map {map!r} "
            "without a class ({unclassified}); move them onto classified pixels or delete them"),
            count=len(missing), path=vector_path, fids=short_list(missing), map=class_map.path,
            unclassified=class_map.unclassified())


def check_unambiguous(class_map, names, class_field):
    """DataError where a reference label among `names` is the category name of several map classes."""
    holders = {}
    for code, name in enumerate(class_map.category_names):
        if code > 0 and name in names:
            holders.setdefault(name, []).append(code)
    shared = {name: codes for name, codes in holders.items() if len(codes) > 1}
    if shared:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "reference classes of field {field!r} name several classes of map {map!r}: "
            "{shared}; give the map's categories distinct names, or label the reference with the map's "
            "integer codes"),
            field=class_field, map=class_map.path,
            shared=", ".join(f"{name!r} = {' and '.join(map(str, codes))}" for name, codes in shared.items()))


def map_codes_of_labels(class_map, counts, vector_path, class_field, layer, labels, names, shown=None):
    """The map class code of each reference label: the value itself for numeric fields; for text, the
    map class of that category name, else the name read as an integer code. DataError for labels the
    map does not have (naming the layer as `shown`, as read_reference)."""
    _, found = open_layer(vector_path, layer)
    vector_path, layer_name = shown_names(shown, vector_path, found.GetName())
    _, field_type = class_field_index(vector_path, found, class_field, layer_name)
    by_name = {name: code for code, name in enumerate(class_map.category_names) if name and code > 0}
    if field_type not in INTEGER_FIELDS and field_type != ogr.OFTReal:
        check_unambiguous(class_map, set(names), class_field)
    codes, unknown = [], []
    for label, name in zip(labels, names):
        if field_type in INTEGER_FIELDS or field_type == ogr.OFTReal:
            code = int(label)
        else:
            code = by_name.get(name, int(name) if name.lstrip("-").isdigit() else None)
        if code is None or (code not in by_name.values() and code not in counts.classes):
            unknown.append(name)
        codes.append(code)
    if unknown:
        known = ", ".join(f"{code} = {class_map.class_name(code)}" for code in counts.classes)
        spelled = {spelling_key(name): name for name in by_name}
        alike = joined([Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "; {name!r} differs from the map's {spelled!r} only in case, spacing or Unicode "
            "form"), name=name, spelled=spelled[spelling_key(name)])
            for name in unknown if spelling_key(name) in spelled], "")
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "reference classes {classes} of field {field!r} are not classes of map {map!r} (its "
            "classes: {known}{alike}); correct the reference labels (the map's category names or its "
            "integer codes) or assess the map these classes belong to"),
            classes=", ".join(repr(name) for name in unknown), field=class_field, map=class_map.path,
            known=known, alike=alike)
    return np.array(codes, dtype=np.int64)


# -- the assessment ---------------------------------------------------------------------------

@dataclass
class MapAssessment:
    """Estimates of a map's accuracy and class areas, with what they were computed from."""

    map_path: str
    reference_path: str
    class_field: str
    strata_path: Optional[str]
    classes: np.ndarray           # (C,) class codes: the map's, and reference classes it names
    class_names: List[str]
    counts: MapCounts
    pixels: np.ndarray            # (C,) map pixels per class (0 for a class only the reference has)
    samples: np.ndarray           # (H, C, C) sample counts: stratum, map class, reference class
    estimates: AccuracyEstimates
    confidence: float
    warnings: List[str] = field(default_factory=list)
    strata_recorded: bool = False  # the strata: as the sample's design recorded them (recorded_design)

    @property
    def z(self):
        """The normal quantile of the confidence level."""
        return float(half_width(1.0, self.confidence))

    @property
    def total_area(self):
        """Mapped (classified) area, in the square of the CRS unit."""
        return float(self.pixels.sum() * self.counts.pixel_area)

    @property
    def map_areas(self):
        """Map area of each class."""
        return self.pixels * self.counts.pixel_area

    @property
    def sample_counts(self):
        """Samples with each map class, n_i."""
        return self.samples.sum(axis=(0, 2))

    @property
    def stratum_samples(self):
        """Samples in each stratum, n_h."""
        return self.samples.sum(axis=(1, 2))


def assess_map(map_path, reference_path, class_field, strata_path=None, layer=None, confidence=0.95,
               memory_mb=64, log=None, progress=None, is_canceled=None, invalid="use", map_no_data=None,
               strata_no_data=None, map_crs=None, operation=None, shown=None):
    """MapAssessment of the map at `map_path` against reference features (see the module docstring); a
    reference feature of invalid geometry is read, left out or stops the run as `invalid` says
    (vector.INVALID_GEOMETRY_RULES); the map's and the strata's BandNoData where their no-data is not (only)
    their file's; the map's CRS (`map_crs`, a WKT) where it is not its file's; `operation` (PROJ string,
    inverse) the coordinate operation from the reference's CRS to the map's where one is chosen; `shown`
    (vector.Shown) the reference layer as the user knows it where `reference_path` is a copy QGIS wrote of
    it (messages and the assessment name it and its features so)."""
    class_map = ClassMap(map_path, strata_path, map_no_data, strata_no_data, map_crs)
    counts = count_map(class_map, memory_mb, progress, is_canceled)
    reference = read_reference(class_map, counts, reference_path, class_field, layer, memory_mb, log,
                               is_canceled, invalid, operation, shown)
    named = shown[0] if shown else reference_path
    if not len(reference.mapped):
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "no reference sample of {reference!r} falls on a classified pixel of {map!r}; check "
            "that both cover the same area"), reference=named, map=map_path)
    design = reference.design
    if design is not None:
        counts = replace(counts, strata=design.codes, stratum_pixels=design.stratum_pixels)
    labels = map_codes_of_labels(class_map, counts, reference_path, class_field, layer, reference.labels,
                                 reference.names, shown)
    reference_codes = labels[np.searchsorted(reference.labels, reference.reference)]
    classes = np.union1d(counts.classes, reference_codes)
    pixels = np.zeros(len(classes), dtype=np.int64)
    pixels[np.searchsorted(classes, counts.classes)] = counts.pixels
    samples = np.zeros((len(counts.strata), len(classes), len(classes)), dtype=np.int64)
    np.add.at(samples, (np.searchsorted(counts.strata, reference.strata),
                        np.searchsorted(classes, reference.mapped),
                        np.searchsorted(classes, reference_codes)), 1)
    stratum_names = ([class_map.class_name(code) for code in counts.strata] if strata_path is None
                     else [Text(QT_TRANSLATE_NOOP("GmmSelect", "stratum {code}"), code=code)
                           for code in counts.strata])
    estimates = estimate(samples, counts.stratum_pixels, stratum_names)
    units = polygon_units(named, reference, np.searchsorted(counts.strata, reference.strata),
                          reference.mapped == reference_codes, counts, stratum_names, estimates, confidence)
    if log is not None:
        log(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "{samples} reference samples in {strata} strata; overall accuracy {overall:.4f} ± "
            "{margin:.4f}"), samples=len(reference.mapped), strata=len(counts.strata),
            overall=estimates.overall, margin=half_width(estimates.overall_se, confidence)))
    training = trained_on(class_map, named, None if shown else layer)
    return MapAssessment(map_path, named, class_field, strata_path, classes,
                         [class_map.class_name(code) for code in classes], counts, pixels, samples, estimates,
                         confidence, class_map.warnings + training + reference.warnings + units
                         + area_warnings(counts), reference.design is not None)


def trained_on(class_map, vector_path, layer):
    """The warning that the reference is the layer the map's model (named in the map's metadata by Predict)
    was trained on, if it is: estimates from the polygons a model learnt from are optimistic. None where
    the map names no model or its model file no longer reads."""
    model_path = class_map.dataset.GetMetadataItem(MODEL_ITEM) or ""
    try:
        record = load_model(model_path).training if os.path.isfile(model_path) else None
    except (InputError, OSError):
        record = None
    if record is None or not same_layer((record.source.get("training"), record.source.get("layer")),
                                        (vector_path, layer)):
        return []
    named = {"vector": repr(vector_path), "model": repr(model_path)}
    if record.validation is None or record.parameters.get("refit"):
        return [warning("warning training reference", **named)]
    held_out = sum(held for _, held in record.polygons.values())
    return [warning("warning training reference held out", count=held_out, **named)]


def file_layer(path, layer):
    """(file, layer) of an OGR name with its open options or of a QGIS source ('file.gpkg|layername=x', the
    layer named there), else of `path` and `layer` as given."""
    name, *parts = split_open_options(path)[0].split("|")
    named = [part[len("layername="):] for part in parts if part.startswith("layername=")]
    return name, named[0] if named else layer


def same_layer(first, second):
    """True where two (path or QGIS source, layer) name one layer of one file (a layer None or '' is the
    file's first)."""
    if first[0] is None:
        return False
    (first_path, first_layer), (second_path, second_layer) = file_layer(*first), file_layer(*second)
    if not os.path.exists(first_path):
        return False
    if os.path.realpath(first_path) != os.path.realpath(second_path):
        return False
    names = []
    for path, layer in ((first_path, first_layer), (second_path, second_layer)):
        try:
            source, found = open_layer(path, layer or None)
        except DataError:  # the file holds that layer no more
            return False
        names.append(found.GetName())
        del source
    return names[0] == names[1]


def polygon_units(vector_path, reference, strata, agree, counts, stratum_names, estimates, confidence):
    """The warning that the pixels of reference features giving several each (polygons) are taken as
    independent samples, with overall accuracy's interval where the features are the units (core.accuracy.
    overall_by_units); none where each feature gives one sample (points). `strata`: each sample's stratum
    index, `agree`: map = reference."""
    fids, sizes = np.unique(reference.fids, return_counts=True)
    if not len(sizes) or sizes.max() < 2:
        return []
    se, emptied = overall_by_units(strata, agree, reference.fids, counts.stratum_pixels)
    named = {"vector": repr(vector_path), "samples": len(reference.fids), "units": len(fids)}
    if se is None:
        stratum, fid = emptied
        return [warning("warning polygon units one", stratum=stratum_names[stratum], fid=fid, **named)]
    return [warning("warning polygon units", overall=f"{estimates.overall:.4f}",
                    by_units=f"{half_width(se, confidence):.4f}",
                    by_pixels=f"{half_width(estimates.overall_se, confidence):.4f}", **named)]


def area_warnings(counts):
    """Warnings about the unit of the areas (none for a projected CRS)."""
    if counts.unit == "degree":
        return [warning("warning degrees")]
    if counts.unit == "pixel":
        return [warning("warning no georeferencing")]
    if counts.unit == "unit":
        return [warning("warning no crs")]
    return []


# -- the sample design ------------------------------------------------------------------------

@dataclass
class SampleDesign:
    """A stratified random sample of a map (strata = map classes) and how its size was chosen."""

    classes: np.ndarray           # (C,) class codes
    class_names: List[str]
    pixels: np.ndarray            # (C,) map pixels per class
    expected_users: np.ndarray    # (C,) expected user's accuracies
    target_se: float
    n_planned: int                # Olofsson 2014 eq. 13
    counts: np.ndarray            # (C,) samples drawn per class
    allocation: str
    minimum: int
    seed: int
    path: str

    @property
    def weights(self):
        """Inclusion weight N_h / n_h of a sample of each class (its pixel represents that many)."""
        return self.pixels / np.maximum(self.counts, 1)


def expected_accuracies(values, classes):
    """One expected user's accuracy per class of `classes` (code = name texts, the map's classes with
    pixels) from one value for all or one per class."""
    if values is None:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "no expected user's accuracy was given; give one value such as 0.8 or one per "
            "class"))
    values = np.asarray(values, dtype=np.float64).ravel()
    if len(values) not in (1, len(classes)):
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the expected user's accuracies given ({count}) are neither one value nor one per "
            "class of the map ({classes}: {named}); give one value for every class or one per class, in the "
            "order of the class values"),
            count=len(values), classes=len(classes), named=", ".join(classes))
    return np.broadcast_to(values, (len(classes),)).copy()


def draw_pixels(class_map, classes, pixels, counts, seed, memory_mb=64, progress=None, is_canceled=None):
    """Rows, cols and class of `counts[k]` distinct pixels drawn at random among the `pixels[k]` pixels of
    class `classes[k]`: random ranks in raster order (seeded), found in a second pass over the windows."""
    generator = np.random.default_rng(seed)
    ranks = [np.sort(generator.choice(int(total), int(count), replace=False))
             for total, count in zip(pixels, counts)]
    seen = np.zeros(len(classes), dtype=np.int64)
    rows, cols, drawn = [], [], []
    windows = class_map.windows(memory_mb)
    with bounded_gdal_cache():
        for done, window in enumerate(windows, 1):
            check_canceled(is_canceled)
            x, y, w, _ = window
            codes = class_map.read(window)[0].ravel()
            for k in np.flatnonzero(np.isin(classes, codes)):
                cells = np.flatnonzero(codes == classes[k])
                lo, hi = np.searchsorted(ranks[k], [seen[k], seen[k] + len(cells)])
                chosen = cells[ranks[k][lo:hi] - seen[k]]
                seen[k] += len(cells)
                rows.append(y + chosen // w)
                cols.append(x + chosen % w)
                drawn.append(np.full(len(chosen), classes[k]))
            if progress is not None:
                progress(100.0 * done / len(windows))
    return tuple(np.concatenate(parts) if parts else np.zeros(0, np.int64) for parts in (rows, cols, drawn))


def points_crs(path, class_map):
    """The map's CRS as the sample layer `path` keeps it, probed (a layer written and read back): as it is;
    else identified by an EPSG code (a GeoJSON file names a CRS by its code alone, another or none reading
    back as WGS 84); else without its authority codes (GDAL 3.6's GeoPackage driver records a UTM CRS in
    kilometres or feet as the EPSG zone in metres); else refused with the fix."""
    reference = spatial_reference(class_map.crs)
    driver = POINT_DRIVERS.get(os.path.splitext(path)[1].lower())
    if driver is None or reference is None and driver == "GPKG":
        return reference
    for spelling in crs_spellings(reference, driver) if reference is not None else []:
        if keeps_crs(driver, spelling):
            return spelling
    if driver == "GeoJSON":
        why = Text(QT_TRANSLATE_NOOP("GmmSelect", "the map's CRS ({crs}) has no EPSG code"),
                   crs=crs_name(reference)) if reference is not None else \
            Text(QT_TRANSLATE_NOOP("GmmSelect", "the map has no CRS"))
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "sample layer {path!r}: a GeoJSON file names its CRS by an EPSG code alone, and "
            "{why}, so the points would read as WGS 84 coordinates; give a .gpkg file name"), path=path,
            why=why)
    raise DataError(QT_TRANSLATE_NOOP(
        "GmmSelect", "sample layer {path!r}: GDAL's GeoPackage driver does not keep the map's CRS ({crs}), "
        "so the points would be misplaced; give the map a CRS of an EPSG code (Layer Properties > Source, "
        "or gdal_edit.py -a_srs)"), path=path, crs=reference.ExportToProj4())


def crs_spellings(reference, driver):
    """`reference` as it is, then as `driver` could keep it: identified by an EPSG code for GeoJSON,
    without its authority codes (the WKT's AUTHORITY nodes left out) for a GeoPackage."""
    if driver == "GeoJSON":
        identified = reference.Clone()
        if identified.GetAuthorityName(None) != "EPSG":
            identified.AutoIdentifyEPSG()
        return [reference, identified]
    anonymous = osr.SpatialReference()
    anonymous.ImportFromWkt(re.sub(r',AUTHORITY\["[^"]*","[^"]*"\]', "", reference.ExportToWkt()))
    return [reference, anonymous]


def keeps_crs(driver, reference):
    """Whether a layer of `driver` written with the CRS `reference` reads it back as the same CRS."""
    probe = f"/vsimem/gmmselect-crs-{uuid.uuid4().hex}{'.gpkg' if driver == 'GPKG' else '.geojson'}"
    try:
        ogr.GetDriverByName(driver).CreateDataSource(probe).CreateLayer("probe", reference, ogr.wkbPoint)
        source = ogr.Open(probe)
        kept = source.GetLayer(0).GetSpatialRef()
        same = kept is not None and bool(kept.IsSame(reference))
        source = None
    finally:
        gdal.Unlink(probe)
    return same


def write_points(path, partial, class_map, reference, rows, cols, mapped, weights, stratum_pixels,
                 is_canceled=None):
    """A point layer of the pixel centres with fields map_class, stratum, weight, stratum_pixels and an
    empty reference, in the spatial `reference` (points_crs), written to the staged file `partial` of `path`
    (GeoPackage or GeoJSON, from the extension)."""
    driver_name = POINT_DRIVERS.get(os.path.splitext(path)[1].lower())
    if driver_name is None:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "sample layer {path!r}: give a .gpkg or .geojson file name"), path=path)
    g = geotransform_of(class_map.dataset) or (0.0, 1.0, 0.0, 0.0, 0.0, 1.0)
    xs = g[0] + (cols + 0.5) * g[1] + (rows + 0.5) * g[2]
    ys = g[3] + (cols + 0.5) * g[4] + (rows + 0.5) * g[5]
    with gdal_writes(path):
        source = ogr.GetDriverByName(driver_name).CreateDataSource(partial)
        if source is None:
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "OGR cannot create {path!r}: {problem}; check the folder"),
                path=partial, problem=gdal.GetLastErrorMsg())
        try:
            layer = source.CreateLayer(os.path.splitext(os.path.basename(path))[0], reference, ogr.wkbPoint)
            for name, kind in (("map_class", ogr.OFTInteger64), (STRATUM_FIELD, ogr.OFTInteger64),
                               ("weight", ogr.OFTReal), (STRATUM_PIXELS_FIELD, ogr.OFTInteger64),
                               ("reference", ogr.OFTString)):
                layer.CreateField(ogr.FieldDefn(name, kind))
            source.StartTransaction()
            add_points(layer, xs, ys, mapped, weights, stratum_pixels, is_canceled)
            source.CommitTransaction()
        finally:
            source = None  # OGR closes the file


def add_points(layer, xs, ys, mapped, weights, stratum_pixels, is_canceled=None):
    """The sample's points as features of `layer`, their reference empty."""
    for number, (x, y, code, weight, pixels) in enumerate(zip(xs, ys, mapped, weights, stratum_pixels)):
        if number % 1000 == 0:
            check_canceled(is_canceled)
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetField("map_class", int(code))
        feature.SetField(STRATUM_FIELD, int(code))
        feature.SetField("weight", float(weight))
        feature.SetField(STRATUM_PIXELS_FIELD, int(pixels))
        feature.SetFieldNull("reference")  # written empty: a GeoJSON file leaves out a field never set
        point = ogr.Geometry(ogr.wkbPoint)
        point.AddPoint_2D(float(x), float(y))
        feature.SetGeometry(point)
        layer.CreateFeature(feature)


def design_sample(map_path, output_path, expected_users=0.8, target_se=0.01, minimum=50,
                  allocation="proportional", seed=0, memory_mb=64, log=None, progress=None, is_canceled=None,
                  outputs=None, no_data=None, crs=None):
    """Draw the stratified random sample of a map (strata = map classes) and write it to `output_path`:
    total size by Olofsson 2014 eq. 13, `allocation` with at least `minimum` per class; `no_data` the map's
    BandNoData where its no-data is not (only) its file's and `crs` its CRS (WKT) where that is not its
    file's. The layer is staged in the OutputSet `outputs`, which the caller commits (without one: committed
    here)."""
    check_distinct({"OUTPUT": [output_path]}, {"INPUT": dataset_files(map_path)})
    class_map = ClassMap(map_path, map_no_data=no_data, crs=crs)
    reference = points_crs(output_path, class_map)  # refused before the sample is drawn
    for line in warning_lines(class_map.warnings) if log is not None else ():
        log(line)
    half = None if progress is None else (lambda done: progress(done / 2))
    counts = count_map(class_map, memory_mb, half, is_canceled)
    users = expected_accuracies(expected_users, [f"{code} = {class_map.class_name(code)}"
                                                 for code in counts.classes])
    n_planned = sample_size(counts.pixels, users, target_se, population=int(counts.pixels.sum()))
    drawn = allocate(n_planned, counts.pixels, minimum, allocation)
    design = SampleDesign(counts.classes, [class_map.class_name(code) for code in counts.classes],
                          counts.pixels, users, target_se, n_planned, drawn, allocation, minimum, seed,
                          output_path)
    rest = None if progress is None else (lambda done: progress(50 + done / 2))
    rows, cols, mapped = draw_pixels(class_map, counts.classes, counts.pixels, drawn, seed, memory_mb, rest,
                                     is_canceled)
    stratum = np.searchsorted(counts.classes, mapped)
    with OutputSet() if outputs is None else nullcontext(outputs) as staging:
        partial = staging.stage(output_path)
        write_points(output_path, partial, class_map, reference, rows, cols, mapped, design.weights[stratum],
                     counts.pixels[stratum], is_canceled)
    if log is not None:
        log(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Sample size {planned} (Olofsson 2014 eq. 13), {drawn} points drawn: {counts}"),
            planned=n_planned, drawn=int(drawn.sum()),
            counts=", ".join(f"{name} {int(n)}" for name, n in zip(design.class_names, drawn))))
    return design
