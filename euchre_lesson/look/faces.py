"""The one drawing of a card: each face and the back as a small SVG picture, named in words for screen readers.

Every place that shows a card draws it from here: the table view, the trainers' rows of cards and the printed
sheets. A face is a standard playing card, 60 by 84 units, scaled by the page's CSS width: the rank over the suit
in the top-left corner and again, upside down, in the bottom-right; the suit's pips in the middle as on a real card
(one big pip on an ace); on a jack, queen or king a large letter on a band of its own colour with a simple emblem
(a feather, a tiara, a crown), told apart at a glance; the joker a star. Nothing inside a picture has an id, so
any number of cards can share a page; the pips are the suit symbols as text, which keeps each picture small.
"""

from __future__ import annotations

from functools import cache
from html import escape

from ..engine import checks
from ..engine.cards import Card, Rank, Suit, deck
from ..engine.display import card_name
from ..engine.language import N_
from ..engine.rules import RuleSet

WIDTH, HEIGHT = 60, 84  # the units of every picture: a standard card's 5 by 7
BACK = "back"  # the key of the card back among the faces
BACK_WORDS = N_("a card face down")  # the back's name: English in the kept drawing, translated where it is said

# Suit colours: red and black, or (the four-colour deck) clubs green and diamonds blue, as the style sheet's.
TWO_COLOURS = {Suit.CLUBS: "#111", Suit.DIAMONDS: "#c0143c", Suit.HEARTS: "#c0143c", Suit.SPADES: "#111"}
FOUR_COLOURS = {**TWO_COLOURS, Suit.CLUBS: "#0a7a2f", Suit.DIAMONDS: "#1f5fbf"}
JOKER_COLOUR = "#5b2a86"

# Where the pips of a plain card sit: those of the top half, each also drawn turned over in the bottom half (as on a
# printed card, the picture of the top half turned about the card's centre), and those drawn once, upright.
LEFT, MIDDLE, RIGHT = 21, 30, 39
TOP, UPPER, CENTRE = 19.5, 34.5, 42
PIPS: dict[Rank, tuple[tuple[tuple[float, float], ...], tuple[tuple[float, float], ...]]] = {
    Rank.SEVEN: (((LEFT, TOP), (RIGHT, TOP)), ((LEFT, CENTRE), (RIGHT, CENTRE), (MIDDLE, 30.5))),
    Rank.EIGHT: (((LEFT, TOP), (RIGHT, TOP), (MIDDLE, 30.5)), ((LEFT, CENTRE), (RIGHT, CENTRE))),
    Rank.NINE: (((LEFT, TOP), (RIGHT, TOP), (LEFT, UPPER), (RIGHT, UPPER)), ((MIDDLE, CENTRE),)),
    Rank.TEN: (((LEFT, TOP), (RIGHT, TOP), (LEFT, UPPER), (RIGHT, UPPER), (MIDDLE, 26.7)), ()),
}
PIP_SIZE = 14
ACE_SIZE = 40

# The court cards: each its own band colour, letter and emblem (a simple shape, drawn here, no borrowed art).
COURTS = {
    Rank.JACK: ("#cfe0f5", "M24 21c2-6 8-10 13-11-2 4-6 8-13 11z"),  # a feather
    Rank.QUEEN: ("#f6cfd9", "M22 22q8-14 16 0zm6-11a2 2 0 1 0 4 0a2 2 0 1 0-4 0z"),  # a tiara with a jewel
    Rank.KING: ("#f5dc84", "M23 21l-1-9 4.5 4 3.5-6 3.5 6 4.5-4-1 9z"),  # a crown
}
FONT = "font-family='DejaVu Sans,Arial,sans-serif'"
SERIF = "font-family='Georgia,DejaVu Serif,serif'"
TEXT_MIDDLE = 0.35  # how far below a glyph's middle its baseline lies, in font sizes


def _card(name: str, value: object) -> Card:
    """A card from its engine name ('J♥', '10♦', 'Joker') or a Card; anything else refused, naming the argument."""
    return checks.card(name, value)


def spoken(card_id: str | Card, trump: Suit | str | None = None) -> str:
    """A card in a screen reader's words: 'jack of hearts'; with trump, its role too: 'jack of diamonds, left bower';
    in the language chosen."""
    return card_name(_card("card_id", card_id), checks.suit("trump", trump, optional=True))


def face_svg(card_id: str | Card, four_colour: bool = False) -> str:
    """A card's face as an SVG picture (role img, named in words), 60 by 84 units, scaled by the page's CSS width."""
    return _face(_card("card_id", card_id), checks.flag("four_colour", four_colour))


def back_svg() -> str:
    """The back of a card: a blue lattice in a white border, the same for every card."""
    return _back()


def faces_for(rules: RuleSet, four_colour: bool = False) -> dict[str, str]:
    """Every card of the rule set's deck by the engine's name ('J♥', '10♦', 'Joker'), and "back", to its picture."""
    rules, four_colour = checks.rules("rules", rules), checks.flag("four_colour", four_colour)
    return {str(card): _face(card, four_colour) for card in deck(rules.deck)} | {BACK: _back()}


def _svg(words: str, colour: str, body: str) -> str:
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {WIDTH} {HEIGHT}' role='img' "
        f"aria-label='{escape(words)}' fill='{colour}' text-anchor='middle' {FONT}>"
        f"<rect x='.5' y='.5' width='{WIDTH - 1}' height='{HEIGHT - 1}' rx='4' fill='#fff' stroke='#777'/>"
        f"{body}</svg>"
    )


def _glyph(text: str, x: float, y: float, size: float, extra: str = "", *, sized: bool = True) -> str:
    """Text centred on (x, y): a pip, a letter; `sized` False leaves its size to the group around it."""
    font = f" font-size='{size:g}'" if sized else ""
    return f"<text x='{x:g}' y='{y + size * TEXT_MIDDLE:g}'{font}{extra}>{text}</text>"


def _turned(body: str) -> str:
    """The same drawing upside down: the bottom half of a card mirrors its top."""
    return f"<g transform='rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})'>{body}</g>"


def _corner(rank: str, pip: str) -> str:
    """The index in one corner: the rank over the suit; a 10 squeezed to the width of one letter."""
    fit = " textLength='14' lengthAdjust='spacingAndGlyphs'" if len(rank) > 1 else ""
    return _glyph(rank, 8, 10.5, 17, f" font-weight='bold'{fit}") + _glyph(pip, 8, 24, 13)


def _face(card: Card, four_colour: bool) -> str:
    """A face named in the language chosen where it is asked for: the drawing is kept, never its words."""
    return _svg(card_name(card), *_drawing(card, four_colour))


@cache
def _drawing(card: Card, four_colour: bool) -> tuple[str, str]:
    """A face's colour and the inside of its picture, in no language (kept for any page, whatever it speaks)."""
    if card.suit is None:
        return _joker()
    colour = (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]
    pip, rank = card.suit.symbol, card.rank
    corner = _corner(rank.label, pip)
    if rank in COURTS:
        middle = _court(rank, pip, colour)
    elif rank is Rank.ACE:
        middle = _glyph(pip, WIDTH / 2, HEIGHT / 2, ACE_SIZE)
    else:
        middle = _pips(rank, pip)
    return colour, corner + _turned(corner) + middle


def _pips(rank: Rank, pip: str) -> str:
    """A plain card's pips: the top half, the same turned over in the bottom half, and those in the middle row."""
    mirrored, once = PIPS[rank]
    top = "".join(_glyph(pip, x, y, PIP_SIZE, sized=False) for x, y in mirrored)
    middle = "".join(_glyph(pip, x, y, PIP_SIZE, sized=False) for x, y in once)
    return f"<g font-size='{PIP_SIZE}'>{top}{_turned(top)}{middle}</g>"


def _court(rank: Rank, pip: str, colour: str) -> str:
    """A jack, queen or king: a framed band of its colour, its emblem, a large letter and the suit."""
    band, emblem = COURTS[rank]
    frame = f"<rect x='16' y='7' width='28' height='70' rx='2' fill='{band}' stroke='{colour}' stroke-width='1.2'/>"
    mark = f"<path d='{emblem}' fill='{colour}' opacity='.85'/>"
    letter = _glyph(rank.label, WIDTH / 2, 40, 28, f" font-weight='bold' {SERIF}")
    return frame + mark + letter + _glyph(pip, WIDTH / 2, 64, 16)


def _joker() -> tuple[str, str]:
    """The joker: a star in the middle, 'JOKER' under it, a star in the corners; its own colour."""
    star = _glyph("★", 8, 11, 15)
    middle = (
        "<rect x='16' y='7' width='28' height='70' rx='2' fill='#efe3f7' stroke='#5b2a86' stroke-width='1.2'/>"
        + _glyph("★", WIDTH / 2, 34, 30, " fill='#e0a800' stroke='#5b2a86' stroke-width='.8'")
        + _glyph("JOKER", WIDTH / 2, 60, 7.5, " font-weight='bold'")
    )
    return JOKER_COLOUR, star + _turned(star) + middle


@cache
def _back() -> str:
    """A lattice of diagonal lines inside a white margin, with a ring in the middle."""
    left, top, right, bottom, step = 5, 5, WIDTH - 5, HEIGHT - 5, 6
    lines = []
    for start in range(-(bottom - top), right - left, step):  # each line of slope 1, and its mirror, cut to the box
        x0, y0 = left + max(start, 0), top + max(-start, 0)
        length = min(right - x0, bottom - y0)
        lines.append(f"M{x0} {y0}l{length} {length}M{right - (x0 - left)} {y0}l{-length} {length}")
    return _svg(
        BACK_WORDS,
        "#2d5aa0",
        f"<rect x='{left}' y='{top}' width='{right - left}' height='{bottom - top}' rx='2'/>"
        f"<path d='{''.join(lines)}' stroke='#7fa2e0' stroke-width='1' fill='none'/>"
        f"<circle cx='30' cy='42' r='9' stroke='#fff' stroke-width='1.5'/>",
    )
