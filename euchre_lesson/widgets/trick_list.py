"""Tricks on the table: the one in progress (or the last one, with its winner) and every finished trick."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..cards import Suit
from ..tricks import Trick
from ..view import View
from .bids import seat_words
from .cards import CardRow, redraw

TRICKS_PER_HAND = 5


def trick_words(trick: Trick, view: View, number: int) -> str:
    """'Trick 2, led by seat 1: 9♠ seat 1, K♠ you; won by you'."""
    played = ", ".join(f"{card} {seat_words(seat, view)}" for card, seat in zip(trick.cards, trick.seats))
    won = f"; won by {seat_words(trick.winner, view)}" if trick.winner is not None else ""
    return f"Trick {number}, led by {seat_words(trick.leader, view)}: {played or 'no card yet'}{won}"


def trick_on_table(view: View) -> tuple[Trick | None, int]:
    """The trick to show in the middle: the one in progress, or the last finished one until the next card."""
    if view.trick is not None and view.trick.cards:
        return view.trick, len(view.tricks) + 1
    if view.tricks:
        return view.tricks[-1], len(view.tricks)
    return view.trick, len(view.tricks) + 1


class TrickList(w.VBox):
    """The finished tricks of a hand, one row each, with who led and who won."""

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
