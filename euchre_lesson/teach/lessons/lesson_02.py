"""The exercises of lesson 2, Dealing and bidding, round one."""

from ...engine.language import N_
from ...engine.rules import CUTTHROAT, RuleSet
from ..deals import deal_for
from ..exercises import Bid, Choice
from ..house_rules import class_rules

# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice; a wrong
# option's words say why that option fails and never name the right one (tests/test_hints.py).
PICK_UP_NUDGE = N_("The dealer's pick-up has a rule of its own (C7): read what it says after another player orders up.")


def up_card_question(rules: RuleSet) -> Choice:
    """Must the dealer take the up-card? Answered by the class's own rules (house_rules.json beside the lesson)."""
    ask = N_("Seat 0 orders the up-card up. Must the dealer take it into the hand?")
    if rules.dealer_must_pick_up:
        return Choice(
            ask,
            {
                N_("yes"): N_(
                    "your class's house rules make it a must: the dealer takes the up-card and discards (C7)."
                ),
                N_("no"): N_(
                    "Not in this class: its house rules make taking the up-card a must, whoever ordered it up; the "
                    "rule book alone would let the dealer choose (C7)."
                ),
            },
            right="yes",
            hints=(
                PICK_UP_NUDGE,
                N_(
                    "Your class plays with house rules, which change C7 for everyone in the class: what do they say "
                    "about the dealer and the up-card?"
                ),
            ),
            rule_ids=("C7",),
        )
    return Choice(
        ask,
        {
            N_("yes"): N_(
                "Not by the rule book: after another player orders it up, the dealer chooses whether to take "
                "it (C7); only a house rule can make it a must."
            ),
            N_("no"): N_("the dealer may take it and discard, or leave it; the suit is trump either way (C7)."),
        },
        right="no",
        hints=(
            PICK_UP_NUDGE,
            N_(
                "C7 tells two cases apart: the dealer accepting the card, and another player ordering it up. Taking "
                "the card is a must in only one of them."
            ),
        ),
        rule_ids=("C7",),
    )


EXERCISES = {
    "q1": Choice(
        N_("In four-hand Euchre, what does the dealer's partner say to accept the up-card?"),
        {
            N_("assist"): N_("the dealer's partner assists; the opponents order it up (C6, F2)."),
            N_("order it up"): N_(
                "Those are the words of the dealer's opponents; the dealer's partner has a word of its own (C6)."
            ),
            N_("accept"): N_("That is the dealer's own word, for taking the card the dealer turned up (C6)."),
        },
        right="assist",
        hints=(
            N_("In round one each seat has its own words for taking the up-card's suit as trump (C6)."),
            N_("The dealer's opponents order it up and the dealer accepts; the partner's word means helping."),
        ),
        rule_ids=("C6", "F2"),
    ),
    "q2": up_card_question(class_rules("cutthroat")),
    "q3": Bid(
        deal_for(CUTTHROAT, 2, 0, "J♥ J♦ A♥ K♠ A♣", "10♥", seed=1),
        accept=("order",),
        reason=N_("Both bowers and the ace of hearts: three sure tricks in hearts. Order it up."),
        hints=(
            N_(
                "Count your hand as the computer players do (C6): one for each trump, one more for each bower, one for "
                "each off-suit ace; in Cutthroat a count of 4 is worth a bid."
            ),
            N_("If hearts were trump, the J♦ would be a heart too: count your hearts, your bowers and your aces."),
        ),
    ),
    "q4": Bid(
        deal_for(CUTTHROAT, 2, 0, "9♣ 10♣ Q♦ 9♠ K♦", "A♥", seed=2),
        accept=("pass",),
        reason=N_("No heart at all and no ace: you would be euchred. Pass."),
        hints=(
            N_(
                "Count your hand as the computer players do (C6): one for each trump, one more for each bower, one for "
                "each off-suit ace; in Cutthroat a count of 4 is worth a bid."
            ),
            N_("If hearts were trump, how many of your cards would be trumps? And how many aces do you hold?"),
        ),
    ),
    "q5": Choice(
        N_("Cutthroat, with the 24-card deck: how many cards stay in the kitty after the deal?"),
        {
            "4": N_("three players and the dummy get five each, 20 cards; 4 of the 24 stay in the kitty (T2, C5)."),
            "9": N_("That leaves out the dummy: in Cutthroat it is dealt five cards, like each player (T2)."),
            "0": N_(
                "Not every card is dealt: each hand gets five cards, and the cards left over are the kitty (C5, T2)."
            ),
        },
        right="4",
        hints=(
            N_(
                "The deal gives five cards to each hand, the dummy's too, and the cards left over are the kitty (C5, "
                "T2)."
            ),
            N_("Count the hands that get five cards: three players, and one more. Take those cards away from the 24."),
        ),
        rule_ids=("T2", "C5"),
    ),
    "q6": Choice(
        N_('Cutthroat: the dealer\'s left passes and the next player says "I assist". What happens?'),
        {
            N_("that player orders it up"): N_(
                'In Cutthroat nobody bids with a partner, so "I assist" simply orders the '
                "card up: its suit is trump and that player is the maker (T3)."
            ),
            N_("the dealer must take the card"): N_(
                'Saying "I assist" does not force the dealer: after any order the '
                "dealer may take the up-card or leave it (C7)."
            ),
            N_("the dealer's partner helps"): N_(
                "In Cutthroat each player bids for themselves, so the dealer has no "
                "partner to help: the word is only copied from the four-hand game (T1, T3)."
            ),
        },
        right="that player orders it up",
        hints=(
            N_(
                "Cutthroat borrows the words of the four-hand game (T3): think what they mean with three players who "
                "each bid for themselves."
            ),
            N_(
                '"I assist" is one of the round-one words for taking the up-card\'s suit as trump. Said by a player '
                "who "
                "is not the dealer's partner, which of those words does it mean?"
            ),
        ),
        rule_ids=("T3", "T1", "C6", "C7"),
    ),
}
