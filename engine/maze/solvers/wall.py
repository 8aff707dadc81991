"""Wall followers (left or right hand on the wall) with loop erasure.

The neighbours of every cell are listed counter-clockwise (``Grid.nbr``), so on any
tessellation "keep the left hand on the wall" means: leave a cell through the first
open passage clockwise after the one you came in by (right hand: counter-clockwise),
turning back only at a dead end.  The start behaves as if entered from the west.

On a perfect maze (a tree) this walks round the whole tree and must pass the goal.
Erasing the loops of the walk as it goes (stepping onto a cell already on the
current path cuts the path back to it) leaves the only simple path, which in a tree
is the shortest one.

A follower is a function of its state (cell, the passage it leaves by), so in a
braided maze it may go round a loop for ever, never reaching a goal inside an
island of walls.  When a state repeats, the solver switches to Trémaux's algorithm
from where it stands (``fallback = "tremaux"``) and keeps erasing loops, so the
path is still a simple path, though no longer necessarily the shortest.
"""

from __future__ import annotations

import math

from engine.maze.model import Maze
from engine.maze.solvers.common import UNREACHABLE, MazeSolveResult, SolverStep, extend_erasing_loops, make_solver_forms
from engine.maze.solvers.tremaux import explore

_TOL = 1e-9


def first_index(maze: Maze, cell: int, left: bool) -> int:
    """Index in ``maze.open_lists()[cell]`` of the first move from ``cell`` entered from the west.

    Left hand: the first open neighbour clockwise from west (north before east on a
    square grid); right hand: counter-clockwise (south first).  A neighbour due west
    comes last, as turning back would.

    Raises:
        ValueError: if ``cell`` has no open passage.
    """
    nbs = maze.open_lists()[cell]
    if not nbs:
        raise ValueError(UNREACHABLE)
    cx, cy = maze.grid.centers[cell]
    best, best_turn = 0, math.inf
    for j, d in enumerate(nbs):
        x, y = maze.grid.centers[d]
        ang = math.atan2(y - cy, x - cx)
        turn = (math.pi - ang if left else ang - math.pi) % math.tau
        if turn < _TOL or turn > math.tau - _TOL:
            turn = math.tau
        if turn < best_turn:
            best, best_turn = j, turn
    return best


def follow(
    maze: Maze, start: int, goal: int, rec: list[SolverStep] | None, *, left: bool, name: str
) -> MazeSolveResult:
    """Run a wall follower from ``start`` to ``goal``; see the module docstring.

    Raises:
        ValueError: if the goal is not reachable from the start.
    """
    n = maze.grid.n
    walk = [start]
    path = [start]
    pos = [-1] * n
    pos[start] = 0
    seen = bytearray(n)
    seen[start] = 1
    visited = 1
    if rec is not None:
        rec.append(("visit", start))
        rec.append(("push", start))
    if start == goal:
        return MazeSolveResult(name, path, walk, 1)
    adj = maze.open_lists()
    ip = maze.open_adjacency()[0]
    darts = bytearray(ip[-1])  # one flag per (cell, passage it leaves by)
    turn = -1 if left else 1
    cur = start
    j = first_index(maze, start, left)
    fallback = None
    while True:
        key = ip[cur] + j
        if darts[key]:
            fallback = "tremaux"
            visited += explore(adj, maze.open_edge_lists(), maze.grid.num_edges, cur, goal, walk, path, pos, seen, rec)
            break
        darts[key] = 1
        nxt = adj[cur][j]
        walk.append(nxt)
        if not seen[nxt]:
            seen[nxt] = 1
            visited += 1
            if rec is not None:
                rec.append(("visit", nxt))
        extend_erasing_loops(path, pos, nxt, rec)
        if nxt == goal:
            break
        nbs = adj[nxt]
        j = (nbs.index(cur) + turn) % len(nbs)
        cur = nxt
    return MazeSolveResult(name, path, walk, visited, fallback)


def _left(maze: Maze, start: int, goal: int, rec: list[SolverStep] | None) -> MazeSolveResult:
    return follow(maze, start, goal, rec, left=True, name="wall-left")


def _right(maze: Maze, start: int, goal: int, rec: list[SolverStep] | None) -> MazeSolveResult:
    return follow(maze, start, goal, rec, left=False, name="wall-right")


LEFT_SUMMARY = "left-hand wall follower with loop erasure (Trémaux if it circles a loop)"
RIGHT_SUMMARY = "right-hand wall follower with loop erasure (Trémaux if it circles a loop)"
run_left, steps_left = make_solver_forms("wall-left", _left)
run_right, steps_right = make_solver_forms("wall-right", _right)
