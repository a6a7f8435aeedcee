"""Fixtures for the browser tests: one Chromium per session, a fresh JupyterLab server per test, a screenshot folder."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from labdriver import VIEWPORT, LabServer, launch_chromium, watched_page

SHOTS: list[Path] = []  # the session's screenshot folder, made when the first test asks for it
TIMINGS: list[tuple[str, float]] = []  # (what, seconds), reported in the summary


BROWSER_TESTS = Path(__file__).resolve().parent
RUNNING: list = []  # how to stop the session's Playwright and its Chromium (Chromium last: closed first)
LAST = pytest.StashKey[object]()  # the session's last browser test


@pytest.fixture(scope="session")
def chromium():
    """Debian's Chromium driven by Playwright, for every browser test (its sync API allows one at a time).

    A missing browser fails the tests with a clear message. It stops after the session's last browser test: the
    sync API keeps an event loop running in the main thread, and the tests after the browser tests (asyncio.run,
    a Playwright of their own) must find none.
    """
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    RUNNING.append(playwright.stop)
    try:
        browser = launch_chromium(playwright)
    except RuntimeError as error:
        stop_chromium()
        pytest.fail(str(error), pytrace=False)
    RUNNING.append(browser.close)
    yield browser
    stop_chromium()


def stop_chromium() -> None:
    """Chromium closed, then Playwright stopped; nothing when they are stopped already."""
    while RUNNING:
        RUNNING.pop()()


@pytest.hookimpl(trylast=True)  # after the module's fixtures (pages, contexts) are torn down
def pytest_runtest_teardown(item, nextitem):
    """After the session's last browser test, Chromium and Playwright stop (see chromium)."""
    stash = item.session.stash
    if LAST not in stash:
        stash[LAST] = next((i for i in reversed(item.session.items) if BROWSER_TESTS in Path(i.path).parents), None)
    if item is stash[LAST]:
        stop_chromium()


@pytest.fixture(scope="session")
def shots() -> Path:
    """Screenshots for review go to a temporary folder (never the checkout); its path is in the terminal summary."""
    SHOTS.append(Path(tempfile.mkdtemp(prefix="euchre-browser-shots-")))
    return SHOTS[0]


@pytest.fixture
def lab(tmp_path):
    """A fresh JupyterLab server serving the test's own temporary folder."""
    with LabServer(tmp_path) as server:
        yield server


@pytest.fixture
def page(chromium, shots, request):
    """A new browser page (its own context: no shared storage); JavaScript errors are collected in page.errors."""
    context = chromium.new_context(viewport=VIEWPORT)
    with watched_page(context, shots, request) as page:
        yield page


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Remember a failed test so its page is photographed before it closes."""
    report = yield
    if report.when == "call" and report.failed:
        item.failed = True
    return report


def pytest_terminal_summary(terminalreporter):
    """Where the screenshots are, and how long the browser steps took."""
    for folder in SHOTS:
        terminalreporter.write_line(f"browser screenshots for review: {folder}")
    for what, seconds in TIMINGS:
        terminalreporter.write_line(f"browser timing: {what}: {seconds:.1f} s")


@pytest.fixture
def at_size(chromium):
    """A page of the given size (width, height), closed after the test."""
    contexts = []

    def page_of(width: int, height: int, **options):
        context = chromium.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        return page

    yield page_of
    for context in contexts:
        context.close()
