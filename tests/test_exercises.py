"""The exercise kit: each kind accepts the right answer, refuses wrong ones, and always says why."""

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, deal_hand, parse_card
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.teach.exercises import BestFive, Bid, Choice, LegalPlays, Score, TrickWinner, Verdict, WhichSuit


@pytest.mark.rule("C2")
def test_which_suit_teaches_the_left_bower():
    question = WhichSuit("J♣", "♠")
    wrong, right = question.check("♣"), question.check("spades")
    # Why a club is wrong, never which suit is right (issue 37): the colour is the clue; the praise teaches the rest.
    assert not wrong and "trump's colour" in wrong.message and "C2" in wrong.message and "spade" not in wrong.message
    assert right and str(right).startswith("Correct!") and "left bower" in right.message
    assert WhichSuit("J♦", "♠").check("♦")  # a jack of the other colour keeps its suit


@pytest.mark.rule("C13")
def test_trick_winner_explains_why_the_left_bower_beats_the_ace():
    question = TrickWinner("A♠ J♣ Q♠", "♠")
    wrong = question.check("A♠")
    assert not wrong
    # Beaten by a higher trump, with the left bower recalled, but the winner never named (issue 37).
    assert "A♠ is a trump, but a higher trump was played" in wrong.message and "J♣" not in wrong.message
    assert "jack of trump's colour is a trump" in wrong.message and "Try again" in str(wrong)
    assert question.check("JC") and "J♣ wins" in question.check("JC").message
    assert "was not played" in question.check("9♥").message


@pytest.mark.rule("C13")
def test_trick_winner_off_suit_cards_cannot_win():
    question = TrickWinner("K♥ A♣ Q♥", "♠")
    assert question.answer() == parse_card("K♥")
    assert "neither a trump nor a heart" in question.check("A♣").message
    assert "K♥" not in question.check("Q♥").message and "a higher heart" in question.check("Q♥").message


@pytest.mark.rule("C12")
def test_legal_plays_names_the_missing_left_bower():
    question = LegalPlays("J♦ A♥ 9♣ K♠ Q♥", "K♥", "♥")
    assert question.check("J♦ A♥ Q♥")
    missing = question.check("A♥ Q♥")
    assert not missing and "You left out 1 card" in missing.message and "J♦" not in missing.message
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
    assert not worse and "You kept 4 trumps, but more of your ten cards are trumps" in worse.message
    assert "9♥" not in worse.message  # the trump left out is the learner's to find (issue 37)
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
    question = Choice(
        "Who leads first?",
        {"dealer": "No: the dealer leads last.", "left": "Yes (C11)."},
        right="left",
        hints=("Think clockwise.", "Not the dealer."),
    )
    assert [question.hint(1), question.hint(2), question.hint(9)] == [
        "Think clockwise.",
        "Not the dealer.",
        "Not the dealer.",
    ]
    assert "Replace the" in question.check(...).message
    assert question.check("LEFT")
    assert question.check("dealer").message == f"No: the dealer leads last. {kinds.TRY_AGAIN}"


def test_verdicts_draw_in_a_notebook():
    html = Verdict(False, "J♣ wins.")._repr_html_()
    assert 'role="status"' in html and "Not quite" in html


# -- click to answer: what the views ask of an exercise ------------------------------------------

from euchre_lesson.engine.cards import Suit, sort_key  # noqa: E402
from euchre_lesson.engine.scoring import Points  # noqa: E402
from euchre_lesson.engine.tricks import legal_plays, why_may  # noqa: E402
from euchre_lesson.teach import exercises as kinds  # noqa: E402


def test_a_blank_answer_is_a_neutral_prompt_not_a_wrong_answer():
    question = WhichSuit("J♦", "♥")
    blank = question.check(...)
    assert not blank and not blank.answered
    assert not str(blank).startswith("Not quite") and "✘" not in blank._repr_html_()
    assert "#a4001d" not in blank._repr_html_() and 'role="status"' in blank._repr_html_()
    wrong = question.check("♦")
    assert wrong.answered and "✘ Not quite" in wrong._repr_html_()


def test_an_unreadable_answer_is_quoted_short_and_is_not_counted_as_wrong():
    verdict = Score(3).check("x" * 100_000)
    assert not verdict and not verdict.answered and "I could not read" in verdict.message
    assert len(verdict.message) < 300


def test_a_bid_the_rules_refuse_was_read_and_is_called_not_allowed():
    state = deal_hand(CUTTHROAT, 0, seed=5)
    verdict = Bid(state, accept=("pass",), reason="Too weak.").check("call ♥")
    assert verdict.answered and not verdict
    assert "could not read" not in verdict.message and "not allowed" in verdict.message and "(C" in verdict.message


def test_choices_hold_every_right_answer_and_do_not_depend_on_which_is_right():
    options = {"24": "yes (C1).", "32": "no (C1).", "52": "no (C1)."}
    orders = {Choice("How many?", options, right=r).choices() for r in options}
    assert orders == {("24", "32", "52")}
    yes_no = {"no": "a", "yes": "b"}
    assert Choice("May you?", yes_no, right="no").choices() == ("yes", "no")
    words = {"the maker": "a", "nobody": "b", "the dealer": "c"}
    assert {Choice("Who?", words, right=r).choices() for r in words} == {("nobody", "the dealer", "the maker")}
    assert WhichSuit("J♦", "♥").choices() == tuple(Suit)
    assert TrickWinner("A♥ J♦ K♥", "♥").choices() == tuple(parse_card(c) for c in ("A♥", "J♦", "K♥"))
    hand = LegalPlays("Q♥ J♦ A♥ 9♣ K♠", "K♥", "♥")
    assert hand.several and hand.choices() == tuple(sorted(hand.hand, key=sort_key))
    assert BestFive("J♥ J♦ A♥ K♥ 9♥ A♠ 9♣ 10♣ Q♦ K♠", "♥").how_many == 5
    assert Score(3).choices() == (0, 1, 2, 3, 4) and Score(3, rules=PARTNERSHIP).choices() == (0, 1, 2, 4)
    bid = Bid(deal_hand(CUTTHROAT, 0, seed=5), accept=("pass",), reason="Too weak.")
    assert bid.choices() == tuple(bid.state.legal_actions())


def test_the_prompt_of_a_choice_leaves_out_the_options_and_a_bid_shows_the_hand():
    question = Choice("Who leads?", {"left": "yes", "dealer": "no"}, right="left")
    assert question.prompt == "Who leads?" and "Options" in question.question
    state = deal_hand(CUTTHROAT, 0, seed=5)
    bid = Bid(state, accept=("pass",), reason="Too weak.")
    hand = " ".join(map(str, sorted(state.hands[state.to_act], key=sort_key)))
    assert hand in bid.prompt and str(state.up_card) in bid.prompt
    assert ("Your hand", tuple(sorted(state.hands[state.to_act], key=sort_key))) in bid.exhibits()


@pytest.mark.rule("C12")
@pytest.mark.parametrize(
    "hand, trick, trump",
    [
        ("J♦ A♥ 9♣ K♠ Q♥", "K♥", "♥"),
        ("J♣ A♣ 9♦ K♥", "K♣", "♠"),
        ("A♣ 9♣ K♠", "K♥ Q♥", "♦"),
        ("A♠ J♠ 10♦ Q♦", "9♣", "♣"),
    ],
)
def test_a_playable_card_is_judged_as_the_engine_judges_a_play(hand, trick, trump):
    question = kinds.PlayableCard(hand, trick, trump)
    legal = set(legal_plays(hand, trick, trump))
    assert question.choices() == tuple(sorted(question.hand, key=sort_key)) and not question.several
    for card in question.hand:
        verdict = question.check(str(card))
        assert bool(verdict) is (card in legal) and verdict.answered
        if card in legal:
            assert why_may(card, question.trick, question.trump) in verdict.message
        else:
            # Why it may not be played, never which cards may (issue 37): the engine's why_not names them.
            assert "may not be played" in verdict.message and "must follow" in verdict.message
            assert not any(str(other) in verdict.message for other in legal), verdict
    assert not question.check("9♥" if parse_card("9♥") not in question.hand else "10♥").answered
    assert "Answer: any of" in question.solution()


@pytest.mark.rule("T7")
def test_a_score_for_both_sides_reads_a_pair():
    question = Score(2, rules=PARTNERSHIP, who="both")
    assert question.answer() == Points(0, 2) and "each side" in question.question
    assert question.check((0, 2)) and question.check("0 2") and question.check(Points(0, 2))
    wrong = question.check((2, 0))
    assert not wrong and wrong.answered and "Makers 2" in wrong.message and "F4" in wrong.message
    assert "defenders 2" not in wrong.message and "the maker took 2 tricks" in wrong.message
    assert (0, 2) in question.choices() and (1, 0) in question.choices()
    assert question.solution().startswith("Answer: makers 0, defenders 2.")


@pytest.mark.rule("T5")
def test_a_five_as_strong_as_the_engine_s_is_praised_as_such_and_a_short_keep_is_not_wrong():
    tie = BestFive("JH AH KH AS AC 9D 10D QD 9S 10S", "H")
    same = tie.check("JH AH KH AS AC")
    assert same and ("Just as strong" in same.message) is (
        set(tie.answer()) != set(parse_card(c) for c in ["JH", "AH", "KH", "AS", "AC"])
    )
    short = tie.check("JH AH")
    assert not short and not short.answered and "five" in short.message


def test_exercises_show_a_plain_text_fallback_that_says_how_to_answer():
    question = WhichSuit("J♦", "♥")
    text = question.fallback_text()
    assert question.question in text and "run" in text.lower() and "WhichSuit(" not in text


@pytest.mark.parametrize(
    "make, name",
    [
        (lambda: Choice("Which?", {1: "one", 2: "two"}, right=1), "options"),
        (lambda: Choice("Which?", {}, right="a"), "options"),
        (lambda: Choice("Which?", ["a", "b"], right="a"), "options"),
        (lambda: Choice("Which?", {"a": 1, "b": "no"}, right="a"), "options"),
        (lambda: Choice(None, {"a": "yes", "b": "no"}, right="a"), "ask"),
        (lambda: Bid("a state", accept=("pass",), reason="r"), "state"),
        (lambda: Bid(deal_hand(CUTTHROAT, 0, seed=5), accept=("pass",), reason=None), "reason"),
        (lambda: WhichSuit("J♦", "♥", hints=[1]), "hints"),
        (lambda: WhichSuit("J♦", "♥", hints=("a" * 10,) * 10_000), "hints"),
        (lambda: WhichSuit("J♦", "♥", id=5), "id"),
        (lambda: Score(3, who=["makers"]), "who"),
    ],
)
def test_a_badly_written_exercise_is_refused_by_name(make, name):
    with pytest.raises(NotationError, match=name) as refused:
        make()
    assert len(str(refused.value)) < 300


def test_a_single_hint_or_accepted_bid_may_be_written_as_text():
    assert WhichSuit("J♦", "♥", hints="Both are red.").hint(1) == "Both are red."
    bid = Bid(deal_hand(CUTTHROAT, 0, seed=5), accept="pass", reason="Too weak.")
    assert bid.check("pass") and [str(a) for a in bid.accept] == ["pass"]


# -- issue 24, point 10: wrong types reach a sentence, never a TypeError ----------------------------


@pytest.mark.parametrize(
    "number", ["2", 1.5, None, True, 0, -1, [1]], ids=["text", "a float", "None", "True", "0", "-1", "a list"]
)
def test_hint_refuses_what_is_not_a_hint_number_in_a_sentence(number):
    from euchre_lesson.teach.course import exercises
    from euchre_lesson.teach.practice import Practice

    for hint in (exercises(1).q1.hint, Practice(1, progress=False).hint):
        with pytest.raises(NotationError, match=r"number must be the number of a hint: a whole number such as 1"):
            hint(number)
    last = exercises(1).q1.hint(len(exercises(1).q1.hints))
    assert exercises(1).q1.hint(99) == exercises(1).q1.hint(10**400) == last  # the last hint repeats


@pytest.mark.parametrize("lesson", [[1], 99, "1", 1.0, True, None, 10**400], ids=repr)
def test_exercises_of_no_lesson_say_which_lessons_have_them(lesson):
    from euchre_lesson.teach.course import exercises

    with pytest.raises(NotationError, match=r"the lessons with exercises are 0, 1, 2, .*12; write exercises\(1\)"):
        exercises(lesson)


def nested(depth: int):
    answer = "♥"
    for _ in range(depth):
        answer = [answer]
    return answer


DEEP = nested(100_000)


def every_exercise():
    from euchre_lesson.teach import progress
    from euchre_lesson.teach.course import exercises

    return [
        (f"{lesson} {name}", getattr(exercises(lesson), name))
        for lesson in progress.lessons()
        for name in progress.exercise_names(lesson)
    ]


@pytest.mark.parametrize("name, exercise", every_exercise(), ids=[n for n, _ in every_exercise()])
def test_a_deeply_nested_answer_is_a_prompt_not_a_recursion_error(name, exercise):
    verdict = exercise.check(DEEP)
    assert not verdict.answered and "lists inside lists" in verdict.message


def test_a_keep_answered_as_a_list_of_card_texts_is_judged_as_the_same_text_is():
    from euchre_lesson.teach.course import exercises

    keep = exercises(4).q1
    assert isinstance(keep, BestFive)
    stranger = ["9♠", "10♠", "Q♠", "J♠", "A♦"]  # not among the ten: the rules refuse it (T5)
    as_list, as_text = keep.check(stranger), keep.check(" ".join(stranger))
    assert as_list == as_text and as_list.answered and not as_list and "(T5)" in as_list.message
    assert "A♦ is not among your ten cards" in as_list.message
    right = [str(card) for card in keep.answer()]
    assert keep.check(right) == keep.check(" ".join(right)) and keep.check(right)
    assert keep.check(right[:3]) == keep.check(" ".join(right[:3])) and not keep.check(right[:3]).answered


def test_a_verdict_carries_the_answer_as_the_exercise_writes_it():
    question = WhichSuit("J♣", "♠")
    assert question.judge("spades").answer == question.judge("♠").answer == question.written(question.answer())
    assert question.judge("").answered is False and question.judge(None).answer == ""


def _railroad_call_for_best(seed: int = 0):
    """A Railroad hand played at random (seeded) until a lone maker calls for best (R3)."""
    import random

    from euchre_lesson.engine.hand import Phase
    from euchre_lesson.engine.rules import PRESETS

    rng = random.Random(seed)
    state = deal_hand(PRESETS["railroad"], 0, seed=seed)
    while state.phase is not Phase.EXCHANGE and not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
    assert state.phase is Phase.EXCHANGE, f"seed {seed} deals no call for best: choose another"
    return state


def test_a_bid_in_any_phase_names_the_rule_the_engine_gives_that_phase():
    """Issue 25, 4: the exercise asks the engine's table of phase rules (it had a copy without the exchange)."""
    from euchre_lesson.engine.hand import PHASE_RULES

    state = _railroad_call_for_best()
    bid = Bid(state, accept=(str(state.legal_actions()[0]),), reason="The lone maker asks for the best card.")
    assert bid.rules_exercised == (PHASE_RULES[state.phase],) == ("R3",)
