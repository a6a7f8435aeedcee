"""How long the game table takes to answer a click: from the learner's action to the redrawn view,
the computer players' replies included.

    python bench/widgets.py

The learner's seat is clicked by a rule-of-thumb player through the table's own controls
(`Table.act`, which clicks the card or the button); "Next hand" clicks, where the computer
players may bid a whole round, are timed apart. No browser: the figures are Python's side.
The same games are then played through the table's session alone (`TableSession`, no widget):
the difference is what drawing costs.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RuleOfThumbPlayer, new_game  # noqa: E402
from euchre_lesson.play.advice import bidding_worlds  # noqa: E402
from euchre_lesson.play.session import EXPERT_WORLDS, TableSession  # noqa: E402
from euchre_lesson.widgets.table import Table  # noqa: E402

# Learner actions timed per game and level: the expert takes longer, so fewer of its.
ACTIONS = {"random": 600, "rule of thumb": 600, "expert": 150}
GOALS = {"random": 50.0, "rule of thumb": 50.0, "expert": 250.0}  # median, milliseconds


def drawn(rules, level: str, seed: int):
    """A Table, and its "Next hand" button's click."""
    table = Table(rules, seat=0, level=level, seed=seed)
    return table, lambda: table.next_button.click()


def undrawn(rules, level: str, seed: int):
    """The table's session alone, and its next hand."""
    session = TableSession(new_game(rules, seed=seed), 0, level)
    return session, session.next_hand


def timed_clicks(rules, level: str, count: int, sit=drawn) -> tuple[list[float], list[float]]:
    """Seconds per learner action and per "Next hand" click, over seeded games until `count` actions."""
    learner, actions, next_hands, seed = RuleOfThumbPlayer(), [], [], 0
    while len(actions) < count:
        table, next_hand = sit(rules, level, seed)
        seed += 1
        while not table.game.is_over and len(actions) < count:
            if table.my_turn:
                action = learner.choose(table.view)
                start = time.perf_counter()
                table.act(action)
                actions.append(time.perf_counter() - start)
            else:
                start = time.perf_counter()
                next_hand()
                next_hands.append(time.perf_counter() - start)
    return actions, next_hands


def report(label: str, seconds: list[float], goal: float | None) -> bool:
    ms = sorted(s * 1000 for s in seconds)
    median, p95 = statistics.median(ms), ms[int(0.95 * (len(ms) - 1))]
    verdict = "" if goal is None else f"goal median < {goal:.0f} ms: {'met' if median < goal else 'MISSED'}"
    print(f"{label:62} median {median:8.2f} ms  p95 {p95:8.2f} ms  max {ms[-1]:8.2f} ms  over {len(ms):4}   {verdict}")
    return goal is None or median < goal


def main() -> None:
    print(
        f"expert players sample {EXPERT_WORLDS} worlds per decision in trick play, "
        f"{bidding_worlds(EXPERT_WORLDS)} simulated hands an option before it"
    )
    met = True
    for level, count in ACTIONS.items():
        for rules in (CUTTHROAT, PARTNERSHIP):
            actions, next_hands = timed_clicks(rules, level, count)
            met &= report(f"{rules.game}, {level}: your action", actions, GOALS[level])
            report(f"{rules.game}, {level}: Next hand", next_hands, None)
            actions, next_hands = timed_clicks(rules, level, count, undrawn)
            report(f"{rules.game}, {level}: your action, session alone", actions, None)
            report(f"{rules.game}, {level}: Next hand, session alone", next_hands, None)
    print("all goals met" if met else "some goals MISSED")


if __name__ == "__main__":
    main()
