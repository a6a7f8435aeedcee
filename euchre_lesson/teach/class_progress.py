"""A class's progress without a server: each learner hands in a small file, and the teacher reads a folder of them.

    ClassProgress("handed_in/")   # students x lessons, and per rule what to teach again

A hand-in file holds the learner's first name and, for each exercise answered, whether it was answered right,
in how many tries and whether the first was right; nothing else (no answers typed, no practice). The class's
server (euchre_lesson.classroom) is given the same for each answer as it is judged (class_report), and shows
it in these same tables (ClassTables). Reading a folder never stops at one bad
file: each file that is damaged, too big, a link or not a hand-in is left out with a sentence saying why.

A hand-in also holds the learner's own key (made once beside their progress), so two learners of one name are two
rows (Ann, Ann 2) and one learner who hands in twice is one. Where the teacher made the class's key beside the
lessons (make_class_key, before the student copies are made: the copies carry it), each hand-in is signed with it
(HMAC-SHA256), and one edited afterwards (another name, other answers) or not signed is left out, with a sentence.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import hmac
import io
import json
import os
import re
import secrets
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from ..engine import checks
from ..engine import language as catalog
from ..engine.errors import FileRefused, JsonRefused, NotationError, excerpt
from ..engine.files import as_text, parse_json, read_regular, write_new
from ..engine.formats import FormatRefused, check, fits, read
from ..engine.language import N_, _
from . import class_report
from .class_formats import CLASS_KEY_FILE, EXERCISE_ENTRY, HAND_IN, canonical_id, one_spelling
from .class_formats import HAND_IN_KIND as KIND
from .class_formats import HAND_IN_VERSION as VERSION
from .context import current, learners_progress
from .course import exercises
from .joining import distinct_name, first_name, look_alikes, name_key
from .progress import Progress, exercise_names, kept_id, lessons

HAND_IN_LIMIT = 64 * 1024  # bytes: every exercise of every lesson fits in about 5 KB
MOST_FILES = 1000  # files read from a folder at most: a class is a few dozen
NESTING = 4  # levels of objects: the file needs 3
DIGITS = 12  # of a whole number: a count of tries
LEARNER_FILE = "learner_key.txt"  # beside the learner's progress: their own key, in each of their hand-ins
LEARNER_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")
KEY_BYTES = 16


@dataclass(frozen=True)
class Tries:
    """One exercise as a learner handed it in: answered right at least once, and in how many tries."""

    correct: bool
    tries: int
    first: bool | None = None  # the first try was right; None from progress kept before first tries were

    @property
    def first_wrong(self) -> bool:
        """Whether the first try was wrong, as kept; where it was not kept (older progress): never right, or right
        only after more than one try (a learner right at once who answered again is counted wrong at first)."""
        if self.first is not None:
            return not self.first
        return not self.correct or self.tries > 1

    def shared(self) -> dict:
        """As a hand-in or a report holds it: right once, tries, and the first try where it is known."""
        return {"correct": self.correct, "tries": self.tries, **({} if self.first is None else {"first": self.first})}


@dataclass(frozen=True)
class Student:
    """One learner's hand-in: the first name, and each exercise answered (id to Tries)."""

    name: str
    answers: tuple[tuple[str, Tries], ...]

    def done(self, lesson: int) -> int:
        """How many of the lesson's exercises were answered right at least once."""
        kept = dict(self.answers)
        return sum(1 for name in exercise_names(lesson) if (one := kept.get(f"lesson {lesson} {name}")) and one.correct)


# -- the learner's side: the file handed in ------------------------------------------------------------------


def hand_in(name: str, progress: Progress, key_folder: str | os.PathLike = ".") -> bytes:
    """The file a learner hands in: their first name, their own key (the same in each of their hand-ins) and each
    exercise answered, right or not, in how many tries; signed with the class's key where one is beside the lessons
    (`key_folder`), so a hand-in edited afterwards is told apart."""
    if not isinstance(progress, Progress):
        raise NotationError("progress", f"progress must be a Progress, not {excerpt(progress)}.")
    answers = {key: one.shared() for key, one in sorted(progress.answers().items()) if one_spelling(key)}
    record: dict[str, Any] = {
        "kind": KIND,
        "version": VERSION,
        "name": first_name(name),
        "answers": answers,
        "learner": _learner_key(progress.folder),
    }
    key = class_key(key_folder)
    if key is not None:
        record["signature"] = _signature(record, key)
    record = check(HAND_IN, record)
    return (json.dumps(record, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def _learner_key(folder: str | os.PathLike) -> str:
    """The learner's own key, kept beside their progress (made once): what tells two learners of one name apart."""
    path = checks.path("folder", folder, "the learner's progress folder") / LEARNER_FILE
    for _attempt in range(2):  # read it, or make it and read it again (another kernel may make it meanwhile)
        try:
            kept = as_text(read_regular(path, 100, follow_links=False)).strip()
            if LEARNER_KEY.fullmatch(kept):
                return kept
        except (FileRefused, OSError):
            pass
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_new(path, secrets.token_urlsafe(KEY_BYTES), private=True)
        except (OSError, FileRefused):
            break
    return ""  # nowhere to keep it: the hand-in goes without, and is read by its name as before


def class_key(folder: str | os.PathLike = ".") -> bytes | None:
    """The class's key for hand-ins, kept in `folder` (CLASS_KEY_FILE: the teacher's lessons, and the copies the
    students get); None where there is none."""
    path = checks.path("folder", folder, "the folder of the lessons, where the class's key is kept") / CLASS_KEY_FILE
    try:
        text = as_text(read_regular(path, 200, follow_links=False, what="the class's key")).strip()
    except (FileRefused, OSError):
        return None
    return bytes.fromhex(text) if re.fullmatch(r"[0-9a-f]{64}", text) else None


def make_class_key(folder: str | os.PathLike = ".") -> Path:
    """Make the class's key for hand-ins in `folder` (the teacher's lessons, before the student copies are made):
    the file made, or the one there already, never replaced (the hand-ins signed with it would be flagged)."""
    path = checks.path("folder", folder, "the folder of the lessons, such as 'notebooks'") / CLASS_KEY_FILE
    try:
        write_new(path, secrets.token_hex(32) + "\n", private=True)
    except (OSError, FileRefused) as error:
        why = getattr(error, "strerror", None) or excerpt(str(error), 100, str)
        raise NotationError("folder", f"The class's key cannot be kept in {excerpt(str(path), 200)}: {why}.") from None
    if class_key(path.parent) is None:
        raise NotationError(
            "folder", f"{excerpt(str(path), 200)} is there but holds no class key: move it away, then make one again."
        )
    return path


def _signature(record: dict[str, Any], key: bytes) -> str:
    """A hand-in's signature: the HMAC-SHA256, with the class's key, of everything else it holds."""
    signed = {name: value for name, value in record.items() if name != "signature"}
    text = json.dumps(signed, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def hand_in_file_name(name: str) -> str:
    """The name the browser saves a hand-in under: 'progress-Anne-Marie.json'."""
    letters = "".join(c if c.isalnum() else "-" for c in first_name(name)).strip("-")
    return f"progress-{'-'.join(part for part in letters.split('-') if part) or 'learner'}.json"


def data_link(data: bytes) -> str:
    """A data: address holding the file, for a link the learner clicks to download it (no server needed)."""
    if not isinstance(data, bytes) or len(data) > HAND_IN_LIMIT:
        raise NotationError("data", f"data must be a hand-in file's bytes, as hand_in gives, not {excerpt(data)}.")
    return "data:application/json;base64," + base64.b64encode(data).decode("ascii")


# -- the teacher's side: a folder of hand-ins ----------------------------------------------------------------


class ClassTables:
    """A class's answers as tables: students x lessons (done of total), and per rule the first tries wrong."""

    nobody = N_("No answers from the lessons yet.")  # what the tables say before any student's answers arrive

    def __init__(self, students=(), refused=()):
        if not isinstance(students, (tuple, list)) or not all(isinstance(one, Student) for one in students):
            raise NotationError("students", f"students must be the class's Students, not {excerpt(students)}.")
        if not isinstance(refused, (tuple, list)) or not all(isinstance(why, str) for why in refused):
            raise NotationError("refused", f"refused must be sentences, not {excerpt(refused)}.")
        self.students: tuple[Student, ...] = tuple(sorted(students, key=lambda s: s.name.casefold()))
        self.refused: tuple[str, ...] = tuple(refused)  # each file or report left out, and why, in a sentence

    def __repr__(self) -> str:
        return f"ClassTables: {len(self.students)} students"

    def lessons(self) -> tuple[tuple[str, tuple[tuple[int, int, int], ...]], ...]:
        """Each student's name and, per lesson, (lesson, done, total)."""
        return tuple((s.name, tuple((n, s.done(n), len(exercise_names(n))) for n in lessons())) for s in self.students)

    def rules(self) -> tuple[tuple[str, int, int], ...]:
        """Per rule id, (rule, first tries wrong, exercises tried) over the class: the most often wrong first."""
        counts: dict[str, list[int]] = {}
        for student in self.students:
            for key, one in student.answers:
                for rule in _rules_of(key):
                    count = counts.setdefault(rule, [0, 0])
                    count[0] += one.first_wrong
                    count[1] += 1
        return tuple(
            sorted(
                ((rule, wrong, tried) for rule, (wrong, tried) in counts.items()),
                key=lambda row: (-row[1] / row[2], row[0]),
            )
        )

    # -- shown and exported

    def html(self) -> str:
        """The two tables, each cell shaded as a heat map (the words in it say the same)."""
        lesson_words, done_words = _("Lesson {number}"), _("{done} of {total}")
        head = "".join(f"<th scope='col'>{escape(lesson_words.format(number=n))}</th>" for n in lessons())
        rows = "".join(
            f"<tr><th scope='row'>{escape(name)}</th>"
            + "".join(
                _cell(done / total if total else 0, done_words.format(done=done, total=total), good_high=True)
                for _lesson, done, total in line
            )
            + "</tr>"
            for name, line in self.lessons()
        )
        caption, student = _("Exercises done (answered right at least once), by student and lesson"), _("student")
        people = (
            (
                f"<table class='euchre-class-lessons' style='{TABLE}'><caption style='text-align:left'>"
                f"{escape(caption)}</caption><tr><th scope='col'>{escape(student)}</th>{head}</tr>{rows}</table>"
            )
            if self.students
            else f"<p>{escape(catalog._(self.nobody))}</p>"
        )
        wrong_words = _("{wrong} of {tried} first tries wrong")
        rules = "".join(
            f"<tr><th scope='row'>{rule}</th>"
            + _cell(wrong / tried, wrong_words.format(wrong=wrong, tried=tried), good_high=False)
            + "</tr>"
            for rule, wrong, tried in self.rules()
        )
        caption = _("What to teach again: for each rule, the first tries that were wrong")
        rule_words, wrong_head = _("rule"), _("first tries wrong")
        again = (
            (
                f"<table class='euchre-class-rules' style='{TABLE}'><caption style='text-align:left'>"
                f"{escape(caption)}</caption><tr><th scope='col'>{escape(rule_words)}</th>"
                f"<th scope='col'>{escape(wrong_head)}</th></tr>{rules}</table>"
            )
            if rules
            else ""
        )
        left_out = "".join(f"<li>{escape(why)}</li>" for why in self.refused)
        files = escape(_("Files left out:"))
        notes = f"<p>{files}</p><ul>{left_out}</ul>" if left_out else ""
        alike = "".join(f"<li>{escape(why)}</li>" for why in self.look_alikes())
        check = escape(_("Names to check:"))
        flags = f"<div class='euchre-look-alikes'><p>{check}</p><ul>{alike}</ul></div>" if alike else ""
        return f"<div class='euchre-class-progress'>{flags}{people}{again}{notes}</div>"

    def look_alikes(self) -> tuple[str, ...]:
        """The teacher's flag on names that could pass for another's (a Cyrillic Аnn beside Ann), a sentence each."""
        return look_alikes(student.name for student in self.students)

    _repr_html_ = html

    def csv_text(self, table: str = "lessons") -> str:
        """One table ('lessons' or 'rules') as the text of a CSV file."""
        if table not in ("lessons", "rules"):
            raise NotationError("table", f"table must be 'lessons' or 'rules', not {excerpt(table)}.")
        out = io.StringIO()
        writer = csv.writer(out)
        rows: list[list[object]]
        if table == "lessons":
            rows = [["student", *(f"lesson {n} (of {len(exercise_names(n))})" for n in lessons())]]
            rows += [[name, *(done for _lesson, done, _total in line)] for name, line in self.lessons()]
        else:
            rows = [["rule", "first tries wrong", "exercises tried"], *map(list, self.rules())]
        writer.writerows([_cell_text(cell) for cell in row] for row in rows)  # every cell, not only the names
        return out.getvalue()

    def export_csv(self, path: str | os.PathLike, table: str = "lessons") -> Path:
        """Write one table ('lessons' or 'rules') as a CSV file at `path`, a new file: never over one that is there."""
        text = self.csv_text(table)
        path = checks.path("path", path, "a new file's name, such as 'class.csv'")
        try:
            written = write_new(path, text)
        except OSError as error:
            raise NotationError("path", f"Cannot write {excerpt(str(path), 200)}: {error.strerror or error}.") from None
        if not written:
            raise NotationError(
                "path",
                f"There is a file {excerpt(str(path), 200)} already; it was left as it is. "
                f"Choose a new name for the CSV file.",
            )
        return path


class ClassProgress(ClassTables):
    """The class's progress from a folder of hand-in files: students x lessons, and per rule the first tries wrong."""

    nobody = N_("No hand-in files read yet.")

    def __init__(self, folder: str | os.PathLike = "handed_in", key_folder: str | os.PathLike = "."):
        folder = checks.path("folder", folder, "the folder of handed-in files, such as 'hand-ins'")
        super().__init__()
        self.folder = folder
        self.key_folder = checks.path("key_folder", key_folder, "the folder of the lessons, where the class's key is")
        self.read()

    def __repr__(self) -> str:
        return f"ClassProgress({str(self.folder)!r}): {len(self.students)} students"

    def read(self) -> None:
        """Read the folder again (after more files were handed in)."""
        try:
            if self.folder.is_symlink() or not self.folder.is_dir():
                raise NotADirectoryError
            with os.scandir(self.folder) as entries:
                names = sorted((entry for entry in entries if entry.name.endswith(".json")), key=lambda e: e.name)
        except OSError:  # missing, a file, a link, a name too long: nothing to read
            raise NotationError(
                "folder",
                f"{excerpt(str(self.folder), 200)} is not a folder: make a folder, put "
                f"the files the learners handed in there, and name it.",
            ) from None
        key = class_key(self.key_folder)  # None: the class signs no hand-ins, and none is checked
        found: dict[str, Student] = {}  # by the learner's own key ('name:' and the name's look for a hand-in of old)
        refused: list[str] = []
        if len(names) > MOST_FILES:
            refused.append(
                _("Only the first {most} of the {count} files were read.").format(
                    most=catalog.whole(MOST_FILES), count=catalog.whole(len(names))
                )
            )
        for entry in names[:MOST_FILES]:
            try:
                student, learner, signed = _student(Path(entry.path), key)
            except NotationError as why:
                refused.append(_("{file} was left out: {why}").format(file=excerpt(entry.name, 80, str), why=why))
                continue
            if signed is False:
                refused.append(
                    _(
                        "{file} was left out: it was changed after it was handed in (its signature does not match "
                        "its name and answers). Ask {name} to hand in again."
                    ).format(file=excerpt(entry.name, 80, str), name=student.name)
                )
                continue
            if key is not None and signed is None:
                refused.append(
                    _(
                        "{file} was left out: it is not signed with the class's key (made before hand-ins were "
                        "signed, or by other lessons). Ask {name} to hand in again."
                    ).format(file=excerpt(entry.name, 80, str), name=student.name)
                )
                continue
            mark = learner or "name:" + name_key(student.name)  # one learner who handed in twice is one row
            found[mark] = _together(found[mark], student) if mark in found else student
        told: list[Student] = []  # two learners of one name, each their own row: Ann, Ann 2
        for student in found.values():
            told.append(Student(distinct_name(student.name, (other.name for other in told)), student.answers))
        self.students = tuple(sorted(told, key=lambda s: s.name.casefold()))
        self.refused = tuple(refused)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")  # what a spreadsheet reads as the start of a formula


def _cell_text(value: object) -> str | int:
    """A CSV cell a spreadsheet shows as written: text beginning like a formula ('=cmd()', '@x', '-1+2') is quoted
    with a leading '; a whole number is left a number."""
    if type(value) is int:
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


TABLE = "border-collapse:collapse;font-family:system-ui,sans-serif;margin-bottom:1em"


def _cell(share: float, words: str, good_high: bool) -> str:
    """A table cell shaded from white to a strong colour by `share`: green where high is good, red where it is bad."""
    strength = min(max(share, 0.0), 1.0)
    colour = (10, 106, 42) if good_high else (164, 0, 29)
    mixed = tuple(round(255 - (255 - c) * strength * 0.75) for c in colour)
    ink = "#fff" if strength > 0.6 else "#000"
    return (
        f"<td style='background:rgb{mixed};color:{ink};padding:0.2em 0.6em;border:1px solid #999'>{escape(words)}</td>"
    )


def _rules_of(key: str) -> tuple[str, ...]:
    """The rule ids the exercise `key` ('lesson 3 q2') exercises."""
    lesson, name = key.split()[1], key.split()[2]
    return getattr(exercises(int(lesson)), name).rules_exercised


def together(one: Tries, other: Tries) -> Tries:
    """One exercise told twice (two hand-ins, two reports): right once is right, the most tries, a first try known."""
    if not isinstance(one, Tries) or not isinstance(other, Tries):
        raise NotationError("one", f"together takes two Tries, not {excerpt(one)} and {excerpt(other)}.")
    firsts = [first for first in (one.first, other.first) if first is not None]
    return Tries(one.correct or other.correct, max(one.tries, other.tries), all(firsts) if firsts else None)


def _together(one: Student, other: Student) -> Student:
    """Two hand-ins of one learner as one, exercise by exercise."""
    answers = dict(one.answers)
    for key, tries in other.answers:
        mine = answers.get(key)
        answers[key] = tries if mine is None else together(mine, tries)
    return Student(one.name, tuple(sorted(answers.items())))


def tries_from(key: object, value: Any) -> Tries:  # Any: a value read from JSON, checked here
    """One exercise as handed in or reported ({"correct", "tries", and perhaps "first"}); NotationError if not."""
    if not kept_id(key) or not fits(EXERCISE_ENTRY, value):
        raise NotationError(
            "answers",
            f"the entry {excerpt(key, 60, str)} is not an exercise of these lessons with "
            f"correct (true or false), tries (a whole number) and perhaps first (true or "
            f"false).",
        )
    if canonical_id(key) != key:
        raise NotationError(
            "answers", f"the entry {excerpt(key, 60, str)} is written {canonical_id(key)!r}: one way for each exercise."
        )
    return Tries(value["correct"], int(value["tries"]), value.get("first"))


def _student(path: Path, key: bytes | None = None) -> tuple[Student, str, bool | None]:
    """The hand-in at `path`: the learner, their own key ('' in a hand-in of old) and whether its signature is the
    class's (None where it has none, or there is no class key to check it with); a NotationError says, in a
    sentence, why it is not read."""
    try:
        data = parse_json(
            as_text(read_regular(path, HAND_IN_LIMIT, follow_links=False, what="a hand-in file")), NESTING, DIGITS
        )
    except FileRefused as refused:
        raise NotationError("file", f"{refused}.") from None
    except JsonRefused as refused:
        raise NotationError("file", f"it {refused}.") from None
    try:
        read(HAND_IN, data)
    except FormatRefused as refused:
        if refused.part.startswith("answers") and isinstance(data["answers"], dict):
            _entries(data["answers"])  # an exercise that is wrong: its own sentence, naming it
        raise NotationError("file", str(refused)) from None
    try:
        name = first_name(data["name"])
    except NotationError:
        raise NotationError("file", f"its name, {excerpt(data['name'], 60)}, is not a first name.") from None
    signed = None
    if key is not None and "signature" in data:
        signed = hmac.compare_digest(_signature(data, key), data["signature"])
    return Student(name, _entries(data["answers"])), str(data.get("learner", "")), signed


def _entries(answers: dict[str, object]) -> tuple[tuple[str, Tries], ...]:
    """A hand-in's exercises, in order; a NotationError names the first that is not an exercise of these lessons."""
    return tuple(sorted((key, _entry(key, value)) for key, value in answers.items()))


def _entry(key: object, value: object) -> Tries:
    """One exercise of a hand-in; a NotationError in the hand-in's words if it is not one."""
    try:
        return tries_from(key, value)
    except NotationError as why:
        raise NotationError("file", str(why)) from None


# -- the learner's side with a server: the lessons linked to the class -------------------------------------------


def link_lessons(
    name, server, code, progress: Progress | None = None, reporter: class_report.ClassReporter | None = None
) -> str:
    """Report every answer from now on to the class's server, under this first name; what happened, in words.

    The progress and the reporter are the bound lesson's (teach/context) where they are None."""
    mine = learners_progress(progress)
    answers = {key: one.shared() for key, one in mine.answers().items() if one_spelling(key)}
    return class_report.link_lessons(
        mine.folder, name, server, code, answers, current().reporter if reporter is None else reporter
    )


def linked(progress: Progress | None = None) -> class_report.Link | None:
    """Where the learner's answers are reported (server, join code, name), or None when the lessons are not linked."""
    return class_report.read_link(learners_progress(progress).folder)


def unlink_lessons(progress: Progress | None = None) -> None:
    """Stop reporting answers to the class's server (the learner's own progress is kept as ever)."""
    class_report.unlink_lessons(learners_progress(progress).folder)
