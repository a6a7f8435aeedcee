"""Work in a thread of its own that still sees what its caller chose: the learner's language, the lesson's context."""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Callable


def thread_in_context(work: Callable[[], object], name: str) -> threading.Thread:
    """A daemon thread, started, running `work()` in a copy of the caller's context: a new thread's own context is
    empty, and its words would be English whatever the learner chose. RuntimeError where no thread is to be had."""
    thread = threading.Thread(target=contextvars.copy_context().run, args=(work,), name=name, daemon=True)
    thread.start()
    return thread
