"""The lessons say when Show the answer is offered in words true under every house rule (issue 28, point 7): a
class whose house rules say "never" is not promised an answer after a try."""

import re
from pathlib import Path

import nbformat

from euchre_lesson.teach.house_rules import SHOW_ANSWER

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb") if int(p.name[:2]) <= 12)  # a learner reads these


def sentences_about_show_answer(path: Path) -> list[str]:
    """Each sentence of the lesson's prose that says what Show the answer does."""
    prose = " ".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    sentences = re.split(r"(?<=[.!?])\s+", re.sub(r"\s+", " ", prose))
    return [s for s in sentences if "**Show the answer**" in s]


def test_no_lesson_promises_the_answer_after_a_try_whatever_the_house_rules():
    said = {path.name: sentences_about_show_answer(path) for path in LESSONS}
    assert said["00_welcome.ipynb"] and said["01_cards_and_bowers.ipynb"] and said["12_two_handed_and_railroad.ipynb"]
    for name, sentences in said.items():
        for sentence in sentences:
            assert "once you have tried" not in sentence, f"{name}: {sentence}"
            # Each of the settings is named: after a try, from the start (always), or not at all (never).
            assert "house rules" in sentence and "after your first try" in sentence, f"{name}: {sentence}"
            assert "from the start" in sentence and "not at all" in sentence, f"{name}: {sentence}"
    assert SHOW_ANSWER == ("after a try", "always", "never")  # the three the sentences name
