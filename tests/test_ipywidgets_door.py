"""The contract between the lessons' widgets and ipywidgets' internals (widgets/ipywidgets_door.py), written against
ipywidgets 8.1 and run against the version installed (pyproject.toml asks for ipywidgets>=8.1).

When upgrading ipywidgets, run this file first; each test names what it relies on. Look at:
- `Widget._handle_msg`: a "custom" message from the page still goes to `_handle_custom_msg`, and a Button still
  registers `_handle_button_msg` as its message callback, clicking on {"event": "click"};
- `DOMWidget._dom_classes`: still the trait add_class and remove_class change, and still settable whole;
- `Widget._repr_mimebundle_`: still returns a dict with "text/plain" and the widget view's MIME type.
Then run tests/test_widget_clicks.py (double-clicks) and tests/test_widget_fallbacks.py (the plain text).
"""

from __future__ import annotations

import contextlib

import ipywidgets as w

from euchre_lesson.widgets.ipywidgets_door import (
    CLASSES,
    HearsThePage,
    TextWhereNoWidget,
    click_from_the_page,
    css_classes,
)

VIEW = "application/vnd.jupyter.widget-view+json"


class Recording(HearsThePage, w.Button):
    """A button that records, for each click its handlers heard, whether it came from the page."""

    def __init__(self, **traits):
        super().__init__(**traits)
        self.on_page, self.heard = False, []
        self.on_click(lambda button: self.heard.append(self.on_page))

    @contextlib.contextmanager
    def page_click(self):
        self.on_page = True
        try:
            yield
        finally:
            self.on_page = False


def test_a_click_message_from_the_page_is_handled_inside_page_click_and_a_click_in_code_is_not():
    button = Recording(description="Pass")
    button.click()  # a lesson's or a test's click
    click_from_the_page(button)
    assert button.heard == [False, True] and button.on_page is False


def test_the_page_s_message_reaches_the_button_as_ipywidgets_routes_it():
    """What the comm hands the widget: {"method": "custom", "content": {"event": "click"}} through _handle_msg."""
    button = Recording(description="Pass")
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "focus"}}}, "buffers": []})
    assert button.heard == [True]


def test_a_widget_s_classes_are_the_trait_its_public_methods_change_and_a_button_can_be_given_whole():
    button = w.Button()
    button.add_class("euchre-card")
    button.add_class("euchre-legal")
    button.remove_class("euchre-legal")
    assert css_classes(button) == ("euchre-card",)
    given = w.Button(**{CLASSES: ("euchre-card", "euchre-back")})
    assert css_classes(given) == ("euchre-card", "euchre-back")
    with given.hold_sync():
        setattr(given, CLASSES, ("euchre-card",))
    assert css_classes(given) == ("euchre-card",)
    assert CLASSES in w.Button.class_trait_names(sync=True)


class Said(TextWhereNoWidget, w.HTML):
    def fallback_text(self) -> str:
        return "A widget of the Euchre lessons."


def test_where_a_widget_cannot_run_its_plain_text_is_its_words_and_the_widget_is_still_drawn():
    bundle = Said(value="<b>hi</b>")._repr_mimebundle_()
    assert bundle["text/plain"] == "A widget of the Euchre lessons." and VIEW in bundle
    assert w.HTML()._repr_mimebundle_()["text/plain"].startswith("HTML(")  # ipywidgets' own: the raw repr
