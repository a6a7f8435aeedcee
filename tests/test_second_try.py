"""A second try (issue 37, point 2): a wrong answer says why that choice fails, never which choice is right, and
invites another try; the answer comes only from a right try or from Show the answer as the house rules allow.

Every wrong option of every lesson's exercise is checked, and of a few hundred practice questions of each kind; for
the kinds answered with several cards, every wrong pick of a hand (a trick's legal plays) or a seeded sample of them
(the maker's fives).

How these tests fail if a verdict names the answer: `names_of_the_answer` lists what would give the answer away (the
right option's label and the cards in it, a right card the learner did not pick, the right cards written together),
and `given_away` finds any of them in the verdict as a whole word. Before this change `Exercise._wrong` ended every
wrong verdict with `explain()` ("A♠ is not it. J♣ wins: it is the highest trump played..."): the assertion then
fails with "lesson 1 q3, option A♥: the verdict names 'J♦'", naming the exercise, the wrong option and the words.
"""

from __future__ import annotations

import itertools
import random
import re

import pytest
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)
from widget_checks import check

from euchre_lesson.engine.cards import Card, Suit, sort_key
from euchre_lesson.teach.course import exercises, lesson_numbers
from euchre_lesson.teach.exercises import TRY_AGAIN, BestFive, Choice, Exercise, LegalPlays, PlayableCard, TrickWinner
from euchre_lesson.teach.practice import KINDS, question
from euchre_lesson.widgets import ExerciseView
from euchre_lesson.widgets.cards import has_class

SEEDS = range(300)  # practice questions of each kind
FIVES = 40  # of a maker's 252 fives, the wrong ones sampled per question
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[9JQKA])[♣♦♥♠]|\bJoker\b")  # a card as the lessons write it


def lesson_exercises() -> list[Exercise]:
    """Every exercise of every lesson, as teach/course.py collects them from teach/lessons/*.py."""
    return [exercise for lesson in lesson_numbers() for exercise in vars(exercises(lesson)).values()]


def given(exercise: Exercise, picked: object) -> object:
    """An answer as check() takes it: a card pick as a tuple of cards, any other choice as the learner writes it."""
    return tuple(picked) if exercise.several else exercise.written(picked)


def wrong_picks(exercise: Exercise, seed: int = 0) -> list[object]:
    """The wrong answers to try: each wrong choice; for several cards, every wrong pick of a hand or a sample of
    the maker's fives (each one the exercise can judge: five cards where five are asked)."""
    choices = tuple(exercise.choices())
    if not exercise.several:
        return [choice for choice in choices if not exercise.check(given(exercise, choice)).correct]
    if isinstance(exercise, BestFive):
        fives = list(itertools.combinations(choices, 5))
        random.Random(seed).shuffle(fives)
        picks = [five for five in fives if not exercise.check(five).correct]
        return picks[:FIVES]
    subsets = (pick for size in range(1, len(choices) + 1) for pick in itertools.combinations(choices, size))
    return [pick for pick in subsets if not exercise.check(pick).correct]


def right_cards(exercise: Exercise) -> set[Card]:
    """The cards that are a right answer (or part of one): the winner, every legal play, the strongest five."""
    answer = exercise.answer()
    return (
        set(answer) if isinstance(answer, (tuple, set, frozenset)) else {answer} if isinstance(answer, Card) else set()
    )


def names_of_the_answer(exercise: Exercise, picked: object) -> set[str]:
    """What a verdict on `picked` must not say: the right option's label and the cards written in it; with several
    cards, each right card the learner left out, and the right cards written together."""
    if exercise.several:
        left_out = right_cards(exercise) - set(picked)  # the learner's own cards may be named: they are theirs
        whole = " ".join(map(str, sorted(right_cards(exercise), key=sort_key)))
        return {str(card) for card in left_out} | {whole}
    if isinstance(exercise, (TrickWinner, PlayableCard)):
        return {str(card) for card in right_cards(exercise)}
    rights = [choice for choice in exercise.choices() if exercise.check(given(exercise, choice)).correct]
    names = set()
    for right in rights:
        label = exercise.label(right)
        names |= {label, *CARD.findall(label)}
        if isinstance(right, Suit):  # "♥ hearts": its words, never its symbol (every card shows one)
            names = (names - {label}) | {right.noun}
    return names


def given_away(verdict: str, names: set[str]) -> list[str]:
    """The names of the answer found in a verdict as whole words, ignoring case ('heart' in 'hearts' too)."""
    found = []
    for name in names:
        pattern = rf"(?<![0-9A-Za-z]){re.escape(name)}(?:s|es)?(?![0-9A-Za-z])"
        if re.search(pattern, verdict, re.IGNORECASE):
            found.append(name)
    return found


def failures(exercise: Exercise, name: str, seed: int = 0) -> list[str]:
    """Each wrong pick whose verdict names the answer or does not invite another try, in words."""
    found = []
    for picked in wrong_picks(exercise, seed):
        verdict = exercise.check(given(exercise, picked))
        if not verdict.answered:
            continue
        text = str(verdict)
        shown = exercise.written(picked) if not exercise.several else " ".join(map(str, picked))
        named = given_away(text, names_of_the_answer(exercise, picked))
        if named:
            found.append(f"{name}, option {shown}: the verdict names {', '.join(map(repr, sorted(named)))}: {text}")
        if "try again" not in text.casefold():
            found.append(f"{name}, option {shown}: the verdict does not invite another try: {text}")
    return found


def test_no_wrong_verdict_of_a_lesson_names_the_answer():
    # Every kind whose wrong-answer words teach/exercises.py writes.
    worked = [exercise for exercise in lesson_exercises() if not isinstance(exercise, Choice)]
    found = [line for exercise in worked for line in failures(exercise, exercise.id)]
    assert not found, f"{len(found)} wrong verdicts name the answer:\n" + "\n".join(found)


def test_no_wrong_option_of_a_lesson_s_choice_names_the_right_one():
    # A Choice's words for each option are its author's, in teach/lessons/lesson_NN.py.
    chosen = [exercise for exercise in lesson_exercises() if isinstance(exercise, Choice)]
    found = [line for exercise in chosen for line in failures(exercise, exercise.id)]
    assert not found, f"{len(found)} wrong options' words name the right one:\n" + "\n".join(found)


@pytest.mark.parametrize("kind", KINDS)
def test_no_wrong_verdict_of_practice_names_the_answer(kind):
    found = []
    for seed in SEEDS:
        found += failures(question(kind, seed).exercise, f"practice {kind} seed {seed}", seed)
    assert not found, f"{len(found)} wrong verdicts name the answer:\n" + "\n".join(found[:20])


def test_every_kind_of_exercise_is_checked():
    # The lessons and the practice between them hold every kind the test reads, each with a wrong pick to judge.
    seen = {type(exercise).__name__ for exercise in lesson_exercises() if wrong_picks(exercise)}
    seen |= {type(question(kind, 0).exercise).__name__ for kind in KINDS}
    expected = {"WhichSuit", "TrickWinner", "LegalPlays", "Score", "BestFive", "Bid", "Choice"}
    assert expected <= seen, expected - seen


def test_a_playable_card_s_wrong_verdict_names_no_card_that_may_be_played():
    exercise = PlayableCard("J♦ A♥ 9♣ K♠ Q♥", "K♥", "♥")  # J♦ is the left bower: it follows hearts
    verdict = exercise.check("9♣")
    assert not verdict and not given_away(str(verdict), names_of_the_answer(exercise, "9♣")), verdict
    assert "must follow" in verdict.message and TRY_AGAIN in str(verdict)


def test_the_check_finds_a_verdict_that_names_the_answer():
    # The test's own detector, shown to fire: the old verdict of lesson 1 q3 named the winner J♦.
    exercise = TrickWinner("A♥ J♦ K♥", "♥")
    old = "A♥ is not it. J♦ wins: it is the highest trump played."
    assert given_away(old, names_of_the_answer(exercise, "A♥")) == ["J♦"]
    assert given_away("It is a heart here.", {"heart"}) == ["heart"]  # a suit's word, plural or not
    left_out = LegalPlays("J♦ A♥ 9♣ K♠ Q♥", "K♥", "♥")
    picked = tuple(card for card in left_out.choices() if str(card) in ("A♥", "Q♥"))
    assert given_away("You left out J♦.", names_of_the_answer(left_out, picked)) == ["J♦"]


# -- the click-to-answer view: the wrong pick marked, the choice open, hints one by one, the answer as allowed ------


def click_check(view, value) -> None:
    """Choose one answer (replacing the one chosen) and press Check."""
    if not view.is_chosen(value):
        view.button_for(value).click()
    view.check_button.click()


def test_a_wrong_pick_stays_marked_and_the_choice_stays_open_for_another_try():
    heard = []
    view = ExerciseView(exercises(1).q3, on_answer=lambda *said: heard.append(said), show_answer="never")
    wrong, other = [c for c in view.choices if not view.exercise.check(c)]
    right = view.exercise.answer()
    click_check(view, wrong)
    check(view)
    button = view.button_for(wrong)
    assert has_class(button, "euchre-tried") and "tried: not right" in button.tooltip
    assert not any(has_class(view.button_for(c), "euchre-tried") for c in (other, right))
    assert "Try again" in view.note.value and str(right) not in view.note.value
    click_check(view, other)  # the choice is still open: another wrong one is marked too
    check(view)
    assert has_class(view.button_for(other), "euchre-tried") and has_class(button, "euchre-tried")
    assert f"Tried already, not right: {wrong}" in view.choice_note.value
    click_check(view, right)
    check(view)
    assert view.verdict and "✔ Correct!" in view.note.value and not has_class(view.button_for(right), "euchre-tried")
    assert [correct for _, correct, _ in heard] == [False, False, True]


def test_a_wrong_set_of_cards_marks_no_card_right_or_wrong():
    # Marking a card of a wrong set would tell which cards are legal: the verdict alone speaks.
    view = ExerciseView(LegalPlays("J♦ A♥ 9♣ K♠ Q♥", "K♥", "♥"), on_answer=lambda *_: None)
    for card in ("A♥", "9♣"):
        view.button_for(card).click()
    view.check_button.click()
    check(view)
    assert not view.verdict and not any(has_class(b, "euchre-tried") for b in view.answer_buttons)


def test_the_hint_button_gives_the_first_hint_then_the_second_under_it():
    question = Choice(
        "Who leads first?",
        {"dealer": "No: the dealer leads last.", "left": "Yes (C11)."},
        right="left",
        hints=("Think clockwise (C11).", "Not the one who dealt."),
    )
    view = ExerciseView(question, on_answer=lambda *_: None)
    view.hint_button.click()
    assert "Think clockwise" in view.hint_note.value and "Not the one" not in view.hint_note.value
    assert view.hint_button.description == "Next hint"
    view.hint_button.click()
    text = view.hint_note.value
    assert text.index("Think clockwise") < text.index("Hint 2: Not the one who dealt.")
    assert view.hint_button.description == "Hint" and "no more" in view.hint_button.tooltip
    view.hint_button.click()  # no third: the two stay
    assert view.hint_note.value == text


@pytest.mark.parametrize("setting", ["after a try", "always", "never"])
def test_show_the_answer_follows_the_house_rules_and_under_never_nothing_names_the_answer(setting):
    exercise = exercises(1).q3  # which card wins: the left bower J♦
    view = ExerciseView(exercise, on_answer=lambda *_: None, show_answer=setting)
    assert view.answer_offered is (setting == "always")
    for wrong in [c for c in view.choices if not exercise.check(c)]:
        click_check(view, wrong)
        for _ in range(3):
            view.hint_button.click()
        # The hints are their authors' (teach/lessons, tests/test_hints*.py read them): here, the view's own words.
        shown = " ".join((view.note.value, view.choice_note.value, view.solution_note.value))
        assert not given_away(shown, names_of_the_answer(exercise, wrong)), shown
    assert view.answer_offered is (setting != "never")
    view.show_button.click()  # a click on a button the page does not show gives nothing either
    assert (str(exercise.answer()) in view.solution_note.value) is (setting != "never")
