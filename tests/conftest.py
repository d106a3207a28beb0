"""Make the repository importable as the package `gmmselect`, whatever the clone's folder is called."""

import atexit
import os
import shutil
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TEST_DATA = os.path.join(REPO, "tests", "data")

_plugin_parent = tempfile.mkdtemp(prefix="gmmselect-plugins-")
atexit.register(shutil.rmtree, _plugin_parent, True)
os.symlink(REPO, os.path.join(_plugin_parent, "gmmselect"))
sys.path.insert(0, _plugin_parent)
os.environ.setdefault("GMMSELECT_PLUGIN_PARENT", _plugin_parent)


def data_file(*parts):
    """Path of a bundled test data file (real data, with its licence note, in tests/data)."""
    return os.path.join(TEST_DATA, *parts)
