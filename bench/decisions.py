"""How long the computer takes to decide, natively (C core) and in pure Python (as in the browser).

    python bench/decisions.py                 # both: pure Python runs in a second process
    python bench/decisions.py --pure-python   # pure Python only (EUCHRE_PURE_PYTHON=1)
    python bench/decisions.py --native        # the C core only
    python bench/decisions.py --hands 20      # fewer hands per game (default 40)
    python bench/decisions.py --seconds none  # the table's budgets off: worlds alone decide
    python bench/decisions.py --seconds 0.05  # a smaller budget: the cap at work, as on a slower machine

Each computer level of the table (random, rule of thumb, expert, made as the table makes them)
decides at every decision that has a choice in seeded hands bid and played by rule-of-thumb
players, so every level sees the same positions. Hint is the table's Hint at each of the
learner's decisions, Grade its grading of a whole finished hand (one click). In the browser
(Pyodide) Python runs about twice as slow as pure Python here: its goal is a decision in at most
0.5 s there, so about 0.25 s here in pure Python.

Each line gives the wall time (median, p90, max) and the most CPU time one decision took. On a
machine shared with other work, a process waiting for a core shows in the wall time but not in its
CPU time, so the goal is judged on the CPU time: alone in a browser tab, the two are the same.
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
from euchre_lesson.play.advice import bidding_worlds  # noqa: E402
from euchre_lesson.play.budget import checked_seconds  # noqa: E402
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


def stopwatch() -> tuple[float, float]:
    """Wall and CPU seconds now."""
    return time.perf_counter(), time.process_time()


def since(start: tuple[float, float]) -> tuple[float, float]:
    """Wall and CPU seconds since `start`."""
    wall, cpu = stopwatch()
    return wall - start[0], cpu - start[1]


def timed(choose, views) -> list[tuple[float, float]]:
    out = []
    for view in views:
        start = stopwatch()
        choose(view)
        out.append(since(start))
    return out


def clicks(rules, hands: int) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Seconds of the table's Hint at each of your decisions, and of Grade once each hand is over."""
    learner, hints, grades = RuleOfThumbPlayer(), [], []
    for seed in range(hands):
        session = table.TableSession(new_game(rules, seed=seed), 0, "rule of thumb")
        while not session.hand.is_over:
            if len(session.view.legal) > 1:
                start = stopwatch()
                session.hint()
                hints.append(since(start))
            session.act(learner.choose(session.view))
        start = stopwatch()
        session.grade()
        grades.append(since(start))
    return hints, grades


def report(label: str, seconds: list[tuple[float, float]], goal: float | None = None) -> bool:
    ms = sorted(wall * 1000 for wall, _ in seconds)
    cpus = sorted(cpu * 1000 for _, cpu in seconds)
    cpu = cpus[-1]
    verdict = "" if goal is None else f"goal cpu max <= {goal:.0f} ms: {'met' if cpu <= goal else 'MISSED'}"
    # The processor time beside the wall time: on a busy machine only the first grows.
    print(f"{label:52} median {statistics.median(ms):7.1f} ms  p90 {ms[int(0.9 * (len(ms) - 1))]:7.1f} ms  "
          f"max {ms[-1]:7.1f} ms  cpu median {statistics.median(cpus):7.1f} ms  cpu max {cpu:7.1f} ms  "
          f"over {len(ms):4}   {verdict}", flush=True)
    return goal is None or cpu <= goal


def budgets(seconds: float | None) -> None:
    """Set the table's budgets: `seconds` a decision and a hint, twice that for the grades of a hand."""
    table.DECISION_SECONDS = table.HINT_SECONDS = seconds  # read by the table at each decision
    table.GRADE_SECONDS = None if seconds is None else 2 * seconds


def measure(hands: int) -> bool:
    """Every level, Hint and Grade in both games, in this process's mode (native or pure Python)."""
    mode = "native (C core)" if COMPILED else "pure Python"
    print(f"-- {mode}: the expert samples {table.EXPERT_WORLDS} worlds per decision in trick play, "
          f"{bidding_worlds(table.EXPERT_WORLDS)} simulated hands an option before it; budgets: "
          f"{table.DECISION_SECONDS} s a decision and a hint, {table.GRADE_SECONDS} s the grades of a hand; "
          f"{hands} hands per game")
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
    parser.add_argument("--seconds", default="table", help="the budget of a decision: the table's (default), "
                                                            "a number of seconds, or none")
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be 1 or more")
    if args.seconds != "table":
        try:
            budgets(None if args.seconds == "none" else checked_seconds("--seconds", float(args.seconds)))
        except ValueError:
            parser.error(f"--seconds must be a number of seconds from 0 up, none, or table; not {args.seconds!r}")
    met = True
    if not args.pure_python:
        if not COMPILED:
            print("the C core is not built (or EUCHRE_PURE_PYTHON=1 is set): native figures are pure Python")
        met &= measure(args.hands)
    if not args.native and not args.pure_python:  # pure Python in a process of its own
        again = [sys.executable, __file__, "--pure-python", "--hands", str(args.hands), "--seconds", args.seconds]
        met &= subprocess.run(again).returncode == 0
    elif args.pure_python:
        met &= measure(args.hands)
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
