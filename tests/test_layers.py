"""The package's layers, read from its source: no import cycle, and the engine never reaches the widgets.

Every import counts, at the top of a module or inside a function (a lazy import is still a dependency).
A package's own __init__ is not counted as a dependency of its modules: Python runs it first for any of
them, but it only gathers names. An import under `if TYPE_CHECKING:` names a type for mypy and is never run:
it counts for the layers (the engine names no widget, not even as a type) but makes no import cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "euchre_lesson"
WIDGETS = "euchre_lesson.widgets"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _typing_only(tree: ast.Module) -> set[ast.AST]:
    """The nodes under `if TYPE_CHECKING:` (imports for the type checker, never run)."""
    blocks = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"
    ]
    return {inner for block in blocks for statement in block.body for inner in ast.walk(statement)}


def imported(path: Path, modules: set[str], typing: bool = True) -> set[str]:
    """What one module imports: the package's modules by name, anything else (ipywidgets) by its top name; with
    `typing` False, not what it imports for the type checker alone."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typing else _typing_only(tree)
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([node.module] if node.module else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                # `from . import checks` imports a module; `from .hand import Phase` a name from one
                out.add(full if full in modules or node.module is None else base)
    return {m if m.startswith("euchre_lesson") else m.partition(".")[0] for m in out} - {name}


def import_graph(typing: bool = True) -> dict[str, set[str]]:
    """Each module of the package and what it imports (a compiled module, such as _search, is left out); with
    `typing` False, not what it imports for the type checker alone."""
    files = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    return {
        name: {m for m in imported(path, set(files), typing) if m in files or not m.startswith("euchre_lesson")}
        for name, path in files.items()
    }


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
    graph = import_graph(typing=False)
    assert len(graph) > 30
    assert cycles(graph) == [], "modules that import each other, directly or around a loop"


def test_imports_for_the_type_checker_alone_are_told_apart():
    """The cycle check can fail: the engine's type-only imports, counted as imports, make cycles (view names
    HandState, and hand.py imports view)."""
    assert cycles(import_graph(typing=True)) != []
    assert "euchre_lesson.engine.hand" in import_graph(typing=True)["euchre_lesson.engine.view"]
    assert "euchre_lesson.engine.hand" not in import_graph(typing=False)["euchre_lesson.engine.view"]


def test_the_engine_never_imports_ipywidgets_nor_a_widget():
    graph = import_graph()
    engine = [name for name in graph if not name.startswith((WIDGETS, *CLASS_SERVER))]
    assert "euchre_lesson.engine.hand" in engine and "euchre_lesson.engine.display" in engine
    for name in engine:
        reached = reachable(graph, name) | {name}
        assert "ipywidgets" not in reached, f"{name} reaches ipywidgets"
        assert not {m for m in reached if m.startswith(WIDGETS)}, f"{name} reaches the widgets"


LAYERS = ("engine", "play", "look", "teach", "widgets")  # as the data flows: each may import only those before it
# The class's tables sit beside the widgets, above teach: they may import engine, play and teach, and the class's
# model never imports a widget (a web server drives the model; the widgets draw a lesson). The class's server
# (classroom.web, and the command that starts it) is the web toolkit's side: it draws each seat's table with the
# widgets' one table view, and with no other widget.
BESIDE = {"classroom": "widgets"}
CLASSROOM = "euchre_lesson.classroom"
CLASS_SERVER = (CLASSROOM + ".web", CLASSROOM + ".__main__")
SERVER_MAY_USE = {WIDGETS + ".table_view"}
WEB_TOOLKITS = {"ipywidgets", "ipyvuetify", "anywidget", "solara", "reacton", "traitlets"}


def layer(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) > 2 and parts[1] in BESIDE:
        return LAYERS.index(BESIDE[parts[1]])
    return LAYERS.index(parts[1]) if len(parts) > 2 and parts[1] in LAYERS else None


def class_model(graph: dict[str, set[str]]) -> list[str]:
    """The class's model: the modules of euchre_lesson.classroom outside its server."""
    return [name for name in graph if name.startswith(CLASSROOM + ".") and not name.startswith(CLASS_SERVER)]


def model_reaches(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """What each module of the class's model reaches that it must not: its server, a widget, a web toolkit."""
    found = {}
    for name in class_model(graph):
        reached = reachable(graph, name) | {name}
        wrong = {m for m in reached if m.startswith((WIDGETS, *CLASS_SERVER)) or m in WEB_TOOLKITS} - {name}
        if wrong:
            found[name] = wrong
    return found


def test_the_classroom_sits_beside_the_widgets_and_its_model_reaches_no_web_toolkit():
    graph = import_graph()
    model = class_model(graph)
    assert f"{CLASSROOM}.table" in model and f"{CLASSROOM}.web.pages" not in model
    assert layer(f"{CLASSROOM}.table") == layer("euchre_lesson.widgets.table")
    assert model_reaches(graph) == {}, "the class's model reaches its server, a widget or a web toolkit"
    server = [name for name in graph if name.startswith(CLASS_SERVER)]
    used = {m for name in server for m in graph[name] if m.startswith(WIDGETS)}
    assert used <= SERVER_MAY_USE, f"the class's server uses widgets other than the table view: {used}"
    widgets = [name for name in graph if name.startswith(WIDGETS)]
    assert not [name for name in widgets if any(m.startswith(CLASSROOM) for m in graph[name])], (
        "a widget imports the classroom"
    )


def test_the_classroom_check_finds_a_model_that_reaches_a_widget_or_a_toolkit():
    """The check above can fail: the model reaching the table view (through the server, or at once) is found."""
    graph = import_graph()
    table = f"{CLASSROOM}.table"
    through_server = {**graph, table: graph[table] | {f"{CLASSROOM}.web.pages"}}
    through_server[f"{CLASSROOM}.web.pages"] = graph[f"{CLASSROOM}.web.pages"] | {WIDGETS + ".table_view"}
    assert WIDGETS + ".table_view" in model_reaches(through_server)[table]
    assert model_reaches({**graph, table: graph[table] | {"anywidget"}})[table] == {"anywidget"}


def test_a_lower_layer_never_imports_a_higher_one():
    graph = import_graph()
    assert {layer(name) for name in graph} >= set(range(len(LAYERS)))
    upward = [
        (name, used)
        for name, uses in graph.items()
        for used in uses
        if layer(name) is not None and layer(used) is not None and layer(used) > layer(name)
    ]
    assert upward == [], "a module imports a layer above its own"
    assert layer("euchre_lesson.engine.hand") < layer("euchre_lesson.widgets.table")


def test_the_graph_sees_lazy_imports_and_cycles():
    """The checks above can fail: a cycle made of a lazy import is found, and so is ipywidgets."""
    graph = import_graph()
    assert "ipywidgets" in graph["euchre_lesson.widgets.cards"]
    assert "euchre_lesson.engine.view" in graph["euchre_lesson.engine.hand"]
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles(
        {**graph, "euchre_lesson.engine.view": graph["euchre_lesson.engine.view"] | {"euchre_lesson.engine.hand"}}
    )
    assert "ipywidgets" in reachable(
        {**graph, "euchre_lesson.engine.hand": {"euchre_lesson.widgets.cards"}}, "euchre_lesson.engine.hand"
    )


# -- each fact and each word written once; functions short enough to read ----------------------------------

LONGEST = 60
# Functions that are data tables, allowed to be longer: none now, since each lesson's exercises are a module
# of data (teach/lessons/lesson_03.py), not one long function.
LONG_DATA_TABLES: frozenset[str] = frozenset()
# The modules that say what a seat knows and the words the table says: the widgets only lay these out.
ONCE = ("euchre_lesson.engine.view", "euchre_lesson.engine.narration")


def functions(tree: ast.AST, module: str):
    """Every function in a module's tree, nested ones and methods too, as (dotted name, number of lines)."""

    def walk(node, prefix):
        for child in ast.iter_child_nodes(node):
            named = isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            name = f"{prefix}.{child.name}" if named else prefix
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                yield name, child.end_lineno - child.lineno + 1
            yield from walk(child, name)

    return walk(tree, module)


def long_functions(sources: dict[str, str]) -> list[tuple[str, int]]:
    """The functions longer than LONGEST lines, data tables excepted."""
    return [
        (name, lines)
        for module, text in sources.items()
        for name, lines in functions(ast.parse(text), module)
        if lines > LONGEST and name not in LONG_DATA_TABLES
    ]


def package_sources() -> dict[str, str]:
    return {module_name(path): path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")}


def top_level_names(text: str) -> set[str]:
    """The functions, classes and constants a module defines at its top level (not __all__ and such)."""
    names = set()
    for node in ast.parse(text).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return {name for name in names if not name.startswith("__")}


def test_no_function_is_longer_than_sixty_lines_except_data_tables():
    sources = package_sources()
    assert "euchre_lesson.teach.course" in sources
    assert long_functions(sources) == [], f"functions over {LONGEST} lines: split them into named steps"
    for name in LONG_DATA_TABLES:  # the allow-list names functions that are there, and long
        module, _, function = name.rpartition(".")
        assert any(found == name and lines > LONGEST for found, lines in functions(ast.parse(sources[module]), module))


def test_the_length_check_can_fail():
    body = "\n".join(f"    x{i} = {i}" for i in range(LONGEST))
    text = f"class Table:\n    def redraw(self):\n        def inner():\n{body.replace('    ', '            ')}\n"
    assert long_functions({"m": text}) == [("m.Table.redraw", LONGEST + 2), ("m.Table.redraw.inner", LONGEST + 1)]
    assert long_functions({"m": f"def short():\n{body}\n"}) == [("m.short", LONGEST + 1)]
    assert long_functions({"m": "def short():\n" + body.partition("\n")[2]}) == []  # sixty lines in all


def test_what_a_seat_knows_and_the_table_s_words_are_written_once():
    """No other module of the package defines again a name of view.py or narration.py (a widget's own
    seat_words, said_words, trick_on_table ... would drift from the engine's)."""
    sources = package_sources()
    once = {module: top_level_names(sources[module]) for module in ONCE}
    assert {"seat_words", "said_words", "trick_words", "result_words", "offer"} <= once[
        "euchre_lesson.engine.narration"
    ]
    assert {"trick_on_table", "seat_roles", "cards_known"} <= once["euchre_lesson.engine.view"]
    for module, text in sources.items():
        for owner, names in once.items():
            if module != owner:
                again = top_level_names(text) & names
                assert not again, f"{module} defines {sorted(again)} again: use {owner}'s"


# -- files: one module reads and writes them, at the bottom of the layers -----------------------------------

FILES = "euchre_lesson.engine.files"
ERRORS = "euchre_lesson.engine.errors"
# What only the files module does: parse JSON, make temporary files, and tell a file's kind (its FILE_KINDS).
FILES_ALONE = {
    "json.loads",
    "json.load",
    "tempfile.mkstemp",
    "tempfile.NamedTemporaryFile",
    "stat.S_IFDIR",
    "stat.S_ISDIR",
    "stat.S_IFIFO",
    "stat.S_ISFIFO",
    "stat.S_ISSOCK",
    "stat.S_IFSOCK",
}


def files_work(text: str) -> set[str]:
    """Which of FILES_ALONE a module's source uses (module.name, as written)."""
    return {
        f"{node.value.id}.{node.attr}"
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
    } & FILES_ALONE


def test_the_files_module_sits_at_the_bottom_and_imports_only_the_error_kinds():
    graph = import_graph()
    assert {m for m in graph[FILES] if m.startswith("euchre_lesson")} == {ERRORS}
    assert not {m for m in graph[ERRORS] if m.startswith("euchre_lesson")}, "the error kinds import nothing of ours"
    for user in (
        "engine.game",
        "engine.hand",
        "teach.progress",
        "teach.house_rules",
        "teach.student_copies",
        "play.seal",
    ):
        assert FILES in graph[f"euchre_lesson.{user}"], f"{user} reads or writes files without the files module"


def test_only_the_files_module_parses_json_makes_temporary_files_or_names_file_kinds():
    sources = package_sources()
    elsewhere = {module: sorted(files_work(text)) for module, text in sources.items() if module != FILES}
    assert {module: found for module, found in elsewhere.items() if found} == {}, "ask engine/files.py instead"
    assert files_work(sources[FILES]) >= {"json.loads", "stat.S_IFDIR"}
    assert files_work("import json, tempfile\njson.loads(t)\ntempfile.mkstemp()\n") == {
        "json.loads",
        "tempfile.mkstemp",
    }
