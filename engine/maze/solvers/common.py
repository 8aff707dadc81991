"""Shared pieces of the maze solvers: the result type, steps, checks, helpers.

Every solver module has one core ``_solve(maze, start, goal, rec)`` that does the
work.  ``rec`` is ``None`` in the fast form; in the step form it is a list the core
appends :data:`SolverStep` tuples to, guarded by ``if rec is not None`` so the fast form
pays one comparison per event at most.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from dataclasses import dataclass

from engine.maze.model import Maze

SolverStep = tuple[str, int]
"""A solver event: ``("visit", cell)`` the cell is examined for the first time,
``("push", cell)`` the current path grows by ``cell``, ``("pop", cell)`` the current
path loses its last cell ``cell``, ``("dead", cell)`` dead-end filling fills ``cell``."""

UNREACHABLE = "the goal cannot be reached from the start"


@dataclass
class MazeSolveResult:
    """What a solver found.

    Attributes:
        solver: the solver's registry name.
        path: cells from start to goal inclusive, consecutive cells joined by an open
            passage; the answer (loop-erased for the walkers).
        walk: cells in the order the agent physically moved, one open passage at a
            time, from start to goal (equal to ``path`` for bfs, astar and
            dead-end-filling, which plan before moving).
        visited: number of distinct cells the solver examined.
        fallback: name of the method a solver switched to, e.g. ``"tremaux"`` when a
            wall follower went round a loop of a braided maze; else ``None``.
    """

    solver: str
    path: list[int]
    walk: list[int]
    visited: int
    fallback: str | None = None

    @property
    def length(self) -> int:
        """Number of moves along :attr:`path` (``len(path) - 1``)."""
        return len(self.path) - 1


Core = Callable[[Maze, int, int, "list[SolverStep] | None"], MazeSolveResult]


def check_cell(maze: Maze, name: str, cell: int) -> int:
    """Return ``cell`` as an int after checking it lies in ``0..n-1``.

    Raises:
        ValueError: if the cell is out of range.
    """
    c = int(cell)
    if not 0 <= c < maze.grid.n:
        raise ValueError(f"{name} cell {cell} is outside 0..{maze.grid.n - 1}")
    return c


def make_solver_forms(
    name: str, core: Core
) -> tuple[Callable[..., MazeSolveResult], Callable[..., Iterator[SolverStep]]]:
    """Build the fast form ``run(maze, start, goal)`` and the step form from one core.

    The step form is a generator of :data:`SolverStep` whose ``return`` value (the
    ``StopIteration.value``, or the result of ``yield from``) is the
    :class:`MazeSolveResult`, identical to what the fast form returns.
    """

    def run(maze: Maze, start: int, goal: int) -> MazeSolveResult:
        return core(maze, start, goal, None)

    def steps(maze: Maze, start: int, goal: int) -> Generator[SolverStep, None, MazeSolveResult]:
        rec: list[SolverStep] = []
        result = core(maze, start, goal, rec)
        yield from rec
        return result

    run.__name__ = f"run_{name.replace('-', '_')}"
    steps.__name__ = f"steps_{name.replace('-', '_')}"
    return run, steps


def path_from_parents(parent: Sequence[int] | Mapping[int, int], start: int, goal: int) -> list[int]:
    """Follow ``parent`` links from ``goal`` back to ``start``; return start..goal.

    ``parent[start]`` must be ``start`` itself and every cell on the way must have
    its parent set.
    """
    path = [goal]
    c = goal
    while c != start:
        c = parent[c]
        path.append(c)
    path.reverse()
    return path


def extend_erasing_loops(path: list[int], pos: list[int], nxt: int, rec: list[SolverStep] | None) -> None:
    """Step the loop-erased path to ``nxt``: back to ``nxt`` if it is already on the path
    (the loop is erased), else append it.  ``pos[c]`` is ``c``'s index on the path or -1."""
    at = pos[nxt]
    if at >= 0:
        while len(path) > at + 1:
            x = path.pop()
            pos[x] = -1
            if rec is not None:
                rec.append(("pop", x))
    else:
        pos[nxt] = len(path)
        path.append(nxt)
        if rec is not None:
            rec.append(("push", nxt))
