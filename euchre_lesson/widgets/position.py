"""A position of the learner's own game asked again in a review: the same cards, as that seat saw them, "What would
you play here?", a button for each legal choice (and the board's cards to click). The choice is graded by the same
advice as the first time (teach/positions.py); a wrong one says why, never which choice is best."""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as w

from ..engine import checks, language
from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.display import rule_link
from ..engine.language import N_, _
from ..engine.sequence import PHASE_RULES
from ..look.clicks import Toggle, action_for
from ..look.faces import faces_for
from ..look.picture import Click
from ..look.prompts import in_names
from ..look.seat_picture import default_names, picture_of
from ..teach.course import SHOW_ANSWER
from ..teach.exercises import Verdict
from ..teach.positions import Position, legal_choices
from . import arguments
from .cards import action_button, note, say
from .fallback import Described
from .table_view import TableView

QUESTION = N_("What would you play here?")  # translated where it is shown
MOST_BUTTONS = 8  # a button per choice up to this many; more (a keep of five cards) are chosen on the board


class PositionView(Described, w.VBox):
    """One position asked again: the board as the seat saw it, the legal choices as buttons, and the verdict."""

    purpose = N_(
        "A position from your own game at the table, asked again: the same cards as you saw them. Choose what you "
        "would play; the computer weighs your choice as it did after the hand."
    )

    def __init__(
        self,
        position: Position,
        answer: Callable[[Action], Verdict],
        solution: Callable[[], str] | None = None,
        show_answer: str = "after a try",
    ) -> None:
        checks.instance("position", position, Position, "a Position, as a review card keeps it")
        if not callable(answer):
            raise checks.refused("answer", answer, "a function that grades a choice, as Review.answer does")
        solution = arguments.callback("solution", solution)
        show_answer = arguments.choice("show_answer", show_answer, SHOW_ANSWER)
        super().__init__()
        self.position, self.answer, self.solution = position, answer, solution
        self.show_answer = show_answer  # the class's house rule: "always", "after a try" or "never"
        self.view = position.view()
        self.names = [sitter.name for sitter in default_names(self.view)]
        self.board = TableView()
        self.board.add_class("euchre-board")
        self.board.faces = faces_for(self.view.rules)
        self.board.on_click(self._clicked)
        self.chosen: frozenset[Card] = frozenset()
        self._moment = 0
        choices = legal_choices(position)
        self.buttons = [
            action_button(words, f"choose: {words}", self._chooser(action))
            for action, words in (choices if len(choices) <= MOST_BUTTONS else ())
        ]
        rule = PHASE_RULES[self.view.phase]
        self.heading = w.HTML(
            "<p>"
            + _("<b>{question}</b> (the rule behind it: {rule})").format(
                question=escape(language._(QUESTION)), rule=rule_link(rule)
            )
            + "</p>"
        )
        self.verdict = note()
        self.show_button = action_button(_("Show the answer"), _("show the best choice here, and why"), self.show)
        extra = [self.show_button] if solution is not None and show_answer != "never" else []
        self.show_button.layout.display = "" if show_answer == "always" else "none"
        self.children = [self.heading, self.board, w.HBox(self.buttons + extra), self.verdict]
        self.verdicts: list[Verdict] = []
        self._draw()

    def _chooser(self, action: Action) -> Callable[[], None]:
        """What a choice's button does: choose it."""

        def chosen() -> None:
            self.choose(action)

        return chosen

    def _draw(self) -> None:
        self._moment += 1
        self.board.picture = dict(picture_of(self.view, moment=self._moment, chosen=self.chosen))

    def choose(self, action: Action) -> Verdict:
        """Choose `action` here: the verdict is said below the board (a wrong one invites another try)."""
        verdict = self.answer(action)
        self.verdicts.append(verdict)
        say(self.verdict, in_names(str(verdict), self.names), "good" if verdict.correct else "bad")
        if verdict.answered and self.show_answer == "after a try":
            self.show_button.layout.display = ""
        return verdict

    def show(self) -> None:
        """The best choice and why (counted as a miss where no answer was given first)."""
        if self.solution is not None and self.show_answer != "never":
            say(self.verdict, in_names(self.solution(), self.names))

    def _clicked(self, click: Click) -> None:
        """A card or a button of the board chooses (a keep: five cards, then its button)."""
        try:
            got = action_for(self.view, click, moment=self._moment)
            if isinstance(got, Toggle):
                self.chosen ^= {got.card}
                self._draw()
            else:
                self.choose(got)
        except ValueError as error:  # the rules' refusal, in their words: the learner chooses again
            say(self.verdict, _("That did not work: {error}").format(error=error), "bad")
