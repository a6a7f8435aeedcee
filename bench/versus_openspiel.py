"""Our players against OpenSpiel's IS-MCTS bot: partnership games under OpenSpiel's rules.

    python bench/versus_openspiel.py                        # expert and rule of thumb, 400 games each
    python bench/versus_openspiel.py --games 20 --simulations 200 --seed 7
    python bench/versus_openspiel.py --players expert --games 1000 --record /tmp/match.jsonl   # stop and go on later

The 1,000-game match of issue 37 (point 8) keeps its record in bench/records/versus-openspiel-expert-seed0.jsonl,
one line per game played so far: the same command with --jobs 2 and that --record goes on from the next game.

Every game is played in our engine with our switches set to OpenSpiel's `euchre` rules (the
referee's mapping, tests/openspiel_referee.py), to 10 points (F5). One partnership is OpenSpiel's
open_spiel.python.algorithms.ismcts.ISMCTSBot (a random-rollout evaluator; its information sets
keyed with trump too, see ISMCTSBot below), the other ours; the
partnerships swap every game, and games 2k and 2k+1 share a deal seed, so each side gets the same
cards in turn. Beside each hand of ours runs an OpenSpiel state dealt the same cards: after every
move both engines must agree on who acts and what is legal, and at the end of the hand on the
points, or the run stops with the hand record.

Our players see only their own view (hand.view(seat)); in both engines the dealer's discard is
one of the original five (C7). Every random draw of a game (our expert's, the bot's, the deals) comes from a stream
seeded by --seed, the player and the game number, so a run repeats exactly on any number of workers.
Under the table, a line for each player says where its games were won or lost: how often each side made
trump, was euchred or went alone, and the points each scored a hand.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from openspiel_referee import disagreement, os_action, os_deal, os_game, side_points  # noqa: E402
from tournament import wilson  # noqa: E402

from euchre_lesson import PARTNERSHIP, ExpertPlayer, GameState, RuleOfThumbPlayer, RuleSet, new_game  # noqa: E402

# The expert's decisions are capped by worlds only, as in bench/tournament.py: with the table's time cap (0.4 s) a
# busy machine would cut some decisions short, and the same seed would not play the same games.
PLAYERS = {
    "expert": lambda seed, worlds: ExpertPlayer(seed, worlds=worlds, seconds=None),
    "rule-of-thumb": lambda seed, worlds: RuleOfThumbPlayer(),
}
DEFAULT_WORLDS = 32  # what the table's expert level samples (euchre_lesson.play.session.EXPERT_WORLDS)


class OutOfStep(RuntimeError):
    """Our engine and OpenSpiel's disagree: a bug in one of them, or in the mapping between them."""


@dataclass(frozen=True)
class Settings:
    """How hard the bot searches, and how many worlds our expert samples."""

    simulations: int = 1000
    uct_c: float = 2.0  # OpenSpiel's examples/mcts.py default
    rollouts: int = 1
    worlds: int = DEFAULT_WORLDS

    def describe(self) -> str:
        return (
            f"IS-MCTS (open_spiel.python.algorithms.ismcts.ISMCTSBot): {self.simulations:,} simulations "
            f"per move, uct_c {self.uct_c:g}, random-rollout evaluator with {self.rollouts} rollout"
            f"{'s' * (self.rollouts != 1)}, final policy max visit count, unlimited world samples, "
            f"information sets keyed with trump too; "
            f"our expert samples {self.worlds} worlds per decision, with no time cap"
        )


def openspiel_rules() -> RuleSet:
    """Our partnership rules switched to OpenSpiel's (the referee: ARCHITECTURE.md), games to 10 (F5)."""
    defaults = dict(pyspiel.load_game("euchre").get_parameters())
    switches = {
        "dealer_must_pick_up": True,
        "opening_lead": "dealer_left",
        "allow_lone_defender": defaults["allow_lone_defender"],
        "stick_the_dealer": defaults["stick_the_dealer"],
        "target": 10,
    }
    if "partner_may_go_alone" in {f.name for f in fields(RuleSet)}:
        switches["partner_may_go_alone"] = False  # OpenSpiel asks only the maker whether to go alone (C10)
    return replace(PARTNERSHIP, **switches)


def openspiel_game(rules: RuleSet):
    return os_game(stick_the_dealer=rules.stick_the_dealer, allow_lone_defender=rules.allow_lone_defender)


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's IS-MCTS, its information sets told apart by trump as well.

    OpenSpiel's euchre writes a suit named by the first bidder of round two as "Pick up!" in its
    information-state strings, so states with different trumps would share one node of the search
    tree, with different legal cards: the stock bot then stops with a KeyError (seen at 1,000
    simulations). Trump is public once named, so adding it to the key hides nothing from the bot.
    """

    def get_state_key(self, state):
        return (*super().get_state_key(state), state.trump_suit())


def ismcts_bot(rules: RuleSet, settings: Settings, rng: random.Random) -> ISMCTSBot:
    """IS-MCTS with a random-rollout evaluator, each of its random draws seeded from `rng`."""
    evaluator = mcts.RandomRolloutEvaluator(settings.rollouts, np.random.RandomState(rng.getrandbits(32)))
    bot = ISMCTSBot(
        openspiel_game(rules),
        evaluator,
        settings.uct_c,
        settings.simulations,
        random_state=np.random.RandomState(rng.getrandbits(32)),
    )
    # The bot's own resampler makes a new, unseeded sampler every time: a run would not repeat.
    sampler = pyspiel.UniformProbabilitySampler(rng.getrandbits(31), 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


# -- one game, both engines in step ---------------------------------------------------------


def numbered(action, hand) -> int | None:
    """OpenSpiel's number for our action; OutOfStep if it has none."""
    try:
        return os_action(action, hand)
    except AssertionError as error:  # the referee's way of saying OpenSpiel has no such action
        raise OutOfStep(disagreement(hand, str(error))) from None


def shared_moves(hand, theirs) -> dict:
    """Our legal actions by OpenSpiel number, once both engines agree on who acts and on what is legal."""
    acting = None if theirs.is_terminal() else theirs.current_player()
    if acting != hand.to_act:
        raise OutOfStep(disagreement(hand, f"to act: ours seat {hand.to_act}, OpenSpiel {acting}"))
    moves = {numbered(action, hand): action for action in hand.legal_actions()}
    if sorted(moves) != sorted(theirs.legal_actions()):
        raise OutOfStep(
            disagreement(
                hand, f"legal actions in {hand.phase}: ours {sorted(moves)}, OpenSpiel {sorted(theirs.legal_actions())}"
            )
        )
    return moves


def check_points(hand, theirs) -> None:
    """A finished hand: OpenSpiel's is over too, with the same points."""
    if not theirs.is_terminal():
        raise OutOfStep(disagreement(hand, "OpenSpiel's hand goes on after ours ended"))
    if hand.points != side_points(theirs.returns()):
        raise OutOfStep(disagreement(hand, f"points: ours {hand.points}, OpenSpiel returns {theirs.returns()}"))


def our_choice(player, hand, moves: dict) -> int:
    """Our player's move from its own view, as OpenSpiel's number."""
    view = hand.view(hand.to_act)
    number = numbered(player.choose(view), hand)
    if number not in moves:
        raise OutOfStep(disagreement(hand, f"our {player.name} player chose {number}, not legal in OpenSpiel"))
    return number


class Outcome(NamedTuple):
    """A finished game and what it cost: moves checked in both engines, the bot's searches and their time."""

    game: GameState
    steps: int
    bot_searches: int
    bot_seconds: float


def bot_choice(bot, theirs, moves: dict) -> tuple[int, float]:
    """The bot's move and the seconds it searched (none when it had a single legal move)."""
    start = time.perf_counter()
    number = int(bot.step(theirs))
    return number, (time.perf_counter() - start if len(moves) > 1 else 0.0)


def play_versus(rules: RuleSet, seed: int, player, bot, bot_seats: tuple[int, ...]) -> Outcome:
    """A game of `player` against `bot` (at `bot_seats`), OpenSpiel's state kept in step with ours throughout."""
    os_rules = openspiel_game(rules)
    game, steps, searches, searching = new_game(rules, seed=seed), 0, 0, 0.0
    theirs = os_deal(os_rules, game.hand)
    while not game.is_over:
        hand = game.hand
        moves = shared_moves(hand, theirs)
        if hand.to_act in bot_seats:
            number, seconds = bot_choice(bot, theirs, moves)
            searches, searching = searches + (seconds > 0), searching + seconds
        else:
            number = our_choice(player, hand, moves)
        theirs.apply_action(number)
        played = len(game.hands) - 1
        game, steps = game.apply(moves[number]), steps + 1
        if game.hands[played].is_over:  # scored; the game deals the next hand unless it is won
            check_points(game.hands[played], theirs)
            theirs = None if game.is_over else os_deal(os_rules, game.hand)
    return Outcome(game, steps, searches, searching)


# -- many games, on every core --------------------------------------------------------------


class Side(NamedTuple):
    """How one partnership's hands went: trumps it made, euchred or alone, and its points."""

    made: int = 0
    euchred: int = 0
    alone: int = 0
    points: int = 0

    def __add__(self, other: Side) -> Side:
        return Side(*(a + b for a, b in zip(self, other)))


def sides(game: GameState, bot_seats: tuple[int, ...]) -> tuple[Side, Side]:
    """(ours, the bot's): where a game was won or lost, hand by hand."""
    ours = bots = Side()
    for hand in (hand for hand in game.hands if hand.is_over):
        by_bot = hand.maker in bot_seats
        bots += one_hand(hand, not hand.thrown_in and by_bot, bot_seats[0])
        ours += one_hand(hand, not hand.thrown_in and not by_bot, (bot_seats[0] + 1) % 4)
    return ours, bots


def one_hand(hand, made: bool, seat: int) -> Side:
    """A finished hand for `seat`'s side, which `made` trump or not."""
    return Side(made, made and hand.maker_tricks < 3, made and hand.lone_maker, hand.points[seat])


class Result(NamedTuple):
    """What the summary needs of one game (small enough to send back from a worker)."""

    number: int
    won: bool  # our player's partnership won
    seconds: float
    hands: int
    steps: int
    bot_searches: int
    bot_seconds: float
    ours: Side
    bots: Side


def seats_of_bot(number: int) -> tuple[int, ...]:
    """The bot's partnership in game `number`: the sides swap every game."""
    return (1, 3) if number % 2 == 0 else (0, 2)


def deal_seed(seed: int, number: int) -> int:
    """Games 2k and 2k+1 share their deals, so each partnership holds the same cards once."""
    return random.Random(f"{seed}:deals:{number // 2}").getrandbits(32)


def play_one(job: tuple) -> Result:
    """Game `number` for our player `kind`: its own seed stream, so results do not depend on the workers."""
    kind, number, seed, settings = job
    rng = random.Random(f"{seed}:{kind}:{number}")
    rules = openspiel_rules()
    player, bot = PLAYERS[kind](rng.getrandbits(32), settings.worlds), ismcts_bot(rules, settings, rng)
    start = time.perf_counter()
    try:
        outcome = play_versus(rules, deal_seed(seed, number), player, bot, seats_of_bot(number))
    except OutOfStep as error:
        raise OutOfStep(f"{kind}, game {number} of --seed {seed}: {error}") from None
    game = outcome.game
    won = not set(game.winning_seats) & set(seats_of_bot(number))
    return Result(
        number,
        won,
        time.perf_counter() - start,
        len(game.hands),
        outcome.steps,
        outcome.bot_searches,
        outcome.bot_seconds,
        *sides(game, seats_of_bot(number)),
    )


def recorded(path: Path | None, kind: str, seed: int, settings: Settings) -> dict[int, Result]:
    """The games of this player, seed and settings already played into the record file, by number."""
    if path is None or not path.exists():
        return {}
    games = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry["kind"] == kind and entry["seed"] == seed and entry["settings"] == asdict(settings):
            result = entry["result"]
            games[result[0]] = Result(*result[:7], Side(*result[7]), Side(*result[8]))
    return games


def keep(path: Path | None, kind: str, seed: int, settings: Settings, result: Result) -> None:
    """Add one finished game to the record file, a line each, so that a stopped run loses no game."""
    if path is not None:
        entry = {"kind": kind, "seed": seed, "settings": asdict(settings), "result": result}
        with path.open("a", encoding="utf-8") as record:
            record.write(json.dumps(entry) + "\n")


def run(kind: str, games: int, seed: int, settings: Settings, pool, record: Path | None = None) -> list[Result]:
    """Play `games` games for `kind` (those not in the record already), printing progress as they finish."""
    done = recorded(record, kind, seed, settings)
    done = {number: result for number, result in done.items() if number < games}
    if done:
        print(f"  {kind}: {len(done)} of {games} games read from {record}", flush=True)
    jobs = [(kind, number, seed, settings) for number in range(games) if number not in done]
    if pool is None:
        finished = (play_one(job) for job in jobs)
    else:
        finished = (future.result() for future in as_completed([pool.submit(play_one, job) for job in jobs]))
    results, every = list(done.values()), max(1, games // 20)
    for result in finished:
        keep(record, kind, seed, settings, result)
        results.append(result)
        if len(results) % every == 0 or len(results) == games:
            wins = sum(r.won for r in results)
            print(
                f"  {kind}: {len(results)}/{games} games, {wins} won ({wins / len(results):.0%}), "
                f"{statistics.fmean(r.seconds for r in results):.1f} s a game",
                flush=True,
            )
    return sorted(results)


HEADER = (
    f"{'player':14} {'games':>6} {'wins':>5} {'win rate':>9}  {'95% interval':16} "
    f"{'s/game':>8} {'bot ms/move':>11} {'bot moves':>9}"
)


def table_row(kind: str, results: list[Result]) -> str:
    n, wins = len(results), sum(r.won for r in results)
    low, high = wilson(wins, n)
    searches = sum(r.bot_searches for r in results)
    per_search = sum(r.bot_seconds for r in results) / searches * 1000 if searches else 0.0
    return (
        f"{kind:14} {n:6} {wins:5} {wins / n:9.1%}  [{low:5.1%}, {high:5.1%}] "
        f"{statistics.fmean(r.seconds for r in results):8.1f} {per_search:11.1f} {searches:9}"
    )


def hands_row(kind: str, results: list[Result]) -> str:
    """Where the games were won or lost: who made trump, how often it was euchred or went alone, points a hand."""
    hands = sum(r.hands for r in results)
    words = []
    for who, side in (
        (f"our {kind}", sum((r.ours for r in results), Side())),
        ("IS-MCTS", sum((r.bots for r in results), Side())),
    ):
        euchred = f"{side.euchred / side.made:.0%}" if side.made else "none"
        words.append(
            f"{who} made trump in {side.made / hands:.0%} of {hands} hands (euchred in {euchred} of them, "
            f"alone {side.alone} times), {side.points / hands:.2f} points a hand"
        )
    return "  " + "; ".join(words)


def report(settings: Settings, seed: int, jobs: int, wall: float, every: dict[str, list[Result]]) -> None:
    print(f"\n{settings.describe()}; --seed {seed}")
    print(f"rules: partnership to 10 (F5) with {openspiel_rules().switches()}")
    print(HEADER)
    for kind, results in every.items():
        print(table_row(kind, results))
    print("bot ms/move: the mean over the bot's moves with a choice (it does not search a single legal move)")
    for kind, results in every.items():
        print(hands_row(kind, results))
    games = sum(map(len, every.values()))
    hours_for_400 = wall / games * 400 * len(every) / 3600
    print(
        f"{games} games in {wall / 60:.1f} min on {jobs} worker{'s' * (jobs != 1)}: at this pace 400 games "
        f"for each of {len(every)} player{'s' * (len(every) != 1)} would take about {hours_for_400:.1f} h"
    )


def positive(text: str) -> int:
    """A whole number of at least 1, for the flags that count things."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is too small: use 1 or more")
    return value


def exploration(text: str) -> float:
    """UCT's exploration constant: a number of at least 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{value} is not possible: use a number of at least 0, such as 2")
    return value


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive, default=400, help="games for each of our players")
    parser.add_argument("--simulations", type=positive, default=1000, help="IS-MCTS simulations per move")
    parser.add_argument("--uct-c", type=exploration, default=2.0, help="IS-MCTS exploration constant")
    parser.add_argument("--worlds", type=positive, default=DEFAULT_WORLDS, help="worlds our expert samples")
    parser.add_argument("--players", nargs="+", choices=list(PLAYERS), default=list(PLAYERS))
    parser.add_argument("--jobs", type=positive, default=2, help="worker processes (the machine has 2 cores)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed: the same seed plays the same games")
    parser.add_argument(
        "--record", type=Path, help="a file to keep each finished game in: run again with it to go on where it stopped"
    )
    options = parser.parse_args(argv)
    settings = Settings(options.simulations, options.uct_c, 1, options.worlds)
    print(settings.describe(), flush=True)
    pool, start = (ProcessPoolExecutor(options.jobs) if options.jobs > 1 else None), time.perf_counter()
    try:
        every = {}
        for kind in options.players:  # each player's row as soon as its games are done: a stopped run keeps it
            every[kind] = run(kind, options.games, options.seed, settings, pool, options.record)
            print(HEADER, table_row(kind, every[kind]), hands_row(kind, every[kind]), sep="\n", flush=True)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    report(settings, options.seed, options.jobs, time.perf_counter() - start, every)


if __name__ == "__main__":
    main()
