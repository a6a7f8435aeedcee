"""Buttons that act on what the learner saw: one drawing per button, and a double-click taken as one click."""

from __future__ import annotations

import contextlib
import functools
import math
import time
from collections.abc import Callable, Iterable, Iterator

import ipywidgets as w

from .fallback import Described

# Seconds: a click from the page this soon after the last one taken, on the same button or on a button
# drawn since (the table changed under the pointer), is the second click of a double-click. The common
# desktop setting is 400 to 500 ms; a person who reads the new table before clicking takes longer.
DOUBLE_CLICK = 0.4


@functools.cache
def shared_look() -> tuple[w.Layout, w.ButtonStyle, w.Layout]:
    """One layout and one style for every card button, and one layout for word buttons made per drawing.

    Each is a model in the browser: a button that owned its own would cost three. Never set a trait on
    them through one button (`button.layout.display = ...` would hide every card).
    """
    return w.Layout(), w.ButtonStyle(), w.Layout(width="auto")


class PageClicks:
    """The person's pointer: when the last click from the page was taken, and on which button."""

    def __init__(self):
        self.clicking: float | None = None  # the time of the page click being handled; None for a click from code
        self.last: tuple[float, w.Button | None] = (-math.inf, None)

    def second_of_double(self, button: w.Button, drawn_at: float) -> bool:
        """Whether this click is the second of a double-click; else it is taken, and remembered."""
        now = self.clicking
        if now is None:  # a click made in code (a test, a lesson) is never a double-click
            return False
        at, on = self.last
        if now - at < DOUBLE_CLICK and (on is button or drawn_at >= at):
            return True
        self.last = (now, button)
        return False


PAGE = PageClicks()  # one pointer per person, whichever widget it clicks


class PageButton(Described, w.Button):
    """A button that tells a click from the page (a person) from one made in code (button.click())."""

    purpose = "A button of the Euchre lessons."

    def _handle_button_msg(self, _, content, buffers):
        PAGE.clicking = time.monotonic() if content.get("event") == "click" else None
        try:
            super()._handle_button_msg(_, content, buffers)
        finally:
            PAGE.clicking = None


OFF_SCREEN = object()  # the key of a drawing whose buttons are hidden
_closing_later: list[list[w.Button]] = []  # while a drawing is under way, the buttons it retires (see closed_after)


@contextlib.contextmanager
def closed_after() -> Iterator[None]:
    """Buttons retired inside are closed at the end: their closing never delays the drawing the learner waits for."""
    retired: list[w.Button] = []
    _closing_later.append(retired)
    try:
        yield
    finally:
        _closing_later.remove(retired)
        close(retired)


def close(buttons: Iterable[w.Button]) -> None:
    """Close these buttons now, or at the end of the drawing under way (closed_after)."""
    if _closing_later:
        _closing_later[-1].extend(buttons)
        return
    for button in buttons:
        button.close()


# A click message from the page says only "click", never what the button showed. So a button is never
# given another meaning: a new drawing (new words, or a new state for the click to act on) gets new
# buttons, and a click on a button of an older drawing (the second click of a double-click, which lands
# after the table changed) is dropped. A drawing that only moves a highlight keeps its buttons: cheap.
class Drawing:
    """Which drawing of some buttons is on screen; a button belongs to one drawing for life."""

    def __init__(self):
        self.number, self.made_at = 0, time.monotonic()
        self.key: object = object()  # what the buttons on screen were made for; nothing yet
        self._replaced: list[w.Button] = []  # the drawing before: kept open, so a late click on it is dropped

    def renew(self, key: object, on_screen: Iterable[w.Button]) -> bool:
        """Start a new drawing if `key` differs from the one on screen (True if so); retire its buttons."""
        if key == self.key:
            return False
        self.key, self.number, self.made_at = key, self.number + 1, time.monotonic()
        close(self._replaced)  # two drawings back: any click on them was sent long ago
        self._replaced = list(on_screen)
        return True

    def silence(self) -> None:
        """The buttons on screen are hidden: no click on them acts any more, and none is made until shown."""
        if self.key is not OFF_SCREEN:
            self.key, self.number = OFF_SCREEN, self.number + 1

    def button(self, on_click: Callable[[], None], **traits) -> w.Button:
        """A new button of the current drawing: a click runs `on_click()` only while this drawing is on screen."""
        number, made_at, button = self.number, self.made_at, PageButton(**traits)

        def clicked(_button: w.Button) -> None:
            if number == self.number and not button.disabled and not PAGE.second_of_double(button, made_at):
                on_click()

        button.on_click(clicked)
        return button


class TiedButton(Described, w.Box):
    """One button with words on it, made anew for each moment it acts on (see Drawing); `button` is on screen."""

    purpose = "A button of the Euchre lessons."

    def __init__(self, description: str, tooltip: str, on_click: Callable[[], None]):
        super().__init__(layout=w.Layout(overflow="visible"))  # room for the focus ring
        self._words, self._on_click = {"description": description, "tooltip": tooltip}, on_click
        self.drawing = Drawing()
        self.draw(None)

    def draw(self, moment: object) -> None:
        """Show the button for this moment: the same one while the moment stays, a new one when it changes."""
        self.layout.display = ""
        if self.drawing.renew(moment, self.children):
            _, style, layout = shared_look()
            self.children = (self.drawing.button(self._on_click, layout=layout, style=style, **self._words),)

    def hide(self) -> None:
        """Hide the button; a click on it (sent before it was hidden) is dropped."""
        self.layout.display = "none"
        self.drawing.silence()

    @property
    def button(self) -> w.Button:
        return self.children[0]
