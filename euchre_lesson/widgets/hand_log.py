"""The story of a hand as one seat saw it: who said and played what, and the computer's reasons."""

from __future__ import annotations

from html import escape

from ..cards import Card, deck
from ..hand import HandState
from ..view import View
from .bids import said_words, seat_words
from .scoring import row_words

HIDDEN = "[hidden]"


def visible_cards(view: View) -> set[Card]:
    """Every card this seat has seen: its hand, the up-card, cards played, its discard, the dummy it took."""
    seen = set(view.hand) | set(view.played) | {view.up_card} | set(view.dummy or ()) | set(view.set_aside)
    return seen | ({view.discard} if view.discard is not None else set())


def unseen(view: View) -> list[str]:
    """The names of the cards this seat has not seen."""
    seen = visible_cards(view)
    return [str(card) for card in deck(view.rules.deck) if card not in seen]


def masked(text: str, hidden: list[str]) -> str:
    """The text with these card names replaced by [hidden]: a computer's reason may name cards in its hand."""
    for name in hidden:
        text = text.replace(name, HIDDEN)
    return text


def log_lines(hand: HandState, view: View, reasons: dict[int, str]) -> list[str]:
    """One line per action of the hand (bids, then cards), each with its reason when one was given.

    `reasons` maps the index of an action in the hand's history to what its player said.
    """
    bids = [i for i, action in enumerate(hand.history) if action.kind != "play"]
    plays = [i for i, action in enumerate(hand.history) if action.kind == "play"]
    lines = [(i, said_words(token, actor, view)) for i, (actor, token) in zip(bids, view.said)]
    tricks = view.tricks + ((view.trick,) if view.trick is not None and view.trick.cards else ())
    cards = [(n, card, seat) for n, trick in enumerate(tricks, 1) for card, seat in zip(trick.cards, trick.seats)]
    for i, (n, card, seat) in zip(plays, cards):
        lead = "led" if seat == tricks[n - 1].seats[0] else "played"
        lines.append((i, f"trick {n}: {seat_words(seat, view)} {lead} the {card}"))
    out, hidden = [], unseen(view)
    for i, words in lines:
        reason = f" — “{masked(reasons[i], hidden)}”" if i in reasons else ""
        out.append(escape(words[0].upper() + words[1:] + "." + reason))
    return out


def log_html(hand: HandState, view: View, reasons: dict[int, str]) -> str:
    """The log as a numbered list."""
    lines = log_lines(hand, view, reasons)
    if not lines:
        return "<i>Nothing has been said yet.</i>"
    return "<ol style='margin:0;padding-left:1.6em'>" + "".join(f"<li>{line}</li>" for line in lines) + "</ol>"


def result_words(hand: HandState, view: View) -> str:
    """How a finished hand went: who made what, the tricks, the row of the scoring table, the points."""
    if hand.thrown_in:
        return "Everyone passed twice: the hand is thrown in, nobody scores, and the deal passes left (C9)."
    alone = ", alone" if hand.lone_maker else ""
    side = "the makers" if hand.players == 4 else "the maker"
    tricks = f"{hand.maker_tricks} trick{'s' * (hand.maker_tricks != 1)}"
    got = ", ".join(f"{seat_words(seat, view)} {points}" for seat, points in enumerate(hand.points))
    return (f"{seat_words(hand.maker, view).capitalize()} made {hand.trump.plural} {hand.trump} trump{alone}; "
            f"{side} took {tricks}: {row_words(hand.rules, hand.result)}. Points this hand: {got}.")
