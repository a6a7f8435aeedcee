"""A student's first name, as typed when joining: no account, just the name the table shows."""

from __future__ import annotations

from collections.abc import Iterable

from ..teach.joining import LONGEST_NAME, first_name  # noqa: F401 - one rule for the class and the lessons


def same_name_note(name: str, others: Iterable[str]) -> str:
    """What to tell a student whose first name another student has already: say so, and suggest an initial."""
    if not any(other.casefold() == name.casefold() for other in others):
        return ""
    initial = "B" if name[:1].upper() != "B" else "C"
    return (
        f"Another student in the class is called {name} too. You are in: add an initial to your name, "
        f"such as {name} {initial}, so that the class can tell you apart."
    )
