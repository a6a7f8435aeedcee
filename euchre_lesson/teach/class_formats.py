"""What the lessons and the class exchange, each declared once as a JSON Schema shared by its writer and its reader.

The lesson report (a lesson's kernel to the class's server), the server's reply to it, the class link kept beside
the learner's progress, the hand-in file and the server's file of the lessons' answers: one family, each holding
the same entry per exercise (right once, tries, and the first try where it is known). A schema says the shape;
what it cannot say (a first name's letters, an exercise the lessons have) is ruled by teach/joining and the course.
Each is a Format (engine/formats): read with `read`, `first_wrong` or `fits`, written after `check`, all on the one
validator compiled per format, so a wrong one is said in the same teaching sentences as every other file.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import NotationError, excerpt
from ..engine.formats import Format
from .joining import LONGEST_CODE
from .positions import POSITION
from .progress import EXERCISE_ID as KEPT_ID
from .progress import kept_id

HAND_IN_KIND = "euchre_lesson hand-in"  # a hand-in's "kind": what tells it from any other JSON file
HAND_IN_VERSION = 1
LINK_KIND = "euchre_lesson class link"
CLASS_KEY_FILE = "class_key.txt"  # beside the lessons: the key hand-ins are signed with (class_progress.make_class_key)
KEPT_FORMAT = "euchre_lesson lesson answers"  # the class's server's file of the lessons' answers
MOST_TRIES = 10**6 - 1
LONGEST_MESSAGE = 300  # characters of the server's reply: a class server says one or two sentences
LONGEST_ADDRESS = 200
LOOSE_ID = f"^{KEPT_ID.pattern}$"  # as progress names an exercise: 'lesson 3 q2'; a kept file's of old: 'lesson 03 q2'
# One spelling per exercise, so an exercise is counted once: 'lesson 0 q1', never 'lesson 00 q1' ('lesson ٠ q1', of
# other digits, was never one: [0-9] is the ASCII digits alone).
EXERCISE_ID = LOOSE_ID.replace("([0-9]{1,3})", "(0|[1-9][0-9]{0,2})", 1)
LONGEST_TOKEN = 64  # a lesson's key to the class: secrets.token_urlsafe(16) is 22 characters
SIGNATURE = "^[0-9a-f]{64}$"  # a hand-in's HMAC-SHA256, in hex

TRIES = {
    "description": "one exercise: correct (true or false), tries (a whole number) and perhaps first (true or false)",
    "type": "object",
    "properties": {
        "correct": {"type": "boolean"},
        "tries": {"type": "integer", "minimum": 1, "maximum": MOST_TRIES},
        "first": {"type": "boolean"},
    },
    "required": ["correct", "tries"],
    "additionalProperties": False,
}
ANSWERS = {
    "description": "an object of exercises, each answered right once or not, in how many tries",
    "type": "object",
    "propertyNames": {"pattern": EXERCISE_ID},
    "additionalProperties": TRIES,
}
KEPT_ANSWERS_OF_ONE = {**ANSWERS, "propertyNames": {"pattern": LOOSE_ID}}  # read, then made canonical
TOKEN = {
    "description": "the lesson's key to the class, as its server gave it",
    "type": "string",
    "maxLength": LONGEST_TOKEN,
}
NAME = {"description": "a first name", "type": "string"}
JOIN = {"description": "the join code", "type": "string", "maxLength": LONGEST_CODE}

LESSON_REPORT = Format(
    "lesson report",
    {
        "description": "a lesson's report to the class: the join code, the learner's first name, the lesson's key "
        "(empty to join) and the answers",
        "type": "object",
        "properties": {"join": JOIN, "name": NAME, "token": TOKEN, "answers": ANSWERS},
        "required": ["join", "name", "answers"],
        "additionalProperties": False,
    },
)
# Positions the coach at the class's tables found mistaken, kept for a learner until their lessons report: a reply
# carries a few (a reply is read up to REPLY_LIMIT bytes; a position is about 600), the next replies the rest.
MOST_POSITIONS_SENT = 3
MOST_POSITIONS_KEPT = 20  # per learner: the newest; a review asks a few a day, so more would never come back
REPLY_LIMIT = 16 * 1024  # bytes of the server's reply read at most
POSITIONS = {
    "description": "positions from the class's tables, each a decision to take again in a review",
    "type": "array",
    "items": POSITION.schema,
}
REPORT_REPLY = Format(
    "report reply",
    {
        "description": "the class's server's reply to a report: whether it kept it, and what to tell the learner; to "
        "a lesson joining, the key its reports are sent with and the name the class shows; positions from the "
        "class's tables to review",
        "type": "object",
        "properties": {
            "kept": {"type": "boolean"},
            "message": {"type": "string", "maxLength": LONGEST_MESSAGE},
            "token": TOKEN,
            "name": NAME,
            "positions": {**POSITIONS, "maxItems": MOST_POSITIONS_SENT},
        },
        "required": ["kept", "message"],
        "additionalProperties": False,
    },
)
CLASS_LINK = Format(
    "class link",
    {
        "description": "the learner's link to the class: the server's address, the join code and the first name",
        "type": "object",
        "properties": {
            "kind": {"const": LINK_KIND},
            "server": {"type": "string", "maxLength": LONGEST_ADDRESS},
            "join": JOIN,
            "name": NAME,
            "token": TOKEN,
        },
        "required": ["kind", "server", "join", "name"],
    },
    tag="kind",
)
HAND_IN = Format(
    "hand-in file",
    {
        "description": "a hand-in: the learner's first name and each exercise answered",
        "type": "object",
        "properties": {
            "kind": {"const": HAND_IN_KIND},
            "version": {
                "type": "integer",
                "const": HAND_IN_VERSION,
                "description": f"{HAND_IN_VERSION}, the version of a hand-in these lessons read",
            },
            "name": NAME,
            "answers": ANSWERS,
            "learner": {"description": "the learner's own key, the same in each of their hand-ins", **TOKEN},
            "signature": {
                "description": "the HMAC-SHA256 of the rest, in hex, with the class's key",
                "type": "string",
                "pattern": SIGNATURE,
            },
        },
        "required": ["kind", "version", "name", "answers"],
    },
    example='{"kind": "euchre_lesson hand-in", "version": 1, "name": "Ann", "answers": {}}',
    tag="kind",
)
KEPT_ANSWERS = Format(
    "lesson answers file",
    {
        "description": "the class's file of the lessons' answers: per student, each exercise answered",
        "type": "object",
        "properties": {
            "format": {"const": KEPT_FORMAT},
            "students": {
                "description": "an object of students, each with their answers",
                "type": "object",
                "additionalProperties": KEPT_ANSWERS_OF_ONE,
            },
            "keys": {
                "description": "per student, the SHA-256 of the key their lessons report with (none: kept before keys)",
                "type": "object",
                "additionalProperties": {"type": "string", "pattern": SIGNATURE},
            },
            "positions": {
                "description": "per student (the name the class shows), the positions from the class's tables that "
                "their lessons have not yet been sent",
                "type": "object",
                "additionalProperties": {**POSITIONS, "maxItems": MOST_POSITIONS_KEPT},
            },
        },
        "required": ["format", "students"],
    },
    tag="format",
)
EXERCISE_ENTRY = Format("exercise entry", TRIES)  # one exercise of a report, a hand-in or the class's file


def report_reply(
    kept: bool, message: str, token: str = "", name: str = "", positions: tuple[dict[str, Any], ...] = ()
) -> dict[str, Any]:
    """The class's server's reply to a report, as the lesson reads it: {"kept": ..., "message": ...}; to a lesson
    that joined, its key (`token`) and the name the class shows it by too; with `positions` (records, at most
    MOST_POSITIONS_SENT), the positions from the class's tables for the learner's review."""
    if type(kept) is not bool or not isinstance(message, str) or type(token) is not str or type(name) is not str:
        raise NotationError(
            "kept",
            f"a reply is kept (True or False) and a message in words, not {excerpt(kept)} and {excerpt(message)}.",
        )
    if not isinstance(positions, tuple) or not all(isinstance(one, dict) for one in positions):
        raise NotationError("positions", f"positions must be a tuple of position records, not {excerpt(positions)}.")
    joined = {"token": token[:LONGEST_TOKEN], "name": name} if token else {}
    sent = {"positions": list(positions[:MOST_POSITIONS_SENT])} if positions else {}
    return {"kept": kept, "message": message[:LONGEST_MESSAGE], **joined, **sent}


def canonical_id(key: object) -> str:
    """An exercise's one spelling: 'lesson 00 q1' is 'lesson 0 q1'."""
    if not kept_id(key):
        raise NotationError(
            "key", f"key must be an exercise of these lessons, such as 'lesson 3 q2'; not {excerpt(key)}."
        )
    _, lesson, name = str(key).split(" ")
    return f"lesson {int(lesson)} {name}"


def one_spelling(key: object) -> bool:
    """Whether `key` is an exercise of these lessons in its one spelling ('lesson 0 q1', never 'lesson 00 q1')."""
    return kept_id(key) and canonical_id(key) == key
