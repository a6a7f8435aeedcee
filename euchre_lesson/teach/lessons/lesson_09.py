"""The exercises of lesson 9, Partnership Euchre."""

from ...engine.language import N_
from ...engine.rules import PARTNERSHIP
from ..exercises import Choice, Score

EXERCISES = {
    "q1": Choice(
        N_("Where does your partner sit in four-hand Euchre?"),
        {
            N_("opposite"): N_("partners sit opposite, so play alternates between the sides (F1)."),
            N_("on your left"): N_("your left is an opponent (F1)."),
            N_("on your right"): N_("your right is an opponent (F1)."),
        },
        right="opposite",
        rule_ids=("F1",),
        hints=(
            N_("Think of how four-hand Euchre seats its two partnerships (F1)."),
            N_("Play goes clockwise, and at every trick the two sides take turns: which seat is never next to you?"),
        ),
    ),
    "q2": Score(
        5,
        maker_alone=True,
        rules=PARTNERSHIP,
        hints=(
            N_(
                "Partnership Euchre has a table of its own (F4): read it from the top and take the first row that fits."
            ),
            N_(
                "The maker went alone and took all five tricks: find the row of a lone march, which pays more than a "
                "march with a partner."
            ),
        ),
    ),
    "q3": Choice(
        N_("The maker goes alone in four-hand Euchre. Who sits out?"),
        {
            N_("the maker's partner"): N_("the partner lays the cards face down (F3)."),
            N_("the dealer"): N_(
                "Dealing decides nothing here: who sits out depends on who went alone, not on who dealt (F3)."
            ),
            N_("nobody"): N_(
                "Going alone means one player plays the hand against both opponents, so one player's cards "
                "stay out of play (F3)."
            ),
        },
        right="the maker's partner",
        rule_ids=("F3",),
        hints=(
            N_("Read the rule for going alone in four-hand Euchre (F3): whose cards are laid face down?"),
            N_("Going alone means playing without any help from your own side: whose help does the maker do without?"),
        ),
    ),
    "q4": Choice(
        N_("Seats 1 and 3 have 9 points and euchre the makers. What happens?"),
        {
            N_("seats 1 and 3 win the game"): N_(
                "a euchre pays the defenders 2 (F4): 11 points, and the first partnership to reach 10 wins (F5)."
            ),
            N_("they play on to 12"): N_("No game of these lessons is played to 12: the target is 10 points (F5)."),
            N_("the partner who took more tricks wins"): N_(
                "Partners share one score, whoever took the tricks: nobody wins alone inside a partnership (F5)."
            ),
        },
        right="seats 1 and 3 win the game",
        rule_ids=("F5", "F4"),
        hints=(
            N_("Two rules meet here: what a euchre pays the defenders (F4), and how many points win the game (F5)."),
            N_("Add the euchre's points to their 9: is that enough to win?"),
        ),
    ),
}
