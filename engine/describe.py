"""What a level code is, as data: the describer behind ``tessera show``.

:func:`describe_code` decodes any code through :func:`engine.codes.decode_any`
and returns its kind, canonical code, format version and every field; maze,
race and ghost codes also build their maze (cells and shortest path; a ghost's
moves are checked in it); a level code (the maze itself) also says whether the maze is
perfect, its loops and its dead ends.  Printing (text or JSON lines), reading stdin and
exit codes are the command's: :mod:`engine.cli.show`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.codes import CURRENT_VERSION, decode_any
from engine.maze.level_code import LevelCode
from engine.maze.recipe import MazeSpec
from engine.modes.ghost import GhostCode
from engine.modes.race.code import RaceSpec

if TYPE_CHECKING:
    from engine.codes import Decoded
    from engine.maze.model import Maze

__all__ = ["describe", "describe_code", "maze_facts"]


def describe(decoded: Decoded) -> dict[str, Any]:
    """Describe a decoded level (a :data:`engine.codes.Decoded`); builds the maze (for cells and shortest path).

    Returns:
        ``{"kind", "code", "version", ["current_code",] <fields>..., "cells", "shortest_path"["open_stairs"]}``
        (``current_code``: the same level in today's format, for older codes).

    Raises:
        CodeError: (ghost) a move is not legal in its maze.
    """
    out: dict[str, Any] = {"kind": decoded.KIND, "code": decoded.code(), "version": decoded.version}
    if decoded.version != CURRENT_VERSION:
        out["current_code"] = decoded.upgraded().code()  # the same level in today's format
    out.update(decoded.describe())
    if isinstance(decoded, (MazeSpec, RaceSpec, GhostCode)):
        from engine.maze.solvers.bfs import shortest_path

        maze = decoded.build()
        if isinstance(decoded, GhostCode):
            decoded.check_moves(decoded.level(maze))
        out["cells"] = int(maze.grid.n)
        path = shortest_path(maze.open_lists(), maze.start, maze.goal)
        out["shortest_path"] = len(path) - 1
        out.update(_floor_facts(maze))
    elif isinstance(decoded, LevelCode):
        out.update(maze_facts(decoded.maze()))
    return out


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
    }


def _floor_facts(maze: Maze) -> dict[str, Any]:
    """``{"open_stairs": count}`` for a maze with floors (its stairs are passages between floors), else ``{}``."""
    if maze.grid.floors == 1:
        return {}
    from engine.maze.floors import open_stairs

    return {"open_stairs": len(open_stairs(maze))}


def describe_code(text: object) -> dict[str, Any]:
    """Decode ``text`` and :func:`describe` it.

    Raises:
        CodeError: the code does not decode, or (ghost) a move is not legal in its maze.
    """
    return describe(decode_any(text))
