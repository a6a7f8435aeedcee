"""A computer player's choice: the action and, in the player's own words, why (kept in no language until read)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from ..engine.actions import Action
from ..engine.said import Reason, words_of
from ..engine.view import View


@dataclass(frozen=True)
class Choice:
    """What a player chose and its reason: one value, so no reason is ever asked for after the fact.

    `said` is the reason as the player gave it (language-free where its words are in the catalog: a class's table
    keeps it so, and each student reads it in their own language); `reason` is it in words, in the language
    chosen where it is asked for."""

    action: Action
    said: Reason

    @property
    def reason(self) -> str:
        """The reason in words, in the language chosen here."""
        return words_of(self.said)


class Player(Protocol):
    """A computer player: its choice for a view, rolling only the dice handed in (None: its own seed's)."""

    def decide(self, view: View, rng: random.Random | None = None) -> Choice: ...
