"""Upsilon (octagon-square, truncated square) tessellation.

``width`` × ``height`` counts the regular octagons: ``width`` per row,
``height`` rows.  The diamond-shaped gaps where four octagons meet are small
square cells, ``(width - 1) * (height - 1)`` of them (there are no half squares
on the rim).  Octagon ``(row, col)`` has id ``row * width + col``; the square
whose lower-left octagon is ``(row, col)`` (``row < height - 1``, ``col < width - 1``)
has id ``width * height + row * (width - 1) + col``.  An interior octagon has 8
neighbours (4 octagons across its straight sides, 4 squares across its diagonal
ones); a square has 4 (the octagons around it).  ``row``/``col`` are filled for
octagons (row 0 at the bottom) and -1 for squares.  Start is the top-left
octagon, goal the bottom-right one.

Geometry (cell units): octagon ``(row, col)`` fills the unit box
``[col, col + 1] × [row, row + 1]`` with its corners cut by ``p = 1 - 1/sqrt(2)``
(side ``sqrt(2) - 1``), so octagon centres are 1 apart; each square is a diamond
of half-diagonal ``p`` centred on a lattice point.  Every coordinate is an
integer or an integer plus or minus ``p``, computed one way only, so shared
vertices are bit-identical.

Sizes: width and height each in 2..700 (at most 700 × 700 + 699 × 699 = 978,601 cells).
"""

from __future__ import annotations

import math

import numpy as np

from engine.maze.grids.base import Grid, Layout, build_grid, check_dims, csr_from_slots, slot_tables

MIN_SIZE = 2
MAX_SIZE = 700

_P = 1.0 - 1.0 / math.sqrt(2.0)  # corner cut

# Octagon vertex k (counter-clockwise from the lower end of the east side) as
# (integer offset x, sign of p in x, integer offset y, sign of p in y).
_OCT = np.array(
    [
        (1, 0, 0, 1),
        (1, 0, 1, -1),
        (1, -1, 1, 0),
        (0, 1, 1, 0),
        (0, 0, 1, -1),
        (0, 0, 0, 1),
        (0, 1, 0, 0),
        (1, -1, 0, 0),
    ],
    dtype=np.int64,
)
# Side k joins vertex k and k+1; it faces E, NE, N, NW, W, SW, S, SE.
# Square vertices around the lattice point (1, 1) of its lower-left octagon: S, E, N, W.
_SQ = np.array([(1, 0, 1, -1), (1, 1, 1, 0), (1, 0, 1, 1), (1, -1, 1, 0)], dtype=np.int64)


def _place(ix: np.ndarray, iy: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Vertices ``table`` around base lattice points ``(ix, iy)`` as ``(m, k, 2)`` float64."""
    out = np.empty((ix.shape[0], table.shape[0], 2), dtype=np.float64)
    out[..., 0] = (ix[:, None] + table[:, 0]) + table[:, 1] * _P
    out[..., 1] = (iy[:, None] + table[:, 2]) + table[:, 3] * _P
    return out


# Neighbour slots in CSR order (increasing angle).  Octagon: SW, S, SE, E, NE, N, NW, W;
# square: SW, SE, NE, NW (all octagons).
_O_SW, _O_S, _O_SE, _O_E, _O_NE, _O_N, _O_NW, _O_W = range(8)
_S_SW, _S_SE, _S_NE, _S_NW = range(4)


def _groups(w: int, h: int) -> list[tuple[np.ndarray, np.ndarray, int, int, int]]:
    """Edge groups in id order: ``(octagons a, neighbours b, side of a, slot of b at a, slot of a at b)``.

    The neighbour always has the larger id.
    """
    n_oct = w * h
    oid = np.arange(n_oct, dtype=np.int32).reshape(h, w)
    sid = n_oct + np.arange((w - 1) * (h - 1), dtype=np.int32).reshape(h - 1, w - 1)
    whole, head, tail = slice(None), slice(None, -1), slice(1, None)
    spec = [
        (whole, head, oid[:, 1:], 0, _O_E, _O_W),  # east
        (head, whole, oid[1:, :], 2, _O_N, _O_S),  # north
        (head, head, sid, 1, _O_NE, _S_SW),  # north-east square
        (head, tail, sid, 3, _O_NW, _S_SE),  # north-west square
        (tail, tail, sid, 5, _O_SW, _S_NE),  # south-west square
        (tail, head, sid, 7, _O_SE, _S_NW),  # south-east square
    ]
    return [(oid[r, c].ravel(), b.ravel(), k, sa, sb) for r, c, b, k, sa, sb in spec]


def _layout(w: int, h: int) -> Layout:
    n_oct = w * h
    n_sq = (w - 1) * (h - 1)

    def octagons(cells: np.ndarray, table: np.ndarray = _OCT) -> np.ndarray:
        orow, ocol = np.divmod(np.asarray(cells, dtype=np.int64), w)
        return _place(ocol, orow, table)

    def squares(cells: np.ndarray) -> np.ndarray:
        srow, scol = np.divmod(np.asarray(cells, dtype=np.int64) - n_oct, w - 1)
        return _place(scol, srow, _SQ)

    def centers() -> np.ndarray:
        orow, ocol = np.divmod(np.arange(n_oct, dtype=np.int64), w)
        srow, scol = np.divmod(np.arange(n_sq, dtype=np.int64), w - 1)
        return np.concatenate(
            [np.stack([ocol + 0.5, orow + 0.5], axis=1), np.stack([scol + 1.0, srow + 1.0], axis=1)]
        ).astype(np.float64)

    def polygons() -> tuple[np.ndarray, np.ndarray]:
        starts = [np.arange(0, 8 * n_oct, 8), 8 * n_oct + np.arange(0, 4 * n_sq + 1, 4)]
        xy = np.concatenate(
            [octagons(np.arange(n_oct)).reshape(-1, 2), squares(n_oct + np.arange(n_sq)).reshape(-1, 2)]
        )
        return np.concatenate(starts).astype(np.int32), xy

    def polygon(cell: int) -> np.ndarray:
        ring: np.ndarray = (octagons if cell < n_oct else squares)(np.array([cell]))[0]
        return ring

    def side(cells: np.ndarray, k: int) -> np.ndarray:
        return octagons(cells, _OCT[[k, (k + 1) % 8]])

    def walls() -> np.ndarray:
        return np.concatenate([side(a, k) for a, _, k, _, _ in _groups(w, h)])

    def boundary() -> np.ndarray:
        # The sides of rim octagons that face outside (straight sides on their own
        # edge of the lattice, diagonal sides wherever no square lies behind them).
        orow, ocol = np.divmod(np.arange(n_oct, dtype=np.int64), w)
        top, bottom = orow == h - 1, orow == 0
        left, right = ocol == 0, ocol == w - 1
        outside = [
            (right, 0),
            (top | right, 1),
            (top, 2),
            (top | left, 3),
            (left, 4),
            (bottom | left, 5),
            (bottom, 6),
            (bottom | right, 7),
        ]
        return np.concatenate([side(np.flatnonzero(mask), k) for mask, k in outside])

    return Layout(centers, polygons, walls, boundary, polygon)


def make_upsilon(width: int, height: int) -> Grid:
    """Build an octagon-square grid of ``width`` × ``height`` octagons (each in 2..700).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("upsilon", width, height, MIN_SIZE, MAX_SIZE)
    n_oct = w * h
    n = n_oct + (w - 1) * (h - 1)
    edges, nbr_tab, eid_tab = slot_tables(n, 8, [(a, b, sa, sb) for a, b, _, sa, sb in _groups(w, h)])
    orow, ocol = np.divmod(np.arange(n_oct, dtype=np.int32), np.int32(w))
    minus = np.full(n - n_oct, -1, dtype=np.int32)
    return build_grid(
        "upsilon",
        w,
        h,
        edges,
        csr_from_slots(nbr_tab, eid_tab),
        _layout(w, h),
        row=np.concatenate([orow, minus]),
        col=np.concatenate([ocol, minus]),
        start=(h - 1) * w,
        goal=w - 1,
    )
