"""Output files that appear complete or not at all: written under a temporary name, then renamed."""

import os
import uuid

from .errors import DataError

SIDECARS = (".aux.xml",)


def writable_target(path, inputs=()):
    """The absolute output path, its folder created; DataError if it cannot be written or is an input."""
    path = os.path.abspath(path)
    if any(os.path.realpath(path) == os.path.realpath(source) for source in inputs if source):
        raise DataError(f"output {path!r} is also an input of this run; choose another output file")
    folder = os.path.dirname(path)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as error:
        raise DataError(f"cannot create the output folder {folder!r}: {error.strerror}; "
                        "choose a folder you can write to") from error
    if not os.access(folder, os.W_OK | os.X_OK):
        raise DataError(f"cannot write output {path!r}: folder {folder!r} is not writable; "
                        "choose a folder you can write to")
    if os.path.isdir(path):
        raise DataError(f"output {path!r} is a folder; give a file name such as {path.rstrip('/')}.tif")
    return path


def partial_path(path):
    """A unique temporary name beside `path`, hidden, with the same extension."""
    folder, name = os.path.split(path)
    stem, extension = os.path.splitext(name)
    return os.path.join(folder, f".{stem}.{uuid.uuid4().hex[:12]}.partial{extension}")


def publish(partial, path):
    """Rename a complete `partial` file (and its GDAL sidecars) to `path`, replacing stale sidecars."""
    for sidecar in SIDECARS:
        if os.path.exists(partial + sidecar):
            os.replace(partial + sidecar, path + sidecar)
        elif os.path.exists(path + sidecar):
            os.remove(path + sidecar)
    os.replace(partial, path)


def discard(partial):
    """Delete a partial file and its sidecars, if present."""
    for name in (partial, *(partial + sidecar for sidecar in SIDECARS)):
        if os.path.exists(name):
            os.remove(name)
