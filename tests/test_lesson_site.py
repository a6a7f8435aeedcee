"""The lessons on the class's server (issue 36, point 8): the static site served read-only at /lessons/, a teacher's
version or a missing site refused in words, the mark lessons find the class by, and the answers route open to the
lessons of a site served at another address (a POST of JSON, nothing else)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from euchre_lesson.classroom.progress_reports import LessonReports
from euchre_lesson.classroom.web.lesson_site import SITE_ENVIRONMENT, lesson_routes, site_folder
from euchre_lesson.classroom.web.progress_page import answers_route
from euchre_lesson.teach.class_report import CLASS_KIND, CLASS_MARK

JOIN = "ACDE"
LESSON = {"cells": [{"cell_type": "markdown", "metadata": {}, "source": "# 1 · The cards"}], "metadata": {}}


def built_site(folder: Path) -> Path:
    """A small stand-in for what make site builds: its mark, its front page, a lesson, a module and WebAssembly."""
    (folder / "files" / "notebooks").mkdir(parents=True)
    (folder / "static").mkdir()
    (folder / ".euchre-site").write_text("built by jupyterlite/build_site.py\n")
    (folder / "index.html").write_text("<!DOCTYPE html><title>Euchre lessons</title>")
    (folder / "files" / "notebooks" / "01_cards.ipynb").write_text(json.dumps(LESSON))
    (folder / "static" / "quick-start.mjs").write_text("export const x = 1;")
    (folder / "static" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    return folder


def client(tmp_path: Path, site: Path, said: list | None = None) -> TestClient:
    answers = answers_route(LessonReports(tmp_path / "class", JOIN))
    (tmp_path / "class").mkdir(exist_ok=True)
    routes = lesson_routes(answers, ["http://192.168.1.20:8765/"], site, say=(said if said is not None else []).append)
    return TestClient(Starlette(routes=routes))


def every_file(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def report(name: str = "Ann", join: str = JOIN) -> dict:
    return {
        "join": join,
        "name": name,
        "token": "",
        "answers": {"lesson 1 q1": {"correct": True, "tries": 1, "first": True}},
    }


def test_the_site_is_served_at_lessons_with_the_types_a_browser_insists_on(tmp_path):
    said: list[str] = []
    web = client(tmp_path, built_site(tmp_path / "site"), said)
    assert "http://192.168.1.20:8765/lessons/" in "\n".join(said), "the server says where the lessons are"
    moved = web.get("/lessons", follow_redirects=False)
    assert moved.status_code in (307, 302) and moved.headers["location"].endswith("/lessons/")
    assert "Euchre lessons" in web.get("/lessons/").text
    assert web.get("/lessons/static/quick-start.mjs").headers["content-type"] == "text/javascript"
    assert web.get("/lessons/static/pyodide.asm.wasm").headers["content-type"] == "application/wasm"
    assert web.get("/lessons/files/notebooks/01_cards.ipynb").json() == LESSON


def test_the_site_s_files_are_read_only_and_nothing_outside_its_folder_is_served(tmp_path):
    site = built_site(tmp_path / "site")
    (tmp_path / "secret.txt").write_text("the teacher's marks")
    os.symlink(tmp_path / "secret.txt", site / "files" / "out.txt")
    web = client(tmp_path, site)
    before = every_file(site)
    for method in ("PUT", "POST", "DELETE", "PATCH"):
        answer = web.request(method, "/lessons/files/notebooks/01_cards.ipynb", content=b"{}")
        assert answer.status_code == 405, method
    for path in ("/lessons/../secret.txt", "/lessons/%2e%2e/secret.txt", "/lessons/files/out.txt", "/lessons/nothing"):
        answer = web.get(path)
        assert answer.status_code == 404 and "the teacher's marks" not in answer.text, path
    assert every_file(site) == before


def test_no_site_and_a_teacher_s_version_are_refused_in_words_never_served(tmp_path):
    said: list[str] = []
    web = client(tmp_path, tmp_path / "nowhere", said)
    page = web.get("/lessons/")
    assert page.status_code == 404 and "make site" in page.text and "make site" in said[0]
    teachers = built_site(tmp_path / "teachers")
    (teachers / "files" / "notebooks" / "15_teachers_guide.ipynb").write_text(json.dumps(LESSON))
    said.clear()
    page = client(tmp_path, teachers, said).get("/lessons/files/notebooks/01_cards.ipynb")
    assert page.status_code == 404 and "ANSWERS=1" in page.text and "ANSWERS=1" in said[0]
    answers = built_site(tmp_path / "answers")
    shown = {**LESSON, "cells": [{"cell_type": "code", "metadata": {"tags": ["solution"]}, "source": "1"}]}
    (answers / "files" / "notebooks" / "02_answers.ipynb").write_text(json.dumps(shown))
    assert "ANSWERS=1" in client(tmp_path, answers).get("/lessons/").text


def test_the_site_folder_is_site_or_the_one_the_teacher_names(monkeypatch, tmp_path):
    monkeypatch.delenv(SITE_ENVIRONMENT, raising=False)
    assert site_folder() == Path("site")
    monkeypatch.setenv(SITE_ENVIRONMENT, str(tmp_path))
    assert site_folder() == tmp_path


def test_lessons_find_the_class_by_its_mark(tmp_path):
    mark = client(tmp_path, built_site(tmp_path / "site")).get("/" + CLASS_MARK)
    assert mark.status_code == 200 and mark.json()["kind"] == CLASS_KIND


def test_lessons_served_elsewhere_may_post_their_answers_and_nothing_else(tmp_path):
    """A page of another address asks first (CORS); only a POST of JSON is allowed, and its reply is readable."""
    web = client(tmp_path, built_site(tmp_path / "site"))
    origin = {"Origin": "http://127.0.0.1:8000"}
    asked = web.options(
        "/lessons/answers",
        headers={**origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"},
    )
    assert asked.status_code == 204
    assert asked.headers["access-control-allow-origin"] == "*"
    assert asked.headers["access-control-allow-methods"] == "POST"
    assert asked.headers["access-control-allow-headers"].lower() == "content-type"
    private = web.options(
        "/lessons/answers",
        headers={**origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Private-Network": "true"},
    )
    assert private.headers["access-control-allow-private-network"] == "true"
    for method in ("PUT", "DELETE", "GET"):
        refused = web.options("/lessons/answers", headers={**origin, "Access-Control-Request-Method": method})
        assert refused.status_code == 403 and "access-control-allow-origin" not in refused.headers, method
    kept = web.post("/lessons/answers", json=report(), headers=origin)
    assert kept.status_code == 200 and kept.json()["kept"] and kept.headers["access-control-allow-origin"] == "*"
    wrong = web.post("/lessons/answers", json=report("Bob", "WXYZ"), headers=origin)
    assert not wrong.json()["kept"] and wrong.headers["access-control-allow-origin"] == "*", "the refusal is readable"
    for path in ("/lessons/", "/lessons/files/notebooks/01_cards.ipynb", "/" + CLASS_MARK):
        assert "access-control-allow-origin" not in web.get(path, headers=origin).headers, path


@pytest.mark.parametrize("method", ["GET", "PUT", "DELETE"])
def test_the_answers_route_takes_only_posts(tmp_path, method):
    web = client(tmp_path, built_site(tmp_path / "site"))
    assert web.request(method, "/lessons/answers", json=report()).status_code in (404, 405)
    assert not (tmp_path / "class" / "lesson_answers.json").exists(), "nothing kept"
