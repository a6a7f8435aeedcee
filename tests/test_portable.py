"""Set-up on a teacher's own laptop: the Makefile's recipes run on macOS too, and a stale .venv is named at once."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAKEFILE = ROOT / "Makefile"
HERE = f"{sys.version_info[0]}.{sys.version_info[1]}"
# Flags GNU's tools have and macOS's (BSD's) do not, or the other way about: a recipe using one stops there.
GNU_ONLY = {
    # install, the command (not pip's, npm's or apt-get's)
    "install -D (macOS: illegal option -- D)": r"(?<!pip )(?<!npm )(?<!apt-get )\binstall\s+(-\w*D|--)",
    "sed -i (BSD's needs a suffix argument)": r"\bsed\s+(-\w*i|--in-place)",
    "cp -T / cp --long-option": r"\bcp\s+(-\w*[Tt]\b|--)",
    "readlink -f": r"\breadlink\s+-\w*f",
    "ln -r": r"\bln\s+-\w*r",
    "mkdir / rm / mv --long-option": r"\b(mkdir|rm|mv)\s+--",
    "stat -c": r"\bstat\s+-\w*c",
    "date -d": r"\bdate\s+-\w*d",
    "xargs -r": r"\bxargs\s+-\w*r",
    "grep -P": r"\bgrep\s+-\w*P",
    "find -printf": r"\bfind\b.*-printf",
    "sort -V": r"\bsort\s+-\w*V",
    "echo -e": r"\becho\s+-e\b",
    "nproc": r"\bnproc\b",
}


def gnu_only(text: str) -> list[str]:
    """The GNU-only flags a text of shell commands uses, by name."""
    return [name for name, pattern in GNU_ONLY.items() if re.search(pattern, text)]


def _targets() -> list[str]:
    """Every target the Makefile names in .PHONY, plus .venv/bin/python."""
    phony = re.search(r"^\.PHONY:(.*)$", MAKEFILE.read_text(), re.M).group(1).split()
    return [*phony, ".venv/bin/python"]


def _make(folder: Path, *arguments: str, **environment) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["make", "--no-print-directory", *arguments],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **environment},
    )


def test_the_check_finds_each_gnu_only_flag():
    """The check below can fail: it names the flag that stopped make test on macOS, and the others."""
    assert gnu_only("install -D -m 644 a .venv/etc/b") == ["install -D (macOS: illegal option -- D)"]
    assert gnu_only("sed -i 's/a/b/' f; cp -T a b; readlink -f x") == [
        "sed -i (BSD's needs a suffix argument)",
        "cp -T / cp --long-option",
        "readlink -f",
    ]
    assert gnu_only("pip install --quiet -e .; npm install --silent x; apt-get install -y -qq npm") == []
    assert gnu_only("install -m 644 a b; cp -R a b; sed 's/a/b/' f > g; mkdir -p x; rm -rf .venv") == []


@pytest.mark.posix("runs make, which Windows does not have (scripts/lessons.py stands in for it there)")
@pytest.mark.parametrize("target", _targets())
def test_no_recipe_uses_a_gnu_only_flag(target):
    """What `make -n -B target` would run (every prerequisite's recipe too) uses no flag macOS's tools lack."""
    done = _make(ROOT, "-n", "-B", target)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), f"make -n printed nothing for {target}"
    assert gnu_only(done.stdout) == [], done.stdout


def test_the_makefile_text_uses_no_gnu_only_flag():
    """Variables and recipes not reached above (a make -n of every target passes through them, but to be sure)."""
    recipes = "\n".join(line for line in MAKEFILE.read_text().splitlines() if not line.lstrip().startswith("#"))
    assert gnu_only(recipes) == []


def test_the_server_config_goes_where_pip_would_put_it(tmp_path):
    """The configuration copy, done by Python (macOS's install has no -D): the folders made, the file the same."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import lessons
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    lessons.server_config(str(tmp_path))
    copied = tmp_path / "etc" / "jupyter" / "jupyter_server_config.d" / "euchre_lesson.json"
    assert (
        copied.read_bytes() == (ROOT / "jupyter-config" / "jupyter_server_config.d" / "euchre_lesson.json").read_bytes()
    )
    lessons.server_config(str(tmp_path))  # a second run replaces it with the same
    assert (
        copied.read_bytes() == (ROOT / "jupyter-config" / "jupyter_server_config.d" / "euchre_lesson.json").read_bytes()
    )


# -- a .venv made by another Python ------------------------------------------------------------------------------


def _project_with_venv(tmp_path: Path, python: str | None) -> Path:
    """A copy of the Makefile and scripts/ whose .venv/bin/python is a shell script (or a link to nowhere)."""
    project = tmp_path / "project"
    (project / "scripts").mkdir(parents=True)
    shutil.copy(MAKEFILE, project / "Makefile")
    shutil.copy(ROOT / "scripts" / "lessons.py", project / "scripts" / "lessons.py")
    bin_folder = project / ".venv" / "bin"
    bin_folder.mkdir(parents=True)
    (project / ".venv" / "pyvenv.cfg").write_text("home = /somewhere/else\n")
    if python is None:
        (bin_folder / "python").symlink_to("/nowhere/python3.10")
    else:
        (bin_folder / "python").write_text(f"#!/bin/sh\n{python}\n")
        (bin_folder / "python").chmod(0o755)
    return project


@pytest.mark.posix("a shell script stands in for .venv/bin/python, and make runs it: Windows has neither")
@pytest.mark.parametrize(
    "fake, said",
    [
        ("echo 3.10", "The folder .venv was made by Python 3.10, not by this Python " + HERE),
        ("echo 2.7", "The folder .venv was made by Python 2.7, not by this Python " + HERE),
        ("exit 1", "The folder .venv is broken, its Python does not run"),
        (None, "The folder .venv is broken, its Python does not run"),  # a link to a Python since removed
    ],
    ids=["3.10", "2.7", "fails", "gone"],
)
def test_make_stops_on_a_stale_venv_and_says_what_to_do(tmp_path, fake, said):
    project = _project_with_venv(tmp_path, fake)
    for target in (".venv/bin/python", "student-copies"):
        done = _make(project, target, f"PYTHON={sys.executable}")
        assert done.returncode != 0
        assert said in done.stderr, done.stderr
        assert "remove it (rm -rf .venv, or delete the folder) and run again, which makes a new one." in done.stderr
        assert "pip" not in done.stdout + done.stderr  # it stopped before any install


@pytest.mark.posix("a shell script stands in for .venv/bin/python, and make runs it: Windows has neither")
def test_make_goes_on_with_a_venv_of_the_same_python(tmp_path):
    """The check above can pass: a .venv of this Python's version is used as it is."""
    project = _project_with_venv(tmp_path, f"echo {HERE}")
    done = _make(project, ".venv/bin/python", f"PYTHON={sys.executable}")
    assert done.returncode == 0, done.stderr
    assert "rm -rf" not in done.stderr


def test_an_older_python_is_told_what_these_lessons_need(tmp_path):
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import lessons
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    said = lessons.venv_problem(str(tmp_path / ".venv"), (3, 10, 4))
    assert said == (
        "These lessons need Python 3.11 or newer, and this Python is 3.10: install a newer one and run "
        "again with it (make PYTHON=python3.12, say)."
    )
    assert lessons.venv_problem(str(tmp_path / ".venv"), sys.version_info) is None  # no .venv yet: it is made


# -- make lessons without make ---------------------------------------------------------------------------------


@pytest.mark.posix("runs make, which Windows does not have (scripts/lessons.py stands in for it there)")
def test_the_script_runs_what_make_lessons_runs():
    """python scripts/lessons.py (Windows has no make) runs the commands of the Makefile's lessons target."""
    made = _make(ROOT, "-n", "lessons").stdout
    scripted = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "lessons.py"), "--dry-run"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert scripted.returncode == 0, scripted.stderr
    install, config, lab = scripted.stdout.splitlines()
    assert install.split(" -m ", 1)[1] in made.replace(
        '"', ""
    )  # pip install --quiet -e ".[lessons,app]" (quoted in the Makefile)
    assert config.endswith("scripts/lessons.py --server-config") and "scripts/lessons.py --server-config" in made
    lab_arguments = lab.split(" -m jupyter lab", 1)[1].split()
    made_lab = next(line for line in made.splitlines() if "jupyter lab" in line)
    assert made_lab.split("jupyter lab", 1)[1].split() == lab_arguments
    assert f"JUPYTER_CONFIG_PATH={ROOT}/jupyter-config" in made_lab


# -- what make test needs besides Python --------------------------------------------------------------------------


@pytest.mark.posix("a shell script stands in for .venv/bin/python, and make runs it: Windows has neither")
@pytest.mark.parametrize(
    "target, said",
    [
        (
            "chromium",
            "make: chromium is missing and there is no apt-get here to install it: the browser tests and the "
            "sheets drive Debian's Chromium at /usr/bin/chromium",
        ),
        ("classroom-assets", "make: npm is missing and there is no apt-get here to install it: install Node.js"),
    ],
)
def test_without_apt_make_says_what_to_install(tmp_path, target, said):
    """On a computer with no apt-get (macOS), a missing Chromium or npm is named, not 'apt-get: command not found'."""
    project = _project_with_venv(tmp_path, f"echo {HERE}")
    tools = tmp_path / "tools"  # a PATH with only what the Makefile itself runs: no chromium, npm or apt-get
    tools.mkdir()
    for tool in ("id", "sh"):
        (tools / tool).symlink_to(shutil.which(tool))
    done = subprocess.run(
        [shutil.which("make"), target, f"PYTHON={sys.executable}"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PATH": str(tools)},
    )
    assert done.returncode != 0
    assert said in done.stderr, done.stderr
    assert "apt-get: " not in done.stderr and "sudo" not in done.stderr


def test_a_conda_environment_opens_the_lessons_with_no_venv(monkeypatch):
    """--this-python (conda): the same JupyterLab command and configuration folder, from the Python that runs it."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import lessons
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    ran = []
    monkeypatch.setattr(
        lessons.subprocess,
        "run",
        lambda command, **options: ran.append((command, options)) or subprocess.CompletedProcess(command, 0),
    )
    assert lessons.main(["--this-python"]) == 0
    [(command, options)] = ran  # no venv made, nothing installed
    assert command[:4] == [sys.executable, "-m", "jupyter", "lab"]
    assert command[-2:] == ["--LabApp.default_url=/voila/render/14_contents.ipynb", "notebooks"]
    assert options["env"]["JUPYTER_CONFIG_PATH"] == str(ROOT / "jupyter-config") and options["cwd"] == lessons.ROOT


def test_the_workflow_runs_the_tests_without_a_browser_on_macos_and_windows():
    """Beside the full Linux run (make test): a matrix that runs the engine, widget and lesson tests on both."""
    import yaml

    jobs = yaml.safe_load((ROOT / ".github" / "workflows" / "tests.yml").read_text(encoding="utf-8"))["jobs"]
    assert jobs["test"]["runs-on"] == "ubuntu-latest" and jobs["test"]["steps"][-1]["run"] == "make test"
    laptop = jobs["laptop"]
    systems = {entry["os"]: entry["tests"] for entry in laptop["strategy"]["matrix"]["include"]}
    assert systems == {"macos-latest": "not slow", "windows-latest": "not slow and not posix"}
    assert laptop["runs-on"] == "${{ matrix.os }}" and laptop["defaults"]["run"]["shell"] == "bash"
    runs = [step.get("run", "") for step in laptop["steps"]]
    assert any('pip install --quiet -e ".[lessons,app,classroom,test]"' in run for run in runs)
    assert 'python -m pytest tests -m "${{ matrix.tests }}" --ignore=tests/browser -q' in runs
    assert "python -m pytest notebooks -q --nbval-sanitize-with .github/nbval-paths.cfg" in runs  # nbval: addopts
    sanitized = (ROOT / ".github" / "nbval-paths.cfg").read_text(encoding="utf-8")
    assert sanitized.count("regex:") == 1 and "regex: \\\\+\nreplace: /\n" in sanitized  # separators, nothing else
    assert not any(".venv/bin" in run or "make " in run for run in runs)


def test_make_check_installs_every_extra_the_tests_without_a_browser_import():
    """The class's server's tests import Solara and Starlette: make check (and the laptop job) install `classroom`."""
    recipe = MAKEFILE.read_text().split("\ncheck:")[1].split("\n\n")[0]
    assert 'pip install --quiet -e ".[lessons,app,classroom,test]"' in recipe
    assert 'pytest tests -m "not slow" --ignore=tests/browser' in recipe


def test_the_class_server_starts_npm_by_its_whole_path(tmp_path, monkeypatch):
    """On Windows npm is npm.cmd, which a bare "npm" does not start: the server fetches with the path found."""
    from euchre_lesson.classroom.web import assets

    ran = []

    def pack(command, **options):
        ran.append(command)
        raise subprocess.CalledProcessError(1, command)  # stop after the first command

    found = str(tmp_path / "nodejs" / "npm.cmd")
    monkeypatch.setattr(assets.shutil, "which", lambda name: found if name == "npm" else None)
    monkeypatch.setattr(assets, "missing", lambda folder: ["requirejs@2.3.7"])
    monkeypatch.setattr(assets.subprocess, "run", pack)
    with pytest.raises(subprocess.CalledProcessError):
        assets.fetch(tmp_path / "assets")
    assert ran[0][:2] == [found, "pack"]
    monkeypatch.setattr(assets.shutil, "which", lambda name: None)
    with pytest.raises(RuntimeError, match="install Node.js, which brings it .*nodejs.org on Windows"):
        assets.fetch(tmp_path / "assets")


def test_the_script_uses_the_venvs_python_where_this_system_puts_it():
    """.venv/bin/python here, .venv\\Scripts\\python.exe on Windows: the dry run names the one this system has."""
    scripted = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "lessons.py"), "--dry-run"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert scripted.returncode == 0, scripted.stderr
    python = (
        os.path.join(str(ROOT), ".venv", "Scripts", "python.exe")
        if os.name == "nt"
        else os.path.join(str(ROOT), ".venv", "bin", "python")
    )
    install, config, lab = scripted.stdout.splitlines()
    assert install == f"{python} -m pip install --quiet -e .[lessons,app]"
    assert config.startswith(f"{python} ") and lab.startswith(f"{python} -m jupyter lab")


# -- the compiled search on Windows -------------------------------------------------------------------------------


def test_the_compiled_search_in_plain_c_as_msvc_builds_it_gives_the_same_values(tmp_path, random_state, monkeypatch):
    """MSVC has no __builtin_clzll and the like: _search.c then counts bits in plain C. Built here with that branch
    forced (EUCHRE_PLAIN_C_BITS), it gives the values of the builtins' build and of the Python search."""
    import importlib.util

    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, Phase
    from euchre_lesson.play import solver

    source = ROOT / "euchre_lesson" / "play" / "_search.c"
    command = build_ext(
        Distribution(
            {"ext_modules": [Extension("_search", [str(source)], define_macros=[("EUCHRE_PLAIN_C_BITS", "1")])]}
        )
    )
    command.build_lib, command.build_temp = str(tmp_path / "lib"), str(tmp_path / "build")
    command.ensure_finalized()
    command.run()
    [built] = (tmp_path / "lib").glob("_search*")
    spec = importlib.util.spec_from_file_location("_search", built)
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    assert solver._search is not None and plain is not solver._search
    compared = 0
    for game in (CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD):
        for seed in range(6):
            start = random_state(game, seed, until=lambda state: state.phase is Phase.PLAY)
            if start.phase is not Phase.PLAY:
                continue
            for state in random_state(start, seed).states()[len(start.history) : -1]:
                with_builtins = solver.solve(state, compiled=True)
                monkeypatch.setattr(solver, "_search", plain)
                assert solver.solve(state, compiled=True) == with_builtins, state.to_json()
                monkeypatch.undo()
                if len(state.history) - len(start.history) >= 6:  # the Python search, where it is quick
                    assert solver.solve(state, compiled=False) == with_builtins, state.to_json()
                compared += 1
    assert compared > 100
