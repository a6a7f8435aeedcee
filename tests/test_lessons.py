"""The lesson series: each lesson has its parts, the contents page links them all, and the
student copies (solutions taken out) execute without an error."""

import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.refusals import ToolRefused
from euchre_lesson.teach.student_copies import build

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(
    p for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb") if int(p.name[:2]) <= 12
)  # 13 on: book, contents, guide


def _cells(path: Path):
    return nbformat.read(path, as_version=4).cells


def test_the_lessons_are_numbered_in_order_then_the_contents_and_the_guide():
    names = [p.name for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))]
    assert [int(n[:2]) for n in names] == list(range(16))
    assert names[-2:] == ["14_contents.ipynb", "15_teachers_guide.ipynb"]


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_a_lesson_has_its_parts(path):
    number = int(path.name[:2])
    cells = _cells(path)
    text = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    code = "\n".join(c.source for c in cells if c.cell_type == "code")
    assert cells[0].source.startswith(f"# {number} · "), "a title"
    assert "**What this lesson covers:**" in cells[0].source
    assert "## Recap" in text
    assert "from euchre_lesson.widgets import" in code, "a widget to try it"
    start = cells[1]  # in JupyterLab only: a lesson shown as a page runs by itself
    assert "Run ▸ Run All Cells" in start.source and "jupyterlab-only" in start.metadata.get("tags", []), (
        "right under the title, JupyterLab's view says in clicks how to start"
    )
    # Each exercise is asked by its id alone, so its cell runs by itself (tests/test_lesson_cells.py); that each
    # one accepts its right answer and refuses every wrong one is tests/test_course.py's, from the exercise data.
    asked = set(re.findall(rf'ask\("lesson {number} (q\d+)"\)', code))
    assert asked == set(vars(exercises(number))) and len(asked) >= 3, "every exercise is asked"


def test_the_contents_page_links_every_lesson():
    contents = "\n".join(c.source for c in _cells(NOTEBOOKS / "14_contents.ipynb"))
    links = set(re.findall(r"\]\(([^)]+\.ipynb)\)", contents))
    assert links == {p.name for p in LESSONS} | {"13_rule_book.ipynb", "15_teachers_guide.ipynb"}
    code = "\n".join(c.source for c in _cells(NOTEBOOKS / "14_contents.ipynb") if c.cell_type == "code")
    assert "ProgressBoard()" in code and "PracticeWidget(" in code, "progress and practice on the contents page"
    guide = "\n".join(c.source for c in _cells(NOTEBOOKS / "15_teachers_guide.ipynb"))
    for link in re.findall(r"\]\(([^)]+\.ipynb)\)", guide):
        assert (NOTEBOOKS / link).exists(), link


@pytest.fixture(scope="module")
def student_copies(tmp_path_factory):
    return build(NOTEBOOKS, tmp_path_factory.mktemp("students"))


def test_student_copies_have_no_solutions_and_no_outputs(student_copies):
    names = [p.name for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) if p.name != "15_teachers_guide.ipynb"]
    assert [path.name for path in student_copies] == names  # every notebook, the rule book too, but the guide
    for path in student_copies:
        cells = _cells(path)
        assert not any("solution" in c.metadata.get("tags", []) for c in cells)
        assert not any(c.get("outputs") for c in cells if c.cell_type == "code")
        assert not any(".solution()" in c.source for c in cells), path.name
        assert "widgets" not in nbformat.read(path, as_version=4).metadata, "no saved widget state"
    with pytest.raises(ToolRefused, match="another folder"):  # the command ends with it (SystemExit): its main
        build(NOTEBOOKS, NOTEBOOKS)


@pytest.mark.slow
@pytest.mark.parametrize("number", range(len(list(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))) - 1))  # not the guide
def test_a_student_copy_executes(student_copies, number):
    path = student_copies[number]
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()  # raises on an error
    outputs = [o for c in notebook.cells if c.cell_type == "code" for o in c.outputs]
    assert outputs and not any(o.output_type == "error" for o in outputs)


def test_the_teacher_s_guide_gives_each_lesson_the_minutes_the_lesson_says():
    guide = "\n".join(c.source for c in _cells(NOTEBOOKS / "15_teachers_guide.ipynb") if c.cell_type == "markdown")
    planned = {}
    for lessons, minutes in re.findall(r"^\| \d+ \| (.+?) \| ([\d +]+) \|", guide, re.M):
        numbers = [int(n) for n in re.findall(r"\]\((\d\d)_[^)]*\.ipynb\)", lessons)]
        times = [int(m) for m in minutes.split("+")]
        assert len(numbers) == len(times), lessons
        planned.update(zip(numbers, times))
    assert sorted(planned) == list(range(len(LESSONS))), "every lesson has its place in the plan"
    for path in LESSONS:
        said = re.search(r"About (\d+) minutes", _cells(path)[0].source)
        assert said and planned[int(path.name[:2])] == int(said[1]), (
            f"{path.name}: the guide says {planned[int(path.name[:2])]} minutes"
        )
