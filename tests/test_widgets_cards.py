"""Cards on screen: rank and suit on every face, words for screen readers, trump roles marked."""

import re
from pathlib import Path

import ipywidgets as w
import pytest

from euchre_lesson import Suit, deck, parse_card
from euchre_lesson.engine.language import speaking
from euchre_lesson.look.faces import back_svg, face_svg
from euchre_lesson.widgets import CardRow, FollowSuitTrainer, RankingExplorer, card_button, four_colours
from euchre_lesson.widgets import cards as cards_module
from euchre_lesson.widgets.cards import CSS, CardStrip, face_class, has_class, style_sheet
from euchre_lesson.widgets.page import Page, bound
from euchre_lesson.widgets.practice import PracticeWidget


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


def test_a_card_buttons_words_and_the_faces_sheet_speak_the_language_chosen():
    with speaking("fr"):
        assert card_button(parse_card("J♦"), Suit.HEARTS).tooltip == "valet de carreau, valet gauche"
        assert "valet de carreau" in cards_module.faces_css()
    assert card_button(parse_card("J♦"), Suit.HEARTS).tooltip == "jack of diamonds, left bower"
    assert "valet de carreau" not in cards_module.faces_css() and "jack of diamonds" in cards_module.faces_css()


def test_a_row_of_backs_holds_no_hidden_card():
    row = CardRow()
    row.show(deck()[:5], hidden=True)
    assert all(b.description == "" and b.disabled for b in row.children)
    assert all("face down" in b.tooltip for b in row.children)
    assert not set(row.cards) & set(deck()[:5])


def test_the_four_colour_deck_is_one_call_on_any_widget():
    explorer = four_colours(RankingExplorer())
    assert has_class(explorer, "euchre-four")
    sheet = cards_module.faces_css()  # the faces of the four-colour deck, for cards inside a widget so marked
    for card in map(parse_card, ["K♦", "7♣"]):
        four = cards_module._url(face_svg(card, four_colour=True))
        assert (
            f".euchre-four .euchre-card.euchre-{card.suit.plural}.{face_class(card)} {{ background-image: {four}"
            in sheet
        )
    assert (
        ".euchre-four .euchre-card.euchre-hearts" not in sheet
        and ".euchre-four .euchre-card.euchre-spades" not in sheet
    )
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


def sheet_rule(selector: str) -> str:
    """The declarations of one rule of the page's style sheet with the faces."""
    found = re.search(re.escape(selector) + r" \{ ([^}]*)\}", cards_module.CSS + cards_module.faces_css())
    assert found, f"no rule for {selector}"
    return found[1]


@pytest.mark.parametrize("size", [24, 32, 25])
def test_every_card_on_screen_is_drawn_by_its_face_from_the_one_drawing(size):
    """Issue 35: buttons and strips show the card faces of look/faces.py, the drawing the table view and sheets use."""
    row, strip = CardRow(), CardStrip()
    row.show(deck(size))
    strip.show(deck(size))
    spans = re.findall(r'<span class="([^"]*)"', strip.value)
    for card, button, marks in zip(deck(size), row.children, spans, strict=True):
        assert has_class(button, face_class(card)) and face_class(card) in marks.split(), card
        drawn = sheet_rule(f".euchre-card.{face_class(card)}")
        assert drawn == f"background-image: {cards_module._url(face_svg(card))}; ", card
    cards_module.show_backs(row, 2)
    assert all(has_class(b, "euchre-back") for b in row.children)
    assert sheet_rule(".euchre-card.euchre-back") == f"background-image: {cards_module._url(back_svg())}; "


def test_the_faces_are_sent_once_for_the_page_however_many_views_show_cards():
    with bound(Page()):
        explorer, follow = RankingExplorer(), FollowSuitTrainer(seed=3)
        sheets = [child for view in (explorer, follow) for child in view.children if isinstance(child, w.HTML)]
        shared = [sheet for sheet in sheets if "euchre-c-jh" in sheet.value]
        assert len(shared) == 2 and shared[0] is shared[1], "one style sheet widget for the page's views"
        practice = PracticeWidget(seed=1, progress=False)
        practice.next_question()
        practice.next_question()  # the question two back is closed, with everything in it but the page's sheet
        assert shared[0].comm is not None and style_sheet() is shared[0]
    with bound(Page()):
        assert style_sheet() is not shared[0], "each page has its own"


@pytest.mark.rule("C2")
def test_legal_chosen_and_a_bower_each_look_different():
    row = CardRow(on_pick=lambda card: None)
    right, left, ace, joker = map(parse_card, ["J♥", "J♦", "A♥", "Joker"])
    row.show([right, left, ace, joker], Suit.HEARTS, legal=[left, ace], chosen=[ace])
    roles = {
        card: [m for m in ("right", "left", "joker") if has_class(row.button_for(card), f"euchre-role-{m}")]
        for card in (right, left, ace, joker)
    }
    assert roles == {right: ["right"], left: ["left"], ace: [], joker: ["joker"]}
    looks = {mark: sheet_rule(f".euchre-card.euchre-{mark}") for mark in ("legal", "chosen", "trump-card")}
    assert len(set(looks.values())) == 3
    assert "#1f5fbf" in looks["legal"] and "#8a5a00" in looks["chosen"] and "#e0a800" in looks["trump-card"]
    for mark, letter in (("right", "R"), ("left", "L"), ("joker", "★")):  # the letter under a bower, unread aloud
        assert f'content: "{letter}" / "";' in sheet_rule(f".euchre-card.euchre-role-{mark}::after")
    assert '"✓" / ""' in sheet_rule(".euchre-card.euchre-chosen::before")
