"""The static site (make site) in Chromium, served on 127.0.0.1 with every other request aborted.

Python runs in the page (JupyterLite's Pyodide kernel): the site as built, a hand played at the app's
Table by clicking, a game saved to the browser's storage and loaded in a fresh kernel. The lessons as
pages (ready on opening, no code) and the rule links are in test_site_lesson_pages.py.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import zipfile

import pytest
from conftest import TIMINGS
from labdriver import (
    ROOT,
    VIEWPORT,
    kernel_run,
    note_text,
    open_notebook,
    run_all,
    wait_for_update,
    wait_kernel_idle,
    watched_page,
)
from test_table_in_browser import play_hand

sys.path.insert(0, str(ROOT / "jupyterlite"))
from build_site import (  # noqa: E402
    CONTENTS_PAGE_GLOB,
    PLUGIN,
    QUICK_START_URL,
    SITE,
    BuildError,
    SiteServer,
    content_files,
    joined_outputs,
    read_wheel,
    sha256_of,
    site_lock,
)

# The lessons the site holds: the hand-out's (euchre_lesson/teach/handout.py), so not the teacher's guide.
LESSON_NAMES = [
    name.removeprefix("notebooks/") for name in content_files() if re.fullmatch(r"notebooks/\d\d_.*\.ipynb", name)
]
APP = "app/euchre_table.ipynb"
OUTSIDE = "https://pypi.org/pypi/micropip/json"  # what a kernel with PyPI fallback would ask for
# no-cors: an answer from PyPI would resolve the fetch (opaque); only a request cut here fails it.
FETCH = "(url) => fetch(url, {mode: 'no-cors'}).then(r => 'answered', e => 'failed: ' + e)"
PYFETCH = (
    "import pyodide.http\ntry:\n    await pyodide.http.pyfetch(%r, mode='no-cors')\n    print('answered')\n"
    "except Exception as error:\n    print('failed:', type(error).__name__)"
)
SAVED = "euchre_game.json"
STALE = "site/ is not built from the tree as it is now: run `make site`"


def site_files(folder: str = "files") -> dict[str, bytes]:
    return {p.relative_to(SITE / folder).as_posix(): p.read_bytes() for p in (SITE / folder).rglob("*") if p.is_file()}


def the_sites_lock(site=SITE) -> dict:
    return json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())


def cell_sources(notebook: dict) -> list[str]:
    return ["".join(cell["source"]) for cell in notebook["cells"]]


@pytest.fixture(scope="module")
def site():
    """site/ on 127.0.0.1; the tests fail (never skip) when it is missing: make test builds it."""
    assert (SITE / "index.html").is_file(), f"{SITE} is missing: run `make site` (make test does)"
    with SiteServer(SITE) as server:
        yield server


@pytest.fixture
def offline(chromium, site, shots, request):
    """A fresh browser context whose requests reach only the site; each other one is aborted and listed.

    Certificate errors are ignored so that a request let through would really be answered, even behind
    a proxy with its own certificate: what cuts the network is the abort, nothing else.
    """
    context = chromium.new_context(viewport=VIEWPORT, ignore_https_errors=True)
    context.outside = []

    def only_the_site(route):
        if route.request.url.startswith(f"{site.base}/"):
            route.continue_()
        else:
            context.outside.append(route.request.url)
            route.abort()

    context.route("**/*", only_the_site)
    with watched_page(context, shots, request) as page:
        yield page


# -- the site as built ----------------------------------------------------------------------------------------


def test_the_site_holds_the_hand_out_as_it_is_now_and_nothing_else():
    """The students' version: the student copies, the rule book and the app's table (tests/test_handout.py plants
    answers, a marks.csv and a link in a teacher's folder and sees none of them reach the site)."""
    files, handed = site_files(), content_files()
    assert set(files) == set(handed), f"{STALE} (or it was built with ANSWERS=1, the teacher's version)"
    for name, data in handed.items():
        if name.endswith(".ipynb"):
            copy = json.loads(files[name])
            assert copy["cells"] == json.loads(data)["cells"], f"{name}: {STALE}"
            assert not [c for c in copy["cells"] if c.get("outputs") or "solution" in c["metadata"].get("tags", [])]
        else:
            assert files[name] == data, f"{name}: {STALE}"
    assert {"RULES.md", APP} <= set(files) and "notebooks/15_teachers_guide.ipynb" not in files
    contents = [n for n in files if re.fullmatch(r"notebooks/" + CONTENTS_PAGE_GLOB.replace("*", ".*"), n)]
    front = (SITE / "index.html").read_text()
    assert contents and f"?path={contents[0]}" in front, "the site must open on the contents page"


def test_the_package_in_the_site_is_the_trees_as_pure_python():
    wheel = SITE / "static" / "pyodide" / the_sites_lock()["packages"]["euchre-lesson"]["file_name"]
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))], "the browser cannot load a C core"
        sources = {n: archive.read(n) for n in names if n.endswith(".py")}
    tree = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in (ROOT / "euchre_lesson").rglob("*.py")}
    assert sources == tree, f"the package in the site differs from euchre_lesson/: {STALE}"


# Issue 26, 7: a lesson's first lines import only what they need (the whole package takes seconds in the
# browser). Lesson 0 opens on its guided hand: no lessons' table, no trainer, no exercise, nothing of teach.
FIRST_LINES = """import sys
from euchre_lesson.widgets import GuidedHand
GuidedHand()
print(" ".join(sorted(m for m in sys.modules if m.startswith("euchre_lesson"))))
from euchre_lesson.widgets import Table
from euchre_lesson import solve, grade
print(Table.__module__, solve.__module__, grade.__module__)"""


def test_a_lessons_first_lines_import_only_what_they_need_and_every_name_still_imports():
    done = subprocess.run([sys.executable, "-c", FIRST_LINES], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded, names = done.stdout.splitlines()
    heavy = [
        m
        for m in loaded.split()
        if m.startswith("euchre_lesson.teach")
        or m
        in (
            "euchre_lesson.widgets.table",
            "euchre_lesson.widgets.bidding",
            "euchre_lesson.widgets.practice",
            "euchre_lesson.widgets.exercise",
            "euchre_lesson.widgets.dummy",
            "euchre_lesson.widgets.scoring",
        )
    ]
    assert not heavy, f"lesson 0's first lines import {heavy}"
    assert names == "euchre_lesson.widgets.table euchre_lesson.play.solver euchre_lesson.play.advice", names


def test_the_lock_lists_exactly_the_wheels_of_the_site_with_their_real_hashes_and_needs():
    lock = the_sites_lock()["packages"]
    folder = SITE / "static" / "pyodide"
    assert {entry["file_name"] for entry in lock.values()} == {p.name for p in folder.glob("*.whl")}
    for entry in lock.values():
        assert sha256_of(folder / entry["file_name"]) == entry["sha256"], entry["file_name"]
        assert set(entry["depends"]) <= set(lock), f"{entry['name']} needs what the site lacks: {entry['depends']}"
    needs, todo = set(), ["euchre-lesson"]
    while todo:  # `import euchre_lesson` loads these, with no %pip
        key = todo.pop()
        needs |= {key}
        todo += [d for d in lock[key]["depends"] if d not in needs]
    assert {"ipywidgets", "comm", "traitlets", "jupyterlab-widgets", "widgetsnbextension", "nbformat"} <= needs
    assert {"piplite", "pyodide-kernel", "ipykernel"} <= set(lock)
    settings = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]["litePluginSettings"][PLUGIN]
    assert settings["disablePyPIFallback"] is True and settings["pyodideUrl"] == QUICK_START_URL


# Python started with this on its path refuses (and lists in $OFFLINE_LOG) every connection off the machine.
NO_NETWORK = """import os, socket
def refuse(what):
    with open(os.environ["OFFLINE_LOG"], "a") as log:
        log.write(f"{what}\\n")
    raise OSError(f"no network in this test: {what}")
connect, getaddrinfo = socket.socket.connect, socket.getaddrinfo
def guarded_connect(self, address):
    if self.family in (socket.AF_INET, socket.AF_INET6) and address[0] not in ("127.0.0.1", "::1"):
        refuse(address)
    return connect(self, address)
def guarded_getaddrinfo(host, *args, **kwargs):
    if host not in ("127.0.0.1", "::1", "localhost", None):
        refuse(host)
    return getaddrinfo(host, *args, **kwargs)
socket.socket.connect, socket.getaddrinfo = guarded_connect, guarded_getaddrinfo
"""


def offline_python(tmp_path, *args: str) -> tuple[subprocess.CompletedProcess, list[str]]:
    """Run the build venv's Python with the network refused; (the result, what it tried to reach)."""
    (tmp_path / "guard").mkdir(exist_ok=True)
    (tmp_path / "guard" / "sitecustomize.py").write_text(NO_NETWORK)
    log = tmp_path / f"offline{len(list(tmp_path.glob('offline*.log')))}.log"
    log.touch()
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "guard"), "OFFLINE_LOG": str(log)}
    done = subprocess.run(
        [str(ROOT / ".venv" / "site-build" / "bin" / "python"), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return done, log.read_text().splitlines()


def test_a_rebuild_from_the_cache_needs_no_network_and_gives_this_site(tmp_path):
    fetch = "import urllib.request\nurllib.request.urlopen('https://pypi.org/')"
    tried, reached = offline_python(tmp_path, "-c", fetch)
    assert tried.returncode != 0 and reached == ["pypi.org"], "the network guard does not work"
    done, reached = offline_python(
        tmp_path, str(ROOT / "jupyterlite" / "build_site.py"), "build", "--site", str(tmp_path / "site")
    )
    assert done.returncode == 0 and not reached, f"{reached}\n{done.stderr[-3000:]}"
    assert the_sites_lock(tmp_path / "site") == the_sites_lock(), f"the package or the pins changed: {STALE}"
    listing = {str(p.relative_to(SITE)) for p in SITE.rglob("*")}
    assert {str(p.relative_to(tmp_path / "site")) for p in (tmp_path / "site").rglob("*")} == listing, STALE


def test_stored_text_outputs_are_joined_and_json_outputs_kept():
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "source": ["x\n", "y"],
                "outputs": [
                    {"output_type": "stream", "name": "stdout", "text": ["a\n", "b\n"]},
                    {
                        "output_type": "execute_result",
                        "data": {"text/plain": ["1,\n", "2"], "application/json": ["1", "2"]},
                    },
                ],
            },
            {"cell_type": "markdown", "source": ["# x"]},
        ]
    }
    joined = joined_outputs(notebook)
    assert joined["cells"][0]["outputs"][0]["text"] == "a\nb\n"
    assert joined["cells"][0]["outputs"][1]["data"] == {"text/plain": "1,\n2", "application/json": ["1", "2"]}
    assert joined["cells"][1] == notebook["cells"][1] and notebook["cells"][0]["outputs"][0]["text"] == ["a\n", "b\n"]


def test_the_lock_refuses_a_need_the_site_cannot_meet(tmp_path):
    """A wheel needing what the site does not carry stops the build and names it (so the pins stay whole)."""
    wheel = tmp_path / "euchre_lesson-9-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("euchre_lesson/__init__.py", "")
        archive.writestr(
            "euchre_lesson-9.dist-info/METADATA",
            "Metadata-Version: 2.1\nName: euchre_lesson\n"
            "Version: 9\nRequires-Dist: ipywidgets>=8.1\n"
            "Requires-Dist: pexpect; sys_platform != 'emscripten'\n",
        )
    shipped = {"info": {"python": "3.14.2"}, "packages": {}}
    with pytest.raises(BuildError, match=r"needs ipywidgets>=8\.1 in the browser, but the site does not carry it"):
        site_lock(shipped, [read_wheel(wheel)])


def test_the_pages_workflow_publishes_what_make_site_builds_once_the_tests_pass():
    workflow = (ROOT / ".github" / "workflows" / "site.yml").read_text()
    assert re.search(
        r"^  workflow_run:\n    workflows: \[tests\]\n    types: \[completed\]\n    branches: \[main\]$", workflow, re.M
    )
    assert "github.event.workflow_run.conclusion == 'success'" in workflow and "run: make site" in workflow
    assert re.search(r"upload-pages-artifact@v\d+\n        with:\n          path: site$", workflow, re.M)
    assert "actions/deploy-pages@" in workflow and "pages: write" in workflow


# -- in the browser -----------------------------------------------------------------------------------------


def test_the_site_opens_on_the_contents_page_and_a_request_to_the_outside_is_aborted(site, offline):
    page = offline
    page.goto(f"{site.base}/")
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=90_000)
    path = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.path")
    assert re.fullmatch("notebooks/" + CONTENTS_PAGE_GLOB.replace("*", ".*"), path), path
    wait_kernel_idle(page)
    TIMINGS.append(("site: kernel ready after the page opened", page.evaluate("() => performance.now()") / 1000))
    # From the page and from Python in the kernel (a web worker), a request to PyPI never leaves the machine.
    answer = page.evaluate(FETCH, OUTSIDE)
    assert answer.startswith("failed"), answer
    said = kernel_run(page, PYFETCH % OUTSIDE)
    assert said.startswith("failed"), said
    assert page.context.outside == [OUTSIDE, OUTSIDE], page.context.outside
    assert not page.errors, page.errors


# Every lesson opened as a page of the site (ready, no code): tests/browser/test_site_lesson_pages.py.


# In the page's kernel: the table's experts, given 25 times the worlds they sample, so that only their time
# budget can stop them, decide at every decision with a choice of a seeded hand in each game. For each game: the
# decisions whose sampling the clock cut short, the decisions, and the slowest in seconds (a figure, not a goal here).
EXPERT_IN_THE_PAGE = """import json, sys, time
from euchre_lesson import RuleOfThumbPlayer, deal_hand
from euchre_lesson.engine.rules import PRESETS
from euchre_lesson.play import budget, solver, table_model
assert sys.platform == "emscripten" and not solver.COMPILED and budget.DECISION_SECONDS == 0.2, budget.DECISION_SECONDS
table_model.EXPERT_WORLDS *= 25
sampled, plain = [], budget.Deadline.worlds
def counted(self, most):
    done = 0
    for done in plain(self, most):
        yield done
    sampled.append(done + 1 < most)
budget.Deadline.worlds = counted
found = {}
for name, rules in PRESETS.items():
    hand, expert, rule_of_thumb = deal_hand(rules, 0, seed=3), table_model.LEVELS["expert"](1), RuleOfThumbPlayer()
    assert expert.seconds == budget.DECISION_SECONDS and expert.worlds == table_model.EXPERT_WORLDS
    sampled.clear()
    slowest = 0.0
    while not hand.is_over:
        view = hand.view(hand.to_act)
        if len(view.legal) > 1:
            start = time.perf_counter()
            expert.choose(view)
            slowest = max(slowest, time.perf_counter() - start)
        hand = hand.apply(rule_of_thumb.choose(view))
    found[name] = (sum(sampled), len(sampled), slowest)
print(json.dumps(found))"""


def test_the_experts_clock_stops_its_sampling_in_the_browser(site, offline):
    """Issue 15, 4: in Pyodide (no C core) the expert's time budget, not its count of worlds, ends its work.

    bench/site.py measures how long the table's own experts take in the page; here the experts are given far
    more worlds than their 0.2 s allow, and in every game the clock must cut their sampling short.
    """
    page = offline
    open_notebook(page, site, "notebooks/" + LESSON_NAMES[0])
    found = json.loads(kernel_run(page, EXPERT_IN_THE_PAGE))
    assert set(found) == {"cutthroat", "partnership", "twohand", "railroad"}, found
    for game, (stopped, decisions, slowest) in found.items():
        TIMINGS.append((f"site: the slowest {game} expert decision (25 times the worlds, the table's budget)", slowest))
        assert decisions > 0 and stopped > 0, f"{game}: the clock stopped none of {decisions} decisions"


def open_app(page, site) -> None:
    open_notebook(page, site, APP)
    run_all(page)
    page.locator(".euchre-table").first.wait_for()


def test_a_hand_at_the_table_by_clicking_saved_and_loaded_in_the_browsers_storage(site, offline, shots):
    page = offline
    page.goto(site.url(APP))
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=90_000)
    # A teacher's house rules beside the lessons, in the browser's storage: the app plays by them.
    page.evaluate("""() => window.jupyterapp.serviceManager.contents.save('notebooks/house_rules.json',
        {type: 'file', format: 'text', content: '{"cutthroat": {"stick_the_dealer": true}}'})""")
    open_app(page, site)
    assert kernel_run(page, "print(rules.switches())").strip() == "{'stick_the_dealer': True}"
    played = play_hand(page, shots, "mouse")
    assert "The hand is over" in played["note"], played
    assert {kind for kind, _ in played["pressed"]} >= {"bid", "card"}, played["pressed"]
    record = kernel_run(page, "print(tabs['Play a game'].game.to_json())").strip()
    before = note_text(page)
    page.get_by_role("button", name="Save", exact=True).click()
    assert "Saved the game" in wait_for_update(page, before), note_text(page)
    stored = page.evaluate(f"""async () => (await window.jupyterapp.serviceManager.contents.get(
        'app/{SAVED}', {{content: true, format: 'text'}})).content""")
    stored = json.loads(stored)
    assert stored.pop("seal", "").startswith("hmac-sha256:"), "the table seals what it saves (issue 24, 4)"
    assert stored == json.loads(record), "the file in the browser's storage is not the game saved"
    # A new page and a fresh kernel: the saved game comes back from the browser's storage.
    page.reload()
    open_app(page, site)
    fresh = json.loads(kernel_run(page, "print(tabs['Play a game'].game.to_json())"))
    assert fresh["hands"][0] != json.loads(record)["hands"][0], "the kernel did not start afresh"
    before = note_text(page)
    page.get_by_role("button", name="Load", exact=True).click()
    assert f"Loaded the game from {SAVED}" in wait_for_update(page, before), note_text(page)
    saved, loaded = json.loads(record), json.loads(kernel_run(page, "print(tabs['Play a game'].game.to_json())"))
    # The same game: hand 1 and the scores as saved; the computer players may have gone on in hand 2.
    assert loaded["hands"][0] == saved["hands"][0] and loaded["hands"][0]["actions"]
    assert loaded["scores"] == saved["scores"] and loaded["seed"] == saved["seed"]
    for old, new in zip(saved["hands"], loaded["hands"]):
        assert new["actions"][: len(old["actions"])] == old["actions"]
    assert not page.errors, page.errors
    assert not page.context.outside, page.context.outside
