"""The exercises of lesson 8, A game of Cutthroat."""

from ..exercises import Choice, LegalPlays, Score

EXERCISES = {
    "q1": Choice(
        "In Cutthroat, who are your partners?",
        {
            "nobody for long": "each plays for themselves; for one hand the two defenders play together (T1, T4).",
            "the player opposite": "That is four-hand Euchre (F1); in Cutthroat there are no fixed partners (T1).",
            "the dummy": "the dummy never plays; the maker may only take its cards (T5).",
        },
        right="nobody for long",
        rule_ids=("T1", "T4", "F1", "T5"),
    ),
    "q2": Score(4),
    "q3": LegalPlays(
        "A♠ J♠ 10♦ Q♦", "9♣", "♣", hints=("Clubs are trump and a club was led: which jack is a club now?",)
    ),
    "q4": Choice(
        "Cutthroat: a euchre takes seats 1 and 2 to 10 each, level at the top; seat 0 has 9. Later seat 0 "
        "marches to 12. Who wins?",
        {
            "nobody yet: only seats 1 and 2 can still win": "after a tie at the top only the tied players stay "
            "in contention; play goes on until one of them is "
            "ahead (T8).",
            "seat 0, with the highest score": "Seat 0 was below 10 when seats 1 and 2 tied, so it dropped out of "
            "contention: its points no longer win (T8).",
            "all three share the win": "Only the tied players stay in contention, and they share a win only "
            "under the house rule that lets them share it (T8).",
        },
        right="nobody yet: only seats 1 and 2 can still win",
        rule_ids=("T8",),
    ),
}
