"""Every message the class's server sends one student's page names only cards that seat has seen, in every game.

A scripted student (class_clients.Student) joins a table over the page's websocket, as a browser does, and plays
whole hands against computer players; every message the server sent it is kept. The cards they name are then
checked against what the engine says that seat saw, hand by hand, in the game the server kept on disk. The
positive control: the teacher opens every hand for a demonstration, and the same check must then find the others'
cards.
"""

from __future__ import annotations

import json
import time

import pytest
from class_clients import Student
from test_classroom_in_browser import JOIN, TEACHER, ClassServer
from test_classroom_seat_view import cards_named

from euchre_lesson.classroom.keeping import table_file, table_from
from euchre_lesson.look.faces import faces_for
from euchre_lesson.teach.house_rules import HouseRules

GAMES = {rules.game: rules for rules in HouseRules().games}
HANDS = 2  # whole hands played by the student, each game
pytestmark = pytest.mark.slow


def game_over(student: Student) -> bool:
    """Whether the table view says the game is over."""
    return "Game over:" in (student.picture().get("prompt") or "")


def play_hands(student: Student, hands: int) -> None:
    """Play until `hands` hands are over (or the game): bids that are not a pass, the first legal card."""

    def done() -> bool:
        return student.hand_number() > hands or game_over(student)

    while not done():
        if student.my_turn() and not student.keep_the_first():
            before = len(student.changes)
            if student.move() is not None:
                student.wait_for(lambda: len(student.changes) > before or not student.my_turn(), 30)  # noqa: B023 (called within this iteration)
        student.wait_for(lambda: student.my_turn() or done(), 60)


def kept_game(folder):
    """The game the server kept on disk for table 1."""
    record = json.loads((folder / table_file(1)).read_text(encoding="utf-8"))
    return table_from(record, "the kept table")["game"]


def without_the_deck(text: str, rules) -> str:
    """A message with the table view's faces taken out, once checked to be the drawing of the whole deck: the same
    for every seat, sent once, it names every card and tells nothing of a hand."""
    content = json.loads(text)
    state = (content.get("data") or {}).get("state") or {}
    if "faces" in state:
        assert state.pop("faces") in ({}, faces_for(rules)), "the table view's faces are the whole deck's, no more"
    return json.dumps(content, ensure_ascii=False)


def named_unseen(texts: list[str], game, seat: int) -> set[str]:
    """The cards named in these messages to the student's page that the seat never saw, hand by hand, in `game`."""
    seen = set().union(*(map(str, hand.view(seat).seen) for hand in game.hands))
    return set().union(*(cards_named(without_the_deck(text, game.rules), game.rules) for text in texts)) - seen


def checked_once_kept(folder, texts: list[str], seat: int, seconds: float = 30.0):
    """The kept game once it holds HANDS finished hands (or is over), and the cards named in `texts` the seat never
    saw in it. The messages are read first and the game after, again until none is left or `seconds` pass: a
    page is sent the table as it is (a computer's move may be on it a moment before its save is done), and play
    goes on at the table meanwhile."""
    deadline = time.monotonic() + seconds
    while True:
        kept = kept_game(folder)
        over = kept.is_over or sum(hand.is_over for hand in kept.hands) >= HANDS
        unseen = named_unseen(texts, kept, seat)
        if (over and not unseen) or time.monotonic() > deadline:
            return kept, over, unseen
        time.sleep(0.1)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_message_to_a_student_s_page_names_a_card_that_seat_has_not_seen(game, tmp_path):
    server = ClassServer(
        tmp_path / "class", "--game", game, "--pace", "0", "--level", "rule of thumb", "--seed", "5"
    ).start()
    try:
        student = Student(server.url)
        student.join("Ann", JOIN, 1)
        seat = student.seat()
        play_hands(student, HANDS)
        texts = student.messages()
        assert len(texts) > 100
        kept, over, unseen = checked_once_kept(server.folder, texts, seat)
        assert over, f"30 s on, the kept game has not {HANDS} hands over: {kept}"
        assert not unseen, f"the server sent seat {seat} the cards {sorted(unseen)}, which it has not seen"
        student.close()
    finally:
        server.stop()


def test_the_check_finds_the_cards_of_a_demonstration_s_open_hands(tmp_path):
    """The teacher's demonstration sends every hand to every seat: the same check then names those cards."""
    server = ClassServer(tmp_path / "class", "--game", "cutthroat", "--pace", "600", "--seed", "5").start()
    try:
        student = Student(server.url)
        student.join("Ann", JOIN, 1)
        seat = student.seat()
        teacher = Student(server.url, path="teacher")
        teacher.type_into("Teacher code", TEACHER)
        teacher.click(teacher.wait_for(lambda: teacher.button("^Open$")))
        teacher.click(teacher.wait_for(lambda: teacher.button("^Show every hand$")))
        student.wait_for(lambda: "showing every hand" in student.picture()["prompt"])
        assert named_unseen(student.messages(), kept_game(server.folder), seat)
        others = [seat for seat in student.picture()["seats"] if seat["place"] != "bottom"]
        assert all(len(seat["cards"]) == 5 and seat["backs"] == 0 for seat in others), "every hand face up"
        teacher.click(teacher.wait_for(lambda: teacher.button("^Hide the hands$")))
        student.wait_for(lambda: "showing every hand" not in student.picture()["prompt"])
        student.close()
        teacher.close()
    finally:
        server.stop()
