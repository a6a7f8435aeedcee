"""Where a widget cannot run (GitHub, nbviewer, an old viewer), its plain text says what it does and how to run it,
never its raw repr (`RankingExplorer(children=(HTML(value='<style>...`)."""

import importlib
import inspect
import pkgutil

import ipywidgets as w
import pytest

import euchre_lesson.widgets as package
from euchre_lesson import CUTTHROAT, RuleOfThumbPlayer, deal_hand, play_out
from euchre_lesson.engine import language
from euchre_lesson.engine.language import speaking
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.progress import Progress
from euchre_lesson.widgets import (
    BiddingTrainer,
    DummyTrainer,
    ExerciseView,
    FollowSuitTrainer,
    HandReplay,
    PracticeWidget,
    ProgressBoard,
    RankingExplorer,
    ScoreCalculator,
    ScoreQuiz,
    Table,
)
from euchre_lesson.widgets.cards import CardRow
from euchre_lesson.widgets.fallback import Described


def widget_classes():
    """Every widget class the package defines, module by module."""
    found = {}
    for module in pkgutil.iter_modules(package.__path__):
        for _name, value in vars(importlib.import_module(f"{package.__name__}.{module.name}")).items():
            if inspect.isclass(value) and issubclass(value, w.Widget) and value.__module__.startswith(package.__name__):
                found[value.__qualname__] = value
    return sorted(found.values(), key=lambda cls: cls.__qualname__)


def test_every_widget_of_the_package_describes_itself():
    classes = widget_classes()
    assert {"RankingExplorer", "Table", "CardRow", "TrickList"} <= {cls.__name__ for cls in classes}
    for cls in classes:
        assert issubclass(cls, Described), f"{cls.__name__} shows its raw repr where it cannot run"
        assert cls.purpose != Described.purpose, f"{cls.__name__} does not say what it does"


def a_finished_hand():
    return play_out(deal_hand(CUTTHROAT, 0, seed=3), [RuleOfThumbPlayer() for _ in range(3)])


WIDGETS = {
    "RankingExplorer": lambda tmp: RankingExplorer(),
    "BiddingTrainer": lambda tmp: BiddingTrainer(seed=1, worlds=8),
    "DummyTrainer": lambda tmp: DummyTrainer(seed=1),
    "FollowSuitTrainer": lambda tmp: FollowSuitTrainer(seed=1),
    "HandReplay": lambda tmp: HandReplay(a_finished_hand().record()),
    "ScoreCalculator": lambda tmp: ScoreCalculator(),
    "ScoreQuiz": lambda tmp: ScoreQuiz(seed=1),
    "Table": lambda tmp: Table(CUTTHROAT, seat=0, seed=1),
    "CardRow": lambda tmp: CardRow(),
    "ExerciseView": lambda tmp: ExerciseView(exercises(1).q1),
    "PracticeWidget": lambda tmp: PracticeWidget(seed=1, progress=Progress(tmp)),
    "ProgressBoard": lambda tmp: ProgressBoard(Progress(tmp)),
}


@pytest.mark.parametrize("name", WIDGETS)
def test_a_page_that_cannot_run_the_widget_reads_what_it_does_and_how_to_start(name, tmp_path):
    widget = WIDGETS[name](tmp_path)
    bundle = widget._repr_mimebundle_()
    text = bundle["text/plain"]
    assert "application/vnd.jupyter.widget-view+json" in bundle, "a notebook still draws the widget"
    assert not text.startswith(f"{type(widget).__name__}(") and "children=" not in text and "<style>" not in text
    assert "open this notebook in JupyterLab and choose Run ▸ Run All Cells" in text
    assert len(text.split()) >= 12, f"{name}: {text!r} says too little"
    assert str(tmp_path) not in text, "the stored output would differ from machine to machine"


def test_the_words_shown_before_a_widget_runs_say_in_clicks_how_to_start_and_show_no_code(tmp_path):
    texts = [WIDGETS[name](tmp_path)._repr_mimebundle_()["text/plain"] for name in WIDGETS]
    texts.append(repr(exercises(2).q1))
    for text in texts:
        assert "Run ▸ Run All Cells" in text, text
        assert not any(code in text for code in ("ask(", ".check(", "(...)", "Shift + Enter")), text


@pytest.mark.parametrize("code", ["fr", "et"])
def test_a_widget_s_plain_text_is_in_the_language_chosen_when_it_is_made(code, tmp_path):
    english = {name: WIDGETS[name](tmp_path)._repr_mimebundle_()["text/plain"] for name in WIDGETS}
    purposes = {cls.purpose for cls in widget_classes()} | {Described.purpose}
    with speaking(code):
        for name in WIDGETS:
            text = WIDGETS[name](tmp_path)._repr_mimebundle_()["text/plain"]
            assert text != english[name], f"{name} says what it does in English where {code} was chosen"
            assert not [purpose for purpose in purposes if purpose in text], f"{name} in {code}: {text!r}"
            assert "open this notebook" not in text and "▶▶" in text, f"{name} in {code}: {text!r}"
    assert english == {name: WIDGETS[name](tmp_path)._repr_mimebundle_()["text/plain"] for name in WIDGETS}


def test_every_widget_s_purpose_and_how_are_in_the_catalog_in_french_and_estonian():
    for code in ("fr", "et"):
        with speaking(code):
            for cls in widget_classes():
                for words in (cls.purpose, cls.how):
                    assert language._(words) != words, f"{cls.__name__}'s {words!r} has no {code} translation"
