# uno_web — two commands for a fresh machine:
#   make play   build what is missing (venv, vendored Pyodide/PyScript/wheels) and serve the site
#   make test   install everything (venv, vendor, Debian chromium) and run every test
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
HOST   ?= 127.0.0.1
# A browser test whose Chromium renderer crashed runs once more (tests/web/conftest.py starts it
# on a new browser and prints the machine's memory, /dev/shm and /tmp beside the crash).
CRASH_RERUN := --reruns 1 --only-rerun "Target crashed" --only-rerun "Page crashed"

.PHONY: play test test-core vendor browser bench mutation clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

vendor: $(VENV)/.installed
	$(PY) -m uno_web build

browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; }

play: vendor
	$(PY) -m uno_web serve --host $(HOST) --port $(PORT)

test: vendor browser
	$(PY) -m mypy
	$(PY) -m pytest -n 2 --durations=15 $(CRASH_RERUN) $(PYTEST_ARGS)

test-core: $(VENV)/.installed
	$(PY) -m pytest tests/core tests/ai tests/puzzles $(PYTEST_ARGS)

bench: $(VENV)/.installed
	$(PY) bench/bench_core.py

# mutation testing of the core's rules (slow: tens of minutes; not part of make test or CI);
# make mutation SLICES=legality runs one slice (legality, effects, invariants); docs/core.md
mutation: $(VENV)/.installed
	$(PY) -m pip install --quiet 'mutmut==3.8.1'
	$(PY) bench/mutation.py $(SLICES)

clean:
	rm -rf $(VENV) static/vendor
