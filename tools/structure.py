"""Structure report of engine/ and game/: the figures a redesign is judged by, and the one import-graph reader.

Prints modules per folder, the height of the engine's import tower (the longest chain of
imports between engine modules) counted at module level and counted fully, the import cycles
counted fully, the largest modules, classes and functions.  Reads only the source tree given
(default: this checkout); imports nothing of it::

    python tools/structure.py [ROOT]

:func:`import_graph` is what ``tests/test_imports.py`` checks (it loads this file by path).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Collection
from functools import cache
from pathlib import Path

PACKAGES = ("engine", "game")
#: The last trees :func:`import_kinds` read, by its files' paths, sizes and modification times.
_READ: dict[tuple[object, ...], dict[str, dict[str, set[frozenset[str]]]]] = {}


def module_name(path: Path, root: Path) -> str:
    """``engine/maze/grids/__init__.py`` -> ``engine.maze.grids``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_kinds(root: Path, packages: Collection[str] = PACKAGES,
                 navigation: Collection[str] = ()) -> dict[str, dict[str, set[frozenset[str]]]]:
    """module -> {imported module of ``packages``: how each import of it is placed} (from the AST; nothing is
    imported).  A placement is the set of what encloses the import: ``"typing"`` (an ``if TYPE_CHECKING:``
    block), ``"deferred"`` (a function or method); the empty set is module level.

    Args:
        navigation: modules whose top-level functions' imports are navigation (a router opening a screen
            when called), not dependencies: not counted.
    """
    files = {module_name(p, root): p for pkg in packages for p in (root / pkg).rglob("*.py")}
    # The same tree read again (the tests ask several times per process) comes from the last reading: the key
    # holds every file's path, size and modification time, so any change is read afresh.
    key = (tuple(packages), tuple(navigation),
           tuple((str(p), (st := p.stat()).st_size, st.st_mtime_ns) for p in files.values()))
    if key in _READ:
        return {name: {t: set(places) for t, places in out.items()} for name, out in _READ[key].items()}
    graph: dict[str, dict[str, set[frozenset[str]]]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        out: dict[str, set[frozenset[str]]] = {}
        for node, placed in _placed_imports(tree, skip_functions=name in navigation):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                while t and t not in files:  # "pkg.mod.func" -> "pkg.mod"
                    t = t.rpartition(".")[0]
                if t and t != name:
                    out.setdefault(t, set()).add(placed)
        graph[name] = out
    if len(_READ) >= 8:  # a few readings (packages, navigation) of one tree; never an unbounded pile
        _READ.clear()
    _READ[key] = {name: {t: set(places) for t, places in out.items()} for name, out in graph.items()}
    return graph


def _placed_imports(tree: ast.Module, skip_functions: bool) -> list[tuple[ast.Import | ast.ImportFrom, frozenset[str]]]:
    """Every import statement of ``tree`` with its placement (see :func:`import_kinds`), in ``ast.walk`` order.

    One pass over the tree: a node inside the body of an ``if ...TYPE_CHECKING...:`` is ``"typing"``, a node
    inside a function or method ``"deferred"``; with ``skip_functions``, the imports inside the module's top-level
    functions are left out.
    """
    found: list[tuple[int, int, ast.Import | ast.ImportFrom, frozenset[str]]] = []
    # (node, depth, typing, deferred); a node's rank in ast.walk's breadth-first order is (depth, visit order
    # within its depth), which the sort below restores.
    stack: list[tuple[ast.AST, int, bool, bool]] = [(tree, 0, False, False)]
    order = 0
    while stack:
        node, depth, typing, deferred = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            kinds = frozenset(k for k, on in (("typing", typing), ("deferred", deferred)) if on)
            found.append((depth, order, node, kinds))
        order += 1
        children: list[tuple[ast.AST, int, bool, bool]] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            children = [(c, depth + 1, typing, True) for c in ast.iter_child_nodes(node)]
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            body = {id(c) for c in node.body}
            children = [(c, depth + 1, typing or id(c) in body, deferred) for c in ast.iter_child_nodes(node)]
        elif isinstance(node, ast.Module):
            children = [(c, 1, False, False) for c in node.body
                        if not (skip_functions and isinstance(c, ast.FunctionDef))]
        else:
            children = [(c, depth + 1, typing, deferred) for c in ast.iter_child_nodes(node)]
        stack.extend(reversed(children))
    return [(node, kinds) for _, _, node, kinds in sorted(found, key=lambda f: (f[0], f[1]))]


def import_graph(root: Path, *, typing: bool = True, deferred: bool = True,
                 navigation: Collection[str] = ()) -> dict[str, set[str]]:
    """module -> the modules of engine/ and game/ it imports (see :func:`import_kinds`).

    Args:
        typing: count imports inside ``if TYPE_CHECKING:`` blocks.
        deferred: count imports inside functions and methods (module level only when False).
        navigation: as for :func:`import_kinds`.
    """
    allowed = {k for k, on in (("typing", typing), ("deferred", deferred)) if on}
    return {name: {t for t, places in out.items() if any(p <= allowed for p in places)}
            for name, out in import_kinds(root, navigation=navigation).items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (each holds one or more cycles), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
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
                comp = []
                while True:
                    m = stack.pop()
                    on.discard(m)
                    comp.append(m)
                    if m == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return sorted(out)


def tower(graph: dict[str, set[str]], prefix: str) -> list[str]:
    """The longest import chain among modules starting with ``prefix`` (cycles broken by a visit guard)."""
    inside = {m: {t for t in deps if t.startswith(prefix)} for m, deps in graph.items() if m.startswith(prefix)}

    @cache
    def longest(m: str, guard: frozenset[str]) -> tuple[str, ...]:
        best: tuple[str, ...] = ()
        for t in sorted(inside.get(m, ())):
            if t not in guard:
                chain = longest(t, guard | {t})
                if len(chain) > len(best):
                    best = chain
        return (m, *best)

    sys.setrecursionlimit(10_000)
    chains: list[tuple[str, ...]] = [longest(m, frozenset({m})) for m in sorted(inside)]
    if not chains:
        return []
    top: tuple[str, ...] = max(chains, key=len)
    return list(top)


def sizes(root: Path) -> tuple[list[tuple[int, str]], list[tuple[int, str]], list[tuple[int, str]]]:
    """(modules, classes, functions) as ``(lines, name)``, largest first."""
    mods: list[tuple[int, str]] = []
    classes: list[tuple[int, str]] = []
    funcs: list[tuple[int, str]] = []
    for pkg in PACKAGES:
        for p in (root / pkg).rglob("*.py"):
            text = p.read_text(encoding="utf-8")
            name = module_name(p, root)
            mods.append((len(text.splitlines()), name))
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                    span = (node.end_lineno or node.lineno) - node.lineno + 1
                    (classes if isinstance(node, ast.ClassDef) else funcs).append((span, f"{name}.{node.name}"))
    return sorted(mods, reverse=True), sorted(classes, reverse=True), sorted(funcs, reverse=True)


def main(argv: list[str]) -> int:
    root = Path(argv[1] if len(argv) > 1 else Path(__file__).resolve().parent.parent)
    folders = sorted(((len(list(d.glob("*.py"))), str(d.relative_to(root))) for pkg in PACKAGES
                      for d in [root / pkg, *(root / pkg).rglob("*")] if d.is_dir() and d.name != "__pycache__"),
                     reverse=True)
    print("modules per folder:", ", ".join(f"{f} {n}" for n, f in folders if n))
    graph = import_graph(root, typing=False, deferred=False)
    chain = tower(graph, "engine")
    print(f"engine import tower, module level: {len(chain)} floors: {' -> '.join(chain)}")
    full = import_graph(root)
    print(f"engine import tower, counted fully (deferred and TYPE_CHECKING too): {len(tower(full, 'engine'))} floors")
    engine_full = {m: {t for t in deps if t.startswith("engine")} for m, deps in full.items() if m.startswith("engine")}
    print("engine import cycles, counted fully:", "; ".join(" ".join(c) for c in cycles(engine_full)) or "none")
    model = {m: {t for t in deps if not t.startswith("engine.cli")} for m, deps in graph.items()
             if not m.startswith("engine.cli")}
    chain = tower(model, "engine")
    print(f"  without the command line: {len(chain)} floors: {' -> '.join(chain)}")
    mods, classes, funcs = sizes(root)
    print("largest modules:", ", ".join(f"{n} {m}" for m, n in mods[:5]))
    print("largest classes:", ", ".join(f"{n} {m}" for m, n in classes[:5]))
    print("largest functions:", ", ".join(f"{n} {m}" for m, n in funcs[:5]))
    over = [f"{n} ({m})" for m, n in mods if m > (600 if n.startswith("engine") else 450)]
    print("modules over the limits (engine 600, game 450 lines):", ", ".join(over) or "none")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
