"""The exercises of lesson 10, Variants and house rules."""

from ..exercises import Choice, TrickWinner, WhichSuit

EXERCISES = {
    "q1": WhichSuit("Joker", "♣", hints=("The joker has no suit of its own.",)),
    "q2": TrickWinner("J♣ Joker A♣", "♣"),
    "q3": Choice(
        "How many cards are left in the kitty with the 32-card deck in Cutthroat?",
        {
            "4": "That is the 24-card deck (C5).",
            "12": "32 cards less 5 for each of three players and the dummy (C5).",
            "5": "That is the 25-card deck with the joker (C5).",
        },
        right="12",
        rule_ids=("C5", "C1", "T2"),
    ),
}
