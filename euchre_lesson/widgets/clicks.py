"""Buttons that act on what the learner saw: one drawing per button, and a double-click taken as one click."""

from __future__ import annotations

import contextlib
import functools
import math
import time
from collections.abc import Callable, Iterable, Iterator

import ipywidgets as w

from ..engine import checks
from .fallback import Described
from .ipywidgets_door import CLASSES, HearsThePage

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

    def _second_of_double(self, button: w.Button, drawn_at: float) -> bool:
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


class _PageButton(Described, HearsThePage, w.Button):
    """A button that tells a click from the page (a person) from one made in code (button.click())."""

    purpose = "A button of the Euchre lessons."

    @contextlib.contextmanager
    def page_click(self) -> Iterator[None]:
        PAGE.clicking = time.monotonic()
        try:
            yield
        finally:
            PAGE.clicking = None


class _Spares:
    """Buttons opened in the browser ahead of need, after a drawing is answered: opening a widget is what a
    browser waits on longest, so a new drawing takes a spare (never shown, never clicked) and the learner does
    not wait for the opening. Each spare is opened with a look just used: most drawings show the same looks."""

    MOST = 24  # spares kept; beyond, the oldest are closed

    def __init__(self):
        self._spares: list[tuple[object, _PageButton]] = []  # (look, button), oldest first
        self._taken: list[dict] = []  # the looks taken since the last refill

    def take(self, **traits) -> _PageButton:
        """A button with these traits: a spare with this very look (no message), another spare restyled (one
        message), or a new one when none is left."""
        traits = {**BLANK, **traits}  # a spare shows nothing of the look it was opened with
        look = _look_key(traits)
        self._taken = self._taken[1 - self.MOST:] + [traits]  # a widget that never refills keeps only the last
        found = next((i for i, (key, _) in enumerate(self._spares) if look is not None and key == look), None)
        if found is None and not self._spares:
            return _PageButton(**traits)
        _, button = self._spares.pop(0 if found is None else found)
        with button.hold_sync():
            for name, value in traits.items():
                if getattr(button, name) != value:
                    setattr(button, name, value)
        return button

    def refill(self) -> None:
        """Open a spare for each look taken since the last refill; close the oldest beyond MOST."""
        taken, self._taken = self._taken[-self.MOST:], []
        self._spares += [(_look_key(traits), _PageButton(**traits)) for traits in taken]
        extra, self._spares = self._spares[:-self.MOST], self._spares[-self.MOST:]
        for _, button in extra:
            button.close()


# What a spare's look is made of: each trait a button of the lessons is given, at ipywidgets' default.
BLANK = {"description": "", "tooltip": None, "disabled": False, CLASSES: (), "button_style": "", "icon": ""}


def _look_key(traits: dict) -> object:
    """A button's traits as a value to compare, or None if one of them cannot be compared so."""
    key = tuple(sorted(traits.items()))
    try:
        hash(key)
    except TypeError:
        return None
    return key


SPARES = _Spares()

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
        _close(retired)
        if not _closing_later:  # the answer is sent: the spares for the next drawing open now
            SPARES.refill()


def _close(buttons: Iterable[w.Button]) -> None:
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
        if not isinstance(on_screen, (tuple, list)) or not all(isinstance(b, w.Widget) for b in on_screen):
            raise checks.refused("on_screen", on_screen, "the buttons on screen now, a list of widgets")
        if key == self.key:
            return False
        self.key, self.number, self.made_at = key, self.number + 1, time.monotonic()
        _close(self._replaced)  # two drawings back: any click on them was sent long ago
        self._replaced = list(on_screen)
        return True

    def silence(self) -> None:
        """The buttons on screen are hidden: no click on them acts any more, and none is made until shown."""
        if self.key is not OFF_SCREEN:
            self.key, self.number = OFF_SCREEN, self.number + 1

    def button(self, on_click: Callable[[], None], **traits) -> w.Button:
        """A new button of the current drawing: a click runs `on_click()` only while this drawing is on screen."""
        number, made_at, button = self.number, self.made_at, SPARES.take(**traits)

        def clicked(_button: w.Button) -> None:
            if number == self.number and not button.disabled and not PAGE._second_of_double(button, made_at):
                on_click()

        button.on_click(clicked)
        return button


class TiedButton(Described, w.Box):
    """One button with words on it, made anew for each moment it acts on (see Drawing); `button` is on screen."""

    purpose = "A button of the Euchre lessons."

    def __init__(self, description: str, tooltip: str, on_click: Callable[[], None]):
        description = checks.instance("description", description, str, "the words on the button")
        tooltip = checks.instance("tooltip", tooltip, str, "the words shown on hover")
        if not callable(on_click):
            raise checks.refused("on_click", on_click, "a function to call when the button is clicked")
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
