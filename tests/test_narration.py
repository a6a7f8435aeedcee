"""The words the table says (narration.py): from one seat's point of view nothing hidden is named; with the
hands open, everything is."""

from __future__ import annotations

import dataclasses

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, deal_hand, deck
from euchre_lesson.engine import narration
from euchre_lesson.engine.actions import Verb

RULE_SETS = (
    CUTTHROAT,
    PARTNERSHIP,
    dataclasses.replace(CUTTHROAT, deck=25),
    dataclasses.replace(PARTNERSHIP, deck=32, stick_the_dealer=True),
    TWO_HANDED,
    RAILROAD,
    dataclasses.replace(CUTTHROAT, call_for_best=True),
)


@pytest.fixture(scope="module")
def a_pickup():
    """Partnership, seat 3 deals the 9♥; seat 0 passes, seat 1 assists, seat 3 picks up and lays the 9♣ away."""
    hand = deal_hand(PARTNERSHIP, 3, seed=4).apply("pass").apply("order")
    return hand.apply("pickup 9C")


def test_another_seat_s_discard_is_told_face_down_and_yours_face_up(a_pickup):
    hand = a_pickup
    assert [words for _, words in narration.story(hand.view(0))] == [
        "you passed",
        "seat 1 assisted the 9♥",
        "seat 3 took the 9♥ and discarded a card face down",
    ]
    assert narration.story(hand.view(1))[1:] == [
        (1, "you assisted the 9♥"),
        (2, "your partner (seat 3) took the 9♥ and discarded a card face down"),
    ]
    assert narration.step_words(hand, hand.view(3)) == "You took the 9♥ and discarded the 9♣."
    assert narration.step_words(hand, hand) == "Seat 3 took the 9♥ and discarded the 9♣."  # the hands open
    assert narration.said_words(hand.history[-1], 3, hand.view(2)) == narration.said_words("pickup", 3, hand.view(2))
    assert narration.deal_words(hand, hand.view(0)) == "Seat 3 dealt; the up-card is the 9♥. You are first to speak."


def test_the_order_is_named_by_who_gives_it():
    """The dealer accepts, the dealer's partner assists, the others order up (C6, F2)."""
    hand = deal_hand(PARTNERSHIP, 3, seed=4)
    view = hand.view(0)
    assert [narration.order_name(seat, view) for seat in range(4)] == ["order up", "assist", "order up", "accept"]
    assert narration.offer(hand.legal_actions()[1], view)[0] == "Order up the 9♥"


def test_a_verb_without_words_yet_is_still_told(a_pickup, monkeypatch):
    monkeypatch.delitem(narration.SAID, Verb.PICKUP)
    monkeypatch.delitem(narration.OFFERS, Verb.PICKUP)
    assert narration.said_words(a_pickup.history[-1], 3, a_pickup.view(0)) == "seat 3 chose pickup, face down"
    assert narration.said_words(a_pickup.history[-1], 3, a_pickup) == "seat 3 chose pickup 9♣"
    assert narration.offer(a_pickup.history[-1], a_pickup.view(3)) == ("pickup 9♣", "")


def named_cards(text: str, cards) -> set:
    return {card for card in cards if str(card) in text}


def test_no_word_of_the_table_names_a_card_the_seat_has_not_seen(random_state):
    """Every line of the story, every step, trick, result, button and reason, at every step of random hands."""
    told = 0
    for i in range(84):
        hand = random_state(RULE_SETS[i % len(RULE_SETS)], 500 + i)
        everything = deck(hand.rules.deck)
        for state in hand.states():
            for seat in range(state.players):
                view = state.view(seat)
                words = [line for _, line in narration.story(view)] + [narration.step_words(state, view)]
                words += [" ".join(narration.offer(action, view)) for action in view.legal]
                trick, number = view.trick_on_table
                words += [narration.trick_words(trick, view, number)] if trick else []
                words += [narration.result_words(state, view)] if state.is_over else []
                words += [narration.reason_words(" ".join(map(str, everything)), view)]
                leaked = named_cards(" ".join(words), everything) - view.seen
                assert not leaked, (seat, leaked, words, state.to_json())
                told += len(words)
            opened = " ".join(line for _, line in narration.story(state))
            for card in (state.discard, *state.given, *state.laid_down):  # with the hands open, each is told
                assert card is None or str(card) in opened
    assert told > 20000


def test_a_keep_is_told_with_its_five_to_the_maker_and_face_down_to_the_others():
    """T5: the maker takes the dummy, keeps five of the ten and lays the other five aside face down."""
    hand = deal_hand(CUTTHROAT, 0, seed=3).apply("order")
    while hand.phase.name != "DUMMY":  # the dealer picks up, then each asked stays with the dummy or together
        hand = hand.apply(next((a for a in hand.legal_actions() if a.kind is Verb.STAY), hand.legal_actions()[0]))
    five = hand.legal_actions()[0]
    hand, maker = hand.apply(five), hand.to_act
    cards = " ".join(map(str, five.cards))
    assert (
        narration.step_words(hand, hand.view(maker))
        == f"You took the dummy, kept {cards} and laid the other five aside."
    )
    assert (
        narration.step_words(hand, hand) == f"Seat {maker} took the dummy, kept {cards} and laid the other five aside."
    )
    other = (maker + 1) % 3
    assert (
        narration.step_words(hand, hand.view(other))
        == f"Seat {maker} took the dummy and laid five cards aside face down."
    )


@pytest.mark.rule("C10")
def test_the_maker_s_partner_is_offered_to_go_alone_and_told_going_alone_for_the_makers(a_pickup):
    """Seat 1 assisted: the maker's partner, seat 3 (who picked up), is asked after the maker stays (C10)."""
    hand = a_pickup.apply("stay")
    assert hand.to_act == 3
    view = hand.view(3)
    assert narration.offer(view.legal[0], view) == (
        "Go alone",
        "play for the makers without your partner, the maker, who sits out; a march scores more (C10, F3)",
    )
    assert narration.offer(view.legal[1], view)[0] == "Play with your partner"
    alone = hand.apply("alone")
    assert narration.step_words(alone, alone.view(1)) == (
        "Your partner (seat 3) went alone for the makers, and you sit out."
    )
    assert narration.step_words(alone, alone.view(0)) == "Seat 3 went alone for the makers, and seat 1 sits out."
    assert narration.step_words(hand.apply("stay"), hand.view(0)) == "Seat 3 chose not to go alone."
    assert alone.view(0).roles(3) == ["dealer", "maker's partner, alone"]
    assert alone.view(0).roles(1) == ["maker", "sits out"]


@pytest.mark.rule("R3")
def test_a_call_for_best_is_told_face_down_to_those_who_did_not_take_part():
    """The card given is named to the giver and the lone player; the card laid down to the lone player alone."""
    hand = deal_hand(RAILROAD, 1, seed=11)
    while hand.phase.name != "EXCHANGE":  # everyone orders, the maker goes alone
        legal = hand.legal_actions()
        hand = hand.apply(next((a for a in legal if a.kind in (Verb.ORDER, Verb.ALONE, Verb.CALL)), legal[0]))
    giver, lone = hand.exchanging
    given = hand.apply(hand.legal_actions()[0])
    card = given.given[0]
    assert narration.step_words(given, given.view(lone)) == f"Your partner (seat {giver}) gave the {card} to you."
    assert narration.step_words(given, given.view(giver)) == f"You gave the {card} to your partner (seat {lone})."
    other = next(seat for seat in range(4) if seat not in (giver, lone))
    assert narration.step_words(given, given.view(other)) == f"Seat {giver} passed a card face down to seat {lone}."
    laid = given.apply(given.legal_actions()[0])
    down = laid.laid_down[0]
    assert narration.step_words(laid, laid.view(lone)) == f"You discarded the {down}."
    assert narration.step_words(laid, laid.view(giver)) == (f"Your partner (seat {lone}) discarded a card face down.")
    assert narration.offer(given.legal_actions()[0], given.view(lone)) == (
        f"Discard the {given.hands[lone][0]}",
        f"lay the {given.hands[lone][0]} away face down, out of play, and keep five (R3)",
    )
