"""The answers the class's lessons report, kept in the class's folder: per student, each exercise's tries.

A lesson's kernel sends the learner's first name, the join code and, per exercise answered, whether it was right
once, in how many tries and whether the first was right (teach/class_report), in the format both ends share
(teach/class_formats). Every report is checked whole before anything of it is kept: its size, its shape, the join
code, the name (by the one rule of teach/joining), each exercise (one the lessons have) and each field. Nothing else
is kept, and the file is replaced whole, so a report refused, or a server stopped mid-write, leaves the class's
answers as they were.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from ..engine.errors import FileRefused, JsonRefused, NotationError
from ..engine.files import as_text, parse_json, read_regular, write_atomically
from ..engine.formats import FormatRefused, check, first_wrong, read
from ..teach.class_formats import KEPT_ANSWERS, LESSON_REPORT, report_reply
from ..teach.class_formats import KEPT_FORMAT as REPORTS_FORMAT
from ..teach.class_progress import ClassTables, Student, Tries, together, tries_from
from .codes import same_code
from .names import first_name
from .refusals import Refused

REPORTS_FILE = "lesson_answers.json"
REPORT_LIMIT = 16 * 1024  # bytes of one report: every exercise of every lesson takes about 4 KB
MOST_STUDENTS = 500  # names kept at most: a class is a few dozen; more is someone filling the disk
FILE_LIMIT = MOST_STUDENTS * REPORT_LIMIT  # bytes of the kept file read back
# What a report is told before its join code is found right: a stranger is told nothing more of the format.
NOT_A_REPORT = "A report holds the join code, the learner's first name and the answers, nothing else."
NOT_THE_CODE = "That is not this class's join code: ask your teacher for the join code on the board."


class LessonReports:
    """The answers reported from the class's lessons, kept in `folder`, for the teacher's page."""

    def __init__(self, folder, join_code: str):
        self.path = Path(folder) / REPORTS_FILE
        self.join_code = join_code
        self._lock = threading.Lock()
        # By name, casefolded (Ann and ann are one learner); None: a kept file that cannot be read is never replaced.
        self._students: dict[str, Student] | None = {}
        self.problem = ""  # why the kept file could not be read, if it could not
        self._read()

    def receive(self, body: bytes) -> dict:
        """Check one report and keep it; the reply to the lesson, {"kept": true, "message": ...}. A report Refused (in
        words, which the route replies as {"kept": false, "message": ...}) keeps nothing of it."""
        name, answers = self._checked(body)
        key = name.casefold()
        with self._lock:
            if self._students is None:
                raise Refused("report", "The class's server cannot keep answers now: " + self.problem)
            if key not in self._students and len(self._students) >= MOST_STUDENTS:
                raise Refused("name", f"The class already has {MOST_STUDENTS} students' answers: no more are kept.")
            old = self._students.get(key, Student(name, ()))
            merged = dict(old.answers)
            for exercise, tries in answers.items():
                merged[exercise] = together(merged[exercise], tries) if exercise in merged else tries
            students = {**self._students, key: Student(old.name, tuple(sorted(merged.items())))}
            write_atomically(self.path, _json_of(students), private=True)
            self._students = students
        return report_reply(True, f"Kept {len(answers)} answer{'s' * (len(answers) != 1)} for {old.name}.")

    def tables(self) -> ClassTables:
        """The class's answers as the teacher's tables (students x lessons, and per rule the first tries wrong)."""
        with self._lock:
            students = tuple((self._students or {}).values())
        return ClassTables(students, (self.problem,) if self.problem else ())

    # -- checked before anything is kept

    def _checked(self, body: bytes) -> tuple[str, dict[str, Tries]]:
        if not isinstance(body, bytes) or len(body) > REPORT_LIMIT:
            raise Refused("report", f"A report is at most {REPORT_LIMIT // 1024} KB; this one is larger.")
        try:
            data = parse_json(as_text(body), 4, 12)
        except (FileRefused, JsonRefused) as error:
            raise Refused("report", f"A report is a small JSON object from the lessons; this one {error}.") from None
        wrong = first_wrong(LESSON_REPORT, data)  # the join code first: a stranger is told nothing more
        if wrong == ():  # not an object, a field missing, or one too many
            raise Refused("report", NOT_A_REPORT)
        if wrong == ("join",) or not same_code(data["join"], self.join_code, "join code"):
            raise Refused("join code", NOT_THE_CODE)
        try:
            name = first_name(data["name"])  # the class's one rule, which the lessons write with too
        except NotationError as error:
            raise Refused("name", str(error)) from None
        try:
            read(LESSON_REPORT, data)
        except FormatRefused as refused:
            if isinstance(data["answers"], dict):
                self._answers(data["answers"])  # an exercise that is wrong: its own sentence, naming it
            raise Refused("answers", f"Nothing was kept: {refused}") from None
        return name, self._answers(data["answers"])

    @staticmethod
    def _answers(given: dict) -> dict[str, Tries]:
        """A report's answers, each an exercise of the lessons; Refused names the first that is not."""
        answers = {}
        for exercise, value in given.items():
            try:
                answers[exercise] = tries_from(exercise, value)
            except NotationError as error:
                raise Refused("answers", f"Nothing was kept: {error}") from None
        return answers

    # -- the file

    def _read(self) -> None:
        """The answers kept by this class's server before it was started again."""
        try:
            data = parse_json(
                as_text(read_regular(self.path, FILE_LIMIT, follow_links=False, what="the answers file")), 5, 12
            )
            students = {}
            for name, answers in read(KEPT_ANSWERS, data)["students"].items():
                student = Student(
                    first_name(name),
                    tuple(sorted((exercise, tries_from(exercise, value)) for exercise, value in answers.items())),
                )
                students[student.name.casefold()] = student
        except FileRefused as refused:
            if refused.kind != "missing":
                self.problem = (
                    f"The answers kept in {self.path} could not be read ({refused}); they are left as "
                    f"they are, and new answers are not kept until the file is moved away."
                )
                self._students = None  # never written over
            return
        except (JsonRefused, NotationError) as error:
            self.problem = (
                f"The answers kept in {self.path} could not be read ({str(error).rstrip('.')}); they are left as they "
                f"are, and new answers are not kept until the file is moved away."
            )
            self._students = None
            return
        self._students = students


def _json_of(students: dict[str, Student]) -> str:
    """The kept file's text: per student, per exercise, right once, tries and the first try."""
    record = {
        "format": REPORTS_FORMAT,
        "students": {
            student.name: {exercise: tries.shared() for exercise, tries in student.answers}
            for student in sorted(students.values(), key=lambda s: s.name.casefold())
        },
    }
    return json.dumps(check(KEPT_ANSWERS, record), ensure_ascii=False, indent=1)
