"""The class's server: one process holds the class and serves its pages with Solara's server (production mode).

The class (a Classroom) lives in this process, beside Solara's virtual kernels, one a browser page: every page
reads the same tables, handed to it as the server starts (a ServedClass, in the page's context). A pacer thread
makes the computer players' moves when each table's pace says they are due.
"""

from __future__ import annotations

import contextlib
import io
import socket
import threading
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ...engine.language import _
from ..classroom import Classroom
from . import solara_door
from .served import ServedClass

PAGES = "euchre_lesson.classroom.web.pages"
ASSETS = Path(".venv") / "classroom-assets"  # where `make classroom` keeps Solara's front-end files
CULL_AFTER = "30s"  # a page gone this long is closed (Solara keeps one 24 hours): its seat counts as away


def addresses(host: str, port: int) -> list[str]:
    """The addresses students can open: the machine's own on the local network when serving every interface."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"http://{host}:{port}/"]
    found = []
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:  # a datagram socket's connect sends nothing: it only picks the interface a route would use
        probe.connect(("10.255.255.255", 1))
        found.append(probe.getsockname()[0])
    except OSError:
        pass
    finally:
        probe.close()
    with contextlib.suppress(OSError):  # a machine without a name on the network: its route's address alone
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    local = [ip for ip in dict.fromkeys(found) if not ip.startswith("127.")]
    return [f"http://{ip}:{port}/" for ip in local] or [f"http://127.0.0.1:{port}/"]


def qr_text(url: str) -> str:
    """The address as a QR code drawn with text blocks, for the terminal."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def qr_svg(url: str, scale: int = 5, fill: bool = False) -> str:
    """The address as a QR code in SVG, for the teacher's page; with `fill`, of no size of its own: it fills the box
    it is drawn in (the join screen sizes it to the projector)."""
    import segno

    return segno.make(url, error="m").svg_inline(
        scale=scale, dark="#000", light="#fff", omitsize=fill, title=_("QR code of the address {url}").format(url=url)
    )


class Pacer:
    """Calls each table's step() when a computer player's move is due, a few tables thinking at once."""

    def __init__(self, room: Classroom, tick: float = 0.05):
        self.room, self.tick = room, tick
        self.stopped = threading.Event()
        self._pool = ThreadPoolExecutor(max_workers=4, thread_name_prefix="computer-player")
        self._thread = threading.Thread(target=self._run, name="pacer", daemon=True)

    def start(self) -> Pacer:
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self.stopped.wait(self.tick):
            for table in self.room.tables:
                if table.due() == 0.0 and any(table.seats):  # a table nobody sits at waits for its students
                    self._pool.submit(table.step)  # a table thinks one move at a time (ClassTable.step)

    def stop(self) -> None:
        self.stopped.set()
        self._pool.shutdown(wait=False, cancel_futures=True)


def serve(
    room: Classroom,
    host: str,
    port: int,
    assets: Path = ASSETS,
    cull_after: str = CULL_AFTER,
    say: Callable[[str], None] = lambda line: print(line, flush=True),
) -> None:
    """Serve `room` at host:port until interrupted: print the addresses, the codes and the QR code first."""
    from .assets import fetch, missing

    if missing(assets):
        say(f"Fetching Solara's front-end files into {assets} (once; after that the class runs offline).")
        fetch(assets)
    solara_door.set_up(PAGES, Path(assets), cull_after)
    served = ServedClass.of(room, addresses(host, port))
    say("The class's server is starting. Students open:")
    for url in served.addresses:
        say(f"    {url}")
    say(f"Join code: {room.join_code}")
    say(f"Teacher's page: {served.join}teacher   teacher code: {room.teacher_code}")
    say(qr_text(served.join))
    say("Ctrl-C stops the class's server; started again, it restores every table, seat and score.")
    # uvicorn calls websockets' own protocol deprecated (its sans-I/O one is to take the name), but the pages'
    # messages are written through this one (wire.py): the warning would only puzzle a teacher reading the terminal
    warnings.filterwarnings("ignore", message="The `websockets` implementation is deprecated")
    from .assets import page_files
    from .doors import teacher_routes
    from .lesson_site import lesson_routes
    from .progress_page import answers_route

    # the lessons at /lessons/, their answers coming in at /lessons/answers; the teacher's cookie at /teacher/...
    lessons = lesson_routes(answers_route(served.reports, served.doors.join), served.addresses, say=say)
    pacer = Pacer(room).start()
    try:  # the page files, read-only, at /_solara/cdn
        solara_door.serve(served, host, port, routes=[*lessons, *teacher_routes(served), page_files(assets)])
    finally:
        pacer.stop()
