"""The lessons' exercises: every right answer is accepted, every wrong option refused with a reason,
and each bid the lessons call right is the one the simulation ranks first."""

import importlib
import json
import pkgutil
import re
from pathlib import Path

import pytest

from euchre_lesson import advise
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.teach import lessons
from euchre_lesson.teach.course import ____, exercises, lesson_numbers
from euchre_lesson.teach.exercises import Bid, Choice, Exercise, _words

LESSONS = lesson_numbers()
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ALL = [(n, name, q) for n in LESSONS for name, q in vars(exercises(n)).items()]


def test_the_lessons_with_exercises_are_those_whose_notebooks_call_exercises():
    called = set()
    for notebook in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"):
        if notebook.name == "15_teachers_guide.ipynb":
            continue  # its part For programmers types answers to several lessons' exercises
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
        found = set(re.findall(r"\bexercises\((\d+)\)|\bask\(\"lesson (\d+) q", code))
        found = {number for pair in found for number in pair if number}
        assert found <= {str(int(notebook.name[:2]))}, (notebook.name, found)  # a lesson asks its own
        called |= {int(number) for number in found}
    assert lesson_numbers() == tuple(sorted(called)) and len(called) > 10


def test_each_lesson_s_exercises_are_a_module_of_data_in_the_lessons_package():
    modules = sorted(found.name for found in pkgutil.iter_modules(lessons.__path__))
    assert modules == [f"lesson_{n:02}" for n in lesson_numbers()]
    for n in lesson_numbers():
        written = importlib.import_module(f"euchre_lesson.teach.lessons.lesson_{n:02}").EXERCISES
        assert list(written) == list(vars(exercises(n))) and all(isinstance(q, Exercise) for q in written.values())
        assert all(q.id == "" for q in written.values())  # the id is given by exercises(N), from its place


def test_every_lesson_has_at_least_three_exercises():
    for n in LESSONS:
        assert len(vars(exercises(n))) >= 3, n
    with pytest.raises(NotationError, match="No exercises for lesson 99"):
        exercises(99)


@pytest.mark.parametrize("lesson, name, question", ALL, ids=[f"{n}-{name}" for n, name, _ in ALL])
def test_the_right_answer_passes_and_a_blank_does_not(lesson, name, question):
    answer = question.accept[0] if isinstance(question, Bid) else question.answer()
    written = _words(answer) if isinstance(answer, tuple | frozenset) else str(answer)
    verdict = question.check(written)
    assert verdict, verdict
    assert not question.check(____)
    assert question.solution().startswith("Answer:")


@pytest.mark.parametrize(
    "lesson, name, question",
    [q for q in ALL if isinstance(q[2], Choice)],
    ids=[f"{n}-{name}" for n, name, q in ALL if isinstance(q, Choice)],
)
def test_every_wrong_option_is_refused_with_its_own_reason(lesson, name, question):
    for option, why in question.options.items():
        if option != question.right:
            verdict = question.check(option)
            # The option's own reason, then the invitation to try again (issue 37, a second try).
            assert not verdict and verdict.message.startswith(why.strip().rstrip("."))
            assert "try again" in verdict.message.casefold()


@pytest.mark.parametrize(
    "lesson, name, question",
    [q for q in ALL if isinstance(q[2], Bid)],
    ids=[f"{n}-{name}" for n, name, q in ALL if isinstance(q, Bid)],
)
def test_the_bids_the_lessons_teach_are_what_simulation_ranks_first(lesson, name, question):
    best = advise(question.state, worlds=200, seed=1)[0]
    assert best.action in question.accept, (best, question.accept)


def test_class_rules_come_from_the_teachers_file(tmp_path):
    from euchre_lesson import CUTTHROAT, PARTNERSHIP
    from euchre_lesson.engine.errors import NotationError
    from euchre_lesson.teach.course import HouseRulesWarning, class_rules, read_house_rules

    assert class_rules("cutthroat", tmp_path) == CUTTHROAT  # no file: the presets
    (tmp_path / "house_rules.json").write_text('{"cutthroat": {"stick_the_dealer": true, "deck": 32}}')
    assert class_rules("cutthroat", tmp_path).switches() == {"deck": 32, "stick_the_dealer": True}
    assert class_rules("partnership", tmp_path) == PARTNERSHIP
    for bad, said in [
        ('{"cutthroat": {"stick": true}}', "'stick' is not a switch"),
        ('{"euchre": {}}', "sections are 'cutthroat', 'partnership'"),
        ("{oops", "not readable JSON"),
        ('{"cutthroat": {"deck": 28}}', "deck"),
    ]:
        (tmp_path / "house_rules.json").write_text(bad)
        with pytest.raises(NotationError, match=said):  # the strict reader, for the teacher's guide
            read_house_rules(tmp_path)
        with pytest.warns(HouseRulesWarning, match=said):  # the lessons go on with the standard rules
            assert class_rules("cutthroat", tmp_path) == CUTTHROAT


def test_every_exercise_knows_its_id():
    for lesson, name, question in ALL:
        assert question.id == f"lesson {lesson} {name}"
    assert exercises(3).q1 == exercises(3).q1 and exercises(3).q1.id == "lesson 3 q1"


def test_the_teacher_sets_when_the_answer_may_be_shown(tmp_path):
    import json

    from euchre_lesson.engine.errors import NotationError
    from euchre_lesson.teach.course import SHOW_ANSWER, HouseRulesWarning, class_rules, read_house_rules, show_answer

    assert SHOW_ANSWER == ("after a try", "always", "never")
    assert read_house_rules(tmp_path).show_answer == "after a try" == show_answer(tmp_path)  # no file
    for setting in SHOW_ANSWER:
        (tmp_path / "house_rules.json").write_text(json.dumps({"show_answer": setting, "cutthroat": {"deck": 32}}))
        assert read_house_rules(tmp_path).show_answer == setting == show_answer(tmp_path)
        assert class_rules("cutthroat", tmp_path).deck == 32  # the games' sections are read as before
    for bad in ("sometimes", "Always", True, None, ["never"], "x" * 10_000):
        (tmp_path / "house_rules.json").write_text(json.dumps({"show_answer": bad}))
        with pytest.raises(NotationError) as refused:
            read_house_rules(tmp_path)
        message = str(refused.value)
        assert "show_answer" in message and "'after a try', 'always' or 'never'" in message and len(message) < 400
        with pytest.warns(HouseRulesWarning, match="show_answer"):
            assert show_answer(tmp_path) == "after a try"
    (tmp_path / "house_rules.json").write_text('{"show_answers": "always"}')
    with pytest.raises(NotationError, match="'show_answers' is not a game or a setting.*'show_answer'"):
        read_house_rules(tmp_path)
