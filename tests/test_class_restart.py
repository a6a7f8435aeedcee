"""The class's server started again: it says what it restored, plays a changed house_rules.json in its new games
(saying so at each table), applies or names every option that differs from the class it restored, starts afresh
with --new (the old files moved aside, never deleted), holds its folder against a second server, and refuses a bad
option in words before anything is written."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from euchre_lesson.classroom.__main__ import arguments, main, open_class
from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.keeping import FolderHold
from euchre_lesson.engine.language import speaking
from euchre_lesson.play.table_model import LEVELS

ROOT = Path(__file__).resolve().parent.parent


def started(folder: Path, *options: str) -> tuple[Classroom, list[str]]:
    """The class the command opens in `folder` with these options, and what it said."""
    said: list[str] = []
    room = open_class(arguments(["--folder", str(folder), *options]), said.append)
    return room, said


def rules_file(folder: Path, rules: dict) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / "house_rules.json").write_text(json.dumps(rules), encoding="utf-8")
    return folder


def files_of(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


# -- bad options -------------------------------------------------------------------------------------------------

BAD = [
    (["--pace", "-1"], "argument --pace: '-1' is not a number of seconds from 0 to 86,400: give one such as 1.5"),
    (["--pace", "nan"], "argument --pace: 'nan' is not a number of seconds"),
    (["--absent-after", "inf"], "argument --absent-after: 'inf' is not a number of seconds"),
    (["--tables", "0"], "argument --tables: '0' is not a whole number from 1 to 100: give one such as 2"),
    (["--tables", "1000"], "argument --tables: '1000' is not a whole number from 1 to 100"),
    (["--tables", "two"], "argument --tables: 'two' is not a whole number from 1 to 100"),
    (["--game", "poker"], "argument --game: 'poker' is not one of 'cutthroat', 'partnership', 'twohand', 'railroad'"),
    (["--level", "genius"], "argument --level: 'genius' is not one of 'random', 'beginner', 'rule of thumb'"),
    (["--port", "70000"], "argument --port: '70000' is not a whole number from 1 to 65535: give one such as 8765"),
    (["--port", "0"], "argument --port: '0' is not a whole number from 1 to 65535"),
    (["--seed", "-3"], "argument --seed: '-3' is not a whole number from 0"),
    (["--cull-after", "soon"], "argument --cull-after: 'soon' is not a time: give one such as 30s, 5m or 1h"),
    (["--host", "my laptop"], "argument --host: 'my laptop' is not an address to listen on: give 0.0.0.0"),
]


@pytest.mark.parametrize("options, said", BAD, ids=[" ".join(options) for options, _ in BAD])
def test_a_bad_option_is_refused_in_words_before_anything_is_written(tmp_path, capsys, options, said):
    """Before: --pace -1 and --tables 0 were taken (a class of no tables), --tables 1000 laid a thousand tables, an
    unknown game or a port out of range reached a traceback."""
    with pytest.raises(SystemExit) as stopped:
        main(["--folder", str(tmp_path / "class"), *options])
    assert stopped.value.code == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "class").exists(), "nothing written"


def test_the_levels_offered_are_the_computer_players_levels():
    assert "expert" in LEVELS and all(level in arguments(["--level", level]).level for level in LEVELS)


def test_a_mistake_in_the_house_rules_file_stops_the_command_before_the_folder_is_made(tmp_path):
    (tmp_path / "house_rules.json").write_text('{"cutthroat": {"stick_the_dealer": "yes"}}', encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main(["--folder", str(tmp_path / "class"), "--house-rules", str(tmp_path)])
    assert "stick_the_dealer" in str(stopped.value.code) and not (tmp_path / "class").exists()


# -- one server per folder ---------------------------------------------------------------------------------------------


@pytest.mark.posix("the lock file names its process (os.pread)")
def test_a_second_server_on_a_class_folder_stops_naming_the_process_that_holds_it(tmp_path):
    """Before: two servers on one folder both ran, and a student who joined the first was gone."""
    room, _ = started(tmp_path / "class")
    room.join("Ana", room.join_code)
    before = files_of(tmp_path / "class")
    hold = FolderHold(tmp_path / "class")
    try:
        with pytest.raises(SystemExit) as stopped:
            main(["--folder", str(tmp_path / "class")])
    finally:
        hold.close()
    assert str(stopped.value.code) == (
        f"The class in {tmp_path / 'class'} is being served already, by process {os.getpid()} on this computer: "
        f"stop that server first (Ctrl-C in its window), or choose another folder for this one (--folder)."
    )
    after = files_of(tmp_path / "class")
    assert {name: data for name, data in after.items() if name != "classroom.lock"} == before
    room.close()


def test_a_port_in_use_stops_the_command_in_words_before_a_class_is_written(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit) as stopped:
            main(["--folder", str(tmp_path / "class"), "--host", "127.0.0.1", "--port", str(port)])
    assert str(stopped.value.code).startswith(f"The class's server cannot listen at 127.0.0.1:{port}: ")
    assert "choose another with --port (make classroom PORT=8000)" in str(stopped.value.code)
    assert not (tmp_path / "class" / "classroom.json").exists()
    FolderHold(tmp_path / "class").close()  # the command let go of the folder


def test_a_folder_of_tables_without_its_class_file_stops_the_command_in_words(tmp_path):
    room, _ = started(tmp_path / "class")
    room.close()
    (tmp_path / "class" / "classroom.json").unlink()
    before = files_of(tmp_path / "class")
    with pytest.raises(SystemExit) as stopped:
        main(["--folder", str(tmp_path / "class")])
    assert "holds tables (table-1.json) but no class file (classroom.json)" in str(stopped.value.code)
    assert files_of(tmp_path / "class") == {**before, "classroom.lock": files_of(tmp_path / "class")["classroom.lock"]}


# -- restoring -------------------------------------------------------------------------------------------------------


def test_a_restart_says_what_it_restored(tmp_path):
    room, said = started(tmp_path / "class", "--tables", "2", "--seed", "5")
    assert said == []
    token = room.join("Ana", room.join_code).token
    room.choose_table(token, 2)
    room.close()
    back, said = started(tmp_path / "class")
    assert said[0].startswith(f"Restored the class kept in {tmp_path / 'class'}: 1 student, 2 tables, last saved ")
    assert "minutes ago)." in said[0]
    assert said[1] == "    table 1: Cutthroat Euchre, hand 1, scores 0-0-0 (no students)"
    assert said[2] == "    table 2: Cutthroat Euchre, hand 1, scores 0-0-0 (Ana)"
    assert "a seat is theirs for 60 seconds before the computer plays it" in said[3]
    back.close()


def test_a_changed_house_rules_file_is_played_in_new_games_and_each_table_says_so(tmp_path):
    """Before: a restart brought back the first day's rules without a word."""
    lessons = rules_file(tmp_path / "lessons", {})
    room, _ = started(tmp_path / "class", "--tables", "2", "--seed", "5", "--house-rules", str(lessons))
    token = room.join("Ana", room.join_code).token
    room.choose_table(token, 1)
    table = room.tables[0]
    room.pace = 0.0
    table.pace = 0.0
    while table.seats[table.game.to_act] is None:
        assert table.step() is not None
    room.act(token, room.seat_view(token)["hand_in_play"]["legal"][0])
    room.close()
    rules_file(lessons, {"cutthroat": {"stick_the_dealer": True}})
    back, said = started(tmp_path / "class", "--house-rules", str(lessons))
    changed = "stick the dealer: on (C9), was off"
    assert f"The house rules changed: cutthroat: {changed}." in said
    assert "Table 1 ends its game by the old rules; its next game plays by the new ones." in said
    assert "Table 2 had not begun: its game starts again under the new house rules." in said
    first, second = back.tables
    assert not first.game.rules.stick_the_dealer and second.game.rules.stick_the_dealer
    assert first.notice == (
        f"The house rules changed ({changed}): this game ends by the rules it began with, and the next game at this "
        f"table plays by the new ones."
    )
    assert first.notice in back.picture(token)["prompt"], "Ana's page says it"
    with speaking("fr"):  # and each page in its own language (it was one English sentence for every page)
        assert first.notice.startswith("Les règles maison ont changé (le donneur obligé : oui (C9), avant : non)")
    assert second.notice == "" and back.house_rules.rules("cutthroat").stick_the_dealer
    kept = json.loads((tmp_path / "class" / "classroom.json").read_text())
    assert kept["house_rules"]["cutthroat"] == {"stick_the_dealer": True}
    back.teacher(back.teacher_code).new_game(1, seed=3)
    assert first.game.rules.stick_the_dealer and first.notice == "", "the next game plays by them, the notice gone"
    back.close()
    again, said = started(tmp_path / "class", "--house-rules", str(lessons))
    assert not any("house rules" in line for line in said), "said once, when they changed"
    again.close()


def test_options_that_differ_from_the_restored_class_are_applied_or_named(tmp_path):
    """Before: --level, --pace, --tables and --game were ignored without a word."""
    room, _ = started(tmp_path / "class", "--tables", "2", "--level", "random")
    room.close()
    options = ["--pace", "0.5", "--absent-after", "20", "--level", "expert", "--tables", "3", "--game", "twohand"]
    back, said = started(tmp_path / "class", *options)
    assert back.pace == 0.5 and all(table.pace == 0.5 and table.absent_after == 20 for table in back.tables)
    assert "Applied: --pace 0.5 and --absent-after 20 at every table." in said
    assert "Applied: --level expert: the computer players at every table play at it now." in said
    assert "Applied: --tables 3; the tables added play twohand." in said
    assert [table.game.rules.game for table in back.tables] == ["cutthroat", "cutthroat", "twohand"]
    assert any(line.startswith("Not applied: --game twohand to the tables restored") for line in said)
    back.close()
    fewer, said = started(tmp_path / "class", "--tables", "1", "--join-code", "HJKM")
    assert len(fewer.tables) == 3 and any(line.startswith("Not applied: --tables 1.") for line in said)
    assert any(line.startswith("Not applied: --join-code.") for line in said)
    kept = json.loads((tmp_path / "class" / "classroom.json").read_text())
    assert kept["pace"] == 0.5 and kept["level"] == "expert", "kept"
    assert fewer.level == "expert" and all(table.level == "expert" for table in fewer.tables)
    assert all(json.loads((tmp_path / "class" / f"table-{n}.json").read_text())["level"] == "expert" for n in (1, 2, 3))
    fewer.close()


def test_new_starts_afresh_with_the_old_class_moved_aside_whole(tmp_path):
    room, _ = started(tmp_path / "class")
    room.join("Ana", room.join_code)
    room.close()
    before = files_of(tmp_path / "class")
    fresh, said = started(tmp_path / "class", "--new")
    assert fresh.students == () and fresh.teacher_code != room.teacher_code
    aside = [path for path in (tmp_path / "class").iterdir() if path.name.startswith("earlier-class-")]
    assert len(aside) == 1 and said == [
        f"--new: the class kept in {tmp_path / 'class'} was moved aside, whole, into {aside[0]} (nothing was deleted)."
    ]
    assert files_of(aside[0]) == before, "every file, byte for byte"
    fresh.close()


def test_the_time_the_server_was_down_is_nobody_s_absence(tmp_path):
    """A student back within the grace period (the absence before the computer plays) finds the seat unplayed."""
    clock = [1000.0]
    room = Classroom(tmp_path / "class", level="random", pace=0.0, absent_after=30.0, clock=lambda: clock[0])
    room.new_table("cutthroat", seed=7)
    token = room.join("Ana", room.join_code).token
    room.choose_table(token, 1)
    table = room.tables[0]
    while table.seats[table.game.to_act] is None:
        assert table.step() is not None
    room.close()
    clock[0] += 3600  # the server was down an hour
    back = Classroom.restore(tmp_path / "class", clock=lambda: clock[0])
    table = back.tables[0]
    clock[0] += 29
    assert table.step() is None and table.due() == 1.0, "Ana's seat is hers for the grace period"
    back.back(token)
    clock[0] += 60
    assert table.step() is None and table.due() is None, "back: her turn waits for her"
    back.close()


@pytest.mark.posix("runs make, which Windows does not have")
def test_make_classroom_takes_a_port_and_a_host():
    """Before: make classroom served port 8765 on every address, whatever it was told."""
    ran = subprocess.run(
        ["make", "-n", "classroom", "PORT=9001", "HOST=127.0.0.1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "HOST": "my-laptop"},
        check=True,
    )
    assert "-m euchre_lesson.classroom --host 127.0.0.1 --port 9001 " in ran.stdout
    plain = subprocess.run(
        ["make", "-n", "classroom"], cwd=ROOT, capture_output=True, text=True, env={**os.environ, "HOST": "x"}
    )
    assert "-m euchre_lesson.classroom --host 0.0.0.0 --port 8765 " in plain.stdout, "a shell's HOST never leaks in"
