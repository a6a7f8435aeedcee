"""The exercises of lesson 3, Round two, the throw-in and stick the dealer."""

from ...engine.hand import HandState
from ...engine.rules import CUTTHROAT
from ..deals import deal_for
from ..exercises import Bid, Choice


def _round_two(state: HandState) -> HandState:
    """The same hand after everyone passes round one."""
    for _ in range(state.players):
        state = state.apply("pass")
    return state


# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice; a wrong
# option's words say why that option fails and never name the right one (tests/test_hints.py).
EXERCISES = {
    "q1": Choice(
        "Round one went round with everyone passing; the up-card was 9♣. May you now name clubs?",
        {
            "yes": "Not under the rule these lessons play by: the suit turned down is out for this hand (C8).",
            "no": "the suit turned down is out for this hand (C8).",
        },
        right="no",
        hints=(
            "Round two has a rule about the suit of the card just turned face down (C8).",
            "Everyone passed on clubs in round one, and the 9♣ was turned face down. Is that suit still on offer?",
        ),
        rule_ids=("C8",),
    ),
    "q2": Choice(
        "Everyone passes in round two too. What happens?",
        {
            "the dealer must name a suit": "Only with the stick-the-dealer house rule, which these lessons leave "
            "off unless a class turns it on (C9).",
            "the hand is thrown in": "the cards are gathered and the next dealer deals (C9).",
            "the up-card's suit is trump": "That suit was turned down after round one and is out for this hand (C8).",
        },
        right="the hand is thrown in",
        hints=(
            "C9 says what happens when nobody names trump in either round.",
            "Nobody became the maker, so nobody plays to take three tricks. Can the hand be played at all?",
        ),
        rule_ids=("C9", "C8"),
    ),
    "q3": Bid(
        _round_two(deal_for(CUTTHROAT, 2, 0, "J♠ J♣ A♠ K♠ 9♦", "10♥", seed=3)),
        accept=("call ♠",),
        reason="Both bowers, the ace and king of spades: call spades.",
        hints=(
            "In round two you may name any suit but the turned-down one (C8): count your hand for each suit you "
            "could name, as the computer players do in round one.",
            "You hold both black jacks. Which suit would make them both bowers, and how many other cards of it "
            "do you hold?",
        ),
    ),
    "q4": Choice(
        "Three players: seat 2 dealt, and everyone passed twice. Who deals the next hand?",
        {
            "seat 0": "the deal passes to the left, the next seat clockwise, after every hand, a throw-in "
            "too: after seat 2 comes seat 0 (C4, C9).",
            "seat 2 again": "A throw-in does not keep the deal: the deal passes to the left after every hand (C4, C9).",
            "seat 1": "Seat 1 sits on seat 2's right, and the deal moves the other way, to the left (C4).",
        },
        right="seat 0",
        hints=(
            "After every hand, a throw-in too, the deal passes to the left (C4, C9).",
            "Seats are numbered clockwise, so the seat on your left has the next number; after the last seat, the "
            "numbers start again.",
        ),
        rule_ids=("C4", "C9"),
    ),
}
