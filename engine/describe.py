"""What a level code is, as data: the describer behind ``tessera show``.

:func:`describe_code` decodes any code through :func:`engine.codes.decode_any`
and returns its kind, canonical code, format version and every field; maze,
race and ghost codes also build their maze (cells and shortest path; a ghost's
moves are checked in it); a level code (the maze itself) also says whether the maze is
perfect, its loops and its dead ends.  Printing (text or JSON lines), reading stdin and
exit codes are the command's: :mod:`engine.cli.show`.
"""

from __future__ import annotations

from typing import Any

from engine.codes import CURRENT_VERSION, Decoded, decode_any
from engine.maze.facts import CHEAP_CELLS, maze_facts

__all__ = ["CHEAP_CELLS", "describe", "describe_code", "maze_facts"]


def describe(decoded: Decoded, full: bool = False) -> dict[str, Any]:
    """Describe a decoded level (a :class:`engine.codes.Decoded`): its fields, then what its kind says about
    its maze (:meth:`~engine.codes.Decoded.facts`).

    A recipe's maze (maze, race and ghost codes) is built — for ``cells`` and ``shortest_path``, and a
    ghost's moves are checked in it — only when cheap (at most :data:`CHEAP_CELLS` grid cells) or when
    ``full``; otherwise ``maze`` says it was not built and why (describing stays well under 2 s at the
    largest sizes).  A code that carries its maze (level codes, ghosts of hand-made levels) is always
    checked: its maze is already decoded.

    Returns:
        ``{"kind", "code", "version", ["current_code",] <fields>..., "cells", "shortest_path"["open_stairs"]}``
        (``current_code``: the same level in today's format, for older codes; ``open_stairs``: mazes with
        floors), or ``"maze"`` instead of ``cells``/``shortest_path`` when the maze was not built.

    Raises:
        CodeError: (ghost) a move is not legal in its maze (when its maze is built or carried).
    """
    out: dict[str, Any] = {"kind": decoded.KIND, "code": decoded.code(), "version": decoded.version}
    if decoded.version != CURRENT_VERSION:
        out["current_code"] = decoded.upgraded().code()  # the same level in today's format
    out.update(decoded.describe())
    out.update(decoded.facts(full))
    return out


def describe_code(text: object, full: bool = False) -> dict[str, Any]:
    """Decode ``text`` and :func:`describe` it (``full``: build any maze, see :func:`describe`).

    Raises:
        CodeError: the code does not decode, or (ghost) a move is not legal in its maze.
    """
    return describe(decode_any(text), full)
