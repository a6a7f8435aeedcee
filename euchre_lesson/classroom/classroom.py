"""A class: its join code and teacher code, its students, its tables, kept on disk after every change.

A student joins with a first name and the join code, and gets a seat token (kept by the browser: a reload brings
the student back to the same seat); then picks a table or waits to be seated. The teacher's page works through
`Classroom.teacher(code)`, which refuses a wrong teacher code (teacher.py). Locks: the class's own lock is taken
before a table's, never while holding one; the files are written once the table's lock is let go.
"""

from __future__ import annotations

import hmac
import logging
import threading
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ..engine import checks
from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.errors import FileRefused, NotationError, excerpt
from ..engine.files import shown
from ..engine.game import new_game
from ..engine.language import N_, _
from ..engine.rules import ALLOWED, RuleSet, rules_from, switch_words
from ..engine.said import Listed, saying
from ..look.clicks import Toggle
from ..look.picture import Button, Mood, Picture
from ..play.table_model import Listeners, level_of
from ..teach.house_rules import HouseRules
from ..teach.positions import Position
from .codes import checked_join_code, join_code, same_code, seat_token, teacher_code
from .day import DealOfTheDay
from .keeping import (
    CLASS_FILE,
    CLASS_FORMAT,
    CLASS_LIMIT,
    TABLE_LIMIT,
    Keeper,
    check_class_kept_or_none,
    class_folder,
    read_record,
    seat_record,
    student_of,
    table_file,
    table_from,
    table_record,
    why_not_saved,
)
from .names import first_name, told_apart
from .refusals import Refused
from .seat_view import SeatedView, StudentView, TableOffered, WaitingView
from .students import Student
from .table import LONGEST_TOKEN, ClassTable, checked_seconds
from .teacher import Desk
from .thinking import Thinker

LOG = logging.getLogger(__name__)
UNKNOWN_TOKEN = (
    "This browser's seat token is not one of this class's: join again with your first name and the "
    "join code on the board."
)


class Joined(NamedTuple):
    """A student who just joined: the token their browser keeps, their name, and a note to show (or '')."""

    token: str
    name: str
    note: str


class Classroom:
    """A class at its tables, kept in `folder` (by default the user's data folder, see keeping.py)."""

    def __init__(
        self,
        folder: object = None,
        *,
        house_rules: HouseRules | None = None,
        level: str = "rule of thumb",
        pace: float = 1.0,
        absent_after: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        join: str | None = None,
        teacher: str | None = None,
        restoring: bool = False,
    ) -> None:
        self.lock = threading.RLock()
        self.join_code = join_code() if join is None else checked_join_code(join)
        self.teacher_code = teacher_code() if teacher is None else checks.instance("teacher", teacher, str, "text")
        self.house_rules = checks.instance(
            "house_rules",
            house_rules or HouseRules(),
            HouseRules,
            "the class's house rules, as read_house_rules(folder) reads them",
        )
        self.level = level_of(level)  # the computer players' level at every table
        self.pace = checked_seconds("pace", pace)
        self.absent_after = checked_seconds("absent_after", absent_after)
        self.clock = clock
        self.keeper = Keeper(folder)
        self.thinker = Thinker()  # the tables' long thinking, in worker processes started when first needed (close)
        if not restoring and check_class_kept_or_none(self.keeper.folder):  # a class kept there is never written over
            raise Refused(
                "folder",
                f"A class is kept in {self.keeper.folder} already: restore it "
                f"(Classroom.restore), or choose another folder for a new class.",
            )
        self._unsaved = ""  # why the class file's last change could not be saved, as a clause ('' once it is)
        self.day: DealOfTheDay | None = None
        self._students: dict[str, Student] = {}  # token -> student, in the order they joined
        self._tables: dict[int, ClassTable] = {}
        self._keep_position: Callable[[str, Position], object] | None = None  # each table's coach's positions missed
        self._numbered = 0  # the highest table number given in this run: a removed table's number is not given again
        self._removed_from: dict[str, int] = {}  # token -> the removed table its student sat at, until seated again
        self.version = 0
        self._listeners = Listeners("The class")
        self._keep_or_refuse()

    # -- keeping ----------------------------------------------------------------------------------------------

    def record(self) -> dict:
        """The class file: codes, settings, house rules, students, the tables' numbers, the deal of the day."""
        with self.lock:
            return {
                "format": CLASS_FORMAT,
                "join_code": self.join_code,
                "teacher_code": self.teacher_code,
                "level": self.level,
                "pace": self.pace,
                "absent_after": self.absent_after,
                "house_rules": {rules.game: rules.switches() for rules in self.house_rules.games},
                "students": [seat_record(student) for student in self._students.values()],
                "tables": sorted(self._tables),
                "day": None if self.day is None else self.day.record(),
            }

    def _keep(self) -> str:
        """Save the class file, then tell the listeners; why it could not be saved, as a clause ('' once it is)."""
        with self.lock:
            self.version += 1
        self._save_class()
        self._tell(None)
        return self._unsaved

    @property
    def notice(self) -> str:
        """What the teacher's page says of the class as a whole, in words ('' for nothing): its file not saved."""
        why = self._unsaved
        return (
            _(
                "Saving the class failed: {why}. Nothing is lost while the server runs; it saves again by itself."
            ).format(why=why)
            if why
            else ""
        )

    def _save_class(self) -> None:
        with self.lock:
            version, record = self.version, self.record()
        try:
            self.keeper.keep(CLASS_FILE, version, record)
        except Exception as error:  # the change stands here; the next save of the class tries again
            if not isinstance(error, (OSError, FileRefused)):  # not the disk's doing: the terminal says what
                LOG.exception("Saving the class failed")
            self._unsaved = why_not_saved(error)
        else:
            self._unsaved = ""

    def _keep_or_refuse(self) -> None:
        """Save the class file as the class opens: a folder it cannot be saved in is refused in words."""
        why = self._keep()
        if why:
            raise Refused(
                "folder",
                f"The class cannot be kept in {shown(self.keeper.folder)}: {why}. "
                + (
                    "Free some space on the disk, or choose a folder on another (--folder)."
                    if "full" in why
                    else "Choose a folder you may write in (--folder)."
                ),
            )

    # -- listening (the pages) ----------------------------------------------------------------------------

    def observe(self, listener: Callable[[ClassTable | None], None]) -> None:
        """Call `listener(table)` after each change of a table, and `listener(None)` after a change of the class
        (a student joined, a table was added): outside the locks, once the change is kept on disk."""
        if not callable(listener):
            raise checks.refused("listener", listener, "a function of one ClassTable, or None")
        self._listeners.add(listener)

    def forget(self, listener: Callable[[ClassTable | None], None]) -> None:
        """Stop telling `listener` (a page that closed)."""
        self._listeners.remove(listener)

    def _tell(self, table: ClassTable | None) -> None:
        for error in self._listeners.tell(table):  # one page's failure never stops the others hearing the class
            if table is not None:  # the teacher sees it on the table's card
                table.model.problem(f"Table {table.number}: {error}")

    def close(self) -> None:
        """End the class's worker processes (a table's thinking asked for afterwards is done here)."""
        self.thinker.close()

    def _keep_table(self, table: ClassTable) -> None:
        """Write the table's file (OSError or FileRefused if it cannot be: the table waits), and the class file too if
        its last save failed."""
        version, game, seats, paused = table.snapshot()
        self.keeper.keep(
            table_file(table.number), version, table_record(table.number, table.level, game, seats, paused)
        )
        if self._unsaved:
            self._save_class()

    def _adopt(self, table: ClassTable) -> ClassTable:
        """A table of the class, kept on disk after each of its changes (before the pages hear of it)."""
        table.saved_by(self._keep_table)
        table.observe(self._tell)  # told once the table is saved: no action a page was told of is lost to a restart
        if self._keep_position is not None:
            table.positions_kept_by(self._keep_position)
        self._tables[table.number] = table
        self._numbered = max(self._numbered, table.number)
        return table

    def positions_kept_by(self, keep: Callable[[str, Position], object]) -> None:
        """At every table, now and later, a student's costliest decision that the coach found a Mistake or a Blunder
        goes to `keep(name, position)`: the class's server keeps it with their lessons' answers, for their review."""
        if not callable(keep):
            raise checks.refused("keep", keep, "a function of a student's name and a Position")
        with self.lock:
            self._keep_position = keep
            tables = tuple(self._tables.values())
        for table in tables:
            table.positions_kept_by(keep)

    @classmethod
    def restore(cls, folder: object, *, clock: Callable[[], float] = time.monotonic) -> Classroom:
        """The class kept in `folder`, with every table, seat and score; each student counts as away until back."""
        path = class_folder(folder)
        record = read_record(path / CLASS_FILE, CLASS_LIMIT, "class")
        try:
            house = HouseRules(
                games=tuple(rules_from(game, switches) for game, switches in record["house_rules"].items())
            )
            room = cls(
                path,
                house_rules=house,
                level=record["level"],
                pace=record["pace"],
                absent_after=record["absent_after"],
                clock=clock,
                join=record["join_code"],
                teacher=record["teacher_code"],
                restoring=True,
            )
            students = [student_of(kept, "the class file's students") for kept in record["students"]]
            numbers = record["tables"]
            day = record["day"]
        except (KeyError, TypeError, AttributeError) as error:
            raise NotationError(
                "class", f"The class file in {path} is damaged ({error!r} is wrong or missing): it cannot be restored."
            ) from None
        room._students = {student.token: student for student in students}
        for number in numbers:
            room._restore_table(path, number)
        room.day = None if day is None else DealOfTheDay(day["game"], day["seed"], tuple(day["tables"]))
        room._keep_or_refuse()
        return room

    def _restore_table(self, path: Path, number: int) -> None:
        name = table_file(checks.whole("table number", number, 1, 999))
        kept = table_from(read_record(path / name, TABLE_LIMIT, "table"), name)
        table = ClassTable(
            number,
            kept["game"],
            kept["level"],
            seats=kept["seats"],
            pace=self.pace,
            absent_after=self.absent_after,
            clock=self.clock,
            paused=kept["paused"],
            thinker=self.thinker,
        )
        for student in kept["seats"]:
            if student is not None:
                self._students.setdefault(student.token, student)
        table.all_away()
        self._adopt(table)

    def change_house_rules(self, house_rules: HouseRules) -> list[str]:
        """The class plays by `house_rules` from now (a changed house_rules.json, read as the server restarts): every
        new game does, and a table whose game has not begun starts it again under them; a table whose game is under
        way ends it by the rules it began with, and says so (its notice). What changed, in lines for the terminal."""
        checks.instance("house_rules", house_rules, HouseRules, "the class's house rules, as read_house_rules reads")
        with self.lock:
            changed = {
                old.game: rules_changes(old, house_rules.rules(old.game))
                for old in self.house_rules.games
                if old.switches() != house_rules.rules(old.game).switches()
            }
            self.house_rules = house_rules
        if not changed:
            return []
        said = [f"The house rules changed: {game}: {Listed(tuple(words))}." for game, words in changed.items()]
        for table in self.tables:
            game = table.game
            if game.rules.game not in changed or game.rules == house_rules.rules(game.rules.game):
                continue
            if len(game.hands) == 1 and not game.hand.history:  # nothing played yet: the whole game plays by them
                table.start(new_game(house_rules.rules(game.rules.game), seed=game.seed))
                said.append(f"Table {table.number} had not begun: its game starts again under the new house rules.")
                continue
            table.announce(  # in each student's language: the changes are said where they are read
                saying(
                    N_(
                        "The house rules changed ({changes}): this game ends by the rules it began with, and the "
                        "next game at this table plays by the new ones."
                    ),
                    changes=Listed(tuple(changed[game.rules.game])),
                )
            )
            said.append(f"Table {table.number} ends its game by the old rules; its next game plays by the new ones.")
        self._keep()
        return said

    # -- students -------------------------------------------------------------------------------------------

    def join(self, name: object, code: object) -> Joined:
        """A student joins with a first name and the join code; a wrong code or name is refused in words."""
        if not same_code(code, self.join_code, "join code"):
            raise NotationError(
                "join code",
                _(
                    "That is not this class's join code: type the join code on the "
                    "board (the letters can be small or capital, the dash typed or not)."
                ),
            )
        name = first_name(name)
        with self.lock:
            name, note = told_apart(name, (student.name for student in self._students.values()))  # Ava, Ava 2
            student = Student(name, seat_token())
            self._students[student.token] = student
        why = self._keep()
        if why:  # not kept: the student has not joined (a restart would not know them)
            with self.lock:
                self._students.pop(student.token, None)
            self._tell(None)
            raise Refused(
                "saving",
                _(
                    "You could not join yet: saving failed on the class's computer ({why}). Your teacher sees it; "
                    "try again in a moment."
                ).format(why=why),
            )
        return Joined(student.token, name, note)

    def student(self, token: object) -> Student:
        """The student whose browser holds `token`; NotationError (in words) for a token of no student here."""
        if type(token) is str and 0 < len(token) <= LONGEST_TOKEN:
            with self.lock:
                for kept, student in self._students.items():
                    if hmac.compare_digest(kept.encode(), token.encode()):
                        return student
        raise NotationError("seat token", UNKNOWN_TOKEN)

    def rename(self, token: object, name: object) -> str:
        """A student changes the name the table shows (an initial added); the note to show, or ''."""
        student = self.student(token)
        name = first_name(name)
        with self.lock:
            name, note = told_apart(name, (other.name for other in self._students.values() if other is not student))
            renamed = Student(name, student.token)
            self._students[student.token] = renamed
            place = self.where(token)
            if place is not None:
                table = self._tables[place[0]]
                table.unseat(place[1])
                table.sit(place[1], renamed)
        self._keep()
        return note

    @property
    def students(self) -> tuple[Student, ...]:
        with self.lock:
            return tuple(self._students.values())

    def where(self, token: object) -> tuple[int, int] | None:
        """The (table number, seat) of the student holding `token`, or None while they wait to be seated."""
        student = self.student(token)
        with self.lock:
            for number, table in sorted(self._tables.items()):
                for seat, holder in enumerate(table.seats):
                    if holder is not None and holder.token == student.token:
                        return number, seat
        return None

    @property
    def waiting(self) -> tuple[Student, ...]:
        """The students who joined and sit at no table, in the order they joined."""
        with self.lock:
            seated = {holder.token for table in self._tables.values() for holder in table.seats if holder}
            return tuple(student for token, student in self._students.items() if token not in seated)

    # -- tables --------------------------------------------------------------------------------------------------

    @property
    def tables(self) -> tuple[ClassTable, ...]:
        with self.lock:
            return tuple(table for _number, table in sorted(self._tables.items()))

    def table(self, number: object) -> ClassTable:
        """Table `number`; NotationError naming the tables there are."""
        with self.lock:
            if type(number) is int and number in self._tables:
                return self._tables[number]
            there = ", ".join(map(str, sorted(self._tables))) or _("none yet")
        raise NotationError(
            "table",
            _("There is no table {number}: the tables are {there}.").format(number=excerpt(number), there=there),
        )

    def new_table(self, game: str = "cutthroat", seed: int | None = None) -> ClassTable:
        """A table for `game` by the class's house rules, every seat played by a computer until students sit."""
        started = new_game(self.house_rules.rules(game), seed=seed)
        with self.lock:
            number = self._numbered + 1  # a number of its own: a removed table's file keeps its newer version
            table = self._adopt(
                ClassTable(
                    number,
                    started,
                    self.level,
                    pace=self.pace,
                    absent_after=self.absent_after,
                    clock=self.clock,
                    thinker=self.thinker,
                )
            )
        table.save()  # a table whose file cannot be written waits, saying so
        self._keep()
        return table

    def remove_table(self, number: object) -> ClassTable:
        """Table `number` leaves the class: its students wait to be seated again; the table removed."""
        with self.lock:
            table = self.table(number)
            del self._tables[table.number]
            self._removed_from.update({held.token: table.number for held in table.seats if held is not None})
        table.forget(self._keep_table)  # a computer's move finishing now changes nothing kept, and tells no page
        table.forget(self._tell)
        self._keep()
        return table

    def change_game(self, number: object, game: str, seed: int | None = None, mid_hand: bool = False) -> None:
        """Table `number` plays a new game of `game` (by the class's house rules), with the same students; in the
        middle of a hand only with `mid_hand` (see ClassTable.change_game)."""
        table = self.table(number)
        table.change_game(new_game(self.house_rules.rules(game), seed=seed), mid_hand)

    def waiting_note(self, token: object) -> str:
        """What a waiting student is told of why she waits ('' if nothing): the table she sat at was removed."""
        student = self.student(token)
        with self.lock:
            number = self._removed_from.get(student.token)
            if number is None or self.where(token) is not None:
                return ""
        return _("Your teacher removed table {number}: choose another table, or wait to be seated.").format(
            number=number
        )

    def choose_table(self, token: object, number: object) -> int:
        """The student holding `token` sits at table `number`, in the first seat a computer plays; their seat."""
        student = self.student(token)
        with self.lock:
            table = self.table(number)
            place = self.where(token)
            if place is not None:
                raise Refused(
                    "seat",
                    _("You sit at table {number}, seat {seat} already: ask your teacher to move you.").format(
                        number=place[0], seat=place[1]
                    ),
                )
            free = [seat for seat, holder in enumerate(table.seats) if holder is None]
            if not free:
                raise Refused(
                    "table",
                    _("Table {number} is full: choose another table, or wait to be seated.").format(
                        number=table.number
                    ),
                )
            table.sit(free[0], student)
            self._removed_from.pop(student.token, None)  # seated again: told
            return free[0]

    def _table_of(self, token: object) -> ClassTable:
        place = self.where(token)
        if place is None:
            raise Refused(
                "seat", _("You are not at a table yet: choose a table, or wait for your teacher to seat you.")
            )
        return self._tables[place[0]]

    def seat_view(self, token: object) -> StudentView:
        """What the browser holding `token` may see: its table's view, or the tables to choose from while waiting."""
        student = self.student(token)
        with self.lock:
            place = self.where(token)
            if place is None:
                return WaitingView(
                    name=student.name,
                    table=None,
                    waiting=True,
                    tables=[
                        TableOffered(
                            table=table.number,
                            game=table.game.rules.facts.name,
                            free_seats=sum(holder is None for holder in table.seats),
                        )
                        for table in self.tables
                    ],
                )
            table = self._tables[place[0]]
            return SeatedView(name=student.name, table=table.number, waiting=False, **table.seat_view(token))

    def act(self, token: object, action: Action | str) -> Action:
        """The action of the student holding `token`, at their table (see ClassTable.act)."""
        return self._table_of(token).act(token, action)

    def click(self, token: object, click: Mapping[str, object]) -> Action | Toggle:
        """A click on the student's table view, checked at their table (see ClassTable.click)."""
        return self._table_of(token).click(token, click)

    def picture(
        self,
        token: object,
        *,
        chosen: Collection[Card] = (),
        note: str = "",
        mood: Mood = "",
        tools: Sequence[Button] = (),
    ) -> Picture:
        """What the table view of the student holding `token` draws now (see ClassTable.picture)."""
        table = self._table_of(token)
        return table.picture(table.seat_of(token), chosen=chosen, note=note, mood=mood, tools=tools)

    def hint(self, token: object) -> str:
        """The computer's best action now for the student holding `token`, in words (see ClassTable.hint)."""
        return self._table_of(token).hint(token)

    def grade(self, token: object) -> tuple[str, ...]:
        """The student's decisions in their table's last finished hand, graded (see ClassTable.grade)."""
        return self._table_of(token).grade(token)

    def try_again(self, token: object, key: object) -> str:
        """The student's costliest decision in the last hand chosen again (see ClassTable.try_again)."""
        return self._table_of(token).try_again(token, key)

    def ask_undo(self, token: object, moment: object) -> bool:
        """The student asks their table to go back to before `moment` (see ClassTable.ask_undo)."""
        return self._table_of(token).ask_undo(token, moment)

    def away(self, token: object) -> None:
        """The student's browser went away (closed, dropped): after a while the computer plays for them."""
        if self.where(token) is not None:
            self._table_of(token).away(token)

    def back(self, token: object) -> None:
        """The student's browser is back: their seat is theirs again."""
        if self.where(token) is not None:
            self._table_of(token).back(token)

    def step(self) -> list:
        """One computer move at each table where one is due (see ClassTable.step): what each table did."""
        return [table.step() for table in self.tables]

    # -- the teacher -----------------------------------------------------------------------------------------

    def set_pace(self, pace: float, absent_after: float) -> None:
        """The computer players' pace and the absence before they play a student's seat, at every table from now."""
        pace, absent_after = checked_seconds("pace", pace), checked_seconds("absent_after", absent_after)
        with self.lock:
            self.pace, self.absent_after = pace, absent_after
            for table in self._tables.values():
                with table.lock:
                    table.pace, table.absent_after = pace, absent_after
        self._keep()

    def set_level(self, level: str) -> None:
        """The computer players' level at every table from now (each table's players made afresh at that level)."""
        level = level_of(level)
        with self.lock:
            self.level = level
            tables = list(self._tables.values())
        for table in tables:
            table.play_at(level)
        self._keep()

    def teacher(self, code: object) -> Desk:
        """The teacher's desk, for the teacher code alone; NotationError (in words) for any other code."""
        if not same_code(code, self.teacher_code, "teacher code"):
            raise NotationError(
                "teacher code",
                _(
                    "That is not this class's teacher code: type the teacher code printed when the class's server "
                    "started."
                ),
            )
        return Desk(self)


@dataclass(frozen=True)
class RuleChange:
    """One house rule changed, put into words where it is read: 'stick the dealer: on (C9), was off'."""

    name: str
    now: object
    before: object

    def __str__(self) -> str:
        before = ALLOWED[self.name].value_words(self.before)
        return _("{change}, was {before}").format(change=switch_words(self.name, self.now), before=before)


def rules_changes(old: RuleSet, new: RuleSet) -> list[RuleChange]:
    """What differs between two rule sets of one game: ['stick the dealer: on (C9), was off'] once in words."""
    return [
        RuleChange(name, getattr(new, name), getattr(old, name))
        for name in ALLOWED
        if getattr(old, name) != getattr(new, name)
    ]
