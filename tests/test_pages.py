"""The lessons as pages (euchre_lesson.pages, Voila's prelaunch hook) and where rule links lead from them."""

import re
from pathlib import Path

import nbformat
import pytest

from euchre_lesson.engine.display import PAGES_SETTING, ROOT_SETTING, RULE_BOOK_SETTING, rule_link
from euchre_lesson.engine.language import WHOLE_LESSONS
from euchre_lesson.pages import PAGE_WORDS, PROGRAMMERS, lab_address, page_view, page_words
from euchre_lesson.server_extension import pages_settings

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell


def lesson():
    answer = code('ex.q1.check("52")', metadata={"tags": ["solution"]})
    return nbformat.v4.new_notebook(
        cells=[
            md("# 1 · Cards\n\nProse."),
            code("ask('lesson 1 q1')"),
            answer,
            md("Last words.\n\n## For programmers\n\nThe engine's names.", metadata={"tags": [PROGRAMMERS]}),
            code("print(deck())"),
            md("### A detail for programmers"),
            code("print(1)"),
            md("## Next lesson\n\n[Lesson 2](02_x.ipynb)"),
        ]
    )


def test_a_page_leaves_out_the_answers_and_the_part_for_programmers():
    page = page_view(lesson(), lab="/lab/tree/notebooks/01_x.ipynb")
    sources = [cell.source for cell in page.cells]
    assert sources[1:] == [
        "# 1 · Cards\n\nProse.",
        "ask('lesson 1 q1')",
        "Last words.",
        "## Next lesson\n\n[Lesson 2](02_x.ipynb)",
    ]
    assert 'href="/lab/tree/notebooks/01_x.ipynb"' in sources[0] and "Show the code (JupyterLab)" in sources[0]
    assert len(lesson().cells) == 8  # the notebook itself is left as it was


def test_the_part_for_programmers_is_marked_by_its_tag_whatever_its_heading_says():
    """A French lesson's "Pour les programmeurs" showed on its page, when the page looked for English words."""
    part = md("## Pour les programmeurs\n\nLes noms du moteur.", metadata={"tags": [PROGRAMMERS]})
    notebook = nbformat.v4.new_notebook(cells=[md("# 1 · Les cartes"), part, code("print(1)"), md("## Ensuite")])
    assert [cell.source for cell in page_view(notebook).cells[1:]] == ["# 1 · Les cartes", "## Ensuite"]
    untagged = md("## For programmers\n\nNot marked.")
    notebook = nbformat.v4.new_notebook(cells=[md("# 1 · Cards"), untagged, code("print(1)")])
    assert len(page_view(notebook).cells) == 4  # the words alone mark nothing: the tag does


def test_every_part_for_programmers_of_the_lessons_carries_the_tag():
    for lesson in LESSONS:
        for cell in nbformat.read(lesson, as_version=4).cells:
            headed = cell.cell_type == "markdown" and re.search(r"^#+ For programmers", cell.source, re.M)
            assert bool(headed) == (PROGRAMMERS in cell.metadata.get("tags", ())), (lesson.name, cell.id)


@pytest.mark.parametrize("language", WHOLE_LESSONS)
def test_a_translated_lesson_s_page_shows_the_cells_its_english_page_shows(language):
    for lesson in LESSONS:
        english = [cell.id for cell in page_view(nbformat.read(lesson, as_version=4)).cells[1:]]
        built = nbformat.read(lesson.parent / language / lesson.name, as_version=4)
        translated = [cell.id for cell in page_view(built).cells[1:] if cell.id != "lesson-language"]
        assert translated == english, lesson.name


def test_a_page_s_own_words_speak_the_lesson_s_language():
    french = page_words("fr")
    assert set(french) == set(PAGE_WORDS) and french["code"] != PAGE_WORDS["code"]
    link = page_view(lesson(), lab="/lab/tree/notebooks/fr/01_x.ipynb").cells[0].source
    assert f"{french['code']} (JupyterLab)" in link


def test_a_page_leaves_out_what_only_jupyterlab_needs():
    how = md("**To start:** choose Run ▸ Run All Cells.", metadata={"tags": ["jupyterlab-only"]})
    notebook = nbformat.v4.new_notebook(cells=[md("# 0 · Welcome"), how, md("Prose.")])
    assert [cell.source for cell in page_view(notebook).cells[1:]] == ["# 0 · Welcome", "Prose."]


def test_a_page_without_jupyterlab_beside_it_has_no_code_link():
    assert "Show the code" not in page_view(lesson()).cells[0].source


def test_the_code_of_a_page_is_the_same_notebook_in_jupyterlab():
    assert lab_address("/voila/render/notebooks/14_contents.ipynb") == "/lab/tree/notebooks/14_contents.ipynb"
    assert lab_address("/hub/user/ann/voila/render/a.ipynb") == "/hub/user/ann/lab/tree/a.ipynb"
    assert lab_address("/lab/tree/a.ipynb") is None


def test_a_server_with_voila_tells_its_kernels_where_the_pages_are(tmp_path):
    on = {"jupyterlab": True, "voila.server_extension": True}
    assert pages_settings(on, "/", str(tmp_path)) == {PAGES_SETTING: "/voila/render/", ROOT_SETTING: str(tmp_path)}
    assert pages_settings(on, "/user/ann/", str(tmp_path))[PAGES_SETTING] == "/user/ann/voila/render/"
    assert pages_settings({"jupyterlab": True, "voila.server_extension": False}, "/", str(tmp_path)) == {}


@pytest.mark.parametrize(
    "folder, book",
    [("notebooks", "/voila/render/notebooks/13_rule_book.ipynb"), (".", "/voila/render/13_rule_book.ipynb")],
)
def test_a_rule_link_in_jupyterlab_opens_the_rule_books_page(tmp_path, monkeypatch, folder, book):
    (tmp_path / folder).mkdir(exist_ok=True)
    monkeypatch.chdir(tmp_path / folder)  # where the lesson's kernel runs
    monkeypatch.delenv(RULE_BOOK_SETTING, raising=False)
    monkeypatch.setenv(PAGES_SETTING, "/voila/render/")
    monkeypatch.setenv(ROOT_SETTING, str(tmp_path))
    assert f'href="{book}#C12"' in rule_link("C12")


def test_a_rule_link_outside_the_pages_folder_or_without_pages_stays_beside_the_lesson(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(RULE_BOOK_SETTING, raising=False)
    monkeypatch.delenv(PAGES_SETTING, raising=False)
    assert 'href="13_rule_book.ipynb#C12"' in rule_link("C12")
    monkeypatch.setenv(PAGES_SETTING, "/voila/render/")
    monkeypatch.setenv(ROOT_SETTING, str(tmp_path / "elsewhere"))
    assert 'href="13_rule_book.ipynb#C12"' in rule_link("C12")
