"""Scripted students that speak to the class's server as a browser's widget manager does, without drawing a page.

Each Student opens the page's websocket (the Jupyter kernel protocol Solara serves), asks for the app as Solara's
front end does, and keeps every widget's state as the server sends it: it clicks a button by sending the click
event a browser sends, and types by sending the new value. A thread reads the socket and notes the moment the
story of the hand changes, so the time from one student's click to another student's page knowing it is the
server's alone: the drawing a browser adds happens on each student's own device, not on the teacher's laptop.
"""

from __future__ import annotations

import contextlib
import json
import re
import threading
import time
import urllib.request
import uuid

from solara.server.kernel import deserialize_binary_message
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


def now_ms() -> float:
    return time.time() * 1000


class Student:
    """One browser page of the class (`path`: "" a student's, "teacher" the teacher's), as its widget manager sees
    it: the widgets' states, every message, and the story's changes."""

    def __init__(self, url: str, path: str = ""):
        with urllib.request.urlopen(url + path, timeout=30) as response:  # the page sets the session's cookie
            cookie = "; ".join(
                value.split(";")[0] for key, value in response.headers.items() if key.lower() == "set-cookie"
            )
        self.page = uuid.uuid4().hex
        address = url.replace("http", "ws", 1) + f"jupyter/api/kernels/{uuid.uuid4().hex}/channels"
        self._open = contextlib.ExitStack()
        self.socket = self._open.enter_context(
            connect(f"{address}?session_id={self.page}", max_size=None, additional_headers={"Cookie": cookie})
        )
        self.widgets: dict[str, dict] = {}
        self.lock = threading.Condition()
        self.moment = None
        self.changes: list[float] = []  # when the table view's picture moved on, in milliseconds since the epoch
        self.received: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        control = uuid.uuid4().hex
        self._send("comm_open", {"comm_id": control, "target_name": "solara.control", "data": {}})
        self._send(
            "comm_msg",
            {"comm_id": control, "data": {"method": "run", "args": {"path": path, "appName": "__default__"}}},
        )

    def _send(self, kind: str, content: dict) -> None:
        self.socket.send(
            json.dumps(
                {
                    "header": {
                        "msg_id": uuid.uuid4().hex,
                        "msg_type": kind,
                        "session": self.page,
                        "username": "",
                        "date": "",
                        "version": "5.3",
                    },
                    "parent_header": {},
                    "metadata": {},
                    "content": content,
                    "channel": "shell",
                    "buffers": [],
                }
            )
        )

    def _read(self) -> None:
        while True:
            try:
                raw = self.socket.recv()
            except ConnectionClosed:
                return
            message = json.loads(raw) if isinstance(raw, str) else deserialize_binary_message(raw)
            content, kind = message["content"], message["msg_type"]
            with self.lock:
                self.received.append(json.dumps(content, ensure_ascii=False))
                if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                    self.widgets[content["comm_id"]] = dict(content["data"]["state"])
                elif kind == "comm_msg" and content["data"].get("method") == "update":
                    self.widgets.setdefault(content["comm_id"], {}).update(content["data"]["state"])
                elif kind == "comm_close":
                    self.widgets.pop(content["comm_id"], None)
                else:
                    continue
                moment = self.picture().get("moment")
                if moment != self.moment:  # the table view drew the table at a new moment
                    self.moment = moment
                    self.changes.append(now_ms())
                self.lock.notify_all()

    def html(self) -> list[str]:
        """The HTML of every block of words on the page (read under the lock: the receiving thread adds widgets)."""
        with self.lock:  # a Condition over an RLock: the receiving thread, holding it already, may call this too
            return [state["unsafe_innerHTML"] or "" for state in self.widgets.values() if "unsafe_innerHTML" in state]

    def _table_view(self) -> tuple[str, dict] | None:
        """The page's table view: (its widget, its state)."""
        with self.lock:
            return next(((key, state) for key, state in self.widgets.items() if "picture" in state), None)

    def picture(self) -> dict:
        """The picture the page's table view draws now ({} before it has one)."""
        found = self._table_view()
        return dict(found[1]["picture"] or {}) if found else {}

    def hand_number(self) -> int:
        """The hand in play, as the table view's title names it ('Cutthroat Euchre · ... · table 1 · hand 2')."""
        match = re.search(r"hand (\d+)", self.picture().get("title") or "")
        return int(match.group(1)) if match else 0

    def seat(self) -> int:
        """The seat this page plays: the one its table view draws at the bottom."""
        return next(seat["seat"] for seat in self.picture()["seats"] if seat["place"] == "bottom")

    def send_click(self, card: str | None = None, key: str | None = None, moment: int | None = None) -> float:
        """Click a card or a button of the table view, as its script sends it (for the moment drawn unless told)."""
        clicked = now_ms()
        widget, state = self._table_view()
        drawn = state["picture"]["moment"] if moment is None else moment
        self._send(
            "comm_msg",
            {"comm_id": widget, "data": {"method": "custom", "content": {"moment": drawn, "card": card, "key": key}}},
        )
        return clicked

    def _buttons(self) -> list[tuple[str, str, str]]:
        """Each button on the page: (its widget, its words, its classes)."""
        with self.lock:
            return [
                (key, " ".join(map(str, state.get("children") or [])), state.get("class_") or "")
                for key, state in self.widgets.items()
                if state.get("_model_name") == "BtnModel"
            ]

    def wait_for(self, found, timeout: float = 60.0):
        """The first truthy answer of found() over the page's widgets, waiting for the server's messages."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while not (answer := found()):
                if not self.lock.wait(max(0.0, deadline - time.monotonic())):
                    raise TimeoutError("the page never showed what the student waited for")
            return answer

    def click(self, widget: str) -> float:
        """Click a button, as a browser sends it; the moment of the click."""
        clicked = now_ms()
        self._send(
            "comm_msg", {"comm_id": widget, "data": {"method": "custom", "content": {"event": "click", "data": {}}}}
        )
        return clicked

    def button(self, words: str) -> str | None:
        pattern = re.compile(words)
        return next((key for key, said, _ in self._buttons() if pattern.search(said)), None)

    def type_into(self, label: str, words: str) -> None:
        key = self.wait_for(
            lambda: next((key for key, state in self.widgets.items() if state.get("label") == label), None)
        )
        self._send(
            "comm_msg", {"comm_id": key, "data": {"method": "update", "state": {"v_model": words}, "buffer_paths": []}}
        )

    def join(self, name: str, code: str, table: int) -> None:
        """Open the class (its seat keeper finds no token), join by name and code, and sit at `table`."""
        keeper = self.wait_for(self._seat_keeper)
        self._send(
            "comm_msg", {"comm_id": keeper, "data": {"method": "update", "state": {"loaded": True}, "buffer_paths": []}}
        )
        self.type_into("Your first name", name)
        self.type_into("Join code", code)
        self.click(self.wait_for(lambda: self.button("^Join$")))
        self.click(self.wait_for(lambda: self.button(f"^Sit at table {table} ")))
        self.wait_for(lambda: self.picture().get("seats"))

    def _seat_keeper(self) -> str | None:
        """The page's seat keeper: an anywidget whose script keeps the seat's token in the browser."""
        return next(
            (
                key
                for key, state in self.widgets.items()
                if "loaded" in state and "seat-keeper" in (state.get("_esm") or "")
            ),
            None,
        )

    def shows(self, words: str) -> bool:
        """Whether some block of the page holds `words`."""
        with self.lock:
            return any(words in html for html in self.html())

    def my_turn(self) -> bool:
        return bool(self.picture().get("your_turn"))

    def _mine(self) -> list[dict]:
        """The cards of this seat's hand in the picture."""
        return next((seat["cards"] for seat in self.picture().get("seats", []) if seat["place"] == "bottom"), [])

    def keep_the_first(self) -> bool:
        """If this seat must keep cards (the dummy, T5): click the first it may keep, one by one as the picture shows
        each chosen, then Keep; whether it had to."""
        wanted = self.picture().get("keep", 0)
        if not wanted:
            return False
        for chosen in range(wanted):
            card = next(card["id"] for card in self._mine() if card["legal"] and not card["chosen"])
            self.send_click(card=card)
            self.wait_for(lambda: sum(card["chosen"] for card in self._mine()) > chosen)  # noqa: B023 (called within this iteration)
        keep = self.wait_for(
            lambda: next((b["key"] for b in self.picture()["buttons"] if b["kind"] == "keep" and b["enabled"]), None)
        )
        self.send_click(key=keep)
        return True

    def messages(self) -> list[str]:
        """Every message the server sent this page, as text (escapes undone: a card reads 9♠, not \\u2660)."""
        with self.lock:
            return list(self.received)

    def move(self) -> float | None:
        """Click a move, a bid that is not a pass, else a legal card: the moment of the click, or None if there was
        none to click (this seat must keep five cards)."""
        picture = self.picture()
        bids = [button for button in picture.get("buttons", []) if button["kind"] == "bid" and button["enabled"]]
        if bids:
            chosen = next((button for button in bids if not button["words"].lower().startswith("pass")), bids[0])
            return self.send_click(key=chosen["key"])
        card = next((card["id"] for card in self._mine() if card["legal"]), None)
        return None if card is None or picture.get("keep") else self.send_click(card=card)

    def changed_after(self, moment: float, timeout: float = 30.0) -> float:
        """When the story first changed at or after `moment`."""
        return self.wait_for(lambda: next((t for t in self.changes if t >= moment), None), timeout)

    def close(self) -> None:
        self._open.close()
