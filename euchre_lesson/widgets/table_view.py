"""The one table view: a widget that draws a seat's Picture around a felt and hands its clicks back as Clicks.

Its script and style are the package's own files (look/table.js, look/table.css), so every host (JupyterLab,
JupyterLite, Voila, Solara) loads them with no network. The view decides no rule: which cards and buttons act is
read from the picture, and a click is passed on only if the picture it was drawn from offered it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import anywidget
from traitlets import Dict, validate

from ..engine import language
from ..engine.errors import excerpt
from ..engine.language import N_
from ..look.picture import CardPicture, Click, Picture
from .fallback import Described

LOOK = Path(__file__).resolve().parent.parent / "look"
LOG = logging.getLogger(__name__)
# The fields every picture has (the contract may grow optional ones: those may be missing).
FIELDS = tuple(field for field in Picture.__annotations__ if field in Picture.__required_keys__)


class PictureRefused(ValueError):
    """A picture or faces not of the shape the view draws (look/picture.py, look/faces.py)."""


class ClickRefused(LookupError, ValueError):
    """A click the picture drawn does not offer: a card not shown as legal, a button not offered, an old moment.

    A LookupError, as a card or key looked for and not found; a ValueError, as every refusal of the package."""


def checked_picture(value: object) -> dict[str, Any]:
    """`value` as the view's picture: a Picture with every field, or {} (nothing drawn yet); PictureRefused if not."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise PictureRefused(f"A table view's picture is a dict (look.picture.Picture), not {excerpt(value)}.")
    missing = [field for field in FIELDS if field not in value]
    if value and missing:
        raise PictureRefused(
            f"A table view's picture has every field of look.picture.Picture; this one lacks {', '.join(missing)}."
        )
    return dict(value)


def checked_faces(value: object) -> dict[str, str]:
    """`value` as the view's faces: card id -> SVG text (look.faces.faces_for); PictureRefused if not."""
    if value is None:
        return {}
    if not isinstance(value, Mapping) or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        raise PictureRefused(
            f"A table view's faces are a dict of card id to SVG text (look.faces.faces_for), not {excerpt(value)}."
        )
    return dict(value)


def cards_shown(picture: Mapping[str, Any]) -> Iterator[CardPicture]:
    """Every face-up card the picture shows that a click could name: the seats' hands and the piles."""
    for seat in picture.get("seats") or []:
        yield from seat.get("cards") or []
    for pile in (picture.get("dummy"), picture.get("up_card")):
        if pile:
            yield from pile.get("cards") or []


def _refusal(picture: Mapping[str, Any], click: object) -> str:
    """Why a click may not act on this picture, in a sentence ("" when it may)."""
    if not picture:
        return "nothing is drawn yet, so nothing may be clicked"
    if not isinstance(click, dict):
        return f"a click is a dict with moment and a card or a key, not {excerpt(click)}"
    moment, card, key = click.get("moment"), click.get("card"), click.get("key")
    if set(click) - {"moment", "card", "key"}:
        return f"a click holds only moment, card and key, not {excerpt(sorted(map(str, click)))}"
    if not isinstance(moment, int) or isinstance(moment, bool):
        return f"a click's moment is a whole number, not {excerpt(moment)}"
    if (card is None) == (key is None):
        return f"a click names exactly one of a card or a key, not card={excerpt(card)} and key={excerpt(key)}"
    if card is not None and not isinstance(card, str):
        return f"a click's card is a card's name such as 'J♥', not {excerpt(card)}"
    if key is not None and not isinstance(key, str):
        return f"a click's key is a button's key, not {excerpt(key)}"
    if moment != picture["moment"]:
        return f"the click was made on moment {excerpt(moment)}; the table is at moment {picture['moment']}"
    if card is not None:
        legal = [shown["id"] for shown in cards_shown(picture) if shown.get("legal")]
        if card not in legal:
            return f"{excerpt(card)} is not a card that may be clicked now (those are: {', '.join(legal) or 'none'})"
    else:
        offered = [button["key"] for button in picture["buttons"] if button.get("enabled")]
        if key not in offered:
            return f"{excerpt(key)} is not a button offered now (those are: {', '.join(map(repr, offered)) or 'none'})"
    return ""


WORDS = {  # what the script says with no picture to draw; "{error}" is the script's own, as the browser says it
    "waiting": N_("The table is being laid…"),
    "broken": N_("The table could not be drawn: {error}"),
}


class TableView(Described, anywidget.AnyWidget):
    """A seat's view of a table: set `picture` (and `faces`, once); clicks on it reach the `on_click` callbacks."""

    purpose = N_(
        "A Euchre table seen from one seat: the seats around the felt, the cards on it, your hand and your bids."
    )

    _esm = (LOOK / "table.js").read_text(encoding="utf-8")
    _css = (LOOK / "table.css").read_text(encoding="utf-8")
    picture = Dict().tag(sync=True)  # a look.picture.Picture
    faces = Dict().tag(sync=True)  # card id -> its face as SVG, and "back": look.faces.faces_for(rules)
    words = Dict().tag(sync=True)  # the script's own words (before a picture, or when one cannot be drawn): WORDS

    def __init__(self, picture: Picture | None = None, faces: dict[str, str] | None = None, **kwargs: Any) -> None:
        words = {key: language._(said) for key, said in WORDS.items()}  # in the language chosen as the view is made
        super().__init__(picture=checked_picture(picture), faces=checked_faces(faces), words=words, **kwargs)
        self._callbacks: list[Callable[[Click], None]] = []
        self.on_msg(self._from_browser)

    @validate("picture")
    def _valid_picture(self, proposal: dict[str, Any]) -> dict[str, Any]:
        return checked_picture(proposal["value"])

    @validate("faces")
    def _valid_faces(self, proposal: dict[str, Any]) -> dict[str, str]:
        return checked_faces(proposal["value"])

    def on_click(self, callback: Callable[[Click], None]) -> None:
        """Call `callback(click)` with each click that may act on the picture drawn (stale or unknown ones never)."""
        if not callable(callback):
            raise ValueError(f"on_click takes a function of one Click, not {excerpt(callback)}.")
        self._callbacks.append(callback)

    def click_card(self, card_id: str) -> None:
        """Click a card from Python, as a learner would; ClickRefused (a LookupError) unless it is shown as legal."""
        self._act({"moment": self.picture.get("moment"), "card": card_id, "key": None})

    def press(self, key: str) -> None:
        """Press a button from Python, as a learner would; ClickRefused (a LookupError) unless it is offered."""
        self._act({"moment": self.picture.get("moment"), "card": None, "key": key})

    def _act(self, click: dict[str, Any]) -> None:
        why = _refusal(self.picture, click)
        if why:
            raise ClickRefused(f"The table view refuses this: {why}.")
        self._pass_on(click)

    def _from_browser(self, _widget: object, content: object, _buffers: object = None) -> None:
        """A message from the script: checked, then passed on; a bad or stale one is logged and dropped."""
        why = _refusal(self.picture, content)
        if why or not isinstance(content, dict):  # no refusal means a dict: said again for the type checker
            LOG.info("table view: a click was ignored: %s", why)
            return
        self._pass_on(content)

    def _pass_on(self, content: dict[str, Any]) -> None:
        click = Click(moment=content["moment"], card=content.get("card"), key=content.get("key"))
        for callback in list(self._callbacks):
            callback(click)
