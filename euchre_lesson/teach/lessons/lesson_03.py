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


EXERCISES = {
    "q1": Choice(
        "Round one went round with everyone passing; the up-card was 9♣. May you now name clubs?",
        {
            "yes": "Not by the default rule: the turned-down suit may not be named (C8).",
            "no": "the suit turned down is out for this hand (C8).",
        },
        right="no",
        rule_ids=("C8",),
    ),
    "q2": Choice(
        "Everyone passes in round two too. What happens?",
        {
            "the dealer must name a suit": "Only with the stick-the-dealer house rule (C9).",
            "the hand is thrown in": "the cards are gathered and the next dealer deals (C9).",
            "the up-card's suit is trump": "that suit was turned down (C8); the hand is thrown in (C9).",
        },
        right="the hand is thrown in",
        rule_ids=("C9", "C8"),
    ),
    "q3": Bid(
        _round_two(deal_for(CUTTHROAT, 2, 0, "J♠ J♣ A♠ K♠ 9♦", "10♥", seed=3)),
        accept=("call ♠",),
        reason="Both bowers, the ace and king of spades: call spades.",
    ),
    "q4": Choice(
        "Three players: seat 2 dealt, and everyone passed twice. Who deals the next hand?",
        {
            "seat 0": "the deal passes to the left, the next seat clockwise, after every hand, a throw-in "
            "too: after seat 2 comes seat 0 (C4, C9).",
            "seat 2 again": "A throw-in does not keep the deal: it passes to the left after every hand, so "
            "seat 0 deals (C4, C9).",
            "seat 1": "Seat 1 sits on seat 2's right. The deal passes to the left, the next seat clockwise, so "
            "after seat 2 comes seat 0 (C4).",
        },
        right="seat 0",
        hints=("Seats are numbered clockwise, and the last seat has seat 0 on its left.",),
        rule_ids=("C4", "C9"),
    ),
}
