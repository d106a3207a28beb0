"""Desktop GUI of GMM Select: the selection-curves dialog and the two ways it opens.

- `show_selection_curves(path)`: the provider's callback after each Train Selection run (main
  thread); adds the model's curve to the session's dialog. Outside the QGIS desktop
  (qgis_process, scripts, the tests' headless application) it does nothing.
- `open_model_file(parent)`: the plugin's "Show selection curves…" action; asks for a .gmm file.
"""

from qgis.core import QgsApplication

from .dialog import CurvesDialog, ask_model_path, close_session, present, session_dialog

__all__ = ["CurvesDialog", "close_session", "desktop_iface", "open_model_file", "show_selection_curves"]


def desktop_iface():
    """QGIS's `iface` inside the QGIS desktop application, else None (qgis_process, scripts, tests)."""
    from qgis import utils

    return utils.iface if QgsApplication.platform() == "desktop" else None


def show_selection_curves(path):
    """Add the selection curve of the model at `path` to the session's dialog and show it
    (non-modal); None without the QGIS desktop."""
    iface = desktop_iface()
    if iface is None:
        return None
    dialog = session_dialog(iface.mainWindow())
    dialog.addModelOrWarn(path)
    return present(dialog)


def open_model_file(parent):
    """Ask for a model file and show its selection curve in the session's dialog."""
    path = ask_model_path(parent)
    if not path:
        return None
    dialog = session_dialog(parent)
    return present(dialog) if dialog.addModelOrWarn(path) is not None else None
