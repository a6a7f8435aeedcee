"""The class's own refusals: a table paused, a seat taken, a table full. Each is a sentence to show as it is."""

from __future__ import annotations


class Refused(ValueError):
    """Something the class cannot do now, and why, in words for the person who asked; nothing was changed.

    The rules' refusals stay the engine's own (IllegalAction, NotationError): every refusal is a ValueError."""

    def __init__(self, part: str, message: str):
        super().__init__(message)
        self.part = part
