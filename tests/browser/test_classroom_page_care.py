"""What a class meets that is not the game: a restart of the server under open pages, and the teacher's page.

Each test starts the real server (python -m euchre_lesson.classroom, see test_classroom_in_browser.ClassServer) and
drives Chromium, every student in a browser context of their own, the network cut but for the loopback address.
"""

from __future__ import annotations

import re

import pytest
from test_classroom_in_browser import (  # noqa: F401 (browsers is a fixture)
    SIZES,
    ClassServer,
    browsers,
    join,
    my_turn,
    open_desk,
    seated,
    table_card,
)

pytestmark = pytest.mark.slow


@pytest.fixture
def waiting_computers(tmp_path):
    """A class of one Cutthroat table whose computer players wait (a long pace): only the student moves."""
    served = ClassServer(tmp_path / "kept", "--pace", "600", "--seed", "11")
    try:
        yield served.start()
    finally:
        served.stop()


def test_an_open_page_says_reconnecting_while_the_server_restarts_then_plays_its_seat_again(
    browsers,  # noqa: F811 (the fixture imported above)
    waiting_computers,
):
    outside: list[str] = []
    page = browsers(outside)
    join(page, waiting_computers.url, "Ann")
    page.get_by_role("button", name=re.compile("^Sit at table 1")).click()
    seated(page)
    assert my_turn(page), "seed 11: the student bids first"
    reconnecting = page.locator(".class-reconnecting")
    assert not reconnecting.is_visible()
    waiting_computers.kill()  # as a laptop whose battery ran out
    reconnecting.wait_for(state="visible", timeout=10_000)
    assert reconnecting.inner_text() == "Reconnecting…"
    waiting_computers.start()  # the same command, folder and port: nobody touches the page
    page.locator(".class-reconnecting").wait_for(state="hidden", timeout=30_000)
    seated(page)
    assert my_turn(page) and "hand 1" in page.locator(".tv-title").inner_text()
    page.get_by_role("button", name="Pass").click()  # a click plays: the turn passes to a computer
    page.locator(".tv-status").filter(has_text="Waiting for West").wait_for()
    assert not my_turn(page) and not page.locator(".class-reconnecting").is_visible()
    assert outside == [] and page.errors == []


# -- the teacher's page ------------------------------------------------------------------------------------------


@pytest.fixture
def two_waiting_tables(tmp_path):
    """A class of two Cutthroat tables whose computer players wait (a long pace): only the students move."""
    served = ClassServer(tmp_path / "kept", "--tables", "2", "--pace", "600", "--seed", "11")
    try:
        yield served.start()
    finally:
        served.stop()


def test_the_teacher_changes_a_game_deals_again_after_asking_and_removes_a_table_and_students_are_told(
    browsers,  # noqa: F811 (the fixture imported above)
    two_waiting_tables,
    shots,
):
    outside: list[str] = []
    eve, teacher = browsers(outside), browsers(outside)
    # Without the beacon a closing page sends, Eve's old page's kernel outlives her reload (until Solara culls it)
    # while the loop of its websocket is closed: as when the beacon is lost, or comes after the table next changes
    join(eve, two_waiting_tables.url + "?solara-no-close-beacon", "Eve")
    eve.get_by_role("button", name=re.compile("^Sit at table 1")).click()
    seated(eve)
    open_desk(teacher, two_waiting_tables.url)

    second = table_card(teacher, 2)  # table 2 becomes a partnership table: nothing played there yet
    second.locator(".v-field").filter(has_text="Game").click()
    teacher.get_by_role("option", name="Partnership Euchre").click()
    second.get_by_text("Start a new game of Partnership Euchre at this table? Its scores start again").wait_for()
    second.get_by_role("button", name="Yes, change the game").click()
    table_card(teacher, 2).get_by_text(re.compile("^Table 2: Partnership Euchre")).wait_for()

    gus = browsers(outside)  # Gus waits; the teacher seats him at table 2
    join(gus, two_waiting_tables.url, "Gus")
    gus.get_by_text("Welcome, Gus").wait_for()
    second.locator(".v-field").filter(has_text="Student to seat").click()
    teacher.get_by_role("option", name="Gus (waiting)").click()
    second.get_by_role("button", name="Seat Gus here").first.click()
    seated(gus)
    second.get_by_text("Seat 0: Gus").wait_for()
    assert "Gus (waiting)" not in teacher.inner_text("body"), "the list chooses nobody once Gus sits"
    assert second.get_by_role("button", name=re.compile("^Seat Gus here")).count() == 0

    assert my_turn(eve), "seed 11: Eve bids first"
    eve.get_by_role("button", name="Pass").click()
    eve.locator(".tv-status").filter(has_text="Waiting for West").wait_for()
    first = table_card(teacher, 1)
    first.get_by_role("button", name="Deal again").click()
    first.get_by_text("Deal this hand again, from the same cards?").wait_for()
    assert not my_turn(eve), "only asked: nothing dealt yet"
    first.get_by_role("button", name="Yes, deal again").click()
    eve.locator(".tv-prompt").filter(has_text="Your teacher dealt this hand again").wait_for()
    assert my_turn(eve)

    eve.reload()  # her old page's kernel goes; the class must not tell the teacher of it
    seated(eve)
    first.get_by_role("button", name="Pause").click()
    first.get_by_role("button", name="Go on").click()
    first.get_by_role("button", name="Pause").wait_for()
    eve.get_by_role("button", name="Pass").click()  # a student acts: the notice has been read
    eve.locator(".tv-status").filter(has_text="Waiting for West").wait_for()
    assert eve.locator(".tv-prompt").filter(has_text="Your teacher dealt").count() == 0

    teacher.get_by_role("button", name="Deal of the day at every table").click()
    table_card(teacher, 2).get_by_text(re.compile("^Table 2: Partnership Euchre, hand 1")).wait_for()
    assert "Cutthroat Euchre" in table_card(teacher, 1).inner_text(), "each table its own game"
    for size, (width, height) in SIZES.items():
        teacher.set_viewport_size({"width": width, "height": height})
        eve.set_viewport_size({"width": width, "height": height})
        teacher.screenshot(path=shots / f"classroom_teacher_{size}.png", full_page=True)  # for review
        eve.screenshot(path=shots / f"classroom_student_{size}.png", full_page=True)
        gus.set_viewport_size({"width": width, "height": height})
        gus.screenshot(path=shots / f"classroom_student_partnership_{size}.png", full_page=True)

    assert teacher.locator(".class-error").count() == 0, teacher.locator(".class-error").all_inner_texts()
    first.get_by_role("button", name="Remove the table").click()
    first.get_by_role("button", name="Yes, remove the table").click()
    eve.get_by_text("Welcome, Eve").wait_for()  # her page shows the tables to choose from, and why
    eve.get_by_text("Your teacher removed table 1: choose another table, or wait to be seated.").wait_for()
    table_card(teacher, 1).wait_for(state="detached")
    teacher.wait_for_function("() => document.querySelectorAll('.class-table').length === 1")
    assert "Event loop is closed" not in teacher.inner_text("body")
    assert "Event loop is closed" not in two_waiting_tables.log.read_text(encoding="utf-8"), "nor in the terminal"
    assert teacher.locator(".class-error").count() == 0, teacher.locator(".class-error").all_inner_texts()
    assert outside == [] and eve.errors == [] and gus.errors == [] and teacher.errors == []


# Cuts this page's websocket for `ms` milliseconds, as a school's wifi drops: the socket is closed, and every new one
# is sent to a closed port until then (Solara's front end keeps trying, its page on the server kept meanwhile).
CUT_THE_WIFI = """ms => {
  const settings = solara.debug.kernel().serverSettings;
  const Real = settings.WebSocket;
  const until = Date.now() + ms;
  const cut = function (url, ...rest) {
    return new Real(Date.now() < until ? url.replace(/:[0-9]+\\//, ":9/") : url, ...rest);
  };
  Object.assign(cut, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  Object.defineProperty(settings, "WebSocket", { value: cut, configurable: true });
  return solara.debug.dropConnection();
}"""


def test_a_page_back_from_a_dropped_connection_shows_what_changed_while_it_was_away(
    browsers,  # noqa: F811 (the fixture imported above)
    waiting_computers,
):
    outside: list[str] = []
    page, teacher = browsers(outside), browsers(outside)
    join(page, waiting_computers.url, "Ann")
    page.get_by_role("button", name=re.compile("^Sit at table 1")).click()
    seated(page)
    open_desk(teacher, waiting_computers.url)
    assert page.evaluate(CUT_THE_WIFI, 6000)
    page.locator(".class-reconnecting").wait_for(state="visible")
    page.wait_for_timeout(1500)  # the server has seen the socket close, and the loop of its thread closed with it
    table_card(teacher, 1).get_by_role("button", name="Pause").click()  # while Ann's page is away
    table_card(teacher, 1).get_by_role("button", name="Go on").wait_for()
    page.locator(".class-reconnecting").wait_for(state="hidden", timeout=30_000)
    page.locator(".tv-prompt").filter(has_text="Your teacher has paused this table").wait_for(timeout=10_000)
    assert page.evaluate("() => solara.debug.reconnectCount") >= 1, "the same page, reconnected: not loaded again"
    assert outside == [] and page.errors == [] and teacher.errors == []
