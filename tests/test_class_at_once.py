"""A student's page draws a move at its table at once, on its table view and the hand's story alone, without
redrawing the page (issue 35, point 8: reacton's walk of the whole page was most of the server's work a move at
48 tables); a change of anything else the page shows (the last hand's review, the table) redraws it. Without a
browser: the class and the page's components (solara.render)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from test_classroom import Clock, clock, room  # noqa: F401 (fixtures)
from test_classroom_desk import students
from test_coach import coach_held  # noqa: F401 (fixture)

from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.web import pages


class DrawnPage:
    """A student's seat drawn as the student's page draws it (SeatAtTable), counting the page's own redraws."""

    def __init__(self, room: Classroom, token: str) -> None:
        import solara

        from euchre_lesson.classroom.web.served import ServedClass

        self.at_once = SimpleNamespace(current=None)  # the page's ref, which TablePlay sets
        self.redraws = 0
        self.rc = None
        self.redraw = lambda: None
        drawn = self

        @solara.component
        def Page() -> None:
            drawn.redraws += 1
            count, set_count = solara.use_state(0)
            drawn.redraw = lambda: set_count(lambda count: count + 1)  # as the page's listener redraws it
            pages.SeatAtTable(token, pages.Held(room.seat_view(token)), lambda: None, drawn.at_once)

        _, self.rc = solara.render(pages.WithClass(ServedClass.of(room), [Page()]), handle_error=False)

    def board(self):
        """The page's table view (the widget)."""
        from euchre_lesson.widgets.table_view import TableView

        return self.rc.find(TableView).widget

    def picture(self) -> dict:
        return self.board().picture

    def story(self) -> str:
        return self.html("class-hand-story")

    def html(self, kind: str = "") -> str:
        """The words of the page's blocks of HTML (those of this class only, if `kind`)."""
        import solara.widgets

        return " ".join(
            found.widget.unsafe_innerHTML or ""
            for found in self.rc.find(solara.widgets.HTML)
            if kind in found.widget.attributes.get("class", "")
        )


def moves_to_next_hand(room: Classroom, clock: Clock, number: int) -> None:
    """The table's moves until its next hand is dealt (a student's first legal action, or the computer's)."""
    table = room.table(number)
    hands = len(table.game.hands)
    while len(table.game.hands) == hands:
        seat = table.game.to_act
        holder = table.seats[seat]
        if holder is None or table.computer_plays(seat):
            clock.now += 5
            assert table.step() is not None
        else:
            table.act(holder.token, table.game.view(seat).legal[0])


def one_move(room: Classroom, clock: Clock, number: int) -> None:
    """One move at the table: its student's first legal action, or its computer's."""
    table = room.table(number)
    before = table.version
    seat = table.game.to_act
    holder = table.seats[seat]
    if holder is None or table.computer_plays(seat):
        clock.now += 5
        assert table.step() is not None
    else:
        table.act(holder.token, table.game.view(seat).legal[0])
    assert table.version > before


def test_a_move_is_drawn_at_once_on_the_table_view_and_the_story_without_redrawing_the_page(room, clock):
    room.teacher(room.teacher_code).new_table("cutthroat", seed=1)
    (ana,) = students(room, "Ana")
    page = DrawnPage(room, ana)
    table = room.table(1)
    assert page.picture()["moment"] == table.version and page.redraws == 1
    for _ in range(3):
        one_move(room, clock, 1)
        assert page.at_once.current(), "only the table changed: drawn at once"
        assert page.picture()["moment"] == table.version, "the picture drawn is the table's now"
        story = room.seat_view(ana)["hand_in_play"]["story"]
        assert story and all(pages.escaped(line) in page.story() for line in story), "the story drawn is the hand's"
    assert page.redraws == 1, "the page itself was never redrawn"
    assert page.picture() == dict(room.picture(ana, tools=pages.tools_for(room.seat_view(ana)))), "the page's own"


def test_a_hand_s_end_and_its_coach_are_drawn_at_once_and_only_try_again_redraws_the_page(room, clock, coach_held):
    """The review of the hand just over, then the coach's, are drawn on the page's block of HTML at once (they were
    two redraws of every page a hand); only the coach's Try again from here, buttons that call back, redraws it."""
    import ipyvuetify as v

    from euchre_lesson.classroom.table import COACH_LOOKING
    from euchre_lesson.classroom.web.hand_review import try_again_of

    room.teacher(room.teacher_code).new_table("cutthroat", seed=1)
    (ana,) = students(room, "Ana")
    page = DrawnPage(room, ana)
    board = page.board()
    moves_to_next_hand(room, clock, 1)
    assert page.at_once.current(), "the last hand's review is drawn at once"
    assert "Hand 1:" in page.html("class-hand-review") and COACH_LOOKING in page.html("class-hand-review")
    assert page.redraws == 1 and page.board() is board
    coach_held.pop()()  # the coach has looked at the hand
    again = try_again_of(room.seat_view(ana))
    assert again is not None and again["choices"], "the first legal card each time: a costly decision to try again"
    assert page.at_once.current() is False, "Try again from here appears: the page is redrawn"
    page.redraw()
    review = page.html("class-hand-review")
    assert "Hand 1:" in review and "class-coach" in review and COACH_LOOKING not in review, "the coach's review"
    for choice in again["choices"]:
        page.rc.find(v.Btn, children=[choice["words"]]).assert_single()  # each choice a button
    assert page.board() is board, "the same table view, its picture kept (a new one is drawn empty at first)"
    assert page.picture()["moment"] == room.table(1).version
    one_move(room, clock, 1)
    assert page.at_once.current(), "Try again shown: the next move is drawn at once again"
    assert "class-coach" in page.html("class-hand-review"), "the coach's review stays while the next hand plays"


@pytest.mark.parametrize("gone", ["the student", "her table", "her seat"])
def test_a_page_without_its_seat_any_more_is_redrawn(room, clock, gone):
    desk = room.teacher(room.teacher_code)
    desk.new_table("cutthroat", seed=1)
    (ana,) = students(room, "Ana")
    page = DrawnPage(room, ana)
    assert page.at_once.current(), "nothing changed: drawn at once (nothing sent)"
    if gone == "the student":
        desk.remove(ana)
    elif gone == "her table":
        desk.remove_table(1)  # the table removed keeps its seats: the page must not go on drawing it
    else:
        desk.computer(1, room.where(ana)[1])
    assert page.at_once.current() is False, "the page shows something else now: a redraw"


@pytest.mark.parametrize("drew", [True, False])
def test_a_page_s_listener_redraws_only_what_was_not_drawn_at_once(room, drew):
    class Open:
        def soon(self, work, after: float = 0.0) -> None:
            work()

    offered, redrawn = [], []

    def at_once() -> bool:
        offered.append(1)
        return drew

    heard = pages.page_listener(
        Open(), SimpleNamespace(current=lambda table: True), lambda: redrawn.append(1), SimpleNamespace(current=at_once)
    )
    room.observe(heard)
    room.teacher(room.teacher_code).new_table("cutthroat", seed=1)
    assert offered == [1] and redrawn == ([] if drew else [1])
