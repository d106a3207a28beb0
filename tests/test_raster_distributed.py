"""Prediction and training statistics on a Dask cluster: a LocalCluster of two processes on 127.0.0.1."""

import filecmp
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import numpy as np
import pytest
from osgeo import gdal
from test_raster_fixtures import (
    LANDSAT,
    POLYGONS,
    left_filled,
    three_class_scene,
    with_alpha,
    with_crossing_ring,
    write_raster,
)

from gmmselect.core import GaussianMixture
from gmmselect.raster import (
    BandNoData,
    Canceled,
    DataError,
    accumulate_statistics,
    extract_samples,
    predict_raster,
)
from gmmselect.raster import distributed as dask_prediction
from gmmselect.raster.info import absolute_name

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

pytest.importorskip("distributed")
#: Debian 12's tornado warns inside distributed's own event loop start; nothing of ours.
pytestmark = pytest.mark.filterwarnings("ignore:make_current is deprecated:DeprecationWarning")

#: Pixels per task in these tests: a 1210 x 1030 raster makes 21 tasks of one window.
GROUP_PIXELS = 16384
#: The single-machine outputs: the Outputs keys and their file names.
OUTPUTS = {"classification": "classes.tif", "confidence": "confidence.tif",
           "probabilities": "probabilities.tif"}


@pytest.fixture(scope="module")
def cluster():
    """Two single-threaded worker processes on the loopback interface, and a client; closed at the end."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as local, Client(local) as client:
        yield local, client


@pytest.fixture(scope="module")
def scene(tmp_path_factory):
    """A 1210 x 1030 px three-band raster of three classes (tiled 64 x 64, one no-data pixel), a mask
    and a mixture fitted to it."""
    folder = tmp_path_factory.mktemp("scene")
    raster, pixels, classes = three_class_scene(folder / "scene.tif", 1030, 1210)
    mask = write_raster(folder / "mask.tif",
                        (np.random.default_rng(2).random((1, 1030, 1210)) > 0.1).astype(np.uint8))
    mixture = GaussianMixture.fit(pixels.reshape(3, -1).T[::7].astype(np.float64), classes.ravel()[::7] + 1)
    return raster, mask, mixture


def predict(folder, scene, **options):
    """predict_raster of the scene (mask, three outputs) into `folder`; returns {key: path}."""
    raster, mask, mixture = scene
    os.makedirs(folder, exist_ok=True)
    options.setdefault("memory_mb", 2)
    return predict_raster(raster, mixture, [1, 2, 3], str(folder / OUTPUTS["classification"]),
                          str(folder / OUTPUTS["confidence"]), str(folder / OUTPUTS["probabilities"]),
                          mask_path=mask, **options)


@pytest.fixture(scope="module")
def single_machine(scene, tmp_path_factory):
    """The outputs of the run on this machine."""
    return predict(tmp_path_factory.mktemp("single"), scene)


def assert_identical(paths, expected):
    """Every output file and its style byte for byte the same as the single-machine run's."""
    assert paths.keys() == expected.keys()
    for key, path in paths.items():
        assert filecmp.cmp(path, expected[key], shallow=False), key
        style, expected_style = (os.path.splitext(name)[0] + ".qml" for name in (path, expected[key]))
        assert os.path.exists(style) == os.path.exists(expected_style)
        assert not os.path.exists(style) or filecmp.cmp(style, expected_style, shallow=False)


def test_window_groups_are_rectangles_of_whole_windows():
    strips = [(0, y, 100, 10) for y in range(0, 50, 10)]
    assert dask_prediction.window_groups(strips, 100, 2000) == [strips[:2], strips[2:4], strips[4:]]
    pieces = [(x, y, min(40, 100 - x), 10) for y in (0, 10) for x in (0, 40, 80)]
    groups = dask_prediction.window_groups(pieces, 100, 10**6)
    assert [dask_prediction.group_box(group) for group in groups] == [(0, 0, 100, 10), (0, 10, 100, 10)]


def test_a_raster_of_fewer_pixels_than_a_task_a_thread_is_shared_by_every_thread():
    """A 4096 x 4096 scene in 8 full-width windows, 2^24 px: one task of GROUP_PIXELS, which one worker ran
    while the others waited (Dask 21-36 s, one machine 9-12 s); now as many tasks as threads at least, of
    whole windows (one a window where there are more threads than windows), and GROUP_PIXELS at most."""
    strips = [(0, y, 4096, 512) for y in range(0, 4096, 512)]
    for threads, tasks in ((1, 1), (2, 2), (3, 4), (4, 4), (16, 8)):
        groups = dask_prediction.window_groups(strips, 4096, dask_prediction.task_pixels(strips, threads))
        assert len(groups) == tasks and sum(groups, []) == strips
    big = [(0, y, 8192, 512) for y in range(0, 8192, 512)]
    assert dask_prediction.task_pixels(big, 2) == dask_prediction.GROUP_PIXELS == 2**24


def test_a_scene_smaller_than_a_task_is_classified_by_every_worker(cluster, scene, tmp_path):
    """The scene in 5 full-width windows (memory_mb=32), the default GROUP_PIXELS: it was one task; now 3
    for the 2 worker threads, and the outputs those of a run here byte for byte."""
    lines = []
    here = predict(tmp_path / "here", scene, memory_mb=32)
    assert_identical(predict(tmp_path / "cluster", scene, client=cluster[1], memory_mb=32, log=lines.append),
                     here)
    assert any(line.startswith("Dask: tasks: 3, of up to 623150 px; workers: 2, threads: 2; tiles in '")
               for line in lines), lines


def test_outputs_on_the_cluster_are_byte_identical(cluster, scene, single_machine, tmp_path, monkeypatch):
    monkeypatch.setattr(dask_prediction, "GROUP_PIXELS", GROUP_PIXELS)
    lines = []
    paths = predict(tmp_path, scene, client=cluster[1], log=lines.append)
    assert_identical(paths, single_machine)
    assert any(line.startswith("Dask: tasks: 21, of up to 16384 px; workers: 2, threads: 2; tiles in '")
               for line in lines), lines
    assert sorted(os.listdir(tmp_path)) == sorted([*OUTPUTS.values(), "classes.qml", "classes.tif.aux.xml",
                                                   "confidence.qml"])


def test_stored_values_are_converted_on_the_cluster_as_here(cluster, scene, single_machine, tmp_path,
                                                           monkeypatch):
    """The scene's bands declare value = stored * 2 + 5, the model's bands value = stored * 0.5: the workers
    classify with the model taken into the stored units, as this machine does (byte-identical outputs),
    and not as the raster's numbers taken as they are."""
    from osgeo import gdal

    from gmmselect.raster.info import BandIdentity

    monkeypatch.setattr(dask_prediction, "GROUP_PIXELS", GROUP_PIXELS)
    raster, mask, mixture = scene
    declared = str(tmp_path / "declared.tif")
    gdal.Translate(declared, raster)
    dataset = gdal.Open(declared, gdal.GA_Update)
    for number in (1, 2, 3):
        dataset.GetRasterBand(number).SetScale(2.0)
        dataset.GetRasterBand(number).SetOffset(5.0)
    dataset = None
    model_bands = [BandIdentity(number, scale=0.5, offset=0.0) for number in (1, 2, 3)]
    here, there = (predict(tmp_path / name, (declared, mask, mixture), model_bands=model_bands, **options)
                   for name, options in (("here", {}), ("there", {"client": cluster[1]})))
    assert_identical(there, here)
    converted, as_stored = (gdal.Open(paths["classification"]).ReadAsArray()
                            for paths in (here, single_machine))
    assert np.mean(converted != as_stored) > 0.1


@pytest.mark.parametrize("where", ["here", "cluster"])
def test_gdal_block_cache_is_bounded_while_the_outputs_are_written_and_restored_after(
        cluster, scene, tmp_path, monkeypatch, where):
    """The outputs are written through GDAL's block cache, capped at GDAL_CACHE_MB during the run here and
    (was not) while the driver copies the tiles of a run on the cluster: with GDAL_CACHEMAX=2000, the
    driver's memory grew to 868 MB on a 4096 x 4096 scene (370 MB here)."""
    from gmmselect.raster import blocks
    from gmmselect.raster import predict as prediction

    monkeypatch.setattr(dask_prediction, "GROUP_PIXELS", GROUP_PIXELS)
    seen, write = [], prediction.OutputRaster.write
    monkeypatch.setattr(prediction.OutputRaster, "write", lambda self, window, values: seen.append(
        gdal.GetCacheMax()) or write(self, window, values))
    previous = gdal.GetCacheMax()
    gdal.SetCacheMax(1 << 30)
    try:
        predict(tmp_path, scene, client=cluster[1] if where == "cluster" else None)
        assert gdal.GetCacheMax() == 1 << 30
    finally:
        gdal.SetCacheMax(previous)
    assert len(seen) > 3 * 21 and set(seen) == {blocks.GDAL_CACHE_MB * 2**20}


def test_a_worker_killed_mid_run_leaves_a_complete_identical_output(cluster, scene, single_machine, tmp_path,
                                                                   monkeypatch):
    """One worker process is killed (SIGKILL) once the first task is done: Dask runs its tasks again."""
    monkeypatch.setattr(dask_prediction, "GROUP_PIXELS", GROUP_PIXELS)
    local, client = cluster
    victims = list(client.run(os.getpid).values())
    killed = []

    def kill_one(percent):
        if percent > 0 and not killed:
            os.kill(victims[0], signal.SIGKILL)
            killed.append(percent)

    paths = predict(tmp_path, scene, client=client, progress=kill_one)
    assert killed and killed[0] < 90
    assert_identical(paths, single_machine)
    assert not [name for name in os.listdir(tmp_path) if name.startswith(".")]
    client.wait_for_workers(2, timeout=30)  # the nanny restarts the killed worker for the next tests


def test_cancel_on_the_cluster_leaves_no_output(cluster, scene, tmp_path, monkeypatch):
    monkeypatch.setattr(dask_prediction, "GROUP_PIXELS", GROUP_PIXELS)
    started = []
    with pytest.raises(Canceled):
        predict(tmp_path, scene, client=cluster[1], progress=started.append,
                is_canceled=lambda: bool(started))
    cluster[1].wait_for_workers(2, timeout=30)
    assert os.listdir(tmp_path) == []


def test_a_failed_task_leaves_no_output(cluster, tmp_path):
    """A VRT mosaic one of whose tiles is gone: the driver reads no pixel, the task of that tile fails."""
    from test_raster_fixtures import landsat_tiles

    tiles, mosaic = landsat_tiles(tmp_path)
    os.remove(tiles[3][1])
    samples = extract_samples(LANDSAT, POLYGONS, "class")
    mixture = GaussianMixture.fit(samples.X, samples.y)
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(DataError, match=r"^on the Dask worker tcp://127.0.0.1:\d+: GDAL could not read "
                                        r"window .* of raster '.*mosaic.vrt': .*tile_100_150.tif: No such"):
        predict_raster(mosaic, mixture, list(range(1, 8)), str(tmp_path / "classes.tif"), client=cluster[1])
    assert sorted(os.listdir(tmp_path)) == before


def test_a_task_that_ends_its_workers_is_given_up_with_a_message():
    """A task that exits its worker process: Dask runs it again on a new worker until it gives it up."""
    from distributed import Client, LocalCluster

    given_up = pytest.raises(DataError, match=r"^a Dask task ended each worker that ran it \(killed, or out "
                                              r"of memory\) and the cluster gave it up")
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as local, Client(local) as client, given_up:
        list(dask_prediction.in_order(client, [client.submit(os._exit, 1, pure=False)]))


def test_a_scheduler_closed_mid_run_is_said():
    from distributed import Client, LocalCluster

    local = LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                         dashboard_address="127.0.0.1:0")
    with Client(local.scheduler_address, set_as_default=False) as client:
        futures = [client.submit(time.sleep, 60, pure=False)]
        closing = threading.Timer(1, local.close)
        closing.start()
        with pytest.raises(DataError, match=r"^the Dask cluster cancelled the tasks \(its scheduler closed"):
            list(dask_prediction.in_order(client, futures))
        closing.join()


def test_statistics_merged_from_the_workers_make_the_in_memory_model(cluster):
    """Landsat polygons, one window per task: the merged statistics give the model fitted to all samples."""
    stats, features, summary = accumulate_statistics(LANDSAT, POLYGONS, "class", client=cluster[1],
                                                     memory_mb=0.05)
    samples = extract_samples(LANDSAT, POLYGONS, "class")
    expected = GaussianMixture.fit(samples.X, samples.y, tau=1.0)
    model = GaussianMixture.from_statistics(stats, tau=1.0)
    assert summary.counts == samples.counts and summary.n_pixels_read > 0
    np.testing.assert_allclose(model.priors_, expected.priors_, rtol=0, atol=1e-12)
    np.testing.assert_allclose(model.means_, expected.means_, rtol=1e-12)
    np.testing.assert_allclose(model.covariances_, expected.covariances_, rtol=1e-12)
    assert sorted(features) == sorted(set(samples.groups.tolist()))
    assert {feature.scatters.shape for feature in features.values()} == {(1, 7, 7)}  # its own class's
    local = accumulate_statistics(LANDSAT, POLYGONS, "class", memory_mb=0.05)
    np.testing.assert_equal(vars(summary), vars(local[2]))
    for fid, feature in local[1].items():
        np.testing.assert_allclose(features[fid].scatters, feature.scatters, rtol=1e-12)
    alone, none, _ = accumulate_statistics(LANDSAT, POLYGONS, "class", client=cluster[1], memory_mb=0.05,
                                           by_feature=False)
    assert none == {} and np.array_equal(alone.counts, stats.counts)


def test_no_data_given_reaches_the_workers(cluster, scene, tmp_path, monkeypatch):
    """Band 2's values 200-300 as no-data (as QGIS gives a layer's) and band 1's file value not used: the
    workers classify and the statistics merge as this machine does, byte for byte and exactly; the no-data
    pixels are no-data in the map. A mask of values 0-3 with 2 as no-data (as QGIS gives a layer's): the
    workers mask as this machine does."""
    monkeypatch.setattr(dask_prediction, "GROUP_PIXELS", GROUP_PIXELS)
    no_data = {1: BandNoData(False), 2: BandNoData(True, ((200, 300, True, True),))}
    here = predict(tmp_path / "here", scene, no_data=no_data)
    assert_identical(predict(tmp_path / "cluster", scene, client=cluster[1], no_data=no_data), here)
    band = gdal.Open(scene[0]).ReadAsArray()[1]
    classes = gdal.Open(here["classification"]).ReadAsArray()
    assert np.all(classes[(band >= 200) & (band <= 300)] == 0) and np.any((band >= 200) & (band <= 300))
    no_data = {3: BandNoData(True, ((50, 70, True, True),))}
    merged = accumulate_statistics(LANDSAT, POLYGONS, "class", client=cluster[1], memory_mb=0.05,
                                   no_data=no_data)
    local = accumulate_statistics(LANDSAT, POLYGONS, "class", memory_mb=0.05, no_data=no_data)
    np.testing.assert_array_equal(merged[0].counts, local[0].counts)
    assert local[0].counts.sum() < sum(extract_samples(LANDSAT, POLYGONS, "class").counts.values())
    grades = np.random.default_rng(4).integers(0, 4, (1, 1030, 1210)).astype(np.uint8)
    graded = (scene[0], write_raster(tmp_path / "graded.tif", grades), scene[2])
    mask_no_data = BandNoData(True, ((2, 2, True, True),))
    here = predict(tmp_path / "graded_here", graded, mask_no_data=mask_no_data)
    assert_identical(predict(tmp_path / "graded_cluster", graded, client=cluster[1],
                             mask_no_data=mask_no_data), here)
    classes = gdal.Open(here["classification"]).ReadAsArray()
    assert np.all(classes[np.isin(grades[0], (0, 2))] == 0) and np.any(classes[grades[0] == 3] > 0)


def test_an_alpha_band_masks_on_the_workers_as_here(cluster, tmp_path, monkeypatch):
    """The Landsat scene with an alpha band (8 bands, 0 in its 60 left columns, which GDAL does not take as a
    mask): the workers leave the pixels of alpha 0 unclassified as this machine does, byte for byte."""
    monkeypatch.setattr(dask_prediction, "GROUP_PIXELS", GROUP_PIXELS)
    alpha = np.full((310, 287), 255, dtype=np.uint8)
    alpha[:, :60] = 0
    raster = with_alpha(tmp_path / "alpha.tif", alpha)
    samples = extract_samples(LANDSAT, POLYGONS, "class")
    mixture = GaussianMixture.fit(samples.X, samples.y)
    here, there = (predict_raster(raster, mixture, list(range(1, 8)), str(tmp_path / name), memory_mb=1,
                                  **options)["classification"]
                   for name, options in (("here.tif", {}), ("cluster.tif", {"client": cluster[1]})))
    assert filecmp.cmp(here, there, shallow=False)
    classes = gdal.Open(here).ReadAsArray()
    assert (classes[:, :60] == 0).all() and (classes[:, 60:] > 0).all()


def test_the_rule_for_invalid_geometries_reaches_the_workers(cluster, tmp_path):
    """A bowtie among the Landsat polygons, left out: the workers leave it out as this machine does (read, it
    adds samples)."""
    polygons, _, _ = with_crossing_ring(tmp_path / "bowtie.gpkg")
    merged, _, summary = accumulate_statistics(LANDSAT, polygons, "class", client=cluster[1], memory_mb=0.05,
                                               invalid="skip")
    local, _, local_summary = accumulate_statistics(LANDSAT, polygons, "class", memory_mb=0.05,
                                                    invalid="skip")
    np.testing.assert_array_equal(merged.counts, local.counts)
    np.testing.assert_allclose(merged.means, local.means, rtol=1e-12)
    assert summary.warnings == local_summary.warnings and len(summary.warnings) == 1
    read, _, _ = accumulate_statistics(LANDSAT, polygons, "class", client=cluster[1], memory_mb=0.05)
    assert read.counts.sum() > merged.counts.sum() == local.counts.sum()


def test_the_crs_given_reaches_the_workers(cluster, tmp_path):
    """The Landsat scene without its CRS, given EPSG:32622 as QGIS gives a layer's, and its polygons in
    EPSG:4326: the workers reproject them to that CRS as this machine does with the scene's own (without it,
    their degrees lie over no pixel); and by a coordinate operation given, as this machine does."""
    bare = str(tmp_path / "bare.tif")
    gdal.Translate(bare, LANDSAT)
    dataset = gdal.Open(bare, gdal.GA_Update)
    dataset.SetProjection("")
    dataset = None
    degrees = str(tmp_path / "degrees.gpkg")
    gdal.VectorTranslate(degrees, POLYGONS, dstSRS="EPSG:4326")
    merged, _, _ = accumulate_statistics(bare, degrees, "class", client=cluster[1], memory_mb=0.05,
                                         raster_crs=gdal.Open(LANDSAT).GetProjection())
    local, _, _ = accumulate_statistics(LANDSAT, degrees, "class", memory_mb=0.05)
    np.testing.assert_array_equal(merged.counts, local.counts)
    np.testing.assert_allclose(merged.means, local.means, rtol=1e-12)
    moved = ("+proj=pipeline +step +proj=unitconvert +xy_in=deg +xy_out=rad +step +proj=utm +zone=22 "
             "+ellps=WGS84 +step +proj=affine +xoff=30", False)  # a pixel east of PROJ's own
    merged, _, _ = accumulate_statistics(LANDSAT, degrees, "class", client=cluster[1], memory_mb=0.05,
                                         operation=moved)
    shifted, _, _ = accumulate_statistics(LANDSAT, degrees, "class", memory_mb=0.05, operation=moved)
    np.testing.assert_array_equal(merged.counts, shifted.counts)
    assert not np.array_equal(shifted.counts, local.counts)


@pytest.mark.parametrize("name", ["GTIFF_DIR:2:{pages}", "{scene}|option:NUM_THREADS=2"])
def test_a_raster_named_as_qgis_names_a_layer_reaches_the_workers(cluster, scene, single_machine, tmp_path,
                                                                 monkeypatch, name):
    """The second page of a multi-page GeoTIFF, and the scene with an open option: the workers open them by
    these names (a file's name is made absolute, these are not mangled) and map the scene's classes."""
    monkeypatch.setattr(dask_prediction, "GROUP_PIXELS", GROUP_PIXELS)
    raster, mask, mixture = scene
    pages = str(tmp_path / "pages.tif")
    gdal.Translate(pages, raster, bandList=[1])
    gdal.Translate(pages, raster, creationOptions=["APPEND_SUBDATASET=YES", "TILED=YES"])
    named = name.format(pages=pages, scene=raster)
    paths = predict(tmp_path / "cluster", (named, mask, mixture), client=cluster[1])
    for key in OUTPUTS:
        np.testing.assert_array_equal(gdal.Open(paths[key]).ReadAsArray(),
                                      gdal.Open(single_machine[key]).ReadAsArray())


def test_statistics_of_a_subdataset_on_the_cluster_are_those_here(cluster, tmp_path):
    """The Landsat scene as the second page of a multi-page GeoTIFF: the workers read it by that name."""
    pages = str(tmp_path / "pages.tif")
    gdal.Translate(pages, LANDSAT, bandList=[1])
    gdal.Translate(pages, LANDSAT, creationOptions=["APPEND_SUBDATASET=YES"])
    remote = accumulate_statistics(f"GTIFF_DIR:2:{pages}", POLYGONS, "class", client=cluster[1],
                                   memory_mb=0.05)
    local = accumulate_statistics(LANDSAT, POLYGONS, "class", memory_mb=0.05)
    np.testing.assert_allclose(remote[0].means, local[0].means, rtol=1e-12)
    assert remote[2].counts == local[2].counts


@pytest.mark.parametrize("path, absolute", [
    ("scene.tif", os.path.join(os.getcwd(), "scene.tif")), ("/data/scene.tif", "/data/scene.tif"),
    ("scene.tif|option:NUM_THREADS=2", os.path.join(os.getcwd(), "scene.tif") + "|option:NUM_THREADS=2"),
    ("GTIFF_DIR:2:/data/pages.tif", "GTIFF_DIR:2:/data/pages.tif"), ("/vsizip//data/a.zip/b.tif",) * 2,
    ("https://example.org/scene.tif",) * 2, ('NETCDF:"scene.nc":reflectance',) * 2])
def test_only_a_file_name_is_made_absolute_for_the_workers(path, absolute):
    assert absolute_name(path) == absolute


def test_a_cluster_without_workers_is_refused(scene, tmp_path):
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=0, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as empty, Client(empty) as client:
        for run in (lambda: predict(tmp_path, scene, client=client),
                    lambda: accumulate_statistics(LANDSAT, POLYGONS, "class", client=client)):
            with pytest.raises(ValueError, match=r"^the Dask scheduler at 'tcp://127.0.0.1:\d+' has no "
                                                 r"worker; start some with 'dask worker ADDRESS'"):
                run()
    assert os.listdir(tmp_path) == []


@contextmanager
def worker_with(plugin_parent, tmp_path):
    """A client of a scheduler whose one worker is a `dask worker` process started with `plugin_parent` (or
    no folder) on its PYTHONPATH, from an empty folder."""
    from distributed import Client, LocalCluster

    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    if plugin_parent is not None:
        environment["PYTHONPATH"] = str(plugin_parent)
    os.makedirs(tmp_path / "worker", exist_ok=True)
    with LocalCluster(n_workers=0, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as scheduler, Client(scheduler) as client:
        worker = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", scheduler.scheduler_address, "--nthreads",
             "1", "--no-dashboard"], cwd=tmp_path / "worker", env=environment, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        try:
            client.wait_for_workers(1, timeout=60)
            yield client
        finally:
            worker.terminate()
            worker.wait(30)


def test_a_worker_that_cannot_import_the_plugin_is_named_before_any_task(scene, tmp_path):
    with worker_with(None, tmp_path) as client:
        for run in (lambda: predict(tmp_path / "out", scene, client=client),
                    lambda: accumulate_statistics(LANDSAT, POLYGONS, "class", client=client)):
            with pytest.raises(DataError, match=r"^Dask workers tcp://127.0.0.1:\d+ cannot import GMM "
                                                r"Select \(No module named 'gmmselect'\); put the folder "
                                                r"that holds the plugin's folder gmmselect on their "
                                                r"PYTHONPATH"):
                run()
    assert os.listdir(tmp_path / "out") == []


def test_a_worker_holding_other_code_is_refused(scene, tmp_path):
    """A copy of the plugin whose core differs by one comment: its tiles could differ, so no task runs."""
    other = tmp_path / "other" / "gmmselect"
    shutil.copytree(REPO, other, ignore=shutil.ignore_patterns(".*", "tests", "dev", "build", "__pycache__"))
    with open(other / "core" / "model.py", "a") as source:
        source.write("# another version\n")
    refused = pytest.raises(DataError, match=r"^Dask workers tcp://127.0.0.1:\d+ hold another GMM Select "
                                             r"than this machine's")
    with worker_with(other.parent, tmp_path) as client, refused:
        predict(tmp_path / "out", scene, client=client)
    assert os.listdir(tmp_path / "out") == []


def test_a_worker_that_does_not_answer_is_named_so_and_a_cancel_is_heard_meanwhile(scene, tmp_path):
    """A worker process stopped (SIGSTOP): the run was refused after Dask's connect timeout (30 s) as one of
    'workers [that] cannot import GMM Select' with the PYTHONPATH advice, a cancel unheard meanwhile. Here the
    timeout is 2 s: a cancel stops the run at once; without one, the worker is named as not answering."""
    import dask
    from distributed import Client, LocalCluster

    with dask.config.set({"distributed.comm.timeouts.connect": "2s"}), \
            LocalCluster(n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1",
                         dashboard_address="127.0.0.1:0") as local, Client(local) as client:
        (address, pid), = client.run(os.getpid).items()
        os.kill(pid, signal.SIGSTOP)
        try:
            looks = []
            with pytest.raises(Canceled):
                predict(tmp_path, scene, client=client, is_canceled=lambda: looks.append(1) or len(looks) > 3)
            with pytest.raises(DataError, match=rf"^Dask workers {address} do not answer \(Timed out during "
                                                rf"handshake while connecting to {address} after 2 s\): "
                                                r"stopped, overloaded or cut off from the scheduler; restart "
                                                r"them or remove them from the cluster"):
                accumulate_statistics(LANDSAT, POLYGONS, "class", client=client)
        finally:
            os.kill(pid, signal.SIGCONT)
    assert os.listdir(tmp_path) == []


def test_a_closed_client_is_said_closed(scene, tmp_path):
    """A Client used after its 'with' block: 'RuntimeError: IOLoop is closed' before."""
    from distributed import Client, LocalCluster

    with LocalCluster(n_workers=0, processes=True, host="127.0.0.1",
                      dashboard_address="127.0.0.1:0") as local, Client(local) as client:
        pass
    for run in (lambda: predict(tmp_path, scene, client=client),
                lambda: accumulate_statistics(LANDSAT, POLYGONS, "class", client=client)):
        with pytest.raises(DataError, match=r"^the Dask client is closed; give an open one"):
            run()
    assert os.listdir(tmp_path) == []


def test_an_error_of_a_worker_reading_its_code_is_not_taken_for_silence(monkeypatch):
    """The OSErrors among the workers' answers are those of workers that did not answer: one that the code
    asked of a worker raises is another error (that worker cannot use GMM Select)."""
    def unreadable():
        raise PermissionError(13, "Permission denied", "core")

    monkeypatch.setattr(dask_prediction, "code_fingerprint", unreadable)
    with pytest.raises(RuntimeError, match=r"^PermissionError: \[Errno 13\] Permission denied: 'core'$"):
        dask_prediction.worker_fingerprint()


def test_a_tls_address_without_dask_s_tls_configuration_and_a_worker_s_address_are_said_so(cluster,
                                                                                          monkeypatch):
    """tls:// without Dask's TLS configuration: a TypeError's traceback ('TLS expects a `ssl_context`
    argument') before, and a Client that took 20 s to close; a worker's address given as the scheduler's: 'no
    Dask scheduler answers at ... ()', its TimeoutError without a text."""
    import dask

    with dask.config.set({"distributed.comm.tls.ca-file": None, "distributed.comm.tls.client.cert": None}), \
            pytest.raises(DataError, match=r"^the Dask scheduler at 'tls://127.0.0.1:9' is reached by TLS, "
                                           r"which needs Dask's TLS configuration on this machine: its "
                                           r"certificates in distributed.comm.tls.ca-file and "
                                           r"distributed.comm.tls.client.cert \(and .key\) of the Dask "
                                           r"configuration \(~/.config/dask/distributed.yaml\); or give the "
                                           r"scheduler's tcp:// address$"), \
            dask_prediction.scheduler_client("tls://127.0.0.1:9"):
        pass
    monkeypatch.setattr(dask_prediction, "CONNECT_SECONDS", 1)
    worker = sorted(cluster[1].scheduler_info()["workers"])[0]
    unanswered = pytest.raises(DataError, match=rf"^no Dask scheduler answers at '{worker}' "
                                                r"\(TimeoutError\); start one with 'dask scheduler'")
    with unanswered, dask_prediction.scheduler_client(worker):
        pass


def test_a_sample_limit_is_refused_on_the_cluster(cluster):
    with pytest.raises(ValueError, match="leave max_samples_per_class at 0 to accumulate the statistics on"):
        accumulate_statistics(LANDSAT, POLYGONS, "class", client=cluster[1], max_samples_per_class=10)


def test_predict_with_a_dask_scheduler_equals_predict_here(cluster, tmp_path, monkeypatch):
    """gmmselect:predict with DASK_SCHEDULER set to the cluster's address writes the files of a run here."""
    from qgis_helpers import start_qgis

    start_qgis()
    import processing
    from qgis.core import QgsProcessingException, QgsProcessingFeedback

    monkeypatch.setattr(dask_prediction, "GROUP_PIXELS", GROUP_PIXELS)
    model = str(tmp_path / "m.gmm")
    processing.run("gmmselect:traingmm", {"INPUT": LANDSAT, "TRAINING": POLYGONS, "FIELD": "class",
                                          "TAU": "1", "MAX_SAMPLES": 100, "OUTPUT_MODEL": model},
                   feedback=QgsProcessingFeedback())
    outputs = {}
    for name, address in (("here", ""), ("dask", cluster[0].scheduler_address)):
        os.mkdir(tmp_path / name)
        outputs[name] = processing.run("gmmselect:predict", {
            "INPUT": LANDSAT, "MODEL": model, "DASK_SCHEDULER": address,
            "OUTPUT": str(tmp_path / name / "c.tif"), "CONFIDENCE": str(tmp_path / name / "p.tif")},
            feedback=QgsProcessingFeedback())
    assert_identical({key: outputs["dask"][key] for key in ("OUTPUT", "CONFIDENCE")},
                     {key: outputs["here"][key] for key in ("OUTPUT", "CONFIDENCE")})
    monkeypatch.setattr(dask_prediction, "CONNECT_SECONDS", 1)
    nobody = "tcp://127.0.0.1:9"
    refused = {"INPUT": LANDSAT, "MODEL": model, "DASK_SCHEDULER": nobody, "OUTPUT": str(tmp_path / "x.tif")}
    with pytest.raises(QgsProcessingException, match=rf"^No Dask scheduler answers at '{nobody}' \(Timed"):
        processing.run("gmmselect:predict", refused, feedback=QgsProcessingFeedback())
    assert not os.path.exists(tmp_path / "x.tif")


def test_training_samples_holding_a_fill_are_counted_on_the_workers(cluster, tmp_path):
    """The scene with a fill of 0 in its 8 left columns (test_raster_samples): the workers' counts of the
    samples holding it make the summary the single machine makes, its warning included."""
    raster = left_filled(tmp_path / "filled.tif", 8)
    merged = accumulate_statistics(raster, POLYGONS, "class", client=cluster[1], memory_mb=0.05)[2]
    local = accumulate_statistics(raster, POLYGONS, "class", memory_mb=0.05)[2]
    assert [w for w in merged.warnings if "fill around a scene" in w] and merged.warnings == local.warnings


def test_a_map_of_no_classified_pixel_is_named_on_the_cluster_as_here(cluster, scene, tmp_path):
    """A mask of 0 everywhere: the workers' counts of the pixels they classified (none) give the warning the
    single machine gives; with the scene's own mask, nothing is said on either."""
    raster, _, mixture = scene
    empty = write_raster(tmp_path / "empty.tif", np.zeros((1, 1030, 1210), dtype=np.uint8))
    said = {}
    for mask in (empty, scene[1]):
        for where, client in (("here", None), ("cluster", cluster[1])):
            lines = []
            folder = tmp_path / f"{where}{len(said)}"
            predict(folder, (raster, mask, mixture), client=client, log=lines.append)
            said[(mask, where)] = [line for line in lines if "no pixel" in line]
    assert said[(empty, "cluster")] == said[(empty, "here")] and len(said[(empty, "here")]) == 1
    assert said[(scene[1], "cluster")] == said[(scene[1], "here")] == []


def test_a_tile_whose_writes_fail_is_an_error_naming_it(tmp_path):
    """A worker's tile that cannot be written whole (past a file size limit of 100 kB, as a full disk): GDAL
    only logged it and the tile was renamed into place cut short; now a DataError naming the tile."""
    import resource

    from gmmselect.raster.distributed import TileWriter

    source = gdal.GetDriverByName("MEM").Create("", 512, 512, 1, gdal.GDT_Byte)
    layouts = {"probabilities": (1, gdal.GDT_Float32, -1.0, ["p"])}
    writer = TileWriter(str(tmp_path), 0, (0, 0, 512, 512), layouts, source, ["COMPRESS=NONE"])
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (100_000, hard))
    try:
        with pytest.raises(DataError, match=r"GDAL could not write output '.*probabilities_0\.tif': .*; "
                                            r"check the free disk space"):
            values = np.random.default_rng(0).random((1, 512, 512), np.float32)
            writer.write((0, 0, 512, 512), {"probabilities": values})
            writer.close()
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    assert not (tmp_path / "probabilities_0.tif").exists()
