"""The teacher's tools' refusals (the student copies, the hand-out, the printable sheets), and their one door out.

A tool's library functions raise ToolRefused, a sentence saying what was not done and why (nothing was written),
so a caller in Python, a notebook or the site's build, can catch it; only a command's entry point (its `main`)
ends the process, through `exit_on_refusal`, with that sentence and exit status 1, never a traceback.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator


class ToolRefused(ValueError):
    """What a teacher's tool would not do, and why, in one sentence for the teacher; nothing was written."""


@contextlib.contextmanager
def exit_on_refusal() -> Iterator[None]:
    """For a command's entry point: a ToolRefused ends the command with its sentence on stderr and exit status 1."""
    try:
        yield
    except ToolRefused as refused:
        raise SystemExit(str(refused)) from None
