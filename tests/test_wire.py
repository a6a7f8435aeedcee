"""classroom/web/wire.py without a server: a page's frames are written by the loop, in order, only while its connection
is open, and a client too slow to read is dropped (the real server: tests/test_class_wire.py)."""

from __future__ import annotations

import asyncio
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
