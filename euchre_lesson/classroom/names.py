"""A student's first name, as typed when joining: no account, just the name the table shows, told apart from others.

The rules are the lessons' too (teach/joining): one spelling per name (NFC), at most 40 characters, and a name that
looks like another student's (Ava, ava, a Cyrillic Аva) shown with a number (Ava 2) on every page and in every CSV.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..engine.language import _
from ..teach.joining import (  # noqa: F401 - one rule for the class and the lessons
    LONGEST_NAME,
    distinct_name,
    first_name,
    look_alikes,
    name_key,
)


def told_apart(name: str, others: Iterable[str]) -> tuple[str, str]:
    """The name a joining student is shown by (`name`, or 'Ava 2' where another looks the same) and what to tell
    them about it ('' when nothing)."""
    shown = distinct_name(name, list(others))
    return shown, same_name_note(name, shown)


def same_name_note(name: str, shown: str) -> str:
    """What to tell a student shown as `shown` though they typed `name`: why, and how to choose another name."""
    if shown == name:
        return ""
    initial = "B" if name[:1].upper() != "B" else "C"
    return _(
        "Another student in the class is called {name} too, so the class shows you as {shown}. To be told apart by "
        "an initial instead, change your name to {name} {initial}, say."
    ).format(name=name, shown=shown, initial=initial)
