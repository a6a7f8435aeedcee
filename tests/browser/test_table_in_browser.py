"""A whole hand at the Table in Chromium, by mouse and by keyboard alone; the score on screen is the engine's."""

from __future__ import annotations

import json
import re
import time

from labdriver import (
    MARK_ILLEGAL_CARD,
    NEXT_CONTROL,
    ROOT,
    kernel_run,
    note_text,
    open_notebook,
    photograph,
    reason_text,
    run_all,
    scores_on_screen,
    wait_for_update,
    wait_kernel_idle,
    write_notebook,
)

from euchre_lesson.engine.game import game_from_record
from euchre_lesson.widgets.clicks import DOUBLE_CLICK

# Seed 6: you deal; the simple player accepts the up-card, discards, takes the dummy, keeps five and
# plays five cards, and once must follow suit (so a card of your hand is dimmed: the illegal click).
SEED = 6
NOTEBOOK = "table.ipynb"
RULE_IDS = set(
    re.findall(r"^- \*\*([A-Z]\d+) ", (ROOT / "RULES.md").read_text(), re.M)
)  # "- **C7 The dealer's pick-up.**"
MOST_STEPS = 60  # a hand takes about 15 presses; more means the table stopped changing
PACE = DOUBLE_CLICK + 0.1  # seconds from one press to the next, as a person who reads the table
LAST_PRESS = [0.0]  # when the last press was made (time.monotonic)


def open_table(page, lab, seed: int = SEED) -> None:
    """A small notebook holding only the Table, opened in JupyterLab and run with Run All."""
    cell = f"from euchre_lesson.widgets.table import Table\ntable = Table(seed={seed})\ntable"
    write_notebook(lab.folder / NOTEBOOK, [cell])
    open_notebook(page, lab, NOTEBOOK)
    run_all(page)
    page.locator(".euchre-table .tv-table").wait_for()


def press_by_keyboard(page) -> int:
    """Move the focus to the marked control with Tab / Shift+Tab, and within your hand with the arrow keys (one card
    of the hand is in the Tab order at a time); return the number of key presses."""
    where = """() => { const target = document.querySelector('[data-euchre-next]'), now = document.activeElement;
        if (now === target) return 0;
        const hand = target.closest('.tv-hand');
        if (hand && hand.contains(now)) {
            const cards = [...hand.querySelectorAll('button.tv-card')];
            return cards.indexOf(target) > cards.indexOf(now) ? 2 : -2;
        }
        if (!now || now === document.body) return 1;
        return now.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1; }"""
    keys = {1: "Tab", -1: "Shift+Tab", 2: "ArrowRight", -2: "ArrowLeft"}
    for presses in range(200):
        step = page.evaluate(where)
        if step == 0:
            return presses
        page.keyboard.press(keys[step])
    raise AssertionError("200 presses of Tab and the arrow keys did not reach the control")


def play_hand(page, shots, by: str) -> dict:
    """Play one hand with the simple player, by "mouse" or "keyboard"; return what was pressed and seen."""
    pressed, illegal, keys = [], None, 0
    photograph(page, page.locator(".jp-OutputArea-output").first, shots / f"table_{by}_start.png")
    for _ in range(MOST_STEPS):
        before = note_text(page)
        control = page.evaluate(NEXT_CONTROL, [False])
        if control is None:
            break
        if control["kind"] == "card" and illegal is None and "play" in before.lower():
            card = page.evaluate(MARK_ILLEGAL_CARD)
            if card is not None:  # a card you may not play now: the board says why, and nothing is sent
                keys += press(page, by, "Space", dimmed=True)
                page.wait_for_function(
                    "() => document.querySelector('.euchre-table .tv-reason').innerText.trim() !== ''"
                )
                illegal = (card, reason_text(page))
                photograph(page, page.locator(".jp-OutputArea-output").first, shots / f"table_{by}_illegal.png")
                page.wait_for_timeout(PACE * 1000)  # had the click gone to the kernel, its answer would be in
                assert note_text(page) == before, "a card that may not be played was sent to the kernel"
                control = page.evaluate(NEXT_CONTROL, [False])
        # Cards are pressed with Space and word buttons with Enter: both keys must work.
        keys += press(page, by, "Space" if control["kind"] in ("card", "select") else "Enter")
        pressed.append((control["kind"], control["text"].splitlines()[0]))
        after = wait_for_update(page, before)
        assert "Not allowed" not in after, f"pressing {control} was refused: {after}"
        if control["kind"] == "keep":
            photograph(page, page.locator(".jp-OutputArea-output").first, shots / f"table_{by}_kept.png")
    else:
        raise AssertionError(f"the hand did not end after {MOST_STEPS} presses: {pressed}")
    photograph(page, page.locator(".jp-OutputArea-output").first, shots / f"table_{by}_end.png")
    return {"pressed": pressed, "illegal": illegal, "keys": keys, "note": note_text(page)}


def press(page, by: str, key: str, dimmed: bool = False) -> int:
    """Press the marked control at a person's pace: a real mouse click, or focus it by Tab and press the key.
    A dimmed card (aria-disabled: it may not be played now) is clicked all the same, as a person may."""
    presses = 0 if by == "mouse" else press_by_keyboard(page)
    wait = PACE - (time.monotonic() - LAST_PRESS[0])
    if wait > 0:  # quicker, the press would be the second click of a double-click, and dropped
        page.wait_for_timeout(wait * 1000)
    if by == "mouse":
        page.locator("[data-euchre-next]").click(force=dimmed)  # Playwright alone will not click a dimmed card
    else:
        page.keyboard.press(key)
    LAST_PRESS[0] = time.monotonic()
    return presses + (by != "mouse")


# The table's checks are the tests' (tests/table_checks.py), imported into the kernel from the repository.
CHECK_TABLE = (
    f"import sys\nsys.path.insert(0, {str(ROOT / 'tests')!r})\n"
    "from table_checks import assert_valid\nassert_valid(table)\n"
)


def check_hand(page, played: dict) -> None:
    """The hand is over, the scores on screen are the kernel's and the engine's (replayed here), the clicks arrived."""
    assert "The hand is over" in played["note"], played["note"]
    kinds = {kind for kind, _ in played["pressed"]}
    assert kinds == {"bid", "card", "select", "keep"}, (
        f"the hand did not use every kind of control: {played['pressed']}"
    )
    kernel = json.loads(
        kernel_run(
            page,
            CHECK_TABLE + "import json\n"
            "print(json.dumps({'record': table.game.record(), 'scores': table.game.scores,"
            " 'mine': [str(a.card) for a, s in zip(table.hand.history, table.hand.actors)"
            " if s == table.seat and a.card is not None]}))",
        )
    )
    engine = game_from_record(kernel["record"])  # the engine replays every action and checks the stored scores
    shown = scores_on_screen(page)
    assert shown == dict(enumerate(kernel["scores"])) == dict(enumerate(engine.scores)), (
        f"scores on screen {shown}, kernel {kernel['scores']}, engine replay {engine.scores}"
    )
    assert engine.hands[0].is_over, "the record does not hold a finished hand"
    cards_pressed = [text for kind, text in played["pressed"] if kind == "card"]
    assert cards_pressed == kernel["mine"], f"pressed {cards_pressed}, the engine has {kernel['mine']}"
    card, said = played["illegal"] or (None, "")
    assert card is not None, "no moment came to try an illegal card (the seed no longer gives one)"
    rule = re.search(r"\(([A-Z]\d+)\)", said)
    assert rule and rule.group(1) in RULE_IDS, f"the reason cites no rule of RULES.md: {said}"


def test_a_hand_played_by_clicking(page, lab, shots, record_property):
    open_table(page, lab)
    # Cards face down are drawn as card backs (the faces' back), not as blank boxes.
    backs = page.evaluate(
        "() => [...document.querySelectorAll('.euchre-table .tv-back')].map(b => !!b.querySelector('svg'))"
    )
    assert backs and all(backs), f"{len(backs)} card backs, drawn with a picture: {backs}"
    played = play_hand(page, shots, "mouse")
    check_hand(page, played)
    assert not page.errors, page.errors
    record_property("pressed", played["pressed"])
    print("clicked:", played["pressed"], "illegal:", played["illegal"])


def test_the_same_hand_by_keyboard_alone(page, lab, shots):
    open_table(page, lab)
    played = play_hand(page, shots, "keyboard")
    check_hand(page, played)
    assert not page.errors, page.errors
    print("pressed by keyboard:", played["pressed"], "key presses:", played["keys"])


MY_MOVES = (
    "import json\nprint(json.dumps([str(a) for a, s in zip(table.hand.history, table.hand.actors) if s == table.seat]))"
)


def double_click(page, locator, gap_ms: int | None = None) -> list[str]:
    """A real double-click (Playwright's, or two clicks `gap_ms` apart on one spot, as a person makes them);
    once the table has answered and the second click had time to arrive, your moves this hand."""
    before = note_text(page)
    if gap_ms is None:
        locator.dblclick()
    else:
        box = locator.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.click(x, y)
        page.wait_for_timeout(gap_ms)  # the table is redrawn by now: the second click lands on the new one
        page.mouse.click(x, y)
    wait_for_update(page, before)
    page.wait_for_timeout(PACE * 1000)
    wait_kernel_idle(page)
    return json.loads(kernel_run(page, MY_MOVES))


TO_MY_CARD = (
    "from euchre_lesson import Phase, RuleOfThumbPlayer\n"  # on to your next card, clicked in code
    "while not (table.my_turn and table.hand.phase is Phase.PLAY):\n"
    "    if table.hand.is_over:\n        table.next_button.click()\n"
    "    else:\n        table.act(RuleOfThumbPlayer().choose(table.view))"
)


def test_a_double_click_acts_once(page, lab):
    """Seed 1: a double-click on Pass passed in round one and again in round two; on a card it played two cards.

    Each control is double-clicked twice: at once (the second click reaches the kernel before the table
    changed) and with 150 ms between the clicks, as a person does (the table has changed under the pointer)."""
    open_table(page, lab, seed=1)
    pass_button = page.locator(".euchre-table button", has_text=re.compile(r"^Pass$"))
    assert double_click(page, pass_button) == ["pass"]
    assert double_click(page, pass_button, gap_ms=150) == ["pass", "pass"]
    for gap_ms in (None, 150):
        kernel_run(page, TO_MY_CARD)
        card = page.locator(".euchre-table .tv-hand button.tv-card.is-legal").first
        card.wait_for()
        before = json.loads(kernel_run(page, MY_MOVES))
        text = card.get_attribute("data-card")
        assert double_click(page, card, gap_ms) == before + [f"play {text}"], f"{gap_ms} ms between clicks"
    assert "Not allowed" not in note_text(page) and not page.errors, page.errors


def test_the_lessons_server_sends_the_kernels_replies_at_once(lab):
    """The server the lessons open in loads euchre_lesson.server_extension (TCP_NODELAY on kernel websockets:
    without it a click's reply could wait 40 ms for the page's delayed acknowledgement)."""
    log = (lab.home / "server.log").read_text(errors="replace")
    assert "euchre_lesson.server_extension | extension was successfully loaded" in log, log[-2000:]
