"""docs/ARCHITECTURE.md names only files, modules and names that exist, so it cannot go stale silently.

Checked from the text of the document, without importing anything:

* every path ``engine/...`` / ``game/...`` / ``tests/...`` (a ``.py`` file or a folder ending in ``/``) exists;
* every dotted name ``engine.x.y`` / ``game.x.y`` is a module or package, or a module followed by a name the
  module defines at its top level (``engine.codes.decode_any``: ``decode_any`` is defined in
  ``engine/codes.py``);
* every test named as ``tests/test_x.py::test_name`` is a function of that file.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "ARCHITECTURE.md"

#: ``engine/maze/model.py``, ``game/render/``, ``tests/test_imports.py`` (not glob patterns).
PATH = re.compile(r"(?<![\w./-])((?:engine|game|tests)/[\w/]*?(?:\w+\.py|/))(?![\w*])")
#: ``engine.maze.recipe.MazeSpec``, ``game.launcher:main``.
DOTTED = re.compile(r"(?<![\w./-])((?:engine|game)(?:[.:]\w+)+)")
#: ``tests/test_imports.py::test_no_import_cycle_anywhere``.
TEST_REF = re.compile(r"(tests/\w+\.py)::(\w+)")


def doc_text() -> str:
    return DOC.read_text(encoding="utf-8")


def module_file(name: str) -> Path | None:
    """The file of module or package ``name`` (dotted), or None."""
    base = ROOT.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


@cache
def top_level_names(path: Path) -> frozenset[str]:
    """Names a module defines at its top level (classes, functions, assignments, imports), ``if`` blocks included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                out.add(node.name)
            elif isinstance(node, ast.Assign):
                out.update(n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name))
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign)) and isinstance(node.target, ast.Name):
                out.add(node.target.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                out.update((a.asname or a.name).split(".")[0] for a in node.names)
            elif isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(node.orelse)
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(tree.body)
    return frozenset(out)


def dotted_problem(name: str) -> str | None:
    """Why ``name`` does not resolve, or None when it does."""
    parts = re.split(r"[.:]", name)
    for cut in range(len(parts), 0, -1):
        path = module_file(".".join(parts[:cut]))
        if path is None:
            continue
        if cut == len(parts):
            return None
        if cut == 1:
            break
        attr = parts[cut]
        if attr in top_level_names(path) or (path.name == "__init__.py" and (path.parent / attr).exists()):
            return None
        return f"{'.'.join(parts[:cut])} defines no {attr!r}"
    return "no such module"


def test_the_patterns_see_what_the_doc_writes():
    assert PATH.findall("see `engine/maze/model.py` and game/render/ (not game/views/*)") == [
        "engine/maze/model.py", "game/render/"]
    assert DOTTED.findall("`engine.codes.decode_any(text)` and `game.launcher:main`.") == [
        "engine.codes.decode_any", "game.launcher:main"]
    assert dotted_problem("engine.codes.decode_any") is None
    assert dotted_problem("engine.maze.grids") is None
    assert dotted_problem("engine.codes.no_such_name") is not None
    assert dotted_problem("game.views.play") is not None


def test_every_path_in_the_doc_exists():
    paths = sorted(set(PATH.findall(doc_text())))
    assert len(paths) > 40
    missing = [p for p in paths if not (ROOT / p).exists()]
    assert missing == [], f"docs/ARCHITECTURE.md names paths that do not exist: {missing}"


def test_every_module_name_in_the_doc_exists():
    names = sorted(set(DOTTED.findall(doc_text())))
    assert len(names) > 20
    bad = {n: why for n in names if (why := dotted_problem(n))}
    assert bad == {}, f"docs/ARCHITECTURE.md names modules or names that do not exist: {bad}"


def test_every_test_named_in_the_doc_exists():
    refs = sorted(set(TEST_REF.findall(doc_text())))
    assert len(refs) >= 8
    bad = [f"{f}::{t}" for f, t in refs if not (ROOT / f).is_file() or t not in top_level_names(ROOT / f)]
    assert bad == [], f"docs/ARCHITECTURE.md names tests that do not exist: {bad}"
