"""Binary tree, vectorised with numpy.

It uses the grid's rows (:func:`engine.maze.generators._common.rows_of`): "east" is
the next cell of the same row (column + 1, no wrap-around), "north" is any
neighbour in the row above (row + 1).  It needs every row to be one chain of
east neighbours, and every cell below the top row to have a north neighbour
(square, hex and polar grids; checked at run time).

Every cell opens one passage, chosen uniformly among its north
neighbours and its east neighbour (on a square grid: north or east, 50/50).
The last cell of the top row opens nothing.
"""

from __future__ import annotations

import numpy as np

from engine.maze.generators._common import Record, checked_rows, make_generator_forms, pick, u32_array
from engine.maze.generators._info import ROW_SHAPES, generator_info
from engine.maze.grids.base import Grid
from engine.rng import Rng


def binary_tree_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Binary tree; returns the ``(E,)`` bool passages.

    Draws ``n`` raw words (one per cell, in position order).

    Raises:
        ValueError: if the grid's rows are unsuitable.
    """
    if rec is None and grid.full_square:
        return _square_binary_tree(grid.width, grid.height, rng)
    rows = checked_rows(grid, "binary-tree")
    n = grid.n
    npc = np.diff(rows.north_ptr)
    has_east = rows.east >= 0
    k = npc + has_east  # candidates per position: north ones then east
    r32 = u32_array(rng, n)
    ok = k > 0
    choice = pick(r32[ok], k[ok])
    posk = np.flatnonzero(ok)
    north_pick = choice < npc[ok]
    edge = np.empty(len(posk), dtype=np.int64)
    edge[north_pick] = rows.north_edge[rows.north_ptr[posk[north_pick]] + choice[north_pick]]
    edge[~north_pick] = rows.east[posk[~north_pick]]
    pas = np.zeros(grid.num_edges, dtype=bool)
    pas[edge] = True
    if rec is not None:
        cells = rows.cells[posk].tolist()
        for c, e in zip(cells, edge.tolist(), strict=True):
            rec.append(("current", c))
            rec.append(("visit", c))
            rec.append(("open", e))
    return pas


def _square_binary_tree(w: int, h: int, rng: Rng) -> np.ndarray:
    """:func:`binary_tree_core` on a whole ``w`` × ``h`` square grid (same draws, same passages).

    Inside the top row and the last column a cell has two candidates (north, east) and
    ``(r32 * 2) >> 32``, the top bit of its raw word, picks east when set; the top row can
    only go east, the last column only north, the top-right cell opens nothing.
    """
    east_bit = (rng.u64_array(w * h) >> np.uint64(63)).astype(bool).reshape(h, w)
    pas = np.zeros(h * (w - 1) + (h - 1) * w, dtype=bool)
    east = pas[: h * (w - 1)].reshape(h, w - 1)
    north = pas[h * (w - 1) :].reshape(h - 1, w)
    east[:-1] = east_bit[:-1, :-1]
    east[-1] = True
    np.logical_not(east_bit[:-1, :-1], out=north[:, :-1])
    north[:, -1] = True
    return pas


run_binary_tree, steps_binary_tree = make_generator_forms("binary tree", binary_tree_core)

INFO = generator_info(
    "binary-tree",
    "BI",
    "Binary tree: each cell opens north or east (strong diagonal bias)",
    ROW_SHAPES,
    run_binary_tree,
    steps_binary_tree,
    masks=False,
)
