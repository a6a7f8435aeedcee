"""How long the table's expert, Hint and Grade take, natively (C core) and in pure Python, idle and busy.

    python bench/decisions.py                 # both: pure Python runs in a second process
    python bench/decisions.py --pure-python   # pure Python only (EUCHRE_PURE_PYTHON=1)
    python bench/decisions.py --native        # the C core only
    python bench/decisions.py --hands 3       # fewer hands per game (default 6)
    python bench/decisions.py --busy 0        # idle only (default: also with 4 spinning processes)
    python bench/decisions.py --seconds none  # the table's budgets off: worlds alone decide
    python bench/decisions.py --seconds 0.05  # a smaller budget: the cap at work, as on a slower machine

The table's expert decides at every decision that has a choice in seeded hands bid and played by
rule-of-thumb players; Hint is the table's Hint at each of the learner's decisions, Grade its grading
of a whole finished hand (one click). Each runs idle, then again while --busy processes spin on the
machine's cores (each spinner stops by itself after --spin-seconds at most, and is ended when its part
is done). The goal (issue 24): the slowest of each, wall time, within 1.5 times its budget plus 50 ms,
idle and busy, in pure Python (as in the browser, where Python is slower still). Each line gives the
wall time (median, p95, worst), how many went over the budget and over the goal, and how many fell
back on the rule of thumb (no world fitted in the time) or were not graded for lack of time.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

if "--pure-python" in sys.argv:  # before the package is imported: solver.py reads it once
    os.environ["EUCHRE_PURE_PYTHON"] = "1"

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RuleOfThumbPlayer, deal_hand, new_game  # noqa: E402
from euchre_lesson.play import session as table  # noqa: E402
from euchre_lesson.play.advice import NOT_GRADED, bidding_worlds  # noqa: E402
from euchre_lesson.play.budget import checked_seconds  # noqa: E402
from euchre_lesson.play.solver import COMPILED  # noqa: E402

SPIN = "import sys, time\nend = time.monotonic() + float(sys.argv[1])\nwhile time.monotonic() < end:\n    pass\n"


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


def experts(views) -> tuple[list[float], int]:
    """Seconds of the table's expert at each view, and how many times it fell back on the rule of thumb."""
    expert, seconds, fallbacks = table.LEVELS["expert"](1), [], 0
    for view in views:
        start = time.perf_counter()
        reason = expert.decide(view).reason
        seconds.append(time.perf_counter() - start)
        fallbacks += reason.startswith("I had no time")
    return seconds, fallbacks


def clicks(rules, hands: int) -> tuple[list[float], int, list[float], int, int]:
    """Seconds of the table's Hint at each of your decisions and of Grade once each hand is over; how many hints
    fell back on the rule of thumb, and how many decisions of how many graded were not graded for lack of time."""
    learner, hints, grades, fallbacks, ungraded, graded = RuleOfThumbPlayer(), [], [], 0, 0, 0
    for seed in range(hands):
        session = table.TableSession(new_game(rules, seed=seed), 0, "rule of thumb")
        while not session.hand.is_over:
            if len(session.view.legal) > 1:
                start = time.perf_counter()
                news = session.hint()
                hints.append(time.perf_counter() - start)
                fallbacks += "no time to simulate" in news.reason
            session.act(learner.choose(session.view))
        start = time.perf_counter()
        session.grade()
        grades.append(time.perf_counter() - start)
        verdicts = [d.grade.verdict for d in session.graded.decisions if d.grade is not None]
        ungraded, graded = ungraded + verdicts.count(NOT_GRADED), graded + len(verdicts)
    return hints, fallbacks, grades, ungraded, graded


def report(label: str, seconds: list[float], budget: float | None, note: str) -> bool:
    """One line of figures; True if the slowest is within the goal (1.5 times the budget plus 50 ms)."""
    ms = sorted(s * 1000 for s in seconds)
    p95 = ms[max(0, math.ceil(0.95 * len(ms)) - 1)]  # the smallest time at least 95% of them take no longer than
    goal = None if budget is None else 1500 * budget + 50
    over = (
        "no budget"
        if budget is None
        else (
            f"over budget {sum(m > 1000 * budget for m in ms):4}, "
            f"over goal ({goal:.0f} ms) {sum(m > goal for m in ms):3}"
        )
    )
    print(
        f"  {label:32} median {statistics.median(ms):6.1f}  p95 {p95:6.1f}  "
        f"worst {ms[-1]:6.1f} ms  of {len(ms):4}: {over}; {note}",
        flush=True,
    )
    return goal is None or ms[-1] <= goal


@contextmanager
def busy(count: int, seconds: float):
    """`count` processes spinning on the cores while the block runs (each stops by itself after `seconds`)."""
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN, str(seconds)]) for _ in range(count)]
    try:
        yield
    finally:
        for spinner in spinners:  # only the processes started here, each by its own handle
            spinner.terminate()
            spinner.wait()


def measure(rules, hands: int) -> bool:
    """The expert, Hint and Grade in one game, in this process's mode (native or pure Python)."""
    views = positions(rules, hands)
    seconds, fallbacks = experts(views)
    met = report(f"{rules.game}: expert", seconds, table.DECISION_SECONDS, f"rule of thumb {fallbacks}")
    hints, fell_back, grades, ungraded, graded = clicks(rules, hands)
    met &= report(f"{rules.game}: Hint", hints, table.HINT_SECONDS, f"rule of thumb {fell_back}")
    met &= report(
        f"{rules.game}: Grade (a whole hand)",
        grades,
        table.GRADE_SECONDS,
        f"not graded {ungraded} of {graded} decisions",
    )
    return met


def run(hands: int, spinners: int, spin_seconds: float) -> bool:
    """Both games idle, then busy, in this process's mode."""
    mode = "native (C core)" if COMPILED else "pure Python"
    print(
        f"-- {mode}: the expert samples {table.EXPERT_WORLDS} worlds per decision in trick play, "
        f"{bidding_worlds(table.EXPERT_WORLDS)} simulated hands an option before it; budgets: "
        f"{table.DECISION_SECONDS} s a decision, {table.HINT_SECONDS} s a hint, {table.GRADE_SECONDS} s "
        f"the grades of a hand; {hands} hands per game",
        flush=True,
    )
    met = True
    for label, load in (("idle", 0), (f"busy ({spinners} spinning processes on {os.cpu_count()} cores)", spinners)):
        if label != "idle" and not spinners:
            continue
        print(f" {mode}, {label}:", flush=True)
        with busy(load, spin_seconds):
            for rules in (CUTTHROAT, PARTNERSHIP):
                met &= measure(rules, hands)
    return met


def budgets(seconds: float | None) -> None:
    """Set the table's budgets: `seconds` a decision and a hint, twice that for the grades of a hand."""
    table.DECISION_SECONDS = table.HINT_SECONDS = seconds  # read by the table at each decision
    table.GRADE_SECONDS = None if seconds is None else 2 * seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pure-python", action="store_true", help="only pure Python (EUCHRE_PURE_PYTHON=1)")
    parser.add_argument("--native", action="store_true", help="only the C core")
    parser.add_argument("--hands", type=int, default=6, help="hands per game (default 6)")
    parser.add_argument("--busy", type=int, default=4, help="spinning processes for the busy run (default 4; 0: none)")
    parser.add_argument(
        "--spin-seconds",
        type=float,
        default=300.0,
        help="the longest a spinner runs (default 300; each is ended when its part is done)",
    )
    parser.add_argument(
        "--seconds",
        default="table",
        help="the budget of a decision: the table's (default), a number of seconds, or none",
    )
    args = parser.parse_args()
    if args.hands < 1 or args.busy < 0 or not 0 < args.spin_seconds <= 3600:
        parser.error("--hands must be 1 or more, --busy 0 or more, --spin-seconds from 0 to 3600")
    if args.seconds != "table":
        try:
            budgets(None if args.seconds == "none" else checked_seconds("--seconds", float(args.seconds)))
        except ValueError:
            parser.error(f"--seconds must be a number of seconds from 0 up, none, or table; not {args.seconds!r}")
    met = True
    if not args.pure_python:
        if not COMPILED:
            print("the C core is not built (or EUCHRE_PURE_PYTHON=1 is set): native figures are pure Python")
        met &= run(args.hands, args.busy, args.spin_seconds)
    if not args.native and not args.pure_python:  # pure Python in a process of its own
        again = [
            sys.executable,
            __file__,
            "--pure-python",
            "--hands",
            str(args.hands),
            "--busy",
            str(args.busy),
            "--spin-seconds",
            str(args.spin_seconds),
            "--seconds",
            args.seconds,
        ]
        met &= subprocess.run(again).returncode == 0
    elif args.pure_python:
        met &= run(args.hands, args.busy, args.spin_seconds)
    print("goal (the slowest within 1.5 x its budget + 50 ms): " + ("met" if met else "MISSED"), flush=True)
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
