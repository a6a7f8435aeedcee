"""The one drawing of a card (issue 35, point 2): a face for every card of every deck, named for screen readers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from euchre_lesson.engine.cards import DECK_SIZES, Rank, Suit, deck, parse_card
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.language import speaking
from euchre_lesson.engine.rules import CUTTHROAT, RAILROAD, with_switches
from euchre_lesson.look import faces
from euchre_lesson.look.faces import back_svg, face_svg, faces_for, spoken

SVG = "{http://www.w3.org/2000/svg}"
COURTS = (Rank.JACK, Rank.QUEEN, Rank.KING)


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(svg: str) -> list[str]:
    """The words and symbols drawn on a face, in order."""
    return [element.text or "" for element in parsed(svg).iter(SVG + "text")]


def shapes(svg: str) -> list[tuple[str, str]]:
    """What a face draws besides text: (tag, fill or path) of each shape."""
    return [
        (element.tag.removeprefix(SVG), element.get("d") or element.get("fill") or "")
        for element in parsed(svg).iter()
        if element.tag in (SVG + "rect", SVG + "path", SVG + "circle")
    ]


@pytest.mark.parametrize("size", DECK_SIZES)
def test_every_card_of_every_deck_has_a_face_by_its_engine_name_and_the_back_too(size):
    rules = with_switches(RAILROAD if size == 25 else CUTTHROAT, {"deck": size})
    drawn = faces_for(rules)
    assert list(drawn) == [str(card) for card in deck(size)] + ["back"]
    assert ("Joker" in drawn) == (size == 25) and ("7♣" in drawn) == (size == 32)
    for name, svg in drawn.items():
        root = parsed(svg)
        assert root.tag == SVG + "svg" and root.get("viewBox") == "0 0 60 84", name
        assert root.get("role") == "img", name
        assert root.get("aria-label") == ("a card face down" if name == "back" else spoken(name)), name
        assert not [e for e in root.iter() if e.get("id")], f"{name}: an id would clash with another card's"
        assert len(svg.encode()) < 2048, f"{name}: {len(svg.encode())} bytes"


def test_a_face_says_its_card_in_words():
    assert spoken("J♥") == "jack of hearts" and spoken("10♦") == "ten of diamonds" and spoken("Joker") == "joker"
    assert spoken("J♦", Suit.HEARTS) == "jack of diamonds, left bower"
    assert spoken("J♥", "H") == "jack of hearts, right bower"
    assert parsed(face_svg("7♣")).get("aria-label") == "seven of clubs"
    assert face_svg(parse_card("QS")) == face_svg("Q♠")


def test_a_face_drawn_in_one_language_is_never_served_in_another():
    """The drawings are kept; their words are put on where a face is asked for, in the language chosen there."""
    with speaking("fr"):
        assert parsed(face_svg("J♦")).get("aria-label") == "valet de carreau"
        assert parsed(faces_for(CUTTHROAT)["A♠"]).get("aria-label") == "as de pique"
    assert parsed(face_svg("J♦")).get("aria-label") == "jack of diamonds"
    assert parsed(faces_for(CUTTHROAT)["A♠"]).get("aria-label") == "ace of spades"


def test_a_plain_card_shows_its_rank_in_two_corners_and_its_pips():
    for card in deck(32):
        drawn = texts(face_svg(card))
        symbol = card.suit.symbol
        assert drawn[:2] == [card.rank.label, symbol] and drawn[2:4] == [card.rank.label, symbol], card
        if card.rank <= Rank.TEN:
            assert drawn[4:] == [symbol] * int(card.rank), card  # a ten has ten pips
        elif card.rank is Rank.ACE:
            assert drawn[4:] == [symbol], card  # one big pip
            assert float(parsed(face_svg(card)).findall(SVG + "text")[-1].get("font-size")) >= 36


def test_court_cards_differ_from_each_other_and_from_the_pip_cards():
    for suit in Suit:
        looks = {rank: shapes(face_svg(parse_card(f"{rank.label}{suit.value}"))) for rank in Rank if rank != Rank.JOKER}
        courts = [looks[rank] for rank in COURTS]
        assert len({tuple(look) for look in courts}) == 3, suit  # each its own band colour and emblem
        plain = looks[Rank.NINE]
        for rank in COURTS:
            assert len(looks[rank]) > len(plain), (suit, rank)  # a band and an emblem the pip cards lack
            assert rank.label in texts(face_svg(parse_card(f"{rank.label}{suit.value}")))[4:], (suit, rank)
    bands = {shapes(face_svg(parse_card(f"{rank.label}S")))[1] for rank in COURTS}
    assert len(bands) == 3, "the jack, the queen and the king have bands of three colours"


def test_the_joker_and_the_back_are_drawn_apart_from_every_card():
    joker, back = face_svg("Joker"), back_svg()
    assert "JOKER" in texts(joker) and "★" in texts(joker)
    everything = [face_svg(card) for card in deck(25)]
    assert everything.count(joker) == 1 and back not in everything
    assert texts(back) == [] and re.search(r"<path d='(M[^']*){10,}'", back), "the back has a lattice"


def colours(svg: str) -> set[str]:
    return set(re.findall(r"#[0-9a-f]{3,6}\b", svg))


def test_the_four_colour_deck_changes_the_colour_of_clubs_and_diamonds_only():
    for card in deck(25):
        two, four = face_svg(card), face_svg(card, four_colour=True)
        if card.suit in (Suit.CLUBS, Suit.DIAMONDS):
            new = faces.FOUR_COLOURS[card.suit]
            assert two != four and new in four and new not in two, card
            assert four.replace(new, faces.TWO_COLOURS[card.suit]) == two, f"{card}: only its colour changes"
        else:
            assert two == four, card
    assert colours(face_svg("K♣", True)) - colours(face_svg("K♣")) == {"#0a7a2f"}
    assert colours(face_svg("K♦", True)) - colours(face_svg("K♦")) == {"#1f5fbf"}
    assert faces_for(RAILROAD, four_colour=True)["A♦"] == face_svg("A♦", True)


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: face_svg("XH"), "is not a card"),
        (lambda: face_svg(12), "card_id"),
        (lambda: face_svg("back"), "is not a card"),
        (lambda: face_svg("J♥", four_colour="yes"), "four_colour"),
        (lambda: faces_for("cutthroat"), "a RuleSet such as CUTTHROAT"),
        (lambda: spoken("J♥", trump="purple"), "is not a suit"),
    ],
)
def test_a_wrong_argument_is_refused_saying_what_would_be_right(call, words):
    with pytest.raises(NotationError, match=words):
        call()
