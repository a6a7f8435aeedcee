"""The language chosen on the contents page is kept with the learner's progress (issue 38, 4): written, read back,
merged by the latest choice, refused in words if the lessons have no such language, and a file of before still read."""

from __future__ import annotations

import contextvars
import json
import warnings

import pytest

from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.formats import fits
from euchre_lesson.engine.language import language
from euchre_lesson.teach import progress
from euchre_lesson.teach.context import bind
from euchre_lesson.teach.progress import FILE_NAME, Progress, ProgressWarning


def test_a_language_chosen_is_kept_in_the_file_and_read_by_another_kernel(tmp_path):
    assert Progress(tmp_path).language() is None
    assert Progress(tmp_path).keep_language("fr-CA") == "fr"
    kept = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert kept["language"]["code"] == "fr" and fits(progress.PROGRESS_FILE, kept)
    assert Progress(tmp_path).language() == "fr"


def test_the_latest_choice_wins_and_answers_stay(tmp_path):
    clock = iter(range(1_765_000_000, 1_765_000_100))
    first = Progress(tmp_path, clock=lambda: next(clock))
    second = Progress(tmp_path, clock=lambda: next(clock))
    first.keep_language("et")
    first.record("lesson 1 q1", True, "J♥")
    second.keep_language("fr")
    assert first.language() == "fr" and second.language() == "fr"
    assert "lesson 1 q1" in Progress(tmp_path).answers()


def test_a_file_of_before_the_choice_is_read_and_has_chosen_none(tmp_path):
    before = {"version": 1, "answers": {}, "practice": {"which_suit": [[1765000000.0, True]]}, "review": {}}
    (tmp_path / FILE_NAME).write_text(json.dumps(before), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing to say about such a file
        kept = Progress(tmp_path)
        assert kept.language() is None and kept.practice_results() == {"which_suit": (True,)}


@pytest.mark.parametrize("given", ["xx", "", None, 3, "français"])
def test_a_language_the_lessons_do_not_have_is_refused_in_words(tmp_path, given):
    with pytest.raises(NotationError, match="There are lessons in these languages: en \\(English\\), fr"):
        Progress(tmp_path).keep_language(given)
    assert not (tmp_path / FILE_NAME).exists()


@pytest.mark.parametrize("value", [{"code": "xx", "when": 1765000000.0}, "fr", {"code": "fr"}])
def test_a_wrong_language_in_the_file_is_one_entry_left_out_with_a_message(tmp_path, value):
    data = {"version": 1, "answers": {"lesson 1 q1": {"correct": True, "tries": 1, "answer": "J♥", "when": 1.0}}}
    (tmp_path / FILE_NAME).write_text(json.dumps({**data, "language": value}), encoding="utf-8")
    with pytest.warns(ProgressWarning, match="the language chosen"):
        kept = Progress(tmp_path)
        assert kept.language() is None and "lesson 1 q1" in kept.answers()


def test_a_lesson_opened_after_the_choice_speaks_it(tmp_path):
    Progress(tmp_path).keep_language("et")

    def lesson() -> str:
        bind(Progress(tmp_path))  # as a lesson's first view binds the learner's own
        return language()

    assert contextvars.copy_context().run(lesson) == "et"
    assert language() == "en"


def test_a_translated_lesson_keeps_its_own_language(tmp_path):
    Progress(tmp_path).keep_language("et")

    def french_lesson() -> str:
        from euchre_lesson.engine.language import choose_language

        choose_language("fr")  # the translated lesson's first code cell
        bind(Progress(tmp_path))
        return language()

    assert contextvars.copy_context().run(french_lesson) == "fr"


def test_in_the_browser_a_lesson_speaks_the_browser_s_first_language_the_lessons_have():
    from euchre_lesson.engine.language import browser_language

    assert browser_language(["de-DE", "fr-FR", "en"]) == "fr"
    assert browser_language(["de-DE"]) is None and browser_language("fr") is None
    assert browser_language() is None and language() == "en"  # outside a browser: no browser to ask


def test_in_the_browser_s_python_a_lesson_s_choice_lasts_into_its_later_cells_and_clicks(monkeypatch):
    """The static site's kernel runs each cell and each click in a context of its own: a translated lesson chose its
    language in its first cell, and its widgets spoke the browser's language from the next (English for an English
    browser opening the Estonian lessons). There the choice is kept for the whole Python; never elsewhere."""
    import contextvars
    import sys

    from euchre_lesson.engine import language

    monkeypatch.delenv(language.KEPT_IN_BROWSER, raising=False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    contextvars.Context().run(language.choose_language, "et")  # the lesson's first cell
    assert contextvars.Context().run(language.language) == "et", "the next cell, a click"
    assert contextvars.Context().run(language.is_chosen)
    monkeypatch.setattr(sys, "platform", "linux")
    assert contextvars.Context().run(language.language) == "en", "a server's or a desktop's Python keeps none"


def test_in_the_browser_s_python_no_language_chosen_means_the_kept_choice_is_put_aside_too(monkeypatch):
    """`unchosen()` in the browser: the lesson's choice kept in the environment is silent inside the block (the
    browser's own language speaks, here none: English), and is kept again after it."""
    import sys

    from euchre_lesson.engine import language

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setenv(language.KEPT_IN_BROWSER, "fr")
    assert language.language() == "fr" and language.is_chosen()
    with language.unchosen():
        assert language.language() == "en" and not language.is_chosen()
        assert language._("jack") == "jack"
    assert language.language() == "fr" and language._("jack") == "valet"
