"""Points for a finished hand, read from the rule set's scoring table (T7, F4, W6, R4)."""

from __future__ import annotations

from typing import NamedTuple

from . import checks
from .errors import IllegalAction
from .rules import RuleSet, ScoreRow


class Points(NamedTuple):
    """Points of the makers' side and of the defenders' side (in cutthroat: each defender)."""

    makers: int
    defenders: int


def scoring_row(rules: RuleSet, maker_tricks: int, maker_alone: bool = False, lone_defender: bool = False) -> ScoreRow:
    """The first row of the table that matches the hand's result."""
    checks.rules("rules", rules)
    checks.whole("maker_tricks", maker_tricks, 0, 5, "the makers' tricks, a whole number from 0 to 5")
    checks.flag("maker_alone", maker_alone)
    checks.flag("lone_defender", lone_defender)
    if (maker_alone or lone_defender) and not rules.may_go_alone:
        raise IllegalAction(
            "W4",
            f"nobody goes alone in this game ({rules.game!r}): every hand is already one against one, so "
            f"maker_alone and lone_defender must be False.",
        )
    for row in rules.scoring:
        if (
            maker_tricks in row.maker_tricks
            and row.maker_alone in (None, maker_alone)
            and row.lone_defender in (None, lone_defender)
        ):
            return row
    raise AssertionError(f"the {rules.game} scoring table has no row for {maker_tricks} tricks")


def score_hand(rules: RuleSet, maker_tricks: int, maker_alone: bool = False, lone_defender: bool = False) -> Points:
    """The points of the makers' side and of the defenders' side for one hand (T7, F4, W6, R4)."""
    row = scoring_row(rules, maker_tricks, maker_alone, lone_defender)
    return Points(row.makers, row.defenders)
