"""A class at one table, as a class uses it: the server started as a command, students in browsers of their own.

The server (python -m euchre_lesson.classroom) runs on a free loopback port for this module and is stopped after;
each student is a browser context of its own (its own storage, so its own seat token), and every request that is
not to the loopback address is aborted: the class must work with the network cut. Every move is a mouse click.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from labdriver import VIEWPORT, free_port
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[2]
JOIN, TEACHER = "ACDE", "teacher-code-for-the-test"
START_SECONDS = 60
GAMES = ("cutthroat", "partnership", "railroad", "twohand")
LOGS: list[Path] = []  # what each server started here printed: kept beside a failed test's photographs
pytestmark = pytest.mark.slow


class ClassServer:
    """python -m euchre_lesson.classroom on a free loopback port, keeping its class in `folder`; it can be killed
    (SIGKILL, as a laptop loses power) and started again on the same folder and port.

    What it prints goes to a file, never a pipe nobody reads: a full pipe would stop the server mid-class."""

    def __init__(self, folder: Path, *options: str):
        self.folder, self.options, self.port = folder, options, free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process, self.printed, self.starts = None, "", 0

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "euchre_lesson.classroom",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--folder",
            str(self.folder),
            "--join-code",
            JOIN,
            "--teacher-code",
            TEACHER,
            "--assets",
            str(ROOT / ".venv" / "classroom-assets"),
            *self.options,
        ]

    def start(self) -> ClassServer:
        """Start the server and wait until it has printed where to join and answers there."""
        self.starts += 1
        log = self.folder.parent / f"{self.folder.name}-server-{self.starts}.log"
        # The server's own fetches go nowhere either: a file missing from the local assets fails the page
        cut = {**os.environ, "SOLARA_ASSETS_CDN": "http://127.0.0.1:9/npm/", "PYTHONUNBUFFERED": "1"}
        with open(log, "w", encoding="utf-8") as out:
            self.process = subprocess.Popen(
                self.command(), cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, text=True, env=cut
            )
        self.log = log
        LOGS.append(log)
        deadline = time.monotonic() + START_SECONDS
        while "Ctrl-C stops" not in log.read_text(encoding="utf-8") or not answers(self.url):
            assert self.process.poll() is None, "the server stopped before serving:\n" + log.read_text()
            assert time.monotonic() < deadline, "the server never answered:\n" + log.read_text()
            time.sleep(0.2)
        self.printed = log.read_text(encoding="utf-8")
        return self

    def kill(self) -> None:
        """Kill the server at once (SIGKILL: nothing is flushed, nothing is closed)."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=15)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=15)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The class's server with one Cutthroat table; its computer players wait (a long pace): students play."""
    served = ClassServer(tmp_path_factory.mktemp("class") / "kept", "--pace", "600", "--seed", "11")
    try:
        served.start()
        yield {"url": served.url, "printed": served.printed, "folder": served.folder, "log": served.log}
    finally:
        served.stop()


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return reply.status == 200
    except OSError:
        return False


@pytest.fixture
def browsers(chromium, shots, request):
    """Opens offline pages (see offline_page); on a failure each one is photographed and its text kept, for review."""
    opened = []

    def open_page(outside: list, viewport: dict = VIEWPORT):
        page = offline_page(chromium, outside, viewport)
        opened.append(page)
        return page

    yield open_page
    for number, page in enumerate(opened):
        if getattr(request.node, "failed", False) and not page.is_closed():
            name = f"FAILED_{request.node.name}_page_{number}"
            page.screenshot(path=shots / f"{name}.png", full_page=True)
            (shots / f"{name}.txt").write_text(page.inner_text("body"), encoding="utf-8")
        page.context.close()
    if getattr(request.node, "failed", False):
        for number, log in enumerate(LOGS):
            if log.exists():
                (shots / f"FAILED_{request.node.name}_server_{number}.log").write_text(log.read_text())


def offline_page(chromium, outside: list, viewport: dict = VIEWPORT):
    """A page in a browser context of its own, every request but the loopback address's aborted (and noted)."""
    context = chromium.new_context(viewport=viewport)

    def offline(route):
        if route.request.url.startswith("http://127.0.0.1:"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", offline)
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    return page


def enter(page, label: str, words: str) -> None:
    """Put `words` in the field `label` at once (as a paste), so that they reach the server in one message.

    Typed key by key, the words go as one message a key, and the page holds a key back while the server has not
    answered the one before (ipywidgets' throttle); a click is never held back, so a quick click on Join can reach
    the server first and be judged with the join code cut short: 1 join in 40 was refused so on a loaded machine.
    One message sent before the click is read before it. Fill each field once before each click that reads it."""
    page.get_by_label(label).fill(words)


def join(page, url: str, name: str, code: str = JOIN) -> None:
    page.goto(url)
    sign_in(page, name, code)


def sign_in(page, name: str, code: str = JOIN, join: str = "Join", language: str = "en") -> None:
    """Fill the join form the page shows, and click Join (`join`, and the fields' labels: in the page's language)."""
    from euchre_lesson.engine.language import _, speaking

    with speaking(language):
        first_name, join_code = _("Your first name"), _("Join code")
    enter(page, first_name, name)
    enter(page, join_code, code)
    page.get_by_role("button", name=join).click()


def said(page) -> str:
    page.locator(".class-error").first.wait_for()
    return page.locator(".class-error").first.inner_text()


def shown(page) -> str:
    return page.locator(".class-student").inner_text()


def my_turn(page) -> bool:
    """Whether the table view marks this page's own seat (at the bottom) as the one to act."""
    return page.locator(".tv-at-bottom.is-to-act").count() == 1


def reload_after_restart(page) -> None:
    """Reload a page whose server restarted: the page may be reloading itself already (Solara's forceRefresh),
    which aborts this reload; either way the page ends loaded afresh."""
    try:
        page.reload()
    except PlaywrightError as error:
        if "ERR_ABORTED" not in error.message:
            raise
        page.wait_for_load_state()


def seated(page) -> None:
    """Wait until the page shows its table: the table view, with this student's hand."""
    page.locator(".tv-hand .tv-card").first.wait_for()


def names(page) -> list[str]:
    """The names at the table, as the page's table view writes them on the seats."""
    return page.locator(".tv-seat .tv-name").all_inner_texts()


def click_and_see(page, target, watched: str = ".class-student") -> None:
    """Click `target` by mouse and wait until the page shows something new in `watched` (the table moved, or it said
    why not)."""
    before = page.locator(watched).inner_text()
    target.click()
    page.wait_for_function(
        "([watched, before]) => document.querySelector(watched).innerText !== before", arg=[watched, before]
    )


# The table view's words of what to do (and the cards chosen to keep): drawn again only from a new picture, never
# as a card is shown moved at once, so a change there is Python's answer to a click.
STATUS = ".tv-status"


LEGAL = ".tv-hand button.tv-card.is-legal"


def move(page) -> None:
    """The student to act makes a move by mouse: the first bid that is not a pass, five cards to keep, a legal card."""
    keep = page.locator(".tv-button-keep")
    choices = page.locator(".tv-button-bid")
    keep.or_(choices).or_(page.locator(LEGAL)).first.wait_for()  # the table view draws its picture whole
    if keep.count():
        wanted = int(re.search(r" of (\d+)", page.locator(".tv-keep-count").inner_text()).group(1))
        for _ in range(wanted):
            click_and_see(page, page.locator(LEGAL + ":not(.is-chosen)").first, STATUS)
        click_and_see(page, keep, STATUS)
        return
    if choices.count():
        words = choices.all_inner_texts()
        chosen = next((i for i, text in enumerate(words) if not text.lower().startswith("pass")), 0)
        click_and_see(page, choices.nth(chosen), STATUS)
        return
    click_and_see(page, page.locator(LEGAL).first, STATUS)


def to_act(pages, seconds: float = 30):
    """The page whose student is to act, once every page agrees on whose turn it is."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        turns = [page for page in pages if my_turn(page)]
        if len(turns) == 1:
            return turns[0]
        time.sleep(0.05)
    raise AssertionError("no single student's page says it is their turn:\n" + "\n---\n".join(map(shown, pages)))


def test_the_server_prints_where_to_join_and_the_codes(server):
    assert server["url"] in server["printed"] and f"Join code: {JOIN}" in server["printed"]
    assert TEACHER in server["printed"] and "█" in server["printed"], "the QR code is drawn in the terminal"


def test_the_server_writes_each_page_s_messages_through_websockets_own_protocol_without_a_warning(browsers, server):
    """The class's server writes a page's messages through websockets' own protocol (classroom/web/wire.py: the
    event loop writes them, the page's thread never waits), which uvicorn calls deprecated: the teacher's terminal
    shows neither that warning nor Solara's about its own direct writes (off: tests/test_class_wire.py)."""
    page = browsers([])
    page.goto(server["url"])
    page.get_by_label("Your first name").wait_for()
    printed = server["log"].read_text(encoding="utf-8")
    assert "sync_ws_write requested but unavailable" not in printed, printed
    assert "deprecated" not in printed, printed


def not_packed(asked: list[str], url: str) -> list[str]:
    """The files asked of the server's CDN proxy (/_solara/cdn/) outside the packages the project packs for it
    (classroom/web/assets.py): each would be fetched from the CDN, which a school's network may not reach."""
    from euchre_lesson.classroom.web.assets import wanted

    proxy = url + "_solara/cdn/"
    packed = tuple(f"{proxy}{package}/" for package in wanted())
    return [asked_for for asked_for in asked if asked_for.startswith(proxy) and not asked_for.startswith(packed)]


def test_the_page_asks_the_cdn_proxy_only_for_the_packed_files_and_draws_its_anywidget(browsers, server):
    """The seat keeper is an anywidget: its front end is anywidget's nbextension, served by the class's server (as
    the table view's is), never fetched through the CDN proxy; the token it keeps finds the seat after a reload."""
    outside: list[str] = []
    asked: list[str] = []
    page = browsers(outside)
    page.on("request", lambda request: asked.append(request.url))
    join(page, server["url"], "Lou")
    page.get_by_text("Welcome, Lou").wait_for()
    page.reload()
    page.get_by_text("Welcome, Lou").wait_for()  # the anywidget read back the token it kept
    assert page.locator(".seat-keeper").count() == 1
    assert any(url.startswith(server["url"] + "jupyter/nbextensions/anywidget/") for url in asked), asked
    assert any(url.startswith(server["url"] + "_solara/cdn/") for url in asked), "the check sees the proxy's requests"
    assert not_packed(asked, server["url"]) == []
    unpacked = server["url"] + "_solara/cdn/anywidget@0.11.0/dist/index.js"  # the check can fail
    assert not_packed([*asked, unpacked], server["url"]) == [unpacked]
    assert outside == [] and page.errors == []


def test_a_wrong_join_code_and_an_empty_name_get_a_clear_message(browsers, server):
    outside = []
    page = browsers(outside)
    join(page, server["url"], "", JOIN)
    assert said(page) == "Type your first name, such as Ana: the name is empty."
    enter(page, "Your first name", "Ana")
    enter(page, "Join code", "WXYZ")
    click_and_see(page, page.get_by_role("button", name="Join"))
    assert said(page).startswith("That is not this class's join code: type the join code on the board")
    assert page.get_by_label("Your first name").count() == 1, "still the join form: nobody joined"
    assert outside == [] and page.errors == []
    page.context.close()


def test_three_students_play_a_whole_cutthroat_hand_by_mouse_with_the_network_cut(browsers, server):
    outside = []
    pages = [browsers(outside) for _ in range(3)]
    students = ("Ana", "Ben", "Cy")
    for page, name in zip(pages, students):
        join(page, server["url"], name)
        page.get_by_role("button", name=re.compile("^Sit at table 1")).click()
        seated(page)
    for page, name in zip(pages, students):  # each page names the others, and its own seat "You"
        page.locator(".tv-name").filter(has_text=re.compile("^Cy$" if name != "Cy" else "^Ben$")).wait_for()
        assert sorted(names(page)) == sorted(["You", *(other for other in students if other != name)])
    assert all("hand 1" in page.locator(".tv-title").inner_text() for page in pages)

    reloaded = refused = False
    while "hand 2" not in pages[0].locator(".tv-title").inner_text():
        page = to_act(pages)
        if not reloaded and page.locator(".tv-trick .tv-slot").count() == 1:
            hand_before = page.locator(".tv-hand .tv-card").all_inner_texts(), names(page)
            page.reload()  # mid-trick: one card is on the table, this student plays next
            seated(page)
            assert (page.locator(".tv-hand .tv-card").all_inner_texts(), names(page)) == hand_before
            assert my_turn(page), "back in the same seat, and still to act"
            reloaded = True
        if not refused and page.locator(LEGAL).count():
            other = next(other for other in pages if other is not page and other.locator(".tv-hand .tv-card").count())
            prompt = other.locator(".tv-prompt").inner_text()
            # not this student's turn: the card is dimmed (aria-disabled, which Playwright waits out unless forced)
            other.locator(".tv-hand button.tv-card").first.click(force=True)
            reason = other.locator(".tv-reason")
            assert reason.inner_text().startswith("Not your turn: "), reason.inner_text()
            assert other.locator(LEGAL).count() == 0 and other.locator(".tv-prompt").inner_text() == prompt
            refused = True
        move(page)
    for page in pages:
        page.get_by_text(re.compile(r"^Hand 1:")).wait_for()
    scores = {page.locator(".tv-score").count() for page in pages}
    assert reloaded and refused and scores == {3}, "three seats' scores on every page"
    assert outside == [] and [page.errors for page in pages] == [[], [], []]
    for page in pages:
        page.context.close()


def test_the_teacher_s_page_asks_for_the_teacher_code_and_seats_a_waiting_student(browsers, server):
    outside = []
    student, teacher = browsers(outside), browsers(outside)
    join(student, server["url"], "Dee")
    student.get_by_text("Choose a table, or wait: your teacher can seat you.").wait_for()
    teacher.goto(server["url"] + "teacher")
    enter(teacher, "Teacher code", "not-the-code")
    teacher.get_by_role("button", name="Open").click()
    assert said(teacher).startswith("That is not this class's teacher code")
    enter(teacher, "Teacher code", TEACHER)
    teacher.get_by_role("button", name="Open").click()
    teacher.locator(".class-qr svg").wait_for()
    assert f"type the join code {JOIN}" in teacher.locator(".class-join").inner_text()
    assert "Dee" in teacher.get_by_text(re.compile("^Waiting to be seated:")).inner_text()
    teacher.get_by_role("button", name="Add a table").click()
    teacher.get_by_text(re.compile(r"^Table 2: ")).wait_for()
    card = teacher.locator(".class-table").filter(has_text=re.compile(r"^Table 2: "))
    card.locator(".v-field").first.click()  # the select's field opens its menu
    teacher.get_by_role("option", name="Dee (waiting)").click()
    card.get_by_role("button", name="Seat Dee here").first.click()
    student.locator(".tv-title").filter(has_text="table 2").wait_for()  # without a click or a reload
    card.get_by_text("Seat 0: Dee").first.wait_for()  # the teacher's card is redrawn on its own page's turn
    assert card.get_by_text("Seat 0: Dee").count() == 1 and "You" in names(student)
    card.get_by_role("button", name="Pause").click()
    student.locator(".tv-prompt").filter(has_text="Your teacher has paused this table: wait a moment.").wait_for()
    assert outside == [] and student.errors == [] and teacher.errors == []
    student.context.close()
    teacher.context.close()


# -- a partnership table, a server that dies mid-hand ------------------------------------------------------------


def table_seen(page) -> dict:
    """What a student's page shows of the table: the heading, who sits where, the hand, the scores, the trick, the
    turn."""
    trick = page.locator(".tv-trick-words")
    return {
        "heading": page.locator(".tv-title").inner_text(),
        "names": names(page),
        "hand": [card.get_attribute("data-card") for card in page.locator(".tv-hand .tv-card").all()],
        "scores": page.locator(".tv-scores").inner_text(),
        "trick": trick.inner_text() if trick.count() else "",
        "turn": my_turn(page),
    }


def mid_trick(page) -> bool:
    """Whether a trick is under way on this page (some of its cards played, not all) and this student is to act."""
    return my_turn(page) and page.locator(".tv-trick:not(.is-won) .tv-slot").count() > 0


def hand_number(page) -> int:
    return int(re.search(r"hand (\d+)", page.locator(".tv-title").inner_text()).group(1))


def play_until_hand(pages, number: int, seconds: float = 300) -> None:
    """The students play by mouse, whoever is to act, until every page shows hand `number` dealt."""
    deadline = time.monotonic() + seconds
    while any(hand_number(page) < number for page in pages):
        assert time.monotonic() < deadline, "the hand never ended:\n" + "\n---\n".join(map(shown, pages))
        ready = [page for page in pages if my_turn(page)]
        if ready:
            move(ready[0])
        else:
            time.sleep(0.05)  # the computer players' turns: they move at the table's pace


@pytest.fixture
def partnership(tmp_path):
    """A class of one partnership table whose computer players move briskly; stopped after the test."""
    served = ClassServer(
        tmp_path / "kept", "--game", "partnership", "--pace", "0.3", "--seed", "5", "--absent-after", "120"
    )
    try:
        yield served.start()
    finally:
        served.stop()


def test_two_students_and_two_computers_play_a_partnership_hand_through_a_server_killed_mid_hand(browsers, partnership):
    outside = []
    pages = [browsers(outside) for _ in range(2)]
    for page, name in zip(pages, ("Gil", "Hana")):
        join(page, partnership.url, name)
        page.get_by_role("button", name=re.compile("^Sit at table 1")).click()
        seated(page)
    pages[0].locator(".tv-name").filter(has_text="Hana").wait_for()
    assert "Gil" in names(pages[1]) and "Hana" in names(pages[0]) and len(names(pages[0])) == 4
    assert all("Partnership" in page.locator(".tv-title").inner_text() for page in pages)

    deadline = time.monotonic() + 300
    while not any(mid_trick(page) for page in pages):  # play by mouse until a trick is under way, a student to act
        assert time.monotonic() < deadline, "no trick was ever under way:\n" + "\n---\n".join(map(shown, pages))
        ready = [page for page in pages if my_turn(page)]
        if ready:
            move(ready[0])
        else:
            time.sleep(0.05)
    before = [table_seen(page) for page in pages]
    kept = json.loads((partnership.folder / "table-1.json").read_text(encoding="utf-8"))
    partnership.kill()  # mid-hand, mid-trick: as a laptop whose battery ran out
    partnership.start()  # the same command on the same folder
    assert "starting" in partnership.printed
    for page in pages:
        reload_after_restart(page)
        seated(page)
    after = [table_seen(page) for page in pages]
    assert after == before, "the same seats, cards, score and trick after the restart"
    assert json.loads((partnership.folder / "table-1.json").read_text(encoding="utf-8"))["game"] == kept["game"]

    number = hand_number(pages[0])
    play_until_hand(pages, number + 1)  # the game goes on from the same trick to the end of the hand
    for page in pages:
        page.locator(".class-review").filter(has_text=f"Hand {number}:").wait_for()
    assert all(page.locator(".tv-score").count() == 2 for page in pages), "two sides"
    assert outside == [] and [page.errors for page in pages] == [[], []]


# -- bad input -----------------------------------------------------------------------------------------------------


def kept_class(folder: Path) -> dict:
    """The class's files as kept on disk: what a refusal must leave as it was."""
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(folder.glob("*.json"))}


def test_a_forged_seat_token_and_a_10000_character_name_are_refused_in_words_and_change_nothing(browsers, server):
    from euchre_lesson.classroom.web.pages import SEAT_KEY  # where a page keeps its token (imports Solara: here)

    outside = []
    page = browsers(outside)
    page.goto(server["url"])
    page.get_by_label("Your first name").wait_for()
    before = kept_class(server["folder"])
    # A student's browser made to claim a seat: a token that looks like one, one far too long, and not a token at all
    for token in ("Q2hlYXRpbmctaXMtbm90LW9r", "x" * 10_000, '{"table": 1, "seat": 0}'):
        page.evaluate("([key, token]) => window.localStorage.setItem(key, token)", [SEAT_KEY, token])
        page.reload()
        page.get_by_text(
            "This browser's seat is not one of this class's any more: join again with your first name "
            "and the join code on the board."
        ).wait_for()
        assert page.get_by_label("Your first name").count() == 1 and page.locator(".tv-table").count() == 0
    enter(page, "Your first name", "N" * 10_000)
    enter(page, "Join code", JOIN)
    click_and_see(page, page.get_by_role("button", name="Join"))
    assert said(page) == (
        "A first name is at most 40 characters; this one has 10,000. Type your first name, perhaps with an initial."
    )
    enter(page, "Join code", "A" * 10_000)
    click_and_see(page, page.get_by_role("button", name="Join"))
    assert said(page).startswith("The join code must be the short code you were given, not ")
    assert len(said(page)) < 200, "the refusal quotes a few characters, not the 10,000"
    assert kept_class(server["folder"]) == before, "nobody joined, no seat changed"
    assert outside == [] and page.errors == []


# -- the teacher's page ----------------------------------------------------------------------------------------


@pytest.fixture
def two_tables(tmp_path):
    """A class of two Cutthroat tables whose computer players move briskly; stopped after the test."""
    served = ClassServer(tmp_path / "kept", "--tables", "2", "--pace", "0.3", "--seed", "21")
    try:
        yield served.start()
    finally:
        served.stop()


def open_desk(teacher, url: str) -> None:
    teacher.goto(url + "teacher")
    enter(teacher, "Teacher code", TEACHER)
    teacher.get_by_role("button", name="Open").click()
    teacher.locator(".class-qr svg").wait_for()


def table_card(teacher, number: int):
    return teacher.locator(".class-table").filter(has_text=re.compile(rf"^Table {number}: "))


def test_the_teacher_moves_a_student_and_runs_a_deal_of_the_day_on_two_tables(browsers, two_tables, shots):
    outside = []
    eve, fay, teacher = browsers(outside), browsers(outside), browsers(outside)
    for page, name in ((eve, "Eve"), (fay, "Fay")):
        join(page, two_tables.url, name)
        page.get_by_role("button", name=re.compile("^Sit at table 1")).click()
        seated(page)
    open_desk(teacher, two_tables.url)
    card = table_card(teacher, 2)
    card.locator(".v-field").first.click()  # the select's field opens its menu
    teacher.get_by_role("option", name="Eve (table 1, seat 0)").click()
    card.get_by_role("button", name="Seat Eve here").first.click()
    eve.locator(".tv-title").filter(has_text="table 2").wait_for()  # her page follows, without a click
    assert "Fay" not in names(eve) and "table 1" in fay.locator(".tv-title").inner_text()
    table_card(teacher, 1).get_by_text("Seat 0: a computer").wait_for()

    # Paused, dealt, let go on (the teacher's clicks are read in turn): a page that shows its table going on shows
    # the new game; a page still showing the old game's turn would be clicked in a game gone by
    paused = "Your teacher has paused this table: wait a moment."
    for number in (1, 2):
        table_card(teacher, number).get_by_role("button", name="Pause").click()
        table_card(teacher, number).get_by_role("button", name="Go on").wait_for()
    for page in (eve, fay):
        page.locator(".tv-prompt").filter(has_text=paused).wait_for()
    teacher.get_by_role("button", name="Deal of the day at every table").click()
    for number in (1, 2):
        table_card(teacher, number).get_by_role("button", name="Go on").click()
        table_card(teacher, number).get_by_role("button", name="Pause").wait_for()
    for page in (eve, fay):
        page.locator(".tv-prompt").filter(has_text=paused).wait_for(state="detached")
        assert hand_number(page) == 1 and set(page.locator(".tv-score-points").all_inner_texts()) == {"0"}
    play_until_hand([eve, fay], 2)  # each student plays hand 1 at their own table, by mouse
    comparison = teacher.locator(".class-comparison")
    for number in (1, 2):  # deal 1, a line for each table: each drawn when its table ends the hand
        comparison.get_by_text(re.compile(rf"^Table {number}: .+\.$")).wait_for()
    assert re.search(r"^Deal 1:\s*Table 1: .+\.\s*Table 2: .+\.$", comparison.inner_text().strip(), re.S)
    assert teacher.get_by_text("The deal of the day, deal by deal").count() == 1
    teacher.screenshot(path=shots / "classroom_deal_of_the_day.png", full_page=True)  # for review
    assert outside == [] and [page.errors for page in (eve, fay, teacher)] == [[], [], []]


# Sends `state` to the server as an update of the page's seat keeper, as no page of the class ever would: through
# Solara's test hook on its widget manager (Solara's version is pinned, as pages.py's use of its internals needs).
SEND_TO_SEAT_KEEPER = """async (state) => {
  const models = await Promise.all(Object.values(solara.debug.widgetManager()._models));
  const keeper = models.find(model => String(model.get('_esm')).includes('seat-keeper'));
  keeper.comm.send({method: 'update', state: state, buffer_paths: []});
}"""


def test_a_malformed_message_changes_nothing_and_the_page_goes_on(browsers, server):
    outside = []
    page = browsers(outside)
    page.goto(server["url"])
    page.get_by_label("Your first name").wait_for()
    before = kept_class(server["folder"])
    for state in ({"token": 42}, {"token": ["Q2hlYXRpbmctaXMtbm90LW9r"]}, {"loaded": "yes"}, {"no such thing": 1}):
        page.evaluate(SEND_TO_SEAT_KEEPER, state)
    sign_in(page, "")  # read after those messages, in turn, by the same page: the server is still there
    assert said(page) == "Type your first name, such as Ana: the name is empty."
    assert kept_class(server["folder"]) == before, "nobody joined, no seat changed"
    page.evaluate(SEND_TO_SEAT_KEEPER, {"token": "x" * 10_000})
    page.get_by_text(
        "This browser's seat is not one of this class's any more: join again with your first name "
        "and the join code on the board."
    ).wait_for()
    assert kept_class(server["folder"]) == before
    sign_in(page, "Ivy")
    page.get_by_text("Welcome, Ivy").wait_for()  # the same page joins as any other
    assert outside == [] and page.errors == []


@pytest.fixture
def short_absence(tmp_path):
    """A class of one Cutthroat table where a seat whose page has gone a second is played by the computer."""
    served = ClassServer(tmp_path / "kept", "--pace", "0.3", "--seed", "8", "--absent-after", "1", "--cull-after", "2s")
    try:
        yield served.start()
    finally:
        served.stop()


def test_a_seat_left_empty_is_played_by_the_computer_until_its_student_returns(browsers, short_absence):
    outside = []
    jo, kim = browsers(outside), browsers(outside)
    for page, name in ((jo, "Jo"), (kim, "Kim")):
        join(page, short_absence.url, name)
        page.get_by_role("button", name=re.compile("^Sit at table 1")).click()
        seated(page)
    context = jo.context
    jo.close(run_before_unload=True)  # Jo's lid shut: her page is gone, her storage (her seat token) kept
    kim.locator(".tv-seat.is-away .tv-name").filter(has_text="Jo").wait_for()  # Kim's page, unasked
    play_until_hand([kim], 2)  # the hand goes on through Jo's turns, a second each: the computer plays them
    back = context.new_page()
    back.goto(short_absence.url)
    seated(back)  # the same seat, hers again: Kim's name across the table, and no seat marked away
    assert "Kim" in names(back)
    kim.locator(".tv-seat.is-away").wait_for(state="detached")  # Kim's page says so, without a click
    assert outside == [] and kim.errors == []  # Jo's new page is in her context: the network cut there too


@pytest.fixture
def one_student(tmp_path):
    """A class of one Cutthroat table whose two computer players move briskly."""
    served = ClassServer(tmp_path / "kept", "--pace", "0.3", "--seed", "4")
    try:
        yield served.start()
    finally:
        served.stop()


def test_a_student_asks_a_hint_undoes_a_move_and_reads_the_hand_s_review_and_her_coach_s(browsers, one_student, shots):
    outside = []
    ana = browsers(outside)
    join(ana, one_student.url, "Ana")
    ana.get_by_role("button", name=re.compile("^Sit at table 1")).click()
    to_act([ana], 60)
    ana.get_by_role("button", name="Hint").click()
    hint = ana.locator(".tv-prompt").filter(has_text="Hint: ")
    hint.wait_for()
    assert len(hint.inner_text()) > len("Hint: ") + 10, "the hint says what to do, in words"
    before = table_seen(ana)
    move(ana)
    assert table_seen(ana) != before
    ana.get_by_role("button", name="Undo").click()  # the only student at the table: her press is the table's
    deadline = time.monotonic() + 30
    while table_seen(ana) != before:  # Undo takes the table back to the moment before her move
        assert time.monotonic() < deadline, f"after Undo: {table_seen(ana)}, before the move: {before}"
        time.sleep(0.1)
    play_until_hand([ana], 2)
    review = ana.locator(".class-review")
    review.wait_for()
    assert review.inner_text().startswith("Hand 1:") and ana.locator(".class-review-story li").count() > 0
    # Issue 37, 5: the coach after the hand comes by itself, for her seat alone: no button to press first.
    assert ana.get_by_role("button", name=re.compile("Grade my decisions")).count() == 0
    ana.locator(".class-grades li").first.wait_for()
    coach = ana.locator(".class-coach")
    coach.wait_for()
    assert "accurate" in coach.inner_text()
    if ana.locator(".class-worst").count():  # a decision below Good: its rule and lesson, and a second try
        links = [a.get_attribute("href") for a in ana.locator(".class-worst a").all()]
        assert any("13_rule_book.ipynb#" in (href or "") for href in links), links
        again = ana.locator(".class-try-again button")
        if again.count():
            again.first.click()
            ana.locator(".class-retry").wait_for()
            assert "chance of winning the game" in ana.locator(".class-retry").inner_text()
    ana.screenshot(path=shots / "classroom_review.png", full_page=True)  # for review
    assert outside == [] and ana.errors == []


# -- a projector, a phone, a desktop ----------------------------------------------------------------------------

SIZES = {"phone": (390, 844), "projector": (1280, 720), "desktop": (1920, 1080)}
BOX = """selector => {
  const drawn = document.querySelector(selector).getBoundingClientRect();
  return [drawn.left, drawn.top, drawn.right, drawn.bottom];
}"""


def box(page, selector: str) -> list[float]:
    """Where the first element `selector` finds is drawn: [left, top, right, bottom], in CSS pixels."""
    return page.evaluate(BOX, selector)


def inside(drawn: list[float], width: int, height: int) -> bool:
    return drawn[0] >= 0 and drawn[1] >= 0 and drawn[2] <= width and drawn[3] <= height


@pytest.fixture
def three_tables(tmp_path):
    """A class of three Cutthroat tables whose computer players wait: the teacher's page as a class starts."""
    served = ClassServer(tmp_path / "kept", "--tables", "3", "--pace", "600", "--seed", "31")
    try:
        yield served.start()
    finally:
        served.stop()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_teacher_s_page_is_compact_and_its_join_screen_reads_from_the_back_of_a_room(
    browsers, three_tables, shots, size
):
    width, height = SIZES[size]
    outside: list[str] = []
    teacher = browsers(outside, {"width": width, "height": height})
    open_desk(teacher, three_tables.url)
    table_card(teacher, 3).wait_for()
    teacher.screenshot(path=shots / f"classroom_teacher_{width}x{height}.png", full_page=True)
    tall = teacher.evaluate("document.documentElement.scrollHeight")
    if size != "phone":  # three tables side by side: each card whole on the first screen (1,459 px tall before)
        assert all(inside(box(teacher, f".class-table:nth-child({n})"), width, height) for n in (1, 2, 3)), tall
        assert tall <= height * 1.25, tall
    teacher.get_by_role("button", name="Join screen").click()
    teacher.locator(".class-join-screen").wait_for()
    teacher.screenshot(path=shots / f"classroom_join_{width}x{height}.png")
    code = teacher.locator(".class-join-code")
    assert code.inner_text() == JOIN and three_tables.url in teacher.locator(".class-join-address").inner_text()
    assert teacher.evaluate("parseFloat(getComputedStyle(document.querySelector('.class-join-code')).fontSize)") >= 64
    qr = box(teacher, ".class-join-qr svg")
    assert qr[3] - qr[1] >= 0.4 * min(height, 720 if size == "phone" else height), qr  # 40% of a projector's 720
    for drawn in (qr, box(teacher, ".class-join-code"), box(teacher, ".class-join-address")):
        assert inside(drawn, width, height), (drawn, width, height)  # the whole join screen without scrolling
    teacher.get_by_role("button", name="Back to the tables").click()
    table_card(teacher, 1).wait_for()
    assert outside == [] and teacher.errors == []


@pytest.fixture(params=sorted(GAMES))
def one_game(request, tmp_path):
    """A class of one table of each game in turn, its computer players brisk."""
    served = ClassServer(tmp_path / "kept", "--game", request.param, "--pace", "0.3", "--seed", "7")
    try:
        yield request.param, served.start()
    finally:
        served.stop()


def all_inside(page, selector: str, width: int, height: int | None) -> list:
    """The boxes `selector` finds that are not inside the viewport (only its width, without a height)."""
    boxes = page.evaluate(
        "selector => [...document.querySelectorAll(selector)].map(e => { const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })",
        selector,
    )
    return [drawn for drawn in boxes if not inside(drawn, width, height if height else 10**6)]


def test_every_game_s_table_is_one_table_view_at_every_size_and_the_teacher_projects_it(browsers, one_game, shots):
    """A student's table in the one table view at a phone's, a projector's and a desktop's size (the table and its
    buttons without scrolling on the projector), asking the CDN proxy for nothing unpacked; the teacher shows the
    same table at projector size, no hand face up until Show every hand."""
    game, served = one_game
    outside: list[str] = []
    asked: list[str] = []
    student = browsers(outside, {"width": 1280, "height": 720})
    student.on("request", lambda request: asked.append(request.url))
    join(student, served.url, "Ana")
    student.get_by_role("button", name=re.compile("^Sit at table 1")).click()
    seated(student)
    to_act([student], 60)
    student.locator(".tv-button-bid").or_(student.locator(LEGAL)).first.wait_for()
    assert student.locator(".tv-table").count() == 1 and "Ana" not in names(student)  # her own seat is "You"
    for width, height in sorted(SIZES.values()):
        student.set_viewport_size({"width": width, "height": height})
        student.wait_for_timeout(300)  # the table view lays itself out for its new width
        student.screenshot(path=shots / f"classroom_student_{game}_{width}x{height}.png")
        whole = height if width >= 1280 else None  # a phone scrolls down, never sideways
        for selector in (".tv-felt", ".tv-button", ".tv-hand .tv-card", ".tv-prompt"):
            assert all_inside(student, selector, width, whole) == [], (selector, width, height)
    assert not_packed(asked, served.url) == [] and any("nbextensions/anywidget" in url for url in asked)

    teacher = browsers(outside, {"width": 1280, "height": 720})
    open_desk(teacher, served.url)
    table_card(teacher, 1).get_by_role("button", name="Show on the projector").click()
    teacher.locator(".class-projected .tv-table").wait_for()
    face_up = teacher.locator(".class-projected .tv-seat .tv-card, .class-projected .tv-hand .tv-card")
    assert face_up.count() <= 1, "no hand face up: at most the up-card the dealer took, which everyone saw"
    assert all_inside(teacher, ".class-projected .tv-felt", 1280, 720) == []
    teacher.screenshot(path=shots / f"classroom_projector_{game}_1280x720.png")
    teacher.get_by_role("button", name="Show every hand").click()
    face_up.nth(9).wait_for()  # every hand face up: five cards each, two hands at least
    teacher.screenshot(path=shots / f"classroom_projector_{game}_every_hand_1280x720.png")
    teacher.get_by_role("button", name="Hide the hands").click()
    teacher.get_by_role("button", name="Back to the tables").click()
    table_card(teacher, 1).wait_for()
    assert outside == [] and student.errors == [] and teacher.errors == []
