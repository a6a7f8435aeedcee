"""Practice that remembers on the static site (issue 37, point 6), offline, by mouse only: a practice question missed
on the contents page is counted "to review today", Review now asks it again, and the card is kept in the browser's
own storage with the rest of the progress."""

from __future__ import annotations

import json

from labdriver import kernel_run, wait_kernel_idle
from test_site_in_browser import offline, site  # noqa: F401 (fixtures)
from test_site_lesson_pages import open_page

from euchre_lesson.teach.practice import Practice
from euchre_lesson.widgets.clicks import DOUBLE_CLICK
from euchre_lesson.widgets.exercise import answer_class

CONTENTS = "notebooks/14_contents.ipynb"
SECONDS = 120_000  # a click's answer from the page's Python, on a small shared machine
PACE = (
    DOUBLE_CLICK + 0.1
) * 1000  # ms after a widget is drawn anew, so a click is not taken for a double-click's second


def wait_text(page, selector: str, text: str) -> None:
    page.locator(selector, has_text=text).first.wait_for(timeout=SECONDS)
    wait_kernel_idle(page)
    page.wait_for_timeout(PACE)


def test_a_missed_practice_question_comes_back_in_today_s_review_on_the_site(site, offline):
    page = offline
    survey = open_page(page, site, CONTENTS)
    assert survey["state"] == "ready" and not survey["problems"], survey
    board = page.locator(".euchre-progress-board")
    wait_text(page, ".euchre-progress-board", "Nothing to review today")
    assert not board.get_by_role("button", name="Review now").is_visible()

    # The contents page's endless practice deals its first question from its seed (2026), as here.
    exercise = Practice(2026, progress=False).question.exercise
    wrong = next(choice for choice in exercise.choices() if not exercise.judge(choice))
    practice = page.locator(".euchre-practice")
    practice.locator(f".{answer_class(exercise, wrong)}").click()
    page.wait_for_timeout(PACE)
    practice.locator(".euchre-check").click()
    wait_text(page, ".euchre-practice", "Not quite")

    board.get_by_role("button", name="Update").click()
    wait_text(page, ".euchre-progress-board", "1 to review today")
    board.get_by_role("button", name="Review now").click()
    review = page.locator(".euchre-review")
    wait_text(page, ".euchre-review", "question 1 of 1, from the endless practice")
    review.locator(".euchre-answer").first.click()
    page.wait_for_timeout(PACE)
    review.locator(".euchre-check").click()
    wait_text(page, ".euchre-progress-board", "Nothing to review today")
    review.get_by_role("button", name="Finish the review").click()
    wait_text(page, ".euchre-review", "Review done: ")

    kept = json.loads(
        kernel_run(
            page,
            "import json\nfrom euchre_lesson.teach.progress import Progress\n"
            "print(json.dumps({k: c._asdict() for k, c in Progress().review_cards().items()}))",
        )
    )
    (item,) = kept
    assert item == f"practice {Practice(2026, progress=False).question.kind}"
    assert kept[item]["reviews"] == 1 and kept[item]["due"] > kept[item]["last"], "rescheduled, kept in the browser"
    assert page.context.outside == [] and not page.errors, (page.context.outside, page.errors)
