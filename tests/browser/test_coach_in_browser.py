"""Issue 37, 5: the coach after a hand at the lessons' Table, in Chromium: the accuracy, the costliest decision with
its rule and lesson, and Try again from here on a board of its own; seen at a phone's width, 1280x720 and 1920."""

from __future__ import annotations

from labdriver import open_notebook, photograph, run_all, wait_kernel_idle, write_notebook

NOTEBOOK = "coach.ipynb"
# Random choices at seat 0 until a graded hand has a decision below Good: the coach then offers a second try.
# The coach comes by itself once a hand is over (in a thread of the kernel): the cell waits for it.
CELL = """import random
from euchre_lesson import PARTNERSHIP
from euchre_lesson.widgets.table import Table
table, rng = Table(PARTNERSHIP, seed=3), random.Random(3)
for _ in range(6):
    while not table.hand.is_over:
        table.act(rng.choice(table.view.legal))
    table.session.wait_for_coach()
    if table.session.review_shown.worst is not None:
        break
    table.next_hand()
table"""
# One hand clicked to its end, and nothing more: no code asks for grades, and the cell does not wait for the coach.
ONE_HAND = """import random
from euchre_lesson import PARTNERSHIP
from euchre_lesson.widgets.table import Table
table, rng = Table(PARTNERSHIP, seed=3), random.Random(3)
display(table)
while not table.hand.is_over:
    table.act(rng.choice(table.view.legal))"""
SIZES = ((390, 844), (1280, 720), (1920, 1080))


def test_the_coach_offers_a_second_try_at_the_costliest_decision(page, lab, shots):
    write_notebook(lab.folder / NOTEBOOK, [CELL])
    open_notebook(page, lab, NOTEBOOK)
    run_all(page)
    coach = page.locator(".euchre-coach")
    coach.wait_for()
    assert "accurate" in coach.inner_text()
    worst = coach.locator("a").all()
    targets = [link.get_attribute("href") or "" for link in worst]
    assert any("13_rule_book.ipynb#" in href for href in targets), targets
    assert any(href.endswith(".ipynb") and "rule_book" not in href for href in targets), targets
    grades = page.locator(".euchre-band")
    assert grades.count() >= 1, "the decisions' bands are marked on the page"
    coach.get_by_role("button", name="Try again from here").click()
    board = coach.locator(".euchre-retry-board .tv-table")
    board.wait_for()
    page.keyboard.press("Control+b")  # the file browser closed, as on a phone the lesson has the screen
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(500)
        coach.scroll_into_view_if_needed()
        page.screenshot(path=shots / f"coach_try_again_{width}x{height}.png")
        photograph(page, coach, shots / f"coach_whole_{width}.png")
        wide = page.evaluate(
            "() => Math.max(...[...document.querySelectorAll('.euchre-retry-board')]"
            ".map(e => e.getBoundingClientRect().right))"
        )
        assert wide <= width + 1, f"the second try's board overflows a {width} px screen: {wide}"
    page.set_viewport_size({"width": 1280, "height": 720})
    # Choose again: the first offered button, or the first card that may be clicked.
    offered = coach.locator(
        ".euchre-retry-board button.tv-button:not([disabled]), .euchre-retry-board button.tv-card.is-legal"
    )
    assert offered.count() >= 1, "the position offers its choices again"
    offered.first.click()
    outcome = coach.locator("text=This time")
    outcome.wait_for()
    wait_kernel_idle(page)
    assert "chance of winning the game" in coach.inner_text()
    coach.scroll_into_view_if_needed()
    photograph(page, coach, shots / "coach_after_the_second_try_1280.png")
    coach.get_by_role("button", name="Back to the game").click()
    board.wait_for(state="hidden")
    assert not page.errors, page.errors


def test_the_coach_comes_by_itself_once_a_hand_is_over(page, lab, shots):
    """Issue 37, 5: no Grade button: the page says the coach is looking (or has its review already), then the review
    appears on its own while the learner may press Next hand."""
    write_notebook(lab.folder / "coach_by_itself.ipynb", [ONE_HAND])
    open_notebook(page, lab, "coach_by_itself.ipynb")
    run_all(page)
    note = page.locator(".euchre-table .euchre-note, .euchre-note").first
    note.wait_for()
    coach = page.locator(".euchre-coach")
    coach.filter(has_text="accurate").wait_for(timeout=60_000)  # drawn by the coach's own thread, unasked
    wait_kernel_idle(page)
    assert page.get_by_role("button", name="Grade my decisions").count() == 0
    assert "review is below" in page.locator(".euchre-note").first.inner_text()
    assert page.get_by_role("button", name="Next hand").count() >= 1
    photograph(page, coach, shots / "coach_by_itself_1280.png")
    assert not page.errors, page.errors
