"""The Lab run session without a window: carve -> braid -> solve, phases, queued solve, speed."""

from __future__ import annotations

import numpy as np
import pytest

from engine.maze.generators import generate
from engine.maze.grids import make_grid
from engine.maze.recipe import MazeSpec
from engine.modes.lab import FLOOR, PATH, SOLVERS, STEP_RATES, UNSEEN, VISITED, LabPhase, LabRun
from engine.rng import Rng


@pytest.mark.parametrize(
    "spec",
    [
        MazeSpec.create("square", 12, 9, "growing-tree", {"rule": "newest:3,random"}, seed=4),
        MazeSpec.create("hex", 8, 7, "wilson", braid=0.25, seed=5),
        MazeSpec.create("polar", 6, 5, "eller", seed=6),
        MazeSpec.create("square", 10, 10, "division", braid=1.0, seed=7),
        MazeSpec.create("upsilon", 6, 5, "kruskal", braid=0.5, seed=8),
        MazeSpec.create("triangle", 10, 6, "aldous-broder", braid=0.1, seed=9),
    ],
    ids=lambda s: f"{s.shape}-{s.algorithm}-{s.braid}",
)
def test_carve_then_braid_gives_the_level_of_the_code(spec):
    run = LabRun(spec)
    assert run.phase is LabPhase.CARVE and run.maze is None
    v = run.version
    assert run.step(1) == 1 and run.version > v
    while run.phase is LabPhase.CARVE:
        run.step(7)
    grid = make_grid(spec.shape, spec.width, spec.height)
    carved = generate(grid, spec.algorithm, Rng(spec.seed), dict(spec.options))
    if spec.braid:
        assert run.phase is LabPhase.BRAID
        assert np.array_equal(run.carved_passage(), carved)  # carving alone equals the fast generator
        while run.phase is LabPhase.BRAID:
            run.step(1)
    assert run.phase is LabPhase.DONE
    assert run.maze is not None and np.array_equal(run.maze.passage, spec.build().passage)
    assert set(run.cells) == {FLOOR}


def test_solve_during_carving_is_queued_and_starts_when_carving_ends():
    run = LabRun(MazeSpec.create("square", 10, 8, "backtracker", seed=2))
    run.step(3)
    assert run.solve() is False and run.solve_queued
    assert run.phase is LabPhase.CARVE  # carving goes on
    while run.phase is LabPhase.CARVE:
        run.step(50)
    assert run.phase in (LabPhase.SOLVE, LabPhase.SOLVED) and not run.solve_queued
    run.run_to_end()
    assert run.phase is LabPhase.SOLVED
    assert run.maze is not None
    assert run.path[0] == run.maze.start and run.path[-1] == run.maze.goal
    assert "bfs: path" in run.solve_summary()


@pytest.mark.parametrize("solver", SOLVERS)
def test_every_solver_animates_to_a_path(solver):
    run = LabRun(MazeSpec.create("hex", 8, 7, "prim", braid=0.5, seed=3))
    run.run_to_end()
    run.solver_index = SOLVERS.index(solver)
    assert run.solve() is True and run.phase is LabPhase.SOLVE
    run.step(5)
    assert any(c in (VISITED, PATH) for c in run.cells) or solver == "dead-end-filling"
    run.run_to_end()
    assert run.phase is LabPhase.SOLVED and run.solve_result is not None
    assert run.path[0] == run.maze.start and run.path[-1] == run.maze.goal


def test_rate_and_advance_and_restart_and_new_seed():
    run = LabRun(MazeSpec.create("triangle", 10, 6, "prim", seed=1))
    run.rate_index = STEP_RATES.index(10)
    assert run.advance(0.05) == 0  # half a step carried
    assert run.advance(0.05) == 1
    assert run.advance(5.0) == 1  # at most 0.1 s of steps per call
    assert run.change_speed(1) == 20 and run.change_speed(-5) == 1
    assert run.change_speed(-1) == 1  # clamped
    run.run_to_end()
    run.restart()
    assert run.phase is LabPhase.CARVE and run.steps_done == 0 and UNSEEN in run.cells
    old = run.spec.code()
    run.with_seed(99)
    assert run.spec.code() != old and run.phase is LabPhase.CARVE
    assert run.next_solver() == SOLVERS[1]


def test_wilsons_walk_is_shown_as_it_goes_and_its_path_is_what_is_carved():
    """Wilson's first walk is long: the run shows the walk (loops erased) from its first step, not only a hopping
    cursor; when it meets the maze, exactly that path is carved."""
    from engine.modes.lab import FRONTIER

    spec = MazeSpec.create("square", 20, 16, "wilson", seed=1)
    run = LabRun(spec)
    pairs = {frozenset(map(int, e)) for e in run.grid.edges}
    longest, joined, joins = 0, [], 0
    while run.phase is LabPhase.CARVE:
        walk = list(run.walk)
        run.step(1)
        if run.walk:
            if joined:  # the next walk began: the last one's path is in the maze
                assert all(run.cells[c] == FLOOR for c in joined)
                joined, joins = [], joins + 1
            longest = max(longest, len(run.walk))
            assert len(set(run.walk)) == len(run.walk)  # a path: its loops erased
            assert all(frozenset(p) in pairs for p in zip(run.walk, run.walk[1:], strict=False))  # neighbours
            assert run.walk[-1] == run.current
            assert {i for i, c in enumerate(run.cells) if c == FRONTIER} == set(run.walk)
        elif walk:
            joined = walk  # it met the maze: its path is carved by the steps that follow
    assert longest > 10 and joins > 5  # the walks wander before anything is carved, and show it
    assert np.array_equal(run.maze.passage, spec.build().passage)  # the maze is the code's, as before
