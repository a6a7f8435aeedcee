"""The exercises of lesson 2, Dealing and bidding, round one."""

from ...engine.rules import CUTTHROAT, RuleSet
from ..deals import deal_for
from ..exercises import Bid, Choice
from ..house_rules import class_rules


def up_card_question(rules: RuleSet) -> Choice:
    """Must the dealer take the up-card? Answered by the class's own rules (house_rules.json beside the lesson)."""
    ask = "Seat 0 orders the up-card up. Must the dealer take it into the hand?"
    if rules.dealer_must_pick_up:
        return Choice(
            ask,
            {
                "yes": "your class's house rules make it a must: the dealer takes the up-card and discards (C7).",
                "no": "Not in this class: its house rules make the dealer take the up-card and discard; the rule book "
                "alone would give the dealer the choice (C7).",
            },
            right="yes",
            rule_ids=("C7",),
        )
    return Choice(
        ask,
        {
            "yes": "Not by default: the rule book gives the dealer the choice (C7); a house rule can make it a must.",
            "no": "the dealer may take it and discard, or leave it; the suit is trump either way (C7).",
        },
        right="no",
        rule_ids=("C7",),
    )


EXERCISES = {
    "q1": Choice(
        "In four-hand Euchre, what does the dealer's partner say to accept the up-card?",
        {
            "assist": "the dealer's partner assists; the opponents order it up (C6, F2).",
            "order it up": "That is what the dealer's opponents say; the partner assists (C6).",
            "accept": "That is the dealer's own word; the partner assists (C6).",
        },
        right="assist",
        rule_ids=("C6", "F2"),
    ),
    "q2": up_card_question(class_rules("cutthroat")),
    "q3": Bid(
        deal_for(CUTTHROAT, 2, 0, "J♥ J♦ A♥ K♠ A♣", "10♥", seed=1),
        accept=("order",),
        reason="Both bowers and the ace of hearts: three sure tricks in hearts. Order it up.",
    ),
    "q4": Bid(
        deal_for(CUTTHROAT, 2, 0, "9♣ 10♣ Q♦ 9♠ K♦", "A♥", seed=2),
        accept=("pass",),
        reason="No heart at all and no ace: you would be euchred. Pass.",
    ),
    "q5": Choice(
        "Cutthroat, with the 24-card deck: how many cards stay in the kitty after the deal?",
        {
            "4": "three players and the dummy get five each, 20 cards; 4 of the 24 stay in the kitty (T2, C5).",
            "9": "That forgets the dummy: it gets five cards too, so only 4 stay in the kitty (T2).",
            "0": "Not every card is dealt: five each to three players and the dummy is 20, and 4 stay (T2).",
        },
        right="4",
        hints=("Count the hands that get five cards: three players, and one more.",),
        rule_ids=("T2", "C5"),
    ),
    "q6": Choice(
        'Cutthroat: the dealer\'s left passes and the next player says "I assist". What happens?',
        {
            "that player orders it up": 'In Cutthroat nobody has a partner, so "I assist" simply orders the '
            "card up: its suit is trump and that player is the maker (T3).",
            "the dealer must take the card": "The dealer may take the up-card or leave it, as after any order "
            '(C7); "I assist" orders the card up and that player is the '
            "maker (T3).",
            "the dealer's partner helps": "Nobody bids with a partner in Cutthroat: the word is copied from the "
            "four-hand game, and it orders the card up (T3).",
        },
        right="that player orders it up",
        rule_ids=("T3", "C6", "C7"),
    ),
}
