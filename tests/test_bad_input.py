"""Bad input gets the documented error (NotationError or IllegalAction) and changes nothing.

Errors are ValueErrors; a NotationError names the bad text or the place in a record
(RULES.md, Notation), an IllegalAction names the rule that refuses the action (C14).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

import pytest

import euchre_lesson
from euchre_lesson import (
    CUTTHROAT,
    PARTNERSHIP,
    IllegalAction,
    NotationError,
    Phase,
    deal_hand,
    load_game,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
    replay,
    save_game,
)
from euchre_lesson.engine.actions import Action
from euchre_lesson.engine.cards import Suit
from euchre_lesson.engine.game import game_from_record

# -- fixed hands whose every card is known -----------------------------------------------

CUTTHROAT_RECORD = {
    "rules": "cutthroat",
    "switches": {},
    "dealer": 0,
    "deal": {
        "hands": [
            ["9C", "TC", "JC", "QC", "KC"],  # seat 0, the dealer
            ["AC", "9D", "TD", "JD", "QD"],  # seat 1
            ["KD", "AD", "9H", "TH", "JH"],
        ],  # seat 2
        "dummy": ["QH", "KH", "AH", "9S", "TS"],
        "kitty": ["JS", "QS", "KS", "AS"],
    },  # up-card J♠
    "actions": [],
}
# Seat 1 passes, seat 2 orders spades up, the dealer takes J♠ and lays 9♣ away, nobody goes
# alone, seat 2 keeps five of its ten, and seat 1 (the dealer's left) leads.
CUTTHROAT_PLAY = ["pass", "order", "pickup 9C", "stay", "stay", "stay", "keep KD AD AH 9S TS"]

PARTNERSHIP_RECORD = {
    "rules": "partnership",
    "switches": {},
    "dealer": 3,
    "deal": {
        "hands": [
            ["9C", "TC", "JC", "QC", "KC"],
            ["AC", "9D", "TD", "JD", "QD"],
            ["KD", "AD", "9H", "TH", "JH"],
            ["QH", "KH", "AH", "9S", "TS"],
        ],
        "kitty": ["JS", "QS", "KS", "AS"],
    },
    "actions": [],
}
# Seat 0 orders spades up; the dealer (3) takes J♠ and lays 9♠ away; nobody goes alone (the maker, the
# maker's partner and the two defenders are asked: C10).
PARTNERSHIP_PLAY = ["order", "pickup 9S", "stay", "stay", "stay", "stay"]


def hand_after(record: dict, actions: list[str]):
    return replay({**copy.deepcopy(record), "actions": list(actions)})


def cutthroat(n: int, **switches):
    """The cutthroat hand after its first n actions."""
    record = {**copy.deepcopy(CUTTHROAT_RECORD), "switches": switches}
    return hand_after(record, CUTTHROAT_PLAY[:n])


def partnership(n: int):
    return hand_after(PARTNERSHIP_RECORD, PARTNERSHIP_PLAY[:n])


def test_the_fixed_hands_reach_the_phases_the_tests_rely_on():
    assert [cutthroat(n).phase for n in range(8)] == [
        Phase.ROUND_ONE,
        Phase.ROUND_ONE,
        Phase.PICKUP,
        Phase.GOING_ALONE,
        Phase.GOING_ALONE,
        Phase.GOING_ALONE,
        Phase.DUMMY,
        Phase.PLAY,
    ]
    assert [cutthroat(n).to_act for n in range(8)] == [1, 2, 0, 2, 0, 1, 2, 1]
    assert [partnership(n).phase for n in range(7)] == [
        Phase.ROUND_ONE,
        Phase.PICKUP,
        Phase.GOING_ALONE,
        Phase.GOING_ALONE,
        Phase.GOING_ALONE,
        Phase.GOING_ALONE,
        Phase.PLAY,
    ]


class Unchanged:
    """Remember a state (or record) and check afterwards that it is exactly as it was."""

    def __init__(self, obj):
        self.obj = obj
        self.copy = copy.deepcopy(obj) if isinstance(obj, (dict, list)) else replace(obj)
        self.record = obj.record() if hasattr(obj, "record") else None
        self.json = obj.to_json() if hasattr(obj, "to_json") else None

    def check(self):
        assert self.obj == self.copy
        if self.record is not None:
            assert self.obj.record() == self.record
            assert self.obj.to_json() == self.json


def refuse(state, action, rule: str, *, seat=None, says=()):
    """`action` is refused with IllegalAction(rule) and the state stays as it was."""
    before = Unchanged(state)
    kwargs = {} if seat is None else {"seat": seat}
    with pytest.raises(IllegalAction) as info:
        state.apply(action, **kwargs)
    before.check()
    error = info.value
    assert isinstance(error, ValueError)
    assert error.rule == rule, f"{action!r} was refused under {error.rule}, expected {rule}: {error}"
    assert f"({rule})" in str(error) and error.explanation
    for words in says:
        assert words in str(error), f"{str(error)!r} does not mention {words!r}"
    return error


def unreadable(call, *args, names=(), part=None):
    """`call(*args)` raises NotationError whose message names every text in `names`."""
    with pytest.raises(NotationError) as info:
        call(*args)
    error = info.value
    assert isinstance(error, ValueError)
    for text in names:
        assert text in str(error), f"{str(error)!r} does not name {text!r}"
    if part is not None:
        assert error.part == part, f"error.part is {error.part!r}, expected {part!r}"
    return error


# -- cards -----------------------------------------------------------------------------------

BAD_CARDS = ["11H", "JX", "♥J", "10", "", "Jokers", None, 5, "1H", "JHH", "ZZ", " ", "7", "J ♥ x", 10.5]


@pytest.mark.parametrize("bad", BAD_CARDS, ids=repr)
def test_malformed_cards_raise_notation_error_naming_the_text(bad):
    unreadable(parse_card, bad, names=[repr(bad)])


@pytest.mark.parametrize("bad", ["11H", "JX", "♥J", "10", "", "Jokers", None, 5])
def test_parse_cards_names_the_one_bad_item(bad):
    unreadable(parse_cards, ["JH", "9C", bad, "AS"], names=[repr(bad)])


@pytest.mark.parametrize("text, bad", [("JH 11H AS", "11H"), ("J♥, JX, A♠", "JX"), ("TD Jokers", "Jokers")])
def test_parse_cards_in_one_string_names_the_bad_card(text, bad):
    error = unreadable(parse_cards, text, names=[repr(bad)])
    assert error.part == bad


@pytest.mark.parametrize("bad", [None, 5, {"JH": 1}])
def test_parse_cards_on_something_not_a_list(bad):
    unreadable(parse_cards, bad, names=[repr(bad)])


@pytest.mark.parametrize("size", [0, 23, 36, "24", None])
def test_a_deck_size_that_does_not_exist(size):
    unreadable(euchre_lesson.deck, size, names=[str(size)])


@pytest.mark.parametrize("bad", ["X", "", "hearth", None, 3])
def test_malformed_suits(bad):
    unreadable(euchre_lesson.parse_suit, bad, names=[repr(bad)])


# -- action tokens ----------------------------------------------------------------------------

BAD_TOKENS = [
    ("plya JH", "plya"),
    ("play", "play"),
    ("call X", "X"),
    ("keep", "keep"),
    ("pickup", "pickup"),
    ("", "''"),
    ("play 11H", "11H"),
    ("pickup JX", "JX"),
    ("call", "call"),
    ("keep JH JD AH 9C Jokers", "Jokers"),
    ("order it", "order it"),
    ("shuffle", "shuffle"),
    ("pick up", "pick"),
    (None, "None"),
    (5, "5"),
]


@pytest.mark.parametrize("token, bad_part", BAD_TOKENS, ids=repr)
def test_malformed_tokens_raise_notation_error_naming_the_bad_part(token, bad_part):
    unreadable(parse_action, token, names=[bad_part])


@pytest.mark.parametrize("token, bad_part", BAD_TOKENS, ids=repr)
def test_malformed_tokens_leave_every_phase_unchanged(token, bad_part):
    for state in [cutthroat(n) for n in range(8)] + [partnership(n) for n in range(7)]:
        before = Unchanged(state)
        unreadable(state.apply, token, names=[bad_part])
        before.check()


# -- actions out of turn -----------------------------------------------------------------------

PHASE_RULE = {
    Phase.ROUND_ONE: "C6",
    Phase.PICKUP: "C7",
    Phase.ROUND_TWO: "C8",
    Phase.GOING_ALONE: "C10",
    Phase.DUMMY: "T5",
    Phase.PLAY: "C13",
    Phase.JOKER_CALL: "C3",
}


def all_phase_states():
    states = [cutthroat(n) for n in range(8)] + [partnership(n) for n in range(7)]
    states.append(hand_after(CUTTHROAT_RECORD, ["pass"] * 3))  # round two
    states.append(hand_after(PARTNERSHIP_RECORD, ["pass"] * 5))
    joker = copy.deepcopy(CUTTHROAT_RECORD)
    joker["switches"] = {"deck": 25}
    joker["deal"]["kitty"] = ["JK", "JS", "QS", "KS", "AS"]
    states.append(replay(joker))  # C3: the dealer names trump
    return states


@pytest.mark.parametrize("state", all_phase_states(), ids=lambda s: f"{s.rules.game}-{s.phase.name}-{len(s.history)}")
def test_actions_out_of_turn_are_refused_with_the_rule_of_the_phase(state):
    assert state.phase in PHASE_RULE
    for action in state.legal_actions()[:6]:
        for seat in range(state.players):
            if seat != state.to_act:
                refuse(state, action, PHASE_RULE[state.phase], seat=seat, says=[f"seat {seat}", f"seat {state.to_act}"])
        assert state.apply(action, seat=state.to_act) == state.apply(action)


WRONG_PHASE = [
    # (state, token, rule)
    (lambda: cutthroat(0), "play JH", "C6"),
    (lambda: cutthroat(0), "pickup 9C", "C6"),
    (lambda: cutthroat(0), "call H", "C6"),
    (lambda: cutthroat(0), "alone", "C6"),
    (lambda: cutthroat(0), "keep AC 9D TD JD QD", "C6"),
    (lambda: cutthroat(0), "decline", "C6"),
    (lambda: cutthroat(2), "pass", "C7"),
    (lambda: cutthroat(2), "order", "C7"),
    (lambda: cutthroat(2), "play TC", "C7"),
    (lambda: cutthroat(3), "pickup 9C", "C10"),
    (lambda: cutthroat(3), "play KD", "C10"),
    (lambda: cutthroat(6), "stay", "T5"),
    (lambda: cutthroat(6), "play KD", "T5"),
    (lambda: cutthroat(7), "order", "C13"),
    (lambda: cutthroat(7), "pass", "C13"),
    (lambda: cutthroat(7), "keep AC 9D TD JD QD", "C13"),
    (lambda: cutthroat(7), "call H", "C13"),
    (lambda: hand_after(CUTTHROAT_RECORD, ["pass"] * 3), "order", "C8"),
    (lambda: hand_after(CUTTHROAT_RECORD, ["pass"] * 3), "play AC", "C8"),
    (lambda: partnership(0), "play 9C", "C6"),
    (lambda: partnership(2), "keep QH KH AH TS JS", "C10"),
    (lambda: partnership(6), "keep AC 9D TD JD QD", "C13"),
    (lambda: partnership(6), "order", "C13"),
    (lambda: partnership(6), "stay", "C13"),
]


@pytest.mark.parametrize(
    "make, token, rule", WRONG_PHASE, ids=[f"{t}-{r}-{i}" for i, (_, t, r) in enumerate(WRONG_PHASE)]
)
def test_actions_in_the_wrong_phase_are_refused(make, token, rule):
    state = make()
    refuse(state, token, rule, says=[str(state.phase)])
    refuse(state, parse_action(token), rule)


def test_keep_is_never_possible_in_partnership():
    for n in range(7):
        state = partnership(n)
        refuse(state, "keep AC 9D TD JD QD", PHASE_RULE[state.phase])


def test_anything_after_the_hand_is_over_is_refused():
    state = hand_after(CUTTHROAT_RECORD, ["pass"] * 6)
    assert state.is_over and state.thrown_in
    for token in ("pass", "order", "call H", "play JH", "stay"):
        refuse(state, token, "C13")
        refuse(state, token, "C13", seat=1)


# -- keep (T5) and pickup (C7) ------------------------------------------------------------------

BAD_KEEPS = [
    "keep KD AD AH 9S",  # four
    "keep KD AD AH 9S TS QH",  # six
    "keep KD KD AH 9S TS",  # a duplicate
    "keep KD AD AD AD AD",  # duplicates
    "keep KD AD AH 9S AS",  # A♠ is in the kitty, not among the ten
    "keep KD AD AH 9S 9C",  # 9♣ is the dealer's
    "keep KD AD AH 9S 7S",  # not even in the deck
    "keep KD AD AH 9S JK",  # not in a 24-card deck
]


@pytest.mark.parametrize("token", BAD_KEEPS)
def test_keep_with_the_wrong_cards_is_refused_under_t5(token):
    state = cutthroat(6)
    assert state.phase is Phase.DUMMY
    refuse(state, token, "T5")


def test_keep_refusal_names_the_stranger():
    refuse(cutthroat(6), "keep KD AD AH 9S AS", "T5", says=["A♠"])


def test_keep_of_a_handmade_action_with_too_few_or_duplicate_cards():
    from euchre_lesson import parse_card as c

    state = cutthroat(6)
    refuse(state, Action("keep", cards=(c("KD"), c("AD"), c("AH"), c("9S"))), "T5")
    refuse(state, Action("keep", cards=(c("KD"), c("KD"), c("AD"), c("AH"), c("9S"), c("TS"))), "T5")
    with pytest.raises(NotationError, match="keep"):
        Action("keep", cards=())  # a keep of nothing cannot even be written


@pytest.mark.parametrize("card", ["AS", "QS", "AC", "JH", "7C", "Joker"])
def test_pickup_of_a_card_not_among_the_dealers_six_is_refused_under_c7(card):
    state = cutthroat(2)
    assert state.phase is Phase.PICKUP and state.to_act == 0
    refuse(state, f"pickup {card}", "C7", says=[str(parse_card(card))])


def test_decline_is_refused_where_the_dealer_must_take_the_card():
    refuse(cutthroat(2, dealer_must_pick_up=True), "decline", "C7")
    state = hand_after(CUTTHROAT_RECORD, ["pass", "pass", "order"])  # the dealer accepts
    assert state.maker == state.dealer
    refuse(state, "decline", "C7")


def test_turned_down_suit_and_stuck_dealer_are_refused():
    state = hand_after(CUTTHROAT_RECORD, ["pass"] * 3)
    refuse(state, "call S", "C8", says=["♠"])
    stuck = hand_after({**CUTTHROAT_RECORD, "switches": {"stick_the_dealer": True}}, ["pass"] * 5)
    assert stuck.to_act == stuck.dealer
    refuse(stuck, "pass", "C9")


def test_a_revoke_is_refused_and_names_the_card_that_must_follow():
    state = cutthroat(7).apply("play AC")  # seat 1 leads clubs; seat 2 holds no club
    state = state.apply("play AH")
    # The dealer holds T♣ J♣ Q♣ K♣ and J♠; J♣ is the left bower (spades are trump), not a club.
    error = refuse(state, "play JC", "C12", says=["10♣", "Q♣", "K♣"])
    assert "left bower" in str(error)
    refuse(state, "play 9C", "C14")  # laid away on the pick-up


@pytest.mark.parametrize("fields", [{}, {"suit": "H"}, {"card": "JH"}, {"suit": Suit.HEARTS, "card": parse_card("JH")}])
def test_a_handmade_call_without_a_proper_suit_is_refused(fields):
    """C8 and C3: round two and the joker call name a suit; a call of no suit cannot even be made."""
    with pytest.raises(NotationError, match="call"):
        Action("call", **fields)


@pytest.mark.parametrize(
    "kind, fields",
    [
        ("play", {}),
        ("play", {"card": "JH"}),
        ("pickup", {"suit": Suit.HEARTS}),
        ("keep", {"cards": ("JH",)}),
        ("pass", {"card": parse_card("JH")}),
        ("jump", {}),
    ],
)
def test_handmade_actions_must_carry_what_their_verb_needs(kind, fields):
    with pytest.raises(NotationError, match=repr(kind)):
        Action(kind, **fields)


# -- hand records -----------------------------------------------------------------------------------


def mutated(base: dict, change) -> dict:
    record = copy.deepcopy(base)
    change(record)
    return record


def _set(path, value):
    def change(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _delete(*path):
    def change(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


C = CUTTHROAT_RECORD
P = PARTNERSHIP_RECORD
BAD_RECORDS = [
    # (name, base record, change, the error's part, texts the message must contain)
    (
        "duplicate card",
        C,
        _set(("deal", "hands", 1, 0), "9C"),
        "deal.hands[1]",
        ["deal.hands[1]", "deal.hands[0]", "9♣"],
    ),
    ("duplicate in the kitty", C, _set(("deal", "kitty", 3), "QH"), "deal.kitty", ["deal.kitty", "deal.dummy"]),
    ("duplicate in one hand", P, _set(("deal", "hands", 2, 1), "KD"), "deal.hands[2]", ["deal.hands[2]"]),
    (
        "missing card, short hand",
        C,
        _set(("deal", "hands", 2), ["KD", "AD", "9H", "TH"]),
        "deal.hands[2]",
        ["deal.hands[2]"],
    ),
    ("missing card, short kitty", C, _set(("deal", "kitty"), ["JS", "QS", "KS"]), "deal.kitty", ["deal.kitty"]),
    ("missing card, short dummy", C, _set(("deal", "dummy"), ["QH", "KH", "AH", "9S"]), "deal.dummy", ["deal.dummy"]),
    ("foreign card, a 7", C, _set(("deal", "hands", 1, 2), "7D"), "deal.hands[1]", ["deal.hands[1]", "7♦"]),
    ("foreign card, a joker", P, _set(("deal", "kitty", 1), "JK"), "deal.kitty", ["deal.kitty", "Joker"]),
    ("unreadable card", C, _set(("deal", "hands", 1, 2), "11D"), "deal.hands[1]", ["deal.hands[1]", "11D"]),
    ("card not a string", C, _set(("deal", "dummy", 0), 7), "deal.dummy", ["deal.dummy", "7"]),
    (
        "six cards",
        C,
        _set(("deal", "hands", 0), ["9C", "TC", "JC", "QC", "KC", "AS"]),
        "deal.hands[0]",
        ["deal.hands[0]"],
    ),
    ("hand not a list", C, _set(("deal", "hands", 0), "9C TC JC QC KC"), "deal.hands[0]", ["deal.hands[0]"]),
    ("too few hands", C, _set(("deal", "hands"), C["deal"]["hands"][:2]), "deal.hands", ["deal.hands"]),
    ("kitty too big", P, _set(("deal", "kitty"), ["JS", "QS", "KS", "AS", "9S"]), "deal.kitty", ["deal.kitty"]),
    ("kitty for the wrong deck", C, _set(("switches",), {"deck": 32}), "deal.kitty", ["deal.kitty"]),
    (
        "dummy in partnership",
        P,
        _set(("deal", "dummy"), ["9S", "TS", "QS", "KS", "AS"]),
        "deal.dummy",
        ["dummy", "partnership"],
    ),
    ("no dummy in cutthroat", C, _delete("deal", "dummy"), "deal.dummy", ["dummy"]),
    ("no kitty", C, _delete("deal", "kitty"), "deal.kitty", ["kitty"]),
    ("deal not an object", C, _set(("deal",), [["9C"]]), "deal", ["deal"]),
    ("deal null", P, _set(("deal",), None), "deal", ["deal", "never dealt at random"]),  # no shuffle stands in
    ("unknown rules", C, _set(("rules",), "bridge"), "rules", ["rules", "bridge"]),
    ("rules not a name", C, _set(("rules",), ["cutthroat"]), "rules", ["rules"]),
    (
        "unknown switch",
        C,
        _set(("switches",), {"screw_the_dealer": True}),
        "switches",
        ["switches", "screw_the_dealer"],
    ),
    ("impossible switch value", C, _set(("switches",), {"deck": 23}), "switches.deck", ["deck", "23"]),
    (
        "switch of the wrong type",
        P,
        _set(("switches",), {"stick_the_dealer": "yes"}),
        "switches.stick_the_dealer",
        ["stick_the_dealer"],
    ),
    ("switches not an object", C, _set(("switches",), ["deck", 32]), "switches", ["switches"]),
    ("dealer too high", C, _set(("dealer",), 3), "dealer", ["dealer", "3"]),
    ("dealer negative", P, _set(("dealer",), -1), "dealer", ["dealer", "-1"]),
    ("dealer a string", C, _set(("dealer",), "0"), "dealer", ["dealer"]),
    ("dealer a boolean", C, _set(("dealer",), True), "dealer", ["dealer"]),
    ("no dealer", C, _delete("dealer"), "dealer", ["dealer"]),
    ("no actions", C, _delete("actions"), "actions", ["actions"]),
    ("actions not a list", C, _set(("actions",), "pass order"), "actions", ["actions"]),
    (
        "illegal action token",
        C,
        _set(("actions",), CUTTHROAT_PLAY[:3] + ["play 9C"]),
        "actions[3]",
        ["actions[3]", "play 9C"],
    ),
    (
        "unreadable action token",
        C,
        _set(("actions",), ["pass", "order", "plya JH"]),
        "actions[2]",
        ["actions[2]", "plya"],
    ),
    ("action not a string", C, _set(("actions",), ["pass", 5]), "actions[1]", ["actions[1]"]),
    (
        "turned-down suit named",
        C,
        _set(("actions",), ["pass", "pass", "pass", "call S"]),
        "actions[3]",
        ["actions[3]", "C8"],
    ),
    ("action after the end", C, _set(("actions",), ["pass"] * 6 + ["pass"]), "actions[6]", ["actions[6]"]),
    (
        "keep in partnership",
        P,
        _set(("actions",), PARTNERSHIP_PLAY + ["keep QH KH AH TS JS"]),
        "actions[6]",
        ["actions[6]"],
    ),
]


@pytest.mark.parametrize("name, base, change, part, names", BAD_RECORDS, ids=[r[0] for r in BAD_RECORDS])
@pytest.mark.parametrize("as_text", [False, True], ids=["dict", "json"])
def test_bad_hand_records_raise_notation_error_naming_the_place(name, base, change, part, names, as_text):
    record = mutated(base, change)
    before = Unchanged(record)
    given = json.dumps(record) if as_text else record
    unreadable(replay, given, names=names)
    before.check()


@pytest.mark.parametrize("name, base, change, part, names", BAD_RECORDS, ids=[r[0] for r in BAD_RECORDS])
def test_bad_hand_records_error_part_is_the_place(name, base, change, part, names):
    """NotationError.part is "the bad part" (errors.py): the place in the record."""
    error = unreadable(replay, mutated(base, change))
    assert error.part == part, f"error.part is {error.part!r}, expected {part!r}: {error}"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        '{"rules": "cutthroat",',
        "not json",
        "[1, 2]",
        "null",
        "42",
        '"cutthroat"',
        json.dumps(CUTTHROAT_RECORD)[:-10],
    ],
)
def test_hand_records_that_are_not_json_objects(text):
    error = unreadable(replay, text)
    assert error.part == "record" and ("JSON" in str(error) or "record" in str(error))


@pytest.mark.parametrize("value", [None, 5, [CUTTHROAT_RECORD], "cutthroat"])
def test_hand_records_that_are_not_objects_at_all(value):
    unreadable(replay, value)


def test_the_unmodified_records_replay():
    """The bad records above differ from these good ones only where the test says."""
    assert replay(CUTTHROAT_RECORD).phase is Phase.ROUND_ONE
    assert replay(PARTNERSHIP_RECORD).phase is Phase.ROUND_ONE
    assert replay(json.dumps({**CUTTHROAT_RECORD, "actions": CUTTHROAT_PLAY})).phase is Phase.PLAY
    assert replay({**PARTNERSHIP_RECORD, "actions": PARTNERSHIP_PLAY}).phase is Phase.PLAY


# -- deal_hand and new_game arguments -----------------------------------------------------------


@pytest.mark.parametrize("dealer", [3, -1, "0", None, 1.0, True])
def test_deal_hand_with_a_bad_dealer(dealer):
    unreadable(deal_hand, CUTTHROAT, dealer, names=["dealer"], part="dealer")


def test_deal_hand_and_new_game_with_bad_rules_or_seed():
    unreadable(deal_hand, "cutthroat", 0, part="rules")
    unreadable(new_game, {"game": "cutthroat"}, part="rules")
    unreadable(lambda: new_game(CUTTHROAT, seed="7"), part="seed")
    unreadable(lambda: new_game(PARTNERSHIP, seed=1, first_dealer=4), part="first_dealer")
    unreadable(lambda: replace(CUTTHROAT, opening_lead="dealer_right"), names=["opening_lead"])
    unreadable(lambda: replace(PARTNERSHIP, deck=36), names=["deck"])


# -- game records ------------------------------------------------------------------------------------


def a_finished_game():
    """A short game: every hand is played with its first legal action."""
    game = new_game(CUTTHROAT, seed=11)
    while not game.is_over:
        game = game.apply(game.legal_actions()[-1])
    return game


def a_game_in_progress():
    game = new_game(PARTNERSHIP, seed=5)
    for _ in range(40):
        game = game.apply(game.legal_actions()[0])
    assert not game.is_over and len(game.hands) > 1
    return game


GAMES = {"finished": a_finished_game(), "in progress": a_game_in_progress()}


def test_the_sample_games_round_trip():
    for game in GAMES.values():
        assert game_from_record(game.to_json()) == game


def _game_changes(game):
    record = game.record()
    text = game.to_json()
    return [
        # (name, bad record as dict or text, text the message must contain)
        ("truncated JSON", text[: len(text) // 2], ["JSON"]),
        ("truncated at the end", text[:-1], ["JSON"]),
        ("empty text", "", ["JSON"]),
        ("wrong scores", {**record, "scores": [s + 1 for s in record["scores"]]}, ["scores"]),
        ("scores of the wrong length", {**record, "scores": record["scores"] + [0]}, ["scores"]),
        ("scores not a list", {**record, "scores": "10 3 2"}, ["scores"]),
        ("wrong format field", {**record, "format": "euchre_lesson hand"}, ["format"]),
        ("no format field", {k: v for k, v in record.items() if k != "format"}, ["format"]),
        ("a hand record instead", record["hands"][0], ["format"]),
        ("no hands", {**record, "hands": []}, ["hands"]),
        ("no seed", {k: v for k, v in record.items() if k != "seed"}, ["seed"]),
        ("a bad seed", {**record, "seed": "eleven"}, ["seed"]),
        ("bad first dealer", {**record, "first_dealer": 9}, ["first_dealer"]),
        ("unknown rules", {**record, "rules": "bridge"}, ["bridge"]),
        (
            "a damaged hand",
            {**record, "hands": [mutated(record["hands"][0], _set(("deal", "kitty"), ["AS"]))] + record["hands"][1:]},
            ["hands[0]", "deal.kitty"],
        ),
        (
            "an unfinished hand in the middle",
            {
                **record,
                "hands": [{**record["hands"][0], "actions": record["hands"][0]["actions"][:1]}] + record["hands"][1:],
            },
            ["hands[0]"],
        ),
        ("hands dealt out of turn", {**record, "hands": record["hands"][1:]}, ["hands[0]"]),
    ]


GAME_CASES = [(kind, *case) for kind, game in GAMES.items() for case in _game_changes(game)]


@pytest.mark.parametrize("kind, name, bad, names", GAME_CASES, ids=[f"{c[0]}-{c[1]}" for c in GAME_CASES])
def test_bad_game_records_raise_notation_error(kind, name, bad, names):
    before = Unchanged(bad) if isinstance(bad, dict) else None
    unreadable(game_from_record, bad, names=names)
    if isinstance(bad, dict):
        unreadable(game_from_record, json.dumps(bad), names=names)
        before.check()


@pytest.mark.parametrize("kind, name, bad, names", GAME_CASES, ids=[f"{c[0]}-{c[1]}" for c in GAME_CASES])
def test_load_game_refuses_a_damaged_file_and_leaves_it_untouched(tmp_path, kind, name, bad, names):
    path = tmp_path / "saved.json"
    path.write_text(bad if isinstance(bad, str) else json.dumps(bad), encoding="utf-8")
    data, mtime = path.read_bytes(), path.stat().st_mtime_ns
    error = unreadable(load_game, path, names=names + [str(path)])
    assert isinstance(error, ValueError)
    assert path.read_bytes() == data and path.stat().st_mtime_ns == mtime
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saved.json"]


def test_load_game_refuses_a_binary_file_and_leaves_it_untouched(tmp_path):
    path = tmp_path / "saved.json"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    data = path.read_bytes()
    unreadable(load_game, path, names=[str(path)])
    assert path.read_bytes() == data


def test_a_failed_load_does_not_touch_a_good_save_beside_it(tmp_path):
    game = GAMES["in progress"]
    good = save_game(game, tmp_path / "good.json")
    data = good.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text(game.to_json()[:100], encoding="utf-8")
    unreadable(load_game, bad)
    assert good.read_bytes() == data and load_game(good) == game


# -- games refuse bad actions and stay as they were -------------------------------------------------


def test_a_game_refuses_bad_actions_and_is_unchanged():
    game = GAMES["in progress"]
    before = Unchanged(game)
    wrong = next(s for s in range(4) if s != game.to_act)
    with pytest.raises(IllegalAction):
        game.apply(game.legal_actions()[0], seat=wrong)
    with pytest.raises(NotationError):
        game.apply("plya JH")
    with pytest.raises(IllegalAction):
        game.apply("keep AC 9D TD JD QD")
    before.check()
    finished = GAMES["finished"]
    after = Unchanged(finished)
    with pytest.raises(IllegalAction) as info:
        finished.apply("pass")
    assert info.value.rule == "T8"
    after.check()


def test_a_game_record_with_hands_after_the_win_is_refused():
    """T8, F5: the game ends when it is won; a record that plays on is not a record of this game."""
    game = GAMES["finished"]
    record = game.record()
    number = len(record["hands"])
    dealer = (game.first_dealer + number) % game.rules.players
    extra = deal_hand(game.rules, dealer, seed=99)
    for _ in range(2 * game.rules.players):  # a thrown-in hand: no points, the scores still match
        extra = extra.apply("pass")
    assert extra.thrown_in
    bad = {**record, "hands": record["hands"] + [extra.record()]}
    before = Unchanged(bad)
    unreadable(game_from_record, bad, names=[f"hands[{number}]"])
    before.check()


# -- every public entry point: a hostile argument gets a short error that names it ----------------------
#
# Issue 11: each public function answers a wrong type or value with a ValueError (NotationError,
# IllegalAction) naming the argument and what would be right; never TypeError, AttributeError,
# RecursionError or a silent misreading; a huge input is quoted by a short excerpt and its length.

LONGEST_MESSAGE = 600


def deeply_nested(depth: int = 100_000) -> list:
    """A list nested so deep that repr() of it overflows the stack."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


HOSTILE = {
    "None": None,
    "bool": True,
    "float": 1.0,
    "bytes": b"JH",
    "huge int": 10**5000,
    "negative int": -1,
    "str": "rubbish",
    "nested lists": deeply_nested(),
    "1 MB string": "J" * 10**6,
    "a million cards": ["JH"] * 10**6,
}


class Entry(NamedTuple):
    """One argument of one public function: `call(value)` passes `value` for that argument."""

    function: str
    argument: str
    call: Callable
    good: object  # a good value, for which the call answers
    names: str  # the word the message must use for the argument
    fine: frozenset  # the kinds of HOSTILE that are good values here
    slow: bool  # a good value may take long (the fuzzing leaves it out)


def entries(function: str, call: Callable, good: dict, names=None, fine=None, slow=()) -> list[Entry]:
    """An Entry for each keyword of `good`: `call(**good)` with that one keyword replaced."""
    return [
        Entry(
            function,
            argument,
            lambda value, argument=argument: call(**{**good, argument: value}),
            good[argument],
            (names or {}).get(argument, argument),
            frozenset((fine or {}).get(argument, ())),
            argument in slow,
        )
        for argument in good
    ]


def _play_state():
    return cutthroat(7)


PLAYING = _play_state()  # trick play, seat 1 to lead
SEATED = {
    "RandomPlayer": lambda: euchre_lesson.RandomPlayer(1),
    "BeginnerPlayer": lambda: euchre_lesson.BeginnerPlayer(1),
    "RuleOfThumbPlayer": euchre_lesson.RuleOfThumbPlayer,
    "ExpertPlayer": lambda: euchre_lesson.ExpertPlayer(1, worlds=2),
}
THREE = [euchre_lesson.RandomPlayer(seed) for seed in range(3)]
SEEDS = ("None",)
SCORE = {"rules": CUTTHROAT, "maker_tricks": 3, "maker_alone": False, "lone_defender": False}
FLAGS = {"maker_alone": ["bool"], "lone_defender": ["bool"]}

ENTRY_POINTS = [
    *entries("parse_card", parse_card, {"text": "JH"}, {"text": "card"}),
    *entries("parse_cards", parse_cards, {"cards": "JH JD"}, {"cards": "card"}),
    *entries("parse_suit", euchre_lesson.parse_suit, {"text": "H"}, {"text": "suit"}),
    *entries("parse_action", parse_action, {"token": "pass"}, {"token": "action"}),
    *entries("deck", euchre_lesson.deck, {"size": 24}),
    *entries("Card", euchre_lesson.Card, {"rank": euchre_lesson.Rank.JACK, "suit": Suit.HEARTS}),
    *entries("Action", Action, {"kind": "pass"}),
    *entries("Action", lambda **kw: Action("play", **kw), {"card": parse_card("JH")}),
    *entries("Action", lambda **kw: Action("call", **kw), {"suit": Suit.HEARTS}),
    *entries("Action", lambda **kw: Action("keep", **kw), {"cards": tuple(parse_cards("JH JD AH KH QH"))}),
    *entries(
        "effective_suit",
        euchre_lesson.effective_suit,
        {"card": parse_card("JD"), "trump": Suit.HEARTS},
        fine={"trump": ["None"]},
    ),
    *entries("ranking", euchre_lesson.ranking, {"trump": Suit.HEARTS, "deck_size": 24}),
    *entries(
        "legal_plays",
        euchre_lesson.legal_plays,
        {"hand": tuple(parse_cards("JH AS")), "trick": (parse_card("9D"),), "trump": Suit.HEARTS},
    ),
    *entries("trick_winner", euchre_lesson.trick_winner, {"cards": tuple(parse_cards("9D JH")), "trump": Suit.HEARTS}),
    *entries("score_hand", euchre_lesson.score_hand, SCORE, fine=FLAGS),
    *entries("scoring_row", euchre_lesson.scoring_row, SCORE, fine=FLAGS),
    *entries("best_five", euchre_lesson.best_five, {"cards": "JH JD AH KH QH 9S TS", "trump": Suit.HEARTS}),
    *entries(
        "deal_hand",
        deal_hand,
        {"rules": CUTTHROAT, "dealer": 0, "seed": 1, "deal": None},
        fine={"seed": SEEDS, "deal": ["None"]},
    ),
    *entries("HandState.apply", PLAYING.apply, {"action": "play AC", "seat": None}, fine={"seat": ["None"]}),
    *entries("HandState.view", PLAYING.view, {"seat": 1}),
    *entries("solve", euchre_lesson.solve, {"state": PLAYING, "compiled": None}, fine={"compiled": ["None", "bool"]}),
    *entries(
        "advise",
        euchre_lesson.advise,
        {"state": PLAYING, "seat": None, "worlds": 2, "seed": 0},
        fine={"seat": ["None"], "seed": SEEDS},
        slow=["worlds"],
    ),
    *entries(
        "grade",
        euchre_lesson.grade,
        {"state": PLAYING, "action": "play AC", "worlds": 2, "seed": 0},
        fine={"seed": SEEDS},
        slow=["worlds"],
    ),
    *entries("play_out", euchre_lesson.play_out, {"state": PLAYING, "players": THREE}),
    *entries("play_game", euchre_lesson.play_game, {"game": new_game(CUTTHROAT, seed=1), "players": THREE}),
    *entries(
        "random_hands",
        euchre_lesson.random_hands,
        {"rules": CUTTHROAT, "count": 2, "seed": 0},
        fine={"seed": SEEDS},
        slow=["count"],
    ),
    *entries(
        "random_hand_tokens", euchre_lesson.random_hand_tokens, {"rules": CUTTHROAT, "seed": 0}, fine={"seed": SEEDS}
    ),
    *entries(
        "new_game",
        new_game,
        {"rules": CUTTHROAT, "seed": 1, "first_dealer": None},
        fine={"seed": SEEDS, "first_dealer": ["None"]},
    ),
    *entries("replay", replay, {"record": CUTTHROAT_RECORD}),
    *entries("RandomPlayer", euchre_lesson.RandomPlayer, {"seed": 1}, fine={"seed": SEEDS}),
    *entries("BeginnerPlayer", euchre_lesson.BeginnerPlayer, {"seed": 1}, fine={"seed": SEEDS}),
    *entries("ExpertPlayer", euchre_lesson.ExpertPlayer, {"seed": 1, "worlds": 2}, fine={"seed": SEEDS}),
    *[
        entry
        for name, make in SEATED.items()
        for entry in entries(f"{name}.choose", lambda make=make, **kw: make().choose(**kw), {"view": PLAYING.view(1)})
    ],
]


def _said(error: BaseException) -> str:
    try:
        return f"{type(error).__name__}: {str(error)[:200]}"
    except Exception:  # str() of a KeyError holding a huge int fails too
        return type(error).__name__


def hostile_answer(entry: Entry, value, fine: bool) -> str | None:
    """What is wrong with how the entry point answers `value`, or None when it answers well."""
    try:
        entry.call(value)
    except ValueError as error:
        message = str(error)
        well_formed = isinstance(error, IllegalAction)  # a readable action the rules refuse now: it names its rule
        if entry.names not in message and not well_formed:
            return f"the message does not name {entry.names!r}: {_said(error)}"
        if len(message) > LONGEST_MESSAGE:
            return f"a message of {len(message):,} characters"
        return None
    except Exception as error:
        return _said(error)
    return None if fine else "accepted"


@pytest.mark.parametrize("entry", ENTRY_POINTS, ids=lambda e: f"{e.function}-{e.argument}")
def test_every_entry_point_refuses_hostile_arguments_by_name(entry):
    problems = {kind: hostile_answer(entry, value, kind in entry.fine) for kind, value in HOSTILE.items()}
    wrong = {kind: problem for kind, problem in problems.items() if problem}
    assert not wrong, f"{entry.function}({entry.argument}=...): {wrong}"


def test_the_entry_points_answer_their_good_arguments_and_read_text_for_cards_and_suits():
    """The table's good values are good, so each hostile value is the only thing wrong in its call."""
    for entry in ENTRY_POINTS:
        entry.call(entry.good)
    assert euchre_lesson.effective_suit("JD", "H") is Suit.HEARTS
    assert euchre_lesson.legal_plays("JH AS 9D", ["9H"], "hearts") == parse_cards("JH")
    assert euchre_lesson.trick_winner("9D JH", "♥") == 1
    assert euchre_lesson.ranking("H")[:2] == tuple(parse_cards("JH JD"))
    assert set(euchre_lesson.best_five("JH JD AH KH QH 9S TS", "H").cards) == set(parse_cards("JD AH KH QH JH"))


# -- the cases the review named -------------------------------------------------------------------------


def test_an_action_made_of_a_list_is_refused_by_name():
    unreadable(Action, ["pass"], names=["kind", "['pass']", "pass, order"])


def test_a_card_of_letters_is_refused_where_it_is_made_not_later_in_apply():
    unreadable(euchre_lesson.Card, "J", "H", names=["rank", "Rank.JACK", "parse_card"], part="rank")
    unreadable(euchre_lesson.Card, euchre_lesson.Rank.JACK, "H", names=["suit", "Suit.HEARTS"], part="suit")
    unreadable(euchre_lesson.Card, 11, Suit.HEARTS, names=["rank"], part="rank")  # not read as the jack


@pytest.mark.parametrize("seed", [[1], "7", True, -5, 1.5, b"7", {"seed": 1}])
def test_deal_hand_refuses_a_seed_it_would_misread(seed):
    """A list cannot seed a shuffle; "7" and True would deal other cards than 7 and 1 do... or the same as 5."""
    unreadable(lambda: deal_hand(CUTTHROAT, 0, seed=seed), names=["seed"], part="seed")


def test_deal_hand_takes_a_seed_or_a_deal_not_both():
    hand = deal_hand(CUTTHROAT, 0, seed=3)
    unreadable(lambda: deal_hand(CUTTHROAT, 0, seed=4, deal=hand.deal), names=["seed", "deal"], part="seed")
    assert deal_hand(CUTTHROAT, 0, deal=hand.deal) == hand
    assert deal_hand(CUTTHROAT, 0, seed=random.Random(3)) == hand == deal_hand(CUTTHROAT, 0, seed=3)


@pytest.mark.parametrize(
    "seat", [True, 1.0, "1", -1, 3, 10**5000, [1]], ids=["True", "1.0", "'1'", "-1", "3", "10**5000", "[1]"]
)
def test_apply_and_view_refuse_a_seat_that_is_not_a_seat(seat):
    """True and 1.0 were taken as seat 1; -1 and 3 were 'not their turn'; a huge number crashed the message."""
    state = cutthroat(0)
    assert state.to_act == 1
    before = Unchanged(state)
    unreadable(lambda: state.apply("pass", seat=seat), names=["seat", "0 to 2"], part="seat")
    unreadable(lambda: state.view(seat), names=["seat", "0 to 2"], part="seat")
    before.check()


# -- look-alike letters are refused, not read as the letter they resemble ---------------------------------

LOOK_ALIKES = [
    # (parser, text, the look-alike) ; 'ſ'.upper() is 'S', the Kelvin sign lower-cases to 'k'
    (parse_card, "Aſ", "ſ"),
    (parse_card, "9ſ", "ſ"),
    (parse_cards, "JH Aſ", "ſ"),
    (euchre_lesson.parse_suit, "ſ", "ſ"),
    (euchre_lesson.parse_suit, "ſpades", "ſ"),
    (parse_action, "\u212aeep KD AD AH 9S TS", "\u212a"),
    (parse_action, "play Aſ", "ſ"),
    (parse_action, "call ſ", "ſ"),
    (parse_action, "pickup 9ſ", "ſ"),
    (parse_card, "ＡS", "Ａ"),
    (parse_card, "JＨ", "Ｈ"),
    (parse_action, "ｐass", "ｐ"),  # fullwidth
    (parse_card, "АS", "А"),
    (parse_card, "QЅ", "Ѕ"),
    (euchre_lesson.parse_suit, "Нearts", "Н"),  # Cyrillic
    (parse_card, "1０H", "０"),
    (parse_card, "𝐀S", "𝐀"),
    (parse_action, "ﬆay", "ﬆ"),
    (parse_action, "play ǰH", "ǰ"),
    (parse_card, "Kı", "ı"),
    (parse_card, "¹⁰H", "¹"),
]


@pytest.mark.parametrize("parse, text, odd", LOOK_ALIKES, ids=[t for _, t, _ in LOOK_ALIKES])
def test_look_alike_letters_are_refused_naming_the_character(parse, text, odd):
    error = unreadable(parse, text, names=[repr(text) if parse is not parse_cards else "Aſ", f"U+{ord(odd):04X}"])
    assert "plain letters" in str(error)


def test_look_alikes_inside_a_hand_are_refused_and_change_nothing():
    state = cutthroat(7)  # seat 1 holds A♣, so "play Aſ" would have been read as A♠, not held
    before = Unchanged(state)
    unreadable(state.apply, "play Aｃ", names=["U+FF43"])
    unreadable(state.apply, "play Aſ", names=["U+017F"])
    before.check()
    assert state.apply("play A♣") == state.apply("play ac") == state.apply(" play  AC ")


# -- huge inputs: the message quotes the start and says how long it was ----------------------------------

HUGE = [
    # (call, the huge value, the length the message must give)
    (parse_card, "J" * 10**6, "1,000,000 characters"),
    (parse_action, "play " + "J" * 10**6, "1,000,005 characters"),
    (parse_action, "keep " + "JH " * 10**5, "300,005 characters"),
    (euchre_lesson.parse_suit, "♥" * 10**6, "1,000,000 characters"),
    (parse_cards, ["JH"] * 10**6, "1,000,000 items"),
    (parse_cards, "JH " * 10**6, "3,000,000 characters"),
    (lambda v: cutthroat(7).apply(v), "x" * 10**6, "1,000,000 characters"),
    (lambda v: Action("keep", cards=v), [parse_card("JH")] * 10**6, "1,000,000 items"),
    (lambda v: euchre_lesson.best_five(v, "H"), ["9H", "TH"] * 500_000, "1,000,000 items"),
    (lambda v: euchre_lesson.legal_plays(v, [], "H"), "9H " * 10**6, "3,000,000 characters"),
    (euchre_lesson.deck, 10**5000, "5,001 digits"),
    (lambda v: deal_hand(CUTTHROAT, v), 10**5000, "5,001 digits"),
    (lambda v: cutthroat(7).apply("play AC", seat=v), -(10**5000), "5,001 digits"),
    (lambda v: euchre_lesson.score_hand(CUTTHROAT, v), 10**5000, "5,001 digits"),
    (lambda v: deal_hand(CUTTHROAT, 0, deal=v), "x" * 10**6, "1,000,000 characters"),
    (lambda v: replay(mutated(CUTTHROAT_RECORD, _set(("deal", "hands", 0), v))), "x" * 10**6, "1,000,000 characters"),
    (lambda v: replay({**CUTTHROAT_RECORD, "actions": v}), "x" * 10**6, "1,000,000 characters"),
    (lambda v: replay({**CUTTHROAT_RECORD, "actions": ["pass", v]}), "x" * 10**6, "1,000,000 characters"),
]


@pytest.mark.parametrize("call, value, length", HUGE, ids=[f"{i}-{n}" for i, (_, _, n) in enumerate(HUGE)])
def test_a_huge_input_is_quoted_by_an_excerpt_and_its_length(call, value, length):
    with pytest.raises(ValueError) as info:
        call(value)
    message = str(info.value)
    assert len(message) <= LONGEST_MESSAGE, f"a message of {len(message):,} characters"
    assert length in message, message


# -- issue 24, point 10: the engine's seat and record arguments never raise TypeError ------------------


@pytest.mark.parametrize(
    "seat", ["1", 9, -1, None, 1.0, True, 10**5000], ids=["'1'", "9", "-1", "None", "1.0", "True", "10**5000"]
)
def test_side_of_next_active_and_partner_of_refuse_a_seat_that_is_not_one_naming_the_seats(seat):
    """side_of('1') raised TypeError and side_of(9) a bare ValueError; next_active(None) and partner_of('x') too."""
    game = new_game(CUTTHROAT, seed=3)
    state = cutthroat(2)  # seat 2 ordered up: the sides of the hand are known
    view = state.view(1)
    for call in (game.side_of, state.next_active, view.partner_of):
        unreadable(lambda: call(seat), names=["seat", "0 to 2"], part="seat")  # noqa: B023 (called within this iteration)
    partnership = new_game(PARTNERSHIP, seed=3)
    unreadable(lambda: partnership.side_of(seat if seat != 9 else 4), names=["seat", "0 to 3"], part="seat")
    assert [game.side_of(s) for s in range(3)] == [0, 1, 2] and [partnership.side_of(s) for s in range(4)] == [
        0,
        1,
        0,
        1,
    ]
    assert state.next_active(2) == 0 and view.partner_of(1) == 0 and view.partner_of(2) is None


@pytest.mark.parametrize("key", [1, None, ("hands",), 2.5], ids=["1", "None", "tuple", "2.5"])
def test_a_deal_with_a_key_of_another_type_is_refused_naming_the_key(key):
    """sorted() of the keys raised TypeError when one was not text."""
    deal = {**copy.deepcopy(CUTTHROAT_RECORD["deal"]), key: ["9C"], "kity": []}
    error = unreadable(lambda: deal_hand(CUTTHROAT, 0, deal=deal), names=[repr(key), "hands", "kitty", "dummy"])
    assert "not part of a cutthroat deal" in str(error)


def test_a_hand_record_with_a_field_no_hand_record_has_is_refused_naming_it():
    """A hand record took any field silently where a game record refuses it."""
    error = unreadable(
        lambda: replay({**CUTTHROAT_RECORD, "dealr": 1}), names=["'dealr'", "dealer", "actions"], part="dealr"
    )  # a field's name, as a game record's unknown field and every other part
    assert "no hand record has" in str(error)
    unreadable(lambda: replay(json.dumps({**CUTTHROAT_RECORD, 7: 1})), names=["'7'"])
    game = new_game(CUTTHROAT, seed=3).record()
    game["hands"][0]["note"] = "mine"
    unreadable(lambda: game_from_record(game), names=["hands[0]", "'note'"])


@pytest.mark.parametrize("where", ["hand", "deal", "game"])
def test_a_record_with_a_field_written_twice_is_refused_naming_the_field(where):
    """JSON let the second "dealer" win silently: which of the two was meant cannot be known."""
    if where == "game":
        text = new_game(CUTTHROAT, seed=3).to_json().replace('"seed": 3,', '"seed": 3, "seed": 4,')
        unreadable(lambda: game_from_record(text), names=["'seed'", "twice", "game record"], part="'seed'")
        return
    text = json.dumps(CUTTHROAT_RECORD)
    text = (
        text.replace('"dealer": 0', '"dealer": 0, "dealer": 2')
        if where == "hand"
        else text.replace('"kitty":', '"hands": [], "kitty":')
    )
    name = "'dealer'" if where == "hand" else "'hands'"
    unreadable(lambda: replay(text), names=[name, "twice", "hand record"], part=name)
