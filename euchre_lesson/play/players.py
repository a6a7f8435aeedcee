"""Computer players: each sees only its seat's view and can say why it chose what it chose."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..engine import checks
from ..engine.actions import Action
from .advice import NO_TIME, options_for
from .budget import DECISION_SECONDS, Deadline, checked_clock, checked_seconds
from ..engine.game import GameState
from ..engine.hand import HandState
from .rule_of_thumb import Count, RuleOfThumbPlayer, count  # noqa: F401 (players are found here)
from ..engine.view import View, deciding


def seated(players, count: int, of: str) -> None:
    """Refuse anything but one player per seat of `of` (the argument with the seats), each with a choose(view)."""
    if (not isinstance(players, (list, tuple)) or len(players) != count
            or not all(callable(getattr(player, "choose", None)) for player in players)):
        # Both arguments are named: a list that fits one game is wrong for a game with other seats.
        raise checks.refused("players", players,
                             f"a list of {count} players, one per seat of {of}, each with a choose(view)")


class RandomPlayer:
    """Chooses uniformly among the legal actions: the baseline every other player must beat."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(checks.seed("seed", seed))
        self.reason = "I have not chosen anything yet."

    def choose(self, view: View) -> Action:
        action = self.rng.choice(deciding(view).legal)
        self.reason = f"I picked {action} at random from {len(view.legal)} legal actions."
        return action

    def explain(self) -> str:
        return self.reason


def play_out(state, players):
    """Play a hand to its end, each seat's player choosing from its own view."""
    checks.instance("state", state, HandState, "a HandState, a hand in progress")
    seated(players, state.players, f"state (a {state.rules.game} hand)")
    while not state.is_over:
        seat = state.to_act
        state = state.apply(players[seat].choose(state.view(seat)))
    return state


def play_game(game, players):
    """Play a game to the target score with one player per seat."""
    checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT)")
    seated(players, game.rules.players, f"game (a {game.rules.game} game)")
    while not game.is_over:
        seat = game.to_act
        game = game.apply(players[seat].choose(game.view(seat)))
    return game


class ExpertPlayer:
    """Samples deals that fit its view and picks the action with the best average under exact play.

    It samples `worlds` deals, or fewer when a decision's `seconds` on `clock` run short (None: no limit);
    where not one deal fits in the time, it plays the rule of thumb's choice and says so.
    """

    name = "expert"

    def __init__(self, seed: int | None = None, worlds: int = 200, seconds: float | None = DECISION_SECONDS,
                 clock: Callable[[], float] = time.monotonic):
        self.rng = random.Random(checks.seed("seed", seed))
        self.worlds = checks.worlds("worlds", worlds)
        self.seconds = checked_seconds("seconds", seconds)
        self.clock = checked_clock("clock", clock)
        self.reason = "I have not chosen anything yet."

    def explain(self) -> str:
        return self.reason

    def choose(self, view: View) -> Action:
        if len(deciding(view).legal) == 1:
            self.reason = f"{view.legal[0]} is my only legal choice."
            return view.legal[0]
        options = options_for(view, self.rng, self.worlds, Deadline.after(self.seconds, self.clock))
        best = options[0]
        if best.unit == NO_TIME:
            rule = RuleOfThumbPlayer()
            rule.choose(view)  # the same choice as best's: asked again for its reason, in the first person
            self.reason = (f"I had no time to simulate even one deal that fits what I have seen, so I play the rule "
                           f"of thumb's choice, {best.action}: {rule.explain()}")
            return best.action
        runner_up = f"; next best {options[1].action} at {options[1].worth}" if len(options) > 1 else ""
        self.reason = f"I choose {best.action}: {best.worth} on average{runner_up}."
        return best.action
