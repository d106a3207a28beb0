"""Predict: classify a raster with a GMM Select model, block by block within a memory budget."""

import json
import os
import time
from contextlib import nullcontext

from qgis.core import (
    QgsProcessingLayerPostProcessorInterface,
    QgsProcessingOutputNumber,
    QgsProcessingOutputString,
    QgsProcessingParameterFile,
    QgsProcessingParameterRasterDestination,
    QgsProcessingParameterRasterLayer,
    QgsProcessingParameterString,
)

from ..core import load_model
from ..i18n import GmmSelect
from ..raster import predict_raster
from ..raster.bands import model_bands, parse_band_map, used_band_map
from ..raster.distributed import scheduler_client
from ..raster.files import qml_path
from ..raster.predict import MODEL_ITEM
from ..raster.report import no_data_text, tau_text
from .base import GmmSelectAlgorithm, progress_between, recorded_reading, report_words


class ClassStyle(QgsProcessingLayerPostProcessorInterface):
    """Applies the style written next to an output (paletted classes, confidence ramp) once QGIS loads
    it, and stacks the outputs of the run in the layer tree: the classification on top, the confidence
    under it, the probabilities at the bottom (QGIS loads them in the order of their paths)."""

    # Processing keeps only a pointer to the post-processor: the instances live here.
    instances = {}

    def __init__(self, output_path, stack):
        """Remember the output, its .qml and the run's `stack` (OutputStack) the layer belongs to."""
        super().__init__()
        self.output_path, self.style_path, self.stack = output_path, qml_path(output_path), stack

    @classmethod
    def create(cls, output_path, stack):
        """The post-processor of `output_path`, kept alive until replaced."""
        cls.instances[output_path] = cls(output_path, stack)
        return cls.instances[output_path]

    def postProcessLayer(self, layer, context, feedback):
        """Load the class names and colours, then put the layer in its place (main thread, after the
        layer was added)."""
        if layer is None:
            return
        if os.path.isfile(self.style_path):
            layer.loadNamedStyle(self.style_path)
            layer.triggerRepaint()
        self.stack.loaded(self.output_path, layer, context.project())


class OutputStack:
    """The layers of one run in their order in the layer tree, top first (the order of `paths`)."""

    def __init__(self, paths):
        """The outputs at `paths`, top first; none loaded yet."""
        self.paths, self.layer_ids = list(paths), {}

    def loaded(self, path, layer, project):
        """Record `layer` of output `path` as loaded and reorder the run's layers loaded so far."""
        self.layer_ids[path] = layer.id()
        if project is None:
            return
        root = project.layerTreeRoot()
        nodes = [root.findLayer(self.layer_ids[path]) for path in self.paths if path in self.layer_ids]
        nodes = [node for node in nodes if node is not None]
        parent = nodes[0].parent() if nodes else None
        if len(nodes) < 2 or any(node.parent() is not parent for node in nodes):
            return
        top = min(parent.children().index(node) for node in nodes)
        for offset, node in enumerate(nodes):  # a copy in place first: the layer never leaves the tree
            parent.insertChildNode(top + offset, node.clone())
        for node in nodes:
            parent.removeChildNode(node)


class PredictAlgorithm(GmmSelectAlgorithm):
    """`gmmselect:predict`: classification, confidence and posterior probability rasters."""

    MODEL = "MODEL"
    MASK = "MASK"
    N_FEATURES = "N_FEATURES"
    OUTPUT = "OUTPUT"
    CONFIDENCE = "CONFIDENCE"
    PROBABILITIES = "PROBABILITIES"
    SELECTED_BANDS = "SELECTED_BANDS"
    N_SELECTED = "N_SELECTED"
    BAND_MAP = "BAND_MAP"
    DASK_SCHEDULER = "DASK_SCHEDULER"
    ICON = "predict.svg"

    def name(self):
        """Algorithm id (never translated)."""
        return "predict"

    def displayName(self):
        """Name in the Toolbox."""
        return GmmSelect.tr("Predict")

    def description(self):
        """What the algorithm does."""
        return GmmSelect.tr(
            "Classifies every pixel of a raster with a model from Train GMM, Train Selection or Train "
            "Selection from a Table of Spectra (maximum a posteriori rule), reading the raster block by "
            "block. Writes a "
            "paletted classification whose categories carry the class names, and optionally the "
            "confidence (posterior probability of the winning class) and one probability band per "
            "class. No-data pixels (in any band used) and pixels outside the mask stay no-data. A sample "
            "of the raster is first compared with the classes: the log warns when most of it lies beyond "
            "every class, as when the raster's values are in other units than the model's, and when a "
            "value of 0 or below that every band holds on part of it (a fill) is not its no-data.")

    def shortDescription(self):
        """What the algorithm does, in one line."""
        return GmmSelect.tr("Classifies a raster with a trained model (.gmm): the classification, its "
                            "confidence and the class probabilities.")

    def tagText(self):
        """Predict's tags."""
        return GmmSelect.tr(
            "supervised classification,classify,classification map,land cover,apply model,posterior "
            "probability,confidence,Gaussian mixture model,maximum likelihood,hyperspectral,multispectral,"
            "remote sensing")

    def initAlgorithm(self, config=None):
        """Raster, model, optional mask and size, and the three raster outputs."""
        self.addRasterInput(GmmSelect.tr("The image to classify: it must hold the bands the model was "
                                         "trained on (matched by name, else by number, else by "
                                         "wavelength). Its no-data values are its file's, or those set on "
                                         "the layer in QGIS."))
        self.addParameterWithHelp(QgsProcessingParameterFile(
            self.MODEL, GmmSelect.tr("Model file"),
            fileFilter=GmmSelect.tr("GMM Select model (*.gmm);;All files (*)")),
            GmmSelect.tr("A .gmm model written by Train GMM, Train Selection or Train Selection from a "
                         "Table of Spectra (the content is checked, not the name)."))
        self.addParameterWithHelp(QgsProcessingParameterRasterLayer(
            self.MASK, GmmSelect.tr("Mask"), optional=True),
            GmmSelect.tr("Optional raster on the same grid: only pixels with a value > 0 that is not its "
                         "no-data (its file's, or the one set on the layer in QGIS) are classified."))
        self.addInteger(
            self.N_FEATURES, GmmSelect.tr("Number of selected bands to use (selection models)"), None, 0,
            GmmSelect.tr("Empty or 0: the bands the model was saved with. A size k: the best set of k bands "
                         "found by the selection (models of Train Selection or of its table variant), with "
                         "the model's alpha and tau (chosen for the bands it was saved with)."),
            optional=True, advanced=True)
        self.addParameterWithHelp(QgsProcessingParameterString(
            self.BAND_MAP, GmmSelect.tr("Band map (model band=raster band)"), optional=True),
            GmmSelect.tr("Empty: the raster's bands are matched to the model's by name (a spectral "
                         "library's model names its bands by their fields; by number when either has no band "
                         "names) and their wavelengths compared; where that fails, by "
                         "wavelength (each model band to the one raster band nearest within 0.2 %), else the "
                         "run stops. Pairs such as 'B5=3, B4=2' map each band the model uses (by its name, "
                         "the name the model gives it (SELECTED_NAMES) or its number in the training raster) "
                         "to a band number of this raster by hand, over the names and wavelengths; a name "
                         "holding a comma goes in quotes ('B2, central wavelength 490 nm'=2), and pairs of "
                         "bands the model does not use are left out."), advanced=True)
        self.addParameterWithHelp(QgsProcessingParameterString(
            self.DASK_SCHEDULER, GmmSelect.tr("Dask scheduler address"), optional=True),
            GmmSelect.tr("Empty: classify on this machine. An address such as "
                         "'tcp://10.0.0.5:8786' (printed by 'dask scheduler'): the "
                         "workers of that Dask cluster classify the raster in tiles, with the same result. "
                         "The raster, the mask and the output's folder must be at paths every worker sees, "
                         "and GMM Select must be importable there."),
            advanced=True)
        self.addParameterWithHelp(QgsProcessingParameterRasterDestination(
            self.OUTPUT, GmmSelect.tr("Classification")),
            GmmSelect.tr("GeoTIFF of class codes with a colour table and the class names (and a .qml style "
                         "next to it; codes above 65535, which a GeoTIFF's colour table cannot hold: in the "
                         ".qml only); 0 = no-data. The colours are those of the training layer's "
                         "categorized style when it had one, else those of the land covers the class names "
                         "say (water, forest, eau, forêt...), else a palette for colour-blind eyes."))
        self.addParameterWithHelp(QgsProcessingParameterRasterDestination(
            self.CONFIDENCE, GmmSelect.tr("Confidence"), optional=True, createByDefault=False),
            GmmSelect.tr("Posterior probability of the winning class, in (0, 1] (Float32), styled with a "
                         "continuous red (0) to green (1) ramp (.qml next to it)."))
        self.addParameterWithHelp(QgsProcessingParameterRasterDestination(
            self.PROBABILITIES, GmmSelect.tr("Class probabilities"), optional=True, createByDefault=False),
            GmmSelect.tr("One band per class (in the model's class order): posterior probabilities "
                         "(Float32)."))
        self.addOutput(QgsProcessingOutputString(self.SELECTED_BANDS, GmmSelect.tr("Bands used (numbers)")))
        self.addOutput(QgsProcessingOutputNumber(self.N_SELECTED, GmmSelect.tr("Number of bands used")))

    def processAlgorithm(self, parameters, context, feedback):
        """Load and check the model, then classify the raster."""
        started = time.perf_counter()
        self.logBlas(feedback)
        with self.userErrors():
            paths = self.outputPaths(parameters, context)
            output, confidence, probabilities = (paths[self.OUTPUT], paths[self.CONFIDENCE],
                                                 paths[self.PROBABILITIES])
            image = self.rasterSource(parameters, self.INPUT, context, feedback)
            mask = self.rasterSource(parameters, self.MASK, context, feedback, optional=True)
            model_path = self.parameterAsFile(parameters, self.MODEL, context)
            saved = load_model(model_path)
            mixture, band_numbers = saved.classifier(self.parameterAsOptionalInt(
                parameters, self.N_FEATURES, context))
            names = list(mixture.class_names_)
            self.info(feedback, GmmSelect.tr(
                "Model: {0} classes ({1}), tau = {2}, bands ({3}): {4}").format(
                    len(names), ", ".join(names), tau_text(mixture, report_words()), len(band_numbers),
                    ", ".join(str(band) for band in band_numbers)))
            self.sayOtherNoData(feedback, saved, image)
            used = model_bands(saved, band_numbers)
            others = model_bands(saved, [number for number in saved.band_numbers
                                         if number not in band_numbers])
            band_map, lines = used_band_map(parse_band_map(self.parameterAsString(
                parameters, self.BAND_MAP, context)), used, others, saved.n_raster_bands)
            for line in lines:
                self.info(feedback, line)
            address = self.parameterAsString(parameters, self.DASK_SCHEDULER, context).strip()
            with scheduler_client(address) if address else nullcontext() as client:
                predict_raster(image.path, mixture, band_numbers, output, confidence_path=confidence,
                               probabilities_path=probabilities, mask_path=mask.path, class_names=names,
                               class_colors=saved.class_colors,
                               progress=progress_between(feedback, 0, 100, full=100),
                               is_canceled=feedback.isCanceled, log=self.logTo(feedback),
                               n_raster_bands=saved.n_raster_bands, outputs=self.staging,
                               model_bands=used, band_map=band_map, client=client,
                               no_data=image.no_data, mask_no_data=mask.no_data.get(1), crs=image.crs,
                               provenance=self.provenance(model_path, image, mask))
            self.commitOutputs(feedback)
        self.styled_outputs = [path for path in (output, confidence, probabilities) if path]
        self.info(feedback, GmmSelect.tr("Classification written to {0} ({1:.2f} s)").format(
            output, time.perf_counter() - started))
        return {self.OUTPUT: output, self.CONFIDENCE: confidence, self.PROBABILITIES: probabilities,
                self.SELECTED_BANDS: ",".join(str(band) for band in band_numbers),
                self.N_SELECTED: len(band_numbers)}

    def sayOtherNoData(self, feedback, saved, image):
        """Warn where the model was trained on this raster read with other no-data than this run reads it
        with (models record it since they record Processing's invalid-feature check)."""
        source = saved.training.source if saved.training is not None else {}
        trained = source.get("read_as", {}).get("raster", {}).get("no_data", {})
        now = image.read_as.get("no_data", {})
        if "invalid_geometries" not in source or source.get("raster") != image.path or trained == now:
            return
        words = report_words()
        self.warning(feedback, GmmSelect.tr(
            "INPUT: the model was trained on this raster read with other no-data than this run reads it with "
            "(then: {0}; now: {1}): pixels that were no-data then are classified now, or the reverse. Set "
            "the same no-data on the layer (Layer Properties > Transparency)").format(
                no_data_text(trained, words), no_data_text(now, words)))

    @staticmethod
    def provenance(model_path, image, mask):
        """The GDAL metadata items naming the model file and how QGIS gave the raster and the mask where that
        is not as their files hold them (JSON, as a model records it), for every output."""
        read_as = recorded_reading(raster=image.read_as, mask=mask.read_as)
        return {MODEL_ITEM: os.path.abspath(model_path),
                "GMMSELECT_READ_AS": json.dumps(read_as["read_as"]) if read_as else ""}

    def postProcessAlgorithm(self, context, feedback):
        """Main thread: have QGIS apply the .qml written next to each output when it loads it, and load
        the classification on top of the confidence and the probabilities."""
        paths = getattr(self, "styled_outputs", [])
        stack = OutputStack(paths)
        for path in paths:
            if context.willLoadLayerOnCompletion(path):
                context.layerToLoadOnCompletionDetails(path).setPostProcessor(
                    ClassStyle.create(path, stack))
        return {}

