"""The words of the bidding: buttons for the legal actions, and what each seat said, in plain English."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

import ipywidgets as w

from ..actions import Action, parse_action
from ..hand import Phase
from ..view import View
from .clicks import Drawing, shared_look


def seat_words(seat: int, view: View) -> str:
    """'you', 'your partner (seat 2)' or 'seat 1', from the seat whose view this is."""
    if seat == view.seat:
        return "you"
    if seat == view.rules.partner(view.seat):
        return f"your partner (seat {seat})"
    return f"seat {seat}"


def order_name(actor: int, view: View) -> str:
    """The name of an order in round one (C6, F2): the dealer accepts, the partner assists, others order up."""
    if actor == view.dealer:
        return "accept"
    if actor == view.rules.partner(view.dealer):
        return "assist"
    return "order up"


ORDERED = {"accept": "accepted", "assist": "assisted", "order up": "ordered up"}


def _order_offer(view: View) -> tuple[str, str]:
    up, name = view.up_card, order_name(view.seat, view)
    trump = f"{up.suit.plural} are trump"
    return {"accept": (f"Accept the {up}", f"{trump}: you, the dealer, take the {up} and discard (C6, C7)"),
            "assist": (f"Assist: the {up} to your partner", f"{trump}: your partner, the dealer, may take the {up} (C6, C7)"),
            "order up": (f"Order up the {up}", f"{trump}: the dealer may take the {up} (C6, C7)")}[name]


def offer(action: Action, view: View) -> tuple[str, str]:
    """A button's words for one legal action of the seat to act: (description, tooltip)."""
    seat, up = view.seat, view.up_card
    kind = action.kind
    if kind == "pass":
        if view.phase is Phase.ROUND_ONE:
            return "Pass", f"do not make {up.suit.plural} trump; the next player bids (C6)"
        return "Pass", "name no suit; if everyone passes, the hand is thrown in (C8, C9)"
    if kind == "order":
        return _order_offer(view)
    if kind == "call":
        suit = action.suit
        if view.phase is Phase.JOKER_CALL:
            return f"Name {suit.plural} {suit}", f"the joker is turned up: name {suit.plural} as trump and take the joker (C3)"
        return f"Call {suit.plural} {suit}", f"make {suit.plural} trump; you become the maker (C8)"
    if kind == "decline":
        return f"Leave the {up}", f"do not take the up-card; {up.suit.plural} stay trump (C7)"
    if kind == "pickup":
        return f"Discard the {action.card}", f"take the {up} and lay the {action.card} away face down (C7)"
    if kind == "alone":
        if seat == view.maker:
            return "Go alone", "play without your partner or the dummy; a march scores more where the rules say so (C10, T6)"
        return "Defend alone", "defend without your partner, who sits out (C10, T6)"
    if kind == "stay":
        if seat == view.maker:
            helper = "take the dummy's five and keep the best five of ten (T5)" if view.rules.has_dummy \
                else "play with your partner (C10)"
            return ("Take the dummy" if view.rules.has_dummy else "Play with your partner"), helper
        return "Defend together", "defend with your partner (C10)"
    if kind == "keep":
        return "Keep these five", "keep the five selected cards and lay the other five aside face down (T5)"
    return f"Play the {action.card}", f"play the {action.card} to the trick (C12)"


def said_words(token: str, actor: int, view: View) -> str:
    """What a seat did, in the past tense, as the seat of `view` saw it (a discard stays face down)."""
    who = seat_words(actor, view)
    if token == "pickup":  # another seat's discard: public only as a pick-up (C7)
        return f"{who} took the {view.up_card} and discarded a card face down"
    if token == "keep":
        return f"{who} took the dummy and laid five cards aside face down"
    action = parse_action(token)
    kind = action.kind
    if kind == "order":
        return f"{who} {ORDERED[order_name(actor, view)]} the {view.up_card}"
    if kind == "pass":
        return f"{who} passed"
    if kind == "call":
        return f"{who} named {action.suit.plural} {action.suit} as trump"
    if kind == "decline":
        return f"{who} left the {view.up_card}"
    if kind == "pickup":
        return f"{who} took the {view.up_card} and discarded the {action.card}"
    if kind == "alone":
        return f"{who} went alone" if actor == view.maker else f"{who} chose to defend alone"
    if kind == "stay":
        if actor != view.maker:
            return f"{who} chose to defend together"
        return f"{who} chose to take the dummy" if view.rules.has_dummy else f"{who} chose to play with help"
    if kind == "keep":
        return f"{who} kept {' '.join(map(str, action.cards))}"
    return f"{who} played the {action.card}"


class BidButtons(w.HBox):
    """One button per legal action (not cards); `on_choose(action)` hears every click.

    The buttons are made anew when the actions or the `moment` they act on change, and a click on a
    replaced button is dropped (see cards.Drawing): a double-click never answers the next question.
    """

    def __init__(self, on_choose: Callable[[Action], None], **kwargs):
        super().__init__(**kwargs)
        self.layout.flex_flow = "row wrap"
        self.actions: tuple[Action, ...] = ()
        self._on_choose = on_choose
        self.drawing = Drawing()

    def show(self, actions: Iterable[Action], view: View | None, moment: object = None) -> None:
        """Offer these actions with words from this view; no actions (or no view) clears the row."""
        self.actions = tuple(actions) if view is not None else ()
        if not self.drawing.renew((moment, self.actions), self.children):
            return
        _, style, layout = shared_look()
        choose = self._on_choose
        self.children = [self.drawing.button(functools.partial(choose, action), layout=layout, style=style,
                                             **dict(zip(("description", "tooltip"), offer(action, view))))
                         for action in self.actions]

    def button_for(self, action: Action) -> w.Button:
        """The button offering this action (for tests and lessons that click from code)."""
        return self.children[self.actions.index(action)]
