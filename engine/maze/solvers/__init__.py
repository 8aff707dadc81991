"""Maze solvers: a registry of fast forms and step forms.

Each solver is a module with a fast form ``run(maze, start, goal) -> MazeSolveResult``
and a step form ``steps(maze, start, goal)`` yielding :data:`SolverStep` events for the
Lab animation; both come from one core, so the step form ends in exactly the
result of the fast form (the generator's return value is that
:class:`MazeSolveResult`).  Look solvers up by name in :data:`SOLVERS`, or call
:func:`solve` / :func:`solve_steps`.

Solver steps: ``("visit", cell)`` (examined for the first time), ``("push", cell)``
(the current path grows), ``("pop", cell)`` (the current path loses its last
cell), ``("dead", cell)`` (dead-end filling fills the cell).  Replaying the pushes
and pops leaves the final path; for the walkers the last cell of the current path
is where the agent stands.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from engine.maze.model import Maze
from engine.maze.solvers import astar, bfs, deadend, tremaux, wall
from engine.maze.solvers.common import UNREACHABLE, MazeSolveResult, SolverStep, check_cell

__all__ = [
    "SOLVERS",
    "UNREACHABLE",
    "MazeSolveResult",
    "SolverInfo",
    "SolverStep",
    "distances",
    "get_solver",
    "solve",
    "solve_steps",
]


@dataclass(frozen=True)
class SolverInfo:
    """A registered solver.

    Attributes:
        name: registry / CLI name, e.g. ``"wall-left"``.
        summary: one line for menus and ``tessera list``.
        run: fast form ``(maze, start, goal) -> MazeSolveResult``.
        steps: step form ``(maze, start, goal) -> Iterator[SolverStep]`` (returns the MazeSolveResult).
    """

    name: str
    summary: str
    run: Callable[[Maze, int, int], MazeSolveResult]
    steps: Callable[[Maze, int, int], Iterator[SolverStep]]


SOLVERS: dict[str, SolverInfo] = {
    info.name: info
    for info in (
        SolverInfo(bfs.NAME, bfs.SUMMARY, bfs.run, bfs.steps),
        SolverInfo(astar.NAME, astar.SUMMARY, astar.run, astar.steps),
        SolverInfo("wall-left", wall.LEFT_SUMMARY, wall.run_left, wall.steps_left),
        SolverInfo("wall-right", wall.RIGHT_SUMMARY, wall.run_right, wall.steps_right),
        SolverInfo(tremaux.NAME, tremaux.SUMMARY, tremaux.run, tremaux.steps),
        SolverInfo(deadend.NAME, deadend.SUMMARY, deadend.run, deadend.steps),
    )
}


def get_solver(name: str) -> SolverInfo:
    """The solver registered as ``name`` (case-insensitive, ``_`` accepted for ``-``).

    Raises:
        ValueError: for an unknown name; the message lists the known ones.
    """
    key = str(name).strip().lower().replace("_", "-")
    info = SOLVERS.get(key)
    if info is None:
        raise ValueError(f"unknown solver '{name}'; known solvers: {', '.join(SOLVERS)}")
    return info


def _ends(maze: Maze, start: int | None, goal: int | None) -> tuple[int, int]:
    s = check_cell(maze, "start", maze.start if start is None else start)
    g = check_cell(maze, "goal", maze.goal if goal is None else goal)
    return s, g


def solve(maze: Maze, name: str = "bfs", start: int | None = None, goal: int | None = None) -> MazeSolveResult:
    """Solve ``maze`` with the named solver from ``start`` to ``goal`` (default: the maze's own).

    Raises:
        ValueError: unknown solver name (listing the known ones), start/goal outside
            ``0..n-1``, or ``"the goal cannot be reached from the start"``.
    """
    info = get_solver(name)
    s, g = _ends(maze, start, goal)
    return info.run(maze, s, g)


def solve_steps(maze: Maze, name: str, start: int | None = None, goal: int | None = None) -> Iterator[SolverStep]:
    """The step form of :func:`solve`: yields :data:`SolverStep` events, returns the :class:`MazeSolveResult`.

    The name and the cells are checked at once (not at the first ``next``); the
    solver runs when iteration starts.

    Raises:
        ValueError: as :func:`solve`; the unreachable-goal error is raised from the
            first ``next()``.
    """
    info = get_solver(name)
    s, g = _ends(maze, start, goal)
    return info.steps(maze, s, g)


def distances(maze: Maze, root: int) -> np.ndarray:
    """BFS distance (moves) from ``root`` to every cell: ``(n,)`` int32, ``-1`` where unreachable.

    Raises:
        ValueError: if ``root`` is outside ``0..n-1``.
    """
    return bfs.distances(maze, root)
