"""Stratified random sample for an assessment: Olofsson 2014's sample size, drawn in the map classes."""

from qgis.core import (
    QgsProcessing,
    QgsProcessingOutputNumber,
    QgsProcessingParameterString,
    QgsProcessingParameterVectorDestination,
)

from ..i18n import GmmSelect
from ..raster.assessment import design_sample
from ..raster.training import parse_number_list
from .base import GmmSelectAlgorithm, progress_between


class SampleDesignAlgorithm(GmmSelectAlgorithm):
    """`gmmselect:sampledesign`: distinct random pixel centres per map class, as a point layer."""

    EXPECTED_UA = "EXPECTED_UA"
    TARGET_SE = "TARGET_SE"
    MIN_PER_CLASS = "MIN_PER_CLASS"
    ALLOCATION = "ALLOCATION"
    SEED = "SEED"
    OUTPUT = "OUTPUT"
    N_TOTAL = "N_TOTAL"

    def name(self):
        """Algorithm id (never translated)."""
        return "sampledesign"

    def displayName(self):
        """Name in the Toolbox."""
        return GmmSelect.tr("Stratified random sample for an assessment")

    def description(self):
        """What the algorithm does."""
        return GmmSelect.tr(
            "Draws the reference sample to assess a classification map: a stratified random sample whose "
            "strata are the map classes. The total size is Olofsson et al. (2014) eq. 13, from the class "
            "areas, the expected user's accuracies and the target standard error of overall accuracy. The "
            "points are distinct pixel centres; fill their 'reference' field (by photo-interpretation or "
            "field visits), then run Assess accuracy and area with FIELD = reference.")

    def shortDescription(self):
        """What the algorithm does, in one line."""
        return GmmSelect.tr("Draws the stratified random sample of reference points that assesses a "
                            "classification map, sized by Olofsson et al. (2014).")

    def tagText(self):
        """Sample design's tags."""
        return GmmSelect.tr(
            "accuracy assessment,sampling design,stratified random sampling,sample size,reference data,"
            "validation,ground truth,Olofsson,good practice,classification,land cover")

    def initAlgorithm(self, config=None):
        """Map, the size and allocation parameters, seed; the point layer and its size."""
        self.addClassificationInput()
        self.addParameterWithHelp(QgsProcessingParameterString(
            self.EXPECTED_UA, GmmSelect.tr("Expected user's accuracies"), defaultValue="0.8"),
            GmmSelect.tr("One value for every class, or one per class in the order of the raster's class "
                         "values, comma-separated (e.g. 0.7,0.6,0.9,0.95). Lower values for classes expected "
                         "to be less accurate give them more weight in the sample size."))
        self.addDouble(self.TARGET_SE, GmmSelect.tr("Target standard error of overall accuracy"), 0.01, 0.001,
                       0.5, GmmSelect.tr("The standard error of overall accuracy the sample should achieve "
                                         "(0.01: a 95 % interval of about ± 0.02)."))
        self.addInteger(self.MIN_PER_CLASS, GmmSelect.tr("Minimum samples per class"), 50, 0,
                        GmmSelect.tr("Every class gets at least this many samples (all its pixels if it "
                                     "has fewer), so that rare classes get user's accuracies with usable "
                                     "intervals; and never fewer than 2, the fewest Assess accuracy and "
                                     "area estimates a class's variance from."))
        self.addChoice(self.ALLOCATION, GmmSelect.tr("Allocation"), [
            ("proportional", GmmSelect.tr("the minimum per class, the rest proportional to area")),
            ("equal", GmmSelect.tr("the same number per class"))], "proportional",
            GmmSelect.tr("How the sample is shared among the classes."))
        self.addInteger(self.SEED, GmmSelect.tr("Random seed"), 0, 0,
                        GmmSelect.tr("The same seed draws the same points."), advanced=True)
        self.addParameterWithHelp(QgsProcessingParameterVectorDestination(
            self.OUTPUT, GmmSelect.tr("Sample points"), QgsProcessing.TypeVectorPoint),
            GmmSelect.tr("Point layer (GeoPackage, or GeoJSON for a raster whose CRS has an EPSG code) in "
                         "the raster's CRS with fields map_class, stratum (= map_class), weight (inclusion "
                         "weight: class pixels / class samples), stratum_pixels (the class's pixels, which "
                         "Assess accuracy and area compares with its strata) and an empty reference field "
                         "to fill in."))
        self.addOutput(QgsProcessingOutputNumber(self.N_TOTAL, GmmSelect.tr("Number of sample points")))

    def expectedAccuracies(self, parameters, context):
        """The EXPECTED_UA values as floats."""
        return parse_number_list(self.parameterAsString(parameters, self.EXPECTED_UA, context), "EXPECTED_UA")

    def processAlgorithm(self, parameters, context, feedback):
        """Count the classes, size and allocate the sample, draw and write the points."""
        with self.userErrors():
            output = self.outputPaths(parameters, context)[self.OUTPUT]
            allocation = self.parameterAsChoice(parameters, self.ALLOCATION, context)
            classes = self.rasterSource(parameters, self.INPUT, context, feedback)
            design = design_sample(
                classes.path, output,
                self.expectedAccuracies(parameters, context),
                self.parameterAsDouble(parameters, self.TARGET_SE, context),
                self.parameterAsInt(parameters, self.MIN_PER_CLASS, context), allocation,
                self.parameterAsInt(parameters, self.SEED, context), log=self.logTo(feedback),
                progress=progress_between(feedback, 0, 100, full=100), is_canceled=feedback.isCanceled,
                outputs=self.staging, no_data=classes.no_data.get(1), crs=classes.crs)
            self.commitOutputs(feedback)
        n_total = int(design.counts.sum())
        self.info(feedback, GmmSelect.tr(
            "{0} points written to {1} (Olofsson 2014 eq. 13: {2}; allocation {3})").format(
                n_total, output, design.n_planned, allocation))
        return {self.OUTPUT: output, self.N_TOTAL: n_total}
