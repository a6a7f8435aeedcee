"""The exercises of lesson 1, The cards and the bowers."""

from ..exercises import TrickWinner, WhichSuit

EXERCISES = {
    "q1": WhichSuit(
        "J♦",
        "♥",
        hints=("Diamonds and hearts are both red.", "The jack of the other suit of trump's colour joins trump."),
    ),
    "q2": WhichSuit("J♠", "♥", hints=("Is spades the same colour as hearts?",)),
    "q3": TrickWinner("A♥ J♦ K♥", "♥", hints=("Which suit is J♦ in when hearts are trump?",)),
    "q4": TrickWinner("A♣ J♣ K♣", "♠", hints=("Clubs were led, but is every club really a club?",)),
}
