"""What one client may ask of the class's server (classroom/web/limits.py): pages per address and in all, the size
of a message, how slow a reader may be, Solara's load page hidden; each refusal in words a student can read."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import struct
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

import pytest
from served_class import JOIN, ClassProcess

from euchre_lesson.classroom.web import limits

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))


def call(app: limits.Limits, kind: str, path: str, address: str, languages: bytes = b"") -> list[dict]:
    """One request or page connection through `app` from `address` (a browser asking for `languages`, its
    Accept-Language): what it was sent (its inner app stays open)."""
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "websocket.connect"} if kind == "websocket" else {"type": "http.request", "body": b""}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": kind, "path": path, "method": "GET", "client": (address, 5000)}
    if languages:
        scope["headers"] = [(b"accept-language", languages)]
    asyncio.run(asyncio.wait_for(app(scope, receive, send), 5))
    return sent


def test_pages_are_counted_per_computer_and_in_all_and_each_refusal_says_what_to_do():
    opened, release = [], threading.Event()

    async def solara(scope, receive, send):  # a page stays open while its connection is served
        opened.append(scope["client"][0])
        if scope["type"] == "websocket":
            await asyncio.get_running_loop().run_in_executor(None, release.wait)

    app = limits.Limits(solara, per_address=3, in_all=5)
    socket_path = limits.PAGE_SOCKET + "abc/channels"
    threads = [
        threading.Thread(target=call, args=(app, "websocket", socket_path, address))
        for address in ["10.0.0.5"] * 3 + ["127.0.0.1"] * 2
    ]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 10
    while sum(app.open_pages.values()) < 5 and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        assert app.open_pages == {"10.0.0.5": 3, "127.0.0.1": 2}
        refused = call(app, "http", "/", "10.0.0.5")  # a fourth page from one computer
        assert refused[0]["status"] == 429
        assert b"This computer already has 3 pages of the class open" in refused[1]["body"]
        assert b"Close the class&#x27;s other tabs on this computer, then reload this page." in refused[1]["body"]
        assert call(app, "websocket", socket_path, "10.0.0.5") == [
            {"type": "websocket.close", "code": 1008, "reason": limits.TOO_MANY_HERE.format(open=3)[:120]}
        ]
        assert call(app, "http", "/_solara/cdn/requirejs@2.3.6/require.js", "10.0.0.5") == []  # its files still come
        full = call(app, "http", "/teacher", "10.0.0.9")  # another computer, but the class has 5 pages open
        assert full[0]["status"] == 429 and b"already has 5 pages open" in full[1]["body"]
        assert b"Traceback" not in full[1]["body"]
    finally:
        release.set()
        for thread in threads:
            thread.join(10)
    assert app.open_pages == {}, "a closed page is counted no more"
    assert call(app, "http", "/", "10.0.0.5") == [] and opened[-1] == "10.0.0.5"


def test_solara_s_load_page_is_no_page():
    app = limits.Limits(lambda scope, receive, send: None)  # type: ignore[arg-type, return-value]
    for path in ("/resourcez", "/resourcez/"):
        sent = call(app, "http", path, "10.0.0.5")
        assert sent[0]["status"] == 404 and limits.NOT_HERE.encode() in sent[1]["body"]


def test_a_refusal_page_speaks_the_language_the_browser_asks_for_first_among_the_class_s():
    """Issue 38: the class's pages' words, a page refused too (no page language is chosen yet: the browser's)."""
    app = limits.Limits(lambda scope, receive, send: None)  # type: ignore[arg-type, return-value]
    french = call(app, "http", "/resourcez", "10.0.0.5", b"de-DE,fr-CA;q=0.8,en;q=0.5")[1]["body"].decode()
    assert '<html lang="fr">' in french and "Il n&#x27;y a pas de page à cette adresse." in french
    assert "<h1>Classe d&#x27;euchre</h1>" in french
    english = call(app, "http", "/resourcez", "10.0.0.5", b"de-DE")[1]["body"].decode()
    assert '<html lang="en">' in english and "There is no page at this address." in english
    app.open_pages["10.0.0.5"] = limits.PAGES_PER_ADDRESS
    said = call(app, "websocket", limits.PAGE_SOCKET + "k/channels", "10.0.0.5", b"et")
    assert said[0]["reason"].startswith("Selles arvutis on juba 12 klassi lehte avatud")


# -- the real server


def websocket_frame(text: str) -> bytes:
    """One masked text frame, as a browser sends it."""
    data, mask = text.encode(), os.urandom(4)
    head = bytes([0x81])
    if len(data) < 126:
        head += bytes([0x80 | len(data)])
    elif len(data) < 65536:
        head += bytes([0x80 | 126]) + struct.pack("!H", len(data))
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", len(data))
    return head + mask + bytes(byte ^ mask[i % 4] for i, byte in enumerate(data))


def raw_page(port: int) -> socket.socket:
    """A page's connection opened by hand, which asks for the app and then reads nothing, ever (a stalled client)."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=60)
    key = base64.b64encode(os.urandom(16)).decode()
    page = uuid.uuid4().hex
    connection.sendall(
        (
            f"GET /jupyter/api/kernels/{uuid.uuid4().hex}/channels?session_id={page} HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += connection.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    from class_clients import Student

    student = Student.__new__(Student)
    sent: list[str] = []
    student.page, student.socket = page, type("S", (), {"send": sent.append})()
    control = uuid.uuid4().hex
    student._send("comm_open", {"comm_id": control, "target_name": "solara.control", "data": {}})
    student._send("comm_msg", {"comm_id": control, "data": {"method": "run", "args": {"path": ""}}})
    for text in sent:
        connection.sendall(websocket_frame(text))
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    return connection


def trickle(port: int, closed_after: list[float]) -> None:
    """A request sent one byte a second, never finished: when the server closed the connection."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        try:
            for byte in b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200:
                connection.sendall(bytes([byte]))
                time.sleep(1.0)
                connection.setblocking(False)
                try:
                    if connection.recv(1) == b"":
                        break
                except BlockingIOError:
                    pass
                finally:
                    connection.setblocking(True)
        except OSError:  # reset by the server
            pass
    closed_after.append(time.monotonic() - started)


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


@pytest.mark.slow
@pytest.mark.posix("reads the server's memory from /proc")
def test_the_real_server_keeps_its_limits(tmp_path):
    from class_clients import Student
    from websockets.exceptions import ConnectionClosed

    with ClassProcess(tmp_path / "class", "--tables", "2", "--cull-after", "5s") as server:
        stalled = raw_page(server.port)  # first: the time it takes to be dropped runs while the rest is checked
        stalled_at = time.monotonic()
        trickled: list[float] = []
        trickling = threading.Thread(target=trickle, args=(server.port, trickled), daemon=True)
        trickling.start()
        for path in ("resourcez", "resourcez?verbose"):
            with pytest.raises(urllib.error.HTTPError) as hidden:
                urllib.request.urlopen(server.url + path, timeout=30)
            assert hidden.value.code == 404 and b"There is no page at this address" in hidden.value.read()

        # A join code of 150 letters on the lessons' route: refused in words, not a server error.
        long_code = json.dumps({"join": "A" * 150, "name": "Ann", "answers": {}}).encode()
        request = urllib.request.Request(server.url + "lessons/answers", data=long_code, method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=30)
        assert refused.value.code in (400, 403) and "join code" in json.loads(refused.value.read())["message"]

        # A message larger than a page may send closes that page's connection only (1009: too big).
        big = Student(server.url)
        big.wait_for(big._seat_keeper)
        big.socket.send("x" * (limits.MESSAGE_LIMIT + 1))
        deadline = time.monotonic() + 30
        while big.socket.protocol.close_rcvd is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert big.socket.protocol.close_rcvd is not None and big.socket.protocol.close_rcvd.code == 1009
        with pytest.raises(ConnectionClosed):
            big.socket.send("and after")
        big.close()

        # Memory per page: pages opened with a short name, then as many with a 16 KB name typed and Join pressed.
        costs = {}
        for name in ("Ann", "A" * 16 * 1024):
            before = rss_kb(server.process.pid)
            pages = [Student(server.url) for _ in range(10)]
            for page in pages:
                keeper = page.wait_for(page._seat_keeper)  # the browser says it keeps no seat: the join form shows
                state = {"method": "update", "state": {"loaded": True}, "buffer_paths": []}
                page._send("comm_msg", {"comm_id": keeper, "data": state})
                page.type_into("Your first name", name)
                page.type_into("Join code", JOIN)
                page.click(page.wait_for(lambda page=page: page.button("^Join$")))
            time.sleep(3)
            costs[len(name)] = (rss_kb(server.process.pid) - before) / len(pages)
            for page in pages:
                page.close()
        print(f"server memory per page: {costs[3]:.0f} KB with a short name, {costs[16384]:.0f} KB with a 16 KB name")
        assert costs[16384] < 4 * 1024, f"a page with a 16 KB name costs {costs[16384]:.0f} KB"

        # A page that stops reading is dropped once its pings go unanswered (the server does not wait for it).
        stalled.settimeout(2 * limits.PING_SECONDS + 30 - (time.monotonic() - stalled_at))
        while stalled.recv(65536):
            pass
        dropped_after = time.monotonic() - stalled_at
        stalled.close()
        trickling.join(limits.ASKING_SECONDS + 30)
        printed = server.printed()
    print(f"a stalled page was dropped after {dropped_after:.0f} s, a request sent a byte a second after {trickled}")
    assert trickled and trickled[0] <= limits.ASKING_SECONDS + 5, "uvicorn alone waits for ever"
    assert dropped_after <= 2 * limits.PING_SECONDS + 8, "uvicorn alone waits 40 s"
    assert "Traceback" not in printed, printed[-3000:]
