"""Following suit and winning tricks (C12, C13)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from . import checks
from .cards import Card, Suit
from .errors import NotationError
from .ranking import bower, effective_suit, is_trump, power, suit_in_play


class Trick(NamedTuple):
    """A trick: who led, the cards in play order, and the winning seat once complete."""

    leader: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    winner: int | None = None


MOST_IN_TRICK = 4  # one card from each of four seats (F1)


def legal_plays(hand: Sequence[Card] | str, trick: Sequence[Card] | str, trump: Suit | str) -> list[Card]:
    """The cards of a hand that may be played to a trick (C12)."""
    hand, trick = checks.cards("hand", hand), checks.cards("trick", trick, MOST_IN_TRICK - 1)
    both = next((card for card in trick if card in hand), None)
    if both is not None:
        raise NotationError("trick", f"{both} is in both hand and trick, but each card is in the deck only once (C1).")
    return playable(hand, trick, checks.suit("trump", trump))


def playable(hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> list[Card]:
    """legal_plays without the argument checks, for the engine's own loops."""
    if not trick:
        return list(hand)
    led = suit_in_play(trick[0], trump)
    following = [card for card in hand if suit_in_play(card, trump) is led]
    return following or list(hand)


def trick_winner(cards: Sequence[Card] | str, trump: Suit | str) -> int:
    """Index, in play order, of the card that wins the trick (C13)."""
    cards = checks.cards("cards", cards, MOST_IN_TRICK)
    if not cards:
        raise checks.refused("cards", cards, "the cards of a trick in play order, the card led first")
    return winning_index(cards, checks.suit("trump", trump))


def winning_index(cards: Sequence[Card], trump: Suit) -> int:
    """trick_winner without the argument checks, for the engine's own loops."""
    led = suit_in_play(cards[0], trump)
    powers = [power(card, trump, led) for card in cards]
    return powers.index(max(powers))


def _suit_words(suit: Suit, trump: Suit) -> str:
    return f"{suit} (trump)" if suit is trump else str(suit)


def _role(card: Card, trump: Suit) -> str:
    """A short aside for the cards whose suit is not what it looks like."""
    role = bower(card, trump)
    if role == "left" and card.suit is not None:  # a left bower has a suit, the one it is not
        return f"{card} is not a {card.suit.noun} while {trump.plural} are trump: it is the left bower, a trump"
    if role == "joker":
        return "the Joker is always a trump (C3)"
    return ""


def why_not(card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> str | None:
    """Why a card may not be played now, in a sentence, or None when it may."""
    if card not in hand:
        held = " ".join(map(str, hand))
        return f"You do not hold {card}; your cards are {held}."
    legal = playable(hand, trick, trump)
    if card in legal:
        return None
    led = effective_suit(trick[0], trump)
    shown = ", ".join(map(str, legal))
    message = f"You must follow {_suit_words(led, trump)}: you hold {shown}."
    played_aside = _role(card, trump)
    if played_aside:
        return f"{message} {played_aside[0].upper()}{played_aside[1:]}."
    held_asides = [_role(c, trump) for c in legal if _role(c, trump)]
    if held_asides:
        return f"{message} Remember: {held_asides[0]}."
    return f"{message} {card} is not a {led.noun}."


def why_may(card: Card, trick: Sequence[Card], trump: Suit) -> str:
    """Why a card the rules allow may be played to this trick: it follows, or the hand cannot (C12)."""
    if not trick:
        return "the leader may lead any card (C12)."
    led = effective_suit(trick[0], trump)
    if effective_suit(card, trump) is led:
        aside = f" (the left bower counts as a {trump.noun})" if bower(card, trump) == "left" else ""
        return f"it follows the suit led, {_suit_words(led, trump)}{aside} (C12)."
    return f"you hold no {_suit_words(led, trump)}, so you may play any card (C12)."


def why_wins(cards: Sequence[Card], trump: Suit) -> str:
    """Why the winner of a trick wins it, and why each other card does not, in plain words (C13)."""
    winner = cards[winning_index(cards, trump)]
    led = effective_suit(cards[0], trump)
    asides = [_role(c, trump) for c in cards if _role(c, trump)]
    if is_trump(winner, trump):
        best = "the only trump" if sum(is_trump(c, trump) for c in cards) == 1 else "the highest trump"
        because = f"{winner} wins: it is {best} played" + (
            "" if led is trump else f", and a trump beats any {led.noun}"
        )
    else:
        because = f"{winner} wins: nobody played a trump, and it is the highest {led.noun}, the suit led"
    losers = []
    for card in cards:
        if card == winner:
            continue
        if is_trump(card, trump):
            losers.append(f"{card} is a lower trump")
        elif effective_suit(card, trump) is led:
            losers.append(f"{card} is a lower {led.noun}")
        else:
            losers.append(f"{card} is neither trump nor a {led.noun}, so it cannot win")
    text = because + (f" ({'; '.join(losers)})" if losers else "") + "."
    return text + "".join(f" Remember: {aside}." for aside in dict.fromkeys(asides))
