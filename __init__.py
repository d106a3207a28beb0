"""GMM Select: Gaussian mixture classification with band selection, as a QGIS Processing plugin.

Importing this package imports nothing from QGIS, so `gmmselect.core` serves any Python.
"""


def classFactory(iface):  # noqa: N802 (QGIS entry point name)
    """QGIS entry point: the plugin object (iface is only used by its GUI part)."""
    from .plugin import GmmSelectPlugin

    return GmmSelectPlugin(iface)
