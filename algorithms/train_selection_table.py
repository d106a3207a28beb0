"""Train Selection from a table of spectra (a spectral library): the same selection, no image, no polygons."""

import time

from qgis.core import (
    QgsProcessing,
    QgsProcessingException,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterString,
)

from ..i18n import GmmSelect
from ..raster.library import library_identities, read_library
from ..raster.training import TrainingInputs, parse_number_list
from .base import recorded_reading
from .train_selection import TrainSelectionAlgorithm


class TrainSelectionTableAlgorithm(TrainSelectionAlgorithm):
    """`gmmselect:trainselectiontable`: SFS or SFFS band selection from one row per spectrum."""

    SAMPLES_LAYER = TrainSelectionAlgorithm.INPUT
    BANDS = "BANDS"
    GROUP_FIELD = "GROUP_FIELD"
    WAVELENGTHS = "WAVELENGTHS"
    SAMPLE_UNIT = "group"
    GROUPING = "GROUP_FIELD"

    def name(self):
        """Algorithm id (never translated)."""
        return "trainselectiontable"

    def displayName(self):
        """Name in the Toolbox."""
        return GmmSelect.tr("Train Selection from a Table of Spectra")

    def description(self):
        """What the algorithm does."""
        return GmmSelect.tr(
            "Designs a sensor from a spectral library: selects the few bands that separate the materials "
            "best, from a table with one spectrum per row (field or lab spectra; any vector layer or CSV, "
            "no geometry needed), and saves a Gaussian mixture model that uses them. The selection's "
            "parameters and the outputs are those of Train Selection; its groups (GROUP_FIELD; without "
            "it, each spectrum) play the part of Train Selection's polygons: the hold-out and the grouped "
            "folds keep them whole. With few spectra per class, use leave-one-out (FOLDS = 0): it costs "
            "about one fit and equals refitting without each spectrum; the selection's too where a ridge "
            "(TAU > 0) keeps the covariances off the eigenvalue floor, which a class of no more spectra than "
            "bands reaches at TAU 0.")

    def shortDescription(self):
        """What the algorithm does, in one line."""
        return GmmSelect.tr("Selects the bands that separate the materials best from a spectral library "
                            "(one spectrum per row), to design a sensor, and trains a classifier on them.")

    def tagText(self):
        """Train Selection's tags and the spectral library's."""
        return super().tagText() + "," + GmmSelect.tr(
            "spectral library,spectra,field spectra,table,CSV,sensor design,wavelength")

    def addSampleInputs(self):
        """INPUT table, class FIELD, BANDS, GROUP_FIELD and WAVELENGTHS."""
        self.addParameterWithHelp(QgsProcessingParameterFeatureSource(
            self.INPUT, GmmSelect.tr("Spectral library (table)"), [QgsProcessing.TypeVector]),
            GmmSelect.tr("One row per spectrum: a class field and one numeric field per band. Any vector "
                         "layer or table; a CSV needs its column types (a .csvt file beside it, or open "
                         "it as a delimited text layer)."))
        self.addParameterWithHelp(QgsProcessingParameterField(
            self.FIELD, GmmSelect.tr("Class field"), parentLayerParameterName=self.INPUT,
            type=QgsProcessingParameterField.Any),
            GmmSelect.tr("The field holding the class (material) of each spectrum: integer codes (1 to "
                         "4294967295) or names."))
        self.addParameterWithHelp(QgsProcessingParameterField(
            self.BANDS, GmmSelect.tr("Band fields"), parentLayerParameterName=self.INPUT,
            type=QgsProcessingParameterField.Any, allowMultiple=True, optional=True),
            GmmSelect.tr("The numeric fields that are bands, in spectral order (also as one text of "
                         "names separated by commas: the SELECTED_NAMES of another run). Empty: every "
                         "numeric field but the class and group fields."))
        self.addParameterWithHelp(QgsProcessingParameterField(
            self.GROUP_FIELD, GmmSelect.tr("Group field"), parentLayerParameterName=self.INPUT,
            type=QgsProcessingParameterField.Any, optional=True),
            GmmSelect.tr("Optional: spectra with the same value (e.g. one site, one sample, one file) stay "
                         "together in one fold and on one side of the hold-out. Empty: each spectrum alone."))
        self.addParameterWithHelp(QgsProcessingParameterString(
            self.WAVELENGTHS, GmmSelect.tr("Band wavelengths"), optional=True),
            GmmSelect.tr("Optional: one wavelength per band field, separated by commas, in the order of "
                         "BANDS. Empty: read from the field names when each carries a number of at least "
                         "100, in nanometres (wl_450.5, b450, 450; B1, B2... are band numbers)."))

    def bandFields(self, parameters, context, fields):
        """BANDS, where an item that is none of the table's `fields` but a comma-separated list of them is
        that list (Train Selection's SELECTED_NAMES, given to BANDS in a graphical model: QGIS splits at
        ';')."""
        return [part.strip() for name in self.parameterAsFields(parameters, self.BANDS, context)
                for part in (name.split(",") if name not in fields else [name])]

    def addSamplingParameters(self):
        """VALIDATION, a share of the rows (or of the groups) of each class."""
        self.addDouble(self.VALIDATION, GmmSelect.tr("Share of spectra (or groups) held out for validation"),
                       0.3, 0.0, 0.9,
                       GmmSelect.tr("Per class, this share of the rows (of the groups with GROUP_FIELD; "
                                    "rounded; seeded) is held out: never seen by the selection or the "
                                    "assessed fit, it gives an independent accuracy assessment (REFIT then "
                                    "refits the saved model on all rows). 0 = no hold-out: the accuracy "
                                    "outputs are then the cross-validation estimate."))

    def seedHelp(self):
        """SEED's help: a table's run draws no pixels (and has no MAX_SAMPLES)."""
        return GmmSelect.tr("Seed of the run's random draws (the hold-out and the folds): the same seed "
                            "gives the same model.")

    def groupedFolds(self, parameters, context):
        """Folds keep groups together when GROUP_FIELD is given."""
        return bool(self.parameterAsString(parameters, self.GROUP_FIELD, context))

    def readSamples(self, parameters, context, feedback):
        """The spectra of the table and their TrainingInputs (table, fields, wavelengths)."""
        started = time.perf_counter()
        source = self.parameterAsSource(parameters, self.INPUT, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, self.INPUT))
        path, layer, (table, recorded_layer), read_as, shown = self.vectorSource(
            parameters, self.INPUT, context, ["gpkg", "shp", "csv", "geojson", "sqlite"], feedback)
        field = self.parameterAsString(parameters, self.FIELD, context)
        group = self.parameterAsString(parameters, self.GROUP_FIELD, context)
        given = parse_number_list(self.parameterAsString(parameters, self.WAVELENGTHS, context),
                                  self.WAVELENGTHS)
        samples, wavelengths = read_library(
            path, field, bands=self.bandFields(parameters, context, source.fields().names()),
            group_field=group or None, wavelengths=given, layer=layer, log=self.logTo(feedback),
            is_canceled=feedback.isCanceled, shown=shown)
        self.info(feedback, GmmSelect.tr("Read {0} spectra of {1} classes from {3} (bands: {2})").format(
            len(samples.y), len(samples.labels), len(samples.band_names), recorded_layer or table))
        description = {"table": table, "layer": recorded_layer, "field": field, "group_field": group,
                       "algorithm": self.id() or self.name(), **recorded_reading(table=read_as)}
        return samples, TrainingInputs(len(samples.band_names), description, wavelengths,
                                       self.category_colors, time.perf_counter() - started,
                                       library_identities(wavelengths, given))
