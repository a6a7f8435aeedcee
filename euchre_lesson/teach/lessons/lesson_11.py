"""The exercises of lesson 11, Strategy with numbers."""

from ...engine.language import N_
from ...engine.rules import PARTNERSHIP
from ..deals import deal_for
from ..exercises import Bid, Choice, Filled

# The count of lessons 2 and 3, with the count partnership Euchre needs to make trump (its GameFacts).
COUNTING = N_(
    "Count as in lesson 2 (C6): each trump, each bower once more, and each off-suit ace; partnership Euchre needs "
    "a count of {count} to make trump."
)
COUNT = Filled(COUNTING, count=PARTNERSHIP.facts.make_trump_at)

EXERCISES = {
    "q1": Bid(
        deal_for(PARTNERSHIP, 3, 0, "J♠ A♠ K♠ A♥ 9♦", "10♠", seed=4),
        accept=("order",),
        reason=N_("The right bower and the ace and king of trump, with an off-suit ace: order up."),
        hints=(
            COUNT,
            N_(
                "With spades trump, which of your five are trumps, and is one of them a bower? Which aces are of "
                "another suit? Add them up."
            ),
        ),
    ),
    "q2": Bid(
        deal_for(PARTNERSHIP, 3, 0, "J♣ 9♠ 10♦ Q♦ 9♥", "A♠", seed=5),
        accept=("pass",),
        reason=N_(
            "Ordering the ace of spades hands it to the dealer; with only two trumps, the left bower and the 9♠, "
            "and no ace, pass."
        ),
        rule_ids=("C7",),
        hints=(
            Filled(
                N_(
                    "Count as in lesson 2 (C6): each trump, each bower once more, and each off-suit ace; partnership "
                    "Euchre needs a count of {count} to make trump. Think too of who takes the up-card (C7)."
                ),
                count=PARTNERSHIP.facts.make_trump_at,
            ),
            N_(
                "Who would pick up the A♠ if you ordered it? And with spades trump, how many trumps do you hold, the "
                "left bower included?"
            ),
        ),
    ),
    "q3": Choice(
        N_("You made trump and hold the right bower and two small trumps. What do you lead?"),
        {
            N_("the right bower"): N_("leading trump pulls the defenders' trumps so your aces stand up later (C12)."),
            N_("an off-suit ace"): N_(
                "While the defenders still hold trumps, an ace of another suit is often trumped and lost (C13)."
            ),
            N_("a small off-suit card"): N_(
                "A small card of another suit gives the lead away and pulls none of the defenders' trumps (C13)."
            ),
        },
        right="the right bower",
        rule_ids=("C12", "C13"),
        hints=(
            N_("Think of what a led trump does (C12): every player who holds a trump must play one."),
            N_(
                "Your other cards win only once the defenders have no trumps left to beat them: which lead makes them "
                "play their trumps, and loses to none of them?"
            ),
        ),
    ),
}
