"""How many wrong codes the class lets through: from each computer (its network address), and from all together.

A class meets this guard only if someone guesses. Each computer may type 10 wrong codes at once, then one more every
6 seconds (10 a minute); all the computers together 100 at once, then one a second (60 a minute). The same wrong
code typed again is not counted again: a lesson still linked with yesterday's code, sending each answer, guesses
nothing. A right code spends nothing. Once a computer (or the class) has spent its wrong codes, every code it types
is refused without being read, in words, until the minute has passed: a guesser learns nothing from a refusal.

At 60 wrong codes a minute, trying half of the 34,012,224 join codes (codes.py) takes 196 days; from one computer
alone, at 10 a minute, over three years.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from ..engine import checks, language
from ..engine.language import N_
from .refusals import Refused

T = TypeVar("T")


@dataclass(frozen=True)
class Allowance:
    """Wrong codes let through: `burst` at once, then one more every `every` seconds."""

    burst: int
    every: float

    def per_minute(self) -> float:
        """Wrong codes a minute, once the burst is spent."""
        return 60.0 / self.every


PER_ADDRESS = Allowance(10, 6.0)  # one computer: a student mistyping now and then never spends ten in a minute
OVERALL = Allowance(100, 1.0)  # the whole class: 25 students all mistyping as they join spend less than half of it
REMEMBERED = 20  # the latest wrong codes of each computer, which typed again are not counted again
ADDRESSES = 10_000  # computers remembered at most: the one heard of longest ago is forgotten first
TOO_MANY = N_("Too many wrong codes from this computer: wait a minute and try again.")
TOO_MANY_IN_ALL = N_("Too many wrong codes from the class's computers: wait a minute and try again.")


@dataclass(frozen=True)
class Tally:
    """What one computer (or the class) has left to spend, as of `when`, and its latest wrong codes."""

    left: float
    when: float
    recent: tuple[bytes, ...] = ()

    def now(self, allowance: Allowance, now: float) -> Tally:
        """The tally at `now`: what was spent comes back, one code every `allowance.every` seconds."""
        left = min(float(allowance.burst), self.left + max(0.0, now - self.when) / allowance.every)
        return Tally(left, now, self.recent)

    def spent(self, codes: float) -> Tally:
        return Tally(self.left - codes, self.when, self.recent)

    def given_back(self, allowance: Allowance) -> Tally:
        return Tally(min(float(allowance.burst), self.left + 1.0), self.when, self.recent)

    def remembering(self, key: bytes) -> Tally:
        return Tally(self.left, self.when, (self.recent + (key,))[-REMEMBERED:])


class Guard:
    """Counts the wrong `what` (a join code, a teacher code) typed per computer and in all, and refuses a computer, or
    everyone, that has typed too many lately; `clock` gives seconds (a test gives its own)."""

    def __init__(
        self,
        what: str,
        per_address: Allowance = PER_ADDRESS,
        overall: Allowance = OVERALL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.what = checks.instance("what", what, str, "the code guarded, such as 'join code'")
        self.per_address = checks.instance("per_address", per_address, Allowance, "an Allowance")
        self.overall = checks.instance("overall", overall, Allowance, "an Allowance")
        if not callable(clock):
            raise Refused("clock", "clock must be a function giving seconds, such as time.monotonic.")
        self.clock = clock
        self._lock = threading.Lock()
        self._all = Tally(float(overall.burst), clock())
        self._addresses: dict[str, Tally] = {}  # the computer heard of longest ago first

    def __repr__(self) -> str:
        return f"Guard({self.what!r}, {len(self._addresses)} computers)"

    def attempt(self, address: object, typed: object, act: Callable[[], T]) -> T:
        """`act()`, which checks `typed`, unless too many wrong codes came lately from `address` or from everyone.

        A wrong code is act raising a ValueError whose `.part` is this guard's `what`: it is counted, then raised. A
        computer or a class over its allowance is Refused in words, and `act` is not called."""
        where = address if type(address) is str else "an unknown computer"
        key = _key(typed, self.what)
        with self._lock:
            now = self.clock()
            mine = self._addresses.pop(where, None) or Tally(float(self.per_address.burst), now)
            mine, every = mine.now(self.per_address, now), self._all.now(self.overall, now)
            self._addresses[where] = mine
            self._forget_the_oldest()
            if mine.left < 1.0:
                raise Refused(self.what, language._(TOO_MANY))
            if every.left < 1.0:
                self._all = every
                raise Refused(self.what, language._(TOO_MANY_IN_ALL))
            counted = key not in mine.recent  # a wrong code typed again guesses nothing new
            if counted:  # spent before the code is read, so that pages racing in threads cannot overspend
                self._addresses[where], self._all = mine.spent(1.0), every.spent(1.0)
            else:
                self._all = every
        try:
            done = act()
        except ValueError as error:
            if getattr(error, "part", "") != self.what:  # the code was right: something else was wrong
                self._give_back(where, counted)
            else:
                with self._lock:
                    tally = self._addresses.get(where)
                    if tally is not None:
                        self._addresses[where] = tally.remembering(key)
            raise
        except BaseException:
            self._give_back(where, counted)
            raise
        self._give_back(where, counted)
        return done

    def _give_back(self, where: str, counted: bool) -> None:
        """A right code spends nothing: give back what was spent before it was read."""
        if not counted:
            return
        with self._lock:
            tally = self._addresses.get(where)
            if tally is not None:
                self._addresses[where] = tally.given_back(self.per_address)
            self._all = self._all.given_back(self.overall)

    def _forget_the_oldest(self) -> None:
        while len(self._addresses) > ADDRESSES:
            del self._addresses[next(iter(self._addresses))]


def _key(typed: object, what: str) -> bytes:
    """A typed code, as the guard remembers it: a short digest (never the code); a join code's alike for 'kmr-tex' and
    'KMRTEX'."""
    text = "".join(typed[:400].split()) if type(typed) is str else repr(type(typed))  # a code is short: 400 is plenty
    if what == "join code":
        text = text.replace("-", "").upper()
    return hashlib.blake2b(text.encode("utf-8", "replace"), digest_size=8).digest()


def guessing_time(codes: int, allowance: Allowance) -> float:
    """Seconds to try half of `codes` wrong codes at `allowance`: the burst at once, then one every `every` s."""
    return max(0.0, codes / 2 - allowance.burst) * allowance.every
