"""The order of power once trump is fixed (C2, C3), and which of two cards wins a trick (C13)."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..engine import checks, language
from ..engine.cards import DECK_SIZES, Card, Suit
from ..engine.display import ROLE_WORDS
from ..engine.faces import suit_words
from ..engine.language import N_, _
from ..engine.ranking import bower, effective_suit, is_trump, ranking
from ..engine.tricks import trick_winner, why_wins
from . import arguments
from .cards import CardRow, CardStrip, note, say, style_sheet
from .fallback import Described

# The words of the menus, marked here and translated when a menu is made.
DECKS = ((N_("24 cards: 9 to ace"), 24), (N_("32 cards: 7 to ace"), 32), (N_("25 cards: 24 and the joker"), 25))
FIRST_LEADS = N_("the first card leads")


def _suits() -> list[tuple[str, Suit]]:
    """Each suit as the menus name it, in the language chosen: '♠ spades'."""
    return [(f"{suit} {suit_words(suit)}", suit) for suit in Suit]


def _card_label(card: Card, trump: Suit) -> str:
    """A card in a list: 'J♣ (left bower)', 'Joker (joker, highest trump)'."""
    role = bower(card, trump)
    return f"{card} ({language._(ROLE_WORDS[role])})" if role else str(card)


class RankingExplorer(Described, w.VBox):
    """Choose trump and deck: every card in order of power; pick two cards and a led suit to see who wins and why."""

    purpose = N_(
        "Ranking explorer: choose a trump suit and a deck to see every card in order of power, the two "
        "bowers moved to the top; pick two cards and a suit led to see which wins and why."
    )

    def __init__(self, trump: Suit | str = Suit.SPADES, deck: int = 24, **kwargs: Any) -> None:
        trump, deck = checks.suit("trump", trump), arguments.choice("deck", deck, DECK_SIZES)
        arguments.start_box(RankingExplorer, self, kwargs)
        self.trump_picker = w.ToggleButtons(
            options=_suits(),
            value=trump,
            description=_("Trump"),
            tooltips=[_("make {suit} trump").format(suit=suit_words(s)) for s in Suit],
            style={"button_width": "auto"},
        )
        self.deck_picker = w.Dropdown(
            options=[(language._(words), size) for words, size in DECKS],
            value=deck,
            description=_("Deck"),
            style={"description_width": "initial"},  # "Deck" is longer in French ("Jeu de cartes")
        )
        self.order_text = w.HTML()
        self.trump_row = CardRow(on_pick=self.pick, layout=w.Layout(flex_flow="row wrap"))
        self.plain_row = CardRow(on_pick=self.pick, layout=w.Layout(flex_flow="row wrap"))
        # index=0 said outright: ipywidgets can leave a first choice whose value is None unselected.
        self.led_picker = w.Dropdown(
            options=[(language._(FIRST_LEADS), None)] + _suits(),
            index=0,
            description=_("Suit led"),
            style={"description_width": "initial"},
        )
        self.first_picker = w.Dropdown(description=_("First card"), style={"description_width": "initial"})
        self.second_picker = w.Dropdown(description=_("Second card"), style={"description_width": "initial"})
        self.trick_row = CardStrip()
        self.note = note()
        self._next_slot = 0  # a click on a card fills the first card, then the second, in turn
        self.children = [
            style_sheet(),
            w.HBox([self.trump_picker, self.deck_picker], layout=w.Layout(flex_flow="row wrap")),
            self.order_text,
            w.HTML(_("<b>Trumps, strongest first</b>")),
            self.trump_row,
            w.HTML(
                _(
                    "<b>The other suits, strongest first</b> (a card of another suit only beats lower cards "
                    "of its own suit, and only when that suit is led)"
                )
            ),
            self.plain_row,
            w.HTML(_("<b>A trick</b>: click two cards above, or choose them here")),
            w.HBox([self.first_picker, self.second_picker, self.led_picker], layout=w.Layout(flex_flow="row wrap")),
            self.trick_row,
            self.note,
        ]
        for picker in (self.trump_picker, self.deck_picker):
            picker.observe(lambda _: self.redraw_order(), "value")
        for picker in (self.led_picker, self.first_picker, self.second_picker):
            picker.observe(lambda _: self.redraw_trick(), "value")
        self.redraw_order()

    @property
    def trump(self) -> Suit:
        return self.trump_picker.value

    @property
    def order(self) -> tuple[Card, ...]:
        """Every card of the deck, strongest first, from the engine."""
        return ranking(self.trump, self.deck_picker.value)

    def redraw_order(self) -> None:
        """Redraw the order and the card lists after a change of trump or deck."""
        trump, order = self.trump, self.order
        trumps = [c for c in order if is_trump(c, trump)]
        self.trump_row.show(trumps, trump)
        self.plain_row.show([c for c in order if not is_trump(c, trump)], trump)
        self.order_text.value = (
            "<p>"
            + _("With {suit} trump the trumps are, strongest first: {cards}.").format(
                suit=escape(suit_words(trump)), cards=escape(", ".join(_card_label(c, trump) for c in trumps))
            )
            + "</p>"
        )
        keep = self.first_picker.value, self.second_picker.value
        options = [(_card_label(c, trump), c) for c in order]
        with self.hold_trait_notifications():
            self.first_picker.options = self.second_picker.options = options
            self.first_picker.value = keep[0] if keep[0] in order else trumps[1]
            self.second_picker.value = keep[1] if keep[1] in order else trumps[2]
        self.redraw_trick()

    def pick(self, card: Card) -> None:
        """A click on a card of the order puts it in the trick, first card then second in turn."""
        card = arguments.card_among("card", card, self.order, "in this deck")
        (self.first_picker, self.second_picker)[self._next_slot].value = card
        self._next_slot = 1 - self._next_slot

    def trick(self) -> tuple[Card, ...] | None:
        """The trick to judge: the two cards, after a low card of the led suit when one is chosen."""
        first, second, led = self.first_picker.value, self.second_picker.value, self.led_picker.value
        if first is None or second is None or first == second:
            return None
        if led is None:
            return (first, second)
        # Someone else led: the lowest card of that suit the two cards leave free stands for the lead.
        lead = [c for c in self.order if effective_suit(c, self.trump) is led and c not in (first, second)][-1]
        return (lead, first, second)

    def redraw_trick(self) -> None:
        trick, trump = self.trick(), self.trump
        self.trick_row.show(trick or (), trump)
        if trick is None:
            say(self.note, _("Choose two different cards to compare."), "bad")
            return
        winner = trick[trick_winner(trick, trump)]
        who = (
            _("the card led")
            if winner == trick[0] and len(trick) == 3
            else _("the first card")
            if winner == self.first_picker.value
            else _("the second card")
        )
        lead = _("{card} is led by another player.").format(card=trick[0]) + " " if len(trick) == 3 else ""
        takes = _("{card} ({which}) takes the trick.").format(card=winner, which=who)
        say(self.note, f"{lead}{takes} {why_wins(trick, trump)}")
