"""Held-out accuracy of GMM Select against its peers, on polygon-disjoint splits of real data.

    /usr/bin/python3 dev/bench/bench_accuracy.py [--splits 5] [--first-seed 100] [--study] [--json FILE]
        [--data maipo landsat muufl maipo-6 maipo-12 maipo-24 fields-204 fields-204-alike]
        [--only TEXT]
        [--raster SCENE.tif --polygons POLYGONS.gpkg --field CLASS] [--samples SAMPLES.npz]

Data: the bundled Maipo time series (tests/data/maipo_landsat8: 7,713 pixels x 64 features, 4 crops,
400 fields = the polygons), the Landsat-5 scene (tests/data/landsat5_rstoolbox: 7 bands, 4 classes, 36
polygons, sampled with gmmselect.raster.extract_samples) and the MUUFL field spectra
(tests/data/muufl_field_spectra: every 25 nm, 31 bands; the 6 materials measured at 4 or more sites, 280
spectra from 32 sites, each site's ASD file its polygon); on request Maipo with 6, 12 or 24 of its fields per
crop (maipo-6, ...: few polygons per class, fewer than the features) and two synthetic 204-band scenes of 8
crops x 7 fields in the regime of the 204-band scene issue 14 was measured on (dev/bench/_core_data.
synthetic_fields): fields-204, 7,640 pixels, each crop's fields differing (LDA's regime), and fields-204-alike,
7,462 pixels, each crop's fields alike and its covariance its own (the regime of the issue's peers, where a
small ridge on per-class covariances led LDA, which led QDA). Your own data, instead of or beside
these: a scene and its training polygons (--raster, --polygons, --field: sampled as Train GMM samples
them, each feature a polygon) or samples with their polygon ids (--samples); classes of fewer than 4
polygons are left out (named on the output). Each split holds out 30 % of each class's
polygons (raster.training.split_polygons, seeds 100, 101, ..., or from --first-seed); every method trains
on the same pixels of the other polygons and is scored by Cohen's kappa on the held-out pixels. The table
shows the mean over the splits.

- GMM Select as Train Selection and Train GMM run it (raster.training.train, their default options),
  and with the options of the study (--study: the rows that chose the defaults, see the README; --only:
  the rows whose name holds TEXT, without the peers). A row that cannot run on a data set (a singular
  covariance without shrinkage or ridge) is left out there;
- dzetsaka's GMM: every band scaled to [-1, 1] (training min and max), ridge S + tau I with tau from
  10^-8 ... 10^7.5 by 5-fold pixel (ungrouped) CV of the overall accuracy, as its gmm_ridge does;
- scikit-learn RandomForest (200 trees), LDA, QDA (reg_param 1e-3), all bands, in the bench venv
  (.venv-bench, created by bench_core.py's ensure_venv; never a plugin dependency). QDA cannot fit the
  MUUFL classes (no more spectra than bands): n/a there.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import replace

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from _package import use_repository  # noqa: E402

use_repository()

from _core_data import synthetic_fields  # noqa: E402
from bench_core import ensure_venv  # noqa: E402

from gmmselect.core import (  # noqa: E402
    LEAVE_ONE_OUT,
    GaussianMixture,
    cohen_kappa,
    confusion_matrix,
    cross_validate,
    select_features,
    select_tau,
)
from gmmselect.core.ridge import RELATIVE_TAU_GRID, band_variances, ridge_units  # noqa: E402
from gmmselect.raster import TrainingSamples, extract_samples  # noqa: E402
from gmmselect.raster.training import (  # noqa: E402
    SELECTION_ALPHAS,
    SelectionOptions,
    TrainingInputs,
    TrainingOptions,
    split_polygons,
    train,
)

PEERS_JOB = os.path.join(HERE, "_accuracy_peers.py")
DATA = os.path.join(REPO, "tests", "data")
HELD_OUT = 0.3
MAX_BANDS = 20
#: A class of fewer polygons cannot keep two training polygons through both 30 % hold-outs (the split's
#: and, inside the workflow, its own assessment's): MUUFL's sites, a reader's polygons.
MIN_POLYGONS = 4


def maipo():
    """Maipo: X, y, polygons (fields), band names."""
    data = np.load(os.path.join(DATA, "maipo_landsat8", "maipo.npz"))
    return data["X"].astype(np.float64), data["y"], data["field"], [str(n) for n in data["feature_names"]]


def landsat():
    """The Landsat-5 scene sampled under its training polygons, as a reader's scene: X, y, polygons, band names."""
    folder = os.path.join(DATA, "landsat5_rstoolbox")
    return own_scene(os.path.join(folder, "lsat_tm_7band.tif"), os.path.join(folder, "training_polygons.gpkg"),
                     "class")()


def muufl():
    """MUUFL field spectra every 25 nm (31 bands, as muufl_library.csv), the ASD file of each spectrum (a
    site: its ~10 spectra are near-duplicates) as its polygon, the classes of at least MIN_POLYGONS sites."""
    data = np.load(os.path.join(DATA, "muufl_field_spectra", "muufl_asd_spectra.npz"))
    sites = np.unique([source.split("#")[0] for source in data["source"]], return_inverse=True)[1]
    every = slice(None, None, 25)
    return classes_with_polygons(data["X"][:, every], data["y"], sites,
                                 [f"{w:g} nm" for w in data["wavelength_nm"][every]], "muufl")


def classes_with_polygons(X, y, groups, band_names, name):
    """The samples of the classes of at least MIN_POLYGONS polygons (the others named on stdout), polygon
    ids renumbered 0, 1, ..."""
    polygons = {c: len(np.unique(groups[y == c])) for c in np.unique(y)}
    dropped = {c: count for c, count in polygons.items() if count < MIN_POLYGONS}
    if dropped:
        print(f"  {name}: classes left out, fewer than {MIN_POLYGONS} polygons (two must train through both "
              f"30 % hold-outs): " + ", ".join(f"{c} ({count})" for c, count in dropped.items()), flush=True)
    keep = ~np.isin(y, list(dropped))
    if len(polygons) - len(dropped) < 2:
        raise SystemExit(f"{name}: fewer than two classes have {MIN_POLYGONS} polygons or more; nothing to compare")
    return X[keep], y[keep], np.unique(groups[keep], return_inverse=True)[1], band_names


def maipo_fields(per_class):
    """Maipo restricted to `per_class` fields of each crop (drawn with seed `per_class`): few polygons per
    class, fewer than the 64 features, the regime of HISTORY.md's "forty more splits, and few polygons per
    class"."""
    def load():
        X, y, fields, names = maipo()
        rng = np.random.default_rng(per_class)
        keep = np.zeros(len(y), dtype=bool)
        for crop in np.unique(y):
            crop_fields = np.unique(fields[y == crop])
            keep |= np.isin(fields, rng.choice(crop_fields, min(per_class, len(crop_fields)), replace=False))
        return X[keep], y[keep], fields[keep], names
    return load


def own_scene(raster, polygons, field):
    """A reader's scene: the pixels under the polygons of a vector layer, `field` their class, each feature a
    polygon (gmmselect.raster.extract_samples, as Train GMM samples them); the classes of MIN_POLYGONS
    polygons or more."""
    def load():
        samples = extract_samples(raster, polygons, field)
        print(f"  {os.path.basename(raster)}: {len(samples.y)} pixels x {samples.X.shape[1]} bands, classes "
              + ", ".join(f"{label} = {name}" for label, name in zip(samples.labels, samples.class_names)),
              flush=True)
        return classes_with_polygons(samples.X, samples.y, samples.groups, list(samples.band_names),
                                     os.path.basename(raster))
    return load


def own_samples(path):
    """A reader's samples: an .npz of X `(n, d)`, integer class codes y `(n,)` and the polygon id of each
    sample, groups `(n,)` (and optionally band_names `(d,)`); the classes of MIN_POLYGONS polygons or more."""
    def load():
        with np.load(path) as data:
            missing = [key for key in ("X", "y", "groups") if key not in data.files]
            if missing:
                raise SystemExit(f"{path}: no array {', '.join(missing)}; the .npz needs X (n, d), y (n,) "
                                 "integer class codes and groups (n,) polygon ids")
            X, y, groups = data["X"].astype(np.float64), data["y"], data["groups"]
            names = ([str(name) for name in data["band_names"]] if "band_names" in data.files
                     else [f"band {b}" for b in range(1, X.shape[1] + 1)])
        return classes_with_polygons(X, y, groups, names, os.path.basename(path))
    return load


def fields_204(alike):
    """A loader of the synthetic field scene of _core_data.synthetic_fields (204 bands, 8 crops x 7 fields),
    the crops' fields differing or, `alike`, alike with covariances that differ from crop to crop."""
    def load():
        X, y, fields, wavelengths = synthetic_fields(alike=alike)
        return X, y, fields, [f"{w:.0f} nm" for w in wavelengths]
    return load


DATASETS = {"maipo": maipo, "landsat": landsat, "muufl": muufl}
#: Maipo with 6, 12 or 24 fields per crop, and the synthetic 204-band field scenes (--data maipo-6 ...
#: fields-204 fields-204-alike; not in the default run).
ON_REQUEST = {**{f"maipo-{n}": maipo_fields(n) for n in (6, 12, 24)}, "fields-204": fields_204(False),
              "fields-204-alike": fields_204(True)}
LOADERS = {**DATASETS, **ON_REQUEST}


def as_samples(X, y, groups, band_names):
    """TrainingSamples of arrays, for raster.training.train."""
    labels = np.unique(y)
    return TrainingSamples(labels, [str(label) for label in labels], list(range(1, X.shape[1] + 1)),
                           band_names, {}, 0, 0, False, [], X=X, y=y, groups=groups)


def workflow(options):
    """A method running raster.training.train with `options`: returns (predict, bands used)."""
    def method(X, y, groups, band_names):
        result = train(as_samples(X, y, groups, band_names), options, TrainingInputs(X.shape[1]))
        mixture, bands = result.model.classifier()
        features = [b - 1 for b in bands]
        return (lambda Z: mixture.predict(Z[:, features])), len(features)
    return method


def assessed_choice_refitted(options):
    """The REFIT of before: the choice (bands, alpha, tau) made on the workflow's training polygons, fitted
    again on all the samples it was given."""
    def method(X, y, groups, band_names):
        result = train(as_samples(X, y, groups, band_names), replace(options, refit=False),
                       TrainingInputs(X.shape[1]))
        assessed, bands = result.model.classifier()
        features = [b - 1 for b in bands]
        # a relative tau keeps its meaning: times the pooled within-class variances of all the samples
        scale = None if assessed.ridge_scale_ is None else band_variances(X, y)
        mixture = GaussianMixture.fit(X, y, tau=assessed.tau_, alpha=assessed.alpha_,
                                      ridge_scale=scale).subset(features)
        return (lambda Z: mixture.predict(Z[:, features])), len(features)
    return method


def dzetsaka_gmm(X, y, groups, band_names):
    """dzetsaka's GMM: bands scaled to [-1, 1], ridge by 5-fold pixel CV of the overall accuracy."""
    low, high = X.min(axis=0), X.max(axis=0)
    span = np.where(high > low, high - low, 1.0)

    def scale(Z):
        return 2 * (Z - low) / span - 1

    search = select_tau(scale(X), y, grid=10.0 ** np.arange(-8, 8, 0.5), criterion="accuracy", folds=5)
    mixture = GaussianMixture.fit(scale(X), y, tau=search.tau)
    return (lambda Z: mixture.predict(scale(Z))), X.shape[1]


def core_selection(alpha_rule="fixed", alpha=0.0, size_rule="tolerance", final="same", standardise=False):
    """A study method on the core: SFFS-JM up to 20 bands on all training polygons (grouped 5-fold CV
    where CV is used), shrinkage `alpha` (alpha_rule 'search': chosen with tau by the (alpha, tau)
    search on all bands), size by the 0.1 % `tolerance` rule, by the CV kappa of each size ('cv'), by the
    best CV kappa of each size's (alpha, tau) search ('searched': the model then takes that size's alpha
    and tau) or the largest ('max'); final 'search': the (alpha, tau) search again on the selected bands."""
    def method(X, y, groups, band_names):
        scale = np.sqrt(band_variances(X, y)) if standardise else np.ones(X.shape[1])
        Xs = X / scale
        chosen_alpha, tau = alpha, 0.0
        if alpha_rule != "fixed":
            search = select_tau(Xs, y, groups=groups, alphas=SELECTION_ALPHAS)
            chosen_alpha, tau = search.alpha, (search.tau if alpha_rule == "search with tau" else 0.0)
        selection = select_features(Xs, y, "sffs", "jm", max_features=min(MAX_BANDS, X.shape[1]),
                                    alpha=chosen_alpha, tau=tau)
        if size_rule == "searched":
            size, search = best_searched_size(X, y, groups, selection)
            features, chosen_alpha, tau = list(selection.best_sets[size]), search.alpha, search.tau
            scale = np.sqrt(band_variances(X, y))
            mixture = GaussianMixture.fit(X[:, features] / scale[features], y, tau=tau, alpha=chosen_alpha)
            return (lambda Z: mixture.predict(Z[:, features] / scale[features])), len(features)
        size = {"tolerance": lambda: selection.best_size, "max": lambda: max(selection.sizes),
                "cv": lambda: best_cv_size(Xs, y, groups, selection, chosen_alpha, tau)}[size_rule]()
        features = list(selection.best_sets[size])
        if final == "search":
            search = select_tau(Xs[:, features], y, groups=groups, alphas=SELECTION_ALPHAS)
            chosen_alpha, tau = search.alpha, search.tau
        mixture = GaussianMixture.fit(Xs[:, features], y, tau=tau, alpha=chosen_alpha)
        return (lambda Z: mixture.predict(Z[:, features] / scale[features])), len(features)
    return method


def core_all_bands(alphas, standardise=False, folds=5):
    """A study method: all bands, (alpha, tau) by grouped CV kappa (5-fold, or "loo": leave one polygon
    out) on all training polygons."""
    def method(X, y, groups, band_names):
        scale = np.sqrt(band_variances(X, y)) if standardise else np.ones(X.shape[1])
        search = select_tau(X / scale, y, groups=groups, alphas=alphas, folds=folds)
        mixture = GaussianMixture.fit(X / scale, y, tau=search.tau, alpha=search.alpha)
        return (lambda Z: mixture.predict(Z / scale)), X.shape[1]
    return method


def best_cv_size(X, y, groups, selection, alpha, tau):
    """The size whose best set has the highest grouped 5-fold CV kappa (ties: the smallest)."""
    kappas = [cross_validate(X, y, tau, selection.best_sets[k], groups=groups, alpha=alpha).kappa
              for k in selection.sizes]
    return selection.sizes[int(np.argmax(kappas))]


def best_searched_size(X, y, groups, selection):
    """The size whose best set has the highest CV kappa of its own (alpha, tau) search (Train Selection's
    MODEL_SEARCH on that set: relative ridge, 3 assignments to folds; ties: the smallest), and that search."""
    scale, searches = band_variances(X, y), []
    for size in selection.sizes:
        bands = list(selection.best_sets[size])
        searches.append(select_tau(ridge_units(X[:, bands], scale[bands]), y, grid=RELATIVE_TAU_GRID,
                                   groups=groups, alphas=SELECTION_ALPHAS, repeats=TrainingOptions.repeats))
    best = int(np.argmax([search.surface.max() for search in searches]))
    return selection.sizes[best], searches[best]


def methods(study, only=None):
    """The GMM Select rows: the defaults of both algorithms, then (study) the options behind them; `only`:
    the rows whose name holds that text."""
    rows = {
        "GMM Select: Train Selection defaults": workflow(TrainingOptions(selection=SelectionOptions())),
        "GMM Select: Train GMM defaults": workflow(TrainingOptions()),
        "dzetsaka-like GMM ([-1, 1], ridge by 5-fold pixel CV)": dzetsaka_gmm,
    }
    if study:
        rows.update(study_rows())
    return {name: method for name, method in rows.items() if only is None or only in name}


def study_rows():
    """The rows of --study (see methods)."""
    before = {"alpha_grid": [0.0], "refit": False, "ridge_scale": "absolute"}
    return {
        "study: Train Selection, the model's alpha searched over 0, 0.1, 0.25, 0.5, 0.75, 1 (before)": workflow(
            TrainingOptions(selection=SelectionOptions(), alpha_grid=SELECTION_ALPHAS)),
        "study: Train GMM, alpha searched over 0, 0.1, 0.25, 0.5, 0.75, 1 (before)": workflow(
            TrainingOptions(alpha_grid=SELECTION_ALPHAS)),
        "study: Train Selection, absolute tau (RIDGE_SCALE absolute: before)": workflow(TrainingOptions(
            selection=SelectionOptions(), ridge_scale="absolute")),
        "study: Train GMM, absolute tau (RIDGE_SCALE absolute: before)": workflow(TrainingOptions(
            ridge_scale="absolute")),
        "study: Train Selection, one assignment to folds (REPEATS 1)": workflow(TrainingOptions(
            selection=SelectionOptions(), repeats=1)),
        "study: Train GMM, one assignment to folds (REPEATS 1)": workflow(TrainingOptions(repeats=1)),
        "study: Train Selection, leave-one-polygon-out (FOLDS 0)": workflow(TrainingOptions(
            selection=SelectionOptions(), folds=0)),
        "study: Train GMM, leave-one-polygon-out (FOLDS 0)": workflow(TrainingOptions(folds=0)),
        "study: Train Selection, the largest size (USE_BEST no)": workflow(TrainingOptions(
            selection=SelectionOptions(use_best=False))),
        "study: Train Selection, refit with the assessed bands, alpha and tau": assessed_choice_refitted(
            TrainingOptions(selection=SelectionOptions())),
        "study: Train GMM, refit with the assessed alpha and tau": assessed_choice_refitted(
            TrainingOptions()),
        "study: Train Selection, the selection's alpha and TAU in the model (MODEL_SEARCH no: before)": workflow(
            TrainingOptions(selection=SelectionOptions(model_search=False))),
        "study: Train Selection before (alpha 0, no refit)": workflow(TrainingOptions(
            selection=SelectionOptions(model_search=False), **before)),
        "study: Train Selection, alpha 0, refit": workflow(TrainingOptions(
            selection=SelectionOptions(), alpha_grid=[0.0])),
        "study: Train Selection, alpha by CV, no refit": workflow(TrainingOptions(
            selection=SelectionOptions(), refit=False)),
        "study: Train GMM before (alpha 0, no refit)": workflow(TrainingOptions(**before)),
        "study: SFFS-JM, alpha 0, 0.1 % size rule": core_selection(),
        "study: SFFS-JM, alpha 0, size by CV kappa": core_selection(size_rule="cv"),
        "study: SFFS-JM, alpha 0, 20 bands": core_selection(size_rule="max"),
        "study: SFFS-JM, alpha by CV, 0.1 % size rule": core_selection("search"),
        "study: SFFS-JM, alpha by CV, size by CV kappa": core_selection("search", size_rule="cv"),
        "study: SFFS-JM, alpha by CV, 20 bands": core_selection("search", size_rule="max"),
        "study: SFFS-JM, (alpha, tau) by CV, 0.1 % size rule": core_selection("search with tau"),
        "study: SFFS-JM, (alpha, tau) by CV, size by CV kappa": core_selection("search with tau",
                                                                               size_rule="cv"),
        "study: SFFS-JM, alpha by CV, bands standardised": core_selection("search", standardise=True),
        "study: SFFS-JM, alpha by CV, then (alpha, tau) on the bands": core_selection(
            "search", final="search"),
        "study: SFFS-JM, alpha by CV, size and (alpha, tau) by each size's search": core_selection(
            "search", size_rule="searched"),
        "study: all bands, tau by CV (alpha 0)": core_all_bands([0.0]),
        "study: all bands, (alpha, tau) by CV": core_all_bands(SELECTION_ALPHAS),
        "study: all bands, (alpha, tau) by CV, bands standardised": core_all_bands(SELECTION_ALPHAS, True),
        "study: all bands, (alpha, tau) by leave-one-polygon-out CV": core_all_bands(SELECTION_ALPHAS,
                                                                                   folds=LEAVE_ONE_OUT),
        "study: all bands, (alpha, tau) by leave-one-polygon-out CV, bands standardised": core_all_bands(
            SELECTION_ALPHAS, True, LEAVE_ONE_OUT),
    }


def run_peers(X, y, masks):
    """Held-out predictions of the scikit-learn peers, {peer: (S, n)}, from the bench venv."""
    python = ensure_venv()
    with tempfile.TemporaryDirectory() as folder:
        source, target = os.path.join(folder, "in.npz"), os.path.join(folder, "out.npz")
        np.savez(source, X=X, y=y, train=masks)
        subprocess.run([python, PEERS_JOB, source, target], check=True)
        with np.load(target) as out:
            return {name: out[name] for name in out.files}


PEER_NAMES = {"random_forest": "scikit-learn RandomForest (200 trees)", "lda": "scikit-learn LDA",
              "qda": "scikit-learn QDA (reg_param 1e-3)"}


def evaluate(name, load, n_splits, study, only=None, first_seed=100):
    """{method: {'kappa': [per split], 'bands': [per split], 'seconds': total}} on one data set, the splits
    drawn with seeds first_seed, first_seed + 1, ..."""
    X, y, groups, band_names = load()
    labels = np.unique(y)
    masks = np.array([split_polygons(y, groups, HELD_OUT, seed=first_seed + s).train
                      for s in range(n_splits)])
    results = {}
    for method_name, method in methods(study, only).items():
        kappas, bands, started = [], [], time.perf_counter()
        try:
            for train_mask in masks:
                predict, n_bands = method(X[train_mask], y[train_mask], groups[train_mask], band_names)
                test = ~train_mask
                kappas.append(float(cohen_kappa(confusion_matrix(y[test], predict(X[test]), labels))))
                bands.append(n_bands)
        except ValueError as error:
            print(f"  {name}: {method_name}: left out ({error})", flush=True)
            continue
        results[method_name] = {"kappa": kappas, "bands": bands, "seconds": time.perf_counter() - started}
        print(f"  {name}: {method_name}: mean kappa {np.mean(kappas):.4f}", flush=True)
    for peer, predicted in (run_peers(X, y, masks) if only is None else {}).items():
        kappas = [float(cohen_kappa(confusion_matrix(y[~m], p[~m], labels)))
                  for m, p in zip(masks, predicted)]
        results[PEER_NAMES[peer]] = {"kappa": kappas, "bands": [X.shape[1]] * n_splits, "seconds": None}
    return results


def table(all_results):
    """The markdown table: mean held-out kappa per data set, their mean, bands used."""
    names = list(all_results)
    rows = list(dict.fromkeys(row for n in names for row in all_results[n]))
    lines = ["| method | " + " | ".join(f"{n} kappa" for n in names) + " | mean | bands used |",
             "|---|" + "---|" * (len(names) + 2)]
    for row in rows:
        done = [n for n in names if row in all_results[n]]
        means = {n: np.mean(all_results[n][row]["kappa"]) for n in done}
        bands = "; ".join(f"{min(all_results[n][row]['bands'])}-{max(all_results[n][row]['bands'])}"
                          for n in done)
        mean = f"{np.mean(list(means.values())):.4f}" if len(done) == len(names) else "n/a"
        lines.append(f"| {row} | " + " | ".join(f"{means[n]:.4f}" if n in means else "n/a" for n in names)
                     + f" | {mean} | {bands} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--splits", type=int, default=5)
    parser.add_argument("--first-seed", type=int, default=100, help="seed of the first split (then + 1, ...)")
    parser.add_argument("--study", action="store_true", help="also the rows that chose the defaults")
    parser.add_argument("--json", help="write the per-split kappas here")
    parser.add_argument("--data", nargs="+", choices=list(LOADERS),
                        help="bundled data sets (default: maipo landsat muufl, or none with --raster / --samples)")
    parser.add_argument("--raster", help="your scene (any GDAL raster), with --polygons and --field")
    parser.add_argument("--polygons", help="your training polygons (any OGR vector layer over --raster)")
    parser.add_argument("--field", help="the attribute of --polygons holding each polygon's class")
    parser.add_argument("--samples", help="your samples: .npz of X (n, d), y (n,) classes, groups (n,) polygon ids")
    parser.add_argument("--only", help="only the GMM Select rows whose name holds this text (no peers)")
    args = parser.parse_args()
    own = {}
    if args.raster or args.polygons or args.field:
        if not (args.raster and args.polygons and args.field):
            parser.error("--raster, --polygons and --field go together")
        own[os.path.basename(args.raster)] = own_scene(args.raster, args.polygons, args.field)
    if args.samples:
        own[os.path.basename(args.samples)] = own_samples(args.samples)
    bundled = args.data if args.data is not None else ([] if own else list(DATASETS))
    loaders = {**{name: LOADERS[name] for name in bundled}, **own}
    all_results = {}
    for name, load in loaders.items():
        print(f"{name}: {args.splits} polygon-disjoint splits, {HELD_OUT:.0%} of each class's polygons "
              "held out", flush=True)
        all_results[name] = evaluate(name, load, args.splits, args.study, args.only, args.first_seed)
    print()
    print(table(all_results))
    if args.json:
        with open(args.json, "w") as stream:
            json.dump(all_results, stream, indent=1)


if __name__ == "__main__":
    main()
