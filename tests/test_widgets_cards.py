"""Cards on screen: rank and suit on every face, words for screen readers, trump roles marked."""

import re
from pathlib import Path

import pytest

from euchre_lesson import Suit, deck, parse_card
from euchre_lesson.widgets import CardRow, RankingExplorer, card_button, four_colours
from euchre_lesson.widgets import cards as cards_module
from euchre_lesson.widgets.cards import CSS, CardStrip, has_class


@pytest.mark.parametrize("size", [24, 32, 25])
def test_every_face_shows_rank_and_suit_and_has_words(size):
    for card in deck(size):
        button = card_button(card)
        face = button.description
        assert face.startswith("Joker") if card.is_joker else face == f"{card.rank.label}{card.suit.symbol}"
        assert button.tooltip and card.ascii not in button.tooltip  # words, such as "ten of clubs"


@pytest.mark.rule("C2")
def test_the_bowers_and_the_joker_are_marked_once_trump_is_fixed():
    marks = {
        str(c): card_button(c, Suit.HEARTS).description.split("\n")[-1]
        for c in map(parse_card, ["J♥", "J♦", "Joker", "A♥"])
    }
    assert marks == {"J♥": "R", "J♦": "L", "Joker": "★", "A♥": "A♥"}
    assert "left bower" in card_button(parse_card("J♦"), Suit.HEARTS).tooltip
    assert "\n" not in card_button(parse_card("J♦")).description  # no trump yet: no mark


def test_a_row_of_backs_holds_no_hidden_card():
    row = CardRow()
    row.show(deck()[:5], hidden=True)
    assert all(b.description == "" and b.disabled for b in row.children)
    assert all("face down" in b.tooltip for b in row.children)
    assert not set(row.cards) & set(deck()[:5])


def test_the_four_colour_deck_is_one_call_on_any_widget():
    explorer = four_colours(RankingExplorer())
    assert has_class(explorer, "euchre-four")
    assert ".euchre-four .euchre-card.euchre-diamonds" in CSS and ".euchre-four .euchre-card.euchre-clubs" in CSS
    four_colours(explorer, on=False)
    assert not has_class(explorer, "euchre-four")


def test_legal_cards_are_marked_by_more_than_colour():
    row = CardRow()
    row.show(deck()[:3], legal=deck()[:1])
    assert row.marked(deck()[0], "legal") and "playable" in row.children[0].tooltip
    assert not row.marked(deck()[1], "legal")
    assert "border: 3px" in CSS.split(".euchre-card.euchre-legal")[1].split("}")[0]


def test_a_strip_of_cards_to_look_at_marks_the_legal_ones_as_a_row_does():
    strip = CardStrip()
    strip.show(deck()[:3], legal=deck()[:1])
    faces = re.findall(r'<span class="([^"]*)"[^>]*aria-label="([^"]*)"', strip.value)
    assert [("euchre-legal" in marks, "playable" in words) for marks, words in faces] == [
        (True, True),
        (False, False),
        (False, False),
    ]
    assert "<button" not in strip.value


def test_widgets_style_through_add_class_and_remove_class():
    """ipywidgets' _dom_classes is private: no widget writes it; the classes change through the public methods."""
    for path in sorted(Path(cards_module.__file__).parent.glob("*.py")):
        assert not re.search(r"\b_dom_classes\s*=(?!=)", path.read_text()), f"{path.name} writes _dom_classes"
    row = CardRow(on_pick=lambda card: None)
    row.show(deck()[:2], chosen=deck()[:1])
    button = row.button_for(deck()[0])
    row.show(deck()[:2], legal=deck()[:1])  # only a highlight changes: the same button, its marks changed
    assert row.button_for(deck()[0]) is button and row.marked(deck()[0], "legal")
    assert not row.marked(deck()[0], "chosen")
