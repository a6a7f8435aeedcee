"""Checks that only tests need, on the Table widget: what its controls offer and what it shows, against the
game its session holds. Imported by the table tests and, inside the kernel, by the browser tests."""

from __future__ import annotations

import itertools
import json
from html import escape

import ipywidgets as w
import widget_checks

from euchre_lesson.engine.actions import Action, Verb, keep
from euchre_lesson.engine.cards import Card, deck, parse_card
from euchre_lesson.engine.hand import Phase
from euchre_lesson.look.clicks import action_for
from euchre_lesson.look.picture import Click
from euchre_lesson.play.session import CHOSEN_BY_CARD, card_verb
from euchre_lesson.widgets.cards import has_class
from euchre_lesson.widgets.table import Table
from euchre_lesson.widgets.table_view import TableView


class BoardClick:
    """A click on the board (the one table view) as its script sends it from the page: a card or a button's key,
    with the moment of the picture it was drawn from (read when this click is made, as the page reads it)."""

    def __init__(self, board: TableView, card: str | None = None, key: str | None = None):
        self.board, self.description, self.tooltip = board, card or key or "", ""
        self.content = {"moment": board.picture.get("moment"), **({"card": card} if card else {"key": key})}

    def click(self) -> None:
        self.board._handle_custom_msg(dict(self.content), [])

    def __repr__(self) -> str:
        return f"<BoardClick {self.content}>"


def board_clicks(board: TableView) -> list[BoardClick]:
    """Every click the board's script would send now: each card it shows as clickable, each button enabled."""
    from euchre_lesson.widgets.table_view import cards_shown

    picture = board.picture
    cards = [BoardClick(board, card=card["id"]) for card in cards_shown(picture) if card["legal"]]
    return cards + [BoardClick(board, key=b["key"]) for b in picture.get("buttons") or [] if b["enabled"]]


def board_click(table: Table, action: Action) -> BoardClick:
    """The click on the board that a learner makes last for this action (a keep's five selected first, in code)."""
    if action.kind is Verb.KEEP:
        for card in set(action.cards) ^ table.selected:
            table.board.click_card(str(card))
    if action.card is not None and action.kind in CHOSEN_BY_CARD:
        return BoardClick(table.board, card=str(action.card))
    return BoardClick(table.board, key=table.key_for(action))


def your_seat(table: Table) -> dict:
    """The board's picture of your seat (place "bottom")."""
    return next(seat for seat in table.board.picture["seats"] if seat["place"] == "bottom")


def seat_picture(table: Table, seat: int) -> dict:
    """The board's picture of a seat, by its number."""
    return next(shown for shown in table.board.picture["seats"] if shown["seat"] == seat)


def offered(table: Table) -> set[Action]:
    """Every action the board offers now: bid buttons, cards that may be clicked, fives of the selectable cards."""
    picture = table.board.picture
    buttons = [button for button in picture["buttons"] if button["enabled"] or button["kind"] == "keep"]
    clicks = [Click(moment=picture["moment"], card=None, key=b["key"]) for b in buttons if b["kind"] == "bid"]
    out = {action_for(table.view, click, moment=picture["moment"]) for click in clicks}
    raised = [parse_card(card["id"]) for card in your_seat(table)["cards"] if card["legal"]]
    if any(button["kind"] == "keep" for button in buttons):
        out |= {keep(five) for five in itertools.combinations(raised, 5)}
    elif raised:
        out |= {Action(card_verb(table.view), card=card) for card in raised}
    return out


def page_texts(table: Table) -> list[str]:
    """The words of every widget shown: card faces and tooltips (not backs), labels, notes."""
    texts, stack = [], [table]
    while stack:
        widget = stack.pop()
        if widget.layout.display == "none":
            continue
        stack.extend(getattr(widget, "children", ()))
        if isinstance(widget, TableView):  # the board: every word and face-up card of its picture
            texts.append(json.dumps(widget.picture, ensure_ascii=False))
        elif isinstance(widget, w.Button) and not has_class(widget, "euchre-back"):
            texts += [widget.description, widget.tooltip or ""]
        elif isinstance(widget, w.HTML):
            texts.append(widget.value)
    return texts


def shown_cards(table: Table) -> set[Card]:
    """Every card whose face appears anywhere on the table: on a card, in a label, in a note."""
    text = "\n".join(page_texts(table))
    for typed in filter(None, (table.path_input.value.strip(), table.session.news.path)):
        text = text.replace(typed, "").replace(escape(typed), "")  # a path the learner typed may look like cards
    return {card for card in deck(table.game.rules.deck) if str(card) in text}


def assert_valid(table: Table) -> None:
    """Raise AssertionError if what the table shows disagrees with the game."""
    game, hand, view = table.game, table.hand, table.view
    # a redraw that failed is logged and kept, not raised into the click (the other listeners must still hear)
    assert not table.session.problems, f"telling the table failed: {table.session.problems}"
    wanted = set(game.legal_actions()) if table.my_turn else set()
    assert offered(table) == wanted, f"controls offer {sorted(map(str, offered(table) ^ wanted))} wrongly"
    picture = table.board.picture
    shown = {score["side"]: score["points"] for score in picture["scores"]}
    assert shown == dict(enumerate(game.scores)), f"scores shown {shown}, the game has {game.scores}"
    for seat in picture["seats"]:
        number = seat["seat"]
        tricks = seat["tricks"]
        assert tricks == hand.tricks_won[number], f"seat {number} shows {tricks} tricks, has {hand.tricks_won[number]}"
        held = seat["backs"] + len(seat["cards"])
        if number != table.seat:
            assert held == len(hand.hands[number]), f"seat {number} shows {held} cards, holds {len(hand.hands[number])}"
    if view.phase not in (Phase.PICKUP, Phase.DUMMY) or not view.legal:
        mine = {parse_card(card["id"]) for card in your_seat(table)["cards"]}
        assert mine == set(view.hand), "your row does not show your hand"
    if not table.hands_open:  # a demonstration's open hands (projector mode) show every card on purpose
        leaked = shown_cards(table) - view.seen
        assert not leaked, f"the table shows cards hidden from you: {sorted(map(str, leaked))}"
    assert (table.next_tie.layout.display != "none") == (hand.is_over and not game.is_over), (
        "Next hand is offered at the wrong time"
    )


def check(widget) -> None:
    """`assert_valid` for any widget of the lessons: the Table's checks live here, the trainers' in widget_checks.py."""
    if isinstance(widget, Table):
        assert_valid(widget)
    else:
        widget_checks.check(widget)
