"""Advice: every option ranked with its value, uncertainty and reason; grades name the better move."""

import random
import re

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, Phase, deal_hand, new_game, solve
from euchre_lesson.engine.actions import parse_action
from euchre_lesson.engine.cards import deck, parse_card, parse_cards
from euchre_lesson.engine.hand import Deal
from euchre_lesson.play import advice, budget, session
from euchre_lesson.play.advice import advise, exact_points, grade
from euchre_lesson.play.players import ExpertPlayer, RuleOfThumbPlayer

# Partnership, dealer 3; seat 0 will hold both bowers and the ace of hearts after this bidding.
STRONG = {
    "hands": [
        ["JH", "JD", "AH", "KH", "AC"],
        ["9C", "TC", "QC", "KC", "9D"],
        ["TD", "QD", "KD", "AD", "TS"],
        ["QS", "KS", "AS", "9H", "TH"],
    ],
    "kitty": ["QH", "JC", "JS", "9S"],
}


def first_lead(rules, seed):
    """A seeded hand bid by rule-of-thumb players, at its first lead."""
    player = RuleOfThumbPlayer()
    while True:
        hand = deal_hand(rules, seed % rules.players, seed=seed)
        while not hand.is_over and hand.phase is not Phase.PLAY:
            hand = hand.apply(player.choose(hand.view(hand.to_act)))
        if not hand.is_over:
            return hand
        seed += 1000


@pytest.mark.parametrize("rules", [CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD], ids=lambda rules: rules.game)
def test_play_advice_ranks_every_legal_card_with_a_reason(rules):
    hand = first_lead(rules, 3)
    options = advise(hand, worlds=40)
    assert {o.action for o in options} == set(hand.legal_actions())
    assert [o.value for o in options] == sorted((o.value for o in options), reverse=True)
    for option in options:
        assert option.unit == "tricks" and 0 <= option.value <= 5 and option.error >= 0
        assert str(option.action.card) in option.reason


def test_a_seat_holding_every_winner_is_told_it_takes_every_trick():
    hand = deal_hand(PARTNERSHIP, 3, deal=STRONG)
    for token in ["order", "pickup 9H", "alone", "stay", "stay"]:  # seat 0 alone, hearts trump
        hand = hand.apply(token)
    assert hand.phase is Phase.PLAY and hand.to_act == 1  # C11: the lone maker's left leads
    for token in ["play 9D", "play QS", "play JH"]:  # seat 0 trumps the lead and leads next
        hand = hand.apply(token)
    options = {str(o.action): (o.value, o.error) for o in advise(hand, worlds=30)}
    # J♦ A♥ K♥ are the top trumps left and draw the rest; then the A♣ is the best club.
    assert options["play J♦"] == (4, 0) and options["play A♥"] == (4, 0)
    assert options["play A♣"][0] < 4  # leading the club before drawing trumps can be ruffed


def test_among_cards_exact_play_values_alike_the_careful_one_comes_first():
    # The careful card (the rule of thumb's) heads the ties, though the hand lists others before it.
    player, heads, moved = RuleOfThumbPlayer(), 0, 0
    for seed in range(6):
        hand = first_lead(CUTTHROAT, seed)
        while not hand.is_over:
            view = hand.view(hand.to_act)
            careful = player.choose(view)
            options = advise(hand, worlds=20, seed=seed)
            tied = [o.action for o in options if o.value == options[0].value]
            if len(tied) > 1 and careful in tied:
                assert options[0].action == careful
                heads += 1
                moved += careful != view.legal[0]
            hand = hand.apply(careful)
    assert heads >= 5 and moved >= 1


def test_bidding_advice_is_in_points_and_covers_every_bid():
    hand = deal_hand(PARTNERSHIP, 3, deal=STRONG)
    options = advise(hand, worlds=40)
    assert {str(o.action) for o in options} == {"pass", "order"}
    assert all(o.unit == "points" for o in options)
    assert options[0].action.kind == "order"  # both bowers and the ace: order it up


def test_grade_calls_the_best_move_best_and_names_the_better_one_otherwise():
    hand = deal_hand(PARTNERSHIP, 3, deal=STRONG)
    assert grade(hand, "order", worlds=40).verdict == "Best"
    verdict = grade(hand, "pass", worlds=40)
    assert verdict.verdict in ("Inaccuracy", "Mistake", "Blunder") and str(verdict.best) == "order"
    assert "Order up the Q♥ rather than pass" in verdict.explanation and "Better: Order up the Q♥" in verdict.better


def test_advice_for_a_seat_with_nothing_to_decide_is_a_clear_error():
    hand = deal_hand(CUTTHROAT, 0, seed=1)
    with pytest.raises(ValueError, match="no decision"):
        advise(hand, seat=(hand.to_act + 1) % 3)


def test_the_expert_plays_whole_hands_legally_and_explains():
    rng = random.Random(2)
    for rules in (CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD):
        expert = ExpertPlayer(seed=1, worlds=8)
        hand = deal_hand(rules, rng.randrange(rules.players), seed=rng.randrange(2**32))
        while not hand.is_over:
            action, reason = (lambda chosen: (chosen.action, chosen.reason))(expert.decide(hand.view(hand.to_act), rng))
            assert action in hand.legal_actions()
            assert reason.endswith(".")
            hand = hand.apply(action)


def perfect_play_out(state):
    """The hand played to its end, every seat choosing, by the solver, a card best for its side."""
    while not state.is_over:
        values = solve(state)
        state = state.apply(max(values, key=values.get))
    return state


def tricks_into_a_random_hand(random_state, rules, seed: int, tricks: int):
    """A hand bid and played at random until `tricks` tricks are done, then part-way into the next."""
    rng = random.Random(seed)
    hand = random_state(rules, rng, until=lambda hand: hand.phase is Phase.PLAY and len(hand.tricks) >= tricks)
    return hand if hand.is_over else random_state(hand, rng, steps=range(len(hand.active_seats)))


@pytest.mark.parametrize("rules", [CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD], ids=lambda rules: rules.game)
def test_exact_points_two_and_three_tricks_in_are_those_of_a_perfect_play_out(rules, random_state):
    compared = makers_have_tricks = 0
    for seed in range(80):
        hand = tricks_into_a_random_hand(random_state, rules, seed, 2 + seed % 2)
        if hand.is_over:
            continue  # thrown in
        assert len(hand.tricks) == 2 + seed % 2
        assert exact_points(hand) == perfect_play_out(hand).points, hand.to_json()
        compared += 1
        makers_have_tricks += hand.maker_tricks > 0
    assert compared >= 60 and makers_have_tricks >= 30


# -- a budget of time: the computer's work is capped by a clock read between worlds and within them ------------


def ticking(step: float = 1.0):
    """A fake clock: 0 at its first reading, then `step` seconds later at each; `clock.readings` counts them."""

    def clock():
        clock.readings += 1
        return (clock.readings - 1) * step

    clock.readings = 0
    return clock


def never():
    raise AssertionError("the clock was read, with no time limit set")


def worlds_in(reason: str) -> int:
    """How many deals an option's reason says it rests on."""
    return int(re.search(r"over (\d+) (?:deals?|simulated hands?) that fits? what you have seen", reason).group(1))


# Decisions cut short by their clock, and a clock already past: tests/test_budget.py.


def test_a_budget_that_is_not_used_up_changes_no_advice_and_no_grade():
    for hand in (first_lead(CUTTHROAT, 3), deal_hand(PARTNERSHIP, 3, deal=STRONG)):
        clock, last = ticking(0.0), hand.legal_actions()[-1]
        assert advise(hand, worlds=40, seed=2, seconds=0.4, clock=clock) == advise(hand, worlds=40, seed=2)
        assert clock.readings > 40  # the clock was read, between worlds and within them
        assert grade(hand, last, worlds=40, seconds=0.4, clock=ticking(0.0)) == grade(hand, last, worlds=40)
    assert advise(hand, worlds=8, clock=never) == advise(hand, worlds=8)  # no limit: the clock is never read


@pytest.mark.parametrize(
    "seconds", [-1, float("nan"), float("inf"), pytest.param(10**400, id="10**400"), 3601, True, "0.4", [0.4]]
)
def test_a_bad_time_budget_is_refused_by_name(seconds):
    hand = deal_hand(PARTNERSHIP, 3, deal=STRONG)
    for call in (
        lambda: advise(hand, seconds=seconds),
        lambda: grade(hand, "order", seconds=seconds),
        lambda: ExpertPlayer(1, seconds=seconds),
    ):
        with pytest.raises(ValueError, match="^seconds must be a number of seconds from 0"):
            call()


def test_a_bad_clock_is_refused_by_name():
    hand = deal_hand(PARTNERSHIP, 3, deal=STRONG)
    with pytest.raises(ValueError, match="^clock must be a function"):
        advise(hand, seconds=0.4, clock="now")
    with pytest.raises(ValueError, match="^clock must be a function"):
        ExpertPlayer(1, clock=3)
    with pytest.raises(ValueError, match=r"^clock\(\) must give a number of seconds.*'soon'"):
        advise(hand, seconds=0.4, clock=lambda: "soon")
    for reads in (None, float("nan"), float("inf"), 10**400):
        expert, view = ExpertPlayer(1, seconds=0.4, clock=lambda: reads), hand.view(hand.to_act)  # noqa: B023 (called within this iteration)
        with pytest.raises(ValueError, match=r"^clock\(\) must give"):
            expert.choose(view)


def test_the_table_caps_its_hint_and_its_grades_by_time(monkeypatch):
    said = {}

    def spy(name, real):
        def called(*args, **kwargs):
            said[name] = kwargs
            return real(*args, **kwargs)

        return called

    from euchre_lesson.play import table_model  # the one table model both tables are fronts of

    monkeypatch.setattr(table_model, "advise", spy("hint", table_model.advise))
    monkeypatch.setattr(table_model, "grade_all", spy("grade", table_model.grade_all))
    table = session.TableSession(new_game(CUTTHROAT, seed=7), 0, "expert")
    assert table.hint().told is session.Told.HINT and said["hint"]["seconds"] == budget.DECISION_SECONDS
    while not table.hand.is_over:
        table.act(RuleOfThumbPlayer().choose(table.view))
    assert table.grade().told is session.Told.GRADED and said["grade"]["seconds"] == session.GRADE_SECONDS
    assert all(p.seconds == budget.DECISION_SECONDS for p in table.players.values())


@pytest.mark.rule("R3")
def test_advice_and_grades_for_a_call_for_best_are_in_points_for_each_card():
    hand = deal_hand(
        RAILROAD,
        1,
        deal={
            "hands": [
                ["9C", "TC", "JC", "QC", "KC"],
                ["9D", "TD", "QD", "KD", "AC"],
                ["AH", "KH", "QH", "TH", "9H"],
                ["JK", "JH", "JD", "AD", "AS"],
            ],
            "kitty": ["9S", "TS", "JS", "QS", "KS"],
        },
    )
    for token in ("pass", "pass", "pass", "pass", "call H", "alone", "alone"):
        hand = hand.apply(token)
    giving = advise(hand, worlds=12)
    assert {o.action for o in giving} == set(hand.legal_actions()) and {o.unit for o in giving} == {"points"}
    hand = hand.apply("give KC")
    discarding = advise(hand, worlds=12)
    assert {str(o.action) for o in discarding} == {f"discard {c}" for c in hand.hands[2]}
    verdict = grade(hand, "discard KC", worlds=12)
    assert verdict.unit == "points" and verdict.verdict in ("Best", "Good", "Inaccuracy", "Mistake", "Blunder")


def test_two_handed_bidding_advice_covers_both_bids():
    hand = deal_hand(TWO_HANDED, 1, seed=5)
    options = advise(hand, worlds=12)
    assert {o.action for o in options} == set(hand.legal_actions()) and options[0].unit == "points"


def test_a_grade_of_an_action_not_legal_there_is_refused_with_the_rule():
    """A pass graded in trick play went on to value it 'alone', as an unlisted keep, and raised TypeError."""
    from euchre_lesson import IllegalAction

    state = deal_hand(CUTTHROAT, 0, seed=1)
    while state.phase is not Phase.PLAY:
        state = state.apply(state.legal_actions()[-1])
    with pytest.raises(IllegalAction, match="not possible") as refused:
        grade(state, "pass", worlds=2, seed=0)
    assert refused.value.rule == "C13"


def test_a_keep_outside_the_short_list_is_graded_on_worlds_of_its_own():
    """A keep the simulated short list left out is valued on deals of its own, and graded like any other."""
    state = deal_hand(CUTTHROAT, 0, seed=3)
    while state.phase is not Phase.DUMMY and not state.is_over:  # the first to speak orders up and stays
        legal = state.legal_actions()
        state = state.apply(next((a for a in legal if a.kind in ("order", "stay")), legal[0]))
    assert state.phase is Phase.DUMMY
    keeps = state.legal_actions()
    listed = {o.action for o in advise(state, worlds=4, seed=0)}
    unlisted = next(a for a in reversed(keeps) if a not in listed)
    verdict = grade(state, unlisted, worlds=4, seed=0)
    assert verdict.verdict in {"Best", "Good", "Inaccuracy", "Mistake", "Blunder"}


# -- a bid to make trump must beat passing by a margin (issue 37, 8) ------------------------------------------


def first_bid(seed: int):
    """The first seat's view in a partnership deal with the dealer at seat 3."""
    hand = deal_hand(PARTNERSHIP, dealer=3, seed=seed)
    return hand.view(hand.to_act)


def test_a_bid_to_make_trump_is_valued_the_making_discount_below_its_simulated_worth(monkeypatch):
    view = first_bid(22)
    discounted = {o.action: o.value for o in advice.bid_options(view, random.Random(0), 32)}
    monkeypatch.setitem(advice.MAKING_DISCOUNT, "partnership", 0.0)
    simulated = {o.action: o.value for o in advice.bid_options(view, random.Random(0), 32)}
    order, pass_ = parse_action("order"), parse_action("pass")
    assert discounted[order] == pytest.approx(simulated[order] - 0.4)
    assert discounted[pass_] == simulated[pass_]  # a pass keeps its worth


def test_only_the_words_that_make_trump_are_discounted_and_only_in_the_game_measured():
    made = [parse_action(a) for a in ("order", "call ♠", "pickup 9♣")]
    others = [parse_action(a) for a in ("pass", "decline", "alone", "stay", "play 9♣")]
    assert [advice.making_discount(a, PARTNERSHIP) for a in made] == [0.4] * 3
    assert [advice.making_discount(a, PARTNERSHIP) for a in others] == [0.0] * 5
    assert [advice.making_discount(a, rules) for a in made for rules in (CUTTHROAT, TWO_HANDED, RAILROAD)] == [0.0] * 9


@pytest.mark.parametrize("seed", [10, 22])
def test_the_expert_passes_a_hand_whose_order_only_looks_good_with_every_card_open(seed, monkeypatch):
    # Seed 22: J♠ K♠ 10♣ K♦ 10♥, the 10♠ turned to the other side's dealer; seed 10: A♥ K♥ and three
    # off-suit cards, the Q♥ turned. Weighed with every card open, ordering up looks a little better than passing.
    view = first_bid(seed)
    expert = ExpertPlayer(0, worlds=32, seconds=None)
    assert str(expert.decide(view).action) == "pass"
    assert str(advise(view, worlds=128)[0].action) == "pass"  # the hint says so too
    monkeypatch.setitem(advice.MAKING_DISCOUNT, "partnership", 0.0)
    assert str(expert.decide(view).action) == "order"  # without the discount, the open cards' order


def first_bid_holding(cards: str, up: str):
    """The first seat's view holding `cards`, `up` turned up by the dealer at seat 3, the rest dealt in order."""
    mine, up_card = parse_cards(cards), parse_card(up)
    rest = [c for c in deck(24) if c not in mine and c != up_card]
    hands = (tuple(mine), tuple(rest[:5]), tuple(rest[5:10]), tuple(rest[10:15]))
    hand = deal_hand(PARTNERSHIP, dealer=3, deal=Deal(hands, None, (up_card, *rest[15:])))
    return hand.view(hand.to_act)


def test_a_clear_pass_is_passed_and_a_clear_order_is_ordered():
    expert = ExpertPlayer(0, worlds=32, seconds=None)
    assert str(expert.decide(first_bid_holding("9♣ 10♣ Q♦ 9♠ 10♠", "A♥")).action) == "pass"
    assert str(expert.decide(first_bid_holding("J♥ J♦ A♥ K♥ A♠", "9♥")).action) == "order"
