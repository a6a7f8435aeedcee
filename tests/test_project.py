"""The project's promises: two set-up commands, one dependency list, honest CI."""

import ast
import io
import os
import re
import shutil
import subprocess
import sys
import tokenize
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ ;\[]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _environment_yml():
    """The conda dependencies and the pip lines of environment.yml (a flat, simple file)."""
    conda, pip, section = [], [], None
    for line in (ROOT / "environment.yml").read_text().splitlines():
        stripped = line.strip()
        if stripped.startswith("#") or not stripped:
            continue
        if not line.startswith(" "):
            section = stripped.rstrip(":")
        elif section == "dependencies" and stripped == "- pip:":
            section = "pip"
        elif section == "dependencies" and stripped.startswith("- "):
            conda.append(stripped[2:])
        elif section == "pip" and stripped.startswith("- "):
            pip.append(stripped[2:])
    return conda, pip


def test_environment_yml_lists_the_package_dependencies():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    conda, pip = _environment_yml()
    from_pypi = ["fsrs==6.3.2"]  # a dependency of the package installed by pip: its pinned wheel is on PyPI
    listed = {_name(r): r.replace(" ", "") for r in conda + from_pypi if _name(r) not in ("python", "pip")}
    extras = project["optional-dependencies"]
    declared = {_name(r): r.replace(" ", "") for r in project["dependencies"] + extras["lessons"] + extras["app"]}
    assert listed == declared
    assert "python=3.11" in conda
    # the package, the dependency from PyPI, then the class's server's pins, word for word
    assert pip == [".", *from_pypi, *extras["classroom"]]
    assert all(_name(r) in ("solara", "solara-server", "segno") for r in extras["classroom"])


def test_the_package_needs_no_jupyterlab_or_voila_so_it_installs_in_the_browser():
    """micropip (the static site) cannot install JupyterLab or Voila: they are the extras `lessons` and `app`."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert {_name(r) for r in project["dependencies"]} == {"ipywidgets", "nbformat", "anywidget", "fsrs"}  # pure wheels
    assert [_name(r) for r in project["optional-dependencies"]["lessons"]] == [
        "jupyterlab",
        "jupyterlab-language-pack-fr-fr",  # JupyterLab's own words in French and Estonian (issue 38, 4)
        "jupyterlab-language-pack-et-ee",
    ]
    assert [_name(r) for r in project["optional-dependencies"]["app"]] == ["voila"]
    makefile = (ROOT / "Makefile").read_text()
    # make lessons serves JupyterLab with Voila's pages: both extras
    for target, extras in (("lessons", "lessons,app"), ("app", "app"), ("test", "lessons,app,classroom,test")):
        assert f'pip install --quiet -e ".[{extras}]"' in makefile.split(f"\n{target}:")[1].split("\n\n")[0], target


def test_readme_starts_with_the_two_commands_and_ci_runs_the_test_one():
    readme = (ROOT / "README.md").read_text()
    block = re.search(r"```sh\n(.*?)```", readme, re.S)
    assert block and readme.index(block.group(0)) < 40
    commands = [line.split("#")[0].strip() for line in block.group(1).splitlines() if line.strip()]
    assert commands == ["make lessons", "make test"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, re.M)


def test_lesson_command_opens_the_notebooks_folder():
    makefile = (ROOT / "Makefile").read_text()
    lessons = makefile.split("\nlessons:")[1].split("\n\n")[0]
    assert "jupyter lab" in lessons and lessons.rstrip().endswith("notebooks")


def test_notebooks_are_numbered_and_executed_in_order():
    import json

    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert notebooks and notebooks[0].name == "00_welcome.ipynb"
    for path in notebooks:
        assert re.match(r"\d\d_[a-z0-9_]+\.ipynb$", path.name), path.name
        code = [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
        counts = [c["execution_count"] for c in code]
        assert counts == list(range(1, len(code) + 1)), f"{path.name} was not run top to bottom"
        assert any(c["outputs"] for c in code), f"{path.name} has no stored outputs"


def test_the_readme_python_examples_run():
    """Every ```python block of the README runs, in order, in one namespace."""
    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    assert blocks
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, "README.md", "exec"), namespace)
    assert namespace["finished"].is_over


def _said_values(block: str) -> dict[int, str]:
    """The README's comments that show a value, by line: a repr (`# [Action('pass'), ...]`) or a quoted text with
    `...` for its changing parts; a comment in words (`# the dealer's pick-up`) shows none."""
    comments = {
        token.start[0]: token.string.lstrip("#").strip()
        for token in tokenize.generate_tokens(io.StringIO(block).readline)
        if token.type == tokenize.COMMENT
    }
    return {line: said for line, said in comments.items() if said[:1] in "[({'\"" or said[:1].isdigit()}


def _matches(said: str, value: object) -> bool:
    if said[:1] == '"' and said[-1:] == '"':  # a text, `...` standing for what differs from deal to deal
        return re.fullmatch(".*".join(map(re.escape, said[1:-1].split("..."))), str(value), re.S) is not None
    return repr(value) == said


def test_the_readme_python_examples_give_what_their_comments_show():
    """A line of an example whose comment shows a value gives that value, run as written, statement by statement."""
    readme = (ROOT / "README.md").read_text()
    namespace: dict = {}
    checked = []
    for block in re.findall(r"```python\n(.*?)```", readme, re.S):
        said = _said_values(block)
        for statement in ast.parse(block).body:
            if isinstance(statement, ast.Expr):
                value = eval(compile(ast.Expression(statement.value), "README.md", "eval"), namespace)
            else:
                exec(compile(ast.Module([statement], []), "README.md", "exec"), namespace)
                continue
            if statement.end_lineno in said:
                checked.append(said[statement.end_lineno])
                assert _matches(said[statement.end_lineno], value), (ast.unparse(statement), value)
    assert len(checked) >= 2, checked  # the legal actions, and the player's reason


def test_a_readme_comment_that_shows_a_wrong_value_is_found():
    """The check above can fail: a value the example does not give, or a reason in other words."""
    assert _said_values("x = 1\nx  # 2\nx  # the number one\n") == {2: "2"}
    assert not _matches("2", 1) and _matches("1", 1)
    assert _matches('"I take the ..., a trump"', "I take the Q♠, a trump")
    assert not _matches('"I take the ..., a trump"', "I pass: no trump")


def test_the_readme_jupyterhub_service_runs_as_written(tmp_path):
    """The ```py block is JupyterHub's configuration, run as the hub runs it (with its `c`); the service it starts
    is the class's server with options that server takes."""
    from traitlets.config import Config

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```py\n(.*?)```", readme, re.S)
    assert len(blocks) == 1
    c = Config()
    exec(compile(blocks[0], "jupyterhub_config.py", "exec"), {"c": c})
    [service] = c.JupyterHub.services
    python, dash_m, module, *options = service["command"]
    assert (python, dash_m, module) == (sys.executable, "-m", "euchre_lesson.classroom")
    helped = subprocess.run(
        [python, dash_m, module, *options, "--help"], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert helped.returncode == 0, helped.stderr
    assert all(f"[{option} " in helped.stdout for option in options if option.startswith("--")), helped.stdout
    assert "--folder" in options and "url" not in service  # only started, not put behind the hub's proxy


def test_the_readme_student_copies_command_runs_as_written(tmp_path):
    """The command for student copies, run from a folder holding the lessons: the copies are made beside them."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    command = "python -m euchre_lesson.teach.student_copies notebooks student_notebooks"
    assert re.search(rf"^{re.escape(command)}$", readme, re.M), "the conda section's command"
    shutil.copytree(ROOT / "notebooks", tmp_path / "notebooks")
    made = subprocess.run(
        [sys.executable, *command.split()[1:]],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert made.returncode == 0, made.stderr
    lessons = sorted(path.name for path in (tmp_path / "notebooks").glob("[0-9]*.ipynb"))
    copies = sorted(path.name for path in (tmp_path / "student_notebooks").glob("[0-9]*.ipynb"))
    assert copies and set(copies) <= set(lessons), (copies, lessons)


@pytest.mark.slow
def test_the_engine_imports_without_ipywidgets():
    """The engine never imports ipywidgets: with it made unimportable, every engine module still loads."""
    import subprocess
    import sys

    engine = sorted(
        f"{p.parent.name}.{p.stem}"
        for layer in ("engine", "play", "teach")
        for p in (ROOT / "euchre_lesson" / layer).glob("*.py")
    )
    script = (
        "import sys\n"
        "class Refuse:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'ipywidgets':\n"
        "            raise ImportError(f'{name} is not installed (refused by the test)')\n"
        "sys.meta_path.insert(0, Refuse())\n"
        "import euchre_lesson\n"
        f"for name in {engine!r}:\n"
        "    __import__(f'euchre_lesson.{name}')\n"
        "state = euchre_lesson.deal_hand(euchre_lesson.CUTTHROAT, 0, seed=1)\n"
        "print(len(state.legal_actions()), sorted(m for m in sys.modules if 'widget' in m))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(" ", 1)[1].strip() == "[]"
    # And the widgets really do need it, so the check above can fail (a widget's module: the package imports
    # each widget at its first use).
    widgets = subprocess.run(
        [
            sys.executable,
            "-c",
            script.replace("import euchre_lesson\n", "import euchre_lesson\nimport euchre_lesson.widgets.table\n"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert widgets.returncode != 0 and "refused by the test" in widgets.stderr


NUMBERS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
]


def test_the_readme_counts_the_lessons_the_course_has():
    """ "Twelve short lessons" was one short: the number is the course's, and every lesson is named."""
    from euchre_lesson.teach.course import lesson_numbers

    lessons = lesson_numbers()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    said = re.search(r"^(\w+) short lessons \((\d+) to (\d+)\)", readme, re.M)
    assert said, "the README's lessons section starts 'N short lessons (first to last)'"
    assert said.group(1).lower() == NUMBERS[len(lessons)]
    assert (int(said.group(2)), int(said.group(3))) == (lessons[0], lessons[-1])
    listed = readme[said.end() :].split("Then the", 1)[0]
    assert listed.count("·") == len(lessons) - 1, listed


def test_the_readme_says_what_each_command_needs():
    """make test installs Chromium and npm with apt: the README says so, and how macOS and Windows set up."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "need only Python" not in readme
    needs = readme.split("`make test` needs more:", 1)[1].split("\n\n", 1)[0]
    assert "npm" in needs and "/usr/bin/chromium" in needs and "apt-get" in needs
    setting_up = readme.split("## On macOS or Windows\n", 1)[1].split("\n## ", 1)[0]
    for command in (
        "make lessons",
        "make app",
        "make student-copies",
        "make classroom",
        "py scripts\\lessons.py",
        "euchre_lesson.teach.student_copies notebooks student_notebooks",
        "euchre_lesson.classroom --host",
        "conda env create -f environment.yml",
        "python scripts/lessons.py --this-python",
    ):
        assert command in setting_up, command


def test_the_windows_app_commands_are_those_of_make_app():
    """Windows has no make: the README's app commands hold every setting of the Makefile's app recipe."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\napp:")[1].split("\n\n")[0].replace("\\\n", " ")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```powershell\n(.*?)```", readme, re.S)
    assert block, "the README gives Windows' commands in a powershell block"
    windows = block.group(1)
    voila = next(line for line in recipe.splitlines() if "/voila " in line)
    for setting in re.findall(r"--[\w.]+=?[^\s$]*", voila):
        if "$(" not in setting and not setting.endswith("="):
            assert setting in windows, setting
    for variable in re.findall(r"\b(JUPYTER_\w+)=", voila):
        assert f"$env:{variable}" in windows, variable
    handout = next(line for line in recipe.splitlines() if "handout" in line)
    assert "-m euchre_lesson.teach.handout app" in handout and "-m euchre_lesson.teach.handout app" in windows
