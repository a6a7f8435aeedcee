"""The phases of a hand: a vocabulary shared by the hand, the views of it and the players."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    """The steps of a hand, in order (Notation: order of one hand)."""

    ROUND_ONE = "bidding, round one"
    JOKER_CALL = "the dealer names trump for the joker"
    PICKUP = "the dealer's pick-up"
    ROUND_TWO = "bidding, round two"
    GOING_ALONE = "going alone"
    DUMMY = "the maker takes the dummy"
    EXCHANGE = "calling for best"
    PLAY = "trick play"
    DONE = "the hand is over"

    # A phase is its own one member, so its identity is its hash: Enum's own hashes the name in Python, and the
    # engine, the quick replay and the playouts look a phase up in a table at every step.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        return self.value
