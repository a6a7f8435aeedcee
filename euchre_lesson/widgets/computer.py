"""The computer players a learner can choose, by level, in words (the levels themselves are the table model's)."""

from __future__ import annotations

from ..play.table_model import EXPERT_WORLDS, LEVELS

__all__ = ["EXPERT_WORLDS", "LEVELS", "LEVEL_WORDS"]

LEVEL_WORDS = {
    "random": "plays any legal card at random",
    "beginner": "plays like the rule of thumb but makes a beginner's mistakes now and then, and says so",
    "rule of thumb": "bids and plays by a teacher's rules of thumb",
    "expert": f"samples {EXPERT_WORLDS} deals that fit what it has seen and plays each out exactly",
}
