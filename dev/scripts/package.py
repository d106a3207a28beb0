"""Build the plugin zip for the QGIS plugin repository and check it against the repository's rules.

Usage: python3 dev/scripts/package.py [build/gmmselect.zip]   (builds, checks, exits 1 on a problem)

The zip holds one top-level folder, `gmmselect/`, with the plugin's modules, packages, icons,
licence, README and compiled translations; tests, the developer material (dev/) and CI files stay out.
"""

import configparser
import glob
import os
import sys
import zipfile

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = "gmmselect"
FILES = ["metadata.txt", "LICENSE", "README.md", "*.py", "i18n/*.py", "i18n/*.qm"]
FOLDERS = ["core", "raster", "algorithms", "gui", "icons"]
REQUIRED = ["name", "qgisMinimumVersion", "description", "about", "version", "author", "email", "repository"]
RECOMMENDED = ["tracker", "homepage", "tags", "category", "icon"]
BINARY_SUFFIXES = (".pyc", ".pyo", ".so", ".dll", ".exe", ".dylib")
BINARY_PARTS = ("__pycache__", ".git")
LICENCE_NAMES = ("LICENSE", "LICENSE.txt", "LICENSE.md", "COPYING", "LICENCE")
MAX_BYTES = 20 * 2**20


def plugin_files(repo=REPO):
    """Paths (relative to `repo`, sorted) of the files that go into the zip."""
    found = {os.path.relpath(path, repo) for pattern in FILES
             for path in glob.glob(os.path.join(repo, pattern))}
    for folder in FOLDERS:
        for root, folders, files in os.walk(os.path.join(repo, folder)):
            folders[:] = [name for name in folders if name not in BINARY_PARTS]
            found.update(os.path.relpath(os.path.join(root, name), repo) for name in files
                         if not name.endswith(BINARY_SUFFIXES))
    return sorted(found)


def build(zip_path, repo=REPO):
    """Write the plugin zip to `zip_path` (folders created) and return its path."""
    os.makedirs(os.path.dirname(os.path.abspath(zip_path)), exist_ok=True)
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in plugin_files(repo):
            archive.write(os.path.join(repo, path), f"{PACKAGE}/{path}")
    return zip_path


def top_folder_problems(names):
    """The zip must hold exactly one top-level folder whose name is a valid Python package name."""
    tops = {name.split("/", 1)[0] for name in names}
    if len(tops) != 1 or not all("/" in name for name in names):
        return [f"the zip must hold one top-level folder and nothing beside it; found {sorted(tops)}"]
    top = tops.pop()
    if not top.isidentifier():
        return [f"the top-level folder '{top}' is not a valid Python package name (letters, digits, _)"]
    return []


def binary_problems(names):
    """Compiled files and VCS or cache folders are refused by the repository."""
    return [f"{name}: binary or generated file (.pyc, .so, .dll, .exe, .dylib, __pycache__, .git) "
            "must not be in the zip" for name in names
            if name.endswith(BINARY_SUFFIXES) or set(name.split("/")) & set(BINARY_PARTS)]


def metadata_problems(archive, top):
    """metadata.txt: required and recommended fields, the icon in the zip, the Processing provider."""
    path = f"{top}/metadata.txt"
    if path not in archive.namelist():
        return [f"{path} is missing"]
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str
    parser.read_string(archive.read(path).decode("utf-8"))
    if not parser.has_section("general"):
        return [f"{path} has no [general] section"]
    general = parser["general"]
    problems = [f"{path}: field '{name}' is missing or empty" for name in REQUIRED + RECOMMENDED
                if not general.get(name, "").strip()]
    icon = general.get("icon", "").strip()
    if icon and f"{top}/{icon}" not in archive.namelist():
        problems.append(f"{path}: icon '{icon}' is not in the zip")
    if general.get("hasProcessingProvider", "").strip().lower() != "yes":
        problems.append(f"{path}: hasProcessingProvider must be 'yes' (the plugin is a Processing provider)")
    return problems


def source_problems(archive, top):
    """A licence file, an __init__.py with classFactory, and every .py compiling."""
    names = archive.namelist()
    problems = [] if any(f"{top}/{name}" in names for name in LICENCE_NAMES) else [
        f"no licence file ({', '.join(LICENCE_NAMES)}) in {top}/"]
    init = f"{top}/__init__.py"
    if init not in names or b"def classFactory" not in archive.read(init):
        problems.append(f"{init} must exist and define classFactory(iface)")
    for name in names:
        if name.endswith(".py"):
            try:
                compile(archive.read(name), name, "exec")
            except (SyntaxError, ValueError) as error:
                problems.append(f"{name} does not compile: {error}")
    return problems


def check(zip_path):
    """The problems that would make the QGIS plugin repository refuse `zip_path` (empty: it passes)."""
    if not zipfile.is_zipfile(zip_path):
        return [f"{zip_path} is not a zip file"]
    size = os.path.getsize(zip_path)
    problems = [] if size < MAX_BYTES else [f"{zip_path} is {size / 2**20:.1f} MB; keep it under 20 MB"]
    with zipfile.ZipFile(zip_path) as archive:
        names = [name for name in archive.namelist() if not name.endswith("/")]
        layout = top_folder_problems(names)
        problems += layout + binary_problems(names)
        if not layout:
            top = names[0].split("/", 1)[0]
            problems += metadata_problems(archive, top) + source_problems(archive, top)
    return problems


def main(arguments):
    """Build the zip (default build/gmmselect.zip), check it, print the result; 1 on a problem."""
    zip_path = build(arguments[0] if arguments else os.path.join(REPO, "build", f"{PACKAGE}.zip"))
    problems = check(zip_path)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    with zipfile.ZipFile(zip_path) as archive:
        count = len(archive.namelist())
    print(f"{zip_path}: {count} files, {os.path.getsize(zip_path) / 1024:.0f} kB, passes the plugin "
          "repository checks")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
