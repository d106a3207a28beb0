"""A QPainter plot of a model's class spectra: the Spectra view of the selection-curves window.

The same picture as the report's Spectra chart (raster.report.spectra_chart), from the same data
(raster.spectra.Spectra): each class's mean spectrum ± one standard deviation, shaded, in the class
colours, over band number or wavelength, and the selected bands as dashed vertical lines numbered in
their order of selection. QPainter only, no QGIS class.
"""

import math

from qgis.PyQt.QtCore import QPointF, QRectF, QSize, Qt
from qgis.PyQt.QtGui import QColor, QFontMetricsF, QPainter, QPen, QPolygonF
from qgis.PyQt.QtWidgets import QSizePolicy

from ..i18n import GmmSelect
from ..raster.report import DODGE, placed_labels, ticks, value_range
from ..raster.spectra import value_limits
from .curves import GRID_COLOR, MIN_HEIGHT, MIN_WIDTH, POINT_RADIUS, TEXT_COLOR, PaintedChart

#: Opacity of the ± one standard deviation band (0-255).
SHADE_ALPHA = 55
LEGEND_SWATCH = 22
#: A legend column is at most this wide: longer class names are elided (hover one for the whole name).
LEGEND_MAX_WIDTH = 220.0
#: The plot area keeps at least this width: more legend columns elide the class names more.
MIN_PLOT_WIDTH = 200.0


class SpectraPlot(PaintedChart):
    """The Spectra widget: the class spectra of one model (a raster.spectra.Spectra) under a title."""

    def __init__(self, parent=None):
        """An empty plot."""
        super().__init__(parent)
        self.spectra, self.title = None, ""
        self.setWindowTitle(GmmSelect.tr("Spectra"))
        self.setMinimumSize(MIN_WIDTH, MIN_HEIGHT)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)

    def setSpectra(self, spectra, title=""):
        """Show `spectra` (None: nothing) under `title` (the model's curve label)."""
        self.spectra, self.title = spectra, title
        self.update()

    def sizeHint(self):
        """A comfortable default size."""
        return QSize(720, 440)

    def chartLayout(self, rect, metrics):
        """(plot area, legend [(box, class name)]) of the spectra drawn in `rect`: over the area, the
        title and two rows for the numbers of the selected bands; right of it, the legend in as many
        columns as its rows need and the area's MIN_PLOT_WIDTH leaves room for, each at most
        LEGEND_MAX_WIDTH wide (names elided), its rows closer (swatches only) where they do not fit."""
        line, count = metrics.height(), len(self.spectra.names)
        left = 2 * line + metrics.horizontalAdvance("00000.0") + 12
        top = (3 if self.spectra.chosen else 2) * line + 16
        height = rect.height() - top - 2 * line - 18
        room = rect.width() - left - MIN_PLOT_WIDTH - 12
        columns = max(1, min(math.ceil(count / max(1, (height + 6) // (line + 6))),
                             int(room // (LEGEND_SWATCH + 24))))
        width = self.columnWidth(metrics, room / columns)
        rows = math.ceil(count / columns)
        pitch = min(line + 6, (height + 6) / rows)
        area = QRectF(rect.left() + left, rect.top() + top, rect.width() - left - columns * width - 12,
                      height)
        legend = [(QRectF(area.right() + 16 + k // rows * width, area.top() + k % rows * pitch, width - 16,
                          min(line, pitch - 2)), name) for k, name in enumerate(self.spectra.names)]
        return area, legend

    def columnWidth(self, metrics, room):
        """The width of a legend column: its longest name's, at most LEGEND_MAX_WIDTH and `room`, at least
        a swatch's."""
        longest = max(metrics.horizontalAdvance(name) for name in self.spectra.names)
        return max(LEGEND_SWATCH + 24, min(longest + LEGEND_SWATCH + 24, LEGEND_MAX_WIDTH, room))

    def toolTipAt(self, position):
        """The whole name of the class whose legend entry is at `position`, or ''."""
        if self.spectra is None:
            return ""
        _, legend = self.chartLayout(QRectF(self.rect()), QFontMetricsF(self.font()))
        return next((name for box, name in legend if box.contains(QPointF(position))), "")

    def paintTo(self, painter, rect):
        """Paint the spectra into `rect` with `painter` (screen, QImage or SVG)."""
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setFont(self.font())
        painter.fillRect(rect, QColor("white"))
        painter.setPen(QColor(TEXT_COLOR))
        if self.spectra is None:
            painter.drawText(rect, Qt.AlignCenter, GmmSelect.tr("No model yet: run Train Selection or open a "
                                                                "model file."))
            return
        metrics = QFontMetricsF(painter.font())
        area, legend = self.chartLayout(rect, metrics)
        frame = SpectraFrame(area, self.spectra)
        painter.drawText(QRectF(rect.left() + 4, rect.top() + 4, rect.width() - 8, metrics.height()),
                         Qt.AlignCenter, metrics.elidedText(self.title, Qt.ElideRight, rect.width() - 8))
        self.drawAxes(painter, frame, rect, metrics)
        self.drawClasses(painter, frame)
        self.drawChosen(painter, frame, metrics)
        self.drawLegend(painter, legend, metrics)

    def drawAxes(self, painter, frame, rect, metrics):
        """Grid and ticks at round values (1-2-5 steps; on x at most one per 70 px), the frame and both axis
        titles."""
        area, line = frame.area, metrics.height()
        values, decimals = ticks(*frame.y_limits)
        for value in values:
            y = frame.y(value)
            painter.setPen(QPen(QColor(GRID_COLOR), 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(QColor(TEXT_COLOR))
            painter.drawText(QRectF(area.left() - 206, y - line / 2, 200, line),
                             Qt.AlignRight | Qt.AlignVCenter, f"{value:.{decimals}f}")
        values, decimals = ticks(*frame.x_limits, count=min(8, max(2, int(area.width() // 70))))
        if not self.spectra.by_wavelength:
            values, decimals = [v for v in values if float(v).is_integer()], 0
        for value in values:
            painter.drawText(QRectF(frame.x(value) - 40, area.bottom() + 4, 80, line), Qt.AlignCenter,
                             f"{value:.{decimals}f}")
        painter.setPen(QPen(QColor(TEXT_COLOR), 1))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(area)
        x_title = GmmSelect.tr("Wavelength") if self.spectra.by_wavelength else GmmSelect.tr("Band number")
        painter.drawText(QRectF(area.left(), area.bottom() + line + 8, area.width(), line), Qt.AlignCenter,
                         x_title)
        painter.save()
        painter.translate(rect.left() + 4 + line / 2, area.center().y())
        painter.rotate(-90)
        painter.drawText(QRectF(-rect.height() / 2, -line / 2, rect.height(), line), Qt.AlignCenter,
                         GmmSelect.tr("Band value"))
        painter.restore()

    def drawClasses(self, painter, frame):
        """Each class: the shaded band mean ± one standard deviation, then its mean as a line (one band:
        drawPoints)."""
        spectra = self.spectra
        if len(spectra.x) == 1:
            self.drawPoints(painter, frame)
            return
        xs = [frame.x(value) for value in spectra.x]
        for color, means, stds in zip(spectra.colors, spectra.means, spectra.stds):
            shade = QColor(color)
            shade.setAlpha(SHADE_ALPHA)
            upper = [QPointF(x, frame.y(m + s)) for x, m, s in zip(xs, means, stds)]
            lower = [QPointF(x, frame.y(m - s)) for x, m, s in zip(xs, means, stds)]
            painter.setPen(Qt.NoPen)
            painter.setBrush(shade)
            painter.drawPolygon(QPolygonF(upper + lower[::-1]))
        painter.setBrush(Qt.NoBrush)
        for color, means in zip(spectra.colors, spectra.means):
            painter.setPen(QPen(QColor(color), 2))
            painter.drawPolyline(QPolygonF([QPointF(x, frame.y(m)) for x, m in zip(xs, means)]))

    def drawPoints(self, painter, frame):
        """A model of one band: each class's mean as a dot on an error bar of ± one standard deviation,
        the classes side by side (DODGE apart) around the band."""
        spectra = self.spectra
        middle, count = frame.x(spectra.x[0]), len(spectra.names)
        for k, (color, mean, std) in enumerate(zip(spectra.colors, spectra.means[:, 0], spectra.stds[:, 0])):
            x = middle + (k - (count - 1) / 2) * DODGE
            painter.setPen(QPen(QColor(color), 2))
            painter.drawLine(QPointF(x, frame.y(mean - std)), QPointF(x, frame.y(mean + std)))
            painter.setBrush(QColor(color))
            painter.drawEllipse(QPointF(x, frame.y(mean)), POINT_RADIUS, POINT_RADIUS)

    def drawChosen(self, painter, frame, metrics):
        """The selected bands: dashed vertical lines, numbered above the frame in their order of selection;
        a number that would run into an earlier one goes one row higher, else is left out."""
        area, line = frame.area, metrics.height()
        font = painter.font()
        bold = painter.font()
        bold.setBold(True)
        painter.setFont(bold)
        wide = QFontMetricsF(bold)
        options = []
        for value, order in self.spectra.chosen:
            x, half = frame.x(value), wide.horizontalAdvance(str(order)) / 2 + 1
            options.append([(x - half, bottom - line, x + half, bottom)
                            for bottom in (area.top() - 4, area.top() - 4 - line)])
            painter.setPen(QPen(QColor(TEXT_COLOR), 1.2, Qt.DashLine))
            painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
        painter.setPen(QColor(TEXT_COLOR))
        for (_, order), box in zip(self.spectra.chosen, placed_labels(options)):
            if box is not None:
                painter.drawText(QRectF(QPointF(*box[:2]), QPointF(*box[2:])), Qt.AlignCenter, str(order))
        painter.setFont(font)

    def drawLegend(self, painter, legend, metrics):
        """Each class's swatch (line over its shade) and name, elided to its box (no name in a box lower
        than a line)."""
        for (box, name), color in zip(legend, self.spectra.colors):
            shade = QColor(color)
            shade.setAlpha(SHADE_ALPHA * 2)
            painter.setPen(QPen(QColor(color), 2))
            painter.setBrush(shade)
            painter.drawRect(QRectF(box.left(), box.top() + 2, LEGEND_SWATCH, max(box.height() - 4, 2)))
            text = box.adjusted(LEGEND_SWATCH + 8, 0, 0, 0)
            if box.height() >= metrics.height():
                painter.setPen(QColor(TEXT_COLOR))
                painter.drawText(text, Qt.AlignLeft | Qt.AlignVCenter,
                                 metrics.elidedText(name, Qt.ElideRight, text.width()))


class SpectraFrame:
    """The data rectangle of the Spectra plot and the mapping from (x, band value) to pixels."""

    def __init__(self, area, spectra):
        """`area` (QRectF) shows the bands' x range (2 % margins) and every mean ± sd (5 % padding)."""
        self.area = area
        low, high = float(spectra.x.min()), float(spectra.x.max())
        margin = 0.02 * ((high - low) or 1.0)
        self.x_limits = (low - margin, high + margin)
        self.y_limits = value_range(value_limits(spectra))

    def x(self, value):
        """Pixel column of x `value`."""
        low, high = self.x_limits
        return self.area.left() + (value - low) / (high - low) * self.area.width()

    def y(self, value):
        """Pixel row of band value `value`."""
        low, high = self.y_limits
        return self.area.bottom() - (value - low) / (high - low) * self.area.height()
