"""Hands dealt to order for the lessons' questions: one seat's cards and the up-card named, the rest shuffled."""

from __future__ import annotations

import random

from ..engine import checks
from ..engine.cards import deck
from ..engine.errors import NotationError
from ..engine.hand import HAND_SIZE, Deal, HandState, deal_hand
from ..engine.rules import RuleSet


def deal_for(rules: RuleSet, dealer: int, seat: int, hand: str, up_card: str, seed: int | None = 0) -> HandState:
    """A hand where `seat` holds `hand` and `up_card` is turned up; the other cards shuffled from `seed`."""
    rules = checks.rules("rules", rules)
    dealer = checks.seat("dealer", dealer, rules.players)
    seat = checks.seat("seat", seat, rules.players)
    mine = checks.cards("hand", hand, most=HAND_SIZE)
    if len(mine) != HAND_SIZE:  # the shuffle below fills the other seats, not this one
        raise NotationError("hand", f"hand holds {len(mine)} cards, but each seat is dealt {HAND_SIZE} (C5).")
    up = checks.card("up_card", up_card)
    if up in mine:
        raise NotationError("up_card", f"up_card {up} is in the hand too, but each card is in the deck only once (C1).")
    seed = checks.seed("seed", seed)
    cards = deck(rules.deck)
    for name, card in [*(("hand", c) for c in mine), ("up_card", up)]:
        if card not in cards:
            raise NotationError(
                name, f"{name} holds {card}, which is not in the {rules.deck}-card deck of these rules (C1)."
            )
    rest = [c for c in cards if c not in mine and c != up]
    random.Random(seed).shuffle(rest)
    packets = [mine if s == seat else tuple(rest.pop() for _ in range(HAND_SIZE)) for s in range(rules.players)]
    dummy = tuple(rest.pop() for _ in range(HAND_SIZE)) if rules.has_dummy else None
    return deal_hand(rules, dealer, deal=Deal(tuple(packets), dummy, (up, *rest)))
