"""Suits, ranks, cards and decks (C1), and the card notation."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from functools import cache

from .errors import NotationError, excerpt


class Suit(Enum):
    """The four suits; the value is the letter written in files."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]

    @property
    def colour(self) -> str:
        return "red" if self in (Suit.DIAMONDS, Suit.HEARTS) else "black"

    @property
    def noun(self) -> str:
        """The singular word: 'a heart'."""
        return self.name.lower()[:-1]

    @property
    def plural(self) -> str:
        return self.name.lower()

    def __str__(self) -> str:
        return self.symbol

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}

# The partner suit of the same colour: where the left bower comes from (C2).
SAME_COLOUR = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.DIAMONDS: Suit.HEARTS,
    Suit.HEARTS: Suit.DIAMONDS,
}


class Rank(IntEnum):
    """Card ranks, low to high in a plain suit; the joker has no suit."""

    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    JOKER = 15

    @property
    def label(self) -> str:
        """How people write it: '10', 'J', 'Joker'."""
        return RANK_LABELS[self]

    @property
    def ascii(self) -> str:
        """How files write it: 'T' for ten, 'JK' for the joker."""
        return RANK_ASCII[self]

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Rank.{self.name}"


RANK_LABELS = {
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "10",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
    Rank.JOKER: "Joker",
}
RANK_ASCII = {**RANK_LABELS, Rank.TEN: "T", Rank.JOKER: "JK"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card; `suit` is None only for the joker."""

    rank: Rank
    suit: Suit | None
    ascii: str = field(init=False, repr=False, compare=False)  # the file form, 'JH', 'TD', 'JK': see below

    def __post_init__(self) -> None:
        if type(self.rank) is not Rank:
            raise NotationError(
                "rank",
                f"A Card's rank must be a Rank such as Rank.JACK, not {excerpt(self.rank)}. "
                f"To read a card from text, write parse_card('JH').",
            )
        if self.suit is not None and type(self.suit) is not Suit:
            raise NotationError(
                "suit",
                f"A Card's suit must be a Suit such as Suit.HEARTS (None for the joker), "
                f"not {excerpt(self.suit)}. To read a card from text, write parse_card('JH').",
            )
        if (self.rank is Rank.JOKER) != (self.suit is None):
            raise NotationError(
                "suit",
                f"Card(rank={self.rank!r}, suit={self.suit!r}): only the joker has no suit, "
                f"and the joker has none (C1, C3).",
            )
        # Worked out once: every record written and every saved game read compares cards in this form.
        object.__setattr__(self, "ascii", "JK" if self.suit is None else self.rank.ascii + self.suit.value)

    @property
    def is_joker(self) -> bool:
        return self.rank is Rank.JOKER

    @property
    def colour(self) -> str:
        return "black" if self.suit is None else self.suit.colour

    def __str__(self) -> str:
        return "Joker" if self.suit is None else self.rank.label + self.suit.symbol

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        from .faces import card_words, face_html  # the face alone: display.py, which adds trump roles, is higher

        return face_html(self, card_words(self))


JOKER = Card(Rank.JOKER, None)


def fixed_suit(suit: Suit | None) -> Suit:
    """A suit the rules have fixed by the time it is asked for (the up-card's in the bidding, trump in the play)."""
    if suit is None:
        raise ValueError("no suit is fixed yet: it is asked for only once the rules have fixed one")
    return suit


# Which ranks each deck holds (C1); the 25-card deck adds the joker.
DECK_RANKS = {
    24: (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
    32: (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
    25: (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE),
}
DECK_SIZES = tuple(DECK_RANKS)


def deck(size: int = 24) -> tuple[Card, ...]:
    """The cards of a deck of 24, 32 or 25 cards, in a fixed order (C1)."""
    return _deck(valid_deck_size("size", size))


def valid_deck_size(name: str, size: object) -> int:
    """A deck size argument: 24, 32 or 25 (C1)."""
    if type(size) is not int or size not in DECK_RANKS:
        raise NotationError(name, f"There is no deck of {excerpt(size)} cards: {name} must be 24, 32 or 25 (C1).")
    return size


# Every card of every deck, and every card read from text, is one of these: the same card is then the same
# object wherever it is, and looking for it in a hand or a trick is a quick identity check.
_CARDS = {(rank, suit): Card(rank, suit) for suit in Suit for rank in DECK_RANKS[32]} | {(Rank.JOKER, None): JOKER}


@cache
def _deck(size: int) -> tuple[Card, ...]:
    cards = tuple(_CARDS[rank, suit] for suit in Suit for rank in DECK_RANKS[size])
    return cards + (JOKER,) if size == 25 else cards


_SUIT_ORDER = {suit: i for i, suit in enumerate(Suit)} | {None: len(Suit)}


def sort_key(card: Card) -> tuple[int, int]:
    """A stable display order: by suit, then rank; the joker last."""
    return (_SUIT_ORDER[card.suit], card.rank)


# Reading cards: rank then suit, case-insensitive, spaces ignored.
_RANK_WORDS = {
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "10": Rank.TEN,
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}
_SUIT_WORDS = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♠": Suit.SPADES,
    "♧": Suit.CLUBS,
    "♢": Suit.DIAMONDS,
    "♡": Suit.HEARTS,
    "♤": Suit.SPADES,
}
_SUIT_NAMES = {s.name: s for s in Suit} | {s.noun.upper(): s for s in Suit}
_CARD_HELP = "Write a card as rank then suit, like J♥, 10♦, TD or AS, or Joker."
_CARD_TEXT = re.compile(r"^(10|[0-9]+|[A-Z])(.*)$")
_SUIT_HELP = "write C, D, H or S, or ♣ ♦ ♥ ♠"
MOST_CARDS = max(DECK_SIZES)  # no list of cards is longer than the largest deck (C1)


def refuse_look_alikes(text: str, what: str, help_text: str) -> None:
    """Refuse letters and digits from outside ASCII: 'ſ'.upper() is 'S', a Kelvin sign lower-cases to 'k'."""
    if text.isascii():
        return
    odd = next((c for c in text if c.isalnum() and not c.isascii()), None)
    if odd is not None:
        name = unicodedata.name(odd, "a character without a name")
        raise NotationError(
            text,
            f"{excerpt(text)} is not {what}: {odd!r} (U+{ord(odd):04X} {name}) only looks like "
            f"a letter or digit of the notation; type plain letters and digits. {help_text}",
        )


def _squeeze(text: str) -> str:
    """Upper-case, without spaces or the emoji variation selector."""
    return "".join(text.split()).replace("\ufe0f", "").upper()


def parse_suit(text: str | Suit) -> Suit:
    """A suit from 'H', '♥' or 'hearts'."""
    if isinstance(text, Suit):
        return text
    if not isinstance(text, str):
        raise NotationError(excerpt(text), f"{excerpt(text)} is not a suit: {_SUIT_HELP}.")
    refuse_look_alikes(text, "a suit", f"To name a suit, {_SUIT_HELP}.")
    word = _squeeze(text)
    suit = _SUIT_WORDS.get(word) or _SUIT_NAMES.get(word)
    if suit is None:
        raise NotationError(text, f"{excerpt(text)} is not a suit: {_SUIT_HELP}.")
    return suit


def readable(value: object, what: str, help_text: str) -> str:
    """The text to read a card or an action from; refused, naming it, unless it is plain text."""
    if not isinstance(value, str):
        raise NotationError(excerpt(value), f"{excerpt(value)} is not {what}. {help_text}")
    refuse_look_alikes(value, what, help_text)
    return value


def parse_card(text: str | Card) -> Card:
    """A card from 'J♥', 'jh', '10♦', 'TD', 'Joker' or 'JK'."""
    if isinstance(text, Card):
        return text
    word = _squeeze(readable(text, "a card", _CARD_HELP))
    if word in ("JOKER", "JK", "BENNY"):
        return JOKER
    match = _CARD_TEXT.match(word)
    if not word or not match:
        raise NotationError(text, f"{excerpt(text)} is not a card. {_CARD_HELP}")
    rank_text, suit_text = match.groups()
    if rank_text not in _RANK_WORDS:
        raise NotationError(
            text,
            f"{excerpt(text)} is not a card: {excerpt(rank_text)} is not a rank "
            f"(ranks are 7 8 9 10 J Q K A; T also means 10). {_CARD_HELP}",
        )
    if suit_text not in _SUIT_WORDS:
        what = "it has no suit" if not suit_text else f"{excerpt(suit_text)} is not a suit"
        raise NotationError(text, f"{excerpt(text)} is not a card: {what} (suits are C D H S or ♣ ♦ ♥ ♠). {_CARD_HELP}")
    return _CARDS[_RANK_WORDS[rank_text], _SUIT_WORDS[suit_text]]


def parse_cards(cards: str | Card | Sequence[str | Card]) -> list[Card]:
    """Cards from 'JH JD AH', 'J♥, J♦' or a list of texts or cards."""
    items: Sequence[str | Card]
    if isinstance(cards, (str, Card)):
        items = [cards] if isinstance(cards, Card) else cards.replace(",", " ").split()
    elif isinstance(cards, (list, tuple)):
        items = list(cards)
    else:
        raise NotationError(excerpt(cards), f"{excerpt(cards)} is not a list of cards. {_CARD_HELP}")
    if len(items) > MOST_CARDS:
        raise NotationError(
            excerpt(cards),
            f"{excerpt(cards)} lists {len(items):,} cards; a list of cards "
            f"holds at most {MOST_CARDS}, a whole deck (C1).",
        )
    return [parse_card(item) for item in items]
