"""Bad inputs and cancellation give a QgsProcessingException a user can act on, and leave no output."""

import os

import pytest
from osgeo import gdal, ogr, osr
from qgis_helpers import LANDSAT, POLYGONS, cancel_past, start_qgis
from qgis_helpers import processing_exception as exception
from qgis_helpers import run_algorithm as run
from test_core_modelfile import rewrite


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


def test_the_feature_id_offered_as_a_field_is_refused_as_one(tmp_path):
    """QGIS lists a GeoPackage's FID column among its fields (FIELD offers it); OGR does not: the run stopped
    saying the layer has no field 'fid', listing fields without it."""
    with pytest.raises(exception()) as raised:
        run("gmmselect:traingmm", landsat(FIELD="fid", OUTPUT_MODEL=str(tmp_path / "m.gmm")))
    assert str(raised.value) == (
        f"'fid' of layer 'training_polygons' of {POLYGONS!r} is its feature ID, one per feature, not a class "
        "field; choose the field that holds the classes: fid_src, class.")
    assert os.listdir(tmp_path) == []


def test_validation_leaving_a_class_without_training_polygon(tmp_path):
    """One water polygon and VALIDATION = 0.5: the only water polygon would be held out."""
    subset = str(tmp_path / "one_water.gpkg")
    gdal.VectorTranslate(subset, POLYGONS, layers=["training_polygons"],
                         where="class <> 'water' OR fid = (SELECT min(fid) FROM training_polygons "
                               "WHERE class = 'water')")
    model = tmp_path / "model.gmm"
    with pytest.raises(exception(), match="VALIDATION = 0.5 holds out every polygon of class 'water' "
                                          "\\(it has 1\\), leaving none to train on. Draw more polygons of "
                                          "'water'"):
        run("gmmselect:trainselection", {"INPUT": LANDSAT, "TRAINING": subset, "FIELD": "class",
                                         "VALIDATION": 0.5, "OUTPUT_MODEL": str(model)})
    assert not model.exists()


def water_polygons(tmp_path, count, tiny=()):
    """The Landsat polygons with only the first `count` water polygons, and a water polygon over each
    `tiny` number of pixels of a row (clear of the others, below the first water polygon's corner)."""
    subset = str(tmp_path / "water.gpkg")
    gdal.VectorTranslate(subset, POLYGONS, layers=["training_polygons"],
                         where="class <> 'water' OR fid IN (SELECT fid FROM training_polygons WHERE "
                               f"class = 'water' ORDER BY fid LIMIT {count})")
    _, size, _, _, _, _ = gdal.Open(LANDSAT).GetGeoTransform()
    polygons = ogr.Open(POLYGONS)  # held while its layer and feature are read
    water = polygons.GetLayer(0)
    water.SetAttributeFilter("class = 'water'")
    first = water.GetNextFeature()
    x0, _, y0, _ = first.GetGeometryRef().GetEnvelope()
    source = ogr.Open(subset, 1)
    layer = source.GetLayer(0)
    for number, width in enumerate(tiny):
        left, bottom = x0 - 3 * size, y0 - (3 + 2 * number) * size
        right, top = left + width * size, bottom + size
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetGeometry(ogr.CreateGeometryFromWkt(
            f"POLYGON(({left} {bottom},{right} {bottom},{right} {top},{left} {top},{left} {bottom}))"))
        feature.SetField("class", "water")
        layer.CreateFeature(feature)
    source = None
    return subset


@pytest.mark.parametrize("count, tiny, validation, expected", [
    (1, (), 0.3, "Class 'water' has 1 training polygon: cross-validation by polygon tests each polygon on "
                "a model trained without it, so a class needs at least 2. Draw more polygons of 'water', "
                "or turn grouped folds off (GROUPED = no), at the cost of an optimistic accuracy: "
                "neighbouring pixels are alike."),
    (2, (), 0.3, "Class 'water' has 1 training polygon (1 other polygon held out by VALIDATION = 0.3): "
                "cross-validation by polygon tests each polygon on a model trained without it, so a class "
                "needs at least 2. Draw more polygons of 'water', set VALIDATION = 0 (every polygon "
                "trains), or turn grouped folds off"),
    (1, (1,), 0, "Class 'water' has 77 training samples, 76 of them in one polygon: cross-validation by "
              "polygon tests that polygon on a model trained on what is left (1; 2 needed). Draw more "
              "polygons of 'water', or turn grouped folds off")])
def test_a_class_that_cross_validation_by_polygon_cannot_train(tmp_path, count, tiny, validation, expected):
    """Before: 'class 4 has 76 samples; leave-one-group-out cannot leave out group 10 (76 of them) and keep 2
    for training: give the class more groups, or leave single samples out (no groups)': a class code, the
    core's words, and not VALIDATION, which had taken the class's second polygon away."""
    model = tmp_path / "model.gmm"
    for algorithm_id in ("gmmselect:traingmm", "gmmselect:trainselection"):
        with pytest.raises(exception()) as raised:
            run(algorithm_id, {"INPUT": LANDSAT, "TRAINING": water_polygons(tmp_path, count, tiny),
                               "FIELD": "class", "VALIDATION": validation, "OUTPUT_MODEL": str(model)})
        assert str(raised.value).startswith(expected), str(raised.value)
        assert not model.exists()


def test_a_class_that_validation_leaves_one_sample(tmp_path):
    """Two one-pixel water polygons, one held out: before, 'every class needs at least 2 samples (class 4:
    1)' (a class code, and not VALIDATION, which took the other away)."""
    with pytest.raises(exception()) as raised:
        run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": water_polygons(tmp_path, 0, tiny=(1, 1)),
                                   "FIELD": "class", "GROUPED": False, "FOLDS": 0, "VALIDATION": 0.3,
                                   "OUTPUT_MODEL": str(tmp_path / "model.gmm")})
    assert str(raised.value) == ("Training samples of class 'water': 1 (1 other polygon held out by "
                                 "VALIDATION = 0.3); a class needs at least 2 for its covariance. Draw more "
                                 "or larger polygons of 'water' or set VALIDATION = 0.")


def test_a_class_that_ungrouped_folds_cannot_train(tmp_path):
    """A class of 2 samples: each of 5 folds tests one, leaving 1 to train on. Before: 'class 4 has 2
    samples; in 5-fold cross-validation fold 1 leaves only 1 of them for training' (a class code)."""
    parameters = {"INPUT": LANDSAT, "TRAINING": water_polygons(tmp_path, 0, tiny=(2,)), "FIELD": "class",
                  "GROUPED": False, "VALIDATION": 0, "OUTPUT_MODEL": str(tmp_path / "model.gmm")}
    with pytest.raises(exception()) as raised:
        run("gmmselect:traingmm", parameters)
    assert str(raised.value) == ("Class 'water' has 2 training samples: 5-fold cross-validation trains on "
                                 "1 of them in a fold (2 needed). Add samples of 'water', or set FOLDS = 0 "
                                 "(leave-one-out, which allows a class of two).")
    run("gmmselect:traingmm", {**parameters, "FOLDS": 0, "TAU": "1"})  # leave-one-out: trained


def test_a_class_field_of_one_class(tmp_path):
    """Before: 'At least two classes are needed; the labels hold only [1]' (a code, and no fix)."""
    only_water = str(tmp_path / "water.gpkg")
    gdal.VectorTranslate(only_water, POLYGONS, layers=["training_polygons"], where="class = 'water'")
    with pytest.raises(exception(), match="^The class field holds one class, 'water': a classification needs "
                                          "at least two; choose the field that holds the classes"):
        run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": only_water, "FIELD": "class",
                                   "OUTPUT_MODEL": str(tmp_path / "model.gmm")})


@pytest.mark.parametrize("kind", ["text", "integer", "real"])
@pytest.mark.parametrize("geometry", [True, False], ids=["no feature", "no geometry"])
def test_a_layer_without_a_feature_with_a_geometry_is_refused_saying_so(tmp_path, kind, geometry):
    """A training or reference layer of no feature, or of features without a geometry, whatever its class
    field's type: Train GMM and Assess refuse it saying so, and write nothing. Before, a numeric class field
    (integer codes, or reals) raised IndexError (a traceback) where a text one was refused."""
    empty = str(tmp_path / "empty.gpkg")
    source = ogr.GetDriverByName("GPKG").CreateDataSource(empty)
    layer = source.CreateLayer("empty", osr.SpatialReference(gdal.Open(LANDSAT).GetProjection()))
    layer.CreateField(ogr.FieldDefn("class", {"text": ogr.OFTString, "integer": ogr.OFTInteger,
                                              "real": ogr.OFTReal}[kind]))
    for code in [] if geometry else [1, 2, 3]:  # classes, and no geometry
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetField("class", code)
        layer.CreateFeature(feature)
    source = layer = None
    said = (f"Layer 'empty' of {empty!r} has no feature with a geometry: draw polygons (or points) over the "
            "raster, or choose another layer.")
    classes = str(tmp_path / "classes.tif")
    gdal.Translate(classes, LANDSAT, bandList=[1])
    for algorithm, parameters in [
            ("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": empty, "FIELD": "class",
                                    "OUTPUT_MODEL": str(tmp_path / "out" / "model.gmm")}),
            ("gmmselect:assess", {"INPUT": classes, "REFERENCE": empty, "FIELD": "class",
                                  "OUTPUT_TABLE": str(tmp_path / "out" / "table.csv")})]:
        with pytest.raises(exception()) as refused:
            run(algorithm, parameters)
        assert str(refused.value) == said
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("kind", ["String", "Integer", "Real"])
def test_a_table_without_a_row_is_refused_saying_so(tmp_path, kind):
    """A table of spectra with its header alone: Train Selection from a table refuses it saying so. Before,
    a numeric class field raised IndexError (a traceback) in the data layer, a text one in the training."""
    table = tmp_path / "spectra.csv"
    table.write_text("class,b1,b2\n")
    (tmp_path / "spectra.csvt").write_text(f"{kind},Real,Real\n")
    with pytest.raises(exception()) as refused:
        run("gmmselect:trainselectiontable", {"INPUT": str(table), "FIELD": "class",
                                              "OUTPUT_MODEL": str(tmp_path / "out" / "model.gmm")})
    assert str(refused.value) == (f"Table {str(table)!r} has no rows: give a table of spectra, one row each "
                                  "(its class, then one value per band).")
    assert not (tmp_path / "out").exists()


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


def test_a_message_that_starts_with_a_path_keeps_its_case(tmp_path, monkeypatch):
    """A refusal naming a relative path first: its capital made it another file ('Models/notes.gmm is not a
    GMM Select model file', on a system where case counts)."""
    monkeypatch.chdir(tmp_path)
    os.mkdir("models")
    with open(os.path.join("models", "notes.gmm"), "w", encoding="utf-8") as stream:
        stream.write("not a model")
    with pytest.raises(exception()) as raised:
        run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": "models/notes.gmm", "OUTPUT": "classes.tif"})
    assert str(raised.value).startswith("models/notes.gmm is not a GMM Select model file (")
    assert sorted(os.listdir(tmp_path)) == ["models"]


def test_a_sentence_starts_with_a_capital_unless_it_starts_with_a_given_value():
    """A message is a sentence: a capital first letter where it starts with words (of its template, or of a
    Text it starts with), the value's own case where it starts with a path, a name or a number."""
    from gmmselect.algorithms.base import GmmSelectAlgorithm
    from gmmselect.core.texts import InputError, Text

    def shown(template, **values):
        return GmmSelectAlgorithm().userMessage(InputError(template, **values))

    words = Text("class '{name}' has 1 training polygon", name="water")
    assert shown("{problem}. Draw more polygons", problem=words) == (
        "Class 'water' has 1 training polygon. Draw more polygons.")
    assert shown("{what} must be whole numbers >= 0; got {values}", what=Text("sample counts"),
                 values=[-1]) == "Sample counts must be whole numbers >= 0; got [-1]."
    assert shown("{path} is not a model", path="curve.csv") == "curve.csv is not a model."
    assert shown("{first}{separator}{rest}", first=Text("{path} is empty", path="a/b.csv"), separator="; ",
                 rest="fix it") == "a/b.csv is empty; fix it."
    assert shown("{name!r} is no band", name="b1") == "'b1' is no band."
    assert shown("the raster has no band") == "The raster has no band."


def test_a_model_of_numbers_no_training_gives_is_refused_naming_the_fix(gmm_model, tmp_path):
    """Means of 1e200 (finite) classified every pixel with a NaN confidence; the refusal of a damaged model
    names the problem and the fix."""
    import numpy as np

    with np.load(gmm_model, allow_pickle=False) as archive:
        means = archive["means"] * 1e200
    model = str(rewrite(tmp_path, gmm_model, name="damaged.gmm", means=means))
    with pytest.raises(exception()) as raised:
        run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": model, "OUTPUT": str(tmp_path / "map.tif"),
                                  "CONFIDENCE": str(tmp_path / "confidence.tif")})
    assert str(raised.value) == (
        f"{model} is a corrupt GMM Select model file: array 'means' holds {np.abs(means).max():.6g}, beyond "
        "+-1e+150, the values of samples training takes; use an undamaged copy of it, or train the model "
        "again.")
    assert sorted(os.listdir(tmp_path)) == ["damaged.gmm"]


def test_assess_with_a_map_whose_model_file_records_a_number_as_its_training_layer(gmm_model, tmp_path):
    """Assess reads the model the map names (to warn where the reference is its training layer): a model whose
    info.source.training is a number (not type-checked) made it a traceback; such a file is refused on
    load, and Assess goes on without that warning."""
    model = str(rewrite(tmp_path, gmm_model, name="model.gmm"))
    classes = str(tmp_path / "classes.tif")
    run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": model, "OUTPUT": classes})
    rewrite(tmp_path, gmm_model, {"info.source.training": 5}, name="model.gmm")
    results = run("gmmselect:assess", {"INPUT": classes, "REFERENCE": POLYGONS, "FIELD": "class",
                                       "OUTPUT_TABLE": str(tmp_path / "assessment.csv")})
    assert 0 < results["OVERALL_ACCURACY"] <= 1


def test_model_of_another_band_count(gmm_model, tmp_path):
    six = str(tmp_path / "six_bands.tif")
    gdal.Translate(six, LANDSAT, bandList=[1, 2, 3, 4, 5, 7])
    output = tmp_path / "classes.tif"
    with pytest.raises(exception(), match=r"Raster '.*six_bands.tif' has a band count \(6\) other than "
                                          r"that of the raster the model was trained on \(7\): classify a "
                                          "raster with the same bands"):
        run("gmmselect:predict", {"INPUT": six, "MODEL": gmm_model, "OUTPUT": str(output)})
    assert not output.exists()


def test_n_features_with_a_model_without_selection(gmm_model, tmp_path):
    with pytest.raises(exception(), match="trained without band selection"):
        run("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": gmm_model, "N_FEATURES": 3,
                                  "OUTPUT": str(tmp_path / "classes.tif")})


@pytest.mark.parametrize("algorithm_id, name, expected", [
    ("gmmselect:predict", "N_FEATURES", "N_FEATURES must be a whole number from 0 to 2147483647"),
    ("gmmselect:traingmm", "SEED", "SEED must be a whole number from 0 to 2147483647"),
    ("gmmselect:trainselection", "MAX_FEATURES", "MAX_FEATURES must be a whole number from 0 to 2147483647"),
    ("gmmselect:sampledesign", "MIN_PER_CLASS", "MIN_PER_CLASS must be a whole number from 0 to 2147483647")])
def test_integers_beyond_what_qgis_reads_are_refused(gmm_model, tmp_path, algorithm_id, name, expected):
    """QGIS reads an integer parameter as a C int: 10^13 came back as -2147483648 (Predict said 'The
    selection has no set of -2147483648 features', and a seed of 10^13 was another seed, silently). QGIS's
    range check refuses it, saying only 'Incorrect parameter value for {name}': the message gives the
    range."""
    inputs = {"gmmselect:predict": {"INPUT": LANDSAT, "MODEL": gmm_model, "OUTPUT": str(tmp_path / "c.tif")},
              "gmmselect:sampledesign": {"INPUT": LANDSAT, "OUTPUT": str(tmp_path / "s.gpkg")}}
    parameters = inputs.get(algorithm_id, landsat(OUTPUT_MODEL=str(tmp_path / "m.gmm")))
    with pytest.raises(exception()) as raised:
        run(algorithm_id, {**parameters, name: 1e13})
    assert str(raised.value).endswith(f"{expected}; got 10000000000000.0.")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("algorithm_id, name, value, expected", [
    ("trainselection", "SEED", "3000000000",
     "SEED must be a whole number from 0 to 2147483647; got 3000000000."),
    ("trainselection", "VALIDATION", "0.95", "VALIDATION must be a number from 0 to 0.9; got 0.95."),
    ("trainselection", "FOLDS", 100, "FOLDS must be a whole number from 0 to 50; got 100."),
    ("trainselection", "MAX_FEATURES", -1,
     "MAX_FEATURES must be a whole number from 0 to 2147483647; got -1."),
    ("trainselection", "TAU", "abc", "TAU must be a number from 0 to 1e+12; got abc."),
    ("trainselection", "METHOD", "sfss",
     "METHOD must be one of sfs, sffs (or the index of one, 0 to 1); got sfss."),
    ("trainselection", "METHOD", 2, "METHOD must be one of sfs, sffs (or the index of one, 0 to 1); got 2."),
    ("trainselection", "CRITERION", "jeffries",
     "CRITERION must be one of jm, kl, accuracy, kappa, f1 (or the index of one, 0 to 4); got jeffries."),
    ("sampledesign", "ALLOCATION", "foo",
     "ALLOCATION must be one of proportional, equal (or the index of one, 0 to 1); got foo."),
    ("assess", "CONFIDENCE", 1, "CONFIDENCE must be a number from 0.5 to 0.999; got 1.")])
def test_values_qgis_refuses_bare_are_refused_saying_what_to_give(tmp_path, algorithm_id, name, value,
                                                                   expected):
    """A number beyond its range or that is none, a choice that is none of the keys: QGIS refused them with
    its bare 'Incorrect parameter value for X' (no range, no keys), where NaN or a fraction got the range."""
    inputs = {"sampledesign": {"INPUT": LANDSAT, "OUTPUT": str(tmp_path / "s.gpkg")},
              "assess": {"INPUT": LANDSAT, "REFERENCE": POLYGONS, "FIELD": "class",
                         "OUTPUT_TABLE": str(tmp_path / "t.csv")}}
    parameters = inputs.get(algorithm_id, landsat(OUTPUT_MODEL=str(tmp_path / "m.gmm")))
    with pytest.raises(exception()) as raised:
        run(f"gmmselect:{algorithm_id}", {**parameters, name: value})
    assert str(raised.value).endswith(expected)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("name, value, expected", [
    ("SEED", float("nan"), "SEED must be a whole number from 0 to 2147483647; got nan."),
    ("SEED", "nan", "SEED must be a whole number from 0 to 2147483647; got nan."),
    ("FOLDS", 2.5, "FOLDS must be a whole number from 0 to 50; got 2.5."),
    ("VALIDATION", float("inf"), "VALIDATION must be a number from 0 to 0.9; got inf.")])
def test_numbers_qgis_lets_through_are_refused(tmp_path, name, value, expected):
    """QGIS's range check passes NaN (then read as -2147483648: a seed of NaN stopped in NumPy with
    'Expected non-negative integer') and rounds a fraction given to an integer parameter, silently."""
    with pytest.raises(exception()) as raised:
        run("gmmselect:traingmm", landsat(**{name: value, "OUTPUT_MODEL": str(tmp_path / "m.gmm")}))
    assert str(raised.value).endswith(expected)
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("given, refit", [("no", False), ("Off", False), ("0", False), (False, False),
                                          ("yes", True), ("true", True), (True, True)])
def test_a_boolean_given_as_no_is_no(tmp_path, given, refit):
    """qgis_process passes REFIT=no as the text 'no', which QGIS reads as yes (any text but 'false' and '0'):
    the model was refitted on all polygons where the user asked it not to be."""
    from gmmselect.core import load_model

    model = str(tmp_path / "m.gmm")
    run("gmmselect:traingmm", landsat(TAU="1", MAX_SAMPLES=60, FOLDS=2, REFIT=given, OUTPUT_MODEL=model))
    assert load_model(model).training.parameters["refit"] is refit


def test_a_boolean_that_is_no_yes_or_no_is_refused(tmp_path):
    with pytest.raises(exception()) as raised:
        run("gmmselect:traingmm", landsat(REFIT="maybe", OUTPUT_MODEL=str(tmp_path / "m.gmm")))
    assert str(raised.value).endswith("REFIT must be yes or no (or true or false, 1 or 0); got maybe.")
    assert os.listdir(tmp_path) == []


def test_bad_tau_list(tmp_path):
    with pytest.raises(exception(), match="'abc' is not a number"):
        run("gmmselect:traingmm", landsat(TAU="0.1, abc", OUTPUT_MODEL=str(tmp_path / "m.gmm")))


def test_more_grouped_folds_than_training_polygons_are_refused(tmp_path):
    """More grouped folds than training polygons (with LOO_FEW_POLYGONS off, which would leave one polygon
    out instead). Before: the core's 'Grouped 30-fold cross-validation needs at least 30 groups (polygons);
    there are 25: use fewer folds or ungrouped folds', in a table's run too."""
    model = tmp_path / "m.gmm"
    with pytest.raises(exception()) as raised:
        run("gmmselect:traingmm", landsat(FOLDS=30, LOO_FEW_POLYGONS=False, OUTPUT_MODEL=str(model)))
    assert str(raised.value) == (
        "30-fold cross-validation by polygon needs at least 30 training polygons; there are 25. Lower FOLDS, "
        "set FOLDS = 0 (one polygon out at a time) or LOO_FEW_POLYGONS = yes, or turn grouped folds off "
        "(GROUPED = no), at the cost of an optimistic accuracy: neighbouring pixels are alike.")
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


@pytest.mark.parametrize("percent", [90.0, 94.9])
def test_a_cancel_after_the_last_computation_still_leaves_no_output(tmp_path, percent):
    """Canceled once the training itself is done (its progress ends at 95 %, then the files are written):
    before, the run checked for a cancel only in the searches and the selection, so a cancel during the
    final fit, the held-out assessment or the writing still published the model, the report and the
    matrix."""
    outputs = {name: str(tmp_path / name) for name in ("m.gmm", "report.html", "matrix.csv")}
    with pytest.raises(exception(), match="^Canceled: no output was written.$"):
        run("gmmselect:traingmm", landsat(OUTPUT_MODEL=outputs["m.gmm"], OUTPUT_REPORT=outputs["report.html"],
                                          OUTPUT_MATRIX=outputs["matrix.csv"]), feedback=cancel_past(percent))
    assert sorted(os.listdir(tmp_path)) == []


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


def test_a_fill_whose_squares_overflow_stops_predict_saying_how(gmm_model, tmp_path):
    """A float64 scene whose 40 left columns hold -1e300, not declared as no-data: its pixels were given a
    class; Predict stops with the core's check, which names the fix, and writes nothing."""
    import numpy as np

    source = gdal.Open(LANDSAT)
    pixels = source.ReadAsArray().astype(np.float64)
    pixels[:, :, :40] = -1e300
    scene = str(tmp_path / "filled.tif")
    height, width = pixels.shape[1:]
    dataset = gdal.GetDriverByName("GTiff").Create(scene, width, height, len(pixels), gdal.GDT_Float64)
    dataset.SetGeoTransform(source.GetGeoTransform())
    dataset.SetProjection(source.GetProjection())
    for number, plane in enumerate(pixels, 1):
        dataset.GetRasterBand(number).WriteArray(plane)
    dataset = None
    with pytest.raises(exception()) as raised:
        run("gmmselect:predict", {"INPUT": scene, "MODEL": gmm_model, "OUTPUT": str(tmp_path / "map.tif")})
    assert str(raised.value) == (
        "Samples hold values up to 1e+300, whose squares in a covariance overflow or lose their digits; "
        "scale the bands by a power of ten first (a fill value: set it as the bands' no-data).")
    assert sorted(os.listdir(tmp_path)) == ["filled.tif"]
