"""The exercises of lesson 3, Round two, the throw-in and stick the dealer."""

from ...engine.hand import HandState
from ...engine.language import N_
from ...engine.rules import CUTTHROAT, RuleSet
from ..deals import deal_for
from ..exercises import Bid, Choice
from ..house_rules import class_rules


def _round_two(state: HandState) -> HandState:
    """The same hand after everyone passes round one."""
    for _ in range(state.players):
        state = state.apply("pass")
    return state


# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice; a wrong
# option's words say why that option fails and never name the right one (tests/test_hints.py).
# Questions 1, 2 and 4 ask what the class's own rules say (house_rules.json beside the lesson, as lesson 2's q2 does):
# a class may let the turned-down suit be named (C8) or stick the dealer (C9), and the answer follows.
TURNED_DOWN = N_("Round one went round with everyone passing; the up-card was 9♣. May you now name clubs?")


# Who deals next, by place (the lesson's table says "seat 1, on the dealer's left"), not by a seat's number alone.
LEFT = N_("the player on the dealer's left")
AGAIN = N_("the dealer again")
RIGHT = N_("the player on the dealer's right")


def turned_suit_question(rules: RuleSet) -> Choice:
    """May the turned-down suit be named in round two? Answered by the class's rules (C8)."""
    nudge = N_("Round two has a rule about the suit of the card just turned face down (C8).")
    if rules.may_name_turned_suit:
        return Choice(
            TURNED_DOWN,
            {
                N_("yes"): N_(
                    "your class's house rules let any suit be named in round two, the turned-down one too (C8)."
                ),
                N_("no"): N_(
                    "Not in this class: its house rules let the turned-down suit be named; the rule book alone "
                    "would keep it out (C8)."
                ),
            },
            right="yes",
            hints=(
                nudge,
                N_(
                    "Your class plays with house rules, which can change C8 for everyone in the class: what do they "
                    "say about the turned-down suit?"
                ),
            ),
            rule_ids=("C8",),
        )
    return Choice(
        TURNED_DOWN,
        {
            N_("yes"): N_(
                "Not under the rule book's C8, which your class keeps: the suit turned down is out for this hand."
            ),
            N_("no"): N_("the suit turned down is out for this hand (C8)."),
        },
        right="no",
        hints=(
            nudge,
            N_("Everyone passed on clubs in round one, and the 9♣ was turned face down. Is that suit still on offer?"),
        ),
        rule_ids=("C8",),
    )


def all_pass_question(rules: RuleSet) -> Choice:
    """What happens when nobody names trump in round two: a throw-in, or the stuck dealer names one (C9)."""
    up_card = (
        N_("Nobody has named it: in round two a suit is trump only when a player names it (C8).")
        if rules.may_name_turned_suit
        else N_("That suit was turned down after round one and is out for this hand (C8).")
    )
    if rules.stick_the_dealer:
        return Choice(
            N_("In round two every player before the dealer passes. What happens?"),
            {
                N_("the dealer must name a suit"): N_(
                    "your class sticks the dealer: the dealer may not pass in round two and names a suit (C9)."
                ),
                N_("the hand is thrown in"): N_(
                    "Not in this class: its house rules stick the dealer, so round two cannot "
                    "end with everyone passing; the rule book alone would throw the hand in (C9)."
                ),
                N_("the up-card's suit is trump"): up_card,
            },
            right="the dealer must name a suit",
            hints=(
                N_(
                    "C9 says what happens when nobody names trump, and names a variant your class's house rules turn "
                    "on."
                ),
                N_("The dealer has not spoken yet in round two. May the dealer pass in your class?"),
            ),
            rule_ids=("C9", "C8"),
        )
    return Choice(
        N_("Everyone passes in round two too. What happens?"),
        {
            N_("the dealer must name a suit"): N_(
                "Only with the stick-the-dealer house rule, which your class does not play (C9)."
            ),
            N_("the hand is thrown in"): N_("the cards are gathered and the next dealer deals (C9)."),
            N_("the up-card's suit is trump"): up_card,
        },
        right="the hand is thrown in",
        hints=(
            N_("C9 says what happens when nobody names trump in either round."),
            N_("Nobody became the maker, so nobody plays to take three tricks. Can the hand be played at all?"),
        ),
        rule_ids=("C9", "C8"),
    )


def next_dealer_question(rules: RuleSet) -> Choice:
    """Who deals after seat 2 of three: seat 0, after a throw-in too (C4, C9); a stuck dealer's class plays the hand.

    The options say who in the lesson's own words, by place at the table: seat 0 sits on seat 2's left."""
    clockwise = N_(
        "Seats are numbered clockwise, so the seat on your left has the next number; after the last seat, the "
        "numbers start again."
    )
    behind = N_("That player, seat 1, sits on the dealer's right, and the deal moves the other way, to the left (C4).")
    if rules.stick_the_dealer:
        return Choice(
            N_("Three players: seat 2 dealt, and the hand was played to the end. Who deals the next hand?"),
            {
                LEFT: N_(
                    "the deal passes to the left, the next seat clockwise, after every hand: after seat 2 comes "
                    "seat 0 (C4)."
                ),
                AGAIN: N_("Nobody keeps the deal: it passes to the left after every hand (C4)."),
                RIGHT: behind,
            },
            right=LEFT,
            hints=(N_("After every hand the deal passes to the left (C4)."), clockwise),
            rule_ids=("C4",),
        )
    return Choice(
        N_("Three players: seat 2 dealt, and everyone passed twice. Who deals the next hand?"),
        {
            LEFT: N_(
                "the deal passes to the left, the next seat clockwise, after every hand, a throw-in "
                "too: after seat 2 comes seat 0 (C4, C9)."
            ),
            AGAIN: N_("A throw-in does not keep the deal: the deal passes to the left after every hand (C4, C9)."),
            RIGHT: behind,
        },
        right=LEFT,
        hints=(N_("After every hand, a throw-in too, the deal passes to the left (C4, C9)."), clockwise),
        rule_ids=("C4", "C9"),
    )


CLASS_RULES = class_rules("cutthroat")  # the class's, read once where the lesson runs
EXERCISES = {
    "q1": turned_suit_question(CLASS_RULES),
    "q2": all_pass_question(CLASS_RULES),
    "q3": Bid(
        _round_two(deal_for(CUTTHROAT, 2, 0, "J♠ J♣ A♠ K♠ 9♦", "10♥", seed=3)),
        accept=("call ♠",),
        reason=N_("Both bowers, the ace and king of spades: call spades."),
        hints=(
            N_(
                "In round two you may name a suit as trump (C8): count your hand for each suit you could name, as the "
                "computer players do in round one."
            ),
            N_(
                "You hold both black jacks. Which suit would make them both bowers, and how many other cards of it "
                "do you hold?"
            ),
        ),
    ),
    "q4": next_dealer_question(CLASS_RULES),
}
