"""The scikit-learn peers of bench_accuracy.py, run in the bench venv (.venv-bench).

    python _accuracy_peers.py IN.npz OUT.npz

IN holds X, y and `train` (S, n) boolean masks; OUT holds the held-out predictions of each peer,
one array `<peer>` of shape (S, n) (-1 where the sample trained the model). A peer that cannot be fitted
on some split (scikit-learn's QDA refuses a class with no more samples than bands) is left out of OUT.
"""

import sys

import numpy as np
from numpy.linalg import LinAlgError
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis
from sklearn.ensemble import RandomForestClassifier

PEERS = {
    "random_forest": lambda: RandomForestClassifier(n_estimators=200, random_state=0, n_jobs=2),
    "lda": LinearDiscriminantAnalysis,
    "qda": lambda: QuadraticDiscriminantAnalysis(reg_param=1e-3),
}


def main(source, target):
    """Fit every peer on each split's training part and predict its held-out part."""
    data = np.load(source)
    X, y, masks = data["X"], data["y"], data["train"]
    predictions = {}
    for name, make in PEERS.items():
        predicted = np.full(masks.shape, -1, dtype=np.int64)
        try:
            for s, train in enumerate(masks):
                predicted[s, ~train] = make().fit(X[train], y[train]).predict(X[~train])
        except LinAlgError as error:
            print(f"{name} left out: {error}", file=sys.stderr)
            continue
        predictions[name] = predicted
    np.savez(target, **predictions)


if __name__ == "__main__":
    main(*sys.argv[1:3])
