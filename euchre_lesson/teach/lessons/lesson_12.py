"""The exercises of lesson 12, Two-handed and Railroad Euchre."""

from ..exercises import Choice

EXERCISES = {
    "q1": Choice(
        "Two-handed Euchre with the 24-card deck: how many cards lie in the kitty?",
        {
            "14": "24 cards less five for each of the two players (W1, W2).",
            "4": "That is the kitty of the three- and four-hand games; with two players 14 are left (W2).",
            "19": "Both players hold five: 24 less 10 leaves 14 (W2).",
        },
        right="14",
        rule_ids=("W1", "W2"),
    ),
    "q2": Choice(
        "Two-handed: the non-dealer orders the up-card up. What does the dealer do?",
        {
            "takes it and discards a card": "in two-hand the dealer must take it and discard one of the "
            "original five (W3, C7).",
            "chooses whether to take it": "That is the three- and four-hand default; the two-hand "
            "references make it a must (W3).",
            "goes alone": "Nobody goes alone with two players: every hand is already one against one (W4).",
        },
        right="takes it and discards a card",
        rule_ids=("W3", "W4", "C7"),
    ),
    "q3": Choice(
        "Two-handed: who leads the first trick?",
        {
            "the non-dealer": "the dealer's only opponent leads, as C11 says for the dealer's left (W5).",
            "the dealer": "The dealer never leads first; the non-dealer does (W5).",
            "the maker": "Whoever made trump, the non-dealer leads first (W5).",
        },
        right="the non-dealer",
        rule_ids=("W5", "C11"),
    ),
    "q4": Choice(
        "Two-handed: the maker takes only 2 tricks. Who scores?",
        {
            "the opponent, 2 points": "the maker is euchred, so the opponent scores 2 (W6).",
            "the maker, 1 point": "The maker needs 3 tricks; with 2 the maker is euchred (W6).",
            "nobody": "A euchre always scores: the opponent takes 2 points (W6).",
        },
        right="the opponent, 2 points",
        rule_ids=("W6",),
    ),
    "q5": Choice(
        "Railroad Euchre: which card is the highest trump?",
        {
            "the joker": "Railroad plays the 25-card deck, and the joker tops every trump (R1, C3).",
            "the right bower": "The right bower is second: the joker is above it (R1, C3).",
            "the ace of trump": "The ace comes after the joker and both bowers (R1, C2).",
        },
        right="the joker",
        rule_ids=("R1", "C2", "C3"),
    ),
    "q6": Choice(
        "Railroad: you go alone as maker. What happens before the first lead?",
        {
            "your partner passes you a card": "calling for best: your partner gives you one card face down, "
            "then you lay one of your six aside (R3).",
            "nothing: your partner just sits out": "That is partnership Euchre; in Railroad the partner "
            "first passes you their best card (R3).",
            "you take the kitty": "The kitty stays out of play; the extra card comes from your partner (R3).",
        },
        right="your partner passes you a card",
        rule_ids=("R3",),
    ),
    "q7": Choice(
        "Railroad: a lone defender takes 3 tricks against a lone maker. "
        "How many points does the defender's side score?",
        {
            "4": "a lone defender who euchres a lone maker scores 4 in Railroad (R4, R2).",
            "2": "That is the usual euchre (F4); Railroad pays 4 when a lone defender beats a lone maker (R4).",
            "1": "A euchre is worth more than a point: 4 here (R4).",
        },
        right="4",
        rule_ids=("R2", "R4", "F4"),
    ),
    "q8": Choice(
        "Railroad: your side reaches 10 points. What happens?",
        {
            "you win the game": "the first partnership to reach 10 wins, as in partnership Euchre (R5, F5).",
            "the points past 10 start the next game": "Those are the references' 'laps', match scoring that "
            "these lessons do not play (R5).",
            "you must lead by 2": "There is no such rule: 10 points win (R5).",
        },
        right="you win the game",
        rule_ids=("R5", "F5"),
    ),
}
