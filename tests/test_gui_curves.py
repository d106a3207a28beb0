"""The selection-curves dialog, rendered offscreen: the curve's pixels, tooltips, overlay, exports,
and when it opens (after Train Selection in the desktop only; never headless)."""

import csv
import dataclasses
import os
import types

import numpy as np
import pytest
from conftest import data_file
from qgis_helpers import LANDSAT, POLYGONS, french_translation, start_qgis

N_FEATURES = 8
SIZE = (900, 560)


@pytest.fixture(scope="module", autouse=True)
def qgis():
    """The shared QGIS application with the provider registered."""
    return start_qgis()


@pytest.fixture(scope="module")
def models(tmp_path_factory):
    """Two real selections on 8 Maipo features saved as models: SFS on JM and SFFS on CV kappa."""
    from gmmselect.core import GaussianMixture, SavedModel, save_model, select_features

    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    X, y = data["X"][:, :N_FEATURES], data["y"]
    names = [str(name) for name in data["feature_names"][:N_FEATURES]]
    folder = tmp_path_factory.mktemp("curves")
    saved = {}
    for method, criterion in (("sfs", "jm"), ("sffs", "kappa")):
        selection = select_features(X, y, method=method, criterion=criterion, groups=data["field"])
        mixture = GaussianMixture.fit(X, y, class_names=[str(c) for c in data["class_names"]])
        model = SavedModel(mixture, range(1, N_FEATURES + 1), names, N_FEATURES, selection.best_set,
                           selection)
        path = str(folder / f"maipo_{method}_{criterion}.gmm")
        save_model(path, model)
        saved[method] = (path, model)
    return saved


def flush_deleted():
    """Delete now the widgets `deleteLater` scheduled (there is no event loop in the tests)."""
    from qgis.PyQt.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)


@pytest.fixture()
def dialog():
    """A fresh curves dialog, closed after the test."""
    from gmmselect.gui import CurvesDialog

    created = CurvesDialog()
    yield created
    created.close()
    created.deleteLater()
    flush_deleted()


@pytest.fixture()
def in_desktop(monkeypatch):
    """Pretend to run inside the QGIS desktop (an `iface`, platform 'desktop'); the session's dialog
    is closed afterwards."""
    from qgis import utils
    from qgis.core import QgsApplication

    from gmmselect.gui import close_session

    monkeypatch.setattr(utils, "iface", types.SimpleNamespace(mainWindow=lambda: None))
    monkeypatch.setattr(QgsApplication, "platform", staticmethod(lambda: "desktop"))
    yield
    close_session()
    flush_deleted()


@pytest.fixture()
def boxes(monkeypatch):
    """The message boxes shown, as (text format, text), without blocking: a box of QMessageBox.warning
    guesses whether its text is rich text (Qt.AutoText)."""
    from qgis.PyQt.QtCore import Qt
    from qgis.PyQt.QtWidgets import QMessageBox

    shown = []
    monkeypatch.setattr(QMessageBox, "warning",
                        staticmethod(lambda parent, title, text, *rest: shown.append((Qt.AutoText, text))))
    monkeypatch.setattr(QMessageBox, "exec_", lambda box: shown.append((box.textFormat(), box.text())))
    return shown


def rgb(image):
    """Pixels of a QImage as an (height, width, 3) uint8 RGB array."""
    from qgis.PyQt.QtGui import QImage

    image = image.convertToFormat(QImage.Format_RGB32)
    bits = image.constBits()
    bits.setsize(image.height() * image.bytesPerLine())
    rows = np.frombuffer(bits, np.uint8).reshape(image.height(), image.bytesPerLine() // 4, 4)
    return rows[:, :image.width(), 2::-1].copy()


def mask_of(pixels, color, tolerance=40):
    """Boolean mask of the pixels within `tolerance` (sum of |differences|) of colour '#rrggbb'."""
    target = np.array([int(color[i:i + 2], 16) for i in (1, 3, 5)])
    return np.abs(pixels.astype(int) - target).sum(axis=2) <= tolerance


def render(plot):
    """The plot rendered offscreen at SIZE, its RGB pixels and its frame (data -> pixel mapping)."""
    from qgis.PyQt.QtCore import QRectF, QSize

    image = plot.renderImage(QSize(*SIZE))
    return rgb(image), plot.frame(QRectF(0, 0, *SIZE))


def near(mask, point, radius=3):
    """Whether `mask` is set within `radius` pixels of QPointF `point`."""
    x, y = int(round(point.x())), int(round(point.y()))
    return bool(mask[y - radius:y + radius + 1, x - radius:x + radius + 1].any())


def inside(mask, frame):
    """`mask` restricted to the data rectangle of the plot (legend and axes cleared)."""
    area = frame.area
    kept = np.zeros_like(mask)
    rows = slice(int(area.top()) + 1, int(area.bottom()))
    columns = slice(int(area.left()) + 1, int(area.right()))
    kept[rows, columns] = mask[rows, columns]
    return kept


# -- the data behind the plot ---------------------------------------------------------------


def test_sfs_points_are_labelled_with_the_band_added(models):
    from gmmselect.gui.series import series_from_model

    _, model = models["sfs"]
    series = series_from_model(model, "maipo")
    selection = model.selection
    assert series.sizes == list(range(1, N_FEATURES + 1))
    assert series.values == [selection.best_values[k] for k in series.sizes]
    assert series.best_size == selection.best_size
    for k, label, mark in zip(series.sizes, series.point_labels, series.marks):
        feature = selection.added[k - 1]  # SFS: best_sets[k] = added[:k]
        assert label == f"+ band {feature + 1} ({model.feature_names[feature]})"
        assert mark == f"+{feature + 1}"
    assert series.label == "maipo (SFS, jm, alpha 0, tau 0)"
    from gmmselect.core import GaussianMixture

    m = model.mixture
    mixture = GaussianMixture(m.labels_, m.priors_, m.means_, m.covariances_, 0.01, m.class_names_, m.floor_,
                              m.counts_, m.alpha_, ridge_scale=np.ones(m.n_features))
    relative = dataclasses.replace(model, mixture=mixture)
    assert series_from_model(relative, "maipo").label == "maipo (SFS, jm, alpha 0, relative tau 0.01)"
    with french_translation():
        assert series_from_model(relative, "maipo").label == "maipo (SFS, jm, alpha 0, tau relatif 0.01)"
    # A relative ridge of 0 is no ridge: the same as the selection's tau 0 (was 'relative tau 0', and beside a
    # selection's tau 0 the label named both).
    mixture.tau_ = 0.0
    assert series_from_model(relative, "maipo").label == "maipo (SFS, jm, alpha 0, tau 0)"


def test_sffs_points_list_their_whole_best_set(models):
    from gmmselect.gui.series import series_from_model

    _, model = models["sffs"]
    series = series_from_model(model, "maipo")
    for k, label, bands, names in zip(series.sizes, series.point_labels, series.bands, series.band_names):
        best = model.selection.best_sets[k]
        assert bands == tuple(f + 1 for f in best)
        assert names == tuple(model.feature_names[f] for f in best)
        assert label == "Best set: " + ", ".join(f"{f + 1} ({model.feature_names[f]})" for f in best)


def test_a_model_without_selection_is_refused(models):
    from gmmselect.core import SavedModel
    from gmmselect.gui.series import series_from_model

    _, model = models["sfs"]
    plain = SavedModel(model.mixture, model.band_numbers, model.feature_names, N_FEATURES)
    with pytest.raises(ValueError, match="Train Selection"):
        series_from_model(plain, "plain")


def test_a_file_that_is_no_model_is_named_in_a_message_box_in_the_qgis_language(dialog, tmp_path, boxes):
    """The box shows its text as plain text: a file name such as '<b>notes<b>.gmm' is no markup (was rich
    text, the name in bold without its tags)."""
    from qgis.PyQt.QtCore import Qt

    notes = tmp_path / "<b>notes<b>.gmm"
    notes.write_text("not a model")
    assert dialog.addModelOrWarn(str(notes)) is None
    with french_translation():
        assert dialog.addModelOrWarn(str(notes)) is None
    assert [text_format for text_format, _ in boxes] == [Qt.PlainText, Qt.PlainText]
    assert [text for _, text in boxes] == [
        f"{notes} is not a GMM Select model file (not a .gmm archive); choose a file written by Train GMM, "
        "Train Selection or Train Selection from a Table of Spectra",
        f"{notes} n'est pas un fichier de modèle GMM Select (ce n'est pas une archive .gmm) ; choisissez un "
        "fichier écrit par Entraîner GMM, Entraîner avec sélection de bandes ou Entraîner avec sélection de "
        "bandes à partir d'une table de spectres"]
    assert dialog.curves == []


def test_different_criteria_are_normalised_with_a_note(models):
    from gmmselect.gui.series import plot_values, series_from_model

    sfs = series_from_model(models["sfs"][1], "a")
    sffs = series_from_model(models["sffs"][1], "b")
    values, title, note = plot_values([sfs])
    assert values == [sfs.values] and title == "Jeffries-Matusita distance" and note == ""
    values, title, note = plot_values([sfs, sffs])
    assert title == "Criterion value (normalised)" and "0" in note and "1" in note
    for scaled, series in zip(values, (sfs, sffs)):
        assert min(scaled) == 0.0 and max(scaled) == 1.0
        assert np.argmax(scaled) == np.argmax(series.values)


# -- the plot, rendered offscreen -----------------------------------------------------------


def test_the_curve_is_drawn_along_its_values(dialog, models):
    from gmmselect.raster.style import HIGHLIGHT_COLOR, LINE_COLORS

    series = dialog.addModel(models["sfs"][0])
    pixels, frame = render(dialog.plot)
    curve = inside(mask_of(pixels, LINE_COLORS[0]), frame)
    points = [frame.point(k, v) for k, v in zip(series.sizes, series.values)]
    assert all(a.x() < b.x() for a, b in zip(points, points[1:]))
    for k, point, following in zip(series.sizes, points, points[1:] + [None]):
        if k != series.best_size:
            assert near(curve, point), f"no curve pixel at size {k}"
        if following is not None:
            assert near(curve, (point + following) / 2), f"no line between sizes {k} and {k + 1}"
    # Along the curve, a higher value is drawn higher: y pixels decrease as the values increase.
    columns = [int(round(p.x())) for k, p in zip(series.sizes, points) if k != series.best_size]
    drawn_y = [np.median(np.flatnonzero(curve[:, x])) for x in columns]
    values = [v for k, v in zip(series.sizes, series.values) if k != series.best_size]
    assert np.all(np.diff(values) > 0)
    assert np.all(np.diff(drawn_y) < 0)
    for y, point in zip(drawn_y, (p for k, p in zip(series.sizes, points) if k != series.best_size)):
        assert abs(y - point.y()) <= 3
    # The best size carries the best-size marker, and only it.
    best = inside(mask_of(pixels, HIGHLIGHT_COLOR), frame)
    ys, xs = np.nonzero(best)
    marker = frame.point(series.best_size, series.values[series.sizes.index(series.best_size)])
    assert len(xs) > 40
    assert abs(xs.mean() - marker.x()) <= 1.5 and abs(ys.mean() - marker.y()) <= 1.5
    assert xs.max() - xs.min() <= 16


def test_axis_titles_name_the_criterion_and_the_size(dialog, models):
    dialog.addModel(models["sffs"][0])
    assert dialog.plot.yTitle == "CV Cohen's kappa"
    assert dialog.plot.xTitle == "Number of selected bands"


def test_tooltip_gives_the_band_added_and_the_value(dialog, models):
    from qgis.PyQt.QtCore import QPoint, QRectF

    series = dialog.addModel(models["sfs"][0])
    dialog.plot.resize(*SIZE)
    frame = dialog.plot.frame(QRectF(dialog.plot.rect()))
    point = frame.point(3, series.values[2])
    text = dialog.plot.toolTipAt(QPoint(int(point.x()) + 2, int(point.y()) - 2))
    assert series.point_labels[2] in text and f"{series.values[2]:.6g}" in text and series.label in text
    assert dialog.plot.toolTipAt(QPoint(int(point.x()), int(point.y()) + 60)) == ""


def test_overlay_adds_a_second_curve_and_hiding_or_clearing_removes_it(dialog, models):
    from qgis.PyQt.QtCore import Qt

    from gmmselect.raster.style import LINE_COLORS

    dialog.addModel(models["sfs"][0])
    dialog.addModel(models["sffs"][0])
    assert [s.label for s, _, _ in dialog.plot.curves] == [
        "1. maipo_sfs_jm.gmm (SFS, jm, alpha 0, tau 0)",
        "2. maipo_sffs_kappa.gmm (SFFS, kappa, alpha 0, tau 0)"]
    assert dialog.plot.yTitle == "Criterion value (normalised)" and dialog.plot.note
    pixels, frame = render(dialog.plot)
    for color in LINE_COLORS[:2]:
        assert inside(mask_of(pixels, color), frame).sum() > 200
    assert dialog.table.rowCount() == 2 * N_FEATURES
    dialog.runs.item(0).setCheckState(Qt.Unchecked)
    assert [s.label for s, _, _ in dialog.plot.curves] == [
        "2. maipo_sffs_kappa.gmm (SFFS, kappa, alpha 0, tau 0)"]
    assert dialog.plot.yTitle == "CV Cohen's kappa" and not dialog.plot.note
    assert dialog.table.rowCount() == N_FEATURES
    dialog.clear()
    assert dialog.plot.curves == [] and dialog.table.rowCount() == 0 and dialog.runs.count() == 0


def test_best_row_of_the_table_is_marked(dialog, models):
    series = dialog.addModel(models["sfs"][0])
    marked = [r for r in range(dialog.table.rowCount()) if dialog.table.item(r, 4).text() == "◆"]
    assert marked == [series.sizes.index(series.best_size)]
    assert dialog.table.item(marked[0], 2).font().bold()


# -- exports --------------------------------------------------------------------------------


def test_png_export_holds_the_curve(dialog, models, tmp_path):
    from qgis.PyQt.QtGui import QImage

    from gmmselect.raster.style import HIGHLIGHT_COLOR, LINE_COLORS

    dialog.addModel(models["sfs"][0])
    written = dialog.exportPlot(str(tmp_path / "curves"))
    assert written == str(tmp_path / "curves.png")
    image = QImage(written)
    assert (image.width(), image.height()) == (960, 600)
    pixels = rgb(image)
    assert mask_of(pixels, LINE_COLORS[0]).sum() > 300 and mask_of(pixels, HIGHLIGHT_COLOR).sum() > 40


def test_svg_export_holds_paths_and_titles(dialog, models, tmp_path):
    dialog.addModel(models["sfs"][0])
    written = dialog.exportPlot(str(tmp_path / "curves.svg"))
    with open(written, encoding="utf-8") as stream:
        svg = stream.read()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "<path" in svg or "<polyline" in svg
    assert "Number of selected bands" in svg and "Jeffries-Matusita distance" in svg


def test_csv_export_has_one_row_per_size_with_its_bands(dialog, models, tmp_path):
    path, model = models["sffs"]
    dialog.addModel(path)
    written = dialog.exportTable(str(tmp_path / "table.csv"))
    with open(written, newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    selection = model.selection
    assert [int(row["size"]) for row in rows] == selection.sizes
    for row in rows:
        best = selection.best_sets[int(row["size"])]
        assert float(row["value"]) == pytest.approx(selection.best_values[int(row["size"])], rel=1e-7)
        assert row["bands"] == ";".join(str(f + 1) for f in best)
        assert row["band_names"] == ";".join(model.feature_names[f] for f in best)
        assert row["criterion"] == "kappa"
        assert row["curve"] == "1. maipo_sffs_kappa.gmm (SFFS, kappa, alpha 0, tau 0)"
        assert row["selected"] == str(int(int(row["size"]) == selection.best_size))


def test_export_plot_writes_the_format_of_the_filter_chosen(dialog, models, tmp_path, monkeypatch):
    """A name without extension takes that of the filter chosen (SVG: was a PNG 'chosen_svg.png'); a name
    with one of the filters' extensions keeps it."""
    from qgis.PyQt.QtGui import QImage
    from qgis.PyQt.QtWidgets import QFileDialog

    from gmmselect.gui import dialog as dialog_module

    answers = iter([(str(tmp_path / "chosen_svg"), "SVG drawing (*.svg)"),
                    (str(tmp_path / "typed.png"), "SVG drawing (*.svg)"),
                    (str(tmp_path / "table"), "CSV files (*.csv)")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *args: next(answers)))
    monkeypatch.setattr(dialog_module, "remember_folder", lambda path: None)  # keep the user's settings
    dialog.addModel(models["sfs"][0])
    written = dialog.exportPlot()
    assert written == str(tmp_path / "chosen_svg.svg") and os.listdir(tmp_path) == ["chosen_svg.svg"]
    with open(written, encoding="utf-8") as stream:
        assert "<svg" in stream.read()
    assert dialog.exportPlot() == str(tmp_path / "typed.png")
    assert QImage(str(tmp_path / "typed.png")).width() == 960
    assert dialog.exportTable() == str(tmp_path / "table.csv")


def test_an_export_that_cannot_be_written_says_why_in_a_message_box(dialog, models, tmp_path, boxes):
    """A folder that cannot be written (here a file): the table's error in a box (was a DataError out of the
    button's slot), the SVG plot's too (was silent)."""
    from qgis.PyQt.QtCore import Qt

    dialog.addModel(models["sfs"][0])
    blocker = tmp_path / "notes.txt"
    blocker.write_text("a file, not a folder")
    assert dialog.exportTable(str(blocker / "table.csv")) is None
    assert dialog.exportPlot(str(blocker / "plot.svg")) is None
    assert dialog.exportPlot(str(blocker / "plot.png")) is None
    assert [text_format for text_format, _ in boxes] == [Qt.PlainText] * 3
    assert [text for _, text in boxes] == [
        f"cannot write output '{blocker / 'table.csv'}': folder '{blocker}' is not writable; choose a folder "
        "you can write to", f"Cannot write {blocker / 'plot.svg'}.", f"Cannot write {blocker / 'plot.png'}."]
    assert os.listdir(tmp_path) == ["notes.txt"]


def test_with_every_curve_unticked_the_plot_says_how_to_show_one(dialog, models, tmp_path):
    """Not 'No selection curve yet: run Train Selection...' (there are curves: all hidden)."""
    from qgis.PyQt.QtCore import Qt

    dialog.addModel(models["sfs"][0])
    dialog.runs.item(0).setCheckState(Qt.Unchecked)
    with open(dialog.exportPlot(str(tmp_path / "hidden.svg")), encoding="utf-8") as stream:
        svg = stream.read()
    assert "No curve shown: tick a curve in the list to show it." in svg and "yet" not in svg
    dialog.clear()
    with open(dialog.exportPlot(str(tmp_path / "empty.svg")), encoding="utf-8") as stream:
        assert "No selection curve yet: run Train Selection or open a model file." in stream.read()


def test_the_session_forgets_a_dialog_deleted_with_its_parent():
    from qgis.PyQt.QtWidgets import QWidget

    from gmmselect.gui import dialog as dialog_module

    parent = QWidget()
    first = dialog_module.session_dialog(parent)
    assert dialog_module.session_dialog() is first
    parent.deleteLater()
    flush_deleted()
    assert "dialog" not in dialog_module._session
    second = dialog_module.session_dialog()
    assert second is not first
    dialog_module.close_session()
    flush_deleted()
    assert "dialog" not in dialog_module._session


# -- when the dialog opens ------------------------------------------------------------------


def train_selection(folder, name):
    """gmmselect:trainselection (SFS, JM, up to 3 bands, alpha 0.1) on the Landsat scene through
    processing.run."""
    import processing
    from qgis.core import QgsProcessingFeedback

    return processing.run("gmmselect:trainselection", {
        "INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class", "METHOD": "sfs", "CRITERION": "jm",
        "MAX_FEATURES": 3, "ALPHA": "0.1", "OUTPUT_MODEL": str(folder / name)},
        feedback=QgsProcessingFeedback())


def curve_dialogs():
    """The CurvesDialog windows on screen."""
    from qgis.PyQt.QtWidgets import QApplication

    from gmmselect.gui import CurvesDialog

    return [w for w in QApplication.topLevelWidgets() if isinstance(w, CurvesDialog) and w.isVisible()]


def test_headless_processing_run_opens_no_dialog(tmp_path):
    from gmmselect.gui import dialog as dialog_module

    results = train_selection(tmp_path, "headless.gmm")
    assert os.path.isfile(results["OUTPUT_MODEL"]) and results["N_SELECTED"] >= 1
    assert "dialog" not in dialog_module._session
    assert curve_dialogs() == []


def test_in_the_desktop_each_run_adds_its_curve_to_one_dialog(in_desktop, tmp_path):
    from gmmselect.core import load_model
    from gmmselect.gui import dialog as dialog_module

    first = train_selection(tmp_path, "first.gmm")
    shown = dialog_module._session["dialog"]
    assert shown.isVisible() and not shown.isModal()
    ridge = "selection alpha 0.1, tau 0; model alpha 0.1, relative tau 0.1"  # MODEL_SEARCH chose the model's
    assert [s.label for s, _ in shown.curves] == [f"1. first.gmm (SFS, jm, {ridge})"]
    series = shown.curves[0][0]
    selection = load_model(first["OUTPUT_MODEL"]).selection
    assert series.sizes == [1, 2, 3] and series.values == [selection.best_values[k] for k in (1, 2, 3)]
    assert first["N_SELECTED"] >= 1 and first["OUTPUT_MODEL"].endswith("first.gmm")
    train_selection(tmp_path, "second.gmm")
    assert dialog_module._session["dialog"] is shown
    assert [s.label for s, _, _ in shown.plot.curves] == [f"1. first.gmm (SFS, jm, {ridge})",
                                                          f"2. second.gmm (SFS, jm, {ridge})"]
    assert curve_dialogs() == [shown]


def test_a_model_searched_after_its_selection_is_labelled_with_both_ridges(dialog, tmp_path):
    """MODEL_SEARCH (the default) chose the model's alpha and tau on the selected bands: its curve, its list
    item and its Spectra name the selection's and the model's (named the selection's alone)."""
    from gmmselect.core import load_model

    path = train_selection(tmp_path, "searched.gmm")["OUTPUT_MODEL"]
    model = load_model(path)
    mixture = model.mixture
    assert model.selection_ridge() == (0.1, 0.0, False)
    assert (mixture.alpha_, mixture.tau_, mixture.ridge_scale_ is not None) != (0.1, 0.0, False)
    series = dialog.addModel(path)
    assert series.label == (f"1. searched.gmm (SFS, jm, selection alpha 0.1, tau 0; model alpha "
                            f"{mixture.alpha_:.3g}, relative tau {mixture.tau_:.3g})")
    assert dialog.runs.item(0).text() == series.label == dialog.spectra.title


def test_plugin_action_opens_a_chosen_model(in_desktop, models, monkeypatch):
    from qgis.PyQt.QtWidgets import QFileDialog

    from gmmselect.gui import dialog as dialog_module
    from gmmselect.plugin import GmmSelectPlugin

    calls = []
    iface = types.SimpleNamespace(
        mainWindow=lambda: None,
        addPluginToRasterMenu=lambda menu, action: calls.append(("menu", menu, action.text())),
        addToolBarIcon=lambda action: calls.append(("toolbar", action.text())),  # the Plugins toolbar
        removePluginRasterMenu=lambda menu, action: calls.append(("unmenu", menu)),
        removeToolBarIcon=lambda action: calls.append(("untoolbar",)))
    plugin = GmmSelectPlugin(iface)
    plugin.addActions()
    assert calls == [("menu", "GMM Select", "Show selection curves…"), ("toolbar", "Show selection curves…")]
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *args: (models["sffs"][0], "")))
    monkeypatch.setattr(dialog_module, "remember_folder", lambda path: None)  # keep the user's settings
    plugin.action.trigger()
    shown = dialog_module._session["dialog"]
    assert shown.isVisible()
    assert [s.label for s, _ in shown.curves] == ["1. maipo_sffs_kappa.gmm (SFFS, kappa, alpha 0, tau 0)"]
    plugin.removeActions()
    assert calls[2:] == [("unmenu", "GMM Select"), ("untoolbar",)]
    assert plugin.action is None and "dialog" not in dialog_module._session


# -- the Spectra tab ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def coloured(models, tmp_path_factory):
    """The SFFS model with distinct class colours (the palette's first ones) and band wavelengths."""
    from gmmselect.core import save_model
    from gmmselect.raster.style import DEFAULT_COLORS

    _, model = models["sffs"]
    model.class_colors = DEFAULT_COLORS[:model.mixture.n_classes]
    path = str(tmp_path_factory.mktemp("spectra") / "coloured.gmm")
    save_model(path, model)
    return path, model


def test_spectra_tab_draws_each_class_mean_in_its_colour_and_the_chosen_bands(dialog, coloured):
    from qgis.PyQt.QtCore import QSize

    path, model = coloured
    dialog.addModel(path)
    plot = dialog.spectra
    assert plot.title == "1. coloured.gmm (SFFS, kappa, alpha 0, tau 0)"
    pixels = rgb(plot.renderImage(QSize(*SIZE)))
    spectra = plot.spectra
    for color in model.class_colors:
        assert mask_of(pixels, color, tolerance=30).sum() > 150, color
    # One dashed grey line per selected band from the frame's top to its bottom, and the frame's sides.
    values = pixels.astype(int)
    grey = (values.max(axis=2) - values.min(axis=2) < 24) & (values.max(axis=2) < 200)
    columns = np.flatnonzero(grey.sum(axis=0) > 0.25 * SIZE[1])
    groups = np.split(columns, np.flatnonzero(np.diff(columns) > 2) + 1)
    frame_sides = 2
    assert len(groups) == len(model.features) + frame_sides
    # Band numbers on x, evenly spaced: the lines stand at the selected bands, the gap at the others.
    centres = np.array([group.mean() for group in groups[1:-1]])
    steps = np.diff(centres) / np.diff(centres).min()
    np.testing.assert_allclose(steps, np.round(steps), atol=0.05)
    numbers = 1 + np.concatenate([[0], np.cumsum(np.round(steps))]).astype(int)
    assert numbers.tolist() == sorted(model.band_numbers[f] for f in model.features)
    assert [order for _, order in spectra.chosen] == list(range(1, len(model.features) + 1))


def test_spectra_follow_the_model_selected_in_the_list_and_export(dialog, models, coloured, tmp_path):
    from qgis.PyQt.QtGui import QImage

    dialog.addModel(coloured[0])
    dialog.addModel(models["sfs"][0])
    assert dialog.spectra.title == "2. maipo_sfs_jm.gmm (SFS, jm, alpha 0, tau 0)"
    dialog.runs.setCurrentRow(0)
    assert dialog.spectra.title == "1. coloured.gmm (SFFS, kappa, alpha 0, tau 0)"
    assert dialog.spectra.spectra.colors == coloured[1].class_colors
    dialog.tabs.setCurrentWidget(dialog.spectra)
    written = dialog.exportPlot(str(tmp_path / "spectra.png"))
    pixels = rgb(QImage(written))
    assert all(mask_of(pixels, color, tolerance=30).sum() > 150 for color in coloured[1].class_colors)
    dialog.removeSelected()
    assert len(dialog.models) == 1 and dialog.spectra.title == "2. maipo_sfs_jm.gmm (SFS, jm, alpha 0, tau 0)"
    dialog.clear()
    assert dialog.spectra.spectra is None and dialog.models == []


def test_the_y_axis_never_goes_beyond_what_the_criterion_can_reach(dialog, models):
    """A kappa curve ending at 1 stops its axis at 1; a JM curve at sqrt(2) sum pi_i pi_j."""
    import dataclasses

    from qgis.PyQt.QtCore import QRectF

    from gmmselect.core.separability import jm_ceiling
    from gmmselect.gui.series import series_from_model

    path, model = models["sffs"]
    series = series_from_model(model, "kappa")
    assert series.bounds == (-1.0, 1.0)
    dialog.addSeries(dataclasses.replace(series, values=[0.9, 0.99] + [1.0] * (len(series.sizes) - 2)), model)
    frame = dialog.plot.frame(QRectF(0, 0, *SIZE))
    assert frame.y_high == 1.0 and frame.y_low < 0.9
    dialog.clear()
    _, jm_model = models["sfs"]
    series = series_from_model(jm_model, "jm")
    ceiling = jm_ceiling(jm_model.mixture.priors_)
    assert series.bounds == (0.0, pytest.approx(ceiling))
    dialog.addSeries(dataclasses.replace(series, values=[ceiling] * len(series.sizes)), jm_model)
    assert dialog.plot.frame(QRectF(0, 0, *SIZE)).y_high == pytest.approx(ceiling)


def test_values_beyond_what_the_criterion_can_reach_stay_on_an_upright_axis(dialog, models):
    """The padding stops at the criterion's bound, never the values: a kappa curve above 1 and a JM curve
    above the ceiling of the model's priors turned the axis upside down (low > high) and the ticks raised
    ValueError (math domain error) while painting."""
    import dataclasses

    from qgis.PyQt.QtCore import QRectF, QSize

    from gmmselect.core.separability import jm_ceiling
    from gmmselect.gui.series import series_from_model

    _, model = models["sffs"]
    series = series_from_model(model, "kappa")
    values = [0.5] + [1.5] * (len(series.sizes) - 1)
    dialog.addSeries(dataclasses.replace(series, values=values), model)
    frame = dialog.plot.frame(QRectF(0, 0, *SIZE))
    assert frame.y_low < 0.5 and frame.y_high == pytest.approx(1.55)
    dialog.clear()
    _, jm_model = models["sfs"]
    series = series_from_model(jm_model, "jm")
    ceiling = jm_ceiling(jm_model.mixture.priors_)
    dialog.addSeries(dataclasses.replace(series, values=[ceiling + 0.5] * len(series.sizes)), jm_model)
    frame = dialog.plot.frame(QRectF(0, 0, *SIZE))
    assert frame.y_low < ceiling + 0.5 < frame.y_high
    assert not dialog.plot.renderImage(QSize(*SIZE)).isNull()


#: A curves dialog whose drawing fails, painted on screen by Qt (its exception reported by the excepthook, as
#: QGIS reports it), then into a QImage and an SVG file.
FAILING_DRAWING = """
import os, sys
sys.path[:0] = [os.environ["GMMSELECT_PLUGIN_PARENT"], os.environ["GMMSELECT_TESTS"]]
from qgis_helpers import start_qgis
start_qgis()
reported = []
sys.excepthook = lambda kind, value, trace: reported.append(str(value))
from qgis.PyQt.QtCore import QSize
from qgis.PyQt.QtWidgets import QApplication
from gmmselect.gui import CurvesDialog
from gmmselect.gui.curves import CurvePlot


def failing(self, painter, rect):
    painter.drawLine(0, 0, 10, 10)
    raise ZeroDivisionError("drawing failed")


CurvePlot.paintTo = failing
dialog = CurvesDialog()
dialog.show()
QApplication.processEvents()
print(reported, flush=True)
for export in (lambda: dialog.plot.renderImage(QSize(300, 200)),
               lambda: dialog.plot.writeSvg(sys.argv[1], QSize(300, 200))):
    try:
        export()
    except ZeroDivisionError as error:
        print(error, flush=True)
    QApplication.processEvents()
print("alive", flush=True)
os._exit(0)
"""


def test_a_drawing_that_fails_ends_its_painter_and_the_process_lives_on(tmp_path):
    """paintEvent, renderImage and writeSvg end their painter whatever the drawing raises: the painter left
    active on the widget or image crashed QGIS (SIGSEGV, 3 runs of 3) where the drawing failed."""
    import subprocess
    import sys

    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen", GMMSELECT_TESTS=os.path.dirname(__file__))
    run = subprocess.run([sys.executable, "-c", FAILING_DRAWING, str(tmp_path / "plot.svg")],
                         capture_output=True, text=True, timeout=120, env=environment)
    assert (run.returncode, run.stdout.splitlines()) == (
        0, ["['drawing failed']", "drawing failed", "drawing failed", "alive"]), run.stderr


# -- layouts: nothing drawn over anything else ------------------------------------------------


class TextRecorder:
    """A painter's stand-in that draws through it and keeps each text it draws with the box its ink
    takes."""

    def __init__(self, painter):
        self.painter, self.texts = painter, []

    def drawText(self, box, flags, text):  # noqa: N802 (Qt's name)
        from qgis.PyQt.QtGui import QFontMetricsF

        self.texts.append((text, QFontMetricsF(self.painter.font()).boundingRect(box, flags, text)))
        self.painter.drawText(box, flags, text)

    def __getattr__(self, name):
        return getattr(self.painter, name)


def painted(chart, size):
    """([(text, ink box)] of the texts `chart` (a PaintedChart) paints at `size`, its RGB pixels)."""
    from qgis.PyQt.QtCore import QRectF, QSize
    from qgis.PyQt.QtGui import QColor, QImage, QPainter

    image = QImage(QSize(*size), QImage.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    recorder = TextRecorder(painter)
    chart.paintTo(recorder, QRectF(0, 0, *size))
    painter.end()
    return recorder.texts, rgb(image)


def overlapping(boxes):
    """The pairs of QRectF of `boxes` that overlap."""
    return [(a, b) for k, a in enumerate(boxes) for b in boxes[k + 1:] if a.intersected(b).width() > 0.5
            and a.intersected(b).height() > 0.5]


def test_sixteen_curves_keep_the_plot_upright_and_the_legend_under_it(dialog, models):
    """16 curves, at the default size, at the export's 960 x 600 and at the plot's smallest size: the plot
    area keeps MIN_PLOT_HEIGHT, a higher value drawn higher, and every curve's legend line is drawn under the
    x title, in the picture (the y axis inverted and the legend ran over the plot; the export squashed the
    plot to 30 px)."""
    from qgis.PyQt.QtCore import QRectF

    from gmmselect.gui.curves import MIN_PLOT_HEIGHT
    from gmmselect.raster.style import LINE_COLORS

    for k in range(16):
        dialog.addModel(models[("sfs", "sffs")[k % 2]][0])
    smallest = dialog.plot.minimumSizeHint()
    for size in ((720, 440), (960, 600), (smallest.width(), smallest.height())):
        frame = dialog.plot.frame(QRectF(0, 0, *size))
        assert frame.area.height() >= MIN_PLOT_HEIGHT, size
        assert frame.point(1, frame.y_high).y() < frame.point(1, frame.y_low).y()
        _, pixels = painted(dialog.plot, size)
        below = int(frame.area.bottom()) + 2 * dialog.plot.fontMetrics().height()
        for color in LINE_COLORS:
            assert mask_of(pixels, color, tolerance=20)[below:].sum() >= 20, (size, color)


def test_an_export_of_many_curves_grows_taller_to_hold_its_legend(dialog, models, tmp_path):
    """120 curves: the PNG keeps its width and grows taller, the plot keeping MIN_PLOT_HEIGHT and the last
    legend line inside the picture."""
    from qgis.PyQt.QtCore import QRectF
    from qgis.PyQt.QtGui import QImage

    from gmmselect.gui.curves import MIN_PLOT_HEIGHT
    from gmmselect.gui.series import series_from_model
    from gmmselect.raster.style import LINE_COLORS

    series = series_from_model(models["sfs"][1], "many")
    for _ in range(120):
        dialog.addSeries(series, models["sfs"][1])
    image = QImage(dialog.exportPlot(str(tmp_path / "many.png")))
    assert image.width() == 960 and image.height() > 600
    frame = dialog.plot.frame(QRectF(0, 0, image.width(), image.height()))
    assert frame.area.height() >= MIN_PLOT_HEIGHT
    pixels = rgb(image)
    last = LINE_COLORS[119 % len(LINE_COLORS)]
    rows = np.flatnonzero(mask_of(pixels, last, tolerance=20)[int(frame.area.bottom()) + 40:].any(axis=1))
    assert rows.size and rows.max() + int(frame.area.bottom()) + 40 < image.height() - 4


def test_the_y_title_and_the_note_are_whole_in_the_picture(dialog, models):
    """In French, two criteria: the note, three lines at the default size, ends inside the picture (its box
    held two: its last line was cut), and the y title is whole (was cut at the top with 16 curves)."""
    from qgis.PyQt.QtGui import QFontMetricsF

    with french_translation():
        for k in range(16):
            dialog.addModel(models[("sfs", "sffs")[k % 2]][0])
        for size in ((720, 440), (960, 600)):
            texts, pixels = painted(dialog.plot, size)
            values = pixels.astype(int)
            dark = values.max(axis=2) < 120
            assert not dark[-3:].any(), size  # nothing cut at the bottom
            note = [box for text, box in texts if text == dialog.plot.note]
            assert note and note[0].bottom() <= size[1]
            title = dark[:, :int(QFontMetricsF(dialog.plot.font()).height()) + 6]
            rows = np.flatnonzero(title.any(axis=1))
            length = QFontMetricsF(dialog.plot.font()).horizontalAdvance(dialog.plot.yTitle)
            assert rows.min() > 1 and rows.max() < size[1] - 2 and rows.max() - rows.min() >= 0.9 * length


def test_marks_that_would_run_together_go_higher_or_are_left_out(dialog, models):
    """A 20-size SFFS curve whose points swap bands ('+12 +2 −22'): no two marks drawn overlap (they ran
    together), each above its own point."""
    from qgis.PyQt.QtCore import QRectF

    from gmmselect.gui.series import series_from_model

    sizes = list(range(1, 21))
    dense = dataclasses.replace(series_from_model(models["sffs"][1], "dense"), sizes=sizes,
                                values=[1 - 0.7 ** k for k in sizes], best_size=12,
                                marks=[f"+{k + 10} +{k} −{k + 20}" for k in sizes])
    dialog.addSeries(dense, models["sffs"][1])
    texts, _ = painted(dialog.plot, SIZE)
    marks = [(text, box) for text, box in texts if text in dense.marks]
    assert len(marks) >= 8 and overlapping([box for _, box in marks]) == []
    frame = dialog.plot.frame(QRectF(0, 0, *SIZE))
    for text, box in marks:
        k = dense.marks.index(text)
        point = frame.point(dense.sizes[k], dense.values[k])
        assert abs(box.center().x() - point.x()) < 1 and box.bottom() < point.y()


def test_the_spectra_legend_keeps_the_plot_its_width_and_the_names_in_their_boxes(dialog):
    """28 classes, the first CORINE's long name: at each size the plot keeps MIN_PLOT_WIDTH, its x axis
    left to right; the legend, in columns right of it, stays in the picture, each name elided to its box,
    and hovering an entry gives the whole name (the long name made the plot's width negative, the classes
    ran off the bottom)."""
    from qgis.PyQt.QtCore import QRectF
    from qgis.PyQt.QtGui import QFontMetricsF
    from test_report import CORINE, synthetic_spectra

    from gmmselect.gui.spectra import MIN_PLOT_WIDTH, SpectraFrame

    names = [CORINE] + [f"class {k}" for k in range(1, 28)]
    spectra = synthetic_spectra(names)
    plot = dialog.spectra
    plot.setSpectra(spectra, "corine")
    for size in ((720, 440), (960, 600), (420, 300)):
        plot.resize(*size)
        area, legend = plot.chartLayout(QRectF(0, 0, *size), QFontMetricsF(plot.font()))
        frame = SpectraFrame(area, spectra)
        assert area.width() >= MIN_PLOT_WIDTH and frame.x(1) < frame.x(7)
        texts, _ = painted(plot, size)
        for box, name in legend:
            assert area.right() < box.left() and box.right() <= size[0] and box.bottom() <= size[1]
            assert plot.toolTipAt(box.center().toPoint()) == name
        shown = [(text, box) for text, box in texts if text not in ("corine",) and (
            text in names or text.endswith("…") and any(name.startswith(text[:-1]) for name in names))]
        assert all(area.right() < box.left() and box.right() <= size[0] for _, box in shown)
        assert size == (420, 300) or len(shown) == 28 and CORINE not in dict(shown)


def test_the_numbers_of_adjacent_selected_bands_do_not_run_together(dialog):
    """Bands 10 to 15 selected one after the other among 80: no two numbers drawn overlap (a second row over
    the first), each over its band's line (they ran together: '123456')."""
    from qgis.PyQt.QtCore import QRectF
    from qgis.PyQt.QtGui import QFontMetricsF
    from test_report import synthetic_spectra

    from gmmselect.gui.spectra import SpectraFrame

    spectra = synthetic_spectra(["a", "b"], bands=80, chosen=[10, 11, 12, 13, 14, 15, 3])
    dialog.spectra.setSpectra(spectra, "adjacent")
    texts, _ = painted(dialog.spectra, SIZE)
    numbers = [(text, box) for text, box in texts if text.isdigit() and box.bottom() < 80]
    assert {"1", "2", "7"} <= {text for text, _ in numbers} and len(numbers) >= 5
    assert overlapping([box for _, box in numbers]) == []
    frame = SpectraFrame(dialog.spectra.chartLayout(QRectF(0, 0, *SIZE), QFontMetricsF(dialog.font()))[0],
                         spectra)
    for text, box in numbers:
        assert abs(box.center().x() - frame.x(spectra.chosen[int(text) - 1][0])) < 1
        assert box.top() >= 0 and box.bottom() <= frame.area.top()


def test_the_spectra_of_one_band_shows_each_class_as_a_point_with_its_error_bar(dialog):
    """One band: each class's mean a dot in its colour on a bar of ± one standard deviation, the classes side
    by side (drew nothing)."""
    from qgis.PyQt.QtCore import QPointF, QRectF
    from qgis.PyQt.QtGui import QFontMetricsF
    from test_report import synthetic_spectra

    from gmmselect.gui.spectra import SpectraFrame
    from gmmselect.raster.report import DODGE

    spectra = synthetic_spectra(["water", "forest", "urban"], bands=1)
    dialog.spectra.setSpectra(spectra, "one band")
    _, pixels = painted(dialog.spectra, SIZE)
    frame = SpectraFrame(dialog.spectra.chartLayout(QRectF(0, 0, *SIZE), QFontMetricsF(dialog.font()))[0],
                         spectra)
    for k, (color, mean, std) in enumerate(zip(spectra.colors, spectra.means[:, 0], spectra.stds[:, 0])):
        x = frame.x(1.0) + (k - 1) * DODGE
        mask = inside(mask_of(pixels, color, tolerance=30), frame)
        assert near(mask, QPointF(x, frame.y(mean)), radius=2)
        for end in (mean - 0.9 * std, mean + 0.9 * std):
            assert near(mask, QPointF(x, frame.y(end)), radius=1)
        assert not near(mask, QPointF(x, frame.y(mean + 1.5 * std)), radius=1)
