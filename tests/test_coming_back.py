"""Coming back (issue 37): a finished lesson's questions show the learner's kept answers, chosen as they were left,
with their verdicts; "Your answer: none yet" only where there is no answer kept."""

from __future__ import annotations

import pytest
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)
from widget_checks import check

from euchre_lesson.teach.context import bound
from euchre_lesson.teach.course import exercises, lesson_numbers
from euchre_lesson.teach.progress import Progress
from euchre_lesson.widgets import ExerciseView, ask
from euchre_lesson.widgets.cards import has_class

NONE_YET = "none yet"


def right_pick(view: ExerciseView) -> tuple:
    """The right answer as the view's choices: every right card of a picker, else the first right choice."""
    exercise = view.exercise
    if exercise.several:
        return tuple(c for c in view.choices if c in set(exercise.answer()))
    return next((c,) for c in view.choices if exercise.check(exercise.written(c)))


def wrong_pick(view: ExerciseView) -> tuple:
    """A wrong answer the exercise judges: the first wrong choice, or for a picker the right cards but one swapped."""
    exercise = view.exercise
    if not exercise.several:
        return next((c,) for c in view.choices if not exercise.check(exercise.written(c)))
    right = right_pick(view)
    other = next(c for c in view.choices if c not in right)
    picks = [right[:-1] + (other,), right[:-1], view.choices]
    return next(p for p in picks if exercise.check(p).answered and not exercise.check(p))


def answer(view: ExerciseView, picked: tuple) -> None:
    """Click these answers (taking back any other chosen) and press Check."""
    for value in set(view.chosen) ^ set(picked) if view.exercise.several else set(picked) - set(view.chosen):
        view.button_for(value).click()
    view.check_button.click()


@pytest.mark.parametrize("lesson", lesson_numbers())
def test_a_finished_lesson_shows_every_answer_kept_and_its_verdict(tmp_path, lesson):
    progress = Progress(tmp_path)
    named = vars(exercises(lesson))
    with bound(progress):
        for name in named:  # the lesson done by clicking: each question wrong, then right
            view = ask(f"lesson {lesson} {name}")
            answer(view, wrong_pick(view))
            answer(view, right_pick(view))
            assert view.verdict
        for name, exercise in named.items():  # the lesson opened again
            view = ask(f"lesson {lesson} {name}")
            check(view)
            words = view.choice_note.value
            assert NONE_YET not in words and "Your answer last time" in words, (exercise.id, words)
            assert "you have answered it right" in words, (exercise.id, words)
            assert view.chosen == right_pick(view) and "✔ Correct!" in view.note.value, exercise.id
            assert view.answer_offered or view.show_answer == "never"  # tried: Show the answer as the rules allow
    assert set(progress.answers()) == {f"lesson {lesson} {name}" for name in named}


def test_a_question_left_wrong_comes_back_wrong_marked_and_open(tmp_path):
    progress = Progress(tmp_path)
    with bound(progress):
        view = ask("lesson 1 q3")
        wrong = wrong_pick(view)
        answer(view, wrong)
        again = ask("lesson 1 q3")
    check(again)
    assert again.chosen == wrong and has_class(again.button_for(wrong[0]), "euchre-tried")
    assert "✘ Not quite" in again.note.value and "Try again" in again.note.value
    assert "not right yet: try again" in again.choice_note.value
    answer(again, right_pick(again))  # the second try, on the view that came back
    check(again)
    assert again.verdict and progress.answers()["lesson 1 q3"].tries == 2


def test_a_question_right_before_and_wrong_last_says_both(tmp_path):
    progress = Progress(tmp_path)
    with bound(progress):
        view = ask("lesson 1 q1")
        answer(view, right_pick(view))
        answer(view, wrong_pick(view))
        again = ask("lesson 1 q1")
    assert "not right, though you answered it right before" in again.choice_note.value
    assert "✘ Not quite" in again.note.value


def test_cards_kept_come_back_chosen(tmp_path):
    progress = Progress(tmp_path)
    with bound(progress):
        view = ask("lesson 4 q1")  # keep five of ten
        five = right_pick(view)
        answer(view, five)
        again = ask("lesson 4 q1")
    check(again)
    assert again.chosen == five and again.verdict and NONE_YET not in again.choice_note.value


def test_only_a_question_never_answered_says_none_yet(tmp_path):
    progress = Progress(tmp_path)
    with bound(progress):
        view = ask("lesson 1 q1")
        answer(view, right_pick(view))
        views = [ask(f"lesson 1 {name}") for name in vars(exercises(1))]
    said = {view.exercise.id: NONE_YET in view.choice_note.value for view in views}
    assert said == {view.exercise.id: view.exercise.id != "lesson 1 q1" for view in views}
    fresh = [view for view in views if view.exercise.id != "lesson 1 q1"]
    assert all(view.verdict is None and "✘" not in view.note.value for view in fresh)


def test_a_kept_answer_the_buttons_cannot_show_is_said_in_words(tmp_path):
    progress = Progress(tmp_path)
    progress.record("lesson 1 q1", False, "an old answer")  # kept by an older version, say
    with bound(progress):
        view = ask("lesson 1 q1")
    check(view)
    assert "Your answer last time: an old answer" in view.choice_note.value
    assert view.chosen == () and view.verdict is None
