"""The page a person clicks, in one value: their pointer, the buttons opened ahead of need, and those a drawing retires.

    from euchre_lesson.widgets.page import Page, bind
    bind(Page())   # the widgets made from here on are drawn on this page (a page of its own, for a test)

A kernel shows one person's page, so one Page serves every widget of the kernel: one pointer whichever widget is
clicked (the second click of a double-click lands on whatever was drawn since, in any widget), one stock of spare
buttons. Nothing is bound at import; where nothing is bound, the first widget binds a Page of its own (`current()`),
so the widgets made after it share it. The binding is a context variable: a test, a thread, or a server holding
several pages in one process (each in a kernel of its own) binds a Page for each, and no page ever takes another's
spare or pointer. Every widget takes the Page bound when it is made and keeps it (see clicks.Drawing), and binds it
while one of its clicks is handled: the click, and the redraw it causes, act on that page whichever context ipykernel
handles the click message in.
"""

from __future__ import annotations

import contextlib
import functools
import math
import time
import weakref
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from typing import Any, Protocol

import ipywidgets as w

from ..engine import checks
from ..engine.language import N_
from .fallback import Described
from .ipywidgets_door import CLASSES, HearsThePage

# Seconds: a click from the page this soon after the last one taken, on the same button or on a button
# drawn since (the table changed under the pointer), is the second click of a double-click. The common
# desktop setting is 400 to 500 ms; a person who reads the new table before clicking takes longer.
DOUBLE_CLICK = 0.4

# What a spare's look is made of: each trait a button of the lessons is given, at ipywidgets' default.
BLANK = {"description": "", "tooltip": None, "disabled": False, CLASSES: (), "button_style": "", "icon": ""}


class PageButton(Described, HearsThePage, w.Button):
    """A button that tells a click from the page (a person) from one made in code (button.click())."""

    purpose = N_("A button of the Euchre lessons.")

    def __init__(self, **traits: Any):
        super().__init__(**traits)
        self.heard: float | None = None  # when the page's click being handled now arrived; None for a click in code

    @contextlib.contextmanager
    def page_click(self) -> Iterator[None]:
        self.heard = time.monotonic()
        try:
            yield
        finally:
            self.heard = None


class Pointer:
    """The person's pointer: when the last click from the page was taken, and on which button."""

    def __init__(self) -> None:
        self.last: tuple[float, w.Button | None] = (-math.inf, None)

    def second_of_double(self, button: PageButton, drawn_at: float) -> bool:
        """Whether this click is the second of a double-click; else it is taken, and remembered."""
        button = checks.instance("button", button, PageButton, "a button of the lessons (a PageButton)")
        now = button.heard
        if now is None:  # a click made in code (a test, a lesson) is never a double-click
            return False
        at, on = self.last
        if now - at < DOUBLE_CLICK and (on is button or drawn_at >= at):
            return True
        self.last = (now, button)
        return False


class Spares:
    """Buttons opened in the browser ahead of need, after a drawing is answered: opening a widget is what a
    browser waits on longest, so a new drawing takes a spare (never shown, never clicked) and the learner does
    not wait for the opening. Each spare is opened with a look just used: most drawings show the same looks."""

    MOST = 24  # spares kept; beyond, the oldest are closed

    def __init__(self) -> None:
        self._spares: list[tuple[object, PageButton]] = []  # (look, button), oldest first
        self._taken: list[dict[str, Any]] = []  # the looks taken since the last refill

    def __len__(self) -> int:
        return len(self._spares)

    def take(self, **traits: Any) -> PageButton:
        """A button with these traits: a spare with this very look (no message), another spare restyled (one
        message), or a new one when none is left."""
        traits = {**BLANK, **traits}  # a spare shows nothing of the look it was opened with
        look = _look_key(traits)
        self._taken = self._taken[1 - self.MOST :] + [traits]  # a widget that never refills keeps only the last
        found = next((i for i, (key, _) in enumerate(self._spares) if look is not None and key == look), None)
        if found is None and not self._spares:
            return PageButton(**traits)
        _, button = self._spares.pop(0 if found is None else found)
        with button.hold_sync():
            for name, value in traits.items():
                if getattr(button, name) != value:
                    setattr(button, name, value)
        return button

    def refill(self) -> None:
        """Open a spare for each look taken since the last refill; close the oldest beyond MOST."""
        taken, self._taken = self._taken[-self.MOST :], []
        self._spares += [(_look_key(traits), PageButton(**traits)) for traits in taken]
        extra, self._spares = self._spares[: -self.MOST], self._spares[-self.MOST :]
        for _, button in extra:
            button.close()


def _look_key(traits: dict[str, Any]) -> object:
    """A button's traits as a value to compare, or None if one of them cannot be compared so."""
    key = tuple(sorted(traits.items()))
    try:
        hash(key)
    except TypeError:
        return None
    return key


class _SaysAgain(Protocol):
    """A view whose words, already shown, are drawn again in a language the learner chooses (the Table's note)."""

    def redraw_in_language(self) -> None: ...


class Page:
    """One person's page of widgets: the pointer, the spare buttons, the buttons to close after the drawing under
    way, and the look the buttons share."""

    def __init__(self) -> None:
        self.pointer = Pointer()
        self.spares = Spares()
        self._closing: list[list[w.Button]] = []  # while drawings are under way, the buttons each retires
        self._sheets: dict[str, w.HTML] = {}  # style sheets every view of the page shows, by their text
        # The views that draw their words again when the learner chooses another language (weakly: a view gone is
        # no longer drawn).
        self._speakers: weakref.WeakSet[_SaysAgain] = weakref.WeakSet()

    def follows_language(self, view: _SaysAgain) -> None:
        """`view` is drawn again (its `redraw_in_language()`) each time the learner of this page chooses a language."""
        if not callable(getattr(view, "redraw_in_language", None)):
            raise checks.refused("view", view, "a view that draws its words again, such as a Table")
        self._speakers.add(view)

    def language_changed(self) -> None:
        """The learner chose another language: each view that follows it draws its words again in it."""
        for view in list(self._speakers):
            view.redraw_in_language()

    def style_sheet(self, css: str) -> w.HTML:
        """The page's one widget holding this style sheet: every view shows the same one, so the browser is sent
        it once however many views there are (the card faces make a sheet of some 40 kB). Never close it."""
        css = checks.instance("css", css, str, "a style sheet, '<style>...</style>'")
        sheet = self._sheets.get(css)
        if sheet is None or sheet.comm is None:  # a sheet closed all the same is made again
            sheet = self._sheets[css] = w.HTML(css, layout=w.Layout(height="0px", margin="0", overflow="hidden"))
        return sheet

    def shares(self, widget: w.Widget) -> bool:
        """Whether the page's views share this widget (a style sheet): closing one view must leave it open."""
        return any(sheet is widget for sheet in self._sheets.values())

    @functools.cached_property
    def look(self) -> tuple[w.Layout, w.ButtonStyle, w.Layout]:
        """One layout and one style for every card button, and one layout for word buttons made per drawing.

        Each is a model in the browser: a button that owned its own would cost three. Never set a trait on
        them through one button (`button.layout.display = ...` would hide every card)."""
        return w.Layout(), w.ButtonStyle(), w.Layout(width="auto")

    @contextlib.contextmanager
    def closed_after(self) -> Iterator[None]:
        """Buttons retired inside are closed at the end: their closing never delays the drawing the learner waits
        for; then, the answer sent, the spares for the next drawing open."""
        retired: list[w.Button] = []
        self._closing.append(retired)
        try:
            yield
        finally:
            del self._closing[next(i for i, one in enumerate(self._closing) if one is retired)]
            _close(retired)
            if not self._closing:
                self.spares.refill()

    def retire(self, buttons: Iterable[w.Button]) -> None:
        """Close these buttons now, or at the end of the drawing under way (closed_after)."""
        buttons = checks.instance("buttons", buttons, (list, tuple), "a list of buttons")
        if not all(isinstance(button, w.Widget) for button in buttons):
            raise checks.refused("buttons", buttons, "a list of buttons")
        if self._closing:
            self._closing[-1].extend(buttons)
            return
        _close(buttons)


def _close(buttons: Iterable[w.Button]) -> None:
    for button in buttons:
        button.close()


_BOUND: ContextVar[Page | None] = ContextVar("euchre_lesson_page", default=None)


def bind(page: Page | None = None) -> Page:
    """Bind this page (else a new one) here and in what runs from here: the widgets made from now on draw on it."""
    page = _given(page)
    _BOUND.set(page)
    return page


@contextlib.contextmanager
def bound(page: Page | None = None) -> Iterator[Page]:
    """A page (else a new one) bound for a `with` block only, and the one before it bound again after."""
    page = _given(page)
    token = _BOUND.set(page)
    try:
        yield page
    finally:
        _BOUND.reset(token)


def current() -> Page:
    """The page bound here; where none is, a new one, bound now so the next widget shares it."""
    page = _BOUND.get()
    if page is None:
        page = bind()
    return page


def _given(page: object) -> Page:
    if page is None:
        return Page()
    return checks.instance("page", page, Page, "a Page, such as Page(), or None for a new one")
