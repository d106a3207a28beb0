"""The one atomic writer (OutputSet): all files of a run appear together or not at all."""

import os
import re

import pytest
from osgeo import gdal
from qgis_helpers import POLYGONS

from gmmselect.raster import DataError
from gmmselect.raster.files import OutputSet, check_distinct, dataset_files, write_atomically


def contents(folder):
    """{relative path: text or None for a folder} of everything under `folder`."""
    found = {}
    for root, folders, files in os.walk(folder):
        found.update({os.path.relpath(os.path.join(root, name), folder): None for name in folders})
        for name in files:
            with open(os.path.join(root, name), encoding="utf-8") as stream:
                found[os.path.relpath(os.path.join(root, name), folder)] = stream.read()
    return found


def staged_run(folder):
    """An OutputSet with three files in new folders and one over an existing file."""
    outputs = OutputSet()
    outputs.write_text(str(folder / "new" / "deeper" / "a.csv"), "a")
    outputs.write_text(str(folder / "new" / "b.html"), "b")
    outputs.write_text(str(folder / "old.csv"), "new content")
    return outputs


def test_commit_publishes_every_file_and_only_them(tmp_path):
    (tmp_path / "old.csv").write_text("old content")
    staged_run(tmp_path).commit()
    assert contents(tmp_path) == {"new": None, "new/deeper": None, "new/deeper/a.csv": "a",
                                  "new/b.html": "b", "old.csv": "new content"}


@pytest.mark.parametrize("failing", [1, 2, 3, 4])
def test_a_failing_rename_puts_everything_back(tmp_path, monkeypatch, failing):
    """Renames: a.csv, b.html, old.csv to its backup, the new old.csv; the n-th one fails."""
    (tmp_path / "old.csv").write_text("old content")
    before = contents(tmp_path)
    outputs = staged_run(tmp_path)
    original, calls = os.replace, []

    def replace(source, target):
        calls.append(target)
        if len(calls) == failing:
            raise OSError(5, "Input/output error (injected)")
        return original(source, target)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(OSError, match="injected"):
        outputs.commit()
    assert contents(tmp_path) == before


def test_discard_and_the_context_manager(tmp_path):
    staged_run(tmp_path).discard()
    assert contents(tmp_path) == {}
    with pytest.raises(ZeroDivisionError), OutputSet() as outputs:
        outputs.write_text(str(tmp_path / "x" / "y.csv"), "y")
        raise ZeroDivisionError
    assert contents(tmp_path) == {}
    assert write_atomically(str(tmp_path / "z.csv"), "z") == str(tmp_path / "z.csv")
    assert contents(tmp_path) == {"z.csv": "z"}


def test_a_stale_side_file_goes_with_the_commit(tmp_path):
    """A raster staged without .aux.xml replaces an earlier one that had one: the old side file goes."""
    (tmp_path / "c.tif").write_text("old raster")
    (tmp_path / "c.tif.aux.xml").write_text("old categories")
    outputs = OutputSet()
    with open(outputs.stage_raster(str(tmp_path / "c.tif")), "w") as stream:
        stream.write("new raster")
    outputs.commit()
    assert contents(tmp_path) == {"c.tif": "new raster"}


def test_outputs_distinct_from_inputs_and_from_each_other(tmp_path):
    shapefile = str(tmp_path / "fields.shp")
    gdal.VectorTranslate(shapefile, POLYGONS)
    parts = dataset_files(shapefile)
    assert {os.path.basename(path) for path in parts} >= {
        "fields.shp", "fields.dbf", "fields.shx", "fields.prj", "fields.qml", "fields.shp.aux.xml"}
    check_distinct({"a": [str(tmp_path / "a.csv")], "b": [str(tmp_path / "b.csv")]}, {"fields": parts})
    with pytest.raises(DataError, match=r"output b would write '.*a.csv', which is also a of this run"):
        check_distinct({"a": [str(tmp_path / "a.csv")], "b": [str(tmp_path / "x" / ".." / "a.csv")]}, {})
    with pytest.raises(DataError, match=r"output table would write '.*fields.dbf', which is also fields"):
        check_distinct({"table": [str(tmp_path / "fields.dbf")]}, {"fields": parts})


def test_a_scratch_folder_beside_an_output_of_a_long_name_has_its_stem_cut_as_a_staged_file_s(tmp_path):
    """An output name of 247 bytes (a run on one machine writes it, its .aux.xml 255): the scratch folder of a
    Dask run beside it was '.' + its stem + 21 bytes, 265, and the run failed ('File name too long'); its
    stem is now cut to 233 bytes, on a whole character (116 é)."""
    name = "é" * 121 + "x.tif"
    outputs = OutputSet()
    scratch = outputs.scratch_folder(str(tmp_path / name))
    staged = outputs.stage_raster(str(tmp_path / name))
    assert os.path.isdir(scratch) and len(os.fsencode(os.path.basename(staged))) <= 255
    assert re.fullmatch(r"\.(é{116})\.[0-9a-f]{12}\.scratch", os.path.basename(scratch))
    outputs.discard()
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("ending", ["commit", "discard"])
def test_scratch_folders_go_with_their_content_whatever_the_ending(tmp_path, ending):
    outputs = OutputSet()
    target = outputs.write_text(str(tmp_path / "kept.txt"), "kept")
    scratch = outputs.scratch_folder(str(tmp_path / "classes.tif"))
    assert os.path.dirname(scratch) == str(tmp_path) and os.path.basename(scratch).startswith(".classes.")
    with open(os.path.join(scratch, "tile_0.tif"), "w") as stream:
        stream.write("a tile")
    getattr(outputs, ending)()
    assert os.listdir(tmp_path) == (["kept.txt"] if ending == "commit" else [])
    assert not os.path.exists(target) or ending == "commit"
