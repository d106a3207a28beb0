"""The algorithms through `processing.run`, as a user or a script would, on the bundled Landsat scene."""

import csv
import json
import os
import subprocess
import sys

import numpy as np
import pytest
from osgeo import gdal, ogr
from qgis_helpers import CLASSES, LANDSAT, POLYGONS, category_names, recorder, start_qgis
from qgis_helpers import run_algorithm as run


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()


def landsat(**extra):
    """The training inputs on the Landsat scene."""
    return {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", **extra}


def read_band(path, band=1):
    """Array, no-data value and dataset of one band."""
    dataset = gdal.Open(path)
    raster_band = dataset.GetRasterBand(band)
    return raster_band.ReadAsArray(), raster_band.GetNoDataValue(), dataset


@pytest.fixture(scope="module")
def selection(tmp_path_factory):
    """trainselection (SFFS, JM, 30 % of polygons held out) and its outputs."""
    folder = tmp_path_factory.mktemp("selection")
    results = run("gmmselect:trainselection", landsat(
        METHOD="sffs", CRITERION="jm", OUTPUT_MODEL=str(folder / "landsat.gmm"),
        OUTPUT_CURVE=str(folder / "curve.csv"), OUTPUT_REPORT=str(folder / "report.html"),
        OUTPUT_MATRIX=str(folder / "matrix.csv")))
    return folder, results


@pytest.fixture(scope="module")
def prediction(selection):
    """predict with confidence and probabilities."""
    folder, results = selection
    return run("gmmselect:predict", {
        "INPUT": LANDSAT, "MODEL": results["OUTPUT_MODEL"], "OUTPUT": str(folder / "classes.tif"),
        "CONFIDENCE": str(folder / "confidence.tif"), "PROBABILITIES": str(folder / "probabilities.tif")})


def test_selection_held_out_accuracy(selection):
    from gmmselect.core.ridge import RELATIVE_TAU_GRID

    _, results = selection
    assert results["ASSESSMENT"] == "held-out polygons"
    assert results["KAPPA"] > 0.9
    assert results["OVERALL_ACCURACY"] > 0.93
    assert results["TAU"] in RELATIVE_TAU_GRID and results["RIDGE_SCALE"] == "relative"  # MODEL_SEARCH
    bands = [int(b) for b in results["SELECTED_BANDS"].split(",")]
    assert len(bands) == results["N_SELECTED"] and 1 <= len(bands) <= 7
    assert len(set(bands)) == len(bands) and all(1 <= b <= 7 for b in bands)
    assert len(results["SELECTED_NAMES"].split(",")) == len(bands)


def test_selection_files(selection):
    from gmmselect.core import load_model

    folder, results = selection
    saved = load_model(results["OUTPUT_MODEL"])
    assert saved.n_raster_bands == 7 and saved.band_numbers == (1, 2, 3, 4, 5, 6, 7)
    assert saved.mixture.class_names_ == CLASSES
    assert saved.selection.method == "sffs" and saved.selection.criterion == "jm"
    selected = [int(b) for b in results["SELECTED_BANDS"].split(",")]
    assert [saved.band_numbers[f] for f in saved.features] == selected
    assert saved.training.assessment.source == "held-out polygons"
    assert saved.training.polygons == {
        "cleared": (7, 3), "fallen_dry": (6, 2), "forest": (6, 3), "water": (6, 3)}
    assert saved.training.validation.kappa == pytest.approx(results["KAPPA"], abs=1e-6)
    # REFIT (default): after the held-out assessment the final model is refitted on all polygons
    samples = saved.training.samples
    assert saved.mixture.counts_.tolist() == [sum(samples[name]) for name in CLASSES]
    assert saved.training.final_model.startswith("refitted on all polygons")
    assert sum(train + held_out for train, held_out in samples.values()) == 1124 + 220 + 2271 + 795

    with open(results["OUTPUT_CURVE"], newline="") as stream:
        curve = list(csv.DictReader(stream))
    assert [int(row["size"]) for row in curve] == list(range(1, 8))
    assert [row["selected"] for row in curve].count("1") >= 1
    jm = [float(row["jm"]) for row in curve]
    assert jm == sorted(jm)  # best JM of each size grows with the size
    chosen = next(row for row in curve if int(row["size"]) == results["N_SELECTED"])
    assert chosen["bands"].replace(";", ",") == results["SELECTED_BANDS"]
    assert chosen["band_names"].replace(";", ",") == results["SELECTED_NAMES"]

    with open(results["OUTPUT_MATRIX"], newline="") as stream:
        rows = list(csv.reader(stream))
    assert rows[0][0] == "reference \\ predicted (held-out polygons)" and rows[0][1:5] == CLASSES
    matrix = np.array([[int(v) for v in row[1:5]] for row in rows[1:5]])
    assert np.trace(matrix) / matrix.sum() == pytest.approx(results["OVERALL_ACCURACY"])
    with open(results["OUTPUT_REPORT"], encoding="utf-8") as stream:
        report = stream.read()
    assert "held-out polygons" in report and "refitted on all polygons" in report
    assert f"{results['KAPPA']:.4f}" in report


def test_prediction_grid_classes_and_confidence(prediction):
    classes, nodata, dataset = read_band(prediction["OUTPUT"])
    source = gdal.Open(LANDSAT)
    assert (dataset.RasterXSize, dataset.RasterYSize) == (287, 310)
    assert dataset.GetGeoTransform() == source.GetGeoTransform()
    assert dataset.GetSpatialRef().IsSame(source.GetSpatialRef())
    assert set(np.unique(classes)) - {nodata} == {1, 2, 3, 4}
    assert category_names(prediction["OUTPUT"])[1:5] == CLASSES
    assert os.path.isfile(os.path.splitext(prediction["OUTPUT"])[0] + ".qml")
    confidence, confidence_nodata, _ = read_band(prediction["CONFIDENCE"])
    valid = classes != nodata
    assert confidence[valid].min() >= 0.25 - 1e-6 and confidence[valid].max() <= 1.0 + 1e-6
    assert np.median(confidence[valid]) > 0.9
    probabilities = gdal.Open(prediction["PROBABILITIES"]).ReadAsArray()
    assert probabilities.shape == (4, 310, 287)
    assert np.allclose(probabilities[:, valid].sum(axis=0), 1.0, atol=1e-4)
    assert np.allclose(probabilities[:, valid].max(axis=0), confidence[valid], atol=1e-5)
    assert np.array_equal(probabilities[:, valid].argmax(axis=0) + 1, classes[valid])
    assert prediction["N_SELECTED"] == len(prediction["SELECTED_BANDS"].split(","))


def test_prediction_agrees_with_the_polygons(prediction):
    """Most pixels under each polygon get its class (the training and held-out ones alike)."""
    classes, _, dataset = read_band(prediction["OUTPUT"])
    memory = gdal.GetDriverByName("MEM").Create("", dataset.RasterXSize, dataset.RasterYSize, 1,
                                                gdal.GDT_Byte)
    memory.SetGeoTransform(dataset.GetGeoTransform())
    memory.SetProjection(dataset.GetProjection())
    vector = ogr.Open(POLYGONS)
    layer = vector.GetLayer("training_polygons")
    layer.SetAttributeFilter(None)
    for code, name in enumerate(CLASSES, start=1):
        layer.SetAttributeFilter(f"class = '{name}'")
        gdal.RasterizeLayer(memory, [1], layer, burn_values=[code])
    reference = memory.ReadAsArray()
    inside = reference > 0
    assert np.mean(classes[inside] == reference[inside]) > 0.95


def test_predict_with_a_smaller_selected_set(selection, tmp_path):
    _, results = selection
    two = run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": results["OUTPUT_MODEL"], "N_FEATURES": 2,
                                    "OUTPUT": str(tmp_path / "two.tif")})
    with open(results["OUTPUT_CURVE"], newline="") as stream:
        size_two = next(row for row in csv.DictReader(stream) if row["size"] == "2")
    assert two["N_SELECTED"] == 2 and two["SELECTED_BANDS"] == size_two["bands"].replace(";", ",")
    classes, nodata, _ = read_band(two["OUTPUT"])
    assert set(np.unique(classes)) - {nodata} <= {1, 2, 3, 4}


def test_predict_with_a_mask(selection, tmp_path):
    _, results = selection
    source = gdal.Open(LANDSAT)
    mask_path = str(tmp_path / "mask.tif")
    mask = gdal.GetDriverByName("GTiff").Create(mask_path, 287, 310, 1, gdal.GDT_Byte)
    mask.SetGeoTransform(source.GetGeoTransform())
    mask.SetProjection(source.GetProjection())
    values = np.zeros((310, 287), dtype=np.uint8)
    values[:100] = 1
    mask.GetRasterBand(1).WriteArray(values)
    mask = None
    masked = run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": results["OUTPUT_MODEL"], "MASK": mask_path,
                                       "OUTPUT": str(tmp_path / "masked.tif")})
    classes, nodata, _ = read_band(masked["OUTPUT"])
    assert np.all(classes[100:] == nodata)
    assert np.all(classes[:100] != nodata)


def test_train_gmm_defaults_only(tmp_path):
    """INPUT, TRAINING, FIELD and OUTPUT_MODEL alone: tau search, held-out assessment."""
    from gmmselect.core import load_model

    results = run("gmmselect:traingmm", landsat(OUTPUT_MODEL=str(tmp_path / "gmm.gmm")))
    assert results["ASSESSMENT"] == "held-out polygons"
    assert results["KAPPA"] > 0.9 and results["N_SELECTED"] == 7
    assert results["SELECTED_BANDS"] == "1,2,3,4,5,6,7"
    assert results["OUTPUT_REPORT"] is None and results["OUTPUT_MATRIX"] is None
    saved = load_model(results["OUTPUT_MODEL"])
    assert saved.selection is None and saved.tau_search.criterion == "kappa"
    assert len(saved.tau_search.grid) > 1
    assert results["TAU"] == pytest.approx(saved.tau_search.tau) == pytest.approx(saved.mixture.tau_)


def test_train_gmm_one_tau_and_no_validation(tmp_path):
    results = run("gmmselect:traingmm", landsat(TAU="0.5", VALIDATION=0, CRITERION="f1", FOLDS=4,
                                                OUTPUT_MODEL=str(tmp_path / "no_extension"),
                                                OUTPUT_MATRIX=str(tmp_path / "matrix.csv")))
    assert results["OUTPUT_MODEL"] == str(tmp_path / "no_extension.gmm")
    assert results["TAU"] == 0.5
    assert results["ASSESSMENT"] == "cross-validation"
    assert results["KAPPA"] > 0.9
    with open(results["OUTPUT_MATRIX"], newline="") as stream:
        rows = list(csv.reader(stream))
    assert rows[0][0] == "reference \\ predicted (cross-validation)"
    assert sum(int(v) for row in rows[1:5] for v in row[1:5]) == 1124 + 220 + 2271 + 795


@pytest.mark.parametrize(("ridge_scale", "tau", "key"), [
    ("relative", "0.01", "relative"), (1, "0.01", "relative"), ("auto", "0.01", "auto"),
    ("absolute", "", "absolute")])
def test_ridge_scale_by_key_or_index(tmp_path, ridge_scale, tau, key):
    """RIDGE_SCALE: a given TAU is relative only with 'relative'; 'absolute' searches the absolute grid."""
    from gmmselect.core import default_tau_grid, load_model
    from gmmselect.raster import extract_samples

    results = run("gmmselect:traingmm", landsat(RIDGE_SCALE=ridge_scale, TAU=tau, ALPHA="0", VALIDATION=0,
                                                OUTPUT_MODEL=str(tmp_path / "gmm.gmm")))
    saved = load_model(results["OUTPUT_MODEL"])
    relative = key == "relative"
    assert (saved.mixture.ridge_scale_ is not None) == saved.tau_search.relative == relative
    assert results["RIDGE_SCALE"] == ("relative" if relative else "absolute")
    assert saved.training.parameters["ridge_scale"] == key
    if not tau:
        samples = extract_samples(LANDSAT, POLYGONS, "class")
        np.testing.assert_allclose(saved.tau_search.grid, default_tau_grid(samples.X, samples.y), rtol=1e-12)


@pytest.mark.parametrize("grouped", [True, False])
def test_leave_one_out_folds(tmp_path, grouped):
    """FOLDS = 0: leave-one-polygon-out (36 polygons) or leave-one-pixel-out (4410 pixels), pooled."""
    from gmmselect.core import load_model

    results = run("gmmselect:traingmm", landsat(FOLDS=0, GROUPED=grouped, VALIDATION=0, TAU="0, 1, 100",
                                                OUTPUT_MODEL=str(tmp_path / "loo.gmm"),
                                                OUTPUT_REPORT=str(tmp_path / "loo.html")))
    saved = load_model(results["OUTPUT_MODEL"])
    assert saved.training.parameters["folds"] == 0
    assert saved.tau_search.folds == (36 if grouped else 1124 + 220 + 2271 + 795)
    assert results["ASSESSMENT"] == "cross-validation" and results["KAPPA"] > 0.9
    report = (tmp_path / "loo.html").read_text()
    assert "leave-one-out cross-validation" in report
    assert ("each polygon is predicted" if grouped else "each sample is predicted") in report


def test_training_points_and_selected_features_only(tmp_path):
    """Points (one pixel each) with integer codes, and a layer with a selection (only the selected
    features are used)."""
    from qgis.core import QgsProcessingFeatureSourceDefinition, QgsProject, QgsVectorLayer

    points = str(tmp_path / "points.gpkg")
    codes = " ".join(f"WHEN '{name}' THEN {10 * code}" for code, name in enumerate(CLASSES, start=1))
    gdal.VectorTranslate(points, POLYGONS, SQLDialect="SQLite",
                         SQLStatement=f"SELECT ST_PointOnSurface(geom) AS geom, CAST(CASE class {codes} END "
                                      "AS INTEGER) AS code FROM training_polygons")
    from_points = run("gmmselect:traingmm", landsat(TRAINING=points, FIELD="code", VALIDATION=0, FOLDS=3,
                                                    OUTPUT_MODEL=str(tmp_path / "points.gmm")))
    from gmmselect.core import load_model

    saved = load_model(from_points["OUTPUT_MODEL"])
    assert saved.mixture.counts_.tolist() == [10, 8, 9, 9]
    assert saved.mixture.labels_.tolist() == [10, 20, 30, 40]
    assert saved.mixture.class_names_ == ["10", "20", "30", "40"]
    assert from_points["ASSESSMENT"] == "cross-validation"

    layer = QgsVectorLayer(f"{POLYGONS}|layername=training_polygons", "polygons", "ogr")
    QgsProject.instance().addMapLayer(layer)
    try:
        layer.selectByExpression("class <> 'water'")
        selected = run("gmmselect:traingmm", landsat(
            TRAINING=QgsProcessingFeatureSourceDefinition(layer.id(), True), TAU="1",
            OUTPUT_MODEL=str(tmp_path / "selected.gmm")))
    finally:
        QgsProject.instance().removeMapLayer(layer.id())
    assert load_model(selected["OUTPUT_MODEL"]).mixture.class_names_ == ["cleared", "fallen_dry", "forest"]
    assert selected["KAPPA"] > 0.9


def test_enum_indices_work_like_keys(tmp_path):
    by_index = run("gmmselect:trainselection", landsat(METHOD=0, CRITERION=3, MAX_FEATURES=3, USE_BEST=False,
                                                       MAX_SAMPLES=200, OUTPUT_MODEL=str(tmp_path / "a.gmm")))
    by_key = run("gmmselect:trainselection", landsat(METHOD="sfs", CRITERION="kappa", MAX_FEATURES=3,
                                                     USE_BEST=False, MAX_SAMPLES=200,
                                                     OUTPUT_MODEL=str(tmp_path / "b.gmm")))
    assert by_index["N_SELECTED"] == by_key["N_SELECTED"] == 3
    assert by_index["SELECTED_BANDS"] == by_key["SELECTED_BANDS"]
    assert by_index["KAPPA"] == by_key["KAPPA"]


def test_classification_is_loaded_with_its_class_style(selection, tmp_path):
    """What the GUI does: the output is loaded into the project and gets the named paletted style."""
    from processing.gui.Postprocessing import handleAlgorithmResults
    from qgis.core import (
        QgsApplication,
        QgsProcessingContext,
        QgsProcessingFeedback,
        QgsProcessingOutputLayerDefinition,
        QgsProject,
    )

    _, results = selection
    project = QgsProject.instance()
    context = QgsProcessingContext()
    context.setProject(project)
    feedback = QgsProcessingFeedback()
    output = str(tmp_path / "loaded.tif")
    algorithm = QgsApplication.processingRegistry().createAlgorithmById("gmmselect:predict")
    parameters = {"INPUT": LANDSAT, "MODEL": results["OUTPUT_MODEL"],
                  "OUTPUT": QgsProcessingOutputLayerDefinition(output, project)}
    outputs, ok = algorithm.run(parameters, context, feedback)
    assert ok and outputs["OUTPUT"] == output
    assert context.willLoadLayerOnCompletion(output)
    assert context.layerToLoadOnCompletionDetails(output).postProcessor() is not None
    assert handleAlgorithmResults(algorithm, context, feedback)
    layer = next(layer for layer in project.mapLayers().values() if layer.source() == output)
    renderer = layer.renderer()
    assert renderer.type() == "paletted"
    assert [c.label for c in renderer.classes()] == CLASSES
    assert [c.value for c in renderer.classes()] == [1, 2, 3, 4]
    project.removeMapLayer(layer.id())


def test_predict_in_batch_over_tiles_equals_the_scene(selection, prediction, tmp_path):
    """Predict run once per tile (as QGIS's batch mode does), the model loaded once per run: each tile's
    classification is the scene's classification over that tile."""
    from test_raster_fixtures import landsat_tiles

    _, results = selection
    scene, _, _ = read_band(prediction["OUTPUT"])
    tiles, _ = landsat_tiles(tmp_path)
    for (x, y, width, height), tile in tiles:
        done = run("gmmselect:predict", {"INPUT": tile, "MODEL": results["OUTPUT_MODEL"],
                                         "OUTPUT": tile.replace(".tif", "_classes.tif")})
        classes, _, _ = read_band(done["OUTPUT"])
        np.testing.assert_array_equal(classes, scene[y:y + height, x:x + width])


#: Sets a small TAU in Train Selection's Toolbox and batch widgets (a QGIS application with a GUI, so in its
#: own process) and prints what each gives back.
TAU_WIDGETS = """
import os, sys
sys.path[:0] = [os.environ["GMMSELECT_PLUGIN_PARENT"], os.environ["GMMSELECT_TESTS"]]
from qgis_helpers import start_qgis
start_qgis(gui=True)
from qgis.core import QgsApplication, QgsProcessingContext
from qgis.gui import QgsGui, QgsProcessingGui
tau = QgsApplication.processingRegistry().algorithmById("gmmselect:trainselection").parameterDefinition("TAU")
for kind in (QgsProcessingGui.Standard, QgsProcessingGui.Batch):
    wrapper = QgsGui.processingGuiRegistry().createParameterWidgetWrapper(tau, kind)
    context = QgsProcessingContext()
    widget = wrapper.createWrappedWidget(context)
    wrapper.setParameterValue(1e-7, context)
    print(repr(wrapper.parameterValue()), flush=True)
os._exit(0)
"""


def test_a_small_tau_survives_the_toolbox_and_batch_widgets():
    """QGIS's number widget keeps 6 decimals unless told otherwise: a TAU of 1e-7 typed in the Toolbox was
    run as 0."""
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", GMMSELECT_TESTS=os.path.dirname(__file__))
    shown = subprocess.run([sys.executable, "-c", TAU_WIDGETS], capture_output=True, text=True, timeout=120,
                           env=environment)
    assert shown.stdout.split() == ["1e-07", "1e-07"], shown.stderr


TOOLBOX_SEARCH = """
import json, os, sys
sys.path[:0] = [os.environ["GMMSELECT_PLUGIN_PARENT"], os.environ["GMMSELECT_TESTS"]]
from qgis_helpers import start_qgis
start_qgis(gui=True)
from qgis.core import QgsApplication
from qgis.gui import QgsProcessingToolboxProxyModel
from qgis.PyQt.QtCore import QModelIndex
model = QgsProcessingToolboxProxyModel(None, QgsApplication.processingRegistry())
def found(parent):
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        algorithm = model.toolboxModel().algorithmForIndex(model.mapToSource(index))
        if algorithm is not None and algorithm.provider().id() == "gmmselect":
            yield algorithm.name()
        yield from found(index)
shown = {}
for words in sys.argv[1:]:
    model.setFilterString(words)
    shown[words] = sorted(set(found(QModelIndex())))
print(json.dumps(shown), flush=True)
os._exit(0)
"""


def test_the_toolbox_search_finds_the_algorithms_by_what_they_do():
    """The Toolbox's filter searches names, tags and short descriptions: it found none of the algorithms by
    'classification', 'band selection', 'hyperspectral', 'kappa', 'Olofsson' or 'spectral library' (no tags,
    no short description)."""
    training = ["traingmm", "trainselection", "trainselectiontable"]
    expected = {"classification": sorted(["assess", "predict", "sampledesign", *training]),
                "classify": sorted(["predict", *training]), "supervised": sorted(["predict", *training]),
                "band selection": training[1:], "hyperspectral": sorted(["predict", *training]),
                "kappa": training, "olofsson": ["assess", "sampledesign"],
                "spectral library": ["trainselectiontable"], "area": ["assess"], "sffs": training[1:],
                "accuracy assessment": ["assess", "sampledesign"]}
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", GMMSELECT_TESTS=os.path.dirname(__file__))
    shown = subprocess.run([sys.executable, "-c", TOOLBOX_SEARCH, *expected], capture_output=True, text=True,
                           timeout=120, env=environment)
    assert json.loads(shown.stdout.splitlines()[-1]) == expected, shown.stderr


def test_train_gmm_s_criterion_is_that_of_the_alpha_tau_search():
    """CRITERION chooses alpha and tau together: its label and help said 'the tau search'."""
    from qgis.core import QgsApplication

    criterion = QgsApplication.processingRegistry().algorithmById("gmmselect:traingmm").parameterDefinition(
        "CRITERION")
    assert criterion.description() == "Criterion of the (alpha, tau) search"
    assert criterion.help().startswith("What the (alpha, tau) search maximises: the mean over folds")


def test_each_algorithm_has_a_one_line_short_description():
    """The Toolbox shows it as the algorithm's tooltip (it was empty), qgis_process help before the
    description."""
    from qgis.core import QgsApplication

    algorithms = QgsApplication.processingRegistry().providerById("gmmselect").algorithms()
    assert len(algorithms) == 6
    for algorithm in algorithms:
        line = algorithm.shortDescription()
        assert line.endswith(".") and "\n" not in line and 60 < len(line) < 160, (algorithm.name(), line)
        assert line != algorithm.shortHelpString() and algorithm.tags(), algorithm.name()


def test_a_raster_with_an_alpha_band_trains_and_predicts_as_its_bands_of_data(tmp_path):
    """The scene warped with an alpha band (8 bands, 0 in its 8 left columns, which three polygons reach
    into, and 0 on every band there): Train GMM learns its 7 bands of data from the pixels of alpha other than
    0, a model of the raster of 7 bands (n_raster_bands 7), which predicts the scene; and a model of the scene
    predicts the 8-band raster, leaving the pixels of alpha 0 unclassified, with one warning naming the alpha
    band. Before, the alpha band was an 8th feature, and Predict refused the raster (8 bands, not 7)."""
    from test_raster_fixtures import with_alpha

    from gmmselect.core import load_model

    alpha = np.full((310, 287), 255, dtype=np.uint8)
    alpha[:, :8] = 0
    raster = with_alpha(tmp_path / "alpha.tif", alpha, fill=0)
    options = {"TAU": "0.5", "VALIDATION": 0, "FOLDS": 3}
    trained = run("gmmselect:traingmm", landsat(INPUT=raster, OUTPUT_MODEL=str(tmp_path / "alpha.gmm"),
                                                **options))
    model = load_model(trained["OUTPUT_MODEL"])
    assert (model.band_numbers, model.n_raster_bands) == (tuple(range(1, 8)), 7)
    assert model.training.warnings == [
        f"band 8 of raster {raster!r} is its alpha band, which QGIS draws as transparency: it masks the "
        "other bands (the pixels where it is 0 are left out as no-data) and is not read as data; if it holds "
        "data (GDAL writes a 4-band Byte GeoTIFF as RGBA unless told otherwise), make it a data band "
        "(gdal_edit.py -colorinterp_8 undefined <file>) and run again"]
    run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": trained["OUTPUT_MODEL"],
                              "OUTPUT": str(tmp_path / "scene.tif")})
    scene = run("gmmselect:traingmm", landsat(OUTPUT_MODEL=str(tmp_path / "scene.gmm"), **options))
    feedback = recorder()
    predicted = run("gmmselect:predict", {"INPUT": raster, "MODEL": scene["OUTPUT_MODEL"],
                                          "OUTPUT": str(tmp_path / "classes.tif")}, feedback=feedback)
    classes = read_band(predicted["OUTPUT"])[0]
    assert (classes[:, :8] == 0).all() and (classes[:, 8:] > 0).all()
    assert [line for line in feedback.warnings if "alpha band" in line] == model.training.warnings
