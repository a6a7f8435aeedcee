"""The engine suggests the strongest five of the cutthroat maker's ten (T5)."""

import itertools
import random

import pytest

from euchre_lesson import CUTTHROAT, Phase, Suit, best_five, parse_cards
from euchre_lesson.engine.ranking import is_trump
from euchre_lesson.play.dummy import keep_strength


@pytest.mark.rule("T5")
def test_keeps_every_trump_then_aces_then_voids():
    keep = best_five("JH JD AH 9C TS AC KS QD 9H TD", Suit.HEARTS)
    assert set(keep.cards) == set(parse_cards("JH JD AH 9H AC"))
    assert "every trump" in keep.reason and "A♣" in keep.reason


@pytest.mark.rule("T5")
def test_the_suggestion_is_a_legal_keep_and_no_other_five_is_stronger(random_state):
    rng = random.Random(5)
    for _ in range(50):
        hand = None
        while hand is None or hand.phase is not Phase.DUMMY:  # a thrown-in hand is dealt again
            hand = random_state(CUTTHROAT, rng, until=lambda hand: hand.phase is Phase.DUMMY, avoid=("alone",))
        ten = hand.hands[hand.maker] + hand.dummy
        keep = best_five(ten, hand.trump)
        hand.apply(f"keep {' '.join(c.ascii for c in keep.cards)}")  # accepted by the engine
        best = max(keep_strength(f, hand.trump) for f in itertools.combinations(ten, 5))
        assert keep_strength(keep.cards, hand.trump) == best
        trumps = sum(is_trump(c, hand.trump) for c in ten)
        assert sum(is_trump(c, hand.trump) for c in keep.cards) == min(trumps, 5)


def test_too_few_cards_is_a_clear_error():
    with pytest.raises(ValueError, match="five"):
        best_five("JH JD", Suit.HEARTS)


@pytest.mark.rule("C7")
def test_the_dealer_s_five_keep_the_up_card():
    six = "JH JD AH KH QH 9H"  # the up-card 9♥, the lowest trump: the best five of six would lay it away
    assert parse_cards("9H")[0] not in best_five(six, Suit.HEARTS).cards
    keep = best_five(six, Suit.HEARTS, keeping="9H")
    assert parse_cards("9H")[0] in keep.cards and parse_cards("QH")[0] not in keep.cards
    with pytest.raises(ValueError, match="keeping: 9♣ is not among"):
        best_five(six, Suit.HEARTS, keeping="9C")
