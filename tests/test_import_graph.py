"""The import graph of ``engines``, ``app``, ``bots`` and ``clients``, read from the source with
``ast``.

Every import counts: at the top, inside functions (a deferred import still closes a circle, it
only hides it) and under ``TYPE_CHECKING``; relative imports are resolved. An edge goes from a
module (or package ``__init__``) to each module or package it names, so ``from .game import
X`` and ``from . import game`` both point at ``<package>.game``.

DESIGN.md: dependencies flow one way, and an engine never imports ``app``, FastAPI,
SQLAlchemy or pydantic-settings, nor does I/O.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from itertools import pairwise
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ROOTS = ("engines", "app", "bots", "clients", "seeds")

# An engine is pure rules: no web, database or settings, no I/O, no other randomness or clock
# than its state's (DESIGN.md "Layout"). Prefixes: "os" also forbids "os.path".
NOT_IN_ENGINES = (
    "app",
    "fastapi",
    "starlette",
    "uvicorn",
    "sqlalchemy",
    "alembic",
    "psycopg",
    "pydantic_settings",
    "websockets",
    "httpx",
    "os",
    "sys",
    "io",
    "socket",
    "ssl",
    "select",
    "selectors",
    "subprocess",
    "shutil",
    "tempfile",
    "glob",
    "urllib",
    "http",
    "sqlite3",
    "pickle",
    "shelve",
    "logging",
    "asyncio",
    "threading",
    "multiprocessing",
    "time",
    "datetime",
    "random",
    "secrets",
)
IO_BUILTINS = ("open", "print", "input", "breakpoint", "exec", "eval", "compile", "__import__")
BOARD_LOADER = "engines.core.board"
"""The one sanctioned file access: the shipped board files, read once (``pathlib``, ``open``)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources() -> dict[str, Path]:
    return {
        module_name(path): path
        for root in ROOTS
        for path in sorted((REPO / root).rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def imported_names(module: str, path: Path) -> Iterator[tuple[str, str | None, int]]:
    """Every import in ``module`` as (module named, name imported from it or None, line)."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, *([node.module] if node.module else [])])
            for alias in node.names:
                yield base, alias.name, node.lineno


def resolve(modules: Iterable[str], base: str, name: str | None) -> str:
    """``from base import name`` imports the module ``base.name`` if there is one, else
    ``base`` (``from . import game`` points at the sibling, not at the package)."""
    if name is not None and f"{base}.{name}" in modules:
        return f"{base}.{name}"
    return base


def import_graph() -> dict[str, dict[str, int]]:
    """module -> {imported module of engines/app: line of the first import}."""
    modules = sources()
    graph: dict[str, dict[str, int]] = {m: {} for m in modules}
    for module, path in modules.items():
        for base, name, line in imported_names(module, path):
            target = resolve(modules, base, name)
            if target in modules and target != module:
                graph[module].setdefault(target, line)
    return graph


def strongly_connected(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Tarjan's components with more than one module (each one holds a cycle)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def a_cycle(graph: dict[str, dict[str, int]], component: list[str]) -> list[str]:
    """A shortest cycle through the component's first module, as a path back to it."""
    start, members = component[0], set(component)
    came: dict[str, str] = {}
    todo = [start]
    for v in todo:
        for w in sorted(graph[v]):
            if w == start:
                path = [v]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return [*reversed(path), start]
            if w in members and w not in came:
                came[w] = v
                todo.append(w)
    raise AssertionError(f"no cycle in {component}")


def describe(graph: dict[str, dict[str, int]], cycle: list[str]) -> str:
    hops = [f"{a} (line {graph[a][b]}) -> {b}" for a, b in pairwise(cycle)]
    return "\n    ".join(hops)


def test_the_packages_import_each_other_without_cycles():
    graph = import_graph()
    assert "engines.core.base" in graph and "app.main" in graph  # the walk found the code
    components = strongly_connected(graph)
    report = "\n".join(
        f"import cycle in {{{', '.join(c)}}}, e.g.:\n    {describe(graph, a_cycle(graph, c))}"
        for c in components
    )
    assert not components, "\n" + report


def test_the_cycle_finder_finds_deferred_and_relative_imports(tmp_path):
    """A circle closed only by an import inside a function, through ``from . import``."""
    graph = {"p.a": {"p.b": 3}, "p.b": {"p.c": 5}, "p.c": {"p.a": 9}, "p.d": {"p.a": 1}}
    (component,) = strongly_connected(graph)
    assert component == ["p.a", "p.b", "p.c"]
    assert a_cycle(graph, component) == ["p.a", "p.b", "p.c", "p.a"]
    package = tmp_path / "p"
    (package / "sub").mkdir(parents=True)
    for name in ("__init__", "a", "b", "sub/__init__", "sub/x"):
        (package / f"{name}.py").write_text("")
    (package / "__init__.py").write_text("from .a import A\n")
    (package / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .sub.x import X\n"
    )
    (package / "b.py").write_text("def later():\n    from . import a\n    from .. import q\n")
    modules = {"p", "p.a", "p.b", "p.sub", "p.sub.x"}

    def targets(module: str, path: str) -> set[str]:
        found = imported_names(module, package / path)
        return {resolve(modules, base, name) for base, name, _ in found}

    assert targets("p", "__init__.py") == {"p.a"}
    assert targets("p.a", "a.py") == {"typing", "p.sub.x"}
    assert targets("p.b", "b.py") == {"p.a", ""}  # "from .. import q": q at the top level


def test_engines_import_no_web_database_settings_or_io():
    graph_sources = {m: p for m, p in sources().items() if m.split(".")[0] == "engines"}
    found = []
    for module, path in graph_sources.items():
        for base, name, line in imported_names(module, path):
            top = (base or name or "").split(".")[0]
            allowed = module == BOARD_LOADER and top == "pathlib"
            if not allowed and (top in NOT_IN_ENGINES or top == "pathlib"):
                found.append(f"{module} line {line}: imports {base or name}")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                call = node.func.id
                if call in IO_BUILTINS and not (module == BOARD_LOADER and call == "open"):
                    found.append(f"{module} line {node.lineno}: calls {call}()")
    assert not found, "\n".join(found)


# The server's layers (DESIGN.md "Layout"): settings, errors and limits at the bottom know
# nothing of the database, the services or the web layers built on them.
ABOVE_CORE = ("app.db", "app.services", "app.hub", "app.api", "app.ws", "app.bots", "app.main")


def test_app_core_imports_nothing_built_on_it():
    graph = import_graph()
    found = [
        f"{module} line {line}: imports {target}"
        for module, targets in graph.items()
        if module == "app.core" or module.startswith("app.core.")
        for target, line in targets.items()
        if target.startswith(ABOVE_CORE)
    ]
    assert not found, "\n".join(found)


# One concern per file (issue 40): the game service and the game socket were one class
# each of 810 and 394 lines, doing everything; now their concerns live in files of their own.
SMALL = {"app/services/games.py": 400, "app/ws/endpoint.py": 400}


def test_the_service_and_the_socket_stay_split_by_concern():
    sizes = {path: len((REPO / path).read_text().splitlines()) for path in SMALL}
    assert all(sizes[path] < SMALL[path] for path in SMALL), sizes
