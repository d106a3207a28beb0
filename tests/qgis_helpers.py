"""One headless QGIS application for the whole test session, with Processing and the plugin.

`start_qgis()` is idempotent: every QGIS test module calls it from a module fixture. The
application is never exited (exitQgis at interpreter shutdown can crash); the process ends anyway.
`qgis_process_env()` and `run_qgis_process()` drive the real `qgis_process` executable with the
plugin in a throwaway plugin path and a throwaway profile (the user's profile is never touched).
"""

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import contextmanager

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROCESSING_PLUGINS = "/usr/share/qgis/python/plugins"
LANDSAT = os.path.join(REPO, "tests", "data", "landsat5_rstoolbox", "lsat_tm_7band.tif")
POLYGONS = os.path.join(REPO, "tests", "data", "landsat5_rstoolbox", "training_polygons.gpkg")
CLASSES = ["cleared", "fallen_dry", "forest", "water"]

_state = {}


def start_qgis(gui=False):
    """The QgsApplication, started once, with Processing initialised and the plugin's provider added (with
    widgets where `gui`: in a process of its own, see test_processing's TAU_WIDGETS)."""
    if "app" in _state:
        return _state["app"]
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    if PROCESSING_PLUGINS not in sys.path:
        sys.path.append(PROCESSING_PLUGINS)
    from qgis.core import QgsApplication

    app = QgsApplication([], gui)
    QgsApplication.setPrefixPath("/usr", True)
    app.initQgis()
    from processing.core.Processing import Processing

    Processing.initialize()
    import gmmselect

    plugin = gmmselect.classFactory(None)
    plugin.initProcessing()
    _state.update(app=app, plugin=plugin)
    return app


@contextmanager
def french_translation():
    """The plugin's French translation installed on the application while the block runs."""
    from qgis.PyQt.QtCore import QCoreApplication, QTranslator

    translator = QTranslator()
    assert translator.load(os.path.join(REPO, "i18n", "gmmselect_fr.qm"))
    QCoreApplication.installTranslator(translator)
    try:
        yield translator
    finally:
        QCoreApplication.removeTranslator(translator)


def run_algorithm(algorithm_id, parameters, feedback=None, context=None):
    """processing.run, quiet (a plain feedback unless one is given)."""
    import processing
    from qgis.core import QgsProcessingFeedback

    return processing.run(algorithm_id, parameters, feedback=feedback or QgsProcessingFeedback(),
                          context=context)


def cancel_past(percent):
    """A QgsProcessingFeedback that cancels the run once its progress passes `percent`."""
    return recorder(percent)


def beyond_training_reference(warnings):
    """The `warnings` of a run but the two Assess gives where the reference is the training polygons of the
    map's model: its pixels taken as independent samples, and the layer the model was trained on."""
    return [line for line in warnings if "independent samples" not in line and "was trained on" not in line]


def recorder(percent=None, errors=False):
    """A QgsProcessingFeedback that keeps the log lines (`infos`) and the warnings (with the errors reported,
    where `errors`) and, given a `percent`, cancels the run once its progress passes it."""
    from qgis.core import QgsProcessingFeedback

    class Recording(QgsProcessingFeedback):
        def __init__(self):
            super().__init__()
            self.infos, self.warnings = [], []

        def pushInfo(self, info):  # noqa: N802 (QGIS's name)
            self.infos.append(info)

        def pushWarning(self, warning):  # noqa: N802 (QGIS's name)
            self.warnings.append(warning)

        def reportError(self, error, fatal=False):  # noqa: N802 (QGIS's name)
            if errors:
                self.warnings.append(error)

        def setProgress(self, progress):  # noqa: N802 (QGIS's name)
            super().setProgress(progress)
            if percent is not None and progress > percent:
                self.cancel()

    return Recording()


def processing_exception():
    """QgsProcessingException (imported once QGIS runs)."""
    from qgis.core import QgsProcessingException

    return QgsProcessingException


def plugin():
    """The plugin object whose provider is registered."""
    start_qgis()
    return _state["plugin"]


def qgis_process_executable():
    """`qgis_process`, or `qgis_process.bin` when Debian's wrapper passes a flag QGIS rejects."""
    wrapper = shutil.which("qgis_process")
    if wrapper:
        probe = subprocess.run([wrapper, "--version"], capture_output=True, text=True,
                               env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=120)
        if probe.returncode == 0:
            return wrapper
    return shutil.which("qgis_process.bin") or "/usr/bin/qgis_process.bin"


def qgis_process_env():
    """Environment for qgis_process: the plugin path, a throwaway profile, offscreen Qt."""
    if "env" not in _state:
        profile = tempfile.mkdtemp(prefix="gmmselect-qgis-profile-")
        atexit.register(shutil.rmtree, profile, True)
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=profile,
                   XDG_RUNTIME_DIR=profile, QGIS_PLUGINPATH=plugin_parent())
        enable = subprocess.run([qgis_process_executable(), "plugins", "enable", "gmmselect"],
                                capture_output=True, text=True, env=env, timeout=300)
        if enable.returncode != 0:
            raise RuntimeError(f"qgis_process plugins enable gmmselect failed:\n{enable.stdout}\n"
                               f"{enable.stderr}")
        _state["env"] = env
    return _state["env"]


def plugin_parent():
    """The folder holding the plugin as `gmmselect/` (made by conftest)."""
    return os.environ["GMMSELECT_PLUGIN_PARENT"]


def run_qgis_process(*arguments, timeout=600, extra_env=None):
    """Run qgis_process with `arguments` (and `extra_env` over its environment); return (completed
    process, parsed JSON or None)."""
    completed = subprocess.run([qgis_process_executable(), *arguments], capture_output=True, text=True,
                               env={**qgis_process_env(), **(extra_env or {})}, timeout=timeout)
    parsed = None
    if "--json" in arguments and completed.stdout.strip():
        start = completed.stdout.find("{")
        parsed = json.loads(completed.stdout[start:]) if start >= 0 else None
    return completed, parsed


def category_names(path, band=1):
    """Category names of a band. GDAL 3.6's GTiff driver loads the .aux.xml lazily and
    GetCategoryNames alone does not trigger it: read the description first."""
    from osgeo import gdal

    dataset = gdal.Open(path)  # keep a reference: the band does not keep its dataset alive
    raster_band = dataset.GetRasterBand(band)
    raster_band.GetDescription()
    return raster_band.GetCategoryNames()
