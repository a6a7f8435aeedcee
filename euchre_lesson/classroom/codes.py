"""The class's codes: a join code read aloud to the class, a secret teacher code, and each seat's token."""

from __future__ import annotations

import hmac
import secrets

from ..teach.joining import JOIN_LENGTH, JOIN_LETTERS, checked_join_code, join_key, typed_code  # noqa: F401

TEACHER_BYTES = 12  # 16 characters: long enough that nobody guesses it, short enough to type once
TOKEN_BYTES = 16  # a seat token: kept by the browser, never typed


def join_code() -> str:
    """A new join code: four letters of JOIN_LETTERS, drawn by `secrets`."""
    return "".join(secrets.choice(JOIN_LETTERS) for _ in range(JOIN_LENGTH))


def teacher_code() -> str:
    """A new teacher code: secret, printed once when the class starts."""
    return secrets.token_urlsafe(TEACHER_BYTES)


def seat_token() -> str:
    """A new seat token: how one browser proves its seat, and not guessable."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def same_code(typed: object, code: str, what: str) -> bool:
    """Whether a typed code is `code` (a join code in any case), compared in constant time."""
    typed = join_key(typed) if what == "join code" else typed_code(typed, what)  # teach/joining's one rule
    return hmac.compare_digest(typed.encode("utf-8"), code.encode("utf-8"))
