"""The exercises of lesson 6, Playing tricks."""

from ..exercises import Choice, LegalPlays, TrickWinner

EXERCISES = {
    "q1": LegalPlays("J♦ A♥ 9♣ K♠ Q♥", "K♥", "♥", hints=("Which of your cards are hearts while hearts are trump?",)),
    "q2": LegalPlays("J♣ A♣ 9♦ K♥", "K♣", "♠", hints=("With spades trump, is J♣ still a club?",)),
    "q3": TrickWinner("K♦ 9♥ A♦", "♣"),
    "q4": Choice(
        "Who leads the second trick?",
        {
            "the winner of the first trick": "the winner of a trick leads the next (C13).",
            "the dealer's left": "Only the first trick is led by the dealer's left (C11); then the winner leads (C13).",
            "the maker": "the winner of each trick leads the next (C13).",
        },
        right="the winner of the first trick",
        rule_ids=("C13", "C11"),
    ),
    "q5": Choice(
        "Hearts were led. You hold K♥ and A♠, and you click the A♠. What happens?",
        {
            "the A♠ is refused and nothing changes": "a move against the rules is refused with the rule it "
            "breaks (here C12: you hold a heart, so you must follow), and "
            "the game waits for a legal card (C14).",
            "the A♠ is played and loses": "An illegal card is never played: it is refused with the rule, and "
            "you choose again (C14, C12).",
            "you lose a point": "Nobody is punished: the move is refused, its rule is named (C12), and the "
            "hand waits for a legal card (C14).",
        },
        right="the A♠ is refused and nothing changes",
        rule_ids=("C14", "C12"),
    ),
}
