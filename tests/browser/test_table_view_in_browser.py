"""The one table view (look/table.js) in Chromium without Jupyter: every game and step at a phone's, a projector's
and a desktop's size, photographed, its geometry measured; played by mouse and by keyboard; still under reduced
motion; and checked by axe-core."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from accessibility import axe_check, described
from labdriver import kernel_run, open_notebook, photograph, run_all, write_notebook
from table_pictures import PICTURES, card, cutthroat_keep, partnership_trick, played, railroad_finished
from table_view_harness import BASE, keep_shot, open_view, sent, serve, update

SIZES = {"phone": (390, 844), "projector": (1280, 720), "desktop": (1920, 1080)}
FOUR_HANDED = {"partnership_discard", "partnership_trick", "railroad_finished", "crowded_round_two", "onlooker_open"}
# The widget's own box on a phone: JupyterLab's notebook column (about 270-300 px) and the Voila app's (390 px).
NARROW = (260, 300, 390)

# Every box the geometry speaks of, measured at once: {name: [left, top, right, bottom]}.
BOXES = """() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const one = (selector) => { const e = document.querySelector(selector); return e ? box(e) : null; };
    return {
        felt: one('.tv-felt'), trick: one('.tv-trick'), you: one('.tv-you'), middle: one('.tv-middle'),
        seats: [...document.querySelectorAll('.tv-felt > .tv-seat')].map(e => [e.dataset.place, box(e)]),
        controls: [...document.querySelectorAll('.euchre-tv button, .euchre-tv .tv-card')].map(e =>
            [e.getAttribute('aria-label') || e.textContent, box(e)]),
        hand: [...document.querySelectorAll('.tv-hand button.tv-card')].map(box),
        tags: [...document.querySelectorAll('.tv-tag')].filter(e => e.getClientRects().length)
            .map(e => [e.closest('.tv-card').dataset.card, box(e), box(e.closest('.tv-card')),
                e.closest('.tv-card').nextElementSibling?.classList.contains('tv-card')
                    ? box(e.closest('.tv-card').nextElementSibling) : null]),
        names: [...document.querySelectorAll('.tv-name')].map(e => [e.textContent, box(e),
            box(e.closest('.tv-plate')), e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight]),
        width: document.documentElement.scrollWidth,
        height: document.documentElement.scrollHeight,
    };
}"""


def inside(inner: list[float], outer: list[float]) -> bool:
    left, top, right, bottom = inner
    return left >= outer[0] - 0.5 and top >= outer[1] - 0.5 and right <= outer[2] + 0.5 and bottom <= outer[3] + 0.5


def tags_inside_their_cards(boxes: dict, where: str) -> None:
    """A bower's label, where one is shown at all, lies wholly on its card, and in a hand held overlapping, on the
    strip of it the next card leaves in sight."""
    for card_id, tag, card_box, next_card in boxes["tags"]:
        assert inside(tag, card_box), f"{where}: the {card_id}'s label {tag} overflows its card {card_box}"
        assert next_card is None or tag[2] <= next_card[0] + 0.5, f"{where}: the next card covers the {card_id}'s label"


def overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def centre(box: list[float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", PICTURES)
def test_every_game_and_step_is_laid_out_as_a_table(at_size, shots, name, size):
    """Partner opposite, no seat over another, the trick in the felt's middle, every control on screen (1280x720
    and 1920x1080 without scrolling), no sideways scrolling on a phone and cards big enough to tap there."""
    width, height = SIZES[size]
    page = at_size(width, height)
    open_view(page, PICTURES[name]())
    path = shots / f"table_view_{name}_{size}.png"
    page.screenshot(path=path, full_page=True)
    keep_shot(path)
    boxes = page.evaluate(BOXES)
    assert not page.errors, page.errors
    assert boxes["width"] <= width, f"{name} at {size}: {boxes['width']} px wide, a sideways scroll"
    seats = dict(boxes["seats"])
    places = [place for place, _ in boxes["seats"]]
    parts = [(place, box) for place, box in boxes["seats"]] + [("you", boxes["you"]), ("middle", boxes["middle"])]
    for i, (one, a) in enumerate(parts):
        for other, b in parts[i + 1 :]:
            assert not overlap(a, b), f"{name} at {size}: {one} {a} overlaps {other} {b}"
    you_x, you_y = centre(boxes["you"])
    felt = boxes["felt"]
    if name in FOUR_HANDED:
        top_x, top_y = centre(seats["top"])
        assert abs(top_x - you_x) < 0.1 * (felt[2] - felt[0]), f"partner not opposite: {seats['top']} {boxes['you']}"
        assert top_y < centre(boxes["middle"])[1] < you_y, "the partner sits across the middle from you"
        assert centre(seats["left"])[0] < top_x < centre(seats["right"])[0], "opponents left and right"
    assert len(places) == len(set(places)), f"two seats in one place: {places}"
    tags_inside_their_cards(boxes, f"{name} at {size}")
    trick_x, trick_y = centre(boxes["trick"])
    assert abs(trick_x - (felt[0] + felt[2]) / 2) < 0.1 * (felt[2] - felt[0]), f"trick off centre: {boxes['trick']}"
    assert felt[1] < trick_y < boxes["you"][1], "the trick lies between the far side and your hand"
    if size != "phone":
        for label, box in boxes["controls"]:
            assert box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height, (
                f"{name} at {size}: {label!r} at {box} is outside the {width}x{height} screen"
            )
    else:
        for box in boxes["hand"]:
            assert box[2] - box[0] >= 44 and box[3] - box[1] >= 44, f"a card too small to tap on a phone: {box}"


@pytest.mark.parametrize("width", NARROW)
@pytest.mark.parametrize("name", PICTURES)
def test_names_fit_whole_in_a_narrow_box(at_size, shots, name, width):
    """In a widget box as narrow as a phone's notebook column, each seat's name is set whole (wider than tall, never
    a letter to a line, nothing clipped), nothing scrolls sideways, your cards stay 40 px wide or more, and no
    bower's label leaves its card."""
    page = at_size(width + 16, 844)  # the harness page's margins: 8 px each side
    open_view(page, PICTURES[name](), width=width)
    path = shots / f"table_view_{name}_{width}px.png"
    page.screenshot(path=path, full_page=True)
    keep_shot(path)
    boxes = page.evaluate(BOXES)
    assert not page.errors, page.errors
    where = f"{name} in {width} px"
    assert boxes["width"] <= width + 16, f"{where}: {boxes['width']} px wide, a sideways scroll"
    assert boxes["felt"][2] - boxes["felt"][0] <= width + 0.5, f"{where}: the felt is wider than its box"
    assert len(boxes["names"]) == len(PICTURES[name]()["seats"])
    for words, box, plate, whole in boxes["names"]:
        assert box[2] - box[0] > box[3] - box[1], f"{where}: {words!r} is taller ({box}) than wide: squeezed"
        assert whole and inside(box, plate), f"{where}: {words!r} is clipped ({box} in its plate {plate})"
        assert inside(plate, boxes["felt"]), f"{where}: {words!r}'s plate {plate} leaves the felt {boxes['felt']}"
    for box in boxes["hand"]:
        assert box[2] - box[0] >= 40, f"{where}: a card of your hand {box} is under 40 px wide"
    seats = boxes["seats"] + [("you", boxes["you"]), ("middle", boxes["middle"])]
    for i, (one, a) in enumerate(seats):
        for other, b in seats[i + 1 :]:
            assert not overlap(a, b), f"{where}: {one} {a} overlaps {other} {b}"
    tags_inside_their_cards(boxes, where)


def test_a_bower_label_is_left_off_an_open_hands_small_cards(at_size):
    """Every hand open (a teacher's Show every hand): the small cards of the other seats carry no label (the
    trick's words name a bower when it is played); the onlooker's own row, large, does."""
    for width, height in SIZES.values():
        page = at_size(width, height)
        open_view(page, PICTURES["onlooker_open"]())
        assert page.locator(".tv-at-left [data-card='J♣'] .tv-tag").is_hidden()
        assert page.locator(".tv-hand [data-card='J♠'] .tv-tag").inner_text() == "right bower"
        tags_inside_their_cards(page.evaluate(BOXES), f"every hand open at {width}x{height}")


@pytest.mark.parametrize("size", ["phone", "projector"])
@pytest.mark.parametrize("name", PICTURES)
def test_no_accessibility_violation(at_size, name, size):
    """axe-core's WCAG 2 A and AA rules find nothing on any picture, in the narrow layout and the side-by-side one."""
    page = at_size(*SIZES[size])
    open_view(page, PICTURES[name]())
    result = axe_check(page, ".euchre-tv")
    assert result["parts"] == 1 and result["checked"] > 20, result
    assert not result["violations"], described(result["violations"], f"{name} at {size}: ")


def test_a_click_sends_the_card_with_its_moment_and_moves_it_at_once(at_size):
    page = at_size(1280, 720)
    open_view(page, partnership_trick())
    page.click(".tv-hand [data-card='9♥']")
    assert sent(page) == [{"moment": 7, "card": "9♥"}]
    assert page.locator(".tv-trick .tv-slot-bottom [data-card='9♥']").count() == 1, "moved before Python answers"
    moved = page.get_attribute(".tv-trick .tv-slot-bottom [data-card='9♥']", "class")
    assert "is-legal" not in moved, "on the table it is a card lying still, not one to play"
    assert not page.locator(".tv-hand [data-card='9♥']").is_visible()
    page.click(".tv-talk [data-key='hint']")
    assert sent(page)[-1] == {"moment": 7, "key": "hint"}
    later = partnership_trick()
    later["moment"] = 8
    update(page, later)
    page.click(".tv-hand [data-card='A♥']")
    assert sent(page)[-1] == {"moment": 8, "card": "A♥"}, "a click carries the moment of the picture it was made on"


def test_an_illegal_card_sends_nothing_and_says_why(at_size):
    page = at_size(390, 844)
    picture = partnership_trick()
    open_view(page, picture)
    why = picture["seats"][0]["cards"][3]["why_not"]
    card = page.locator(".tv-hand [data-card='K♠']")
    assert card.get_attribute("title") == why and card.get_attribute("aria-disabled") == "true"
    card.click(force=True)  # a tap on a phone, no hover: the reason shows on the tap (aria-disabled, yet it hears)
    assert sent(page) == []
    assert page.locator(".tv-reason").inner_text() == why
    assert page.evaluate("() => getComputedStyle(document.querySelector(\"[data-card='K♠']\")).filter") != "none"


def test_a_disabled_button_sends_nothing(at_size):
    page = at_size(390, 844)
    open_view(page, PICTURES["cutthroat_keep"]())
    assert page.locator("[data-key='keep']").is_disabled()
    page.locator("[data-key='keep']").click(force=True)
    assert sent(page) == []


def test_the_keyboard_plays_a_card(at_size):
    """Tab reaches the hand, the arrow keys move between cards (focus visible), Enter plays a legal one."""
    page = at_size(1280, 720)
    open_view(page, partnership_trick())
    page.keyboard.press("Tab")
    focused = "() => document.activeElement.dataset.card || null"
    assert page.evaluate(focused) == "A♥", "Tab lands on your first playable card"
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the focused card shows its focus"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "J♦"
    page.keyboard.press("Enter")
    assert sent(page) == [], "Enter on a card you may not play sends nothing"
    assert "follow suit" in page.locator(".tv-reason").inner_text()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    assert sent(page) == [{"moment": 7, "card": "9♥"}]
    later = partnership_trick()
    later["moment"] = 8
    later["seats"][0]["cards"] = [c for c in later["seats"][0]["cards"] if c["id"] != "9♥"]
    update(page, later)
    assert page.evaluate(focused) is not None, "after the redraw the focus stays in your hand"


def test_a_played_card_moves_in_quickly_and_not_at_all_under_reduced_motion(at_size):
    page = at_size(1280, 720)
    open_view(page, partnership_trick())
    later = partnership_trick()
    trick = copy.deepcopy(later["trick"])
    assert trick is not None
    trick["cards"].append(played(0, "bottom", "9♥"))
    later["moment"], later["trick"] = 8, trick
    update(page, later)
    moving = page.evaluate(
        "() => document.getAnimations().map(a => [a.effect.target.closest('.tv-slot').className,"
        " a.effect.getComputedTiming().duration])"
    )
    assert moving and all("tv-slot-bottom" in where for where, _ in moving), moving
    assert all(duration <= 250 for _, duration in moving), moving
    page.click(".tv-hand [data-card='A♥']")  # the move does not hold the next click back
    assert sent(page)[-1] == {"moment": 8, "card": "A♥"}

    still = at_size(1280, 720, reduced_motion="reduce")
    open_view(still, partnership_trick())
    update(still, later)
    running = still.evaluate("() => document.getAnimations().filter(a => a.playState === 'running').length")
    assert running == 0


def test_a_finished_trick_shows_its_winner(at_size):
    page = at_size(1280, 720)
    open_view(page, railroad_finished())
    assert page.locator(".tv-slot.is-winner [data-card='Joker']").count() == 1
    assert page.locator(".tv-trick-words.is-won").inner_text() == "Trick 3: Cy won it with the joker"
    assert page.locator(".tv-at-left .tv-chip-out").inner_text() == "Sits out"


def test_chosen_bower_and_playable_each_look_different(at_size):
    """The keep step: a chosen card, a bower and a card you may click are drawn three different ways."""
    page = at_size(1280, 720)
    open_view(page, PICTURES["cutthroat_keep"]())
    look = """(id) => { const e = document.querySelector(`.tv-hand [data-card='${id}']`), s = getComputedStyle(e);
        return [s.transform, s.boxShadow, !!e.querySelector('.tv-tag-bower'), !!e.querySelector('.tv-tick')]; }"""
    chosen, plain, bower_chosen = page.evaluate(look, "A♠"), page.evaluate(look, "9♥"), page.evaluate(look, "J♠")
    assert chosen[0] != plain[0] and chosen[1] != plain[1], "chosen is lifted higher and framed otherwise"
    assert chosen[3] and not plain[3] and not chosen[2]
    assert bower_chosen[2], "a bower carries its small label"
    groups = page.locator(".tv-hand-words").all_inner_texts()
    assert groups == ["Your cards", "From the dummy"], "the dummy's five stay apart from yours"
    assert page.locator(".tv-hand .is-from-dummy").count() == 5
    assert page.locator(".tv-keep-count").inner_text() == "Chosen: 3 of 5"


def test_every_card_has_its_spoken_name(at_size):
    page = at_size(1280, 720)
    picture = partnership_trick()
    open_view(page, picture)
    names = page.evaluate("() => [...document.querySelectorAll('.tv-card')].map(e => e.getAttribute('aria-label'))")
    assert "the ace of hearts" in names and "the king of hearts" in names and None not in names
    assert page.locator(".tv-hand button.tv-card").count() == 4, "your cards are real buttons"


def test_a_missing_face_falls_back_to_the_cards_name(at_size):
    page = at_size(390, 844)
    open_view(page, partnership_trick(), with_faces={})
    assert page.locator(".tv-hand [data-card='A♥'] .tv-face-plain").inner_text() == "A♥"
    assert page.locator(".tv-at-top .tv-back-plain").count() == 3


def test_the_widget_in_jupyterlab_draws_and_answers_a_click(page, lab, shots):
    """A real host: TableView in a JupyterLab notebook draws its picture (script and style from the package), and
    a click reaches Python, whose next picture is drawn."""
    cell = f"""import sys
sys.path.insert(0, {str(Path(__file__).parent)!r})
from table_pictures import partnership_trick
from table_view_harness import faces
from euchre_lesson.widgets.table_view import TableView

view = TableView(picture=partnership_trick(), faces=faces(4))
clicks = []

def answer(click):
    clicks.append(click)
    words = f"You played the {{click['card']}}"
    view.picture = {{**view.picture, "moment": view.picture["moment"] + 1, "prompt": words}}

view.on_click(answer)
view"""
    write_notebook(lab.folder / "table_view.ipynb", [cell])
    open_notebook(page, lab, "table_view.ipynb")
    run_all(page)
    table = page.locator(".euchre-tv .tv-table")
    table.wait_for()
    assert "radial-gradient" in page.evaluate(
        "() => getComputedStyle(document.querySelector('.tv-felt')).backgroundImage"
    )
    page.locator(".tv-hand [data-card='9♥']").click()
    page.locator(".tv-prompt", has_text="You played the 9♥").wait_for()
    photograph(page, table, shots / "table_view_in_jupyterlab.png")
    keep_shot(shots / "table_view_in_jupyterlab.png")
    assert kernel_run(page, "print(clicks)").strip() == "[{'moment': 7, 'card': '9♥', 'key': None}]"
    page.locator(".tv-hand [data-card='K♠']").click(force=True)  # not legal: nothing reaches Python
    page.locator(".tv-reason", has_text="follow suit").wait_for()
    assert kernel_run(page, "print(len(clicks))").strip() == "1"
    assert not page.errors, page.errors


def test_a_hand_with_nothing_to_click_now_is_shown_plainly(at_size):
    """In the bidding no card may be played: the hand is not dimmed, though each card still says why on a tap."""
    page = at_size(390, 844)
    picture = PICTURES["cutthroat_bidding"]()
    for shown in picture["seats"][0]["cards"]:
        shown["why_not"] = "Bid first: cards are played once trump is made."
    open_view(page, picture)
    filters = page.evaluate(
        "() => [...document.querySelectorAll('.tv-hand .tv-card')].map(e => getComputedStyle(e).filter)"
    )
    assert filters == ["none"] * 5
    page.locator(".tv-hand [data-card='A♣']").click(force=True)
    assert page.locator(".tv-reason").inner_text() == "Bid first: cards are played once trump is made."
    assert sent(page) == []


def test_piles_lie_in_the_empty_places(at_size):
    """Two-handed: the up-card, turned down, lies in an empty side place while a trick is on; a seat shows the card
    all have seen (the up-card the dealer took) beside its backs."""
    page = at_size(1280, 720)
    picture = PICTURES["twohanded_trick"]()
    picture["up_card"] = {"words": "Up-card, turned down", "cards": [], "backs": 1}
    top = picture["seats"][1]
    top["cards"], top["backs"] = [card("9♦")], 1
    open_view(page, picture)
    assert page.locator(".tv-at-left .tv-up-card .tv-fan-card").count() == 1
    assert page.locator(".tv-trick .tv-up-card").count() == 0, "not under the trick's cards"
    assert page.locator(".tv-at-top .tv-open-hand [data-card='9♦']").count() == 1
    assert page.locator(".tv-at-top .tv-fan-card").count() == 1


def test_the_keep_step_marks_a_card_chosen_at_once_and_python_confirms(at_size):
    """A click on a card you may choose shows it chosen (or let go) at once, count and all, before Python answers;
    Python's next picture draws what it took; with no picture after a few seconds, the table is drawn again as
    Python drew it."""
    page = at_size(390, 844)
    open_view(page, cutthroat_keep())
    chosen = "(id) => document.querySelector(`.tv-hand [data-card='${id}']`).classList.contains('is-chosen')"
    page.click(".tv-hand [data-card='9♥']")
    assert sent(page) == [{"moment": 7, "card": "9♥"}]
    assert page.evaluate(chosen, "9♥"), "chosen at once"
    assert page.locator(".tv-hand [data-card='9♥'] .tv-tick").count() == 1
    assert page.get_attribute(".tv-hand [data-card='9♥']", "aria-pressed") == "true"
    assert page.locator(".tv-keep-count").inner_text() == "Chosen: 4 of 5"
    page.click(".tv-hand [data-card='A♠']")  # chosen already: let go at once
    assert not page.evaluate(chosen, "A♠") and page.locator(".tv-hand [data-card='A♠'] .tv-tick").count() == 0
    assert page.locator(".tv-keep-count").inner_text() == "Chosen: 3 of 5"

    later = cutthroat_keep()  # Python took the 9♥ (the A♠'s click came on the old moment: stale, not taken)
    later["moment"] = 8
    for shown in later["seats"][0]["cards"]:
        shown["chosen"] = shown["id"] in ("J♠", "A♠", "J♣", "9♥")
    update(page, later)
    assert page.evaluate(chosen, "9♥") and page.evaluate(chosen, "A♠"), "drawn as Python took it"
    assert page.locator(".tv-keep-count").inner_text() == "Chosen: 4 of 5"

    page.click(".tv-hand [data-card='Q♠']")  # nothing will follow this one
    assert page.evaluate(chosen, "Q♠") and page.locator(".tv-keep-count").inner_text() == "Chosen: 5 of 5"
    page.wait_for_function(
        "() => !document.querySelector(\".tv-hand [data-card='Q♠']\").classList.contains('is-chosen')", timeout=8000
    )
    assert page.locator(".tv-keep-count").inner_text() == "Chosen: 4 of 5", "back as Python last drew it"
    assert page.evaluate(chosen, "9♥")


def test_a_card_moved_at_once_is_confirmed_by_the_next_picture_or_goes_back(at_size):
    """The next picture, with the card in the trick, draws it there without moving it a second time; with no
    picture after a few seconds (a click Python did not take), the table is drawn again as it was."""
    page = at_size(1280, 720)
    open_view(page, partnership_trick())
    page.click(".tv-hand [data-card='A♥']")
    later = partnership_trick()
    trick = copy.deepcopy(later["trick"])
    assert trick is not None
    trick["cards"].append(played(0, "bottom", "A♥"))
    later["moment"], later["trick"] = 8, trick
    later["seats"][0]["cards"] = [c for c in later["seats"][0]["cards"] if c["id"] != "A♥"]
    update(page, later)
    assert page.locator(".tv-slot-bottom [data-card='A♥']").count() == 1
    assert page.locator(".tv-slot-bottom.is-arriving").count() == 0, "it does not fly in again"

    again = partnership_trick()
    again["moment"] = 9
    update(page, again)
    page.click(".tv-hand [data-card='9♥']")  # nothing will follow this one
    page.click(".tv-hand [data-card='A♥']")  # a second click: sent (Python finds it stale), not moved
    assert [click["card"] for click in sent(page)] == ["A♥", "9♥", "A♥"]
    assert page.locator(".tv-slot-bottom [data-card='9♥']").count() == 1
    assert page.locator(".tv-slot-bottom").count() == 1 and page.locator(".tv-hand [data-card='A♥']").is_visible()
    page.locator(".tv-hand [data-card='9♥']").wait_for(state="visible", timeout=8000)
    assert page.locator(".tv-slot-bottom").count() == 0, "back as Python last drew it"


def test_the_prompt_is_read_out_from_a_live_region_that_outlasts_the_redraw(at_size):
    page = at_size(390, 844)
    open_view(page, partnership_trick())
    page.evaluate("() => { window.liveBefore = document.querySelector('.euchre-tv [aria-live=polite].tv-live'); }")
    later = partnership_trick()
    later["moment"], later["prompt"] = 8, "Dev's turn."
    update(page, later)
    assert page.evaluate("() => document.querySelector('.tv-live') === window.liveBefore")
    assert page.locator(".tv-live").inner_text() == "Dev's turn."
    assert page.locator(".tv-prompt").inner_text() == "Dev's turn."


def test_a_picture_of_the_wrong_shape_says_so_on_the_page(at_size):
    page = at_size(390, 844)
    open_view(page, partnership_trick())
    broken = partnership_trick()
    del broken["scores"]  # type: ignore[misc]
    drawn = "(p) => { try { window.harness.update('picture', p); } catch (e) { window.caught = e.message; } }"
    page.evaluate(drawn, broken)
    assert "The table could not be drawn" in page.locator(".euchre-tv").inner_text()
    assert page.evaluate("() => window.caught")


def test_before_its_first_picture_the_view_says_the_table_is_being_laid(at_size):
    page = at_size(390, 844)
    page.route(f"{BASE}**", serve)
    page.goto(BASE + "index.html")
    page.wait_for_selector("body[data-ready=yes]")
    page.evaluate("() => window.harness.show(null, {})")
    assert page.locator(".euchre-tv .tv-empty").inner_text() == "The table is being laid…"


def test_an_onlookers_hand_is_not_a_row_of_buttons(at_size):
    """A teacher watching a seat with its hand open clicks nothing: no card of it is a button or a Tab stop."""
    page = at_size(1280, 720)
    picture = railroad_finished()
    picture["seats"][0]["cards"] = [card("A♣"), card("9♠")]
    picture["buttons"] = []
    open_view(page, picture)
    assert page.locator(".tv-hand [role=img][data-card]").count() == 2
    assert page.locator(".euchre-tv button").count() == 0


def without_nones(value: Any) -> Any:
    """`value` with every None field left out, as the site's kernel sends a picture (Pyodide's to_js turns Python's
    None into JavaScript's undefined, and undefined fields vanish from the message)."""
    if isinstance(value, dict):
        return {key: without_nones(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [without_nones(item) for item in value]
    return value


def test_a_picture_from_the_static_sites_kernel_draws_as_one_from_jupyterlab(at_size):
    """On the site a trick in play has no winner field at all: it is not drawn won, and a card played goes to it."""
    page = at_size(1280, 720)
    picture = without_nones(partnership_trick())
    assert "winner" not in picture["trick"]
    open_view(page, picture)
    assert page.locator(".tv-trick.is-won, .tv-trick-words.is-won").count() == 0, "a trick in play drawn as won"
    page.click(".tv-hand [data-card='9♥']")
    assert page.locator(".tv-trick .tv-slot-bottom [data-card='9♥']").count() == 1, "not moved at once"
    finished = without_nones(railroad_finished())
    update(page, finished)
    assert page.locator(".tv-slot.is-winner [data-card='Joker']").count() == 1


def test_a_lead_gathers_the_last_trick_and_moves_the_card_at_once(at_size):
    """Your lead while the last trick taken is still shown: that trick is gathered and your card lies in the middle
    before Python answers; the next picture (the new trick, your card in it) draws it without moving it again."""
    page = at_size(1280, 720)
    lead = partnership_trick()
    lead["trick"] = {**lead["trick"], "winner": 0, "words": "Trick 2: you won it with the Q♥"}
    lead["trick"]["cards"] = [*lead["trick"]["cards"], played(0, "bottom", "J♥", trump=True)]
    open_view(page, lead)
    page.click(".tv-hand [data-card='A♥']")
    assert sent(page) == [{"moment": 7, "card": "A♥"}]
    slots = page.eval_on_selector_all(".tv-trick .tv-slot", "slots => slots.map(s => s.className + ' ' + s.innerText)")
    assert len(slots) == 1 and "tv-slot-bottom" in slots[0], f"the last trick not gathered: {slots}"
    assert page.locator(".tv-trick .tv-slot-bottom [data-card='A♥']").count() == 1, "not moved at once"
    assert page.locator(".tv-trick.is-won, .tv-trick-words").count() == 0, "the last trick's words stay"
    confirmed = partnership_trick()
    confirmed["moment"] = 8
    confirmed["trick"] = {"number": 3, "cards": [played(0, "bottom", "A♥", trump=True)], "winner": None, "words": ""}
    update(page, confirmed)
    assert page.locator(".tv-trick .tv-slot-bottom.is-arriving").count() == 0, "moved again once confirmed"
