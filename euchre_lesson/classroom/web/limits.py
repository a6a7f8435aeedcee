"""What one client may ask of the class's server: how many pages, how large a message, how slow a reader.

A class is some thirty students and a teacher on a school's network; these limits leave them room (several tabs
each, reloads) and stop a single browser or script from taking the laptop's memory for itself. Each refusal says in
words what was wrong and what would be right: a page refused is a short plain page, never a traceback.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from html import escape
from typing import Any

from ...engine import language as catalog
from ...engine.language import ENGLISH, N_, _, browser_language, speaking

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

PAGES_PER_ADDRESS = 12  # pages open at once from one computer: a student's tabs and reloads, a teacher's projector
PAGES_IN_ALL = 240  # pages open at once in the whole class: a large class's several tabs each
MESSAGE_LIMIT = 256 * 1024  # bytes in one message from a page (a click or a typed name is well under 1 KB)
PING_SECONDS = 15.0  # a page's browser is asked every PING_SECONDS and dropped if it has not answered in as long
ASKING_SECONDS = 20.0  # a new connection that has not said what it wants by then is closed (a stalled client)
PAGE_SOCKET = "/jupyter/api/kernels/"  # where a page opens its connection (Solara's websocket)
NOT_PAGES = ("/_solara/", "/static/", "/jupyter/", "/lessons/", "/readyz")  # files and routes, not pages

# Said in the language the browser asks for first (its Accept-Language), where the class has it.
TOO_MANY_HERE = N_(
    "This computer already has {open} pages of the class open, the most one computer may have. "
    "Close the class's other tabs on this computer, then reload this page."
)
TOO_MANY = N_(
    "The class's server already has {open} pages open, the most it serves at once. "
    "Close a tab you no longer need, or ask your teacher, then reload this page."
)
NOT_HERE = N_("There is no page at this address. The class is at the address your teacher gave.")


def asked_language(scope: Scope) -> str:
    """The language a request's browser asks for first among the class's (its Accept-Language); else English."""
    for name, value in scope.get("headers") or ():
        if name == b"accept-language" and isinstance(value, bytes):
            tags = [part.split(";")[0].strip() for part in value[:2000].decode("latin-1").split(",")[:20]]
            return browser_language(tags) or ENGLISH
    return ENGLISH


def plain_page(words: str, status: int) -> tuple[int, bytes]:
    """A short page of plain words (a refusal), as the HTTP status and the page's bytes, in the language chosen."""
    title = escape(_("Euchre class"))
    page = (
        f'<!doctype html><html lang="{catalog.language()}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title></head>'
        '<body style="font: 1.2rem/1.5 system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">'
        f"<h1>{title}</h1><p>{escape(words)}</p></body></html>"
    )
    return status, page.encode("utf-8")


async def send_page(send: Send, words: str, status: int, language: str = ENGLISH) -> None:
    with speaking(language):
        status, body = plain_page(words, status)
    headers = [(b"content-type", b"text/html; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def patient_http(seconds: float = ASKING_SECONDS) -> type:
    """uvicorn's HTTP protocol (h11's), closing a connection that has not asked for anything within `seconds`.

    uvicorn times out a connection only between requests: one that never finishes its first (a byte now and then)
    would hold its socket, and its share of the server's, for ever."""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class PatientHttp(H11Protocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self.loop.call_later(seconds, self._asked_nothing)

        def _asked_nothing(self) -> None:
            transport = self.transport
            # no request under way and the connection still this protocol's (not handed to a page's websocket)
            if self.cycle is None and transport.get_protocol() is self and not transport.is_closing():
                transport.close()

    return PatientHttp


@dataclass
class Limits:
    """An ASGI app around the class's server: pages counted per address and in all, Solara's load page hidden.

    Only the event loop's thread runs it, so its counts need no lock."""

    app: App
    per_address: int = PAGES_PER_ADDRESS
    in_all: int = PAGES_IN_ALL
    open_pages: dict[str, int] = field(default_factory=dict)

    def refusal(self, address: str, language: str = ENGLISH) -> str:
        """Why one more page from `address` is refused, in `language` ('' when it is not). The laptop's own pages
        (the loopback address: the teacher's, or the tests' and the benchmark's many students) count only in all."""
        with speaking(language):
            return self._refusal(address)

    def _refusal(self, address: str) -> str:
        here = address.startswith("127.") or address == "::1"
        if not here and self.open_pages.get(address, 0) >= self.per_address:
            return catalog._(TOO_MANY_HERE).format(open=self.open_pages[address])
        if sum(self.open_pages.values()) >= self.in_all:
            return catalog._(TOO_MANY).format(open=sum(self.open_pages.values()))
        return ""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind, path = scope["type"], scope.get("path", "")
        address, asked = (scope.get("client") or ("unknown", 0))[0], asked_language(scope)
        if kind == "http" and path.rstrip("/") == "/resourcez":  # Solara's load page: how busy, how many pages
            with speaking(asked):
                not_here = catalog._(NOT_HERE)
            await send_page(send, not_here, 404, asked)
            return
        if kind == "http" and scope.get("method") == "GET" and not path.startswith(NOT_PAGES):
            refused = self.refusal(address, asked)
            if refused:
                await send_page(send, refused, 429, asked)
                return
        if kind == "websocket" and path.startswith(PAGE_SOCKET):
            refused = self.refusal(address, asked)
            if refused:  # closed before it is accepted: the browser is answered 403 and its page says it lost touch
                await receive()  # the connection's opening, which comes first
                await send({"type": "websocket.close", "code": 1008, "reason": refused[:120]})
                return
            self.open_pages[address] = self.open_pages.get(address, 0) + 1
            try:
                await self.app(scope, receive, send)
            finally:
                self.open_pages[address] -= 1
                if not self.open_pages[address]:
                    del self.open_pages[address]
            return
        await self.app(scope, receive, send)
