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


@pytest.mark.posix("file modes such as 0o640 are POSIX's: Windows keeps only a read-only flag")
def test_a_writable_saved_game_is_still_replaced_keeping_its_mode(tmp_path):
    path = tmp_path / "game.json"
    save_game(new_game(CUTTHROAT, seed=1), path)
    path.chmod(0o640)
    save_game(new_game(CUTTHROAT, seed=2), path)
    assert '"seed": 2' in path.read_text() and stat.S_IMODE(os.stat(path).st_mode) == 0o640


# -- seals: a game changed outside the table is told from one the table saved (point 4) -------------------------

import json  # noqa: E402

from euchre_lesson import RandomPlayer, RuleOfThumbPlayer, load_game, replay  # noqa: E402
from euchre_lesson.engine.game import game_from_record, load_saved  # noqa: E402
from euchre_lesson.play import seal  # noqa: E402
from euchre_lesson.play.seal import Trust  # noqa: E402


@pytest.fixture
def keys(tmp_path, monkeypatch):
    """A key folder of this test's own, empty."""
    folder = tmp_path / "keys"
    monkeypatch.setenv(seal.KEY_SETTING, str(folder))
    return folder


def played(session: TableSession, hands: int, learner=None) -> TableSession:
    learner = learner or RuleOfThumbPlayer()
    while len(session.game.hands) < hands or not session.my_turn:
        news = session.act(learner.choose(session.view)) if session.my_turn else session.next_hand()
        assert not news.refused
    return session


def saved_record(path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def rewritten(path, record) -> None:
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False), encoding="utf-8")


def loaded(path, rules=CUTTHROAT) -> TableSession:
    session = TableSession(new_game(rules, seed=99))
    assert session.load(path).told is Told.LOADED
    return session


def test_the_table_seals_what_it_saves_and_a_game_kept_as_saved_loads_as_kept(keys, tmp_path):
    path = tmp_path / "game.json"
    session = played(TableSession(new_game(PARTNERSHIP, seed=4), 1), hands=2)
    assert not (keys / seal.KEY_NAME).exists(), "no key before the first save"
    assert session.save(path).told is Told.SAVED
    assert stat.S_IMODE(os.stat(keys / seal.KEY_NAME).st_mode) == 0o600
    record = saved_record(path)
    assert record["seal"].startswith("hmac-sha256:") and "seal" not in json.dumps(record["hands"])
    assert loaded(path).trust is Trust.KEPT
    assert load_game(path) == session.game and game_from_record(record) == session.game
    rewritten(path, dict(reversed(list(record.items()))))  # key order and spacing are not the game
    assert loaded(path).trust is Trust.KEPT


def test_a_record_edited_to_start_at_9_0_0_loads_and_is_told_as_edited(keys, tmp_path, coach_by_itself):
    path = tmp_path / "game.json"
    session = TableSession(new_game(CUTTHROAT, seed=6), 0)
    session.save(path)
    record = saved_record(path)
    assert record["scores"] == [0, 0, 0] and len(record["hands"]) == 1
    record["starting_scores"] = record["scores"] = [9, 0, 0]
    rewritten(path, record)
    table = Table(CUTTHROAT, seed=1)
    table.path_input.value = str(path)
    table.load_button.click()
    assert table.game.scores == (9, 0, 0) and table.session.trust is Trust.EDITED
    assert "changed outside the table" in table.note.value and "Edited game" in table.header.value
    assert "started from scores 9, 0, 0" in table.header.value
    assert "from an edited game" in table.scores.value
    played(table.session, hands=1)
    while not table.hand.is_over:
        table.session.act(RuleOfThumbPlayer().choose(table.view))
    assert table.session.wait_for_coach(), "the coach looks at the hand by itself"
    assert table.session.graded.edited and "from an edited game" in table.grades.value


def test_past_moves_rewritten_the_computers_too_are_told_as_edited(keys, tmp_path):
    path = tmp_path / "game.json"
    session = played(TableSession(new_game(CUTTHROAT, seed=8), 0, "random"), hands=3)
    session.save(path)
    record = saved_record(path)
    other = played(TableSession(new_game(CUTTHROAT, seed=8), 0, "rule of thumb"), hands=3, learner=RandomPlayer(3))
    assert other.game.record()["hands"][0] != record["hands"][0], "another game from the same deals"
    forged = {**other.game.record(), "seal": record["seal"]}
    rewritten(path, forged)
    again = loaded(path)
    assert again.game == other.game and again.trust is Trust.EDITED
    rewritten(path, record)  # the record as the table saved it: kept
    assert loaded(path).trust is Trust.KEPT


def test_a_game_saved_again_from_an_edited_game_stays_edited(keys, tmp_path):
    path, again = tmp_path / "game.json", tmp_path / "again.json"
    TableSession(new_game(CUTTHROAT, seed=6)).save(path)
    record = saved_record(path)
    record["starting_scores"] = record["scores"] = [0, 5, 0]
    rewritten(path, record)
    edited = loaded(path)
    assert edited.save(again).told is Told.SAVED and loaded(again).trust is Trust.EDITED
    laundered = saved_record(again)
    laundered["seal"] = laundered["seal"].replace(":edited:", ":played:")
    rewritten(again, laundered)
    assert loaded(again).trust is Trust.EDITED


def test_an_unsealed_file_loads_with_a_plain_note_that_it_cannot_be_checked(keys, tmp_path):
    path = tmp_path / "old.json"
    save_game(new_game(CUTTHROAT, seed=3), path)  # as older versions and code save: no seal
    assert "seal" not in saved_record(path)
    table = Table(CUTTHROAT, seed=1)
    table.path_input.value = str(path)
    table.load_button.click()
    assert table.session.trust is Trust.UNCHECKED and "Loaded the game" in table.note.value
    assert "cannot be checked" in table.note.value and "Edited" not in table.header.value
    assert "edited game" not in table.scores.value


def test_a_seal_made_with_another_key_cannot_be_checked_here(keys, tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    TableSession(new_game(CUTTHROAT, seed=3)).save(path)
    monkeypatch.setenv(seal.KEY_SETTING, str(tmp_path / "another user's keys"))
    assert loaded(path).trust is Trust.ELSEWHERE
    assert not (tmp_path / "another user's keys").exists(), "a load makes no key"


def test_a_damaged_seal_is_an_edited_game(keys, tmp_path):
    path = tmp_path / "game.json"
    TableSession(new_game(CUTTHROAT, seed=3)).save(path)
    for damaged in ("hmac-sha256", 5, "", ["x"]):
        rewritten(path, {**saved_record(path), "seal": damaged})
        assert loaded(path).trust is Trust.EDITED


def test_without_a_key_folder_the_game_is_saved_unsealed_and_the_table_says_so(tmp_path, monkeypatch):
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(seal.KEY_SETTING, str(blocker / "keys"))
    table = Table(CUTTHROAT, seed=2)
    table.path_input.value = str(tmp_path / "game.json")
    table.save_button.click()
    assert "Saved the game" in table.note.value and "without a seal" in table.note.value
    assert "seal" not in saved_record(tmp_path / "game.json")


def test_a_hand_record_stays_plain_editable_notation(keys, tmp_path):
    path = tmp_path / "game.json"
    played(TableSession(new_game(CUTTHROAT, seed=5)), hands=2).save(path)
    game, record = load_saved(path)
    hand = record["hands"][0]
    assert set(hand) == set(game.hands[0].record()) and replay(hand) == game.hands[0]
    assert json.dumps(hand) == json.dumps(game.hands[0].record())


def test_the_engine_keeps_only_a_place_for_a_seal(tmp_path):
    path = tmp_path / "game.json"
    game = new_game(CUTTHROAT, seed=5)
    save_game(game, path, seal=lambda record: f"made from {len(record['hands'])} hand")
    assert saved_record(path)["seal"] == "made from 1 hand" and load_game(path) == game
    with pytest.raises(NotationError, match="seal"):
        save_game(game, path, seal="not a function")
