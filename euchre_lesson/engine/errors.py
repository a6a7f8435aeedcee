"""The two errors a learner can meet, a broken rule and unreadable notation, and how they quote input."""

from __future__ import annotations

import reprlib

WHOLE = 100  # a text up to this long is quoted whole in a message
CUT = 40  # a longer one: its first characters, and how long it was


class IllegalAction(ValueError):
    """An action that breaks a rule of RULES.md; `.rule` is the rule's id."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{message} ({rule})")
        self.rule = rule
        self.explanation = message


class NotationError(ValueError):
    """Text that is not a card, an action or a record; `.part` is the bad part."""

    def __init__(self, part: str, message: str):
        super().__init__(message)
        self.part = part


class _Short(reprlib.Repr):
    """reprlib's short repr, also for whole numbers past the 4,300 digits Python will print."""

    def __init__(self):
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, CUT, CUT, CUT
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 6

    def repr_str(self, x, level):
        return repr(x) if len(x) <= WHOLE else repr(x[:CUT]) + "…"

    def repr_int(self, x, level):
        if x.bit_length() > 128:  # str() of a huge int is slow, and refused past 4,300 digits
            return f"a whole number of about {int(x.bit_length() * 0.30103) + 1:,} digits"
        return repr(x)


_SHORT = _Short()


def excerpt(value) -> str:
    """The input as a message quotes it: whole when short, else its start and its length."""
    text = _SHORT.repr(value)
    if isinstance(value, str) and len(value) > WHOLE:
        return f"{text} ({len(value):,} characters)"
    if isinstance(value, (bytes, bytearray)) and len(value) > WHOLE:
        return f"{text} ({len(value):,} bytes)"
    if isinstance(value, (list, tuple, dict, set, frozenset)) and len(value) > 6:
        return f"{text} ({len(value):,} items)"
    return text
