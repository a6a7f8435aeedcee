"""Buttons that act on what the learner saw: one drawing per button, and a double-click taken as one click."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable, Iterator

import ipywidgets as w

from ..engine import checks
from ..engine.language import N_
from .fallback import Described
from .page import DOUBLE_CLICK, Page, bound, current

__all__ = ["DOUBLE_CLICK", "OFF_SCREEN", "Drawing", "TiedButton", "closed_after", "shared_look"]


def shared_look() -> tuple[w.Layout, w.ButtonStyle, w.Layout]:
    """The look the buttons of the page bound here share (see Page.look): card layout, style, word layout."""
    return current().look


@contextlib.contextmanager
def closed_after() -> Iterator[None]:
    """Buttons retired inside are closed at the end: their closing never delays the drawing the learner waits for.

    The page is the one bound here: inside a click, the page of the button clicked (see Drawing.button)."""
    with current().closed_after():
        yield


OFF_SCREEN = object()  # the key of a drawing whose buttons are hidden


# A click message from the page says only "click", never what the button showed. So a button is never
# given another meaning: a new drawing (new words, or a new state for the click to act on) gets new
# buttons, and a click on a button of an older drawing (the second click of a double-click, which lands
# after the table changed) is dropped. A drawing that only moves a highlight keeps its buttons: cheap.
class Drawing:
    """Which drawing of some buttons is on screen; a button belongs to one drawing for life."""

    def __init__(self, page: Page | None = None):
        if page is not None:
            checks.instance("page", page, Page, "a Page, or None for the page bound here")
        self.page = current() if page is None else page  # kept for life: a click acts on it, in whatever context
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
        self.page.retire(self._replaced)  # two drawings back: any click on them was sent long ago
        self._replaced = list(on_screen)
        return True

    def silence(self) -> None:
        """The buttons on screen are hidden: no click on them acts any more, and none is made until shown."""
        if self.key is not OFF_SCREEN:
            self.key, self.number = OFF_SCREEN, self.number + 1

    def button(self, on_click: Callable[[], None], **traits) -> w.Button:
        """A new button of the current drawing: a click runs `on_click()` only while this drawing is on screen."""
        page = self.page
        number, made_at, button = self.number, self.made_at, page.spares.take(**traits)

        def clicked(_button: w.Button) -> None:
            if number == self.number and not button.disabled and not page.pointer.second_of_double(button, made_at):
                with bound(page):  # what the click draws is drawn on this page, whichever context runs the click
                    on_click()

        button.on_click(clicked)
        return button


class TiedButton(Described, w.Box):
    """One button with words on it, made anew for each moment it acts on (see Drawing); `button` is on screen."""

    purpose = N_("A button of the Euchre lessons.")
    children: tuple[w.Button, ...]  # the trait of w.Box, as this box holds it: its one button

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
            _, style, layout = self.drawing.page.look
            self.children = (self.drawing.button(self._on_click, layout=layout, style=style, **self._words),)

    def hide(self) -> None:
        """Hide the button; a click on it (sent before it was hidden) is dropped."""
        self.layout.display = "none"
        self.drawing.silence()

    @property
    def button(self) -> w.Button:
        return self.children[0]
