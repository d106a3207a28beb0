"""Randomised runs: the algorithms as a user runs them (processing.run, or the qgis_process executable), on
random inputs and random parameter values, one seeded case after another.

    /usr/bin/python3 dev/scripts/randomised_runs.py [--seeds 0:300] [--qgis-process | --french]
                                                    [--messages FILE]

A case makes a random scene (1 to 6 bands of any pixel type, no-data, NaN, a CRS or none; square, rectangular,
rotated or south-up pixels; band names, wavelengths, both or neither; a GeoTIFF, an ENVI file, a VRT, a page
of a multi-page GeoTIFF (a subdataset) or a GeoTIFF opened with an option, loaded as QGIS loads such a layer,
at times with no-data values or a CRS set in QGIS; Predict's mask and the map the sample design and Assess (or
Assess alone) read at times with no-data values set in QGIS), a random class layer (polygons, points, several
parts, features without a geometry or outside the scene, at times a line; a class field of text, integers or
reals, named with spaces or accents, with empty and null values and names that differ only in case; the
scene's CRS, WGS 84, PSAD56 (whose datum PROJ links to WGS 84 by 9 operations, one of which the project then
sets at times, either way round) or none; a GeoPackage, a shapefile (FIDs from 0) or a memory layer of the
project (ids 1, 2... in a random order, some deleted; at times with the file's field 'fid', which is not its
ids)) and a random table of spectra (its column types in a .csvt, guessed by OGR as QGIS may open it, or none;
band values and classes left blank at times; at times loaded as delimited text: FIDs = line numbers, from 2);
the class layer is at times a layer of the project with edits not saved (a class changed or emptied, a feature
deleted or added, a geometry made invalid) or a virtual class field, at times holds a polygon of invalid
geometry (a ring crossing itself), and is read with one of Processing's three invalid-feature checks, at times
set on the layer itself (its advanced options); it, the table and Assess's points are at times given as their
selected features only (a random share selected in the project) or their first n. Then it runs a chain: a
training algorithm (Train GMM, Train Selection or Train Selection from a table), Predict with its model (a
bundled model when training was refused), the sample design on the map, Assess with its points relabelled in
part (in a GeoPackage or a shapefile, at times with the strata they were drawn in, some changed as if drawn on
another map, a point twice or one off the map). Each parameter keeps its default or takes a value drawn from
valid and invalid ones (out of range, NaN, fractions, lists that are not lists, option keys, wrong fields),
each output a path of the right or a wrong extension, onto an input or another output, in a folder that does
not exist; one run in five is cancelled at a random progress (not through qgis_process).

One case in three is valid: what a careful user gives, so the chain runs to its end more often. Its scene is
georeferenced (a CRS set in QGIS is the one its pixels are in, a no-data range set in QGIS is narrow); its
class layer holds 24 to 40 features (no line, none deleted below 24), every one of a class (no empty, null,
fractional or out-of-range value) in its class field, in no CRS where the scene has none, read with no stop at
an invalid feature and no fewer than its first 24; its table has one typed column per band (a .csvt, or
guessed by OGR), a number in every cell, six spectra a class at least, grouped or not; Predict's mask lies on
the scene's grid and a table's model has its bands mapped by hand (BAND_MAP, by name or number); Assess's
points are relabelled among the map's classes, none twice or off the map, their strata as drawn; each
parameter keeps its default or takes a valid value (one in four: in range, an option's index or key, a list of
numbers), each output the right extension, a new folder or a name with spaces and accents; no run is
cancelled, and a refused training ends the chain. Claims of every run:

- it returns its outputs, or raises a QgsProcessingException whose message holds no traceback and no text
  of Python's or NumPy's own errors, raised by the plugin's own checks (not from inside NumPy, SciPy or
  GDAL), and calls no input missing that GDAL opens;
- refused or cancelled, it leaves the case's folders exactly as they were, byte for byte;
- done, it changed no file that existed before but those it was asked to write (an existing file that is
  not one of its inputs is replaced, as QGIS does) and wrote nothing beside its outputs' folders;
- in both cases but for what GDAL's PAM writes when QGIS loads a raster (any algorithm's input) and
  computes its statistics: the raster's `.aux.xml`, and a VRT input rewritten with them inside;
- what it returns opens: the model loads, the rasters have the scene's size, the tables and the sample
  points read;
- a model trained on the scene records how QGIS gave its inputs as the case gave them: Processing's
  invalid-feature check, the selected features only, a feature limit, the project's transformation, the
  scene's no-data and CRS set in QGIS;
- where a GeoTIFF scene's bands carry names or wavelengths and a model was trained on it, Predict maps the
  scene as another image would hold it (its bands in another order, maybe one extra band of another name
  and wavelength) as it maps the scene, pixel for pixel;
- no message (its refusal, the warnings and infos it logs) names a file the user did not give: the copy
  QGIS wrote of a layer (in its temporary folder, processing_...), a stack the plugin built in /vsimem/;
- every FID a message names is of a feature of the run's layer or table as the case gave it (its feature
  ids in QGIS for a layer of the project, among the selected ones or the first n where it was given so; its
  OGR FIDs for a file's path), and where the message names it for what the layer as QGIS shows it tells (an
  empty class, an invalid geometry, an empty or non-finite band value, a line) the feature shows it (the
  FIDs of other messages, such as points outside the map, are only checked to be the layer's).

Each case is one seed; a broken claim is printed with the seed and the run's parameters (run it alone
with --seeds N:N+1), then the counts of valid cases, of runs done and refused, of models trained and of scenes
travelled. README, Development: what these runs found.
"""

import argparse
import csv
import json
import math
import os
import re
import shutil
import sys
import tempfile
import time
import traceback
import warnings
from contextlib import nullcontext
from typing import NamedTuple

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "bench"), os.path.join(HERE, "..", "..", "tests")]
from _package import use_repository  # noqa: E402

os.environ.setdefault("GMMSELECT_PLUGIN_PARENT", use_repository())  # qgis_process's plugin path
from osgeo import gdal, ogr, osr  # noqa: E402
from qgis_helpers import REPO, french_translation, recorder, run_qgis_process, start_qgis  # noqa: E402
from randomised_checks import RASTER_TYPES, random_class_map, random_feature, random_polygon  # noqa: E402
from test_processing_safety import snapshot  # noqa: E402
from test_raster_fixtures import crossing_ring, describe_bands, write_raster  # noqa: E402

BUNDLED_MODEL = os.path.join(REPO, "tests", "data", "model_v1", "selection.gmm")
#: Where an error raised inside these packages is a fault of ours that a message only hides.
FOREIGN = ("numpy", "scipy", "osgeo", "dask", "distributed")
#: Texts of Python's and NumPy's own errors: a message holding one was not written for a user.
RAW_ERRORS = ("Traceback", "could not convert", "invalid literal", "broadcast", "out of bounds",
              "NoneType", "not supported between", "math domain", "zero-size array", "too many values",
              "has no attribute", "unhashable", "object is not", "list index", "tuple index", "KeyError",
              "unexpected keyword", "positional argument", "must be real number", "dtype(")
#: A refusal that calls an input missing, in English or French: the path it names.
MISSING = re.compile(r"'([^']+)' (?:does not exist|n'existe pas)")
#: A file no user gave: in QGIS's temporary folder of Processing (/tmp/processing_XXXXXX, where it writes
#: its copies of layers) or in GDAL's memory (the stacks the plugin builds).
TEMPORARY = re.compile(r"[^\s'\"]*(?:processing_\w|/vsimem/)[^\s'\"]*")
#: The FIDs a message names: 'FID 20', 'FIDs 3, 8, 12, ...', French 'FID 3, 8' (QGIS's new features: < 0).
FIDS = re.compile(r"\bFIDs? (-?\d+(?:, -?\d+)*)")
#: The feature source of each algorithm that has one: the features a message's FIDs are of.
VECTOR_INPUTS = {"gmmselect:traingmm": "TRAINING", "gmmselect:trainselection": "TRAINING",
                 "gmmselect:trainselectiontable": "INPUT", "gmmselect:assess": "REFERENCE"}
#: The messages naming features by a property the layer as QGIS gives it shows, in English or French: the
#: property's name, the message's words (with the field it names, if any).
FEATURE_KINDS = [
    ("empty class", re.compile(r"empty class field '(?P<field>.+?)'|"
                               r"champ de classe '(?P<champ>.+?)' est vide")),
    ("invalid geometry", re.compile(r"with an invalid geometry|à la géométrie invalide")),
    ("band value", re.compile(r"non-finite band value: .*?field '(?P<field>.+?)'\)|"
                              r"vide ou non finie : .*?champ '(?P<champ>.+?)'\)")),
    ("line", re.compile(r"that are lines|qui sont des lignes")),
]
#: A shapefile's text in UTF-8, and its .cpg saying so: once QGIS's OGR provider has run in the process it
#: sets SHAPE_ENCODING empty, and GDAL then writes the names as they are (UTF-8) under a language driver
#: declaring ISO-8859-1, which QGIS decodes as declared ('Classe é' shown 'Classe Ã©'), while before that
#: GDAL recodes them to ISO-8859-1: a case would depend on the cases run before it.
UTF8_SHAPEFILE = ["ENCODING=UTF-8"]
PROJECTED, GEOGRAPHIC = 32719, 4326
#: PSAD56, whose datum PROJ links to WGS 84 by 9 operations over the scenes (a project may set one).
PSAD56 = 4248
#: Geotransforms of the scene: north up with square pixels (most often), rectangular pixels, rotated,
#: south up.
GRIDS = [(300000.0, 30.0, 0.0, 6300000.0, 0.0, -30.0)] * 5 + [
    (300000.0, 30.0, 0.0, 6300000.0, 0.0, -20.0), (300000.0, 25.98, 15.0, 6300000.0, 15.0, -25.98),
    (300000.0, 30.0, 0.0, 6290000.0, 0.0, 30.0)]
ODD_TEXTS = ["", " ", "abc", "1,,2", "-1", "nan", "inf", "1e400", "0.5 1", "0;1", "1e-3, 1e-2", "0, 0.5, 1",
             "2", "0.5", "[1]", "1:3", "10, 20", "0.7, 0.9"]
ODD_NUMBERS = [-1, 0, 1, 2, 3, 0.5, 0.999, 1e9, 51, 21, 1e13, "abc", None, float("nan")]
#: Valid values of the number and text parameters a valid case draws (the others are its base's).
VALID_NUMBERS = {"VALIDATION": [0, 0.1, 0.3, 0.5], "SEED": [0, 1, 42, 2 ** 31 - 1], "TAU": [0, 1e-3, 1, 100],
                 "N_FEATURES": [0, None], "CONFIDENCE": [0.5, 0.9, 0.95, 0.999]}
VALID_TEXTS = {"TAU": ["", "0", "1e-3", "0, 0.01, 1", "1e-3; 1e-2", "10 20"],
               "ALPHA": ["", "0", "0.5", "1", "0, 0.5, 1", "0.7, 0.9"], "EXPECTED_UA": ["0.5", "0.7", "0.95"],
               "BAND_MAP": [""], "WAVELENGTHS": [""]}


def case_parameters(rng, algorithm, base, valid=False):
    """`base` with parameters of `algorithm` other than inputs and outputs, one in twelve, drawn at random
    (in a valid case one in four, from valid values only)."""
    parameters = dict(base)
    for definition in algorithm.parameterDefinitions():
        name, kind = definition.name(), definition.type()
        if name in base or definition.isDestination() or name == "DASK_SCHEDULER" or \
                rng.random() > (1 / 4 if valid else 1 / 12):
            continue
        if kind == "enum":
            options = [option.split(":")[0] for option in definition.options()]
            wrong = [] if valid else [len(options) + 2, "nonsense"]
            parameters[name] = rng.choice([*range(len(options)), *options, *wrong])
        elif kind == "boolean":
            parameters[name] = bool(rng.random() < 0.5)
        elif kind == "number":
            values = VALID_NUMBERS[name] if valid else ODD_NUMBERS
            parameters[name] = values[rng.integers(len(values))]
        elif kind == "string":
            parameters[name] = str(rng.choice(VALID_TEXTS[name] if valid else ODD_TEXTS))
    return {name: value.item() if isinstance(value, np.generic) else value
            for name, value in parameters.items()}


# -- inputs ---------------------------------------------------------------------------------------

def random_scene(rng, path, valid=False):
    """A scene of 1 to 6 bands (12 to 60 pixels a side, one of GRIDS, always georeferenced in a `valid`
    case) whose quarters hold 4 classes' spectra plus noise, maybe no-data and NaN, a GeoTIFF (an ENVI file
    or a VRT over the GeoTIFF, one time in ten each, or the second page of a multi-page GeoTIFF: a
    subdataset; or the GeoTIFF named with an open option, one time in seven); returns (its name as QGIS
    names its layer, the file behind it, its geotransform, its EPSG or None)."""
    height, width, bands = int(rng.integers(12, 61)), int(rng.integers(12, 61)), int(rng.integers(1, 7))
    dtype = RASTER_TYPES[rng.integers(len(RASTER_TYPES))]
    quarter = (np.arange(height)[:, None] >= height // 2) * 2 + (np.arange(width)[None] >= width // 2)
    means = rng.uniform(20, 100, (4, bands))
    noise = rng.normal(0, rng.choice([0.5, 5, 20]), (bands, height, width))
    values = means[quarter].transpose(2, 0, 1) + noise
    if rng.random() < 0.2:
        values[:, :, :] = values[:1]  # every band the same: singular covariances
    values = np.clip(values, 0, 250).astype(dtype)
    nodata = None
    if rng.random() < 0.3:
        nodata = 0
        values[:, rng.random((height, width)) < 0.1] = 0
    if np.issubdtype(dtype, np.floating) and rng.random() < 0.3:
        values[rng.random(values.shape) < 0.05] = np.nan
    epsg = PROJECTED if rng.random() < 0.85 else None
    transform = GRIDS[rng.integers(len(GRIDS))]
    write_raster(path, values, transform if epsg or valid or rng.random() < 0.5 else None,
                 epsg=epsg or PROJECTED, nodata=nodata)
    if epsg is None and gdal.Open(path).GetGeoTransform(can_return_null=True):
        gdal.Open(path, gdal.GA_Update).SetProjection("")
    identity = rng.random()  # band names, wavelengths, both or neither
    describe_bands(path, [f"band {chr(65 + k)}" for k in range(bands)] if identity < 0.5 else None,
                   sorted(rng.uniform(400, 2400, bands)) if 0.3 <= identity < 0.75 else None, "nm")
    form = rng.random()
    if form < 0.1:  # ENVI: a .img and its .hdr
        envi = os.path.splitext(path)[0] + ".img"
        gdal.Translate(envi, path, format="ENVI")
        os.remove(path)
        path = envi
    elif form < 0.2:  # a VRT over the GeoTIFF
        vrt = os.path.splitext(path)[0] + ".vrt"
        gdal.Translate(vrt, path, format="VRT")
        path = vrt
    elif form < 0.3:  # the second page of a multi-page GeoTIFF, named as GDAL and QGIS name a subdataset
        pages = os.path.splitext(path)[0] + "_pages.tif"
        gdal.Translate(pages, path, bandList=[1])
        gdal.Translate(pages, path, creationOptions=["APPEND_SUBDATASET=YES"])
        os.remove(path)
        return f"GTIFF_DIR:2:{pages}", pages, transform, epsg
    elif form < 0.35:  # the GeoTIFF opened with an option, as QGIS names such a layer
        return f"{path}|option:NUM_THREADS=2", path, transform, epsg
    return path, path, transform, epsg


def travelled(rng, scene, path):
    """The GeoTIFF `scene` as another image may hold it, at `path`: its bands in another order, with their
    names, wavelengths and no-data, and maybe one extra band of another name and wavelength."""
    source = gdal.Open(scene)
    order = [int(number) for number in rng.permutation(source.RasterCount) + 1]
    if rng.random() < 0.5:
        order.insert(int(rng.integers(len(order) + 1)), 0)  # 0: the extra band, band 1's values
    bands = [source.GetRasterBand(max(number, 1)) for number in order]
    target = gdal.GetDriverByName("GTiff").Create(path, source.RasterXSize, source.RasterYSize, len(order),
                                                  bands[0].DataType, ["PHOTOMETRIC=MINISBLACK"])  # no alpha
    target.SetGeoTransform(source.GetGeoTransform())
    target.SetProjection(source.GetProjection())
    for number, (band, original) in enumerate(zip(bands, order), 1):
        copy = target.GetRasterBand(number)
        copy.WriteArray(band.ReadAsArray())
        if band.GetNoDataValue() is not None:
            copy.SetNoDataValue(band.GetNoDataValue())
        named, metadata = band.GetDescription(), band.GetMetadata()
        if original == 0:
            named = "extra band" if named else ""
            metadata = {**metadata, "wavelength": "9999"} if "wavelength" in metadata else {}
        copy.SetDescription(named)
        copy.SetMetadata(metadata)
    target = None
    return path


#: Per field type: four class values, then odd ones that are classes, then odd ones that are not (an odd
#: one replaces a class in one case of four).
CLASS_VALUES = {
    ogr.OFTString: (["water", "forest", "crop", "bare soil"], ["Water", "Bare  soil", "Forêt"], ["", None]),
    ogr.OFTInteger: ([1, 2, 3, 40], [2 ** 31 - 1, 1], [0, -1, None]),
    ogr.OFTInteger64: ([1, 2, 3301010100, 4], [2 ** 32 - 1], [2 ** 33, None]),
    ogr.OFTReal: ([1.0, 2.0, 3.0, 4.0], [40.0], [1.5, -2.0, None]),
}


def random_layer(rng, path, transform, size, scene_epsg, field, valid=False, polygons=False):
    """6 to 30 training features (24 to 40 in a `valid` case, whose class values are all classes) over the
    quarters of a scene of `size` (columns, rows), a class per quarter, some off the scene or without a
    geometry, one a line at times (not in a valid case), in a GeoPackage or a shapefile (`path`'s extension:
    FIDs from 0; polygons only, as where `polygons`: a point drawn becomes a polygon, and no line), their
    class in `field`, in the scene's CRS, WGS 84, PSAD56 or none (none in a valid case whose scene has none):
    (its path, its EPSG or None)."""
    kind = list(CLASS_VALUES)[rng.integers(len(CLASS_VALUES))]
    labels, classes, wrong = (list(values) for values in CLASS_VALUES[kind])
    odd = classes if valid else classes + wrong
    if odd and rng.random() < 0.25:
        labels[rng.integers(4)] = odd[rng.integers(len(odd))]
    epsg = int(rng.choice([scene_epsg or PROJECTED, GEOGRAPHIC, PSAD56], p=[0.55, 0.3, 0.15])) \
        if rng.random() < 0.9 else None
    if valid and scene_epsg is None:  # the features in the scene's own coordinates
        epsg = None
    reference = osr.SpatialReference()
    reference.ImportFromEPSG(epsg or PROJECTED)
    reference.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    to_layer = None
    if epsg in (GEOGRAPHIC, PSAD56):
        projected = osr.SpatialReference()
        projected.ImportFromEPSG(PROJECTED)
        projected.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
        to_layer = osr.CoordinateTransformation(projected, reference)
    shapefile = path.endswith(".shp")
    polygons = polygons or shapefile
    source = ogr.GetDriverByName("ESRI Shapefile" if shapefile else "GPKG").CreateDataSource(path)
    layer = source.CreateLayer("training", reference if epsg else None,
                               ogr.wkbMultiPolygon if polygons else ogr.wkbUnknown,
                               options=UTF8_SHAPEFILE if shapefile else [])
    layer.CreateField(ogr.FieldDefn(field, kind))
    layer.CreateField(ogr.FieldDefn("note", ogr.OFTString))
    n_features = int(rng.integers(24, 41) if valid else rng.integers(6, 31))
    line = int(rng.integers(n_features)) if not (valid or polygons) and rng.random() < 0.1 else -1
    for number in range(n_features):
        quarter = number % 4 if number < 16 else int(rng.integers(0, 4))
        col = size[0] / 2 * (quarter % 2 + rng.uniform(0.1, 0.9))
        row = size[1] / 2 * (quarter // 2 + rng.uniform(0.1, 0.9))
        x, y = gdal.ApplyGeoTransform(transform, col, row)
        if rng.random() < 0.05:
            x += 1e5
        feature = ogr.Feature(layer.GetLayerDefn())
        if rng.random() > 0.05:
            extent = transform[1] * rng.choice([0.3, 3, 6], p=[0.1, 0.45, 0.45])
            geometry = random_feature(rng, x, y, extent) if rng.random() > 0.01 else \
                ogr.CreateGeometryFromWkt(crossing_ring(x - extent, y - extent, x + extent, y + extent))
            if number == line:  # a line, which gives no sample
                geometry = ogr.ForceToLineString(geometry.GetBoundary() if geometry.GetDimension() == 2
                                                 else geometry.Buffer(extent).GetBoundary())
            if polygons:
                geometry = ogr.ForceToMultiPolygon(random_polygon(rng, x, y, extent) if
                                                   geometry.GetGeometryType() == ogr.wkbPoint else geometry)
            if to_layer is not None:
                geometry.Transform(to_layer)
            feature.SetGeometry(geometry)
        if labels[quarter] is not None:
            feature.SetField(field, labels[quarter])
        feature.SetField("note", "x")
        layer.CreateFeature(feature)
    source = None
    return path, epsg


def shown_in_qgis(rng, source, field, valid=False):
    """(layer id, class field) of the training layer `source` (a file, or a layer of the project) as a user
    may leave it in QGIS: the class field copied into a virtual field, or one to three edits not saved: a
    feature's class changed, a feature deleted (not below 24 features in a `valid` case) or added (a copy of
    another: a new feature, whose id in QGIS is negative), and not in a valid case a feature's class emptied
    or its geometry made invalid (a ring crossing itself)."""
    from qgis.core import NULL, QgsFeature, QgsField, QgsGeometry, QgsProject, QgsVectorLayer

    project = QgsProject.instance()
    layer = project.mapLayer(source) or project.addMapLayer(QgsVectorLayer(source, "training", "ogr"))
    index = layer.fields().indexOf(field)
    features = list(layer.getFeatures())
    if index < 0 or not features:
        return layer.id(), field
    if rng.random() < 0.3:
        layer.addExpressionField(f'"{field}"', QgsField("copy", layer.fields().field(field).type()))
        return layer.id(), "copy"
    layer.startEditing()
    edits = ["class", "delete", "add"] if valid else ["class", "delete", "add", "empty", "invalid"]
    kept = len(features)
    for number in rng.permutation(len(features))[:int(rng.integers(1, 4))]:
        feature, edit = features[number], edits[rng.integers(len(edits))]
        if edit == "class":
            layer.changeAttributeValue(feature.id(), index, features[rng.integers(len(features))][field])
        elif edit == "delete" and (kept > 24 or not valid):
            layer.deleteFeature(feature.id())
            kept -= 1
        elif edit == "add":
            added = QgsFeature(layer.fields())
            added.setAttributes([NULL if name == "fid" else feature[name] for name in layer.fields().names()])
            added.setGeometry(feature.geometry())
            layer.addFeature(added)
        elif edit == "empty":
            layer.changeAttributeValue(feature.id(), index, NULL)
        elif edit == "invalid" and feature.hasGeometry():
            box = feature.geometry().boundingBox()
            layer.changeGeometry(feature.id(), QgsGeometry.fromWkt(crossing_ring(
                box.xMinimum(), box.yMinimum(), box.xMaximum(), box.yMaximum())))
    return layer.id(), field


def memory_layer(rng, path, valid=False):
    """The id of a memory layer (a scratch layer of the project) holding the features of the polygons of the
    vector file `path`, added in a random order (ids 1, 2... in that order), a few then deleted (not in a
    `valid` case): ids with gaps, none of them the file's; one time in two with the file's field 'fid'
    among its fields, as pasting a GeoPackage's features into a scratch layer keeps it."""
    from qgis.core import QgsFeature, QgsProject, QgsVectorLayer

    source = QgsVectorLayer(path, "file", "ogr")
    crs = f"?crs={source.crs().authid()}" if source.crs().isValid() else ""
    layer = QgsVectorLayer(f"MultiPolygon{crs}", "training", "memory")
    fields = [field for field in source.fields() if field.name() != "fid" or rng.random() < 0.5]
    layer.dataProvider().addAttributes(fields)
    layer.updateFields()
    features = []
    for feature in source.getFeatures():
        features.append(QgsFeature(layer.fields()))
        features[-1].setAttributes([feature[field.name()] for field in fields])
        features[-1].setGeometry(feature.geometry())
    layer.dataProvider().addFeatures([features[k] for k in rng.permutation(len(features))])
    if not valid:
        ids = sorted(layer.allFeatureIds())
        layer.dataProvider().deleteFeatures([fid for fid in ids if rng.random() < 0.15])
    return QgsProject.instance().addMapLayer(layer).id()


def random_table(rng, path, n_bands, valid=False, cli=False):
    """A table of spectra (CSV, no geometry, most often with its .csvt): class, group and band columns,
    some cells empty or text (band values, classes); in a `valid` case one column per band of the scene, six
    rows of each class at least, every cell a number and the column types known (its .csvt, or guessed by OGR
    but for qgis_process, `cli`, which is given the file)."""
    n_rows = int(rng.integers(24 if valid else 6, 200))
    n_columns = n_bands if valid or rng.random() < 0.5 else int(rng.integers(1, 9))
    classes = rng.choice(["a", "b", "c", "A"], n_rows, p=[0.4, 0.3, 0.25, 0.05])
    if valid:
        classes[:24] = np.repeat(["a", "b", "c", "A"], 6)
    values = rng.normal(0, 1, (n_rows, n_columns)) + (classes == "b")[:, None] * 3.0
    rows = [[name, f"g{int(rng.integers(0, 6))}", *(f"{value:.6g}" for value in row)]
            for name, row in zip(classes, values)]
    if not valid and rng.random() < 0.15:
        rows[int(rng.integers(n_rows))][2 + int(rng.integers(n_columns))] = rng.choice(["", "x", "nan"])
    if not valid and rng.random() < 0.3:  # band values left blank
        for _ in range(int(rng.integers(1, 4))):
            rows[int(rng.integers(n_rows))][2 + int(rng.integers(n_columns))] = ""
    if not valid and rng.random() < 0.2:  # classes left empty
        for _ in range(int(rng.integers(1, 4))):
            rows[int(rng.integers(n_rows))][0] = ""
    with open(path, "w", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(["class", "group", *(f"b{i + 1}" for i in range(n_columns))])
        writer.writerows(rows)
    if rng.random() < 0.8 or valid and cli:  # the column types (without them OGR reads text)
        with open(os.path.splitext(path)[0] + ".csvt", "w") as stream:
            stream.write(",".join(['"String"', '"String"', *['"Real"'] * n_columns]))
    elif valid or rng.random() < 0.5:  # or OGR guesses them, as QGIS may open a CSV
        return f"{path}|option:AUTODETECT_TYPE=YES"
    return path


def delimited_text(path):
    """The id of the CSV at `path` loaded in the project as delimited text, as QGIS's Data Source Manager
    loads one (its column types detected): the FIDs of its rows are their line numbers, from 2."""
    from qgis.core import QgsProject, QgsVectorLayer
    from qgis.PyQt.QtCore import QUrl

    uri = f"{QUrl.fromLocalFile(path).toString()}?type=csv&detectTypes=yes&geomType=none"
    return QgsProject.instance().addMapLayer(QgsVectorLayer(uri, "spectra", "delimitedtext")).id()


def relabelled(rng, points, path, valid=False):
    """The sample points with a field `truth`: their map class, a quarter of them changed (to 1 to 4, or in a
    `valid` case to another of the points' map classes); one time in two with the strata the design drew
    them in (its fields 'stratum' and 'stratum_pixels'); not in a valid case, at times some of these strata
    changed (points drawn on another map), a point twice (a pixel sampled twice), a point moved off the map;
    in a GeoPackage or a shapefile (`path`'s extension: FIDs from 0, 'stratum_pixels' cut to 'stratum_pi')."""
    source = ogr.Open(points)
    found = source.GetLayer(0)
    classes = sorted({int(feature["map_class"]) for feature in found})
    drawn = [name for name in ("stratum", "stratum_pixels")
             if found.GetLayerDefn().GetFieldIndex(name) >= 0] if rng.random() < 0.5 else []
    target = ogr.GetDriverByName("ESRI Shapefile" if path.endswith(".shp") else "GPKG").CreateDataSource(path)
    layer = target.CreateLayer("reference", found.GetSpatialRef(), ogr.wkbPoint,
                               options=UTF8_SHAPEFILE if path.endswith(".shp") else [])
    for name in ["truth", *drawn]:
        layer.CreateField(ogr.FieldDefn(name, ogr.OFTInteger64))
    copies = []
    found.ResetReading()
    for feature in found:
        copies.append(ogr.Feature(layer.GetLayerDefn()))
        copies[-1].SetGeometry(feature.GetGeometryRef().Clone())
        other = rng.choice(classes) if valid else rng.integers(1, 5)
        copies[-1].SetField(0, int(feature["map_class"]) if rng.random() < 0.75 else int(other))
        for index, name in enumerate(drawn, 1):
            if feature.IsFieldSetAndNotNull(name):
                copies[-1].SetField(index, int(feature[name]))
    if drawn and not valid and rng.random() < 0.5:  # points drawn in another stratum, as on another map
        for copy in copies:
            if copy.IsFieldSetAndNotNull(1) and rng.random() < 0.2:
                copy.SetField(1, int(rng.choice(classes)))
    if not valid and copies and rng.random() < 0.3:  # a point twice
        copies.insert(int(rng.integers(len(copies) + 1)), copies[int(rng.integers(len(copies)))].Clone())
    if not valid and copies and rng.random() < 0.3:  # a point off the map
        point = copies[int(rng.integers(len(copies)))].GetGeometryRef()
        point.SetPoint_2D(0, point.GetX() + 1e6, point.GetY())
    for copy in copies:
        layer.CreateFeature(copy)
    source = target = None
    return path


# -- outputs --------------------------------------------------------------------------------------

def destination(rng, folder, name, extension, taken, valid=False):
    """An output path: mostly `name.extension` in `folder`; else a wrong extension, a path already taken
    (an input or another output), a folder that does not exist or a name with spaces and accents (in a
    `valid` case, one of the last two)."""
    draw = rng.uniform(0.06, 1) if valid else rng.random()
    if draw < 0.03 and taken:
        return str(rng.choice(taken))
    if draw < 0.06:
        return os.path.join(folder, f"{name}.{rng.choice(['txt', 'png', 'gpkg', 'tif', 'html', 'csv'])}")
    if draw < 0.1:
        return os.path.join(folder, "new", "deeper", f"{name}.{extension}")
    if draw < 0.15:
        return os.path.join(folder, f"{name} é.{extension}")
    return os.path.join(folder, f"{name}.{extension}")


# -- one run --------------------------------------------------------------------------------------

class Origin(NamedTuple):
    """Where an error the algorithms turned into a message was raised: the innermost frame's file and line
    of code."""

    value_error: bool
    kind: str
    filename: str
    line: str
    text: str


class Origins:
    """The Origin of each error the algorithms turned into a message (`seen`, in order)."""

    def __init__(self):
        from gmmselect.algorithms.base import GmmSelectAlgorithm

        self.seen = []
        plain = GmmSelectAlgorithm.userMessage

        def recording(algorithm, error):
            frames = traceback.extract_tb(error.__traceback__)
            filename, line = (frames[-1].filename, frames[-1].line or "") if frames else ("?", "")
            self.seen.append(Origin(isinstance(error, ValueError), type(error).__name__, filename, line,
                                    str(error)))
            return plain(algorithm, error)

        GmmSelectAlgorithm.userMessage = recording


def opens(path):
    """True where GDAL or OGR opens `path` (a file, or a subdataset's or a connection's name)."""
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    try:
        return gdal.OpenEx(path) is not None
    except RuntimeError:
        return False
    finally:
        gdal.PopErrorHandler()


def foreign(origin):
    """True where an error was raised inside NumPy, SciPy, GDAL or Dask, or is a ValueError that no `raise`
    of ours raised (a C function's, such as NumPy's 'Expected non-negative integer'): a fault of ours that
    a message only hides, not a check."""
    return any(f"{os.sep}{package}{os.sep}" in origin.filename for package in FOREIGN) or \
        (origin.value_error and not origin.line.lstrip().startswith("raise"))


def outputs_open(algorithm, results, scene_size):
    """Problems of a finished run's outputs: each must exist and open as what it is."""
    from gmmselect.core.modelfile import load_model

    problems, algorithm_id = [], algorithm.id()
    for definition in algorithm.destinationParameterDefinitions():
        name = definition.name()
        path = results.get(name)
        if not path:
            continue
        if not os.path.exists(path):
            problems.append(f"{name} missing")
        elif name == "OUTPUT_MODEL":
            load_model(path)
        elif algorithm_id.endswith("predict"):
            raster = gdal.Open(path)
            if (raster.RasterXSize, raster.RasterYSize) != scene_size:
                problems.append(f"{name} of size {(raster.RasterXSize, raster.RasterYSize)}")
        elif algorithm_id.endswith("sampledesign"):
            source = ogr.Open(path)  # held while its layer is read (GDAL frees the layer with it)
            source.GetLayer(0).GetFeatureCount()
        elif path.endswith(".csv"):
            with open(path, newline="") as stream:
                if not list(csv.reader(stream)):
                    problems.append(f"{name} empty")
    return problems


def gdal_pam(path):
    """True for the files GDAL rewrites when QGIS loads a raster (any algorithm's input:
    native:rasterlayerproperties does the same), having computed its band statistics: the raster's
    `.aux.xml` (made or rewritten with what its driver keeps there: ENVI header items, band descriptions)
    and a VRT, which keeps them inside."""
    return path.endswith((".aux.xml", ".vrt"))


def expected_new(path, outputs):
    """True for an output, its side files (`classes.tif.aux.xml`, its style `classes.qml`) and the folders
    made for them."""
    return any(path == output or path.startswith(output + ".") or path == os.path.splitext(output)[0] + ".qml"
               or output.startswith(path + os.sep) for output in outputs)


def without_pam(after, before):
    """The snapshot `after` with the files GDAL's PAM wrote or rewrote since `before` as they were."""
    return {path: before.get(path, content) for path, content in after.items()
            if path in before or not gdal_pam(path)}


def files_of(results, algorithm):
    """The output files of `algorithm` in its `results`."""
    return [results[definition.name()] for definition in algorithm.destinationParameterDefinitions()
            if isinstance(results.get(definition.name()), str) and os.path.isfile(results[definition.name()])]


def in_process(algorithm_id, parameters, feedback, origins, invalid_check=None):
    """processing.run, with Processing's invalid-feature check `invalid_check` (None: the setting's): (results
    or None, the refusal's message, errors raised inside NumPy & co, the warnings and the infos it logged)."""
    import processing
    from processing.tools import dataobjects
    from qgis.core import QgsProcessingException

    seen = len(origins.seen)
    context = dataobjects.createContext(feedback)
    if invalid_check is not None:
        context.setInvalidGeometryCheck(invalid_check)
    logged = (getattr(feedback, "warnings", []), getattr(feedback, "infos", []))
    try:
        return processing.run(algorithm_id, parameters, feedback=feedback, context=context), None, [], logged
    except QgsProcessingException as error:
        return None, str(error), [origin for origin in origins.seen[seen:] if foreign(origin)], logged


def command_line(algorithm_id, parameters):
    """qgis_process run ALGORITHM --json -- NAME=value...: (results or None, its output when refused, [],
    ([], [its output when done]): what it printed is its log)."""
    texts = {True: "true", False: "false"}
    arguments = [f"{name}={texts.get(value, value) if isinstance(value, bool) else value}"
                 for name, value in parameters.items() if value is not None]
    completed, parsed = run_qgis_process("--json", "run", algorithm_id, "--", *arguments)
    if completed.returncode == 0 and parsed is not None:
        return parsed["results"], None, [], ([], [completed.stdout + completed.stderr])
    return None, completed.stdout + completed.stderr, [], ([], [])


def given_features(value):
    """(layer, {FID: QgsFeature}) of the features QGIS gives of feature source `value` as a case gives it: a
    layer of the project (its feature ids in QGIS, its unsaved edits shown) or a file's path (as Processing
    opens one: its OGR FIDs); its selected features only and its first n where a
    QgsProcessingFeatureSourceDefinition says so."""
    from qgis.core import (
        QgsFeature,
        QgsFeatureRequest,
        QgsProcessingFeatureSourceDefinition,
        QgsProject,
        QgsVectorLayer,
    )

    selected, limit = False, -1
    if isinstance(value, QgsProcessingFeatureSourceDefinition):
        selected, limit, value = value.selectedFeaturesOnly, value.featureLimit, value.source.staticValue()
    layer = QgsProject.instance().mapLayer(value) or QgsVectorLayer(value, "given", "ogr")
    request = QgsFeatureRequest().setLimit(limit)
    features = layer.getSelectedFeatures(request) if selected else layer.getFeatures(request)
    return layer, {feature.id(): QgsFeature(feature) for feature in features}


def blank(value):
    """True for an empty attribute value: NULL or ''."""
    from qgis.core import NULL

    return value is None or value == NULL or value == ""


def finite(value):
    """True for an attribute value that is a finite number (or text of one)."""
    if blank(value):
        return False
    try:
        return math.isfinite(float(value))
    except (TypeError, ValueError):
        return False


def shows(kind, feature, layer, field):
    """True where `feature` of vector `layer` (given_features) shows what a message of FEATURE_KINDS `kind`
    names it for (in the field `field` the message names): an empty class, and a geometry where the layer has
    geometries (features without one are skipped before their class is read); an invalid geometry, as
    QgsGeometry.isGeosValid or the plugin's own rule (vector.invalidity) finds it; an empty or non-finite
    band value; a line."""
    from qgis.core import QgsWkbTypes

    from gmmselect.raster.vector import invalidity

    geometry = feature.geometry()
    shaped = feature.hasGeometry() and not geometry.isEmpty()
    index = layer.fields().lookupField(field) if field else -1
    value = feature.attribute(index) if index >= 0 else None
    if kind == "empty class":
        return index >= 0 and blank(value) and (shaped or not layer.isSpatial())
    if kind == "band value":
        return index >= 0 and not finite(value)
    if kind == "invalid geometry":
        return shaped and (not geometry.isGeosValid() or
                           invalidity(ogr.CreateGeometryFromWkb(bytes(geometry.asWkb()))) is not None)
    return shaped and QgsWkbTypes.geometryType(geometry.wkbType()) == QgsWkbTypes.LineGeometry


def message_kind(text):
    """(FEATURE_KINDS's kind of message `text`, the field it names) or (None, None): a message whose FIDs
    can only be checked to be the layer's."""
    for kind, pattern in FEATURE_KINDS:
        match = pattern.search(text)
        if match:
            return kind, next((value for value in match.groupdict().values() if value), None)
    return None, None


class Case:
    """One seed's chain of runs in its folder; `problems` collects the broken claims."""

    #: What `counts` counts: a valid case (module docstring), runs done and refused, models trained,
    #: scenes travelled.
    COUNTS = ("valid", "done", "refused", "trained", "travelled")

    def __init__(self, seed, folder, origins, cli=False):
        self.rng, self.folder, self.origins, self.cli = np.random.default_rng(seed), folder, origins, cli
        self.valid = bool(self.rng.random() < 1 / 3)  # one case in three
        self.problems, self.taken = [], []
        self.counts = {**dict.fromkeys(self.COUNTS, 0), "valid": int(self.valid)}
        self.runs = []  # (algorithm id, cancelled, refusal's message or None, warnings, infos): --messages
        self.invalid_check = None  # Processing's invalid-feature check of the runs (None: the setting's)
        self.recorded = {}  # what a model trained on the layers records of how QGIS gave them (check_record)

    def run(self, algorithm_id, base, scene_size):
        """Run `algorithm_id` on `base` plus random parameters (in this process, or through qgis_process,
        which cannot be cancelled; nor is a valid case's run); check the claims; its results or None."""
        from qgis.core import QgsApplication

        algorithm = QgsApplication.processingRegistry().algorithmById(algorithm_id)
        parameters = case_parameters(self.rng, algorithm, base, self.valid)
        cancel = not (self.valid or self.cli) and self.rng.random() < 0.2
        feedback = recorder(float(self.rng.uniform(0, 100)) if cancel else None, errors=True)
        before = snapshot(self.folder)
        described = f"{algorithm_id} {parameters}{' cancelled' if cancel else ''}"
        results, message, foreign_errors, (warned, informed) = command_line(algorithm_id, parameters) \
            if self.cli else in_process(algorithm_id, parameters, feedback, self.origins, self.invalid_check)
        self.runs.append((algorithm_id, cancel, message, warned, informed))
        self.check_messages(described, algorithm_id, parameters, [message or "", *warned, *informed])
        if results is None:
            self.counts["refused"] += 1
            raw = [text for text in RAW_ERRORS if text in message]
            if raw:
                self.problems.append(f"{described}: message with {raw}: {message}")
            for origin in foreign_errors:
                self.problems.append(f"{described}: {origin.kind} from {origin.filename} ({origin.line}): "
                                     f"{origin.text}")
            opened = [path for path in MISSING.findall(message) if opens(path)]
            if opened:
                self.problems.append(f"{described}: refused {opened} as missing, which GDAL opens: {message}")
            if without_pam(snapshot(self.folder), before) != before:
                self.problems.append(f"{described}: refused ({message}) but the folder changed")
            return None
        self.counts["done"] += 1
        after = without_pam(snapshot(self.folder), before)
        outputs = files_of(results, algorithm)
        changed = [path for path, content in before.items() if after.get(path, content) != content
                   and os.path.join(self.folder, path) not in outputs]
        stray = [path for path in set(after) - set(before)
                 if not expected_new(os.path.join(self.folder, path), outputs)]
        problems = outputs_open(algorithm, results, scene_size)
        for what, found in (("changed", changed), ("wrote", stray), ("outputs", problems)):
            if found:
                self.problems.append(f"{described}: {what} {sorted(found)}")
        self.taken.extend(outputs)
        return results

    def check_messages(self, described, algorithm_id, parameters, texts):
        """Claims on every message of a run (`texts`: its refusal, the warnings and infos it logged; each line
        a message, as in qgis_process's output): none names a file the user did not give (TEMPORARY: a copy
        QGIS wrote of a layer, a stack the plugin built); every FID one names is of a feature QGIS gives of
        the run's feature source as the case gave it (given_features), and shows what the message names it
        for (FEATURE_KINDS, shows)."""
        given = None
        for text in (line for logged in texts for line in logged.splitlines()):
            temporary = sorted(set(TEMPORARY.findall(text)))
            if temporary:
                self.problems.append(f"{described}: a message names a file the user did not give "
                                     f"({', '.join(temporary)}): {text}")
            named = [int(fid) for found in FIDS.findall(text) for fid in found.split(", ")]
            if not named:
                continue
            if algorithm_id not in VECTOR_INPUTS:
                self.problems.append(f"{described}: a message names FIDs {named} of no layer: {text}")
                continue
            if given is None:
                given = given_features(parameters[VECTOR_INPUTS[algorithm_id]])
            layer, features = given
            kind, field = message_kind(text)
            foreign_fids = [fid for fid in named if fid not in features]
            if foreign_fids:
                self.problems.append(
                    f"{described}: a message names FIDs {foreign_fids}, no features of "
                    f"{VECTOR_INPUTS[algorithm_id]} as given (FIDs {sorted(features)[:12]}...): {text}")
            without = [fid for fid in named if fid in features and kind is not None
                       and not shows(kind, features[fid], layer, field)]
            if without:
                self.problems.append(f"{described}: a message names FIDs {without} for {kind!r} "
                                     f"({field or ''}), which they do not show: {text}")


    def check_record(self, model):
        """Claim: the model trained records how QGIS gave its inputs as the case gave them (`recorded`):
        Processing's invalid-feature check, the training layer's selected features only and feature limit,
        the project's transformation (its PROJ string), the scene's no-data and CRS set in QGIS."""
        from gmmselect.core import load_model

        source = load_model(model).training.source
        read_as = source.get("read_as", {})
        found = {"invalid_geometries": source.get("invalid_geometries"),
                 "transformation": read_as.get("transformation", {}).get("proj"),
                 **{key: key in read_as.get("training", {}) for key in ("selected_only", "feature_limit")},
                 **{key: key in read_as.get("raster", {}) for key in ("no_data", "crs")}}
        given = {"transformation": None, **self.recorded}
        wrong = {key: (found[key], expected) for key, expected in given.items() if found[key] != expected}
        if wrong:
            self.problems.append(f"the model {model} records otherwise (found, given): {wrong}")

    def travel(self, scene, model, other):
        """Claim: Predict maps `other`, the scene's bands held otherwise (travelled()), as the scene, pixel
        for pixel, where it maps the scene (plain runs, in this process or through qgis_process)."""
        from qgis.core import QgsProcessingFeedback

        runs = []
        for raster in (scene, other):
            parameters = {"INPUT": raster, "MODEL": model,
                          "OUTPUT": os.path.join(self.folder, "travel", os.path.basename(raster))}
            run = command_line if self.cli else \
                lambda *given: in_process(*given, QgsProcessingFeedback(), self.origins)
            runs.append(run("gmmselect:predict", parameters)[:2])
        (expected, _), (mapped, message) = runs
        self.counts["travelled"] += expected is not None
        if expected is not None and mapped is None:
            self.problems.append(f"the scene's bands held otherwise ({other}) refused: {message}")
        elif expected is not None and not np.array_equal(gdal.Open(mapped["OUTPUT"]).ReadAsArray(),
                                                         gdal.Open(expected["OUTPUT"]).ReadAsArray()):
            self.problems.append(f"the scene's bands held otherwise ({other}) mapped otherwise")
        shutil.rmtree(os.path.join(self.folder, "travel"), ignore_errors=True)


def told_apart(path):
    """True for a GeoTIFF whose bands carry names or wavelengths (random_scene's `identity`) and none of which
    GDAL reads as an alpha band (a 4-band Byte GeoTIFF's fourth by default: a mask of the pixels where it is
    0, which a copy of its bands in another order would not keep)."""
    dataset = gdal.Open(path)  # alive while its bands are read
    bands = [dataset.GetRasterBand(number) for number in range(1, dataset.RasterCount + 1)]
    told = bool(bands[0].GetDescription() or bands[0].GetMetadataItem("wavelength"))
    return path.endswith(".tif") and told and all(band.GetColorInterpretation() != gdal.GCI_AlphaBand
                                                  for band in bands)


def project_layer(source, vector=False, no_data=None, epsg=None):
    """The id of a raster (or `vector`) layer of `source` added to the current project (as QGIS loads a
    layer), with `no_data` (band, (low, high)) and the CRS `epsg` set on it in QGIS."""
    from qgis.core import (
        QgsCoordinateReferenceSystem,
        QgsProject,
        QgsRasterLayer,
        QgsRasterRange,
        QgsVectorLayer,
    )

    layer = QgsVectorLayer(source, "table", "ogr") if vector else QgsRasterLayer(source, "scene", "gdal")
    if no_data is not None:
        layer.dataProvider().setUserNoDataValue(no_data[0], [QgsRasterRange(*no_data[1])])
    if epsg is not None:
        layer.setCrs(QgsCoordinateReferenceSystem(f"EPSG:{epsg}"))
    return QgsProject.instance().addMapLayer(layer).id()


def training_source(rng, training, valid=False):
    """(Processing's invalid-feature check, the training layer as given, what a model of it records): either
    check may be any of the three (skip, read as it is, stop; not stop in a `valid` case), the layer's own at
    times (its advanced options); at times the layer's selected features only (a random share of them
    selected in the project) or its first n features (24 at least in a valid case). The record:
    {'invalid_geometries': rule, 'selected_only', 'feature_limit'}."""
    from qgis.core import QgsFeatureRequest, QgsProcessingFeatureSourceDefinition

    checks = [QgsFeatureRequest.GeometrySkipInvalid, QgsFeatureRequest.GeometryNoCheck,
              QgsFeatureRequest.GeometryAbortOnInvalid]
    rules, n_checks = dict(zip(checks, ("skip", "use", "stop"))), 2 if valid else 3
    check = checks[rng.integers(n_checks)]
    own = checks[rng.integers(n_checks)] if rng.random() < 0.2 else None
    training, selected, limit = selected_or_first(rng, training, [24, 32] if valid else [1, 12, 24])
    if own is not None or selected or limit != -1:
        training = QgsProcessingFeatureSourceDefinition(
            training, selected, limit,
            QgsProcessingFeatureSourceDefinition.FlagOverrideDefaultGeometryCheck if own is not None else
            QgsProcessingFeatureSourceDefinition.Flags(), own if own is not None else check)
    recorded = {"invalid_geometries": rules[own if own is not None else check], "selected_only": selected,
                "feature_limit": limit != -1}
    return check, training, recorded


def selected_or_first(rng, source, limits, share=0.1):
    """(source, selected only, feature limit or -1) of vector `source` (a file or a layer of the project) as
    a run is given it: at times (`share`) its selected features only (a random share of them selected in the
    project: then the layer's id), at times (`share`) its first n (one of `limits`)."""
    from qgis.core import QgsProject

    selected, limit = rng.random() < share, int(rng.choice(limits)) if rng.random() < share and limits else -1
    if selected:
        project = QgsProject.instance()
        layer = project.mapLayer(source) or project.mapLayer(project_layer(source, vector=True))
        fids = sorted(layer.allFeatureIds())  # a QSet, in an order that differs from one process to the next
        layer.selectByIds([fid for fid in fids if rng.random() < 0.7])
        source = layer.id()
    return source, selected, limit


def part_given(rng, source, limits):
    """Vector `source` as a run is given it: selected_or_first's part (one time in five each; not its first n
    where `limits` is empty) or all."""
    from qgis.core import QgsProcessingFeatureSourceDefinition

    source, selected, limit = selected_or_first(rng, source, limits, 0.2)
    given = selected or limit != -1
    return QgsProcessingFeatureSourceDefinition(source, selected, limit) if given else source


def project_transformation(rng, layer_epsg, scene_epsg):
    """Set a coordinate operation between PSAD56 and the scenes' CRS on the project, either way round, where
    the training layer is in PSAD56 (one time in two): its PROJ string where it applies (the scene shown in
    the scenes' CRS), else None (PROJ's choice)."""
    from qgis.core import (
        QgsCoordinateReferenceSystem,
        QgsCoordinateTransformContext,
        QgsDatumTransform,
        QgsProject,
    )

    if layer_epsg != PSAD56 or rng.random() < 0.5:
        return None
    crs = [QgsCoordinateReferenceSystem(f"EPSG:{epsg}") for epsg in (PSAD56, PROJECTED)]
    first, second = crs if rng.random() < 0.7 else crs[::-1]
    operations = [choice for choice in QgsDatumTransform.operations(first, second) if choice.isAvailable]
    chosen = operations[rng.integers(len(operations))]
    transforms = QgsCoordinateTransformContext()
    transforms.addCoordinateOperation(first, second, chosen.proj)
    QgsProject.instance().setTransformContext(transforms)
    return chosen.proj if scene_epsg == PROJECTED else None


def band_map(rng, trained, n_bands):
    """Predict's BAND_MAP of the bands a model uses (the training's results `trained`: by their names or
    their numbers) to as many distinct bands of a scene of `n_bands`, drawn at random."""
    keys = str(trained["SELECTED_NAMES" if rng.random() < 0.5 else "SELECTED_BANDS"]).split(",")
    return ", ".join(f"{key}={int(band) + 1}" for key, band in zip(keys, rng.permutation(n_bands)))


def random_case(seed, folder, origins, cli=False):
    """The chain of one seed: train, predict, design, assess. Returns the Case."""
    case = Case(seed, folder, origins, cli)
    rng, valid = case.rng, case.valid
    inputs, outputs = os.path.join(folder, "in"), os.path.join(folder, "out")
    os.makedirs(inputs)
    os.makedirs(outputs)
    scene, scene_file, transform, epsg = random_scene(rng, os.path.join(inputs, "scene.tif"), valid)
    name, *options = scene.split("|option:")
    opened = gdal.OpenEx(name, open_options=options)
    size, n_bands = (opened.RasterXSize, opened.RasterYSize), opened.RasterCount
    opened = None
    case.taken.append(scene_file)
    shown = {"no_data": False, "crs": False}  # what QGIS shows of the scene otherwise than its file
    scene_crs = epsg
    if scene != scene_file and not cli:
        # a subdataset or open options: Processing finds no file of that name, so it gets the layer of the
        # project, as the Toolbox gives it (qgis_process, which has no project, refuses the name)
        scene = project_layer(scene)
    elif not cli and rng.random() < 0.1:  # a layer of the project with no-data set in QGIS
        band, low, high = int(rng.integers(1, n_bands + 1)), *sorted(rng.normal(0, 10 if valid else 50, 2))
        scene = project_layer(scene, no_data=(band, (low, high)))
        shown["no_data"] = True
    elif not cli and rng.random() < 0.1:  # a layer of the project in a CRS set in QGIS (a file without one)
        scene_crs = PROJECTED if epsg is None or valid or rng.random() < 0.5 else GEOGRAPHIC
        scene = project_layer(scene, epsg=scene_crs)
        if scene_crs == epsg:  # no claim: a file's own CRS may be read as another
            del shown["crs"]
        else:
            shown["crs"] = True
    fast = {"MAX_SAMPLES": int(rng.choice([0, 50, 200])), "REPEATS": 1, "FOLDS": int(rng.choice([2, 3, 5]))}
    kind = rng.choice(["traingmm", "trainselection", "trainselectiontable"])
    field = str(rng.choice(["class", "class", "Classe é", "class name", "select"]))
    if kind == "trainselectiontable":
        table = random_table(rng, os.path.join(inputs, "spectra.csv"), n_bands, valid, cli)
        case.taken.append(table.split("|")[0])
        if table != case.taken[-1]:  # opened with an option: a layer of the project (qgis_process: the file)
            table = case.taken[-1] if cli else project_layer(table, vector=True)
        elif not cli and rng.random() < 0.35:  # loaded as delimited text: FIDs from 2
            table = delimited_text(table)
        if not cli:
            table = part_given(rng, table, [24, 32] if valid else [5, 24])
        base = {"INPUT": table, "FIELD": "class" if valid or rng.random() < 0.9 else
                str(rng.choice(["group", "b1"])),
                "GROUP_FIELD": rng.choice(["group", ""] if valid else ["group", "", "class"]),
                "MAX_FEATURES": 3, "REPEATS": 1, "FOLDS": fast["FOLDS"]}
    else:
        form = rng.random()  # a GeoPackage, a shapefile (FIDs from 0) or a memory layer of the project
        memory = not cli and form < 0.1
        layer, layer_epsg = random_layer(
            rng, os.path.join(inputs, "training.shp" if 0.1 <= form < 0.3 else "training.gpkg"), transform,
            size, scene_crs, field, valid, polygons=memory)
        case.taken.append(layer)
        base = {"INPUT": scene, "TRAINING": memory_layer(rng, layer, valid) if memory else layer,
                "FIELD": field if valid or rng.random() < 0.95 else "note", **fast}
        case.recorded = {"invalid_geometries": "use", "selected_only": False, "feature_limit": False}
        if not cli and rng.random() < 0.25:
            base["TRAINING"], base["FIELD"] = shown_in_qgis(rng, base["TRAINING"], base["FIELD"], valid)
        if not cli:
            case.invalid_check, base["TRAINING"], case.recorded = training_source(rng, base["TRAINING"],
                                                                                  valid)
            case.recorded["transformation"] = project_transformation(rng, layer_epsg, scene_crs)
        case.recorded.update(shown)
        if kind == "trainselection":
            base["MAX_FEATURES"] = 3
    base["OUTPUT_MODEL"] = destination(rng, outputs, "model", "gmm", case.taken, valid)
    for name, extension in (("OUTPUT_REPORT", "html"), ("OUTPUT_MATRIX", "csv"), ("OUTPUT_CURVE", "csv")):
        if rng.random() < 0.3 and (name != "OUTPUT_CURVE" or kind != "traingmm"):
            base[name] = destination(rng, outputs, name.lower(), extension, case.taken, valid)
    trained = case.run(f"gmmselect:{kind}", base, size)
    case.counts["trained"] = int(trained is not None)
    if trained and kind != "trainselectiontable":
        case.check_record(trained["OUTPUT_MODEL"])
    if valid and not trained:  # the bundled model's bands are no scene's
        return case
    model = trained["OUTPUT_MODEL"] if trained else BUNDLED_MODEL
    predict = {"INPUT": scene, "MODEL": model,
               "OUTPUT": destination(rng, outputs, "classes", "tif", case.taken, valid)}
    if valid and kind == "trainselectiontable":  # the table's bands are no scene's: mapped by hand
        predict["BAND_MAP"] = band_map(rng, trained, n_bands)
    if rng.random() < 0.3:
        predict["CONFIDENCE"] = destination(rng, outputs, "confidence", "tif", case.taken, valid)
    if rng.random() < 0.2:
        predict["PROBABILITIES"] = destination(rng, outputs, "posteriors", "tif", case.taken, valid)
    if rng.random() < 0.15:
        predict["MASK"] = os.path.join(inputs, "mask.tif")
        if valid or rng.random() < 0.7:  # on the scene's grid, or a map of another
            mask = (rng.random((1, size[1], size[0])) < 0.8).astype(np.uint8)
            write_raster(predict["MASK"], mask, transform, epsg=epsg or PROJECTED)
        else:
            random_class_map(rng, predict["MASK"])
        if not cli and rng.random() < 0.3:  # a layer of the project with no-data set in QGIS
            bounds = sorted(int(value) for value in rng.integers(0, 3, 2))
            predict["MASK"] = project_layer(predict["MASK"], no_data=(1, bounds))
    predicted = case.run("gmmselect:predict", predict, size)
    if trained and kind != "trainselectiontable" and scene == scene_file and told_apart(scene):
        case.travel(scene, model, travelled(rng, scene, os.path.join(inputs, "travelled.tif")))
    if not predicted:
        return case
    classes = predicted["OUTPUT"]
    # the map as a layer of the project, a class set as no-data in QGIS, read by the design and Assess, or
    # by Assess only (added after the design ran: Processing takes a layer of the project for its file)
    no_data = (1, (int(rng.integers(1, 5)),) * 2) if not cli and rng.random() < 0.2 else None
    alone = no_data is not None and rng.random() < 0.5
    if no_data is not None and not alone:
        classes = project_layer(classes, no_data=no_data)
    design = case.run("gmmselect:sampledesign", {
        "INPUT": classes, "MIN_PER_CLASS": int(rng.choice([0, 5, 20])), "TARGET_SE": 0.05,
        "OUTPUT": destination(rng, outputs, "sample", rng.choice(["gpkg", "geojson"]) if valid else "gpkg",
                              case.taken, valid)}, size)
    if not design:
        return case
    assessed = project_layer(classes, no_data=no_data) if alone else classes  # some points on no-data
    reference = relabelled(rng, design["OUTPUT"], os.path.join(
        inputs, "reference.shp" if rng.random() < 0.2 else "reference.gpkg"), valid)
    if not cli:  # a valid case's first n would leave strata without a point
        reference = part_given(rng, reference, [] if valid else [10, 30])
    assess = {"INPUT": assessed, "REFERENCE": reference, "FIELD": "truth",
              "OUTPUT_TABLE": destination(rng, outputs, "accuracy", "csv", case.taken, valid)}
    if rng.random() < 0.3:
        assess["STRATA"] = assessed
    if rng.random() < 0.3:
        assess["OUTPUT_REPORT"] = destination(rng, outputs, "assessment", "html", case.taken, valid)
    case.run("gmmselect:assess", assess, size)
    return case


def record_runs(path, seed, valid, runs):
    """Append the `runs` of one seed's case (`valid` or not) to the JSON-lines file `path`."""
    with open(path, "a", encoding="utf-8") as stream:
        for algorithm_id, cancelled, message, warned, informed in runs:
            stream.write(json.dumps({"seed": seed, "valid": valid, "algorithm": algorithm_id,
                                     "cancelled": cancelled, "message": message, "warnings": warned,
                                     "infos": informed}, ensure_ascii=False) + "\n")


def main():
    """Run the cases of a range of seeds; print each broken claim, then the counts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="0:300", help="first:last (last excluded)")
    parser.add_argument("--qgis-process", action="store_true",
                        help="run each algorithm through the qgis_process executable (about 3 s a run)")
    parser.add_argument("--french", action="store_true",
                        help="in this process, with the French translation installed: every message and log "
                             "line is translated")
    parser.add_argument("--messages", help="append each run (seed, valid case or not, algorithm, cancelled, "
                                           "the refusal's message or null, the warnings and the infos it "
                                           "logged) to this file, one JSON object a line, to read")
    args = parser.parse_args()
    first, last = (int(part) for part in args.seeds.split(":"))
    warnings.simplefilter("ignore")
    gdal.UseExceptions()
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    start_qgis()
    from qgis.core import QgsCoordinateTransformContext, QgsProject

    origins = Origins()
    counts, failed, start = dict.fromkeys(Case.COUNTS, 0), 0, time.perf_counter()
    with french_translation() if args.french else nullcontext(), \
            tempfile.TemporaryDirectory(prefix="gmmselect-runs-") as parent:
        for seed in range(first, last):
            folder = os.path.join(parent, str(seed))
            try:
                case = random_case(seed, folder, origins, args.qgis_process)
                problems = case.problems
                for outcome in counts:
                    counts[outcome] += case.counts[outcome]
                if args.messages:
                    record_runs(args.messages, seed, case.valid, case.runs)
            except Exception as error:  # noqa: BLE001 (an exception outside the runs breaks a claim too)
                problems = [f"{type(error).__name__}: {error}"]
            failed += bool(problems)
            for problem in problems:
                print(f"seed {seed}: {problem}", flush=True)
            QgsProject.instance().removeAllMapLayers()
            QgsProject.instance().setTransformContext(QgsCoordinateTransformContext())
            shutil.rmtree(folder, ignore_errors=True)
    print(f"runs, seeds {first}-{last - 1}: {last - first - failed} cases passed, {failed} failed, "
          f"{counts['valid']} valid; {counts['done']} runs done, {counts['refused']} refused, "
          f"{counts['trained']} models trained, {counts['travelled']} scenes travelled, "
          f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
