"""The same seed deals the same cards on every machine: lessons and classmates rely on it."""

from euchre_lesson import CUTTHROAT, PARTNERSHIP, deal_hand, new_game


def test_a_seeded_cutthroat_deal_is_fixed_forever():
    assert deal_hand(CUTTHROAT, 2, seed=2026).deal.record() == {
        "hands": [["KC", "AD", "9D", "AC", "KS"], ["JS", "JC", "JD", "TC", "9C"], ["TS", "9S", "QD", "JH", "9H"]],
        "dummy": ["QH", "TH", "AH", "TD", "AS"],
        "kitty": ["QS", "KH", "KD", "QC"],
    }


def test_a_seeded_game_fixes_its_first_dealer_and_deal():
    game = new_game(PARTNERSHIP, seed=7)
    assert game.first_dealer == 3
    assert game.hand.deal.record() == {
        "hands": [
            ["AC", "KD", "JH", "9H", "9C"],
            ["KC", "AH", "JD", "QH", "QS"],
            ["JC", "9D", "TS", "TD", "AS"],
            ["QC", "9S", "JS", "QD", "KH"],
        ],
        "kitty": ["AD", "TH", "TC", "KS"],
    }
