"""Widgets for the lessons: thin views over engine states (the engine decides every rule question)."""

from importlib import import_module

# Each module and the widgets it gives the package, imported at first use: a lesson that shows a hand
# replay does not wait for the table and every trainer to load (seconds in the browser).
_NAMES = {
    ".bidding": ("BiddingTrainer",),
    ".cards": ("CardRow", "card_button", "four_colours", "style_sheet"),
    ".dummy": ("DummyTrainer",),
    ".exercise": ("ExerciseView", "ask", "report_answers"),
    ".follow": ("FollowSuitTrainer",),
    ".practice": ("PracticeWidget",),
    ".progress": ("ProgressBoard",),
    ".ranking": ("RankingExplorer",),
    ".replay": ("HandReplay",),
    ".scoring": ("ScoreCalculator", "ScoreQuiz"),
    ".table": ("Table",),
}
_HOME = {name: module for module, names in _NAMES.items() for name in names}
__all__ = sorted(_HOME)


def __getattr__(name: str):
    """A widget, imported from its module the first time it is asked for."""
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(_HOME[name], __name__), name)
    globals()[name] = value  # asked once: later uses are plain look-ups
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
