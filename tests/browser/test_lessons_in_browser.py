"""Every lesson in JupyterLab in Chromium: a copy, a fresh server, Run All; no error shown, every widget drawn."""

from __future__ import annotations

import pytest
from conftest import TIMINGS
from labdriver import LESSONS, copy_lessons, open_notebook, photograph, run_all, widget_outputs

LESSON_NAMES = sorted(path.name for path in LESSONS.glob("[0-9][0-9]_*.ipynb"))

# What the page shows after Run All: error outputs, widget outputs and whether each widget drew something.
SURVEY = """() => {
    const outputs = [...document.querySelectorAll('.jp-CodeCell .jp-OutputArea-output')];
    const widgets = outputs.filter(o => o.querySelector(':scope > .jupyter-widgets'));
    return {
        unrun: [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')].filter(p => !/\\[\\d+\\]/.test(p.textContent)).length,
        errors: outputs.filter(o => o.dataset.mimeType === 'application/vnd.jupyter.stderr').map(o => o.innerText.slice(0, 500)),
        widgets: widgets.length,
        empty: widgets.filter(o => !o.querySelector('.jupyter-widgets [class*="widget-"]') || o.offsetHeight < 10).length,
        problems: outputs.map(o => o.innerText).filter(t => /Error displaying widget|model not found|Traceback/i.test(t)).map(t => t.slice(0, 500)),
    };
}"""  # noqa: E501 (JavaScript, as the browser runs it)


def test_lessons_are_all_here():
    assert len(LESSON_NAMES) >= 15 and "13_rule_book.ipynb" in LESSON_NAMES, LESSON_NAMES
    assert LESSON_NAMES[-2:] == ["14_contents.ipynb", "15_teachers_guide.ipynb"]


@pytest.mark.parametrize("name", LESSON_NAMES)
def test_lesson_runs_in_jupyterlab(name, lab, page, shots):
    copy_lessons(lab.folder)  # autosave writes outputs back: the browser only ever sees copies
    open_notebook(page, lab, name)
    TIMINGS.append((f"{name} run all", run_all(page)))
    survey = page.evaluate(SURVEY)
    stem = name.removesuffix(".ipynb")
    widgets = page.locator(".jp-CodeCell .jp-OutputArea-output:has(> .jupyter-widgets)")
    if survey["widgets"]:
        widgets.first.scroll_into_view_if_needed()
    page.screenshot(path=shots / f"{stem}.png")
    for i in range(widgets.count()):
        photograph(page, widgets.nth(i), shots / f"{stem}_widget{i + 1}.png")
    assert not survey["errors"], f"{name} shows error output: {survey['errors']}"
    assert not survey["unrun"], f"{name}: Run All left {survey['unrun']} cells unrun"
    assert not survey["problems"], f"{name} shows: {survey['problems']}"
    assert survey["widgets"] == widget_outputs(LESSONS / name), (
        f"{name}: {survey['widgets']} widgets drawn, {widget_outputs(LESSONS / name)} expected"
    )
    assert not survey["empty"], f"{name}: {survey['empty']} widget outputs drew nothing"
    assert not page.errors, f"{name}: JavaScript errors {page.errors}"
