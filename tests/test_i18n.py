"""French translation: the .ts covers every GmmSelect.tr() string of the code, the .qm matches it,
and the translator turns the registry's algorithms, the plugin under qgis_process and the GUI French."""

import ast
import glob
import html
import importlib.util
import os
import re
import string
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
from qgis_helpers import (
    LANDSAT,
    REPO,
    french_translation,
    plugin_parent,
    qgis_process_executable,
    recorder,
    start_qgis,
)

TS = os.path.join(REPO, "i18n", "gmmselect_fr.ts")
QM = os.path.join(REPO, "i18n", "gmmselect_fr.qm")
CONTEXT = "GmmSelect"
SOURCES = ["*.py", "i18n/*.py", "algorithms/*.py", "gui/*.py", "core/*.py", "raster/*.py"]
#: The calls of the core and data layers that take a template, by the index of that argument: the errors of
#: bad input (InputErrors), Text, and core.modelfile.require (its `what`).
TEMPLATE_ARGUMENTS = {"InputError": 0, "DataError": 0, "ModelFileError": 0, "AccuracyError": 0, "Text": 0,
                      "require": 2}
#: The functions that pass a template they were given on: (module, function, parameter).
FORWARDERS = {("core/texts.py", "__init__", "template"), ("core/modelfile.py", "require", "what")}
#: The dicts of marked templates (raster.notices, raster.report, raster.vector).
TEMPLATE_DICTS = {"WARNINGS", "TEXTS", "SAMPLE_WORDS", "ADVICE", "UNGROUPING", "EMPTY_CLASS", "COUNTED"}
MARKERS = re.compile(r"\{[^{}]*\}|</?\w+>|\(\*[^)]*\)|\*\.\w+|\b[A-Z][A-Z0-9_]+\b")
ALGORITHMS = ["gmmselect:traingmm", "gmmselect:trainselection", "gmmselect:trainselectiontable",
              "gmmselect:predict", "gmmselect:assess", "gmmselect:sampledesign"]


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()


def ts_messages():
    """[(context, source, translation element)] of the .ts."""
    root = ElementTree.parse(TS).getroot()
    return [(context.findtext("name"), message.findtext("source"), message.find("translation"))
            for context in root.iter("context") for message in context.iter("message")]


def french():
    """{source: French translation} of the .ts."""
    return {source: translation.text for _, source, translation in ts_messages()}


def is_translation(call):
    """A call of some `tr`, of `QCoreApplication.translate` or of the marker `QT_TRANSLATE_NOOP`."""
    func = call.func
    if isinstance(func, ast.Name):
        return func.id in ("tr", "QT_TRANSLATE_NOOP")
    if not isinstance(func, ast.Attribute):
        return False
    owner = func.value.id if isinstance(func.value, ast.Name) else None
    return func.attr == "tr" or (func.attr == "translate" and owner == "QCoreApplication")


def tr_calls(path):
    """[(call node, line)] of the translation calls in the module at `path`."""
    with open(path, encoding="utf-8") as stream:
        tree = ast.parse(stream.read(), path)
    return [(node, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and is_translation(node)]


def literal(node):
    """The string of a literal (implicit concatenations included), else None."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def message(call):
    """The source text pylupdate5 files under the GmmSelect context for `call`, else None:
    `GmmSelect.tr("...")`, `QCoreApplication.translate("GmmSelect", "...")` or
    `QT_TRANSLATE_NOOP("GmmSelect", "...")` (the names of `core.choices`)."""
    func, args = call.func, [literal(arg) for arg in call.args]
    if isinstance(func, ast.Attribute) and func.attr == "tr" and len(args) == 1:
        return args[0] if isinstance(func.value, ast.Name) and func.value.id == CONTEXT else None
    return args[1] if len(args) == 2 and args[0] == CONTEXT else None


def helper_locations():
    """file:line of the three calls with a variable text: the body of `GmmSelect.tr`, `translated_template`
    (the templates of core Texts) and `translated_choices` (the literals marked in `core.choices`)."""
    with open(os.path.join(REPO, "i18n", "__init__.py"), encoding="utf-8") as stream:
        lines = stream.read().splitlines()
    bodies = ['        return QCoreApplication.translate("GmmSelect", text)',
              '    return QCoreApplication.translate("GmmSelect", text.template)',
              "    return [(key, GmmSelect.tr(name)) for key, name in choices.items()]"]
    return [f"i18n/__init__.py:{lines.index(body) + 1}" for body in bodies]


def code_calls():
    """[(file:line, call)] of the tr/translate calls of the plugin's modules."""
    paths = sorted(path for pattern in SOURCES for path in glob.glob(os.path.join(REPO, pattern)))
    return [(f"{os.path.relpath(path, REPO)}:{line}", call)
            for path in paths for call, line in tr_calls(path)]


def parameter_ids():
    """The parameter and output ids of the algorithms (never translated)."""
    from qgis.core import QgsApplication

    algorithms = [QgsApplication.processingRegistry().algorithmById(name) for name in ALGORITHMS]
    return {item.name() for algorithm in algorithms
            for item in algorithm.parameterDefinitions() + algorithm.outputDefinitions()}


def markers(text, ids):
    """Placeholders, HTML tags, file patterns and the parameter ids among `ids` in `text`, sorted."""
    return sorted(marker for marker in MARKERS.findall(text) if not marker[0].isalpha() or marker in ids)


@pytest.fixture
def translator():
    """The French .qm installed on the application for one test, removed afterwards."""
    with french_translation() as loaded:
        yield loaded


def test_the_ts_is_one_complete_gmmselect_context():
    messages = ts_messages()
    assert len(messages) > 100
    assert {context for context, _, _ in messages} == {CONTEXT}
    unfinished = [source for _, source, translation in messages
                  if translation.get("type") is not None or not translation.text]  # a space is one
    assert unfinished == []


def test_every_translated_call_in_the_code_is_a_literal_in_the_gmmselect_context():
    calls = code_calls()
    assert len(calls) > 100
    assert sorted(where for where, call in calls if message(call) is None) == sorted(helper_locations())


def called_name(call):
    """The name a call calls: `f` of `f(...)` and of `x.f(...)`."""
    return call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)


def is_marked(node):
    """A `QT_TRANSLATE_NOOP("GmmSelect", "literal")` call."""
    return (isinstance(node, ast.Call) and called_name(node) == "QT_TRANSLATE_NOOP"
            and message(node) is not None)


def is_template(node):
    """A marked template, or one of a dict of them (`WARNINGS[key]`, `TEXTS["relative tau"]`)."""
    return is_marked(node) or (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name)
                               and node.value.id in TEMPLATE_DICTS)


def layer_modules():
    """[(path in the repository, ast)] of the modules of the core and the data layer."""
    paths = glob.glob(os.path.join(REPO, "core", "*.py")) + glob.glob(os.path.join(REPO, "raster", "*.py"))
    modules = []
    for path in sorted(paths):
        with open(path, encoding="utf-8") as stream:
            modules.append((os.path.relpath(path, REPO), ast.parse(stream.read(), path)))
    return modules


def untranslatable_messages():
    """file:line of the core and data layers' errors and Texts whose template is not a marked literal (a
    plain ValueError has none), and of their log lines given as a literal or an f-string (not a Text)."""
    found = []
    for module, tree in layer_modules():
        for function in [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]:
            for node in ast.walk(function):
                node.function = function.name  # the innermost function: ast.walk goes outer to inner
        for node in ast.walk(tree):
            passed = {parameter for file, name, parameter in FORWARDERS
                      if file == module and getattr(node, "function", None) == name}
            if isinstance(node, ast.Call) and not is_translatable(node, passed):
                found.append(f"{module}:{node.lineno}")
    return found


def is_translatable(call, passed):
    """False for a ValueError, a call taking a template given anything but a marked one (or a parameter in
    `passed`), and a log line (`log(...)`, `steps.say(...)`) given a literal or an f-string."""
    name = call.func.id if isinstance(call.func, ast.Name) else None
    if name == "ValueError":
        return False
    index = TEMPLATE_ARGUMENTS.get(called_name(call))
    if index is not None and index < len(call.args):
        template = call.args[index]
        return is_template(template) or (isinstance(template, ast.Name) and template.id in passed)
    is_log = name == "log" or (isinstance(call.func, ast.Attribute) and call.func.attr == "say")
    return not (is_log and call.args and isinstance(call.args[0], (ast.Constant, ast.JoinedStr, ast.BinOp)))


def unfilled_templates():
    """file:line of the calls that give a marked template other values than its placeholders (a missing
    one raises KeyError where the message is made: a traceback instead of the message)."""
    found = []
    for path, tree in layer_modules():
        for call in ast.walk(tree):
            index = TEMPLATE_ARGUMENTS.get(called_name(call)) if isinstance(call, ast.Call) else None
            if index is None or index >= len(call.args) or not is_marked(call.args[index]):
                continue
            wanted = {field.split(".")[0].split("[")[0]
                      for _, field, _, _ in string.Formatter().parse(message(call.args[index])) if field}
            given = {keyword.arg for keyword in call.keywords}
            if None not in given and wanted != given:
                found.append(f"{path}:{call.lineno}")
    return found


def test_every_marked_template_is_given_exactly_its_placeholders():
    assert unfilled_templates() == []


def test_every_message_of_the_core_and_data_layers_is_a_marked_template():
    """Their errors and log lines reach the user through the algorithms, which translate Texts only."""
    assert untranslatable_messages() == []


def test_a_text_is_translated_with_its_text_values(translator):
    from gmmselect.core.texts import QT_TRANSLATE_NOOP, Text
    from gmmselect.i18n import translated
    from gmmselect.raster.notices import warning, warning_lines

    [line] = warning_lines([warning("warning no crs")])
    assert line == "warning: the map has no CRS: areas are in square map units"
    assert translated(line) == ("avertissement : la carte n'a pas de SCR : les superficies sont en unités de "
                                "carte au carré")
    assert translated("the map has no CRS") == "the map has no CRS"  # a str that is no Text: unchanged
    given = Text(QT_TRANSLATE_NOOP("GmmSelect", "warning: {text}"), text="x")
    assert translated(given) == "avertissement : x"


def test_an_error_of_bad_input_keeps_its_text_through_pickle(translator):
    """A Dask worker's DataError reaches the algorithm pickled: the same English, the same French."""
    import pickle

    from gmmselect.i18n import error_text
    from gmmselect.raster.errors import DataError
    from gmmselect.raster.info import unreadable
    from gmmselect.raster.notices import warning_lines

    error = unreadable("/data/{scene}.tif", warning_lines(["x"])[0])
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is DataError and str(copy) == str(error) == (
        "GDAL cannot read raster '/data/{scene}.tif': warning: x; check that it is a raster in a format GDAL "
        "reads")
    assert error_text(copy) == error_text(error) != str(error)


def test_a_refusal_of_the_data_layer_reaches_the_user_in_french(translator, tmp_path):
    import processing
    from qgis.core import QgsProcessingException, QgsProcessingFeedback

    library = os.path.join(REPO, "tests", "data", "muufl_field_spectra", "muufl_library.csv")
    french_message = (f"Le champ de groupe 'material' de la table {library!r} est son champ de classe : "
                      "les groupes (sites, fichiers, placettes) découpent chaque classe en parties que la "
                      "validation croisée laisse de côté une à une ; choisissez le champ qui les nomme, ou "
                      "aucun (chaque ligne forme son propre groupe).")
    with pytest.raises(QgsProcessingException, match=f"^{re.escape(french_message)}$"):
        processing.run("gmmselect:trainselectiontable",
                       {"INPUT": library, "FIELD": "material", "GROUP_FIELD": "material",
                        "OUTPUT_MODEL": str(tmp_path / "refused.gmm")}, feedback=QgsProcessingFeedback())


def test_the_log_lines_of_the_training_workflow_speak_french(translator, tmp_path):
    import processing

    library = os.path.join(REPO, "tests", "data", "muufl_field_spectra", "muufl_library.csv")
    log = recorder()
    processing.run("gmmselect:trainselectiontable",
                   {"INPUT": library, "FIELD": "material", "BANDS": ["wl_325", "wl_450", "wl_575"],
                    "METHOD": "sfs", "CRITERION": "jm", "TAU": 1e-4, "FOLDS": 0,
                    "OUTPUT_MODEL": str(tmp_path / "model.gmm")}, feedback=log)
    assert ("Classe 'Asphalt' : 21 échantillons d'entraînement issus de 21 spectres, 9 échantillons "
            "réservés issus de 9 spectres") in log.infos
    assert ("Modèle final : la même sélection et le même ajustement sur tous les 560 échantillons "
            "(spectres d'entraînement et réservés)") in log.infos
    assert [line for line in log.infos if line.startswith("Validation croisée (leave-one-out, 390 parties, "
                                                          "spectres d'entraînement) : exactitude globale")]
    # the spectra are the table's units (no GROUP_FIELD); ASSESSMENT keeps its value 'held-out polygons'
    assert not [line for line in log.infos if "polygon" in line and not line.startswith("Results:")]


def test_the_ts_holds_exactly_the_strings_of_the_code():
    in_code = {message(call) for _, call in code_calls()} - {None}
    in_ts = {source for _, source, _ in ts_messages()}
    assert sorted(in_code - in_ts) == [], "run make translations"
    assert sorted(in_ts - in_code) == [], "run make translations"


def test_placeholders_tags_patterns_and_ids_are_kept_in_every_translation():
    ids = parameter_ids()
    assert {"INPUT", "FIELD", "VALIDATION", "MAX_SAMPLES", "MAX_FEATURES", "KAPPA"} <= ids
    changed = {source: target for source, target in french().items()
               if markers(source, ids) != markers(target, ids)}
    assert changed == {}
    assert markers("Model: {0} classes, tau = {2:.6g} <i>x</i> (*.gmm) in INPUT, CRS", ids) == [
        "(*.gmm)", "</i>", "<i>", "INPUT", "{0}", "{2:.6g}"]


def test_the_qm_loads_and_matches_the_ts(translator):
    from qgis.PyQt.QtCore import QCoreApplication

    assert not translator.isEmpty()
    stale = {source: target for source, target in french().items()
             if QCoreApplication.translate(CONTEXT, source) != target}
    assert stale == {}, "run make translations"


def test_translate_returns_french_with_the_translator(translator):
    from qgis.PyQt.QtCore import QCoreApplication

    assert QCoreApplication.translate(CONTEXT, "Train Selection") == "Entraîner avec sélection de bandes"
    assert QCoreApplication.translate(CONTEXT, "Overall accuracy") == "Exactitude globale"


def test_algorithms_from_the_registry_speak_french(translator):
    from qgis.core import QgsApplication

    registry = QgsApplication.processingRegistry()
    predict = registry.createAlgorithmById("gmmselect:predict")
    assert predict.displayName() == "Prédire"
    assert predict.parameterDefinition("MODEL").description() == "Fichier de modèle"
    assert predict.parameterDefinition("CONFIDENCE").description() == "Carte de confiance"
    selection = registry.createAlgorithmById("gmmselect:trainselection")
    assert selection.displayName() == "Entraîner avec sélection de bandes"
    assert selection.parameterDefinition("METHOD").options() == [
        "sfs: sélection séquentielle avant", "sffs: sélection séquentielle flottante avant"]
    assert "distance de Jeffries–Matusita" in selection.parameterDefinition("CRITERION").options()[0]
    assert selection.shortHelpString().startswith("Classification supervisée avec sélection de bandes")
    assert selection.parameterDefinition("VALIDATION").help().endswith(" Par défaut : 0.3.")
    assert selection.parameterDefinition("GROUPED").help().endswith(" Par défaut : oui.")
    assert registry.providerById("gmmselect").longName().startswith("GMM Select : classification")


def test_without_the_translator_the_algorithms_stay_english():
    from qgis.core import QgsApplication

    registry = QgsApplication.processingRegistry()
    predict = registry.createAlgorithmById("gmmselect:predict")
    assert predict.displayName() == "Predict"
    assert predict.parameterDefinition("MODEL").description() == "Model file"
    selection = registry.createAlgorithmById("gmmselect:trainselection")
    assert selection.parameterDefinition("METHOD").options() == [
        "sfs: sequential forward selection", "sffs: sequential floating forward selection"]
    assert selection.parameterDefinition("CRITERION").options() == [
        "jm: Jeffries-Matusita distance", "kl: symmetric Kullback-Leibler divergence",
        "accuracy: CV overall accuracy", "kappa: CV Cohen's kappa", "f1: CV mean F1 score"]
    assert selection.parameterDefinition("MAX_FEATURES").description() == (
        "Maximum number of bands (0 = min(bands, 20))")
    assert registry.createAlgorithmById("gmmselect:traingmm").parameterDefinition("CRITERION").options() == [
        "accuracy: overall accuracy", "kappa: Cohen's kappa", "f1: mean F1 score"]


def fake_settings(locale):
    """A QgsSettings stand-in whose 'locale/userLocale' is `locale`."""
    class Settings:
        """Only `value`."""

        def value(self, key, default=None):
            """`locale` for the user locale, else `default`."""
            return locale if key == "locale/userLocale" else default

    return Settings


@pytest.mark.parametrize("locale", ["", None, "de_DE", "xx"])
def test_no_translator_without_a_qm_for_the_locale(monkeypatch, locale):
    from gmmselect import i18n

    monkeypatch.setattr(i18n, "QgsSettings", fake_settings(locale))
    assert i18n.install_translator() is None


def test_the_plugin_installs_the_french_translator_and_unload_removes_it(monkeypatch):
    from qgis.PyQt.QtCore import QCoreApplication

    import gmmselect
    from gmmselect import i18n

    monkeypatch.setattr(i18n, "QgsSettings", fake_settings("fr_FR"))
    created = gmmselect.classFactory(None)
    try:
        assert created.translator is not None
        assert QCoreApplication.translate(CONTEXT, "Predict") == "Prédire"
    finally:
        created.unload()
    assert created.translator is None
    assert QCoreApplication.translate(CONTEXT, "Predict") == "Predict"


def test_qgis_process_speaks_french_with_a_french_locale(tmp_path):
    settings = tmp_path / "QGIS" / "QGIS3" / "profiles" / "default" / "QGIS" / "QGIS3.ini"
    settings.parent.mkdir(parents=True)
    settings.write_text("[PythonPlugins]\ngmmselect=true\n\n[locale]\nuserLocale=fr_FR\n", encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(tmp_path),
               XDG_RUNTIME_DIR=str(tmp_path), QGIS_PLUGINPATH=plugin_parent())
    completed = subprocess.run([qgis_process_executable(), "help", "gmmselect:predict"], capture_output=True,
                               text=True, env=env, timeout=300)
    assert completed.returncode == 0, completed.stderr
    assert "Prédire (gmmselect:predict)" in completed.stdout
    assert "MODEL: Fichier de modèle" in completed.stdout
    notes = tmp_path / "notes.gmm"
    notes.write_text("not a model")
    refused = subprocess.run([qgis_process_executable(), "run", "gmmselect:predict", "--", f"INPUT={LANDSAT}",
                              f"MODEL={notes}", f"OUTPUT={tmp_path / 'classes.tif'}"],
                             capture_output=True, text=True, env=env, timeout=300)
    assert refused.returncode != 0
    assert (f"{notes} n'est pas un fichier de modèle GMM Select (ce n'est pas une archive .gmm) ; choisissez "
            "un fichier écrit par Entraîner GMM, Entraîner avec sélection de bandes ou Entraîner avec "
            "sélection de bandes à partir d'une table de spectres.") in refused.stdout + refused.stderr
    assert not (tmp_path / "classes.tif").exists()


def test_the_package_ships_the_qm_and_not_the_ts():
    script = os.path.join(REPO, "dev", "scripts", "package.py")
    spec = importlib.util.spec_from_file_location("package_script", script)
    package = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(package)
    files = package.plugin_files()
    assert "i18n/gmmselect_fr.qm" in files
    assert not any(name.endswith(".ts") for name in files)


def test_the_training_report_speaks_french_with_the_translator(translator):
    """Every heading, table head and chart title of the report comes from the translated Words."""
    import html.parser

    from gmmselect.algorithms.base import report_words
    from gmmselect.core import load_model
    from gmmselect.raster.report import report_html

    for name in ("selection.gmm", "tau_search.gmm"):
        path = os.path.join(REPO, "tests", "data", "model_v1", name)
        text = report_html(load_model(path), "Rapport", path, report_words())
        assert '<html lang="fr">' in text
        texts = []
        parser = html.parser.HTMLParser()
        parser.handle_data = texts.append
        parser.feed(text)
        words = " ".join(texts)
        for french_text in ("Fichier de modèle", "Entrées et paramètres",
                            "Échantillons d'entraînement par classe", "Spectres", "Bandes utilisées",
                            "Validation croisée sur les polygones d'entraînement",
                            "précision du producteur", "Durées", "valeur de la bande",
                            "Rétrécissement alpha et crête tau"):
            assert french_text in words, (name, french_text)
        for english in ("Training samples per class", "Inputs and parameters", "Spectra", "Timings",
                        "producer's accuracy", "band value", "number of bands", "Ridge tau",
                        "Shrinkage"):
            assert english not in words, (name, english)
        if name == "selection.gmm":  # the criterion's full name on the axis of the selection curve
            assert "distance de Jeffries–Matusita" in words


def test_the_report_says_in_french_how_qgis_gave_the_inputs(translator):
    """The rows of the report's top on how QGIS gave the inputs (test_report.READ_AS), in French."""
    from test_report import read_as_rows

    from gmmselect.algorithms.base import report_words
    from gmmselect.core import load_model

    saved = load_model(os.path.join(REPO, "tests", "data", "model_v1", "selection.gmm"))
    assert read_as_rows(saved, report_words()) == {
        "Raster : ce que QGIS en a donné":
            "dans le SCR défini dans QGIS (EPSG:32622) ; valeurs sans donnée définies dans QGIS sur la bande "
            "3 : x < -0.5, x = 7, valeur sans donnée du fichier non utilisée ; valeurs sans donnée définies "
            "dans QGIS sur la bande 4 : 0 ≤ x ≤ 10, 250 < x",
        "Polygones ou points d'entraînement : ce que QGIS en a donné":
            "ses entités sélectionnées seulement ; ses 20 premières entités ; avec ses modifications non "
            "enregistrées ; avec les champs ajoutés dans QGIS (big, <b>) ; dans le SCR défini dans QGIS "
            "(EPSG:4326)",
        "Transformation définie dans le projet": "Inverse of OSGB36 to WGS 84 (6)",
        "Entités à la géométrie invalide": "écartées"}


def test_the_report_gives_the_warnings_of_the_data_layer_in_french(translator):
    """Warnings kept as English text in the model file are shown in the report's language."""
    from gmmselect.algorithms.base import report_words
    from gmmselect.core import load_model
    from gmmselect.raster.notices import sample_words, warning
    from gmmselect.raster.report import report_html

    path = os.path.join(REPO, "tests", "data", "model_v1", "selection.gmm")
    model = load_model(path)
    model.training.warnings = [warning("warning none held out", name="water", count=1,
                                       **sample_words("polygon")),
                               "class 'sand' has 1 polygon(s): none held out, so the held-out accuracy does "
                               "not cover it",  # as older model files hold it
                               warning("warning contested", count=12, fids="4, 9"),
                               "pixels covered by features of different classes, dropped: 7",  # older
                               "3 pixels covered by features of different classes were dropped",  # older
                               "a note of no template"]
    text = html.unescape(report_html(model, "Rapport", path, report_words()))
    assert ("la classe 'water' a trop peu de polygones (1) pour en réserver un : l'exactitude sur les "
            "données réservées ne la couvre donc pas") in text
    assert ("la classe 'sand' a 1 polygone(s) : aucun n'est réservé, l'exactitude sur les polygones "
            "réservés ne la couvre donc pas") in text
    assert ("pixels couverts par des entités de classes différentes, écartés : 12 (FID 4, 9) ; là où l'une "
            "ne devrait pas chevaucher l'autre (un étang dessiné dans une forêt), découpez-la de l'autre "
            "(Différence de Processing)") in text
    assert "pixels couverts par des entités de classes différentes, écartés : 7" in text
    assert "3 pixels couverts par des entités de classes différentes ont été écartés" in text
    assert "a note of no template" in text
    assert "none held out" not in text and "were dropped" not in text and ", dropped" not in text
