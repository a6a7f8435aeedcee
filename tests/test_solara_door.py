"""The contract between the class's pages and Solara's internals (classroom/web/solara_door.py), against the
version pinned in pyproject.toml (solara==1.64.1).

When upgrading Solara, run this file first; each test names what it relies on. Look at:
- `solara.server.settings` and `solara.settings`: the environment variables set_up() writes still name settings;
- `solara/server/templates/solara.html.j2`: still there, still naming its front-end packages as {{cdn}}/name@version;
- `solara.server.kernel_context`: `get_current_context`, `has_current_context`, and on `VirtualKernelContext` the
  fields `user_dicts` (a dict per kernel), `lock` (a reentrant lock), `event_loop` (the kernel's own loop) and the
  method `on_close`; and that `solara.lab.on_kernel_start` callbacks still run inside each new kernel;
- `solara.server.starlette.app`: its route list ends with the route that takes every address (so the class's own
  routes go first), and its CDN proxy is a route whose app is a `StaticCdn` (taken out);
- `solara.server.starlette.WebsocketWrapper`: made by `kernel_connection` under that global name, and its
  send_text/send_bytes write through `self.sync_writer` when it is set (wire.py's LoopWriter is put there).
Then run tests/browser/test_classroom_in_browser.py and test_classroom_messages.py, which drive the real server.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import tomllib
from pathlib import Path

import pytest

from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.web import solara_door
from euchre_lesson.classroom.web.served import ServedClass

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def served(tmp_path):
    return ServedClass.of(Classroom(tmp_path / "class", level="random", pace=0.0, join="ACDE", teacher="secret"))


def test_solara_is_pinned_at_the_version_this_contract_was_checked_with():
    import solara

    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["classroom"]
    assert f"solara=={solara.__version__}" in extra and f"solara-server[starlette]=={solara.__version__}" in extra


def test_the_settings_the_server_writes_are_the_ones_solara_reads(tmp_path):
    """set_up() gives Solara its settings through environment variables, read as Solara's settings are imported."""
    program = (
        f"from euchre_lesson.classroom.web import solara_door\n"
        f"solara_door.set_up('euchre_lesson.classroom.web.pages', {str(tmp_path)!r}, '30s')\n"
        f"import solara.settings\n"
        f"from solara.server import settings\n"
        f"print(settings.main.mode, solara.settings.assets.proxy, settings.assets.proxy_cache_dir,"
        f" settings.assets.fontawesome_enabled, settings.kernel.cull_timeout,"
        f" settings.telemetry.mixpanel_enable, settings.server.sync_ws_write)\n"
    )
    environment = {name: value for name, value in os.environ.items() if not name.startswith("SOLARA_")}
    read = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**environment, "PYTHONPATH": str(ROOT)},
    )
    assert read.returncode == 0, read.stderr
    assert read.stdout.split() == [
        "production",
        "True",
        str(tmp_path.resolve()),
        "False",
        "30s",
        "False",
        "False",  # Solara's direct writes off: they wrote a closed page's messages onto another connection
    ]


def test_the_page_template_names_the_front_end_files_a_page_loads():
    template = solara_door.page_template().read_text(encoding="utf-8")
    assert "{{cdn}}/@widgetti/solara-vuetify3-app@" in template and "{{cdn}}/requirejs@" in template


def test_each_page_started_after_the_class_is_bound_finds_it_in_its_kernel(served):
    from solara.server import kernel_context

    with pytest.raises(RuntimeError, match="No class is served"):  # outside any page
        solara_door.served()
    stop = solara_door.bind(served)
    try:
        page = kernel_context.create_dummy_context()  # a new kernel: Solara runs on_kernel_start inside it
    finally:
        stop()
    later = kernel_context.create_dummy_context()  # started after the binding stopped
    with page:
        assert solara_door.served() is served
        assert solara_door.this_page().kernel is page
    with later, pytest.raises(RuntimeError, match="No class is served"):
        solara_door.served()


def test_a_redraw_sent_from_another_thread_runs_on_the_page_s_loop_inside_its_kernel_under_its_lock():
    """The route free of races: never a page's widgets changed from the thread that changed a table."""
    from solara.server import kernel_context

    kernel = kernel_context.create_dummy_context()
    kernel.event_loop = asyncio.new_event_loop()  # its own: the main thread's may be one another test left behind
    seen, done = [], threading.Event()
    taken = threading.Event()

    def work():
        seen.append((threading.current_thread() is runner, kernel_context.get_current_context() is kernel))
        other = threading.Thread(target=lambda: kernel.lock.acquire(blocking=False) and taken.set())
        other.start()
        other.join(10)
        done.set()

    runner = threading.Thread(target=kernel.event_loop.run_forever)
    runner.start()
    try:
        sender = threading.Thread(target=lambda: solara_door.Page(kernel).soon(work))
        sender.start()
        sender.join(10)
        assert done.wait(10) and seen == [(True, True)]
        assert not taken.is_set(), "another thread took the page's lock while the redraw ran"
    finally:  # a loop left running would be every later test's trouble
        kernel.event_loop.call_soon_threadsafe(kernel.event_loop.stop)
        runner.join(10)
        kernel.event_loop.close()


def test_a_page_that_closes_tells_those_who_asked():
    """VirtualKernelContext.close() calls each of _on_close_callbacks, last first (a dummy kernel cannot close)."""
    import inspect

    from solara.server import kernel_context

    kernel = kernel_context.create_dummy_context()
    closing = []
    solara_door.Page(kernel).on_close(lambda: closing.append("forget the listener"))
    closing_source = inspect.getsource(kernel_context.VirtualKernelContext.close)
    assert "for f in reversed(self._on_close_callbacks):" in closing_source
    for then in reversed(kernel._on_close_callbacks):
        then()
    assert closing == ["forget the listener"]


def test_the_class_s_own_routes_go_ahead_of_the_route_that_takes_every_address():
    from solara.server.starlette import app

    last = app.router.routes[-1]
    assert isinstance(app.router.routes, list) and last.path == "/{fullpath:path}"
    assert last.matches({"type": "http", "path": "/lessons/answers", "method": "GET"})[0].name == "FULL"


def test_solara_s_cdn_proxy_is_taken_out_and_nothing_else():
    from solara.server.starlette import StaticCdn, app

    kept = solara_door.without_cdn_proxy(app.router.routes)
    assert [route for route in app.router.routes if route not in kept] == [
        route for route in app.router.routes if isinstance(getattr(route, "app", None), StaticCdn)
    ]
    assert len(kept) == len(app.router.routes) - 1, "Solara's routes have exactly one CDN proxy, taken out"


def test_each_page_s_connection_is_made_under_the_name_the_door_replaces_and_writes_through_its_sync_writer():
    """kernel_connection makes `WebsocketWrapper(ws, portal)` by the module's global name, and the wrapper's sends go
    to `self.sync_writer` when it is set: the door's PageSocket sets it to wire.LoopWriter."""
    import inspect

    from solara.server import starlette

    assert "WebsocketWrapper(ws, portal)" in inspect.getsource(starlette._kernel_connection)
    for send in (starlette.WebsocketWrapper.send_text, starlette.WebsocketWrapper.send_bytes):
        source = inspect.getsource(send)
        assert "if self.sync_writer is not None:" in source and "except OSError as e:" in source
    page_socket = solara_door.page_socket(starlette.WebsocketWrapper)
    assert issubclass(page_socket, starlette.WebsocketWrapper) and page_socket is not starlette.WebsocketWrapper
