"""How the (alpha, tau) choice of Train GMM fares per split, against dzetsaka's pixel CV (HISTORY.md:
why dzetsaka's GMM leads on Landsat). The search studied is the absolute one (tau I on the
default_tau_grid: RIDGE_SCALE absolute, Train GMM's default before the relative ridge).

    /usr/bin/python3 dev/bench/bench_ridge_choice.py [--data landsat] [--splits 10]   # about 2 minutes

On bench_accuracy's polygon-disjoint splits, on all training polygons (what REFIT searches on):
- the grouped 5-fold CV surfaces over SELECTION_ALPHAS x the default tau grid of three scores, by refitting
  each fold (kappa; the mean log posterior of the true class and the Brier score, proper scores after
  Gneiting & Raftery 2007), and the held-out kappa of the model of every cell;
- per split and rule (kappa with its first-best tie-break, as select_tau; kappa with the log score or the
  Brier score as tie-break; each proper score alone; kappa at alpha 0): the chosen cell and its held-out
  kappa; the cells tied on kappa; the best fixed cell in hindsight;
- in dzetsaka's units ([-1, 1]), model (alpha 0) and grid: tau by its 5-fold pixel CV of the overall
  accuracy against tau by the grouped 5-fold CV kappa;
- the eigenvalue floor against the smallest class eigenvalue.
"""

import argparse
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from _package import use_repository  # noqa: E402

use_repository()

from bench_accuracy import DATASETS, HELD_OUT  # noqa: E402

from gmmselect.core import GaussianMixture, cohen_kappa, confusion_matrix, select_tau  # noqa: E402
from gmmselect.core.folds import make_folds  # noqa: E402
from gmmselect.core.model import log_posteriors  # noqa: E402
from gmmselect.core.ridge import default_tau_grid  # noqa: E402
from gmmselect.core.stats import ClassStatistics  # noqa: E402
from gmmselect.raster.training import SELECTION_ALPHAS, split_polygons  # noqa: E402

ALPHAS = np.array(SELECTION_ALPHAS)
DZETSAKA_GRID = 10.0 ** np.arange(-8, 8, 0.5)


def fitted(X, y, labels, tau, alpha, floor=None):
    """The mixture of (alpha, tau) on X, y (classes `labels`), with the eigenvalue `floor` if given."""
    return GaussianMixture.from_statistics(ClassStatistics.from_samples(X, y, labels), tau, floor=floor,
                                           alpha=alpha)


def cv_surfaces(X, y, groups, grid):
    """Grouped 5-fold CV (as select_tau: folds seed 0, the floor of all samples) of kappa, mean log
    posterior of the true class and Brier score, each `(A, T)`, mean over folds, by refitting."""
    labels = np.unique(y)
    fold = make_folds(y, 5, groups, 0)
    floor = fitted(X, y, labels, 0.0, 0.0).floor_
    truth = np.searchsorted(labels, y)
    scores = np.zeros((3, len(ALPHAS), len(grid)))
    for v in np.unique(fold):
        train, test = fold != v, fold == v
        rows = np.arange(test.sum())
        for a, alpha in enumerate(ALPHAS):
            for t, tau in enumerate(grid):
                log_posterior = log_posteriors(
                    fitted(X[train], y[train], labels, tau, alpha, floor).decision_function(X[test]))
                predicted = labels[np.argmax(log_posterior, axis=1)]
                posterior = np.exp(log_posterior)
                posterior[rows, truth[test]] -= 1
                scores[:, a, t] += (cohen_kappa(confusion_matrix(y[test], predicted, labels)),
                                    log_posterior[rows, truth[test]].mean(), (posterior**2).sum(axis=1).mean())
    return scores / len(np.unique(fold))


def first_best(surface):
    """The first best cell (row-major: smallest alpha, then smallest tau), as select_tau."""
    return np.unravel_index(np.argmax(surface), surface.shape)


def tie_broken(primary, secondary):
    """The first best cell of `secondary` among the cells tied best on `primary`."""
    return first_best(np.where(primary >= primary.max() - 1e-12, secondary, -np.inf))


RULES = {
    "kappa (select_tau)": lambda kappa, log, brier: first_best(kappa),
    "kappa, ties: log score": lambda kappa, log, brier: tie_broken(kappa, log),
    "kappa, ties: Brier": lambda kappa, log, brier: tie_broken(kappa, -brier),
    "log score": lambda kappa, log, brier: first_best(log),
    "Brier score": lambda kappa, log, brier: first_best(-brier),
    "kappa, alpha 0": lambda kappa, log, brier: (0, int(np.argmax(kappa[0]))),
}


def scaled(X_train, X_test):
    """Both parts in dzetsaka's units: [-1, 1] over the training part's min and max."""
    low, high = X_train.min(axis=0), X_train.max(axis=0)
    span = np.where(high > low, high - low, 1.0)
    return 2 * (X_train - low) / span - 1, 2 * (X_test - low) / span - 1


def dzetsaka_units(X, y, groups, X_test, y_test, labels):
    """Held-out kappa and tau of alpha 0 in [-1, 1] units: tau by pixel CV accuracy, by grouped CV kappa."""
    X, X_test = scaled(X, X_test)
    out = {}
    for name, criterion, fold_groups in (("pixel", "accuracy", None), ("grouped", "kappa", groups)):
        tau = select_tau(X, y, grid=DZETSAKA_GRID, criterion=criterion, folds=5, groups=fold_groups).tau
        predicted = GaussianMixture.fit(X, y, tau=tau).predict(X_test)
        out[name] = (float(cohen_kappa(confusion_matrix(y_test, predicted, labels))), tau)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", choices=list(DATASETS), default="landsat")
    parser.add_argument("--splits", type=int, default=10)
    args = parser.parse_args()
    X, y, groups, _ = DATASETS[args.data]()
    labels = np.unique(y)
    whole = GaussianMixture.fit(X, y)
    print(f"{args.data}: eigenvalue floor {whole.floor_:.3g}, smallest class eigenvalue "
          f"{whole.eigenvalues_.min():.3g}")
    kappas = {rule: [] for rule in [*RULES, "dzetsaka units, pixel CV", "dzetsaka units, grouped CV"]}
    held_out_grids = []
    for s in range(args.splits):
        train = split_polygons(y, groups, HELD_OUT, seed=100 + s).train
        X_train, y_train, X_test, y_test = X[train], y[train], X[~train], y[~train]
        grid = default_tau_grid(X_train, y_train)
        kappa, log, brier = cv_surfaces(X_train, y_train, groups[train], grid)
        held_out = np.array([[cohen_kappa(confusion_matrix(
            y_test, fitted(X_train, y_train, labels, tau, alpha).predict(X_test), labels))
            for tau in grid] for alpha in ALPHAS])
        held_out_grids.append(held_out)
        ties = int(np.sum(kappa >= kappa.max() - 1e-12))
        print(f"split {s}: {ties} of {kappa.size} cells tied on CV kappa; held-out kappa over the grid "
              f"{held_out.min():.4f} ... {held_out.max():.4f}")
        for rule, choose in RULES.items():
            a, t = choose(kappa, log, brier)
            kappas[rule].append(held_out[a, t])
            print(f"  {rule:26s} alpha {ALPHAS[a]:<5g} tau {grid[t] / grid[-1]:<8.3g} x mean variance: "
                  f"held-out kappa {held_out[a, t]:.4f}")
        for name, (value, tau) in dzetsaka_units(X_train, y_train, groups[train], X_test, y_test,
                                                 labels).items():
            kappas[f"dzetsaka units, {name} CV"].append(value)
            print(f"  dzetsaka units, {name + ' CV':12s} tau {tau:<8.3g}: held-out kappa {value:.4f}")
    print(f"\nmean held-out kappa over {args.splits} splits ({args.data}):")
    for rule, values in kappas.items():
        print(f"  {rule:30s} {np.mean(values):.4f}")
    mean_grid = np.mean(held_out_grids, axis=0)
    a, t = first_best(mean_grid)
    print(f"  best fixed cell in hindsight   {mean_grid[a, t]:.4f} (alpha {ALPHAS[a]:g}, tau index {t})")


if __name__ == "__main__":
    main()
