"""Sidewinder, vectorised with numpy.

It uses the grid's rows (:func:`engine.maze.generators._common.rows_of`): "east" is
the next cell of the same row (column + 1, no wrap-around), "north" is any
neighbour in the row above (row + 1).  It needs every row to be one chain of
east neighbours, and every cell below the top row to have a north neighbour
(square, hex and polar grids; checked at run time).

Each row is cut into runs: after each cell a coin (50/50)
either extends the run east or closes it (a row end always closes); a closed
run opens one passage north from a uniformly random cell of the run (to a
uniformly random north neighbour).  The top row is one long run with no exit.
"""

from __future__ import annotations

import numpy as np

from engine.maze.generators._common import Record, checked_rows, make_generator_forms, pick, u32_array
from engine.maze.generators._info import ROW_SHAPES, generator_info
from engine.maze.grids.base import Grid
from engine.rng import Rng


def sidewinder_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Sidewinder; returns the ``(E,)`` bool passages.

    Draws ``m`` raw words for the coins (one per cell below the top row, in
    position order), then ``2 * runs`` for the run cell and north neighbour picks.

    Raises:
        ValueError: if the grid's rows are unsuitable.
    """
    if rec is None and grid.full_square:
        return _square_sidewinder(grid.width, grid.height, rng)
    rows = checked_rows(grid, "sidewinder")
    top = int(rows.row_ptr[-2])  # positions >= top are the top row
    east = rows.east
    coins = rng.u64_array(top) >> np.uint64(63)
    close = (coins == 1) | (east[:top] < 0)
    run_end = np.flatnonzero(close)
    run_start = np.concatenate(([0], run_end[:-1] + 1)).astype(np.int64)
    run_len = run_end - run_start + 1
    nruns = len(run_end)
    r32 = u32_array(rng, 2 * nruns)
    member = run_start + pick(r32[:nruns], run_len)
    npc = np.diff(rows.north_ptr)
    up = rows.north_edge[rows.north_ptr[member] + pick(r32[nruns:], npc[member])]
    east_open = np.concatenate((east[:top][~close], east[top:][east[top:] >= 0]))
    pas = np.zeros(grid.num_edges, dtype=bool)
    pas[east_open] = True
    pas[up] = True
    if rec is not None:
        cells = rows.cells.tolist()
        el = east.tolist()
        cl = close.tolist()
        ul = up.tolist()
        run = 0
        for p in range(grid.n):
            c = cells[p]
            rec.append(("current", c))
            rec.append(("visit", c))
            if p < top and cl[p]:
                rec.append(("open", ul[run]))
                run += 1
            elif el[p] >= 0:
                rec.append(("open", el[p]))
    return pas


# -- whole square grids: the same draws and passages from the edge arithmetic ------------
# (engine.maze.grids.square: the edge east of cell c = row * w + col is row * (w - 1) + col, the
# edge north of it h * (w - 1) + c), without the row tables or the grid's topology.


def _square_sidewinder(w: int, h: int, rng: Rng) -> np.ndarray:
    """:func:`sidewinder_core` on a whole ``w`` × ``h`` square grid (same draws, same passages).

    Below the top row a cell's coin (top bit of its raw word) closes the run, as does the
    row's end; each closed run opens north from ``run_start + (r32 * len) >> 32``; the
    north-neighbour pick (one candidate) still consumes its word.
    """
    top = (h - 1) * w  # cells below the top row
    close = (rng.u64_array(top) >> np.uint64(63)).astype(bool).reshape(h - 1, w)
    close[:, -1] = True
    flat = close.ravel()
    run_end = np.flatnonzero(flat)
    nruns = len(run_end)
    run_start = np.empty(nruns, dtype=np.int64)
    run_start[0] = 0
    run_start[1:] = run_end[:-1] + 1
    r32 = u32_array(rng, 2 * nruns)[:nruns]
    member = run_start + pick(r32, run_end - run_start + 1)
    pas = np.zeros(h * (w - 1) + (h - 1) * w, dtype=bool)
    east = pas[: h * (w - 1)].reshape(h, w - 1)
    np.logical_not(close[:, :-1], out=east[:-1])
    east[-1] = True
    pas[h * (w - 1) + member] = True
    return pas


run_sidewinder, steps_sidewinder = make_generator_forms("sidewinder", sidewinder_core)

INFO = generator_info(
    "sidewinder",
    "SW",
    "Sidewinder: east runs, each closed by one passage north",
    ROW_SHAPES,
    run_sidewinder,
    steps_sidewinder,
    masks=False,
)
