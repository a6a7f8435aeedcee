"""One table of the class: one authoritative game, the students at its seats, computer players in the others.

Many threads (one per browser, and the server's pace keeper) call a ClassTable at once: every method holds its
reentrant lock, and the listeners are told after each change once the lock is let go, so a listener may read the
table (or take another lock) without stalling it. The rules are the engine's: the table only says whose turn it is.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections.abc import Callable
from dataclasses import replace

from ..engine import checks
from ..engine.actions import Action, parse_action
from ..engine.errors import IllegalAction, NotationError
from ..engine.game import GameState
from ..engine.hand import PHASE_RULES
from ..engine.narration import seat_words
from ..play.advice import NO_TIME, advise, grade_all, graded_words, hint_words
from ..play.session import (ADVICE_WORLDS, GRADE_SECONDS, HINT_SECONDS, LEVELS, NO_MOMENTS, advice_seed,
                            computer_seed, learner_decisions, level_of, scores_before)
from . import thinking
from .refusals import Refused
from .seat_view import finished_hand, seat_view
from .students import Student

NO_SEAT = ("This browser holds no seat at this table: join the class again with the join code, "
           "or ask your teacher to seat you.")
LONGEST_TOKEN = 100  # a seat token is 22 characters; anything much longer is not one
NOTHING_TO_UNDO = ("Nothing to undo at table {number}: no student has acted here since this game started (or since "
                   "the class's server started).")
MOVED_ON = ("The table has moved on since your page offered Undo: press Undo again to go back to before the last "
            "student's move.")


def checked_seconds(name: str, value) -> float:
    """A number of seconds, 0 or more."""
    if type(value) not in (int, float) or not 0 <= value < 10**6:
        raise checks.refused(name, value, "a number of seconds, such as 1.5")
    return float(value)


class ClassTable:
    """A table of the class: `game` played by the students seated at it, computer players of `level` elsewhere."""

    def __init__(self, number: int, game: GameState, level: str = "rule of thumb", *,
                 seats: tuple[Student | None, ...] | None = None, pace: float = 1.0, absent_after: float = 60.0,
                 clock: Callable[[], float] = time.monotonic, paused: bool = False):
        self.lock = threading.RLock()
        self.number = checks.whole("number", number, 1, 999)
        self.level = level_of(level)
        self.pace = checked_seconds("pace", pace)  # seconds between one move and a computer player's next
        self.absent_after = checked_seconds("absent_after", absent_after)  # then the computer plays an empty seat
        self.clock = clock
        self.problems: list[str] = []  # what went wrong telling a listener (a save that failed): the teacher sees it
        self._listeners: list[Callable[[ClassTable], None]] = []
        self._paused = checks.flag("paused", paused)
        self._hands_open = False  # every hand shown here, for a demonstration (not kept: a restart hides them)
        self._start(checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)"))
        self._seats = tuple(seats) if seats is not None else (None,) * game.rules.players
        if len(self._seats) != game.rules.players:
            raise checks.refused("seats", seats, f"one entry per seat of the game, {game.rules.players} in all")
        self._away: dict[int, float] = {}  # seat -> when its student's browser went away
        self._thinking = False  # a computer player is choosing (see step)
        self.version = 0  # counts the changes: a saved copy of an older version is never written over a newer one
        self._seen: dict[int, tuple] = {}  # seat -> (version, seats as seen, its view): one view per change

    def _start(self, game: GameState) -> None:
        """A game at this table from its start: its computer players are made afresh, from its seed."""
        self._game = game
        self._players: dict[int, object] = {}
        self._reasons: dict[int, dict[int, str]] = {}  # hand number (from 0) -> place in its history -> words
        self._last_change = self._turn_since = self.clock()
        self._before = NO_MOMENTS  # (moment, game, reasons) before each student's action: what Undo goes back to
        self._moments = getattr(self, "_moments", 0)  # numbers the moments, never twice at this table
        self._undo_asked: dict[int, int] = {}  # seat -> the moment its student asked to go back to
        self._advised: dict[tuple, list] = {}  # (hand number, its history) -> a hint's options, which grades reuse
        self._hints: dict[int, tuple] = {}  # seat -> ((hand number, its history), the hint's words)
        self._grades: dict[tuple[int, int], tuple[str, ...]] = {}  # (hand number, seat) -> the grades' lines

    # -- listening ---------------------------------------------------------------------------------------

    def observe(self, listener: Callable[[ClassTable], None]) -> None:
        """Call `listener(table)` after each change, outside the lock."""
        checks.instance("listener", listener, Callable, "a function of one ClassTable")
        with self.lock:
            self._listeners.append(listener)

    def forget(self, listener: Callable[[ClassTable], None]) -> None:
        """Stop telling `listener` (a page that closed)."""
        with self.lock:
            self._listeners = [kept for kept in self._listeners if kept is not listener]

    def _tell(self) -> None:
        with self.lock:
            listeners = tuple(self._listeners)
        for listener in listeners:
            try:
                listener(self)
            except Exception as error:  # one page's failure must not stop the others hearing the table
                with self.lock:
                    self.problems = [*self.problems[-9:], f"Table {self.number}: {error}"]

    # -- what the table holds ------------------------------------------------------------------------------

    @property
    def game(self) -> GameState:
        with self.lock:
            return self._game

    @property
    def seats(self) -> tuple[Student | None, ...]:
        """Who holds each seat: a Student, or None for a computer player."""
        with self.lock:
            return self._seats

    @property
    def paused(self) -> bool:
        with self.lock:
            return self._paused

    @property
    def hands_open(self) -> bool:
        with self.lock:
            return self._hands_open

    def seat_of(self, token) -> int:
        """The seat this token holds; NotationError (in words) for a token that holds none here."""
        if type(token) is not str or not token or len(token) > LONGEST_TOKEN:
            raise NotationError("seat token", NO_SEAT)
        with self.lock:
            for seat, student in enumerate(self._seats):
                if student is not None and hmac.compare_digest(student.token.encode(), token.encode()):
                    return seat
        raise NotationError("seat token", NO_SEAT)

    def computer_plays(self, seat: int) -> bool:
        """Whether a computer player plays `seat` now: nobody sits there, or its student is away too long."""
        with self.lock:
            away = self._away.get(seat)
            return self._seats[seat] is None or (away is not None and self.clock() - away >= self.absent_after)

    def waited(self) -> float:
        """How many seconds the seat to act has had its turn."""
        with self.lock:
            return max(0.0, self.clock() - self._turn_since)

    def seats_seen(self) -> tuple[dict, ...]:
        """Who sits where, as every seat may see it."""
        with self.lock:
            return tuple({"name": None if student is None else student.name, "computer": self.computer_plays(seat),
                          "away": seat in self._away} for seat, student in enumerate(self._seats))

    def seat_view(self, token) -> dict:
        """What the browser holding `token` may see of this table (see seat_view.py)."""
        with self.lock:
            return self._view(self.seat_of(token))

    def view_of_seat(self, seat: int) -> dict:
        """What `seat` may see, whoever holds it: for the teacher's page, and for tests."""
        with self.lock:
            return self._view(checks.seat("seat", seat, self._game.rules.players))

    def _view(self, seat: int) -> dict:
        """The seat's view, made once per change of the table and then shared by every page of that seat (so it is
        never changed in place: a page that wants another view makes its own)."""
        seats = self.seats_seen()
        kept = self._seen.get(seat)
        if kept is not None and kept[0] == self.version and kept[1] == seats:
            return kept[2]
        view = seat_view(self._game, seat, seats, self._reasons, self._paused, self._own(seat), self._hands_open)
        self._seen[seat] = (self.version, seats, view)
        return view

    def _own(self, seat: int) -> dict:
        """What is this seat's alone: the hint it asked for (while its moment lasts), its grades, the undo asked."""
        game = self._game
        hint = self._hints.get(seat)
        last = finished_hand(game)
        students = {place: student.name for place, student in enumerate(self._seats) if student is not None}
        moment = self._before.last[0] if len(self._before) else None
        asked = {place for place, wanted in self._undo_asked.items() if wanted == moment}
        return {"hint": hint[1] if hint is not None and hint[0] == (len(game.hands), game.hand.history) else None,
                "grades": None if last is None else self._grades.get((last[0], seat)),
                "undo": {"moment": moment, "you_asked": seat in asked,
                         "asked": [students[place] for place in sorted(asked) if place in students],
                         "waiting_for": [name for place, name in sorted(students.items()) if place not in asked]}}

    # -- playing ---------------------------------------------------------------------------------------------

    def act(self, token, action) -> Action:
        """The action of the student holding `token`, taken only in turn; the engine's words refuse anything else."""
        with self.lock:
            seat = self.seat_of(token)
            action = parse_action(action)  # NotationError: not an action at all
            self._refuse_if_paused()
            game = self._game
            if not game.is_over and game.to_act != seat:
                raise self._not_your_turn(seat)
            after = game.apply(action, seat=seat)  # IllegalAction or NotationError: nothing changed
            self._moments += 1
            self._before = self._before.then((self._moments, game, self._reasons))
            self._undo_asked = {}  # asked for an earlier moment: the table has moved on
            self._changed(after, action)
        self._tell()
        return action

    def _refuse_if_paused(self) -> None:
        if self._paused:
            raise Refused("paused", f"Your teacher has paused table {self.number}: wait a moment, it goes on soon.")

    def _not_your_turn(self, seat: int) -> IllegalAction:
        """'It is not your turn: Ben (seat 2) is to act, in bidding round one.' Never the other seat's options."""
        game = self._game
        view = game.view(seat)
        to_act = game.to_act
        student = self._seats[to_act]
        who = seat_words(to_act, view) if student is None else f"{student.name} ({seat_words(to_act, view)})"
        return IllegalAction(PHASE_RULES[game.hand.phase], f"It is not your turn: {who} is to act, in {game.hand.phase}.")

    def _changed(self, game: GameState, action: Action, reason: str | None = None) -> None:
        """The table's game after `action` (and what its computer player said, if one chose it)."""
        if reason is not None:
            number, place = len(self._game.hands) - 1, len(self._game.hand.history)
            self._reasons = {**self._reasons, number: {**self._reasons.get(number, {}), place: reason}}
        self._game = game
        self._last_change = self._turn_since = self.clock()
        self.version += 1

    def _computer_to_act(self) -> int | None:
        """The seat a computer player must act for now, if any (none while paused or once the game is over)."""
        if self._paused or self._game.is_over:
            return None
        seat = self._game.to_act
        return seat if self.computer_plays(seat) else None

    def due(self) -> float | None:
        """Seconds until step() will make a move (0: now); None while a student is to act, or nothing is to do."""
        with self.lock:
            if self._paused or self._game.is_over:
                return None
            seat, now = self._game.to_act, self.clock()
            after_pace = self._last_change + self.pace - now
            if self._seats[seat] is None:
                return max(0.0, after_pace)
            away = self._away.get(seat)
            return None if away is None else max(0.0, after_pace, away + self.absent_after - now)

    def step(self) -> Action | None:
        """One computer player's move, if one is due (see due); the action made, or None.

        The player thinks without the lock (an expert takes a quarter of a second), so the pages go on reading the
        table meanwhile; if the table changed while it thought (the teacher paused it, dealt again), nothing is
        played. One step thinks at a time: a second call meanwhile returns None."""
        with self.lock:
            seat = self._computer_to_act()
            if seat is None or self._thinking or self.clock() - self._last_change < self.pace:
                return None
            self._thinking, version, player, view = True, self.version, self._player(seat), self._game.view(seat)
        try:  # an expert thinks in a process of its own (thinking.py): the pages' threads keep the interpreter
            action, reason, player = (thinking.think(thinking.choose, player, view) if thinking.thinks_long(player)
                                      else thinking.choose(player, view))
        finally:
            with self.lock:
                self._thinking = False
        with self.lock:
            if self.version != version:
                return None
            self._players[seat] = player  # the player as it left its choice (an expert's dice rolled on)
            self._changed(self._game.apply(action, seat=seat), action, reason)
        self._tell()
        return action

    def _player(self, seat: int):
        """The computer player for `seat`, seeded from the game's seed as the single-learner table seeds it."""
        if seat not in self._players:
            self._players[seat] = LEVELS[self.level](computer_seed(self._game.seed, seat))
        return self._players[seat]

    # -- what each seat may ask for: a hint, its grades, an undo --------------------------------------------------

    def hint(self, token) -> str:
        """The computer's best action for this seat now, with its reason, in words: asked of play/advice.py as the
        single-learner table's Hint asks it (the same worlds and seed), and shown to this seat alone."""
        with self.lock:
            seat, game = self.seat_of(token), self._game
            if game.is_over or game.to_act != seat:
                raise Refused("hint", "A hint is for your own turn: ask for one when it is your turn to act.")
            moment = (len(game.hands), game.hand.history)
            kept = self._hints.get(seat)
            if kept is not None and kept[0] == moment:
                return kept[1]
            view, options = game.view(seat), self._advised.get(moment)
        if options is None:  # the thinking is done without the lock (and in a process of its own)
            options = thinking.think(advise, view, worlds=ADVICE_WORLDS, seed=advice_seed(game.hand),
                                     seconds=HINT_SECONDS)
        words = hint_words(options[0].action, view, options[0].reason)
        with self.lock:
            if options[0].unit != NO_TIME:  # kept for the grade, which then says what the hint said
                self._advised = {**{kept: weighed for kept, weighed in self._advised.items()
                                    if kept[0] >= moment[0] - 1}, moment: options}
            if (len(self._game.hands), self._game.hand.history) == moment:  # not if the table moved meanwhile
                self._hints = {**self._hints, seat: (moment, words)}
                self.version += 1
        return words

    def grade(self, token) -> tuple[str, ...]:
        """This seat's decisions in the last finished hand, each graded against the computer's best, in words (one
        line each); worked out once per hand and seat, as the single-learner table's Grade works it out."""
        with self.lock:
            seat, game = self.seat_of(token), self._game
            last = finished_hand(game)
            if last is None:
                raise Refused("grade", "Grades come once a hand is over: finish this hand first.")
            number, hand = last
            if (number, seat) in self._grades:
                return self._grades[number, seat]
            scores, contenders = scores_before(game, number - 1)
            decisions = learner_decisions(hand, seat)
            numbers, chosen = [], []
            for n, (state, action) in enumerate(decisions, 1):
                if len(state.legal_actions()) > 1:  # an only legal choice has nothing to grade
                    view = replace(state.view(seat), scores=scores, contenders=contenders)
                    hinted = self._advised.get((number, state.history))
                    numbers.append(n)
                    chosen.append((view, action, advice_seed(state)) + ((hinted,) if hinted else ()))
        grades = dict(zip(numbers, thinking.think(grade_all, chosen, worlds=ADVICE_WORLDS, seconds=GRADE_SECONDS)
                          if chosen else ()))
        lines = tuple(graded_words(action, state.view(seat), grades.get(n))
                      for n, (state, action) in enumerate(decisions, 1)) or ("You made no decision this hand.",)
        with self.lock:
            self._grades = {**self._grades, (number, seat): lines}
            self.version += 1
        return lines

    def ask_undo(self, token, moment) -> bool:
        """This seat's student asks to go back to before the last student's move (`moment`, as their page showed
        it); once every student at the table has asked for the same moment, the table goes back. Whether it did."""
        with self.lock:
            seat = self.seat_of(token)
            if not len(self._before):
                raise Refused("undo", NOTHING_TO_UNDO.format(number=self.number))
            if type(moment) is not int or moment != self._before.last[0]:
                raise Refused("undo", MOVED_ON)
            self._undo_asked = {**self._undo_asked, seat: moment}
            students = {place for place, student in enumerate(self._seats) if student is not None}
            agreed = students <= set(self._undo_asked)
            if agreed:
                self._go_back()
            else:
                self.version += 1
        self._tell()
        return agreed

    def undo(self) -> None:
        """The teacher takes the table back to before the last student's move (the computers' replies go too)."""
        with self.lock:
            if not len(self._before):
                raise Refused("undo", NOTHING_TO_UNDO.format(number=self.number))
            self._go_back()
        self._tell()

    def _go_back(self) -> None:
        (_, self._game, self._reasons), self._before = self._before.last, self._before.earlier
        self._undo_asked, self._hints = {}, {}
        self._last_change = self._turn_since = self.clock()
        self.version += 1

    # -- the teacher's hand on the table ------------------------------------------------------------------------

    def sit(self, seat: int, student: Student) -> None:
        """Seat `student` where a computer player sits now."""
        with self.lock:
            seat = checks.seat("seat", seat, self._game.rules.players)
            checks.instance("student", student, Student, "a Student who joined the class")
            if self._seats[seat] is not None:
                raise Refused("seat", f"Seat {seat} at table {self.number} is {self._seats[seat].name}'s: "
                                      f"move {self._seats[seat].name} first, or choose a seat a computer plays.")
            self._seats = self._seats[:seat] + (student,) + self._seats[seat + 1:]
            self.version += 1
        self._tell()

    def unseat(self, seat: int) -> Student | None:
        """Take the student (if any) from `seat`: a computer player sits there now. Returns who left."""
        with self.lock:
            seat = checks.seat("seat", seat, self._game.rules.players)
            student = self._seats[seat]
            self._seats = self._seats[:seat] + (None,) + self._seats[seat + 1:]
            self._away.pop(seat, None)
            self.version += 1
        self._tell()
        return student

    def away(self, token) -> None:
        """The browser holding `token` went away: after `absent_after` seconds the computer plays its seat."""
        with self.lock:
            self._away.setdefault(self.seat_of(token), self.clock())
            self.version += 1
        self._tell()

    def back(self, token) -> int:
        """The browser holding `token` is back: its seat is its own again. Returns the seat."""
        with self.lock:
            seat = self.seat_of(token)
            self._away.pop(seat, None)
            self.version += 1
        self._tell()
        return seat

    def all_away(self) -> None:
        """Every student counts as away from now (a restarted server): each seat is theirs again once they return."""
        with self.lock:
            now = self.clock()
            self._away = {seat: now for seat, student in enumerate(self._seats) if student is not None}

    def pause(self, paused: bool = True) -> None:
        """Pause the table (nobody acts, the computer players wait), or let it go on."""
        with self.lock:
            self._paused = checks.flag("paused", paused)
            self._last_change = self.clock()
            self.version += 1
        self._tell()

    def open_hands(self, shown: bool = True) -> None:
        """Show every hand to every seat at this table, for a demonstration (each page says so), or hide them again."""
        with self.lock:
            self._hands_open = checks.flag("shown", shown)
            self.version += 1
        self._tell()

    def deal_again(self) -> None:
        """The hand in play starts again from its deal (the same cards: the game's seed deals them)."""
        with self.lock:
            game = self._game
            if game.is_over:
                raise Refused("deal", f"The game at table {self.number} is over: start a new game instead.")
            number = len(game.hands) - 1
            self._game = replace(game, hands=game.hands.with_last(game.hand.states()[0]))
            self._reasons = {n: said for n, said in self._reasons.items() if n != number}
            self._before, self._undo_asked, self._hints = NO_MOMENTS, {}, {}  # another story from its deal
            self._last_change = self._turn_since = self.clock()
            self.version += 1
        self._tell()

    def start(self, game: GameState) -> None:
        """A new game at this table, with the same students in the same seats."""
        checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)")
        with self.lock:
            if game.rules.players != len(self._seats):
                raise Refused("game", f"Table {self.number} has {len(self._seats)} seats, and {game.rules.facts.name} "
                                      f"needs {game.rules.players}: choose a game for {len(self._seats)}.")
            self._start(game)
            self.version += 1
        self._tell()

    def snapshot(self) -> tuple[int, GameState, tuple[Student | None, ...], bool]:
        """What a saved copy of the table holds, read at one moment: (version, game, seats, paused)."""
        with self.lock:
            return self.version, self._game, self._seats, self._paused
