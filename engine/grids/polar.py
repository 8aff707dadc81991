"""Polar (circular) tessellation: ``height`` rings around a walled central hole.

``width`` is the number of cells in the innermost ring (the base sectors) and
``height`` the number of rings; there is no centre cell (a single centre cell
would have ``width`` neighbours).  Ring ``i`` (row ``i``, 0 = innermost) spans
radii ``[r0 + i, r0 + i + 1]`` with ``r0 = max(0.5, width / (2*pi) - 0.5)``, so
the innermost cells are about 1 unit along their middle arc.  Going outward, a
ring doubles the cell count of the ring inside it when the inner ring's cells
would otherwise be wider than ``sqrt(2)`` units at the new ring's middle radius
(at most one doubling per ring), so cells stay roughly square: a cell has 2
neighbours in its ring, 1 inward and 1 or 2 outward (degree at most 5).

Cell ids run ring by ring, counter-clockwise from angle 0 (east) inside each
ring; ``col`` is the position in the ring.  Start is cell 0 (innermost ring,
just above east), goal the outer-ring cell opposite it (just above west).

Geometry (cell units, centre of the disc at the origin): walls between rings
are the straight chords of their arcs (one segment per edge), and so are the
matching polygon sides, so floors and walls agree exactly.  The arcs of the
outer rim and of the central hole are boundary only; they are subdivided into
pieces of at most 5 degrees, in both the polygons and the boundary segments,
so the maze looks round.  Corner angles come from one table of the finest ring
count, so shared vertices are bit-identical.

Sizes: width (sectors) and height (rings) each in 4..480 (at most 1,009,920
cells, at 480 × 480; 4 × 480 has 710,236).
"""

from __future__ import annotations

import math

import numpy as np

from engine.grids.base import Grid, build_grid, check_dims

MIN_SIZE = 4
MAX_SIZE = 480

_SPLIT = math.sqrt(2.0)  # double the count when cells would be wider than this
_ARC_STEP = math.pi / 36.0  # largest angle of one boundary arc piece (5 degrees)


def inner_radius(width: int) -> float:
    """Radius of the central hole for ``width`` base sectors (cell units)."""
    return max(0.5, width / (2.0 * math.pi) - 0.5)


def ring_counts(width: int, height: int) -> list[int]:
    """Number of cells in each ring, innermost first (each a power-of-two multiple of ``width``)."""
    r0 = inner_radius(width)
    counts = [int(width)]
    for i in range(1, int(height)):
        prev = counts[-1]
        if 2.0 * math.pi * (r0 + i + 0.5) / prev > _SPLIT:
            counts.append(2 * prev)
        else:
            counts.append(prev)
    return counts


def unit_circle(k: np.ndarray, total: int) -> tuple[np.ndarray, np.ndarray]:
    """``(cos, sin)`` of the angles ``2*pi*k/total`` with exact mirror symmetry.

    When ``total`` is a multiple of 8 the values are built from one octant by
    exact swaps and sign changes, so points mirrored about either axis or a
    diagonal are bit-identical up to sign.  Two neighbouring cells placed
    symmetrically about the y axis then have exactly equal y, and the direction
    between them is exactly west (angle pi) on every machine, instead of a
    rounding-dependent +pi or -pi (which would reorder the neighbour lists).
    """
    k = np.asarray(k, dtype=np.int64) % total
    step = 2.0 * math.pi / total
    if total % 8:
        return np.cos(k * step), np.sin(k * step)
    quarter = total // 4
    q, r = np.divmod(k, quarter)
    swap = 2 * r > quarter
    rr = np.where(swap, quarter - r, r)
    c0, s0 = np.cos(rr * step), np.sin(rr * step)
    s0 = np.where(2 * rr == quarter, c0, s0)  # 45 degrees: cos and sin must be the same number
    c1, s1 = np.where(swap, s0, c0), np.where(swap, c0, s0)
    cos = np.choose(q, [c1, -s1, -c1, s1])
    sin = np.choose(q, [s1, c1, -s1, -c1])
    return cos, sin


def _arc_points(radius: float, t0: np.ndarray, span: int, total: int, pieces: int) -> np.ndarray:
    """Interior points of arcs ``[t0, t0 + span]`` (angle units ``2*pi/total``) cut into ``pieces``.

    Returns ``(m, pieces - 1, 2)`` float64, in increasing angle.
    """
    frac = np.arange(1, pieces, dtype=np.float64) / pieces
    ang = (t0[:, None] + span * frac[None, :]) * (2.0 * math.pi / total)
    return np.stack([radius * np.cos(ang), radius * np.sin(ang)], axis=2)


def make_polar(width: int, height: int) -> Grid:
    """Build a polar grid of ``height`` rings with ``width`` cells in the innermost (each in 4..480).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("polar", width, height, MIN_SIZE, MAX_SIZE)
    counts = ring_counts(w, h)
    total = counts[-1]  # the finest angular resolution: every count divides it
    r0 = inner_radius(w)
    radii = [r0 + k for k in range(h + 1)]
    cos_t, sin_t = unit_circle(np.arange(total), total)
    offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)

    def corner(k: int, t: np.ndarray) -> np.ndarray:
        """Vertices at radius index ``k`` and angle indices ``t`` (taken modulo ``total``)."""
        t = t % total
        return np.stack([radii[k] * cos_t[t], radii[k] * sin_t[t]], axis=-1)

    centers, polys, rows, cols = [], [], [], []
    edge_parts, wall_parts, bound_parts = [], [], []
    for i, m in enumerate(counts):
        span = total // m
        j = np.arange(m, dtype=np.int64)
        t0 = j * span
        t1 = t0 + span
        ids = offsets[i] + j

        cos_c, sin_c = unit_circle(2 * j + 1, 2 * m)  # middle angle of each cell
        mid = radii[i] + 0.5
        centers.append(np.stack([mid * cos_c, mid * sin_c], axis=1))
        rows.append(np.full(m, i, dtype=np.int64))
        cols.append(j)

        # Polygon: inner corner at t0, outer corner at t0, outer side, outer corner at t1,
        # inner corner at t1, inner side back (counter-clockwise).
        parts = [corner(i, t0)[:, None], corner(i + 1, t0)[:, None]]
        if i == h - 1:
            pieces = max(1, math.ceil((2.0 * math.pi / m) / _ARC_STEP))
            outer = _arc_points(radii[i + 1], t0, span, total, pieces)
            parts.append(outer)
            rim = np.concatenate([corner(i + 1, t0)[:, None], outer, corner(i + 1, t1)[:, None]], axis=1)
            bound_parts.append(np.stack([rim[:, :-1], rim[:, 1:]], axis=2).reshape(-1, 2, 2))
        elif counts[i + 1] == 2 * m:
            parts.append(corner(i + 1, t0 + span // 2)[:, None])
        parts += [corner(i + 1, t1)[:, None], corner(i, t1)[:, None]]
        if i == 0:
            pieces = max(1, math.ceil((2.0 * math.pi / m) / _ARC_STEP))
            inner = _arc_points(radii[0], t0, span, total, pieces)[:, ::-1]
            parts.append(inner)
            hole = np.concatenate([corner(0, t1)[:, None], inner, corner(0, t0)[:, None]], axis=1)
            bound_parts.append(np.stack([hole[:, :-1], hole[:, 1:]], axis=2).reshape(-1, 2, 2))
        polys.append(np.concatenate(parts, axis=1))

        # Edges: to the next cell counter-clockwise in the ring (radial wall at t1) ...
        edge_parts.append(np.stack([ids, offsets[i] + (j + 1) % m], axis=1))
        wall_parts.append(np.stack([corner(i, t1), corner(i + 1, t1)], axis=1))
        # ... and inward to the parent cell (wall: the chord of this cell's inner arc).
        if i > 0:
            ratio = m // counts[i - 1]
            edge_parts.append(np.stack([ids, offsets[i - 1] + j // ratio], axis=1))
            wall_parts.append(np.stack([corner(i, t0), corner(i, t1)], axis=1))

    sizes = np.concatenate([np.full(len(p), p.shape[1], dtype=np.int64) for p in polys])
    poly_indptr = np.zeros(len(sizes) + 1, dtype=np.int32)
    np.cumsum(sizes, out=poly_indptr[1:])
    poly_xy = np.concatenate([p.reshape(-1, 2) for p in polys])
    return build_grid(
        "polar",
        w,
        h,
        np.concatenate(edge_parts),
        np.concatenate(centers),
        (poly_indptr, poly_xy),
        np.concatenate(wall_parts),
        np.concatenate(bound_parts),
        row=np.concatenate(rows),
        col=np.concatenate(cols),
        start=0,
        goal=int(offsets[h - 1] + counts[-1] // 2),
    )
