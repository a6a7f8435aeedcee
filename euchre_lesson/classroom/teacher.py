"""The teacher's desk: every table at a glance, students placed and moved, tables paused and dealt again, and the
deal of the day. A Desk is had only from Classroom.teacher(code), which refuses a wrong teacher code."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypedDict

from ..engine import checks
from ..engine import language as catalog
from ..engine.game import new_game
from ..engine.language import _
from ..look.seat_picture import COMPASS, places
from .day import DealOfTheDay, comparison
from .refusals import Refused
from .seat_view import SeatSeen, SeatView

if TYPE_CHECKING:  # the class holds its desk: imported for the types alone
    from .classroom import Classroom
    from .students import Student
    from .table import ClassTable

# -- what the teacher's page is sent (declared, so that a key renamed here and not there fails in mypy) ---------------


class SeatHeld(SeatSeen):
    """A seat on the teacher's card of its table."""

    seat: int
    where: str  # where the seat is as the projector draws the table, seat 0 at the bottom: "South", "West"...


class TableAtAGlance(TypedDict):
    """One table on the teacher's page."""

    table: int
    game: str
    paused: bool
    hands_open: bool
    hand_number: int
    seats: list[SeatHeld]
    scores: list[int]
    sides: list[list[int]]
    to_act: int | None
    to_act_name: str | None
    waited: float
    game_over: bool
    winners: list[int]
    problems: list[str]


class Overview(TypedDict):
    """Every table, and who waits to be seated."""

    join_code: str
    level: str
    waiting: list[str]
    tables: list[TableAtAGlance]


class RosterEntry(TypedDict):
    """A student, with the token the teacher's page places them by (never sent to a student's page)."""

    name: str
    token: str
    place: tuple[int, int] | None  # (table, seat), or None while waiting


class Desk:
    """What the teacher may do to the class `room` (a Classroom)."""

    def __init__(self, room: Classroom) -> None:
        self.room = room

    # -- looking -----------------------------------------------------------------------------------------------

    def overview(self) -> Overview:
        """Every table with who sits where, the scores, whose turn it is and how long they have waited; who waits."""
        room = self.room
        with room.lock:  # who sits where and who waits, at one moment: a student moves under the class's lock
            tables, waiting = room.tables, [student.name for student in room.waiting]
            seated, join_code, level = [table.seats for table in tables], room.join_code, room.level
        # Each table is read under its own lock alone: the class's other pages need not wait for every table. Its
        # reading is kept if its seats are still those of that moment (a change of seats makes a new tuple), so no
        # student shows at two tables, or waiting and seated; else all is read again under the class's lock.
        glances = [table_at_a_glance(table) for table in tables]
        if any(seats is not held for (_table, seats), held in zip(glances, seated)):
            with room.lock:
                waiting = [student.name for student in room.waiting]
                glances = [table_at_a_glance(table) for table in room.tables]
        return Overview(
            join_code=join_code, level=level, waiting=waiting, tables=[glance for glance, _seats in glances]
        )

    def roster(self) -> list[RosterEntry]:
        """Every student, in the order they joined, with their token (for the teacher's page to place them: never
        send it to a student's page) and where they sit: (table, seat), or None while they wait."""
        room = self.room
        with room.lock:
            return [
                RosterEntry(name=student.name, token=student.token, place=room.where(student.token))
                for student in room.students
            ]

    def view_of_seat(self, number: int, seat: int) -> SeatView:
        """What one seat of a table sees, as its browser is sent it (to look over a student's shoulder)."""
        return self.room.table(number).view_of_seat(seat)

    # -- placing students ------------------------------------------------------------------------------------------

    def place(self, token: object, number: object, seat: object) -> None:
        """Seat the student holding `token` at table `number`, `seat` (taking them from where they sat)."""
        room = self.room
        student = room.student(token)
        with room.lock:
            table = room.table(number)
            seat = checks.seat("seat", seat, len(table.seats))
            if table.seated_at(seat, student.token):
                return
            place = room.where(token)
            if place is not None:
                room.table(place[0]).unseat(place[1])
            table.sit(seat, student)
            room._removed_from.pop(student.token, None)  # seated again: no more told her table was removed

    def remove(self, token: object) -> None:
        """Take the student holding `token` from their table: a computer plays their seat, and they wait."""
        room = self.room
        with room.lock:
            place = room.where(token)
            if place is not None:
                room.table(place[0]).unseat(place[1])

    def computer(self, number: object, seat: object) -> None:
        """A computer plays `seat` at table `number`; the student who sat there waits to be seated."""
        with self.room.lock:
            table = self.room.table(number)
            table.unseat(checks.seat("seat", seat, len(table.seats)))

    # -- tables -------------------------------------------------------------------------------------------------

    def new_table(self, game: str = "cutthroat", seed: int | None = None) -> ClassTable:
        """A new table of `game` (the class's house rules), computer players at every seat until students sit."""
        return self.room.new_table(game, seed)

    def pause(self, number: object, paused: bool = True) -> None:
        self.room.table(number).pause(paused)

    def open_hands(self, number: object, shown: bool = True) -> None:
        """Show every hand at table `number` to everyone there, for a demonstration, or hide them again."""
        self.room.table(number).open_hands(shown)

    def undo(self, number: object) -> None:
        """Table `number` goes back to before its last student's move (the computers' replies since go too)."""
        self.room.table(number).undo()

    def remove_table(self, number: object) -> None:
        """Table `number` leaves the class; its students wait to be seated again."""
        self.room.remove_table(number)

    def change_game(self, number: object, game: str, seed: int | None = None, mid_hand: bool = False) -> None:
        """Table `number` plays a new game of `game`, its students kept; mid-hand only with `mid_hand` (confirmed)."""
        self.room.change_game(number, game, seed, mid_hand)

    def deal_again(self, number: object) -> None:
        """The hand in play at table `number` starts again from its deal."""
        self.room.table(number).deal_again()

    def new_game(self, number: object, seed: int | None = None) -> None:
        """A new game at table `number`, of the game it plays, with the same students."""
        table = self.room.table(number)
        table.start(new_game(self.room.house_rules.rules(table.game.rules.game), seed=seed))

    # -- the deal of the day ---------------------------------------------------------------------------------------

    def deal_of_the_day(
        self, game: str | None = None, seed: int | None = None, tables: Iterable[object] | None = None
    ) -> DealOfTheDay:
        """Every table of `tables` (all, if None) starts a new game of its own game from the same seed: the same
        deals at every table of one game (compared game by game). With `game`, only the tables of that game."""
        room = self.room
        named = None if game is None else room.house_rules.rules(game)  # a game the class plays, or a refusal
        given = checks.seed("seed", seed)  # None: a seed of its own
        dealt = random.SystemRandom().randrange(2**32) if given is None else given
        with room.lock:
            chosen = list(room.tables) if tables is None else [room.table(number) for number in tables]
            chosen = [table for table in chosen if game is None or table.game.rules.game == game]
            if not chosen:
                raise Refused(
                    "tables",
                    _("The deal of the day needs a table: add one first.")
                    if named is None
                    else _(
                        "The deal of the day needs a table: none chosen plays {game}: add one, or choose another."
                    ).format(game=catalog._(named.facts.name)),
                )
            for table in chosen:
                table.start(new_game(room.house_rules.rules(table.game.rules.game), seed=dealt))
            room.day = DealOfTheDay(chosen[0].game.rules.game, dealt, tuple(table.number for table in chosen))
        room._keep()
        return room.day

    def comparison(self) -> list[dict]:
        """Deal by deal, what each table of the deal of the day bid and scored (see day.comparison); [] if none."""
        room = self.room
        with room.lock:
            if room.day is None:
                return []
            tables = {table.number: (table.game, seat_names(table)) for table in room.tables}
            return comparison(room.day, tables)


def seat_places(table: ClassTable) -> list[str]:
    """Where each seat of a table is as the projector draws it (seat 0 at the bottom): "South", "West"..."""
    seated = places(table.game.view(0))
    return [COMPASS[seated[seat]] for seat in range(table.game.rules.players)]


def seat_names(table: ClassTable) -> tuple[str, ...]:
    """The name at each seat of a table: the student's, or where its computer sits ("West"), as the projector says."""
    wheres = seat_places(table)
    return tuple(wheres[seat] if student is None else student.name for seat, student in enumerate(table.seats))


def table_at_a_glance(table: ClassTable) -> tuple[TableAtAGlance, tuple[Student | None, ...]]:
    """One table on the teacher's page, and who held its seats as it was read (Desk.overview checks them)."""
    with table.lock:
        game, seats, wheres = table.game, table.seats_seen(), seat_places(table)
        return TableAtAGlance(
            table=table.number,
            game=game.rules.facts.name,
            paused=table.paused,
            hands_open=table.hands_open,
            hand_number=len(game.hands),
            seats=[
                SeatHeld(seat=seat, name=held["name"], computer=held["computer"], away=held["away"], where=where)
                for seat, (held, where) in enumerate(zip(seats, wheres))
            ],
            scores=list(game.scores),
            sides=[list(side) for side in game.sides],
            to_act=game.to_act,
            to_act_name=None if game.to_act is None else seats[game.to_act]["name"] or wheres[game.to_act],
            waited=round(table.waited(), 1),
            game_over=game.is_over,
            winners=list(game.winners),
            problems=list(table.problems),
        ), table.seats
