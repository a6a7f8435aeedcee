"""Saved games are checked, load in linear time, and are read and written safely (issue 11, points 4 and 5).

A game record holds its seed, so every hand of it can be checked against what the seed deals;
a hand dealt by hand (deal_hand(..., deal=...) put in with dataclasses.replace) is accepted only
when the record lists it, and the loaded game says so. Everything derived (scores, winners, the
list of hands dealt by hand) is recomputed, and a record that stores something else is refused.
"""

from __future__ import annotations

import copy
import dataclasses as dc
import json
import os
import random
import stat
import subprocess
import sys
import threading
import time

import pytest
from fuzzcount import count

from euchre_lesson import CUTTHROAT, PARTNERSHIP, NotationError, deal_hand, load_game, new_game, save_game
from euchre_lesson.engine.game import MAX_HANDS, MAX_RECORD_BYTES, RECORD_FORMAT, game_from_record


def refused(call, *args, names=(), part=None) -> NotationError:
    """`call(*args)` raises NotationError whose message names every text in `names`."""
    with pytest.raises(NotationError) as info:
        call(*args)
    for text in names:
        assert text in str(info.value), f"{str(info.value)!r} does not name {text!r}"
    if part is not None:
        assert info.value.part == part, f"part is {info.value.part!r}, expected {part!r}"
    return info.value


def files_in(folder) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


# -- games to load -------------------------------------------------------------------------------


def played_until(game, done, choice=0):
    """`game` after its legal action number `choice`, again and again, until `done(game)`.

    The first action passes, so hands are thrown in; the last one orders or calls, so the game ends.
    """
    while not done(game):
        game = game.apply(game.legal_actions()[choice])
    return game


def a_finished_game():
    return played_until(new_game(CUTTHROAT, seed=11), lambda g: g.is_over, choice=-1)


def a_game_in_its_third_hand():
    return played_until(new_game(CUTTHROAT, seed=31), lambda g: len(g.hands) == 3)


def rotated(deal):
    """The same cards with every seat's hand moved one seat on: a deal the seed did not make."""
    return deal._replace(hands=deal.hands[1:] + deal.hands[:1])


def by_hand(game, number=-1):
    """`game` with hand `number` dealt again by hand (the seats' cards rotated) and its actions replayed."""
    old = game.hands[number]
    hand = deal_hand(game.rules, old.dealer, deal=rotated(old.deal))
    for action in old.history:
        hand = hand.apply(action)
    hands = list(game.hands)
    hands[number] = hand
    return dc.replace(game, hands=tuple(hands))


def issue_14_t8_game():
    """The T8 example of issue 14: two hands dealt by hand, put in with dataclasses.replace, scores set by hand."""
    b = {
        "hands": [["9C", "TC", "9S", "TS", "QH"], ["JH", "JD", "AH", "KH", "TH"], ["JC", "QC", "KC", "AC", "JS"]],
        "dummy": ["QS", "KS", "AS", "9D", "TD"],
        "kitty": ["9H", "QD", "KD", "AD"],
    }
    a = {
        "hands": [["JH", "JD", "AH", "KH", "QH"], ["9C", "TC", "JC", "QC", "KC"], ["9S", "TS", "JS", "QS", "KS"]],
        "dummy": ["AC", "AD", "KD", "QD", "TD"],
        "kitty": ["TH", "9H", "AS", "9D"],
    }
    game = new_game(CUTTHROAT, seed=1, first_dealer=2)
    hand = deal_hand(CUTTHROAT, 2, deal=b)
    for token in ["order", "decline", "stay", "stay", "stay", "keep QH AS KS QS 9C"]:
        hand = hand.apply(token)
    game = dc.replace(game, hands=(hand,), scores=(9, 8, 8))
    middle = played_until(game, lambda g: len(g.hands) > 1)
    game = dc.replace(middle, hands=(deal_hand(CUTTHROAT, 0, deal=a),))
    for token in ["pass", "pass", "order", "pickup QH", "alone", "stay", "stay"]:
        game = game.apply(token)
    # Seat 0 reaches 12, but only the tied seats 1 and 2 are in contention (T8): play on, ordering up, until
    # one of them is ahead (passing every time would throw every hand in, for ever).
    return middle, played_until(game, lambda g: g.is_over, choice=-1)


# -- point 4: every hand is checked against the seed ---------------------------------------------


def test_a_current_hand_with_a_better_deal_is_refused_naming_the_hand_and_the_seed():
    game = a_game_in_its_third_hand()
    record = game.record()
    record["hands"][2]["deal"] = rotated(game.hand.deal).record()  # the student takes another seat's cards
    error = refused(game_from_record, record, names=["hands[2]", "seed 31"])
    assert error.part.startswith("hands[2]")


def test_a_changed_seed_is_refused():
    record = a_game_in_its_third_hand().record()
    refused(game_from_record, {**record, "seed": 32}, names=["hands[0]", "seed 32"])


@pytest.mark.parametrize(
    "winners",
    [[7], "nobody", [0], [True], None, [[]], list(range(10_000))],
    ids=["[7]", "nobody", "[0]", "[True]", "None", "[[]]", "ten thousand"],
)
def test_junk_winners_are_refused_naming_the_right_value(winners):
    count("tampered game records")
    record = a_game_in_its_third_hand().record()
    assert record["winners"] == []
    error = refused(game_from_record, {**record, "winners": winners}, names=["winners", "[]"], part="winners")
    assert len(str(error)) < 400  # a huge bad value is quoted as a short excerpt


@pytest.mark.parametrize("field", ["scores", "winners"])
def test_stored_results_of_the_wrong_type_are_refused_even_when_python_calls_them_equal(field):
    record = a_finished_game().record()
    as_floats = [float(number) for number in record[field]]
    assert as_floats == record[field] and record[field], "equal in Python, but not the same JSON"
    refused(game_from_record, {**record, field: as_floats}, names=[field, json.dumps(record[field])], part=field)


def test_the_t8_example_of_issue_14_saves_and_loads_and_says_it_was_set_up_by_hand(tmp_path):
    middle, end = issue_14_t8_game()
    for game in (middle, end):
        assert game.dealt_by_hand == (0,)
        assert game_from_record(game.record()) == game
        assert game_from_record(game.to_json()) == game
        path = save_game(game, tmp_path / "t8.json")
        loaded = load_game(path)
        assert loaded == game and loaded.set_by_hand == game.set_by_hand
        assert "Hand 1 was dealt by hand, not from seed 1" in loaded.set_by_hand
    assert middle.starting_scores == (9, 8, 8) and end.starting_scores == (9, 10, 10)
    assert "started from scores 9, 10, 10" in end.set_by_hand
    assert end.record()["dealt_by_hand"] == [0] and end.record()["starting_scores"] == [9, 10, 10]
    assert end.winning_seats in ((1,), (2,))  # never seat 0, below 10 when the tie arose (T8)


def test_hands_dealt_by_hand_are_listed_and_named_in_words():
    game = played_until(new_game(PARTNERSHIP, seed=2026), lambda g: len(g.hands) == 3)
    game = played_until(by_hand(game), lambda g: len(g.hands) == 4)
    game = by_hand(game)
    assert game.dealt_by_hand == (2, 3)
    assert game.set_by_hand == "Hands 3 and 4 were dealt by hand, not from seed 2026."
    again = game_from_record(game.to_json())
    assert again == game and again.set_by_hand == game.set_by_hand
    assert new_game(PARTNERSHIP, seed=2026).set_by_hand == ""


def test_a_hand_dealt_by_hand_is_refused_unless_the_record_lists_it():
    _, game = issue_14_t8_game()
    record = game.record()
    for hidden in ({**record, "dealt_by_hand": []}, {k: v for k, v in record.items() if k != "dealt_by_hand"}):
        refused(game_from_record, hidden, names=["hands[0]", "seed 1", "dealt_by_hand"])


@pytest.mark.parametrize("listed", [[1], [0, 1], [2, 1], [1, 1], "1", [1.0], [True], [-1]], ids=repr)
def test_a_wrong_list_of_hands_dealt_by_hand_is_refused_naming_the_right_value(listed):
    count("tampered game records")
    game = a_game_in_its_third_hand()
    assert game.dealt_by_hand == ()
    refused(
        game_from_record,
        {**game.record(), "dealt_by_hand": listed},
        names=["dealt_by_hand", "[]"],
        part="dealt_by_hand",
    )
    hand_made = by_hand(game, 1)
    assert hand_made.dealt_by_hand == (1,) and game_from_record(hand_made.record()) == hand_made
    if listed != [1]:
        refused(game_from_record, {**hand_made.record(), "dealt_by_hand": listed}, names=["dealt_by_hand"])


@pytest.mark.parametrize("start", ["9 8 8", [9, 8], [9, 8, 8.0], [10**9, 0, 0], [None, 0, 0]], ids=repr)
def test_bad_starting_scores_are_refused(start):
    count("tampered game records")
    record = a_game_in_its_third_hand().record()
    refused(game_from_record, {**record, "starting_scores": start}, names=["starting_scores"], part="starting_scores")


def test_starting_scores_set_in_a_record_are_shown_and_a_win_before_the_first_hand_is_refused():
    record = a_game_in_its_third_hand().record()
    raised = game_from_record({**record, "starting_scores": [7, 0, 0], "scores": [7, 0, 0]})
    assert raised.starting_scores == (7, 0, 0) and "started from scores 7, 0, 0" in raised.set_by_hand
    refused(
        game_from_record,
        {**record, "starting_scores": [10, 0, 0], "scores": [10, 0, 0]},
        names=["starting_scores", "T8"],
    )


def test_an_unknown_field_is_refused_rather_than_ignored():
    record = a_game_in_its_third_hand().record()
    refused(game_from_record, {**record, "winner": [0]}, names=["'winner'", "winners"], part="winner")


# -- point 4: loading is linear, and a record's size is capped ------------------------------------


def thrown_in_record(count: int, rules=CUTTHROAT, seed=7) -> dict:
    """A record of `count` hands, every hand but the last thrown in (everybody passes twice, C9)."""
    hands = []
    for number in range(count):
        hand = deal_hand(rules, number % rules.players, seed=random.Random(f"{seed}:{number}")).record()
        hand["actions"] = ["pass"] * (2 * rules.players) if number < count - 1 else []
        hands.append(hand)
    return {
        "format": RECORD_FORMAT,
        "rules": rules.game,
        "switches": rules.switches(),
        "seed": seed,
        "first_dealer": 0,
        "hands": hands,
        "scores": [0] * rules.players,
        "winners": [],
    }


def cpu_seconds_to_load(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        game = game_from_record(text)
        best = min(best, time.process_time() - start)
    assert game.hand.dealer == (len(game.hands) - 1) % 3
    return best


def test_loading_takes_time_in_proportion_to_the_number_of_hands():
    """Eight times the hands takes about eight times as long (it took 64 times as long before)."""
    small, large = (json.dumps(thrown_in_record(count)) for count in (250, 2000))
    ratio = cpu_seconds_to_load(large) / cpu_seconds_to_load(small)
    assert ratio < 24, f"2,000 hands took {ratio:.1f} times as long as 250"


def test_the_caps_admit_as_many_hands_as_the_hand_cap_of_the_largest_kind():
    rules = dc.replace(PARTNERSHIP, deck=32, stick_the_dealer=True, dealer_must_pick_up=True, target=11)
    game = played_until(new_game(rules, seed=3), lambda g: g.is_over, choice=-1)
    per_hand = len(game.to_json()) / len(game.hands)  # the record's other fields counted in too: an overestimate
    assert MAX_HANDS >= 16_000 and MAX_HANDS * per_hand * 1.25 < MAX_RECORD_BYTES


def test_a_record_with_too_many_hands_is_refused_before_replaying_them():
    record = thrown_in_record(2)
    record["hands"] = [record["hands"][0]] * (MAX_HANDS + 1)
    start = time.process_time()
    refused(game_from_record, record, names=[f"{MAX_HANDS + 1:,}", f"{MAX_HANDS:,}"], part="hands")
    assert time.process_time() - start < 1


def test_a_record_text_over_the_size_cap_is_refused_before_parsing():
    text = " " * MAX_RECORD_BYTES + "{}"
    refused(game_from_record, text, names=["too long", f"{MAX_RECORD_BYTES:,}"])


# -- point 5: load_game reads regular files only, up to a size limit --------------------------------


@pytest.mark.posix("named pipes (mkfifo) and devices such as /dev/null are POSIX's: Windows has neither")
def test_load_game_refuses_a_named_pipe_at_once_instead_of_waiting_forever(tmp_path):
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    outcome = {}

    def load():
        try:
            load_game(pipe)
        except Exception as error:  # noqa: BLE001 - the test reports whatever happened
            outcome["error"] = error

    reader = threading.Thread(target=load, daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # open the other end, so the blocked reader sees end of file and the thread ends
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(timeout=10)
        pytest.fail("load_game waited for a writer on a named pipe")
    error = outcome["error"]
    assert isinstance(error, NotationError) and "pipe" in str(error) and str(pipe) in str(error)


DEVICE_LOAD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1_000_000_000, 1_000_000_000))  # a bug must not eat the machine
from euchre_lesson import NotationError, load_game
try:
    load_game("/dev/zero")
except NotationError as error:
    print("NotationError:", error)
"""


@pytest.mark.posix("it limits memory with the resource module and reads /dev/zero: Windows has neither")
def test_load_game_refuses_dev_zero_without_reading_it():
    run = subprocess.run(
        [sys.executable, "-c", DEVICE_LOAD],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    )
    assert run.stdout.startswith("NotationError: ") and "/dev/zero" in run.stdout and "device" in run.stdout, (
        run.stdout + run.stderr
    )


def _big_sparse(path):
    with open(path, "wb") as file:
        file.truncate(MAX_RECORD_BYTES + 10)  # a sparse file: no disk used


def _nested(path):
    path.write_text("[" * 5_000 + "]" * 5_000, encoding="utf-8")


def _long_number(path):
    path.write_text('{"format": "euchre_lesson game", "seed": ' + "7" * 5_000 + "}", encoding="utf-8")


def _latin1(path):
    path.write_bytes('{"format": "euchre_lesson game", "rules": "é"}'.encode("latin-1"))


FILE_PROBLEMS = {
    "a folder": (lambda path: path.mkdir(), ["is a folder"]),
    "a missing file": (lambda path: None, ["there is no file"]),
    "a file too big": (_big_sparse, ["too big", f"{MAX_RECORD_BYTES:,}"]),
    "not UTF-8": (_latin1, ["not UTF-8 text"]),
    "too deeply nested": (_nested, ["nested too deeply"]),
    "a 5,000-digit number": (_long_number, ["a number 5,000 digits long"]),
    "a broken link": (lambda path: path.symlink_to(path.parent / "gone.json"), ["there is no file"]),
}


@pytest.mark.parametrize("kind", FILE_PROBLEMS)
def test_load_game_names_the_file_and_the_problem(tmp_path, kind):
    count("unreadable save files")
    path = tmp_path / "game.json"
    make, words = FILE_PROBLEMS[kind]
    make(path)
    before = files_in(tmp_path)
    error = refused(load_game, path, names=[str(path), *words])
    assert len(str(error)) < 600 and files_in(tmp_path) == before


@pytest.mark.posix("named pipes (mkfifo) and devices such as /dev/null are POSIX's: Windows has neither")
def test_load_game_refuses_a_device():
    refused(load_game, "/dev/null", names=["/dev/null", "device"])


@pytest.mark.parametrize("path", [None, b"game.json", 3, 3.5, ["game.json"], ""], ids=repr)
def test_load_game_names_a_path_argument_of_the_wrong_kind(path):
    count("bad save paths")
    refused(load_game, path, names=["path"], part="path")


# -- should fix: save_game keeps modes, refuses links, leaves nothing behind ----------------------------


@pytest.fixture
def umask_022():
    old = os.umask(0o022)
    yield
    os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.mark.posix("file modes such as 0o640 are POSIX's: Windows keeps only a read-only flag")
def test_save_game_keeps_the_mode_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "class.json"
    game = new_game(CUTTHROAT, seed=4)
    save_game(game, path)
    for wanted in (0o640, 0o604, 0o600):
        path.chmod(wanted)
        save_game(game.apply(game.legal_actions()[0]), path)
        assert mode(path) == wanted and load_game(path) != game


@pytest.mark.posix("file modes such as 0o640 are POSIX's: Windows keeps only a read-only flag")
def test_save_game_gives_a_new_file_the_mode_open_would(tmp_path, umask_022):
    save_game(new_game(CUTTHROAT, seed=4), tmp_path / "new.json")
    with open(tmp_path / "by_open.json", "w"):
        pass
    assert mode(tmp_path / "new.json") == mode(tmp_path / "by_open.json") == 0o644


def test_save_game_refuses_to_replace_a_symbolic_link(tmp_path):
    target = tmp_path / "real.json"
    game = new_game(PARTNERSHIP, seed=8)
    save_game(game, target)
    saved = target.read_bytes()
    link = tmp_path / "link.json"
    link.symlink_to(target)
    later = game.apply(game.legal_actions()[0])
    refused(save_game, later, link, names=[str(link), str(target), "save to the target itself"], part="path")
    assert link.is_symlink() and target.read_bytes() == saved and files_in(tmp_path) == ["link.json", "real.json"]


def _pipe(path):
    os.mkfifo(path)


SAVE_PROBLEMS = {
    "a NUL character": (lambda folder: str(folder / "a\0b.json"), ["NUL"]),
    "a folder": (lambda folder: (folder / "sub").mkdir() or folder / "sub", ["is a folder"]),
    "a missing folder": (lambda folder: folder / "no such folder" / "game.json", ["no such folder", "does not exist"]),
    "a named pipe": (lambda folder: _pipe(folder / "pipe") or folder / "pipe", ["not a regular file"]),
    "an empty name": (lambda folder: "", ["empty"]),
    "bytes": (lambda folder: bytes(folder / "game.json"), ["path", "bytes"]),
    "None": (lambda folder: None, ["path", "None"]),
}


@pytest.mark.parametrize("kind", SAVE_PROBLEMS)
def test_save_game_explains_a_bad_path_and_leaves_nothing_behind(tmp_path, kind):
    count("bad save paths")
    folder = tmp_path / "saves"
    folder.mkdir()
    make, words = SAVE_PROBLEMS[kind]
    path = make(folder)
    before = files_in(folder)
    refused(save_game, new_game(CUTTHROAT, seed=2), path, names=words, part="path")
    assert files_in(folder) == before


@pytest.mark.parametrize("game", [None, "game", {"format": RECORD_FORMAT}], ids=repr)
def test_save_game_names_a_game_argument_of_the_wrong_kind(tmp_path, game):
    refused(save_game, game, tmp_path / "game.json", names=["game", "GameState"], part="game")
    assert files_in(tmp_path) == []


def test_a_record_is_not_changed_by_loading_it():
    _, game = issue_14_t8_game()
    record = game.record()
    kept = copy.deepcopy(record)
    game_from_record(record)
    assert record == kept


# -- issue 34, point 3: the record's format is declared once, and a wrong field is told by it -------------------

WRONG_FIELDS = [  # (field, value, what the message must say)
    ("seed", None, ["seed must be a whole number from 0 to 2**64 - 1", "not null"]),  # it was read as "shuffle"
    ("seed", "31", ["seed must be a whole number", 'not "31"']),
    ("hands", {}, ["hands must be a non-empty list of hand records", "not {}"]),
    ("switches", [], ["switches must be an object of switches", "not []"]),
]


@pytest.mark.parametrize("field, value, said", WRONG_FIELDS, ids=[f"{f}={v!r}" for f, v, _ in WRONG_FIELDS])
def test_a_field_of_the_wrong_kind_is_told_by_the_record_s_format(field, value, said):
    record = {**a_game_in_its_third_hand().record(), field: value}
    refused(game_from_record, record, names=said, part=field)
    refused(game_from_record, json.dumps(record), names=said, part=field)  # the same, read from its text
