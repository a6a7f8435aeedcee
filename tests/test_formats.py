"""Each file format is declared once (issue 34, point 3): the writers write what the format declares, and
formats.read says the first thing wrong with a value in one teaching sentence naming the field."""

from __future__ import annotations

import contextlib
import json

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, new_game
from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.keeping import CLASS_FILE_FORMAT, TABLE_FILE_FORMAT, table_record
from euchre_lesson.engine import formats
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.formats import Format, FormatRefused, check, read
from euchre_lesson.engine.records import GAME_RECORD, HAND_RECORD
from euchre_lesson.teach.house_rules import HOUSE_RULES

POINT = Format(
    "point",
    {
        "type": "object",
        "description": "an object with x and y",
        "properties": {
            "x": {"type": "integer", "description": "a whole number"},
            "y": {"type": "integer", "minimum": 0, "description": "a whole number from 0"},
            "tags": {"type": "array", "items": {"type": "string", "description": "a word"}},
            "inner": {
                "type": "object",
                "properties": {"z": {"type": "boolean"}},
                "required": ["z"],
                "additionalProperties": False,
            },
        },
        "required": ["x", "y"],
        "additionalProperties": False,
    },
    example='{"x": 1, "y": 2}',
)

SAID = [
    ([1, 2], "record", 'A point is an object with x and y, e.g. {"x": 1, "y": 2}, not [1, 2].'),
    ({"x": 1}, "y", "The point has no 'y'; it needs x and y."),
    (
        {"x": 1, "y": 2, "w": 3},
        "w",
        "The point has a field 'w' that no point has; its fields are 'x', 'y', 'tags' and 'inner'.",
    ),
    ({"x": True, "y": 2}, "x", "x must be a whole number, not true."),  # true is not 1 in a file
    ({"x": 1, "y": -1}, "y", "y must be a whole number from 0, not -1."),
    ({"x": 1, "y": 2, "tags": ["a", 3]}, "tags[1]", "tags[1] must be a word, not 3."),
    ({"x": 1, "y": 2, "inner": {}}, "inner.z", "inner has no 'z'; it needs z."),
    ({"x": 1, "y": 2, "inner": {"z": 0}}, "inner.z", "inner.z must be true or false, not 0."),
    (
        {"x": 1, "y": 2, "inner": {"z": True, "q": 1}},
        "inner.q",
        "inner has a field 'q' that does not belong there; its fields are 'z'.",
    ),
    # an unknown field is said before a wrong value found first inside the same object
    (
        {"x": "one", "y": 2, "w": 3},
        "w",
        "The point has a field 'w' that no point has; its fields are 'x', 'y', 'tags' and 'inner'.",
    ),
]


@pytest.mark.parametrize("value, part, said", SAID, ids=[s for _, _, s in SAID])
def test_read_says_what_is_wrong_where_and_what_is_right(value, part, said):
    with pytest.raises(FormatRefused) as info:
        read(POINT, value)
    assert str(info.value) == said and info.value.part == part and info.value.format is POINT
    assert isinstance(info.value, NotationError)  # what every reader of a file already catches


def test_read_gives_back_a_right_value_and_checks_each_format_with_one_compiled_validator():
    assert read(POINT, {"x": 1, "y": 0}) == {"x": 1, "y": 0}
    formats._validator.cache_clear()
    for value in ({"x": 1, "y": 0}, {"x": 2, "y": 3}, {"x": 1}):
        with contextlib.suppress(FormatRefused):
            read(POINT, value)
    assert formats._validator.cache_info().misses == 1 and formats._validator.cache_info().hits == 2


WHERE = [
    ({"x": 1, "y": 0}, None),
    ({"x": 1}, ()),  # a field missing: the whole
    ({"x": 1, "y": 0, "w": 3}, ()),  # a field too many: the whole
    ({"x": 1, "y": -1}, ("y",)),
    ({"x": 1, "y": 0, "tags": ["a", 3]}, ("tags", 1)),  # a list's index is a number
    ({"x": 1, "y": 0, "inner": {"z": 0}}, ("inner", "z")),
    ([1, 2], ()),
]


@pytest.mark.parametrize("value, where", WHERE, ids=[repr(v) for v, _ in WHERE])
def test_first_wrong_names_the_keys_that_lead_to_the_first_thing_wrong_and_fits_says_whether_there_is_none(
    value, where
):
    assert formats.first_wrong(POINT, value) == where
    assert formats.fits(POINT, value) is (where is None)


def test_first_wrong_and_fits_use_the_format_s_one_compiled_validator():
    formats._validator.cache_clear()
    read(POINT, {"x": 1, "y": 0})
    formats.first_wrong(POINT, {"x": 1})
    formats.fits(POINT, {"x": 1, "y": 0})
    assert formats._validator.cache_info().misses == 1


def test_a_huge_wrong_value_is_quoted_by_its_start_and_its_length():
    with pytest.raises(FormatRefused) as info:
        read(POINT, {"x": "9" * 10**6, "y": 0})
    assert "1,000,000 characters" in str(info.value) and len(str(info.value)) < 300


def test_a_tagged_format_says_first_that_a_file_is_not_of_it():
    for value in ([], {}, {"format": "euchre_lesson games", "seed": "x"}):
        with pytest.raises(FormatRefused) as info:
            read(GAME_RECORD, value)
        assert str(info.value) == 'This is not a game record: it should start with "format": "euchre_lesson game".'
        assert info.value.part == "format"


def test_check_refuses_a_record_about_to_be_written_that_is_not_of_its_format():
    with pytest.raises(ValueError, match="point"):
        check(POINT, {"x": 1})
    assert check(POINT, {"x": 1, "y": 2}) == {"x": 1, "y": 2}


# -- the writers write what the formats declare ----------------------------------------------------------------


def played(game, actions: int):
    for _ in range(actions):
        game = game.apply(game.legal_actions()[-1])
    return game


@pytest.mark.parametrize("rules", [CUTTHROAT, PARTNERSHIP])
def test_a_game_s_record_and_its_hands_records_are_of_their_formats(rules):
    game = played(new_game(rules, seed=4), 60)
    record = check(GAME_RECORD, json.loads(game.to_json()))
    assert all(check(HAND_RECORD, hand) for hand in record["hands"])


def test_the_class_and_table_files_are_written_in_their_formats(tmp_path):
    room = Classroom(tmp_path / "class", level="random", pace=0.0, clock=lambda: 0.0)
    desk = room.teacher(room.teacher_code)
    desk.new_table("cutthroat", seed=7)
    room.choose_table(room.join("Ana", room.join_code).token, 1)
    check(CLASS_FILE_FORMAT, json.loads((room.keeper.folder / "classroom.json").read_text(encoding="utf-8")))
    check(TABLE_FILE_FORMAT, json.loads((room.keeper.folder / "table-1.json").read_text(encoding="utf-8")))
    table = room.tables[0]
    check(TABLE_FILE_FORMAT, table_record(1, table.level, table.game, table.seats, True))


def test_the_house_rules_format_reads_every_game_and_setting_a_teacher_may_write():
    read(
        HOUSE_RULES,
        {
            "cutthroat": {"stick_the_dealer": True},
            "partnership": {},
            "twohand": {},
            "railroad": {},
            "show_answer": "never",
        },
    )


def test_a_declared_format_cannot_be_changed_after_it_is_declared():
    with pytest.raises(TypeError):
        GAME_RECORD.schema["properties"]["seed"]["maximum"] = 10  # type: ignore[index]
    with pytest.raises(AttributeError):
        GAME_RECORD.schema["required"].append("note")
    assert isinstance(formats.frozen({"a": [1, {"b": 2}]})["a"], tuple)
