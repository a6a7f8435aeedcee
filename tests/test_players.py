"""Computer players see only their seat's view, choose legal actions, and explain themselves."""

import dataclasses
import os
import random
import subprocess
import sys

import pytest
from test_advice import ticking
from test_budget import paced  # noqa: F401 (a fixture)

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, Card, Phase, deal_hand, new_game, parse_action
from euchre_lesson.engine.view import View
from euchre_lesson.play import budget, solver
from euchre_lesson.play.players import ExpertPlayer, RandomPlayer, RuleOfThumbPlayer, play_game, play_out
from euchre_lesson.play.worlds import sample_world

GAMES = (CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD)
RULE_SETS = [dataclasses.replace(r, deck=d) for r in GAMES for d in (24, 32, 25)] + [
    dataclasses.replace(CUTTHROAT, call_for_best=True),
    dataclasses.replace(RAILROAD, partner_may_go_alone=False),
]


def cards_in(value) -> set[Card]:
    """Every card reachable from a view: fields, tuples, tricks, actions, and tokens said aloud."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, str):
        try:
            action = parse_action(value)
        except ValueError:
            return set()
        return cards_in((action.card, action.cards))
    if isinstance(value, View) or dataclasses.is_dataclass(value) and not isinstance(value, type):
        return set().union(*(cards_in(getattr(value, f.name)) for f in dataclasses.fields(value)))
    if isinstance(value, (tuple, list)):
        return set().union(set(), *(cards_in(v) for v in value))
    return set()


def said(choice) -> tuple:
    """A choice as (action, reason)."""
    return choice.action, choice.reason


def random_states(random_state, count: int, seed: int):
    """`count` hands, each 0 to 44 random steps in, cycling through the rule sets."""
    rng = random.Random(seed)
    for i in range(count):
        yield random_state(RULE_SETS[i % len(RULE_SETS)], rng, steps=range(0, 45))


@pytest.mark.slow
def test_a_view_holds_no_card_its_seat_may_not_see(random_state):
    for state in random_states(random_state, 1500, seed=1):
        for seat in range(state.players):
            view = state.view(seat)
            allowed = set(state.deal.hands[seat]) | set(state.hands[seat]) | {state.up_card}
            allowed |= {c for t in state.tricks for c in t.cards} | set(state.trick.cards if state.trick else ())
            if seat == state.dealer and state.discard:
                allowed.add(state.discard)
            took_dummy = state.phase in (Phase.DUMMY, Phase.EXCHANGE, Phase.PLAY, Phase.DONE)
            if seat == state.maker and state.rules.has_dummy and not state.lone_maker and took_dummy:
                allowed |= set(state.deal.dummy)
            for number, (giver, lone) in enumerate(state.exchanges[: len(state.given)]):  # R3
                allowed |= {state.given[number]} if seat in (giver, lone) else set()
                allowed |= set(state.laid_down[number : number + 1]) if seat == lone else set()
            leaked = cards_in(view) - allowed
            assert not leaked, f"seat {seat} can see {leaked} in {state.phase}"


def test_the_dummy_is_seen_only_by_the_maker_who_takes_it_and_the_discard_only_by_the_dealer():
    hand = deal_hand(CUTTHROAT, 2, seed=1)
    for token in ["order", "pickup 9C", "stay", "stay", "stay"]:
        hand = hand.apply(token) if token != "pickup 9C" else hand.apply(hand.legal_actions()[0])
    maker, dealer = hand.maker, hand.dealer
    assert hand.phase is Phase.DUMMY and hand.view(maker).dummy == hand.deal.dummy
    assert all(hand.view(s).dummy is None for s in range(3) if s != maker)
    assert hand.view(dealer).discard == hand.discard
    assert all(hand.view(s).discard is None for s in range(3) if s != dealer)
    assert (dealer, "pickup") in hand.view(maker).said  # the discard stays face down


@pytest.mark.parametrize("player", [RandomPlayer(3), RuleOfThumbPlayer()], ids=["random", "rule of thumb"])
def test_players_choose_only_legal_actions_and_say_why(player, random_state):
    for state in random_states(random_state, 600, seed=2):
        if state.is_over:
            continue
        view = state.view(state.to_act)
        action, reason = said(player.decide(view, random.Random(len(state.history))))
        assert action in state.legal_actions()
        assert reason.endswith(".") and len(reason) > 15


def test_a_player_decides_the_same_in_every_world_that_looks_the_same(random_state):
    """The rule-of-thumb player depends on the view alone: reshuffled hidden cards change nothing."""
    player, rng = RuleOfThumbPlayer(), random.Random(4)
    for state in random_states(random_state, 300, seed=3):
        if state.is_over:
            continue
        seat = state.to_act
        other = sample_world(state.view(seat), rng)
        assert player.choose(other.view(seat)) == player.choose(state.view(seat))


def test_rule_of_thumb_explains_the_bowers_and_partner():
    player = RuleOfThumbPlayer()
    hand = deal_hand(
        PARTNERSHIP,
        3,
        deal={
            "hands": [
                ["JH", "JD", "AH", "AC", "9S"],
                ["9C", "TC", "QC", "KC", "9D"],
                ["TD", "QD", "KD", "AD", "TS"],
                ["QS", "KS", "AS", "9H", "TH"],
            ],
            "kitty": ["QH", "JC", "JS", "KH"],
        },
    )
    chosen = player.decide(hand.view(0))
    assert chosen.action.kind == "order"
    assert "3 trumps" in chosen.reason and "2 bowers" in chosen.reason


def test_whole_games_with_computer_players_end_with_a_winner():
    for rules in GAMES:
        players = [RuleOfThumbPlayer() if s % 2 else RandomPlayer(s) for s in range(rules.players)]
        game = play_game(new_game(rules, seed=9), players)
        assert game.is_over and max(game.scores) >= rules.target


@pytest.mark.slow
def test_rule_of_thumb_beats_random_in_every_game():
    """A quick check; bench/tournament.py measures it with confidence intervals."""
    for rules in GAMES:
        wins = 0
        for g in range(60):
            smart = g % rules.players
            players = [
                RuleOfThumbPlayer()
                if (s - smart) % (2 if rules.players == 4 else rules.players) == 0
                else RandomPlayer(g * 7 + s)
                for s in range(rules.players)
            ]
            wins += smart in play_game(new_game(rules, seed=g), players).winning_seats
        assert wins >= 40, (rules.game, wins)


@pytest.mark.rule("R3")
def test_rule_of_thumb_gives_its_best_card_and_keeps_the_best_five_of_six_and_says_so():
    player = RuleOfThumbPlayer()
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
    given, why = said(player.decide(hand.view(0)))  # seat 0 holds no heart: its best card is the K♣
    assert str(given) == "give K♣" and "K♣" in why and "best card" in why
    hand = hand.apply(given)
    laid, why = said(player.decide(hand.view(2)))
    assert str(laid) == "discard K♣" and "received the K♣" in why and "every trump" in why
    hand = hand.apply(laid)
    given, why = said(player.decide(hand.view(1)))
    assert str(given) == "give A♣" and "A♣" in why


def test_rule_of_thumb_goes_alone_sooner_where_the_partner_s_best_card_comes_too():
    from euchre_lesson.play.rule_of_thumb import GO_ALONE_AT, alone_at

    assert alone_at(RAILROAD, GO_ALONE_AT) == GO_ALONE_AT - 1 and alone_at(PARTNERSHIP, GO_ALONE_AT) == GO_ALONE_AT


def test_play_out_finishes_a_hand():
    hand = play_out(deal_hand(PARTNERSHIP, 0, seed=5), [RuleOfThumbPlayer()] * 4)
    assert hand.is_over


@pytest.mark.parametrize("game", [PARTNERSHIP, CUTTHROAT], ids=["partnership", "cutthroat"])
def test_players_for_a_game_with_other_seats_are_refused_naming_both_arguments(game):
    """Three players fit Cutthroat, not a partnership game: the message says which argument has the seats."""
    wrong = [RuleOfThumbPlayer()] * (5 - game.players)
    with pytest.raises(
        ValueError,
        match=rf"players must be a list of {game.players} players, one per seat of game "
        rf"\(a {game.game} game\)",
    ):
        play_game(new_game(game, seed=1), wrong)
    with pytest.raises(ValueError, match=rf"one per seat of state \(a {game.game} hand\)"):
        play_out(deal_hand(game, 0, seed=5), wrong)


@pytest.mark.slow
def test_sampled_worlds_agree_with_the_view_they_came_from(random_state):
    """Same own cards, phase, tricks and legal actions; every shown void respected (C12)."""
    from euchre_lesson.engine.ranking import effective_suit
    from euchre_lesson.play.worlds import voids

    rng = random.Random(6)
    checked = 0
    for state in random_states(random_state, 1500, seed=7):
        if state.is_over:
            continue
        seat = state.to_act if rng.random() < 0.7 else rng.randrange(state.players)
        view = state.view(seat)
        world = sample_world(view, rng)
        seen = world.view(seat)
        assert sorted(map(str, seen.hand)) == sorted(map(str, view.hand))
        assert (seen.phase, seen.to_act, seen.trump, seen.tricks) == (view.phase, view.to_act, view.trump, view.tricks)
        assert set(seen.legal) == set(view.legal)
        if view.phase is Phase.PLAY:
            for other, suits in voids(view).items():
                if other in state.sitting_out:
                    continue  # their cards lie face down and never play
                assert len(world.hands[other]) == len(state.hands[other])
                held = set(world.hands[other]) if other != seat else set()
                assert not any(effective_suit(c, view.trump) in suits for c in held)
        checked += 1
    assert checked > 500


# -- the expert's budget of time ----------------------------------------------------------------------------


def deciding_views(random_state, count: int, seed: int):
    """Views of the seat to act wherever it has a choice, in `count` random hands (bidding and play)."""
    return [
        s.view(s.to_act)
        for s in random_states(random_state, count, seed)
        if not s.is_over and len(s.legal_actions()) > 1
    ]


def test_the_expert_decides_as_before_when_its_time_is_not_used_up(random_state):
    timed, free = ExpertPlayer(5, worlds=16, seconds=0.4, clock=ticking(0.0)), ExpertPlayer(5, worlds=16, seconds=None)
    views = deciding_views(random_state, 60, seed=8)
    assert {v.phase for v in views} > {Phase.PLAY, Phase.ROUND_ONE}
    timed_dice, free_dice = random.Random(5), random.Random(5)
    for view in views:
        assert timed.decide(view, timed_dice) == free.decide(view, free_dice)


def test_the_experts_clock_stops_its_sampling(random_state, paced):
    """On a clock where a world takes a second, a budget of 6.5 s is six worlds (the seventh would end late)."""
    capped, six = ExpertPlayer(5, worlds=32, seconds=6.5, clock=paced), ExpertPlayer(5, worlds=6, seconds=None)
    dice = random.Random(5)
    for view in deciding_views(random_state, 60, seed=9):
        before, rolled = len(paced.started), dice.getstate()
        chosen = capped.decide(view, dice)
        assert chosen.action in view.legal and len(paced.started) - before == 6
        if view.phase is Phase.PLAY:  # six worlds, as an expert of six worlds samples them
            same = random.Random()
            same.setstate(rolled)
            assert chosen == six.decide(view, same)


def test_the_expert_has_a_time_budget_by_default_and_a_smaller_one_without_the_c_core():
    assert budget.decision_seconds(compiled=True, platform="linux") == 0.4
    assert budget.decision_seconds(compiled=False, platform="linux") == 0.2  # pure Python
    assert budget.decision_seconds(compiled=True, platform="emscripten") == 0.2  # the browser
    assert ExpertPlayer(1).seconds == budget.DECISION_SECONDS == budget.decision_seconds(solver.COMPILED, sys.platform)
    code = "from euchre_lesson import ExpertPlayer; print(ExpertPlayer(1).seconds)"
    pure = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "EUCHRE_PURE_PYTHON": "1"},
    )
    assert pure.stdout.split() == ["0.2"]


# -- stateless players: a choice is its action and its reason, from the dice handed in --------------------------


@pytest.mark.parametrize(
    "player",
    [RandomPlayer(3), RuleOfThumbPlayer(), ExpertPlayer(3, worlds=4, seconds=None)],
    ids=["random", "rule of thumb", "expert"],
)
def test_a_player_holds_no_state_and_the_same_dice_give_the_same_choice_and_reason(player, random_state):
    """Nothing a player holds changes as it decides, so a choice made elsewhere (a worker process) needs nothing
    sent back; its reason comes with it, never asked for afterwards."""
    from euchre_lesson.play.choice import Choice

    held = dict(vars(player))
    for state in random_states(random_state, 40, seed=11):
        if state.is_over:
            continue
        view = state.view(state.to_act)
        first, again = player.decide(view, random.Random(7)), player.decide(view, random.Random(7))
        assert isinstance(first, Choice) and first == again and first.action in view.legal and first.reason
        assert vars(player) == held, "deciding changed the player"
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.reason = "changed"
    assert not hasattr(player, "explain") and not hasattr(player, "reason")


def test_a_seeded_player_without_dice_decides_from_its_seed_and_play_game_rolls_each_seat_s_dice_on():
    game = new_game(CUTTHROAT, seed=3)
    view = game.view(game.to_act)
    assert RandomPlayer(4).decide(view) == RandomPlayer(4).decide(view) == RandomPlayer().decide(view, random.Random(4))
    first = play_game(new_game(CUTTHROAT, seed=9), [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)])
    assert (
        first.record()
        == play_game(new_game(CUTTHROAT, seed=9), [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]).record()
    )
