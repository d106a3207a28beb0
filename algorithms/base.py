"""Shared base of the GMM Select algorithms: common parameters as one-liners, help, errors.

- `addParameterWithHelp` documents each parameter next to its declaration, ending with its default;
  QGIS shows that text as the parameter's tooltip and `qgis_process help` under the parameter, so
  `shortHelpString` is the description alone, plain text (QGIS makes each line a paragraph).
- Choices are enums whose option keys (`sffs`, `kappa`...) are also accepted as values, so
  `qgis_process run gmmselect:trainselection -- METHOD=sffs` works as well as `METHOD=1`.
- Log lines go through `info` and `warning`: under `qgis_process`, whose progress dots end no line,
  a message after dots starts on a new line (`endDots`), in a single run and in a model's step alike.
- `userErrors()` turns the ValueError of the core and raster layers (and OSError, Canceled)
  into a QgsProcessingException with the same message.
- Outputs never touch inputs: `outputPaths` checks every destination's extension and compares
  the files of all outputs (with their side files) with each other and with the files of every
  input before anything is written. The run stages its files in `self.staging` (an OutputSet)
  and `commitOutputs` publishes them together at the end; a failure or cancel leaves nothing.
"""

import math
import os
import re
from contextlib import contextmanager
from typing import NamedTuple, Optional, Tuple

from qgis.core import (
    QgsApplication,
    QgsCoordinateReferenceSystem,
    QgsDatumTransform,
    QgsFeature,
    QgsFeatureRequest,
    QgsFields,
    QgsProcessingAlgorithm,
    QgsProcessingException,
    QgsProcessingFeatureSourceDefinition,
    QgsProcessingParameterBoolean,
    QgsProcessingParameterDefinition,
    QgsProcessingParameterEnum,
    QgsProcessingParameterFeatureSource,
    QgsProcessingParameterField,
    QgsProcessingParameterFile,
    QgsProcessingParameterFileDestination,
    QgsProcessingParameterNumber,
    QgsProcessingParameterRasterDestination,
    QgsProcessingParameterRasterLayer,
    QgsProcessingParameterVectorDestination,
    QgsProcessingParameterVectorLayer,
    QgsProcessingUtils,
    QgsProviderRegistry,
    QgsRasterRange,
    QgsVectorFileWriter,
)
from qgis.PyQt.QtCore import QVariant
from qgis.PyQt.QtGui import QIcon

from ..core import Canceled
from ..core.products import numpys_cblas_path
from ..core.texts import SEMICOLON, Text, message, undecoded_shown
from ..core.threads import FAST_BLAS_PACKAGE, blas_in_use
from ..i18n import GmmSelect, translated, translated_choices, translated_template
from ..raster.blocks import BandNoData
from ..raster.files import OutputSet, dataset_files, first_clash, raster_output_files
from ..raster.info import OPEN_OPTION
from ..raster.notices import WarningLine
from ..raster.report import WORDS, Words, read_as_parts
from ..raster.vector import Shown, stored_ids

ICONS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "icons")
HELP_URL = "https://github.com/gmmselect/gmmselect#usage"
#: The field a GeoPackage keeps its FIDs in, which QGIS's copies of a layer take as theirs.
FID_FIELD = "fid"
#: The words a boolean parameter may be given as (qgis_process passes text, and QGIS reads any text but
#: 'false' and '0' as yes: 'no' included).
BOOLEAN_WORDS = {"yes": True, "true": True, "on": True, "1": True,
                 "no": False, "false": False, "off": False, "0": False}
#: A copy of a layer that does not hold every feature QGIS gives (Algorithm.copiedIds).
DROPPED = "dropped"
#: QgsApplication.platform() under qgis_process. Without --json, qgis_process prints its progress on one line
#: ('0...10...20', ConsoleFeedback::showTerminalProgress: tick n, a dot or n / 4 * 10, once its progress
#: reaches n * 2.5 %), which it ends only at 100 % (' - done.' and a line break), and each message on a line
#: of its own: an info as it is, a warning after 'WARNING:' and a tab.
CONSOLE_PLATFORM = "qgis_process"
#: The ticks of qgis_process's progress line (one per 2.5 %).
CONSOLE_TICKS = 40
#: The option of qgis_process that prints JSON, and no progress.
CONSOLE_JSON = "--json"
#: The class of the feedback a graphical model gives each of its steps: its progress is the step's own
#: (0 to 100), of which the model's, which qgis_process prints, is a share.
MODEL_STEP_FEEDBACK = "QgsProcessingMultiStepFeedback"
#: The property of a feedback that holds its progress at the last message logged through it (by any GMM
#: Select algorithm: a model's steps share one feedback).
LOGGED_AT = "gmmselectLoggedAt"
#: The placeholder a template starts with ('{path} is...', '{name!r}...'): its value's name.
LEADING_FIELD = re.compile(r"\{(\w+)[^{}]*\}")
#: The largest value of an integer parameter: QGIS reads one as a C int (a larger value came back as
#: -2147483648).
LARGEST_INTEGER = 2 ** 31 - 1
#: The raster outputs are GeoTIFF files.
RASTER_EXTENSIONS = ("tif", "tiff")
#: The data layer's rule (core.choices.INVALID_GEOMETRY_RULES) for each of Processing's invalid-feature
#: checks.
INVALID_GEOMETRY_RULE = {QgsFeatureRequest.GeometryNoCheck: "use",
                         QgsFeatureRequest.GeometrySkipInvalid: "skip",
                         QgsFeatureRequest.GeometryAbortOnInvalid: "stop"}


class RasterSource(NamedTuple):
    """A raster layer as the data layer reads it (Algorithm.rasterSource)."""

    path: str                     # GDAL-readable name; None for an optional raster not given
    no_data: dict                 # {band number: BandNoData} where QGIS shows other no-data than the file's
    crs: str                      # WKT of the CRS QGIS shows where it is not the file's, else None
    read_as: dict                 # how QGIS shows it otherwise than its file, as a model records it


class ClassLayer(NamedTuple):
    """A class layer as the data layer reads it (Algorithm.classVector)."""

    path: str                     # OGR name: a file, its open options, or a copy QGIS wrote
    layer: str                    # layer name in that file, or None
    field: str                    # class field
    recorded: Tuple[str, str]     # (source, layer name) a model records
    invalid: str                  # what becomes of a feature of invalid geometry: 'use', 'skip' or 'stop'
    crs: QgsCoordinateReferenceSystem  # the CRS QGIS gives its features
    read_as: dict                 # what QGIS gives that its file does not hold (featuresShown)
    shown: Optional[Shown]        # the layer in QGIS where `path` is a copy; else None


class Transformation(NamedTuple):
    """The coordinate operation a QGIS project sets between two CRSs (Algorithm.chosenOperation)."""

    proj: str                     # PROJ string; empty where the project sets none (PROJ's own choice)
    inverse: bool                 # applied as the inverse of the one set the other way round
    name: str                     # as QGIS names it

    @property
    def operation(self):
        """(PROJ string, inverse) as the data layer takes it; None for PROJ's own choice."""
        return (self.proj, self.inverse) if self.proj else None

    def record(self):
        """As a model records it: {'proj', 'inverse', 'name'}; {} for PROJ's own choice."""
        return self._asdict() if self.proj else {}


#: The project sets no operation: PROJ chooses, as QGIS does.
PROJ_CHOICE = Transformation("", False, "")


def progress_between(feedback, start, end, full=1.0):
    """A callable mapping progress in [0, full] to feedback progress in [start, end] percent.

    The core reports fractions (full = 1), the raster layer percentages (full = 100).
    """
    def report(done):
        feedback.setProgress(start + (end - start) * min(max(float(done) / full, 0.0), 1.0))
    return report


class GmmSelectAlgorithm(QgsProcessingAlgorithm):
    """Base of the algorithms: translation, icon, help, choices, error conversion."""

    INPUT = "INPUT"
    ICON = "gmmselect.svg"

    def __init__(self):
        """Choices (enum keys) are filled by `addChoice` in `initAlgorithm`."""
        super().__init__()
        self._choices = {}
        self.staging = OutputSet()

    def createInstance(self):
        """A fresh instance of the same algorithm."""
        return type(self)()

    def icon(self):
        """The algorithm's icon."""
        return QIcon(self.svgIconPath())

    def svgIconPath(self):
        """Path of the algorithm's SVG icon."""
        return os.path.join(ICONS, self.ICON)

    def helpUrl(self):
        """The README's usage section."""
        return HELP_URL

    def description(self):
        """What the algorithm does, plain text (subclasses override)."""
        return ""

    def shortDescription(self):
        """What the algorithm does, in one line: the Toolbox's tooltip, searched by its filter (subclasses
        override)."""
        return ""

    def tags(self):
        """The words the Toolbox's filter finds the algorithm by, beside its name: `tagText`'s."""
        return [tag.strip() for tag in self.tagText().split(",") if tag.strip()]

    def tagText(self):
        """The algorithm's tags in the QGIS language, separated by commas (subclasses override)."""
        return ""

    def shortHelpString(self):
        """The description alone: each parameter's help, with its default, is its tooltip in the dialog
        and is printed under the parameter by `qgis_process help`."""
        return self.description()

    # -- declaring parameters -------------------------------------------------------------

    def addParameterWithHelp(self, parameter, help_text, advanced=False, default=None):
        """Add `parameter` with its help text ending with its default (`default`, else the parameter's
        default value), optionally in the Advanced group."""
        default = default if default is not None else default_text(parameter)
        if default is not None:
            help_text += " " + GmmSelect.tr("Default: {0}.").format(default)
        parameter.setHelp(help_text)
        if advanced:
            parameter.setFlags(parameter.flags() | QgsProcessingParameterDefinition.FlagAdvanced)
        self.addParameter(parameter)

    def addChoice(self, name, description, options, default, help_text, advanced=False):
        """An enum of `options` [(key, label)]; the keys are the values `parameterAsChoice` returns."""
        keys = [key for key, _ in options]
        self._choices[name] = keys
        labels = [f"{key}: {label}" for key, label in options]
        help_text += " " + GmmSelect.tr(
            "As a value, give the key (e.g. {0}) or its index (in a graphical model's fixed value, the "
            "index: the modeler's check takes no key).").format(keys[-1])
        self.addParameterWithHelp(QgsProcessingParameterEnum(
            name, description, options=labels, defaultValue=keys.index(default)), help_text, advanced,
            default)

    def addRasterInput(self, help_text):
        """INPUT: the image."""
        self.addParameterWithHelp(QgsProcessingParameterRasterLayer(self.INPUT, GmmSelect.tr("Input raster")),
                                  help_text)

    def addClassificationInput(self, more_help=""):
        """INPUT: a classification map, read for its classes; `more_help` ends its help."""
        classes = GmmSelect.tr("Classification raster (band 1): integer class codes; 0 or its no-data (its "
                               "file's, or the one set on the layer in QGIS) = no class.")
        self.addParameterWithHelp(
            QgsProcessingParameterRasterLayer(self.INPUT, GmmSelect.tr("Classification")),
            " ".join(filter(None, [classes, more_help])))

    def addClassLayer(self, layer, description, help_text, types, field, field_description, field_help):
        """Vector input `layer` (geometry `types`) and `field`, its class field (integer codes or names),
        as `classVector` reads them."""
        invalid = GmmSelect.tr("A feature of invalid geometry (a ring crossing itself, a hole outside its "
                               "shell) is read as it is, left out, or stops the run, as Processing's "
                               "'Invalid features filtering' or the layer's own setting (its advanced "
                               "options) asks.")
        self.addParameterWithHelp(QgsProcessingParameterFeatureSource(layer, description, types),
                                  f"{help_text} {invalid}")
        self.addParameterWithHelp(QgsProcessingParameterField(
            field, field_description, parentLayerParameterName=layer, type=QgsProcessingParameterField.Any),
            field_help)

    def addInteger(self, name, description, default, minimum, help_text, maximum=LARGEST_INTEGER,
                   optional=False, advanced=False):
        """An integer parameter in [minimum, maximum]."""
        parameter = QgsProcessingParameterNumber(name, description, QgsProcessingParameterNumber.Integer,
                                                 defaultValue=default, optional=optional, minValue=minimum,
                                                 maxValue=maximum)
        self.addParameterWithHelp(parameter, help_text, advanced)

    def addDouble(self, name, description, default, minimum, maximum, help_text, advanced=False,
                  decimals=None):
        """A floating point parameter in [minimum, maximum]; its widgets (Toolbox, batch, modeler) keep
        `decimals` decimals where given (QGIS's default, 6, makes a ridge of 1e-7 zero)."""
        parameter = QgsProcessingParameterNumber(name, description, QgsProcessingParameterNumber.Double,
                                                 defaultValue=default, minValue=minimum, maxValue=maximum)
        if decimals is not None:
            parameter.setMetadata({"widget_wrapper": {"decimals": decimals}})
        self.addParameterWithHelp(parameter, help_text, advanced)

    def addBoolean(self, name, description, default, help_text, advanced=False):
        """A yes/no parameter."""
        self.addParameterWithHelp(QgsProcessingParameterBoolean(name, description, defaultValue=default),
                                  help_text, advanced)

    def addFileOutput(self, name, description, file_filter, help_text, optional=False):
        """A file destination; optional ones are not created unless asked for."""
        self.addParameterWithHelp(QgsProcessingParameterFileDestination(
            name, description, fileFilter=file_filter, optional=optional, createByDefault=not optional),
            help_text)

    # -- reading parameters ---------------------------------------------------------------

    def _choicesAsIndices(self, parameters):
        """`parameters` with choice keys given as text ('sffs') replaced by their index."""
        converted = dict(parameters)
        for name, keys in self._choices.items():
            value = converted.get(name)
            if isinstance(value, str) and value.strip().lower() in keys:
                converted[name] = keys.index(value.strip().lower())
        return converted

    def checkParameterValues(self, parameters, context):
        """Accept choice keys as well as indices; refuse, saying what to give, the numbers, choices and
        booleans QGIS refuses with its bare 'Incorrect parameter value for X' or lets through; then the
        usual checks."""
        converted = self._choicesAsIndices(parameters)
        for parameter in self.parameterDefinitions():
            name = parameter.name()
            value = parameters.get(name)
            if value is None or value == "":
                continue
            if isinstance(parameter, QgsProcessingParameterNumber):
                problem = self.numberProblem(parameter, parameters, context)
            elif isinstance(parameter, QgsProcessingParameterEnum) and name in self._choices:
                problem = self.choiceProblem(parameter, value, converted[name], context)
            elif isinstance(parameter, QgsProcessingParameterBoolean):
                problem = self.booleanProblem(parameter, value)
            else:
                problem = None
            if problem:
                return False, problem
        return super().checkParameterValues(converted, context)

    @staticmethod
    def booleanProblem(parameter, value):
        """The message for boolean `parameter` given `value`, a text other than BOOLEAN_WORDS; else None."""
        if isinstance(value, str) and spoken_boolean(value) is None:
            return GmmSelect.tr("{0} must be yes or no (or true or false, 1 or 0); got {1}.").format(
                parameter.name(), value)
        return None

    def parameterAsBool(self, parameters, name, context):
        """A boolean parameter, given as yes/no, true/false, on/off or 1/0 too (QGIS reads 'no' as yes)."""
        spoken = spoken_boolean(parameters.get(name))
        return super().parameterAsBool(parameters, name, context) if spoken is None else spoken

    def numberProblem(self, parameter, parameters, context):
        """The message, with the range, for number `parameter` given a value QGIS refuses saying only
        'Incorrect parameter value' (not a number, beyond the range) or lets through (NaN, read as
        -2147483648; a fraction of an integer parameter, rounded); else None."""
        name = parameter.name()
        value = self.parameterAsDouble(parameters, name, context)
        integer = parameter.dataType() == QgsProcessingParameterNumber.Integer
        if (not parameter.checkValueIsAcceptable(parameters.get(name), context) or not math.isfinite(value)
                or (integer and value != round(value))):
            return GmmSelect.tr("{0} must be {1} from {2:.10g} to {3:.10g}; got {4}.").format(
                name, GmmSelect.tr("a whole number") if integer else GmmSelect.tr("a number"),
                parameter.minimum(), parameter.maximum(), parameters.get(name))
        return None

    def choiceProblem(self, parameter, value, index, context):
        """The message, with the keys, for choice `parameter` given `value` (as an index: `index`) that is
        neither one of its keys nor the index of one (QGIS says only 'Incorrect parameter value'); else
        None."""
        if parameter.checkValueIsAcceptable(index, context):
            return None
        keys = self._choices[parameter.name()]
        return GmmSelect.tr("{0} must be one of {1} (or the index of one, 0 to {2}); got {3}.").format(
            parameter.name(), ", ".join(keys), len(keys) - 1, value)

    def parameterAsChoice(self, parameters, name, context):
        """The key of the chosen option of enum `name`."""
        return self._choices[name][self.parameterAsEnum(self._choicesAsIndices(parameters), name, context)]

    def parameterAsOptionalInt(self, parameters, name, context):
        """An optional integer: None when not given or 0."""
        if parameters.get(name) in (None, ""):
            return None
        return self.parameterAsInt(parameters, name, context) or None

    def rasterSource(self, parameters, name, context, feedback, optional=False):
        """The RasterSource of raster parameter `name` (path None when optional and not given): read as QGIS
        shows it, with its no-data on each band where that is not its file's and the CRS set in QGIS where
        that is not its file's (the log says so)."""
        layer = self.rasterLayer(parameters, name, context, optional)
        if layer is None:
            return RasterSource(None, {}, None, {})
        no_data, moved = shown_no_data(layer.dataProvider(), layer.bandCount()), other_crs(layer)
        read_as = {**(crs_record(layer) if moved else {}),
                   "no_data": {str(band): values.record() for band, values in no_data.items()}}
        read_as = {key: value for key, value in read_as.items() if value}
        self.sayShown(feedback, name, layer, moved + read_as_parts({"no_data": read_as.get("no_data", {})},
                                                                   report_words()))
        return RasterSource(layer.source(), no_data, read_as.get("crs"), read_as)

    def sayShown(self, feedback, name, layer, shown):
        """Log what QGIS shows of `layer` (parameter `name`) that its file does not hold (`shown`), if any."""
        if shown:
            self.info(feedback, GmmSelect.tr("{0}: layer '{1}' is read as QGIS shows it: {2}").format(
                name, layer.name(), translated(SEMICOLON).join(shown)))

    def rasterLayer(self, parameters, name, context, optional=False):
        """The GDAL raster layer of parameter `name` (None when optional and not given)."""
        layer = self.parameterAsRasterLayer(parameters, name, context)
        if layer is None:
            if optional and parameters.get(name) in (None, ""):
                return None
            raise QgsProcessingException(GmmSelect.tr(
                "{0}: cannot open the raster '{1}'; give a raster file GDAL can read").format(
                    name, parameters.get(name)))
        if layer.providerType() != "gdal":
            raise QgsProcessingException(GmmSelect.tr("{0}: '{1}' is a {2} layer; GMM Select reads raster "
                                                      "files through GDAL: save it as a GeoTIFF first")
                                         .format(name, layer.name(), layer.providerType()))
        return layer

    def outputPaths(self, parameters, context):
        """{destination parameter: absolute path or None}, read once (temporary names differ per call),
        each with a declared extension and no file shared with another output or an input; their
        missing folders are created now (and removed again if the run fails)."""
        paths, files = {}, {}
        for parameter in self.destinationParameterDefinitions():
            name = parameter.name()
            raster = isinstance(parameter, QgsProcessingParameterRasterDestination)
            layer = raster or isinstance(parameter, QgsProcessingParameterVectorDestination)
            read = self.parameterAsOutputLayer if layer else self.parameterAsFileOutput
            path = read(parameters, name, context)
            if path:
                path = os.path.abspath(self.declaredExtension(parameter, path))
                files[name] = raster_output_files(path) if raster else [path]
            paths[name] = path or None
        clash = first_clash(files, self.inputFiles(parameters, context))
        if clash is not None:
            raise QgsProcessingException(GmmSelect.tr(
                "{0} would write '{2}', which is a file of {1}: an output never replaces an input or another "
                "output. Choose another file name for {0}.").format(*clash))
        for path in paths.values():
            if path:
                self.staging.prepare(path)
        return paths

    def declaredExtension(self, parameter, path):
        """`path` of destination `parameter`, with the parameter's first extension when it has none;
        QgsProcessingException when it ends in an extension the parameter does not declare."""
        if isinstance(parameter, QgsProcessingParameterRasterDestination):
            extensions = RASTER_EXTENSIONS
        elif isinstance(parameter, QgsProcessingParameterVectorDestination):
            extensions = parameter.supportedOutputVectorLayerExtensions()
        else:
            extensions = re.findall(r"\*\.(\w+)", parameter.fileFilter())
        extension = os.path.splitext(path)[1].lstrip(".")
        if not extension and isinstance(parameter, QgsProcessingParameterFileDestination):
            return f"{path}.{extensions[0]}"
        if extension.lower() not in extensions:
            raise QgsProcessingException(GmmSelect.tr(
                "{0}: '{1}' does not end in {2}, and this output is written in that format only: give a "
                "file name ending in {2}.").format(parameter.name(), path,
                                                  GmmSelect.tr(" or ").join(f".{e}" for e in extensions)))
        return path

    def inputFiles(self, parameters, context):
        """{input parameter: [its files]} of the layer and file inputs given: a layer's dataset files
        and side files (.shp with .dbf, .prj...; .aux.xml, .qml), a plain file (a model) alone."""
        files = {}
        for parameter in self.parameterDefinitions():
            if parameter.isDestination() or parameters.get(parameter.name()) in (None, ""):
                continue
            if isinstance(parameter, QgsProcessingParameterFile):
                path = self.parameterAsFile(parameters, parameter.name(), context)
                files[parameter.name()] = [path] if path else []
            else:
                path = self.layerFile(parameters, parameter, context)
                files[parameter.name()] = dataset_files(path) if path else []
        return files

    def sourceLayer(self, parameters, name, context):
        """The vector layer of feature source `name`, also when only its selected features are used."""
        value = parameters.get(name)
        if isinstance(value, QgsProcessingFeatureSourceDefinition):  # 'selected features only'
            value = value.source.staticValue()
        return self.parameterAsVectorLayer({name: value}, name, context)

    def layerFile(self, parameters, parameter, context):
        """The file behind raster or vector layer `parameter`, or None (not a layer, not a file)."""
        name = parameter.name()
        if isinstance(parameter, QgsProcessingParameterRasterLayer):
            layer = self.parameterAsRasterLayer(parameters, name, context)
        elif isinstance(parameter, (QgsProcessingParameterFeatureSource, QgsProcessingParameterVectorLayer)):
            layer = self.sourceLayer(parameters, name, context)
        else:
            return None
        return None if layer is None else self.sourceParts(layer).get("path") or None

    @staticmethod
    def sourceParts(layer):
        """The parts of `layer`'s source (path, layerName, openOptions...), as its provider decodes them."""
        return QgsProviderRegistry.instance().decodeUri(layer.providerType(), layer.source())

    def classVector(self, parameters, layer_name, field_name, context, feedback, what):
        """The ClassLayer of vector parameter `layer_name` (vectorSource) and its class field `field_name`,
        which must hold integer codes or text; `what` names the layer in messages."""
        source = self.parameterAsSource(parameters, layer_name, context)
        if source is None:
            raise QgsProcessingException(self.invalidSourceError(parameters, layer_name))
        field = self.parameterAsString(parameters, field_name, context)
        fields = source.fields()
        index = fields.lookupField(field)
        if index < 0:
            raise QgsProcessingException(GmmSelect.tr(
                "{0}: the {1} has no field '{2}'; its fields are: {3}").format(
                    field_name, what, field, ", ".join(fields.names())))
        if not (fields.at(index).isNumeric() or fields.at(index).type() == QVariant.String):
            raise QgsProcessingException(GmmSelect.tr(
                "{0}: '{1}' is a {2} field; the class field must hold integer codes or text names").format(
                    field_name, field, fields.at(index).typeName()))
        vector_path, layer, recorded, read_as, shown = self.vectorSource(
            parameters, layer_name, context, ["gpkg", "shp", "geojson"], feedback)
        return ClassLayer(vector_path, layer, fields.at(index).name(), recorded,
                          self.invalidGeometryRule(parameters, layer_name, context), source.sourceCrs(),
                          read_as, shown)

    @staticmethod
    def invalidGeometryRule(parameters, name, context):
        """What becomes of the features of invalid geometry of feature source `name`: the check its advanced
        options set, else Processing's 'Invalid features filtering' (INVALID_GEOMETRY_RULE)."""
        value = parameters.get(name)
        check = context.invalidGeometryCheck()
        if isinstance(value, QgsProcessingFeatureSourceDefinition) and \
                value.flags & QgsProcessingFeatureSourceDefinition.FlagOverrideDefaultGeometryCheck:
            check = value.geometryCheck
        return INVALID_GEOMETRY_RULE[check]

    def chosenOperation(self, parameters, features, vector_name, raster_name, context, feedback):
        """The Transformation the project sets from the CRS of `features` (the ClassLayer of parameter
        `vector_name`) to that of raster `raster_name` (Project Properties > Transformations), which QGIS
        shows the features by; PROJ_CHOICE where it sets none (PROJ's choice, as QGIS's). The log names it."""
        source = features.crs
        target = self.rasterLayer(parameters, raster_name, context).crs()
        transforms = context.transformContext()
        operation = transforms.calculateCoordinateOperation(source, target)
        if not operation:
            return PROJ_CHOICE
        names = [choice.name for choice in QgsDatumTransform.operations(source, target)
                 + QgsDatumTransform.operations(target, source) if choice.proj == operation]
        chosen = Transformation(operation, transforms.mustReverseCoordinateOperation(source, target),
                                names[0] if names else operation)
        self.info(feedback, GmmSelect.tr(
            "{0}: reprojected to the CRS of {1} by the transformation the project sets: {2}").format(
                vector_name, raster_name, chosen.name))
        return chosen

    def vectorSource(self, parameters, name, context, formats, feedback):
        """(OGR name, layer name or None, (source, layer name) a model records, what QGIS gives that the file
        does not hold as a model records it (featuresShown), the Shown messages name a copy and its
        features by, or None) of feature source `name`: its own file where its format is one of `formats`
        and QGIS shows all of it as the file holds it, with the open options QGIS opened it with; else a
        GeoPackage QGIS writes of the features it gives (a subset, the selected features, another format, or
        what only QGIS shows: unsaved edits, fields added in QGIS, a CRS set in QGIS), and the model and the
        messages name the layer by its source in QGIS, not that copy (for another provider than OGR: a CSV
        opened as delimited text by its file, a memory layer by its name in the project)."""
        layer = self.sourceLayer(parameters, name, context)
        read_as = self.featuresShown(parameters, name, layer)
        if read_as.get("selected_only") and layer is not None and not layer.selectedFeatureCount():
            raise QgsProcessingException(GmmSelect.tr(
                "{0}: 'Selected features only' is ticked and no feature of layer '{1}' is selected; select "
                "the features to use, or untick it").format(name, layer.name()))
        shown = [] if layer is None else self.shownOtherwise(layer, read_as)
        self.sayShown(feedback, name, layer, shown)
        path, layer_name = self.parameterAsCompatibleSourceLayerPathAndLayerName(
            parameters, name, context, [] if shown else formats, "gpkg", feedback)
        parts = {} if layer is None else self.sourceParts(layer)
        if layer is not None and parts.get("path") != path:  # a copy QGIS wrote
            shown_as = layer.source() if layer.providerType() == "ogr" else parts.get("path") or layer.name()
            layer_name = layer_name or None
            copied = self.copiedIds(layer, read_as, path, layer_name)
            if copied is DROPPED:
                path, layer_name = self.ownCopy(layer, name, read_as, context, feedback), None
                copied = self.copiedIds(layer, read_as, path, layer_name, by_field=False)
            if copied is DROPPED:
                raise QgsProcessingException(GmmSelect.tr(
                    "{0}: the copy QGIS writes of layer '{1}' for the run does not hold every feature it "
                    "gives; save the layer's edits and run again").format(name, layer.name()))
            return path, layer_name, (shown_as, ""), read_as, Shown(shown_as, layer.name(), copied)
        encoding = self.encodingOptions(layer, path, parts)
        path = OPEN_OPTION.join([path, *(parts.get("openOptions") or [])])
        recorded = (path, layer_name or "")
        if encoding:  # read with the encoding QGIS decodes it by, named as QGIS names it
            return OPEN_OPTION.join([path, *encoding]), layer_name or None, recorded, read_as, Shown(path)
        return path, layer_name or None, recorded, read_as, None

    @staticmethod
    def encodingOptions(layer, path, parts):
        """['ENCODING=...'] for a shapefile (or a lone .dbf) whose text QGIS decodes by an encoding (its
        .cpg, its language driver, or the one set on the layer), so that GDAL reads its field names and
        classes as QGIS shows them: in QGIS's Python, GDAL does not decode a shapefile's text (QGIS sets
        SHAPE_ENCODING empty), and names of another encoding than UTF-8 read as undecoded bytes. Else []."""
        if layer is None or not path.lower().endswith((".shp", ".dbf")) or any(
                option.upper().startswith("ENCODING=") for option in parts.get("openOptions") or []):
            return []
        encoding = layer.dataProvider().encoding()
        return [f"ENCODING={encoding}"] if encoding and encoding != "System" else []

    @staticmethod
    def givenFeatures(layer, read_as, request):
        """The features of vector `layer` QGIS gives a run (`read_as`, featuresShown: the selected ones, the
        first n), as QgsProcessingUtils writes them to its copy, by `request`."""
        request.setLimit(read_as.get("feature_limit", -1))
        if read_as.get("selected_only"):
            return layer.getSelectedFeatures(request)
        return layer.getFeatures(request)

    @classmethod
    def copiedIds(cls, layer, read_as, path, layer_name, by_field=True):
        """{FID in the copy: FID in QGIS} of the features of vector `layer` written to its copy (`path`,
        `layer_name`), where they differ, else None; DROPPED where the copy does not hold them all. The copy
        holds the features QGIS gives (givenFeatures) numbered from 1 in that order, or (`by_field`, as
        QgsVectorFileWriter writes them) by their value of the layer's field named as the copy's FID column
        (a GeoPackage's 'fid') where it has one: a feature without a value of it or with the value of
        another (a GeoPackage's unsaved new feature, features pasted twice) takes another's FID, and the
        copy drops one of the two."""
        column, stored = stored_ids(path, layer_name)
        index = layer.fields().lookupField(column) if column and by_field else -1
        request = QgsFeatureRequest().setFlags(QgsFeatureRequest.NoGeometry)
        request.setSubsetOfAttributes([index] if index >= 0 else [])
        given = [(feature.id(), feature.attribute(index) if index >= 0 else None)
                 for feature in cls.givenFeatures(layer, read_as, request)]
        copied = ({value: fid for fid, value in given if isinstance(value, int)} if index >= 0
                  else {number: fid for number, (fid, _) in enumerate(given, 1)})
        if len(stored) != len(given) or len(copied) != len(given) or set(stored) != set(copied):
            return DROPPED
        return None if all(key == value for key, value in copied.items()) else copied

    def ownCopy(self, layer, name, read_as, context, feedback):
        """A GeoPackage of the features of vector `layer` QGIS gives the run (parameter `name`, `read_as`)
        without the field FID_FIELD, so numbered from 1 in the order QGIS gives them: where QGIS's own copy,
        numbered by that field, dropped features (copiedIds). The log says so."""
        kept = [index for index, field in enumerate(layer.fields()) if field.name().lower() != FID_FIELD]
        fields = QgsFields()
        for index in kept:
            fields.append(layer.fields().at(index))
        path = QgsProcessingUtils.generateTempFilename(f"{name}.gpkg")
        options = QgsVectorFileWriter.SaveVectorOptions()
        options.driverName, options.fileEncoding = "GPKG", context.defaultEncoding()
        writer = QgsVectorFileWriter.create(path, fields, layer.wkbType(), layer.crs(),
                                            context.transformContext(), options)
        for number, feature in enumerate(self.givenFeatures(layer, read_as, QgsFeatureRequest())):
            if number % 1000 == 0 and feedback.isCanceled():
                raise Canceled("canceled while copying a layer")
            copied, values = QgsFeature(fields), feature.attributes()
            copied.setGeometry(feature.geometry())
            copied.setAttributes([values[index] for index in kept])
            writer.addFeature(copied)
        del writer
        self.info(feedback, GmmSelect.tr(
            "{0}: the copy QGIS writes of layer '{1}' for the run drops features (QGIS numbers it by the "
            "field 'fid', which an unsaved new feature leaves empty or features pasted twice share): the run "
            "reads a copy of its own, without that field").format(name, layer.name()))
        return path

    @staticmethod
    def featuresShown(parameters, name, layer):
        """What QGIS gives of feature source `name` (vector `layer`, or None) that its file does not hold,
        as a model records it: {'selected_only': True, 'feature_limit': n, 'unsaved_edits': True,
        'fields_added': [names], 'crs': WKT, 'crs_name': its name}, each where it applies."""
        definition = parameters.get(name)
        read_as = {}
        if isinstance(definition, QgsProcessingFeatureSourceDefinition):
            read_as.update(selected_only=definition.selectedFeaturesOnly,
                           feature_limit=definition.featureLimit)
        if layer is not None:
            fields = layer.fields()
            read_as.update(unsaved_edits=layer.isModified(), fields_added=[
                field.name() for index, field in enumerate(fields)
                if fields.fieldOrigin(index) in (QgsFields.OriginJoin, QgsFields.OriginExpression)])
            if other_crs(layer):
                read_as.update(crs_record(layer))
        return {key: value for key, value in read_as.items() if value not in (False, [], -1)}

    @staticmethod
    def shownOtherwise(layer, read_as):
        """What QGIS shows of vector `layer` that its file does not hold (`read_as`, featuresShown), each in a
        few words (none: [])."""
        words = report_words()
        shown = other_crs(layer)
        if read_as.get("unsaved_edits"):
            shown.append(words("unsaved edits"))
        if read_as.get("fields_added"):
            shown.append(words("fields added", fields=", ".join(read_as["fields_added"])))
        return shown

    # -- running ----------------------------------------------------------------------------

    def info(self, feedback, text):
        """Log `text` (a core Text in the QGIS language) on a line of its own."""
        self.endDots(feedback)
        feedback.pushInfo(undecoded_shown(translated(text)))

    def warning(self, feedback, text):
        """Log the warning `text` (a core Text in the QGIS language) on a line of its own."""
        self.endDots(feedback)
        feedback.pushWarning(undecoded_shown(translated(text)))

    @staticmethod
    def endDots(feedback):
        """End the line of progress dots qgis_process has left open, if it may have (dots_open), with an empty
        message: a line break (before 'WARNING:' too)."""
        if not console_dots():
            return
        progress, logged = feedback.progress(), feedback.property(LOGGED_AT)
        feedback.setProperty(LOGGED_AT, progress)
        if dots_open(0.0 if logged is None else logged, progress,
                     feedback.metaObject().className() == MODEL_STEP_FEEDBACK):
            feedback.pushInfo("")

    def logBlas(self, feedback):
        """Name the BLAS NumPy uses (once per run) and, for the slow reference BLAS, how to get OpenBLAS."""
        blas = blas_in_use()
        if blas is None:
            self.info(feedback, GmmSelect.tr("Linear algebra: no BLAS library found in this process"))
        elif not blas.reference:
            self.info(feedback, GmmSelect.tr("Linear algebra: NumPy uses {0} ({1})").format(
                translated(blas.name), blas.path))
        else:
            self.warning(feedback, GmmSelect.tr(
                "Linear algebra: NumPy uses the {0} ({1}), which is slow: prediction takes about 1.6 times "
                "longer. Install OpenBLAS (Debian, Ubuntu: sudo apt install {2}) and restart QGIS.").format(
                    translated(blas.name), blas.path, FAST_BLAS_PACKAGE))
        interposed = numpys_cblas_path()
        if interposed:
            self.info(feedback, GmmSelect.tr(
                "Linear algebra: this process answers NumPy's own matrix products with {0}, loaded before "
                "NumPy (by QGIS); GMM Select calls {1} for its products directly").format(
                    interposed, blas.path))

    def logTo(self, feedback):
        """A log callable for the core and raster layers: the warning lines (notices.warning_lines) become
        warnings, shown as such without their 'warning: ' prefix; any other line an info."""
        def log(line):
            if isinstance(line, WarningLine):
                self.warning(feedback, line.values["text"])
            else:
                self.info(feedback, line)
        return log

    def commitOutputs(self, feedback):
        """Publish every staged output file together (the last step of a run), unless the run was canceled
        (a cancel after the computation's last check still leaves nothing)."""
        if feedback.isCanceled():
            raise Canceled("canceled before the outputs were published")
        self.staging.commit()

    @contextmanager
    def userErrors(self):
        """Turn bad input and cancellation into QgsProcessingException; on failure, the staged outputs
        and the folders the run created are removed."""
        self.staging = OutputSet()
        try:
            yield
        except BaseException as error:
            self.staging.discard()
            message = self.userMessage(error)
            if message is None:
                raise
            raise QgsProcessingException(undecoded_shown(message)) from None

    def userMessage(self, error):
        """The message a user sees for `error`, or None to let it through unchanged."""
        if isinstance(error, Canceled):
            return GmmSelect.tr("Canceled: no output was written.")
        if isinstance(error, ValueError):  # DataError, ModelFileError and the core's checks
            text = message(error)
            return sentence(translated(text), keep_case=starts_with_value(text))
        if isinstance(error, OSError):
            where = f"'{error.filename}'" if error.filename else GmmSelect.tr("a file")
            return GmmSelect.tr("Cannot access {0}: {1}. Check that the path exists, is readable (inputs) "
                                "and its folder is writable, with free space (outputs).").format(
                                    where, error.strerror or error)
        if isinstance(error, MemoryError):
            return GmmSelect.tr("Not enough memory: lower MAX_SAMPLES (training) or use a smaller raster.")
        return None


def console_dots():
    """True under qgis_process printing its progress (as dots: not with --json)."""
    return QgsApplication.platform() == CONSOLE_PLATFORM and CONSOLE_JSON not in QgsApplication.arguments()


def reported(progress):
    """What of `progress` a QgsFeedback reports: it signals a change of its int(progress * 10) only."""
    return int(progress * 10)


def console_tick(progress):
    """The last tick of its progress line qgis_process has printed once its progress, from 0, reached
    `progress`: -1 (none) until a change is reported, then int(progress * 0.4), at most CONSOLE_TICKS."""
    return -1 if reported(progress) <= 0 else min(CONSOLE_TICKS, int(progress * 0.4))


def dots_open(logged, progress, model_step):
    """True where qgis_process may have printed progress dots since the last message, at feedback progress
    `logged`, and not ended their line. In a single run, its own feedback's progress is the one it prints:
    it printed ticks where `progress` reached another tick, and ended the line at the last. A model's step
    (`model_step`) has its own progress, of which the model's that qgis_process prints is a share this
    side does not know (which step of how many): any change reported of the step's progress (even down: a
    new step) may have printed dots, so the next message starts a line, after an empty one where none were
    printed."""
    if model_step:
        return reported(progress) != reported(logged)
    return console_tick(logged) < console_tick(progress) < CONSOLE_TICKS


def spoken_boolean(value):
    """The truth a text of BOOLEAN_WORDS says ('No' -> False), or None for any other value."""
    return BOOLEAN_WORDS.get(value.strip().lower()) if isinstance(value, str) else None


def recorded_reading(**inputs):
    """{'read_as': {input: what QGIS gave of it that its file does not hold}} as a model records it (only
    the inputs where QGIS gave something), or {}."""
    read_as = {name: shown for name, shown in inputs.items() if shown}
    return {"read_as": read_as} if read_as else {}


def report_words():
    """The reports' Words in the QGIS language: their texts and the names of the choices."""
    return Words(dict(translated_choices(WORDS)))


def default_text(parameter):
    """How a help text states the default of `parameter` ('5', '0.3', 'yes'), or None (no default, or
    an output)."""
    value = parameter.defaultValue()
    if parameter.isDestination() or value is None or value == "":
        return None
    if isinstance(parameter, QgsProcessingParameterBoolean):
        return GmmSelect.tr("yes") if value else GmmSelect.tr("no")
    return f"{value:g}" if isinstance(value, float) else str(value)


def other_no_data(provider, band):
    """True where QGIS masks other values of `band` than its file's no-data: values added in the layer's
    properties, or the file's own no-data value not used."""
    return bool(provider.userNoDataValues(band)) or (provider.sourceHasNoDataValue(band)
                                                     and not provider.useSourceNoDataValue(band))


def shown_no_data(provider, n_bands):
    """{band number: BandNoData} of the bands whose no-data QGIS shows otherwise than their file's: the file's
    value used or not, and the ranges added in QGIS (a bound of NaN is none)."""
    return {band: BandNoData(provider.useSourceNoDataValue(band),
                             tuple(no_data_range(values) for values in provider.userNoDataValues(band)))
            for band in range(1, n_bands + 1) if other_no_data(provider, band)}


def no_data_range(values):
    """(low, high, low included, high included) of a QgsRasterRange."""
    bounds = values.bounds()
    low = -math.inf if math.isnan(values.min()) else values.min()
    high = math.inf if math.isnan(values.max()) else values.max()
    return (low, high, bounds in (QgsRasterRange.IncludeMinAndMax, QgsRasterRange.IncludeMin),
            bounds in (QgsRasterRange.IncludeMinAndMax, QgsRasterRange.IncludeMax))


def other_crs(layer):
    """[in a few words, the CRS QGIS shows `layer` in] where that is not its file's, else []."""
    file_crs = layer.dataProvider().crs()
    if layer.crs() == file_crs:
        return []
    return [GmmSelect.tr("in the CRS set in QGIS ({0}), not its file's ({1})").format(
        crs_label(layer.crs()), crs_label(file_crs))]


def crs_record(layer):
    """The CRS QGIS shows `layer` in as a model records it: {'crs': WKT, 'crs_name': crs_label}, or {} where
    it is not valid."""
    crs = layer.crs()
    if not crs.isValid():
        return {}
    return {"crs": crs.toWkt(QgsCoordinateReferenceSystem.WKT_PREFERRED_GDAL), "crs_name": crs_label(crs)}


def crs_label(crs):
    """How a message names a QGIS CRS: its authority id ('EPSG:32622'), else its description; 'no CRS'."""
    if not crs.isValid():
        return GmmSelect.tr("no CRS")
    return crs.authid() or crs.description()


def starts_with_value(text):
    """True where `text`, a core Text as the QGIS language shows it (i18n.translated), starts with one of its
    values that is not a Text itself: a path, a name, a number, as given ('models/notes.gmm is not a GMM
    Select model file'); a Text value is looked into in turn. False for any other text."""
    if not isinstance(text, Text):
        return False
    field = LEADING_FIELD.match(translated_template(text))
    value = text.values.get(field.group(1)) if field else None
    return starts_with_value(value) if isinstance(value, Text) else field is not None


def sentence(message, keep_case=False):
    """`message` with a capital first letter (unless `keep_case`: it starts with a path or a name, whose case
    is its own) and a final full stop."""
    message = message.strip() or GmmSelect.tr("unknown error")
    message = message if keep_case else message[0].upper() + message[1:]
    return message if message.endswith((".", "!", "?")) else message + "."

