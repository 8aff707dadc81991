"""One command-line package: argparse and the ``tessera`` subcommands live only in ``engine/cli/``.

Scanned from the AST of every module in ``engine/`` and ``game/`` (imports at module level and inside
functions, ``TYPE_CHECKING`` blocks included, plus module names written as strings for ``importlib``):

* ``argparse`` is imported only by modules under ``engine/cli/``;
* ``engine.cli`` (the package or any of its modules) is imported by nothing in ``engine/`` outside
  ``engine/cli/``, and in ``game/`` only by :mod:`game.launcher` (the console script).
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "game")
CLI = "engine.cli"
#: Outside engine/cli/, the only modules that may import engine.cli.
#: The launcher hands window subcommands over; game.app takes them as the parser typed them (WindowRequest).
CLI_IMPORTERS = {"game.launcher", "game.app"}
#: A module name written as a string (``"engine.cli.show"``, ``"engine.cli:main"``), as importlib tables hold them.
_MODULE_STRING = re.compile(r"[A-Za-z_][\w.]*(?::\w+)?")


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def imported_names(name: str, path: Path) -> set[str]:
    """Every module name ``path`` (module ``name``) imports, absolute, plus module names in its string constants."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[: len(parts) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and _MODULE_STRING.fullmatch(node.value):
            out.add(node.value.partition(":")[0])
    return out


def _is(module: str, top: str) -> bool:
    return module == top or module.startswith(top + ".")


def _in_cli(name: str) -> bool:
    return _is(name, CLI)


@functools.cache
def scan() -> tuple[dict[str, Path], dict[str, set[str]]]:
    """Every module of engine/ and game/ and the names each imports, parsed once, when a test first asks
    (not while collecting, which every test worker does)."""
    modules = _modules()
    return modules, {name: imported_names(name, path) for name, path in modules.items()}


def test_the_scan_sees_the_cli_package():
    modules, imports = scan()
    assert {"engine.cli", "engine.cli.parsing", "engine.cli.show", "engine.cli.puzzle", "game.launcher"} <= set(modules)
    assert any(_is(m, "argparse") for m in imports["engine.cli.parsing"])
    assert any(_in_cli(m) for m in imports["game.launcher"])


def test_argparse_is_imported_only_under_engine_cli():
    _, imports = scan()
    offenders = sorted(name for name, names in imports.items()
                       if not _in_cli(name) and any(_is(m, "argparse") for m in names))
    assert offenders == [], f"argparse imported outside engine/cli/: {offenders}"


def test_engine_cli_is_imported_only_by_itself_and_the_launcher():
    _, imports = scan()
    offenders = sorted(name for name, names in imports.items()
                       if not _in_cli(name) and name not in CLI_IMPORTERS and any(_in_cli(m) for m in names))
    assert offenders == [], f"engine.cli imported outside engine/cli/ (only game.launcher may): {offenders}"


@pytest.mark.parametrize("source, found", [
    ("import argparse", {"argparse"}),
    ("def f():\n    from argparse import Namespace", {"argparse", "argparse.Namespace"}),
    ("from engine import cli", {"engine", "engine.cli"}),
    ("import engine.cli.show as s", {"engine.cli.show"}),
    ("M = ('engine.cli.puzzle', 'x y')", {"engine.cli.puzzle"}),
])
def test_the_scan_finds_every_spelling(tmp_path, source, found):
    path = tmp_path / "mod.py"
    path.write_text(source, encoding="utf-8")
    assert found <= imported_names("engine.mod", path)


def test_relative_imports_are_resolved(tmp_path):
    path = tmp_path / "mod.py"
    path.write_text("from ..cli import main\nfrom . import parsing\n", encoding="utf-8")
    names = imported_names("engine.maze.mod", path)
    assert "engine.cli" in names and "engine.cli.main" in names and "engine.maze.parsing" in names
