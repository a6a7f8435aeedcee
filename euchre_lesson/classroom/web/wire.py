"""How a page's messages reach its browser: written by the server's event loop, onto that page's connection only.

A page's messages are made in the page's own thread (or the thread that changed a table). Solara can write them
from there straight to the socket's file descriptor (SOLARA_SERVER_SYNC_WS_WRITE), but a file descriptor is a
number the system gives again as soon as a connection closes: a page still drawing after its browser left wrote its
messages onto the next connection to open, another student's page or a plain HTTP reply. Here each message is made
into a websocket frame in the sending thread and handed to the event loop, which writes it through the connection's
own transport, and only while that connection is open: a closed connection's frames are dropped, never written to
a number. The sending thread never waits for the loop (Solara's own path waits for each message), so a page draws as
fast as with direct writes.

A client that reads slower than its page is drawn is dropped once BACKLOG bytes wait for it: its memory is bounded,
and its page reconnects and is drawn afresh.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

BACKLOG = 8 * 1024 * 1024  # bytes waiting for one slow client before it is dropped (a page is drawn in about 1 MB)


def _protocol_of(send: Any, depth: int = 0) -> Any:
    """uvicorn's websockets protocol behind a Starlette websocket's `send` (unwrapped from Starlette's closures)."""
    from websockets.legacy.protocol import WebSocketCommonProtocol

    if depth > 10 or send is None:
        return None
    if isinstance(getattr(send, "__self__", None), WebSocketCommonProtocol):
        return send.__self__
    for cell in getattr(send, "__closure__", None) or ():
        found = _protocol_of(cell.cell_contents, depth + 1) if callable(cell.cell_contents) else None
        if found is not None:
            return found
    return None


class LoopWriter:
    """Writes one connection's frames on the event loop, in the order its threads send them; never after it closed.

    Made on the event loop as the connection opens (Solara's `sync_writer`: send_text and send_bytes)."""

    def __init__(self, protocol: Any, loop: asyncio.AbstractEventLoop) -> None:
        from websockets.frames import Opcode
        from websockets.legacy.framing import Frame
        from websockets.protocol import State

        self._frame, self._text, self._binary, self._open = Frame, Opcode.TEXT, Opcode.BINARY, State.OPEN
        self.protocol, self.loop = protocol, loop
        self.lock = threading.Lock()  # frames made and queued in one order, whichever threads send them
        self.waiting: list[bytes] = []

    @classmethod
    def of(cls, websocket: Any) -> LoopWriter | None:
        """The writer of a Starlette websocket served by uvicorn's websockets protocol (None for any other)."""
        protocol = _protocol_of(getattr(websocket, "_send", None))
        if protocol is None or getattr(protocol, "transport", None) is None:
            return None
        return cls(protocol, asyncio.get_running_loop())

    def send_text(self, data: str) -> None:
        self._send(self._text, data.encode("utf-8"))

    def send_bytes(self, data: bytes) -> None:
        self._send(self._binary, bytes(data))

    def _send(self, opcode: Any, data: bytes) -> None:
        """Queue one message's frame for the loop; an OSError once the connection is closed (Solara then forgets it)."""
        if self.protocol.state is not self._open:
            raise ConnectionResetError("the page's connection is closed")
        pieces: list[bytes] = []
        with self.lock:
            self._frame(True, opcode, data).write(
                pieces.append, mask=self.protocol.is_client, extensions=self.protocol.extensions
            )
            first = not self.waiting
            self.waiting.extend(pieces)
            if first:
                try:
                    self.loop.call_soon_threadsafe(self._flush)
                except RuntimeError as closed:  # the server's loop has stopped
                    self.waiting.clear()
                    raise ConnectionResetError("the server is stopping") from closed

    def _flush(self) -> None:
        """On the event loop: write what waits, if the connection is still open; drop a client too slow to read."""
        with self.lock:
            waiting, self.waiting = self.waiting, []
        transport = self.protocol.transport
        if self.protocol.state is not self._open or transport is None or transport.is_closing():
            return  # closed: its frames go nowhere (the number its socket had may be another's by now)
        transport.write(b"".join(waiting))
        if transport.get_write_buffer_size() > BACKLOG:
            logging.getLogger("euchre_lesson.classroom.wire").warning(
                "A page read too slowly (%d bytes waiting): its connection is dropped.", BACKLOG
            )
            transport.abort()
