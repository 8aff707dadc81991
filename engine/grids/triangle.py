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

from engine.grids.base import Grid, build_grid, check_dims

MIN_SIZE = 2
MAX_SIZE = 1000

_H = math.sqrt(3.0) / 2.0  # row height


def make_triangle(width: int, height: int) -> Grid:
    """Build a ``width`` × ``height`` triangle grid (each in 2..1000).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("triangle", width, height, MIN_SIZE, MAX_SIZE)
    n = w * h
    ids = np.arange(n, dtype=np.int64).reshape(h, w)
    rows = np.arange(h, dtype=np.int64)[:, None]
    cols = np.arange(w, dtype=np.int64)[None, :]
    up = ((rows + cols) & 1) == 0  # (h, w)

    # Vertices in lattice units (x in halves, y in rows), counter-clockwise.
    # Up: (c, r) (c+2, r) (c+1, r+1).   Down: (c+1, r) (c+2, r+1) (c, r+1).
    vx = np.empty((h, w, 3), dtype=np.int64)
    vy = np.empty((h, w, 3), dtype=np.int64)
    vx[..., 0] = cols + np.where(up, 0, 1)
    vx[..., 1] = cols + 2
    vx[..., 2] = cols + np.where(up, 1, 0)
    vy[..., 0] = rows
    vy[..., 1] = rows + np.where(up, 0, 1)
    vy[..., 2] = rows + 1
    poly = np.empty((h, w, 3, 2), dtype=np.float64)
    poly[..., 0] = vx * 0.5
    poly[..., 1] = vy * _H
    poly = poly.reshape(n, 3, 2)

    # East pairs cross side 1 of an up cell and side 0 of a down cell;
    # a down cell's side 1 (top) is shared with the up cell above it.
    ea = ids[:, :-1].ravel()
    eb = ids[:, 1:].ravel()
    east_side = np.where(up[:, :-1].ravel(), 1, 0)
    down_mask = ~up[:-1, :]
    na = ids[:-1, :][down_mask]
    nb = ids[1:, :][down_mask]
    edges = np.concatenate([np.stack([ea, eb], axis=1), np.stack([na, nb], axis=1)])
    walls = np.concatenate(
        [
            np.stack([poly[ea, east_side], poly[ea, (east_side + 1) % 3]], axis=1),
            np.stack([poly[na, 1], poly[na, 2]], axis=1),
        ]
    )

    # Boundary: the left side (side 2) of column 0, the right side of the last
    # column, the base of up cells in row 0 and the top of down cells in the last row.
    left = ids[:, 0]
    right = ids[:, -1]
    right_side = np.where(up[:, -1], 1, 0)
    bottom = ids[0][up[0]]
    top = ids[-1][~up[-1]]
    boundary = np.concatenate(
        [
            np.stack([poly[bottom, 0], poly[bottom, 1]], axis=1),
            np.stack([poly[right, right_side], poly[right, (right_side + 1) % 3]], axis=1),
            np.stack([poly[top, 1], poly[top, 2]], axis=1),
            np.stack([poly[left, 2], poly[left, 0]], axis=1),
        ]
    )

    r = np.broadcast_to(rows, (h, w)).ravel()
    c = np.broadcast_to(cols, (h, w)).ravel()
    centers = np.stack([(c + 1) * 0.5, (r + np.where(up.ravel(), 1.0, 2.0) / 3.0) * _H], axis=1)
    poly_indptr = np.arange(0, 3 * n + 1, 3, dtype=np.int32)
    return build_grid(
        "triangle",
        w,
        h,
        edges,
        centers,
        (poly_indptr, poly.reshape(-1, 2)),
        walls,
        boundary,
        row=r,
        col=c,
        start=(h - 1) * w,
        goal=w - 1,
    )
