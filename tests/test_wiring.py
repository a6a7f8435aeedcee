"""Wiring in the open (issue 34, point 2): no module of the package keeps state in a module global.

A module-level dict, list or set that something fills after import, an object whose attributes are set from
outside, or a `global` statement is wiring nobody sees at a call site. The package binds what a lesson needs in a
context (teach/context: a contextvars.ContextVar, set where a lesson starts); constants, and caches of pure
functions, are allowed. Read from the source with ast, as tests/test_layers.py reads the imports.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_lesson"
MUTATING = {
    "append",
    "extend",
    "insert",
    "remove",
    "pop",
    "popitem",
    "clear",
    "update",
    "setdefault",
    "add",
    "discard",
    "sort",
    "reverse",
    "__setitem__",
    "__delitem__",
}

# Module globals that are changed after import, each allowed for a reason: a cache of a pure function's results
# (the same input always gives the same value, so whoever fills it changes nothing anyone can see).
ALLOWED: dict[str, str] = {}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_globals(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level to a value (not a function, a class or an import)."""
    names = set()
    for node in tree.body:
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, (ast.AnnAssign, ast.AugAssign))
            else []
        )
        names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return names


def imported_names(tree: ast.Module, path: Path, globals_of: dict[str, set[str]]) -> dict[str, str]:
    """The package's module globals this module imports by name (`from .x import NAME`): name to 'module.NAME'."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            for alias in node.names:
                if alias.name in globals_of.get(base, ()):
                    found[alias.asname or alias.name] = f"{base}.{alias.name}"
    return found


def root(node: ast.AST) -> str | None:
    """The name a chain of subscripts and attributes starts from: KEEPER for KEEPER["to"], R for R.sent.add."""
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def mutations(tree: ast.Module) -> list[tuple[str, int]]:
    """Each place a name's value is changed in place (x[k] = v, x.a = v, del x[k], x += v, x.append(v)), as
    (the name the change starts from, its line); names rebound inside functions are local names, not counted."""
    found = []
    for node in ast.walk(tree):
        targets = (
            node.targets
            if isinstance(node, (ast.Assign, ast.Delete))
            else [node.target]
            if isinstance(node, (ast.AugAssign, ast.AnnAssign))
            else []
        )
        for target in targets:
            if isinstance(target, (ast.Subscript, ast.Attribute)) or isinstance(node, ast.AugAssign):
                found.append((root(target), node.lineno))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATING:
            found.append((root(node.func.value), node.lineno))
    return [(name, line) for name, line in found if name]


def local_names(tree: ast.Module) -> dict[int, set[str]]:
    """Per line inside a function, the names the functions there bind themselves (parameters, assignments, loops):
    a change to one of those is a change to a local. A line outside every function is not in it: a change made at
    the top level is part of making the module's constant."""
    shadows: dict[int, set[str]] = {}
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = function.args
            names = {a.arg for a in args.args + args.posonlyargs + args.kwonlyargs}
            names |= {a.arg for a in (args.vararg, args.kwarg) if a}
            names |= {
                node.id for node in ast.walk(function) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
            }
            for line in range(function.lineno, (function.end_lineno or function.lineno) + 1):
                shadows.setdefault(line, set()).update(names)
    return shadows


def offenders(sources: dict[str, tuple[Path, str]]) -> dict[str, list[str]]:
    """Per module, each `global` statement and each change after import to a module global, in words."""
    trees = {name: ast.parse(text) for name, (_, text) in sources.items()}
    globals_of = {name: module_globals(tree) for name, tree in trees.items()}
    found: dict[str, list[str]] = {}
    for name, tree in trees.items():
        path = sources[name][0]
        others = imported_names(tree, path, globals_of)  # another module's: changed from here, even on import
        mine = {one: f"{name}.{one}" for one in globals_of[name]} | others
        shadows = local_names(tree)
        said = [
            f"line {node.lineno}: global {', '.join(node.names)}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Global)
        ]
        for changed, line in mutations(tree):
            inside = line in shadows and changed not in shadows[line]
            if (
                changed in mine
                and (inside or changed in others and line not in shadows)
                and mine[changed] not in ALLOWED
            ):
                said.append(f"line {line}: {changed} (the module global {mine[changed]}) is changed")
        if said:
            found[name] = said
    return found


def package_sources() -> dict[str, tuple[Path, str]]:
    return {module_name(path): (path, path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))}


def test_no_module_keeps_state_in_a_module_global():
    found = offenders(package_sources())
    assert len(package_sources()) > 30
    assert found == {}, "module globals changed after import, or `global` statements: bind them in a context"


@pytest.mark.parametrize(
    "source, words",
    [
        ("KEEPER = {'to': None}\ndef f(x):\n    KEEPER['to'] = x\n", "KEEPER"),
        ("_SHARED = {}\ndef f(p):\n    _SHARED.setdefault('p', p)\n", "_SHARED"),
        ("class R:\n    pass\nREPORTER = R()\ndef f(link):\n    REPORTER.sent.add(link)\n", "REPORTER"),
        ("_pool = None\ndef f():\n    global _pool\n    _pool = 1\n", "global _pool"),
        ("COUNT = [0]\ndef f():\n    COUNT[0] += 1\n", "COUNT"),
        ("from .holder import KEEPER\ndef keep():\n    pass\nKEEPER['to'] = keep  # filled on import\n", "KEEPER"),
    ],
    ids=[
        "a holder filled",
        "a dict filled",
        "an object's set changed",
        "a global statement",
        "a counter",
        "another module's holder filled on import",
    ],
)
def test_the_scan_finds_each_kind_of_module_state(tmp_path, source, words):
    """The check above can fail: each way module state was kept in this package is found."""
    path = PACKAGE / "teach" / "made_up.py"
    holder = (PACKAGE / "teach" / "holder.py", "KEEPER = {'to': None}\n")
    found = offenders({"euchre_lesson.teach.made_up": (path, source), "euchre_lesson.teach.holder": holder})
    assert any(words in one for one in found.get("euchre_lesson.teach.made_up", [])), found


def test_the_scan_passes_constants_locals_and_a_context_variable():
    source = (
        "import contextvars\nKINDS = {'a': 1}\nBOUND = contextvars.ContextVar('b', default=None)\n"
        "TABLE = {}\nTABLE['x'] = 1  # filled while the module is made: a constant\n"
        "def f(KINDS):\n    KINDS['b'] = 2\n    BOUND.set(3)\n    seen = {}\n    seen['c'] = 1\n"
        "    return {**KINDS}\n"
    )
    path = PACKAGE / "teach" / "made_up.py"
    assert offenders({"euchre_lesson.teach.made_up": (path, source)}) == {}


def test_importing_the_lessons_binds_nothing():
    """No import side effect: importing the teach package and the widgets binds no lesson context."""
    import subprocess
    import sys

    code = (
        "import euchre_lesson.teach, euchre_lesson.teach.exercises, euchre_lesson.widgets.exercise\n"
        "from euchre_lesson.teach.context import _BOUND\nprint(_BOUND.get())"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=PACKAGE.parent)
    assert done.returncode == 0 and done.stdout.strip() == "None", done.stderr
