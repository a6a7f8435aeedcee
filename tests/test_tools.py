"""The engineers' tools: ruff (lint and format) and mypy pass, run as make check, make test and pre-commit run them.

The whole runs are marked slow: make check runs the tools itself before its tests, and make test runs these too (a
laptop's `pytest -m "not slow"` leaves them to the Linux run). Each check is shown able to fail on a file of its
own, in a folder of the test's, so nothing is written into the project (no cache either).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("ruff", "mypy")


def run(*command: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """`python -m <tool> ...` with this test's Python (the venv's pinned tools), its output kept."""
    return subprocess.run([sys.executable, "-m", *command], cwd=cwd, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
def test_ruff_finds_nothing_to_fix_and_nothing_to_reformat():
    lint = run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    layout = run("ruff", "format", "--no-cache", "--check", ".")
    assert layout.returncode == 0, layout.stdout + layout.stderr


@pytest.mark.slow
def test_mypy_finds_nothing_in_the_package(tmp_path):
    typed = run("mypy", "--cache-dir", str(tmp_path / "cache"))
    assert typed.returncode == 0, typed.stdout + typed.stderr
    assert "Success: no issues found" in typed.stdout


def test_each_tool_fails_on_a_file_that_breaks_its_rules(tmp_path):
    """The checks above can fail: the project's settings refuse an unused import, a line past 120 characters, single
    quotes, and a value of the wrong type."""
    settings = str(ROOT / "pyproject.toml")
    (tmp_path / "bad.py").write_text(f"import os\nWORDS = '{'x' * 120}'\n\n\ndef words(n: int) -> str:\n    return n\n")
    lint = run("ruff", "check", "--no-cache", "--config", settings, "bad.py", cwd=tmp_path)
    assert lint.returncode == 1 and "F401" in lint.stdout and "E501" in lint.stdout, lint.stdout
    layout = run("ruff", "format", "--no-cache", "--config", settings, "--diff", "bad.py", cwd=tmp_path)
    assert layout.returncode == 1 and f'+WORDS = "{"x" * 120}"' in layout.stdout, layout.stdout
    typed = run("mypy", "--config-file", settings, "--cache-dir", str(tmp_path / "cache"), "bad.py", cwd=tmp_path)
    assert typed.returncode == 1 and 'Incompatible return value type (got "int", expected "str")' in typed.stdout


def test_the_engine_the_players_and_the_look_are_checked_strictly_and_the_rest_checked():
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["files"] == ["euchre_lesson"] and mypy["check_untyped_defs"] is True
    strict = next(o for o in mypy["overrides"] if "euchre_lesson.engine.*" in o["module"])
    assert strict["module"] == ["euchre_lesson.engine.*", "euchre_lesson.play.*", "euchre_lesson.look.*"]
    assert all(strict[flag] is True for flag in ("disallow_untyped_defs", "disallow_any_generics", "warn_return_any"))


def test_the_tools_are_pinned_in_the_test_extra_and_those_are_the_ones_installed():
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    pins = dict(re.fullmatch(r"([a-z]+)==([\d.]+)", pin).groups() for pin in extra["test"] if pin.startswith(TOOLS))
    assert sorted(pins) == sorted(TOOLS)
    assert {tool: version(tool) for tool in TOOLS} == pins


def test_make_check_make_test_and_pre_commit_run_the_same_checks():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    tools = re.search(r"^TOOLS := (.*)$", makefile, re.M)
    assert tools, "the Makefile names its checks once, as TOOLS"
    commands = [part.strip().split(" -m ", 1)[1] for part in tools.group(1).split("&&")]
    assert commands == ["ruff check --quiet .", "ruff format --check --quiet .", "mypy"]
    for target in ("check", "test"):
        recipe = makefile.split(f"\n{target}:")[1].split("\n\n")[0].splitlines()
        steps = [line.strip() for line in recipe[1:]]
        assert steps.index("$(TOOLS)") < next(i for i, step in enumerate(steps) if "-m pytest" in step), target
    hooks = (ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    assert re.findall(r"^\s+- repo: (\S+)", hooks, re.M) == ["local"]  # nothing downloaded
    assert set(re.findall(r"^\s+language: (\S+)", hooks, re.M)) == {"system"}
    entries = re.findall(r"^\s+entry: \.venv/bin/python -m (.+)$", hooks, re.M)
    assert entries == ["ruff check --force-exclude", "ruff format --force-exclude", "mypy"]
