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
from ..play.session import LEVELS, computer_seed, level_of
from .refusals import Refused
from .seat_view import seat_view
from .students import Student

NO_SEAT = ("This browser holds no seat at this table: join the class again with the join code, "
           "or ask your teacher to seat you.")
LONGEST_TOKEN = 100  # a seat token is 22 characters; anything much longer is not one


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
        self._start(checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)"))
        self._seats = tuple(seats) if seats is not None else (None,) * game.rules.players
        if len(self._seats) != game.rules.players:
            raise checks.refused("seats", seats, f"one entry per seat of the game, {game.rules.players} in all")
        self._away: dict[int, float] = {}  # seat -> when its student's browser went away
        self._thinking = False  # a computer player is choosing (see step)
        self.version = 0  # counts the changes: a saved copy of an older version is never written over a newer one

    def _start(self, game: GameState) -> None:
        """A game at this table from its start: its computer players are made afresh, from its seed."""
        self._game = game
        self._players: dict[int, object] = {}
        self._reasons: dict[int, dict[int, str]] = {}  # hand number (from 0) -> place in its history -> words
        self._last_change = self._turn_since = self.clock()

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
            seat = self.seat_of(token)
            return seat_view(self._game, seat, self.seats_seen(), self._reasons, self._paused)

    def view_of_seat(self, seat: int) -> dict:
        """What `seat` may see, whoever holds it: for the teacher's page, and for tests."""
        with self.lock:
            seat = checks.seat("seat", seat, self._game.rules.players)
            return seat_view(self._game, seat, self.seats_seen(), self._reasons, self._paused)

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
            self._changed(game.apply(action, seat=seat), action)  # IllegalAction or NotationError: nothing changed
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
        try:
            action, reason = player.choose(view), player.explain()
        finally:
            with self.lock:
                self._thinking = False
        with self.lock:
            if self.version != version:
                return None
            self._changed(self._game.apply(action, seat=seat), action, reason)
        self._tell()
        return action

    def _player(self, seat: int):
        """The computer player for `seat`, seeded from the game's seed as the single-learner table seeds it."""
        if seat not in self._players:
            self._players[seat] = LEVELS[self.level](computer_seed(self._game.seed, seat))
        return self._players[seat]

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

    def deal_again(self) -> None:
        """The hand in play starts again from its deal (the same cards: the game's seed deals them)."""
        with self.lock:
            game = self._game
            if game.is_over:
                raise Refused("deal", f"The game at table {self.number} is over: start a new game instead.")
            number = len(game.hands) - 1
            self._game = replace(game, hands=game.hands.with_last(game.hand.states()[0]))
            self._reasons = {n: said for n, said in self._reasons.items() if n != number}
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
