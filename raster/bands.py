"""Band identity: which raster bands are the bands a model was trained on.

The model records, per band, its GDAL description, centre wavelength and unit. Against a raster:
the same names at the same numbers run as they are; the same names in another order are mapped by
name; without names on either side the bands are taken by number and the band count is checked;
then wavelengths that differ by more than WAVELENGTH_TOLERANCE (relative) are a mismatch. Where
names or numbers fail (a name the raster lacks or holds twice, another band count, a wavelength
off), the bands are mapped by wavelength if every band of the model has one raster band nearest to
it within the tolerance, its own (a spectral subset, another sensor's band order); else the run
stops with the first failure's list or figures. Bands taken by number are mapped by wavelength too
where that mapping exists and differs (bands closer than the tolerance, in another order).
The raster's alpha band (info.alpha_band: the mask of its other bands) is none of its bands here: not
counted, named nor mapped by wavelength (a scene warped with an alpha band classifies as the scene).
A map given by hand (`band_map`, {model band name or number: raster band number}) overrides all
of this for every band of the model. Where a raster band stores its values otherwise than the model's
band did (GDAL's scale and offset: value = stored * scale + offset), its stored values are converted to
the model's (stored_conversion).
"""

import re

import numpy as np

from ..core.texts import QT_TRANSLATE_NOOP, SEMICOLON, InputError, Text, joined
from .errors import DataError
from .info import BandIdentity
from .notices import warning_lines

#: Largest relative difference |a - b| / max(|a|, |b|) between the wavelengths of one band (1 nm at 500 nm).
WAVELENGTH_TOLERANCE = 0.002
#: Nanometres per unit, for the units GDAL and ENVI metadata use (lower case).
NANOMETRES = {"nm": 1.0, "nanometer": 1.0, "nanometers": 1.0, "nanometre": 1.0, "nanometres": 1.0,
              "um": 1e3, "µm": 1e3, "micrometer": 1e3, "micrometers": 1e3, "micrometre": 1e3,
              "micrometres": 1e3, "micron": 1e3, "microns": 1e3, "mm": 1e6, "millimeter": 1e6,
              "millimeters": 1e6, "millimetre": 1e6, "millimetres": 1e6, "cm": 1e7, "centimeter": 1e7,
              "centimeters": 1e7, "centimetre": 1e7, "centimetres": 1e7, "m": 1e9, "meter": 1e9,
              "meters": 1e9, "metre": 1e9, "metres": 1e9}
#: The separator of the raster band numbers of one name ('1 and 2').
AND = Text(QT_TRANSLATE_NOOP("GmmSelect", " and "))


#: A BAND_MAP pair: up to a ',' or ';' outside quotes.
BAND_MAP_PAIRS = re.compile(r"""(?:'[^']*'|"[^"]*"|[^,;'"])+""")
#: What a BAND_MAP key cannot hold unquoted.
BAND_MAP_SEPARATORS = ",;='\""
#: A pair's model band, quoted where it holds a separator, '=' and the raster band number.
BAND_MAP_PAIR = re.compile(r"""\s*(?:'(?P<single>[^']*)'|"(?P<double>[^"]*)"|(?P<plain>[^='"]*?))\s*="""
                           r"""\s*(?P<number>\S*)\s*""")


def hand_map_fix(model):
    """The fix of a refused band match: map the bands by hand, e.g. the model's first band to its number."""
    return Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "map the bands by hand (Predict's BAND_MAP, band_map= in Python), e.g. {example}"),
        example=map_example(model[0]))


def map_keys(band):
    """The keys a band map may name model band `band` by, first the one it prefers: its name, its label (the
    model's name of it: a table's column) and its number, as texts."""
    return [str(key) for key in (band.name, band.label, band.number) if key]


def map_example(band):
    """A BAND_MAP pair of model band `band` to its number ('nir=4'), by its name, label or number, quoted
    where it holds a comma, semicolon, equals sign or quote ("'B2, central wavelength 490 nm'=2")."""
    key = map_keys(band)[0]
    if any(character in key for character in BAND_MAP_SEPARATORS):
        key = f'"{key}"' if "'" in key else f"'{key}'"
    return f"{key}={band.number}"


def parse_band_map(text):
    """{model band name or number: raster band number} of text such as 'B5=3, B4=2' (None when empty),
    a name holding ',', ';', '=' or a quote given in quotes ("'B2, central wavelength 490 nm'=1"), or
    InputError (a ValueError) saying how to write it."""
    text, band_map = str(text or ""), {}
    pairs = [pair.strip() for pair in BAND_MAP_PAIRS.findall(text) if pair.strip()]
    if BAND_MAP_PAIRS.sub("", text).strip(" ,;"):  # a quote left open
        pairs = [text.strip()]
    for pair in pairs:
        found = BAND_MAP_PAIR.fullmatch(pair)
        key = found and next(part for part in found.group("single", "double", "plain") if part is not None)
        if not key or not (found["number"].isascii() and found["number"].isdigit()):  # '²': int() refuses
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "BAND_MAP pair {pair!r} is not 'model band=raster band number'; write pairs "
                "such as B5=3, B4=2 (model band name or number = band number in the raster; a name holding "
                "a comma, semicolon or equals sign in quotes: 'B2, central wavelength 490 nm'=1)"), pair=pair)
        if key in band_map:
            raise InputError(QT_TRANSLATE_NOOP(
                "GmmSelect", "BAND_MAP maps model band {band!r} twice; map each band once"), band=key)
        band_map[key] = int(found["number"])
    return band_map or None


def model_bands(saved, band_numbers):
    """The BandIdentity the model `saved` (a SavedModel) records of each of its bands `band_numbers`; a model
    of a spectral library names its bands by their fields, the names a raster of them would give them."""
    position = {number: k for k, number in enumerate(saved.band_numbers)}
    table = saved.training is not None and bool(saved.training.source.get("table"))

    def known(values, k):
        return values[k] if values else None

    def name(k):
        return known(saved.band_descriptions, k) or (saved.feature_names[k] if table else None)

    return [BandIdentity(number, name(k), known(saved.wavelengths, k),
                         known(saved.wavelength_units, k), known(saved.band_scales, k),
                         known(saved.band_offsets, k), saved.feature_names[k])
            for number, k in ((number, position[number]) for number in band_numbers)]


def describe(band):
    """How a message names a model band: "'nir' (band 4)" or "band 4"."""
    if band.name:
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "{name!r} (band {number})"), name=band.name,
                    number=band.number)
    return Text(QT_TRANSLATE_NOOP("GmmSelect", "band {number}"), number=band.number)


def wavelength_text(band):
    """'0.83 um', '830' (no unit given) or '0.83 mu (unit unknown)'."""
    if not band.unit:
        return f"{band.wavelength:g}"
    if nanometres_per(band.unit) is None:
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "{wavelength:g} {unit} (unit unknown)"),
                    wavelength=band.wavelength, unit=band.unit)
    return f"{band.wavelength:g} {band.unit}"


def nanometres_per(unit):
    """Nanometres per `unit` (NANOMETRES, its spelling's case, spaces, hyphens and micro sign aside), or
    None for a unit not known."""
    key = (unit or "").strip().lower().replace("-", "").replace(" ", "").replace("\u03bc", "\u00b5")
    return NANOMETRES.get(key)


def wavelengths_of(bands):
    """(each band's wavelength, nanometres per its unit) `(n,)` each, NaN where unknown."""
    return (np.array([np.nan if band.wavelength is None else band.wavelength for band in bands], float),
            np.array([nanometres_per(band.unit) or np.nan for band in bands], float))


def relative_differences(model, raster):
    """|a - b| / max(|a|, |b|) of each model band's wavelength against each raster band's, `(m, r)`, in
    nanometres where both units are known (else as given); NaN where one of them has no wavelength."""
    (a, a_scale), (b, b_scale) = wavelengths_of(model), wavelengths_of(raster)
    known = ~np.isnan(a_scale)[:, None] & ~np.isnan(b_scale)[None, :]
    a = np.where(known, (a * a_scale)[:, None], a[:, None])
    b = np.where(known, (b * b_scale)[None, :], b[None, :])
    largest = np.maximum(np.abs(a), np.abs(b))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(largest == 0, 0.0, np.abs(a - b) / largest)


def relative_difference(model_band, raster_band):
    """relative_differences of two bands, None when one of them has no wavelength."""
    difference = relative_differences([model_band], [raster_band])[0, 0]
    return None if np.isnan(difference) else float(difference)


def wavelength_differences(model, chosen, tolerance):
    """'model band: figure -> raster band n: figure' for each pair differing by more than `tolerance`."""
    return [Text(QT_TRANSLATE_NOOP("GmmSelect", "{band}: {wavelength} -> raster band {number}: "
                                                 "{other_wavelength}"),
                 band=describe(band), wavelength=wavelength_text(band), number=other.number,
                 other_wavelength=wavelength_text(other))
            for band, other in zip(model, chosen) if (relative_difference(band, other) or 0.0) > tolerance]


def stored_conversion(path, model, chosen):
    """(gains, offsets) `(d,)` with the model's stored value = gains * the raster's + offsets, band by band,
    where both the model's bands and the raster's `chosen` declare what their stored values mean (value =
    stored * scale + offset) and some differ (else None), and the log lines: the conversion, and a warning
    for each band whose meaning one side declares (other than 1, 0) and the other does not (its stored
    values are then taken as they are)."""
    gains, offsets, converted, unmatched = np.ones(len(model)), np.zeros(len(model)), [], []
    for k, (band, other) in enumerate(zip(model, chosen)):
        if band.scale is not None and other.scale is not None:
            gains[k], offsets[k] = other.scale / band.scale, (other.offset - band.offset) / band.scale
            if gains[k] != 1 or offsets[k] != 0:
                converted.append(Text(QT_TRANSLATE_NOOP(
                    "GmmSelect", "{band} {scale:g}, {offset:g} <- raster band {number} {raster_scale:g}, "
                    "{raster_offset:g}"), band=describe(band), scale=band.scale, offset=band.offset,
                    number=other.number, raster_scale=other.scale, raster_offset=other.offset))
        elif scaled(band) or scaled(other):
            unmatched.append(Text(QT_TRANSLATE_NOOP(
                "GmmSelect", "{band}: {meaning}, raster band {number}: {raster_meaning}"),
                band=describe(band), meaning=meaning(band), number=other.number,
                raster_meaning=meaning(other)))
    if np.any(gains <= 0):
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "raster {path!r} stores some of the model's bands with a scale of 0 or of the other "
            "sign: "
            "{bands} (model scale, offset <- raster scale, offset); check the raster's band scales "
            "(gdalinfo) and correct them (gdal_edit.py -scale)"),
            path=path, bands=joined(converted, SEMICOLON))
    lines = warning_lines([Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "stored values taken as they are where only the model or the raster declares a scale or "
        "offset: {bands}"), bands=joined(unmatched, SEMICOLON))] if unmatched else [])
    if not converted:
        return None, lines
    return (gains, offsets), [Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "Stored values converted to the model's (value = stored * scale + offset): {bands}"),
        bands=joined(converted, ", "))] + lines


def scaled(band):
    """True when `band` declares stored values that are not the values (a scale other than 1 or an offset
    other than 0)."""
    return band.scale is not None and (band.scale, band.offset) != (1.0, 0.0)


def meaning(band):
    """'value = stored * 0.0001 + -0.1', or 'no scale or offset' (none declared, or none recorded by a model
    of an earlier version)."""
    if band.scale is None:
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "no scale or offset"))
    return Text(QT_TRANSLATE_NOOP("GmmSelect", "value = stored * {scale:g} + {offset:g}"), scale=band.scale,
                offset=band.offset)


def check_band_count(path, n_bands, n_raster_bands, model, alpha=None):
    """DataError unless the raster has the `n_raster_bands` bands of the model's raster (None: any): its
    `n_bands` bands of data, beside its alpha band `alpha` where it has one; `model` the model's BandIdentity
    list, for the fix."""
    if alpha is not None and n_raster_bands is not None and n_bands != n_raster_bands:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "raster {path!r} has {bands} bands of data beside its alpha band (band {alpha}, the "
            "mask of the others), where the raster the model was trained on had {model_bands}: classify a "
            "raster with the same bands, in the same order, train a model on this one, or {fix}; if band "
            "{alpha} holds data, make it a data band (gdal_edit.py -colorinterp_{alpha} undefined <file>)"),
            path=path, bands=n_bands, alpha=alpha, model_bands=n_raster_bands, fix=hand_map_fix(model))
    if n_raster_bands is not None and n_bands != n_raster_bands:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "raster {path!r} has a band count ({bands}) other than that of the raster the "
            "model was trained on ({model_bands}): classify a raster with the same bands, in the same order, "
            "train a model on this one, or {fix}"), model_bands=n_raster_bands, path=path, bands=n_bands,
            fix=hand_map_fix(model))


def used_band_map(band_map, model, others, n_raster_bands):
    """(`band_map` without the pairs of bands of the model file the model does not use, the log lines naming
    them): `others` their BandIdentity list, or other band numbers of the `n_raster_bands` of its raster (a
    sensor's whole map given to a model of some of its bands). A map naming none of the model's bands is
    kept whole, for by_hand to say so."""
    def keys(bands):
        return {key for band in bands for key in map_keys(band)}

    used, other = keys(model), keys(others) | {str(number) for number in range(1, (n_raster_bands or 0) + 1)}
    unused = [key for key in band_map or () if key not in used and key in other]
    if not unused or len(unused) == len(band_map):
        return band_map, []
    return {key: number for key, number in band_map.items() if key not in unused}, [Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "Band map pairs of bands the model does not use, left out: {pairs}"),
        pairs=", ".join(f"{key}={band_map[key]}" for key in unused))]


def by_hand(path, model, raster, band_map):
    """Raster band numbers of the model's bands from `band_map`, which must name each of them once, by its
    name, its label (the model's name of it: a table's column) or its number."""
    keys = {str(key).strip(): int(value) for key, value in band_map.items()}
    found, used = [], {}
    for band in model:
        key = next((key for key in map_keys(band) if key in keys), str(band.number))
        found.append(keys.get(key))
        used[key] = band
    unknown = sorted(set(keys) - set(used))
    for key in unknown:  # another name of a band mapped already
        for mapped_as, band in used.items():
            if mapped_as in keys and key in map_keys(band):
                raise DataError(QT_TRANSLATE_NOOP(
                    "GmmSelect", "the band map maps model band {band} twice, as {first} and as {second}; map "
                    "each band once"), band=describe(band), first=mapped_as, second=key)
    unmapped = [describe(band) for band, number in zip(model, found) if number is None]
    said = {"unknown": ", ".join(unknown), "unmapped": joined(unmapped, ", "),
            "bands": joined([describe(band) for band in model], ", "), "example": map_example(model[0])}
    if unknown and unmapped:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the band map names {unknown} and leaves {unmapped} of the model unmapped; map "
            "each band the model uses ({bands}) to a raster band number, by its name or number, e.g. "
            "{example}"), **said)
    if unknown:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the band map names {unknown}, no band the model uses ({bands}); map only the "
            "model's bands, by their names or numbers, e.g. {example}"), **said)
    if unmapped:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the band map leaves {unmapped} of the model unmapped; map each band the model uses "
            "({bands}) to a raster band number, by its name or number, e.g. {example}"), **said)
    wrong = [number for number in found if not 1 <= number <= len(raster)]
    if wrong or len(set(found)) != len(found):
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the band map gives raster bands {found} but raster {path!r} has bands 1 to "
            "{count}; give each model band a different band of the raster"),
            found=found, path=path, count=len(raster))
    return found


def by_name(path, model, raster):
    """Raster band numbers holding the model's band names; DataError listing them when one is missing
    or named twice."""
    holders = {}
    for band in raster:
        if band.name:
            holders.setdefault(band.name, []).append(band.number)
    found = [holders.get(band.name, []) for band in model]
    if all(len(numbers) == 1 for numbers in found):
        return [numbers[0] for numbers in found]
    listed = joined([holder(band.name, numbers) for band, numbers in zip(model, found)], SEMICOLON)
    names = joined([repr(band.name) if band.name else Text(QT_TRANSLATE_NOOP("GmmSelect", "'Band {number}'"),
                                                             number=band.number) for band in raster], ", ")
    raise DataError(QT_TRANSLATE_NOOP(
        "GmmSelect", "raster {path!r} does not hold the model's bands by name: {listed} (model -> raster; "
        "the raster's bands: {names}); classify a raster with these bands, name its bands as the model's "
        "(band descriptions), or {fix}"), path=path, listed=listed, names=names, fix=hand_map_fix(model))


def holder(name, numbers):
    """How a message names the raster bands `numbers` named `name`: "'nir' -> band 4", "'nir' -> missing" or
    "'nir' -> bands 4 and 5 (ambiguous)"."""
    if not numbers:
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "{name!r} -> missing"), name=name)
    if len(numbers) == 1:
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "{name!r} -> band {number}"), name=name, number=numbers[0])
    return Text(QT_TRANSLATE_NOOP("GmmSelect", "{name!r} -> bands {numbers} (ambiguous)"), name=name,
                numbers=joined([str(number) for number in numbers], AND))


def match_bands(path, model, raster, n_raster_bands=None, band_map=None, tolerance=WAVELENGTH_TOLERANCE,
                alpha=None):
    """(the raster band numbers of the model's bands, in the model's order; lines for the log) for the
    model's BandIdentity list `model` and the raster's `raster` (every band), whose alpha band is band
    `alpha` (None: none; see the module docstring)."""
    if band_map:
        numbers = by_hand(path, model, raster, band_map)
        chosen = [raster[number - 1] for number in numbers]
        pairs = joined([Text(QT_TRANSLATE_NOOP("GmmSelect", "{band} -> {number}"), band=describe(band),
                             number=number) for band, number in zip(model, numbers)], ", ")
        lines = [Text(QT_TRANSLATE_NOOP("GmmSelect", "bands mapped by hand: {pairs} (model -> raster band)"),
                      pairs=pairs)]
        lines += [Text(QT_TRANSLATE_NOOP("GmmSelect", "wavelengths differ (accepted by the band map): "
                                                      "{difference}"), difference=difference)
                  for difference in wavelength_differences(model, chosen, tolerance)]
        return numbers, lines
    data = [band for band in raster if band.number != alpha]
    nearest = by_wavelength(model, data, tolerance)
    try:
        numbers, lines = by_name_or_number(path, model, data, n_raster_bands, tolerance, alpha)
    except DataError:
        if nearest is None:
            raise
    else:  # bands taken by number whose wavelengths are other raster bands' (closer than the tolerance)
        if names_tell(model, data) or nearest in (None, numbers):
            return numbers, lines
    return nearest, mapped_by_wavelength(model, [raster[number - 1] for number in nearest])


def names_tell(model, raster):
    """True where the bands are matched by name: the model names each of its bands, the raster some."""
    return all(band.name for band in model) and any(band.name for band in raster)


def by_name_or_number(path, model, raster, n_raster_bands, tolerance, alpha=None):
    """match_bands by the bands' names where both sides name them, else by number, of the raster's bands of
    data `raster` (its first ones: `alpha`, its alpha band, follows them); DataError where a name is missing
    or ambiguous, the band count differs or the wavelengths differ."""
    numbers = [band.number for band in model]
    if names_tell(model, raster):
        lines = []
        named = by_name(path, model, raster)  # a name held twice is ambiguous, even at the model's number
        if named != numbers:
            numbers = named
            pairs = ", ".join(f"{band.name!r} {band.number} -> {number}"
                              for band, number in zip(model, numbers))
            lines = [Text(QT_TRANSLATE_NOOP(
                "GmmSelect", "Bands mapped by name: {pairs} (model -> raster band)"), pairs=pairs)]
    else:
        check_band_count(path, len(raster), n_raster_bands, model, alpha)
        side = (Text(QT_TRANSLATE_NOOP("GmmSelect", "the raster has no band names"))
                if all(band.name for band in model) else
                Text(QT_TRANSLATE_NOOP("GmmSelect", "the model does not name every band it uses"))
                if any(band.name for band in model) else
                Text(QT_TRANSLATE_NOOP("GmmSelect", "the model has no band names")))
        lines = [Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "{side}: bands taken by number ({numbers}), only the band count checked"),
            side=side, numbers=numbers)]
    chosen = [raster[number - 1] for number in numbers] if max(numbers) <= len(raster) else []
    differences = wavelength_differences(model, chosen, tolerance)
    if differences:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the wavelengths of raster {path!r} differ from the model's by more than "
            "{tolerance:.2%}: {differences} (model -> raster); classify a raster of the bands the model was "
            "trained on, or {fix} to accept the difference"),
            path=path, tolerance=tolerance, differences=joined(differences, SEMICOLON),
            fix=hand_map_fix(model))
    return numbers, lines


def by_wavelength(model, raster, tolerance):
    """Raster band numbers of the model's bands by centre wavelength: for each, the raster band nearest to
    it within `tolerance` (relative) and nearer than any other; None unless every model band has one and
    no two share it."""
    near = relative_differences(model, raster)
    near[~(near <= tolerance)] = np.inf  # NaN too
    nearest = np.argmin(near, axis=1)
    best = near[np.arange(len(model)), nearest]
    if not np.all(np.isfinite(best)) or np.any(np.sum(near == best[:, None], axis=1) > 1) \
            or len(set(nearest)) < len(nearest):
        return None
    return [raster[k].number for k in nearest]


def mapped_by_wavelength(model, chosen):
    """The log lines of the model's bands mapped by wavelength to the raster's `chosen`: the pairs, and a
    warning naming the pairs whose names differ."""
    pairs = [Text(QT_TRANSLATE_NOOP("GmmSelect", "{band} {wavelength} -> {number}"),
                  band=describe(band), wavelength=wavelength_text(band), number=other.number)
             for band, other in zip(model, chosen)]
    renamed = [Text(QT_TRANSLATE_NOOP("GmmSelect", "{band} -> {name!r} (band {number})"),
                    band=describe(band), name=other.name, number=other.number)
               for band, other in zip(model, chosen) if band.name and other.name and band.name != other.name]
    lines = [Text(QT_TRANSLATE_NOOP("GmmSelect", "Bands mapped by wavelength: {pairs} (model -> raster "
                                                 "band)"), pairs=joined(pairs, ", "))]
    return lines + warning_lines([Text(QT_TRANSLATE_NOOP(
        "GmmSelect", "bands mapped by their wavelength to bands of other names: {pairs}; if the names are "
        "right, {fix}"), pairs=joined(renamed, ", "), fix=hand_map_fix(model))] if renamed else [])
