"""Block-wise prediction to GeoTIFF (gmmselect.raster.predict_raster)."""

import os
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest
from osgeo import gdal
from test_raster_fixtures import (
    LANDSAT,
    POLYGONS,
    landsat_tiles,
    left_filled,
    three_class_scene,
    with_alpha,
    write_raster,
)

from gmmselect.core import GaussianMixture
from gmmselect.core.float32 import SharedDecision
from gmmselect.raster import Canceled, DataError, extract_samples, predict_raster
from gmmselect.raster.blocks import THREADED_BAND_INTERLEAVED, PixelReader, plan_windows, reading_options
from gmmselect.raster.predict import more_windows, sample_windows

BANDS = [1, 2, 3, 4, 5, 7]


@pytest.fixture(scope="module")
def model():
    """A mixture learnt on the Landsat polygons, bands 1-5 and 7."""
    samples = extract_samples(LANDSAT, POLYGONS, "class", bands=BANDS)
    return GaussianMixture.fit(samples.X, samples.y, class_names=samples.class_names)


def landsat_pixels(bands=BANDS):
    """The Landsat bands as samples `(n, d)` in raster order."""
    return gdal.Open(LANDSAT).ReadAsArray()[np.array(bands) - 1].reshape(len(bands), -1).T


def read(path):
    """All bands of a raster as an array."""
    return gdal.Open(path).ReadAsArray()


def test_prediction_equals_the_core_and_carries_its_style(tmp_path, model):
    paths = predict_raster(LANDSAT, model, BANDS, str(tmp_path / "classes.tif"), str(tmp_path / "conf.tif"),
                           str(tmp_path / "proba.tif"))
    labels, confidence = model.predict_with_confidence(landsat_pixels())
    np.testing.assert_array_equal(read(paths["classification"]).ravel(), labels)
    np.testing.assert_allclose(read(paths["confidence"]).ravel(), confidence, atol=1e-6)
    np.testing.assert_allclose(read(paths["probabilities"]).reshape(4, -1).T,
                               model.predict_proba(landsat_pixels()), atol=1e-6)
    output, source = gdal.Open(paths["classification"]), gdal.Open(LANDSAT)
    band = output.GetRasterBand(1)
    assert band.DataType == gdal.GDT_Byte and band.GetNoDataValue() == 0
    assert band.GetBlockSize() == [256, 256]
    assert output.GetMetadataItem("COMPRESSION", "IMAGE_STRUCTURE") == "DEFLATE"
    assert output.GetGeoTransform() == source.GetGeoTransform()
    assert output.GetProjection() == source.GetProjection()
    assert band.GetCategoryNames()[1:] == ["cleared", "fallen_dry", "forest", "water"]
    assert band.GetColorTable().GetColorEntry(0)[3] == 0 and band.GetColorTable().GetColorEntry(4)[3] == 255
    palette = ElementTree.parse(str(tmp_path / "classes.qml")).getroot().find(".//colorPalette")
    assert [(e.get("value"), e.get("label")) for e in palette] == [("1", "cleared"), ("2", "fallen_dry"),
                                                                 ("3", "forest"), ("4", "water")]
    shader = ElementTree.parse(str(tmp_path / "conf.qml")).getroot().find(".//colorrampshader")
    assert (shader.get("minimumValue"), shader.get("maximumValue")) == ("0", "1")
    confidence = gdal.Open(paths["confidence"])  # keep the dataset alive while its band is used
    confidence_band = confidence.GetRasterBand(1)
    assert confidence_band.DataType == gdal.GDT_Float32 and confidence_band.GetNoDataValue() == -1


def test_a_model_of_one_pooled_covariance_maps_the_float64_labels(tmp_path):
    """alpha 1: every class shares one whitener and the shared float32 kernel classifies; the map holds the
    float64 labels on every pixel and the confidence within 1e-5."""
    samples = extract_samples(LANDSAT, POLYGONS, "class", bands=BANDS)
    pooled = GaussianMixture.fit(samples.X, samples.y, alpha=1.0, class_names=samples.class_names)
    assert type(pooled._float32(gdal.Open(LANDSAT).ReadAsArray().dtype)) is SharedDecision
    paths = predict_raster(LANDSAT, pooled, BANDS, str(tmp_path / "classes.tif"), str(tmp_path / "conf.tif"))
    winners, confidence, _ = pooled.decide(landsat_pixels().astype(np.float64))
    np.testing.assert_array_equal(read(paths["classification"]).ravel(), pooled.labels_[winners])
    np.testing.assert_allclose(read(paths["confidence"]).ravel(), confidence, rtol=0, atol=1e-5)
    unpooled = GaussianMixture.fit(samples.X, samples.y).predict(landsat_pixels())
    assert np.any(pooled.labels_[winners] != unpooled)


def test_output_does_not_depend_on_the_block_size(tmp_path):
    raster, pixels, classes = three_class_scene(tmp_path / "tiled.tif", 530, 610)
    X = pixels.reshape(3, -1).T.astype(np.float64)
    mixture = GaussianMixture.fit(X[::7], classes.ravel()[::7] + 1)
    outputs = []
    for name, memory_mb in (("small", 1.0), ("large", 256)):
        logged = []
        outputs.append(predict_raster(raster, mixture, [1, 2, 3], str(tmp_path / f"{name}.tif"),
                                      str(tmp_path / f"{name}_conf.tif"), memory_mb=memory_mb,
                                      log=logged.append))
        assert ("in 1 window " in logged[-1]) == (name == "large")
    small, large = ([read(paths[key]) for key in ("classification", "confidence")] for paths in outputs)
    np.testing.assert_array_equal(small[0], large[0])
    np.testing.assert_array_equal(small[1], large[1])
    assert large[0][17, 33] == 0 and large[1][17, 33] == -1
    valid = np.ones(X.shape[0], dtype=bool)
    valid[17 * 610 + 33] = False
    np.testing.assert_array_equal(large[0].ravel()[valid], mixture.predict(X[valid]))


def test_nodata_nan_and_mask_give_nodata_outputs(tmp_path, model):
    pixels = gdal.Open(LANDSAT).ReadAsArray().astype(np.float32)
    pixels[2, 10, 20] = np.nan
    pixels[6, 30, 40] = 255  # the band's no-data value
    raster = write_raster(tmp_path / "float.tif", pixels, gdal.Open(LANDSAT).GetGeoTransform(), nodata=255)
    mask = np.ones((1, 310, 287), dtype=np.uint8)
    mask[0, 100:] = 0
    mask_path = write_raster(tmp_path / "mask.tif", mask, gdal.Open(LANDSAT).GetGeoTransform())
    progress = []
    paths = predict_raster(raster, model, BANDS, str(tmp_path / "c.tif"), str(tmp_path / "p.tif"),
                           mask_path=mask_path, progress=progress.append)
    classes, confidence = read(paths["classification"]), read(paths["confidence"])
    assert classes[10, 20] == classes[30, 40] == 0 and (classes[100:] == 0).all()
    assert (classes[:100] > 0).sum() == 100 * 287 - 2
    assert confidence[10, 20] == -1 and (confidence[:100][classes[:100] > 0] >= 0.25).all()
    assert progress[-1] == 100.0


def test_every_output_says_what_made_it_in_its_metadata(tmp_path, model):
    """The classification, the confidence and the posteriors name the raster, the bands read, the mask and
    the caller's own items in their GDAL metadata (QGIS: Layer Properties > Information); without a mask
    or items, none of theirs."""
    mask = write_raster(tmp_path / "mask.tif", np.ones((1, 310, 287), dtype=np.uint8),
                        gdal.Open(LANDSAT).GetGeoTransform())
    paths = predict_raster(LANDSAT, model, BANDS, str(tmp_path / "c.tif"), str(tmp_path / "p.tif"),
                           str(tmp_path / "posteriors.tif"), mask_path=mask,
                           provenance={"GMMSELECT_MODEL": "/models/landsat.gmm", "EMPTY": ""})
    assert paths.keys() == {"classification", "confidence", "probabilities"}
    for path in paths.values():
        assert made_of(path) == {"GMMSELECT_RASTER": LANDSAT, "GMMSELECT_BANDS": "1,2,3,4,5,7",
                                 "GMMSELECT_MASK": mask, "GMMSELECT_MODEL": "/models/landsat.gmm"}
    alone = predict_raster(LANDSAT, model, BANDS, str(tmp_path / "alone.tif"))["classification"]
    assert made_of(alone) == {"GMMSELECT_RASTER": LANDSAT, "GMMSELECT_BANDS": "1,2,3,4,5,7"}


def made_of(path):
    """The GDAL metadata of a raster but GeoTIFF's own AREA_OR_POINT."""
    metadata = gdal.Open(path).GetMetadata()
    assert metadata.pop("AREA_OR_POINT") == "Area"
    return metadata


def test_labels_above_255_take_uint16(tmp_path):
    pixels = np.random.default_rng(2).normal(size=(2, 40, 50))
    pixels[:, :, 25:] += 5
    raster = write_raster(tmp_path / "r.tif", pixels)
    X = pixels.reshape(2, -1).T
    y = np.where(np.arange(len(X)) % 50 < 25, 7, 300)
    mixture = GaussianMixture.fit(X, y, class_names=["low", "high"])
    paths = predict_raster(raster, mixture, [1, 2], str(tmp_path / "c.tif"),
                           class_colors=["#ff0000", (0, 0, 255)])
    output = gdal.Open(paths["classification"])
    band = output.GetRasterBand(1)
    assert band.DataType == gdal.GDT_UInt16 and band.GetColorTable().GetColorEntry(300) == (0, 0, 255, 255)
    np.testing.assert_array_equal(band.ReadAsArray().ravel(), mixture.predict(X))


def test_cancel_leaves_no_file(tmp_path, model):
    calls = []
    with pytest.raises(Canceled):
        predict_raster(LANDSAT, model, BANDS, str(tmp_path / "c.tif"), str(tmp_path / "p.tif"),
                       memory_mb=0.5, is_canceled=lambda: calls.append(1) or len(calls) > 1)
    assert len(calls) == 2 and os.listdir(tmp_path) == []


def test_windows_sampled_for_the_units_check_spread_over_the_raster_and_do_not_overlap():
    assert sample_windows(287, 310) == [(x, y, 32, 32) for y in (36, 139, 242) for x in (32, 128, 223)]
    assert sample_windows(40, 100) == [(4, 1, 32, 32), (4, 34, 32, 32), (4, 67, 32, 32)]
    assert sample_windows(10, 5) == [(0, 0, 10, 5)]


@pytest.mark.parametrize(("change", "share"), [
    (lambda dn: dn * 10000, "100%"), (lambda dn: dn / 10000, "100%"), (lambda dn: dn + 20, "100%"),
    (lambda dn: dn, None)])
def test_a_raster_unlike_every_class_is_named_in_a_warning(tmp_path, model, change, share):
    """The Landsat scene in other units (DN x 10000 or / 10000, as reflectance against digital numbers) or
    shifted by 20 DN lies beyond every class in each of the 9 x 32 x 32 pixels sampled, the scene itself in
    3 % of them: only the first are warned of, and the map is written either way. The limit for 6 bands,
    38.3, is where the chi-square survival function exp(-x/2) (1 + x/2 + x^2/8) falls to 1e-6."""
    source = gdal.Open(LANDSAT)
    raster = write_raster(tmp_path / "other.tif", change(source.ReadAsArray().astype(np.float32)),
                          geotransform=source.GetGeoTransform())
    lines = []
    predict_raster(raster, model, BANDS, str(tmp_path / "classes.tif"), log=lines.append)
    warned = [line for line in lines if "beyond every class" in line]
    assert warned == ([] if share is None else [
        f"warning: {share} of the 9216 pixels sampled across raster {raster!r} lie beyond every class of "
        "the model (their squared Mahalanobis distance to the nearest class exceeds 38.3, which a class's "
        "own pixels exceed once in a million): are its values in the units of the image the model was "
        "trained on (scale and offset, reflectance or digital numbers, the same processing)? If they are, "
        "most of this image is unlike the training data"])
    assert os.path.isfile(tmp_path / "classes.tif")
    limit = 38.3
    assert abs(np.exp(-limit / 2) * (1 + limit / 2 + limit**2 / 8) - 1e-6) < 2e-8
    if share is None:
        sampled = np.concatenate([landsat_pixels().reshape(310, 287, 6)[y:y + h, x:x + w].reshape(-1, 6)
                                  for x, y, w, h in sample_windows(287, 310)])
        assert 0.01 < np.mean(model.nearest_distance(sampled) > limit) < 0.05


@pytest.mark.parametrize(("fill", "dtype", "nodata", "said"), [
    (0, np.uint8, None, "0"), (-9999, np.float32, None, "-9999"), (0, np.uint8, 0, None),
    (255, np.uint8, None, None), (None, np.uint8, None, None)])
def test_a_fill_value_without_no_data_is_named_in_a_warning(tmp_path, model, fill, dtype, nodata, said):
    """The Landsat scene with its 100 left columns filled with `fill` on every band, as a scene's outside is
    stored: 3 of the 9 windows sampled (columns 32-63), 3072 of the 9216 pixels. Stored without a no-data
    value, a fill of 0 or below is named with the fix; set as the no-data, those pixels are not sampled
    (nothing to say); a value above 0 on every band (255: saturation) and the scene itself are not named."""
    raster = left_filled(tmp_path / "filled.tif", 0 if fill is None else 100, fill or 0, dtype, nodata)
    lines = []
    predict_raster(raster, model, BANDS, str(tmp_path / "classes.tif"), log=lines.append)
    assert [line for line in lines if "every band read" in line] == ([] if said is None else [
        f"warning: 33% of the 9216 pixels sampled across raster {raster!r} hold {said} on every band read, "
        f"as the fill around a scene does, and are classified like the image's own pixels; where {said} "
        "marks no data, set it as the raster's no-data (Layer Properties > Transparency > Additional no data "
        f"value, or gdal_translate -a_nodata {said}) and they stay unclassified"])
    assert sum(32 <= x < 100 for x, _, _, _ in sample_windows(287, 310)) == 3


def test_a_map_of_no_classified_pixel_is_named_in_a_warning(tmp_path, model):
    """A mask of 0 everywhere (or whose every value is its no-data) leaves no pixel to classify: the map is
    written, empty, and the log says why; a mask keeping one pixel does not. Before, the empty map came
    without a word, and the sample design then refused it."""
    source = gdal.Open(LANDSAT)
    for name, fill, nodata in (("zero", 0, None), ("nodata", 1, 1), ("one", 0, None)):
        plane = np.full((1, 310, 287), fill, dtype=np.uint8)
        plane[0, 5, 5] += name == "one"
        mask = write_raster(tmp_path / f"{name}.tif", plane, geotransform=source.GetGeoTransform(),
                            nodata=nodata)
        lines = []
        output = str(tmp_path / f"classes_{name}.tif")
        predict_raster(LANDSAT, model, BANDS, output, mask_path=str(mask), log=lines.append)
        said = (f"warning: no pixel of raster {LANDSAT!r} was classified: each is no-data, NaN or masked "
                f"(its own mask, or the mask given: {str(mask)!r}), and the map holds no class; check the "
                "no-data values of the raster and of the mask (Layer Properties > Transparency) and the "
                "mask's values (0 masks a pixel)")
        assert [line for line in lines if "no pixel" in line] == ([] if name == "one" else [said])
        assert np.count_nonzero(read(output)) == (name == "one")


def test_band_mismatch_is_refused(tmp_path, model):
    with pytest.raises(DataError, match=r"the model uses 6 bands but 3 bands of raster .* \(7 bands\)"):
        predict_raster(LANDSAT, model, [1, 2, 3], str(tmp_path / "c.tif"))
    with pytest.raises(DataError, match=r"has bands 1..7 but bands \[8\]"):
        predict_raster(LANDSAT, model, [1, 2, 3, 4, 5, 8], str(tmp_path / "c.tif"))
    with pytest.raises(DataError, match=r"the model uses 6 bands but 7 bands .* \(all of them\)"):
        predict_raster(LANDSAT, model, None, str(tmp_path / "c.tif"))
    with pytest.raises(DataError, match=r"1 class names for the 4 classes of the model"):
        predict_raster(LANDSAT, model, BANDS, str(tmp_path / "c.tif"), class_names=["forest"])
    assert os.listdir(tmp_path) == []


def test_class_codes_beyond_a_classification_raster_are_refused(tmp_path, model):
    """A code above 4294967295 (a model made in Python, or a file of an earlier version) was written wrapped
    around UInt32: 10000000000 as 1410065408."""
    labels = model.labels_.copy()
    labels[-1] = 10**10
    beyond = GaussianMixture(labels, model.priors_, model.means_, model.covariances_, model.tau_)
    with pytest.raises(DataError, match=r"class codes \[\d+, \d+, \d+, 10000000000\]; codes must be >= 1 .* "
                                        r"and at most 4294967295, the largest a classification raster holds"):
        predict_raster(LANDSAT, beyond, BANDS, str(tmp_path / "c.tif"))
    assert os.listdir(tmp_path) == []


def test_the_log_counts_windows_and_threads_in_words(tmp_path, model):
    """'in 1 windows with 1 threads' read as a slip: one of each is said in the singular."""
    from gmmselect.raster.notices import how_many

    lines = []
    predict_raster(LANDSAT, model, BANDS, str(tmp_path / "c.tif"), log=lines.append)
    [line] = [line for line in lines if line.startswith("Classifying ")]
    assert line.endswith((" in 1 window with 2 threads", " in 1 window with 1 thread"))
    assert [str(how_many(count, "window")) for count in (1, 2, 12)] == ["1 window", "2 windows", "12 windows"]
    assert [str(how_many(count, "thread")) for count in (1, 3)] == ["1 thread", "3 threads"]


def test_mask_on_another_grid_is_refused(tmp_path, model):
    small = write_raster(tmp_path / "small.tif", np.ones((1, 10, 10), dtype=np.uint8))
    with pytest.raises(DataError, match=r"mask '.*small.tif' is 10 x 10 px but raster .* is 287 x 310 px"):
        predict_raster(LANDSAT, model, BANDS, str(tmp_path / "c.tif"), mask_path=small)
    shifted = write_raster(tmp_path / "shifted.tif", np.ones((1, 310, 287), dtype=np.uint8))
    with pytest.raises(DataError, match=r"mask '.*shifted.tif' has the size of raster .* but another grid"):
        predict_raster(LANDSAT, model, BANDS, str(tmp_path / "c.tif"), mask_path=shifted)
    # the scene's grid numbers in another zone (and in degrees): was taken as the scene's grid
    scene = gdal.Open(LANDSAT)
    grid = scene.GetGeoTransform()
    scene = None
    for epsg, name in ((32722, "EPSG:32722"), (4326, "EPSG:4326")):
        other = write_raster(tmp_path / f"zone{epsg}.tif", np.ones((1, 310, 287), dtype=np.uint8), grid, epsg)
        with pytest.raises(DataError) as error:
            predict_raster(LANDSAT, model, BANDS, str(tmp_path / "c.tif"), mask_path=other)
        assert str(error.value) == (
            f"mask {other!r} has the grid of raster {LANDSAT!r} but another CRS ({name} vs EPSG:32622); "
            "reproject the mask onto the raster's grid (gdalwarp -t_srs -te -tr, or Align rasters)")
    same = write_raster(tmp_path / "same.tif", np.ones((1, 310, 287), dtype=np.uint8), grid, 32622)
    predict_raster(LANDSAT, model, BANDS, str(tmp_path / "c.tif"), mask_path=same)
    assert sorted(os.listdir(tmp_path)) == ["c.qml", "c.tif", "c.tif.aux.xml", "same.tif", "shifted.tif",
                                            "small.tif", "zone32722.tif", "zone4326.tif"]


def test_unwritable_and_unreadable_paths(tmp_path, model):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(DataError, match=r"cannot create the output folder '.*file/sub'"):
        predict_raster(LANDSAT, model, BANDS, str(blocker / "sub" / "c.tif"))
    with pytest.raises(DataError, match=r"output classification would write '.*lsat_tm_7band.tif', which is "
                                        r"also the raster of this run"):
        predict_raster(LANDSAT, model, BANDS, LANDSAT)
    with pytest.raises(DataError, match=r"GDAL cannot read raster '.*file'"):
        predict_raster(str(blocker), model, BANDS, str(tmp_path / "c.tif"))


def test_a_band_gdal_calls_alpha_masks_the_pixels_where_it_is_0_and_says_so(tmp_path):
    """GDAL writes 4 Byte bands as RGBA by default: band 4 (near-infrared here) becomes the alpha band of
    the others, so its 0s are no-data for prediction and sampling alike; both say so and how to make it a
    data band. Made one (colour interpretation undefined, as gdal_edit.py -colorinterp_4 undefined does),
    every pixel is classified and nothing is said."""
    pixels = np.random.default_rng(6).integers(1, 255, size=(4, 40, 50)).astype(np.uint8)
    pixels[3, :5] = 0
    path = write_raster(tmp_path / "rgbn.tif", pixels)
    y = np.repeat([1, 2], 100)
    model = GaussianMixture.fit(np.random.default_rng(7).normal(100, 30, (200, 4)) + 50 * y[:, None], y)
    text = (f"warning: GDAL reads band 4 of raster {path!r} as its alpha band, so the pixels where that "
            "band is 0 are left out as no-data; if it holds data (GDAL writes a 4-band Byte GeoTIFF as RGBA "
            "unless told otherwise), make it a data band (gdal_edit.py -colorinterp_<band> undefined <file>) "
            "and run again")
    for alpha in (True, False):
        lines = []
        written = predict_raster(path, model, [1, 2, 3, 4], str(tmp_path / f"classes{alpha}.tif"),
                                 log=lines.append)
        classes = read(written["classification"])
        assert (text in lines) == alpha
        np.testing.assert_array_equal(classes[:5] == 0, alpha)
        assert (classes[5:] > 0).all()
        dataset = gdal.Open(path, gdal.GA_Update)
        dataset.GetRasterBand(4).SetColorInterpretation(gdal.GCI_Undefined)
        dataset = None


def test_a_vrt_mosaic_of_tiles_predicts_as_the_merged_raster(tmp_path, model):
    """Six tiles behind a VRT, read in windows of a small memory budget: the outputs equal the scene's."""
    _, mosaic = landsat_tiles(tmp_path)
    lines = []
    tiled = predict_raster(mosaic, model, BANDS, str(tmp_path / "tiled.tif"),
                           str(tmp_path / "tiled_conf.tif"), str(tmp_path / "tiled_proba.tif"), memory_mb=1,
                           log=lines.append)
    merged = predict_raster(LANDSAT, model, BANDS, str(tmp_path / "merged.tif"), str(tmp_path / "conf.tif"),
                            str(tmp_path / "proba.tif"))
    assert "in 1 window " not in lines[-1]
    np.testing.assert_array_equal(read(tiled["classification"]), read(merged["classification"]))
    # the float32 posteriors are each within 1e-5 of float64 (core/float32.py), whatever the windows
    for key in ("confidence", "probabilities"):
        np.testing.assert_allclose(read(tiled[key]), read(merged[key]), rtol=0, atol=2e-5)
    assert gdal.Open(tiled["classification"]).GetGeoTransform() == gdal.Open(LANDSAT).GetGeoTransform()


def test_windows_are_read_band_by_band_into_a_reused_buffer():
    reader = PixelReader(LANDSAT, BANDS)
    everything = gdal.Open(LANDSAT).ReadAsArray()[np.array(BANDS) - 1]
    buffer = np.zeros(len(BANDS) * 60 * 50, dtype=reader.dtype)
    for x, y, w, h in ((0, 0, 60, 50), (37, 11, 20, 9)):
        bands, usable = reader.read_bands((x, y, w, h), buffer)
        assert np.shares_memory(bands, buffer) and usable.all()
        np.testing.assert_array_equal(bands, everything[:, y:y + h, x:x + w])
        np.testing.assert_array_equal(reader.read((x, y, w, h))[0], np.moveaxis(bands, 0, -1))


TILES = ["TILED=YES", "BLOCKXSIZE=64", "BLOCKYSIZE=64"]
#: The options of a compressed band-interleaved GeoTIFF with 2 threads: threaded decoding where GDAL does it
#: safely (GDAL 3.6.0 to 3.7.0 corrupt the heap decoding some of its bands on threads: this process died).
SEPARATE_PLANES = {"GDAL_NUM_THREADS": "2"} if int(gdal.VersionInfo()) >= THREADED_BAND_INTERLEAVED else {}
#: GeoTIFF layouts: creation options, the GDAL options their windows are read under with 2 threads, and
#: the bands read per pixel before bands 5, 2, 4 are taken out of them (0: those bands alone).
LAYOUTS = {"pixel-interleaved tiles": (TILES, {"GTIFF_DIRECT_IO": "YES"}, 5),
           "band-interleaved tiles": (TILES + ["INTERLEAVE=BAND"], {"GTIFF_DIRECT_IO": "YES"}, 0),
           "band-interleaved strips": (["INTERLEAVE=BAND"], {"GTIFF_DIRECT_IO": "YES"}, 0),
           "pixel-interleaved strips": ([], {}, 0),
           "compressed tiles": (TILES + ["COMPRESS=DEFLATE"], {"GDAL_NUM_THREADS": "2"}, 0),
           "compressed band-interleaved strips": (["COMPRESS=DEFLATE", "INTERLEAVE=BAND", "BLOCKYSIZE=1"],
                                                  SEPARATE_PLANES, 0),
           "compressed band-interleaved tiles": (TILES + ["COMPRESS=DEFLATE", "INTERLEAVE=BAND"],
                                                 SEPARATE_PLANES, 0)}


@pytest.mark.parametrize("layout", LAYOUTS)
def test_windows_read_under_the_fastest_options_equal_the_raster(tmp_path, layout):
    """Each layout is opened under its options (direct I/O, threaded decoding), which leave no trace in
    the thread's configuration, and every window reads the raster's very values and no-data (pixel-
    interleaved tiles by way of every band, read pixel-interleaved)."""
    creation, expected, staged = LAYOUTS[layout]
    pixels = np.random.default_rng(3).integers(-999, 3000, size=(5, 197, 230)).astype(np.int16)
    path = write_raster(tmp_path / "scene.tif", pixels, nodata=-999, options=creation)
    reader = PixelReader(path, [5, 2, 4], threads=2)
    assert reading_options(reader.dataset, 2) == expected and reader.staged == staged
    assert all(gdal.GetThreadLocalConfigOption(name, None) is None for name in expected)
    windows = plan_windows(230, 197, reader.block_size, 3 * 64 * 64) + [(13, 7, 101, 55), (229, 196, 1, 1)]
    for x, y, w, h in windows:
        bands, usable = reader.read_bands((x, y, w, h))
        np.testing.assert_array_equal(bands, pixels[[4, 1, 3], y:y + h, x:x + w])
        np.testing.assert_array_equal(usable, (bands != -999).all(axis=0))


@pytest.mark.parametrize("bands, staged", [([2, 5, 4], 5), ([1, 2, 3], 0), ([1, 2, 3, 4, 5], 0), ([5, 2], 0),
                                           ([3], 0)])
def test_every_band_is_read_first_only_for_three_bands_or_more_not_the_first_ones(tmp_path, bands, staged):
    """Pixel-interleaved tiles read by direct I/O: GDAL reads the first bands in order in one pass, so only
    other lists of 3 bands or more go by way of every band; each way reads the raster's values."""
    pixels = np.random.default_rng(4).integers(0, 3000, size=(5, 70, 90)).astype(np.int16)
    reader = PixelReader(write_raster(tmp_path / "scene.tif", pixels, options=TILES), bands, threads=1)
    assert reader.staged == staged
    for x, y, w, h in ((0, 0, 90, 70), (3, 64, 80, 6)):
        np.testing.assert_array_equal(reader.read_bands((x, y, w, h))[0],
                                      pixels[np.array(bands) - 1, y:y + h, x:x + w])


def test_rasters_read_on_one_thread_or_in_other_formats_keep_gdal_defaults(tmp_path):
    pixels = np.arange(2 * 30 * 40, dtype=np.int16).reshape(2, 30, 40)
    compressed = write_raster(tmp_path / "compressed.tif", pixels, options=TILES + ["COMPRESS=DEFLATE"])
    assert reading_options(gdal.Open(compressed), 1) == {}
    assert reading_options(gdal.Open(write_raster(tmp_path / "scene.img", pixels, driver="HFA")), 2) == {}


def scene_alpha():
    """An alpha band of the Landsat scene: 0 (transparent) in its 60 left columns, 1 to 254 (partly
    transparent, as a resampled edge) in the next 10, 255 (opaque) elsewhere."""
    alpha = np.full((310, 287), 255, dtype=np.uint8)
    alpha[:, :60] = 0
    alpha[:, 60:70] = np.linspace(1, 254, 310 * 10).reshape(310, 10)
    return alpha


def test_an_alpha_band_masks_the_pixels_where_it_is_0_whatever_the_band_count(tmp_path, model):
    """GDAL masks by an alpha band 2 or 4 bands only, QGIS draws it as transparency whatever the count. The
    scene with an alpha band (8 bands, as gdalwarp -dstalpha writes it; the scene's values under its 0s):
    the pixels of alpha 0 are unclassified, those of alpha 1 to 254 (drawn, partly transparent) classified as
    the scene's, and the log says so once; it is no band of data (the band count checked is 7). Before, every
    pixel was classified, and the model's band count (7) refused the raster."""
    alpha = scene_alpha()
    raster = with_alpha(tmp_path / "alpha.tif", alpha)
    expected = read(predict_raster(LANDSAT, model, BANDS, str(tmp_path / "scene.tif"))["classification"])
    lines = []
    written = predict_raster(raster, model, BANDS, str(tmp_path / "classes.tif"), log=lines.append,
                             n_raster_bands=7)
    classes = read(written["classification"])
    assert (classes[:, :60] == 0).all() and (expected[:, :60] > 0).any()
    np.testing.assert_array_equal(classes[:, 60:], expected[:, 60:])
    assert [line for line in lines if "alpha band" in line] == [
        f"warning: band 8 of raster {raster!r} is its alpha band, which QGIS draws as transparency: it masks "
        "the other bands (the pixels where it is 0 are left out as no-data) and is not read as data; if it "
        "holds data (GDAL writes a 4-band Byte GeoTIFF as RGBA unless told otherwise), make it a data band "
        "(gdal_edit.py -colorinterp_8 undefined <file>) and run again"]
    assert gdal.Open(raster).GetRasterBand(1).GetMaskFlags() == gdal.GMF_NODATA  # GDAL's mask: no alpha


def test_more_windows_spread_from_the_corners_and_read_every_cell_once():
    """The cells of 32 x 32 px of a 100 x 70 px raster (4 x 3, the last column and row narrower): the 4
    corners first, then the rest of the grid of 3 x 3 (columns 0, 2 and 3, rows 0 to 2), then the rest,
    each once."""
    windows = list(more_windows(100, 70))
    assert sorted(windows[:4]) == [(0, 0, 32, 32), (0, 64, 32, 6), (96, 0, 4, 32), (96, 64, 4, 6)]
    assert sorted(windows[4:9]) == [(0, 32, 32, 32), (64, 0, 32, 32), (64, 32, 32, 32), (64, 64, 32, 6),
                                    (96, 32, 4, 32)]
    assert sorted(windows) == [(x, y, min(32, 100 - x), min(32, 70 - y)) for x in range(0, 100, 32)
                               for y in range(0, 70, 32)]


def edge_of_scene(path, bands, columns):
    """The Landsat scene's `bands (7, 310, 287)` (float32) with no-data (-9999) beyond their first `columns`
    columns (the first of the 9 windows sampled start at column 32)."""
    bands = bands.astype(np.float32)
    bands[:, :, columns:] = -9999
    return write_raster(path, bands, geotransform=gdal.Open(LANDSAT).GetGeoTransform(), nodata=-9999)


def beyond_warning(count, path):
    """The warning that every one of the `count` pixels sampled across `path` lies beyond every class of the
    7-band model."""
    return (f"warning: 100% of the {count} pixels sampled across raster {path!r} lie beyond every class of "
            "the model (their squared Mahalanobis distance to the nearest class exceeds 38.3, which a "
            "class's own pixels exceed once in a million): are its values in the units of the image the "
            "model was trained on (scale and offset, reflectance or digital numbers, the same "
            "processing)? If they are, most of this image is unlike the training data")


def test_a_sample_of_a_few_windows_holding_data_is_read_further_until_it_is_spread(tmp_path, model):
    """The scene's edge (no-data beyond its first columns, as an edge tile of a mosaic). Its first 30
    columns: none of the 9 windows holds data; the sample is read further (the corners, then finer grids,
    its left column of cells among them) until 9 windows hold data, and its DN x 10000 are named beyond every
    class. Its first 60 columns, the first 30 a fill of 0: 3 windows hold data, in its columns 32-59; read
    further, the sample holds the fill, which is named. Before, the DN x 10000 passed without a word (no
    pixel sampled), and the 3 windows' 2688 pixels of data were the sample, without the fill."""
    source = gdal.Open(LANDSAT).ReadAsArray()
    assert [x for x, _, _, _ in sample_windows(287, 310) if x < 60] == [32] * 3
    scaled = edge_of_scene(tmp_path / "scaled.tif", source * 10000.0, 30)
    lines = []
    predict_raster(scaled, model, BANDS, str(tmp_path / "scaled_classes.tif"), log=lines.append)
    assert [line for line in lines if "beyond every class" in line] == [beyond_warning(8340, scaled)]
    filled = source.copy()
    filled[:, :, :30] = 0
    filled = edge_of_scene(tmp_path / "filled.tif", filled, 60)
    lines = []
    predict_raster(filled, model, BANDS, str(tmp_path / "filled_classes.tif"), log=lines.append)
    assert [line for line in lines if "every band read" in line] == [
        f"warning: 54% of the 8384 pixels sampled across raster {filled!r} hold 0 on every band read, as the "
        "fill around a scene does, and are classified like the image's own pixels; where 0 marks no data, "
        "set it as the raster's no-data (Layer Properties > Transparency > Additional no data value, or "
        "gdal_translate -a_nodata 0) and they stay unclassified"]


def dotted(path, size, values):
    """A `size` px square raster of the scene's 7 bands, `values (7,)` at one pixel in every 32 x 32 cell
    (its centre), no-data (-9999) elsewhere."""
    bands = np.full((7, size, size), -9999, dtype=np.float32)
    bands[:, 16::32, 16::32] = np.asarray(values, dtype=np.float32)[:, None, None]
    return write_raster(path, bands, nodata=-9999)


def test_a_sample_of_too_few_pixels_is_not_compared_unless_it_is_the_whole_raster(tmp_path, model):
    """A raster of one pixel of data in each cell of 32 x 32 px (the scene's mean, x 10000): on 640 x 640 px
    (400 cells), the 144 windows read (9, then 135 more) hold 144 pixels, too few to compare (a fill must be
    16 pixels and 1 % of them, so 1600 are needed): the log says so, and what it read. On 200 x 200 px,
    every pixel is read (its 36 of data): the comparison is the raster's own, and names them beyond every
    class. Before, the 9 windows' 9 pixels were compared, without a word on how few they were."""
    mean = gdal.Open(LANDSAT).ReadAsArray().reshape(7, -1).mean(axis=1) * 10000
    large = dotted(tmp_path / "large.tif", 640, mean)
    lines = []
    predict_raster(large, model, BANDS, str(tmp_path / "large_classes.tif"), log=lines.append)
    assert [line for line in lines if "sampled" in line] == [
        f"The values of raster {large!r} were not compared with the model's classes (values unlike every "
        "class, a fill stored without no-data): the 144 windows of 32 x 32 px sampled across it hold 144 "
        "usable pixels, fewer than the 1600 the comparison needs (most of the raster is no-data or masked)"]
    small = dotted(tmp_path / "small.tif", 200, mean)
    lines = []
    predict_raster(small, model, BANDS, str(tmp_path / "small_classes.tif"), log=lines.append)
    assert [line for line in lines if "sampled" in line] == [beyond_warning(36, small)]
