"""JupyterLab in a real Chromium: a private server in temporary folders, and the steps a learner takes in it.

Shared by the browser tests (tests/browser) and bench/browser_latency.py. Nothing is written outside
temporary folders: the server's config, data, runtime and IPython folders (and HOME) are temporary,
and every notebook is a copy.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "notebooks"
CHROMIUM = "/usr/bin/chromium"
# Debian's Chromium, headless (never `playwright install`: these machines download no browser); nothing fetched
# from the network.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
VIEWPORT = {"width": 1280, "height": 1000}
# Every wait has a limit; the machine is small and shared, so the limits are generous.
START_SECONDS = 90
RUN_ALL_MS = 240_000


def chromium() -> dict:
    """How Playwright starts Debian's Chromium (launch, or a persistent context); a clear failure (never a skip) if
    it is not installed."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium. "
            f"Install it with `apt-get install -y chromium` (make test does this); "
            f"never `playwright install`."
        )
    return {"executable_path": CHROMIUM, "args": CHROMIUM_FLAGS, "headless": True}


def launch_chromium(playwright):
    """Debian's Chromium, started."""
    return playwright.chromium.launch(**chromium())


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """A JupyterLab server on 127.0.0.1 (free port, random token) serving `folder`, all its state in temp folders."""

    def __init__(self, folder: Path, env: dict[str, str] | None = None):
        self.folder, self.extra_env = Path(folder), dict(env or {})  # extra_env: e.g. where progress is kept
        self.home = Path(tempfile.mkdtemp(prefix="euchre-lab-home-"))
        self.port, self.token = free_port(), secrets.token_hex(16)
        self.process: subprocess.Popen | None = None

    def env(self) -> dict[str, str]:
        dirs = {name: self.home / name for name in ("config", "data", "runtime", "ipython", "home", "cache")}
        for path in dirs.values():
            path.mkdir()
        # The news pop-up would cover the page: the same file `jupyter labextension disable --level=user` writes.
        labconfig = dirs["config"] / "labconfig"
        labconfig.mkdir()
        (labconfig / "page_config.json").write_text(
            json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
        )
        return dict(
            os.environ,
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_DATA_DIR=str(dirs["data"]),
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            IPYTHONDIR=str(dirs["ipython"]),
            HOME=str(dirs["home"]),
            XDG_CACHE_HOME=str(dirs["cache"]),
            MPLCONFIGDIR=str(dirs["cache"]),
            JUPYTER_PLATFORM_DIRS="1",
            PYTHONDONTWRITEBYTECODE="1",
            **self.extra_env,
        )

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
            "--LabApp.news_url=",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.expose_app_in_browser=True",
        ]  # window.jupyterapp: the tests read the kernel status
        if os.geteuid() == 0:
            command.append("--allow-root")
        self.log = open(self.home / "server.log", "wb")  # noqa: SIM115 (the server writes it until stop())
        self.process = subprocess.Popen(
            command, env=self.env(), cwd=self.folder, stdout=self.log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.process.returncode}:\n{self.log_text()}")
            try:
                with urllib.request.urlopen(f"{self.base}/api/status?token={self.token}", timeout=2):
                    return self
            except OSError:
                time.sleep(0.25)
        raise RuntimeError(f"JupyterLab did not answer within {START_SECONDS} s:\n{self.log_text()}")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, notebook: str) -> str:
        # `reset` starts from an empty workspace: only this notebook open.
        return f"{self.base}/lab/tree/{notebook}?reset&token={self.token}"

    def shut_kernels_down(self) -> None:
        """Shut down every kernel the server runs (a lesson left behind keeps its kernel, and memory, otherwise)."""
        api = f"{self.base}/api/kernels"
        with urllib.request.urlopen(f"{api}?token={self.token}", timeout=30) as answer:
            kernels = json.load(answer)
        for kernel in kernels:
            request = urllib.request.Request(f"{api}/{kernel['id']}?token={self.token}", method="DELETE")
            urllib.request.urlopen(request, timeout=30).close()

    def log_text(self) -> str:
        self.log.flush()
        return (self.home / "server.log").read_text(errors="replace")[-4000:]

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()  # the server shuts its kernels down on SIGTERM
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process:
            self.log.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def __enter__(self) -> LabServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def copy_lessons(folder: Path) -> None:
    """Copies of all the lessons in `folder` (autosave writes outputs back, so never open an original).

    All of them: lesson 13 makes student copies of the notebooks beside it, and lesson 12 links the others."""
    for path in LESSONS.iterdir():
        if path.is_file():
            shutil.copy(path, folder / path.name)


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A small notebook of code cells."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in cells])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, path)
    return path


def widget_outputs(path: Path) -> int:
    """How many widget views a notebook's stored (seeded) outputs show: the number the browser must render."""
    notebook = nbformat.read(path, as_version=4)
    return sum(
        WIDGET_MIME in output.get("data", {})
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", ())
    )


# -- the learner's steps in the page --------------------------------------------------------------


def open_notebook(page, server: LabServer, name: str) -> None:
    """Open a notebook and wait until its kernel is idle."""
    page.goto(server.url(name), timeout=START_SECONDS * 1000)
    page.locator(".jp-NotebookPanel .jp-Notebook").first.wait_for(timeout=START_SECONDS * 1000)
    wait_kernel_idle(page)


KERNEL_STATUS = """() => { const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
    const kernel = panel && panel.sessionContext && panel.sessionContext.session && panel.sessionContext.session.kernel;
    return kernel ? kernel.status : 'none'; }"""


def wait_kernel_idle(page, timeout: float = START_SECONDS * 1000) -> None:
    page.wait_for_function(f"() => ({KERNEL_STATUS})() === 'idle'", timeout=timeout, polling=200)


def menu(page, top: str, command: str) -> None:
    """Choose a command from the menu bar, as a learner does (`command` is the item's data-command)."""
    page.locator(".lm-MenuBar-item", has_text=top).first.click()
    page.locator(f'.lm-Menu-item[data-command="{command}"]').click()


def run_all(page, timeout: float = RUN_ALL_MS) -> float:
    """Edit > Clear Outputs of All Cells, Run > Run All Cells (runmenu:run-all); wait until all have run. Seconds."""
    menu(page, "Edit", "editmenu:clear-all")  # so every output checked afterwards is from this run
    page.wait_for_function("() => !document.querySelector('.jp-CodeCell .jp-OutputArea-output')", timeout=timeout)
    start = time.perf_counter()
    menu(page, "Run", "runmenu:run-all")
    # Done when every cell shows its number, or when Run All stopped at an error (nothing queued any more).
    page.wait_for_function(
        """() => { const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')];
                   if (prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent))) return true;
                   return document.querySelector('[data-mime-type="application/vnd.jupyter.stderr"]')
                          && !prompts.some(p => p.textContent.includes('*')); }""",
        timeout=timeout,
        polling=250,
    )
    wait_kernel_idle(page, timeout)
    return time.perf_counter() - start


def kernel_run(page, code: str) -> str:
    """Run code in the notebook's kernel (not in a cell) and return what it printed; a Python error fails."""
    result = page.evaluate(
        """async (code) => {
            const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
            let out = '', error = null;
            const future = kernel.requestExecute({code, silent: false, store_history: false});
            future.onIOPub = (msg) => {
                if (msg.header.msg_type === 'stream') out += msg.content.text;
                if (msg.header.msg_type === 'error') error = msg.content.ename + ': ' + msg.content.evalue;
            };
            await future.done;
            return {out, error};
        }""",
        code,
    )
    if result["error"]:
        raise AssertionError(f"the kernel raised {result['error']} running:\n{code}")
    return result["out"]


# -- the Table widget in the page ---------------------------------------------------------------------

# Which control a simple deterministic player presses next at the Table's board (the one table view,
# euchre_lesson/look/table.js), found from what the page shows: while keeping, the first five cards that may be
# clicked then the Keep button; else the first card that may be clicked (a play or a discard); else a bid button,
# preferring to make trump and take the dummy (so one hand shows every kind of control), else the first; with
# `more`, "Next hand" and "New game" too (the host's buttons, below the board). The control is marked
# data-euchre-next for the click or the key press; returns {kind, text} (a card's text is its name, "10♦") or
# null when nothing is left.
NEXT_CONTROL = """([more]) => {
    document.querySelectorAll('[data-euchre-next]').forEach(e => e.removeAttribute('data-euchre-next'));
    const table = document.querySelector('.euchre-table');
    const shown = e => e.offsetParent !== null && !e.disabled;
    const raised = [...table.querySelectorAll('button.tv-card.is-legal')].filter(shown);
    const words = [...table.querySelectorAll('button.tv-button')].filter(shown);
    const text = b => (b.dataset.card || b.innerText).trim();
    const keep = [...table.querySelectorAll('button.tv-button-keep')].find(b => b.offsetParent !== null);
    let target = null, kind = null;
    if (keep) {
        const chosen = raised.filter(b => b.classList.contains('is-chosen')).length;
        [target, kind] = chosen >= 5 ? [keep, 'keep'] : [raised.find(b => !b.classList.contains('is-chosen')), 'select'];
    } else if (raised.length) {
        [target, kind] = [raised[0], 'card'];
    } else if (words.length) {
        for (const start of ['Accept', 'Order up', 'Call', 'Name', 'Take the dummy', 'Defend together', 'Leave']) {
            target = target || words.find(b => text(b).startsWith(start));
        }
        [target, kind] = [target || words[0], 'bid'];
    } else if (more) {
        const root = table.closest('.jp-OutputArea-output') || document;
        target = [...root.querySelectorAll('button')].filter(shown).find(b => ['Next hand', 'New game'].includes(text(b)));
        kind = 'next';
    }
    if (!target) return null;
    target.setAttribute('data-euchre-next', '1');
    return {kind, text: text(target)};
}"""  # noqa: E501 (JavaScript, as the browser runs it)

# A card in your hand that may not be played now (the board dims it and says why when it is clicked): the illegal
# click to try. Returns its name, or null.
MARK_ILLEGAL_CARD = """() => {
    const table = document.querySelector('.euchre-table');
    const card = [...table.querySelectorAll('.tv-hand button.tv-card.is-illegal')].find(b => b.offsetParent !== null);
    if (!card) return null;
    document.querySelectorAll('[data-euchre-next]').forEach(e => e.removeAttribute('data-euchre-next'));
    card.setAttribute('data-euchre-next', '1');
    return card.dataset.card;
}"""


def reason_text(page) -> str:
    """What the board says of a card that may not be clicked (shown when it is clicked)."""
    return page.locator(".euchre-table .tv-reason").first.inner_text().strip()


def note_text(page) -> str:
    return page.locator(".euchre-note").first.inner_text().strip()


def scores_on_screen(page) -> dict[int, int]:
    """The scores the board shows, side by side number: {side: points} (the board lists them in side order)."""
    points = page.evaluate(
        "() => [...document.querySelectorAll('.euchre-table .tv-score .tv-score-points')].map(p => p.textContent)"
    )
    return {side: int(value) for side, value in enumerate(points)}


def wait_for_update(page, before: str, timeout: float = 60_000) -> str:
    """Wait until the note has changed from `before` (the table's last update) and the kernel is idle."""
    page.wait_for_function(
        "(before) => { const n = document.querySelector('.euchre-note'); return n && n.innerText.trim() !== before; }",
        arg=before,
        timeout=timeout,
        polling="raf",
    )
    wait_kernel_idle(page, timeout)
    return note_text(page)


def photograph(page, target, path: Path) -> None:
    """A screenshot of one element, whole: the window grows to fit it first (JupyterLab scrolls inside the page)."""
    height = target.evaluate("e => e.getBoundingClientRect().height")
    size = page.viewport_size
    if height + 250 > size["height"]:
        page.set_viewport_size({"width": size["width"], "height": min(int(height) + 250, 8000)})
    target.scroll_into_view_if_needed()
    target.screenshot(path=path)
    page.set_viewport_size(size)


@contextlib.contextmanager
def watched_page(context, shots, request):
    """A page of `context` whose JavaScript errors are collected in page.errors; after the test it is
    photographed if the test failed, and the context closed."""
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    try:
        yield page
    finally:
        if getattr(request.node, "failed", False):
            page.screenshot(path=shots / f"FAILED_{request.node.name}.png")
        context.close()
