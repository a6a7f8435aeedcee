"""One deck under one trump as the bits of an int: the layout the solver, its C core and the fast playouts share.

Card i of a layout is bit 1 << i. The bits are laid out in blocks of effective suits, trump on
top, each block weakest to strongest, all read off ranking.py and checked against it once per
layout. Two facts follow, and are all the searches and playouts use: a hand follows suit with
`hand & block of the led card` when that is not empty, else plays any card (C12); and the
winner of a trick is the highest bit among the trumps and the led block (C13).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

from ..engine.actions import Action, play
from ..engine.cards import Card, Suit, deck
from ..engine.ranking import effective_suit, is_trump, power


@dataclass(frozen=True, eq=False)
class Layout:
    """One deck under one trump as bits: card i is bit 1 << i, each effective suit a block of bits."""

    trump: Suit
    deck_size: int
    cards: tuple[Card, ...]  # cards[i] is the card on bit 1 << i
    bit: dict[Card, int]  # Card -> its bit
    bit_by_id: dict[int, int]  # id() of this deck's own card objects -> its bit: see bit_of()
    suit_of: dict[int, int]  # bit -> the block of its effective suit (all the bits of that suit)
    trumps: int  # the trump block: the bowers and the joker included
    blocks: tuple[int, ...]  # every block, trump last
    plays: dict[int, Action]  # bit -> the action of playing that card
    dealt: tuple[int, ...]  # [i]: the bit of deck(deck_size)[i], the order every deal shuffles


@cache
def layout(trump: Suit, deck_size: int = 24) -> Layout:
    """The bit layout for one trump and deck, derived from the engine's ranking and checked against it."""
    cards = deck(deck_size)
    suits = sorted({effective_suit(card, trump) for card in cards}, key=lambda s: (s is trump, s.value))
    # Blocks of effective suits, trump on top, each block weakest to strongest: then
    # "the highest bit among the trumps and the led suit wins" says what C13 says.
    order = tuple(
        sorted(cards, key=lambda c: (suits.index(effective_suit(c, trump)), power(c, trump, effective_suit(c, trump))))
    )
    bit = {card: 1 << i for i, card in enumerate(order)}
    block = {suit: sum(bit[c] for c in cards if effective_suit(c, trump) is suit) for suit in suits}
    laid = Layout(
        trump,
        deck_size,
        order,
        bit,
        {id(c): bit[c] for c in cards},
        {bit[c]: block[effective_suit(c, trump)] for c in cards},
        block[trump],
        tuple(block[suit] for suit in suits),
        {bit[c]: play(c) for c in cards},
        tuple(bit[c] for c in cards),
    )
    _check_against_power(laid, suits)
    return laid


def _check_against_power(laid: Layout, suits: Iterable[Suit]) -> None:
    """Refuse a layout that disagrees with ranking.py for any led suit: the rules live there only."""
    trump, bit = laid.trump, laid.bit
    if any(is_trump(c, trump) != bool(bit[c] & laid.trumps) for c in laid.cards):
        raise AssertionError(f"the trump block disagrees with is_trump() for {trump}")
    for led in suits:
        contenders = laid.trumps | next(laid.suit_of[bit[c]] for c in laid.cards if effective_suit(c, trump) is led)
        if any((power(c, trump, led) >= 0) != bool(bit[c] & contenders) for c in laid.cards):
            raise AssertionError(f"the blocks disagree with power() when {led} is led")
        ranked = sorted((c for c in laid.cards if bit[c] & contenders), key=lambda c: power(c, trump, led))
        if [bit[c] for c in ranked] != sorted(bit[c] for c in ranked):
            raise AssertionError(f"the bit order disagrees with power() when {led} is led")


def bit_of(laid: Layout, card: Card) -> int:
    """The bit of a card."""
    # A card hashes slowly (its suit is an Enum), and dealt cards are the very objects of the
    # cached deck, so they are found by identity first; any other equal card by value.
    return laid.bit_by_id.get(id(card)) or laid.bit[card]


def mask(laid: Layout, cards: Iterable[Card]) -> int:
    """The bits of some cards."""
    bits, by_id = 0, laid.bit_by_id
    for card in cards:
        bits |= by_id.get(id(card)) or laid.bit[card]  # as bit_of() does, without the call
    return bits


def cards_of(laid: Layout, bits: int) -> list[Card]:
    """The cards on some bits, weakest first: the one way back from bits to cards."""
    return [laid.cards[c.bit_length() - 1] for c in single_bits(bits)]


def single_bits(bits: int) -> list[int]:
    """The single bits of a mask, lowest first."""
    out: list[int] = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    return out


def legal_bits(laid: Layout, hand: int, trick: list[int]) -> int:
    """The bits of a hand that may be played to a trick (one bit per card played): follow suit if able (C12)."""
    return (hand & laid.suit_of[trick[0]] or hand) if trick else hand


def winning_index(laid: Layout, trick: list[int]) -> int:
    """Index, in play order, of the card now winning a trick: the highest trump or card of the led suit (C13)."""
    contenders = laid.trumps | laid.suit_of[trick[0]]
    return trick.index(max(c for c in trick if c & contenders))


class BitLists(NamedTuple):
    """Each mask's single bits, ascending, read from two tables: `low[m & low_mask] + high[m >> split]`."""

    low: tuple[tuple[int, ...], ...]
    high: tuple[tuple[int, ...], ...]
    split: int
    low_mask: int


@cache
def bit_lists(deck_size: int) -> BitLists:
    """The tables that list a mask's bits in two look-ups, for the fast playouts (one pair per deck size)."""
    size = len(deck(deck_size))
    split = (size + 1) // 2
    return BitLists(_lists(split, 0), _lists(size - split, split), split, (1 << split) - 1)


def _lists(width: int, offset: int) -> tuple[tuple[int, ...], ...]:
    """For every mask of `width` bits, its single bits (shifted up by offset), ascending."""
    table: list[tuple[int, ...]] = [()]
    for i in range(width):
        table += [bits + (1 << (i + offset),) for bits in table]
    return tuple(table)
