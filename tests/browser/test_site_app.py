"""The static site opens like an app (issue 35, point 7), and an anywidget lives in it (point 1), in Chromium.

Each lesson page is drawn at once with the lesson's own title in the header and the browser's tab (from the lesson's
first heading), "Python is starting…" and the lesson's opening text, before JupyterLab has loaded; no framework logo;
Back and Forward between lessons open them in place, on the same Python, without reloading the page.
"""

from __future__ import annotations

import json
import re

import nbformat
from conftest import TIMINGS
from labdriver import NEXT_CONTROL, kernel_run
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_phone import TABLE_DRAWN
from test_site_in_browser import LESSON_NAMES, SITE, content_files, offline, site  # noqa: F401 (fixtures)
from test_site_lesson_pages import PAGE_MS, wait_ready

SIZES = {"phone": (390, 844), "projector": (1280, 720), "desktop": (1920, 1080)}
NOW = "() => performance.now() / 1000"
# The page's frame, notebooks/index.html: every lesson's title and opening text, written by the build.
LESSONS_DATA = "() => JSON.parse(document.getElementById('euchre-lessons').textContent)"
# What the reader sees of the page's top: the header's title, the tab's, the status line, any logo, the text shown.
TOP = """() => {
    const seen = e => !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
        && getComputedStyle(e).opacity !== '0';
    const titles = [...document.querySelectorAll('h1.euchre-title')].filter(seen).map(e => e.innerText);
    const logos = [...document.querySelectorAll('#jp-NotebookLogo, #jp-MainLogo, .jp-JupyterIcon, ' +
        '#jupyterlite-loading-indicator, #jupyterlite-main-logo, [class*="Logo"] svg')].filter(seen);
    const status = [...document.querySelectorAll('.euchre-frame-status, .euchre-status')].filter(seen)
        .map(e => e.innerText).join(' ');
    const texts = [...document.querySelectorAll('.euchre-frame-text, .jp-MarkdownCell .jp-RenderedMarkdown')]
        .filter(seen).map(e => e.innerText).join('\\n');
    const top = document.querySelector('#top-panel-wrapper');
    return {tab: document.title, titles, logos: logos.map(e => e.id || e.className.baseVal || e.className),
            status, texts, header: top && seen(top) ? top.innerText : '', framed: !!document.getElementById('euchre-frame'),
            marker: window.euchreMarker || null, path: new URLSearchParams(location.search).get('path'),
            toolbar: [...document.querySelectorAll('.jp-NotebookPanel-toolbar')].filter(seen).length};
}"""  # noqa: E501 (JavaScript, as the browser runs it)
# When the text now in the page was first drawn: Chromium's first-contentful-paint, or, where Chromium records none
# for a navigation (it happened once in a clean-clone run), the next frame's time, which is no earlier than the paint.
FIRST_PAINT = """() => new Promise(done => {
    const paint = () => performance.getEntriesByName('first-contentful-paint')[0];
    requestAnimationFrame(frame => setTimeout(() => {
        const entry = paint();
        done((entry ? entry.startTime : frame) / 1000);
    }));
})"""
FIRST_WIDGET = (
    "() => [...document.querySelectorAll('.jp-OutputArea-output > .jupyter-widgets')]"
    ".some(w => w.offsetHeight > 10 && w.querySelector('[class*=\"widget-\"]'))"
)


def expected_title(name: str) -> str:
    """The title a lesson page shows: the lesson's first heading, "Lesson " before a lesson's number."""
    notebook = json.loads(content_files()[f"notebooks/{name}"])
    heading = next(
        found[1]
        for cell in notebook["cells"]
        if cell["cell_type"] == "markdown"
        for found in [re.search(r"^#+\s+(.+)$", "".join(cell["source"]), re.M)]
        if found
    )
    return f"Lesson {heading}" if re.match(r"\d+ · ", heading) else heading


def first_words(name: str) -> str:
    """A sentence of a lesson's opening prose, as a reader sees it (the line under its heading, no markup)."""
    notebook = json.loads(content_files()[f"notebooks/{name}"])
    source = "".join(notebook["cells"][0]["source"]).split("\n")
    line = next(line for line in source[1:] if line.strip())
    return re.sub(r"[*_`]", "", line).split(":")[0].strip()


def test_every_lesson_page_carries_its_title_from_its_first_heading():
    """The build writes each lesson's title and opening text into the page, from the lesson itself."""
    page = (SITE / "notebooks" / "index.html").read_text(encoding="utf-8")
    assert "<title>Euchre lessons</title>" in page and "Jupyter Notebook" not in page.split("</title>")[0]
    data = re.search(r'<script id="euchre-lessons" type="application/json">(.*?)</script>', page, re.S)
    assert data, "the page has no lesson titles"
    lessons = json.loads(data[1])
    assert lessons["notebooks/01_cards_and_bowers.ipynb"]["title"] == "Lesson 1 · The cards and the bowers"
    for name in LESSON_NAMES:
        entry = lessons[f"notebooks/{name}"]
        assert entry["title"] == expected_title(name), name
        assert first_words(name) in re.sub(r"<[^>]+>", "", entry["text"]), f"{name}: its opening text is missing"
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert "@jupyterlite/notebook-application-extension:logo" in config["disabledExtensions"]


def test_a_lesson_opens_with_its_title_and_text_at_once_and_no_logo(site, offline, shots):  # noqa: F811
    page = offline
    name = LESSON_NAMES[1]
    title = expected_title(name)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(site.page(f"notebooks/{name}"), wait_until="commit")
        # The first thing drawn is the lesson: its title, "Python is starting…" and its opening text.
        page.wait_for_function("() => document.getElementById('euchre-frame') || document.readyState !== 'loading'")
        at_once = page.evaluate(TOP)
        painted = page.evaluate(FIRST_PAINT)
        TIMINGS.append((f"site app: {name} at {size}, first paint (its title and text)", painted))
        page.screenshot(path=shots / f"site_app_opening_{size}_{width}x{height}.png")
        assert at_once["framed"] and at_once["titles"] == [title] and at_once["tab"] == title, at_once
        assert "Python is starting" in at_once["status"], at_once
        assert first_words(name) in at_once["texts"], at_once
        assert painted <= 1.5, f"the lesson's text was first drawn {painted:.2f} s after opening"
        assert not at_once["logos"], f"a framework logo shows while the lesson starts: {at_once['logos']}"
        wait_ready(page)
        ready = page.evaluate(TOP)
        page.screenshot(path=shots / f"site_app_ready_{size}_{width}x{height}.png")
        assert ready["titles"] == [title] and ready["tab"] == title, ready
        assert not ready["logos"], f"a framework logo shows: {ready['logos']}"
        shown = [line for line in ready["header"].splitlines() if line.strip() and line != "Skip to Main"]  # off-screen
        # the title, then the lesson's bar (Python's state, empty once it has run, and the link to the code)
        assert shown == [title, "Show the code"], f"the header shows more than the title and its link: {shown}"
        assert not ready["toolbar"], f"the notebook's toolbar row is shown under the header: {ready['toolbar']}"
        assert not ready["framed"] and first_words(name) in ready["texts"], ready
    assert not page.errors, page.errors
    assert not page.context.outside, page.context.outside


def test_back_and_forward_between_lessons_keep_the_page_and_its_python(site, offline, shots):  # noqa: F811
    """Issue 35, 7: Back to a lesson in <= 2 s, the page not reloaded (a mark on the window survives)."""
    page = offline
    first, later = LESSON_NAMES[0], LESSON_NAMES[1]
    page.goto(site.page(f"notebooks/{first}"))
    wait_ready(page)
    page.evaluate("() => { window.euchreMarker = 'kept'; }")
    kernel = page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id")
    link = page.locator(f'.jp-MarkdownCell a[href$="/{later}"]').first
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_url(re.compile(r"\?path=notebooks%2F" + re.escape(later) + "$"), timeout=PAGE_MS)
    wait_ready(page)
    assert page.evaluate(TOP)["titles"] == [expected_title(later)] and page.title() == expected_title(later)
    for direction, name in (("back", first), ("forward", later)):
        clicked = page.evaluate(NOW)
        page.evaluate(f"() => history.{direction}()")
        page.wait_for_function(
            "(path) => { const w = window.jupyterapp.shell.currentWidget; return !!w && w.context.path === path && "
            "[...document.querySelectorAll('.jp-MarkdownCell .jp-RenderedMarkdown')].some(e => e.offsetHeight > 0); }",
            arg=f"notebooks/{name}",
            timeout=PAGE_MS,
            polling="raf",
        )
        text = page.evaluate(NOW) - clicked
        page.wait_for_function(FIRST_WIDGET, timeout=PAGE_MS, polling="raf")
        widget = page.evaluate(NOW) - clicked
        TIMINGS.append((f"site app: {direction} to {name}, its text", text))
        TIMINGS.append((f"site app: {direction} to {name}, its first widget", widget))
        survey = wait_ready(page)
        top = page.evaluate(TOP)
        assert top["marker"] == "kept", f"{direction} reloaded the page"
        assert top["path"] == f"notebooks/{name}" and top["titles"] == [expected_title(name)], top
        assert top["tab"] == expected_title(name), top
        assert survey["state"] == "ready" and not survey["empty"] and not survey["problems"], survey
        now = page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id")
        assert now == kernel, f"{direction} started another Python"
        assert text <= 2.0, f"{direction} to {name}: its text took {text:.1f} s"
    page.screenshot(path=shots / "site_app_after_back_and_forward.png")
    assert len(page.context.pages) == 1
    assert not page.errors, page.errors


GAME = "08_cutthroat_game.ipynb"  # a whole game at the lessons' Table
TOOLS = ("Hint", "Undo", "Next hand")  # the host's buttons under the board (the coach comes by itself: no Grade)
# The lesson's Table's board scrolled to the top of the page, as a learner playing at it keeps it (the line above it,
# its game and seed in words, scrolled away), then every button of the Table (the
# board's cards and buttons, and the host's tools under the board) with its box, and the bottom of the page's header.
TABLE_IN_VIEW = """(tools) => {
    const board = document.querySelector('.euchre-board');
    const output = board.closest('.jp-OutputArea-output');
    board.scrollIntoView({block: 'start'});
    const seen = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const host = [...output.querySelectorAll('button')].filter(b => tools.includes(b.innerText.trim()));
    const box = e => { const r = e.getBoundingClientRect();
        return {text: (e.dataset.card || e.innerText).trim().slice(0, 30), left: r.left, top: r.top, right: r.right,
                bottom: r.bottom}; };
    return {header: document.getElementById('top-panel-wrapper').getBoundingClientRect().bottom,
            buttons: [...board.querySelectorAll('button'), ...host].filter(seen).map(box),
            link: box(document.querySelector('.euchre-show-code')),
            page: document.getElementById('main-panel').getBoundingClientRect().top};
}"""


def buttons_off_screen(page, width: int, height: int) -> tuple[list[dict], list[str]]:
    """The Table's buttons not wholly between the page's header and the screen's edges; the host's tools shown. The
    header's Show the code is in sight."""
    found = page.evaluate(TABLE_IN_VIEW, list(TOOLS))
    off = [
        b
        for b in found["buttons"]
        if b["left"] < 0 or b["right"] > width or b["top"] < found["header"] - 0.5 or b["bottom"] > height
    ]
    link = found["link"]  # the header's Show the code, above the page's body (on a phone, in the header's second row)
    assert link["top"] >= 0 and link["bottom"] <= found["page"] + 0.5 and link["right"] <= width, (
        f"at {width}x{height} the header's Show the code is hidden: {link}, the page's body from {found['page']}"
    )
    return off, [b["text"] for b in found["buttons"] if b["text"] in TOOLS]


def click_next(page) -> dict | None:
    """Click the Table's next control (Next hand too) and wait for its answer; the control, or None if none is left.

    A control drawn again while it was being found (the answer to the click before still arriving) is found anew."""
    for _ in range(3):
        control = page.evaluate(NEXT_CONTROL, [True])
        if not control:
            return None
        before = page.evaluate(TABLE_DRAWN)
        try:
            page.locator("[data-euchre-next]").click(timeout=10_000)
        except PlaywrightTimeout:
            continue
        page.wait_for_function(f"(before) => ({TABLE_DRAWN})() !== before", arg=before, timeout=PAGE_MS, polling=200)
        page.wait_for_timeout(300)  # the rest of the answer's messages
        return control
    raise AssertionError(f"the Table's next control could not be clicked: {control}")


def test_a_lessons_table_and_its_buttons_fit_a_projector_screen(site, offline, shots):  # noqa: F811
    """Issue 35, 6: at 1280 x 720 the whole table and its buttons, Hint and Undo among them, are on the screen under the
    page's header at every step of a hand (the site's header and toolbar took 73 px and Hint and Undo fell below it);
    the same Table on a phone keeps every button within its width, and on a desktop on its screen."""
    page = offline
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(site.page(f"notebooks/{GAME}"))
    wait_ready(page)
    misfits, clicked = [], []
    for step in range(16):  # a hand and the next one's bidding and first plays
        off, tools = buttons_off_screen(page, 1280, 720)
        assert {"Hint", "Undo"} <= set(tools), f"the Table's Hint and Undo are missing: {tools}"
        if off:
            misfits.append((clicked[-1] if clicked else "the start", off))
            page.screenshot(path=shots / f"site_table_misfit_{step:02d}_1280x720.png")
        control = click_next(page)
        if not control:
            break
        clicked.append(control["text"])
        if step in (0, 6):
            page.screenshot(path=shots / f"site_table_step{step + 1:02d}_1280x720.png")
    assert len(clicked) >= 12 and "Next hand" in clicked, f"the game stopped early: {clicked}"
    assert not misfits, f"buttons of the Table off the 1280 x 720 screen: {misfits}"
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(500)  # the page lays itself out again
        off, _ = buttons_off_screen(page, width, height)
        page.screenshot(path=shots / f"site_table_{size}_{width}x{height}.png")
        if size == "phone":  # a phone scrolls down to the buttons, never sideways
            off = [b for b in off if b["left"] < 0 or b["right"] > width]
        assert not off, f"at {width}x{height} buttons of the Table are off the screen: {off}"
    assert not page.errors, page.errors
    assert not page.context.outside, page.context.outside


# A tiny anywidget made in a cell: a button counting its clicks, its count a synced trait (both ways).
ANYWIDGET = '''import anywidget, traitlets

class Counter(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.className = "euchre-anywidget-check";
      const draw = () => { button.textContent = `clicked ${model.get("count")} times`; };
      button.addEventListener("click", () => { model.set("count", model.get("count") + 1); model.save_changes(); });
      model.on("change:count", draw);
      draw();
      el.appendChild(button);
    }
    export default { render };
    """
    count = traitlets.Int(0).tag(sync=True)

counter = Counter()
counter'''
ANYWIDGET_PAGE = "notebooks/zz_anywidget_check.ipynb"


def test_an_anywidget_made_in_a_cell_renders_and_talks_both_ways_offline(site, offline, shots):  # noqa: F811
    """anywidget's wheel in the kernel and its lab extension in the page: a widget made in a cell draws and syncs."""
    page = offline
    page.goto(f"{site.base}/")
    page.locator(".jp-NotebookPanel").first.wait_for(timeout=PAGE_MS)
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell("# An anywidget"), nbformat.v4.new_code_cell(ANYWIDGET)]
    )
    notebook.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    page.evaluate(
        "([path, nb]) => window.jupyterapp.serviceManager.contents.save(path, {type: 'notebook', format: 'json', "
        "content: nb})",
        [ANYWIDGET_PAGE, json.loads(nbformat.writes(notebook))],
    )
    page.goto(site.page(ANYWIDGET_PAGE))
    survey = wait_ready(page)
    assert survey["state"] == "ready" and not survey["problems"], survey
    button = page.locator(".euchre-anywidget-check")
    button.wait_for(timeout=60_000)
    assert button.inner_text() == "clicked 0 times"
    button.click()
    button.click()
    page.wait_for_function("() => document.querySelector('.euchre-anywidget-check').innerText === 'clicked 2 times'")
    for _ in range(50):  # the front end's change reaches Python a moment later
        if kernel_run(page, "print(counter.count)").strip() == "2":
            break
        page.wait_for_timeout(100)
    assert kernel_run(page, "print(counter.count)").strip() == "2", "the click did not reach Python"
    kernel_run(page, "counter.count = 7")
    page.wait_for_function("() => document.querySelector('.euchre-anywidget-check').innerText === 'clicked 7 times'")
    version = kernel_run(page, "import anywidget, psygnal; print(anywidget.__version__)").strip()
    assert version == "0.11.0", version
    page.screenshot(path=shots / "site_anywidget.png")
    assert page.title() == "An anywidget", "a page not of the build takes its title from its first heading"
    assert not page.errors, page.errors
    assert not page.context.outside, page.context.outside
