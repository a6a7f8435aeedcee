"""Projector mode (issue 28, 4): the Table's setting, its open hands for a demonstration, and its style sheet scoped
to the projector class (the browser test measures it at 1280 x 720: tests/browser/test_app_in_browser.py)."""

import re

import pytest
from table_checks import seat_picture

from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.rules import PARTNERSHIP
from euchre_lesson.widgets import DummyTrainer, ScoreQuiz, Table
from euchre_lesson.widgets.cards import CSS
from euchre_lesson.widgets.projector import CSS as PROJECTOR_CSS
from euchre_lesson.widgets.projector import PROJECTOR


def _faces(table: Table, seat: int) -> set[str]:
    """The cards the board shows face up at a seat."""
    return {card["id"] for card in seat_picture(table, seat)["cards"]}


def test_a_table_in_projector_mode_carries_the_class_and_offers_open_hands():
    table = Table(seed=3)
    assert PROJECTOR not in table._dom_classes and table.open_hands_input.layout.display == "none"
    table.show_projector()
    assert PROJECTOR in table._dom_classes and table.open_hands_input.layout.display == ""
    assert PROJECTOR in Table(seed=3, projector=True)._dom_classes


def test_open_hands_show_every_seats_cards_and_the_dummy_and_closing_them_hides_them_again():
    table = Table(seed=3, projector=True)
    up = str(table.view.up_card)
    for seat in (1, 2):  # backs, but for the up-card the dealer took, which everyone saw
        assert _faces(table, seat) <= {up}, _faces(table, seat)
    table.open_hands_input.value = True  # the learner ticks the box
    for seat in (1, 2):
        assert _faces(table, seat) == set(map(str, table.hand.hands[seat]))
    assert {card["id"] for card in table.board.picture["dummy"]["cards"]} == set(map(str, table.hand.dummy))
    table.show_projector(False)  # back at a learner's own screen: only what your seat may see
    assert not table.hands_open and _faces(table, 2) <= {up} and seat_picture(table, 2)["backs"]
    table.open_hands(True)
    assert _faces(table, 2) == set(map(str, table.hand.hands[2]))


def test_projector_settings_refuse_what_is_not_on_or_off():
    table = Table(seed=3)
    for wrong in ("yes", 1, None):
        with pytest.raises(NotationError, match="on must be"):
            table.show_projector(wrong)
        with pytest.raises(NotationError, match="on must be"):
            table.open_hands(wrong)
    with pytest.raises(NotationError, match="projector must be"):
        Table(projector="on")


def test_every_projector_rule_is_scoped_to_the_projector_class():
    """Outside projector mode the widgets look exactly as before (narrow screens have rules of their own)."""
    css = re.sub(r"/\*.*?\*/", "", PROJECTOR_CSS.removeprefix("<style>").removesuffix("</style>"), flags=re.S)
    rules = re.findall(r"([^{}]+)\{[^{}]*\}", css)
    assert len(rules) > 10
    for selectors in rules:
        for selector in selectors.split(","):
            assert selector.strip().startswith(f".{PROJECTOR}"), selector
    assert PROJECTOR not in CSS


def test_the_class_rules_reach_the_table_the_dummy_and_the_score_quiz_and_wrong_ones_are_refused():
    table = Table(games=[PARTNERSHIP])
    assert dict(table.game_input.options)["Partnership (4 players)"] is PARTNERSHIP
    with pytest.raises(NotationError, match="games must be a list of RuleSets of different games"):
        Table(games=[PARTNERSHIP, PARTNERSHIP])
    with pytest.raises(NotationError, match="games must be"):
        ScoreQuiz(games="cutthroat")
    with pytest.raises(NotationError, match="at least one"):
        ScoreQuiz(games=())
    with pytest.raises(NotationError, match="Cutthroat"):
        DummyTrainer(rules=PARTNERSHIP)
