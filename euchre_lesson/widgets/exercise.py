"""Click to answer: an exercise as a small widget; the exercise asks, checks and explains, the view only shows.

As learntools splits a Problem from its ProblemView: the question, the choices, the check, the hints and the
solution all come from the exercise (`euchre_lesson.teach.exercises`), so a click and `check()` always agree.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from ..engine import checks, language
from ..engine.actions import Action
from ..engine.cards import Card, Suit
from ..engine.display import card_name, words_html
from ..engine.errors import NotationError, excerpt
from ..engine.language import N_, _
from ..teach.context import LessonContext, bind, current
from ..teach.course import SHOW_ANSWER, exercises, lesson_numbers
from ..teach.course import show_answer as class_show_answer
from ..teach.exercises import Exercise, Verdict
from . import arguments
from .cards import CardStrip, classes, face, note, say, set_classes, style_sheet
from .clicks import Drawing, shared_look
from .fallback import Described

# Word answers look chosen as card answers do: a thick border as well as a colour, and "chosen" in words.
CSS = """<style>
.euchre-answer.jupyter-button { margin: 0.15em; }
.euchre-answer.euchre-chosen:not(.euchre-card) { background: #fff4c2; border: 3px solid #8a5a00; font-weight: 600; }
.euchre-exercise { border-left: 4px solid #6b6b6b; padding-left: 0.6em; overflow: visible; }
.euchre-answers { flex-wrap: wrap; overflow: visible; padding: 0.2em; }
.euchre-answer.euchre-tried { outline: 3px dashed #a4001d; outline-offset: -3px; }
.euchre-answer.euchre-tried:not(.euchre-card) { text-decoration: line-through; }
</style>"""
# A choice tried and found wrong stays on the page, marked (a dashed outline, and "tried" in its words), so the
# learner tries another; nothing marks the right one until it is chosen and checked.

# The house rule "never", as the trainers say it (bidding, dummy, follow suit, score quiz).
NO_ANSWERS = N_("Your teacher has turned the answers off for these lessons")
# What a fresh exercise says of Show the answer, after its prompt: the lessons' own words tell the default.
ANSWER_WORDS = {
    "after a try": "",
    "always": N_("Show the answer gives the answer with its reason, whenever you want it."),
    "never": N_("Your teacher has turned the answers off for these lessons: Hint gives a clue."),
}
OUT_OF_SIGHT = {"height": "0px", "margin": "0", "overflow": "hidden"}  # a layout's settings: no widget at import


def report_answers(on_answer: Callable[[str, bool, str], None] | None) -> LessonContext:
    """Bind the lesson's context with `on_answer(id, correct, text)` taking every answer of the views made from now on
    without their own (None: back to the learner's progress); the context bound."""
    here = current()
    return bind(here.progress, here.reporter, arguments.callback("on_answer", on_answer))


EXERCISE_ID = re.compile(r"lesson (\d{1,2}) (q\d{1,2})")  # "lesson 2 q1", as progress names an exercise


def answer_setting(show_answer: object, folder: Any) -> str:
    """When a view offers "Show the answer": the setting given, checked, else the class's house rules in `folder`."""
    if show_answer is None:
        return class_show_answer(folder)
    return arguments.choice("show_answer", show_answer, SHOW_ANSWER)


def ask(exercise: Exercise | str, **options: Any) -> ExerciseView:
    """The click-to-answer widget of an exercise, or of a lesson's exercise by its id: `ask("lesson 2 q1")`."""
    if isinstance(exercise, str):
        exercise = _lesson_exercise(exercise)
    return ExerciseView(exercise, **options)


def _lesson_exercise(id: str) -> Exercise:
    """A lesson's exercise by its id, "lesson 2 q1": so a lesson's cell needs nothing from the cells above it."""
    found = EXERCISE_ID.fullmatch(" ".join(id.lower().split()))
    named = vars(exercises(int(found[1]))) if found and int(found[1]) in lesson_numbers() else {}
    if not found or found[2] not in named:
        raise NotationError(
            "exercise", f'No exercise {excerpt(id)}: name one as the lessons do, such as ask("lesson 2 q1").'
        )
    return named[found[2]]


def answer_class(exercise: Exercise, choice: object) -> str:
    """A CSS class naming a choice by its value ('euchre-answer-jd', '-hearts', '-call-h'), for browser tests."""
    checks.instance("exercise", exercise, Exercise, "an exercise of the lessons, such as ask('lesson 1 q1').exercise")
    if isinstance(choice, (Card, Action)):
        text = choice.ascii
    elif isinstance(choice, Suit):
        text = choice.plural
    else:
        text = exercise.written(choice)
    return "euchre-answer-" + (re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "option")


class ExerciseView(Described, w.VBox):
    """An exercise to answer by clicking: its question, its answers as buttons (or cards to pick), Check,
    Hint and Show the answer; each checked answer is reported to `on_answer(id, correct, answer text)`, else kept
    through the lesson's context bound when the view is made (the learner's progress, and the class if linked)."""

    purpose = N_(
        "An exercise answered by clicking: the question, its answers as buttons, Check, Hint and Show the answer."
    )

    def __init__(
        self,
        exercise: Exercise,
        *,
        on_answer: Callable[[str, bool, str], None] | None = None,
        show_answer: str | None = None,
        folder: str | os.PathLike[str] = ".",
        **kwargs: Any,
    ) -> None:
        if not isinstance(exercise, Exercise):
            raise NotationError(
                "exercise", f"exercise must be an exercise such as exercises(1).q1, not {excerpt(exercise)}."
            )
        on_answer = arguments.callback("on_answer", on_answer)
        show_answer = answer_setting(show_answer, folder)
        arguments.start_box(ExerciseView, self, kwargs)
        self.exercise, self.on_answer, self.show_answer = exercise, on_answer, show_answer
        bound = current()  # where this view's answers go, whatever context a click later runs in
        self.context = bound if on_answer is None else dataclasses.replace(bound, on_answer=on_answer)
        # A learner coming back to a lesson sees the answer given last time, not "none yet".
        self.earlier = bound.progress.answers().get(exercise.id) if on_answer is None and exercise.id else None
        self.verdict: Verdict | None = None  # the last answer checked; None before any
        self.tries = self.hints_shown = 0
        self._chosen: tuple = ()
        self._given: object = None  # the answer the verdict is about (a choice, or several)
        self.tried: tuple = ()  # the single choices checked and found wrong, marked for the second try
        self.coming_back = False  # showing the answer kept from last time, until the learner clicks
        self.drawing = Drawing()  # one drawing for the view's life: a double-click acts once
        self.drawing.renew(exercise, ())
        self.choices = tuple(exercise.choices())
        self.answer_buttons = tuple(self._answer_button(choice) for choice in self.choices)
        self._build()
        if self.earlier is not None:
            self._come_back()
        self.redraw()

    # -- drawing --------------------------------------------------------------------------------------

    def _build(self) -> None:
        self.question = w.HTML(
            "<p class='euchre-note'>"
            + _("<b>Question.</b> {question}").format(question=words_html(self.exercise.prompt))
            + "</p>"
        )
        self.exhibit_rows = []
        exhibits = []
        for label, cards in self.exercise.exhibits():
            row = CardStrip()
            row.show(cards)  # no trump marks: an R or L under a card would give answers away
            self.exhibit_rows.append(row)
            exhibits.append(w.HBox([w.HTML(f"<b>{escape(label)}</b>"), row], layout=w.Layout(align_items="center")))
        answers = w.HBox(list(self.answer_buttons), layout=w.Layout(align_items="center"))
        answers.add_class("euchre-answers")
        self.check_button = self._control(_("Check"), _("check your answer"), "euchre-check", self.check)
        self.hint_button = self._control(
            _("Hint"), _("show a hint; press again for the next one"), "euchre-hint", self.hint
        )
        self.show_button = self._control(
            _("Show the answer"), _("show the right answer and why"), "euchre-show-answer", self.reveal
        )
        # "never" means never: the button is not even on the page, hidden or not, for a student to turn on.
        self.show_box = w.Box(
            [] if self.show_answer == "never" else [self.show_button], layout=w.Layout(overflow="visible")
        )
        self.choice_note, self.note, self.hint_note, self.solution_note = note(), note(), note(), note()
        self.note.add_class("euchre-verdict")
        self.choice_note.add_class("euchre-your-answer")  # what is chosen, or kept from last time
        self.children = [
            style_sheet(),
            w.HTML(CSS, layout=w.Layout(**OUT_OF_SIGHT)),
            self.question,
            *exhibits,
            answers,
            self.choice_note,
            w.HBox([self.check_button, self.hint_button, self.show_box], layout=w.Layout(overflow="visible")),
            self.note,
            self.hint_note,
            self.solution_note,
        ]
        self.add_class("euchre-exercise")
        if self.exercise.id:
            self.add_class("euchre-exercise-" + re.sub(r"[^a-z0-9]+", "-", self.exercise.id.lower()).strip("-"))
        say(self.note, self._ask_for_answer())

    def _answer_button(self, choice: object) -> w.Button:
        """A button for one choice: a card face for a card, else the exercise's words for it."""
        card_layout, style, word_layout = shared_look()
        if isinstance(choice, Card):
            button = self.drawing.button(
                functools.partial(self.pick, choice),
                layout=card_layout,
                style=style,
                description=face(choice),
                tooltip=card_name(choice),
            )
        else:
            words = self.exercise.label(choice)
            button = self.drawing.button(
                functools.partial(self.pick, choice), layout=word_layout, style=style, description=words, tooltip=words
            )
        button.add_class("euchre-answer")
        button.add_class(answer_class(self.exercise, choice))
        return button

    def _control(self, description: str, tooltip: str, css: str, on_click: Callable[[], None]) -> w.Button:
        _face, style, layout = shared_look()
        button = self.drawing.button(on_click, description=description, tooltip=tooltip, layout=layout, style=style)
        button.add_class(css)
        return button

    def _ask_for_answer(self) -> str:
        """The neutral prompt of a fresh exercise: what to click, and where the class's setting is not the
        lessons' own (once you have tried, Show the answer), what it is."""
        if not self.exercise.several:
            prompt = _("Choose your answer above, then press Check.")
        elif self.exercise.how_many:
            prompt = _("Click the {count} cards of your answer above, then press Check.").format(
                count=self.exercise.how_many
            )
        else:
            prompt = _("Click each card of your answer above, then press Check.")
        setting = ANSWER_WORDS[self.show_answer]
        return f"{prompt} {language._(setting)}" if setting else prompt

    def _come_back(self) -> None:
        """Show the answer kept from last time as the learner left it: chosen, with its verdict and its tries."""
        earlier = checks.known(self.earlier, "an answer kept from last time")
        picked = self._kept_choices(earlier.answer)
        if not picked:  # kept words the buttons cannot show (an older answer): said in words alone
            return
        given = picked if self.exercise.several else picked[0]
        verdict = self.exercise.judge(given)
        if not verdict.answered:
            return
        self._chosen, self.verdict, self._given = picked, verdict, given
        self.tries, self.coming_back = max(earlier.tries, 1), True
        if not verdict.correct and not self.exercise.several:
            self.tried = (given,)
        say(self.note, str(verdict), "good" if verdict else "bad")

    def _kept_choices(self, text: str) -> tuple:
        """The choices a kept answer's text names, in the order shown; none where it names none."""
        if not self.exercise.several:
            return next(((c,) for c in self.choices if self.exercise.written(c) == text), ())
        try:
            cards = self.exercise.read(text)
        except (NotationError, ValueError):  # an answer kept in words these cards cannot read
            return ()
        return tuple(c for c in self.choices if c in cards)

    def redraw(self) -> None:
        """Mark the chosen answers and those tried, say what is chosen, and offer the answer if the setting allows."""
        for choice, button in zip(self.choices, self.answer_buttons):
            chosen, tried = choice in self._chosen, choice in self.tried
            base = classes(choice) if isinstance(choice, Card) else ()
            words = card_name(choice) if isinstance(choice, Card) else self.exercise.label(choice)
            with button.hold_sync():
                set_classes(
                    button,
                    (
                        *base,
                        "euchre-answer",
                        answer_class(self.exercise, choice),
                        *(("euchre-chosen",) if chosen else ()),
                        *(("euchre-tried",) if tried else ()),
                    ),
                )
                button.tooltip = words + (_(", chosen") if chosen else "") + (_(", tried: not right") if tried else "")
        say(self.choice_note, self._chosen_words())
        self.show_box.layout.display = "" if self.answer_offered else "none"

    def _chosen_words(self) -> str:
        tried = ", ".join(self.exercise.label(c) for c in self.tried if c not in self._chosen)
        tried = " " + _("Tried already, not right: {tried}.").format(tried=tried) if tried else ""
        if self.earlier is not None and (self.coming_back or not self._chosen):
            return _("Your answer last time: {answer}").format(answer=self._earlier_words()) + tried
        words = ", ".join(self.exercise.label(c) for c in self._chosen) or _("none yet")
        count = (
            " " + _("({count} of {wanted})").format(count=len(self._chosen), wanted=self.exercise.how_many)
            if self.exercise.how_many
            else ""
        )
        yours = _("Your answers: {answers}") if self.exercise.several else _("Your answer: {answers}")
        return yours.format(answers=words) + count + tried

    def _earlier_words(self) -> str:
        """The answer kept from last time, in the words of its button where one matches, and whether it was right."""
        earlier = checks.known(self.earlier, "an answer kept from last time")
        labels = () if self.exercise.several else self.choices  # several cards: kept as written
        words = next(
            (self.exercise.label(c) for c in labels if self.exercise.written(c) == earlier.answer), earlier.answer
        )
        last_right = self.verdict.correct if self.coming_back and self.verdict is not None else earlier.correct
        if last_right:
            verdict = _("you have answered it right")
        elif earlier.correct:
            verdict = _("not right, though you answered it right before")
        else:
            verdict = _("not right yet: try again")
        return f"{words} ({verdict})"

    # -- what a click does ----------------------------------------------------------------------------

    @property
    def chosen(self) -> tuple:
        """The answers chosen now, in the order they are shown."""
        return tuple(c for c in self.choices if c in self._chosen)

    def is_chosen(self, value: object) -> bool:
        return self._find(value) in self._chosen

    def button_for(self, value: object) -> w.Button:
        """The button of a choice, given as the value or as written for check() ('J♦', '♥', '2')."""
        return self.answer_buttons[self.choices.index(self._find(value))]

    def _find(self, value: object) -> object:
        for choice in self.choices:
            if type(choice) is type(value) and choice == value:
                return choice
        for choice in self.choices:
            if isinstance(value, str) and self.exercise.written(choice) == value:
                return choice
        offered = ", ".join(self.exercise.written(c) for c in self.choices)
        raise NotationError("value", f"value {excerpt(value)} is not one of this exercise's answers: {offered}.")

    def pick(self, value: object) -> None:
        """Choose an answer (a second click takes it back); with several, each card is chosen on its own."""
        choice = self._find(value)
        if choice in self._chosen:
            self._chosen = tuple(c for c in self._chosen if c != choice)
        elif self.exercise.several:
            self._chosen = self.chosen + (choice,)
        else:
            self._chosen = (choice,)
        self._chosen = self.chosen  # keep the shown order
        self.coming_back = False  # a new answer: the one kept from last time is no longer what is chosen
        self.redraw()

    def check(self) -> None:
        """Ask the exercise about the chosen answer, show its verdict, and report an answer it could judge."""
        if not self._chosen:
            self.verdict = self._given = None
            say(self.note, _("Choose an answer above first, then press Check."))
            return
        given = self.chosen if self.exercise.several else self._chosen[0]
        verdict = self.exercise.judge(given)
        self.verdict, self._given = verdict, given
        say(self.note, str(verdict), ("good" if verdict else "bad") if verdict.answered else "")
        if not verdict.answered:  # three cards where five are asked: not a try
            return
        self.tries += 1
        self.coming_back = False
        if not verdict.correct and not self.exercise.several and given not in self.tried:
            self.tried += (given,)  # marked, and still there to choose: the second try is the learner's
        self.redraw()
        self.context.keep(self.exercise.id, verdict)  # the I/O: the learner's progress, and the class if linked

    def hint(self) -> None:
        """The next hint, under those shown before it (the last one repeats); the button says when there is more."""
        written = self.exercise.hint_count
        self.hints_shown = min(self.hints_shown + 1, written)
        more = "".join(
            "<br>" + words_html(_("Hint {number}: {hint}").format(number=number, hint=self.exercise.hint(number)))
            for number in range(2, self.hints_shown + 1)
        )
        say(self.hint_note, _("Hint: {hint}").format(hint=self.exercise.hint(1)), extra_html=more)
        left = self.hints_shown < written
        self.hint_button.description = _("Next hint") if left else _("Hint")
        self.hint_button.tooltip = _("show the next hint") if left else _("show the hints again: there are no more")

    @property
    def answer_offered(self) -> bool:
        """Whether "Show the answer" is on screen: always, never, or once an answer was checked."""
        return self.show_answer == "always" or (self.show_answer == "after a try" and self.tries > 0)

    def reveal(self) -> None:
        """Show the right answer and why, if the setting offers it now."""
        if self.answer_offered:
            say(self.solution_note, str(self.exercise.explained()))

    # -- how it looks where it cannot run, and checks for tests -------------------------------------

    def fallback_text(self) -> str:
        """For a page that cannot run the notebook (GitHub): the question, and how to answer it."""
        return self.exercise.fallback_text()
