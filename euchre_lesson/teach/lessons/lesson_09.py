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
        hints=(
            "Think of how four-hand Euchre seats its two partnerships (F1).",
            "Play goes clockwise, and at every trick the two sides take turns: which seat is never next to you?",
        ),
    ),
    "q2": Score(
        5,
        maker_alone=True,
        rules=PARTNERSHIP,
        hints=(
            "Partnership Euchre has a table of its own (F4): read it from the top and take the first row that fits.",
            "The maker went alone and took all five tricks: find the row of a lone march, which pays more than a "
            "march with a partner.",
        ),
    ),
    "q3": Choice(
        "The maker goes alone in four-hand Euchre. Who sits out?",
        {
            "the maker's partner": "the partner lays the cards face down (F3).",
            "the dealer": "Dealing decides nothing here: who sits out depends on who went alone, not on who dealt "
            "(F3).",
            "nobody": "Going alone means one player plays the hand against both opponents, so one player's cards "
            "stay out of play (F3).",
        },
        right="the maker's partner",
        rule_ids=("F3",),
        hints=(
            "Read the rule for going alone in four-hand Euchre (F3): whose cards are laid face down?",
            "Going alone means playing without any help from your own side: whose help does the maker do without?",
        ),
    ),
    "q4": Choice(
        "Seats 1 and 3 have 9 points and euchre the makers. What happens?",
        {
            "seats 1 and 3 win the game": "a euchre pays the defenders 2 (F4): 11 points, and the first "
            "partnership to reach 10 wins (F5).",
            "they play on to 12": "No game of these lessons is played to 12: the target is 10 points (F5).",
            "the partner who took more tricks wins": "Partners share one score, whoever took the tricks: nobody "
            "wins alone inside a partnership (F5).",
        },
        right="seats 1 and 3 win the game",
        rule_ids=("F5", "F4"),
        hints=(
            "Two rules meet here: what a euchre pays the defenders (F4), and how many points win the game (F5).",
            "Add the euchre's points to their 9: is that enough to win?",
        ),
    ),
}
