"""Widgets for the lessons: thin views over engine states (the engine decides every rule question)."""

from .cards import CardRow, card_button, style_sheet
from .dummy import DummyTrainer
from .follow import FollowSuitTrainer
from .ranking import RankingExplorer
from .replay import HandReplay
from .scoring import ScoreCalculator, ScoreQuiz

__all__ = ["CardRow", "card_button", "style_sheet"]
__all__ += ["DummyTrainer", "FollowSuitTrainer", "HandReplay", "RankingExplorer", "ScoreCalculator", "ScoreQuiz"]
