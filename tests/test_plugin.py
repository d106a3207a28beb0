"""The plugin skeleton through the real QGIS: classFactory, initProcessing, the registry, unload."""

import configparser
import glob
import os
import xml.dom.minidom

import pytest
from qgis_helpers import REPO, plugin, start_qgis

ALGORITHMS = {
    "gmmselect:traingmm": ["INPUT", "TRAINING", "FIELD", "TAU", "ALPHA", "CRITERION", "RIDGE_SCALE", "FOLDS",
                           "LOO_FEW_POLYGONS", "REPEATS", "GROUPED", "VALIDATION", "MAX_SAMPLES", "REFIT",
                           "SEED", "OUTPUT_MODEL", "OUTPUT_REPORT", "OUTPUT_MATRIX"],
    "gmmselect:trainselection": ["INPUT", "TRAINING", "FIELD", "METHOD", "CRITERION", "MAX_FEATURES",
                                 "USE_BEST", "TAU", "ALPHA", "MODEL_SEARCH", "RIDGE_SCALE", "FOLDS",
                                 "LOO_FEW_POLYGONS", "REPEATS", "GROUPED", "VALIDATION", "MAX_SAMPLES",
                                 "REFIT", "SEED", "OUTPUT_MODEL", "OUTPUT_CURVE", "OUTPUT_REPORT",
                                 "OUTPUT_MATRIX"],
    "gmmselect:trainselectiontable": ["INPUT", "FIELD", "BANDS", "GROUP_FIELD", "WAVELENGTHS", "METHOD",
                                      "CRITERION", "MAX_FEATURES", "USE_BEST", "TAU", "ALPHA", "MODEL_SEARCH",
                                      "RIDGE_SCALE",
                                      "FOLDS", "LOO_FEW_POLYGONS", "REPEATS", "VALIDATION", "REFIT", "SEED",
                                      "OUTPUT_MODEL",
                                      "OUTPUT_CURVE", "OUTPUT_REPORT", "OUTPUT_MATRIX"],
    "gmmselect:predict": ["INPUT", "MODEL", "MASK", "N_FEATURES", "BAND_MAP", "DASK_SCHEDULER",
                          "OUTPUT", "CONFIDENCE", "PROBABILITIES"],
    "gmmselect:assess": ["INPUT", "REFERENCE", "FIELD", "STRATA", "CONFIDENCE", "OUTPUT_TABLE",
                         "OUTPUT_MATRIX", "OUTPUT_REPORT"],
    "gmmselect:sampledesign": ["INPUT", "EXPECTED_UA", "TARGET_SE", "MIN_PER_CLASS", "ALLOCATION", "SEED",
                               "OUTPUT"],
}
TRAINING_OUTPUTS = {"OUTPUT_MODEL", "OUTPUT_REPORT", "OUTPUT_MATRIX", "KAPPA", "OVERALL_ACCURACY", "TAU",
                    "ALPHA", "RIDGE_SCALE", "SELECTED_BANDS", "N_SELECTED", "ASSESSMENT", "SELECTED_NAMES"}


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()


def registry():
    """The Processing registry."""
    from qgis.core import QgsApplication

    return QgsApplication.processingRegistry()


def test_metadata_declares_a_processing_provider_and_an_existing_icon():
    metadata = configparser.ConfigParser()
    metadata.read(os.path.join(REPO, "metadata.txt"))
    assert metadata["general"]["hasProcessingProvider"] == "yes"
    assert os.path.isfile(os.path.join(REPO, metadata["general"]["icon"]))


def test_icons_are_valid_svg():
    icons = sorted(glob.glob(os.path.join(REPO, "icons", "*.svg")))
    assert [os.path.basename(p) for p in icons] == ["gmmselect.svg", "predict.svg", "traingmm.svg",
                                                     "trainselection.svg"]
    for icon in icons:
        assert xml.dom.minidom.parse(icon).documentElement.tagName == "svg"


def test_class_factory_returns_the_plugin_without_touching_iface():
    import gmmselect
    from gmmselect.plugin import GmmSelectPlugin

    class Untouchable:
        def __getattr__(self, name):
            raise AssertionError(f"the provider used iface.{name}")

    created = gmmselect.classFactory(Untouchable())
    assert isinstance(created, GmmSelectPlugin)
    assert created.provider is None


def test_provider_is_registered_with_its_algorithms():
    provider = registry().providerById("gmmselect")
    assert provider is not None
    assert provider.name() == "GMM Select"
    assert sorted(alg.id() for alg in provider.algorithms()) == sorted(ALGORITHMS)
    assert provider.supportedOutputRasterLayerExtensions() == ["tif"]
    assert not provider.icon().isNull()


@pytest.mark.parametrize("algorithm_id", sorted(ALGORITHMS))
def test_algorithm_parameters_keep_the_contract(algorithm_id):
    algorithm = registry().createAlgorithmById(algorithm_id)
    assert [p.name() for p in algorithm.parameterDefinitions()] == ALGORITHMS[algorithm_id]
    help_text = algorithm.shortHelpString()
    assert help_text == algorithm.description() and "<" not in help_text  # plain text, parameters apart
    for parameter in algorithm.parameterDefinitions():
        assert parameter.help(), f"{algorithm_id}: {parameter.name()} has no help"
        assert parameter.help() not in help_text
        default = parameter.defaultValue()
        if not parameter.isDestination() and default not in (None, ""):
            assert "Default: " in parameter.help(), f"{algorithm_id}: {parameter.name()} states no default"
    assert algorithm.name() == algorithm_id.split(":")[1] and algorithm.name().islower()
    assert not algorithm.icon().isNull()


def test_the_alpha_help_of_each_training_algorithm_names_what_an_empty_alpha_searches():
    """Train GMM: 0 and alpha*; Train Selection: the selection's grid, then 0 and alpha* for the model."""
    from gmmselect.raster.training import SELECTION_ALPHAS, TrainingOptions

    algorithm = registry().createAlgorithmById("gmmselect:traingmm")
    gmm = algorithm.parameterDefinition("ALPHA")
    assert gmm.description().endswith("(empty = 0 and the estimated one)")
    assert "Empty: alpha = 0 and alpha*." in gmm.help()
    assert TrainingOptions().alpha_grid is None
    for algorithm_id in ("gmmselect:trainselection", "gmmselect:trainselectiontable"):
        algorithm = registry().createAlgorithmById(algorithm_id)
        selection = algorithm.parameterDefinition("ALPHA")
        assert selection.description().endswith("(empty = the default values)")
        assert "Several values (empty: 0, 0.1, 0.25, 0.5, 0.75, 1): before the selection" in selection.help()
        assert "(MODEL_SEARCH; empty: 0 and alpha* estimated on the selected bands)" in selection.help()
    assert SELECTION_ALPHAS == (0.0, 0.1, 0.25, 0.5, 0.75, 1.0)


def test_training_outputs_and_defaults():
    for algorithm_id in ("gmmselect:traingmm", "gmmselect:trainselection"):
        algorithm = registry().createAlgorithmById(algorithm_id)
        outputs = {o.name() for o in algorithm.outputDefinitions()}
        assert outputs >= TRAINING_OUTPUTS
        defaults = {p.name(): p.defaultValue() for p in algorithm.parameterDefinitions()}
        assert (defaults["FOLDS"], defaults["GROUPED"], defaults["VALIDATION"]) == (5, True, 0.3)
        assert defaults["REPEATS"] == 3 and defaults["LOO_FEW_POLYGONS"] is True
        assert (defaults["MAX_SAMPLES"], defaults["SEED"], defaults["REFIT"]) == (0, 0, True)
        assert defaults["ALPHA"] is None
        required = {p.name() for p in algorithm.parameterDefinitions()
                    if not p.flags() & p.FlagOptional and p.defaultValue() is None}
        assert required == {"INPUT", "TRAINING", "FIELD", "OUTPUT_MODEL"}
    gmm = registry().createAlgorithmById("gmmselect:traingmm")
    tau_criterion = gmm.parameterDefinition("CRITERION")
    assert tau_criterion.options()[tau_criterion.defaultValue()].startswith("kappa")
    selection = registry().createAlgorithmById("gmmselect:trainselection")
    method, criterion = selection.parameterDefinition("METHOD"), selection.parameterDefinition("CRITERION")
    assert [o.split(":")[0] for o in method.options()] == ["sfs", "sffs"]
    assert [o.split(":")[0] for o in criterion.options()] == ["jm", "kl", "accuracy", "kappa", "f1"]
    assert criterion.options()[criterion.defaultValue()].startswith("jm")
    predict = registry().createAlgorithmById("gmmselect:predict")
    assert {"OUTPUT", "CONFIDENCE", "PROBABILITIES", "SELECTED_BANDS", "N_SELECTED"} <= {
        o.name() for o in predict.outputDefinitions()}


def test_assessment_outputs_and_defaults():
    assess = registry().createAlgorithmById("gmmselect:assess")
    assert {o.name() for o in assess.outputDefinitions()} == {
        "OVERALL_ACCURACY", "OVERALL_ACCURACY_CI", "OUTPUT_TABLE", "OUTPUT_MATRIX", "OUTPUT_REPORT"}
    assert assess.parameterDefinition("CONFIDENCE").defaultValue() == 0.95
    design = registry().createAlgorithmById("gmmselect:sampledesign")
    assert {o.name() for o in design.outputDefinitions()} == {"N_TOTAL", "OUTPUT"}
    defaults = {p.name(): p.defaultValue() for p in design.parameterDefinitions()}
    assert (defaults["EXPECTED_UA"], defaults["TARGET_SE"], defaults["MIN_PER_CLASS"], defaults["SEED"]) == (
        "0.8", 0.01, 50, 0)
    allocation = design.parameterDefinition("ALLOCATION")
    assert [o.split(":")[0] for o in allocation.options()] == ["proportional", "equal"]
    assert allocation.defaultValue() == 0


def test_unload_removes_the_provider_and_init_processing_restores_it():
    registered = plugin()
    try:
        registered.unload()
        assert registry().providerById("gmmselect") is None
        assert registry().algorithmById("gmmselect:predict") is None
    finally:
        registered.initGui()
    assert registry().algorithmById("gmmselect:predict") is not None
    registered.initProcessing()  # a second call (desktop calls both) adds nothing
    assert [p.id() for p in registry().providers()].count("gmmselect") == 1


def test_no_gui_calls_outside_the_gui_part():
    sources = [path for layer in ("core", "raster", "algorithms")
               for path in glob.glob(os.path.join(REPO, layer, "*.py"))]
    for path in sources:
        with open(path, encoding="utf-8") as stream:
            text = stream.read()
        for forbidden in ("iface", "QMessageBox", "addMapLayer", "qgis.utils"):
            assert forbidden not in text, f"{os.path.basename(path)} uses {forbidden}"
