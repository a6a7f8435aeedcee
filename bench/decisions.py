"""How long the computer players take to decide: rule of thumb at every decision, the expert at the first lead.

    python bench/decisions.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lesson import CUTTHROAT, PARTNERSHIP, Phase, deal_hand  # noqa: E402
from euchre_lesson.play.players import ExpertPlayer, RuleOfThumbPlayer  # noqa: E402


def first_leads(rules, count: int):
    """Seeded hands bid by rule-of-thumb players, at their first lead (throw-ins skipped)."""
    player, seed, found = RuleOfThumbPlayer(), 0, []
    while len(found) < count:
        hand = deal_hand(rules, seed % rules.players, seed=seed)
        seed += 1
        while not hand.is_over and hand.phase is not Phase.PLAY:
            hand = hand.apply(player.choose(hand.view(hand.to_act)))
        if not hand.is_over:
            found.append(hand)
    return found


def timed(choose, views) -> list[float]:
    out = []
    for view in views:
        start = time.perf_counter()
        choose(view)
        out.append(time.perf_counter() - start)
    return out


def report(label: str, seconds: list[float], goal: str) -> None:
    ms = sorted(s * 1000 for s in seconds)
    print(f"{label:48} median {statistics.median(ms):8.2f} ms  p90 {ms[int(0.9 * len(ms))]:8.2f} ms  "
          f"max {ms[-1]:8.2f} ms  over {len(ms)}   goal {goal}")


def main() -> None:
    for rules in (CUTTHROAT, PARTNERSHIP):
        rot = RuleOfThumbPlayer()
        views = []
        for hand in first_leads(rules, 200):  # every decision of a whole hand, bidding included
            replay = deal_hand(rules, hand.dealer, deal=hand.deal)
            while not replay.is_over:
                view = replay.view(replay.to_act)
                views.append(view)
                replay = replay.apply(rot.choose(view))
        report(f"{rules.game}: rule-of-thumb decision", timed(rot.choose, views), "median <= 1 ms")
        expert = ExpertPlayer(seed=1, worlds=200)
        leads = [hand.view(hand.to_act) for hand in first_leads(rules, 40)]
        report(f"{rules.game}: expert at the first lead (200 worlds)", timed(expert.choose, leads), "median <= 250 ms")


if __name__ == "__main__":
    main()
