"""The grid graph shared by every tessellation.

A tessellation module only lays out cells and says who neighbours whom (plus
drawing geometry); :func:`build_grid` turns that into a :class:`Grid` with CSR
adjacency whose neighbours are listed counter-clockwise around each cell, which
is what wall followers need.

Coordinates are in abstract "cell units" (square cells are 1×1), y grows up.
"""

from __future__ import annotations

import gc
import operator
from dataclasses import dataclass, field

import numpy as np


def check_dims(kind: str, width: object, height: object, lo: int, hi: int) -> tuple[int, int]:
    """``(width, height)`` as ints, each a whole number in ``lo..hi``.

    Raises:
        ValueError: naming the tessellation, the dimension, the range and the bad value.
    """
    size = []
    for label, v in (("width", width), ("height", height)):
        try:
            k = operator.index(v)  # type: ignore[arg-type]
        except TypeError:
            k = None
        if k is None or isinstance(v, bool) or not lo <= k <= hi:
            raise ValueError(f"{kind} {label} must be a whole number in {lo}..{hi}, got {v!r}")
        size.append(k)
    return size[0], size[1]


@dataclass(frozen=True, eq=False)
class Grid:
    """An immutable tessellation instance.

    Attributes:
        kind: tessellation name (``square``, ``hex``, ``triangle``, ``polar``, ``upsilon``).
        width, height: the size as given by the user (polar: base sectors × rings).
        n: number of cells, ids ``0..n-1``.
        edges: ``(E, 2)`` int32, each adjacent pair once, ``a < b``.
        indptr: ``(n+1,)`` int32 CSR row pointers.
        nbr: ``(2E,)`` int32 neighbour cells; for cell ``c`` the slice
            ``indptr[c]:indptr[c+1]`` lists them counter-clockwise by angle,
            starting from the direction closest to east (angle in (-pi, pi]).
        edge_id: ``(2E,)`` int32, the edge index of each CSR entry.
        centers: ``(n, 2)`` float64 cell centres.
        poly_indptr: ``(n+1,)`` int32; ``poly_xy[poly_indptr[c]:poly_indptr[c+1]]``
            is cell ``c``'s polygon, counter-clockwise.
        poly_xy: ``(P, 2)`` float64 polygon vertices.
        walls: ``(E, 2, 2)`` float64, the wall segment between the two cells of each edge.
        boundary: ``(B, 2, 2)`` float64, the outer wall segments (never opened).
        row, col: ``(n,)`` int32 row/column of each cell where rows make sense
            (row 0 is the bottom / innermost), else ``-1``.
        start, goal: default start and goal cells.
    """

    kind: str
    width: int
    height: int
    n: int
    edges: np.ndarray
    indptr: np.ndarray
    nbr: np.ndarray
    edge_id: np.ndarray
    centers: np.ndarray
    poly_indptr: np.ndarray
    poly_xy: np.ndarray
    walls: np.ndarray
    boundary: np.ndarray
    row: np.ndarray
    col: np.ndarray
    start: int
    goal: int
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def num_edges(self) -> int:
        """Number of edges E."""
        return int(self.edges.shape[0])

    def degree(self) -> np.ndarray:
        """Number of neighbours of every cell, ``(n,)`` int32."""
        return np.diff(self.indptr).astype(np.int32)

    def neighbors(self, cell: int) -> np.ndarray:
        """Neighbour ids of ``cell`` counter-clockwise (a view; do not modify)."""
        return self.nbr[self.indptr[cell] : self.indptr[cell + 1]]

    def polygon(self, cell: int) -> np.ndarray:
        """The polygon of ``cell`` as ``(k, 2)`` float64, counter-clockwise."""
        return self.poly_xy[self.poly_indptr[cell] : self.poly_indptr[cell + 1]]

    def lists(self) -> tuple[list[list[int]], list[list[int]]]:
        """Per-cell Python lists ``(neighbours, edge ids)``, cached.

        Pure-Python loops (generators, solvers) index these instead of numpy
        arrays, which is several times faster element by element.
        """
        got = self._cache.get("lists")
        if got is None:
            ip = self.indptr.tolist()
            nb = self.nbr.tolist()
            ed = self.edge_id.tolist()
            # Millions of small lists: the cyclic garbage collector would rescan them
            # again and again while they are built (4-5x slower); none can form a cycle.
            was_enabled = gc.isenabled()
            gc.disable()
            try:
                got = (
                    [nb[ip[c] : ip[c + 1]] for c in range(self.n)],
                    [ed[ip[c] : ip[c + 1]] for c in range(self.n)],
                )
            finally:
                if was_enabled:
                    gc.enable()
            self._cache["lists"] = got
        return got

    def edge_lookup(self) -> dict[tuple[int, int], int]:
        """Map ``(a, b)`` with ``a < b`` to the edge id, cached."""
        got = self._cache.get("edge_lookup")
        if got is None:
            got = {(a, b): i for i, (a, b) in enumerate(self.edges.tolist())}
            self._cache["edge_lookup"] = got
        return got

    def bounds(self) -> tuple[float, float, float, float]:
        """``(xmin, ymin, xmax, ymax)`` of all cell polygons."""
        lo = self.poly_xy.min(axis=0)
        hi = self.poly_xy.max(axis=0)
        return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])

    def cell_at(self, x: float, y: float) -> int:
        """The cell whose polygon contains point ``(x, y)``, or -1.

        Checks the few cells with the nearest centres (exact point-in-polygon).
        """
        d2 = ((self.centers[:, 0] - x) ** 2 + (self.centers[:, 1] - y) ** 2)
        k = min(8, self.n)
        for c in np.argpartition(d2, k - 1)[:k][np.argsort(d2[np.argpartition(d2, k - 1)[:k]])]:
            if _point_in_polygon(x, y, self.polygon(int(c))):
                return int(c)
        return -1


def _point_in_polygon(x: float, y: float, poly: np.ndarray) -> bool:
    inside = False
    k = len(poly)
    for i in range(k):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % k]
        if (y1 > y) != (y2 > y):
            xc = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xc > x:
                inside = not inside
    return inside


def build_grid(
    kind: str,
    width: int,
    height: int,
    edges: np.ndarray,
    centers: np.ndarray,
    polygons: list[np.ndarray] | tuple[np.ndarray, np.ndarray],
    walls: np.ndarray,
    boundary: np.ndarray,
    *,
    row: np.ndarray | None = None,
    col: np.ndarray | None = None,
    start: int = 0,
    goal: int | None = None,
) -> Grid:
    """Assemble a :class:`Grid` from a tessellation's layout.

    Args:
        edges: ``(E, 2)`` adjacent pairs (any order inside a pair); normalised to ``a < b``
            and kept in the given order (the edge ids follow it).
        centers: ``(n, 2)`` cell centres.
        polygons: a list of ``(k, 2)`` arrays, or ``(poly_indptr, poly_xy)`` already packed.
        walls: ``(E, 2, 2)`` wall segment per edge, in the same order as ``edges``.
        boundary: ``(B, 2, 2)`` outer wall segments.
        row, col: optional ``(n,)`` row/column per cell (default -1).
        start, goal: default start/goal (goal defaults to ``n - 1``).

    Raises:
        ValueError: on inconsistent shapes or out-of-range cell ids.
    """
    centers = np.ascontiguousarray(centers, dtype=np.float64)
    n = int(centers.shape[0])
    edges = np.sort(np.asarray(edges, dtype=np.int64).reshape(-1, 2), axis=1)
    e = edges.shape[0]
    if e and (edges.min() < 0 or edges.max() >= n):
        raise ValueError("edge endpoint out of range")
    walls = np.asarray(walls, dtype=np.float64).reshape(e, 2, 2)
    boundary = np.asarray(boundary, dtype=np.float64).reshape(-1, 2, 2)

    src = np.concatenate([edges[:, 0], edges[:, 1]])
    dst = np.concatenate([edges[:, 1], edges[:, 0]])
    eid = np.concatenate([np.arange(e), np.arange(e)])
    d = centers[dst] - centers[src]
    ang = np.arctan2(d[:, 1], d[:, 0])
    # Quantise so that tiny float differences cannot reorder neighbours across machines.
    angq = np.round(ang * 1e9).astype(np.int64) + (1 << 33)  # in 0..2**34
    order = np.argsort((src << 34) | angq, kind="stable")
    counts = np.bincount(src, minlength=n)
    indptr = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(counts, out=indptr[1:])

    if isinstance(polygons, tuple):
        poly_indptr, poly_xy = polygons
        poly_indptr = np.asarray(poly_indptr, dtype=np.int32)
        poly_xy = np.asarray(poly_xy, dtype=np.float64)
    else:
        sizes = np.array([len(p) for p in polygons], dtype=np.int64)
        poly_indptr = np.zeros(n + 1, dtype=np.int32)
        np.cumsum(sizes, out=poly_indptr[1:])
        poly_xy = np.concatenate([np.asarray(p, dtype=np.float64).reshape(-1, 2) for p in polygons])
    if poly_indptr.shape[0] != n + 1:
        raise ValueError("one polygon per cell is required")

    minus = np.full(n, -1, dtype=np.int32)
    return Grid(
        kind=kind,
        width=int(width),
        height=int(height),
        n=n,
        edges=edges.astype(np.int32),
        indptr=indptr,
        nbr=dst[order].astype(np.int32),
        edge_id=eid[order].astype(np.int32),
        centers=centers,
        poly_indptr=poly_indptr,
        poly_xy=poly_xy,
        walls=walls,
        boundary=boundary,
        row=minus if row is None else np.asarray(row, dtype=np.int32),
        col=minus.copy() if col is None else np.asarray(col, dtype=np.int32),
        start=int(start),
        goal=int(n - 1 if goal is None else goal),
    )
