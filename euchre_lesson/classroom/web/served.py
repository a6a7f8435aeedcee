"""What the class's server hands each of its pages: the class, the addresses students reach it at, who has a page
open, and the lessons' answers. Made once as the server starts; each page finds it in its context (solara_door)."""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..classroom import Classroom
from ..progress_reports import LessonReports
from .doors import Doors


class Presence:
    """How many open pages hold each seat token: a seat counts as away only once its last page has closed."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pages: dict[str, int] = {}

    def arrive(self, token: str) -> None:
        with self._lock:
            self._pages[token] = self._pages.get(token, 0) + 1

    def leave(self, token: str) -> bool:
        """One page of `token` closed; whether it was the last."""
        with self._lock:
            self._pages[token] = self._pages.get(token, 1) - 1
            if self._pages[token] > 0:
                return False
            del self._pages[token]
            return True


@dataclass(frozen=True, eq=False)
class ServedClass:
    """The class one server serves, and what its pages share: one of each for the server's whole run."""

    room: Classroom
    addresses: tuple[str, ...]  # where students open the class: the join address first, then the others
    reports: LessonReports  # the lessons' answers, kept in the class's folder
    presence: Presence = field(default_factory=Presence)
    doors: Doors = field(default_factory=Doors)  # wrong codes counted, teachers remembered in their browsers

    @classmethod
    def of(cls, room: Classroom, addresses: Iterable[str] = ()) -> ServedClass:
        """`room` served at these addresses, with its lessons' answers read from its folder."""
        reports = LessonReports(room.keeper.folder, room.join_code)
        room.positions_kept_by(reports.keep_position)  # the coach's positions missed, kept with the lessons' answers
        return cls(room, tuple(addresses), reports)

    @property
    def join(self) -> str:
        """The address students open to join ('' when none is known, as in a test)."""
        return self.addresses[0] if self.addresses else ""

    @property
    def other_addresses(self) -> tuple[str, ...]:
        return self.addresses[1:]
