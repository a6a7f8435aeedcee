"""Plain-text and HTML pictures of cards, hands and games, for a bare object in a cell."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from . import language
from .cards import Card, Suit, sort_key
from .faces import card_words, face_html, suit_words
from .language import N_, _
from .ranking import bower
from .view import seat_roles, trick_on_table

if TYPE_CHECKING:
    from .game import GameState
    from .hand import HandState

# Every rule id a page shows links to its entry in the rule-book lesson, which sits beside the lessons; a page
# elsewhere (the app, in app/) names the way to it in $EUCHRE_LESSON_RULE_BOOK, e.g. ../notebooks/13_rule_book.ipynb.
# A Jupyter server with Voila's pages says where they are ($EUCHRE_LESSON_PAGES, of the folder $EUCHRE_LESSON_ROOT;
# see euchre_lesson.server_extension): there the link opens the rule book's page, which lands on the rule, where
# JupyterLab would open the notebook at its top.
RULE_BOOK = "13_rule_book.ipynb"
RULE_BOOK_SETTING = "EUCHRE_LESSON_RULE_BOOK"
PAGES_SETTING, ROOT_SETTING = "EUCHRE_LESSON_PAGES", "EUCHRE_LESSON_ROOT"
RULE_ID = re.compile(r"\b[CTFWR][1-9][0-9]?\b")  # C7, T5, F4, W2, R3: the ids of RULES.md
_TAG = re.compile(r"(<[^>]*>)")
_NO_LINKS_INSIDE = ("a", "style", "script", "button", "textarea")  # text there is not prose, or is a link already


def rule_book_address() -> str:
    """Where a link to the rule book leads from the page being drawn: the one place that knows where it is shown."""
    pages, root = os.environ.get(PAGES_SETTING), os.environ.get(ROOT_SETTING)
    if os.environ.get(RULE_BOOK_SETTING) or not (pages and root):
        return os.environ.get(RULE_BOOK_SETTING) or RULE_BOOK
    folder = Path(os.getcwd()).resolve()  # a lesson's kernel runs in the lesson's folder
    if not folder.is_relative_to(Path(root).resolve()):
        return RULE_BOOK
    return pages + "/".join([*folder.relative_to(Path(root).resolve()).parts, RULE_BOOK])


def rule_link(rule: str) -> str:
    """An HTML link from a lesson to a rule's entry in the rule book, underlined so it is not told by colour alone."""
    book = escape(rule_book_address(), quote=True)
    title = escape(_("rule {rule} in the rule book").format(rule=rule), quote=True)
    return f'<a href="{book}#{rule}" target="_blank" title="{title}" style="text-decoration:underline">{rule}</a>'


def rule_links(html: str) -> str:
    """HTML with each rule id of its text (not of a tag, a link or a style sheet) a link to the rule book."""
    parts, closing = _TAG.split(html), None
    for index in range(0, len(parts), 2):  # text between tags; the odd parts are the tags
        if closing is None:
            parts[index] = RULE_ID.sub(lambda found: rule_link(found[0]), parts[index])
        tag = parts[index + 1].lower() if index + 1 < len(parts) else ""
        name = re.match(r"</?([a-z]+)", tag)
        if closing is None and name and not tag.startswith("</") and name[1] in _NO_LINKS_INSIDE:
            closing = f"</{name[1]}"
        elif closing is not None and tag.startswith(closing):
            closing = None
    return "".join(parts)


def words_html(text: str) -> str:
    """Plain words for a page: escaped, with each rule id a link to the rule book."""
    return rule_links(escape(text))


# A card's role under trump, marked here and translated where it is said.
ROLE_WORDS = {"right": N_("right bower"), "left": N_("left bower"), "joker": N_("joker, highest trump")}
ROLE_MARKS = {"right": "R", "left": "L", "joker": "★"}


def card_name(card: Card, trump: Suit | None = None) -> str:
    """A card in a screen reader's words, in the language chosen: 'jack of diamonds, left bower' ('valet de
    carreau, …'). Every tooltip, text alternative and drawn face names its card here."""
    return card_words(card, bower(card, trump) if trump is not None else None)


def card_html(card: Card, trump: Suit | None = None, *, dim: bool = False) -> str:
    """A small card face: rank and suit symbol, coloured, with a text alternative; a bower or the joker marked."""
    role = bower(card, trump) if trump is not None else None
    mark = f'<sup style="font-size:0.6em;color:#8a5a00">{ROLE_MARKS[role]}</sup>' if role else ""
    return face_html(card, card_name(card, trump), mark=mark, ring=bool(role), dim=dim)


def cards_html(cards: Iterable[Card], trump: Suit | None = None) -> str:
    return "".join(card_html(c, trump) for c in cards) or '<span style="color:#888">—</span>'


# Each game's name as a hand's first line says it, marked here and translated where it is shown.
GAME_WORDS = {
    "cutthroat": N_("Cutthroat"),
    "partnership": N_("Partnership"),
    "twohand": N_("Twohand"),
    "railroad": N_("Railroad"),
}


def _seat_words(seat: int) -> str:
    return _("seat {seat}").format(seat=seat)


def _seat_label(state: HandState, seat: int) -> str:
    roles = [language._(role) for role in seat_roles(state, seat)]  # the roles' words: look/seat_picture.py
    return _("seat {seat} ({roles})").format(seat=seat, roles=", ".join(roles)) if roles else _seat_words(seat)


def _status(state: HandState) -> str:
    game = state.rules.game
    parts = [language._(GAME_WORDS[game]) if game in GAME_WORDS else game.capitalize(), f"{state.phase}"]
    if state.trump is not None:
        parts.append(_("trump {suit} {suits}").format(suit=state.trump, suits=suit_words(state.trump)))
    if state.is_over:
        if state.thrown_in:
            parts.append(_("thrown in: everyone passed (C9)"))
        else:
            result = language._(state.result.result) if state.result else ""
            parts.append(_("{result}; points {points}").format(result=result, points=list(state.points or ())))
    return " · ".join(parts)


def _tricks_words(state: HandState, seat: int) -> str:
    return _("tricks {count}").format(count=state.tricks_won[seat])


def hand_text(state: HandState) -> str:
    """A few lines describing a hand, readable in a terminal."""
    lines = [_status(state)]
    if not state.is_over or state.thrown_in:
        up = _("up-card: {card} (turned down)") if state.turned_down else _("up-card: {card}")
        lines.append("  " + up.format(card=state.up_card))
    for seat in range(state.players):
        hand = " ".join(map(str, sorted(state.hands[seat], key=sort_key)))
        lines.append(f"  {_seat_label(state, seat)}: {hand}   {_tricks_words(state, seat)}")
    if state.dummy is not None:
        lines.append("  " + _("dummy: {cards}").format(cards=" ".join(map(str, state.dummy))))
    if state.trick is not None and state.trick.cards:
        by = _("{card} by seat {seat}")
        played = ", ".join(by.format(card=c, seat=s) for c, s in zip(state.trick.cards, state.trick.seats))
        lines.append("  " + _("trick {number}: {played}").format(number=len(state.tricks) + 1, played=played))
    return "\n".join(lines)


# Where each seat sits on screen: seat 0 at the bottom, then clockwise (seat s+1 is on s's left).
SEAT_AREAS = ("south", "west", "north", "east")


def _seat_html(state: HandState, seat: int) -> str:
    bold = "font-weight:700;" if seat == state.to_act else ""
    hand = sorted(state.hands[seat], key=sort_key)
    return (
        f'<div style="grid-area:{SEAT_AREAS[seat]};text-align:center">'
        f'<div style="{bold}">{escape(_seat_label(state, seat))} · {escape(_tricks_words(state, seat))}</div>'
        f"{cards_html(hand, state.trump)}</div>"
    )


def _centre_html(state: HandState) -> str:
    trump = state.trump
    lines = []
    if not state.is_over:
        note = _("turned down") if state.turned_down else (_("taken by the dealer") if state.picked_up else "")
        face = card_html(state.up_card, trump, dim=bool(note))
        up = _("up-card {card} ({note})") if note else _("up-card {card}")
        lines.append(up.format(card=face, note=escape(note)))
    trick, number = trick_on_table(state)
    won = trick is not None and trick.winner is not None
    label = _("trick {number}, won by seat {seat}") if won else _("trick {number}")
    label = label.format(number=number, seat=trick.winner if trick is not None else None)
    if trick is not None and trick.cards:
        played = " ".join(
            f"{card_html(c, trump)}<small>{escape(_seat_words(s))}</small>" for c, s in zip(trick.cards, trick.seats)
        )
        lines.append(f"{escape(label)}: {played}")
    return f'<div style="grid-area:centre;text-align:center">{"<br>".join(lines)}</div>'


def hand_html(state: HandState) -> str:
    """The table seen from above: seats around it, the up-card and the trick in the middle."""
    seats = [_seat_html(state, seat) for seat in range(state.players)]
    if state.dummy is not None:
        dummy = escape(_("dummy (open side)"))
        seats.append(
            f'<div style="grid-area:east;text-align:center"><div>{dummy}</div>'
            f"{cards_html(state.dummy, state.trump)}</div>"
        )
    grid = (
        "display:grid;grid-template-areas:'. north .' 'west centre east' '. south .';"
        "grid-template-columns:1fr auto 1fr;"
        "gap:0.6em;align-items:center;font-family:sans-serif;padding:0.5em;"
        "background:#e8f3ea;border-radius:0.6em;max-width:52em"
    )
    return (
        f'<div class="euchre-hand"><div style="font-family:sans-serif;margin-bottom:0.3em">'
        f'{words_html(_status(state))}</div><div style="{grid}">{"".join(seats)}{_centre_html(state)}</div></div>'
    )


def _score_line(game: GameState) -> str:
    names = [" & ".join(_seat_words(s) for s in side) for side in game.sides]
    scores = ", ".join(f"{name}: {score}" for name, score in zip(names, game.scores))
    if game.is_over:
        winners = ""
        for name in (names[i] for i in game.winners):  # "seat 0 and seat 2": a sentence of its own (see hand.py)
            winners = _("{one} and {other}").format(one=winners, other=name) if winners else name
        return _("Game over after {count} hands: {winners} won. Scores {scores}.").format(
            count=len(game.hands), winners=winners, scores=scores
        )
    return _("Hand {number} · scores {scores} · target {target}").format(
        number=len(game.hands), scores=scores, target=game.rules.target
    )


def game_text(game: GameState) -> str:
    return _score_line(game) + "\n" + hand_text(game.hand)


def game_html(game: GameState) -> str:
    return f'<div style="font-family:sans-serif;font-weight:600">{escape(_score_line(game))}</div>' + hand_html(
        game.hand
    )
