"""The exercises of lesson 7, Scoring and winning."""

from ...engine.rules import PARTNERSHIP
from ..exercises import Choice, Score

EXERCISES = {
    "q1": Score(3),
    "q2": Score(2, who="defenders"),
    "q3": Score(5, rules=PARTNERSHIP),
    "q4": Choice(
        "Cutthroat: both defenders reach 11 on the same hand. Who wins?",
        {
            "both": "Only with the house rule that lets the level players share the win (T8).",
            "nobody yet": "level at the top, only the two tied players stay in contention, and hands go on "
            "until one of them is ahead (T8).",
            "the dealer": "the dealer has no special claim; hands go on until one is ahead (T8).",
        },
        right="nobody yet",
        rule_ids=("T8",),
    ),
}
