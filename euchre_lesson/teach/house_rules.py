"""A class's house rules: `house_rules.json` beside the lessons, read into each game's rules.

The file holds one object per game, e.g. {"cutthroat": {"stick_the_dealer": true}}, and the settings
(when exercises offer "Show the answer"). A file with a mistake never stops a lesson: `class_rules` and
`show_answer` refuse it with a HouseRulesWarning that says why and play the standard rules, while
`read_house_rules` raises the mistake, for a teacher checking the file before class.
"""

from __future__ import annotations

import json
import os
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.errors import FileRefused, JsonRefused, NotationError, excerpt
from ..engine.files import as_text, parse_json, read_regular
from ..engine.formats import Format, FormatRefused, either, frozen, read
from ..engine.language import LANGUAGES
from ..engine.rules import ALLOWED, PRESETS, RuleSet, with_switches

HOUSE_RULES_FILE = "house_rules.json"
HOUSE_RULES_LIMIT = 64 * 1024  # bytes: a real file is a few lines, and no more than this is ever read
DEEPEST = 20  # levels of brackets: a file needs 2
LONGEST_NUMBER = 20  # digits: no switch needs more than 3
EXAMPLE = '{"cutthroat": {"stick_the_dealer": true}}'
SHOW_ANSWER = ("after a try", "always", "never")  # when an exercise offers "Show the answer"; the first is the default
SETTINGS = {"show_answer": SHOW_ANSWER}  # the file's top-level keys that are not games, and their values
# Refusals after which the example of a good file helps: the file holds no house rules one can read.
SHOW_EXAMPLE = frozenset({"kind", "empty", "syntax", "deep"})
# One game's section: its switches, each checked by the rules' own table (rules.ALLOWED) once the shape is right.
SECTIONS = frozen(
    {
        game: {
            "type": "object",
            "title": f"The section {game!r}",
            "description": 'an object of switches, e.g. {"stick_the_dealer": true}',
        }
        for game in PRESETS
    }
)
HOUSE_RULES = Format(
    "house rules file",
    {
        "type": "object",
        "description": "one object with a section per game",
        "propertyNames": {
            "enum": [*PRESETS, *SETTINGS],
            "description": f"a game or a setting; the sections are {', '.join(map(repr, PRESETS))}, and the "
            f"settings {', '.join(map(repr, SETTINGS))}",
        },
        "properties": {
            **SECTIONS,
            **{
                name: {"enum": list(allowed), "description": either(allowed, repr)}
                for name, allowed in SETTINGS.items()
            },
        },
        "additionalProperties": False,
    },
    example=EXAMPLE,
)


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
        warnings.warn(
            f"The house rules file was refused, so the standard {game} rules apply. {refused}",
            HouseRulesWarning,
            stacklevel=2,
        )
        return PRESETS[game]


def show_answer(folder: str | os.PathLike = ".") -> str:
    """When exercises offer "Show the answer": the `show_answer` of `house_rules.json` in `folder`, else "after a try".

    Like class_rules, a file with a mistake is refused with a HouseRulesWarning and the default applies.
    """
    path = _house_rules_path(folder)
    try:
        return _read(path).show_answer
    except NotationError as refused:
        warnings.warn(
            f"The house rules file was refused, so answers are offered {SHOW_ANSWER[0]!r}. {refused}",
            HouseRulesWarning,
            stacklevel=2,
        )
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
    name: object = None
    if isinstance(folder, (str, os.PathLike)):  # os.PathLike: any object with __fspath__
        try:
            name = os.fspath(folder)
        except TypeError:  # a __fspath__ that gives neither text nor bytes
            name = None
    if not isinstance(name, str) or "\0" in name:
        raise NotationError("folder", f"folder must name a folder, as text or a Path, not {excerpt(folder)}.")
    if not os.path.isdir(name):
        raise NotationError(
            "folder",
            f"folder {excerpt(name, 300)} is not a folder: give the folder "
            f"that holds (or would hold) {HOUSE_RULES_FILE}.",
        )
    path = Path(name) / HOUSE_RULES_FILE
    # A lesson in another language runs in its language's folder (notebooks/fr, which make translations builds):
    # its class plays by the file beside the English lessons, one folder up, unless the language has its own.
    here = Path(name).resolve()
    if not os.path.lexists(path) and here.name in LANGUAGES and os.path.lexists(here.parent / HOUSE_RULES_FILE):
        return here.parent / HOUSE_RULES_FILE
    return path


class _Mistake(ValueError):
    """What is wrong with a house rules file, and where in it; _read adds the file's name."""

    def __init__(self, problem: str, where: str = ""):
        super().__init__(problem)
        self.where = where


def house_rules_bytes(folder: str | os.PathLike = ".") -> bytes | None:
    """The file's bytes as they are, once read and found right (to copy it whole); None if there is none.

    NotationError names a mistake, as read_house_rules does."""
    path = _house_rules_path(folder)
    found = _checked(path)
    return None if found is None else found[1]


def _read(path: Path) -> HouseRules:
    """The house rules in the file at `path` (the presets if there is none); NotationError names a mistake."""
    found = _checked(path)
    return HouseRules() if found is None else found[0]


def _checked(path: Path) -> tuple[HouseRules, bytes] | None:
    """The house rules in the file at `path` and its bytes; None if there is no file; NotationError names a mistake."""
    try:
        os.lstat(path)
    except FileNotFoundError:  # no file (a link to nowhere is a file that says something wrong)
        return None
    except OSError:
        pass  # the read below says why
    try:
        data = _bytes(path)
        return _house_rules_from(_json(data)), data
    except _Mistake as mistake:
        raise NotationError(str(path), f"In {path}{mistake.where}: {mistake}") from None


def _bytes(path: Path) -> bytes:
    """The file's bytes, refusing what is not a small regular file."""
    try:
        return read_regular(path, HOUSE_RULES_LIMIT, what="a house rules file, which is a few lines")
    except FileRefused as refused:
        raise _Mistake(f"{refused}{_example(refused.kind)}.") from None


def _json(data: bytes) -> object:
    """The JSON value of the file's bytes, refusing what is not UTF-8 text of JSON a reader can trust."""
    try:
        return parse_json(as_text(data), DEEPEST, LONGEST_NUMBER)
    except FileRefused as refused:
        advice = "; save it as UTF-8" if refused.kind == "text" else ""
        raise _Mistake(f"{refused}{advice}{_example(refused.kind)}.") from None
    except JsonRefused as refused:
        raise _Mistake(f"it {refused}{_example(refused.kind)}.") from None


def _example(kind: str) -> str:
    return f"; write {HOUSE_RULES_FILE} as a text file, e.g. {EXAMPLE}" if kind in SHOW_EXAMPLE else ""


def _house_rules_from(data: object) -> HouseRules:
    """Every game's rules from the file's object (of the format HOUSE_RULES), each section's switches checked,
    whichever game is asked for."""
    try:
        checked: dict[str, Any] = read(HOUSE_RULES, data)  # a JSON object, as the format says
    except FormatRefused as refused:
        raise _Mistake(str(refused)) from None
    games = tuple(_section(game, checked[game]) if game in checked else preset for game, preset in PRESETS.items())
    return HouseRules(games, **{name: checked[name] for name in SETTINGS if name in checked})


def _section(game: str, switches: dict[str, Any]) -> RuleSet:
    """One game's preset with the switches of its section (an object, as the format says)."""
    where = f", section {game!r}"
    try:
        return with_switches(PRESETS[game], switches)
    except NotationError as error:
        name = error.part if error.part in switches and error.part in ALLOWED else None
        raise _Mistake(_json_words(name, switches[name]) if name else str(error), where) from None


def _json_words(name: str, value: object) -> str:
    """A switch's wrong value and the right ones, as a JSON file spells them (true, not True; "shared", not
    'shared')."""
    allowed = ALLOWED[name]
    if isinstance(allowed.values, range):
        right = str(allowed)
    else:
        shown = [json.dumps(one) for one in allowed.values]
        right = f"{', '.join(shown[:-1])} or {shown[-1]} ({allowed.rule})"
    return f"The rule {name}: {_shown(value)} is not possible: use {right}."


def _shown(value: object) -> str:
    """A JSON value as the file spells it (false, not False), cut short."""
    return excerpt(value, show=lambda v: json.dumps(v, ensure_ascii=False))
