"""The exercises of lesson 5, Going alone."""

from ...engine.rules import PARTNERSHIP
from ..exercises import Choice, Score

EXERCISES = {
    "q1": Score(5, maker_alone=True, hints=("Look for the lone-maker row of the Cutthroat table.",)),
    "q2": Score(5, maker_alone=True, rules=PARTNERSHIP),
    "q3": Choice(
        "The maker, in seat 1, goes alone in Cutthroat. Who leads the first trick?",
        {
            "the player on the maker's left": "after a lone player, the player to that player's left leads (C11).",
            "the player on the dealer's left": "That is the rule when nobody goes alone (C11).",
            "the maker": "the lead goes to the lone player's left (C11).",
        },
        right="the player on the maker's left",
        rule_ids=("C11",),
    ),
    "q4": Choice(
        "Cutthroat: the maker goes alone. What happens to the dummy?",
        {
            "it stays aside, out of play": "a lone maker plays without help, and the dummy's five stay out of the "
            "hand (T6).",
            "the maker takes it as usual": "Going alone is the only way to leave the dummy: a lone maker does not "
            "use it (T5, T6).",
            "the other players share it": "Only a maker who does not go alone takes the dummy; nobody else ever "
            "does (T5, T6).",
        },
        right="it stays aside, out of play",
        hints=("Going alone means playing without help.",),
        rule_ids=("T6", "T5"),
    ),
    "q5": Choice(
        "Trump is fixed and the dealer has discarded. Who says first whether they go alone?",
        {
            "the maker": "the maker announces first; the others are asked after, in the order C10 gives (C10).",
            "the dealer's left": "The announcements start with the maker, wherever the maker sits; the "
            "dealer's left only leads first when nobody goes alone (C10, C11).",
            "the dealer": "The dealer has no say unless the dealer is the maker: the maker announces first (C10).",
        },
        right="the maker",
        rule_ids=("C10", "C11"),
    ),
    "q6": Choice(
        "Cutthroat: a defender goes alone. What does the other defender do?",
        {
            "sits out, cards face down": "a lone defender plays without help, so the other defender sits out (T6).",
            "plays as usual": "Going alone means playing without help: the other defender sits out (T6).",
            "takes the dummy": "Only a maker who does not go alone takes the dummy (T5); the other defender "
            "sits out (T6).",
        },
        right="sits out, cards face down",
        rule_ids=("T6", "T5"),
    ),
    "q7": Choice(
        "Four-hand: seat 1 made trump and stays. Who is asked next whether to go alone?",
        {
            "seat 3, the maker's partner": "if the maker stays, the maker's partner may go alone instead; then "
            "the defenders are asked (C10, F3).",
            "seat 2, the next player": "The maker's side speaks first: after the maker, the maker's partner (C10, F3).",
            "nobody: only the maker may go alone": "In the four-hand game the maker's partner may go alone too "
            "(C10, F3); only a club's house rule forbids it.",
        },
        right="seat 3, the maker's partner",
        rule_ids=("C10", "F3"),
    ),
    "q8": Choice(
        "Four-hand, seat 0 deals. Seat 1 makes trump and goes alone; seat 2 stays; seat 0, the "
        "dealer, goes alone too. Who leads the first trick?",
        {
            "seat 0, the lone defender": "when two players go alone, the lone defender leads (C11).",
            "seat 1, on the dealer's left": "That is the lead when nobody goes alone; when two go alone, the "
            "lone defender leads (C11).",
            "seat 2, on the maker's left": "Seat 2 sits out, as the lone defender's partner; when two go alone, "
            "the lone defender leads (C11).",
        },
        right="seat 0, the lone defender",
        rule_ids=("C11",),
    ),
}
