"""Prediction and training statistics on a Dask cluster: `dask.distributed` is imported only when asked for.

Prediction: the windows of the single-machine plan are cut into groups (rectangles of whole
windows) of GROUP_PIXELS at most, fewer where that would leave a worker thread without one, one task
each. A worker opens the raster from its path (which every worker must see), classifies the group's
windows with the core and writes one tile per output into a scratch folder beside the output (which
every worker must see too); a tile is written under a temporary name and
renamed when complete, so a task that Dask runs again after a worker died writes the same tile.
The driver copies the tiles window by window, in the single-machine order, into the outputs
staged in the run's OutputSet, each group as soon as it and those before it are done: the files
are byte-identical to a run on one machine, and the driver holds one window at a time. Cancel,
or any failure, leaves no output and no tile.

Statistics (raster/samples.py): the windows the training features cover, in groups, one task each;
each returns the ClassStatistics of its samples, merged on the driver (Chan's update, exact to rounding).
The tasks themselves live beside the code they run (predict.py, samples.py); this module holds the
cluster's side: connecting, grouping, tiles, waiting with progress and cancel.
"""

import asyncio
import functools
import hashlib
import os
import re
import time
import uuid
from concurrent.futures import CancelledError
from contextlib import contextmanager

from osgeo import gdal

from ..core.texts import QT_TRANSLATE_NOOP, Text, message
from .errors import DataError, check_canceled
from .files import gdal_writes
from .info import geotransform_of

#: The folders of the package whose code the tasks run: every worker must hold this machine's.
TASK_CODE = ("core", "raster")
#: Pixels of one task's window group (a tile of 4096 x 4096 px: seconds of work, a few MB of results).
GROUP_PIXELS = 2**24
#: Seconds between two looks at the tasks (progress, cancel).
POLL_SECONDS = 0.1
#: Seconds to wait for a scheduler to answer.
CONNECT_SECONDS = 10


@contextmanager
def scheduler_client(address):
    """A dask.distributed Client of the scheduler at `address` (e.g. 'tcp://10.0.0.5:8786'), closed on exit;
    DataError when Dask is not installed or the scheduler does not answer."""
    try:
        from distributed import Client
    except ImportError as error:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "a Dask scheduler was given but Dask is not installed; install python3-distributed "
            "(Debian) or the pip package 'distributed', or leave DASK_SCHEDULER empty")) from error
    if address.lower().startswith("tls://") and not tls_configured():
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the Dask scheduler at {address!r} is reached by TLS, which needs Dask's TLS "
            "configuration on this machine: its certificates in distributed.comm.tls.ca-file and "
            "distributed.comm.tls.client.cert (and .key) of the Dask configuration "
            "(~/.config/dask/distributed.yaml); or give the scheduler's tcp:// address"), address=address)
    try:
        client = Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as error:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "no Dask scheduler answers at {address!r} ({problem}); start one with 'dask "
            "scheduler' and give the address it prints (tcp://host:8786)"),
            address=address, problem=str(error) or type(error).__name__) from error
    try:
        yield client
    finally:
        client.close()


def tls_configured():
    """Whether the Dask configuration gives this machine's TLS certificates (a CA and a client certificate):
    without them, Dask refuses a tls:// address with a TypeError ('TLS expects a `ssl_context` argument'),
    and the Client it leaves behind takes 20 s to close."""
    import dask

    return bool(dask.config.get("distributed.comm.tls.ca-file", None)
                and dask.config.get("distributed.comm.tls.client.cert", None))


def code_fingerprint():
    """SHA-256 of the sources of the package's `core` and `raster`: the code a task runs."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    digest = hashlib.sha256()
    for folder in TASK_CODE:
        for name in sorted(os.listdir(os.path.join(package, folder))):
            if name.endswith(".py"):
                with open(os.path.join(package, folder, name), "rb") as source:
                    digest.update(f"{folder}/{name}\n".encode() + source.read())
    return digest.hexdigest()


def worker_fingerprint():
    """code_fingerprint() run on a worker, an OSError of it raised as a RuntimeError: the OSErrors among the
    answers of client.run are those of workers that did not answer (worker_answers)."""
    try:
        return code_fingerprint()
    except OSError as error:
        raise RuntimeError(f"{type(error).__name__}: {error}") from None


def worker_answers(client, is_canceled=None):
    """{worker address: its worker_fingerprint(), or the error it gave} of every worker of the cluster of
    `client`; a worker that does not answer (stopped, cut off) gives an OSError or a TimeoutError (a
    CommClosedError is an OSError) once Dask's connect timeout has passed (30 s by default), and
    `is_canceled` is looked at meanwhile, every POLL_SECONDS. DataError when the client is closed."""
    if client.status in ("closing", "closed"):
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the Dask client is closed; give an open one (a Client used after the 'with' block "
            "that made it, or after its close(), is closed)"))
    asking = asyncio.run_coroutine_threadsafe(
        client.run(worker_fingerprint, on_error="return", asynchronous=True), client.loop.asyncio_loop)
    try:
        while not asking.done():
            check_canceled(is_canceled)
            time.sleep(POLL_SECONDS)
        return asking.result()
    finally:
        asking.cancel()  # a cancel: no answer is waited for (done: nothing to cancel)


def ready_workers(client, is_canceled=None):
    """The number of workers of the cluster of `client` and of their threads; DataError when it has no
    worker (tasks would wait), or when one does not answer, cannot import GMM Select or holds code other than
    this machine's (its tiles would differ). Canceled when `is_canceled` says so while the workers are
    asked."""
    answers = worker_answers(client, is_canceled)
    if not answers:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the Dask scheduler at {address!r} has no worker; start some with 'dask worker "
            "ADDRESS' on machines that see the raster and the output folder"),
            address=client.scheduler.address)
    silent = {address: answer for address, answer in answers.items()
              if isinstance(answer, (OSError, asyncio.TimeoutError))}
    if silent:
        problem = next(iter(silent.values()))
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "Dask workers {workers} do not answer ({problem}): stopped, overloaded or cut off "
            "from the scheduler; restart them or remove them from the cluster (stop their 'dask worker' "
            "process), then run again"),
            workers=addresses(silent), problem=str(problem) or type(problem).__name__)
    failed = {address: answer for address, answer in answers.items() if isinstance(answer, BaseException)}
    if failed:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "Dask workers {workers} cannot import GMM Select ({problem}); put the folder that "
            "holds the plugin's folder gmmselect on their PYTHONPATH (README, Beyond one machine), with "
            "GDAL, NumPy and SciPy installed, and start them again"),
            workers=addresses(failed), problem=worker_problem(next(iter(failed.values()))))
    here = code_fingerprint()
    other = [address for address, answer in answers.items() if answer != here]
    if other:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "Dask workers {workers} hold another GMM Select than this machine's (other code: "
            "their tiles could differ); give every worker this plugin's folder and start them again"),
            workers=addresses(other))
    return len(answers), sum(client.nthreads(list(answers)).values())


def worker_task(task):
    """`task` as a Dask task whose bad-input error names the worker it arose on (a path that this machine
    sees may be one that worker does not)."""
    @functools.wraps(task)
    def on_worker(*arguments):
        try:
            return task(*arguments)
        except DataError as error:
            from distributed import get_worker
            raise DataError(QT_TRANSLATE_NOOP("GmmSelect", "on the Dask worker {worker}: {problem}"),
                            worker=get_worker().address, problem=message(error)) from None
    return on_worker


def addresses(workers):
    """'tcp://10.0.0.5:40001, tcp://10.0.0.6:40001, ...': the first three addresses, sorted."""
    workers = sorted(workers)
    return ", ".join(workers[:3]) + (", ..." if len(workers) > 3 else "")


def worker_problem(error):
    """What went wrong on a worker: its error's text; Dask gives an error in unpickling the task (a module
    missing there) as Exception('ModuleNotFoundError("No module named \'gmmselect\'")'), unwrapped here."""
    text = str(error)
    wrapped = re.fullmatch(r"\w+\((['\"])(.*)\1\)", text, flags=re.DOTALL)
    return wrapped.group(2) if wrapped else text


def window_groups(windows, width, group_pixels):
    """Consecutive windows in groups of at most `group_pixels` pixels (one window at least) whose union
    is a rectangle: windows side by side in one row, or full-width strips one under the other."""
    groups = []
    for window in windows:
        x, y, w, h = window
        if groups:
            last = groups[-1][-1]
            size = sum(gw * gh for _, _, gw, gh in groups[-1])
            beside = y == last[1] and h == last[3] and x == last[0] + last[2]
            below = x == 0 and w == width and last[2] == width and y == last[1] + last[3]
            if size + w * h <= group_pixels and (beside or below):
                groups[-1].append(window)
                continue
        groups.append([window])
    return groups


def task_pixels(windows, threads):
    """The pixels of a task: GROUP_PIXELS, or less where `windows` hold fewer than GROUP_PIXELS pixels a
    thread of the cluster's `threads`: then a share of them, so that window_groups makes as many tasks as
    there are threads at least (or one a window, where there are fewer windows), and none waits."""
    return max(1, min(GROUP_PIXELS, sum(w * h for _, _, w, h in windows) // max(threads, 1)))


def group_box(group):
    """The rectangle (x, y, w, h) a window group covers."""
    x0, y0 = group[0][0], group[0][1]
    x1 = max(x + w for x, _, w, _ in group)
    y1 = max(y + h for _, y, _, h in group)
    return x0, y0, x1 - x0, y1 - y0


def output_layouts(rasters):
    """{output key: (bands, GDAL type, no-data, band names)} of the output rasters (an Outputs object)."""
    layouts = {}
    for key, raster in rasters.rasters.items():
        bands = [raster.dataset.GetRasterBand(n) for n in range(1, raster.dataset.RasterCount + 1)]
        layouts[key] = (len(bands), bands[0].DataType, bands[0].GetNoDataValue(),
                        [band.GetDescription() for band in bands])
    return layouts


class TileWriter:
    """The outputs of one window group: one GeoTIFF per output, renamed into place once complete."""

    def __init__(self, folder, index, box, layouts, dataset, creation_options):
        """Tile `index` over `box` (x, y, w, h) of `dataset`'s grid in `folder`, for the outputs `layouts`."""
        self.box, self.datasets, self.paths = box, {}, {}
        x, y, w, h = box
        geotransform = geotransform_of(dataset)
        for key, (n_bands, gdal_type, nodata, names) in layouts.items():
            path = os.path.join(folder, f"{key}_{index}.tif")
            temporary = f"{path}.{uuid.uuid4().hex[:8]}.partial.tif"
            tile = gdal.GetDriverByName("GTiff").Create(temporary, w, h, n_bands, gdal_type, creation_options)
            if tile is None:
                raise DataError(QT_TRANSLATE_NOOP(
                    "GmmSelect", "cannot create tile {path!r}: {problem}; the output's folder must be one "
                    "every worker sees and can write to"),
                    path=temporary, problem=gdal.GetLastErrorMsg())
            if geotransform is not None:
                g = geotransform
                tile.SetGeoTransform((g[0] + x * g[1] + y * g[2], g[1], g[2],
                                      g[3] + x * g[4] + y * g[5], g[4], g[5]))
            tile.SetProjection(dataset.GetProjection())
            for number, name in enumerate(names, 1):
                tile.GetRasterBand(number).SetNoDataValue(nodata)
                tile.GetRasterBand(number).SetDescription(name)
            self.datasets[key], self.paths[key] = (tile, temporary), path

    def write(self, window, result):
        """Write a window's results (arrays `(bands, h, w)` keyed like the outputs) into the tiles."""
        x, y = window[0] - self.box[0], window[1] - self.box[1]
        for key, (tile, _) in self.datasets.items():
            with gdal_writes(self.paths[key]):
                for number, plane in enumerate(result[key], 1):
                    tile.GetRasterBand(number).WriteArray(plane, int(x), int(y))

    def close(self):
        """Complete every tile and rename it into place; return {output key: tile path}."""
        for key in list(self.datasets):
            tile, temporary = self.datasets.pop(key)
            with gdal_writes(self.paths[key]):
                tile.FlushCache()
                del tile  # the last reference: GDAL closes the file
            os.replace(temporary, self.paths[key])
        return dict(self.paths)


def in_order(client, futures, is_canceled=None):
    """The results of `futures` one by one, in their order, each as soon as it is ready; all of them
    are cancelled when `is_canceled` says so or one of them fails (looked at every POLL_SECONDS)."""
    try:
        for future in futures:
            while not future.done():
                check_canceled(is_canceled)
                failed = next((other for other in futures if other.status == "error"), None)
                if failed is not None:
                    task_result(failed)  # the task's error, raised here
                time.sleep(POLL_SECONDS)
            yield task_result(future)
    except BaseException:
        pending = [future for future in futures if not future.done()]
        if pending:  # none when the scheduler is gone: it took its tasks along
            client.cancel(pending)
        raise


def task_result(future):
    """The result of a finished task, or its error; DataError where the cluster gave the task up."""
    from distributed import KilledWorker

    try:
        return future.result()
    except KilledWorker:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "a Dask task ended each worker that ran it (killed, or out of memory) and the "
            "cluster gave it up; see the workers' logs (out of memory: start fewer worker processes per "
            "machine)")) from None
    except CancelledError:
        raise DataError(QT_TRANSLATE_NOOP(
            "GmmSelect", "the Dask cluster cancelled the tasks (its scheduler closed or restarted, or "
            "another client cancelled them); start the scheduler and its workers again, then run again")) \
            from None


def run_window_groups(client, task, arguments, width, windows, rasters, staging, near, progress=None,
                      is_canceled=None, log=None):
    """Run `task(*arguments, group, tile_writer_arguments)` on the cluster of `client` for each group of
    `windows`: it writes the group's tiles (a TileWriter) in a scratch folder beside `near` and returns
    their paths and the count of pixels it classified. The tiles of each group are copied into the output
    rasters `rasters` (an Outputs object), in the order of `windows`, as soon as they and those before them
    are written. Returns the count of pixels classified."""
    workers, threads = ready_workers(client, is_canceled)
    folder = staging.scratch_folder(near)
    group_pixels = task_pixels(windows, threads)
    groups = window_groups(windows, width, group_pixels)
    layouts = output_layouts(rasters)
    run = uuid.uuid4().hex[:12]
    if log is not None:
        log(Text(QT_TRANSLATE_NOOP(
            "GmmSelect", "Dask: tasks: {tasks}, of up to {pixels} px; workers: {workers}, threads: "
            "{threads}; tiles in {folder!r}"),
            tasks=len(groups), pixels=group_pixels, workers=workers, threads=threads, folder=folder))
    futures = [client.submit(task, *arguments, group, (folder, k, group_box(group), layouts),
                             key=f"gmmselect-predict-{run}-{k}", pure=False)
               for k, group in enumerate(groups)]
    total, done, classified = sum(w * h for _, _, w, h in windows), 0, 0
    for group, (paths, count) in zip(groups, in_order(client, futures, is_canceled)):
        check_canceled(is_canceled)
        copy_tiles(rasters, group, paths)
        done += sum(w * h for _, _, w, h in group)
        classified += count
        if progress is not None:
            progress(100.0 * done / total)
    return classified


def copy_tiles(rasters, group, paths):
    """Write the windows of `group` into the outputs `rasters`, read from its tiles `paths`."""
    x0, y0 = group_box(group)[:2]
    tiles = {key: gdal.Open(path) for key, path in paths.items()}
    for window in group:
        x, y, w, h = window
        rasters.write(window, {key: tile.ReadAsArray(x - x0, y - y0, w, h).reshape(tile.RasterCount, h, w)
                               for key, tile in tiles.items()})
