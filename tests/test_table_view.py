"""The table view's widget: its script and style are the package's files, it passes on only clicks the picture
offered (from the browser: a bad one is logged and dropped; from Python: a clear LookupError), and its script
decides no rule."""

from __future__ import annotations

import json
import logging
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent / "browser"))  # the hand-made pictures the browser tests draw too

from table_pictures import PICTURES, cutthroat_keep, partnership_trick  # noqa: E402

from euchre_lesson.widgets.table_view import LOOK, TableView  # noqa: E402

SCRIPT = (LOOK / "table.js").read_text(encoding="utf-8")


def view_with_clicks(picture=None):
    view = TableView(picture=picture or partnership_trick(), faces={"A♥": "<svg></svg>"})
    clicks: list = []
    view.on_click(clicks.append)
    return view, clicks


def from_browser(view, content) -> None:
    """What ipywidgets does with a custom message from the widget's script."""
    view._handle_custom_msg(content, [])


def test_script_and_style_are_the_packages_own_files():
    view = TableView()
    assert view._esm == SCRIPT and "export default" in SCRIPT and "render" in SCRIPT
    assert view._css == (LOOK / "table.css").read_text(encoding="utf-8")
    assert not re.search(r"https?://", SCRIPT), "the script loads nothing from a network (no CDN)"
    assert not re.search(r"^\s*import\b", SCRIPT, re.M), "the script imports nothing"
    state = view.get_state()
    assert state["picture"] == {} and state["faces"] == {}


def test_style_stays_inside_the_view():
    """Every selector starts at the view's root class, so nothing leaks into JupyterLab's own page."""
    css = re.sub(r"/\*.*?\*/", "", (LOOK / "table.css").read_text(encoding="utf-8"), flags=re.S)
    css = re.sub(r"@(container|media)[^{]*\{", "", css)
    css = re.sub(r"@keyframes[^{]*\{([^{}]*\{[^{}]*\})*\s*\}", "", css)
    selectors = [part.strip() for rule in re.findall(r"([^{}]+)\{", css) for part in rule.split(",")]
    assert len(selectors) > 50
    outside = [selector for selector in selectors if selector and not selector.startswith(".euchre-tv")]
    assert not outside, outside


def test_the_script_decides_no_rule():
    """It reads `legal` and `why_not` from the picture and never works them out: no suits, ranks, leads or following
    in it, and it never sets a card's legality."""
    code = re.sub(r"//.*", "", SCRIPT)
    for word in ("suit", "rank", "follow", "lead", "led", "beats", "higher", "red", "black"):
        assert not re.search(rf"\b{word}", code, re.I), f"table.js mentions {word!r}: the rules are Python's"
    for symbol in "♠♥♦♣":
        assert symbol not in code, f"table.js names a suit ({symbol}): the rules are Python's"
    assert not re.search(r"\blegal\s*[:=](?!=)", code), "table.js sets a card's legality"
    assert "card.legal" in code and "card.why_not" in code, "it reads them from the picture"
    assert not re.search(r"\.id\s*[<>]|\.id\s*===?\s*\"", code), "it never compares cards"


def test_a_click_from_the_browser_is_passed_on():
    view, clicks = view_with_clicks()
    from_browser(view, {"moment": 7, "card": "9♥"})
    from_browser(view, {"moment": 7, "key": "hint"})
    assert clicks == [{"moment": 7, "card": "9♥", "key": None}, {"moment": 7, "card": None, "key": "hint"}]
    json.dumps(view.picture)  # the picture travels as JSON


@pytest.mark.parametrize(
    "content, why",
    [
        ({"moment": 6, "card": "9♥"}, "made on moment 6; the table is at moment 7"),
        ({"moment": 7, "card": "K♠"}, "'K♠' is not a card that may be clicked now"),
        ({"moment": 7, "card": "Q♥"}, "'Q♥' is not a card that may be clicked now"),  # in the trick, not yours
        ({"moment": 7, "card": "A♣"}, "'A♣' is not a card"),  # nowhere on the table
        ({"moment": 7, "key": "order"}, "'order' is not a button offered now"),
        ({"moment": 7, "card": "9♥", "key": "hint"}, "exactly one of a card or a key"),
        ({"moment": 7}, "exactly one of a card or a key"),
        ({"moment": "7", "card": "9♥"}, "moment is a whole number"),
        ({"moment": True, "card": "9♥"}, "moment is a whole number"),
        ({"moment": 7, "card": 9}, "a card's name"),
        ({"moment": 7, "card": "9♥", "seat": 0}, "only moment, card and key"),
        (["9♥"], "a click is a dict"),
        (None, "a click is a dict"),
    ],
)
def test_a_bad_or_stale_click_from_the_browser_is_logged_and_dropped(caplog, content, why):
    view, clicks = view_with_clicks()
    with caplog.at_level(logging.INFO, logger="euchre_lesson.widgets.table_view"):
        from_browser(view, content)  # never an exception in the kernel
    assert clicks == []
    assert why in caplog.text


def test_python_clicks_as_a_learner_would():
    view, clicks = view_with_clicks()
    view.click_card("A♥")
    view.press("hint")
    assert clicks == [{"moment": 7, "card": "A♥", "key": None}, {"moment": 7, "card": None, "key": "hint"}]


def test_python_may_not_click_what_the_picture_does_not_offer():
    view, clicks = view_with_clicks()
    with pytest.raises(LookupError, match=r"'K♠' is not a card that may be clicked now \(those are: A♥, 9♥\)"):
        view.click_card("K♠")
    with pytest.raises(LookupError, match="'pass' is not a button offered now"):
        view.press("pass")
    keep, _ = view_with_clicks(cutthroat_keep())
    with pytest.raises(LookupError, match="'keep' is not a button offered now"):
        keep.press("keep")  # shown, but not yet enabled
    assert clicks == []


def test_a_new_picture_makes_old_clicks_stale():
    view, clicks = view_with_clicks()
    later = partnership_trick()
    later["moment"] = 8
    view.picture = dict(later)
    from_browser(view, {"moment": 7, "card": "9♥"})
    view.click_card("9♥")
    assert clicks == [{"moment": 8, "card": "9♥", "key": None}]


@pytest.mark.parametrize("name", PICTURES)
def test_every_hand_made_picture_has_the_contracts_fields(name):
    """The browser tests' pictures are real Pictures: every field the contract requires, none it does not name."""
    from euchre_lesson.look.picture import CardPicture, Picture, SeatPicture

    picture = PICTURES[name]()
    shapes: list[tuple[Any, Any]] = [(picture, Picture)] + [(seat, SeatPicture) for seat in picture["seats"]]
    shapes += [(card, CardPicture) for seat in picture["seats"] for card in seat["cards"]]
    for shown, shape in shapes:
        assert shape.__required_keys__ <= set(shown) <= set(shape.__annotations__), (shape.__name__, sorted(shown))


def test_a_picture_or_faces_of_another_shape_is_refused_clearly():
    from euchre_lesson.widgets.table_view import PictureRefused

    with pytest.raises(PictureRefused, match=r"picture is a dict \(look.picture.Picture\), not True"):
        TableView(picture=True)  # type: ignore[arg-type]
    with pytest.raises(PictureRefused, match="this one lacks title, players, seats"):
        TableView(picture={"moment": 1})  # type: ignore[arg-type]
    with pytest.raises(PictureRefused, match="faces are a dict of card id to SVG text"):
        TableView(faces={"J♥": 3})  # type: ignore[dict-item,unused-ignore]
    view, _ = view_with_clicks()
    with pytest.raises(PictureRefused, match="lacks"):
        view.picture = {"moment": 8}
    assert view.picture["moment"] == 7, "the picture drawn stays"
    with pytest.raises(ValueError, match="on_click takes a function of one Click, not 'hint'"):
        view.on_click("hint")  # type: ignore[arg-type,unused-ignore]


def test_a_refused_click_is_a_lookup_error_and_a_value_error():
    from euchre_lesson.widgets.table_view import ClickRefused

    assert issubclass(ClickRefused, LookupError) and issubclass(ClickRefused, ValueError)
    with pytest.raises(ClickRefused, match="nothing is drawn yet, so nothing may be clicked"):
        TableView().press("hint")
    view, _ = view_with_clicks()
    with pytest.raises(ClickRefused, match=r"'JJJJ.*… \(100,000 characters\) is not a card"):
        view.click_card("J" * 100_000)


def test_the_script_s_own_words_are_in_the_language_chosen_as_the_view_is_made():
    """Before its first picture, or with one it cannot draw, the script says what Python gave it in `words`."""
    from euchre_lesson.engine import language

    english = TableView().words
    assert english == {"waiting": "The table is being laid…", "broken": "The table could not be drawn: {error}"}
    with language.speaking("fr"):
        french = TableView().words
    with language.speaking("et"):
        estonian = TableView().words
    assert french["waiting"] == "On dresse la table…" and "{error}" in french["broken"]
    assert estonian["waiting"] == "Lauda kaetakse…" and "{error}" in estonian["broken"]
