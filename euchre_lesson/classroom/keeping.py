"""The class kept on disk after every change: one file for the class, one per table, each replaced whole.

The files hold the seat tokens, so they are written for their owner only (private), in a folder the teacher
chose, by default the user's own data folder (never the checkout). A file is written from a snapshot taken under
its table's lock, and an older snapshot never replaces a newer one, whichever thread writes first.
"""

from __future__ import annotations

import errno
import json
import os
import re
import sys
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..engine.errors import FileRefused, NotationError, excerpt
from ..engine.files import as_text, data_folder, read_regular, shown, write_atomically
from ..engine.formats import Format, FormatRefused, either, frozen, read
from ..engine.game import MAX_RECORD_BYTES, GameState, game_from_record
from ..engine.hand import read_json
from ..engine.language import N_
from ..engine.rules import PRESETS
from ..engine.said import Said, saying
from ..teach.house_rules import SECTIONS
from .refusals import Refused
from .students import Student

CLASS_FILE = "classroom.json"
LOCK_FILE = "classroom.lock"  # held by the server serving the class (FolderHold): it names that server's process
TABLE_FILE = re.compile(r"table-[0-9]+\.json")
CLASS_FORMAT = "euchre_lesson classroom"
TABLE_FORMAT = "euchre_lesson class table"
CLASS_LIMIT = 4 * 1024 * 1024  # bytes: a class of a thousand students takes about 100,000
TABLE_LIMIT = MAX_RECORD_BYTES + 100_000  # a saved game and a few seats
MOST_TABLES = 999

# The formats of the two files, shared by their writers (Classroom.record, table_record) and read_record. What
# depends on more than a field's shape (a join code's letters, a level's name, seats as many as the game's players,
# the game record itself) is checked as the class is restored.
TEXT = frozen({"type": "string", "minLength": 1, "maxLength": 100, "description": "text of 1 to 100 characters"})
STUDENT = frozen(
    {
        "type": "object",
        "description": "an object with a name and a token",
        "required": ["name", "token"],
        "properties": {"name": TEXT, "token": TEXT},
        "additionalProperties": False,
    }
)
TABLE_NUMBERS = frozen(
    {
        "type": "array",
        "items": {
            "type": "integer",
            "minimum": 1,
            "maximum": MOST_TABLES,
            "description": f"a table's number, from 1 to {MOST_TABLES}",
        },
        "description": "a list of tables' numbers",
    }
)
SECONDS = frozen({"type": "number", "minimum": 0, "description": "a number of seconds, such as 1.5"})
CLASS_FILE_FORMAT = Format(
    "class file",
    {
        "type": "object",
        "properties": {
            "format": {"const": CLASS_FORMAT},
            "join_code": {"type": "string", "description": "the join code's letters"},
            "teacher_code": {"type": "string", "description": "the teacher code"},
            "level": {"type": "string", "description": "the computer players' level"},
            "pace": SECONDS,
            "absent_after": SECONDS,
            "house_rules": {
                "type": "object",
                "properties": SECTIONS,
                "additionalProperties": False,
                "description": "an object with a section of switches per game",
            },
            "students": {"type": "array", "items": STUDENT, "description": "a list of students"},
            "tables": TABLE_NUMBERS,
            "day": {
                "type": ["object", "null"],
                "description": "the deal of the day (a game, a seed, tables), or null",
                "properties": {
                    "game": {"enum": list(PRESETS), "description": f"a game: {either(PRESETS)}"},
                    "seed": {"type": "integer", "minimum": 0, "description": "a whole number from 0"},
                    "tables": TABLE_NUMBERS,
                },
                "required": ["game", "seed", "tables"],
                "additionalProperties": False,
            },
        },
        "required": [
            "format",
            "join_code",
            "teacher_code",
            "level",
            "pace",
            "absent_after",
            "house_rules",
            "students",
            "tables",
            "day",
        ],
    },
    tag="format",
)
TABLE_FILE_FORMAT = Format(
    "table file",
    {
        "type": "object",
        "properties": {
            "format": {"const": TABLE_FORMAT},
            "number": TABLE_NUMBERS["items"],
            "level": {"type": "string", "description": "the computer players' level"},
            "paused": {"type": "boolean", "description": "true or false"},
            "seats": {
                "type": "array",
                "items": {
                    "anyOf": [STUDENT, {"type": "null"}],
                    "description": "a student (an object with a name and a token) or null",
                },
                "description": "a list of seats, each a student or null (a computer's)",
            },
            "game": {"type": "object", "description": "a game record"},  # read as a game record is (game_from_record)
        },
        "required": ["format", "number", "level", "paused", "seats", "game"],
    },
    tag="format",
)
STUDENT_RECORD = Format("student", STUDENT)


def default_folder() -> Path:
    """Where a class is kept unless the teacher says otherwise: the user's own data folder."""
    return data_folder() / "classroom"


def class_folder(folder: object) -> Path:
    """The folder to keep the class in, made if it is not there; NotationError says why one cannot be used."""
    chosen = default_folder() if folder is None else folder
    try:  # os.PathLike: any object with __fspath__; Path() refuses bytes
        path = Path(os.fspath(chosen)) if isinstance(chosen, (str, os.PathLike)) else None
    except TypeError:
        path = None
    if path is None:
        raise NotationError("folder", f"folder must name a folder, as text or a Path, not {excerpt(folder)}.")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise NotationError(
            "folder",
            f"The class cannot be kept in {shown(path)}: {error.strerror or error}. Choose a folder you may write in.",
        ) from None
    return path


def table_file(number: int) -> str:
    return f"table-{number}.json"


def check_class_kept_or_none(folder: Path) -> bool:
    """Whether a class is kept in `folder` (its class file is there); a folder holding tables' files without one is
    refused in words: a new class there would write over those tables."""
    try:
        if (folder / CLASS_FILE).exists():
            return True
        tables = sorted(path.name for path in folder.iterdir() if TABLE_FILE.fullmatch(path.name))
    except OSError as error:  # a folder this user may not read
        raise Refused(
            "folder",
            f"The class's folder {shown(folder)} cannot be read: {error.strerror or error}. Choose a folder you may "
            f"read and write in (--folder).",
        ) from None
    if tables:
        raise Refused(
            "folder",
            f"The folder {shown(folder)} holds tables ({', '.join(tables[:3])}{', ...' if len(tables) > 3 else ''}) "
            f"but no class file ({CLASS_FILE}), so that class cannot be restored, and a new class there would "
            f"write over its tables: put {CLASS_FILE} back, or choose another folder for a new class (--folder), "
            f"or start afresh with --new, which moves the old files aside.",
        )
    return False


# -- one server per folder ----------------------------------------------------------------------------------------


class FolderHold:
    """The class folder held by this process while it serves the class: a second server on the same folder is
    refused, naming the process that holds it. The system lets go of the hold when the process ends, however it
    ends (a kill too), so a hold left by a process that is gone is taken over."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        path = folder / LOCK_FILE
        try:
            self._handle: int | None = os.open(
                path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0), 0o600
            )
        except OSError as error:
            raise Refused(
                "folder",
                f"The class cannot be kept in {shown(folder)}: {error.strerror or error}. "
                f"Choose a folder you may write in (--folder).",
            ) from None
        if not _locked(self._handle):
            holder = _holder(self._handle)
            self.close()
            raise Refused(
                "folder",
                f"The class in {shown(folder)} is being served already, by {holder}: stop that server first (Ctrl-C "
                f"in its window), or choose another folder for this one (--folder).",
            )
        try:  # the process holding the class, for a second server's refusal to name
            os.ftruncate(self._handle, 0)
            os.write(self._handle, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # the hold is what counts; the name of its process only helps a person

    def close(self) -> None:
        """Let go of the folder (the server stopped)."""
        if self._handle is not None:
            os.close(self._handle)  # closing the file lets go of the lock
            self._handle = None


def _locked(handle: int) -> bool:
    """Lock the open file for this process alone, without waiting; whether it could be."""
    if sys.platform == "win32":  # Windows: the first byte locked, for as long as the file is open
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    try:
        import fcntl
    except ImportError:  # neither (the browser's Python): nobody else serves a class there
        return True
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise Refused(  # a shared folder whose server keeps no locks, say: two servers could not be told apart
            "folder",
            f"The class's folder cannot be locked ({error.strerror or error}), so a second server on it could not be "
            f"stopped: choose a folder on this computer's own disk (--folder).",
        ) from None
    return True


def _holder(handle: int) -> str:
    """The process holding the lock file, as its file names it ('process 4242'), or words saying another does."""
    try:
        written = os.pread(handle, 32, 0) if hasattr(os, "pread") else b""
    except OSError:
        written = b""
    number = written.decode("ascii", "replace").strip()
    return f"process {number} on this computer" if number.isdigit() else "another process on this computer"


# A file write_atomically staged beside one of the class's files and never renamed into place: its writer was killed.
LEFTOVER = re.compile(r"\.(classroom|table-[0-9]+|lesson_answers)\.json\.[0-9a-f]{12}\.tmp")


def clear_leftovers(folder: Path) -> int:
    """Remove what a server killed while writing left beside the class's files (a copy being written, never the file
    itself: that is replaced whole or not at all); how many. Call it only while holding the folder (FolderHold)."""
    cleared = 0
    for path in folder.iterdir():
        if LEFTOVER.fullmatch(path.name) and path.is_file() and not path.is_symlink():
            path.unlink(missing_ok=True)
            cleared += 1
    return cleared


# -- a write that fails ---------------------------------------------------------------------------------------------


REFUSED_WORDS = {  # why write_atomically refused to replace a file of the class (FileRefused.kind), in words
    "read-only": "the class's files are read-only",
    "link": "a file of the class is a link",
    "kind": "a file of the class is a folder or a device, not a file",
    "folder": "the class's folder is gone",
}


def why_not_saved(error: BaseException) -> str:
    """Why a file of the class could not be written, as a clause: 'the disk is full'."""
    if isinstance(error, FileRefused):  # its own words name the path: a student's page never shows a path
        return REFUSED_WORDS.get(error.kind, "a file of the class cannot be replaced")
    code = getattr(error, "errno", None)
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the disk is full"
    if code in (errno.EROFS, errno.EACCES, errno.EPERM):
        return "the class's folder is read-only"
    if isinstance(error, OSError):
        return f"the disk said {error.strerror or error}"
    return f"something went wrong on the class's computer ({type(error).__name__}; its terminal says more)"


def saving_failed(error: BaseException) -> Said:
    """The notice of a table whose file could not be written: what went wrong, and that nothing is lost (said in
    each page's language)."""
    return saying(N_("Saving failed: {why}. The table waits; nothing is lost."), why=why_not_saved(error))


class Keeper:
    """Writes the class's files into one folder, each only with a newer version than the one written."""

    def __init__(self, folder: object) -> None:
        self.folder = class_folder(folder)
        self._locks_lock = threading.Lock()  # guards the table of locks below, never held while writing
        self._locks: dict[str, threading.Lock] = {}
        self._written: dict[str, int] = {}

    def _lock_of(self, name: str) -> threading.Lock:
        """The lock of one file: a write waits only for an earlier write of the same file. (One lock for the folder
        made every table wait for every other table's write, each flushed to the disk: past 32 busy tables the
        queue for it was most of a move's time.)"""
        with self._locks_lock:
            return self._locks.setdefault(name, threading.Lock())

    def keep(self, name: str, version: int, record: dict) -> bool:
        """Write `record` as the file `name` if `version` is newer than the one written; whether it was written."""
        # One line: without `indent` the json module encodes in C, six times faster, and a table is saved each move
        text = json.dumps(record, ensure_ascii=False)
        with self._lock_of(name):
            if version <= self._written.get(name, -1):
                return False
            write_atomically(self.folder / name, text, private=True)
            self._written[name] = version
            return True


# -- records ----------------------------------------------------------------------------------------------------


def seat_record(student: Student | None) -> dict | None:
    return None if student is None else {"name": student.name, "token": student.token}


def table_record(
    number: int, level: str, game: GameState, seats: Iterable[Student | None], paused: bool
) -> dict[str, Any]:
    """A table as its file holds it: its game record, who holds each seat (name and token), paused or not."""
    return {
        "format": TABLE_FORMAT,
        "number": number,
        "level": level,
        "paused": paused,
        "seats": [seat_record(student) for student in seats],
        "game": game.record(),
    }


def read_record(path: Path, limit: int, kind: str) -> dict:
    """The record of one of the class's files ("class" or "table", of its format); NotationError names the file and
    what is wrong with it."""
    try:
        record = read_json(as_text(read_regular(path, limit, what=f"a {kind} file")), f"{kind} file")
    except FileRefused as refused:
        raise NotationError("file", f"The {kind} file {shown(path)} cannot be read: {refused}.") from None
    except NotationError as error:
        raise NotationError(error.part, f"{shown(path)}: {error}") from None
    form = CLASS_FILE_FORMAT if kind == "class" else TABLE_FILE_FORMAT
    try:
        return read(form, record)
    except FormatRefused as refused:
        if refused.part == form.tag:
            raise NotationError("format", f"{shown(path)} is not a {kind} file of euchre_lesson.") from None
        raise NotationError(
            refused.part, f"The {kind} file {shown(path)} is damaged, so the class cannot be restored: {refused}"
        ) from None


def student_from(record: object, where: str) -> Student | None:
    """A seat's record read back (of the format STUDENT, or null): None for a computer's seat."""
    return None if record is None else student_of(record, where)


def student_of(record: object, where: str) -> Student:
    """A student's record read back (of the format STUDENT)."""
    try:
        checked: dict[str, str] = read(STUDENT_RECORD, record)  # an object of a name and a token, as text
    except FormatRefused as refused:
        raise NotationError(where, f"In {where}: {refused}") from None
    return Student(checked["name"], checked["token"])


def table_from(record: dict, where: str) -> dict:
    """A table's record read back (of the format TABLE_FILE_FORMAT): its number, level, paused, seats and game,
    checked."""
    try:
        read(TABLE_FILE_FORMAT, record)
    except FormatRefused as refused:
        raise NotationError(refused.part, f"In {where}: {refused}") from None
    try:
        game = game_from_record(record["game"])
    except NotationError as error:
        raise NotationError("game", f"In {where}, the game cannot be read: {error}") from None
    seats = record["seats"]
    if len(seats) != game.rules.players:
        raise NotationError("seats", f"In {where}: seats must list the game's {game.rules.players} seats.")
    return {
        "number": record["number"],
        "level": record["level"],
        "paused": record["paused"],
        "seats": tuple(student_from(seat, where) for seat in seats),
        "game": game,
    }
