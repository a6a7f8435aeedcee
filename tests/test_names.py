"""Names that say one thing: a public function or class name the package defines in two modules for two
different ideas is read wrongly by whoever meets it second (issue 25, 7)."""

from __future__ import annotations

import ast
import collections
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_lesson"


def defined() -> dict[str, list[str]]:
    """Each public top-level function or class name, with the modules that define it."""
    where = collections.defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
                where[node.name].append(str(path.relative_to(PACKAGE)))
    return where


def test_replay_bid_and_merged_each_name_one_thing():
    """replay is the engine's (a record played again), Bid the exercise, merged the solver's equivalent cards."""
    where = defined()
    assert where["replay"] == ["engine/hand.py"]
    assert where["Bid"] == ["teach/exercises.py"]
    assert where["merged"] == ["play/solver.py"]
