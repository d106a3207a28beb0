"""Base of Train GMM and Train Selection: the shared inputs, outputs and run; subclasses add their method.

A subclass declares its method parameters (`addMethodParameters`) and turns them into
`training.TrainingOptions` (`methodOptions`); sampling, the workflow and the outputs are here.
"""

import time

from qgis.core import (
    QgsCategorizedSymbolRenderer,
    QgsProcessing,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingParameterString,
)

from ..core import save_model
from ..core.choices import RIDGE_SCALES
from ..i18n import GmmSelect, translated, translated_choices
from ..raster import extract_samples, raster_info
from ..raster.notices import sample_words, unit_of
from ..raster.report import report_html
from ..raster.training import (
    HELD_OUT,
    LOO_POLYGON_LIMIT,
    TrainingInputs,
    TrainingOptions,
    parse_alpha_list,
    train,
)
from .base import GmmSelectAlgorithm, progress_between, recorded_reading, report_words
from .tables import confusion_csv


class TrainingAlgorithm(GmmSelectAlgorithm):
    """Train a GaussianMixture from training polygons or points and save it as a .gmm model file."""

    TRAINING = "TRAINING"
    #: The layer whose FIELD holds the classes (and whose categorized style gives their colours).
    SAMPLES_LAYER = TRAINING
    FIELD = "FIELD"
    CRITERION = "CRITERION"
    TAU = "TAU"
    ALPHA = "ALPHA"
    RIDGE_SCALE = "RIDGE_SCALE"
    REFIT = "REFIT"
    FOLDS = "FOLDS"
    LOO_FEW_POLYGONS = "LOO_FEW_POLYGONS"
    #: What groups the samples (notices.unit_of) and the parameter that keeps them whole in the folds.
    SAMPLE_UNIT = "polygon"
    GROUPING = "GROUPED"
    REPEATS = "REPEATS"
    GROUPED = "GROUPED"
    VALIDATION = "VALIDATION"
    MAX_SAMPLES = "MAX_SAMPLES"
    SEED = "SEED"
    OUTPUT_MODEL = "OUTPUT_MODEL"
    OUTPUT_REPORT = "OUTPUT_REPORT"
    OUTPUT_MATRIX = "OUTPUT_MATRIX"
    KAPPA = "KAPPA"
    OVERALL_ACCURACY = "OVERALL_ACCURACY"
    ASSESSMENT = "ASSESSMENT"
    SELECTED_BANDS = "SELECTED_BANDS"
    SELECTED_NAMES = "SELECTED_NAMES"
    N_SELECTED = "N_SELECTED"

    def __init__(self):
        """The class colours of the training layer's style are read in `prepareAlgorithm`."""
        super().__init__()
        self.category_colors = {}

    def tagText(self):
        """The tags of the training algorithms."""
        return GmmSelect.tr(
            "supervised classification,classify,classifier,training,machine learning,Gaussian mixture model,"
            "maximum likelihood,quadratic discriminant analysis,QDA,regularized discriminant analysis,"
            "shrinkage,covariance,cross-validation,kappa,accuracy,hyperspectral,multispectral,remote "
            "sensing,land cover")

    def initAlgorithm(self, config=None):
        """Inputs, the subclass's method parameters, folds, sampling and validation, outputs."""
        self.addSampleInputs()
        self.addMethodParameters()
        self.addChoice(self.RIDGE_SCALE, GmmSelect.tr("Scale of the ridge tau"),
                       translated_choices(RIDGE_SCALES), "auto", GmmSelect.tr(
                           "relative: the ridge is tau times each band's pooled within-class variance, "
                           "(1 - alpha) S_c + alpha S_pooled + tau diag(S_pooled): the same fraction of "
                           "every band's variance, whatever its units (as if every band were standardised). "
                           "absolute: tau I, in squared band units (the ridge of earlier versions). auto "
                           "(default): relative when tau is searched on the default grid (TAU empty in Train "
                           "GMM), absolute for given TAU values (always in Train Selection, whose alpha "
                           "search then runs in the same units), so a TAU given before keeps its meaning; "
                           "choose relative to give a relative tau (e.g. one read in a report)."),
                       advanced=True)
        words = self.helpWords()
        self.addInteger(self.FOLDS, GmmSelect.tr("Cross-validation folds (0 = leave-one-out)"), 5, 0,
                        GmmSelect.tr("Number of folds (at least 2) of the cross-validation behind the tau "
                                     "search, the CV criteria and the CV accuracy estimate. 0 = "
                                     "leave-one-out: each sample is predicted by the model without it, "
                                     "computed exactly from the full model at the cost of one fit; with "
                                     "folds by {group}, each {group} by the model without it (one fit per "
                                     "{group}); accuracy, kappa and F1 are then those of the pooled "
                                     "confusion matrix of all predictions. Leave-one-out suits spectral "
                                     "libraries, small classes and training sets of few {groups} (tens), "
                                     "where leaving one {group} out chooses alpha and tau better than 5 "
                                     "folds (README: accuracy versus peers); its cost grows with the number "
                                     "of {groups}. With grouped folds and up to {limit} {groups}, "
                                     "LOO_FEW_POLYGONS (default) leaves one {group} out whatever "
                                     "FOLDS.").format(limit=LOO_POLYGON_LIMIT, **words),
                        maximum=50, advanced=True)
        self.addBoolean(self.LOO_FEW_POLYGONS,
                        GmmSelect.tr("Leave one {group} out when the {groups} are few").format(**words), True,
                        GmmSelect.tr("Yes (default): with grouped folds and at most {limit} {groups}, the "
                                     "cross-validation leaves one {group} out instead of FOLDS folds (as "
                                     "FOLDS = 0), on the training {groups} and again on all {groups} for "
                                     "the refit; the log says so. Each fold then trains on all {groups} "
                                     "but one, nearer the final model than folds that each take a fifth of "
                                     "a few {groups} away; on the data measured (3 to 17 {groups} per "
                                     "class) it did better than 5 folds or within the noise of the measure "
                                     "(README: accuracy versus peers), at up to 4 times the cost. No: "
                                     "FOLDS folds whatever the {groups}.").format(limit=LOO_POLYGON_LIMIT,
                                                                                  **words),
                        advanced=True)
        self.addInteger(self.REPEATS, GmmSelect.tr("Repetitions of the cross-validation of the (alpha, tau) "
                                                   "search"), TrainingOptions.repeats, 1,
                        GmmSelect.tr("The (alpha, tau) search averages its criterion over the folds of "
                                     "this many random assignments of the {groups} (or {pixels}) to FOLDS "
                                     "folds: its choice then depends less on the draw of the folds (the "
                                     "SEED), at this many times its cost (README: accuracy versus peers). "
                                     "1 = one assignment, the fastest. Leave-one-out (FOLDS = 0) has "
                                     "one.").format(**words),
                        maximum=20, advanced=True)
        self.addSamplingParameters()
        self.addRefitParameter()
        self.addInteger(self.SEED, GmmSelect.tr("Random seed"), 0, 0, self.seedHelp(), advanced=True)
        self.addOutputs()

    def seedHelp(self):
        """SEED's help: what the run draws at random."""
        return GmmSelect.tr("Seed of the run's random draws (the hold-out, the folds and, where pixels are "
                            "drawn per class, those pixels): the same seed gives the same model.")

    def helpWords(self):
        """The words of the help for what groups the samples (notices.sample_words of SAMPLE_UNIT) and
        {grouped}, the parameter that groups them."""
        words = {kind: translated(word) for kind, word in sample_words(self.SAMPLE_UNIT).items()}
        return {**words, "grouped": self.GROUPING}

    def addSampleInputs(self):
        """INPUT raster, TRAINING polygons or points and their class FIELD."""
        self.addRasterInput(GmmSelect.tr("The image to learn from: any number of bands, any data type. "
                                         "No-data pixels (in any band: its file's no-data values, or those "
                                         "set on the layer in QGIS) are not sampled."))
        self.addClassLayer(
            self.TRAINING, GmmSelect.tr("Training polygons or points"),
            GmmSelect.tr("Polygons (every pixel whose centre falls inside is sampled) or points (the "
                         "pixel under each point), in any CRS. With 'Selected features only', only those "
                         "are used."),
            [QgsProcessing.TypeVectorPolygon, QgsProcessing.TypeVectorPoint],
            self.FIELD, GmmSelect.tr("Class field"),
            GmmSelect.tr("The field holding the class of each polygon: integer codes (1 to 4294967295) or "
                         "names (text). Names become the category names of the classification."))

    def addSamplingParameters(self):
        """GROUPED folds, the VALIDATION share of polygons, MAX_SAMPLES per class."""
        self.addBoolean(self.GROUPED, GmmSelect.tr("Folds by polygon"), True,
                        GmmSelect.tr("Keep all pixels of a polygon in the same fold. Pixels of one field "
                                     "are near-duplicates: splitting them inflates every accuracy."),
                        advanced=True)
        self.addDouble(self.VALIDATION, GmmSelect.tr("Share of polygons held out for validation"),
                       0.3, 0.0, 0.9,
                       GmmSelect.tr("Per class, this share of the polygons (rounded; seeded) is held out: "
                                    "never seen by the (alpha, tau) search, the selection or the assessed "
                                    "fit, it gives an independent accuracy assessment (REFIT then refits the "
                                    "saved model on all polygons). 0 = no hold-out: the accuracy outputs are "
                                    "then the cross-validation estimate."))
        self.addInteger(self.MAX_SAMPLES, GmmSelect.tr("Maximum samples per class (0 = all)"), 0, 0,
                        GmmSelect.tr("Draw at most this many pixels per class (seeded), to bound memory and "
                                     "time on large training sets. 0 keeps every pixel."), advanced=True)

    def addRefitParameter(self):
        """REFIT: the final model on all polygons after the held-out assessment."""
        words = self.helpWords()
        self.addBoolean(self.REFIT, GmmSelect.tr("Refit the final model on all {groups}").format(**words),
                        True,
                        GmmSelect.tr("Yes (default): once the held-out {groups} have assessed the model "
                                     "trained without them, the (alpha, tau) search or the band selection "
                                     "and the fit run again on all {groups}, so no training {group} is "
                                     "wasted (the held-out figures assess that procedure on fewer {groups}; "
                                     "the saved bands, alpha and tau may differ from the assessed ones). No: "
                                     "the saved model is the one assessed.").format(**words), advanced=True)

    def addAlphaParameter(self, label, help_text):
        """ALPHA: the shrinkage values toward the pooled covariance (a list); `label` and `help_text` say what
        the algorithm searches when it is empty."""
        self.addParameterWithHelp(QgsProcessingParameterString(self.ALPHA, label, optional=True),
                                  GmmSelect.tr(
            "Each class covariance is shrunk toward the pooled covariance of all classes: "
            "(1 - alpha) S_c + alpha S_pooled plus the ridge tau (see RIDGE_SCALE; regularised discriminant "
            "analysis, Friedman 1989); "
            "alpha = 0: one covariance per class (quadratic), alpha = 1: one shared covariance (linear "
            "discriminant). Numbers in [0, 1] separated by commas. alpha* is the shrinkage intensity "
            "estimated from how much each class's covariance varies from one training {group} to another "
            "(Schaefer & Strimmer 2005, a jackknife over the {groups}; over the samples when the folds do "
            "not keep {groups} whole): few or dissimilar {groups} per class give a large alpha*; alpha* = 1 "
            "is searched alone. ").format(**self.helpWords()) + help_text)

    def addOutputs(self):
        """The model file, the subclass's files, report, matrix and the figures."""
        self.addFileOutput(self.OUTPUT_MODEL, GmmSelect.tr("Model file"),
                           GmmSelect.tr("GMM Select model (*.gmm)"),
                           GmmSelect.tr("The trained model for Predict (.gmm: NumPy arrays and a JSON "
                                        "header, never pickled)."))
        self.addOutputFiles()
        self.addFileOutput(self.OUTPUT_REPORT, GmmSelect.tr("Report"), GmmSelect.tr("HTML files (*.html)"),
                           GmmSelect.tr("One self-contained HTML page (charts inline, no internet): "
                                        "parameters, samples per class, class spectra, the selection curve "
                                        "(with a band selection), bands used, alpha "
                                        "and tau with the cross-validation curve and surface of their "
                                        "search, confusion matrices with class names, producer's and user's "
                                        "accuracy, F1, overall accuracy and kappa with how they were "
                                        "measured, timings."),
                           optional=True)
        self.addFileOutput(self.OUTPUT_MATRIX, GmmSelect.tr("Confusion matrix"),
                           GmmSelect.tr("CSV files (*.csv)"),
                           GmmSelect.tr("Confusion matrix as CSV (rows = reference): on the held-out "
                                        "{groups} where VALIDATION holds some out (the ASSESSMENT output "
                                        "says so), else pooled over the CV folds.").format(
                                            **self.helpWords()),
                           optional=True)
        for name, description in ((self.KAPPA, GmmSelect.tr("Kappa")),
                                  (self.OVERALL_ACCURACY, GmmSelect.tr("Overall accuracy")),
                                  (self.TAU, GmmSelect.tr("Ridge tau of the model")),
                                  (self.N_SELECTED, GmmSelect.tr("Number of bands used"))):
            self.addOutput(QgsProcessingOutputNumber(name, description))
        self.addOutput(QgsProcessingOutputNumber(self.ALPHA, GmmSelect.tr("Shrinkage alpha of the model")))
        self.addOutput(QgsProcessingOutputString(
            self.RIDGE_SCALE, GmmSelect.tr("Scale of the model's tau (relative or absolute)")))
        for name, description in ((self.ASSESSMENT, GmmSelect.tr("Source of the accuracy figures")),
                                  (self.SELECTED_BANDS, GmmSelect.tr("Bands used (numbers)")),
                                  (self.SELECTED_NAMES, GmmSelect.tr("Bands used (names)"))):
            self.addOutput(QgsProcessingOutputString(name, description))

    def addMethodParameters(self):
        """The subclass's own parameters (tau search or selection)."""
        raise NotImplementedError

    def addOutputFiles(self):
        """Extra file outputs of a subclass (none by default)."""

    def methodOptions(self, parameters, context):
        """The subclass's parameters as keyword arguments of TrainingOptions."""
        raise NotImplementedError

    def groupedFolds(self, parameters, context):
        """Whether folds keep groups (polygons) together: GROUPED."""
        return self.parameterAsBool(parameters, self.GROUPED, context)

    def writeOutputFiles(self, result, paths):
        """Stage the subclass's extra files at `paths`; return their entries of the results."""
        return {}

    def prepareAlgorithm(self, parameters, context, feedback):
        """Main thread: read the class colours of the training layer's style before the run."""
        self.category_colors = self.categoryColors(parameters, context)
        if self.category_colors:
            self.info(feedback, GmmSelect.tr("Class colours: the training layer's categorized style ({0} "
                                           "categories)").format(len(self.category_colors)))
        else:
            self.info(feedback, GmmSelect.tr("Class colours: from the class names where they name a land "
                                           "cover (water, forest, eau, forêt...), else a palette for "
                                           "colour-blind eyes (the training layer has no categorized style "
                                           "on the class field)"))
        return True

    def categoryColors(self, parameters, context):
        """{category value: '#rrggbb'} of the training layer's categorized style on the class field, or {}."""
        layer = self.sourceLayer(parameters, self.SAMPLES_LAYER, context)
        renderer = layer.renderer() if layer is not None else None
        field = self.parameterAsString(parameters, self.FIELD, context)
        if not isinstance(renderer, QgsCategorizedSymbolRenderer) or \
                renderer.classAttribute().strip('"').lower() != field.lower():
            return {}
        return {value: category.symbol().color().name() for category in renderer.categories()
                if category.symbol() is not None for value in category_values(category)}

    def processAlgorithm(self, parameters, context, feedback):
        """Sample, run the training workflow, write the model and the reports together."""
        started = time.perf_counter()
        self.logBlas(feedback)
        with self.userErrors():
            paths = self.outputPaths(parameters, context)
            options = TrainingOptions(
                folds=self.parameterAsInt(parameters, self.FOLDS, context),
                loo_few_polygons=self.parameterAsBool(parameters, self.LOO_FEW_POLYGONS, context),
                repeats=self.parameterAsInt(parameters, self.REPEATS, context),
                grouped=self.groupedFolds(parameters, context),
                validation=self.parameterAsDouble(parameters, self.VALIDATION, context),
                seed=self.parameterAsInt(parameters, self.SEED, context),
                alpha_grid=parse_alpha_list(self.parameterAsString(parameters, self.ALPHA, context)),
                ridge_scale=self.parameterAsChoice(parameters, self.RIDGE_SCALE, context),
                refit=self.parameterAsBool(parameters, self.REFIT, context),
                **self.methodOptions(parameters, context))
            samples, inputs = self.readSamples(parameters, context, feedback)
            result = train(samples, options, inputs, log=self.logTo(feedback),
                           progress=progress_between(feedback, 20, 95), is_canceled=feedback.isCanceled)
            outputs = self.writeOutputs(result, paths)
            self.commitOutputs(feedback)
        feedback.setProgress(100)
        how = report_words().grouped_by(unit_of(inputs.source))(
            "how held out" if outputs[self.ASSESSMENT] == HELD_OUT else "how cv")
        self.info(feedback, GmmSelect.tr("KAPPA = {0:.4f} and OVERALL_ACCURACY = {1:.4f} are {2}").format(
            outputs[self.KAPPA], outputs[self.OVERALL_ACCURACY], how))
        self.info(feedback, GmmSelect.tr("Model written to {0} ({1:.2f} s in all)").format(
            outputs[self.OUTPUT_MODEL], time.perf_counter() - started))
        return outputs

    def readSamples(self, parameters, context, feedback):
        """The training samples and their TrainingInputs (source, bands, wavelengths, class colours)."""
        started = time.perf_counter()
        image = self.rasterSource(parameters, self.INPUT, context, feedback)
        raster_path = image.path
        polygons = self.classVector(parameters, self.TRAINING, self.FIELD, context, feedback,
                                    GmmSelect.tr("training layer"))
        field, (training, layer) = polygons.field, polygons.recorded
        raster = raster_info(raster_path)
        n_bands = raster.n_bands - (raster.alpha_band is not None)  # the alpha band masks the others
        self.info(feedback, GmmSelect.tr("Sampling the bands of {1} ({0}) under '{2}' (field '{3}')").format(
            n_bands, raster_path, layer or training, field))
        max_samples = self.parameterAsInt(parameters, self.MAX_SAMPLES, context)
        transformation = self.chosenOperation(parameters, polygons, self.TRAINING, self.INPUT, context,
                                              feedback)
        samples = extract_samples(
            raster_path, polygons.path, field, layer=polygons.layer,
            max_samples_per_class=max_samples,
            seed=self.parameterAsInt(parameters, self.SEED, context), log=self.logTo(feedback),
            progress=progress_between(feedback, 0, 20, full=100), is_canceled=feedback.isCanceled,
            no_data=image.no_data, invalid=polygons.invalid, raster_crs=image.crs,
            operation=transformation.operation, shown=polygons.shown)
        description = {"raster": raster_path, "training": training, "layer": layer, "field": field,
                       "max_samples_per_class": max_samples, "algorithm": self.id() or self.name(),
                       "invalid_geometries": polygons.invalid,
                       **recorded_reading(raster=image.read_as, training=polygons.read_as,
                                          transformation=transformation.record())}
        return samples, TrainingInputs(n_bands, description, raster.wavelengths, self.category_colors,
                                       time.perf_counter() - started, raster.identities)

    def writeOutputs(self, result, paths):
        """Stage the model file and the optional files; return the results."""
        model_path = paths[self.OUTPUT_MODEL]
        with self.staging.writing(model_path) as temporary:
            save_model(temporary, result.model)
        outputs = {self.OUTPUT_MODEL: model_path}
        outputs.update(self.writeOutputFiles(result, paths))
        report = paths[self.OUTPUT_REPORT]
        if report:
            self.staging.write_text(report, report_html(result.model, self.displayName(), model_path,
                                                        report_words()))
        matrix = paths[self.OUTPUT_MATRIX]
        if matrix:
            self.staging.write_text(matrix, confusion_csv(result.assessment,
                                                          result.model.mixture.class_names_))
        outputs.update({
            self.OUTPUT_REPORT: report, self.OUTPUT_MATRIX: matrix,
            self.KAPPA: result.assessment.kappa, self.OVERALL_ACCURACY: result.assessment.overall_accuracy,
            self.ASSESSMENT: result.assessment.source, self.TAU: float(result.model.mixture.tau_),
            self.ALPHA: float(result.model.mixture.alpha_),
            self.RIDGE_SCALE: "absolute" if result.model.mixture.ridge_scale_ is None else "relative",
            self.SELECTED_BANDS: ",".join(str(band) for band in result.selected_bands),
            self.SELECTED_NAMES: ",".join(result.selected_names),
            self.N_SELECTED: len(result.selected_features)})
        return outputs


def category_values(category):
    """The values a renderer category stands for (a merged category holds a list), without NULL and ''."""
    value = category.value()
    values = value if isinstance(value, list) else [value]
    return [v for v in values if isinstance(v, (int, float, str)) and v != ""]

