"""The table view in French and Estonian, drawn in Chromium at a phone's and a projector's width: the longer words
fit (no button clipped, no name cut, nothing scrolling sideways), photographed for review."""

from __future__ import annotations

import random

import pytest
from table_view_harness import keep_shot, open_view

from euchre_lesson.engine.actions import Verb
from euchre_lesson.engine.game import GameState, new_game
from euchre_lesson.engine.language import speaking
from euchre_lesson.engine.phases import Phase
from euchre_lesson.engine.rules import PRESETS
from euchre_lesson.look.picture import Picture
from euchre_lesson.look.seat_picture import picture_of, tool

SIZES = {"phone": (390, 844), "projector": (1280, 720)}
TOOLS = (("hint", "Hint"), ("undo", "Undo"), ("next hand", "Next hand"))
# Each control's box and whether its words fit in it, the names of the seats too, and the page's own width.
FIT = """() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const fits = (e) => e.scrollWidth <= e.clientWidth + 1 && e.scrollHeight <= e.clientHeight + 1;
    return {
        buttons: [...document.querySelectorAll('.euchre-tv button:not(.tv-card)')].map(e =>
            [e.textContent, box(e), fits(e)]),
        names: [...document.querySelectorAll('.tv-name')].map(e => [e.textContent, box(e), fits(e)]),
        prompt: [...document.querySelectorAll('.tv-prompt')].map(e => [e.textContent, box(e)]),
        width: document.documentElement.scrollWidth,
    };
}"""


def moment(wanted, rules_name: str = "partnership", seed: int = 4) -> GameState:
    """The first moment of a game played at random where `wanted(game)` holds (never going alone unasked)."""
    rng, game = random.Random(seed), new_game(PRESETS[rules_name], seed=seed)
    for _step in range(2000):
        if wanted(game):
            return game
        legal = game.legal_actions()
        calm = [action for action in legal if action.kind is not Verb.ALONE] or legal
        game = game.apply(rng.choice(calm))
    raise AssertionError("no such moment")


def pictures(code: str) -> dict[str, Picture]:
    """The lessons' table at four steps, in the language `code`, the seat to act at the bottom."""
    steps = {
        "round_one": moment(lambda game: game.hand.phase is Phase.ROUND_ONE),
        "going_alone": moment(lambda game: game.hand.phase is Phase.GOING_ALONE),
        "trick": moment(lambda game: game.hand.phase is Phase.PLAY and bool(game.hand.trick and game.hand.trick.cards)),
        "cutthroat_keep": moment(lambda game: game.hand.phase is Phase.DUMMY, "cutthroat"),
    }
    drawn = {}
    with speaking(code):
        for name, game in steps.items():
            tools = [tool(key, words, words) for key, words in TOOLS]
            drawn[name] = picture_of(game.view(game.hand.to_act), tools=tools, title_extra="")
    return drawn


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("code", ["fr", "et"])
def test_the_table_in_french_and_estonian_fits_with_nothing_clipped(at_size, shots, code, size):
    width, height = SIZES[size]
    for name, picture in pictures(code).items():
        page = at_size(width, height)
        open_view(page, picture)
        path = shots / f"table_words_{code}_{name}_{size}.png"
        page.screenshot(path=path, full_page=True)
        keep_shot(path)
        fit = page.evaluate(FIT)
        where = f"{code} {name} at {size}"
        assert not page.errors, page.errors
        assert fit["width"] <= width, f"{where}: {fit['width']} px wide, a sideways scroll"
        assert fit["buttons"] and fit["prompt"], f"{where}: no buttons or prompt drawn"
        for words, box, fits in fit["buttons"] + fit["names"]:
            assert fits, f"{where}: {words!r} is clipped in its box {box}"
            assert box[0] >= -0.5 and box[2] <= width + 0.5, f"{where}: {words!r} at {box} is off the screen"
        words = [button["words"] for button in picture["buttons"] if button["kind"] != "tool"]
        shown = [text for text, _box, _fits in fit["buttons"]]
        assert all(any(word in text for text in shown) for word in words), f"{where}: {words} not all drawn"
