"""The answers the class's lessons report, kept in the class's folder: per learner, each exercise's tries.

A lesson joins once (teach/class_report: the learner's first name, the join code, the answers so far and no key):
the class gives it a key, random, and the name it shows the learner by (Ava 2 where an Ava joined before). From then
on each report carries the key, and is kept with the answers of that key alone: a report is matched to its learner
by the key, never by the name, so a report under Ann's name without her key is refused in words and never reaches
her answers. Every report is checked whole before anything of it is kept: its size, its shape, the join code, the
name (by the one rule of teach/joining), the key, each exercise (one the lessons have, in its one spelling) and each
field. Nothing else is kept, and the file is replaced whole, so a report refused, or a server stopped mid-write,
leaves the class's answers as they were. Joining is paced (JOIN_BURST at once, then one each JOIN_EVERY seconds)
and the class keeps at most MOST_STUDENTS learners: filling it takes real joins, each refused in words once full.
"""

from __future__ import annotations

import hashlib
import json
import math
import secrets
import threading
import time
from collections.abc import Callable

from ..engine import checks, language
from ..engine.errors import FileRefused, JsonRefused, NotationError, excerpt
from ..engine.files import as_text, parse_json, read_regular, write_atomically
from ..engine.formats import FormatRefused, check, first_wrong, read
from ..engine.language import N_, _, ngettext
from ..teach.class_formats import (
    KEPT_ANSWERS,
    LESSON_REPORT,
    MOST_POSITIONS_KEPT,
    MOST_POSITIONS_SENT,
    canonical_id,
    report_reply,
)
from ..teach.class_formats import KEPT_FORMAT as REPORTS_FORMAT
from ..teach.class_progress import ClassTables, Student, Tries, together, tries_from
from ..teach.positions import Position, position_from
from .codes import same_code
from .guard import Allowance, Tally
from .keeping import why_not_saved
from .names import distinct_name, first_name
from .refusals import Refused

REPORTS_FILE = "lesson_answers.json"
REPORT_LIMIT = 16 * 1024  # bytes of one report: every exercise of every lesson takes about 4 KB
MOST_STUDENTS = 500  # learners kept at most: a class is a few dozen; more is someone filling the disk
FILE_LIMIT = MOST_STUDENTS * REPORT_LIMIT  # bytes of the kept file read back
JOIN_BURST = 60  # lessons that may join at once: a class of 30 at the start of a lesson, twice over
JOIN_EVERY = 2.0  # seconds: after a burst, one more may join each; 500 joins take a quarter of an hour
JOINS = Allowance(JOIN_BURST, JOIN_EVERY)
KEY_BYTES = 16  # of a lesson's key: kept by the learner's lessons, never typed
# What a report is told before its join code is found right: a stranger is told nothing more of the format.
NOT_A_REPORT = N_("A report holds the join code, the learner's first name and the answers, nothing else.")
NOT_THE_CODE = N_("That is not this class's join code: ask your teacher for the join code on the board.")
NOT_KEPT_NOW = N_("The class's server cannot keep answers just now ({}): your lesson sends them again soon.")
OLD_REPORT = N_(
    "These lessons were linked to the class before the class gave each learner a key: press Leave, then Join "
    "again on the lessons' contents page, and your answers are sent with your own key."
)
UNKNOWN_KEY = N_(
    "These lessons' key is not one of this class's (the class was started afresh, or the key was changed): press "
    "Leave, then Join again on the lessons' contents page."
)


def key_of(token: str) -> str:
    """What the class keeps of a lesson's key: its SHA-256, so the kept file alone sends no report."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class LessonReports:
    """The answers reported from the class's lessons, kept in `folder`, for the teacher's page."""

    def __init__(self, folder: object, join_code: object, clock: Callable[[], float] = time.monotonic):
        if not callable(clock):
            raise NotationError("clock", f"clock must be a function giving seconds, not {excerpt(clock)}.")
        self.path = checks.path("folder", folder, "the class's folder") / REPORTS_FILE
        self.join_code: str = checks.instance("join_code", join_code, str, "the class's join code, as text")
        self.clock = clock
        self._lock = threading.Lock()
        # By the SHA-256 of the learner's key ('name:' and the name for answers kept before keys: nobody's now);
        # None: a kept file that cannot be read is never replaced.
        self._students: dict[str, Student] | None = {}
        # By the name the class shows: the positions from the class's tables its lessons are still to be sent.
        self._positions: dict[str, tuple[dict, ...]] = {}
        self._joins = Tally(float(JOIN_BURST), clock())  # joins allowed now, and when that was counted
        self.problem = ""  # why the kept file could not be read, if it could not
        self.received = 0  # the reports kept since the server started: the teacher's page shows them as they come
        self._read()

    def __repr__(self) -> str:
        return f"LessonReports({str(self.path.parent)!r})"

    def receive(self, body: object) -> dict:
        """Check one report and keep it; the reply to the lesson, {"kept": true, "message": ...} (and to a lesson
        joining, its key and name). A report Refused (in words, which the route replies as {"kept": false,
        "message": ...}) keeps nothing of it."""
        name, token, answers = self._checked(body)
        joining = not token
        with self._lock:
            if self._students is None:
                raise Refused(
                    "report", _("The class's server cannot keep answers now: {problem}").format(problem=self.problem)
                )
            if joining:
                token, key, old = self._join(name)
            else:
                key = key_of(token)
                if key not in self._students:
                    raise Refused("token", language._(UNKNOWN_KEY))
                old = self._students[key]
            students = {**self._students, key: Student(old.name, _merged(old.answers, answers))}
            waiting = self._positions.get(old.name, ())
            most = 0 if joining else MOST_POSITIONS_SENT  # sent with a report under its key: a join has none yet
            sent, left = waiting[:most], waiting[most:]
            positions = {name: kept for name, kept in {**self._positions, old.name: left}.items() if kept}
            try:
                write_atomically(self.path, _json_of(students, positions), private=True)
            except (OSError, FileRefused) as error:  # a full disk: words without the path; the lesson tries again
                raise Refused("saving", language._(NOT_KEPT_NOW).format(why_not_saved(error))) from None
            self._students, self._positions = students, positions
            self.received += 1
        kept = ngettext("{count} answer", "{count} answers", len(answers)).format(count=len(answers))
        if joining:
            return report_reply(
                True, _("You are in as {name}: kept {kept}.").format(name=old.name, kept=kept), token, old.name
            )
        said = _("Kept {kept} for {name}.").format(kept=kept, name=old.name)
        if sent:
            said += " " + ngettext(
                "Your coach sends {count} position from the class's tables to your review.",
                "Your coach sends {count} positions from the class's tables to your review.",
                len(sent),
            ).format(count=len(sent))
        return report_reply(True, said, positions=sent)

    def keep_position(self, name: str, position: Position) -> bool:
        """A position the coach at the class's tables found mistaken, for the learner the class shows as `name`: kept
        in the class's folder until their lessons next report (the reply takes it to their review). Whether it was
        kept (a damaged file, or a full disk, keeps nothing: the learner's review misses one position, no more)."""
        name = first_name(name)
        checks.instance("position", position, Position, "a Position, as teach.positions.position_at makes it")
        record = position.record()
        with self._lock:
            if self._students is None:
                return False
            kept = tuple(one for one in self._positions.get(name, ()) if one != record) + (record,)
            positions = {**self._positions, name: kept[-MOST_POSITIONS_KEPT:]}
            try:
                write_atomically(self.path, _json_of(self._students, positions), private=True)
            except (OSError, FileRefused):
                return False
            self._positions = positions
            return True

    def positions_for(self, name: str) -> tuple[Position, ...]:
        """The positions kept for the learner the class shows as `name`, not yet sent to their lessons."""
        with self._lock:
            return tuple(position_from(record) for record in self._positions.get(first_name(name), ()))

    def _join(self, name: str) -> tuple[str, str, Student]:
        """A lesson joins (the class's lock held): its key, what is kept of it, and the learner as the class shows
        them (Ava 2 where another Ava joined before)."""
        if self._students is None:  # for mypy: receive has said so already
            raise Refused("report", self.problem)
        if len(self._students) >= MOST_STUDENTS:
            raise Refused(
                "name",
                _(
                    "The class already has {most} learners' answers, as many as it keeps: nobody more can join. Ask "
                    "your teacher."
                ).format(most=MOST_STUDENTS),
            )
        now = self.clock()
        if type(now) not in (int, float):
            raise NotationError("clock", f"the class's clock must give seconds, not {excerpt(now)}.")
        joins = self._joins.now(JOINS, now)  # paced as the guard paces wrong codes
        if joins.left < 1:
            wait = math.ceil(JOINS.every * (1 - joins.left))
            raise Refused(
                "name",
                ngettext(
                    "Many learners have just joined: wait {wait} second or so, then press Join again.",
                    "Many learners have just joined: wait {wait} seconds or so, then press Join again.",
                    wait,
                ).format(wait=wait),
            )
        self._joins = joins.spent(1)
        token = secrets.token_urlsafe(KEY_BYTES)
        shown = distinct_name(name, (student.name for student in self._students.values()))
        return token, key_of(token), Student(shown, ())

    def tables(self) -> ClassTables:
        """The class's answers as the teacher's tables (students x lessons, and per rule the first tries wrong)."""
        with self._lock:
            students = tuple((self._students or {}).values())
        return ClassTables(students, (self.problem,) if self.problem else ())

    # -- checked before anything is kept

    def _checked(self, body: object) -> tuple[str, str, dict[str, Tries]]:
        """The report's name, key ('' to join) and answers; Refused says, in words, the first thing wrong."""
        if not isinstance(body, bytes):
            raise Refused(
                "report", f"A report is the bytes of a small JSON object from the lessons, not {excerpt(body)}."
            )
        if len(body) > REPORT_LIMIT:
            raise Refused(
                "report", _("A report is at most {size} KB; this one is larger.").format(size=REPORT_LIMIT // 1024)
            )
        try:
            data = parse_json(as_text(body), 4, 12)
        except (FileRefused, JsonRefused) as error:
            raise Refused(
                "report",
                _("A report is a small JSON object from the lessons; this one {trouble}.").format(trouble=error),
            ) from None
        wrong = first_wrong(LESSON_REPORT, data)  # the join code first: a stranger is told nothing more
        if wrong == ():  # not an object, a field missing, or one too many
            raise Refused("report", language._(NOT_A_REPORT))
        if wrong == ("join",) or not same_code(data["join"], self.join_code, "join code"):
            raise Refused("join code", language._(NOT_THE_CODE))
        try:
            name = first_name(data["name"])  # the class's one rule, which the lessons write with too
        except NotationError as error:
            raise Refused("name", str(error)) from None
        try:
            read(LESSON_REPORT, data)
        except FormatRefused as refused:
            if isinstance(data["answers"], dict):
                self._answers(data["answers"])  # an exercise that is wrong: its own sentence, naming it
            raise Refused("answers", _("Nothing was kept: {why}").format(why=refused)) from None
        if "token" not in data:  # a lesson of the release before, which matched reports by name
            raise Refused("token", language._(OLD_REPORT))
        return name, data["token"], self._answers(data["answers"])

    @staticmethod
    def _answers(given: dict) -> dict[str, Tries]:
        """A report's answers, each an exercise of the lessons; Refused names the first that is not."""
        answers = {}
        for exercise, value in given.items():
            try:
                answers[exercise] = tries_from(exercise, value)
            except NotationError as error:
                raise Refused("answers", _("Nothing was kept: {why}").format(why=error)) from None
        return answers

    # -- the file

    def _read(self) -> None:
        """The answers kept by this class's server before it was started again."""
        try:
            data = parse_json(
                as_text(read_regular(self.path, FILE_LIMIT, follow_links=False, what="the answers file")), 9, 12
            )
            kept = read(KEPT_ANSWERS, data)
            keys = kept.get("keys", {})
            students = {}
            for name, answers in kept["students"].items():
                one: tuple[tuple[str, Tries], ...] = ()
                for exercise, value in answers.items():  # 'lesson 00 q1' of a file kept before: 'lesson 0 q1'
                    one = _merged(one, {canonical_id(exercise): tries_from(canonical_id(exercise), value)})
                student = Student(first_name(name), one)
                students[keys.get(name, "name:" + student.name)] = student  # kept before keys: nobody's now
            positions = {}
            for name, records in kept.get("positions", {}).items():
                for record in records:
                    position_from(record)  # a position that cannot be dealt again is damage, said as such
                positions[first_name(name)] = tuple(records)
        except FileRefused as refused:
            if refused.kind != "missing":
                self.problem = (
                    f"The answers kept in {self.path} could not be read ({refused}); they are left as "
                    f"they are, and new answers are not kept until the file is moved away."
                )
                self._students = None  # never written over
            return
        except (JsonRefused, ValueError) as error:  # NotationError, or a position's damage
            self.problem = (
                f"The answers kept in {self.path} could not be read ({str(error).rstrip('.')}); they are left as they "
                f"are, and new answers are not kept until the file is moved away."
            )
            self._students = None
            return
        self._students, self._positions = students, positions


def _merged(old: tuple[tuple[str, Tries], ...], new: dict[str, Tries]) -> tuple[tuple[str, Tries], ...]:
    """A learner's answers with a report's: each exercise once, its tries told together."""
    merged = dict(old)
    for exercise, tries in new.items():
        merged[exercise] = together(merged[exercise], tries) if exercise in merged else tries
    return tuple(sorted(merged.items()))


def _json_of(students: dict[str, Student], positions: dict[str, tuple[dict, ...]] | None = None) -> str:
    """The kept file's text: per learner, per exercise, right once, tries and the first try; each learner's key, as
    its SHA-256; and the positions from the class's tables still to be sent, by the name the class shows."""
    ordered = sorted(students.items(), key=lambda item: item[1].name.casefold())
    record = {
        "format": REPORTS_FORMAT,
        "students": {
            student.name: {exercise: tries.shared() for exercise, tries in student.answers} for _key, student in ordered
        },
        "keys": {student.name: key for key, student in ordered if not key.startswith("name:")},
        **({"positions": {name: list(kept) for name, kept in sorted(positions.items())}} if positions else {}),
    }
    return json.dumps(check(KEPT_ANSWERS, record), ensure_ascii=False, indent=1)
