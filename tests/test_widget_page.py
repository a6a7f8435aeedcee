"""The page a person clicks (widgets/page.py): one pointer and one stock of spare buttons per page, bound in a context,
kept by each widget when it is made; two pages in one process (a test, a server of several pages) share neither."""

import contextvars
import os
import threading
from pathlib import Path

import ipywidgets as w
import pytest
from jupyter_client.manager import start_new_kernel
from table_checks import board_click
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import parse_action
from euchre_lesson.engine.cards import deck
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.widgets import clicks, page
from euchre_lesson.widgets.cards import CardRow
from euchre_lesson.widgets.clicks import Drawing, TiedButton
from euchre_lesson.widgets.ipywidgets_door import click_from_the_page
from euchre_lesson.widgets.page import Page, bound, current
from euchre_lesson.widgets.table import Table

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def clock(monkeypatch):
    """A clock the test moves by hand."""
    now = [1000.0]
    monkeypatch.setattr(clicks.time, "monotonic", lambda: now[0])

    def tick(seconds: float) -> None:
        now[0] += seconds

    return tick


def counted(heard: list, name: str) -> TiedButton:
    return TiedButton(name, f"the {name} button", lambda: heard.append(name))


@pytest.mark.parametrize("same_page, taken", [(True, []), (False, ["second"])], ids=["one page", "two pages"])
def test_a_quick_click_on_another_page_is_no_second_click_of_a_double_click(clock, same_page, taken):
    """A click on one page, then 0.15 s later a click on a button drawn since: on the same page the pointer drops it
    (the second click of a double-click); on another page (another person) it is taken."""
    first_page, heard = Page(), []
    with bound(first_page):
        first = counted(heard, "first")
    click_from_the_page(first.button)
    clock(0.1)
    with bound(first_page if same_page else Page()):
        second = counted(heard, "second")  # drawn after the first click
    clock(0.05)
    click_from_the_page(second.button)
    assert heard == ["first", *taken]


def test_each_page_keeps_its_own_spares_and_its_widgets_share_them():
    mine, theirs = Page(), Page()
    with bound(mine):
        tied = counted([], "go")
        with mine.closed_after():
            tied.draw("a new moment")  # after the drawing, a spare opens for each button the page's widgets took
    opened = [button for _, button in mine.spares._spares]
    assert len(opened) == 2 and len(theirs.spares) == 0
    with bound(theirs):
        other = counted([], "go")
        row = CardRow()  # a row to look at: its buttons are spares, of the page it was made on
        row.show(deck()[:3])
    with bound(mine):
        row.show(deck()[:5])
    made_there = [other.button, *row.children]
    assert not any(one is spare for one in made_there for spare in opened) and len(mine.spares) == 2
    with bound(mine):
        again = counted([], "go")  # another widget of the same page takes a spare opened for the first
    assert again.button is opened[0] and len(mine.spares) == 1


def test_a_widget_keeps_its_page_when_clicked_in_another_context():
    """As ipykernel may run a click's message in a context other than the cell's: the click acts on the page the
    table was made on (its redraw closes what it retires there and opens that page's spares), and binds nothing."""
    tables_page = Page()
    with bound(tables_page):
        table = Table(seed=1)
    handlers_context = contextvars.Context()
    handlers_context.run(board_click(table, parse_action("pass")).click)
    assert [str(a) for a, seat in zip(table.hand.history, table.hand.actors) if seat == table.seat] == ["pass"]
    assert len(tables_page.spares) > 0, "the spares of the table's page were not opened after the click"
    assert handlers_context.run(page._BOUND.get) is None, "the click bound a page of its own"


def test_buttons_retired_during_a_drawing_close_after_it_and_the_spares_open_after_the_outermost():
    here = Page()
    retired = [w.Button(), w.Button()]
    with here.closed_after():
        here.spares.take(description="Pass")
        with here.closed_after():
            here.retire(retired)
            assert all(button.comm is not None for button in retired), "closed before the drawing was done"
        assert all(button.comm is None for button in retired)
        assert len(here.spares) == 0, "spares opened while a drawing is still under way"
    assert len(here.spares) == 1
    later = w.Button()
    here.retire([later])  # no drawing under way: closed now
    assert later.comm is None


def test_where_nothing_is_bound_the_first_widget_binds_a_page_the_next_one_shares():
    def made() -> tuple[Page, Page, Page]:
        return TiedButton("a", "a", print).drawing.page, Drawing().page, current()

    one, other = contextvars.Context().run(made), contextvars.Context().run(made)
    assert one[0] is one[1] is one[2] and other[0] is other[1] is other[2]
    assert one[0] is not other[0]


def test_a_thread_binds_a_page_of_its_own():
    with bound() as mine:
        seen = []
        thread = threading.Thread(target=lambda: seen.append(current()))
        thread.start()
        thread.join()
        assert current() is mine and seen[0] is not mine


def test_a_page_bound_for_a_block_is_unbound_after_it():
    before = current()
    with bound() as inside:
        assert current() is inside is not before
    assert current() is before


@pytest.mark.parametrize("call", [lambda: bound("my page").__enter__(), lambda: page.bind(3), lambda: Drawing(page=[])])
def test_anything_but_a_page_is_refused_naming_what_is_right(call):
    with pytest.raises(NotationError, match="a Page"):
        call()


CELLS = [
    "from euchre_lesson.widgets import page\nfrom euchre_lesson.widgets.clicks import TiedButton\n"
    "first = TiedButton('Go', 'go', print)",
    "second = TiedButton('Go', 'go', print)\nimport ipywidgets as w\nplain, seen = w.Button(), []\n"
    "plain.on_click(lambda _: seen.append(page.current() is first.drawing.page))\nprint(plain.model_id, end='')",
    "print(second.drawing.page is first.drawing.page, seen)",
]


def test_in_a_kernel_every_cell_and_every_click_message_shares_one_page():
    """The kernel's context carries on from cell to cell and into the handlers of click messages (ipykernel 7): so
    where a lesson binds nothing, one page serves every widget of the notebook. Upgrading ipykernel, look here."""
    manager, kernel = start_new_kernel(cwd=str(ROOT), env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        kernel.wait_for_ready(timeout=60)
        said = []
        for cell in CELLS:
            if cell is CELLS[2]:  # a person clicks the plain button: a comm message, handled outside any cell
                message = {"comm_id": said[-1], "data": {"method": "custom", "content": {"event": "click"}}}
                kernel.shell_channel.send(kernel.session.msg("comm_msg", message))  # handled before the next cell
            reply = kernel.execute_interactive(
                cell,
                timeout=60,
                output_hook=lambda m: said.append(m["content"].get("text", "")) if m["msg_type"] == "stream" else None,
            )
            assert reply["content"]["status"] == "ok", reply["content"]
        assert said[-1].strip() == "True [True]", said
    finally:
        kernel.stop_channels()
        manager.shutdown_kernel(now=True)
