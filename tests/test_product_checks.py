"""Checks that only tests need live in tests/, not in the package: a bare `assert` vanishes under `python -O`,
so no check a learner depends on may be one, and the widgets carry no test-only `assert_valid`."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import ipywidgets as w

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_lesson"


def asserts_in(path: Path) -> list[int]:
    """The line of every `assert` statement in one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Assert)]


def test_no_module_of_the_package_checks_with_assert():
    found = {
        str(path.relative_to(PACKAGE)): lines for path in sorted(PACKAGE.rglob("*.py")) if (lines := asserts_in(path))
    }
    assert not found, f"`assert` statements (gone under python -O) at {found}"


def test_no_widget_carries_a_test_only_check():
    """The widgets' consistency checks are in tests/widget_checks.py and tests/table_checks.py."""
    carrying = []
    for path in sorted((PACKAGE / "widgets").glob("*.py")):
        module = importlib.import_module("euchre_lesson.widgets" + ("" if path.stem == "__init__" else f".{path.stem}"))
        carrying += [
            f"{path.stem}.{name}"
            for name, cls in inspect.getmembers(module, inspect.isclass)
            if cls.__module__ == module.__name__ and issubclass(cls, w.Widget) and hasattr(cls, "assert_valid")
        ]
    assert not carrying, f"widgets with an assert_valid method: {carrying}"
