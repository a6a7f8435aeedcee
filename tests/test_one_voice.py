"""One voice of advice: the hint and the grade of a decision rank by the expert's measure, in the table's words."""

import random
import re

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, Phase, deal_hand, new_game
from euchre_lesson.engine.actions import Verb
from euchre_lesson.engine.rules import with_switches
from euchre_lesson.play import (
    advice,
    session,
    table_model,  # the table model both tables are fronts of
)
from euchre_lesson.play.advice import advise, options_for
from euchre_lesson.play.rule_of_thumb import RuleOfThumbPlayer
from euchre_lesson.play.solver import COMPILED
from euchre_lesson.widgets.bidding import BiddingTrainer
from euchre_lesson.widgets.table import Table

GAMES = [CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD]
BAD_GRADES = ("Mistake", "Blunder")
# What learners must never read: statistics notation, and the engine's tokens for actions (the table says
# "take the up-card", "leave it", "call hearts", "play the A♣").
NOT_FOR_LEARNERS = [
    r"±",
    r"95%",
    r"margin",
    r"\bpickup\b",
    r"\bdecline\b",
    r"\border\b(?! up)",
    r"\b(?:play|give|discard|call) (?:10|[2-9JQKA])?[♠♥♦♣]",
    r"\bnot valued\b",
]


def plain(words: str) -> list[str]:
    """The patterns of NOT_FOR_LEARNERS these words contain."""
    return [pattern for pattern in NOT_FOR_LEARNERS if re.search(pattern, words)]


def hinted_and_graded(rules, wanted: int, forget_hints: bool = False):
    """Seeded games against rule-of-thumb players in which seat 0 follows every hint; for each hinted decision,
    (the hint's news, the grade of the move hinted) until `wanted` are graded. With `forget_hints` the session
    forgets the hints before grading, so the grade evaluates each decision afresh."""
    pairs, seed = [], 0
    while len(pairs) < wanted:
        table = session.TableSession(new_game(rules, seed=seed), 0, "rule of thumb")
        hints = {}
        while len(pairs) < wanted:
            if table.my_turn:
                legal = table.view.legal
                if len(legal) > 1:
                    hints[(table.shown, len(table.hand.history))] = news = table.hint()
                    table.act(news.action)
                else:
                    table.act(legal[0])
            elif table.hand.is_over:
                if forget_hints:
                    table.advised.clear()
                table.grade()
                for decision in table.graded.decisions:
                    if decision.grade is not None:
                        pairs.append((hints[(table.shown, len(decision.state.history))], decision))
                if table.game.is_over:
                    break
                table.next_hand()
        seed += 1
    return pairs


@pytest.fixture
def few_worlds(monkeypatch):
    """Few worlds and the compiled solver keep hundreds of decisions to seconds."""
    assert COMPILED, "the compiled solver is needed to keep this test fast"
    monkeypatch.setattr(table_model, "ADVICE_WORLDS", 8)


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: rules.game)
def test_a_move_the_hint_recommended_is_never_graded_a_mistake(rules, few_worlds, monkeypatch):
    # No clock on the hint: on a busy machine a hint cut short by its time says it had none to weigh, is not kept,
    # and the grade then weighs the decision afresh (a CI run met that once); the clock's own case is not this one.
    monkeypatch.setattr(table_model, "HINT_SECONDS", None)
    pairs = hinted_and_graded(rules, 200)
    assert len(pairs) >= 200
    for hint, decision in pairs:
        assert decision.action == hint.action
        assert decision.grade.verdict not in BAD_GRADES, (rules.game, decision.grade)
        assert decision.grade.best == hint.action  # the grade's best is the hint: one voice


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: rules.game)
def test_a_grade_that_evaluates_afresh_still_agrees_with_the_hint(rules, few_worlds, monkeypatch):
    # The same view, the same seeded worlds and as many of them: without a clock cutting either short, the
    # grade's own evaluation is the hint's.
    monkeypatch.setattr(table_model, "HINT_SECONDS", None)
    monkeypatch.setattr(table_model, "GRADE_SECONDS", None)
    for hint, decision in hinted_and_graded(rules, 40, forget_hints=True):
        assert decision.grade.verdict == "Best" and decision.grade.best == hint.action, (rules.game, decision.grade)


def test_in_cutthroat_hint_and_grade_rank_by_the_chance_of_winning_the_game_as_the_expert_does(few_worlds):
    table = session.TableSession(new_game(CUTTHROAT, seed=3), 0, "rule of thumb")
    assert table.my_turn and table.hand.phase is not Phase.PLAY  # seed 3: seat 0 may defend alone
    view = table.game.view(0)
    expert = options_for(view, random.Random(len(table.hand.history)), session.ADVICE_WORLDS)
    hint = table.hint()
    assert expert[0].unit == "chance of winning" and hint.action == expert[0].action
    assert "chance of winning the game" in hint.reason and "points" not in hint.reason
    assert re.search(r"\d+%", hint.reason)
    while not table.hand.is_over:
        table.act(RuleOfThumbPlayer().choose(table.view))
    table.grade()
    units = {d.grade.unit for d in table.graded.decisions if d.grade is not None and d.state.phase is not Phase.PLAY}
    assert units == {"chance of winning"}


def test_advice_takes_a_game_a_hand_or_a_view():
    game = new_game(CUTTHROAT, seed=3)
    by_game = advise(game, worlds=8, seed=1)
    assert by_game == advise(game.view(game.to_act), worlds=8, seed=1)
    assert by_game[0].unit == "chance of winning"
    assert advise(game.hand, worlds=8, seed=1)[0].unit == "points"  # a hand alone has no scores to weigh


def test_options_too_close_to_tell_apart_are_a_close_call_without_a_figure():
    strong = {
        "hands": [
            ["JH", "JD", "AH", "KH", "AC"],
            ["9C", "TC", "QC", "KC", "9D"],
            ["TD", "QD", "KD", "AD", "TS"],
            ["QS", "KS", "AS", "9H", "TH"],
        ],
        "kitty": ["QH", "JC", "JS", "9S"],
    }
    hand = deal_hand(PARTNERSHIP, 3, deal=strong)
    for token in ["order", "pickup 9H", "alone", "stay", "stay", "play 9D", "play QS", "play JH"]:
        hand = hand.apply(token)
    options = advise(hand, worlds=30)  # the J♦ and the A♥ each take all four tricks left
    assert options[1].close and not options[-1].close
    assert "close call" in options[0].reason and not plain(options[0].reason)


def test_the_table_s_hints_and_grades_and_the_trainer_speak_plainly(few_worlds):
    words = []
    for rules in GAMES:
        for hint, decision in hinted_and_graded(rules, 30):
            words.append(f"{hint.reason} {decision.grade.explanation}")
    table = Table(CUTTHROAT, seed=5)
    table.hint()
    words.append(table.note.value)
    while not table.hand.is_over:
        table.act(RuleOfThumbPlayer().choose(table.view))
    table.grade()
    words.append(table.grades.value)
    for rules in GAMES:
        trainer = BiddingTrainer(rules, seed=2, worlds=8)
        trainer.choose(trainer.state.legal_actions()[-1])
        words += [trainer.advice.value, trainer.note.value]
    assert not [(plain(text), text) for text in words if plain(text)]


def test_a_grade_says_what_was_lost_in_words():
    hand = deal_hand(CUTTHROAT, 0, seed=1)
    game = new_game(CUTTHROAT, seed=1)
    for table in (game, hand):
        graded = advice.grade(table, hand.legal_actions()[-1], worlds=8)
        assert not plain(graded.explanation) and not plain(graded.better)


# -- one home for each fact: the scoring table, the order's name, the verbs chosen by card ----------------------


def maker_deciding_alone(rules):
    """A seeded Cutthroat hand bid by rule-of-thumb players, at the maker's choice to go alone or take the dummy."""
    player = RuleOfThumbPlayer()
    for seed in range(200):
        hand = deal_hand(rules, seed % 3, seed=seed)
        while not hand.is_over and hand.phase is not Phase.GOING_ALONE:
            hand = hand.apply(player.choose(hand.view(hand.to_act)))
        if not hand.is_over and hand.to_act == hand.maker:
            return hand
    raise AssertionError("no seed reached a maker's choice to go alone")


@pytest.mark.parametrize("march", [2, 3])
def test_the_rule_of_thumb_s_reason_for_taking_the_dummy_reads_the_scoring_table(march):
    rules = with_switches(CUTTHROAT, {"lone_maker_march_points": march})
    hand = maker_deciding_alone(rules)
    player = RuleOfThumbPlayer()
    chosen = player.decide(hand.view(hand.maker))
    assert str(chosen.action) == "stay"
    reason = chosen.reason
    assert re.search(rf"lone march scores (?:only )?{march}\b", reason) and "(T7)" in reason, reason


def test_a_lone_march_worth_more_than_the_dummy_s_is_weighed_by_the_count():
    rules = with_switches(CUTTHROAT, {"lone_maker_march_points": 4})
    hand = maker_deciding_alone(rules)
    player = RuleOfThumbPlayer()
    reason = player.decide(hand.view(hand.maker)).reason
    assert "count" in reason or "top trump" in reason


def test_the_dealer_s_partner_assists_by_the_order_s_name():
    player = RuleOfThumbPlayer()
    for seed in range(40):
        hand = deal_hand(PARTNERSHIP, 0, seed=seed)
        hand = hand.apply("pass")  # seat 1
        view = hand.view(2)  # the dealer's partner
        reason = player.decide(view).reason
        assert "needed to assist" in reason
        assert "needed to order it up" not in reason


def test_the_table_s_card_chosen_verbs_are_the_session_s():
    from euchre_lesson.widgets import table

    assert table.CARD_CHOSEN is session.CHOSEN_BY_CARD
    assert {verb for verb in Verb if verb.carries in ("card", "cards")} == session.CHOSEN_BY_CARD
