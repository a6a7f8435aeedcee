"""Every message of the class's server reaches only its own page, while pages open, reload and close.

The real server (tests/served_class.py) with two tables playing fast, two scripted students playing there, and at the
same time hundreds of pages that open, draw and close abruptly (mid-drawing, as a reload does) and hundreds of plain
HTTP requests, each on a fresh connection held open a moment before it asks. A page's messages written after its
connection closed onto a socket since given to another connection would show here: as an HTTP reply that is not
the exact file asked for (or bytes before the request), or as a page receiving a message of another page's session.
"""

from __future__ import annotations

import json
import random
import socket
import struct
import sys
import threading
import time
import urllib.request
import uuid
from pathlib import Path

import pytest
from served_class import JOIN, ClassProcess

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))

from class_clients import Student  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.posix("a reused file descriptor is what the check looks for")]

ASKED = "_solara/cdn/requirejs@2.3.6/require.js"  # a page's own file: the reply must be it, byte for byte
PAGES, REQUESTS, SECONDS = 300, 300, 150.0


def session_cookie(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return "; ".join(value.split(";")[0] for key, value in response.headers.items() if key.lower() == "set-cookie")


def message(kind: str, content: dict, page: str) -> str:
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": kind,
        "session": page,
        "username": "",
        "date": "",
        "version": "5.3",
    }
    return json.dumps(
        {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}
    )


def open_and_drop(url: str, cookie: str, stay: float, wrong: list[str]) -> int:
    """Open a page (ask for the app, as Solara's front end does), read what it is sent for `stay` seconds, then drop
    the connection at once (a reset, mid-drawing): every message read must be of this page's own session."""
    from solara.server.kernel import deserialize_binary_message
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    page = uuid.uuid4().hex
    address = url.replace("http", "ws", 1) + f"jupyter/api/kernels/{uuid.uuid4().hex}/channels?session_id={page}"
    sessions: set[str] = set()
    read = 0
    with connect(address, max_size=None, additional_headers={"Cookie": cookie}, open_timeout=60) as ws:
        control = uuid.uuid4().hex
        ws.send(message("comm_open", {"comm_id": control, "target_name": "solara.control", "data": {}}, page))
        run = {"method": "run", "args": {"path": "", "appName": "__default__"}}
        ws.send(message("comm_msg", {"comm_id": control, "data": run}, page))
        until = time.monotonic() + stay
        try:
            while (left := until - time.monotonic()) > 0:
                try:
                    raw = ws.recv(timeout=left)
                except TimeoutError:
                    break
                read += 1
                try:
                    said = json.loads(raw) if isinstance(raw, str) else deserialize_binary_message(raw)
                    sessions.add(said["header"]["session"])
                except (ValueError, KeyError, TypeError) as error:
                    wrong.append(f"a page read a message it could not parse ({error}): {raw[:120]!r}")
        except ConnectionClosed as closed:
            wrong.append(f"a page's connection broke while it read: {closed!r}")
        if len(sessions) > 1:
            wrong.append(f"a page read messages of {len(sessions)} sessions: {sorted(sessions)}")
        ws.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        ws.socket.shutdown(socket.SHUT_RDWR)  # gone at once, as a closed tab or a reload
    return read


def plain_request(port: int, expected: bytes, wrong: list[str]) -> None:
    """A fresh connection held a moment before asking, then one plain GET: nothing may arrive before the request,
    and the reply is exactly the file asked for."""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as connection:
        time.sleep(random.uniform(0.0, 0.05))
        connection.setblocking(False)
        try:
            early = connection.recv(65536)
        except BlockingIOError:
            early = None
        connection.setblocking(True)
        connection.settimeout(60)
        if early is not None:
            wrong.append(f"a connection that had asked nothing was sent {early[:120]!r}")
            return
        connection.sendall(f"GET /{ASKED} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        reply = b""
        while chunk := connection.recv(65536):
            reply += chunk
    head, _, body = reply.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200 ") or body != expected:
        wrong.append(f"a plain GET was answered {reply[:160]!r} ({len(body)} bytes of body, {len(expected)} expected)")


def play_on(student: Student, stop: threading.Event) -> None:
    """A student who plays every turn of hers until told to stop."""
    while not stop.is_set():
        try:
            if student.my_turn() and not student.keep_the_first():
                student.move()
        except (TimeoutError, StopIteration, KeyError):
            pass
        stop.wait(0.05)


def test_no_connection_receives_another_page_s_messages(tmp_path):
    server = ClassProcess(
        tmp_path / "class",
        *("--tables", "2", "--game", "cutthroat", "--level", "random", "--pace", "0.02", "--seed", "3"),
        *("--absent-after", "600", "--cull-after", "5s"),
    )
    expected = (server.assets / ASKED.removeprefix("_solara/cdn/")).read_bytes()
    wrong: list[str] = []
    stop = threading.Event()
    with server:
        players = [Student(server.url), Student(server.url)]
        for number, student in enumerate(players, start=1):
            student.join(f"Player{number}", JOIN, number)
        playing = [threading.Thread(target=play_on, args=(student, stop), daemon=True) for student in players]
        for thread in playing:
            thread.start()
        cookie = session_cookie(server.url)
        counts = {"pages": 0, "messages": 0, "requests": 0}
        deadline = time.monotonic() + SECONDS
        lock = threading.Lock()

        def pages() -> None:
            while time.monotonic() < deadline:
                with lock:
                    if counts["pages"] >= PAGES:
                        return
                    counts["pages"] += 1
                try:
                    read = open_and_drop(server.url, cookie, random.choice([0.0, 0.02, 0.1, 0.3, 1.0]), wrong)
                except Exception as error:  # a handshake answered with another page's messages, say
                    wrong.append(f"a page could not open: {str(error)[:160]} ({str(error.__cause__)[:160]})")
                    read = 0
                with lock:
                    counts["messages"] += read

        def requests() -> None:
            while time.monotonic() < deadline:
                with lock:
                    if counts["requests"] >= REQUESTS:
                        return
                    counts["requests"] += 1
                try:
                    plain_request(server.port, expected, wrong)
                except OSError as error:
                    wrong.append(f"a plain GET failed: {error!r}")

        workers = [threading.Thread(target=pages) for _ in range(4)] + [
            threading.Thread(target=requests) for _ in range(3)
        ]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join(SECONDS + 120)
        stop.set()
        moves = sum(len(table) for table in (players[0].changes, players[1].changes))
        for student in players:
            student.close()
    print(counts, "table changes seen by the players:", moves)
    assert wrong == [], f"{len(wrong)} wrong of {counts}: {wrong[:5]}"
    assert counts["pages"] >= 200 and counts["requests"] >= 200, f"too few in the time allowed: {counts}"
    assert moves > 20, "the tables played on while the pages came and went"
