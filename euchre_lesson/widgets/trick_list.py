"""The finished tricks of a hand, one line each: the cards, who led and who won (in narration's words)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import ipywidgets as w

from ..engine import checks
from ..engine.cards import Suit
from ..engine.language import N_, _
from ..engine.narration import trick_words
from ..engine.tricks import Trick
from ..engine.view import View
from ..look.prompts import in_names
from .cards import strip_html
from .fallback import Described


class TrickList(Described, w.HTML):
    """The finished tricks of a hand, one line each, with who led and who won: one piece of HTML (see CardStrip)."""

    purpose = N_("The finished tricks of a hand, one row each, with who led and who won.")

    def __init__(self) -> None:
        super().__init__()  # no value from outside: show() draws it

    def show(
        self, tricks: tuple[Trick, ...], trump: Suit | None, view: View, names: Sequence[str] | None = None
    ) -> None:
        """Draw these tricks (nothing before the first is finished), each seat called by its name in `names`."""
        if not isinstance(tricks, (tuple, list)) or not all(isinstance(trick, Trick) for trick in tricks):
            raise checks.refused("tricks", tricks, "the finished tricks, a list of Tricks")
        trump = checks.suit("trump", trump, optional=True)
        checks.instance("view", view, View, "a View: the hand as one seat saw it")
        lines = "".join(
            f'<div style="display:flex;align-items:center"><span style="display:inline-block;min-width:16em">'
            f"{escape(in_names(trick_words(trick, view, number), names))}</span>{strip_html(trick.cards, trump)}</div>"
            for number, trick in enumerate(tricks, 1)
        )
        self.value = _("<b>Finished tricks</b>") + lines if tricks else ""
