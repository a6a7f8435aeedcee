"""A class's house_rules.json: a good file sets each game's rules; any bad file is refused with one
message naming it and the problem, and the standard rules are played (README, For teachers)."""

from __future__ import annotations

import dataclasses
import json
import os
import time
import tracemalloc
import warnings
from pathlib import Path

import pytest
from fuzzcount import count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_lesson import CUTTHROAT, PARTNERSHIP, NotationError
from euchre_lesson.engine.rules import PRESETS
from euchre_lesson.teach.house_rules import HOUSE_RULES_LIMIT, HouseRulesWarning, class_rules, read_house_rules

GAMES = tuple(PRESETS)


def write(folder: Path, text: str | bytes) -> Path:
    path = folder / "house_rules.json"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return path


def refusals(game: str, folder: Path):
    """class_rules for a folder whose file is bad: the rules it gives, and its HouseRulesWarnings."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rules = class_rules(game, folder)
    return rules, [str(w.message) for w in caught if issubclass(w.category, HouseRulesWarning)]


def assert_refused(folder: Path, *said: str) -> None:
    """Each game gets its preset with one warning; the strict reader raises one NotationError naming the file."""
    for game in GAMES:
        rules, messages = refusals(game, folder)
        assert rules == PRESETS[game]
        assert len(messages) == 1, messages
        assert "house rules file was refused" in messages[0] and "standard" in messages[0], messages[0]
    with pytest.raises(NotationError) as info:
        read_house_rules(folder)
    message = str(info.value)
    assert "house_rules.json" in message and str(folder) in info.value.part, message
    assert len(message) < 400, f"a message of {len(message)} characters"
    for words in said:
        assert words.lower() in message.lower(), (words, message)
    assert message in messages[0]  # the warning says the same thing, plus what is played instead


# -- the file's shape and content ----------------------------------------------------------------

NOT_READABLE = {
    "empty": ("", ["empty"]),
    "broken JSON": ("{oops", ["not readable JSON", "line 1"]),
    "trailing text": ('{"cutthroat": {}} and more', ["not readable JSON"]),
    "deeply nested arrays": ('{"cutthroat": ' + "[" * 30_000 + "]" * 30_000 + "}", ["nested"]),
    "deeply nested objects": ('{"a":' * 9_000 + "1" + "}" * 9_000, ["nested"]),
    "5,000-digit number": ('{"cutthroat": {"target": 1' + "0" * 5_000 + "}}", ["number", "digits"]),
    "NaN": ('{"cutthroat": {"target": NaN}}', ["NaN"]),
    "Infinity": ('{"cutthroat": {"lone_maker_march_points": Infinity}}', ["Infinity"]),
    "-Infinity": ('{"partnership": {"target": -Infinity}}', ["Infinity"]),
    "a float that overflows": ('{"cutthroat": {"target": 1e999}}', ["1e999"]),
    "duplicate switch": ('{"cutthroat": {"deck": 32, "deck": 24}}', ["'deck'", "twice"]),
    "duplicate game": ('{"cutthroat": {}, "cutthroat": {"deck": 32}}', ["'cutthroat'", "twice"]),
}
WRONG_SHAPE = {
    "a list": ("[]", ["one object"]),
    "a string": ('"cutthroat"', ["one object"]),
    "a number": ("3", ["one object"]),
    "null": ("null", ["one object"]),
    "true": ("true", ["one object"]),
    "unknown game": ('{"euchre": {}}', ["'euchre'", "'cutthroat'", "'partnership'"]),
    "game in the wrong case": ('{"Cutthroat": {"deck": 32}}', ["'Cutthroat'", "'cutthroat'"]),
    **{
        f"switches of {bad}": (f'{{"cutthroat": {bad}}}', ["'cutthroat'", "object"])
        for bad in ("[]", "0", '""', "false", "null", "true", "[1]", '"stick_the_dealer"')
    },
    "unknown switch": ('{"cutthroat": {"stick": true}}', ["'stick' is not a switch", "stick_the_dealer"]),
    "the game as a switch": ('{"cutthroat": {"game": "partnership"}}', ["'game' is not a switch"]),
    "impossible deck": ('{"cutthroat": {"deck": 28}}', ["deck: 28", "24, 32 or 25"]),
    "a switch as text": (
        '{"cutthroat": {"stick_the_dealer": "yes"}}',
        ['stick_the_dealer: "yes"', "use true or false (C9)"],
    ),
    "a switch as 1": ('{"cutthroat": {"stick_the_dealer": 1}}', ["stick_the_dealer: 1", "use true or false (C9)"]),
    "target 0": ('{"cutthroat": {"target": 0}}', ["target: 0", "1 to 100"]),
    "huge target": ('{"cutthroat": {"target": 1000000000}}', ["target: 1000000000", "1 to 100"]),
    "target as a float": ('{"cutthroat": {"target": 10.0}}', ["target: 10.0", "1 to 100"]),
    "huge march points": (
        '{"partnership": {"lone_maker_march_points": 1000000}}',
        ["lone_maker_march_points: 1000000", "0 to 10"],
    ),
    "huge text value": (
        '{"cutthroat": {"tie_rule": "' + "x" * 50_000 + '"}}',
        ['tie_rule: "xxx', '"play_on" or "shared"'],
    ),
    "huge unknown key": ('{"' + "k" * 50_000 + '": {}}', ["kkkk", "'cutthroat'"]),
}


@pytest.mark.parametrize("text, said", list(NOT_READABLE.values()), ids=list(NOT_READABLE))
def test_a_file_that_is_not_json_a_json_reader_can_trust_is_refused(tmp_path, text, said):
    write(tmp_path, text)
    assert_refused(tmp_path, *said)


@pytest.mark.parametrize("text, said", list(WRONG_SHAPE.values()), ids=list(WRONG_SHAPE))
def test_a_file_of_the_wrong_shape_or_values_is_refused(tmp_path, text, said):
    write(tmp_path, text)
    assert_refused(tmp_path, *said)


@pytest.mark.parametrize(
    "switch, value",
    [("stick_the_dealer", "yes"), ("dealer_must_pick_up", 1), ("call_for_best", None), ("opening_lead", False)],
)
def test_a_wrong_switch_is_told_as_json_spells_it_never_python(tmp_path, switch, value):
    game = "railroad" if switch == "call_for_best" else "cutthroat"
    write(tmp_path, json.dumps({game: {switch: value}}))
    with pytest.raises(NotationError) as info:
        read_house_rules(tmp_path)
    message = str(info.value)
    assert f"{switch}: {json.dumps(value)}" in message, message
    for python in ("True", "False", "None", "'"):
        assert python not in message.split(": ", 1)[1], message  # after the file's name, which may hold anything


@pytest.mark.parametrize("game, other", [("cutthroat", "partnership"), ("partnership", "cutthroat")])
def test_a_mistake_in_the_other_games_section_refuses_the_whole_file(tmp_path, game, other):
    write(tmp_path, json.dumps({game: {"stick_the_dealer": True}, other: {"stik_the_dealer": True}}))
    assert_refused(tmp_path, f"'{other}'", "'stik_the_dealer' is not a switch")


# -- the file on disk ------------------------------------------------------------------------


def test_not_utf8_is_refused_and_says_so(tmp_path):
    write(tmp_path, '{"cutthroat": {"tie_rule": "café"}}'.encode("latin-1"))
    assert_refused(tmp_path, "UTF-8")
    write(tmp_path, '{"cutthroat": {}}'.encode("utf-16"))  # Notepad's "Unicode"
    assert_refused(tmp_path, "UTF-8", "UTF-16")


def test_a_byte_order_mark_is_not_a_mistake(tmp_path):
    write(tmp_path, b"\xef\xbb\xbf" + b'{"cutthroat": {"stick_the_dealer": true}}\r\n')  # Windows Notepad
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert class_rules("cutthroat", tmp_path).switches() == {"stick_the_dealer": True}
    assert read_house_rules(tmp_path).rules("partnership") == PARTNERSHIP


def test_a_folder_named_house_rules_json_is_refused(tmp_path):
    (tmp_path / "house_rules.json").mkdir()
    assert_refused(tmp_path, "not a file", "folder")


@pytest.mark.posix("named pipes (mkfifo) and devices such as /dev/null are POSIX's: Windows has neither")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    os.mkfifo(tmp_path / "house_rules.json")
    started = time.monotonic()
    assert_refused(tmp_path, "not a file")
    assert time.monotonic() - started < 5


def test_a_link_loop_is_refused(tmp_path):
    (tmp_path / "house_rules.json").symlink_to("house_rules.json")
    assert_refused(tmp_path, "link")


def test_a_dangling_link_is_refused_and_says_where_it_points(tmp_path):
    (tmp_path / "house_rules.json").symlink_to("gone/rules.json")
    assert_refused(tmp_path, "link", "gone/rules.json", "does not exist")


def test_a_link_to_a_good_file_is_followed(tmp_path):
    (tmp_path / "shared.json").write_text('{"partnership": {"tie_rule": "shared"}}')
    (tmp_path / "house_rules.json").symlink_to("shared.json")
    assert class_rules("partnership", tmp_path).switches() == {"tie_rule": "shared"}


def test_a_huge_file_is_refused_after_reading_at_most_the_limit(tmp_path):
    path = write(tmp_path, "")
    os.truncate(path, 200 * 1024 * 1024)  # sparse: 200 MB on paper, nothing on disk
    tracemalloc.start()
    try:
        assert_refused(tmp_path, "larger than", f"{HOUSE_RULES_LIMIT:,}")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * HOUSE_RULES_LIMIT, f"{peak:,} bytes held to refuse it"


def test_a_file_just_under_the_limit_is_read(tmp_path):
    text = '{"cutthroat": {"deck": 32}}'
    write(tmp_path, text + " " * (HOUSE_RULES_LIMIT - len(text)))
    assert class_rules("cutthroat", tmp_path).deck == 32
    write(tmp_path, text + " " * (HOUSE_RULES_LIMIT - len(text) + 1))
    assert_refused(tmp_path, "larger than")


def test_the_file_is_left_as_it_was(tmp_path):
    bad = b'{"cutthroat": {"deck": 28}}'
    path = write(tmp_path, bad)
    refusals("cutthroat", tmp_path)
    assert path.read_bytes() == bad and sorted(p.name for p in tmp_path.iterdir()) == ["house_rules.json"]


# -- good files and the reader's answer ------------------------------------------------------------


def test_a_good_file_sets_each_games_rules_and_warns_of_nothing(tmp_path):
    write(
        tmp_path,
        json.dumps(
            {
                "cutthroat": {"stick_the_dealer": True},
                "partnership": {"dealer_must_pick_up": True, "tie_rule": "shared"},
            }
        ),
    )
    house = read_house_rules(tmp_path)
    assert house.rules("cutthroat").switches() == {"stick_the_dealer": True}
    assert house.rules("partnership").switches() == {"dealer_must_pick_up": True, "tie_rule": "shared"}
    assert {r.game for r in house.games} == set(PRESETS)  # every game the presets table offers
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert class_rules("partnership", tmp_path) == house.rules("partnership")
    write(tmp_path, "{}")
    assert read_house_rules(tmp_path).games == tuple(PRESETS.values())


def test_without_a_file_the_presets_apply_silently(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert class_rules("cutthroat", tmp_path) == CUTTHROAT
        assert read_house_rules(tmp_path).rules("partnership") == PARTNERSHIP


# -- bad arguments still raise: they are the caller's mistake, not the teacher's file ---------------


@pytest.mark.parametrize("game", ["euchre", "Cutthroat", ["cutthroat"], None, 3, "x" * 10_000])
def test_an_unknown_game_is_a_clear_error(tmp_path, game):
    write(tmp_path, "{oops")  # the argument is named first, whatever the file
    with pytest.raises(NotationError, match="game") as info:
        class_rules(game, tmp_path)
    assert info.value.part == "game" and "'cutthroat'" in str(info.value) and len(str(info.value)) < 300


@pytest.mark.parametrize("folder", [None, 3, b"notebooks", ["notebooks"], "note\0books"])
def test_a_folder_that_is_not_a_path_is_a_clear_error(folder):
    for call in (lambda: class_rules("cutthroat", folder), lambda: read_house_rules(folder)):
        with pytest.raises(NotationError, match="folder") as info:
            call()
        assert info.value.part == "folder"


def test_a_folder_that_does_not_exist_or_is_a_file_is_a_clear_error(tmp_path):
    (tmp_path / "notes.txt").write_text("")
    for folder in (tmp_path / "missing", tmp_path / "notes.txt"):
        with pytest.raises(NotationError, match="not a folder") as info:
            class_rules("cutthroat", folder)
        assert info.value.part == "folder" and str(folder) in str(info.value)


# -- fuzzing: whatever the file holds, class_rules gives a RuleSet -----------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=20)
    | st.sampled_from(["cutthroat", "partnership", "deck", "target", "stick_the_dealer", "tie_rule", "shared"]),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from([*PRESETS, "deck", "target", "tie_rule", "stick_the_dealer", "x"]) | st.text(max_size=8),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    content=st.binary(max_size=200) | json_values.map(lambda v: json.dumps(v).encode()),
    bom=st.booleans(),
    game=st.sampled_from(GAMES),
)
def test_fuzzed_files_give_rules_or_one_refusal(tmp_path, content, bom, game):
    count("house rules files")
    write(tmp_path, (b"\xef\xbb\xbf" if bom else b"") + content)
    rules, messages = refusals(game, tmp_path)
    try:
        expected = read_house_rules(tmp_path).rules(game)
    except NotationError:
        assert rules == PRESETS[game] and len(messages) == 1
    else:
        assert rules == expected and messages == []


# -- RuleSet: every field of the wrong type or out of range is named, with the values that are right ----

WRONG_FIELDS = [
    ("game", []),
    ("game", {}),
    ("game", {"cutthroat"}),
    ("game", None),
    ("game", "Cutthroat"),
    ("deck", []),
    ("deck", 24.0),
    ("deck", True),
    ("deck", "24"),
    ("target", True),
    ("target", 10.0),
    ("target", "10"),
    ("target", None),
    ("target", []),
    ("lone_maker_march_points", False),
    ("lone_maker_march_points", 3.0),
    ("lone_maker_march_points", {}),
    ("opening_lead", []),
    ("opening_lead", {"dealer_left": 1}),
    ("opening_lead", None),
    ("tie_rule", []),
    ("tie_rule", b"shared"),
    ("dealer_must_pick_up", 1),
    ("may_name_turned_suit", []),
    ("stick_the_dealer", "yes"),
    ("allow_lone_defender", None),
    ("partner_may_go_alone", 0),
    ("call_for_best", "true"),
    ("lone_vs_lone_euchre_points", True),
    ("lone_vs_lone_euchre_points", 11),
]
RIGHT = {
    "game": "'cutthroat', 'partnership', 'twohand' or 'railroad' (T1, F1, W1, R1)",
    "deck": "24, 32 or 25 (C1)",
    "target": "a whole number from 1 to 100",
    "lone_maker_march_points": "a whole number from 0 to 10",
    "opening_lead": "'left_of_lone' or 'dealer_left' (C11)",
    "tie_rule": "'play_on' or 'shared' (T8)",
    "dealer_must_pick_up": "True or False (C7)",
    "may_name_turned_suit": "True or False (C8)",
    "stick_the_dealer": "True or False (C9)",
    "allow_lone_defender": "True or False (C10)",
    "partner_may_go_alone": "True or False (C10)",
    "call_for_best": "True or False (R3)",
    "lone_vs_lone_euchre_points": "a whole number from 0 to 10 (R4)",
}


@pytest.mark.parametrize("field, value", WRONG_FIELDS, ids=[f"{f}={v!r}" for f, v in WRONG_FIELDS])
def test_a_rule_set_field_of_the_wrong_type_is_named_with_the_right_values(field, value):
    from euchre_lesson import RuleSet

    with pytest.raises(NotationError) as info:
        RuleSet(**{field: value})
    assert info.value.part == field and RIGHT[field] in str(info.value), str(info.value)


@pytest.mark.parametrize(
    "field, value, right",
    [
        ("target", 0, "1 to 100"),
        ("target", 101, "1 to 100"),
        ("target", 10**9, "1 to 100"),
        ("target", -5, "1 to 100"),
        ("lone_maker_march_points", -1, "0 to 10"),
        ("lone_maker_march_points", 11, "0 to 10"),
        ("lone_maker_march_points", 10**6, "0 to 10"),
    ],
)
def test_absurd_numbers_are_refused_with_the_sensible_range(field, value, right):
    from euchre_lesson import RuleSet

    with pytest.raises(NotationError, match=f"{field}={value} is not possible: use a whole number from {right}"):
        RuleSet(**{field: value})


def test_the_ends_of_each_range_are_allowed():
    from dataclasses import replace

    from euchre_lesson import score_hand

    for target in (1, 100):
        assert replace(CUTTHROAT, target=target).target == target
    for points in (0, 10):
        assert score_hand(replace(PARTNERSHIP, lone_maker_march_points=points), 5, maker_alone=True).makers == points


def deeply_nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "value",
    ["x" * 100_000, 10**5_000, [[[]]] * 10_000, deeply_nested(100_000), float("nan")],
    ids=["huge text", "a 5,001-digit number", "a long list", "deeply nested", "nan"],
)
def test_a_huge_bad_value_is_quoted_only_in_part(value):
    from euchre_lesson import RuleSet

    for field in ("opening_lead", "target"):
        with pytest.raises(NotationError) as info:
            RuleSet(**{field: value})
        assert len(str(info.value)) < 200, f"{len(str(info.value))} characters"


@pytest.mark.parametrize("switches", [[], 0, "", False, (), [["deck", 32]]])
def test_switches_that_are_not_an_object_are_refused_not_ignored(switches):
    from euchre_lesson.engine.rules import rules_from

    with pytest.raises(NotationError, match="switches must be an object") as info:
        rules_from("cutthroat", switches)
    assert info.value.part == "switches"
    assert rules_from("cutthroat", None) == rules_from("cutthroat", {}) == CUTTHROAT  # no switches at all


def test_rules_from_quotes_a_huge_bad_name_only_in_part():
    from euchre_lesson.engine.rules import rules_from

    for call in (
        lambda: rules_from("c" * 100_000),
        lambda: rules_from("cutthroat", {"s" * 100_000: 1}),
        lambda: rules_from("cutthroat", ["deck"] * 100_000),
    ):
        with pytest.raises(NotationError) as info:
            call()
        assert len(str(info.value)) < 400, f"{len(str(info.value))} characters"  # the names of 12 switches


def test_python_spellings_in_the_file_get_a_hint(tmp_path):
    write(tmp_path, '{"cutthroat": {"stick_the_dealer": True}}')  # as RuleSet's messages spell it
    assert_refused(tmp_path, "line 1, column 36", "true, false and null in small letters")


def test_the_house_rules_have_a_section_for_every_game_two_handed_and_railroad_too(tmp_path):
    from euchre_lesson import RAILROAD, TWO_HANDED

    (tmp_path / "house_rules.json").write_text(
        '{"railroad": {"target": 12, "call_for_best": false}, "twohand": {"deck": 32}}', encoding="utf-8"
    )
    assert [rules.game for rules in read_house_rules(tmp_path).games] == [
        "cutthroat",
        "partnership",
        "twohand",
        "railroad",
    ]
    assert class_rules("railroad", tmp_path) == dataclasses.replace(RAILROAD, target=12, call_for_best=False)
    assert class_rules("twohand", tmp_path) == dataclasses.replace(TWO_HANDED, deck=32)


def test_the_lessons_still_import_the_house_rules_from_the_course():
    """The notebooks, the app and the widgets import these names from teach.course; they are the house rules' own."""
    from euchre_lesson.teach import course, house_rules

    for name in (
        "HOUSE_RULES_FILE",
        "HOUSE_RULES_LIMIT",
        "SHOW_ANSWER",
        "HouseRules",
        "HouseRulesWarning",
        "class_rules",
        "read_house_rules",
        "show_answer",
    ):
        assert getattr(course, name) is getattr(house_rules, name), name


# -- lesson 2's question about the class's rules --------------------------------------------------


def lesson_2_q2_in(folder: Path) -> list[str]:
    """Lesson 2's q2 as a lesson's kernel, started in `folder`, asks it: its answer and two checks' verdicts."""
    import subprocess
    import sys

    code = (
        "from euchre_lesson.teach.course import exercises\nq = exercises(2).q2\n"
        "print(q.answer()); print(q.judge('yes').correct, q.judge('no').correct); print(q.explain())"
    )
    root = Path(__file__).resolve().parent.parent
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@pytest.mark.parametrize("must, right", [(None, "no"), (False, "no"), (True, "yes")])
def test_lesson_2_asks_about_the_class_s_own_rule_for_the_up_card(tmp_path, must, right):
    if must is not None:
        write(tmp_path, json.dumps({"cutthroat": {"dealer_must_pick_up": must}}))
    answer, verdicts, why = lesson_2_q2_in(tmp_path)
    assert answer == right and verdicts == ("True False" if right == "yes" else "False True")
    assert "C7" in why and (("house rules" in why) if must else True), why
