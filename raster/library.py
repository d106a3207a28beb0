"""Training samples from a spectral library: a table (any OGR layer or CSV) with one row per spectrum.

A class field, the band fields (numeric; by default every numeric field but the class and group
fields), an optional group field (rows of one group stay in one fold and one side of the
hold-out) and the band wavelengths, given or parsed from the field names (wl_450.5, b450, 450).
No geometry is read. A CSV needs its column types (a .csvt file beside it) for its bands to be numbers.
"""

import re
from collections import Counter

import numpy as np
from osgeo import ogr

from ..core.texts import QT_TRANSLATE_NOOP, Text
from .errors import DataError, check_canceled
from .info import BandIdentity
from .notices import warning_lines
from .samples import MIN_SAMPLES_PER_CLASS, TrainingSamples
from .vector import (
    class_codes,
    class_field_index,
    feature_id,
    open_layer,
    raw_class_value,
    shown_names,
    similar_names,
)

_NUMERIC_FIELDS = (ogr.OFTInteger, ogr.OFTInteger64, ogr.OFTReal)
#: The last number in a field name is its wavelength: wl_450.5 -> 450.5, b450 -> 450, 450 -> 450.
_WAVELENGTH = re.compile(r"(\d+(?:\.\d+)?)(?!.*\d)")
#: The smallest wavelength read from a field name, in nanometres (the unit of the names read): below it, the
#: numbers are band numbers (B1...B12), not wavelengths.
SHORTEST_NAMED_WAVELENGTH = 100.0


def field_names(path, layer):
    """The field names of `layer`, or DataError when two fields share a name."""
    definition = layer.GetLayerDefn()
    names = [definition.GetFieldDefn(k).GetName() for k in range(definition.GetFieldCount())]
    repeated = [name for name, count in Counter(names).items() if count > 1]
    if repeated:
        columns = [str(k + 1) for k, name in enumerate(names) if name == repeated[0]]
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "table {path!r} has {count} fields named {name!r} (columns {columns}): give every "
            "column a distinct name"),
            path=path, count=len(columns), name=repeated[0], columns=", ".join(columns))
    return names


def band_fields(path, layer, names, excluded, chosen=None):
    """Indices of the band fields: `chosen` (checked numeric), else the numeric fields not `excluded`."""
    definition = layer.GetLayerDefn()

    def is_numeric(index):
        return definition.GetFieldDefn(index).GetType() in _NUMERIC_FIELDS

    if not chosen:
        indices = [k for k, name in enumerate(names) if name not in excluded and is_numeric(k)]
        if not indices:
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "table {path!r} has no numeric field besides {fields}: its band columns are "
                "text (give a CSV a .csvt file with their types, e.g. \"String\",\"Real\",...)"),
                path=path, fields=", ".join(map(repr, excluded)))
        return indices
    indices = []
    for name in chosen:
        if name not in names:
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "BANDS: table {path!r} has no field {name!r}; its fields are: {fields}"),
                path=path, name=name, fields=", ".join(names))
        if name in excluded:
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "BANDS: {name!r} is the class or group field; remove it from the bands"),
                name=name)
        index = names.index(name)
        if not is_numeric(index):
            kind = definition.GetFieldDefn(index).GetTypeName()
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "BANDS: field {name!r} is of type {kind}, not a number: remove it from BANDS, "
                "or give it a numeric type (for a CSV, a .csvt file)"), name=name, kind=kind)
        indices.append(index)
    if len(set(indices)) < len(indices):
        twice = [name for name, count in Counter(chosen).items() if count > 1]
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "BANDS lists {name!r} more than once: give each band field once"), name=twice[0])
    return indices


def parse_wavelengths(names):
    """The wavelength in nanometres in each band field's name (its last number), or None when a name holds
    none or one is below SHORTEST_NAMED_WAVELENGTH (band numbers: B1, B2...)."""
    found = [_WAVELENGTH.search(name) for name in names]
    if not all(found):
        return None
    wavelengths = [float(match.group(1)) for match in found]
    return wavelengths if min(wavelengths) >= SHORTEST_NAMED_WAVELENGTH else None


def library_identities(wavelengths, given):
    """The BandIdentity of each band of a table whose `wavelengths` were read from its field names (in
    nanometres, parse_wavelengths), or None where they were `given` (unit unknown) or there are none."""
    if wavelengths is None or given:
        return None
    return [BandIdentity(number, None, wavelength, "nm") for number, wavelength in enumerate(wavelengths, 1)]


def read_library(path, class_field, bands=None, group_field=None, wavelengths=None, layer=None, log=None,
                 is_canceled=None, shown=None):
    """TrainingSamples (one per row; band numbers 1..d in BANDS order) and the band wavelengths (or None).

    Groups: the group field's values, else each row its own group (a hold-out share of rows). Messages name
    the table and its rows as `shown` (vector.Shown) names a copy QGIS wrote of it.
    """
    source, table = open_layer(path, layer)
    path, layer_name = shown_names(shown, path, None)
    names = field_names(path, table)
    class_index, class_type = class_field_index(path, table, class_field, layer_name)
    group_index = None if not group_field else class_field_index(path, table, group_field, layer_name)[0]
    if group_index == class_index:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the group field {field!r} of table {path!r} is its class field: groups (sites, "
            "files, plots) split each class into parts that cross-validation leaves out one at a time; "
            "choose the field that names them, or none (each row its own group)"),
            field=group_field, path=path)
    excluded = [name for name in (class_field, group_field) if name]
    indices = band_fields(path, table, names, excluded, bands)
    values, classes, groups, fids = [], [], [], []
    table.ResetReading()
    for feature in table:
        check_canceled(is_canceled)
        fids.append(feature_id(feature, shown))
        classes.append(raw_class_value(feature, class_index, class_type))
        groups.append(fids[-1] if group_index is None else feature.GetFieldAsString(group_index))
        values.append([feature.GetFieldAsDouble(k) if feature.IsFieldSetAndNotNull(k) else np.nan
                       for k in indices])
    del source
    if not fids:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "table {path!r} has no rows: give a table of spectra, one row each (its class, "
            "then one value per band)"), path=path)
    X = np.array(values, dtype=np.float64).reshape(len(values), len(indices))
    check_values(path, X, fids, [names[k] for k in indices])
    y, labels, class_names = class_codes(path, class_field, class_type, classes, fids, holders="rows")
    counts = {name: int(np.sum(y == label)) for label, name in zip(labels, class_names)}
    check_class_counts(counts)
    band_names = [names[k] for k in indices]
    wavelengths = band_wavelengths(band_names, wavelengths, log)
    warnings = similar_names(class_names)
    for line in warning_lines(warnings) if log is not None else ():
        log(line)
    samples = TrainingSamples(labels, class_names, list(range(1, len(indices) + 1)), band_names, counts,
                              n_features_outside=0, n_contested_pixels=0, reprojected=False,
                              warnings=warnings, X=X, y=y,
                              groups=np.unique(np.array(groups, dtype=str), return_inverse=True)[1])
    return samples, wavelengths


def check_values(path, X, fids, band_names):
    """DataError when a band value is empty (NULL) or not finite, naming the row of smallest FID."""
    bad = ~np.isfinite(X)
    if bad.any():
        rows = np.flatnonzero(bad.any(axis=1))
        rows = rows[np.argsort(np.asarray(fids)[rows], kind="stable")]
        first = band_names[int(np.flatnonzero(bad[rows[0]])[0])]
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "rows of table {path!r} with an empty or non-finite band value: {count} (first: FID "
            "{fid}, field {field!r}); fill in these values or delete the rows"),
            count=len(rows), path=path, fid=fids[rows[0]], field=first)


def check_class_counts(counts):
    """DataError naming every class with fewer than MIN_SAMPLES_PER_CLASS spectra."""
    short = {name: count for name, count in counts.items() if count < MIN_SAMPLES_PER_CLASS}
    if short:
        detail = ", ".join(f"'{name}': {count}" for name, count in short.items())
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "every class needs at least {minimum} spectra for a covariance (class {detail}); "
            "add spectra of these classes or delete their rows"),
            minimum=MIN_SAMPLES_PER_CLASS, detail=detail)


def band_wavelengths(band_names, given=None, log=None):
    """`given` (one per band, checked), else parsed from the band names, else None (logged)."""
    if given:
        if len(given) != len(band_names):
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "WAVELENGTHS has a different number of values ({count}) than there are band "
                "fields ({bands}): give one wavelength per band field, in the order of BANDS"),
                count=len(given), bands=len(band_names))
        return [float(value) for value in given]
    parsed = parse_wavelengths(band_names)
    if parsed is None and log is not None:
        log(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "No wavelength in nanometres in some band field names (e.g. wl_450, b450, 450; not "
            "B1, B2...) and none given in WAVELENGTHS: the model records band names only")))
    return parsed
