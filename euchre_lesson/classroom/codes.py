"""The class's codes: a join code read aloud to the class, a secret teacher code, and each seat's token.

A join code is six letters in two groups, such as KMR-TEX: 18 letters nobody mistakes, so 34,012,224 codes. At the
rate guard.py lets wrong codes through (60 a minute from every computer together), trying half of them takes 196
days. It is typed in any case, with or without the dash or spaces. A class kept before join codes grew keeps its
four letters (104,976 codes: 14.6 hours for half of them at that rate)."""

from __future__ import annotations

import hmac
import secrets

from ..engine.errors import NotationError, excerpt
from ..teach.joining import JOIN_LETTERS, join_key, typed_code

TEACHER_BYTES = 12  # 16 characters: long enough that nobody guesses it, short enough to type once
TOKEN_BYTES = 16  # a seat token: kept by the browser, never typed
JOIN_GROUP = 3  # letters in a group of the join code: read off a board as two short words
JOIN_GROUPS = 2
JOIN_LENGTH = JOIN_GROUP * JOIN_GROUPS  # letters in a join code
OLD_JOIN_LENGTH = 4  # letters in the join codes classes were given before: a class kept with one keeps it


def join_code() -> str:
    """A new join code: two groups of three letters of JOIN_LETTERS, drawn by `secrets`, such as KMR-TEX."""
    groups = ("".join(secrets.choice(JOIN_LETTERS) for _ in range(JOIN_GROUP)) for _ in range(JOIN_GROUPS))
    return "-".join(groups)


def checked_join_code(value: object) -> str:
    """A join code given by the teacher or kept by a class, as the class shows it: six letters of JOIN_LETTERS grouped
    as KMR-TEX, or the four letters of a class kept before join codes grew."""
    if type(value) is str and len(value) <= 2 * JOIN_LENGTH:
        letters = "".join(value.split()).replace("-", "").upper()
        if set(letters) <= set(JOIN_LETTERS) and len(letters) == JOIN_LENGTH:
            return "-".join(letters[start : start + JOIN_GROUP] for start in range(0, JOIN_LENGTH, JOIN_GROUP))
        if set(letters) <= set(JOIN_LETTERS) and len(letters) == OLD_JOIN_LENGTH:
            return letters
    raise NotationError(
        "join code",
        f"A join code is {JOIN_LENGTH} letters of {JOIN_LETTERS} in groups of {JOIN_GROUP}, such as "
        f"{JOIN_LETTERS[:3]}-{JOIN_LETTERS[3:6]} (or the {OLD_JOIN_LENGTH} letters of a class kept before), "
        f"not {excerpt(value)}.",
    )


def teacher_code() -> str:
    """A new teacher code: secret, printed once when the class starts."""
    return secrets.token_urlsafe(TEACHER_BYTES)


def seat_token() -> str:
    """A new seat token: how one browser proves its seat, and not guessable."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_code(typed: object, code: str, what: str) -> bool:
    """Whether a typed code is `code` (a join code in any case, with or without its dash), compared in constant time.

    NotationError (in words) for a code that is not text, or longer than any code."""
    if what == "join code":  # teach/joining's one rule, for both sides: 'kmr tex' is KMR-TEX
        typed, code = join_key(typed), join_key(code)
    else:
        typed = typed_code(typed, what)
    # surrogatepass: a lone surrogate (JSON's "\ud800") is a wrong code like any other, not an encoding error
    return hmac.compare_digest(typed.encode("utf-8", "surrogatepass"), code.encode("utf-8", "surrogatepass"))
