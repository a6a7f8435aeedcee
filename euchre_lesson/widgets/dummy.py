"""The cutthroat maker's five from ten (T5): choose, keep, and compare with the engine's best five."""

from __future__ import annotations

import os
from html import escape
from typing import Any

import ipywidgets as w

from ..engine import language
from ..engine.actions import keep
from ..engine.cards import Card, fixed_suit, sort_key
from ..engine.errors import IllegalAction, NotationError
from ..engine.faces import suit_words
from ..engine.hand import HandState
from ..engine.language import N_, _
from ..engine.phases import Phase
from ..engine.rules import CUTTHROAT, RuleSet
from ..teach.exercises import BestFive
from . import arguments
from .cards import CardRow, CardStrip, action_button, note, say, style_sheet
from .clicks import TiedButton
from .exercise import NO_ANSWERS, answer_setting
from .fallback import Described
from .positions import find_position


def _dummy_position(seed: int, rules: RuleSet = CUTTHROAT) -> HandState:
    """A seeded cutthroat hand, under these rules, in which the maker has just taken the dummy (T5)."""
    return find_position(seed, rules, lambda s: s.phase is Phase.DUMMY)


class DummyTrainer(Described, w.VBox):
    """You made trump in cutthroat and took the dummy: choose the five to keep; the BestFive exercise judges them."""

    purpose = N_(
        "Dummy trainer: you made trump in Cutthroat and took the dummy; click the five of your ten cards "
        "to keep, and it compares them with the computer's best five and says why."
    )

    def __init__(
        self,
        seed: int | None = 1,
        rules: RuleSet = CUTTHROAT,
        show_answer: str | None = None,
        folder: str | os.PathLike[str] = ".",
        **kwargs: Any,
    ) -> None:
        seed = arguments.seed("seed", seed)
        # The class's house rule: under "never" a worse five is not followed by the computer's five.
        self.show_answer = answer_setting(show_answer, folder)
        self.rules = arguments.rules("rules", rules)  # a class's Cutthroat rules: the bidding before the dummy
        if not self.rules.has_dummy:
            raise NotationError(
                "rules",
                _("rules must be Cutthroat's (a game with a dummy), not {game}'s.").format(
                    game=language._(self.rules.facts.label)
                ),
            )
        arguments.start_box(DummyTrainer, self, kwargs)
        self.situation = w.HTML()
        self.own_row = CardRow(on_pick=self.toggle)
        self.dummy_row = CardRow(on_pick=self.toggle)
        self.counter = w.HTML()
        self.keep_button = action_button(
            _("Keep these five"), _("keep the chosen five and lay the others aside"), self.keep
        )
        self.new_tie = TiedButton(_("New deal"), _("deal another seeded hand"), self.new_deal)
        self.best_label = w.HTML()
        self.best_row = CardStrip()
        self.note = note()
        self.children = [
            style_sheet(),
            self.situation,
            w.HBox([w.HTML(_("<b>Your five</b>")), self.own_row], layout=w.Layout(align_items="center")),
            w.HBox([w.HTML(_("<b>The dummy's five</b>")), self.dummy_row], layout=w.Layout(align_items="center")),
            w.HBox([self.counter, self.keep_button, self.new_tie], layout=w.Layout(align_items="center")),
            self.note,
            w.HBox([self.best_label, self.best_row], layout=w.Layout(align_items="center")),
        ]
        self.deal(seed)

    def deal(self, seed: int | None) -> None:
        """Show the maker's ten cards of this seed's hand (None: a random one)."""
        seed = arguments.seed("seed", seed)
        state = _dummy_position(seed, self.rules)
        self.seed, self.state = seed, state
        self.chosen: set[Card] = set()
        self.verdict: str | None = None  # 'best', 'as good' or 'worse' once a five is kept
        state = self.state
        made = fixed_suit(state.trump)  # the position is the maker's, after trump is made
        self.exercise = BestFive(self.ten, made)
        self.best = self.exercise.best  # the engine's five and why, shown after a keep
        trump = escape(f"{made} {suit_words(made)}")
        self.situation.value = (
            "<p>"
            + _(
                "Deal {number} · you are seat {seat} and made <b>{trump}</b> trump, and you take the dummy: "
                "the five you do not keep are laid aside (T5)."
            ).format(number=escape(str(seed)), seat=state.maker, trump=trump)
            + f"<br>{escape(self.exercise.question)}</p>"
        )
        self.best_label.value = ""
        self.best_row.show(())
        self.new_tie.draw(seed)
        say(self.note, _("Click cards to choose five, then press Keep these five."))
        self.redraw()

    @property
    def new_button(self) -> w.Button:
        return self.new_tie.button

    def new_deal(self) -> None:
        self.deal(self.seed + 1)

    @property
    def _own(self) -> tuple[Card, ...]:
        """The maker's own five."""
        return self.state.hands[self.state.maker] if self.state.maker is not None else ()

    @property
    def ten(self) -> tuple[Card, ...]:
        return self._own + (self.state.dummy or ())

    def redraw(self) -> None:
        trump = self.state.trump
        state = self.state  # the cards' clicks act on this deal: a click on an earlier deal's card is dropped
        self.own_row.show(sorted(self._own, key=sort_key), trump, chosen=self.chosen, moment=state)
        self.dummy_row.show(sorted(state.dummy or (), key=sort_key), trump, chosen=self.chosen, moment=state)
        self.counter.value = (
            "<span class='euchre-note'>" + _("Chosen: {count} of 5").format(count=len(self.chosen)) + "</span>"
        )

    def toggle(self, card: Card) -> None:
        """Choose a card of the ten, or take it back."""
        self.chosen ^= {arguments.card_among("card", card, self.ten, "among your ten cards")}
        self.redraw()

    def keep(self) -> None:
        """Keep the chosen five: the engine checks them, then the BestFive exercise judges them and says why."""
        mine = tuple(sorted(self.chosen, key=sort_key))
        self.verdict = None
        if not mine:
            say(self.note, _("You have not chosen any card yet: click five of the ten above (T5)."), "bad")
            return
        try:
            self.state.apply(keep(mine))  # the state is immutable: the trainer stays at the choice
        except IllegalAction as error:
            say(self.note, _("{why} (rule {rule})").format(why=error.explanation, rule=error.rule), "bad")
            return
        verdict = self.exercise.check(mine)
        self.kept = mine  # what the verdict is about, while new cards are chosen
        self.verdict = "best" if set(mine) == set(self.best.cards) else "as good" if verdict else "worse"
        # The verdict never names the stronger five; the trainer shows them below it, and why, after any keep, unless
        # the house rules say "never": then a worse five is only told to try again.
        if not verdict and self.show_answer == "never":
            again = _("{no_answers}: choose again and press Keep these five.").format(no_answers=language._(NO_ANSWERS))
            say(self.note, f"{verdict} {again}", "bad")
            self.best_label.value = ""
            self.best_row.show(())
            return
        why = "" if verdict else " " + _("The computer's five, below: {why}").format(why=self.best.reason)
        say(self.note, str(verdict) + why, "good" if verdict else "bad")
        self.best_label.value = _("<b>The computer's best five</b>")
        self.best_row.show(self.best.cards, self.state.trump)
