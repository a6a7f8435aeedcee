"""Random clicking: thousands of clicks and choices across every widget end without an exception,
and after each one the widget still shows a valid state (its `assert_valid()` holds)."""

import random

import ipywidgets as w
import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, deal_hand, play_out
from euchre_lesson.players import RandomPlayer
from euchre_lesson import widgets

CLICKS_PER_WIDGET = 1200  # nine widgets: 10,800 clicks in all

# Controls whose work is a simulation or a search (advice, grades, the expert level): clicked
# now and then, not a thousand times, so the test stays quick; they are still clicked.
SLOW_WORDS = ("hint", "grade", "advice", "expert")
SLOW_SHARE = 0.01


def _recorded_hand():
    state = deal_hand(CUTTHROAT, 1, seed=7)
    return play_out(state, [RandomPlayer(s) for s in range(3)]).record()


FACTORIES = {
    "RankingExplorer": lambda: widgets.RankingExplorer(),
    "FollowSuitTrainer": lambda: widgets.FollowSuitTrainer(seed=3),
    "DummyTrainer": lambda: widgets.DummyTrainer(seed=3),
    "ScoreCalculator": lambda: widgets.ScoreCalculator(),
    "ScoreQuiz": lambda: widgets.ScoreQuiz(seed=3),
    "HandReplay": lambda: widgets.HandReplay(_recorded_hand()),
    "BiddingTrainer": lambda: widgets.BiddingTrainer(seed=3),
    "Table (cutthroat)": lambda: widgets.Table(CUTTHROAT, seed=3),
    "Table (partnership)": lambda: widgets.Table(PARTNERSHIP, seed=4),
}


def controls(widget) -> list:
    """Every control a learner could use now: enabled buttons, choices, number and text boxes."""
    found, stack = [], [widget]
    while stack:
        item = stack.pop()
        if isinstance(item, w.Box):
            stack.extend(item.children)
        elif isinstance(item, w.ValueWidget | w.Button) and not getattr(item, "disabled", False):
            found.append(item)
    return found


def is_slow(control) -> bool:
    words = " ".join(str(getattr(control, name, "")) for name in ("description", "tooltip", "value"))
    if isinstance(control, w.widgets.widget_selection._Selection):
        words += " " + " ".join(map(str, control.options))
    return any(word in words.lower() for word in SLOW_WORDS)


def use(control, rng: random.Random, folder) -> None:
    """One random click, choice or entry, as a learner could make it."""
    if isinstance(control, w.Button):
        control.click()
    elif isinstance(control, w.widgets.widget_selection._MultipleSelection):
        options = list(control.options)
        control.value = tuple(v for v in control.value if v in options) if not options else \
            tuple(rng.sample([o[1] if isinstance(o, tuple) else o for o in options], rng.randint(0, len(options))))
    elif isinstance(control, w.widgets.widget_selection._Selection):
        if control.options:
            control.index = rng.randrange(len(control.options))
    elif isinstance(control, w.Checkbox | w.ToggleButton):
        control.value = not control.value
    elif isinstance(control, w.widgets.widget_int._Int):
        low, high = getattr(control, "min", -5), getattr(control, "max", 10**6)
        control.value = rng.randint(low, min(high, low + 10**6))
    elif isinstance(control, w.Text | w.Textarea):
        control.value = rng.choice(["", "nonsense", "J♣", "A♠ K♥", str(folder / "game.json"),
                                    str(folder / "missing.json"), str(folder), "{not json"])


@pytest.mark.parametrize("name", FACTORIES)
def test_random_clicks_leave_a_valid_widget(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # any file the clicks save lands in the test's own folder
    rng = random.Random(name)
    widget = FACTORIES[name]()
    widget.assert_valid()
    for _ in range(CLICKS_PER_WIDGET):
        choices = controls(widget)
        assert choices, f"{name} offers no control at all: a dead end"
        quick = [c for c in choices if not is_slow(c)]
        pool = choices if not quick or rng.random() < SLOW_SHARE else quick
        use(rng.choice(pool), rng, tmp_path)
        widget.assert_valid()



@pytest.mark.parametrize("name", FACTORIES)
def test_every_choice_box_shows_a_choice(name):
    """A Dropdown given the value None shows an empty box in the browser (ipywidgets reads None as no choice)."""
    empty = [c.description for c in controls(FACTORIES[name]())
             if isinstance(c, w.widgets.widget_selection._Selection) and c.options and c.index is None]
    assert not empty, f"{name}: empty choice boxes {empty}"
