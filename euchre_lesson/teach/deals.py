"""Hands dealt to order for the lessons' questions: one seat's cards and the up-card named, the rest shuffled."""

from __future__ import annotations

import random

from ..engine.cards import deck, parse_card, parse_cards
from ..engine.hand import HAND_SIZE, Deal, HandState, deal_hand
from ..engine.rules import RuleSet


def deal_for(rules: RuleSet, dealer: int, seat: int, hand: str, up_card: str, seed: int = 0) -> HandState:
    """A hand where `seat` holds `hand` and `up_card` is turned up; the other cards shuffled from `seed`."""
    mine, up = tuple(parse_cards(hand)), parse_card(up_card)
    rest = [c for c in deck(rules.deck) if c not in mine and c != up]
    random.Random(seed).shuffle(rest)
    packets = [mine if s == seat else tuple(rest.pop() for _ in range(HAND_SIZE)) for s in range(rules.players)]
    dummy = tuple(rest.pop() for _ in range(HAND_SIZE)) if rules.has_dummy else None
    return deal_hand(rules, dealer, deal=Deal(tuple(packets), dummy, (up, *rest)))
