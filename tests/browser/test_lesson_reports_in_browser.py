"""The lessons report to the class's server: answers judged in a lesson's Python reach the running server (started
as the class starts it, python -m euchre_lesson.classroom, on a free loopback port), and the teacher's page shows
them as the two shaded tables, with CSV downloads holding the same rows."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from labdriver import VIEWPORT, LabServer, copy_lessons
from test_classroom_in_browser import JOIN, TEACHER, ClassServer

from euchre_lesson.teach.progress import exercise_names
from euchre_lesson.widgets.clicks import DOUBLE_CLICK

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The class's server, as the teacher starts it, with the network beyond loopback cut for its own fetches."""
    served = ClassServer(tmp_path_factory.mktemp("class") / "kept", "--pace", "600")
    try:
        served.start()
        yield {"url": served.url, "folder": served.folder}
    finally:
        served.stop()


def in_a_lesson(code: str, progress: Path) -> str:
    """Run `code` in a Python of its own, as a lesson's kernel runs a cell, with the learner's progress folder."""
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "EUCHRE_LESSON_PROGRESS": str(progress)},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


LINK = """
    from euchre_lesson.teach.class_progress import link_lessons
    try:
        print(link_lessons({name!r}, {url!r}, {join!r}))
    except ValueError as refused:
        print(refused)
"""
ANSWER = """
    from euchre_lesson.teach.context import current
    from euchre_lesson.teach.course import exercises
    ex, lesson = exercises(1), current()  # nothing bound: the learner's own progress and a reporter of its own
    wrong = next(choice for choice in ex.q1.choices() if not ex.q1.judge(choice))
    {answers}
    print(lesson.reporter.wait(20))
"""


def kept(server) -> dict:
    return json.loads((server["folder"] / "lesson_answers.json").read_text())["students"]


def test_an_answer_judged_in_a_lesson_reaches_the_running_class_server(server, tmp_path):
    ann = tmp_path / "ann"
    assert in_a_lesson(LINK.format(name="Ann", url=server["url"], join="acde"), ann).startswith("You are in, Ann")
    assert in_a_lesson(LINK.format(name="Bob", url=server["url"], join="WXYZ"), tmp_path / "bob").startswith(
        "That is not this class's join code"
    )
    said = in_a_lesson(ANSWER.format(answers="lesson.check(ex.q1, wrong); lesson.check(ex.q1, ex.q1.answer())"), ann)
    assert said.strip() == "True"
    assert kept(server)["Ann"] == {"lesson 1 q1": {"correct": True, "tries": 2, "first": False}}
    assert "Bob" not in kept(server)


def test_the_teacher_s_page_shows_the_tables_shaded_and_downloads_them_as_csv(server, chromium, tmp_path, shots):
    cara = tmp_path / "cara"
    in_a_lesson(LINK.format(name="Cara", url=server["url"], join=JOIN), cara)
    answers = "lesson.check(ex.q1, ex.q1.answer()); lesson.check(ex.q2, ex.q2.answer())"
    in_a_lesson(ANSWER.format(answers=answers), cara)
    context = chromium.new_context(viewport=VIEWPORT, accept_downloads=True)
    outside = []

    def offline(route):
        if route.request.url.startswith(server["url"]):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", offline)
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(server["url"] + "teacher")
    page.get_by_label("Teacher code").fill(TEACHER)
    page.get_by_role("button", name="Open").click()
    tables = page.locator(".class-lesson-tables")
    tables.get_by_text("Cara").wait_for()
    total = len(exercise_names(1))
    row = tables.locator("table.euchre-class-lessons tr").filter(has_text="Cara")
    cell = row.locator("td").nth(1)  # lesson 1: lesson 0 is the first column
    assert cell.inner_text() == f"2 of {total}"
    assert "rgb" in cell.evaluate("td => getComputedStyle(td).backgroundColor")
    shade = cell.evaluate("td => getComputedStyle(td).backgroundColor")
    assert shade != row.locator("td").nth(0).evaluate("td => getComputedStyle(td).backgroundColor"), (
        "a lesson done in part is shaded darker than one not begun"
    )
    assert tables.locator("table.euchre-class-rules").get_by_text("first tries wrong").count() >= 1
    page.screenshot(path=shots / "teacher_lesson_answers.png", full_page=True)
    with page.expect_download() as downloading:
        page.get_by_role("button", name="Download students and lessons (CSV)").click()
    download = downloading.value
    assert download.suggested_filename == "class-lessons.csv"
    rows = list(csv.reader(Path(download.path()).read_text(encoding="utf-8").splitlines()))
    assert rows[0][0] == "student" and rows[0][2] == f"lesson 1 (of {total})"
    assert rows[[r[0] for r in rows].index("Cara")][:3] == ["Cara", "0", "2"]
    with page.expect_download() as downloading:
        page.get_by_role("button", name="Download what to teach again (CSV)").click()
    rules = list(csv.reader(Path(downloading.value.path()).read_text(encoding="utf-8").splitlines()))
    assert rules[0] == ["rule", "first tries wrong", "exercises tried"] and len(rules) > 1
    assert outside == []
    context.close()


def test_a_learner_joins_on_the_contents_page_by_typing_and_clicking(server, chromium, tmp_path, shots):
    """As `make lessons` serves the contents page: the address the teacher set is filled in; a name and the code."""
    lessons, mine = tmp_path / "lessons", tmp_path / "progress"
    lessons.mkdir()
    copy_lessons(lessons)
    env = {
        "JUPYTER_CONFIG_PATH": str(ROOT / "jupyter-config"),
        "EUCHRE_LESSON_PROGRESS": str(mine),
        "EUCHRE_LESSON_CLASS_SERVER": server["url"],
    }
    with LabServer(lessons, env=env) as lab:
        context = chromium.new_context(viewport=VIEWPORT)
        page = context.new_page()
        page.goto(f"{lab.base}/voila/render/14_contents.ipynb?token={lab.token}", timeout=120_000)
        box = page.locator(".euchre-class-link")
        box.wait_for(timeout=120_000)
        assert box.get_by_label("Address").input_value() == server["url"]
        box.get_by_label("First name").fill("Dora")
        box.get_by_label("Join code").fill("ACDF")  # a slip of one letter
        box.get_by_label("Join code").press("Tab")
        box.get_by_role("button", name="Join").click()
        box.get_by_text("That is not this class's join code").wait_for()
        time.sleep(DOUBLE_CLICK + 0.1)  # a person's second click: not taken for the second of a double-click
        box.get_by_label("Join code").fill(JOIN.lower())
        box.get_by_label("Join code").press("Tab")  # as a learner moves on to the button
        box.get_by_role("button", name="Join").click()
        box.get_by_text("You are in, Dora").wait_for()
        box.scroll_into_view_if_needed()
        page.screenshot(path=shots / "contents_class_link.png")
        assert "Dora" in kept(server) and (mine / "class_server.json").exists()
        context.close()
