"""The rules card's words: each rule the card prints, told in short plain sentences a 14-year-old can read.

The rule book (RULES.md) is the full and exact statement, for a teacher or a curious player; the card says the same
rules the short way, by the same ids, so a player who wants the details looks the id up in the book. Where a class
changes a rule, the card marks it beside these words. `{target}` is the points that win the game.
"""

from __future__ import annotations

# Rule id: (title, words). The standard rules of each game; a house rule that changes one is marked on the card.
CARD_WORDS: dict[str, tuple[str, str]] = {
    # -- every game
    "C2": (
        "Bowers",
        "The jack of trump is the right bower, the best card. The other jack of the same colour is the left "
        "bower, the second best. The left bower counts as a trump, not as a card of its own suit.",
    ),
    "C3": (
        "The joker",
        "The joker is the best trump of all. If the joker is turned up, the dealer names trump at once and "
        "takes the joker.",
    ),
    "C5": (
        "The deal",
        "The dealer gives five cards to each player, starting on the left. The rest is the kitty. Its top card "
        "is turned face up: the up-card.",
    ),
    "C6": (
        "Bidding, round one",
        "Starting on the dealer's left, each player in turn passes or takes the up-card's suit as trump. The "
        "first player to take it ends the bidding.",
    ),
    "C7": (
        "The dealer's pick-up",
        "If the dealer made trump, the dealer must take the up-card. If someone else did, the dealer may take "
        "it or leave it. To take it, the dealer puts one other card face down.",
    ),
    "C8": (
        "Bidding, round two",
        "If all pass, the up-card is turned face down. Going round again, each player may pass or name another "
        "suit as trump. The first to name one makes it trump.",
    ),
    "C9": ("Throw-in", "If all pass again, the cards are thrown in and the next dealer deals."),
    "C11": (
        "The first lead",
        "The player on the dealer's left plays the first card. If someone goes alone, the player on their left "
        "leads instead. If two players go alone, the lone defender leads.",
    ),
    "C12": (
        "Following suit",
        "Play a card of the suit led if you have one. Careful: the left bower is a trump. If you have none of "
        "the suit led, play any card.",
    ),
    "C13": (
        "Winning a trick",
        "The highest trump wins the trick. With no trump in it, the highest card of the suit led wins. The "
        "winner leads next. A hand is five tricks.",
    ),
    # -- Cutthroat: three players and a dummy
    "T1": (
        "Players",
        "Three players, each playing for themselves. A fourth hand, the dummy, is dealt face down. Nobody "
        "plays it: only the maker may use its cards.",
    ),
    "T2": (
        "The deal",
        "Five cards to each player and five to the dummy, all face down. The top card of the rest is turned "
        "up: the up-card.",
    ),
    "T4": (
        "Maker and defenders",
        "The player who makes trump is the maker. The other two team up against the maker, for this hand "
        "only: they are the defenders.",
    ),
    "T5": (
        "The dummy",
        "The maker takes the dummy's five cards and keeps the best five of all ten. The other five are out of "
        "the hand.",
    ),
    "T6": (
        "Going alone",
        "The maker may go alone, before seeing the dummy: then the maker plays without it. A defender may go "
        "alone too: the other defender sits out.",
    ),
    "T7": (
        "Scoring",
        "Each player has a score. When the maker is euchred, both defenders score, even one who sat out.",
    ),
    "T8": (
        "Winning",
        "The first to reach {target} points wins. If two pass {target} in the same hand, the higher score wins. "
        "If they are level, only they play on, until one is ahead.",
    ),
    # -- Partnership
    "F1": ("Players", "Four players in two teams of two. Partners sit opposite each other."),
    "F2": (
        "Bidding",
        'You say "I order it up", or "I assist" if your partner deals, or "I accept" if you deal. The '
        "team that makes trump are the makers; the other team are the defenders.",
    ),
    "F3": (
        "Going alone",
        "A player who goes alone plays without their partner, who puts their cards face down and sits out. "
        "The makers decide first; one defender may go alone too.",
    ),
    "F5": ("Winning", "The first team to reach {target} points wins."),
    # -- Two-handed
    "W1": ("Players", "Two players, each playing for themselves."),
    "W2": ("The deal", "Five cards each. The rest is the kitty, and its top card is turned up."),
    "W3": (
        "Bidding",
        "The non-dealer speaks first, then the dealer: each may pass or take the up-card's suit as trump. If "
        "the non-dealer takes it, the dealer must pick up the up-card and put one other card face down.",
    ),
    "W4": ("No going alone", "Every hand is already one against one: nobody goes alone, and there is no dummy."),
    "W5": ("The first lead", "The non-dealer leads the first trick."),
    "W6": ("Winning", "The first to reach {target} points wins."),
    # -- Railroad: partnership with extras
    "R1": ("The deck", "The 24 cards and a joker. The joker is the best trump."),
    "R2": ("Lone defenders", "A defender may go alone too, even against a maker who goes alone."),
    "R3": (
        "Calling for best",
        "A player who goes alone gets their partner's best card, passed face down. Then they put one of their "
        "six cards face down, out of the hand.",
    ),
    "R4": ("Scoring", "As in partnership Euchre, but a lone defender who beats a lone maker scores 4."),
    "R5": ("Winning", "The first team to reach {target} points wins."),
}
