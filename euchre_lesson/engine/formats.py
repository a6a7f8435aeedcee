"""The formats of the files the lessons keep, each declared once: a name, a JSON Schema, and a right example.

The writer of a file and its reader share its Format. `read` checks a value read from JSON against the format's
schema (with fastjsonschema, which is pure Python, so it runs in the browser's Python too) and turns the first
thing wrong into one teaching sentence: what was wrong, at which field, in plain words, and what would be right.
What a schema cannot say (a card's notation, an action that cannot be replayed, a score that does not follow from
the hands) is checked by the reader afterwards, as before.

A schema's "description" of a field says what is right there, as the end of "<field> must be ...": "a whole
number from 0 to 2", "a list of hand records"; its "title", if any, names the field there ("The section
'cutthroat'"). An object's "propertyNames" may carry a description of the names it allows ("a game or a
setting"). A format's `tag` is a field every file of it starts with, e.g. "format": a file without it is said to
be no file of that format at all, before anything else is said of it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

import fastjsonschema

from .errors import NotationError, excerpt


@dataclass(frozen=True, eq=False)  # eq=False: a format is itself (hashed by identity), so its validator is cached
class Format:
    """A declared file format: its name in a message ('game record'), its JSON Schema, and a right example."""

    name: str
    schema: Mapping[str, Any]  # kept frozen (see `frozen`): a format never changes once declared
    example: str = ""
    tag: str = ""  # the field whose constant value says what file this is ("format"); "" if none

    def __post_init__(self) -> None:
        object.__setattr__(self, "schema", frozen(self.schema))

    @property
    def tag_value(self) -> object:
        """The value every file of this format has in its tag field."""
        return self.schema["properties"][self.tag]["const"]


class FormatRefused(NotationError):
    """A value that is not of its declared format; `.part` is the field (hands[2].deal), `.format` the Format."""

    def __init__(self, part: str, message: str, form: Format):
        super().__init__(part, message)
        self.format = form


def read(form: Format, data: object) -> Any:
    """`data` (a value read from JSON) if it has the shape `form` declares; else FormatRefused, in plain words."""
    try:
        _validator(form)(data)
    except fastjsonschema.JsonSchemaValueException as error:
        part, message = what_is_wrong(form, data, _steps(data, error.path or ["data"]))
        raise FormatRefused(part, message, form) from None
    return data


def check(form: Format, data: object) -> Any:
    """`data` if a writer is about to write a right file of `form`; a ValueError (a mistake of the program) if not."""
    try:
        _validator(form)(data)
    except fastjsonschema.JsonSchemaValueException as error:
        raise ValueError(f"A {form.name} about to be written is not of its format: {error.message}") from None
    return data


def first_wrong(form: Format, data: object) -> tuple[str | int, ...] | None:
    """None if `data` has the shape `form` declares; else where the first thing wrong is, as the keys and indices
    that lead to it (("answers", "lesson 1 q1", "tries")), () for the whole (a field missing or one too many)."""
    try:
        _validator(form)(data)
    except fastjsonschema.JsonSchemaValueException as error:
        return tuple(_steps(data, error.path or ["data"]))
    return None


def fits(form: Format, data: object) -> bool:
    """Whether `data` has the shape `form` declares (a reader that leaves out what does not fit, a writer's test)."""
    return first_wrong(form, data) is None


@cache  # compiled once per format: a Format is immutable and hashed by identity
def _validator(form: Format) -> Callable[[object], object]:
    return fastjsonschema.compile(_thawed(form.schema))


def frozen(value: Any) -> Any:
    """A schema (or any JSON value) that cannot be changed: its objects read-only mappings, its lists tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: frozen(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    return value


def _thawed(value: Any) -> Any:
    """A frozen schema as the dicts and lists fastjsonschema compiles."""
    if isinstance(value, Mapping):
        return {key: _thawed(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_thawed(item) for item in value]
    return value


def _steps(data: object, path: list[str]) -> list[str | int]:
    """The path fastjsonschema names (['data', 'hands', '2']) as keys and list indices into `data`."""
    steps: list[str | int] = []
    node = data
    for name in path[1:]:
        step: str | int = int(name) if isinstance(node, list) and name.isdigit() else name
        steps.append(step)
        try:
            node = node[step]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            break
    return steps


def place(steps: list[str | int]) -> str:
    """A field's place as messages and parts name it: hands[2].deal.kitty."""
    text = ""
    for step in steps:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


def what_is_wrong(form: Format, data: object, steps: list[str | int]) -> tuple[str, str]:
    """The part and the sentence for the first thing wrong on the way to the field at `steps`: an outer object's
    wrong tag, unknown or missing field is said before what is wrong inside it."""
    if form.tag and (not isinstance(data, dict) or data.get(form.tag) != form.tag_value):
        return form.tag, (
            f"This is not a {form.name}: it should start with "
            f"{json.dumps(form.tag)}: {json.dumps(form.tag_value, ensure_ascii=False)}."
        )
    schema: Mapping[str, Any] = form.schema
    node = data
    for depth in range(len(steps) + 1):
        schema = _branch(schema, node)
        said = _object_sentence(form, schema, node, steps[:depth])
        if said is not None:
            return said
        if depth == len(steps):
            deeper = _within_choice(schema, node)  # fastjsonschema names a choice that failed, not the field in it
            if deeper:
                return what_is_wrong(form, data, [*steps, *deeper])
            break
        step = steps[depth]
        inner = _inner_schema(schema, step)
        if inner is None or not _holds(node, step):
            break
        schema, node = inner, node[step]  # type: ignore[index]
    return place(steps) or "record", _value_sentence(form, schema, node, steps)


def _within_choice(schema: Mapping[str, Any], node: object) -> list[str | int]:
    """Where inside `node` the choice `schema` (picked by _branch) fails, if it is one and fails inside; else []."""
    if "anyOf" in schema or not schema.get("properties"):
        return []
    try:
        fastjsonschema.compile(_thawed(schema))(node)  # compiled only to say a mistake, so not kept
    except fastjsonschema.JsonSchemaValueException as error:
        return _steps(node, error.path or ["data"])
    return []


def _branch(schema: Mapping[str, Any], node: object) -> Mapping[str, Any]:
    """Of a schema with choices (anyOf), the one for a value of this JSON type, to say what is wrong inside it; the
    schema itself if there is none such (a wrong type is then said with the choices' description)."""
    choices: tuple[Mapping[str, Any], ...] = schema.get("anyOf", ())
    return next((choice for choice in choices if choice.get("type") == _json_type(node)), schema)


def _json_type(value: object) -> str:
    """The JSON Schema type of a value read from JSON."""
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if value is None:
        return "null"
    return "integer" if isinstance(value, int) else "number"


def _holds(node: object, step: str | int) -> bool:
    if isinstance(step, int):
        return isinstance(node, list) and 0 <= step < len(node)
    return isinstance(node, dict) and step in node


def _inner_schema(schema: Mapping[str, Any], step: str | int) -> Mapping[str, Any] | None:
    """The schema of the field or item `step` of a value of `schema`."""
    if isinstance(step, int):
        items = schema.get("items")
        return items if isinstance(items, Mapping) else None
    inner = schema.get("properties", {}).get(step)
    if inner is None:
        inner = schema.get("additionalProperties")
    return inner if isinstance(inner, Mapping) else None


def _object_sentence(
    form: Format, schema: Mapping[str, Any], node: object, steps: list[str | int]
) -> tuple[str, str] | None:
    """What is wrong with an object's fields (one no such object has, one it needs and lacks), or None."""
    if not isinstance(node, dict) or schema.get("type") != "object":
        return None
    owner = f"The {form.name}" if not steps else place(steps)
    known = list(schema.get("properties", {}))
    names = schema.get("propertyNames", {})
    allowed = names.get("enum") if names else (known if schema.get("additionalProperties") is False else None)
    if allowed is not None:
        unknown = [key for key in node if key not in allowed]
        if unknown:
            key = unknown[0]
            plain = isinstance(key, str) and key.isprintable() and "." not in key and len(key) <= 100
            part = place([*steps, key]) if plain else excerpt(key)  # a field's name, if it reads as it is written
            if "description" in names:  # which names are right, in the format's own words
                where = f"In {place(steps)}, " if steps else ""
                return part, f"{where}{excerpt(key)} is not {names['description']}."
            belongs = "that does not belong there" if steps else f"that no {form.name} has"
            return part, f"{owner} has a field {excerpt(key)} {belongs}; its fields are {_and(allowed, repr)}."
    needs = list(schema.get("required", ()))
    missing = [key for key in needs if key not in node]
    if missing:
        return (place([*steps, missing[0]]), f"{owner} has no {missing[0]!r}; it needs {_and(needs)}.")
    return None


def _value_sentence(form: Format, schema: Mapping[str, Any], value: object, steps: list[str | int]) -> str:
    """A value of the wrong type or out of bounds: where, what is right (the schema's description), what it was."""
    right = schema.get("description") or _described(schema)
    shown = excerpt(value, show=lambda v: json.dumps(v, ensure_ascii=False))
    if not steps:
        example = f", e.g. {form.example}" if form.example else ""
        return f"A {form.name} is {right}{example}, not {shown}."
    return f"{schema.get('title') or place(steps)} must be {right}, not {shown}."


def _described(schema: Mapping[str, Any]) -> str:
    """Plain words for a schema that has no description of its own."""
    kind: str | tuple[str, ...] = schema.get("type", "")
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return "one of " + either(schema["enum"])
    words = {
        "object": "an object",
        "array": "a list",
        "string": "text",
        "integer": "a whole number",
        "number": "a number",
        "boolean": "true or false",
        "null": "null",
    }
    if not isinstance(kind, str):  # a choice of types
        return " or ".join(words.get(one, one) for one in kind)
    return words.get(kind, "something else")


def _and(names: Sequence[str], spell: Callable[[Any], str] = str) -> str:
    """a, b and c."""
    shown = [spell(name) for name in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} and {shown[-1]}"


def either(values: Any, spell: Callable[[Any], str] = json.dumps) -> str:
    """Values as a JSON file spells them, for a description: "a", "b" or "c"."""
    shown = [spell(value) for value in values]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"
