"""An anywidget's front end, from the installed package alone (no network), in each host that shows the Table:
JupyterLab, the lessons' pages (Voila inside the lessons' server, as `make lessons` serves them) and the app
(Voila on its own with the app's template, as `make app` starts it). A click in the page reaches Python, and
Python's answer is drawn: the round trip every table view makes. First the smallest anywidget, then the Table,
whose board is the one table view (euchre_lesson/look/table.js)."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from labdriver import ROOT, LabServer, free_port, open_notebook, run_all, write_notebook

SLOW = 120_000  # ms: a kernel start and a page's run can take a while on a small shared machine
CONFIG = ROOT / "jupyter-config"  # as the Makefile's JUPYTER_CONFIG_PATH
NOTEBOOK = "tiny.ipynb"
# What Voila's own lab template asks of a CDN on the lessons' pages (icons and MathJax; the app's template leaves
# them out): refused here like everything outside, and nothing a widget needs.
VOILA_TEMPLATE_CDN = ("https://cdn.jsdelivr.net/npm/@fortawesome/", "https://cdnjs.cloudflare.com/ajax/libs/mathjax/")
# The smallest anywidget that makes the round trip: a button drawn by its script, a click sent to Python with
# model.send, Python's answer synced back in a trait and drawn.
TINY = '''import anywidget
import traitlets


class Tiny(anywidget.AnyWidget):
    _esm = """export default { render({ model, el }) {
        const button = document.createElement("button");
        button.className = "tiny-anywidget";
        const draw = () => { button.textContent = model.get("words"); };
        button.addEventListener("click", () => model.send({ clicked: 1 }));
        model.on("change:words", draw);
        draw();
        el.appendChild(button);
    } };"""
    _css = ".tiny-anywidget { border: 3px solid rgb(0, 128, 0); }"
    words = traitlets.Unicode("not clicked yet").tag(sync=True)


tiny = Tiny()
tiny.on_msg(lambda widget, content, buffers: setattr(widget, "words", f"clicked {content['clicked']}"))
tiny'''


def offline(page, server: str) -> list[str]:
    """Cut the page off from everything but `server`; the list of what it asked elsewhere."""
    outside: list[str] = []

    def route(request_route) -> None:
        if request_route.request.url.startswith(server):
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()

    page.route("**/*", route)
    return outside


TABLE = "from euchre_lesson.widgets.table import Table\n\nTable(seed=5)"


def round_trip(page) -> None:
    """The widget drawn with its own style; a click answered by Python and drawn."""
    button = page.locator("button.tiny-anywidget")
    button.wait_for(timeout=SLOW)
    assert button.inner_text() == "not clicked yet"
    assert button.evaluate("b => getComputedStyle(b).borderTopColor") == "rgb(0, 128, 0)", "its _css was not applied"
    button.click()
    page.wait_for_function(
        "() => document.querySelector('button.tiny-anywidget').textContent === 'clicked 1'", timeout=SLOW
    )


def table_round_trip(page) -> None:
    """The Table's board drawn by the one table view, its cards' faces from the package; a bid pressed on the board
    reaches Python, which draws the next picture and says what happened in the note."""
    board = page.locator(".euchre-table .tv-table")
    board.wait_for(timeout=SLOW)
    faces = page.locator(".euchre-table .tv-hand .tv-face svg").count()
    assert faces >= 5, f"your hand shows {faces} faces drawn as pictures"
    moment = board.evaluate("b => b.innerHTML")
    note = page.locator(".euchre-note").first.inner_text()
    page.locator(".euchre-table button.tv-button-bid").first.click()
    page.wait_for_function(
        "(note) => document.querySelector('.euchre-note').innerText !== note", arg=note, timeout=SLOW
    )
    assert board.evaluate("b => b.innerHTML") != moment, "the board was not drawn again after the bid"


# What each host is shown, and how the round trip is checked: the smallest anywidget, and the Table.
SHOWN = {"tiny": (TINY, round_trip), "table": (TABLE, table_round_trip)}


@pytest.fixture(params=list(SHOWN))
def shown(request, tmp_path):
    """A notebook holding the widget, and the check of its round trip."""
    cell, check = SHOWN[request.param]
    return write_notebook(tmp_path / NOTEBOOK, [cell]), check


def test_an_anywidget_runs_offline_in_jupyterlab(shown, page):
    notebook, round_trip = shown
    with LabServer(notebook.parent) as lab:
        outside = offline(page, lab.base)
        open_notebook(page, lab, NOTEBOOK)
        run_all(page)
        round_trip(page)
    assert not page.errors, page.errors
    assert outside == [], f"JupyterLab asked the network for: {outside}"


def test_an_anywidget_runs_offline_in_the_lessons_pages(shown, page):
    notebook, round_trip = shown
    with LabServer(notebook.parent, env={"JUPYTER_CONFIG_PATH": str(CONFIG)}) as lab:
        outside = offline(page, lab.base)
        page.goto(f"{lab.base}/voila/render/{NOTEBOOK}?token={lab.token}", timeout=SLOW)
        round_trip(page)
    assert not page.errors, page.errors
    asked = [address for address in outside if not address.startswith(VOILA_TEMPLATE_CDN)]
    assert asked == [], f"the lessons' page asked the network for: {asked}"


@contextlib.contextmanager
def app_server(folder: Path) -> Iterator[str]:
    """Voila on `folder` as `make app` starts it (the app's template, the lessons' page view); its address."""
    env = dict(os.environ, JUPYTER_CONFIG_PATH=str(CONFIG), JUPYTER_PATH=str(ROOT / "app"))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(folder / "jupyter" / name.lower())
    port, log = free_port(), folder / "voila.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "voila"),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                "--template=euchre-app",
                str(folder),
            ],
            cwd=folder,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own group: the kernels it starts stop with it
        )
    try:
        deadline = time.monotonic() + SLOW / 1000
        while "running at" not in log.read_text():
            assert server.poll() is None, f"voila stopped:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"voila did not start:\n{log.read_text()}"
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def test_an_anywidget_runs_offline_in_the_app(shown, page):
    notebook, round_trip = shown
    with app_server(notebook.parent) as base:
        outside = offline(page, base)
        page.goto(f"{base}voila/render/{NOTEBOOK}", timeout=SLOW)
        round_trip(page)
    assert not page.errors, page.errors
    assert outside == [], f"the app asked the network for: {outside}"
