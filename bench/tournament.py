"""Tournament: how often one kind of computer player beats another, with 95% confidence intervals.

    python bench/tournament.py                      # rule of thumb vs random, both games, 2,000 games each
    python bench/tournament.py --a expert --b rule-of-thumb --games 2000 --jobs 2
    python bench/tournament.py --game new           # Two-handed and Railroad; --game all: the four games
    python bench/tournament.py --a rule-of-thumb --b beginner --game all --games 2000 --jobs 2
    python bench/tournament.py --ladder --games 2000 --expert-games 200 --jobs 2   # beginner < rule of thumb < expert

Partnership and Railroad: kind A holds one partnership and kind B the other, the sides swapping
every game. Two-handed: one of each, the seats swapping every game. Cutthroat has three seats,
so games alternate between two A seats with one B and one A seat with two B; if A and B were
equally strong, A-kind players would win half of all games. The expert's decisions are capped
by worlds only (--seconds, none by default), so a busy machine gives the same games.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, new_game, play_game  # noqa: E402
from euchre_lesson.play.players import BeginnerPlayer, RandomPlayer, RuleOfThumbPlayer  # noqa: E402

GAMES = {
    "cutthroat": (CUTTHROAT,),
    "partnership": (PARTNERSHIP,),
    "twohand": (TWO_HANDED,),
    "railroad": (RAILROAD,),
    "both": (CUTTHROAT, PARTNERSHIP),
    "new": (TWO_HANDED, RAILROAD),
    "all": (CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD),
}


def make_player(kind: str, seed: int, worlds: int, seconds: float | None = None):
    if kind == "random":
        return RandomPlayer(seed)
    if kind == "beginner":
        return BeginnerPlayer(seed)
    if kind == "rule-of-thumb":
        return RuleOfThumbPlayer()
    if kind == "expert":
        from euchre_lesson.play.players import ExpertPlayer

        return ExpertPlayer(seed=seed, worlds=worlds, seconds=seconds)
    raise SystemExit(f"unknown player kind {kind!r}: use random, beginner, rule-of-thumb or expert")


def seats_for(game_number: int, players: int) -> list[str]:
    """Which kind sits where in this game: 'A' or 'B'."""
    if players == 4:
        return ["A", "B", "A", "B"] if game_number % 2 == 0 else ["B", "A", "B", "A"]
    if players == 2:
        return ["A", "B"] if game_number % 2 == 0 else ["B", "A"]
    pattern = ["A", "A", "B"] if game_number % 2 == 0 else ["A", "B", "B"]
    shift = (game_number // 2) % 3
    return pattern[shift:] + pattern[:shift]


def play_one(args) -> float:
    """Play game `number`; the share of the win that went to kind A (0, 1, or 1/2 if shared)."""
    rules, number, a, b, worlds, seconds = args
    kinds = seats_for(number, rules.players)
    players = [make_player(a if k == "A" else b, number * 10 + s, worlds, seconds) for s, k in enumerate(kinds)]
    game = play_game(new_game(rules, seed=number), players)
    winners = game.winning_seats
    return sum(kinds[s] == "A" for s in winners) / len(winners)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


# The ladder of levels, each pair's stronger first: beginner < rule of thumb < expert (and the beginner above random).
LADDER = (("beginner", "random"), ("rule-of-thumb", "beginner"), ("expert", "rule-of-thumb"))


def measure(rules, a: str, b: str, games: int, options: argparse.Namespace) -> None:
    """Play `games` games of `a` against `b` under `rules` and print A's share of wins with its 95% interval."""
    start = time.perf_counter()
    jobs = [(rules, n, a, b, options.worlds, options.seconds) for n in range(games)]
    if options.jobs > 1:
        with ProcessPoolExecutor(options.jobs) as pool:
            shares = list(pool.map(play_one, jobs, chunksize=20))
    else:
        shares = [play_one(job) for job in jobs]
    wins = sum(shares)
    low, high = wilson(wins, len(shares))
    verdict = "goal met" if low > 0.5 else "goal NOT met"
    print(
        f"{rules.game:12} {a} vs {b}: {a} won {wins:g} of {len(shares)} games "
        f"= {wins / len(shares):.1%}, 95% CI [{low:.1%}, {high:.1%}] ({verdict}: lower bound above 50%) "
        f"in {time.perf_counter() - start:.0f} s",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--a", default="rule-of-thumb")
    parser.add_argument("--b", default="random")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--ladder", action="store_true", help="every pair of neighbouring levels: " + str(LADDER))
    parser.add_argument("--expert-games", type=int, default=200, help="games of the ladder's pair with the expert")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=40, help="sampled worlds per expert decision")
    parser.add_argument(
        "--seconds",
        type=float,
        default=None,
        help="a time cap on each expert decision (default none: the worlds alone decide)",
    )
    parser.add_argument("--game", choices=list(GAMES), default="both")
    options = parser.parse_args()
    pairs = LADDER if options.ladder else ((options.a, options.b),)
    for a, b in pairs:
        games = options.expert_games if options.ladder and "expert" in (a, b) else options.games
        for rules in GAMES[options.game]:
            measure(rules, a, b, games, options)


if __name__ == "__main__":
    main()
