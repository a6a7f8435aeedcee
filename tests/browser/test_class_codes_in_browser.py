"""The class's codes on the real server: wrong join codes counted per computer over HTTP and the page's websocket
alike (one guard), another computer unhindered; the teacher remembered in Chromium by an HttpOnly, SameSite=Strict
cookie across reloads, until Sign out."""

from __future__ import annotations

import http.client
import json
import time

import pytest
from class_clients import Student
from test_classroom_in_browser import JOIN, TEACHER, ClassServer, browsers, enter  # noqa: F401 (a fixture)

from euchre_lesson.classroom.guard import PER_ADDRESS, TOO_MANY

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A server of its own: its guard counts this module's wrong codes only."""
    served = ClassServer(tmp_path_factory.mktemp("codes") / "kept", "--pace", "600", "--seed", "5")
    try:
        yield served.start()
    finally:
        served.stop()


def report_from(server: ClassServer, source: str, code: str) -> tuple[int, dict]:
    """POST a lesson's report with `code`, from the loopback address `source` (127.0.0.x: another computer)."""
    body = {
        "join": code,
        "name": "Ann",
        "token": "",
        "answers": {"lesson 1 q1": {"correct": True, "tries": 1, "first": True}},
    }
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30, source_address=(source, 0))
    try:
        connection.request("POST", "/lessons/answers", json.dumps(body), {"Content-Type": "application/json"})
        reply = connection.getresponse()
        return reply.status, json.loads(reply.read())
    finally:
        connection.close()


def test_wrong_codes_over_http_and_the_join_form_meet_one_guard_and_another_computer_still_reports(server):
    said = [report_from(server, "127.0.0.1", f"ACD-EF{letter}") for letter in "ACDEFHJKMNPR"]
    assert [status for status, _ in said] == [403] * 12
    assert all("not this class's join code" in reply["message"] for _, reply in said[: PER_ADDRESS.burst])
    assert [reply["message"] for _, reply in said[PER_ADDRESS.burst :]] == [TOO_MANY] * 2
    assert report_from(server, "127.0.0.1", JOIN) == (403, {"kept": False, "message": TOO_MANY})
    assert report_from(server, "127.0.0.2", JOIN)[0] == 200, "another computer's report is kept"
    student = Student(server.url)  # the page's websocket, from 127.0.0.1: the same computer, the same guard
    try:
        keeper = student.wait_for(student._seat_keeper)
        student._send(
            "comm_msg", {"comm_id": keeper, "data": {"method": "update", "state": {"loaded": True}, "buffer_paths": []}}
        )
        student.type_into("Your first name", "Eve")
        student.type_into("Join code", JOIN)
        student.click(student.wait_for(lambda: student.button("^Join$")))
        assert student.wait_for(lambda: student.shows(TOO_MANY), 30)
    finally:
        student.close()


def teacher_cookies(page) -> list[dict]:
    return [cookie for cookie in page.context.cookies() if cookie["name"].startswith("euchre-teacher-")]


def test_the_teacher_s_page_remembers_the_teacher_across_reloads_until_sign_out(browsers, server):
    teacher = browsers([])
    teacher.goto(server.url + "teacher")
    enter(teacher, "Teacher code", TEACHER)
    teacher.get_by_role("button", name="Open").click()
    teacher.get_by_role("button", name="Sign out").wait_for()
    deadline = time.monotonic() + 30
    while not teacher_cookies(teacher):
        assert time.monotonic() < deadline, "the browser never got the teacher's cookie"
        time.sleep(0.1)
    (cookie,) = teacher_cookies(teacher)
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/"
    assert teacher.evaluate("document.cookie").find("euchre-teacher-") == -1, "no script reads it"
    for _ in range(2):
        teacher.reload()
        teacher.get_by_role("button", name="Sign out").wait_for()
        assert teacher.get_by_label("Teacher code").count() == 0, "the desk opens without the code"
    teacher.get_by_role("button", name="Sign out").click()
    teacher.get_by_role("button", name="Open").wait_for()
    deadline = time.monotonic() + 30
    while teacher_cookies(teacher):
        assert time.monotonic() < deadline, "the browser kept the teacher's cookie after Sign out"
        time.sleep(0.1)
    teacher.reload()
    teacher.get_by_role("button", name="Open").wait_for()
    assert teacher.get_by_role("button", name="Sign out").count() == 0
