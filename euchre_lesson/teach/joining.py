"""What a learner types to join a class, ruled once for the lessons and the class's server: a first name, a code.

The class's tables, the lessons' link to the class, a hand-in and the server that reads the lessons' reports all
read a first name and a join code with these two rules, so a name or a code one of them accepts the others accept.
"""

from __future__ import annotations

import unicodedata

from ..engine.errors import NotationError, excerpt

LONGEST_NAME = 40  # characters: a first name, perhaps with an initial
LONGEST_CODE = 100  # a code typed longer than this is not read at all
# Letters nobody mistakes for another when read aloud or off a board: no B (8), G (6), I and L (1), O and Q (0),
# S (5), Z (2).
JOIN_LETTERS = "ACDEFHJKMNPRTUVWXY"  # a join code's letters (classroom/codes.py draws and checks it)


def first_name(value: object) -> str:
    """The name without the spaces around it; NotationError says what is wrong with an empty, long or odd one."""
    if type(value) is not str:
        raise NotationError("name", f"Type your first name, such as Ana, not {excerpt(value)}.")
    name = " ".join(value.split())  # spaces inside, however many, become one
    if not name:
        raise NotationError("name", "Type your first name, such as Ana: the name is empty.")
    if len(name) > LONGEST_NAME:
        raise NotationError(
            "name",
            f"A first name is at most {LONGEST_NAME} characters; this one has "
            f"{len(name):,}. Type your first name, perhaps with an initial.",
        )
    if any(unicodedata.category(letter).startswith("C") for letter in name):
        raise NotationError(
            "name",
            f"The name {excerpt(name)} holds a control character, which no name has: type your first name again.",
        )
    return name


CODES = ("join code", "teacher code", "seat token")  # the codes a class gives, as a message names them


def typed_code(value: object, what: str) -> str:
    """A code as typed: text, its spaces dropped; NotationError names anything else."""
    if what not in CODES:
        raise NotationError("what", f"what must name a code, one of {', '.join(CODES)}; not {excerpt(what)}.")
    if type(value) is not str or len(value) > LONGEST_CODE:
        raise NotationError(what, f"The {what} must be the short code you were given, not {excerpt(value)}.")
    return "".join(value.split())


def typed_join_code(value: object) -> str:
    """A join code as typed, its spaces dropped (kept so, and compared by `join_key`); refused if empty or not text."""
    code = typed_code(value, "join code")
    if not code:
        raise NotationError(
            "join code", "Write the join code your teacher gave the class, such as KMR-TEX: the join code is empty."
        )
    return code


def join_key(code: object) -> str:
    """A join code as the class compares it: read aloud, written on a board, so any case, and 'kmr tex' as 'KMR-TEX'."""
    return typed_code(code, "join code").upper().replace("-", "")
