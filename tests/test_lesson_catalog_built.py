"""The lessons built in the learners' languages (issue 38, point 2): notebooks/<language> holds every lesson of each
language with a translated cell, as the build writes it from the committed .po files and run from a fresh kernel;
its links lead to the lessons of its own language, and every link to a rule (#C2) finds its anchor.

Whether a built lesson's words are those of the committed .po files (and its English source as it is now) is
test_lesson_catalog.py's check (`problems`); whether its stored outputs are what its cells print is nbval's, which
runs notebooks/fr and notebooks/et as it runs the English lessons."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

from euchre_lesson.teach.house_rules import class_rules, show_answer

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("lesson_catalog_tool", ROOT / "scripts" / "lesson_catalog.py")
assert SPEC and SPEC.loader
tool = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(tool)

BUILT = list(tool.WHOLE_LESSONS)  # the languages whose lessons are whole: built, and run by nbval
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
HTML_LINK = re.compile(r"""href=\\?["']([^"'\\]+)""")  # in an output, or in a widget's state (the contents page)
ANCHOR = re.compile(r"""\bid=\\?["']([^"'\\]+)""")
ADDRESS = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)  # https:, mailto: ... : not a lesson's


def test_the_built_languages_are_french_and_estonian_whose_lessons_are_whole():
    """A begun language (the rule book's sections translated) has no folder of lessons: they would be the English
    ones, run again by nbval."""
    folders = {path.name for path in (ROOT / "notebooks").iterdir() if path.is_dir() and path.name in tool.LANGUAGES}
    assert set(BUILT) == {"fr", "et"} == folders


@pytest.mark.parametrize("language", BUILT)
def test_every_lesson_of_a_translated_language_is_built_and_was_run_in_order_from_a_fresh_kernel(language):
    assert tool.ready(language) == 0, f"run make translations LANG={language}"
    for lesson in tool.lessons():
        built = nbformat.read(tool.built_path(lesson, language), as_version=4)
        nbformat.validate(built)
        runs = [cell for cell in built.cells if cell.cell_type == "code"]
        assert runs[0].id == tool.LANGUAGE_CELL and f'choose_language("{language}")' in runs[0].source
        assert [cell.execution_count for cell in runs] == list(range(1, len(runs) + 1)), f"{lesson.name}: not run"
        errors = [out for cell in runs for out in cell.outputs if out.output_type == "error"]
        assert not errors, f"{language}: {lesson.name} stored an error: {errors[0].get('ename')}"
    extra = {path.name for path in tool.built_path(tool.lessons()[0], language).parent.glob("*.ipynb")}
    assert extra == {lesson.name for lesson in tool.lessons()}, "a built lesson whose English lesson is gone"


def printed(cell: nbformat.NotebookNode) -> str:
    return "".join(out.get("text", "") for out in cell.outputs if out.output_type == "stream")


@pytest.mark.parametrize("language", BUILT)
def test_what_a_translated_lesson_s_code_prints_is_in_its_language(language):
    """Lesson 6 printed "You hold A♥ 10♥ K♣ 9♠ Q♦ and spades are trump." in every language: its code cells tagged
    `translate` are translated, and print their lesson's words."""
    tagged = 0
    for lesson in tool.lessons():
        built = {cell.id: cell for cell in nbformat.read(tool.built_path(lesson, language), as_version=4).cells}
        for cell in nbformat.read(lesson, as_version=4).cells:
            if tool.TRANSLATE in cell.metadata.get("tags", ()):
                tagged += 1
                assert printed(cell) and printed(built[cell.id]) != printed(cell), (lesson.name, cell.id)
    assert tagged >= 7


def links(path: Path) -> list[str]:
    """Every link of a lesson: its markdown's, and every href in its outputs and its widgets' stored state."""
    notebook = nbformat.read(path, as_version=4)
    found = [
        link for cell in notebook.cells if cell.cell_type == "markdown" for link in MARKDOWN_LINK.findall(cell.source)
    ]
    return found + HTML_LINK.findall(path.read_text(encoding="utf-8"))


def anchors(path: Path) -> set[str]:
    """The ids a link's #fragment may name in a lesson: its markdown's HTML anchors (<a id="C2"></a>)."""
    notebook = nbformat.read(path, as_version=4)
    return {found for cell in notebook.cells if cell.cell_type == "markdown" for found in ANCHOR.findall(cell.source)}


def broken(folder: Path) -> list[str]:
    """Each link of the lessons in `folder` that leaves the folder, names no lesson there, or an anchor it lacks."""
    wrong: list[str] = []
    named: dict[Path, set[str]] = {}  # each lesson's anchors, read once
    for lesson in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        for link in links(lesson):
            if ADDRESS.match(link):
                continue
            name, _, fragment = link.partition("#")
            target = folder / name if name else lesson
            if "/" in name or "\\" in name or not target.is_file():
                wrong.append(f"{lesson.name}: {link} is not a lesson beside it in {folder.name}/")
                continue
            if fragment and target not in named:
                named[target] = anchors(target)
            if fragment and fragment not in named[target]:
                wrong.append(f"{lesson.name}: {link}: {target.name} has no anchor {fragment!r}")
    return wrong


@pytest.mark.parametrize("language", ["en", *BUILT])
def test_every_link_of_a_language_s_lessons_leads_to_its_own_lessons_and_anchors(language):
    folder = tool.NOTEBOOKS if language == "en" else tool.NOTEBOOKS / language
    assert not broken(folder), "\n".join(broken(folder))


@pytest.mark.parametrize("language", BUILT)
def test_the_contents_page_of_a_language_lists_every_lesson_of_it(language):
    contents = tool.NOTEBOOKS / language / "14_contents.ipynb"
    listed = {link.partition("#")[0] for link in links(contents)}
    lessons = {lesson.name for lesson in tool.lessons()} - {contents.name}
    assert lessons <= listed, f"the contents page in {language} leaves out {sorted(lessons - listed)}"
    assert not any("/" in link for link in listed), "a link of the contents page leaves its language's folder"


@pytest.mark.parametrize("language", BUILT)
def test_the_translated_rule_book_keeps_every_anchor_of_the_english_one(language):
    english = anchors(tool.NOTEBOOKS / "13_rule_book.ipynb")
    assert {"C2", "T7", "glossary", "glossary-throw-in"} <= english
    assert anchors(tool.NOTEBOOKS / language / "13_rule_book.ipynb") == english


def test_the_link_check_finds_a_link_out_of_the_folder_and_a_missing_anchor(tmp_path):
    for name, text in {
        "01_a.ipynb": "[C2](02_b.ipynb#C2) [C9](02_b.ipynb#C9) [up](../01_a.ipynb) [gone](03_c.ipynb) [web](https://x.org)",
        "02_b.ipynb": '<a id="C2"></a>C2 [top](#C2)',
    }.items():
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(text, id="words")])
        nbformat.write(notebook, tmp_path / name)
    assert broken(tmp_path) == [
        "01_a.ipynb: 02_b.ipynb#C9: 02_b.ipynb has no anchor 'C9'",
        f"01_a.ipynb: ../01_a.ipynb is not a lesson beside it in {tmp_path.name}/",
        f"01_a.ipynb: 03_c.ipynb is not a lesson beside it in {tmp_path.name}/",
    ]


def test_a_widget_s_link_in_a_built_lesson_is_read(tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Contents", id="words")])
    notebook.metadata["widgets"] = {"state": {"board": {"value": "<a href='00_gone.ipynb'>Welcome</a>"}}}
    nbformat.write(notebook, tmp_path / "14_contents.ipynb")
    assert "00_gone.ipynb" in links(tmp_path / "14_contents.ipynb")


def test_a_lesson_in_a_language_s_folder_plays_by_the_class_s_house_rules_beside_the_english_lessons(tmp_path):
    (tmp_path / "house_rules.json").write_text('{"cutthroat": {"stick_the_dealer": true}}', encoding="utf-8")
    for folder in ("fr", "et", "sub"):
        (tmp_path / folder).mkdir()
    assert class_rules("cutthroat", tmp_path / "fr").stick_the_dealer
    assert class_rules("cutthroat", tmp_path / "et").stick_the_dealer
    assert not class_rules("cutthroat", tmp_path / "sub").stick_the_dealer  # not a language's lessons: its own folder
    (tmp_path / "fr" / "house_rules.json").write_text('{"show_answer": "never"}', encoding="utf-8")
    assert not class_rules("cutthroat", tmp_path / "fr").stick_the_dealer  # a language's own file wins
    assert show_answer(tmp_path / "fr") == "never" and show_answer(tmp_path / "et") == "after a try"
