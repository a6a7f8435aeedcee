"""Issue 37, 6 at the class's tables: the coach after each hand keeps a student's costliest decision, when it was a
Mistake or a Blunder, with the student's lessons' answers at the class's server; the next report of their lessons
takes it home, where it comes back in their review (the contents page's "to review today")."""

from __future__ import annotations

import random

import pytest
from test_lesson_reports import JOIN, Server

from euchre_lesson import PARTNERSHIP, new_game
from euchre_lesson.classroom.progress_reports import LessonReports
from euchre_lesson.classroom.students import Student
from euchre_lesson.classroom.table import ClassTable
from euchre_lesson.play import table_model
from euchre_lesson.teach.class_formats import MOST_POSITIONS_SENT
from euchre_lesson.teach.class_progress import link_lessons
from euchre_lesson.teach.class_report import ClassReporter
from euchre_lesson.teach.context import bound, current
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.positions import MISSED_BANDS, position_at
from euchre_lesson.teach.progress import Progress
from euchre_lesson.teach.review import to_review


@pytest.fixture
def coach_at_once(monkeypatch):
    monkeypatch.setattr(table_model, "ADVICE_WORLDS", 8)  # few worlds: quick grades
    token = table_model.COACH_RUNS.set(table_model.at_once)
    yield
    table_model.COACH_RUNS.reset(token)


def test_the_class_s_coach_keeps_each_student_s_costliest_mistake_for_their_review(coach_at_once):
    kept: list = []
    table = ClassTable(1, new_game(PARTNERSHIP, seed=3), "rule of thumb", pace=0)
    table.positions_kept_by(lambda name, position: kept.append((name, position)))
    tokens = {0: "token-of-seat-0-xxxxxxxx", 2: "token-of-seat-2-xxxxxxxx"}
    names = {0: "Ana", 2: "Ben"}
    for seat, token in tokens.items():
        table.sit(seat, Student(names[seat], token))
    rng = random.Random(3)
    while len(table.game.hands) <= 6 and not table.game.is_over:
        if table.step() is None:
            seat = table.game.to_act
            table.act(tokens[seat], rng.choice(table.seat_view(tokens[seat])["hand_in_play"]["legal"]))
    assert kept, "random play made no Mistake or Blunder in six hands"
    for seat, name in names.items():
        expected = [
            position_at(r.worst.state, seat, *table.game.scores_before(r.number - 1))
            for r in table.model.reviews_of(seat)
            if r.worst is not None and r.worst.band in MISSED_BANDS
        ]
        assert [position for who, position in kept if who == name] == expected, name
        assert all(position.seat == seat for position in expected)


def test_a_table_refuses_a_keeper_that_is_not_a_function():
    table = ClassTable(1, new_game(PARTNERSHIP, seed=3))
    with pytest.raises(ValueError, match="a function of a student's name and a Position"):
        table.positions_kept_by("the review")


def positions(count: int) -> list:
    """Positions at the start of several deals (each a decision of the seat to act)."""
    found = []
    for seed in range(count):
        hand = new_game(PARTNERSHIP, seed=seed).hand
        found.append(position_at(hand, hand.to_act, (seed, 0)))
    return found


def test_the_class_keeps_positions_in_its_folder_until_the_learner_s_lessons_take_them(tmp_path):
    folder = tmp_path / "class"
    folder.mkdir()
    reports = LessonReports(folder, JOIN)
    five = positions(5)
    assert all(reports.keep_position("Anne-Marie", position) for position in five)
    assert reports.keep_position("Anne-Marie", five[0]), "the same position twice is kept once"
    again = LessonReports(folder, JOIN)  # the server started again
    assert again.positions_for("Anne-Marie") == (*five[1:], five[0])
    assert again.positions_for("Ben") == ()


def test_positions_from_the_class_s_tables_come_back_in_the_learner_s_review(tmp_path):
    (tmp_path / "class").mkdir()
    server = Server(LessonReports(tmp_path / "class", JOIN))
    five = positions(5)
    for position in five:
        server.reports.keep_position("Anne-Marie", position)
    mine = Progress(tmp_path / "mine")
    with bound(mine, ClassReporter(server.post)) as lesson:
        assert link_lessons("Anne-Marie", "127.0.0.1:9", "acde").startswith("You are in, Anne-Marie")
        assert len(server.reports.positions_for("Anne-Marie")) == 5, "joining takes none: the next report does"
        current().check(exercises(1).q1, exercises(1).q1.answer())
        assert lesson.reporter.wait(10)
        due = [item for item in to_review(mine) if item.startswith("position ")]
        assert set(due) == {p.item for p in five[:MOST_POSITIONS_SENT]}, "three come home with the first report"
        assert len(server.reports.positions_for("Anne-Marie")) == 5 - MOST_POSITIONS_SENT
        current().check(exercises(1).q2, exercises(1).q2.answer())
        assert lesson.reporter.wait(10)
    cards = Progress(tmp_path / "mine").review_cards()
    assert {p.item for p in five} <= set(cards), "every position kept at the class is in the learner's review"
    assert all(cards[p.item].position == p for p in five)
    assert server.reports.positions_for("Anne-Marie") == ()


def test_the_served_class_keeps_its_tables_positions_with_its_lessons_answers(tmp_path, coach_at_once):
    """The server's wiring: every table, made before or after, hands its positions to the lessons' answers."""
    from euchre_lesson.classroom.classroom import Classroom
    from euchre_lesson.classroom.web.served import ServedClass

    room = Classroom(tmp_path / "class", level="rule of thumb", pace=0.0, join="ACDE", teacher="secret")
    try:
        before = room.new_table("partnership", seed=3)
        served = ServedClass.of(room)
        after = room.new_table("partnership", seed=4)
        position = positions(1)[0]
        for table in (before, after):
            assert table._keep_position == served.reports.keep_position
        before._keep_position("Ana", position)
        assert served.reports.positions_for("Ana") == (position,)
    finally:
        room.close()
