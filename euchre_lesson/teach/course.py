"""The exercises of each lesson, as data: `ex = exercises(1)`, then `ex.q1.check(answer)`."""

from __future__ import annotations

import errno
import importlib
import json
import math
import os
import pkgutil
import re
import stat
import warnings
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from types import SimpleNamespace

from . import lessons
from .deals import deal_for  # noqa: F401 - the lessons' notebooks import it from here
from ..engine.errors import NotationError
from ..engine.rules import ALLOWED, PRESETS, RuleSet, excerpt, with_switches

____ = ...  # the blank a student replaces with an answer; check(____) asks for one

LESSON_MODULE = re.compile(r"lesson_(\d\d)")  # teach/lessons/lesson_03.py holds lesson 3's exercises


@cache
def lesson_numbers() -> tuple[int, ...]:
    """The lessons that have exercises, in order: those with a module in teach/lessons."""
    named = (LESSON_MODULE.fullmatch(found.name) for found in pkgutil.iter_modules(lessons.__path__))
    return tuple(sorted(int(match[1]) for match in named if match))


@cache
def _named(lesson: int) -> dict:
    """One lesson's exercises, each knowing its id, "lesson 3 q1", by which progress remembers it."""
    written = importlib.import_module(f"{lessons.__name__}.lesson_{lesson:02}").EXERCISES
    return {name: replace(question, id=f"lesson {lesson} {name}") for name, question in written.items()}


def exercises(lesson: int) -> SimpleNamespace:
    """The exercises of one lesson, by name: `exercises(1).q1`."""
    if type(lesson) is not int or lesson not in lesson_numbers():  # a list is not a lesson number, nor True lesson 1
        raise NotationError("lesson", f"No exercises for lesson {excerpt(lesson)}: the lessons with exercises "
                                      f"are {', '.join(map(str, lesson_numbers()))}; write exercises(1), say.")
    return SimpleNamespace(**_named(lesson))


HOUSE_RULES_FILE = "house_rules.json"
HOUSE_RULES_LIMIT = 64 * 1024  # bytes: a real file is a few lines, and no more than this is ever read
_DEEPEST = 20  # levels of brackets: a file needs 2, and json.loads recurses once per level
_LONGEST_NUMBER = 20  # digits: no switch needs more than 3
_EXAMPLE = '{"cutthroat": {"stick_the_dealer": true}}'
SHOW_ANSWER = ("after a try", "always", "never")  # when an exercise offers "Show the answer"; the first is the default
_SETTINGS = {"show_answer": SHOW_ANSWER}  # the file's top-level keys that are not games, and their values
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


class HouseRulesWarning(UserWarning):
    """A house rules file was refused: the standard rules are played, and this says why."""


@dataclass(frozen=True)
class HouseRules:
    """A class's house rules file, read: every game's rules, with the file's switches."""

    games: tuple[RuleSet, ...] = tuple(PRESETS.values())
    show_answer: str = SHOW_ANSWER[0]  # "after a try", "always" or "never"

    def rules(self, game: str) -> RuleSet:
        """The rules the class plays `game` by."""
        _check_game(game)
        return next(rules for rules in self.games if rules.game == game)


def class_rules(game: str = "cutthroat", folder: str | os.PathLike = ".") -> RuleSet:
    """The class's rules for a game: the preset, with the switches of `house_rules.json` in `folder` if any.

    The file holds one object per game, e.g. {"cutthroat": {"stick_the_dealer": true}}; a teacher
    writes it once beside the lessons and every lesson that plays a game picks it up. A file with
    a mistake never stops a lesson: it is refused with a HouseRulesWarning that says why, and the
    game's preset is played. `read_house_rules` raises the mistake instead.
    """
    _check_game(game)
    path = _house_rules_path(folder)  # a wrong argument is the caller's mistake: it raises
    try:
        return _read(path).rules(game)
    except NotationError as refused:
        warnings.warn(f"The house rules file was refused, so the standard {game} rules apply. {refused}",
                      HouseRulesWarning, stacklevel=2)
        return PRESETS[game]


def show_answer(folder: str | os.PathLike = ".") -> str:
    """When exercises offer "Show the answer": the `show_answer` of `house_rules.json` in `folder`, else "after a try".

    Like class_rules, a file with a mistake is refused with a HouseRulesWarning and the default applies.
    """
    path = _house_rules_path(folder)
    try:
        return _read(path).show_answer
    except NotationError as refused:
        warnings.warn(f"The house rules file was refused, so answers are offered {SHOW_ANSWER[0]!r}. {refused}",
                      HouseRulesWarning, stacklevel=2)
        return SHOW_ANSWER[0]


def read_house_rules(folder: str | os.PathLike = ".") -> HouseRules:
    """Every game's rules from `house_rules.json` in `folder` (none: the presets); NotationError names a mistake."""
    return _read(_house_rules_path(folder))


def _check_game(game: object) -> None:
    """Refuse a game that is not one of the presets."""
    if not isinstance(game, str) or game not in PRESETS:
        raise NotationError("game", f"game {excerpt(game)} is not one of the games: use {ALLOWED['game']}.")


def _house_rules_path(folder: object) -> Path:
    """Where the file would be in `folder`, which must be an existing folder named by text or a Path."""
    try:
        name = os.fspath(folder)
    except TypeError:
        name = None
    if not isinstance(name, str) or "\0" in name:
        raise NotationError("folder", f"folder must name a folder, as text or a Path, not {excerpt(folder)}.")
    if not os.path.isdir(name):
        raise NotationError("folder", f"folder {excerpt(name, 300)} is not a folder: give the folder "
                                      f"that holds (or would hold) {HOUSE_RULES_FILE}.")
    return Path(name) / HOUSE_RULES_FILE


class _Mistake(ValueError):
    """What is wrong with a house rules file, and where in it; _read adds the file's name."""

    def __init__(self, problem: str, where: str = ""):
        super().__init__(problem)
        self.where = where


def _read(path: Path) -> HouseRules:
    """The house rules in the file at `path` (the presets if there is none); NotationError names a mistake."""
    try:
        os.lstat(path)
    except FileNotFoundError:  # no file (a link to nowhere is a file that says something wrong)
        return HouseRules()
    except OSError:
        pass  # the open below says why
    try:
        return _house_rules_from(_json(_text(path)))
    except _Mistake as mistake:
        raise NotationError(str(path), f"In {path}{mistake.where}: {mistake}") from None


def _text(path: Path) -> str:
    """The file's text: UTF-8, a byte-order mark allowed."""
    data = _bytes(path)
    try:
        return data.decode("utf-8-sig")  # Windows Notepad starts a file with a byte-order mark
    except UnicodeDecodeError as error:
        hint = " (it looks like UTF-16, Notepad's Unicode)" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise _Mistake(f"the file is not UTF-8 text{hint}: byte {data[error.start]:#04x} at position "
                       f"{error.start:,}; save it as UTF-8.") from None


def read_small(handle: int, limit: int) -> tuple[int, bytes]:
    """An open file's mode and, if it is a regular file, at most `limit` of its bytes; the file is then closed."""
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            return mode, b""
        with open(handle, "rb", closefd=False) as file:
            return mode, file.read(limit)
    finally:
        os.close(handle)


def _bytes(path: Path) -> bytes:
    """The file's bytes, if it is a regular file of at most HOUSE_RULES_LIMIT bytes; no more is read."""
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a named pipe must not wait
    except OSError as error:
        raise _Mistake(_unopenable(path, error)) from None
    try:
        mode, data = read_small(handle, HOUSE_RULES_LIMIT + 1)
    except OSError as error:  # a damaged disk
        raise _Mistake(f"it cannot be read: {error.strerror or error}.") from None
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        raise _Mistake(f"it is {kind}, not a file; write {HOUSE_RULES_FILE} as a text file, e.g. {_EXAMPLE}.")
    if len(data) > HOUSE_RULES_LIMIT:
        raise _Mistake(f"the file is larger than {HOUSE_RULES_LIMIT:,} bytes; a house rules file is a few lines.")
    return data


def _unopenable(path: Path, error: OSError) -> str:
    """Why the file cannot be opened, in words."""
    if error.errno == errno.ELOOP:
        return "it is a link that leads back to itself (a loop of links), not a file."
    if isinstance(error, FileNotFoundError) and os.path.islink(path):
        return f"it is a link to {excerpt(os.readlink(path), 200)}, which does not exist."
    return f"it cannot be opened: {error.strerror or error}."


def _json(text: str) -> object:
    """The JSON value of the text, refusing what json.loads cannot be trusted with."""
    if not text.strip():
        raise _Mistake(f"the file is empty; write e.g. {_EXAMPLE}.")
    if _nesting(text) > _DEEPEST:
        raise _Mistake(f"it is nested more than {_DEEPEST} levels deep; a house rules file needs 2, e.g. {_EXAMPLE}.")
    try:
        return json.loads(text, object_pairs_hook=_object, parse_int=_int, parse_float=_float,
                          parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        python = text[error.pos:].startswith(("True", "False", "None"))  # the switches' names look like Python
        raise _Mistake(f"it is not readable JSON: {error.msg} at line {error.lineno}, column {error.colno}"
                       f"{' (JSON writes true, false and null in small letters)' if python else ''}; "
                       f"write e.g. {_EXAMPLE}.") from None


def _nesting(text: str) -> int:
    """How deep brackets nest outside strings in JSON text."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if escaped:
            escaped = False
        elif in_string:
            escaped, in_string = char == "\\", char != '"'
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _object(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object, refusing a key written twice (json.loads would silently keep the last)."""
    result: dict = {}
    for key, value in pairs:
        if key in result:
            raise _Mistake(f"{excerpt(key)} appears twice in one object; keep one of them.")
        result[key] = value
    return result


def _int(digits: str) -> int:
    """A JSON whole number, refused past 20 digits (int() of 5,000 digits raises, or is slow)."""
    length = len(digits.lstrip("-"))
    if length > _LONGEST_NUMBER:
        raise _Mistake(f"the number {digits[:12]}… has {length:,} digits; no switch needs more than 3.")
    return int(digits)


def _float(text: str) -> float:
    """A JSON number with a point or exponent, refused if it overflows to infinity."""
    number = float(text)
    if not math.isfinite(number):
        raise _Mistake(f"the number {excerpt(text, show=str)} is too large; no switch needs more than 3 digits.")
    return number


def _no_constant(name: str) -> None:
    """NaN and Infinity are not JSON, though json.loads reads them."""
    raise _Mistake(f"{name} is not a number JSON allows; the switches take whole numbers such as 10.")


def _house_rules_from(data: object) -> HouseRules:
    """Every game's rules from the file's object, each section checked, whichever game is asked for."""
    if not isinstance(data, dict):
        raise _Mistake(f"it must hold one object with a section per game, e.g. {_EXAMPLE}, not {_shown(data)}.")
    unknown = [key for key in data if key not in PRESETS and key not in _SETTINGS]  # games: the presets table
    if unknown:
        raise _Mistake(f"{excerpt(unknown[0])} is not a game or a setting; the sections are "
                       f"{', '.join(map(repr, PRESETS))}, and the settings {', '.join(map(repr, _SETTINGS))}.")
    games = tuple(_section(game, data[game]) if game in data else preset for game, preset in PRESETS.items())
    return HouseRules(games, **{name: _setting(name, data[name]) for name in _SETTINGS if name in data})


def _setting(name: str, value: object) -> str:
    """One of the setting's allowed words, exactly as written in the table."""
    allowed = _SETTINGS[name]
    if not isinstance(value, str) or value not in allowed:
        words = ", ".join(map(repr, allowed[:-1])) + f" or {allowed[-1]!r}"
        raise _Mistake(f"{name} must be {words}, not {_shown(value)}.")
    return value


def _section(game: str, switches: object) -> RuleSet:
    """One game's preset with the switches of its section."""
    where = f", section {game!r}"
    if not isinstance(switches, dict):
        raise _Mistake(f"a section must be an object of switches, e.g. {{\"stick_the_dealer\": true}}, "
                       f"not {_shown(switches)}.", where)
    try:
        return with_switches(PRESETS[game], switches)
    except NotationError as error:
        raise _Mistake(str(error), where) from None


def _shown(value: object) -> str:
    """A JSON value as the file spells it (false, not False), cut short."""
    return excerpt(value, show=lambda v: json.dumps(v, ensure_ascii=False))
