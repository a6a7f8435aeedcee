"""A Click from the table view read back as what it asks for: an action of the engine, or a card to select or
unselect in the keep step (T5). The host keeps the cards selected: on a Toggle it adds the card or takes it away
and draws again with picture_of(..., chosen=selected); "Keep these five" then sends the keep itself.

The host's own tools (Hint, Undo, Next hand) are the host's: it reads their keys before asking here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ..engine.actions import Action, Verb
from ..engine.cards import Card, parse_card
from ..engine.errors import NotationError, excerpt
from ..engine.language import _
from ..engine.phases import Phase
from ..engine.view import View
from .prompts import Sitter, card_why_not
from .seat_picture import sitters


class Toggle(NamedTuple):
    """A card clicked in the keep step: the host selects it, or unselects it if it was selected (T5)."""

    card: Card


def _field(click: Mapping[str, object], name: str, kind: type) -> object:
    """One field of a click, checked: present, and of its kind (or None for card and key)."""
    if name not in click:
        raise ValueError(
            f"a click must say its {name}: {{'moment': 3, 'card': 'J♥', 'key': None}}, not {excerpt(click)}"
        )
    value = click[name]
    if not (isinstance(value, kind) and not isinstance(value, bool)) and not (value is None and name != "moment"):
        raise ValueError(
            f"a click's {name} must be {kind.__name__}{'' if name == 'moment' else ' or None'}, not {excerpt(value)}"
        )
    return value


def action_for(
    view: View, click: Mapping[str, object], *, moment: int, names: Sequence[Sitter | str] | None = None
) -> Action | Toggle:
    """What a click on `view`'s picture drawn at `moment` asks for: the legal action of a card or a button, or a
    Toggle of a card in the keep step. A ValueError says what was wrong (a stale click, a card not held or not
    playable now, a key not offered) and what would be right."""
    if not isinstance(click, Mapping):
        raise ValueError(f"a click is a dict such as {{'moment': 3, 'card': 'J♥', 'key': None}}, not {excerpt(click)}")
    drawn, card, key = _field(click, "moment", int), _field(click, "card", str), _field(click, "key", str)
    if drawn != moment:
        raise ValueError(
            _(
                "this click was made on the table as drawn at moment {drawn}, but the table is at moment {moment} "
                "now: it changed since, so the click is ignored; click again on the table as it is now."
            ).format(drawn=drawn, moment=moment)
        )
    if (card is None) == (key is None):
        raise ValueError(f"a click names a card or a button's key, one of the two, not {excerpt(dict(click))}")
    if isinstance(card, str):
        return _card_action(view, card, sitters(view, names))
    return _key_action(view, str(key))


def _card_action(view: View, text: str, names: Sequence[Sitter]) -> Action | Toggle:
    """The action of a click on a card: a play, a discard, a card given, or a Toggle in the keep step."""
    try:
        card = parse_card(text)
    except NotationError as error:
        raise ValueError(f"{excerpt(text)} is not a card's id: {error}") from None
    if view.phase is Phase.DUMMY and view.legal and card in {c for action in view.legal for c in action.cards}:
        return Toggle(card)
    held = view.hand + ((view.up_card,) if view.phase is Phase.PICKUP and view.legal else ())
    if card not in held:
        yours = " ".join(map(str, held)) or _("none")
        raise ValueError(
            _("{card} is not one of your cards, so clicking it does nothing; your cards are: {yours}.").format(
                card=card, yours=yours
            )
        )
    action = next((action for action in view.legal if action.card == card and action.kind.carries == "card"), None)
    if action is None:
        raise ValueError(
            _("{card} cannot be clicked now: {why}").format(card=card, why=card_why_not(view, names, card))
        )
    return action


def _key_action(view: View, key: str) -> Action:
    """The legal action of a button's key: a bid's notation, or a keep of the five chosen."""
    offered = {str(action): action for action in view.legal if action.kind.carries != "card"}
    if key in offered:
        return offered[key]
    bids = [str(action) for action in view.legal if action.kind.carries not in ("card", "cards")]
    if key == str(Verb.KEEP) and any(action.kind is Verb.KEEP for action in view.legal):
        raise ValueError(_("Keep these five needs five cards selected first: click five of your ten cards (T5)."))
    now = f"the buttons now are: {', '.join(bids)}" if bids else "no bid or keep button is offered now"
    raise ValueError(
        f"no button with the key {excerpt(key)} is offered now ({now}); "
        f"a tool's key (Hint, Undo) is the host's to read before asking here."
    )
