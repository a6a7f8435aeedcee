"""The exercises of lesson 8, A game of Cutthroat."""

from ...engine.language import N_
from ..exercises import Choice, LegalPlays, Score

EXERCISES = {
    "q1": Choice(
        N_("In Cutthroat, who are your partners?"),
        {
            N_("nobody for long"): N_(
                "each plays for themselves; for one hand the two defenders play together (T1, T4)."
            ),
            N_("the player opposite"): N_(
                "Sitting opposite makes partners in four-hand Euchre (F1); Cutthroat's three "
                "players sit on three sides of the table, and no one sits opposite you (T1)."
            ),
            N_("the dummy"): N_("the dummy never plays; the maker may only take its cards (T5)."),
        },
        right="nobody for long",
        rule_ids=("T1", "T4", "F1", "T5"),
        hints=(
            N_("Think of how Cutthroat is played (T1): three players, and who is on whose side?"),
            N_(
                "The maker plays against the other two for one hand (T4), and the next hand may have another maker: "
                "does any side last a whole game?"
            ),
        ),
    ),
    "q2": Score(
        4,
        hints=(
            N_("Scoring is a table: read the Cutthroat table (T7) from the top and take the first row that fits."),
            N_("Four tricks are more than the three the maker promised, but not all five: which row says just that?"),
        ),
    ),
    "q3": LegalPlays(
        "A♠ J♠ 10♦ Q♦",
        "9♣",
        "♣",
        hints=(
            N_("You must follow the suit led if you can (C12), and the left bower belongs to the trump suit (C2)."),
            N_("Clubs are trump and a club was led: which jack is a club now?"),
        ),
    ),
    "q4": Choice(
        N_(
            "Cutthroat: a euchre takes seats 1 and 2 to 10 each, level at the top; seat 0 has 9. Later seat 0 "
            "marches to 12. Who wins?"
        ),
        {
            N_("nobody yet: only seats 1 and 2 can still win"): N_(
                "after a tie at the top only the tied players stay "
                "in contention; play goes on until one of them is "
                "ahead (T8)."
            ),
            N_("seat 0, with the highest score"): N_(
                "Seat 0 was below 10 when seats 1 and 2 tied, so it dropped out of "
                "contention: its points no longer win (T8)."
            ),
            N_("all three share the win"): N_(
                "Sharing a win is a house rule, and even then only players level at the "
                "top share it: seat 0 was not level with them (T8)."
            ),
        },
        right="nobody yet: only seats 1 and 2 can still win",
        rule_ids=("T8",),
        hints=(
            N_("Read the rule for winning a game of Cutthroat (T8): after a tie at the top, who stays in contention?"),
            N_("Where was seat 0 when seats 1 and 2 tied at 10? A player below 10 then did not reach 10 first."),
        ),
    ),
}
