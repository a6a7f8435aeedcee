"""The actions of a hand and their one-token notation."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Suit, parse_card, parse_cards, parse_suit, refuse_look_alikes, sort_key
from .errors import NotationError, excerpt


@dataclass(frozen=True, slots=True)
class Action:
    """One move: `kind` is a verb of the notation; a card, suit or five cards go with some."""

    kind: str
    card: Card | None = None
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()

    def __post_init__(self):
        kind, card, suit, cards = self.kind, self.card, self.suit, self.cards
        if type(kind) is not str or kind not in ARGUMENTS:
            raise NotationError(excerpt(kind), f"The action kind {excerpt(kind)} is not a verb of the notation. "
                                               f"{TOKEN_HELP}")
        if type(cards) is not tuple:
            object.__setattr__(self, "cards", cards := _five_of_ten(kind, cards))
        needs = ARGUMENTS[kind]
        if not ((type(card) is Card if needs == "card" else card is None)
                and (type(suit) is Suit if needs == "suit" else suit is None)
                and (0 < len(cards) <= MOST_KEPT and all(type(c) is Card for c in cards) if needs == "cards"
                     else not cards)):
            raise NotationError(kind, _shape_problem(kind, needs, self))

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


def _five_of_ten(kind: str, cards) -> tuple:
    """A keep's cards as a tuple; a list is copied, anything else refused."""
    if not isinstance(cards, list) or len(cards) > MOST_KEPT:
        raise NotationError("cards", f"The action {kind!r} takes cards as a tuple of Cards, up to the maker's "
                                     f"{MOST_KEPT}, not {excerpt(cards)}. To read cards from text, "
                                     f"write keep('JH JD AH AS KS').")
    return tuple(cards)


def _shape_problem(kind: str, needs: str | None, action) -> str:
    """What a hand-made action lacks or carries in excess, in a sentence."""
    what = {"card": "one card, a Card such as parse_card('JH')", "suit": "one suit, a Suit such as Suit.HEARTS",
            "cards": f"cards, a tuple of 1 to {MOST_KEPT} Cards", None: "nothing more"}[needs]
    given = [f"{name}={excerpt(value)}" for name, value in (("card", action.card), ("suit", action.suit))
             if value is not None] + ([f"cards={excerpt(action.cards)}"] if action.cards else [])
    return (f"The action {kind!r} takes {what}, not {', '.join(given) or 'nothing'} (Notation). "
            f"To read an action from text, write parse_action('play JH'). {TOKEN_HELP}")


MOST_KEPT = 10  # a keep names five of the maker's ten (T5); more cannot be meant

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
        raise NotationError(excerpt(token), f"{excerpt(token)} is not an action. {TOKEN_HELP}")
    refuse_look_alikes(token, "an action", TOKEN_HELP)
    words = token.split()
    said = " ".join(words).lower()
    if said in _SYNONYMS:
        return Action(_SYNONYMS[said])
    if [w.lower() for w in words[:2]] == ["pick", "up"]:
        words = ["pickup"] + words[2:]
    verb = words[0].lower() if words else ""
    if verb not in _WITH_ARGUMENT:
        raise NotationError(token, f"{excerpt(token)} is not an action ({excerpt(verb)} is not a verb of the "
                                   f"notation). {TOKEN_HELP}")
    make, needs = _WITH_ARGUMENT[verb]
    if len(words) == 1:
        raise NotationError(token, f"{excerpt(token)} needs {needs} after {verb!r}. {TOKEN_HELP}")
    try:
        return make(" ".join(words[1:]))
    except NotationError as error:
        raise NotationError(error.part, f"In the action {excerpt(token)}: {error}") from None


