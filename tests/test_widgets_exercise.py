"""Click to answer: every exercise of every lesson answered by clicking (wrong, then right) gets the verdict
that `check()` gives, reported once to `on_answer`; "Show the answer" follows the teacher's setting; the
view never gives the answer away and can be used by keyboard and screen reader."""

import itertools
import json
import random
import re
from html import escape

import ipywidgets as w
import pytest
from IPython.lib.pretty import pretty
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)
from widget_checks import check

from euchre_lesson import CUTTHROAT, PARTNERSHIP, NotationError, deal_hand
from euchre_lesson.engine.cards import sort_key
from euchre_lesson.engine.display import words_html
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.exercises import BestFive, Bid, Choice, LegalPlays, PlayableCard, Score, TrickWinner, WhichSuit
from euchre_lesson.widgets import ExerciseView, ask
from euchre_lesson.widgets.cards import has_class

LESSON_EXERCISES = [(f"{n}-{name}", q) for n in range(12) for name, q in vars(exercises(n)).items()]
MORE = [  # kinds and shapes the lessons do not use yet
    ("playable", PlayableCard("J♦ A♥ 9♣ K♠ Q♥", "K♥", "♥", id="extra playable")),
    ("score-both", Score(2, rules=PARTNERSHIP, who="both", id="extra both")),
    ("lead-any", LegalPlays("A♣ 9♦ K♠", "", "♥", id="extra lead")),
    ("joker", WhichSuit("Joker", "♦")),
]
ALL = LESSON_EXERCISES + MORE


def visible(widget) -> bool:
    return getattr(getattr(widget, "layout", None), "display", "") != "none"


def buttons(widget) -> list[w.Button]:
    """Every button a learner can see and use now."""
    if not visible(widget):
        return []
    if isinstance(widget, w.Button):
        return [] if widget.disabled else [widget]
    return [b for child in getattr(widget, "children", ()) for b in buttons(child)]


def interactive(widget) -> list[w.Widget]:
    """Every control inside a widget, visible or not."""
    if isinstance(widget, w.Box):
        return [c for child in widget.children for c in interactive(child)]
    shown_only = isinstance(widget, w.HTML | w.HTMLMath | w.Label)
    return [widget] if isinstance(widget, w.ValueWidget | w.Button) and not shown_only else []


def wrong_and_right(question):
    """A wrong answer and a right one, each as the values to click."""
    options = question.choices()
    if not question.several:
        wrong = next(v for v in options if question.check(v).answered and not question.check(v))
        return (wrong,), (next(v for v in options if question.check(v)),)
    sizes = [question.how_many] if question.how_many else range(1, len(options) + 1)
    picks = (c for n in sizes for c in itertools.combinations(options, n))
    wrong = next(c for c in picks if question.check(c).answered and not question.check(c))
    return wrong, tuple(sorted(question.answer(), key=sort_key))


def answer(view, values) -> None:
    """Click these answers (and nothing else stays chosen), then Check."""
    clicks = set(view.chosen) ^ set(values) if view.exercise.several else set(values) - set(view.chosen)
    for value in clicks:  # one answer replaces another; cards of a picker are chosen and taken back one by one
        view.button_for(value).click()
    assert view.chosen == tuple(c for c in view.exercise.choices() if c in values)
    view.check_button.click()


def status(view) -> str:
    value = view.note.value
    assert value.startswith('<div role="status" aria-live="polite">'), value
    return value


@pytest.mark.parametrize("name, question", ALL, ids=[n for n, _ in ALL])
def test_clicking_a_wrong_then_the_right_answer_gives_check_s_verdicts_and_reports_each(name, question):
    heard = []
    view = ExerciseView(question, on_answer=lambda *said: heard.append(said), show_answer="after a try")
    check(view)
    wrong, right = wrong_and_right(question)
    for values, correct in ((wrong, False), (right, True)):
        answer(view, values)
        check(view)
        given = values if question.several else values[0]
        written = question.written(given)
        assert view.verdict == question.check(given) == question.check(written)
        assert bool(view.verdict) is correct and view.verdict.answered
        text = status(view)
        assert words_html(str(view.verdict)) in text and ("✔ Correct!" if correct else "✘ Not quite:") in text
        assert heard[-1] == (question.id, correct, written)
    assert len(heard) == 2


@pytest.mark.parametrize("name, question", ALL, ids=[n for n, _ in ALL])
def test_a_fresh_exercise_is_a_neutral_prompt_with_words_on_every_button(name, question):
    view = ExerciseView(question)
    text = status(view)
    assert "✘" not in text and "✔" not in text and "then press Check" in text and view.verdict is None
    assert escape(question.prompt) in view.question.value
    for control in interactive(view):  # buttons only: each reached by Tab and pressed by Enter or Space
        assert isinstance(control, w.Button) and control.description.strip() and control.tooltip
    assert [b for b in view.answer_buttons] == [view.button_for(v) for v in question.choices()]
    for value, button in zip(question.choices(), view.answer_buttons):
        assert has_class(button, "euchre-answer") and not view.is_chosen(value)
    assert has_class(view, "euchre-exercise")
    for name_ in ("euchre-check", "euchre-hint"):
        assert sum(has_class(b, name_) for b in buttons(view)) == 1


def test_the_buttons_do_not_give_the_answer_away():
    options = {"24": "yes (C1).", "32": "no (C1).", "52": "no (C1)."}
    drawn = []
    for right in options:
        view = ExerciseView(Choice("How many cards?", options, right=right))
        drawn.append([(b.description, b.tooltip, sorted(b._dom_classes)) for b in view.answer_buttons])
    assert drawn[0] == drawn[1] == drawn[2]
    view = ExerciseView(WhichSuit("J♦", "♥"))  # no bower marks on the cards: they would tell the suit
    for button in buttons(view):
        assert "bower" not in button.tooltip.lower() and "\nL" not in button.description
    assert "euchre-trump-card" not in " ".join(c for b in buttons(view) for c in b._dom_classes)


def test_the_answer_is_shown_only_after_a_try_by_default(tmp_path):
    question = exercises(1).q1
    view = ExerciseView(question, folder=tmp_path)
    assert view.show_answer == "after a try" and not view.answer_offered
    view.check_button.click()  # nothing chosen: not a try
    assert not view.answer_offered and "Choose" in status(view) and view.verdict is None
    answer(view, wrong_and_right(question)[0])
    assert view.answer_offered and view.show_button in buttons(view)
    view.show_button.click()
    assert words_html(question.solution()) in view.solution_note.value
    check(view)


@pytest.mark.parametrize("setting, before, after", [("always", True, True), ("never", False, False)])
def test_the_teacher_s_setting_decides_when_the_answer_is_offered(tmp_path, setting, before, after):
    (tmp_path / "house_rules.json").write_text(json.dumps({"show_answer": setting}))
    question = exercises(6).q3
    for view in (ExerciseView(question, folder=tmp_path), ExerciseView(question, show_answer=setting)):
        assert view.show_answer == setting and view.answer_offered is before
        assert (view.show_button in buttons(view)) is before
        answer(view, wrong_and_right(question)[0])
        assert view.answer_offered is after and (view.show_button in buttons(view)) is after
        view.show_button.click()  # a hidden button's late click does nothing
        assert (words_html(question.solution()) in view.solution_note.value) is after


def descendants(widget) -> list:
    """Every widget under `widget`, shown or hidden."""
    return [widget, *(d for child in getattr(widget, "children", ()) for d in descendants(child))]


def never(folder) -> None:
    (folder / "house_rules.json").write_text(json.dumps({"show_answer": "never"}))


@pytest.mark.parametrize(
    "name, question", LESSON_EXERCISES[::7] + MORE, ids=[n for n, _ in LESSON_EXERCISES[::7] + MORE]
)
def test_with_answers_never_shown_solution_typed_says_so_in_one_sentence(tmp_path, monkeypatch, name, question):
    given = question.solution()
    assert given.startswith("Answer:")
    never(tmp_path)
    monkeypatch.chdir(tmp_path)  # a lesson's kernel runs in the lesson's folder, where the class's file is
    said = question.solution()
    assert "teacher" in said and "turned" in said and "off" in said, said
    assert said.count(". ") == 0 and said.endswith(".") and "Answer" not in said, said
    assert str(question.answer()) not in said and question.explained() == given


def test_with_answers_never_shown_the_view_has_no_show_the_answer_and_says_why(tmp_path):
    never(tmp_path)
    question = exercises(2).q2
    view = ExerciseView(question, folder=tmp_path)
    assert all(getattr(one, "description", "") != "Show the answer" for one in descendants(view))
    assert "Show the answer" not in status(view) and "turned the answers off" in status(view), status(view)
    answer(view, wrong_and_right(question)[0])
    assert all(getattr(one, "description", "") != "Show the answer" for one in descendants(view))
    view.reveal()  # asked in code: still nothing
    assert "Answer" not in view.solution_note.value


@pytest.mark.parametrize(
    "setting, words", [("after a try", None), ("always", "Show the answer gives"), ("never", "turned the answers off")]
)
def test_the_view_s_words_on_how_to_answer_follow_the_setting(setting, words):
    view = ExerciseView(exercises(1).q1, show_answer=setting)
    said = status(view)
    if words is None:  # the default: as the lessons say it (once you have tried, Show the answer)
        assert said.endswith("Choose your answer above, then press Check.</div>"), said
    else:
        assert words in said and ("once you have tried" not in said), said


def test_a_bad_house_rules_file_falls_back_to_after_a_try_with_a_warning(tmp_path):
    from euchre_lesson.teach.course import HouseRulesWarning

    (tmp_path / "house_rules.json").write_text('{"show_answer": "sometimes"}')
    with pytest.warns(HouseRulesWarning, match="show_answer"):
        view = ExerciseView(exercises(1).q1, folder=tmp_path)
    assert view.show_answer == "after a try"


def test_hints_come_one_by_one():
    question = exercises(1).q1
    view = ExerciseView(question)
    view.hint_button.click()
    assert words_html(question.hint(1)) in view.hint_note.value and 'aria-live="polite"' in view.hint_note.value
    view.hint_button.click()
    assert words_html(question.hint(2)) in view.hint_note.value
    view.hint_button.click()  # the last hint repeats
    assert words_html(question.hint(2)) in view.hint_note.value


def test_a_single_answer_replaces_the_last_one_and_the_picker_counts():
    view = ExerciseView(exercises(1).q3)
    first, second = view.exercise.choices()[:2]
    view.button_for(first).click()
    view.button_for(second).click()
    assert view.chosen == (second,) and view.is_chosen(second) and not view.is_chosen(first)
    assert f"Your answer: {second}" in view.choice_note.value
    view.button_for(second).click()  # a second click takes it back
    assert view.chosen == ()
    picker = ExerciseView(exercises(4).q1)
    for card in picker.exercise.choices()[:3]:
        picker.button_for(card).click()
    assert "3 of 5" in picker.choice_note.value
    picker.check_button.click()  # three cards: not an answer yet, not reported, not a try
    assert not picker.verdict.answered and "✘" not in status(picker) and not picker.answer_offered


def test_a_double_click_on_check_reports_once(monkeypatch):
    from euchre_lesson.widgets import clicks, page

    now = [1000.0]
    monkeypatch.setattr(clicks.time, "monotonic", lambda: now[0])
    heard = []
    with page.bound():  # a page whose pointer has not clicked yet: the view keeps it
        view = ExerciseView(exercises(1).q1, on_answer=lambda *said: heard.append(said))

    def from_page(button):
        button._handle_button_msg(None, {"event": "click"}, [])

    from_page(view.button_for(view.exercise.choices()[2]))
    now[0] += 1
    from_page(view.check_button)
    now[0] += 0.15
    from_page(view.check_button)
    assert len(heard) == 1
    now[0] += 1
    from_page(view.check_button)  # a person checking again later: taken
    assert len(heard) == 2


@pytest.mark.parametrize(
    "name, question", LESSON_EXERCISES[::3] + MORE, ids=[n for n, _ in LESSON_EXERCISES[::3] + MORE]
)
def test_random_clicking_never_raises_and_the_view_stays_valid(name, question):
    rng = random.Random(name)
    heard = []
    view = ExerciseView(question, on_answer=lambda *said: heard.append(said))
    for _ in range(200):
        rng.choice(buttons(view)).click()
        check(view)
    assert all(ok == bool(question.check(text)) for _, ok, text in heard)


def test_a_notebook_shows_the_widget_and_github_the_words():
    question = exercises(3).q1
    assert "application/vnd.jupyter.widget-view+json" in ask(question)._repr_mimebundle_()
    for text in (pretty(question), ExerciseView(question)._repr_mimebundle_()["text/plain"]):
        assert "Lesson 3, question 1" in text and question.prompt in text and "Run ▸ Run All Cells" in text
        assert "children=" not in text and "ExerciseView(" not in text
    assert isinstance(ask(question), ExerciseView)
    assert has_class(ask(question), "euchre-exercise-lesson-3-q1")


@pytest.mark.parametrize(
    "make, name",
    [
        (lambda: ExerciseView("q1"), "exercise"),
        (lambda: ExerciseView(exercises(1).q1, on_answer="progress"), "on_answer"),
        (lambda: ExerciseView(exercises(1).q1, show_answer="sometimes"), "show_answer"),
        (lambda: ExerciseView(exercises(1).q1, show_answer=True), "show_answer"),
        (lambda: ExerciseView(exercises(1).q1, folder=3), "folder"),
        (lambda: ExerciseView(exercises(1).q1).button_for("spades"), "value"),
    ],
)
def test_wrong_arguments_are_refused_by_name(make, name):
    with pytest.raises(NotationError, match=name):
        make()


def test_a_bid_exercise_shows_the_hand_and_offers_the_legal_calls():
    state = deal_hand(CUTTHROAT, 2, seed=3)
    question = Bid(state, accept=("pass",), reason="Weak.")
    view = ExerciseView(question)
    from euchre_lesson.engine.narration import offer

    table_words = [offer(a, state.view(state.to_act))[0] for a in state.legal_actions()]  # as the bid buttons say
    assert [b.description for b in view.answer_buttons] == table_words and table_words[0] == "Pass"
    shown = [card for row in view.exhibit_rows for card in row.cards]
    assert set(state.hands[state.to_act]) <= set(shown)


def test_every_kind_of_the_kit_can_be_shown():
    kinds = {type(q) for _, q in ALL}
    assert kinds == {WhichSuit, TrickWinner, LegalPlays, Score, BestFive, Bid, Choice, PlayableCard}


def test_the_check_notices_a_stale_verdict_or_mark():
    view = ExerciseView(exercises(1).q3)
    answer(view, wrong_and_right(view.exercise)[0])
    check(view)
    view.note.value = view.note.value.replace("Not quite", "Correct")
    with pytest.raises(AssertionError):
        check(view)
    view = ExerciseView(exercises(1).q3, on_answer=lambda *_: None)  # fresh: no answer kept from the view above
    view.answer_buttons[0].add_class("euchre-chosen")
    with pytest.raises(AssertionError):
        check(view)


def test_views_without_their_own_hook_report_to_the_lesson_s_default(lesson_store):
    from euchre_lesson.widgets import report_answers

    heard, own = [], []
    before = ExerciseView(exercises(0).q1)  # made before: keeps the context it was made in
    report_answers(lambda *said: heard.append(said))
    question = exercises(0).q1
    answer(ExerciseView(question), ("52",))
    answer(ExerciseView(question, on_answer=lambda *said: own.append(said)), ("24",))
    assert heard == [("lesson 0 q1", False, "52")] and own == [("lesson 0 q1", True, "24")]
    assert lesson_store.progress.answers() == {}, "a hook takes the answers instead of the progress"
    answer(before, ("24",))
    assert heard == [("lesson 0 q1", False, "52")] and lesson_store.progress.answers()["lesson 0 q1"].correct
    with pytest.raises(NotationError, match="on_answer"):
        report_answers("progress.json")


@pytest.mark.parametrize("name, question", ALL, ids=[n for n, _ in ALL])
def test_each_answer_has_its_own_css_class_for_browser_tests(name, question):
    from euchre_lesson.widgets.exercise import answer_class

    view = ExerciseView(question)
    names = [answer_class(question, choice) for choice in question.choices()]
    assert len(set(names)) == len(names) and all(re.fullmatch(r"euchre-answer-[a-z0-9-]+", n) for n in names)
    for choice, css in zip(question.choices(), names):
        assert has_class(view.button_for(choice), css)


def test_an_exercise_is_asked_by_its_id_alone_so_its_cell_needs_no_other():
    assert ask("lesson 2 q1").exercise == exercises(2).q1
    assert ask(" Lesson 0 q3 ").exercise == exercises(0).q3
    for wrong in ("lesson 2 q99", "lesson 99 q1", "q1", ""):
        with pytest.raises(NotationError, match="lesson 2 q1"):
            ask(wrong)
