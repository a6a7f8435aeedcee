"""The exercises of lesson 11, Strategy with numbers."""

from ...engine.rules import PARTNERSHIP
from ..deals import deal_for
from ..exercises import Bid, Choice

EXERCISES = {
    "q1": Bid(
        deal_for(PARTNERSHIP, 3, 0, "J♠ A♠ K♠ A♥ 9♦", "10♠", seed=4),
        accept=("order",),
        reason="The right bower and the ace and king of trump, with an off-suit ace: order up.",
    ),
    "q2": Bid(
        deal_for(PARTNERSHIP, 3, 0, "J♣ 9♠ 10♦ Q♦ 9♥", "A♠", seed=5),
        accept=("pass",),
        reason="Ordering the ace of spades hands it to the dealer; with only two trumps, the left bower and the 9♠, "
        "and no ace, pass.",
        hints=("Who would pick up the A♠ if you ordered it?",),
    ),
    "q3": Choice(
        "You made trump and hold the right bower and two small trumps. What do you lead?",
        {
            "the right bower": "leading trump pulls the defenders' trumps so your aces stand up later.",
            "an off-suit ace": "Often trumped: the defenders still hold trumps. Lead trump first as maker.",
            "a small off-suit card": "That gives the lead away cheaply; the maker usually leads trump.",
        },
        right="the right bower",
    ),
}
