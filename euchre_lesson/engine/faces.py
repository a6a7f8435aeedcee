"""A card's face in HTML and its plain name, drawn from the card alone: the lowest drawing, which Card uses."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card

RANK_WORDS = {"7": "seven", "8": "eight", "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
RING = ";box-shadow:0 0 0 2px #e0a800"  # around a card with a role in the trump suit


def plain_name(card: Card) -> str:
    """A card in words, with no trump in mind: 'jack of diamonds', 'joker'."""
    return "joker" if card.suit is None else f"{RANK_WORDS[card.rank.label]} of {card.suit.plural}"


def face_html(card: Card, name: str, *, mark: str = "", ring: bool = False, dim: bool = False) -> str:
    """A small card face: rank and suit symbol, coloured, with `name` as its text alternative."""
    colour = "#c0143c" if card.colour == "red" else "#111"
    style = (
        f"display:inline-block;min-width:2.2em;padding:0.15em 0.3em;margin:0.1em;border:1px solid #888;"
        f"border-radius:0.3em;background:{'#eee' if dim else '#fff'};color:{colour};font-weight:600;"
        f"text-align:center;font-family:sans-serif"
    ) + (RING if ring else "")
    return f'<span role="img" aria-label="{escape(name)}" style="{style}">{escape(str(card))}{mark}</span>'
