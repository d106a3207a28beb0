"""`pip install .` in a fresh venv that sees Debian's NumPy, SciPy and GDAL (--system-site-packages) makes
`gmmselect.core` and `gmmselect.raster` importable, and the README's Python examples run verbatim."""

import configparser
import json
import os
import re
import shutil
import subprocess
import sys

import pytest
from qgis_helpers import REPO

#: What a copy of the repository leaves out: version control, builds, caches, venvs.
IGNORED = shutil.ignore_patterns(".git", "build", "*.egg-info", "__pycache__", ".venv*", ".pytest_cache")


def readme_block(heading):
    """The first ```python block after the README heading that starts with `heading`."""
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as stream:
        text = stream.read()
    start = text.index(f"\n## {heading}")
    return re.search(r"```python\n(.*?)```", text[start:], re.S).group(1)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(python of a venv where a copy of the repository was pip-installed, the copy's folder)."""
    root = tmp_path_factory.mktemp("install")
    source = root / "source"
    shutil.copytree(REPO, source, ignore=IGNORED)
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    pip = subprocess.run([python, "-m", "pip", "install", "--no-build-isolation", "--no-deps", "--no-index",
                          "--quiet", str(source)], capture_output=True, text=True, cwd=root)
    assert pip.returncode == 0, pip.stdout + pip.stderr
    return python, source


def run(python, code, cwd):
    """Run `code` as a script outside the repository's folder (so only the installed package can serve)."""
    script = cwd.parent / "script.py"
    script.write_text(code, encoding="utf-8")
    return subprocess.run([python, str(script)], capture_output=True, text=True, cwd=cwd, timeout=600)


def test_the_installed_package_is_the_engine_without_tests_or_developer_files(installed):
    python, source = installed
    done = run(python, "import json, os, gmmselect, gmmselect.core, gmmselect.raster\n"
                       "folder = os.path.dirname(gmmselect.__file__)\n"
                       "print(folder)\nprint(json.dumps(os.listdir(folder)))\n", source)
    assert done.returncode == 0, done.stderr
    folder, listing = done.stdout.splitlines()
    assert folder.startswith(str(source.parent / "venv"))
    files = set(json.loads(listing))
    assert {"core", "raster", "algorithms", "gui", "i18n", "icons", "metadata.txt", "plugin.py"} <= files
    assert not {"tests", "dev", "pyproject.toml"} & files


def test_the_readme_python_api_runs_verbatim(installed):
    python, source = installed
    done = run(python, readme_block("Python API") + "print(cv.kappa, len(result.best_sets), labels.shape)\n",
               source)
    assert done.returncode == 0, done.stderr
    kappa, sizes, shape = done.stdout.split(maxsplit=2)
    assert round(float(kappa), 3) == 0.886 and int(sizes) == 20 and shape.strip() == "(7713,)"


def test_the_readme_data_layer_example_runs_verbatim(installed):
    python, source = installed
    done = run(python, readme_block("Data layer") + "print(samples.counts)\n", source)
    assert done.returncode == 0, done.stderr
    assert "{'cleared': 1124, 'fallen_dry': 220, 'forest': 2271, 'water': 795}" in done.stdout
    assert (source / "classes.tif").is_file() and (source / "confidence.tif").is_file()


def test_the_package_version_is_the_plugin_version():
    metadata = configparser.ConfigParser()
    metadata.read(os.path.join(REPO, "metadata.txt"), encoding="utf-8")
    with open(os.path.join(REPO, "pyproject.toml"), encoding="utf-8") as stream:
        version = re.search(r'^version = "([^"]+)"', stream.read(), re.M).group(1)
    assert version == metadata["general"]["version"]


#: The functions whose whole signature the README writes out, by the name it gives them.
DOCUMENTED = {"select_features": "gmmselect.core.selection",
              "shrinkage_intensity": "gmmselect.core.shrinkage",
              "extract_samples": "gmmselect.raster.samples", "predict_raster": "gmmselect.raster.predict",
              "report_html": "gmmselect.raster.report"}


def readme_signatures():
    """(name, [parameter names]) of each whole signature the README writes as `name(a, b=..., ...)`."""
    with open(os.path.join(REPO, "README.md"), encoding="utf-8") as stream:
        text = stream.read()
    for match in re.finditer(r"`(?:[\w.]+\.)?(\w+)\(([^`]*?)\)`", text, re.S):
        name, listed = match.groups()
        if name in DOCUMENTED and not listed.startswith("..."):
            items, depth, item = [], 0, ""
            for character in listed:
                depth += (character in "([") - (character in ")]")
                if character == "," and depth == 0:
                    items.append(item)
                    item = ""
                else:
                    item += character
            yield name, [re.match(r"\s*(\w+)", part).group(1) + ("=" if "=" in part else "")
                         for part in items + [item]]


def test_the_readme_writes_every_parameter_of_the_signatures_it_shows():
    """Each function signature the README writes out has the function's positional parameters (by any
    name) and names its keyword parameters, in order: before,
    `predict_raster`'s `workers`, `extract_samples`'s `shown` and `select_features`'s `float32` were
    missing."""
    import importlib
    import inspect

    def keywords(names):
        return [name if name.endswith("=") else "" for name in names]

    shown = dict(readme_signatures())
    assert sorted(shown) == sorted(DOCUMENTED)
    for name, module in DOCUMENTED.items():
        parameters = inspect.signature(getattr(importlib.import_module(module), name)).parameters.values()
        assert keywords(shown[name]) == keywords(
            [parameter.name + ("=" if parameter.default is not parameter.empty else "")
             for parameter in parameters]), name
