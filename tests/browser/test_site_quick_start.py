"""Python's quick start on the static site (jupyterlite/quick-start; issue 26, point 7; issue 35, point 7), in Chromium.

The kernel's worker restores Python from the snapshot the build made: these tests check that it does, that
what a snapshot freezes is fresh for each visitor, that the packages' files are back, and that a missing or
damaged snapshot costs time, never a working Python. The worker is started with the lesson page (its head start),
and the unpacked snapshot is kept in the browser for the next visit: a worker that fails to start, or a kept copy
that fails to restore, costs time too, never a working Python.
"""

from __future__ import annotations

import gzip
import sys

import pytest
from labdriver import ROOT, kernel_run, wait_kernel_idle
from test_site_in_browser import LESSON_NAMES, offline, site  # noqa: F401 (fixtures)
from test_site_lesson_pages import open_page

sys.path.insert(0, str(ROOT / "jupyterlite"))
from build_site import LESSON_PAGE_DISABLED  # noqa: E402

HOW = "import os; print(os.environ.get('EUCHRE_LESSON_PYTHON_START'))"
KEPT = "euchre-lesson-python"  # quick-start.mjs: where the unpacked snapshot is kept (Cache Storage)
# The names of what is kept, once both the memory and the files are (the page and the worker share the storage).
KEPT_NAMES = f"""async () => {{ const cache = await caches.open('{KEPT}');
    return (await cache.keys()).map(request => request.url.replace(/^.*\\//, '')).sort(); }}"""
FIRST = f"notebooks/{LESSON_NAMES[0]}"
# Python that needs the packages' files: a schema nbformat reads, and a module no one imported before the snapshot.
LATER_IMPORTS = """
import importlib, pkgutil, sys, nbformat
nbformat.validate(nbformat.v4.new_notebook())
print("valid")
lexers = importlib.import_module("pygments.lexers")
name = next(m.name for m in pkgutil.iter_modules(lexers.__path__, "pygments.lexers.") if m.name not in sys.modules)
importlib.import_module(name)
print("imported", "euchre_lesson.widgets" in sys.modules)
"""


def test_a_lesson_starts_python_from_the_snapshot_with_the_lessons_package_imported(site, offline):
    survey = open_page(offline, site, FIRST)
    assert survey["state"] == "ready" and not survey["problems"], survey
    assert kernel_run(offline, HOW).strip() == "snapshot"
    # Imported before the page existed, and every file of the packages is there.
    checked = kernel_run(offline, LATER_IMPORTS)
    assert checked.split() == ["valid", "imported", "True"], checked
    # ipywidgets was imported into the snapshot after the kernel, so it registered its comm targets: without the
    # control target a lesson opened in place of another waited seconds on each widget of the first.
    targets = kernel_run(offline, "print(sorted(get_ipython().kernel.comm_manager.targets))")
    assert "'jupyter.widget.control'" in targets, targets
    assert not offline.errors, offline.errors


def random_numbers(chromium, site) -> list[str]:
    """What random.random() gives in a new visitor's Python (a fresh browser context), twice."""
    found = []
    for _ in range(2):
        context = chromium.new_context()
        page = context.new_page()
        open_page(page, site, FIRST)
        found.append(kernel_run(page, "import random; print(random.random())").strip())
        context.close()
    return found


def test_two_visitors_draw_different_random_numbers(chromium, site):
    """The snapshot froze the generator; without a new seed every visitor would be dealt the same hands."""
    first, second = random_numbers(chromium, site)
    assert first != second, f"two visitors drew the same number, {first}"


@pytest.mark.parametrize("damage", ["missing", "not gzip", "not a snapshot"])
def test_without_a_good_snapshot_python_starts_afresh_and_the_lesson_works(damage, site, offline):
    name = "python-memory.gz"

    def answer(route):
        if damage == "missing":
            route.fulfill(status=404, body="not found")
        elif damage == "not gzip":
            route.fulfill(status=200, body=b"\x1f\x8b this is not gzip")
        else:  # gzip, but no snapshot's header (as one of another Pyodide build would fail its check)
            route.fulfill(status=200, body=gzip.compress(b"\0" * 4096))

    offline.context.route(f"**/static/pyodide/{name}", answer)  # the worker asks, so the context routes it
    survey = open_page(offline, site, FIRST)
    assert survey["state"] == "ready" and survey["widgets"] and not survey["problems"], survey
    assert kernel_run(offline, HOW).startswith("fresh: "), "the page says Python started from a snapshot it lacked"


def test_the_lesson_page_starts_the_kernels_worker_and_opens_the_lesson_once(site, offline):
    """The worker started with the page is the kernel's (JupyterLab's own would be comlink.worker.*.js), and the
    lesson opened early is the one lesson shown: JupyterLite's opener, coming later, finds it and adds no second."""
    survey = open_page(offline, site, FIRST)
    assert survey["state"] == "ready" and survey["widgets"] and not survey["problems"], survey
    workers = [worker.url.rsplit("/", 1)[-1] for worker in offline.workers]
    assert workers == ["head-start.mjs"], workers
    assert kernel_run(offline, HOW).strip() == "snapshot"
    offline.wait_for_timeout(1000)  # JupyterLite's opener has had its turn
    panels = offline.evaluate("() => [...window.jupyterapp.shell.widgets('main')].map(w => w.context.path)")
    assert panels == [FIRST], panels
    assert not offline.errors, offline.errors


def test_a_head_start_that_fails_leaves_the_kernel_its_own_worker(site, offline):
    offline.context.route("**/static/pyodide/head-start.mjs", lambda route: route.fulfill(status=404, body="gone"))
    survey = open_page(offline, site, FIRST)
    assert survey["state"] == "ready" and survey["widgets"] and not survey["problems"], survey
    workers = [worker.url.rsplit("/", 1)[-1] for worker in offline.workers]
    assert len(workers) == 1 and workers[0].startswith("comlink.worker."), workers
    assert kernel_run(offline, HOW).strip() == "snapshot"


def kept(page) -> list[str]:
    """What the browser has kept of the snapshot, once both parts are kept (a visit keeps them once Python runs)."""
    page.wait_for_function(f"async () => (await ({KEPT_NAMES})()).length === 2", timeout=60_000, polling=250)
    return page.evaluate(KEPT_NAMES)


def test_the_next_visit_restores_the_copy_the_first_kept(site, offline):
    open_page(offline, site, FIRST)
    assert kernel_run(offline, HOW).strip() == "snapshot"
    names = kept(offline)
    assert [name.split("?")[0] for name in names] == ["python-files.gz", "python-memory.gz"], names
    survey = open_page(offline, site, FIRST)  # the same visitor, a new page: a new worker and a new Python
    assert survey["state"] == "ready" and survey["widgets"] and not survey["problems"], survey
    assert kernel_run(offline, HOW).strip() == "snapshot, kept"
    assert kernel_run(offline, "import random; print(random.random())").strip()  # and it runs Python
    assert not offline.errors, offline.errors


def test_a_kept_copy_that_will_not_restore_is_forgotten_and_the_sites_is_unpacked(site, offline):
    open_page(offline, site, FIRST)
    names = kept(offline)
    # Damaged as a full disk or an old browser might leave it: the names kept, their contents not a snapshot.
    offline.evaluate(
        """async ([kept, names]) => { const cache = await caches.open(kept);
            for (const name of names) await cache.put(new URL(`../static/pyodide/${name}`, location.href).href,
                                                      new Response(new Uint8Array(4096))); }""",
        [KEPT, names],
    )
    survey = open_page(offline, site, FIRST)
    assert survey["state"] == "ready" and survey["widgets"] and not survey["problems"], survey
    assert kernel_run(offline, HOW).strip() == "snapshot"  # from the site's files, not the damaged copy
    offline.wait_for_function(
        f"""async () => {{ const cache = await caches.open('{KEPT}');
            const memory = await cache.match((await cache.keys()).find(r => r.url.includes('python-memory')));
            return !!memory && (await memory.arrayBuffer()).byteLength > 1e6; }}""",
        timeout=60_000,
        polling=250,
    )  # and a good copy kept again


ACTIVE = "() => window.jupyterapp.listPlugins().filter(id => window.jupyterapp.isPluginActivated(id))"


def test_a_lesson_page_starts_without_what_it_never_uses_and_jupyterlab_keeps_it(site, offline):
    """The Notebook app loads no console, file editor, language server, table of contents... (LESSON_PAGE_DISABLED),
    and every plugin it keeps starts (one needing a left-out plugin would fail); the code view keeps them all."""
    failed = []
    offline.on("console", lambda message: failed.append(message.text) if "failed to activate" in message.text else None)
    survey = open_page(offline, site, FIRST)
    assert survey["state"] == "ready" and survey["widgets"] and not survey["problems"], survey
    active = offline.evaluate(ACTIVE)
    left_in = [id for id in active if id in LESSON_PAGE_DISABLED or id.split(":")[0] in LESSON_PAGE_DISABLED]
    assert not left_in, left_in
    assert "@jupyterlab/completer-extension:manager" in active  # tab completion stays, for anyone writing code
    offline.goto(site.url(FIRST))  # the same lesson in JupyterLab, the code view
    offline.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=120_000)
    wait_kernel_idle(offline)
    active = offline.evaluate(ACTIVE)
    assert {"@jupyterlab/console-extension:tracker", "@jupyterlab/toc-extension:registry"} <= set(active), active
    assert not failed, failed
