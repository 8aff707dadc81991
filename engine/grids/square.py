"""Square tessellation: ``width`` columns × ``height`` rows of unit squares.

Cell ``c = row * width + col``; row 0 is the bottom row, column 0 the left.
Start is the top-left cell, goal the bottom-right one.
"""

from __future__ import annotations

import numpy as np

from engine.grids.base import Grid, build_grid, check_dims

MIN_SIZE = 2
MAX_SIZE = 1000


def make_square(width: int, height: int) -> Grid:
    """Build a ``width`` × ``height`` square grid (each in 2..1000).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("square", width, height, MIN_SIZE, MAX_SIZE)
    ids = np.arange(w * h, dtype=np.int64).reshape(h, w)
    horiz = np.stack([ids[:, :-1].ravel(), ids[:, 1:].ravel()], axis=1)  # east-west pairs
    vert = np.stack([ids[:-1, :].ravel(), ids[1:, :].ravel()], axis=1)  # north-south pairs
    edges = np.concatenate([horiz, vert])

    rr, cc = np.divmod(np.arange(w * h), w)
    centers = np.stack([cc + 0.5, rr + 0.5], axis=1).astype(np.float64)

    # Wall of a horizontal pair: the vertical segment x = col+1, y in [row, row+1].
    hr, hc = np.divmod(horiz[:, 0], w)
    hw = np.stack([np.stack([hc + 1, hr], 1), np.stack([hc + 1, hr + 1], 1)], axis=1)
    vr, vc = np.divmod(vert[:, 0], w)
    vw = np.stack([np.stack([vc, vr + 1], 1), np.stack([vc + 1, vr + 1], 1)], axis=1)
    walls = np.concatenate([hw, vw]).astype(np.float64)

    boundary = np.array(
        [[[0, 0], [w, 0]], [[w, 0], [w, h]], [[w, h], [0, h]], [[0, h], [0, 0]]], dtype=np.float64
    )
    corners = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float64)
    poly_xy = (centers[:, None, :] - 0.5 + corners[None, :, :]).reshape(-1, 2)
    poly_indptr = np.arange(0, 4 * w * h + 1, 4, dtype=np.int32)
    return build_grid(
        "square",
        w,
        h,
        edges,
        centers,
        (poly_indptr, poly_xy),
        walls,
        boundary,
        row=rr,
        col=cc,
        start=(h - 1) * w,
        goal=w - 1,
    )
