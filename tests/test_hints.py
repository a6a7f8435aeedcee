"""Hints that teach, and wrong options that do not give the answer away, in lessons 0 to 6 (issue 37, point 1).

Every exercise has at least two hints of its own: a nudge that names the rule to think of (by its id in RULES.md,
which the views turn into a link) and a clue that narrows the choice. No hint names the right answer, and no wrong
option of a Choice names the right option (its words or its card), since a wrong try shows that option's words.
Lessons 7 to 12 are tested the same way in tests/test_hints_later.py."""

import re
from dataclasses import replace

import pytest
from test_rule_book import ROOT, rule_ids

from euchre_lesson.engine.cards import Suit
from euchre_lesson.engine.display import words_html
from euchre_lesson.engine.rules import CUTTHROAT
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.exercises import (
    KIND_HINTS,
    RULE_ID,
    Bid,
    Choice,
    Exercise,
    LegalPlays,
    Score,
    TrickWinner,
    WhichSuit,
)
from euchre_lesson.teach.lessons.lesson_02 import up_card_question
from euchre_lesson.teach.lessons.lesson_03 import all_pass_question, next_dealer_question, turned_suit_question

LESSONS = range(7)
CARD = re.compile(r"(?:10|[9JQKA])[♣♦♥♠]")
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six")
RULE_BOOK_IDS = set(rule_ids((ROOT / "RULES.md").read_text(encoding="utf-8")))


def lesson_exercises() -> list[tuple[str, Exercise]]:
    """Every exercise of lessons 0 to 6 by its id, lesson 2's q2 under both rules of the pick-up it asks about, and
    lesson 3's q1, q2 and q4 under both rules of round two they ask about (C8, C9)."""
    found = [(exercise.id, exercise) for number in LESSONS for exercise in vars(exercises(number)).values()]
    for must in (False, True):
        found.append(
            (
                f"lesson 2 q2, dealer_must_pick_up={must}",
                up_card_question(replace(CUTTHROAT, dealer_must_pick_up=must)),
            )
        )
    for switch, made in (
        ("may_name_turned_suit", turned_suit_question),
        ("stick_the_dealer", all_pass_question),
        ("stick_the_dealer", next_dealer_question),
    ):
        found.append((f"lesson 3 {made.__name__}, {switch}=True", made(replace(CUTTHROAT, **{switch: True}))))
    return found


EXERCISES = lesson_exercises()
IDS = [name for name, _ in EXERCISES]


def words(text: str) -> re.Pattern:
    """Some words as a whole, whatever their case: 'no' in 'no, never' but not in 'not' or 'nobody'."""
    return re.compile(rf"(?<![\w-]){re.escape(text)}(?![\w-])", re.I)


def card(text: str) -> re.Pattern:
    """A card as written, not the end of a longer word."""
    return re.compile(rf"(?<![0-9A-Z]){re.escape(text)}")


def suit(one: Suit) -> list[re.Pattern]:
    """A suit named: its words, or its symbol standing alone (not a card's, such as the J♠ a question asks about)."""
    return [words(one.plural), words(one.noun), re.compile(rf"(?<![0-9JQKA]){re.escape(one.symbol)}")]


def giveaways(exercise: Exercise) -> list[re.Pattern]:
    """What a hint (or a wrong option's words) may not say, since it would name this exercise's right answer."""
    answer = exercise.answer()
    if isinstance(exercise, Choice):  # the option's words, each part of them ("seat 0, the lone defender"), its cards
        parts = {answer, *(part for part in re.split(r", |: ", answer) if len(part) > 2)}
        return [words(part) for part in sorted(parts)] + [card(one) for one in CARD.findall(answer)]
    if isinstance(exercise, WhichSuit):
        return suit(answer)
    if isinstance(exercise, TrickWinner):
        return [card(str(answer))]
    if isinstance(exercise, Score):
        return [words(str(answer)), words(NUMBER_WORDS[answer])]
    if isinstance(exercise, Bid):
        found = []
        for action in exercise.accept:
            found += [words(exercise.label(action)), words(str(action.kind))]
            found += suit(action.suit) if action.suit else []
        return found
    # The kinds whose answer is some cards (which may be played, which five to keep): no card of the answer.
    assert isinstance(answer, (tuple, frozenset)), type(exercise).__name__
    return [card(str(one)) for one in answer]


def named(text: str, patterns: list[re.Pattern]) -> list[str]:
    return [found[0] for pattern in patterns for found in [pattern.search(text)] if found]


def test_the_giveaways_are_found_where_they_are_and_only_there():
    """The reader of giveaways itself: each kind's answer is found when named, not inside other words."""
    choice = Choice("Who leads?", {"the maker": "yes", "the dealer": "no"}, right="the maker")
    assert named("Think of the maker's seat.", giveaways(choice)) == ["the maker"]
    assert named("Think of the makers of rules, or a maker.", giveaways(choice)) == []
    lone = Choice(
        "Who leads?", {"seat 0, the lone defender": "right", "seat 1": "wrong"}, right="seat 0, the lone defender"
    )
    assert named("Then the lone defender leads.", giveaways(lone)) == ["the lone defender"]
    yes = Choice("May you?", {"yes": "right", "no": "wrong"}, right="no")
    assert named("Not now; nobody may.", giveaways(yes)) == [] and named("No, never.", giveaways(yes)) == ["No"]
    assert named("J♠ is black: is it a spade?", giveaways(WhichSuit("J♠", "♥"))) == ["spade"]
    assert named("J♠ is black, trump red.", giveaways(WhichSuit("J♠", "♥"))) == []
    assert named("Think of ♠, not of the J♠.", giveaways(WhichSuit("J♠", "♥"))) == ["♠"]
    assert named("The 10♦ leads; A♦ wins.", giveaways(TrickWinner("K♦ 9♥ A♦", "♣"))) == ["A♦"]
    assert sorted(named("The 10♥ is not the A♥.", giveaways(LegalPlays("A♥ 10♥ K♣", "9♥", "♠")))) == ["10♥", "A♥"]
    assert named("It pays three.", giveaways(Score(5, maker_alone=True))) == ["three"]
    assert named("Count to 4 (F4, T3).", giveaways(Score(5, maker_alone=True))) == []
    bid = exercises(3).q3
    assert named("Name spades.", giveaways(bid)) == ["spades"] and named("J♠ J♣", giveaways(bid)) == []


@pytest.mark.parametrize("name, exercise", EXERCISES, ids=IDS)
def test_every_exercise_of_lessons_0_to_6_has_two_hints(name, exercise):
    hints = exercise.hints
    assert len(hints) >= 2, f"{name} has {len(hints)} hint(s) of its own"
    assert len(set(hints)) == len(hints), f"{name} repeats a hint"
    nudge = RULE_ID.findall(hints[0])
    assert nudge, f"{name}'s first hint names no rule: {hints[0]!r}"
    assert set(nudge) <= RULE_BOOK_IDS, f"{name}'s first hint names a rule the rule book lacks: {nudge}"
    cited = {rule for hint in hints for rule in RULE_ID.findall(hint)}
    assert cited <= set(exercise.rules_exercised), (
        f"{name}'s hints cite {cited}, it exercises {exercise.rules_exercised}"
    )
    for hint in hints:
        assert hint not in KIND_HINTS.values() and "No hint" not in hint, f"{name}: a placeholder {hint!r}"
        assert exercise.prompt not in hint and "Options:" not in hint, f"{name}: the question again, {hint!r}"
        assert len(hint.split()) >= 6, f"{name}: too short to teach, {hint!r}"
        assert not named(hint, giveaways(exercise)), f"{name}'s hint names the answer: {hint!r}"
    assert exercise.hint(1) == hints[0] and exercise.hint(2) == hints[1], "the view shows the author's hints"
    assert f'href="13_rule_book.ipynb#{nudge[0]}"' in words_html(hints[0]), "the nudge's rule is a link"


@pytest.mark.parametrize(
    "name, exercise",
    [(n, e) for n, e in EXERCISES if isinstance(e, Choice)],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_no_wrong_option_of_lessons_0_to_6_names_the_right_one(name, exercise):
    """A wrong try shows that option's words: they say why it fails, never the right option's words or card."""
    for option, why in exercise.options.items():
        if option == exercise.right:
            continue
        assert not named(why, giveaways(exercise)), f"{name}, option {option!r}: {why!r}"
        verdict = exercise.check(option)
        assert not verdict.correct and not named(verdict.message, giveaways(exercise)), verdict.message
        assert RULE_ID.search(why), f"{name}, option {option!r} says no rule: {why!r}"


def test_the_rule_book_s_ids_are_read():
    assert {"C1", "C14", "T5", "F3"} <= RULE_BOOK_IDS and "C15" not in RULE_BOOK_IDS
