"""Issue 37, point 7: a beginner computer below the rule of thumb, legal at every step of every game, making the
mistakes of its table now and then and saying so, seeded like the others, and choosable wherever a level is."""

import dataclasses
import random
from collections import Counter

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, Phase, new_game
from euchre_lesson.engine.view import acting_seat
from euchre_lesson.play import beginner
from euchre_lesson.play.beginner import MISTAKES, BeginnerPlayer
from euchre_lesson.play.players import RandomPlayer, RuleOfThumbPlayer, play_game
from euchre_lesson.play.table_model import LEVELS, level_of

GAMES = (CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD)
# Every game, and the house rules that open the steps a preset leaves shut (stick the dealer, the 32-card deck, a
# partner's best card, the dealer who must take the up-card).
RULE_SETS = [
    *GAMES,
    dataclasses.replace(CUTTHROAT, stick_the_dealer=True, deck=32),
    dataclasses.replace(PARTNERSHIP, call_for_best=True, dealer_must_pick_up=True, deck=25),
    dataclasses.replace(TWO_HANDED, may_name_turned_suit=True, deck=25),
]
GAMES_EACH = 25  # whole games of each rule set, a beginner in every seat but one


def played(rules, seed: int):
    """A whole game with beginners at every seat but the last (a rule of thumb there): each beginner's choice by
    step, and the reasons it gave. The engine applies every action, so an illegal one would raise."""
    players = [BeginnerPlayer(seed * 10 + s) for s in range(rules.players - 1)] + [RuleOfThumbPlayer()]
    dice = [random.Random(seed * 10 + s) for s in range(rules.players)]
    game, steps, reasons = new_game(rules, seed=seed), Counter(), []
    while not game.is_over:
        seat = acting_seat(game.hand)
        view = game.view(seat)
        choice = players[seat].decide(view, dice[seat])
        if seat < rules.players - 1:
            steps[game.hand.phase] += 1
            reasons.append(choice.reason)
            assert choice.action in view.legal, (rules.game, seed, choice)
        game = game.apply(choice.action)
    return game, steps, reasons


@pytest.fixture(scope="module")
def games_played():
    return {
        (rules.game, rules.deck, n): played(rules, 1000 * i + n)
        for i, rules in enumerate(RULE_SETS)
        for n in range(GAMES_EACH)
    }


@pytest.mark.slow
def test_the_beginner_plays_every_step_of_every_game_and_the_engine_accepts_each_action(games_played):
    steps = Counter()
    for (game, _, _), (finished, seen, _) in games_played.items():
        assert finished.is_over and finished.winning_seats, game
        steps.update({(game, phase): n for phase, n in seen.items()})
    every = {Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.PICKUP, Phase.PLAY}
    for game in ("cutthroat", "partnership", "twohand", "railroad"):
        assert every <= {phase for g, phase in steps if g == game}, game
    assert ("cutthroat", Phase.DUMMY) in steps  # the dummy's keep step
    assert {("partnership", Phase.GOING_ALONE), ("railroad", Phase.GOING_ALONE)} <= set(steps)
    assert {("railroad", Phase.EXCHANGE), ("railroad", Phase.JOKER_CALL)} <= set(steps)  # a partner's best card


@pytest.mark.slow
def test_the_beginner_makes_each_mistake_of_its_table_and_says_so_in_plain_words(games_played):
    reasons = [reason for _, _, said in games_played.values() for reason in said]
    made = [r for r in reasons if "A beginner's mistake" in r]
    assert all(r.endswith((".", ".)")) and len(r) > 20 for r in reasons)
    assert 0.03 < len(made) / len(reasons) < 0.4, f"{len(made)} mistakes in {len(reasons)} choices"
    # Each mistake's own words, from its first few: every one of the table is made somewhere.
    openings = {
        "orders up with only two trumps": "I have two trumps",
        "forgets that the left bower is a trump": "is the left bower",
        "passes a hand just good enough to make trump": "I am not sure my hand",
        "discards its lowest card, even a trump": "discard my lowest card",
        "keeps the dummy's high cards rather than its trumps": "I keep my five highest",
        "wins a trick its partner was already winning": "to win this trick myself",
        "forgets to lead trump after making it": "my best card that is not a trump",
        "keeps its off-suit aces for later": "for later and lead",
        "throws a high card into a trick it cannot win": "though it cannot beat",
    }
    assert set(openings) == {m.what for m in MISTAKES}
    for what, words in openings.items():
        assert any(words in r for r in made), f"never made: {what}"
    assert not any(word in r for r in reasons for word in ("engine", "simulat", "Decision", "the sources"))


def test_a_mistake_is_made_only_as_often_as_its_table_says():
    """A mistake that is never made (often 0) leaves the rule of thumb's choices; made always (often 1), it is
    made wherever it can be."""
    never = tuple(m._replace(often=0.0) for m in MISTAKES)
    always = tuple(m._replace(often=1.0) for m in MISTAKES)
    sound = play_game(new_game(PARTNERSHIP, seed=5), [RuleOfThumbPlayer()] * 4).record()
    original = beginner.MISTAKES
    try:
        beginner.MISTAKES = never
        assert play_game(new_game(PARTNERSHIP, seed=5), [BeginnerPlayer(s) for s in range(4)]).record() == sound
        beginner.MISTAKES = always
        assert play_game(new_game(PARTNERSHIP, seed=5), [BeginnerPlayer(s) for s in range(4)]).record() != sound
    finally:
        beginner.MISTAKES = original
    assert all(0 < m.often < 1 and m.phases and m.what for m in MISTAKES)


def test_the_beginner_is_seeded_holds_no_state_and_the_same_dice_give_the_same_choice():
    players = [BeginnerPlayer(1), BeginnerPlayer(2), BeginnerPlayer(3)]
    held = [dict(vars(p)) for p in players]
    first = play_game(new_game(CUTTHROAT, seed=8), players).record()
    assert first == play_game(new_game(CUTTHROAT, seed=8), [BeginnerPlayer(s) for s in (1, 2, 3)]).record()
    assert [dict(vars(p)) for p in players] == held
    game = new_game(RAILROAD, seed=4)
    view = game.view(acting_seat(game.hand))
    assert BeginnerPlayer(5).decide(view) == BeginnerPlayer(9).decide(view, random.Random(5))
    with pytest.raises(ValueError, match="seed"):
        BeginnerPlayer("five")


def wins_of_the_first_kind(first, second, rules, games: int) -> float:
    """The share of `games` that the first kind of player won, the seats swapping every game."""
    won = 0.0
    for n in range(games):
        kinds = [(s + n) % 2 == 0 for s in range(rules.players)]
        players = [first(n * 10 + s) if mine else second(n * 10 + s) for s, mine in enumerate(kinds)]
        winners = play_game(new_game(rules, seed=n), players).winning_seats
        won += sum(kinds[s] for s in winners) / len(winners)
    return won / games


@pytest.mark.slow
@pytest.mark.parametrize("rules", [PARTNERSHIP, TWO_HANDED], ids=lambda r: r.game)
def test_the_beginner_sits_between_random_and_the_rule_of_thumb(rules):
    """bench/tournament.py measures it with intervals; here fixed seeds, a margin the figures leave wide."""
    assert wins_of_the_first_kind(lambda s: RuleOfThumbPlayer(), BeginnerPlayer, rules, 60) >= 0.6
    assert wins_of_the_first_kind(BeginnerPlayer, RandomPlayer, rules, 40) >= 0.75


def test_the_beginner_is_a_level_below_the_rule_of_thumb_wherever_levels_are_chosen():
    assert list(LEVELS) == ["random", "beginner", "rule of thumb", "expert"]
    assert level_of("beginner") == "beginner" and isinstance(LEVELS["beginner"](3), BeginnerPlayer)
    with pytest.raises(ValueError, match="'beginner'"):
        level_of("novice")
    from euchre_lesson.widgets.computer import LEVEL_WORDS

    assert set(LEVEL_WORDS) == set(LEVELS)
    assert "mistake" in LEVEL_WORDS["beginner"]


def test_the_lessons_table_offers_the_beginner_and_says_what_it_does():
    from euchre_lesson.widgets import Table
    from euchre_lesson.widgets.computer import LEVEL_WORDS

    table = Table(PARTNERSHIP, seat=0, level="beginner", seed=3)
    assert ("beginner", "beginner") in table.level_input.options and table.level == "beginner"  # (label, level)
    assert LEVEL_WORDS["beginner"].replace("'", "&#x27;") in table.header.value
    assert all(isinstance(player, BeginnerPlayer) for player in table.session.players.values())
