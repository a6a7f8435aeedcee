"""Widgets for the lessons: thin views over engine states (the engine decides every rule question)."""

from ..engine.lazy import lazy_names

# Each module and the widgets it gives the package, imported at first use: a lesson that shows a hand
# replay does not wait for the table and every trainer to load (seconds in the browser).
__getattr__, __dir__, __all__ = lazy_names(
    __name__,
    {
        ".bidding": ("BiddingTrainer",),
        ".cards": ("CardRow", "card_button", "four_colours", "style_sheet"),
        ".dummy": ("DummyTrainer",),
        ".exercise": ("ExerciseView", "ask", "report_answers"),
        ".follow": ("FollowSuitTrainer",),
        ".guided": ("GuidedHand",),
        ".languages": ("LanguageChoice",),
        ".practice": ("PracticeWidget",),
        ".progress": ("ProgressBoard",),
        ".ranking": ("RankingExplorer",),
        ".replay": ("HandReplay",),
        ".review": ("ReviewWidget",),
        ".scoring": ("ScoreCalculator", "ScoreQuiz"),
        ".table": ("Table",),
        ".table_view": ("TableView",),
    },
)
