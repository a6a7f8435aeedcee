"""The exercises of lesson 4, Maker, defenders and the dummy."""

from ..exercises import BestFive, Choice

# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice; a wrong
# option's words say why that option fails and never name the right one (tests/test_hints.py).
KEEP_NUDGE = (
    "The maker keeps the strongest five of ten (T5): every trump first, the bowers highest, then off-suit aces."
)

EXERCISES = {
    "q1": BestFive(
        "J♥ J♦ A♥ K♥ 9♥ A♠ 9♣ 10♣ Q♦ K♠",
        "♥",
        hints=(
            KEEP_NUDGE,
            "Count your trumps, the left bower among them. How many are there, and how many places does that leave "
            "for anything else?",
        ),
    ),
    "q2": BestFive(
        "J♠ A♠ 10♠ A♥ K♥ 9♦ 10♦ Q♣ K♣ 9♥",
        "♠",
        hints=(
            KEEP_NUDGE,
            "You hold three trumps. After them comes your one off-suit ace, then a card that keeps you to as few "
            "suits as possible, so that you are void in the others.",
        ),
    ),
    "q3": Choice(
        "When does the Cutthroat maker decide to go alone?",
        {
            "before seeing the dummy": (
                "the maker decides first; a maker who plays alone never sees the dummy (T5, T6)."
            ),
            "after seeing the dummy": "A maker who has seen the dummy's cards has already taken them, and going "
            "alone is the only way to leave the dummy: the choice cannot wait for a look (T5).",
        },
        right="before seeing the dummy",
        hints=(
            "T5 says what a maker who does not go alone does with the dummy.",
            "Once the maker has taken the dummy's five cards in hand, could the maker still leave them? So when must "
            "the choice be made?",
        ),
        rule_ids=("T5", "T6"),
    ),
}
