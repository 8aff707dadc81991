"""The Lab in the headless window: step-mode carving equals the fast generator, solving, stats, export, compare."""

from __future__ import annotations

import numpy as np
import pytest
from arcade import key

from engine.maze.generators import generate
from engine.maze.grids import make_grid
from engine.maze.recipe import MazeSpec
from engine.modes.lab import LabPhase
from engine.rng import Rng


def _wait(view, attr: str = "stats", limit: int = 2000) -> None:
    import time

    for _ in range(limit):
        view.on_update(1 / 60)
        if getattr(view, attr):
            return
        time.sleep(0.005)
    raise AssertionError(f"{attr} never arrived")


@pytest.mark.parametrize(
    "spec",
    [
        MazeSpec.create("square", 12, 9, "growing-tree", {"rule": "newest:3,random"}, seed=4),
        MazeSpec.create("hex", 8, 7, "wilson", seed=5),
        MazeSpec.create("polar", 6, 5, "eller", seed=6),
        MazeSpec.create("square", 10, 10, "division", seed=7),
        MazeSpec.create("upsilon", 6, 5, "kruskal", braid=0.5, seed=8),
    ],
    ids=lambda s: f"{s.shape}-{s.algorithm}",
)
def test_step_mode_carving_equals_the_fast_generator(ctx, window, spec):
    from game.lab.view import LabView

    view = LabView(ctx, spec)
    ctx.show(view)
    view.playing = False
    window.dispatch_event("on_key_press", key.N, 0)  # one step
    assert view.steps_done == 1
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    assert view.steps_done == 2
    view.on_draw()
    uploads = view.layer.uploads
    view.on_draw()
    assert view.layer.uploads == uploads  # nothing changed: no re-upload
    while view.run.phase is LabPhase.CARVE:
        view.run.step(7)  # many small frames of steps
    grid = make_grid(spec.shape, spec.width, spec.height)
    fast = generate(grid, spec.algorithm, Rng(spec.seed), dict(spec.options))
    assert np.array_equal(view.run.carved_passage(), fast)
    view.run_to_end()  # braiding (animated too)
    _wait(view, "maze")
    assert np.array_equal(view.maze.passage, spec.build().passage)  # braid applied too
    _wait(view, "stats")
    assert "dead ends" in view.t_panel.text
    view.on_draw()


def test_solver_animation_and_export(ctx, window):
    from game.lab.view import SOLVERS, LabView

    spec = MazeSpec.create("square", 10, 8, "backtracker", seed=2)
    view = LabView(ctx, spec)
    ctx.show(view)
    view.run_to_end()
    _wait(view, "maze")
    for name in SOLVERS:
        view.run.solver_index = SOLVERS.index(name)
        window.dispatch_event("on_key_press", key.S, 0)
        assert view.run.phase is LabPhase.SOLVE
        for _ in range(5):
            view.on_update(1 / 60)
        view.on_draw()
        view.run_to_end()
        assert view.run.phase is LabPhase.SOLVED and view.run.path[0] == view.maze.start
        assert view.run.path[-1] == view.maze.goal
    view.on_draw()
    paths = view.export()
    assert len(paths) == 2 and all(p.exists() and p.stat().st_size > 0 for p in paths)
    assert "Saved" in view.message_text() and paths[0].name.startswith("tessera-M2.")
    again = view.export()  # a second export never overwrites the first
    assert again[0] != paths[0] and all(p.exists() for p in paths + again)
    for text in view.t_message:
        assert text.content_width <= 420  # the message fits the panel


def test_s_during_carving_queues_the_solve(ctx, window):
    from game.lab.view import LabView

    view = LabView(ctx, MazeSpec.create("hex", 8, 7, "wilson", seed=5))
    ctx.show(view)
    view.on_update(1 / 60)
    window.dispatch_event("on_key_press", key.S, 0)
    assert view.run.solve_queued and view.run.phase is LabPhase.CARVE
    assert "as soon as" in view.message_text()
    view.run_to_end()
    assert view.run.phase is LabPhase.SOLVED and view.run.path[-1] == view.maze.goal
    assert "path" in view.message_text()


def test_export_folder_is_checked_and_remembered(ctx, window, tmp_path):
    from game.lab.export import SETTING
    from game.lab.folder import LabFolderView
    from game.lab.view import LabView

    folder = LabFolderView(ctx)
    ctx.show(folder)
    folder.field.text = str(tmp_path / "missing" / "deeper")
    folder.save()
    assert "parent folder does not exist" in folder.message.text and ctx.store.setting(SETTING) == ""
    (tmp_path / "file.txt").write_text("x")
    folder.field.text = str(tmp_path / "file.txt")
    folder.save()
    assert "not a folder" in folder.message.text
    folder.field.text = str(tmp_path / "pictures")
    folder.save()
    assert ctx.store.setting(SETTING) == str(tmp_path / "pictures")
    folder.on_draw()
    view = LabView(ctx, MazeSpec.create("square", 6, 5, "backtracker", seed=1))
    ctx.show(view)
    view.run_to_end()
    paths = view.export()
    assert paths and all(p.parent == tmp_path / "pictures" for p in paths)


def test_speed_keys_and_restart(ctx, window):
    from game.lab.view import STEP_RATES, LabView

    view = LabView(ctx, MazeSpec.create("triangle", 10, 6, "prim", seed=1))
    ctx.show(view)
    i = view.rate_index
    window.dispatch_event("on_key_press", key.PLUS, 0)
    assert view.rate_index == min(i + 1, len(STEP_RATES) - 1)
    window.dispatch_event("on_key_press", key.MINUS, 0)
    window.dispatch_event("on_key_press", key.MINUS, 0)
    assert view.rate_index == max(i - 1, 0)
    view.on_update(0.5)
    done = view.steps_done
    assert done > 0
    window.dispatch_event("on_key_press", key.SPACE, 0)
    view.on_update(0.5)
    assert view.steps_done == done  # paused
    window.dispatch_event("on_key_press", key.R, 0)
    assert view.steps_done == 0 and view.playing


def test_big_maze_builds_in_the_background(ctx, window):
    from game.lab.view import ANIMATE_MAX_CELLS, LabView

    spec = MazeSpec.create("square", 350, 300, "eller", seed=1)
    assert spec.width * spec.height > ANIMATE_MAX_CELLS
    view = LabView(ctx, spec)
    ctx.show(view)
    assert view.phase == "build"
    view.on_draw()  # progress bar while the thread works
    _wait(view, "picture", limit=20000)
    view.on_draw()
    assert view.stats is not None and view.maze is not None
    assert max(view.picture.width, view.picture.height) <= 4096  # one picture, not a 200 MB one
    view.back()  # leaving gives the picture and the maze back
    assert view.picture is None and view.big_maze is None and window.current_view is not view


def test_compare_runs_in_the_background_and_draws_charts(ctx, window):
    import arcade

    from game.lab.compare import CompareView

    spec = MazeSpec.create("hex", 8, 6, "backtracker", seed=3)
    view = CompareView(ctx, spec, runs=2)
    ctx.show(view)
    view.on_draw()
    assert view.needs_redraw()  # the progress bar moves
    _wait(view, "charts", limit=4000)
    assert len(view.charts) == 5 and view.hist_chart is not None
    assert view.needs_redraw()  # the charts arrived
    view.on_draw()
    view.on_update(1 / 60)
    assert view.needs_redraw() is False  # idle once drawn
    img = arcade.get_image()
    assert img.getbbox() is not None
    window.dispatch_event("on_key_press", key.RIGHT, 0)
    assert view.hist_index == 1


def test_lab_command_and_setup(ctx, window):
    from game.lab.open import open_lab
    from game.lab.setup import LabSetupView
    from game.lab.view import LabView

    code = MazeSpec.create("hex", 8, 7, "wilson", seed=9).code()
    view = open_lab(ctx, code)
    assert isinstance(view, LabView) and view.code == code
    bad = open_lab(ctx, "M1.nope-0")
    assert isinstance(bad, LabSetupView) and bad.message.text
    setup = open_lab(ctx, None)
    ctx.show(setup)
    setup.on_draw()
    setup.start()
    assert isinstance(window.current_view, LabView)


def test_chart_layout_is_pure_arithmetic():
    from game.lab.charts import bar_rects, nice_max

    assert nice_max(0) == 1 and nice_max(7.3) == 10 and nice_max(0.21) == 0.25 and nice_max(120) == 200
    rects = bar_rects([1, 2, 4], (0, 0, 300, 100), top=4)
    assert [r[3] for r in rects] == [25, 50, 100]
    assert all(r[2] > 0 for r in rects) and rects[1][0] > rects[0][0]


def test_big_maze_picture_is_drawn_upright_where_asked(window):
    import arcade

    from game.render.picture import Picture

    red, green, blue, white = (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)
    rgba = bytes(red + green + blue + white)  # rows from the top: red green / blue white
    pic = Picture(window.ctx, rgba, (2, 2), (0, 0, 200, 200))
    window.default_camera.use()
    window.clear(color=(0, 0, 0, 255))
    pic.draw()
    image = arcade.get_image(0, 0, window.width, window.height).convert("RGB")  # top-left origin
    h = window.height

    def near(xy: tuple[int, int], want: tuple[int, ...]) -> bool:  # linear filtering: within a few levels
        return all(abs(a - b) <= 8 for a, b in zip(image.getpixel(xy), want[:3], strict=True))

    assert near((50, h - 150), red) and near((150, h - 150), green)
    assert near((50, h - 50), blue) and near((150, h - 50), white)
    assert image.getpixel((250, h - 50)) == (0, 0, 0)  # nothing outside its rectangle
    pic.release()
    pic.release()  # twice is fine
    with pytest.raises(ValueError, match="needs 16 bytes"):
        Picture(window.ctx, b"\0" * 12, (2, 2), (0, 0, 1, 1))


def test_the_key_line_is_whole_at_800x600(ctx, window):
    """Item 17: the footer was cut with "…" at 800×600; a narrow window shows the short line whole instead."""
    from layout_check import set_window_size

    from game.lab.hud import HELP, SHORT_HELP
    from game.lab.view import LabView

    view = LabView(ctx, MazeSpec.create("square", 10, 8, "backtracker", seed=2))
    ctx.show(view)
    try:
        set_window_size(window, 800, 600)
        view.on_resize(800, 600)
        assert view.hud.t_help.text in (HELP, SHORT_HELP) and "…" not in view.hud.t_help.text
    finally:
        set_window_size(window, 1280, 800)


def test_wilson_says_what_its_walk_is_and_every_line_shows_whole(window, ctx):
    """Wilson's Lab run names the walk the maze shows before its first passage, whole at 800×600."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from layout_check import set_window_size

    from game import routes
    from game.lab.view import WILSON_WALK

    view = routes.lab(ctx, "M2.S20X16.WI#1-G2")
    window.show_view(view)
    set_window_size(window, 800, 600)
    try:
        view.on_draw()
        assert view.message_text() == "\n".join(WILSON_WALK)
    finally:
        set_window_size(window, 1280, 800)
