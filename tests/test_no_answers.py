"""No answer before a try (issue 26, point 2): a lesson run top to bottom checks no answer and shows no solution;
answers show only through an exercise's Show the answer, after the learner's own try."""

import re
from pathlib import Path

import nbformat
import pytest

from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.exercises import Verdict

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb") if int(p.name[:2]) <= 14)  # 15: the teacher's guide

# The words that open a verdict and a solution, taken from the exercises themselves so the test follows them.
VERDICT_WORDS = (Verdict(True, "x").lead, Verdict(False, "x").lead)
SOLUTION_WORDS = exercises(0).q1.solution().split(":")[0] + ":"
TYPED = re.compile(r"\.(check|solution|hint)\(")
SHOW_THE_ANSWER = "Show the answer"


def outputs_text(cell) -> str:
    """Everything a code cell's stored outputs show, as text and as HTML."""
    parts = []
    for output in cell.get("outputs", []):
        parts.append(str(output.get("text", "")))
        parts += [str(value) for key, value in output.get("data", {}).items() if key.startswith("text/")]
    return "\n".join(parts)


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_cell_of_a_lesson_checks_an_answer_or_shows_a_solution(path):
    cells = nbformat.read(path, as_version=4).cells
    for number, cell in enumerate(cells):
        assert not TYPED.search(cell.source), f"{path.name} cell {number} checks an answer: {cell.source!r}"
        assert "solution" not in cell.metadata.get("tags", []), f"{path.name} cell {number} is a solution cell"
        shown = outputs_text(cell) if cell.cell_type == "code" else ""
        for words in (*VERDICT_WORDS, SOLUTION_WORDS):
            assert words not in shown, f"{path.name} cell {number} prints {words!r} when the lesson runs"


def widget_models(path: Path) -> dict:
    """The widgets a lesson's run left behind, as stored with the notebook: model id -> state."""
    stored = nbformat.read(path, as_version=4).metadata.get("widgets", {})
    return {key: model["state"] for found in stored.values() for key, model in found.get("state", {}).items()}


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_a_lesson_s_own_run_turns_on_no_show_the_answer_and_shows_no_verdict(path):
    models = widget_models(path)
    buttons = {f"IPY_MODEL_{key}" for key, state in models.items() if state.get("description") == SHOW_THE_ANSWER}
    boxes = [state for state in models.values() if buttons & set(state.get("children", []))]
    assert len(boxes) >= len(buttons), f"{path.name}: a Show the answer button outside its box"
    for box in boxes:
        layout = models[box["layout"].removeprefix("IPY_MODEL_")]
        assert layout.get("display") == "none", f"{path.name}: Show the answer is on before any try"
    for state in models.values():
        shown = str(state.get("value", ""))
        for words in (*VERDICT_WORDS, SOLUTION_WORDS):
            assert words not in shown, f"{path.name}: a widget shows {words!r} before any try: {shown[:120]!r}"
