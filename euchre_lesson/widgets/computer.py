"""The computer players a learner can choose, by level, in words (the levels themselves are the table model's)."""

from __future__ import annotations

from ..engine.language import N_
from ..play.table_model import EXPERT_WORLDS, LEVELS

__all__ = ["EXPERT_WORLDS", "LEVELS", "LEVEL_WORDS"]

# Each level's words, marked for the catalog and translated where they are shown (the table's header): the expert's
# names its number of deals as {worlds}, EXPERT_WORLDS.
LEVEL_WORDS = {
    "random": N_("plays any legal card at random"),
    "beginner": N_("plays like the rule of thumb but makes a beginner's mistakes now and then, and says so"),
    "rule of thumb": N_("bids and plays by a teacher's rules of thumb"),
    "expert": N_("samples {worlds} deals that fit what it has seen and plays each out exactly"),
}
# The levels' own names as a learner reads them in the table's menu (the keys above stay English: they are the
# table model's values).
SHOWN_LEVELS = (N_("random"), N_("beginner"), N_("rule of thumb"), N_("expert"))
