"""The package's layers, read from its source: no import cycle, and the engine never reaches the widgets.

Every import counts, at the top of a module or inside a function (a lazy import is still a dependency).
A package's own __init__ is not counted as a dependency of its modules: Python runs it first for any of
them, but it only gathers names.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_lesson"
WIDGETS = "euchre_lesson.widgets"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, modules: set[str]) -> set[str]:
    """What one module imports: the package's modules by name, anything else (ipywidgets) by its top name."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                # `from . import checks` imports a module; `from .hand import Phase` a name from one
                out.add(full if full in modules or node.module is None else base)
    return {m if m.startswith("euchre_lesson") else m.partition(".")[0] for m in out} - {name}


def import_graph() -> dict[str, set[str]]:
    """Each module of the package and what it imports (a compiled module, such as _search, is left out)."""
    files = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {name: {m for m in imported(path, set(files)) if m in files or not m.startswith("euchre_lesson")}
            for name, path in files.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles, each as the modules around it (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for after in sorted(graph.get(node, ())):
            if after not in graph:
                continue
            if after not in index:
                visit(after)
                low[node] = min(low[node], low[after])
            elif after in stack:
                low[node] = min(low[node], index[after])
        if low[node] == index[node]:
            component = []
            while component[-1:] != [node]:
                component.append(stack.pop())
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        for after in graph.get(node, ()):
            if after not in seen:
                seen.add(after)
                todo.append(after)
    return seen


def test_the_package_has_no_import_cycle():
    graph = import_graph()
    assert len(graph) > 30
    assert cycles(graph) == [], "modules that import each other, directly or around a loop"


def test_the_engine_never_imports_ipywidgets_nor_a_widget():
    graph = import_graph()
    engine = [name for name in graph if not name.startswith(WIDGETS)]
    assert "euchre_lesson.hand" in engine and "euchre_lesson.display" in engine
    for name in engine:
        reached = reachable(graph, name) | {name}
        assert "ipywidgets" not in reached, f"{name} reaches ipywidgets"
        assert not {m for m in reached if m.startswith(WIDGETS)}, f"{name} reaches the widgets"


def test_the_graph_sees_lazy_imports_and_cycles():
    """The checks above can fail: a cycle made of a lazy import is found, and so is ipywidgets."""
    graph = import_graph()
    assert "ipywidgets" in graph["euchre_lesson.widgets.cards"]
    assert "euchre_lesson.view" in graph["euchre_lesson.hand"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({**graph, "euchre_lesson.view": graph["euchre_lesson.view"] | {"euchre_lesson.hand"}})
    assert "ipywidgets" in reachable({**graph, "euchre_lesson.hand": {"euchre_lesson.widgets.cards"}},
                                     "euchre_lesson.hand")
