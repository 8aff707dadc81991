"""The import graph of engine/ and game/ (module-level and function-level imports, from the AST) has no cycle.

Navigation goes through :mod:`game.routes` (``importlib`` at the time a route is
taken), so a view never needs to import another view's module.
"""

from __future__ import annotations

import ast
import importlib.util
import warnings
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "game")

#: Files owned by the navigation/shell work (cycles among these must never come back).
SHELL = {
    "game.app", "game.context", "game.routes", "game.ui", "game.format", "game.ui.input", "game.bases.screen",
    "game.shell.menu", "game.shell.levels", "game.play.view", "game.shell.pause", "game.shell.win",
    "game.shell.settings", "game.shell.code_entry", "game.shell.help", "game.render.camera",
    "game.render.maze_layer", "game.render.theme", "engine.modes.play", "engine.modes.campaign",
}


#: The navigation hub: its route functions import the screen they open when called (lazily), which is how
#: screens reach each other without importing each other; those imports are not counted as dependencies.
NAVIGATION = {"game.routes"}


def _load_structure() -> ModuleType:
    """``tools/structure.py``, the one import-graph reader (loaded by path: tools/ is not a package)."""
    spec = importlib.util.spec_from_file_location("tessera_structure", ROOT / "tools" / "structure.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


structure = _load_structure()
cycles = structure.cycles


def _module_name(path: Path, root: Path = ROOT) -> str:
    return str(structure.module_name(path, root))


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """module -> modules of engine/game it imports anywhere in its file (``TYPE_CHECKING`` blocks excluded;
    :data:`NAVIGATION`'s route functions excluded)."""
    graph: dict[str, set[str]] = structure.import_graph(root, typing=False, navigation=NAVIGATION)
    return graph


def full_engine_graph(root: Path = ROOT) -> dict[str, set[str]]:
    """engine module -> the engine modules it imports: module level, inside functions and under ``TYPE_CHECKING``."""
    graph: dict[str, set[str]] = structure.import_graph(root)
    return {m: {t for t in deps if t.startswith("engine")} for m, deps in graph.items() if m.startswith("engine")}


def test_cycle_finder_sees_function_level_imports(tmp_path):
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    g = import_graph()
    assert "game.routes" in g["game.bases.screen"]  # module level
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


def test_the_engine_has_no_import_cycle_counting_deferred_and_type_checking_imports():
    """engine/ counted fully: module-level, in-function and ``TYPE_CHECKING`` imports (the code frame sits below
    every kind, the door over the kinds above them)."""
    graph = full_engine_graph()
    assert cycles(graph) == []
    assert "engine.maze.recipe" in graph["engine.codes"]  # the door sits above the kinds
    assert "engine.codes" not in graph["engine.maze.grids"] and "engine.codes" not in graph["engine.maze.masks"]
    assert "engine.maze.recipe" not in graph["engine.level"]


def test_the_full_reader_counts_deferred_and_type_checking_imports(tmp_path):
    pkg = tmp_path / "engine"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from engine import b\n")
    (pkg / "b.py").write_text("def f():\n    from engine.c import x\n")
    (pkg / "c.py").write_text("import engine.a\nx = 1\n")
    (tmp_path / "game").mkdir()
    assert cycles(full_engine_graph(tmp_path)) == [["engine.a", "engine.b", "engine.c"]]
    assert cycles(import_graph(tmp_path)) == []  # type-only imports are not counted there


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


#: The sizes the report names (a smoke alarm, never a failure): modules per folder, lines per module.
FOLDER_MODULES = 15
MODULE_LINES = {"engine": 600, "game": 450}


def big_folders(root: Path = ROOT) -> list[str]:
    """``folder: n modules`` for every folder of engine/ or game/ holding more than :data:`FOLDER_MODULES`."""
    found = []
    for pkg in PACKAGES:
        for folder in [root / pkg, *(p for p in (root / pkg).rglob("*") if p.is_dir() and p.name != "__pycache__")]:
            count = len(list(folder.glob("*.py")))
            if count > FOLDER_MODULES:
                found.append(f"{folder.relative_to(root).as_posix()}: {count} modules (over {FOLDER_MODULES})")
    return found


def long_modules(root: Path = ROOT) -> list[str]:
    """``path: n lines`` for every module over its package's :data:`MODULE_LINES`."""
    found = []
    for pkg, limit in MODULE_LINES.items():
        for path in sorted((root / pkg).rglob("*.py")):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > limit:
                found.append(f"{path.relative_to(root).as_posix()}: {lines} lines (over {limit})")
    return found


def _report(what: str, found: list[str]) -> None:
    """Print and warn about ``found`` (the size checks report, they never fail a run)."""
    if found:
        text = f"{what}:\n  " + "\n  ".join(found)
        print(text)
        warnings.warn(text, stacklevel=2)


def test_every_module_folder_stays_small():
    """Folders of engine/ or game/ over 15 modules are reported (printed and warned), never a failure: the house
    readable at a glance is a smoke alarm, not a gate."""
    _report("folders over the size the house reads at a glance", big_folders())


def test_modules_stay_short():
    """Game modules over 450 lines and engine modules over 600 are reported (printed and warned), never a
    failure."""
    _report("modules over their length", long_modules())


def test_the_size_report_sees_big_folders_and_long_modules(tmp_path):
    folder = tmp_path / "game" / "wide"
    folder.mkdir(parents=True)
    for i in range(FOLDER_MODULES + 1):
        (folder / f"m{i}.py").write_text("")
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "long.py").write_text("x = 1\n" * (MODULE_LINES["engine"] + 1))
    assert big_folders(tmp_path) == [f"game/wide: {FOLDER_MODULES + 1} modules (over {FOLDER_MODULES})"]
    assert long_modules(tmp_path) == [f"engine/long.py: {MODULE_LINES['engine'] + 1} lines (over 600)"]


#: The files that once switched on the decoded code kinds; each kind now carries its own behaviour.
NO_KIND_SWITCH = ("engine/describe.py", "engine/share/lines.py", "game/format.py", "engine/maze/recipe.py",
                  "game/play/open.py", "engine/codes.py")
#: The decoded classes (one per code kind).
KIND_CLASSES = {"MazeSpec", "RaceSpec", "GhostCode", "PuzzleCode", "LevelCode"}


def _kind_switches(tree: ast.AST) -> list[int]:
    """Lines that test a value against a decoded kind's class: ``isinstance(x, K)`` or ``case K():``."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            classes = node.args[1] if len(node.args) > 1 else None
            names = {n.id for n in ast.walk(classes) if isinstance(n, ast.Name)} if classes is not None else set()
            if names & KIND_CLASSES and "recipe" not in ast.unparse(node.args[0]):  # a Level's recipe: its type
                lines.append(node.lineno)
        if isinstance(node, ast.MatchClass) and ast.unparse(node.cls).rpartition(".")[2] in KIND_CLASSES:
            lines.append(node.lineno)
    return lines


def test_no_switch_over_code_kinds_where_the_kinds_carry_their_behaviour():
    sample = "match d:\n    case MazeSpec():\n        pass\nisinstance(d, (RaceSpec, int))\n"
    assert _kind_switches(ast.parse(sample)) == [4, 2]
    for rel in NO_KIND_SWITCH:
        text = (ROOT / rel).read_text(encoding="utf-8")
        assert _kind_switches(ast.parse(text)) == [], rel
        assert 'startswith("L")' not in text, rel


def test_the_window_start_and_the_menu_leave_heavy_modules_for_later():
    """What the menu's first frame does not need stays unimported until used: the CLI's maze commands (numpy's
    generators, the level-code reader) behind ``game.app``'s window request, the modes' session classes
    behind the menu's buttons, every code kind's decoder (the menu's table names them by loaders), the generators
    behind the menu's carving maze (built after the first frame)."""
    import subprocess
    import sys

    code = (
        "import sys, game.app, game.shell.menu, game.render.backdrop\n"
        "heavy = ['engine.cli.maze_commands', 'engine.cli.maze_args',"
        " 'engine.puzzle.session', 'engine.modes.editor', 'engine.maze.generators', 'engine.codes',"
        " 'engine.puzzle.codes', 'engine.modes.race.code']\n"
        "print([m for m in heavy if m in sys.modules])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120,
                         cwd=ROOT)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr
