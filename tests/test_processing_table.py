"""Train Selection from a table of spectra: the MUUFL library as CSV, by qgis_process and processing.run."""

import csv
import os
import re
import shutil

import numpy as np
import pytest
from osgeo import gdal
from qgis_helpers import REPO, recorder, run_algorithm, run_qgis_process, start_qgis
from test_core_loo import LIBRARY_SETS, muufl_library
from test_raster_fixtures import write_raster

LIBRARY = os.path.join(REPO, "tests", "data", "muufl_field_spectra", "muufl_library.csv")
#: The bands of test_core_loo.muufl_library: every 125 nm from 325 nm.
BANDS = [f"wl_{wavelength}" for wavelength in range(325, 1076, 125)]
#: The run whose selection the refits of test_core_loo pin: SFS, LOO accuracy, tau = 1e-4, 3 bands.
PINNED = ["FIELD=material", *(f"BANDS={band}" for band in BANDS), "METHOD=sfs", "CRITERION=accuracy",
          "MAX_FEATURES=3", "USE_BEST=false", "TAU=1e-4", "FOLDS=0", "VALIDATION=0", "MODEL_SEARCH=false"]


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()


def run(parameters):
    """processing.run of trainselectiontable, quiet."""
    import processing
    from qgis.core import QgsProcessingFeedback

    return processing.run("gmmselect:trainselectiontable", parameters, feedback=QgsProcessingFeedback())


def test_qgis_process_selects_the_bands_pinned_by_the_refits(tmp_path):
    """Leave-one-out SFS on all 560 spectra: the set the brute-force refits found, and its LOO accuracy."""
    from gmmselect.core import load_model, select_features

    completed, output = run_qgis_process(
        "--json", "run", "gmmselect:trainselectiontable", "--", f"INPUT={LIBRARY}", *PINNED,
        f"OUTPUT_MODEL={tmp_path / 'sensor.gmm'}", f"OUTPUT_REPORT={tmp_path / 'report.html'}")
    assert completed.returncode == 0, completed.stderr
    results = output["results"]
    expected = [BANDS[f] for f in LIBRARY_SETS[3]]
    assert results["SELECTED_NAMES"] == ",".join(expected) == "wl_575,wl_825,wl_325"
    assert results["SELECTED_BANDS"] == "3,5,1" and results["ASSESSMENT"] == "cross-validation"
    X, y = muufl_library()
    selection = select_features(X, y, "sfs", "accuracy", max_features=3, folds="loo", tau=1e-4)
    assert results["OVERALL_ACCURACY"] == pytest.approx(selection.best_values[3], rel=1e-12)
    saved = load_model(results["OUTPUT_MODEL"])
    assert saved.feature_names == BANDS
    assert saved.wavelengths == [325.0, 450.0, 575.0, 700.0, 825.0, 950.0, 1075.0]
    assert saved.training.parameters["folds"] == 0
    assert len(saved.mixture.class_names_) == 28 and saved.mixture.counts_.sum() == 560
    report = (tmp_path / "report.html").read_text()
    assert "leave-one-out cross-validation" in report
    # The Spectra of a table-trained model: 28 materials over the 7 wavelengths, the 3 bands numbered
    # in their order of selection (575, 825, then 325 nm: left to right 3, 1, 2).
    spectra = report.split('<svg class="spectra"')[1].split("</svg>")[0]
    assert len(re.findall(r"<polyline[^>]*points=\"((?:[\d.]+,[\d.]+ ?){7})\"", spectra)) == 28
    lines = re.findall(r'class="chosen-band" x1="([\d.]+)"', spectra)
    numbers = dict(re.findall(r'<text x="([\d.]+)"[^>]*font-weight="bold">(\d+)</text>', spectra))
    assert [numbers[x] for x in sorted(lines, key=float)] == ["3", "1", "2"]
    assert ">wavelength<" in spectra and "<th>Spectral library</th>" in report


#: README, Design a sensor: the command it shows, and the answer it gives, with the selection's alpha chosen
#: by the search over all 31 bands (0.5) and with ALPHA=0.
SENSOR = {"FIELD": "material", "METHOD": "sffs", "CRITERION": "kappa", "MAX_FEATURES": 6, "USE_BEST": False,
          "TAU": "1e-4", "FOLDS": 0, "VALIDATION": 0}
SENSOR_ANSWERS = {"": ("wl_725,wl_975,wl_525,wl_1075,wl_675,wl_1025", [0.22, 0.46, 0.63, 0.73, 0.81, 0.85]),
                  "0": ("wl_650,wl_1000,wl_325,wl_750,wl_550,wl_1075", [0.33, 0.68, 0.81, 0.87, 0.90, 0.91])}


@pytest.mark.parametrize("alpha", sorted(SENSOR_ANSWERS))
def test_the_readme_s_sensor_design_gives_the_answer_it_shows(tmp_path, alpha):
    """The bands and the leave-one-out kappa of the best set of each size that the README's example shows."""
    curve = tmp_path / "sensor_curve.csv"
    results = run({"INPUT": LIBRARY, **SENSOR, "ALPHA": alpha, "OUTPUT_MODEL": str(tmp_path / "sensor.gmm"),
                   "OUTPUT_CURVE": str(curve)})
    names, kappas = SENSOR_ANSWERS[alpha]
    assert results["SELECTED_NAMES"] == names
    with open(curve, newline="") as rows:
        assert [round(float(row["kappa"]), 2) for row in csv.DictReader(rows)] == kappas


#: The materials measured at 3 sites (ASD files) or more: leave-one-site-out keeps each in training.
SITES_3 = ("Asphalt", "Bark", "Building", "FriendshipOak", "LeavesBarkMixed", "LiveOakLeaves")


def test_predict_maps_a_table_model_s_bands_by_their_column_names(tmp_path):
    """The pinned selection (wl_575, wl_825, wl_325) applied to a raster of the 560 spectra holding those
    bands as its bands 1-3: BAND_MAP by the names Train Selection gives (SELECTED_NAMES) classifies as by the
    bands' numbers (SELECTED_BANDS), every spectrum as the core does. Before, the names were refused: 'the
    band map names wl_575 and leaves band 3 of the model unmapped'."""
    from gmmselect.core import load_model

    pinned = dict(pair.split("=") for pair in PINNED if not pair.startswith("BANDS"))
    results = run({"INPUT": LIBRARY, **pinned, "BANDS": BANDS, "OUTPUT_MODEL": str(tmp_path / "sensor.gmm")})
    assert results["SELECTED_NAMES"] == "wl_575,wl_825,wl_325" and results["SELECTED_BANDS"] == "3,5,1"
    X, _ = muufl_library()
    raster = write_raster(tmp_path / "spectra.tif", X[:, [2, 4, 0]].T.reshape(3, 20, 28).astype(np.float32))
    maps = []
    for band_map in ("wl_575=1, wl_825=2, wl_325=3", "3=1, 5=2, 1=3"):
        output = str(tmp_path / f"classes{len(maps)}.tif")
        run_algorithm("gmmselect:predict", {"INPUT": raster, "MODEL": results["OUTPUT_MODEL"],
                                            "BAND_MAP": band_map, "OUTPUT": output})
        maps.append(gdal.Open(output).ReadAsArray().ravel())
    # a raster naming its bands by the table's fields, in another order: mapped by name, no BAND_MAP (before:
    # refused, its band count 3 not the table's 7)
    named = write_raster(tmp_path / "named.tif", X[:, [0, 2, 4]].T.reshape(3, 20, 28).astype(np.float32))
    dataset = gdal.Open(named, gdal.GA_Update)
    for number, field in enumerate(("wl_325", "wl_575", "wl_825"), 1):
        dataset.GetRasterBand(number).SetDescription(field)
    dataset = None
    feedback = recorder()
    run_algorithm("gmmselect:predict", {"INPUT": named, "MODEL": results["OUTPUT_MODEL"],
                                        "OUTPUT": str(tmp_path / "named_classes.tif")}, feedback)
    assert "Bands mapped by name: 'wl_575' 3 -> 2, 'wl_825' 5 -> 3, 'wl_325' 1 -> 1 (model -> raster band)" \
        in feedback.infos
    maps.append(gdal.Open(str(tmp_path / "named_classes.tif")).ReadAsArray().ravel())
    mixture, band_numbers = load_model(results["OUTPUT_MODEL"]).classifier(None)
    assert tuple(band_numbers) == (3, 5, 1)
    np.testing.assert_array_equal(maps[0], maps[1])
    np.testing.assert_array_equal(maps[0], maps[2])
    np.testing.assert_array_equal(maps[0], mixture.predict(X[:, [2, 4, 0]].astype(np.float32)))


def test_groups_default_bands_and_given_wavelengths(tmp_path):
    """GROUP_FIELD = site: leave-one-site-out, a share of sites held out; bands default to every numeric
    field; WAVELENGTHS override the names; a material of one site cannot be left out by site."""
    from gmmselect.core import load_model

    parameters = {"FIELD": "material", "GROUP_FIELD": "site", "METHOD": "sfs", "CRITERION": "kappa",
                  "MAX_FEATURES": 4, "TAU": 1e-4, "FOLDS": 0, "VALIDATION": 0.3}
    sites = write_library(tmp_path, keep=lambda line: line.startswith(SITES_3))
    results = run({"INPUT": sites, **parameters, "OUTPUT_MODEL": str(tmp_path / "grouped.gmm")})
    saved = load_model(results["OUTPUT_MODEL"])
    assert len(saved.feature_names) == 31 and saved.wavelengths[-1] == 1075.0
    assert saved.training.source["group_field"] == "site" and saved.training.parameters["grouped"]
    assert saved.training.polygons["Asphalt"] == (2, 1)
    assert results["ASSESSMENT"] == "held-out polygons"
    assert_refused({"INPUT": LIBRARY, **parameters},
                   "Class 'BeachStairWood' has 1 training group: cross-validation by group tests each "
                   "group on a model trained without it, so a class needs at least 2. Add groups of "
                   "'BeachStairWood', or leave GROUP_FIELD empty (folds of single spectra), at the cost of "
                   "an optimistic accuracy: the spectra of one group are alike.",
                   tmp_path)  # all from one ASD file (one site)
    listed = run({"INPUT": LIBRARY, "FIELD": "material", "BANDS": ",".join(BANDS[:3]), "METHOD": "sfs",
                  "CRITERION": "jm", "TAU": 1e-4, "VALIDATION": 0,
                  "OUTPUT_MODEL": str(tmp_path / "listed.gmm")})
    assert load_model(listed["OUTPUT_MODEL"]).feature_names == BANDS[:3]  # SELECTED_NAMES as BANDS: one item
    given = run({"INPUT": LIBRARY, "FIELD": "material", "BANDS": BANDS[:3],
                 "WAVELENGTHS": "325.5, 450.5, 575.5", "METHOD": "sfs", "CRITERION": "jm", "TAU": 1e-4,
                 "VALIDATION": 0,
                 "OUTPUT_MODEL": str(tmp_path / "given.gmm")})
    assert load_model(given["OUTPUT_MODEL"]).wavelengths == [325.5, 450.5, 575.5]


def test_wavelengths_read_from_field_names_are_nanometres_and_band_numbers_are_none(tmp_path):
    """Fields wl_325...: wavelengths in nm, so a raster of those bands declaring micrometres is read by them
    (before: 325 of no unit against 0.325 um, refused as 'wavelengths differ'). Fields B1...B31: band
    numbers, not wavelengths of 1 to 31 nm (before: recorded as such, and a raster of bands named B1... with
    their wavelengths was refused)."""
    from gmmselect.core import load_model

    X, _ = muufl_library()
    pixels = X[:, :3].T.reshape(3, 20, 28).astype(np.float32)
    numbered = write_library(tmp_path, header="material,site," + ",".join(f"B{k}" for k in range(1, 32)))
    for fields, wavelengths, unit in ((["wl_325", "wl_350", "wl_375"], [0.325, 0.35, 0.375], "um"),
                                      (["B1", "B2", "B3"], [325, 350, 375], "nm")):
        named = fields[0] == "wl_325"
        table = LIBRARY if named else numbered
        feedback = recorder()
        model = run_algorithm("gmmselect:trainselectiontable", {
            "INPUT": table, "FIELD": "material", "BANDS": fields, "METHOD": "sfs", "CRITERION": "jm",
            "TAU": 1e-4, "VALIDATION": 0, "USE_BEST": False, "MAX_FEATURES": 3,
            "OUTPUT_MODEL": str(tmp_path / f"{fields[0]}.gmm")}, feedback)["OUTPUT_MODEL"]
        saved = load_model(model)
        assert saved.wavelengths == ([325.0, 350.0, 375.0] if named else None)
        assert saved.wavelength_units == (["nm"] * 3 if named else None)
        assert named or ("No wavelength in nanometres in some band field names (e.g. wl_450, b450, 450; not "
                         "B1, B2...) and none given in WAVELENGTHS: the model records band names only"
                         in feedback.infos)
        raster = write_raster(tmp_path / f"{fields[0]}.tif", pixels)
        dataset = gdal.Open(raster, gdal.GA_Update)
        for number, (field, wavelength) in enumerate(zip(fields, wavelengths), 1):
            band = dataset.GetRasterBand(number)
            band.SetDescription(field)
            band.SetMetadata({"wavelength": str(wavelength), "wavelength_units": unit})
        dataset = None
        output = str(tmp_path / f"{fields[0]}_classes.tif")
        run_algorithm("gmmselect:predict", {"INPUT": raster, "MODEL": model, "OUTPUT": output})
        mixture, band_numbers = saved.classifier(None)
        np.testing.assert_array_equal(gdal.Open(output).ReadAsArray().ravel(),
                                      mixture.predict(X[:, np.array(band_numbers) - 1].astype(np.float32)))


def write_library(tmp_path, header=None, keep=None, retype=None):
    """A copy of the library CSV (and its .csvt), with another header, only the rows `keep(row)`, or the
    rows `retype(number, row)` gives (number: 0 for the first data row)."""
    with open(LIBRARY) as stream:
        lines = stream.read().splitlines()
    rows = [line if retype is None else retype(number, line) for number, line in enumerate(lines[1:])
            if keep is None or keep(line)]
    path = tmp_path / "library.csv"
    path.write_text("\n".join([header or lines[0], *rows]) + "\n")
    shutil.copy(LIBRARY + "t", str(path) + "t")
    return str(path)


def assert_refused(parameters, message, tmp_path):
    """QgsProcessingException with exactly `message`, and no model written."""
    from qgis.core import QgsProcessingException

    model = tmp_path / "refused.gmm"
    with pytest.raises(QgsProcessingException, match=f"^{re.escape(message)}$"):
        run({"FIELD": "material", "METHOD": "sfs", "CRITERION": "accuracy", "FOLDS": 0, "VALIDATION": 0,
             **parameters, "OUTPUT_MODEL": str(model)})
    assert not model.exists()


def test_the_class_field_as_group_field_is_refused(tmp_path):
    """Before: each class one group, refused as a class of one training polygon, whichever the class."""
    assert_refused({"INPUT": LIBRARY, "GROUP_FIELD": "material"},
                   f"The group field 'material' of table {LIBRARY!r} is its class field: groups (sites, "
                   "files, plots) split each class into parts that cross-validation leaves out one at a "
                   "time; choose the field that names them, or none (each row its own group).", tmp_path)


def test_a_text_band_field_is_refused(tmp_path):
    assert_refused({"INPUT": LIBRARY, "BANDS": ["wl_325", "site"]},
                   "BANDS: field 'site' is of type String, not a number: remove it from BANDS, or give it a "
                   "numeric type (for a CSV, a .csvt file).", tmp_path)


def test_a_class_of_one_spectrum_without_ridge_is_refused(tmp_path):
    seen = set()

    def one_dirt_spectrum(line):
        if line.startswith("Dirt,"):
            if "Dirt" in seen:
                return False
            seen.add("Dirt")
        return True

    assert_refused({"INPUT": write_library(tmp_path, keep=one_dirt_spectrum), "BANDS": BANDS, "TAU": 0},
                   "Every class needs at least 2 spectra for a covariance (class 'Dirt': 1); add spectra of "
                   "these classes or delete their rows.", tmp_path)


def test_a_csv_opened_with_open_options_is_read_with_them(tmp_path):
    """The library without its .csvt, opened in QGIS with OGR's AUTODETECT_TYPE=YES: QGIS shows its bands as
    numbers, and GMM Select reads the table with QGIS's options: the pinned selection. Before, QGIS's
    compatible path dropped the options ('library.csv'), so the same layer was refused: field 'wl_325' of
    type String. Without the option, it is."""
    from qgis.core import QgsVectorLayer

    path = write_library(tmp_path)
    os.remove(path + "t")
    layer = QgsVectorLayer(f"{path}|option:AUTODETECT_TYPE=YES", "library", "ogr")
    assert layer.fields().field("wl_325").typeName() == "Real"
    parameters = {"FIELD": "material", "BANDS": BANDS, "METHOD": "sfs", "CRITERION": "accuracy",
                  "MAX_FEATURES": 3, "USE_BEST": False, "TAU": 1e-4, "FOLDS": 0, "VALIDATION": 0,
                  "MODEL_SEARCH": False}
    results = run({"INPUT": layer, **parameters, "OUTPUT_MODEL": str(tmp_path / "sensor.gmm")})
    assert results["SELECTED_NAMES"] == "wl_575,wl_825,wl_325"
    assert_refused({"INPUT": path, **parameters},
                   "BANDS: field 'wl_325' is of type String, not a number: remove it from BANDS, or give it "
                   "a numeric type (for a CSV, a .csvt file).", tmp_path)


def test_duplicate_field_names_are_refused(tmp_path):
    with open(LIBRARY) as stream:
        header = stream.readline().strip().replace("wl_350", "wl_325")
    path = write_library(tmp_path, header=header)
    assert_refused({"INPUT": path}, f"Table {path!r} has 2 fields named 'wl_325' (columns 3, 4): give every "
                                    "column a distinct name.", tmp_path)


def test_library_values_read_back_exactly():
    """The CSV export holds the npz reflectances exactly (every 25th band)."""
    from gmmselect.raster.library import read_library

    samples, wavelengths = read_library(LIBRARY, "material")
    data = np.load(os.path.join(REPO, "tests", "data", "muufl_field_spectra", "muufl_asd_spectra.npz"))
    np.testing.assert_array_equal(samples.X, data["X"][:, ::25])
    np.testing.assert_array_equal(samples.y, data["y"] + 1)
    assert wavelengths == data["wavelength_nm"][::25].tolist()


def test_class_names_differing_only_in_case_are_named_in_the_warnings(tmp_path):
    """Half the Asphalt spectra typed 'asphalt': two classes, as typed, and the warning (logged, kept in the
    model) names them."""
    from gmmselect.raster.library import read_library

    def every_other_asphalt_lower_case(number, line):
        return "a" + line[1:] if line.startswith("Asphalt,") and number % 2 else line

    path = write_library(tmp_path, retype=every_other_asphalt_lower_case)
    logged = []
    samples, _ = read_library(path, "material", bands=BANDS, log=logged.append)
    assert samples.counts["Asphalt"] == samples.counts["asphalt"] == 15
    expected = ("class names 'Asphalt', 'asphalt' differ only in case, spacing or Unicode form: they are 2 "
                "different classes; if they are one class, give its features one spelling")
    assert samples.warnings == [expected] and f"warning: {expected}" in logged


@pytest.mark.parametrize("group_field, unit, units",
                         [("site", "group", "groups"), ("", "spectrum", "spectra")])
def test_messages_help_and_report_name_the_table_s_groups_or_spectra(tmp_path, group_field, unit, units):
    """With GROUP_FIELD, the hold-out and the folds keep sites whole: log, report and help call them groups;
    without, each spectrum: spectra. Before, all said polygons (a table has none)."""
    import processing
    from qgis.core import QgsApplication

    log, report = recorder(), tmp_path / "report.html"
    processing.run("gmmselect:trainselectiontable",
                   {"INPUT": write_library(tmp_path, keep=lambda line: line.startswith(SITES_3)),
                    "FIELD": "material", "GROUP_FIELD": group_field, "BANDS": BANDS[:3], "METHOD": "sfs",
                    "CRITERION": "jm", "VALIDATION": 0.3, "OUTPUT_MODEL": str(tmp_path / "model.gmm"),
                    "OUTPUT_REPORT": str(report)}, feedback=log)
    counts = [line for line in log.infos if line.startswith("Class 'Asphalt': ")]
    expected = {"group": "20 training samples from 2 groups, 10 held-out samples from 1 group",
                "spectrum": "21 training samples from 21 spectra, 9 held-out samples from 9 spectra"}
    assert counts == [f"Class 'Asphalt': {expected[unit]}"]
    assert any(line.startswith(f"Held-out {units} (") for line in log.infos)
    assert not [line for line in log.infos if "polygon" in line and not line.startswith("Results:")]
    page = report.read_text()
    assert f"<th>held-out {units}</th>" in page and f"measured on the held-out {units}" in page
    assert "polygon" not in page.replace("<polygon", "").replace("</polygon>", "")
    # GROUPED is not a parameter of the table's algorithm (GROUP_FIELD is)
    assert "<th>GROUPED</th>" not in page and "<th>FOLDS</th>" in page
    table = QgsApplication.processingRegistry().algorithmById("gmmselect:trainselectiontable")
    selection = QgsApplication.processingRegistry().algorithmById("gmmselect:trainselection")
    label = table.parameterDefinition("LOO_FEW_POLYGONS").description()
    assert label == "Leave one group out when the groups are few"
    assert selection.parameterDefinition("LOO_FEW_POLYGONS").description() == (
        "Leave one polygon out when the polygons are few")
    assert "GROUP_FIELD, REPEATS" in table.parameterDefinition("MODEL_SEARCH").help()
    assert "GROUPED, REPEATS" in selection.parameterDefinition("MODEL_SEARCH").help()


def test_the_seed_s_help_names_what_a_table_s_run_draws():
    """A table's run draws the hold-out and the folds, no pixels (it has no MAX_SAMPLES): its SEED's help,
    Train Selection's, said 'and, where pixels are drawn per class, those pixels'."""
    from qgis.core import QgsApplication

    registry = QgsApplication.processingRegistry()
    assert registry.algorithmById("gmmselect:trainselectiontable").parameterDefinition("SEED").help() == (
        "Seed of the run's random draws (the hold-out and the folds): the same seed gives the same model. "
        "Default: 0.")
    assert "those pixels" in registry.algorithmById("gmmselect:trainselection").parameterDefinition(
        "SEED").help()


def test_folds_that_leave_a_class_nothing_to_train_on_are_refused_in_the_table_s_words(tmp_path):
    """Groups (sites) that hold several materials: 2-fold cross-validation by site puts the three sites of
    'roof' in one fold. Before: the core's 'Class 2 has 9 samples; in 2-fold cross-validation fold 1 leaves
    only 0 of them for training (2 needed): draw more polygons of it, ...' (a class code, polygons)."""
    rng = np.random.default_rng(0)
    rows = []
    for site, grass in enumerate([12, 11, 10, 9, 8, 7]):
        rows += [("grass", f"site {site}")] * grass + [("roof", f"site {site}")] * 3 * (site in (1, 4, 5))
    path = tmp_path / "sites.csv"
    values = rng.normal(size=(len(rows), 2))
    path.write_text("material,site,b1,b2\n" + "".join(
        f"{material},{site},{a:.4f},{b:.4f}\n" for (material, site), (a, b) in zip(rows, values)))
    (tmp_path / "sites.csvt").write_text('"String","String","Real","Real"')
    assert_refused({"INPUT": str(path), "GROUP_FIELD": "site", "FOLDS": 2, "LOO_FEW_POLYGONS": False,
                    "REPEATS": 1, "CRITERION": "jm"},
                   "Class 'roof' has 9 samples in 3 groups, but 2-fold cross-validation by group (SEED = 0) "
                   "puts 9 of them in fold 1, which leaves 0 to train on without that fold (2 needed). Set "
                   "FOLDS = 0 or LOO_FEW_POLYGONS = yes (one group out at a time), change FOLDS or SEED, or "
                   "leave GROUP_FIELD empty (folds of single spectra), at the cost of an optimistic "
                   "accuracy: the spectra of one group are alike.", tmp_path)


def test_rows_with_an_empty_band_value_are_refused_by_count(tmp_path):
    """Two rows with an empty value in wl_350: named by count, first FID and field. Before: '2 rows of table
    ... have ...' (and '1 rows ... have' for one)."""
    def blank(number, line):
        cells = line.split(",")
        return ",".join(cells[:3] + [""] + cells[4:]) if number in (4, 7) else line

    path = write_library(tmp_path, retype=blank)
    assert_refused({"INPUT": path}, f"Rows of table {path!r} with an empty or non-finite band value: 2 "
                   "(first: FID 5, field 'wl_350'); fill in these values or delete the rows.", tmp_path)


def test_rows_with_an_empty_class_are_refused_as_rows(tmp_path):
    """Two rows with no material: the table's rows, named by FID. Before: 'Features of ... with an empty class
    field', the word of a layer's features."""
    def unnamed(number, line):
        return "," + line.split(",", 1)[1] if number in (2, 9) else line

    path = write_library(tmp_path, retype=unnamed)
    with open(path) as stream:
        total = len(stream.read().splitlines()) - 1
    assert_refused({"INPUT": path}, f"Rows of table {path!r} with an empty class field 'material': 2 of "
                   f"{total} (FID 3, 10); fill in their class or delete the rows.", tmp_path)
