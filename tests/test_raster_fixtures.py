"""Helpers for the data-layer tests: the bundled Landsat scene and small synthetic rasters and vectors."""

import numpy as np
from conftest import data_file
from osgeo import gdal, gdal_array, ogr, osr

LANDSAT = data_file("landsat5_rstoolbox", "lsat_tm_7band.tif")
POLYGONS = data_file("landsat5_rstoolbox", "training_polygons.gpkg")
LANDSAT_COUNTS = {"cleared": 1124, "fallen_dry": 220, "forest": 2271, "water": 795}
#: Landsat TM band names and centre wavelengths (micrometres), bands 1 to 7.
TM = ["blue", "green", "red", "nir", "swir1", "thermal", "swir2"]
TM_UM = [0.485, 0.56, 0.66, 0.83, 1.65, 11.45, 2.215]


def write_raster(path, bands, geotransform=(0.0, 1.0, 0.0, 100.0, 0.0, -1.0), epsg=32622, nodata=None,
                 driver="GTiff", options=()):
    """Write `bands (d, h, w)` to `path` and return the path; `geotransform=None` leaves it unset."""
    bands = np.asarray(bands)
    gdal_type = gdal_array.NumericTypeCodeToGDALTypeCode(bands.dtype)
    dataset = gdal.GetDriverByName(driver).Create(str(path), bands.shape[2], bands.shape[1], bands.shape[0],
                                                  gdal_type, list(options))
    if geotransform is not None:
        dataset.SetGeoTransform(geotransform)
        reference = osr.SpatialReference()
        reference.ImportFromEPSG(epsg)
        dataset.SetProjection(reference.ExportToWkt())
    for number, plane in enumerate(bands, 1):
        dataset.GetRasterBand(number).WriteArray(plane)
        if nodata is not None:
            dataset.GetRasterBand(number).SetNoDataValue(nodata)
    dataset = None
    return str(path)


def describe_bands(path, names=None, wavelengths=None, unit=None):
    """The raster at `path` with its bands given `names` (their descriptions) and `wavelengths` in `unit`
    (band metadata `wavelength`, `wavelength_units`), each left as it is where None; returns the path."""
    dataset = gdal.Open(str(path), gdal.GA_Update)
    for number in range(1, dataset.RasterCount + 1):
        band = dataset.GetRasterBand(number)
        if names:
            band.SetDescription(names[number - 1])
        if wavelengths:
            band.SetMetadata({"wavelength": f"{wavelengths[number - 1]:.10g}", "wavelength_units": unit})
    dataset = None
    return str(path)


def three_class_scene(path, rows, columns):
    """A seeded int16 scene of 3 bands and 3 classes (means far apart, noise sd 60), tiled 64 x 64, with
    one no-data pixel (-999 at row 17, column 33); returns (path, pixels (3, rows, cols), class index of
    each pixel (rows, cols))."""
    rng = np.random.default_rng(1)
    means = np.array([[100, 400, 900], [300, 250, 500], [800, 100, 200]])
    classes = rng.integers(0, 3, size=(rows, columns))
    pixels = (means[classes] + rng.normal(0, 60, size=(rows, columns, 3))).astype(np.int16).transpose(2, 0, 1)
    pixels[:, 17, 33] = -999
    return write_raster(path, pixels, nodata=-999, options=["TILED=YES", "BLOCKXSIZE=64", "BLOCKYSIZE=64"]), \
        pixels, classes


def landsat_tiles(folder, columns=(0, 150, 287), rows=(0, 100, 210, 310)):
    """The Landsat scene cut into GeoTIFF tiles (a 2 x 3 grid by default) and a VRT mosaic of them."""
    tiles = []
    for top, bottom in zip(rows, rows[1:]):
        for left, right in zip(columns, columns[1:]):
            tile = str(folder / f"tile_{top}_{left}.tif")
            gdal.Translate(tile, LANDSAT, srcWin=[left, top, right - left, bottom - top])
            tiles.append(((left, top, right - left, bottom - top), tile))
    mosaic = str(folder / "mosaic.vrt")
    gdal.BuildVRT(mosaic, [tile for _, tile in tiles]).FlushCache()
    return tiles, mosaic


def write_vector(path, features, field_type=ogr.OFTString, epsg=32622, layer_name="samples"):
    """Write `features` [(wkt, class value)] to a GeoPackage with field `class`; return the path."""
    source = ogr.GetDriverByName("GPKG").CreateDataSource(str(path))
    reference = None
    if epsg is not None:
        reference = osr.SpatialReference()
        reference.ImportFromEPSG(epsg)
    layer = source.CreateLayer(layer_name, reference)
    layer.CreateField(ogr.FieldDefn("class", field_type))
    for wkt, value in features:
        feature = ogr.Feature(layer.GetLayerDefn())
        feature.SetGeometry(ogr.CreateGeometryFromWkt(wkt))
        if value is not None:
            feature.SetField("class", value)
        layer.CreateFeature(feature)
    source = None
    return str(path)


def box(x0, y0, x1, y1):
    """WKT of the rectangle x0..x1, y0..y1."""
    return f"POLYGON(({x0} {y0},{x1} {y0},{x1} {y1},{x0} {y1},{x0} {y0}))"


def rasterized(raster_path, vector_path, where=None, options=()):
    """Boolean mask of the pixels `gdal.RasterizeLayer` burns for the features matching `where`."""
    raster = gdal.Open(raster_path)
    source = ogr.Open(vector_path)
    layer = source.GetLayer(0)
    layer.SetAttributeFilter(where)
    target = gdal.GetDriverByName("MEM").Create("", raster.RasterXSize, raster.RasterYSize, 1, gdal.GDT_Byte)
    target.SetGeoTransform(raster.GetGeoTransform())
    target.SetProjection(raster.GetProjection())
    gdal.RasterizeLayer(target, [1], layer, burn_values=[1], options=list(options))
    return target.ReadAsArray().astype(bool)


def crossing_ring(x0, y0, x1, y1):
    """WKT of a bowtie over the rectangle x0..x1, y0..y1: a ring crossing itself at the centre, which GEOS
    finds invalid and GDAL rasterises as two triangles."""
    return f"POLYGON(({x0} {y1},{x1} {y0},{x1} {y1},{x0} {y0},{x0} {y1}))"


def geos_reason(wkt):
    """GEOS's reason why the geometry of `wkt` is invalid, as OGR reports it."""
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    try:
        assert not ogr.CreateGeometryFromWkt(wkt).IsValid()
    finally:
        gdal.PopErrorHandler()
    return gdal.GetLastErrorMsg()


def with_crossing_ring(path, source=POLYGONS):
    """A copy at `path` of the polygons of `source` and one feature more: a bowtie (crossing_ring) over the
    envelope of the first feature, of its class, so that it samples pixels the first does not; returns
    (path, the bowtie's FID, GEOS's reason)."""
    gdal.VectorTranslate(str(path), str(source), format="GPKG")
    dataset = ogr.Open(str(path), 1)
    layer = dataset.GetLayer(0)
    first = layer.GetNextFeature()
    x0, x1, y0, y1 = first.GetGeometryRef().GetEnvelope()
    wkt = crossing_ring(x0, y0, x1, y1)
    bowtie = ogr.Feature(layer.GetLayerDefn())
    bowtie.SetFrom(first)
    bowtie.SetGeometry(ogr.CreateGeometryFromWkt(wkt))
    layer.CreateFeature(bowtie)
    fid = bowtie.GetFID()
    dataset = None
    return str(path), fid, geos_reason(wkt)


def left_filled(path, columns, fill=0, dtype=None, nodata=None):
    """The Landsat scene (as `dtype`, default its own) with its `columns` left columns holding `fill` on every
    band, as a scene's outside is stored, `nodata` declared or not; returns the path."""
    source = gdal.Open(LANDSAT)
    bands = source.ReadAsArray()
    bands = bands.astype(dtype) if dtype else bands
    bands[:, :, :columns] = fill
    return write_raster(path, bands, geotransform=source.GetGeoTransform(), nodata=nodata)


def with_alpha(path, alpha, fill=None):
    """The Landsat scene (7 bands, no-data 255) with an 8th band, its alpha band `alpha (310, 287)` (uint8;
    colour interpretation alpha, where gdalwarp -dstalpha puts it), and `fill` on every band where `alpha` is
    0, as outside a warped scene (None: the scene's values); returns the path."""
    source = gdal.Open(LANDSAT)
    bands = source.ReadAsArray()
    if fill is not None:
        bands[:, alpha == 0] = fill
    path = write_raster(path, np.concatenate([bands, alpha[None].astype(bands.dtype)]),
                        geotransform=source.GetGeoTransform())
    dataset = gdal.Open(path, gdal.GA_Update)
    for number in range(1, 8):
        dataset.GetRasterBand(number).SetNoDataValue(255)
    dataset.GetRasterBand(8).SetColorInterpretation(gdal.GCI_AlphaBand)
    dataset = None
    return path
