"""Training samples from rasters and vectors (gmmselect.raster.extract_samples, accumulate_statistics)."""

import numpy as np
import pytest
from osgeo import gdal, ogr
from test_raster_fixtures import (
    LANDSAT,
    LANDSAT_COUNTS,
    POLYGONS,
    box,
    left_filled,
    rasterized,
    with_alpha,
    with_crossing_ring,
    write_raster,
    write_vector,
)

from gmmselect.core import ClassStatistics
from gmmselect.raster import Canceled, DataError, accumulate_statistics, blocks, extract_samples, raster_info
from gmmselect.raster.info import is_missing_file


@pytest.fixture(scope="module")
def landsat():
    """Samples of the bundled Landsat scene under its training polygons."""
    return extract_samples(LANDSAT, POLYGONS, "class")


def test_landsat_counts_equal_gdal_rasterize(landsat):
    assert landsat.counts == LANDSAT_COUNTS
    assert landsat.class_names == ["cleared", "fallen_dry", "forest", "water"]
    assert landsat.labels.tolist() == [1, 2, 3, 4]
    for label, name in zip(landsat.labels, landsat.class_names):
        assert rasterized(LANDSAT, POLYGONS, f"class = '{name}'").sum() == np.sum(landsat.y == label)
    assert landsat.X.shape == (4410, 7) and landsat.X.dtype == np.float64
    assert not landsat.reprojected and landsat.n_contested_pixels == 0 and landsat.n_features_outside == 0


def test_landsat_values_are_the_raster_pixels_in_raster_order(landsat):
    pixels = gdal.Open(LANDSAT).ReadAsArray()
    covered = rasterized(LANDSAT, POLYGONS)
    np.testing.assert_array_equal(landsat.X, pixels[:, covered].T.astype(np.float64))
    assert landsat.band_numbers == list(range(1, 8)) and landsat.band_names[0] == "Band 1"


def test_groups_are_the_polygon_ids(landsat):
    source = ogr.Open(POLYGONS)
    layer = source.GetLayer(0)
    assert len(np.unique(landsat.groups)) == layer.GetFeatureCount() == 36
    for feature in layer:
        members = landsat.groups == feature.GetFID()
        assert set(np.asarray(landsat.class_names)[landsat.y[members] - 1]) == {feature.GetField("class")}
    fid = int(landsat.groups[0])
    assert rasterized(LANDSAT, POLYGONS, f"fid = {fid}").sum() == np.sum(landsat.groups == fid)


def test_all_touched_takes_every_pixel_a_polygon_touches(landsat):
    touched = extract_samples(LANDSAT, POLYGONS, "class", all_touched=True)
    union = rasterized(LANDSAT, POLYGONS, options=["ALL_TOUCHED=TRUE"])
    assert len(touched.y) == union.sum() - touched.n_contested_pixels
    assert all(touched.counts[name] > count for name, count in landsat.counts.items())


def test_a_feature_covering_no_pixel_centre_is_named_with_the_fix(tmp_path):
    """Three 3 x 3 px squares of two classes and a square of a fifth of a pixel between pixel centres: its
    class gets none of its pixel, which the warning names with the fix a QGIS user has (enlarge it; the
    all_touched of Python only for who has it: no algorithm takes it); with all_touched, its pixel is
    sampled and nothing is said."""
    g = gdal.Open(LANDSAT).GetGeoTransform()

    def square(col, row, side):
        x, y = g[0] + col * g[1], g[3] + row * g[5]
        return box(x, y + side * g[5], x + side * g[1], y)

    squares = [(square(10, 10, 3), "a"), (square(20, 20, 3), "a"), (square(30, 30, 3), "b"),
               (square(40.1, 40.1, 0.2), "b")]
    vector = write_vector(tmp_path / "small.gpkg", squares)
    said = ("features over the raster that cover no pixel centre (smaller or thinner than a pixel): 1 (FIDs "
            "4); enlarge them (or, in Python, sample every pixel they touch: all_touched=True)")
    plain = extract_samples(LANDSAT, vector, "class")
    touched = extract_samples(LANDSAT, vector, "class", all_touched=True)
    assert [w for w in plain.warnings if "pixel centre" in w] == [said] and plain.counts == {"a": 18, "b": 9}
    assert not [w for w in touched.warnings if "pixel centre" in w] and touched.counts["b"] > 9


def test_polygons_in_another_crs_are_reprojected(tmp_path):
    wgs84 = str(tmp_path / "polygons_4326.gpkg")
    gdal.VectorTranslate(wgs84, POLYGONS, dstSRS="EPSG:4326", reproject=True)
    lines = []
    samples = extract_samples(LANDSAT, wgs84, "class", log=lines.append)
    assert samples.reprojected
    assert any("reprojecting" in line and "EPSG:4326" in line for line in lines)
    for name, count in LANDSAT_COUNTS.items():
        assert abs(samples.counts[name] - count) <= max(3, count // 50)


@pytest.mark.parametrize("operation", [
    ("+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=utm +zone=22 +ellps=WGS84 "
     "+step +proj=affine +xoff=30", False),
    ("+proj=pipeline +step +proj=affine +xoff=-30 +step +inv +proj=utm +zone=22 +ellps=WGS84 +step "
     "+proj=unitconvert +xy_in=rad +xy_out=deg", True)])
def test_a_chosen_coordinate_operation_is_the_one_the_features_are_reprojected_by(tmp_path, operation):
    """The Landsat polygons in EPSG:4326 and a coordinate operation to the scene's UTM 22N that lands 30 m (a
    pixel) east of PROJ's own, given forward or as the inverse of the other way (as a QGIS project may hold
    it): the samples are those of the polygons reprojected by PROJ's own and moved 30 m east."""
    wgs84 = str(tmp_path / "polygons_4326.gpkg")
    gdal.VectorTranslate(wgs84, POLYGONS, dstSRS="EPSG:4326")
    utm = str(tmp_path / "polygons_utm.gpkg")
    gdal.VectorTranslate(utm, wgs84, dstSRS="EPSG:32622")
    moved = str(tmp_path / "moved.gpkg")
    gdal.VectorTranslate(moved, utm, SQLStatement="SELECT ST_Translate(geom, 30, 0, 0) AS geom, class FROM "
                         "training_polygons", SQLDialect="SQLite", layerName="moved")
    chosen = extract_samples(LANDSAT, wgs84, "class", operation=operation)
    expected = extract_samples(LANDSAT, moved, "class")
    assert chosen.counts == expected.counts != extract_samples(LANDSAT, utm, "class").counts
    np.testing.assert_array_equal(chosen.X, expected.X)


@pytest.mark.parametrize("srs_id, copy", [(0, None), (-1, None), (0, "shp"), (-1, "shp")])
def test_a_geopackage_layer_of_undefined_crs_is_a_layer_without_crs(tmp_path, landsat, srs_id, copy):
    """GeoPackage's 'undefined' CRSs (srs_id 0, geographic, which GDAL writes for a layer made without a
    CRS; -1, Cartesian) declare no CRS, nor does the .prj GDAL writes of them in a copy as a shapefile
    ('GCS_Undefined_geographic_SRS'). Before: srs_id 0 reprojected the polygons' metres as degrees (PROJ
    errors, every feature off the raster), srs_id -1 stopped with a TypeError (no transformation); the
    shapefile was read as in a CRS named so."""
    undefined = str(tmp_path / "undefined.gpkg")
    gdal.VectorTranslate(undefined, POLYGONS)
    source = ogr.Open(undefined, 1)
    for table in ("gpkg_geometry_columns", "gpkg_contents"):
        source.ExecuteSQL(f"UPDATE {table} SET srs_id = {srs_id}")
    source = None
    if copy:
        gdal.VectorTranslate(str(tmp_path / "undefined.shp"), undefined)
        undefined = str(tmp_path / "undefined.shp")
    samples = extract_samples(LANDSAT, undefined, "class")
    assert samples.counts == landsat.counts and not samples.reprojected
    np.testing.assert_array_equal(samples.X, landsat.X)
    assert samples.warnings == ["only one of raster and vector has a CRS (EPSG:32622 vs no CRS): the "
                                "vector's coordinates are taken as the raster's"]


def test_features_that_cannot_be_reprojected_are_named_and_give_no_sample(tmp_path):
    """A feature whose coordinates are not valid in the layer's CRS (metres in a layer declared in degrees)
    cannot be reprojected: named in a warning, it gives no sample; the others are read as without it."""
    wgs84 = str(tmp_path / "polygons_4326.gpkg")
    gdal.VectorTranslate(wgs84, POLYGONS, dstSRS="EPSG:4326", reproject=True)
    expected = extract_samples(LANDSAT, wgs84, "class")
    source = ogr.Open(wgs84, 1)
    layer = source.GetLayer(0)
    feature = ogr.Feature(layer.GetLayerDefn())
    feature.SetGeometry(ogr.CreateGeometryFromWkt(box(700000, 7000000, 700300, 7000300)))
    feature.SetField("class", "water")
    layer.CreateFeature(feature)
    fid = feature.GetFID()
    source = None
    samples = extract_samples(LANDSAT, wgs84, "class")
    assert samples.counts == expected.counts and samples.n_features_outside == 1
    np.testing.assert_array_equal(samples.X, expected.X)
    assert samples.warnings[0] == (f"features of {wgs84!r} that cannot be reprojected to the raster's CRS: 1 "
                                   f"(FIDs {fid}); their coordinates are not valid in the CRS the layer "
                                   "declares and they give no sample. Check the layer's CRS")


def test_no_transformation_between_the_crs_is_a_message(tmp_path):
    """A raster in a local (engineering) CRS and a layer in EPSG:4326: PROJ has no transformation."""
    raster = str(tmp_path / "local.tif")
    gdal.Translate(raster, LANDSAT, outputSRS='LOCAL_CS["site grid",UNIT["metre",1]]')
    wgs84 = str(tmp_path / "polygons_4326.gpkg")
    gdal.VectorTranslate(wgs84, POLYGONS, dstSRS="EPSG:4326", reproject=True)
    with pytest.raises(DataError, match=r"PROJ knows no transformation from the CRS of vector .* "
                                        r"\(EPSG:4326\) to that of raster .* \(site grid\); check both CRS"):
        extract_samples(raster, wgs84, "class")


def test_nodata_on_one_band_drops_exactly_its_pixels(tmp_path, landsat):
    copy = str(tmp_path / "nodata.vrt")  # a VRT: GeoTIFF holds one no-data value for all bands
    gdal.Translate(copy, LANDSAT, format="VRT")
    values, counts = np.unique(landsat.X[:, 2], return_counts=True)
    nodata = values[np.argmax(counts)]
    dataset = gdal.Open(copy, gdal.GA_Update)
    dataset.GetRasterBand(3).SetNoDataValue(float(nodata))
    dataset = None
    samples = extract_samples(copy, POLYGONS, "class")
    keep = landsat.X[:, 2] != nodata
    assert samples.n_unusable_pixels == np.sum(~keep) > 0
    np.testing.assert_array_equal(samples.X, landsat.X[keep])
    np.testing.assert_array_equal(samples.groups, landsat.groups[keep])


def test_band_subset_and_vrt_input(tmp_path, landsat):
    vrt = str(tmp_path / "scene.vrt")
    gdal.BuildVRT(vrt, [LANDSAT])
    samples = extract_samples(vrt, POLYGONS, "class", bands=[4, 3])
    assert samples.band_numbers == [4, 3]
    np.testing.assert_array_equal(samples.X, landsat.X[:, [3, 2]])
    assert raster_info(vrt).n_bands == 7


def test_points_with_integer_classes_and_a_point_outside(tmp_path):
    pixels = np.arange(2 * 10 * 12, dtype=np.int16).reshape(2, 10, 12)
    raster = write_raster(tmp_path / "r.tif", pixels)
    # pixel (row r, col c) has its centre at x = c + 0.5, y = 100 - r - 0.5
    cells = [(1, 2, 1), (3, 4, 1), (5, 6, 2), (7, 8, 2), (9, 11, 2)]
    points = [(f"POINT({c + 0.5} {99.5 - r})", code) for r, c, code in cells]
    points.append(("MULTIPOINT((1.2 98.7),(3.9 97.1))", 1))
    points.append(("POINT(500 500)", 2))
    vector = write_vector(tmp_path / "p.gpkg", points, ogr.OFTInteger)
    samples = extract_samples(raster, vector, "class")
    expected = sorted([(r, c, code) for r, c, code in cells] + [(1, 1, 1), (2, 3, 1)])
    np.testing.assert_array_equal(samples.X, [pixels[:, r, c] for r, c, _ in expected])
    np.testing.assert_array_equal(samples.y, [code for *_, code in expected])
    assert samples.class_names == ["1", "2"] and samples.counts == {"1": 4, "2": 3}
    assert samples.n_features_outside == 1 and "outside" in samples.warnings[0]
    assert np.sum(samples.groups == samples.groups[0]) == 2  # the multipoint: one group


def test_mask_raster_keeps_pixels_above_zero(tmp_path, landsat):
    height, width = 310, 287
    mask = np.zeros((1, height, width), dtype=np.uint8)
    mask[0, :, width // 2:] = 3
    dataset = gdal.Open(LANDSAT)
    mask_path = write_raster(tmp_path / "mask.tif", mask, dataset.GetGeoTransform())
    samples = extract_samples(LANDSAT, POLYGONS, "class", mask_path=mask_path)
    covered = rasterized(LANDSAT, POLYGONS)
    covered[:, :width // 2] = False
    assert len(samples.y) == covered.sum() < len(landsat.y)
    np.testing.assert_array_equal(samples.X, dataset.ReadAsArray()[:, covered].T)


def test_overlapping_polygons_drop_contested_pixels(tmp_path):
    pixels = np.random.default_rng(0).normal(size=(3, 20, 20)).astype(np.float32)
    raster = write_raster(tmp_path / "r.tif", pixels)
    vector = write_vector(tmp_path / "v.gpkg", [(box(0, 90, 10, 100), "a"), (box(5, 90, 15, 100), "b"),
                                                (box(0, 80, 10, 88), "a"), (box(5, 80, 12, 88), "a")])
    samples = extract_samples(raster, vector, "class")
    assert samples.n_contested_pixels == 50
    assert [warning for warning in samples.warnings if "different classes" in warning] == [
        "pixels covered by features of different classes, dropped: 50 (FIDs 1, 2); where one should not "
        "overlap the other (a pond drawn inside a forest), cut it out of the other (Processing's "
        "Difference)"]  # features 3 and 4 overlap too, but are both 'a'
    assert samples.counts == {"a": 50 + 96, "b": 50}  # same-class overlap counted once
    assert len(np.unique(samples.X[:, 0])) == len(samples.y)


def test_a_feature_of_invalid_geometry_is_read_left_out_or_stops_the_reading_as_asked(tmp_path, landsat):
    """The Landsat polygons and a bowtie of the first one's class over its envelope (FID 37, a ring crossing
    itself). Read as it is ('use', the default), it adds the pixels GDAL rasterises (its two triangles) to its
    class; left out ('skip'), the samples are those of the polygons without it, and a warning names it; 'stop'
    stops with the FID and GEOS's reason. The rules of Processing's 'Invalid features filtering'."""
    polygons, fid, reason = with_crossing_ring(tmp_path / "bowtie.gpkg")
    burnt = rasterized(LANDSAT, polygons, f"fid IN (1, {fid})").sum()
    kept = extract_samples(LANDSAT, polygons, "class")
    assert kept.counts == {**LANDSAT_COUNTS, "forest": LANDSAT_COUNTS["forest"]
                           - rasterized(LANDSAT, polygons, "fid = 1").sum() + burnt}
    assert kept.warnings == []
    skipped = extract_samples(LANDSAT, polygons, "class", invalid="skip")
    np.testing.assert_array_equal(skipped.X, landsat.X)
    np.testing.assert_array_equal(skipped.groups, landsat.groups)
    assert skipped.warnings == [
        f"features of {polygons!r} with an invalid geometry, left out as asked: 1 of 37 (FIDs {fid}; the "
        f"first: {reason}); repair them (Processing's Fix geometries) to sample them"]
    statistics, _, summary = accumulate_statistics(LANDSAT, polygons, "class", invalid="skip")
    np.testing.assert_array_equal(statistics.counts,
                                  [LANDSAT_COUNTS[name] for name in sorted(LANDSAT_COUNTS)])
    assert summary.warnings == skipped.warnings
    with pytest.raises(DataError) as raised:
        extract_samples(LANDSAT, polygons, "class", invalid="stop")
    assert str(raised.value) == (
        f"features of layer 'training_polygons' of {polygons!r} with an invalid geometry: 1 of 37 (FIDs "
        f"{fid}; the first: {reason}); repair them (Processing's Fix geometries), or have them left out "
        "(Settings > Options > Processing > General > Invalid features filtering)")
    assert reason.startswith("Self-intersection at or near point")
    with pytest.raises(DataError, match=r"^invalid is 'skipped'; it must be one of 'use', 'skip', 'stop'$"):
        extract_samples(LANDSAT, polygons, "class", invalid="skipped")


def test_geos_s_reason_is_named_where_gdal_s_python_exceptions_are_on(tmp_path):
    """Another plugin, or a script, turns GDAL's Python exceptions on in QGIS's Python: GDAL's last error
    message then loses GEOS's reason, which the warning still names. Before: 'the first: invalid'."""
    from osgeo import gdal

    polygons, fid, reason = with_crossing_ring(tmp_path / "bowtie.gpkg")
    was = gdal.GetUseExceptions()
    gdal.UseExceptions()
    try:
        skipped = extract_samples(LANDSAT, polygons, "class", invalid="skip")
    finally:
        if not was:
            gdal.DontUseExceptions()
    assert reason.startswith("Self-intersection at or near point")
    assert f"(FIDs {fid}; the first: {reason})" in skipped.warnings[0]


def test_a_band_gdal_calls_alpha_drops_the_samples_where_it_is_0_and_the_warnings_say_so(tmp_path):
    """4 Byte bands, written as RGBA by default: band 4 is the alpha band, no band of data (the samples are
    of bands 1-3), and the training pixels where it is 0 are no-data; the samples' warnings (kept in the
    model and its report) name the band and how to make it a data band. Asked for, it is read (and masks)."""
    pixels = np.random.default_rng(8).integers(1, 255, size=(4, 20, 20)).astype(np.uint8)
    pixels[3, :4] = 0
    raster = write_raster(tmp_path / "rgbn.tif", pixels)
    vector = write_vector(tmp_path / "v.gpkg", [(box(0, 90, 10, 100), "a"), (box(10, 90, 20, 100), "b")])
    samples = extract_samples(raster, vector, "class")
    assert samples.counts == {"a": 60, "b": 60} and samples.n_unusable_pixels == 80
    assert samples.band_numbers == [1, 2, 3] and samples.X.shape == (120, 3)
    assert [text for text in samples.warnings if "alpha band" in text] == [
        f"band 4 of raster {raster!r} is its alpha band, which QGIS draws as transparency: it masks the "
        "other bands (the pixels where it is 0 are left out as no-data) and is not read as data; if it holds "
        "data (GDAL writes a 4-band Byte GeoTIFF as RGBA unless told otherwise), make it a data band "
        "(gdal_edit.py -colorinterp_4 undefined <file>) and run again"]
    asked = extract_samples(raster, vector, "class", bands=[1, 2, 3, 4])
    assert asked.counts == {"a": 60, "b": 60} and asked.X.shape == (120, 4)
    assert [text for text in asked.warnings if "alpha band" in text] == [
        f"GDAL reads band 4 of raster {raster!r} as its alpha band, so the pixels where that band is 0 are "
        "left out as no-data; if it holds data (GDAL writes a 4-band Byte GeoTIFF as RGBA unless told "
        "otherwise), make it a data band (gdal_edit.py -colorinterp_<band> undefined <file>) and run again"]


def test_max_samples_per_class_is_seeded_and_independent_of_windows(landsat):
    small = extract_samples(LANDSAT, POLYGONS, "class", max_samples_per_class=300, seed=7, memory_mb=0.01)
    large = extract_samples(LANDSAT, POLYGONS, "class", max_samples_per_class=300, seed=7)
    other = extract_samples(LANDSAT, POLYGONS, "class", max_samples_per_class=300, seed=8)
    assert large.counts == {"cleared": 300, "fallen_dry": 220, "forest": 300, "water": 300}
    np.testing.assert_array_equal(small.X, large.X)
    np.testing.assert_array_equal(small.groups, large.groups)
    assert not np.array_equal(other.X, large.X)


def test_streamed_statistics_equal_those_of_the_samples(landsat):
    stats, groups, meta = accumulate_statistics(LANDSAT, POLYGONS, "class", memory_mb=0.01)
    expected = ClassStatistics.from_samples(landsat.X, landsat.y, landsat.labels)
    np.testing.assert_array_equal(stats.counts, expected.counts)
    np.testing.assert_allclose(stats.means, expected.means, rtol=1e-12)
    np.testing.assert_allclose(stats.scatters, expected.scatters, rtol=1e-9)
    assert meta.counts == LANDSAT_COUNTS and len(groups) == 36
    fid = int(landsat.groups[100])
    own = landsat.groups == fid
    np.testing.assert_allclose(groups[fid].means, ClassStatistics.from_samples(
        landsat.X[own], landsat.y[own], [landsat.y[100]]).means)
    subset, _, _ = accumulate_statistics(LANDSAT, POLYGONS, "class", max_samples_per_class=200, seed=1)
    chosen = extract_samples(LANDSAT, POLYGONS, "class", max_samples_per_class=200, seed=1)
    expected = ClassStatistics.from_samples(chosen.X, chosen.y, chosen.labels)
    np.testing.assert_allclose(subset.means, expected.means)


def test_a_feature_s_statistics_are_of_its_own_class_and_make_folds_of_grouped_cross_validation(landsat):
    """Each feature's statistics are over its class only (a d x d scatter a feature: they were over the C
    classes, C d x d scatters a feature, 1 GB for 7,713 points of 64 bands and 4 classes); the features of a
    fold together give the statistics of the fold's samples over every class, and the class statistics
    without them those of the other samples; by_feature=False keeps none, the class statistics the same."""
    from gmmselect.raster import features_statistics

    stats, groups, _ = accumulate_statistics(LANDSAT, POLYGONS, "class", memory_mb=0.01)
    d = landsat.X.shape[1]
    for fid, feature in groups.items():
        own = landsat.groups == fid
        assert feature.labels.tolist() == np.unique(landsat.y[own]).tolist() and len(feature.labels) == 1
        assert feature.counts.tolist() == [own.sum()] and feature.scatters.shape == (1, d, d)
    fold = sorted(groups)[::3]
    held = np.isin(landsat.groups, fold)
    fold_stats = features_statistics(groups, fold, stats.labels)
    for part, rows in ((fold_stats, held), (stats.remove(fold_stats), ~held)):
        expected = ClassStatistics.from_samples(landsat.X[rows], landsat.y[rows], landsat.labels)
        np.testing.assert_array_equal(part.counts, expected.counts)
        np.testing.assert_allclose(part.means, expected.means, rtol=1e-12)
        np.testing.assert_allclose(part.scatters, expected.scatters, rtol=1e-9)
    alone, none, _ = accumulate_statistics(LANDSAT, POLYGONS, "class", memory_mb=0.01, by_feature=False)
    assert none == {}
    for name in ("counts", "means", "scatters"):
        np.testing.assert_array_equal(getattr(alone, name), getattr(stats, name))


def test_statistics_of_a_feature_id_shared_by_two_classes_hold_both():
    """Two features of one id (a layer whose ids are not unique) and of two classes: their statistics are
    merged over both classes, as before, not the second class's broadcast onto the first's."""
    from gmmselect.raster.samples import merge_statistics, statistics_of

    rng = np.random.default_rng(0)
    X, y, groups = rng.normal(size=(12, 2)), np.repeat([1, 2, 1], 4), np.repeat([5, 5, 6], 4)
    total, by_feature = ClassStatistics.empty([1, 2], 2), {}
    for rows in (slice(0, 4), slice(4, 12)):
        total = merge_statistics(total, by_feature, *statistics_of(X[rows], y[rows], groups[rows], [1, 2]))
    expected = ClassStatistics.from_samples(X[:8], y[:8], [1, 2])
    assert by_feature[5].labels.tolist() == [1, 2] and by_feature[5].counts.tolist() == [4, 4]
    np.testing.assert_allclose(by_feature[5].scatters, expected.scatters, rtol=1e-12)


def test_small_polygons_on_a_huge_raster_read_only_their_windows(tmp_path):
    raster = str(tmp_path / "huge.tif")
    dataset = gdal.GetDriverByName("GTiff").Create(raster, 40000, 40000, 4, gdal.GDT_Int16,
                                                   ["TILED=YES", "SPARSE_OK=TRUE", "BIGTIFF=YES"])
    dataset.SetGeoTransform((0.0, 1.0, 0.0, 40000.0, 0.0, -1.0))
    dataset = None
    vector = write_vector(tmp_path / "v.gpkg", [(box(100, 39000, 110, 39010), "a"),
                                                (box(30000, 500, 30010, 520), "b")], epsg=None)
    samples = extract_samples(raster, vector, "class")
    assert samples.counts == {"a": 100, "b": 200}
    assert samples.n_pixels_read == 300


@pytest.mark.parametrize("memory_mb", [256, 1])
def test_samples_are_gathered_holding_them_once_in_float64(tmp_path, memory_mb):
    """2.5e5 samples of 20 Int16 bands (X: 40 MB in float64) under two polygons, read in one window or in
    several hundred: the chunks hold the raster's values (Int16: a quarter of X) and each is put in its
    place in raster order and let go, so the extraction peaks below 2 X (the chunks in float64, their
    concatenation and its copy in raster order held over 3 X); the samples are the pixels, in raster order,
    in float64."""
    import tracemalloc

    rng = np.random.default_rng(4)
    bands = rng.integers(-2000, 9000, size=(20, 510, 500), dtype=np.int16)
    raster = write_raster(tmp_path / "wide.tif", bands, geotransform=(0.0, 1.0, 0.0, 510.0, 0.0, -1.0),
                          options=["TILED=YES"])
    vector = write_vector(tmp_path / "two.gpkg", [(box(0, 0, 500, 260), "a"), (box(0, 260, 500, 510), "b")])
    tracemalloc.start()
    try:
        samples = extract_samples(raster, vector, "class", memory_mb=memory_mb)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    covered = rasterized(raster, vector)
    assert covered.sum() == len(samples.y) == 255_000
    assert samples.X.dtype == np.float64 and samples.X.flags.c_contiguous
    np.testing.assert_array_equal(samples.X, bands[:, covered].T.astype(np.float64))
    np.testing.assert_array_equal(samples.y, np.where(np.nonzero(covered)[0] < 250, 2, 1))
    assert peak < 2 * samples.X.nbytes


def test_raster_info_reads_envi_wavelengths(tmp_path):
    path = write_raster(tmp_path / "scene.img", np.zeros((2, 3, 4), dtype=np.int16), driver="ENVI")
    dataset = gdal.Open(path, gdal.GA_Update)
    dataset.SetMetadataItem("wavelength", "{450.5, 550.25}", "ENVI")
    dataset = None
    info = raster_info(path)
    assert (info.width, info.height, info.n_bands) == (4, 3, 2)
    assert info.wavelengths == [450.5, 550.25] and info.data_types == ["Int16", "Int16"]
    landsat = raster_info(LANDSAT)
    assert landsat.nodata == [255.0] * 7 and landsat.block_size == (287, 4) and landsat.wavelengths is None
    assert landsat.band_names == [f"Band {k}" for k in range(1, 8)] and "32622" in landsat.crs_wkt


def test_cancel_raises_canceled():
    with pytest.raises(Canceled):
        extract_samples(LANDSAT, POLYGONS, "class", is_canceled=lambda: True)


def test_missing_class_field_lists_the_fields():
    with pytest.raises(DataError, match=r"no field 'label'.*fields are: fid_src, class"):
        extract_samples(LANDSAT, POLYGONS, "label")


def test_empty_class_values_are_named(tmp_path):
    vector = write_vector(tmp_path / "v.gpkg", [(box(1, 91, 5, 95), "a"), (box(6, 91, 9, 95), None),
                                                (box(1, 80, 5, 85), "")])
    raster = write_raster(tmp_path / "r.tif", np.ones((1, 20, 20), dtype=np.uint8))
    with pytest.raises(DataError, match=r"features of .* empty class field 'class': 2 of 3 \(FID 2, 3\)"):
        extract_samples(raster, vector, "class")


def test_class_names_differing_only_in_case_spacing_or_unicode_form_are_named_in_the_warnings(tmp_path):
    """'Water' and 'water', 'Bare soil' and 'Bare  soil', and 'Forêt' typed composed and decomposed (alike on
    screen) stay different classes, as typed, and the warnings name each group."""
    composed, decomposed = "For\u00eat", "Fore\u0302t"
    names = ["Water", "water", "Bare soil", "Bare  soil", composed, decomposed, "Urban"]
    vector = write_vector(tmp_path / "v.gpkg", [(box(2 * k, 95, 2 * k + 2, 97), name)
                                                for k, name in enumerate(names)])
    raster = write_raster(tmp_path / "r.tif", np.arange(400, dtype=np.uint8).reshape(1, 20, 20))
    samples = extract_samples(raster, vector, "class")
    assert len(samples.counts) == 7
    assert [text for text in samples.warnings if "differ only" in text] == [
        f"class names {first!r}, {second!r} differ only in case, spacing or Unicode form: they are 2 "
        "different classes; if they are one class, give its features one spelling"
        for first, second in (("Bare  soil", "Bare soil"), (decomposed, composed), ("Water", "water"))]


def test_codes_a_classification_raster_cannot_hold_are_refused(tmp_path):
    """EuroCrops' 10-digit HCAT codes (3301010100) fit a UInt32 classification; 5000000000 does not (it was
    written as 705032704)."""
    raster = write_raster(tmp_path / "r.tif", np.arange(400, dtype=np.uint8).reshape(1, 20, 20))
    fits = write_vector(tmp_path / "fits.gpkg", [(box(1, 91, 5, 95), 3301010100), (box(6, 91, 9, 95), 2)],
                        ogr.OFTInteger64)
    assert extract_samples(raster, fits, "class").labels.tolist() == [2, 3301010100]
    beyond = write_vector(tmp_path / "beyond.gpkg", [(box(1, 91, 5, 95), 5000000000), (box(6, 91, 9, 95), 2)],
                          ogr.OFTInteger64)
    with pytest.raises(DataError, match=r"holds codes \[5000000000\]; a classification raster holds codes "
                                        r"up to 4294967295: recode these classes or use a text field"):
        extract_samples(raster, beyond, "class")


@pytest.mark.parametrize(("values", "expected"), [
    ((1e20, 2.0), r"holds codes \[100000000000000000000\]; a classification raster holds codes up to "
                  r"4294967295"),
    ((float("inf"), 2.0), r"holds non-integer values \[inf\]; use integer class codes or a text field"),
    ((-1e19, 2.0), r"holds codes \[-10000000000000000000\]; codes must be >= 1")])
def test_real_codes_beyond_int64_or_not_finite_are_refused(tmp_path, values, expected):
    """A real class field holding 1e20, -1e19 or infinity: a Python OverflowError traceback before; now the
    refusal of such codes."""
    raster = write_raster(tmp_path / "r.tif", np.ones((1, 20, 20), dtype=np.uint8))
    boxes = (box(1, 91, 5, 95), box(6, 91, 9, 95))
    vector = write_vector(tmp_path / "v.gpkg", list(zip(boxes, values)), ogr.OFTReal)
    with pytest.raises(DataError, match=expected):
        extract_samples(raster, vector, "class")


def test_integer_codes_below_one_are_refused(tmp_path):
    vector = write_vector(tmp_path / "v.gpkg", [(box(1, 91, 5, 95), 0), (box(6, 91, 9, 95), 2)],
                          ogr.OFTInteger)
    raster = write_raster(tmp_path / "r.tif", np.ones((1, 20, 20), dtype=np.uint8))
    with pytest.raises(DataError, match=r"holds codes \[0\]; codes must be >= 1"):
        extract_samples(raster, vector, "class")


def test_no_feature_over_the_raster(tmp_path):
    vector = write_vector(tmp_path / "v.gpkg", [(box(500, 500, 510, 510), "a")])
    with pytest.raises(DataError, match=r"no feature of .* \(layer .*, features: 1\) lies over raster .* "
                                        r"\(287 x 310 px\)"):
        extract_samples(LANDSAT, vector, "class")


def test_raster_without_georeferencing(tmp_path):
    raster = write_raster(tmp_path / "r.tif", np.ones((1, 20, 20), dtype=np.uint8), geotransform=None)
    with pytest.raises(DataError, match=r"has no georeferencing .* EPSG:4326"):
        vector = write_vector(tmp_path / "v.gpkg", [(box(1, 1, 5, 5), "a")], epsg=4326)
        extract_samples(raster, vector, "class")


def test_class_left_without_pixels_after_nodata(tmp_path):
    pixels = np.ones((1, 20, 20), dtype=np.uint8)
    pixels[0, :10] = 9
    raster = write_raster(tmp_path / "r.tif", pixels, nodata=9)
    vector = write_vector(tmp_path / "v.gpkg", [(box(1, 91, 5, 95), "top"), (box(1, 81, 5, 85), "bottom")])
    with pytest.raises(DataError, match=r"class 'top': usable pixels 0, features 1 \(pixels covered 16"):
        extract_samples(raster, vector, "class")


def test_a_subdataset_is_read_as_its_own_raster(tmp_path, landsat):
    # a page of a multi-page GeoTIFF, named as QGIS names a layer of it: GDAL resolves the name (no file's)
    multipage = str(tmp_path / "pages.tif")
    gdal.Translate(multipage, LANDSAT, bandList=[1, 2, 3])
    gdal.Translate(multipage, LANDSAT, bandList=[4, 5, 6, 7], creationOptions=["APPEND_SUBDATASET=YES"])
    page = f"GTIFF_DIR:2:{multipage}"
    assert raster_info(page).n_bands == 4
    samples = extract_samples(page, POLYGONS, "class")
    np.testing.assert_array_equal(samples.X, landsat.X[:, 3:])
    np.testing.assert_array_equal(samples.y, landsat.y)
    with pytest.raises(DataError, match=r"^GDAL cannot read raster 'GTIFF_DIR:3:.*pages.tif': "):
        extract_samples(f"GTIFF_DIR:3:{multipage}", POLYGONS, "class")


def test_open_options_written_as_qgis_writes_them_are_given_to_gdal(landsat):
    samples = extract_samples(LANDSAT + "|option:NUM_THREADS=2", POLYGONS, "class")
    np.testing.assert_array_equal(samples.X, landsat.X)
    assert raster_info(LANDSAT).geotransform is not None
    assert raster_info(LANDSAT + "|option:GEOREF_SOURCES=NONE").geotransform is None
    with pytest.raises(DataError, match=r"^raster '/no/such/scene.tif' does not exist; check the path$"):
        raster_info("/no/such/scene.tif|option:NUM_THREADS=2")


def test_open_options_of_a_vector_written_as_qgis_writes_them_are_given_to_ogr(tmp_path):
    """The training polygons as a CSV of WKT in a column named 'outline', which OGR takes for the geometry
    only when told (GEOM_POSSIBLE_NAMES): the samples of the GeoPackage; without the option, no feature has
    a geometry."""
    source = ogr.Open(POLYGONS)
    table = tmp_path / "polygons.csv"
    table.write_text("class,outline\n" + "".join(
        f'{feature.GetField("class")},"{feature.GetGeometryRef().ExportToWkt()}"\n'
        for feature in source.GetLayer()))
    table = str(table)
    samples = extract_samples(LANDSAT, table + "|option:GEOM_POSSIBLE_NAMES=outline", "class")
    reference = extract_samples(LANDSAT, POLYGONS, "class")
    np.testing.assert_array_equal(samples.X, reference.X)
    np.testing.assert_array_equal(samples.y, reference.y)
    with pytest.raises(DataError,
                       match=r"^layer 'polygons' of '.*/polygons.csv' has no feature with a geometry: "):
        extract_samples(LANDSAT, table, "class")
    with pytest.raises(DataError, match=r"^file '/no/such/polygons.csv' does not exist; check the path$"):
        extract_samples(LANDSAT, "/no/such/polygons.csv|option:GEOM_POSSIBLE_NAMES=outline", "class")


@pytest.mark.parametrize("path, missing", [
    ("/no/such/scene.tif", True), (r"C:\data\scene.tif", True), ("scene.tif", True),
    (LANDSAT, False), ("GPKG:/no/such.gpkg:table", False), ('NETCDF:"/no/such.nc":reflectance', False),
    ("/vsizip//no/such.zip/scene.tif", False), ("https://example.org/scene.tif", False)])
def test_only_a_plain_path_can_be_a_missing_file(path, missing):
    assert is_missing_file(path) is missing


def test_a_file_this_user_may_not_read_is_said_so_with_the_fix():
    """A raster and a GeoPackage this user may not read, and a raster in a folder it may not open (a Dask
    worker run as another user sees them so): GDAL and OGR said 'unknown format', 'no layer found' and 'does
    not exist'. Root reads them all: as root, the check runs as the user nobody (runuser), on a copy of the
    package that user may import."""
    import os
    import shutil
    import subprocess
    import sys
    import tempfile

    root = os.geteuid() == 0
    if root and not shutil.which("runuser"):
        pytest.skip("runs as root without runuser: no user that may not read a file")
    folder = tempfile.mkdtemp(prefix="gmmselect-permissions-")
    try:
        os.chmod(folder, 0o755)
        repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        shutil.copytree(repository, os.path.join(folder, "gmmselect"), ignore=shutil.ignore_patterns(
            ".*", "tests", "dev", "build", "__pycache__", "i18n", "icons"))
        closed = os.path.join(folder, "closed")
        os.mkdir(closed)
        for source, target in ((LANDSAT, "private.tif"), (POLYGONS, "private.gpkg"),
                               (LANDSAT, os.path.join("closed", "scene.tif"))):
            shutil.copy(source, os.path.join(folder, target))
        private = 0o600 if root else 0o000
        for name in ("private.tif", "private.gpkg", "closed"):
            os.chmod(os.path.join(folder, name), private)
        check = (f"import sys; sys.path.insert(0, {folder!r})\n"
                 "from gmmselect.raster.info import open_raster\n"
                 "from gmmselect.raster.vector import open_layer\n"
                 f"for name, opening in (('private.tif', open_raster), ('private.gpkg', open_layer), "
                 f"('closed/scene.tif', open_raster), ('closed/other.gpkg', open_layer)):\n"
                 f"    try:\n        opening({folder!r} + '/' + name)\n"
                 f"    except ValueError as error:\n        print(error)\n")
        user = ["runuser", "-u", "nobody", "--"] if root else []
        said = subprocess.run([*user, sys.executable, "-c", check], capture_output=True, text=True,
                              cwd=folder, check=True).stdout.splitlines()
    finally:
        for name in ("private.tif", "private.gpkg", "closed"):
            os.chmod(os.path.join(folder, name), 0o700)
        shutil.rmtree(folder)
    fix = ("cannot be read (permission denied): the user this runs as may not read it, or not open a folder "
           "on its way; give that user the permission (on a Dask worker, the user the worker runs as), or "
           "copy the ")
    assert said == [f"raster '{folder}/private.tif' {fix}raster where it may read it",
                    f"file '{folder}/private.gpkg' {fix}file where it may read it",
                    f"raster '{folder}/closed/scene.tif' {fix}raster where it may read it",
                    f"file '{folder}/closed/other.gpkg' {fix}file where it may read it"]


def test_unreadable_paths_and_layers(tmp_path):
    with pytest.raises(DataError, match=r"raster '.*missing.tif' does not exist"):
        extract_samples(str(tmp_path / "missing.tif"), POLYGONS, "class")
    with pytest.raises(DataError, match=r"^file '.*nothing.gpkg' does not exist; check the path$"):
        extract_samples(LANDSAT, str(tmp_path / "nothing.gpkg"), "class")
    (tmp_path / "notes.gpkg").write_text("not a GeoPackage")
    with pytest.raises(DataError, match=r"^OGR cannot read '.*notes.gpkg'.*: .*; check the path and format$"):
        extract_samples(LANDSAT, str(tmp_path / "notes.gpkg"), "class")
    with pytest.raises(DataError, match=r"no layer 'roads'; its layers are: training_polygons"):
        extract_samples(LANDSAT, POLYGONS, "class", layer="roads")
    with pytest.raises(DataError, match=r"has bands 1..7 but bands \[9\]"):
        extract_samples(LANDSAT, POLYGONS, "class", bands=[1, 9])


def test_no_data_ranges_and_the_file_s_value_as_qgis_gives_them(tmp_path):
    """A band of values 0..99 with the file's no-data 50: ranges of every kind of bounds are no-data, and the
    file's value is or is not (QGIS's 'use source no-data'), as NumPy says; another band keeps its file's."""
    values = np.arange(100, dtype=np.int16).reshape(1, 10, 10)
    path = write_raster(tmp_path / "ramp.tif", np.concatenate([values, values]), nodata=50)
    ranges = ((10, 20, True, True), (30, 40, False, False), (-np.inf, 5, True, False), (90, 95, False, True))
    v = values[0]
    outside = ~(((v >= 10) & (v <= 20)) | ((v > 30) & (v < 40)) | (v < 5) | ((v > 90) & (v <= 95)))
    for file_value in (True, False):
        rule = blocks.BandNoData(file_value, ranges)
        reader = blocks.PixelReader(path, [1], no_data={1: rule})
        _, usable = reader.read((0, 0, 10, 10))
        np.testing.assert_array_equal(usable, outside & ((v != 50) if file_value else True))
        _, usable = blocks.PixelReader(path, [2], no_data={1: rule}).read((0, 0, 10, 10))
        np.testing.assert_array_equal(usable, v != 50)


@pytest.mark.parametrize("walk", [extract_samples, accumulate_statistics])
def test_gdal_block_cache_is_bounded_while_sampling_and_restored_after(walk, monkeypatch):
    seen = []
    read = blocks.PixelReader.read
    monkeypatch.setattr(blocks.PixelReader, "read", lambda self, window: seen.append(gdal.GetCacheMax())
                        or read(self, window))
    previous = gdal.GetCacheMax()
    gdal.SetCacheMax(1 << 30)
    try:
        walk(LANDSAT, POLYGONS, "class")
        assert gdal.GetCacheMax() == 1 << 30
    finally:
        gdal.SetCacheMax(previous)
    assert seen and max(seen) == blocks.GDAL_CACHE_MB * 2**20


def test_two_runs_at_once_keep_the_cache_bounded_until_both_end_and_restore_the_user_s():
    """Two runs in QGIS's background tasks, the first to start ending first: the second still runs with the
    cache bounded, and the user's 1 GB is back when both have ended. Before, the second ran unbounded after
    the first ended and then left the cache at 64 MB for the rest of the QGIS session."""
    previous = gdal.GetCacheMax()
    gdal.SetCacheMax(1 << 30)
    first, second = blocks.bounded_gdal_cache(), blocks.bounded_gdal_cache()
    try:
        first.__enter__()
        second.__enter__()
        first.__exit__(None, None, None)
        assert gdal.GetCacheMax() == blocks.GDAL_CACHE_MB * 2**20
        second.__exit__(None, None, None)
        assert gdal.GetCacheMax() == 1 << 30
    finally:
        gdal.SetCacheMax(previous)


def test_training_samples_holding_a_fill_are_named_with_their_classes(tmp_path):
    """Polygons 24 and 20 (cleared) and 34 (fallen_dry) reach into the 8 left columns, filled with 0 without
    a no-data value: the samples there are named, with their count and classes, by extract_samples and by
    accumulate_statistics (in small windows) alike; with 0 declared as the no-data they are left out and
    nothing is said, and the scene itself says nothing."""
    raster = left_filled(tmp_path / "filled.tif", 8)
    samples = extract_samples(raster, POLYGONS, "class")
    held = np.all(samples.X == 0, axis=1)
    names = np.array(samples.class_names)[np.searchsorted(samples.labels, samples.y[held])]
    assert held.sum() > 0 and sorted(set(names)) == ["cleared", "fallen_dry"]
    said = (f"training samples under the features of {POLYGONS!r} that hold 0 on every band, as the fill "
            f"around a scene does: {held.sum()} (classes 'cleared', 'fallen_dry'); they are taken as pixels "
            "of their class. Where 0 marks no data, set it as the raster's no-data (Layer Properties > "
            "Transparency > Additional no data value, or gdal_translate -a_nodata 0) and they are left out, "
            "or move the features off it")
    statistics = accumulate_statistics(raster, POLYGONS, "class", memory_mb=0.05)[2]
    named = [[w for w in found.warnings if "fill" in w] for found in (samples, statistics)]
    assert named == [[said], [said]]
    declared = extract_samples(left_filled(tmp_path / "declared.tif", 8, nodata=0), POLYGONS, "class")
    assert len(declared.y) == len(samples.y) - held.sum()
    scene = extract_samples(LANDSAT, POLYGONS, "class")
    assert not [w for w in declared.warnings + scene.warnings if "fill" in w]


def test_an_envi_raster_of_arbitrary_coordinates_is_a_raster_without_crs(tmp_path):
    """An ENVI copy of the scene without a CRS: its header's map info {Arbitrary, ...} reads in GDAL as the
    local CRS 'Arbitrary', which PROJ links to no other, so the polygons (EPSG:32622) were refused ('PROJ
    knows no transformation'); it is now a raster without a CRS, as the same GeoTIFF without one is: the
    polygons' coordinates are taken as the raster's, with the warning, and the samples are the scene's."""
    envi = str(tmp_path / "scene.img")
    gdal.Translate(envi, LANDSAT, format="ENVI").SetProjection("")
    assert gdal.Open(envi).GetProjection().startswith('LOCAL_CS["Arbitrary"')
    samples = extract_samples(envi, POLYGONS, "class")
    np.testing.assert_array_equal(samples.X, extract_samples(LANDSAT, POLYGONS, "class").X)
    assert samples.warnings == ["only one of raster and vector has a CRS (no CRS vs EPSG:32622): the "
                                "vector's coordinates are taken as the raster's"]


@pytest.mark.parametrize("walk", [extract_samples, accumulate_statistics])
def test_a_class_whose_features_lie_above_the_raster_is_refused_naming_them_outside(tmp_path, walk):
    """Two features of class 'b' north of a 20 x 20 px raster: the refusal counts them outside the raster,
    and the warning that says so is logged before it. Before: 'features outside the raster 0' (only the
    features left or right of the raster were counted) and no warning (they were logged after the check)."""
    rng = np.random.default_rng(0)
    raster = write_raster(tmp_path / "r.tif", rng.normal(size=(2, 20, 20)),
                          geotransform=(0.0, 1.0, 0.0, 20.0, 0.0, -1.0))
    vector = write_vector(tmp_path / "v.gpkg", [(box(2, 2, 12, 12), "a"), (box(2, 30, 6, 34), "b"),
                                                (box(8, 40, 12, 44), "b")])
    logged = []
    with pytest.raises(DataError, match=r"class 'b': usable pixels 0, features 2 \(pixels covered 0, "
                                        r"features outside the raster 2\)"):
        walk(raster, vector, "class", log=logged.append)
    assert [line for line in map(str, logged) if "outside raster" in line] == [
        f"warning: features of {vector!r} outside raster {raster!r}, which give no sample: 2 of 3 (FIDs 2, "
        "3); check the layer's CRS, or delete them"]


def test_an_alpha_band_is_no_feature_and_its_0s_give_no_sample(tmp_path):
    """The scene warped with an alpha band (8 bands; its 8 left columns, which three polygons reach into,
    outside the scene: alpha 0 and 0 on every band): the samples are of bands 1-7 only, and those of the
    scene under a mask of the alpha's 0s (no sample of the 0s, no fill warning), by extract_samples and by
    the statistics; the raster's information counts 7 bands of data. Before, the alpha band was an 8th
    feature (255 on every sample) and the 0s outside the scene were samples of their polygons' classes."""
    alpha = np.full((310, 287), 255, dtype=np.uint8)
    alpha[:, :8] = 0
    raster = with_alpha(tmp_path / "alpha.tif", alpha, fill=0)
    mask = write_raster(tmp_path / "mask.tif", (alpha[None] > 0).astype(np.uint8),
                        geotransform=gdal.Open(LANDSAT).GetGeoTransform())
    samples = extract_samples(raster, POLYGONS, "class")
    masked = extract_samples(LANDSAT, POLYGONS, "class", mask_path=mask)
    assert samples.band_numbers == list(range(1, 8)) and samples.X.shape[1] == 7
    np.testing.assert_array_equal(samples.X, masked.X)
    np.testing.assert_array_equal(samples.groups, masked.groups)
    assert samples.counts == masked.counts != LANDSAT_COUNTS
    assert samples.n_unusable_pixels == masked.n_unusable_pixels > 0
    assert not [text for text in samples.warnings if "every band" in text]
    statistics, _, summary = accumulate_statistics(raster, POLYGONS, "class", memory_mb=0.05)
    assert summary.counts == samples.counts and statistics.means.shape == (4, 7)
    info = raster_info(raster)
    assert (info.n_bands, info.alpha_band) == (8, 8)
