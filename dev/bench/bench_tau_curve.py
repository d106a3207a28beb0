"""The CV curve of the ridge against the held-out curve, at one shrinkage alpha (HISTORY.md: why
the search misses LDA on MUUFL).

    /usr/bin/python3 dev/bench/bench_tau_curve.py --data muufl --alpha 1 [--splits 20] [--folds 5|loo]

On bench_accuracy's polygon-disjoint splits (seeds first-seed, first-seed + 1, ...), in the relative ridge
units of Train GMM (each band divided by its pooled within-class standard deviation on the training
polygons), for every tau of RELATIVE_TAU_GRID at the given alpha: the grouped CV kappa on the training
polygons (select_tau with Train GMM's folds and REPEATS) and the held-out kappa of the model fitted on all
training polygons; then the mean held-out kappa of the tau the CV picks in each split.
"""

import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from _package import use_repository  # noqa: E402

use_repository()

from bench_accuracy import HELD_OUT, LOADERS  # noqa: E402

from gmmselect.core import GaussianMixture, cohen_kappa, confusion_matrix, select_tau  # noqa: E402
from gmmselect.core.ridge import RELATIVE_TAU_GRID, band_variances, ridge_units  # noqa: E402
from gmmselect.raster.training import TrainingOptions, split_polygons  # noqa: E402


def curves(X, y, groups, alpha, splits, first_seed, folds):
    """(cv, held_out), each `(splits, T)`: the CV and held-out kappa of every tau of RELATIVE_TAU_GRID."""
    labels = np.unique(y)
    cv, held_out = [], []
    for seed in range(first_seed, first_seed + splits):
        train = split_polygons(y, groups, HELD_OUT, seed=seed).train
        units = ridge_units(X, band_variances(X[train], y[train]))
        search = select_tau(units[train], y[train], grid=RELATIVE_TAU_GRID, folds=folds, groups=groups[train],
                            alphas=(alpha,), repeats=TrainingOptions.repeats)
        cv.append(search.surface[0])
        held_out.append([cohen_kappa(confusion_matrix(y[~train], GaussianMixture.fit(
            units[train], y[train], tau=tau, alpha=alpha).predict(units[~train]), labels))
            for tau in RELATIVE_TAU_GRID])
    return np.array(cv), np.array(held_out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", choices=list(LOADERS), default="muufl")
    parser.add_argument("--alpha", type=float, default=1.0)
    parser.add_argument("--splits", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--folds", default="5", help="a number of grouped folds, or loo (one polygon out)")
    args = parser.parse_args()
    folds = args.folds if args.folds == "loo" else int(args.folds)
    X, y, groups, _ = LOADERS[args.data]()
    cv, held_out = curves(X, y, groups, args.alpha, args.splits, args.first_seed, folds)
    print(f"{args.data}, alpha {args.alpha:g}, {args.splits} splits, CV folds {args.folds}")
    print("relative tau     " + " ".join(f"{tau:7.1e}" for tau in RELATIVE_TAU_GRID))
    print("CV kappa         " + " ".join(f"{value:7.4f}" for value in cv.mean(axis=0)))
    print("held-out kappa   " + " ".join(f"{value:7.4f}" for value in held_out.mean(axis=0)))
    picked = held_out[np.arange(len(cv)), np.argmax(cv, axis=1)]
    print(f"held-out kappa of the tau the CV picks: {picked.mean():.4f}; of the best tau in hindsight: "
          f"{held_out.mean(axis=0).max():.4f}")


if __name__ == "__main__":
    main()
