# Two commands do all the set-up: `make lessons` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lessons test notebooks student-copies

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Open the lessons in JupyterLab.
lessons: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks

# Run every test: engine, properties, and the notebooks under strict nbval.
test: $(BIN)/python
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
