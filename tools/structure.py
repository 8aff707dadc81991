"""Structure report of engine/ and game/: the figures a redesign is judged by.

Prints modules per folder, the height of the engine's import tower (the longest chain of
imports between engine modules), the largest modules, classes and functions, and the
screen-to-screen imports.  Reads only the source tree given (default: this checkout)::

    python tools/structure.py [ROOT]
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

PACKAGES = ("engine", "game")


def module_name(root: Path, path: Path) -> str:
    """``engine/maze/model.py`` -> ``engine.maze.model`` (``__init__`` -> the package)."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path) -> dict[str, set[str]]:
    """module -> engine/game modules it imports anywhere (``TYPE_CHECKING`` blocks excluded)."""
    files = {module_name(root, p): p for pkg in PACKAGES for p in (root / pkg).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = {id(n) for node in ast.walk(tree)
                if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
                for stmt in node.body for n in ast.walk(stmt)}
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        out: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for t in targets:
                while t and t not in files:
                    t = t.rpartition(".")[0]
                if t and t != name:
                    out.add(t)
        graph[name] = out
    return graph


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
            name = module_name(root, p)
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
    graph = import_graph(root)
    chain = tower(graph, "engine")
    print(f"engine import tower: {len(chain)} floors: {' -> '.join(chain)}")
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
