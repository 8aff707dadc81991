"""What ``tessera show`` says about a built maze: cells, shortest path, loops, dead ends, stairs, rules.

Every code kind that holds a maze gives its facts through its own ``facts(full)`` method; the
helpers here are what they share.  A recipe's maze (maze, race and ghost codes) is built only
when cheap (at most :data:`CHEAP_CELLS` grid cells) or when asked for in full; a maze a code
carries (level codes, ghosts of hand-made levels) is always read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.maze.model import Maze

__all__ = ["CHEAP_CELLS", "maze_facts", "path_facts", "recipe_facts", "rule_facts"]

#: A recipe's maze is built by plain ``show`` only up to this many grid cells (width × height): the
#: slowest generator (Aldous-Broder) makes 40,000 cells in well under a second.  ``--full`` builds any.
CHEAP_CELLS = 40_000


def path_facts(maze: Maze) -> dict[str, Any]:
    """``cells``, ``shortest_path`` (moves from start to goal) and, with floors, ``open_stairs`` of a built maze."""
    from engine.maze.solvers.bfs import distances

    return {"cells": int(maze.grid.n), "shortest_path": int(distances(maze, maze.start)[maze.goal]),
            **_floor_facts(maze), **rule_facts(maze)}


def recipe_facts(width: int, height: int, build: Callable[[], Maze], full: bool, checked: str = "") -> dict[str, Any]:
    """:func:`path_facts` of the maze ``build()`` makes, or ``{"maze": "not built (...)"}`` when the
    ``width`` × ``height`` grid is over :data:`CHEAP_CELLS` and not ``full``.

    Args:
        checked: what else building would check, said when it is not built (``"; the moves are checked in it"``).

    Raises:
        whatever ``build`` raises (a ghost's move that is not legal: :class:`engine.code_frame.CodeError`).
    """
    if not full and width * height > CHEAP_CELLS:
        return {"maze": f"not built ({width}x{height} grid: --full builds it for cells and shortest path{checked})"}
    return path_facts(build())


def maze_facts(maze: Maze) -> dict[str, Any]:
    """``cells``, ``shortest_path`` (moves), ``perfect`` (one way between any two cells), ``loops``
    (passages beyond a spanning forest: 0 for a perfect maze), ``unreachable`` (cells the start cannot
    reach) and ``dead_ends`` (cells with one open passage) of a built maze."""
    import numpy as np

    from engine.maze.grids.masked import components
    from engine.maze.solvers.bfs import shortest_path

    g = maze.grid
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    label = components(g.n, g.edges[maze.passage])
    parts = int(np.unique(label).size)
    loops = int(maze.passage.sum()) - (g.n - parts)
    return {
        "cells": int(g.n),
        "shortest_path": len(path) - 1,
        "perfect": parts == 1 and loops == 0,
        "loops": loops,
        "unreachable": int((label != label[maze.start]).sum()),
        "dead_ends": int((maze.open_degree() == 1).sum()),
        **_floor_facts(maze),
        **rule_facts(maze),
    }


def rule_facts(maze: Maze) -> dict[str, Any]:
    """A puzzle maze's rules in players' words (``legend``: a sentence per kind of element) and what the exact
    solver proves (``best_moves``: the fewest moves that win, None if none; ``best_ways``: how many
    sequences are that short, capped; ``positions``: the positions a player can reach); ``{}`` for a plain maze."""
    if maze.rules is None:
        return {}
    from engine.maze.rules.draw import legend
    from engine.maze.rules.solver import solution_of

    sol = solution_of(maze)
    return {"legend": " ".join(legend(maze.rules)), "best_moves": sol.length, "best_ways": sol.count,
            "positions": sol.states}


def _floor_facts(maze: Maze) -> dict[str, Any]:
    """``{"open_stairs": count}`` for a maze with floors (its stairs are passages between floors), else ``{}``."""
    if maze.grid.floors == 1:
        return {}
    from engine.maze.floors import open_stairs

    return {"open_stairs": len(open_stairs(maze))}
