"""The exercises of lesson 4, Maker, defenders and the dummy."""

from ...engine.language import N_
from ..exercises import BestFive, Choice

# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice; a wrong
# option's words say why that option fails and never name the right one (tests/test_hints.py).
KEEP_NUDGE = N_(
    "The maker keeps the strongest five of ten (T5): every trump first, the bowers highest, then off-suit aces."
)

EXERCISES = {
    "q1": BestFive(
        "J♥ J♦ A♥ K♥ 9♥ A♠ 9♣ 10♣ Q♦ K♠",
        "♥",
        hints=(
            KEEP_NUDGE,
            N_(
                "Count your trumps, the left bower among them. How many are there, and how many places does that leave "
                "for anything else?"
            ),
        ),
    ),
    "q2": BestFive(
        "J♠ A♠ 10♠ A♥ K♥ 9♦ 10♦ Q♣ K♣ 9♥",
        "♠",
        hints=(
            KEEP_NUDGE,
            N_(
                "You hold three trumps. After them comes your one off-suit ace, then a card that keeps you to as few "
                "suits as possible, so that you are void in the others."
            ),
        ),
    ),
    "q3": Choice(
        N_("When does the Cutthroat maker decide to go alone?"),
        {
            N_("before seeing the dummy"): (
                N_("the maker decides first; a maker who plays alone never sees the dummy (T5, T6).")
            ),
            N_("after seeing the dummy"): N_(
                "A maker who has seen the dummy's cards has already taken them, and going "
                "alone is the only way to leave the dummy: the choice cannot wait for a look (T5)."
            ),
        },
        right="before seeing the dummy",
        hints=(
            N_("T5 says what a maker who does not go alone does with the dummy."),
            N_(
                "Once the maker has taken the dummy's five cards in hand, could the maker still leave them? So when "
                "must "
                "the choice be made?"
            ),
        ),
        rule_ids=("T5", "T6"),
    ),
}
