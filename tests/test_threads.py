"""Work sent to a thread of its own sees what its caller chose (engine/threads.py): the coach, the class's report."""

from __future__ import annotations

import threading
from contextvars import ContextVar

from euchre_lesson.engine.language import language, speaking
from euchre_lesson.engine.threads import thread_in_context

CHOSEN: ContextVar[str] = ContextVar("chosen in a test", default="nothing")


def test_the_work_in_the_thread_sees_the_callers_context():
    seen = []
    token = CHOSEN.set("the caller's choice")
    try:
        with speaking("fr"):
            thread = thread_in_context(lambda: seen.append((CHOSEN.get(), language())), "seeing")
    finally:
        CHOSEN.reset(token)
    thread.join(5)
    assert not thread.is_alive() and thread.daemon and thread.name == "seeing"
    assert seen == [("the caller's choice", "fr")]


def test_a_bare_thread_sees_none_of_it():
    """Why the helper is there: a new thread's own context is empty."""
    seen = []
    token = CHOSEN.set("the caller's choice")
    try:
        with speaking("fr"):
            thread = threading.Thread(target=lambda: seen.append((CHOSEN.get(), language())))
            thread.start()
    finally:
        CHOSEN.reset(token)
    thread.join(5)
    assert seen == [("nothing", "en")]


def test_the_coachs_work_after_a_hand_runs_in_the_learners_language():
    from euchre_lesson.play.table_model import in_background

    done, seen = threading.Event(), []

    def work() -> None:
        seen.append(language())
        done.set()

    with speaking("et"):
        in_background(work)
    assert done.wait(5) and seen == ["et"]
