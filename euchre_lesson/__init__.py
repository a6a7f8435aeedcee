"""euchre_lesson: an exact Euchre engine for lessons: Cutthroat, partnership, Two-handed and Railroad Euchre."""

from .engine.actions import Action, parse_action
from .engine.cards import JOKER, Card, Rank, Suit, deck, parse_card, parse_cards, parse_suit
from .play.advice import Grade, Option, advise, grade
from .play.dummy import Keep, best_five
from .engine.errors import IllegalAction, NotationError
from .engine.game import GameState, load_game, new_game, save_game
from .engine.hand import Deal, HandState, Phase, deal_hand, replay
from .engine.ranking import effective_suit, ranking
from .play.playout import random_hand_tokens, random_hands
from .play.players import ExpertPlayer, RandomPlayer, RuleOfThumbPlayer, play_game, play_out
from .engine.rules import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, RuleSet, ScoreRow
from .engine.scoring import Points, score_hand, scoring_row
from .play.solver import solve
from .engine.tricks import Trick, legal_plays, trick_winner

__all__ = [
    "Action", "CUTTHROAT", "ExpertPlayer", "Grade", "Option", "advise", "grade", "solve", "RandomPlayer", "RuleOfThumbPlayer", "play_game", "play_out", "random_hand_tokens", "random_hands", "Keep", "best_five", "Card", "Deal", "GameState", "HandState", "IllegalAction", "JOKER",
    "NotationError", "PARTNERSHIP", "Phase", "Points", "RAILROAD", "Rank", "RuleSet", "ScoreRow", "Suit",
    "TWO_HANDED",
    "Trick", "deal_hand", "deck", "effective_suit", "legal_plays", "load_game", "new_game",
    "parse_action", "parse_card", "parse_cards", "parse_suit", "ranking", "replay", "save_game",
    "score_hand", "scoring_row", "trick_winner",
]
