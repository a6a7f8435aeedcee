"""The coach after a hand: each of a seat's decisions banded by how much it lowered the chance of winning the GAME.

A grade (advice.py) says how much a decision lost against the best option, in the unit its options were weighed
in: the chance of winning the game (Cutthroat's bidding in a game), points (the other games' bidding) or tricks
(trick play). The coach turns each loss into the same measure, the chance of winning the game, from the score the
hand was played at, so a lost point counts for more at 8-9 than at 0-0:

- a chance of winning is the loss itself;
- a point (the unit is your side's points less the others') is worth half the difference between your side
  scoring one more point and another side scoring one: `point_worth`;
- a trick is worth two points of that unit (a trick's swing is about two points: advice.SCALES says the same).

The chance of winning from each score is Cutthroat's table of chances (chances.py); for the games of two sides it
is worked out here, when asked, by a small dynamic programme over how hands end (`HAND_RESULTS`), for two equally
strong sides, each as likely to make trump: so it is 50% at 0-0 and at every level score.

The bands, on the drop in the chance of winning (percentage points of p, the win probability; Lichess's W is 2p - 1,
so its limits on W are twice these figures):

    band         this coach        Lichess (lila Advice.scala)     kline7's euchre trainer
    Best         below 0.5         (the engine's move)             (the best play)
    Good         0.5 to 3          below 5                         below 2
    Inaccuracy   3 to 8            5 to 10  (W drop >= 0.1)        2 to 8
    Mistake      8 to 15           10 to 15 (W drop >= 0.2)        8 to 20
    Blunder      15 or more        15 or more (W drop >= 0.3)      over 20

Why these: early in a game of ten points one point for your side (or against it) moves the chance of winning by
about 6 to 8 points (partnership from 0-0: 50% to 57%; Cutthroat: 33% to 40%). So Lichess's limits would let a
decision that gives away a whole point early pass as a mere inaccuracy, and kline7's would call anything over 2 an
inaccuracy, which 40 sampled deals cannot always tell from chance. Early in a game the coach's inaccuracy is about
half a point, a mistake about a point, a blunder two points or more (a trick given away early is a mistake, nearly a
blunder); near the end of a game the same lost point weighs about twice as much, as it should. A close call
(advice.py: the deals sampled cannot tell the choice from the best) is never worse than Good.

The accuracy of a decision is Lichess's formula on the same drop (d in percentage points of p):
    accuracy = 103.1668 * exp(-0.04354 * d) - 3.1669, kept between 0 and 100,
so the best scores 100, a drop of 3 about 88, of 8 about 70, of 15 about 50. A hand's accuracy, and a game's, is
the plain average over the decisions graded (an only legal choice, or one not graded for lack of time, is left out).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..engine import checks, language
from ..engine.actions import Action
from ..engine.game import GameState, scored_points, sides
from ..engine.hand import HandState
from ..engine.language import N_, _, ngettext
from ..engine.narration import capital, choice_words, result_words
from ..engine.phases import Phase
from ..engine.rules import RuleSet, side_of
from ..engine.scoring import score_hand
from ..engine.sequence import PHASE_RULES
from ..engine.view import View, acting_seat
from .advice import NOT_GRADED, Grade
from .chances import FARTHEST, weighs_chances, win_chances
from .choice import Player
from .rule_of_thumb import RuleOfThumbPlayer

# How hands end in the games of two sides, measured: 20,000 hands of rule-of-thumb players each (bench/hand_ends.py
# 20000: seeds 0 to 19,999; the hands thrown in change no score and are left out). Keyed by (the maker's
# tricks, alone), read through the game's own scoring table (T7, F4, W6, R4), so a house rule on the points counts.
# A measure of how this layer's players play, not a rule: measured again whenever the rule of thumb changes.
PARTNERSHIP_ENDS = {(5, True): 0.028, (5, False): 0.283, (3, False): 0.621, (0, False): 0.069}  # of 14,738 scored
HAND_RESULTS: Mapping[str, Mapping[tuple[int, bool], float]] = {
    "partnership": PARTNERSHIP_ENDS,
    "railroad": PARTNERSHIP_ENDS,  # Railroad is partnership Euchre with extras: its hands end alike, near enough
    "twohand": {(5, False): 0.326, (3, False): 0.572, (0, False): 0.102},  # of 18,149 scored
}

# The bands, each with the least drop in the chance of winning (0 to 1) that puts a decision in it; see above.
BANDS = (("Best", 0.0), ("Good", 0.005), ("Inaccuracy", 0.03), ("Mistake", 0.08), ("Blunder", 0.15))
WELL = frozenset({"Best", "Good"})  # the bands of a decision played well
TRICK_POINTS = 2.0  # a trick's worth in points of the advice's unit (your points less the others'): advice.SCALES
ONLY_CHOICE = "Only choice"  # a decision with one legal action: nothing to band
# The bands' names as a learner reads them: the names above stay the keys (of the CSS, the reports, MISSED_BANDS).
BAND_WORDS = {
    "Best": N_("Best"),
    "Good": N_("Good"),
    "Inaccuracy": N_("Inaccuracy"),
    "Mistake": N_("Mistake"),
    "Blunder": N_("Blunder"),
    ONLY_CHOICE: N_("Only choice"),
    NOT_GRADED: N_("Not graded"),
}


def band_of(drop: float) -> str:
    """The band of a decision that lowered the chance of winning the game by `drop` (0 to 1)."""
    if not isinstance(drop, (int, float)) or isinstance(drop, bool) or math.isnan(drop):
        raise checks.refused("drop", drop, "a number from 0 to 1: how much the chance of winning fell")
    return [name for name, least in BANDS if drop >= least][-1]


def band_words(band: str) -> str:
    """A band's name in the language chosen ("Mistake" -> "Erreur" in French); a name not a band, as given."""
    checks.instance("band", band, str, "a band's name, such as 'Mistake'")
    return language._(BAND_WORDS[band]) if band in BAND_WORDS else band


def accuracy_of(drop: float) -> float:
    """Lichess's accuracy of one decision (0 to 100) from the drop in the chance of winning (0 to 1)."""
    points = 100 * max(0.0, drop)
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))


# -- the chance of winning the game from a score ------------------------------------------------------------------


def two_sides_table(rules: RuleSet) -> tuple[tuple[float, ...], ...]:
    """table[a][b]: side 0's chance of winning from a-b, for scores from FARTHEST below the target up to it (index 0
    is the target less FARTHEST), two equally strong sides, each making trump in half the hands."""
    ends = HAND_RESULTS.get(rules.game)
    if ends is None:
        raise ValueError(f"There is no table of how hands end for {rules.game}: it has {len(sides(rules))} sides.")
    target, low = rules.target, rules.target - FARTHEST
    size = target - low
    gains = [(score_hand(rules, tricks, alone), share) for (tricks, alone), share in ends.items()]
    table = [[0.0] * size for _row in range(size)]

    def at(a: int, b: int) -> float:
        if a >= target:
            return 1.0
        if b >= target:
            return 0.0
        return table[a - low][b - low]

    # Every hand counted scores a point at least, so a score depends only on higher ones: fill from the top down.
    for a in range(target - 1, low - 1, -1):
        for b in range(target - 1, low - 1, -1):
            total = 0.0
            for (makers, defenders), share in gains:
                total += share / 2 * (at(a + makers, b + defenders) + at(a + defenders, b + makers))
            table[a - low][b - low] = total / sum(share for _gain, share in gains)
    return tuple(tuple(row) for row in table)


def game_chances(
    rules: RuleSet,
    scores: tuple[int, ...],
    contenders: tuple[int, ...] = (),
    table: Sequence[Sequence[float]] | None = None,
) -> tuple[float, ...]:
    """Each side's chance of winning the game from `scores` (sides in GameState.sides order); `table`, for a game of
    two sides, its two_sides_table if already worked out."""
    if weighs_chances(rules):
        return win_chances(rules, scores, contenders)
    if len(scores) != 2:
        raise checks.refused("scores", scores, "a tuple of two scores, one per side")
    table = two_sides_table(rules) if table is None else table
    a, b = (max(score, rules.target - FARTHEST) for score in scores)
    if a >= rules.target or b >= rules.target:
        return (1.0, 0.0) if a > b else (0.0, 1.0) if b > a else (0.5, 0.5)
    low = rules.target - FARTHEST
    first = table[a - low][b - low]
    return first, 1.0 - first


def point_worth(
    rules: RuleSet,
    scores: tuple[int, ...],
    seat: int,
    contenders: tuple[int, ...] = (),
    table: Sequence[Sequence[float]] | None = None,
) -> float:
    """What one point of the advice's unit (your side's points less the others') is worth in `seat`'s chance of
    winning the game at `scores`: half the gap between your side scoring a point and another side scoring one."""
    mine = sides(rules).index(side_of(rules, seat))

    def after(side: int) -> float:
        points = tuple(int(s == side) for s in range(len(scores)))
        return game_chances(rules, *scored_points(rules, scores, contenders, points), table=table)[mine]

    others = [after(side) for side in range(len(scores)) if side != mine]
    return max(0.0, (after(mine) - sum(others) / len(others)) / 2)


def chance_drop(grade: Grade, worth: float) -> float:
    """How much a graded decision lowered the chance of winning the game (0 to 1), a point being worth `worth`."""
    if grade.unit == "chance of winning":
        return grade.loss
    if grade.unit == "points":
        return grade.loss * worth
    if grade.unit == "tricks":
        return grade.loss * TRICK_POINTS * worth
    return 0.0


# -- the review of one hand --------------------------------------------------------------------------------------

# The lesson that teaches each kind of decision (its notebook), and the rule behind it is PHASE_RULES's.
PHASE_LESSONS: Mapping[Phase, tuple[int, str]] = {
    Phase.ROUND_ONE: (2, "02_bidding_round_one.ipynb"),
    Phase.PICKUP: (2, "02_bidding_round_one.ipynb"),
    Phase.ROUND_TWO: (3, "03_round_two.ipynb"),
    Phase.GOING_ALONE: (5, "05_going_alone.ipynb"),
    Phase.DUMMY: (4, "04_maker_defenders_dummy.ipynb"),
    Phase.JOKER_CALL: (10, "10_variants_and_house_rules.ipynb"),
    Phase.EXCHANGE: (12, "12_two_handed_and_railroad.ipynb"),
    Phase.PLAY: (6, "06_playing_tricks.ipynb"),
    Phase.DONE: (6, "06_playing_tricks.ipynb"),
}


class Reviewed(NamedTuple):
    """One decision as the coach sees it: where it was taken, what was chosen, its band and what it cost."""

    state: HandState
    action: Action
    band: str  # one of BANDS' names, ONLY_CHOICE, or NOT_GRADED
    drop: float  # the chance of winning the game it lost, 0 to 1
    grade: Grade | None
    place: int  # its place in the hand's history: where Try again starts

    @property
    def counted(self) -> bool:
        """Whether it counts in the accuracy: graded, and not an only choice."""
        return self.band not in (ONLY_CHOICE, NOT_GRADED)

    @property
    def accuracy(self) -> float:
        return accuracy_of(self.drop)

    @property
    def rule(self) -> str:
        """The rule behind the decision (its phase's, in RULES.md)."""
        return PHASE_RULES[self.state.phase]

    @property
    def lesson(self) -> tuple[int, str]:
        """The lesson that teaches this kind of decision: its number and its notebook."""
        return PHASE_LESSONS[self.state.phase]


class Review(NamedTuple):
    """A seat's decisions in one finished hand, banded, with the hand's accuracy and the worst decision."""

    number: int  # the hand's number, from 1
    seat: int
    decisions: tuple[Reviewed, ...]
    chance: float  # the seat's chance of winning the game before the hand, 0 to 1

    @property
    def counted(self) -> tuple[Reviewed, ...]:
        return tuple(d for d in self.decisions if d.counted)

    @property
    def well(self) -> int:
        """How many counted decisions were played well (Best or Good)."""
        return sum(d.band in WELL for d in self.counted)

    @property
    def accuracy(self) -> float | None:
        """The hand's accuracy, 0 to 100: the average of its counted decisions' (None: none counted)."""
        counted = self.counted
        return sum(d.accuracy for d in counted) / len(counted) if counted else None

    @property
    def worst(self) -> Reviewed | None:
        """The decision that cost most, if any fell below Good (the first of equals)."""
        below = [d for d in self.counted if d.band not in WELL]
        return max(below, key=lambda d: d.drop) if below else None


def review(
    decisions: Sequence[tuple[HandState, Action, Grade | None]],
    seat: int,
    number: int,
    scores: tuple[int, ...],
    contenders: tuple[int, ...] = (),
) -> Review:
    """The coach's review of `seat`'s graded decisions in hand `number` (from 1), played at `scores`."""
    if not decisions:
        return Review(number, seat, (), 0.0)
    rules = decisions[0][0].rules
    table = None if weighs_chances(rules) else two_sides_table(rules)
    worth = point_worth(rules, scores, seat, contenders, table)
    chance = game_chances(rules, scores, contenders, table)[sides(rules).index(side_of(rules, seat))]
    reviewed = []
    for state, action, grade in decisions:
        place = len(state.history)
        if grade is None:
            reviewed.append(Reviewed(state, action, ONLY_CHOICE, 0.0, None, place))
        elif grade.verdict == NOT_GRADED:
            reviewed.append(Reviewed(state, action, NOT_GRADED, 0.0, grade, place))
        else:
            drop = max(0.0, chance_drop(grade, worth))
            if grade.verdict in WELL:  # the best, or a close call the deals sampled cannot tell from it
                drop = 0.0 if grade.verdict == "Best" else min(drop, BANDS[2][1] - 0.001)
            reviewed.append(Reviewed(state, action, band_of(drop), drop, grade, place))
    return Review(number, seat, tuple(reviewed), chance)


def game_accuracy(reviews: Sequence[Review]) -> tuple[int, int, float | None]:
    """Over the hands reviewed: the decisions played well, the decisions counted, and the average accuracy."""
    counted = [d for r in reviews for d in r.counted]
    well = sum(d.band in WELL for d in counted)
    return well, len(counted), (sum(d.accuracy for d in counted) / len(counted) if counted else None)


# -- the words ----------------------------------------------------------------------------------------------------


NOTHING_DECIDED = N_("You made no decision this hand, so your coach has nothing to review.")  # shown: _(...)


def nothing_decided() -> str:
    """NOTHING_DECIDED in the language chosen."""
    return language._(NOTHING_DECIDED)


def this_hand() -> str:
    """What a hand's accuracy is over, in the language chosen (accuracy_words' `of`)."""
    return _(" this hand")


def hands_reviewed(count: int, in_game: bool = False) -> str:
    """What the game's accuracy is over, in the language chosen: ' in the 3 hands reviewed' (' in this game')."""
    if in_game:
        many = ngettext(
            " in the {count} hand reviewed in this game", " in the {count} hands reviewed in this game", count
        )
    else:
        many = ngettext(" in the {count} hand reviewed", " in the {count} hands reviewed", count)
    return many.format(count=count)


def accuracy_words(well: int, counted: int, accuracy: float | None, of: str = "") -> str:
    """'You played 9 of 11 decisions well: 86% accurate' (with `of`, in the language chosen: '… in this game')."""
    if accuracy is None or not counted:
        return _("No decision to review{of}: each was your only choice.").format(of=of)
    return ngettext(
        "You played {well} of {counted} decision well{of}: {accuracy}% accurate.",
        "You played {well} of {counted} decisions well{of}: {accuracy}% accurate.",
        counted,
    ).format(well=well, counted=counted, of=of, accuracy=f"{accuracy:.0f}")


def _in_100(drop: float) -> str:
    """A drop in the chance of winning as 'N in 100' ('less than 1 in 100' for a small one)."""
    points = 100 * drop
    return _("{points} in 100").format(points=f"{points:.0f}") if points >= 1 else _("less than 1 in 100")


def drop_words(drop: float) -> str:
    """'lowered your chance of winning the game by 12 in 100'."""
    return _("lowered your chance of winning the game by {share}").format(share=_in_100(drop))


def worst_words(worst: Reviewed, view: View) -> str:
    """The costliest decision as `view`'s seat made it: 'led J♥ (Mistake): it lowered your chance … by 12 in 100.'"""
    return _("{chosen} ({band}): it {dropped}.").format(
        chosen=choice_words(worst.action, view), band=band_words(worst.band), dropped=drop_words(worst.drop)
    )


def decision_words(decision: Reviewed, seat: int) -> str:
    """One decision in the coach's words: the choice, its band, the better choice and what it cost."""
    chosen = capital(choice_words(decision.action, decision.state.view(seat)))
    if decision.band == ONLY_CHOICE:
        return _("{chosen}: Best (your only legal choice).").format(chosen=chosen)
    grade = checks.known(decision.grade, "a graded decision has its grade")
    if decision.band == NOT_GRADED:
        return _("{chosen}: Not graded. There was no time to weigh it.").format(chosen=chosen)
    said = _("{chosen}: {band}.").format(chosen=chosen, band=band_words(decision.band))
    better = f" {grade.better}" if grade.better else ""
    if decision.band in WELL:
        return f"{said}{better}"
    cost = _("Your choice cost {share} of your chance of winning.").format(share=_in_100(decision.drop))
    return f"{said}{better} {cost}"


# -- Try again from here -----------------------------------------------------------------------------------------


class Retry(NamedTuple):
    """A hand played again from one decision: the learner's new choice, then the computers to the end."""

    start: HandState  # the position chosen again
    seat: int
    action: Action
    hand: HandState  # the hand finished this time
    reasons: dict[int, str]  # place in its history -> what the computer player said

    @property
    def points(self) -> tuple[int, ...]:
        return checks.known(self.hand.points, "a hand played to its end has points")


def try_again(
    start: HandState,
    seat: int,
    action: Action,
    players: Mapping[int, Player] | None = None,
    seed: int = 0,
) -> Retry:
    """`start` (a position where `seat` is to act) played again: `seat` takes `action` (legal there, else the engine
    says why not), then the computer `players` (by seat; the rule of thumb where none is given, `seat`'s too) play
    the hand to its end on the same cards, each with dice from `seed` and its place."""
    checks.instance("start", start, HandState, "a HandState where the seat is to act")
    if start.is_over or acting_seat(start) != seat:
        raise ValueError(f"Seat {seat} is not to act in this position, so there is nothing to choose again.")
    hand = start.apply(action)  # an illegal action raises IllegalAction, naming its rule
    reasons: dict[int, str] = {}
    rule_of_thumb = RuleOfThumbPlayer()
    while not hand.is_over:
        actor = acting_seat(hand)
        player = (players or {}).get(actor, rule_of_thumb)
        dice = random.Random(f"try again:{seed}:{len(hand.history)}")
        chosen = player.decide(hand.view(actor), dice)
        reasons[len(hand.history)] = chosen.reason
        hand = hand.apply(chosen.action)
    return Retry(start, seat, action, hand, reasons)


def retry_words(retry: Retry, played: HandState, scores: tuple[int, ...], contenders: tuple[int, ...] = ()) -> str:
    """How the hand went this time against how it went as played: the points and the chance of winning the game."""
    rules = retry.hand.rules
    mine = sides(rules).index(side_of(rules, retry.seat))
    table = None if weighs_chances(rules) else two_sides_table(rules)

    def outcome(hand: HandState) -> tuple[int, float]:
        points = checks.known(hand.points, "a finished hand has points")
        by_side = tuple(points[side[0]] for side in sides(rules))
        after = scored_points(rules, scores, contenders, by_side)
        return by_side[mine], game_chances(rules, *after, table=table)[mine]

    again, before = outcome(retry.hand), outcome(played)
    choice = choice_words(retry.action, retry.start.view(retry.seat))

    def said(points: int) -> str:
        return ngettext("{points} point", "{points} points", points).format(points=points)

    return _(
        "You chose: {choice}. Played on by the computers, your side scores {points} this time, and your chance of "
        "winning the game would be {chance}. As you played the hand: {played}, and {chance_played}."
    ).format(
        choice=choice,
        points=said(again[0]),
        chance=language.percent(again[1]),
        played=said(before[0]),
        chance_played=language.percent(before[1]),
    )


def retry_told(retry: Retry, game: GameState, number: int) -> str:
    """A second try at hand `number` (from 0) of `game`, in words: how it went against the hand as played, then how
    the hand ended this time."""
    scores, contenders = game.scores_before(number)
    ended = result_words(retry.hand, retry.hand.view(retry.seat))
    return _("{compared} This time: {ended}").format(
        compared=retry_words(retry, game.hands[number], scores, contenders), ended=ended
    )
