"""The QGIS-free training workflow behind the algorithms: the polygon split and the TAU list."""

import numpy as np
import pytest

from gmmselect.raster.training import parse_tau_list, split_polygons


def polygons(per_class, pixels=5):
    """Class codes and polygon ids: class c has per_class[c - 1] polygons of `pixels` pixels."""
    y, groups = [], []
    for code, count in enumerate(per_class, start=1):
        for polygon in range(count):
            y += [code] * pixels
            groups += [100 * code + polygon] * pixels
    return np.array(y), np.array(groups)


def test_split_holds_out_whole_polygons_per_class():
    y, groups = polygons([10, 8, 9, 9])
    split = split_polygons(y, groups, 0.3, seed=0, names={1: "a", 2: "b", 3: "c", 4: "d"})
    assert split.polygons == {"a": (7, 3), "b": (6, 2), "c": (6, 3), "d": (6, 3)}
    assert not np.any(split.train & split.held_out) and np.all(split.train | split.held_out)
    assert set(groups[split.train]).isdisjoint(groups[split.held_out])
    assert split.warnings == []


def test_split_is_seeded():
    y, groups = polygons([10, 8, 9, 9])
    first, again = split_polygons(y, groups, 0.3, seed=4), split_polygons(y, groups, 0.3, seed=4)
    other = split_polygons(y, groups, 0.3, seed=5)
    assert np.array_equal(first.held_out, again.held_out)
    assert not np.array_equal(first.held_out, other.held_out)


def test_split_zero_holds_nothing_out():
    y, groups = polygons([3, 3])
    split = split_polygons(y, groups, 0.0)
    assert split.train.all() and split.polygons == {"1": (3, 0), "2": (3, 0)}


def test_split_warns_for_a_class_with_no_held_out_polygon():
    y, groups = polygons([10, 1])
    split = split_polygons(y, groups, 0.3, names={1: "forest", 2: "water"})
    assert split.polygons["water"] == (1, 0)
    assert split.warnings == ["class 'water' has 1 polygon(s): none held out, so the held-out accuracy "
                              "does not cover it"]


def test_split_refuses_to_leave_a_class_without_training_polygon():
    y, groups = polygons([10, 2])
    with pytest.raises(ValueError, match=r"VALIDATION = 0.8 holds out all 2 polygon\(s\) of class 'water', "
                                         r"leaving none to train on: lower VALIDATION below 0.75"):
        split_polygons(y, groups, 0.8, names={1: "forest", 2: "water"})


def test_parse_tau_list():
    assert parse_tau_list("") is None and parse_tau_list(None) is None
    assert parse_tau_list("0.5") == [0.5]
    assert parse_tau_list("0, 1e-3; 0.1  2") == [0.0, 1e-3, 0.1, 2.0]
    with pytest.raises(ValueError, match="'x' is not a number"):
        parse_tau_list("1, x")
    with pytest.raises(ValueError, match=">= 0"):
        parse_tau_list("-1")
