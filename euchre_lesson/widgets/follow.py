"""Following suit (C12): click a card of the hand; the engine accepts it or says which rule it breaks."""

from __future__ import annotations

import os
from html import escape
from typing import Any

import ipywidgets as w

from ..engine import language
from ..engine.cards import Card, fixed_suit, sort_key
from ..engine.faces import suit_words
from ..engine.hand import HandState
from ..engine.language import N_, _
from ..engine.phases import Phase
from ..engine.ranking import bower, effective_suit
from ..engine.rules import CUTTHROAT, RuleSet
from ..teach.exercises import PlayableCard
from . import arguments
from .cards import LEGAL_CUE, CardRow, CardStrip, action_button, note, say, style_sheet
from .clicks import TiedButton
from .exercise import NO_ANSWERS, answer_setting
from .fallback import Described
from .positions import find_position


def _trick_cards(state: HandState) -> tuple[Card, ...]:
    """The cards of the trick in play: none outside the play."""
    return state.trick.cards if state.trick is not None else ()


def _own_hand(state: HandState) -> tuple[Card, ...]:
    """The cards of the seat to act: none once the hand is over."""
    return state.hands[state.to_act] if state.to_act is not None else ()


def _refuses_some(state: HandState) -> bool:
    """Mid-trick, and the engine refuses at least one card of the hand: a real question."""
    return (
        state.phase is Phase.PLAY and bool(_trick_cards(state)) and len(state.legal_actions()) < len(_own_hand(state))
    )


def _left_bower_led(state: HandState) -> bool:
    return bower(_trick_cards(state)[0], state.trump) == "left"


def _left_bower_held(state: HandState) -> bool:
    return any(bower(card, state.trump) == "left" for card in _own_hand(state))


def _printed_suit_led(state: HandState) -> bool:
    """The player holds the left bower and its printed suit was led: it cannot follow (C2)."""
    led = effective_suit(_trick_cards(state)[0], state.trump)
    return any(bower(card, state.trump) == "left" and card.suit is led for card in _own_hand(state))


# The traps of C12, one per seed in turn: the left bower led (trump is led, not its printed suit),
# the left bower held when its printed suit is led, the left bower held when trump is led.
TRAPS = (
    _left_bower_led,
    _printed_suit_led,
    lambda s: _left_bower_held(s) and effective_suit(_trick_cards(s)[0], s.trump) is s.trump,
)


def _follow_position(seed: int, rules: RuleSet = CUTTHROAT) -> HandState:
    """A seeded position mid-trick with a left-bower trap (the kind chosen by the seed)."""
    trap = TRAPS[seed % len(TRAPS)]
    return find_position(
        seed,
        rules,
        lambda s: _refuses_some(s) and trap(s),
        lambda s: _refuses_some(s) and (_left_bower_led(s) or _left_bower_held(s)),
    )


class FollowSuitTrainer(Described, w.VBox):
    """A trick in progress and your hand: click the card you would play; the PlayableCard exercise judges it
    and refuses an illegal card with the rule."""

    purpose = N_(
        "Follow-suit trainer: a trick in progress and your hand; click the card you would play, and a "
        "legal card is accepted while an illegal one is refused with the rule that stops it."
    )

    def __init__(
        self,
        seed: int | None = 1,
        rules: RuleSet = CUTTHROAT,
        show_answer: str | None = None,
        folder: str | os.PathLike[str] = ".",
        **kwargs: Any,
    ) -> None:
        seed, rules = arguments.seed("seed", seed), arguments.rules("rules", rules)
        # The class's house rule: under "never" the button gives the rule to think of, not the legal cards.
        self.show_answer = answer_setting(show_answer, folder)
        arguments.start_box(FollowSuitTrainer, self, kwargs)
        self.rules = rules
        self.situation = w.HTML()
        self.trick_row = CardStrip()
        self.hand_row = CardRow(on_pick=self.pick)
        self.new_tie = TiedButton(_("New position"), _("deal another seeded position"), self.new_position)
        self.hint_button = (
            action_button(_("Hint"), _("the rule to think of (the legal cards are not shown)"), self.hint)
            if self.show_answer == "never"
            else action_button(_("Show legal cards"), _("outline the cards the rules allow"), self.hint)
        )
        self.tally = w.HTML()
        self.note = note()
        self.children = [
            style_sheet(),
            self.situation,
            w.HBox([w.HTML(_("<b>Trick so far</b>")), self.trick_row], layout=w.Layout(align_items="center")),
            w.HBox([w.HTML(_("<b>Your hand</b>")), self.hand_row], layout=w.Layout(align_items="center")),
            self.note,
            w.HBox([self.new_tie, self.hint_button, self.tally]),
        ]
        self.children[2].add_class("euchre-table")
        self.deal(seed)

    def deal(self, seed: int | None) -> None:
        """Show the position of this seed (None: a random one)."""
        seed = arguments.seed("seed", seed)
        state = _follow_position(seed, self.rules)
        self.seed, self.state = seed, state
        self.last: tuple[Card, bool] | None = None
        self.hinted = False
        self.judged: dict[Card, bool] = {}  # each card tried at this position, and whether it may be played
        state, trump = self.state, fixed_suit(self.state.trump)
        self.exercise = PlayableCard(_own_hand(state), _trick_cards(state), trump)
        played = _("; then ").join(
            _("seat {seat} played {card}").format(seat=s, card=c)
            for s, c in zip(state.trick.seats if state.trick else (), _trick_cards(state))
        )
        self.situation.value = (
            "<p>"
            + _("Position {number} · {game} · trump <b>{trump}</b> · you are seat {seat}.").format(
                number=escape(str(seed)),
                game=escape(state.rules.game.capitalize()),
                trump=escape(f"{trump} {suit_words(trump)}"),
                seat=state.to_act,
            )
            + f"<br>{escape(played[0].upper() + played[1:])}.<br>{escape(self.exercise.prompt)}</p>"
        )
        self.trick_row.show(_trick_cards(state), trump)
        say(self.note, _("Click a card to play it."))
        self.new_tie.draw(seed)
        self.redraw()

    @property
    def new_button(self) -> w.Button:
        return self.new_tie.button

    @property
    def right(self) -> int:
        """How many different cards you tried that the rules allow (a card clicked twice counts once)."""
        return sum(self.judged.values())

    @property
    def wrong(self) -> int:
        return len(self.judged) - self.right

    def new_position(self) -> None:
        self.deal(self.seed + 1)

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(sorted(_own_hand(self.state), key=sort_key))

    def legal_cards(self) -> list[Card]:
        return sorted(self.exercise.answer(), key=sort_key)

    def redraw(self) -> None:
        chosen = [self.last[0]] if self.last and self.last[1] else []
        self.hand_row.show(
            self.hand,
            self.state.trump,
            legal=self.legal_cards() if self.hinted else (),
            chosen=chosen,
            moment=self.state,
        )
        self.tally.value = (
            "<span class='euchre-note'>"
            + _("Accepted {right}, refused {wrong}").format(right=self.right, wrong=self.wrong)
            + "</span>"
        )

    def pick(self, card: Card) -> None:
        """Ask the exercise whether this card may be played now; say why or why not."""
        card = arguments.card_among("card", card, self.hand, "in your hand")
        verdict = self.exercise.check(card)
        self.last, self.judged[card] = (card, verdict.correct), verdict.correct
        say(self.note, str(verdict), "good" if verdict else "bad")
        self.redraw()

    def hint(self) -> None:
        """Outline the cards you may play; under the house rule "never", say the rule to think of instead."""
        if self.show_answer == "never":
            say(self.note, f"{self.exercise.hint(1)} ({language._(NO_ANSWERS)}.)")
            return
        self.hinted, self.last = True, None  # the note now shows the hint, not the last verdict
        cards = " ".join(map(str, self.legal_cards()))
        say(self.note, _("The cards you may play are {cue}: {cards}.").format(cue=language._(LEGAL_CUE), cards=cards))
        self.redraw()
