"""Class colours and styles that travel with the outputs: GDAL colour table, category names, QML.

QML is QGIS's style file; QGIS applies `<name>.qml` when it loads `<name>.tif`. It is plain XML,
written here with string formatting so that this layer needs no qgis import.
"""

from xml.sax.saxutils import quoteattr

from osgeo import gdal

from .files import qml_path

# The plugin's one palette: colour-blind-friendly qualitative (Tableau 10, then lighter tones), for the
# classes (cycled beyond 20) and for the lines of charts and plots.
DEFAULT_COLORS = ["#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7",
                  "#9c755f", "#bab0ac", "#a0cbe8", "#ffbe7d", "#ff9d9a", "#86bcb6", "#8cd17d", "#f1ce63",
                  "#d4a6c8", "#fabfd2", "#d7b5a6", "#79706e"]
#: The palette's red marks what was chosen (a chart's chosen point, a plot's best size) ...
HIGHLIGHT_COLOR = DEFAULT_COLORS[2]
#: ... so the lines of several curves take the other colours, in order.
LINE_COLORS = [color for color in DEFAULT_COLORS if color != HIGHLIGHT_COLOR]
# Confidence ramp, low to high (ColorBrewer RdYlGn).
CONFIDENCE_RAMP = [(0.0, "#d7191c"), (0.25, "#fdae61"), (0.5, "#ffffbf"), (0.75, "#a6d96a"), (1.0, "#1a9641")]

_QML = """<!DOCTYPE qgis PUBLIC 'http://mrcc.com/qgis.dtd' 'SYSTEM'>
<qgis version="3.22.0" styleCategories="Symbology">
  <pipe>
{renderer}
    <brightnesscontrast brightness="0" contrast="0" gamma="1"/>
    <huesaturation saturation="0" grayscaleMode="0" colorizeOn="0" colorizeRed="255" colorizeGreen="128" \
colorizeBlue="128" colorizeStrength="100" invertColors="0"/>
    <rasterresampler maxOversampling="2"/>
    <resamplingStage>resamplingFilter</resamplingStage>
  </pipe>
  <blendMode>0</blendMode>
</qgis>
"""
_MIN_MAX = ("      <minMaxOrigin><limits>None</limits><extent>WholeRaster</extent><statAccuracy>Estimated"
            "</statAccuracy><cumulativeCutLower>0.02</cumulativeCutLower><cumulativeCutUpper>0.98"
            "</cumulativeCutUpper><stdDevFactor>2</stdDevFactor></minMaxOrigin>")


def parse_color(color):
    """(r, g, b) of '#rrggbb', 'r,g,b' or a sequence of 3 or 4 integers (alpha ignored)."""
    if isinstance(color, str):
        text = color.strip()
        if text.startswith("#") and len(text) in (7, 9):
            return tuple(int(text[k:k + 2], 16) for k in (1, 3, 5))
        parts = text.split(",")
    else:
        parts = list(color)
    if len(parts) not in (3, 4):
        raise ValueError(f"cannot read colour {color!r}; give '#rrggbb', 'r,g,b' or (r, g, b)")
    return tuple(int(part) for part in parts[:3])


def palette_color(position):
    """The default palette's colour of the class at `position` (0-based), cycled."""
    return DEFAULT_COLORS[position % len(DEFAULT_COLORS)]


def category_text(value):
    """A category value as the class name it stands for: 10.0 -> '10', 'forest' -> 'forest'."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def colors_for_classes(class_names, category_colors=None):
    """'#rrggbb' per class: its colour in `category_colors` {category value: colour} (a training
    layer's categorized style), else the default palette's colour of its position."""
    by_name = {category_text(value): color for value, color in (category_colors or {}).items()}
    return [hex_color(parse_color(by_name.get(str(name), palette_color(k))))
            for k, name in enumerate(class_names)]


def class_colors(labels, colors=None):
    """One (r, g, b) per class: the given `colors` (aligned with labels) or the default palette."""
    if colors is None:
        colors = [palette_color(k) for k in range(len(labels))]
    if len(colors) != len(labels):
        raise ValueError(f"{len(colors)} colours for {len(labels)} classes; give one colour per class")
    return [parse_color(color) for color in colors]


def hex_color(rgb):
    """'#rrggbb' of an (r, g, b) triple."""
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def color_table(labels, colors):
    """GDAL colour table: each class its colour, value 0 (no-data) transparent."""
    table = gdal.ColorTable()
    table.SetColorEntry(0, (0, 0, 0, 0))
    for label, rgb in zip(labels, colors):
        table.SetColorEntry(int(label), (*rgb, 255))
    return table


def category_names(labels, names):
    """GDAL category names indexed by pixel value: the class names, '' for unused values."""
    categories = [""] * (int(max(labels)) + 1)
    for label, name in zip(labels, names):
        categories[int(label)] = str(name)
    return categories


def classification_qml(labels, names, colors):
    """QML of a paletted renderer naming each class with its colour."""
    entries = "\n".join(f'        <paletteEntry value="{int(label)}" color="{hex_color(rgb)}" alpha="255" '
                        f"label={quoteattr(str(name))}/>" for label, name, rgb in zip(labels, names, colors))
    renderer = (f'    <rasterrenderer type="paletted" band="1" opacity="1" alphaBand="-1" nodataColor="">\n'
                f"      <rasterTransparency/>\n{_MIN_MAX}\n      <colorPalette>\n{entries}\n"
                f"      </colorPalette>\n    </rasterrenderer>")
    return _QML.format(renderer=renderer)


def confidence_qml():
    """QML of a pseudocolour renderer, red (0) to green (1), for the confidence map."""
    items = "\n".join(f'          <item value="{value:g}" label="{value:.2f}" color="{color}" alpha="255"/>'
                      for value, color in CONFIDENCE_RAMP)
    renderer = ('    <rasterrenderer type="singlebandpseudocolor" band="1" opacity="1" alphaBand="-1" '
                'classificationMin="0" classificationMax="1" nodataColor="">\n'
                f"      <rasterTransparency/>\n{_MIN_MAX}\n      <rastershader>\n"
                '        <colorrampshader colorRampType="INTERPOLATED" classificationMode="1" clip="0" '
                f'minimumValue="0" maximumValue="1" labelPrecision="2">\n{items}\n'
                "        </colorrampshader>\n      </rastershader>\n    </rasterrenderer>")
    return _QML.format(renderer=renderer)


def write_style(outputs, raster_path, qml):
    """Stage `qml` as the style beside `raster_path` in the OutputSet `outputs`; return its path."""
    return outputs.write_text(qml_path(raster_path), qml)
