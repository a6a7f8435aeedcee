"""Time the double-dummy solver on random deals from the first lead: `.venv/bin/python bench/solve.py`.

Each deal is bid with seeded random legal actions (order, pick-up, going alone, the dummy's keep)
until trick play starts; a hand thrown in is dealt again. Only `solve(state)` is timed, with the
garbage collector paused as timeit does; the bit layouts (bits.layout) are built on first use
of each trump (about 1 ms each) inside the timed calls. The goals are judged on the first call per
deal; the best of three calls per deal is shown beside it, since this machine's speed drifts.
The goals apply to full tables, where nobody goes alone and every seat plays; a second pair
of lines lets going alone be chosen at random too, for comparison. Nodes are the
trick-boundary positions a search visits.

The goals are judged on the search solve() uses by default: the compiled one when it is built
(see solver.COMPILED). When it is, the pure-Python search is timed on the same deals too, on a
second line, for comparison.

Last, the nodes each search visits on the 390 positions of tests/solver_golden.json, beside the count
they visited when those were recorded: the test checks only the values and best moves there, so that a
better move order passes; this figure shows whether it is better.
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, Phase, deal_hand, replay
from euchre_lesson.play import solver
from euchre_lesson.play.solver import Search, solve

DEALS = 1000
SEEDS = {"partnership": 2026, "cutthroat": 2027, "twohand": 2028, "railroad": 2029}
# Two-handed trees are smaller than cutthroat's (two players); Railroad's are partnership's, with the joker (R1)
# and, after a call for best (R3), one hand of six cards cut to five.
GOALS = {
    "partnership": {"median": 0.5, "p90": 1.5, "max": 5.0},
    "cutthroat": {"median": 0.2},
    "twohand": {"median": 0.2},
    "railroad": {"median": 0.5, "p90": 1.5, "max": 5.0},
}
GAMES = {"partnership": PARTNERSHIP, "cutthroat": CUTTHROAT, "twohand": TWO_HANDED, "railroad": RAILROAD}
RECORDED = Path(__file__).resolve().parent.parent / "tests" / "solver_golden.json"
RECORDED_NODES = 10_668  # the nodes each search visited on the recorded positions in all, when the test pinned them


def first_leads(rules, seed: int, count: int, alone: bool = True) -> list:
    """`count` hands at their first lead, bid with random legal actions from a seeded generator."""
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = deal_hand(rules, rng.randrange(rules.players), seed=rng.randrange(2**32))
        while state.phase not in (Phase.PLAY, Phase.DONE):
            legal = state.legal_actions()
            if not alone:
                legal = [a for a in legal if a.kind != "alone"]
            state = state.apply(rng.choice(legal))
        if state.phase is Phase.PLAY:  # else thrown in (C9): deal again
            states.append(state)
    return states


def figures(times: list[float]) -> dict[str, float]:
    """Median, 90th percentile and maximum."""
    return {"median": statistics.median(times), "p90": statistics.quantiles(times, n=10)[-1], "max": max(times)}


def timed(state, compiled: bool) -> float:
    """Milliseconds for one call of solve(state), with the garbage collector paused as timeit does."""
    gc.disable()
    try:
        start = time.perf_counter()
        solve(state, compiled=compiled)
        return (time.perf_counter() - start) * 1000
    finally:
        gc.enable()


def measure(states: list, compiled: bool) -> tuple[str, dict[str, float]]:
    """Time one search on the deals: its figures as printed, and those of the first call per deal."""
    gc.collect()
    first = [timed(state, compiled) for state in states]
    best = [min(t, timed(state, compiled), timed(state, compiled)) for t, state in zip(first, states)]
    nodes = []
    for state in states:  # the same searches again, untimed, to count their nodes
        search = Search(state, compiled=compiled)
        search.values()
        nodes.append(search.nodes)
    got = figures(first)
    shown = "  ".join(f"{k} {got[k]:5.2f}" for k in ("median", "p90", "max"))
    best_shown = " ".join(f"{v:.2f}" for v in figures(best).values())
    return (
        f"{'compiled' if compiled else 'Python':8} {shown} ms (best of 3 calls: {best_shown})   "
        f"nodes median {statistics.median(nodes):.0f} max {max(nodes)}"
    ), got


def run(name: str, rules, alone: bool) -> bool:
    """Time one game; print its lines; say whether its goals are met (default search, first call per deal)."""
    states = first_leads(rules, SEEDS[name] + (0 if alone else 1), DEALS, alone)
    shown, got = measure(states, solver.COMPILED)
    playing = Counter(len(state.active_seats) for state in states)
    goals = GOALS[name]
    met = all(got[k] <= goal for k, goal in goals.items())
    wanted = ", ".join(f"{k} <= {goal:g}" for k, goal in goals.items())
    seats = " ".join(f"{n}:{playing[n]}" for n in sorted(playing, reverse=True))
    print(f"{name:12} {shown}   players in play {seats}   goal {wanted} ms: {'met' if met else 'NOT met'}")
    if solver.COMPILED:
        print(f"{'':12} {measure(states, False)[0]}   (same deals, for comparison)")
    return met


def recorded_nodes() -> None:
    """Print the nodes each search visits on the recorded positions, against the count when they were recorded."""
    states = [replay(row["hand"]) for row in json.loads(RECORDED.read_text())]
    for compiled in (True, False) if solver._search else (False,):
        nodes = 0
        for state in states:
            search = Search(state, compiled=compiled)
            search.values()
            nodes += search.nodes
        print(
            f"{'compiled' if compiled else 'Python':8} {nodes:,} nodes on the {len(states)} recorded positions "
            f"({nodes / RECORDED_NODES:.2f}x the {RECORDED_NODES:,} when they were recorded; fewer is a better order)"
        )


def python_speed() -> float:
    """Millions of simple loop steps a second, to compare runs on a noisy machine."""
    start = time.perf_counter()
    x = 0
    for i in range(1_000_000):
        x += i & 7
    return 1 / (time.perf_counter() - start)


def main() -> None:
    print(
        f"solve() from the first lead, {DEALS} random deals per game; this Python runs "
        f"{python_speed():.1f} M loop steps/s"
    )
    why = "built" if solver._search else "not built"
    print(f"search in use: {'compiled' if solver.COMPILED else f'Python (the compiled one is {why})'}")
    print("-- full tables: nobody goes alone, every seat plays (the goals apply here):")
    for name, rules in GAMES.items():
        run(name, rules, False)
    print(
        "-- going alone chosen at random too (most such hands have a lone player, and in Railroad a call for "
        "best; for comparison):"
    )
    for name, rules in GAMES.items():
        if rules.may_go_alone:  # nobody goes alone in two-hand (W4)
            run(name, rules, True)
    print("-- nodes searched on the positions of tests/solver_golden.json:")
    recorded_nodes()


if __name__ == "__main__":
    main()
