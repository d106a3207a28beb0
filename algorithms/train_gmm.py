"""Train GMM: a Gaussian mixture on all bands, its shrinkage alpha and ridge tau chosen by
cross-validation."""

from qgis.core import QgsProcessingParameterString

from ..core.choices import TAU_CRITERIA
from ..i18n import GmmSelect, translated_choices
from ..raster.training import parse_tau_list
from .training_base import TrainingAlgorithm


class TrainGmmAlgorithm(TrainingAlgorithm):
    """`gmmselect:traingmm`: one Gaussian per class over all bands, (alpha, tau) by k-fold CV."""

    ICON = "traingmm.svg"

    def name(self):
        """Algorithm id (never translated)."""
        return "traingmm"

    def displayName(self):
        """Name in the Toolbox."""
        return GmmSelect.tr("Train GMM")

    def description(self):
        """What the algorithm does."""
        return GmmSelect.tr(
            "Learns one Gaussian per class (mean and covariance of its training pixels) from polygons or "
            "points over a raster, on all bands, and saves the model for Predict. Pixels are "
            "classified by the maximum a posteriori rule. Each covariance is shrunk toward the pooled "
            "covariance and gets a ridge, (1 - alpha) S_c + alpha S_pooled + tau R, alpha and tau chosen "
            "together on a grid by k-fold cross-validation (by polygon); R is the diagonal of S_pooled, "
            "so tau is the same fraction of every band's variance (RIDGE_SCALE). A share of the polygons "
            "of each class can be held out for an independent accuracy assessment; the final model is "
            "then refitted on all polygons (REFIT).")

    def shortDescription(self):
        """What the algorithm does, in one line."""
        return GmmSelect.tr("Trains a Gaussian mixture classifier (one Gaussian per class) on all bands, its "
                            "shrinkage alpha and ridge tau chosen by cross-validation.")

    def tagText(self):
        """The training tags and the (alpha, tau) search's."""
        return super().tagText() + "," + GmmSelect.tr("all bands,ridge,regularization,grid search")

    def addMethodParameters(self):
        """TAU and ALPHA (lists) and the criterion of the (alpha, tau) search."""
        self.addParameterWithHelp(QgsProcessingParameterString(
            self.TAU, GmmSelect.tr("Ridge values tau to try (empty = default grid)"), optional=True),
            GmmSelect.tr("Numbers >= 0 separated by commas, e.g. '0, 0.01, 1', in squared band units (or, "
                         "with RIDGE_SCALE relative, fractions of each band's pooled within-class "
                         "variance). Empty: 0 and 15 values from 1e-7 to 1, relative to each band's pooled "
                         "within-class variance (RIDGE_SCALE auto or relative; absolute: times the mean band "
                         "variance). One value: that tau, no search."))
        self.addAlphaParameter(
            GmmSelect.tr("Shrinkage values alpha to try (empty = 0 and the estimated one)"),
            GmmSelect.tr("Empty: alpha = 0 and alpha*. Every (alpha, tau) pair of the two grids is "
                         "cross-validated (one eigen decomposition per class, fold and alpha serves every "
                         "tau); one value of each: no search."))
        self.addChoice(self.CRITERION, GmmSelect.tr("Criterion of the (alpha, tau) search"),
                       translated_choices(TAU_CRITERIA), "kappa",
            GmmSelect.tr("What the (alpha, tau) search maximises: the mean over folds (of every repetition, "
                         "REPEATS) of the overall accuracy, Cohen's kappa or the mean F1 score (FOLDS = 0: "
                         "of the pooled leave-one-out predictions; ties: the smallest alpha, then the "
                         "smallest tau)."))

    def methodOptions(self, parameters, context):
        """Tau grid and criterion."""
        return {"tau_grid": parse_tau_list(self.parameterAsString(parameters, self.TAU, context)),
                "tau_criterion": self.parameterAsChoice(parameters, self.CRITERION, context)}
