"""The lessons as pages on the static site (issue 26, points 1, 4 and 8), in Chromium, by mouse only.

A lesson opens in JupyterLite's Notebook app with the site's extension (jupyterlite/lesson-pages): prose and
live widgets, no code, no menus, no Run All; cells tagged `solution` and "For programmers" parts left out;
"Show the code" opens JupyterLab. A rule link, in prose or in a widget, opens the rule book at that rule.
"""

from __future__ import annotations

import json
import re

import nbformat
import pytest
from conftest import TIMINGS
from labdriver import LESSONS, ROOT, WIDGET_MIME, kernel_run, wait_kernel_idle
from test_site_in_browser import LESSON_NAMES, offline, site  # noqa: F401 (fixtures)

from euchre_lesson.pages import PROGRAMMERS, lesson_language, page_words, shown, without_programmers_parts

PHONE = {"width": 390, "height": 844}
RULE_LINK = re.compile(r"\]\((13_rule_book\.ipynb#([A-Z]\d+))\)")
PAGE_MS = 240_000  # a lesson page from opening to every cell run; the machine is small and shared

# What a learner sees of the page, read from the DOM: visible code, prompts, menus; widgets drawn; problems.
SURVEY = """() => {
    const seen = e => e.offsetParent !== null && e.getBoundingClientRect().height > 0;
    const outputs = [...document.querySelectorAll('.jp-CodeCell .jp-OutputArea-output')].filter(seen);
    const widgets = outputs.filter(o => o.querySelector(':scope > .jupyter-widgets'));
    return {
        state: document.querySelector('.jp-NotebookPanel').dataset.euchreLesson,
        code: [...document.querySelectorAll('.jp-CodeCell .jp-InputArea')].filter(seen).length,
        prompts: [...document.querySelectorAll('.jp-InputPrompt, .jp-OutputPrompt')].filter(seen).length,
        menus: [...document.querySelectorAll('.lm-MenuBar, .jp-NotebookPanel-toolbar .jp-Toolbar-item')]
            .filter(seen).filter(e => !e.classList.contains('euchre-lesson-bar')).length,
        widgets: widgets.length,
        empty: widgets.filter(o => !o.querySelector('.jupyter-widgets [class*="widget-"]') || o.offsetHeight < 10).length,
        problems: outputs.map(o => o.innerText).filter(t => /Error displaying widget|model not found|Traceback/i.test(t)),
        text: document.querySelector('.jp-Notebook').innerText,
        dirty: window.jupyterapp.shell.currentWidget.context.model.dirty,
    };
}"""  # noqa: E501 (JavaScript, as the browser runs it)


def shown_cells(path) -> list:
    """The cells a lesson page shows, as the Voila pages choose them (euchre_lesson.pages): the site must agree."""
    return without_programmers_parts([cell for cell in nbformat.read(path, as_version=4).cells if shown(cell)])


def widgets_shown(path) -> int:
    return sum(
        WIDGET_MIME in out.get("data", {})
        for cell in shown_cells(path)
        if cell.cell_type == "code"
        for out in cell.get("outputs", ())
    )


def open_page(page, site, path: str) -> dict:
    """Open `path` as a lesson page and wait until it has run; what the learner sees."""
    page.goto(site.page(path))
    return wait_ready(page)


def wait_ready(page) -> dict:
    page.wait_for_function(
        "() => ['ready', 'stopped'].includes((document.querySelector('.jp-NotebookPanel') || "
        "{dataset: {}}).dataset.euchreLesson)",
        timeout=PAGE_MS,
        polling=250,
    )
    wait_kernel_idle(page)
    return page.evaluate(SURVEY)


# Whether the cell holding a rule's anchor (<a id="C2">) is at the top of the notebook's view, in the current
# notebook of either app: a link that lands on the rule scrolled it there.
RULE_AT_TOP = """(id) => { const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    if (!panel || !panel.content || !panel.context.path.endsWith('13_rule_book.ipynb')) return false;
    const cell = panel.content.widgets.find(c => c.model.sharedModel.getSource().includes(`id="${id}"`));
    if (!cell || !cell.node.offsetParent) return false;
    const view = panel.content.node.getBoundingClientRect(), top = cell.node.getBoundingClientRect().top;
    return top >= view.top - 2 && top < view.top + view.height * 0.25; }"""


def wait_rule_at_top(page, rule: str) -> None:
    page.wait_for_function(RULE_AT_TOP, arg=rule, timeout=PAGE_MS, polling=250)


@pytest.mark.parametrize("name", LESSON_NAMES)
def test_a_lesson_opens_ready_with_prose_and_live_widgets_and_no_code(name, site, offline, shots):
    page = offline
    page.goto(site.page(f"notebooks/{name}"))
    starting = page.locator(".euchre-status").first
    survey = wait_ready(page)
    TIMINGS.append((f"site page: {name} open to ready", page.evaluate("() => performance.now() / 1000")))
    page.screenshot(path=shots / f"site_page_{name.removesuffix('.ipynb')}.png")
    assert survey["state"] == "ready", f"{name} stopped at a problem: {starting.inner_text()}"
    assert starting.inner_text() == "", "the page still says Python is starting"
    assert survey["code"] == 0 and survey["prompts"] == 0, f"{name} shows code: {survey}"
    assert survey["menus"] == 0, f"{name} shows menus or toolbar buttons: {survey}"
    assert "Run All" not in survey["text"], f"{name} tells a page that runs by itself to Run All"
    expected = widgets_shown(LESSONS / name)
    assert survey["widgets"] == expected, f"{name}: {survey['widgets']} widgets drawn, {expected} expected"
    assert not survey["empty"] and not survey["problems"], survey
    assert survey["dirty"] is False, f"{name}: the page would ask to save on leaving"
    assert not page.errors, f"{name}: JavaScript errors {page.errors}"
    assert not page.context.outside, f"{name} asked the network for {page.context.outside}"


# A page of the lessons folder, put there in the browser's storage: what a page must leave out and where it stops.
CHECK_PAGE = "notebooks/zz_check_page.ipynb"


def check_notebook() -> dict:
    code = nbformat.v4.new_code_cell
    stored = nbformat.v4.new_output("stream", name="stdout", text="STORED OUTPUT\n")
    cells = [
        nbformat.v4.new_markdown_cell("# A check page"),
        code('print("SHOWN")', outputs=[stored]),
        code('print("THE ANSWER")', metadata={"tags": ["solution"]}),
        # the part for programmers is marked by its tag, whatever its heading says (here, as a French lesson's does)
        nbformat.v4.new_markdown_cell(
            "## Pour les programmeurs\nHow the code works.", metadata={"tags": [PROGRAMMERS]}
        ),
        code('print("CODE DEMO")'),
        nbformat.v4.new_markdown_cell("### Typing answers"),
        code('print("ALSO CODE")'),
        nbformat.v4.new_markdown_cell("## Back to the game"),
        code('print("AFTER")'),
        code("1 / 0"),
        code('print("NEVER RUN")'),
    ]
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
    return json.loads(nbformat.writes(notebook))


def test_a_page_leaves_out_answers_programmers_parts_and_stored_outputs_and_stops_at_an_error(site, offline):
    page = offline
    page.goto(f"{site.base}/")
    page.locator(".jp-NotebookPanel").first.wait_for(timeout=PAGE_MS)
    page.evaluate(
        """(nb) => window.jupyterapp.serviceManager.contents.save('%s',
        {type: 'notebook', format: 'json', content: nb})"""  # noqa: UP031 (the JavaScript's braces stay as they are)
        % CHECK_PAGE,
        check_notebook(),
    )
    survey = open_page(page, site, CHECK_PAGE)
    text = survey["text"]
    assert survey["state"] == "stopped", survey["state"]
    assert "SHOWN" in text and "AFTER" in text and "Back to the game" in text and "A check page" in text, text
    for hidden in (
        "STORED OUTPUT",
        "THE ANSWER",
        "Pour les programmeurs",
        "CODE DEMO",
        "ALSO CODE",
        "Typing answers",
        "NEVER RUN",
        "ZeroDivisionError",
    ):
        assert hidden not in text, f"the page shows {hidden!r}"
    assert page.locator(".euchre-status").inner_text().startswith("This lesson stopped at a problem")
    assert survey["dirty"] is False
    stored = page.evaluate(
        """async () => (await window.jupyterapp.serviceManager.contents.get('%s',
        {content: true})).content.cells[1].outputs"""  # noqa: UP031 (the JavaScript's braces stay as they are)
        % CHECK_PAGE
    )
    assert stored and "".join(stored[0]["text"]).startswith("STORED OUTPUT"), "the page saved the notebook"


def test_show_the_code_opens_the_lesson_in_jupyterlab(site, offline):
    page = offline
    name = f"notebooks/{LESSON_NAMES[0]}"
    open_page(page, site, name)
    page.get_by_role("link", name="Show the code").click()
    page.locator(".jp-LabShell .jp-NotebookPanel .jp-CodeCell .jp-InputArea").first.wait_for(timeout=PAGE_MS)
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path") == name
    assert "/lab/" in page.url


# The lesson's cells as the page holds them, whether any shows its markdown source in an editor, and whether the
# last right-click was left to the browser (its own menu) with none of JupyterLab's menus open.
CELLS_AND_MENUS = """() => ({
    cells: window.jupyterapp.shell.currentWidget.content.widgets.length,
    editing: [...document.querySelectorAll('.jp-MarkdownCell .cm-editor')].filter(e => e.offsetHeight > 0).length,
    menus: [...document.querySelectorAll('.lm-Menu')].filter(e => e.offsetHeight > 0).length,
    browserMenu: window.euchreRightClick === 'left to the browser',
})"""


def test_a_learners_keys_and_right_click_leave_the_lesson_as_it_is(site, offline):
    """A learner who clicks the text and types, or right-clicks, neither deletes a paragraph nor sees its markdown:
    JupyterLab's keys and menus are left out of a lesson page (d twice deleted a cell, Enter opened its source,
    right-click offered Delete Cell and Restart Kernel)."""
    page = offline
    open_page(page, site, f"notebooks/{LESSON_NAMES[0]}")
    before = page.evaluate(CELLS_AND_MENUS)
    paragraph = page.locator(".jp-MarkdownCell:not(.euchre-hidden)").nth(2)
    paragraph.click()
    page.keyboard.press("Enter")
    editing = page.evaluate(CELLS_AND_MENUS)["editing"]
    for key in ("Escape", "d", "d", "m", "y", "x", "Shift+Enter", "Control+s"):
        page.keyboard.press(key)
    page.evaluate(
        """() => window.addEventListener('contextmenu', event => {
            window.euchreRightClick = event.defaultPrevented ? 'taken by the page' : 'left to the browser';
        })"""
    )
    paragraph.click(button="right")
    page.wait_for_timeout(500)  # a menu would be drawn by now
    after = page.evaluate(CELLS_AND_MENUS)
    assert editing == 0, "Enter showed a paragraph's markdown"
    assert after == {**before, "browserMenu": True}, (before, after)
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty") is False
    assert not page.errors, page.errors


# The ring drawn around the lesson's cell that has the focus (JupyterLab gives it the first cell as it opens).
FOCUS_RING = """() => { const cell = document.querySelector('.jp-NotebookPanel .jp-Cell.jp-mod-active');
    cell.focus(); return document.activeElement === cell && getComputedStyle(cell).boxShadow; }"""
# The frame round the active cell's text, as seen.
TEXT_FRAME = """() => getComputedStyle(
    document.querySelector('.jp-NotebookPanel .jp-Cell.jp-mod-active .jp-MarkdownOutput')).borderTopColor"""


def test_a_lesson_opens_with_no_frame_or_focus_ring_until_the_reader_uses_the_keyboard(site, offline):
    """The lesson's title is not framed in blue and grey as the page opens; a reader who moves by Tab sees where
    they are."""
    page = offline
    open_page(page, site, f"notebooks/{LESSON_NAMES[0]}")
    assert page.evaluate(FOCUS_RING) == "none", "the lesson opens with its first cell ringed"
    assert page.evaluate(TEXT_FRAME) == "rgba(0, 0, 0, 0)", "the lesson opens with its title framed"
    page.keyboard.press("Tab")
    ring = page.evaluate(FOCUS_RING)
    assert ring and ring != "none", ring


# The kernel the page's lesson runs on, and every session the page has (a lesson page starts its Python early:
# the lesson must run on that one Python, not start a second).
KERNELS = """() => ({current: window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.id,
    path: window.jupyterapp.shell.currentWidget.context.path,
    sessions: [...window.jupyterapp.serviceManager.sessions.running()].map(s => s.kernel.id)})"""


def test_a_link_to_the_next_lesson_opens_it_in_the_same_page_on_the_same_python(site, offline):
    """Issue 26, 7: the next lesson does not boot Python again; it starts clean (no name of the last lesson)."""
    page = offline
    first, later = LESSON_NAMES[0], LESSON_NAMES[1]
    open_page(page, site, f"notebooks/{first}")
    before = page.evaluate(KERNELS)
    assert set(before["sessions"]) == {before["current"]}, f"the page started more than one Python: {before}"
    assert "GuidedHand" in kernel_run(page, "print(sorted(globals()))"), "lesson 0 no longer imports GuidedHand"
    link = page.locator(f'.jp-MarkdownCell a[href$="/{later}"]').first
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_url(re.compile(r"\?path=notebooks%2F" + re.escape(later) + "$"), timeout=PAGE_MS)
    page.wait_for_function(
        "(path) => window.jupyterapp.shell.currentWidget && "
        "window.jupyterapp.shell.currentWidget.context.path === path",
        arg=f"notebooks/{later}",
        timeout=PAGE_MS,
    )
    survey = wait_ready(page)
    after = page.evaluate(KERNELS)
    assert after["path"] == f"notebooks/{later}" and after["current"] == before["current"], (before, after)
    assert survey["state"] == "ready" and survey["widgets"] == widgets_shown(LESSONS / later), survey
    assert not survey["empty"] and not survey["problems"], survey
    assert "GuidedHand" not in kernel_run(page, "print(sorted(globals()))"), "lesson 0's names are still there"
    assert len(page.context.pages) == 1, "the link opened another tab"
    assert not page.errors, page.errors


def first_rule_link(name: str) -> tuple[str, str]:
    """A lesson's first link to a rule in its prose: (the link as written, the rule id).

    JupyterLab shows it as the file's address in the site (.../files/notebooks/13_rule_book.ipynb#C2)."""
    found = RULE_LINK.search((LESSONS / name).read_text(encoding="utf-8"))
    assert found, f"{name} links no rule"
    return found[1], found[2]


def test_a_rule_link_in_lesson_prose_opens_the_rule_book_at_the_rule(site, offline):
    page = offline
    name = LESSON_NAMES[1]
    href, rule = first_rule_link(name)
    open_page(page, site, f"notebooks/{name}")
    link = page.locator(f'.jp-MarkdownCell a[href$="/{href}"]').first
    link.scroll_into_view_if_needed()
    link.click()
    page.wait_for_url(re.compile(r"13_rule_book\.ipynb#" + rule + "$"), timeout=PAGE_MS)
    wait_rule_at_top(page, rule)
    assert len(page.context.pages) == 1, "the link opened another tab"
    assert not page.errors, page.errors


def test_a_rule_link_in_a_widget_opens_the_rule_book_at_the_rule(site, offline):
    page = offline
    open_page(page, site, f"notebooks/{LESSON_NAMES[0]}")
    exercise = page.locator(".euchre-exercise").first  # a verdict names its rule: "... 24 cards (C1)."
    exercise.scroll_into_view_if_needed()
    exercise.locator(".euchre-answer").first.click()
    exercise.locator(".euchre-check").click()
    link = exercise.locator('.euchre-verdict a[href*="13_rule_book.ipynb#"]').first
    link.wait_for(timeout=60_000)
    link.scroll_into_view_if_needed()
    rule = link.get_attribute("href").split("#")[1]
    link.click()
    page.wait_for_url(
        re.compile(r"/notebooks/index\.html\?path=notebooks%2F13_rule_book\.ipynb#" + rule + "$"), timeout=PAGE_MS
    )
    wait_rule_at_top(page, rule)
    assert len(page.context.pages) == 1, "the link opened another tab"
    assert not page.errors, page.errors


def test_a_rule_link_in_jupyterlab_opens_the_rule_book_at_the_rule(site, offline):
    page = offline
    name = LESSON_NAMES[1]
    href, rule = first_rule_link(name)
    page.goto(site.url(f"notebooks/{name}"))
    link = page.locator(f'.jp-MarkdownCell a[href$="/{href}"]').first
    link.wait_for(timeout=PAGE_MS)
    link.scroll_into_view_if_needed()
    link.click()
    wait_rule_at_top(page, rule)
    assert not page.errors, page.errors


@pytest.mark.parametrize(
    "folder, lesson", [("", 0), ("fr/", 0), ("et/", 0), ("fr/", 2), ("et/", 2)], ids=lambda one: str(one).strip("/")
)
def test_a_lesson_on_a_phone_fits_the_screen(site, offline, shots, folder, lesson):
    """390x844: the lesson at full width, text that wraps, nothing wider than the screen, the Table playable; in
    French and Estonian too (issue 38, 6: their words are longer), lesson 0's guided hand and lesson 2's trainer."""
    page = offline
    page.set_viewport_size(PHONE)
    open_page(page, site, f"notebooks/{folder}{LESSON_NAMES[lesson]}")
    page.screenshot(path=shots / f"site_page_phone_{folder.strip('/') or 'en'}_{lesson}.png", full_page=True)
    geometry = page.evaluate("""() => {
        const notebook = document.querySelector('.jp-NotebookPanel');
        // A screen reader's region, one pixel wide and clipped (the table view's live prompt), shows nothing; a
        // title cut short with an ellipsis (the header's: the whole title is the tab's) is meant to be.
        const scrollers = [...document.querySelectorAll('*')].filter(e => e.offsetParent !== null &&
            e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible' && e.clientWidth > 1 &&
            getComputedStyle(e).textOverflow !== 'ellipsis');
        const wide = [...document.querySelectorAll('.jp-Notebook *')].filter(e => e.offsetParent !== null)
            .map(e => e.getBoundingClientRect()).filter(b => b.width > 0 && (b.left < -1 || b.right > innerWidth + 1));
        const paragraph = document.querySelector('.jp-MarkdownCell p');
        return {width: notebook.getBoundingClientRect().width, page: document.documentElement.scrollWidth,
                scrollers: scrollers.map(e => e.className).slice(0, 5), wide: wide.length,
                words: paragraph.innerText.split(/\\s+/).length,
                lines: Math.round(paragraph.getBoundingClientRect().height / parseFloat(getComputedStyle(paragraph).lineHeight))};
    }""")  # noqa: E501 (JavaScript, as the browser runs it)
    assert geometry["width"] >= PHONE["width"] - 2, f"the lesson is not at full width: {geometry}"
    assert geometry["page"] <= PHONE["width"], f"the page scrolls sideways: {geometry}"
    assert not geometry["scrollers"] and not geometry["wide"], f"something is wider than the screen: {geometry}"
    assert geometry["lines"] * 3 <= geometry["words"], f"the text does not wrap normally: {geometry}"
    # The page's own words and what it leaves out follow the lesson, whatever its language: the code link in the
    # lesson's words, and no part for programmers ("Pour les programmeurs" once showed in French).
    path = f"notebooks/{folder}{LESSON_NAMES[lesson]}"
    assert page.locator(".euchre-show-code").inner_text() == page_words(lesson_language(path))["code"]
    notebook = nbformat.read(ROOT / path, as_version=4)
    parts = [
        cell.source.splitlines()[0].lstrip("# ")
        for cell in notebook.cells
        if PROGRAMMERS in cell.metadata.get("tags", ())
    ]
    text = page.locator(".jp-Notebook").inner_text()
    assert parts and not [heading for heading in parts if heading in text], parts
    if folder and lesson == 0:  # an English browser: the lesson's own language all the same, cell after cell
        from euchre_lesson.engine import language

        with language.speaking(folder.strip("/")):
            no_trump = language._("No trump yet")
        assert page.get_by_text(no_trump).count() >= 1 and page.get_by_text("No trump yet").count() == 0
