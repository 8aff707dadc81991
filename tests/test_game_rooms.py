"""The rooms of game/ do not knot: its import graph, counting every import (module level, inside functions and
under ``TYPE_CHECKING``), has no cycle except :mod:`game.routes`' deferred screen imports (the router), and the
drawing folder ``game/render`` is a leaf under the screen parts of ``game/ui`` (never the reverse).

The graph is read from the source (``ast``), so an import hidden in a function or a type-only block counts as the
dependency it is.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The router: its route functions import the screen they open when called; that is the one allowed cycle.
ROUTER = "game.routes"


#: Which kind of import names an edge when a module imports another more than one way (module level first).
RANK = {"module": 0, "typing": 1, "deferred": 2}


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def full_graph(root: Path = ROOT, package: str = "game") -> dict[str, dict[str, str]]:
    """module -> {imported module of ``package``: how ("module", "deferred" inside a function or class body, or
    "typing" under ``if TYPE_CHECKING``)}; the first kind met wins, module level first."""
    files = {_module_name(p, root): p for p in (root / package).rglob("*.py")}
    graph: dict[str, dict[str, str]] = {}
    for name, path in sorted(files.items()):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        kinds: dict[int, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                for stmt in node.body:
                    for n in ast.walk(stmt):
                        kinds[id(n)] = "typing"
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for n in ast.walk(node):
                    kinds.setdefault(id(n), "deferred")
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        out: dict[str, str] = {}
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                while t and t not in files:  # "pkg.mod.func" -> "pkg.mod"
                    t = t.rpartition(".")[0]
                if t and t != name:
                    kind = kinds.get(id(node), "module")
                    if t not in out or RANK[kind] < RANK[out[t]]:
                        out[t] = kind
        graph[name] = out
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module, each sorted, sorted (Tarjan, no recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        work = [(root, iter(sorted(graph[root])))]
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp: list[str] = []
                while True:
                    m = stack.pop()
                    on.discard(m)
                    comp.append(m)
                    if m == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return sorted(out)


def without_router(graph: dict[str, dict[str, str]]) -> dict[str, set[str]]:
    """Every edge except the router's deferred imports (a route function importing the screen it opens)."""
    return {m: {t for t, kind in deps.items() if not (m == ROUTER and kind == "deferred")}
            for m, deps in graph.items()}


def test_the_graph_reader_counts_deferred_and_type_only_imports(tmp_path: Path) -> None:
    pkg = tmp_path / "game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.b import B\n")
    (pkg / "b.py").write_text("def f() -> None:\n    from game import c\n")
    (pkg / "c.py").write_text("import game.a\n")
    graph = full_graph(tmp_path)
    assert graph["game.a"] == {"game.b": "typing"}
    assert graph["game.b"] == {"game": "deferred", "game.c": "deferred"}  # the package runs too
    assert graph["game.c"] == {"game.a": "module"}
    assert cycles({m: set(d) for m, d in graph.items()}) == [["game.a", "game.b", "game.c"]]
    assert cycles({"x": {"y"}, "y": set()}) == []


def test_no_cycle_in_game_but_the_routers_screen_imports() -> None:
    graph = full_graph()
    assert "game.play.screen" in graph[ROUTER] or "game.play.open" in graph[ROUTER]  # the reader sees the router
    assert cycles(without_router(graph)) == []


def test_render_is_a_leaf_under_ui() -> None:
    """No module of game/render imports game/ui (or anything above it: screens, routes, the context)."""
    graph = full_graph()
    above = ("game.ui", "game.routes", "game.context", "game.app", "game.shell", "game.play", "game.race",
             "game.lab", "game.puzzle", "game.editor")
    bad = sorted((m, t) for m, deps in graph.items() if m.startswith("game.render")
                 for t in deps if t.startswith(above))
    assert bad == [], f"game/render reaching up: {bad}"
