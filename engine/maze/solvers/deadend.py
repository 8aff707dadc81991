"""Dead-end filling: fill every dead end, and the cells that become dead ends, until none is left.

A dead end is a cell with exactly one open passage other than the start and the
goal.  Filling it (walling it off) may turn its neighbour into a dead end, so the
filling runs back along each blind alley up to the junction it hangs from.  On a
perfect maze the cells left unfilled are exactly the path from the start to the
goal; on a braided maze loops survive the filling, and a BFS over the unfilled
cells picks the shortest path among them.  The solver plans without moving, so
``walk`` is the path.
"""

from __future__ import annotations

from engine.maze.model import Maze
from engine.maze.solvers.bfs import search
from engine.maze.solvers.common import UNREACHABLE, MazeSolveResult, SolverStep, make_solver_forms

NAME = "dead-end-filling"
SUMMARY = "dead-end filling: fills blind alleys until only the way through is left"


def fill(maze: Maze, start: int, goal: int, rec: list[SolverStep] | None = None) -> bytearray:
    """Fill dead ends repeatedly; return ``(n,)`` flags, 1 for filled cells.

    Cells with no open passage at all are left unfilled (they are unreachable anyway).
    """
    adj = maze.open_lists()
    n = maze.grid.n
    deg = [len(a) for a in adj]
    filled = bytearray(n)
    queue = [c for c in range(n) if deg[c] == 1 and c != start and c != goal]
    for c in queue:
        filled[c] = 1
        if rec is not None:
            rec.append(("dead", c))
        for d in adj[c]:
            if not filled[d]:
                deg[d] -= 1
                if deg[d] == 1 and d != start and d != goal:
                    queue.append(d)
    return filled


def _solve(maze: Maze, start: int, goal: int, rec: list[SolverStep] | None) -> MazeSolveResult:
    """Fill, then BFS over the unfilled cells; ``visited`` = filled cells + cells the BFS reached.

    Raises:
        ValueError: if the goal is not reachable from the start.
    """
    filled = fill(maze, start, goal, rec)
    path, reached = search(maze.open_lists(), start, goal, lambda d: not filled[d], rec)
    if not path:
        raise ValueError(UNREACHABLE)
    if rec is not None:
        rec.extend(("push", c) for c in path)
    return MazeSolveResult(NAME, path, list(path), sum(filled) + reached)

run, steps = make_solver_forms(NAME, _solve)
