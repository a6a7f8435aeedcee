"""A student is a seat, not a name (issue 36, point 6): the lessons report with the key the class gave them when they
joined, never by a name alone; two students of one name are told apart (Ava, Ava 2) on every page and in every
CSV; names are read in one spelling (NFC) and look-alikes are flagged to the teacher; an exercise has one spelling;
hand-ins are signed; every CSV cell is safe from a spreadsheet's formulas; wrong-typed input is refused in words."""

from __future__ import annotations

import csv
import io
import json
import unicodedata

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from euchre_lesson import CUTTHROAT, new_game
from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.progress_reports import (
    JOIN_BURST,
    JOIN_EVERY,
    MOST_STUDENTS,
    REPORTS_FILE,
    LessonReports,
)
from euchre_lesson.classroom.refusals import Refused
from euchre_lesson.classroom.seat_view import NOTHING_OWN, seat_view
from euchre_lesson.classroom.web.progress_page import answers_route
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.language import speaking
from euchre_lesson.teach import class_report
from euchre_lesson.teach.class_progress import (
    CLASS_KEY_FILE,
    ClassProgress,
    ClassTables,
    Student,
    Tries,
    hand_in,
    make_class_key,
)
from euchre_lesson.teach.class_report import ROUTE
from euchre_lesson.teach.joining import first_name, look_alikes
from euchre_lesson.teach.progress import Progress

JOIN = "ACDE"
ONE = {"lesson 1 q1": {"correct": True, "tries": 1, "first": True}}


class Clock:
    """A clock the test moves on by hand."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def body(**fields) -> bytes:
    return json.dumps({"join": JOIN, "name": "Ann", "token": "", "answers": ONE, **fields}).encode("utf-8")


@pytest.fixture
def served(tmp_path):
    reports = LessonReports(tmp_path, JOIN)
    return reports, TestClient(Starlette(routes=[answers_route(reports)]))


def post(client, **fields) -> dict:
    return client.post("/" + ROUTE, content=body(**fields)).json()


# -- 1. the lessons report with the key the class gave them ----------------------------------------------------------


def test_a_report_under_ann_s_name_without_her_key_never_reaches_her_answers(served):
    reports, client = served
    ann = post(client)
    assert ann["kept"] and ann["name"] == "Ann" and len(ann["token"]) >= 20
    forged = {"lesson 1 q1": {"correct": False, "tries": 999_999, "first": False}}
    old_style = client.post("/" + ROUTE, json={"join": JOIN, "name": "Ann", "answers": forged}).json()
    assert not old_style["kept"] and "Join again" in old_style["message"], "a report by name alone is refused"
    made_up = post(client, token="x" * 22, answers=forged)
    assert not made_up["kept"] and "not one of this class's" in made_up["message"]
    another = post(client, answers=forged)  # another joins as Ann: kept apart, as Ann 2
    assert another["kept"] and another["name"] == "Ann 2"
    rows = {student.name: dict(student.answers)["lesson 1 q1"] for student in reports.tables().students}
    assert rows == {"Ann": Tries(True, 1, True), "Ann 2": Tries(False, 999_999, False)}, "Ann's record as it was"
    assert post(client, token=ann["token"], name="Zed")["message"] == "Kept 1 answer for Ann.", "the key, not the name"


def test_the_lesson_keeps_the_key_the_class_gave_and_reports_with_it(tmp_path):
    reports = LessonReports(tmp_path / "class", JOIN)
    (tmp_path / "class").mkdir()
    client = TestClient(Starlette(routes=[answers_route(reports)]))
    sent = []

    def network(link, answers):
        sent.append(class_report.lesson_report(link, answers))
        return class_report._answer(link, client.post("/" + ROUTE, json=sent[-1]).json())

    first, second = Progress(tmp_path / "ann"), Progress(tmp_path / "other ann")
    said = class_report.link_lessons(first.folder, "Ann", "127.0.0.1:9", JOIN, {}, class_report.ClassReporter(network))
    said_2 = class_report.link_lessons(
        second.folder, "ann", "127.0.0.1:9", JOIN, {}, class_report.ClassReporter(network)
    )
    assert said.startswith("You are in, Ann:") and said_2.startswith("You are in, ann 2:")
    link = class_report.read_link(first.folder)
    assert link is not None and link.token and link.token not in repr(link), "kept, and never printed"
    assert sent[0]["token"] == "", "joining asks for a key"
    reporter = class_report.ClassReporter(network)
    reporter.report(link, {"lesson 1 q2": {"correct": True, "tries": 1, "first": True}})
    assert reporter.wait(10) and sent[-1]["token"] == link.token and reporter.refused == ""
    assert {s.name: len(s.answers) for s in reports.tables().students} == {"Ann": 1, "ann 2": 0}


def test_a_link_kept_before_keys_is_not_sent_and_says_to_join_again(tmp_path):
    calls = []
    reporter = class_report.ClassReporter(lambda link, answers: calls.append(link))
    reporter.report(class_report.Link("http://127.0.0.1:9/", JOIN, "Ann"), ONE)
    assert reporter.wait(5) and calls == [] and "Join again" in reporter.refused


# -- 7. filling the class takes real joins, paced, and is refused in words once full --------------------------------


def test_filling_the_class_takes_real_joins_and_a_full_class_says_so(tmp_path):
    clock = Clock()
    reports = LessonReports(tmp_path, JOIN, clock=clock)
    for number in range(JOIN_BURST):
        reports.receive(body(name=f"Learner {number}"))
    with pytest.raises(Refused, match="just joined: wait"):
        reports.receive(body(name="One more"))
    with pytest.raises(Refused, match="not one of this class's"):
        reports.receive(body(name="One more", token="made-up-key-0123456789"))
    while len(reports.tables().students) < MOST_STUDENTS:
        clock.now += JOIN_EVERY
        reports.receive(body(name=f"Learner {len(reports.tables().students)}"))
    assert clock.now >= (MOST_STUDENTS - JOIN_BURST) * JOIN_EVERY >= 600, "ten minutes at least, not 1.8 s"
    clock.now += 3600
    with pytest.raises(Refused, match=f"already has {MOST_STUDENTS} learners"):
        reports.receive(body(name="Late"))
    assert len(json.loads((tmp_path / REPORTS_FILE).read_text())["students"]) == MOST_STUDENTS


# -- 2. names: one spelling, told apart, look-alikes flagged, one rule at both ends --------------------------------


def test_a_second_ava_at_the_class_is_ava_2_and_told_so(tmp_path):
    room = Classroom(tmp_path / "class")
    try:
        first, second = room.join("Ava", room.join_code), room.join("ava", room.join_code)
        assert (first.name, second.name) == ("Ava", "ava 2") and "ava 2" in second.note
        nfd = room.join(unicodedata.normalize("NFD", "Aná"), room.join_code)
        nfc = room.join(unicodedata.normalize("NFC", "Aná"), room.join_code)
        assert nfd.name == unicodedata.normalize("NFC", "Aná") and nfc.name == nfd.name + " 2"
        cyrillic = room.join("\u0410nn", room.join_code)  # a Cyrillic А
        latin = room.join("Ann", room.join_code)
        assert latin.name == "Ann 2", "a name that looks like another's is told apart too"
        flags = look_alikes(student.name for student in room.students)
        assert f"Ann 2 looks like {cyrillic.name} but is written with other letters: ask who is who." in flags
        assert any(flag.startswith(f"{cyrillic.name} mixes letters of two alphabets") for flag in flags)
        assert room.rename(latin.token, "Ava") and room.student(latin.token).name == "Ava 3"
    finally:
        room.close()


def test_names_are_one_spelling_and_at_most_40_characters_at_both_ends(served):
    reports, client = served
    assert first_name(unicodedata.normalize("NFD", "Zoë")) == unicodedata.normalize("NFC", "Zoë")
    long = post(client, name="A" * 41)
    assert not long["kept"] and "at most 40 characters" in long["message"]
    page = post(client, name="A" * 100_000)  # never read whole: refused at once, with its length
    assert not page["kept"] and "at most 16 KB" in page["message"]
    with pytest.raises(ValueError, match="at most 40 characters; this one has 5,000"):
        first_name("B" * 5000)
    assert post(client, name="Ana 2")["name"] == "Ana 2", "the class takes a name with a number, as the lessons do"
    assert post(client, name="  ana   2 ")["name"] == "ana 2 2"
    joined = post(client, name="Zoe" + "e" * 37)  # 40 letters: numbered, still 40
    again = post(client, name="Zoe" + "e" * 37)
    assert len(joined["name"]) == 40 and len(again["name"]) == 40 and again["name"].endswith(" 2")


def test_the_teacher_s_tables_flag_look_alikes_and_tell_two_anns_apart_in_the_csv(served):
    reports, client = served
    post(client, name="Ann")
    post(client, name="\u0410nn")
    post(client, name="ann")
    post(client, name="M\u0430ria")  # a Cyrillic а inside
    tables = reports.tables()
    rows = [row[0] for row in csv.reader(io.StringIO(tables.csv_text()))][1:]
    assert sorted(rows) == sorted(["Ann", "\u0410nn 2", "ann 3", "M\u0430ria"]), "three Anns, three rows"
    flags = tables.look_alikes()
    assert any("\u0410nn 2 looks like Ann" in flag for flag in flags)
    assert any("M\u0430ria mixes letters of two alphabets (Latin and Cyrillic)" in flag for flag in flags)
    assert "class='euchre-look-alikes'" in tables.html() and "looks like Ann" in tables.html()


# -- 3. an exercise has one spelling, and is counted once ------------------------------------------------------------


@pytest.mark.parametrize("exercise", ["lesson 01 q1", "lesson 001 q1", "lesson \u0661 q1", "lesson 1 q1 "])
def test_an_exercise_spelled_another_way_is_refused_in_words(served, exercise):
    reports, client = served
    said = post(client, answers={**ONE, exercise: {"correct": False, "tries": 3, "first": False}})
    assert not said["kept"] and said["message"].startswith("Nothing was kept") and reports.tables().students == ()


def test_a_kept_file_with_an_exercise_spelled_twice_counts_it_once(tmp_path):
    kept = {
        "format": "euchre_lesson lesson answers",
        "students": {
            "Ann": {
                "lesson 0 q1": {"correct": True, "tries": 1, "first": True},
                "lesson 00 q1": {"correct": False, "tries": 2, "first": False},
            }
        },
    }
    (tmp_path / REPORTS_FILE).write_text(json.dumps(kept))
    tables = LessonReports(tmp_path, JOIN).tables()
    assert tables.refused == () and [key for key, _ in tables.students[0].answers] == ["lesson 0 q1"]
    assert sum(tried for _, _, tried in tables.rules()) == len(tables.rules()), "each rule tried once"


def test_a_hand_in_with_an_exercise_spelled_another_way_is_left_out_in_words(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    record = json.loads(hand_in("Ann", Progress(tmp_path / "ann")))
    record["answers"] = {"lesson 01 q1": {"correct": True, "tries": 1}}
    (folder / "ann.json").write_text(json.dumps(record))
    seen = ClassProgress(folder)
    assert seen.students == () and "ann.json was left out" in seen.refused[0]


# -- 4. hand-ins signed -----------------------------------------------------------------------------------------


def handed(tmp_path, name: str, learner: str, keyed: bool = True) -> dict:
    progress = Progress(tmp_path / learner)
    progress.check(1, "q1", "\u2663")
    return json.loads(hand_in(name, progress, tmp_path / "lessons" if keyed else tmp_path / "nowhere"))


def test_a_hand_in_edited_into_another_name_or_answers_is_flagged_and_not_counted(tmp_path):
    (tmp_path / "lessons").mkdir()
    make_class_key(tmp_path / "lessons")
    assert (tmp_path / "lessons" / CLASS_KEY_FILE).stat().st_mode & 0o077 == 0, "the key is the teacher's alone"
    folder = tmp_path / "in"
    folder.mkdir()
    good = handed(tmp_path, "Bob", "bob")
    (folder / "bob.json").write_text(json.dumps(good))
    renamed = {**good, "name": "Ann"}
    (folder / "ann.json").write_text(json.dumps(renamed))
    answers = {**good, "answers": {"lesson 1 q1": {"correct": True, "tries": 1, "first": True}}}
    (folder / "made-up.json").write_text(json.dumps(answers))
    unsigned = {key: value for key, value in good.items() if key != "signature"}
    (folder / "old.json").write_text(json.dumps(unsigned))
    seen = ClassProgress(folder, key_folder=tmp_path / "lessons")
    assert [student.name for student in seen.students] == ["Bob"]
    said = " ".join(seen.refused)
    assert "ann.json was left out: it was changed after it was handed in" in said
    assert "made-up.json was left out: it was changed" in said
    assert "old.json was left out: it is not signed with the class's key" in said
    assert len(seen.refused) == 3 and "Traceback" not in said
    assert "ann.json was left out" in seen.html()


def test_two_learners_of_one_name_hand_in_as_two_rows_and_one_learner_twice_as_one(tmp_path):
    (tmp_path / "lessons").mkdir()
    make_class_key(tmp_path / "lessons")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.json").write_text(json.dumps(handed(tmp_path, "Ava", "first ava")))
    (folder / "b.json").write_text(json.dumps(handed(tmp_path, "Ava", "second ava")))
    (folder / "c.json").write_text(json.dumps(handed(tmp_path, "Ava", "first ava")))  # handed in again
    seen = ClassProgress(folder, key_folder=tmp_path / "lessons")
    assert sorted(student.name for student in seen.students) == ["Ava", "Ava 2"] and seen.refused == ()
    assert [row.split(",")[0] for row in seen.csv_text().splitlines()[1:]] == ["Ava", "Ava 2"]


def test_without_a_class_key_hand_ins_are_read_as_before(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.json").write_text(json.dumps(handed(tmp_path, "Ava", "ava", keyed=False)))
    seen = ClassProgress(folder, key_folder=tmp_path / "nowhere")
    assert [student.name for student in seen.students] == ["Ava"] and seen.refused == ()
    with pytest.raises(ValueError, match="class's key"):
        make_class_key(tmp_path / "nowhere" / "deeper")


# -- 5. every CSV cell is text a spreadsheet does not run -------------------------------------------------------------


@pytest.mark.parametrize("name", ["=cmd()", "+1+2", "-1+2", "@SUM(A1)", '=HYPERLINK("x")'])
def test_every_cell_of_every_csv_starting_like_a_formula_is_quoted(name):
    tables = ClassTables((Student(name, (("lesson 1 q1", Tries(False, 2, False)),)),))
    for table in ("lessons", "rules"):
        for row in csv.reader(io.StringIO(tables.csv_text(table))):
            assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row), row
    assert tables.csv_text("lessons").splitlines()[1].startswith("'" + name[:1]) or name.startswith("=HYPER")


# -- 6. wrong-typed input: a ValueError in words, never a TypeError ---------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda tmp: LessonReports(5, JOIN),
        lambda tmp: LessonReports(tmp, 5),
        lambda tmp: LessonReports(tmp, JOIN, clock=5),
        lambda tmp: LessonReports(tmp, JOIN).receive("a report as text"),
        lambda tmp: LessonReports(tmp, JOIN).receive(None),
        lambda tmp: LessonReports(tmp, JOIN, clock=lambda: "noon").receive(body()),
        lambda tmp: seat_view(5, 0, (), []),
        lambda tmp: seat_view(new_game(CUTTHROAT, seed=1), "0", (), []),
        lambda tmp: seat_view(new_game(CUTTHROAT, seed=1), 0, (1, 2, 3), []),
        lambda tmp: seat_view(new_game(CUTTHROAT, seed=1), 0, ({"name": None},) * 3, []),
        lambda tmp: seat_view(new_game(CUTTHROAT, seed=1), 0, SEATS, 5),
        lambda tmp: seat_view(new_game(CUTTHROAT, seed=1), 0, SEATS, [], own=5),
        lambda tmp: seat_view(new_game(CUTTHROAT, seed=1), 0, SEATS, [], names=5),
        lambda tmp: seat_view(new_game(CUTTHROAT, seed=1), 0, SEATS, [], names="abc"),
        lambda tmp: seat_view(new_game(CUTTHROAT, seed=1), 0, SEATS, [], review=5),
        lambda tmp: class_report.ClassReporter(lambda link, answers: None).report("a link", {}),
        lambda tmp: make_class_key(5),
        lambda tmp: ClassProgress(tmp, key_folder=5),
    ],
)
def test_a_wrong_kind_of_argument_is_a_value_error_in_words(tmp_path, call):
    with pytest.raises(ValueError) as refused:
        call(tmp_path)
    assert len(str(refused.value)) < 300 and str(refused.value).endswith(".")


SEATS = ({"name": None, "computer": True, "away": False},) * 3


def test_seat_view_still_answers_good_arguments():
    seen = seat_view(new_game(CUTTHROAT, seed=1), 0, SEATS, [], own=NOTHING_OWN, names=["you", "Bo", "Cy"])
    assert seen["seat"] == 0 and len(seen["players"]) == 3


def test_the_student_copies_carry_the_class_s_key_so_their_hand_ins_are_signed(tmp_path):
    import nbformat

    from euchre_lesson.teach.handout import student_files

    lessons = tmp_path / "lessons"
    lessons.mkdir()
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]), lessons / "01_sum.ipynb")
    assert CLASS_KEY_FILE not in student_files(lessons), "no key made: none handed out"
    make_class_key(lessons)
    copies = tmp_path / "copies"
    copies.mkdir()
    for name, data in student_files(lessons).items():
        (copies / name).write_bytes(data)
    folder = tmp_path / "in"
    folder.mkdir()
    progress = Progress(tmp_path / "ann")
    (folder / "ann.json").write_bytes(hand_in("Ann", progress, copies))
    seen = ClassProgress(folder, key_folder=lessons)
    assert [student.name for student in seen.students] == ["Ann"] and seen.refused == ()


def test_the_contents_page_says_a_link_of_old_sends_nothing_until_joined_again(tmp_path):
    from euchre_lesson.teach.class_report import LINK_FILE
    from euchre_lesson.teach.context import bound
    from euchre_lesson.widgets.class_link import ClassLink

    mine = Progress(tmp_path / "mine")
    old = {"kind": "euchre_lesson class link", "server": "http://192.168.1.20:8765/", "join": "acde", "name": "Ann"}
    mine.folder.mkdir(parents=True, exist_ok=True)
    (mine.folder / LINK_FILE).write_text(json.dumps(old), encoding="utf-8")
    with bound(mine, class_report.ClassReporter(lambda link, answers: None)):
        box = ClassLink(mine)
    assert "Join again" in box.said.value and "as Ann" not in box.said.value


def test_the_lessons_send_and_hand_in_each_exercise_in_its_one_spelling(tmp_path):
    sent = []
    reporter = class_report.ClassReporter(lambda link, answers: sent.append(answers))
    link = class_report.Link("http://127.0.0.1:9/", JOIN, "Ann", "a key")
    reporter.report(link, {"lesson 01 q1": ONE["lesson 1 q1"], **ONE})
    assert reporter.wait(5) and sent == [ONE], "the class would refuse the whole report for 'lesson 01 q1'"


def test_joining_again_from_the_same_lessons_keeps_one_row_for_the_learner(tmp_path):
    reports = LessonReports(tmp_path / "class", JOIN)
    (tmp_path / "class").mkdir()
    client = TestClient(Starlette(routes=[answers_route(reports)]))

    def network_json(link, answers):  # the server's reply, as the lesson reads it
        reply = client.post("/" + ROUTE, json=class_report.lesson_report(link, answers)).json()
        return class_report._answer(link, reply)

    mine = Progress(tmp_path / "ann")
    for _ in range(2):  # Join pressed twice, or again another day
        said = class_report.link_lessons(
            mine.folder, "Ann", "127.0.0.1:9", "acde", ONE, class_report.ClassReporter(network_json)
        )
        assert said.startswith("You are in, Ann:")
    assert [student.name for student in reports.tables().students] == ["Ann"]
    (tmp_path / "class" / REPORTS_FILE).unlink()  # the class started afresh: its keys are gone
    fresh = LessonReports(tmp_path / "class", JOIN)
    client = TestClient(Starlette(routes=[answers_route(fresh)]))
    said = class_report.link_lessons(
        mine.folder, "Ann", "127.0.0.1:9", "acde", ONE, class_report.ClassReporter(network_json)
    )
    assert said.startswith("You are in, Ann:") and [s.name for s in fresh.tables().students] == ["Ann"]


def test_a_name_s_refusal_and_the_teacher_s_look_alike_flags_speak_the_page_s_language():
    with speaking("fr"):
        with pytest.raises(NotationError, match="au plus 40 caractères ; celui-ci en a 5\u202f000"):
            first_name("A" * 5000)
        flags = look_alikes(["Ann", "\u0410nn", "M\u0430ria"])
    assert flags == (
        "\u0410nn ressemble à Ann mais s'écrit avec d'autres lettres : demande qui est qui.",
        "M\u0430ria mélange les lettres de deux alphabets (latin et cyrillique) : il peut passer pour un autre nom.",
    )
    with speaking("et"), pytest.raises(NotationError, match="selles on 5\u00a0000"):
        first_name("A" * 5000)
