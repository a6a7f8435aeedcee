"""classroom/web/wire.py without a server: a page's frames are written by the loop, in order, only while its connection
is open, and a client too slow to read is dropped (the real server: tests/test_class_wire.py)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading

import pytest
from websockets.protocol import State

from euchre_lesson.classroom.web.wire import BACKLOG, LoopWriter


class Transport:
    """What the writer uses of an asyncio transport, noting what it is given."""

    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.waiting, self.aborted, self.closing = 0, False, False

    def write(self, data: bytes) -> None:
        self.written.append(data)
        self.waiting += len(data)

    def is_closing(self) -> bool:
        return self.closing

    def get_write_buffer_size(self) -> int:
        return self.waiting

    def abort(self) -> None:
        self.aborted = self.closing = True


class Protocol:
    def __init__(self) -> None:
        self.state, self.transport, self.is_client, self.extensions = State.OPEN, Transport(), False, []


def run_waiting(loop: asyncio.AbstractEventLoop) -> None:
    loop.run_until_complete(asyncio.sleep(0))


def test_frames_sent_from_several_threads_are_written_by_the_loop_whole_and_in_order():
    loop = asyncio.new_event_loop()
    try:
        protocol = Protocol()
        writer = LoopWriter(protocol, loop)
        threads = [
            threading.Thread(target=lambda n=n: [writer.send_text(f"{n}:{i}") for i in range(50)]) for n in range(4)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        assert protocol.transport.written == [], "nothing is written by the sending threads"
        run_waiting(loop)
        stream = b"".join(protocol.transport.written)
        frames = []
        while stream:  # unmasked text frames of under 126 bytes: 0x81, the length, the text
            assert stream[0] == 0x81 and stream[1] < 126
            frames.append(stream[2 : 2 + stream[1]].decode())
            stream = stream[2 + stream[1] :]
        for n in range(4):
            assert [frame for frame in frames if frame.startswith(f"{n}:")] == [f"{n}:{i}" for i in range(50)]
    finally:
        loop.close()


def test_a_closed_connection_gets_no_frame_and_its_sender_is_told():
    loop = asyncio.new_event_loop()
    try:
        protocol = Protocol()
        writer = LoopWriter(protocol, loop)
        writer.send_bytes(b"queued before the close")
        protocol.state = State.CLOSED  # the browser left before the loop wrote it
        run_waiting(loop)
        assert protocol.transport.written == []
        with pytest.raises(ConnectionResetError):  # an OSError: Solara forgets the connection
            writer.send_text("after the close")
        run_waiting(loop)
        assert protocol.transport.written == []
    finally:
        loop.close()


def test_a_client_that_does_not_read_is_dropped_once_its_backlog_is_full():
    loop = asyncio.new_event_loop()
    try:
        protocol = Protocol()
        writer = LoopWriter(protocol, loop)
        writer.send_bytes(b"x" * (BACKLOG // 2))
        run_waiting(loop)
        assert not protocol.transport.aborted
        writer.send_bytes(b"x" * (BACKLOG // 2 + 1))
        run_waiting(loop)
        assert protocol.transport.aborted
    finally:
        loop.close()


class Funnel:
    """What Solara's SyncFrameWriter uses of websockets' protocol: its funnel of frames, and the loop's call."""

    def __init__(self) -> None:
        self.is_client, self.extensions, self.lost = False, [], []

    def write_frame_sync(self, fin: bool, opcode: int, data: bytes) -> None:
        raise AssertionError("replaced by the writer's")

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost.append(exc)


def late_redraw_reaches(writer_class: type) -> list[bytes]:
    """What other connections read after a page's connection closed and its writer was sent one more message."""
    page, browser = socket.socketpair()
    page.setblocking(False)
    protocol = Funnel()
    writer = writer_class(protocol, page.fileno())
    protocol.connection_lost(None)
    page.close()
    browser.close()
    others = [end for _ in range(4) for end in socket.socketpair()]  # the freed numbers given again
    with contextlib.suppress(OSError):
        writer.send_text("a late redraw")
    read = []
    for end in others:
        end.setblocking(False)
        with contextlib.suppress(BlockingIOError):
            read.append(end.recv(100))
    for end in others:
        end.close()
    return read


def test_solara_s_own_direct_writes_reach_another_connection_once_the_page_s_closed():
    """Why wire.py exists: Solara's SyncFrameWriter writes to its socket's number, which the system gives the next
    connection. If an upgrade of Solara makes this fail, its direct writes may have become safe: see wire.py."""
    from solara.server.sync_ws_write import SyncFrameWriter

    assert late_redraw_reaches(SyncFrameWriter) == [b"\x81\x0da late redraw"]
