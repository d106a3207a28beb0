# GMM Select: `make demo` runs the main job on the bundled Landsat scene, `make test` the whole suite.
# Both install what they need on a fresh Debian 12 machine (apt packages, as root or with sudo).

PYTHON      := /usr/bin/python3
SUDO        := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# libopenblas0-pthread: NumPy's fast BLAS (Debian's numpy is satisfied by the slow reference libblas3);
# libblas3 liblapack3: the reference BLAS, kept so a test can check the plugin names it.
# python3-venv python3-setuptools python3-wheel: tests/test_install.py pip-installs the package into a
# fresh venv (setuptools 66 builds the wheel with the wheel package).
# python3-dask python3-distributed: optional at run time; tests/test_raster_distributed.py runs a LocalCluster.
APT_PACKAGES := python3-numpy python3-scipy python3-pytest python3-gdal gdal-bin \
                qgis python3-qgis qgis-providers libopenblas0-pthread libblas3 liblapack3 \
                python3-venv python3-setuptools python3-wheel python3-dask python3-distributed
DEV_VENV    := .venv-dev
export QT_QPA_PLATFORM := offscreen

.PHONY: deps test demo lint bench clean package translations

deps:  ## install the Debian packages the plugin and its tests need (once)
	@missing=$$(for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

demo: deps  ## main job: Train Selection (SFFS, JM) and Predict via qgis_process on the bundled Landsat scene
	bash dev/scripts/demo.sh

test: deps  ## run the whole test suite with Debian's Python
	$(PYTHON) -m pytest tests -q -p no:cacheprovider

$(DEV_VENV)/bin/ruff:
	$(PYTHON) -m venv $(DEV_VENV) 2>/dev/null || python3 -m venv $(DEV_VENV)
	$(DEV_VENV)/bin/pip install -q ruff

lint: $(DEV_VENV)/bin/ruff  ## ruff, configured in ruff.toml
	$(DEV_VENV)/bin/ruff check .

package:  ## build/gmmselect.zip for the QGIS plugin repository, checked against its rules
	$(PYTHON) dev/scripts/package.py build/gmmselect.zip

translations:  ## i18n/gmmselect_fr.ts from the code's GmmSelect.tr() strings (translations kept), then the .qm
	PYTHONWARNINGS=ignore pylupdate5 -noobsolete $(wildcard *.py i18n/*.py algorithms/*.py gui/*.py core/*.py raster/*.py) -ts i18n/gmmselect_fr.ts
	lrelease i18n/gmmselect_fr.ts

bench: deps  ## issue 15's table in one run (about 3 minutes on 2 cores): printed, and written to build/bench.csv
	$(PYTHON) dev/bench/bench_all.py --csv build/bench.csv

clean:
	rm -rf build $(DEV_VENV) .pytest_cache
