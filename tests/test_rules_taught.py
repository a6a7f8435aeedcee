"""Every rule of RULES.md is taught and exercised (issue 13, point 5).

*Taught*: some lesson's prose cites the rule, as a link to its rule-book entry (`[C7](13_rule_book.ipynb#C7)`), in a
markdown cell that shows an example: a card (J♥, 10♦, Joker), a seat (seat 2), or a count (3 tricks, 2 points,
12 cards); or the code cell just after it shows one in its stored output (the engine working the example).
*Exercised*: at least one lesson exercise declares the rule among those it exercises (`rules_exercised`: the
rules its kind always asks about, and the `rule_ids` its author declared).

The ids come from RULES.md. The rules of Two-handed (W) and Railroad (R) Euchre may be taught by lesson 12 as soon
as it exists; until then they are not taught, and their cases fail.
"""

import re
from pathlib import Path

import nbformat
import pytest
from test_rule_book import rule_ids

from euchre_lesson.teach.course import exercises

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb") if int(p.name[:2]) <= 12)
RULES = rule_ids((ROOT / "RULES.md").read_text(encoding="utf-8"))
EXAMPLE = re.compile(r"(10|[2-9JQKA])[♣♦♥♠]|\bJoker\b|\bseats? [0-3]\b|\b\d+ (tricks?|points?|cards?)\b")


def cited(rule: str, text: str) -> bool:
    return f"[{rule}](13_rule_book.ipynb#{rule})" in text


def printed(cell) -> str:
    """What a code cell showed when the lesson was executed: its text outputs."""
    texts = []
    for output in cell.get("outputs", []):
        texts.append(
            output.get("text", "") if output.output_type == "stream" else output.get("data", {}).get("text/plain", "")
        )
    return "\n".join(texts)


def taught_with_an_example(rule: str) -> list[str]:
    """The lessons whose prose cites the rule beside an example."""
    found = []
    for path in LESSONS:
        cells = nbformat.read(path, as_version=4).cells
        for cell, after in zip(cells, cells[1:] + [None]):
            if cell.cell_type != "markdown" or not cited(rule, cell.source):
                continue
            shown = after is not None and after.cell_type == "code" and EXAMPLE.search(printed(after))
            if EXAMPLE.search(re.sub(r"\[[^\]]*\]\([^)]*\)", "", cell.source)) or shown:
                found.append(path.name)
    return found


def exercised() -> dict[str, list[str]]:
    """Each rule id and the lesson exercises that exercise it."""
    found: dict[str, list[str]] = {}
    for path in LESSONS:
        try:
            questions = vars(exercises(int(path.name[:2])))
        except ValueError:  # a lesson without exercises (NotationError)
            continue
        for question in questions.values():
            for rule in question.rules_exercised:
                found.setdefault(rule, []).append(question.id)
    return found


def test_the_rules_are_read_from_the_rule_book():
    assert {"C1", "C14", "T1", "T8", "F1", "F5"} <= set(RULES) and len(RULES) == len(set(RULES))
    assert EXAMPLE.search("the J♥ and the 10♦") and EXAMPLE.search("seat 2 deals") and EXAMPLE.search("3 tricks")
    assert not EXAMPLE.search("the dealer's left") and cited("C7", "see [C7](13_rule_book.ipynb#C7)")


def test_every_exercise_declares_known_rules_and_cites_only_those():
    known, count = set(RULES), 0
    for path in LESSONS:
        for _name, question in vars(exercises(int(path.name[:2]))).items():
            count += 1
            assert set(question.rules_exercised) <= known, f"{question.id}: {question.rules_exercised}"
            words = " ".join([str(question.solution()), *getattr(question, "options", {}).values()])
            named = set(re.findall(r"\b[CTFWR][1-9][0-9]?\b", words))
            assert named <= set(question.rules_exercised), (
                f"{question.id} cites {sorted(named)} but declares {question.rules_exercised}"
            )
    assert count >= 40


@pytest.mark.parametrize("rule", RULES)
def test_every_rule_is_explained_in_a_lesson_with_an_example(rule):
    assert taught_with_an_example(rule), (
        f"no lesson cites [{rule}](13_rule_book.ipynb#{rule}) in a markdown cell "
        f"that shows an example (a card, a seat or a count), or before a code "
        f"cell that does"
    )


@pytest.mark.parametrize("rule", RULES)
def test_every_rule_is_exercised_by_an_exercise(rule):
    assert exercised().get(rule), f"no lesson exercise declares {rule} among the rules it exercises"
