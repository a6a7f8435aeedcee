"""Every widget's public constructor and methods, given wrong values: a ValueError (NotationError, IllegalAction)
that names the argument, never a TypeError, AttributeError or TraitError, and nothing on screen changes."""

import pytest
from table_checks import check
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RandomPlayer, Suit, deal_hand, parse_card, play_out, widgets

# None, text, empty text, floats, bools, huge and negative whole numbers, a list, an object.
BAD = (None, "nonsense", "", 1.5, float("nan"), True, False, 10**30, 2**64, -1, [], {}, object())
RECORD = play_out(deal_hand(CUTTHROAT, 1, seed=7), [RandomPlayer(s) for s in range(3)]).record()


def wrong(*allowed):
    """The bad values, less those this argument accepts (compared by type too: True is not 1)."""
    return [v for v in BAD if not any(type(v) is type(a) and v == a for a in allowed)]


# (widget, argument, values that must be refused, how to make the widget with that argument)
CONSTRUCTORS = [
    ("Table", "rules", wrong(), lambda v: widgets.Table(v)),
    ("Table", "seat", wrong(), lambda v: widgets.Table(CUTTHROAT, seat=v)),
    ("Table", "level", wrong(), lambda v: widgets.Table(CUTTHROAT, level=v)),
    ("Table", "seed", wrong(None), lambda v: widgets.Table(CUTTHROAT, seed=v)),
    ("BiddingTrainer", "rules", wrong(), lambda v: widgets.BiddingTrainer(v, worlds=8)),
    ("BiddingTrainer", "seed", wrong(None), lambda v: widgets.BiddingTrainer(seed=v, worlds=8)),
    ("BiddingTrainer", "seat", wrong(None), lambda v: widgets.BiddingTrainer(seat=v, worlds=8)),
    ("BiddingTrainer", "worlds", wrong(), lambda v: widgets.BiddingTrainer(worlds=v)),
    ("DummyTrainer", "seed", wrong(None), lambda v: widgets.DummyTrainer(seed=v)),
    ("FollowSuitTrainer", "seed", wrong(None), lambda v: widgets.FollowSuitTrainer(seed=v)),
    ("FollowSuitTrainer", "rules", wrong(), lambda v: widgets.FollowSuitTrainer(rules=v)),
    ("RankingExplorer", "trump", wrong(), lambda v: widgets.RankingExplorer(trump=v)),
    ("RankingExplorer", "deck", wrong(), lambda v: widgets.RankingExplorer(deck=v)),
    ("ScoreCalculator", "rules", wrong(), lambda v: widgets.ScoreCalculator(v)),
    ("ScoreQuiz", "seed", wrong(None), lambda v: widgets.ScoreQuiz(seed=v)),
    ("ScoreQuiz", "rules", wrong(None), lambda v: widgets.ScoreQuiz(rules=v)),
    ("HandReplay", "record", wrong(), lambda v: widgets.HandReplay(v)),
    ("HandReplay", "seat", wrong(None), lambda v: widgets.HandReplay(RECORD, seat=v)),
    ("CardRow", "on_pick", wrong(None), lambda v: widgets.CardRow(on_pick=v)),
    ("card_button", "card", wrong(), lambda v: widgets.card_button(v)),
    ("card_button", "trump", wrong(None), lambda v: widgets.card_button(parse_card("J♥"), v)),
    ("four_colours", "widget", wrong(), lambda v: widgets.four_colours(v)),
    ("four_colours", "on", wrong(True, False), lambda v: widgets.four_colours(widgets.CardRow(), v)),
]


@pytest.mark.parametrize(
    "widget, argument, values, make",
    CONSTRUCTORS,
    ids=[f"{widget}-{argument}" for widget, argument, _, _ in CONSTRUCTORS],
)
def test_a_constructor_refuses_wrong_values_by_name(widget, argument, values, make):
    for value in values:
        with pytest.raises(ValueError) as refused:
            make(value)
        assert argument in str(refused.value).lower(), f"{widget}({argument}={value!r}): {refused.value}"
        assert len(str(refused.value)) < 400, "a message quotes a short excerpt of the input"


@pytest.mark.parametrize(
    "make",
    [
        lambda: widgets.Table(seet=1),
        lambda: widgets.Table(layout=5),
        lambda: widgets.RankingExplorer(colour="red"),
        lambda: widgets.ScoreQuiz(layout=[]),
    ],
    ids=["unknown", "bad layout", "unknown", "bad layout"],
)
def test_a_wrong_keyword_for_the_box_is_refused_by_name(make):
    with pytest.raises(ValueError, match="seet|layout|colour"):
        make()


def test_what_the_wrong_values_were_meant_to_say_is_understood():
    """A preset's name for the rules and a suit's text for trump are read; a seat of -1 is not "all hands"."""
    assert widgets.Table("partnership", seed=3).game.rules == PARTNERSHIP
    assert widgets.ScoreCalculator("partnership").rules == PARTNERSHIP
    assert widgets.RankingExplorer(trump="H").trump is Suit.HEARTS
    with pytest.raises(ValueError, match="None"):
        widgets.HandReplay(RECORD, seat=-1)
    with pytest.raises(ValueError, match="0 to 2"):
        widgets.HandReplay(RECORD, seat=3)  # a three-player record has seats 0, 1 and 2


def _table():
    return widgets.Table(CUTTHROAT, seed=3)


# (widget, method, argument, values that must be refused, the widget, how to call the method)
METHODS = [
    ("Table", "act", "action", wrong(), _table, lambda t, v: t.act(v)),
    ("Table", "start", "game", wrong(), _table, lambda t, v: t.start(v, "random")),
    ("Table", "start", "level", wrong(), _table, lambda t, v: t.start(t.game, v)),
    ("BiddingTrainer", "deal", "seed", wrong(None), lambda: widgets.BiddingTrainer(worlds=8), lambda t, v: t.deal(v)),
    ("BiddingTrainer", "choose", "action", wrong(), lambda: widgets.BiddingTrainer(worlds=8), lambda t, v: t.choose(v)),
    ("DummyTrainer", "deal", "seed", wrong(None), widgets.DummyTrainer, lambda t, v: t.deal(v)),
    ("DummyTrainer", "toggle", "card", wrong() + ["A♠ K♠", "J♦" * 60], widgets.DummyTrainer, lambda t, v: t.toggle(v)),
    ("FollowSuitTrainer", "deal", "seed", wrong(None), widgets.FollowSuitTrainer, lambda t, v: t.deal(v)),
    ("FollowSuitTrainer", "pick", "card", wrong(), widgets.FollowSuitTrainer, lambda t, v: t.pick(v)),
    ("RankingExplorer", "pick", "card", wrong() + ["7♥"], widgets.RankingExplorer, lambda t, v: t.pick(v)),
    ("HandReplay", "go", "step", wrong(10**30, 2**64, -1), lambda: widgets.HandReplay(RECORD), lambda t, v: t.go(v)),
]


@pytest.mark.parametrize(
    "widget, method, argument, values, make, call",
    METHODS,
    ids=[f"{widget}.{method}-{argument}" for widget, method, argument, *_ in METHODS],
)
def test_a_method_refuses_wrong_values_by_name_and_changes_nothing(widget, method, argument, values, make, call):
    shown = make()
    before = {
        name: getattr(shown, name) for name in ("game", "state", "chosen", "step", "trump") if hasattr(shown, name)
    }
    for value in values:
        with pytest.raises(ValueError) as refused:
            call(shown, value)
        assert argument in str(refused.value).lower(), f"{widget}.{method}({value!r}): {refused.value}"
        assert len(str(refused.value)) < 400, "a message quotes a short excerpt of the input"
        assert {name: getattr(shown, name) for name in before} == before
        check(shown)  # the Table's checks live in tests/table_checks.py


def test_a_card_row_refuses_wrong_cards_and_marks():
    row = widgets.CardRow()
    for value in wrong([]) + [["nonsense"], [None], ["J♥"] * 33]:
        with pytest.raises(ValueError, match="cards"):
            row.show(value)
    for name in ("legal", "chosen"):
        with pytest.raises(ValueError, match=name):
            row.show([parse_card("J♥")], **{name: 5})
    for name in ("disabled", "hidden"):
        with pytest.raises(ValueError, match=name):
            row.show([parse_card("J♥")], **{name: "yes"})
    with pytest.raises(ValueError, match="trump"):
        row.show([parse_card("J♥")], "nonsense")
    row.show([parse_card("J♥")])
    with pytest.raises(ValueError, match="A♠"):
        row.button_for(parse_card("A♠"))
    assert row.cards == (parse_card("J♥"),)
