"""A student's first name, as typed when joining: no account, just the name the table shows."""

from __future__ import annotations

import unicodedata

from ..engine.errors import NotationError, excerpt

LONGEST_NAME = 40  # characters: a first name, perhaps with an initial


def first_name(value) -> str:
    """The name without the spaces around it; NotationError says what is wrong with an empty, long or odd one."""
    if type(value) is not str:
        raise NotationError("name", f"Type your first name, such as Ana, not {excerpt(value)}.")
    name = " ".join(value.split())  # spaces inside, however many, become one
    if not name:
        raise NotationError("name", "Type your first name, such as Ana: the name is empty.")
    if len(name) > LONGEST_NAME:
        raise NotationError("name", f"A first name is at most {LONGEST_NAME} characters; this one has "
                                    f"{len(name):,}. Type your first name, perhaps with an initial.")
    if any(unicodedata.category(letter).startswith("C") for letter in name):
        raise NotationError("name", f"The name {excerpt(name)} holds a control character, which no name "
                                    f"has: type your first name again.")
    return name


def same_name_note(name: str, others) -> str:
    """What to tell a student whose first name another student has already: say so, and suggest an initial."""
    if not any(other.casefold() == name.casefold() for other in others):
        return ""
    initial = "B" if name[:1].upper() != "B" else "C"
    return (f"Another student in the class is called {name} too. You are in: add an initial to your name, "
            f"such as {name} {initial}, so that the class can tell you apart.")
