"""The exercises of lesson 5, Going alone."""

from ...engine.language import N_
from ...engine.rules import PARTNERSHIP
from ..exercises import Choice, Score

# Each exercise has two hints, a nudge (the rule to think of, by its id) and a clue that narrows the choice; a wrong
# option's words say why that option fails and never name the right one (tests/test_hints.py).
EXERCISES = {
    "q1": Score(
        5,
        maker_alone=True,
        hints=(
            N_("Taking all five tricks is a march, and T7 gives Cutthroat's points for it."),
            N_("In Cutthroat going alone earns no bonus: a lone march scores what a march with the dummy scores."),
        ),
    ),
    "q2": Score(
        5,
        maker_alone=True,
        rules=PARTNERSHIP,
        hints=(
            N_("Taking all five tricks is a march, and F4 gives partnership Euchre's points for it."),
            N_(
                "With a partner's help a march pays 2 (F4); playing alone is a risk, and the partnership table pays "
                "it more."
            ),
        ),
    ),
    "q3": Choice(
        N_("The maker, in seat 1, goes alone in Cutthroat. Who leads the first trick?"),
        {
            N_("the player on the maker's left"): N_(
                "after a lone player, the player to that player's left leads (C11)."
            ),
            N_("the player on the dealer's left"): N_(
                "The dealer's left leads only when nobody goes alone; a lone player changes the first lead (C11)."
            ),
            N_("the maker"): N_("A lone player does not lead the first trick: another player leads it (C11)."),
        },
        right="the player on the maker's left",
        hints=(
            N_("A player who goes alone changes who leads the first trick (C11)."),
            N_(
                "When someone goes alone, the first lead moves away from its usual seat, to a player sitting beside "
                "the lone player."
            ),
        ),
        rule_ids=("C11",),
    ),
    "q4": Choice(
        N_("Cutthroat: the maker goes alone. What happens to the dummy?"),
        {
            N_("it stays aside, out of play"): N_(
                "a lone maker plays without help, and the dummy's five stay out of the hand (T6)."
            ),
            N_("the maker takes it as usual"): N_(
                "The dummy would be help, and a lone maker plays without help: going alone gives the dummy up (T5, T6)."
            ),
            N_("the other players share it"): N_(
                "The dummy is never shared: only a maker who does not go alone ever takes it (T5, T6)."
            ),
        },
        right="it stays aside, out of play",
        hints=(
            N_("Going alone means playing without help (T6)."),
            N_(
                "Only one player could ever take the dummy's cards: the maker who stays. Who can take them when the "
                "maker goes alone?"
            ),
        ),
        rule_ids=("T6", "T5"),
    ),
    "q5": Choice(
        N_("Trump is fixed and the dealer has discarded. Who says first whether they go alone?"),
        {
            N_("the maker"): N_("the maker announces first; the others are asked after, in the rule's order (C10)."),
            N_("the dealer's left"): N_(
                "The dealer's left leads the first trick when nobody goes alone, but the "
                "announcements before it start elsewhere (C10, C11)."
            ),
            N_("the dealer"): N_("Dealing gives no first say: the order of C10 does not start from the dealer's seat."),
        },
        right="the maker",
        hints=(
            N_("C10 gives the order in which players say alone or stay."),
            N_(
                "The first asked is the player with the most to win or lose: the one who has promised to take three "
                "tricks."
            ),
        ),
        rule_ids=("C10", "C11"),
    ),
    "q6": Choice(
        N_("Cutthroat: a defender goes alone. What does the other defender do?"),
        {
            N_("sits out, cards face down"): N_(
                "a lone defender plays without help, so the other defender sits out (T6)."
            ),
            N_("plays as usual"): N_(
                "Going alone means playing without help, so the other defender cannot play as usual (T6)."
            ),
            N_("takes the dummy"): N_(
                "A defender never takes the dummy: only a maker who does not go alone does (T5)."
            ),
        },
        right="sits out, cards face down",
        hints=(
            N_("Going alone means playing without help, for a defender too (T6)."),
            N_(
                "If the other defender played a card, the lone defender would have help. So what happens to the other "
                "defender's cards this hand?"
            ),
        ),
        rule_ids=("T6", "T5"),
    ),
    "q7": Choice(
        N_("Four-hand: seat 1 made trump and stays. Who is asked next whether to go alone?"),
        {
            N_("seat 3, the maker's partner"): N_(
                "if the maker stays, the maker's partner may go alone instead; then the defenders are asked (C10, F3)."
            ),
            N_("seat 2, the next player"): N_("Seat 2 is a defender, and the defenders are not asked yet (C10, F3)."),
            N_("nobody: only the maker may go alone"): N_(
                "By the rule book more players than the maker may go alone: "
                "after the maker, the others are asked in turn (C10, F3); only a club's house rule stops that."
            ),
        },
        right="seat 3, the maker's partner",
        hints=(
            N_("C10 gives the order of the announcements; F3 says who may go alone in the four-hand game."),
            N_(
                "The maker stayed, but the maker's side has another player. Is that player asked before the "
                "defenders, or after?"
            ),
        ),
        rule_ids=("C10", "F3"),
    ),
    "q8": Choice(
        N_(
            "Four-hand, seat 0 deals. Seat 1 makes trump and goes alone; seat 2 stays; seat 0, the "
            "dealer, goes alone too. Who leads the first trick?"
        ),
        {
            N_("seat 0, the lone defender"): N_("when two players go alone, the lone defender leads (C11)."),
            N_("seat 1, on the dealer's left"): N_(
                "The dealer's left leads only when nobody goes alone, and here two players go alone (C11)."
            ),
            N_("seat 2, on the maker's left"): N_(
                "Seat 2's partner went alone, so seat 2 sits out this hand, and a player "
                "who sits out never leads (C11)."
            ),
        },
        right="seat 0, the lone defender",
        hints=(
            N_("C11 has a case of its own for two players going alone."),
            N_(
                "Two players go alone, one on each side, and their partners sit out. C11 gives the first lead to one "
                "of the two who go alone: which one?"
            ),
        ),
        rule_ids=("C11",),
    ),
}
