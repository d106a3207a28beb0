"""The repository importable as the package `gmmselect` in the benchmarks, whatever the clone's folder
is called (as tests/conftest.py does for the tests)."""

import atexit
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
_parent = []


def use_repository():
    """Put a folder holding the repository as `gmmselect/` first on sys.path and on PYTHONPATH (for
    child processes and Dask workers started from here), once; return that folder."""
    if not _parent:
        parent = tempfile.mkdtemp(prefix="gmmselect-bench-")
        atexit.register(shutil.rmtree, parent, True)
        os.symlink(REPO, os.path.join(parent, "gmmselect"))
        sys.path.insert(0, parent)
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [parent, os.environ.get("PYTHONPATH")]))
        _parent.append(parent)
    return _parent[0]
