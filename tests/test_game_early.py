"""``tessera play CODE`` of a big maze: the maze is made in a thread while the window opens (game.play.early), and
the play screen takes it instead of building it again (the same maze, its path and pictures ready)."""

from __future__ import annotations

import pytest

import game.play.early as early
from engine.cli.parser import WindowRequest
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path

SPEC = MazeSpec("hex", 20, 15, "backtracker", {}, 0, 8)  # 300 cells: "big" once the threshold is 100


@pytest.fixture
def small_big(monkeypatch):
    """Mazes over 100 cells count as big (a 20x15 maze stands in for a 300x300 one); no early build left over."""
    import game.play.open as play_open

    monkeypatch.setattr(early, "BIG_MAZE_CELLS", 100)
    monkeypatch.setattr(play_open, "BIG_MAZE_CELLS", 100)
    monkeypatch.setattr(early, "_early", None)
    yield
    task = early._early
    if task is not None:
        task.wait(10)


def _no_progress(fraction: float, message: str) -> None:
    pass


def _made(spec: MazeSpec):
    got = early.take(spec, _no_progress, lambda: False)
    assert got is not None
    return got


def test_a_big_maze_code_is_made_early_with_its_way_and_pictures(small_big):
    from game.render import geometry, raster

    early.start("play", SPEC.code())
    maze = _made(SPEC)
    assert maze.digest() == SPEC.build().digest()
    assert maze._cache.get("way") == shortest_path(maze.open_lists(), maze.start, maze.goal)
    assert geometry.prepared(maze)  # the picture's arrays: the window's thread only uploads them
    assert raster.overview(maze) is raster.overview(maze)  # made once
    assert early.take(SPEC, _no_progress, lambda: False) is None  # handed over once


@pytest.mark.parametrize("command, code", [
    ("play", None),
    ("lab", SPEC.code()),
    ("duo", SPEC.code()),
    ("play", "M2.NOT-A-CODE"),
    ("play", MazeSpec("hex", 8, 6, "backtracker", {}, 0, 8).code()),  # small: built on the spot
])
def test_nothing_is_made_early_for_anything_else(small_big, command, code):
    early.start(command, code)
    assert early.take(SPEC, _no_progress, lambda: False) is None


def test_a_dark_maze_is_made_early_without_the_lit_pictures(small_big):
    from game.render import geometry

    dark = SPEC.with_dark(True)
    early.start("play", dark.code())
    maze = _made(dark)
    assert maze.digest() == SPEC.build().digest()
    assert not geometry.prepared(maze)


def test_another_maze_is_not_taken_and_is_built_as_usual(small_big):
    early.start("play", SPEC.code())
    other = SPEC.with_seed(9)
    assert early.take(other, _no_progress, lambda: False) is None


def test_a_cancelled_wait_gives_nothing_and_stops_the_build(small_big, monkeypatch):
    import threading

    gate = threading.Event()
    made = early.prepare_maze

    def slow(spec, progress, cancelled):
        gate.wait(10)
        return None if cancelled() else made(spec, progress, cancelled)

    monkeypatch.setattr(early, "prepare_maze", slow)
    early.start("play", SPEC.code())
    task = early._early
    assert early.take(SPEC, _no_progress, lambda: True) is None
    assert task is not None and task.cancelled
    gate.set()
    assert early.take(SPEC, _no_progress, lambda: False) is None  # handed over (and dropped) once


def test_the_play_screen_opens_at_once_on_a_maze_made_early(small_big, window, ctx):
    from game.play.open import open_code
    from game.play.view import PlayView

    early.start("play", SPEC.code())
    assert early._early is not None and early._early.wait(10)
    view = open_code(ctx, SPEC.code())
    assert isinstance(view, PlayView)  # no loading screen: the maze is ready
    assert view.maze.digest() == SPEC.build().digest()
    assert view.session.shortest_way == shortest_path(view.maze.open_lists(), view.maze.start, view.maze.goal)
    window.show_view(view)
    view.on_draw()


def test_the_loading_screen_waits_for_a_maze_still_being_made(small_big, window, ctx, monkeypatch):
    import threading
    import time

    from game.play.open import open_code
    from game.play.view import PlayView
    from game.shell.loading import LoadingView

    gate = threading.Event()
    made = early.prepare_maze

    def slow(spec, progress, cancelled):
        progress(0.3, "Generating the early cells")
        gate.wait(10)
        return made(spec, progress, cancelled)

    monkeypatch.setattr(early, "prepare_maze", slow)
    builds = []
    real_build = MazeSpec.build
    monkeypatch.setattr(MazeSpec, "build", lambda self: builds.append(1) or real_build(self))
    early.start("play", SPEC.code())
    view = open_code(ctx, SPEC.code())
    assert isinstance(view, LoadingView)
    window.show_view(view)
    for _ in range(500):  # the loading screen shows how far the early build got
        if view.task.progress() == (0.3, "Generating the early cells"):
            break
        time.sleep(0.01)
    assert view.task.progress() == (0.3, "Generating the early cells")
    gate.set()
    for _ in range(500):
        view.on_update(1 / 60)
        if isinstance(window.current_view, PlayView):
            break
        time.sleep(0.01)
    assert isinstance(window.current_view, PlayView)
    assert window.current_view.maze.digest() == real_build(SPEC).digest()
    assert len(builds) == 1  # built once, early, not again by the loading screen


def test_the_launcher_starts_the_early_build_before_the_window(monkeypatch):
    import game.app
    import game.launcher

    seen: list[object] = []
    monkeypatch.setattr(early, "start", lambda command, code: seen.append(("early", command, code)))
    monkeypatch.setattr(game.app, "run", lambda request: seen.append(("window", request)) or 0)
    request = WindowRequest("play", SPEC.code())
    assert game.launcher.open_window(request) == 0
    assert seen == [("early", "play", SPEC.code()), ("window", request)]


def test_a_maze_remembers_its_shortest_way_until_it_is_edited():
    from engine.modes.play import shortest_way

    maze = SPEC.build()
    way = shortest_way(maze)
    assert way == shortest_path(maze.open_lists(), maze.start, maze.goal)
    assert shortest_way(maze) is way
    maze.invalidate()
    assert shortest_way(maze) == way and shortest_way(maze) is not way


def test_the_shipped_campaign_is_read_once_and_kept_without_packs(tmp_path):
    from engine.modes.campaign import shipped_campaign
    from engine.modes.packs import with_packs

    first = shipped_campaign()
    assert shipped_campaign() is first
    assert with_packs(first, tmp_path) is first  # no pack: nothing to add, the same campaign (and code index)


def test_starting_the_early_build_leaves_numpy_and_arcade_to_its_thread():
    import subprocess
    import sys

    probe = ("import sys, game.play.early as e; e.start('play', None); "
             "print(sorted(m for m in ('numpy', 'arcade', 'pyglet', 'engine.maze.model') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"  # the main thread goes straight on to import arcade; the thread does the rest
