"""What the lessons and the class exchange, each declared once as a JSON Schema shared by its writer and its reader.

The lesson report (a lesson's kernel to the class's server), the server's reply to it, the class link kept beside
the learner's progress, the hand-in file and the server's file of the lessons' answers: one family, each holding
the same entry per exercise (right once, tries, and the first try where it is known). A schema says the shape;
what it cannot say (a first name's letters, an exercise the lessons have) is ruled by teach/joining and the course.
The schemas are checked with fastjsonschema, which is pure Python, so they run in the browser's Python too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import fastjsonschema

from ..engine.errors import NotationError, excerpt
from .joining import LONGEST_CODE
from .progress import EXERCISE_ID as KEPT_ID

HAND_IN_KIND = "euchre_lesson hand-in"  # a hand-in's "kind": what tells it from any other JSON file
HAND_IN_VERSION = 1
LINK_KIND = "euchre_lesson class link"
KEPT_FORMAT = "euchre_lesson lesson answers"  # the class's server's file of the lessons' answers
MOST_TRIES = 10**6 - 1
LONGEST_MESSAGE = 300  # characters of the server's reply: a class server says one or two sentences
LONGEST_ADDRESS = 200
EXERCISE_ID = f"^{KEPT_ID.pattern}$"  # as progress names an exercise: 'lesson 3 q2'

TRIES = {
    "description": "one exercise: correct (true or false), tries (a whole number) and perhaps first (true or false)",
    "type": "object",
    "properties": {"correct": {"type": "boolean"},
                   "tries": {"type": "integer", "minimum": 1, "maximum": MOST_TRIES},
                   "first": {"type": "boolean"}},
    "required": ["correct", "tries"],
    "additionalProperties": False,
}
ANSWERS = {
    "description": "an object of exercises, each answered right once or not, in how many tries",
    "type": "object",
    "propertyNames": {"pattern": EXERCISE_ID},
    "additionalProperties": TRIES,
}
NAME = {"description": "a first name", "type": "string"}
JOIN = {"description": "the join code", "type": "string", "maxLength": LONGEST_CODE}

LESSON_REPORT = {
    "description": "a lesson's report to the class: the join code, the learner's first name and the answers",
    "type": "object",
    "properties": {"join": JOIN, "name": NAME, "answers": ANSWERS},
    "required": ["join", "name", "answers"],
    "additionalProperties": False,
}
REPORT_REPLY = {
    "description": "the class's server's reply to a report: whether it kept it, and what to tell the learner",
    "type": "object",
    "properties": {"kept": {"type": "boolean"}, "message": {"type": "string", "maxLength": LONGEST_MESSAGE}},
    "required": ["kept", "message"],
    "additionalProperties": False,
}
CLASS_LINK = {
    "description": "the learner's link to the class: the server's address, the join code and the first name",
    "type": "object",
    "properties": {"kind": {"const": LINK_KIND},
                   "server": {"type": "string", "maxLength": LONGEST_ADDRESS}, "join": JOIN, "name": NAME},
    "required": ["kind", "server", "join", "name"],
}
HAND_IN = {
    "description": "a hand-in: the learner's first name and each exercise answered",
    "type": "object",
    "properties": {"kind": {"const": HAND_IN_KIND}, "version": {"type": "integer", "const": HAND_IN_VERSION},
                   "name": NAME, "answers": ANSWERS},
    "required": ["kind", "version", "name", "answers"],
}
KEPT_ANSWERS = {
    "description": "the class's file of the lessons' answers: per student, each exercise answered",
    "type": "object",
    "properties": {"format": {"const": KEPT_FORMAT},
                   "students": {"type": "object", "additionalProperties": ANSWERS}},
    "required": ["format", "students"],
}

# Every schema by the name a message gives it: where a shared declaration of the project's formats takes them.
SCHEMAS: dict[str, dict[str, Any]] = {
    "exercise entry": TRIES, "lesson report": LESSON_REPORT, "report reply": REPORT_REPLY, "class link": CLASS_LINK,
    "hand-in": HAND_IN, "lesson answers file": KEPT_ANSWERS}


@cache  # compiled once per schema: the schemas are constants
def _validator(name: str) -> Callable[[object], object]:
    return fastjsonschema.compile(SCHEMAS[name])


def _schema_name(name: object) -> str:
    if not isinstance(name, str) or name not in SCHEMAS:
        raise NotationError("name", f"name must be one of the class's formats, {', '.join(map(repr, SCHEMAS))}; "
                                    f"not {excerpt(name)}.")
    return name


def wrong_part(name: str, data: object) -> tuple[str, ...] | None:
    """None if `data` has the shape of the schema `name`; else where the first thing wrong is, as the keys that
    lead to it (('answers', 'lesson 1 q1', 'tries')), () for the whole (a field missing or one too many)."""
    try:
        _validator(_schema_name(name))(data)
    except fastjsonschema.JsonSchemaValueException as error:
        return tuple(error.path or ["data"])[1:]
    return None


def report_reply(kept: bool, message: str) -> dict:
    """The class's server's reply to a report, as the lesson reads it: {"kept": ..., "message": ...}."""
    if type(kept) is not bool or not isinstance(message, str):
        raise NotationError("kept", f"a reply is kept (True or False) and a message in words, not {excerpt(kept)} "
                                    f"and {excerpt(message)}.")
    return {"kept": kept, "message": message[:LONGEST_MESSAGE]}


def fits(name: str, data: object) -> bool:
    """Whether `data` has the shape of the schema `name`."""
    return wrong_part(name, data) is None
