"""Widgets for the lessons: thin views over engine states (the engine decides every rule question)."""

from .bidding import BiddingTrainer
from .cards import CardRow, card_button, four_colours, style_sheet
from .dummy import DummyTrainer
from .exercise import ExerciseView, ask, report_answers
from .follow import FollowSuitTrainer
from .practice import PracticeWidget
from .progress import ProgressBoard
from .ranking import RankingExplorer
from .replay import HandReplay
from .scoring import ScoreCalculator, ScoreQuiz
from .table import Table

__all__ = ["CardRow", "card_button", "four_colours", "style_sheet"]
__all__ += ["DummyTrainer", "FollowSuitTrainer", "HandReplay", "RankingExplorer", "ScoreCalculator", "ScoreQuiz"]
__all__ += ["BiddingTrainer", "Table"]
__all__ += ["ExerciseView", "PracticeWidget", "ProgressBoard", "ask", "report_answers"]
