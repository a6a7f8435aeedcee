"""The rules card's words: each rule the card prints, told in short plain sentences a 14-year-old can read.

The rule book (RULES.md) is the full and exact statement, for a teacher or a curious player; the card says the same
rules the short way, by the same ids, so a player who wants the details looks the id up in the book. Where a class
changes a rule, the card marks it beside these words. `{target}` is the points that win the game.
"""

from __future__ import annotations

from ..engine.language import N_

# Rule id: (title, words), marked here and translated where the card is made. The standard rules of each game; a
# house rule that changes one is marked on the card.
CARD_WORDS: dict[str, tuple[str, str]] = {
    # -- every game
    "C2": (
        N_("Bowers"),
        N_(
            "The jack of trump is the right bower, the best card. The other jack of the same colour is the left "
            "bower, the second best. The left bower counts as a trump, not as a card of its own suit."
        ),
    ),
    "C3": (
        N_("The joker"),
        N_(
            "The joker is the best trump of all. If the joker is turned up, the dealer names trump at once and "
            "takes the joker."
        ),
    ),
    "C5": (
        N_("The deal"),
        N_(
            "The dealer gives five cards to each player, starting on the left. The rest is the kitty. Its top card "
            "is turned face up: the up-card."
        ),
    ),
    "C6": (
        N_("Bidding, round one"),
        N_(
            "Starting on the dealer's left, each player in turn passes or takes the up-card's suit as trump. The "
            "first player to take it ends the bidding."
        ),
    ),
    "C7": (
        N_("The dealer's pick-up"),
        N_(
            "If the dealer made trump, the dealer must take the up-card. If someone else did, the dealer may take "
            "it or leave it. To take it, the dealer puts one other card face down."
        ),
    ),
    "C8": (
        N_("Bidding, round two"),
        N_(
            "If all pass, the up-card is turned face down. Going round again, each player may pass or name another "
            "suit as trump. The first to name one makes it trump."
        ),
    ),
    "C9": (N_("Throw-in"), N_("If all pass again, the cards are thrown in and the next dealer deals.")),
    "C11": (
        N_("The first lead"),
        N_(
            "The player on the dealer's left plays the first card. If someone goes alone, the player on their left "
            "leads instead. If two players go alone, the lone defender leads."
        ),
    ),
    "C12": (
        N_("Following suit"),
        N_(
            "Play a card of the suit led if you have one. Careful: the left bower is a trump. If you have none of "
            "the suit led, play any card."
        ),
    ),
    "C13": (
        N_("Winning a trick"),
        N_(
            "The highest trump wins the trick. With no trump in it, the highest card of the suit led wins. The "
            "winner leads next. A hand is five tricks."
        ),
    ),
    # -- Cutthroat: three players and a dummy
    "T1": (
        N_("Players"),
        N_(
            "Three players, each playing for themselves. A fourth hand, the dummy, is dealt face down. Nobody "
            "plays it: only the maker may use its cards."
        ),
    ),
    "T2": (
        N_("The deal"),
        N_(
            "Five cards to each player and five to the dummy, all face down. The top card of the rest is turned "
            "up: the up-card."
        ),
    ),
    "T4": (
        N_("Maker and defenders"),
        N_(
            "The player who makes trump is the maker. The other two team up against the maker, for this hand "
            "only: they are the defenders."
        ),
    ),
    "T5": (
        N_("The dummy"),
        N_(
            "The maker takes the dummy's five cards and keeps the best five of all ten. The other five are out of "
            "the hand."
        ),
    ),
    "T6": (
        N_("Going alone"),
        N_(
            "The maker may go alone, before seeing the dummy: then the maker plays without it. A defender may go "
            "alone too: the other defender sits out."
        ),
    ),
    "T7": (
        N_("Scoring"),
        N_("Each player has a score. When the maker is euchred, both defenders score, even one who sat out."),
    ),
    "T8": (
        N_("Winning"),
        N_(
            "The first to reach {target} points wins. If two pass {target} in the same hand, the higher score wins. "
            "If they are level, only they play on, until one is ahead."
        ),
    ),
    # -- Partnership
    "F1": (N_("Players"), N_("Four players in two teams of two. Partners sit opposite each other.")),
    "F2": (
        N_("Bidding"),
        N_(
            'You say "I order it up", or "I assist" if your partner deals, or "I accept" if you deal. The '
            "team that makes trump are the makers; the other team are the defenders."
        ),
    ),
    "F3": (
        N_("Going alone"),
        N_(
            "A player who goes alone plays without their partner, who puts their cards face down and sits out. "
            "The makers decide first; one defender may go alone too."
        ),
    ),
    "F5": (N_("Winning"), N_("The first team to reach {target} points wins.")),
    # -- Two-handed
    "W1": (N_("Players"), N_("Two players, each playing for themselves.")),
    "W2": (N_("The deal"), N_("Five cards each. The rest is the kitty, and its top card is turned up.")),
    "W3": (
        N_("Bidding"),
        N_(
            "The non-dealer speaks first, then the dealer: each may pass or take the up-card's suit as trump. If "
            "the non-dealer takes it, the dealer must pick up the up-card and put one other card face down."
        ),
    ),
    "W4": (
        N_("No going alone"),
        N_("Every hand is already one against one: nobody goes alone, and there is no dummy."),
    ),
    "W5": (N_("The first lead"), N_("The non-dealer leads the first trick.")),
    "W6": (N_("Winning"), N_("The first to reach {target} points wins.")),
    # -- Railroad: partnership with extras
    "R1": (N_("The deck"), N_("The 24 cards and a joker. The joker is the best trump.")),
    "R2": (N_("Lone defenders"), N_("A defender may go alone too, even against a maker who goes alone.")),
    "R3": (
        N_("Calling for best"),
        N_(
            "A player who goes alone gets their partner's best card, passed face down. Then they put one of their "
            "six cards face down, out of the hand."
        ),
    ),
    "R4": (N_("Scoring"), N_("As in partnership Euchre, but a lone defender who beats a lone maker scores 4.")),
    "R5": (N_("Winning"), N_("The first team to reach {target} points wins.")),
}
