"""The lessons report each answer to the class's server: the route checks every report whole and keeps nothing of
one it refuses (a wrong join code, a body too large, an exercise the lessons do not have, a name that is no name);
a kernel's judged answer reaches the route without holding up the lesson, and is sent again once the server answers."""

from __future__ import annotations

import json
import threading
import time

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from euchre_lesson.classroom.progress_reports import REPORT_LIMIT, REPORTS_FILE, LessonReports
from euchre_lesson.classroom.web.progress_page import answers_route
from euchre_lesson.engine.language import speaking
from euchre_lesson.teach import class_report
from euchre_lesson.teach.class_progress import link_lessons, linked, unlink_lessons
from euchre_lesson.teach.class_report import ROUTE, ClassReporter, Link
from euchre_lesson.teach.context import bound, current
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.progress import Progress, exercise_names

JOIN = "ACDE"


def report(**changes) -> bytes:
    """A lesson's report; with no token given, a lesson joining (its token empty: the class gives one)."""
    body = {
        "join": JOIN,
        "name": "Ann",
        "token": "",
        "answers": {"lesson 1 q1": {"correct": True, "tries": 2, "first": False}},
    }
    return json.dumps({**body, **changes}).encode("utf-8")


@pytest.fixture
def served(tmp_path):
    reports = LessonReports(tmp_path, JOIN)
    client = TestClient(Starlette(routes=[answers_route(reports)]))
    return reports, client, tmp_path


def test_a_good_report_is_kept_in_the_class_s_folder_and_read_back_after_a_restart(served):
    reports, client, folder = served
    reply = client.post("/" + ROUTE, content=report())
    said = reply.json()
    assert reply.status_code == 200 and said["kept"] and said["message"] == "You are in as Ann: kept 1 answer."
    assert said["name"] == "Ann" and len(said["token"]) >= 20
    again = client.post(
        "/" + ROUTE,
        content=report(
            name="ann", token=said["token"], answers={"lesson 1 q1": {"correct": True, "tries": 3, "first": True}}
        ),
    )
    assert again.json() == {"kept": True, "message": "Kept 1 answer for Ann."}
    tables = LessonReports(folder, JOIN).tables()  # the server started again
    assert [name for name, _ in tables.lessons()] == ["Ann"], "one key, one learner"
    assert dict((n, d) for n, d, _ in tables.lessons()[0][1])[1] == 1
    assert dict(tables.students[0].answers)["lesson 1 q1"].tries == 3
    assert dict(tables.students[0].answers)["lesson 1 q1"].first is False, "the first try is the one first kept"
    kept = json.loads((folder / REPORTS_FILE).read_text())
    assert kept["students"] == {"Ann": {"lesson 1 q1": {"correct": True, "tries": 3, "first": False}}}
    assert said["token"] not in json.dumps(kept) and list(kept["keys"]) == ["Ann"], "the key's hash, not the key"
    again = client.post("/" + ROUTE, content=report(token=said["token"]))  # the server restarted: the key still works
    assert LessonReports(folder, JOIN).tables().students[0].name == "Ann" and again.json()["kept"]


BAD = {
    "a wrong join code": (report(join="ZZZZ"), 403, "not this class's join code"),
    # Before the join code is right, one reply whatever the body (a 400 for the right code with a bad body was how
    # a stranger told the right code from the wrong ones): no code, not JSON, not UTF-8, nested deep.
    "no join code": (json.dumps({"name": "Ann", "answers": {}}).encode(), 403, "not this class's join code"),
    "a body too large": (report(name="A" + " " * REPORT_LIMIT), 413, "at most 16 KB"),
    "an exercise of no lesson": (
        report(answers={"lesson 99 q1": {"correct": True, "tries": 1}}),
        400,
        "not an exercise of these lessons",
    ),
    "an exercise the lesson has not": (
        report(answers={"lesson 1 q99": {"correct": True, "tries": 1}}),
        400,
        "not an exercise of these lessons",
    ),
    "tries as text": (report(answers={"lesson 1 q1": {"correct": True, "tries": "2"}}), 400, "tries"),
    "a field more": (report(marks="A+"), 400, "nothing else"),
    "an empty name": (report(name="   "), 400, "first name"),
    "a name with a control character": (report(name="Ann\u0007"), 400, "control character"),
    "a name too long": (report(name="A" * 41), 400, "at most 40"),
    "a name that is not text": (report(name=["Ann"]), 400, "first name"),
    "not JSON": (b"{name: Ann", 403, "not this class's join code"),
    "not UTF-8": ('{"name": "Zoë"}'.encode("latin-1"), 403, "not this class's join code"),
    "nested deep": (b"[" * 50 + b"]" * 50, 403, "not this class's join code"),
}


@pytest.mark.parametrize("what", BAD)
def test_a_bad_report_is_refused_in_words_and_nothing_of_it_is_kept(served, what):
    reports, client, folder = served
    body, status, words = BAD[what]
    reply = client.post("/" + ROUTE, content=body)
    said = reply.json()  # JSON, as the lesson reads it: kept or not, and a sentence
    assert reply.status_code == status and said["kept"] is False and words in said["message"], reply.text
    assert said["message"].endswith(".") and "Traceback" not in said["message"] and len(said["message"]) < 300
    assert not (folder / REPORTS_FILE).exists() and reports.tables().students == ()


def test_a_body_too_large_is_refused_before_it_is_read_whole(served):
    reports, client, folder = served

    def chunks():  # no content-length: the route counts what it reads, and stops once the body passes the limit
        for _ in range(1000):
            yield b" " * 1024

    reply = client.post("/" + ROUTE, content=chunks())
    assert reply.status_code == 413 and not (folder / REPORTS_FILE).exists()


def test_a_refused_report_leaves_the_answers_kept_before_as_they_were(served):
    reports, client, folder = served
    client.post("/" + ROUTE, content=report())
    before = (folder / REPORTS_FILE).read_bytes()
    client.post(
        "/" + ROUTE,
        content=report(
            name="Bob",
            answers={"lesson 1 q1": {"correct": True, "tries": 1}, "lesson 1 q99": {"correct": True, "tries": 1}},
        ),
    )
    assert (folder / REPORTS_FILE).read_bytes() == before, "the good half of a bad report is not kept either"


def test_a_kept_file_that_cannot_be_read_is_never_written_over(tmp_path):
    (tmp_path / REPORTS_FILE).write_text("the teacher's own notes")
    reports = LessonReports(tmp_path, JOIN)
    assert "could not be read" in reports.tables().refused[0]
    client = TestClient(Starlette(routes=[answers_route(reports)]))
    assert client.post("/" + ROUTE, content=report()).status_code == 400
    assert (tmp_path / REPORTS_FILE).read_text() == "the teacher's own notes"


# -- the lesson's side: answers judged in a kernel are sent by a thread of its own ------------------------------


class Server:
    """A stand-in for the class's server's network: takes reports when up, fails like a server that is down."""

    def __init__(self, reports: LessonReports):
        self.reports, self.up, self.calls = reports, True, 0
        self.client = TestClient(Starlette(routes=[answers_route(reports)]))

    def post(self, link: Link, answers: dict):
        self.calls += 1
        if not self.up:
            raise OSError("connection refused")
        reply = self.client.post("/" + ROUTE, json=class_report.lesson_report(link, answers))
        return class_report._answer(link, reply.json())  # as the lesson reads the server's reply


def test_answers_typed_and_clicked_in_a_lesson_reach_the_class_and_wait_while_it_is_down(tmp_path, monkeypatch):

    server = Server(LessonReports(tmp_path / "class", JOIN))
    (tmp_path / "class").mkdir()
    monkeypatch.setattr(class_report, "RETRY_AFTER", (0.05,))
    with bound(Progress(tmp_path / "mine"), ClassReporter(server.post)) as lesson:
        answers_reach_the_class(tmp_path, server, lesson.reporter)


def answers_reach_the_class(tmp_path, server, reporter):
    from euchre_lesson.widgets import ask

    current().check(exercises(1).q1, exercises(1).q1.answer())  # typed, before the lessons were linked: sent later
    said = link_lessons(" Anne-Marie ", "127.0.0.1:9", "acde")
    link = linked()
    assert said.startswith("You are in, Anne-Marie") and link is not None and link.token
    assert link == Link("http://127.0.0.1:9/", "acde", "Anne-Marie", link.token), "the key the class gave is kept"
    server.up = False
    clicked = ask("lesson 1 q2")
    wrong = next(choice for choice in clicked.exercise.choices() if not clicked.exercise.judge(choice))
    started = time.monotonic()
    clicked.button_for(wrong).click()
    clicked.check_button.click()  # clicked while the server is down: the lesson does not wait
    assert time.monotonic() - started < 1.0 and Progress(tmp_path / "mine").answers()["lesson 1 q2"].tries == 1
    time.sleep(0.2)
    server.up = True
    assert reporter.wait(10)
    ann = server.reports.tables().students[0]
    assert ann.name == "Anne-Marie" and dict(ann.answers)["lesson 1 q1"].first is True
    assert dict(ann.answers)["lesson 1 q2"].correct is False and dict(ann.answers)["lesson 1 q2"].first is False
    assert server.reports.tables().lessons()[0][1][1] == (1, 1, len(exercise_names(1)))
    unlink_lessons()
    calls = server.calls
    ask("lesson 1 q3").context.keep("lesson 1 q3", exercises(1).q3.check(exercises(1).q3.answer()))
    assert linked() is None and not reporter.waiting and server.calls == calls, "unlinked: nothing sent"


def test_joining_with_a_wrong_code_or_a_server_that_is_not_there_says_so_and_links_nothing(tmp_path):
    mine = Progress(tmp_path / "mine")
    server = Server(LessonReports(tmp_path, JOIN))
    with bound(mine, ClassReporter(server.post)):
        joining_is_refused(mine, server)


def joining_is_refused(mine, server):
    with pytest.raises(ValueError, match="not this class's join code"):
        link_lessons("Ann", "127.0.0.1:9", "ZZZZ", mine)
    assert linked(mine) is None
    server.up = False
    with pytest.raises(ValueError, match="did not answer"):
        link_lessons("Ann", "127.0.0.1:9", JOIN, mine)
    assert linked(mine) is None
    for name, address, code, words in [
        ("Ann\u0007", "127.0.0.1:9", JOIN, "first name"),
        ("A" * 41, "127.0.0.1:9", JOIN, "first name"),
        ("Ann", "not an address", JOIN, "address"),
        ("Ann", "ftp://127.0.0.1:9/", JOIN, "address"),
        ("Ann", "127.0.0.1", JOIN, "port"),
        ("Ann", "127.0.0.1:9", "", "join code"),
    ]:
        with pytest.raises(ValueError, match=words):
            link_lessons(name, address, code, mine)
    assert server.calls == 2 and linked(mine) is None, "a name, address or code that is wrong is not sent"


def test_a_report_that_takes_too_long_never_holds_up_the_lesson(tmp_path):
    from euchre_lesson.widgets import ask

    stuck, joined = threading.Event(), []

    def post(link, answers):  # the server says yes to joining (and gives a key), then never answers
        if joined:
            return stuck.wait(30)
        joined.append(link)
        return link._replace(token="a key")

    with bound(Progress(tmp_path / "mine"), ClassReporter(post)):
        link_lessons("Ann", "127.0.0.1:9", JOIN)
        view = ask("lesson 1 q1")
        view.pick(exercises(1).q1.answer())
        started = time.monotonic()
        for _ in range(5):
            view.check()
    assert time.monotonic() - started < 2.0 and Progress(tmp_path / "mine").answers()["lesson 1 q1"].tries == 5
    stuck.set()


def test_the_contents_page_asks_once_for_name_address_and_join_code(tmp_path, monkeypatch):
    from euchre_lesson.widgets.class_link import ClassLink

    mine = Progress(tmp_path / "mine")
    server = Server(LessonReports(tmp_path, JOIN))
    monkeypatch.setenv("EUCHRE_LESSON_CLASS_SERVER", "192.168.1.20:8765")
    with bound(mine, ClassReporter(server.post)):
        box = ClassLink(mine)
    assert box.server.value == "http://192.168.1.20:8765/", "the address the teacher set is filled in"
    assert "kept on this computer only" in box.said.value and box.leave_tie.layout.display == "none"
    box.name.value, box.code.value = "Ann", "WXYZ"
    box.join_tie.button.click()
    assert "join code" in box.said.value and "✘" in box.said.value
    assert linked(mine) is None
    box.name.value = "Ann\u0007"
    box.join_tie.button.click()
    assert "first name" in box.said.value and linked(mine) is None
    box.name.value, box.code.value = "Ann", "acde"
    box.join_tie.button.click()
    assert "You are in, Ann" in box.said.value and box.leave_tie.layout.display == ""
    again = ClassLink(mine)  # another day, another lesson: nothing to type again
    assert (again.name.value, again.server.value, again.code.value) == ("Ann", "http://192.168.1.20:8765/", "acde")
    assert "as Ann" in again.said.value
    again.leave_tie.button.click()
    assert linked(mine) is None and "no longer sent" in again.said.value


def test_an_address_that_is_not_the_class_s_server_is_told_apart(tmp_path):
    """A real web server that is not the class's: its page (or its 'not found') is not taken for a yes, nor shown."""
    import http.server

    class Other(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            answer = b"<html><body>Welcome to the school's web site</body></html>"
            self.send_response(200 if self.path == "/lessons/answers" else 404)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    other = http.server.HTTPServer(("127.0.0.1", 0), Other)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        mine = Progress(tmp_path / "mine")
        for address in (f"127.0.0.1:{other.server_port}", f"127.0.0.1:{other.server_port}/elsewhere"):
            with pytest.raises(ValueError, match="is not your class's server") as refused:
                link_lessons("Ann", address, JOIN, mine)
            assert "<html>" not in str(refused.value) and linked(mine) is None
    finally:
        other.shutdown()


def test_a_full_disk_refuses_a_report_in_words_without_a_path_and_the_lesson_sends_it_again(served, monkeypatch):
    """Before: the OSError of a full disk left receive() bare; now the route says so in words, as a 503, which the
    lesson reads as "try again" (it keeps the answers), and the class's answers stay as they were."""
    import errno

    from euchre_lesson.classroom import progress_reports

    reports, client, folder = served
    joined = client.post("/" + ROUTE, content=report())
    assert joined.status_code == 200
    kept_before = (folder / progress_reports.REPORTS_FILE).read_bytes()

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(folder / "secret-path"))

    monkeypatch.setattr(progress_reports, "write_atomically", full)
    said = client.post("/" + ROUTE, content=report(token=joined.json()["token"]))
    assert said.status_code == 503, said.text
    assert "the disk is full" in said.json()["message"] and "secret-path" not in said.text
    assert not said.json()["kept"]
    assert (folder / progress_reports.REPORTS_FILE).read_bytes() == kept_before


def test_any_other_failure_of_the_disk_is_told_in_the_words_every_save_failure_uses(served, monkeypatch):
    """An OSError past receive's own (the folder turned read-only as a report is read): the same words as a table's
    failed save, never the system's message with its path."""
    import errno

    reports, client, folder = served

    def read_only(_body):
        raise OSError(errno.EROFS, "Read-only file system", str(folder / "secret-path"))

    monkeypatch.setattr(reports, "receive", read_only)
    said = client.post("/" + ROUTE, content=report())
    assert said.status_code == 503 and not said.json()["kept"]
    assert "the class's folder is read-only" in said.json()["message"] and "secret-path" not in said.text


def test_the_route_answers_in_the_language_the_lesson_asks_for(served):
    # A French lesson's report: every reply in French, from the wrong code to the answers kept; none asked, English.
    reports, client, _folder = served
    french = {"Accept-Language": "fr-FR,fr;q=0.9"}
    wrong = client.post("/" + ROUTE, content=report(join="WXYZ"), headers=french).json()
    assert wrong["message"] == (
        "Ce n'est pas le code de cette classe (ou pas un rapport des leçons) : rien n'a été gardé. Demande à ton "
        "professeur le code de la classe écrit au tableau."
    )
    large = client.post("/" + ROUTE, content=b" " * (REPORT_LIMIT + 1), headers=french)
    assert large.status_code == 413 and large.json()["message"].startswith("Un rapport fait au plus 16 Ko")
    joined = client.post("/" + ROUTE, content=report(), headers=french).json()
    assert joined["message"] == "Te voilà dans la classe sous le nom Ann. Gardé : 1 réponse."
    again = client.post("/" + ROUTE, content=report(token=joined["token"]), headers=french).json()
    assert again["message"] == "Gardé pour Ann : 1 réponse."
    unknown = client.post("/" + ROUTE, content=report(token="x" * 22), headers=french).json()
    assert unknown["message"].startswith("La clé de ces leçons n'est pas une clé de cette classe")
    english = client.post("/" + ROUTE, content=report(join="WXYZ"), headers={"Accept-Language": "de, *"}).json()
    assert english["message"].startswith("That is not this class's join code")


def test_a_lesson_asks_the_class_for_its_replies_in_the_lesson_s_language(monkeypatch):
    sent = []

    def posted(request, timeout):
        sent.append(request)
        raise OSError("no class here")

    monkeypatch.setattr(class_report._DIRECT, "open", posted)
    link = Link("http://127.0.0.1:9", JOIN, "Ann", "")
    with speaking("et"), pytest.raises(OSError):
        class_report._post(link, {})
    assert sent[0].get_header("Accept-language") == "et"


def test_the_reporter_s_thread_asks_for_the_replies_in_the_lesson_s_language():
    """The lesson sends its answers from a thread of its own: it asks in the lesson's language too (a new thread's
    context has none chosen, and the class's replies came back in English)."""
    from euchre_lesson.engine import language

    asked = []

    def post(link, answers):
        asked.append(language.language())
        return {"kept": True, "message": ""}

    reporter = ClassReporter(post)
    with speaking("fr"):
        reporter.report(Link("http://127.0.0.1:9/", JOIN, "Ann", "a-key-the-class-gave"), {"lesson 1 q1": {}})
    assert reporter.wait(10) and asked == ["fr"]
