"""Map accuracy and area from rasters and reference layers, and the sample design (raster.assessment).

The worked examples of Olofsson et al. 2014 (RSE 148, Tables 8-9, section 5.2) and Stehman 2014
(IJRS 35, section 3) are laid out as rasters and points, so that the published figures come back
through the whole chain: pixel counts, values under the points, labels, estimators.
"""

import html
import os

import numpy as np
import pytest
from osgeo import gdal, ogr, osr
from test_core_accuracy import O14_COUNTS, stehman_example
from test_raster_fixtures import POLYGONS, box, write_raster, write_vector

from gmmselect.raster import DataError
from gmmselect.raster.assessment import (
    ClassMap,
    MapCounts,
    assess_map,
    count_map,
    design_sample,
    recorded_design,
    same_layer,
    strata_resized,
)
from gmmselect.raster.report import Words, area_text, area_unit, plural_unit

O14_NAMES = ["deforestation", "forest_gain", "stable_forest", "stable_nonforest"]
# O14's mapped pixels (Table 8) divided by 100, as 300 m pixels: the same 900 000 ha in all.
O14_PIXELS = [2000, 1500, 32000, 64500]
WIDTH, HEIGHT = 400, 250
PIXEL = 300.0
GEOTRANSFORM = (500000.0, PIXEL, 0.0, 4000000.0, 0.0, -PIXEL)
#: The same pixels rotated by 30 degrees.
COS, SIN = np.cos(np.pi / 6), np.sin(np.pi / 6)
ROTATED = (500000.0, PIXEL * COS, PIXEL * SIN, 4000000.0, PIXEL * SIN, -PIXEL * COS)


TILES = ("TILED=YES", "BLOCKXSIZE=64", "BLOCKYSIZE=64")


def classification(path, codes, names=None, nodata=0, options=TILES, geotransform=GEOTRANSFORM):
    """A Byte classification raster of `codes (h, w)` on `geotransform` with category names."""
    write_raster(path, codes[None].astype(np.uint8), geotransform=geotransform, nodata=nodata,
                 options=options)
    if names:
        dataset = gdal.Open(str(path), gdal.GA_Update)
        dataset.GetRasterBand(1).SetCategoryNames(["", *names])
        dataset = None
    return str(path)


def centre(row, col, geotransform=GEOTRANSFORM):
    """WKT of the centre of pixel (row, col) of `geotransform`."""
    return "POINT({} {})".format(*gdal.ApplyGeoTransform(geotransform, col + 0.5, row + 0.5))


def o14_layout(tmp_path):
    """O14's map (classes in raster order) and, per Table 8 row, distinct random pixels of that class
    with their reference classes: (map path, [(row, col, map class, reference class)])."""
    codes = np.repeat(np.arange(1, 5), O14_PIXELS).reshape(HEIGHT, WIDTH)
    path = classification(tmp_path / "o14.tif", codes, O14_NAMES)
    rng = np.random.default_rng(5)
    samples = []
    for i, row in enumerate(O14_COUNTS, 1):
        cells = rng.choice(np.flatnonzero(codes.ravel() == i), row.sum(), replace=False)
        references = np.repeat(np.arange(1, 5), row)
        samples += [(cell // WIDTH, cell % WIDTH, i, j) for cell, j in zip(cells, references)]
    return path, samples


@pytest.mark.parametrize("labels", ["names", "codes"])
def test_olofsson_2014_published_figures_from_a_raster_and_points(tmp_path, labels):
    path, samples = o14_layout(tmp_path)
    if labels == "names":
        reference = write_vector(tmp_path / "ref.gpkg",
                                 [(centre(r, c), O14_NAMES[j - 1]) for r, c, _, j in samples])
    else:
        reference = write_vector(tmp_path / "ref.gpkg", [(centre(r, c), int(j)) for r, c, _, j in samples],
                                 field_type=ogr.OFTInteger)
    result = assess_map(path, reference, "class")
    assert result.class_names == O14_NAMES
    assert result.pixels.tolist() == O14_PIXELS
    assert result.counts.unit == "metre" and result.counts.pixel_area == PIXEL ** 2
    np.testing.assert_array_equal(result.samples.sum(axis=0), O14_COUNTS)
    hectares = result.estimates.proportions * result.total_area / 1e4
    np.testing.assert_allclose(hectares, [21158, 11686, 285770, 581386], atol=1)   # O14 section 5.2.2
    np.testing.assert_allclose(result.z * result.estimates.proportions_se * result.total_area / 1e4,
                               [6158, 3756, 15510, 16282], atol=4)                # 1.96 -> 1.959964
    np.testing.assert_allclose(result.estimates.users, [0.88, 0.73, 0.93, 0.96], atol=0.005)
    assert result.estimates.overall == pytest.approx(0.947, abs=5e-4)


def test_map_counts_are_exact_over_many_small_windows(tmp_path):
    rng = np.random.default_rng(0)
    codes = rng.choice([0, 1, 2, 7, 9], size=(333, 517), p=[0.1, 0.4, 0.3, 0.15, 0.05])
    strata = (np.arange(517)[None, :] // 100 + 1) * np.ones((333, 1), dtype=int)
    path = classification(tmp_path / "map.tif", codes)
    strata_path = classification(tmp_path / "strata.tif", strata, options=())
    class_map = ClassMap(path, strata_path)
    assert len(class_map.windows(0.05)) > 20
    counts = count_map(class_map, memory_mb=0.05)
    expected = [np.sum(codes == k) for k in (1, 2, 7, 9)]
    assert counts.classes.tolist() == [1, 2, 7, 9] and counts.pixels.tolist() == expected
    assert counts.strata.tolist() == [1, 2, 3, 4, 5, 6]
    assert counts.stratum_pixels.tolist() == [np.sum((codes > 0) & (strata == h)) for h in range(1, 7)]
    assert count_map(ClassMap(path), memory_mb=64).pixels.tolist() == expected


@pytest.mark.parametrize("geotransform", [GEOTRANSFORM, ROTATED])
def test_stehman_2014_with_a_strata_raster(tmp_path, geotransform):
    """S14's example: strata A-D of 40 000, 30 000, 20 000, 10 000 pixels; the 40 sample pixels carry
    the example's map classes (which differ from their strata). On a grid rotated by 30 degrees too
    (before: gdal.BuildVRT refused to stack it, and Assess stopped with a RuntimeError)."""
    counts, sizes = stehman_example()
    strata = np.repeat(np.arange(1, 5), sizes).reshape(HEIGHT, WIDTH)
    codes = strata.copy()
    rows = []
    for h, i, j in zip(*np.nonzero(counts)):
        for _ in range(counts[h, i, j]):
            rows.append((h + 1, i + 1, j + 1))
    cells = [np.flatnonzero(strata.ravel() == h)[k * 37] for k, (h, _, _) in enumerate(rows)]
    for cell, (_, i, _) in zip(cells, rows):
        codes.flat[cell] = i
    names = ["A", "B", "C", "D"]
    path = classification(tmp_path / "map.tif", codes, names, geotransform=geotransform)
    strata_path = classification(tmp_path / "strata.tif", strata, geotransform=geotransform)
    reference = write_vector(tmp_path / "ref.gpkg", [(centre(cell // WIDTH, cell % WIDTH, geotransform),
                                                      names[j - 1]) for cell, (_, _, j) in zip(cells, rows)])
    result = assess_map(path, reference, "class", strata_path=strata_path)
    assert result.counts.pixel_area == pytest.approx(PIXEL ** 2)
    np.testing.assert_array_equal(result.samples, counts)
    assert result.counts.stratum_pixels.tolist() == sizes.tolist()
    assert result.estimates.overall == pytest.approx(0.63)                 # S14 section 3
    assert result.estimates.users[1] == pytest.approx(0.574, abs=5e-4)
    assert result.estimates.proportions[0] == pytest.approx(0.35)
    # the report says which estimators: the matrix's rows are estimated shares of the map classes, not the
    # map's own (before: 'rows add up to the map's class proportions' and O14's equations, untrue here)
    from gmmselect.raster.report import assessment_report

    shares = np.asarray(result.map_areas) / result.total_area
    assert np.abs(result.estimates.matrix.sum(axis=1) - shares).max() > 0.01
    report = html.unescape(assessment_report(result, "Assess"))
    assert "rows add up to the estimated proportions of the map classes" in report
    assert "Stehman 2014, eq. 14, variance eq. 25-26" in report
    assert "rows add up to the map's class proportions" not in report and "Olofsson" not in report


def small_map(tmp_path):
    """A 10 x 10 map: left half class 1 'water', right half class 2 'forest', top row no-data."""
    codes = np.ones((10, 10), dtype=int)
    codes[:, 5:] = 2
    codes[0] = 0
    return classification(tmp_path / "small.tif", codes, ["water", "forest"], options=())


def test_areas_of_a_crs_in_feet_or_chains_are_named_in_the_plural_with_their_hectares(tmp_path):
    """A map in California zone 3 (EPSG:2227, US survey feet): 45 pixels of 30 x 30 ft of class 1 are
    40,500 square US survey feet, 0.4 ha (1 US survey foot = 1200/3937 m); GDAL's other unit names too."""
    path = classification(tmp_path / "feet.tif", np.ones((5, 9), dtype=int), ["water"],
                          geotransform=(6e6, 30.0, 0.0, 2e6, 0.0, -30.0))
    feet = osr.SpatialReference()
    feet.ImportFromEPSG(2227)
    dataset = gdal.Open(path, gdal.GA_Update)
    dataset.SetProjection(feet.ExportToWkt())
    dataset = None
    counts = count_map(ClassMap(path))
    assert (counts.unit, counts.pixels.tolist()) == ("US survey foot", [45])
    assert area_text(40500.0, counts) == "40,500 square US survey feet (0.4 ha)"
    assert area_unit(counts, Words({"square unit": "{unit} carrés"})) == "US survey feet carrés"
    assert [plural_unit(name) for name in ("foot", "Clarke's foot", "British chain (Sears 1922 truncated)",
                                           "kilometre", "degree", "unit", "link", "Indian yard")] == [
        "feet", "Clarke's feet", "British chains (Sears 1922 truncated)", "kilometres", "degrees", "units",
        "links", "Indian yards"]


def test_a_map_of_several_bands_is_named_in_a_warning(tmp_path):
    """An image of 3 bands given as the map (and as the strata) instead of its classification: its band 1 is
    the map (and the strata), said by the sample design's log and Assess's warnings; a map of one band says
    nothing."""
    codes = np.ones((3, 10, 10), dtype=np.uint8)
    codes[:, :, 5:] = 2
    codes[1:] = 7  # bands 2 and 3: no class of the map
    image = write_raster(tmp_path / "image.tif", codes, geotransform=GEOTRANSFORM)
    said = (f"warning: raster {str(image)!r} has 3 bands, where a classification has one: its band 1 is "
            "taken as the map, each of its values a class. If it is an image rather than its classification, "
            "give the map Predict wrote from it")
    lines = []
    design_sample(image, str(tmp_path / "s.gpkg"), 0.8, 0.05, 5, "equal", log=lines.append)
    assert [line for line in lines if "bands" in line] == [said]
    reference = write_vector(tmp_path / "ref.gpkg", [(centre(row, col), str(1 + (col >= 5)))
                                                     for row in range(1, 10) for col in (1, 3, 6, 8)])
    result = assess_map(image, reference, "class", strata_path=image)
    assert [w for w in result.warnings if "bands" in w] == [said[len("warning: "):]] * 2
    result = assess_map(image, reference, "class")  # was an IndexError: band 2 taken for the strata
    assert [w for w in result.warnings if "bands" in w] == [said[len("warning: "):]]
    assert result.estimates.overall == 1.0
    single = assess_map(small_map(tmp_path), reference, "class")
    assert not [w for w in single.warnings if "bands" in w]


def test_a_map_with_an_alpha_band_has_no_class_where_the_alpha_is_0(tmp_path):
    """A map warped with an alpha band (2 bands; its band 1 declares a no-data value, so GDAL masks it by that
    alone): its pixels of alpha 0, which QGIS draws transparent, are of no class, and it is one band of data
    (no warning of several bands), which Assess reads. Before, they were counted in their classes, the map
    had 2 bands, and Assess took the alpha band for the strata of the reference points: an IndexError."""
    codes = np.ones((10, 10), dtype=np.uint8)
    codes[:, 5:] = 2
    alpha = np.full((10, 10), 255, dtype=np.uint8)
    alpha[:3] = 0
    path = write_raster(tmp_path / "map.tif", np.stack([codes, alpha]), geotransform=GEOTRANSFORM)
    dataset = gdal.Open(path, gdal.GA_Update)
    dataset.GetRasterBand(1).SetNoDataValue(0)
    dataset.GetRasterBand(2).SetColorInterpretation(gdal.GCI_AlphaBand)
    dataset = None
    class_map = ClassMap(path)
    counts = count_map(class_map)
    assert (counts.classes.tolist(), counts.pixels.tolist(), class_map.warnings) == ([1, 2], [35, 35], [])
    reference = write_vector(tmp_path / "ref.gpkg", [(centre(row, col), str(1 + (col >= 5)))
                                                     for row in range(3, 10) for col in (1, 3, 6, 8)])
    result = assess_map(path, reference, "class")
    assert result.warnings == [] and result.estimates.overall == 1.0


def test_class_codes_above_32_bits_signed_reach_the_sample_and_its_assessment(tmp_path):
    """A UInt32 map of classes 1 and 3301010100 (a code of a national nomenclature): the sample's points hold
    the codes as they are (map_class and stratum were 32-bit signed fields: 2147483647, with GDAL's
    'Integer overflow' warning, and Assess then refused the reference), and Assess takes them."""
    codes = np.where(np.arange(10)[None, :] < 5, 1, 3301010100).repeat(10, axis=0).astype(np.uint32)
    path = write_raster(tmp_path / "codes.tif", codes[None], geotransform=GEOTRANSFORM)
    output = str(tmp_path / "sample.gpkg")
    design_sample(path, output, 0.8, 0.1, 5, "equal")
    source = ogr.Open(output, 1)
    layer = source.GetLayer(0)
    layer.CreateField(ogr.FieldDefn("truth", ogr.OFTInteger64))
    drawn = set()
    for feature in layer:
        drawn.add((feature.GetField("map_class"), feature.GetField("stratum")))
        feature.SetField("truth", feature.GetField("map_class"))
        layer.SetFeature(feature)
    source = None
    assert drawn == {(1, 1), (3301010100, 3301010100)}
    result = assess_map(path, output, "truth")
    assert result.classes.tolist() == [1, 3301010100] and result.estimates.overall == 1
    assert not result.warnings


ESRI_UTM_22N = ('PROJCS["WGS_1984_UTM_Zone_22N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",'
                '6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION['
                '"Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],'
                'PARAMETER["Central_Meridian",-51.0],PARAMETER["Scale_Factor",0.9996],PARAMETER['
                '"Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]')


CUSTOM_TMERC = "+proj=tmerc +lon_0=-51.3 +k=0.9996 +x_0=500000 +datum=WGS84 +units=m"


@pytest.mark.parametrize(("crs", "kept"), [
    ("EPSG:32622", "32622"), (ESRI_UTM_22N, "32622"), (CUSTOM_TMERC, None), ("", None)])
def test_a_geojson_sample_keeps_the_crs_and_the_empty_reference_or_is_refused(tmp_path, crs, kept):
    """A GeoJSON file names its CRS by an EPSG code alone and leaves out a field never set: the map's CRS is
    kept where it has one (or, as in an ESRI WKT of UTM 22N, is identified by one), and the reference field
    is there to fill in; a CRS of no code, or none, would read back as WGS 84 (points misplaced, Assess
    refusing them): refused before the sample is drawn, naming the fix. Before, both were lost in silence."""
    path = small_map(tmp_path)
    dataset = gdal.Open(path, gdal.GA_Update)
    reference = osr.SpatialReference()
    if crs:
        reference.SetFromUserInput(crs)
    dataset.SetProjection(reference.ExportToWkt() if crs else "")
    dataset = None
    output = str(tmp_path / "sample.geojson")
    if kept is None:
        why = r"the map's CRS \(unknown\) has no EPSG code" if crs else "the map has no CRS"
        with pytest.raises(DataError, match=rf"sample layer .*sample.geojson': a GeoJSON file names its CRS "
                                            rf"by an EPSG code alone, and {why}, so the points would read as "
                                            r"WGS 84 coordinates; give a \.gpkg file name$"):
            design_sample(path, output, 0.8, 0.05, 5, "equal")
        assert not os.path.exists(output)
        return
    design_sample(path, output, 0.8, 0.05, 5, "equal")
    source = ogr.Open(output)
    layer = source.GetLayer(0)
    definition = layer.GetLayerDefn()
    assert layer.GetSpatialRef().GetAuthorityCode(None) == kept
    assert "reference" in [definition.GetFieldDefn(k).GetName() for k in range(definition.GetFieldCount())]


@pytest.mark.parametrize("units", ["km", "us-ft"])
def test_a_geopackage_sample_of_a_utm_map_in_km_or_feet_keeps_its_crs(tmp_path, units, monkeypatch):
    """A GeoTIFF in UTM 22N in kilometres or US feet (no EPSG code) reads back with its datum's EPSG codes,
    and GDAL 3.6's GeoPackage driver then recorded its sample as EPSG:32622 in metres: points a thousand (or
    3.28) times too near the origin, which Assess refused as outside the map. The layer now keeps the
    map's CRS (its WKT without authority codes), its points on pixel centres, and Assess finds each on its
    class; a CRS the driver still would not keep is refused naming the fix."""
    reference = osr.SpatialReference()
    reference.SetFromUserInput(f"+proj=utm +zone=22 +datum=WGS84 +units={units}")
    metres = reference.GetLinearUnits()
    codes = np.repeat([[1] * 5 + [2] * 5], 10, axis=0)
    path = classification(tmp_path / "map.tif", codes, ["water", "forest"],
                          geotransform=(5e5 / metres, 30 / metres, 0.0, 4e6 / metres, 0.0, -30 / metres))
    dataset = gdal.Open(path, gdal.GA_Update)
    dataset.SetProjection(reference.ExportToWkt())
    dataset = None
    output = str(tmp_path / "sample.gpkg")
    design_sample(path, output, 0.8, 0.05, 5, "equal")
    source = ogr.Open(output, 1)
    layer = source.GetLayer(0)
    kept = layer.GetSpatialRef()
    assert kept.IsSame(reference) and kept.GetLinearUnits() == pytest.approx(metres)
    for feature in layer:
        x, y = feature.GetGeometryRef().GetPoint_2D()
        column, row = (x - 5e5 / metres) / (30 / metres), (4e6 / metres - y) / (30 / metres)
        assert (column % 1, row % 1) == pytest.approx((0.5, 0.5))
        assert feature.GetField("map_class") == (1 if column < 5 else 2)
        feature.SetField("reference", ["water", "forest"][feature.GetField("map_class") - 1])
        layer.SetFeature(feature)
    source = None
    assert assess_map(path, output, "reference").estimates.overall == 1.0
    monkeypatch.setattr("gmmselect.raster.assessment.keeps_crs", lambda driver, crs: False)
    with pytest.raises(DataError, match=rf"sample layer .*again.gpkg': GDAL's GeoPackage driver does not "
                                        rf"keep the map's CRS \(\+proj=tmerc .*\+lon_0=-51 .*\+units={units} "
                                        r".*\), so the points would be misplaced; give the map a CRS of an"):
        design_sample(path, str(tmp_path / "again.gpkg"), 0.8, 0.05, 5, "equal")
    assert not os.path.exists(tmp_path / "again.gpkg")


def test_a_reference_label_naming_two_map_classes_is_refused(tmp_path):
    """A map whose legend names classes 2 and 3 both 'forest': a reference 'forest' was taken as class 3 in
    silence (every class-2 point an error); refused, naming the codes and the fix. Integer codes, or a label
    no two classes share, are assessed."""
    codes = np.repeat([[1] * 4 + [2] * 3 + [3] * 3], 10, axis=0)
    path = classification(tmp_path / "map.tif", codes, ["water", "forest", "forest"])
    points = [(centre(row, col), name) for row in (2, 6) for col, name in [(1, "water"), (5, "forest"),
                                                                             (8, "forest")]]
    named = write_vector(tmp_path / "named.gpkg", points)
    with pytest.raises(DataError, match=r"^reference classes of field 'class' name several classes of map "
                                        r".*map.tif': 'forest' = 2 and 3; give the map's categories distinct "
                                        r"names, or label the reference with the map's integer codes$"):
        assess_map(path, named, "class")
    numbered = write_vector(tmp_path / "numbered.gpkg", [(point, str(code)) for (point, _), code
                                                          in zip(points, [1, 2, 3] * 2)])
    assert assess_map(path, numbered, "class").estimates.overall == 1.0


def test_points_outside_or_on_no_data_are_named(tmp_path):
    path = small_map(tmp_path)
    outside = write_vector(tmp_path / "out.gpkg", [(centre(5, 1), "water"), (centre(5, 30), "water")])
    with pytest.raises(DataError, match=r"1 reference features of .* \(FIDs 2\) lie outside map"):
        assess_map(path, outside, "class")
    nodata = write_vector(tmp_path / "nodata.gpkg", [(centre(5, 1), "water"), (centre(0, 1), "water")])
    with pytest.raises(DataError, match=r"1 reference points of .* \(FIDs 2\) fall on pixels of map .* "
                                        r"without a class \(0 or no-data\); move them onto classified "
                                        r"pixels"):
        assess_map(path, nodata, "class")


def test_a_geojson_sample_of_an_envi_map_without_crs_says_the_map_has_none(tmp_path):
    """An ENVI map declaring no CRS (GDAL reads its 'map info = {Arbitrary, ...}' as a local CRS 'Arbitrary',
    which is none): the GeoJSON sample is refused saying the map has no CRS. Before: 'the map's CRS (no
    CRS) has no EPSG code'."""
    envi = str(tmp_path / "small.img")
    dataset = gdal.Translate(envi, small_map(tmp_path), format="ENVI")
    dataset.SetProjection("")
    dataset = None
    with pytest.raises(DataError, match=r"a GeoJSON file names its CRS by an EPSG code alone, and the map "
                                        r"has no CRS, so"):
        design_sample(envi, str(tmp_path / "sample.geojson"), 0.8, 0.05, 5, "equal")


def test_the_map_s_values_of_no_class_name_the_no_data_set_in_qgis(tmp_path):
    """The map's class 2 set as no-data in QGIS (map_no_data): a point on it is refused naming that no-data,
    and a map whose every class is no-data so is refused by the sample design and Assess with advice that
    fits (a mask or a no-data over every pixel). Before: '(0 or no-data)' where the file holds class 2 there,
    and 'give a classification raster' for a map that is one."""
    from gmmselect.raster.blocks import BandNoData

    path = small_map(tmp_path)
    points = write_vector(tmp_path / "points.gpkg", [(centre(5, 1), "water"), (centre(5, 8), "forest")])
    forest = BandNoData(ranges=((2.0, 2.0, True, True),))
    with pytest.raises(DataError, match=r"1 reference points of .* \(FIDs 2\) fall on pixels of map .* "
                                        r"without a class \(0, no-data or the no-data set in QGIS: x = 2\); "
                                        r"move them onto classified pixels"):
        assess_map(path, points, "class", map_no_data=forest)
    every = BandNoData(ranges=((1.0, 2.0, True, True),))
    empty = (r"^map '.*small.tif' has no classified pixel \(every value is 0, no-data or the no-data set in "
             r"QGIS: 1 ≤ x ≤ 2\); give a map with classified pixels \(a map made under a mask or a no-data "
             r"that covers every pixel holds none\)$")
    with pytest.raises(DataError, match=empty):
        assess_map(path, points, "class", map_no_data=every)
    with pytest.raises(DataError, match=empty):
        design_sample(path, str(tmp_path / "sample.gpkg"), no_data=every)


def test_with_strata_the_messages_name_the_map_not_the_stack_read(tmp_path):
    """With STRATA the map and the strata are read as one stack made for the run: a reference off the map is
    refused naming the map, as without strata. Before, the message named '/vsimem/gmmselect-strata-...vrt'."""
    path = small_map(tmp_path)
    outside = write_vector(tmp_path / "out.gpkg", [(centre(5, 30), "water"), (centre(5, 40), "forest")])
    for strata in (None, path):
        with pytest.raises(DataError, match=r"(?i)no feature of .*out.gpkg' \(layer 'samples', features: 2\) "
                                            rf"lies over raster '{path}' \(10 x 10 px\)"):
            assess_map(path, outside, "class", strata_path=strata)


def test_pixels_the_map_masks_have_no_class_in_areas_samples_and_reference(tmp_path):
    """A map whose internal GDAL mask hides its bottom two rows (class values kept under the mask, no
    no-data value): they count in no area, no sample point is drawn there, and a reference point there is
    named as on a pixel without a class. Before, their classes were counted in the areas while the
    reference refused them."""
    codes = np.ones((10, 10), dtype=np.uint8)
    codes[:, 5:] = 2
    path = classification(tmp_path / "masked.tif", codes, ["water", "forest"], nodata=None, options=())
    dataset = gdal.Open(path, gdal.GA_Update)
    dataset.CreateMaskBand(gdal.GMF_PER_DATASET)
    mask = np.full((10, 10), 255, dtype=np.uint8)
    mask[8:] = 0
    dataset.GetRasterBand(1).GetMaskBand().WriteArray(mask)
    dataset = None
    counts = count_map(ClassMap(path))
    assert counts.classes.tolist() == [1, 2] and counts.pixels.tolist() == [40, 40]
    design = design_sample(path, str(tmp_path / "sample.gpkg"), minimum=20)
    source = ogr.Open(str(tmp_path / "sample.gpkg"))
    rows = [int((GEOTRANSFORM[3] - f.GetGeometryRef().GetY()) // PIXEL) for f in source.GetLayer(0)]
    assert len(rows) == design.counts.sum() == 77 and max(rows) < 8
    masked = write_vector(tmp_path / "masked.gpkg", [(centre(1, 1), "water"), (centre(2, 2), "water"),
                                                     (centre(1, 7), "forest"), (centre(2, 8), "forest"),
                                                     (centre(9, 1), "water")])
    with pytest.raises(DataError, match=r"1 reference points of .* \(FIDs 5\) fall on pixels of map .* "
                                        r"without a class"):
        assess_map(path, masked, "class")


def test_two_points_in_one_pixel_are_named(tmp_path):
    path = small_map(tmp_path)
    x, y = GEOTRANSFORM[0] + 1.2 * PIXEL, GEOTRANSFORM[3] - 5.3 * PIXEL  # inside pixel (5, 1)
    reference = write_vector(tmp_path / "ref.gpkg", [(centre(5, 1), "water"), (centre(6, 1), "water"),
                                                     (f"POINT({x} {y})", "water")])
    with pytest.raises(DataError, match=r"1 reference points of .* \(FIDs 3\) fall in a pixel another point "
                                        r"already samples; a pixel is one sample: delete the duplicate"):
        assess_map(path, reference, "class")


def test_reference_classes_the_map_lacks_are_named(tmp_path):
    path = small_map(tmp_path)
    reference = write_vector(tmp_path / "ref.gpkg", [(centre(5, 1), "water"), (centre(6, 7), "urban")])
    with pytest.raises(DataError, match=r"reference classes 'urban' of field 'class' are not classes of map "
                                        r".* \(its classes: 1 = water, 2 = forest\)"):
        assess_map(path, reference, "class")


def test_reference_classes_spelled_otherwise_than_the_map_are_named_with_the_map_s_spelling(tmp_path):
    path = small_map(tmp_path)
    reference = write_vector(tmp_path / "ref.gpkg", [(centre(2, 1), "Water"), (centre(3, 2), "water"),
                                                     (centre(6, 7), "forest "), (centre(7, 7), "FOREST")])
    with pytest.raises(DataError, match=r"reference classes 'FOREST', 'Water' of field 'class' are not "
                                        r"classes of map .* \(its classes: 1 = water, 2 = forest; 'FOREST' "
                                        r"differs from the map's 'forest' only in case, spacing or Unicode "
                                        r"form; 'Water' differs from the map's 'water' only in case, spacing "
                                        r"or Unicode form\)"):
        assess_map(path, reference, "class")


def test_a_stratum_with_one_sample_is_named(tmp_path):
    path = small_map(tmp_path)
    reference = write_vector(tmp_path / "ref.gpkg", [(centre(2, 1), "water"), (centre(3, 2), "water"),
                                                     (centre(6, 7), "forest")])
    with pytest.raises(ValueError, match=r"at least 2 reference samples .* forest: 1 \(map pixels: 45\)"):
        assess_map(path, reference, "class")


def test_polygons_take_every_pixel_centre_inside(tmp_path):
    path = small_map(tmp_path)
    x0, y0 = GEOTRANSFORM[0], GEOTRANSFORM[3]
    # rows 0-3 (row 0 is no-data, left out), cols 0-1: 6 pixels of water labelled water; cols 5-7 of
    # rows 4-5: 6 forest pixels labelled water.
    reference = write_vector(tmp_path / "ref.gpkg", [
        (box(x0, y0 - 4 * PIXEL, x0 + 2 * PIXEL, y0), "water"),
        (box(x0 + 5 * PIXEL, y0 - 6 * PIXEL, x0 + 8 * PIXEL, y0 - 4 * PIXEL), "water")])
    result = assess_map(path, reference, "class")
    assert result.samples.sum(axis=0).tolist() == [[6, 0], [6, 0]]


def test_sample_design_sizes_allocation_and_points(tmp_path):
    codes = np.repeat(np.arange(1, 5), O14_PIXELS).reshape(HEIGHT, WIDTH)
    codes[0, :7] = 0
    path = classification(tmp_path / "o14.tif", codes, O14_NAMES)
    output = str(tmp_path / "sample.gpkg")
    # O14 section 5.1.1's expected user's accuracies on this map of N = 99 993 classified pixels
    # (1993, 1500, 32000, 64500): sum W_i S_i = 0.253074, so the large-N form gives 640.46, and eq. 13
    # with its 1/N term (sum W_i S_i^2 = 0.067227): 0.064046 / (0.0001 + 0.067227 / 99 993) = 636.19
    # -> 637. Then 20 per class and 637 - 80 = 557 proportional: 11.10, 8.36, 178.25, 359.29
    # -> 11, 9, 178, 359 (largest remainders).
    design = design_sample(path, output, [0.7, 0.6, 0.9, 0.95], 0.01, 20, "proportional", seed=4,
                           memory_mb=0.05)
    assert design.n_planned == 637
    assert design.counts.tolist() == [31, 29, 198, 379]
    source = ogr.Open(output)
    layer = source.GetLayer(0)
    definition = layer.GetLayerDefn()
    fields = [definition.GetFieldDefn(k).GetName() for k in range(definition.GetFieldCount())]
    assert fields == ["map_class", "stratum", "weight", "stratum_pixels", "reference"]
    names = ("map_class", "stratum", "weight", "stratum_pixels", "reference")
    points = [(f.GetGeometryRef().GetX(), f.GetGeometryRef().GetY()) + tuple(map(f.GetField, names))
              for f in layer]
    assert len(points) == 637 and len({(x, y) for x, y, *_ in points}) == 637
    for x, y, mapped, stratum, weight, pixels, label in points:
        col, row = (x - GEOTRANSFORM[0]) / PIXEL - 0.5, (GEOTRANSFORM[3] - y) / PIXEL - 0.5
        assert col == int(col) and row == int(row)
        assert codes[int(row), int(col)] == mapped == stratum and label is None
        assert pixels == [1993, 1500, 32000, 64500][mapped - 1]
        assert weight == pytest.approx(pixels / design.counts[mapped - 1])
    assert layer.GetSpatialRef().GetAuthorityCode(None) == "32622"
    again = design_sample(path, str(tmp_path / "again.geojson"), [0.7, 0.6, 0.9, 0.95], 0.01, 20, seed=4,
                          memory_mb=64)
    source = ogr.Open(again.path)  # keep the data source alive while its layer is read
    assert [(f.GetGeometryRef().GetX(), f.GetGeometryRef().GetY()) for f in source.GetLayer(0)] \
        == [(x, y) for x, y, *_ in points]


def test_strata_resized_are_those_whose_recorded_pixels_differ():
    """Points' (stratum, pixels when drawn) against the estimates' strata: stratum 1 kept its 100 pixels,
    2 went from 50 to 60, 3 is gone (0 now); 4's points hold two sizes (two designs merged: left to the
    stratum check) and 5's none (drawn before the field)."""
    codes, pixels = np.array([1, 2, 4]), np.array([100, 60, 7])
    counts = MapCounts(codes, pixels, codes, pixels, 1.0, "metre", 1.0)
    drawn = [(1, 100), (2, 50), (2, 50), (3, 30), (4, 8), (4, 9), (5, None)]
    assert strata_resized(counts, drawn) == [(2, 50, 60), (3, 30, 0)]
    assert strata_resized(counts, [(1, 100), (2, 60), (4, None)]) == []


def test_the_recorded_design_is_taken_where_it_is_whole_and_the_map_changed():
    """Points 10-13 record strata 1, 1, 2, 2 of 100 and 50 pixels: on a map of 90 and 60 pixels where point
    11 now lies in class 2 they are the estimates' strata; not where the map is the one they were drawn on,
    where its classified pixels are more (a stratum left out of the sample) or fewer, where a stratum holds
    two sizes (two designs merged) or a point records no size (drawn before the field) or no stratum."""
    codes = np.array([1, 2])
    counts = MapCounts(codes, np.array([90, 60]), codes, np.array([90, 60]), 1.0, "metre", 1.0)
    drawn = {10: (1, 100), 11: (1, 100), 12: (2, 50), 13: (2, 50)}
    fids, now = np.array([10, 11, 12, 13]), np.array([1, 2, 2, 2])
    taken, recorded, sizes = recorded_design(counts, drawn, fids, now)
    assert taken.tolist() == [1, 2] and recorded.tolist() == [1, 1, 2, 2] and sizes.tolist() == [100, 50]
    drawn_on = MapCounts(codes, np.array([100, 50]), codes, np.array([100, 50]), 1.0, "metre", 1.0)
    assert recorded_design(drawn_on, drawn, fids, np.array([1, 1, 2, 2])) is None
    for total in (151, 149):
        pixels = np.array([total - 60, 60])
        assert recorded_design(MapCounts(codes, pixels, codes, pixels, 1.0, "metre", 1.0), drawn, fids,
                               now) is None
    for changed in ({**drawn, 13: (2, 51)}, {**drawn, 13: (2, None)}, {10: (1, 100), 11: (1, 100)}):
        assert recorded_design(counts, changed, fids, now) is None


def test_sample_design_equal_allocation_and_bad_accuracies(tmp_path):
    path = small_map(tmp_path)
    design = design_sample(path, str(tmp_path / "s.gpkg"), 0.8, 0.05, 5, "equal")
    # n = (0.4 / 0.05)^2 / (1 + 0.16 / 90 / 0.0025) = 64 / 1.7111 = 37.4 -> 38; 19 per class
    assert design.n_planned == 38 and design.counts.tolist() == [19, 19]
    with pytest.raises(DataError, match=r"the expected user's accuracies given \(3\) are neither one value "
                                        r"nor one per class of the map \(2: 1 = water, 2 = forest\); give "
                                        r"one value for every class or one per class, in the order of the "
                                        r"class values$"):
        design_sample(path, str(tmp_path / "t.gpkg"), [0.8, 0.7, 0.9])
    assert not (tmp_path / "t.gpkg").exists()


def test_report_states_the_matrix_orientation_and_hectares(tmp_path):
    from gmmselect.raster.report import assessment_report

    path, samples = o14_layout(tmp_path)
    reference = write_vector(tmp_path / "ref.gpkg",
                             [(centre(r, c), O14_NAMES[j - 1]) for r, c, _, j in samples])
    report = assessment_report(assess_map(path, reference, "class"), "Assess <accuracy>")
    assert "<title>Assess &lt;accuracy&gt;</title>" in report
    assert "Rows = map class, columns = reference class" in report
    assert "rows add up to the map's class proportions" in html.unescape(report)
    assert "Olofsson et al. 2014, eq. 9-12" in report
    # O14 section 5.2.2 prints deforestation as 21 158 +- 6158 ha (rounded, z = 1.96)
    assert ("180,000,000 m² (18,000.0 ha)</td><td>211,577,622 ± 61,575,212 m² (21,157.8 ± 6,157.5 ha)"
            in report)
    assert report.count("<rect") == 4 + 1 and report.count("<circle") == 4 + 1  # classes + legend
    assert 'class="area-chart"' in report
    # thousands grouped as the report's language groups them (French: a narrow no-break space; before, the
    # English comma, which a French reader takes for the decimal one)
    from gmmselect.raster.report import Words

    grouped = assessment_report(assess_map(path, reference, "class"), "Assess",
                                Words({"thousands": "\u202f"}))
    assert "180\u202f000\u202f000 m² (18\u202f000.0 ha)" in grouped


def test_every_text_of_the_report_comes_from_its_words(tmp_path):
    """With every text wrapped in «», nothing English is left outside them: the report can be translated
    whole (the algorithm hands it the texts in the QGIS language)."""
    import re

    from gmmselect.raster.report import TEXTS, Words, assessment_report

    path, samples = o14_layout(tmp_path)
    reference = write_vector(tmp_path / "ref.gpkg",
                             [(centre(r, c), O14_NAMES[j - 1]) for r, c, _, j in samples])
    words = Words({key: f"«{text}»" for key, text in TEXTS.items()})
    report = assessment_report(assess_map(path, reference, "class"), "Title", words)
    assert '<html lang="«en»">' in report
    outside = re.sub(r"<style>.*?</style>", "", report)
    for value in (path, reference, "class"):  # the user's paths and field are no text of ours
        outside = outside.replace(f"<td>{value}</td>", "")
    while "«" in outside:  # innermost first: a text may hold another (the strata in the summary)
        outside = re.sub(r"«[^«»]*»", "", outside)
    outside = re.sub(r"<[^>]*>", " ", outside)  # the page's text, without tags and attributes
    for english in ("map area", "estimated area", "Sample design", "stratum", "Overall accuracy", "total",
                    "Rows = map class", "confidence", "samples", "class"):
        assert english not in outside, english


def test_same_layer_is_one_layer_of_one_file(tmp_path):
    """A model's training layer against an Assess reference: the first layer by name or by default, through
    a link; another file, a layer the file holds no more, a file gone: not the same."""
    polygons = str(tmp_path / "polygons.gpkg")
    gdal.VectorTranslate(polygons, POLYGONS)
    link = tmp_path / "link.gpkg"
    link.symlink_to(polygons)
    assert same_layer((polygons, ""), (str(link), "training_polygons"))
    assert same_layer((polygons, None), (polygons, ""))
    assert not same_layer((POLYGONS, ""), (polygons, ""))
    assert not same_layer((polygons, "gone"), (polygons, ""))
    assert not same_layer((str(tmp_path / "gone.gpkg"), ""), (polygons, ""))
