"""Assess accuracy and area: good-practice estimates of a classification map from a reference sample."""

from qgis.core import (
    QgsProcessing,
    QgsProcessingOutputNumber,
    QgsProcessingParameterRasterLayer,
)

from ..i18n import GmmSelect
from ..raster.assessment import assess_map
from ..raster.report import assessment_report, percent
from .base import GmmSelectAlgorithm, progress_between, recorded_reading, report_words
from .tables import assessment_csv, error_matrix_csv


class AssessAlgorithm(GmmSelectAlgorithm):
    """`gmmselect:assess`: error matrix in area proportions, accuracies and error-adjusted areas with
    confidence intervals (Olofsson et al. 2014; Stehman 2014 with strata)."""

    REFERENCE = "REFERENCE"
    FIELD = "FIELD"
    STRATA = "STRATA"
    CONFIDENCE = "CONFIDENCE"
    OUTPUT_TABLE = "OUTPUT_TABLE"
    OUTPUT_MATRIX = "OUTPUT_MATRIX"
    OUTPUT_REPORT = "OUTPUT_REPORT"
    OVERALL_ACCURACY = "OVERALL_ACCURACY"
    OVERALL_ACCURACY_CI = "OVERALL_ACCURACY_CI"

    def name(self):
        """Algorithm id (never translated)."""
        return "assess"

    def displayName(self):
        """Name in the Toolbox."""
        return GmmSelect.tr("Assess accuracy and area")

    def description(self):
        """What the algorithm does."""
        return GmmSelect.tr(
            "Estimates the accuracy of a classification map and the area of each class from a stratified "
            "random reference sample, with the good-practice estimators of Olofsson et al. (2014): the error "
            "matrix in estimated area proportions (rows = map class, columns = reference class), user's, "
            "producer's and overall accuracy, and error-adjusted class areas, each with a confidence "
            "interval. Map pixel counts are biased area estimates: report the estimated areas. With "
            "STRATA, the estimators of Stehman (2014) for strata that differ from the map classes. Map "
            "areas are counted block by block (any raster size).")

    def shortDescription(self):
        """What the algorithm does, in one line."""
        return GmmSelect.tr("Estimates a classification map's accuracy and its classes' areas, with "
                            "confidence intervals, from a stratified reference sample (Olofsson et al. "
                            "2014).")

    def tagText(self):
        """Assess's tags."""
        return GmmSelect.tr(
            "accuracy assessment,overall accuracy,user's accuracy,producer's accuracy,area estimation,"
            "error-adjusted area,error matrix,confusion matrix,confidence interval,stratified estimation,"
            "Olofsson,Stehman,validation,ground truth,classification,land cover")

    def initAlgorithm(self, config=None):
        """Map, reference, strata, confidence; three files and the overall accuracy."""
        self.addClassificationInput(GmmSelect.tr(
            "Areas are in the square of the linear unit of its CRS, as QGIS shows it."))
        self.addClassLayer(
            self.REFERENCE, GmmSelect.tr("Reference points or polygons"),
            GmmSelect.tr("The reference sample, drawn at random in each stratum (e.g. by Stratified random "
                         "sample for an assessment): points (the pixel under each), or polygons (every pixel "
                         "centre inside, each taken as a sample; a warning gives overall accuracy's interval "
                         "with the polygons as the units), in any CRS. Every point must lie on a classified "
                         "pixel."),
            [QgsProcessing.TypeVectorPoint, QgsProcessing.TypeVectorPolygon],
            self.FIELD, GmmSelect.tr("Reference class field"),
            GmmSelect.tr("The reference class of each feature: integer codes equal to the raster's values, "
                         "or names equal to its category names (as Predict writes them)."))
        self.addParameterWithHelp(QgsProcessingParameterRasterLayer(
            self.STRATA, GmmSelect.tr("Strata"), optional=True),
            GmmSelect.tr("Optional raster on the map's grid whose integer values are the strata the sample "
                         "was drawn in (Stehman 2014's estimators). Empty: the map classes are the strata; "
                         "for the points of the sample design on a map edited since, the strata they record "
                         "(fields 'stratum' and 'stratum_pixels'). Points in another stratum here than the "
                         "one they were drawn in, and strata of other sizes here than when they were drawn, "
                         "are otherwise named in a warning."))
        self.addDouble(self.CONFIDENCE, GmmSelect.tr("Confidence level"), 0.95, 0.5, 0.999,
                       GmmSelect.tr("Level of the confidence intervals; every _ci output is the half-width "
                                    "of the interval (1.96 standard errors at 0.95)."))
        self.addFileOutput(self.OUTPUT_TABLE, GmmSelect.tr("Accuracy and area per class"),
                           GmmSelect.tr("CSV files (*.csv)"),
                           GmmSelect.tr("CSV, one row per class: class, map_area, map_proportion, "
                                        "sample_count, users_accuracy, users_accuracy_ci, "
                                        "producers_accuracy, producers_accuracy_ci, estimated_area, "
                                        "estimated_area_ci, estimated_proportion."))
        self.addFileOutput(self.OUTPUT_MATRIX, GmmSelect.tr("Error matrix in area proportions"),
                           GmmSelect.tr("CSV files (*.csv)"),
                           GmmSelect.tr("CSV: estimated area proportions, rows = map class, columns = "
                                        "reference class, with totals."), optional=True)
        self.addFileOutput(self.OUTPUT_REPORT, GmmSelect.tr("Report"), GmmSelect.tr("HTML files (*.html)"),
                           GmmSelect.tr("One self-contained HTML page: error matrix, accuracies and areas "
                                        "with their intervals (and hectares when the CRS unit is a length), "
                                        "a chart of map and estimated areas, the sample design."),
                           optional=True)
        self.addOutput(QgsProcessingOutputNumber(self.OVERALL_ACCURACY, GmmSelect.tr("Overall accuracy")))
        self.addOutput(QgsProcessingOutputNumber(
            self.OVERALL_ACCURACY_CI, GmmSelect.tr("Overall accuracy: half-width of the interval")))

    def processAlgorithm(self, parameters, context, feedback):
        """Count the map, read the reference, estimate, write the files."""
        with self.userErrors():
            paths = self.outputPaths(parameters, context)
            classes = self.rasterSource(parameters, self.INPUT, context, feedback)
            strata = self.rasterSource(parameters, self.STRATA, context, feedback, optional=True)
            reference = self.classVector(parameters, self.REFERENCE, self.FIELD, context, feedback,
                                         GmmSelect.tr("reference layer"))
            transformation = self.chosenOperation(parameters, reference, self.REFERENCE, self.INPUT, context,
                                                  feedback)
            assessment = assess_map(
                classes.path, reference.path, reference.field, strata_path=strata.path, layer=reference.layer,
                confidence=self.parameterAsDouble(parameters, self.CONFIDENCE, context),
                log=self.logTo(feedback), progress=progress_between(feedback, 0, 90, full=100),
                is_canceled=feedback.isCanceled, invalid=reference.invalid,
                map_no_data=classes.no_data.get(1), strata_no_data=strata.no_data.get(1), map_crs=classes.crs,
                operation=transformation.operation, shown=reference.shown)
            for warning in assessment.warnings:
                self.warning(feedback, warning)
            title, words = self.displayName(), report_words()
            source = {"invalid_geometries": reference.invalid, **recorded_reading(
                map=classes.read_as, strata=strata.read_as, reference=reference.read_as,
                transformation=transformation.record())}
            for name, text in ((self.OUTPUT_TABLE, assessment_csv), (self.OUTPUT_MATRIX, error_matrix_csv),
                               (self.OUTPUT_REPORT, lambda a: assessment_report(a, title, words, source))):
                if paths[name]:
                    self.staging.write_text(paths[name], text(assessment))
            self.commitOutputs(feedback)
        estimates = assessment.estimates
        half = assessment.z * estimates.overall_se
        feedback.setProgress(100)
        self.info(feedback, GmmSelect.tr("Overall accuracy {0:.4f} ± {1:.4f} ({2} confidence)").format(
            estimates.overall, half, percent(assessment.confidence)))
        return {**paths, self.OVERALL_ACCURACY: estimates.overall, self.OVERALL_ACCURACY_CI: half}
