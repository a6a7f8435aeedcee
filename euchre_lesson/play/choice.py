"""A computer player's choice: the action and, in the player's own words, why."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ..engine.actions import Action
from ..engine.view import View


@dataclass(frozen=True)
class Choice:
    """What a player chose and its reason: one value, so no reason is ever asked for after the fact."""

    action: Action
    reason: str


class Player(Protocol):
    """A computer player: its choice for a view, rolling only the dice handed in (None: its own seed's)."""

    def decide(self, view: View, rng: random.Random | None = None) -> Choice: ...
