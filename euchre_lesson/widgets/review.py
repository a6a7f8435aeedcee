"""Today's review as a widget: the questions missed before, asked again one at a time, each answer rescheduling one.

The cards, their questions and their schedule are a `review.Review`; each question is shown by the exercise's own
click-to-answer view (`widgets/exercise.py`), whose answers go to the review, not to the lesson's progress; a position
missed at the table by the position dealt again (`widgets/position.py`).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from ..engine import checks, language
from ..engine.actions import Action
from ..engine.language import N_, _
from ..engine.said import words_of
from ..play.budget import DECISION_SECONDS
from ..teach.exercises import Verdict
from ..teach.progress import Progress
from ..teach.review import Review
from . import arguments
from .cards import note, say, style_sheet
from .clicks import TiedButton
from .exercise import ExerciseView, answer_setting
from .fallback import Described
from .position import PositionView
from .practice import _close_all

NOTHING_DUE = N_(
    "Nothing to review today. A question you miss in a lesson or in the endless practice comes back here, and so "
    "does a choice at the table that the coach calls a Mistake or a Blunder: the next day at first, then after "
    "longer and longer gaps as you get it right."
)


class ReviewWidget(Described, w.VBox):
    """Today's review: each question missed before, asked again; Next question moves on; the end says how it went."""

    purpose = N_(
        "Today's review: the questions you missed before come back, one at a time, on the days that help you "
        "remember them. Answer by clicking; a right answer brings a question back after a longer gap."
    )
    how = N_("A widget: to review, {start}.")

    def __init__(
        self,
        progress: Progress | None = None,
        seed: int | None = None,
        *,
        show_answer: str | None = None,
        folder=".",
        on_change: Callable[[], None] | None = None,
        **kwargs: Any,
    ) -> None:
        self.session = Review(progress, seed)  # refuses a wrong progress or seed
        self.session.seconds = DECISION_SECONDS  # a position's grade takes no longer than the table's
        self.on_change = arguments.callback("on_change", on_change)
        show_answer = answer_setting(show_answer, folder)
        arguments.start_box(ReviewWidget, self, kwargs)
        self.show_answer = show_answer
        self.heading, self.said = w.HTML(), note()
        self.holder = w.Box(layout=w.Layout(overflow="visible"))
        self.next_tie = TiedButton(
            _("Next question"), _("go on to the next question of today's review"), self.next_question
        )
        self.finish_tie = TiedButton(_("Finish the review"), _("see how today's review went"), self.next_question)
        self.view: ExerciseView | PositionView | None = None
        self._replaced: ExerciseView | PositionView | None = (
            None  # the view before stays open, so a late click on it is dropped
        )
        self.children = [style_sheet(), self.heading, self.holder, self.next_tie, self.finish_tie, self.said]
        self.add_class("euchre-review")
        self.show_question()

    @property
    def next_button(self) -> w.Button:
        """The button on screen that moves on: Next question, or Finish the review after the last."""
        return (self.finish_tie if self.session.number == len(self.session.items) else self.next_tie).button

    def next_question(self) -> None:
        """Go on to the next question, or to the end of the review."""
        self.session.next()
        self.show_question()

    def show_question(self) -> None:
        """Show the question of the review's card, or how the review went once every card was asked."""
        session, number = self.session, self.session.number
        question = session.question
        if self._replaced is not None:  # two questions back: any click on it was sent long ago
            _close_all(self._replaced)
        if question is None:
            self._replaced, self.view, self.holder.children = self.view, None, ()
            self.heading.value = _("<p class='euchre-note'><b>Today's review</b></p>")
            self.next_tie.hide()
            self.finish_tie.hide()
            say(self.said, self.summary(), "good" if session.items and not session.wrong else "")
            return
        view: ExerciseView | PositionView
        if question.position is not None:
            view = PositionView(
                question.position,
                lambda action: self._chose(number, action),
                self.session.solution,
                self.show_answer,
            )
        else:
            view = ExerciseView(
                checks.known(question.exercise, "a question that is no position has its exercise"),
                on_answer=lambda _id, _right, text: self._answered(number, text),
                show_answer=self.show_answer,
            )
        self._replaced, self.view, self.holder.children = self.view, view, (view,)
        self.heading.value = _(
            "<p class='euchre-note'><b>Today's review</b> · question {number} of {count}, {source}</p>"
        ).format(number=number, count=len(session.items), source=escape(words_of(question.source)))
        shown, hidden = (
            (self.finish_tie, self.next_tie) if number == len(session.items) else (self.next_tie, self.finish_tie)
        )
        shown.draw(number)
        hidden.hide()
        say(self.said, "")

    def summary(self) -> str:
        """How the review went, in words (or that nothing is due)."""
        session = self.session
        if not session.items:
            return language._(NOTHING_DUE)
        asked = len(session.items)
        right = _("{right} of {asked} right").format(right=session.right, asked=asked)
        later = (
            _("Each comes back after a longer gap.")
            if not session.wrong
            else _("The ones you missed come back tomorrow.")
        )
        return _("Review done: {right}. {later}").format(right=right, later=later)

    def _chose(self, number: int, action: Action) -> Verdict:
        """A choice at a position shown: the review grades it and rates its card (only the first)."""
        if number != self.session.number or self.session.question is None:
            return Verdict(False, _("This question is over: press Next question."), answered=False)
        verdict = self.session.answer(action)
        if self.on_change is not None:
            self.on_change()
        return verdict

    def _answered(self, number: int, text: str) -> None:
        """The view judged an answer: the review rates its card (only the first, and only for the question shown)."""
        if number == self.session.number and self.session.question is not None:
            hinted = isinstance(self.view, ExerciseView) and bool(self.view.hints_shown)
            self.session.answer(text, hinted=hinted)
            if self.on_change is not None:
                self.on_change()
