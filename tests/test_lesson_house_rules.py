"""Lesson 3's questions on round two follow the class's house rules (issue 37, point 4): a class may let the
turned-down suit be named (C8) or stick the dealer (C9), and each question's right answer is then what the engine
does under those rules, its words naming the rule that applies; the lesson reads the class's house_rules.json."""

import importlib
import json
import re
from dataclasses import replace
from pathlib import Path

import nbformat
import pytest

from euchre_lesson import CUTTHROAT, deal_hand
from euchre_lesson.engine.actions import Verb
from euchre_lesson.teach.lessons import lesson_03
from euchre_lesson.teach.lessons.lesson_03 import all_pass_question, next_dealer_question, turned_suit_question

SWITCHES = [
    {"may_name_turned_suit": turned, "stick_the_dealer": stuck} for turned in (False, True) for stuck in (False, True)
]


def round_two(rules, passes: int):
    """A Cutthroat hand (seat 0 deals) after round one's passes and `passes` more in round two."""
    state = deal_hand(rules, dealer=0, seed=9)
    for _ in range(rules.players + passes):
        state = state.apply("pass")
    return state


@pytest.mark.parametrize("switches", SWITCHES, ids=str)
def test_lesson_3_q1_may_name_the_turned_down_suit_exactly_when_the_engine_allows_it(switches):
    rules = replace(CUTTHROAT, **switches)
    state = round_two(rules, 0)
    named = {action.suit for action in state.legal_actions() if action.kind is Verb.CALL}
    question = turned_suit_question(rules)
    assert question.answer() == ("yes" if state.up_card.suit in named else "no")
    said = " ".join(str(question.check(choice)) for choice in question.choices())
    assert "C8" in said and ("house rules" in said) is rules.may_name_turned_suit
    assert "house rules" in question.hint(2) or not rules.may_name_turned_suit


@pytest.mark.parametrize("switches", SWITCHES, ids=str)
def test_lesson_3_q2_is_a_throw_in_or_the_stuck_dealer_as_the_engine_plays_it(switches):
    rules = replace(CUTTHROAT, **switches)
    dealer_to_speak = round_two(rules, rules.players - 1)
    question = all_pass_question(rules)
    if rules.stick_the_dealer:
        assert "pass" not in {str(action) for action in dealer_to_speak.legal_actions()}
        assert question.answer() == "the dealer must name a suit" and "before the dealer" in question.question
    else:
        assert dealer_to_speak.apply("pass").is_over  # everyone passed: thrown in
        assert question.answer() == "the hand is thrown in" and "Everyone passes" in question.question
    other = "the hand is thrown in" if rules.stick_the_dealer else "the dealer must name a suit"
    wrong = str(question.check(other))
    assert "C9" in wrong and ("house rules" in wrong) is rules.stick_the_dealer
    up_card = str(question.check("the up-card's suit is trump"))
    assert ("out for this hand" in up_card) is not rules.may_name_turned_suit


@pytest.mark.parametrize("switches", SWITCHES, ids=str)
def test_lesson_3_q4_speaks_of_a_throw_in_only_where_the_class_can_have_one(switches):
    rules = replace(CUTTHROAT, **switches)
    question = next_dealer_question(rules)
    assert question.answer() == "the player on the dealer's left"
    said = question.question + " ".join(str(question.check(choice)) for choice in question.choices())
    assert ("passed twice" in said or "throw-in" in said) is not rules.stick_the_dealer


def test_the_lesson_reads_its_class_s_house_rules(tmp_path, monkeypatch):
    (tmp_path / "house_rules.json").write_text(
        json.dumps({"cutthroat": {"stick_the_dealer": True, "may_name_turned_suit": True}}), encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    try:
        read = importlib.reload(lesson_03).EXERCISES
        assert read["q1"].answer() == "yes" and read["q2"].answer() == "the dealer must name a suit"
        assert "passed twice" not in read["q4"].question
    finally:
        monkeypatch.undo()
        importlib.reload(lesson_03)  # back to the rules of the folder the tests run in
    assert lesson_03.EXERCISES["q1"].answer() == "no"


# -- lesson 10 tells what follows the house rules, in words true under every switch ----------------------------------

LESSON_10 = Path(__file__).resolve().parent.parent / "notebooks" / "10_variants_and_house_rules.ipynb"
LESSON_MODULES = Path(__file__).resolve().parent.parent / "euchre_lesson" / "teach" / "lessons"


def lesson_10_prose() -> str:
    return " ".join(
        " ".join(c.source.split()) for c in nbformat.read(LESSON_10, as_version=4).cells if c.cell_type == "markdown"
    )


def test_lesson_10_names_every_lesson_whose_questions_follow_the_house_rules():
    following = sorted(int(p.stem[-2:]) for p in LESSON_MODULES.glob("lesson_*.py") if "class_rules(" in p.read_text())
    assert following == [2, 3]
    assert "the questions of lessons 2 and 3 that ask about a house rule" in lesson_10_prose()


def test_lesson_10_s_stuck_dealer_names_the_suits_the_engine_offers_under_every_switch():
    sentence = re.search(r"With stick the dealer, once[^.]*\.", lesson_10_prose())[0]
    for turned in (False, True):
        rules = replace(CUTTHROAT, stick_the_dealer=True, may_name_turned_suit=turned)
        offered = [a for a in round_two(rules, rules.players - 1).legal_actions() if a.kind is Verb.CALL]
        assert ("four" if turned else "three") in sentence and len(offered) == (4 if turned else 3), sentence
