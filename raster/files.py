"""Output files that appear complete and together, or not at all; outputs that never touch an input.

`OutputSet` is the one atomic writer: every file of a run is written under a hidden temporary
name beside its target, and `commit` renames them all at the very end. A failure before or
during the commit (or a cancel) removes every file and folder the run created and puts back
the files it was replacing, so the folders hold exactly what they held before.
"""

import os
import shutil
import uuid
from contextlib import contextmanager, suppress

from osgeo import gdal

from ..core.texts import QT_TRANSLATE_NOOP
from .errors import DataError
from .info import split_open_options

#: What GDAL writes or reads next to a raster: PAM metadata (category names, statistics), external
#: overviews (QGIS's Build Pyramids) and mask; a raster output replaces those of the file it replaces.
GDAL_SIDE_FILES = (".aux.xml", ".ovr", ".msk")
#: The longest suffix a staged name takes: a side file's, then '.previous' while the commit replaces it.
LONGEST_STAGED_SUFFIX = max(GDAL_SIDE_FILES, key=len) + ".previous"
#: The bytes of a file name on the systems QGIS runs on (NAME_MAX of Linux, macOS and NTFS alike).
NAME_BYTES = 255
#: Removals of a scratch folder tried before giving up (it is hidden and holds only intermediate files).
SCRATCH_ATTEMPTS = 100


def qml_path(path):
    """Path of the style QGIS loads with a layer: the same name with the extension .qml."""
    return os.path.splitext(path)[0] + ".qml"


def raster_output_files(path):
    """The files a raster output at `path` occupies: itself, GDAL's side files and its .qml style."""
    return [path, *(path + side for side in GDAL_SIDE_FILES), qml_path(path)]


def dataset_files(path):
    """The files of the GDAL dataset at `path` (every part: .shp, .dbf, .prj..., .ovr, the sources
    of a VRT; open options after it as QGIS writes them) and the side files GDAL and QGIS keep beside it
    (.aux.xml, .qml), present or not."""
    name, options = split_open_options(path)
    files = set(raster_output_files(name))
    gdal.PushErrorHandler("CPLQuietErrorHandler")
    try:
        dataset = gdal.OpenEx(name, open_options=options)
    except RuntimeError:
        dataset = None
    finally:
        gdal.PopErrorHandler()
    if dataset is not None:
        files.update(dataset.GetFileList() or [])
    return sorted(files)


def file_key(path):
    """What identifies a file: its device and inode when it exists (hard links, symlinks), else its
    real path (symlinks and '..' resolved)."""
    try:
        status = os.stat(path)
    except OSError:
        return ("path", os.path.realpath(path))
    return ("inode", status.st_dev, status.st_ino)


def first_clash(outputs, inputs):
    """The first (output name, other name, file) where output `outputs` {name: [files]} share a file
    with each other or with `inputs` {name: [files]}; None when they are all distinct."""
    owners = {}
    for name, files in inputs.items():
        for path in files:
            owners.setdefault(file_key(path), name)
    for name, files in outputs.items():
        mine = {file_key(path): path for path in files}
        for key, path in mine.items():
            if key in owners:
                return name, owners[key], path
        for key in mine:
            owners[key] = name
    return None


def check_distinct(outputs, inputs):
    """DataError when an output of `outputs` {name: [files]} would write a file of another output or
    of an input of `inputs` {name: [files]}."""
    clash = first_clash(outputs, inputs)
    if clash is not None:
        output, other, path = clash
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "output {output} would write {path!r}, which is also {other} of this run; choose "
            "another file name for {output}"), output=output, path=path, other=other)


class OutputSet:
    """The files of one run, staged under temporary names and published together by `commit`."""

    def __init__(self):
        self.staged = []   # (target, temporary): the temporary file becomes the target at commit
        self.folders = []  # folders this run created, parents first
        self.scratch = []  # folders of intermediate files, removed at the end whatever happens

    def __enter__(self):
        """Stage files in the block; commit when it ends normally, discard when it raises."""
        return self

    def __exit__(self, error_type, error, trace):
        """Commit or discard."""
        if error_type is None:
            self.commit()
        else:
            self.discard()
        return False

    def prepare(self, path):
        """The absolute `path`, its missing folders created (and remembered); DataError if it cannot be
        written."""
        if path.startswith("/vsi"):
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "output {path!r} is in one of GDAL's virtual file systems, which QGIS cannot "
                "open as a layer; give the name of a file on disk"), path=path)
        path = os.path.abspath(path)
        folder = os.path.dirname(path)
        missing = []
        while not os.path.lexists(folder) and folder != os.path.dirname(folder):
            missing.insert(0, folder)
            folder = os.path.dirname(folder)
        for created in missing:
            try:
                os.mkdir(created)
            except OSError as error:
                raise DataError(QT_TRANSLATE_NOOP(
                    "GmmSelect", "cannot create the output folder {folder!r}: {reason}; choose a folder you "
                    "can write to"), folder=created, reason=error.strerror) from error
            self.folders.append(created)
        folder = os.path.dirname(path)
        if not os.access(folder, os.W_OK | os.X_OK):
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "cannot write output {path!r}: folder {folder!r} is not writable; choose a "
                "folder you can write to"), path=path, folder=folder)
        if os.path.isdir(path):
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "output {path!r} is a folder; give the name of a file (in that folder or "
                "another), not of a folder"), path=path)
        if os.path.isfile(path) and not os.stat(path).st_mode & 0o222:
            raise DataError(QT_TRANSLATE_NOOP(
                "GmmSelect", "output {path!r} is a read-only file, which the run would replace; give another "
                "name, or make the file writable if it may go"), path=path)
        return path

    def stage(self, path, side_files=()):
        """A hidden temporary name beside `path` (same extension; its stem cut to leave room for the longest
        suffix) to write it to; the files GDAL adds to it (`side_files`, suffixes such as '.aux.xml') follow
        it, and stale ones of `path` go."""
        check_name_fits(path, side_files)
        path = self.prepare(path)
        folder, name = os.path.split(path)
        stem, extension = os.path.splitext(name)
        tail = f".{uuid.uuid4().hex[:12]}.partial{extension}"
        temporary = os.path.join(folder, f".{cut_stem(stem, tail + LONGEST_STAGED_SUFFIX)}{tail}")
        self.staged.append((path, temporary))
        self.staged.extend((path + side, temporary + side) for side in side_files)
        return temporary

    def scratch_folder(self, path):
        """A new hidden folder beside `path` for the run's intermediate files (e.g. tiles written by
        other machines), its name's stem cut as `stage` cuts it: removed with its content when the run
        commits or is discarded."""
        path = self.prepare(path)
        folder, name = os.path.split(path)
        tail = f".{uuid.uuid4().hex[:12]}.scratch"
        scratch = os.path.join(folder, f".{cut_stem(os.path.splitext(name)[0], tail)}{tail}")
        os.mkdir(scratch)
        self.scratch.append(scratch)
        return scratch

    def remove_scratch(self):
        """Delete the scratch folders and everything in them (again while another process, such as a
        Dask task still running after a cancel, adds a file between the listing and the removal)."""
        for folder in self.scratch:
            for _ in range(SCRATCH_ATTEMPTS):
                shutil.rmtree(folder, ignore_errors=True)
                if not os.path.lexists(folder):
                    break
        self.scratch = []

    def stage_raster(self, path):
        """`stage` for a GeoTIFF written by GDAL: its side files follow it, and the side files and style of
        the raster it replaces go (a style the run writes takes the style's place)."""
        temporary = self.stage(path, GDAL_SIDE_FILES)
        self.staged.append((qml_path(os.path.abspath(path)), qml_path(temporary)))
        return temporary

    @contextmanager
    def writing(self, path):
        """The staged name of `path` for the block to write; an OSError of the block names `path` (not the
        hidden staged name, nor none as a full disk's)."""
        temporary = self.stage(path)
        try:
            yield temporary
        except OSError as error:
            raise OSError(error.errno, error.strerror, os.path.abspath(path)) from error

    def write_text(self, path, text):
        """Stage `text` (UTF-8) as the content of `path`; return `path` (absolute)."""
        with self.writing(path) as temporary, open(temporary, "x", encoding="utf-8", newline="") as stream:
            stream.write(text)
        return os.path.abspath(path)

    def commit(self):
        """Publish every staged file; on any failure put everything back as it was, then re-raise."""
        replaced, published = [], []
        try:
            for target, temporary in self.staged:
                backup = None
                if os.path.lexists(target):
                    backup = f"{temporary}.previous"
                    os.replace(target, backup)
                    replaced.append((target, backup))
                if os.path.exists(temporary):
                    if backup is not None and not os.path.islink(backup):
                        shutil.copymode(backup, temporary)  # a private file stays private
                    os.replace(temporary, target)
                    published.append(target)
        except BaseException:
            for target in published:
                remove_quietly(target)
            for target, backup in reversed(replaced):
                os.replace(backup, target)
            self.discard()
            raise
        for _, backup in replaced:
            remove_quietly(backup)
        self.remove_scratch()
        self.staged, self.folders = [], []

    def discard(self):
        """Delete every staged temporary file and the folders this run created (when empty)."""
        for _, temporary in self.staged:
            remove_quietly(temporary)
        self.remove_scratch()
        for folder in reversed(self.folders):
            with suppress(OSError):  # not empty: something else wrote there meanwhile
                os.rmdir(folder)
        self.staged, self.folders = [], []


@contextmanager
def gdal_writes(path):
    """Run the block's GDAL or OGR writes of output `path` (from this thread); DataError naming it and
    GDAL's reason where one of them failed (a full disk, a quota, a size limit: GDAL reports them in its
    error state without raising, and the run would publish a file cut short)."""
    gdal.ErrorReset()
    yield
    if gdal.GetLastErrorType() >= gdal.CE_Failure:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "GDAL could not write output {path!r}: {problem}; check the free disk space, your "
            "quota and the file system's file size limit"), path=path, problem=gdal.GetLastErrorMsg())


def remove_quietly(path):
    """Delete `path` if it is there (a file that cannot be removed is left: nothing else can be done)."""
    with suppress(OSError):
        os.remove(path)


def cut_stem(stem, tail):
    """`stem` cut (on a whole character) so that '.' + stem + `tail` fits a file name (NAME_BYTES)."""
    room = NAME_BYTES - len(os.fsencode(f".{tail}"))
    return os.fsencode(stem)[:max(room, 0)].decode(errors="ignore")


def check_name_fits(path, side_files):
    """DataError where the name of output `path`, with the longest of its `side_files`, is longer than a
    file name can be (GDAL would leave out its side file: a classification without its class names)."""
    name = os.path.basename(path) + max(side_files, key=len, default="")
    if len(os.fsencode(name)) > NAME_BYTES:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "output {path!r}: the name {name!r} is {length} bytes, more than a file name can "
            "hold ({limit}); give a shorter name"), path=path, name=name, length=len(os.fsencode(name)),
            limit=NAME_BYTES)


def write_atomically(path, text):
    """Write `text` (UTF-8) to `path` complete or not at all (a one-file OutputSet)."""
    with OutputSet() as outputs:
        return outputs.write_text(path, text)
