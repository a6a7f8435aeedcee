"""Progress that is kept: across processes, through damaged files, with two lessons writing at once."""

import json
import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from euchre_lesson.engine.errors import NotationError
from euchre_lesson.teach import progress
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.progress import FILE_NAME, Progress, ProgressWarning

ROOT = Path(__file__).resolve().parent.parent


class Clock:
    """A clock moved by hand: each reading one second later."""

    def __init__(self, start=1_700_000_000.0):
        self.now = start

    def __call__(self):
        self.now += 1
        return self.now


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home, a Jupyter data folder and a working folder of their own: the real ones are never touched."""
    places = {name: tmp_path / name for name in ("home", "data", "work")}
    for place in places.values():
        place.mkdir()
    monkeypatch.setenv("HOME", str(places["home"]))
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(places["data"]))
    monkeypatch.setenv("XDG_DATA_HOME", str(places["home"] / "share"))
    monkeypatch.delenv(progress.ENVIRONMENT, raising=False)
    monkeypatch.chdir(places["work"])
    return places


def every_file(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def run(code: str, env: dict) -> str:
    """Python code in a new process, with the package importable; its output."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        env={**os.environ, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


# -- where the file is ------------------------------------------------------------------------------


def test_the_default_folder_is_in_the_jupyter_data_folder_and_the_variable_or_argument_overrides_it(
    home, tmp_path, monkeypatch
):
    assert progress.progress_folder() == home["data"] / "euchre_lesson"
    monkeypatch.setenv(progress.ENVIRONMENT, str(tmp_path / "class"))
    assert progress.progress_folder() == tmp_path / "class"
    assert Progress(tmp_path / "given").path == tmp_path / "given" / FILE_NAME
    monkeypatch.setattr(sys, "platform", "emscripten")  # JupyterLite: the browser's storage is /drive
    monkeypatch.delenv(progress.ENVIRONMENT)
    assert progress.progress_folder() == Path(progress.BROWSER_FOLDER)


def test_without_jupyter_core_the_folder_is_a_per_user_one(home, monkeypatch):
    monkeypatch.setitem(sys.modules, "jupyter_core.paths", None)  # import fails
    monkeypatch.delenv("JUPYTER_DATA_DIR")
    monkeypatch.setattr(sys, "platform", "linux")
    assert progress.default_folder() == home["home"] / "share" / "jupyter" / "euchre_lesson"


@pytest.mark.parametrize("folder", [5, "", "a\0b", b"bytes", ["a"]])
def test_a_folder_that_is_not_a_folder_name_is_refused_by_name(folder):
    with pytest.raises(NotationError, match="folder"):
        Progress(folder)


# -- what is kept -----------------------------------------------------------------------------------


def test_done_counts_exercises_answered_right_once_and_next_names_the_first_not_done(tmp_path):
    kept = Progress(tmp_path, clock=Clock())
    total = len(vars(exercises(3)))
    assert kept.done(3) == (0, total)
    assert kept.next_step() == f"Lesson 0: 0 of {len(vars(exercises(0)))} exercises done; next: q1"
    kept.record("lesson 3 q1", False, "yes")
    assert kept.done(3) == (0, total), "a wrong answer is not done"
    kept.record("lesson 3 q1", True, "no")
    kept.record("lesson 3 q1", False, "yes")  # right once stays done
    assert kept.done(3) == (1, total)
    assert kept.answers()["lesson 3 q1"].tries == 3 and kept.answers()["lesson 3 q1"].answer == "yes"
    for name in vars(exercises(0)):
        kept.record(f"lesson 0 {name}", True, "x")
    kept.record("lesson 1 q1", True, "♥")
    assert kept.next_step() == f"Lesson 1: 1 of {len(vars(exercises(1)))} exercises done; next: q2"
    assert [line.lesson for line in kept.summary()] == list(progress.lessons())
    assert (
        str(kept.summary()[0])
        == f"Lesson 0: {len(vars(exercises(0)))} of {len(vars(exercises(0)))} exercises done: all done"
    )


def test_every_lesson_done_says_so(tmp_path):
    kept = Progress(tmp_path, clock=Clock())
    for lesson in progress.lessons():
        for name in vars(exercises(lesson)):
            kept.record(f"lesson {lesson} {name}", True, "x")
    assert kept.next_step().startswith(f"All {len(progress.lessons())} lessons' exercises are done")
    assert all(line.complete for line in kept.summary())


def test_check_gives_the_exercise_verdict_and_keeps_readable_answers_only(tmp_path):
    kept = Progress(tmp_path, clock=Clock())
    assert not kept.check(1, "q1", "♣")
    assert not kept.check(1, "q1", "not a suit")  # unreadable: explained, not a try
    assert not kept.check(1, "q1", ...)
    assert kept.answers()["lesson 1 q1"].tries == 1
    verdict = kept.check(1, "q1", "♥")
    assert verdict and str(verdict) == str(exercises(1).q1.check("♥"))
    assert kept.done(1)[0] == 1 and kept.answers()["lesson 1 q1"].tries == 2


@pytest.mark.parametrize(
    "call, argument",
    [
        (lambda k: k.record("lesson 3 q99", True, "x"), "name"),
        (lambda k: k.record("x", True, "x"), "exercise_id"),
        (lambda k: k.record("lesson 99 q1", True, "x"), "lesson"),
        (lambda k: k.record(3, True, "x"), "exercise_id"),
        (lambda k: k.record("lesson 3 q1", "yes", "x"), "correct"),
        (lambda k: k.record("lesson 3 q1", 1, "x"), "correct"),
        (lambda k: k.done(13), "lesson"),
        (lambda k: k.done("3"), "lesson"),
        (lambda k: k.done(True), "lesson"),
        (lambda k: k.check(3, "q9", "x"), "name"),
        (lambda k: k.record_practice("Which Suit!", True), "kind"),
        (lambda k: k.record_practice("score", None), "correct"),
    ],
)
def test_wrong_arguments_are_refused_by_name_and_nothing_is_written(tmp_path, call, argument):
    kept = Progress(tmp_path)
    with pytest.raises(NotationError) as error:
        call(kept)
    assert error.value.part == argument and len(str(error.value)) < 400
    assert not (tmp_path / FILE_NAME).exists()


def test_a_huge_answer_is_kept_short(tmp_path):
    kept = Progress(tmp_path, clock=Clock())
    kept.record("lesson 1 q1", False, "♥" * 100_000)
    kept.record("lesson 4 q1", False, frozenset(range(10**6)))
    kept.record("lesson 5 q1", False, 10**5000)
    assert all(len(one.answer) <= progress.ANSWER_CHARS + 1 for one in kept.answers().values())
    assert (tmp_path / FILE_NAME).stat().st_size < 4000


def test_practice_keeps_the_recent_results_of_each_kind_in_order(tmp_path):
    kept = Progress(tmp_path, clock=lambda: 1_700_000_000.0)  # a clock that stands still keeps the order too
    for n in range(progress.RECENT + 5):
        kept.record_practice("score", n % 3 == 0)
    results = Progress(tmp_path).practice_results()["score"]
    assert results == tuple(n % 3 == 0 for n in range(5, progress.RECENT + 5))


def test_progress_survives_a_new_process(tmp_path, home):
    env = {progress.ENVIRONMENT: str(tmp_path / "kept"), "HOME": str(home["home"])}
    run(
        """
        from euchre_lesson.teach.context import current
        mine = current().progress  # nothing bound: the learner's own, in $EUCHRE_LESSON_PROGRESS
        mine.record("lesson 2 q1", True, "assist")
        mine.record("lesson 2 q3", False, "pass")
        mine.record_practice("bid", False)
        """,
        env,
    )
    out = run(
        """
        from euchre_lesson.teach.context import current
        mine = current().progress
        print(mine.done(2), mine.practice_results(), mine.next_step())
        """,
        env,
    )
    total = len(vars(exercises(2)))
    assert out.strip() == f"(1, {total}) {{'bid': (False,)}} Lesson 0: 0 of 3 exercises done; next: q1"
    assert every_file(home["home"]) == set() and every_file(home["work"]) == set()


# -- a damaged file is set aside with a message, never a crash ---------------------------------------


def good_text() -> str:
    return json.dumps(
        {
            "version": 1,
            "answers": {"lesson 1 q1": {"correct": True, "tries": 1, "answer": "♥", "when": 1.0}},
            "practice": {},
        }
    )


def shape(**changes) -> bytes:
    data = json.loads(good_text())
    data.update(changes)
    return json.dumps(data).encode()


def entry(**changes) -> bytes:
    one = {"correct": True, "tries": 1, "answer": "♥", "when": 1.0, **changes}
    return shape(answers={"lesson 1 q1": {k: v for k, v in one.items() if v is not None}})


DAMAGED_BYTES = {
    "bad JSON": (b'{"version": 1, "answers": {', "not readable JSON"),
    "Python words": (b"{'version': 1, 'answers': {}, 'practice': {}}", "not readable JSON"),
    "not UTF-8": ('{"version": 1}'.encode("utf-16"), "not UTF-8"),
    "empty": (b"", "empty"),
    "spaces": (b" \n ", "empty"),
    "a list": (b"[1, 2]", "does not hold the progress"),
    "a number": (b"7", "does not hold the progress"),
    "no version": (json.dumps({"answers": {}, "practice": {}}).encode(), "does not hold the progress"),
    "another version": (shape(version=2), "version 2"),
    "version true": (shape(version=True), "version True"),
    "too big": (b" " * (progress.LIMIT + 1), "larger than"),
    "nested deep": (b"[" * 100_000 + b"]" * 100_000, "JSON these lessons can read"),
    "a huge number": (
        b'{"version": 1' + b"0" * 5000 + b', "answers": {}, "practice": {}}',
        "JSON these lessons can read",
    ),
}


def assert_set_aside(folder: Path, kept: Progress, problem: str, caught, answered: int = 0) -> Path:
    """The file was renamed aside, a message says why and where, and the progress starts afresh."""
    aside = sorted(folder.glob(FILE_NAME + ".damaged-*"))
    assert len(aside) == 1, every_file(folder)
    messages = [str(w.message) for w in caught if issubclass(w.category, ProgressWarning)]
    assert len(messages) == 1 and messages == kept.notes, messages
    assert problem in messages[0] and aside[0].name in messages[0] and "set aside" in messages[0]
    assert kept.done(1)[0] == answered, "the progress did not start afresh"
    kept.record("lesson 1 q2", True, "♥")  # and the next answer is kept in a new, good file
    assert Progress(folder).done(1)[0] == answered + 1 and (folder / FILE_NAME).is_file()
    return aside[0]


@pytest.mark.parametrize("name", DAMAGED_BYTES)
def test_a_damaged_file_is_set_aside_with_a_message_and_progress_starts_afresh(tmp_path, name):
    data, problem = DAMAGED_BYTES[name]
    (tmp_path / FILE_NAME).write_bytes(data)
    kept = Progress(tmp_path, clock=Clock())
    with pytest.warns(ProgressWarning) as caught:
        assert kept.summary()[1].done == 0
    aside = assert_set_aside(tmp_path, kept, problem, caught)
    assert aside.read_bytes() == data, "the damaged file was changed"


# One entry that cannot be read is left out with a message (issue 24, point 2), the rest read; None: read as it is.
ENTRIES = {
    "answers a list": (shape(answers=[]), "its answers, [], are not an object"),
    "a field more": (shape(extra=1), "its field 'extra' is none of version, answers, practice, review and language"),
    "an unknown id": (shape(answers={"x": {}}), "the entry 'x' is not an exercise"),
    "correct 1": (entry(correct=1), "has correct 1, not true or false"),
    "tries 0": (entry(tries=0), "has tries 0"),
    "tries a float": (entry(tries=1.5), "has tries 1.5"),
    "a field missing": (entry(when=None), "exercise 'lesson 1 q1' is not an answer"),
    "a time of NaN": (entry(when=float("nan")), "has when nan, not a time"),
    "a time of -1": (entry(when=-1), "has when -1, not a time"),
    "practice not a list": (shape(practice={"score": 3}), "practice results for 'score'"),
    "practice results wrong": (shape(practice={"score": [[1.0, "yes"]]}), "practice result [1.0, 'yes'] for 'score'"),
    "practice kind odd": (shape(practice={"../x": []}), "practice results for '../x'"),
    "an answer too long": (entry(answer="x" * 1000), None),  # cut short, as a new one would be
    "no practice": (json.dumps({"version": 1, "answers": {}}).encode(), None),  # none yet
    "too many results": (shape(practice={"score": [[float(n), True] for n in range(99)]}), None),  # the recent kept
}


@pytest.mark.parametrize("name", ENTRIES)
def test_an_entry_that_cannot_be_read_is_left_out_with_a_message_and_the_file_is_kept(tmp_path, name):
    data, problem = ENTRIES[name]
    (tmp_path / FILE_NAME).write_bytes(data)
    kept = Progress(tmp_path, clock=Clock())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kept.summary()
        kept.record("lesson 2 q1", True, "assist")
    messages = [str(w.message) for w in caught if issubclass(w.category, ProgressWarning)]
    if problem is None:
        assert messages == [] and not list(tmp_path.glob("*.damaged-*"))
        assert len(Progress(tmp_path).practice_results().get("score", ())) in (0, progress.RECENT)
        return
    assert problem in messages[0] and "left out" in messages[0], messages
    aside = list(tmp_path.glob(FILE_NAME + ".damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == data and aside[0].name in messages[-1]
    assert Progress(tmp_path).done(2)[0] == 1


def make_folder(path: Path) -> None:
    path.mkdir()
    (path / "notes.txt").write_text("mine")


def make_link_to_a_file(path: Path) -> None:
    (path.parent / "elsewhere.txt").write_text(good_text())
    path.symlink_to(path.parent / "elsewhere.txt")


def make_dangling_link(path: Path) -> None:
    path.symlink_to(path.parent / "nowhere")


def make_loop(path: Path) -> None:
    path.symlink_to(path)


@pytest.mark.parametrize(
    "make, problem",
    [
        (make_folder, "a folder"),
        (make_link_to_a_file, "a link"),
        (make_dangling_link, "a link"),
        (make_loop, "a link"),
        pytest.param(
            lambda path: os.mkfifo(path),
            "a named pipe",
            marks=pytest.mark.posix("named pipes (mkfifo) are POSIX's: Windows has none"),
        ),
    ],
    ids=["folder", "link", "dangling link", "link loop", "pipe"],
)
def test_something_that_is_not_a_file_is_set_aside_and_a_link_is_never_followed(tmp_path, make, problem):
    make(tmp_path / FILE_NAME)
    kept = Progress(tmp_path, clock=Clock())
    with pytest.warns(ProgressWarning) as caught:
        kept.record("lesson 1 q1", True, "♥")
    aside = assert_set_aside(tmp_path, kept, problem, caught, answered=1)
    if problem == "a folder":
        assert (aside / "notes.txt").read_text() == "mine"
    if aside.is_symlink() and (tmp_path / "elsewhere.txt").exists():
        assert (tmp_path / "elsewhere.txt").read_text() == good_text(), "written through the link"
    assert not (tmp_path / FILE_NAME).is_symlink()


def test_an_unreadable_file_is_set_aside(tmp_path, monkeypatch):
    (tmp_path / FILE_NAME).write_text(good_text())
    real_open = os.open

    def refusing(path, *args, **kwargs):
        if Path(path) == tmp_path / FILE_NAME:
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    kept = Progress(tmp_path, clock=Clock())
    with pytest.warns(ProgressWarning) as caught:
        kept.summary()
    monkeypatch.setattr(os, "open", real_open)
    aside = assert_set_aside(tmp_path, kept, "cannot be read: Permission denied", caught)
    assert aside.read_text() == good_text()


def test_a_damaged_file_that_cannot_be_set_aside_is_never_written_over(tmp_path, monkeypatch):
    (tmp_path / FILE_NAME).write_bytes(b"{broken")
    monkeypatch.setattr(os, "rename", lambda *a: (_ for _ in ()).throw(PermissionError(13, "Permission denied")))
    kept = Progress(tmp_path, clock=Clock())
    with pytest.warns(ProgressWarning, match="could not be set aside"):
        kept.record("lesson 1 q1", True, "♥")
    kept.record("lesson 1 q2", True, "♥")
    assert kept.done(1)[0] == 2, "the answers are not kept in memory"
    assert (tmp_path / FILE_NAME).read_bytes() == b"{broken"
    journals = every_file(tmp_path) - {FILE_NAME, progress.LOCK_NAME}
    assert len(journals) == 1 and progress.JOURNAL.fullmatch(journals.pop()), "the answers are not kept beside it"
    with pytest.warns(ProgressWarning, match="could not be set aside"):
        assert Progress(tmp_path).done(1)[0] == 2
    monkeypatch.undo()
    (tmp_path / FILE_NAME).rename(tmp_path / "broken.json")  # as the message says: moved away
    kept.record("lesson 1 q3", True, "♣")
    assert json.loads((tmp_path / FILE_NAME).read_text())["answers"].keys() == {f"lesson 1 q{n}" for n in (1, 2, 3)}


def test_a_fresh_file_takes_the_place_of_one_set_aside_at_once(tmp_path):
    """JupyterLite's storage (/drive) can hang looking up a name just renamed away (seen in Chromium with
    jupyterlite-pyodide-kernel 0.8.6): so the name is never left empty after a set-aside."""
    (tmp_path / FILE_NAME).write_bytes(b"{broken")
    with pytest.warns(ProgressWarning):
        Progress(tmp_path).summary()  # only read: nothing recorded
    assert json.loads((tmp_path / FILE_NAME).read_text()) == {"version": 1, "answers": {}, "practice": {}}


def test_two_sessions_that_set_aside_the_same_second_keep_both_files(tmp_path):
    for _ in range(3):
        (tmp_path / FILE_NAME).write_bytes(b"{broken")
        with pytest.warns(ProgressWarning):
            Progress(tmp_path, clock=lambda: 1_700_000_000.0).summary()
    assert len(list(tmp_path.glob(FILE_NAME + ".damaged-*"))) == 3


# -- written whole, and only in the folder given -----------------------------------------------------


@pytest.mark.parametrize("fail", ["replace", "write"])
def test_a_failed_write_keeps_the_old_file_and_the_answer_in_the_journal(tmp_path, monkeypatch, fail):
    kept = Progress(tmp_path, clock=Clock())
    kept.record("lesson 1 q1", True, "♥")
    before = (tmp_path / FILE_NAME).read_bytes()
    full = OSError(28, "No space left on device")
    if fail == "replace":
        monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(full))
    else:  # the temporary file fills the disk half-way
        real_fdopen = os.fdopen

        def full_open(*args, **kwargs):  # files.write_atomically writes the temporary file through os.fdopen
            file = real_fdopen(*args, **kwargs)
            file.write = lambda text: (_ for _ in ()).throw(full)
            return file

        monkeypatch.setattr(os, "fdopen", full_open)
    kept.record("lesson 1 q2", True, "♠")  # the journal (appended to, not replaced) keeps it
    assert kept.done(1)[0] == 2 and Progress(tmp_path).done(1)[0] == 2, "the answer is not kept"
    assert (tmp_path / FILE_NAME).read_bytes() == before
    assert {p for p in every_file(tmp_path) if not progress.JOURNAL.fullmatch(p)} == {FILE_NAME, progress.LOCK_NAME}
    monkeypatch.undo()
    kept.record("lesson 1 q3", True, "J♣")  # the disk is back: everything is in the file, the journal gone
    assert Progress(tmp_path).done(1)[0] == 3 and every_file(tmp_path) == {FILE_NAME, progress.LOCK_NAME}


def test_a_journal_that_cannot_be_written_either_keeps_the_answer_in_memory_and_says_so(tmp_path, monkeypatch):
    kept = Progress(tmp_path, clock=Clock())
    kept.record("lesson 1 q1", True, "♥")
    full = OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", lambda *a: (_ for _ in ()).throw(full))
    monkeypatch.setattr(progress, "_append", lambda *a: (_ for _ in ()).throw(full))
    with pytest.warns(ProgressWarning, match="could not be saved.*No space left"):
        kept.record("lesson 1 q2", True, "♠")
    assert kept.done(1)[0] == 2 and every_file(tmp_path) == {FILE_NAME, progress.LOCK_NAME}


def test_a_folder_that_cannot_be_made_keeps_progress_in_memory_with_a_message(tmp_path):
    (tmp_path / "taken").write_text("a file, not a folder")
    kept = Progress(tmp_path / "taken" / "progress", clock=Clock())
    with pytest.warns(ProgressWarning, match="could not be saved"):
        kept.record("lesson 1 q1", True, "♥")
    assert kept.done(1)[0] == 1 and every_file(tmp_path) == {"taken"}


def test_nothing_is_written_outside_the_folder_given(home, tmp_path, monkeypatch):
    given = tmp_path / "given"
    monkeypatch.setenv(progress.ENVIRONMENT, str(given))
    mine = Progress()  # no folder given: $EUCHRE_LESSON_PROGRESS's
    mine.record("lesson 1 q1", True, "♥")
    (given / FILE_NAME).write_bytes(b"{broken")
    with pytest.warns(ProgressWarning):
        mine.record("lesson 1 q2", False, "♣")
    Progress(given).record_practice("score", True)
    mine.summary()
    assert every_file(home["home"]) == every_file(home["data"]) == every_file(home["work"]) == set()
    assert {p for p in every_file(tmp_path) if not p.startswith(("home", "data", "work"))} == {
        "given",
        f"given/{FILE_NAME}",
        f"given/{progress.LOCK_NAME}",
        *(f"given/{p.name}" for p in given.glob("*.damaged-*")),
    }
    assert len(list(given.glob("*.damaged-*"))) == 1


# -- two lessons open at once -------------------------------------------------------------------------


def test_two_sessions_on_one_file_keep_each_other_s_answers(tmp_path):
    first, second = Progress(tmp_path, clock=Clock()), Progress(tmp_path, clock=Clock(1_800_000_000.0))
    first.record("lesson 1 q1", True, "♥")
    second.record("lesson 2 q1", True, "assist")  # second never read the file before: it merges first's answer
    first.record("lesson 3 q1", True, "no")
    first.record_practice("score", False)
    second.record_practice("score", True)
    for kept in (first, second, Progress(tmp_path)):
        assert {k: v.correct for k, v in kept.answers().items()} == {
            "lesson 1 q1": True,
            "lesson 2 q1": True,
            "lesson 3 q1": True,
        }
        assert kept.practice_results() == {"score": (False, True)}


WRITER = """
import sys
from euchre_lesson.teach import progress
from euchre_lesson.teach.course import exercises
lessons = [int(n) for n in sys.argv[1].split(",")]
kept = progress.Progress(sys.argv[2])
for round in range(int(sys.argv[3])):
    for lesson in lessons:
        for name in vars(exercises(lesson)):
            kept.record(f"lesson {lesson} {name}", round % 2 == 1, round)
    kept.record("lesson 0 q1", False, "shared")
"""


@pytest.mark.slow
@pytest.mark.parametrize("lock", ["flock", "lock file"])
def test_two_processes_writing_at_once_lose_no_answer_and_no_try(tmp_path, lock):
    script = tmp_path / "writer.py"
    prefix = "import euchre_lesson.teach.progress as p; p.fcntl = None\n" if lock == "lock file" else ""
    script.write_text(prefix + WRITER)
    folder = tmp_path / "kept"
    runs = [
        subprocess.Popen(
            [sys.executable, str(script), lessons, str(folder), "4"], cwd=ROOT, stderr=subprocess.PIPE, text=True
        )
        for lessons in ("1,2,3", "4,5,6")
    ]
    for one in runs:
        assert one.wait(timeout=300) == 0, one.stderr.read()
    answers = Progress(folder).answers()
    for lesson in range(1, 7):
        for name in vars(exercises(lesson)):
            assert answers[f"lesson {lesson} {name}"].correct and answers[f"lesson {lesson} {name}"].tries == 4
    assert answers["lesson 0 q1"].tries == 8, "a try was lost: two writes overlapped"
    assert every_file(folder) <= {FILE_NAME, progress.LOCK_NAME}


def test_a_lock_file_left_by_a_kernel_that_died_is_broken_and_one_held_is_waited_out(tmp_path, monkeypatch):
    monkeypatch.setattr(progress, "fcntl", None)
    monkeypatch.setattr(progress, "LOCK_WAIT", 0.05)
    lock = tmp_path / progress.LOCK_NAME
    lock.write_text("")  # held by a kernel that is slow: the answer goes to the journal, the lock is left
    Progress(tmp_path).record("lesson 1 q1", True, "♥")
    assert Progress(tmp_path).done(1)[0] == 1 and lock.exists() and not (tmp_path / FILE_NAME).exists()
    old = lock.stat().st_mtime - progress.STALE_LOCK - 1  # left long ago by a kernel that died: broken
    os.utime(lock, (old, old))
    Progress(tmp_path).record("lesson 1 q2", True, "♥")
    assert Progress(tmp_path).done(1)[0] == 2 and FILE_NAME in every_file(tmp_path) and not lock.exists()


def test_an_exercise_s_own_id_is_the_id_progress_keeps_it_under(tmp_path):
    """A click-to-answer view reports exercise.id: progress takes it as it is."""
    kept = Progress(tmp_path, clock=Clock())
    for lesson in progress.lessons():
        for name, exercise in vars(exercises(lesson)).items():
            assert exercise.id == progress.exercise_id(lesson, name)
            kept.record(exercise.id, True, exercise.written(exercise.answer()))
    assert all(line.complete for line in kept.summary())


# -- the contents page's board ------------------------------------------------------------------------


def test_the_board_names_each_lesson_as_its_notebook_does():
    from euchre_lesson.widgets.progress import LESSON_PAGES

    assert set(LESSON_PAGES) == set(progress.lessons())
    for lesson, (title, page) in LESSON_PAGES.items():
        notebook = json.loads((ROOT / "notebooks" / page).read_text(encoding="utf-8"))
        first = "".join(notebook["cells"][0]["source"]).splitlines()[0]
        assert first == f"# {lesson} · {title}", (page, first)


def test_the_board_shows_done_of_total_a_link_and_what_next_and_updates(tmp_path):
    from euchre_lesson.widgets.progress import ProgressBoard

    kept = Progress(tmp_path, clock=Clock())
    board = ProgressBoard(kept)
    assert "<b>Next:</b> <a href='00_welcome.ipynb'" in board.html and "start with q1" in board.html
    assert board.html.count("<progress") == len(progress.lessons())
    for name in vars(exercises(0)):
        kept.record(f"lesson 0 {name}", True, "x")
    Progress(tmp_path, clock=Clock(1_800_000_000.0)).record("lesson 1 q1", True, "♥")  # another lesson, open too
    Progress(tmp_path).record_practice("score", False)
    assert "start with q1" in board.html.split("</tr>")[1], "the board read the file before Update"
    board.update_button.click()
    rows = board.html.split("</tr>")
    total = len(vars(exercises(0)))
    assert f"{total} of {total}" in rows[1] and "✔ all done" in rows[1]
    assert "1 of 4" in rows[2] and "next: q2" in rows[2]
    assert "<b>Next:</b> <a href='01_cards_and_bowers.ipynb'" in board.html
    assert "Score this hand 0 of 1 right" in board.html
    assert board.board.outputs[0]["data"]["text/plain"].startswith(f"Lesson 0 · Welcome to Euchre: {total} of {total}")


def test_the_board_shows_a_damaged_file_s_message(tmp_path):
    from euchre_lesson.widgets.progress import ProgressBoard

    (tmp_path / FILE_NAME).write_bytes(b"{broken")
    with pytest.warns(ProgressWarning):
        board = ProgressBoard(Progress(tmp_path))
    assert "set aside" in board.problems.value and board.problems.layout.display == ""
    assert "start with q1" in board.html


def test_the_board_says_what_it_is_where_it_cannot_run_and_refuses_a_wrong_progress(tmp_path):
    from euchre_lesson.widgets.progress import ProgressBoard

    text = ProgressBoard(Progress(tmp_path))._repr_mimebundle_()["text/plain"]
    assert text.startswith("Your progress through the lessons") and "Run ▸ Run All Cells" in text
    assert str(tmp_path) not in text, "the stored output would differ from machine to machine"
    with pytest.raises(NotationError, match="progress"):
        ProgressBoard(str(tmp_path))


def test_the_journal_and_the_set_aside_go_through_engine_files(tmp_path):
    """Progress appends and sets aside through engine/files (one place that writes): a line cut short by a failed
    write stays a line of its own, and a name that is taken is never renamed over."""
    from euchre_lesson.engine.files import append_synced, rename_aside

    journal = tmp_path / "progress-0123456789ab.journal"
    journal.write_bytes(b'{"version": 1, "ans')  # a write that failed half-way
    size = append_synced(journal, '{"version": 1}')
    assert journal.read_bytes() == b'{"version": 1, "ans\n{"version": 1}\n' and size == len(journal.read_bytes())
    (tmp_path / "taken").write_text("the teacher's copy")
    with pytest.raises(FileExistsError):
        rename_aside(journal, tmp_path / "taken")
    assert (tmp_path / "taken").read_text() == "the teacher's copy" and journal.exists()
    rename_aside(journal, tmp_path / "aside")
    assert not journal.exists() and (tmp_path / "aside").read_bytes().endswith(b'{"version": 1}\n')
