"""The exercises of lesson 9, Partnership Euchre."""

from ...engine.rules import PARTNERSHIP
from ..exercises import Choice, Score

EXERCISES = {
    "q1": Choice(
        "Where does your partner sit in four-hand Euchre?",
        {
            "opposite": "partners sit opposite, so play alternates between the sides (F1).",
            "on your left": "your left is an opponent (F1).",
            "on your right": "your right is an opponent (F1).",
        },
        right="opposite",
        rule_ids=("F1",),
    ),
    "q2": Score(5, maker_alone=True, rules=PARTNERSHIP),
    "q3": Choice(
        "The maker goes alone in four-hand Euchre. Who sits out?",
        {
            "the maker's partner": "the partner lays the cards face down (F3).",
            "the dealer": "only the lone player's partner sits out (F3).",
            "nobody": "going alone means playing without your partner (F3).",
        },
        right="the maker's partner",
        rule_ids=("F3",),
    ),
    "q4": Choice(
        "Seats 1 and 3 have 9 points and euchre the makers. What happens?",
        {
            "seats 1 and 3 win the game": "a euchre pays the defenders 2 (F4): 11 points, and the first "
            "partnership to reach 10 wins (F5).",
            "they play on to 12": "Reaching 10 is enough: the first partnership to reach 10 wins (F5).",
            "the partner who took more tricks wins": "Partners share one score, whoever took the tricks, and "
            "win together (F5).",
        },
        right="seats 1 and 3 win the game",
        rule_ids=("F5", "F4"),
    ),
}
