"""Codes that cannot be guessed in a school day: wrong codes counted per computer and in all, one reply to a report
until its join code is right, join codes long enough, and the teacher remembered in the browser by a cookie."""

from __future__ import annotations

import contextlib
import json
import time

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.codes import JOIN_LETTERS, checked_join_code, join_code
from euchre_lesson.classroom.guard import OVERALL, PER_ADDRESS, TOO_MANY, TOO_MANY_IN_ALL, Guard, guessing_time
from euchre_lesson.classroom.progress_reports import REPORT_LIMIT, LessonReports
from euchre_lesson.classroom.refusals import Refused
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.teach.class_report import ROUTE

JOIN, TEACHER = "KMR-TEX", "teacher-code-for-the-test"
SCHOOL_DAY = 8 * 3600  # seconds


class Clock:
    """A clock a test moves on by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def room(tmp_path):
    return Classroom(tmp_path / "class", level="random", pace=0.0, join=JOIN, teacher=TEACHER)


def wrong(number: int) -> str:
    """The `number`th wrong join code of a guesser (never KMR-TEX)."""
    letters = JOIN_LETTERS[number % 18] + JOIN_LETTERS[number // 18 % 18] + JOIN_LETTERS[number // 324 % 18]
    return "AAA-" + letters


def join_at(guard: Guard, room: Classroom, address: str, code: str):
    return guard.attempt(address, code, lambda: room.join("Ana", code))


# -- the guard ------------------------------------------------------------------------------------------------


def test_ten_wrong_codes_from_one_computer_and_it_waits_while_another_computer_joins(room):
    clock = Clock()
    guard = Guard("join code", clock=clock)
    for number in range(PER_ADDRESS.burst):
        with pytest.raises(NotationError, match="not this class's join code"):
            join_at(guard, room, "10.0.0.7", wrong(number))
    for code in (wrong(99), JOIN):  # refused unread: the right code too, so a guesser learns nothing
        with pytest.raises(Refused) as refused:
            join_at(guard, room, "10.0.0.7", code)
        assert str(refused.value) == TOO_MANY == "Too many wrong codes from this computer: wait a minute and try again."
    assert join_at(guard, room, "10.0.0.8", "kmr tex").name.startswith("Ana"), (
        "another computer joins with the right code"
    )
    clock.now += PER_ADDRESS.every  # one more wrong code comes back every six seconds
    with pytest.raises(NotationError, match="not this class's join code"):
        join_at(guard, room, "10.0.0.7", wrong(100))
    with pytest.raises(Refused, match="Too many"):
        join_at(guard, room, "10.0.0.7", JOIN)
    clock.now += 60.0
    assert join_at(guard, room, "10.0.0.7", JOIN).name.startswith("Ana"), "after a minute, the computer joins"


def test_a_class_mistyping_as_it_joins_never_meets_the_guard(room):
    """25 students, each mistyping twice and typing their mistake again, then joining; their lessons repeating
    yesterday's code with every answer, for an hour: nobody is refused."""
    clock = Clock()
    guard = Guard("join code", clock=clock)
    for student in range(25):
        address = f"10.0.1.{student}"
        for code in (wrong(2 * student), wrong(2 * student + 1), wrong(2 * student + 1), JOIN.lower()):
            with contextlib.suppress(NotationError):
                join_at(guard, room, address, code)
    assert len(room.students) == 25
    for _ in range(60 * 6):  # every ten seconds, from every computer, the old code again
        clock.now += 10.0
        for student in range(25):
            with pytest.raises(NotationError):
                join_at(guard, room, f"10.0.1.{student}", "ACDE")
    assert join_at(guard, room, "10.0.1.0", JOIN).name.startswith("Ana")


def test_many_computers_guessing_together_are_held_to_the_class_s_allowance(room):
    clock = Clock()
    guard = Guard("join code", clock=clock)
    for number in range(OVERALL.burst):
        with pytest.raises(NotationError):
            join_at(guard, room, f"10.1.{number // 250}.{number % 250}", wrong(number))
    with pytest.raises(Refused) as refused:
        join_at(guard, room, "10.2.0.1", JOIN)
    assert str(refused.value) == TOO_MANY_IN_ALL
    clock.now += OVERALL.every
    assert join_at(guard, room, "10.2.0.1", JOIN).name.startswith("Ana"), "a right code spends nothing"
    assert join_at(guard, room, "10.2.0.1", JOIN).name.startswith("Ana")


def test_a_right_code_spends_nothing_and_a_wrong_name_with_it_counts_no_wrong_code(room):
    guard = Guard("join code", clock=Clock())
    for _ in range(3 * OVERALL.burst):
        assert join_at(guard, room, "10.0.0.1", JOIN).name.startswith("Ana")
    for _ in range(3 * PER_ADDRESS.burst):
        with pytest.raises(NotationError, match="first name"):
            guard.attempt("10.0.0.1", JOIN, lambda: room.join("", JOIN))
    assert join_at(guard, room, "10.0.0.1", JOIN).name.startswith("Ana")


def test_the_time_to_guess_half_the_join_codes_is_longer_than_a_school_day():
    codes = len(JOIN_LETTERS) ** 6
    assert codes == 34_012_224 and len(JOIN_LETTERS) == 18
    assert PER_ADDRESS.per_minute() == 10 and OVERALL.per_minute() == 60
    assert guessing_time(codes, OVERALL) > 190 * 24 * 3600, "196 days at the class's allowance"
    assert guessing_time(codes, PER_ADDRESS) > 3 * 365 * 24 * 3600, "over three years from one computer"
    assert guessing_time(18**4, OVERALL) > 14 * 3600 > SCHOOL_DAY, "a kept class's four letters: 14.6 hours"


# -- the join code ----------------------------------------------------------------------------------------------


def test_a_join_code_is_six_letters_in_two_groups_typed_in_any_case_with_or_without_the_dash(tmp_path):
    codes = {join_code() for _ in range(300)}
    assert len(codes) == 300 and all(len(code) == 7 and code[3] == "-" for code in codes)
    room = Classroom(tmp_path / "class", level="random", pace=0.0)
    code = room.join_code
    assert checked_join_code(code) == code and len(code.replace("-", "")) == 6
    letters = code.replace("-", "")
    for typed in (code, letters.lower(), f" {letters[:3]} {letters[3:]} ", f"{letters[:3].lower()}-{letters[3:]}"):
        assert room.join("Ana", typed).name.startswith("Ana"), typed
    assert checked_join_code("kmrtex") == "KMR-TEX" and checked_join_code("ACDE") == "ACDE"
    for bad in ("KMR-TE", "KMR-TEXA", "BMR-TEX", "ACD", "", None, "K" * 1000):
        with pytest.raises(NotationError, match="A join code is 6 letters"):
            checked_join_code(bad)


def test_a_class_kept_with_four_letters_keeps_them_after_a_restart(tmp_path):
    old = Classroom(tmp_path / "class", level="random", pace=0.0, join="ACDE", teacher=TEACHER)
    old.close()
    back = Classroom.restore(tmp_path / "class")
    assert back.join_code == "ACDE" and back.join("Ana", "ac-de").name == "Ana"
    back.close()


# -- the lessons' answers over HTTP -----------------------------------------------------------------------------


def report(**changes) -> bytes:
    """A lesson's report; with no token given, a lesson joining (its token empty: the class gives one)."""
    body = {
        "join": JOIN,
        "name": "Ann",
        "token": "",
        "answers": {"lesson 1 q1": {"correct": True, "tries": 2, "first": False}},
    }
    return json.dumps({**body, **changes}).encode("utf-8")


def client_for(reports: LessonReports, guard: Guard, address: str) -> TestClient:
    from euchre_lesson.classroom.web.progress_page import answers_route

    return TestClient(Starlette(routes=[answers_route(reports, guard)]), client=(address, 50000))


SHAPES = {  # bodies of every shape, each with a join code to put in it (None: a body that holds none)
    "a report": lambda code: report(join=code),
    "no name": lambda code: json.dumps({"join": code, "answers": {}}).encode(),
    "a field more": lambda code: report(join=code, marks="A+"),
    "answers of no exercise": lambda code: report(join=code, answers={"lesson 99 q1": {"correct": True, "tries": 1}}),
    "tries as text": lambda code: report(join=code, answers={"lesson 1 q1": {"correct": True, "tries": "2"}}),
    "a list": lambda code: json.dumps([code]).encode(),
    "not JSON": lambda code: b"{join: " + code.encode() + b"}",
}


def test_a_wrong_code_gets_one_reply_whatever_the_body_so_no_reply_tells_the_code(tmp_path):
    """Before: 403 for a wrong code, 400 for the right one in a bad body. Now every wrong code, in a body of any
    shape, or a body without one, gets the same status and words; only the right code is answered otherwise."""
    reports = LessonReports(tmp_path, JOIN)
    replies = set()
    for number, shape in enumerate(SHAPES.values()):
        for code in (wrong(number), "x" * 101, ""):
            reply = client_for(reports, Guard("join code"), f"10.0.0.{number}").post("/" + ROUTE, content=shape(code))
            replies.add((reply.status_code, reply.text))
    assert len(replies) == 1, replies
    status, text = replies.pop()
    assert status == 403 and "not this class's join code" in json.loads(text)["message"]
    for name, shape in SHAPES.items():
        reply = client_for(reports, Guard("join code"), "10.0.1.1").post("/" + ROUTE, content=shape(JOIN))
        if name in ("a list", "not JSON"):  # no join code to read: the same one reply
            assert (reply.status_code, reply.text) == (status, text)
        else:
            assert (reply.status_code, reply.text) != (status, text), name


def test_wrong_codes_over_http_are_refused_in_words_once_too_many_and_another_computer_still_reports(tmp_path):
    reports = LessonReports(tmp_path, JOIN)
    guard = Guard("join code", clock=Clock())
    guesser = client_for(reports, guard, "10.0.0.66")
    said = [guesser.post("/" + ROUTE, content=report(join=wrong(number))) for number in range(30)]
    assert {reply.status_code for reply in said} == {403}, "a limited code is not told by another status"
    words = [reply.json()["message"] for reply in said]
    assert all("not this class's join code" in one for one in words[: PER_ADDRESS.burst])
    assert words[PER_ADDRESS.burst :] == [TOO_MANY] * (30 - PER_ADDRESS.burst)
    assert guesser.post("/" + ROUTE, content=report()).json()["message"] == TOO_MANY, "the right code unread"
    reply = client_for(reports, guard, "10.0.0.5").post("/" + ROUTE, content=report())
    assert reply.status_code == 200 and reply.json()["kept"] is True


ODD_CODES = ["K" * 101, "K" * 1000, "K" * (REPORT_LIMIT - 300), "\ud800", "K" * 99 + "\udfff", " " * 101, 42, None]


@pytest.mark.parametrize("code", ODD_CODES, ids=lambda code: f"{str(code)[:3]!r}x{len(str(code))}")
def test_a_join_code_too_long_or_odd_is_refused_in_words_never_a_server_error(tmp_path, room, code):
    """Before: HTTP 500 and a traceback in the teacher's terminal for a code holding a lone surrogate (JSON's
    "\ud800"; the test client raises the server's error), and the join form showed Python's codec error."""
    reports = LessonReports(tmp_path, JOIN)
    reply = client_for(reports, Guard("join code"), "10.0.0.9").post("/" + ROUTE, content=report(join=code))
    assert reply.status_code == 403 and "not this class's join code" in reply.json()["message"]
    with pytest.raises(NotationError, match="not this class's join code|must be the short code") as refused:
        room.join("Ana", code)
    assert refused.value.part == "join code", "counted as a wrong code by the guard"
    with pytest.raises(NotationError, match="not this class's teacher code|must be the short code"):
        room.teacher(code)


def test_a_join_code_of_sixteen_megabytes_on_the_join_form_is_refused_in_words_at_once(room):
    guard = Guard("join code", clock=Clock())
    started = time.monotonic()
    with pytest.raises(NotationError, match="The join code must be the short code you were given, not 'KKK"):
        join_at(guard, room, "10.0.0.9", "K" * (16 * 1024 * 1024))
    assert time.monotonic() - started < 1.0


def test_a_body_of_sixteen_megabytes_is_refused_in_words(tmp_path):
    reports = LessonReports(tmp_path, JOIN)
    body = report(join="K" * (16 * 1024 * 1024))
    reply = client_for(reports, Guard("join code"), "10.0.0.9").post("/" + ROUTE, content=body)
    assert reply.status_code == 413 and "at most 16 KB" in reply.json()["message"]


# -- the join form and the teacher's form, on the page (over the websocket) ---------------------------------------


def served_with(room: Classroom, clock: Clock):
    from euchre_lesson.classroom.web.doors import Doors, RememberedTeachers
    from euchre_lesson.classroom.web.served import ServedClass

    doors = Doors(Guard("join code", clock=clock), Guard("teacher code", clock=clock), RememberedTeachers(clock))
    return ServedClass(room, (), LessonReports(room.keeper.folder, room.join_code), doors=doors)


def said_on(rc) -> str:
    """The refusals a page shows (Said's words)."""
    from solara.widgets.widgets import HTML

    return " ".join(
        found.unsafe_innerHTML for found in rc.find(HTML).widgets if found.attributes.get("class") == "class-error"
    )


@contextlib.contextmanager
def a_page():
    """A page's kernel, as Solara starts one for each browser page (the teacher's page hears the class through it)."""
    from solara.server import kernel_context

    page = kernel_context.create_dummy_context()
    with page:
        yield page


def test_the_join_form_refuses_a_computer_after_ten_wrong_codes_while_another_computer_joins(room, monkeypatch):
    import ipyvuetify as v
    import solara

    from euchre_lesson.classroom.web import pages, solara_door

    served = served_with(room, Clock())
    address = ["10.0.0.66"]
    monkeypatch.setattr(solara_door, "page_address", lambda: address[0])
    joined: list[str] = []
    forms = [pages.WithClass(served, [pages.JoinForm(on_joined=joined.append, stale=False)]) for _ in range(2)]
    _, guesser = solara.render(forms[0], handle_error=False)
    name, code = (field.widget for field in guesser.find(v.TextField))
    name.v_model = "Eve"
    for number in range(PER_ADDRESS.burst):
        code.v_model = wrong(number)
        guesser.find(v.Btn, children=["Join"]).widget.click()
        assert "not this class's join code" in said_on(guesser)
    code.v_model = JOIN
    guesser.find(v.Btn, children=["Join"]).widget.click()
    assert said_on(guesser) == TOO_MANY and not joined
    guesser.close()
    address[0] = "10.0.0.5"
    _, student = solara.render(forms[1], handle_error=False)
    name, code = (field.widget for field in student.find(v.TextField))
    name.v_model, code.v_model = "Ana", "kmr-tex"
    student.find(v.Btn, children=["Join"]).widget.click()
    assert len(joined) == 1 and room.student(joined[0]).name == "Ana"
    student.close()


def test_the_teacher_s_form_refuses_a_computer_after_ten_wrong_codes(room, monkeypatch):
    import ipyvuetify as v
    import solara

    from euchre_lesson.classroom.web import pages, solara_door

    served = served_with(room, Clock())
    monkeypatch.setattr(solara_door, "page_address", lambda: "10.0.0.66")
    with a_page():
        _, rc = solara.render(pages.WithClass(served, [pages.TeacherPage()]), handle_error=False)
        code = rc.find(v.TextField).widget
        for number in range(PER_ADDRESS.burst):
            code.v_model = f"guess-{number}"
            rc.find(v.Btn, children=["Open"]).widget.click()
            assert "not this class's teacher code" in said_on(rc)
        code.v_model = TEACHER
        rc.find(v.Btn, children=["Open"]).widget.click()
        assert said_on(rc) == TOO_MANY and not rc.find(v.Btn, children=["Sign out"]).widgets
        rc.close()


# -- the teacher remembered in the browser ------------------------------------------------------------------------


def test_the_teacher_s_page_hands_the_browser_a_ticket_for_an_http_only_strict_cookie(room):
    from euchre_lesson.classroom.web.doors import REMEMBER, RememberedTeachers, teacher_routes

    clock = Clock()
    served = served_with(room, clock)
    client = TestClient(Starlette(routes=teacher_routes(served)))
    ticket, cookie = served.doors.teachers.ticket(TEACHER)
    name = RememberedTeachers.cookie_name(TEACHER)
    reply = client.post("/" + REMEMBER, content=ticket)
    set_cookie = reply.headers["set-cookie"]
    assert reply.status_code == 200 and set_cookie.startswith(f"{name}={cookie};")
    assert {"HttpOnly", "Path=/", "SameSite=strict"} <= {part.strip() for part in set_cookie.split(";")}
    assert served.doors.teachers.valid(TEACHER, {name: cookie}) == cookie
    assert served.doors.teachers.valid("another class's code", {name: cookie}) == ""
    forged = cookie[:-1] + ("1" if cookie.endswith("0") else "0")  # its last letter changed (it may have been 0)
    assert served.doors.teachers.valid(TEACHER, {name: forged}) == "", "a forged signature"
    again = TestClient(Starlette(routes=teacher_routes(served))).post("/" + REMEMBER, content=ticket)
    assert again.status_code == 403 and "set-cookie" not in again.headers, "a ticket is good once"
    late, _ = served.doors.teachers.ticket(TEACHER)
    clock.now += 61.0
    assert client.post("/" + REMEMBER, content=late).status_code == 403, "and for a minute"
    assert client.post("/" + REMEMBER, content="x" * 100_000).status_code == 403


def test_the_teacher_s_page_opens_with_the_cookie_and_signing_out_closes_it_for_good(room):
    import ipyvuetify as v
    import solara
    from solara.lab.utils.cookies import cookies as page_cookies

    from euchre_lesson.classroom.web import pages
    from euchre_lesson.classroom.web.doors import FORGET, RememberedTeachers, teacher_routes
    from euchre_lesson.classroom.web.signing_in import TeacherCookie

    served = served_with(room, Clock())
    name = RememberedTeachers.cookie_name(TEACHER)
    with a_page():
        _, rc = solara.render(pages.WithClass(served, [pages.TeacherPage()]), handle_error=False)
        rc.find(v.TextField).widget.v_model = TEACHER
        rc.find(v.Btn, children=["Open"]).widget.click()
        assert rc.find(v.Btn, children=["Sign out"]).widgets, "the right code opens the desk"
        ticket = rc.find(TeacherCookie).widget.ticket
        cookie = served.doors.teachers.redeem(ticket)
        assert cookie and served.doors.teachers.valid(TEACHER, {name: cookie}) == cookie, "the page's ticket gives it"
        rc.close()
    with a_page():  # the next page's request holds the cookie
        page_cookies.set({name: cookie, "solara-session-id": "x"})
        _, rc = solara.render(pages.WithClass(served, [pages.TeacherPage()]), handle_error=False)
        assert rc.find(v.Btn, children=["Sign out"]).widgets and not rc.find(v.TextField).widgets, "opened at once"
        keeper = rc.find(TeacherCookie).widget
        rc.find(v.Btn, children=["Sign out"]).widget.click()
        assert keeper.forgets == 1 and rc.find(v.Btn, children=["Open"]).widgets, "the browser deletes it"
        assert served.doors.teachers.valid(TEACHER, {name: cookie}) == "", "a copy of it opens nothing more"
        rc.close()
    with a_page():
        page_cookies.set({name: cookie})
        _, rc = solara.render(pages.WithClass(served, [pages.TeacherPage()]), handle_error=False)
        assert rc.find(v.Btn, children=["Open"]).widgets and not rc.find(v.Btn, children=["Sign out"]).widgets
        rc.close()
    client = TestClient(Starlette(routes=teacher_routes(served)), cookies={name: cookie})
    reply = client.post("/" + FORGET)
    assert reply.status_code == 200 and reply.headers["set-cookie"].startswith(f'{name}="";')


def test_solara_keeps_a_page_s_websocket_where_page_address_reads_its_computer():
    """solara_door.page_address reads the page's kernel's websockets (Starlette's, each with its peer): the contract
    checked against the pinned Solara (the browser test reads it on a real server)."""
    import inspect

    from solara.server import kernel_context
    from solara.server import starlette as solara_starlette

    from euchre_lesson.classroom.web import solara_door

    assert "context.kernel.session.websockets.add(websocket)" in inspect.getsource(kernel_context)
    assert "self.ws = ws" in inspect.getsource(solara_starlette.WebsocketWrapper.__init__)
    assert solara_door.page_address() == "", "outside a page: no computer"
    with a_page():
        assert solara_door.page_address() == "", "a page with no connection yet"
