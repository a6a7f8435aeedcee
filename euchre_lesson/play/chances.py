"""Chances: how likely each side is to win the game from a score, so that a hand's points can be weighed by it.

A point is worth more near the end of a game, and in Cutthroat a point for the leader hurts more than a point for
the player at the back. The chances assume equally strong players, each as likely to make trump, and hands that
end as they end for rule-of-thumb players; the game's own rules (T8) say who has won.
"""

from __future__ import annotations

from functools import cache

from ..engine import checks
from ..engine.game import in_contention, scored_points, side_points, sides
from ..engine.rules import CUTTHROAT, RuleSet, side_of
from ..engine.scoring import score_hand
from ..engine.view import View

# How hands end, by the tricks the maker takes (all five, three or four, two or fewer), and how often: 20,000
# Cutthroat hands of rule-of-thumb players (the 2.7% thrown in change no score, so they are left out). Kept here,
# keyed by the game's facts, not among them: it is a measure of how this layer's players play, not a rule, and
# it must be measured again whenever the rule of thumb changes.
HAND_ENDS = {CUTTHROAT.facts: {5: 0.441, 3: 0.440, 0: 0.093}}
# A score further below the target than this counts as this far: it changes the chances little, and a game set up
# from -999 must not need a thousand hands of look-ahead.
FARTHEST = 20


def weighs_chances(rules: RuleSet) -> bool:
    """Whether this game has a table of hand results to work out its chances from."""
    return rules.facts in HAND_ENDS


def win_chances(rules: RuleSet, scores: tuple[int, ...], contenders: tuple[int, ...] = ()) -> tuple[float, ...]:
    """Each side's chance of winning the game from `scores` (sides in GameState.sides order)."""
    checks.rules("rules", rules)
    if not weighs_chances(rules):
        raise ValueError(
            f"There is no table of hand results for {rules.facts.name}: chances are worked out for "
            f"{', '.join(facts.name for facts in HAND_ENDS)}."
        )
    count = len(sides(rules))
    if not isinstance(scores, tuple) or len(scores) != count or not all(type(s) is int for s in scores):
        raise checks.refused("scores", scores, f"a tuple of {count} whole numbers, one score per side")
    if not isinstance(contenders, tuple) or not all(type(c) is int and 0 <= c < count for c in contenders):
        raise checks.refused("contenders", contenders, f"a tuple of sides, whole numbers from 0 to {count - 1}")
    return _floored(rules, scores, contenders)


def _floored(rules: RuleSet, scores: tuple[int, ...], contenders: tuple[int, ...]) -> tuple[float, ...]:
    """The chances, with each score at most FARTHEST below the target (arguments already checked)."""
    floor = rules.target - FARTHEST
    return _chances(rules, tuple(max(score, floor) for score in scores), contenders)


@cache
def _chances(rules: RuleSet, scores: tuple[int, ...], contenders: tuple[int, ...]) -> tuple[float, ...]:
    leaders = in_contention(rules, scores, contenders)
    if scores[leaders[0]] >= rules.target:  # won; or level at the top, where equally strong sides are even
        return tuple(1 / len(leaders) if side in leaders else 0.0 for side in range(len(scores)))
    count, total, weight = len(scores), [0.0] * len(scores), 0.0
    for maker_tricks, share in HAND_ENDS[rules.facts].items():
        makers, defenders = score_hand(rules, maker_tricks)
        if makers == defenders == 0:  # like a hand thrown in, it changes nothing; and leaving it out looks ahead
            continue  # a finite way, as every hand counted scores a point at least
        for maker in range(count):
            points = tuple(makers if side == maker else defenders for side in range(count))
            for side, chance in enumerate(_chances(rules, *scored_points(rules, scores, contenders, points))):
                total[side] += share * chance
            weight += share
    return tuple(chance / weight for chance in total)


def chance_after(view: View, points: tuple[int, ...]) -> float:
    """view.seat's chance of winning the game once this hand has given each seat `points` (view.scores before)."""
    rules = view.rules  # the view's scores come from its game: checked there, and this runs for every simulated hand
    after = scored_points(rules, view.scores, view.contenders, side_points(rules, points))
    return _floored(rules, *after)[sides(rules).index(side_of(rules, view.seat))]
