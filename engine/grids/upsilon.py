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

from engine.grids.base import Grid, build_grid, check_dims

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


def make_upsilon(width: int, height: int) -> Grid:
    """Build an octagon-square grid of ``width`` × ``height`` octagons (each in 2..700).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("upsilon", width, height, MIN_SIZE, MAX_SIZE)
    n_oct = w * h
    oid = np.arange(n_oct, dtype=np.int64).reshape(h, w)
    sid = n_oct + np.arange((w - 1) * (h - 1), dtype=np.int64).reshape(h - 1, w - 1)
    orow, ocol = np.divmod(oid.ravel(), w)
    srow, scol = np.divmod(sid.ravel() - n_oct, w - 1)
    opoly = _place(ocol, orow, _OCT)
    spoly = _place(scol, srow, _SQ)

    def side(cells: np.ndarray, k: int) -> np.ndarray:
        return np.stack([opoly[cells, k], opoly[cells, (k + 1) % 8]], axis=1)

    # (octagon rows, octagon columns, neighbour ids, side of the octagon) groups;
    # the neighbour always has the larger id.
    whole, head, tail = slice(None), slice(None, -1), slice(1, None)
    groups = [
        (whole, head, oid[:, 1:], 0),  # east
        (head, whole, oid[1:, :], 2),  # north
        (head, head, sid, 1),  # north-east square
        (head, tail, sid, 3),  # north-west square
        (tail, tail, sid, 5),  # south-west square
        (tail, head, sid, 7),  # south-east square
    ]
    opoly4 = opoly.reshape(h, w, 8, 2)
    edges = np.concatenate([np.stack([oid[r, c].ravel(), b.ravel()], axis=1) for r, c, b, _ in groups])
    walls = np.concatenate(
        [np.stack([opoly4[r, c, k], opoly4[r, c, (k + 1) % 8]], axis=-2).reshape(-1, 2, 2) for r, c, _, k in groups]
    )

    # Boundary: the sides of rim octagons that face outside (straight sides on their
    # own edge of the lattice, diagonal sides wherever no square lies behind them).
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
    boundary = np.concatenate([side(np.flatnonzero(mask), k) for mask, k in outside])

    centers = np.concatenate(
        [
            np.stack([ocol + 0.5, orow + 0.5], axis=1),
            np.stack([scol + 1.0, srow + 1.0], axis=1),
        ]
    ).astype(np.float64)
    starts = [np.arange(0, 8 * n_oct, 8), 8 * n_oct + np.arange(0, 4 * sid.size + 1, 4)]
    poly_indptr = np.concatenate(starts).astype(np.int32)
    poly_xy = np.concatenate([opoly.reshape(-1, 2), spoly.reshape(-1, 2)])
    minus = np.full(sid.size, -1, dtype=np.int64)
    return build_grid(
        "upsilon",
        w,
        h,
        edges,
        centers,
        (poly_indptr, poly_xy),
        walls,
        boundary,
        row=np.concatenate([orow, minus]),
        col=np.concatenate([ocol, minus]),
        start=(h - 1) * w,
        goal=w - 1,
    )
