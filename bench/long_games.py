"""Long games stay fast (issue 24, point 6): loading a game of 20,000 hands, an action early and late, the undo history.

    .venv/bin/python bench/long_games.py                # about a minute: two games of 20,000 hands are built
    .venv/bin/python bench/long_games.py --hands 5000

Two games as long as a game may be (MAX_HANDS hands), both valid:
- thrown in: Cutthroat from 0-0-0, every hand thrown in (everybody passes twice, C9);
- played: Cutthroat from 0-10-10, so seats 1 and 2 are tied at the top and only they may win (T8). Seat 0
  makes trump every hand and the cards are played at random: whatever happens, the two defenders score
  alike and stay tied, so the game goes on for ever, as issue 24 found.

Printed: each game's load time from its saved file (goal: under 2 s), the cost of an action at the start
and at the end of the game (goal: within 2x), and the memory that 1,000 successive states take when kept, as the
table keeps them for undo, at the start and at the end. Then the table itself (a TableSession, you at seat 0,
computer players at random): the cost of one of your actions (the computer players' replies included) and of an
undo, at hand 1 and at the last hand of the played game, with an empty undo history and with one of 10,000
moments. Timings are CPU time (load: the best of a few runs), so a busy neighbour on the machine matters less.
"""

from __future__ import annotations

import argparse
import dataclasses as dc
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lesson import CUTTHROAT, Phase, load_game, new_game, save_game
from euchre_lesson.engine.actions import PASS, STAY
from euchre_lesson.engine.game import MAX_HANDS
from euchre_lesson.play.session import TableSession

LOAD_GOAL = 2.0  # seconds
RATIO_GOAL = 2.0
KEPT = 1000  # successive states kept, as for undo
MOMENTS = 10_000  # the long undo history a table is measured with
PAIRS = 100  # actions and undos timed at the table, each way


def thrown_in_until(game, hands: int):
    """`game` on to `hands` hands, every one thrown in; the last one just dealt."""
    while len(game.hands) < hands:
        game = game.apply(PASS)
    return game


def seat_zero_makes(game, rng: random.Random):
    """The action of the played game: seat 0 orders or calls, the others pass and stay, the rest at random."""
    hand = game.hand
    legal = game.legal_actions()
    if hand.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO):
        return legal[-1] if hand.to_act == 0 else PASS  # order, or the last suit named
    if hand.phase is Phase.GOING_ALONE:
        return STAY
    return rng.choice(legal)


def played_game(hands: int, timed: int):
    """A game of `hands` hands played as above; and the CPU seconds per action of its first and last `timed` hands."""
    rng = random.Random(2024)
    game = dc.replace(new_game(CUTTHROAT, seed=11, first_dealer=0), scores=(0, 10, 10))
    spent = {"first": [0.0, 0], "last": [0.0, 0]}
    while len(game.hands) < hands:
        action = seat_zero_makes(game, rng)
        start = time.process_time()
        game = game.apply(action)
        took = time.process_time() - start
        number = len(game.hands)
        for name, inside in (("first", number <= timed), ("last", number > hands - timed)):
            if inside:
                spent[name][0] += took
                spent[name][1] += 1
    assert not game.is_over, "somebody won: the game should go on for ever"
    return game, {name: seconds / count for name, (seconds, count) in spent.items()}


def best_of(runs: int, work) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def thrown_in_hand_cost(game, repeats: int = 300) -> float:
    """CPU seconds per action of one thrown-in hand from `game`: five passes, and the sixth scores and deals."""

    def hand():
        state = game
        for _ in range(6):
            state = state.apply(PASS)

    return best_of(5, lambda: [hand() for _ in range(repeats)]) / (6 * repeats)


def kept_bytes(game, actions: int = KEPT) -> int:
    """The memory that `actions` successive states from `game` hold while all are kept."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        states = [game]
        for _ in range(actions):
            states.append(states[-1].apply(PASS))
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def load_seconds(game, name: str) -> tuple[float, int]:
    """The best CPU time of three loads of `game` saved to a file, and the file's size."""
    with tempfile.TemporaryDirectory() as folder:
        path = save_game(game, Path(folder) / f"{name}.json")
        size = path.stat().st_size
        loaded = load_game(path)
        assert loaded == game, "the loaded game differs from the saved one"
        return best_of(3, lambda: load_game(path)), size


def table_costs(game, moments: int) -> tuple[float, float]:
    """CPU seconds of an action at a table sitting down at `game` (the replies included) and of an undo, on
    average over PAIRS of them, each action undone, with an undo history of `moments` moments before."""
    session = TableSession(game, seat=0, level="random")
    for _ in range(moments):  # the moment now, again and again: what the moments hold does not change the cost
        session.model.history = session.history.then(session.moment)
    action = session.view.legal[0]  # a bid: it never ends the hand, so it is never refused at the hand limit
    acting = undoing = 0.0
    for _ in range(PAIRS):
        start = time.process_time()
        session.act(action)
        middle = time.process_time()
        session.undo()
        acting, undoing = acting + middle - start, undoing + time.process_time() - middle
    assert len(session.history) == moments, "every action was undone"
    return acting / PAIRS, undoing / PAIRS


def print_table_costs(early_game, late_game) -> None:
    costs = {
        (when, kept): table_costs(game, kept)
        for when, game in (("early", early_game), ("late", late_game))
        for kept in (0, MOMENTS)
    }
    print(f"the table (TableSession, computer players at random), on average over {PAIRS} of each:")
    for kept in (0, MOMENTS):
        (act_early, undo_early), (act_late, undo_late) = costs["early", kept], costs["late", kept]
        print(
            f"  undo history of {kept:,} moments: an action {act_early * 1e3:.3f} ms at hand 1, "
            f"{act_late * 1e3:.3f} ms at hand {len(late_game.hands):,} ({act_late / act_early:.2f}x); "
            f"an undo {undo_early * 1e6:.1f} us and {undo_late * 1e6:.1f} us"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=MAX_HANDS, help=f"hands in each game (at most {MAX_HANDS:,})")
    hands = min(parser.parse_args().hands, MAX_HANDS)
    timed = min(200, hands // 4)
    assert hands >= 1000, "at least 1,000 hands"

    start = time.perf_counter()
    first = new_game(CUTTHROAT, seed=7, first_dealer=0)
    late_start = thrown_in_until(first, hands - 200)  # room left for the 1,000 actions kept
    long = thrown_in_until(late_start, hands - 1)  # its hand ends with a pass that deals hand `hands`
    seconds, size = load_seconds(thrown_in_until(long, hands), "thrown_in")
    early, late = thrown_in_hand_cost(first), thrown_in_hand_cost(long)
    print(f"thrown-in game of {hands:,} hands (built in {time.perf_counter() - start:.0f} s)")
    print(
        f"  load_game of its file ({size / 1e6:.1f} MB): {seconds:.2f} s "
        f"({'within' if seconds < LOAD_GOAL else 'OVER'} the goal of {LOAD_GOAL:.0f} s)"
    )
    print(
        f"  an action of a thrown-in hand: {early * 1e3:.3f} ms at hand 1, {late * 1e3:.3f} ms at hand "
        f"{hands - 1:,} (its last deals hand {hands:,}): {late / early:.2f}x "
        f"({'within' if late / early < RATIO_GOAL else 'OVER'} the goal of {RATIO_GOAL:.0f}x)"
    )
    kept_early, kept_late = kept_bytes(first), kept_bytes(late_start)
    print(
        f"  {KEPT:,} successive states kept (undo history): {kept_early / 1e6:.2f} MB from hand 1, "
        f"{kept_late / 1e6:.2f} MB from hand {hands - 200:,} ({kept_late / KEPT:,.0f} bytes a state)"
    )

    start = time.perf_counter()
    game, per_action = played_game(hands, timed)
    seconds, size = load_seconds(game, "played")
    actions = sum(len(hand.history) for hand in game.hands)
    print(
        f"played game of {hands:,} hands, {actions:,} actions, seats 1 and 2 tied at the top "
        f"(built in {time.perf_counter() - start:.0f} s)"
    )
    print(
        f"  load_game of its file ({size / 1e6:.1f} MB): {seconds:.2f} s "
        f"({'within' if seconds < LOAD_GOAL else 'OVER'} the goal of {LOAD_GOAL:.0f} s)"
    )
    ratio = per_action["last"] / per_action["first"]
    print(
        f"  an action, on average: {per_action['first'] * 1e3:.3f} ms in its first {timed} hands, "
        f"{per_action['last'] * 1e3:.3f} ms in its last {timed}: {ratio:.2f}x "
        f"({'within' if ratio < RATIO_GOAL else 'OVER'} the goal of {RATIO_GOAL:.0f}x)"
    )
    print_table_costs(dc.replace(new_game(CUTTHROAT, seed=11, first_dealer=0), scores=(0, 10, 10)), game)


if __name__ == "__main__":
    main()
