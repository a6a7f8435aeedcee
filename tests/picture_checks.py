"""Checks that only tests need, on a seat's Picture (euchre_lesson/look): what it shows against what the engine lets
that seat see and do. Imported by tests/test_picture.py, and by the tests of the hosts that send a Picture."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from euchre_lesson.engine.cards import deck
from euchre_lesson.engine.hand import HandState
from euchre_lesson.engine.phases import Phase
from euchre_lesson.engine.view import View, exchange_cards_unseen
from euchre_lesson.look.picture import CardPicture, Picture

SEAT_NUMBER = re.compile(r"\bseat \d\b", re.IGNORECASE)


def strings(value: Any) -> Iterator[str]:
    """Every string anywhere in a JSON-like value: its words, its keys' values, its card ids."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def card_pictures(picture: Picture) -> Iterator[tuple[str, CardPicture]]:
    """Every card face up in a picture, with where it lies: a seat, the trick, the up-card, the dummy."""
    for seat in picture["seats"]:
        for card in seat["cards"]:
            yield f"seat {seat['seat']}", card
    for played in picture["trick"]["cards"] if picture["trick"] else ():
        yield "trick", played["card"]
    for name in ("up_card", "dummy"):
        pile = picture[name]
        for card in pile["cards"] if pile else ():
            yield name, card


def hidden_from(state: HandState, seat: int | None) -> set[str]:
    """The cards `seat` may not see, read from the whole hand (not from the view): the other seats' hands (the
    up-card aside, which was shown to all), the dummy until this seat takes it as maker, the five laid aside by
    another seat, the cards still in the kitty, another dealer's discard, a call for best this seat took no part in.
    A seat of None is an onlooker's, who sees no hand."""
    taken = seat == state.maker and state.phase in (Phase.DUMMY, Phase.EXCHANGE, Phase.PLAY, Phase.DONE)
    hidden = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
    if state.deal.dummy and not (taken and not state.lone_maker):
        hidden |= set(state.deal.dummy) - (set(state.hands[seat]) if seat is not None else set())
    if seat != state.maker:
        hidden |= set(state.set_aside)
    hidden |= set(state.deal.kitty[1:])
    if seat != state.dealer and state.discard is not None:
        hidden.add(state.discard)
    hidden |= set(exchange_cards_unseen(state, seat if seat is not None else -1))
    played = {card for trick in (*state.tricks, state.trick) if trick is not None for card in trick.cards}
    return {str(card) for card in hidden - {state.up_card} - played}


def check_picture(picture: Picture, view: View, state: HandState | None = None, onlooker: bool = False) -> None:
    """Raise AssertionError unless `picture` shows only what `view`'s seat may see and offers exactly its legal
    actions: JSON-ready; no card it has not seen, face up or named in any words; a legal card for each legal
    action of one card, a button for each other one (Keep these five for the keep, T5), and nothing else. An
    onlooker's picture (a teacher's) shows no hand and offers nothing."""
    if onlooker:
        view = replace(view, hand=(), legal=(), discard=None, dummy=None, set_aside=(), exchanged=())
    assert json.loads(json.dumps(picture)) == picture, "the picture does not survive JSON"
    seen = {str(card) for card in view.seen}
    unseen = [str(card) for card in deck(view.rules.deck) if str(card) not in seen]
    face_up = {card["id"] for _, card in card_pictures(picture)}
    assert face_up <= seen, f"cards face up that the seat has not seen: {sorted(face_up - seen)}"
    words = "\n".join(strings(picture))
    named = [card for card in unseen if re.search(rf"(?<![0-9]){re.escape(card)}", words)]
    assert not named, f"cards named in words that the seat has not seen: {named}"
    if state is not None:
        hidden = hidden_from(state, None if onlooker else view.seat)
        assert not hidden & face_up, f"hidden cards face up: {sorted(hidden & face_up)}"
        assert not [card for card in hidden if card in words], "a hidden card is named in the picture's words"
    if state is not None:  # each seat's cards are truly its own, and as many as it holds
        for shown in picture["seats"]:
            held = {str(card) for card in state.hands[shown["seat"]]}
            if shown["seat"] == view.seat and not onlooker:
                held |= {str(card) for card in (*(view.dummy or ()), view.up_card)}  # the keep, the pick-up's sixth
            else:
                count = len(shown["cards"]) + shown["backs"]
                assert count == len(held), f"seat {shown['seat']} drawn with {count} cards, holds {len(held)}"
            faces = {card["id"] for card in shown["cards"]}
            assert faces <= held, f"seat {shown['seat']} drawn holding {sorted(faces - held)}, which it does not hold"
    mine = next(seat for seat in picture["seats"] if seat["seat"] == view.seat)
    legal_cards = {card["id"] for card in mine["cards"] if card["legal"]}
    elsewhere = [(where, card["id"]) for where, card in card_pictures(picture) if card["legal"]]
    assert len(elsewhere) == len(legal_cards), f"a card away from your hand is marked legal: {elsewhere}"
    bids = {button["key"] for button in picture["buttons"] if button["kind"] == "bid"}
    keeps = [button for button in picture["buttons"] if button["kind"] == "keep"]
    by_card = {str(action.card) for action in view.legal if action.kind.carries == "card"}
    other = {str(action) for action in view.legal if action.kind.carries not in ("card", "cards")}
    five = {str(card) for action in view.legal if action.kind.carries == "cards" for card in action.cards}
    if five:
        assert legal_cards == five and len(keeps) == 1, "the keep step must offer the ten cards and Keep these five"
        assert picture["keep"] == 5
        assert all(card["from_dummy"] for card in mine["cards"][5:]), "the dummy's five come last, marked"
        assert not any(card["from_dummy"] for card in mine["cards"][:5]), "the maker's own five come first"
    else:
        assert legal_cards == by_card, f"legal cards {sorted(legal_cards)}, the engine's {sorted(by_card)}"
        assert not keeps and picture["keep"] == 0, "Keep these five offered outside the keep step"
    assert bids == other, f"bid buttons {sorted(bids)}, the engine's {sorted(other)}"
    for card in mine["cards"] if not onlooker else ():  # an onlooker's bottom seat is not theirs to click
        assert card["legal"] or card["why_not"], f"{card['id']} may not be clicked and says not why"
    assert picture["your_turn"] == bool(view.legal), "your_turn disagrees with the engine"
    assert picture["prompt"].strip(), "no prompt"
    assert not SEAT_NUMBER.search(words), f"a seat number alone in words: {SEAT_NUMBER.search(words)}"
    places = [seat["place"] for seat in picture["seats"]]
    assert mine["place"] == "bottom" and len(set(places)) == len(places), f"places {places}"
