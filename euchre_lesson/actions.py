"""The actions of a hand and their one-token notation."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit, parse_card, parse_cards, parse_suit, sort_key
from .errors import NotationError


@dataclass(frozen=True, slots=True)
class Action:
    """One move: `kind` is a verb of the notation; a card, suit or five cards go with some."""

    kind: str
    card: Card | None = None
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()

    def __post_init__(self):
        if self.kind not in ARGUMENTS:
            raise NotationError(str(self.kind), f"{self.kind!r} is not a verb of the notation. {TOKEN_HELP}")
        needs = ARGUMENTS[self.kind]
        given = {"card": isinstance(self.card, Card), "suit": isinstance(self.suit, Suit),
                 "cards": bool(self.cards) and all(isinstance(c, Card) for c in self.cards)}
        stray = (self.card is not None, self.suit is not None, bool(self.cards))
        if (needs and not given[needs]) or sum(stray) != (1 if needs else 0):
            what = f"one {needs}" if needs in ("card", "suit") else "cards" if needs else "nothing"
            raise NotationError(self.kind, f"The action {self.kind!r} takes {what} (Notation). {TOKEN_HELP}")

    def __str__(self) -> str:
        return self._token(str, str)

    @property
    def ascii(self) -> str:
        """The token as written in records: 'play JH', 'call H'."""
        return self._token(lambda c: c.ascii, lambda s: s.value)

    def _token(self, card_text, suit_text) -> str:
        if self.card is not None:
            return f"{self.kind} {card_text(self.card)}"
        if self.suit is not None:
            return f"{self.kind} {suit_text(self.suit)}"
        if self.cards:
            return f"{self.kind} " + " ".join(map(card_text, self.cards))
        return self.kind

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


# What each verb carries: a card, a suit, several cards, or nothing (Notation).
ARGUMENTS = {"pass": None, "order": None, "decline": None, "alone": None, "stay": None,
             "call": "suit", "pickup": "card", "play": "card", "keep": "cards"}
VERBS = tuple(ARGUMENTS)
TOKEN_HELP = ("Actions are: pass, order, call S, pickup X, decline, alone, stay, "
              "keep A B C D E, play X (S a suit, X a card).")

PASS = Action("pass")
ORDER = Action("order")
DECLINE = Action("decline")
ALONE = Action("alone")
STAY = Action("stay")


def call(suit) -> Action:
    return Action("call", suit=parse_suit(suit))


def pickup(discard) -> Action:
    """The dealer takes the up-card and lays `discard` away (C7)."""
    return Action("pickup", card=parse_card(discard))


def keep(cards) -> Action:
    """The cutthroat maker keeps these five of ten (T5); order does not matter."""
    return Action("keep", cards=tuple(sorted(parse_cards(cards), key=sort_key)))


def play(card) -> Action:
    return Action("play", card=parse_card(card))


# Words people say for the same action (Notation).
_SYNONYMS = {"order": "order", "order up": "order", "orderup": "order", "assist": "order",
             "accept": "order", "pass": "pass", "decline": "decline", "alone": "alone",
             "go alone": "alone", "stay": "stay"}
_WITH_ARGUMENT = {"call": (call, "a suit"), "pickup": (pickup, "the card to discard"),
                  "keep": (keep, "five cards"), "play": (play, "a card")}


def parse_action(token: str | Action) -> Action:
    """An action from its token: 'pass', 'order up', 'call ♥', 'pickup 10♣', 'play JH'."""
    if isinstance(token, Action):
        return token
    if not isinstance(token, str):
        raise NotationError(repr(token), f"{token!r} is not an action. {TOKEN_HELP}")
    words = token.split()
    said = " ".join(words).lower()
    if said in _SYNONYMS:
        return Action(_SYNONYMS[said])
    if [w.lower() for w in words[:2]] == ["pick", "up"]:
        words = ["pickup"] + words[2:]
    verb = words[0].lower() if words else ""
    if verb not in _WITH_ARGUMENT:
        raise NotationError(token, f"{token!r} is not an action ({verb!r} is not a verb of the notation). {TOKEN_HELP}")
    make, needs = _WITH_ARGUMENT[verb]
    if len(words) == 1:
        raise NotationError(token, f"{token!r} needs {needs} after {verb!r}. {TOKEN_HELP}")
    try:
        return make(" ".join(words[1:]))
    except NotationError as error:
        raise NotationError(error.part, f"In the action {token!r}: {error}") from None


