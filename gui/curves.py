"""A QPainter plot of selection curves: criterion value against the number of selected bands.

QPainter only, no QGIS class. `CurveDrawing` paints curves given as (CurveSeries, y values, colour),
marks the best size of each with a diamond and annotates the points of a lone curve with the bands
that changed; `CurvePlot`, the widget, holds the curves and shows the bands of a point in its
tooltip; like every `PaintedChart` it paints the same drawing on screen, into a QImage (PNG) and
into an SVG file.
"""

import math

from qgis.PyQt.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from qgis.PyQt.QtGui import QColor, QFontMetricsF, QImage, QPainter, QPen, QPolygonF
from qgis.PyQt.QtWidgets import QSizePolicy, QToolTip, QWidget

from ..i18n import GmmSelect
from ..raster.report import nice_step, placed_labels, ticks, value_range
from ..raster.style import HIGHLIGHT_COLOR
from .series import shared_bounds

GRID_COLOR = "#e0e0e0"
TEXT_COLOR = "#303030"
POINT_RADIUS = 3.5
BEST_RADIUS = 8.0
HOVER_DISTANCE = 10.0
#: The plot area keeps at least this height: more curves put the legend in more columns.
MIN_PLOT_HEIGHT = 120.0
#: A legend line's text starts this far right of its line or marker's left; its columns are at least
#: LEGEND_COLUMN wide.
LEGEND_INDENT, LEGEND_COLUMN = 32.0, 120.0
#: The smallest size of the plots, and the size of their export (PNG, SVG).
MIN_WIDTH, MIN_HEIGHT = 420, 300
EXPORT_SIZE = QSize(960, 600)


def size_ticks(low, high, count=10):
    """Integer ticks in [low, high], at most about `count` of them."""
    step = max(1, nice_step(max((high - low) / count, 1)))
    return list(range(int(math.ceil(low / step) * step), int(high) + 1, int(step)))


class PlotFrame:
    """The data rectangle of the plot and the mapping from (size, value) to pixels."""

    def __init__(self, outer, area, sizes, values, bounds=(None, None)):
        """`area` (QRectF, inside `outer`) shows sizes from min-0.5 to max+0.5 and the padded range
        of `values` within `bounds` (what the criterion can reach)."""
        self.outer, self.area = outer, area
        self.x_low, self.x_high = min(sizes) - 0.5, max(sizes) + 0.5
        self.y_low, self.y_high = value_range(values, bounds)

    def point(self, size, value):
        """Pixel position of (size, value)."""
        x = self.area.left() + (size - self.x_low) / (self.x_high - self.x_low) * self.area.width()
        y = self.area.bottom() - (value - self.y_low) / (self.y_high - self.y_low) * self.area.height()
        return QPointF(x, y)


class CurveDrawing:
    """What the plot paints, apart from any widget: curves [(CurveSeries, y values, colour)], the axis
    titles and the note, in `font`, or the text `empty` without curves; the same drawing goes to the
    screen, a QImage and an SVG file."""

    def __init__(self, curves, x_title, y_title, note, font, empty):
        """The drawing of `curves` under the titles."""
        self.curves, self.xTitle, self.yTitle, self.note, self.font = curves, x_title, y_title, note, font
        self.empty = empty

    def legendTexts(self):
        """The legend's lines: each curve with its best size, then the best-size marker."""
        return [GmmSelect.tr("{0}: best size {1}").format(series.label, series.best_size)
                for series, _, _ in self.curves] + [GmmSelect.tr("Best size of each curve")]

    def margins(self, metrics):
        """(left, top, bottom) margins of the plot area: the y title and tick labels on its left, a line on
        its top, the tick labels and the x title under it (the legend apart)."""
        low, high = value_range([v for _, ys, _ in self.curves for v in ys])
        decimals = ticks(low, high)[1]
        label_width = max(metrics.horizontalAdvance(f"{v:.{decimals}f}") for v in (low, high))
        return metrics.height() + label_width + 18, metrics.height() + 14, 2 * metrics.height() + 18

    def legendLayout(self, rect, metrics):
        """(row height, columns, rows, note height) of the legend under the plot in `rect`: the fewest
        columns that leave the plot MIN_PLOT_HEIGHT (at most as many as LEGEND_COLUMN allows), and the
        note as it wraps across the legend's width."""
        left, top, bottom = self.margins(metrics)
        row, count, width = metrics.height() + 4, len(self.curves) + 1, rect.width() - left - 8
        note = metrics.boundingRect(QRectF(0, 0, width, 1e6), Qt.TextWordWrap, self.note).height() + 4 \
            if self.note else 0.0
        room = rect.height() - top - bottom - note - MIN_PLOT_HEIGHT
        most = max(1, min(count, int(width // LEGEND_COLUMN)))
        columns = next((c for c in range(1, most) if math.ceil(count / c) * row <= room), most)
        return row, columns, math.ceil(count / columns), note

    def minimumHeight(self, width):
        """The height the plot needs at `width` to keep MIN_PLOT_HEIGHT over the legend, in as many columns
        as fit, and the note."""
        metrics = QFontMetricsF(self.font)
        _, top, bottom = self.margins(metrics)
        row, _, rows, note = self.legendLayout(QRectF(0, 0, width, 0), metrics)
        return top + MIN_PLOT_HEIGHT + bottom + rows * row + note

    def frame(self, rect):
        """The PlotFrame of the curves drawn in `rect` (QRectF), or None without curves: the area keeps
        MIN_PLOT_HEIGHT whatever the legend takes."""
        if not self.curves:
            return None
        metrics = QFontMetricsF(self.font)
        left, top, bottom = self.margins(metrics)
        row, _, rows, note = self.legendLayout(rect, metrics)
        area = QRectF(rect.left() + left, rect.top() + top, rect.width() - left - 18,
                      max(MIN_PLOT_HEIGHT, rect.height() - top - bottom - rows * row - note))
        values = [v for _, ys, _ in self.curves for v in ys]
        series_list = [series for series, _, _ in self.curves]
        bounds = (shared_bounds(series_list) if len({s.criterion for s in series_list}) == 1
                  else (None, None))
        return PlotFrame(rect, area, [s for series in series_list for s in series.sizes], values, bounds)

    def points(self, frame):
        """[(series, index, pixel)] of every point of every curve."""
        return [(series, i, frame.point(size, value))
                for series, ys, _ in self.curves for i, (size, value) in enumerate(zip(series.sizes, ys))]

    def paint(self, painter, rect):
        """Paint the whole plot into `rect` with `painter` (screen, QImage or SVG)."""
        painter.setRenderHint(QPainter.Antialiasing)
        painter.setFont(self.font)
        painter.fillRect(rect, QColor("white"))
        frame = self.frame(rect)
        if frame is None:
            painter.setPen(QColor(TEXT_COLOR))
            painter.drawText(rect, Qt.AlignCenter | Qt.TextWordWrap, self.empty)
            return
        self.drawAxes(painter, frame)
        for series, ys, color in self.curves:
            self.drawCurve(painter, frame, series, ys, QColor(color))
        if len(self.curves) == 1:
            self.drawMarks(painter, frame)
        for series, ys, color in self.curves:
            best = frame.point(series.best_size, ys[series.sizes.index(series.best_size)])
            self.drawBest(painter, best, QColor(color))
        self.drawLegend(painter, frame)

    def drawAxes(self, painter, frame):
        """Grid, ticks with their labels, the frame and both axis titles."""
        area, metrics = frame.area, QFontMetricsF(painter.font())
        values, decimals = ticks(frame.y_low, frame.y_high)
        for value in values:
            y = frame.point(frame.x_low, value).y()
            painter.setPen(QPen(QColor(GRID_COLOR), 1))
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(QColor(TEXT_COLOR))
            painter.drawText(QRectF(area.left() - 200 - 6, y - metrics.height() / 2, 200, metrics.height()),
                             Qt.AlignRight | Qt.AlignVCenter, f"{value:.{decimals}f}")
        for size in size_ticks(frame.x_low, frame.x_high):
            x = frame.point(size, frame.y_low).x()
            painter.setPen(QPen(QColor(GRID_COLOR), 1))
            painter.drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()))
            painter.setPen(QColor(TEXT_COLOR))
            painter.drawText(QRectF(x - 30, area.bottom() + 4, 60, metrics.height()), Qt.AlignCenter,
                             str(size))
        painter.setPen(QPen(QColor(TEXT_COLOR), 1))
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(area)
        self.drawTitles(painter, frame, metrics)

    def drawTitles(self, painter, frame, metrics):
        """x-axis title under the tick labels, y-axis title rotated along the left edge, centred on the
        plot area as far as the whole title stays in the picture (elided when longer)."""
        area, outer = frame.area, frame.outer
        painter.drawText(QRectF(area.left(), area.bottom() + metrics.height() + 8, area.width(),
                                metrics.height()), Qt.AlignCenter, self.xTitle)
        title = metrics.elidedText(self.yTitle, Qt.ElideRight, outer.height() - 8)
        half = metrics.horizontalAdvance(title) / 2 + 2
        centre = min(max(area.center().y(), outer.top() + 4 + half), outer.bottom() - 4 - half)
        painter.save()
        painter.translate(outer.left() + 4 + metrics.height() / 2, centre)
        painter.rotate(-90)
        painter.drawText(QRectF(-half, -metrics.height() / 2, 2 * half, metrics.height()), Qt.AlignCenter,
                         title)
        painter.restore()

    def drawCurve(self, painter, frame, series, ys, color):
        """The polyline of one curve and a dot on each point."""
        pixels = [frame.point(size, value) for size, value in zip(series.sizes, ys)]
        painter.setPen(QPen(color, 2))
        painter.setBrush(Qt.NoBrush)
        painter.drawPolyline(QPolygonF(pixels))
        painter.setBrush(color)
        for pixel in pixels:
            painter.drawEllipse(pixel, POINT_RADIUS, POINT_RADIUS)

    def drawMarks(self, painter, frame):
        """Above each point of a lone curve, the bands added (+) and removed (−) at that size; a mark that
        would run into an earlier one goes one line higher, else is left out (the tooltip gives it)."""
        series, ys, _ = self.curves[0]
        painter.setPen(QColor(TEXT_COLOR))
        metrics = QFontMetricsF(painter.font())
        options = [self.markBoxes(frame, frame.point(size, value), mark, metrics)
                   for size, value, mark in zip(series.sizes, ys, series.marks)]
        for mark, box in zip(series.marks, placed_labels(options)):
            if box is not None:
                painter.drawText(QRectF(QPointF(*box[:2]), QPointF(*box[2:])), Qt.AlignCenter, mark)

    def markBoxes(self, frame, pixel, mark, metrics):
        """Where `mark` of the point at `pixel` may stand, by preference: above the point, then one line
        higher; (left, top, right, bottom) boxes within the picture."""
        half, height = metrics.horizontalAdvance(mark) / 2, metrics.height()
        bottoms = [pixel.y() - BEST_RADIUS - 4 - line * height for line in (0, 1)]
        return [(pixel.x() - half, bottom - height, pixel.x() + half, bottom) for bottom in bottoms
                if bottom - height >= frame.outer.top()]

    def drawBest(self, painter, pixel, outline):
        """The best-size marker: a highlight-coloured diamond outlined in `outline` (its curve's colour)."""
        r = BEST_RADIUS
        painter.setPen(QPen(outline, 2))
        painter.setBrush(QColor(HIGHLIGHT_COLOR))
        painter.drawPolygon(QPolygonF([pixel + QPointF(0, -r), pixel + QPointF(r, 0), pixel + QPointF(0, r),
                                       pixel + QPointF(-r, 0)]))

    def drawLegend(self, painter, frame):
        """Under the x-axis title, in columns (filled down first) that leave the plot its height: each
        curve with its best size, then the best-size marker, their texts elided in the middle to fit;
        then the note."""
        metrics = QFontMetricsF(painter.font())
        left, outer = frame.area.left(), frame.outer
        row, columns, rows, note = self.legendLayout(outer, metrics)
        top = frame.area.bottom() + 2 * metrics.height() + 14
        width = (outer.right() - 8 - left) / columns
        colors = [color for _, _, color in self.curves]
        for k, text in enumerate(self.legendTexts()):
            x, y = left + k // rows * width, top + (k % rows + 0.5) * row
            if k < len(colors):
                painter.setPen(QPen(QColor(colors[k]), 2))
                painter.drawLine(QPointF(x, y), QPointF(x + 24, y))
            else:
                self.drawBest(painter, QPointF(x + 12, y), QColor("white"))
            painter.setPen(QColor(TEXT_COLOR))
            painter.drawText(QRectF(x + LEGEND_INDENT, y - row / 2, width - LEGEND_INDENT - 8, row),
                             Qt.AlignLeft | Qt.AlignVCenter,
                             metrics.elidedText(text, Qt.ElideMiddle, width - LEGEND_INDENT - 8))
        if self.note:
            painter.drawText(QRectF(left, top + rows * row, outer.right() - left - 8, note),
                             Qt.AlignLeft | Qt.AlignTop | Qt.TextWordWrap, self.note)


class PaintedChart(QWidget):
    """A widget that paints its drawing (`paintTo`) on screen, into a QImage (PNG) and into an SVG file,
    and shows the tooltip of what is under the mouse (`toolTipAt`)."""

    def paintTo(self, painter, rect):
        """Paint the chart into `rect` with `painter` (subclasses override)."""
        raise NotImplementedError

    def toolTipAt(self, position):
        """The tooltip at `position` (QPoint), or '' (subclasses override)."""
        raise NotImplementedError

    def exportSize(self):
        """The size of the chart's PNG and SVG: EXPORT_SIZE."""
        return EXPORT_SIZE

    def event(self, event):
        """Show the tooltip of what is under the mouse."""
        if event.type() != QEvent.ToolTip:
            return super().event(event)
        text = self.toolTipAt(event.pos())
        if text:
            QToolTip.showText(event.globalPos(), text, self)
        else:
            QToolTip.hideText()
        return True

    def paintEvent(self, event):
        """Paint the chart on the widget. Every painter is ended, the drawing failing or not: a painter left
        active on the widget or an image crashed the whole process (SIGSEGV)."""
        painter = QPainter(self)
        try:
            self.paintTo(painter, QRectF(self.rect()))
        finally:
            painter.end()

    def renderImage(self, size):
        """The chart painted into a QImage of `size` (QSize)."""
        image = QImage(size, QImage.Format_ARGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        try:
            self.paintTo(painter, QRectF(0, 0, size.width(), size.height()))
        finally:
            painter.end()
        return image

    def writeSvg(self, path, size):
        """Write the chart to `path` as SVG, `size` (QSize) in pixels; whether the file could be written."""
        from qgis.PyQt.QtSvg import QSvgGenerator

        generator = QSvgGenerator()
        generator.setFileName(path)
        generator.setSize(size)
        generator.setViewBox(QRectF(0, 0, size.width(), size.height()))
        generator.setTitle(self.windowTitle() or GmmSelect.tr("Selection curves"))
        painter = QPainter()
        if not painter.begin(generator):
            return False
        try:
            self.paintTo(painter, QRectF(0, 0, size.width(), size.height()))
        except BaseException:
            painter.end()
            raise
        return painter.end()


class CurvePlot(PaintedChart):
    """The selection-curve widget: holds the curves, paints their CurveDrawing, shows a point's
    bands as its tooltip, and renders itself to PNG or SVG."""

    def __init__(self, parent=None):
        """An empty plot."""
        super().__init__(parent)
        self.curves = []
        self.hidden = False
        self.yTitle = ""
        self.note = ""
        self.xTitle = GmmSelect.tr("Number of selected bands")
        self.setMinimumWidth(MIN_WIDTH)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMouseTracking(True)

    def setCurves(self, curves, y_title, note="", hidden=False):
        """Show `curves`, a list of (CurveSeries, y values, colour name), under the y-axis title;
        `note` (how the values were scaled) is printed under the legend; `hidden`: other curves are
        unticked."""
        self.curves = list(curves)
        self.yTitle, self.note, self.hidden = y_title, note, hidden
        self.updateGeometry()
        self.update()

    def sizeHint(self):
        """A comfortable default size."""
        return QSize(720, 440)

    def exportSize(self):
        """EXPORT_SIZE, taller where the curves' plot, legend and note need it."""
        height = self.drawing().minimumHeight(EXPORT_SIZE.width()) if self.curves else 0
        return QSize(EXPORT_SIZE.width(), max(EXPORT_SIZE.height(), math.ceil(height)))

    def minimumSizeHint(self):
        """MIN_WIDTH x MIN_HEIGHT, taller where the curves' plot, legend and note need it."""
        height = self.drawing().minimumHeight(MIN_WIDTH) if self.curves else 0
        return QSize(MIN_WIDTH, max(MIN_HEIGHT, math.ceil(height)))

    def drawing(self):
        """The CurveDrawing of the current curves in the widget's font."""
        return CurveDrawing(self.curves, self.xTitle, self.yTitle, self.note, self.font(), self.emptyText())

    def emptyText(self):
        """What the plot says without a curve to show: how to show one."""
        if self.hidden:
            return GmmSelect.tr("No curve shown: tick a curve in the list to show it.")
        return GmmSelect.tr("No selection curve yet: run Train Selection or open a model file.")

    def frame(self, rect):
        """The PlotFrame of the curves drawn in `rect` (QRectF), or None without curves."""
        return self.drawing().frame(rect)

    # -- tooltips ---------------------------------------------------------------------------

    def toolTipAt(self, position):
        """The tooltip of the point nearest to `position` (within HOVER_DISTANCE pixels), or ''."""
        drawing = self.drawing()
        frame = drawing.frame(QRectF(self.rect()))
        if frame is None:
            return ""
        near = [(math.hypot(pixel.x() - position.x(), pixel.y() - position.y()), series, i)
                for series, i, pixel in drawing.points(frame)]
        distance, series, i = min(near, key=lambda item: item[0])
        return self.pointText(series, i) if distance <= HOVER_DISTANCE else ""

    def pointText(self, series, i):
        """Curve, size, value and the bands of point `i` of `series`."""
        best = GmmSelect.tr(" (best size)") if series.sizes[i] == series.best_size else ""
        return GmmSelect.tr("{0}\nSize {1}: {2:.6g}{3}\n{4}").format(
            series.label, series.sizes[i], series.values[i], best, series.point_labels[i])

    def paintTo(self, painter, rect):
        """Paint the plot into `rect` with `painter`."""
        self.drawing().paint(painter, rect)
