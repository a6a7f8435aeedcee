"""Each answer reported to the class's server as it is judged, under the learner's first name, never holding a lesson.

A learner links their lessons to the class once, on the contents page: first name, the server's address (the teacher
may set it for everyone in $EUCHRE_LESSON_CLASS_SERVER) and the join code. The link is kept beside their progress, so
every lesson finds it. From then on each answer judged goes to the server from a thread of its own, with a short
timeout; one that cannot be sent waits and is sent again with the next. The learner's own progress is kept whatever
the server does. What is sent is the first name, the join code, the key the class gave the lessons when they joined
(a report is matched to its learner by the key, never by the name), and per exercise: right once or not, how many
tries, and whether the first try was right.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import NamedTuple

from ..engine import checks, language
from ..engine.errors import FileRefused, JsonRefused, NotationError, excerpt
from ..engine.files import as_text, parse_json, read_regular, write_atomically
from ..engine.formats import check, fits
from ..engine.language import _
from ..engine.threads import thread_in_context
from .class_formats import (
    CLASS_LINK,
    LESSON_REPORT,
    LINK_KIND,
    LONGEST_ADDRESS,
    REPLY_LIMIT,
    REPORT_REPLY,
    one_spelling,
)
from .joining import first_name, join_key, typed_join_code
from .positions import Position, position_from

ENVIRONMENT = "EUCHRE_LESSON_CLASS_SERVER"  # the class server's address, as the teacher sets it for every learner
LINK_FILE = "class_server.json"  # beside progress.json: the learner's link to the class
ROUTE = "lessons/answers"  # where the class's server takes reports, under its address
TIMEOUT = 3.0  # seconds a report may take: the server is on the school's network
RETRY_AFTER = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)  # seconds between tries while the server cannot be reached
LINK_LIMIT = 4096  # bytes of the link file read at most
OLD_LINK = (
    "Your lessons were linked to the class before the class gave each learner a key, so your answers are not sent: "
    "press Leave, then Join again."
)
# The static site's Python (Pyodide, in the page's worker) has no sockets (urllib's would try a WebSocket to the
# server, which never reaches it as a request) and no threads: there a report goes by the browser's own request.
IN_A_BROWSER = sys.platform == "emscripten"
CLASS_MARK = "lessons/class.json"  # under a class's server's address: says it is one (lessons it serves find it)
CLASS_KIND = "euchre_lesson class's server"


class Link(NamedTuple):
    """Where the learner's answers go: the server's address, the join code, the learner's first name as the class
    shows it, and the key the class gave these lessons when they joined ('' before they have joined)."""

    server: str
    join: str
    name: str
    token: str = ""

    def __repr__(self) -> str:  # never prints the key: a log or a traceback must not give a learner's answers away
        return f"Link({self.server!r}, {self.join!r}, {self.name!r})"


def server_address(address: object) -> str:
    """The class server's address as typed ('192.168.1.20:8765' or 'http://...'), made whole: 'http://.../'."""
    text = address.strip() if isinstance(address, str) else ""
    if text and "://" not in text:
        text = "http://" + text
    parts = urllib.parse.urlsplit(text) if text and len(text) <= LONGEST_ADDRESS and text.isascii() else None
    try:
        good = (
            parts is not None
            and parts.scheme in ("http", "https")
            and parts.hostname
            and parts.port is not None
            and not parts.username
            and not parts.query
            and not parts.fragment
            and " " not in text
        )
    except ValueError:  # a port that is not a number
        good = False
    if not good or parts is None:
        raise NotationError(
            "server",
            _(
                "Write the class server's address as your teacher gave it, such as 192.168.1.20:8765 (the machine "
                "and its port); not {address}."
            ).format(address=excerpt(address)),
        )
    return f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}/"


def default_server() -> str:
    """The address the teacher set for every learner ($EUCHRE_LESSON_CLASS_SERVER); in the browser, the page's own
    address where the class's server serves the lessons; or '' when there is neither."""
    try:
        return server_address(os.environ.get(ENVIRONMENT, ""))
    except NotationError:
        return _class_serving_this_page() if IN_A_BROWSER else ""


def _class_serving_this_page() -> str:
    """The page's own address when a class's server serves it (it answers CLASS_MARK there), else ''."""
    try:
        import js  # type: ignore[import-not-found]  # Pyodide's door to the page (its worker's location)

        location = js.location
        port = str(location.port) or ("443" if str(location.protocol) == "https:" else "80")
        address = server_address(f"{location.protocol}//{location.hostname}:{port}")
        status, body = _browser_request("GET", address + CLASS_MARK)
        said = parse_json(as_text(body), 8, 4)  # positions nest a hand record's deal: 8 levels
        return address if status == 200 and isinstance(said, dict) and said.get("kind") == CLASS_KIND else ""
    except Exception:  # not served by a class's server, or not answering: the learner types the address
        return ""


# -- the link, kept beside the learner's progress ---------------------------------------------------------------


def _link_path(folder) -> Path:
    """The link file in the progress folder `folder`."""
    return checks.path("folder", folder, "the learner's progress folder", empty=False) / LINK_FILE


def read_link(folder: Path) -> Link | None:
    """The link kept in the progress folder, or None where there is none (or it cannot be read)."""
    try:
        data = parse_json(as_text(read_regular(_link_path(folder), LINK_LIMIT, follow_links=False)), 3, 3)
        if not fits(CLASS_LINK, data):
            return None
        token = data.get("token", "")  # none in a link kept before the class gave keys: its reports are refused
        return Link(server_address(data["server"]), typed_join_code(data["join"]), first_name(data["name"]), token)
    except (FileRefused, JsonRefused, NotationError, OSError, TypeError):
        return None


class Sent(NamedTuple):
    """A report the class kept, and positions its coach found mistaken at the class's tables, for the review."""

    positions: tuple[Position, ...]


def link_lessons(folder: Path, name, server, code, answers: dict, reporter: ClassReporter) -> str:
    """Link the learner's lessons to the class: ask the server, keep the link if it says yes, and say so in words.

    `answers` are the learner's answers so far (id to correct, tries, first), sent at once; `reporter` sends the
    answers to come. A server that says no, or does not answer, is a NotationError in words, and nothing is linked."""
    checks.instance("reporter", reporter, ClassReporter, "the lesson's ClassReporter (teach.context)")
    path, link = _link_path(folder), Link(server_address(server), typed_join_code(code), first_name(name))
    if not isinstance(answers, dict):
        raise NotationError("answers", f"answers must be the learner's answers by exercise, not {excerpt(answers)}.")
    kept = read_link(folder)
    if kept is not None and kept.token and (kept.server, join_key(kept.join)) == (link.server, join_key(link.join)):
        link = kept  # joined this class before: the same key again, so the class keeps one row for the learner
    try:
        said = reporter.post(link, answers)  # joining: no key yet, so the class gives one
        if isinstance(said, str) and link.token:  # the class knows the key no more (started afresh): join anew
            link = link._replace(name=first_name(name), token="")
            said = reporter.post(link, answers)
    except OSError:
        raise NotationError(
            "server",
            _(
                "The class's server at {server} did not answer. Check the address with your teacher (the server "
                "must be running), then press Join again. Your answers are kept here meanwhile."
            ).format(server=link.server),
        ) from None
    if isinstance(said, str):
        raise NotationError("server", said)
    if (said is None or isinstance(said, Sent)) and link.token:  # the class took them under the key it gave before
        said = link
    if not isinstance(said, Link) or not said.token:
        raise NotationError(
            "server",
            _(
                "The class's server at {server} took the answers but gave these lessons no key to send the next "
                "with: it is older than these lessons. Ask your teacher to start the class's server of this release."
            ).format(server=link.server),
        )
    link = said
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        record = check(CLASS_LINK, {"kind": LINK_KIND, **link._asdict()})  # as read_link will read it
        write_atomically(path, json.dumps(record, ensure_ascii=False), private=True)
    except (OSError, FileRefused) as error:
        raise NotationError(
            "folder",
            _(
                "Your teacher's server said yes, but the link could not be kept beside your progress in {folder} "
                "({why}), so the lessons cannot send your answers."
            ).format(folder=excerpt(str(path.parent), 200, str), why=getattr(error, "strerror", None) or error),
        ) from None
    reporter.sent_by_this_kernel.add(link)
    return _("You are in, {name}: from now on each answer you give reaches your teacher's page.").format(name=link.name)


def unlink_lessons(folder: Path) -> None:
    """Stop reporting to the class: the link kept beside the progress is removed."""
    path = _link_path(folder)
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    except OSError as error:
        raise NotationError(
            "folder", _("The link to the class could not be removed ({why}).").format(why=error.strerror)
        ) from None


# -- sending, in a thread of its own ----------------------------------------------------------------------------


# Straight to the class's server, on the school's network: a web proxy set for the internet would not reach it.
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def lesson_report(link: Link, answers: dict) -> dict:
    """The report sent to the class: the join code, the first name, the lessons' key ('' to join: the class gives one)
    and the answers (see class_formats)."""
    checks.instance("link", link, Link, "a Link, as read_link gives")
    checks.instance("answers", answers, dict, "the answers by exercise, as a dict")
    return {"join": link.join, "name": link.name, "token": link.token, "answers": answers}


def _post(link: Link, answers: dict) -> str | Link | Sent | None:
    """Send one report; None when the server took it (Sent, with positions from the class's tables for the review,
    if it sent some), its refusal in words when it said no; to join (a link with no key yet), the link the server
    gave: the name the class shows and the key.

    OSError when the server cannot be reached or does not answer in time."""
    report = lesson_report(link, answers)
    if not fits(LESSON_REPORT, report):
        return "These answers cannot be sent: they are not answers to the lessons' exercises."
    body = json.dumps(report, ensure_ascii=False).encode("utf-8")
    if IN_A_BROWSER:
        return _post_from_browser(link, body)
    headers = {"Content-Type": "application/json", "Accept-Language": language.language()}  # the reply in it
    request = urllib.request.Request(link.server + ROUTE, data=body, method="POST", headers=headers)
    try:
        with _DIRECT.open(request, timeout=TIMEOUT) as reply:
            return _understood(link, reply.status, reply.read(REPLY_LIMIT))
    except urllib.error.HTTPError as error:
        return _understood(link, error.code, error.read(REPLY_LIMIT))
    except ValueError as error:  # an address urllib cannot use after all
        return f"The class server's address {link.server} cannot be used ({error})."


def _answer(link: Link, said: dict | None) -> str | Link | Sent | None:
    """What the server's reply says: None (kept; Sent where it sent positions for the review), its refusal in words,
    or to a lesson joining, its link."""
    if said is None:  # not JSON of the reply's format: what answered is not a class's server
        return _elsewhere(link)
    if not said["kept"]:
        return str(said["message"])
    if link.token or not said.get("token"):
        positions = []
        for record in said.get("positions", ()):
            try:
                positions.append(position_from(record))
            except ValueError:  # one that cannot be dealt again here is left out: the others still come back
                continue
        return Sent(tuple(positions)) if positions else None
    try:
        return link._replace(name=first_name(said.get("name", link.name)), token=said["token"])
    except NotationError:  # a name the class gave that is no first name: not a class's server of this release
        return _elsewhere(link)


def _browser_request(method: str, url: str, body: bytes | None = None) -> tuple[int, bytes]:
    """One request from the browser's Python by the browser's XMLHttpRequest: the status and the reply's first
    4 KB; OSError when nothing answered in time (or the server's answer is not for this page: CORS)."""
    import js  # Pyodide's, in the browser only
    from pyodide.ffi import JsException  # type: ignore[import-not-found]

    request = js.XMLHttpRequest.new()
    request.open(method, url, False)  # waits for the answer: the kernel runs in a worker, where that is allowed
    request.timeout = int(TIMEOUT * 1000)
    if body is not None:
        request.setRequestHeader("Content-Type", "application/json")
        request.setRequestHeader("Accept-Language", language.language())  # the server's reply in the lesson's
    try:
        request.send(None if body is None else body.decode("utf-8"))
    except JsException as error:
        raise OSError(f"nothing answered at {url} ({error})") from None
    if not request.status:
        raise OSError(f"nothing answered at {url}")
    return int(request.status), str(request.responseText).encode("utf-8")[:REPLY_LIMIT]


def _post_from_browser(link: Link, body: bytes) -> str | Link | Sent | None:
    """_post in the browser: the same answers read from the same replies."""
    return _understood(link, *_browser_request("POST", link.server + ROUTE, body))


def _understood(link: Link, status: int, body: bytes) -> str | Link | Sent | None:
    """What the server's reply of `status` with `body` says (see _post); OSError when the server failed."""
    if status >= 500:
        raise OSError(f"the class's server failed ({status})")
    said = _reply(body)
    if status < 300:
        return _answer(link, said)
    if said is not None and 400 <= status < 500 and not said["kept"]:
        return said["message"]
    return _elsewhere(link)  # what answered is not a class's server


def _reply(body: bytes) -> dict | None:
    """The class's server's reply ({"kept", "message"}), or None where what answered is not a class's server."""
    try:
        said = parse_json(as_text(body), 8, 4)  # positions nest a hand record's deal: 8 levels
    except (FileRefused, JsonRefused):
        return None
    return said if fits(REPORT_REPLY, said) else None


def _elsewhere(link: Link) -> str:
    return _(
        "The address {address} is not your class's server (what answered there is something else): check the "
        "address with your teacher."
    ).format(address=link.server)


class ClassReporter:
    """Answers waiting to be sent to the class, and the thread that sends them: each exercise's latest state.

    One per lesson's context (teach/context): a test, or a second learner in one process, has its own."""

    def __init__(self, post=_post):
        if not callable(post):
            raise NotationError("post", f"post must be a function called as post(link, answers), not {excerpt(post)}.")
        self.post = post
        self.waiting: dict[Link, dict] = {}  # per link, exercise id to its latest state
        self.sent_by_this_kernel: set[Link] = set()  # links this kernel has sent everything known to
        self.refused = ""  # the server's last refusal, in words, for the contents page to show
        self.keepers: dict[Link, object] = {}  # per link, where the positions the class sends go: the review
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False

    def __repr__(self) -> str:
        return f"ClassReporter({len(self.waiting)} links waiting)"

    def answered(self, folder: Path, changed: dict, everything, keep=None) -> None:
        """Send the answers just judged (id to state) to the class, if the learner linked their lessons to it.

        A kernel's first report sends `everything()` known too, so an answer a kernel that ended could not send
        still arrives. The positions the class's reply sends from its tables go to `keep(position)` (the learner's
        progress: their review). Never raises, never waits."""
        try:
            link = read_link(folder)
            if link is None:
                return
            if keep is not None:
                self.keepers[link] = keep
            if link not in self.sent_by_this_kernel:
                self.sent_by_this_kernel.add(link)
                changed = {**everything(), **changed}
            self.report(link, changed)
        except Exception:  # reporting must never stop a lesson: the learner's own progress is kept regardless
            pass

    def report(self, link: Link, answers: dict) -> None:
        """Queue these answers (id to correct, tries, first) for `link`; returns at once."""
        checks.instance("link", link, Link, "a Link, as read_link gives")
        checks.instance("answers", answers, dict, "the answers by exercise, as a dict")
        if not link.token:  # a link kept before the class gave keys: sent, it would join again, so it is not sent
            self.refused = OLD_LINK
            return
        answers = {key: one for key, one in answers.items() if one_spelling(key)}  # what the class reads, alone
        with self._changed:
            self.waiting.setdefault(link, {}).update(answers)
            if IN_A_BROWSER:  # no threads there: sent on the kernel's event loop, once the answer is shown
                _soon(self._send_once)
            elif self._thread is None or not self._thread.is_alive():
                # in this context: the lesson's language, which the replies are asked in
                self._thread = thread_in_context(self._run, "class-report")
            self._changed.notify_all()

    def wait(self, seconds: float) -> bool:
        """Wait until every answer queued has been sent or refused (for tests); whether they all were."""
        if IN_A_BROWSER:  # one thread: what waits is sent now
            self._send_once()
            return not self.waiting
        with self._changed:
            return self._changed.wait_for(lambda: not self.waiting and not self._busy, seconds)

    def _send_once(self) -> None:
        """In the browser: every answer waiting sent once; those that cannot be sent wait for the next answer."""
        with self._changed:
            waiting, self.waiting = self.waiting, {}
        for link, answers in waiting.items():
            try:
                refused = self.post(link, answers)
            except Exception:
                with self._changed:
                    self.waiting[link] = {**answers, **self.waiting.get(link, {})}  # newer ones win
                continue
            self._keep_sent(link, refused)
            self.refused = refused if isinstance(refused, str) else ""

    def _run(self) -> None:
        failures = 0
        while True:
            with self._changed:
                self._changed.wait_for(lambda: self.waiting)
                link = next(iter(self.waiting))
                answers = self.waiting.pop(link)
                self._busy = True
            try:
                said = self.post(link, answers)
            except Exception:  # unreachable, slow, or anything else: the answers wait for the next try
                with self._changed:
                    self.waiting[link] = {**answers, **self.waiting.get(link, {})}  # newer ones win
                    self._busy = False
                    self._changed.wait(RETRY_AFTER[min(failures, len(RETRY_AFTER) - 1)])
                failures += 1
                continue
            failures = 0
            self._keep_sent(link, said)
            with self._changed:
                self.refused = said if isinstance(said, str) else ""
                self._busy = False
                self._changed.notify_all()

    def _keep_sent(self, link: Link, said: object) -> None:
        """The positions a reply sent from the class's tables, each kept for the learner's review (never raises: a
        position not kept is one fewer to review, and the answers were kept all the same)."""
        keep = self.keepers.get(link)
        if not isinstance(said, Sent) or not callable(keep):
            return
        for position in said.positions:
            try:
                keep(position)
            except Exception:  # the progress could not be written just now: the lesson goes on
                continue


def _soon(work) -> None:
    """Call `work()` on the kernel's event loop as soon as it is free (at once where there is no loop)."""
    try:
        asyncio.get_event_loop().call_soon(work)
    except RuntimeError:
        work()
