"""An independent referee: our four-hand engine agrees with OpenSpiel's `euchre`.

Both engines get the same deals and the same random choices, drawn only from actions both
offer; at every step they must offer the same actions to the same player, and at the end
show the same tricks and points. Where the two rule books really differ, the table at the
bottom shows each difference on one scripted hand in both engines.
"""

import json
import random
from dataclasses import replace

import pytest
from openspiel_referee import disagreement, os_action, os_deal, os_game, os_tricks, our_tricks, side_points

from euchre_lesson import PARTNERSHIP, deal_hand, replay

HANDS_PER_SETTING = 2000  # two settings: 4,000 hands in all
# Our rules switched to OpenSpiel's (ARCHITECTURE.md: OpenSpiel is the referee): the dealer must pick up,
# the dealer's left leads, no lone defenders, only the maker may go alone; stick_the_dealer is compared both ways.
MATCHING = replace(
    PARTNERSHIP,
    dealer_must_pick_up=True,
    opening_lead="dealer_left",
    allow_lone_defender=False,
    partner_may_go_alone=False,
)


def play_both(ours, theirs, rng: random.Random) -> int:
    """Drive both engines to the end of the hand; returns the number of steps compared."""
    steps = 0
    while not ours.is_over:
        assert not theirs.is_terminal(), disagreement(ours, "OpenSpiel ended the hand early")
        assert ours.to_act == theirs.current_player(), disagreement(
            ours, f"to act: ours seat {ours.to_act}, OpenSpiel seat {theirs.current_player()}"
        )
        mapped = {os_action(a, ours): a for a in ours.legal_actions()}
        assert sorted(mapped) == sorted(theirs.legal_actions()), disagreement(
            ours, f"legal actions in {ours.phase}: ours {sorted(mapped)}, OpenSpiel {sorted(theirs.legal_actions())}"
        )
        number = rng.choice(sorted(mapped))
        ours = ours.apply(mapped[number])
        theirs.apply_action(number)
        steps += 1
    assert theirs.is_terminal(), disagreement(ours, "OpenSpiel's hand goes on after ours ended")
    assert our_tricks(ours) == os_tricks(theirs), disagreement(
        ours, f"tricks: ours {our_tricks(ours)}, OpenSpiel {os_tricks(theirs)}"
    )
    assert ours.points == side_points(theirs.returns()), disagreement(
        ours, f"points: ours {ours.points}, OpenSpiel returns {theirs.returns()}"
    )
    assert replay(ours.record()) == ours  # the record in any failure message really replays
    return steps


@pytest.mark.slow
@pytest.mark.parametrize("stick", [False, True], ids=["throw-in", "stick-the-dealer"])
def test_random_hands_agree_with_openspiel(stick, record_property):
    rules = replace(MATCHING, stick_the_dealer=stick)
    game = os_game(stick_the_dealer=stick)
    rng = random.Random(2026 + stick)
    steps = 0
    for _ in range(HANDS_PER_SETTING):
        ours = deal_hand(rules, rng.randrange(4), seed=rng.randrange(2**32))
        steps_before = steps
        steps += play_both(ours, os_deal(game, ours), rng)
        assert steps > steps_before
    record_property("hands", HANDS_PER_SETTING)
    record_property("steps", steps)
    print(f"\n{HANDS_PER_SETTING} hands, {steps} steps compared with OpenSpiel (stick_the_dealer={stick})")
    assert steps >= HANDS_PER_SETTING * 8


def test_a_wrong_rule_is_caught_with_a_replayable_record(monkeypatch):
    """The referee can fail: an engine that forgets the left bower is caught, with its record."""
    import euchre_lesson.engine.tricks

    monkeypatch.setattr(euchre_lesson.engine.tricks, "suit_in_play", lambda card, trump: card.suit)
    rng, game = random.Random(1), os_game(stick_the_dealer=False)
    with pytest.raises(AssertionError, match="hand record: ") as failure:
        for _ in range(300):
            ours = deal_hand(MATCHING, rng.randrange(4), seed=rng.randrange(2**32))
            play_both(ours, os_deal(game, ours), rng)
    monkeypatch.undo()
    record = json.loads(str(failure.value).split("hand record: ")[1].splitlines()[0])
    assert replay(record).record() == record  # the case replays in the true engine


# -- the known differences, each shown on one scripted hand in both engines ----------------

# Dealer seat 0; trump will be spades (the up-card 9♠); the J♣ is then the left bower.
DEAL = {
    "hands": [
        ["QH", "QD", "QC", "JS", "AS"],
        ["AH", "AD", "AC", "KH", "KD"],
        ["TH", "TD", "TC", "JC", "KS"],
        ["9H", "9D", "9C", "KC", "QS"],
    ],
    "kitty": ["9S", "TS", "JH", "JD"],
}


def both(rules, tokens, *, lone_defenders=False):
    """Our hand and OpenSpiel's after the same tokens."""
    ours = deal_hand(rules, 0, deal=DEAL)
    theirs = os_deal(os_game(stick_the_dealer=False, allow_lone_defender=lone_defenders), ours)
    for token in tokens:
        ours_next = ours.apply(token)
        theirs.apply_action(os_action(ours_next.history[-1], ours))
        ours = ours_next
    return ours, theirs


def lead_after_a_lone_maker():
    """C11: seat 1 orders up and goes alone; we lead from the lone player's left, OpenSpiel from the dealer's."""
    tokens = ["order", "pickup QC", "alone"]
    ours, theirs = both(replace(PARTNERSHIP, allow_lone_defender=False), tokens)
    assert (ours.to_act, theirs.current_player()) == (2, 1)
    same, _ = both(MATCHING, tokens)  # with opening_lead="dealer_left" we agree
    assert same.to_act == 1


def lone_defender_points():
    """F4: a lone defender who takes 3 tricks scores 2 with us; OpenSpiel pays 4 for any such euchre."""
    rules = replace(MATCHING, allow_lone_defender=True)
    tokens = [
        "pass",
        "pass",
        "pass",
        "order",
        "pickup AS",
        "stay",
        "alone",
        "play AH",
        "play TH",
        "play QH",
        "play AD",
        "play TD",
        "play QD",
        "play AC",
        "play TC",
        "play QC",
        "play KH",
        "play KS",
        "play 9S",
        "play JC",
        "play JS",
        "play KD",
    ]
    ours, theirs = both(rules, tokens, lone_defenders=True)
    assert our_tricks(ours) == os_tricks(theirs)  # the same play, trick for trick
    assert ours.tricks_won[1] == 3 and ours.result.rule == "F4"
    assert ours.points == (0, 2, 0, 2)
    assert side_points(theirs.returns()) == (0, 4, 0, 4)


def the_up_card_stays_in_both():
    """C7: no longer a difference: in both engines the dealer discards one of the original five, never the up-card."""
    ours, theirs = both(MATCHING, ["order"])
    assert "pickup 9♠" not in map(str, ours.legal_actions())
    assert sorted(os_action(a, ours) for a in ours.legal_actions()) == sorted(theirs.legal_actions())


def which_defender_is_asked_first():
    """C10: we ask defenders clockwise from the maker; OpenSpiel from the dealer's left."""
    rules = replace(MATCHING, allow_lone_defender=True)
    ours, theirs = both(rules, ["pass", "pass", "order", "pickup QC", "stay"], lone_defenders=True)
    assert (ours.to_act, theirs.current_player()) == (0, 2)


def the_makers_partner_may_go_alone():
    """C10: when the maker, seat 2, stays, we ask the partner, seat 0, whether to go alone; OpenSpiel asks nobody."""
    rules = replace(MATCHING, partner_may_go_alone=True)
    ours, theirs = both(rules, ["pass", "order", "pickup QC", "stay"])
    assert ours.to_act == 0 and ours.phase.name == "GOING_ALONE"
    assert theirs.current_player() == 1 and all(a < 24 for a in theirs.legal_actions())  # a card: play began
    same, _ = both(MATCHING, ["pass", "order", "pickup QC", "stay"])
    assert same.to_act == 1 and same.phase.name == "PLAY"  # with partner_may_go_alone=False we agree


def the_presets():
    """C7, C9: our partnership preset lets the dealer decline and throws in; OpenSpiel's sticks."""
    ours = deal_hand(PARTNERSHIP, 0, deal=DEAL).apply("order")
    assert "decline" in map(str, ours.legal_actions()) and not PARTNERSHIP.stick_the_dealer
    assert pyspiel_defaults() == {"allow_lone_defender": False, "stick_the_dealer": True}


def pyspiel_defaults():
    import pyspiel

    return dict(pyspiel.load_game("euchre").get_parameters())


DIFFERENCES = [
    # (rule, where we differ, ours, OpenSpiel's, the scripted hand that shows it)
    (
        "C11",
        "opening lead when the maker goes alone",
        "the lone player's left",
        "the dealer's left",
        lead_after_a_lone_maker,
    ),
    ("F4", "a lone defender takes 3 or 4 tricks", "defenders 2", "defenders 4", lone_defender_points),
    (
        "C10",
        "first defender asked to go alone",
        "clockwise from the maker",
        "from the dealer's left",
        which_defender_is_asked_first,
    ),
    ("C10", "the maker's partner goes alone", "asked after the maker", "never asked", the_makers_partner_may_go_alone),
    ("C7/C9", "defaults", "dealer may decline; throw-in", "dealer must pick up; stick the dealer", the_presets),
]


@pytest.mark.parametrize("rule, where, ours, theirs, script", DIFFERENCES, ids=[d[1] for d in DIFFERENCES])
def test_known_difference(rule, where, ours, theirs, script):
    script()


def test_a_former_difference_now_agrees():
    the_up_card_stays_in_both()
