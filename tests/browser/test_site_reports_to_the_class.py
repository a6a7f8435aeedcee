"""The static site's lessons report to the class's server (issue 36, point 8), in Chromium, by typing and clicking.

One address: the class's server (python -m euchre_lesson.classroom, on every interface) serves the site make site
built at /lessons/; a student opens it by the machine's address on the network, over plain HTTP (not a secure
context: no service worker), joins on the contents page with the address already filled in, and her answers reach
the class. Two origins: the site served on one port, the class's server on another; the lesson's answers still
reach the class (the answers route answers the browser's cross-origin question). Before, the site's Python tried
urllib (Pyodide has no sockets: no request reached the server) and a thread (Pyodide has none).
"""

from __future__ import annotations

import json
import time

import pytest
from labdriver import VIEWPORT, kernel_run, wait_kernel_idle, watched_page
from test_classroom_in_browser import JOIN, ClassServer
from test_site_in_browser import SITE, SiteServer

from euchre_lesson.classroom.web.server import addresses
from euchre_lesson.widgets.clicks import DOUBLE_CLICK

pytestmark = pytest.mark.slow
PAGE_MS = 240_000
CONTENTS = "notebooks/14_contents.ipynb"
ANSWER = """
from euchre_lesson.teach.context import current
from euchre_lesson.teach.course import exercises
ex, lesson = exercises(1), current()
wrong = next(choice for choice in ex.q1.choices() if not ex.q1.judge(choice))
lesson.check(ex.q1, wrong); lesson.check(ex.q1, ex.q1.answer())
print(lesson.reporter.wait(20))
"""
# As a click judges an answer: nobody waits; the browser's Python sends it once the kernel is free.
UNWAITED = """
from euchre_lesson.teach.context import current
from euchre_lesson.teach.course import exercises
current().check(exercises(1).q2, exercises(1).q2.answer())
"""


class EveryInterface(ClassServer):
    """The class's server as `make classroom` starts it: on every interface, so on the machine's network address."""

    def command(self) -> list[str]:
        words = super().command()
        words[words.index("--host") + 1] = "0.0.0.0"
        return words


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    assert (SITE / "index.html").is_file(), f"{SITE} is missing: run `make site` (make test does)"
    served = EveryInterface(tmp_path_factory.mktemp("class") / "kept", "--pace", "600")
    try:
        served.start()
        yield served
    finally:
        served.stop()


def kept(server) -> dict:
    path = server.folder / "lesson_answers.json"
    return json.loads(path.read_text())["students"] if path.exists() else {}


def only(context, *bases: str) -> list:
    """Let the context's requests reach `bases` only; the others are aborted and listed."""
    outside: list[str] = []

    def route(request_route):
        if request_route.request.url.startswith(bases):
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    return outside


def contents_ready(page) -> None:
    page.wait_for_function(
        "() => ['ready', 'stopped'].includes((document.querySelector('.jp-NotebookPanel') || "
        "{dataset: {}}).dataset.euchreLesson)",
        timeout=PAGE_MS,
        polling=250,
    )
    wait_kernel_idle(page)


def join(page, name: str, address: str | None = None) -> str:
    """Join on the contents page by typing and clicking; what the address box held before."""
    box = page.locator(".euchre-class-link")
    box.wait_for(timeout=PAGE_MS)
    filled = box.get_by_label("Address").input_value()
    if address is not None:
        box.get_by_label("Address").fill(address)
    box.get_by_label("First name").fill(name)
    box.get_by_label("Join code").fill(JOIN)
    box.get_by_label("Join code").press("Tab")
    time.sleep(DOUBLE_CLICK + 0.1)
    box.get_by_role("button", name="Join").click()
    box.get_by_text(f"You are in, {name}").wait_for(timeout=60_000)
    return filled


def test_one_address_serves_the_lessons_over_plain_http_and_their_answers_reach_the_class(
    server, chromium, shots, request
):
    """The site served by the class's server, opened by the machine's network address (127.0.0.1 only where the
    machine has none): the address box is filled with the page's own address, and the answers arrive."""
    lan = addresses("0.0.0.0", server.port)[0]
    context = chromium.new_context(viewport=VIEWPORT)
    outside = only(context, lan)
    with watched_page(context, shots, request) as page:
        page.goto(lan + "lessons/", timeout=PAGE_MS)
        contents_ready(page)
        assert page.url.startswith(lan + "lessons/notebooks/index.html?path=" + CONTENTS)
        secure = page.evaluate("window.isSecureContext")
        assert secure is lan.startswith("http://127."), "a network address over plain HTTP is no secure context"
        assert join(page, "Ava") == lan, "the class's own address, from the page's"
        page.screenshot(path=shots / "site_one_address_joined.png")
        assert kernel_run(page, ANSWER).strip() == "True"
        assert kept(server)["Ava"] == {"lesson 1 q1": {"correct": True, "tries": 2, "first": False}}
        kernel_run(page, UNWAITED)
        deadline = time.monotonic() + 20
        while "lesson 1 q2" not in kept(server)["Ava"] and time.monotonic() < deadline:
            time.sleep(0.2)
    assert kept(server)["Ava"]["lesson 1 q2"] == {"correct": True, "tries": 1, "first": True}
    assert outside == [], "nothing but the class's address"


def test_lessons_of_the_site_served_elsewhere_report_to_the_class_s_server(server, chromium, shots, request):
    """Two origins: the site on one port, the class's server on another (the teacher's, typed in)."""
    with SiteServer(SITE) as site:
        context = chromium.new_context(viewport=VIEWPORT)
        outside = only(context, site.base + "/", server.url)
        with watched_page(context, shots, request) as page:
            page.goto(site.page(CONTENTS), timeout=PAGE_MS)
            contents_ready(page)
            assert join(page, "Bea", server.url) == "", "a site not served by a class's server knows no class"
            assert kernel_run(page, ANSWER).strip() == "True"
        assert outside == []
    assert kept(server)["Bea"] == {"lesson 1 q1": {"correct": True, "tries": 2, "first": False}}
