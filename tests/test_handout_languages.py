"""The hand-out in the learners' languages (issue 38, 4): the static site, and so the class's server that serves it at
/lessons/, holds the French and Estonian lessons (notebooks/fr, notebooks/et) beside the English ones, each as its
student copy; its front page sends a learner in French to the French contents page; a teacher's version with
answers in a language's folder is refused at the class's server as the English one is."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import nbformat
import pytest

from euchre_lesson.classroom.web.lesson_site import site_problem
from euchre_lesson.teach import handout
from euchre_lesson.teach.refusals import ToolRefused

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "jupyterlite"))
import build_site  # noqa: E402

SAMPLE = ["06_playing_tricks.ipynb", "13_rule_book.ipynb", "14_contents.ipynb"]
GUIDE = "15_teachers_guide.ipynb"
PLANTED_ANSWER = "THE PLANTED ANSWER"
TRANSLATED = ("fr", "et")


@pytest.fixture
def project(tmp_path) -> Path:
    """A teacher's project with three lessons and the guide in English, French and Estonian (the French lesson 6 with
    a solution cell and a stored output planted), and the rule book's text and the app beside them."""
    root = tmp_path / "project"
    for code in ("", *TRANSLATED):
        folder = root / "notebooks" / code
        folder.mkdir(parents=True, exist_ok=True)
        for name in [*SAMPLE, GUIDE]:
            shutil.copy(NOTEBOOKS / code / name, folder / name)
    lesson = nbformat.read(root / "notebooks" / "fr" / SAMPLE[0], as_version=4)
    lesson.cells.append(nbformat.v4.new_code_cell(f'print("{PLANTED_ANSWER}")', metadata={"tags": ["solution"]}))
    nbformat.write(lesson, root / "notebooks" / "fr" / SAMPLE[0])
    (root / "notebooks" / "house_rules.json").write_text('{"show_answer": "never"}\n')
    (root / "app").mkdir()
    shutil.copy(ROOT / handout.APP, root / handout.APP)
    shutil.copy(ROOT / "RULES.md", root / "RULES.md")
    return root


def test_the_site_holds_the_french_and_estonian_lessons_as_student_copies(site_of, tmp_path):
    files = site_of(tmp_path / "content")
    for code in TRANSLATED:
        assert {f"notebooks/{code}/{name}" for name in SAMPLE} <= set(files), f"no {code} lessons on the site"
        assert f"notebooks/{code}/{GUIDE}" not in files, "the teacher's guide is the teacher's in every language"
    lesson = json.loads(files[f"notebooks/fr/{SAMPLE[0]}"])
    assert PLANTED_ANSWER.encode() not in files[f"notebooks/fr/{SAMPLE[0]}"]
    assert not any(cell.get("outputs") for cell in lesson["cells"]), "a student copy has no stored output"
    assert "".join(lesson["cells"][0]["source"]).startswith("# 6 · Jouer les plis"), "the French lesson, in French"


def test_the_site_s_front_page_sends_a_learner_to_the_contents_page_in_their_language(site_of, tmp_path):
    site_of(tmp_path / "content")
    fronts = build_site.language_fronts(tmp_path / "content")
    assert fronts == {"et": "notebooks/et/14_contents.ipynb", "fr": "notebooks/fr/14_contents.ipynb"}
    page = build_site.redirect_page("notebooks/14_contents.ipynb", fronts)
    assert "notebooks/fr/14_contents.ipynb" in page and "notebooks/et/14_contents.ipynb" in page


def test_the_teacher_s_site_holds_each_language_s_lessons_as_they_are_with_the_guide(site_of, tmp_path):
    files = site_of(tmp_path / "content", answers=True)
    assert {f"notebooks/{code}/{name}" for code in TRANSLATED for name in [*SAMPLE, GUIDE]} <= set(files)
    assert PLANTED_ANSWER.encode() in files[f"notebooks/fr/{SAMPLE[0]}"]


def test_the_real_hand_out_offers_every_french_and_estonian_lesson():
    files = handout.site_files(ROOT)
    english = {name for name in files if name.startswith("notebooks/") and name.count("/") == 1}
    for code in TRANSLATED:
        translated = {name for name in files if name.startswith(f"notebooks/{code}/")}
        assert {name.replace("notebooks/", f"notebooks/{code}/") for name in english if name.endswith(".ipynb")} == (
            translated
        )
    contents = json.loads(files["notebooks/fr/14_contents.ipynb"])
    assert "".join(contents["cells"][0]["source"]).startswith("# Sommaire"), "the French contents page, in French"
    assert "guide du professeur](15_" not in files["notebooks/fr/14_contents.ipynb"].decode(), "no link to the guide"


def test_a_language_folder_that_is_a_link_is_refused_and_one_without_lessons_left_out(project, tmp_path):
    shutil.rmtree(project / "notebooks" / "et")
    (project / "notebooks" / "et").mkdir()  # empty: no Estonian lessons yet
    assert handout.language_folders(project / "notebooks") == [project / "notebooks" / "fr"]
    shutil.rmtree(project / "notebooks" / "et")
    (project / "notebooks" / "et").symlink_to(tmp_path)
    with pytest.raises(ToolRefused, match="is a link, and a hand-out never follows one"):
        handout.site_files(project)


def test_the_class_s_server_refuses_a_site_with_answers_in_a_language_s_folder(tmp_path):
    site = tmp_path / "site"
    (site / "files" / "notebooks" / "fr").mkdir(parents=True)
    (site / ".euchre-site").write_text("built by jupyterlite/build_site.py\n")
    (site / "index.html").write_text("<!DOCTYPE html><title>Euchre lessons</title>")
    lesson = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# 1"}], "metadata": {}}
    (site / "files" / "notebooks" / "01_cards.ipynb").write_text(json.dumps(lesson))
    (site / "files" / "notebooks" / "fr" / "01_cards.ipynb").write_text(json.dumps(lesson))
    assert site_problem(site) == ""
    answered = {"cells": [{"cell_type": "code", "metadata": {"tags": ["solution"]}, "source": "1"}], "metadata": {}}
    (site / "files" / "notebooks" / "fr" / "01_cards.ipynb").write_text(json.dumps(answered))
    assert "were built with the answers" in site_problem(site)
