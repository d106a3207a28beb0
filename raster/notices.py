"""The warnings of the data layer, one English template each, marked for translation; and the words for
what groups the samples (a training layer's polygons, a table's groups or its single spectra).

A warning is its template filled in, in English: so it is logged as it is and kept as text in model
files. `recognise` finds the template and the values a warning text was made from, so a report can give
any warning, also one read from an older model file, in its own language (report.Words.warning).
"""

import re

from ..core.texts import QT_TRANSLATE_NOOP, Text

#: Every warning of the data layer. Placeholders are named and filled with text (numbers formatted).
WARNINGS = {
    "warning crs": QT_TRANSLATE_NOOP(
        "GmmSelect", "only one of raster and vector has a CRS ({raster_crs} vs {vector_crs}): the vector's "
        "coordinates are taken as the raster's"),
    "warning no geometry": QT_TRANSLATE_NOOP(
        "GmmSelect", "features of {vector} without a geometry, skipped: {count}"),
    "warning no geometry before": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "{count} features of {vector} have no geometry and were skipped"),
    "warning outside": QT_TRANSLATE_NOOP(
        "GmmSelect", "features of {vector} outside raster {raster}, which give no sample: {count} of "
        "{total} (FIDs {fids}); check the layer's CRS, or delete them"),
    "warning outside counted": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "features of {vector} outside raster {raster}, which give no sample: {count} of "
        "{total}"),
    "warning outside before": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "{count} of the {total} features of {vector} lie outside raster {raster} and give no "
        "sample"),
    "warning not reprojected": QT_TRANSLATE_NOOP(
        "GmmSelect", "features of {vector} that cannot be reprojected to the raster's CRS: {count} (FIDs "
        "{fids}); their coordinates are not valid in the CRS the layer declares and they give no sample. "
        "Check the layer's CRS"),
    "warning not reprojected before": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "{count} features of {vector} cannot be reprojected to the raster's CRS (FIDs {fids}): "
        "their coordinates are not valid in the CRS the layer declares; they give no sample. Check the "
        "layer's CRS"),
    "warning other strata": QT_TRANSLATE_NOOP(
        "GmmSelect", "reference points of {vector} drawn in another stratum (their field {field}) than the "
        "one the estimates give them: {count} of {total} (FIDs {fids}); was the sample drawn on another map? "
        "The estimates take the strata of {strata}: give the map the sample was drawn on as the strata "
        "(STRATA), or they are biased"),
    "warning other strata sizes": QT_TRANSLATE_NOOP(
        "GmmSelect", "the strata of {strata} are not those the sample of {vector} was drawn in: classified "
        "pixels per stratum when drawn (its points' field {field}) -> now: {sizes}; was the sample drawn on "
        "another map, or the map edited since? The estimates weigh the strata by their pixels in {strata}: "
        "give the map the sample was drawn on, as it was, as the strata (STRATA), or they are biased"),
    "warning map bands": QT_TRANSLATE_NOOP(
        "GmmSelect", "raster {path} has {count} bands, where a classification has one: its band 1 is taken "
        "as the map, each of its values a class. If it is an image rather than its classification, give the "
        "map Predict wrote from it"),
    "warning training reference": QT_TRANSLATE_NOOP(
        "GmmSelect", "the reference {vector} is the layer the model of this map ({model}, which the map's "
        "metadata names) was trained on: every feature of it trained the model, so the accuracy and the "
        "areas estimated from it are optimistic. Assess with a reference the model did not learn from: the "
        "points of a stratified random sample (Stratified random sample for an assessment)"),
    "warning training reference held out": QT_TRANSLATE_NOOP(
        "GmmSelect", "the reference {vector} is the layer the model of this map ({model}, which the map's "
        "metadata names) was trained on: all but the {count} features it held out trained the model, and "
        "the model file does not say which these are, so the accuracy and the areas estimated from the layer "
        "are optimistic. Assess with a reference the model did not learn from: the points of a stratified "
        "random sample (Stratified random sample for an assessment)"),
    "warning polygon units": QT_TRANSLATE_NOOP(
        "GmmSelect", "the {samples} reference pixels of {vector} are taken as independent samples, but they "
        "lie in {units} features (polygons), whose pixels are alike: taking the features as the units "
        "sampled (delete-one-feature jackknife), overall accuracy {overall} has an interval of ± {by_units}, "
        "against the ± {by_pixels} given here with the pixels as units; and unless the features were drawn "
        "at random in the strata, the estimates are biased. For design-based estimates, assess with the "
        "points of a stratified random sample (Stratified random sample for an assessment)"),
    "warning polygon units one": QT_TRANSLATE_NOOP(
        "GmmSelect", "the {samples} reference pixels of {vector} are taken as independent samples, but they "
        "lie in {units} features (polygons), whose pixels are alike, and every sample of stratum {stratum} "
        "lies in feature {fid}, so no interval can be estimated with the features as the units sampled; and "
        "unless the features were drawn at random in the strata, the estimates are biased. For design-based "
        "estimates, assess with the points of a stratified random sample (Stratified random sample for an "
        "assessment)"),
    "warning invalid skipped": QT_TRANSLATE_NOOP(
        "GmmSelect", "features of {vector} with an invalid geometry, left out as asked: {count} of {total} "
        "(FIDs {fids}; the first: {reason}); repair them (Processing's Fix geometries) to sample them"),
    "warning fill samples": QT_TRANSLATE_NOOP(
        "GmmSelect", "training samples under the features of {vector} that hold {value} on every band, as "
        "the fill around a scene does: {count} (classes {classes}); they are taken as pixels of their class. "
        "Where {value} marks no data, set it as the raster's no-data (Layer Properties > Transparency > "
        "Additional no data value, or gdal_translate -a_nodata {value}) and they are left out, or move the "
        "features off it"),
    "warning contested": QT_TRANSLATE_NOOP(
        "GmmSelect", "pixels covered by features of different classes, dropped: {count} (FIDs {fids}); where "
        "one should not overlap the other (a pond drawn inside a forest), cut it out of the other "
        "(Processing's Difference)"),
    "warning contested counted": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "pixels covered by features of different classes, dropped: {count}"),
    "warning contested before": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "{count} pixels covered by features of different classes were dropped"),
    "warning no pixel centre": QT_TRANSLATE_NOOP(
        "GmmSelect", "features over the raster that cover no pixel centre (smaller or thinner than a pixel): "
        "{count} (FIDs {fids}); enlarge them (or, in Python, sample every pixel they touch: "
        "all_touched=True)"),
    "warning no pixel centre counted": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "features over the raster that cover no pixel centre (smaller or thinner than a pixel): "
        "{count}; enlarge them (or, in Python, sample every pixel they touch: all_touched=True)"),
    "warning no pixel centre all touched": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "features over the raster that cover no pixel centre (smaller or thinner than a pixel): "
        "{count}; enlarge them or use all_touched"),
    "warning no pixel centre before": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "{count} features over the raster cover no pixel centre (smaller or thinner than a "
        "pixel); enlarge them or use all_touched"),
    "warning none held out": QT_TRANSLATE_NOOP(
        "GmmSelect", "class '{name}' has too few {groups} ({count}) for any to be held out, so the held-out "
        "accuracy does not cover it"),
    "warning none held out before": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "class '{name}' has {count} polygon(s): none held out, so the held-out accuracy does "
        "not cover it"),
    "warning few polygons": QT_TRANSLATE_NOOP(
        "GmmSelect", "class '{name}' has {count} training {groups} for {folds} folds: {empty} of the folds "
        "test none of it and each of the others takes a large share of it away; with so few {groups}, "
        "leave-one-{group}-out (FOLDS = 0) gives the steadier cross-validation"),
    "warning few polygons before": QT_TRANSLATE_NOOP(  # as older model files hold it
        "GmmSelect", "class '{name}' has {count} training polygon(s) for {folds} folds: {empty} of the folds "
        "test none of it and each of the others takes a large share of it away; with so few polygons, "
        "leave-one-polygon-out (FOLDS = 0) gives the steadier cross-validation"),
    "warning indistinguishable": QT_TRANSLATE_NOOP(
        "GmmSelect", "classes '{first}' and '{second}' are indistinguishable on the bands used "
        "(Jeffries-Matusita distance {jm}; {ceiling} is full separation): even the best rule confuses them "
        "about half of the time. Check {source} (constant or empty bands?) and the training {groups} of "
        "both classes, or merge them"),
    "warning degrees": QT_TRANSLATE_NOOP(
        "GmmSelect", "the map is in a geographic CRS: areas are in square degrees, which vary with latitude; "
        "reproject the map to an equal-area projection for areas"),
    "warning no georeferencing": QT_TRANSLATE_NOOP(
        "GmmSelect", "the map has no georeferencing: areas are in pixels"),
    "warning no crs": QT_TRANSLATE_NOOP(
        "GmmSelect", "the map has no CRS: areas are in square map units"),
    "warning alpha band": QT_TRANSLATE_NOOP(
        "GmmSelect", "GDAL reads band {band} of raster {raster} as its alpha band, so the pixels where that "
        "band is 0 are left out as no-data; if it holds data (GDAL writes a 4-band Byte GeoTIFF as RGBA "
        "unless told otherwise), make it a data band (gdal_edit.py -colorinterp_<band> undefined <file>) "
        "and run again"),
    "warning alpha mask": QT_TRANSLATE_NOOP(
        "GmmSelect", "band {band} of raster {raster} is its alpha band, which QGIS draws as transparency: "
        "it masks the other bands (the pixels where it is 0 are left out as no-data) and is not read as "
        "data; if it holds data (GDAL writes a 4-band Byte GeoTIFF as RGBA unless told otherwise), make it a "
        "data band (gdal_edit.py -colorinterp_{band} undefined <file>) and run again"),
    "warning similar names": QT_TRANSLATE_NOOP(
        "GmmSelect", "class names {names} differ only in case, spacing or Unicode form: they are {count} "
        "different classes; if they are one class, give its features one spelling"),
}

#: The words of templates for what groups the samples, by unit ('polygon', 'group' or 'spectrum'; `unit_of`):
#: {group} and {groups}, what the hold-out and grouped folds keep whole (a training layer's polygons or
#: points, a table's GROUP_FIELD groups, or its spectra one by one); {pixels}, the samples; {source}, what
#: they were read from.
#: A count with its noun, singular or plural (how_many).
COUNTED = {
    "1 window": QT_TRANSLATE_NOOP("GmmSelect", "1 window"),
    "windows": QT_TRANSLATE_NOOP("GmmSelect", "{count} windows"),
    "1 thread": QT_TRANSLATE_NOOP("GmmSelect", "1 thread"),
    "threads": QT_TRANSLATE_NOOP("GmmSelect", "{count} threads"),
}
SAMPLE_WORDS = {
    "group polygon": QT_TRANSLATE_NOOP("GmmSelect", "polygon"),
    "groups polygon": QT_TRANSLATE_NOOP("GmmSelect", "polygons"),
    "pixels polygon": QT_TRANSLATE_NOOP("GmmSelect", "pixels"),
    "source polygon": QT_TRANSLATE_NOOP("GmmSelect", "the raster"),
    "group group": QT_TRANSLATE_NOOP("GmmSelect", "group"),
    "groups group": QT_TRANSLATE_NOOP("GmmSelect", "groups"),
    "pixels group": QT_TRANSLATE_NOOP("GmmSelect", "spectra"),
    "source group": QT_TRANSLATE_NOOP("GmmSelect", "the table"),
    "group spectrum": QT_TRANSLATE_NOOP("GmmSelect", "spectrum"),
    "groups spectrum": QT_TRANSLATE_NOOP("GmmSelect", "spectra"),
    "pixels spectrum": QT_TRANSLATE_NOOP("GmmSelect", "spectra"),
    "source spectrum": QT_TRANSLATE_NOOP("GmmSelect", "the table"),
}
#: What to add to a class with too few samples ('samples ...') or too few groups ('groups ...'), by unit; each
#: starts a sentence.
ADVICE = {
    "samples polygon": QT_TRANSLATE_NOOP("GmmSelect", "Draw more or larger polygons of '{name}'"),
    "samples group": QT_TRANSLATE_NOOP("GmmSelect", "Add spectra of '{name}'"),
    "samples spectrum": QT_TRANSLATE_NOOP("GmmSelect", "Add spectra of '{name}'"),
    "groups polygon": QT_TRANSLATE_NOOP("GmmSelect", "Draw more polygons of '{name}'"),
    "groups group": QT_TRANSLATE_NOOP("GmmSelect", "Add groups of '{name}'"),
    "groups spectrum": QT_TRANSLATE_NOOP("GmmSelect", "Add spectra of '{name}'"),
}
#: How to make folds that do not keep groups whole, and what that costs, by unit of grouped folds.
UNGROUPING = {
    "polygon": QT_TRANSLATE_NOOP(
        "GmmSelect", "turn grouped folds off (GROUPED = no), at the cost of an optimistic accuracy: "
        "neighbouring pixels are alike"),
    "group": QT_TRANSLATE_NOOP(
        "GmmSelect", "leave GROUP_FIELD empty (folds of single spectra), at the cost of an optimistic "
        "accuracy: the spectra of one group are alike"),
}
#: The placeholders SAMPLE_WORDS fill.
WORD_KINDS = ("group", "groups", "pixels", "source")


def unit_of(source):
    """'polygon', 'group' or 'spectrum': what groups the samples of a run read from `source`
    (TrainingRecord.source): a training layer's polygons, a table's GROUP_FIELD, or a table's spectra."""
    if not source.get("table"):
        return "polygon"
    return "group" if source.get("group_field") else "spectrum"


def word_key(kind, unit, count=None):
    """The SAMPLE_WORDS key of the word `kind` for samples grouped by `unit`; {groups} is singular for a
    `count` of 1 ('polygon', not 'polygons')."""
    return f"{'group' if kind == 'groups' and count == 1 else kind} {unit}"


def sample_words(unit):
    """The values of {group}, {groups}, {pixels} and {source} for samples grouped by `unit` (Texts)."""
    return {kind: Text(SAMPLE_WORDS[word_key(kind, unit)]) for kind in WORD_KINDS}


def counted(unit, count):
    """The word for `count` groups of `unit` (a Text): 'polygon' for 1, else 'polygons'."""
    return Text(SAMPLE_WORDS[word_key("groups", unit, count)])


def how_many(count, noun):
    """'1 window', '3 windows': `count` with `noun` ('window', 'thread'; COUNTED) in the singular or plural
    (a Text)."""
    return Text(COUNTED[f"1 {noun}" if count == 1 else f"{noun}s"], count=count)


def advice(kind, unit, name):
    """What to add to class `name` with too few samples (`kind` 'samples') or groups ('groups') (a Text)."""
    return Text(ADVICE[f"{kind} {unit}"], name=name)


PLACEHOLDER = re.compile(r"\\\{(\w+)\\\}")


def warning(key, **values):
    """The Text of warning `key` with its placeholders filled by `values`."""
    return Text(WARNINGS[key], **values)


class WarningLine(Text):
    """A warning's log line, 'warning: {text}': a log that shows warnings as such shows its `text` alone."""


def warning_lines(texts):
    """The log lines of the warnings `texts`, 'warning: ...' each."""
    return [WarningLine(QT_TRANSLATE_NOOP("GmmSelect", "warning: {text}"), text=text) for text in texts]


def pattern(template):
    """A regular expression matching the texts of `template`: a named group at each placeholder's first
    place, a back-reference at the others."""
    seen = set()

    def group(found):
        name = found.group(1)
        first = name not in seen
        seen.add(name)
        return f"(?P<{name}>.*)" if first else f"(?P={name})"

    return re.compile(PLACEHOLDER.sub(group, re.escape(template)), re.DOTALL)


PATTERNS = {key: pattern(template) for key, template in WARNINGS.items()}


def recognise(text):
    """(key, values) of the template `text` was made from, or None (a text of no template)."""
    for key, expression in PATTERNS.items():
        found = expression.fullmatch(text)
        if found:
            return key, found.groupdict()
    return None
