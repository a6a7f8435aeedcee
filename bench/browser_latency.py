"""Click-to-update latency at the Table in a real Chromium: `.venv/bin/python bench/browser_latency.py [clicks]`.

Starts its own JupyterLab server (temporary folders, as the browser tests do), runs a notebook holding
only the Table, and clicks with the real mouse: the simple player of the browser tests, then "Next hand"
and "New game" as needed. Each latency runs from the click event in the page to the note's change in the
DOM (a MutationObserver), the last thing a table update draws; it includes the kernel's work and the
computer players' replies. The goal: p95 under 150 ms.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))

from labdriver import (NEXT_CONTROL, VIEWPORT, LabServer, launch_chromium, note_text,  # noqa: E402
                       open_notebook, run_all, wait_for_update, write_notebook)

GOAL_MS = 150
PACE_MS = 500  # more than widgets.clicks.DOUBLE_CLICK between clicks
CLICKS = int(sys.argv[1]) if len(sys.argv) > 1 else 60

# The click's time stamp (capture phase, before any widget hears it) and the note's first change after it.
WATCH = """() => {
    const note = document.querySelector('.euchre-note');
    window.euchreClick = null; window.euchreUpdate = null;
    document.addEventListener('click', () => { window.euchreClick = performance.now(); window.euchreUpdate = null; }, true);
    new MutationObserver(() => { if (window.euchreClick !== null && window.euchreUpdate === null)
        window.euchreUpdate = performance.now(); }).observe(note, {subtree: true, childList: true, characterData: true});
}"""


def measure(page, clicks: int) -> list[tuple[str, float]]:
    """Click `clicks` times; (what was clicked, milliseconds from click to the note's change) for each."""
    page.evaluate(WATCH)
    out = []
    while len(out) < clicks:
        control = page.evaluate(NEXT_CONTROL, [True])
        if control is None:
            raise RuntimeError(f"nothing to click after {len(out)} clicks: {note_text(page)}")
        before = note_text(page)
        page.wait_for_timeout(PACE_MS)  # a person's pace: a quicker click on a changed table is a double-click's second
        page.locator("[data-euchre-next]").click()
        wait_for_update(page, before)
        millis = page.evaluate("() => window.euchreUpdate - window.euchreClick")
        out.append((f"{control['kind']} {control['text'].splitlines()[0]}", millis))
    return out


def main() -> None:
    started = time.perf_counter()

    with tempfile.TemporaryDirectory(prefix="euchre-latency-") as folder:
        timings = run(Path(folder))
    report(timings, time.perf_counter() - started)


def run(folder: Path) -> list[tuple[str, float]]:
    """A server on a notebook holding only the Table in `folder`, and the clicks measured."""
    from playwright.sync_api import sync_playwright

    write_notebook(folder / "table.ipynb", ["from euchre_lesson.widgets.table import Table\ntable = Table(seed=5)\ntable"])
    with LabServer(folder) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport=VIEWPORT)
        open_notebook(page, server, "table.ipynb")
        run_all(page)
        page.locator(".euchre-table").wait_for()
        timings = measure(page, CLICKS)
        browser.close()
    return timings


def report(timings: list[tuple[str, float]], seconds: float) -> None:
    millis = sorted(ms for _, ms in timings)
    p95 = millis[min(len(millis) - 1, round(0.95 * (len(millis) - 1)))]
    by_kind: dict[str, list[float]] = {}
    for what, ms in timings:
        by_kind.setdefault(what.split()[0], []).append(ms)
    print(f"{len(millis)} clicks at the Table (rule-of-thumb computer players), click to DOM update:")
    for kind, values in sorted(by_kind.items()):
        print(f"  {kind:7} {len(values):3} clicks  median {statistics.median(values):6.1f} ms  max {max(values):6.1f} ms")
    print(f"median {statistics.median(millis):.1f} ms, p95 {p95:.1f} ms, max {millis[-1]:.1f} ms "
          f"(goal: p95 under {GOAL_MS} ms: {'met' if p95 < GOAL_MS else 'NOT met'}); "
          f"{seconds:.0f} s in all")


if __name__ == "__main__":
    main()
