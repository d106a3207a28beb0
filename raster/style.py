"""Class colours and styles that travel with the outputs: GDAL colour table, category names, QML.

QML is QGIS's style file; QGIS applies `<name>.qml` when it loads `<name>.tif`. It is plain XML,
written here with string formatting so that this layer needs no qgis import.
"""

import math
import re
import unicodedata
from xml.sax.saxutils import quoteattr

from osgeo import gdal

from ..core.texts import QT_TRANSLATE_NOOP, InputError
from .files import qml_path

# The plugin's one palette, qualitative and distinct for people with colour-vision deficiency: Okabe and
# Ito's eight colours (Okabe & Ito 2008, "Color Universal Design"), then Paul Tol's "muted" scheme for
# classes beyond eight. For the classes whose names say nothing of a land cover and for the lines of charts.
DEFAULT_COLORS = ["#0072b2", "#e69f00", "#009e73", "#cc79a7", "#56b4e9", "#d55e00", "#f0e442", "#000000",
                  "#332288", "#88ccee", "#44aa99", "#117733", "#999933", "#ddcc77", "#cc6677", "#882255",
                  "#aa4499"]
#: The palette's vermilion marks what was chosen (a chart's chosen point, a plot's best size) ...
HIGHLIGHT_COLOR = DEFAULT_COLORS[5]
#: ... so the lines of several curves take the other colours, in order.
LINE_COLORS = [color for color in DEFAULT_COLORS if color != HIGHLIGHT_COLOR]
#: Colours of the common land-cover words of class names (English and French, compared without accents
#: and case; a plural in s or x counts): (words, the colours of the first, second... class naming them).
LAND_COVER_COLORS = [
    (("water", "eau", "lake", "lac", "river", "riviere", "fleuve", "sea", "mer", "ocean", "pond", "etang"),
     ("#1f78b4", "#a6cee3")),
    (("forest", "foret", "tree", "arbre", "wood", "woodland", "bois", "conifer", "coniferous", "conifere",
      "deciduous", "feuillu"), ("#1b7837", "#5aae61")),
    (("grass", "grassland", "herbe", "crop", "cropland", "culture", "meadow", "prairie", "pasture", "pature",
      "paturage", "cleared", "field", "champ"), ("#b8e186", "#f1d54b")),
    (("urban", "urbain", "built", "bati", "road", "route", "building", "batiment", "city", "ville",
      "impervious"), ("#d7301f", "#8c8c8c")),
    (("soil", "sol", "bare", "nu", "nue", "dry", "sec", "seche", "sand", "sable", "rock", "roche"),
     ("#a6761d", "#d8b365")),
    (("cloud", "nuage", "snow", "neige", "ice", "glace"), ("#ffffff", "#dcdcdc")),
    (("shadow", "ombre"), ("#404040", "#737373")),
]
#: Palette colours closer than this (redmean distance, 0 to 765) to a colour already given are skipped
#: (the eight Okabe-Ito colours are at least 133 apart: alone they keep their order).
DISTINCT_COLORS = 120
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
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "cannot read colour {color!r}; give '#rrggbb', 'r,g,b' or (r, g, b)"), color=color)
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
    """'#rrggbb' per class: its colour in `category_colors` {category value: colour} (a training layer's
    categorized style), else the colour of the land cover its name says (LAND_COVER_COLORS), else the
    first palette colour distinct from those already given (the most distinct when none is)."""
    by_name = {category_text(value): color for value, color in (category_colors or {}).items()}
    colors = [hex_color(parse_color(by_name[str(name)])) if str(name) in by_name else None
              for name in class_names]
    taken = {}
    for k, name in enumerate(class_names):
        group = land_cover(name)
        if colors[k] is None and group is not None:
            shades = LAND_COVER_COLORS[group][1]
            if taken.get(group, 0) < len(shades):
                colors[k] = shades[taken.get(group, 0)]
                taken[group] = taken.get(group, 0) + 1
    for k in range(len(colors)):
        if colors[k] is None:
            colors[k] = most_distinct([color for color in colors if color is not None])
    return colors


def land_cover(name):
    """The index in LAND_COVER_COLORS of the first land cover a word of class `name` names, or None."""
    plain = unicodedata.normalize("NFKD", str(name).lower()).encode("ascii", "ignore").decode()
    words = {word for word in re.split(r"[^0-9a-z]+", plain) if word}
    for group, (keys, _) in enumerate(LAND_COVER_COLORS):
        if any(word in keys or word[-1] in "sx" and word[:-1] in keys for word in words):
            return group
    return None


def most_distinct(given):
    """The least-used palette colour (an unused one while there is one): the first, in the palette's order,
    at least DISTINCT_COLORS from the colours `given` that are not in the palette or given more often,
    else the farthest from them; once every colour is used the palette comes round again, spread the
    same way."""
    uses = [given.count(color) for color in DEFAULT_COLORS]
    fewest = min(uses)
    candidates = [color for color, used in zip(DEFAULT_COLORS, uses) if used == fewest]
    others = [color for color in given if color not in DEFAULT_COLORS or given.count(color) > fewest]
    if not others:
        return candidates[0]

    def nearest(color):
        return min(color_distance(parse_color(color), parse_color(other)) for other in others)

    return next((color for color in candidates if nearest(color) >= DISTINCT_COLORS),
                max(candidates, key=nearest))


def color_distance(first, second):
    """Perceptual distance of two (r, g, b): the 'redmean' weighted Euclidean distance (0 to about 765)."""
    mean_red = (first[0] + second[0]) / 2
    dr, dg, db = (a - b for a, b in zip(first, second))
    return math.sqrt((2 + mean_red / 256) * dr * dr + 4 * dg * dg + (2 + (255 - mean_red) / 256) * db * db)


def class_colors(labels, colors=None):
    """One (r, g, b) per class: the given `colors` (aligned with labels) or the default palette."""
    if colors is None:
        colors = [palette_color(k) for k in range(len(labels))]
    if len(colors) != len(labels):
        raise InputError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{colors} colours for {classes} classes; give one colour per class"),
            colors=len(colors), classes=len(labels))
    return [parse_color(color) for color in colors]


def map_colors(model):
    """'#rrggbb' per class of a SavedModel: the colours Predict gives its classes (its class colours, else
    the palette's in the order of its classes)."""
    return [hex_color(rgb) for rgb in class_colors(model.mixture.labels_, model.class_colors)]


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
