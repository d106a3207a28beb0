"""The warnings of the data layer: one English template each, marked for translation.

A warning is its template filled in, in English: so it is logged as it is and kept as text in model
files. `recognise` finds the template and the values a warning text was made from, so a report can give
any warning, also one read from an older model file, in its own language (report.Words.warning).
"""

import re

from ..core.texts import QT_TRANSLATE_NOOP, Text

#: Every warning of the data layer. Placeholders are named and filled with text (numbers formatted).
WARNINGS = {
    "warning crs": QT_TRANSLATE_NOOP(
        "GmmSelect", "only one of raster and vector has a CRS ({raster_crs} vs {vector_crs}): the vector's "
        "coordinates are taken as the raster's"),
    "warning no geometry": QT_TRANSLATE_NOOP(
        "GmmSelect", "{count} features of {vector} have no geometry and were skipped"),
    "warning outside": QT_TRANSLATE_NOOP(
        "GmmSelect", "{count} of the {total} features of {vector} lie outside raster {raster} and give no "
        "sample"),
    "warning not reprojected": QT_TRANSLATE_NOOP(
        "GmmSelect", "{count} features of {vector} cannot be reprojected to the raster's CRS (FIDs {fids}): "
        "their coordinates are not valid in the CRS the layer declares; they give no sample. Check the "
        "layer's CRS"),
    "warning contested": QT_TRANSLATE_NOOP(
        "GmmSelect", "{count} pixels covered by features of different classes were dropped"),
    "warning no pixel centre": QT_TRANSLATE_NOOP(
        "GmmSelect", "{count} features over the raster cover no pixel centre (smaller or thinner than a "
        "pixel); enlarge them or use all_touched"),
    "warning none held out": QT_TRANSLATE_NOOP(
        "GmmSelect", "class '{name}' has {count} polygon(s): none held out, so the held-out accuracy does "
        "not cover it"),
    "warning few polygons": QT_TRANSLATE_NOOP(
        "GmmSelect", "class '{name}' has {count} training polygon(s) for {folds} folds: {empty} of the folds "
        "test none of it and each of the others takes a large share of it away; with so few polygons, "
        "leave-one-polygon-out (FOLDS = 0) gives the steadier cross-validation"),
    "warning indistinguishable": QT_TRANSLATE_NOOP(
        "GmmSelect", "classes '{first}' and '{second}' are indistinguishable on the bands used "
        "(Jeffries-Matusita distance {jm}; {ceiling} is full separation): even the best rule confuses them "
        "about half of the time. Check the raster (constant or empty bands?) and the training polygons of "
        "both classes, or merge them"),
    "warning degrees": QT_TRANSLATE_NOOP(
        "GmmSelect", "the map is in a geographic CRS: areas are in square degrees, which vary with latitude; "
        "reproject the map to an equal-area projection for areas"),
    "warning no georeferencing": QT_TRANSLATE_NOOP(
        "GmmSelect", "the map has no georeferencing: areas are in pixels"),
    "warning no crs": QT_TRANSLATE_NOOP(
        "GmmSelect", "the map has no CRS: areas are in square map units"),
    "warning alpha band": QT_TRANSLATE_NOOP(
        "GmmSelect", "GDAL reads band {band} of raster {raster} as its alpha band, so the pixels where that "
        "band is 0 are left out as no-data; if it holds data (GDAL writes a 4-band Byte GeoTIFF as RGBA "
        "unless told otherwise), make it a data band (gdal_edit.py -colorinterp_<band> undefined <file>) "
        "and run again"),
    "warning similar names": QT_TRANSLATE_NOOP(
        "GmmSelect", "class names {names} differ only in case, spacing or Unicode form: they are {count} "
        "different classes; if they are one class, give its features one spelling"),
}

PLACEHOLDER = re.compile(r"\\\{(\w+)\\\}")


def warning(key, **values):
    """The Text of warning `key` with its placeholders filled by `values`."""
    return Text(WARNINGS[key], **values)


def warning_lines(texts):
    """The log lines of the warnings `texts`, 'warning: ...' each."""
    return [Text(QT_TRANSLATE_NOOP("GmmSelect", "warning: {text}"), text=text) for text in texts]


def pattern(template):
    """A regular expression matching the texts of `template`, one named group per placeholder."""
    return re.compile(PLACEHOLDER.sub(r"(?P<\1>.*)", re.escape(template)), re.DOTALL)


PATTERNS = {key: pattern(template) for key, template in WARNINGS.items()}


def recognise(text):
    """(key, values) of the template `text` was made from, or None (a text of no template)."""
    for key, expression in PATTERNS.items():
        found = expression.fullmatch(text)
        if found:
            return key, found.groupdict()
    return None
