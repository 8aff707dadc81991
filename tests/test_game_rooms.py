"""The rooms of game/ do not knot: its import graph, counting every import (module level, inside functions and
under ``TYPE_CHECKING``), has no cycle except :mod:`game.routes`' deferred screen imports (the router), and the
drawing folder ``game/render`` is a leaf under the screen parts of ``game/ui`` (never the reverse).

The graph is read from the source (``ast``), so an import hidden in a function or a type-only block counts as the
dependency it is.
"""

from __future__ import annotations

from pathlib import Path

from tests.test_imports import cycles, structure

ROOT = Path(__file__).resolve().parent.parent

#: The router: its route functions import the screen they open when called; that is the one allowed cycle.
ROUTER = "game.routes"


#: Which kind of import names an edge when a module imports another more than one way (module level first).
RANK = {"module": 0, "typing": 1, "deferred": 2}


def full_graph(root: Path = ROOT, package: str = "game") -> dict[str, dict[str, str]]:
    """module -> {imported module of ``package``: how ("module", "deferred" inside a function or class body, or
    "typing" under ``if TYPE_CHECKING``)}; the first kind met wins, module level first (read by
    ``tools/structure.py``'s :func:`import_kinds`, the one import-graph reader)."""

    def kind(placed: frozenset[str]) -> str:
        return "typing" if "typing" in placed else "deferred" if "deferred" in placed else "module"

    return {name: {t: min((kind(p) for p in places), key=RANK.__getitem__) for t, places in deps.items()}
            for name, deps in structure.import_kinds(root, (package,)).items()}


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
    above = ("game.ui", "game.bases", "game.routes", "game.context", "game.app", "game.shell", "game.play",
             "game.race", "game.lab", "game.puzzle", "game.editor")
    bad = sorted((m, t) for m, deps in graph.items() if m.startswith("game.render")
                 for t in deps if t.startswith(above))
    assert bad == [], f"game/render reaching up: {bad}"


def test_the_ui_kit_is_below_the_context() -> None:
    """game/ui is the widget and input kit the context uses: none of its modules imports the context, the screen
    bases (game/bases) or anything above them; the bases stand on the context."""
    graph = full_graph()
    above = ("game.context", "game.bases", "game.routes", "game.app", "game.codes", "game.modes", "game.shell",
             "game.play", "game.race", "game.lab", "game.puzzle", "game.editor")
    bad = sorted((m, t) for m, deps in graph.items() if m == "game.ui" or m.startswith("game.ui.")
                 for t in deps if t == "game.context" or t.startswith(above))
    assert bad == [], f"game/ui reaching up: {bad}"
    assert "game.context" in graph["game.bases.screen"] and "game.ui" in graph["game.context"]
