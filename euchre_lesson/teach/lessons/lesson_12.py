"""The exercises of lesson 12, Two-handed and Railroad Euchre."""

from ..exercises import Choice

EXERCISES = {
    "q1": Choice(
        "Two-handed Euchre with the 24-card deck: how many cards lie in the kitty?",
        {
            "14": "24 cards less five for each of the two players (W1, W2).",
            "4": "Four is the kitty when three or four hands are dealt; with two players fewer cards go to the "
            "hands (W2).",
            "19": "19 is what one player does not see, the 24 less their own five; the other player holds five of "
            "those (W2).",
        },
        right="14",
        rule_ids=("W1", "W2"),
        hints=(
            "The kitty is every card not dealt to a player (W2).",
            "Two players get five cards each from the 24 (W1): how many cards are left?",
        ),
    ),
    "q2": Choice(
        "Two-handed: the non-dealer orders the up-card up. What does the dealer do?",
        {
            "takes it and discards a card": "in two-hand the dealer must take it and discard one of the "
            "original five (W3, C7).",
            "chooses whether to take it": "The choice is the dealer's in the three- and four-hand games (C7); "
            "Two-handed Euchre changes that (W3).",
            "goes alone": "Nobody goes alone with two players: every hand is already one against one (W4).",
        },
        right="takes it and discards a card",
        rule_ids=("W3", "W4", "C7"),
        hints=(
            "Read the bidding rule of Two-handed Euchre (W3): what does it say about the dealer and an ordered-up "
            "card?",
            "In the three- and four-hand games the dealer may leave the up-card (C7); Two-handed Euchre changes "
            "just that.",
        ),
    ),
    "q3": Choice(
        "Two-handed: who leads the first trick?",
        {
            "the non-dealer": "the dealer's only opponent leads, as C11 says for the dealer's left (W5).",
            "the dealer": "The first trick is led from the dealer's left, so never by the dealer here (C11, W5).",
            "the maker": "Making trump does not decide who leads: the first lead is fixed by the seats, whoever "
            "made trump (W5).",
        },
        right="the non-dealer",
        rule_ids=("W5", "C11"),
        hints=(
            "The first trick is led by the player to the dealer's left (C11), in Two-handed Euchre too (W5).",
            "With only two players at the table, who sits to the dealer's left?",
        ),
    ),
    "q4": Choice(
        "Two-handed: the maker takes only 2 tricks. Who scores?",
        {
            "the opponent, 2 points": "the maker is euchred, so the opponent scores 2 (W6).",
            "the maker, 1 point": "The maker needs 3 tricks; with 2 the maker is euchred (W6).",
            "nobody": "Every hand that is played scores for someone: a maker who takes fewer than 3 tricks is "
            "euchred, and a euchre scores too (W6).",
        },
        right="the opponent, 2 points",
        rule_ids=("W6",),
        hints=(
            "Read Two-handed scoring (W6): how many tricks must the maker take to score?",
            "Two tricks are fewer than three, so the maker is euchred: who scores on a euchre?",
        ),
    ),
    "q5": Choice(
        "Railroad Euchre: which card is the highest trump?",
        {
            "the joker": "Railroad plays the 25-card deck, and the joker tops every trump (R1, C3).",
            "the right bower": "The right bower tops the trumps of the 24-card deck, but Railroad plays with one "
            "card more (R1, C3).",
            "the ace of trump": "The ace of trump ranks below both bowers (C2), and Railroad's deck has one card "
            "more (R1).",
        },
        right="the joker",
        rule_ids=("R1", "C2", "C3"),
        hints=(
            "Railroad plays the 25-card deck (R1): which card does that deck add, and where does it rank (C3)?",
            "Look at the explorer above, which shows the 25-card deck: which card tops its list of trumps?",
        ),
    ),
    "q6": Choice(
        "Railroad: you go alone as maker. What happens before the first lead?",
        {
            "your partner passes you a card": "calling for best: your partner gives you one card face down, "
            "then you lay one of your six aside (R3).",
            "nothing: your partner just sits out": "That is partnership Euchre; Railroad adds an exchange before "
            "the first lead (R3).",
            "you take the kitty": "The kitty stays out of play, whoever goes alone (R3).",
        },
        right="your partner passes you a card",
        rule_ids=("R3",),
        hints=(
            "Read calling for best (R3): what happens when a player goes alone in Railroad?",
            "In Railroad the player who sits out does one thing before the play starts, to help the lone player.",
        ),
    ),
    "q7": Choice(
        "Railroad: a lone defender takes 3 tricks against a lone maker. "
        "How many points does the defender's side score?",
        {
            "4": "a lone defender who euchres a lone maker scores 4 in Railroad (R4, R2).",
            "2": "2 is what a lone defender's euchre pays in partnership Euchre (F4); Railroad pays more when the "
            "maker went alone too (R4).",
            "1": "1 point is what makers score for three or four tricks; this hand is a euchre, which pays "
            "more (F4, R4).",
        },
        right="4",
        rule_ids=("R2", "R4", "F4"),
        hints=(
            "Railroad scores by the partnership table, with one change (R4).",
            "Three tricks for a lone defender against a lone maker is a euchre: that is just the row Railroad changes.",
        ),
    ),
    "q8": Choice(
        "Railroad: your side reaches 10 points. What happens?",
        {
            "you win the game": "the first partnership to reach 10 wins, as in partnership Euchre (R5, F5).",
            "the points past 10 start the next game": "Carrying points past 10 ('laps') is scoring across a match, "
            "which these lessons do not play (R5).",
            "you must lead by 2": "No rule asks for a lead of 2 points: reaching the target is what counts (R5).",
        },
        right="you win the game",
        rule_ids=("R5", "F5"),
        hints=(
            "Read how Railroad is won (R5): is it the same as partnership Euchre (F5)?",
            "Railroad's extras are the joker, calling for best and one row of scoring: none of them is about "
            "winning the game.",
        ),
    ),
}
