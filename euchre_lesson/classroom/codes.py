"""The class's codes: a join code read aloud to the class, a secret teacher code, and each seat's token."""

from __future__ import annotations

import hmac
import secrets

from ..engine.errors import NotationError, excerpt

# Letters nobody mistakes for another when read aloud or off a board: no B (8), G (6), I and L (1), O and Q (0),
# S (5), Z (2).
JOIN_LETTERS = "ACDEFHJKMNPRTUVWXY"
JOIN_LENGTH = 4
TEACHER_BYTES = 12  # 16 characters: long enough that nobody guesses it, short enough to type once
TOKEN_BYTES = 16  # a seat token: kept by the browser, never typed
LONGEST_CODE = 100  # a code typed longer than this is not read at all


def join_code() -> str:
    """A new join code: four letters of JOIN_LETTERS, drawn by `secrets`."""
    return "".join(secrets.choice(JOIN_LETTERS) for _ in range(JOIN_LENGTH))


def teacher_code() -> str:
    """A new teacher code: secret, printed once when the class starts."""
    return secrets.token_urlsafe(TEACHER_BYTES)


def seat_token() -> str:
    """A new seat token: how one browser proves its seat, and not guessable."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def typed_code(value, what: str) -> str:
    """A code as typed: text, its spaces dropped; NotationError names anything else."""
    if type(value) is not str or len(value) > LONGEST_CODE:
        raise NotationError(what, f"The {what} must be the short code you were given, not {excerpt(value)}.")
    return "".join(value.split())


def same_code(typed, code: str, what: str) -> bool:
    """Whether a typed code is `code` (a join code in any case), compared in constant time."""
    typed = typed_code(typed, what)
    if what == "join code":  # read aloud, written on a board: any case, and "AB-CD" as well as "ABCD"
        typed = typed.upper().replace("-", "")
    return hmac.compare_digest(typed.encode("utf-8"), code.encode("utf-8"))


def checked_join_code(value) -> str:
    """A join code given by the teacher: four letters of JOIN_LETTERS."""
    if type(value) is not str or len(value) != JOIN_LENGTH or not set(value) <= set(JOIN_LETTERS):
        raise NotationError("join code", f"A join code is {JOIN_LENGTH} letters of {JOIN_LETTERS}, not "
                                         f"{excerpt(value)}.")
    return value
