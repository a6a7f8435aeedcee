"""Two threads, one table (issue 24, point 9): every session action and every redraw holds the session's lock."""

import random
import threading

from table_checks import board_clicks
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import PARTNERSHIP, RAILROAD, new_game
from euchre_lesson.engine.game import game_from_record
from euchre_lesson.play.session import TableSession
from euchre_lesson.widgets.table import Table

CLICKS = 500  # per thread: a few seconds, and enough to have raised in redraw() every run before the lock


def clickable(table: Table) -> list:
    """What a learner could click now (hint and grades left out: each asks the computer for seconds): the board's
    cards and buttons, as the page sends them, and Undo and Next hand."""
    with table.session.lock:  # the picture read whole, as the page draws it
        return [*board_clicks(table.board), table.undo_button, table.next_button]


def clicker(table: Table, seed: int, errors: list) -> None:
    rng = random.Random(seed)
    try:
        for n in range(CLICKS):
            if n % 7 == 0:
                table.redraw()
            elif n % 97 == 0 and table.session.finished:
                table.new_button.click()
            else:
                rng.choice(clickable(table)).click()
    except Exception as error:  # noqa: BLE001 - any error at all fails the test, with its kind
        errors.append(error)


def test_two_threads_clicking_one_table_raise_nothing_and_the_game_replays():
    table = Table(RAILROAD, seed=11, level="random")
    errors: list[Exception] = []
    threads = [threading.Thread(target=clicker, args=(table, seed, errors)) for seed in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, f"{len(errors)} errors, the first {errors[0]!r}"
    game = table.game
    assert game_from_record(game.record()) == game
    assert sum(len(hand.history) for hand in game.hands) > 0


def test_two_threads_acting_on_one_session_raise_nothing_and_the_game_replays():
    session = TableSession(new_game(PARTNERSHIP, seed=5), 1, "random")
    errors: list[Exception] = []

    def act(seed):
        rng = random.Random(seed)
        try:
            for _ in range(CLICKS):
                legal = session.view.legal  # the other thread may act before this one: then it is refused
                if legal:
                    session.act(rng.choice(legal))
                elif session.finished:
                    session.new(PARTNERSHIP, rng.randrange(100))
                else:
                    session.next_hand()
                if rng.random() < 0.1:
                    session.undo()
                session.hand, session.view, session.my_turn, session.reasons_shown  # noqa: B018 - reads race too
        except Exception as error:  # noqa: BLE001
            errors.append(error)

    threads = [threading.Thread(target=act, args=(seed,)) for seed in (3, 4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, f"{len(errors)} errors, the first {errors[0]!r}"
    assert game_from_record(session.game.record()) == session.game
