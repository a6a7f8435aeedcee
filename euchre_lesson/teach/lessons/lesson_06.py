"""The exercises of lesson 6, Playing tricks."""

from ...engine.language import N_
from ..exercises import Choice, LegalPlays, TrickWinner

# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice; a wrong
# option's words say why that option fails and never name the right one (tests/test_hints.py).
EXERCISES = {
    "q1": LegalPlays(
        "J♦ A♥ 9♣ K♠ Q♥",
        "K♥",
        "♥",
        hints=(
            N_("You must follow suit if you can (C12), and the left bower belongs to trump (C2)."),
            N_(
                "A heart was led and hearts are trump: every heart you hold must be played, if you can, and the other "
                "red jack counts as a heart."
            ),
        ),
    ),
    "q2": LegalPlays(
        "J♣ A♣ 9♦ K♥",
        "K♣",
        "♠",
        hints=(
            N_(
                "You must follow suit if you can (C12), and the left bower is a trump, not a card of its printed "
                "suit (C2)."
            ),
            N_("With spades trump, the J♣ is a spade. Which of your cards are still clubs?"),
        ),
    ),
    "q3": TrickWinner(
        "K♦ 9♥ A♦",
        "♣",
        hints=(
            N_("The highest trump wins the trick; with no trump in it, the highest card of the suit led wins (C13)."),
            N_(
                "Clubs are trump, and no club was played. The 9♥ is not of the suit led; of the two other cards, "
                "which ranks higher?"
            ),
        ),
    ),
    "q4": Choice(
        N_("Who leads the second trick?"),
        {
            N_("the winner of the first trick"): N_("the winner of a trick leads the next (C13)."),
            N_("the dealer's left"): N_(
                "The dealer's left leads only the first trick, and only when nobody goes alone "
                "(C11); the later tricks are led another way (C13)."
            ),
            N_("the maker"): N_(
                "Making trump gives no right to lead: after the first trick the lead is earned in each trick (C13)."
            ),
        },
        right="the winner of the first trick",
        hints=(
            N_("C13 says who leads each trick after the first."),
            N_("The lead of the next trick is a reward for something done in the trick before."),
        ),
        rule_ids=("C13", "C11"),
    ),
    "q5": Choice(
        N_("Hearts were led. You hold K♥ and A♠, and you click the A♠. What happens?"),
        {
            N_("the A♠ is refused and nothing changes"): N_(
                "a move against the rules is refused with the rule it "
                "breaks (here C12: you hold a heart, so you must follow), and "
                "the game waits for a legal card (C14)."
            ),
            N_("the A♠ is played and loses"): N_(
                "A card against the rules never reaches the table, so it cannot lose "
                "a trick (C14): you hold a heart, so you must follow suit (C12)."
            ),
            N_("you lose a point"): N_(
                "Nobody loses points for trying a card against the rules: points come only "
                "from the tricks a side takes (C14)."
            ),
        },
        right="the A♠ is refused and nothing changes",
        hints=(
            N_("C14 says what happens to any move against the rules."),
            N_(
                "You hold a heart, so you must follow suit (C12). Does the game let a card against the rules onto "
                "the table at all?"
            ),
        ),
        rule_ids=("C14", "C12"),
    ),
}
