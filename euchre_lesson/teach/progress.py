"""Progress that is kept: each exercise answered and each practice question's result, in a small JSON file.

The file is `progress.json` in a folder of the learner's own: `$EUCHRE_LESSON_PROGRESS` if set, else
`euchre_lesson` in the Jupyter data folder (in the browser's Python, the browser's storage). It is only
ever replaced whole (a temporary file renamed over it), re-read and merged before each write so that two
lessons open at once keep each other's answers, and a file that cannot be read is renamed aside with a
message, never deleted, and never stops a lesson.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import re
import secrets
import stat
import sys
import time
import warnings
from functools import cache
from pathlib import Path
from typing import NamedTuple

from .course import exercises, read_small
from ..engine.errors import NotationError
from ..engine.rules import excerpt

ENVIRONMENT = "EUCHRE_LESSON_PROGRESS"  # a folder: where the progress file is kept instead of the default
FOLDER_NAME = "euchre_lesson"
FILE_NAME = "progress.json"
LOCK_NAME = FILE_NAME + ".lock"
DAMAGED = FILE_NAME + ".damaged-"  # + a timestamp: where a file that cannot be read is set aside
BROWSER_FOLDER = "/drive/.euchre_lesson"  # JupyterLite keeps /drive in the browser's storage; its home is not kept
VERSION = 1
LIMIT = 256 * 1024  # bytes: every exercise and practice result fits in a few dozen KB; no more is ever read
RECENT = 20  # practice results kept per kind: enough to see recent mistakes
ANSWER_CHARS = 200  # an answer is kept as a short text, a huge one cut
MOST_LESSONS = 100  # lesson numbers looked for in course.exercises
LOCK_WAIT = 2.0  # seconds: a write takes milliseconds, so a lock held longer is left by a kernel that died
EXERCISE_ID = re.compile(r"lesson (\d{1,3}) ([A-Za-z_][A-Za-z0-9_]{0,39})")  # as exercises(N) names them
KIND = re.compile(r"[a-z][a-z0-9_]{0,39}")
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISLNK, "a link"))

try:  # POSIX; Windows has no fcntl, and the lock falls back to a file created exclusively
    import fcntl
except ImportError:  # pragma: no cover - depends on the platform
    fcntl = None


class ProgressWarning(UserWarning):
    """Progress could not be read or kept as usual; the lesson goes on, and this says what happened."""


class LessonProgress(NamedTuple):
    """One lesson's exercises: how many are done (answered right once), of how many, and which is next."""

    lesson: int
    done: int
    total: int
    next: str | None  # the first exercise not done yet, None when all are

    @property
    def complete(self) -> bool:
        return self.done == self.total

    def __str__(self) -> str:
        then = f"; next: {self.next}" if self.next else ": all done"
        return f"Lesson {self.lesson}: {self.done} of {self.total} exercise{'s' * (self.total != 1)} done{then}"


# -- where the file is ----------------------------------------------------------------------------


def default_folder() -> Path:
    """The learner's own folder for progress: in the Jupyter data folder, or the browser's storage."""
    if sys.platform == "emscripten":  # JupyterLite: only /drive outlives the page
        return Path(BROWSER_FOLDER)
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:
        return _per_user_data() / "jupyter" / FOLDER_NAME
    return Path(jupyter_data_dir()) / FOLDER_NAME


def _per_user_data() -> Path:
    """Where a user's application data goes on this system (as jupyter_core would say)."""
    if os.environ.get("JUPYTER_DATA_DIR"):
        return Path(os.environ["JUPYTER_DATA_DIR"]).parent
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"])
    if sys.platform == "darwin":
        return Path.home() / "Library"
    return Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")


def progress_folder(folder: str | os.PathLike | None = None) -> Path:
    """The folder given, else $EUCHRE_LESSON_PROGRESS, else the default folder."""
    if folder is None:
        folder = os.environ.get(ENVIRONMENT) or None
        if folder is None:
            return default_folder()
    text = os.fspath(folder) if isinstance(folder, os.PathLike) else folder
    if not isinstance(text, str) or not text or "\0" in text:
        raise NotationError("folder", f"folder must name a folder for the progress file, as text or a Path, "
                                      f"not {excerpt(folder)}.")
    return Path(text).expanduser()


# -- the exercises ----------------------------------------------------------------------------------


@cache
def lessons() -> tuple[int, ...]:
    """The lessons that have exercises, in order."""
    found = []
    for lesson in range(MOST_LESSONS):
        with contextlib.suppress(KeyError):
            found.append((lesson, exercises(lesson)))
    return tuple(lesson for lesson, _ in found)


def exercise_names(lesson: int) -> tuple[str, ...]:
    """A lesson's exercises by name, in the lesson's order."""
    return tuple(vars(exercises(lesson)))


def checked_lesson(lesson) -> int:
    """A lesson number that has exercises; anything else is refused naming the lessons."""
    if type(lesson) is not int or lesson not in lessons():
        raise NotationError("lesson", f"lesson must be the number of a lesson with exercises, "
                                      f"one of {', '.join(map(str, lessons()))}; not {excerpt(lesson)}.")
    return lesson


def exercise_id(lesson: int, name: str) -> str:
    """The id an exercise is kept under, its `id`: 'lesson 3 q2'; refused if there is no such exercise."""
    checked_lesson(lesson)
    if not isinstance(name, str) or name not in exercise_names(lesson):
        raise NotationError("name", f"lesson {lesson} has no exercise {excerpt(name)}: its exercises are "
                                    f"{', '.join(exercise_names(lesson))}.")
    return f"lesson {lesson} {name}"


def _split_id(value) -> tuple[int, str]:
    """An exercise id read back into (lesson, name), checked against the lessons."""
    found = EXERCISE_ID.fullmatch(value) if isinstance(value, str) else None
    if not found:
        raise NotationError("exercise_id", f"exercise_id must be a lesson and an exercise such as 'lesson 3 q2', "
                                           f"not {excerpt(value)}.")
    lesson, name = int(found[1]), found[2]
    exercise_id(lesson, name)
    return lesson, name


def _answer_text(answer) -> str:
    """An answer as a short text: a card, a suit, some cards, a number."""
    if isinstance(answer, (set, frozenset)):
        answer = sorted(answer, key=str)
    if isinstance(answer, (list, tuple)) and len(answer) <= 60:
        text = " ".join(excerpt(item, ANSWER_CHARS, str) for item in answer)
    else:
        text = answer if isinstance(answer, str) else excerpt(answer, ANSWER_CHARS, str)
    return text if len(text) <= ANSWER_CHARS else text[:ANSWER_CHARS] + "…"


# -- what is kept, and how two copies merge ---------------------------------------------------------


class Answer(NamedTuple):
    """One exercise: answered right at least once, how many tries, the last answer and when."""

    correct: bool
    tries: int
    answer: str
    when: float


class Kept(NamedTuple):
    """Everything in the file: exercise answers by id, and each practice kind's recent (when, right) results."""

    answers: dict[str, Answer]
    practice: dict[str, tuple[tuple[float, bool], ...]]


NOTHING = Kept({}, {})


def merged(mine: Kept, theirs: Kept) -> Kept:
    """Both copies in one: right once is right, the most tries, the latest answer, every practice result."""
    answers = dict(theirs.answers)
    for key, one in mine.answers.items():
        other = answers.get(key)
        if other is not None:
            latest = max(one, other, key=lambda a: a.when)
            one = Answer(one.correct or other.correct, max(one.tries, other.tries), latest.answer, latest.when)
        answers[key] = one
    practice = dict(theirs.practice)
    for kind, results in mine.practice.items():
        practice[kind] = tuple(sorted(set(results) | set(practice.get(kind, ()))))[-RECENT:]
    return Kept(answers, practice)


class _Damage(ValueError):
    """Why the progress file cannot be used."""


def _kept_from(data: object) -> Kept:
    """The progress in a file's JSON value; _Damage says what is wrong with its shape."""
    if not isinstance(data, dict) or set(data) != {"version", "answers", "practice"}:
        raise _Damage("it does not hold the progress of these lessons (an object with version, answers "
                      "and practice)")
    if data["version"] != VERSION or type(data["version"]) is not int:
        raise _Damage(f"it is version {excerpt(data['version'])} of the progress file, not {VERSION}")
    answers, practice = data["answers"], data["practice"]
    if not isinstance(answers, dict) or not isinstance(practice, dict):
        raise _Damage("its answers and practice must be objects")
    return Kept({key: _answer_from(key, value) for key, value in answers.items()},
                {kind: _results_from(kind, value) for kind, value in practice.items()})


def _answer_from(key: str, value: object) -> Answer:
    """One exercise's entry, checked field by field."""
    if (EXERCISE_ID.fullmatch(key) and isinstance(value, dict) and set(value) == set(Answer._fields)
            and type(value["correct"]) is bool and type(value["tries"]) is int and 0 < value["tries"] < 10**9
            and isinstance(value["answer"], str) and len(value["answer"]) <= ANSWER_CHARS + 1
            and _moment(value["when"])):
        return Answer(value["correct"], value["tries"], value["answer"], float(value["when"]))
    raise _Damage(f"the entry for exercise {excerpt(key)} is not an answer")


def _results_from(kind: str, value: object) -> tuple[tuple[float, bool], ...]:
    """One practice kind's results, oldest first."""
    if (KIND.fullmatch(kind) and isinstance(value, list) and len(value) <= RECENT
            and all(isinstance(r, list) and len(r) == 2 and _moment(r[0]) and type(r[1]) is bool for r in value)):
        return tuple(sorted((float(when), right) for when, right in value))
    raise _Damage(f"the practice results for {excerpt(kind)} are not a list of [time, true or false]")


def _moment(value: object) -> bool:
    """Whether a value is a time as the file writes it: seconds since 1970, a finite number."""
    return type(value) in (int, float) and math.isfinite(value) and 0 <= value < 1e11


def _json_of(kept: Kept) -> str:
    """The file's text."""
    return json.dumps({"version": VERSION,
                       "answers": {key: one._asdict() for key, one in sorted(kept.answers.items())},
                       "practice": {kind: [list(r) for r in results] for kind, results in sorted(kept.practice.items())}},
                      ensure_ascii=False, indent=1)


def _parsed(data: bytes) -> Kept:
    """The progress in a file's bytes; _Damage says what is wrong."""
    if not data.strip():
        raise _Damage("it is empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _Damage(f"it is not UTF-8 text (byte {error.start:,})") from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise _Damage(f"it is not readable JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None
    except (ValueError, RecursionError):  # a number too long to read, brackets nested too deep
        raise _Damage("it is not JSON these lessons can read") from None
    return _kept_from(value)


# -- the file on disk: read whole, set aside whole, replaced whole -------------------------------


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # a link put there since the check is not followed either


def _read(path: Path) -> Kept:
    """The progress in the file at `path`, NOTHING if there is none; _Damage says why it cannot be used."""
    try:
        mode = os.lstat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):  # no file, or a file where the folder would be
        return NOTHING
    except OSError as error:
        raise _Damage(f"it cannot be read: {error.strerror or error}") from None
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "something other than a file")
        raise _Damage(f"it is {kind}, not a file")
    try:
        handle = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:  # replaced between the look and the open: another kernel set it aside
        return NOTHING
    except OSError as error:
        raise _Damage(f"it cannot be read: {error.strerror or error}") from None
    try:
        mode, data = read_small(handle, LIMIT + 1)
    except OSError as error:  # a damaged disk
        raise _Damage(f"it cannot be read: {error.strerror or error}") from None
    if not stat.S_ISREG(mode):  # replaced by something else between the look and the open
        raise _Damage("it is not a file")
    if len(data) > LIMIT:
        raise _Damage(f"it is larger than {LIMIT // 1024} KB, far more than progress takes")
    return _parsed(data)


def _set_aside(path: Path, moment: float) -> Path:
    """Rename the file at `path` to progress.json.damaged-<time>, a name not taken; the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(moment))
    for number in range(1, 100):
        target = path.with_name(DAMAGED + stamp + (f"-{number}" if number > 1 else ""))
        if not os.path.lexists(target):
            os.rename(path, target)  # a link is renamed itself, never what it points to
            return target
    raise OSError(errno.EEXIST, f"every name {DAMAGED}{stamp}-N is taken")


def _write(path: Path, text: str) -> None:
    """Replace the file at `path` with `text`: written beside it, then renamed over it, so it is never partial."""
    for _ in range(100):
        temporary = path.with_name(f".{FILE_NAME}.{secrets.token_hex(6)}.tmp")
        try:
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
                             | getattr(os, "O_BINARY", 0), 0o600)
            break
        except FileExistsError:
            continue
    else:
        raise OSError(errno.EEXIST, "no free name for a temporary file")
    try:
        with open(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            with contextlib.suppress(OSError):  # some file systems (the browser's) cannot sync
                os.fsync(file.fileno())
        os.replace(temporary, path)  # a link put at `path` is replaced, never written through
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def _locked(folder: Path):
    """Hold the folder's lock while the file is read, merged and written: one kernel at a time."""
    lock = folder / LOCK_NAME
    if fcntl is not None and hasattr(fcntl, "flock"):
        with _flocked(lock):
            yield
    else:
        with _lock_file(lock):
            yield


@contextlib.contextmanager
def _flocked(lock: Path):
    """The lock as an flock on the lock file: released by the system if the kernel dies."""
    handle = os.open(lock, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o600)
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break  # a kernel stuck in the middle of a write: go on, the merge keeps both
                time.sleep(0.01)
            except OSError:  # a file system without locks: go on, the merge keeps both
                break
        yield
    finally:
        os.close(handle)


@contextlib.contextmanager
def _lock_file(lock: Path):
    """The lock as a file created exclusively (where there is no flock); one left by a dead kernel is broken."""
    deadline, broken = time.monotonic() + LOCK_WAIT, False
    while True:
        try:
            os.close(os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600))
            break
        except FileExistsError:
            if time.monotonic() > deadline:
                if broken:
                    raise TimeoutError(errno.ETIMEDOUT, f"{LOCK_NAME} cannot be taken") from None
                with contextlib.suppress(OSError):
                    os.unlink(lock)  # held far longer than any write takes: its kernel died
                deadline, broken = time.monotonic() + LOCK_WAIT, True
            time.sleep(0.01)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)


# -- the learner's progress -------------------------------------------------------------------------


class Progress:
    """The learner's progress, kept in `folder` (see progress_folder); every method re-reads the file first."""

    def __init__(self, folder: str | os.PathLike | None = None, *, clock=time.time):
        self.folder = progress_folder(folder)
        self.path = self.folder / FILE_NAME
        if not callable(clock):
            raise NotationError("clock", f"clock must be a function giving the time, such as time.time, "
                                         f"not {excerpt(clock)}.")
        self._clock = clock
        self._kept = NOTHING  # what this kernel knows: the file as last read, and what it recorded since
        self._stuck = False  # a damaged file that could not be set aside is never written over
        self.notes: list[str] = []  # what went wrong with the file, in words, for a widget to show

    def __repr__(self) -> str:
        return f"Progress({str(self.folder)!r})"

    # -- recording

    def record(self, exercise_id: str, correct: bool, answer) -> None:
        """Remember one answer to an exercise ('lesson 3 q2', its `id`): right or not, and what it was."""
        _split_id(exercise_id)
        if type(correct) is not bool:
            raise NotationError("correct", f"correct must be True or False, not {excerpt(correct)}.")
        text = _answer_text(answer)

        def change(kept: Kept) -> Kept:
            old = kept.answers.get(exercise_id)
            one = Answer(correct or (old is not None and old.correct), (old.tries if old else 0) + 1,
                         text, self._clock())
            return Kept({**kept.answers, exercise_id: one}, kept.practice)

        self._update(change)

    def check(self, lesson: int, name: str, given):
        """`exercises(lesson).<name>.check(given)`, and the answer remembered (if it could be read)."""
        key = exercise_id(lesson, name)
        exercise = getattr(exercises(lesson), name)
        verdict = exercise.check(given)
        if verdict.answered:  # a blank or unreadable answer is a prompt, not a try
            self.record(key, verdict.correct, given)
        return verdict

    def record_practice(self, kind: str, correct: bool) -> None:
        """Remember the result of one practice question of a kind ('which_suit'); the last RECENT are kept."""
        if not isinstance(kind, str) or not KIND.fullmatch(kind):
            raise NotationError("kind", f"kind must be a practice kind such as 'which_suit', not {excerpt(kind)}.")
        if type(correct) is not bool:
            raise NotationError("correct", f"correct must be True or False, not {excerpt(correct)}.")

        def change(kept: Kept) -> Kept:
            results = kept.practice.get(kind, ())
            when = max(self._clock(), results[-1][0] + 0.001) if results else self._clock()  # kept in order
            return Kept(kept.answers, {**kept.practice, kind: (results + ((when, correct),))[-RECENT:]})

        self._update(change)

    # -- reading

    def answers(self) -> dict[str, Answer]:
        """Every exercise answered, by id."""
        return dict(self._refresh().answers)

    def practice_results(self) -> dict[str, tuple[bool, ...]]:
        """Each practice kind's recent results, oldest first: True for right."""
        return {kind: tuple(right for _, right in results) for kind, results in self._refresh().practice.items()}

    def done(self, lesson: int) -> tuple[int, int]:
        """(exercises done, exercises in all) for one lesson; done means answered right at least once."""
        one = self._lesson(checked_lesson(lesson), self._refresh())
        return one.done, one.total

    def summary(self) -> tuple[LessonProgress, ...]:
        """Every lesson with exercises, in order: done, total, and the next exercise."""
        kept = self._refresh()
        return tuple(self._lesson(lesson, kept) for lesson in lessons())

    def next_step(self) -> str:
        """What to do next, in words: the first lesson not finished and its next exercise."""
        for lesson in self.summary():
            if not lesson.complete:
                return str(lesson)
        return f"All {len(lessons())} lessons' exercises are done: keep your eye in with the endless practice."

    @staticmethod
    def _lesson(lesson: int, kept: Kept) -> LessonProgress:
        names = exercise_names(lesson)
        done = [name for name in names if (one := kept.answers.get(exercise_id(lesson, name))) and one.correct]
        return LessonProgress(lesson, len(done), len(names), next((n for n in names if n not in done), None))

    # -- the file

    def _refresh(self) -> Kept:
        """The file read again and merged into what this kernel knows."""
        try:
            fresh = _read(self.path)
        except _Damage:
            fresh = self._under_lock(self._fresh_locked)  # set aside only what is still damaged under the lock
        self._kept = merged(self._kept, fresh)
        return self._kept

    def _under_lock(self, read) -> Kept:
        try:
            with _locked(self.folder):
                return read()
        except OSError as error:
            self._note(f"Your progress in {self.path} cannot be read: {error.strerror or error}. "
                       f"Your answers are kept while this notebook runs.")
            return NOTHING

    def _fresh_locked(self) -> Kept:
        """The file's progress, the lock held; a damaged file is set aside and counts as none."""
        try:
            return _read(self.path)
        except _Damage as damage:
            self._set_aside(damage)
            return NOTHING

    def _set_aside(self, damage: _Damage) -> None:
        try:
            target = _set_aside(self.path, self._clock())
        except OSError as error:
            self._stuck = True
            self._note(f"Your progress file {self.path} cannot be used ({damage}), and it could not be set aside "
                       f"({error.strerror or error}), so it is left as it is. Your answers are kept while this "
                       f"notebook runs; move the file away to keep them next time.")
            return
        self._note(f"Your progress file could not be used ({damage}), so it was set aside as {target.name} in "
                   f"{self.folder}, and your progress starts afresh. Nothing was deleted: a teacher can look at it.")
        # A fresh file in its place at once: JupyterLite's storage (/drive) can hang for good when a name
        # just renamed away is looked up again. If this write fails, the next one says so.
        with contextlib.suppress(OSError):
            _write(self.path, _json_of(NOTHING))

    def _update(self, change) -> None:
        """Re-read the file, merge, change, and write it whole; if the disk refuses, keep it in memory."""
        kept = None
        try:
            if not self._stuck:
                self.folder.mkdir(parents=True, exist_ok=True)
                with _locked(self.folder):
                    kept = change(merged(self._kept, self._fresh_locked()))
                    if not self._stuck:
                        _write(self.path, _json_of(kept))
        except OSError as error:
            self._note(f"Your progress could not be saved in {self.folder}: {error.strerror or error}. "
                       f"Your answers are kept while this notebook runs.")
        self._kept = kept if kept is not None else change(self._kept)

    def _note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)
            warnings.warn(text, ProgressWarning, stacklevel=4)


# -- the learner's progress in the default folder, for a lesson's cells -----------------------------


def progress() -> Progress:
    """The learner's progress in the default folder (or $EUCHRE_LESSON_PROGRESS's)."""
    folder = progress_folder()
    if _SHARED.get("progress") is None or _SHARED["progress"].folder != folder:
        _SHARED["progress"] = Progress(folder)
    return _SHARED["progress"]


_SHARED: dict[str, Progress] = {}  # one Progress per kernel, so its notes are said once


def record(exercise_id: str, correct: bool, answer) -> None:
    """Remember one answer in the learner's progress (see Progress.record)."""
    progress().record(exercise_id, correct, answer)


def done(lesson: int) -> tuple[int, int]:
    """(done, total) for one lesson of the learner's progress."""
    return progress().done(lesson)


def summary() -> tuple[LessonProgress, ...]:
    """Every lesson's progress for the learner."""
    return progress().summary()


def next_step() -> str:
    """What the learner should do next, in words."""
    return progress().next_step()
