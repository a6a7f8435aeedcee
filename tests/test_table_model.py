"""Issue 34, point 1: one table model, of which the learner's table and the class's table are fronts."""

import ast
from pathlib import Path

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RuleOfThumbPlayer, new_game
from euchre_lesson.classroom.students import Student
from euchre_lesson.classroom.table import ClassTable
from euchre_lesson.play import table_model
from euchre_lesson.play.session import TableSession, Told
from euchre_lesson.play.table_model import TableModel

PACKAGE = Path(table_model.__file__).resolve().parent.parent
TOKEN = "token-of-seat-0-xxxxxxxx"


def class_table_at(game, level: str) -> ClassTable:
    """A class's table at `game`, a student at seat 0, its computers moved on until seat 0 is to act."""
    table = ClassTable(1, game, level, pace=0)
    table.sit(0, Student("Ana", TOKEN))
    while table.game.to_act != 0:
        assert table.step() is not None
    return table


# -- the listeners ----------------------------------------------------------------------------------------------


def broken(message) -> None:
    raise RuntimeError("a page that broke")


def test_a_listener_that_fails_at_the_learner_s_table_is_kept_as_a_problem_and_the_others_still_hear():
    session = TableSession(new_game(CUTTHROAT, seed=1), 0)
    heard = []
    session.observe(broken)
    session.observe(heard.append)
    news = session.act(session.view.legal[0])
    assert news.told is Told.ACTED and heard == [news], "the listener after the broken one heard the news"
    assert session.news is news and session.history, "the action was taken"
    assert session.problems == ["The table: a page that broke"]


def test_a_listener_that_fails_at_the_class_s_table_is_kept_as_a_problem_and_the_others_still_hear():
    table = class_table_at(new_game(CUTTHROAT, seed=1), "rule of thumb")
    heard = []
    table.observe(broken)
    table.observe(heard.append)
    table.act(TOKEN, table.seat_view(TOKEN)["hand_in_play"]["legal"][0])
    assert heard == [table] and table.problems == ["Table 1: a page that broke"]


def test_problems_keep_the_last_few_and_a_forgotten_listener_hears_no_more():
    model = TableModel(new_game(CUTTHROAT, seed=1))
    heard = []
    model.observe(broken)
    model.observe(heard.append)
    for number in range(15):
        model.tell(number)
    model.forget(heard.append)
    model.tell("after")
    assert heard == list(range(15)) and len(model.problems) == table_model.KEPT_PROBLEMS
    with pytest.raises(ValueError, match="listener must be a function of one message"):
        model.observe("not a function")


# -- one model, two fronts ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["random", "rule of thumb"])
def test_the_computers_choose_the_same_at_both_tables_from_the_same_game(level):
    """Each computer's dice are drawn from the game's seed, its seat and the moment: not from where it plays."""
    session = TableSession(new_game(PARTNERSHIP, seed=5), 0, level)
    table = class_table_at(new_game(PARTNERSHIP, seed=5), level)
    for _ in range(6):
        assert table.game == session.game and session.my_turn
        action = RuleOfThumbPlayer().choose(session.view)
        session.act(action)
        table.act(TOKEN, str(action))
        while not table.game.is_over and table.game.to_act != 0 and not session.hand.is_over:
            assert table.step() is not None
        if session.hand.is_over:
            break
    assert [hand.history for hand in table.game.hands][:1] == [session.game.hands[0].history]


def test_both_tables_hint_and_grade_through_the_one_model(monkeypatch):
    """The hint cache and the grade loop are the model's: each front asks it, and the same game gets the same
    hint and the same grades at both."""
    monkeypatch.setattr(table_model, "ADVICE_WORLDS", 6)
    monkeypatch.setattr(table_model, "HINT_SECONDS", None)  # untimed: the same worlds give the same answers
    monkeypatch.setattr(table_model, "GRADE_SECONDS", None)
    weighed = []
    real_advise = table_model.advise
    monkeypatch.setattr(
        table_model, "advise", lambda *args, **kwargs: weighed.append(1) or real_advise(*args, **kwargs)
    )
    session = TableSession(new_game(CUTTHROAT, seed=7), 0)
    table = class_table_at(new_game(CUTTHROAT, seed=7), "rule of thumb")
    assert isinstance(session.model, TableModel) and isinstance(table.model, TableModel)
    assert table.game == session.game
    news, words = session.hint(), table.hint(TOKEN)
    assert session.hint() == news and table.hint(TOKEN) == words and len(weighed) == 2, "asked again: kept"
    assert news.reason in words
    moment = (0, session.game.hand.history)
    assert session.model.advised[moment] == table.model.advised[moment]
    while not session.hand.is_over:
        action = RuleOfThumbPlayer().choose(session.view)
        session.act(action)
        table.act(TOKEN, str(action))
        while table.game.to_act != 0 and len(table.game.hands) == 1:
            assert table.step() is not None
    assert session.grade().told is Told.GRADED
    assert table.grade(TOKEN) == session.graded.lines(0)


# -- the class adds only what a class has --------------------------------------------------------------------------

# What a hint, a grade or an undo is made of: the class asks the table model for them, never for these.
MODEL_NAMES = {
    "advise",
    "grade_all",
    "options_for",
    "NO_TIME",
    "ADVICE_WORLDS",
    "HINT_SECONDS",
    "GRADE_SECONDS",
    "advice_seed",
    "learner_decisions",
    "scores_before",
    "Moments",
    "NO_MOMENTS",
    "LEVELS",
    "computer_seed",
    "decision_dice",
    "replies",
}


def imported_and_named(path: Path) -> tuple[set[str], set[str], set[str]]:
    """The modules a file imports from, the names it imports or reads, and its `global` statements' names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules, names, globals_ = set(), set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            modules.add("." * node.level + (node.module or ""))
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            modules |= {alias.name for alias in node.names}
        elif isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.Global):
            globals_ |= set(node.names)
    return modules, names, globals_


def test_the_classroom_holds_no_hint_grade_or_undo_logic_and_no_globals():
    files = sorted((PACKAGE / "classroom").rglob("*.py"))
    assert len(files) > 10
    for path in files:
        modules, names, globals_ = imported_and_named(path)
        where = path.relative_to(PACKAGE)
        assert not {"..play.advice", "...play.advice", "..play.session", "...play.session"} & modules, where
        assert not MODEL_NAMES & names, (where, MODEL_NAMES & names)
        if path.name in ("table.py", "thinking.py", "classroom.py", "seat_view.py", "teacher.py"):
            assert not globals_, (where, globals_)


def test_the_check_for_model_names_finds_one():
    """The check above reads names: here it finds the grade loop's own names in the model."""
    _, names, _ = imported_and_named(PACKAGE / "play" / "table_model.py")
    assert {"advise", "grade_all", "ADVICE_WORLDS", "Moments"} <= names
