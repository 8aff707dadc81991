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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.test_imports import _module_name as module_name  # noqa: E402  (one import-graph reader)
from tests.test_imports import import_graph  # noqa: E402

PACKAGES = ("engine", "game")


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
