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
    from game.routes import Route

    builds: list[object] = []
    build = MazeLayer._build_geometry

    def counted(self: MazeLayer) -> None:
        builds.append(self)
        build(self)

    monkeypatch.setattr(MazeLayer, "_build_geometry", counted)
    view = ctx.go(Route.PLAY_CODE, MazeSpec.create("square", 20, 20, "backtracker", seed=1).code())
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
    from game.workers import PROGRESS_FPS

    gate = threading.Event()
    view = RaceLoadingView(ctx, lambda: gate.wait(10), lambda _s: view)
    real, view.task = view.task, StubTask(message="building the maze")  # type: ignore[assignment]
    ctx.show(view)
    drawn = 0
    for i in range(round(10 / TICK)):  # ten seconds of a build that reports nothing new
        view.task.elapsed = i * TICK  # type: ignore[misc]
        view.on_update(TICK)
        if view.needs_redraw():
            view.on_draw()
            drawn += 1
    assert 10 * PROGRESS_FPS * 0.8 <= drawn <= 10 * (PROGRESS_FPS + 1) + 2, drawn  # the spinner, not 60 a second
    gate.set()
    real.wait(5)


@pytest.mark.parametrize("size", [20, 100])
def test_a_play_frame_copies_the_still_maze_and_draws_only_the_player_and_hud(window, ctx, size):
    from game.routes import Route

    view = ctx.go(Route.PLAY_CODE, MazeSpec.create("square", size, size, "backtracker", seed=1).code())
    frames(view, 200)  # the opening pulse, the camera settles
    layer = view.layer
    renders, draws = layer.image_renders, layer.static_draws
    for _ in range(5):
        view.on_draw()
    assert (layer.image_renders, layer.static_draws) == (renders, draws)  # five frames, the maze not redrawn


@pytest.mark.parametrize("shape", ["square", "hex", "circle"])
def test_a_race_frame_from_the_cached_maze_is_the_frame_drawn_directly(window, ctx, shape):
    """The race now copies its still maze from an image like the play screen: the same picture as drawing it
    (square walls pixel for pixel; a slanted wall's edge may rasterize a pixel or two apart in the image)."""
    import arcade

    from engine.modes.race import RaceSpec
    from engine.modes.race.session import RaceSession
    from game.race.view import RaceView

    spec = RaceSpec.create(MazeSpec.create(shape, 12, 10, "backtracker", seed=2), "runner", "normal")
    view = RaceView(ctx, RaceSession.for_spec(spec))
    ctx.show(view)
    for _ in range(240):  # past the countdown; the runner is on its way
        view.on_update(TICK)
    shots = []
    for _ in range(3):  # drawn directly (a new camera), then into the image, then copied from it
        view.on_draw()
        shots.append(np.asarray(arcade.get_image().convert("RGB"), dtype=np.int16))
    assert view.layer.image_renders == 1 and view.layer.static_draws == 2
    for shot in shots[1:]:
        differ = int(np.count_nonzero(np.abs(shot - shots[0]).sum(axis=2)))
        assert differ == 0 if shape == "square" else differ <= 8, differ
