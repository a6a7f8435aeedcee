"""The lessons and the class speak one language (issue 34, point 3): each format declared once (teach/class_formats),
a first name and a join code ruled once (teach/joining), the report's reply in JSON, and every file the release
before wrote still read."""

from __future__ import annotations

import http.server
import json
import threading

import pytest

from euchre_lesson.classroom import codes, names
from euchre_lesson.classroom.progress_reports import REPORTS_FILE, LessonReports
from euchre_lesson.classroom.refusals import Refused
from euchre_lesson.engine import formats
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.formats import first_wrong, fits
from euchre_lesson.engine.language import speaking
from euchre_lesson.teach import class_formats, class_report, joining
from euchre_lesson.teach.class_progress import ClassProgress, hand_in, link_lessons, linked
from euchre_lesson.teach.class_report import LINK_FILE, ClassReporter, Link
from euchre_lesson.teach.progress import FILE_NAME, Progress

JOIN = "ACDE"

# Files as the release before this one wrote them (made by its own code, copied here byte for byte).
SAVED_PROGRESS = (
    '{\n "version": 1,\n "answers": {\n  "lesson 1 q1": {\n   "correct": true,\n   "tries": 2,\n   '
    '"answer": "♥",\n   "when": 1765000000.0,\n   "first": false\n  },\n  "lesson 1 q2": {\n   '
    '"correct": true,\n   "tries": 1,\n   "answer": "♠",\n   "when": 1765000000.0,\n   "first": true\n'
    '  }\n },\n "practice": {\n  "score": [\n   [\n    1765000000.0,\n    true\n   ]\n  ]\n }\n}'
)
SAVED_HAND_IN = (
    '{\n "kind": "euchre_lesson hand-in",\n "version": 1,\n "name": "Anne-Marie",\n "answers": {\n  '
    '"lesson 1 q1": {\n   "correct": true,\n   "tries": 2,\n   "first": false\n  },\n  "lesson 1 q2": {\n'
    '   "correct": true,\n   "tries": 1,\n   "first": true\n  }\n }\n}\n'
)
SAVED_ANSWERS = (
    '{\n "format": "euchre_lesson lesson answers",\n "students": {\n  "Ann": {\n   "lesson 1 q1": {\n'
    '    "correct": true,\n    "tries": 2,\n    "first": false\n   }\n  }\n }\n}'
)
SAVED_LINK = (
    '{"kind": "euchre_lesson class link", "server": "http://192.168.1.20:8765/", "join": "acde", "name": "Ann"}'
)
SAVED_REPORT = {
    "join": "acde",
    "name": "Ann",
    "answers": {"lesson 1 q1": {"correct": True, "tries": 2, "first": False}},
}
JOINING = {**SAVED_REPORT, "token": ""}  # a lesson of this release joining: the class gives it a key


def test_every_file_the_release_before_wrote_is_still_read(tmp_path):
    (tmp_path / FILE_NAME).write_text(SAVED_PROGRESS, encoding="utf-8")
    (tmp_path / LINK_FILE).write_text(SAVED_LINK, encoding="utf-8")
    kept = Progress(tmp_path)
    assert kept.answers()["lesson 1 q1"].first is False and kept.practice_results() == {"score": (True,)}
    assert linked(kept) == Link("http://192.168.1.20:8765/", "acde", "Ann")
    (tmp_path / "handed_in").mkdir()
    (tmp_path / "handed_in" / "progress-Anne-Marie.json").write_text(SAVED_HAND_IN, encoding="utf-8")
    seen = ClassProgress(tmp_path / "handed_in")
    assert seen.refused == () and [name for name, _ in seen.lessons()] == ["Anne-Marie"]
    assert dict(seen.students[0].answers)["lesson 1 q2"].first is True
    (tmp_path / "class").mkdir()
    (tmp_path / "class" / REPORTS_FILE).write_text(SAVED_ANSWERS, encoding="utf-8")
    reports = LessonReports(tmp_path / "class", JOIN)
    assert reports.problem == "" and dict(reports.tables().students[0].answers)["lesson 1 q1"].tries == 2
    # A report of the release before is matched by name alone: refused in words (join again), never merged into Ann's.
    with pytest.raises(Refused, match="Join again"):
        reports.receive(json.dumps(SAVED_REPORT).encode())
    joined = reports.receive(json.dumps(JOINING).encode())
    assert joined["name"] == "Ann 2" and [s.name for s in reports.tables().students] == ["Ann", "Ann 2"]
    assert dict(reports.tables().students[0].answers)["lesson 1 q1"].tries == 2, "Ann's answers as they were"


def test_what_the_writers_write_is_of_the_declared_format(tmp_path):
    kept = Progress(tmp_path)
    kept.check(1, "q1", "♣")
    handed = json.loads(hand_in("Ana 2", kept))
    assert fits(class_formats.HAND_IN, handed) and handed["name"] == "Ana 2"
    report = class_report.lesson_report(
        Link("http://127.0.0.1:9/", "acde", "Ana 2"), {key: one.shared() for key, one in kept.answers().items()}
    )
    assert fits(class_formats.LESSON_REPORT, report)
    assert fits(class_formats.REPORT_REPLY, class_formats.report_reply(False, "No."))
    assert not fits(class_formats.LESSON_REPORT, {**report, "marks": "A+"})
    wrong = {**report, "answers": {"lesson 1 q1": {"correct": 1, "tries": 1}}}
    assert first_wrong(class_formats.LESSON_REPORT, wrong) == ("answers", "lesson 1 q1", "correct")
    link_lessons("Ana 2", "127.0.0.1:9", JOIN, kept, ClassReporter(lambda link, answers: link._replace(token="k")))
    assert fits(class_formats.CLASS_LINK, json.loads((tmp_path / LINK_FILE).read_text(encoding="utf-8")))
    (tmp_path / "class").mkdir()
    LessonReports(tmp_path / "class", JOIN).receive(json.dumps(report).encode())
    assert fits(class_formats.KEPT_ANSWERS, json.loads((tmp_path / "class" / REPORTS_FILE).read_text("utf-8")))


def test_each_schema_is_compiled_once_by_the_formats_one_validator():
    formats._validator.cache_clear()
    for _ in range(3):
        fits(class_formats.LESSON_REPORT, SAVED_REPORT)
    assert formats._validator.cache_info().misses == 1
    assert not hasattr(class_formats, "wrong_part") and not hasattr(class_formats, "SCHEMAS"), "one mechanism"


NAMES = ["Ana 2", "Ann", "  Anne-Marie ", "<b>Ann</b>", "J. R.", "=cmd()", "", "   ", "Ann\u0007", "A" * 41, None, 5]


@pytest.mark.parametrize("name", NAMES, ids=repr)
def test_a_name_one_end_accepts_the_other_accepts(tmp_path, name):
    """The class (a student at a table, a report) and the lessons (the link, a hand-in) read a name by one rule."""
    assert names.first_name is joining.first_name, "the class's names are the lessons' rule"
    reports = LessonReports(tmp_path / "class", JOIN)
    (tmp_path / "class").mkdir()
    try:
        reports.receive(json.dumps({**JOINING, "name": name}).encode())
        class_accepts = True
    except Refused as refused:
        class_accepts, why = False, str(refused)
    sent = []
    reporter = ClassReporter(lambda link, answers: sent.append(link) or link._replace(token="a key"))
    try:
        link_lessons(name, "127.0.0.1:9", JOIN, Progress(tmp_path / "mine"), reporter)
        lesson_accepts = True
    except NotationError as refused:
        lesson_accepts = False
        assert str(refused) == why, "the same words at both ends"
    assert lesson_accepts == class_accepts == bool(sent)
    assert class_accepts == (name in ("Ana 2", "Ann", "  Anne-Marie ", "<b>Ann</b>", "J. R.", "=cmd()"))


CODES = ["acde", "ACDE", "AC-DE", " a c d e ", "ac-de ", "", "   ", "x" * 101, 4, None]


@pytest.mark.parametrize("code", CODES, ids=repr)
def test_a_join_code_the_class_accepts_the_lesson_accepts(tmp_path, code):
    reports = LessonReports(tmp_path, JOIN)
    try:
        reports.receive(json.dumps({**JOINING, "join": code}).encode())
        class_accepts = True
    except Refused:
        class_accepts = False
    try:
        joining.typed_join_code(code)
        lesson_accepts = True
    except NotationError:
        lesson_accepts = False
    assert not class_accepts or lesson_accepts, "a code the class takes is refused before it is sent"
    assert class_accepts == (code in ("acde", "ACDE", "AC-DE", " a c d e ", "ac-de "))
    assert codes.same_code("ac-de", JOIN, "join code") and not codes.same_code("ACDF", JOIN, "join code")


def test_a_spreadsheet_reads_a_name_like_a_formula_as_text(tmp_path):
    folder = tmp_path / "handed_in"
    folder.mkdir()
    (folder / "one.json").write_bytes(hand_in("=cmd()", Progress(tmp_path / "mine")))
    rows = ClassProgress(folder).csv_text().splitlines()
    assert rows[1].startswith("'=cmd()")


class Replying(http.server.BaseHTTPRequestHandler):
    """A stand-in for a class's server that replies as it is told: a status and a body."""

    status, body = 200, b""

    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(self.status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(self.body)

    def log_message(self, *args):
        pass


@pytest.fixture
def replying():
    server = http.server.HTTPServer(("127.0.0.1", 0), Replying)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server
    finally:
        server.shutdown()


@pytest.mark.parametrize(
    "status, body, said",
    [
        (200, {"kept": True, "message": "Kept 1 answer for Ann."}, None),
        (403, {"kept": False, "message": "That is not this class's join code: ask your teacher."}, "not this class's"),
        (200, "Kept 1 answer for Ann.", "is not your class's server"),  # text, as a server of another kind might say
        (200, {"kept": "yes", "message": "Kept"}, "is not your class's server"),
        (404, {"detail": "Not Found"}, "is not your class's server"),
    ],
    ids=["kept", "refused", "a text reply", "a reply of another shape", "not found"],
)
def test_the_lesson_reads_the_server_s_reply_as_json(replying, status, body, said):
    Replying.status = status
    Replying.body = (json.dumps(body) if not isinstance(body, str) else body).encode()
    link = Link(f"http://127.0.0.1:{replying.server_port}/", JOIN, "Ann")
    answer = class_report._post(link, {"lesson 1 q1": {"correct": True, "tries": 1}})
    assert answer is None if said is None else said in answer


def test_a_reply_from_another_kind_of_server_is_explained_in_the_learner_s_language(replying):
    Replying.status, Replying.body = 404, b'{"detail": "Not Found"}'
    link = Link(f"http://127.0.0.1:{replying.server_port}/", JOIN, "Ann")
    with speaking("fr"):
        answer = class_report._post(link, {"lesson 1 q1": {"correct": True, "tries": 1}})
    assert answer is not None and "n'est pas le serveur de ta classe" in answer
