"""The real `qgis_process` executable, with the plugin in a throwaway plugin path and profile.

This is what proves the provider is registered without `iface`: qgis_process only calls
`initProcessing()` of plugins that declare `hasProcessingProvider=yes`.
"""

import csv
import os
import re

import numpy as np
import pytest
from osgeo import gdal, ogr
from qgis_helpers import CLASSES, LANDSAT, POLYGONS, REPO, category_names, run_qgis_process

MODEL3 = os.path.join(REPO, "tests", "selection_predict.model3")


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    """trainselection through qgis_process --json, with keys as enum values."""
    folder = tmp_path_factory.mktemp("qgis_process")
    completed, output = run_qgis_process(
        "--json", "run", "gmmselect:trainselection", "--", f"INPUT={LANDSAT}", f"TRAINING={POLYGONS}",
        "FIELD=class", "METHOD=sffs", "CRITERION=jm", f"OUTPUT_MODEL={folder / 'landsat.gmm'}",
        f"OUTPUT_CURVE={folder / 'curve.csv'}")
    assert completed.returncode == 0, completed.stderr
    return folder, output


def test_plugin_is_listed_and_enabled():
    completed, _ = run_qgis_process("plugins")
    assert completed.returncode == 0
    assert any(line.strip() == "* gmmselect" for line in completed.stdout.splitlines())


def test_algorithms_are_listed():
    completed, listing = run_qgis_process("--json", "list")
    assert completed.returncode == 0
    provider = listing["providers"]["gmmselect"]
    assert provider["name"] == "GMM Select"
    assert sorted(provider["algorithms"]) == ["gmmselect:assess", "gmmselect:predict",
                                              "gmmselect:sampledesign", "gmmselect:traingmm",
                                              "gmmselect:trainselection", "gmmselect:trainselectiontable"]


def test_trainselection_json_results(trained):
    folder, output = trained
    results = output["results"]
    assert output["algorithm_details"]["id"] == "gmmselect:trainselection"
    assert results["ASSESSMENT"] == "held-out polygons"
    assert results["KAPPA"] > 0.9 and results["OVERALL_ACCURACY"] > 0.93
    assert results["OUTPUT_MODEL"] == str(folder / "landsat.gmm") and os.path.isfile(results["OUTPUT_MODEL"])
    assert os.path.isfile(results["OUTPUT_CURVE"])
    assert len(results["SELECTED_BANDS"].split(",")) == results["N_SELECTED"]


def test_predict_json_results(trained, tmp_path):
    folder, output = trained
    completed, predicted = run_qgis_process(
        "--json", "run", "gmmselect:predict", "--", f"INPUT={LANDSAT}",
        f"MODEL={output['results']['OUTPUT_MODEL']}", f"OUTPUT={tmp_path / 'classes.tif'}",
        f"CONFIDENCE={tmp_path / 'confidence.tif'}")
    assert completed.returncode == 0, completed.stderr
    results = predicted["results"]
    dataset = gdal.Open(results["OUTPUT"])
    band = dataset.GetRasterBand(1)
    assert (dataset.RasterXSize, dataset.RasterYSize) == (287, 310)
    assert category_names(results["OUTPUT"])[1:5] == CLASSES
    assert set(np.unique(band.ReadAsArray())) - {band.GetNoDataValue()} == {1, 2, 3, 4}
    confidence = gdal.Open(results["CONFIDENCE"]).ReadAsArray()
    assert confidence.max() <= 1.0 + 1e-6
    assert results["SELECTED_BANDS"] == output["results"]["SELECTED_BANDS"]


def test_train_gmm_and_predict_give_in_qgis_process_what_they_give_in_python(tmp_path):
    """qgis_process (as QGIS) loads GSL's CBLAS before NumPy, which then multiplies matrices with it: the
    covariances of a Train GMM model differed in their last bits from the same run in Python, the confidence
    of its map in 366 pixels by one float32 step (and from a Dask worker's), and products were 3 to 15 times
    slower. GMM Select's products now reach NumPy's own BLAS in both."""
    from qgis_helpers import run_algorithm, start_qgis

    from gmmselect.core import load_model

    start_qgis()
    model = str(tmp_path / "m.gmm")
    training = {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "VALIDATION": 0}
    run_algorithm("gmmselect:traingmm", {**training, "OUTPUT_MODEL": model})
    completed, _ = run_qgis_process("run", "gmmselect:traingmm", "--",
                                    *(f"{key}={value}" for key, value in training.items()),
                                    f"OUTPUT_MODEL={tmp_path / 'there.gmm'}")
    assert completed.returncode == 0, completed.stderr
    here, there = (load_model(path).mixture for path in (model, str(tmp_path / "there.gmm")))
    assert here.tau_ == there.tau_  # scatter matrices by syrk, as NumPy multiplies a matrix by its transpose
    for name in ("means_", "covariances_", "eigenvalues_", "whiteners_"):
        np.testing.assert_array_equal(getattr(here, name), getattr(there, name), err_msg=name)
    names = {"OUTPUT": "classes.tif", "CONFIDENCE": "confidence.tif", "PROBABILITIES": "probabilities.tif"}
    for where in ("qgis_process", "python"):
        os.mkdir(tmp_path / where)
        outputs = {key: str(tmp_path / where / name) for key, name in names.items()}
        if where == "python":
            run_algorithm("gmmselect:predict", {"INPUT": LANDSAT, "MODEL": model, **outputs})
        else:
            given = (f"{key}={path}" for key, path in outputs.items())
            completed, _ = run_qgis_process("run", "gmmselect:predict", "--", f"INPUT={LANDSAT}",
                                            f"MODEL={model}", *given)
            assert completed.returncode == 0, completed.stderr
    for name in names.values():
        with open(tmp_path / "qgis_process" / name, "rb") as there:
            assert there.read() == (tmp_path / "python" / name).read_bytes(), name


def test_bad_input_gives_a_message_not_a_traceback(tmp_path):
    completed, _ = run_qgis_process(
        "run", "gmmselect:traingmm", "--", f"INPUT={LANDSAT}", f"TRAINING={POLYGONS}", "FIELD=klass",
        f"OUTPUT_MODEL={tmp_path / 'm.gmm'}")
    assert completed.returncode != 0
    assert "the training layer has no field 'klass'" in completed.stdout + completed.stderr
    assert "Traceback" not in completed.stdout + completed.stderr
    assert not (tmp_path / "m.gmm").exists()


def test_model3_chains_trainselection_and_predict(tmp_path):
    # `--json help` on a model file crashes qgis_process 3.22: read the plain help.
    completed, _ = run_qgis_process("help", MODEL3)
    assert completed.returncode == 0, completed.stderr
    for name in ("raster", "training", "classfield", "maxbands", "trainselection:Model",
                 "predict:Classification"):
        assert f"\n{name}: " in completed.stdout
    completed, output = run_qgis_process(
        "--json", "run", MODEL3, "--", f"raster={LANDSAT}", f"training={POLYGONS}", "classfield=class",
        "maxbands=4", f"trainselection:Model={tmp_path / 'model.gmm'}",
        f"predict:Classification={tmp_path / 'classes.tif'}")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    results = output["results"]
    assert results == {"predict:Classification": str(tmp_path / "classes.tif"),
                       "trainselection:Model": str(tmp_path / "model.gmm")}
    assert category_names(results["predict:Classification"])[1:5] == CLASSES
    from gmmselect.core import load_model

    saved = load_model(results["trainselection:Model"])
    assert saved.selection.method == "sffs" and saved.selection.criterion == "jm"
    assert max(saved.selection.sizes) == 4 and len(saved.features) <= 4


def test_the_blas_is_named_in_the_log_with_the_way_to_the_fast_one(trained, tmp_path):
    """OpenBLAS (what `make deps` installs) is named; the reference BLAS gets a warning with the package."""
    folder, output = trained
    arguments = ("run", "gmmselect:predict", "--", f"INPUT={LANDSAT}",
                 f"MODEL={output['results']['OUTPUT_MODEL']}", f"OUTPUT={tmp_path / 'classes.tif'}")
    fast, _ = run_qgis_process(*arguments)
    assert fast.returncode == 0, fast.stderr
    assert "Linear algebra: NumPy uses OpenBLAS 0." in fast.stdout
    assert re.search(r"Linear algebra: this process answers NumPy's own matrix products with "
                     r"\S*libgslcblas\S*, loaded before NumPy \(by QGIS\); GMM Select calls \S*openblas\S* "
                     r"for its products directly", fast.stdout)
    slow, _ = run_qgis_process(*arguments, extra_env={
        "LD_LIBRARY_PATH": "/usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack"})
    assert slow.returncode == 0, slow.stderr
    log = slow.stdout + slow.stderr
    assert "NumPy uses the reference BLAS (netlib)" in log
    assert "sudo apt install libopenblas0-pthread" in log


def folder_bytes(folder):
    """{name: bytes (or the target of a symlink)} of the files of `folder`."""
    files = {name: folder / name for name in sorted(os.listdir(folder))}
    return {name: os.readlink(path) if os.path.islink(path) else path.read_bytes()
            for name, path in files.items()}


@pytest.mark.parametrize(("case", "expected"), [
    ("model over the raster", "OUTPUT_MODEL would write '{folder}/model.gmm', which is a file of INPUT"),
    ("classification as .xyz", "OUTPUT: '{folder}/classes.xyz' does not end in .tif or .tiff"),
    ("training lines", "that are lines: 36 of 36 (FIDs 1, 2, 3"),
])
def test_hostile_runs_stop_with_a_message_and_leave_the_folder_as_it_was(trained, tmp_path, case, expected):
    """Through the real qgis_process: exit code 1, the message, no traceback, every file untouched."""
    import shutil

    raster = tmp_path / "scene.tif"
    shutil.copy(LANDSAT, raster)
    training = ["run", "gmmselect:traingmm", "--", f"INPUT={raster}", f"TRAINING={POLYGONS}", "FIELD=class",
                "TAU=1"]
    if case == "model over the raster":
        os.symlink(raster, tmp_path / "model.gmm")
        arguments = [*training, f"OUTPUT_MODEL={tmp_path / 'model.gmm'}"]
    elif case == "classification as .xyz":
        arguments = ["run", "gmmselect:predict", "--", f"INPUT={raster}",
                     f"MODEL={trained[1]['results']['OUTPUT_MODEL']}", f"OUTPUT={tmp_path / 'classes.xyz'}"]
    else:
        lines = tmp_path / "lines.gpkg"
        gdal.VectorTranslate(str(lines), POLYGONS,
                             SQLStatement="SELECT ST_Boundary(geom) AS geom, class FROM training_polygons",
                             SQLDialect="SQLite", geometryType="MULTILINESTRING")
        training[4] = f"TRAINING={lines}"
        arguments = [*training, f"OUTPUT_MODEL={tmp_path / 'out' / 'm.gmm'}"]
    before = folder_bytes(tmp_path)
    completed, _ = run_qgis_process(*arguments)
    log = completed.stdout + completed.stderr
    assert completed.returncode != 0
    assert expected.format(folder=tmp_path) in log
    assert "Traceback" not in log
    after = folder_bytes(tmp_path)
    # QGIS itself (not the plugin) stores the statistics of every raster layer it opens in GDAL's .aux.xml
    statistics = after.pop("scene.tif.aux.xml", b"")
    assert b"Category" not in statistics and b"Description" not in statistics
    assert after == before


def test_bands_without_names_are_taken_by_number_and_logged(trained, tmp_path):
    """A model that knows band 1 as 'blue' (its other bands unnamed) classifies the scene, whose bands have
    no names, by band number and says so."""
    folder, output = trained
    named = str(tmp_path / "named.tif")
    gdal.Translate(named, LANDSAT)
    dataset = gdal.Open(named, gdal.GA_Update)
    dataset.GetRasterBand(1).SetDescription("blue")
    dataset = None
    model = str(tmp_path / "named.gmm")
    completed, _ = run_qgis_process(
        "run", "gmmselect:traingmm", "--", f"INPUT={named}", f"TRAINING={POLYGONS}", "FIELD=class", "TAU=1",
        f"OUTPUT_MODEL={model}")
    assert completed.returncode == 0, completed.stderr
    completed, _ = run_qgis_process("run", "gmmselect:predict", "--", f"INPUT={LANDSAT}", f"MODEL={model}",
                                    f"OUTPUT={tmp_path / 'classes.tif'}")
    assert completed.returncode == 0, completed.stderr
    assert ("the model does not name every band it uses: bands taken by number ([1, 2, 3, 4, 5, 6, 7]), only "
            "the band count checked") in completed.stdout


MODEL3_DESIGN = os.path.join(REPO, "tests", "predict_sampledesign.model3")


def test_model3_chains_predict_and_sampledesign_then_assess_closes_the_loop(trained, tmp_path):
    _, output = trained
    completed, run = run_qgis_process(
        "--json", "run", MODEL3_DESIGN, "--", f"raster={LANDSAT}",
        f"model={output['results']['OUTPUT_MODEL']}", "targetse=0.02",
        f"predict:Classification={tmp_path / 'classes.tif'}",
        f"sampledesign:Sample points={tmp_path / 'sample.gpkg'}")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert run["results"] == {"predict:Classification": str(tmp_path / "classes.tif"),
                              "sampledesign:Sample points": str(tmp_path / "sample.gpkg")}
    codes = gdal.Open(str(tmp_path / "classes.tif")).ReadAsArray()
    source = ogr.Open(str(tmp_path / "sample.gpkg"), 1)
    layer = source.GetLayer(0)
    counts = {}
    for feature in layer:  # a perfect reference: the map's class name at every point
        counts[feature.GetField("map_class")] = counts.get(feature.GetField("map_class"), 0) + 1
        feature.SetField("reference", CLASSES[feature.GetField("map_class") - 1])
        layer.SetFeature(feature)
    source = None
    pixels = np.array([np.sum(codes == k) for k in (1, 2, 3, 4)])
    assert min(counts.values()) >= 20 and sum(counts.values()) >= 20 * 4
    completed, assessed = run_qgis_process(
        "--json", "run", "gmmselect:assess", "--", f"INPUT={tmp_path / 'classes.tif'}",
        f"REFERENCE={tmp_path / 'sample.gpkg'}", "FIELD=reference", f"OUTPUT_TABLE={tmp_path / 'table.csv'}")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert assessed["results"]["OVERALL_ACCURACY"] == 1.0
    assert assessed["results"]["OVERALL_ACCURACY_CI"] == 0.0
    with open(tmp_path / "table.csv", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert [float(row["estimated_area"]) for row in rows] == (pixels * 900.0).tolist()
    assert [int(row["sample_count"]) for row in rows] == [counts[k] for k in (1, 2, 3, 4)]


def test_log_lines_start_on_their_own_line_after_the_progress_dots(tmp_path):
    """qgis_process prints progress as '0...10...20' and ends no line: every message of the run starts a
    line (no '...20' glued to a message), and '100 - done.' is not followed by an empty line."""
    completed, _ = run_qgis_process(
        "run", "gmmselect:trainselection", "--", f"INPUT={LANDSAT}", f"TRAINING={POLYGONS}", "FIELD=class",
        f"OUTPUT_MODEL={tmp_path / 'model.gmm'}")
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    progress = [line for line in lines if re.fullmatch(r"[0-9.]*\.\.\.[0-9.]*( - done\.)?", line)]
    assert len(progress) >= 3 and progress[-1].endswith("...100 - done.")
    assert not any(re.search(r"\.\.\.\d*[A-Za-z]", line) for line in lines)
    assert any(line.startswith("4410 samples of 4 classes") for line in lines)
    assert any(line.startswith("Held-out polygons (1339 samples") for line in lines)
    assert lines[lines.index(progress[-1]) + 1].startswith("KAPPA = ")


def test_log_lines_of_a_model_start_on_their_own_line(tmp_path):
    """The README's model run: qgis_process prints the model's progress, of which each step's feedback (a
    QgsProcessingMultiStepFeedback) has its own 0 to 100; its messages were glued to the dots
    ('...50KAPPA = 0.9955', '.30...40...50...60...70..Sample size 399'), the step's progress below 100
    taken for the line's."""
    completed, _ = run_qgis_process(
        "run", MODEL3, "--", f"raster={LANDSAT}", f"training={POLYGONS}", "classfield=class", "maxbands=0",
        f"trainselection:Model={tmp_path / 'scene.gmm'}",
        f"predict:Classification={tmp_path / 'classes.tif'}")
    assert completed.returncode == 0, completed.stderr
    lines = completed.stdout.splitlines()
    assert [line for line in lines if re.match(r"[.0-9]*\.[0-9]*[A-Za-z]", line)] == []
    assert any(line.startswith("KAPPA = ") for line in lines)
    done = [number for number, line in enumerate(lines) if line.endswith("100 - done.")]
    assert len(done) == 1 and lines[done[0] + 1].startswith("Model processed OK")


def console_feedback():
    """A feedback that prints as qgis_process's ConsoleFeedback (QGIS 3.22, without --json) into its `out`:
    the progress on one line, tick n (a dot, or n / 4 * 10) once it reaches n * 2.5 %, ' - done.' and a line
    break at 100 %; each info on a line, each warning after 'WARNING:' and a tab."""
    from qgis.core import QgsProcessingFeedback

    class Console(QgsProcessingFeedback):
        def __init__(self):
            super().__init__()
            self.out, self.tick = [], -1
            self.progressChanged.connect(self.ticks)

        def ticks(self, progress):
            tick = min(40, max(0, int(progress * 0.4)))
            if tick <= self.tick:
                return
            while tick > self.tick:
                self.tick += 1
                self.out.append(str(self.tick // 4 * 10) if self.tick % 4 == 0 else ".")
            if tick == 40:
                self.out.append(" - done.\n")

        def pushInfo(self, info):  # noqa: N802 (QGIS's name)
            self.out.append(info + "\n")

        def pushWarning(self, warning):  # noqa: N802 (QGIS's name)
            self.out.append("WARNING:\t" + warning + "\n")

    return Console()


def log_a_run(algorithm, feedback, rng, end=100.0):
    """Log messages and warnings through `algorithm` while `feedback`'s progress goes from 0 to `end` by
    random steps (some of none, some across several ticks), and after; return the messages."""
    progress, messages = 0.0, []
    while progress < end:
        for _ in range(rng.integers(0, 3)):
            messages.append(f"message {len(messages)}")
            log = algorithm.warning if rng.random() < 0.3 else algorithm.info
            log(feedback, messages[-1])
        progress = min(end, progress + rng.choice([0.0, 0.05, 0.5, 1.0, 2.4, 2.5, 3.0, 7.0]))
        feedback.setProgress(progress)
    for _ in range(2):
        messages.append(f"message {len(messages)}")
        algorithm.info(feedback, messages[-1])
    return messages


@pytest.mark.parametrize("steps", [None, 1, 2, 3])
def test_every_message_starts_a_line_after_the_progress_dots(monkeypatch, steps):
    """As qgis_process prints them, alone (`steps` None) and in a model of `steps` steps: every message and
    warning starts a line (a warning's 'WARNING:' too), never after dots; alone, no line is empty. Before,
    ticks were taken for one per 2 % (qgis_process's are 2.5 %), a warning's line break came after
    'WARNING:', and a model's step, whose progress is its own, was taken for the run."""
    import numpy as np
    from qgis.core import QgsProcessingMultiStepFeedback
    from qgis_helpers import start_qgis

    start_qgis()
    from gmmselect.algorithms import base

    class Console:
        """QgsApplication as qgis_process runs it (without --json)."""

        @staticmethod
        def platform():
            return "qgis_process"

        @staticmethod
        def arguments():
            return ["qgis_process", "run", "gmmselect:traingmm", "--", "INPUT=x.tif"]

    monkeypatch.setattr(base, "QgsApplication", Console)
    rng = np.random.default_rng(steps or 0)
    for _ in range(20):
        console = console_feedback()
        if steps is None:
            messages = log_a_run(base.GmmSelectAlgorithm(), console, rng)
        else:
            feedback, messages = QgsProcessingMultiStepFeedback(steps, console), []
            for step in range(steps):
                feedback.setCurrentStep(step)
                messages += log_a_run(base.GmmSelectAlgorithm(), feedback, rng)
        lines = "".join(console.out).split("\n")
        assert [line for line in lines if line.startswith(("message", "WARNING:\tmessage"))] == [
            line for line in lines if "message" in line]
        assert [line.split("\t")[-1] for line in lines if "message" in line] == messages
        assert "".join(line for line in lines if "message" not in line).endswith("100 - done.")
        if steps is None:
            assert lines[-1] == "" and "" not in lines[:-1]


def test_json_log_lines_start_with_no_line_break(trained):
    """With --json, qgis_process prints no progress: no message starts with the line break that ends dots
    (the log's lines began with '\\n' where dots would have been)."""
    _, output = trained
    infos = output["log"]["info"]
    assert any(line.startswith("Held-out polygons (1339 samples") for line in infos)
    assert [line for line in infos if not line.strip() or line != line.strip()] == []


def test_help_is_plain_text_with_each_parameter_described_once_with_its_default():
    completed, _ = run_qgis_process("help", "gmmselect:trainselection")
    assert completed.returncode == 0, completed.stderr
    text = completed.stdout
    description = text.split("Description\n----------------\n")[1].split("\n----------------")[0]
    short, long = description.splitlines()
    assert short == ("Selects the bands that separate the classes best (SFS or SFFS), then trains a Gaussian "
                     "mixture classifier on them.")
    assert "<" not in description and long.startswith("Selects the few bands")
    assert text.count("Keep all pixels of a polygon in the same fold") == 1
    for name, default in (("FOLDS", "5"), ("VALIDATION", "0.3"), ("GROUPED", "yes"), ("METHOD", "sffs"),
                          ("MAX_SAMPLES", "0"), ("SEED", "0")):
        help_line = text.split(f"\n{name}: ")[1].splitlines()[1]
        assert help_line.rstrip().endswith(f"Default: {default}."), (name, help_line)
