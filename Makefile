# normviz: `make run` serves the app on http://localhost:8501, `make test` runs every test.
# The virtual environment is created on first use and refreshed when a
# requirements file changes (the stamp files below record the last install).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PIP    := $(VENV)/bin/pip
PORT   ?= 8501
PYTEST_ARGS ?=

RUN_STAMP := $(VENV)/.installed-requirements
DEV_STAMP := $(VENV)/.installed-requirements-dev

.PHONY: run test bench venv clean

run: $(RUN_STAMP)
	$(PY) -m streamlit run app.py --server.port $(PORT)

test: $(DEV_STAMP)
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(DEV_STAMP)
	@set -e; for script in benchmarks/*.py; do \
		echo "== $$script"; \
		$(PY) $$script; \
	done

venv: $(DEV_STAMP)

$(PY):
	$(PYTHON) -m venv $(VENV)

$(RUN_STAMP): requirements.txt | $(PY)
	$(PIP) install -r requirements.txt
	touch $@

$(DEV_STAMP): requirements.txt requirements-dev.txt | $(PY)
	$(PIP) install -r requirements-dev.txt
	touch $@ $(RUN_STAMP)

clean:
	rm -rf artifacts .pytest_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -exec rm -rf {} +
