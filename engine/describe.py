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

__all__ = ["CHEAP_CELLS", "describe", "describe_code", "maze_facts", "recipe_of"]


#: A recipe's maze is built by plain ``show`` only up to this many grid cells (width × height): the
#: slowest generator (Aldous-Broder) makes 40,000 cells in well under a second.  ``--full`` builds any.
CHEAP_CELLS = 40_000


def recipe_of(decoded: Decoded) -> MazeSpec | None:
    """The maze recipe a code builds its maze from (maze, race, ghost of a recipe), else None."""
    if isinstance(decoded, MazeSpec):
        return decoded
    if isinstance(decoded, RaceSpec):
        return decoded.maze
    if isinstance(decoded, GhostCode):
        return decoded.spec
    return None


def describe(decoded: Decoded, full: bool = False) -> dict[str, Any]:
    """Describe a decoded level (a :data:`engine.codes.Decoded`).

    A recipe's maze (maze, race and ghost codes) is built — for ``cells`` and ``shortest_path``, and a
    ghost's moves are checked in it — only when cheap (at most :data:`CHEAP_CELLS` grid cells) or when
    ``full``; otherwise ``maze`` says it was not built and why (describing stays well under 2 s at the
    largest sizes).  A code that carries its maze (level codes, ghosts of hand-made levels) is always
    checked: its maze is already decoded.

    Returns:
        ``{"kind", "code", "version", ["current_code",] <fields>..., "cells", "shortest_path"}``
        (``current_code``: the same level in today's format, for older codes), or ``"maze"`` instead of
        ``cells``/``shortest_path`` when the maze was not built.

    Raises:
        CodeError: (ghost) a move is not legal in its maze (when its maze is built or carried).
    """
    out: dict[str, Any] = {"kind": decoded.KIND, "code": decoded.code(), "version": decoded.version}
    if decoded.version != CURRENT_VERSION:
        out["current_code"] = decoded.upgraded().code()  # the same level in today's format
    out.update(decoded.describe())
    if isinstance(decoded, (MazeSpec, RaceSpec, GhostCode)):
        recipe = recipe_of(decoded)
        size = recipe.width * recipe.height if recipe is not None else 0
        if not full and size > CHEAP_CELLS:
            checked = "; the moves are checked in it" if isinstance(decoded, GhostCode) else ""
            out["maze"] = (
                (
                    f"not built ({recipe.width}x{recipe.height} grid: --full builds it for cells "
                    f"and shortest path{checked})"
                )
                if recipe is not None
                else ""
            )
            return out
        from engine.maze.solvers.bfs import distances

        maze = decoded.build()
        if isinstance(decoded, GhostCode):
            decoded.check_moves(decoded.level(maze))
        out["cells"] = int(maze.grid.n)
        out["shortest_path"] = int(distances(maze, maze.start)[maze.goal])  # flat CSR lists: no per-cell lists
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
    }


def describe_code(text: object, full: bool = False) -> dict[str, Any]:
    """Decode ``text`` and :func:`describe` it (``full``: build any maze, see :func:`describe`).

    Raises:
        CodeError: the code does not decode, or (ghost) a move is not legal in its maze.
    """
    return describe(decode_any(text), full)
