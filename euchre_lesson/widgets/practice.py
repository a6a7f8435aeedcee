"""Endless practice as a widget: one question at a time, Next question, the streak and each kind's tally.

The questions, their checks and the streak are a `practice.Practice` session; each question is shown by
the exercise's own click-to-answer view (`widgets/exercise.py`), which reports every answer it judged.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..engine import checks, language
from ..engine.language import N_, _
from ..teach.practice import KINDS, PRACTISED, Practice, Question
from ..teach.progress import Progress
from . import arguments
from .cards import note, say, style_sheet
from .clicks import TiedButton
from .exercise import ExerciseView, answer_setting
from .fallback import Described
from .page import current


def _close_all(widget: w.Widget) -> None:
    """Close a widget and everything inside it (never a shared layout or style: those are not children; nor the
    page's style sheet, which every view shows)."""
    if current().shares(widget):
        return
    for child in getattr(widget, "children", ()):
        _close_all(child)
    widget.close()


class PracticeWidget(Described, w.VBox):
    """Questions one after another, answered by clicking; Next question deals a fresh one."""

    purpose = N_(
        "Endless practice: one question at a time dealt from real hands (which suit a card belongs to, who "
        "wins a trick, which cards may be played, scoring, the best five, bid or pass), with a streak; the "
        "kinds you get wrong come back more often."
    )
    how = N_("A widget: to practise, {start}.")

    def __init__(
        self,
        seed: int | None = None,
        *,
        progress: Progress | bool | None = None,
        kinds=tuple(KINDS),
        games=PRACTISED,
        show_answer: str | None = None,
        folder=".",
        **kwargs: Any,
    ) -> None:
        # Practice refuses a wrong seed, progress, kinds or games
        self.session = Practice(seed, progress=progress, kinds=kinds, games=games)
        show_answer = answer_setting(show_answer, folder)
        arguments.start_box(PracticeWidget, self, kwargs)
        self.show_answer = show_answer
        self.heading, self.setting, self.streak_note, self.tally = w.HTML(), note(), note(), w.HTML()
        self.holder = w.Box(layout=w.Layout(overflow="visible"))
        self.next_tie = TiedButton(_("Next question"), _("deal a fresh question"), self.next_question)
        self.view: ExerciseView | None = None
        self._replaced: ExerciseView | None = (
            None  # the view before stays open, so a late click on it is dropped quietly
        )
        self.children = [
            style_sheet(),
            self.heading,
            self.setting,
            self.holder,
            w.HBox([self.next_tie, self.streak_note], layout=w.Layout(align_items="center", overflow="visible")),
            self.tally,
        ]
        self.add_class("euchre-practice")
        self.show_question()

    @property
    def question(self) -> Question:
        return self.session.question

    @property
    def next_button(self) -> w.Button:
        return self.next_tie.button

    def next_question(self) -> None:
        """Deal the next question and show it."""
        self.session.next()
        self.show_question()

    def show_question(self) -> None:
        """Show the session's question in a fresh view; a click on an earlier question's view is dropped."""
        number = self.session.number
        view = ExerciseView(
            self.question.exercise,
            on_answer=lambda _id, _right, text: self._answered(number, text),
            show_answer=self.show_answer,
        )
        if self._replaced is not None:  # two questions back: any click on it was sent long ago
            _close_all(self._replaced)
        self._replaced, self.view, self.holder.children = self.view, view, (view,)
        self.heading.value = (
            "<p class='euchre-note'>"
            + _("<b>Endless practice</b> · question {number}: <b>{words}</b>").format(
                number=number, words=escape(self.question.words)
            )
            + "</p>"
        )
        say(self.setting, self.question.setting)
        self.setting.layout.display = "" if self.question.setting else "none"
        self.next_tie.draw(number)
        self.redraw()

    def _answered(self, number: int, text: str) -> None:
        """The view judged an answer: the session counts it (only the first, and only for the question shown)."""
        if number == self.session.number:
            self.session.answer(text)
            self.redraw()

    def redraw(self) -> None:
        """The streak and the tallies."""
        session = self.session
        if session.streak:
            words = _("Streak: {count} right in a row (best this session: {best}).")
        else:
            words = _("Streak: 0 — answer right first time to start one (best this session: {best}).")
        say(self.streak_note, words.format(count=session.streak, best=session.best_streak))
        self.tally.value = tally_html(session)


def tally_html(session: Practice) -> str:
    """Each kind's first answers this session, and which kinds come back more often for recent mistakes."""
    checks.instance("session", session, Practice, "a Practice session")
    weights = session.weights()
    rows = []
    for kind in session.kinds:
        right, wrong = session.tally[kind]
        again = _("more often") if weights[kind] > 1 else _("as usual")
        words = escape(language._(KINDS[kind].words), quote=False)
        rows.append(
            f"<tr><td>{words}</td><td>{right + wrong}</td><td>{right}</td><td>{wrong}</td>"
            f"<td>{escape(again, quote=False)}</td></tr>"
        )
    named = (_("kind"), _("answered"), _("✔ right"), _("✘ wrong"), _("comes back"))
    heads = "".join(f"<th scope='col'>{escape(head, quote=False)}</th>" for head in named)
    caption = escape(_("This session, first answers by kind"), quote=False)
    return (
        "<table class='euchre-note euchre-tally' style='border-collapse:collapse'><caption style='text-align:left'>"
        f"{caption}</caption><tr>{heads}</tr>" + "".join(rows) + "</table>"
    )
