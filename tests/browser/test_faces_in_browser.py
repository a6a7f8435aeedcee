"""The card faces drawn by Chromium: the whole deck, the joker and a back at a phone's card width and a projector's.

The page is written to a temporary file and photographed (the screenshots are in the session's folder, named in the
terminal summary); the checks read the drawn geometry: each card keeps a playing card's proportions, everything on it
lies inside it, and a court card's band stays clear of its corner indices.
"""

from __future__ import annotations

import pytest

from euchre_lesson.engine.rules import RAILROAD, with_switches
from euchre_lesson.look.faces import face_svg, faces_for

WIDTHS = (48, 120)  # a card in a phone's hand (390 px wide), and on a projector

MEASURE = """() => [...document.querySelectorAll('svg')].map(svg => {
  const box = svg.getBoundingClientRect();
  const inside = el => { const r = el.getBoundingClientRect();
    return [r.left - box.left, r.top - box.top, r.right - box.left, r.bottom - box.top]; };
  const texts = [...svg.querySelectorAll('text')];
  return {name: svg.getAttribute('aria-label'), width: box.width, height: box.height,
          texts: texts.map(inside), corners: texts.slice(0, 2).map(inside),
          band: svg.querySelectorAll('rect').length > 1 ? inside(svg.querySelectorAll('rect')[1]) : null};
})"""


def deck_page(width: int) -> str:
    """Every card of the 32-card deck, the joker and a back, then the four-colour clubs and diamonds."""
    drawn = faces_for(with_switches(RAILROAD, {"deck": 32})) | {"Joker": face_svg("Joker")}
    four = [face_svg(name, four_colour=True) for name in drawn if name[-1:] in "♣♦"]
    cards = "".join(f"<span class='card'>{svg}</span>" for svg in [*drawn.values(), *four])
    style = (
        f"body {{ margin: 8px; background: #1e6b3a; }} .card {{ display: inline-block; margin: 2px; }}"
        f".card svg {{ display: block; width: {width}px; }}"
    )
    head = f"<head><meta charset='utf-8'><title>Card faces</title><style>{style}</style></head>"
    return f"<!DOCTYPE html><html lang='en'>{head}<body>{cards}</body></html>"


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("width", WIDTHS)
def test_every_face_looks_like_a_card_at_a_phone_and_a_projector_width(chromium, shots, tmp_path, width):
    page_file = tmp_path / f"faces-{width}.html"
    page_file.write_text(deck_page(width), encoding="utf-8")
    page = chromium.new_page(viewport={"width": 8 * (width + 4) + 16, "height": 800})
    try:
        page.goto(page_file.as_uri())
        page.screenshot(path=shots / f"faces-{width}px.png", full_page=True)
        drawn = page.evaluate(MEASURE)
    finally:
        page.close()
    assert len(drawn) == 32 + 2 + 16
    slack = 0.5
    for card in drawn:
        assert card["width"] == pytest.approx(width, abs=0.5), card["name"]
        assert card["height"] == pytest.approx(width * 84 / 60, abs=1), card["name"]
        for box in card["texts"]:
            assert box[0] >= -slack and box[1] >= -slack, (card["name"], box)
            assert box[2] <= card["width"] + slack and box[3] <= card["height"] + slack, (card["name"], box)
        if card["band"] and card["name"] != "a card face down":
            assert not [c for c in card["corners"] if overlaps(c, card["band"])], card["name"]
