"""The exercises of lesson 7, Scoring and winning."""

from ...engine.language import N_
from ...engine.rules import PARTNERSHIP
from ..exercises import Choice, Score

CUTTHROAT_TABLE = N_("Scoring is a table: read the Cutthroat table (T7) from the top and take the first row that fits.")
PARTNERSHIP_TABLE = N_(
    "Partnership Euchre has a table of its own (F4): read it from the top and take the first row that fits."
)

EXERCISES = {
    "q1": Score(
        3,
        hints=(
            CUTTHROAT_TABLE,
            N_("The maker kept the promise of three tricks but did not take all five: which row says just that?"),
        ),
    ),
    "q2": Score(
        2,
        who="defenders",
        hints=(
            CUTTHROAT_TABLE,
            N_(
                "Two tricks are fewer than the three the maker promised, and nobody went alone: the maker is euchred. "
                "What does a euchre pay each defender?"
            ),
        ),
    ),
    "q3": Score(
        5,
        rules=PARTNERSHIP,
        hints=(
            PARTNERSHIP_TABLE,
            N_("All five tricks make a march, and nobody went alone: find the march row that is not a lone maker's."),
        ),
    ),
    "q4": Choice(
        N_("Cutthroat: both defenders reach 11 on the same hand. Who wins?"),
        {
            N_("both"): N_("Only with the house rule that lets the level players share the win (T8)."),
            N_("nobody yet"): N_(
                "level at the top, only the two tied players stay in contention, and hands go on "
                "until one of them is ahead (T8)."
            ),
            N_("the dealer"): N_("Dealing gives no claim to a win: a game is won on points alone (T8)."),
        },
        right="nobody yet",
        rule_ids=("T8",),
        hints=(
            N_(
                "Read the rule for winning a game of Cutthroat (T8): what happens when players end a hand level at the "
                "top?"
            ),
            N_("Both defenders have 11 after this hand, level at the top: is either of them ahead of the other?"),
        ),
    ),
}
