"""The class's doors on its server: the join code and the teacher code, each guarded against guessing (guard.py),
and the teacher remembered in a browser, so the teacher's page opens without the code again (the pages' part is in
signing_in.py; this module imports no Solara, so the server's settings are set before Solara reads them).

A page cannot set a cookie (it talks over a websocket already open); a script can, but then it could read it. So once
the teacher's code is right the page hands its browser a ticket, good once and for a minute, and the browser posts it
to /teacher/remember, which answers with the cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's
page sends it). The cookie is a random number signed with the teacher code, so it holds for the class's life, restarts
included, and for no other class. Sign out forgets it on the server at once, and has the browser delete it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ..guard import Guard

if TYPE_CHECKING:
    from .served import ServedClass

REMEMBER, FORGET = "teacher/remember", "teacher/forget"  # the routes a browser posts a ticket to, and signs out at
TICKET_LIFE = 60.0  # seconds a ticket may wait to be posted: the browser posts it at once
TICKETS = 100  # tickets waiting at most: the oldest is dropped first
COOKIE_LIFE = 365 * 24 * 3600  # seconds the browser keeps the cookie: the class's life ends when its code changes
LONGEST_COOKIE = 200  # characters of a cookie or a ticket read at most


@dataclass(eq=False)
class RememberedTeachers:
    """The tickets a teacher's page has handed out, and the cookies signed out while this server runs."""

    clock: Callable[[], float] = time.monotonic
    _tickets: dict[str, tuple[float, str]] = field(default_factory=dict)  # ticket -> (when, the cookie it gives)
    _signed_out: set[str] = field(default_factory=set)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @staticmethod
    def cookie_name(teacher_code: str) -> str:
        """The cookie's name, this class's own: two classes served from one computer (two ports) keep one each."""
        return "euchre-teacher-" + _signed(teacher_code, "the cookie's name")[:12]

    def ticket(self, teacher_code: str) -> tuple[str, str]:
        """A new ticket, and the cookie it gives: a random number and its signature by the teacher code."""
        number = secrets.token_urlsafe(16)
        cookie = f"{number}.{_signed(teacher_code, number)}"
        ticket = secrets.token_urlsafe(24)
        with self._lock:
            self._tickets[ticket] = (self.clock(), cookie)
            while len(self._tickets) > TICKETS:
                del self._tickets[next(iter(self._tickets))]
        return ticket, cookie

    def redeem(self, ticket: str) -> str:
        """The cookie a ticket gives, once and within TICKET_LIFE; '' for any other ticket."""
        with self._lock:
            when, cookie = self._tickets.pop(ticket, (0.0, ""))
        return cookie if cookie and self.clock() - when <= TICKET_LIFE else ""

    def valid(self, teacher_code: str, cookies: object) -> str:
        """This class's teacher cookie among `cookies` (a page's or a request's), if it is signed and not signed out;
        else ''."""
        value = cookies.get(self.cookie_name(teacher_code), "") if isinstance(cookies, dict) else ""
        if type(value) is not str or len(value) > LONGEST_COOKIE or value.count(".") != 1:
            return ""
        number, signature = value.split(".")
        good = hmac.compare_digest(signature.encode("ascii", "replace"), _signed(teacher_code, number).encode("ascii"))
        with self._lock:
            return value if good and number not in self._signed_out else ""

    def sign_out(self, cookie: str) -> None:
        """This cookie opens the teacher's page no more (while this server runs: the browser deletes it too)."""
        with self._lock:
            self._signed_out.add(cookie.split(".")[0])


def _signed(teacher_code: str, words: str) -> str:
    return hmac.new(teacher_code.encode("utf-8"), words.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass(eq=False)
class Doors:
    """What one server keeps of its doors: wrong join codes and teacher codes counted, and teachers remembered."""

    join: Guard = field(default_factory=lambda: Guard("join code"))
    teacher: Guard = field(default_factory=lambda: Guard("teacher code"))
    teachers: RememberedTeachers = field(default_factory=RememberedTeachers)


# -- the routes the browser posts to ----------------------------------------------------------------------------


def teacher_routes(served: ServedClass) -> list[Route]:
    """POST /teacher/remember (a ticket: the cookie) and POST /teacher/forget (the cookie deleted, and signed out)."""
    room, teachers = served.room, served.doors.teachers

    async def remember(request: Request) -> JSONResponse:
        ticket = (await _small_body(request)).strip()
        cookie = teachers.redeem(ticket) if ticket else ""
        if not cookie:
            return JSONResponse(
                {"remembered": False, "message": "That ticket opens nothing: type the teacher code on the page."},
                status_code=403,
            )
        reply = JSONResponse({"remembered": True, "message": "This browser opens the teacher's page from now on."})
        reply.set_cookie(
            RememberedTeachers.cookie_name(room.teacher_code),
            cookie,
            max_age=COOKIE_LIFE,
            path="/",
            httponly=True,
            samesite="strict",
        )
        return reply

    async def forget(request: Request) -> JSONResponse:
        held = teachers.valid(room.teacher_code, dict(request.cookies))
        if held:
            teachers.sign_out(held)
        reply = JSONResponse({"remembered": False, "message": "Signed out: the teacher code opens the page again."})
        reply.delete_cookie(
            RememberedTeachers.cookie_name(room.teacher_code), path="/", httponly=True, samesite="strict"
        )
        return reply

    return [Route("/" + REMEMBER, remember, methods=["POST"]), Route("/" + FORGET, forget, methods=["POST"])]


async def _small_body(request: Request) -> str:
    """The request's body as text, read no further than LONGEST_COOKIE bytes ('' for a longer one)."""
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > LONGEST_COOKIE:
            return ""
    return body.decode("utf-8", "replace")
