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
    from game.ui import arcade_speed as glyphs

    assert glyphs.install()["glyph bitmaps"]  # already installed by game.ui: the original is kept
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

    view = ctx.go(routes.play_code, MazeSpec.create("square", size, size, "backtracker", seed=1).code())
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


def test_a_gliding_camera_moves_the_still_image_instead_of_drawing_the_maze_again(window, ctx):
    """Walking a big maze, the camera glides after the player: each frame copies the maze's image at the new
    offset (the same picture as drawing the walls again), and a new image is made only past its margin."""
    import arcade

    from game.render.maze_layer import cache_margin

    view = ctx.go(routes.play_code, MazeSpec.create("square", 100, 100, "backtracker", seed=1).code())
    frames(view, 200)  # opened zoomed in on the player; the camera settles
    layer, cam = view.layer, view.viewport.cam
    assert cam.zoomed_in
    renders, draws = layer.image_renders, layer.static_draws
    shots = []
    for step in (40, 40):  # whole pixels, so drawing directly puts every wall where the copy does
        cam.x += step / cam.zoom
        cam.y -= step / 2 / cam.zoom
        view.on_draw()
        shots.append(np.asarray(arcade.get_image().convert("RGB"), dtype=np.int16))
    assert (layer.image_renders, layer.static_draws) == (renders, draws)  # copied twice, nothing drawn again
    layer.last_key = None  # the next frame draws the maze straight to the screen
    view.on_draw()
    assert layer.static_draws == draws + 1
    direct = np.asarray(arcade.get_image().convert("RGB"), dtype=np.int16)
    assert int(np.count_nonzero(np.abs(direct - shots[-1]).sum(axis=2))) == 0
    cam.x += (cache_margin(window.width, window.height) + 50) / cam.zoom  # past the image's margin
    view.on_draw()
    view.on_draw()
    assert layer.image_renders == renders + 1


def replay_in_parts(window, view, ticks: int, before=None, stop_at: int | None = None) -> int:
    """``ticks`` frames as the window draws them on software GL: each in the rectangles the screen names (the
    headless framebuffer keeps the last frame, like the back buffer that is never swapped); the parts drawn.
    ``before(i)`` runs before tick ``i``; the replay stops once ``stop_at`` parts are drawn."""
    parts = 0
    view.on_draw()
    for i in range(ticks):
        if before is not None:
            before(i)
        view.on_update(TICK)
        if not view.needs_redraw():
            continue
        rects = view.damage()
        if rects is None:
            view.on_draw()
            continue
        for rect in rects:
            assert rect[2] < window.width or rect[3] < window.height  # a part, never the whole window
            view.draw_part(rect)
            parts += 1
        if parts == stop_at:
            break
    return parts


def screen_now():
    import arcade

    return np.asarray(arcade.get_image().convert("RGB"), dtype=np.int16)


@pytest.mark.parametrize("shape", ["square", "hex", "triangle"])
def test_a_race_drawn_in_parts_is_the_race_drawn_whole(window, ctx, shape):
    """On software GL a race frame redraws only around the racers (and the top bar when a line changes): after
    seconds of such frames, with you walking too, the window shows exactly what one whole frame draws."""
    from engine.modes.race import RaceSpec
    from engine.modes.race.session import RaceSession
    from game.race.view import RaceView

    spec = RaceSpec.create(MazeSpec.create(shape, 16, 12, "backtracker", seed=3), "runner", "normal")
    view = RaceView(ctx, RaceSession.for_spec(spec))
    ctx.show(view)
    for _ in range(200):  # past the countdown (its lines redraw whole)
        view.on_update(TICK)
    view.on_draw()
    view.session.walk_to(view.race.maze.goal, explored_only=False)
    parts = replay_in_parts(window, view, 240)
    assert parts >= 100  # the racers moved in parts, not in whole frames
    drawn_in_parts = screen_now()
    view.on_draw()
    assert int(np.count_nonzero(np.abs(screen_now() - drawn_in_parts).sum(axis=2))) == 0


def test_an_idle_level_redraws_only_its_clock(window, ctx):
    view = ctx.go(routes.play_code, MazeSpec.create("square", 20, 20, "backtracker", seed=1).code())
    frames(view, 120)  # the opening pulse ends
    s = view.session
    s.walk_to(s.level.maze.open_lists()[s.cell][0])
    frames(view, 60)
    view._scene = view.scene()
    ctx.clock.advance(1.0)  # the clock shows the next second
    view.on_update(TICK)
    rects = view.damage()
    assert rects is not None and len(rects) == 1
    x, y, w, h = rects[0]
    assert y + h >= window.height and h <= view.hud_height + 2  # the top bar, where the clock is
    view.draw_part(rects[0])
    drawn_in_part = screen_now()
    view.on_draw()
    assert int(np.count_nonzero(np.abs(screen_now() - drawn_in_part).sum(axis=2))) == 0
    view.viewport.cam.zoom *= 1.25  # the camera changed: the whole window
    assert view.damage() is None


def test_a_restart_or_a_step_ahead_of_the_disc_is_redrawn(window, ctx):
    """A cell marked before the disc moves into it is redrawn whole; a restart (the trail cleared, reduced motion:
    no opening pulse) redraws the whole window."""
    ctx.store.set_setting("reduced_motion", "1")
    view = ctx.go(routes.play_code, MazeSpec.create("square", 20, 20, "backtracker", seed=1).code())
    frames(view, 30)
    s = view.session
    s.walk_to(s.level.maze.goal, explored_only=False)
    parts = replay_in_parts(window, view, 90)
    assert parts > 20
    drawn_in_parts = screen_now()
    view.on_draw()
    assert int(np.count_nonzero(np.abs(screen_now() - drawn_in_parts).sum(axis=2))) == 0
    view.restart()
    view.on_update(TICK)
    assert view.damage() is None
    guide = ctx.go(routes.guide)
    guide.on_draw()
    assert guide._scene is not None and guide.damage() is None  # it draws more than the play screen: whole frames


def test_a_progress_bar_alone_is_redrawn_in_its_rectangle(window, ctx):
    """While a table build runs, a frame where only the progress line and bar changed redraws their rectangle
    (on software GL); the picture is the one a whole frame draws."""
    from engine.puzzle.deal import Deal, deal_session
    from engine.puzzle.session import SolveKind
    from game.puzzle.view import PuzzleView

    view = PuzzleView(ctx, deal_session(Deal(4, 4, seed=1)))
    ctx.show(view)
    frames(view, 10)
    task = StubTask()
    view.jobs.solves[SolveKind.OPTIMAL] = (None, task)  # type: ignore[assignment]

    def build(i: int) -> None:
        task.elapsed = 0.5 + i * TICK
        task.fraction = i * TICK / 10

    assert replay_in_parts(window, view, round(6 / TICK), build, stop_at=15) == 15  # then a whole frame, same moment
    drawn_in_parts = screen_now()
    view.on_draw()
    assert int(np.count_nonzero(np.abs(screen_now() - drawn_in_parts).sum(axis=2))) == 0
    view.share.qr.shown = True
    assert view.damage() is None
    view.jobs.solves.clear()


def test_a_new_window_size_is_swapped_once_before_frames_are_copied_again(window):
    from game.render.present import Presenter

    presenter = Presenter(window)
    assert presenter.resized((1280, 800))  # nothing shown yet
    assert not presenter.resized((1280, 800))
    assert presenter.resized((800, 600))  # the back buffer must take the new size (a real swap)
    assert not presenter.resized((800, 600))
    assert presenter.resized((1280, 800))


def test_the_trail_looks_the_same_drawn_directly_and_over_the_copied_maze(window, ctx):
    """The visited marks are translucent: blended over the floor whether the still maze was just drawn (a new zoom
    or window size) or copied from its image.  They once came out opaque over a copy and blended over a direct
    draw, so a frame drawn in parts after a resize showed two-tone marks."""
    view = ctx.go(routes.play_code, MazeSpec.create("square", 8, 6, "backtracker", seed=1).code())
    frames(view, 120)
    s = view.session
    for _ in range(3):
        s.walk_to(s.level.maze.open_lists()[s.cell][0])
    frames(view, 120)
    shots = []
    view.viewport.cam.zoom *= 1.25  # a new zoom: drawn directly, then into the image, then copied from it
    for _ in range(3):
        view.on_draw()
        shots.append(screen_now())
    assert view.layer.static_draws >= 2
    for shot in shots[1:]:
        assert int(np.count_nonzero(np.abs(shot - shots[0]).sum(axis=2))) == 0


def test_a_hunted_puzzle_maze_drawn_in_parts_is_the_maze_drawn_whole(window, ctx):
    """The hunter's steps (and keys, doors and gates) change the maze away from the player: a frame drawn in parts
    must show them as a whole frame does (the star once stayed at its start, scraps of it where it passed)."""
    from engine.maze.rules.solver import solution_of

    ctx.store.set_setting("rules_seen", "")
    view = ctx.go(routes.play_code, "M2.S6X5.BT.QPE#PQP4-MK")  # The Hunter's first level
    frames(view, 120)  # the opening pulse ends
    assert view.intro.visible  # the rule's first screen: a key closes it, and it must leave the picture
    view.on_draw()
    from arcade import key

    view.on_key_press(key.SPACE, 0)
    assert not view.intro.visible and view.session.moves == 0  # the key closed it and was no move
    s = view.session
    best = list(solution_of(s.level.maze).actions)
    hunter_at = {s.rules.position.hunter}

    def step(i: int) -> None:
        hunter_at.add(s.rules.position.hunter)
        if i % 20 == 0 and best:
            a = best.pop(0)
            s.wait() if a is None else s.walk_to(a)

    replay_in_parts(window, view, 120, step)
    assert len(hunter_at) > 2  # it moved
    drawn_in_parts = screen_now()
    view.on_draw()
    assert int(np.count_nonzero(np.abs(screen_now() - drawn_in_parts).sum(axis=2))) == 0


def test_a_rules_first_screen_closed_by_a_key_leaves_no_trace_in_parts(window, ctx):
    """The panel that shows a new rule is closed by a key; the frames after it, drawn in parts, must not keep
    it on screen (it stayed up, over the maze, while the player walked)."""
    from arcade import key

    from engine.maze.rules.solver import solution_of

    ctx.store.set_setting("rules_seen", "")
    view = ctx.go(routes.play_code, "M2.S6X5.BT.QOE#LGDL-M3")  # One-way Streets' first level: no hunter
    frames(view, 120)
    assert view.intro.visible
    s = view.session
    best = list(solution_of(s.level.maze).actions)

    def step(i: int) -> None:
        if i == 0:
            view.on_key_press(key.SPACE, 0)
        elif i % 15 == 0 and best:
            s.walk_to(best.pop(0))

    replay_in_parts(window, view, 90, step)
    assert not view.intro.visible and s.moves >= 4
    drawn_in_parts = screen_now()
    view.on_draw()
    assert int(np.count_nonzero(np.abs(screen_now() - drawn_in_parts).sum(axis=2))) == 0
