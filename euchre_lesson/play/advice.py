"""Advice: every option for a seat, with its expected value, its uncertainty, and a reason.

In trick play an option is worth the tricks its side takes with best play, averaged over deals
that agree with what the seat has seen. Before the play (bidding, the pick-up, going alone, the
dummy) an option is worth the points it brings: each sampled deal is finished by rule-of-thumb
players and then played out exactly. Given `seconds`, the sampling also stops when time runs short
(see budget.py), and where not one world fits in the time the options are the rule of thumb's, not
valued (unit NO_TIME); with None (the default), the count of worlds alone decides.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable
from typing import NamedTuple

from ..engine import checks
from ..engine.actions import Action, parse_action
from .budget import NO_DEADLINE, Deadline, OutOfTime, deadline
from .chances import chance_after, weighs_chances
from .dummy import keep_strength
from ..engine.hand import HandState, Phase
from ..engine.narration import choice_words
from .rule_of_thumb import RuleOfThumbPlayer, kept
from ..engine.rules import side_of
from ..engine.scoring import score_hand
from .solver import solve_checked
from ..engine.view import View
from .worlds import PlayWorlds, worlds_of


NO_TIME = "not valued"  # the unit of options the time allowed no world for: the rule of thumb's choice comes first


class Option(NamedTuple):
    """One choice, what it is worth on average, give or take, and why."""

    action: Action
    value: float
    error: float  # 1.96 standard errors: a 95% interval is value ± error
    unit: str  # "tricks", "points", "chance of winning" (of the game, 0 to 1), or NO_TIME
    reason: str

    @property
    def worth(self) -> str:
        """The value in words: '1.25 points', '2.10 tricks', 'a 45.0% chance of winning'."""
        if self.unit == "chance of winning":
            return f"a {self.value:.1%} chance of winning"
        if self.unit == NO_TIME:
            return "not valued (no time to simulate a deal)"
        return f"{self.value:.2f} {self.unit}"


def _mean_error(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _ranked(samples: dict, unit: str, reason) -> list[Option]:
    """Options from the sampled values of each action, best first."""
    options = []
    for action, values in samples.items():
        mean, error = _mean_error(values)
        options.append(Option(action, mean, error, unit, reason(action, mean, error, len(values))))
    return sorted(options, key=lambda o: -o.value)


def by_rule_of_thumb(view: View, actions: list[Action]) -> list[Option]:
    """The options when not one world fitted in the time: the rule of thumb's choice first, none of them valued."""
    player = RuleOfThumbPlayer()
    choice = player.choose(view)
    first = Option(choice, 0.0, 0.0, NO_TIME,
                   f"{choice} is the rule of thumb's choice: there was no time to simulate even one deal that fits "
                   f"what you have seen. The rule of thumb says: \u201c{player.explain()}\u201d")
    return [first] + [Option(action, 0.0, 0.0, NO_TIME, f"{action}: not valued, as there was no time to simulate "
                                                         f"a deal.") for action in actions if action != choice]


# -- trick play: exact play in sampled worlds ----------------------------------------------------


def play_options(view: View, rng: random.Random, worlds: int = 200, until: Deadline = NO_DEADLINE) -> list[Option]:
    """Each legal card, worth the tricks this seat's side takes from here (double-dummy average)."""
    # With every card open, exact play often values several cards alike (two in three of the expert's Cutthroat
    # plays tie at 20 deals). At the table the cards are hidden, and the card a careful player picks (the cheapest
    # that wins, the lowest throw) gives away least, so among equals the rule of thumb's card comes first (listed
    # first, it stays first: _ranked's sort is stable).
    careful = RuleOfThumbPlayer().choose(view)
    samples: dict[Action, list[int]] = {a: [] for a in sorted(view.legal, key=lambda a: a != careful)}
    deals, check = PlayWorlds(view), until.checker
    for _ in until.worlds(worlds):
        try:
            values = solve_checked(deals.sample(rng, check=check), check)
        except OutOfTime:  # the deadline passed in this world: it is dropped, and the loop ends
            continue
        for action, tricks in values.items():
            samples[action].append(tricks)
    if not samples[careful]:
        return by_rule_of_thumb(view, list(samples))
    return _ranked(samples, "tricks", lambda action, mean, error, n: (
        f"{action.card} takes {mean:.2f} of the remaining tricks for your side "
        f"on average over {n} deals that fit what you have seen."))


# -- before the play: finish the hand with computer players, then play it out exactly -------------


def finish_bidding(state: HandState) -> HandState:
    """Let rule-of-thumb players take every decision until the first lead (or a throw-in)."""
    player = RuleOfThumbPlayer()
    while not state.is_over and state.phase is not Phase.PLAY:
        if state.phase is Phase.DUMMY:  # its keep straight from the cards: a view would first list all 252 fives
            state = state.apply(kept(state.hands[state.to_act], state.deal.dummy, state.trump))
        else:
            state = state.apply(player.choose(state.view(state.to_act)))
    return state


def exact_points(state: HandState, check: Callable[[], None] | None = None) -> tuple[int, ...]:
    """The points each seat scores if the hand is played out perfectly from here (all cards open); `check()`, if
    given, is called now and then by the search and raises to stop it (a deadline)."""
    if state.is_over:
        return state.points
    best = max(solve_checked(state, check).values())  # the tricks the side to act takes from here, this trick included
    to_come = best if state.to_act in state.makers else len(state.hands[state.to_act]) - best
    maker_tricks = state.maker_tricks + to_come  # and the tricks the makers have already won
    row = score_hand(state.rules, maker_tricks, state.lone_maker, state.lone_defender is not None)
    return tuple(row.makers if s in state.makers else row.defenders for s in range(state.rules.players))


def seat_value(points: tuple[int, ...], seat: int, state: HandState) -> float:
    """Points for this seat's side less what the others made, on average (the other side, or in cutthroat the
    other two players, each scoring for themselves)."""
    others = [p for s, p in enumerate(points) if s not in side_of(state.rules, seat)]
    return points[seat] - sum(others) / len(others)


def candidates(view: View) -> list[Action]:
    """The options worth simulating: all of them, but only the most promising fives of the dummy."""
    if view.phase is not Phase.DUMMY:
        return list(view.legal)
    ranked = sorted(view.legal, key=lambda a: keep_strength(a.cards, view.trump), reverse=True)
    return ranked[:6]


def bid_options(view: View, rng: random.Random, worlds: int = 60, until: Deadline = NO_DEADLINE) -> list[Option]:
    """Each option before the play, worth the points it brings this seat's side, on average; or, where the view
    carries the game's scores and the game has a table of chances, this seat's chance of winning the game."""
    samples: dict[Action, list[float]] = {a: [] for a in candidates(view)}
    deals, check = worlds_of(view), until.checker
    by_chance = bool(view.scores) and weighs_chances(view.rules)
    for _ in until.worlds(worlds):  # every option is tried in the same worlds, as many as there is time for
        try:
            world = deals.sample(rng, check)
            row = [worth_in(world, action, view, by_chance, check) for action in samples]
        except OutOfTime:  # the deadline passed before every option was tried in this world: it is dropped
            continue
        for values, value in zip(samples.values(), row):
            values.append(value)
    if not next(iter(samples.values())):
        return by_rule_of_thumb(view, list(samples))
    if by_chance:
        return _ranked(samples, "chance of winning", lambda action, mean, error, n: (
            f"{action}: a {mean:.1%} chance of winning the game for you, on average over {n} simulated hands "
            f"(±{error:.1%})."))
    return _ranked(samples, "points", lambda action, mean, error, n: (
        f"{action}: {mean:+.2f} points for you against the others, on average over "
        f"{n} simulated hands (±{error:.2f})."))


def worth_in(world: HandState, action: Action, view: View, by_chance: bool,
             check: Callable[[], None] | None) -> float:
    """What `action` brings `view`'s seat in one world: the hand finished, then played out exactly."""
    if check is not None:  # no option's play-out is started after the deadline
        check()
    finished = finish_bidding(world.apply(action))
    points = exact_points(finished, check)
    return chance_after(view, points) if by_chance else seat_value(points, view.seat, finished)


def options_for(view: View, rng: random.Random, worlds: int, until: Deadline = NO_DEADLINE) -> list[Option]:
    if view.phase is Phase.PLAY:
        return play_options(view, rng, worlds, until)
    return bid_options(view, rng, bidding_worlds(worlds), until)


# Before the play the options are close and each world's points swing widely: with 8 worlds the expert beat the
# rule of thumb 57% of 300 partnership games, with 16 66% (issue 16). Against 400 worlds as the truth, 16 worlds
# chose a worse option in 15% of 200 bidding decisions, losing 0.032 points a decision on average; 32 worlds in
# 8%, losing 0.014 (and 64 no better). It costs time: a decision's median went from 13.3 to 26.9 ms in partnership
# and from 23.4 to 29.9 ms in Cutthroat (bench/decisions.py --native, idle machine).
LEAST_BIDDING_WORLDS = 32


def bidding_worlds(worlds: int) -> int:
    """Worlds simulated before the play: each is a whole hand per option, so a quarter, at least 32."""
    return max(LEAST_BIDDING_WORLDS, worlds // 4)


# -- the public helpers -------------------------------------------------------------------------


def advise(state: HandState, seat: int | None = None, *, worlds: int = 200, seed: int = 0,
           seconds: float | None = None, clock: Callable[[], float] = time.monotonic) -> list[Option]:
    """The options for `seat` (the player to act by default), best first, each with its value and reason.

    With `seconds`, the worlds sampled stop when time runs short, on `clock` (two at least).
    """
    return _advise(state, seat, worlds, seed, deadline(seconds, clock))


def _advise(state: HandState, seat: int | None, worlds: int, seed: int, until: Deadline) -> list[Option]:
    checks.instance("state", state, HandState, "a HandState, a hand in progress")
    checks.worlds("worlds", worlds)
    checks.seed("seed", seed)
    seat = state.to_act if seat is None else seat
    if seat is None:
        raise ValueError("The hand is over, so there is no decision to advise on (state.to_act is None).")
    view = state.view(seat)
    if not view.legal:
        raise ValueError(f"seat {seat} has no decision to make now: seat {state.to_act} is to act.")
    return options_for(view, random.Random(seed), worlds, until)


GRADES = (("Best", 0.0), ("Good", 0.1), ("Inaccuracy", 0.3), ("Mistake", 0.7))
NOT_GRADED = "Not graded"  # the verdict where the time allowed not one world to weigh the decision


class Grade(NamedTuple):
    """A verdict on one decision: its name, how much it lost against the best, and the better option."""

    verdict: str
    loss: float
    unit: str
    best: Action
    explanation: str


def grade(state: HandState, action: Action | str, *, worlds: int = 200, seed: int = 0,
          seconds: float | None = None, clock: Callable[[], float] = time.monotonic) -> Grade:
    """Best / Good / Inaccuracy / Mistake / Blunder, by the loss against the best option (`seconds`: as advise);
    Not graded where the time allowed not one simulated deal."""
    return _grade(state, action, worlds, seed, deadline(seconds, clock))


def grade_all(decisions, *, worlds: int = 200, seconds: float | None = None,
              clock: Callable[[], float] = time.monotonic) -> list[Grade]:
    """A grade for each (state, action, seed) in `decisions`, each given an equal share of the time left."""
    decisions = checks.instance("decisions", decisions, (list, tuple), "a list of (state, action, seed)")
    if not all(isinstance(d, tuple) and len(d) == 3 for d in decisions):
        raise checks.refused("decisions", decisions, "a list of (state, action, seed) triples")
    until = deadline(seconds, clock)
    return [_grade(state, action, worlds, seed, until.share(len(decisions) - i))
            for i, (state, action, seed) in enumerate(decisions)]


def _grade(state: HandState, action: Action | str, worlds: int, seed: int, until: Deadline) -> Grade:
    action = parse_action(action)
    options = _advise(state, None, worlds, seed, until)
    chosen = next((o for o in options if o.action == action), None)
    if chosen is None and options[0].unit != NO_TIME:  # a keep outside the simulated short list: value it alone
        chosen = _alone(state, action, worlds, seed, until, options[0].unit)
    best = options[0]
    if chosen is None or best.unit == NO_TIME:
        return Grade(NOT_GRADED, 0.0, NO_TIME, best.action,
                     f"{NOT_GRADED}: there was no time to simulate even one deal that fits what you saw, so "
                     f"{action} could not be weighed. {best.reason}")
    loss = max(0.0, best.value - chosen.value)
    scale = 1.0 if best.unit == "tricks" else 2.0  # a point is worth about half a trick's swing
    verdict = next((name for name, limit in GRADES if loss <= limit * scale), "Blunder")
    if verdict == "Best" or action == best.action:
        return Grade("Best", 0.0, best.unit, best.action, f"{action} is the best choice here. {best.reason}")
    view = state.view(state.to_act)
    return Grade(verdict, loss, best.unit, best.action,
                 f"{verdict}: {_named(action, view)} brings {chosen.value:+.2f} {best.unit} on average; "
                 f"{_named(best.action, view)} brings {best.value:+.2f}, {loss:.2f} {best.unit} more.")


def _alone(state: HandState, action: Action, worlds: int, seed: int, until: Deadline, unit: str) -> Option | None:
    """The option of one keep valued in worlds of its own; None if not one fitted in the time."""
    view = state.view(state.to_act)
    rng, deals, check, extra = random.Random(seed), worlds_of(view), until.checker, []
    for _ in until.worlds(bidding_worlds(worlds)):
        try:
            extra.append(worth_in(deals.sample(rng, check), action, view, False, check))
        except OutOfTime:
            continue
    if not extra:
        return None
    mean, error = _mean_error(extra)
    return Option(action, mean, error, unit, "")


def _named(action: Action, view: View) -> str:
    """The table's words for an action, inside a sentence: 'order up the 10♠', 'play the J♥'."""
    words = choice_words(action, view)
    return words[0].lower() + words[1:]
