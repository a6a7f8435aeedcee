"""The lesson page's frame (jupyterlite/lesson-frame.html), written by the site's build, checked without a browser."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "jupyterlite"))
from build_site import KERNEL_WORKERS, BuildError, head_start, lesson_frame, lesson_title, opening_text  # noqa: E402

from euchre_lesson.pages import page_words  # noqa: E402

# The head and body of the Notebook app's page, as JupyterLite writes it (cut down).
APP_PAGE = (
    '<html><head><title>Jupyter Notebook - Notebooks</title></head>\n<body class="jp-ThemedContainer" '
    'data-notebook="notebooks"><div id="jupyterlite-loading-indicator"></div></body></html>'
)


# Python's head start, as head_start() gives it for a built site.
START = {"worker": "../static/pyodide/head-start.mjs", "kernel": f"../{KERNEL_WORKERS}/comlink.worker.0123abcd.js"}


def notebook(*cells: tuple[str, str, list[str]]) -> dict:
    return {"cells": [{"cell_type": kind, "source": text, "metadata": {"tags": tags}} for kind, text, tags in cells]}


def test_a_lessons_title_is_its_first_heading_with_lesson_before_its_number():
    lesson = notebook(("markdown", "# 1 · The cards and the *bowers*\n\nText.", []), ("markdown", "# Later", []))
    assert lesson_title(lesson, "notebooks/01_x.ipynb") == "Lesson 1 · The cards and the bowers"
    assert lesson_title(notebook(("markdown", "Intro\n\n## Contents", [])), "n/x.ipynb") == "Contents"
    assert lesson_title(notebook(("code", "# 1 · not a heading", [])), "notebooks/07_x.ipynb") == "07_x"


def test_the_opening_text_is_the_shown_prose_before_the_first_code_cell():
    lesson = notebook(
        ("markdown", "# 2 · Bidding\n\n**What this lesson covers:** bids.", []),
        ("markdown", "Run All in JupyterLab", ["jupyterlab-only"]),
        ("markdown", "An answer", ["solution"]),
        ("markdown", "More prose.", []),
        ("code", "x = 1", []),
        ("markdown", "After the code.", []),
    )
    text = opening_text(lesson)
    assert "<h1>2 · Bidding</h1>" in text and "<strong>What this lesson covers:</strong>" in text
    assert "More prose." in text
    for left_out in ("Run All", "An answer", "After the code"):
        assert left_out not in text


def test_the_frame_goes_first_in_the_pages_body_with_every_lesson_and_nothing_closing_its_script(tmp_path):
    (tmp_path / "notebooks").mkdir()
    lesson = notebook(("markdown", "# 3 · Round two\n\nA <script>alert(1)</script> in prose.", []))
    (tmp_path / "notebooks" / "03_round_two.ipynb").write_text(json.dumps(lesson), encoding="utf-8")
    page = lesson_frame(APP_PAGE, tmp_path, START)
    assert "<title>Euchre lessons</title>" in page and "Jupyter Notebook" not in page
    body = page[page.index("<body") :]
    assert body.index('<div id="euchre-frame"') < body.index('<div id="jupyterlite-loading-indicator"')
    data = re.search(r'<script id="euchre-lessons" type="application/json">(.*?)</script>', page, re.S)
    assert data, "a </script> in a lesson's prose ended the frame's data early"
    lessons = json.loads(data[1])
    assert lessons["notebooks/03_round_two.ipynb"]["title"] == "Lesson 3 · Round two"
    assert "in prose" in lessons["notebooks/03_round_two.ipynb"]["text"]
    start = re.search(r'<script id="euchre-head-start" type="application/json">(.*?)</script>', page)
    assert start and json.loads(start[1]) == START  # the kernel's worker the page starts, and the one it stands for
    with pytest.raises(BuildError, match="no <title> or <body>"):
        lesson_frame("<html></html>", tmp_path, START)


def test_a_translated_lesson_has_its_frame_and_its_title_in_its_own_language(tmp_path):
    """Issue 38: a French or Estonian lesson of the site opens with its frame, titled in its language (it had no
    frame, and its header said "Lesson 0 · Tere tulemast…")."""
    for folder, heading in (("fr", "# 0 · Bienvenue"), ("et", "# 0 · Tere tulemast")):
        (tmp_path / "notebooks" / folder).mkdir(parents=True)
        lesson = notebook(("markdown", f"{heading}\n\nText.", []))
        (tmp_path / "notebooks" / folder / "00_welcome.ipynb").write_text(json.dumps(lesson), encoding="utf-8")
    data = re.search(
        r'<script id="euchre-lessons" type="application/json">(.*?)</script>',
        lesson_frame(APP_PAGE, tmp_path, START),
        re.S,
    )
    lessons = json.loads(data[1])
    assert lessons["notebooks/fr/00_welcome.ipynb"]["title"] == "Leçon 0 · Bienvenue"
    assert lessons["notebooks/et/00_welcome.ipynb"]["title"] == "Õppetund 0 · Tere tulemast"
    # and the page's own words around it ("Python is starting…", "Show the code") in that language too
    for folder in ("fr", "et"):
        assert lessons[f"notebooks/{folder}/00_welcome.ipynb"]["words"] == page_words(folder), folder
    assert page_words("fr")["starting"] == "Python démarre…"


def test_the_frame_holds_the_page_s_english_words_for_a_notebook_the_build_did_not_know(tmp_path):
    (tmp_path / "notebooks").mkdir()
    words = re.search(
        r'<script id="euchre-page-words" type="application/json">(.*?)</script>',
        lesson_frame(APP_PAGE, tmp_path, START),
    )
    assert words and json.loads(words[1]) == page_words("en")
    assert page_words("en")["code"] == "Show the code"


def test_the_head_start_imports_the_one_kernel_worker_of_the_site(tmp_path):
    """head-start.mjs is the kernel's own worker with a head start: it imports that worker by its built name."""
    (tmp_path / "static" / "pyodide").mkdir(parents=True)
    workers = tmp_path / KERNEL_WORKERS
    workers.mkdir(parents=True)
    with pytest.raises(BuildError, match="expected one kernel worker"):
        head_start(tmp_path)
    (workers / "comlink.worker.0123abcd.js").write_text("export {};")
    assert head_start(tmp_path) == START
    script = (tmp_path / "static" / "pyodide" / "head-start.mjs").read_text(encoding="utf-8")
    assert f'import "../../{KERNEL_WORKERS}/comlink.worker.0123abcd.js";' in script
    assert "begin();" in script and "KERNEL_WORKER" not in script
    (workers / "comlink.worker.4567ef.js").write_text("export {};")
    with pytest.raises(BuildError, match="found 2"):
        head_start(tmp_path)
