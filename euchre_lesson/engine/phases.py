"""The phases of a hand: a vocabulary shared by the hand, the views of it and the players."""

from __future__ import annotations

from enum import Enum

from . import language
from .language import N_


class Phase(Enum):
    """The steps of a hand, in order (Notation: order of one hand)."""

    ROUND_ONE = N_("bidding, round one")
    JOKER_CALL = N_("the dealer names trump for the joker")
    PICKUP = N_("the dealer's pick-up")
    ROUND_TWO = N_("bidding, round two")
    GOING_ALONE = N_("going alone")
    DUMMY = N_("the maker takes the dummy")
    EXCHANGE = N_("calling for best")
    PLAY = N_("trick play")
    DONE = N_("the hand is over")

    # A phase is its own one member, so its identity is its hash: Enum's own hashes the name in Python, and the
    # engine, the quick replay and the playouts look a phase up in a table at every step.
    __hash__ = object.__hash__

    def __str__(self) -> str:
        """The phase's name in the language chosen (its value, the English name, is what the catalog is keyed by)."""
        return language._(self.value)
