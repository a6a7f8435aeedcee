"""What one seat's browser is sent: a plain, JSON-ready dict of only what that seat may see.

Everything here is read from the engine's view of that seat (GameState.view, engine/view.py), never from the whole
state: the seat's own hand, the cards played, what was said as that seat heard it, the dummy and the five laid
aside for the maker alone, a card passed in a call for best for the two players concerned. A face-down card is
sent as a count, never as a card. The words are the engine's narration, told to that seat.
"""

from __future__ import annotations

from ..engine.actions import Verb
from ..engine.cards import Card
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.narration import (choice_words, reason_words, reasons_heard, result_words, seat_words, story,
                                up_card_words)
from ..engine.tricks import Trick
from ..engine.view import View


def card_names(cards) -> list[str]:
    """Cards as the table names them: '9♠', 'Joker'."""
    return [str(card) for card in cards]


def named(card: Card | None) -> str | None:
    return None if card is None else str(card)


def trick_seen(trick: Trick | None, number: int) -> dict | None:
    """A trick as every seat sees it: who led, each card with its seat, who won."""
    if trick is None:
        return None
    return {"number": number, "leader": trick.leader, "winner": trick.winner,
            "cards": [{"seat": seat, "card": str(card)} for card, seat in zip(trick.cards, trick.seats)]}


def players_seen(view: View, seats: tuple[dict, ...]) -> list[dict]:
    """Each seat as this seat sees it: who sits there, how many cards it holds (not which), its roles this hand."""
    return [{"seat": seat, "called": seat_words(seat, view), **seats[seat],
             "cards": view.hand_sizes[seat] if view.hand_sizes else 0, "roles": view.roles(seat)}
            for seat in range(view.players)]


def choices_seen(view: View) -> dict:
    """This seat's choices as its page offers them: a card to click for each action of one card (a play, the
    dealer's discard), a button of words for each other one (a bid), and the cards to keep from (the dummy, T5)."""
    by_card, said, keep_from, keep = {}, [], [], 0
    for action in view.legal:
        if action.kind.carries == "card":
            by_card[str(action.card)] = str(action)
        elif action.kind is Verb.KEEP:
            keep = len(action.cards)
            keep_from += [str(card) for card in action.cards if str(card) not in keep_from]
        else:
            said.append({"action": str(action), "words": choice_words(action, view)})
    return {"by_card": by_card, "said": said, "keep_from": keep_from, "keep": keep}


def hand_seen(view: View) -> dict:
    """The hand in play as this seat may see it."""
    return {
        "phase": str(view.phase), "dealer": view.dealer, "to_act": view.to_act, "your_turn": bool(view.legal),
        "hand": card_names(view.hand), "legal": [str(action) for action in view.legal],
        "up_card": str(view.up_card), "up_card_is": up_card_words(view),
        "trump": None if view.trump is None else str(view.trump), "maker": view.maker,
        "tricks": [trick_seen(trick, number) for number, trick in enumerate(view.tricks, 1)],
        "trick": trick_seen(view.trick, len(view.tricks) + 1) if view.trick and view.trick.cards else None,
        "tricks_won": list(view.tricks_won),
        "your_discard": named(view.discard),  # the dealer's own discard (C7)
        "dummy": None if view.dummy is None else card_names(view.dummy),  # the maker who took it (T5)
        "laid_aside": card_names(view.set_aside),  # the maker's own five laid aside (T5)
        "exchanged": card_names(view.exchanged),  # a call for best this seat took part in (R3)
        "dummy_size": view.dummy_size, "laid_aside_size": view.laid_aside,
        "story": [words for _, words in story(view)],
        "choices": choices_seen(view),
    }


def finished_hand(game: GameState) -> tuple[int, HandState] | None:
    """The last hand that is over, with its number from 1: shown for the end-of-hand review."""
    if game.hand.is_over:
        return len(game.hands), game.hand
    if len(game.hands) > 1:
        return len(game.hands) - 1, game.hands[-2]
    return None


def review_seen(game: GameState, seat: int, reasons: dict[int, dict[int, str]],
                grades: tuple[str, ...] | None = None) -> dict | None:
    """The last finished hand as this seat may review it: its story as this seat saw it, its result, the computer
    players' reasons as this seat may hear them (a card this seat never saw is [hidden] in them), and this seat's
    own grades if it asked for them."""
    last = finished_hand(game)
    if last is None:
        return None
    number, hand = last
    view = hand.view(seat)
    heard = reasons_heard(hand, seat, reasons.get(number - 1, {}))
    return {"number": number, "story": [words for _, words in story(view)], "result": result_words(hand, view),
            "reasons": [{"seat": hand.actors[i], "who": seat_words(hand.actors[i], view),
                         "words": reason_words(words, view)} for i, words in sorted(heard.items())],
            "grades": None if grades is None else list(grades)}


NOTHING_OWN = {"hint": None, "grades": None,  # a seat that asked for nothing, at a table where nobody asked to undo
               "undo": {"moment": None, "you_asked": False, "asked": [], "waiting_for": []}}


def every_hand(game: GameState) -> list[dict]:
    """Every player's hand, each as its own seat sees it: what a demonstration shows the whole table."""
    return [{"seat": seat, "cards": card_names(game.view(seat).hand)} for seat in range(game.rules.players)]


def seat_view(game: GameState, seat: int, seats: tuple[dict, ...], reasons: dict[int, dict[int, str]],
              paused: bool = False, own: dict = NOTHING_OWN, hands_open: bool = False) -> dict:
    """Everything `seat` may see of the table, as plain data: `seats` says who sits where (public), `reasons` what
    the computer players said, by hand and place in its history (heard only once the hand is over), `own` what is
    this seat's alone: the hint it asked for, its grades, and the undo asked at the table (who asked is public);
    while the teacher shows every hand for a demonstration (`hands_open`), every player's hand."""
    view = game.view(seat)
    return {
        "seat": seat, "game": game.rules.game, "game_name": game.rules.facts.name,
        "hand_number": len(game.hands), "paused": paused,
        "players": players_seen(view, seats),
        "scores": list(view.scores), "sides": [list(side) for side in game.sides],
        "game_over": game.is_over, "winners": list(game.winners),
        "hand_in_play": hand_seen(view),
        "last_hand": review_seen(game, seat, reasons, own["grades"]),
        "hint": own["hint"],
        "undo": own["undo"],
        "open_hands": every_hand(game) if hands_open else None,
    }
