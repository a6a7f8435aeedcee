"""euchre_lesson: an exact Euchre engine for lessons: Cutthroat, partnership, Two-handed and Railroad Euchre."""

from .engine.lazy import lazy_names

# Each module and the names it gives the package. A name is imported at its first use, so a lesson's
# first line loads only what it needs: the whole package takes seconds to import in the browser.
__getattr__, __dir__, __all__ = lazy_names(
    __name__,
    {
        ".engine.actions": ("Action", "parse_action"),
        ".engine.cards": ("JOKER", "Card", "Rank", "Suit", "deck", "parse_card", "parse_cards", "parse_suit"),
        ".play.advice": ("Grade", "Option", "advise", "grade"),
        ".play.dummy": ("Keep", "best_five"),
        ".engine.errors": ("IllegalAction", "NotationError"),
        ".engine.game": ("GameState", "load_game", "new_game", "save_game"),
        ".engine.hand": ("Deal", "HandState", "Phase", "deal_hand", "replay"),
        ".engine.ranking": ("effective_suit", "ranking"),
        ".play.playout": ("random_hand_tokens", "random_hands"),
        ".play.players": (
            "BeginnerPlayer",
            "ExpertPlayer",
            "RandomPlayer",
            "RuleOfThumbPlayer",
            "play_game",
            "play_out",
        ),
        ".engine.rules": ("CUTTHROAT", "PARTNERSHIP", "RAILROAD", "TWO_HANDED", "RuleSet", "ScoreRow"),
        ".engine.scoring": ("Points", "score_hand", "scoring_row"),
        ".play.solver": ("solve",),
        ".engine.tricks": ("Trick", "legal_plays", "trick_winner"),
    },
)
