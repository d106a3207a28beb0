"""The plugin zip (`make package`): layout, contents and the QGIS plugin repository checks."""

import importlib.util
import os
import subprocess
import sys
import zipfile

import pytest
from qgis_helpers import REPO

SCRIPT = os.path.join(REPO, "dev", "scripts", "package.py")


def load_package_script():
    """dev/scripts/package.py as a module."""
    spec = importlib.util.spec_from_file_location("package_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


package = load_package_script()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The zip built into a temporary folder."""
    return package.build(str(tmp_path_factory.mktemp("package") / "gmmselect.zip"))


def names(path):
    """The file names in a zip."""
    with zipfile.ZipFile(path) as archive:
        return archive.namelist()


def rewritten(source, target, drop=(), replace=None, add=None):
    """A copy of zip `source` at `target` without `drop`, with {name: bytes} `replace` and `add`."""
    replace, add = replace or {}, add or {}
    with zipfile.ZipFile(source) as original, zipfile.ZipFile(target, "w") as copy:
        for name in original.namelist():
            if name not in drop:
                copy.writestr(name, replace.get(name, original.read(name)))
        for name, data in add.items():
            copy.writestr(name, data)
    return str(target)


def test_the_zip_holds_the_plugin_in_one_gmmselect_folder(built):
    files = names(built)
    assert {name.split("/", 1)[0] for name in files} == {"gmmselect"}
    for expected in ("metadata.txt", "__init__.py", "plugin.py", "algorithms/provider.py",
                     "raster/training.py", "raster/report.py", "LICENSE", "README.md", "core/model.py",
                     "raster/predict.py", "algorithms/predict.py", "icons/gmmselect.svg", "i18n/__init__.py",
                     "i18n/gmmselect_fr.qm"):
        assert f"gmmselect/{expected}" in files
    if os.path.isdir(os.path.join(REPO, "gui")):
        assert "gmmselect/gui/__init__.py" in files
    for excluded in ("tests/", "dev/", ".ci/", ".git", "__pycache__", "Makefile",
                     "ruff.toml", "pyproject.toml", ".gitignore", ".venv"):
        assert not any(excluded in name for name in files), excluded
    assert not any(name.endswith(".pyc") for name in files)


def test_the_zip_passes_the_repository_checks(built):
    assert package.check(built) == []


def test_make_package_builds_and_checks(tmp_path):
    target = str(tmp_path / "out" / "gmmselect.zip")
    completed = subprocess.run([sys.executable, SCRIPT, target], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert "passes the plugin repository checks" in completed.stdout
    assert names(target) == names(package.build(str(tmp_path / "again.zip")))


def test_bytecode_and_binaries_are_refused(built, tmp_path):
    bad = rewritten(built, tmp_path / "bad.zip", add={"gmmselect/core/model.cpython-311.pyc": b"\0",
                                                      "gmmselect/raster/__pycache__/x.txt": b"",
                                                      "gmmselect/lib/fast.so": b"\0"})
    problems = package.check(bad)
    assert len(problems) == 3
    assert problems[0] == ("gmmselect/core/model.cpython-311.pyc: binary or generated file (.pyc, .so, .dll, "
                           ".exe, .dylib, __pycache__, .git) must not be in the zip")
    assert problems[1].startswith("gmmselect/raster/__pycache__/x.txt: binary")
    assert problems[2].startswith("gmmselect/lib/fast.so: binary")


def test_missing_metadata_fields_are_named(built, tmp_path):
    with zipfile.ZipFile(built) as archive:
        metadata = archive.read("gmmselect/metadata.txt").decode("utf-8")
    lines = [line for line in metadata.splitlines() if not line.startswith(("email=", "tracker="))]
    lines = [line.replace("hasProcessingProvider=yes", "hasProcessingProvider=no")
             .replace("icon=icons/gmmselect.svg", "icon=icons/missing.svg") for line in lines]
    bad = rewritten(built, tmp_path / "bad.zip",
                    replace={"gmmselect/metadata.txt": "\n".join(lines).encode()})
    assert package.check(bad) == [
        "gmmselect/metadata.txt: field 'email' is missing or empty",
        "gmmselect/metadata.txt: field 'tracker' is missing or empty",
        "gmmselect/metadata.txt: icon 'icons/missing.svg' is not in the zip",
        "gmmselect/metadata.txt: hasProcessingProvider must be 'yes' (the plugin is a Processing provider)"]


def test_layout_licence_and_sources_are_checked(built, tmp_path):
    beside = rewritten(built, tmp_path / "beside.zip", add={"README.txt": b"x"})
    assert package.check(beside) == [
        "the zip must hold one top-level folder and nothing beside it; found ['README.txt', 'gmmselect']"]
    with zipfile.ZipFile(built) as archive:
        renamed = {name.replace("gmmselect/", "gmm-select/", 1): archive.read(name)
                   for name in archive.namelist()}
    dashed = rewritten(built, tmp_path / "dashed.zip", drop=names(built), add=renamed)
    assert package.check(dashed) == [
        "the top-level folder 'gmm-select' is not a valid Python package name (letters, digits, _)"]
    broken = rewritten(built, tmp_path / "broken.zip", drop=["gmmselect/LICENSE"],
                       replace={"gmmselect/raster/training.py": b"def broken(:\n"})
    problems = package.check(broken)
    assert problems[0] == "no licence file (LICENSE, LICENSE.txt, LICENSE.md, COPYING, LICENCE) in gmmselect/"
    assert problems[1].startswith("gmmselect/raster/training.py does not compile: ")
    assert len(problems) == 2
    assert package.check(str(tmp_path / "beside.zip").replace("beside", "nothing")) == [
        f"{tmp_path / 'nothing.zip'} is not a zip file"]
