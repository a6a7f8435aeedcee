"""The one table view: a widget that draws a seat's Picture around a felt and hands its clicks back as Clicks.

Its script and style are the package's own files (look/table.js, look/table.css), so every host (JupyterLab,
JupyterLite, Voila, Solara) loads them with no network. The view decides no rule: which cards and buttons act is
read from the picture, and a click is passed on only if the picture it was drawn from offered it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anywidget
from traitlets import Dict

from ..look.picture import CardPicture, Click, Picture

LOOK = Path(__file__).resolve().parent.parent / "look"
LOG = logging.getLogger(__name__)


def cards_shown(picture: Picture | dict[str, Any]) -> Iterator[CardPicture]:
    """Every face-up card the picture shows that a click could name: the seats' hands and the piles."""
    for seat in picture.get("seats") or []:
        yield from seat.get("cards") or []
    for pile in (picture.get("dummy"), picture.get("up_card")):
        if pile:
            yield from pile.get("cards") or []


def refusal(picture: Picture | dict[str, Any], click: object) -> str:
    """Why a click may not act on this picture, in a sentence ("" when it may)."""
    if not isinstance(click, dict):
        return f"a click is a dict with moment and a card or a key, not {click!r}"
    moment, card, key = click.get("moment"), click.get("card"), click.get("key")
    if set(click) - {"moment", "card", "key"}:
        return f"a click holds only moment, card and key, not {sorted(set(click) - {'moment', 'card', 'key'})}"
    if not isinstance(moment, int) or isinstance(moment, bool):
        return f"a click's moment is a whole number, not {moment!r}"
    if (card is None) == (key is None):
        return f"a click names exactly one of a card or a key, not card={card!r} and key={key!r}"
    if card is not None and not isinstance(card, str):
        return f"a click's card is a card's name such as 'J♥', not {card!r}"
    if key is not None and not isinstance(key, str):
        return f"a click's key is a button's key, not {key!r}"
    if moment != picture.get("moment"):
        return f"the click was made on moment {moment}, and the table has moved on to moment {picture.get('moment')}"
    if card is not None:
        legal = [shown["id"] for shown in cards_shown(picture) if shown.get("legal")]
        if card not in legal:
            return f"{card} is not a card that may be clicked now (those are: {', '.join(legal) or 'none'})"
    else:
        offered = [button["key"] for button in picture.get("buttons") or [] if button.get("enabled")]
        if key not in offered:
            return f"{key!r} is not a button offered now (those are: {', '.join(map(repr, offered)) or 'none'})"
    return ""


class TableView(anywidget.AnyWidget):
    """A seat's view of a table: set `picture` (and `faces`, once); clicks on it reach the `on_click` callbacks."""

    _esm = (LOOK / "table.js").read_text(encoding="utf-8")
    _css = (LOOK / "table.css").read_text(encoding="utf-8")
    picture = Dict().tag(sync=True)  # a look.picture.Picture
    faces = Dict().tag(sync=True)  # card id -> its face as SVG, and "back": look.faces.faces_for(rules)

    def __init__(self, picture: Picture | None = None, faces: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(picture=dict(picture or {}), faces=dict(faces or {}), **kwargs)
        self._callbacks: list[Callable[[Click], None]] = []
        self.on_msg(self._from_browser)

    def on_click(self, callback: Callable[[Click], None]) -> None:
        """Call `callback(click)` with each click that may act on the picture drawn (stale or unknown ones never)."""
        self._callbacks.append(callback)

    def click_card(self, card_id: str) -> None:
        """Click a card from Python, as a learner would; LookupError if the picture does not show it as legal."""
        self._act({"moment": self.picture.get("moment"), "card": card_id, "key": None})

    def press(self, key: str) -> None:
        """Press a button from Python, as a learner would; LookupError if the picture does not offer it."""
        self._act({"moment": self.picture.get("moment"), "card": None, "key": key})

    def _act(self, click: dict[str, Any]) -> None:
        why = refusal(self.picture, click)
        if why:
            raise LookupError(f"The table view refuses this: {why}.")
        self._pass_on(click)

    def _from_browser(self, _widget: object, content: object, _buffers: object = None) -> None:
        """A message from the script: checked, then passed on; a bad or stale one is logged and dropped."""
        why = refusal(self.picture, content)
        if why:
            LOG.info("table view: a click was ignored: %s", why)
            return
        assert isinstance(content, dict)  # refusal() said so
        self._pass_on(content)

    def _pass_on(self, content: dict[str, Any]) -> None:
        click = Click(moment=content["moment"], card=content.get("card"), key=content.get("key"))
        for callback in list(self._callbacks):
            callback(click)
