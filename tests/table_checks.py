"""Checks that only tests need, on the Table widget: what its controls offer and what it shows, against the
game its session holds. Imported by the table tests and, inside the kernel, by the browser tests."""

from __future__ import annotations

import itertools
import re
from html import escape

import ipywidgets as w
import widget_checks

from euchre_lesson.engine.actions import Action, keep
from euchre_lesson.engine.cards import Card, deck
from euchre_lesson.engine.hand import Phase
from euchre_lesson.play.session import card_verb
from euchre_lesson.widgets.cards import has_class
from euchre_lesson.widgets.table import Table


def offered(table: Table) -> set[Action]:
    """Every action the controls offer now: bid buttons, raised cards, fives of the selectable cards."""
    out = set(table.choices.actions)
    raised = [card for card in table.hand_row.cards if table.hand_row.marked(card, "legal")]
    if table.keep_tie.layout.display != "none":
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
        if isinstance(widget, w.Button) and not has_class(widget, "euchre-back"):
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
    scores = re.findall(r'data-side="(\d)">[^<]*<b>(\d+)</b>', table.scores.value)
    shown = {int(side): int(score) for side, score in scores}
    assert shown == dict(enumerate(game.scores)), f"scores shown {shown}, the game has {game.scores}"
    labels = {
        **{s: table.seat_labels[s].value for s in range(hand.players) if s != table.seat},
        table.seat: table.you_label.value,
    }
    for seat, label in labels.items():
        tricks = int(re.search(r"tricks (\d+)", label).group(1))
        assert tricks == hand.tricks_won[seat], f"seat {seat} shows {tricks} tricks, has {hand.tricks_won[seat]}"
        if seat != table.seat:
            backs = len(table.seat_rows[seat].cards)
            assert backs == len(hand.hands[seat]), f"seat {seat} shows {backs} cards, holds {len(hand.hands[seat])}"
    if view.phase not in (Phase.PICKUP, Phase.DUMMY) or not view.legal:
        assert set(table.hand_row.cards) == set(view.hand), "your row does not show your hand"
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
