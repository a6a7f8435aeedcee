"""Argument checks for the public functions: a wrong type or value is refused, naming the argument.

They run once at an entry point; the engine's inner loops (the solver, the playouts, the phases
of a hand) call the unchecked functions behind it.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Literal, TypeVar, overload

from .cards import Card, Suit, parse_card, parse_cards, parse_suit
from .errors import NotationError, excerpt
from .rules import RuleSet

T = TypeVar("T")
S = TypeVar("S")


def known(value: T | None, why: str) -> T:
    """A value the phase guarantees is there (`why` says how); a ValueError, a mistake of the program, if it is not."""
    if value is None:
        raise ValueError(f"a value the program relies on is missing: {why}")
    return value


def refused(name: str, value: object, right: str) -> NotationError:
    """The error for argument `name`: what it must be, and what it was."""
    kind = "" if value is None or type(value) in (str, int) else f" ({type(value).__name__})"
    return NotationError(name, f"{name} must be {right}, not {excerpt(value)}{kind}.")


def whole(name: str, value: object, low: int, high: int | None = None, right: str = "") -> int:
    """A whole number (an int: never a bool, a float or text) from `low` to `high`."""
    if type(value) is int and low <= value and (high is None or value <= high):
        return value
    span = f"from {low:,} to {high:,}" if high is not None else f"{low:,} or more"
    raise refused(name, value, right or f"a whole number {span}")


def seat(name: str, value: object, players: int) -> int:
    return whole(name, value, 0, players - 1, f"a seat, a whole number from 0 to {players - 1}")


def flag(name: str, value: object) -> bool:
    if type(value) is bool:
        return value
    raise refused(name, value, "True or False")


def path(name: str, value: object, right: str, *, empty: bool = True) -> Path:
    """A file or folder path, as text or a Path (never bytes, a NUL character, or, unless `empty`, nothing)."""
    if isinstance(value, (str, os.PathLike)) and not isinstance(value, bytes):
        text = os.fspath(value)
        if isinstance(text, str) and "\0" not in text and (empty or text):
            return Path(value)
    raise refused(name, value, right)


def instance(name: str, value: object, kind: type[T] | tuple[type[T], ...], right: str) -> T:
    if isinstance(value, kind):
        return value
    raise refused(name, value, right)


def rules(name: str, value: object) -> RuleSet:
    return instance(name, value, RuleSet, "a RuleSet such as CUTTHROAT or PARTNERSHIP")


MOST_SEED = 2**64 - 1  # a seed is written into text ("7:0"), and Python prints no int past 4,300 digits
MOST_WORLDS = 10_000  # sampled deals for advice: more takes minutes and is no wiser


@overload
def seed(name: str, value: object, *, generator: Literal[False] = False) -> int | None: ...
@overload
def seed(name: str, value: object, *, generator: bool) -> int | random.Random | None: ...
def seed(name: str, value: object, *, generator: bool = False) -> int | random.Random | None:
    """None, or a whole number from 0 (random.Random(-5) deals as 5 does) to 2**64 - 1; or a random.Random."""
    if value is None or (generator and isinstance(value, random.Random)):
        return value
    also = ", or a random.Random" if generator else ""
    return whole(name, value, 0, MOST_SEED, f"a whole number from 0 to 2**64 - 1, or None{also}")


def worlds(name: str, value: object) -> int:
    return whole(name, value, 1, MOST_WORLDS)


def _read(name: str, parse: Callable[[S], T], value: S) -> T:
    """`parse(value)`, its error prefixed with the argument's name."""
    try:
        return parse(value)
    except NotationError as error:
        raise NotationError(error.part, f"{name}: {error}") from None


@overload
def suit(name: str, value: object, *, optional: Literal[False] = False) -> Suit: ...
@overload
def suit(name: str, value: object, *, optional: bool) -> Suit | None: ...
def suit(name: str, value: object, *, optional: bool = False) -> Suit | None:
    """A Suit, or its text ('H', '♥', 'hearts'); None too where `optional`."""
    if isinstance(value, Suit) or (value is None and optional):
        return value
    if isinstance(value, str):
        return _read(name, parse_suit, value)
    raise refused(
        name, value, "a suit: Suit.HEARTS, or text such as 'H', '♥' or 'hearts'" + (", or None" if optional else "")
    )


def card(name: str, value: object) -> Card:
    """A Card, or its text ('J♥', 'JH')."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return _read(name, parse_card, value)
    raise refused(name, value, "a card: a Card, or text such as 'J♥' or 'JH'")


def cards(name: str, value: object, most: int | None = None) -> tuple[Card, ...]:
    """Different cards, given as a list of Cards or texts or as one text ('JH JD AH'); at most `most`."""
    if not isinstance(value, (str, list, tuple)):
        raise refused(name, value, "cards: a list of Cards, or text such as 'JH JD AH'")
    found = tuple(_read(name, parse_cards, value))
    if most is not None and len(found) > most:
        raise NotationError(name, f"{name} holds {len(found)} cards, {excerpt(value)}: at most {most} belong there.")
    distinct(name, found)
    return found


def distinct(name: str, found: Iterable[Card]) -> None:
    """Refuse a card given twice: every card is in the deck once (C1)."""
    seen: set[Card] = set()
    for one in found:
        if one in seen:
            raise NotationError(name, f"{name} holds {one} twice, but each card is in the deck only once (C1).")
        seen.add(one)
