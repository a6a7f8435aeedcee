"""Following suit and winning tricks (C12, C13)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from . import checks, language
from .cards import Card, Suit
from .errors import NotationError
from .language import N_, _
from .ranking import bower, effective_suit, is_trump, power, suit_in_play
from .said import Listed


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
        raise NotationError(
            "trick",
            _("{card} is in both hand and trick, but each card is in the deck only once (C1).").format(card=both),
        )
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


# A suit's words in the sentences below, marked here and translated where they are said: one card of it ("a heart"),
# and the suit as trump ("while hearts are trump").
NOUNS = {Suit.CLUBS: N_("club"), Suit.DIAMONDS: N_("diamond"), Suit.HEARTS: N_("heart"), Suit.SPADES: N_("spade")}
PLURALS = {Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"), Suit.HEARTS: N_("hearts"), Suit.SPADES: N_("spades")}


def _noun(suit: Suit) -> str:
    return language._(NOUNS[suit])


def _suit_words(suit: Suit, trump: Suit) -> str:
    return _("{suit} (trump)").format(suit=suit) if suit is trump else str(suit)


def _role(card: Card, trump: Suit) -> str:
    """A short aside for the cards whose suit is not what it looks like."""
    role = bower(card, trump)
    if role == "left" and card.suit is not None:  # a left bower has a suit, the one it is not
        return _("{card} is not a {noun} while {suits} are trump: it is the left bower, a trump").format(
            card=card, noun=_noun(card.suit), suits=language._(PLURALS[trump])
        )
    if role == "joker":
        return _("the Joker is always a trump (C3)")
    return ""


def why_not(card: Card, hand: Sequence[Card], trick: Sequence[Card], trump: Suit) -> str | None:
    """Why a card may not be played now, in a sentence, or None when it may."""
    if card not in hand:
        held = " ".join(map(str, hand))
        return _("You do not hold {card}; your cards are {held}.").format(card=card, held=held)
    legal = playable(hand, trick, trump)
    if card in legal:
        return None
    led = effective_suit(trick[0], trump)
    shown = ", ".join(map(str, legal))
    message = _("You must follow {suit}: you hold {cards}.").format(suit=_suit_words(led, trump), cards=shown)
    played_aside = _role(card, trump)
    if played_aside:
        return f"{message} {played_aside[0].upper()}{played_aside[1:]}."
    held_asides = [_role(c, trump) for c in legal if _role(c, trump)]
    if held_asides:
        return f"{message} " + _("Remember: {aside}.").format(aside=held_asides[0])
    return f"{message} " + _("{card} is not a {noun}.").format(card=card, noun=_noun(led))


def why_may(card: Card, trick: Sequence[Card], trump: Suit) -> str:
    """Why a card the rules allow may be played to this trick: it follows, or the hand cannot (C12)."""
    if not trick:
        return _("the leader may lead any card (C12).")
    led = effective_suit(trick[0], trump)
    if effective_suit(card, trump) is led:
        if bower(card, trump) == "left":
            return _("it follows the suit led, {suit} (the left bower counts as a {noun}) (C12).").format(
                suit=_suit_words(led, trump), noun=_noun(trump)
            )
        return _("it follows the suit led, {suit} (C12).").format(suit=_suit_words(led, trump))
    return _("you hold no {suit}, so you may play any card (C12).").format(suit=_suit_words(led, trump))


def why_wins(cards: Sequence[Card], trump: Suit) -> str:
    """Why the winner of a trick wins it, and why each other card does not, in plain words (C13)."""
    winner = cards[winning_index(cards, trump)]
    led = effective_suit(cards[0], trump)
    asides = [_role(c, trump) for c in cards if _role(c, trump)]
    if is_trump(winner, trump):
        only = sum(is_trump(c, trump) for c in cards) == 1
        if led is trump:
            because = (
                _("{card} wins: it is the only trump played")
                if only
                else _("{card} wins: it is the highest trump played")
            ).format(card=winner)
        else:
            because = (
                _("{card} wins: it is the only trump played, and a trump beats any {noun}")
                if only
                else _("{card} wins: it is the highest trump played, and a trump beats any {noun}")
            ).format(card=winner, noun=_noun(led))
    else:
        because = _("{card} wins: nobody played a trump, and it is the highest {noun}, the suit led").format(
            card=winner, noun=_noun(led)
        )
    losers = []
    for card in cards:
        if card == winner:
            continue
        if is_trump(card, trump):
            losers.append(_("{card} is a lower trump").format(card=card))
        elif effective_suit(card, trump) is led:
            losers.append(_("{card} is a lower {noun}").format(card=card, noun=_noun(led)))
        else:
            losers.append(
                _("{card} is neither trump nor a {noun}, so it cannot win").format(card=card, noun=_noun(led))
            )
    text = because
    if losers:  # listed as the language lists: French puts a space before its semicolon ("plus faible ; A♣")
        text += f" ({Listed(tuple(losers))})"
    text += "."
    return text + "".join(" " + _("Remember: {aside}.").format(aside=aside) for aside in dict.fromkeys(asides))
