"""The one door to Solara's server internals: what the class's pages need of Solara beyond its public API.

Solara's public API draws a page (components, state, effects, routes). The class needs eight things more, and they
are all here, so an upgrade of Solara is checked in one place (tests/test_solara_door.py, against the version pinned
exactly in pyproject.toml):
- its settings, given through environment variables before Solara is imported (it reads them then);
- the page template, which names the front-end files a page loads (assets.py keeps them for offline use);
- the class handed to each page: bound when the server starts, placed in each page's kernel as Solara starts it;
- a redraw sent from another thread (the one that changed a table) to a page: on the page's event loop, inside its
  kernel, under its lock (`kernel_context`, a kernel's `event_loop`, `lock` and `on_close`), the route free of races
  (ARCHITECTURE.md, "Why the code is as it is");
- routes of the class's own (the lessons' answers, the page files) ahead of the pages, in Solara's Starlette app,
  and Solara's CDN proxy taken out of it (it fetched missing files from the internet and deleted folders);
- each page's messages written by the event loop onto that page's connection only (wire.py), not from the page's
  thread to a file descriptor's number, which the system gives the next connection once a page closes;
- the network address a page is open from (its websocket's peer), so wrong codes are counted per computer;
- the languages the browser asked for as it opened the page (its websocket's language cookie and Accept-Language),
  the page's first.

Nothing here imports Solara at the top: importing this module must leave Solara's settings unread.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solara.server.kernel_context import VirtualKernelContext

    from .served import ServedClass

SLOT = "euchre_lesson.classroom"  # this package's entry in each page's kernel (a kernel's user_dicts)
NOT_SERVED = "No class is served to this page: start one with python -m euchre_lesson.classroom."


def set_up(app: str, assets: Path, cull_after: str) -> None:
    """Solara's settings, through its environment variables, before Solara is imported (it reads them then)."""
    os.environ["SOLARA_APP"] = app
    os.environ["SOLARA_MODE"] = "production"
    os.environ["SOLARA_ASSETS_PROXY"] = "True"
    os.environ["SOLARA_ASSETS_PROXY_CACHE_DIR"] = str(Path(assets).resolve())
    os.environ["SOLARA_ASSETS_FONTAWESOME_ENABLED"] = "False"  # icons come from a CDN: the pages use none
    os.environ["SOLARA_KERNEL_CULL_TIMEOUT"] = cull_after
    os.environ["SOLARA_TELEMETRY_MIXPANEL_ENABLE"] = "False"  # nothing leaves the school's network
    os.environ["SOLARA_THEME_SHOW_BANNER"] = "False"  # "This website runs on Solara" covered the teacher's buttons
    # Solara's direct writes (a page's thread writing to its socket's file descriptor) wrote a closed page's messages
    # onto the next connection given that number: off; wire.py writes them on the loop, as fast
    os.environ["SOLARA_SERVER_SYNC_WS_WRITE"] = "False"


def page_template() -> Path:
    """Solara's page template, where the versions of the front-end files it loads are written."""
    spec = importlib.util.find_spec("solara")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError('Solara is not installed: install the class\'s server with pip install ".[classroom]".')
    return Path(spec.submodule_search_locations[0]) / "server" / "templates" / "solara.html.j2"


def bind(served: ServedClass) -> Callable[[], None]:
    """Hand `served` to every page Solara opens from now on; the function returned stops handing it."""
    import solara.lab
    from solara.server import kernel_context

    def hand_over() -> None:  # Solara calls this inside each new page's kernel, as it starts it
        kernel_context.get_current_context().user_dicts[SLOT] = {"served": served}

    return solara.lab.on_kernel_start(hand_over)


def served() -> ServedClass:
    """The class this page is served (called while Solara draws a page, inside the page's kernel)."""
    from solara.server import kernel_context

    if not kernel_context.has_current_context():
        raise RuntimeError(NOT_SERVED)
    kept = kernel_context.get_current_context().user_dicts.get(SLOT)
    if kept is None:
        raise RuntimeError(NOT_SERVED)
    return kept["served"]


@dataclass(frozen=True)
class Page:
    """One browser page (Solara's virtual kernel), as the class's pages use it."""

    kernel: VirtualKernelContext

    def soon(self, work: Callable[[], None], after: float = 0.0) -> None:
        """Run `work()` on this page's event loop, inside its kernel and under its lock, `after` seconds from now;
        call from any thread.

        Changing a page's widgets from the thread that changed a table races with the page's own thread; this route
        does not."""
        kernel = self.kernel

        def run() -> None:
            try:
                with kernel.lock, kernel:
                    work()
            except RuntimeError:  # the page disconnected: its kernel catches up when it reconnects
                with kernel:
                    work()

        loop = kernel.event_loop
        if after > 0:
            loop.call_soon_threadsafe(loop.call_later, after, run)
        else:
            loop.call_soon_threadsafe(run)

    def on_close(self, then: Callable[[], None]) -> None:
        """Call `then()` when this page's kernel closes (the page was closed, or gone longer than the cull time)."""
        self.kernel.on_close(then)


def this_page() -> Page:
    """The page Solara is drawing now (called while it draws a page, or in an effect)."""
    from solara.server import kernel_context

    return Page(kernel_context.get_current_context())


def page_address() -> str:
    """The network address of the computer this page is open on (called while Solara draws a page or runs a click);
    '' where it cannot be told (a page drawn in a test, or between two connections)."""
    from solara.server import kernel_context

    if not kernel_context.has_current_context():
        return ""
    session = getattr(kernel_context.get_current_context().kernel, "session", None)
    for socket in list(getattr(session, "websockets", ())):  # the page's connection: Starlette's websocket inside
        client = getattr(getattr(socket, "ws", None), "client", None)
        if client is not None and client.host:
            return str(client.host)
    return ""


def page_languages(kept: str) -> tuple[str, str]:
    """The languages the browser sent as it opened this page's connection: the one its cookie named `kept` holds
    ('et'), and its Accept-Language header ('fr-FR,fr;q=0.9'); '' for either where it cannot be told (a page drawn
    in a test, or between two connections)."""
    from solara.server import kernel_context

    if not kernel_context.has_current_context():
        return "", ""
    session = getattr(kernel_context.get_current_context().kernel, "session", None)
    for socket in list(getattr(session, "websockets", ())):  # the page's connection: Starlette's websocket inside
        headers = getattr(getattr(socket, "ws", None), "headers", None)
        if headers is not None:
            cookies = SimpleCookie()
            try:
                cookies.load(str(headers.get("cookie", ""))[:4000])
            except CookieError:  # a cookie header this reader cannot parse: as if it kept nothing
                cookies.clear()
            chosen = cookies[kept].value[:100] if kept in cookies else ""
            return chosen, str(headers.get("accept-language", ""))[:1000]
    return "", ""


def page_socket(solara_socket: type) -> type:
    """Solara's websocket wrapper, its messages written by the event loop onto its own connection (wire.py)."""
    from .wire import LoopWriter

    class PageSocket(solara_socket):
        """One page's connection: Solara's, its `sync_writer` (which send_text and send_bytes use) the loop's."""

        def __init__(self, ws: Any, portal: Any) -> None:
            super().__init__(ws, portal)
            self.sync_writer = LoopWriter.of(ws)  # None (another server than uvicorn's websockets): Solara's own path

    return PageSocket


def without_cdn_proxy(routes: list[Any]) -> list[Any]:
    """Solara's routes without its CDN proxy, which fetched any missing file from the internet and deleted a folder
    asked for as a file (the class's page files are served read-only from their folder instead: assets.page_files)."""
    from solara.server.starlette import StaticCdn

    return [route for route in routes if not isinstance(getattr(route, "app", None), StaticCdn)]


def serve(served: ServedClass, host: str, port: int, routes: Iterable[Any] = ()) -> None:
    """Serve the pages of `served` at host:port until interrupted, with `routes` (Starlette's) ahead of the pages,
    within the class's limits (limits.py)."""
    import solara.server.settings
    import uvicorn

    from . import limits

    solara.server.settings.main.mode = "production"
    from solara.server import starlette as solara_starlette  # after the mode is set: the app reads it as it is made

    app = solara_starlette.app
    # ahead of Solara's last route, which takes every address for its pages
    app.router.routes[:] = [*routes, *without_cdn_proxy(app.router.routes)]
    # kernel_connection makes each page's connection under this name: it makes the door's from now on
    solara_starlette.WebsocketWrapper = page_socket(solara_starlette.WebsocketWrapper)  # type: ignore[misc,assignment]
    stop_handing = bind(served)
    try:
        # websockets' own protocol (not the sans-I/O one), the one wire.py writes through; no compression: it costs
        # the server more than a school's network gains
        uvicorn.run(
            limits.Limits(app),
            host=host,
            port=port,
            log_level="warning",
            http=limits.patient_http(),
            ws="websockets",
            ws_per_message_deflate=False,
            ws_max_size=limits.MESSAGE_LIMIT,
            ws_ping_interval=limits.PING_SECONDS,
            ws_ping_timeout=limits.PING_SECONDS,
        )
    finally:
        stop_handing()
