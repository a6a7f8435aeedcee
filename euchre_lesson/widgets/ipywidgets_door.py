"""The one door to ipywidgets' internals: what the lessons' widgets need of ipywidgets beyond its public API.

Three things, all here, so an upgrade of ipywidgets is checked in one place (tests/test_ipywidgets_door.py, written
against ipywidgets 8.1 and run against the one installed):
- a click from the page told from a click made in code (`button.click()`, a test, a lesson): the page's click
  reaches a Button only through its private `_handle_button_msg`, which HearsThePage wraps;
- a widget's CSS classes: the private trait `_dom_classes` (changed through the public add_class and remove_class,
  read here, and given whole to a button made or restyled in one message, under the name CLASSES);
- the plain text a page shows where a widget cannot run: ipywidgets' own `_repr_mimebundle_`, whose `text/plain`
  TextWhereNoWidget replaces.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import ipywidgets as w

from ..engine import checks

CLASSES = "_dom_classes"  # the trait of a widget's CSS classes, as a button's traits are given (a tuple of names)


def css_classes(widget: w.DOMWidget) -> tuple[str, ...]:
    """The CSS classes a widget carries now."""
    widget = checks.instance("widget", widget, w.DOMWidget, "a widget that is drawn, such as a Button")
    return tuple(getattr(widget, CLASSES))


class HearsThePage:
    """Makes a Button know a click from the page (a person) from one made in code: it handles the page's click
    inside `page_click()`, which the button defines. Put it before w.Button among the bases."""

    @contextlib.contextmanager
    def page_click(self) -> Iterator[None]:
        """Around the handling of a click from the page (its on_click handlers run inside)."""
        yield

    def _handle_button_msg(self, _: Any, content: dict, buffers: list) -> None:
        if content.get("event") != "click":
            super()._handle_button_msg(_, content, buffers)  # type: ignore[misc]
            return
        with self.page_click():
            super()._handle_button_msg(_, content, buffers)  # type: ignore[misc]


def click_from_the_page(button: w.Button) -> None:
    """Click `button` as a person on the page does: the message the browser sends, as the widget receives it."""
    button = checks.instance("button", button, w.Button, "a Button")
    button._handle_custom_msg({"event": "click"}, [])


class TextWhereNoWidget:
    """A widget whose plain text, shown where it cannot run (GitHub, nbviewer), is its `fallback_text()`; put it
    first among the widget's bases."""

    def fallback_text(self) -> str:
        raise NotImplementedError("a widget says in words what it does where it cannot run: define fallback_text")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, and for a page that cannot run it the words of `fallback_text`."""
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data = bundle[0] if isinstance(bundle, tuple) else bundle  # an anywidget's is (data, metadata)
        if data is not None:
            data["text/plain"] = self.fallback_text()
        return bundle
