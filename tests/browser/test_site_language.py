"""The static site in the learner's language (issue 38, 4): a French browser opens it in French, JupyterLab's own
words from the language pack the site carries and the lesson's table in the package's French. (JupyterLab's own
Settings ▸ Language menu switches it; the site's extension keeps a choice made there.)"""

from __future__ import annotations

import sys

import pytest
from labdriver import ROOT, VIEWPORT

sys.path.insert(0, str(ROOT / "jupyterlite"))
from build_site import INTERFACE_LANGUAGES, SITE, SiteServer  # noqa: E402

LESSON = "notebooks/00_welcome.ipynb"


@pytest.fixture(scope="module")
def site():
    """site/ on 127.0.0.1; the tests fail (never skip) when it is missing: make test builds it."""
    assert (SITE / "index.html").is_file(), f"{SITE} is missing: run `make site` (make test does)"
    with SiteServer(SITE) as server:
        yield server


def browser_in(chromium, site, locale: str):
    """A page in a context of its own speaking `locale`, whose requests reach only the site."""
    context = chromium.new_context(viewport=VIEWPORT, locale=locale)
    context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith(f"{site.base}/") else route.abort()
    )
    page = context.new_page()
    page.set_default_timeout(120_000)
    return page


def interface_speaks(page, locale: str) -> bool:
    """Whether the interface comes to speak `locale`, as the site's lesson-language extension reads it once the page
    started (a first page may load again once, in the language chosen)."""
    page.wait_for_function(f"() => document.documentElement.dataset.euchreLanguage === {locale!r}")
    return True


def test_the_site_carries_jupyterlab_s_french_and_estonian():
    for locale in INTERFACE_LANGUAGES:  # the Estonian pack is the smaller (about 29 KB), the French about 400 KB
        assert (SITE / "api" / "translations" / f"{locale}.json").stat().st_size > 10_000, locale


def test_a_french_browser_reads_the_site_s_lesson_in_french(chromium, site):
    page = browser_in(chromium, site, "fr-FR")
    try:
        page.goto(site.page(LESSON))
        assert interface_speaks(page, "fr_FR")  # set once from navigator.languages, then the page loaded again
        # The lesson's table speaks the browser's language (the package's catalog); the lesson's prose stays English
        page.get_by_text("Passer", exact=True).first.wait_for()
        page.goto(site.url(LESSON))  # the same lesson in JupyterLab: its own menus from the French language pack
        page.locator("#jp-top-panel").get_by_text("Fichier", exact=True).wait_for()
    finally:
        page.context.close()
