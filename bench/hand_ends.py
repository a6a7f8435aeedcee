"""How hands end in the games of two sides, for the coach's table of chances: `.venv/bin/python bench/hand_ends.py`.

    .venv/bin/python bench/hand_ends.py 20000   # the count play/coach.py's HAND_RESULTS was measured with

Every seat plays the rule of thumb, one hand per seed from 0; a hand thrown in changes no score and is left out.
Prints, for partnership and two-hand Euchre, each end's share of the hands scored, keyed as HAND_RESULTS keys them:
(the maker's tricks, alone), the maker's tricks counted as 5 (a march), 3 (three or four) or 0 (euchred). Measure
again whenever the rule of thumb changes, and write the new shares into play/coach.py.
"""

from __future__ import annotations

import argparse
from collections import Counter

from euchre_lesson.engine.game import new_game
from euchre_lesson.engine.rules import PARTNERSHIP, TWO_HANDED, RuleSet
from euchre_lesson.engine.view import acting_seat
from euchre_lesson.play.rule_of_thumb import RuleOfThumbPlayer


def hand_ends(rules: RuleSet, hands: int) -> tuple[Counter[tuple[int, bool]], int]:
    """How `hands` hands of rule-of-thumb players end, keyed (the maker's tricks as 5, 3 or 0, alone); and how many
    were thrown in."""
    player, ends, thrown_in = RuleOfThumbPlayer(), Counter[tuple[int, bool]](), 0
    for seed in range(hands):
        hand = new_game(rules, seed=seed).hand
        while not hand.is_over:
            hand = hand.apply(player.choose(hand.view(acting_seat(hand))))
        if hand.thrown_in:
            thrown_in += 1
            continue
        tricks = 5 if hand.maker_tricks == 5 else 3 if hand.maker_tricks >= 3 else 0
        ends[(tricks, tricks == 5 and hand.lone_maker)] += 1
    return ends, thrown_in


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hands", type=int, nargs="?", default=2000, help="hands per game (20,000 for HAND_RESULTS)")
    hands = parser.parse_args().hands
    for rules in (PARTNERSHIP, TWO_HANDED):
        ends, thrown_in = hand_ends(rules, hands)
        scored = sum(ends.values())
        shares = {key: round(count / scored, 3) for key, count in sorted(ends.items(), reverse=True)}
        print(f"{rules.game}: {shares} of {scored:,} scored ({thrown_in:,} thrown in)")


if __name__ == "__main__":
    main()
