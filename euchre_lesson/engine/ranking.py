"""Which suit a card belongs to and how strong it is, once trump is fixed (C2, C3)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import overload

from . import checks
from .cards import SAME_COLOUR, Card, Rank, Suit, deck, valid_deck_size

# Trump, weakest to strongest; "LEFT" and "RIGHT" are the bowers (C2), the joker tops all (C3).
TRUMP_ORDER = ("7", "8", "9", "10", "Q", "K", "A", "LEFT", "RIGHT", "JOKER")
PLAIN_ORDER = ("7", "8", "9", "10", "J", "Q", "K", "A")


@overload
def effective_suit(card: Card | str, trump: Suit | str) -> Suit: ...
@overload
def effective_suit(card: Card | str, trump: Suit | str | None) -> Suit | None: ...
def effective_suit(card: Card | str, trump: Suit | str | None) -> Suit | None:
    """The suit a card counts as: the left bower and the joker belong to trump (C2, C3)."""
    return suit_in_play(checks.card("card", card), checks.suit("trump", trump, optional=True))


# With trump fixed every card has a suit in play (the joker's is trump); before, the joker has none.
@overload
def suit_in_play(card: Card, trump: Suit) -> Suit: ...
@overload
def suit_in_play(card: Card, trump: Suit | None) -> Suit | None: ...
def suit_in_play(card: Card, trump: Suit | None) -> Suit | None:
    """effective_suit without the argument checks, for the engine's own loops."""
    if card.is_joker:
        return trump
    if card.rank is Rank.JACK and trump is not None and card.suit is SAME_COLOUR[trump]:
        return trump
    return card.suit


def bower(card: Card, trump: Suit | None) -> str | None:
    """'right', 'left' or 'joker' for the cards with a special role, else None."""
    if card.is_joker:
        return "joker"
    if card.rank is Rank.JACK and trump is not None:
        if card.suit is trump:
            return "right"
        if card.suit is SAME_COLOUR[trump]:
            return "left"
    return None


def _slot(card: Card, trump: Suit) -> str:
    """The card's name in the TRUMP_ORDER or PLAIN_ORDER table."""
    role = bower(card, trump)
    return role.upper() if role else card.rank.label


def is_trump(card: Card, trump: Suit | None) -> bool:
    return trump is not None and suit_in_play(card, trump) is trump


def power(card: Card, trump: Suit, led: Suit | None) -> int:
    """How strong a card is in a trick: any trump beats any led card; others cannot win."""
    if is_trump(card, trump):
        return 100 + TRUMP_ORDER.index(_slot(card, trump))
    if card.suit is led:
        return PLAIN_ORDER.index(card.rank.label)
    return -1


def ranking(trump: Suit | str, deck_size: int = 24) -> tuple[Card, ...]:
    """Every card of the deck, strongest first, as a trick sees them with trump led."""
    return _ranking(checks.suit("trump", trump), valid_deck_size("deck_size", deck_size))


@cache
def _ranking(trump: Suit, deck_size: int) -> tuple[Card, ...]:
    def strength(card: Card) -> tuple[bool, int]:
        return (is_trump(card, trump), power(card, trump, suit_in_play(card, trump)))

    return tuple(sorted(deck(deck_size), key=strength, reverse=True))


def trumps_in(cards: Iterable[Card], trump: Suit) -> list[Card]:
    """The trumps among some cards, strongest first (the left bower and joker included)."""
    return sorted((c for c in cards if is_trump(c, trump)), key=lambda c: power(c, trump, trump), reverse=True)
