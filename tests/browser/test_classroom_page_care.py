"""What a class meets that is not the game: a restart of the server under open pages, and the teacher's page.

Each test starts the real server (python -m euchre_lesson.classroom, see test_classroom_in_browser.ClassServer) and
drives Chromium, every student in a browser context of their own, the network cut but for the loopback address.
"""

from __future__ import annotations

import re

import pytest
from test_classroom_in_browser import (  # noqa: F401 (browsers is a fixture)
    ClassServer,
    browsers,
    join,
    my_turn,
    seated,
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
