"""One or more tests for every rule of RULES.md, each marked with the rule's id.

The scripted positions below are written in the ASCII card notation of RULES.md
(`JH` is the jack of hearts, `TD` the ten of diamonds, `JK` the joker) and are
played with the action tokens of the notation (`order`, `pickup 9C`, `play JH`).

Seats are numbered clockwise: seat s+1 sits to the left of seat s.
"""

import copy
from dataclasses import replace

import pytest

from euchre_lesson import (
    CUTTHROAT,
    JOKER,
    PARTNERSHIP,
    RAILROAD,
    TWO_HANDED,
    Action,
    Card,
    IllegalAction,
    NotationError,
    Phase,
    Points,
    Rank,
    Suit,
    deal_hand,
    deck,
    effective_suit,
    legal_plays,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
    ranking,
    replay,
    score_hand,
    trick_winner,
)
from euchre_lesson.engine.game import game_from_record

rule = pytest.mark.rule

HEARTS, DIAMONDS, CLUBS, SPADES = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


# -- helpers for building scripted deals -------------------------------------------


def cards(text):
    """'JH JD AH' -> [J♥, J♦, A♥]."""
    return parse_cards(text)


def cutthroat_deal(seat0, seat1, seat2, dummy, kitty):
    """A three-hand deal; the first card of the kitty is the up-card."""
    return {"hands": [seat0.split(), seat1.split(), seat2.split()], "dummy": dummy.split(), "kitty": kitty.split()}


def partnership_deal(seat0, seat1, seat2, seat3, kitty):
    """A four-hand deal; the first card of the kitty is the up-card."""
    return {"hands": [seat0.split(), seat1.split(), seat2.split(), seat3.split()], "kitty": kitty.split()}


def act(state, *tokens):
    """Apply action tokens one after the other."""
    for token in tokens:
        state = state.apply(token)
    return state


def play_tricks(state, *tricks):
    """Play whole tricks, each written as the cards in the order they are played."""
    for trick in tricks:
        for card in trick.split():
            state = state.apply(f"play {card}")
    return state


# Cutthroat, dealer 0. Seat 1 holds the five best hearts, seat 2 clubs, seat 0 spades,
# the dummy diamonds; the up-card is the 10 of hearts.
STRONG_DEAL = cutthroat_deal(
    seat0="AS KS QS JS TS",
    seat1="JH JD AH KH QH",
    seat2="AC KC QC JC TC",
    dummy="AD KD QD TD 9D",
    kitty="TH 9H 9C 9S",
)

# Cutthroat, dealer 0. Seat 1 will order hearts with a poor hand; seat 2 holds both bowers.
EUCHRE_DEAL = cutthroat_deal(
    seat0="KH QH AD KD KS",
    seat1="TH 9S 9C 9D TC",
    seat2="JH JD AH AC AS",
    dummy="TS JS QS TD QD",
    kitty="9H JC QC KC",
)

# Cutthroat, dealer 0. Seat 2's only trump (hearts) is the left bower J♦.
LEFT_BOWER_DEAL = cutthroat_deal(
    seat0="AD KD QD 9D TD",
    seat1="JH AH KH 9S TS",
    seat2="JD AC KC QC JC",
    dummy="JS QS KS AS 9C",
    kitty="QH TH 9H TC",
)

# Cutthroat, dealer 0. Seat 1 will lead the A♦ with hearts trump; seat 2 holds J♦ and 9♦.
PRINTED_SUIT_DEAL = cutthroat_deal(
    seat0="AS KS QS JS TS",
    seat1="AD JH AH KH QH",
    seat2="JD 9D AC KC QC",
    dummy="KD QD TD JC TC",
    kitty="TH 9H 9C 9S",
)

# Partnership (partners 0 & 2, 1 & 3). Seat 0 holds the five best hearts.
PARTNERSHIP_DEAL = partnership_deal(
    seat0="JH JD AH KH QH",
    seat1="AC KC QC JC TC",
    seat2="AS KS QS JS TS",
    seat3="AD KD QD TD 9D",
    kitty="TH 9H 9C 9S",
)

# Cutthroat with the 25-card deck, dealer 0, and the joker turned up.
JOKER_DEAL = cutthroat_deal(
    seat0="9C TC JC QC KC",
    seat1="JH JD AH KH QH",
    seat2="AS KS QS JS TS",
    dummy="AD KD QD TD 9D",
    kitty="JK AC 9H TH 9S",
)
JOKER_RULES = replace(CUTTHROAT, deck=25)


def cutthroat_hand(deal=STRONG_DEAL, dealer=0, **switches):
    return deal_hand(replace(CUTTHROAT, **switches), dealer, deal=deal)


def partnership_hand(deal=PARTNERSHIP_DEAL, dealer=3, **switches):
    return deal_hand(replace(PARTNERSHIP, **switches), dealer, deal=deal)


def snapshot(state):
    """An independent copy, to show later that a refused action changed nothing."""
    return copy.deepcopy(state)


# ==================================================================================
# C1 Deck
# ==================================================================================


@rule("C1")
def test_the_24_card_deck_is_nine_to_ace_in_four_suits():
    expected = {
        Card(rank, suit) for suit in Suit for rank in (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
    }
    assert len(deck(24)) == 24
    assert set(deck(24)) == expected
    assert deck() == deck(24)


@rule("C1")
def test_the_32_card_deck_adds_the_sevens_and_eights():
    added = set(deck(32)) - set(deck(24))
    assert len(deck(32)) == 32
    assert added == {Card(rank, suit) for suit in Suit for rank in (Rank.SEVEN, Rank.EIGHT)}
    assert set(deck(24)) <= set(deck(32))


@rule("C1")
def test_the_25_card_deck_is_the_24_plus_one_joker():
    assert len(deck(25)) == 25
    assert set(deck(25)) == set(deck(24)) | {JOKER}
    assert JOKER not in deck(24) and JOKER not in deck(32)


@rule("C1")
def test_there_is_no_other_deck_size():
    with pytest.raises(NotationError):
        deck(52)


@rule("C1")
def test_aces_are_high_and_nines_or_sevens_low_in_a_plain_suit():
    # Clubs led, hearts trump, nobody trumps: the ace wins, the nine never does.
    assert trick_winner(cards("9C AC KC"), HEARTS) == 1
    assert trick_winner(cards("TC 9C"), HEARTS) == 0
    assert trick_winner(cards("8C 7C 9C"), HEARTS) == 2  # 32-card deck: the 7 is lowest
    assert ranking(SPADES, 32)[-1].rank is Rank.SEVEN


# ==================================================================================
# C2 Bowers
# ==================================================================================


@rule("C2")
def test_worked_example_hearts_trump_ranking():
    assert list(ranking(HEARTS)[:7]) == cards("J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥")
    assert ranking(HEARTS)[2] == parse_card("AH")  # the third-best card is the A♥


@rule("C2")
def test_worked_example_as_tricks_each_card_beats_the_next():
    order = cards("JH JD AH KH QH TH 9H")
    for stronger, weaker in zip(order, order[1:]):
        assert trick_winner([weaker, stronger], HEARTS) == 1
        assert trick_winner([stronger, weaker], HEARTS) == 0


@rule("C2")
def test_the_left_bower_is_the_jack_of_the_same_colour():
    assert effective_suit(parse_card("JD"), HEARTS) is HEARTS
    assert effective_suit(parse_card("JH"), DIAMONDS) is DIAMONDS
    assert effective_suit(parse_card("JC"), SPADES) is SPADES
    assert effective_suit(parse_card("JS"), CLUBS) is CLUBS


@rule("C2")
def test_the_other_colour_jacks_keep_their_own_suit():
    assert effective_suit(parse_card("JC"), HEARTS) is CLUBS
    assert effective_suit(parse_card("JS"), DIAMONDS) is SPADES
    assert effective_suit(parse_card("JD"), SPADES) is DIAMONDS


@rule("C2")
def test_the_left_bower_beats_the_ace_of_its_printed_suit_when_that_suit_is_led():
    # Diamonds led, hearts trump: J♦ is a trump and wins the trick.
    assert trick_winner(cards("AD JD"), HEARTS) == 1


@rule("C2")
def test_a_led_trump_forces_out_a_lone_left_bower():
    hand = cards("JD AC KC 9S TS")
    assert legal_plays(hand, cards("9H"), HEARTS) == cards("JD")


@rule("C2")
def test_the_left_bower_cannot_follow_its_printed_suit():
    # Diamonds led, hearts trump: holding J♦ and 9♦ you must play the 9♦.
    assert legal_plays(cards("JD 9D AC"), cards("AD"), HEARTS) == cards("9D")
    # Holding J♦ as the only "diamond" you hold no diamond: any card may be played.
    assert set(legal_plays(cards("JD AC KS"), cards("AD"), HEARTS)) == set(cards("JD AC KS"))


@rule("C2")
def test_the_left_bower_does_not_rank_among_its_printed_suit():
    diamonds_in_ranking = [c for c in ranking(HEARTS) if effective_suit(c, HEARTS) is DIAMONDS]
    assert parse_card("JD") not in diamonds_in_ranking
    assert len(diamonds_in_ranking) == 5


# ==================================================================================
# C3 Joker
# ==================================================================================


@rule("C3")
def test_the_joker_is_the_highest_trump():
    assert list(ranking(SPADES, 25)[:3]) == cards("JK JS JC")
    assert trick_winner(cards("JH JK"), HEARTS) == 1


@rule("C3")
def test_the_joker_always_belongs_to_trump():
    for trump in Suit:
        assert effective_suit(JOKER, trump) is trump
    # A trump led forces the joker out; the joker cannot follow a plain suit.
    assert legal_plays(cards("JK 9C AS"), cards("9H"), HEARTS) == [JOKER]
    assert legal_plays(cards("JK 9C AS"), cards("AC"), HEARTS) == cards("9C")


@rule("C3")
def test_a_turned_up_joker_makes_the_dealer_name_trump_at_once():
    state = deal_hand(JOKER_RULES, 0, deal=JOKER_DEAL)
    assert state.phase is Phase.JOKER_CALL
    assert state.to_act == 0  # the dealer, no bidding
    assert [str(a) for a in state.legal_actions()] == ["call ♣", "call ♦", "call ♥", "call ♠"]


@rule("C3")
def test_no_bidding_when_the_joker_is_turned_up():
    state = deal_hand(JOKER_RULES, 0, deal=JOKER_DEAL)
    for token in ("pass", "order"):
        with pytest.raises(IllegalAction) as error:
            state.apply(token)
        assert error.value.rule == "C3"


@rule("C3")
def test_the_dealer_is_the_maker_and_must_take_the_joker():
    state = act(deal_hand(JOKER_RULES, 0, deal=JOKER_DEAL), "call C")
    assert state.maker == 0 and state.trump is CLUBS
    assert state.phase is Phase.PICKUP and state.to_act == 0
    assert "decline" not in [a.kind for a in state.legal_actions()]
    with pytest.raises(IllegalAction) as error:
        state.apply("decline")
    assert error.value.rule == "C7"
    state = state.apply("pickup 9C")
    assert JOKER in state.hands[0]
    assert parse_card("9C") not in state.hands[0]
    assert state.discard == parse_card("9C")


@rule("C3")
def test_a_turned_up_joker_in_partnership_makes_the_dealers_side_the_makers():
    deal = partnership_deal(
        seat0="JH JD AH KH QH",
        seat1="AC KC QC JC TC",
        seat2="AS KS QS JS TS",
        seat3="AD KD QD TD 9D",
        kitty="JK TH 9H 9C 9S",
    )
    state = deal_hand(replace(PARTNERSHIP, deck=25), 3, deal=deal)
    assert state.phase is Phase.JOKER_CALL and state.to_act == 3
    state = act(state, "call D", "pickup 9D")
    assert state.maker == 3
    assert state.makers == (3, 1)
    assert JOKER in state.hands[3]


@rule("C3")
@rule("C7")
def test_a_turned_up_joker_stays_with_the_dealer():
    state = act(deal_hand(JOKER_RULES, 0, deal=JOKER_DEAL), "call C")
    assert JOKER not in [a.card for a in state.legal_actions()]
    with pytest.raises(IllegalAction) as error:
        state.apply("pickup JK")
    assert error.value.rule == "C7" and "C3" in str(error.value) and "joker" in str(error.value).lower()


# ==================================================================================
# C4 Dealer
# ==================================================================================


def play_hand_in_game(game, *, throw_in=False):
    """Finish the current hand of a game with simple choices: order up and stay,
    or pass everything so the hand is thrown in."""
    number = len(game.hands)
    while len(game.hands) == number and not game.is_over:
        legal = [str(a) for a in game.legal_actions()]
        if throw_in:
            choice = "pass"
        elif "order" in legal:
            choice = "order"
        elif "stay" in legal:
            choice = "stay"
        else:
            choice = legal[0]
        game = game.apply(choice)
    return game


@rule("C4")
def test_the_first_dealer_is_chosen_at_random():
    dealers = {new_game(CUTTHROAT, seed=seed).first_dealer for seed in range(40)}
    assert dealers == {0, 1, 2}
    game = new_game(CUTTHROAT, seed=7)
    assert game.hand.dealer == game.first_dealer


@rule("C4")
def test_the_deal_passes_to_the_left_after_each_hand():
    game = new_game(CUTTHROAT, seed=11, first_dealer=1)
    assert game.hand.dealer == 1
    game = play_hand_in_game(game)
    assert game.hands[0].is_over and not game.hands[0].thrown_in
    assert game.hand.dealer == 2
    game = play_hand_in_game(game)
    assert game.hand.dealer == 0


@rule("C4")
def test_the_deal_passes_to_the_left_in_partnership():
    game = new_game(PARTNERSHIP, seed=5, first_dealer=3)
    dealers = [game.hand.dealer]
    for _ in range(4):
        game = play_hand_in_game(game)
        dealers.append(game.hand.dealer)
    assert dealers == [3, 0, 1, 2, 3]


# ==================================================================================
# C5 Deal
# ==================================================================================


@rule("C5")
@pytest.mark.parametrize("game_rules", [CUTTHROAT, PARTNERSHIP], ids=["cutthroat", "partnership"])
@pytest.mark.parametrize("size, kitty", [(24, 4), (32, 12), (25, 5)])
def test_kitty_size_for_each_deck(game_rules, size, kitty):
    state = deal_hand(replace(game_rules, deck=size), 0, seed=1)
    assert len(state.deal.kitty) == kitty


@rule("C5")
def test_five_cards_to_each_hand_and_the_rest_is_the_kitty():
    state = deal_hand(PARTNERSHIP, 2, seed=3)
    assert [len(hand) for hand in state.hands] == [5, 5, 5, 5]
    dealt = [card for hand in state.hands for card in hand] + list(state.deal.kitty)
    assert sorted(map(str, dealt)) == sorted(map(str, deck(24)))


@rule("C5")
def test_the_top_card_of_the_kitty_is_the_up_card():
    state = cutthroat_hand()
    assert state.up_card == parse_card("TH")
    assert state.deal.kitty[0] == state.up_card


@rule("C5")
def test_a_deal_with_a_wrong_kitty_size_is_refused():
    bad = dict(STRONG_DEAL, kitty=["TH", "9H", "9C"])
    with pytest.raises(NotationError):
        deal_hand(CUTTHROAT, 0, deal=bad)


# ==================================================================================
# C6 Bidding, round one
# ==================================================================================


@rule("C6")
def test_bidding_starts_at_the_dealers_left():
    assert cutthroat_hand(dealer=0).to_act == 1
    assert cutthroat_hand(dealer=2).to_act == 0
    assert partnership_hand(dealer=3).to_act == 0


@rule("C6")
def test_each_bidder_may_pass_or_accept():
    state = cutthroat_hand()
    assert [str(a) for a in state.legal_actions()] == ["pass", "order"]


@rule("C6")
def test_bidding_goes_clockwise():
    state = partnership_hand(dealer=1)
    seen = []
    for _ in range(4):
        seen.append(state.to_act)
        state = state.apply("pass")
    assert seen == [2, 3, 0, 1]


@rule("C6")
def test_the_first_acceptance_ends_the_bidding():
    state = act(cutthroat_hand(), "pass", "order")
    assert state.maker == 2
    assert state.trump is HEARTS  # the up-card's suit
    assert state.phase is Phase.PICKUP  # the dealer is not asked to bid
    assert state.to_act == 0


# ==================================================================================
# C7 The dealer's pick-up
# ==================================================================================


@rule("C7")
def test_the_dealer_who_accepts_must_pick_up():
    state = act(cutthroat_hand(), "pass", "pass", "accept")
    assert state.maker == 0 and state.phase is Phase.PICKUP
    kinds = [a.kind for a in state.legal_actions()]
    assert "decline" not in kinds and set(kinds) == {"pickup"}
    with pytest.raises(IllegalAction) as error:
        state.apply("decline")
    assert error.value.rule == "C7"


@rule("C7")
def test_the_dealer_may_decline_when_another_player_orders_up():
    state = act(cutthroat_hand(), "order")
    assert "decline" in [str(a) for a in state.legal_actions()]
    after = state.apply("decline")
    assert after.picked_up is False
    assert after.hands[0] == state.hands[0]
    assert after.trump is HEARTS  # either way the up-card's suit is trump
    assert after.phase is Phase.GOING_ALONE


@rule("C7")
def test_the_dealer_may_pick_up_when_another_player_orders_up():
    state = act(cutthroat_hand(), "order", "pickup TS")
    assert state.picked_up is True
    assert parse_card("TH") in state.hands[0]
    assert parse_card("TS") not in state.hands[0]
    assert len(state.hands[0]) == 5


@rule("C7")
def test_dealer_must_pick_up_switch_removes_decline():
    state = act(cutthroat_hand(dealer_must_pick_up=True), "order")
    assert "decline" not in [a.kind for a in state.legal_actions()]
    with pytest.raises(IllegalAction) as error:
        state.apply("decline")
    assert error.value.rule == "C7"


@rule("C7")
def test_the_up_card_stays_with_the_dealer_who_discards_one_of_the_original_five():
    state = act(cutthroat_hand(), "pass", "pass", "accept")
    assert [a.card for a in state.legal_actions()] == list(state.hands[0])  # the five dealt, not the up-card
    copy, record = replace(state), state.record()
    with pytest.raises(IllegalAction) as error:
        state.apply("pickup TH")
    assert error.value.rule == "C7" and "10♥" in str(error.value) and "stays" in str(error.value)
    assert state == copy and state.record() == record
    after = state.apply("pickup TS")
    assert parse_card("TH") in after.hands[0] and after.discard == parse_card("TS")


@rule("C7")
def test_the_up_card_cannot_be_discarded_when_another_player_orders_it_up():
    state = act(cutthroat_hand(dealer_must_pick_up=True), "order")
    assert parse_card("TH") not in [a.card for a in state.legal_actions()]
    with pytest.raises(IllegalAction) as error:
        state.apply("pickup 10♥")
    assert error.value.rule == "C7"


@rule("C7")
def test_the_dealer_cannot_discard_a_card_not_among_the_six():
    state = act(cutthroat_hand(), "order")
    with pytest.raises(IllegalAction) as error:
        state.apply("pickup AC")  # seat 2 holds the A♣
    assert error.value.rule == "C7"


# ==================================================================================
# C8 Bidding, round two
# ==================================================================================


def round_two(state):
    """Everyone passes round one."""
    return act(state, *["pass"] * state.players)


@rule("C8")
def test_round_two_starts_at_the_dealers_left():
    state = round_two(cutthroat_hand(dealer=0))
    assert state.phase is Phase.ROUND_TWO
    assert state.to_act == 1


@rule("C8")
def test_the_turned_down_suit_cannot_be_named():
    state = round_two(cutthroat_hand())
    assert "call ♥" not in [str(a) for a in state.legal_actions()]
    assert "call ♠" in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction) as error:
        state.apply("call H")
    assert error.value.rule == "C8"


@rule("C8")
def test_may_name_turned_suit_switch_allows_it():
    state = round_two(cutthroat_hand(may_name_turned_suit=True))
    assert "call ♥" in [str(a) for a in state.legal_actions()]
    assert state.apply("call H").trump is HEARTS


@rule("C8")
def test_the_first_to_name_a_suit_fixes_trump():
    state = act(round_two(cutthroat_hand()), "pass", "call S")
    assert state.trump is SPADES
    assert state.maker == 2
    assert state.phase is Phase.GOING_ALONE  # no pick-up in round two


# ==================================================================================
# C9 Throw-in
# ==================================================================================


@rule("C9")
def test_all_pass_twice_throws_the_hand_in_cutthroat():
    state = act(cutthroat_hand(), *["pass"] * 6)
    assert state.is_over
    assert state.thrown_in
    assert state.maker is None
    assert state.points == (0, 0, 0)


@rule("C9")
def test_all_pass_twice_throws_the_hand_in_partnership():
    state = act(partnership_hand(), *["pass"] * 8)
    assert state.thrown_in
    assert state.points == (0, 0, 0, 0)


@rule("C9")
def test_after_a_throw_in_the_next_dealer_deals():
    game = new_game(CUTTHROAT, seed=3, first_dealer=2)
    game = play_hand_in_game(game, throw_in=True)
    assert game.hands[0].thrown_in
    assert game.scores == (0, 0, 0)
    assert len(game.hands) == 2
    assert game.hand.dealer == 0


@rule("C9")
def test_stick_the_dealer_forbids_the_dealer_to_pass_in_round_two():
    state = act(cutthroat_hand(stick_the_dealer=True), *["pass"] * 5)
    assert state.to_act == 0  # the dealer
    assert "pass" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(IllegalAction) as error:
        state.apply("pass")
    assert error.value.rule == "C9"
    assert state.apply("call S").maker == 0


@rule("C9")
def test_stick_the_dealer_still_lets_the_others_pass():
    state = round_two(cutthroat_hand(stick_the_dealer=True))
    assert "pass" in [str(a) for a in state.legal_actions()]


# ==================================================================================
# C10 Going alone
# ==================================================================================


def cutthroat_announcements(**switches):
    """Dealer 0; seat 1 passes, seat 2 orders up, the dealer declines: seat 2 is the maker."""
    return act(cutthroat_hand(**switches), "pass", "order", "decline")


def partnership_announcements(**switches):
    """Dealer 3; seats 0 and 1 pass, seat 2 orders up, the dealer declines: seat 2 is the maker."""
    return act(partnership_hand(**switches), "pass", "pass", "order", "decline")


def who_is_asked(state, answers):
    """The seats asked to go alone, in order, answering with the given tokens."""
    asked = []
    for answer in answers:
        assert state.phase is Phase.GOING_ALONE
        asked.append(state.to_act)
        state = state.apply(answer)
    assert state.phase is not Phase.GOING_ALONE
    return asked


@rule("C10")
def test_the_maker_announces_first_then_defenders_clockwise_from_the_maker():
    state = cutthroat_announcements()
    assert state.legal_actions() == [Action("alone"), Action("stay")]
    assert who_is_asked(state, ["stay", "stay", "stay"]) == [2, 0, 1]


@rule("C10")
def test_once_one_defender_goes_alone_no_other_is_asked():
    state = cutthroat_announcements()
    assert who_is_asked(state, ["stay", "alone"]) == [2, 0]
    after = act(state, "stay", "alone")
    assert after.lone_defender == 0


@rule("C10")
def test_no_lone_defender_switch_means_defenders_are_not_asked():
    state = cutthroat_announcements(allow_lone_defender=False)
    assert who_is_asked(state, ["stay"]) == [2]
    assert who_is_asked(cutthroat_announcements(allow_lone_defender=False), ["alone"]) == [2]


@rule("C10")
def test_in_partnership_the_makers_partner_is_asked_after_the_maker_then_the_defenders():
    assert who_is_asked(partnership_announcements(), ["stay", "stay", "stay", "stay"]) == [2, 0, 3, 1]


@rule("C10")
def test_a_lone_maker_s_partner_is_not_asked_at_most_one_lone_player_a_side():
    assert who_is_asked(partnership_announcements(), ["alone", "stay", "stay"]) == [2, 3, 1]
    assert who_is_asked(partnership_announcements(), ["stay", "alone", "stay", "stay"]) == [2, 0, 3, 1]
    assert who_is_asked(partnership_announcements(), ["stay", "alone", "alone"]) == [2, 0, 3]


@rule("C10")
def test_the_club_rule_switch_asks_only_the_player_who_fixed_trump():
    state = partnership_announcements(partner_may_go_alone=False)
    asked = who_is_asked(state, ["stay", "stay", "stay"])
    assert asked == [2, 3, 1] and 0 not in asked
    assert who_is_asked(cutthroat_announcements(partner_may_go_alone=False), ["stay", "stay", "stay"]) == [2, 0, 1]


@rule("C10")
def test_the_partner_who_goes_alone_is_the_lone_maker_and_the_maker_sits_out():
    state = act(partnership_announcements(), "stay", "alone", "stay", "stay")
    assert state.maker == 2 and state.lone_maker and state.lone_partner and state.lone_maker_seat == 0
    assert state.sitting_out == (2,) and state.active_seats == (0, 1, 3)
    assert state.makers == (2, 0) and state.lone_defender is None


@rule("C10")
def test_announcements_come_after_the_pick_up():
    state = act(cutthroat_hand(), "order")
    assert state.phase is Phase.PICKUP
    with pytest.raises(IllegalAction):
        state.apply("alone")


# ==================================================================================
# C11 The opening lead
# ==================================================================================


def cutthroat_leader(announcements, opening_lead):
    """Dealer 0, maker 2 (defenders asked 0 then 1): who leads the first trick."""
    state = act(cutthroat_announcements(opening_lead=opening_lead), *announcements)
    if state.phase is Phase.DUMMY:
        state = state.apply("keep AC KC QC JC TC")
    assert state.phase is Phase.PLAY
    return state.to_act


def partnership_leader(announcements, opening_lead):
    """Dealer 3, maker 2 (then partner 0 and defenders 3 and 1 are asked): who leads the first trick."""
    state = act(partnership_announcements(opening_lead=opening_lead), *announcements)
    assert state.phase is Phase.PLAY
    return state.to_act


@rule("C11")
@pytest.mark.parametrize(
    "announcements, left_of_lone, dealer_left",
    [
        (["stay", "stay", "stay"], 1, 1),  # nobody alone: the dealer's left
        (["alone", "stay", "stay"], 0, 1),  # maker 2 alone: the maker's left
        (["stay", "alone"], 2, 2),  # defender 0 alone, seat 1 sits out and is skipped
        (["stay", "stay", "alone"], 2, 1),  # defender 1 alone, seat 0 sits out
        (["alone", "alone"], 0, 2),  # both alone: the lone defender leads
    ],
    ids=["nobody-alone", "maker-alone", "defender0-alone", "defender1-alone", "both-alone"],
)
def test_opening_lead_in_cutthroat(announcements, left_of_lone, dealer_left):
    assert cutthroat_leader(announcements, "left_of_lone") == left_of_lone
    assert cutthroat_leader(announcements, "dealer_left") == dealer_left


@rule("C11")
@pytest.mark.parametrize(
    "announcements, left_of_lone, dealer_left",
    [
        (["stay", "stay", "stay", "stay"], 0, 0),  # nobody alone: the dealer's left
        (["alone", "stay", "stay"], 3, 1),  # maker 2 alone; partner 0 (dealer's left) sits out, is not asked
        (["stay", "stay", "alone"], 0, 0),  # defender 3 alone, seat 1 sits out
        (["stay", "stay", "stay", "alone"], 2, 0),  # defender 1 alone, seat 3 sits out
        (["alone", "alone"], 3, 2),  # both alone: the lone defender leads
    ],
    ids=["nobody-alone", "maker-alone", "defender3-alone", "defender1-alone", "both-alone"],
)
def test_opening_lead_in_partnership(announcements, left_of_lone, dealer_left):
    assert partnership_leader(announcements, "left_of_lone") == left_of_lone
    assert partnership_leader(announcements, "dealer_left") == dealer_left


@rule("C11")
@pytest.mark.parametrize(
    "announcements, left_of_lone, dealer_left",
    [
        (["stay", "alone", "stay", "stay"], 1, 0),  # partner 0 alone, maker 2 sits out: the lone partner's left
        (["stay", "alone", "alone"], 3, 0),  # partner 0 and defender 3 alone: the lone defender leads
        (["stay", "alone", "stay", "alone"], 1, 0),  # partner 0 and defender 1 alone: the lone defender leads
    ],
    ids=["partner-alone", "partner-and-defender3-alone", "partner-and-defender1-alone"],
)
def test_opening_lead_when_the_makers_partner_goes_alone(announcements, left_of_lone, dealer_left):
    assert partnership_leader(announcements, "left_of_lone") == left_of_lone
    assert partnership_leader(announcements, "dealer_left") == dealer_left


@rule("C11")
def test_in_cutthroat_the_left_of_seat_2_is_seat_0_the_open_side_is_not_a_seat():
    # Dealer 2 accepts and goes alone: the lone maker's left, seat 0, leads.
    state = act(cutthroat_hand(dealer=2), "pass", "pass", "accept", "pickup TC", "alone", "stay", "stay")
    assert state.phase is Phase.PLAY
    assert state.to_act == 0
    # Nobody alone, dealer 2: the dealer's left, seat 0, leads.
    state = act(
        cutthroat_hand(dealer=2), "pass", "pass", "accept", "pickup TC", "stay", "stay", "stay", "keep AC KC QC JC TH"
    )
    assert state.to_act == 0


@rule("C11")
def test_the_opening_leader_is_never_a_seat_that_sits_out():
    state = act(cutthroat_announcements(), "stay", "alone")  # seat 1 sits out
    state = state.apply("keep AC KC QC JC TC")
    assert state.sitting_out == (1,)
    assert state.to_act not in state.sitting_out


# ==================================================================================
# C12 Following
# ==================================================================================


def left_bower_hand_at_first_trick():
    """Seat 1 makes hearts, keeps its own five and leads the J♥."""
    state = act(
        cutthroat_hand(LEFT_BOWER_DEAL), "order", "decline", "stay", "stay", "stay", "keep JH AH KH 9S TS", "play JH"
    )
    assert state.to_act == 2
    return state


@rule("C12")
def test_a_player_must_follow_the_suit_led():
    assert legal_plays(cards("9C AC KS"), cards("TC"), HEARTS) == cards("9C AC")


@rule("C12")
def test_a_player_who_cannot_follow_may_play_any_card():
    hand = cards("9C AC KS")
    assert legal_plays(hand, cards("AD"), HEARTS) == hand


@rule("C12")
def test_anything_may_be_led():
    hand = cards("9C AC KS JD")
    assert legal_plays(hand, [], HEARTS) == hand


@rule("C12")
def test_in_play_the_only_trump_left_bower_must_follow_a_trump_lead():
    state = left_bower_hand_at_first_trick()
    assert [str(a) for a in state.legal_actions()] == ["play J♦"]
    with pytest.raises(IllegalAction) as error:
        state.apply("play AC")
    assert error.value.rule == "C12"
    assert "J♦" in str(error.value)
    assert "left bower" in str(error.value)


@rule("C12")
def test_in_play_the_left_bower_cannot_follow_its_printed_suit():
    state = act(
        cutthroat_hand(PRINTED_SUIT_DEAL), "order", "decline", "stay", "stay", "stay", "keep AD JH AH KH QH", "play AD"
    )
    assert state.to_act == 2
    assert [str(a) for a in state.legal_actions()] == ["play 9♦"]
    with pytest.raises(IllegalAction) as error:
        state.apply("play JD")
    assert error.value.rule == "C12"
    assert "9♦" in str(error.value)
    assert "left bower" in str(error.value)


@rule("C12")
def test_in_play_a_player_without_the_led_suit_may_play_anything():
    state = left_bower_hand_at_first_trick().apply("play JD")
    assert state.to_act == 0  # the dealer holds only diamonds: no heart, no trump
    assert {str(a) for a in state.legal_actions()} == {"play A♦", "play K♦", "play Q♦", "play 9♦", "play 10♦"}


# ==================================================================================
# C13 The trick
# ==================================================================================


@rule("C13")
def test_the_highest_trump_wins_the_trick():
    assert trick_winner(cards("AC 9H KH"), HEARTS) == 2
    assert trick_winner(cards("AC 9H AD"), HEARTS) == 1


@rule("C13")
def test_without_trump_the_highest_card_of_the_led_suit_wins():
    # Clubs led, hearts trump; the A♠ is of another suit and cannot win.
    assert trick_winner(cards("9C AS KC"), HEARTS) == 2


@rule("C13")
def test_the_winner_leads_the_next_trick():
    state = act(cutthroat_hand(EUCHRE_DEAL), "order", "decline", "stay", "stay", "stay", "keep TH 9S 9C 9D TC")
    assert state.to_act == 1
    state = play_tricks(state, "9C AC KS")  # seat 1 leads, seat 2's ace wins
    assert state.tricks[0].winner == 2
    assert state.tricks_won == (0, 0, 1)
    assert state.to_act == 2
    assert state.trick.leader == 2


@rule("C13")
def test_a_hand_is_five_tricks():
    state = act(cutthroat_hand(EUCHRE_DEAL), "order", "decline", "stay", "stay", "stay", "keep TH 9S 9C 9D TC")
    state = play_tricks(state, "9C AC KS", "JH KH TH", "JD QH 9S", "AH AD 9D")
    assert not state.is_over and len(state.tricks) == 4
    state = play_tricks(state, "AS KD TC")
    assert state.is_over
    assert len(state.tricks) == 5
    assert sum(state.tricks_won) == 5


# ==================================================================================
# C14 Illegal actions
# ==================================================================================


@rule("C14")
def test_an_illegal_action_is_a_value_error_naming_the_rule():
    assert issubclass(IllegalAction, ValueError)
    state = act(cutthroat_hand(EUCHRE_DEAL), "order", "decline", "stay", "stay", "stay", "keep TH 9S 9C 9D TC")
    state = play_tricks(state, "9C AC KS", "JH")  # seat 0 holds K♥ Q♥
    with pytest.raises(ValueError) as error:
        state.apply("play AD")
    assert isinstance(error.value, IllegalAction)
    assert error.value.rule == "C12"
    message = str(error.value)
    assert "A♦" in message  # the card tried
    assert "K♥" in message and "Q♥" in message  # the cards that should have followed
    assert "follow" in message


@rule("C14")
def test_playing_a_card_you_do_not_hold_is_refused():
    state = act(cutthroat_hand(), "order", "decline", "stay", "stay", "stay", "keep JH JD AH KH QH")
    with pytest.raises(IllegalAction) as error:
        state.apply("play AS")  # seat 0's card
    assert error.value.rule == "C14"
    assert "A♠" in str(error.value)


@rule("C14")
def test_the_state_is_unchanged_after_a_refused_play():
    state = act(
        cutthroat_hand(EUCHRE_DEAL), "order", "decline", "stay", "stay", "stay", "keep TH 9S 9C 9D TC", "play 9C"
    )
    before = snapshot(state)
    kept = state
    with pytest.raises(IllegalAction):
        state.apply("play JH")  # seat 2 holds the A♣ and must follow clubs
    assert state == before
    assert state is kept
    assert state.history == before.history and state.hands == before.hands


@rule("C14")
@pytest.mark.parametrize(
    "tokens, bad",
    [
        ([], "play JH"),  # playing during the bidding
        (["order"], "alone"),  # announcing before the pick-up
        (["pass", "pass", "accept"], "decline"),  # the dealer must pick up
        (["pass"] * 3, "call H"),  # the turned-down suit
        (["order", "decline", "stay", "stay", "stay"], "keep JH JD AH KH"),  # four cards
    ],
    ids=["play-in-bidding", "alone-too-early", "dealer-decline", "turned-suit", "keep-four"],
)
def test_the_state_is_unchanged_after_any_refused_action(tokens, bad):
    state = act(cutthroat_hand(), *tokens)
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply(bad)
    assert error.value.rule
    assert str(error.value).strip()
    assert state == before


@rule("C14")
def test_acting_out_of_turn_is_refused():
    state = cutthroat_hand()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as error:
        state.apply("order", seat=2)  # seat 1 is to act
    assert "seat 1" in str(error.value)
    assert state == before


@rule("C14")
def test_the_game_is_unchanged_after_a_refused_action():
    game = new_game(CUTTHROAT, seed=1, first_dealer=0)
    before = snapshot(game)
    with pytest.raises(IllegalAction):
        game.apply("play JH")
    assert game == before


@rule("C14")
def test_no_action_after_the_hand_is_over():
    state = act(cutthroat_hand(), *["pass"] * 6)
    with pytest.raises(IllegalAction):
        state.apply("pass")


# ==================================================================================
# T1 Players
# ==================================================================================


@rule("T1")
def test_cutthroat_has_three_seats_and_the_dummy_is_not_a_seat():
    state = cutthroat_hand()
    assert state.players == 3
    assert len(state.hands) == 3
    assert state.dummy == tuple(cards("AD KD QD TD 9D"))
    with pytest.raises(NotationError):
        deal_hand(CUTTHROAT, 3, deal=STRONG_DEAL)  # there is no fourth seat to deal


@rule("T1")
def test_the_dummy_never_bids_or_plays():
    state = cutthroat_hand()
    # Round one: 1, 2, 0 pass; round two: 1 passes, 2 names spades; nobody alone;
    # seat 2 keeps its own five; then one trick, led by seat 1.
    tokens = [
        "pass",
        "pass",
        "pass",
        "pass",
        "call S",
        "stay",
        "stay",
        "stay",
        "keep AC KC QC JC TC",
        "play JH",
        "play AC",
        "play JS",
    ]
    seats = []
    for token in tokens:
        seats.append(state.to_act)
        state = state.apply(token)
    assert set(seats) <= {0, 1, 2}
    played = [card for trick in state.tricks for card in trick.cards]
    assert not set(played) & set(cards("AD KD QD TD 9D"))


@rule("T1")
def test_each_cutthroat_player_scores_alone():
    game = new_game(CUTTHROAT, seed=2)
    assert game.sides == ((0,), (1,), (2,))
    assert len(game.scores) == 3


# ==================================================================================
# T2 Deal
# ==================================================================================


@rule("T2")
def test_cutthroat_deals_five_to_each_player_and_five_to_the_dummy():
    state = deal_hand(CUTTHROAT, 0, seed=9)
    assert [len(hand) for hand in state.hands] == [5, 5, 5]
    assert len(state.deal.dummy) == 5
    assert len(state.deal.kitty) == 4
    everything = [c for hand in state.hands for c in hand] + list(state.deal.dummy) + list(state.deal.kitty)
    assert set(everything) == set(deck(24)) and len(everything) == 24


@rule("T2")
def test_a_cutthroat_deal_needs_a_dummy():
    bad = {key: value for key, value in STRONG_DEAL.items() if key != "dummy"}
    with pytest.raises(NotationError):
        deal_hand(CUTTHROAT, 0, deal=bad)


# ==================================================================================
# T3 Bidding with three
# ==================================================================================


@rule("T3")
def test_three_bidders_the_dealer_last():
    state = cutthroat_hand(dealer=1)
    seen = []
    for _ in range(3):
        seen.append(state.to_act)
        state = state.apply("pass")
    assert seen == [2, 0, 1]
    assert state.phase is Phase.ROUND_TWO


@rule("T3")
def test_the_second_bidders_assist_simply_orders_it_up():
    state = act(cutthroat_hand(), "pass", "assist")
    assert state.maker == 2
    assert state.makers == (2,)  # no partner in cutthroat
    assert state.trump is HEARTS


# ==================================================================================
# T4 Maker and defenders
# ==================================================================================


@rule("T4")
def test_the_maker_plays_against_the_other_two_in_round_one():
    state = act(cutthroat_hand(), "pass", "order")
    assert state.maker == 2
    assert state.makers == (2,)
    assert state.defenders == (0, 1)


@rule("T4")
def test_the_maker_in_round_two():
    state = act(cutthroat_hand(), "pass", "pass", "pass", "call C")
    assert state.maker == 1
    assert state.defenders == (2, 0)


# ==================================================================================
# T5 The dummy
# ==================================================================================


def at_the_dummy():
    """Dealer 0, seat 1 orders hearts, nobody goes alone: seat 1 must take the dummy."""
    return act(cutthroat_hand(), "order", "decline", "stay", "stay", "stay")


@rule("T5")
def test_a_maker_who_is_not_alone_takes_the_dummy():
    state = at_the_dummy()
    assert state.phase is Phase.DUMMY
    assert state.to_act == 1
    kinds = {a.kind for a in state.legal_actions()}
    assert kinds == {"keep"}
    assert len(state.legal_actions()) == 252  # any five of ten
    with pytest.raises(IllegalAction) as error:
        state.apply("play JH")
    assert error.value.rule == "T5"


@rule("T5")
def test_the_maker_keeps_any_five_of_the_ten_and_the_rest_is_out_of_play():
    state = at_the_dummy().apply("keep JH JD AD KD QD")
    assert set(state.hands[1]) == set(cards("JH JD AD KD QD"))
    assert set(state.set_aside) == set(cards("AH KH QH TD 9D"))
    assert state.phase is Phase.PLAY


@rule("T5")
def test_the_maker_must_keep_exactly_five_cards_of_the_ten():
    state = at_the_dummy()
    for bad in ("keep JH JD AH KH", "keep JH JD AH KH AS", "keep JH JH AH KH QH"):
        with pytest.raises(IllegalAction) as error:
            state.apply(bad)
        assert error.value.rule == "T5"


# ==================================================================================
# T6 Going alone in cutthroat
# ==================================================================================


@rule("T6")
def test_a_lone_maker_does_not_use_the_dummy():
    state = act(cutthroat_hand(), "order", "decline", "alone", "stay", "stay")
    assert state.lone_maker
    assert state.phase is Phase.PLAY  # no keep
    assert state.hands[1] == tuple(cards("JH JD AH KH QH"))
    assert state.set_aside == ()


@rule("T6")
def test_a_lone_defenders_partner_sits_out_in_cutthroat():
    state = act(cutthroat_announcements(), "stay", "stay", "alone", "keep AC KC QC JC TC")
    assert state.lone_defender == 1
    assert state.sitting_out == (0,)
    assert state.active_seats == (1, 2)
    assert state.to_act == 2  # the lone defender's left
    state = play_tricks(state, "AC JH")  # seat 2 leads, seat 1 trumps: the trick is complete
    assert len(state.tricks) == 1 and len(state.tricks[0].cards) == 2
    assert state.to_act != 0


@rule("T6")
def test_maker_and_a_defender_may_both_go_alone():
    state = act(cutthroat_announcements(), "alone", "alone")
    assert state.lone_maker and state.lone_defender == 0
    assert state.phase is Phase.PLAY  # the lone maker skips the dummy
    assert state.active_seats == (0, 2)
    assert state.sitting_out == (1,)


# ==================================================================================
# T7 Cutthroat scoring
# ==================================================================================


@rule("T7")
@pytest.mark.parametrize(
    "maker_tricks, maker_alone, lone_defender, points",
    [
        # maker takes 3 or 4 tricks: maker 1
        (3, False, False, (1, 0)),
        (4, False, False, (1, 0)),
        (3, True, False, (1, 0)),
        (4, True, False, (1, 0)),
        (3, False, True, (1, 0)),
        (4, True, True, (1, 0)),
        # maker takes all 5 tricks: maker 3 (a lone maker too: no bonus in the sources)
        (5, False, False, (3, 0)),
        (5, True, False, (3, 0)),
        (5, False, True, (3, 0)),
        (5, True, True, (3, 0)),
        # maker is euchred: each defender 2
        (0, False, False, (0, 2)),
        (1, False, False, (0, 2)),
        (2, False, False, (0, 2)),
        (2, True, False, (0, 2)),
        (0, True, False, (0, 2)),
        # a lone defender's side takes 3 or 4: each defender 2
        (2, False, True, (0, 2)),
        (1, False, True, (0, 2)),
        (1, True, True, (0, 2)),
        # a lone defender's side takes all 5: each defender 4
        (0, False, True, (0, 4)),
        (0, True, True, (0, 4)),
    ],
)
def test_cutthroat_scoring_table(maker_tricks, maker_alone, lone_defender, points):
    assert score_hand(CUTTHROAT, maker_tricks, maker_alone, lone_defender) == Points(*points)


@rule("T7")
def test_lone_maker_march_points_switch_pays_a_lone_march_more():
    richer = replace(CUTTHROAT, lone_maker_march_points=5)
    assert score_hand(richer, 5, True, False) == Points(5, 0)
    assert score_hand(richer, 5, False, False) == Points(3, 0)  # not alone: unchanged
    assert score_hand(richer, 4, True, False) == Points(1, 0)


@rule("T7")
def test_scripted_cutthroat_march_scores_3_for_the_maker():
    state = act(cutthroat_hand(), "order", "decline", "stay", "stay", "stay", "keep JH JD AH KH QH")
    state = play_tricks(state, "JH AC AS", "JD KC KS", "AH QC QS", "KH JC JS", "QH TC TS")
    assert state.tricks_won == (0, 5, 0)
    assert state.points == (0, 3, 0)


@rule("T7")
def test_scripted_cutthroat_lone_march_scores_3_or_the_switch():
    # The lone maker's left (seat 2) leads the first trick; then the maker leads.
    tricks = ("AC AS JH", "JD KC KS", "AH QC QS", "KH JC JS", "QH TC TS")
    state = act(cutthroat_hand(), "order", "decline", "alone", "stay", "stay")
    assert play_tricks(state, *tricks).points == (0, 3, 0)
    state = act(cutthroat_hand(lone_maker_march_points=5), "order", "decline", "alone", "stay", "stay")
    assert play_tricks(state, *tricks).points == (0, 5, 0)


@rule("T7")
def test_scripted_cutthroat_euchre_pays_each_defender_2():
    state = act(cutthroat_hand(EUCHRE_DEAL), "order", "decline", "stay", "stay", "stay", "keep TH 9S 9C 9D TC")
    state = play_tricks(state, "9C AC KS", "JH KH TH", "JD QH 9S", "AH AD 9D", "AS KD TC")
    assert state.tricks_won == (0, 0, 5)
    assert state.points == (2, 0, 2)


@rule("T7")
def test_scripted_lone_defender_march_pays_each_defender_4():
    # Seat 2 orders hearts without a heart; seat 1 defends alone and takes every trick.
    state = act(cutthroat_announcements(), "stay", "stay", "alone", "keep AC KC QC JC TC")
    state = play_tricks(state, "AC JH", "JD KC", "AH QC", "KH JC", "QH TC")
    assert state.tricks_won == (0, 5, 0)
    assert state.points == (4, 4, 0)  # each defender, the one sitting out too


# ==================================================================================
# T8 Winning in cutthroat
# ==================================================================================


def cutthroat_game_with_scores(scores, **switches):
    game = new_game(replace(CUTTHROAT, **switches), seed=4, first_dealer=0)
    return replace(game, scores=scores)


@rule("T8")
def test_the_first_player_to_reach_10_wins():
    game = cutthroat_game_with_scores((3, 10, 7))
    assert game.is_over
    assert game.winners == (1,)
    assert cutthroat_game_with_scores((9, 9, 9)).winners == ()


@rule("T8")
def test_the_higher_score_wins_when_two_pass_10():
    game = cutthroat_game_with_scores((11, 12, 4))
    assert game.winners == (1,)


@rule("T8")
def test_a_tie_at_the_top_plays_on_by_default():
    game = cutthroat_game_with_scores((12, 12, 4))
    assert CUTTHROAT.tie_rule == "play_on"
    assert game.winners == ()
    assert not game.is_over
    assert game.legal_actions()  # the game goes on
    game.apply("pass")


@rule("T8")
def test_tie_rule_shared_lets_both_win():
    game = cutthroat_game_with_scores((12, 12, 4), tie_rule="shared")
    assert game.is_over
    assert game.winners == (0, 1)


# Dealer 2: seat 2 orders hearts on a poor hand and is euchred, so both defenders go from 8 to 10 while
# seat 0 stays at 9 (the scores are set by hand before the hand).
TIE_AT_TEN_DEAL = cutthroat_deal(
    seat0="9C TC 9S TS QH", seat1="JH JD AH KH TH", seat2="JC QC KC AC JS", dummy="QS KS AS 9D TD", kitty="9H QD KD AD"
)
# Dealer 0: seat 0 accepts hearts, lays the Q♥ away and marches alone for 3 (T7).
LONE_MARCH_DEAL = cutthroat_deal(
    seat0="JH JD AH KH QH", seat1="9C TC JC QC KC", seat2="9S TS JS QS KS", dummy="AC AD KD QD TD", kitty="TH 9H AS 9D"
)


def tied_at_ten_with_seat_0_at_9(**switches):
    """The game of issue 14: after its first hand the scores are 9, 10, 10."""
    game = new_game(replace(CUTTHROAT, **switches), seed=1, first_dealer=2)
    hand = act(
        deal_hand(game.rules, 2, deal=TIE_AT_TEN_DEAL),
        "order",
        "decline",
        "stay",
        "stay",
        "stay",
        "keep QH AS KS QS 9C",
    )
    game = replace(game, hands=(hand,), scores=(9, 8, 8))
    while len(game.hands) == 1 and not game.is_over:
        game = game.apply(game.legal_actions()[0])
    return game


def ordering_until_won(game):
    """Play on, each bidder ordering the up-card up and otherwise taking the first legal action (never a throw-in)."""
    for _ in range(2000):
        if game.is_over:
            return game
        legal = game.legal_actions()
        game = game.apply(next((a for a in legal if a.kind == "order"), legal[0]))
    raise AssertionError(f"the game did not end: scores {game.scores}")


@rule("T8")
def test_after_a_tie_at_the_top_only_the_tied_players_can_win():
    game = tied_at_ten_with_seat_0_at_9()
    assert game.scores == (9, 10, 10) and not game.is_over
    game = replace(game, hands=(deal_hand(CUTTHROAT, 0, deal=LONE_MARCH_DEAL),))
    for token in ("pass", "pass", "order", "pickup QH", "alone", "stay", "stay"):
        game = game.apply(token)
    while len(game.hands) == 1 and not game.is_over:  # seat 0 plays its five trumps
        game = game.apply(game.legal_actions()[0])
    assert game.scores == (12, 10, 10)  # seat 0, below 10 when the tie arose, is not in contention
    assert not game.is_over and game.winners == ()
    game = ordering_until_won(game)
    assert game.winners in ((1,), (2,)) and game.winning_seats != (0,)
    assert game.scores[game.winners[0]] > game.scores[3 - game.winners[0]]  # ahead of the other tied player
    replayed = game_from_record(game.record())  # the record keeps who was in contention
    assert replayed == game and replayed.winners == game.winners
    shared = tied_at_ten_with_seat_0_at_9(tie_rule="shared")  # or the tied players share the win at once
    assert shared.scores == (9, 10, 10) and shared.winners == (1, 2) and shared.is_over


@rule("T8")
def test_a_won_game_accepts_no_more_actions():
    game = cutthroat_game_with_scores((10, 2, 4))
    assert game.legal_actions() == []
    with pytest.raises(IllegalAction) as error:
        game.apply("pass")
    assert error.value.rule == "T8"


@rule("T8")
def test_a_cutthroat_game_ends_when_someone_reaches_10():
    game = new_game(CUTTHROAT, seed=21, first_dealer=0)
    for _ in range(60):
        if game.is_over:
            break
        previous = game.scores
        game = play_hand_in_game(game)
    assert game.is_over
    assert max(previous) < 10
    assert max(game.scores) >= 10
    assert game.scores[game.winners[0]] == max(game.scores)


# ==================================================================================
# F1 Players
# ==================================================================================


@rule("F1")
def test_four_players_in_two_partnerships_partners_opposite():
    game = new_game(PARTNERSHIP, seed=1)
    assert game.rules.players == 4
    assert game.sides == ((0, 2), (1, 3))
    state = act(partnership_hand(), "order")
    assert state.makers == (0, 2)
    assert state.defenders == (1, 3)


@rule("F1")
def test_partnership_has_no_dummy():
    state = partnership_hand()
    assert state.dummy is None
    assert not state.rules.has_dummy


# ==================================================================================
# F2 Bidding with four
# ==================================================================================


@rule("F2")
def test_four_bidders_from_the_dealers_left_the_dealer_last():
    state = partnership_hand(dealer=3)
    seen = []
    for _ in range(4):
        seen.append(state.to_act)
        state = state.apply("pass")
    assert seen == [0, 1, 2, 3]


@rule("F2")
@pytest.mark.parametrize(
    "passes, word, maker",
    [
        (0, "order up", 0),  # the dealer's left orders it up
        (1, "assist", 1),  # the dealer's partner assists
        (2, "order up", 2),  # the dealer's right orders it up
        (3, "accept", 3),  # the dealer accepts
    ],
)
def test_the_words_of_each_bidder_and_the_makers_side(passes, word, maker):
    state = act(partnership_hand(dealer=3), *["pass"] * passes, word)
    assert state.maker == maker
    assert state.makers == (maker, (maker + 2) % 4)
    assert set(state.defenders) == {0, 1, 2, 3} - set(state.makers)


@rule("F2")
def test_the_dealers_pick_up_is_optional_when_the_partner_assists():
    state = act(partnership_hand(dealer=3), "pass", "assist")
    assert "decline" in [str(a) for a in state.legal_actions()]


# ==================================================================================
# F3 Going alone in partnership
# ==================================================================================


@rule("F3")
def test_a_lone_makers_partner_sits_out():
    state = act(partnership_hand(), "order", "decline", "alone", "stay", "stay")
    assert state.sitting_out == (2,)
    state = play_tricks(state, "AC 9D JH")  # seats 1, 3, 0; seat 2 is skipped
    assert state.tricks[0].seats == (1, 3, 0)


@rule("F3")
def test_a_lone_defenders_partner_sits_out_in_partnership():
    state = act(partnership_announcements(), "stay", "stay", "alone")
    assert state.lone_defender == 3
    assert state.sitting_out == (1,)


@rule("F3")
def test_either_maker_may_go_alone_a_lone_partner_plays_and_scores_as_a_lone_maker():
    state = act(partnership_announcements(), "stay", "alone", "stay", "stay")
    assert state.to_act == 1  # the lone partner's left leads (C11)
    state = play_tricks(state, "AC 9D JH", "JD KC KD", "AH QC QD", "KH JC TD", "QH TC AD")
    assert state.tricks[0].seats == (1, 3, 0)  # seat 2, the maker, sits out
    assert state.tricks_won == (5, 0, 0, 0) and state.result.makers == 4
    assert state.points == (4, 0, 4, 0)  # a lone maker's march (F4)


@rule("F3")
def test_a_lone_partner_meets_a_lone_defender():
    state = act(partnership_announcements(), "stay", "alone", "alone")
    assert state.lone_partner and state.lone_defender == 3
    assert state.sitting_out == (1, 2) and state.active_seats == (0, 3)
    assert state.to_act == 3  # the lone defender leads (C11)


@rule("F3")
def test_the_maker_and_one_defender_may_both_go_alone():
    state = act(partnership_announcements(), "alone", "alone")
    assert state.lone_maker and state.lone_defender == 3
    assert state.sitting_out == (0, 1)
    assert state.active_seats == (2, 3)


# ==================================================================================
# F4 Partnership scoring
# ==================================================================================


@rule("F4")
@pytest.mark.parametrize(
    "maker_tricks, maker_alone, lone_defender, points",
    [
        # makers take 3 or 4 tricks (alone or not): makers 1
        (3, False, False, (1, 0)),
        (4, False, False, (1, 0)),
        (3, True, False, (1, 0)),
        (4, True, False, (1, 0)),
        (4, False, True, (1, 0)),
        # makers take all 5, the maker not alone (also against a lone defender): makers 2
        (5, False, False, (2, 0)),
        (5, False, True, (2, 0)),
        # a lone maker takes all 5: makers 4
        (5, True, False, (4, 0)),
        (5, True, True, (4, 0)),
        # makers are euchred: defenders 2
        (0, False, False, (0, 2)),
        (1, False, False, (0, 2)),
        (2, False, False, (0, 2)),
        (2, True, False, (0, 2)),
        # a lone defender takes 3 or 4: defenders 2
        (1, False, True, (0, 2)),
        (2, False, True, (0, 2)),
        (2, True, True, (0, 2)),
        # a lone defender takes all 5: defenders 4
        (0, False, True, (0, 4)),
        (0, True, True, (0, 4)),
    ],
)
def test_partnership_scoring_table(maker_tricks, maker_alone, lone_defender, points):
    assert score_hand(PARTNERSHIP, maker_tricks, maker_alone, lone_defender) == Points(*points)


@rule("F4")
def test_lone_maker_march_points_switch_in_partnership():
    assert score_hand(replace(PARTNERSHIP, lone_maker_march_points=6), 5, True) == Points(6, 0)
    assert score_hand(replace(PARTNERSHIP, lone_maker_march_points=6), 5, False) == Points(2, 0)


@rule("F4")
def test_scripted_lone_maker_march_scores_4_for_both_partners():
    state = act(partnership_hand(), "order", "decline", "alone", "stay", "stay")
    assert state.to_act == 1  # the lone maker's left leads
    state = play_tricks(state, "AC 9D JH", "JD KC KD", "AH QC QD", "KH JC TD", "QH TC AD")
    assert state.tricks_won == (5, 0, 0, 0)
    assert state.points == (4, 0, 4, 0)


@rule("F4")
def test_scripted_march_with_partner_scores_2():
    state = act(partnership_hand(), "order", "decline", "stay", "stay", "stay", "stay")
    assert state.to_act == 0
    state = play_tricks(state, "JH AC AS AD", "JD KC KS KD", "AH QC QS QD", "KH JC JS TD", "QH TC TS 9D")
    assert state.points == (2, 0, 2, 0)


@rule("F4")
def test_scripted_euchre_scores_2_for_both_defenders():
    # Seat 1 orders hearts without a heart; seat 0 takes every trick.
    state = act(partnership_hand(), "pass", "order", "decline", "stay", "stay", "stay", "stay")
    assert state.makers == (1, 3)
    state = play_tricks(state, "JH AC AS AD", "JD KC KS KD", "AH QC QS QD", "KH JC JS TD", "QH TC TS 9D")
    assert state.points == (2, 0, 2, 0)


# ==================================================================================
# F5 Winning in partnership
# ==================================================================================


@rule("F5")
def test_the_first_partnership_to_10_wins():
    game = replace(new_game(PARTNERSHIP, seed=1, first_dealer=0), scores=(10, 7))
    assert game.is_over
    assert game.winners == (0,)
    assert game.winning_seats == (0, 2)
    assert not replace(game, scores=(9, 9)).is_over


@rule("F5")
def test_a_partnership_hand_scores_for_the_side():
    game = new_game(PARTNERSHIP, seed=8, first_dealer=0)
    game = play_hand_in_game(game)
    points = game.hands[0].points
    assert points[0] == points[2] and points[1] == points[3]
    assert game.scores == (points[0], points[1])


@rule("F5")
def test_a_partnership_game_ends_when_a_side_reaches_10():
    game = new_game(PARTNERSHIP, seed=13, first_dealer=2)
    for _ in range(60):
        if game.is_over:
            break
        previous = game.scores
        game = play_hand_in_game(game)
    assert game.is_over
    assert max(previous) < 10
    (side,) = game.winners
    assert game.scores[side] >= 10 > game.scores[1 - side]
    with pytest.raises(IllegalAction) as error:
        game.apply("pass")
    assert error.value.rule == "F5"


# ==================================================================================
# Notation
# ==================================================================================


@rule("Notation")
@pytest.mark.parametrize(
    "text, rank, suit",
    [
        ("J♥", Rank.JACK, HEARTS),
        ("jh", Rank.JACK, HEARTS),
        ("JH", Rank.JACK, HEARTS),
        ("10♦", Rank.TEN, DIAMONDS),
        ("TD", Rank.TEN, DIAMONDS),
        ("td", Rank.TEN, DIAMONDS),
        (" 10 d ", Rank.TEN, DIAMONDS),
        ("A♠", Rank.ACE, SPADES),
        ("9c", Rank.NINE, CLUBS),
        ("7S", Rank.SEVEN, SPADES),
    ],
)
def test_parse_card_reads_both_forms(text, rank, suit):
    assert parse_card(text) == Card(rank, suit)


@rule("Notation")
@pytest.mark.parametrize("text", ["Joker", "JK", "joker", "jk"])
def test_parse_card_reads_the_joker(text):
    assert parse_card(text) == JOKER


@rule("Notation")
def test_parse_cards_reads_lists():
    assert parse_cards("JH JD AH") == [Card(Rank.JACK, HEARTS), Card(Rank.JACK, DIAMONDS), Card(Rank.ACE, HEARTS)]
    assert parse_cards("J♥, J♦") == parse_cards(["jh", "JD"])


@rule("Notation")
@pytest.mark.parametrize("text", ["", "XH", "J", "JX", "11H", "1H"])
def test_unreadable_cards_are_refused(text):
    with pytest.raises(NotationError):
        parse_card(text)


@rule("Notation")
def test_cards_print_with_symbols_for_people_and_ascii_for_files():
    assert str(parse_card("JH")) == "J♥"
    assert str(parse_card("TD")) == "10♦"
    assert str(JOKER) == "Joker"
    assert parse_card("10♦").ascii == "TD"
    assert parse_card("J♥").ascii == "JH"
    assert JOKER.ascii == "JK"


@rule("Notation")
def test_every_card_round_trips_through_both_forms():
    for card in deck(32) + (JOKER,):
        assert parse_card(str(card)) == card
        assert parse_card(card.ascii) == card


@rule("Notation")
@pytest.mark.parametrize(
    "token, printed, ascii",
    [
        ("pass", "pass", "pass"),
        ("order", "order", "order"),
        ("call H", "call ♥", "call H"),
        ("pickup TC", "pickup 10♣", "pickup TC"),
        ("decline", "decline", "decline"),
        ("alone", "alone", "alone"),
        ("stay", "stay", "stay"),
        ("keep JH JD AH KH QH", "keep J♦ J♥ Q♥ K♥ A♥", "keep JD JH QH KH AH"),
        ("play QH", "play Q♥", "play QH"),
    ],
)
def test_action_tokens_round_trip(token, printed, ascii):
    action = parse_action(token)
    assert str(action) == printed
    assert action.ascii == ascii
    assert parse_action(str(action)) == action
    assert parse_action(action.ascii) == action


@rule("Notation")
@pytest.mark.parametrize("word", ["order up", "assist", "accept", "Order Up", "ORDER"])
def test_order_synonyms(word):
    assert parse_action(word) == parse_action("order")


@rule("Notation")
def test_action_parsing_is_forgiving_about_case_and_spaces():
    assert parse_action("  PLAY   jh ") == parse_action("play J♥")
    assert parse_action("pick up 10♣") == parse_action("pickup TC")
    assert parse_action("call ♠") == parse_action("call s")


@rule("Notation")
@pytest.mark.parametrize("token", ["bid", "play", "call X", "play ZZ"])
def test_unreadable_actions_are_refused(token):
    with pytest.raises(NotationError):
        parse_action(token)


def a_hand_in_progress():
    state = act(
        cutthroat_hand(stick_the_dealer=True),
        "pass",
        "order",
        "pickup TS",
        "stay",
        "stay",
        "stay",
        "keep AC KC QC JC TC",
    )
    return play_tricks(state, "JH AC TH", "JD")


@rule("Notation")
def test_a_hand_record_uses_ascii_and_names_the_rules():
    record = a_hand_in_progress().record()
    assert record["rules"] == "cutthroat"
    assert record["switches"] == {"stick_the_dealer": True}
    assert record["dealer"] == 0
    assert record["deal"]["kitty"][0] == "TH"
    assert record["deal"]["hands"][1] == ["JH", "JD", "AH", "KH", "QH"]
    assert record["actions"][:3] == ["pass", "order", "pickup TS"]
    assert "play JH" in record["actions"]


@rule("Notation")
def test_a_hand_record_replays_to_an_equal_state():
    state = a_hand_in_progress()
    assert replay(state.record()) == state
    assert replay(state.to_json()) == state


@rule("Notation")
def test_a_finished_partnership_hand_replays_to_an_equal_state():
    state = act(partnership_hand(), "order", "decline", "alone", "stay", "stay")
    state = play_tricks(state, "AC 9D JH", "JD KC KD", "AH QC QD", "KH JC TD", "QH TC AD")
    again = replay(state.to_json())
    assert again == state
    assert again.points == (4, 0, 4, 0)


@rule("Notation")
def test_a_joker_hand_record_replays():
    state = act(deal_hand(JOKER_RULES, 0, deal=JOKER_DEAL), "call C", "pickup 9C")
    record = state.record()
    assert record["switches"] == {"deck": 25}
    assert record["deal"]["kitty"][0] == "JK"
    assert record["actions"] == ["call C", "pickup 9C"]
    assert replay(record) == state


@rule("Notation")
def test_the_example_record_of_the_rule_book_replays():
    record = {
        "rules": "cutthroat",
        "switches": {"stick_the_dealer": True},
        "dealer": 2,
        "deal": {
            "hands": [["JH", "JD", "AH", "9C", "TS"], ["AC", "KC", "QC", "JC", "TC"], ["AS", "KS", "QS", "JS", "9S"]],
            "dummy": ["AD", "KD", "QD", "TD", "9D"],
            "kitty": ["KH", "QH", "TH", "9H"],
        },
        "actions": ["pass", "order", "pickup 9S", "stay", "stay", "stay", "keep AC KC QC JC TC", "play JH"],
    }
    state = replay(record)
    assert state.maker == 1 and state.trump is HEARTS
    assert state.rules.stick_the_dealer
    assert state.trick.cards == (parse_card("JH"),)


@rule("Notation")
def test_seats_are_numbered_clockwise_and_the_left_is_the_next_seat():
    state = partnership_hand(dealer=3)
    assert state.left_of(3) == 0
    assert state.left_of(0) == 1
    assert cutthroat_hand().left_of(2) == 0


# ==================================================================================
# W1-W6 Two-handed Euchre
# ==================================================================================

# Dealer 1; the up-card 9♥. Seat 0 holds the four best hearts and the left bower, seat 1 five clubs.
TWO_HAND_DEAL = {
    "hands": [["JH", "JD", "AH", "KH", "QH"], ["AC", "KC", "QC", "JC", "TC"]],
    "kitty": ["9H", "TH", "9C", "9D", "TD", "QD", "KD", "AD", "9S", "TS", "JS", "QS", "KS", "AS"],
}


def two_hand(dealer=1, **switches):
    return deal_hand(replace(TWO_HANDED, **switches), dealer, deal=TWO_HAND_DEAL)


@rule("W1")
def test_two_players_each_for_themselves_with_the_24_card_deck():
    assert TWO_HANDED.players == 2 and TWO_HANDED.deck == 24 and TWO_HANDED.game == "twohand"
    game = new_game(TWO_HANDED, seed=3)
    assert game.sides == ((0,), (1,)) and game.scores == (0, 0)
    assert two_hand().makers == () and act(two_hand(), "order", "pickup TC").makers == (0,)
    assert act(two_hand(), "order", "pickup TC").defenders == (1,)
    for size in (32, 25):
        hand = deal_hand(replace(TWO_HANDED, deck=size), 0, seed=5)
        assert sorted(set().union(*hand.deal.hands, hand.deal.kitty), key=str) == sorted(deck(size), key=str)


@rule("W2")
@pytest.mark.parametrize("size, kitty", [(24, 14), (32, 22), (25, 15)])
def test_five_cards_each_and_the_rest_is_the_kitty_with_its_top_card_turned_up(size, kitty):
    hand = deal_hand(replace(TWO_HANDED, deck=size), 1, seed=size)
    assert [len(cards) for cards in hand.hands] == [5, 5] and hand.deal.dummy is None
    assert len(hand.deal.kitty) == kitty and hand.up_card == hand.deal.kitty[0]
    assert replay(hand.record()) == hand and hand.record()["rules"] == "twohand"
    with pytest.raises(NotationError, match="deal.kitty has 4 cards"):
        deal_hand(TWO_HANDED, 1, deal={**TWO_HAND_DEAL, "kitty": TWO_HAND_DEAL["kitty"][:4]})


@rule("W3")
def test_the_non_dealer_bids_first_then_the_dealer_who_must_take_an_ordered_up_card():
    state = two_hand(dealer=1)
    assert state.to_act == 0 and state.legal_actions() == [Action("pass"), Action("order")]
    assert act(state, "pass").to_act == 1
    ordered = act(state, "order")
    assert ordered.phase is Phase.PICKUP and ordered.to_act == 1 and ordered.maker == 0
    assert [a.card for a in ordered.legal_actions()] == list(ordered.hands[1])  # no decline, not the up-card
    with pytest.raises(IllegalAction) as error:
        ordered.apply("decline")
    assert error.value.rule == "C7"
    assert act(state, "pass", "pass").phase is Phase.ROUND_TWO and act(state, "pass", "pass").to_act == 0
    thrown = act(state, "pass", "pass", "pass", "pass")
    assert thrown.thrown_in and thrown.points == (0, 0)  # C9
    assert "decline" in map(str, act(two_hand(dealer_must_pick_up=False), "order").legal_actions())


@rule("W4")
def test_nobody_goes_alone_and_play_starts_after_the_pick_up():
    state = act(two_hand(), "order", "pickup TC")
    assert state.phase is Phase.PLAY and state.sitting_out == () and not state.lone_maker
    assert "alone" not in [a.kind for a in state.legal_actions()]
    with pytest.raises(IllegalAction):
        state.apply("alone")
    called = act(two_hand(), "pass", "pass", "call D")
    assert called.phase is Phase.PLAY and called.maker == 0
    assert all(row.maker_alone is None and row.lone_defender is None for row in TWO_HANDED.scoring)  # W6


@rule("W4")
def test_a_two_hand_score_with_someone_alone_is_refused():
    for alone in ({"maker_alone": True}, {"lone_defender": True}):
        with pytest.raises(IllegalAction, match="nobody goes alone") as error:
            score_hand(TWO_HANDED, 5, **alone)
        assert error.value.rule == "W4"
    assert score_hand(TWO_HANDED, 5) == (2, 0)


@rule("W5")
def test_the_non_dealer_leads_the_first_trick():
    assert act(two_hand(dealer=1), "order", "pickup TC").to_act == 0
    assert act(deal_hand(TWO_HANDED, 0, deal=TWO_HAND_DEAL), "order", "pickup QH").to_act == 1
    state = act(two_hand(dealer=1), "order", "pickup TC", "play JH")
    assert state.to_act == 1 and [a.card for a in state.legal_actions()] == cards("9H")  # C12: follow hearts


@rule("W6")
@pytest.mark.parametrize(
    "tricks, points", [(3, (1, 0)), (4, (1, 0)), (5, (2, 0)), (2, (0, 2)), (1, (0, 2)), (0, (0, 2))]
)
def test_two_handed_scoring(tricks, points):
    assert score_hand(TWO_HANDED, tricks) == Points(*points)
    assert {row.rule for row in TWO_HANDED.scoring} == {"W6"}


@rule("W6")
def test_a_scripted_march_scores_2_and_a_euchre_2_for_the_opponent():
    march = play_tricks(act(two_hand(dealer=1), "order", "pickup TC"), "JH 9H", "JD AC", "AH KC", "KH QC", "QH JC")
    assert march.tricks_won == (5, 0) and march.points == (2, 0) and march.result.rule == "W6"
    # Dealer 0: seat 1 orders hearts with no heart; seat 0 takes the 9♥ and every trick.
    euchre = act(deal_hand(TWO_HANDED, 0, deal=TWO_HAND_DEAL), "order", "pickup QH")
    euchre = play_tricks(euchre, "AC JH", "JD KC", "AH QC", "KH JC", "9H TC")
    assert euchre.tricks_won == (5, 0) and euchre.maker == 1 and euchre.points == (2, 0)


@rule("W6")
def test_the_first_to_reach_10_wins_a_two_handed_game():
    game = replace(new_game(TWO_HANDED, seed=2, first_dealer=0), scores=(10, 8))
    assert game.is_over and game.winners == (0,) and game.winning_seats == (0,)
    with pytest.raises(IllegalAction) as error:
        game.apply("pass")
    assert error.value.rule == "W6"
    game = ordering_until_won(new_game(TWO_HANDED, seed=9))
    assert len(game.winners) == 1 and game.scores[game.winners[0]] >= 10
    assert game_from_record(game.record()) == game


# ==================================================================================
# R1-R5 Railroad Euchre
# ==================================================================================

# Dealer 1; the up-card 9♠. Seat 2 holds five hearts, seat 3 the joker and both red jacks.
RAILROAD_DEAL = partnership_deal(
    seat0="9C TC JC QC KC",
    seat1="9D TD QD KD AC",
    seat2="AH KH QH TH 9H",
    seat3="JK JH JD AD AS",
    kitty="9S TS JS QS KS",
)


def railroad_hand(**switches):
    return deal_hand(replace(RAILROAD, **switches), 1, deal=RAILROAD_DEAL)


def lone_against_lone(**switches):
    """Round two: seat 2 names hearts and goes alone, seat 3 defends alone."""
    return act(railroad_hand(**switches), "pass", "pass", "pass", "pass", "call H", "alone", "alone")


@rule("R1")
def test_railroad_is_played_with_the_25_card_deck_and_the_joker_as_highest_trump():
    assert RAILROAD.deck == 25 and RAILROAD.players == 4 and RAILROAD.game == "railroad"
    hand = deal_hand(RAILROAD, 0, seed=4)
    assert len(hand.deal.kitty) == 5 and JOKER in set().union(*hand.deal.hands, hand.deal.kitty)
    assert list(ranking(HEARTS, 25)[:3]) == cards("JK JH JD")
    assert replay(hand.record()) == hand and hand.record() == {**hand.record(), "rules": "railroad", "switches": {}}


@rule("R2")
def test_a_defender_may_go_alone_against_a_lone_maker_or_against_both_makers():
    state = lone_against_lone()
    assert state.lone_maker and state.lone_defender == 3 and state.sitting_out == (0, 1)
    both_makers = act(railroad_hand(), "pass", "pass", "pass", "pass", "call H", "stay", "stay", "alone")
    assert not both_makers.lone_maker and both_makers.lone_defender == 3 and both_makers.sitting_out == (1,)


@rule("R3")
def test_each_lone_player_calls_for_the_partner_s_best_card_the_lone_maker_first():
    state = lone_against_lone()
    assert state.phase is Phase.EXCHANGE and state.exchanges == ((0, 2), (1, 3))
    assert state.to_act == 0 and {a.kind for a in state.legal_actions()} == {"give"}
    assert [a.card for a in state.legal_actions()] == cards("9C TC JC QC KC")
    state = state.apply("give KC")
    assert state.to_act == 2 and state.hands[2] == tuple(cards("AH KH QH TH 9H KC")) and len(state.hands[0]) == 4
    assert [a.card for a in state.legal_actions()] == list(state.hands[2])  # any of the six, KC too
    state = act(state, "discard 9H", "give AC", "discard AC")  # a lone player may lay the card received down
    assert state.given == tuple(cards("KC AC")) and state.laid_down == tuple(cards("9H AC"))
    assert state.phase is Phase.PLAY and state.to_act == 3  # the lone defender leads (C11)
    assert sorted(map(len, state.hands)) == [4, 4, 5, 5]


@rule("R3")
def test_a_call_for_best_is_refused_out_of_turn_and_with_a_card_not_held():
    state = lone_against_lone()
    for token, words in (
        ("discard 9C", "give one of yours"),
        ("give AH", "is not in your hand"),
        ("play 9C", "not possible now"),
    ):
        with pytest.raises(IllegalAction, match=words) as error:
            state.apply(token)
        assert error.value.rule == "R3"
    given = state.apply("give KC")
    with pytest.raises(IllegalAction, match="discard X") as error:
        given.apply("give QC")
    assert error.value.rule == "R3"


@rule("R3")
def test_the_card_given_is_known_to_the_giver_and_the_lone_player_the_discard_to_the_lone_player_alone():
    from euchre_lesson.engine import narration

    state = act(lone_against_lone(), "give KC", "discard 9H")
    kc, nine = parse_card("KC"), parse_card("9H")
    assert kc in state.view(0).seen and nine not in state.view(0).seen  # the giver
    assert {kc, nine} <= state.view(2).seen  # the lone maker
    assert kc not in state.view(1).seen and kc not in state.view(3).seen and nine not in state.view(3).seen
    told = [words for _, words in narration.story(state.view(3))][-2:]
    assert told == ["seat 0 passed a card face down to seat 2", "seat 2 discarded a card face down"]
    assert [words for _, words in narration.story(state.view(2))][-2:] == [
        "your partner (seat 0) gave the K♣ to you",
        "you discarded the 9♥",
    ]
    assert state.view(0).said[-1] == (2, "discard")


@rule("R3")
def test_without_call_for_best_there_is_no_exchange_and_with_it_partnership_calls_too():
    assert lone_against_lone(call_for_best=False).phase is Phase.PLAY
    state = deal_hand(replace(PARTNERSHIP, deck=25, call_for_best=True), 1, deal=RAILROAD_DEAL)
    state = act(state, "pass", "pass", "pass", "pass", "call H", "stay", "stay", "alone")
    assert state.phase is Phase.EXCHANGE and state.exchanges == ((1, 3),) and state.to_act == 1
    assert (
        act(railroad_hand(), "pass", "pass", "pass", "pass", "call H", "stay", "stay", "stay", "stay").phase
        is Phase.PLAY
    )  # nobody alone: nobody calls


@rule("R4")
def test_a_lone_defender_who_euchres_a_lone_maker_scores_4():
    state = act(lone_against_lone(), "give KC", "discard 9H", "give AC", "discard AC")
    state = play_tricks(state, "JK TH", "JH QH", "JD KH", "AD AH", "KC AS")
    assert state.tricks_won == (0, 0, 2, 3) and state.result.rule == "R4"
    assert state.points == (0, 4, 0, 4)
    plain = act(lone_against_lone(lone_vs_lone_euchre_points=2), "give KC", "discard 9H", "give AC", "discard AC")
    plain = play_tricks(plain, "JK TH", "JH QH", "JD KH", "AD AH", "KC AS")
    assert plain.points == (0, 2, 0, 2) and plain.result.rule == "F4"


@rule("R4")
def test_railroad_scoring_is_f4_but_for_the_lone_against_lone_euchre():
    for tricks in range(6):
        for alone, lone_defender in ((False, False), (True, False), (False, True), (True, True)):
            ours = score_hand(RAILROAD, tricks, alone, lone_defender)
            if alone and lone_defender and tricks in (1, 2):
                assert ours == Points(0, 4)
            else:
                assert ours == score_hand(PARTNERSHIP, tricks, alone, lone_defender)
    assert score_hand(replace(RAILROAD, lone_vs_lone_euchre_points=6), 2, True, True) == Points(0, 6)
    assert score_hand(replace(PARTNERSHIP, lone_vs_lone_euchre_points=4), 1, True, True) == Points(0, 4)


@rule("R5")
def test_the_first_partnership_to_10_wins_railroad_and_nothing_carries_over():
    game = replace(new_game(RAILROAD, seed=6, first_dealer=0), scores=(13, 0))
    assert game.is_over and game.winners == (0,) and game.winning_seats == (0, 2)
    with pytest.raises(IllegalAction) as error:
        game.apply("pass")
    assert error.value.rule == "R5"
    game = ordering_until_won(new_game(RAILROAD, seed=3))
    assert len(game.winners) == 1 and game.scores[game.winners[0]] >= 10
    assert game_from_record(game.to_json()) == game and new_game(RAILROAD, seed=4).scores == (0, 0)
