"""The lessons as pages in Chromium, served as `make lessons` serves them: one Jupyter server, JupyterLab with
Voila's pages; every kind of rule link (lesson prose, an exercise's verdict, a table message) lands on the rule,
from a page and from JupyterLab. In JupyterLab a prose link opens the rule book in JupyterLab (JupyterLab alone
would leave it at its top: jupyter-config/labextensions/euchre-lesson-lab waits for the rule to be drawn), and a
widget's link opens the rule book's page."""

from __future__ import annotations

import pytest
from labdriver import ROOT, START_SECONDS, LabServer, copy_lessons, run_all, wait_kernel_idle

SLOW = 120_000  # ms: a page runs every cell before it shows; the machine is small and shared
CONFIG = ROOT / "jupyter-config"  # as the Makefile's JUPYTER_CONFIG_PATH: Voila's page view of the lessons
CONTENTS = "14_contents.ipynb"
WELCOME = "00_welcome.ipynb"  # prose rule links, and lesson 0 q1, whose wrong answer's verdict cites C1
GAME = "08_cutthroat_game.ipynb"  # its Table's first message cites C7 (seed 2026)
TABLE_NOTE = ".jp-OutputArea-output:has(.euchre-table) .euchre-note"  # the table's message, under its cards

# Whether the rule's entry (its anchor, or JupyterLab's sanitized copy of it) is drawn inside the window.
IN_VIEW = """(rule) => {
    const anchor = [...document.querySelectorAll(`[id="${rule}"], [data-jupyter-id="${rule}"]`)]
        .find(e => e.getClientRects().length);
    if (!anchor) return false;
    const box = (anchor.closest('h1, h2, h3, h4') || anchor).getBoundingClientRect();
    const scroller = anchor.closest('.jp-WindowedPanel-outer');  // JupyterLab's notebook scrolls inside the page
    const frame = scroller ? scroller.getBoundingClientRect() : {top: 0, bottom: window.innerHeight};
    return box.height > 0 && box.top >= Math.max(frame.top, 0) - 1 && box.bottom <= Math.min(frame.bottom, window.innerHeight);
}"""  # noqa: E501 (JavaScript, as the browser runs it)


# The first of these links that leads to a rule (not the glossary), marked for the click; the rule's id.
MARK_A_RULE_LINK = """links => {
    const link = links.find(a => /^#[CTFWR][1-9][0-9]?$/.test(new URL(a.href).hash));
    if (!link) return null;
    link.setAttribute('data-euchre-rule-link', '1');
    return new URL(link.href).hash.slice(1);
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One JupyterLab server with Voila's pages, serving a copy of the lessons as `make lessons` serves notebooks/."""
    folder = tmp_path_factory.mktemp("lessons")
    copy_lessons(folder)
    with LabServer(folder, env={"JUPYTER_CONFIG_PATH": str(CONFIG)}) as lab:
        yield lab


def page_url(server: LabServer, notebook: str) -> str:
    return f"{server.base}/voila/render/{notebook}?token={server.token}"


def open_page(page, address: str) -> None:
    """Open a Voila page and wait until every cell has run and the page is shown."""
    page.goto(address, timeout=SLOW)
    page.locator("#rendered_cells").wait_for(state="visible", timeout=SLOW)


def lands_on_the_rule(page, rule: str) -> None:
    page.wait_for_function(IN_VIEW, arg=rule, timeout=SLOW, polling=200)


def rule_link(page, within: str):
    """The first link to the rule book inside `within` (a CSS selector), and the rule it names."""
    page.locator(f"{within} a[href*='13_rule_book.ipynb']").first.wait_for(state="attached", timeout=SLOW)
    rule = page.eval_on_selector_all(f"{within} a[href*='13_rule_book.ipynb']", MARK_A_RULE_LINK)
    assert rule, f"no link to a rule's entry in {within}"
    link = page.locator("[data-euchre-rule-link]")
    link.scroll_into_view_if_needed()
    return link, rule


def test_the_contents_opens_as_a_page_with_the_code_one_link_away(server, page):
    open_page(page, page_url(server, CONTENTS))
    assert not page.locator(".jp-CodeCell .jp-InputArea:visible").count(), "the contents page shows code"
    lessons = page.eval_on_selector_all(
        "#rendered_cells a[href$='.ipynb']:not(.euchre-code-link)", "as => as.map(a => a.href)"
    )
    assert lessons and all("/voila/render/" in href for href in lessons), lessons
    page.get_by_role("link", name="Show the code (JupyterLab)").click()
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=SLOW)
    assert page.url.split("?")[0].endswith("/lab/tree/" + CONTENTS), page.url


def test_a_lesson_page_leaves_the_programmers_part_out(server, page):
    open_page(page, page_url(server, WELCOME))
    text = page.inner_text("#rendered_cells")
    assert "Show the code (JupyterLab)" in text and "For programmers" not in text, text[-1500:]


def test_a_rule_link_in_a_pages_prose_lands_on_the_rule(server, page):
    open_page(page, page_url(server, WELCOME))
    link, rule = rule_link(page, ".jp-MarkdownOutput")
    link.click()
    lands_on_the_rule(page, rule)
    assert "/voila/render/13_rule_book.ipynb" in page.url, page.url


def test_a_rule_link_in_a_pages_verdict_lands_on_the_rule(server, page):
    open_page(page, page_url(server, WELCOME))
    exercise = page.locator(".euchre-exercise-lesson-0-q1")
    exercise.locator(".euchre-answer-32").click()
    exercise.locator(".euchre-check").click()
    link, rule = rule_link(page, ".euchre-exercise-lesson-0-q1 .euchre-verdict")
    with page.context.expect_page() as opened:
        link.click()
    book = opened.value
    lands_on_the_rule(book, rule)
    assert "/voila/render/13_rule_book.ipynb" in book.url, book.url


def test_a_rule_link_in_a_pages_table_message_lands_on_the_rule(server, page):
    open_page(page, page_url(server, GAME))
    link, rule = rule_link(page, TABLE_NOTE)
    with page.context.expect_page() as opened:
        link.click()
    lands_on_the_rule(opened.value, rule)


def open_in_lab(page, server: LabServer, notebook: str) -> None:
    page.goto(server.url(notebook), timeout=START_SECONDS * 1000)
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=START_SECONDS * 1000)
    wait_kernel_idle(page)


def test_a_rule_link_in_a_jupyterlab_lessons_prose_lands_on_the_rule(server, page):
    open_in_lab(page, server, WELCOME)
    link, rule = rule_link(page, ".jp-MarkdownCell .jp-RenderedMarkdown")
    link.click()
    page.locator(".jp-NotebookPanel:visible .jp-Notebook").first.wait_for(timeout=SLOW)
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget.context.path === '13_rule_book.ipynb'", timeout=SLOW, polling=200
    )
    lands_on_the_rule(page, rule)
    page.wait_for_timeout(2_000)  # still there once the rule book has finished drawing
    lands_on_the_rule(page, rule)
    server.shut_kernels_down()


def test_a_rule_link_in_a_jupyterlab_verdict_lands_on_the_rule(server, page):
    open_in_lab(page, server, WELCOME)
    run_all(page)
    exercise = page.locator(".euchre-exercise-lesson-0-q1")
    # The page's test answered this question in the same class folder: it comes back with that answer chosen and
    # its verdict shown (a click on it would take it back). So: the full pack, chosen if it is not, and its own
    # verdict waited for before its link is marked (the verdict drawn before would be replaced under the click).
    answer = exercise.locator(".euchre-answer-52")
    if "euchre-chosen" not in (answer.get_attribute("class") or ""):
        answer.click()
    exercise.locator(".euchre-check").click()
    exercise.locator(".euchre-verdict").filter(has_text="That is the full pack of cards").wait_for(timeout=SLOW)
    link, rule = rule_link(page, ".euchre-exercise-lesson-0-q1 .euchre-verdict")
    with page.context.expect_page() as opened:
        link.click()
    lands_on_the_rule(opened.value, rule)
    server.shut_kernels_down()


def test_a_rule_link_in_a_jupyterlab_table_message_lands_on_the_rule(server, page):
    open_in_lab(page, server, GAME)
    run_all(page)
    link, rule = rule_link(page, TABLE_NOTE)
    with page.context.expect_page() as opened:
        link.click()
    lands_on_the_rule(opened.value, rule)
    server.shut_kernels_down()
