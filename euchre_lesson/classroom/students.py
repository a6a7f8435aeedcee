"""A student of the class: the first name the table shows, and the token that proves their seat."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Student:
    """One student who joined; `token` is secret, kept by their browser only."""

    name: str
    token: str

    def __repr__(self) -> str:  # never prints the token: a log or a traceback must not give a seat away
        return f"Student({self.name!r})"
