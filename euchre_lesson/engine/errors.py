"""The errors a learner can meet (a broken rule, unreadable notation, a file refused) and how they quote input."""

from __future__ import annotations

import reprlib
from collections.abc import Callable
from typing import Any

WHOLE = 100  # a text up to this long is quoted whole in a message
CUT = 40  # a longer one: its first characters, and how long it was


class IllegalAction(ValueError):
    """An action that breaks a rule of RULES.md; `.rule` is the rule's id."""

    def __init__(self, rule: str, message: str):
        # the rule's id inside the last sentence, before its full stop: "You must follow ♠: you hold Q♠ (C12)."
        super().__init__(f"{message[:-1]} ({rule})." if message.endswith(".") else f"{message} ({rule})")
        self.rule = rule
        self.explanation = message


class NotationError(ValueError):
    """Text that is not a card, an action or a record; `.part` is the bad part."""

    def __init__(self, part: str, message: str):
        super().__init__(message)
        self.part = part


class FileRefused(NotationError):
    """A file that is not read or not written, and why, as a clause: 'it is a folder, not a file'.

    `.kind` names the reason for a caller that adds advice of its own: missing, kind, link, loop, size, text,
    read-only, folder or system."""

    def __init__(self, kind: str, why: str):
        super().__init__("file", why)
        self.kind = kind


class JsonRefused(NotationError):
    """JSON text that is not read, and why, as what is said of it: 'is nested too deeply ...'.

    `.kind` names the reason: empty, syntax, twice, deep, number or constant; `.part` is the field written
    twice, else "record"."""

    def __init__(self, kind: str, why: str, part: str = "record"):
        super().__init__(part, why)
        self.kind = kind


class _Short(reprlib.Repr):
    """reprlib's short repr, also for whole numbers past the 4,300 digits Python will print."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, CUT, CUT, CUT
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 6

    def repr_str(self, x: str, level: int) -> str:
        return repr(x) if len(x) <= WHOLE else repr(x[:CUT]) + "…"

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:  # str() of a huge int is slow, and refused past 4,300 digits
            return f"a whole number of about {int(x.bit_length() * 0.30103) + 1:,} digits"
        return repr(x)


_SHORT = _Short()


def excerpt(value: object, most: int = WHOLE, show: Callable[[Any], str] | None = None) -> str:
    """The input as a message quotes it: whole when up to `most` characters, else its start and its length.

    `show` spells it otherwise than Python's repr (str, or JSON's spelling); a length counts the value's own
    characters, items or bytes, never the quotes around it."""
    if show is not None:
        return _spelled(value, most, show)
    if isinstance(value, str):
        return repr(value) if len(value) <= most else f"{value[: _cut(most)]!r}… ({len(value):,} characters)"
    text = _SHORT.repr(value)
    if isinstance(value, (bytes, bytearray)) and len(value) > WHOLE:
        return f"{text} ({len(value):,} bytes)"
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > 6:
        return f"{text} ({len(value):,} items)"
    return text


def _cut(most: int) -> int:
    """How many characters of a long text a message shows: CUT of the usual WHOLE, more where more is allowed."""
    return max(CUT, most * CUT // WHOLE)


def _spelled(value: object, most: int, show: Callable[[Any], str]) -> str:
    """excerpt with `show` spelling the value."""
    if type(value) is int and value.bit_length() > 128:  # show() of a huge int is slow, or refused
        return _SHORT.repr_int(value, 0)
    try:
        text = show(value)
    except (RecursionError, ValueError, TypeError):  # nested too deep, a number too long, no such spelling
        return excerpt(value, most)
    if len(text) <= most:
        return text
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        size = f"{len(value):,} items"
    else:
        size = f"{len(value) if isinstance(value, str) else len(text):,} characters"
    return f"{text[: _cut(most)]}… ({size})"
