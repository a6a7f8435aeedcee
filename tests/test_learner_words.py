"""What a learner reads is plain English about the game (issue 26, point 5): no code, no statistics notation and
no engine tokens in any lesson's text, stored output, exercise, practice question, table message or widget label.

The parts of a lesson headed "For programmers" may show code, and are not scanned."""

import itertools
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import ipywidgets as w
import nbformat
import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED
from euchre_lesson.play import (
    table_model,  # the table model both tables are fronts of
)
from euchre_lesson.play.solver import COMPILED
from euchre_lesson.teach import practice
from euchre_lesson.teach.course import exercises, lesson_numbers
from euchre_lesson.teach.progress import Progress
from euchre_lesson.widgets import (
    BiddingTrainer,
    DummyTrainer,
    ExerciseView,
    FollowSuitTrainer,
    PracticeWidget,
    ProgressBoard,
    RankingExplorer,
    ScoreCalculator,
    ScoreQuiz,
    Table,
)

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
GAMES = [CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD]
FILE_NAME = r"[\w.-]+\.(?:json|ya?ml|ipynb|md|txt|toml)\b"
PROPER_NAMES = {"OpenSpiel", "DeepMind", "JupyterLab", "JupyterHub", "JupyterLite", "GitHub", "PyPI", "MyBinder"}

# What learners must never read, each pattern with its name.
CODE_WORDS = {
    "=True or =False": r"=\s*(?:True|False)\b",
    "an identifier in backticks": r"`[A-Za-z_][\w.]*(?:\([^`]*\))?`",
    "±": r"±",
    "a 95% margin": r"\b95\s*%\s*(?:margin|interval|confidence)",  # a chance of 95% is plain words
    "a word of code_style": r"\b[a-z]+(?:_[a-z0-9]+)+\b",
    "a call": r"\b[A-Za-z_][\w.]*\((?:[^()\s]*|\.\.\.)\)|\.[a-z_]\w*\(",
    "a CamelCase name": r"\b(?:[A-Z][a-z]+){2,}\b",
    "the token pickup": r"\bpickup\b",
    "the token decline": r"\bdecline\b",
    "order as an option's name": r"\bpass,\s*order\b(?! up)|\border,\s*pass\b|['\"`]order['\"`]|\border\s*\?"
    r"|\bor order\b(?! up)|^order$|\border is not it\b|\border or\b|\border\.$",
    "a keep token": r"\bkeep(?:\s+(?:10|[2-9JQKAT])[♣♦♥♠]){5}",
    "a call token": r"\bcall\s+[♣♦♥♠]",
}


def findings(text: str) -> set[str]:
    """The names of the patterns of CODE_WORDS that `text` holds (file names and proper names aside)."""
    text = re.sub(FILE_NAME, "a file", text)
    text = re.sub(rf"\b(?:{'|'.join(PROPER_NAMES)})\b", "a name", text)
    return {name for name, pattern in CODE_WORDS.items() if re.search(pattern, text, re.M)}


def test_the_scan_finds_each_kind_of_code_word_and_passes_plain_words():
    caught = [
        "dealer_must_pick_up=True",
        "`effective_suit`",
        "-0.81 ± 0.39",
        "(± a 95% margin)",
        "a 95% interval",
        "tie_rule",
        "type ex.q1.check(...)",
        "a RuleSet",
        "pickup 10♠",
        "or decline",
        "which of pass, order?",
        "keep A♠ K♠ Q♠ J♠ 9♠",
        "call ♠",
        "order is not it.",
    ]
    assert [bool(findings(text)) for text in caught] == [True] * len(caught)
    plain = [
        "Order up the A♦ rather than pass: it raises your chance of winning the game from 37% to 41%.",
        "Play the J♥: it raises your chance of winning the game from 90% to 95%.",
        "Save your answers in house_rules.json (see 13_rule_book.ipynb).",
        "OpenSpiel's bot, from DeepMind",
        "Call hearts ♥: a close call.",
        "Keep the A♠ and the right bower (rule C12).",
    ]
    assert [findings(text) for text in plain] == [set()] * len(plain)


# -- the lessons: markdown and stored outputs outside the "For programmers" parts ---------------------------------


class _Words(HTMLParser):
    """The words of some HTML, without its tags, styles and scripts."""

    def __init__(self):
        super().__init__()
        self.words, self.hidden = [], 0

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in ("style", "script")

    def handle_endtag(self, tag):
        self.hidden -= tag in ("style", "script") and self.hidden > 0

    def handle_data(self, data):
        if not self.hidden:
            self.words.append(data)


def html_words(html: str) -> str:
    parser = _Words()
    parser.feed(html)
    return " ".join(parser.words)


def heading(cell) -> tuple[int, str] | None:
    """A markdown cell's first heading: its level and its words."""
    found = re.search(r"^(#+)\s+(.*)$", cell.source, re.M) if cell.cell_type == "markdown" else None
    return (len(found[1]), found[2]) if found else None


def learner_cells(path: Path):
    """The cells of a lesson outside its parts headed "For programmers" (each part runs to the next heading as high)."""
    inside = None  # the level of the For programmers heading we are under
    for cell in nbformat.read(path, as_version=4).cells:
        head = heading(cell)
        if head and inside is not None and head[0] <= inside and "For programmers" not in head[1]:
            inside = None
        if head and "For programmers" in head[1]:
            inside = head[0]
        if inside is None:
            yield cell


def prose(path: Path, cell) -> str:
    """A markdown cell's words: its link targets left out, and in the teacher's guide its blocks of commands."""
    text = re.sub(r"\]\([^)]*\)", "]", cell.source)
    if path.name.startswith("15_"):  # a teacher types these commands and files; the scan is for words
        text = re.sub(r"```.*?```", "", text, flags=re.S)
        text = re.sub(r"(?m)^(?: {4}.*\n?)+", "", text)
    return text


def lesson_texts():
    """(where, text) for every learner-facing text of every numbered notebook."""
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        for number, cell in enumerate(learner_cells(path)):
            where = f"{path.stem} cell {cell.get('id', number)}"
            if cell.cell_type == "markdown":
                yield where, prose(path, cell)
            for output in cell.get("outputs", ()):
                data = output.get("data", {})
                if "text/html" in data:
                    yield where + " html", html_words("".join(data["text/html"]))
                elif "text/plain" in data or output.get("text"):
                    yield where + " text", "".join(data.get("text/plain", output.get("text", "")))


def report(texts) -> set[tuple[str, str]]:
    return {(where, name) for where, text in texts for name in findings(text)}


def shown(found: set, known: set) -> str:
    return "\n".join(sorted(f"{where}: {name}" for where, name in found - known)) or "(none new)"


def test_the_for_programmers_part_is_left_out_and_only_it():
    path = NOTEBOOKS / "15_teachers_guide.ipynb"
    cells = nbformat.read(path, as_version=4).cells
    kept = list(learner_cells(path))
    part = [c for c in cells if c not in kept]
    assert part and heading(part[0])[1] == "For programmers", "the guide has a part For programmers"
    assert any(".check(" in c.source for c in part), "its examples of typing answers"


def test_no_lesson_text_holds_code_words():
    found = report(lesson_texts())
    assert found == set(), shown(found, set())


# -- exercises, practice questions, the table and the widgets, as a learner clicks them -----------------------------


def texts_of(widget) -> list[str]:
    """Every word a widget and the widgets inside it show: labels, tooltips, options, HTML, printed output."""
    texts, seen, todo = [], set(), [widget]
    while todo:
        one = todo.pop()
        if id(one) in seen or not isinstance(one, w.Widget):
            continue
        seen.add(id(one))
        for name in ("description", "tooltip", "placeholder"):
            value = getattr(one, name, None)
            if isinstance(value, str) and value:
                texts.append(html_words(value) if isinstance(one, (w.HTML, w.HTMLMath)) else value)
        if isinstance(one, (w.HTML, w.HTMLMath, w.Label)):
            texts.append(html_words(one.value))
        texts.extend(map(str, getattr(one, "_options_labels", ())))
        for output in getattr(one, "outputs", ()) if isinstance(one, w.Output) else ():
            data = output.get("data", {})
            texts.append(
                html_words(data["text/html"]) if "text/html" in data else data.get("text/plain", output.get("text", ""))
            )
        todo.extend(getattr(one, "children", ()))
    return texts


def noop(*_):
    """Where a test's answers go: nowhere (the learner's progress is not the test's)."""


def answers(exercise):
    """A right answer and a wrong one, as a learner clicks them (several cards a card at a time)."""
    choices = exercise.choices()
    if exercise.several:
        size = exercise.how_many or 1
        tries = [frozenset(c) for c in itertools.islice(itertools.combinations(choices, size), 60)]
        right = frozenset(exercise.answer())
    else:
        tries, right = list(choices), exercise.answer()
    wrong = next(t for t in tries if not exercise.judge(t).correct and exercise.judge(t).answered)
    return right, wrong


def clicked(exercise) -> list[str]:
    """What an exercise's view shows as a learner answers wrong, asks every hint, shows the answer, answers right."""
    view = ExerciseView(exercise, on_answer=noop, show_answer="always")
    texts = texts_of(view)
    right, wrong = answers(exercise)
    for given in (wrong, right):
        for one in given if exercise.several else (given,):
            view.pick(one)
        view.check()
        texts += [view.note.value, view.choice_note.value]
        for one in view.chosen if exercise.several else ():
            view.pick(one)  # taken back, so the next answer starts afresh
    for _ in range(len(exercise.hints) + 1):
        view.hint()
        texts.append(view.hint_note.value)
    view.reveal()
    texts.append(view.solution_note.value)
    return [html_words(text) for text in texts]


# Findings outside the notebooks that are still to mend, each still present (so this list cannot go stale): none.
KNOWN_EXERCISES = set()


def test_no_exercise_shows_code_words():
    texts = [
        (exercise.id, text)
        for number in lesson_numbers()
        for exercise in vars(exercises(number)).values()
        for text in clicked(exercise)
    ]
    found = report(texts)
    assert found == KNOWN_EXERCISES, shown(found, KNOWN_EXERCISES)


KNOWN_PRACTICE = set()


def test_no_practice_question_shows_code_words():
    texts = []
    for kind, seed, games in itertools.product(
        practice.KINDS, (1, 2, 3), (practice.PRACTISED, ("twohand", "railroad"))
    ):
        question = practice.question(kind, seed, games)
        texts += [
            (f"practice {kind}", text)
            for text in [question.prompt, question.setting, str(question)] + clicked(question.exercise)
        ]
    found = report(texts)
    assert found == KNOWN_PRACTICE, shown(found, KNOWN_PRACTICE)


@pytest.fixture
def few_worlds(monkeypatch):
    """Few worlds and the compiled solver keep a few hinted hands to seconds."""
    assert COMPILED, "the compiled solver is needed to keep this test fast"
    monkeypatch.setattr(table_model, "ADVICE_WORLDS", 8)


def table_texts(table: Table, hands: int) -> list[str]:
    """What a table shows over `hands` hands in which the learner asks a hint at every decision and follows it,
    then has the hand graded: the note after each step, the board, the story and the grades."""
    texts = texts_of(table)
    for _ in range(hands):
        while not table.hand.is_over:
            if table.my_turn:
                action = table.hint()
                texts.append(html_words(table.note.value))
                table.act(action)
                texts.append(html_words(table.note.value))
            else:  # never: the computer players reply at once
                raise AssertionError("the table waits for nobody")
        table.grade()
        texts += texts_of(table)
        if table.game.is_over:
            break
        table.next_hand()
    return texts


KNOWN_TABLE = set()


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: rules.game)
def test_no_table_hint_grade_or_message_shows_code_words(rules, few_worlds, tmp_path):
    texts = [(rules.game, text) for seed in (1, 2) for text in table_texts(Table(rules, seat=0, seed=seed), 2)]
    found = report(texts)
    known = {(where, name) for where, name in KNOWN_TABLE if where == rules.game}
    assert found == known, shown(found, known)


KNOWN_WIDGETS = set()


def test_no_widget_label_shows_code_words(tmp_path):
    widgets = {
        "RankingExplorer": RankingExplorer(),
        "BiddingTrainer": BiddingTrainer(seed=1, worlds=8),
        "DummyTrainer": DummyTrainer(seed=1),
        "FollowSuitTrainer": FollowSuitTrainer(seed=1),
        "ScoreCalculator": ScoreCalculator(),
        "ScoreQuiz": ScoreQuiz(seed=1),
        "PracticeWidget": PracticeWidget(seed=1, progress=Progress(tmp_path)),
        "ProgressBoard": ProgressBoard(Progress(tmp_path)),
        "Table with house rules": Table(replace(CUTTHROAT, stick_the_dealer=True), seat=0, seed=1),
    }
    found = report((name, text) for name, widget in widgets.items() for text in texts_of(widget))
    assert found == KNOWN_WIDGETS, shown(found, KNOWN_WIDGETS)
