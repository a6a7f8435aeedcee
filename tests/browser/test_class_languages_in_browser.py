"""Two students at one table of the class's server, each reading it in their own language (issue 38, 4): a browser
in French opens the class in French, another picks Eesti on the page, and each page's table speaks its student's
language at the same moment; a language the page sends that is not on the list is refused in words."""

from __future__ import annotations

import pytest
from class_clients import Student
from labdriver import VIEWPORT
from test_classroom_in_browser import TEACHER, ClassServer, seated, sign_in

from euchre_lesson.engine.language import _, ngettext, speaking

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The class's server with one Cutthroat table; its computer players wait (a long pace)."""
    served = ClassServer(tmp_path_factory.mktemp("languages") / "kept", "--pace", "600", "--seed", "11")
    try:
        served.start()
        yield served
    finally:
        served.stop()


def page_in(chromium, locale: str):
    """A page in a browser context of its own speaking `locale` (navigator.languages and Accept-Language), offline."""
    context = chromium.new_context(viewport=VIEWPORT, locale=locale)
    context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1:") else route.abort()
    )
    # The first language the page shows as chosen, for a reload's test (a page drawn first in the browser's own
    # language, then switched to the one kept, flashed the wrong words).
    context.add_init_script(
        """new MutationObserver(() => {
          const chosen = document.querySelector('.class-language-chosen');
          if (chosen && !window.firstChosen) {
            window.firstChosen = [...chosen.classList].find((name) => /^class-language-..$/.test(name)).slice(-2);
          }
        }).observe(document, { subtree: true, childList: true, attributes: true });"""
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def said(code: str, words: str) -> str:
    """A button's words in the language `code`, from the one catalog (a page in French shows the French)."""
    with speaking(code):
        return _(words)


def sit_at_table_1(code: str) -> str:
    """The words of the button that seats a student at table 1, up to its game and free seats, in `code`."""
    with speaking(code):
        words = ngettext(
            "Sit at table {table} ({game}, {free} seat free)", "Sit at table {table} ({game}, {free} seats free)", 2
        )
    return words.split(" (")[0].format(table=1)


def title(page) -> str:
    """The table view's title, which names the game's target in the page's language."""
    return page.locator(".tv-title").inner_text()


def test_two_students_at_one_table_each_read_it_in_their_own_language(chromium, server):
    french, other = page_in(chromium, "fr-FR"), page_in(chromium, "en-US")
    try:
        french.goto(server.url)
        french.locator(".class-language-fr.class-language-chosen").wait_for()  # the browser's language, chosen at once
        sign_in(french, "Ana", join=said("fr", "Join"), language="fr")
        french.get_by_role("button", name=sit_at_table_1("fr")).click()
        seated(french)
        other.goto(server.url)
        other.locator(".class-language-en.class-language-chosen").wait_for()
        other.locator(".class-language-et").click()  # Ben picks Eesti on the page
        other.locator(".class-language-et.class-language-chosen").wait_for()
        sign_in(other, "Ben", join=said("et", "Join"), language="et")
        other.get_by_role("button", name=sit_at_table_1("et")).click()
        seated(other)
        french.wait_for_function("() => document.querySelectorAll('.tv-seat .tv-name').length === 3")
        assert "en 10 points" in title(french) and "10 punktini" not in title(french)
        assert "10 punktini" in title(other) and "en 10 points" not in title(other)
        other.reload()  # the browser keeps Ben's choice and sends it as the page opens: drawn in Estonian at once
        seated(other)
        other.locator(".tv-title", has_text="10 punktini").wait_for()
        assert other.evaluate("window.firstChosen") == "et", "the page was drawn in another language first"
    finally:
        french.context.close()
        other.context.close()


def test_a_language_the_page_sends_that_is_not_on_the_list_is_refused_in_words(server):
    student = Student(server.url)
    try:
        keeper = student.wait_for(
            lambda: next(
                (key for key, state in student.widgets.items() if "language-keeper" in (state.get("_esm") or "")), None
            )
        )
        student._send(
            "comm_msg",
            {"comm_id": keeper, "data": {"method": "update", "state": {"language": "xx"}, "buffer_paths": []}},
        )
        student.wait_for(lambda: student.shows("There are lessons in these languages"))
        assert student.widgets[keeper]["language"] != "xx"
    finally:
        student.close()


def test_the_teacher_s_page_follows_the_teacher_s_choice(chromium, server):
    teacher = page_in(chromium, "fr-FR")
    try:
        teacher.goto(server.url + "teacher")
        teacher.locator(".class-language-fr.class-language-chosen").wait_for()
        teacher.get_by_label(said("fr", "Teacher code")).fill(TEACHER)
        teacher.get_by_role("button", name=said("fr", "Open")).click()
        lessons = said("fr", "The lessons: each student's exercises, and what to teach again")
        teacher.locator(".class-lesson-answers h3", has_text=lessons).wait_for()  # the lessons' answers too
        card = teacher.locator(".class-table").nth(0)
        card.get_by_role("button", name=said("fr", "Show on the projector")).click()
        projected = teacher.locator(".class-projected .tv-title")
        teacher.wait_for_function(
            "() => (document.querySelector('.class-projected .tv-title') || {}).innerText?.includes('en 10 points')"
        )
        teacher.get_by_role("button", name=said("fr", "Back to the tables")).click()
        teacher.locator(".class-language-en").click()  # the teacher chooses English: the projector follows
        card.get_by_role("button", name="Show on the projector").click()
        teacher.wait_for_function(
            "() => (document.querySelector('.class-projected .tv-title') || {}).innerText?.includes('to 10 points')"
        )
        assert "en 10 points" not in projected.inner_text()
    finally:
        teacher.context.close()
