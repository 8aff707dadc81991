"""What a frame costs, counted (no timing): the still maze is drawn once per level and zoom step, a progress
screen redraws a few times a second, new glyphs come out byte for byte as pyglet made them.

The CPU shares these counts buy are measured by ``bench/bench_frames.py`` (docs/BENCHMARKS.md).
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass, field

import numpy as np
import pytest
from arcade import key

from engine.maze.recipe import MazeSpec
from game import routes

TICK = 1 / 60


def test_glyph_expansion_is_pygletss_byte_for_byte():
    from game.ui import glyphs

    assert glyphs.install()  # already installed by game.ui: the original is kept
    assert glyphs.original is not None and glyphs.original is not glyphs.expand_to_rgba
    rng = np.random.default_rng(7)
    for n in (0, 1, 5, 17, 1000):
        buf = (ctypes.c_ubyte * n)(*rng.integers(0, 256, n).tolist())
        for src, dst in (("R", "BGRA"), ("R", "RGBA"), ("RGB", "RGBA"), ("L", "LA"), ("RGBA", "RGBA")):
            assert bytes(glyphs.expand_to_rgba(None, buf, src, dst)) == bytes(glyphs.original(None, buf, src, dst))


def frames(view, n: int) -> int:
    """``n`` ticks of update then draw-when-asked; the frames drawn."""
    drawn = 0
    for _ in range(n):
        view.on_update(TICK)
        if view.needs_redraw():
            view.on_draw()
            drawn += 1
    return drawn


def test_the_still_maze_is_built_once_per_level_and_drawn_once_per_zoom_step(window, ctx, monkeypatch):
    from game.render.maze_layer import MazeLayer

    builds: list[object] = []
    build = MazeLayer._build_geometry

    def counted(self: MazeLayer) -> None:
        builds.append(self)
        build(self)

    monkeypatch.setattr(MazeLayer, "_build_geometry", counted)
    view = ctx.go(routes.play_code, MazeSpec.create("square", 20, 20, "backtracker", seed=1).code())
    s = view.session
    assert s.walk_to(s.level.maze.open_lists()[s.cell][0])  # the clock runs from here on
    frames(view, 240)
    layer = view.layer
    assert builds == [layer]  # the geometry of the level: once
    assert layer.image_renders == 1  # its still picture: once, then copied while the clock ticks
    still = layer.static_draws
    window.dispatch_event("on_key_press", key.EQUAL, 0)  # zoom one step in on the player
    window.dispatch_event("on_key_release", key.EQUAL, 0)
    frames(view, 240)
    assert layer.image_renders == 2  # one more for the new zoom step
    assert layer.static_draws - still <= 60  # drawn directly only while the camera glided to the new zoom
    drawn = frames(view, 120)
    assert drawn <= 3 and layer.static_draws - still <= 60 and layer.image_renders == 2
    assert builds == [layer]


@dataclass
class StubTask:
    """A run that is out: its seconds are set by the test, its progress reported like a table build's."""

    elapsed: float = 0.0
    fraction: float = 0.0
    done: bool = False
    message: str = "pattern database 1 of 2"
    cancels: list[bool] = field(default_factory=list)

    def progress(self) -> tuple[float, str]:
        return self.fraction, self.message

    def cancel(self) -> None:
        self.cancels.append(True)


def test_a_progress_bar_redraws_a_few_times_a_second_not_every_frame(window, ctx):
    from engine.puzzle.deal import Deal, deal_session
    from engine.puzzle.session import SolveKind
    from game.puzzle.view import PuzzleView
    from game.workers import PROGRESS_FPS

    view = PuzzleView(ctx, deal_session(Deal(4, 4, seed=1)))
    ctx.show(view)
    frames(view, 10)
    task = StubTask()
    view.jobs.solves[SolveKind.OPTIMAL] = (None, task)  # type: ignore[assignment]
    seconds = 10.0
    drawn = 0
    for i in range(round(seconds / TICK)):
        task.elapsed = 0.5 + i * TICK
        task.fraction = i * TICK / seconds  # the bar fills over the ten seconds
        view.on_update(TICK)
        if view.needs_redraw():
            view.on_draw()
            drawn += 1
    assert "Building the optimal solver's tables" in view.t_progress.text
    assert PROGRESS_FPS <= 5
    assert seconds * PROGRESS_FPS * 0.8 <= drawn <= seconds * (PROGRESS_FPS + 1) + 2, drawn
    view.jobs.solves.clear()


def test_a_race_build_screen_redraws_when_its_line_changes(window, ctx):
    import threading

    from game.race.loading import RaceLoadingView

    gate = threading.Event()
    view = RaceLoadingView(ctx, lambda: gate.wait(10), lambda _s: view)
    ctx.show(view)
    view.needs_redraw()  # the first frame of a new screen
    view.on_draw()
    shown = view.shown()
    assert not view.needs_redraw() or view.shown() != shown  # nothing new: no frame
    view.task.started_at -= 1.0  # a second later: the seconds and the spinner moved
    assert view.needs_redraw()
    view.on_draw()
    assert not view.needs_redraw() or view.shown() != view._drawn
    gate.set()
    view.task.wait(5)


@pytest.mark.parametrize("size", [20, 100])
def test_a_play_frame_copies_the_still_maze_and_draws_only_the_player_and_hud(window, ctx, size):

    view = ctx.go(routes.play_code, MazeSpec.create("square", size, size, "backtracker", seed=1).code())
    frames(view, 200)  # the opening pulse, the camera settles
    layer = view.layer
    renders, draws = layer.image_renders, layer.static_draws
    for _ in range(5):
        view.on_draw()
    assert (layer.image_renders, layer.static_draws) == (renders, draws)  # five frames, the maze not redrawn
