"""The selection-curves dialog: this session's curves overlaid, their table, the Spectra of a model,
PNG/SVG/CSV exports.

One dialog lives for the whole QGIS session (`session_dialog`): every Train Selection run and
every model opened adds a curve to it, so runs overlay until the user removes or clears them.
"""

import os
import re

from qgis.core import QgsSettings
from qgis.PyQt.QtCore import Qt
from qgis.PyQt.QtGui import QColor, QIcon, QPixmap
from qgis.PyQt.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ..algorithms.tables import csv_text
from ..core import load_model
from ..i18n import GmmSelect, error_text
from ..raster.files import write_atomically
from ..raster.spectra import class_spectra
from ..raster.style import LINE_COLORS
from .curves import CurvePlot
from .series import CSV_HEADER, plot_values, series_from_model, table_rows
from .spectra import SpectraPlot

FOLDER_SETTING = "gmmselect/curves/folder"
SELECTED_COLUMN = CSV_HEADER.index("selected")

_session = {}


class CurvesDialog(QDialog):
    """Selection curves of several models, overlaid, with the table of their points, the Spectra of the
    current model (the one selected in the list, else the last added) and exports."""

    def __init__(self, parent=None):
        """An empty dialog; `addModel` adds curves."""
        super().__init__(parent)
        self.setWindowTitle(GmmSelect.tr("GMM Select: selection curves"))
        self.curves = []
        self.models = []
        self.added = 0
        self.plot = CurvePlot()
        self.spectra = SpectraPlot()
        self.tabs = QTabWidget()
        self.tabs.addTab(self.plot, GmmSelect.tr("Selection curves"))
        self.tabs.addTab(self.spectra, GmmSelect.tr("Spectra"))
        self.note = QLabel(GmmSelect.tr("Hover over a point for the bands of its set. A lone curve is "
                                        "annotated with the bands added (+) and removed (−) at each size. "
                                        "◆ marks the best size: the smallest whose value is within the size "
                                        "tolerance of the best."))
        self.note.setWordWrap(True)
        self.runs = QListWidget()
        self.runs.setSelectionMode(QAbstractItemView.ExtendedSelection)
        self.runs.itemChanged.connect(self.refresh)
        self.runs.currentRowChanged.connect(self.showSpectra)
        self.table = QTableWidget(0, len(CSV_HEADER))
        self.table.setHorizontalHeaderLabels([
            GmmSelect.tr("Curve"), GmmSelect.tr("Criterion"), GmmSelect.tr("Size"), GmmSelect.tr("Value"),
            GmmSelect.tr("Selected"), GmmSelect.tr("Bands"), GmmSelect.tr("Band names")])
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.setLayout(self.makeLayout())
        self.resize(1040, 780)
        self.refresh()

    def button(self, text, slot):
        """A push button calling `slot` (without arguments)."""
        button = QPushButton(text)
        button.clicked.connect(lambda: slot())
        return button

    def makeLayout(self):
        """Plot and curve list side by side above the table; export and close buttons below."""
        side = QVBoxLayout()
        side.addWidget(QLabel(GmmSelect.tr("Curves (untick to hide):")))
        side.addWidget(self.runs)
        for text, slot in ((GmmSelect.tr("Open model…"), self.openModel),
                           (GmmSelect.tr("Remove"), self.removeSelected),
                           (GmmSelect.tr("Clear"), self.clear)):
            side.addWidget(self.button(text, slot))
        side.addWidget(self.note)
        side.addStretch()
        top = QWidget()
        row = QHBoxLayout(top)
        row.addWidget(self.tabs, 3)
        row.addLayout(side, 1)
        splitter = QSplitter(Qt.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(self.table)
        splitter.setStretchFactor(0, 3)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        for text, slot in ((GmmSelect.tr("Export plot…"), self.exportPlot),
                           (GmmSelect.tr("Export table…"), self.exportTable)):
            buttons.addButton(self.button(text, slot), QDialogButtonBox.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout()
        for widget in (splitter, buttons):
            layout.addWidget(widget)
        return layout

    # -- curves -----------------------------------------------------------------------------

    def addModel(self, path):
        """Add the selection curve of the model file at `path`; ValueError if it has none."""
        name = f"{self.added + 1}. {os.path.basename(path)}"
        model = load_model(path)
        return self.addSeries(series_from_model(model, name), model)

    def addSeries(self, series, model=None):
        """Add a CurveSeries (of SavedModel `model`, whose spectra the Spectra tab shows), shown, in the
        next palette colour."""
        color = LINE_COLORS[self.added % len(LINE_COLORS)]
        self.added += 1
        self.curves.append((series, color))
        self.models.append(model)
        swatch = QPixmap(12, 12)
        swatch.fill(QColor(color))
        item = QListWidgetItem(QIcon(swatch), series.label)
        item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
        item.setCheckState(Qt.Checked)
        self.runs.blockSignals(True)
        self.runs.addItem(item)
        self.runs.blockSignals(False)
        self.refresh()
        return series

    def visibleCurves(self):
        """[(series, colour)] of the ticked curves."""
        return [curve for row, curve in enumerate(self.curves)
                if self.runs.item(row).checkState() == Qt.Checked]

    def refresh(self):
        """Redraw the plot, the note and the table from the ticked curves."""
        visible = self.visibleCurves()
        series = [curve[0] for curve in visible]
        values, title, note = plot_values(series)
        colors = [color for _, color in visible]
        self.plot.setCurves(list(zip(series, values, colors)), title, note, len(visible) < len(self.curves))
        self.fillTable(table_rows(series))
        self.showSpectra()

    def showSpectra(self, *_):
        """The Spectra tab: the spectra of the model selected in the list, else of the last one added."""
        row = self.runs.currentRow()
        row = row if 0 <= row < len(self.models) else len(self.models) - 1
        model = self.models[row] if row >= 0 else None
        self.spectra.setSpectra(class_spectra(model) if model is not None else None,
                                self.curves[row][0].label if model is not None else "")

    def fillTable(self, rows):
        """The table: one row per curve and size; the set each model uses in bold."""
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                item = QTableWidgetItem("◆" if c == SELECTED_COLUMN and value else "" if c == SELECTED_COLUMN
                                        else str(value))
                font = item.font()
                font.setBold(bool(row[SELECTED_COLUMN]))
                item.setFont(font)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()

    def removeSelected(self):
        """Remove the selected curves."""
        for row in sorted((self.runs.row(item) for item in self.runs.selectedItems()), reverse=True):
            self.runs.takeItem(row)
            del self.curves[row], self.models[row]
        self.refresh()

    def clear(self):
        """Remove every curve (the next one starts again at number 1 and the first colour)."""
        self.curves, self.models, self.added = [], [], 0
        self.runs.clear()
        self.refresh()

    # -- files ------------------------------------------------------------------------------

    def openModel(self):
        """Ask for a model file and add its curve."""
        path = ask_model_path(self)
        return self.addModelOrWarn(path) if path else None

    def addModelOrWarn(self, path):
        """`addModel`, with a message box instead of an exception for a file without a curve."""
        try:
            return self.addModel(path)
        except (ValueError, OSError) as error:
            warn(self, error_text(error))
            return None

    def exportPlot(self, path=None):
        """Write the chart of the current tab (selection curves or spectra) as PNG or SVG (by extension;
        PNG by default) to `path` or a chosen file; a message box says when it cannot be written."""
        chart = self.tabs.currentWidget()
        path = path or ask_save_path(self, GmmSelect.tr("Export the plot"),
                                     GmmSelect.tr("PNG image (*.png);;SVG drawing (*.svg)"))
        if not path:
            return None
        if path.lower().endswith(".svg"):
            written = chart.writeSvg(path, chart.exportSize())
        else:
            path = with_extension(path, ".png")
            written = chart.renderImage(chart.exportSize()).save(path, "PNG")
        if not written:
            warn(self, GmmSelect.tr("Cannot write {0}.").format(path))
            return None
        return path

    def exportTable(self, path=None):
        """Write the ticked curves' table as CSV to `path` or a chosen file; a message box says why it
        cannot be written."""
        path = path or ask_save_path(self, GmmSelect.tr("Export the table"),
                                     GmmSelect.tr("CSV files (*.csv)"))
        if not path:
            return None
        rows = [CSV_HEADER, *table_rows([series for series, _ in self.visibleCurves()])]
        try:
            return write_atomically(with_extension(path, ".csv"), csv_text(rows))
        except (ValueError, OSError) as error:
            warn(self, error_text(error))
            return None


def warn(parent, text):
    """A warning box showing `text` as plain text (a file name such as '<b>x.gmm' is no markup)."""
    box = QMessageBox(QMessageBox.Warning, GmmSelect.tr("GMM Select"), text, QMessageBox.Ok, parent)
    box.setTextFormat(Qt.PlainText)
    box.exec_()


def with_extension(path, extension):
    """`path`, with `extension` appended unless it already ends with it."""
    return path if path.lower().endswith(extension) else path + extension


def last_folder():
    """The folder of the last model opened or file exported."""
    return QgsSettings().value(FOLDER_SETTING, os.path.expanduser("~"))


def remember_folder(path):
    """Remember the folder of `path` for the next file dialog."""
    QgsSettings().setValue(FOLDER_SETTING, os.path.dirname(path))


def ask_model_path(parent):
    """A .gmm file chosen by the user, or ''."""
    path, _ = QFileDialog.getOpenFileName(parent, GmmSelect.tr("Open a GMM Select model"), last_folder(),
                                          GmmSelect.tr("GMM Select model (*.gmm)"))
    if path:
        remember_folder(path)
    return path


def ask_save_path(parent, title, filters):
    """A file name to write, chosen by the user, or ''; without the extension of one of `filters`, it takes
    that of the filter chosen."""
    path, chosen = QFileDialog.getSaveFileName(parent, title, last_folder(), filters)
    if not path:
        return path
    remember_folder(path)
    if path.lower().endswith(tuple(filter_extensions(filters))):
        return path
    return path + filter_extensions(chosen or filters)[0]


def filter_extensions(filters):
    """['.png', '.svg'] of file-dialog filters 'PNG image (*.png);;SVG drawing (*.svg)'."""
    return re.findall(r"\*(\.\w+)", filters)


def session_dialog(parent=None):
    """The session's curves dialog, created on first use and kept so that successive runs overlay."""
    if _session.get("dialog") is None:
        dialog = CurvesDialog(parent)
        dialog.destroyed.connect(lambda: forget(dialog))
        _session["dialog"] = dialog
    return _session["dialog"]


def forget(dialog):
    """Drop `dialog` from the session when Qt deletes it (e.g. with its parent window)."""
    if _session.get("dialog") is dialog:
        del _session["dialog"]


def close_session():
    """Close and delete the session's dialog (plugin unload)."""
    dialog = _session.pop("dialog", None)
    if dialog is not None:
        dialog.close()
        dialog.deleteLater()


def present(dialog):
    """Show `dialog` without blocking (non-modal) and bring it to the front."""
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()
    return dialog
