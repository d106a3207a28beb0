"""The shrinkage intensity toward the pooled covariance (core.shrinkage) against its definition, computed
the plain way: np.cov of each class without each of its polygons, and the sum over the samples of
Schaefer & Strimmer's (2005) closed form term by term."""

import numpy as np
import pytest
from conftest import data_file

from gmmselect.core.shrinkage import shrinkage_intensity


def reference_intensity(X, y, groups):
    """alpha* by its definition: bands divided by their pooled within-class deviation, the jackknife
    over each class's polygons by np.cov (over its samples, term by term, for a class of one polygon)."""
    labels = np.unique(y)
    means = np.array([X[y == c].mean(axis=0) for c in labels])
    within = X - means[np.searchsorted(labels, y)]
    X = X / np.sqrt((within ** 2).sum(axis=0) / (len(y) - len(labels)))
    covariances = np.array([np.cov(X[y == c], rowvar=False) for c in labels])
    counts = np.array([np.sum(y == c) for c in labels])
    pooled = sum((n - 1) * S for n, S in zip(counts, covariances)) / (counts.sum() - len(labels))
    variance = 0.0
    for c in labels:
        samples = X[y == c]
        polygons = np.unique(groups[y == c])
        if len(polygons) > 1:
            left = np.array([np.cov(samples[groups[y == c] != g], rowvar=False) for g in polygons])
            variance += (len(polygons) - 1) / len(polygons) * ((left - left.mean(axis=0)) ** 2).sum()
        else:
            n = len(samples)
            centred = samples - samples.mean(axis=0)
            w = centred[:, :, None] * centred[:, None, :]
            variance += n / (n - 1) ** 3 * ((w - w.mean(axis=0)) ** 2).sum()
    return min(1.0, variance / ((covariances - pooled) ** 2).sum())


def maipo():
    data = np.load(data_file("maipo_landsat8", "maipo.npz"))
    return data["X"][:, ::4], data["y"], data["field"]


def test_equals_the_jackknife_of_its_definition_on_maipo_fields():
    """Maipo (16 features, 4 crops, 400 fields): the downdated jackknife equals np.cov without each field."""
    X, y, field = maipo()
    expected = reference_intensity(X, y, field)
    assert 0 < expected < 1
    assert shrinkage_intensity(X, y, field) == pytest.approx(expected, rel=1e-10)


def test_a_class_of_one_polygon_and_ungrouped_samples_take_the_closed_form():
    """A class of one polygon: Schaefer & Strimmer's estimate over its samples; no groups: every class's."""
    X, y, field = maipo()
    keep = np.isin(field, np.unique(field)[::5])  # 80 fields
    X, y, field = X[keep], y[keep], field[keep].copy()
    field[y == 2] = -1
    assert shrinkage_intensity(X, y, field) == pytest.approx(reference_intensity(X, y, field), rel=1e-10)
    one_each = y.astype(np.int64)
    assert shrinkage_intensity(X, y) == pytest.approx(reference_intensity(X, y, one_each), rel=1e-10)


def test_points_and_polygons_mixed_equal_the_jackknife_of_its_definition():
    """Training points (polygons of one sample, summed in closed form) beside polygons of several."""
    X, y, field = maipo()
    keep = np.isin(field, np.unique(field)[::10])  # 40 fields
    X, y, groups = X[keep], y[keep], field[keep].copy()
    points = (y == 1) | ((y == 3) & (np.arange(len(y)) % 2 == 0))  # a class, and half of another, as points
    groups[points] = -1 - np.arange(points.sum())
    assert np.sum(points) > 50
    assert shrinkage_intensity(X, y, groups) == pytest.approx(reference_intensity(X, y, groups), rel=1e-10)


def test_does_not_depend_on_the_bands_units():
    """Each band rescaled by its own factor (DN, reflectance, indices): the same alpha*."""
    X, y, field = maipo()
    factors = np.geomspace(1e-3, 1e4, X.shape[1])
    assert shrinkage_intensity(X * factors, y, field) == pytest.approx(shrinkage_intensity(X, y, field),
                                                                      rel=1e-10)


def fields(covariances, n_fields, pixels, field_spread, seed=0):
    """Classes of `n_fields` fields of `pixels` pixels each: a field's mean moves by field_spread N(0, I)
    around its class mean, its pixels scatter with the class covariance."""
    rng = np.random.default_rng(seed)
    X, y, groups = [], [], []
    for c, covariance in enumerate(covariances):
        root = np.linalg.cholesky(covariance)
        for f in range(n_fields):
            centre = 5.0 * c + field_spread * rng.standard_normal(len(covariance))
            X.append(centre + rng.standard_normal((pixels, len(covariance))) @ root.T)
            y += [c] * pixels
            groups += [c * n_fields + f] * pixels
    return np.vstack(X), np.array(y), np.array(groups)


def test_known_answers_one_shared_covariance_and_distinct_ones():
    """One covariance shared by the classes: what separates S_c from S_pooled is noise, alpha* near 1;
    covariances that really differ, measured on many fields: alpha* near 0."""
    d = 6
    rng = np.random.default_rng(1)
    shared = np.cov(rng.standard_normal((50, d)), rowvar=False) + 0.5 * np.eye(d)
    X, y, groups = fields([shared] * 4, n_fields=5, pixels=30, field_spread=0.0)
    assert shrinkage_intensity(X, y, groups) > 0.8
    distinct = [np.diag(np.geomspace(0.1, 10.0, d) ** (1 if c % 2 else -1)) * (c + 1) for c in range(4)]
    X, y, groups = fields(distinct, n_fields=40, pixels=30, field_spread=0.0)
    assert shrinkage_intensity(X, y, groups) < 0.02


def test_fields_that_differ_make_the_polygons_count_more_than_the_pixels():
    """Fields whose means differ: the pixels of one field are no independent draws of the class, and the
    jackknife over the fields sees a covariance that moves from field to field, the pixels do not."""
    d = 6
    distinct = [np.diag(np.geomspace(0.5, 2.0, d) ** (1 if c % 2 else -1)) for c in range(4)]
    X, y, groups = fields(distinct, n_fields=4, pixels=200, field_spread=1.5, seed=2)
    by_fields, by_pixels = shrinkage_intensity(X, y, groups), shrinkage_intensity(X, y)
    assert by_fields > 5 * by_pixels
