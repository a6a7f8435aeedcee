"""A bridge to OpenSpiel's `euchre`, an independent four-hand engine, for the referee tests.

OpenSpiel numbers cards rank * 4 + suit (ranks 9 T J Q K A, suits C D H S), deals card i of
the first 20 to seat (dealer + i) % 4, then turns up the 21st; its seats are numbered
clockwise like ours. Its actions: 24 pass, 25-28 name clubs..spades (in round one only the
up-card's suit, which is our `order`), 29 alone, 30 with partner, else a card (discard or play).
"""

from __future__ import annotations

import json

import pyspiel

from euchre_lesson import Action, Card, HandState, Rank, Suit

RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
SUITS = tuple(Suit)  # clubs, diamonds, hearts, spades: OpenSpiel's order too
PASS, FIRST_SUIT, ALONE, PARTNER = 24, 25, 29, 30


def os_card(card: Card) -> int:
    return RANKS.index(card.rank) * 4 + SUITS.index(card.suit)


def os_game(stick_the_dealer: bool, allow_lone_defender: bool = False):
    return pyspiel.load_game(
        "euchre", {"stick_the_dealer": stick_the_dealer, "allow_lone_defender": allow_lone_defender}
    )


def os_deal(game, hand: HandState):
    """OpenSpiel's state for the same dealer and cards as our fresh hand."""
    state = game.new_initial_state()
    state.apply_action(hand.dealer)
    queues = [list(cards) for cards in hand.deal.hands]
    for i in range(20):
        state.apply_action(os_card(queues[(hand.dealer + i) % 4].pop(0)))
    state.apply_action(os_card(hand.up_card))
    return state


def os_action(action: Action, hand: HandState) -> int:
    """OpenSpiel's number for our action (both forbid discarding the up-card, C7)."""
    if action.kind == "pass":
        return PASS
    if action.kind == "order":
        return FIRST_SUIT + SUITS.index(hand.up_card.suit)
    if action.kind == "call":
        return FIRST_SUIT + SUITS.index(action.suit)
    if action.kind in ("alone", "stay"):
        return ALONE if action.kind == "alone" else PARTNER
    if action.kind in ("pickup", "play"):
        return os_card(action.card)
    raise AssertionError(f"{action} has no OpenSpiel counterpart")


def side_points(returns) -> tuple[int, ...]:
    """OpenSpiel's zero-sum returns as our per-seat points: what each side scored."""
    return tuple(max(int(r), 0) for r in returns)


def os_tricks(state) -> list[tuple[int, tuple[int, ...], int]]:
    """(leader, cards, winner) of every trick played in an OpenSpiel state."""
    return [(t.leader(), tuple(t.cards()), t.winner()) for t in state.tricks() if t.leader() >= 0]


def our_tricks(hand: HandState) -> list[tuple[int, tuple[int, ...], int]]:
    return [(t.leader, tuple(os_card(c) for c in t.cards), t.winner) for t in hand.tricks]


def disagreement(hand: HandState, what: str) -> str:
    """A failure message that carries the hand record, so the case can be replayed and kept."""
    return f"{what}\nhand record: {json.dumps(hand.record())}"
