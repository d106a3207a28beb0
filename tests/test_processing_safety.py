"""Nothing lost, nothing silently wrong: hostile outputs, late failures and meaningless inputs.

Every case runs the algorithms as a user does (processing.run) and checks the whole outcome: the
exit (an error or a warning), a message that names the parameter or the file and the fix, and
the folders of the run holding exactly what they held before, byte for byte.
"""

import json
import os
import re
import resource
import shutil
from contextlib import contextmanager

import numpy as np
import pytest
from conftest import data_file
from osgeo import gdal, ogr
from qgis_helpers import (
    LANDSAT,
    POLYGONS,
    beyond_training_reference,
    cancel_past,
    category_names,
    french_translation,
    recorder,
    start_qgis,
)
from qgis_helpers import processing_exception as exception
from test_raster_fixtures import (
    LANDSAT_COUNTS,
    TM,
    TM_UM,
    box,
    describe_bands,
    left_filled,
    with_crossing_ring,
    write_raster,
    write_vector,
)

POLYGON_LAYER = "training_polygons"


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()



def run(algorithm_id, parameters, feedback=None):
    """processing.run with a recording feedback; returns (results, feedback)."""
    import processing

    feedback = feedback or recorder()
    return processing.run(algorithm_id, parameters, feedback=feedback), feedback


def snapshot(folder):
    """{relative path: bytes} of every file under `folder`, and every sub-folder (value None)."""
    found = {}
    for root, folders, files in os.walk(folder):
        for name in folders:
            found[os.path.relpath(os.path.join(root, name), folder)] = None
        for name in files:
            path = os.path.join(root, name)
            if os.path.islink(path):
                found[os.path.relpath(path, folder)] = ("symlink to", os.readlink(path))
                continue
            with open(path, "rb") as stream:
                found[os.path.relpath(path, folder)] = stream.read()
    return found


def refused(folder, algorithm_id, parameters, *expected):
    """Run, expect a QgsProcessingException holding every `expected` text and no traceback, and
    check that `folder` holds exactly what it held before; return the message."""
    before = snapshot(folder)
    with pytest.raises(exception()) as raised:
        run(algorithm_id, parameters)
    message = str(raised.value)
    for text in expected:
        assert text in message, message
    assert "Traceback" not in message
    assert snapshot(folder) == before
    return message


@pytest.fixture()
def inputs(tmp_path):
    """Copies of the Landsat scene and its polygons in the test folder (the run may only read them)."""
    raster = str(tmp_path / "scene.tif")
    shutil.copy(LANDSAT, raster)
    polygons = str(tmp_path / "polygons.gpkg")
    shutil.copy(POLYGONS, polygons)
    return tmp_path, raster, polygons


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    """A small Train GMM model of the Landsat scene."""
    path = str(tmp_path_factory.mktemp("model") / "scene.gmm")
    run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1",
                               "MAX_SAMPLES": 100, "OUTPUT_MODEL": path})
    return path


def training(raster, polygons, **outputs):
    """Train Selection parameters on `raster` and `polygons`, small and fast (the model beside them)."""
    return {"INPUT": raster, "TRAINING": polygons, "FIELD": "class", "MAX_SAMPLES": 100,
            "MAX_FEATURES": 3, "VALIDATION": 0.3,
            "OUTPUT_MODEL": os.path.join(os.path.dirname(raster), "model.gmm"), **outputs}


# -- an output is never an input nor another output ---------------------------------------------

@pytest.mark.parametrize(("output", "target"), [
    ("OUTPUT_MODEL", "INPUT"), ("OUTPUT_MODEL", "TRAINING"), ("OUTPUT_REPORT", "TRAINING"),
    ("OUTPUT_MATRIX", "INPUT"), ("OUTPUT_CURVE", "TRAINING"), ("OUTPUT_MODEL", "TRAINING|layername"),
])
def test_training_output_over_an_input(inputs, output, target):
    """The output is given the input's very file, under a name with the output's own extension (the
    training layer also as a 'file|layername=...' source)."""
    folder, raster, polygons = inputs
    extension = {"OUTPUT_MODEL": ".gmm", "OUTPUT_REPORT": ".html"}.get(output, ".csv")
    alias = str(folder / f"alias{extension}")
    os.symlink(raster if target == "INPUT" else polygons, alias)
    if target.endswith("layername"):
        polygons += f"|layername={POLYGON_LAYER}"
    refused(folder, "gmmselect:trainselection", training(raster, polygons, **{output: alias}),
            output, target.split("|")[0], "Choose another file name")


@pytest.mark.parametrize("spelling", ["dotdot", "symlink"])
def test_two_training_outputs_in_one_file(inputs, spelling):
    """The curve and the matrix in one file (the matrix's name spelt with '..', or a symlink to the
    file the curve will be): the later output is refused before anything is written."""
    folder, raster, polygons = inputs
    (folder / "sub").mkdir()
    curve = str(folder / "same.csv")
    matrix = str(folder / "sub" / ".." / "same.csv")
    if spelling == "symlink":
        matrix = str(folder / "matrix.csv")
        os.symlink(curve, matrix)
    message = refused(folder, "gmmselect:trainselection",
                      training(raster, polygons, OUTPUT_CURVE=curve, OUTPUT_MATRIX=matrix))
    assert message.startswith("OUTPUT_MATRIX would write '")
    assert message.endswith("which is a file of OUTPUT_CURVE: an output never replaces an input or another "
                            "output. Choose another file name for OUTPUT_MATRIX.")


def test_model_named_like_the_classification(inputs, model):
    """MODEL is a file called m.tif and OUTPUT is that file: refused, naming both."""
    folder, raster, _ = inputs
    renamed = str(folder / "m.tif")
    shutil.copy(model, renamed)
    refused(folder, "gmmselect:predict", {"INPUT": raster, "MODEL": renamed, "OUTPUT": renamed},
            "OUTPUT would write", "MODEL", "Choose another file name for OUTPUT")


@pytest.mark.parametrize("spelling", ["same", "dotdot", "symlink", "hardlink"])
@pytest.mark.parametrize(("output", "target"), [
    ("OUTPUT", "INPUT"), ("CONFIDENCE", "INPUT"), ("PROBABILITIES", "MASK"), ("CONFIDENCE", "OUTPUT"),
])
def test_predict_output_over_another_file(inputs, model, output, target, spelling):
    """The same file spelt four ways: the path itself, with '..', through a symlink, as a hard link."""
    folder, raster, _ = inputs
    mask = str(folder / "mask.tif")
    gdal.Translate(mask, raster, bandList=[1])
    files = {"INPUT": raster, "MASK": mask, "OUTPUT": str(folder / "classes.tif")}
    path = files[target]
    (folder / "sub").mkdir()
    spelt = {"same": path, "dotdot": str(folder / "sub" / ".." / os.path.basename(path)),
             "symlink": str(folder / "link.tif"), "hardlink": str(folder / "hard.tif")}[spelling]
    if spelling == "symlink":
        os.symlink(path, spelt)
    if spelling == "hardlink":
        if not os.path.exists(path):  # the classification of an earlier run
            (folder / "classes.tif").write_bytes(b"an earlier classification")
        os.link(path, spelt)
    parameters = {"INPUT": raster, "MODEL": model, "MASK": mask, "OUTPUT": files["OUTPUT"], output: spelt}
    refused(folder, "gmmselect:predict", parameters, output, target)


def test_predict_output_sharing_the_style_of_the_input(inputs, model):
    """OUTPUT scene.tiff would write scene.qml, the style QGIS loads with the input scene.tif."""
    folder, raster, _ = inputs
    (folder / "scene.qml").write_text("<qgis/>")
    refused(folder, "gmmselect:predict",
            {"INPUT": raster, "MODEL": model, "OUTPUT": str(folder / "scene.tiff")},
            "OUTPUT would write", "scene.qml", "INPUT")


def test_training_layer_read_from_a_csv_file(tmp_path):
    """A CSV training layer (points as WKT) is an input: OUTPUT_MATRIX may not replace it."""
    points = str(tmp_path / "points.csv")
    gdal.VectorTranslate(points, POLYGONS, format="CSV", layerCreationOptions=["GEOMETRY=AS_WKT"],
                         SQLStatement="SELECT ST_PointOnSurface(geom) AS geom, class FROM training_polygons",
                         SQLDialect="SQLite")
    refused(tmp_path, "gmmselect:traingmm",
            {"INPUT": LANDSAT, "TRAINING": points, "FIELD": "class", "OUTPUT_MODEL": str(tmp_path / "m.gmm"),
             "OUTPUT_MATRIX": points}, "OUTPUT_MATRIX", "TRAINING")


def test_a_training_layer_opened_with_open_options_is_read_with_them(tmp_path):
    """A GeoJSON whose class is nested ({"label": {"class": "forest"}}), opened in QGIS with OGR's
    FLATTEN_NESTED_ATTRIBUTES=YES: QGIS shows a field label_class, and Train GMM reads the layer with QGIS's
    options: the model of the GeoPackage's class field. Before, QGIS's compatible path dropped the options,
    and OGR found no field 'label_class'."""
    from qgis.core import QgsVectorLayer

    from gmmselect.core import load_model

    plain = str(tmp_path / "plain.geojson")
    gdal.VectorTranslate(plain, POLYGONS, format="GeoJSON")
    with open(plain) as stream:
        collection = json.load(stream)
    for feature in collection["features"]:
        feature["properties"] = {"label": {"class": feature["properties"]["class"]}}
    nested = tmp_path / "nested.geojson"
    nested.write_text(json.dumps(collection))
    layer = QgsVectorLayer(f"{nested}|option:FLATTEN_NESTED_ATTRIBUTES=YES", "nested", "ogr")
    assert layer.fields().names() == ["label_class"]
    models = {}
    for name, training, field in [("nested", layer, "label_class"), ("plain", POLYGONS, "class")]:
        models[name] = str(tmp_path / f"{name}.gmm")
        run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": training, "FIELD": field, "TAU": "1",
                                   "OUTPUT_MODEL": models[name]})
    nested_model, plain_model = (load_model(models[name]).mixture for name in ("nested", "plain"))
    assert nested_model.class_names_ == plain_model.class_names_
    assert plain_model.class_names_ == ["cleared", "fallen_dry", "forest", "water"]
    np.testing.assert_array_equal(nested_model.counts_, plain_model.counts_)
    np.testing.assert_array_equal(nested_model.means_, plain_model.means_)


# -- an output is written in the format its name says, or refused --------------------------------

@pytest.mark.parametrize(("algorithm_id", "output", "name", "expected"), [
    ("gmmselect:predict", "OUTPUT", "classes.xyz", ".tif or .tiff"),
    ("gmmselect:predict", "OUTPUT", "classes", ".tif or .tiff"),
    ("gmmselect:predict", "CONFIDENCE", "confidence.png", ".tif or .tiff"),
    ("gmmselect:traingmm", "OUTPUT_MODEL", "model.tif", ".gmm"),
    ("gmmselect:traingmm", "OUTPUT_REPORT", "report.csv", ".html"),
    ("gmmselect:traingmm", "OUTPUT_MATRIX", "matrix.html", ".csv"),
])
def test_an_undeclared_extension_is_refused(tmp_path, model, algorithm_id, output, name, expected):
    if algorithm_id == "gmmselect:predict":
        parameters = {"INPUT": LANDSAT, "MODEL": model, "OUTPUT": str(tmp_path / "ok.tif")}
    else:
        parameters = {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1",
                      "OUTPUT_MODEL": str(tmp_path / "ok.gmm")}
    parameters[output] = str(tmp_path / "new" / name)
    refused(tmp_path, algorithm_id, parameters, f"{output}: '", f"give a file name ending in {expected}")


def test_a_file_output_without_extension_gets_its_own(tmp_path):
    results, _ = run("gmmselect:traingmm", {
        "INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1", "MAX_SAMPLES": 100,
        "OUTPUT_MODEL": str(tmp_path / "model"), "OUTPUT_REPORT": str(tmp_path / "report")})
    assert sorted(os.listdir(tmp_path)) == ["model.gmm", "report.html"]
    assert results["OUTPUT_REPORT"] == str(tmp_path / "report.html")


# -- a failure leaves nothing, however late ----------------------------------------------------------

def failing_on_call(monkeypatch, module, name, number):
    """Make `module.name` raise OSError on its `number`-th call (1-based); return the call counter."""
    original = getattr(module, name)
    calls = []

    def patched(*arguments, **keywords):
        calls.append(arguments)
        if len(calls) == number:
            raise OSError(28, "No space left on device (injected)", str(arguments[0]))
        return original(*arguments, **keywords)

    monkeypatch.setattr(module, name, patched)
    return calls


def predict_everything(folder, raster, model):
    """Predict parameters with all three outputs in a new sub-folder of `folder`."""
    out = folder / "out" / "maps"
    return {"INPUT": raster, "MODEL": model, "OUTPUT": str(out / "classes.tif"),
            "CONFIDENCE": str(out / "confidence.tif"), "PROBABILITIES": str(out / "probabilities.tif")}


def test_predict_renames_every_file_at_the_end(inputs, model, monkeypatch):
    """The counted renames of a successful run: the rasters, their .aux.xml and the two styles."""
    folder, raster, _ = inputs
    calls = failing_on_call(monkeypatch, os, "replace", 0)
    run("gmmselect:predict", predict_everything(folder, raster, model))
    assert len(calls) == 6
    assert sorted(os.listdir(folder / "out" / "maps")) == [
        "classes.qml", "classes.tif", "classes.tif.aux.xml", "confidence.qml", "confidence.tif",
        "probabilities.tif"]


@pytest.mark.parametrize("failing", range(1, 7))
@pytest.mark.parametrize("earlier_run", [False, True])
def test_predict_failing_at_the_commit_leaves_the_folder_as_it_was(inputs, model, monkeypatch, failing,
                                                                    earlier_run):
    """The n-th rename fails: the new folders go, and the files of an earlier run come back intact."""
    folder, raster, _ = inputs
    parameters = predict_everything(folder, raster, model)
    if earlier_run:
        run("gmmselect:predict", parameters)
        (folder / "out" / "maps" / "classes.tif.aux.xml").unlink()  # a stale side file must stay absent
    before = snapshot(folder)
    failing_on_call(monkeypatch, os, "replace", failing)
    with pytest.raises(exception(), match="No space left on device"):
        run("gmmselect:predict", parameters)
    assert snapshot(folder) == before


def test_predict_failing_to_write_a_style_leaves_nothing(inputs, model, monkeypatch):
    """The .qml of the confidence cannot be written (after both rasters are complete)."""
    from gmmselect.raster import files

    folder, raster, _ = inputs
    before = snapshot(folder)
    original = files.OutputSet.write_text

    def no_confidence_style(self, path, text):
        if path.endswith("confidence.qml"):
            raise PermissionError(13, "Permission denied (injected)", path)
        return original(self, path, text)

    monkeypatch.setattr(files.OutputSet, "write_text", no_confidence_style)
    with pytest.raises(exception(), match="Cannot access '.*confidence.qml': Permission denied"):
        run("gmmselect:predict", predict_everything(folder, raster, model))
    assert snapshot(folder) == before


@pytest.mark.parametrize("failing", range(1, 6))
def test_training_failing_at_the_commit_leaves_the_folder_as_it_was(inputs, monkeypatch, failing):
    """Model (its own temporary file, then the commit), report, matrix and curve: the n-th rename fails."""
    folder, raster, polygons = inputs
    out = folder / "results"
    parameters = training(raster, polygons, OUTPUT_MODEL=str(out / "m.gmm"),
                          OUTPUT_REPORT=str(out / "r.html"), OUTPUT_MATRIX=str(out / "matrix.csv"),
                          OUTPUT_CURVE=str(out / "curve.csv"))
    before = snapshot(folder)
    calls = failing_on_call(monkeypatch, os, "replace", failing)
    with pytest.raises(exception(), match="No space left on device"):
        run("gmmselect:trainselection", parameters)
    assert len(calls) == failing
    assert snapshot(folder) == before


def test_cancel_during_training_removes_the_folders_it_created(inputs):
    folder, raster, polygons = inputs
    before = snapshot(folder)
    with pytest.raises(exception(), match="Canceled: no output was written"):
        run("gmmselect:trainselection",
            training(raster, polygons, OUTPUT_MODEL=str(folder / "a" / "b" / "m.gmm"),
                     OUTPUT_REPORT=str(folder / "a" / "r.html")),
            feedback=cancel_past(25))
    assert snapshot(folder) == before


@contextmanager
def files_limited_to(size):
    """Files this process writes fail past `size` bytes while the block runs (RLIMIT_FSIZE: as a full disk
    or a quota, EFBIG; Python ignores SIGXFSZ)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (size, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


@pytest.mark.parametrize("earlier_run", [False, True])
def test_predict_whose_writes_fail_stops_and_leaves_the_folder_as_it_was(inputs, model, earlier_run):
    """Outputs that cannot be written whole (the confidence, 190 kB, and the probabilities, 800 kB, past a
    limit of 100 kB): GDAL only logged the failure, and Predict published files cut short that no reader
    opens, over the whole ones of an earlier run. It now stops naming the output and GDAL's reason."""
    folder, raster, _ = inputs
    parameters = predict_everything(folder, raster, model)
    if earlier_run:
        run("gmmselect:predict", parameters)
    before = snapshot(folder)
    with files_limited_to(100_000), pytest.raises(exception()) as raised:
        run("gmmselect:predict", parameters)
    assert re.search(r"GDAL could not write output '.*(confidence|probabilities)\.tif': .*(File too large|"
                     r"write).*; check the free disk space", str(raised.value)), str(raised.value)
    assert snapshot(folder) == before


def test_a_sample_design_whose_writes_fail_stops_and_leaves_the_folder_as_it_was(inputs, model):
    """A sample of about 8,000 points (a GeoPackage of 600 kB) past a limit of 100 kB: was published as a
    file that does not open, its points reported drawn."""
    folder, raster, _ = inputs
    classes = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                        "OUTPUT": str(folder / "classes.tif")})[0]["OUTPUT"]
    parameters = {"INPUT": classes, "MIN_PER_CLASS": 2000, "OUTPUT": str(folder / "sample.gpkg")}
    before = snapshot(folder)
    with files_limited_to(100_000), pytest.raises(exception()) as raised:
        run("gmmselect:sampledesign", parameters)
    assert re.search(r"GDAL could not write output '.*sample\.gpkg': .*; check the free disk space",
                     str(raised.value)), str(raised.value)
    assert snapshot(folder) == before


def test_a_model_or_report_that_cannot_be_written_whole_is_named(inputs):
    """A model of 14 kB past a file size limit of 10 kB, as on a full disk: the message said 'Cannot access
    a file'; it names the model, and the folder holds what it held."""
    folder, raster, polygons = inputs
    parameters = {"INPUT": raster, "TRAINING": polygons, "FIELD": "class", "TAU": "1",
                  "OUTPUT_MODEL": str(folder / "m.gmm")}
    before = snapshot(folder)
    with files_limited_to(10_000), pytest.raises(exception()) as raised:
        run("gmmselect:traingmm", parameters)
    assert str(raised.value) == (f"Cannot access '{folder / 'm.gmm'}': File too large. Check that the path "
                                 "exists, is readable (inputs) and its folder is writable, with free space "
                                 "(outputs).")
    assert snapshot(folder) == before


def test_a_raster_output_replaces_the_side_files_and_style_of_the_file_it_replaces(inputs, model):
    """classes.tif with its external overviews (QGIS's Build Pyramids) and mask, written again as the
    probabilities (no style of their own): the old .ovr served GDAL's zoomed-out reads of the new raster
    with the old class codes, and the old paletted .qml drew it as classes. Both go, with the .msk."""
    folder, raster, _ = inputs
    target = str(folder / "classes.tif")
    run("gmmselect:predict", {"INPUT": raster, "MODEL": model, "OUTPUT": target})
    dataset = gdal.Open(target)
    dataset.BuildOverviews("NEAREST", [2, 4])
    dataset.CreateMaskBand(gdal.GMF_PER_DATASET)
    dataset = None
    assert {"classes.tif.ovr", "classes.tif.msk", "classes.qml"} <= set(os.listdir(folder))
    run("gmmselect:predict", {"INPUT": raster, "MODEL": model, "OUTPUT": str(folder / "other.tif"),
                              "PROBABILITIES": target})
    assert not {"classes.tif.ovr", "classes.tif.msk", "classes.qml"} & set(os.listdir(folder))
    dataset = gdal.Open(target)
    assert dataset.RasterCount == 4 and dataset.GetRasterBand(1).GetOverviewCount() == 0
    assert dataset.GetRasterBand(1).GetMaskFlags() != gdal.GMF_PER_DATASET


def test_a_long_output_name_keeps_its_class_names_or_is_refused(inputs, model):
    """A classification named with 229 bytes: its staged name, 34 bytes longer, left out GDAL's .aux.xml
    (the class names lost in silence); named with 249 bytes, a traceback (the name with '.aux.xml' is longer
    than a file name can be). The first keeps its names, the second is refused with the fix."""
    folder, raster, _ = inputs
    fits = str(folder / ("c" * 225 + ".tif"))
    run("gmmselect:predict", {"INPUT": raster, "MODEL": model, "OUTPUT": fits})
    assert category_names(fits)[1:] == ["cleared", "fallen_dry", "forest", "water"]
    too_long = str(folder / ("d" * 245 + ".tif"))
    refused(folder, "gmmselect:predict", {"INPUT": raster, "MODEL": model, "OUTPUT": too_long},
            f"Output {too_long!r}: the name {'d' * 245 + '.tif.aux.xml'!r} is 257 bytes, more than a file "
            "name can hold (255); give a shorter name")


def test_an_output_replacing_a_private_file_stays_private(inputs):
    """A model and a report readable by their owner only (0600), written again by Train GMM: they became
    0644 (the staged file's mode). They keep the mode of the file they replace; new files get the umask's."""
    folder, raster, polygons = inputs
    parameters = {"INPUT": raster, "TRAINING": polygons, "FIELD": "class", "TAU": "1", "MAX_SAMPLES": 100,
                  "OUTPUT_MODEL": str(folder / "m.gmm"), "OUTPUT_REPORT": str(folder / "r.html")}
    run("gmmselect:traingmm", parameters)
    umask = os.umask(0)
    os.umask(umask)
    assert {os.stat(folder / name).st_mode & 0o777 for name in ("m.gmm", "r.html")} == {0o666 & ~umask}
    for name in ("m.gmm", "r.html"):
        os.chmod(folder / name, 0o600)
    run("gmmselect:traingmm", parameters)
    assert {os.stat(folder / name).st_mode & 0o777 for name in ("m.gmm", "r.html")} == {0o600}


def test_an_output_over_a_read_only_file_is_refused(tmp_path, model):
    """A classification the user made read-only (0444) to keep it: replaced in silence before (the run
    renames files, which a read-only file does not stop); refused now, the file kept."""
    protected = tmp_path / "classes.tif"
    run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": model, "OUTPUT": str(protected)})
    os.chmod(protected, 0o444)
    refused(tmp_path, "gmmselect:predict", {"INPUT": LANDSAT, "MODEL": model, "OUTPUT": str(protected),
                                            "CONFIDENCE": str(tmp_path / "confidence.tif")},
            f"Output {str(protected)!r} is a read-only file, which the run would replace; give another "
            "name, or make the file writable if it may go")


def test_an_output_in_a_gdal_virtual_file_system_is_refused(tmp_path, model):
    """OUTPUT=/vsimem/c.tif made a folder /vsimem at the root, wrote the style there and returned a path
    that exists nowhere."""
    existed = os.path.exists("/vsimem")
    refused(tmp_path, "gmmselect:predict", {"INPUT": LANDSAT, "MODEL": model, "OUTPUT": "/vsimem/c.tif"},
            "Output '/vsimem/c.tif' is in one of GDAL's virtual file systems, which QGIS cannot open as a "
            "layer; give the name of a file on disk")
    assert os.path.exists("/vsimem") == existed


# -- legal but meaningless input gets a clear word ------------------------------------------------------

def test_training_lines_are_refused(tmp_path):
    lines = str(tmp_path / "lines.gpkg")
    gdal.VectorTranslate(lines, POLYGONS, SQLStatement=f"SELECT ST_Boundary(geom) AS geom, class FROM "
                                                       f"{POLYGON_LAYER}", SQLDialect="SQLite",
                         geometryType="MULTILINESTRING", layerName="lines")
    source = gdal.OpenEx(POLYGONS)  # keep a reference: the layer does not keep its dataset alive
    n = source.GetLayer(0).GetFeatureCount()
    message = refused(tmp_path, "gmmselect:traingmm",
                      {"INPUT": LANDSAT, "TRAINING": lines, "FIELD": "class",
                       "OUTPUT_MODEL": str(tmp_path / "m.gmm")},
                      "lines.gpkg", f"that are lines: {n} of {n} (FIDs 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...)",
                      "buffer the lines into polygons")
    assert message.startswith("Features of layer 'lines' of ")


def constant_raster(path, bands=3, value=7):
    """A raster on the Landsat grid whose every pixel of every band is `value`."""
    source = gdal.Open(LANDSAT)
    target = gdal.GetDriverByName("GTiff").Create(path, source.RasterXSize, source.RasterYSize, bands,
                                                  gdal.GDT_Byte)
    target.SetGeoTransform(source.GetGeoTransform())
    target.SetProjection(source.GetProjection())
    for number in range(1, bands + 1):
        target.GetRasterBand(number).Fill(value)
    target = None
    return path


@pytest.mark.parametrize("algorithm_id", ["gmmselect:traingmm", "gmmselect:trainselection"])
def test_a_constant_raster_trains_with_a_warning(tmp_path, algorithm_id):
    raster = constant_raster(str(tmp_path / "constant.tif"))
    report = str(tmp_path / "r.html")
    results, feedback = run(algorithm_id, {
        "INPUT": raster, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "0" if "gmm" in algorithm_id else 0,
        "MAX_FEATURES": 2, "OUTPUT_MODEL": str(tmp_path / "m.gmm"), "OUTPUT_REPORT": report})
    assert abs(results["KAPPA"]) < 0.05
    pairs = [w for w in feedback.warnings if "are indistinguishable on the bands used" in w]
    assert len(pairs) == 6, feedback.warnings  # every pair of the 4 classes
    assert "classes 'cleared' and 'fallen_dry' are indistinguishable" in pairs[0]
    assert "(Jeffries-Matusita distance 0;" in pairs[0]
    with open(report, encoding="utf-8") as stream:
        assert stream.read().count("are indistinguishable on the bands used") == 6


def test_separable_classes_train_without_that_warning(tmp_path):
    _, feedback = run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class",
                                             "TAU": "1", "OUTPUT_MODEL": str(tmp_path / "m.gmm")})
    assert not [w for w in feedback.warnings if "indistinguishable" in w]


def named_copy(path, names, order=range(1, 8)):
    """A copy of the Landsat scene at `path`, its bands in `order`, carrying `names` (None: GDAL's default
    names)."""
    gdal.Translate(path, LANDSAT, bandList=list(order))
    dataset = gdal.Open(path, gdal.GA_Update)
    for number, name in enumerate(names or [], 1):
        dataset.GetRasterBand(number).SetDescription(name)
    dataset = None
    return path


@pytest.mark.parametrize(("trained", "classified", "expected"), [
    (TM, None, "the raster has no band names: bands taken by number ([1, 2, 3, 4, 5, 6, 7]), only the band "
               "count checked"),
    (TM, TM[::-1], "Bands mapped by name: 'blue' 1 -> 7, 'green' 2 -> 6, 'red' 3 -> 5, 'nir' 4 -> 4, "
                   "'swir1' 5 -> 3, 'thermal' 6 -> 2, 'swir2' 7 -> 1 (model -> raster band)"),
    (TM, TM, None),
    (None, TM, "the model has no band names: bands taken by number ([1, 2, 3, 4, 5, 6, 7]), only the band "
               "count checked"),
])
def test_bands_matched_by_name_or_by_number(tmp_path, trained, classified, expected):
    """The model records the band names of its raster; Predict reads the raster's bands of these names
    (or by number when either side has none) and says how it matched them. (The reversed raster holds its
    bands in reverse order: with the scene's bands under reversed names, its sampled pixels lie beyond
    every class and Predict warns.)"""
    model = str(tmp_path / "m.gmm")
    run("gmmselect:traingmm", {"INPUT": named_copy(str(tmp_path / "trained.tif"), trained),
                               "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1", "MAX_SAMPLES": 100,
                               "OUTPUT_MODEL": model})
    from gmmselect.core import load_model

    assert load_model(model).band_descriptions == (trained or [None] * 7)
    order = [TM.index(name) + 1 for name in classified] if trained and classified else range(1, 8)
    raster = named_copy(str(tmp_path / "classified.tif"), classified, order)
    results, feedback = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                                  "OUTPUT": str(tmp_path / "classes.tif")})
    assert os.path.isfile(results["OUTPUT"]) and feedback.warnings == []
    matched = [line for line in feedback.infos if "band names" in line or "mapped" in line]
    assert matched == ([expected] if expected else [])


def test_a_sensors_whole_band_map_serves_a_selection_model(tmp_path):
    """The scene's bands reversed, mapped by the whole 7-band map to a selection model of 4 of them: the
    map of the scene, the pairs of the other 3 bands left out and logged (before: refused, 'names 1, 4, 7
    and leaves no band of the model unmapped'); a key naming no band of the model file is refused."""
    model = data_file("model_v1", "selection.gmm")
    reversed_ = str(tmp_path / "reversed.tif")
    gdal.Translate(reversed_, LANDSAT, bandList=list(range(7, 0, -1)))
    expected, _ = run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": model,
                                            "OUTPUT": str(tmp_path / "expected.tif")})
    results, feedback = run("gmmselect:predict", {"INPUT": reversed_, "MODEL": model,
                                                  "BAND_MAP": "1=7, 2=6, 3=5, 4=4, 5=3, 6=2, 7=1",
                                                  "OUTPUT": str(tmp_path / "mapped.tif")})
    np.testing.assert_array_equal(gdal.Open(results["OUTPUT"]).ReadAsArray(),
                                  gdal.Open(expected["OUTPUT"]).ReadAsArray())
    assert "Band map pairs of bands the model does not use, left out: 1=7, 4=4, 7=1" in feedback.infos
    assert any(line.startswith("bands mapped by hand: band 5 -> 3, band 6 -> 2, band 3 -> 5, band 2 -> 6")
               for line in feedback.infos)
    with pytest.raises(exception(), match=r"The band map names 8, no band the model uses \(band 5, band 6, "
                                          r"band 3, band 2\); map only the model's bands"):
        run("gmmselect:predict", {"INPUT": reversed_, "MODEL": model, "OUTPUT": str(tmp_path / "c.tif"),
                                  "BAND_MAP": "8=1, 5=3, 6=2, 3=5, 2=6"})
    assert not os.path.exists(tmp_path / "c.tif")


def test_bands_missing_by_name_stop_predict_and_a_band_map_runs_it(tmp_path):
    model = str(tmp_path / "m.gmm")
    run("gmmselect:traingmm", {"INPUT": named_copy(str(tmp_path / "trained.tif"), TM), "TRAINING": POLYGONS,
                               "FIELD": "class", "TAU": "1", "MAX_SAMPLES": 100, "OUTPUT_MODEL": model})
    raster = named_copy(str(tmp_path / "classified.tif"), [*TM[:3], "B4", *TM[4:]])
    before = snapshot(tmp_path)
    parameters = {"INPUT": raster, "MODEL": model, "OUTPUT": str(tmp_path / "classes.tif")}
    with pytest.raises(exception(), match=r"does not hold the model's bands by name: 'blue' -> band 1; .* "
                                          r"'nir' -> missing; .*or map the bands by hand \(Predict's "):
        run("gmmselect:predict", parameters)
    assert snapshot(tmp_path) == before
    with pytest.raises(exception(), match=r"BAND_MAP pair 'nir' is not 'model band=raster band number'"):
        run("gmmselect:predict", {**parameters, "BAND_MAP": "nir"})
    band_map = "blue=1, green=2, red=3, nir=4, swir1=5, thermal=6, swir2=7"
    results, feedback = run("gmmselect:predict", {**parameters, "BAND_MAP": band_map})
    assert os.path.isfile(results["OUTPUT"])
    assert any(line.startswith("bands mapped by hand: 'blue' (band 1) -> 1,") for line in feedback.infos)


def test_bands_named_otherwise_are_mapped_by_wavelength_in_english_and_french(tmp_path):
    """Trained on TM's names and wavelengths (um), Predict reads a cube without the thermal band whose bands
    are named B1, B2... with their wavelengths in nm: names and band count fail, the wavelengths tell every
    band: the map is the scene's, the log says how, and warns that the names differ."""
    trained = describe_bands(named_copy(str(tmp_path / "trained.tif"), TM), wavelengths=TM_UM, unit="um")
    numbers = [1, 2, 3, 4, 5, 7]
    gdal.Translate(str(tmp_path / "cube.tif"), LANDSAT, bandList=numbers)
    cube = describe_bands(tmp_path / "cube.tif", [f"B{n}" for n in numbers],
                          [1000 * TM_UM[n - 1] for n in numbers], "nm")
    model = str(tmp_path / "m.gmm")
    run("gmmselect:trainselection", {"INPUT": trained, "TRAINING": POLYGONS, "FIELD": "class",
                                     "MAX_FEATURES": 3, "OUTPUT_MODEL": model})

    def predict(raster, name):
        return run("gmmselect:predict", {"INPUT": raster, "MODEL": model, "OUTPUT": str(tmp_path / name)})
    expected, _ = predict(LANDSAT, "a.tif")
    results, feedback = predict(cube, "b.tif")
    np.testing.assert_array_equal(gdal.Open(results["OUTPUT"]).ReadAsArray(),
                                  gdal.Open(expected["OUTPUT"]).ReadAsArray())
    assert [line for line in feedback.infos if "mapped" in line][0].startswith(
        "Bands mapped by wavelength: '")
    assert [w for w in feedback.warnings if "other names" in w][0].startswith(
        "bands mapped by their wavelength to bands of other names: '")
    with french_translation():
        _, feedback = predict(cube, "c.tif")
    assert [line for line in feedback.infos if "associées" in line][0].startswith(
        "Bandes associées par leur longueur d'onde : '")
    assert [w for w in feedback.warnings if "autres noms" in w][0].startswith(
        "bandes associées par leur longueur d'onde à des bandes d'autres noms : '")


def test_a_raster_in_other_units_than_the_model_is_warned_of_in_english_and_french(tmp_path):
    """Predict with the Landsat model on the scene's DN x 10000 (reflectance against digital numbers, say):
    the map is written, and the log says the values lie beyond every class."""
    source = gdal.Open(LANDSAT)
    raster = write_raster(tmp_path / "scaled.tif", source.ReadAsArray().astype(np.float32) * 10000,
                          geotransform=source.GetGeoTransform())
    model = data_file("model_v1", "selection.gmm")
    results, feedback = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                                  "OUTPUT": str(tmp_path / "classes.tif")})
    assert os.path.isfile(results["OUTPUT"])
    assert [w for w in feedback.warnings if "beyond every class" in w][0].startswith(
        f"100% of the 9216 pixels sampled across raster {raster!r} lie beyond every class of the "
        "model")
    with french_translation():
        _, feedback = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                                "OUTPUT": str(tmp_path / "classes_fr.tif")})
    assert [w for w in feedback.warnings if "toutes les classes" in w][0].startswith(
        f"100% des 9216 pixels échantillonnés sur le raster {raster!r} sont au-delà de "
        "toutes les classes du modèle")


def test_a_fill_value_stored_without_no_data_is_warned_of_in_english_and_french(tmp_path):
    """Predict with the Landsat model on the scene whose 100 left columns hold 0 on every band (a scene's
    outside without a no-data value): the map is written, and the log names the value and the fix."""
    raster = left_filled(tmp_path / "filled.tif", 100)
    model = data_file("model_v1", "selection.gmm")
    results, feedback = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                                  "OUTPUT": str(tmp_path / "classes.tif")})
    assert os.path.isfile(results["OUTPUT"])
    assert [w for w in feedback.warnings if "every band read" in w][0].startswith(
        f"33% of the 9216 pixels sampled across raster {raster!r} hold 0 on every band read")
    with french_translation():
        _, feedback = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                                "OUTPUT": str(tmp_path / "classes_fr.tif")})
    assert [w for w in feedback.warnings if "chaque bande lue" in w] == [
        f"33% des 9216 pixels échantillonnés sur le raster {raster!r} valent 0 sur chaque "
        "bande lue, comme le remplissage autour d'une scène, et sont classés comme les pixels de l'image "
        "elle-même ; si 0 marque l'absence de données, définissez-la comme valeur sans donnée du raster "
        "(Propriétés de la couche > Transparence > Valeur nulle supplémentaire, ou gdal_translate "
        "-a_nodata 0) et ils restent non classés"]


def stored_as(path, gain, shift, scale=None, offset=None):
    """The Landsat scene stored as int16 gain * DN + shift, its bands declaring value = stored * scale +
    offset (None: no declaration)."""
    source = gdal.Open(LANDSAT)
    pixels = source.ReadAsArray().astype(np.int16) * gain + shift
    dataset = gdal.GetDriverByName("GTiff").Create(path, pixels.shape[2], pixels.shape[1], len(pixels),
                                                   gdal.GDT_Int16)
    dataset.SetGeoTransform(source.GetGeoTransform())
    dataset.SetProjection(source.GetProjection())
    for number, plane in enumerate(pixels, 1):
        band = dataset.GetRasterBand(number)
        band.WriteArray(plane)
        if scale is not None:
            band.SetScale(scale)
            band.SetOffset(offset)
    dataset = None
    return path


def test_a_raster_storing_the_values_otherwise_is_converted_to_the_model(tmp_path):
    """Trained on DN declared as value = DN * 0.01; classified on stored = 2 DN + 100 declared as value =
    stored * 0.005 - 0.5 (the same values): the map of the training raster, and the log says so. The same
    numbers without a declaration are classified as they are, with a warning. Before, the stored numbers
    were always classified as they were (a raster with Sentinel-2's -1000 offset of processing baseline
    04.00 against a model of older products, for instance)."""
    model = str(tmp_path / "m.gmm")
    trained = stored_as(str(tmp_path / "trained.tif"), 1, 0, 0.01, 0.0)
    run("gmmselect:traingmm", {"INPUT": trained, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1",
                               "MAX_SAMPLES": 100, "OUTPUT_MODEL": model})
    from gmmselect.core import load_model

    saved = load_model(model)
    assert saved.band_scales == [0.01] * 7 and saved.band_offsets == [0.0] * 7
    maps, logs = [], []
    declared, undeclared = (stored_as(str(tmp_path / "d.tif"), 2, 100, 0.005, -0.5),
                            stored_as(str(tmp_path / "u.tif"), 2, 100))
    for name, raster in (("same", trained), ("declared", declared), ("undeclared", undeclared)):
        results, feedback = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                                      "OUTPUT": str(tmp_path / f"{name}_map.tif")})
        maps.append(gdal.Open(results["OUTPUT"]).ReadAsArray())
        logs.append([line for line in feedback.infos + feedback.warnings if "stored values" in line.lower()])
    np.testing.assert_array_equal(maps[1], maps[0])
    assert np.mean(maps[2] == maps[0]) < 0.9
    # GDAL reports a scale of 1 and an offset of 0 for a band that declares nothing in a VRT, and in a file
    # whose .aux.xml holds its statistics (QGIS writes them): the same numbers, the same map and warning
    vrt = str(tmp_path / "u.vrt")
    gdal.BuildVRT(vrt, [undeclared]).FlushCache()
    dataset = gdal.Open(undeclared)
    dataset.GetRasterBand(1).ComputeStatistics(False)
    dataset = None
    for raster in (vrt, undeclared):
        assert gdal.Open(raster).GetRasterBand(1).GetScale() == 1.0
        results, feedback = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                                      "OUTPUT": str(tmp_path / "again_map.tif")})
        np.testing.assert_array_equal(gdal.Open(results["OUTPUT"]).ReadAsArray(), maps[2])
        said = feedback.infos + feedback.warnings
        assert [line for line in said if "stored values" in line.lower()] == logs[2]
    converted = ", ".join(f"band {n} 0.01, 0 <- raster band {n} 0.005, -0.5" for n in range(1, 8))
    taken = "; ".join(f"band {n}: value = stored * 0.01 + 0, raster band {n}: no scale or offset"
                      for n in range(1, 8))
    assert logs == [
        [], [f"Stored values converted to the model's (value = stored * scale + offset): {converted}"],
        [f"stored values taken as they are where only the model or the raster declares a scale or "
         f"offset: {taken}"]]


def test_pairwise_jm_agrees_with_the_brute_force_criterion():
    """sum_{i<j} pi_i pi_j JM_ij of the fitted model equals the reference's refit from scratch."""
    from reference import separability

    from gmmselect.core import GaussianMixture
    from gmmselect.core.separability import pairwise_jm

    rng = np.random.default_rng(3)
    X = np.concatenate([rng.normal(k, 1 + k, size=(40, 3)) @ rng.normal(size=(3, 3)) for k in range(3)])
    y = np.repeat([1, 2, 3], 40)
    mixture = GaussianMixture.fit(X, y, tau=0.5)
    jm = pairwise_jm(mixture)
    first, second = np.triu_indices(3, 1)
    weighted = mixture.priors_[first] * mixture.priors_[second] @ jm[first, second]
    assert weighted == pytest.approx(separability(X, y, [0, 1, 2], "jm", tau=0.5), rel=1e-10)
    assert np.allclose(np.diag(jm), 0) and np.allclose(jm, jm.T)


def test_predict_output_over_a_file_behind_a_virtual_raster(inputs, model):
    """INPUT is a VRT stacking seven single-band files: OUTPUT may not be one of them."""
    folder, raster, _ = inputs
    bands = [str(folder / f"band{number}.tif") for number in range(1, 8)]
    for number, path in enumerate(bands, 1):
        gdal.Translate(path, raster, bandList=[number])
    stack = str(folder / "stack.vrt")
    gdal.BuildVRT(stack, bands, separate=True)
    refused(folder, "gmmselect:predict", {"INPUT": stack, "MODEL": model, "OUTPUT": bands[3]},
            "OUTPUT would write", "band4.tif", "which is a file of INPUT")


def test_training_matrix_over_the_table_behind_a_virtual_layer(tmp_path):
    """TRAINING is an OGR VRT over a CSV table: OUTPUT_MATRIX may not be that table."""
    table = str(tmp_path / "fields.csv")
    gdal.VectorTranslate(table, POLYGONS, format="CSV", layerCreationOptions=["GEOMETRY=AS_WKT"])
    layer = str(tmp_path / "fields.vrt")
    with open(layer, "w", encoding="utf-8") as stream:
        stream.write('<OGRVRTDataSource><OGRVRTLayer name="fields"><SrcDataSource relativeToVRT="1">'
                     'fields.csv</SrcDataSource><GeometryType>wkbPolygon</GeometryType>'
                     '<GeometryField encoding="WKT" field="WKT"/></OGRVRTLayer></OGRVRTDataSource>')
    refused(tmp_path, "gmmselect:traingmm",
            {"INPUT": LANDSAT, "TRAINING": layer, "FIELD": "class", "TAU": "1",
             "OUTPUT_MODEL": str(tmp_path / "m.gmm"), "OUTPUT_MATRIX": table},
            "OUTPUT_MATRIX would write", "fields.csv", "which is a file of TRAINING")


@pytest.mark.parametrize(("algorithm_id", "output", "name"), [
    ("gmmselect:traingmm", "OUTPUT_MODEL", "model.gmm"), ("gmmselect:traingmm", "OUTPUT_REPORT", "r.html"),
    ("gmmselect:predict", "OUTPUT", "classes.tif"), ("gmmselect:predict", "CONFIDENCE", "confidence.tif"),
])
def test_an_output_that_is_a_folder(tmp_path, model, algorithm_id, output, name):
    """A folder named like a file, holding a file of the user's: refused, the folder untouched."""
    (tmp_path / name).mkdir()
    (tmp_path / name / "keep.txt").write_text("the user's")
    if algorithm_id == "gmmselect:predict":
        parameters = {"INPUT": LANDSAT, "MODEL": model, "OUTPUT": str(tmp_path / "ok.tif")}
    else:
        parameters = {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1",
                      "OUTPUT_MODEL": str(tmp_path / "ok.gmm")}
    parameters[output] = str(tmp_path / name)
    refused(tmp_path, algorithm_id, parameters, f"{name}' is a folder; give the name of a file")


@pytest.mark.parametrize("source", ["GTIFF_DIR:2:{pages}", "{plain}|option:NUM_THREADS=2"])
def test_a_raster_layer_named_by_qgis_trains_and_predicts(tmp_path, source):
    """A layer whose source is no file name: a page of a multi-page GeoTIFF, loaded as QGIS loads a subdataset
    ('GTIFF_DIR:2:pages.tif'), or a file opened with options ('plain.tif|option:NUM_THREADS=2'). Train GMM
    and Predict run on it as on the file of the same bands, and an output onto the file behind it is refused
    as an output over the input."""
    from qgis.core import QgsRasterLayer

    pages, plain = str(tmp_path / "pages.tif"), str(tmp_path / "plain.tif")
    gdal.Translate(pages, LANDSAT, bandList=[1, 2, 3])
    gdal.Translate(pages, LANDSAT, bandList=[4, 5, 6, 7], creationOptions=["APPEND_SUBDATASET=YES"])
    gdal.Translate(plain, LANDSAT, bandList=[4, 5, 6, 7])
    layer = QgsRasterLayer(source.format(pages=pages, plain=plain), "scene", "gdal")
    assert layer.isValid() and layer.bandCount() == 4
    classes = {}
    for name, raster in (("layer", layer), ("plain", plain)):
        model = str(tmp_path / f"{name}.gmm")
        run("gmmselect:traingmm", {"INPUT": raster, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1",
                                   "MAX_SAMPLES": 100, "OUTPUT_MODEL": model})
        output = str(tmp_path / f"{name}_classes.tif")
        run("gmmselect:predict", {"INPUT": raster, "MODEL": model, "OUTPUT": output})
        classes[name] = gdal.Open(output).ReadAsArray()
    np.testing.assert_array_equal(classes["layer"], classes["plain"])
    assert len(np.unique(classes["layer"])) == 4
    behind = pages if source.startswith("GTIFF_DIR") else plain
    refused(tmp_path, "gmmselect:predict",
            {"INPUT": layer, "MODEL": str(tmp_path / "layer.gmm"), "OUTPUT": behind},
            "OUTPUT would write", os.path.basename(behind), "which is a file of INPUT")


def test_a_crs_given_to_a_raster_layer_in_qgis_is_the_one_read(model, tmp_path):
    """A copy of the Landsat scene without its CRS, set to EPSG:32622 in QGIS (Set Layer CRS), and the
    training polygons in EPSG:4326: Train GMM reprojects them to the CRS QGIS shows and makes the model of
    the scene with its CRS; Predict writes its maps in that CRS; on the map likewise held, the sample design
    writes its points in it and Assess gives areas in square metres, the table of the map with its CRS. The
    log says so. Before, the file's CRS was read (none) with a warning: the polygons' degrees were taken for
    the scene's metres and no polygon lay over it, and the outputs had no CRS."""
    from qgis.core import QgsCoordinateReferenceSystem, QgsRasterLayer

    from gmmselect.core import load_model

    def bare(source, name):
        """A copy of raster `source` without a CRS, shown in QGIS in EPSG:32622."""
        path = str(tmp_path / f"{name}.tif")
        gdal.Translate(path, source)
        dataset = gdal.Open(path, gdal.GA_Update)
        dataset.SetProjection("")
        dataset = None
        assert gdal.Open(path).GetProjection() == ""
        layer = QgsRasterLayer(path, name, "gdal")
        layer.setCrs(QgsCoordinateReferenceSystem("EPSG:32622"))
        return layer

    degrees = str(tmp_path / "degrees.gpkg")
    gdal.VectorTranslate(degrees, POLYGONS, dstSRS="EPSG:4326")
    scene = bare(LANDSAT, "scene")
    said = ("INPUT: layer '{0}' is read as QGIS shows it: in the CRS set in QGIS (EPSG:32622), not its "
            "file's (no CRS)")
    models, records = {}, {}
    for name, raster in [("shown", scene), ("file", LANDSAT)]:
        results, feedback = run("gmmselect:traingmm", {
            "INPUT": raster, "TRAINING": degrees, "FIELD": "class", "TAU": "1",
            "OUTPUT_MODEL": str(tmp_path / f"{name}.gmm")})
        saved = load_model(results["OUTPUT_MODEL"])
        models[name], records[name] = saved.mixture, saved.training.source
        assert (said.format("scene") in feedback.infos) == (name == "shown") and not feedback.warnings
    np.testing.assert_array_equal(models["shown"].counts_, models["file"].counts_)
    np.testing.assert_array_equal(models["shown"].means_, models["file"].means_)
    # the model records the CRS it was read in
    assert records["shown"]["read_as"] == {"raster": {
        "crs": scene.crs().toWkt(QgsCoordinateReferenceSystem.WKT_PREFERRED_GDAL), "crs_name": "EPSG:32622"}}
    assert "read_as" not in records["file"]
    outputs = {}
    for name, raster in [("shown", scene), ("file", LANDSAT)]:
        results, feedback = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                                      "OUTPUT": str(tmp_path / f"{name}_map.tif")})
        outputs[name] = results["OUTPUT"]
        assert (said.format("scene") in feedback.infos) == (name == "shown") and not feedback.warnings
    shown_map, file_map = (gdal.Open(outputs[name]) for name in ("shown", "file"))
    assert shown_map.GetSpatialRef().GetAuthorityCode(None) == "32622"
    np.testing.assert_array_equal(shown_map.ReadAsArray(), file_map.ReadAsArray())
    shown_map = file_map = None
    classes = bare(outputs["file"], "classes")
    tables = {}
    for name, given in [("shown", classes), ("file", outputs["file"])]:
        feedback = recorder()
        design, _ = run("gmmselect:sampledesign", {"INPUT": given, "MIN_PER_CLASS": 5, "TARGET_SE": 0.05,
                                                   "OUTPUT": str(tmp_path / f"{name}_sample.gpkg")}, feedback)
        source = ogr.Open(design["OUTPUT"])
        assert source.GetLayer(0).GetSpatialRef().GetAuthorityCode(None) == "32622"
        source = None
        run("gmmselect:assess", {"INPUT": given, "REFERENCE": POLYGONS, "FIELD": "class",
                                 "OUTPUT_TABLE": str(tmp_path / f"{name}.csv")}, feedback)
        tables[name] = (tmp_path / f"{name}.csv").read_text()
        assert (feedback.infos.count(said.format("classes")) == 2) == (name == "shown")
        assert beyond_training_reference(feedback.warnings) == []
    assert tables["shown"] == tables["file"]


def test_a_crs_given_to_a_training_layer_in_qgis_is_the_one_read(tmp_path):
    """The training polygons in EPSG:4326 as a shapefile without its .prj, the layer set to EPSG:4326 in QGIS
    (Set Layer CRS): Train GMM reads the features in that CRS and says so, and the model is that of the same
    shapefile with its .prj. Before, OGR read the file without a CRS, its degrees were taken for the scene's
    metres, and no polygon lay over the scene."""
    from qgis.core import QgsCoordinateReferenceSystem, QgsVectorLayer

    from gmmselect.core import load_model

    declared = str(tmp_path / "declared.shp")
    gdal.VectorTranslate(declared, POLYGONS, format="ESRI Shapefile", dstSRS="EPSG:4326")
    bare = tmp_path / "bare"
    bare.mkdir()
    for extension in ("shp", "shx", "dbf"):
        shutil.copy(tmp_path / f"declared.{extension}", bare / f"bare.{extension}")
    layer = QgsVectorLayer(str(bare / "bare.shp"), "bare", "ogr")
    assert not layer.crs().isValid()
    layer.setCrs(QgsCoordinateReferenceSystem("EPSG:4326"))
    models = {}
    for name, training in [("bare", layer), ("declared", declared)]:
        models[name] = str(tmp_path / f"{name}.gmm")
        _, feedback = run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": training, "FIELD": "class",
                                                 "TAU": "1", "OUTPUT_MODEL": models[name]})
        said = [line for line in feedback.infos if "QGIS shows it" in line]
        assert said == (["TRAINING: layer 'bare' is read as QGIS shows it: in the CRS set in QGIS "
                         "(EPSG:4326), not its file's (no CRS)"] if name == "bare" else [])
    assert load_model(models["bare"]).training.source["read_as"] == {"training": {
        "crs": layer.crs().toWkt(QgsCoordinateReferenceSystem.WKT_PREFERRED_GDAL), "crs_name": "EPSG:4326"}}
    assert "read_as" not in load_model(models["declared"]).training.source
    bare_model, declared_model = (load_model(models[name]).mixture for name in ("bare", "declared"))
    np.testing.assert_array_equal(bare_model.counts_, declared_model.counts_)
    np.testing.assert_array_equal(bare_model.means_, declared_model.means_)
    assert sum(bare_model.counts_) == sum(LANDSAT_COUNTS.values())
    with french_translation():
        _, feedback = run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": layer, "FIELD": "class",
                                                 "TAU": "1", "OUTPUT_MODEL": str(tmp_path / "fr.gmm")})
    assert ("TRAINING : la couche 'bare' est lue telle que QGIS l'affiche : dans le SCR défini dans QGIS "
            "(EPSG:4326), non dans celui de son fichier (aucun SCR)") in feedback.infos


def test_the_transformation_the_project_sets_is_the_one_the_features_are_reprojected_by(tmp_path):
    """A scene in UTM 30N (EPSG:32630) and training polygons in OSGB36 (EPSG:4277), whose datums PROJ links
    by several transformations metres apart; the project sets one (Project Properties > Transformations),
    stored either way round: Train GMM samples the pixels under the polygons as QGIS shows them, reprojected
    by it (the model of the polygons QGIS reprojects itself, written in UTM), and says so. Before, PROJ's own
    choice was used whatever the project set, and the samples were those of another place."""
    from qgis.core import (
        QgsCoordinateReferenceSystem,
        QgsCoordinateTransform,
        QgsCoordinateTransformContext,
        QgsDatumTransform,
        QgsPointXY,
        QgsProject,
        QgsVectorFileWriter,
        QgsVectorLayer,
    )

    from gmmselect.core import load_model
    from gmmselect.raster import extract_samples

    rng = np.random.default_rng(5)
    grid = (566000.0, 10.0, 0.0, 5873800.0, 0.0, -10.0)
    smooth = np.cumsum(np.cumsum(rng.normal(size=(3, 200, 200)), axis=1), axis=2)
    scene = write_raster(tmp_path / "scene.tif", smooth.astype(np.float32), grid, epsg=32630)
    boxes = [(box(566300 + 450 * k, 5873500 - 600 * c, 566600 + 450 * k, 5873200 - 600 * c), f"c{c}")
             for c in range(3) for k in range(3)]
    utm = write_vector(tmp_path / "utm.gpkg", boxes, epsg=32630)
    osgb = str(tmp_path / "osgb.gpkg")
    gdal.VectorTranslate(osgb, utm, dstSRS="EPSG:4277")
    source, target = QgsCoordinateReferenceSystem("EPSG:4277"), QgsCoordinateReferenceSystem("EPSG:32630")
    proj_s_own = QgsCoordinateTransformContext()  # no operation set: PROJ's choice
    centre = QgsCoordinateTransform(target, source, proj_s_own).transform(QgsPointXY(567000, 5872800))

    def shift(choice):
        """How far `choice` moves the scene's centre from where PROJ's own choice puts it, in metres."""
        transforms = QgsCoordinateTransformContext()
        transforms.addCoordinateOperation(source, target, choice.proj)
        moved = QgsCoordinateTransform(source, target, transforms).transform(centre)
        return moved.distance(QgsCoordinateTransform(source, target, proj_s_own).transform(centre))

    chosen = max((choice for choice in QgsDatumTransform.operations(source, target)
                  if choice.isAvailable and "grid" not in choice.proj and choice.accuracy > 0), key=shift)
    assert shift(chosen) > 10  # a pixel
    backward = [choice for choice in QgsDatumTransform.operations(target, source)
                if choice.name.endswith(f"Inverse of {chosen.name.split(' + ')[0]}")][0]
    project = QgsProject.instance()
    kept = project.transformContext()

    def train(polygons, name):
        results, feedback = run("gmmselect:traingmm", {"INPUT": scene, "TRAINING": polygons, "FIELD": "class",
                                                       "TAU": "1", "VALIDATION": 0,
                                                       "OUTPUT_MODEL": str(tmp_path / f"{name}.gmm")})
        saved = load_model(results["OUTPUT_MODEL"])
        records[name] = saved.training.source
        return saved.mixture, feedback

    records = {}

    default, _ = train(osgb, "default")
    models = {}
    try:
        for name, (first, second, operation) in {"forward": (source, target, chosen.proj),
                                                 "backward": (target, source, backward.proj)}.items():
            transforms = QgsCoordinateTransformContext(kept)
            transforms.addCoordinateOperation(first, second, operation)
            project.setTransformContext(transforms)
            shown = QgsVectorLayer(osgb, "osgb", "ogr")
            options = QgsVectorFileWriter.SaveVectorOptions()
            options.ct = QgsCoordinateTransform(source, target, project)
            reprojected = str(tmp_path / f"{name}_shown.gpkg")
            QgsVectorFileWriter.writeAsVectorFormatV3(shown, reprojected, project.transformContext(), options)
            models[name] = (train(osgb, name), train(reprojected, f"{name}_shown")[0])
    finally:
        project.setTransformContext(kept)
    for name, ((model, feedback), expected) in models.items():
        np.testing.assert_array_equal(model.counts_, expected.counts_)
        np.testing.assert_allclose(model.means_, expected.means_, rtol=1e-12)
        said = "TRAINING: reprojected to the CRS of INPUT by the transformation the project sets: "
        assert [line for line in feedback.infos if line.startswith(said)] == [
            said + (chosen.name if name == "forward" else backward.name)]
        # the model records the operation, enough to sample the same pixels again without QGIS
        recorded = records[name]["read_as"]
        assert recorded == {"transformation": {
            "proj": backward.proj if name == "backward" else chosen.proj, "inverse": name == "backward",
            "name": backward.name if name == "backward" else chosen.name}}
        again = extract_samples(scene, osgb, "class", operation=(recorded["transformation"]["proj"],
                                                                  recorded["transformation"]["inverse"]))
        assert again.class_names == model.class_names_
        np.testing.assert_allclose([again.X[again.y == label].mean(axis=0) for label in again.labels],
                                   model.means_, rtol=1e-12)
    assert "read_as" not in records["default"]
    assert not np.array_equal(models["forward"][0][0].means_, default.means_)


def test_unsaved_edits_and_fields_added_in_qgis_are_read(tmp_path):
    """A copy of the training polygons being edited in QGIS, every 'fallen_dry' feature changed to 'cleared'
    and not saved: Train GMM reads what QGIS shows, 3 classes, cleared of 1124 + 220 pixels, and says so; with
    a virtual field big = upper("class") (Field Calculator) too, on field big: CLEARED. Before, OGR read the
    file: its features as saved, and no field 'big'. The file is left as it was, and the model names it
    (before: the copy QGIS wrote, /tmp/processing_.../INPUT.gpkg)."""
    from qgis.core import QgsField, QgsVectorLayer
    from qgis.PyQt.QtCore import QVariant

    from gmmselect.core import load_model

    shutil.copy(POLYGONS, tmp_path / "polygons.gpkg")
    layer = QgsVectorLayer(str(tmp_path / "polygons.gpkg"), "polygons", "ogr")
    layer.startEditing()
    field = layer.fields().indexOf("class")
    for feature in layer.getFeatures():
        if feature["class"] == "fallen_dry":
            layer.changeAttributeValue(feature.id(), field, "cleared")
    saved = (tmp_path / "polygons.gpkg").read_bytes()
    said = "TRAINING: layer 'polygons' is read as QGIS shows it: with its unsaved edits"
    for field, names, shown in [("class", ["cleared", "forest", "water"], said),
                                ("big", ["CLEARED", "FOREST", "WATER"],
                                 f"{said}; with the fields added in QGIS (big)")]:
        if field == "big":
            layer.addExpressionField('upper("class")', QgsField("big", QVariant.String))
        model = tmp_path / "out" / f"{field}.gmm"
        results, feedback = run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": layer, "FIELD": field,
                                                       "TAU": "1", "OUTPUT_MODEL": str(model)})
        saved_model = load_model(results["OUTPUT_MODEL"])
        mixture = saved_model.mixture
        assert mixture.class_names_ == names and mixture.counts_.tolist() == [1124 + 220, 2271, 795]
        assert shown in feedback.infos
        # the model names the layer, not the GeoPackage QGIS wrote of it for the run
        assert saved_model.training.source["training"] == layer.source() == str(tmp_path / "polygons.gpkg")
        assert saved_model.training.source["layer"] == ""
        # and records what QGIS gave that the file does not hold
        assert saved_model.training.source["read_as"] == {"training": {
            "unsaved_edits": True, **({"fields_added": ["big"]} if field == "big" else {})}}
    assert layer.isModified() and (tmp_path / "polygons.gpkg").read_bytes() == saved


def test_a_layer_read_from_the_copy_qgis_wrote_is_named_as_the_user_knows_it(tmp_path):
    """The training polygons being edited in QGIS, feature 3's class emptied and not saved: QGIS writes a copy
    for the run ('/tmp/processing_.../TRAINING.gpkg'), and the refusal names the layer's file and its name in
    the project, which the user can edit; a selection of them as Assess's reference is named so in its
    warnings and report. Before, both named the copy."""
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProject, QgsVectorLayer

    source = str(tmp_path / "polygons.gpkg")
    shutil.copy(POLYGONS, source)
    layer = QgsVectorLayer(source, "my polygons", "ogr")
    layer.startEditing()
    layer.changeAttributeValue(3, layer.fields().indexOf("class"), "")
    with pytest.raises(exception(), match=rf"^Features of '{re.escape(source)}' with an empty class field "
                                          r"'class': 1 of 36 \(FID 3\); fill in their class or delete them"):
        run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": layer, "FIELD": "class", "TAU": "1",
                                   "OUTPUT_MODEL": str(tmp_path / "m.gmm")})
    layer.rollBack()
    model = run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1",
                                       "VALIDATION": 0, "OUTPUT_MODEL": str(tmp_path / "m.gmm")})[0]
    classes = run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": model["OUTPUT_MODEL"],
                                        "OUTPUT": str(tmp_path / "classes.tif")})[0]["OUTPUT"]
    QgsProject.instance().addMapLayer(layer)
    layer.selectByIds([1, 2, 10, 11, 20, 21, 30, 31])
    selected = QgsProcessingFeatureSourceDefinition(layer.id(), True)
    results, feedback = run("gmmselect:assess", {
        "INPUT": classes, "REFERENCE": selected, "FIELD": "class",
        "OUTPUT_TABLE": str(tmp_path / "table.csv"), "OUTPUT_REPORT": str(tmp_path / "report.html")})
    QgsProject.instance().removeMapLayer(layer.id())
    named = [line for line in feedback.warnings if "independent samples" in line]
    assert len(named) == 1 and f" of {source!r} are taken as independent samples" in named[0]
    assert not [line for line in feedback.warnings + feedback.infos if "processing_" in line]
    from test_report import parse

    assert dict(parse(results["OUTPUT_REPORT"])[0].tables["inputs"][0][1:])["Reference points or polygons"] \
        == source


def test_features_read_from_the_copy_qgis_wrote_are_named_by_their_fids_in_qgis(tmp_path):
    """QGIS writes the selected features of a shapefile (FIDs from 0), of a CSV opened as delimited text
    (FIDs from 2, its line numbers) or of a memory layer to a GeoPackage numbered from 1, in the order the
    selection gives them: the refusals name the feature emptied and the row blanked by their FIDs in QGIS,
    selected or not, and the layers by their file, or by their name in the project for the memory layer.
    Before: the copy's FIDs, FID 11 for the shapefile's 20 (21 with every feature), FID 6 for the CSV's 9,
    and the layer's source, 'file:///...library.csv?type=csv&...' or 'Polygon?crs=...&uid=...'."""
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProject, QgsVectorLayer

    shapefile = str(tmp_path / "polygons.shp")
    gdal.VectorTranslate(shapefile, POLYGONS)
    with open(data_file("muufl_field_spectra", "muufl_library.csv")) as library:
        lines = library.read().splitlines()
    lines[8] = ",".join(cell if number != 3 else "" for number, cell in enumerate(lines[8].split(",")))
    table = tmp_path / "library.csv"
    table.write_text("\n".join(lines) + "\n")
    polygons = QgsVectorLayer(shapefile, "my polygons", "ogr")
    spectra = QgsVectorLayer(f"file://{table}?type=csv&detectTypes=yes&geomType=none", "my spectra",
                             "delimitedtext")
    polygons.startEditing()
    polygons.changeAttributeValue(20, polygons.fields().indexOf("class"), "")
    scratch = QgsVectorLayer(f"Polygon?crs={polygons.crs().authid()}", "my scratch polygons", "memory")
    scratch.dataProvider().addAttributes(polygons.fields())
    scratch.updateFields()
    scratch.dataProvider().addFeatures(list(polygons.getFeatures()))
    for layer, selected in ((polygons, range(10, 30)), (spectra, range(4, 42)), (scratch, range(11, 31))):
        QgsProject.instance().addMapLayer(layer)
        layer.selectByIds(list(selected))
    emptied = rf"^Features of '{re.escape(shapefile)}' with an empty class field 'class': 1 of {{}} " \
              r"\(FID 20\)"
    runs = [("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": given, "FIELD": "class", "TAU": "1"},
             emptied.format(count))
            for given, count in ((QgsProcessingFeatureSourceDefinition(polygons.id(), True), 20),
                                 (polygons, 36))]
    scratched = r"^Features of 'my scratch polygons' with an empty class field 'class': 1 of {} \(FID 21\)"
    runs += [("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": given, "FIELD": "class", "TAU": "1"},
              scratched.format(count))
             for given, count in ((QgsProcessingFeatureSourceDefinition(scratch.id(), True), 20),
                                  (scratch, 36))]
    runs += [("gmmselect:trainselectiontable", {"INPUT": given, "FIELD": "material"},
              rf"^Rows of table '{re.escape(str(table))}' with an empty or non-finite band value: 1 \(first: "
              r"FID 9, field 'wl_350'\)")
             for given in (QgsProcessingFeatureSourceDefinition(spectra.id(), True), spectra)]
    for algorithm, parameters, said in runs:
        with pytest.raises(exception(), match=said):
            run(algorithm, {**parameters, "OUTPUT_MODEL": str(tmp_path / "m.gmm")})
    polygons.rollBack()
    for layer in (polygons, spectra, scratch):
        QgsProject.instance().removeMapLayer(layer.id())


def test_a_model_of_a_memory_layer_names_it_by_its_name_in_the_project(tmp_path):
    """The training polygons pasted into a memory layer 'my scratch polygons': the model, its log and its
    report name the layer by that name. Before, by its source, 'Polygon?crs=EPSG:32619&uid={...}', which
    names nothing a user or a later run can find."""
    from qgis.core import QgsProject, QgsVectorLayer

    from gmmselect.core import load_model

    polygons = QgsVectorLayer(POLYGONS, "polygons", "ogr")
    scratch = QgsVectorLayer(f"Polygon?crs={polygons.crs().authid()}", "my scratch polygons", "memory")
    scratch.dataProvider().addAttributes(polygons.fields())
    scratch.updateFields()
    scratch.dataProvider().addFeatures(list(polygons.getFeatures()))
    QgsProject.instance().addMapLayer(scratch)
    try:
        results, feedback = run("gmmselect:traingmm", {
            "INPUT": LANDSAT, "TRAINING": scratch, "FIELD": "class", "TAU": "1", "VALIDATION": 0,
            "OUTPUT_MODEL": str(tmp_path / "m.gmm"), "OUTPUT_REPORT": str(tmp_path / "report.html")})
    finally:
        QgsProject.instance().removeMapLayer(scratch.id())
    assert load_model(results["OUTPUT_MODEL"]).training.source["training"] == "my scratch polygons"
    assert [line for line in feedback.infos if line.startswith("Sampling the bands")][0].endswith(
        "under 'my scratch polygons' (field 'class')")
    from test_report import parse

    assert dict(parse(results["OUTPUT_REPORT"])[0].tables["inputs"][0][1:])["Training polygons or points"] \
        == "my scratch polygons"


def test_a_copy_numbered_by_a_fid_field_names_the_features_by_their_fids_in_qgis_and_drops_none(tmp_path):
    """QGIS numbers its copy of a layer with a field 'fid' by that field. The GeoPackage's features pasted
    in reverse order into a memory layer (ids 1-36, 'fid' 36-1), the feature of 'fid' 21 with its class
    emptied: the refusal names its id, 16 (before: 21, the field's value). The GeoPackage with a new water
    polygon not saved ('fid' empty): QGIS's copy gives it the FID of another and drops one of the two
    (GDAL: UNIQUE constraint failed); the run reads a copy of its own, without the field, and says so: the
    model has 37 polygons, 10 of water (before: 36 without a word)."""
    from qgis.core import QgsFeature, QgsProject, QgsVectorLayer

    from gmmselect.core import load_model

    source = str(tmp_path / "polygons.gpkg")
    shutil.copy(POLYGONS, source)
    polygons = QgsVectorLayer(source, "my polygons", "ogr")
    pasted = QgsVectorLayer(f"Polygon?crs={polygons.crs().authid()}", "pasted", "memory")
    pasted.dataProvider().addAttributes(polygons.fields())
    pasted.updateFields()
    features = list(polygons.getFeatures())[::-1]
    for feature in features:
        if feature["fid"] == 21:
            feature["class"] = ""
    pasted.dataProvider().addFeatures(features)
    assert [feature.id() for feature in pasted.getFeatures() if feature["fid"] == 21] == [16]
    QgsProject.instance().addMapLayer(pasted)
    with pytest.raises(exception(), match=r"^Features of 'pasted' with an empty class field 'class': 1 of 36 "
                                          r"\(FID 16\)"):
        run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": pasted, "FIELD": "class", "TAU": "1",
                                   "OUTPUT_MODEL": str(tmp_path / "m.gmm")})
    QgsProject.instance().removeMapLayer(pasted.id())
    water = [feature for feature in polygons.getFeatures() if feature["class"] == "water"]
    polygons.startEditing()
    added = QgsFeature(polygons.fields())
    added.setGeometry(water[0].geometry().buffer(-30, 4))
    added.setAttribute("class", "water")
    assert polygons.addFeature(added)
    QgsProject.instance().addMapLayer(polygons)
    feedback = recorder()
    model = run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": polygons, "FIELD": "class", "TAU": "1",
                                       "VALIDATION": 0, "OUTPUT_MODEL": str(tmp_path / "m.gmm")}, feedback)[0]
    QgsProject.instance().removeMapLayer(polygons.id())
    said = ("TRAINING: the copy QGIS writes of layer 'my polygons' for the run drops features (QGIS numbers "
            "it by the field 'fid', which an unsaved new feature leaves empty or features pasted twice "
            "share): the run reads a copy of its own, without that field")
    assert said in feedback.infos
    record = load_model(model["OUTPUT_MODEL"]).training
    assert sum(training for training, _ in record.polygons.values()) == 37
    assert record.polygons["water"][0] == len(water) + 1


def test_a_shapefile_in_latin_1_is_read_as_qgis_shows_it(tmp_path):
    """The Landsat polygons in a shapefile encoded in ISO-8859-1 (its .cpg says so), class field 'classé'
    holding 'Forêt', 'Défriché'...: QGIS decodes it, GDAL in QGIS's Python does not (QGIS sets
    SHAPE_ENCODING empty), so the plugin reads it with the encoding QGIS uses; given by path or as a layer of
    the project, the model's classes are the names QGIS shows. Before: the class field was not found, in a
    refusal whose message was empty (a name holding an undecoded byte, which Qt cannot hold). A table in
    ISO-8859-1 read by OGR as it is: the refusal names its field 'class\ufffd', where it was empty."""
    from qgis.core import QgsProject, QgsVectorLayer

    from gmmselect.core import load_model

    names = {"forest": "Forêt", "water": "Eau", "cleared": "Défriché", "fallen_dry": "Sec"}
    shapefile = str(tmp_path / "latin.shp")
    source = ogr.Open(POLYGONS)
    qgis_encoding = gdal.GetConfigOption("SHAPE_ENCODING")
    gdal.SetConfigOption("SHAPE_ENCODING", None)  # GDAL writes ISO-8859-1, as outside QGIS's process
    try:
        target = ogr.GetDriverByName("ESRI Shapefile").CreateDataSource(shapefile)
        layer = target.CreateLayer("latin", source.GetLayer(0).GetSpatialRef(), ogr.wkbPolygon,
                                   options=["ENCODING=ISO-8859-1"])
        layer.CreateField(ogr.FieldDefn("classé", ogr.OFTString))
        for feature in source.GetLayer(0):
            copied = ogr.Feature(layer.GetLayerDefn())
            copied.SetField(0, names[feature.GetField("class")])
            copied.SetGeometry(feature.GetGeometryRef())
            layer.CreateFeature(copied)
        source = target = layer = None
    finally:
        gdal.SetConfigOption("SHAPE_ENCODING", qgis_encoding)
    assert b"For\xeat" in (tmp_path / "latin.dbf").read_bytes()
    project_layer = QgsVectorLayer(shapefile, "latin", "ogr")
    QgsProject.instance().addMapLayer(project_layer)
    for given in (shapefile, project_layer):
        model, feedback = run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": given, "FIELD": "classé",
                                                     "TAU": "1", "VALIDATION": 0,
                                                     "OUTPUT_MODEL": str(tmp_path / "m.gmm")})
        saved = load_model(model["OUTPUT_MODEL"])
        assert sorted(saved.training.polygons) == sorted(names.values())
        # named as QGIS names it, without the encoding the plugin reads it with (before: 'latin.shp|option:
        # ENCODING=ISO-8859-1' in the log, the messages and the model)
        assert saved.training.source["training"] == shapefile
        assert f"under '{shapefile}' (field 'classé')" in " ".join(feedback.infos)
    QgsProject.instance().removeMapLayer(project_layer.id())
    table = tmp_path / "latin.csv"
    table.write_bytes("classé,wl_1,wl_2\nForêt,1,2\nForêt,1.5,2.5\nEau,3,1\nEau,3.5,1.5\n".encode("latin-1"))
    (tmp_path / "latin.csvt").write_text('"String","Real","Real"\n')
    refused = rf"^Layer 'latin' of '{re.escape(str(table))}' has no field 'nothere'; its fields are: " \
              "class\ufffd, wl_1, wl_2.$"
    with pytest.raises(exception(), match=refused):
        run("gmmselect:trainselectiontable", {"INPUT": str(table), "FIELD": "nothere",
                                              "OUTPUT_MODEL": str(tmp_path / "t.gmm")})


def test_the_selected_features_and_a_feature_limit_are_read_and_recorded(tmp_path):
    """The training polygons in the project, those not of water selected, run on the selected features only
    and at most 20 of them (the layer's advanced options): the model is that of the first 20 selected
    features written to a file of their own, and records what QGIS gave (the selection and the limit; it
    names the layer's file, not the copy QGIS wrote of them); a spectral library with its first 100 rows
    selected likewise. Before, the model named the file alone: a run again on it read every feature."""
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProject, QgsVectorLayer

    from gmmselect.core import load_model

    layer = QgsVectorLayer(POLYGONS, "polygons", "ogr")
    table = QgsVectorLayer(os.path.join(os.path.dirname(LANDSAT), "..", "muufl_field_spectra",
                                        "muufl_library.csv"), "library", "ogr")
    QgsProject.instance().addMapLayers([layer, table])
    try:
        layer.selectByExpression("class <> 'water'")
        first = sorted(layer.selectedFeatureIds())[:20]
        results, _ = run("gmmselect:traingmm", {
            "INPUT": LANDSAT, "FIELD": "class", "TAU": "1", "VALIDATION": 0, "GROUPED": False,
            "TRAINING": QgsProcessingFeatureSourceDefinition(layer.id(), True, 20),
            "OUTPUT_MODEL": str(tmp_path / "limited.gmm")})
        table.selectByIds(sorted(table.allFeatureIds())[:100])
        spectra, _ = run("gmmselect:trainselectiontable", {
            "INPUT": QgsProcessingFeatureSourceDefinition(table.id(), True), "FIELD": "material",
            "MAX_FEATURES": 2, "VALIDATION": 0, "FOLDS": 2, "OUTPUT_MODEL": str(tmp_path / "table.gmm")})
    finally:
        QgsProject.instance().removeMapLayers([layer.id(), table.id()])
    written = str(tmp_path / "first.gpkg")
    gdal.VectorTranslate(written, POLYGONS, where=f"fid IN ({', '.join(map(str, first))})")
    expected, _ = run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": written, "FIELD": "class",
                                             "TAU": "1", "VALIDATION": 0, "GROUPED": False,
                                             "OUTPUT_MODEL": str(tmp_path / "written.gmm")})
    limited, written_model = (load_model(results["OUTPUT_MODEL"]), load_model(expected["OUTPUT_MODEL"]))
    np.testing.assert_array_equal(limited.mixture.counts_, written_model.mixture.counts_)
    np.testing.assert_array_equal(limited.mixture.means_, written_model.mixture.means_)
    assert limited.mixture.class_names_ == ["cleared", "fallen_dry", "forest"]
    assert limited.training.source["training"] == POLYGONS
    assert limited.training.source["read_as"] == {"training": {"selected_only": True, "feature_limit": 20}}
    library = load_model(spectra["OUTPUT_MODEL"])
    assert library.training.source["read_as"] == {"table": {"selected_only": True}}
    assert library.mixture.counts_.sum() == 100


def test_selected_features_only_with_nothing_selected_is_refused_saying_so(tmp_path):
    """'Selected features only' ticked on a layer with no selection: refused as 'has no feature with a
    geometry' of a layer of 36 features; now it says that none is selected, and the fix."""
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProject, QgsVectorLayer

    layer = QgsVectorLayer(POLYGONS, "polygons", "ogr")
    QgsProject.instance().addMapLayer(layer)
    try:
        refused(tmp_path, "gmmselect:traingmm", {
            "INPUT": LANDSAT, "FIELD": "class", "TAU": "1",
            "TRAINING": QgsProcessingFeatureSourceDefinition(layer.id(), True),
            "OUTPUT_MODEL": str(tmp_path / "m.gmm")},
            "TRAINING: 'Selected features only' is ticked and no feature of layer 'polygons' is selected; "
            "select the features to use, or untick it")
    finally:
        QgsProject.instance().removeMapLayer(layer.id())


def train_checking(check, training, model, fix=None):
    """Train GMM on `training` with Processing's 'Invalid features filtering' `check` (and the layer's own
    advanced setting `fix`, when given); returns (results, feedback)."""
    import processing
    from processing.tools import dataobjects
    from qgis.core import QgsProcessingFeatureSourceDefinition

    feedback = recorder()
    context = dataobjects.createContext(feedback)
    context.setInvalidGeometryCheck(check)
    if fix is not None:
        training = QgsProcessingFeatureSourceDefinition(
            training, False, -1, QgsProcessingFeatureSourceDefinition.FlagOverrideDefaultGeometryCheck, fix)
    return processing.run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": training, "FIELD": "class",
                                                 "TAU": "1", "OUTPUT_MODEL": model},
                          feedback=feedback, context=context), feedback


def test_a_feature_of_invalid_geometry_is_handled_as_processing_s_setting_asks(tmp_path):
    """The Landsat polygons and a bowtie (a ring crossing itself) over the first one, of its class. As
    Processing's 'Invalid features filtering' asks: by default (stop), the run stops naming the feature and
    GEOS's reason, and writes nothing; 'skip' trains the model of the polygons without it, with a warning;
    'do not filter' samples it as GDAL rasterises it. The layer's own setting (its advanced options) wins
    over Processing's. Before, the bowtie was read whatever the setting."""
    from qgis.core import QgsFeatureRequest

    from gmmselect.core import load_model

    polygons, fid, reason = with_crossing_ring(tmp_path / "bowtie.gpkg")
    stop, skip, use = (QgsFeatureRequest.GeometryAbortOnInvalid, QgsFeatureRequest.GeometrySkipInvalid,
                       QgsFeatureRequest.GeometryNoCheck)
    stopped = (f"Features of layer 'training_polygons' of {polygons!r} with an invalid geometry: 1 of 37 "
               f"(FIDs {fid}; the first: {reason}); repair them (Processing's Fix geometries), or have them "
               "left out (Settings > Options > Processing > General > Invalid features filtering).")
    assert refused(tmp_path, "gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": polygons, "FIELD": "class",
                                                   "OUTPUT_MODEL": str(tmp_path / "m.gmm")}) == stopped
    before = snapshot(tmp_path)
    with pytest.raises(exception()) as raised:
        train_checking(skip, polygons, str(tmp_path / "m.gmm"), fix=stop)
    assert str(raised.value) == stopped and snapshot(tmp_path) == before
    counts = {}
    for name, check, fix in [("skip", skip, None), ("use", use, None), ("own skip", stop, skip)]:
        results, feedback = train_checking(check, polygons, str(tmp_path / f"{name}.gmm"), fix)
        saved = load_model(results["OUTPUT_MODEL"])
        counts[name] = saved.mixture.counts_.tolist()
        assert saved.training.source["invalid_geometries"] == name.split()[-1]  # the model records the rule
        left_out = [line for line in feedback.warnings if "invalid geometry" in line]
        assert left_out == ([] if name == "use" else [
            f"features of {polygons!r} with an invalid geometry, left out as asked: 1 of 37 (FIDs "
            f"{fid}; the first: {reason}); repair them (Processing's Fix geometries) to sample them"])
    assert counts["skip"] == counts["own skip"] == [LANDSAT_COUNTS[name] for name in sorted(LANDSAT_COUNTS)]
    assert sum(counts["use"]) > sum(counts["skip"])
    with french_translation():
        assert refused(tmp_path, "gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": polygons,
                                                       "FIELD": "class",
                                                       "OUTPUT_MODEL": str(tmp_path / "m.gmm")}) == (
            f"Entités de la couche 'training_polygons' de {polygons!r} à la géométrie invalide : 1 sur 37 "
            f"(FID {fid} ; la première : {reason}) ; réparez-les (l'algorithme Réparer les géométries de la "
            "boîte à outils de traitements), ou faites-les écarter (Préférences > Options > Traitement > "
            "Général > Filtrage des éléments invalides).")


def test_no_data_set_in_qgis_is_the_no_data_read(model, tmp_path):
    """Values 0-10 added as no-data on band 4 and the file's no-data (255) not used on band 3 (Layer
    Properties > Transparency), on a copy of the scene whose band 3 is 255 on its first ten rows: Train GMM
    and Predict read the layer as QGIS shows it and say so, in English and French: the model and the map of
    a raster holding that no-data itself (band 4's values 0-10 written as 255, band 3 without a no-data
    value: a VRT). Before, both read the file's no-data values and warned."""
    from qgis.core import QgsRasterLayer, QgsRasterRange

    from gmmselect.core import load_model
    from gmmselect.raster import extract_samples
    from gmmselect.raster.blocks import BandNoData

    shown = str(tmp_path / "shown.tif")
    gdal.Translate(shown, LANDSAT)
    dataset = gdal.Open(shown, gdal.GA_Update)
    bands = dataset.ReadAsArray()
    bands[2, :10] = 255
    dataset.GetRasterBand(3).WriteArray(bands[2])
    dataset = None
    gdal.Translate(str(tmp_path / "written.tif"), shown)
    dataset = gdal.Open(str(tmp_path / "written.tif"), gdal.GA_Update)
    dataset.GetRasterBand(4).WriteArray(np.where(bands[3] <= 10, 255, bands[3]).astype(np.uint8))
    dataset.GetRasterBand(1).DeleteNoDataValue()  # a GeoTIFF's no-data is every band's: a VRT's is per band
    dataset = None
    written = str(tmp_path / "written.vrt")
    dataset = gdal.Translate(written, str(tmp_path / "written.tif"), format="VRT")
    for number in (1, 2, 4, 5, 6, 7):
        dataset.GetRasterBand(number).SetNoDataValue(255)
    dataset = None
    layer = QgsRasterLayer(shown, "shown", "gdal")
    layer.dataProvider().setUserNoDataValue(4, [QgsRasterRange(0, 10)])
    layer.dataProvider().setUseSourceNoDataValue(3, False)
    said = ("INPUT: layer 'shown' is read as QGIS shows it: no-data set in QGIS on band 3: the file's "
            "no-data value not used; no-data set in QGIS on band 4: 0 ≤ x ≤ 10")
    outputs = {}
    for name, raster in [("shown", layer), ("written", written)]:
        trained, feedback = run("gmmselect:traingmm", {
            "INPUT": raster, "TRAINING": POLYGONS, "FIELD": "class", "TAU": "1",
            "OUTPUT_MODEL": str(tmp_path / f"{name}.gmm")})
        assert (said in feedback.infos) == (name == "shown") and not feedback.warnings
        predicted, feedback = run("gmmselect:predict", {"INPUT": raster, "MODEL": model,
                                                        "OUTPUT": str(tmp_path / f"{name}_map.tif")})
        assert (said in feedback.infos) == (name == "shown")
        outputs[name] = (load_model(trained["OUTPUT_MODEL"]).mixture,
                         gdal.Open(predicted["OUTPUT"]).ReadAsArray())
    (shown_model, shown_map), (written_model, written_map) = outputs["shown"], outputs["written"]
    # the model records the no-data it was read with, enough to sample the same pixels again without QGIS
    recorded = load_model(str(tmp_path / "shown.gmm")).training.source["read_as"]
    assert recorded == {"raster": {"no_data": {
        "3": {"file_value": False, "ranges": []},
        "4": {"file_value": True, "ranges": [[0.0, 10.0, True, True]]}}}}
    again = extract_samples(shown, POLYGONS, "class", no_data={
        int(band): BandNoData(values["file_value"], tuple(map(tuple, values["ranges"])))
        for band, values in recorded["raster"]["no_data"].items()})
    assert [again.counts[name] for name in shown_model.class_names_] == shown_model.counts_.tolist()
    # its model applied to the scene's file (as qgis_process reads it) warns; on the layer, as trained, not
    other = ("INPUT: the model was trained on this raster read with other no-data than this run reads it "
             "with (then: no-data set in QGIS on band 3: the file's no-data value not used; no-data set in "
             "QGIS on band 4: 0 ≤ x ≤ 10; now: its file's no-data): pixels that were no-data then are "
             "classified now, or the reverse. Set the same no-data on the layer (Layer Properties > "
             "Transparency)")
    for given, said in [(shown, [other]), (layer, [])]:
        _, feedback = run("gmmselect:predict", {"INPUT": given, "MODEL": str(tmp_path / "shown.gmm"),
                                                "OUTPUT": str(tmp_path / "again.tif")})
        assert [line for line in feedback.warnings if "other no-data" in line] == said
    # the maps say what made them: the model, the raster, its bands, and how QGIS gave it (as a model records)
    for name, raster in [("shown", shown), ("written", written)]:
        made_of = gdal.Open(str(tmp_path / f"{name}_map.tif")).GetMetadata()
        assert {key: value for key, value in made_of.items() if key.startswith("GMMSELECT")} == {
            "GMMSELECT_MODEL": model, "GMMSELECT_RASTER": raster, "GMMSELECT_BANDS": "1,2,3,4,5,6,7",
            **({"GMMSELECT_READ_AS": json.dumps(recorded)} if name == "shown" else {})}
    np.testing.assert_array_equal(shown_model.counts_, written_model.counts_)
    np.testing.assert_array_equal(shown_model.means_, written_model.means_)
    assert shown_model.counts_.sum() < sum(LANDSAT_COUNTS.values())
    np.testing.assert_array_equal(shown_map, written_map)
    assert np.all(shown_map[bands[3] <= 10] == 0) and np.all(shown_map[:10][bands[3][:10] > 10] > 0)
    with french_translation():
        _, feedback = run("gmmselect:predict", {"INPUT": layer, "MODEL": model,
                                                "OUTPUT": str(tmp_path / "classes_fr.tif")})
    assert ("INPUT : la couche 'shown' est lue telle que QGIS l'affiche : valeurs sans donnée définies dans "
            "QGIS sur la bande 3 : valeur sans donnée du fichier non utilisée ; valeurs sans donnée définies "
            "dans QGIS sur la bande 4 : 0 ≤ x ≤ 10") in feedback.infos


def test_no_data_set_in_qgis_on_a_mask_is_the_no_data_read(model, tmp_path):
    """Predict's MASK of values 1-4 (4 its file's no-data), shown in QGIS with 1-2 as no-data and the file's
    4 not used: the map is that of the mask as QGIS shows it (usable where 3 or 4), the map of a mask file
    holding that no-data itself, and the log says so. Before, the file's no-data was read (4 masked, 1-2
    usable) and a warning named the fix."""
    from qgis.core import QgsRasterLayer, QgsRasterRange

    grid = gdal.Open(LANDSAT).GetGeoTransform()
    values = (np.arange(310 * 287).reshape(1, 310, 287) % 4 + 1).astype(np.uint8)
    mask = write_raster(tmp_path / "mask.tif", values, geotransform=grid, nodata=4)
    written = write_raster(tmp_path / "written_mask.tif", np.where(values <= 2, 0, 1).astype(np.uint8), grid)
    layer = QgsRasterLayer(mask, "mask", "gdal")
    layer.dataProvider().setUserNoDataValue(1, [QgsRasterRange(1, 2)])
    layer.dataProvider().setUseSourceNoDataValue(1, False)
    maps = {}
    for name, given in [("shown", layer), ("written", written), ("none", None)]:
        results, feedback = run("gmmselect:predict", {"INPUT": LANDSAT, "MASK": given, "MODEL": model,
                                                      "OUTPUT": str(tmp_path / f"{name}.tif")})
        maps[name] = gdal.Open(results["OUTPUT"]).ReadAsArray()
        said = ("MASK: layer 'mask' is read as QGIS shows it: no-data set in QGIS on band 1: 1 ≤ x ≤ 2, the "
                "file's no-data value not used")
        assert (said in feedback.infos) == (name == "shown") and not feedback.warnings
    np.testing.assert_array_equal(maps["shown"], maps["written"])
    np.testing.assert_array_equal(maps["shown"], np.where(values[0] <= 2, 0, maps["none"]))


@pytest.mark.parametrize("use_file_value", [True, False])
def test_no_data_read_is_the_no_data_qgis_shows(tmp_path, use_file_value):
    """A band stored as int16 with a scale and offset (value = stored x 0.5 - 3) and a no-data value (stored
    100), no-data ranges of every kind of bound set in QGIS (one open below): the pixels the data layer
    reads as no-data are those QGIS's own provider shows as no-data, pixel for pixel. QGIS compares its
    ranges with the scaled values (a range 9-13 on stored x 2 + 5 masks stored 2-4)."""
    from qgis.core import QgsRasterLayer, QgsRasterRange

    from gmmselect.algorithms.base import shown_no_data
    from gmmselect.raster import blocks

    stored = (np.arange(200, dtype=np.int16) - 50).reshape(1, 10, 20)
    path = write_raster(tmp_path / "scaled.tif", stored, nodata=100)
    dataset = gdal.Open(path, gdal.GA_Update)
    dataset.GetRasterBand(1).SetScale(0.5)
    dataset.GetRasterBand(1).SetOffset(-3)
    dataset = None
    layer = QgsRasterLayer(path, "scaled", "gdal")
    provider = layer.dataProvider()
    provider.setUserNoDataValue(1, [QgsRasterRange(0, 10), QgsRasterRange(20, 25, QgsRasterRange.Exclusive),
                                    QgsRasterRange(30, 31, QgsRasterRange.IncludeMin),
                                    QgsRasterRange(40, 41, QgsRasterRange.IncludeMax),
                                    QgsRasterRange(float("nan"), -20)])
    provider.setUseSourceNoDataValue(1, use_file_value)
    block = provider.block(1, layer.extent(), 20, 10)
    shown = np.array([[block.isNoData(row, col) for col in range(20)] for row in range(10)])
    _, usable = blocks.PixelReader(path, [1], no_data=shown_no_data(provider, 1)).read((0, 0, 20, 10))
    np.testing.assert_array_equal(usable, ~shown)
    # values -28, -27.5 ... 71.5: 21 in [0, 10], 9 in (20, 25), 2 in [30, 31), 2 in (40, 41], 17 <= -20
    assert shown.sum() == 51 + use_file_value


@pytest.mark.parametrize(("stored_type", "scale", "offset"), [
    (np.int16, 0.1, 0.0), (np.uint16, 1e-4, 0.0), (np.float32, 0.1, 0.0), (np.float64, 0.1, 0.0),
    (np.int16, 1.0, -0.3), (np.float32, 1.0, 0.0)])
def test_no_data_read_is_the_no_data_qgis_shows_at_the_bounds(tmp_path, stored_type, scale, offset):
    """Ranges whose bounds are decimal values the scaled band holds (0.7 = stored 7 x 0.1), of every kind of
    bound: the pixels read as no-data are QGIS's, pixel for pixel. QGIS holds a scaled band's values in
    float32 (stored 7 x 0.1 is 0.69999999, below 0.7), unless it is stored in float64 (0.7000000000000001,
    on 0.7 within QGIS's tolerance of 4 double epsilons). Before, the values were compared in float64 and
    without the tolerance: stored 7 and 23 were read otherwise than QGIS shows them."""
    from qgis.core import QgsRasterLayer, QgsRasterRange

    from gmmselect.algorithms.base import shown_no_data
    from gmmselect.raster import blocks

    stored = np.arange(-20, 180).astype(stored_type).reshape(1, 10, 20)
    path = write_raster(tmp_path / "scaled.tif", stored)
    dataset = gdal.Open(path, gdal.GA_Update)
    dataset.GetRasterBand(1).SetScale(scale)
    dataset.GetRasterBand(1).SetOffset(offset)
    dataset = None
    unit = 10 * scale  # ten stored steps
    layer = QgsRasterLayer(path, "scaled", "gdal")
    layer.dataProvider().setUserNoDataValue(1, [
        QgsRasterRange(0.7 * unit + offset, 2.3 * unit + offset),
        QgsRasterRange(3.1 * unit + offset, 3.9 * unit + offset, QgsRasterRange.Exclusive),
        QgsRasterRange(4.4 * unit + offset, 5.3 * unit + offset, QgsRasterRange.IncludeMin),
        QgsRasterRange(6.1 * unit + offset, 7.7 * unit + offset, QgsRasterRange.IncludeMax),
        QgsRasterRange(float("nan"), -0.9 * unit + offset),
        QgsRasterRange(16.9 * unit + offset, float("nan"))])
    block = layer.dataProvider().block(1, layer.extent(), 20, 10)
    shown = np.array([[block.isNoData(row, col) for col in range(20)] for row in range(10)])
    _, usable = blocks.PixelReader(path, [1], no_data=shown_no_data(layer.dataProvider(), 1)).read(
        (0, 0, 20, 10))
    np.testing.assert_array_equal(usable, ~shown)
    assert 60 < shown.sum() < 100


def run_at_once(jobs):
    """Run each (algorithm id, parameters) as the Toolbox does, a QgsProcessingAlgRunnerTask of QGIS's task
    manager, all at once; [(succeeded, results)] in the jobs' order once every one has ended."""
    import time

    from qgis.core import (
        QgsApplication,
        QgsProcessingAlgRunnerTask,
        QgsProcessingContext,
        QgsProcessingFeedback,
        QgsProject,
    )

    kept, ended = [], {}
    for number, (algorithm_id, parameters) in enumerate(jobs):
        algorithm = QgsApplication.processingRegistry().createAlgorithmById(algorithm_id)
        context = QgsProcessingContext()
        context.setProject(QgsProject.instance())
        feedback = QgsProcessingFeedback()
        task = QgsProcessingAlgRunnerTask(algorithm, parameters, context, feedback)
        task.executed.connect(lambda succeeded, results, number=number: ended.update({number: (succeeded,
                                                                                                results)}))
        kept.append((task, context, feedback))  # the task uses them until it ends
        QgsApplication.taskManager().addTask(task)
    started = time.monotonic()
    while len(ended) < len(jobs) and time.monotonic() - started < 300:
        QgsApplication.processEvents()
        time.sleep(0.01)
    return [ended.get(number, (None, None)) for number in range(len(jobs))]


def test_runs_at_once_in_qgis_s_background_tasks_give_the_outputs_of_one_run_alone(tmp_path):
    """Three Train Selection runs at once, then three Predict runs at once, as QGIS's background tasks run
    them: the models select the bands of one run alone, the maps and confidences are those of one run alone
    pixel for pixel, and GDAL's block cache is the user's again after them (each run caps it, and OpenBLAS's
    threads, process-wide)."""
    from gmmselect.core import load_model

    alone = run("gmmselect:trainselection", {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class",
                                             "OUTPUT_MODEL": str(tmp_path / "alone.gmm")})[0]
    mapped = run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": alone["OUTPUT_MODEL"],
                                       "OUTPUT": str(tmp_path / "alone.tif"),
                                       "CONFIDENCE": str(tmp_path / "alone_confidence.tif")})[0]
    cache = gdal.GetCacheMax()
    trained = run_at_once([("gmmselect:trainselection", {
        "INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "OUTPUT_MODEL": str(tmp_path / f"{n}.gmm")})
        for n in range(3)])
    assert [succeeded for succeeded, _ in trained] == [True] * 3
    assert {load_model(results["OUTPUT_MODEL"]).features for _, results in trained} == {
        load_model(alone["OUTPUT_MODEL"]).features}
    predicted = run_at_once([("gmmselect:predict", {
        "INPUT": LANDSAT, "MODEL": results["OUTPUT_MODEL"], "OUTPUT": str(tmp_path / f"{n}.tif"),
        "CONFIDENCE": str(tmp_path / f"{n}_confidence.tif")}) for n, (_, results) in enumerate(trained)])
    assert [succeeded for succeeded, _ in predicted] == [True] * 3
    for _, results in predicted:
        for output in ("OUTPUT", "CONFIDENCE"):
            assert np.array_equal(gdal.Open(results[output]).ReadAsArray(),
                                  gdal.Open(mapped[output]).ReadAsArray())
    assert gdal.GetCacheMax() == cache
