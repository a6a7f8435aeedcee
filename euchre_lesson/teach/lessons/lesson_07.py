"""The exercises of lesson 7, Scoring and winning."""

from ...engine.rules import PARTNERSHIP
from ..exercises import Choice, Score

CUTTHROAT_TABLE = "Scoring is a table: read the Cutthroat table (T7) from the top and take the first row that fits."
PARTNERSHIP_TABLE = (
    "Partnership Euchre has a table of its own (F4): read it from the top and take the first row that fits."
)

EXERCISES = {
    "q1": Score(
        3,
        hints=(
            CUTTHROAT_TABLE,
            "The maker kept the promise of three tricks but did not take all five: which row says just that?",
        ),
    ),
    "q2": Score(
        2,
        who="defenders",
        hints=(
            CUTTHROAT_TABLE,
            "Two tricks are fewer than the three the maker promised, and nobody went alone: the maker is euchred. "
            "What does a euchre pay each defender?",
        ),
    ),
    "q3": Score(
        5,
        rules=PARTNERSHIP,
        hints=(
            PARTNERSHIP_TABLE,
            "All five tricks make a march, and nobody went alone: find the march row that is not a lone maker's.",
        ),
    ),
    "q4": Choice(
        "Cutthroat: both defenders reach 11 on the same hand. Who wins?",
        {
            "both": "Only with the house rule that lets the level players share the win (T8).",
            "nobody yet": "level at the top, only the two tied players stay in contention, and hands go on "
            "until one of them is ahead (T8).",
            "the dealer": "Dealing gives no claim to a win: a game is won on points alone (T8).",
        },
        right="nobody yet",
        rule_ids=("T8",),
        hints=(
            "Read the rule for winning a game of Cutthroat (T8): what happens when players end a hand level at the "
            "top?",
            "Both defenders have 11 after this hand, level at the top: is either of them ahead of the other?",
        ),
    ),
}
