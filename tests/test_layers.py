"""Layers: every module imports only its own layer or those below, never in a circle.

core (NumPy, SciPy) <- raster (GDAL) <- algorithms (Processing) <- gui, plugin.py; i18n (translation) is a
leaf that algorithms, gui and plugin.py use. The imports are read with ast from every module of the plugin,
those inside functions included, relative (`from ..core import x`) and absolute (`gmmselect.core`).
"""

import ast
import glob
import os
import subprocess
import sys

import pytest
from qgis_helpers import REPO

PACKAGE = "gmmselect"
#: Rank of each top-level part: a module may import its own rank or lower ones.
LAYERS = {"core": 0, "raster": 1, "algorithms": 2, "gui": 3, "plugin": 3, "": 3}
LEAF = "i18n"
#: The leaf is usable from this rank up (algorithms, gui, plugin.py).
LEAF_USERS = 2


def module_name(path):
    """'gmmselect.core.model' of `core/model.py`; 'gmmselect.core' of `core/__init__.py`."""
    parts = os.path.relpath(path, REPO)[:-3].split(os.sep)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([PACKAGE, *parts])


def plugin_modules():
    """{module name: source} of every module of the plugin (tests and dev/ are not part of it)."""
    paths = glob.glob(os.path.join(REPO, "*.py")) + glob.glob(os.path.join(REPO, "*", "*.py"))
    paths = [path for path in paths if os.path.relpath(path, REPO).split(os.sep)[0] not in ("tests", "dev")]
    sources = {}
    for path in paths:
        with open(path, encoding="utf-8") as stream:
            sources[module_name(path)] = stream.read()
    return sources


def imported(module, source, modules):
    """[(imported module, line)] of the project modules `module` imports, anywhere in its source."""
    package = module if is_package(module, modules) else module.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            names = [f"{base}.{alias.name}" for alias in node.names]
            found += [(name if name in modules else base, node.lineno) for name in names]
    return [(name, line) for name, line in found if name == PACKAGE or name.startswith(PACKAGE + ".")]


def is_package(module, modules):
    """Whether `module` is a package (some module lives under it)."""
    return any(other.startswith(module + ".") for other in modules)


def part(module):
    """The top-level part of a module: 'core', 'raster', ..., 'plugin', or '' for the package itself."""
    return module.split(".")[1] if "." in module else ""


def layer_problem(source, target):
    """Why importing `target` from `source` breaks the layers, or None."""
    source_part, target_part = part(source), part(target)
    if source_part == LEAF:
        return None if target_part == LEAF else f"{LEAF} is a leaf: it imports no module of the plugin"
    if target_part == LEAF:
        return (None if LAYERS[source_part] >= LEAF_USERS
                else f"{source_part} is below the translation ({LEAF}): its messages are English")
    if LAYERS[target_part] > LAYERS[source_part]:
        return f"{source_part or PACKAGE} imports the higher layer {target_part or PACKAGE}"
    return None


def edges(modules):
    """{module: [(imported module, line)]} of the project imports of each module."""
    return {module: [(target, line) for target, line in imported(module, source, modules) if target != module]
            for module, source in modules.items()}


def upward_imports(modules):
    """['source:line imports target: why'] of every import that breaks the layers."""
    return [f"{source}:{line} imports {target}: {problem}"
            for source, targets in edges(modules).items() for target, line in targets
            if (problem := layer_problem(source, target)) is not None]


def circles(modules):
    """The import circles between modules: each as the sorted list of its modules (Tarjan's SCC)."""
    graph = {module: sorted({target for target, _ in targets if target in modules})
             for module, targets in edges(modules).items()}
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in graph[node]:
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_modules_are_read():
    modules = plugin_modules()
    assert {"gmmselect", "gmmselect.plugin", "gmmselect.core.model", "gmmselect.raster.training",
            "gmmselect.algorithms.provider", "gmmselect.gui.curves", "gmmselect.i18n"} <= set(modules)
    assert not any(".tests" in module or ".dev" in module for module in modules)
    targets = {target for target, _ in edges(modules)["gmmselect.raster.training"]}
    assert {"gmmselect.core", "gmmselect.core.modelfile", "gmmselect.raster.style"} <= targets


def test_no_module_imports_a_higher_layer():
    assert upward_imports(plugin_modules()) == []


def test_no_modules_import_each_other_in_a_circle():
    assert circles(plugin_modules()) == []


FAKE = {"gmmselect": "", "gmmselect.core": "", "gmmselect.core.model": "import numpy\n",
        "gmmselect.raster": "", "gmmselect.raster.files": "from ..core.model import x\n",
        "gmmselect.algorithms": "", "gmmselect.algorithms.base": "from ..i18n import GmmSelect\n",
        "gmmselect.gui": "", "gmmselect.gui.dialog": "from ..algorithms import base\n",
        "gmmselect.i18n": "", "gmmselect.plugin": "from .gui import dialog\n"}


@pytest.mark.parametrize(("module", "source", "problem"), [
    ("gmmselect.core.model", "def f():\n    from ..raster import files\n",
     "gmmselect.core.model:2 imports gmmselect.raster.files: core imports the higher layer raster"),
    ("gmmselect.raster.files", "import gmmselect.algorithms.base\n",
     "gmmselect.raster.files:1 imports gmmselect.algorithms.base: raster imports the higher layer "
     "algorithms"),
    ("gmmselect.algorithms.base", "from gmmselect.gui import dialog\n",
     "gmmselect.algorithms.base:1 imports gmmselect.gui.dialog: algorithms imports the higher layer gui"),
    ("gmmselect.raster.files", "from ..i18n import GmmSelect\n",
     "gmmselect.raster.files:1 imports gmmselect.i18n: raster is below the translation (i18n): its messages "
     "are English"),
    ("gmmselect.i18n", "from .core import model\n",
     "gmmselect.i18n:1 imports gmmselect.core.model: i18n is a leaf: it imports no module of the plugin"),
])
def test_the_check_finds_upward_imports_anywhere(module, source, problem):
    assert upward_imports(FAKE) == []
    assert upward_imports(dict(FAKE, **{module: source})) == [problem]


def test_the_check_finds_circles():
    assert circles(FAKE) == []
    looped = dict(FAKE, **{"gmmselect.core.model": "from . import stats\n",
                           "gmmselect.core.stats": "from .model import x\n"})
    assert circles(looped) == [["gmmselect.core.model", "gmmselect.core.stats"]]


def test_the_plugin_imports_dask_only_when_asked():
    """core, raster (with its Dask module), the algorithms and the plugin load without importing dask."""
    code = ("import sys; import gmmselect.core, gmmselect.raster, gmmselect.raster.distributed, "
            "gmmselect.raster.bands, gmmselect.algorithms.provider, gmmselect.plugin; "
            "print(sorted(name for name in sys.modules if name.split('.')[0] in ('dask', 'distributed')))")
    parent = os.environ["GMMSELECT_PLUGIN_PARENT"]
    environment = {**os.environ, "PYTHONPATH": parent, "QT_QPA_PLATFORM": "offscreen"}
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                               env=environment, cwd=REPO)
    assert completed.stdout.strip() == "[]"
