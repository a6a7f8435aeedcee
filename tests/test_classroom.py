"""A class at its tables, without a web server: joining, seats, turns, the computer's pace, the files, the teacher.

Bad input (a wrong code, a bad name, a forged token, a malformed action) is refused in words and changes nothing:
each such test compares the whole class, and its files on disk, before and after.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import threading
from pathlib import Path

import pytest

from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.codes import JOIN_LETTERS, join_code
from euchre_lesson.classroom.names import LONGEST_NAME
from euchre_lesson.engine.errors import IllegalAction, NotationError


class Clock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def room(tmp_path, clock):
    room = Classroom(tmp_path / "class", level="random", pace=2.0, absent_after=30.0, clock=clock)
    yield room
    room.close()


def everything(room: Classroom) -> tuple:
    """The whole class, as comparable values, and every file it kept."""
    tables = tuple((table.snapshot()[1:], table.paused, table.seats_seen()) for table in room.tables)
    files = {path.name: path.read_text(encoding="utf-8") for path in sorted(room.keeper.folder.iterdir())}
    return room.record(), tables, files


def seated_room(room: Classroom, names=("Ana", "Ben")) -> tuple[object, list[str]]:
    """A cutthroat table with these students in its first seats, a computer in the rest."""
    desk = room.teacher(room.teacher_code)
    desk.new_table("cutthroat", seed=7)
    tokens = [room.join(name, room.join_code).token for name in names]
    for token in tokens:
        room.choose_table(token, 1)
    return desk, tokens


def to_act_token(room, tokens) -> str | None:
    table = room.tables[0]
    holder = table.seats[table.game.to_act]
    return None if holder is None else holder.token


def play_until_a_student_acts(room, clock, tokens):
    """Let the computer players move (the clock moved past the pace each time) until a student is to act."""
    while to_act_token(room, tokens) is None:
        clock.now += 5
        assert room.tables[0].step() is not None


# -- joining --------------------------------------------------------------------------------------------------


def test_a_join_code_is_two_groups_of_three_letters_nobody_mistakes():
    codes = {join_code() for _ in range(200)}
    assert all(len(code) == 7 and code[3] == "-" and set(code) - {"-"} <= set(JOIN_LETTERS) for code in codes)
    assert len(codes) == 200
    assert not set("BGILOQSZ018") & set(JOIN_LETTERS)


def test_a_student_joins_with_a_first_name_and_the_join_code_in_any_case(room):
    joined = room.join("  Ana   Maria ", " " + room.join_code.lower())
    assert joined.name == "Ana Maria" and joined.note == "" and len(joined.token) >= 20
    assert room.student(joined.token).name == "Ana Maria" and room.waiting == (room.student(joined.token),)
    assert joined.token not in repr(room.student(joined.token)) + repr(room.waiting), "a log never shows a token"


def test_two_students_may_share_a_first_name_and_are_told_to_add_an_initial(room):
    first = room.join("Ana", room.join_code)
    second = room.join("ana", room.join_code)
    assert first.token != second.token and len(room.students) == 2
    assert "Another student in the class is called ana too" in second.note and "initial" in second.note
    assert room.rename(second.token, "Ana B") == "" and room.student(second.token).name == "Ana B"


@pytest.mark.parametrize("code", ["XXXX", "", None, 42, "A" * 10_000, {"code": 1}])
def test_a_wrong_join_code_is_refused_in_words_and_changes_nothing(room, code):
    before = everything(room)
    with pytest.raises(NotationError, match="not this class's join code|must be the short code"):
        room.join("Ana", code if code != "XXXX" else ("XXXX" if room.join_code != "XXXX" else "YYYY"))
    assert everything(room) == before


@pytest.mark.parametrize(
    "name, said",
    [
        ("", "the name is empty"),
        ("   ", "the name is empty"),
        ("x" * 10_000, "10,000"),
        ("y" * (LONGEST_NAME + 1), "at most 40"),
        ("Ana\x00", "control character"),
        ("Ben\nBob", None),
        ("Eve\u200b", "control character"),
        (None, "first name"),
        (42, "first name"),
    ],
)
def test_a_bad_name_is_refused_in_words_and_changes_nothing(room, name, said):
    before = everything(room)
    if said is None:  # a newline inside is a space between words, as typed over two lines
        assert room.join(name, room.join_code).name == "Ben Bob"
        return
    with pytest.raises(NotationError, match=said):
        room.join(name, room.join_code)
    assert everything(room) == before


# -- seats and turns --------------------------------------------------------------------------------------------


def test_a_student_picks_a_table_and_a_full_table_is_refused(room):
    desk, tokens = seated_room(room, ("Ana", "Ben", "Cy"))
    assert [room.where(token) for token in tokens] == [(1, 0), (1, 1), (1, 2)]
    late = room.join("Dee", room.join_code).token
    with pytest.raises(ValueError, match="Table 1 is full"):
        room.choose_table(late, 1)
    with pytest.raises(ValueError, match="sit at table 1, seat 0 already"):
        room.choose_table(tokens[0], 1)
    assert room.seat_view(late)["waiting"] and room.seat_view(late)["tables"][0]["free_seats"] == 0


@pytest.mark.parametrize("token", ["forged-token-AAAAAAAAAA", "", None, 42, "t" * 10_000, ["x"]])
def test_a_forged_seat_token_is_refused_in_words_and_changes_nothing(room, clock, token):
    desk, tokens = seated_room(room)
    before = everything(room)
    for attempt in (
        lambda: room.act(token, "pass"),
        lambda: room.seat_view(token),
        lambda: room.where(token),
        lambda: room.tables[0].act(token, "pass"),
        lambda: room.tables[0].seat_view(token),
        lambda: room.choose_table(token, 1),
    ):
        with pytest.raises(NotationError, match="seat token is not one of this class's|holds no seat"):
            attempt()
    assert everything(room) == before


@pytest.mark.parametrize("action", [42, None, {"verb": "pass"}, "x" * 100_000, "play", "fly away", ["pass"], b"pass"])
def test_a_malformed_action_is_refused_in_words_and_changes_nothing(room, clock, action):
    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    before = everything(room)
    with pytest.raises(NotationError) as refused:
        room.act(to_act_token(room, tokens), action)
    said = str(refused.value)
    assert len(said) < 1000 and ("is not an action" in said or "needs a card" in said), said
    assert everything(room) == before


def test_a_student_acts_only_in_turn_and_is_told_whose_turn_it_is(room, clock):
    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    mover = to_act_token(room, tokens)
    other = next(token for token in tokens if token != mover)
    legal = room.seat_view(mover)["hand_in_play"]["legal"]
    before = everything(room)
    with pytest.raises(IllegalAction, match=r"^It is not your turn: (Ana|Ben) \(seat \d\) is to act, in "):
        room.act(other, legal[0])
    assert everything(room) == before
    room.act(mover, legal[0])
    assert everything(room) != before


def test_an_illegal_action_in_turn_is_refused_with_the_engine_s_words(room, clock):
    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    before = everything(room)
    with pytest.raises(IllegalAction, match=r"is not possible now: this is .*\(C\d+\)"):
        room.act(to_act_token(room, tokens), "keep 9♠ 10♠ J♠ Q♠ K♠")
    assert everything(room) == before


def test_the_computer_moves_one_at_a_time_at_the_table_s_pace(room, clock):
    room.teacher(room.teacher_code).new_table("partnership", seed=3)
    table = room.tables[0]
    assert table.due() == 2.0 and table.step() is None  # nobody sat: every seat is the computer's, after the pace
    clock.now += 1.9
    assert table.step() is None and table.due() == pytest.approx(0.1)
    clock.now += 0.1
    moves = len(table.game.hand.history)
    assert table.step() is not None and len(table.game.hand.history) == moves + 1
    assert table.step() is None  # the next waits for the pace again


def test_a_seat_left_empty_too_long_is_played_by_the_computer_until_the_student_returns(room, clock):
    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    mover = to_act_token(room, tokens)
    table = room.tables[0]
    room.away(mover)
    clock.now += 29
    assert table.step() is None and table.due() == pytest.approx(1.0)
    assert room.seat_view(tokens[0])["players"][table.seat_of(mover)]["away"]
    clock.now += 1
    assert table.step() is not None  # the computer played the absent student's seat
    room.back(mover)
    assert not table.computer_plays(table.seat_of(mover))


def test_a_paused_table_refuses_actions_and_its_computers_wait(room, clock):
    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    desk.pause(1)
    before = everything(room)
    with pytest.raises(ValueError, match="paused table 1"):
        room.act(to_act_token(room, tokens), room.seat_view(to_act_token(room, tokens))["hand_in_play"]["legal"][0])
    clock.now += 100
    assert room.tables[0].step() is None and everything(room) == before
    desk.pause(1, False)
    assert room.seat_view(tokens[0])["paused"] is False


def test_the_teacher_shows_every_hand_at_one_table_and_hides_them_again(room, clock):
    desk, tokens = seated_room(room)
    desk.new_table("cutthroat", seed=8)
    other = room.join("Cy", room.join_code).token
    room.choose_table(other, 2)
    assert room.seat_view(tokens[0])["open_hands"] is None
    desk.open_hands(1)
    game = room.tables[0].game
    for token in tokens:
        assert room.seat_view(token)["open_hands"] == [
            {"seat": seat, "cards": [str(card) for card in game.view(seat).hand]} for seat in range(3)
        ]
    assert room.seat_view(other)["open_hands"] is None, "only the table shown"
    assert [table["hands_open"] for table in desk.overview()["tables"]] == [True, False]
    with pytest.raises(ValueError, match="shown"):
        desk.open_hands(1, "yes")
    desk.open_hands(1, False)
    assert room.seat_view(tokens[0])["open_hands"] is None


def test_listeners_hear_each_change_outside_the_lock(room, clock):
    desk, tokens = seated_room(room)
    table = room.tables[0]
    heard = []

    def listener(told):  # another thread must be able to take the lock while we are told
        got = []
        thread = threading.Thread(target=lambda: got.append(told.game))
        thread.start()
        thread.join(2)
        heard.append(bool(got))

    table.observe(listener)
    play_until_a_student_acts(room, clock, tokens)
    assert heard and all(heard)


# -- the files ---------------------------------------------------------------------------------------------------


def test_every_table_seat_and_score_comes_back_after_a_restart(room, clock, tmp_path):
    desk, tokens = seated_room(room)
    desk.new_table("twohand", seed=2)
    for _ in range(60):
        clock.now += 5
        if room.tables[0].step() is None:
            mover = to_act_token(room, tokens)
            room.act(mover, room.seat_view(mover)["hand_in_play"]["legal"][-1])
    game = room.tables[0].game
    assert len(game.hands) > 1 or game.hand.history
    back = Classroom.restore(room.keeper.folder, clock=clock)
    assert back.join_code == room.join_code and back.teacher_code == room.teacher_code
    assert [table.game for table in back.tables] == [table.game for table in room.tables]
    assert [table.seats for table in back.tables] == [table.seats for table in room.tables]
    assert back.where(tokens[1]) == (1, 1) and back.seat_view(tokens[0])["scores"] == list(game.scores)
    mode = stat.S_IMODE(os.stat(room.keeper.folder / "table-1.json").st_mode)
    assert mode & 0o077 == 0, "the files hold the seat tokens: for their owner only"
    assert all(table.seats_seen()[0]["away"] for table in back.tables[:1])  # away until their browser is back


def test_a_damaged_class_file_is_refused_in_words(room):
    (room.keeper.folder / "classroom.json").write_text('{"format": "euchre_lesson classroom"}', encoding="utf-8")
    with pytest.raises(NotationError, match="damaged"):
        Classroom.restore(room.keeper.folder)
    (room.keeper.folder / "classroom.json").write_text("[1, 2", encoding="utf-8")
    with pytest.raises(NotationError, match="classroom.json"):
        Classroom.restore(room.keeper.folder)


KEPT_TODAY = Path(__file__).parent / "formats_today"  # a class's files written by the release before issue 34
DAMAGED = [  # (file, change, the part named, words the message holds)
    ("classroom.json", lambda r: r.pop("day"), "day", ["classroom.json", "damaged", "no 'day'"]),
    ("classroom.json", lambda r: r["students"][1].pop("token"), "students[1].token", ["students[1]", "'token'"]),
    ("classroom.json", lambda r: r["students"].append(3), "students[2]", ["a name and a token", "not 3"]),
    ("classroom.json", lambda r: r.update(tables=[0]), "tables[0]", ["from 1 to 999", "not 0"]),
    (
        "classroom.json",
        lambda r: r.update(day={"game": "euchre", "seed": 1, "tables": [2]}),
        "day.game",
        ['"cutthroat"', '"euchre"'],
    ),
    ("classroom.json", lambda r: r.update(pace="fast"), "pace", ["a number of seconds", '"fast"']),
    ("classroom.json", lambda r: r.update(format="x"), "format", ["not a class file"]),
    ("table-1.json", lambda r: r.update(paused="yes"), "paused", ["table-1.json", "true or false", '"yes"']),
    ("table-1.json", lambda r: r["seats"].__setitem__(1, {"name": "A"}), "seats[1].token", ["seats[1]", "'token'"]),
    ("table-1.json", lambda r: r["seats"].__setitem__(1, "A"), "seats[1]", ["a student", "or null", '"A"']),
    ("table-1.json", lambda r: r["seats"].pop(), "seats", ["3 seats"]),
    ("table-1.json", lambda r: r["game"].pop("seed"), "game", ["table-1.json", "no 'seed'"]),
]


@pytest.mark.parametrize("name, change, part, said", DAMAGED, ids=[d[2] for d in DAMAGED])
def test_a_damaged_class_or_table_file_is_refused_naming_the_field(tmp_path, name, change, part, said):
    """A field missing or of the wrong kind was a KeyError or a TypeError's repr, or a table restored with it."""
    for kept in ("classroom.json", "table-1.json", "table-2.json"):
        shutil.copy(KEPT_TODAY / kept, tmp_path / kept)
    record = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    change(record)
    (tmp_path / name).write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(NotationError) as info:
        Classroom.restore(tmp_path, clock=lambda: 0.0)
    assert info.value.part == part and all(words in str(info.value) for words in said), str(info.value)


def test_an_older_snapshot_never_overwrites_a_newer_one(room):
    keeper = room.keeper
    assert keeper.keep("x.json", 5, {"v": 5}) and not keeper.keep("x.json", 4, {"v": 4})
    assert json.loads((keeper.folder / "x.json").read_text()) == {"v": 5}


# -- the teacher ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["not it", "", None, 42, "c" * 10_000])
def test_a_wrong_teacher_code_is_refused_in_words(room, code):
    before = everything(room)
    with pytest.raises(NotationError, match="teacher code"):
        room.teacher(code)
    assert everything(room) == before


def test_the_teacher_places_moves_and_removes_students_and_fills_seats(room, clock):
    desk, tokens = seated_room(room)
    desk.new_table("cutthroat", seed=8)
    desk.place(tokens[0], 2, 1)
    assert room.where(tokens[0]) == (2, 1) and room.tables[0].seats[0] is None
    with pytest.raises(ValueError, match="is Ana's"):
        desk.place(tokens[1], 2, 1)
    assert room.where(tokens[1]) == (1, 1)  # refused before Ben left his seat
    desk.computer(1, 1)
    assert room.where(tokens[1]) is None and [s.name for s in room.waiting] == ["Ben"]
    desk.remove(tokens[0])
    assert [s.name for s in room.waiting] == ["Ana", "Ben"]
    glance = desk.overview()
    assert glance["waiting"] == ["Ana", "Ben"] and [t["table"] for t in glance["tables"]] == [1, 2]


def test_the_teacher_sees_whose_turn_and_how_long_they_have_waited(room, clock):
    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    clock.now += 42
    table = desk.overview()["tables"][0]
    assert table["to_act_name"] in ("Ana", "Ben") and table["waited"] == 42.0
    assert [seat["name"] for seat in table["seats"]] == ["Ana", "Ben", None] and table["scores"] == [0, 0, 0]


def test_deal_again_starts_the_hand_from_its_deal(room, clock):
    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    hand = room.tables[0].game.hand
    desk.deal_again(1)
    again = room.tables[0].game.hand
    assert again.deal == hand.deal and again.history == () and hand.history != ()


def test_the_deal_of_the_day_compares_what_each_table_bid_and_scored(room, clock):
    desk = room.teacher(room.teacher_code)
    desk.new_table("cutthroat")
    desk.new_table("cutthroat")
    day = desk.deal_of_the_day("cutthroat", seed=11)
    assert day.tables == (1, 2) and [t.game.hand.deal for t in room.tables][0] == room.tables[1].game.hand.deal
    while sum(hand.is_over for hand in room.tables[1].game.hands) < 3:
        clock.now += 5
        room.step()
    rows = desk.comparison()
    assert [row["deal"] for row in rows][:3] == [1, 2, 3]
    for row in rows:
        for number, result in row["tables"].items():
            hand = room.tables[number - 1].game.hands[row["deal"] - 1]
            assert result["points"] == list(hand.points) and result["maker"] == hand.maker
            assert sum(row["versus_average"][number]) == pytest.approx(sum(hand.points) - sum(row["average"]))
    assert Classroom.restore(room.keeper.folder, clock=clock).day == day


def test_threads_acting_at_once_lose_nothing(room, clock):
    desk, tokens = seated_room(room, ("Ana", "Ben", "Cy"))
    errors, done = [], threading.Event()

    def student(token):
        while not done.is_set():
            try:
                view = room.seat_view(token)["hand_in_play"]
                if view["your_turn"]:
                    room.act(token, view["legal"][0])
            except IllegalAction as error:  # another thread moved first: the engine refused, fine
                if "not your turn" not in str(error):
                    errors.append(error)
            except Exception as error:
                errors.append(error)
            if sum(h.is_over for h in room.tables[0].game.hands) >= 2:
                done.set()

    threads = [threading.Thread(target=student, args=(token,)) for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert not errors and done.is_set()
    back = Classroom.restore(room.keeper.folder, clock=clock)
    assert back.tables[0].game == room.tables[0].game


class SlowPlayer:
    """A computer player that thinks until the test lets it choose."""

    def __init__(self):
        self.thinking, self.go = threading.Event(), threading.Event()

    def decide(self, view, rng=None):
        from euchre_lesson.play.choice import Choice

        self.thinking.set()
        self.go.wait(5)
        return Choice(view.legal[0], "I took my time.")


def test_the_table_is_read_while_a_computer_thinks_and_a_change_meanwhile_cancels_its_move(room, clock):
    desk, tokens = seated_room(room, ("Ana",))
    table = room.tables[0]
    for cancel in (False, True):
        while not table.computer_plays(table.game.to_act):
            room.act(tokens[0], room.seat_view(tokens[0])["hand_in_play"]["legal"][0])
        clock.now += 5
        slow = table.model.players[table.game.to_act] = SlowPlayer()  # the test's own player, at the seat to act
        moved = []
        thinker = threading.Thread(target=lambda: moved.append(table.step()))  # noqa: B023 (called within this iteration)
        thinker.start()
        assert slow.thinking.wait(5)
        read = []
        reader = threading.Thread(target=lambda: read.append(room.seat_view(tokens[0])))  # noqa: B023 (called within this iteration)
        reader.start()
        reader.join(2)  # the page reads the table at once, while the computer thinks
        assert read and read[0]["name"] == "Ana" and table.step() is None  # and only one step thinks at a time
        if cancel:
            desk.deal_again(1)
        before = table.game
        slow.go.set()
        thinker.join(5)
        assert (moved[0] is None) == cancel and (table.game is before) == cancel


def test_the_roster_says_where_each_student_sits(room):
    desk, tokens = seated_room(room)
    late = room.join("Cy", room.join_code).token
    assert [(s["name"], s["place"]) for s in desk.roster()] == [("Ana", (1, 0)), ("Ben", (1, 1)), ("Cy", None)]
    assert desk.roster()[2]["token"] == late


def test_a_new_class_never_writes_over_a_class_kept_in_its_folder(room, clock):
    before = everything(room)
    with pytest.raises(ValueError, match="A class is kept in .* already: restore it"):
        Classroom(room.keeper.folder, clock=clock)
    assert everything(room) == before


def test_the_class_is_kept_outside_the_checkout_by_default():
    from pathlib import Path

    from euchre_lesson.classroom.keeping import default_folder

    checkout = Path(__file__).resolve().parent.parent
    assert default_folder().is_absolute() and checkout not in default_folder().resolve().parents


# -- hints, grades and undo, each for its own seat ----------------------------------------------------------------


def play_moves(room, clock, tokens, until) -> None:
    """Students play their first legal choice and computers step, until `until(table)` holds."""
    table = room.tables[0]
    for _ in range(500):
        if until(table):
            return
        token = to_act_token(room, tokens)
        if token is None:
            clock.now += 5
            assert table.step() is not None
        else:
            room.act(token, room.seat_view(token)["hand_in_play"]["legal"][0])
    raise AssertionError("the table never got there")


def test_a_hint_is_for_the_seat_to_act_alone_and_is_the_advice_of_play_advice(room, clock, monkeypatch):
    from euchre_lesson.play import (
        advice,
        table_model,  # the one table model: the learner's table hints the same
    )

    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    mover = to_act_token(room, tokens)
    other = next(token for token in tokens if token != mover)
    before = everything(room)
    with pytest.raises(ValueError, match="^A hint is for your own turn: ask for one when it is your turn to act.$"):
        room.hint(other)
    for forged in ("forged-token-AAAAAAAAAA", None):
        with pytest.raises(NotationError, match="seat token"):
            room.hint(forged)
    assert everything(room) == before
    asked = []
    monkeypatch.setattr(
        table_model,
        "advise",
        lambda *args, **kwargs: asked.append(kwargs) or advice.advise(*args, **{**kwargs, "seconds": None}),
    )  # the project's one voice, untimed
    words = room.hint(mover)
    table = room.tables[0]
    seat = table.seat_of(mover)
    best = advice.advise(
        table.game.view(seat), worlds=table_model.ADVICE_WORLDS, seed=table_model.advice_seed(table.game.hand)
    )[0]
    assert words.startswith("Hint: ") and best.reason in words and asked[0]["worlds"] == table_model.ADVICE_WORLDS
    assert room.seat_view(mover)["hint"] == words and room.seat_view(other)["hint"] is None
    assert room.hint(mover) == words and len(asked) == 1, "asked again at the same moment: the same words, kept"
    assert everything(room) == before, "a hint changes nothing at the table"
    room.act(mover, str(best.action))
    assert room.seat_view(mover)["hint"] is None, "the hint was for a moment that has passed"


def test_grades_come_once_a_hand_is_over_and_only_to_their_own_seat(room, clock, monkeypatch):
    from euchre_lesson.play import table_model

    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    before = everything(room)
    with pytest.raises(ValueError, match="^Grades come once a hand is over: finish this hand first.$"):
        room.grade(tokens[0])
    assert everything(room) == before
    play_moves(room, clock, tokens, lambda table: finished_hands(table) == 1)
    table = room.tables[0]
    hand = table.game.hands[0]
    mine = [action for action, actor in zip(hand.history, hand.actors) if actor == table.seat_of(tokens[0])]
    lines = room.grade(tokens[0])
    assert len(lines) == max(1, len(mine)) and all(line.endswith(".") for line in lines)
    assert all(": " in line for line in lines) or lines == ("You made no decision this hand.",)
    assert room.seat_view(tokens[0])["last_hand"]["grades"] == list(lines)
    assert room.seat_view(tokens[1])["last_hand"]["grades"] is None, "Ana's grades are Ana's alone"
    monkeypatch.setattr(table_model, "grade_all", None)  # graded again, it would fail
    assert room.grade(tokens[0]) == lines, "worked out once per hand and seat"


def finished_hands(table) -> int:
    return sum(hand.is_over for hand in table.game.hands)


def test_undo_by_agreement_needs_every_student_at_the_table_for_the_same_moment(room, clock):
    desk, tokens = seated_room(room)
    table = room.tables[0]
    with pytest.raises(ValueError, match="^Nothing to undo at table 1: no student has acted here since"):
        room.ask_undo(tokens[0], 1)
    play_until_a_student_acts(room, clock, tokens)
    mover = to_act_token(room, tokens)
    game_before_move = table.game
    room.act(mover, room.seat_view(mover)["hand_in_play"]["legal"][0])
    play_moves(room, clock, tokens, lambda table: to_act_token(room, tokens) is not None)  # the computer replied
    undo = room.seat_view(tokens[0])["undo"]
    assert undo["moment"] is not None and undo["asked"] == [] and undo["waiting_for"] == ["Ana", "Ben"]
    before = everything(room)
    for stale in (undo["moment"] - 1, "1", None):
        with pytest.raises(ValueError, match="^The table has moved on since your page offered Undo"):
            room.ask_undo(tokens[0], stale)
    assert everything(room) == before
    assert room.ask_undo(tokens[0], undo["moment"]) is False and everything(room) == before
    seen = room.seat_view(tokens[1])["undo"]
    assert seen["asked"] == ["Ana"] and seen["waiting_for"] == ["Ben"] and not seen["you_asked"]
    assert room.seat_view(tokens[0])["undo"]["you_asked"]
    assert room.ask_undo(tokens[1], undo["moment"]) is True
    assert table.game == game_before_move, "back to before the last student's move, the computer's replies gone"
    assert room.seat_view(tokens[0])["undo"]["asked"] == []


def test_a_move_meanwhile_cancels_the_undo_asked(room, clock):
    desk, tokens = seated_room(room)
    play_until_a_student_acts(room, clock, tokens)
    first = to_act_token(room, tokens)
    room.act(first, room.seat_view(first)["hand_in_play"]["legal"][0])
    moment = room.seat_view(tokens[0])["undo"]["moment"]
    room.ask_undo(tokens[0], moment)
    play_moves(room, clock, tokens, lambda table: to_act_token(room, tokens) is not None)
    mover = to_act_token(room, tokens)
    room.act(mover, room.seat_view(mover)["hand_in_play"]["legal"][0])
    with pytest.raises(ValueError, match="moved on"):
        room.ask_undo(tokens[1], moment)
    assert room.seat_view(tokens[1])["undo"]["asked"] == []


def test_the_teacher_undoes_at_once_and_the_table_s_file_follows(room, clock):
    desk, tokens = seated_room(room)
    with pytest.raises(ValueError, match="^Nothing to undo at table 1"):
        desk.undo(1)
    play_until_a_student_acts(room, clock, tokens)
    before_move = room.tables[0].game
    mover = to_act_token(room, tokens)
    room.act(mover, room.seat_view(mover)["hand_in_play"]["legal"][0])
    desk.undo(1)
    assert room.tables[0].game == before_move
    kept = json.loads((room.keeper.folder / "table-1.json").read_text())
    assert kept["game"] == before_move.record(), "the table's file holds the game as it went back"
    with pytest.raises(ValueError, match="^Nothing to undo at table 1"):
        desk.undo(1)


def test_an_expert_thinks_in_a_process_of_its_own_and_chooses_as_it_would_here(monkeypatch, tmp_path, clock):
    """The pages' threads share one interpreter lock: an expert's quarter second of Python is thought elsewhere."""
    import os
    import random

    from euchre_lesson.classroom.thinking import Thinker
    from euchre_lesson.engine.game import new_game
    from euchre_lesson.play.players import ExpertPlayer
    from euchre_lesson.teach.house_rules import HouseRules

    with Thinker() as thinker:
        assert thinker.think(os.getpid) != os.getpid()
        game = new_game(HouseRules().rules("partnership"), seed=4)
        player = ExpertPlayer(9, worlds=6, seconds=None)
        for number in range(6):  # the player holds no state: only its choice comes back
            seat, view = game.to_act, game.view(game.to_act)
            chosen = player.decide(view, random.Random(number))
            assert thinker.think(player.decide, view, random.Random(number)) == chosen
            game = game.apply(chosen.action, seat=seat)
    assert thinker.think(os.getpid) == os.getpid(), "closed, it thinks here"
    room = Classroom(tmp_path / "experts", level="expert", pace=0.0, clock=clock)
    thought = []
    monkeypatch.setattr(room.thinker, "think", lambda work, *args: thought.append(work) or work(*args))
    table = room.new_table("partnership", seed=2)
    assert table.step() is not None and [work.__name__ for work in thought] == ["decide"]
    room.close()


def niceness() -> int:
    """This process's claim on the processor, as `nice` says it (0 as started; higher yields more)."""
    import os

    return os.nice(0)


def test_a_thinking_worker_yields_the_processor_to_the_pages():
    """A busy class keeps every core thinking: the pages' redraws come first (48 tables: p95 of a click's redraw
    0.6 to 0.9 s with the workers at the server's priority)."""
    from euchre_lesson.classroom.thinking import Thinker

    with Thinker(workers=1) as thinker:
        assert thinker.think(niceness) == min(19, niceness() + 19)


def test_a_thinking_worker_ends_when_the_server_that_started_it_is_stopped():
    """A server stopped by a signal says nothing to its workers: each watches for it and ends by itself."""
    import signal
    import subprocess
    import sys
    import time

    code = (
        "from euchre_lesson.classroom import thinking; import os, time; print(thinking.Thinker().think(os.getpid), "
        "flush=True); time.sleep(60)"
    )
    server = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        worker = int(server.stdout.readline())
        assert worker != server.pid and os.path.exists(f"/proc/{worker}")
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(10)
        server.stdout.close()
    deadline = time.monotonic() + 10
    while os.path.exists(f"/proc/{worker}") and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not os.path.exists(f"/proc/{worker}"), "the worker outlived its server"
