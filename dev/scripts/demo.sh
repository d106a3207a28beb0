#!/usr/bin/env bash
# GMM Select demo: install the plugin into a throwaway plugin path and profile, then run
# Train Selection (SFFS, Jeffries-Matusita, 30 % of the polygons held out) and Predict through
# qgis_process on the bundled Landsat-5 scene, and print what a user would look at.
# Usage: dev/scripts/demo.sh [output folder]   (default: build/demo)
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
out="$(mkdir -p "${1:-$repo/build/demo}" && cd "${1:-$repo/build/demo}" && pwd)"
data="$repo/tests/data/landsat5_rstoolbox"
python="${PYTHON:-/usr/bin/python3}"
export QT_QPA_PLATFORM=offscreen

# Debian's qgis_process wrapper passes --noversioncheck, which 3.22 rejects: fall back to the binary.
if qgis_process --version >/dev/null 2>&1; then qgis=qgis_process; else qgis=qgis_process.bin; fi
command -v "$qgis" >/dev/null || { echo "qgis_process not found: run 'make deps' first" >&2; exit 1; }

# Throwaway plugin path and profile: the user's QGIS profile is never touched.
scratch="$(mktemp -d "${TMPDIR:-/tmp}/gmmselect-demo-XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/plugins/gmmselect" && mkdir -m 700 "$scratch/profile"
tar -C "$repo" --exclude=./.git --exclude=./tests --exclude=./dev --exclude=./build \
    --exclude='./.venv*' --exclude='__pycache__' -cf - . | tar -C "$scratch/plugins/gmmselect" -xf -
export QGIS_PLUGINPATH="$scratch/plugins" XDG_DATA_HOME="$scratch/profile" XDG_RUNTIME_DIR="$scratch/profile"
"$qgis" plugins enable gmmselect >/dev/null 2>"$scratch/enable.log" || { cat "$scratch/enable.log" >&2; exit 1; }

run() {  # run <algorithm> <json file> -- PARAM=VALUE...
    local algorithm="$1" json="$2"; shift 3
    if ! "$qgis" --json run "$algorithm" -- "$@" >"$json" 2>"$scratch/stderr.log"; then
        echo "qgis_process run $algorithm failed:" >&2
        grep -v -e '^QStandardPaths' -e 'DeprecationWarning' "$scratch/stderr.log" >&2 || true
        cat "$json" >&2
        exit 1
    fi
}

echo "GMM Select demo on the Landsat-5 TM scene (7 bands) and 36 training polygons (4 classes)"
echo "qgis_process: $($qgis --version 2>/dev/null | grep -m1 QGIS || echo "$qgis")"
echo
echo "1/2 gmmselect:trainselection (SFFS, Jeffries-Matusita, VALIDATION=0.3) ..."
run gmmselect:trainselection "$out/trainselection.json" -- \
    INPUT="$data/lsat_tm_7band.tif" TRAINING="$data/training_polygons.gpkg" FIELD=class \
    METHOD=sffs CRITERION=jm VALIDATION=0.3 SEED=0 \
    OUTPUT_MODEL="$out/landsat.gmm" OUTPUT_CURVE="$out/selection_curve.csv" \
    OUTPUT_REPORT="$out/report.html" OUTPUT_MATRIX="$out/confusion_matrix.csv"
echo "2/2 gmmselect:predict ..."
run gmmselect:predict "$out/predict.json" -- \
    INPUT="$data/lsat_tm_7band.tif" MODEL="$out/landsat.gmm" \
    OUTPUT="$out/classification.tif" CONFIDENCE="$out/confidence.tif"

"$python" - "$out" "$scratch/plugins" <<'PY'
import csv, json, os, sys

out = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from gmmselect.core import load_model
from gmmselect.core.separability import jm_ceiling

def results(name):
    with open(os.path.join(out, name)) as stream:
        return json.load(stream)["results"]

train, predict = results("trainselection.json"), results("predict.json")
bands = train["SELECTED_BANDS"].split(",")
names = train["SELECTED_NAMES"].split(",")
print()
print(f"Selected bands ({train['N_SELECTED']} of 7): "
      + ", ".join(f"{b} ({n})" for b, n in zip(bands, names)))
with open(train["OUTPUT_CURVE"], newline="") as stream:
    curve = list(csv.DictReader(stream))
priors = load_model(train["OUTPUT_MODEL"]).mixture.priors_
ceiling = jm_ceiling(priors)
print("Selection curve: the Jeffries-Matusita criterion sum_{i<j} p_i p_j JM_ij of the best set of each size")
print(f"  (p = the class priors {', '.join(f'{p:.3f}' for p in priors)}; each JM_ij is in [0, sqrt 2], so the")
print(f"  criterion is in [0, {ceiling:.4f}]: 0 = identical classes, {ceiling:.4f} = every pair fully separated;")
print("  * = the set the model uses):")
for row in curve:
    mark = "*" if row["selected"] == "1" else " "
    value = float(row["jm"])
    print(f"  {mark} {int(row['size']):2d} bands  JM {value:.6f} ({value / ceiling:6.2%} of {ceiling:.4f})  "
          f"bands {row['bands'].replace(';', ',')}")
print(f"Accuracy on the {train['ASSESSMENT']}: kappa {train['KAPPA']:.4f}, "
      f"overall accuracy {train['OVERALL_ACCURACY']:.4f}")
print()
print("Outputs:")
for label, path in (("model", train["OUTPUT_MODEL"]), ("selection curve", train["OUTPUT_CURVE"]),
                    ("report", train["OUTPUT_REPORT"]), ("confusion matrix", train["OUTPUT_MATRIX"]),
                    ("classification", predict["OUTPUT"]), ("confidence", predict["CONFIDENCE"])):
    print(f"  {label:17s} {path}")
PY
