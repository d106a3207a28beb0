"""Train Selection: band selection (SFS or SFFS), then a Gaussian mixture on the selected bands."""

from ..core import choices
from ..i18n import GmmSelect, translated_choices
from ..raster.training import SELECTION_ALPHAS, SelectionOptions
from .tables import curve_csv
from .training_base import TrainingAlgorithm

#: Decimals the Toolbox's, the batch's and the modeler's widgets keep of TAU (a ridge down to 1e-12).
RIDGE_DECIMALS = 12


class TrainSelectionAlgorithm(TrainingAlgorithm):
    """`gmmselect:trainselection`: SFS or SFFS band selection for the Gaussian mixture."""

    METHOD = "METHOD"
    MAX_FEATURES = "MAX_FEATURES"
    USE_BEST = "USE_BEST"
    MODEL_SEARCH = "MODEL_SEARCH"
    OUTPUT_CURVE = "OUTPUT_CURVE"
    ICON = "trainselection.svg"

    def __init__(self):
        """No model written yet (`processAlgorithm` records it for `postProcessAlgorithm`)."""
        super().__init__()
        self.modelPath = None

    def name(self):
        """Algorithm id (never translated)."""
        return "trainselection"

    def displayName(self):
        """Name in the Toolbox."""
        return GmmSelect.tr("Train Selection")

    def description(self):
        """What the algorithm does."""
        return GmmSelect.tr(
            "Selects the few bands that separate the classes best, by sequential forward selection (SFS) "
            "or sequential floating forward selection (SFFS), and saves a Gaussian mixture model that "
            "uses them, for Predict. The criterion is a separability (Jeffries-Matusita, "
            "Kullback-Leibler: fast, no cross-validation) or a cross-validated accuracy, kappa or F1. "
            "The model's covariances are shrunk and get a ridge as Train GMM's, its alpha and tau searched "
            "on the selected bands (MODEL_SEARCH). The model keeps the best band set of every size, so "
            "Predict can use another size. A share of the polygons of each class can be held out: the "
            "selection never sees them, and they give an independent accuracy assessment; the selection "
            "and the fit then run again on all polygons (REFIT).")

    def shortDescription(self):
        """What the algorithm does, in one line."""
        return GmmSelect.tr("Selects the bands that separate the classes best (SFS or SFFS), then trains a "
                            "Gaussian mixture classifier on them.")

    def tagText(self):
        """The training tags and the band selection's."""
        return super().tagText() + "," + GmmSelect.tr(
            "band selection,feature selection,SFS,SFFS,sequential forward selection,floating search,"
            "Jeffries-Matusita,Kullback-Leibler,separability,dimensionality reduction")

    def addMethodParameters(self):
        """METHOD, CRITERION, MAX_FEATURES, USE_BEST, the ridge and shrinkage used during selection and
        MODEL_SEARCH."""
        self.addChoice(
            self.METHOD, GmmSelect.tr("Selection method"), translated_choices(choices.METHODS), "sffs",
            GmmSelect.tr("SFS adds the best band at each step. SFFS also tries removing bands after each "
                         "addition (Pudil et al. 1994): better sets, a little slower."))
        self.addChoice(
            self.CRITERION, GmmSelect.tr("Selection criterion"), translated_choices(choices.CRITERIA), "jm",
            GmmSelect.tr("jm and kl are computed from the class statistics (fast). accuracy, kappa and f1 "
                         "are means over the cross-validation folds (FOLDS = 0: of the pooled leave-one-out "
                         "predictions)."))
        cap = choices.MAX_FEATURES
        label = GmmSelect.tr("Maximum number of bands (0 = min(bands, {0}))").format(cap)
        self.addInteger(self.MAX_FEATURES, label, 0, 0,
                        GmmSelect.tr("The selection stops at this size. 0: the number of bands, at most "
                                     "{0}.").format(cap))
        self.addBoolean(self.USE_BEST, GmmSelect.tr("Use the best number of bands"), True,
                        GmmSelect.tr("Yes: the model uses the smallest size whose criterion is within 0.1 % "
                                     "of the best. No: it uses the largest set (MAX_FEATURES bands)."))
        self.addDouble(self.TAU, GmmSelect.tr("Ridge tau during selection"), 0.0, 0.0, 1e12,
                       GmmSelect.tr("Ridge of the covariances during the selection (with MODEL_SEARCH no, "
                                    "also in the model): tau I, or tau times each band's pooled variance "
                                    "with RIDGE_SCALE relative. 0: no ridge; the shrinkage alpha and the "
                                    "eigenvalue floor still regularise."),
                       advanced=True, decimals=RIDGE_DECIMALS)
        self.addAlphaParameter(GmmSelect.tr("Shrinkage values alpha to try (empty = the default values)"),
                               GmmSelect.tr(
            "Used during the selection (in every criterion, JM and KL included). Several values (empty: "
            "{alphas}): before the selection, alpha is chosen on the training {groups} by the "
            "cross-validation of Train GMM over all bands (every alpha with the default tau grid, the folds "
            "of FOLDS, {grouped} and REPEATS, Cohen's kappa; ties: the smallest alpha). One value: that "
            "alpha, no search. The model's alpha is searched among the same values (MODEL_SEARCH; empty: 0 "
            "and alpha* estimated on the selected bands).").format(
                alphas=", ".join(f"{alpha:g}" for alpha in SELECTION_ALPHAS), **self.helpWords()))
        self.addBoolean(
            self.MODEL_SEARCH, GmmSelect.tr("Search the model's alpha and tau on the selected bands"), True,
            GmmSelect.tr("Yes (default): after the selection, the (alpha, tau) search of Train GMM runs on "
                         "the selected bands (the ALPHA values, the default tau grid, relative to each "
                         "band's variance unless RIDGE_SCALE is absolute, FOLDS, {grouped}, REPEATS, "
                         "Cohen's kappa) and the model uses its alpha and tau; the report shows that search. "
                         "No: the model uses the selection's alpha and TAU (earlier versions).").format(
                             **self.helpWords()),
            advanced=True)

    def addOutputFiles(self):
        """The selection curve CSV."""
        self.addFileOutput(self.OUTPUT_CURVE, GmmSelect.tr("Selection curve"),
                           GmmSelect.tr("CSV files (*.csv)"),
                           GmmSelect.tr("One row per size: criterion value and the bands of the best set, "
                                        "by number and by name; 'selected' marks the set the model uses."),
                           optional=True)

    def methodOptions(self, parameters, context):
        """The selection options."""
        return {"selection": SelectionOptions(
            method=self.parameterAsChoice(parameters, self.METHOD, context),
            criterion=self.parameterAsChoice(parameters, self.CRITERION, context),
            max_features=self.parameterAsOptionalInt(parameters, self.MAX_FEATURES, context),
            use_best=self.parameterAsBool(parameters, self.USE_BEST, context),
            tau=self.parameterAsDouble(parameters, self.TAU, context),
            model_search=self.parameterAsBool(parameters, self.MODEL_SEARCH, context))}

    def writeOutputFiles(self, result, paths):
        """The curve, when asked for."""
        curve = paths[self.OUTPUT_CURVE]
        if curve:
            self.staging.write_text(curve, curve_csv(result.model))
        return {self.OUTPUT_CURVE: curve}

    def processAlgorithm(self, parameters, context, feedback):
        """Train as TrainingAlgorithm does, and remember the model file for `postProcessAlgorithm`."""
        outputs = super().processAlgorithm(parameters, context, feedback)
        self.modelPath = outputs[self.OUTPUT_MODEL]
        return outputs

    def postProcessAlgorithm(self, context, feedback):
        """Main thread, after the run: hand the new model to the provider's callback (the plugin
        shows its selection curve in the QGIS desktop). Returns no extra results."""
        provider = self.provider()
        if provider is not None and self.modelPath:
            provider.selectionTrained(self.modelPath)
        return {}
