"""Bad inputs and cancellation give a QgsProcessingException a user can act on, and leave no output."""

import os

import pytest
from osgeo import gdal
from qgis_helpers import LANDSAT, POLYGONS, cancel_past, start_qgis
from qgis_helpers import processing_exception as exception
from qgis_helpers import run_algorithm as run


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()


def landsat(**extra):
    """The training inputs on the Landsat scene."""
    return {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", **extra}


@pytest.fixture(scope="module")
def gmm_model(tmp_path_factory):
    """A small traingmm model (no selection)."""
    path = str(tmp_path_factory.mktemp("gmm") / "gmm.gmm")
    run("gmmselect:traingmm", landsat(TAU="1", MAX_SAMPLES=100, OUTPUT_MODEL=path))
    return path


def test_unknown_field(tmp_path):
    model = tmp_path / "model.gmm"
    with pytest.raises(exception(), match="no field 'klass'; its fields are: fid, fid_src, class|"
                                          "no field 'klass'; its fields are: fid_src, class"):
        run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "klass",
                                   "OUTPUT_MODEL": str(model)})
    assert not model.exists()


def test_validation_leaving_a_class_without_training_polygon(tmp_path):
    """One water polygon and VALIDATION = 0.5: the only water polygon would be held out."""
    subset = str(tmp_path / "one_water.gpkg")
    gdal.VectorTranslate(subset, POLYGONS, layers=["training_polygons"],
                         where="class <> 'water' OR fid = (SELECT min(fid) FROM training_polygons "
                               "WHERE class = 'water')")
    model = tmp_path / "model.gmm"
    with pytest.raises(exception(), match="VALIDATION = 0.5 holds out all 1 polygon\\(s\\) of class 'water'"):
        run("gmmselect:trainselection", {"INPUT": LANDSAT, "TRAINING": subset, "FIELD": "class",
                                         "VALIDATION": 0.5, "OUTPUT_MODEL": str(model)})
    assert not model.exists()


def test_empty_training_layer(tmp_path):
    empty = str(tmp_path / "empty.gpkg")
    gdal.VectorTranslate(empty, POLYGONS, layers=["training_polygons"], where="class = 'none'")
    model = tmp_path / "model.gmm"
    with pytest.raises(exception(), match="has no feature with a geometry: draw training polygons"):
        run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": empty, "FIELD": "class",
                                   "OUTPUT_MODEL": str(model)})
    assert not model.exists()


@pytest.mark.parametrize(("algorithm_id", "extra", "fix"), [
    ("gmmselect:traingmm", {"TAU": "0", "ALPHA": "0"}, "leave TAU empty"),
    ("gmmselect:trainselection", {"MAX_FEATURES": 7, "ALPHA": "0"},
     "lower MAX_FEATURES, set TAU > 0 or leave ALPHA empty"),
])
def test_class_with_fewer_samples_than_bands(tmp_path, algorithm_id, extra, fix):
    """Six samples per class for 7 bands, no ridge and no shrinkage: every covariance would be singular."""
    model = tmp_path / "model.gmm"
    with pytest.raises(exception(), match=f"has 6 training samples for 7 bands: its covariance matrix is "
                                          f"singular.*{fix}"):
        run(algorithm_id, landsat(MAX_SAMPLES=6, VALIDATION=0, OUTPUT_MODEL=str(model), **extra))
    assert not model.exists()


def test_file_that_is_not_a_model(tmp_path):
    fake = tmp_path / "notes.gmm"
    fake.write_text("not a model")
    output = tmp_path / "classes.tif"
    with pytest.raises(exception(), match="is not a GMM Select model file"):
        run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": str(fake), "OUTPUT": str(output)})
    assert not output.exists()


def test_model_of_another_band_count(gmm_model, tmp_path):
    six = str(tmp_path / "six_bands.tif")
    gdal.Translate(six, LANDSAT, bandList=[1, 2, 3, 4, 5, 7])
    output = tmp_path / "classes.tif"
    with pytest.raises(exception(), match="trained on a raster of 7 bands but raster '.*six_bands.tif' "
                                          "has 6: classify a raster with the same bands"):
        run("gmmselect:predict", {"INPUT": six, "MODEL": gmm_model, "OUTPUT": str(output)})
    assert not output.exists()


def test_n_features_with_a_model_without_selection(gmm_model, tmp_path):
    with pytest.raises(exception(), match="trained without band selection"):
        run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": gmm_model, "N_FEATURES": 3,
                                  "OUTPUT": str(tmp_path / "classes.tif")})


def test_bad_tau_list(tmp_path):
    with pytest.raises(exception(), match="'abc' is not a number"):
        run("gmmselect:traingmm", landsat(TAU="0.1, abc", OUTPUT_MODEL=str(tmp_path / "m.gmm")))


def test_core_errors_become_messages(tmp_path):
    """More grouped folds than training polygons (with LOO_FEW_POLYGONS off, which would leave one polygon
    out instead): the core's ValueError, as a sentence."""
    model = tmp_path / "m.gmm"
    with pytest.raises(exception(), match=r"^Grouped 30-fold cross-validation needs at least 30 groups"):
        run("gmmselect:traingmm", landsat(FOLDS=30, LOO_FEW_POLYGONS=False, OUTPUT_MODEL=str(model)))
    assert not model.exists()


def test_raster_layer_errors_become_messages(tmp_path):
    """Training polygons that miss the raster: the raster layer's DataError, as a sentence."""
    far = str(tmp_path / "far.gpkg")
    gdal.VectorTranslate(far, POLYGONS, layers=["training_polygons"],
                         SQLStatement="SELECT ST_Translate(geom, 1e6, 0, 0) AS geom, class "
                                      "FROM training_polygons",
                         SQLDialect="SQLite")
    with pytest.raises(exception()) as raised:
        run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": far, "FIELD": "class",
                                   "OUTPUT_MODEL": str(tmp_path / "m.gmm")})
    message = str(raised.value)
    assert "Traceback" not in message and message[0].isupper()
    assert "far.gpkg" in message or "raster" in message


def test_cancel_stops_training_and_leaves_no_model(tmp_path):
    model = tmp_path / "m.gmm"
    with pytest.raises(exception(), match="Canceled: no output was written"):
        run("gmmselect:trainselection", landsat(CRITERION="kappa", OUTPUT_MODEL=str(model)),
            feedback=cancel_past(25))
    assert not model.exists()


def test_cancel_stops_prediction_and_leaves_no_raster(gmm_model, tmp_path):
    from qgis.core import QgsProcessingFeedback

    canceled = QgsProcessingFeedback()
    canceled.cancel()
    output = tmp_path / "classes.tif"
    with pytest.raises(exception(), match="Canceled: no output was written"):
        run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": gmm_model, "OUTPUT": str(output),
                                  "CONFIDENCE": str(tmp_path / "confidence.tif")}, feedback=canceled)
    assert not output.exists()
    assert os.listdir(tmp_path) == []


def test_one_fold_is_refused(tmp_path):
    """FOLDS = 1 is neither leave-one-out (0) nor a cross-validation (>= 2)."""
    model = tmp_path / "m.gmm"
    with pytest.raises(exception(), match=r"^FOLDS = 1: use 0 for leave-one-out or at least 2 folds\.$"):
        run("gmmselect:traingmm", landsat(FOLDS=1, OUTPUT_MODEL=str(model)))
    assert not model.exists()
