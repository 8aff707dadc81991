"""Triangular tessellation: ``height`` rows of ``width`` alternating up/down triangles.

Cell ``c = row * width + col``; row 0 is the bottom row, column 0 the left.
Cell ``(row, col)`` points up when ``row + col`` is even, down otherwise, so
the bottom-left cell points up.  An up triangle neighbours W, E and the down
triangle below it (S); a down triangle neighbours W, E and the up triangle
above it (N): degree 3 inside, 2 on the rim.  Start is the top-left cell, goal
the bottom-right one.

Geometry (cell units): equilateral triangles with side 1, rows ``sqrt(3)/2``
high; column ``col`` spans x in ``[col/2, col/2 + 1]``.  Vertices are computed
from an integer lattice (x in steps of 1/2, y in rows), so shared vertices are
bit-identical.  Centres are the centroids.

Sizes: width and height each in 2..1000 (at most 1,000,000 cells).
"""

from __future__ import annotations

import math

import numpy as np

from engine.maze.grids.base import Grid, Layout, build_grid, check_dims, csr_from_slots, slot_tables

MIN_SIZE = 2
MAX_SIZE = 1000

_H = math.sqrt(3.0) / 2.0  # row height


# Neighbour slots in CSR order (increasing angle): an up cell S, E, W; a down cell W, E, N.
_UP_S, _UP_E, _UP_W = 0, 1, 2
_DOWN_W, _DOWN_E, _DOWN_N = 0, 1, 2


def _vertex(cells: np.ndarray, k: np.ndarray | int, w: int) -> np.ndarray:
    """Vertex ``k`` (0..2, counter-clockwise; scalar or one per cell) of each of ``cells``: ``(m, 2)``.

    In lattice units (x in halves, y in rows) an up cell is (c, r) (c+2, r) (c+1, r+1)
    and a down cell (c+1, r) (c+2, r+1) (c, r+1).
    """
    r, c = np.divmod(np.asarray(cells, dtype=np.int64), w)
    up = ((r + c) & 1) == 0
    k = np.broadcast_to(np.asarray(k, dtype=np.int64), r.shape)
    vx = c + np.choose(k, [np.where(up, 0, 1), 2, np.where(up, 1, 0)])
    vy = r + np.choose(k, [0, np.where(up, 0, 1), 1])
    out = np.empty((r.shape[0], 2), dtype=np.float64)
    out[:, 0] = vx * 0.5
    out[:, 1] = vy * _H
    return out


def _side(cells: np.ndarray, k: np.ndarray | int, w: int) -> np.ndarray:
    """Side ``k`` (vertex ``k`` to ``k + 1``) of each of ``cells``: ``(m, 2, 2)``."""
    return np.stack([_vertex(cells, k, w), _vertex(cells, (np.asarray(k) + 1) % 3, w)], axis=1)


def _pairs(w: int, h: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(east a, east b, up flag of east a, north a, north b)``: the edges in id order."""
    ids = np.arange(w * h, dtype=np.int32).reshape(h, w)
    rows = np.arange(h)[:, None]
    cols = np.arange(w)[None, :]
    up = ((rows + cols) & 1) == 0  # (h, w)
    down_mask = ~up[:-1, :]
    return ids[:, :-1].ravel(), ids[:, 1:].ravel(), up[:, :-1].ravel(), ids[:-1, :][down_mask], ids[1:, :][down_mask]


def _layout(w: int, h: int) -> Layout:
    n = w * h

    def centers() -> np.ndarray:
        r, c = np.divmod(np.arange(n, dtype=np.int64), w)
        up = ((r + c) & 1) == 0
        return np.stack([(c + 1) * 0.5, (r + np.where(up, 1.0, 2.0) / 3.0) * _H], axis=1)

    def polygons() -> tuple[np.ndarray, np.ndarray]:
        cells = np.arange(n)
        poly = np.stack([_vertex(cells, k, w) for k in range(3)], axis=1)
        return np.arange(0, 3 * n + 1, 3, dtype=np.int32), poly.reshape(-1, 2)

    def polygon(cell: int) -> np.ndarray:
        return np.stack([_vertex(np.array([cell]), k, w)[0] for k in range(3)])

    def walls() -> np.ndarray:
        # East pairs cross side 1 of an up cell and side 0 of a down cell;
        # a down cell's side 1 (top) is shared with the up cell above it.
        ea, _, up, na, _ = _pairs(w, h)
        return np.concatenate([_side(ea, np.where(up, 1, 0), w), _side(na, 1, w)])

    def boundary() -> np.ndarray:
        # The left side (side 2) of column 0, the right side of the last column,
        # the base of up cells in row 0 and the top of down cells in the last row.
        ids = np.arange(n, dtype=np.int64).reshape(h, w)
        up_row0 = (np.arange(w) & 1) == 0
        up_last = ((h - 1 + np.arange(w)) & 1) == 0
        right = ids[:, -1]
        right_up = ((np.arange(h) + w - 1) & 1) == 0
        return np.concatenate(
            [
                _side(ids[0][up_row0], 0, w),
                _side(right, np.where(right_up, 1, 0), w),
                _side(ids[-1][~up_last], 1, w),
                _side(ids[:, 0], 2, w),
            ]
        )

    return Layout(centers, polygons, walls, boundary, polygon)


def make_triangle(width: int, height: int) -> Grid:
    """Build a ``width`` × ``height`` triangle grid (each in 2..1000).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("triangle", width, height, MIN_SIZE, MAX_SIZE)
    n = w * h
    ea, eb, up, na, nb = _pairs(w, h)
    # East pair: b is E of a in either case; a is W of b (a down cell's slot 0, an up cell's slot 2).
    back_w: np.ndarray = np.where(up, _DOWN_W, _UP_W)
    groups: list[tuple[np.ndarray, np.ndarray, int | np.ndarray, int | np.ndarray]] = [
        (ea, eb, _UP_E, back_w),
        (na, nb, _DOWN_N, _UP_S),
    ]
    edges, nbr_tab, eid_tab = slot_tables(n, 3, groups)
    r, c = np.divmod(np.arange(n, dtype=np.int32), np.int32(w))
    return build_grid(
        "triangle",
        w,
        h,
        edges,
        csr_from_slots(nbr_tab, eid_tab),
        _layout(w, h),
        row=r,
        col=c,
        start=(h - 1) * w,
        goal=w - 1,
    )
