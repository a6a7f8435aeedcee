"""The static site in Chromium: `.venv/bin/python bench/site.py` after `make site`.

    python bench/site.py                     # everything below
    python bench/site.py --part decisions    # only the computer players' decisions in the page
    python bench/site.py --part start        # only the fast-start figures, cold and warm
    python bench/site.py --part start --repeat 3   # each start measured 3 times: medians
    python bench/site.py --part start --rate 5     # the site sent at 5 MB/s a connection, as a school's network
    python bench/site.py --part lessons
    python bench/site.py --part decisions --hands 4 --seconds none  # the expert's time cap off: worlds alone

Prints the site's size (files, and as one .tar.gz, what a teacher copies); the figures of a fast start
(issue 35, point 7: lesson 0's text shown <= 1.5 s, its first widget <= 3 s cold and <= 2 s warm, Back to it
from the next lesson <= 2 s; issue 26: a later lesson's first widget <= 4 s), measured from opening a page (a
later lesson: from the click on its link in lesson 0, which opens it in the same page and Python; Back: from
history.back()) to its text and its first widget drawn, each the median of --repeat runs, beside the machine's
load average (cold: a new browser profile; warm: the same profile again, its cache on disk and the unpacked
snapshot kept by the first visit), with where the seconds went (read from the lesson page's own marks: Python's
worker started, the page drawn, Python asked for, the lesson shown, Python booted, each cell run) and the
CPU-seconds Chromium spent on it (the machine's cores share them: a floor under the seconds); and for each
lesson, opened as a page in a fresh browser context as a new visitor's would be, the time to its first widget and
to every cell run. The site is served on 127.0.0.1 and every other request is aborted, as in the browser tests.

Then, in a kernel in the page (Pyodide: pure Python, no C core), each computer level of the table,
made as the table makes it, decides at every decision with a choice (bidding, the pick-up, going alone,
the exchange, first leads and the play) of seeded hands in each of the four games, bid and played by
rule-of-thumb players; it prints median, p95 and max per game and level, and where the slowest was.
Issue 15's goal: the expert decides in at most 0.5 s in the browser.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import statistics
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT / "jupyterlite")]

from build_site import SITE, SiteServer, size_mb  # noqa: E402
from labdriver import (  # noqa: E402
    LESSONS,
    VIEWPORT,
    chromium,
    kernel_run,
    launch_chromium,
    run_all,
    wait_kernel_idle,
)

NOW = "() => performance.now() / 1000"  # seconds since this page's navigation started
APP = "app/euchre_table.ipynb"
GOAL = 0.5  # seconds: the slowest expert decision in the browser (issue 15, 4)
# Seconds to a lesson's first widget (issue 35, 7: cold, warm and Back; issue 26, 7: a later lesson by its link).
START_GOALS = {"cold": 3.0, "warm": 2.0, "later": 4.0, "back": 2.0}
TEXT_GOAL = 1.5  # seconds from opening a lesson page to its text shown (issue 35, 7)
# The lesson's text shown: the page's frame (drawn with the page) or the lesson's own markdown.
TEXT_SHOWN = (
    "() => [...document.querySelectorAll('.euchre-frame-text, .jp-MarkdownCell .jp-RenderedMarkdown')]"
    ".some(e => e.offsetHeight > 0 && e.innerText.trim())"
)
# The lesson at `path` is the one shown, and a widget of it is drawn (Back: not the widgets of the lesson left).
WIDGET_OF = (
    "(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget; "
    "return !!w && w.context.path === path && [...w.node.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets')]"
    ".some(v => v.offsetHeight > 10 && v.querySelector('[class*=\"widget-\"]')); }"
)
# A widget drawn in a lesson page: its view has rendered something.
FIRST_WIDGET = (
    "() => [...document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets')]"
    ".some(w => w.offsetHeight > 10 && w.querySelector('[class*=\"widget-\"]'))"
)
PAGE_DONE = (
    "() => ['ready', 'stopped'].includes((document.querySelector('.jp-NotebookPanel') || "
    "{dataset: {}}).dataset.euchreLesson)"
)
GAMES = ("cutthroat", "partnership", "twohand", "railroad")
TIMES = "() => window.euchreLessonTimes"  # the lesson page's marks (jupyterlite/lesson-pages), in seconds

# Run in the page's kernel: the positions, then each level's seconds at each of them, as JSON.
DECISIONS = """
import json, time
from euchre_lesson import RuleOfThumbPlayer, deal_hand
from euchre_lesson.engine.rules import PRESETS
from euchre_lesson.play import budget, session, solver

def positions(rules, hands):
    player, views = RuleOfThumbPlayer(), []
    for seed in range(hands):
        hand = deal_hand(rules, seed %% rules.players, seed=seed)
        while not hand.is_over:
            view = hand.view(hand.to_act)
            if len(view.legal) > 1:
                views.append(view)
            hand = hand.apply(player.choose(view))
    return views

def where(view):
    first = view.phase.name == "PLAY" and not view.tricks and not (view.trick and view.trick.cards)
    return "first lead" if first else view.phase.name.lower()

session.DECISION_SECONDS = %s  # the table's experts read it as they are made
views = positions(PRESETS[%r], %d)
timed = {}
for level, make in session.LEVELS.items():
    player, seconds = make(1), []
    for view in views:
        start = time.perf_counter()
        player.choose(view)
        seconds.append(time.perf_counter() - start)
    timed[level] = seconds
print(json.dumps({"budget": session.DECISION_SECONDS, "compiled": solver.COMPILED,
                  "where": [where(v) for v in views], "seconds": timed}))
"""


def gzipped_mb(folder: Path) -> float:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        archive.add(folder, arcname=folder.name)
    return buffer.tell() / 1e6


def offline_page(browser, server: SiteServer):
    """A page in a fresh context: the site answers, every other request is aborted."""
    context = browser.new_context(viewport=VIEWPORT)
    context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith(f"{server.base}/") else route.abort()
    )
    page = context.new_page()
    page.set_default_timeout(120_000)
    return page


@contextlib.contextmanager
def visitor(playwright):
    """A page of a browser keeping its cache on disk, in a new profile (a new visitor's, then the same visitor's
    again). The network beyond the site is cut by a proxy that answers nothing, not by routing: Playwright turns
    the browser's cache off in a context that routes, and a warm visit would fetch the whole site again."""
    with tempfile.TemporaryDirectory(prefix="euchre-bench-visitor-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, **chromium(), viewport=VIEWPORT, proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"}
        )
        try:
            page = context.new_page()
            page.set_default_timeout(120_000)
            yield page
        finally:
            context.close()


def kernel_ready(page, url: str) -> float:
    """Open `url`; seconds from the navigation to the notebook's kernel idle."""
    page.goto(url)
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for()
    wait_kernel_idle(page, 180_000)
    return page.evaluate(NOW)


def first_widget(page, url: str | None = None) -> float:
    """Open `url` (or wait on the page already opening); seconds from the navigation to its first widget."""
    if url:
        page.goto(url)
    page.wait_for_function(FIRST_WIDGET, timeout=180_000, polling="raf")
    return page.evaluate(NOW)


def chromium_cpu() -> dict[str, float]:
    """CPU-seconds used so far by each of the machine's Chromium processes (the bench runs one browser), from
    /proc: what a start costs, whichever core did it. On two cores, a start of 6 CPU-seconds takes 3 s at best."""
    used = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            name, rest = stat.read_text().rsplit(")", 1)  # the name, in brackets, may hold spaces
        except OSError:  # the process ended meanwhile
            continue
        if name.endswith("(chromium"):
            fields = rest.split()  # user and system time, in clock ticks
            used[stat.parent.name] = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return used


def cpu_since(used: dict[str, float]) -> dict[str, float]:
    """Chromium's CPU-seconds since `used` (a process that ended meanwhile is left out: a little too few)."""
    now = chromium_cpu()
    return {f"CPU-seconds on {os.cpu_count()} cores": sum(now[pid] - used.get(pid, 0.0) for pid in now)}


def start_of(page, url: str) -> tuple[tuple[float, dict], tuple[float, dict]]:
    """Open `url`: (seconds to its text, {}) and (seconds to its first widget, where they went and Chromium's CPU)."""
    used = chromium_cpu()
    text, widget = text_then_widget(page, url)
    return (text, {}), (widget, breakdown(page, 0.0, widget) | cpu_since(used))


def text_then_widget(page, url: str) -> tuple[float, float]:
    """Open `url`; seconds from the navigation to the lesson's text shown, and to its first widget."""
    page.goto(url, wait_until="commit")
    page.wait_for_function(TEXT_SHOWN, timeout=180_000, polling="raf")
    text = page.evaluate(NOW)
    return text, first_widget(page)


def back_to(page, path: str) -> float:
    """history.back(); wall-clock seconds until the lesson at `path` shows its first widget (reloaded or not)."""
    clock = time.perf_counter()
    page.evaluate("() => history.back()")
    while True:
        try:
            page.wait_for_function(WIDGET_OF, arg=path, timeout=180_000, polling="raf")
            return time.perf_counter() - clock
        except Exception as error:  # a page that reloads on Back loses the script's context once
            if "context was destroyed" not in str(error) or time.perf_counter() - clock > 180:
                raise


def showing(page, path: str) -> None:
    """Wait until the page shows the notebook at `path` (a link opens a lesson in place of the one shown)."""
    page.wait_for_function(
        "(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget; "
        "return !!w && w.context.path === path; }",
        arg=path,
        timeout=240_000,
    )


def breakdown(page, origin: float, widget: float) -> dict[str, float]:
    """Where the seconds to the first widget went, from the lesson page's marks; each from `origin`."""
    marks = page.evaluate(TIMES)
    cells = marks["cells"]
    first = cells[0][0] if cells else widget
    steps = {
        "Python started": marks.get("worker"),  # the page's head start of the kernel's worker
        "page drawn": marks.get("activated"),
        "Python asked": marks.get("asked"),
        "lesson shown": marks.get("shown"),
        "Python ready": marks.get("python"),
        "first cell": first,
    }
    out = {name: seconds - origin for name, seconds in steps.items() if seconds is not None and seconds >= origin}
    out["cells to widget"] = widget - first
    return out


def one_start(playwright, server: SiteServer, first: str, later: str) -> dict[str, tuple[float, dict]]:
    """One run of each start: (seconds to the first widget, where they went) by kind."""
    found: dict[str, tuple[float, dict]] = {}
    with visitor(playwright) as page:
        found["text"], found["cold"] = start_of(page, server.page(first))  # a new browser profile: nothing cached
        page.wait_for_function(PAGE_DONE, timeout=240_000)
        found["text, warm"], found["warm"] = start_of(page, server.page(first))  # the same visitor: cache filled
        page.wait_for_function(PAGE_DONE, timeout=240_000)
        # A later lesson as a learner reaches it: the link to it in lesson 0 opens it in place, on the same Python.
        link = page.locator(f'.jp-MarkdownCell a[href$="/{later}"]').first
        link.scroll_into_view_if_needed()
        clicked = page.evaluate(NOW)
        link.click()
        showing(page, f"notebooks/{later}")
        seconds = first_widget(page)
        found["later"] = (seconds - clicked, breakdown(page, clicked, seconds))
        page.wait_for_function(PAGE_DONE, timeout=240_000)
        found["back"] = (back_to(page, first), {})  # Back to lesson 0
        page.wait_for_function(PAGE_DONE, timeout=240_000)
        page.evaluate("() => history.forward()")  # and forward again, as the learner left it
        showing(page, f"notebooks/{later}")
        page.wait_for_function(PAGE_DONE, timeout=240_000)
        reload = first_widget(page, server.page(f"notebooks/{later}"))  # the same lesson as a new page
        found["later, new page"] = (reload, breakdown(page, 0.0, reload))
    with visitor(playwright) as page:  # a new visitor at the front page, clicking lesson 0 at once
        clock = time.perf_counter()
        page.goto(f"{server.base}/")
        page.locator(f'.jp-MarkdownCell a[href$="/{first.removeprefix("notebooks/")}"]').first.click()
        showing(page, first)
        first_widget(page)
        found["front"] = (time.perf_counter() - clock, {})
    return found


def start(playwright, server: SiteServer, repeat: int) -> None:
    """Issue 35, 7: lesson 0's text and first widget cold and warm, a later lesson by its link, Back, the front page."""
    lessons = sorted(LESSONS.glob("[0-9][0-9]_*.ipynb"))
    first, later = f"notebooks/{lessons[0].name}", lessons[1].name
    runs = []
    for run in range(repeat):
        load = os.getloadavg()[0]
        runs.append(one_start(playwright, server, first, later))
        print(
            f"  run {run + 1}: "
            + ", ".join(f"{key} {seconds:.1f} s" for key, (seconds, _) in runs[-1].items())
            + f"  (load average {load:.1f} before, {os.getloadavg()[0]:.1f} after)",
            flush=True,
        )
    words = {
        "text": "lesson 0's text, a new visitor",
        "text, warm": "lesson 0's text again (warm cache)",
        "cold": "lesson 0, a new visitor (cold cache)",
        "warm": "lesson 0 again (warm cache)",
        "later": f"then {lessons[1].stem}, by its link",
        "back": f"Back from {lessons[1].stem} to lesson 0",
        "later, new page": f"{lessons[1].stem} as a new page (warm)",
        "front": "the front page, then a click on lesson 0",
    }
    print(
        f"from opening a page to its text or first widget (median of {repeat}; load average now "
        f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}):"
    )
    for key, text in words.items():
        seconds = statistics.median(run[key][0] for run in runs)
        goal = TEXT_GOAL if key.startswith("text") else START_GOALS.get(key)
        verdict = f"  goal <= {goal:g} s: {'met' if seconds <= goal else 'MISSED'}" if goal else ""
        print(f"  {text:42} {seconds:5.1f} s{verdict}")
        steps = [run[key][1] for run in runs if run[key][1]]
        if steps:
            names = [name for name in steps[0] if all(name in step for step in steps)]
            print(
                f"  {'':44}"
                + " | ".join(f"{name} {statistics.median(step[name] for step in steps):.1f}" for name in names)
            )


def lessons(browser, server: SiteServer) -> None:
    """Each lesson as a page, in a fresh context: its first widget (if it has one), then every cell run."""
    print(f"{'lesson page':40} {'first widget':>12} {'all run':>9}")
    total = time.perf_counter()
    for name in [f"notebooks/{p.name}" for p in sorted(LESSONS.glob("[0-9][0-9]_*.ipynb"))]:
        page = offline_page(browser, server)
        page.goto(server.page(name))
        page.wait_for_function(f"() => ({FIRST_WIDGET})() || ({PAGE_DONE})()", timeout=240_000, polling="raf")
        widget = page.evaluate(NOW) if page.evaluate(FIRST_WIDGET) else None  # a page may have no widget
        page.wait_for_function(PAGE_DONE, timeout=240_000)
        done = page.evaluate(NOW)
        shown = f"{widget:10.1f} s" if widget is not None else f"{'none':>12}"
        print(f"{name.removeprefix('notebooks/'):40} {shown} {done:7.1f} s", flush=True)
        page.context.close()
    page = offline_page(browser, server)
    ready = kernel_ready(page, server.url(APP))
    print(f"{APP:40} kernel ready {ready:.1f} s, Run All {run_all(page):.1f} s (in JupyterLab)")
    page.context.close()
    print(f"all lessons and the app: {time.perf_counter() - total:.0f} s")


def quantile(ordered: list[float], share: float) -> float:
    return ordered[round(share * (len(ordered) - 1))]


def decisions(browser, server: SiteServer, hands: int, budget: str) -> bool:
    """Every level's decisions in each game, timed in the page's kernel; whether the expert met GOAL.

    `budget` is Python for the expert's seconds a decision, read in the kernel (budget.DECISION_SECONDS: the table's).
    """
    page = offline_page(browser, server)
    kernel_ready(page, f"{server.base}/")
    met = True
    for game in GAMES:
        found = json.loads(kernel_run(page, DECISIONS % (budget, game, hands)))
        for level, seconds in found["seconds"].items():
            ordered, slowest = sorted(seconds), max(range(len(seconds)), key=seconds.__getitem__)
            judged = level == "expert"
            verdict = f"  goal max <= {GOAL} s: {'met' if ordered[-1] <= GOAL else 'MISSED'}" if judged else ""
            met &= not judged or ordered[-1] <= GOAL
            print(
                f"{game:12} {level:14} median {ordered[len(ordered) // 2] * 1000:6.0f} ms  p95 "
                f"{quantile(ordered, 0.95) * 1000:6.0f} ms  max {ordered[-1] * 1000:6.0f} ms "
                f"({found['where'][slowest]})  over {len(ordered)}{verdict}",
                flush=True,
            )
    core = "the C core" if found["compiled"] else "pure Python"
    print(f"(in the page: {core}; the table's budget of a decision {found['budget']} s; {hands} hands per game)")
    page.context.close()
    return met


def budget_in_python(text: str) -> str | None:
    """--seconds as Python for the kernel: the table's budget, None, or seconds up to an hour; None if unreadable."""
    if text in ("table", "none"):
        return "budget.DECISION_SECONDS" if text == "table" else "None"
    try:
        seconds = float(text)
    except ValueError:
        return None
    return repr(seconds) if 0 <= seconds <= 3600 else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--part",
        choices=("all", "start", "lessons", "decisions"),
        default="all",
        help="start: lesson 0 cold and warm and a later lesson; lessons: each lesson as a page; "
        "decisions: the computer players",
    )
    parser.add_argument("--hands", type=int, default=8, help="seeded hands per game for the decisions (default 8)")
    parser.add_argument("--repeat", type=int, default=2, help="start: runs of each start, the median shown (default 2)")
    parser.add_argument(
        "--seconds",
        default="table",
        help="the expert's budget of a decision: the table's (default), a number of seconds, or none",
    )
    parser.add_argument("--site", type=Path, default=SITE, help="the site folder (default %(default)s)")
    parser.add_argument(
        "--rate", type=float, help="MB a second each connection is sent at (a school's network; default: no cap)"
    )
    args = parser.parse_args()
    if args.hands < 1:
        parser.error("--hands must be 1 or more")
    budget = budget_in_python(args.seconds)
    if budget is None:
        parser.error(f"--seconds must be a number of seconds from 0 to 3600, none, or table; not {args.seconds!r}")
    if not (args.site / "index.html").is_file():
        sys.exit(f"{args.site} is missing: run `make site` first")
    if args.rate is not None and not args.rate > 0:
        parser.error(f"--rate must be a number of megabytes a second above 0, not {args.rate}")
    from playwright.sync_api import sync_playwright

    met = True
    rate = None if args.rate is None else args.rate * 1e6
    with SiteServer(args.site, rate=rate) as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        if args.part in ("all", "start"):
            print(f"site: {size_mb(args.site):.1f} MB in files, {gzipped_mb(args.site):.1f} MB as .tar.gz")
            start(playwright, server, max(1, args.repeat))
        if args.part in ("all", "lessons"):
            lessons(browser, server)
        if args.part in ("all", "decisions"):
            met = decisions(browser, server, args.hands, budget)
        browser.close()
    sys.exit(0 if met else 1)


if __name__ == "__main__":
    main()
