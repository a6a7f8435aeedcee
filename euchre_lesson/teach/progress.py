"""Progress that is kept: each exercise answered and each practice question's result, in a small JSON file.

The file is `progress.json` in a folder of the learner's own: `$EUCHRE_LESSON_PROGRESS` if set, else
`euchre_lesson` in the Jupyter data folder (in the browser's Python, the browser's storage). It is only
ever replaced whole (a temporary file renamed over it) and only under the folder's lock, re-read and merged
first so that two lessons open at once keep each other's answers; a kernel that cannot have the lock keeps
its answers in a journal of its own beside it, which every reader merges. A file that cannot be read is
renamed aside with a message, never deleted, and never stops a lesson; one entry that cannot be read is left
out with a message, and the rest is read. The file and a journal's line are declared formats (PROGRESS_FILE,
JOURNAL_LINE, of ANSWER_ENTRY, PRACTICE_RESULT and REVIEW_CARD): every writer checks what it writes against them, and
the reader reads each entry with them.

Each miss (an exercise answered wrong, a practice question missed, a rule missed at the table, a decision the coach
graded a Mistake or a Blunder) makes a review card, due at once; `teach/review.py` asks it again and schedules it with
FSRS. A position's card keeps the position itself (teach/positions.py). A file of before the cards has none, and reads.

The language the learner chose on the contents page is kept too (LANGUAGE_CHOICE: its code and when it was chosen,
the latest choice winning a merge), so that every lesson opened after speaks it; a file of before has none.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import json
import math
import os
import re
import secrets
import stat
import threading
import time
import warnings
from pathlib import Path
from typing import Any, NamedTuple

from ..engine import language
from ..engine.errors import FileRefused, JsonRefused, NotationError, excerpt
from ..engine.files import (
    BROWSER_FOLDER,  # noqa: F401 - where progress is kept in the browser's Python
    append_synced,
    as_text,
    data_folder,
    parse_json,
    read_regular,
    rename_aside,
    write_atomically,
    write_new,
)
from ..engine.formats import Format, check, first_wrong, fits
from ..engine.language import LANGUAGES, _, checked_language
from ..engine.said import Listed
from .course import exercises, lesson_numbers
from .exercises import RULE_ID
from .positions import POSITION, POSITION_ID, Position, position_from

ENVIRONMENT = "EUCHRE_LESSON_PROGRESS"  # a folder: where the progress file is kept instead of the default
FILE_NAME = "progress.json"
LOCK_NAME = FILE_NAME + ".lock"
DAMAGED = FILE_NAME + ".damaged-"  # + a timestamp: where a file that cannot be read is set aside
VERSION = 1
LIMIT = 256 * 1024  # bytes: every exercise and practice result fits in a few dozen KB; no more is ever read
RECENT = 20  # practice results kept per kind: enough to see recent mistakes
ANSWER_CHARS = 200  # an answer is kept as a short text, a huge one cut
LOCK_WAIT = 2.0  # seconds: a write takes milliseconds; a kernel that waits longer writes to its journal instead
STALE_LOCK = 600.0  # seconds: a lock file (where there is no flock) this old was left by a kernel that died
JOURNAL = re.compile(r"progress-[0-9a-f]{12}\.journal")  # one kernel's answers not yet in the file
JOURNAL_REWRITE = 32 * 1024  # bytes: a journal this long is rewritten as one line (a kernel that never gets the lock)
MOST_JOURNALS = 1000  # journals read at most: each is a kernel that never got the lock before it ended
EXERCISE_ID = re.compile(r"lesson ([0-9]{1,3}) ([A-Za-z_][A-Za-z0-9_]{0,39})")  # as exercises(N) names them
KIND = re.compile(r"[a-z][a-z0-9_]{0,39}")
# What a review card asks again: a lesson's exercise, a kind of practice question, a rule of the rule book, or a
# position the coach graded a Mistake or a Blunder (its card keeps the position: teach/positions.py).
REVIEW_ITEM = re.compile(rf"{EXERCISE_ID.pattern}|practice {KIND.pattern}|rule {RULE_ID.pattern}|{POSITION_ID.pattern}")
MOST_POSITIONS = 40  # position cards kept, the latest missed: each is about 1 KB of the file's LIMIT
NESTING = 64  # levels of lists and objects read: the file needs 4, and json.loads recurses once per level
DIGITS = 1000  # of a whole number read: a time or a count of 400 digits is one entry left out, not the whole file

try:  # POSIX; Windows has no fcntl, and the lock falls back to a file created exclusively
    import fcntl
except ImportError:  # pragma: no cover - depends on the platform
    fcntl = None  # type: ignore[assignment]  # no module here: _locked takes the exclusive-file way


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
    """The learner's own folder for progress: the lessons' own in the Jupyter data folder, or the browser's storage."""
    return data_folder()


def progress_folder(folder: str | os.PathLike | None = None) -> Path:
    """The folder given, else $EUCHRE_LESSON_PROGRESS, else the default folder."""
    if folder is None:
        folder = os.environ.get(ENVIRONMENT) or None
        if folder is None:
            return default_folder()
    text = os.fspath(folder) if isinstance(folder, os.PathLike) else folder
    if not isinstance(text, str) or not text or "\0" in text:
        raise NotationError(
            "folder", f"folder must name a folder for the progress file, as text or a Path, not {excerpt(folder)}."
        )
    return Path(text).expanduser()


# -- the exercises ----------------------------------------------------------------------------------


def lessons() -> tuple[int, ...]:
    """The lessons that have exercises, in order."""
    return lesson_numbers()


def exercise_names(lesson: int) -> tuple[str, ...]:
    """A lesson's exercises by name, in the lesson's order."""
    return tuple(vars(exercises(lesson)))


def checked_lesson(lesson) -> int:
    """A lesson number that has exercises; anything else is refused naming the lessons."""
    if type(lesson) is not int or lesson not in lessons():
        raise NotationError(
            "lesson",
            f"lesson must be the number of a lesson with exercises, "
            f"one of {', '.join(map(str, lessons()))}; not {excerpt(lesson)}.",
        )
    return lesson


def exercise_id(lesson: int, name: str) -> str:
    """The id an exercise is kept under, its `id`: 'lesson 3 q2'; refused if there is no such exercise."""
    checked_lesson(lesson)
    if not isinstance(name, str) or name not in exercise_names(lesson):
        raise NotationError(
            "name",
            f"lesson {lesson} has no exercise {excerpt(name)}: its exercises are {', '.join(exercise_names(lesson))}.",
        )
    return f"lesson {lesson} {name}"


def _split_id(value) -> tuple[int, str]:
    """An exercise id read back into (lesson, name), checked against the lessons."""
    found = EXERCISE_ID.fullmatch(value) if isinstance(value, str) else None
    if not found:
        raise NotationError(
            "exercise_id", f"exercise_id must be a lesson and an exercise such as 'lesson 3 q2', not {excerpt(value)}."
        )
    lesson, name = int(found[1]), found[2]
    exercise_id(lesson, name)
    return lesson, name


def kept_id(value) -> bool:
    """Whether `value` is the id of a lesson's exercise, which progress keeps ('lesson 3 q2')."""
    try:
        _split_id(value)
    except NotationError:
        return False
    return True


def _review_item(item: object) -> str:
    """What a review card asks again, checked: a lesson's exercise, a practice kind or a rule; else refused."""
    if (
        not isinstance(item, str)
        or not REVIEW_ITEM.fullmatch(item)
        or (item.startswith("lesson") and not kept_id(item))
    ):
        raise NotationError(
            "item",
            f"item must be a lesson's exercise ('lesson 3 q2'), a kind of practice ('practice bid'), a rule "
            f"('rule C12') or a position ('position 3fa2c91b0d4e', kept by missed_position), not {excerpt(item)}.",
        )
    return item


def _missed_card(kept: Kept, item: str, now: float, position: Position | None = None) -> dict[str, ReviewCard]:
    """The card of a miss, due now: a new one, or the one kept brought forward (its schedule kept)."""
    old = kept.review.get(item)
    when = min(now, SECONDS_UNTIL - 1)
    card = (
        ReviewCard(when, when, position=position)
        if old is None
        else old._replace(missed=max(old.missed, when), due=min(old.due, when))
    )
    return {item: card}


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
    """One exercise: answered right at least once, how many tries, the last answer and when, and the first try."""

    correct: bool
    tries: int
    answer: str
    when: float
    first: bool | None = None  # the first try was right; None in a file kept before the first try was (version 1)

    def shared(self) -> dict:
        """What a teacher is given of it (a hand-in, a report to the class): right once, tries, first try right."""
        return {"correct": self.correct, "tries": self.tries, **({} if self.first is None else {"first": self.first})}


class ReviewCard(NamedTuple):
    """One thing to review: when it is due, when it was last missed, and what the scheduler knows of it.

    A card never reviewed is due when it was missed; each review (teach/review.py) sets its stability and difficulty,
    when it was reviewed and when it is due next. A miss after the last review makes it due at once again."""

    due: float
    missed: float
    reviews: int = 0
    stability: float | None = None  # days until the chance of remembering falls to 90% (FSRS); None before a review
    difficulty: float | None = None  # 1 (easy) to 10 (hard), FSRS's; None before a review
    last: float | None = None  # when it was last reviewed; None before a review
    position: Position | None = None  # the position asked again, on a position's card only (teach/positions.py)


class LanguageChosen(NamedTuple):
    """The language the learner chose for the lessons (a code of engine/language.py's LANGUAGES), and when."""

    code: str
    when: float


class Kept(NamedTuple):
    """Everything in the file: exercise answers by id, each practice kind's recent (when, right) results, the
    review cards by what they ask again ('lesson 3 q2', 'practice which_suit', 'rule C12'), and the language chosen."""

    answers: dict[str, Answer]
    practice: dict[str, tuple[tuple[float, bool], ...]]
    review: dict[str, ReviewCard] = {}  # noqa: RUF012 - never changed: every change makes a new Kept
    language: LanguageChosen | None = None  # None until the learner chooses one (and in a file of before)


NOTHING = Kept({}, {})


def _combined(mine: Kept, theirs: Kept) -> Kept:
    """Both copies in one: right once is right, the most tries, the latest answer, every practice result.

    The first try: where either copy does not know it (an older file's entry), nobody does; where two lessons
    open at once each kept a first try, either may have been first, and a wrong one is counted."""
    answers = dict(theirs.answers)
    for key, one in mine.answers.items():
        other = answers.get(key)
        if other is not None:
            latest = max(one, other, key=lambda a: a.when)
            first = None if None in (one.first, other.first) else one.first and other.first
            one = Answer(one.correct or other.correct, max(one.tries, other.tries), latest.answer, latest.when, first)
        answers[key] = one
    practice = dict(theirs.practice)
    for kind, results in mine.practice.items():
        practice[kind] = tuple(sorted(set(results) | set(practice.get(kind, ()))))[-RECENT:]
    review = dict(theirs.review)
    for item, card in mine.review.items():
        copy = review.get(item)
        review[item] = card if copy is None else _card_combined(card, copy)
    positions = sorted((card.missed, item) for item, card in review.items() if POSITION_ID.fullmatch(item))
    for _missed, item in positions[:-MOST_POSITIONS]:  # the oldest missed go: the file stays small
        del review[item]
    choices = [one for one in (mine.language, theirs.language) if one is not None]
    language = max(choices, key=lambda one: one.when) if choices else None  # the latest choice, in either copy
    return Kept(answers, practice, review, language)


def _card_combined(one: ReviewCard, other: ReviewCard) -> ReviewCard:
    """Two copies of a card in one: the latest review's schedule, and due at once if missed since that review."""
    newer = max(one, other, key=lambda card: (-1.0 if card.last is None else card.last, card.reviews, -card.due))
    missed = max(one.missed, other.missed)
    since = newer.last is None or missed > newer.last
    position = newer.position or one.position or other.position  # one position per name: either copy's
    return newer._replace(missed=missed, due=min(newer.due, missed) if since else newer.due, position=position)


def _all_combined(copies) -> Kept:
    kept = NOTHING
    for one in copies:
        kept = _combined(one, kept)
    return kept


# -- the file's format, declared once: the writer checks it, the reader reads entry by entry with it --------

SECONDS_UNTIL = 1e11  # about the year 5138: a time past it is not seconds since 1970
MILLISECONDS_UNTIL = 1e14  # JavaScript's clock counts milliseconds since 1970
OLDER_FIELDS = ("correct", "tries", "answer", "when")  # an entry's fields in every file; "first" only since it is kept
TIME = {
    "type": "number",
    "minimum": 0,
    "exclusiveMaximum": SECONDS_UNTIL,
    "description": "a time in seconds since 1970",
}

# One exercise's entry; the properties in the order a wrong one is told.
ANSWER_ENTRY = Format(
    "exercise's entry",
    {
        "description": "an answer (correct, tries, answer and when, and perhaps first)",
        "type": "object",
        "properties": {
            "correct": {"type": "boolean", "description": "true or false"},
            "first": {"type": "boolean", "description": "true or false"},
            "tries": {"type": "integer", "minimum": 1, "maximum": 10**9 - 1, "description": "a whole number of tries"},
            "answer": {"type": "string", "description": "text"},
            "when": TIME,
        },
        "required": list(OLDER_FIELDS),
        "additionalProperties": False,
    },
    example='{"correct": true, "tries": 1, "answer": "JH", "when": 1765000000.0, "first": true}',
)
PRACTICE_RESULT = Format(
    "practice result",
    {
        "description": "[time, true or false]",
        "type": "array",
        "items": [TIME, {"type": "boolean"}],
        "minItems": 2,
        "additionalItems": False,
    },
    example="[1765000000.0, true]",
)
# One review card; a card reviewed has its stability, difficulty and last review, one never reviewed none of them.
REVIEW_CARD = Format(
    "review card",
    {
        "description": "a review card (due, missed and reviews, after a review stability, difficulty and last, and "
        "a position's card its position)",
        "type": "object",
        "properties": {
            "due": TIME,
            "missed": TIME,
            "reviews": {
                "type": "integer",
                "minimum": 0,
                "maximum": 10**9 - 1,
                "description": "a whole number of reviews",
            },
            "stability": {
                "type": "number",
                "exclusiveMinimum": 0,
                "maximum": 10**6,
                "description": "a number of days above 0",
            },
            "difficulty": {"type": "number", "minimum": 1, "maximum": 10, "description": "a number from 1 to 10"},
            "last": TIME,
            "position": POSITION.schema,  # since the position cards: a position's card only
        },
        "required": ["due", "missed", "reviews"],
        "dependencies": {  # draft 7: a field that needs the others
            "stability": ["difficulty", "last"],
            "difficulty": ["stability", "last"],
            "last": ["stability", "difficulty"],
        },
        "additionalProperties": False,
    },
    example='{"due": 1765200000.0, "missed": 1765000000.0, "reviews": 1, "stability": 2.3, "difficulty": 2.1, '
    '"last": 1765000060.0}',
)
# The language chosen; since the contents page offers the languages (issue 38): a file without it has chosen none.
LANGUAGE_CHOICE = Format(
    "language chosen",
    {
        "description": "a language chosen (code, one of " + ", ".join(LANGUAGES) + ", and when)",
        "type": "object",
        "properties": {
            "code": {"type": "string", "enum": list(LANGUAGES), "description": "one of " + ", ".join(LANGUAGES)},
            "when": TIME,
        },
        "required": ["code", "when"],
        "additionalProperties": False,
    },
    example='{"code": "fr", "when": 1765000000.0}',
)
_PROGRESS = {
    "description": "the progress of these lessons (an object with version, answers, practice, review and language)",
    "type": "object",
    "properties": {
        "version": {"type": "integer", "const": VERSION},
        "answers": {
            "type": "object",
            "propertyNames": {"pattern": f"^{EXERCISE_ID.pattern}$"},
            "additionalProperties": ANSWER_ENTRY.schema,
        },
        "practice": {
            "type": "object",
            "propertyNames": {"pattern": f"^{KIND.pattern}$"},
            "additionalProperties": {"type": "array", "items": PRACTICE_RESULT.schema},
        },
        "review": {  # since the review cards (issue 37): a file without it has none
            "type": "object",
            "propertyNames": {"pattern": f"^({REVIEW_ITEM.pattern})$"},
            "additionalProperties": REVIEW_CARD.schema,
        },
        "language": LANGUAGE_CHOICE.schema,
    },
    "required": ["version"],
    "additionalProperties": False,
}
PROGRESS_FILE = Format(
    "progress file", _PROGRESS, example='{"version": 1, "answers": {}, "practice": {}, "review": {}}'
)
JOURNAL_LINE = Format("progress journal line", _PROGRESS, example='{"version":1,"answers":{},"practice":{}}')


class _Damage(ValueError):
    """Why the progress file cannot be used."""


def _kept_from(data: object, form: Format = PROGRESS_FILE) -> tuple[Kept, list[str]]:
    """The progress in a file's (or a journal line's) JSON value, and each entry left out, in words; _Damage if it is
    not progress at all. Read part by part with the format, so that one entry that is wrong loses nothing else."""
    if not isinstance(data, dict) or "version" not in data:
        raise _Damage(f"it does not hold {form.schema['description']}")
    if not fits(form, {"version": data["version"]}):  # the version alone: a file of it may hold nothing else yet
        raise _Damage(f"it is version {excerpt(data['version'])} of the progress file, not {VERSION}")
    fields = form.schema["properties"]
    problems, answers, practice = [], {}, {}
    problems += [
        f"its field {excerpt(name)} is none of version, answers, practice, review and language"
        for name in sorted(set(data) - set(fields), key=str)
    ]
    for field in ("answers", "practice", "review"):
        found = data.get(field, {})
        if not isinstance(found, dict):
            problems.append(f"its {field}, {excerpt(found)}, are not an object")
    for key, value in _items(data.get("answers")):
        try:
            answers[key] = _answer_from(key, value)
        except _Damage as damage:
            problems.append(str(damage))
    for kind, value in _items(data.get("practice")):
        results, left_out = _results_from(kind, value)
        problems += left_out
        if results:
            practice[kind] = results
    review = {}
    for item, value in _items(data.get("review")):
        try:
            review[item] = _card_from(item, value)
        except _Damage as damage:
            problems.append(str(damage))
    language = None
    if "language" in data:
        try:
            language = _language_from(data["language"])
        except _Damage as damage:
            problems.append(str(damage))
    return Kept(answers, practice, review, language), problems


def _language_from(value: Any) -> LanguageChosen:  # Any: a value read from JSON, whose shape LANGUAGE_CHOICE checks
    """The language chosen, read with its format; _Damage says what is wrong with it."""
    wrong = first_wrong(LANGUAGE_CHOICE, value)
    if wrong is None and not math.isfinite(value["when"]):  # NaN, which a schema's bounds let through
        wrong = ("when",)
    if wrong == ():
        raise _Damage(f"the language chosen, {excerpt(value)}, is not {LANGUAGE_CHOICE.schema['description']}")
    if wrong is not None:
        name = wrong[0]
        right = LANGUAGE_CHOICE.schema["properties"][name]["description"]
        raise _Damage(f"the language chosen has {name} {excerpt(value[name])}, not {right}")
    return LanguageChosen(value["code"], float(value["when"]))


def _items(value) -> list:
    return list(value.items()) if isinstance(value, dict) else []


def _answer_from(key: str, value: Any) -> Answer:  # Any: a value read from JSON, whose shape ANSWER_ENTRY checks
    """One exercise's entry, read with its format; _Damage names the entry and what is wrong with it."""
    if not EXERCISE_ID.fullmatch(key):
        raise _Damage(f"the entry {excerpt(key)} is not an exercise such as 'lesson 3 q2'")
    wrong = first_wrong(ANSWER_ENTRY, value)
    if wrong is None and not math.isfinite(value["when"]):  # NaN, which a schema's bounds let through
        wrong = ("when",)
    if wrong == ():  # not an object, or a field missing or one too many
        raise _Damage(f"the entry for exercise {excerpt(key)} is not {ANSWER_ENTRY.schema['description']}")
    if wrong is not None:
        name = wrong[0]
        right = ANSWER_ENTRY.schema["properties"][name]["description"]
        raise _Damage(f"the entry for exercise {excerpt(key)} has {name} {excerpt(value[name])}, not {right}")
    return Answer(
        value["correct"],
        int(value["tries"]),
        value["answer"][: ANSWER_CHARS + 1],
        float(value["when"]),
        value.get("first"),
    )


def _card_from(item: str, value: Any) -> ReviewCard:  # Any: a value read from JSON, whose shape REVIEW_CARD checks
    """One review card, read with its format; _Damage names the card and what is wrong with it."""
    if not REVIEW_ITEM.fullmatch(item):
        raise _Damage(f"the review card {excerpt(item)} is not of an exercise, a practice kind or a rule")
    wrong = first_wrong(REVIEW_CARD, value)
    if wrong is None and not all(
        math.isfinite(value[name]) for name in ("due", "missed", "stability", "difficulty", "last") if name in value
    ):  # NaN, which a schema's bounds let through
        wrong = ()
    if wrong == ():  # not an object, a field missing or one too many, or NaN
        raise _Damage(f"the review card for {excerpt(item)} is not {REVIEW_CARD.schema['description']}")
    if wrong is not None:
        name = wrong[0]
        right = REVIEW_CARD.schema["properties"][name]["description"]
        raise _Damage(f"the review card for {excerpt(item)} has {name} {excerpt(value[name])}, not {right}")
    if value["reviews"] == 0 and "last" in value or value["reviews"] > 0 and "last" not in value:
        raise _Damage(f"the review card for {excerpt(item)} has a last review only if it has been reviewed")
    floats = {name: float(value[name]) for name in ("stability", "difficulty", "last") if name in value}
    position = _position_of(item, value.get("position"))
    return ReviewCard(float(value["due"]), float(value["missed"]), int(value["reviews"]), **floats, position=position)


def _position_of(item: str, value: object) -> Position | None:
    """A position card's position, checked (its hand dealt again, its name its digest); _Damage says what is wrong."""
    if not POSITION_ID.fullmatch(item):
        if value is not None:
            raise _Damage(f"the review card for {excerpt(item)} has a position, which only a position's card has")
        return None
    if value is None:
        raise _Damage(f"the review card for {excerpt(item)} has no position to ask again")
    try:
        position = position_from(value)
    except ValueError as wrong:
        raise _Damage(
            f"the review card for {excerpt(item)} has a position that cannot be asked again: {wrong}"
        ) from None
    if position.item != item:
        raise _Damage(f"the review card for {excerpt(item)} holds another position than its name says (changed?)")
    return position


def _results_from(kind: str, value: object) -> tuple[tuple[tuple[float, bool], ...], list[str]]:
    """One practice kind's readable results, oldest first, and each one left out, in words."""
    said = PRACTICE_RESULT.schema["description"]
    if not KIND.fullmatch(kind) or not isinstance(value, list):
        return (), [f"the practice results for {excerpt(kind)} are not a list of {said}"]
    good, problems = [], []
    for result in value:
        if fits(PRACTICE_RESULT, result) and math.isfinite(result[0]):  # NaN, which a schema's bounds let through
            good.append((float(result[0]), result[1]))
        else:
            problems.append(f"the practice result {excerpt(result)} for {excerpt(kind)} is not {said}")
    return tuple(sorted(set(good)))[-RECENT:], problems


def _seconds(value: object) -> float | None:
    """A time as the file keeps it, seconds since 1970, from a clock's reading; None if it is no such time."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or (isinstance(value, float) and not math.isfinite(value))
    ):
        return None  # a bool, text, NaN or infinity; an int of any size compares exactly, never overflows
    if 0 <= value < SECONDS_UNTIL:
        return float(value)
    if SECONDS_UNTIL <= value < MILLISECONDS_UNTIL:
        return value / 1000
    return None


def _json_of(kept: Kept, indent: int | None = 1) -> str:
    """The file's text (one line where indent is None, as a journal keeps it), checked against its format."""
    record = {
        "version": VERSION,
        "answers": {key: _entry(one) for key, one in sorted(kept.answers.items())},
        "practice": {kind: [list(r) for r in results] for kind, results in sorted(kept.practice.items())},
    }
    if kept.review:  # a learner who never missed keeps a file as it was before the cards
        record["review"] = {item: _card_entry(card) for item, card in sorted(kept.review.items())}
    if kept.language is not None:  # a learner who never chose keeps a file as it was before the choice
        record["language"] = kept.language._asdict()
    check(PROGRESS_FILE if indent else JOURNAL_LINE, record)
    return json.dumps(record, ensure_ascii=False, indent=indent, separators=None if indent else (",", ":"))


def _card_entry(card: ReviewCard) -> dict:
    """One review card as the file keeps it: what a card never reviewed has not is left out."""
    entry = {name: value for name, value in card._asdict().items() if value is not None}
    if card.position is not None:
        entry["position"] = card.position.record()
    return entry


def _entry(one: Answer) -> dict:
    """One exercise's entry as the file keeps it: a first try not known is left out (as an older file has it)."""
    entry = one._asdict()
    if one.first is None:
        del entry["first"]
    return entry


def _decoded(data: bytes) -> object:
    """A file's (or a journal line's) JSON value; _Damage says what is wrong. A byte-order mark is read.

    NaN and infinity are read: the entry that holds one is left out by itself."""
    try:
        return parse_json(as_text(data), NESTING, DIGITS, allow_nan=True)
    except FileRefused as refused:
        raise _Damage(str(refused)) from None
    except JsonRefused as refused:
        raise _Damage(f"it {refused}") from None


def _parsed(data: bytes) -> tuple[Kept, list[str]]:
    """The progress in a file's bytes, and the entries left out; _Damage says what is wrong with the whole."""
    return _kept_from(_decoded(data))


def _journal_parsed(data: bytes) -> tuple[Kept, list[str]]:
    """A journal's complete lines, each a small progress file; the last, without its newline, is still being written."""
    copies, problems = [], []
    for number, line in enumerate(data.split(b"\n")[:-1], 1):
        if not line.strip():
            continue
        try:
            one, left_out = _kept_from(_decoded(line), JOURNAL_LINE)
        except _Damage as damage:
            problems.append(f"line {number} is not progress ({damage})")
            continue
        copies.append(one)
        problems += [f"line {number}: {problem}" for problem in left_out]
    return _all_combined(copies), problems


# -- the files on disk: the file read whole and replaced whole, each writer's journal appended to ---


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # a link put there since the check is not followed either


class Found(NamedTuple):
    """A file read: its progress, the entries left out (in words), and its bytes."""

    kept: Kept
    problems: tuple[str, ...]
    data: bytes


NONE_FOUND = Found(NOTHING, (), b"")


def _bytes(path: Path) -> bytes | None:
    """The bytes of the file at `path`, None if there is none; _Damage says why it cannot be used (a link too)."""
    try:
        return read_regular(path, LIMIT, follow_links=False, what="a progress file")
    except FileRefused as refused:
        if refused.kind == "missing":  # none yet, or set aside by another kernel between a look and the open
            return None
        raise _Damage(str(refused)) from None


def _read(path: Path, parse=_parsed) -> Found:
    """The progress in the file at `path`, NONE_FOUND if there is none; _Damage says why it cannot be used."""
    data = _bytes(path)
    if data is None:
        return NONE_FOUND
    kept, problems = parse(data)
    return Found(kept, tuple(problems), data)


def _free_name(path: Path, moment: float) -> Path:
    """progress.json.damaged-<time> beside `path`, a name not taken."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(moment))
    for number in range(1, 100):
        target = path.with_name(DAMAGED + stamp + (f"-{number}" if number > 1 else ""))
        if not os.path.lexists(target):
            return target
    raise OSError(errno.EEXIST, f"every name {DAMAGED}{stamp}-N is taken")


def _set_aside(path: Path, moment: float) -> Path:
    """Rename the file at `path` to progress.json.damaged-<time>, a name not taken; the new path."""
    target = _free_name(path, moment)
    rename_aside(path, target)  # a link is renamed itself, never what it points to
    return target


def _keep_copy(path: Path, data: bytes, moment: float) -> Path:
    """A copy of a file's bytes beside it, as progress.json.damaged-<time>; the copy's path."""
    for _attempt in range(100):
        target = _free_name(path, moment)
        if write_new(target, data, private=True):
            return target
        # taken since the look: another kernel kept its copy the same second
    raise OSError(errno.EEXIST, "no free name for a copy")


def _write(path: Path, text: str) -> None:
    """Replace the file at `path` with `text`, whole (never partial); a file refused is an OSError here, as a failed
    write is, so that the answer goes to the journal instead."""
    try:
        write_atomically(path, text, private=True)
    except FileRefused as refused:
        raise OSError(errno.EACCES, str(refused)) from None


def _append(path: Path, line: str) -> int:
    """Add one line at the end of the journal at `path` (made if need be), synced; the journal's size after."""
    return append_synced(path, line)


def _read_only(path: Path) -> bool:
    """Whether the file at `path` is a file its owner protected (no write permission; root may write it anyway)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    return stat.S_ISREG(mode) and not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


@contextlib.contextmanager
def _locked(folder: Path):
    """The folder's lock, if it can be had within LOCK_WAIT: yields whether it is held (one kernel at a time)."""
    lock = folder / LOCK_NAME
    if fcntl is not None and hasattr(fcntl, "flock"):
        with _flocked(lock) as held:
            yield held
    else:
        with _lock_file(lock) as held:
            yield held


@contextlib.contextmanager
def _flocked(lock: Path):
    """The lock as an flock on the lock file: released by the system if the kernel dies."""
    try:
        handle = os.open(lock, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o600)
    except OSError:  # a folder that cannot be written: no lock, so the journal is used
        yield False
        return
    try:
        deadline, held, unlockable = time.monotonic() + LOCK_WAIT, False, False
        while not held and not unlockable:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                held = True
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break  # a kernel slow in the middle of a write: this answer goes to the journal instead
                time.sleep(0.005)
            except OSError:  # a file system without flock (ENOLCK on NFS without a lock daemon)
                unlockable = True
        if not unlockable:
            yield held
    finally:
        os.close(handle)
    if unlockable:  # a file made exclusively works there; where it cannot be had, the journal
        with _lock_file(lock.with_name(LOCK_NAME + "-file")) as held:
            yield held


@contextlib.contextmanager
def _lock_file(lock: Path):
    """The lock as a file created exclusively (where there is no flock); one older than STALE_LOCK is broken."""
    deadline, held = time.monotonic() + LOCK_WAIT, False
    while not held:
        try:
            os.close(os.open(lock, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW, 0o600))
            held = True
        except FileExistsError:
            with contextlib.suppress(OSError):
                if time.time() - os.lstat(lock).st_mtime > STALE_LOCK:
                    os.unlink(lock)  # held far longer than any write takes: its kernel died
                    continue
            if time.monotonic() > deadline:
                break
            time.sleep(0.005)
        except OSError:
            break
    try:
        yield held
    finally:
        if held:
            with contextlib.suppress(OSError):
                os.unlink(lock)


# -- the learner's progress -------------------------------------------------------------------------


class Progress:
    """The learner's progress, kept in `folder` (see progress_folder); every method re-reads the file first."""

    def __init__(self, folder: str | os.PathLike | None = None, *, clock=time.time):
        self.folder = progress_folder(folder)
        self.path = self.folder / FILE_NAME
        if not callable(clock):
            raise NotationError(
                "clock", f"clock must be a function giving the time, such as time.time, not {excerpt(clock)}."
            )
        self._clock = clock
        self._kept = NOTHING  # what this kernel knows: the files as last read, and what it recorded since
        self._journal = self.folder / f"progress-{secrets.token_hex(6)}.journal"  # this kernel's alone
        self._journaled = NOTHING  # what this kernel's journal holds
        self._stuck = False  # a damaged file that could not be set aside is never written over
        self._guard = threading.RLock()  # one thread at a time reads or writes this kernel's copy
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
            old, now = kept.answers.get(exercise_id), self._now()
            one = Answer(
                correct or (old is not None and old.correct),
                (old.tries if old else 0) + 1,
                text,
                now,
                correct if old is None else old.first,
            )
            return Kept({exercise_id: one}, {}, {} if correct else _missed_card(kept, exercise_id, now))

        self._update(change)

    def check(self, lesson: int, name: str, given):
        """`exercises(lesson).<name>.check(given)`, the answer remembered here (if it could be read)."""
        exercise_id(lesson, name)
        verdict = getattr(exercises(lesson), name).check(given)
        if verdict.answered:  # a blank or unreadable answer is a prompt, not a try
            self.record(exercise_id(lesson, name), verdict.correct, verdict.answer)
        return verdict

    def record_practice(self, kind: str, correct: bool) -> None:
        """Remember the result of one practice question of a kind ('which_suit'); the last RECENT are kept."""
        if not isinstance(kind, str) or not KIND.fullmatch(kind):
            raise NotationError("kind", f"kind must be a practice kind such as 'which_suit', not {excerpt(kind)}.")
        if type(correct) is not bool:
            raise NotationError("correct", f"correct must be True or False, not {excerpt(correct)}.")

        def change(kept: Kept) -> Kept:
            results, now = kept.practice.get(kind, ()), self._now()
            when = max(now, results[-1][0] + 0.001) if results else now  # kept in order
            missed = {} if correct else _missed_card(kept, f"practice {kind}", now)
            return Kept({}, {kind: ((min(when, SECONDS_UNTIL - 1), correct),)}, missed)

        self._update(change)

    def missed(self, item: str) -> None:
        """Remember a miss to review: 'lesson 3 q2' (an exercise), 'practice bid' (a kind), 'rule C12' (a rule);
        its review card is due at once. An exercise's and a practice question's misses are recorded with them."""
        _review_item(item)
        if POSITION_ID.fullmatch(item):
            raise NotationError("item", "A position is kept with missed_position(position), which names its card.")
        self._update(lambda kept: Kept({}, {}, _missed_card(kept, item, self._now())))

    def missed_position(self, position: Position) -> str:
        """Remember a decision graded a Mistake or a Blunder: its position comes back in a review, due at once.
        Returns its card's name ('position 3fa2c91b0d4e')."""
        if not isinstance(position, Position):
            raise NotationError(
                "position", f"position must be a Position, as positions.position_at makes it, not {excerpt(position)}."
            )
        item = position.item
        try:
            _position_of(item, position.record())  # what a reader would refuse is never written
        except _Damage as damage:
            raise NotationError("position", f"That position cannot be kept: {damage}.") from None
        self._update(lambda kept: Kept({}, {}, _missed_card(kept, item, self._now(), position)))
        return item

    def keep_card(self, item: str, card: ReviewCard) -> None:
        """Keep a card as a review left it (teach/review.py schedules it): the newest review wins on a merge."""
        _review_item(item)
        try:
            if not isinstance(card, ReviewCard):
                raise _Damage("not a card")
            _card_from(item, _card_entry(card))  # what a reader would refuse is never written
        except _Damage:
            raise NotationError(
                "card", f"card must be a ReviewCard as a review schedules it, not {excerpt(card)}."
            ) from None
        self._update(lambda kept: Kept({}, {}, {item: card}))

    def keep_language(self, language: object) -> str:
        """Remember the language chosen for the lessons ('fr', 'Fr-CA' read as 'fr'); its code. Refused in words if
        the lessons have no such language."""
        code = checked_language(language)
        self._update(lambda kept: Kept({}, {}, {}, LanguageChosen(code, min(self._now(), SECONDS_UNTIL - 1))))
        return code

    def language(self) -> str | None:
        """The code of the language the learner chose for the lessons, None if none was chosen."""
        chosen = self._refresh().language
        return None if chosen is None else chosen.code

    def now(self) -> float:
        """The time by this progress's clock, in seconds since 1970 (what review cards are due by)."""
        return self._now()

    def _now(self) -> float:
        """The clock's time in seconds since 1970 (a clock in milliseconds read as one); else the computer's."""
        try:
            reading = self._clock()
        except Exception:  # a broken clock must not lose the answer
            reading = None
        seconds = _seconds(reading)
        if seconds is None:
            self._note(
                f"The clock given to Progress gave {excerpt(reading)}, not a time in seconds since 1970; "
                f"the computer's clock is used instead."
            )
            seconds = _seconds(time.time())
        return 0.0 if seconds is None else seconds

    # -- reading

    def known(self) -> Kept:
        """What this kernel knows now, without reading the file again: the file as last read and what it recorded."""
        return self._kept

    def answers(self) -> dict[str, Answer]:
        """Every exercise answered, by id."""
        return dict(self._refresh().answers)

    def review_cards(self) -> dict[str, ReviewCard]:
        """Every review card, by what it asks again ('lesson 3 q2', 'practice bid', 'rule C12')."""
        return dict(self._refresh().review)

    def practice_results(self) -> dict[str, tuple[bool, ...]]:
        """Each practice kind's recent results, oldest first: True for right."""
        return {kind: tuple(right for _moment, right in results) for kind, results in self._refresh().practice.items()}

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

    # -- the files
    #
    # No writer ever replaces another's answers. The file is replaced only while the folder's lock is
    # held, by a merge of itself and every journal. A kernel that cannot have the lock (another is slow
    # in the middle of a write, or the file system has no locks) appends its answer to a journal of its
    # own instead, which every reader merges; a journal is deleted only by its own kernel, under the
    # lock, once the file it has just written holds all of it.

    def _refresh(self) -> Kept:
        """The file and the journals read again and merged into what this kernel knows."""
        with self._guard:
            self._kept = _combined(self._kept, self._fresh(held=False).kept)
            return self._kept

    def _fresh(self, held: bool) -> Found:
        """The file's progress merged with every journal's; with the lock held, a damaged file is set aside."""
        copies = []
        for journal in self._journals():  # before the file: a journal is deleted only once the file holds it
            try:
                one = _read(journal, _journal_parsed)
            except _Damage as damage:
                self._note(
                    _("The progress journal {journal} cannot be read ({damage}); it is left as it is.").format(
                        journal=journal, damage=damage
                    )
                )
                continue
            copies.append(one.kept)
            for problem in one.problems:
                self._note(
                    _("In the progress journal {journal}, {problem}: that entry is left out.").format(
                        journal=journal, problem=problem
                    )
                )
        try:
            found = _read(self.path)
            self._stuck = False  # a damaged file moved away, or mended: the file is written again
        except _Damage as damage:
            found = self._damaged(damage, held)
        for problem in found.problems:
            self._note(
                _(
                    "In your progress file {path}, {problem}: that entry is left out, and the rest of your progress "
                    "is read."
                ).format(path=self.path, problem=problem)
            )
        return Found(_all_combined([found.kept, *copies]), found.problems, found.data)

    def _journals(self) -> list[Path]:
        """Every kernel's journal in the folder (this one's too), at most MOST_JOURNALS."""
        try:
            with os.scandir(self.folder) as entries:
                names = sorted(entry.name for entry in entries if JOURNAL.fullmatch(entry.name))
        except OSError:  # no folder yet
            return []
        if len(names) > MOST_JOURNALS:
            self._note(
                _("The folder {folder} holds {count} progress journals; only {most} are read.").format(
                    folder=self.folder, count=language.whole(len(names)), most=language.whole(MOST_JOURNALS)
                )
            )
        return [self.folder / name for name in names[:MOST_JOURNALS]]

    def _damaged(self, damage: _Damage, held: bool) -> Found:
        """A file that cannot be used: set aside under the lock (taken here if need be), else left for now."""
        if held:
            self._set_aside(damage)
            return NONE_FOUND
        with _locked(self.folder) as got:
            if got:
                try:
                    return _read(self.path)  # mended, or set aside and replaced, meanwhile
                except _Damage as still:
                    self._set_aside(still)
                    return NONE_FOUND
        self._note(
            _(
                "Your progress file {path} cannot be used ({damage}); it is left as it is for now, and your answers "
                "are kept beside it."
            ).format(path=self.path, damage=damage)
        )
        return NONE_FOUND

    def _set_aside(self, damage: _Damage) -> None:
        try:
            if _read_only(self.path):  # a protected file is never moved or replaced
                raise PermissionError(errno.EACCES, "it is read-only")
            target = _set_aside(self.path, self._now())
        except OSError as error:
            self._stuck = True
            self._note(
                _(
                    "Your progress file {path} cannot be used ({damage}), and it could not be set aside ({why}), so "
                    "it is left as it is. Your answers are kept beside it in {journal}; move the file away to have "
                    "them in {file} again."
                ).format(
                    path=self.path,
                    damage=damage,
                    why=error.strerror or error,
                    journal=self._journal.name,
                    file=FILE_NAME,
                )
            )
            return
        self._note(
            _(
                "Your progress file could not be used ({damage}), so it was set aside as {name} in {folder}, and your "
                "progress starts afresh. Nothing was deleted: a teacher can look at it."
            ).format(damage=damage, name=target.name, folder=self.folder)
        )
        # A fresh file in its place at once: JupyterLite's storage (/drive) can hang for good when a name
        # just renamed away is looked up again. If this write fails, the next one says so.
        with contextlib.suppress(OSError):
            _write(self.path, _json_of(NOTHING))

    def _update(self, change) -> None:
        """Merge one change into the file under the lock, else into this kernel's journal; else keep it in memory."""
        with self._guard:
            new = None
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                with _locked(self.folder) as held:
                    found = self._fresh(held)
                    known = _combined(self._kept, found.kept)
                    new = change(known)
                    self._kept = _combined(new, known)
                    saved = held and self._save(found)
                if not saved:
                    self._keep_in_journal(new)
            except OSError as error:
                if new is None:
                    new = change(self._kept)
                    self._kept = _combined(new, self._kept)
                self._note(
                    _(
                        "Your progress could not be saved in {folder} ({why}). This answer counts while this notebook "
                        "runs; to keep your progress, make that folder writable, or choose a folder of your own: "
                        "{setting} before the lesson's first cell (or {progress})."
                    ).format(
                        folder=self.folder,
                        why=error.strerror or error,
                        setting=f"os.environ[{ENVIRONMENT!r}] = 'a folder'",
                        progress="Progress('a folder')",
                    )
                )

    def _save(self, found: Found) -> bool:
        """Replace the file with everything known, the lock held; False if it must be left as it is."""
        if self._stuck:
            return False
        if _read_only(self.path):
            self._note(
                _(
                    "Your progress file {path} is read-only, so it is left as it is. Your new answers are kept beside "
                    "it in {journal} and read with it; to have them in {file} again, make it writable ({command}, or "
                    "untick read-only in its properties)."
                ).format(path=self.path, journal=self._journal.name, file=FILE_NAME, command=f"chmod u+w {FILE_NAME}")
            )
            return False
        try:
            if found.problems:  # the entries left out are kept: the file as it was, beside it
                copy = _keep_copy(self.path, found.data, self._now())
                self._note(
                    _(
                        "Your progress file {path} had entries that could not be read ({problems}): the file as it "
                        "was is kept as {copy}, and your progress is saved without them."
                    ).format(path=self.path, problems=Listed(tuple(found.problems)), copy=copy.name)
                )
            _write(self.path, _json_of(self._kept))
        except OSError:
            return False  # the journal keeps the answer instead, and says so if it cannot
        if self._journaled is not NOTHING:
            with contextlib.suppress(OSError):  # else it is deleted next time; its lines are in the file anyway
                os.unlink(self._journal)  # all of it is in the file just written
                self._journaled = NOTHING
        return True

    def _keep_in_journal(self, new: Kept) -> None:
        """Append a change to this kernel's own journal; one grown large is rewritten whole (only it writes it)."""
        size = _append(self._journal, _json_of(new, indent=None))
        if self._journaled is NOTHING:
            atexit.register(self._fold)  # a kernel that ends folds its journal in, if it can have the lock then
        self._journaled = _combined(new, self._journaled)
        if size > JOURNAL_REWRITE:
            _write(self._journal, _json_of(self._journaled, indent=None) + "\n")

    def _fold(self) -> None:
        """This kernel's journal merged into the file and deleted, if the lock can be had now (at exit)."""
        if not self._guard.acquire(timeout=LOCK_WAIT):  # a thread stopped mid-write: its journal stays, read by all
            return
        try:
            with contextlib.suppress(Exception), warnings.catch_warnings():
                warnings.simplefilter("ignore")  # a kernel closing has no one to tell
                if self._journaled is not NOTHING:
                    with _locked(self.folder) as held:
                        if held:
                            found = self._fresh(held)
                            self._kept = _combined(self._kept, found.kept)
                            self._save(found)
        finally:
            self._guard.release()

    def _note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)
            warnings.warn(text, ProgressWarning, stacklevel=4)
