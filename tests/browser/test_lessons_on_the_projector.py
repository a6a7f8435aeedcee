"""The lessons as `make lessons` serves them, on a projector (issue 36, point 10), in Chromium.

JupyterLab and Voila's pages started as the Makefile starts them (JUPYTER_CONFIG_PATH=jupyter-config, the contents
page first), in a folder that also holds what a teacher keeps beside the lessons: marks, hand-ins, notes and the
teacher's guide. Every request to another host is aborted and listed: the pages ask nothing of the internet (Voila's
lab template took Font Awesome and MathJax from CDNs). JupyterLab's file browser lists the lessons and the rule book
only, and no news pop-up covers the page (the test's JupyterLab is not told to hide it: only jupyter-config is).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request

import pytest
from labdriver import LESSONS, ROOT, VIEWPORT, LabServer, copy_lessons, watched_page

pytestmark = pytest.mark.slow
SLOW = 180_000  # ms: a kernel's start and the contents page's run, on a small shared machine
LESSON = re.compile(r"\d\d_.*\.ipynb")
PRIVATE = ["marks.csv", "hand-ins", "notes.txt", "15_teachers_guide.ipynb", "house_rules.json", "RULES.md"]


class AsMakeLessons(LabServer):
    """JupyterLab as `make lessons` starts it: the project's Jupyter configuration, and nothing the other tests'
    JupyterLab is told besides (no news address, no update check, no announcements turned off)."""

    def env(self) -> dict[str, str]:
        env = super().env()
        (self.home / "config" / "labconfig" / "page_config.json").unlink()  # what LabServer adds for its tests
        return {**env, "JUPYTER_CONFIG_PATH": str(ROOT / "jupyter-config")}

    def start(self) -> LabServer:
        command = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.ip=127.0.0.1",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.folder}",
            "--LabApp.default_url=/voila/render/14_contents.ipynb",  # as the Makefile's lessons target
            "--LabApp.expose_app_in_browser=True",
            *(["--allow-root"] if os.geteuid() == 0 else []),
        ]
        self.log = open(self.home / "server.log", "wb")  # noqa: SIM115 (the server writes it until stop())
        self.process = subprocess.Popen(command, env=self.env(), cwd=self.folder, stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            assert self.process.poll() is None, self.log_text()
            try:
                with urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=2):
                    return self
            except OSError:
                time.sleep(0.25)
        raise AssertionError(f"JupyterLab did not answer:\n{self.log_text()}")


@pytest.fixture(scope="module")
def lessons(tmp_path_factory):
    """The lessons' folder with a teacher's private files beside them, served as `make lessons` serves it."""
    folder = tmp_path_factory.mktemp("lessons")
    copy_lessons(folder)
    (folder / "marks.csv").write_text("student,mark\nAnn,7\n")
    (folder / "hand-ins").mkdir()
    (folder / "hand-ins" / "progress-Ann.json").write_text(json.dumps({"name": "Ann"}))
    (folder / "notes.txt").write_text("Ann needs help with the bowers")
    (folder / "RULES.md").write_text("# a copy of the rules")
    with AsMakeLessons(folder) as server:
        yield server


def cut_off(context, base: str) -> list[str]:
    """Abort every request of `context` to anything but `base`; the list of them."""
    outside: list[str] = []

    def route(request_route) -> None:
        if request_route.request.url.startswith(base + "/"):
            request_route.continue_()
        else:
            outside.append(request_route.request.url)
            request_route.abort()

    context.route("**/*", route)
    return outside


def test_the_lesson_pages_ask_nothing_of_another_host(lessons, chromium, shots, request):
    """The contents page, as `make lessons` opens it first (Voila): drawn, and nothing asked of a CDN."""
    context = chromium.new_context(viewport=VIEWPORT)
    outside = cut_off(context, lessons.base)
    with watched_page(context, shots, request) as page:
        page.goto(f"{lessons.base}/?token={lessons.token}", timeout=SLOW)
        assert "/voila/render/14_contents.ipynb" in page.url
        page.locator(".euchre-class-link").wait_for(timeout=SLOW)
        page.wait_for_load_state("networkidle", timeout=SLOW)
        page.screenshot(path=shots / "make_lessons_contents.png")
    assert outside == [], f"the lesson page asked another host for: {outside}"


def test_jupyterlab_lists_only_the_lessons_and_the_rule_book_with_no_news_pop_up(lessons, chromium, shots, request):
    context = chromium.new_context(viewport=VIEWPORT)
    outside = cut_off(context, lessons.base)
    with watched_page(context, shots, request) as page:
        page.goto(f"{lessons.base}/lab?reset&token={lessons.token}", timeout=SLOW)
        items = page.locator(".jp-DirListing-item .jp-DirListing-itemText")
        items.first.wait_for(timeout=SLOW)
        time.sleep(5)  # the news pop-up came a moment after the page
        listed = sorted(items.all_inner_texts())
        toasts = page.locator(".Toastify__toast").all_inner_texts()
        page.screenshot(path=shots / "make_lessons_file_browser.png")
    lessons_and_rule_book = sorted(p.name for p in LESSONS.glob("*.ipynb") if "teachers_guide" not in p.name)
    assert not [words for words in toasts if "news" in words.lower()], f"a news pop-up: {toasts}"
    assert listed == lessons_and_rule_book and "13_rule_book.ipynb" in listed
    assert not set(PRIVATE) & set(listed)
    assert outside == [], f"JupyterLab asked another host for: {outside}"
    assert LESSON.fullmatch(listed[0])
