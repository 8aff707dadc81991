"""The Lab on mazes with floors: its steps follow the real generator over the stacked grid, the shown floor follows
the carving and solving cursor, the floor indicator, the floor keys, stair marks, setup and comparison."""

from __future__ import annotations

import numpy as np
import pytest
from arcade import key

from engine.maze.floors import open_stairs
from engine.maze.generators import GENERATORS
from engine.maze.recipe import MazeSpec
from engine.modes.lab import LabPhase, LabRun

FLOOR_GENERATORS = [name for name, info in GENERATORS.items() if info.floors]


@pytest.mark.parametrize("shape", ["square", "hex"])
@pytest.mark.parametrize("algorithm", FLOOR_GENERATORS)
def test_carving_floors_step_by_step_ends_with_the_maze_generate_makes(shape, algorithm):
    if shape not in GENERATORS[algorithm].shapes:
        pytest.skip(f"{algorithm} does not run on {shape}")
    for braid in (0.0, 0.4):
        spec = MazeSpec.create(shape, 6, 5, algorithm, seed=21, floors=3, braid=braid, stairs=0.2)
        run = LabRun(spec)
        opened: set[int] = set()
        while run.phase is LabPhase.CARVE:
            before = bytes(run.walls)
            run.step(3)
            opened |= {i for i, (a, b) in enumerate(zip(before, run.walls, strict=True)) if a and not b}
        run.run_to_end()
        built = spec.build()
        assert run.maze is not None and np.array_equal(run.maze.passage, built.passage), (algorithm, braid)
        assert (run.maze.start, run.maze.goal) == (built.start, built.goal)
        s0 = run.grid.stair_start
        assert {e for e in opened if e >= s0} <= set(np.flatnonzero(built.passage[s0:]) + s0)  # only real stairs


def test_the_focus_follows_the_cursor_across_floors_while_carving_and_solving():
    spec = MazeSpec.create("square", 6, 5, "backtracker", seed=3, floors=3)
    run = LabRun(spec)
    floors = set()
    while run.phase is LabPhase.CARVE:
        run.step(1)
        if run.phase is LabPhase.CARVE and run.focus_cell() >= 0:
            assert run.focus_floor() == run.grid.floor_of[run.current]
            floors.add(run.focus_floor())
    assert floors == {0, 1, 2}  # the cursor climbed through every floor
    run.solve()  # breadth-first: no path until the end, so the focus is the last cell it touched
    assert run.focus_cell() == -1 and run.focus_floor() == -1
    run.step(5)
    assert run.jumpy_focus and run.focus_cell() == run.current >= 0
    run.run_to_end()
    assert not run.jumpy_focus
    assert run.focus_cell() == run.goal and run.focus_floor() == run.grid.floor_of[run.goal]
    flat = LabRun(MazeSpec.create("square", 6, 5, "backtracker", seed=3))
    flat.step(5)
    assert flat.focus_floor() == 0


def test_the_lab_view_shows_the_cursors_floor_with_the_indicator_and_ends_with_the_generated_maze(ctx, window):
    from game.lab.view import LabView

    spec = MazeSpec.create("square", 8, 6, "backtracker", seed=4, floors=2)
    view = LabView(ctx, spec)
    ctx.show(view)
    view.on_draw()
    grid = view.run.grid
    assert view.lab_camera.shown.floor == 0 and view.status_line().startswith("floor 1/2 · carving")
    assert "E/Q floor" in view.hud.t_help.text
    x0, y0, x1, y1 = grid.base_grid.bounds()
    assert view.lab_camera.viewport.cam.bounds == pytest.approx((x0, y0, x1, y1))
    view.playing = True
    seen = set()
    for _ in range(5000):
        view.on_update(1 / 60)
        if view.run.phase is not LabPhase.CARVE:
            break
        focus = view.run.focus_floor()
        if focus >= 0:
            assert view.lab_camera.shown.floor == focus  # the floor shown follows the cursor
            seen.add(focus)
            dx, _ = grid.floor_offset(focus)
            assert view.lab_camera.viewport.cam.bounds == pytest.approx((x0 + dx, y0, x1 + dx, y1))
            assert view.status_line().startswith(f"floor {focus + 1}/2")
    assert seen == {0, 1}
    view.run_to_end()
    assert np.array_equal(view.maze.passage, spec.build().passage)
    view.on_draw()
    # E / Q look at another floor; F fits the floor shown
    view.lab_camera.shown.floor = 0
    window.dispatch_event("on_key_press", key.E, 0)
    assert view.lab_camera.shown.floor == 1 and view.status_line().startswith("floor 2/2")
    window.dispatch_event("on_key_press", key.E, 0)
    assert view.lab_camera.shown.floor == 1  # no floor above the top
    window.dispatch_event("on_key_press", key.PAGEDOWN, 0)
    assert view.lab_camera.shown.floor == 0 and view.lab_camera.viewport.cam.bounds == pytest.approx((x0, y0, x1, y1))
    # breadth-first solving: its frontier is followed once it stays on another floor (no flicker), then the
    # path's end: the goal's floor
    from game.lab.camera import DWELL

    window.dispatch_event("on_key_press", key.S, 0)
    switches, t, last = [], 0.0, view.lab_camera.shown.floor
    for _ in range(20000):
        view.on_update(1 / 60)
        t += 1 / 60
        if view.lab_camera.shown.floor != last:
            switches.append(t)
            last = view.lab_camera.shown.floor
        if view.run.phase is LabPhase.SOLVED:
            break
    view.on_update(1 / 60)
    assert view.run.phase is LabPhase.SOLVED and view.lab_camera.shown.floor == grid.floor_of[view.run.goal] == 1
    assert switches and all(b - a >= DWELL for a, b in zip(switches, switches[1:], strict=False))
    view.on_draw()


def test_stair_marks_are_the_open_stairs_of_the_shown_floor():
    from game.lab.layer import stair_triangles

    spec = MazeSpec.create("hex", 6, 5, "prim", seed=8, floors=3, stairs=0.3)
    run = LabRun(spec)
    up, down = stair_triangles(run, 0)
    assert len(up) == len(down) == 0  # nothing carved yet
    run.run_to_end()
    pairs = open_stairs(run.maze)
    fl = run.grid.floor_of
    for floor in range(3):
        up, down = stair_triangles(run, floor)
        assert len(up) == int((fl[pairs[:, 0]] == floor).sum()) and len(down) == int((fl[pairs[:, 1]] == floor).sum())
        assert up.shape[1:] == (3, 2)
    assert len(stair_triangles(run, 0)[0]) > 0


def test_the_lab_setup_offers_floors_and_opens_them_and_the_comparison_keeps_them(ctx, window):
    from game.lab.compare import CompareView
    from game.lab.open import open_lab
    from game.lab.setup import LabSetupView
    from game.lab.view import LabView

    setup = LabSetupView(ctx)
    ctx.show(setup)
    c = setup.choices
    c.shape, c.algorithm, c.size = "hex", "kruskal", 0
    setup.choice_buttons["floors"].on_click(None)
    assert c.floors == 2 and "Floors: 2" in setup.choice_buttons["floors"].text
    setup.start()
    lab = window.current_view
    assert isinstance(lab, LabView) and lab.spec.floors == 2 and lab.run.grid.floors == 2
    code = MazeSpec.create("square", 6, 5, "wilson", seed=2, floors=4).code()
    view = open_lab(ctx, code)
    assert isinstance(view, LabView) and view.code == code
    compare = CompareView(ctx, MazeSpec.create("square", 6, 5, "wilson", seed=2, floors=2), runs=1, start=False)
    assert "binary-tree" not in compare.algorithms and "wilson" in compare.algorithms


def test_the_solvers_path_is_drawn_in_strips_cut_at_the_stairs():
    from game.lab.layer import path_strips

    spec = MazeSpec.create("square", 6, 5, "backtracker", seed=3, floors=3)
    run = LabRun(spec)
    run.run_to_end()
    run.solve()
    run.run_to_end()
    strips = path_strips(run.grid, run.path)
    fl = run.grid.floor_of
    assert len(strips) >= 3 and [c for s in strips for c in s] == run.path
    assert all(len({int(fl[c]) for c in s}) == 1 for s in strips)
    flat = LabRun(MazeSpec.create("square", 6, 5, "backtracker", seed=3))
    assert path_strips(flat.grid, [0, 1, 2]) == [[0, 1, 2]]


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("theme", ["dark", "light"])
def test_the_lab_with_floors_fits_at_800x600_and_1920x1080(ctx, window, size, theme):
    from layout_check import layout_problems

    from game.lab.view import LabView

    ctx.set_theme(theme)
    view = LabView(ctx, MazeSpec.create("hex", 16, 12, "growing-tree", seed=5, floors=4, stairs=0.1))
    ctx.show(view)
    try:
        for finish in (False, True):
            if finish:
                view.run_to_end()
                view.solve()
                view.run_to_end()
            view.on_update(1 / 60)
            window.set_size(*size)
            view.on_resize(*size)
            view.on_draw()
            assert layout_problems(view.texts(), *size) == []
            assert view.status_line().startswith(f"floor {view.lab_camera.shown.floor + 1}/4")
    finally:
        window.set_size(1280, 800)
        ctx.set_theme("dark")
