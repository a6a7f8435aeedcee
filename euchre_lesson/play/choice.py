"""A computer player's choice: the action and, in the player's own words, why."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Action


@dataclass(frozen=True)
class Choice:
    """What a player chose and its reason: one value, so no reason is ever asked for after the fact."""

    action: Action
    reason: str
