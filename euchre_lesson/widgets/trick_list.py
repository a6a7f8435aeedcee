"""The finished tricks of a hand, one row each: the cards, who led and who won (in narration's words)."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..engine.cards import Suit
from ..engine.hand import TRICKS_PER_HAND
from ..engine.narration import trick_words
from ..engine.tricks import Trick
from ..engine.view import View
from .cards import CardRow, redraw
from .fallback import Described


class TrickList(Described, w.VBox):
    """The finished tricks of a hand, one row each, with who led and who won."""

    purpose = "The finished tricks of a hand, one row each, with who led and who won."

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.labels = [w.HTML() for _ in range(TRICKS_PER_HAND)]
        self.rows = [CardRow() for _ in range(TRICKS_PER_HAND)]
        self.lines = [w.HBox([label, row], layout=w.Layout(align_items="center"))
                      for label, row in zip(self.labels, self.rows)]
        self.heading = w.HTML("<b>Finished tricks</b>")
        self.children = [self.heading] + self.lines
        self._drawn = None

    def show(self, tricks: tuple[Trick, ...], trump: Suit | None, view: View) -> None:
        """Draw these tricks; rows beyond them are hidden."""
        if self._drawn == (tricks, trump, view.seat, view.players):
            return  # a finished trick never changes: most redraws have nothing new here
        self._drawn = (tricks, trump, view.seat, view.players)
        self.heading.layout.display = "" if tricks else "none"
        for number, (label, row, line) in enumerate(zip(self.labels, self.rows, self.lines), 1):
            if number > len(tricks):
                line.layout.display = "none"
                continue
            trick = tricks[number - 1]
            line.layout.display = ""
            words = escape(trick_words(trick, view, number))
            label.value = f"<span style='display:inline-block;min-width:16em'>{words}</span>"
            redraw(row, trick.cards, trump, disabled=True)
