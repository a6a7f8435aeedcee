"""The contents page offers the languages by their own names; a choice is kept, spoken, and leads to its lessons or
says plainly that only the table speaks it (issue 38, 4)."""

from __future__ import annotations

import contextvars
import functools
import json
from pathlib import Path

import pytest

from euchre_lesson.engine.language import LANGUAGES, language
from euchre_lesson.teach.progress import Progress
from euchre_lesson.widgets import LanguageChoice
from euchre_lesson.widgets.languages import _contents_link, _page_language

ROOT = Path(__file__).resolve().parent.parent


def in_own_context(test):
    """Run a test's body in a context of its own: a choice of language made there never leaks into other tests."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return contextvars.copy_context().run(test, *args, **kwargs)

    return run


@in_own_context
def test_every_language_is_a_button_by_its_own_name(tmp_path):
    chooser = LanguageChoice(Progress(tmp_path), here="en")
    assert [chooser.button(code).description for code in LANGUAGES] == list(LANGUAGES.values())
    assert "Français" in LANGUAGES.values() and "Eesti" in LANGUAGES.values()


@in_own_context
def test_choosing_french_keeps_it_speaks_it_and_leads_to_the_french_lessons(tmp_path):
    chooser = LanguageChoice(Progress(tmp_path), here="en")
    chooser.button("fr").click()
    assert Progress(tmp_path).language() == "fr" and language() == "fr"
    assert "fr/14_contents.ipynb" in chooser.link_html and "Le français est choisi" in chooser.said.value
    assert chooser.button("fr").button_style == "info" and chooser.button("en").button_style == ""


@in_own_context
def test_a_language_without_lessons_says_plainly_that_only_the_table_speaks_it(tmp_path):
    chooser = LanguageChoice(Progress(tmp_path), here="en")
    chooser.button("ka").click()
    assert language() == "ka" and chooser.link_html == ""
    assert "the lessons are in English, and only the table" in chooser.said.value and "ქართული" in chooser.said.value


@in_own_context
def test_the_choice_is_shown_again_on_the_next_visit(tmp_path):
    Progress(tmp_path).keep_language("et")
    chooser = LanguageChoice(Progress(tmp_path), here="en")
    assert chooser.chosen == "et" and "et/14_contents.ipynb" in chooser.link_html


@in_own_context
def test_on_a_translated_contents_page_the_links_go_up_a_folder(tmp_path):
    chooser = LanguageChoice(Progress(tmp_path), here="fr")
    chooser.choose("en")
    assert "href='../14_contents.ipynb'" in chooser.link_html
    chooser.choose("et")
    assert "href='../et/14_contents.ipynb'" in chooser.link_html
    chooser.choose("fr")
    assert chooser.link_html == ""  # already on its lessons' page


def test_the_page_s_language_is_its_folder_s():
    assert _page_language(ROOT / "notebooks" / "fr") == "fr"
    assert _page_language(ROOT / "notebooks") == "en"
    assert _contents_link("sq", "en") is None


@in_own_context
def test_a_wrong_choice_is_refused_in_words_and_nothing_is_kept(tmp_path):
    chooser = LanguageChoice(Progress(tmp_path), here="en")
    chooser.choose("klingon")
    assert "There are lessons in these languages" in chooser.said.value
    assert Progress(tmp_path).language() is None and language() == "en"


def test_the_contents_page_offers_the_languages_before_the_progress_board():
    cells = json.loads((ROOT / "notebooks" / "14_contents.ipynb").read_text(encoding="utf-8"))["cells"]
    sources = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]
    assert "LanguageChoice()" in sources[0] and "ProgressBoard()" in sources[1]


@pytest.mark.parametrize("code", ["fr", "et"])
def test_the_contents_page_links_to_lessons_the_build_writes(code):
    # scripts/lesson_catalog.py writes each language's lessons into notebooks/<code>, the contents page among them
    assert _contents_link(code, "en") == f"{code}/14_contents.ipynb"
