"""The exercises of lesson 1, The cards and the bowers."""

from ...engine.language import N_
from ..exercises import TrickWinner, WhichSuit

# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice without
# naming the answer (tests/test_hints.py).
EXERCISES = {
    "q1": WhichSuit(
        "J♦",
        "♥",
        hints=(
            N_("Once trump is fixed, two jacks may change suit: the right bower and the left bower (C2)."),
            N_(
                "Diamonds and trump are both red, so J♦ is the left bower here. Does a left bower keep its printed "
                "suit?"
            ),
        ),
    ),
    "q2": WhichSuit(
        "J♠",
        "♥",
        hints=(
            N_(
                "Only two jacks change suit once trump is fixed: the jack of trump and the other jack of the same "
                "colour (C2)."
            ),
            N_("Trump is red here, and J♠ is black. Is J♠ one of the two bowers?"),
        ),
    ),
    "q3": TrickWinner(
        "A♥ J♦ K♥",
        "♥",
        hints=(
            N_("The highest trump played wins the trick (C13); remember which jacks are trumps (C2)."),
            N_(
                "All three cards are trumps here. Put them in the order of trump: right bower, left bower, then the "
                "ace."
            ),
        ),
    ),
    "q4": TrickWinner(
        "A♣ J♣ K♣",
        "♠",
        hints=(
            N_(
                "The highest trump played wins the trick (C13), and a left bower is a trump, not a card of its "
                "printed suit (C2)."
            ),
            N_(
                "Clubs were led, but with spades trump one of these clubs is really a spade, and any trump beats every "
                "club."
            ),
        ),
    ),
}
