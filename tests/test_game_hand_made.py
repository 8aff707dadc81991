"""Your own levels: a hand-made level (a Level with no recipe) opens everywhere a maze code does.

Play to the goal, race every opponent, race the run's ghost, two players, dark play and race (fog), and
the Lab (the maze shown built; every solver and the statistics).  The hand-made levels are generated mazes
whose passages were replaced by another spanning tree of the same grid (recipe=None), as in
``tests/test_level.py``.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.level import Level
from engine.maze.generators import generate
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.modes.lab import SOLVERS, LabPhase, LabRun
from engine.rng import Rng

SPEC = MazeSpec.create("hex", 8, 6, "prim", seed=5)


def hand_made(spec: MazeSpec = SPEC, dark: bool = False) -> Level:
    """The maze of ``spec`` with its passages replaced by another spanning tree (no recipe)."""
    maze = spec.build()
    other = generate(maze.grid, "kruskal", Rng(spec.seed + 1000))
    assert not np.array_equal(other, maze.passage)
    level = Level(Maze(maze.grid, other, maze.start, maze.goal), dark=dark)
    assert level.recipe is None and level.maze.is_perfect()
    return level


# -- the engine: a Lab run on a level starts finished --------------------------------------------------
def test_a_lab_run_on_a_level_starts_finished_and_solves_with_every_solver():
    level = hand_made()
    run = LabRun(level=level)
    assert not run.carves and run.phase is LabPhase.DONE and run.maze is level.maze
    assert (run.start, run.goal) == (level.start, level.goal)
    assert bytes(run.walls) == (~level.passage).astype(np.uint8).tobytes()
    for name in SOLVERS:
        assert run.solver == name
        assert run.solve()  # never queued: the maze is there
        run.run_to_end()
        assert run.phase is LabPhase.SOLVED and run.solve_result is not None
        assert run.path[0] == level.start and run.path[-1] == level.goal
        run.next_solver()
    run.restart()  # back to the built maze, not to carving
    assert run.phase is LabPhase.DONE and run.maze is level.maze and run.path == []
    with pytest.raises(ValueError, match="no seed"):
        run.with_seed(3)
    with pytest.raises(ValueError, match="exactly one"):
        LabRun()
    with pytest.raises(ValueError, match="exactly one"):
        LabRun(SPEC, level=level)
