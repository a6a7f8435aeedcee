"""What a seat knows (View), re-derived independently from the hand's history at every step of random hands.

The re-derivations below read only the deal, the actions and who took them, and the rule book: they never
ask the View, or the engine's helpers that build it, for the answer.
"""

from __future__ import annotations

import dataclasses

import pytest

from euchre_lesson import (
    CUTTHROAT,
    PARTNERSHIP,
    RAILROAD,
    TWO_HANDED,
    Card,
    Deal,
    HandState,
    Phase,
    Trick,
    deal_hand,
    deck,
    replay,
)
from euchre_lesson.engine.rules import side_of
from euchre_lesson.engine.view import View, cards_known, public_token, seat_roles, trick_on_table

RULE_SETS = (
    CUTTHROAT,
    PARTNERSHIP,
    dataclasses.replace(CUTTHROAT, deck=25),
    dataclasses.replace(PARTNERSHIP, deck=32, stick_the_dealer=True),
    dataclasses.replace(CUTTHROAT, dealer_must_pick_up=True, allow_lone_defender=False),
    dataclasses.replace(PARTNERSHIP, deck=25, opening_lead="dealer_left"),
    TWO_HANDED,
    RAILROAD,
    dataclasses.replace(CUTTHROAT, call_for_best=True),
    dataclasses.replace(RAILROAD, deck=24, partner_may_go_alone=False),
)
HANDS = 150
# A discard, the five kept, a card given and the card a lone player lays down go face down: only their maker
# sees them, and the lone player a card given to them (C7, T5, R3).
FACE_DOWN = {"pickup": "C7", "keep": "T5", "give": "R3", "discard": "R3"}


@pytest.fixture(scope="module")
def hands(random_state) -> tuple[HandState, ...]:
    """Random hands played to their end, under every rule set (thrown-in hands too)."""
    return tuple(random_state(RULE_SETS[i % len(RULE_SETS)], 7000 + i) for i in range(HANDS))


def moments(hands):
    """Every state of every hand, from the deal to the end, each with the index of its step."""
    for hand in hands:
        yield from enumerate(hand.states())


# -- re-derivations from the history ----------------------------------------------------------------


def maker_of(state) -> int | None:
    """The seat that ordered the up-card or named trump (C6, C8, C3), if any yet."""
    return next((actor for action, actor in zip(state.history, state.actors) if action.kind in ("order", "call")), None)


def alone_seats(state) -> list[int]:
    return [actor for action, actor in zip(state.history, state.actors) if action.kind == "alone"]


def receiver_from_history(state, giver: int) -> int:
    """R3: the lone player on the giver's side: the one of its side who announced going alone."""
    alone = [actor for action, actor in zip(state.history, state.actors) if action.kind == "alone"]
    return next(seat for seat in alone if seat in side_from_rules(state, giver) and seat != giver)


def gives(state) -> list[tuple[int, int, Card]]:
    """(giver, receiver, card) of every card given in a call for best (R3)."""
    return [
        (actor, receiver_from_history(state, actor), action.card)
        for action, actor in zip(state.history, state.actors)
        if action.kind == "give"
    ]


def sees_the_dummy(state, seat: int) -> bool:
    """The cutthroat maker who plays with the dummy sees it once asked to keep five (T5)."""
    kept = any(action.kind == "keep" and actor == seat for action, actor in zip(state.history, state.actors))
    return kept or (state.phase is Phase.DUMMY and state.to_act == seat)


def plays(state) -> list[tuple[int, Card]]:
    return [(actor, action.card) for action, actor in zip(state.history, state.actors) if action.kind == "play"]


def seen_from_history(state, seat: int) -> set[Card]:
    """The cards dealt to `seat`, the up-card (C5), every card played, the dummy if `seat` took it, and a card
    given to it (R3)."""
    seen = set(state.deal.hands[seat]) | {state.deal.kitty[0]} | {card for _, card in plays(state)}
    seen |= {card for _, receiver, card in gives(state) if receiver == seat}
    if sees_the_dummy(state, seat):
        seen |= set(state.deal.dummy)
    return seen


def table_trick_from_history(state) -> tuple[tuple[Card, ...], int]:
    """The cards in the middle and the trick's number: the trick being played, else the last one taken."""
    sitting = len(sitting_out_from_history(state))
    size = state.players - sitting
    played = [card for _, card in plays(state)]
    done, rest = divmod(len(played), size)
    if rest or not done:
        return tuple(played[done * size :]), done + 1
    return tuple(played[(done - 1) * size :]), done


def sitting_out_from_history(state) -> set[int]:
    """Partners of lone players lay their cards down (T6, F3): the lone maker's partner, a lone defender's."""
    maker, out = maker_of(state), set()
    for seat in alone_seats(state):
        if state.players == 4:
            out.add((seat + 2) % 4)
        elif seat != maker:
            out |= {s for s in range(state.players) if s not in (seat, maker)}
    return out


def side_from_rules(state, seat: int) -> set[int]:
    """Partners opposite (F1); in cutthroat the two defenders together against the maker (T4)."""
    if state.players == 4:
        return {seat, (seat + 2) % 4}
    maker = maker_of(state)
    return {seat} if maker in (None, seat) else {s for s in range(state.players) if s != maker}


def said_from_history(state, seat: int) -> list[tuple[int, str]]:
    told = {
        i
        for i, (action, actor) in enumerate(zip(state.history, state.actors))
        if action.kind == "give" and receiver_from_history(state, actor) == seat
    }
    return [
        (actor, action.kind if action.kind in FACE_DOWN and actor != seat and i not in told else str(action))
        for i, (action, actor) in enumerate(zip(state.history, state.actors))
        if action.kind != "play"
    ]


def cards_in(value) -> set[Card]:
    """Every Card anywhere inside a value: fields, tuples, tricks, actions."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (tuple, list, frozenset, set)):
        return set().union(set(), *map(cards_in, value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return cards_in([getattr(value, f.name) for f in dataclasses.fields(value)])
    if isinstance(value, Trick):
        return set(value.cards)
    return set()


# -- the tests ----------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_view_knows_what_its_seat_has_seen_and_no_more(hands):
    checked = 0
    for _, state in moments(hands):
        for seat in range(state.players):
            view = state.view(seat)
            assert view.seen == seen_from_history(state, seat), (seat, state.to_json())
            assert cards_in(view) <= view.seen, f"seat {seat} holds cards it has not seen: {state.to_json()}"
            dealt = set().union(*state.deal.hands, state.deal.dummy or (), state.deal.kitty)
            assert set(view.unseen) == dealt - view.seen and len(view.unseen) == len(dealt - view.seen)
            checked += 1
    assert checked > 5000


def test_nothing_hidden_leaks_into_a_view(hands):
    """Another seat's cards, the kitty under the up-card, the dummy and a discard stay out of a seat's view."""
    for _, state in moments(hands):
        for seat in range(state.players):
            inside = cards_in(state.view(seat))
            for other in range(state.players):
                if other != seat:
                    public = {state.up_card} if state.picked_up else set()  # a dealer may give it on (R3)
                    public |= {card for giver, receiver, card in gives(state) if (giver, receiver) == (seat, other)}
                    assert not (inside & set(state.hands[other])) - public, (seat, other, state.to_json())
            assert not inside & set(state.deal.kitty[1:])
            played = {card for _, card in plays(state)}
            if not sees_the_dummy(state, seat):
                assert not inside & (set(state.deal.dummy or ()) - played), (seat, state.to_json())
            if seat != state.dealer and state.discard not in (None, state.up_card):
                assert state.discard not in inside, (seat, state.to_json())


def test_a_view_counts_each_hand_and_finds_the_trick_on_the_table(hands):
    for _, state in moments(hands):
        played = [actor for actor, _ in plays(state)]
        given = gives(state)  # R3: a card passes from the giver to the lone player, who then lays one down
        laid = [actor for action, actor in zip(state.history, state.actors) if action.kind == "discard"]
        sizes = tuple(
            5
            - played.count(seat)
            - laid.count(seat)
            + sum(r == seat for _, r, _ in given)
            - sum(g == seat for g, _, _ in given)
            for seat in range(state.players)
        )
        cards, number = table_trick_from_history(state)
        for seat in range(state.players):
            view = state.view(seat)
            assert view.hand_sizes == sizes
            trick, shown_number = view.trick_on_table
            assert (trick.cards if trick else (), shown_number) == (cards, number), state.to_json()
        assert trick_on_table(state) == trick_on_table(state.view(0))


def test_every_seat_counts_the_dummy_and_the_five_laid_aside(hands):
    """Both lie face down: every seat knows how many cards (T2, T5), only the maker who took the dummy which."""
    counted = 0
    for _, state in moments(hands):
        kept = any(action.kind == "keep" for action in state.history)
        dummy = 5 if state.players == 3 and not kept else 0  # a lone maker leaves the dummy where it lies (T6)
        for seat in range(state.players):
            view = state.view(seat)
            assert (view.dummy_size, view.laid_aside) == (dummy, 5 if kept else 0), (seat, state.to_json())
            counted += kept
    assert counted > 100


def test_the_cards_known_are_the_seat_s_or_the_whole_deal_with_the_hands_open(hands):
    for _, state in moments(hands):
        assert cards_known(state) == set(deck(state.rules.deck))  # every card is dealt: hands, dummy, kitty (C5)
        for seat in range(state.players):
            assert cards_known(state.view(seat)) == seen_from_history(state, seat)


def test_a_view_knows_its_side_the_roles_and_what_was_said(hands):
    for _step, state in moments(hands):
        maker = maker_of(state)
        alone = alone_seats(state)
        to_act = state.to_act
        for seat in range(state.players):
            view = state.view(seat)
            assert set(view.side) == side_from_rules(state, seat) and seat in view.side
            partner = view.partner_of(seat)
            assert partner is None if len(view.side) == 1 else {seat, partner} == set(view.side)
            assert view.said == tuple(said_from_history(state, seat))
            for other in range(state.players):
                roles = view.roles(other)
                assert ("dealer" in roles) == (other == state.dealer)
                assert ("maker" in roles or "maker, alone" in roles) == (other == maker)
                makers = side_from_rules(state, maker) if maker is not None else set()
                assert ("maker, alone" in roles) == (other == maker and other in alone)
                assert ("maker's partner, alone" in roles) == (other != maker and other in makers and other in alone)
                assert ("defends alone" in roles) == (other not in makers and other in alone)
                assert ("sits out" in roles) == (other in sitting_out_from_history(state))
                assert ("to act" in roles) == (other == to_act)
                assert roles == seat_roles(state, other)


def test_one_side_of_for_every_question_of_sides():
    assert [side_of(PARTNERSHIP, seat) for seat in range(4)] == [(0, 2), (1, 3), (0, 2), (1, 3)]
    assert side_of(PARTNERSHIP, 3, maker=0) == (1, 3)
    assert [side_of(CUTTHROAT, seat) for seat in range(3)] == [(0,), (1,), (2,)]
    assert [side_of(CUTTHROAT, seat, maker=1) for seat in range(3)] == [(0, 2), (1,), (0, 2)]
    assert [PARTNERSHIP.partner(seat) for seat in range(4)] == [2, 3, 0, 1] and CUTTHROAT.partner(0) is None


def test_a_face_down_action_is_heard_without_its_cards_except_by_its_maker():
    hand = replay(
        {
            "rules": "partnership",
            "dealer": 3,
            "deal": deal_hand(PARTNERSHIP, 3, seed=4).deal.record(),
            "actions": ["order"],
        }
    )
    discard = hand.legal_actions()[0]
    assert public_token(discard, 3, 3) == str(discard) and public_token(discard, 3, None) == str(discard)
    assert [public_token(discard, 3, seat) for seat in range(3)] == ["pickup"] * 3


# -- the history of states -------------------------------------------------------------------------------


def test_a_hand_yields_its_history_of_states_once(hands):
    for hand in hands[:30]:
        states = hand.states()
        assert len(states) == len(hand.history) + 1 and states[-1] == hand
        assert states[0] == deal_hand(hand.rules, hand.dealer, deal=hand.deal)
        for step, state in enumerate(states):
            assert state.history == hand.history[:step] and state.actors == hand.actors[:step]
            assert state.states() == states[: step + 1]


def test_a_state_not_reached_from_a_deal_is_its_own_history():
    state = deal_hand(CUTTHROAT, 0, seed=2)
    assert state.states() == (state,)
    hands = tuple(state.hands)
    made = HandState(
        rules=CUTTHROAT,
        dealer=0,
        deal=Deal(hands, None, (state.up_card,)),
        phase=Phase.PLAY,
        to_act=1,
        hands=hands,
        trump=state.up_card.suit,
        maker=1,
        trick=Trick(1, (), ()),
        tricks_won=(0, 0, 0),
    )
    assert made.states() == (made,)
    assert isinstance(made.view(1), View)
