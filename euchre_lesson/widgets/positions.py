"""Seeded sample positions for the trainers: real hands, bid by rule of thumb and played at random."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from ..engine import checks
from ..engine.hand import HandState, deal_hand
from ..engine.phases import Phase
from ..engine.rules import RuleSet
from ..engine.view import acting_seat
from ..play.players import RandomPlayer
from ..play.rule_of_thumb import RuleOfThumbPlayer

Wanted = Callable[[HandState], bool]


def seeded_states(seed: int, rules: RuleSet, hands: int = 400) -> Iterator[HandState]:
    """Every state of a run of seeded hands: the same seed gives the same states everywhere."""
    rng = random.Random(seed)
    bidder, chance, dice = RuleOfThumbPlayer(), RandomPlayer(), random.Random(rng.randrange(2**32))
    for _ in range(hands):
        state = deal_hand(rules, rng.randrange(rules.players), seed=rng.randrange(2**32))
        while True:
            yield state
            if state.is_over:
                break
            player = chance if state.phase is Phase.PLAY else bidder  # sensible bids, varied play
            state = state.apply(player.decide(state.view(acting_seat(state)), dice).action)


def find_position(seed: int, rules: RuleSet, wanted: Wanted, acceptable: Wanted | None = None) -> HandState:
    """The first seeded state that is `wanted`; failing that, the first `acceptable` one."""
    seed, rules = checks.whole("seed", seed, 0, checks.MOST_SEED), checks.rules("rules", rules)
    if not callable(wanted):
        raise checks.refused("wanted", wanted, "a function saying whether a state is the one wanted")
    if acceptable is not None and not callable(acceptable):
        raise checks.refused("acceptable", acceptable, "a function saying whether a state will do, or None")
    fallback = None
    for state in seeded_states(seed, rules):
        if wanted(state):
            return state
        if fallback is None and acceptable is not None and acceptable(state):
            fallback = state
    if fallback is None:
        raise RuntimeError(f"no position found from seed {seed}")
    return fallback
