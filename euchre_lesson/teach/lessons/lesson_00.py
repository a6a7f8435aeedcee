"""The exercises of lesson 0, Welcome to Euchre."""

from ..exercises import Choice

EXERCISES = {
    "q1": Choice(
        "How many cards are in a standard Euchre deck?",
        {
            "24": "the 9, 10, J, Q, K and A of four suits (C1).",
            "32": "That is a variant that adds the 7s and 8s (C1); the standard deck has 24.",
            "52": "That is a full deck; Euchre keeps only 9 to ace of each suit, 24 cards (C1).",
        },
        right="24",
        hints=("Count the ranks 9, 10, J, Q, K, A, then multiply by four suits.",),
        rule_ids=("C1",),
    ),
    "q2": Choice(
        "In Cutthroat, who may take the dummy's five cards into their hand?",
        {
            "the maker": "the maker takes the dummy's five, unless playing alone, and keeps the best five of ten (T5).",
            "the dealer": "the dealer has no claim on the dummy; only the maker takes it (T5).",
            "the dealer's left": "the first bidder has no claim on the dummy; only the maker takes it (T5).",
        },
        right="the maker",
        hints=("The dummy is a prize for whoever chooses trump.",),
        rule_ids=("T1", "T5"),
    ),
    "q3": Choice(
        "Who speaks first in the bidding?",
        {
            "the dealer": "the dealer speaks last (C6).",
            "the dealer's left": "bidding starts at the dealer's left and goes clockwise (C6).",
            "the dealer's right": "play goes clockwise, so the dealer's right speaks just before the dealer (C6).",
        },
        right="the dealer's left",
        hints=("The dealer is last to speak.",),
        rule_ids=("C6",),
    ),
}
