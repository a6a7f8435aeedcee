"""The class's server under a class: tables of scripted students, how fast each move reaches the others.

    .venv/bin/python bench/classroom.py [--tables 32] [--students 3] [--moves 12] [--clients websocket|browser]
    .venv/bin/python bench/classroom.py --tables 48 --steps 48   # the 48 tables seated at once, then measured

Starts the class's server (python -m euchre_lesson.classroom) on a free loopback port with partnership tables,
expert computer players in the seats no student takes, and seats scripted students. Tables join in steps
(1, 2, 4, ... up to --tables); at each step every table seated so far plays --moves student moves, and for each
move the time from the click to every other student's page at that table knowing it is taken. Prints, per step,
the median and p95 of those times, the server's memory per table, and the most tables whose p95 stays within
250 ms.

The students are websocket clients by default (tests/browser/class_clients.py): they speak to the server as a
browser's widget manager does, without drawing, so the figures are the server's, as on a class's own devices;
every table plays at once, each student thinking about --think seconds before a move (see play). With
--clients browser each student is a Chromium page (a browser context of its own), and the tables take turns
(Playwright's pages are driven from one thread): the figures then add the drawing of every page on this
machine's two cores. The computer players wait --pace seconds after each move, so the first change a page shows
after a click is that click's. The experts think in the server's helper processes (classroom/thinking.py),
whose memory is printed apart. A benchmark, not a test: the machine's other work shows in its figures, and the
load average printed with each step says how much of it there was.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from labdriver import VIEWPORT, free_port, launch_chromium  # noqa: E402

JOIN = "ACDE"
GOAL_MS = 250
WATCH = """() => {
  window.__changes = [];
  document.addEventListener('click', () => { window.__clicked = Date.now(); }, true);  // the mouse's own moment
  let last = '';
  const note = () => {
    const story = document.querySelector('.class-story');
    const text = story ? story.innerText : '';
    if (text !== last) { last = text; window.__changes.push(Date.now()); }
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""


def rss_kb(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:  # the process ended meanwhile
        pass
    return 0


def cpu_seconds(pid: int) -> float:
    """The processor time `pid` has used so far (user and system), in seconds: unlike the latency, it does not grow
    with the machine's other work."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes `pid` started (the server's thinking workers), read from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def stop(process: subprocess.Popen) -> None:
    """Stop the server; killed if it has not stopped in 15 s (a loaded machine's server can take longer to close
    its pages)."""
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=15)


def keep_printed(process: subprocess.Popen, log: Path) -> None:
    """Copy what the server prints to `log`, line by line, until it stops."""
    with open(log, "w", encoding="utf-8") as out:
        for line in process.stdout:
            out.write(line)
            out.flush()


def start_server(tables: int, pace: float, folder: str, level: str = "expert"):
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "euchre_lesson.classroom",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--folder",
        folder,
        "--join-code",
        JOIN,
        "--teacher-code",
        "bench",
        "--tables",
        str(tables),
        "--game",
        "partnership",
        "--level",
        level,
        "--pace",
        str(pace),
        "--absent-after",
        "3600",
        "--seed",
        "1",
        "--assets",
        str(ROOT / ".venv" / "classroom-assets"),
    ]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    while True:
        line = process.stdout.readline()
        if not line:
            raise SystemExit("the class's server stopped before serving")
        if line.startswith("Ctrl-C stops"):
            break
    # What the server prints from now on goes to a file: a pipe nobody reads fills, and stops the server mid-class
    threading.Thread(target=keep_printed, args=(process, Path(folder) / "server.log"), daemon=True).start()
    url = f"http://127.0.0.1:{port}/"
    for _ in range(300):
        try:
            with urllib.request.urlopen(url, timeout=5):
                return process, url
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the class's server never answered")


class BrowserStudent:
    """A student as a Chromium page of its own: the page notes when its story of the hand changes."""

    def __init__(self, browser, url: str, name: str, table: int):
        context = browser.new_context(viewport=VIEWPORT)
        context.route(
            "**/*",
            lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1:") else route.abort(),
        )
        self.page = page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(url)
        page.get_by_label("Your first name").fill(name)
        page.get_by_label("Join code").fill(JOIN)
        page.get_by_role("button", name="Join").click()
        page.get_by_role("button", name=re.compile(f"^Sit at table {table} ")).click()
        page.locator(".tv-hand .tv-card").first.wait_for()
        page.evaluate(WATCH)

    def my_turn(self) -> bool:
        return self.page.locator(".tv-at-bottom.is-to-act").count() == 1

    def move(self) -> float | None:
        """Click one move (a bid that is not a pass, a legal card): when the mouse clicked, or None if there was
        none to click (this seat must keep five cards)."""
        before = self.page.evaluate("Date.now()")
        choices = self.page.locator(".tv-button-bid")
        legal = self.page.locator(".tv-hand button.tv-card.is-legal")
        if choices.count():
            words = choices.all_inner_texts()
            choices.nth(next((i for i, text in enumerate(words) if not text.lower().startswith("pass")), 0)).click()
        elif legal.count():
            legal.first.click()
        else:
            return None
        return self.page.evaluate(f"() => window.__clicked >= {before} ? window.__clicked : {before}")

    def changed_after(self, moment: float) -> float:
        when = f"window.__changes.find(t => t >= {moment})"
        self.page.wait_for_function(f"() => {when} !== undefined", timeout=30_000, polling=20)
        return self.page.evaluate(f"() => {when}")


def one_move(students, think: float = 0.0) -> list[float]:
    """The student to act at one table clicks a move; the milliseconds until each other page knew it."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        mover = next((student for student in students if student.my_turn()), None)
        if mover is not None:
            break
        time.sleep(0.02)
    else:
        return []
    time.sleep(think)
    clicked = mover.move()
    if clicked is None:
        return []
    return [other.changed_after(clicked) - clicked for other in students if other is not mover]


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) >= 2 else values[0]


def play(tables: list[list], moves: int, think: float, together: bool) -> list[float]:
    """Each table plays `moves` student moves, all tables at once or taking turns; every view's time. Together, each
    table starts at a moment of its own and each student thinks between half and one and a half times `think`
    (seeded): a class does not click in step, and clicks all at once would measure only the first burst."""
    times: list[float] = []

    def table_plays(number, students):
        chance = random.Random(number)
        time.sleep(chance.uniform(0, think))
        for _ in range(moves):
            times.extend(one_move(students, chance.uniform(0.5, 1.5) * think))

    if not together:
        for _ in range(moves):
            for students in tables:
                times.extend(one_move(students, think))
        return times
    players = [threading.Thread(target=table_plays, args=pair) for pair in enumerate(tables)]
    for player in players:
        player.start()
    for player in players:
        player.join()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=32)
    parser.add_argument("--students", type=int, default=3, help="students at each 4-seat table (experts: the rest)")
    parser.add_argument("--moves", type=int, default=12, help="student moves per table at each step")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds a computer player waits after a move")
    parser.add_argument("--think", type=float, default=1.0, help="seconds a websocket student thinks before a move")
    parser.add_argument("--level", default="expert", help="the computer players' level (random: to see their cost)")
    parser.add_argument("--clients", choices=("websocket", "browser"), default="websocket")
    parser.add_argument("--teacher", action="store_true", help="the teacher's page open throughout (websocket)")
    parser.add_argument("--steps", help="the steps, as table counts such as 32,48 (default: 1, 2, 4, ... --tables)")
    args = parser.parse_args()

    steps = sorted({min(2**k, args.tables) for k in range(args.tables.bit_length() + 1)})
    if args.steps:
        steps = sorted({min(int(count), args.tables) for count in args.steps.split(",")})
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        process, url = start_server(args.tables, args.pace, folder, args.level)
        stack.callback(lambda: stop(process))
        if args.clients == "browser":
            from playwright.sync_api import sync_playwright

            browser = launch_chromium(stack.enter_context(sync_playwright()))
            stack.callback(browser.close)

            def student(name, table):
                return BrowserStudent(browser, url, name, table)
        else:
            from class_clients import Student

            def student(name, table):
                seated = stack.enter_context(contextlib.closing(Student(url)))
                seated.join(name, JOIN, table)
                return seated

        if args.teacher:  # the teacher's desk, open on the projector while the class plays
            from class_clients import Student as Page

            teacher = stack.enter_context(contextlib.closing(Page(url, path="teacher")))
            teacher.type_into("Teacher code", "bench")
            teacher.click(teacher.wait_for(lambda: teacher.button("^Open$")))
        idle = rss_kb(process.pid)
        tables: list[list] = []
        results = []
        print(
            f"{args.clients} students, {args.students} at each table; the computer players at level {args.level}"
            + ("; the teacher's page open" if args.teacher else ""),
            flush=True,
        )
        for step in steps:
            while len(tables) < step:
                number = len(tables) + 1
                tables.append([student(f"S{number}x{k}", number) for k in range(args.students)])
            print(f"{step} table(s) seated: playing", flush=True)  # a profiler may start here
            cpu = cpu_seconds(process.pid), sum(map(cpu_seconds, children(process.pid)))
            together = args.clients == "websocket"  # Playwright's pages take turns, from one thread
            times = play(tables, args.moves, args.think if together else 0.0, together)
            moves = len(times) / max(1, args.students - 1)
            server_ms = (cpu_seconds(process.pid) - cpu[0]) * 1000 / max(1, moves)
            helpers_ms = (sum(map(cpu_seconds, children(process.pid))) - cpu[1]) * 1000 / max(1, moves)
            memory = (rss_kb(process.pid) - idle) / 1024 / step
            workers = children(process.pid)
            results.append((step, p95(times)))
            print(
                f"{step} table(s): click to every other page's view, median {statistics.median(times):.0f} ms, "
                f"p95 {results[-1][1]:.0f} ms over {len(times)} views; "
                f"memory {memory:.1f} MB a table (server {rss_kb(process.pid) / 1024:.0f} MB, and "
                f"{len(workers)} helper process(es) {sum(map(rss_kb, workers)) / 1024:.0f} MB); "
                f"processor time a student's move {server_ms:.0f} ms in the server, {helpers_ms:.0f} ms in its "
                f"helpers (the computers' replies included); "
                f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores",
                flush=True,
            )
        printed = Path(folder) / "server.log"
        lines = printed.read_text(encoding="utf-8").splitlines() if printed.exists() else []
        last = f": {lines[-1]}" if lines else ""
        print(f"the server printed {len(lines)} line(s) while the students played{last}")
        within = [step for step, high in results if high <= GOAL_MS]
        print(
            f"most tables with p95 within {GOAL_MS} ms: {max(within) if within else 0}"
            + (f" (of the {args.tables} tried: more were not measured)" if within and max(within) == steps[-1] else "")
        )


if __name__ == "__main__":
    main()
