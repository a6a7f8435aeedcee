"""Click-to-update latency at the Table in a real Chromium: `.venv/bin/python bench/browser_latency.py [clicks]`.

    .venv/bin/python bench/browser_latency.py 80 --site   # on the static site (make site first)

Starts its own JupyterLab server (temporary folders, as the browser tests do; the environment's configuration
turns on euchre_lesson.server_extension, as for the lessons), runs a notebook holding only the Table, and
clicks with the real mouse: the simple player of the browser tests, then "Next hand" and "New game" as needed.
With --site, the same notebook runs on the static site instead (`make site` first; Python in the page, Pyodide),
served on 127.0.0.1 with every other request aborted, the notebook saved in the browser's storage.
Each latency runs from the click event in the page to the note's change in the DOM (a MutationObserver), the
last thing a table update draws; to the board's first change, a card moved or marked at once by the view
included (issue 35's goal: median at most 100 ms, in JupyterLab and on the site); and to the board drawn from
Python's next picture (what confirms the click). It includes the kernel's work and the computer players' replies.
Every few cards it also presses Undo. For each kind of click it prints the median and p95 latency and, in
JupyterLab, the widget (comm) messages the click cost on the kernel's websocket: sent by the page, and received
from the kernel (updates, and new widgets opened; the site's kernel talks to the page without a websocket, so
there they are not counted). Goals (issue 16, JupyterLab): selecting a card median at most 15 ms, every kind of
click p95 at most 40 ms.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "jupyterlite")]

from labdriver import (  # noqa: E402
    NEXT_CONTROL,
    VIEWPORT,
    LabServer,
    launch_chromium,
    note_text,
    open_notebook,
    run_all,
    wait_for_update,
    write_notebook,
)

SELECT_MEDIAN_MS, P95_MS = 15, 40
UNDO_EVERY = 7  # an Undo after every this many cards played
PACE_MS = 500  # more than widgets.clicks.DOUBLE_CLICK between clicks
CLICKS = 150
TABLE_CELL = "from euchre_lesson.widgets.table import Table\ntable = Table(seed=5)\ntable"
SITE_NOTEBOOK = "latency_table.ipynb"  # saved in the browser's storage, beside the site's lessons

# The click's time stamp (capture phase, before any widget hears it), the note's first change after it, the board's
# first change after it (a card moved or a class changed: the view shows a played card at once), and the board drawn
# anew from Python's next picture (the view replaces its stage's table: the click confirmed).
WATCH = """() => {
    const note = document.querySelector('.euchre-note'), board = document.querySelector('.euchre-table');
    window.euchreClick = null; window.euchreUpdate = null; window.euchreDrawn = null; window.euchreConfirmed = null;
    document.addEventListener('click', () => { window.euchreClick = performance.now(); window.euchreUpdate = null;
        window.euchreDrawn = null; window.euchreConfirmed = null; }, true);
    new MutationObserver(() => { if (window.euchreClick !== null && window.euchreUpdate === null)
        window.euchreUpdate = performance.now(); }).observe(note, {subtree: true, childList: true, characterData: true});
    new MutationObserver((records) => {
        if (window.euchreClick === null) return;
        const now = performance.now();
        if (window.euchreDrawn === null) window.euchreDrawn = now;
        if (window.euchreConfirmed === null && records.some(r => r.type === 'childList'
                && r.target.classList && r.target.classList.contains('tv-stage'))) window.euchreConfirmed = now;
    }).observe(board, {subtree: true, childList: true, characterData: true, attributes: true,
                       attributeFilter: ['class']});
}"""  # noqa: E501 (JavaScript, as the browser runs it)


# Every frame the page receives on a websocket, timed: (performance.now(), the kernel's status or message type).
# Installed before the page opens; it only listens, so JupyterLab's own handlers are untouched.
FRAMES = """() => {
    window.euchreFrames = [];
    const decode = new TextDecoder();
    const Native = window.WebSocket;
    window.WebSocket = function (...args) {
        const socket = new Native(...args);
        socket.addEventListener('message', (event) => {
            const at = performance.now();
            const text = typeof event.data === 'string' ? event.data : decode.decode(event.data);
            const state = /"execution_state"\\s*:\\s*"(\\w+)"/.exec(text);
            const type = /"msg_type"\\s*:\\s*"(\\w+)"/.exec(text);
            const said = text.includes('aria-live');  // the note's update: say() writes a live region
            window.euchreFrames.push([at, said ? 'note' : state ? state[1] : (type ? type[1] : '')]);
        });
        return socket;
    };
    Object.assign(window.WebSocket, Native);
    window.WebSocket.prototype = Native.prototype;
}"""
# Per click: when the kernel's busy status reached the page, when the note's update did, when the note changed
# on the page, and when the kernel's idle status came.
SPLIT = """() => {
    const after = (window.euchreFrames || []).filter(([at]) => at >= window.euchreClick);
    const first = (wanted) => after.find(([, kind]) => kind === wanted);
    const busy = first('busy'), note = first('note'), idle = first('idle');
    window.euchreFrames = [];
    return busy && note && idle ? [busy[0] - window.euchreClick, note[0] - busy[0], window.euchreUpdate - note[0],
                                   idle[0] - busy[0]] : null;
}"""


# The Undo button, when it may be pressed (it sits below the table, in the same output).
MARK_UNDO = """() => {
    const root = document.querySelector('.euchre-table').closest('.jp-OutputArea-output') || document;
    const undo = [...root.querySelectorAll('button')].find(b => b.innerText.trim() === 'Undo'
        && b.offsetParent !== null && !b.disabled);
    if (!undo) return null;
    document.querySelectorAll('[data-euchre-next]').forEach(e => e.removeAttribute('data-euchre-next'));
    undo.setAttribute('data-euchre-next', '1');
    return {kind: 'undo', text: 'Undo'};
}"""
KINDS = {
    "select": "select a card",
    "card": "play a card",
    "bid": "bid",
    "keep": "keep",
    "next": "next hand",
    "undo": "undo",
}
MSG_TYPE = re.compile(rb'"msg_type"\s*:\s*"(\w+)"')  # the first is the message's own (its header comes first)


class CommCount:
    """Widget messages on the kernel's websockets: comm messages sent by the page, comm messages and opens received."""

    def __init__(self, page):
        self.sent = self.received = self.opened = 0
        page.on("websocket", self._watch)

    def _watch(self, socket) -> None:
        socket.on("framesent", lambda payload: self._count(payload, "sent"))
        socket.on("framereceived", lambda payload: self._count(payload, "received"))

    def _count(self, payload, way: str) -> None:
        found = MSG_TYPE.search(payload.encode() if isinstance(payload, str) else payload)
        kind = found.group(1) if found else b""
        if kind == b"comm_msg":
            setattr(self, way, getattr(self, way) + 1)
        elif kind == b"comm_open" and way == "received":
            self.opened += 1

    def take(self) -> tuple[int, int, int]:
        """(sent, received, opened) since the last take."""
        out = (self.sent, self.received, self.opened)
        self.sent = self.received = self.opened = 0
        return out


def next_control(page, cards_played: int, undone: int):
    """The simple player's next click, or Undo once every UNDO_EVERY cards played."""
    if cards_played // UNDO_EVERY > undone:
        undo = page.evaluate(MARK_UNDO)
        if undo is not None:
            return undo
    return page.evaluate(NEXT_CONTROL, [True])


# (kind of click, ms to the note's change, messages, split, ms to the board's first change, ms to Python's picture)
Timing = tuple[str, float, tuple[int, int, int], tuple[float, ...], float, float]
BOARD_MEDIAN_MS = 100  # issue 35, 8: a click to the board's redraw, median


def press(page, target) -> None:
    """Move the mouse onto the control and click, as a person does. (A locator's click() would also run Playwright's
    own hit-target checks in the page, inside the very click being timed.)"""
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def measure(page, comms: CommCount, clicks: int) -> list[Timing]:
    """Click `clicks` times; (kind of click, milliseconds from click to the note's change, messages, split) each.

    The split, as the page saw it: click to the kernel's busy status (the way in), busy to the note's update
    message (the kernel's work and the messages before it), that message to the note's change (the page drawing
    them), and busy to idle (all the click's work, what comes after the note included)."""
    page.evaluate(WATCH)
    out: list[Timing] = []
    played = undone = 0
    while len(out) < clicks:
        control = next_control(page, played, undone)
        if control is None:
            raise RuntimeError(f"nothing to click after {len(out)} clicks: {note_text(page)}")
        played, undone = played + (control["kind"] == "card"), undone + (control["kind"] == "undo")
        before = note_text(page)
        page.wait_for_timeout(PACE_MS)  # a person's pace: a quicker click on a changed table is a double-click's second
        comms.take()
        press(page, page.locator("[data-euchre-next]"))
        wait_for_update(page, before)
        page.wait_for_timeout(PACE_MS // 2)  # the click's last messages, and the board's picture if it came after
        millis, drawn, confirmed = page.evaluate(
            "() => [window.euchreUpdate, window.euchreDrawn, window.euchreConfirmed]"
            ".map(at => at === null ? null : at - window.euchreClick)"
        )
        drawn = millis if drawn is None else drawn  # nothing on the board changed: the note is the redraw
        confirmed = millis if confirmed is None else confirmed
        out.append((control["kind"], millis, comms.take(), tuple(page.evaluate(SPLIT) or ()), drawn, confirmed))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("clicks", nargs="?", type=int, default=CLICKS, help="clicks to time (default %(default)s)")
    parser.add_argument("--site", action="store_true", help="on the static site (make site), Python in the page")
    args = parser.parse_args()
    started = time.perf_counter()
    if args.site:
        timings = run_site(args.clicks)
    else:
        with tempfile.TemporaryDirectory(prefix="euchre-latency-") as folder:
            timings = run(Path(folder), args.clicks)
    report(timings, time.perf_counter() - started, "the static site (Pyodide)" if args.site else "JupyterLab")


def run(folder: Path, clicks: int) -> list[Timing]:
    """A server on a notebook holding only the Table in `folder`, and the clicks measured."""
    from playwright.sync_api import sync_playwright

    write_notebook(folder / "table.ipynb", [TABLE_CELL])
    with LabServer(folder) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport=VIEWPORT)
        page.add_init_script(f"({FRAMES})()")
        comms = CommCount(page)  # before the kernel's websocket opens
        open_notebook(page, server, "table.ipynb")
        run_all(page)
        page.locator(".euchre-table").wait_for()
        timings = measure(page, comms, clicks)
        browser.close()
    return timings


def run_site(clicks: int) -> list[Timing]:
    """The static site on 127.0.0.1 (every other request aborted), a notebook holding only the Table saved in the
    browser's storage and run in the page's kernel, and the clicks measured."""
    import nbformat
    from build_site import SITE, SiteServer
    from playwright.sync_api import sync_playwright

    if not (SITE / "index.html").is_file():
        raise SystemExit(f"{SITE} is missing: run `make site` first")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(TABLE_CELL)])
    # The site's own kernel (Pyodide's is named "python"), so no dialog asks which kernel to start.
    notebook.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    notebook.metadata["language_info"] = {"name": "python"}
    with SiteServer(SITE) as site, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        context = browser.new_context(viewport=VIEWPORT)
        outside = f"{site.base}/"
        context.route(
            "**/*", lambda route: route.continue_() if route.request.url.startswith(outside) else route.abort()
        )
        page = context.new_page()
        page.set_default_timeout(120_000)
        comms = CommCount(page)  # counts nothing here: the site's kernel has no websocket
        page.goto(site.url("RULES.md"))
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.serviceManager", polling=250)
        page.evaluate(
            "([path, content]) => window.jupyterapp.serviceManager.contents.save(path, "
            "{type: 'notebook', format: 'json', content})",
            [SITE_NOTEBOOK, json.loads(nbformat.writes(notebook))],
        )
        open_notebook(page, site, SITE_NOTEBOOK)
        run_all(page)
        page.locator(".euchre-table .tv-table").wait_for()
        timings = measure(page, comms, clicks)
        browser.close()
    return timings


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def report(timings: list[Timing], seconds: float, where: str = "JupyterLab") -> None:
    by_kind: dict[str, list[Timing]] = {}
    for timing in timings:
        by_kind.setdefault(timing[0], []).append(timing)
    print(
        f"{len(timings)} clicks at the Table in {where} (rule-of-thumb computer players), median and p95 in ms "
        f"from the click to: the note's change, the board's first change (a card moved or marked at once), "
        f"the board drawn from Python's picture; widget messages per click (median, max): sent by the page / "
        f"received / opened"
    )
    print(
        f"  {'click':13} {'n':>3}  {'note':>15}  {'board changed':>15}  {'Python drawn':>15}   "
        f"{'sent':>7}  {'received':>9}  {'opened':>7}"
    )
    for kind in (k for k in KINDS if k in by_kind):
        rows = by_kind[kind]
        # the note, the board changed, Python's picture
        columns = ([row[1] for row in rows], [row[4] for row in rows], [row[5] for row in rows])
        figures = [f"{statistics.median(col):6.0f} {p95(col):6.0f}" for col in columns]
        counts = [" ".join((f"{statistics.median(col):g}", f"({max(col)})")) for col in zip(*(r[2] for r in rows))]
        print(
            f"  {KINDS[kind]:13} {len(rows):3}  {figures[0]:>15}  {figures[1]:>15}  {figures[2]:>15}   "
            f"{counts[0]:>7}  {counts[1]:>9}  {counts[2]:>7}"
        )
    report_split(timings)
    everything = [t[1] for t in timings]
    select = [t[1] for t in timings if t[0] == "select"]
    drawn, confirmed = [t[4] for t in timings], [t[5] for t in timings]
    worst = max(p95([t[1] for t in rows]) for rows in by_kind.values())
    print(
        f"all clicks, to the note: median {statistics.median(everything):.1f} ms, p95 {p95(everything):.1f} ms, "
        f"max {max(everything):.1f} ms; {seconds:.0f} s in all"
    )
    met = statistics.median(drawn) <= BOARD_MEDIAN_MS
    print(
        f"click to the board's redraw: median {statistics.median(drawn):.1f} ms, p95 {p95(drawn):.1f} ms "
        f"(goal: median <= {BOARD_MEDIAN_MS} ms: {'met' if met else 'NOT met'}); to the board drawn from Python's "
        f"picture: median {statistics.median(confirmed):.1f} ms, p95 {p95(confirmed):.1f} ms"
    )
    print(
        f"goals (issue 16, JupyterLab): select a card median <= {SELECT_MEDIAN_MS} ms: "
        f"{'met' if select and statistics.median(select) <= SELECT_MEDIAN_MS else 'NOT met'}; "
        f"every kind of click p95 <= {P95_MS} ms: {'met' if worst <= P95_MS else 'NOT met'} (worst {worst:.1f} ms)"
    )


def report_split(timings: list[Timing]) -> None:
    """Where each kind of click's time went, medians: reaching the kernel, the kernel's answer, the page drawing it."""
    if not any(t[3] for t in timings):  # the site's kernel: no websocket frames to time
        return
    print(
        f"  where the time went (medians): {'click to busy':>12}  {'note arrives':>12}  {'note drawn':>12}"
        f"  {'busy to idle':>12}"
    )
    for kind in KINDS:
        splits = [t[3] for t in timings if t[0] == kind and t[3]]  # () if a status went unseen
        if splits:
            print(f"  {KINDS[kind]:13}{'':18}" + "  ".join(f"{statistics.median(col):9.1f} ms" for col in zip(*splits)))


if __name__ == "__main__":
    main()
