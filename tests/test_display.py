"""A bare card, hand or game in a cell draws itself, with text for screen readers."""

from euchre_lesson import CUTTHROAT, PARTNERSHIP, deal_hand, new_game, parse_card
from euchre_lesson.engine.cards import Suit
from euchre_lesson.engine.display import card_html, card_name
from euchre_lesson.engine.language import speaking


def test_a_card_shows_its_symbol_and_says_its_name():
    html = parse_card("JD")._repr_html_()
    assert "J♦" in html and 'aria-label="jack of diamonds"' in html


def test_the_bowers_are_named_once_trump_is_fixed():
    assert card_name(parse_card("JD"), Suit.HEARTS) == "jack of diamonds, left bower"
    assert card_name(parse_card("JH"), Suit.HEARTS) == "jack of hearts, right bower"
    assert card_name(parse_card("JC"), Suit.HEARTS) == "jack of clubs"


def test_a_card_is_named_in_the_learners_language_wherever_it_is_said():
    """One naming of a card: the widgets' tooltips and text alternatives, a bare card and the faces say it alike."""
    with speaking("fr"):
        assert card_name(parse_card("JD"), Suit.HEARTS) == "valet de carreau, valet gauche"
        assert card_name(parse_card("JH"), Suit.HEARTS) == "valet de cœur, valet droit"
        assert 'aria-label="dix de trèfle"' in card_html(parse_card("10C"))
        assert 'aria-label="as de pique"' in parse_card("AS")._repr_html_()
    with speaking("et"):
        assert card_name(parse_card("JD"), Suit.HEARTS) == "ruutu poiss, vasak poiss"


def test_a_fresh_hand_shows_every_hand_the_dummy_and_the_up_card():
    hand = deal_hand(CUTTHROAT, 2, seed=7)
    html = hand._repr_html_()
    for card in [*sum(hand.hands, ()), *hand.dummy, hand.up_card]:
        assert str(card) in html
    assert "dummy" in html and "up-card" in html and "seat 2 (dealer)" in html
    text = repr(hand)
    assert "up-card" in text and "dealer" in text and str(hand.up_card) in text


def test_a_hand_in_play_shows_the_trick_and_who_is_to_act(random_state):
    hand = random_state(
        deal_hand(PARTNERSHIP, 0, seed=3), 1, until=lambda hand: hand.trick and len(hand.trick.cards) == 2
    )
    html = hand._repr_html_()
    assert "trick 1" in html and "to act" in html
    assert all(str(card) in html for card in hand.trick.cards)


def test_a_game_shows_the_scores():
    game = new_game(PARTNERSHIP, seed=11)
    assert "seat 0 &amp; seat 2: 0" in game._repr_html_()
    assert "target 10" in repr(game)
