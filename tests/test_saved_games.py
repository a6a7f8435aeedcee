"""Saved games: a file the user protected stays protected (issue 24, point 5)."""

import os
import stat

import pytest
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import CUTTHROAT, PARTNERSHIP, new_game, save_game
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.play.session import TableSession, Told
from euchre_lesson.widgets.table import Table


@pytest.fixture
def protected(tmp_path):
    """A saved game the user made read-only (chmod 444), and its bytes."""
    path = tmp_path / "kept.json"
    save_game(new_game(CUTTHROAT, seed=1), path)
    path.chmod(0o444)
    yield path, path.read_bytes()
    path.chmod(0o644)


def unchanged(path, data) -> bool:
    return path.read_bytes() == data and stat.S_IMODE(os.stat(path).st_mode) == 0o444


def test_save_game_refuses_to_replace_a_read_only_file(protected):
    path, data = protected
    with pytest.raises(NotationError, match="read-only") as refused:
        save_game(new_game(PARTNERSHIP, seed=2), path)
    assert "kept.json" in str(refused.value) and "another name" in str(refused.value)
    assert unchanged(path, data)
    assert sorted(p.name for p in path.parent.iterdir()) == ["kept.json"], "nothing else is left behind"


def test_the_session_and_the_table_refuse_to_save_over_a_read_only_file(protected):
    path, data = protected
    session = TableSession(new_game(PARTNERSHIP, seed=2))
    news = session.save(path)
    assert news.told is Told.NOT_SAVED and "read-only" in str(news.error) and unchanged(path, data)
    table = Table(PARTNERSHIP, seed=3)
    table.path_input.value = str(path)
    table.save_button.click()
    assert "Not saved" in table.note.value and "read-only" in table.note.value and unchanged(path, data)


def test_a_writable_saved_game_is_still_replaced_keeping_its_mode(tmp_path):
    path = tmp_path / "game.json"
    save_game(new_game(CUTTHROAT, seed=1), path)
    path.chmod(0o640)
    save_game(new_game(CUTTHROAT, seed=2), path)
    assert '"seed": 2' in path.read_text() and stat.S_IMODE(os.stat(path).st_mode) == 0o640
