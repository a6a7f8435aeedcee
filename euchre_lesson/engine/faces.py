"""A card's face in HTML and its name in words, drawn from the card alone: the lowest drawing, which Card uses."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from . import language
from .language import N_, _

if TYPE_CHECKING:
    from .cards import Card, Suit

# A rank in words, marked here and translated where a card is named aloud.
RANK_WORDS = {
    "7": N_("seven"),
    "8": N_("eight"),
    "9": N_("nine"),
    "10": N_("ten"),
    "J": N_("jack"),
    "Q": N_("queen"),
    "K": N_("king"),
    "A": N_("ace"),
}
# A suit's name as the table says it ("spades are trump"), by its letter, marked here and translated where it is said.
SUIT_WORDS = {
    "C": N_("clubs"),
    "D": N_("diamonds"),
    "H": N_("hearts"),
    "S": N_("spades"),
}
RING = ";box-shadow:0 0 0 2px #e0a800"  # around a card with a role in the trump suit


def suit_words(suit: Suit) -> str:
    """A suit's name in the language chosen: 'spades' ('pique', 'poti')."""
    return language._(SUIT_WORDS[suit.value])


def card_words(card: Card, role: str | None = None) -> str:
    """A card named aloud in the language chosen ('jack of hearts', 'valet de cœur', 'ärtu poiss'), with its role
    under trump ('right', 'left': ranking.bower) if it has one. display.card_name finds the role from trump."""
    if card.suit is None:
        return _("joker")
    rank = language._(RANK_WORDS[card.rank.label])
    name = _("{rank} of {suit}").format(rank=rank, suit=suit_words(card.suit))
    if role == "right":
        return _("{card}, right bower").format(card=name)
    if role == "left":
        return _("{card}, left bower").format(card=name)
    return name


def face_html(card: Card, name: str, *, mark: str = "", ring: bool = False, dim: bool = False) -> str:
    """A small card face: rank and suit symbol, coloured, with `name` as its text alternative."""
    colour = "#c0143c" if card.colour == "red" else "#111"
    style = (
        f"display:inline-block;min-width:2.2em;padding:0.15em 0.3em;margin:0.1em;border:1px solid #888;"
        f"border-radius:0.3em;background:{'#eee' if dim else '#fff'};color:{colour};font-weight:600;"
        f"text-align:center;font-family:sans-serif"
    ) + (RING if ring else "")
    return f'<span role="img" aria-label="{escape(name)}" style="{style}">{escape(str(card))}{mark}</span>'
