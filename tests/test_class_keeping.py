"""The class's files: one server per class folder, nothing written over, and a write that fails (a full disk, a
read-only file) pausing the table it touched, with a notice, until writing works again."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from euchre_lesson.classroom import keeping
from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.keeping import LOCK_FILE, FolderHold, clear_leftovers
from euchre_lesson.classroom.refusals import Refused
from euchre_lesson.classroom.table import SAVING_RETRY

FULL = "Saving failed: the disk is full. The table waits; nothing is lost."


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Disk:
    """The class's writes, made to fail with a full disk while `full` is set (as os.write would: OSError ENOSPC)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, error: OSError | None = None) -> None:
        self.full = False
        real = keeping.write_atomically
        failure = error or OSError(errno.ENOSPC, "No space left on device")

        def write(path, data, *, private=False):
            if self.full:
                raise failure
            real(path, data, private=private)

        monkeypatch.setattr(keeping, "write_atomically", write)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def room(tmp_path, clock):
    room = Classroom(tmp_path / "class", level="random", pace=2.0, absent_after=30.0, clock=clock, join="ACDE")
    yield room
    room.close()


def seated(room: Classroom) -> tuple[object, str]:
    """A cutthroat table with Ana at seat 0, computers elsewhere, played until Ana is to act."""
    table = room.new_table("cutthroat", seed=7)
    token = room.join("Ana", "ACDE").token
    room.choose_table(token, 1)
    until_ana(room, token)
    return table, token


def until_ana(room: Classroom, token: str) -> None:
    table = room.tables[0]
    for _ in range(50):
        if table.game.to_act == table.seat_of(token):
            return
        room.clock.now += 5  # type: ignore[attr-defined]
        assert table.step() is not None
    raise AssertionError("Ana never came to act")


def kept_game(room: Classroom) -> dict:
    return json.loads((room.keeper.folder / "table-1.json").read_text(encoding="utf-8"))["game"]


# -- a write that fails ------------------------------------------------------------------------------------------


def test_a_full_disk_pauses_the_table_with_a_notice_keeps_the_last_good_file_and_goes_on_once_it_can(
    room, clock, monkeypatch
):
    """Before: the table played on into the next hands while saving nothing (the save's error went to a listener's
    problems), so a kill lost the hand."""
    disk = Disk(monkeypatch)
    table, ana = seated(room)
    ben = room.join("Ben", "ACDE").token
    assert room.choose_table(ben, 1) == 1 and table.game.to_act == 0  # Ben to Ana's left: he acts next
    before = kept_game(room)
    disk.full = True
    played = room.act(ana, room.seat_view(ana)["hand_in_play"]["legal"][0])
    assert table.notice == FULL
    assert kept_game(room) == before, "the file on disk is the last good state, whole"
    assert FULL in room.picture(ana)["prompt"], "the student's table view says it"
    for _ in range(5):  # the computers wait: nothing more is played that could be lost
        clock.now += 60
        assert table.step() is None
    assert len(table.game.hand.history) == len(before["hands"][-1]["actions"]) + 1
    clock.now += 60
    assert table.due() == 0.0, "the pace keeper comes back to try again"
    assert table.game.to_act == 1
    with pytest.raises(Refused, match="Saving failed: the disk is full") as refused:  # Ben waits, told why
        room.act(ben, room.seat_view(ben)["hand_in_play"]["legal"][0])
    assert room.picture(ben, note=str(refused.value))["prompt"].count("Saving failed") == 1, "said once"
    disk.full = False
    clock.now += SAVING_RETRY
    table.step()  # tries again: saved, the notice goes
    assert table.notice == "" and "Saving failed" not in room.picture(ana)["prompt"]
    assert kept_game(room) == table.game.record() and played
    assert room.act(ben, room.seat_view(ben)["hand_in_play"]["legal"][0]), "the table goes on"
    assert kept_game(room) == table.game.record()


def test_the_next_action_tries_saving_again(room, clock, monkeypatch):
    disk = Disk(monkeypatch)
    table, ana = seated(room)
    disk.full = True
    table.pause(True)  # the teacher's pause is saved too: it fails
    assert table.notice == FULL
    disk.full = False
    table.pause(False)
    assert table.notice == "" and kept_game(room) == table.game.record()
    assert json.loads((room.keeper.folder / "table-1.json").read_text())["paused"] is False


def test_a_read_only_table_file_pauses_the_table_too(room, clock):
    table, ana = seated(room)
    path = room.keeper.folder / "table-1.json"
    before = path.read_text()
    path.chmod(0o444)
    room.act(ana, room.seat_view(ana)["hand_in_play"]["legal"][0])
    assert table.notice == "Saving failed: the class's files are read-only. The table waits; nothing is lost."
    assert path.read_text() == before
    path.chmod(0o600)
    clock.now += SAVING_RETRY
    table.step()
    assert table.notice == "" and kept_game(room) == table.game.record()


def test_a_read_only_folder_pauses_the_table_and_a_new_class_there_is_refused_in_words(room, clock, monkeypatch):
    """A folder nobody may write in (as root every folder is writable, so the refusal the system gives is made)."""
    disk = Disk(monkeypatch, PermissionError(errno.EACCES, "Permission denied"))
    table, ana = seated(room)
    disk.full = True
    room.act(ana, room.seat_view(ana)["hand_in_play"]["legal"][0])
    assert table.notice == "Saving failed: the class's folder is read-only. The table waits; nothing is lost."
    with pytest.raises(
        Refused,
        match=r"The class cannot be kept in .*: the class's folder is read-only\. Choose a folder you may write in",
    ):
        Classroom(room.keeper.folder.parent / "another")


def test_a_student_joining_on_a_full_disk_is_told_in_words_and_is_not_listed_as_waiting(room, monkeypatch):
    """Before: a traceback with the server's paths, no seat, yet listed as waiting, and gone after a restart."""
    disk = Disk(monkeypatch)
    room.new_table("cutthroat", seed=7)
    disk.full = True
    with pytest.raises(Refused) as refused:
        room.join("Gus", "ACDE")
    assert "You could not join yet: saving failed on the class's computer (the disk is full)" in str(refused.value)
    assert room.waiting == () and room.students == ()
    assert "Saving the class failed: the disk is full" in room.notice, "the teacher's page can say it"
    disk.full = False
    token = room.join("Gus", "ACDE").token
    assert room.notice == "" and [student.name for student in room.waiting] == ["Gus"]
    back = Classroom.restore(room.keeper.folder)
    assert [student.name for student in back.students] == ["Gus"] and back.student(token)
    back.close()


def test_a_class_that_cannot_be_saved_as_it_starts_is_refused_in_words(tmp_path, monkeypatch):
    disk = Disk(monkeypatch)
    disk.full = True
    with pytest.raises(
        Refused,
        match=r"The class cannot be kept in .*: the disk is full\. Free some space on the disk, or choose a folder on",
    ):
        Classroom(tmp_path / "class")
    assert not (tmp_path / "class" / "classroom.json").exists()


# -- nothing written over ------------------------------------------------------------------------------------------


def test_a_folder_with_tables_but_no_class_file_is_refused_and_its_tables_are_kept(room):
    """Before: a new class started silently and wrote a new table-1.json over the old one."""
    room.new_table("cutthroat", seed=7)
    folder = room.keeper.folder
    table = (folder / "table-1.json").read_bytes()
    (folder / "classroom.json").unlink()
    with pytest.raises(Refused, match=r"holds tables \(table-1.json\) but no class file \(classroom.json\)"):
        Classroom(folder)
    assert (folder / "table-1.json").read_bytes() == table and not (folder / "classroom.json").exists()


# -- one server per folder --------------------------------------------------------------------------------------------


@pytest.mark.posix("the lock file names its process (os.pread)")
def test_a_second_hold_on_a_class_folder_is_refused_naming_the_process_that_holds_it(tmp_path):
    held = FolderHold(tmp_path)
    try:
        with pytest.raises(Refused, match=rf"being served already, by process {os.getpid()} on this computer"):
            FolderHold(tmp_path)
    finally:
        held.close()
    FolderHold(tmp_path).close()  # let go: the folder may be held again


@pytest.mark.posix("the lock file names its process (os.pread)")
def test_a_hold_left_by_a_process_that_is_gone_is_taken_over(tmp_path):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sys, time
                from pathlib import Path
                from euchre_lesson.classroom.keeping import FolderHold
                FolderHold(Path({str(tmp_path)!r}))
                print("held", flush=True)
                time.sleep(60)
                """
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(Refused, match=rf"by process {holder.pid} on this computer"):
            FolderHold(tmp_path)
    finally:
        holder.kill()
        holder.wait()
    assert (tmp_path / LOCK_FILE).read_text() == f"{holder.pid}\n", "the stale hold is still there"
    FolderHold(tmp_path).close()
    assert (tmp_path / LOCK_FILE).read_text() == f"{os.getpid()}\n"


@pytest.mark.posix("the system's words for a folder opened as a file")
def test_a_folder_that_cannot_be_written_is_refused_in_words_by_the_hold(tmp_path):
    (tmp_path / LOCK_FILE).mkdir()  # in the way: as a folder nobody may write in is, to root too
    with pytest.raises(Refused, match=r"The class cannot be kept in .*: Is a directory\. Choose a folder"):
        FolderHold(Path(tmp_path))


def test_what_a_killed_server_left_half_written_is_cleared_and_nothing_else(tmp_path):
    """write_atomically stages a copy beside a file; a kill -9 before its rename leaves the copy (test_class_kills.py
    counts them): the next start clears those, and never the class's files or anything else."""
    left = [".table-1.json.0123456789ab.tmp", ".classroom.json.ba9876543210.tmp"]
    kept = ["table-1.json", "classroom.json", ".table-1.json.notours.tmp", "notes.tmp", "lesson_answers.json"]
    for name in left + kept:
        (tmp_path / name).write_text("x")
    assert clear_leftovers(tmp_path) == 2
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(kept)


def test_the_join_page_on_a_full_disk_shows_words_and_no_traceback(room, monkeypatch):
    """The student's join form, as the server draws it: a Join on a full disk was a traceback with the server's
    paths."""
    import ipyvuetify as v
    import solara

    from euchre_lesson.classroom.web import pages
    from euchre_lesson.classroom.web.served import ServedClass

    disk = Disk(monkeypatch)
    room.new_table("cutthroat", seed=7)
    joined: list[str] = []
    _, rc = solara.render(
        pages.WithClass(ServedClass.of(room), [pages.JoinForm(on_joined=joined.append, stale=False)]),
        handle_error=False,
    )
    disk.full = True
    name, code = (field.widget for field in rc.find(v.TextField))
    name.v_model, code.v_model = "Gus", "ACDE"
    rc.find(v.Btn, children=["Join"]).widget.click()
    shown = " ".join(
        str(getattr(widget, attribute, "") or "")
        for widget in rc.find().widgets
        for attribute in ("value", "children", "label", "text")
    )
    assert "You could not join yet: saving failed on the class's computer (the disk is full)" in shown
    assert "Traceback" not in shown and str(room.keeper.folder) not in shown
    assert joined == [] and room.waiting == ()
    rc.close()


@pytest.mark.parametrize(
    "error, why",
    [
        (RuntimeError("a bug"), "something went wrong on the class's computer (RuntimeError; its terminal says more)"),
        (OSError(errno.EIO, "Input/output error"), "the disk said Input/output error"),
    ],
)
def test_any_other_failure_to_save_pauses_the_table_in_words_too(room, monkeypatch, error, why):
    """A save that fails otherwise (a damaged disk, a bug) is no traceback on a student's page either."""
    disk = Disk(monkeypatch, error)
    table, ana = seated(room)
    disk.full = True
    room.act(ana, room.seat_view(ana)["hand_in_play"]["legal"][0])
    assert table.notice == f"Saving failed: {why}. The table waits; nothing is lost."


@pytest.mark.posix("a symbolic link made without privileges")
def test_a_table_file_replaced_by_a_link_is_not_written_through_and_no_path_is_shown(room, clock, tmp_path):
    table, ana = seated(room)
    path = room.keeper.folder / "table-1.json"
    (tmp_path / "elsewhere.json").write_text("{}")
    path.unlink()
    path.symlink_to(tmp_path / "elsewhere.json")
    room.act(ana, room.seat_view(ana)["hand_in_play"]["legal"][0])
    assert table.notice == "Saving failed: a file of the class is a link. The table waits; nothing is lost."
    assert (tmp_path / "elsewhere.json").read_text() == "{}"


def test_a_folder_that_cannot_be_read_is_refused_in_words(tmp_path, monkeypatch):
    from pathlib import Path as PathType

    def unreadable(self):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(PathType, "iterdir", unreadable)
    with pytest.raises(Refused, match=r"The class's folder .* cannot be read: Permission denied\. Choose a folder"):
        Classroom(tmp_path / "class")


def test_two_tables_files_are_written_at_once_and_one_file_s_writes_in_order(tmp_path, monkeypatch):
    """Each write flushes to the disk (slow on a class's laptop): a table waits only for its own file's last write,
    never for another table's, and a file's older version never overwrites a newer one."""
    import threading
    import time

    keeper = keeping.Keeper(tmp_path / "class")
    honest, writing = keeping.write_atomically, []

    def slow_write(path, text, **how):
        writing.append(path.name)
        time.sleep(0.3)
        honest(path, text, **how)

    monkeypatch.setattr(keeping, "write_atomically", slow_write)
    threads = [
        threading.Thread(target=keeper.keep, args=(name, 1, {"table": name}))
        for name in ("table-1.json", "table-2.json")
    ]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert time.monotonic() - started < 0.55, "the second table waited for the first table's write"
    assert sorted(writing) == ["table-1.json", "table-2.json"]
    late = threading.Thread(target=keeper.keep, args=("table-1.json", 3, {"version": 3}))
    late.start()
    time.sleep(0.05)
    assert keeper.keep("table-1.json", 2, {"version": 2}) is False, "version 2 waited, then saw 3 was written"
    late.join()
    assert json.loads((tmp_path / "class" / "table-1.json").read_text())["version"] == 3
