"""A QPainter plot of a model's class spectra: the Spectra view of the selection-curves window.

The same picture as the report's Spectra chart (raster.report.spectra_chart), from the same data
(raster.spectra.Spectra): each class's mean spectrum ± one standard deviation, shaded, in the class
colours, over band number or wavelength, and the selected bands as dashed vertical lines numbered in
their order of selection. QPainter only, no QGIS class.
"""

from qgis.PyQt.QtCore import QPointF, QRectF, QSize, Qt
from qgis.PyQt.QtGui import QColor, QFontMetricsF, QPainter, QPen, QPolygonF
from qgis.PyQt.QtWidgets import QSizePolicy

from ..i18n import GmmSelect
from ..raster.report import ticks, value_range
from ..raster.spectra import value_limits
from .curves import GRID_COLOR, TEXT_COLOR, PaintedChart

#: Opacity of the ± one standard deviation band (0-255).
SHADE_ALPHA = 55
LEGEND_SWATCH = 22


class SpectraPlot(PaintedChart):
    """The Spectra widget: the class spectra of one model (a raster.spectra.Spectra) under a title."""

    def __init__(self, parent=None):
        """An empty plot."""
        super().__init__(parent)
        self.spectra, self.title = None, ""
        self.setWindowTitle(GmmSelect.tr("Spectra"))
        self.setMinimumSize(420, 300)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)

    def setSpectra(self, spectra, title=""):
        """Show `spectra` (None: nothing) under `title` (the model's curve label)."""
        self.spectra, self.title = spectra, title
        self.update()

    def sizeHint(self):
        """A comfortable default size."""
        return QSize(720, 440)

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
        legend = max(metrics.horizontalAdvance(name) for name in self.spectra.names) + LEGEND_SWATCH + 24
        line = metrics.height()
        area = QRectF(rect.left() + 2 * line + metrics.horizontalAdvance("00000.0") + 12,
                      rect.top() + 2 * line + 16, 0, 0)
        area.setRight(rect.right() - legend - 12)
        area.setBottom(rect.bottom() - 2 * line - 18)
        frame = SpectraFrame(area, self.spectra)
        painter.drawText(QRectF(area.left(), rect.top() + 4, area.width(), line), Qt.AlignCenter, self.title)
        self.drawAxes(painter, frame, rect, metrics)
        self.drawClasses(painter, frame)
        self.drawChosen(painter, frame, metrics)
        self.drawLegend(painter, QPointF(area.right() + 16, area.top()), line)

    def drawAxes(self, painter, frame, rect, metrics):
        """Grid and ticks at round values (1-2-5 steps), the frame and both axis titles."""
        area, line = frame.area, metrics.height()
        values, decimals = ticks(*frame.y_limits)
        for value in values:
            y = frame.y(value)
            painter.setPen(QPen(QColor(GRID_COLOR), 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(QColor(TEXT_COLOR))
            painter.drawText(QRectF(area.left() - 206, y - line / 2, 200, line),
                             Qt.AlignRight | Qt.AlignVCenter, f"{value:.{decimals}f}")
        values, decimals = ticks(*frame.x_limits, count=8)
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
        """Each class: the shaded band mean ± one standard deviation, then its mean as a line."""
        spectra = self.spectra
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

    def drawChosen(self, painter, frame, metrics):
        """The selected bands: dashed vertical lines, numbered above the frame in their order of selection."""
        area = frame.area
        font = painter.font()
        bold = painter.font()
        bold.setBold(True)
        painter.setFont(bold)
        for value, order in self.spectra.chosen:
            x = frame.x(value)
            painter.setPen(QPen(QColor(TEXT_COLOR), 1.2, Qt.DashLine))
            painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
            painter.setPen(QColor(TEXT_COLOR))
            painter.drawText(QRectF(x - 20, area.top() - metrics.height() - 4, 40, metrics.height()),
                             Qt.AlignCenter, str(order))
        painter.setFont(font)

    def drawLegend(self, painter, top_left, line):
        """Each class's swatch (line over its shade) and name, right of the frame."""
        for k, (name, color) in enumerate(zip(self.spectra.names, self.spectra.colors)):
            y = top_left.y() + k * (line + 6)
            shade = QColor(color)
            shade.setAlpha(SHADE_ALPHA * 2)
            painter.setPen(QPen(QColor(color), 2))
            painter.setBrush(shade)
            painter.drawRect(QRectF(top_left.x(), y + 2, LEGEND_SWATCH, line - 4))
            painter.setPen(QColor(TEXT_COLOR))
            painter.drawText(QRectF(top_left.x() + LEGEND_SWATCH + 8, y, 4000, line),
                             Qt.AlignLeft | Qt.AlignVCenter, name)


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
