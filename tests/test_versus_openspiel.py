"""bench/versus_openspiel.py: our players against OpenSpiel's IS-MCTS, both engines kept in step."""

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import versus_openspiel as versus  # noqa: E402

from euchre_lesson import ExpertPlayer, RuleOfThumbPlayer, load_game, save_game  # noqa: E402

REAL_MAPPING = versus.os_action
FEW = versus.Settings(simulations=20, worlds=4)  # a weak, fast bot and expert: the loop is under test


@pytest.mark.parametrize(
    "player, bot_seats",
    [(RuleOfThumbPlayer(), (1, 3)), (ExpertPlayer(3, worlds=4), (0, 2))],
    ids=["rule of thumb", "expert"],
)
@pytest.mark.slow
def test_a_game_against_the_bot_is_a_legal_finished_game(player, bot_seats, tmp_path):
    rules = versus.openspiel_rules()
    bot = versus.ismcts_bot(rules, FEW, random.Random(5))
    outcome = versus.play_versus(rules, 11, player, bot, bot_seats)
    game = outcome.game
    assert rules.target == 10 and game.is_over and max(game.scores) >= 10
    # every move of every hand went through both engines, and the bot searched for its side
    assert outcome.steps == sum(len(hand.history) for hand in game.hands)
    assert 0 < outcome.bot_searches < outcome.steps and outcome.bot_seconds > 0
    bot_moves = [seat for hand in game.hands for seat in hand.actors if seat in bot_seats]
    assert 0 < len(bot_moves) < outcome.steps
    # the record replays in our engine, every hand checked against the seed and the rules
    assert load_game(save_game(game, tmp_path / "versus.json")) == game
    assert game.rules.switches() == {
        "dealer_must_pick_up": True,
        "stick_the_dealer": True,
        "allow_lone_defender": False,
        "opening_lead": "dealer_left",
        "partner_may_go_alone": False,
    }


@pytest.mark.slow
def test_a_game_repeats_from_its_seed_and_the_sides_swap():
    first, again = versus.play_one(("expert", 1, 9, FEW)), versus.play_one(("expert", 1, 9, FEW))
    assert first._replace(seconds=0, bot_seconds=0) == again._replace(seconds=0, bot_seconds=0)
    assert versus.seats_of_bot(0) == (1, 3) and versus.seats_of_bot(1) == (0, 2)
    assert versus.deal_seed(9, 0) == versus.deal_seed(9, 1) != versus.deal_seed(9, 2)


def swapped_clubs_and_diamonds(action, hand):
    """A broken mapping: the nine of clubs and the nine of diamonds trade OpenSpiel numbers."""
    number = REAL_MAPPING(action, hand)
    return {0: 1, 1: 0}.get(number, number)


@pytest.mark.parametrize(
    "what, name, broken",
    [
        ("legal actions in", "os_action", swapped_clubs_and_diamonds),
        ("points: ours", "side_points", lambda returns: (9, 9, 9, 9)),
    ],
    ids=["mapping", "points"],
)
def test_engines_out_of_step_stop_the_game_with_the_hand_record(what, name, broken, monkeypatch):
    monkeypatch.setattr(versus, name, broken)
    with pytest.raises(versus.OutOfStep, match=what) as stopped:
        for number in range(4):  # a nine of clubs or diamonds turns up within a few hands
            versus.play_one(("rule-of-thumb", number, 0, FEW))
    assert "of --seed 0: " in str(stopped.value) and "hand record: {" in str(stopped.value)


def test_the_bench_prints_win_rates_and_the_bot_settings(capsys):
    versus.main(["--games", "2", "--simulations", "5", "--players", "rule-of-thumb", "--jobs", "1", "--seed", "3"])
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("rule-of-thumb "))
    games, wins = map(int, row.split()[1:3])
    assert games == 2 and 0 <= wins <= 2 and "%, " in row
    assert "5 simulations per move, uct_c 2" in out and "bot ms/move" in out
    assert "our rule-of-thumb made trump in " in out


def test_the_hands_of_a_game_add_up_to_its_score_and_say_who_made_trump():
    result = versus.play_one(("rule-of-thumb", 0, 4, FEW))
    rules = versus.openspiel_rules()
    bot = versus.ismcts_bot(rules, FEW, random.Random(5))
    game = versus.play_versus(rules, 11, RuleOfThumbPlayer(), bot, (1, 3)).game
    ours, bots = versus.sides(game, (1, 3))
    assert (ours.points, bots.points) == (game.scores[0], game.scores[1])
    made = [hand.maker % 2 for hand in game.hands if hand.is_over and not hand.thrown_in]
    assert (ours.made, bots.made) == (made.count(0), made.count(1))
    assert ours.euchred == sum(h.maker % 2 == 0 and h.maker_tricks < 3 for h in game.hands if h.maker is not None)
    assert bots.alone == sum(h.maker % 2 == 1 and h.lone_maker for h in game.hands if h.maker is not None)
    row = versus.hands_row("rule-of-thumb", [result])
    assert f"of {result.hands} hands" in row and "IS-MCTS made trump in" in row and "points a hand" in row


@pytest.mark.slow
def test_each_players_row_is_printed_as_soon_as_its_games_are_done(capsys):
    versus.main(
        [
            "--games",
            "2",
            "--simulations",
            "5",
            "--worlds",
            "2",
            "--players",
            "rule-of-thumb",
            "expert",
            "--jobs",
            "1",
            "--seed",
            "3",
        ]
    )
    lines = capsys.readouterr().out.splitlines()
    first_row = next(i for i, line in enumerate(lines) if line.startswith("rule-of-thumb "))
    expert_starts = next(i for i, line in enumerate(lines) if line.startswith("  expert: "))
    assert first_row < expert_starts


@pytest.mark.parametrize(
    "flag",
    [["--games", "0"], ["--simulations", "many"], ["--players", "nobody"], ["--uct-c", "nan"], ["--uct-c", "-1"]],
)
def test_bad_flags_are_refused_with_a_message(flag, capsys):
    with pytest.raises(SystemExit):
        versus.main(flag)
    assert flag[0] in capsys.readouterr().err


# Two deals, from a real search: North deals, East names diamonds (26) or hearts (27) in round two
# and leads the J♥. OpenSpiel writes both bids as "Pick up!", so South's information-state strings
# are equal, yet South must follow diamonds in one (the J♥ is the left bower) and hearts in the other.
NAMED_DIAMONDS = [
    0,
    21,
    14,
    19,
    22,
    15,
    13,
    16,
    4,
    11,
    10,
    18,
    23,
    6,
    9,
    5,
    7,
    2,
    3,
    1,
    17,
    12,
    24,
    24,
    24,
    24,
    26,
    30,
    10,
]
NAMED_HEARTS = [
    0,
    23,
    14,
    19,
    15,
    11,
    13,
    5,
    21,
    2,
    10,
    1,
    4,
    7,
    9,
    18,
    22,
    17,
    3,
    16,
    6,
    12,
    24,
    24,
    24,
    24,
    27,
    30,
    10,
]


def replayed(game, history):
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def test_the_bot_keeps_states_with_different_trumps_apart():
    rules = versus.openspiel_rules()
    game = versus.openspiel_game(rules)
    diamonds, hearts = (replayed(game, history) for history in (NAMED_DIAMONDS, NAMED_HEARTS))
    assert diamonds.current_player() == hearts.current_player() == 2
    assert sorted(diamonds.legal_actions()) == [1, 5] and hearts.legal_actions() == [18]
    bot = versus.ismcts_bot(rules, FEW, random.Random(1))
    assert bot.get_state_key(diamonds) != bot.get_state_key(hearts)  # else one tree node, and a KeyError
