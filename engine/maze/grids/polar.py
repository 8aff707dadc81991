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

from engine.maze.grids.base import Grid, Layout, build_grid, check_dims

MIN_SIZE = 4
MAX_SIZE = 480

_SPLIT = math.sqrt(2.0)  # double the count when cells would be wider than this
_ARC_STEP = math.pi / 36.0  # largest angle of one boundary arc piece (5 degrees)
_BATCH_CELLS = 1 << 15  # cells per batch of rings when sorting neighbours by angle


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


class _Rings:
    """The ring structure of one polar grid and its exact corner table."""

    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.counts = ring_counts(w, h)
        self.total = self.counts[-1]  # the finest angular resolution: every count divides it
        self.radii = [inner_radius(w) + k for k in range(h + 1)]
        self.offsets = np.concatenate([[0], np.cumsum(self.counts)]).astype(np.int64)
        self._trig: tuple[np.ndarray, np.ndarray] | None = None

    def corner(self, k: int, t: np.ndarray) -> np.ndarray:
        """Vertices at radius index ``k`` and angle indices ``t`` (taken modulo ``total``)."""
        if self._trig is None:
            self._trig = unit_circle(np.arange(self.total), self.total)
        cos_t, sin_t = self._trig
        t = t % self.total
        return np.stack([self.radii[k] * cos_t[t], self.radii[k] * sin_t[t]], axis=-1)

    def ring(self, i: int) -> tuple[int, int, np.ndarray, np.ndarray, np.ndarray]:
        """``(m, span, t0, t1, ids)`` of ring ``i``: cell count, angle units per cell,
        start and end angle index of each cell, and the cell ids."""
        m = self.counts[i]
        span = self.total // m
        j = np.arange(m, dtype=np.int64)
        t0 = j * span
        return m, span, t0, t0 + span, self.offsets[i] + j

    def pieces(self, m: int) -> int:
        """Arc pieces per cell side on the rim of a ring of ``m`` cells."""
        return max(1, math.ceil((2.0 * math.pi / m) / _ARC_STEP))

    def centers(self) -> np.ndarray:
        out = np.empty((int(self.offsets[-1]), 2), dtype=np.float64)
        trig: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # rings of one count share the angles
        for i, m in enumerate(self.counts):
            if m not in trig:
                trig[m] = unit_circle(2 * np.arange(m, dtype=np.int64) + 1, 2 * m)  # middle angle of each cell
            cos_c, sin_c = trig[m]
            mid = self.radii[i] + 0.5
            part = out[self.offsets[i] : self.offsets[i + 1]]
            np.multiply(mid, cos_c, out=part[:, 0])
            np.multiply(mid, sin_c, out=part[:, 1])
        return out

    def edges(self) -> np.ndarray:
        """Edges in id order, each pair sorted: per ring, the next cell counter-clockwise,
        then (outside the innermost ring) the parent cell inward."""
        out = np.empty((rings_edge_count(self.counts), 2), dtype=np.int64)
        at = 0
        for i, m in enumerate(self.counts):
            lo = int(self.offsets[i])
            ring = out[at : at + m]
            ring[:, 0] = np.arange(lo, lo + m)
            ring[:, 1] = ring[:, 0] + 1
            ring[-1] = (lo, lo + m - 1)  # the last cell's next is the first: the pair sorted
            at += m
            if i > 0:
                ratio = m // self.counts[i - 1]
                inward = out[at : at + m]
                inward[:, 0] = self.offsets[i - 1] + np.arange(m) // ratio
                inward[:, 1] = np.arange(lo, lo + m)
                at += m
        return out

    def walls(self) -> np.ndarray:
        parts = []
        for i in range(self.h):
            _, _, t0, t1, _ = self.ring(i)
            parts.append(np.stack([self.corner(i, t1), self.corner(i + 1, t1)], axis=1))  # radial wall at t1
            if i > 0:
                parts.append(np.stack([self.corner(i, t0), self.corner(i, t1)], axis=1))  # chord of the inner arc
        return np.concatenate(parts)

    def polygons(self, rings: range | None = None) -> tuple[np.ndarray, np.ndarray]:
        # Polygon: inner corner at t0, outer corner at t0, outer side, outer corner at t1,
        # inner corner at t1, inner side back (counter-clockwise).
        h, counts = self.h, self.counts
        polys = []
        for i in range(h) if rings is None else rings:
            m, span, t0, t1, _ = self.ring(i)
            parts = [self.corner(i, t0)[:, None], self.corner(i + 1, t0)[:, None]]
            if i == h - 1:
                parts.append(_arc_points(self.radii[i + 1], t0, span, self.total, self.pieces(m)))
            elif counts[i + 1] == 2 * m:
                parts.append(self.corner(i + 1, t0 + span // 2)[:, None])
            parts += [self.corner(i + 1, t1)[:, None], self.corner(i, t1)[:, None]]
            if i == 0:
                parts.append(_arc_points(self.radii[0], t0, span, self.total, self.pieces(m))[:, ::-1])
            polys.append(np.concatenate(parts, axis=1))
        sizes = np.concatenate([np.full(len(p), p.shape[1], dtype=np.int64) for p in polys])
        poly_indptr = np.zeros(len(sizes) + 1, dtype=np.int32)
        np.cumsum(sizes, out=poly_indptr[1:])
        return poly_indptr, np.concatenate([p.reshape(-1, 2) for p in polys])

    def boundary(self) -> np.ndarray:
        h = self.h
        parts = []
        for i in sorted({0, h - 1}):
            m, span, t0, t1, _ = self.ring(i)
            if i == h - 1:  # the outer rim
                outer = _arc_points(self.radii[i + 1], t0, span, self.total, self.pieces(m))
                rim = np.concatenate([self.corner(i + 1, t0)[:, None], outer, self.corner(i + 1, t1)[:, None]], axis=1)
                parts.append(np.stack([rim[:, :-1], rim[:, 1:]], axis=2).reshape(-1, 2, 2))
            if i == 0:  # the central hole
                inner = _arc_points(self.radii[0], t0, span, self.total, self.pieces(m))[:, ::-1]
                hole = np.concatenate([self.corner(0, t1)[:, None], inner, self.corner(0, t0)[:, None]], axis=1)
                parts.append(np.stack([hole[:, :-1], hole[:, 1:]], axis=2).reshape(-1, 2, 2))
        return np.concatenate(parts)

    def polygon(self, cell: int) -> np.ndarray:
        i = int(np.searchsorted(self.offsets, cell, side="right")) - 1
        ip, xy = self.polygons(range(i, i + 1))
        k = cell - int(self.offsets[i])
        return xy[ip[k] : ip[k + 1]]


#: Memo key of a polar grid's per-cell CSR orders (:func:`_ring_csr`'s ``orders``; the walker's tables).
ORDERS_KEY = "polar.orders"
#: Directions of a polar cell's neighbours in the walkers' tables: previous and next in the ring, the first
#: and second cell outward, inward (:mod:`engine.maze.generators.polar_walks`).
PREV, NEXT, OUT0, OUT1, IN = range(5)


def _ring_csr(rings: _Rings, centers: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
    """CSR ``(indptr, nbr, edge_id)`` by increasing direction angle, built ring by ring, and each cell's
    order: its neighbours' directions (:data:`PREV` .. :data:`IN`) in CSR order, as base-6 digits of
    ``direction + 1`` (slot 0 lowest), ``(n,)`` int16.

    Every cell of a ring has the same neighbour pattern (next and previous in the
    ring, the children outward, the parent inward), so each ring is one dense
    ``(m, degree)`` table whose rows are sorted by the quantised angle (1e-9 rad, so
    tiny float differences cannot reorder neighbours).  Consecutive rings with the same
    pattern (cell count, children per cell, parent ratio) are done as one table.
    """
    counts, offsets = rings.counts, rings.offsets
    h = len(counts)
    base = [0] * h  # first edge id of each ring: m ring edges, then m inward edges
    for i in range(1, h):
        base[i] = base[i - 1] + counts[i - 1] * (1 if i == 1 else 2)
    # Runs of consecutive rings sharing (count, children per cell, cells per parent).
    def pattern(i: int) -> tuple[int, int, int]:
        return (
            counts[i],
            counts[i + 1] // counts[i] if i + 1 < h else 0,
            counts[i] // counts[i - 1] if i > 0 else 0,
        )

    # A batch stays near _BATCH_CELLS cells, so its temporaries are reused, not fresh memory.
    runs: list[tuple[int, int]] = []
    for i in range(h):
        i0 = runs[-1][0] if runs else -1
        if runs and pattern(i0) == pattern(i) and (i + 1 - i0) * counts[i] <= _BATCH_CELLS:
            runs[-1] = (i0, i + 1)
        else:
            runs.append((i, i + 1))
    nbr = np.empty(2 * rings_edge_count(counts), dtype=np.int32)
    eid = np.empty_like(nbr)
    deg = np.empty(int(offsets[-1]), dtype=np.int32)
    orders = np.empty(int(offsets[-1]), dtype=np.int16)
    cx, cy = np.ascontiguousarray(centers[:, 0]), np.ascontiguousarray(centers[:, 1])
    at = 0
    for i0, i1 in runs:
        m, r, p = pattern(i0)
        j = np.arange(m, dtype=np.int64)[None, :]
        ring = np.arange(i0, i1)
        off = offsets[i0:i1][:, None]
        eb = np.array(base[i0:i1], dtype=np.int64)[:, None]
        prev = (j - 1) % m
        cols = [off + prev, off + (j + 1) % m]
        eids = [eb + prev, eb + j]
        if r:
            off_out = offsets[i0 + 1 : i1 + 1][:, None]
            eb_out = np.array([base[i + 1] for i in ring], dtype=np.int64)[:, None] + m * r
            for q in range(r):
                cols.append(off_out + r * j + q)
                eids.append(eb_out + r * j + q)
        if p:
            cols.append(offsets[i0 - 1 : i1 - 1][:, None] + j // p)
            eids.append(eb + m + j)
        k = len(cols)
        nb = np.stack(cols, axis=2).reshape(-1, k)
        ed = np.stack(eids, axis=2).reshape(-1, k)
        c0, c1 = int(offsets[i0]), int(offsets[i1])
        dx = cx.take(nb) - cx[c0:c1, None]  # one flat gather per axis: a 2-D fancy index of (n, 2) is slower
        dy = cy.take(nb) - cy[c0:c1, None]
        angq = np.round(np.arctan2(dy, dx) * 1e9).astype(np.int64)
        order = np.argsort(angq, axis=1, kind="stable")
        way = np.array([PREV, NEXT, OUT0, OUT1][: 2 + r] + [IN] * (p > 0), dtype=np.int16)[order] + 1
        way *= (6 ** np.arange(k, dtype=np.int16))[None, :]
        orders[offsets[i0] : offsets[i1]] = way.sum(axis=1)
        order += np.arange(0, nb.size, k)[:, None]  # row-major flat index of each sorted entry
        size = nb.size
        flat = order.ravel()
        nbr[at : at + size] = nb.ravel()[flat]
        eid[at : at + size] = ed.ravel()[flat]
        deg[offsets[i0] : offsets[i1]] = k
        at += size
    indptr = np.zeros(int(offsets[-1]) + 1, dtype=np.int32)
    np.cumsum(deg, out=indptr[1:])
    return (indptr, nbr, eid), orders


def rings_edge_count(counts: list[int]) -> int:
    """Edges of a polar grid with these ring counts: each ring's own, plus one inward per cell outside ring 0."""
    return sum(counts) + sum(counts[1:])


def make_polar(width: int, height: int) -> Grid:
    """Build a polar grid of ``height`` rings with ``width`` cells in the innermost (each in 4..480).

    Raises:
        ValueError: if a dimension is out of range.
    """
    w, h = check_dims("polar", width, height, MIN_SIZE, MAX_SIZE)
    rings = _Rings(w, h)
    counts, offsets = rings.counts, rings.offsets
    n = int(offsets[-1])
    edges = rings.edges()
    layout = Layout(rings.centers, rings.polygons, rings.walls, rings.boundary, rings.polygon)
    row = np.repeat(np.arange(h, dtype=np.int32), counts)
    col = (np.arange(n, dtype=np.int64) - np.repeat(offsets[:-1], counts)).astype(np.int32)
    csr, orders = _ring_csr(rings, rings.centers())
    grid = build_grid(
        "polar",
        w,
        h,
        edges,
        csr,
        layout,
        row=row,
        col=col,
        start=0,
        goal=int(offsets[h - 1] + counts[-1] // 2),
    )
    grid.memo(ORDERS_KEY, lambda: orders)
    return grid
