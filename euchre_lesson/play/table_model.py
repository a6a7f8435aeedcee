"""One game at a table of seats, each a learner's or a computer player's: the model every table is a front of.

The learner's table (`session.TableSession`) and the class's table (`classroom.table.ClassTable`) both hold a
`TableModel`, so what a table does is written here once: the computer players and their dice, their reasons, what
Undo goes back to, the hint (kept for the grade), the grades, and the telling of listeners. The fronts add only
what is theirs: the learner's news, selection and files; the class's tokens, pace, pause and presence.

Long thinking (a hint, a hand's grades, an expert's move) is done by a `think(work, *args, **kwargs)` handed in:
here by default, in a worker process for the class (classroom/thinking.py). Every method takes the model's
reentrant `lock` for what it reads and changes, and lets it go while thinking, so a front that holds the lock
(the learner's) thinks holding it, and one that does not (the class's) lets its pages read the table meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import replace
from typing import Any, NamedTuple, TypeVar

from ..engine import checks
from ..engine.actions import Action
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.language import _
from ..engine.said import Reason
from ..engine.threads import thread_in_context
from .advice import NO_TIME, Grade, Option, advise, grade_all, graded_words, hint_words
from .beginner import BeginnerPlayer
from .budget import DECISION_SECONDS
from .choice import Choice, Player
from .coach import Retry, Review, review, try_again
from .players import ExpertPlayer, RandomPlayer
from .rule_of_thumb import RuleOfThumbPlayer

LOG = logging.getLogger(__name__)

# Worlds an expert samples per decision: trick play samples them all, bidding a quarter (at least 32),
# which keeps a decision near 0.25 s on a laptop (bench/widgets.py measures it). Where worlds cost more
# (pure Python, the browser) its time budget stops it sooner (bench/decisions.py measures it).
EXPERT_WORLDS = 32

LEVELS: dict[str, Callable[[int], Player]] = {
    "random": lambda seed: RandomPlayer(seed),
    "beginner": lambda seed: BeginnerPlayer(seed),
    "rule of thumb": lambda seed: RuleOfThumbPlayer(),
    "expert": lambda seed: ExpertPlayer(seed, worlds=EXPERT_WORLDS, seconds=DECISION_SECONDS),
}


def level_names() -> tuple[str, ...]:
    """The computer players' levels, weakest first: what a level may be called (the model makes its players)."""
    return tuple(LEVELS)


# Worlds sampled for a hint and for each graded decision: enough to rank the options, quick to click. One count
# for both, with one seed per decision (advice_seed), so that a grade weighs a decision on the worlds its hint did.
ADVICE_WORLDS = 40
# Seconds at most for a hint, and for the grades of a whole hand (one click: each decision gets its share).
HINT_SECONDS = DECISION_SECONDS
GRADE_SECONDS = 2 * DECISION_SECONDS

Runner = Callable[[Callable[[], None]], None]  # how the coach's work after a hand is run


def in_background(work: Callable[[], None]) -> None:
    """Run `work()` without holding up the click that asked for it: in a thread of its own; in the browser, which has
    no threads, on the kernel's event loop once the page has its answer; at once where neither is to be had."""
    if sys.platform != "emscripten":
        try:  # in this context: the coach speaks the learner's language
            thread_in_context(work, "coach")
            return
        except RuntimeError:  # no thread to be had: the loop's turn, or now
            pass
    try:
        asyncio.get_event_loop().call_soon(work)
    except RuntimeError:
        work()


def at_once(work: Callable[[], None]) -> None:
    """Run `work()` now, before the click that asked for it returns (a test's table, where a thread would race)."""
    work()


# How a table made here runs its coach after each hand: in the background (the lessons, the app, the class); at once,
# or None for only when asked (a test binds its own, as a lesson binds its context).
COACH_RUNS: ContextVar[Runner | None] = ContextVar("the coach after each hand", default=in_background)

KEPT_PROBLEMS = 10  # what went wrong telling a listener, the last few, for whoever watches the table

Answer = TypeVar("Answer")


def here(work: Callable[..., Answer], *args: Any, **kwargs: Any) -> Answer:
    """Thinking done in this thread: work(*args, **kwargs)."""
    return work(*args, **kwargs)


def level_of(value: object) -> str:
    """A level of the computer players: one of LEVELS."""
    if type(value) is str and value in LEVELS:
        return value
    raise checks.refused("level", value, "one of " + ", ".join(map(repr, LEVELS)))


def computer_seed(seed: int | None, seat: int) -> int:
    """The seed of the computer player at `seat`: drawn from the game's seed, and a seed any player accepts."""
    return random.Random(f"{seed}:computer at seat {seat}").randrange(checks.MOST_SEED + 1)


def decision_dice(game: GameState, seat: int) -> random.Random:
    """The dice of `seat`'s computer player for the decision it takes now: drawn from the game's seed, the seat and
    the moment alone, so a choice is the same wherever it is made and after an undo, and nothing is carried on."""
    return random.Random(f"{computer_seed(game.seed, seat)}:hand {len(game.hands) - 1}:{len(game.hand.history)}")


def advice_seed(state: HandState) -> int:
    """The seed of the worlds a decision is weighed on, by its hint and by its grade alike: its place in the hand."""
    return len(state.history)


def scores_before(game: GameState, number: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The game's scores and contenders before hand `number` (from 0): what the players knew while it was played."""
    return game.scores_before(number)  # kept by the game as it deals: looked up, however long the game


def learner_decisions(hand: HandState, seat: int) -> list[tuple[HandState, Action]]:
    """Each decision `seat` took in this hand, with the state it was taken in (the hand's own history of states)."""
    return [(state, action) for state, action, actor in zip(hand.states(), hand.history, hand.actors) if actor == seat]


Moment = tuple[GameState, int]  # a game, and the number (from 0) of the hand shown


class Moments:
    """What Undo goes back to: (game, hand shown) before each action a learner took, oldest first, read as a tuple is.

    Each moment holds the ones before it and is never changed, so that an action adds one and an undo takes
    one off without copying the others: neither costs more late in a long sitting than early. Each has a `number`
    never given twice at its table, by which a page names the moment it offered to go back to."""

    __slots__ = ("_count", "earlier", "last", "number")
    last: Moment  # read only where there is a moment (_count > 0)
    earlier: Moments
    number: int
    _count: int

    def __init__(self, last: Moment | None = None, earlier: Moments | None = None, number: int = 0):
        count = 0 if last is None or earlier is None else 1 + len(earlier)
        for name, value in (("last", last), ("earlier", earlier), ("number", number), ("_count", count)):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Moments are not changed in place ({name}): then makes new ones.")

    def then(self, moment: Moment, number: int = 0) -> Moments:
        """These moments and one more, the newest (numbered `number`)."""
        return Moments(moment, self, number)

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Moment]:
        newest_first, moments = [], self
        while moments._count:
            newest_first.append(moments.last)
            moments = moments.earlier
        return reversed(newest_first)

    def __getitem__(self, number: int) -> Moment:
        if number == -1 and self._count:
            return self.last
        return tuple(self)[number]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Moments, tuple)):
            return self is other or (len(self) == len(other) and tuple(self) == tuple(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Moments({len(self)} before your actions)"


NO_MOMENTS = Moments()


class Decision(NamedTuple):
    """One of a seat's decisions in a finished hand: the state it was taken in, the action, its grade."""

    state: HandState
    action: Action
    grade: Grade | None  # None: it was the only legal choice


class Graded(NamedTuple):
    """The grades of a seat's decisions in one hand (numbered from 1)."""

    hand: HandState
    number: int
    decisions: tuple[Decision, ...]
    edited: bool = False  # the hand is from a game changed outside the table (Trust.EDITED)

    def lines(self, seat: int) -> tuple[str, ...]:
        """One line of words per decision, as `seat` saw each; one line saying so where it made none."""
        return tuple(graded_words(d.action, d.state.view(seat), d.grade) for d in self.decisions) or (
            _("You made no decision this hand."),
        )


class Listeners:
    """Who hears of each change, told in turn: one that fails is logged and kept in `problems` (named by `name`),
    and the others still hear. The list is read under its own lock and told outside it, so a listener may add or
    forget a listener as it hears."""

    def __init__(self, name: str = "The table"):
        self.name = name
        self.lock = threading.Lock()
        self._listeners: tuple[Callable[[Any], None], ...] = ()
        self.problems: list[str] = []

    def add(self, listener: Callable[[Any], None]) -> None:
        if not callable(listener):
            raise checks.refused("listener", listener, "a function of one message")
        with self.lock:
            self._listeners = (*self._listeners, listener)

    def remove(self, listener: Callable[[Any], None]) -> None:
        with self.lock:
            self._listeners = tuple(kept for kept in self._listeners if kept != listener)  # a method: equal, not one

    def tell(self, message: Any) -> list[Exception]:
        """Tell each listener `message`; what went wrong (nothing, mostly)."""
        with self.lock:
            listeners = self._listeners
        failed = []
        for listener in listeners:
            try:
                listener(message)
            except Exception as error:  # one page's failure must not stop the others hearing the table
                LOG.exception("%s: a listener failed", self.name)
                failed.append(error)
                self.problem(f"{self.name}: {error}")
        return failed

    def problem(self, words: str) -> None:
        """Keep what went wrong where whoever watches sees it (the last few only)."""
        with self.lock:
            self.problems = [*self.problems[1 - KEPT_PROBLEMS :], words]


class TableModel:
    """A game at a table: computer players of `level` at the seats a front says, what they said, what Undo goes
    back to, the hints and grades asked for, and the listeners told of each change."""

    def __init__(
        self,
        game: GameState,
        level: str = "rule of thumb",
        players: dict[int, Player] | None = None,
        *,
        name: str = "The table",
    ):
        checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)")
        self.lock = threading.RLock()
        self.listeners = Listeners(name)
        self.version = 0  # counts the changes: a view or a saved copy names the version it was made from
        self._numbered = 0  # numbers the moments Undo goes back to, never twice at this table
        self.sit(game, level, players)

    # -- listening -----------------------------------------------------------------------------------------------

    def observe(self, listener: Callable[[Any], None]) -> None:
        """Call `listener(message)` with each message the table tells."""
        self.listeners.add(listener)

    def forget(self, listener: Callable[[Any], None]) -> None:
        """Stop telling `listener` (a page that closed)."""
        self.listeners.remove(listener)

    def tell(self, message: Any) -> None:
        """Tell every listener `message`: one that fails is logged and kept in `problems`, and the others still hear."""
        self.listeners.tell(message)

    @property
    def problems(self) -> list[str]:
        """What went wrong telling a listener (a page gone, a save that failed), the last few."""
        return self.listeners.problems

    def problem(self, words: str) -> None:
        """Keep what went wrong where whoever watches the table sees it (the last few only)."""
        self.listeners.problem(words)

    def changed(self) -> None:
        """Count one more change of what the table shows."""
        with self.lock:
            self.version += 1

    # -- sitting down at a game ------------------------------------------------------------------------------------

    def sit(
        self, game: GameState, level: str, players: dict[int, Player] | None = None, shown: int | None = None
    ) -> None:
        """A game at this table from here on, with its computer players (those given, the others made from its
        seed when first needed), hand `shown` on the table (the last, by default): nothing said yet, nothing to
        undo, no hint nor grade kept."""
        with self.lock:
            self.game, self.level = game, level_of(level)
            self.players: dict[int, Player] = dict(players or {})
            # the hand on the table: a finished one stays there for a learner, until the next is asked for
            self.shown = len(game.hands) - 1 if shown is None else shown
            self.history: Moments = NO_MOMENTS  # (game, hand shown) before each learner's action
            # hand number -> place in its history -> what the computer player said; a list changed in place (one
            # hand at a time), so an action costs the same at hand 20,000 as at hand 1
            self.reasons: list[dict[int, Reason]] = [{} for _hand in range(self.shown + 1)]
            self.advised: dict[tuple[int, tuple[Action, ...]], list[Option]] = {}  # a hint's options, for the grade
            self.hints: dict[int, tuple[tuple[int, tuple[Action, ...]], Option]] = {}  # seat -> its moment, its hint
            self.graded: dict[tuple[int, int], Graded] = {}  # (hand number, seat) -> its grades
            # (hand number, seat) -> the hand and the coach's review of it, kept for the whole game: its accuracy
            self.reviews: dict[tuple[int, int], tuple[HandState, Review]] = {}
            self.version += 1

    def player(self, seat: int) -> Player:
        """The computer player for `seat`, seeded from the game's seed (made when first needed)."""
        with self.lock:
            if seat not in self.players:
                self.players[seat] = LEVELS[self.level](computer_seed(self.game.seed, seat))
            return self.players[seat]

    @property
    def moment(self) -> tuple[int, tuple[Action, ...]]:
        """The hand in play (its number from 0) and its history: what a hint is asked at."""
        with self.lock:
            return len(self.game.hands) - 1, self.game.hand.history

    # -- the game goes on ----------------------------------------------------------------------------------------

    def choice(
        self,
        seat: int,
        think: Callable[..., Any] = here,
        game: GameState | None = None,
        players: dict[int, Player] | None = None,
    ) -> Choice:
        """The choice of `seat`'s computer player (of `players`, else the table's) in `game` (else the table's), with
        the dice of that decision."""
        with self.lock:
            game = self.game if game is None else game
            player = self.player(seat) if players is None else players[seat]
            view, dice = game.view(seat), decision_dice(game, seat)
        chosen: Choice = think(player.decide, view, dice)
        return chosen

    def replies(
        self, game: GameState, shown: int, players: dict[int, Player], said: dict[int, Reason]
    ) -> tuple[GameState, dict[int, Reason]]:
        """`game` after the computer `players` act (a dict: seat -> player), until a seat none of them holds is to
        act or hand `shown` ends; and `said`, what they said in that hand, their new words added (a new dict: the
        table changes only once every reply is made, by `take`)."""
        said = dict(said)
        while not game.is_over and len(game.hands) - 1 == shown and game.to_act in players:
            actor = game.to_act
            chosen = self.choice(actor, game=game, players=players)
            said[len(game.hand.history)] = chosen.said
            game = game.apply(chosen.action, seat=actor)
        return game, said

    def said_before(self, place: int, number: int | None = None) -> dict[int, Reason]:
        """What the computer players said in hand `number` (the one shown) before `place`: after an undo the rest is
        another story."""
        with self.lock:
            number = self.shown if number is None else number
            kept = self.reasons[number] if number < len(self.reasons) else {}
            return {i: words for i, words in kept.items() if i < place}

    def take(
        self,
        game: GameState,
        said: dict[int, Reason],
        *,
        number: int | None = None,
        shown: int | None = None,
        undoable: bool = False,
    ) -> None:
        """The table's game is now `game`: hand `number` (the one shown) has `said` for its reasons (later hands'
        are another story), the hand shown is `shown` (unchanged by default), and with `undoable` (a learner's
        action) Undo can go back to the moment before."""
        with self.lock:
            if undoable:
                self._numbered += 1
                self.history = self.history.then((self.game, self.shown), self._numbered)
            number = self.shown if number is None else number
            self.game = game
            self.shown = self.shown if shown is None else shown
            del self.reasons[number + 1 :]
            self.reasons.extend({} for _hand in range(number - len(self.reasons)))
            self.reasons[number:] = [said]
            self.version += 1

    def undo(self) -> bool:
        """Back to the moment before the last learner's action (the computers' replies since go too); False if there
        is none. The hints asked since are forgotten; those kept for the grades stay, keyed by their moment."""
        with self.lock:
            if not self.history:
                return False
            (self.game, self.shown), self.history = self.history.last, self.history.earlier
            self.hints = {}
            self.version += 1
            return True

    def deal_again(self) -> None:
        """The hand in play starts again from its deal (the same cards): its reasons and the undo history go."""
        with self.lock:
            game, number = self.game, len(self.game.hands) - 1
            self.game = replace(game, hands=game.hands.with_last(game.hand.states()[0]))
            self.reasons[number:] = [{}]
            self.history, self.hints = NO_MOMENTS, {}
            self.version += 1

    # -- the computer's advice -------------------------------------------------------------------------------------

    def hint(self, seat: int, think: Callable[..., Any] = here) -> Option:
        """The computer's best option for `seat` at the moment in play (it must be `seat`'s turn), with its reason:
        kept for the grade of that decision, which then says what the hint said, and as `seat`'s hint."""
        with self.lock:
            moment, game = self.moment, self.game
            options = self.advised.get(moment)
            view = game.view(seat)
        if options is None:  # the thinking is done holding no more of the lock than the caller holds
            options = think(advise, view, worlds=ADVICE_WORLDS, seed=advice_seed(game.hand), seconds=HINT_SECONDS)
        with self.lock:
            if options[0].unit != NO_TIME:  # this hand's and the last one's: a class grades the last while playing on
                self.advised = {
                    **{kept: weighed for kept, weighed in self.advised.items() if kept[0] >= moment[0] - 1},
                    moment: options,
                }
            if self.moment == moment:  # not if the table moved on meanwhile
                self.hints = {**self.hints, seat: (moment, options[0])}
                self.version += 1
        return options[0]

    def hint_in_words(self, seat: int, think: Callable[..., Any] = here) -> str:
        """The hint for `seat` now (see hint), in words, as `seat` sees the moment it was asked at."""
        with self.lock:
            view = self.game.view(seat)
        best = self.hint(seat, think)
        return hint_words(best.action, view, best.reason)

    def hint_for(self, seat: int) -> Option | None:
        """The hint `seat` asked for, while its moment lasts."""
        with self.lock:
            kept = self.hints.get(seat)
            return kept[1] if kept is not None and kept[0] == self.moment else None

    def hint_said(self, seat: int) -> str | None:
        """The hint `seat` asked for, in words, while its moment lasts."""
        with self.lock:
            option = self.hint_for(seat)
            return None if option is None else hint_words(option.action, self.game.view(seat), option.reason)

    def grade(self, number: int, seat: int, think: Callable[..., Any] = here, edited: bool = False) -> Graded:
        """`seat`'s decisions in hand `number` (from 0, a finished hand), each graded against the computer's best as
        the hint weighed it: the game's view, its seed, the hint's options. Worked out once per hand and seat."""
        with self.lock:
            game = self.game
            hand = game.hands[number]
            kept = self.graded.get((number, seat))
            if kept is not None and kept.hand is hand and kept.edited == edited:
                return kept
            scores, contenders = scores_before(game, number)
            decisions = learner_decisions(hand, seat)
            numbers, chosen = [], []
            for n, (state, action) in enumerate(decisions, 1):
                if len(state.legal_actions()) > 1:  # an only legal choice has nothing to grade
                    view = replace(state.view(seat), scores=scores, contenders=contenders)
                    hinted = self.advised.get((number, state.history))
                    numbers.append(n)
                    chosen.append((view, action, advice_seed(state)) + ((hinted,) if hinted else ()))
        grades = dict(
            zip(numbers, think(grade_all, chosen, worlds=ADVICE_WORLDS, seconds=GRADE_SECONDS) if chosen else ())
        )
        graded = Graded(
            hand,
            number + 1,
            tuple(Decision(state, action, grades.get(n)) for n, (state, action) in enumerate(decisions, 1)),
            edited=edited,
        )
        reviewed = review(
            [(d.state, d.action, d.grade) for d in graded.decisions], seat, number + 1, scores, contenders
        )
        with self.lock:
            kept = self.graded.get((number, seat))
            if kept is not None and kept.hand is hand and kept.edited == edited:
                return kept  # graded meanwhile (the coach by itself, and a click asking): one review of the hand
            self.graded = {
                **{key: kept for key, kept in self.graded.items() if key[0] >= number - 1},
                (number, seat): graded,
            }
            self.reviews = {**self.reviews, (number, seat): (hand, reviewed)}
            # The version is left as it is: it names the moment a click acts on, and grades change no moment (a class's
            # coach finishing must not make a student's click on the next hand stale). A front redraws on its news.
        return graded

    def played_at(self, number: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The scores and contenders hand `number` (from 0) was played at: what a position of it is kept with."""
        with self.lock:
            return scores_before(self.game, number)

    def review_for(self, number: int, seat: int) -> Review | None:
        """The coach's review of `seat`'s decisions in hand `number` (from 0), once graded, while that hand stands."""
        with self.lock:
            kept = self.reviews.get((number, seat))
            in_game = kept is not None and number < len(self.game.hands) and kept[0] is self.game.hands[number]
            return kept[1] if kept is not None and in_game else None

    def reviews_of(self, seat: int) -> tuple[Review, ...]:
        """The coach's reviews of `seat`'s hands in this game, in order: the hands graded, as they still stand."""
        with self.lock:
            numbers = sorted(number for number, sitter in self.reviews if sitter == seat)
            found = (self.review_for(number, seat) for number in numbers)
            return tuple(r for r in found if r is not None)

    def try_again(self, number: int, seat: int, place: int, action: Action, think: Callable[..., Any] = here) -> Retry:
        """Hand `number` (from 0) played again from place `place` of its history, where `seat` acted: `seat` takes
        `action`, then computer players of the table's level play every other seat (the rule of thumb `seat`'s later
        decisions) to the end, on the same cards. The table's game does not change."""
        with self.lock:
            hand = self.game.hands[number]
            states = hand.states()
            if not 0 <= place < len(hand.history) or hand.actors[place] != seat:
                raise ValueError(f"Seat {seat} took no decision at place {place} of hand {number + 1}.")
            start = states[place]
            players = {
                other: self.players.get(other) or LEVELS[self.level](computer_seed(self.game.seed, other))
                for other in range(self.game.rules.players)
                if other != seat
            }
        retried: Retry = think(try_again, start, seat, action, players, computer_seed(self.game.seed, seat))
        return retried

    def graded_for(self, number: int, seat: int) -> Graded | None:
        """The grades `seat` asked for in hand `number` (from 0), if that hand is still the one graded."""
        with self.lock:
            kept = self.graded.get((number, seat))
            in_game = number < len(self.game.hands) and kept is not None and kept.hand is self.game.hands[number]
            return kept if in_game else None
