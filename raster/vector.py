"""Training features: geometries in the raster's CRS, their class codes, ids and pixel boxes.

Polygons keep their geometry (rasterised later, window by window); points become the pixels
they fall in. Text classes get codes 1..C in sorted order of the names (names that differ only in
case, spacing or Unicode form are named in a warning); integer classes keep their values, which must be
>= 1 (0 is the classification's no-data) and at most MAX_CLASS_CODE.
"""

import math
import unicodedata
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional

import numpy as np
from osgeo import gdal, ogr, osr

from ..core.choices import INVALID_GEOMETRY_RULES
from ..core.texts import QT_TRANSLATE_NOOP, Text, short_list
from .errors import DataError, check_canceled
from .info import (
    check_permission,
    crs_name,
    geotransform_of,
    is_missing_file,
    spatial_reference,
    split_open_options,
)
from .notices import warning

_POINT_TYPES = (ogr.wkbPoint, ogr.wkbMultiPoint)
_LINE_TYPES = (ogr.wkbLineString, ogr.wkbMultiLineString, ogr.wkbCircularString, ogr.wkbCompoundCurve,
               ogr.wkbMultiCurve)
INTEGER_FIELDS = (ogr.OFTInteger, ogr.OFTInteger64)
#: The pixels of a feature that gives none: (rows, cols).
NO_PIXEL = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
#: The names GDAL gives GeoPackage's undefined CRSs (srs_id 0 and -1), lower case; a shapefile's .prj spells
#: them as ESRI does ('GCS_Undefined_geographic_SRS').
UNDEFINED_CRS = ("undefined geographic srs", "undefined cartesian srs")


@dataclass
class Features:
    """Features over a raster: geometry or pixels, class code, id and pixel box of each."""

    geometries: list          # ogr.Geometry in the raster's CRS (polygons, lines) or None (points)
    points: list              # (rows, cols) arrays of the pixels of a point feature, or None
    codes: np.ndarray         # (n,) class code of each feature
    fids: np.ndarray          # (n,) feature id (OGR FID)
    boxes: np.ndarray         # (n, 4) col0, row0, col1, row1 (end exclusive), clipped to the raster
    labels: np.ndarray        # sorted class codes of the whole layer
    class_names: List[str]    # names aligned with labels
    n_without_geometry: int
    reprojected: bool
    warnings: List[str]

    @property
    def outside(self):
        """(n,) True for the features with no part over the raster."""
        return outside_raster(self.boxes)

    @property
    def n_outside(self):
        """How many features have no part over the raster."""
        return int(self.outside.sum())


def outside_raster(boxes):
    """(n,) True where a pixel box (col0, row0, col1, row1) clipped to the raster is empty: left or right,
    above or below the raster."""
    return (boxes[:, 2] <= boxes[:, 0]) | (boxes[:, 3] <= boxes[:, 1])


class Shown(NamedTuple):
    """A layer as the user knows it in QGIS where the file read is not named as QGIS names it (a copy QGIS
    wrote of it, or its file read with options of the plugin's own): its source, its name in the project
    (None: the file's own) and, where the copy numbered its features otherwise, {FID in the copy: FID in
    QGIS} (None: the copy kept them)."""

    source: str
    name: Optional[str] = None
    fids: Optional[Dict[int, int]] = None


def shown_names(shown, path, layer_name):
    """(source, layer name) by which messages name the layer `layer_name` read from `path`: as `shown`
    names it where given (its layer name where it gives one), else as read."""
    if shown is None:
        return path, layer_name
    return shown.source, shown.name or layer_name


def feature_id(feature, shown=None):
    """The FID of OGR `feature` as the user knows it: in QGIS where it was read from the copy `shown`
    names."""
    fid = feature.GetFID()
    return fid if shown is None or shown.fids is None else shown.fids[fid]


def stored_ids(path, layer=None):
    """(FID column, FIDs) of a vector layer: the name of the field its FIDs are stored in ('' where none)
    and its features' FIDs, as OGR reads them."""
    source, found = open_layer(path, layer)
    found.SetIgnoredFields(["OGR_GEOMETRY", "OGR_STYLE", *(field.GetName() for field in found.schema)])
    fids = [feature.GetFID() for feature in found]
    column = found.GetFIDColumn()
    del source
    return column, fids


def open_layer(path, layer=None):
    """The OGR data source and layer (name, index or None = first) of a vector file or a table, with the
    open options QGIS writes after its name ('fields.csv|option:AUTODETECT_TYPE=YES')."""
    name, options = split_open_options(path)
    if is_missing_file(name):
        check_permission(name, "vector")
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "file {path!r} does not exist; check the path"), path=name)
    try:
        source = gdal.OpenEx(name, gdal.OF_VECTOR, open_options=options)
    except RuntimeError as error:
        check_permission(name, "vector")
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "OGR cannot read {path!r}: {reason}; check the path and format"),
            path=path, reason=str(error)) from error
    if source is None or source.GetLayerCount() == 0:
        check_permission(name, "vector")
        reason = gdal.GetLastErrorMsg() or Text(QT_TRANSLATE_NOOP("GmmSelect", "no layer found"))
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "OGR cannot read {path!r} (or it has no layer): {reason}; check the path and "
            "format"), path=path, reason=reason)
    names = [source.GetLayerByIndex(k).GetName() for k in range(source.GetLayerCount())]
    if layer is None or layer == "":
        found = source.GetLayerByIndex(0)
    elif isinstance(layer, int):
        found = source.GetLayerByIndex(layer) if 0 <= layer < len(names) else None
    else:
        found = source.GetLayerByName(str(layer))
    if found is None:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{path!r} has no layer {layer!r}; its layers are: {layers}"),
            path=path, layer=layer, layers=", ".join(names))
    return source, found


#: The refusal of class values left empty, in the words of what holds them: a layer's features or a
#: table's rows.
EMPTY_CLASS = {
    "features": QT_TRANSLATE_NOOP(
        "GmmSelect", "features of {path!r} with an empty class field {field!r}: {count} of {total} (FID "
        "{fids}); fill in their class or delete them"),
    "rows": QT_TRANSLATE_NOOP(
        "GmmSelect", "rows of table {path!r} with an empty class field {field!r}: {count} of {total} (FID "
        "{fids}); fill in their class or delete the rows"),
}


def class_codes(path, field_name, field_type, values, fids, holders="features"):
    """Integer codes `(n,)`, sorted labels and class names of the raw class `values` of the `holders`
    (EMPTY_CLASS's keys)."""
    empty = [fid for fid, value in zip(fids, values) if value is None or value == ""]
    if empty:
        raise DataError(EMPTY_CLASS[holders], count=len(empty), total=len(values), path=path,
                        field=field_name, fids=short_list(empty))
    if field_type in INTEGER_FIELDS or field_type == ogr.OFTReal:
        return integer_codes(path, field_name, values)
    names = sorted(set(values))
    lookup = {name: code for code, name in enumerate(names, 1)}
    return np.array([lookup[value] for value in values], dtype=np.int64), np.arange(1, len(names) + 1), names


#: The largest class code a classification raster holds (UInt32, its widest type).
MAX_CLASS_CODE = 2**32 - 1


def integer_codes(path, field_name, values):
    """Codes, labels and names of a numeric class field (`values`: one at least); values must be whole
    numbers from 1 to MAX_CLASS_CODE."""
    fractional = sorted({value for value in values if not math.isfinite(value) or value != math.floor(value)},
                        key=str)
    if fractional:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "class field {field!r} of {path!r} holds non-integer values {values}; use integer "
            "class codes or a text field"), field=field_name, path=path, values=fractional[:5])
    labels = np.unique(values)
    if labels[0] <= 0:
        bad = [int(label) for label in labels[labels <= 0]]
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "class field {field!r} of {path!r} holds codes {codes}; codes must be >= 1 (0 is "
            "the no-data value of the classification): recode these classes (e.g. add 1 to every code) or "
            "use a text field"), field=field_name, path=path, codes=bad)
    if labels[-1] > MAX_CLASS_CODE:
        bad = [int(label) for label in labels[labels > MAX_CLASS_CODE]]
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "class field {field!r} of {path!r} holds codes {codes}; a classification raster "
            "holds codes up to {maximum}: recode these classes or use a text field"),
            field=field_name, path=path, codes=bad[:5], maximum=MAX_CLASS_CODE)
    labels = labels.astype(np.int64)  # whole numbers from 1 to MAX_CLASS_CODE: exact
    return np.array(values, dtype=np.int64), labels, [str(label) for label in labels]


def spelling_key(name):
    """A class name as a reader sees it: Unicode compatibility form, case folded, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def similar_names(names):
    """A warning for each group of class `names` (text) that differ only in case, spacing or Unicode form:
    they are different classes to the model, and are likely one class to the person who typed them."""
    groups = {}
    for name in names:
        groups.setdefault(spelling_key(name), []).append(name)
    return [warning("warning similar names", names=", ".join(map(repr, group)), count=len(group))
            for group in groups.values() if len(group) > 1]


def raw_class_value(feature, index, field_type):
    """The class value of `feature`: a number for numeric fields, stripped text otherwise, None if unset."""
    if not feature.IsFieldSetAndNotNull(index):
        return None
    if field_type in INTEGER_FIELDS:
        return feature.GetFieldAsInteger64(index)
    if field_type == ogr.OFTReal:
        return feature.GetFieldAsDouble(index)
    return feature.GetFieldAsString(index).strip()


def layer_crs(layer):
    """The CRS of `layer` in x/y order, or None when it declares none: also GeoPackage's 'undefined'
    geographic and Cartesian CRSs (srs_id 0 and -1), which GDAL writes for a layer made without one, and
    the .prj GDAL writes of them in a copy as a shapefile."""
    crs = layer.GetSpatialRef()
    name = (crs.GetName() or "").lower().replace("_", " ").removeprefix("gcs ") if crs is not None else ""
    if crs is None or (not crs.GetAuthorityCode(None) and name in UNDEFINED_CRS):
        return None
    crs = crs.Clone()
    crs.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    return crs


def coordinate_transform(raster_path, raster_wkt, geotransform, vector_path, layer, log, warnings,
                         operation=None):
    """The transformation from the layer's CRS to the raster's (by `operation` when given, else PROJ's
    choice), or None when none is needed."""
    raster_crs, vector_crs = spatial_reference(raster_wkt), layer_crs(layer)
    if geotransform is None and vector_crs is not None:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "raster {raster!r} has no georeferencing (no geotransform) but vector {vector!r} is "
            "in {crs}; georeference the raster (e.g. gdal_translate -a_srs ... -a_ullr ...) or draw the "
            "samples on it"), raster=raster_path, vector=vector_path, crs=crs_name(vector_crs))
    if raster_crs is None or vector_crs is None:
        if (raster_crs is None) != (vector_crs is None):
            warnings.append(warning("warning crs", raster_crs=crs_name(raster_crs),
                                    vector_crs=crs_name(vector_crs)))
        return None
    if raster_crs.IsSame(vector_crs):
        return None
    if log:
        log(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Vector {vector!r} is in {vector_crs}, raster in {raster_crs}: reprojecting the "
            "features to the raster's CRS on the fly"),
            vector=vector_path, vector_crs=crs_name(vector_crs), raster_crs=crs_name(raster_crs)))
    try:
        transform = chosen_transform(vector_crs, raster_crs, operation) if operation else \
            osr.CoordinateTransformation(vector_crs, raster_crs)
    except RuntimeError:
        transform = None
    if transform is None or transform.this is None:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "PROJ knows no transformation from the CRS of vector {vector!r} ({vector_crs}) to "
            "that of raster {raster!r} ({raster_crs}); check both CRS (Layer Properties > Source) or "
            "reproject the vector to the raster's"),
            vector=vector_path, vector_crs=crs_name(vector_crs), raster=raster_path,
            raster_crs=crs_name(raster_crs))
    return transform


def chosen_transform(vector_crs, raster_crs, operation):
    """The transformation from `vector_crs` to `raster_crs` by `operation` (PROJ string, inverse), a
    coordinate operation as QGIS gives it: in x/y order on both sides (GDAL reorders no axis for it)."""
    source, target = vector_crs.Clone(), raster_crs.Clone()
    for reference in (source, target):
        reference.SetAxisMappingStrategy(osr.OAMS_AUTHORITY_COMPLIANT)
    options = osr.CoordinateTransformationOptions()
    options.SetOperation(*operation)
    return osr.CoordinateTransformation(source, target, options)


def point_pixels(geometry, inverse, width, height):
    """(rows, cols) of the pixels holding the points of a (multi)point geometry that lie on the raster."""
    coords = np.array([geometry.GetGeometryRef(k).GetPoint_2D() for k in range(geometry.GetGeometryCount())]
                      if geometry.GetGeometryCount() else [geometry.GetPoint_2D()], dtype=np.float64)
    cols = np.floor(inverse[0] + inverse[1] * coords[:, 0] + inverse[2] * coords[:, 1]).astype(np.int64)
    rows = np.floor(inverse[3] + inverse[4] * coords[:, 0] + inverse[5] * coords[:, 1]).astype(np.int64)
    inside = (cols >= 0) & (cols < width) & (rows >= 0) & (rows < height)
    return rows[inside], cols[inside]


def pixel_box(geometry, inverse, width, height):
    """Pixel box col0, row0, col1, row1 (end exclusive) of a geometry's envelope, clipped to the raster."""
    x_min, x_max, y_min, y_max = geometry.GetEnvelope()
    xs = np.array([x_min, x_max, x_min, x_max])
    ys = np.array([y_min, y_min, y_max, y_max])
    cols = inverse[0] + inverse[1] * xs + inverse[2] * ys
    rows = inverse[3] + inverse[4] * xs + inverse[5] * ys
    return (max(0, math.floor(cols.min())), max(0, math.floor(rows.min())),
            min(width, math.floor(cols.max()) + 1), min(height, math.floor(rows.max()) + 1))


def reprojected(geometry, transform):
    """A copy of `geometry` in the raster's CRS, or None where PROJ cannot transform one of its points
    (coordinates not valid in the layer's CRS)."""
    geometry = geometry.Clone()
    if transform is None:
        return geometry
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    try:
        failed = geometry.Transform(transform) != 0
    except RuntimeError:
        failed = True
    finally:
        gdal.PopErrorHandler()
    return None if failed or not np.isfinite(geometry.GetEnvelope()).all() else geometry


def locate(geometry, inverse, width, height):
    """Geometry (None for points), point pixels (or None) and pixel box of a feature in the raster's CRS."""
    if ogr.GT_Flatten(geometry.GetGeometryType()) in _POINT_TYPES:
        rows, cols = point_pixels(geometry, inverse, width, height)
        box = (cols.min(), rows.min(), cols.max() + 1, rows.max() + 1) if len(rows) else (0, 0, 0, 0)
        return None, (rows, cols), box
    if geometry.HasCurveGeometry():
        geometry = geometry.GetLinearGeometry()
    return geometry, None, pixel_box(geometry, inverse, width, height)


def class_field_index(vector_path, layer, class_field, layer_name=None):
    """Index and OGR type of the class field, or DataError listing the layer's fields (the messages name the
    layer `layer_name` of `vector_path`: by default, the OGR layer's own name)."""
    layer_name = layer_name or layer.GetName()
    definition = layer.GetLayerDefn()
    index = definition.GetFieldIndex(class_field)
    if index < 0:
        fields = [definition.GetFieldDefn(k).GetName() for k in range(definition.GetFieldCount())]
        if class_field and class_field == layer.GetFIDColumn():  # QGIS lists a GeoPackage's FIDs as a field
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "{field!r} of layer {layer!r} of {path!r} is its feature ID, one per feature, "
                "not a class field; choose the field that holds the classes: {fields}"),
                field=class_field, layer=layer_name, path=vector_path, fields=", ".join(fields) or "-")
        if not fields:
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "layer {layer!r} of {path!r} has no field {field!r}; its fields are: none"),
                layer=layer_name, path=vector_path, field=class_field)
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "layer {layer!r} of {path!r} has no field {field!r}; its fields are: {fields}"),
            layer=layer_name, path=vector_path, field=class_field, fields=", ".join(fields))
    return index, definition.GetFieldDefn(index).GetType()


def invalidity(geometry):
    """None for a geometry GEOS finds valid, else GEOS's reason ('Self-intersection at or near point 5 5'),
    caught by a handler of our own: GDAL's last error message loses it where GDAL's Python exceptions are
    on, as in QGIS."""
    said = []
    gdal.PushErrorHandler(lambda _, __, message: said.append(message))
    try:
        valid = geometry.IsValid()
    finally:
        gdal.PopErrorHandler()
    return None if valid else (said[-1] if said else "invalid")


def read_features(raster_path, dataset, vector_path, class_field, layer=None, log=None, is_canceled=None,
                  invalid="use", raster_crs=None, operation=None, shown=None):
    """The Features of a vector layer over the raster `dataset` (GDAL), in the raster's pixel grid and in
    its CRS (`raster_crs`, a WKT, where that is not its file's), reprojected by `operation` (PROJ string,
    inverse) where given, else by PROJ's choice; a feature of invalid geometry is read, left out or stops the
    reading as `invalid` says (INVALID_GEOMETRY_RULES). The messages name the layer and its features as
    `shown` (Shown) names a copy QGIS wrote of it (default: the file read, its layer and FIDs)."""
    if invalid not in INVALID_GEOMETRY_RULES:
        raise DataError(QT_TRANSLATE_NOOP("GmmSelect", "invalid is {value!r}; it must be one of {rules}"),
                        value=invalid, rules=", ".join(map(repr, INVALID_GEOMETRY_RULES)))
    source, found = open_layer(vector_path, layer)
    vector_path, layer_name = shown_names(shown, vector_path, found.GetName())
    index, field_type = class_field_index(vector_path, found, class_field, layer_name)
    geotransform = geotransform_of(dataset)
    warnings = []
    transform = coordinate_transform(raster_path, raster_crs or dataset.GetProjection(), geotransform,
                                     vector_path, found, log, warnings, operation)
    inverse = gdal.InvGeoTransform(geotransform or (0.0, 1.0, 0.0, 0.0, 0.0, 1.0))
    width, height = dataset.RasterXSize, dataset.RasterYSize
    values, fids, geometries, points, boxes, lines, unprojected, invalids = [], [], [], [], [], [], [], []
    n_without_geometry = 0
    found.ResetReading()
    for number, feature in enumerate(found):
        if number % 1000 == 0:
            check_canceled(is_canceled)
        geometry = feature.GetGeometryRef()
        if geometry is None or geometry.IsEmpty():
            n_without_geometry += 1
            continue
        if ogr.GT_Flatten(geometry.GetGeometryType()) in _LINE_TYPES:
            lines.append(feature_id(feature, shown))
            continue
        reason = None if invalid == "use" else invalidity(geometry)
        if reason is not None:
            invalids.append((feature_id(feature, shown), reason))
            continue
        values.append(raw_class_value(feature, index, field_type))
        fids.append(feature_id(feature, shown))
        geometry = reprojected(geometry, transform)
        if geometry is None:
            unprojected.append(fids[-1])
        located = locate(geometry, inverse, width, height) if geometry is not None \
            else (None, NO_PIXEL, (0, 0, 0, 0))
        geometries.append(located[0])
        points.append(located[1])
        boxes.append(located[2])
    check_no_lines(vector_path, layer_name, lines, len(lines) + len(fids) + len(invalids))
    if invalids:
        warnings.append(invalid_geometries(vector_path, layer_name, invalids, len(fids) + len(invalids),
                                           invalid))
    if not fids:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "layer {layer!r} of {path!r} has no feature with a geometry: draw polygons (or "
            "points) over the raster, or choose another layer"), layer=layer_name, path=vector_path)
    codes, labels, names = class_codes(vector_path, class_field, field_type, values, fids)
    warnings += similar_names(names)
    boxes = np.array(boxes, dtype=np.int64).reshape(-1, 4)
    outside = outside_raster(boxes)
    n_outside = int(outside.sum())
    if n_without_geometry:
        warnings.append(warning("warning no geometry", count=n_without_geometry, vector=repr(vector_path)))
    if unprojected:
        warnings.append(warning("warning not reprojected", count=len(unprojected), vector=repr(vector_path),
                                fids=short_list(unprojected)))
    if n_outside:
        warnings.append(warning("warning outside", count=n_outside, total=len(boxes),
                                vector=repr(vector_path), raster=repr(raster_path),
                                fids=short_list(np.array(fids)[outside])))
    if outside.all():
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "no feature of {vector!r} (layer {layer!r}, features: {count}) lies over raster "
            "{raster!r} ({width} x {height} px); check that both cover the same area and that their CRS are "
            "declared correctly"), count=len(boxes), vector=vector_path, layer=layer_name,
            raster=raster_path, width=width, height=height)
    return Features(geometries, points, codes, np.array(fids, dtype=np.int64), boxes, labels, names,
                    n_without_geometry, transform is not None, warnings)


def invalid_geometries(vector_path, layer_name, invalids, n_features, invalid):
    """The warning on the features of invalid geometry `invalids` [(FID, GEOS's reason)] left out, or the
    DataError that stops the reading (`invalid` 'stop')."""
    invalids = sorted(invalids)
    fids = short_list([fid for fid, _ in invalids])
    if invalid == "stop":
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "features of layer {layer!r} of {path!r} with an invalid geometry: {count} of "
            "{total} (FIDs {fids}; the first: {reason}); repair them (Processing's Fix geometries), or have "
            "them left out (Settings > Options > Processing > General > Invalid features filtering)"),
            layer=layer_name, path=vector_path, count=len(invalids), total=n_features, fids=fids,
            reason=invalids[0][1])
    return warning("warning invalid skipped", vector=repr(vector_path), count=len(invalids), total=n_features,
                   fids=fids, reason=invalids[0][1])


def check_no_lines(vector_path, layer_name, lines, n_features):
    """DataError when features with a geometry are lines (FIDs `lines`): samples come from areas or points."""
    if lines:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "features of layer {layer!r} of {path!r} that are lines: {count} of {total} (FIDs "
            "{fids}); training samples come from polygons (the pixels inside) or points (the pixel under "
            "each): buffer the lines into polygons first (e.g. Processing's Buffer) or choose a polygon or "
            "point layer"), count=len(lines), total=n_features, layer=layer_name, path=vector_path,
            fids=short_list(lines))
