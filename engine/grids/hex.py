"""Hexagonal tessellation: ``width`` × ``height`` pointy-top hexagons in offset rows.

Cell ``c = row * width + col``; row 0 is the bottom row, column 0 the left.
Odd rows are shifted half a cell to the east, so the grid is a rectangle with
ragged left and right sides.  An interior cell has 6 neighbours (E, NE, NW, W,
SW, SE).  Start is the top-left cell, goal the bottom-right one.

Geometry (cell units): neighbouring centres are 1 apart, the hexagon's
circumradius is ``1/sqrt(3)`` and rows are ``sqrt(3)/2`` apart.  Every vertex is
computed from an integer lattice (x in steps of 1/2, y in steps of
``1/(2*sqrt(3))``), so a vertex shared by several cells has bit-identical
coordinates in each of them.

Sizes: width and height each in 2..1000 (at most 1,000,000 cells).
"""

from __future__ import annotations

import math

import numpy as np

from engine.grids.base import Grid, build_grid, check_dims

MIN_SIZE = 2
MAX_SIZE = 1000

_S = 1.0 / math.sqrt(3.0)  # circumradius
_YSTEP = _S / 2.0  # one unit of the integer y lattice
# Vertex k (counter-clockwise from 30 degrees) as (dx in half units, dy in _YSTEP units).
_VX = np.array([1, 0, -1, -1, 0, 1], dtype=np.int64)
_VY = np.array([1, 2, 1, -1, -2, -1], dtype=np.int64)
# Side k joins vertex k and k+1; it faces NE, NW, W, SW, SE, E.


def _neighbour(r: np.ndarray, c: np.ndarray, side: int, w: int, h: int) -> np.ndarray:
    """Cell across ``side`` of cells ``(r, c)``, or -1 where it falls outside."""
    odd = r & 1
    dr, dc = ((1, odd), (1, odd - 1), (0, -1), (-1, odd - 1), (-1, odd), (0, 1))[side]
    rr = r + dr
    cc = c + dc
    ok = (rr >= 0) & (rr < h) & (cc >= 0) & (cc < w)
    return np.where(ok, rr * w + cc, -1)


def _polygons(w: int, h: int) -> np.ndarray:
    """All hexagons as ``(h, w, 6, 2)`` float64, vertices counter-clockwise."""
    rows = np.arange(h, dtype=np.int64)[:, None]
    x2 = 2 * np.arange(w, dtype=np.int64)[None, :] + 1 + (rows & 1)  # centre x in half units, (h, w)
    yi = np.broadcast_to(3 * rows + 2, (h, w))  # centre y in _YSTEP units
    poly = np.empty((h, w, 6, 2), dtype=np.float64)
    poly[..., 0] = (x2[..., None] + _VX) * 0.5
    poly[..., 1] = (yi[..., None] + _VY) * _YSTEP
    return poly


# Edge groups: (rows of a, columns of a, rows of b, columns of b, side of a crossed).
# b is the east, north-east or north-west neighbour of a, so b > a always.
_GROUPS = (
    (slice(None), slice(None, -1), slice(None), slice(1, None), 5),  # east
    (slice(0, -1, 2), slice(None), slice(1, None, 2), slice(None), 0),  # NE from an even row: same column
    (slice(1, -1, 2), slice(None, -1), slice(2, None, 2), slice(1, None), 0),  # NE from an odd row: next column
    (slice(0, -1, 2), slice(1, None), slice(1, None, 2), slice(None, -1), 1),  # NW from an even row: previous column
    (slice(1, -1, 2), slice(None), slice(2, None, 2), slice(None), 1),  # NW from an odd row: same column
)


def make_hex(width: int, height: int) -> Grid:
    """Build a ``width`` × ``height`` hexagonal grid (each in 2..1000).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("hex", width, height, MIN_SIZE, MAX_SIZE)
    n = w * h
    ids = np.arange(n, dtype=np.int64).reshape(h, w)
    poly4 = _polygons(w, h)
    poly = poly4.reshape(n, 6, 2)

    edge_parts, wall_parts = [], []
    for ra, ca, rb, cb, k in _GROUPS:
        a = ids[ra, ca]
        b = ids[rb, cb][: a.shape[0]]  # the row above; the top row has none
        edge_parts.append(np.stack([a.ravel(), b.ravel()], axis=1))
        side = poly4[ra, ca]
        wall_parts.append(np.stack([side[..., k, :], side[..., (k + 1) % 6, :]], axis=-2).reshape(-1, 2, 2))
    edges = np.concatenate(edge_parts)
    walls = np.concatenate(wall_parts)

    # Boundary sides can only belong to cells on the rim of the rectangle.
    rim = np.unique(np.concatenate([ids[0], ids[-1], ids[:, 0], ids[:, -1]]))
    rr, rc = np.divmod(rim, w)
    bound_parts = []
    for k in range(6):
        out = rim[_neighbour(rr, rc, k, w, h) < 0]
        bound_parts.append(np.stack([poly[out, k], poly[out, (k + 1) % 6]], axis=1))
    boundary = np.concatenate(bound_parts)

    r, c = np.divmod(np.arange(n, dtype=np.int64), w)
    centers = np.stack([(2 * c + 1 + (r & 1)) * 0.5, (3 * r + 2) * _YSTEP], axis=1)
    poly_indptr = np.arange(0, 6 * n + 1, 6, dtype=np.int32)
    return build_grid(
        "hex",
        w,
        h,
        edges,
        centers,
        (poly_indptr, poly4.reshape(-1, 2)),
        walls,
        boundary,
        row=r,
        col=c,
        start=(h - 1) * w,
        goal=w - 1,
    )
