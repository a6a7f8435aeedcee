"""A seat's picture of a table: everything the one table view draws, as plain JSON-ready data.

The table view (its script and style in this folder, its widget in widgets/table_view.py) draws a Picture and
sends back what was clicked; it decides nothing. Which cards may be played, the reason a card may not, the words of
every prompt and button: all are decided here, in Python, from the engine's view of one seat (so the picture holds
only what that seat may see: a face-down card is sent as a back, never as a card).

Places are as the viewer sits: "bottom" is the seat the picture is drawn for, "top" opposite (a partner in the
four-hand games), "left" and "right" the others; an empty place (Two-handed, Railroad's sides, Cutthroat's fourth
side where the dummy lies) is simply not listed.
"""

from __future__ import annotations

from typing import Literal, TypedDict

Place = Literal["bottom", "left", "top", "right"]
Mood = Literal["", "good", "bad"]


class CardPicture(TypedDict):
    """One card face up: what it is, how it is named aloud, and how it is marked now."""

    id: str  # the engine's name, e.g. "J♥", "10♦", "Joker": the key of its face and of a click
    spoken: str  # "the jack of hearts, the right bower" (a screen reader's words)
    legal: bool  # a click on it acts now (you may play it, discard it, select it)
    why_not: str | None  # when it may not be clicked now although it is yours: why, in a sentence (shown on hover/tap)
    chosen: bool  # selected (the dummy's keep)
    bower: Literal["right", "left", "joker", ""]  # its role in the trump suit now, "" for none or no trump yet
    trump: bool  # of the trump suit now (the bowers included)
    from_dummy: bool  # came from the dummy in the keep step (T5)


class Backs(TypedDict):
    """Cards face down: only how many."""

    count: int


class _SeatCounted(TypedDict, total=False):
    """A seat's counts in words, for screen readers (the view says English without them)."""

    tricks_words: str  # "2 tricks won"
    backs_words: str  # "5 cards face down"


class SeatPicture(_SeatCounted):
    """A seat at the table as the viewer sees it."""

    seat: int
    place: Place
    name: str  # "You", "Ann", "Computer (west)": never a seat number alone
    side: int  # which side (scores) the seat plays for
    dealer: bool
    maker: bool
    alone: bool  # plays alone this hand
    out: bool  # sits this hand out (a lone maker's partner)
    to_act: bool
    tricks: int  # tricks won this hand
    away: bool  # a class student whose page went away
    computer: bool  # a computer plays the seat
    cards: list[CardPicture]  # face up: the viewer's own, or every hand while hands are open
    backs: int  # face down: how many (0 when `cards` shows them)
    roles: str  # the seat's roles in words: "dealer · maker, alone"


class Played(TypedDict):
    """A card on the table, with who played it."""

    seat: int
    place: Place
    card: CardPicture


class TrickPicture(TypedDict):
    """The trick in the middle: its cards by place; its winner once all are down (shown a moment, then gathered)."""

    number: int  # from 1
    cards: list[Played]
    winner: int | None
    words: str  # "Trick 3: Ann won it with the right bower" / "Trick 2: Ben leads"


class _PileCounted(TypedDict, total=False):
    backs_words: str  # "5 cards", for screen readers (the view says English without it)


class Pile(_PileCounted):
    """A heap on the table away from the seats: the up-card, the dummy, the cards laid aside."""

    words: str  # "Up-card, turned down", "The dummy, face down", "Laid aside by you"
    cards: list[CardPicture]
    backs: int


class Button(TypedDict):
    """A choice in words: a bid, Keep these five, or one of the host's tools (Hint, Undo, Next hand)."""

    key: str  # sent back when pressed: an action's notation, or a tool's name
    words: str  # "Order it up", "Pass", "Name ♠ trump, alone"
    why: str  # what it does, as a tooltip and for screen readers
    kind: Literal["bid", "keep", "tool"]
    enabled: bool


class Score(TypedDict):
    side: int
    words: str  # "You and Cy", "Ann"
    points: int


class _Table(TypedDict):
    """Everything one seat sees of its table now: the fields every picture has."""

    moment: int  # which moment is drawn: a click sent for another moment is stale and ignored
    title: str  # "Cutthroat Euchre · hand 3 · to 15 points"
    players: int
    seats: list[SeatPicture]  # in seat order; the viewer's own seat has place "bottom"
    dummy: Pile | None  # Cutthroat's dummy (or the maker's five laid aside), in the empty place
    up_card: Pile | None  # the up-card in the middle, face up in round one, turned down after
    trick: TrickPicture | None
    trump: str | None  # "♠" once trump is made
    trump_words: str  # "Trump: spades, made by Ann" or "" before
    scores: list[Score]
    target: int
    prompt: str  # what to do now and why, in plain words: never empty while it is the viewer's turn
    mood: Mood  # how the prompt reads: a refusal is "bad"
    buttons: list[Button]
    keep: int  # how many cards to select in the keep step (T5); 0 when none is asked
    your_turn: bool
    four_colour: bool  # the four-colour deck (clubs green, diamonds blue)


class Picture(_Table, total=False):
    """Everything one seat sees of its table now, with the words the view says itself, which a picture may lack."""

    # The view's own words (its chips, "trick", "No trump yet", a bower's label) in the learner's language, by key
    # (seat_picture.LABELS); the view says English for a key missing, or for a picture without them.
    labels: dict[str, str]


class Click(TypedDict):
    """What the view sends back: a card or a button, for the moment it drew."""

    moment: int
    card: str | None  # a CardPicture's id
    key: str | None  # a Button's key
