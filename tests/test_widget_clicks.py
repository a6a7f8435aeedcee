"""Random clicking: thousands of clicks and choices across every widget end without an exception,
and after each one the widget still shows a valid state (its checks hold: `table_checks.check`). Double clicks:
the second click of a double-click never acts on a drawing the learner did not see."""

import random

import ipywidgets as w
import pytest
from table_checks import BoardClick, board_click, board_clicks, check
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import (
    CUTTHROAT,
    PARTNERSHIP,
    RAILROAD,
    TWO_HANDED,
    Phase,
    RuleOfThumbPlayer,
    Suit,
    deal_hand,
    parse_action,
    play_out,
    widgets,
)
from euchre_lesson.play.players import RandomPlayer
from euchre_lesson.widgets.cards import has_class
from euchre_lesson.widgets.table_view import TableView

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
    "Table (two-handed)": lambda: widgets.Table(TWO_HANDED, seed=5),
    "Table (railroad)": lambda: widgets.Table(RAILROAD, seed=6),
}


def controls(widget) -> list:
    """Every control a learner could use now: enabled buttons, choices, number and text boxes, and the clicks the
    Table's board (the one table view) offers."""
    found, stack = [], [widget]
    while stack:
        item = stack.pop()
        if isinstance(item, TableView):
            found += board_clicks(item)
        elif isinstance(item, w.Box):
            stack.extend(item.children)
        elif isinstance(item, w.ValueWidget | w.Button) and not getattr(item, "disabled", False):
            found.append(item)
    return found


@pytest.mark.parametrize("name", FACTORIES)
def test_cards_only_to_look_at_are_pictures_not_buttons_that_do_nothing(name):
    # A disabled button invites a click that does nothing, and a screen reader calls it "dimmed".
    widget, stack, dead = FACTORIES[name](), [], []
    stack.append(widget)
    while stack:
        item = stack.pop()
        stack.extend(getattr(item, "children", ()))
        if isinstance(item, w.Button) and item.disabled and has_class(item, "euchre-card"):
            dead.append(item.tooltip)
    assert not dead, f"{name} draws cards as disabled buttons: {dead}"


def is_slow(control) -> bool:
    words = " ".join(str(getattr(control, name, "")) for name in ("description", "tooltip", "value"))
    if isinstance(control, w.widgets.widget_selection._Selection):
        words += " " + " ".join(map(str, control.options))
    return any(word in words.lower() for word in SLOW_WORDS)


def use(control, rng: random.Random, folder) -> None:
    """One random click, choice or entry, as a learner could make it."""
    if isinstance(control, w.Button | BoardClick):
        control.click()
    elif isinstance(control, w.widgets.widget_selection._MultipleSelection):
        options = list(control.options)
        control.value = (
            tuple(v for v in control.value if v in options)
            if not options
            else tuple(rng.sample([o[1] if isinstance(o, tuple) else o for o in options], rng.randint(0, len(options))))
        )
    elif isinstance(control, w.widgets.widget_selection._Selection):
        if control.options:
            control.index = rng.randrange(len(control.options))
    elif isinstance(control, w.Checkbox | w.ToggleButton):
        control.value = not control.value
    elif isinstance(control, w.widgets.widget_int._Int):
        low, high = getattr(control, "min", -5), getattr(control, "max", 10**6)
        control.value = rng.randint(low, min(high, low + 10**6))
    elif isinstance(control, w.Text | w.Textarea):
        control.value = rng.choice(
            [
                "",
                "nonsense",
                "J♣",
                "A♠ K♥",
                str(folder / "game.json"),
                str(folder / "missing.json"),
                str(folder),
                "{not json",
            ]
        )


@pytest.mark.slow
@pytest.mark.parametrize("name", FACTORIES)
def test_random_clicks_leave_a_valid_widget(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # any file the clicks save lands in the test's own folder
    rng = random.Random(name)
    widget = FACTORIES[name]()
    check(widget)
    for _ in range(CLICKS_PER_WIDGET):
        choices = controls(widget)
        assert choices, f"{name} offers no control at all: a dead end"
        quick = [c for c in choices if not is_slow(c)]
        pool = choices if not quick or rng.random() < SLOW_SHARE else quick
        use(rng.choice(pool), rng, tmp_path)
        check(widget)


@pytest.mark.parametrize("name", FACTORIES)
def test_every_choice_box_shows_a_choice(name):
    """A Dropdown given the value None shows an empty box in the browser (ipywidgets reads None as no choice)."""
    empty = [
        c.description
        for c in controls(FACTORIES[name]())
        if isinstance(c, w.widgets.widget_selection._Selection) and c.options and c.index is None
    ]
    assert not empty, f"{name}: empty choice boxes {empty}"


# -- double clicks: a click message carries no payload, so each button belongs to one drawing -------------


def twice(button) -> None:
    """A double-click as the kernel hears it: the same button clicked twice (on the board: the same message, made
    from the picture the page drew, sent twice)."""
    button.click()
    button.click()


def learner_moves(table) -> list[str]:
    return [str(a) for a, seat in zip(table.hand.history, table.hand.actors) if seat == table.seat]


def control_for(table, action):
    """The control a learner clicks last for this action (the five of a keep selected first)."""
    return board_click(table, action)


def test_a_double_click_on_pass_passes_once():
    table = widgets.Table(seed=1)
    assert table.my_turn and table.hand.phase is Phase.ROUND_ONE
    twice(board_click(table, parse_action("pass")))
    assert learner_moves(table) == ["pass"]


def test_a_double_click_on_a_card_plays_it_once():
    single, double = widgets.Table(seed=1), widgets.Table(seed=1)
    while not (single.my_turn and single.hand.phase is Phase.PLAY):
        action = RuleOfThumbPlayer().choose(single.view)
        single.act(action)
        double.act(action)
    before = learner_moves(double)
    card = double.game.legal_actions()[0].card
    single.act(f"play {card}")
    twice(BoardClick(double.board, card=str(card)))
    assert learner_moves(double) == before + [f"play {card}"]
    assert double.note.value == single.note.value, double.note.value


@pytest.mark.parametrize(
    "rules, seed",
    [(CUTTHROAT, 1), (CUTTHROAT, 5), (PARTNERSHIP, 2), (PARTNERSHIP, 4)],
    ids=["cutthroat-1", "cutthroat-5", "partnership-2", "partnership-4"],
)
def test_double_clicks_at_the_table_act_as_single_clicks(rules, seed, clock):
    """Every control double-clicked, hand after hand: the same game as single clicks, and the same note (a
    person's pace between the double-clicks)."""
    single, double = widgets.Table(rules, seed=seed), widgets.Table(rules, seed=seed)
    learner = RuleOfThumbPlayer()
    while len(single.game.hands) < 4 and not single.game.is_over:
        clock(1)
        if single.my_turn:
            action = learner.choose(single.view)
            single.act(action)
            twice(control_for(double, action))
        else:
            single.next_button.click()
            twice(double.next_button)
        assert (double.game, double.shown) == (single.game, single.shown)
        assert double.note.value == single.note.value, "the second click said something"
        check(double)


def test_a_double_click_on_undo_takes_back_one_action():
    table = widgets.Table(CUTTHROAT, seed=8)
    moments = []
    while len(moments) < 3:
        moments.append(table.game)
        table.act(RuleOfThumbPlayer().choose(table.view))
    twice(table.undo_button)
    assert table.game == moments[-1] and len(table.history) == 2


def test_selecting_cards_and_moves_open_no_widgets():
    """Redraws stay cheap: the board is one widget whose picture changes; a long game does not pile up widgets."""
    table = widgets.Table(CUTTHROAT, seed=5)
    while not (table.my_turn and table.hand.phase is Phase.DUMMY):
        table.act(RuleOfThumbPlayer().choose(table.view))
    widgets_open = len(w.widgets.widget._instances)
    for click in board_clicks(table.board)[:5]:
        click.click()
    assert len(table.selected) == 5 and len(w.widgets.widget._instances) == widgets_open
    table.act(RuleOfThumbPlayer().choose(table.view))
    for _ in range(40):  # old buttons are closed: a long game does not pile up widgets
        table.act(table.game.legal_actions()[0]) if table.my_turn else table.next_button.click()
    assert len(w.widgets.widget._instances) - widgets_open < 40


def test_a_double_click_on_a_bid_in_the_bidding_trainer_keeps_the_verdict():
    trainer = widgets.BiddingTrainer(seed=2, worlds=8)
    twice(trainer.choices.button_for(trainer.state.legal_actions()[0]))
    assert "already" not in trainer.note.value and trainer.chosen is not None
    twice(trainer.new_button)
    assert trainer.seed == 3 and trainer.chosen is None


@pytest.mark.parametrize(
    "make, step",
    [
        (lambda: widgets.DummyTrainer(seed=2), "new_button"),
        (lambda: widgets.FollowSuitTrainer(seed=2), "new_button"),
        (lambda: widgets.BiddingTrainer(seed=2, worlds=8), "new_button"),
        (lambda: widgets.ScoreQuiz(seed=2), "next_button"),
    ],
    ids=["dummy", "follow", "bidding", "quiz"],
)
def test_a_double_click_on_next_moves_one_step(make, step):
    once, double = make(), make()
    getattr(once, step).click()
    twice(getattr(double, step))
    if isinstance(once, widgets.ScoreQuiz):
        assert double.asked == once.asked
    else:
        assert (double.seed, double.state) == (once.seed, once.state)
    check(double)


def test_a_late_click_on_a_card_of_the_last_deal_is_dropped():
    dummy = widgets.DummyTrainer(seed=2)
    late = dummy.own_row.children[0]
    dummy.new_button.click()
    late.click()
    assert not dummy.chosen and "Chosen: 0 of 5" in dummy.counter.value
    follow = widgets.FollowSuitTrainer(seed=2)
    late = follow.hand_row.children[0]
    follow.new_button.click()
    late.click()
    assert (follow.right, follow.wrong, follow.last) == (0, 0, None)
    explorer = widgets.RankingExplorer(trump=Suit.SPADES)
    late, picked = explorer.trump_row.children[3], explorer.first_picker.value
    explorer.trump_picker.value = Suit.HEARTS
    late.click()
    assert explorer.first_picker.value == picked


def test_a_double_click_on_a_card_in_the_follow_trainer_is_judged_once():
    trainer = widgets.FollowSuitTrainer(seed=2)
    twice(trainer.hand_row.children[0])
    assert trainer.right + trainer.wrong == 1


# -- a person's double-click: the second click may land on the table already redrawn ----------------


@pytest.fixture
def clock(monkeypatch):
    """A clock the test moves by hand, and a page whose pointer has not clicked yet."""
    from euchre_lesson.widgets import clicks, page

    now = [1000.0]
    monkeypatch.setattr(clicks.time, "monotonic", lambda: now[0])

    def tick(seconds: float) -> None:
        now[0] += seconds

    with page.bound():
        yield tick


def test_the_second_click_of_a_double_click_on_the_redrawn_table_is_dropped(clock):
    """Seed 1: Pass, and 0.15 s later a click on the new Pass (round two) under the pointer: one pass."""
    table = widgets.Table(seed=1)
    board_click(table, parse_action("pass")).click()
    clock(0.15)
    board_click(table, parse_action("pass")).click()
    assert learner_moves(table) == ["pass"]
    clock(0.5)  # a person who has read the new table clicks again: taken
    board_click(table, parse_action("pass")).click()
    assert learner_moves(table) == ["pass", "pass"]


def test_a_double_click_on_a_card_to_select_selects_it_and_quick_clicks_on_others_are_taken(clock):
    table = widgets.Table(CUTTHROAT, seed=5)
    while not (table.my_turn and table.hand.phase is Phase.DUMMY):
        table.act(RuleOfThumbPlayer().choose(table.view))
    clock(1)
    first, *others = [click.description for click in board_clicks(table.board)][:5]
    BoardClick(table.board, card=first).click()
    clock(0.12)
    BoardClick(table.board, card=first).click()
    assert {str(card) for card in table.selected} == {first}, "a double-click selects a card (not select, unselect)"
    for card in others:  # quick single clicks on other cards of the same drawing are all taken
        clock(0.12)
        BoardClick(table.board, card=card).click()
    assert {str(card) for card in table.selected} == {first, *others}
    clock(0.12)  # a double-click on Keep: the second click lands on a card of the new picture (play)
    keep = next(b["key"] for b in table.board.picture["buttons"] if b["kind"] == "keep")
    BoardClick(table.board, key=keep).click()
    clock(0.12)
    before = learner_moves(table)
    assert table.my_turn and table.hand.phase is Phase.PLAY
    BoardClick(table.board, card=str(table.game.legal_actions()[0].card)).click()
    assert learner_moves(table) == before
