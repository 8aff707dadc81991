"""Breadth-first search: the distance field from the start, the path back from the goal.

The search spreads one ring of cells at a time from the start (every cell gets the
number of moves from the start and the cell it was reached from) and stops as soon
as the goal is reached; following the "reached from" links back from the goal gives
a shortest path.  It runs over the maze's open-passage CSR lists in plain Python,
which on these long thin graphs beats a numpy frontier formulation (a perfect maze
has tens of thousands of BFS levels, each too small to vectorise).
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence

import numpy as np

from engine.maze.model import Maze
from engine.maze.solvers.common import UNREACHABLE, MazeSolveResult, SolverStep, make_solver_forms, path_from_parents

NAME = "bfs"
SUMMARY = "breadth-first search: shortest path, spreads evenly from the start"


def search(
    adj: Sequence[Sequence[int]],
    start: int,
    goal: int,
    passable: Callable[[int], bool] | None = None,
    rec: list[SolverStep] | None = None,
) -> tuple[list[int], int]:
    """The one breadth-first path search: shortest path ``start..goal`` inclusive over adjacency lists.

    ``adj[c]`` lists the cells open from ``c`` (:meth:`Maze.open_lists`); neighbours
    are tried in list order, so every caller gets the same path.  The search stops
    as soon as the goal is reached.

    Args:
        passable: when given, a cell ``d`` is entered only if ``passable(d)`` (the
            start is always entered).
        rec: when given, receives ``("visit", cell)`` for every cell reached, in order.

    Returns:
        ``(path, reached)``: the path (``[]`` if the goal is unreachable) and the
        number of cells reached, start and goal included.
    """
    if rec is not None:
        rec.append(("visit", start))
    if start == goal:
        return [start], 1
    parent = [-1] * len(adj)
    parent[start] = start
    queue = [start]
    for c in queue:  # the list grows while we iterate: a FIFO without pops
        for d in adj[c]:
            if parent[d] < 0 and (passable is None or passable(d)):
                parent[d] = c
                queue.append(d)
                if rec is not None:
                    rec.append(("visit", d))
                if d == goal:
                    return path_from_parents(parent, start, goal), len(queue)
    return [], len(queue)


def _solve(maze: Maze, start: int, goal: int, rec: list[SolverStep] | None) -> MazeSolveResult:
    """Shortest path start..goal; ``visited`` = cells reached before the goal was found.

    Raises:
        ValueError: if the goal is not reachable from the start.
    """
    path, reached = search(maze.open_lists(), start, goal, None, rec)
    if not path:
        raise ValueError(UNREACHABLE)
    if rec is not None:
        rec.extend(("push", c) for c in path)
    return MazeSolveResult(NAME, path, list(path), reached)


def shortest_path(
    adj: Sequence[Sequence[int]], start: int, goal: int, allowed: Container[int] | None = None
) -> list[int]:
    """Breadth-first shortest path ``start..goal`` inclusive over adjacency lists (``[]`` if unreachable).

    The form for callers that hold :meth:`Maze.open_lists` (the game, races):
    :func:`search` without recording, so the path is the same one :func:`run` finds.

    Args:
        allowed: when given, the path may only pass through these cells (``goal``
            is always allowed).
    """
    if allowed is None:
        return search(adj, start, goal)[0]
    return search(adj, start, goal, lambda d: d in allowed or d == goal)[0]


def distances(maze: Maze, root: int) -> np.ndarray:
    """BFS distance (moves) from ``root`` to every cell.

    Returns:
        ``(n,)`` int32, ``-1`` for cells not reachable from ``root``.

    Raises:
        ValueError: if ``root`` is outside ``0..n-1``.
    """
    n = maze.grid.n
    root = int(root)
    if not 0 <= root < n:
        raise ValueError(f"root cell {root} is outside 0..{n - 1}")
    ip, nb = maze.open_adjacency()
    dist = [-1] * n
    dist[root] = 0
    queue = [root]
    for c in queue:
        dn = dist[c] + 1
        for d in nb[ip[c] : ip[c + 1]]:
            if dist[d] < 0:
                dist[d] = dn
                queue.append(d)
    return np.array(dist, dtype=np.int32)


run, steps = make_solver_forms(NAME, _solve)
