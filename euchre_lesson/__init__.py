"""euchre_lesson: an exact Euchre engine for lessons, Cutthroat and partnership."""

from .actions import Action, parse_action
from .cards import JOKER, Card, Rank, Suit, deck, parse_card, parse_cards, parse_suit
from .advice import Grade, Option, advise, grade
from .dummy import Keep, best_five
from .errors import IllegalAction, NotationError
from .game import GameState, load_game, new_game, save_game
from .hand import Deal, HandState, Phase, deal_hand, replay
from .ranking import effective_suit, ranking
from .playout import random_hand_tokens, random_hands
from .players import ExpertPlayer, RandomPlayer, RuleOfThumbPlayer, play_game, play_out
from .rules import CUTTHROAT, PARTNERSHIP, RuleSet, ScoreRow
from .scoring import Points, score_hand, scoring_row
from .solver import solve
from .tricks import Trick, legal_plays, trick_winner

__all__ = [
    "Action", "CUTTHROAT", "ExpertPlayer", "Grade", "Option", "advise", "grade", "solve", "RandomPlayer", "RuleOfThumbPlayer", "play_game", "play_out", "random_hand_tokens", "random_hands", "Keep", "best_five", "Card", "Deal", "GameState", "HandState", "IllegalAction", "JOKER",
    "NotationError", "PARTNERSHIP", "Phase", "Points", "Rank", "RuleSet", "ScoreRow", "Suit",
    "Trick", "deal_hand", "deck", "effective_suit", "legal_plays", "load_game", "new_game",
    "parse_action", "parse_card", "parse_cards", "parse_suit", "ranking", "replay", "save_game",
    "score_hand", "scoring_row", "trick_winner",
]
