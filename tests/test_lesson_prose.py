"""The lessons read as one story (issue 26, points 6 and 9): each ends with a link to the next, numbers its
questions as the progress board names them, quotes the rule book word for word and never contradicts it."""

import re
from pathlib import Path

import nbformat
import pytest

from euchre_lesson.teach.course import exercises, lesson_numbers

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
RULES = (NOTEBOOKS.parent / "RULES.md").read_text(encoding="utf-8")
LESSONS = sorted(p for p in NOTEBOOKS.glob("[01][0-9]_*.ipynb") if int(p.name[:2]) <= 12)


def cells(path: Path):
    return nbformat.read(path, as_version=4).cells


def learner_part(path: Path):
    """The cells before the part headed For programmers (the end of a lesson)."""
    found = []
    for cell in cells(path):
        if cell.cell_type == "markdown" and re.search(r"^#+ For programmers", cell.source, re.M):
            break
        found.append(cell)
    return found


def prose(path: Path) -> str:
    return "\n".join(c.source for c in learner_part(path) if c.cell_type == "markdown")


def title(number: int) -> str:
    """'Lesson 1 · The cards and the bowers', from the lesson's own first heading."""
    path = next(NOTEBOOKS.glob(f"{number:02}_*.ipynb"))
    return "Lesson " + re.match(r"# (\d+ · .+)", cells(path)[0].source)[1], path.name


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_a_lesson_ends_its_recap_with_a_link_to_the_next_lesson(path):
    recap = [c.source for c in cells(path) if c.cell_type == "markdown" and c.source.startswith("## Recap")]
    assert len(recap) == 1, "one recap"
    text, target = title(int(path.name[:2]) + 1)
    last = recap[0].strip().splitlines()[-1]
    assert last.startswith(f"Next lesson: [{text}]({target})"), last


@pytest.mark.parametrize("number", lesson_numbers())
def test_questions_are_numbered_as_the_progress_board_names_them(number):
    path = next(NOTEBOOKS.glob(f"{number:02}_*.ipynb"))
    found, lesson = [], cells(path)
    for cell, after in zip(lesson, lesson[1:]):
        head = re.match(r"### Question (\d+) \((q\d+)\)", cell.source) if cell.cell_type == "markdown" else None
        if head:
            assert head[2] == f"q{head[1]}", head[0]
            assert after.cell_type == "code" and f'ask("lesson {number} {head[2]}")' in after.source, head[0]
            found.append(head[2])
    assert found == list(vars(exercises(number))), "each question once, in order"


def table_rows(rule: str) -> list[str]:
    """The rows of the scoring table of a rule of RULES.md, as written there."""
    part = RULES[RULES.index(f"**{rule} Scoring") :]
    part = part[: part.index("\n- **", 1)]
    return [line.strip() for line in part.splitlines() if line.strip().startswith("|")]


def learner_row(row: str) -> str:
    """A row of RULES.md as a learner reads it: without its note for developers on a **Decision** (issue 37: no
    research words in a lesson; the rule book notebook prints the rows so too, and the lesson says it in words)."""
    return re.sub(r" \(\*\*Decision\*\*[^|]*\)", "", row)


def test_lesson_7_quotes_the_rule_book_s_scoring_tables_word_for_word():
    text = prose(next(NOTEBOOKS.glob("07_*.ipynb")))
    lines = [line.strip() for line in text.splitlines()]
    for rule in ("T7", "F4"):
        rows = [learner_row(row) for row in table_rows(rule)]
        assert len(rows) >= 7 and rows[2] in lines
        start = lines.index(rows[2]) - 2  # the first row of results, under the table's head
        assert lines[start : start + len(rows)] == rows, rule
    euchre = "no defender alone, the maker is euchred (takes 0 to 2)"
    march = "a defender went alone, and that side takes all 5 | each defender 4"
    assert text.index(march) < text.index(euchre), "the lone defender's march comes before the euchre row"
    assert "first row that fits" in text


def words(number: int) -> str:
    return re.sub(r"\s+", " ", prose(next(NOTEBOOKS.glob(f"{number:02}_*.ipynb"))))


def test_a_tie_at_the_top_is_told_as_the_rule_book_tells_it():
    assert "only *they* stay in contention" in RULES
    for number in (7, 8):
        assert "only they stay in contention" in words(number), number
        assert "only those two play on" not in words(number), number


def test_two_handed_scoring_says_the_opponent_scores_on_a_euchre():
    text = words(12)
    assert not re.search(r"only the maker (?:can )?(?:score|win)s? (?:points )?by", text)
    assert "the opponent scores 2 points" in text


def test_railroad_counts_its_extras_and_names_as_many():
    text = re.sub(r"\]\([^)]*\)", "]", words(12))  # the links' targets left out
    counted = re.search(r"with (\w+) extras that make points come faster: ([^.]+)\.", text)
    named = re.split(r", and |, | and ", counted[2])
    assert {"two": 2, "three": 3, "four": 4}[counted[1]] == len(named), named


def test_lesson_11_is_not_the_last_and_says_close_calls_in_words():
    text = words(11)
    assert "last lesson" not in text and "within its margin" not in text and "±" not in text
    assert "too close to call" in text


def test_lesson_10_says_how_a_class_sets_its_rules_once():
    text = words(10)
    assert "[teacher's guide](15_teachers_guide.ipynb)" in text
    assert "Your class's house rules, set once" in text
    guide = "\n".join(c.source for c in cells(NOTEBOOKS / "15_teachers_guide.ipynb"))
    assert "## Your class's house rules, set once" in guide
