"""What the site's Python snapshot (jupyterlite/quick-start) imports, checked without a browser."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "jupyterlite"))
from build_site import SERVER_MODULES, browser_modules  # noqa: E402

PACKAGE_FILES = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "euchre_lesson").rglob("*.py"))


def test_the_snapshot_imports_every_module_that_runs_in_a_browser_parents_first():
    modules = browser_modules(PACKAGE_FILES)
    assert modules[0] == "euchre_lesson" and "euchre_lesson.widgets.table" in modules
    assert "euchre_lesson.teach.lessons.lesson_00" in modules
    assert not [m for m in modules if m.startswith(SERVER_MODULES) or m.endswith("__main__")]
    assert all(modules.index(m.rpartition(".")[0]) < modules.index(m) for m in modules if "." in m)


def test_no_module_makes_a_widget_when_imported():
    """A widget made at import would be frozen into the snapshot with no page to show it: its views would wait on
    a model the page never gets (exercise.py's shared layout did, and the site's lessons hung for seconds)."""
    code = (
        "import importlib, json, sys\nfrom ipywidgets.widgets import widget\n"
        "for name in json.loads(sys.argv[1]):\n    importlib.import_module(name)\n"
        "print(sorted({type(w).__name__ for w in widget._instances.values()}))"
    )
    made = subprocess.run(
        [sys.executable, "-c", code, json.dumps(browser_modules(PACKAGE_FILES))],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.strip()
    assert made == "[]", f"importing the package made widgets: {made}"
