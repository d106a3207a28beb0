"""What a raster holds (size, bands, no-data, georeferencing), read once with GDAL."""

import math
import os
import re
from dataclasses import dataclass
from typing import List, Optional, Tuple

from osgeo import gdal, osr

from ..core.texts import QT_TRANSLATE_NOOP, Text
from .errors import DataError

#: What GDAL's ENVI driver appends to each band name when the header has wavelengths: ' (450.5 Nanometers)'.
ENVI_WAVELENGTH_SUFFIX = re.compile(r"\s*\([-+0-9.eE]+(\s+[^()]*)?\)$")
#: How GDAL's ENVI driver describes a band of a header without band names: '450.5 Nanometers', '450.5'.
ENVI_WAVELENGTH_ALONE = re.compile(r"([-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)(\s+[^\s()0-9]+)?")


@dataclass(frozen=True)
class BandIdentity:
    """What tells a raster band from another: its 1-based number, its GDAL description (None when it
    has none), its centre wavelength and the wavelength's unit (None when unknown), and what its stored
    values mean, where it declares it: value = stored * scale + offset (GDAL's band scale and offset, the
    one not set 1 or 0; both None where the band declares neither, or the model did not record them). A
    scale of 1 with an offset of 0 declares nothing either: GDAL reports them for a band of a VRT, or of a
    file whose .aux.xml holds anything of it (its statistics, which QGIS writes), that declares nothing. A
    model's band also has its `label`, the name the model gives it (its feature name: a table's column),
    which a band map may use."""

    number: int
    name: Optional[str] = None
    wavelength: Optional[float] = None
    unit: Optional[str] = None
    scale: Optional[float] = None
    offset: Optional[float] = None
    label: Optional[str] = None

    def __post_init__(self):
        if (self.scale, self.offset) == (1.0, 0.0):
            object.__setattr__(self, "scale", None)
            object.__setattr__(self, "offset", None)


@dataclass
class RasterInfo:
    """Size, bands and georeferencing of a raster, as GDAL reports them."""

    path: str
    width: int
    height: int
    n_bands: int
    geotransform: Optional[Tuple[float, ...]]
    crs_wkt: str
    band_names: List[str]
    nodata: Optional[List[Optional[float]]]
    data_types: List[str]
    block_size: Tuple[int, int]
    wavelengths: Optional[List[Optional[float]]]
    identities: List[BandIdentity]
    alpha_band: Optional[int] = None


def unreadable(path, reason):
    """The DataError of a raster GDAL cannot open, for `reason` (GDAL's message)."""
    return DataError(QT_TRANSLATE_NOOP(
        "GmmSelect", "GDAL cannot read raster {path!r}: {reason}; check that it is a raster in a format GDAL "
        "reads"), path=path, reason=reason)


#: A driver's prefix before a dataset name: a subdataset ('GPKG:/data/x.gpkg:table', 'NETCDF:"x.nc":var',
#: 'SENTINEL2_L2A:.../MTD_MSIL2A.xml:10m:EPSG_32633') or a connection ('PG:dbname=...'); two letters or more,
#: where a Windows drive has one.
DRIVER_PREFIX = re.compile(r"^[A-Za-z][A-Za-z0-9_]+:")


#: What QGIS writes between a GDAL layer's name and each of its open options.
OPEN_OPTION = "|option:"


def is_gdal_name(path):
    """True for a name GDAL and OGR resolve themselves: a /vsi path, a URL or a driver-prefixed name."""
    return bool(path.startswith("/vsi") or "://" in path or DRIVER_PREFIX.match(path))


def is_missing_file(path):
    """True where `path` names a file that does not exist (not a GDAL name)."""
    return not (os.path.exists(path) or is_gdal_name(path))


def permission_denied(path):
    """True where `path` names a file (not a GDAL name) that the system refuses this process: a folder on
    its way it may not open, or a file it may not read (os.access: the real user's permissions, ACLs
    included; root may read anything). GDAL says nothing of it (its 'unknown format' without exceptions)."""
    if is_gdal_name(path):
        return False
    try:
        os.stat(path)
    except PermissionError:
        return True
    except OSError:
        return False
    return os.path.isfile(path) and not os.access(path, os.R_OK)


def check_permission(name, kind="raster"):
    """DataError where the system refuses this process the file `name` (permission_denied) of a raster or a
    vector (`kind`) that GDAL or OGR could not open (they say nothing of why, or 'unknown format')."""
    if not permission_denied(name):
        return
    if kind == "raster":
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "raster {path!r} cannot be read (permission denied): the user this runs as may not "
            "read it, or not open a folder on its way; give that user the permission (on a Dask worker, the "
            "user the worker runs as), or copy the raster where it may read it"), path=name)
    raise DataError(QT_TRANSLATE_NOOP(
        "GmmSelect", "file {path!r} cannot be read (permission denied): the user this runs as may not read "
        "it, or not open a folder on its way; give that user the permission (on a Dask worker, the user the "
        "worker runs as), or copy the file where it may read it"), path=name)


def absolute_name(path):
    """`path` with a file's name made absolute (for workers that run in other folders); a GDAL name as it is,
    and the open options QGIS writes after either kept."""
    name, options = split_open_options(path)
    return path if is_gdal_name(name) else OPEN_OPTION.join([os.path.abspath(name), *options])


def split_open_options(path):
    """(GDAL name, open options) of a raster or vector named as QGIS names a layer opened with options
    ('scene.tif|option:NUM_THREADS=2|option:...'; a name without them has none)."""
    name, *options = path.split(OPEN_OPTION)
    return name, options


def open_raster(path):
    """The GDAL dataset of `path` (with the open options QGIS writes after it), or a DataError that says why
    it cannot be read."""
    name, options = split_open_options(path)
    if is_missing_file(name):
        check_permission(name)
        raise DataError(QT_TRANSLATE_NOOP("GmmSelect", "raster {path!r} does not exist; check the path"),
                        path=name)
    try:
        dataset = gdal.OpenEx(name, gdal.OF_RASTER, open_options=options)
    except RuntimeError as error:
        check_permission(name)
        raise unreadable(path, str(error)) from error
    if dataset is None:
        check_permission(name)
        raise unreadable(path, gdal.GetLastErrorMsg()
                         or Text(QT_TRANSLATE_NOOP("GmmSelect", "unknown format")))
    if dataset.RasterCount == 0:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "{path!r} holds no raster band (is it a vector or a container of subdatasets?)"),
            path=path)
    return dataset


def geotransform_of(dataset):
    """The geotransform of `dataset`, or None when it has none (GDAL's default identity)."""
    return dataset.GetGeoTransform(can_return_null=True)


def spatial_reference(wkt):
    """The osr.SpatialReference of `wkt` in x/y (easting, northing) axis order, or None for '' and for the
    local CRS 'Arbitrary' that GDAL reads from a file declaring none (ENVI's map info {Arbitrary, ...})."""
    if not wkt:
        return None
    reference = osr.SpatialReference()
    reference.ImportFromWkt(wkt)
    if reference.IsLocal() and not reference.GetAuthorityCode(None) and reference.GetName() == "Arbitrary":
        return None
    reference.SetAxisMappingStrategy(osr.OAMS_TRADITIONAL_GIS_ORDER)
    return reference


def crs_name(reference):
    """A short name of a CRS: 'EPSG:32622' when it has an authority code, else its name ('no CRS' for
    None)."""
    if reference is None:
        return Text(QT_TRANSLATE_NOOP("GmmSelect", "no CRS"))
    code = reference.GetAuthorityCode(None)
    return f"{reference.GetAuthorityName(None)}:{code}" if code else reference.GetName()


def band_name(dataset, number):
    """The name of band `number` of `dataset`: its description, else GDAL's default 'Band n' (also
    with `dataset` None)."""
    description = dataset.GetRasterBand(number).GetDescription() if dataset is not None else ""
    return description or f"Band {number}"


def alpha_band(dataset):
    """The number of the alpha band of `dataset`, which masks its other bands and holds no data: its last band
    where GDAL calls it alpha (colour interpretation; gdalwarp -dstalpha, gdalbuildvrt -addalpha and an RGBA
    GeoTIFF put it there, and GDAL masks 2 or 4 bands by it there only) and there are others; else None."""
    count = dataset.RasterCount
    if count > 1 and dataset.GetRasterBand(count).GetColorInterpretation() == gdal.GCI_AlphaBand:
        return count
    return None


def band_wavelengths(dataset):
    """Band centre wavelengths from band metadata (wavelength: ENVI, GDAL's Sentinel-2 driver...; IMAGERY)
    or the ENVI header, else None; the alpha band's None where it declares none (the others' are known)."""
    values = []
    for number in range(1, dataset.RasterCount + 1):
        band = dataset.GetRasterBand(number)
        value = (band.GetMetadataItem("wavelength")
                 or band.GetMetadataItem("CENTRAL_WAVELENGTH_UM", "IMAGERY"))
        values.append(value)
    alpha = alpha_band(dataset)
    if any(value is None for number, value in enumerate(values, 1) if number != alpha):
        header = dataset.GetMetadataItem("wavelength", "ENVI")
        values = re.findall(r"[-+0-9.eE]+", header) if header else []
    if len(values) != dataset.RasterCount:
        return None
    try:
        return [None if value is None else float(value) for value in values]
    except ValueError:
        return None


def wavelength_units(dataset):
    """The unit of each band's wavelength ('nm', 'Micrometers'...: the band's wavelength_units (ENVI) or
    WAVELENGTH_UNIT (GDAL's Sentinel-2, ISIS3 and PDS4 drivers), the ENVI header's, 'um' for the IMAGERY
    domain's CENTRAL_WAVELENGTH_UM), None where unknown."""
    header = dataset.GetMetadataItem("wavelength_units", "ENVI")
    units = []
    for number in range(1, dataset.RasterCount + 1):
        band = dataset.GetRasterBand(number)
        if band.GetMetadataItem("wavelength") is not None:
            units.append(band.GetMetadataItem("wavelength_units") or band.GetMetadataItem("wavelength_unit")
                         or header)
        elif band.GetMetadataItem("CENTRAL_WAVELENGTH_UM", "IMAGERY") is not None:
            units.append("um")
        else:
            units.append(header)
    return units


def own_name(description, number, wavelength=None):
    """The name of band `number` given by its `description`, without the wavelength GDAL's ENVI driver
    appends; None when there is none, it is GDAL's default 'Band n' or the band's `wavelength` alone (with
    its unit: how the ENVI driver describes a band the header does not name)."""
    name = ENVI_WAVELENGTH_SUFFIX.sub("", description or "").strip()
    alone = ENVI_WAVELENGTH_ALONE.fullmatch(name)
    if alone and wavelength is not None and math.isclose(float(alone.group(1)), wavelength, rel_tol=1e-6):
        return None
    return None if not name or name == f"Band {number}" else name


def band_identities(dataset):
    """The BandIdentity of every band of `dataset`."""
    wavelengths = band_wavelengths(dataset) or [None] * dataset.RasterCount
    bands = [dataset.GetRasterBand(number) for number in range(1, dataset.RasterCount + 1)]
    described = zip(bands, wavelengths, wavelength_units(dataset))
    return [BandIdentity(number, own_name(band.GetDescription(), number, wavelength), wavelength,
                         unit if wavelength is not None else None, *stored_meaning(band))
            for number, (band, wavelength, unit) in enumerate(described, 1)]


def stored_meaning(band):
    """(scale, offset) of a GDAL band that declares either (the other 1 or 0), else (None, None)."""
    scale, offset = band.GetScale(), band.GetOffset()
    if scale is None and offset is None:
        return None, None
    return (1.0 if scale is None else float(scale)), (0.0 if offset is None else float(offset))


def raster_info(path):
    """The RasterInfo of the raster at `path` (DataError if GDAL cannot read it)."""
    dataset = open_raster(path)
    bands = [dataset.GetRasterBand(number) for number in range(1, dataset.RasterCount + 1)]
    nodata = [band.GetNoDataValue() for band in bands]
    return RasterInfo(
        path=path,
        width=dataset.RasterXSize,
        height=dataset.RasterYSize,
        n_bands=dataset.RasterCount,
        geotransform=geotransform_of(dataset),
        crs_wkt=dataset.GetProjection() or "",
        band_names=[band_name(dataset, number) for number in range(1, dataset.RasterCount + 1)],
        nodata=None if all(value is None for value in nodata) else nodata,
        data_types=[gdal.GetDataTypeName(band.DataType) for band in bands],
        block_size=tuple(bands[0].GetBlockSize()),
        wavelengths=band_wavelengths(dataset),
        identities=band_identities(dataset),
        alpha_band=alpha_band(dataset),
    )
