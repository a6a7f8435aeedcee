"""Issue 24, point 3: every seed a game accepts sits the computer players down, and a table never loses its game."""

import pytest
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, new_game, save_game
from euchre_lesson.engine.checks import MOST_SEED
from euchre_lesson.play.session import LEVELS, TableSession, Told, computer_players
from euchre_lesson.widgets.table import Table

GAMES = [CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD]
EDGE_SEEDS = [0, 2**63, 2**64 - 1]


def test_the_seeds_at_the_edges_are_the_seeds_a_game_accepts():
    assert MOST_SEED == 2**64 - 1 and new_game(CUTTHROAT, seed=MOST_SEED).seed == MOST_SEED


@pytest.mark.parametrize("seed", EDGE_SEEDS)
@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_seats_computer_players_at_every_seed(level, seed):
    players = computer_players(level, 4, seed, 1)
    assert sorted(players) == [0, 2, 3]
    again = computer_players(level, 4, seed, 1)
    assert [type(p) for p in players.values()] == [type(p) for p in again.values()]


def test_each_computer_has_its_own_seed_from_the_game_s():
    drawn = [p.seed for p in computer_players("random", 4, 2**64 - 1, 0).values()]
    assert len(set(drawn)) == 3
    assert drawn == [p.seed for p in computer_players("random", 4, 2**64 - 1, 0).values()]


@pytest.mark.parametrize("seed", EDGE_SEEDS)
@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: rules.game)
def test_a_session_starts_loads_and_plays_every_game_at_every_seed(rules, seed, tmp_path):
    session = TableSession(new_game(rules, seed=seed), 0, "random")
    assert session.my_turn or session.hand.is_over
    assert sorted(session.players) == [s for s in range(rules.players) if s != session.seat]
    other = TableSession(new_game(CUTTHROAT, seed=5), 0, "random")
    assert other.new(rules, seed, "random").told is Told.NEW_GAME
    assert other.game.seed == seed and set(other.players) | {other.seat} == set(range(rules.players))
    path = tmp_path / "game.json"
    save_game(new_game(rules, seed=seed), path)
    third = TableSession(new_game(CUTTHROAT, seed=5), 0, "random")
    assert third.load(path).told is Told.LOADED and third.game.seed == seed
    assert set(third.players) | {third.seat} == set(range(rules.players))
    for sitting in (session, other, third):
        sitting.act(sitting.view.legal[0]) if sitting.my_turn else sitting.next_hand()
        assert sitting.my_turn or sitting.hand.is_over


@pytest.mark.parametrize("seed", EDGE_SEEDS)
@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: rules.game)
def test_a_table_starts_every_game_at_every_seed(rules, seed):
    table = Table(rules, seed=seed, level="random")
    assert table.game.seed == seed and (table.my_turn or table.hand.is_over)
    table.seed_input.value, table.level_input.value = seed, "random"
    table.new_button.click()
    assert f"New game, seed {seed}" in table.note.value and table.game.seed == seed


def test_a_game_that_cannot_sit_down_leaves_the_game_in_progress(monkeypatch):
    """Whatever fails while sitting down at a new game (here: a computer player refusing its seed), the old
    game, its players and your seat stay, and the refusal is told."""
    session = TableSession(new_game(PARTNERSHIP, seed=3), 2, "random")
    before = (session.game, session.players, session.seat, session.shown, session.history)

    def refuse(seed):
        raise ValueError("seed refused by the test")

    monkeypatch.setitem(LEVELS, "random", refuse)
    news = session.new(CUTTHROAT, 7, "random")
    assert news.told is Told.CANNOT_START and "refused by the test" in str(news.error)
    assert (session.game, session.players, session.seat, session.shown, session.history) == before


def test_a_failed_click_says_why_in_the_table(monkeypatch):
    table = Table(PARTNERSHIP, seed=3, level="random")
    before = table.game

    def refuse(seed):
        raise ValueError("seed refused by the test")

    monkeypatch.setitem(LEVELS, "random", refuse)
    table.seed_input.value = 9
    table.new_button.click()
    assert "refused by the test" in table.note.value and table.game is before


def test_any_error_a_click_meets_is_said_in_the_note(monkeypatch):
    table = Table(CUTTHROAT, seed=4, level="random")
    before = table.game

    def refuse(*args):
        raise ValueError("the disk said no, in this test")

    for name, button in (("save", table.save_button), ("load", table.load_button), ("undo", table.undo_button)):
        monkeypatch.setattr(table.session, name, refuse)
        table.note.value = ""
        button.click()
        assert "That did not work: the disk said no" in table.note.value and table.game is before


def test_a_click_that_meets_a_fault_of_ours_says_so_instead_of_nothing(monkeypatch):
    """The site's Save raised AttributeError (no os.link in Pyodide) and the click showed nothing at all."""
    from euchre_lesson.widgets import Table

    table = Table(seed=1, level="random")

    def broken(path):
        raise AttributeError("module 'os' has no attribute 'link'")

    monkeypatch.setattr(table.session, "save", broken)
    table._heeded(table.session.save)("game.json")
    assert "through no fault of yours" in table.note.value and "os" in table.note.value


def test_a_listener_that_fails_after_a_click_is_said_in_the_note_and_the_table_still_hears():
    """The session tells every listener even when one fails; the click then says something went wrong."""
    table = Table(CUTTHROAT, seed=4)
    before = table.game

    def broken(news):
        raise RuntimeError("a listener that broke")

    table.session.observe(broken)
    table._heeded(table.session.act)(table.view.legal[0])
    assert table.game is not before, "the click was taken"
    assert "Something went wrong after that, through no fault of yours" in table.note.value
    assert "a listener that broke" in table.note.value
