"""The class kept on disk after every change: one file for the class, one per table, each replaced whole.

The files hold the seat tokens, so they are written for their owner only (private), in a folder the teacher
chose, by default the user's own data folder (never the checkout). A file is written from a snapshot taken under
its table's lock, and an older snapshot never replaces a newer one, whichever thread writes first.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

from ..engine.errors import FileRefused, NotationError, excerpt
from ..engine.files import as_text, data_folder, read_regular, shown, write_atomically
from ..engine.game import MAX_RECORD_BYTES, GameState, game_from_record
from ..engine.hand import read_json
from .students import Student

CLASS_FILE = "classroom.json"
CLASS_FORMAT = "euchre_lesson classroom"
TABLE_FORMAT = "euchre_lesson class table"
CLASS_LIMIT = 4 * 1024 * 1024  # bytes: a class of a thousand students takes about 100,000
TABLE_LIMIT = MAX_RECORD_BYTES + 100_000  # a saved game and a few seats


def default_folder() -> Path:
    """Where a class is kept unless the teacher says otherwise: the user's own data folder."""
    return data_folder() / "classroom"


def class_folder(folder) -> Path:
    """The folder to keep the class in, made if it is not there; NotationError says why one cannot be used."""
    try:
        path = Path(os.fspath(default_folder() if folder is None else folder))
    except TypeError:
        raise NotationError("folder", f"folder must name a folder, as text or a Path, not {excerpt(folder)}.") from None
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise NotationError("folder", f"The class cannot be kept in {shown(path)}: {error.strerror or error}. "
                                      f"Choose a folder you may write in.") from None
    return path


def table_file(number: int) -> str:
    return f"table-{number}.json"


class Keeper:
    """Writes the class's files into one folder, each only with a newer version than the one written."""

    def __init__(self, folder):
        self.folder = class_folder(folder)
        self._lock = threading.Lock()
        self._written: dict[str, int] = {}

    def keep(self, name: str, version: int, record: dict) -> bool:
        """Write `record` as the file `name` if `version` is newer than the one written; whether it was written."""
        text = json.dumps(record, indent=1, ensure_ascii=False)
        with self._lock:
            if version <= self._written.get(name, -1):
                return False
            write_atomically(self.folder / name, text, private=True)
            self._written[name] = version
            return True


# -- records ----------------------------------------------------------------------------------------------------


def seat_record(student: Student | None) -> dict | None:
    return None if student is None else {"name": student.name, "token": student.token}


def table_record(number: int, level: str, game: GameState, seats, paused: bool) -> dict:
    """A table as its file holds it: its game record, who holds each seat (name and token), paused or not."""
    return {"format": TABLE_FORMAT, "number": number, "level": level, "paused": paused,
            "seats": [seat_record(student) for student in seats], "game": game.record()}


def read_record(path: Path, limit: int, kind: str) -> dict:
    """The record of one of the class's files; NotationError names the file and what is wrong with it."""
    try:
        record = read_json(as_text(read_regular(path, limit, what=f"a {kind} file")), f"{kind} file")
    except FileRefused as refused:
        raise NotationError("file", f"The {kind} file {shown(path)} cannot be read: {refused}.") from None
    except NotationError as error:
        raise NotationError(error.part, f"{shown(path)}: {error}") from None
    if not isinstance(record, dict) or record.get("format") != (CLASS_FORMAT if kind == "class" else TABLE_FORMAT):
        raise NotationError("format", f"{shown(path)} is not a {kind} file of euchre_lesson.")
    return record


def student_from(record, where: str) -> Student | None:
    """A seat's or a student's record read back: None for a computer's seat."""
    if record is None:
        return None
    if (not isinstance(record, dict) or set(record) != {"name", "token"}
            or not all(isinstance(record[key], str) and 0 < len(record[key]) <= 100 for key in record)):
        raise NotationError(where, f"In {where}: {excerpt(record)} is not a student (a name and a token).")
    return Student(record["name"], record["token"])


def table_from(record: dict, where: str) -> dict:
    """A table's record read back: its number, level, paused, seats and game, checked."""
    try:
        game = game_from_record(record.get("game"))
    except NotationError as error:
        raise NotationError("game", f"In {where}, the game cannot be read: {error}") from None
    seats = record.get("seats")
    if not isinstance(seats, list) or len(seats) != game.rules.players:
        raise NotationError("seats", f"In {where}: seats must list the game's {game.rules.players} seats.")
    return {"number": record.get("number"), "level": record.get("level"), "paused": record.get("paused"),
            "seats": tuple(student_from(seat, where) for seat in seats), "game": game}
