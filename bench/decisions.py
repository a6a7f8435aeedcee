"""How long the computer takes to decide, natively (C core) and in pure Python (as in the browser).

    python bench/decisions.py                 # both: pure Python runs in a second process
    python bench/decisions.py --pure-python   # pure Python only (EUCHRE_PURE_PYTHON=1)
    python bench/decisions.py --native        # the C core only
    python bench/decisions.py --hands 20      # fewer hands per game (default 40)

Each computer level of the table (random, rule of thumb, expert, made as the table makes them)
decides at every decision that has a choice in seeded hands bid and played by rule-of-thumb
players, so every level sees the same positions. Hint is the table's Hint at each of the
learner's decisions, Grade its grading of a whole finished hand (one click). In the browser
(Pyodide) Python runs about twice as slow as pure Python here: its goal is a decision in at most
0.5 s there, so about 0.25 s here in pure Python.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

if "--pure-python" in sys.argv:  # before the package is imported: solver.py reads it once
    os.environ["EUCHRE_PURE_PYTHON"] = "1"

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RuleOfThumbPlayer, deal_hand, new_game  # noqa: E402
from euchre_lesson.play import session as table  # noqa: E402
from euchre_lesson.play.players import ExpertPlayer  # noqa: E402
from euchre_lesson.play.solver import COMPILED  # noqa: E402

# The goal for the slowest decision, in ms: the browser's 500 ms, halved in pure Python here.
GOAL_MAX = {True: 500.0, False: 250.0}


def positions(rules, hands: int):
    """The view at every decision with a choice, in seeded hands played by rule-of-thumb players."""
    player, views = RuleOfThumbPlayer(), []
    for seed in range(hands):
        hand = deal_hand(rules, seed % rules.players, seed=seed)
        while not hand.is_over:
            view = hand.view(hand.to_act)
            if len(view.legal) > 1:
                views.append(view)
            hand = hand.apply(player.choose(view))
    return views


def timed(choose, views) -> list[float]:
    out = []
    for view in views:
        start = time.perf_counter()
        choose(view)
        out.append(time.perf_counter() - start)
    return out


def clicks(rules, hands: int) -> tuple[list[float], list[float]]:
    """Seconds of the table's Hint at each of your decisions, and of Grade once each hand is over."""
    learner, hints, grades = RuleOfThumbPlayer(), [], []
    for seed in range(hands):
        session = table.TableSession(new_game(rules, seed=seed), 0, "rule of thumb")
        while not session.hand.is_over:
            if len(session.view.legal) > 1:
                start = time.perf_counter()
                session.hint()
                hints.append(time.perf_counter() - start)
            session.act(learner.choose(session.view))
        start = time.perf_counter()
        session.grade()
        grades.append(time.perf_counter() - start)
    return hints, grades


def report(label: str, seconds: list[float], goal: float | None = None) -> bool:
    ms = sorted(s * 1000 for s in seconds)
    verdict = "" if goal is None else f"goal max <= {goal:.0f} ms: {'met' if ms[-1] <= goal else 'MISSED'}"
    print(f"{label:46} median {statistics.median(ms):8.2f} ms  p90 {ms[int(0.9 * (len(ms) - 1))]:8.2f} ms  "
          f"max {ms[-1]:8.2f} ms  over {len(ms):4}   {verdict}", flush=True)
    return goal is None or ms[-1] <= goal


def measure(hands: int) -> bool:
    """Every level, Hint and Grade in both games, in this process's mode (native or pure Python)."""
    mode = "native (C core)" if COMPILED else "pure Python"
    budget = getattr(ExpertPlayer(1), "seconds", None)
    print(f"-- {mode}: the expert samples {table.EXPERT_WORLDS} worlds per decision (a quarter, at least 8, "
          f"when bidding), budget {budget} s a decision; {hands} hands per game")
    goal, met = GOAL_MAX[COMPILED], True
    for rules in (CUTTHROAT, PARTNERSHIP):
        views = positions(rules, hands)
        for level in table.LEVELS:
            met &= report(f"{mode}, {rules.game}: {level}", timed(table.LEVELS[level](1).choose, views), goal)
        hints, grades = clicks(rules, hands)
        met &= report(f"{mode}, {rules.game}: Hint", hints, goal)
        report(f"{mode}, {rules.game}: Grade (a whole hand)", grades)
    return met


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pure-python", action="store_true", help="only pure Python (EUCHRE_PURE_PYTHON=1)")
    parser.add_argument("--native", action="store_true", help="only the C core")
    parser.add_argument("--hands", type=int, default=40, help="hands per game (default 40)")
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be 1 or more")
    met = True
    if not args.pure_python:
        if not COMPILED:
            print("the C core is not built (or EUCHRE_PURE_PYTHON=1 is set): native figures are pure Python")
        met &= measure(args.hands)
    if not args.native and not args.pure_python:  # pure Python in a process of its own
        met &= subprocess.run([sys.executable, __file__, "--pure-python", "--hands", str(args.hands)]).returncode == 0
    elif args.pure_python:
        met &= measure(args.hands)
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
