"""One measured job of bench_core.py, run in its own process; prints one JSON line.

    python _core_job.py ENGINE TASK DATA.npz K [--repeat R] [--folds FOLDS.npy] [--grouped]

ENGINE: gmm (this engine, run with Debian's python3), brute (the NumPy refit of _core_bruteforce.py),
sklearn (SequentialFeatureSelector + QDA, run with the bench-only venv's python), mlxtend (its
SequentialFeatureSelector + the same QDA, CV accuracy or Cohen's kappa; bench venv), or folds (writes
the StratifiedKFold(5, shuffle=True, random_state=0) fold index of every sample to FOLDS.npy; venv only).
TASK: sfs-accuracy, sfs-kappa, sfs-jm, sffs-jm, or tau (select_tau on the default grid; gmm only).
--tau sets the selection's ridge (default: 1e-6 for the CV criteria, 0 for JM). --float64: the pure float64
path of the CV criteria (select_features(float32=False)), to time beside the default float32 screening.

Timing: time.perf_counter around the selection call only (data loading and imports excluded); the
best of R runs is reported with every run listed. Memory: the peak resident set (VmHWM) of the
process. The high-water mark is reset (echo 5 > /proc/self/clear_refs) after the data are loaded,
so `peak_mb` is the process's peak during the runs and `base_mb` its resident size just before.
"""

import argparse
import json
import os
import sys
import time
import warnings

import numpy as np
from _package import use_repository

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FOLDS, SEED, TAU = 5, 0, 1e-6


def status_mb(field):
    """A memory field of /proc/self/status (VmRSS, VmHWM) in MB."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


def reset_peak():
    """Reset VmHWM to the current resident size; False where the kernel does not allow it."""
    try:
        with open("/proc/self/clear_refs", "w") as clear:
            clear.write("5")
        return True
    except OSError:
        return False


def import_gmmselect():
    """Import the repository as the package `gmmselect` (as tests/conftest.py does)."""
    use_repository()
    from gmmselect.core import select_features
    from gmmselect.core.folds import make_folds
    return select_features, make_folds


def blas_info():
    """threadpoolctl's view of the BLAS libraries loaded, where threadpoolctl is installed."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:  # Debian's python3 has no threadpoolctl: list the BLAS/LAPACK libraries mapped
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if "blas" in line or "lapack" in line}
        return [{"filepath": os.path.realpath(path)} for path in sorted(paths)]
    return [{key: pool.get(key) for key in ("internal_api", "version", "num_threads", "architecture",
                                            "threading_layer", "filepath")} for pool in threadpool_info()]


def run_gmm(X, y, task, k, groups, tau=None, float32=True):
    """This engine; returns (best_sets, best_values) of the run (for 'tau': {0: ()}, {0: tau*})."""
    select_features, _ = import_gmmselect()
    if task == "tau":
        from gmmselect.core import select_tau
        return lambda: ({0: ()}, {0: select_tau(X, y, folds=FOLDS, groups=groups, seed=SEED).tau})
    method, criterion = task.split("-")
    if tau is None:
        tau = 0.0 if criterion in ("jm", "kl") else TAU

    def job():
        result = select_features(X, y, method=method, criterion=criterion, max_features=k, folds=FOLDS,
                                 groups=groups, seed=SEED, tau=tau, float32=float32)
        return result.best_sets, result.best_values
    return job


def run_brute(X, y, task, k, groups, tau=None):
    """The brute-force refit (JM only)."""
    sys.path.insert(0, HERE)
    from _core_bruteforce import select
    method, criterion = task.split("-")
    assert criterion == "jm", "the brute-force peer does JM only"

    def job():
        best_sets, best_values, _ = select(X, y, k, floating=method == "sffs")
        return best_sets, best_values
    return job


def stratified_folds(y):
    """scikit-learn's StratifiedKFold(5, shuffle=True, random_state=0) as a fold index per sample."""
    from sklearn.model_selection import StratifiedKFold
    fold = np.empty(len(y), dtype=np.intp)
    for v, (_, test) in enumerate(StratifiedKFold(FOLDS, shuffle=True, random_state=SEED).split(y, y)):
        fold[test] = v
    return fold


def run_sklearn(X, y, task, k, groups, tau=None):
    """SequentialFeatureSelector(QDA(reg_param=1e-6)), forward, accuracy, 5 stratified shuffled folds."""
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    from sklearn.feature_selection import SequentialFeatureSelector
    from sklearn.model_selection import StratifiedKFold, cross_val_score
    assert task == "sfs-accuracy", "the scikit-learn peer does SFS with accuracy only"
    warnings.filterwarnings("ignore")  # QDA's "variables are collinear" on near-singular folds
    cv = StratifiedKFold(FOLDS, shuffle=True, random_state=SEED)
    qda = QuadraticDiscriminantAnalysis(reg_param=TAU)
    state = {}

    def job():
        selector = SequentialFeatureSelector(qda, n_features_to_select=k, direction="forward",
                                             scoring="accuracy", cv=cv, n_jobs=1)
        selector.fit(X, y)
        state["support"] = tuple(int(f) for f in np.flatnonzero(selector.get_support()))
        return {k: state["support"]}, None

    def value():
        """CV accuracy of the selected set, same folds (outside the timed region)."""
        return float(cross_val_score(qda, X[:, list(state["support"])], y, scoring="accuracy", cv=cv).mean())
    job.value = value
    return job


def run_mlxtend(X, y, task, k, groups, tau=None):
    """mlxtend's SequentialFeatureSelector(QDA(reg_param=1e-6)), forward, on the mean CV accuracy or Cohen's
    kappa over StratifiedKFold(5, shuffle=True, random_state=0), the folds the engine is given."""
    from mlxtend.feature_selection import SequentialFeatureSelector
    from sklearn.discriminant_analysis import QuadraticDiscriminantAnalysis
    from sklearn.metrics import cohen_kappa_score, make_scorer
    from sklearn.model_selection import StratifiedKFold
    assert task in ("sfs-accuracy", "sfs-kappa"), "the mlxtend peer does SFS on the CV accuracy and kappa"
    warnings.filterwarnings("ignore")  # QDA's "variables are collinear" on near-singular folds
    scoring = "accuracy" if task == "sfs-accuracy" else make_scorer(cohen_kappa_score)

    def job():
        selector = SequentialFeatureSelector(
            QuadraticDiscriminantAnalysis(reg_param=TAU), k_features=k, forward=True, scoring=scoring,
            cv=StratifiedKFold(FOLDS, shuffle=True, random_state=SEED), n_jobs=1)
        selector.fit(X, y)
        return ({size: tuple(int(f) for f in sorted(step["feature_idx"]))
                 for size, step in selector.subsets_.items()},
                {size: float(step["avg_score"]) for size, step in selector.subsets_.items()})
    return job


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", choices=("gmm", "brute", "sklearn", "mlxtend", "folds"))
    parser.add_argument("task", choices=("sfs-accuracy", "sfs-kappa", "sfs-jm", "sffs-jm", "tau",
                                         "none"))
    parser.add_argument("data")
    parser.add_argument("k", type=int)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--folds", help="fold index per sample (.npy), used as groups (one fold per group)")
    parser.add_argument("--grouped", action="store_true", help="group the folds by the data set's groups")
    parser.add_argument("--out", help="--engine folds: where to write the fold index")
    parser.add_argument("--tau", type=float, help="the selection's ridge (gmm only)")
    parser.add_argument("--float64", action="store_true", help="gmm: the pure float64 path (no float32 screening)")
    args = parser.parse_args()

    data = np.load(args.data)
    X, y = np.ascontiguousarray(data["X"], dtype=np.float64), data["y"]
    if args.engine == "folds":
        np.save(args.out, stratified_folds(y))
        print(json.dumps({"out": args.out}))
        return
    groups = None
    if args.folds:
        groups = np.load(args.folds)
    elif args.grouped:
        groups = data["groups"]
    runner = {"gmm": run_gmm, "brute": run_brute, "sklearn": run_sklearn, "mlxtend": run_mlxtend}[args.engine]
    options = {"float32": False} if args.float64 else {}
    job = runner(X, y, args.task, args.k, groups, args.tau, **options)
    info = {"python": sys.executable, "numpy": np.__version__, "blas": blas_info()}
    if args.engine == "gmm" and groups is not None and args.folds:
        _, make_folds = import_gmmselect()
        fold = make_folds(y, FOLDS, groups, SEED)
        # The engine's grouped folds must be exactly the peer's folds (one fold per group).
        info["same_folds"] = bool(len(set(zip(fold.tolist(), groups.tolist()))) == FOLDS == len(set(fold.tolist())))
    if args.engine in ("sklearn", "mlxtend"):
        import sklearn
        info["sklearn"] = sklearn.__version__
    if args.engine == "mlxtend":
        import mlxtend
        info["mlxtend"] = mlxtend.__version__

    base_mb = status_mb("VmRSS")
    peak_reset = reset_peak()
    seconds = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        best_sets, best_values = job()
        seconds.append(time.perf_counter() - start)
    peak_mb = status_mb("VmHWM")
    if best_values is None:
        best_values = {args.k: job.value()}
    print(json.dumps({
        "seconds": min(seconds), "runs": seconds, "base_mb": base_mb, "peak_mb": peak_mb,
        "peak_reset": peak_reset,
        "best_sets": {str(size): list(map(int, features)) for size, features in best_sets.items()},
        "best_values": {str(size): float(value) for size, value in best_values.items()},
        **info,
    }))


if __name__ == "__main__":
    main()
