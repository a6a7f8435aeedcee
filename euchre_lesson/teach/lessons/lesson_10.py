"""The exercises of lesson 10, Variants and house rules."""

from ...engine.language import N_
from ..exercises import Choice, TrickWinner, WhichSuit

EXERCISES = {
    "q1": WhichSuit(
        "Joker",
        "♣",
        hints=(
            N_("Read the rule for the 25-card deck's extra card (C3)."),
            N_(
                "The joker has no suit of its own: like the bowers, it joins one suit once trump is fixed. Which suit "
                "do the bowers join?"
            ),
        ),
    ),
    "q2": TrickWinner(
        "J♣ Joker A♣",
        "♣",
        hints=(
            N_(
                "The highest trump played wins the trick (C13); the 25-card deck's extra card has a rank of its own "
                "(C3)."
            ),
            N_("All three cards of this trick are trumps: which of them is highest with the 25-card deck?"),
        ),
    ),
    "q3": Choice(
        N_("How many cards are left in the kitty with the 32-card deck in Cutthroat?"),
        {
            "4": N_("Four is the kitty of the 24-card deck; the 32-card deck adds the 7s and 8s (C1, C5)."),
            "12": N_("32 cards less 5 for each of three players and the dummy (C5)."),
            "5": N_("That is the 25-card deck with the joker (C5)."),
        },
        right="12",
        rule_ids=("C5", "C1", "T2"),
        hints=(
            N_("The kitty is what is left after the deal (C5): count the cards dealt."),
            N_("Cutthroat deals five cards to each of three players and five to the dummy (T2): take those from 32."),
        ),
    ),
}
