"""Progress never loses an answer (issue 24, points 1 and 2): writers at once, a slow disk, no locks, a kill -9,
and files whose values are odd, protected or marked; one bad entry is one bad entry."""

import contextlib
import errno
import json
import os
import signal
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest

from euchre_lesson.engine.formats import fits
from euchre_lesson.engine.language import speaking
from euchre_lesson.teach import progress
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.progress import FILE_NAME, Progress, ProgressWarning

ROOT = Path(__file__).resolve().parent.parent
WRITERS, ANSWERS = 4, 40

# A writer in a process of its own: a disk whose fsync takes longer than the lock wait, and (if asked) an
# flock that fails as it does on NFS without a lock daemon. Each answer is a practice kind of its own, and
# every fourth one an exercise, so that a lost answer of either sort is seen; it prints each answer kept.
WRITER = textwrap.dedent("""
    import errno, fcntl, os, sys, time
    from euchre_lesson.teach import progress
    folder, me, fault, pause = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    progress.LOCK_WAIT = 0.02
    real_fsync = os.fsync
    def slow_fsync(handle):
        time.sleep(pause)
        real_fsync(handle)
    os.fsync = slow_fsync
    if fault == "enolck":
        def no_locks(*args):
            raise OSError(errno.ENOLCK, "No locks available")
        fcntl.flock = no_locks
    ids = [f"lesson {lesson} {name}" for lesson in progress.lessons() for name in progress.exercise_names(lesson)]
    kept = progress.Progress(folder)
    for n in range(int(sys.argv[5])):
        kept.record_practice(f"w{me}_{n}", n % 2 == 0)
        if n % 4 == 0:
            kept.record(ids[(me * 10 + n // 4) % len(ids)], True, f"w{me} {n}")
        print(n, flush=True)
    """)


def writer(folder: Path, me: int, fault: str = "slow", pause: float = 0.06, answers: int = ANSWERS):
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder), str(me), fault, str(pause), str(answers)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def assert_every_answer_kept(folder: Path, writers: int = WRITERS, answers: int = ANSWERS) -> None:
    kept = Progress(folder)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ProgressWarning)  # nothing damaged either
        results = kept.practice_results()
        answered = kept.answers()
    want = {f"w{me}_{n}": (n % 2 == 0,) for me in range(writers) for n in range(answers)}
    lost = sorted(set(want) - set(results))
    assert not lost, f"{len(lost)} of {len(want)} answers lost: {lost[:8]}"
    assert {kind: results[kind] for kind in want} == want
    ids = [f"lesson {lesson} {name}" for lesson in progress.lessons() for name in progress.exercise_names(lesson)]
    wanted = {ids[(me * 10 + n // 4) % len(ids)] for me in range(writers) for n in range(0, answers, 4)}
    assert wanted <= {key for key, one in answered.items() if one.correct}


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["slow", "enolck"], ids=["fsync slower than the lock wait", "flock fails ENOLCK"])
def test_four_writers_at_once_keep_all_160_answers(tmp_path, fault):
    folder = tmp_path / "kept"
    runs = [writer(folder, me, fault, 0.06 if fault == "slow" else 0.02) for me in range(WRITERS)]
    for one in runs:
        out, err = one.communicate(timeout=120)
        assert one.returncode == 0, err
    assert_every_answer_kept(folder)


@pytest.mark.posix("its writers patch fcntl's flock and it kills one with SIGKILL: Windows has neither")
def test_a_kill_in_the_middle_of_a_write_loses_at_most_the_answer_being_written(tmp_path):
    folder = tmp_path / "kept"
    other = writer(folder, 1, "slow", 0.03, 12)  # another kernel writing at the same time, which lives on
    victim = writer(folder, 0, "slow", 0.03, 1000)
    said = [int(victim.stdout.readline()) for _ in range(12)]  # twelve answers kept, then killed mid-write
    os.kill(victim.pid, signal.SIGKILL)
    victim.wait(timeout=30)
    assert other.wait(timeout=120) == 0, other.stderr.read()
    results = Progress(folder).practice_results()
    assert {f"w0_{n}" for n in said} <= set(results), "an answer the kernel had kept was lost"
    assert len({k for k in results if k.startswith("w0_")}) <= len(said) + 1
    assert {f"w1_{n}" for n in range(12)} <= set(results)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ProgressWarning)  # the half-written answer is not a damaged file
        after = Progress(folder)
        after.record_practice("score", True)
        assert set(results) | {"score"} == set(after.practice_results())


# -- point 2: what is written is read; one bad entry is one bad entry --------------------------------


def good(**answers) -> dict:
    return {
        "version": 1,
        "answers": {"lesson 1 q1": {"correct": True, "tries": 1, "answer": "♥", "when": 1.0}, **answers},
        "practice": {"score": [[1.0, True], [2.0, False]]},
    }


HUGE = 10**400


def huge_file(folder: Path) -> None:
    data = good(**{"lesson 1 q2": {"correct": True, "tries": 1, "answer": "♠", "when": HUGE}})
    (folder / FILE_NAME).write_text(json.dumps(data))


CALLS = {
    "answers": lambda kept: kept.answers(),
    "practice_results": lambda kept: kept.practice_results(),
    "done": lambda kept: kept.done(1),
    "summary": lambda kept: kept.summary(),
    "next_step": lambda kept: kept.next_step(),
    "record": lambda kept: kept.record("lesson 1 q3", True, "J♣"),
    "record_practice": lambda kept: kept.record_practice("score", True),
    "check": lambda kept: kept.check(1, "q3", exercises(1).q3.written(exercises(1).q3.answer())),
}


@pytest.mark.parametrize("call", CALLS)
def test_a_400_digit_time_is_one_entry_set_aside_never_an_overflow(tmp_path, call):
    huge_file(tmp_path)
    kept = Progress(tmp_path)
    with pytest.warns(ProgressWarning) as caught:
        CALLS[call](kept)
    messages = [str(w.message) for w in caught if issubclass(w.category, ProgressWarning)]
    writes = call in ("record", "record_practice", "check")  # and so keep the file as it was beside it
    assert len(messages) == 1 + writes and all("lesson 1 q2" in m for m in messages), messages
    assert kept.answers()["lesson 1 q1"].correct and "lesson 1 q2" not in kept.answers()
    assert kept.practice_results()["score"][:2] == (True, False), "the rest of the file was not read"
    assert len(list(tmp_path.glob(FILE_NAME + ".damaged-*"))) == writes


def test_a_400_digit_time_reaches_no_widget_as_an_overflow(tmp_path):
    from euchre_lesson.widgets import ExerciseView, PracticeWidget, ProgressBoard

    huge_file(tmp_path)
    kept = Progress(tmp_path)
    with pytest.warns(ProgressWarning):
        board = ProgressBoard(kept)
    assert "lesson 1 q2" in board.problems.value
    PracticeWidget(1, progress=kept)
    view = ExerciseView(exercises(1).q1, on_answer=lambda id, right, text: kept.record(id, right, text))
    view.pick(view.choices[0])
    view.check()
    assert kept.answers()["lesson 1 q1"].tries == 2


@pytest.mark.parametrize(
    "clock",
    [
        lambda: 1_700_000_000_000,
        lambda: float("nan"),
        lambda: -5.0,
        lambda: HUGE,
        lambda: float("inf"),
        lambda: "noon",
        lambda: 1 / 0,
    ],
    ids=["milliseconds", "NaN", "negative", "400 digits", "infinity", "text", "raises"],
)
def test_no_clock_writes_a_time_the_next_read_refuses(tmp_path, clock):
    kept = Progress(tmp_path, clock=clock)
    kept.record("lesson 1 q1", True, "♥")
    kept.record_practice("score", False)
    kept.record_practice("score", True)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ProgressWarning)
        again = Progress(tmp_path)
        assert again.answers()["lesson 1 q1"].correct and again.practice_results() == {"score": (False, True)}
    assert all(0 <= one.when < 1e11 for one in again.answers().values())


BAD_VALUES = {
    "correct 1": {"correct": 1},
    "tries 0": {"tries": 0},
    "tries a float": {"tries": 1.5},
    "tries 400 digits": {"tries": HUGE},
    "a field missing": {"when": None},
    "a time of NaN": {"when": float("nan")},
    "a time of -1": {"when": -1},
    "a time in milliseconds": {"when": 1_700_000_000_000},
    "a time of 400 digits": {"when": HUGE},
    "a time as text": {"when": "noon"},
    "answer a number": {"answer": 7},
    "a field more": {"colour": "red"},
    "not an object": "right",
}


@pytest.mark.parametrize("name", BAD_VALUES)
def test_one_bad_answer_is_set_aside_with_a_message_and_the_others_are_read(tmp_path, name):
    change = BAD_VALUES[name]
    fields = {"correct": True, "tries": 1, "answer": "♠", "when": 2.0}
    bad = change if isinstance(change, str) else {k: v for k, v in {**fields, **change}.items() if v is not None}
    data = good(**{"lesson 1 q2": bad})
    data["practice"]["bid"] = [[3.0, True], [float("nan"), True], [4.0, "yes"], [5.0, False]]
    data["practice"]["../x"] = [[1.0, True]]
    text = json.dumps(data)
    (tmp_path / FILE_NAME).write_text(text)
    kept = Progress(tmp_path, clock=lambda: 1_700_000_000.0)
    with pytest.warns(ProgressWarning) as caught:
        assert kept.done(1)[0] == 1
    said = " ".join(str(w.message) for w in caught)
    assert "lesson 1 q2" in said and "'bid'" in said and "'../x'" in said
    assert kept.practice_results() == {"score": (True, False), "bid": (True, False)}
    assert (tmp_path / FILE_NAME).read_text() == text, "a read changed the file"
    with pytest.warns(ProgressWarning, match="damaged-"):  # the next write keeps the file as it was, beside it
        kept.record("lesson 1 q3", True, "J♣")
    aside = list(tmp_path.glob(FILE_NAME + ".damaged-*"))
    assert len(aside) == 1 and aside[0].read_text() == text
    with warnings.catch_warnings():
        warnings.simplefilter("error", ProgressWarning)
        assert Progress(tmp_path).done(1)[0] == 2


def test_a_byte_order_mark_is_read(tmp_path):
    (tmp_path / FILE_NAME).write_bytes(json.dumps(good()).encode("utf-8-sig"))
    with warnings.catch_warnings():
        warnings.simplefilter("error", ProgressWarning)
        assert Progress(tmp_path).done(1)[0] == 1


def test_a_read_only_progress_file_is_kept_and_the_message_says_what_to_do(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_text(json.dumps(good()))
    path.chmod(0o444)
    before = path.read_bytes()
    kept = Progress(tmp_path)
    with pytest.warns(ProgressWarning) as caught:
        kept.record("lesson 1 q2", True, "♠")
        kept.record("lesson 1 q3", True, "♣")
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1 and "read-only" in messages[0] and "writable" in messages[0], messages
    assert path.read_bytes() == before and not os.stat(path).st_mode & 0o222
    assert Progress(tmp_path).done(1)[0] == 3, "the answers are not kept beside the protected file"


def test_what_a_learner_is_told_of_a_progress_file_speaks_the_learner_s_language(tmp_path):
    """A French learner whose progress file is read-only was told so in English."""
    path = tmp_path / FILE_NAME
    path.write_text(json.dumps(good()))
    path.chmod(0o444)
    with speaking("fr"), pytest.warns(ProgressWarning) as caught:
        Progress(tmp_path).record("lesson 1 q2", True, "♠")
    (message,) = [str(w.message) for w in caught]
    assert "est en lecture seule" in message and "rends-le modifiable (chmod u+w progress.json" in message, message


def test_a_read_only_folder_says_what_to_do_once_and_the_answers_count(tmp_path, monkeypatch):
    folder = tmp_path / "kept"
    folder.mkdir()
    real_open = os.open

    def read_only(path, flags, *args, **kwargs):  # as a folder without write permission (the tests run as root)
        if Path(path).parent == folder and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", read_only)
    kept = Progress(folder)
    with pytest.warns(ProgressWarning) as caught:
        for name in ("q1", "q2", "q3"):
            kept.record(f"lesson 1 {name}", True, "♥")
        kept.record_practice("score", True)
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1, messages
    assert "Permission denied" in messages[0] and progress.ENVIRONMENT in messages[0] and "writable" in messages[0]
    assert kept.done(1)[0] == 3 and kept.practice_results() == {"score": (True,)}
    assert os.listdir(folder) == []


# -- typed answers count as clicked ones do ------------------------------------------------------------


def clicked(exercise, answer) -> None:
    from euchre_lesson.widgets import ExerciseView

    view = ExerciseView(exercise)
    for one in answer if exercise.several else (answer,):
        view.pick(one)
    view.check()


@pytest.mark.parametrize("lesson, name", [(0, "q1"), (1, "q1"), (4, "q1"), (7, "q1")])
def test_a_typed_answer_counts_in_progress_exactly_as_a_clicked_one(tmp_path, lesson, name):
    from euchre_lesson.teach.context import bound

    exercise = getattr(exercises(lesson), name)
    right = exercise.answer()
    wrong = next(c for c in exercise.choices() if c != right) if not exercise.several else None
    kept = {}
    for way in ("typed", "clicked"):
        with bound(Progress(tmp_path / way)) as lesson_context:
            for answer in ([wrong] if wrong is not None else []) + [right]:
                if way == "typed":  # kept through the lesson's context, as the view keeps a click
                    lesson_context.check(exercise, exercise.written(answer))
                else:
                    clicked(exercise, answer)
            lesson_context.check(exercise, "")  # a blank is a prompt, not a try, either way
        kept[way] = {k: (v.correct, v.tries, v.answer) for k, v in Progress(tmp_path / way).answers().items()}
    assert kept["typed"] == kept["clicked"] and kept["typed"][exercise.id][0]
    assert kept["typed"][exercise.id][1] == 1 + (wrong is not None)


def test_checking_an_exercise_keeps_nothing_anywhere(tmp_path, lesson_store):
    """check() is a verdict and nothing more: the I/O is the caller's (a view, or Progress.check), at its call."""
    exercise = exercises(1).q1
    assert exercise.check(exercise.answer()) and not exercise.check("♣")
    assert lesson_store.progress.answers() == {} and list(lesson_store.progress.folder.iterdir()) == []


def test_progress_check_counts_a_typed_answer_once(tmp_path, lesson_store):
    kept = Progress(tmp_path / "given")
    kept.check(1, "q1", "♥")
    assert kept.answers()["lesson 1 q1"].tries == 1
    assert lesson_store.progress.answers() == {}, "the answer went to the lesson's store as well"


def test_two_learners_in_one_process_each_keep_their_own(tmp_path):
    """Two lessons' contexts in one process (two threads, as a server would run two learners): no answer crosses."""
    import contextvars
    import threading

    from euchre_lesson.teach.context import bind
    from euchre_lesson.widgets import ask

    def learner(folder, answer):
        bind(Progress(folder))
        view = ask("lesson 1 q1")
        view.pick(answer)
        view.check()

    right, wrong = exercises(1).q1.answer(), next(c for c in exercises(1).q1.choices() if c != exercises(1).q1.answer())
    runs = [
        threading.Thread(target=contextvars.Context().run, args=(learner, tmp_path / who, answer))
        for who, answer in (("ann", right), ("bob", wrong))
    ]
    for run in runs:
        run.start()
    for run in runs:
        run.join(30)
    ann, bob = Progress(tmp_path / "ann").answers(), Progress(tmp_path / "bob").answers()
    assert ann["lesson 1 q1"].correct and not bob["lesson 1 q1"].correct
    assert ann["lesson 1 q1"].tries == bob["lesson 1 q1"].tries == 1


def test_a_journal_s_unfinished_last_line_is_being_written_and_a_broken_line_is_one_entry_left_out(tmp_path):
    one = {"version": 1, "answers": {}, "practice": {"score": [[1.0, True]]}}
    two = {"version": 1, "answers": {}, "practice": {"bid": [[2.0, False]]}}
    journal = tmp_path / "progress-0123456789ab.journal"
    unfinished = b'{"version": 1, "ans'  # the line a kernel is writing now, or was when it was killed
    journal.write_bytes(json.dumps(one).encode() + b"\n{broken\n" + json.dumps(two).encode() + b"\n" + unfinished)
    kept = Progress(tmp_path)
    with pytest.warns(ProgressWarning) as caught:
        assert kept.practice_results() == {"score": (True,), "bid": (False,)}
    messages = [str(w.message) for w in caught]
    assert len(messages) == 1 and "line 2" in messages[0] and journal.name in messages[0], messages
    kept.record_practice("score", False)  # the file now holds all of it; another kernel's journal is never deleted
    assert journal.exists() and json.loads((tmp_path / FILE_NAME).read_text())["practice"]["bid"] == [[2.0, False]]


def test_a_writer_that_gets_the_lock_again_folds_its_journal_into_the_file(tmp_path, monkeypatch):
    kept = Progress(tmp_path)
    monkeypatch.setattr(progress, "_locked", lambda folder: contextlib.nullcontext(False))  # never the lock
    for n in range(3):
        kept.record_practice(f"k{n}", True)
    assert [p for p in tmp_path.iterdir() if progress.JOURNAL.fullmatch(p.name)]
    assert not (tmp_path / FILE_NAME).exists()
    monkeypatch.undo()
    kept.record_practice("k3", True)
    assert not [p for p in tmp_path.iterdir() if progress.JOURNAL.fullmatch(p.name)], "its own journal was left"
    assert set(json.loads((tmp_path / FILE_NAME).read_text())["practice"]) == {"k0", "k1", "k2", "k3"}


def test_a_journal_grown_large_is_rewritten_as_one_line_and_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(progress, "_locked", lambda folder: contextlib.nullcontext(False))
    monkeypatch.setattr(progress, "JOURNAL_REWRITE", 2000)
    kept = Progress(tmp_path)
    for n in range(60):
        kept.record_practice(f"k{n}", n % 2 == 0)
    (journal,) = [p for p in tmp_path.iterdir() if progress.JOURNAL.fullmatch(p.name)]
    assert journal.read_text().count("\n") < 40, "60 answers, and never rewritten"
    assert Progress(tmp_path).practice_results() == {f"k{n}": (n % 2 == 0,) for n in range(60)}


def test_a_kernel_that_ends_folds_its_journal_into_the_file(tmp_path):
    folder = tmp_path / "kept"
    code = textwrap.dedent("""
        import contextlib, sys
        from euchre_lesson.teach import progress
        real = progress._locked
        progress._locked = lambda folder: contextlib.nullcontext(False)  # another kernel holds the lock throughout
        kept = progress.Progress(sys.argv[1])
        for n in range(5):
            kept.record_practice(f"k{n}", True)
        print(sorted(p.name for p in kept.folder.iterdir()))
        progress._locked = real  # free at the end: the journal is folded in as the kernel exits
        """)
    done = subprocess.run(
        [sys.executable, "-c", code, str(folder)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0 and ".journal" in done.stdout and not done.stderr, done.stderr
    assert sorted(p.name for p in folder.iterdir()) == [FILE_NAME, progress.LOCK_NAME]
    assert set(json.loads((folder / FILE_NAME).read_text())["practice"]) == {f"k{n}" for n in range(5)}


def test_two_threads_on_one_progress_keep_every_answer(tmp_path):
    import threading

    kept = Progress(tmp_path)
    threads = [
        threading.Thread(target=lambda t=t: [kept.record_practice(f"t{t}_{n}", True) for n in range(30)])
        for t in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert set(Progress(tmp_path).practice_results()) == {f"t{t}_{n}" for t in range(2) for n in range(30)}


# -- the file and its journal's lines are declared formats (issue 34, point 3) ------------------------


def test_the_file_and_each_journal_line_a_learner_s_kernels_write_are_of_their_declared_formats(tmp_path, monkeypatch):
    kept = Progress(tmp_path)
    kept.check(1, "q1", exercises(1).q1.answer())
    kept.record_practice("score", True)
    assert fits(progress.PROGRESS_FILE, json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8")))
    monkeypatch.setattr(progress, "_locked", lambda folder: contextlib.nullcontext(False))  # never the lock
    kept.record_practice("bid", False)
    kept.check(1, "q2", "♣")
    (journal,) = [p for p in tmp_path.iterdir() if progress.JOURNAL.fullmatch(p.name)]
    lines = journal.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2 and all(fits(progress.JOURNAL_LINE, json.loads(line)) for line in lines)


def test_a_writer_never_writes_progress_that_is_not_of_its_format():
    wrong = progress.Kept({"lesson 1 q1": progress.Answer(True, 0, "♥", 1.0, True)}, {})  # no try at all
    for indent in (1, None):  # the file, and a journal's line
        with pytest.raises(ValueError, match="not of its format"):
            progress._json_of(wrong, indent)


def test_an_entry_is_read_with_its_format_and_told_in_its_words():
    right = {"correct": True, "tries": 2, "answer": "♥", "when": 1.0}
    assert fits(progress.ANSWER_ENTRY, right) and fits(progress.ANSWER_ENTRY, {**right, "first": False})
    with pytest.raises(progress._Damage, match=r"has tries 0, not a whole number of tries$"):
        progress._answer_from("lesson 1 q1", {**right, "tries": 0})
    with pytest.raises(progress._Damage, match=r"is not an answer \(correct, tries, answer and when"):
        progress._answer_from("lesson 1 q1", {**right, "hint": "x"})
    assert not fits(progress.PRACTICE_RESULT, [1.0, True, 3]) and fits(progress.PRACTICE_RESULT, [1.0, True])
