"""Band identity: the raster bands Predict reads for a model's bands (gmmselect.raster.bands)."""

import os
import re

import numpy as np
import pytest
from conftest import data_file
from osgeo import gdal
from test_raster_fixtures import LANDSAT, POLYGONS, TM, TM_UM, describe_bands, with_alpha, write_raster

from gmmselect.core import GaussianMixture, load_model
from gmmselect.raster import DataError, extract_samples, predict_raster
from gmmselect.raster.bands import map_example, match_bands, model_bands, parse_band_map, used_band_map
from gmmselect.raster.info import BandIdentity, band_identities

BANDS = [1, 2, 3, 4, 5, 7]


@pytest.fixture(scope="module")
def model():
    """A mixture learnt on the Landsat polygons, bands 1-5 and 7."""
    samples = extract_samples(LANDSAT, POLYGONS, "class", bands=BANDS)
    return GaussianMixture.fit(samples.X, samples.y, class_names=samples.class_names)


def landsat_copy(path, order=range(1, 8), names=None, wavelengths=None, unit=None):
    """The Landsat scene with its bands in `order`, named `names` and with `wavelengths` in `unit`."""
    gdal.Translate(str(path), LANDSAT, bandList=list(order))
    return describe_bands(path, names, wavelengths, unit)


def tm_bands(numbers=BANDS, names=TM, wavelengths=None, unit=None):
    """The model's BandIdentity of Landsat bands `numbers`."""
    return [BandIdentity(n, names[n - 1] if names else None, wavelengths[n - 1] if wavelengths else None,
                         unit) for n in numbers]


def classify(tmp_path, raster, model, name, **options):
    """The classification of `raster` (array) and the log lines."""
    lines = []
    paths = predict_raster(raster, model, BANDS, str(tmp_path / name), log=lines.append, **options)
    return gdal.Open(paths["classification"]).ReadAsArray(), lines


def test_same_names_in_another_order_are_mapped_by_name(tmp_path, model):
    """The scene with its bands reversed classifies exactly as the scene: the names lead to the bands."""
    named = landsat_copy(tmp_path / "named.tif", names=TM)
    reversed_ = landsat_copy(tmp_path / "reversed.tif", order=range(7, 0, -1), names=TM[::-1])
    expected, lines = classify(tmp_path, named, model, "a.tif", model_bands=tm_bands(), n_raster_bands=7)
    assert not any("mapped" in line or "no band names" in line for line in lines)
    mapped, lines = classify(tmp_path, reversed_, model, "b.tif", model_bands=tm_bands(), n_raster_bands=7)
    np.testing.assert_array_equal(mapped, expected)
    assert lines[0] == ("Bands mapped by name: 'blue' 1 -> 7, 'green' 2 -> 6, 'red' 3 -> 5, 'nir' 4 -> 4, "
                        "'swir1' 5 -> 3, 'swir2' 7 -> 1 (model -> raster band)")
    np.testing.assert_array_equal(classify(tmp_path, LANDSAT, model, "c.tif")[0], expected)


def test_envi_headers_give_names_wavelengths_and_units(tmp_path):
    """GDAL's ENVI driver appends the wavelength to each band name of the header ('blue (450.5
    Nanometers)'), names unnamed bands 'Band n' and, in a header without band names, describes each band
    by its wavelength alone ('450.5 Nanometers', or '450.5' in a unit 'Unknown'): none of it is part of
    the band's own name. A description that is another number than the wavelength is a name."""
    path = write_raster(tmp_path / "scene.img", np.zeros((2, 3, 4), dtype=np.int16), driver="ENVI")
    header = str(tmp_path / "scene.hdr")
    with open(header, encoding="ascii") as stream:
        text = stream.read().split("band names")[0]
    for names, unit, described, expected in (
            ("band names = {blue, Band 2}\n", "Nanometers", "Band 2 (550.25 Nanometers)", ["blue", None]),
            ("band names = {Band 1, Band 2}\n", "Nanometers", "Band 2 (550.25 Nanometers)", [None, None]),
            ("", "Nanometers", "550.25 Nanometers", [None, None]),
            ("", "Unknown", "550.25", [None, None]),
            ("band names = {450, 550}\n", "Nanometers", "550 (550.25 Nanometers)", ["450", "550"])):
        with open(header, "w", encoding="ascii") as stream:
            stream.write(f"{text}{names}wavelength units = {unit}\nwavelength = {{450.5, 550.25}}\n")
        dataset = gdal.Open(path)
        assert dataset.GetRasterBand(2).GetDescription() == described
        assert band_identities(dataset) == [BandIdentity(1, expected[0], 450.5, unit),
                                            BandIdentity(2, expected[1], 550.25, unit)]


def test_missing_or_renamed_bands_stop_with_the_list(tmp_path, model):
    names = ["blue", "green", "red", "NIR", "swir1", "tir", "red"]
    renamed = landsat_copy(tmp_path / "renamed.tif", names=names)
    with pytest.raises(DataError) as error:
        classify(tmp_path, renamed, model, "c.tif", model_bands=tm_bands())
    assert str(error.value) == (
        f"raster {renamed!r} does not hold the model's bands by name: 'blue' -> band 1; 'green' -> "
        "band 2; 'red' -> bands 3 and 7 (ambiguous); 'nir' -> missing; 'swir1' -> band 5; 'swir2' -> missing "
        "(model -> raster; the raster's bands: 'blue', 'green', 'red', 'NIR', 'swir1', 'tir', 'red'); "
        "classify a raster with these bands, name its bands as the model's (band descriptions), or map the "
        "bands by hand (Predict's BAND_MAP, band_map= in Python), e.g. blue=1")
    assert sorted(os.listdir(tmp_path)) == ["renamed.tif"]


def test_a_name_held_twice_stops_even_where_the_first_is_at_the_models_number(tmp_path, model):
    """A two-date stack whose every name is held twice, the second date first: its band 3 is 'red' as the
    model's band 3, but so is its band 10 (classified before as the second date, and nothing said)."""
    dates = landsat_copy(tmp_path / "dates.tif", order=[*range(1, 8), *range(1, 8)], names=TM + TM)
    with pytest.raises(DataError, match=r"'red' -> bands 3 and 10 \(ambiguous\)"):
        classify(tmp_path, dates, model, "c.tif", model_bands=tm_bands())
    assert "c.tif" not in os.listdir(tmp_path)


def test_units_are_read_whatever_their_spelling_and_an_unknown_one_is_said():
    """'μm' (Greek mu, U+03BC, what Unicode normalisation makes of the micro sign) and 'micro-meters' were
    unknown units, their wavelengths compared with nanometres as given ('differ by more than 0.20%')."""
    from gmmselect.raster.bands import nanometres_per, wavelength_text

    assert [nanometres_per(unit) for unit in ("\u03bcm", "\u00b5m", "Micro-meters", "nano meters", "NM")] == \
        [1e3, 1e3, 1e3, 1.0, 1.0]
    # ENVI's other units of length (its header's 'wavelength units'), which were unknown
    assert [nanometres_per(unit) for unit in ("Millimeters", "Centimeters", "Meters", "millimetre", "m")] == \
        [1e6, 1e7, 1e9, 1e6, 1e9]
    assert nanometres_per("wavenumber") is None and nanometres_per(None) is None
    assert wavelength_text(BandIdentity(1, None, 1.65, "wavenumber")) == "1.65 wavenumber (unit unknown)"
    assert wavelength_text(BandIdentity(1, None, 1.65, "\u03bcm")) == "1.65 \u03bcm"


def test_wavelengths_are_compared_in_nanometres_and_stop_beyond_the_tolerance(tmp_path, model):
    """The model knows micrometres, the raster nanometres: equal bands run; band 3 at TM4's 830 nm stops."""
    nanometres = [round(1000 * value, 3) for value in TM_UM]
    raster = landsat_copy(tmp_path / "nm.tif", wavelengths=nanometres, unit="Nanometers")
    assert band_identities(gdal.Open(raster))[2] == BandIdentity(3, None, 660.0, "Nanometers")
    same = tm_bands(names=None, wavelengths=TM_UM, unit="um")
    classify(tmp_path, raster, model, "ok.tif", model_bands=same)
    shifted = tm_bands(names=None, wavelengths=[*TM_UM[:2], 0.83, *TM_UM[3:]], unit="um")
    with pytest.raises(DataError) as error:
        classify(tmp_path, raster, model, "c.tif", model_bands=shifted)
    assert str(error.value) == (
        f"the wavelengths of raster {raster!r} differ from the model's by more than 0.20%: band 3: 0.83 um "
        "-> raster band 3: 660 Nanometers (model -> raster); classify a raster of the bands the model was "
        "trained on, or map the bands by hand (Predict's BAND_MAP, band_map= in Python), e.g. 1=1 to accept "
        "the difference")
    assert not os.path.exists(tmp_path / "c.tif")


def test_sentinel2_style_units_are_read(tmp_path, model):
    """GDAL's Sentinel-2, ISIS3 and PDS4 drivers name the unit WAVELENGTH_UNIT (ENVI: wavelength_units): a
    scene whose bands say 'WAVELENGTH 830, WAVELENGTH_UNIT nm' is TM's in micrometres, not 1000 times off."""
    raster = landsat_copy(tmp_path / "s2.tif")
    dataset = gdal.Open(raster, gdal.GA_Update)
    for number, value in enumerate(TM_UM, 1):
        metadata = {"WAVELENGTH": f"{1000 * value:g}", "WAVELENGTH_UNIT": "nm"}
        dataset.GetRasterBand(number).SetMetadata(metadata)
    dataset = None
    assert band_identities(gdal.Open(raster))[3] == BandIdentity(4, None, 830.0, "nm")
    expected = classify(tmp_path, LANDSAT, model, "expected.tif")[0]
    mapped, lines = classify(tmp_path, raster, model, "s2-classes.tif",
                             model_bands=tm_bands(names=None, wavelengths=TM_UM, unit="um"))
    np.testing.assert_array_equal(mapped, expected)
    assert not any("wavelength" in line for line in lines)


def test_without_names_on_one_side_only_the_band_count_is_checked(tmp_path, model):
    named = landsat_copy(tmp_path / "named.tif", names=TM)
    for bands, raster, side in ((tm_bands(), LANDSAT, "the raster"),
                                (tm_bands(names=None), named, "the model")):
        _, lines = classify(tmp_path, raster, model, "c.tif", model_bands=bands, n_raster_bands=7)
        assert lines[0] == (f"{side} has no band names: bands taken by number ({BANDS}), only the band count "
                            "checked")
    with pytest.raises(DataError, match=r"has a band count \(7\) other than that of the raster the model "
                                        r"was trained on \(8\): classify a "):
        classify(tmp_path, LANDSAT, model, "d.tif", model_bands=tm_bands(), n_raster_bands=8)


def test_a_band_map_given_by_hand_overrides_names_and_wavelengths(tmp_path, model):
    """The reversed scene without names, mapped by hand (by model band name or number), is the scene."""
    reversed_ = landsat_copy(tmp_path / "reversed.tif", order=range(7, 0, -1))
    expected, _ = classify(tmp_path, LANDSAT, model, "a.tif")
    band_map = parse_band_map("blue=7, green=6; red=5,nir=4, swir1 = 3, 7=1")
    assert band_map == {"blue": 7, "green": 6, "red": 5, "nir": 4, "swir1": 3, "7": 1}
    bands = tm_bands(names=[*TM[:6], None], wavelengths=TM_UM, unit="um")
    mapped, lines = classify(tmp_path, reversed_, model, "b.tif", model_bands=bands, band_map=band_map)
    np.testing.assert_array_equal(mapped, expected)
    assert lines[0] == ("bands mapped by hand: 'blue' (band 1) -> 7, 'green' (band 2) -> 6, 'red' (band 3) "
                        "-> 5, 'nir' (band 4) -> 4, 'swir1' (band 5) -> 3, band 7 -> 1 (model -> raster "
                        "band)")
    with pytest.raises(DataError, match=r"^the band map names red2 and leaves 'red' \(band 3\) of the model "
                                        r"unmapped; map each band the model uses"):
        match_bands("r.tif", bands, band_identities(gdal.Open(reversed_)),
                    band_map={**{k: v for k, v in band_map.items() if k != "red"}, "red2": 5})
    with pytest.raises(DataError, match=r"the band map gives raster bands \[7, 6, 5, 4, 3, 3\] but raster"):
        match_bands("r.tif", bands, band_identities(gdal.Open(reversed_)), band_map={**band_map, "7": 3})
    with pytest.raises(DataError, match=r"^the band map maps model band 'swir1' \(band 5\) twice, as swir1 "
                                        r"and as 5; map each band once$"):  # was: 'names 5, leaves no band'
        match_bands("r.tif", bands, band_identities(gdal.Open(reversed_)), band_map={**band_map, "5": 1})
    for text in ("B5:3", "B5=x", "=3", "B5=3,B5=4", "B5=\u00b2"):  # '²': isdigit() but not int()
        with pytest.raises(ValueError, match="BAND_MAP"):
            parse_band_map(text)
    assert parse_band_map(" ") is None


def test_band_names_holding_commas_are_mapped_in_quotes():
    """GDAL's Sentinel-2 driver describes its bands 'B2, central wavelength 490 nm': a BAND_MAP gives such a
    name in quotes, and the refusals' example is one (before: split at its comma, and the example offered
    could not be typed)."""
    sentinel = "B2, central wavelength 490 nm"
    assert parse_band_map(f"'{sentinel}'=1; \"it's = B3\" = 2, B4=3") == \
        {sentinel: 1, "it's = B3": 2, "B4": 3}
    assert [map_example(BandIdentity(2, name)) for name in (sentinel, "it's", "nir", None)] == \
        [f"'{sentinel}'=2", "\"it's\"=2", "nir=2", "2=2"]
    assert parse_band_map(map_example(BandIdentity(2, sentinel))) == {sentinel: 2}
    for text in (f"{sentinel}=1", f"'{sentinel}=1", "'B2'x=1"):
        with pytest.raises(ValueError, match=r"is not 'model band=raster band number'; .* a name holding a "
                                             r"comma, semicolon or equals sign in quotes: 'B2, central"):
            parse_band_map(text)


def test_a_band_map_is_refused_for_what_it_gets_wrong(tmp_path):
    """A key that is no band of the model, and a band the map leaves out, are each said alone (before:
    'names 9 and leaves no band of the model unmapped')."""
    bands, raster = tm_bands(), band_identities(gdal.Open(LANDSAT))
    whole = {name: number for number, name in enumerate(TM, 1) if number != 6}
    with pytest.raises(DataError, match=r"^the band map names 9, no band the model uses \('blue' \(band 1\), "
                                        r".*\); map only the model's bands, by their names or numbers, e.g. "
                                        r"blue=1$"):
        match_bands("r.tif", bands, raster, band_map={**whole, "9": 2})
    with pytest.raises(DataError, match=r"^the band map leaves 'nir' \(band 4\) of the model unmapped; map "
                                        r"each band the model uses \(.*\) to a raster band number, by its "
                                        r"name or number, e.g. blue=1$"):
        match_bands("r.tif", bands, raster, band_map={k: v for k, v in whole.items() if k != "nir"})


def test_a_sensors_whole_band_map_serves_a_model_of_some_of_its_bands():
    """A selection model of bands 3 and 4 of a 7-band raster, given the map of all seven (by number, or by
    the names the model file records of its other bands): the pairs of bands it does not use are left out
    and named; a key naming nothing the model file knows is kept, for the refusal."""
    used, others = tm_bands(numbers=[3, 4]), tm_bands(numbers=[1, 2, 5, 7])
    by_number = {str(number): 8 - number for number in range(1, 8)}
    kept, lines = used_band_map(by_number, used, [], 7)
    assert kept == {"3": 5, "4": 4}
    assert lines == ["Band map pairs of bands the model does not use, left out: 1=7, 2=6, 5=3, 6=2, 7=1"]
    by_name = {"blue": 1, "red": 3, "nir": 4, "swir2": 7, "nir2": 5}
    kept, lines = used_band_map(by_name, used, others, 7)
    assert kept == {"red": 3, "nir": 4, "nir2": 5}
    assert lines == ["Band map pairs of bands the model does not use, left out: blue=1, swir2=7"]
    assert used_band_map({"1": 2, "2": 1}, used, others, 7) == ({"1": 2, "2": 1}, [])  # none of its own
    assert used_band_map(None, used, others, 7) == (None, [])


@pytest.mark.parametrize("scale", [0.0, -0.01])
def test_a_scale_of_0_or_of_the_other_sign_is_refused(scale):
    """Stored values of a band declared with scale 0 (or negative) have no conversion to the model's: refused
    with the figures (a scale of 0 was said to be 'of the other sign')."""
    from gmmselect.raster.bands import stored_conversion

    model = [BandIdentity(1, "red", scale=0.01, offset=0.0), BandIdentity(2, "nir", scale=0.01, offset=0.0)]
    raster = [BandIdentity(1, "red", scale=0.01, offset=0.0), BandIdentity(2, "nir", scale=scale, offset=1.0)]
    with pytest.raises(DataError) as error:
        stored_conversion("r.tif", model, raster)
    assert str(error.value) == (
        "raster 'r.tif' stores some of the model's bands with a scale of 0 or of the other sign: 'nir' "
        f"(band 2) 0.01, 0 <- raster band 2 {scale:g}, 1 (model scale, offset <- raster scale, offset); "
        "check the raster's band scales (gdalinfo) and correct them (gdal_edit.py -scale)")


def test_models_of_the_earlier_format_know_no_band_names_and_still_predict(tmp_path):
    saved = load_model(data_file("model_v1", "selection.gmm"))
    mixture, numbers = saved.classifier()
    bands = model_bands(saved, numbers)
    assert [band.name for band in bands] == [None] * len(numbers) and saved.band_descriptions is None
    lines = []
    predict_raster(LANDSAT, mixture, numbers, str(tmp_path / "c.tif"), log=lines.append,
                   n_raster_bands=saved.n_raster_bands, model_bands=bands)
    assert lines[0].startswith("the model has no band names: bands taken by number")


def test_a_spectral_subset_without_names_is_mapped_by_wavelength(tmp_path, model):
    """A cube whose band numbers moved (here the scene without its thermal band 6 and its blue band last, as
    a spectral subset or another sensor's order gives) has another band count: its bands are found by
    wavelength, the map is the scene's."""
    raster = landsat_copy(tmp_path / "subset.tif", order=[2, 3, 4, 5, 7, 1], wavelengths=[
        1000 * TM_UM[number - 1] for number in [2, 3, 4, 5, 7, 1]], unit="nm")
    expected = classify(tmp_path, LANDSAT, model, "expected.tif")[0]
    bands = tm_bands(names=None, wavelengths=TM_UM, unit="um")
    mapped, lines = classify(tmp_path, raster, model, "mapped.tif", model_bands=bands, n_raster_bands=7)
    np.testing.assert_array_equal(mapped, expected)
    assert lines[0] == ("Bands mapped by wavelength: band 1 0.485 um -> 6, band 2 0.56 um -> 1, band 3 0.66 "
                        "um -> 2, band 4 0.83 um -> 3, band 5 1.65 um -> 4, band 7 2.215 um -> 5 (model -> "
                        "raster band)")


def cube(*wavelengths, unit="nm"):
    """The BandIdentity of unnamed raster bands 1, 2... at `wavelengths`."""
    return [BandIdentity(number, None, wavelength, unit) for number, wavelength in enumerate(wavelengths, 1)]


def test_a_wavelength_two_raster_bands_are_equally_near_or_two_model_bands_share_is_refused():
    """By wavelength, each model band needs one nearest raster band within the tolerance, its own."""
    model = cube(500.0, 600.0)
    assert match_bands("r.tif", model, cube(0.6, 0.5004, unit="um"))[0] == [2, 1]
    assert match_bands("r.tif", model, cube(499.0, 500.5, 600.0), n_raster_bands=2)[0] == [2, 3]
    with pytest.raises(DataError, match="has a band count"):
        match_bands("r.tif", model, cube(500.0, 500.0, 600.0), n_raster_bands=2)
    with pytest.raises(DataError, match="differ from the model's"):
        match_bands("r.tif", cube(500.0, 500.3), cube(500.1, 600.0))
    with pytest.raises(DataError, match="differ from the model's"):
        match_bands("r.tif", model, cube(500.0, 601.5))


def test_bands_closer_than_the_tolerance_are_told_by_wavelength_not_by_number():
    """1500 and 1502 nm are within 0.2 % of each other: taken by number, the raster's swapped pair would
    pass the check and each be read for the other; each is the other's nearest: mapped by wavelength."""
    assert match_bands("r.tif", cube(1500.0, 1502.0), cube(1502.0, 1500.0))[0] == [2, 1]
    assert match_bands("r.tif", cube(1500.0, 1502.0), cube(1500.5, 1502.5))[0] == [1, 2]
    shifted, lines = match_bands("r.tif", cube(2000.0, 2005.0), cube(2003.0, 2008.0))
    assert shifted == [1, 2] and lines[0].startswith("the model has no band names: bands taken by number")


#: What the model's bands declare of their stored numbers, the scene's DN: value = DN * 0.5.
MODEL_STORAGE = (0.5, 0.0)
#: How another image may store a band's values DN / 2: stored = (DN / 2 - offset) / scale, declared on the
#: band (all dyadic, so that stored * scale + offset gives DN / 2 back exactly); the first as the model's.
STORAGE = [MODEL_STORAGE, (0.5, 10.0), (2.0, -20.0), (0.25, 0.5), (4.0, 0.0)]


#: Centre wavelengths (um) of the extra bands an image may hold, none within the tolerance of a TM band's.
EXTRA_UM = [0.443, 1.375, 0.945]


def other_image(rng, path, pixels):
    """The Landsat scene `pixels (7, h, w)` as another image may hold it, drawn by `rng`: named as TM's bands
    or not, with TM's wavelengths in micrometres or nanometres under either key of the unit (ENVI's
    wavelength_units, GDAL's WAVELENGTH_UNIT) or none; where names or wavelengths tell the bands, in any
    order among up to two extra bands (other names and wavelengths), else in TM's order; each band stored as
    float32 in a STORAGE of its own; and, one image in two, one change: a band the model uses missing, its
    name on another band too or in other case, or its wavelength 1 % off. Returns (path, change or None,
    wavelengths given)."""
    named, unit = rng.random() < 0.6, rng.choice(["um", "nm", None])
    order = list(range(1, 8))
    names = [TM[number - 1] if named else None for number in order]
    wavelengths = list(TM_UM)
    if named or unit is not None:
        shuffled = rng.permutation(7)
        order, names, wavelengths = ([values[k] for k in shuffled] for values in (order, names, wavelengths))
        for extra in range(int(rng.integers(0, 3))):
            k = int(rng.integers(len(order) + 1))
            order.insert(k, int(rng.integers(1, 8)))
            names.insert(k, f"extra {extra}" if named else None)
            wavelengths.insert(k, EXTRA_UM[extra])
    changes = [change for change, possible in (("missing", True), ("twice", named), ("case", named),
                                               ("shifted", unit is not None)) if possible]
    change = rng.choice(changes) if rng.random() < 0.5 else None
    k = int(rng.choice([k for k, wavelength in enumerate(wavelengths) if wavelength in TM_UM
                        and TM_UM.index(wavelength) + 1 in BANDS]))
    if change == "missing":
        del order[k], names[k], wavelengths[k]
    elif change == "twice":
        names[int(rng.choice([j for j in range(len(order)) if j != k]))] = names[k]
    elif change == "case":
        names[k] = names[k].upper()
    elif change == "shifted":
        wavelengths[k] *= 1.01
    storage = [STORAGE[int(rng.integers(len(STORAGE)))] for _ in order]
    stored = np.array([(pixels[number - 1] * MODEL_STORAGE[0] - offset) / scale
                       for number, (scale, offset) in zip(order, storage)], dtype=np.float32)
    write_raster(path, stored, geotransform=gdal.Open(LANDSAT).GetGeoTransform())
    dataset = gdal.Open(str(path), gdal.GA_Update)
    dataset.SetProjection(gdal.Open(LANDSAT).GetProjection())
    unit_key = str(rng.choice(["wavelength_units", "WAVELENGTH_UNIT"]))
    for number, (name, wavelength, (scale, offset)) in enumerate(zip(names, wavelengths, storage), 1):
        band = dataset.GetRasterBand(number)
        band.SetDescription(name or "")
        if unit is not None:
            value = wavelength * (1000 if unit == "nm" else 1)
            band.SetMetadata({"wavelength": f"{value:.10g}", unit_key: unit})
        band.SetScale(scale)
        band.SetOffset(offset)
    dataset = None
    return str(path), change, unit is not None


@pytest.mark.parametrize("seed", range(40))
def test_another_image_of_the_same_bands_gives_the_same_map_and_one_of_other_bands_is_refused(
        tmp_path, model, seed):
    """Models travel across images: the scene stored otherwise (other_image: bands reordered among extra
    ones, told by name or wavelength, wavelengths in other units, values scaled and offset) maps as the scene,
    pixel for pixel; so does one whose names no longer tell a band (named twice or in other case) where the
    wavelengths do, mapped by wavelength; an image without a band or with its wavelength off is refused, and
    one whose names fail without wavelengths; no file left."""
    rng = np.random.default_rng(seed)
    pixels = gdal.Open(LANDSAT).ReadAsArray().astype(np.float64)
    raster, change, wavelengths = other_image(rng, tmp_path / "other.tif", pixels)
    expected = classify(tmp_path, LANDSAT, model, "expected.tif")[0]
    bands = [BandIdentity(number, TM[number - 1], TM_UM[number - 1], "um", *MODEL_STORAGE)
             for number in BANDS]
    if change is None or (change in ("twice", "case") and wavelengths):
        mapped, lines = classify(tmp_path, raster, model, "mapped.tif", model_bands=bands, n_raster_bands=7)
        np.testing.assert_array_equal(mapped, expected)
        assert change is None or lines[0].startswith("Bands mapped by wavelength: 'blue' (band 1) 0.485 um")
        renamed = [line for line in lines if "mapped by their wavelength to bands of other names" in line]
        assert change == "twice" or len(renamed) == (change == "case")  # twice: where it renamed a model band
    else:
        refused = r"does not hold the model's bands by name|differ from the model's|has a band count"
        with pytest.raises(DataError, match=refused):
            classify(tmp_path, raster, model, "mapped.tif", model_bands=bands, n_raster_bands=7)
        assert not os.path.exists(tmp_path / "mapped.tif")


def test_an_alpha_band_is_not_counted_named_nor_mapped_by_wavelength(tmp_path, model):
    """The scene with an alpha band (8 bands, as gdalwarp -dstalpha writes it) classifies as the scene where
    the alpha is not 0: its 7 bands of data are counted, named (an alpha band named as a model band does not
    hold the name twice) and, in another order, mapped by wavelength (the alpha band declares none: the
    others' are read) without it. A model of 8 bands (one that read the alpha band as data) is refused,
    naming the alpha band and the fixes. Before, the count (8) refused the raster, and the alpha band
    without a wavelength left every band without one."""
    alpha = np.full((310, 287), 255, dtype=np.uint8)
    alpha[:, :60] = 0
    raster = with_alpha(tmp_path / "alpha.tif", alpha)
    expected, _ = classify(tmp_path, LANDSAT, model, "expected.tif")
    expected[:, :60] = 0
    mapped, lines = classify(tmp_path, raster, model, "number.tif", model_bands=tm_bands(names=None),
                             n_raster_bands=7)
    np.testing.assert_array_equal(mapped, expected)
    assert lines[0] == (f"the model has no band names: bands taken by number ({BANDS}), only the band count "
                        "checked")
    describe_bands(raster, names=[*TM, "nir"])
    mapped, lines = classify(tmp_path, raster, model, "named.tif", model_bands=tm_bands(), n_raster_bands=7)
    np.testing.assert_array_equal(mapped, expected)
    assert not any("mapped" in line or "names" in line for line in lines)
    reversed_ = str(tmp_path / "reversed.tif")
    gdal.Translate(reversed_, raster, bandList=[7, 6, 5, 4, 3, 2, 1, 8])
    dataset = gdal.Open(reversed_, gdal.GA_Update)
    for number in range(1, 8):
        dataset.GetRasterBand(number).SetDescription("")
        dataset.GetRasterBand(number).SetMetadata({"wavelength": f"{1000 * TM_UM[7 - number]:.10g}",
                                                   "wavelength_units": "nm"})
    dataset = None
    assert [band.wavelength for band in band_identities(gdal.Open(reversed_))] == [
        *(1000 * wavelength for wavelength in TM_UM[::-1]), None]
    bands = tm_bands(names=None, wavelengths=TM_UM, unit="um")
    mapped, lines = classify(tmp_path, reversed_, model, "wavelength.tif", model_bands=bands,
                             n_raster_bands=7)
    np.testing.assert_array_equal(mapped, expected)
    assert lines[0] == ("Bands mapped by wavelength: band 1 0.485 um -> 7, band 2 0.56 um -> 6, band 3 0.66 "
                        "um -> 5, band 4 0.83 um -> 4, band 5 1.65 um -> 3, band 7 2.215 um -> 1 (model -> "
                        "raster band)")
    refused = (f"raster {raster!r} has 7 bands of data beside its alpha band (band 8, the mask of the "
               "others), where the raster the model was trained on had 8: classify a raster with the same "
               "bands, in the same order, train a model on this one, or map the bands by hand (Predict's "
               "BAND_MAP, band_map= in Python), e.g. 1=1; if band 8 holds data, make it a data band "
               "(gdal_edit.py -colorinterp_8 undefined <file>)")
    with pytest.raises(DataError, match=f"^{re.escape(refused)}$"):
        classify(tmp_path, raster, model, "refused.tif", model_bands=tm_bands(names=None), n_raster_bands=8)
