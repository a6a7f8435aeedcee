"""The one door to Solara's server internals: what the class's pages need of Solara beyond its public API.

Solara's public API draws a page (components, state, effects, routes). The class needs six things more, and they
are all here, so an upgrade of Solara is checked in one place (tests/test_solara_door.py, against the version pinned
exactly in pyproject.toml):
- its settings, given through environment variables before Solara is imported (it reads them then);
- the page template, which names the front-end files a page loads (assets.py keeps them for offline use);
- the class handed to each page: bound when the server starts, placed in each page's kernel as Solara starts it;
- a redraw sent from another thread (the one that changed a table) to a page: on the page's event loop, inside its
  kernel, under its lock (`kernel_context`, a kernel's `event_loop`, `lock` and `on_close`), the route free of races
  (ARCHITECTURE.md, "Why the code is as it is");
- routes of the class's own (the lessons' answers) ahead of the pages, in Solara's Starlette app;
- the network address a page is open from (its websocket's peer), so wrong codes are counted per computer.

Nothing here imports Solara at the top: importing this module must leave Solara's settings unread.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
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
    if os.name == "posix":  # a page's messages leave from its own thread, not the one loop (POSIX sockets only)
        os.environ["SOLARA_SERVER_SYNC_WS_WRITE"] = "True"


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

    def soon(self, work: Callable[[], None]) -> None:
        """Run `work()` on this page's event loop, inside its kernel and under its lock; call from any thread.

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

        kernel.event_loop.call_soon_threadsafe(run)

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


def serve(served: ServedClass, host: str, port: int, routes: Iterable[Any] = ()) -> None:
    """Serve the pages of `served` at host:port until interrupted, with `routes` (Starlette's) ahead of the pages."""
    import solara.server.settings
    import uvicorn

    solara.server.settings.main.mode = "production"
    from solara.server.starlette import app  # after the mode is set: the app reads it as it is made

    app.router.routes[0:0] = list(routes)  # ahead of Solara's last route, which takes every address for its pages
    stop_handing = bind(served)
    try:
        # websockets' own protocol (not the sans-I/O one), the one Solara can write a page's messages from its thread
        # (SOLARA_SERVER_SYNC_WS_WRITE); no compression: it costs the server more than a school's network gains
        uvicorn.run(app, host=host, port=port, log_level="warning", ws="websockets", ws_per_message_deflate=False)
    finally:
        stop_handing()
