"""The import graph of engine/ and game/ (module-level and function-level imports, from the AST) has no cycle.

Navigation goes through :mod:`game.routes` (``importlib`` at the time a route is
taken), so a view never needs to import another view's module.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "game")

#: Files owned by the navigation/shell work (cycles among these must never come back).
SHELL = {
    "game.app", "game.context", "game.routes", "game.ui", "game.format", "game.ui.input", "game.ui.screen",
    "game.shell.menu", "game.shell.levels", "game.play.view", "game.shell.pause", "game.shell.win",
    "game.shell.settings", "game.shell.code_entry", "game.shell.help", "game.render.camera",
    "game.render.maze_layer", "game.render.theme", "engine.modes.play", "engine.modes.campaign",
}


#: The navigation hub: its route functions import the screen they open when called (lazily), which is how
#: screens reach each other without importing each other; those imports are not counted as dependencies.
NAVIGATION = {"game.routes"}


def _module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """module -> modules of engine/game it imports anywhere in its file (``TYPE_CHECKING`` blocks excluded)."""
    files = {_module_name(p, root): p for pkg in PACKAGES for p in (root / pkg).rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(n) for node in ast.walk(tree) if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for stmt in node.body for n in ast.walk(stmt)
        }
        if name in NAVIGATION:  # a route function's import of its screen is the navigation, not a dependency
            typing_only |= {id(n) for node in tree.body if isinstance(node, ast.FunctionDef) for n in ast.walk(node)}
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        out: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in typing_only:
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
                while t and t not in files:  # "pkg.mod.func" -> "pkg.mod"
                    t = t.rpartition(".")[0]
                if t and t != name:
                    out.add(t)
        graph[name] = out
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (each one or more cycles), sorted."""
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


def test_cycle_finder_sees_function_level_imports(tmp_path):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    g = import_graph()
    assert "game.routes" in g["game.ui.screen"]  # module level
    assert "engine.codes" in g["game.app"]  # inside a function


def test_no_cycle_among_the_shell_modules():
    graph = import_graph()
    shell = {m: {t for t in deps if t in SHELL} for m, deps in graph.items() if m in SHELL}
    assert cycles(shell) == []
    for name in SHELL & set(graph):
        assert not any(c for c in cycles(graph) if name in c), f"{name} is in an import cycle"


def test_engine_never_imports_game_or_arcade():
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not any(n.split(".")[0] in ("game", "arcade", "pyglet") for n in names), path


def test_no_import_cycle_anywhere():
    assert cycles(import_graph()) == []


#: The packages whose modules may define screens (arcade Views).
SCREEN_AREAS = ("game.shell", "game.play", "game.race", "game.lab", "game.puzzle", "game.editor")


def screen_modules() -> set[str]:
    """Modules of the screen areas that define a screen: a class whose name ends in ``View``."""
    out = set()
    for area in SCREEN_AREAS:
        for path in (ROOT / area.replace(".", "/")).glob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            if any(isinstance(n, ast.ClassDef) and n.name.endswith("View") for n in tree.body):
                out.add(f"{area}.{path.stem}")
    return out


def test_screen_finder_sees_the_screens():
    screens = screen_modules()
    assert {"game.shell.menu", "game.play.view", "game.race.view", "game.race.duo", "game.lab.view",
            "game.puzzle.view", "game.puzzle.setup"} <= screens
    assert not screens & {"game.race.open", "game.play.open", "game.race.screen", "game.race.summary"}


def test_screens_never_import_screens():
    """A screen reaches another screen only through :mod:`game.routes` (typed functions importing lazily)."""
    graph = import_graph()
    screens = screen_modules()
    bad = sorted((m, t) for m in screens for t in graph[m] if t in screens)
    assert bad == [], f"screens importing screens: {bad}"


def test_every_module_folder_stays_small():
    """No folder of engine/ or game/ holds more than 15 modules (the house readable at a glance)."""
    for pkg in PACKAGES:
        for folder in [ROOT / pkg, *(p for p in (ROOT / pkg).rglob("*") if p.is_dir() and p.name != "__pycache__")]:
            modules = list(folder.glob("*.py"))
            assert len(modules) <= 15, f"{folder.relative_to(ROOT)} has {len(modules)} modules"


def test_modules_stay_short():
    """No game module over 450 lines, no engine module over 600."""
    limits = {"engine": 600, "game": 450}
    for pkg, limit in limits.items():
        for path in (ROOT / pkg).rglob("*.py"):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            assert lines <= limit, f"{path.relative_to(ROOT)} has {lines} lines (limit {limit})"
