"""A* search with the straight-line distance to the goal as the heuristic.

On a tessellation whose neighbouring cell centres are at most ``L`` apart (``L`` =
1 on square grids, larger on some polar rings), one move covers at most ``L`` of
straight-line distance, so ``h(c) = |centre(c) - centre(goal)| / L`` never
overestimates the remaining moves (admissible) and changes by at most 1 per move
(consistent).  It is shrunk by a factor ``1 - 1e-9`` so float rounding cannot
break either property; A* then expands each cell at most once and returns a
shortest path.  Ties in ``f = g + h`` go to the deeper cell, then to the smaller id.

With floors (drawn side by side) the distance is taken in the plane of one floor and the
floors still to climb are added: every move either moves in the plane or climbs one floor,
so the sum stays admissible and consistent.
"""

from __future__ import annotations

import heapq

import numpy as np

from engine.maze.grids.base import Grid
from engine.maze.model import Maze
from engine.maze.solvers.common import UNREACHABLE, MazeSolveResult, SolverStep, make_solver_forms, path_from_parents

NAME = "astar"
SUMMARY = "A* with straight-line distance: shortest path, heads for the goal"

_MARGIN = 1.0 - 1e-9


def max_step(grid: Grid) -> float:
    """Largest distance between the centres of two neighbouring cells (cell units), memoised."""

    def build() -> float:
        e = grid.edges[: grid.stair_start]  # a stair covers no distance in the plane
        if e.shape[0] == 0:
            return 1.0
        d = grid.centers[e[:, 0]] - grid.centers[e[:, 1]]
        return float(np.sqrt((d * d).sum(axis=1)).max()) or 1.0

    return grid.memo("solvers.max_step", build)


def heuristic(grid: Grid, goal: int) -> np.ndarray:
    """``(n,)`` float64 admissible, consistent estimate of the moves from each cell to ``goal``."""
    pos = grid.centers
    if grid.floors > 1:  # the same place on every floor: undo each floor's shift in the picture
        pos = pos - grid.floor_offsets()[grid.floor_of]  # type: ignore[attr-defined]  # a FloorGrid
    d = pos - pos[goal]
    h: np.ndarray = np.sqrt((d * d).sum(axis=1)) * (_MARGIN / max_step(grid))
    if grid.floors > 1:
        h += np.abs(grid.floor_of - grid.floor_of[goal]) * _MARGIN
    return h


def _solve(maze: Maze, start: int, goal: int, rec: list[SolverStep] | None) -> MazeSolveResult:
    """Shortest path start..goal; ``visited`` = cells expanded.

    Raises:
        ValueError: if the goal is not reachable from the start.
    """
    n = maze.grid.n
    ip, nb = maze.open_adjacency()
    h = heuristic(maze.grid, goal).tolist()
    gval = [-1] * n
    parent = [-1] * n
    closed = bytearray(n)
    gval[start] = 0
    parent[start] = start
    heap: list[tuple[float, int, int]] = [(h[start], 0, start)]
    expanded = 0
    found = False
    while heap:
        _, neg_g, c = heapq.heappop(heap)
        if closed[c]:
            continue
        closed[c] = 1
        expanded += 1
        if rec is not None:
            rec.append(("visit", c))
        if c == goal:
            found = True
            break
        gn = 1 - neg_g
        for d in nb[ip[c] : ip[c + 1]]:
            if not closed[d] and (gval[d] < 0 or gn < gval[d]):
                gval[d] = gn
                parent[d] = c
                heapq.heappush(heap, (gn + h[d], -gn, d))
    if not found:
        raise ValueError(UNREACHABLE)
    path = path_from_parents(parent, start, goal)
    if rec is not None:
        rec.extend(("push", c) for c in path)
    return MazeSolveResult(NAME, path, list(path), expanded)


run, steps = make_solver_forms(NAME, _solve)
