"""Advice: every option for a seat, with its expected value, its uncertainty, and a reason in the table's words.

In trick play an option is worth the tricks its side takes with best play, averaged over deals
that agree with what the seat has seen. Before the play (bidding, the pick-up, going alone, the
dummy) each sampled deal is finished by rule-of-thumb players and then played out exactly, and an
option is worth this seat's chance of winning the game where the view carries the game's scores
and the game has a table of chances (Cutthroat: the expert's measure), else the points it brings; in partnership
games a bid to make trump less a discount for what open cards flatter (MAKING_DISCOUNT).
Advice on a game ranks as the expert does, since both read the game's view. Options too close to
tell apart on the deals sampled are a close call, and said so. Given `seconds`, the sampling also
stops when time runs short (see budget.py), and where not one world fits in the time the options
are the rule of thumb's, not valued (unit NO_TIME); with None (the default), the count of worlds
alone decides.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..engine import checks
from ..engine.actions import Action, Verb, parse_action
from ..engine.cards import fixed_suit
from ..engine.errors import IllegalAction
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.language import N_, _, ngettext
from ..engine.narration import capital, choice_words
from ..engine.phases import Phase
from ..engine.rules import RuleSet, side_of
from ..engine.said import Figure, Reason, Said, saying, saying_many, words_of
from ..engine.scoring import score_hand
from ..engine.sequence import PHASE_RULES
from ..engine.view import View, acting_seat
from .budget import NO_DEADLINE, Deadline, OutOfTime, deadline
from .chances import chance_after, weighs_chances
from .dummy import keep_strength
from .rule_of_thumb import RuleOfThumbPlayer, kept
from .solver import solve_checked
from .worlds import PlayWorlds, worlds_of

NO_TIME = "not valued"  # the unit of options the time allowed no world for: the rule of thumb's choice comes first


class Option(NamedTuple):
    """One choice, what it is worth on average, give or take, and why."""

    action: Action
    value: float
    error: float  # 1.96 standard errors: a 95% interval is value ± error
    unit: str  # "tricks", "points", "chance of winning" (of the game, 0 to 1), or NO_TIME
    said: Reason  # why, kept in no language (a class's table: each page reads it in its own); `reason` in words
    close: bool = False  # too close to the best option to tell apart on the deals sampled (the best: False)
    worlds: int = 0  # the deals it was weighed on

    @property
    def reason(self) -> str:
        """Why, in words, in the language chosen here."""
        return words_of(self.said)

    @property
    def worth(self) -> str:
        """The value in words, in the language chosen here: '1.25 points', '2.10 tricks', 'a 45.0% chance of
        winning'."""
        return words_of(self.worth_said)

    @property
    def worth_said(self) -> Said:
        """The value as a computer player's reason keeps it, in no language until read."""
        if self.unit == "chance of winning":
            return saying(N_("a {percent} chance of winning"), percent=Figure(self.value, 1, share=True))
        if self.unit == NO_TIME:
            return saying(N_("not valued (no time to try a deal)"))
        if self.unit == "points":
            return saying(N_("{value} points"), value=Figure(self.value, 2))
        if self.unit == "tricks":
            return saying(N_("{value} tricks"), value=Figure(self.value, 2))
        return saying("{value} {unit}", value=Figure(self.value, 2), unit=self.unit)


def _mean_error(values: Sequence[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def _told_apart(best: Sequence[float], other: Sequence[float]) -> bool:
    """Whether the best option beats the other by more than chance would, the two tried in the same worlds: the mean
    of their differences is above its 95% margin (with one world, whether they differ at all)."""
    mean, error = _mean_error([b - o for b, o in zip(best, other)])
    return mean > error


def _ranked(samples: Mapping[Action, Sequence[float]], unit: str, view: View) -> list[Option]:
    """Options from the sampled values of each action, best first, each with its reason in words."""
    order = sorted(samples, key=lambda action: -statistics.fmean(samples[action]))  # stable: the careful card first
    best = samples[order[0]]
    options = []
    for action in order:
        mean, error = _mean_error(samples[action])
        close = action != order[0] and not _told_apart(best, samples[action])
        options.append(Option(action, mean, error, unit, "", close, len(samples[action])))
    hands = _hands(unit, len(best))
    reasons = [_compared(options[0], options[1:], view, hands)] + [_own_words(o, view, hands) for o in options[1:]]
    return [option._replace(said=reason) for option, reason in zip(options, reasons)]


# -- the words: what an option is worth, and how it compares, as a learner reads it ----------------------------
# Kept as `Said` (engine/said.py), in no language: a class's hints and grades are weighed in worker processes and
# read by each student's page in its own language, so the words are put together where they are read.

MEASURES = {
    "chance of winning": N_("your chance of winning the game"),
    "points": N_("the points your side scores against the others"),
    "tricks": N_("the tricks your side takes"),
}


@dataclass(frozen=True)
class Named:
    """An action as `view`'s seat chooses it ('order up the 10♠', 'play the J♥'), put into words where it is read,
    in the reader's language; with a capital first letter where it begins a sentence."""

    action: Action
    view: View
    capital: bool = False

    def __str__(self) -> str:
        words = _named(self.action, self.view)
        return capital(words) if self.capital else words


def _hands(unit: str, worlds: int) -> Said:
    """What the values are averaged over, in a learner's words: 'over 32 deals that fit what you have seen'."""
    return saying_many(
        "over {count} deal that fits what you have seen", "over {count} deals that fit what you have seen", worlds
    )


def _named(action: Action, view: View) -> str:
    """The table's words for an action, inside a sentence: 'order up the 10♠', 'play the J♥'."""
    words = choice_words(action, view)
    return words[0].lower() + words[1:]


def _listed(view: View, most: int = 6) -> str:
    """The seat's choices in the table's words, or how many there are when they are many (a dummy's keeps)."""
    if len(view.legal) > most:
        return ngettext("the {count} legal one", "the {count} legal ones", len(view.legal)).format(
            count=len(view.legal)
        )
    names = [_named(action, view) for action in view.legal]
    return (
        names[0] if len(names) == 1 else _("{choices} or {last}").format(choices=", ".join(names[:-1]), last=names[-1])
    )


def _percents(low: float, high: float) -> tuple[Figure, Figure]:
    """Two chances as percentages, with a decimal where whole percents would read alike."""
    places = 0 if f"{low:.0%}" != f"{high:.0%}" else 1
    return Figure(low, places, share=True), Figure(high, places, share=True)


def _points(amount: float) -> Said:
    """'0.4 points', '1.0 point', '0.04 points' (a figure that does not round to nothing; '0,4' in French)."""
    places = 1 if round(amount, 1) else 2
    return saying_many(
        "{figure} point", "{figure} points", 1 if round(amount, 1) == 1 else 2, figure=Figure(amount, places)
    )


def _standing(points: float) -> Said:
    """Where an option leaves your side against the others, on average."""
    if abs(points) < 0.05:
        return saying(N_("your side ends the hand level on points with the others"))
    if points > 0:
        return saying(N_("your side ends the hand {points} ahead of the others"), points=_points(points))
    return saying(N_("your side ends the hand {points} behind the others"), points=_points(-points))


def _worth_words(option: Option) -> Said:
    """What one option is worth, as a clause."""
    if option.unit == "chance of winning":
        return saying(N_("your chance of winning the game is {percent}"), percent=Figure(option.value, 0, share=True))
    if option.unit == "points":
        return _standing(option.value)
    return saying(N_("your side takes {tricks} of the remaining tricks"), tricks=Figure(option.value))


def _own_words(option: Option, view: View, hands: Said) -> Said:
    """An option's reason, on its own: what it is worth, on average over what."""
    words = (
        N_("{option}: {worth} on average {hands} (a close call with the best).")
        if option.close
        else N_("{option}: {worth} on average {hands}.")
    )
    return saying(words, option=Named(option.action, view, True), worth=_worth_words(option), hands=hands)


def _gain(best: Option, other: Option, view: View) -> Said:
    """What `best` gains over `other`, after 'it': 'raises your chance of winning the game from 41% to 47%'."""
    if best.unit == "chance of winning":
        low, high = _percents(other.value, best.value)
        return saying(N_("raises your chance of winning the game from {low} to {high}"), low=low, high=high)
    if best.unit == "points":
        return saying(
            N_("brings your side {points} more than the others (your points less theirs)"),
            points=_points(best.value - other.value),
        )
    return saying(N_("wins your side {tricks} more of the remaining tricks"), tricks=Figure(best.value - other.value))


def _compared(best: Option, others: list[Option], view: View, hands: Said) -> Said:
    """The best option's reason: how it compares with the next best, or that it is a close call."""
    if not others:
        return _own_words(best, view, hands)
    if others[0].close:
        return saying(
            N_("A close call: {best} or {runner_up}, which do about as well for {measure}, on average {hands}."),
            best=Named(best.action, view),
            runner_up=Named(others[0].action, view),
            measure=saying(MEASURES[best.unit]),
            hands=hands,
        )
    return saying(
        N_("{best} rather than {runner_up}: it {gain} on average, {hands}."),
        best=Named(best.action, view, True),
        runner_up=Named(others[0].action, view),
        gain=_gain(best, others[0], view),
        hands=hands,
    )


def by_rule_of_thumb(view: View, actions: list[Action]) -> list[Option]:
    """The options when not one world fitted in the time: the rule of thumb's choice first, none of them valued."""
    rule = RuleOfThumbPlayer().decide(view)
    choice = rule.action
    first = Option(
        choice,
        0.0,
        0.0,
        NO_TIME,
        saying(
            N_(
                "{option} is the rule of thumb's choice: there was no time to try even one deal that fits what you "
                "have seen. The rule of thumb says: “{reason}”"
            ),
            option=Named(choice, view, True),
            reason=rule.said,
        ),
    )
    return [first] + [
        Option(
            action,
            0.0,
            0.0,
            NO_TIME,
            saying(N_("{option}: not weighed, as there was no time to try a deal."), option=Named(action, view, True)),
        )
        for action in actions
        if action != choice
    ]


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
    for _world in until.worlds(worlds):
        try:
            values = solve_checked(deals.sample(rng, check=check), check)
        except OutOfTime:  # the deadline passed in this world: it is dropped, and the loop ends
            continue
        for action, tricks in values.items():
            samples[action].append(tricks)
    if not samples[careful]:
        return by_rule_of_thumb(view, list(samples))
    return _ranked(samples, "tricks", view)


# -- before the play: finish the hand with computer players, then play it out exactly -------------


def finish_bidding(state: HandState) -> HandState:
    """Let rule-of-thumb players take every decision until the first lead (or a throw-in)."""
    player = RuleOfThumbPlayer()
    while not state.is_over and state.phase is not Phase.PLAY:
        seat = acting_seat(state)
        if state.phase is Phase.DUMMY:  # its keep straight from the cards: a view would first list all 252 fives
            dummy = checks.known(state.deal.dummy, "a hand with a dummy to take was dealt one (T2)")
            state = state.apply(kept(state.hands[seat], dummy, fixed_suit(state.trump)))
        else:
            state = state.apply(player.choose(state.view(seat)))
    return state


def exact_points(state: HandState, check: Callable[[], None] | None = None) -> tuple[int, ...]:
    """The points each seat scores if the hand is played out perfectly from here (all cards open); `check()`, if
    given, is called now and then by the search and raises to stop it (a deadline)."""
    points = state.points  # None while the hand is in play
    if points is not None:
        return points
    best = max(solve_checked(state, check).values())  # the tricks the side to act takes from here, this trick included
    seat = acting_seat(state)
    to_come = best if seat in state.makers else len(state.hands[seat]) - best
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
    trump = fixed_suit(view.trump)
    ranked = sorted(view.legal, key=lambda a: keep_strength(a.cards, trump), reverse=True)
    return ranked[:6]


def bid_options(view: View, rng: random.Random, worlds: int = 60, until: Deadline = NO_DEADLINE) -> list[Option]:
    """Each option before the play, worth the points it brings this seat's side, on average; or, where the view
    carries the game's scores and the game has a table of chances, this seat's chance of winning the game."""
    samples: dict[Action, list[float]] = {a: [] for a in candidates(view)}
    deals, check = worlds_of(view), until.checker
    by_chance = bool(view.scores) and weighs_chances(view.rules)
    for _world in until.worlds(worlds):  # every option is tried in the same worlds, as many as there is time for
        try:
            world = deals.sample(rng, check=check)
            row = [worth_in(world, action, view, by_chance, check) for action in samples]
        except OutOfTime:  # the deadline passed before every option was tried in this world: it is dropped
            continue
        for values, value in zip(samples.values(), row):
            values.append(value)
    if not next(iter(samples.values())):
        return by_rule_of_thumb(view, list(samples))
    return _ranked(samples, "chance of winning" if by_chance else "points", view)


def worth_in(world: HandState, action: Action, view: View, by_chance: bool, check: Callable[[], None] | None) -> float:
    """What `action` brings `view`'s seat in one world: the hand finished, then played out exactly, less the
    discount of a bid to make trump (MAKING_DISCOUNT)."""
    if check is not None:  # no option's play-out is started after the deadline
        check()
    finished = finish_bidding(world.apply(action))
    points = exact_points(finished, check)
    if by_chance:
        return chance_after(view, points)
    return seat_value(points, view.seat, finished) - making_discount(action, view.rules)


# Each world is played out with every card open, so the makers never misplace a card and lead trump just when it
# pays (strategy fusion), and the others are taken to bid as the rule of thumb does, more boldly than a careful
# player: both make a bid to make trump look better than it is at a table. Against OpenSpiel's IS-MCTS in
# partnership games (10 games of bench/versus_openspiel.py, each of the expert's 251 bids weighed again in fresh
# worlds and set beside the points its hand brought) an order in round one brought 0.39 ± 0.40 points less than its
# simulated worth, a hand once trump was made (the lone player's "stay") 0.42 ± 0.35 less, and a pass 0.08 ± 0.34
# more; the expert made trump in four hands of five and was euchred in one of four of them. So in that game a bid
# to make trump is valued that much less: it must beat passing by as much to be chosen, by the expert and by the
# hints and grades alike. The games not measured (Cutthroat, which weighs the chance of winning, Two-handed and
# Railroad) keep their simulated worth.
MAKING_DISCOUNT = {"partnership": 0.4}  # points, by game
MAKING = frozenset({Verb.ORDER, Verb.CALL, Verb.PICKUP})  # the words that make trump; going alone is a maker's


def making_discount(action: Action, rules: RuleSet) -> float:
    """The points a bid to make trump is valued below its simulated worth in this game; 0 for any other action."""
    return MAKING_DISCOUNT.get(rules.game, 0.0) if action.kind in MAKING else 0.0


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


def advise(
    state: GameState | HandState | View,
    seat: int | None = None,
    *,
    worlds: int = 200,
    seed: int = 0,
    seconds: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> list[Option]:
    """The options for `seat` (the player to act by default), best first, each with its value and reason.

    A game is advised on as the expert plays it, from the game's view (its scores weigh the chance of winning
    where the game has a table of chances); a hand alone, in points; a View, as it is. With `seconds`, the worlds
    sampled stop when time runs short, on `clock`.
    """
    return _advise(table_view(state, seat), worlds, seed, deadline(seconds, clock))


def table_view(state: GameState | HandState | View, seat: int | None = None) -> View:
    """What `seat` (the player to act by default) knows at this table, with a decision to make."""
    checks.instance(
        "state",
        state,
        (GameState, HandState, View),
        "a GameState (a game in progress), a HandState (a hand in progress) or a seat's View",
    )
    if isinstance(state, View):
        if seat is not None and seat != state.seat:
            raise ValueError(f"This view is seat {state.seat}'s, so it advises seat {state.seat}, not seat {seat}.")
        view: View = state
    else:
        seat = state.to_act if seat is None else seat
        if seat is None:
            raise ValueError("The hand is over, so there is no decision to advise on (state.to_act is None).")
        view = state.view(seat)
    if not view.legal:
        raise ValueError(f"seat {view.seat} has no decision to make now: seat {view.to_act} is to act.")
    return view


def _advise(view: View, worlds: int, seed: int, until: Deadline) -> list[Option]:
    checks.worlds("worlds", worlds)
    checks.seed("seed", seed)
    return options_for(view, random.Random(seed), worlds, until)


# The verdicts' names are their keys (the coach's bands, its CSS, the reports) and, marked, the words shown for them.
GRADES = ((N_("Best"), 0.0), (N_("Good"), 0.1), (N_("Inaccuracy"), 0.3), (N_("Mistake"), 0.7))
# The loss each grade's limit is scaled by, in each unit: a trick; two points, as a point is worth about half a
# trick's swing; and 14 in 100 of the chance of winning, as a point early in a Cutthroat game moves it by about 7
# (chances.win_chances: from 0-0-0 a point takes it from 33% to 40%, two points to each other player to 22%).
SCALES = {"tricks": 1.0, "points": 2.0, "chance of winning": 0.14}
NOT_GRADED = N_("Not graded")  # the verdict where the time allowed not one world to weigh the decision


# A decision grade_all grades: (state, action, seed), and a fourth item, the options a hint already weighed, if any.
ToGrade = (
    tuple[GameState | HandState | View, Action | str, int]
    | tuple[GameState | HandState | View, Action | str, int, list[Option]]
)


class Grade(NamedTuple):
    """A verdict on one decision: its name, how much it lost against the best, and the better option."""

    verdict: str  # its key: Best, Good, Inaccuracy, Mistake, Blunder or NOT_GRADED (said in words by `verdict_said`)
    loss: float
    unit: str
    best: Action
    explained: Reason  # why, kept in no language (see Option.said); `explanation` in words
    better_said: Reason = ""  # the table's sentence after the verdict: the better option and what it gains, or a close
    # call; `better` in words

    @property
    def explanation(self) -> str:
        """Why, in words, in the language chosen here."""
        return words_of(self.explained)

    @property
    def better(self) -> str:
        """The better option and what it gains (or that it was a close call), in words, in the language chosen here."""
        return words_of(self.better_said)


def verdict_said(verdict: str) -> Said:
    """A verdict's name ('Mistake'), to be put into words where it is read (the coach's band_words, said later)."""
    return saying(checks.instance("verdict", verdict, str, "a verdict's name, such as 'Mistake'"))


def hint_words(action: Action, view: View, reason: Reason) -> str:
    """The computer's advice for a decision in words, as every table says it, in the language chosen here."""
    return _("Hint: {action}. {reason}").format(action=choice_words(action, view), reason=words_of(reason))


def graded_words(action: Action, view: View, grade: Grade | None) -> str:
    """One graded decision in words, as every table says it: the choice, its verdict, and the better option
    (`grade` None: it was the only legal choice)."""
    chosen = choice_words(action, view)
    if grade is None:
        return _("{chosen}: Best (your only legal choice).").format(chosen=chosen)
    said = _("{chosen}: {band}.").format(chosen=chosen, band=words_of(verdict_said(grade.verdict)))
    better = grade.better
    return f"{said} {better}" if better else said


def grade(
    state: GameState | HandState | View,
    action: Action | str,
    *,
    worlds: int = 200,
    seed: int = 0,
    seconds: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Grade:
    """Best / Good / Inaccuracy / Mistake / Blunder, by the loss against the best option (`state`, `seconds`: as
    advise); Not graded where the time allowed not one simulated deal."""
    return _grade(table_view(state), action, worlds, seed, deadline(seconds, clock))


def grade_all(
    decisions: Sequence[ToGrade],
    *,
    worlds: int = 200,
    seconds: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> list[Grade]:
    """A grade for each (state, action, seed) in `decisions`, each given an equal share of the time left; a fourth
    item, if given, is the options already weighed for that decision (a hint's), which the grade then reuses, so
    that the hint and the grade say one thing."""
    decisions = checks.instance("decisions", decisions, (list, tuple), "a list of (state, action, seed)")
    if not all(isinstance(d, tuple) and len(d) in (3, 4) for d in decisions):
        raise checks.refused("decisions", decisions, "a list of (state, action, seed) triples")
    until = deadline(seconds, clock)
    return [
        _grade(
            table_view(decision[0]),
            decision[1],
            worlds,
            decision[2],
            until.share(len(decisions) - i),
            decision[3] if len(decision) == 4 else None,
        )
        for i, decision in enumerate(decisions)
    ]


def _grade(
    view: View, action: Action | str, worlds: int, seed: int, until: Deadline, options: list[Option] | None = None
) -> Grade:
    action = parse_action(action)
    if action not in view.legal:  # only a legal action has a worth; the engine says why this one is not
        raise IllegalAction(
            PHASE_RULES[view.phase],
            _("{action} is not possible now: this is {phase}, and the choices are {choices}.").format(
                action=capital(_named(action, view)), phase=view.phase, choices=_listed(view)
            ),
        )
    options = options or _advise(view, worlds, seed, until)
    best = options[0]
    chosen = next((o for o in options if o.action == action), None)
    if chosen is None and best.unit != NO_TIME:  # a keep outside the simulated short list: value it alone
        chosen = _alone(view, action, worlds, seed, until, best)
    if chosen is None or best.unit == NO_TIME:
        return _not_graded(view, action, best)
    if action == best.action:
        return _best_grade(view, action, best, N_("{choice} is the best choice here. {reason}"))
    loss = max(0.0, best.value - chosen.value)
    verdict = next((name for name, limit in GRADES if loss <= limit * SCALES[best.unit]), "Blunder")
    if chosen.close:  # the deals sampled cannot tell the two apart: no verdict worse than Good, and no figure
        verdict = "Best" if verdict == "Best" else "Good"
        return Grade(
            verdict,
            loss,
            best.unit,
            best.action,
            saying(
                N_("{verdict}: a close call. {choice} and {better} do about as well for {measure}. {reason}"),
                verdict=verdict_said(verdict),
                choice=Named(action, view, True),
                better=Named(best.action, view),
                measure=saying(MEASURES[best.unit]),
                reason=best.said,
            ),
            saying(
                N_("A close call: the computer would {better}, which does about as well."),
                better=Named(best.action, view),
            ),
        )
    return _worse(view, action, verdict, loss, best, chosen)


def _not_graded(view: View, action: Action, best: Option) -> Grade:
    """The grade of a decision the time allowed not one deal to weigh: none, and the rule of thumb's reason."""
    return Grade(
        NOT_GRADED,
        0.0,
        NO_TIME,
        best.action,
        saying(
            N_(
                "Not graded: there was no time to try even one deal that fits what you saw, so {choice} could not "
                "be weighed. {reason}"
            ),
            choice=Named(action, view),
            reason=best.said,
        ),
    )


def _best_grade(view: View, action: Action, best: Option, words: str) -> Grade:
    """The grade of a decision as good as the best: `words` (a message with {choice} and {reason}) say so."""
    return Grade("Best", 0.0, best.unit, best.action, saying(words, choice=Named(action, view, True), reason=best.said))


def _worse(view: View, action: Action, verdict: str, loss: float, best: Option, chosen: Option) -> Grade:
    """The grade of a decision the deals sampled tell apart from the best: its verdict, and what the best gains."""
    if verdict == "Best":
        return _best_grade(view, action, best, N_("{choice} is as good as the best here. {reason}"))
    return Grade(
        verdict,
        loss,
        best.unit,
        best.action,
        saying(
            N_("{verdict}. {comparison}"),
            verdict=verdict_said(verdict),
            comparison=_compared(best, [chosen], view, _hands(best.unit, chosen.worlds)),
        ),
        saying(
            N_("Better: {better}, which {gain} on average."),
            better=Named(best.action, view, True),
            gain=_gain(best, chosen, view),
        ),
    )


def _alone(view: View, action: Action, worlds: int, seed: int, until: Deadline, best: Option) -> Option | None:
    """The option of one keep valued in worlds of its own, and whether it is too close to the best to tell apart;
    None if not one fitted in the time."""
    rng, deals, check, extra = random.Random(seed), worlds_of(view), until.checker, []
    by_chance = best.unit == "chance of winning"
    for _world in until.worlds(bidding_worlds(worlds)):
        try:
            extra.append(worth_in(deals.sample(rng, check=check), action, view, by_chance, check))
        except OutOfTime:
            continue
    if not extra:
        return None
    mean, error = _mean_error(extra)
    close = best.value - mean <= math.hypot(best.error, error)  # apart from the best's worlds: unpaired
    return Option(action, mean, error, best.unit, "", close, len(extra))
