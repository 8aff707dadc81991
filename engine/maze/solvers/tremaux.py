"""Trémaux's algorithm: walk the maze marking each passage every time you pass it.

Rules at each cell (marks are counted per passage, 0, 1 or 2):

* arriving at a cell seen before through a passage marked just now for the first
  time (the passage closed a loop): turn round and go back through it;
* otherwise take an unmarked passage if there is one (the first one
  counter-clockwise after the passage you came in by);
* otherwise go back through the passage marked once (the one you first came in by).

No passage is walked more than twice, so the walk ends; it reaches the goal
whenever the goal is connected to the start.  The passages marked exactly once
form the path from the start to the goal (the current "thread").
"""

from __future__ import annotations

from engine.maze.model import Maze
from engine.maze.solvers.common import UNREACHABLE, MazeSolveResult, SolverStep, extend_erasing_loops, make_solver_forms

NAME = "tremaux"
SUMMARY = "Trémaux: walks and marks passages, never enters a loop twice; works on any maze"


def explore(
    adj: list[list[int]],
    adje: list[list[int]],
    num_edges: int,
    cur: int,
    goal: int,
    walk: list[int],
    path: list[int],
    pos: list[int] | None,
    seen: bytearray,
    rec: list[SolverStep] | None,
) -> int:
    """Walk by Trémaux's rules from ``cur`` (the origin, with fresh marks) to ``goal``.

    Appends every move to ``walk`` and updates ``path`` in place: with ``pos`` given
    (``pos[c]`` = index of ``c`` in ``path`` or -1) by erasing loops of the walk,
    else as the marked thread (push on a first mark, pop on a second).  ``seen``
    counts distinct visited cells across callers.

    Returns:
        the number of cells newly set in ``seen``.

    Raises:
        ValueError: if every passage reachable from the origin has been walked twice
            without reaching the goal.
    """
    marks = bytearray(num_edges)
    tseen = bytearray(len(adj))
    tseen[cur] = 1
    new = 0
    prev = -1
    turn_back = False
    while cur != goal:
        nbs = adj[cur]
        eds = adje[cur]
        if turn_back:
            j = nbs.index(prev)
        else:
            k = len(nbs)
            i = nbs.index(prev) if prev >= 0 else -1
            j = -1
            for t in range(1, k + 1):
                jj = (i + t) % k
                if not marks[eds[jj]]:
                    j = jj
                    break
            if j < 0:
                for jj in range(k):
                    if marks[eds[jj]] == 1:
                        j = jj
                        break
                if j < 0:
                    raise ValueError(UNREACHABLE)
        e = eds[j]
        nxt = nbs[j]
        m = marks[e] + 1
        marks[e] = m
        turn_back = m == 1 and tseen[nxt] == 1
        tseen[nxt] = 1
        walk.append(nxt)
        if not seen[nxt]:
            seen[nxt] = 1
            new += 1
            if rec is not None:
                rec.append(("visit", nxt))
        if pos is not None:
            extend_erasing_loops(path, pos, nxt, rec)
        elif m == 1:
            path.append(nxt)
            if rec is not None:
                rec.append(("push", nxt))
        else:
            x = path.pop()
            if rec is not None:
                rec.append(("pop", x))
        prev = cur
        cur = nxt
    return new


def _solve(maze: Maze, start: int, goal: int, rec: list[SolverStep] | None) -> MazeSolveResult:
    """Trémaux walk from start to goal; ``path`` is the thread of passages marked once.

    Raises:
        ValueError: if the goal is not reachable from the start.
    """
    seen = bytearray(maze.grid.n)
    seen[start] = 1
    walk = [start]
    path = [start]
    if rec is not None:
        rec.append(("visit", start))
        rec.append(("push", start))
    new = explore(
        maze.open_lists(), maze.open_edge_lists(), maze.grid.num_edges, start, goal, walk, path, None, seen, rec
    )
    return MazeSolveResult(NAME, path, walk, 1 + new)


run, steps = make_solver_forms(NAME, _solve)
