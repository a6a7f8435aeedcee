"""The exercises of lesson 12, Two-handed and Railroad Euchre."""

from ...engine.language import N_
from ..exercises import Choice

EXERCISES = {
    "q1": Choice(
        N_("Two-handed Euchre with the 24-card deck: how many cards lie in the kitty?"),
        {
            "14": N_("24 cards less five for each of the two players (W1, W2)."),
            "4": N_(
                "Four is the kitty when three or four hands are dealt; with two players fewer cards go to the "
                "hands (W2)."
            ),
            "19": N_(
                "19 is what one player does not see, the 24 less their own five; the other player holds five of "
                "those (W2)."
            ),
        },
        right="14",
        rule_ids=("W1", "W2"),
        hints=(
            N_("The kitty is every card not dealt to a player (W2)."),
            N_("Two players get five cards each from the 24 (W1): how many cards are left?"),
        ),
    ),
    "q2": Choice(
        N_("Two-handed: the non-dealer orders the up-card up. What does the dealer do?"),
        {
            N_("takes it and discards a card"): N_(
                "in two-hand the dealer must take it and discard one of the original five (W3, C7)."
            ),
            N_("chooses whether to take it"): N_(
                "The choice is the dealer's in the three- and four-hand games (C7); "
                "Two-handed Euchre changes that (W3)."
            ),
            N_("goes alone"): N_("Nobody goes alone with two players: every hand is already one against one (W4)."),
        },
        right="takes it and discards a card",
        rule_ids=("W3", "W4", "C7"),
        hints=(
            N_(
                "Read the bidding rule of Two-handed Euchre (W3): what does it say about the dealer and an ordered-up "
                "card?"
            ),
            N_(
                "In the three- and four-hand games the dealer may leave the up-card (C7); Two-handed Euchre changes "
                "just that."
            ),
        ),
    ),
    "q3": Choice(
        N_("Two-handed: who leads the first trick?"),
        {
            N_("the non-dealer"): N_("the dealer's only opponent leads, as C11 says for the dealer's left (W5)."),
            N_("the dealer"): N_(
                "The first trick is led from the dealer's left, so never by the dealer here (C11, W5)."
            ),
            N_("the maker"): N_(
                "Making trump does not decide who leads: the first lead is fixed by the seats, whoever made trump (W5)."
            ),
        },
        right="the non-dealer",
        rule_ids=("W5", "C11"),
        hints=(
            N_("The first trick is led by the player to the dealer's left (C11), in Two-handed Euchre too (W5)."),
            N_("With only two players at the table, who sits to the dealer's left?"),
        ),
    ),
    "q4": Choice(
        N_("Two-handed: the maker takes only 2 tricks. Who scores?"),
        {
            N_("the opponent, 2 points"): N_("the maker is euchred, so the opponent scores 2 (W6)."),
            N_("the maker, 1 point"): N_("The maker needs 3 tricks; with 2 the maker is euchred (W6)."),
            N_("nobody"): N_(
                "Every hand that is played scores for someone: a maker who takes fewer than 3 tricks is "
                "euchred, and a euchre scores too (W6)."
            ),
        },
        right="the opponent, 2 points",
        rule_ids=("W6",),
        hints=(
            N_("Read Two-handed scoring (W6): how many tricks must the maker take to score?"),
            N_("Two tricks are fewer than three, so the maker is euchred: who scores on a euchre?"),
        ),
    ),
    "q5": Choice(
        N_("Railroad Euchre: which card is the highest trump?"),
        {
            N_("the joker"): N_("Railroad plays the 25-card deck, and the joker tops every trump (R1, C3)."),
            N_("the right bower"): N_(
                "The right bower tops the trumps of the 24-card deck, but Railroad plays with one card more (R1, C3)."
            ),
            N_("the ace of trump"): N_(
                "The ace of trump ranks below both bowers (C2), and Railroad's deck has one card more (R1)."
            ),
        },
        right="the joker",
        rule_ids=("R1", "C2", "C3"),
        hints=(
            N_("Railroad plays the 25-card deck (R1): which card does that deck add, and where does it rank (C3)?"),
            N_("Look at the explorer above, which shows the 25-card deck: which card tops its list of trumps?"),
        ),
    ),
    "q6": Choice(
        N_("Railroad: you go alone as maker. What happens before the first lead?"),
        {
            N_("your partner passes you a card"): N_(
                "calling for best: your partner gives you one card face down, then you lay one of your six aside (R3)."
            ),
            N_("nothing: your partner just sits out"): N_(
                "That is partnership Euchre; Railroad adds an exchange before the first lead (R3)."
            ),
            N_("you take the kitty"): N_("The kitty stays out of play, whoever goes alone (R3)."),
        },
        right="your partner passes you a card",
        rule_ids=("R3",),
        hints=(
            N_("Read calling for best (R3): what happens when a player goes alone in Railroad?"),
            N_("In Railroad the player who sits out does one thing before the play starts, to help the lone player."),
        ),
    ),
    "q7": Choice(
        N_(
            "Railroad: a lone defender takes 3 tricks against a lone maker. "
            "How many points does the defender's side score?"
        ),
        {
            "4": N_("a lone defender who euchres a lone maker scores 4 in Railroad (R4, R2)."),
            "2": N_(
                "2 is what a lone defender's euchre pays in partnership Euchre (F4); Railroad pays more when the "
                "maker went alone too (R4)."
            ),
            "1": N_(
                "1 point is what makers score for three or four tricks; this hand is a euchre, which pays "
                "more (F4, R4)."
            ),
        },
        right="4",
        rule_ids=("R2", "R4", "F4"),
        hints=(
            N_("Railroad scores by the partnership table, with one change (R4)."),
            N_(
                "Three tricks for a lone defender against a lone maker is a euchre: that is just the row Railroad "
                "changes."
            ),
        ),
    ),
    "q8": Choice(
        N_("Railroad: your side reaches 10 points. What happens?"),
        {
            N_("you win the game"): N_("the first partnership to reach 10 wins, as in partnership Euchre (R5, F5)."),
            N_("the points past 10 start the next game"): N_(
                "Carrying points past 10 ('laps') is scoring across a match, which these lessons do not play (R5)."
            ),
            N_("you must lead by 2"): N_(
                "No rule asks for a lead of 2 points: reaching the target is what counts (R5)."
            ),
        },
        right="you win the game",
        rule_ids=("R5", "F5"),
        hints=(
            N_("Read how Railroad is won (R5): is it the same as partnership Euchre (F5)?"),
            N_(
                "Railroad's extras are the joker, calling for best and one row of scoring: none of them is about "
                "winning the game."
            ),
        ),
    ),
}
