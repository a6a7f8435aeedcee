"""The buttons of the bidding: one for each legal action, in the words of narration.offer."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as w

from ..engine import checks
from ..engine.actions import Action
from ..engine.errors import NotationError
from ..engine.language import N_
from ..engine.narration import offer
from ..engine.view import View
from . import arguments
from .clicks import Drawing, shared_look
from .fallback import Described


class BidButtons(Described, w.HBox):
    """One button per legal action (not cards); `on_choose(action)` hears every click.

    The buttons are made anew when the actions or the `moment` they act on change, and a click on a
    replaced button is dropped (see cards.Drawing): a double-click never answers the next question.
    """

    purpose = N_("The bids you may make now, one button each.")
    children: Sequence[w.Widget]  # ipywidgets' trait, declared for the type checker

    def __init__(self, on_choose: Callable[[Action], None], **kwargs: Any) -> None:
        if not callable(on_choose):
            raise checks.refused("on_choose", on_choose, "a function to call with the action chosen")
        arguments.start_box(BidButtons, self, kwargs)
        self.layout.flex_flow = "row wrap"
        self.actions: tuple[Action, ...] = ()
        self._on_choose = on_choose
        self.drawing = Drawing()

    def show(self, actions: Iterable[Action], view: View | None, moment: object = None) -> None:
        """Offer these actions with words from this view; no actions (or no view) clears the row."""
        if not isinstance(actions, (tuple, list)) or not all(isinstance(action, Action) for action in actions):
            raise checks.refused("actions", actions, "the actions to offer, a list of Actions")
        if view is not None:
            checks.instance("view", view, View, "a View: the hand as the bidder sees it, or None")
        self.actions = tuple(actions) if view is not None else ()
        if not self.drawing.renew((moment, self.actions), self.children):
            return
        _, style, layout = shared_look()
        choose = self._on_choose
        self.children = [
            self.drawing.button(
                functools.partial(choose, action),
                layout=layout,
                style=style,
                **dict(zip(("description", "tooltip"), offer(action, view))),
            )
            for action in self.actions
            if view is not None  # no view, no actions
        ]

    def button_for(self, action: Action) -> w.Button:
        """The button offering this action (for tests and lessons that click from code)."""
        action = arguments.action("action", action)
        if action not in self.actions:
            offered = ", ".join(map(str, self.actions)) or "nothing now"
            raise NotationError("action", f"action {action} is not offered: the buttons offer {offered}.")
        return self.children[self.actions.index(action)]
