"""Hints that teach, and wrong answers that do not give the right one away (issue 37, points 1 and 2), for
lessons 7 to 12 and the practice generator.

Every exercise of lessons 7-12 and every kind of practice question (over a few hundred seeds, in the games of
lessons 1-11 and in those of lesson 12) has at least two hints: first a nudge that names a rule of the rule book
by its id, then a clue. No hint names the right answer, none is a placeholder, and no wrong option of a Choice
names the right one: not its words, not its card, not its number.

What "names the answer" means for each kind is written in `named_answer` below: the answer's words as a button
shows them (whole words, any case), and each card of the answer. A suit's symbol is not counted: the question
itself shows the card, and so its symbol."""

import re
from pathlib import Path

import nbformat
import pytest
from test_glossary_in_lessons import LESSONS, PATTERNS, Text, lesson_texts
from test_lesson_words import ENGINE_WORDS
from test_rule_book import rule_ids

from euchre_lesson.teach import exercises as kinds
from euchre_lesson.teach import practice
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.exercises import (
    BestFive,
    Bid,
    Choice,
    LegalPlays,
    Score,
    TrickWinner,
    WhichSuit,
)

ROOT = Path(__file__).resolve().parent.parent
RULES = set(rule_ids((ROOT / "RULES.md").read_text(encoding="utf-8")))
RULE_ID = re.compile(r"(?<![\w-])[CTFWR][1-9][0-9]?(?![\w-])")
CARD = re.compile(r"(?<![\w-])(?:(?:10|[2-9JQKA])[♣♦♥♠]|joker)(?![\w-])", re.I)
# The words of an exercise without hints of its own: "No hint for this one", or its kind's way in (KIND_HINTS).
KIND_HINTS = getattr(kinds, "KIND_HINTS", {})
PLACEHOLDERS = ("No hint for this one", *KIND_HINTS.values())
LATER = [(n, name, q) for n in range(7, 13) for name, q in vars(exercises(n)).items()]
IDS = [f"{n}-{name}" for n, name, _ in LATER]
SEEDS = range(200)
GAMES = {"lessons 1-11": practice.PRACTISED, "lesson 12": ("twohand", "railroad")}
# Each kind in each set of games; best_five is dealt from Cutthroat whatever the games, so once is enough.
PRACTICE = [(kind, games) for kind in practice.KINDS for games in GAMES if (kind, games) != ("best_five", "lesson 12")]


def whole(words: str) -> re.Pattern:
    """Words as a pattern that finds them whole, in any case: '4' is not found in '24-card' or 'F4'."""
    return re.compile(rf"(?<![\w-]){re.escape(words)}(?![\w-])", re.I)


def named_answer(exercise, text: str) -> str | None:
    """The words of `text` that name the exercise's right answer, if any."""
    answer = exercise.answer()
    if isinstance(exercise, Choice):
        shown = [exercise.right, *CARD.findall(exercise.right)]
    elif isinstance(exercise, Bid):
        shown = [exercise.label(action) for action in exercise.accept]
    elif isinstance(exercise, Score):
        shown = [exercise.label(answer)] + ([] if exercise.who == "both" else [f"{answer} point"])
    elif isinstance(exercise, WhichSuit):
        shown = [exercise.label(answer), answer.plural, answer.noun]
    elif isinstance(exercise, TrickWinner):
        shown = [str(answer)]
    elif isinstance(exercise, (LegalPlays, BestFive)):
        shown = [str(card) for card in answer]
    else:
        raise AssertionError(f"a kind this test does not know: {type(exercise).__name__}")
    return next((words for words in shown if whole(words).search(text)), None)


def hint_findings(exercise) -> list[str]:
    """What is wrong with an exercise's hints: too few, a first one without a rule id, a placeholder, the answer."""
    hints, found = exercise.hints, []
    if len(hints) < 2:
        found.append(f"{len(hints)} hint(s), not a nudge and a clue")
    ids = set(RULE_ID.findall(hints[0])) if hints else set()
    if not ids or not ids <= RULES or not ids & set(exercise.rules_exercised):
        found.append(f"the nudge names no rule it exercises ({sorted(ids)}, {exercise.rules_exercised}): {hints[:1]}")
    for hint in hints:
        if any(placeholder in hint for placeholder in PLACEHOLDERS) or hint == exercise.question:
            found.append(f"a placeholder: {hint!r}")
        named = named_answer(exercise, hint)
        if named:
            found.append(f"names the answer ({named!r}): {hint!r}")
    return found


def practice_questions(kind: str, games: tuple[str, ...]):
    return [practice.question(kind, seed, games).exercise for seed in SEEDS]


# -- the checks check ------------------------------------------------------------------------------------------


def test_the_checks_find_an_answer_a_placeholder_and_a_missing_rule_id():
    """Each check fails where it should: a hint naming the answer, a kind's placeholder, a nudge with no rule id."""
    winner = TrickWinner("K♦ 9♥ A♦", "♣", hints=("The bowers rank highest (C2, C13).", "Look at the A♦."))
    assert named_answer(winner, "Look at the A♦.") == "A♦" and not named_answer(winner, "Look at the 10♦.")
    assert any("names the answer" in found for found in hint_findings(winner))
    kitty = Choice("How many?", {"12": "right", "4": "That is 24 less 12.", "5": "No."}, right="12")
    assert named_answer(kitty, kitty.options["4"]) == "12" and not named_answer(kitty, "a 24-card deck (F12)")
    assert named_answer(WhichSuit("J♦", "♥"), "Diamonds are red.") is None
    assert named_answer(WhichSuit("J♦", "♥"), "It is one of the hearts.") == "hearts"
    assert named_answer(Score(3), "The maker scores 1 point.") == "1 point"
    assert named_answer(Bid(exercises(11).q2.state, "pass", "x"), "Then pass.") == "Pass"
    bare = WhichSuit("J♦", "♥", hints=("Think of the jacks.", PLACEHOLDERS[0]))
    assert [found.split(" ")[0:2] for found in hint_findings(bare)] == [["the", "nudge"], ["a", "placeholder:"]]
    assert hint_findings(WhichSuit("J♦", "♥", hints=("Think of the bowers (C2).",)))[0].startswith("1 hint")


# -- lessons 7 to 12 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lesson, name, exercise", LATER, ids=IDS)
def test_every_exercise_of_lessons_7_to_12_has_a_nudge_and_a_clue_that_keep_the_answer(lesson, name, exercise):
    assert hint_findings(exercise) == [], exercise.id


@pytest.mark.parametrize("lesson, name, exercise", LATER, ids=IDS)
def test_no_hint_of_lessons_7_to_12_is_the_kind_s_placeholder(lesson, name, exercise):
    """What the view shows for Hint: the author's words, never the kind's way in (which says 'No hint' in spirit)."""
    for number in range(1, len(exercise.hints) + 1):
        assert exercise.hint(number) == exercise.hints[number - 1]
        assert exercise.hint(number) not in KIND_HINTS.values()


CHOICES = [(n, name, q) for n, name, q in LATER if isinstance(q, Choice)]


@pytest.mark.parametrize("lesson, name, exercise", CHOICES, ids=[f"{n}-{name}" for n, name, _ in CHOICES])
def test_a_wrong_option_says_why_it_fails_without_naming_the_right_one(lesson, name, exercise):
    for option in exercise.options:
        if option == exercise.right:
            continue
        verdict = exercise.check(option)
        assert not verdict and verdict.message.strip(), option
        named = named_answer(exercise, verdict.message)
        assert not named, f"{exercise.id}: the verdict on {option!r} names {named!r}: {verdict.message}"


@pytest.mark.parametrize("lesson, name, exercise", LATER, ids=IDS)
def test_no_exercise_of_lessons_7_to_12_speaks_of_the_engine_or_the_research(lesson, name, exercise):
    """Issue 37, 4: "engine", "the sources", "Decision", "simulated", "IS-MCTS" (and the rule book's "references")."""
    words = [exercise.prompt, *exercise.hints, exercise.explained()]
    words += list(exercise.options.values()) if isinstance(exercise, Choice) else []
    words += [exercise.check(choice).message for choice in exercise.choices()]
    found = sorted({m[0] for text in words for m in ENGINE_WORDS.finditer(text)})
    found += [text for text in words if re.search(r"\breferences\b", text)]
    assert found == [], exercise.id


def test_lesson_11_q2_counts_the_9_of_spades_as_a_trump_in_its_hints_too():
    """J♣ 10♦ Q♦ 9♥ 9♠ with the A♠ turned up was explained 'with the left bower alone'; the 9♠ is a second trump."""
    q2 = exercises(11).q2
    for words in (*q2.hints, q2.explained()):
        assert "left bower alone" not in words and "only trump" not in words, words
    assert "two trumps, the left bower and the 9♠" in q2.explained()


# -- the practice generator ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind, games", PRACTICE, ids=[f"{kind}-{games}" for kind, games in PRACTICE])
def test_every_practice_question_has_a_nudge_and_a_clue_that_keep_the_answer(kind, games):
    findings = {}
    for exercise in practice_questions(kind, GAMES[games]):
        found = hint_findings(exercise)
        if found:
            findings.setdefault(exercise.question, found)
    assert not findings, list(findings.items())[:3]


def test_the_practice_clue_is_built_from_the_question_s_own_cards():
    """The clue differs from question to question: it speaks of this trick, this hand, this result."""
    for kind in practice.KINDS:
        clues = {exercise.hints[-1] for exercise in practice_questions(kind, practice.PRACTISED)[:40]}
        assert len(clues) >= 3, (kind, clues)


def first_practised() -> dict[str, int]:
    """The lesson in which each kind of practice question first comes, read from the lessons' PracticeWidget."""
    first: dict[str, int] = {}
    for path in LESSONS:
        code = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code")
        for call in re.findall(r"PracticeWidget\(([^)]*)\)", code):
            listed = re.search(r"kinds=\[([^\]]*)\]", call)
            kinds = re.findall(r"\w+", listed[1]) if listed else list(practice.KINDS)
            for kind in kinds:
                first.setdefault(kind, int(path.name[:2]))
    return first


@pytest.fixture(scope="module")
def known_by():
    """The glossary terms each lesson and the ones before it define or link: what a learner there has been told."""
    known, by = set(), {}
    for path in LESSONS:
        for text in lesson_texts(path):
            known |= text.defines | {term for term in PATTERNS for _, linked in text.uses(term) if linked}
        by[int(path.name[:2])] = set(known)
    return by


def test_every_practice_kind_is_first_practised_in_a_lesson():
    assert set(first_practised()) == set(practice.KINDS)
    assert first_practised()["which_suit"] == 1 and first_practised()["score"] == 7


@pytest.mark.parametrize("kind, games", PRACTICE, ids=[f"{kind}-{games}" for kind, games in PRACTICE])
def test_a_practice_hint_uses_only_words_explained_by_the_lesson_that_first_practises_it(kind, games, known_by):
    lesson = first_practised()[kind] if games == "lessons 1-11" else 12  # lesson 12 practises its own two games
    unknown = set()
    for exercise in practice_questions(kind, GAMES[games])[:60]:
        text = Text("\n".join(exercise.hints), prose=False)
        unknown |= {term for term in PATTERNS if term not in known_by[lesson] and any(text.uses(term))}
    assert not unknown, f"{kind} is first practised in lesson {lesson}, whose learner has not met {sorted(unknown)}"


def test_practice_hints_do_not_speak_of_the_engine():
    for kind in practice.KINDS:
        for exercise in practice_questions(kind, practice.PRACTISED)[:40]:
            for hint in exercise.hints:
                assert not ENGINE_WORDS.search(hint), hint
