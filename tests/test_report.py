"""The HTML report of both training algorithms, read back as a browser would parse it."""

import html
import html.parser
import re

import numpy as np
import pytest
from osgeo import gdal
from qgis_helpers import CLASSES, LANDSAT, POLYGONS, start_qgis

from gmmselect.raster.notices import WARNINGS, WORD_KINDS, recognise, sample_words, warning
from gmmselect.raster.report import Words

WAVELENGTHS = [0.485, 0.56, 0.66, 0.83, 1.65, 11.45, 2.215]


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()


class ReportParser(html.parser.HTMLParser):
    """Tables by class (rows of cell texts), SVG charts by class (their elements) and every link."""

    def __init__(self):
        super().__init__()
        self.tables, self.charts, self.links, self.text = {}, {}, [], []
        self._rows, self._cell, self._chart = None, None, None

    def handle_starttag(self, tag, attrs):
        """Open tables, rows, cells and charts; record src and href attributes."""
        attributes = dict(attrs)
        self.links += [value for name, value in attrs if name in ("src", "href")]
        if tag == "table":
            self._rows = []
            self.tables.setdefault(attributes.get("class"), []).append(self._rows)
        elif tag == "tr":
            self._rows.append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "svg":
            self._chart = self.charts.setdefault(attributes.get("class"), [])
        if self._chart is not None:
            self._chart.append((tag, attributes))

    def handle_endtag(self, tag):
        """Close cells and charts."""
        if tag in ("td", "th"):
            self._rows[-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "svg":
            self._chart = None

    def handle_data(self, data):
        """Cell text, chart text (as '#text' elements) and the page's text."""
        self.text.append(data)
        if self._chart is not None and data.strip():
            self._chart.append(("#text", {"text": data}))
        if self._cell is not None:
            self._cell.append(data)


def parse(path):
    """The parser fed with the report at `path`, and the raw HTML."""
    with open(path, encoding="utf-8") as stream:
        text = stream.read()
    parser = ReportParser()
    parser.feed(text)
    parser.close()
    return parser, text


def run(algorithm_id, folder, raster=LANDSAT, **extra):
    """Train on the Landsat polygons with a report; the results, the saved model and the parsed report."""
    import processing

    from gmmselect.core import load_model

    results = processing.run(algorithm_id, {
        "INPUT": raster, "TRAINING": POLYGONS, "FIELD": "class", "OUTPUT_MODEL": str(folder / "model.gmm"),
        "OUTPUT_REPORT": str(folder / "report.html"), **extra})
    return results, load_model(results["OUTPUT_MODEL"]), *parse(results["OUTPUT_REPORT"])


@pytest.fixture(scope="module")
def selection(tmp_path_factory):
    """trainselection with 30 % of the polygons held out."""
    return run("gmmselect:trainselection", tmp_path_factory.mktemp("selection"), METHOD="sffs")


@pytest.fixture(scope="module")
def selection_given_tau(tmp_path_factory):
    """trainselection whose model keeps the selection's alpha and TAU (MODEL_SEARCH no)."""
    return run("gmmselect:trainselection", tmp_path_factory.mktemp("given"), METHOD="sffs",
               MODEL_SEARCH=False)


@pytest.fixture(scope="module")
def tau_search(tmp_path_factory):
    """traingmm without hold-out (CV assessment) on a copy of the scene that carries wavelengths, with
    FOLDS folds (LOO_FEW_POLYGONS would leave one of its 36 polygons out)."""
    folder = tmp_path_factory.mktemp("gmm")
    raster = str(folder / "with_wavelengths.tif")
    dataset = gdal.Translate(raster, LANDSAT)
    for number, wavelength in enumerate(WAVELENGTHS, 1):
        dataset.GetRasterBand(number).SetMetadataItem("wavelength", str(wavelength))
    dataset = None
    return run("gmmselect:traingmm", folder, raster=raster, VALIDATION=0, LOO_FEW_POLYGONS=False)


def numbers(row):
    """The cells of a row after its head, as floats."""
    return [float(value) for value in row[1:]]


@pytest.mark.parametrize("key, position", [("validation", 0), ("cross_validation", 1)])
def test_confusion_matrices_name_the_classes_and_hold_the_model_counts(selection, key, position):
    _, saved, parser, _ = selection
    matrix = parser.tables["confusion"][position]
    assert matrix[0] == ["reference \\ predicted", *CLASSES, "total"]
    assert [row[0] for row in matrix[1:]] == [*CLASSES, "total"]
    counts = np.array([numbers(row)[:-1] for row in matrix[1:5]])
    expected = getattr(saved.training, key).confusion
    np.testing.assert_array_equal(counts, expected)
    assert numbers(matrix[5])[-1] == expected.sum()
    assert "rows = reference" in "".join(parser.text) and "columns = predicted" in "".join(parser.text)


@pytest.mark.parametrize("key, position", [("validation", 0), ("cross_validation", 1)])
def test_class_accuracies_are_those_of_the_matrix(selection, key, position):
    _, saved, parser, _ = selection
    matrix = getattr(saved.training, key).confusion.astype(float)
    rows = parser.tables["classes"][position]
    assert rows[0] == ["class", "producer's accuracy", "user's accuracy", "F1"]
    assert [row[0] for row in rows[1:]] == CLASSES
    diagonal = np.diag(matrix)
    producers, users = diagonal / matrix.sum(axis=1), diagonal / matrix.sum(axis=0)
    figures = np.array([numbers(row) for row in rows[1:]])
    np.testing.assert_allclose(figures[:, 0], producers, atol=5e-5)
    np.testing.assert_allclose(figures[:, 1], users, atol=5e-5)
    np.testing.assert_allclose(figures[:, 2], 2 * producers * users / (producers + users), atol=5e-5)


def test_headline_figures_say_how_they_were_obtained(selection, tau_search):
    results, saved, parser, _ = selection
    overall = dict(parser.tables["overall"][0][1:])
    assert float(overall["kappa"]) == pytest.approx(results["KAPPA"], abs=5e-5)
    assert float(overall["overall accuracy"]) == pytest.approx(results["OVERALL_ACCURACY"], abs=5e-5)
    text = " ".join(parser.text)
    held_out = sum(n for _, n in saved.training.samples.values())
    assert f"Measured on the {held_out} samples of the 11 polygons held out" in text
    assert "measured on the held-out polygons" in text
    results, saved, parser, _ = tau_search
    overall = dict(parser.tables["overall"][0][1:])
    assert float(overall["kappa"]) == pytest.approx(results["KAPPA"], abs=5e-5)
    assert len(parser.tables["confusion"]) == 1
    assert "estimated by cross-validation on the training polygons" in " ".join(parser.text)
    assert "Estimated by 5-fold cross-validation" in " ".join(parser.text)


def test_selection_curve_chart_and_table(selection):
    _, saved, parser, _ = selection
    chart = parser.charts["selection-curve"]
    polyline = next(attributes for tag, attributes in chart if tag == "polyline")
    assert len(polyline["points"].split()) == len(saved.selection.sizes) == 7
    curve = parser.tables["curve"][0]
    assert [int(row[0]) for row in curve[1:]] == saved.selection.sizes
    assert [float(row[1]) for row in curve[1:]] == pytest.approx(
        [saved.selection.best_values[size] for size in saved.selection.sizes], rel=1e-5)


def test_selection_report_shows_the_model_search_on_the_selected_bands(selection):
    """MODEL_SEARCH yes (default): the report's search is the model's, on the selected bands, and it names
    the alpha and tau the selection used."""
    results, saved, parser, _ = selection
    search = saved.tau_search
    alpha, tau, relative = saved.selection_ridge()
    assert saved.mixture.alpha_ == search.alpha == results["ALPHA"] and saved.mixture.tau_ == search.tau
    assert search.relative and results["RIDGE_SCALE"] == "relative" and (tau, relative) == (0.0, False)
    np.testing.assert_allclose([numbers(row) for row in parser.tables["surface"][0][1:]], search.surface,
                               atol=5e-5)
    text = " ".join(parser.text)
    bands = len(saved.features)
    assert f"chosen on the {bands} selected bands after the selection (MODEL_SEARCH), over " in text
    assert f"The selection itself used alpha = {alpha:.6g} and tau = 0 (TAU)." in text
    # the refit's search, on all 36 polygons (before: 'on the training polygons')
    assert ("by leave-one-out cross-validation on all the polygons, training and held out (criterion: "
            "Cohen's kappa of the pooled confusion matrix of the 36 parts left out") in text
    assert dict(parser.tables["parameters"][0][1:])["MODEL_SEARCH"] == "yes"
    # ALPHA empty: the model's search compared no shrinkage with the intensity estimated on its bands
    estimate = search.alphas[1]
    assert len(search.alphas) == 2 and search.alphas[0] == 0 and 0 < estimate < 1
    assert [row[0] for row in parser.tables["surface"][0][1:]] == ["0", f"{estimate:g}"]
    assert (f"The alphas compared are 0 (one covariance per class) and alpha* = {estimate:.4g}, the "
            "shrinkage intensity estimated from how much each class's covariance varies from one training "
            "polygon to another") in text


def test_selection_report_shows_the_alpha_search_and_the_given_tau(selection_given_tau):
    """ALPHA empty, MODEL_SEARCH no: alpha chosen by the (alpha, tau) search over all bands before the
    selection (SELECTION_ALPHAS), the model with the given TAU."""
    results, saved, parser, _ = selection_given_tau
    search = saved.tau_search
    assert saved.mixture.alpha_ == search.alpha == results["ALPHA"] and saved.mixture.tau_ == 0.0
    surface = parser.tables["surface"][0]
    assert [float(row[0]) for row in surface[1:]] == list(search.alphas) == [0.0, 0.1, 0.25, 0.5, 0.75, 1.0]
    np.testing.assert_allclose([numbers(row) for row in surface[1:]], search.surface, atol=5e-5)
    text = " ".join(parser.text)
    assert "The alphas compared are" not in text
    assert "the selection and the model use it with tau given (TAU)" in text
    assert f"alpha = {saved.mixture.alpha_:.6g}, tau = 0" in text
    assert search.tau > 0 and search.grid[0] == 0.0  # the search's best tau is not the one used
    assert (f"The curve and the surface mark tau = 0, the given TAU the model uses (the search's best tau "
            f"at this alpha is {search.tau:.6g}).") in text


def test_selection_report_marks_the_given_tau_not_the_searched_one(selection_given_tau):
    """The curve's mark and the surface's outline sit on tau = TAU (grid column 0), not on the best tau."""
    _, saved, parser, _ = selection_given_tau
    search = saved.tau_search
    curve = parser.charts["tau-curve"]
    dots = [attributes for tag, attributes in curve if tag == "circle" and attributes["r"] == "3.5"]
    mark = next(attributes for tag, attributes in curve if tag == "circle" and attributes["r"] == "8")
    assert (mark["cx"], mark["cy"]) == (dots[0]["cx"], dots[0]["cy"])
    assert "used" in chart_texts(parser, "tau-curve") and "chosen" not in chart_texts(parser, "tau-curve")
    cells = [attributes for tag, attributes in parser.charts["alpha-tau-surface"] if tag == "rect"]
    a = list(search.alphas).index(search.alpha)
    assert cells[-1]["fill"] == "none"
    first = cells[a * len(search.grid)]  # the chosen alpha's row, column tau = 0
    assert (cells[-1]["x"], cells[-1]["y"]) == (first["x"], first["y"])


def test_a_given_tau_off_the_grid_is_not_marked(selection):
    from gmmselect.core import load_model
    from gmmselect.raster.report import report_html

    saved = load_model(selection[0]["OUTPUT_MODEL"])
    saved.mixture.tau_ = 0.5 * saved.tau_search.grid[1]  # between the grid's first two values
    parser = ReportParser()
    parser.feed(report_html(saved, "Report"))
    best = f"{saved.tau_search.tau:.6g}"
    assert (f"The model uses the given TAU, tau = {saved.mixture.tau_:.6g}, which is not on the search's "
            f"grid: no point is marked (the search's best tau at this alpha is {best}).") in (
        " ".join(parser.text))
    assert not [a for tag, a in parser.charts["tau-curve"] if tag == "circle" and a["r"] == "8"]
    assert all(a["fill"] != "none" for tag, a in parser.charts["alpha-tau-surface"] if tag == "rect")


def test_selected_bands_and_samples(selection):
    results, saved, parser, _ = selection
    bands = parser.tables["bands"][0]
    assert bands[0] == ["order of selection", "band number", "name"]
    assert [row[1] for row in bands[1:]] == results["SELECTED_BANDS"].split(",")
    assert [row[2] for row in bands[1:]] == results["SELECTED_NAMES"].split(",")
    assert "Wavelengths: not in the raster's metadata." in parser.text
    samples = parser.tables["samples"][0]
    assert [row[0] for row in samples[1:]] == [*CLASSES, "total"]
    assert samples[-1][1] == ""  # the total row has no colour
    for row in samples[1:5]:
        assert (int(row[2]), int(row[4])) == saved.training.samples[row[0]]
        assert row[1].endswith(saved.class_colors[CLASSES.index(row[0])])
    parameters = dict(parser.tables["parameters"][0][1:])
    assert parameters == {"METHOD": "sffs", "CRITERION": "jm", "MAX_FEATURES": "0", "USE_BEST": "yes",
                          "TAU": "0", "ALPHA": "empty", "MODEL_SEARCH": "yes", "RIDGE_SCALE": "auto",
                          "FOLDS": "5", "LOO_FEW_POLYGONS": "yes", "REPEATS": "3",
                          "GROUPED": "yes",
                          "VALIDATION": "0.3", "MAX_SAMPLES": "0", "REFIT": "yes", "SEED": "0"}


def test_a_model_without_class_colours_lists_the_colours_of_its_map(selection):
    """No class_colors (a model saved through the Python API): the samples table gives the palette's colours
    in the order of the classes, those Predict paints the map with (were all grey)."""
    from dataclasses import replace

    from gmmselect.raster.report import report_html
    from gmmselect.raster.style import DEFAULT_COLORS

    parser = ReportParser()
    parser.feed(report_html(replace(selection[1], class_colors=None), "Report"))
    samples = parser.tables["samples"][0]
    assert [row[1].split()[-1] for row in samples[1:5]] == DEFAULT_COLORS[:4]
    shades = [attributes["fill"] for tag, attributes in parser.charts["spectra"] if tag == "polygon"]
    assert shades == DEFAULT_COLORS[:4]


def test_tau_curve_wavelengths_and_timings(tau_search):
    results, saved, parser, _ = tau_search
    chart = parser.charts["tau-curve"]
    polyline = next(attributes for tag, attributes in chart if tag == "polyline")
    assert len(polyline["points"].split()) == len(saved.tau_search.grid) > 1
    tau_rows = parser.tables["tau"][0]
    assert [float(row[0]) for row in tau_rows[1:]] == pytest.approx(saved.tau_search.grid.tolist(), rel=1e-5)
    assert saved.wavelengths == WAVELENGTHS
    bands = parser.tables["bands"][0]
    assert bands[0] == ["position", "band number", "name", "wavelength"]
    assert [float(row[3]) for row in bands[1:]] == WAVELENGTHS
    assert "selection-curve" not in parser.charts
    timings = dict(parser.tables["timings"][0][1:])
    total = "total of these steps"
    assert {"sampling", "(alpha, tau) search", "cross-validation", "final fit", total} <= set(timings)
    assert float(timings[total]) == pytest.approx(sum(saved.training.timings.values()), abs=0.02)


def test_alpha_tau_surface_heat_map(tau_search):
    """Train GMM: one cell per (alpha, tau), the chosen one outlined; the curve is the chosen alpha's row."""
    results, saved, parser, _ = tau_search
    search = saved.tau_search
    cells = [attributes for tag, attributes in parser.charts["alpha-tau-surface"] if tag == "rect"]
    assert len(cells) == search.surface.size + 1 and cells[-1]["fill"] == "none"
    a, t = list(search.alphas).index(search.alpha), list(search.grid).index(search.tau)
    assert (cells[-1]["x"], cells[-1]["y"]) == (cells[a * len(search.grid) + t]["x"],
                                                cells[a * len(search.grid) + t]["y"])
    assert search.surface[a, t] == search.surface.max() and results["ALPHA"] == search.alpha
    np.testing.assert_array_equal(search.values, search.surface[a])
    tau_rows = parser.tables["tau"][0]
    np.testing.assert_allclose([float(row[1]) for row in tau_rows[1:]], search.values, atol=5e-5)


@pytest.mark.parametrize("repeats, how", [
    (1, "5-fold cross-validation on the training polygons (criterion: mean Cohen's kappa over the folds;"),
    (3, "5-fold cross-validation on the training polygons, repeated with 3 random assignments to folds "
        "(criterion: mean Cohen's kappa over the 15 folds;")])
def test_the_report_says_how_many_assignments_to_folds_the_search_averaged(tau_search, repeats, how):
    from dataclasses import replace

    from gmmselect.raster.report import report_html

    saved = tau_search[1]
    parser = ReportParser()
    parser.feed(report_html(replace(saved, tau_search=replace(saved.tau_search, repeats=repeats)), "Report"))
    assert f"2 x 16 values by {how}" in " ".join(parser.text)


def test_train_gmm_report_says_its_tau_is_relative(tau_search):
    """RIDGE_SCALE auto, TAU empty: tau is searched relative to each band's pooled within-class variance."""
    _, saved, parser, _ = tau_search
    assert saved.mixture.ridge_scale_ is not None and saved.tau_search.relative
    text = " ".join(parser.text)
    tau = f"{saved.mixture.tau_:.6g}"
    alpha = f"{saved.mixture.alpha_:.6g}"
    assert f"alpha = {alpha}, tau = {tau} x each band's pooled within-class variance." in text
    assert ("The covariances (1 - alpha) S_c + alpha S_pooled + tau diag(S_pooled) (a ridge relative to each "
            f"band's pooled within-class variance) with alpha = {alpha}, tau = {tau}") in text
    assert ("tau, a fraction of each band's pooled within-class variance (the grid's values, evenly spaced)"
            in chart_texts(parser, "tau-curve"))
    assert dict(parser.tables["parameters"][0][1:])["RIDGE_SCALE"] == "auto"


def test_report_is_self_contained_and_readable_in_qt(selection, tau_search):
    from qgis.PyQt.QtGui import QTextDocument

    for _, _, parser, text in (selection, tau_search):
        assert parser.links == []
        assert "http://" not in text and "https://" not in text
        assert "<script" not in text and "<img" not in text and "<link" not in text
        document = QTextDocument()
        document.setHtml(text)
        assert all(name in document.toPlainText() for name in CLASSES)


def test_user_strings_are_escaped(selection):
    from gmmselect.core import load_model
    from gmmselect.raster.report import report_html

    saved = load_model(selection[0]["OUTPUT_MODEL"])
    saved.training.source["field"] = "<script>alert('x')</script>"
    saved.feature_names[saved.features[0]] = 'B&<b>"5"'
    text = report_html(saved, "Report <i>of</i> & more")
    assert "<script>" not in text and '<b>"5"' not in text and "<i>of" not in text
    assert "Report &lt;i&gt;of&lt;/i&gt; &amp; more" in text
    parser = ReportParser()
    parser.feed(text)
    assert "<script>alert('x')</script>" in dict(parser.tables["inputs"][0][1:]).values()
    assert parser.tables["bands"][0][1][2] == 'B&<b>"5"'


def test_the_top_names_the_model_file_and_its_sources_without_empty_rows(selection, tau_search):
    results, _, parser, _ = selection
    top = dict(parser.tables["inputs"][0][1:])
    assert top["Model file"] == "model.gmm"
    assert top["Raster"] == LANDSAT and top["Training polygons or points"] == POLYGONS
    assert top["Class field"] == "class" and top["Algorithm"] == "gmmselect:trainselection"
    assert all(value for value in top.values())
    assert "".join(parser.text).index("Model file") < "".join(parser.text).index("Kappa")
    parameters = dict(tau_search[2].tables["parameters"][0][1:])
    assert parameters["TAU"] == "empty" and parameters["CRITERION"] == "kappa"  # as given: the default grid
    assert all(key.isupper() for key in parameters)


#: How QGIS gave the inputs of a run, as a model records it (source 'read_as').
READ_AS = {
    "raster": {"crs": 'PROJCS["WGS 84 / UTM zone 22N"]', "crs_name": "EPSG:32622", "no_data": {
        "4": {"file_value": True, "ranges": [[0.0, 10.0, True, True], [250, None, False, True]]},
        "3": {"file_value": False, "ranges": [[None, -0.5, False, False], [7, 7, True, True]]}}},
    "training": {"selected_only": True, "feature_limit": 20, "unsaved_edits": True,
                 "fields_added": ["big", "<b>"], "crs": 'GEOGCS["WGS 84"]', "crs_name": "EPSG:4326"},
    "transformation": {"proj": "+proj=pipeline +step +proj=affine +xoff=30", "inverse": True,
                       "name": "Inverse of OSGB36 to WGS 84 (6)"}}


def read_as_rows(saved, words=None):
    """The rows of the report's top that say how QGIS gave the inputs, {label: text}, for the model `saved`
    with READ_AS and Processing's check 'skip' recorded."""
    from gmmselect.raster.report import report_html

    saved.training.source.update(read_as=READ_AS, invalid_geometries="skip")
    parser = ReportParser()
    parser.feed(report_html(saved, "T", None, words))
    rows = parser.tables["inputs"][0][1:]
    after = [value for _, value in rows].index(saved.training.source["field"]) + 1  # the class field's row
    return dict(rows[after:-2])  # before the algorithm and the date


def test_the_top_says_how_qgis_gave_the_inputs_and_what_became_of_invalid_geometries(selection):
    """The model records what QGIS gave of its inputs that their files do not hold (the no-data and the CRS
    set on the raster, the training layer's selected features, feature limit, unsaved edits, fields added
    and CRS, the project's transformation) and Processing's invalid-feature check: the report's top says
    so, after the inputs, in the order of the record's kinds."""
    from gmmselect.core import load_model

    assert read_as_rows(load_model(selection[0]["OUTPUT_MODEL"])) == {
        "Raster: as QGIS gave it":
            "in the CRS set in QGIS (EPSG:32622); no-data set in QGIS on band 3: x < -0.5, x = 7, the file's "
            "no-data value not used; no-data set in QGIS on band 4: 0 ≤ x ≤ 10, 250 < x",
        "Training polygons or points: as QGIS gave it":
            "its selected features only; its first 20 features; with its unsaved edits; with the fields "
            "added in QGIS (big, <b>); in the CRS set in QGIS (EPSG:4326)",
        "Transformation set in the project": "Inverse of OSGB36 to WGS 84 (6)",
        "Features of invalid geometry": "left out"}


@pytest.mark.parametrize("bounds, text", [
    ((0.0, 10.0, True, False), "0 ≤ x < 10"), ((250, None, False, True), "250 < x"),
    ((None, -0.5, False, True), "x ≤ -0.5"), ((7, 7, True, True), "x = 7"),
    ((7, 7, True, False), "7 ≤ x < 7"), ((None, None, True, True), "−∞ < x < +∞")])
def test_a_no_data_range_reads_as_comparisons_of_x(bounds, text):
    """A range of QGIS's no-data as the report writes it; both bounds infinite (every value no-data) once
    read 'x'."""
    from gmmselect.raster.blocks import range_text

    assert range_text(*bounds) == text


def test_a_model_read_from_its_files_says_only_processing_s_check(selection):
    """A run that read its inputs as their files hold them records no 'read_as': the top shows only the
    invalid-feature check of its run (Processing's default: stop)."""
    results, saved, parser, _ = selection
    assert "read_as" not in saved.training.source and saved.training.source["invalid_geometries"] == "stop"
    rows = dict(parser.tables["inputs"][0][1:])
    assert rows["Features of invalid geometry"] == "stop the run"
    assert not [label for label in rows if "as QGIS gave it" in label or label.startswith("Transformation")]


def chart_texts(parser, css_class):
    """The texts of a chart, in order."""
    return [attributes["text"] for tag, attributes in parser.charts[css_class] if tag == "#text"]


def tick_labels(parser, css_class):
    """The y tick labels of a chart (right-aligned texts) as numbers."""
    elements = parser.charts[css_class]
    return [float(elements[k + 1][1]["text"]) for k, (tag, attributes) in enumerate(elements)
            if tag == "text" and attributes.get("text-anchor") == "end"]


def test_axes_carry_round_ticks_full_criterion_names_and_stay_within_the_criterion(selection, tau_search):
    from gmmselect.core.separability import jm_ceiling

    _, saved, parser, _ = selection
    values = tick_labels(parser, "selection-curve")
    steps = np.diff(values)
    assert len(values) >= 3 and np.allclose(steps, steps[0])
    mantissa = steps[0] / 10 ** np.floor(np.log10(steps[0]))
    assert round(mantissa, 9) in (1, 2, 5)
    assert max(values) <= jm_ceiling(saved.mixture.priors_)
    assert "Jeffries-Matusita distance" in chart_texts(parser, "selection-curve")
    _, saved, parser, _ = tau_search
    assert saved.tau_search.criterion == "kappa" and max(saved.tau_search.values) > 0.95
    assert max(tick_labels(parser, "tau-curve")) <= 1
    assert "CV Cohen's kappa" in chart_texts(parser, "tau-curve")


def test_ticks_are_round_values_in_1_2_5_steps():
    from gmmselect.raster.report import ticks, value_range

    assert ticks(0.4031, 0.4116) == ([0.404, 0.406, 0.408, 0.41], 3)
    assert ticks(0, 7.5) == ([0, 2, 4, 6], 0)
    assert ticks(-0.7, 0.3)[0] == [-0.6, -0.4, -0.2, 0, 0.2]
    assert value_range([0.99, 1.0], (-1.0, 1.0)) == (pytest.approx(0.9895), 1.0)


def test_a_curve_beyond_what_its_criterion_reaches_is_drawn_on_an_upright_axis(selection):
    """A bound the values pass is no bound: the report of JM values above the ceiling of the model's priors
    turned its axis upside down and raised ValueError (math domain error) in its ticks."""
    from dataclasses import replace

    from gmmselect.core.separability import jm_ceiling
    from gmmselect.raster.report import report_html, value_range

    _, saved, _, _ = selection
    ceiling = jm_ceiling(saved.mixture.priors_)
    beyond = dict.fromkeys(saved.selection.sizes, ceiling + 0.1)
    parser = ReportParser()
    parser.feed(report_html(replace(saved, selection=replace(saved.selection, best_values=beyond)), "report"))
    assert len(tick_labels(parser, "selection-curve")) >= 3
    low, high = value_range([ceiling + 0.1], (0.0, ceiling))
    assert low == pytest.approx(0.95 * (ceiling + 0.1)) and high == pytest.approx(1.05 * (ceiling + 0.1))
    assert value_range([0.0, 0.0], (0.0, 0.0)) == (-1.0, 1.0)


def test_spectra_of_every_band_read_with_the_selected_bands_in_their_order(selection, tau_search):
    _, saved, parser, _ = selection
    chart = parser.charts["spectra"]
    lines = [attributes for tag, attributes in chart if tag == "polyline"]
    shades = [attributes for tag, attributes in chart if tag == "polygon"]
    assert [line["stroke"] for line in lines] == [shade["fill"] for shade in shades] == saved.class_colors
    assert all(len(line["points"].split()) == 7 for line in lines)
    # Band numbers on x: each shade's upper and lower edges are mean ± sd of the training pixels.
    x = [float(point.split(",")[0]) for point in lines[0]["points"].split()]
    assert x == sorted(x)
    means, variances = saved.mixture.means_, np.diagonal(saved.mixture.covariances_, axis1=1, axis2=2)
    for line, shade, mean, variance in zip(lines, shades, means, variances):
        y = np.array([float(point.split(",")[1]) for point in line["points"].split()])
        edges = np.array([float(point.split(",")[1]) for point in shade["points"].split()])
        upper, lower = edges[:7], edges[7:][::-1]
        scale = (y[0] - y[1]) / (mean[0] - mean[1])  # pixels per unit (y grows downwards)
        np.testing.assert_allclose((lower - upper) / -scale / 2, np.sqrt(variance), rtol=2e-3,
                                   atol=0.3 / abs(scale))
    chosen = [attributes for tag, attributes in chart
              if tag == "line" and attributes.get("class") == "chosen-band"]
    band_x = {number: x[number - 1] for number in range(1, 8)}
    assert [float(line["x1"]) for line in chosen] == pytest.approx(
        [band_x[saved.band_numbers[f]] for f in saved.features], abs=0.06)
    texts = chart_texts(parser, "spectra")
    assert [str(k) for k in range(1, len(saved.features) + 1)] == [t for t in texts if t.isdigit()][-len(
        saved.features):]
    assert "band number" in texts and set(CLASSES) <= set(texts)
    # Train GMM: every band used (no line), wavelengths on x.
    _, saved, parser, _ = tau_search
    chart = parser.charts["spectra"]
    assert not [a for tag, a in chart if tag == "line" and a.get("class") == "chosen-band"]
    assert "wavelength" in chart_texts(parser, "spectra")


def test_class_spectra_sort_the_bands_by_wavelength_and_keep_the_order_of_selection(selection):
    from gmmselect.raster.spectra import class_spectra

    _, saved, _, _ = selection
    saved.wavelengths = WAVELENGTHS  # band 6 (thermal, 11.45) comes last on the x axis
    spectra = class_spectra(saved)
    order = [0, 1, 2, 3, 4, 6, 5]
    assert spectra.by_wavelength and spectra.x.tolist() == [WAVELENGTHS[k] for k in order]
    np.testing.assert_array_equal(spectra.means, saved.mixture.means_[:, order])
    np.testing.assert_allclose(spectra.stds ** 2, [np.diag(c)[order] for c in saved.mixture.covariances_])
    assert spectra.band_labels[-1] == "6 (Band 6)"
    assert spectra.chosen == [(WAVELENGTHS[f], rank) for rank, f in enumerate(saved.features, 1)]
    assert spectra.colors == saved.class_colors and spectra.names == CLASSES


def english_outside_words(saved, model_path=None):
    """The English words of the report of `saved` left outside its words when every text is wrapped in «»,
    the user's paths and names removed."""
    import re

    from gmmselect.core import CRITERIA, METHODS
    from gmmselect.raster.report import TEXTS, Words, report_html

    words = Words({key: f"«{text}»" for texts in (TEXTS, CRITERIA, METHODS) for key, text in texts.items()})
    page = re.sub(r"<style>.*?</style>", "", report_html(saved, "T", model_path, words))
    while "«" in page:  # innermost first: a text may hold another
        page = re.sub(r"«[^«»]*»", "", page)
    page = re.sub(r"<[^>]*>", " ", page)
    for value in saved.training.source.values() if saved.training else ():  # no text of ours
        page = page.replace(str(value), "")
    return [english for english in (
        "Model file", "Created", "Algorithm", "Raster", "Training", "samples", "polygons", "accuracy",
        "selection", "Spectra", "wavelength", "total", "chosen", "parameter", "value", "reference",
        "predicted", "seconds", "fit", "yes", "empty", "Kappa", "Ridge", "Jeffries", "folds", "sd",
        "band number", "order", "Shrinkage", "covariances", "given", "columns", "pale", "ties", "search",
        "refit", "classes", "Classes", "record") if english in page]


def test_every_text_of_the_report_comes_from_its_words(selection, tau_search):
    """With every text wrapped in «», nothing English is left outside them: the report can be translated
    whole (the algorithms hand it the texts in the QGIS language)."""
    for results, saved, _, _ in (selection, tau_search):
        assert english_outside_words(saved, results["OUTPUT_MODEL"]) == []


def test_a_model_without_training_record_gets_the_report_of_what_it_holds(tmp_path):
    """A model saved through the core API (SavedModel, save_model) and read by load_model: its report (was an
    AttributeError) names the file, says its record is missing, and gives its classes in the colours of its
    map, its selection curve, spectra, bands and alpha and tau, every text from its words."""
    from gmmselect.core import GaussianMixture, SavedModel, load_model, save_model, select_features
    from gmmselect.raster.report import report_html
    from gmmselect.raster.style import DEFAULT_COLORS

    rng = np.random.default_rng(0)
    X, y = rng.normal(size=(60, 3)) + np.repeat(np.arange(3), 20)[:, None], np.repeat([1, 2, 3], 20)
    selection = select_features(X, y, method="sfs", criterion="jm")
    path = tmp_path / "api.gmm"
    save_model(str(path), SavedModel(GaussianMixture.fit(X, y, class_names=["a", "b", "c"]), [1, 2, 3],
                                     ["b1", "b2", "b3"], 3, selection.best_set, selection))
    saved = load_model(str(path))
    assert saved.training is None
    parser = ReportParser()
    parser.feed(report_html(saved, "Report", str(path)))
    text = "".join(parser.text)
    assert parser.tables["inputs"][0][1:] == [["Model file", "api.gmm"]]
    assert (f"3 classes, {len(selection.best_set)} of 3 bands used, alpha = 0, tau = 0. The model file holds "
            "no training record (a model saved through the Python API)") in text
    assert [row[0] for row in parser.tables["class-colours"][0][1:]] == ["a", "b", "c"]
    assert [row[1].split()[-1] for row in parser.tables["class-colours"][0][1:]] == DEFAULT_COLORS[:3]
    assert {"selection-curve", "spectra"} <= set(parser.charts)
    assert [row[1] for row in parser.tables["bands"][0][1:]] == [str(f + 1) for f in selection.best_set]
    assert "The covariances (1 - alpha) S_c + alpha S_pooled + tau I with alpha = 0, tau = 0." in text
    assert "samples" not in parser.tables and "confusion" not in parser.tables
    assert english_outside_words(saved, str(path)) == []


@pytest.mark.parametrize("key", sorted(WARNINGS))
def test_every_warning_text_is_recognised_with_its_values(key):
    """A warning kept as English text (log, model file) gives back its template and values, whatever words
    of the samples' unit (polygons, groups, spectra) it was written with."""
    names = sorted(set(re.findall(r"\{(\w+)\}", WARNINGS[key])) - set(WORD_KINDS))
    values = {name: f"'value {number}: a, b'" for number, name in enumerate(names)}
    for unit in ("polygon", "group", "spectrum"):
        words = {kind: str(word) for kind, word in sample_words(unit).items()
                 if f"{{{kind}}}" in WARNINGS[key]}
        text = warning(key, **values, **sample_words(unit))
        assert recognise(text) == (key, {**values, **words})
        assert Words().grouped_by(unit).warning(text) == text


def test_a_warning_is_given_in_the_words_of_the_report_s_samples():
    """A table's model file written before the words said polygons: its report says groups, or spectra."""
    text = ("classes 'a' and 'b' are indistinguishable on the bands used (Jeffries-Matusita distance 0.2; "
            "1.41 is full separation): even the best rule confuses them about half of the time. Check the "
            "raster (constant or empty bands?) and the training polygons of both classes, or merge them")
    assert Words().warning(text) == text
    assert Words().grouped_by("group").warning(text) == text.replace("the raster", "the table").replace(
        "polygons", "groups")
    assert "the training spectra of both" in Words().grouped_by("spectrum").warning(text)


def test_a_text_of_no_template_is_shown_as_it_is():
    assert recognise("something else happened") is None
    assert Words({"warning degrees": "x"}).warning("something else happened") == "something else happened"


def test_a_search_that_left_one_polygon_out_for_few_polygons_says_so():
    """LOO_FEW_POLYGONS: 15 training polygons for 5 folds; the search and the estimate left one polygon
    out, and the report says so where it would say 5-fold."""
    from test_processing_workflow import few_polygon_samples

    from gmmselect.raster.report import report_html
    from gmmselect.raster.training import TrainingInputs, TrainingOptions, train

    options = TrainingOptions(tau_grid=[0.0, 0.1], alpha_grid=[0.0, 1.0])
    saved = train(few_polygon_samples(), options, TrainingInputs(2)).model
    text = html.unescape(report_html(saved, "Report"))
    assert ("2 x 2 values by leave-one-out cross-validation on all the polygons, training and held out "
            "(criterion: Cohen's kappa of the pooled") in text
    assert ("Estimated by leave-one-out cross-validation on the training polygons: each polygon is "
            "predicted by the model without it") in text
    assert "5-fold" not in text


def test_the_held_out_figures_name_their_polygons_by_count(selection):
    """'the 1 polygon held out', not 'the 1 polygons' (the count of a held-out assessment can be one)."""
    from dataclasses import replace

    from gmmselect.raster.report import report_html

    saved = selection[1]
    names = list(saved.training.polygons)
    record = replace(saved.training, polygons={name: (3, int(name == names[0])) for name in names})
    text = html.unescape(report_html(replace(saved, training=record), "Report"))
    assert " samples of the 1 polygon held out (VALIDATION = 0.3 of the polygons of each class" in text


def test_a_refitted_model_s_report_names_the_model_its_figures_measure(tmp_path):
    """Train Selection on CV accuracy, SEED 3: the held-out figures measure the model chosen on the training
    polygons (bands 5 and 6), and REFIT chose again on all of them (3 bands): the model records the one
    measured, which is the model REFIT no gives (same bands, alpha, tau and figures), and the report's
    headline says its figures are that model's. Before, the headline gave those figures beside the saved
    model's bands and tau, as if they measured it, and the model file did not say which model they
    measured."""
    parameters = {"CRITERION": "accuracy", "SEED": 3}
    _, refitted, _, text = run("gmmselect:trainselection", tmp_path, **parameters)
    _, measured, _, _ = run("gmmselect:trainselection", tmp_path / "no", REFIT=False, **parameters)
    recorded = refitted.training.parameters["assessed_model"]
    assert recorded == {"features": list(measured.features), "alpha": measured.mixture.alpha_,
                        "tau": measured.mixture.tau_, "relative_tau": True}
    assert sorted(recorded["features"]) != sorted(refitted.features)
    assert refitted.training.validation.kappa == measured.training.validation.kappa
    bands = ", ".join(str(measured.band_numbers[f]) for f in measured.features)
    said = ("The accuracy figures of this report (held out and cross-validated) are those of the model "
            f"chosen and fitted on the training polygons (bands {bands}, alpha = "
            f"{measured.mixture.alpha_:.6g}, tau = {measured.mixture.tau_:.6g} x each band")
    assert said in html.unescape(text)
    assert "The accuracy figures of this report" not in parse(tmp_path / "no" / "report.html")[1]


def chart_metrics(bold=False):
    """The metrics of the charts' text as a browser of this machine draws it: 13-px sans-serif."""
    from qgis.PyQt.QtGui import QFont, QFontMetricsF

    font = QFont("sans-serif")
    font.setPixelSize(13)
    font.setBold(bold)
    return QFontMetricsF(font)


def test_the_area_chart_legend_is_laid_out_from_its_texts(tmp_path):
    """In French the map area's text ends before the estimated area's marker, whose text ends within the
    chart (were at fixed offsets: 'superficie de la carte' ran into the marker)."""
    from test_raster_assessment import O14_NAMES, centre, o14_layout, write_vector

    from gmmselect.raster.assessment import assess_map
    from gmmselect.raster.report import CHART_WIDTH, assessment_report

    path, samples = o14_layout(tmp_path)
    reference = write_vector(tmp_path / "ref.gpkg",
                             [(centre(r, c), O14_NAMES[j - 1]) for r, c, _, j in samples])
    words = Words({"map area": "superficie de la carte",
                   "estimated area interval": "superficie estimée ± intervalle"})
    parser = ReportParser()
    parser.feed(assessment_report(assess_map(path, reference, "class"), "Évaluation", words))
    chart = parser.charts["area-chart"]
    texts = {element[1]["text"]: chart[k - 1][1] for k, element in enumerate(chart) if element[0] == "#text"}
    map_area, estimated = texts["superficie de la carte"], texts["superficie estimée ± intervalle"]
    marker = [attributes for tag, attributes in chart if tag == "circle"][-1]
    width = chart_metrics().horizontalAdvance
    assert float(map_area["x"]) + width("superficie de la carte") < float(marker["cx"]) - 4
    assert float(marker["cx"]) + 4 < float(estimated["x"])
    assert float(estimated["x"]) + width("superficie estimée ± intervalle") <= CHART_WIDTH


CORINE = "Land principally occupied by agriculture, with significant areas of natural vegetation"


def synthetic_spectra(names, bands=7, chosen=()):
    """A Spectra of classes `names` over band numbers 1..`bands` (random means and deviations, palette
    colours), the bands `chosen` selected in that order."""
    from gmmselect.raster.spectra import Spectra
    from gmmselect.raster.style import palette_color

    rng = np.random.default_rng(1)
    means = rng.uniform(20.0, 200.0, size=(len(names), bands))
    return Spectra(x=np.arange(1.0, bands + 1), by_wavelength=False, means=means,
                   stds=rng.uniform(2.0, 10.0, size=means.shape), names=list(names),
                   colors=[palette_color(k) for k in range(len(names))],
                   band_labels=[f"{k} (b{k})" for k in range(1, bands + 1)],
                   chosen=[(float(band), order) for order, band in enumerate(chosen, 1)])


def spectra_svg(spectra):
    """The report's Spectra chart of `spectra`, parsed: (its <svg> attributes, its elements)."""
    from gmmselect.raster.report import spectra_chart

    parser = ReportParser()
    parser.feed(spectra_chart(spectra, Words()))
    return parser.charts["spectra"][0][1], parser.charts["spectra"]


def test_the_report_spectra_legend_fits_long_names_and_many_classes():
    """28 classes, the first CORINE's long name: each name is elided to the legend (whole in its group's
    tooltip) and the chart is as tall as its classes (names ran off the right edge, classes off the
    bottom)."""
    from gmmselect.raster.report import CHART_WIDTH, MARGIN_TOP

    names = [CORINE] + [f"class {k}" for k in range(1, 28)]
    chart, elements = spectra_svg(synthetic_spectra(names))
    height = float(chart["height"])
    width = chart_metrics().horizontalAdvance
    legend = [(elements[k + 2][1]["text"], elements[k + 4][1], elements[k + 5][1]["text"])
              for k, (tag, _) in enumerate(elements) if tag == "g"]
    assert [title for title, _, _ in legend] == names
    for name, text, shown in legend:
        assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1]))
        assert float(text["x"]) + width(shown) <= CHART_WIDTH and float(text["y"]) <= height
    assert legend[0][2] != CORINE and height >= MARGIN_TOP + 20 * 28


def test_the_report_numbers_of_adjacent_selected_bands_do_not_run_together():
    """Bands 10 to 15 selected one after the other among 80: no two numbers drawn overlap (a second row over
    the first, the chart moved down), every one inside the chart (they ran together: '123456')."""
    chart, elements = spectra_svg(synthetic_spectra(["a", "b"], bands=80, chosen=[10, 11, 12, 13, 14, 15, 3]))
    shift = float(re.search(r"translate\(0 ([0-9.]+)\)", str(elements)).group(1))
    bold = chart_metrics(bold=True)
    numbers = [(elements[k + 1][1]["text"], float(a["x"]), float(a["y"]) + shift)
               for k, (tag, a) in enumerate(elements) if tag == "text" and a.get("font-weight") == "bold"]
    boxes = [(x - bold.horizontalAdvance(n) / 2, y - bold.ascent(), x + bold.horizontalAdvance(n) / 2, y)
             for n, x, y in numbers]
    assert {"1", "2", "7"} <= {n for n, _, _ in numbers} and len(numbers) >= 5
    assert all(box[1] >= 0 for box in boxes) and float(chart["height"]) == 360 + shift
    for k, first in enumerate(boxes):
        for second in boxes[k + 1:]:
            assert not (first[0] < second[2] and second[0] < first[2] and first[1] < second[3]
                        and second[1] < first[3]), (first, second)


def test_the_report_spectra_of_one_band_shows_each_class_as_a_point_with_its_error_bar():
    """One band: each class's mean a dot on a bar of ± one standard deviation, the classes side by side (drew
    nothing: one-point lines and shades)."""
    spectra = synthetic_spectra(["water", "forest", "urban"], bands=1)
    _, elements = spectra_svg(spectra)
    dots = [a for tag, a in elements if tag == "circle"]
    bars = [a for tag, a in elements if tag == "line" and a.get("stroke") in spectra.colors]
    assert [dot["fill"] for dot in dots] == [bar["stroke"] for bar in bars] == spectra.colors
    xs = [float(dot["cx"]) for dot in dots]
    assert xs == sorted(xs) and len(set(xs)) == 3
    middles, means = np.array([float(dot["cy"]) for dot in dots]), spectra.means[:, 0]
    scale = (middles[0] - middles[1]) / (means[1] - means[0])  # pixels per unit, y downwards
    for dot, bar, middle, std in zip(dots, bars, middles, spectra.stds[:, 0]):
        assert float(bar["x1"]) == float(bar["x2"]) == float(dot["cx"])
        assert float(bar["y1"]) - middle == pytest.approx(std * scale, abs=0.1)
        assert middle - float(bar["y2"]) == pytest.approx(std * scale, abs=0.1)
