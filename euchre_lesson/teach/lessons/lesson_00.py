"""The exercises of lesson 0, Welcome to Euchre."""

from ..exercises import Choice

# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice; a wrong
# option's words say why that option fails and never name the right one (tests/test_hints.py).
EXERCISES = {
    "q1": Choice(
        "How many cards are in a standard Euchre deck?",
        {
            "24": "the 9, 10, J, Q, K and A of four suits: six cards in each suit, 24 in all (C1).",
            "32": "That deck adds the 7s and 8s, a variant some tables play (C1); the standard deck starts at the 9.",
            "52": "That is the full pack of cards; Euchre leaves out every card below the 9 (C1).",
        },
        right="24",
        hints=(
            "Euchre plays with a small deck: only the high cards of each suit (C1).",
            "Count the ranks 9, 10, J, Q, K and A, then multiply by the four suits.",
        ),
        rule_ids=("C1",),
    ),
    "q2": Choice(
        "In Cutthroat, who may take the dummy's five cards into their hand?",
        {
            "the maker": "the maker takes the dummy's five, unless playing alone, and keeps the best five of ten (T5).",
            "the dealer": "Dealing the cards wins no prize: the dummy is won in the bidding, whoever dealt (T5).",
            "the dealer's left": "Speaking first in the bidding wins nothing by itself: the dummy goes to the "
            "player who wins the bidding, wherever that player sits (T5).",
        },
        right="the maker",
        hints=(
            "The dummy is a prize, and the bidding decides who wins it (T1, T5).",
            "The dummy does not go to a seat fixed by the deal: it rewards a choice made in the bidding.",
        ),
        rule_ids=("T1", "T5"),
    ),
    "q3": Choice(
        "Who speaks first in the bidding?",
        {
            "the dealer": "The dealer speaks last, after everyone else has had a say (C6).",
            "the dealer's left": "bidding starts at the dealer's left and goes clockwise (C6).",
            "the dealer's right": "Going clockwise, the dealer's right speaks just before the dealer: near the end, "
            "not first (C6).",
        },
        right="the dealer's left",
        hints=(
            "The bidding goes round the table clockwise, like everything in Euchre (C6).",
            "The dealer speaks last. Going clockwise, whose turn comes just after the dealer?",
        ),
        rule_ids=("C6",),
    ),
}
