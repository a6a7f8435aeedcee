"""The exercise kit: each kind accepts the right answer, refuses wrong ones, and always says why."""

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, deal_hand, parse_card
from euchre_lesson.exercises import BestFive, Bid, Choice, LegalPlays, Score, TrickWinner, Verdict, WhichSuit
from euchre_lesson.errors import NotationError


@pytest.mark.rule("C2")
def test_which_suit_teaches_the_left_bower():
    question = WhichSuit("J♣", "♠")
    wrong, right = question.check("♣"), question.check("spades")
    assert not wrong and "left bower" in wrong.message and "C2" in wrong.message
    assert right and str(right).startswith("Correct!")
    assert WhichSuit("J♦", "♠").check("♦")  # a jack of the other colour keeps its suit


@pytest.mark.rule("C13")
def test_trick_winner_explains_why_the_left_bower_beats_the_ace():
    question = TrickWinner("A♠ J♣ Q♠", "♠")
    wrong = question.check("A♠")
    assert not wrong
    assert "A♠ is not it" in wrong.message and "J♣ wins" in wrong.message and "left bower" in wrong.message
    assert question.check("JC")
    assert "was not played" in question.check("9♥").message


@pytest.mark.rule("C13")
def test_trick_winner_off_suit_cards_cannot_win():
    question = TrickWinner("K♥ A♣ Q♥", "♠")
    assert question.answer() == parse_card("K♥")
    assert "neither trump nor a heart" in question.check("A♣").message


@pytest.mark.rule("C12")
def test_legal_plays_names_the_missing_left_bower():
    question = LegalPlays("J♦ A♥ 9♣ K♠ Q♥", "K♥", "♥")
    assert question.check("J♦ A♥ Q♥")
    missing = question.check("A♥ Q♥")
    assert not missing and "You left out J♦" in missing.message
    extra = question.check("A♥ Q♥ J♦ 9♣")
    assert not extra and "must follow" in extra.message


@pytest.mark.rule("C12")
def test_legal_plays_when_void_any_card():
    question = LegalPlays("A♣ 9♣ K♠", "K♥", "♦")
    assert question.check("A♣ 9♣ K♠") and "any card" in question.solution()
    assert not question.check("A♣")


@pytest.mark.rule("T7")
@pytest.mark.parametrize("tricks, alone, expected", [(3, False, 1), (5, False, 3), (5, True, 3), (2, False, 0)])
def test_cutthroat_points(tricks, alone, expected):
    question = Score(tricks, maker_alone=alone)
    assert question.check(expected) and question.check(str(expected))
    wrong = question.check(expected + 1)
    assert not wrong and "T7" in wrong.message


@pytest.mark.rule("F4")
def test_partnership_points_for_the_defenders():
    question = Score(1, who="defenders", rules=PARTNERSHIP)
    assert question.check(2) and not question.check(1)
    assert "F4" in question.solution()
    assert "whole number" in question.check("two").message


def test_impossible_questions_are_refused_when_written():
    with pytest.raises(NotationError):
        Score(6)
    with pytest.raises(NotationError):
        Score(3, who="dealer")
    with pytest.raises(NotationError):
        Bid(deal_hand(CUTTHROAT, 0, seed=5), accept=("call ♥",), reason="not legal in round one")
    with pytest.raises(NotationError):
        Choice("Which?", {"a": "yes", "b": "no"}, right="c")


@pytest.mark.rule("T5")
def test_best_five_accepts_ties_and_explains_a_worse_keep():
    question = BestFive("JH JD AH KH 9H AS 9C 10C QD KS", "H")
    assert question.check("JH JD AH KH 9H")
    worse = question.check("JH JD AH KH AS")
    assert not worse and "Better to keep 9♥ instead of A♠" in worse.message
    tie = BestFive("JH AH KH AS AC 9D 10D QD 9S 10S", "H")
    assert tie.check("JH AH KH AS AC")
    assert "five different cards" in question.check("JH").message


def test_a_bid_is_checked_by_the_engine_for_legality():
    state = deal_hand(CUTTHROAT, 0, seed=5)
    question = Bid(state, accept=("pass",), reason="Too weak to order.")
    assert question.check("pass") and not question.check("order")
    illegal = question.check("call ♥")
    assert not illegal and "round one" in illegal.message


def test_hints_come_in_order_and_a_blank_answer_is_pointed_out():
    question = Choice("Who leads first?", {"dealer": "No: the dealer leads last.", "left": "Yes (C11)."},
                      right="left", hints=("Think clockwise.", "Not the dealer."))
    assert [question.hint(1), question.hint(2), question.hint(9)] == ["Think clockwise.", "Not the dealer.", "Not the dealer."]
    assert "Replace the" in question.check(...).message
    assert question.check("LEFT") and question.check("dealer").message == "No: the dealer leads last."


def test_verdicts_draw_in_a_notebook():
    html = Verdict(False, "J♣ wins.")._repr_html_()
    assert 'role="status"' in html and "Not quite" in html
