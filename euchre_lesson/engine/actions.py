"""The actions of a hand and their one-token notation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any, cast

from .cards import Card, Suit, parse_card, parse_cards, parse_suit, readable, sort_key
from .errors import NotationError, excerpt


class Verb(StrEnum):
    """The verbs of the notation, one line each: the token; what it carries ("card", "suit", "cards" or
    nothing) and how a person asks for that; and whether it is laid face down, seen by its actor alone.

    A Verb is its token as text (Verb.PLAY == "play", and the same key in a dict), so records read as before.
    """

    # What each verb carries besides its token, set in __new__ (annotated here so that a type checker knows them).
    carries: str | None
    asked: str
    face_down: bool

    def __new__(cls, token: str, carries: str | None = None, asked: str = "", face_down: bool = False) -> Verb:
        verb = str.__new__(cls, token)
        verb._value_ = token
        verb.carries, verb.asked, verb.face_down = carries, asked, face_down
        return verb

    __hash__ = str.__hash__  # Enum hashes by name; a Verb must hash as its text, which it equals

    PASS = "pass"
    ORDER = "order"
    CALL = "call", "suit", "a suit"
    PICKUP = "pickup", "card", "the card to discard", True  # the dealer's discard goes face down (C7)
    DECLINE = "decline"
    ALONE = "alone"
    STAY = "stay"
    GIVE = "give", "card", "the card to give", True  # the partner's best card, seen by the lone player too (R3)
    DISCARD = "discard", "card", "the card to lay down", True  # the lone player's sixth card, out of play (R3)
    KEEP = "keep", "cards", "five cards", True  # the five laid aside are never shown (T5)
    PLAY = "play", "card", "a card"

    @classmethod
    def of(cls, kind: object) -> Verb:
        """The verb named by `kind` (a Verb or its token); anything else is a NotationError."""
        verb = verb_named(kind) if type(kind) in (str, cls) else None
        if verb is None:
            raise NotationError(
                excerpt(kind), f"The action kind {excerpt(kind)} is not a verb of the notation. {TOKEN_HELP}"
            )
        return verb


def verb_named(token: object) -> Verb | None:
    """The verb whose token is `token`, or None."""
    return cast("Verb | None", Verb._value2member_map_.get(token))


MOST_KEPT = 10  # a keep names five of the maker's ten (T5); more cannot be meant
VERBS = tuple(Verb)
# How a token writes what a verb carries (Notation).
PLACEHOLDERS = {None: "", "suit": " S", "card": " X", "cards": " A B C D E"}
TOKEN_HELP = f"Actions are: {', '.join(verb + PLACEHOLDERS[verb.carries] for verb in Verb)} (S a suit, X a card)."


@dataclass(frozen=True, slots=True)
class Action:
    """One move: `kind` is a verb of the notation; a card, suit or five cards go with some."""

    kind: Verb
    card: Card | None = None
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        kind, card, suit, cards = self.kind, self.card, self.suit, self.cards
        if type(kind) is not Verb:  # a verb's text, as records and older code write it
            object.__setattr__(self, "kind", kind := Verb.of(kind))
        if type(cards) is not tuple:
            object.__setattr__(self, "cards", cards := _five_of_ten(kind, cards))
        needs = kind.carries
        if not (
            (type(card) is Card if needs == "card" else card is None)
            and (type(suit) is Suit if needs == "suit" else suit is None)
            and (0 < len(cards) <= MOST_KEPT and all(type(c) is Card for c in cards) if needs == "cards" else not cards)
        ):
            raise NotationError(kind, _shape_problem(kind, needs, self))

    def __str__(self) -> str:
        return self._token(str, str)

    @property
    def ascii(self) -> str:
        """The token as written in records: 'play JH', 'call H'."""
        return self._token(lambda c: c.ascii, lambda s: s.value)

    def _token(self, card_text: Callable[[Card], str], suit_text: Callable[[Suit], str]) -> str:
        if self.card is not None:
            return f"{self.kind} {card_text(self.card)}"
        if self.suit is not None:
            return f"{self.kind} {suit_text(self.suit)}"
        if self.cards:
            return f"{self.kind} " + " ".join(map(card_text, self.cards))
        return str(self.kind)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def _five_of_ten(kind: Verb, cards: object) -> tuple[Card, ...]:
    """A keep's cards as a tuple; a list is copied, anything else refused."""
    if not isinstance(cards, list) or len(cards) > MOST_KEPT:
        raise NotationError(
            "cards",
            f"The action {str(kind)!r} takes cards as a tuple of Cards, up to the maker's "
            f"{MOST_KEPT}, not {excerpt(cards)}. To read cards from text, "
            f"write keep('JH JD AH AS KS').",
        )
    return tuple(cards)


def _shape_problem(kind: Verb, needs: str | None, action: Action) -> str:
    """What a hand-made action lacks or carries in excess, in a sentence."""
    what = {
        "card": "one card, a Card such as parse_card('JH')",
        "suit": "one suit, a Suit such as Suit.HEARTS",
        "cards": f"cards, a tuple of 1 to {MOST_KEPT} Cards",
        None: "nothing more",
    }[needs]
    given = [
        f"{name}={excerpt(value)}"
        for name, value in (("card", action.card), ("suit", action.suit))
        if value is not None
    ] + ([f"cards={excerpt(action.cards)}"] if action.cards else [])
    return (
        f"The action {str(kind)!r} takes {what}, not {', '.join(given) or 'nothing'} (Notation). "
        f"To read an action from text, write parse_action('play JH'). {TOKEN_HELP}"
    )


def with_argument(verb: Verb, value: Any) -> Action:  # Any: the parser the verb names checks it
    """An action of `verb` carrying what `value` names (as text or as cards and suits): a suit, a card, or
    cards, sorted so that the same five are one keep."""
    if verb.carries == "suit":
        return Action(verb, suit=parse_suit(value))
    if verb.carries == "card":
        return Action(verb, card=parse_card(value))
    return Action(verb, cards=tuple(sorted(parse_cards(value), key=sort_key)))


PASS = Action(Verb.PASS)
ORDER = Action(Verb.ORDER)
DECLINE = Action(Verb.DECLINE)
ALONE = Action(Verb.ALONE)
STAY = Action(Verb.STAY)


def call(suit: str | Suit) -> Action:
    return with_argument(Verb.CALL, suit)


def pickup(discard: str | Card) -> Action:
    """The dealer takes the up-card and lays `discard` away (C7)."""
    return Action(Verb.PICKUP, card=parse_card(discard))  # not through with_argument: the engine's hot path


def give(card: str | Card) -> Action:
    """The partner of a lone player passes `card` to them, face down (R3)."""
    return with_argument(Verb.GIVE, card)


def discard(card: str | Card) -> Action:
    """The lone player who received a card lays `card` down, out of play (R3)."""
    return with_argument(Verb.DISCARD, card)


def keep(cards: str | Sequence[str | Card]) -> Action:
    """The cutthroat maker keeps these five of ten (T5); order does not matter."""
    return with_argument(Verb.KEEP, cards)


def play(card: str | Card) -> Action:
    return Action(Verb.PLAY, card=parse_card(card))  # not through with_argument: the engine's hot path


# Other words people say for an action (Notation); every verb is also its own word.
_SYNONYMS = {
    "order up": Verb.ORDER,
    "orderup": Verb.ORDER,
    "assist": Verb.ORDER,
    "accept": Verb.ORDER,
    "go alone": Verb.ALONE,
}


SHORT_TOKEN = 40  # the longest token read once and remembered: a keep of five cards takes 24 characters


def parse_action(token: str | Action) -> Action:
    """An action from its token: 'pass', 'order up', 'call ♥', 'pickup 10♣', 'play JH'."""
    if isinstance(token, Action):
        return token
    if type(token) is str and len(token) <= SHORT_TOKEN:
        return _remembered(token)  # a replayed game reads the same few tokens thousands of times
    return _parsed(token)


def _parsed(token: str) -> Action:
    words = readable(token, "an action", TOKEN_HELP).split()
    said = " ".join(words).lower()
    bare = _SYNONYMS.get(said) or verb_named(said)
    if bare is not None and bare.carries is None:
        return Action(bare)
    if [w.lower() for w in words[:2]] == ["pick", "up"]:
        words = ["pickup"] + words[2:]
    verb = verb_named(words[0].lower() if words else "")
    if verb is None or verb.carries is None:
        named = words[0].lower() if words else ""
        raise NotationError(
            token, f"{excerpt(token)} is not an action ({excerpt(named)} is not a verb of the notation). {TOKEN_HELP}"
        )
    if len(words) == 1:
        raise NotationError(token, f"{excerpt(token)} needs {verb.asked} after {str(verb)!r}. {TOKEN_HELP}")
    try:
        return with_argument(verb, " ".join(words[1:]))
    except NotationError as error:
        raise NotationError(error.part, f"In the action {excerpt(token)}: {error}") from None


_remembered = lru_cache(maxsize=1024)(_parsed)  # actions are immutable, so one may stand for every reading
