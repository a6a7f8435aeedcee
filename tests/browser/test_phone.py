"""A lesson on a phone (issue 26, point 8), in Chromium at 390x844, by element geometry and by mouse only.

On the static site (JupyterLite's Notebook app with the site's extension) and on the local pages (Voila, as `make
lessons` serves them): the lesson at full width with no file browser, text that wraps as on paper, no menu cut off,
the "Show the code" link on the screen, and lesson 8's Table played for a dozen clicks with every button and card
inside the screen's width and nothing to scroll sideways. The code view, JupyterLab as `make lessons` serves it (with
jupyter-config's extension), gives the lesson the screen too: the file browser closed, the whole menu bar on it.
Each step is photographed for review.
"""

from __future__ import annotations

import pytest
from labdriver import NEXT_CONTROL, ROOT, LabServer, copy_lessons, watched_page
from test_site_in_browser import site  # noqa: F401 (fixture)

PHONE = {"width": 390, "height": 844}
GAME = "08_cutthroat_game.ipynb"  # a whole game at the Table
CLICKS = 12  # a hand and more: bids, plays, Next hand, a new deal
PAGE_MS = 240_000  # a page runs every cell before it is ready; the machine is small and shared
CONFIG = ROOT / "jupyter-config"  # as the Makefile's JUPYTER_CONFIG_PATH

# What a learner on a phone sees, read from the boxes the browser laid out.
GEOMETRY = """() => {
    const width = window.innerWidth;
    const seen = e => e.offsetParent !== null && e.getBoundingClientRect().width > 0;
    const box = e => { const b = e.getBoundingClientRect(); return [Math.round(b.left), Math.round(b.right)]; };
    const name = e => `${e.tagName.toLowerCase()}.${String(e.className).split(' ')[0]} "${e.innerText.slice(0, 30)}"`;
    const outside = [...document.querySelectorAll('body *')].filter(seen)
        .filter(e => { const [left, right] = box(e); return left < -1 || right > width + 1; });
    const paragraphs = [...document.querySelectorAll('.jp-RenderedMarkdown p, .jp-MarkdownOutput p')].filter(seen);
    const prose = paragraphs.sort((a, b) => b.innerText.length - a.innerText.length)[0];
    const code = [...document.querySelectorAll('a')].find(a => /^Show the code/.test(a.innerText.trim()));
    const codeBox = code && code.getBoundingClientRect();
    return {
        scrollWidth: document.scrollingElement.scrollWidth,
        outside: outside.slice(0, 8).map(e => `${name(e)} ${box(e)}`),
        proseWidth: prose ? Math.round(prose.getBoundingClientRect().width) : 0,
        words: prose ? prose.innerText.split(/\\s+/).length : 0,
        lines: prose ? Math.round(prose.getBoundingClientRect().height / parseFloat(getComputedStyle(prose).lineHeight)) : 0,
        fileBrowser: [...document.querySelectorAll('.jp-FileBrowser, .jp-DirListing')].filter(seen).length,
        notebookWidth: Math.max(0, ...[...document.querySelectorAll('.jp-NotebookPanel')].filter(seen)
            .map(e => Math.round(e.getBoundingClientRect().width))),
        menus: [...document.querySelectorAll('.lm-MenuBar-item')].filter(seen).filter(e => box(e)[1] > width + 1)
            .map(e => e.innerText),
        code: code && seen(code) ? {left: codeBox.left, right: codeBox.right, top: codeBox.top, bottom: codeBox.bottom}
                                  : null,
    };
}"""  # noqa: E501 (JavaScript, as the browser runs it)

# Every visible button of the Table (its cards among them), with its box, for the width check.
TABLE_BUTTONS = """() => {
    const table = document.querySelector('.euchre-table');
    const root = table.closest('.jp-OutputArea-output') || table;
    return [...root.querySelectorAll('button')].filter(b => b.offsetParent !== null).map(b => {
        const box = b.getBoundingClientRect();
        return {text: b.innerText.trim(), left: box.left, right: box.right};
    });
}"""

# What the Table draws, to tell when a click has been answered (a chosen card changes only a class).
TABLE_DRAWN = """() => { const table = document.querySelector('.euchre-table');
    return (table.closest('.jp-OutputArea-output') || table).innerHTML; }"""


def fits_a_phone(page, where: str, at_the_top: bool = True) -> None:
    """The page's geometry on a phone: full width, wrapping text, nothing cut, Show the code on screen (at the top)."""
    geometry = page.evaluate(GEOMETRY)
    width, height = PHONE["width"], PHONE["height"]
    assert geometry["scrollWidth"] <= width, f"{where}: the page scrolls sideways: {geometry}"
    assert not geometry["outside"], f"{where}: parts lie outside the screen's width: {geometry}"
    assert geometry["proseWidth"] >= width * 0.8, f"{where}: the lesson is not at full width: {geometry}"
    assert geometry["lines"] * 3 <= geometry["words"], f"{where}: the text does not wrap normally: {geometry}"
    assert not geometry["fileBrowser"], f"{where}: a file browser is open: {geometry}"
    assert not geometry["menus"], f"{where}: menus are cut at the screen's edge: {geometry}"
    code = geometry["code"]
    on_screen = code and code["left"] >= 0 and code["right"] <= width and code["top"] >= 0 and code["bottom"] <= height
    assert on_screen or not at_the_top, f"{where}: the Show the code link is not on the screen: {geometry}"


def play_the_table_by_mouse(page, shots, where: str) -> list[str]:
    """Click the Table's next control CLICKS times, checking after each click that it all fits the screen."""
    page.locator(".euchre-table").first.scroll_into_view_if_needed()
    page.screenshot(path=shots / f"phone_{where}_table.png")
    clicked = []
    for step in range(CLICKS):
        control = page.evaluate(NEXT_CONTROL, [True])
        assert control, f"{where}: nothing to click at the Table after {clicked}"
        target = page.locator("[data-euchre-next]")
        target.scroll_into_view_if_needed()
        before = page.evaluate(TABLE_DRAWN)
        target.click()
        page.wait_for_function(f"(before) => ({TABLE_DRAWN})() !== before", arg=before, timeout=PAGE_MS, polling=200)
        page.wait_for_timeout(300)  # the rest of the answer's messages
        clicked.append(control["text"])
        page.screenshot(path=shots / f"phone_{where}_click{step + 1:02d}.png")
        outside = [b for b in page.evaluate(TABLE_BUTTONS) if b["left"] < -1 or b["right"] > PHONE["width"] + 1]
        assert not outside, f"{where}: after {clicked}, buttons outside the screen's width: {outside}"
        scroll = page.evaluate("() => document.scrollingElement.scrollWidth")
        assert scroll <= PHONE["width"], f"{where}: after {clicked}, the page scrolls sideways ({scroll} px)"
    return clicked


@pytest.fixture
def phone(chromium, shots, request):
    """A fresh browser context the size of a phone; JavaScript errors are collected in page.errors."""
    context = chromium.new_context(viewport=PHONE, ignore_https_errors=True)
    with watched_page(context, shots, request) as page:
        yield page


def test_a_site_lesson_page_fits_a_phone_and_its_table_plays_by_mouse(site, phone, shots):
    phone.goto(site.page(f"notebooks/{GAME}"))
    phone.wait_for_function(
        "() => ['ready', 'stopped'].includes((document.querySelector('.jp-NotebookPanel') || "
        "{dataset: {}}).dataset.euchreLesson)",
        timeout=PAGE_MS,
        polling=250,
    )
    phone.screenshot(path=shots / "phone_site_top.png")
    fits_a_phone(phone, "the site")
    clicked = play_the_table_by_mouse(phone, shots, "site")
    fits_a_phone(phone, f"the site after {clicked}", at_the_top=False)
    assert not phone.errors, phone.errors


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """One JupyterLab server with Voila's pages, serving a copy of the lessons as `make lessons` serves them."""
    folder = tmp_path_factory.mktemp("lessons")
    copy_lessons(folder)
    with LabServer(folder, env={"JUPYTER_CONFIG_PATH": str(CONFIG)}) as lab:
        yield lab


def test_a_local_lesson_page_fits_a_phone_and_its_table_plays_by_mouse(pages, phone, shots):
    phone.goto(f"{pages.base}/voila/render/{GAME}?token={pages.token}", timeout=PAGE_MS)
    phone.locator("#rendered_cells").wait_for(state="visible", timeout=PAGE_MS)
    phone.locator(".euchre-table").first.wait_for(timeout=PAGE_MS)
    phone.screenshot(path=shots / "phone_pages_top.png")
    fits_a_phone(phone, "the local page")
    clicked = play_the_table_by_mouse(phone, shots, "pages")
    fits_a_phone(phone, f"the local page after {clicked}", at_the_top=False)
    assert not phone.errors, phone.errors


def test_a_lesson_in_jupyterlab_on_a_phone_has_the_screen(pages, phone, shots):
    """The lesson's code view: the file browser starts closed, the menu bar fits, the notebook takes the width."""
    lab_on_a_phone(phone, pages.url(GAME), shots / "phone_jupyterlab.png")
    pages.shut_kernels_down()


def test_a_site_lesson_in_jupyterlab_on_a_phone_has_the_screen(site, phone, shots):
    """The site's code view (its Show the code link): the same as JupyterLab's on a laptop's server."""
    lab_on_a_phone(phone, site.url(f"notebooks/{GAME}"), shots / "phone_site_jupyterlab.png")


def lab_on_a_phone(phone, address: str, shot) -> None:
    phone.goto(address, timeout=PAGE_MS)
    phone.locator(".jp-NotebookPanel .jp-Notebook .jp-MarkdownCell p").first.wait_for(state="attached", timeout=PAGE_MS)
    phone.wait_for_timeout(3_000)  # JupyterLab lays its panels out once it has restored them
    phone.screenshot(path=shot)
    geometry = phone.evaluate(GEOMETRY)
    width = PHONE["width"]
    assert not geometry["fileBrowser"], f"the file browser covers the lesson: {geometry}"
    assert not geometry["menus"], f"menus are cut at the screen's edge: {geometry}"
    assert geometry["notebookWidth"] >= width * 0.75, f"the lesson is not given the screen's width: {geometry}"
    assert geometry["lines"] * 3 <= geometry["words"], f"the text does not wrap normally: {geometry}"
    assert geometry["scrollWidth"] <= width, f"the page scrolls sideways: {geometry}"
    assert not phone.errors, phone.errors
