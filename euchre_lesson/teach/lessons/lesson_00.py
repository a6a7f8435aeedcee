"""The exercises of lesson 0, Welcome to Euchre."""

from ...engine.language import N_
from ..exercises import Choice

# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice; a wrong
# option's words say why that option fails and never name the right one (tests/test_hints.py).
EXERCISES = {
    "q1": Choice(
        N_("How many cards are in a standard Euchre deck?"),
        {
            "24": N_("the 9, 10, J, Q, K and A of four suits: six cards in each suit, 24 in all (C1)."),
            "32": N_(
                "That deck adds the 7s and 8s, a variant some tables play (C1); the standard deck starts at the 9."
            ),
            "52": N_("That is the full pack of cards; Euchre leaves out every card below the 9 (C1)."),
        },
        right="24",
        hints=(
            N_("Euchre plays with a small deck: only the high cards of each suit (C1)."),
            N_("Count the ranks 9, 10, J, Q, K and A, then multiply by the four suits."),
        ),
        rule_ids=("C1",),
    ),
    "q2": Choice(
        N_("In Cutthroat, who may take the dummy's five cards into their hand?"),
        {
            N_("the maker"): N_(
                "the maker takes the dummy's five, unless playing alone, and keeps the best five of ten (T5)."
            ),
            N_("the dealer"): N_(
                "Dealing the cards wins no prize: the dummy is won in the bidding, whoever dealt (T5)."
            ),
            N_("the dealer's left"): N_(
                "Speaking first in the bidding wins nothing by itself: the dummy goes to the "
                "player who wins the bidding, wherever that player sits (T5)."
            ),
        },
        right="the maker",
        hints=(
            N_("The dummy is a prize, and the bidding decides who wins it (T1, T5)."),
            N_("The dummy does not go to a seat fixed by the deal: it rewards a choice made in the bidding."),
        ),
        rule_ids=("T1", "T5"),
    ),
    "q3": Choice(
        N_("Who speaks first in the bidding?"),
        {
            N_("the dealer"): N_("The dealer speaks last, after everyone else has had a say (C6)."),
            N_("the dealer's left"): N_("bidding starts at the dealer's left and goes clockwise (C6)."),
            N_("the dealer's right"): N_(
                "Going clockwise, the dealer's right speaks just before the dealer: near the end, not first (C6)."
            ),
        },
        right="the dealer's left",
        hints=(
            N_("The bidding goes round the table clockwise, like everything in Euchre (C6)."),
            N_("The dealer speaks last. Going clockwise, whose turn comes just after the dealer?"),
        ),
        rule_ids=("C6",),
    ),
}
