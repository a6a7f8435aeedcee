"""Computer players: each sees only its seat's view, and its choice comes with why it chose it.

A player holds no state: `decide(view, rng)` returns a `Choice` (the action and its reason) and rolls only the
dice it is handed, so the same view and the same dice give the same choice, wherever it is made (a class's worker
process returns the choice alone). A player built with a seed makes its dice from that seed when none are handed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from ..engine import checks
from ..engine.actions import Action
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.language import N_
from ..engine.said import saying
from ..engine.view import View, acting_seat, deciding
from .advice import NO_TIME, Named, options_for
from .beginner import BeginnerPlayer as BeginnerPlayer
from .budget import DECISION_SECONDS, Deadline, checked_clock, checked_seconds
from .choice import Choice, Player

# Players are found here: the beginner, the rule of thumb's player and its count of a hand are taken from here too.
from .rule_of_thumb import Count as Count
from .rule_of_thumb import RuleOfThumbPlayer as RuleOfThumbPlayer
from .rule_of_thumb import count as count


def seated(players: object, seats: int, of: str) -> None:
    """Refuse anything but one player per seat of `of` (the argument with the seats), each with a decide(view, rng)."""
    if (
        not isinstance(players, (list, tuple))
        or len(players) != seats
        or not all(callable(getattr(player, "decide", None)) for player in players)
    ):
        # Both arguments are named: a list that fits one game is wrong for a game with other seats.
        raise checks.refused(
            "players", players, f"a list of {seats} players, one per seat of {of}, each with a decide(view, rng)"
        )


def dice(player: object, rng: random.Random | None = None) -> random.Random:
    """The dice a choice rolls: those handed in, else fresh ones from the player's seed (None: unseeded)."""
    return rng if rng is not None else random.Random(getattr(player, "seed", None))


class RandomPlayer:
    """Chooses uniformly among the legal actions: the baseline every other player must beat."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.seed = checks.seed("seed", seed)

    def decide(self, view: View, rng: random.Random | None = None) -> Choice:
        action = dice(self, rng).choice(deciding(view).legal)
        return Choice(
            action,
            saying(
                N_("I picked {action} at random from {count} legal actions."),
                action=Named(action, view),
                count=len(view.legal),
            ),
        )

    def choose(self, view: View, rng: random.Random | None = None) -> Action:
        """The action alone, for code that plays without words."""
        return self.decide(view, rng).action


def play_out(state: HandState, players: Sequence[Player]) -> HandState:
    """Play a hand to its end, each seat's player choosing from its own view."""
    checks.instance("state", state, HandState, "a HandState, a hand in progress")
    seated(players, state.players, f"state (a {state.rules.game} hand)")
    rolled = [dice(player) for player in players]  # each seat's dice, rolled on from choice to choice
    while not state.is_over:
        seat = acting_seat(state)
        state = state.apply(players[seat].decide(state.view(seat), rolled[seat]).action)
    return state


def play_game(game: GameState, players: Sequence[Player]) -> GameState:
    """Play a game to the target score with one player per seat."""
    checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT)")
    seated(players, game.rules.players, f"game (a {game.rules.game} game)")
    rolled = [dice(player) for player in players]  # each seat's dice, rolled on from choice to choice
    while not game.is_over:
        seat = acting_seat(game.hand)  # the game's seat to act, as it is not over
        game = game.apply(players[seat].decide(game.view(seat), rolled[seat]).action)
    return game


class ExpertPlayer:
    """Samples deals that fit its view and picks the action with the best average under exact play.

    It samples `worlds` deals, or fewer when a decision's `seconds` on `clock` run short (None: no limit);
    where not one deal fits in the time, it plays the rule of thumb's choice and says so.
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        worlds: int = 200,
        seconds: float | None = DECISION_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.seed = checks.seed("seed", seed)
        self.worlds = checks.worlds("worlds", worlds)
        self.seconds = checked_seconds("seconds", seconds)
        self.clock = checked_clock("clock", clock)

    def decide(self, view: View, rng: random.Random | None = None) -> Choice:
        if len(deciding(view).legal) == 1:
            return Choice(
                view.legal[0], saying(N_("{action} is my only legal choice."), action=Named(view.legal[0], view, True))
            )
        options = options_for(view, dice(self, rng), self.worlds, Deadline.after(self.seconds, self.clock))
        best = options[0]
        if best.unit == NO_TIME:
            rule = RuleOfThumbPlayer().decide(view)  # the same choice as best's: asked again for its reason
            return Choice(
                best.action,
                saying(
                    N_(
                        "I had no time to try even one deal that fits what I have seen, so I "
                        "play the rule of thumb's choice, {action}: {reason}"
                    ),
                    action=Named(best.action, view),
                    reason=rule.said,
                ),
            )
        if len(options) > 1:
            return Choice(
                best.action,
                saying(
                    N_("I choose {action}: {worth} on average; next best {runner_up} at {runner_up_worth}."),
                    action=Named(best.action, view),
                    worth=best.worth_said,
                    runner_up=Named(options[1].action, view),
                    runner_up_worth=options[1].worth_said,
                ),
            )
        return Choice(
            best.action,
            saying(
                N_("I choose {action}: {worth} on average."), action=Named(best.action, view), worth=best.worth_said
            ),
        )

    def choose(self, view: View, rng: random.Random | None = None) -> Action:
        """The action alone, for code that plays without words."""
        return self.decide(view, rng).action
