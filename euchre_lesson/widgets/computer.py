"""The computer players a learner can choose, by level, each seeded so a game can be played again."""

from __future__ import annotations

from ..players import ExpertPlayer, RandomPlayer, RuleOfThumbPlayer

# Worlds an expert samples per decision: trick play samples them all, bidding a quarter (at least 8),
# which keeps a decision near 0.25 s on a laptop (bench/widgets.py measures it).
EXPERT_WORLDS = 32

LEVELS = {
    "random": lambda seed: RandomPlayer(seed),
    "rule of thumb": lambda seed: RuleOfThumbPlayer(),
    "expert": lambda seed: ExpertPlayer(seed, worlds=EXPERT_WORLDS),
}
LEVEL_WORDS = {
    "random": "plays any legal card at random",
    "rule of thumb": "bids and plays by a teacher's rules of thumb",
    "expert": f"samples {EXPERT_WORLDS} deals that fit what it has seen and plays each out exactly",
}


def computer_players(level: str, players: int, seed: int, learner: int) -> dict:
    """One player of this level for every seat but the learner's, each with its own seed."""
    if level not in LEVELS:
        raise ValueError(f"level {level!r} is not one of {', '.join(LEVELS)}.")
    return {seat: LEVELS[level](seed * 10 + seat) for seat in range(players) if seat != learner}
