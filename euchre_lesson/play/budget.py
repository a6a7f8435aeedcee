"""A budget of time for the computer's decisions: it samples worlds until their count or its time runs out.

The budget bounds the whole decision. No world is started that would likely end after the deadline,
and a world still being sampled or solved when the deadline passes is stopped and dropped (the
Python search, the fitting of a world to the bidding and each option's play-out check the clock as
they go): a decision rests only on whole worlds. Where not one world fits, the computer falls back
on the rule of thumb and says so. Until the deadline is near, a budget changes nothing: the worlds
are the same draws of the same seed, so a decision made in time is the one a count of worlds alone
would make.
"""

from __future__ import annotations

import math
import numbers
import sys
import time
from collections.abc import Callable, Iterator
from typing import NamedTuple, TypeGuard

from ..engine import checks
from ..engine.errors import NotationError, excerpt
from .solver import COMPILED

MOST_SECONDS = 3600  # a budget of an hour is no limit at all for one decision: None says so plainly
FAR = 1e15  # seconds: a clock reading past this (31 million years) is no time a clock gives


def decision_seconds(compiled: bool, platform: str) -> float:
    """Seconds the computer may spend on one decision: less where each world costs more (no C core, the browser)."""
    return 0.4 if compiled and platform != "emscripten" else 0.2


# With the C core a decision takes a few ms (50 ms at most, bench/decisions.py), far under its budget,
# which so changes nothing. Without it (EUCHRE_PURE_PYTHON=1, and in the browser, where Pyodide runs
# Python about twice as slow again, and slower still on a school laptop) one world can cost tens of ms, and on
# a busy machine three times that: the smaller budget, no world started that would end late, and a world cut
# off at the deadline keep a decision within the budget and a few ms (bench/decisions.py).
DECISION_SECONDS = decision_seconds(COMPILED, sys.platform)


# Typed as a float, which compares and converts as any real number does here (typing's numbers.Real does not).
def real(value: object) -> TypeGuard[float]:
    """A number that can be a time: a real number, not a bool (True is no number of seconds)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def checked_seconds(name: str, value: object) -> float | None:
    """None (no time limit: the count of worlds alone decides), or a number of seconds from 0 to MOST_SECONDS."""
    if value is None:
        return None
    if real(value) and 0 <= value <= MOST_SECONDS:  # a NaN fails both comparisons
        return float(value)
    raise checks.refused(
        name, value, f"a number of seconds from 0 to {MOST_SECONDS:,}, such as 0.4, or None for no time limit"
    )


def checked_clock(name: str, value: object) -> Callable[[], float]:
    if callable(value):
        return value
    raise checks.refused(name, value, "a function that reads the time in seconds, such as time.monotonic")


def reading(read: Callable[[], float]) -> float:
    """The clock's time now; a clock that gives anything but a number is refused by name."""
    now = read()
    if real(now) and -FAR < now < FAR:  # a NaN or an infinity fails too
        return float(now)
    raise NotationError(
        "clock",
        f"clock() must give a number of seconds, as time.monotonic() does, not {excerpt(now)} ({type(now).__name__}).",
    )


class OutOfTime(Exception):
    """The deadline passed in the middle of a world: that world is dropped, and the decision rests on those before."""


class Deadline(NamedTuple):
    """When a decision must stop sampling worlds: at `end` on `clock` (never, when `end` is infinite)."""

    clock: Callable[[], float]
    end: float

    @classmethod
    def after(cls, seconds: float | None, clock: Callable[[], float] = time.monotonic) -> Deadline:
        """The deadline `seconds` from now; with None there is none, and the clock is never read."""
        return cls(clock, math.inf if seconds is None else reading(clock) + seconds)

    def share(self, parts: int) -> Deadline:
        """The deadline for the first of `parts` tasks that share what is left of this one's time equally."""
        if self.end == math.inf:
            return self
        now = reading(self.clock)
        return self._replace(end=now + max(0.0, self.end - now) / parts)

    def passed(self) -> bool:
        """True once the deadline has come; with none, the clock is never read."""
        return self.end != math.inf and reading(self.clock) >= self.end

    def check(self) -> None:
        """Raise OutOfTime if the deadline has come: called in the middle of a world, it stops that world."""
        if self.passed():
            raise OutOfTime("the deadline passed before this world was done")

    @property
    def checker(self) -> Callable[[], None] | None:
        """What a search calls now and then to stop at the deadline: None where there is none, to save the calls."""
        return None if self.end == math.inf else self.check

    def worlds(self, most: int) -> Iterator[int]:
        """0, 1, 2, ... for up to `most` worlds; none once the deadline has passed, nor one likely to end after it."""
        if self.end == math.inf:
            yield from range(most)
            return
        began = reading(self.clock)
        for done in range(most):
            now = began if done == 0 else reading(self.clock)
            # Past the deadline, or the next world, at the pace so far, would end after it.
            if now >= self.end or done and now + (now - began) / done > self.end:
                return
            yield done


NO_DEADLINE = Deadline(time.monotonic, math.inf)


def deadline(seconds: float | None, clock: Callable[[], float]) -> Deadline:
    """A deadline `seconds` from now on `clock`, both arguments checked by name."""
    return Deadline.after(checked_seconds("seconds", seconds), checked_clock("clock", clock))
