"""What a computer player said, kept in no language: a message of the catalog and its fields, put into words
only where someone reads it, in the reader's language.

A class's table is read by students in several languages (each page speaks its own), and a computer player decides
once, often in a worker process that speaks none of them: so its reason is kept as `Said` (the message marked
`N_`, its fields) and translated by `words_of` where a seat's view is made, under that view's language.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TypeAlias

from . import language


@dataclass(frozen=True)
class Said:
    """A message of the catalog (as marked `N_`) and its fields by name, not yet in any language."""

    message: str
    fields: tuple[tuple[str, object], ...] = ()
    plural: str = ""  # the message for many, where the field `count` says how many (ngettext's two forms)
    capital: bool = False  # its words begin a sentence: the first letter a capital

    def __str__(self) -> str:
        return words_of(self)


@dataclass(frozen=True)
class Figure:
    """A number kept in no language, written where it is read: '1.3' in English, '1,3' in French; a share as a
    percentage ('45%', '45 %')."""

    value: float
    places: int = 1
    share: bool = False  # a share of 1, written as a percentage

    def __str__(self) -> str:
        return language.percent(self.value, self.places) if self.share else language.figure(self.value, self.places)


@dataclass(frozen=True)
class Listed:
    """Things said one after the other, put into words where they are read: 'a; b' ('a ; b' in French)."""

    items: tuple[object, ...]

    def __str__(self) -> str:
        if not self.items:
            return ""
        pair = language._("{before}; {after}")
        return functools.reduce(lambda before, after: pair.format(before=before, after=after), map(str, self.items))


# A reason as a table keeps it: language-free words, or words already written in one language (plain text).
Reason: TypeAlias = str | Said


def saying(message: str, **fields: object) -> Said:
    """`message` (marked `N_` where written) with its fields, to be put into words where it is read."""
    return Said(message, tuple(sorted(fields.items())))


def saying_many(one: str, many: str, count: int, **fields: object) -> Said:
    """The words for `count` things (`one` and `many` marked with `ngettext` where written, or N_), said later."""
    return Said(one, tuple(sorted({**fields, "count": count}.items())), plural=many)


def words_of(reason: object) -> str:
    """A reason in words, in the language chosen where this runs (a field that is itself said, translated too);
    plain text as it is."""
    if not isinstance(reason, Said):
        return str(reason)
    fields = {name: words_of(value) if isinstance(value, Said) else value for name, value in reason.fields}
    if reason.plural:
        count = fields.get("count")
        message = language.ngettext(reason.message, reason.plural, count if isinstance(count, int) else 2)
    else:
        message = language._(reason.message)
    words = message.format(**fields)
    return words[:1].upper() + words[1:] if reason.capital else words
