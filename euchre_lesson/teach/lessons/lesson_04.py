"""The exercises of lesson 4, Maker, defenders and the dummy."""

from ..exercises import BestFive, Choice

EXERCISES = {
    "q1": BestFive("J♥ J♦ A♥ K♥ 9♥ A♠ 9♣ 10♣ Q♦ K♠", "♥", hints=("Start with every trump; remember the left bower.",)),
    "q2": BestFive("J♠ A♠ 10♠ A♥ K♥ 9♦ 10♦ Q♣ K♣ 9♥", "♠", hints=("Trumps first, then off-suit aces.",)),
    "q3": Choice(
        "When does the Cutthroat maker decide to go alone?",
        {
            "before seeing the dummy": (
                "the maker decides first; a maker who plays alone never sees the dummy (T5, T6)."
            ),
            "after seeing the dummy": "the choice comes first, so going alone means giving up the dummy unseen (T5).",
        },
        right="before seeing the dummy",
        rule_ids=("T5", "T6"),
    ),
}
