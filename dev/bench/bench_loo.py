"""Leave-one-out band selection: the closed form against 5-fold CV and against refitting without each sample.

    /usr/bin/python3 dev/bench/bench_loo.py [--quick]

Prints figures; asserts nothing. Data: the MUUFL field spectra (tests/data/muufl_field_spectra:
560 spectra x 751 bands, 28 materials of 3 to 70 spectra), tau = 1e-4 (reflectance units).

1. SFS, criterion accuracy, up to k bands of 751: leave-one-out (folds="loo") against 5-fold CV
   (folds=5), the same engine, data and ridge. Goal: leave-one-out at most 2x the 5-fold time.
2. SFS, accuracy, k = 4 of 31 bands (every 25 nm): leave-one-out in closed form against the
   brute-force refit of tests/reference.py (for every candidate, each of the 560 samples' class
   refitted without it by np.cov, inv and slogdet; the other classes, unchanged, fitted once per
   candidate). Both must select the same sets.
3. SFS, accuracy, all 751 bands: leave-one-out with shrinkage alpha = 0.25 against alpha = 0 and
   against 5-fold CV with alpha = 0.25. With
   alpha > 0 leaving a sample out also downdates S_pooled, so every class gets the pooled
   correction; the pruning bounds it with log tau (S_j' >= tau I, crossval.LeftOutCandidates).
Times: time.perf_counter around the selection call, best of 3 for the engine, one run for the
brute force.
"""

import argparse
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tests"))
import conftest  # noqa: E402,F401  (makes the repository importable as gmmselect)
import reference  # noqa: E402

from gmmselect.core import select_features  # noqa: E402

TAU = 1e-4
GOAL = 2.0
ALPHA = 0.25


def library():
    """The 560 MUUFL spectra (751 bands) and their material codes."""
    data = np.load(os.path.join(REPO, "tests", "data", "muufl_field_spectra", "muufl_asd_spectra.npz"))
    return data["X"], data["y"]


def best_of(runs, job):
    """The shortest of `runs` timings of `job()` and its last result."""
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        result = job()
        times.append(time.perf_counter() - started)
    return min(times), result


def engine(X, y, folds, k, alpha=0.0):
    """SFS by LOO or k-fold accuracy."""
    return select_features(X, y, "sfs", "accuracy", max_features=k, folds=folds, tau=TAU, alpha=alpha)


def main():
    """Run both comparisons and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="k = 5 only in part 1, one run each")
    arguments = parser.parse_args()
    runs = 1 if arguments.quick else 3
    X, y = library()
    print(f"MUUFL library: {X.shape[0]} spectra x {X.shape[1]} bands, {len(np.unique(y))} classes, "
          f"tau = {TAU:g}, SFS on accuracy")
    print("\n1. leave-one-out against 5-fold CV, all 751 bands")
    print(f"{'k':>3} {'LOO (s)':>9} {'5-fold (s)':>11} {'ratio':>6}  LOO best set")
    for k in (5,) if arguments.quick else (5, 10, 20):
        loo_time, loo = best_of(runs, lambda k=k: engine(X, y, "loo", k))
        fold_time, _ = best_of(runs, lambda k=k: engine(X, y, 5, k))
        print(f"{k:>3} {loo_time:>9.2f} {fold_time:>11.2f} {loo_time / fold_time:>6.2f}  "
              f"{loo.best_sets[k]} (goal: ratio <= {GOAL:g})")
    print("\n2. leave-one-out in closed form against the refit without each sample, 31 bands, k = 4")
    X31 = X[:, ::25]
    loo_time, loo = best_of(runs, lambda: engine(X31, y, "loo", 4))
    started = time.perf_counter()
    sets, values = reference.sequential(lambda F: reference.loo_value(X31, y, F, "accuracy", TAU),
                                        X31.shape[1], 4, floating=False)
    brute_time = time.perf_counter() - started
    same = sets == loo.best_sets and all(abs(values[k] - loo.best_values[k]) <= 1e-9 for k in sets)
    print(f"closed form {loo_time:.3f} s, refits {brute_time:.1f} s ({brute_time / loo_time:.0f}x); "
          f"same sets and values: {same}; sets {loo.best_sets}")
    print(f"\n3. leave-one-out with shrinkage alpha = {ALPHA:g} against alpha = 0 and against 5-fold CV "
          f"with alpha = {ALPHA:g}, all 751 bands")
    print(f"{'k':>3} {'LOO, alpha 0 (s)':>17} {'LOO (s)':>8} {'5-fold (s)':>11} {'LOO / alpha 0':>14} "
          f"{'LOO / 5-fold':>13}")
    for k in (5,) if arguments.quick else (5, 10, 20):
        plain_time, _ = best_of(runs, lambda k=k: engine(X, y, "loo", k))
        shrunk_time, _ = best_of(runs, lambda k=k: engine(X, y, "loo", k, ALPHA))
        fold_time, _ = best_of(runs, lambda k=k: engine(X, y, 5, k, ALPHA))
        print(f"{k:>3} {plain_time:>17.2f} {shrunk_time:>8.2f} {fold_time:>11.2f} "
              f"{shrunk_time / plain_time:>14.2f} {shrunk_time / fold_time:>13.2f}")

if __name__ == "__main__":
    main()
