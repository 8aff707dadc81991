"""The grid graph shared by every tessellation.

A tessellation module only lays out cells and says who neighbours whom (plus
drawing geometry); :func:`build_grid` turns that into a :class:`Grid` with CSR
adjacency whose neighbours are listed counter-clockwise around each cell, which
is what wall followers need.

Topology (edges, CSR, rows) is kept in compact integer arrays (:class:`Topology`),
built eagerly by :func:`build_grid` or on first access for a :func:`lazy_grid`.  Geometry
(centres, polygons, wall segments, boundary) is described by a :class:`Layout` of
builder functions and computed on first use, once per grid: generating and
solving a maze never pays for drawing data.  Derived per-grid tables that
algorithms need (Python lists, bit masks, row structure) live in the grid's
public memo, :meth:`Grid.memo`, so a second maze on the same grid shares them.

Coordinates are in abstract "cell units" (square cells are 1×1), y grows up.
"""

from __future__ import annotations

import gc
import operator
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, SupportsIndex, TypeVar

import numpy as np


def check_dims(kind: str, width: object, height: object, lo: int, hi: int) -> tuple[int, int]:
    """``(width, height)`` as ints, each a whole number in ``lo..hi``.

    Raises:
        ValueError: naming the tessellation, the dimension, the range and the bad value.
    """
    size = []
    for label, v in (("width", width), ("height", height)):
        k = operator.index(v) if isinstance(v, SupportsIndex) else None
        if k is None or isinstance(v, bool) or not lo <= k <= hi:
            raise ValueError(f"{kind} {label} must be a whole number in {lo}..{hi}, got {v!r}")
        size.append(k)
    return size[0], size[1]


T = TypeVar("T")


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while building millions of small objects.

    Lists and tuples of ints can never form reference cycles; without the pause
    CPython runs a collection every few hundred allocations, which makes building
    a million per-cell lists about 4x slower.  Restores the previous state.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@dataclass(frozen=True)
class Layout:
    """How to compute a grid's drawing geometry, on demand (cell units, float64).

    Each builder takes no argument and returns a fresh array; :class:`Grid` calls
    it at most once and keeps the result in its memo.

    Attributes:
        centers: ``() -> (n, 2)`` cell centres.
        polygons: ``() -> (poly_indptr (n+1,) int32, poly_xy (P, 2))``, counter-clockwise.
        walls: ``() -> (E, 2, 2)`` the wall segment of each edge, in edge order.
        boundary: ``() -> (B, 2, 2)`` the outer wall segments.
        polygon: optional ``(cell) -> (k, 2)`` one cell's polygon without building all
            of them (the same numbers the full build gives).
    """

    centers: Callable[[], np.ndarray]
    polygons: Callable[[], tuple[np.ndarray, np.ndarray]]
    walls: Callable[[], np.ndarray]
    boundary: Callable[[], np.ndarray]
    polygon: Callable[[int], np.ndarray] | None = None


@dataclass(frozen=True)
class Topology:
    """A grid's graph: who neighbours whom, in compact int32 arrays (see :class:`Grid`)."""

    edges: np.ndarray
    indptr: np.ndarray
    nbr: np.ndarray
    edge_id: np.ndarray
    row: np.ndarray
    col: np.ndarray


@dataclass(frozen=True, eq=False)
class Grid:
    """An immutable tessellation instance.

    Attributes:
        kind: tessellation name (``square``, ``hex``, ``triangle``, ``polar``, ``upsilon``).
        width, height: the size as given by the user (polar: base sectors × rings).
        n: number of cells, ids ``0..n-1``.
        num_edges: number of edges ``E``.
        topology: the :class:`Topology`, or a function that builds it on first access
            (then replaced by its result; two threads racing build equal arrays).
        start, goal: default start and goal cells.
        layout: the geometry builders (see :class:`Layout`).

    Topology, read through properties (a tessellation whose edge ids are arithmetic,
    the whole square grid, builds these arrays on first access, so a generator that
    computes edge ids directly never pays for them):

    * ``edges``: ``(E, 2)`` int32, each adjacent pair once, ``a < b``;
    * ``indptr``: ``(n+1,)`` int32 CSR row pointers;
    * ``nbr``: ``(2E,)`` int32 neighbour cells; for cell ``c`` the slice
      ``indptr[c]:indptr[c+1]`` lists them by increasing direction angle in
      ``(-pi, pi]`` (counter-clockwise, starting just past west);
    * ``edge_id``: ``(2E,)`` int32, the edge index of each CSR entry;
    * ``row``, ``col``: ``(n,)`` int32 row/column of each cell where rows make sense
      (row 0 is the bottom / innermost), else ``-1``.

    Geometry, computed on first access and then kept (see :class:`Layout`):
    ``centers`` ``(n, 2)``, ``poly_indptr`` ``(n+1,)`` int32, ``poly_xy`` ``(P, 2)``,
    ``walls`` ``(E, 2, 2)`` and ``boundary`` ``(B, 2, 2)``, all float64 cell units.
    """

    kind: str
    width: int
    height: int
    n: int
    num_edges: int
    topology: Topology | Callable[[], Topology] = field(repr=False)
    start: int
    goal: int
    layout: Layout = field(repr=False)
    _memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    # -- topology -----------------------------------------------------------------
    def _topo(self) -> Topology:
        t = self.topology
        if isinstance(t, Topology):
            return t
        t = t()
        if t.edges.shape[0] != self.num_edges or t.indptr.shape[0] != self.n + 1:
            raise ValueError("the lazily built topology does not match the grid's size")
        object.__setattr__(self, "topology", t)
        return t

    @property
    def topology_built(self) -> bool:
        """True once the topology arrays exist (always for eagerly built grids)."""
        return isinstance(self.topology, Topology)

    @property
    def edges(self) -> np.ndarray:
        """``(E, 2)`` int32 adjacent pairs ``a < b``, in edge-id order."""
        return self._topo().edges

    @property
    def indptr(self) -> np.ndarray:
        """``(n+1,)`` int32 CSR row pointers."""
        return self._topo().indptr

    @property
    def nbr(self) -> np.ndarray:
        """``(2E,)`` int32 CSR neighbour cells, counter-clockwise per cell."""
        return self._topo().nbr

    @property
    def edge_id(self) -> np.ndarray:
        """``(2E,)`` int32 edge id of each CSR entry."""
        return self._topo().edge_id

    @property
    def row(self) -> np.ndarray:
        """``(n,)`` int32 row of each cell (``-1`` where rows make no sense)."""
        return self._topo().row

    @property
    def col(self) -> np.ndarray:
        """``(n,)`` int32 column of each cell (``-1`` where rows make no sense)."""
        return self._topo().col

    # -- the public per-grid memo ------------------------------------------------
    def memo(self, key: str, build: Callable[[], T]) -> T:
        """The value kept under ``key`` for this grid, built by ``build()`` on first use.

        For tables derived from the grid alone (never from a maze or a seed), so every
        maze on the grid can share them.  Keys are ``"module.name"`` strings, e.g.
        ``"generators.rows"``.  The value must not be modified by callers.
        """
        memo = self._memo
        if key in memo:
            hit: T = memo[key]
            return hit
        got = memo[key] = build()
        return got

    def forget(self, *keys: str) -> None:
        """Drop memoised values (all of them when no key is given) to give memory back.

        Geometry and tables are rebuilt, identically, on next use.
        """
        if keys:
            for k in keys:
                self._memo.pop(k, None)
        else:
            self._memo.clear()

    def memoised(self) -> tuple[str, ...]:
        """The keys currently held in the memo (for tests and memory reports)."""
        return tuple(self._memo)

    # -- geometry, lazily ---------------------------------------------------------
    @property
    def centers(self) -> np.ndarray:
        """``(n, 2)`` float64 cell centres (built on first use)."""
        return self.memo("grid.centers", self.layout.centers)

    @property
    def poly_indptr(self) -> np.ndarray:
        """``(n+1,)`` int32: ``poly_xy[poly_indptr[c]:poly_indptr[c+1]]`` is cell ``c``'s polygon."""
        return self.memo("grid.polygons", self.layout.polygons)[0]

    @property
    def poly_xy(self) -> np.ndarray:
        """``(P, 2)`` float64 polygon vertices, counter-clockwise per cell (built on first use)."""
        return self.memo("grid.polygons", self.layout.polygons)[1]

    @property
    def walls(self) -> np.ndarray:
        """``(E, 2, 2)`` float64, the wall segment between the two cells of each edge."""
        return self.memo("grid.walls", self.layout.walls)

    @property
    def boundary(self) -> np.ndarray:
        """``(B, 2, 2)`` float64, the outer wall segments (never opened)."""
        return self.memo("grid.boundary", self.layout.boundary)

    @property
    def masked(self) -> bool:
        """True for a grid cut to a shape (:mod:`engine.maze.grids.masked`).

        Its cells are not full rows, so the square fast paths and the row tables
        must not be used on it.
        """
        return False

    @property
    def floors(self) -> int:
        """How many floors the grid stacks (1 here; 2..8 for :mod:`engine.maze.grids.floors`)."""
        return 1

    @property
    def floor_of(self) -> np.ndarray:
        """``(n,)`` int32 floor of every cell, 0 = the lowest (all 0 on a one-floor grid; do not modify)."""
        return self.memo("grid.floor_of", lambda: np.zeros(self.n, dtype=np.int32))

    @property
    def stair_start(self) -> int:
        """The first stair edge id: edges ``stair_start..num_edges-1`` join a cell to the one
        above it (``num_edges`` on a one-floor grid: no stairs)."""
        return self.num_edges

    @property
    def plain(self) -> bool:
        """True for a whole one-floor tessellation (not cut to a shape, not stacked): the
        lattice fast paths (square, hex) and the row tables apply to it."""
        return not self.masked and self.floors == 1

    @property
    def full_square(self) -> bool:
        """True for a whole square grid (not cut to a shape, one floor): the square fast paths and
        :func:`engine.maze.grids.square.square_tables` apply to it."""
        return self.kind == "square" and self.plain

    def degree(self) -> np.ndarray:
        """Number of neighbours of every cell, ``(n,)`` int32."""
        return np.diff(self.indptr).astype(np.int32)

    def neighbors(self, cell: int) -> np.ndarray:
        """Neighbour ids of ``cell`` counter-clockwise (a view; do not modify)."""
        return self.nbr[self.indptr[cell] : self.indptr[cell + 1]]

    def polygon(self, cell: int) -> np.ndarray:
        """The polygon of ``cell`` as ``(k, 2)`` float64, counter-clockwise.

        Does not build every polygon when the tessellation can place one alone.
        """
        if "grid.polygons" not in self._memo and self.layout.polygon is not None:
            return self.layout.polygon(int(cell))
        return self.poly_xy[self.poly_indptr[cell] : self.poly_indptr[cell + 1]]

    def lists(self) -> tuple[list[list[int]], list[list[int]]]:
        """Per-cell Python lists ``(neighbours, edge ids)``, memoised.

        Pure-Python loops (generators, solvers) index these instead of numpy
        arrays, which is several times faster element by element.  On a
        million-cell grid they take a few hundred MB: :meth:`forget` ``("grid.lists")``
        gives it back.
        """
        return self.memo("grid.lists", self._build_lists)

    def _build_lists(self) -> tuple[list[list[int]], list[list[int]]]:
        ip = self.indptr.tolist()
        nb = self.nbr.tolist()
        ed = self.edge_id.tolist()
        with gc_paused():
            return (
                [nb[ip[c] : ip[c + 1]] for c in range(self.n)],
                [ed[ip[c] : ip[c + 1]] for c in range(self.n)],
            )

    def edge_lookup(self) -> dict[tuple[int, int], int]:
        """Map ``(a, b)`` with ``a < b`` to the edge id, memoised."""
        return self.memo("grid.edge_lookup", lambda: {(a, b): i for i, (a, b) in enumerate(self.edges.tolist())})

    def edge_between(self, a: int, b: int) -> int:
        """The edge id joining cells ``a`` and ``b``, or -1 if they are not adjacent.

        Looks through ``a``'s few CSR entries: no table is built.
        """
        lo, hi = int(self.indptr[a]), int(self.indptr[a + 1])
        hit = np.flatnonzero(self.nbr[lo:hi] == b)
        return int(self.edge_id[lo + hit[0]]) if len(hit) else -1

    def bounds(self) -> tuple[float, float, float, float]:
        """``(xmin, ymin, xmax, ymax)`` of all cell polygons (memoised: every screen of a level asks)."""

        def build() -> tuple[float, float, float, float]:
            xy = self.poly_xy
            return float(xy[:, 0].min()), float(xy[:, 1].min()), float(xy[:, 0].max()), float(xy[:, 1].max())

        return self.memo("grid.bounds", build)

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


def csr_from_slots(nbr_tab: np.ndarray, eid_tab: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """CSR ``(indptr, nbr, edge_id)`` (int32) from per-cell slot tables.

    Args:
        nbr_tab, eid_tab: ``(n, D)`` neighbour and edge id in slot ``k`` of each cell,
            ``-1`` where the cell has no neighbour in that slot; slots already in the
            CSR order (increasing direction angle), so the entries are kept row by row.
    """
    have = nbr_tab >= 0
    # Degrees column by column in bytes: a reduction along a short axis is several
    # times slower than D whole-column adds.
    cols = have.view(np.uint8)
    deg = cols[:, 0].copy()
    for k in range(1, cols.shape[1]):
        deg += cols[:, k]
    indptr = np.zeros(nbr_tab.shape[0] + 1, dtype=np.int32)
    np.cumsum(deg, out=indptr[1:], dtype=np.int32)
    return indptr, nbr_tab[have].astype(np.int32, copy=False), eid_tab[have].astype(np.int32, copy=False)


def slot_tables(
    n: int, slots: int, groups: list[tuple[np.ndarray, np.ndarray, int | np.ndarray, int | np.ndarray]]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Edges and ``(n, slots)`` slot tables from groups of edges in fixed directions.

    Args:
        groups: ``(a, b, slot_at_a, slot_at_b)``: cells ``a[i] < b[i]`` are adjacent,
            ``b`` lies in slot ``slot_at_a`` of ``a`` and ``a`` in slot ``slot_at_b`` of
            ``b`` (ints, or arrays with one slot per edge).  Edge ids follow the groups in order.

    Returns:
        ``(edges (E, 2) int32, nbr_tab, eid_tab)`` with ``-1`` in empty slots.
    """
    nbr_tab = np.full((n, slots), -1, dtype=np.int32)
    eid_tab = np.full((n, slots), -1, dtype=np.int32)
    parts = []
    base = 0
    for a, b, sa, sb in groups:
        a = a.ravel()
        b = b.ravel()
        ids = np.arange(base, base + a.shape[0], dtype=np.int32)
        nbr_tab[a, sa] = b
        eid_tab[a, sa] = ids
        nbr_tab[b, sb] = a
        eid_tab[b, sb] = ids
        parts.append(np.stack([a, b], axis=1))
        base += a.shape[0]
    edges = np.concatenate(parts).astype(np.int32) if parts else np.zeros((0, 2), dtype=np.int32)
    return edges, nbr_tab, eid_tab


RowSlice = tuple[slice, slice]
"""``(rows, columns)`` slices of a ``(height, width)`` table of cell ids."""


def lattice_slot_tables(
    width: int, height: int, slots: int, groups: list[tuple[RowSlice, RowSlice, int, int]]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`slot_tables` for cells ``row * width + col`` whose edge groups are rectangular slices.

    Writes whole slices instead of scattering by cell id, so a million-cell grid's
    tables cost a few copies; the result is the one :func:`slot_tables` gives for the
    same groups (``a = ids[a_slices].ravel()``, ``b = ids[b_slices].ravel()``).

    Args:
        groups: ``((a_rows, a_cols), (b_rows, b_cols), slot_at_a, slot_at_b)``; both slices
            select the same shape, cell ``a < b`` pairwise; edge ids follow the groups in
            order, row-major inside each group.

    Returns:
        ``(edges (E, 2) int32, nbr_tab (n, slots), eid_tab (n, slots))``, ``-1`` in empty slots.
    """
    n = width * height
    ids = np.arange(n, dtype=np.int32).reshape(height, width)
    nbr_tab = np.full((height, width, slots), -1, dtype=np.int32)
    eid_tab = np.full((height, width, slots), -1, dtype=np.int32)
    sizes = [ids[sa].size for sa, _, _, _ in groups]
    edges = np.empty((sum(sizes), 2), dtype=np.int32)
    base = 0
    for (sa, sb, ka, kb), m in zip(groups, sizes, strict=True):
        a, b = ids[sa], ids[sb]
        if a.shape != b.shape:
            raise ValueError("each edge group needs two slices of the same shape")
        e = np.arange(base, base + m, dtype=np.int32).reshape(a.shape)
        nbr_tab[sa + (ka,)] = b
        eid_tab[sa + (ka,)] = e
        nbr_tab[sb + (kb,)] = a
        eid_tab[sb + (kb,)] = e
        pair = edges[base : base + m].reshape(a.shape + (2,))
        pair[..., 0] = a
        pair[..., 1] = b
        base += m
    return edges, nbr_tab.reshape(n, slots), eid_tab.reshape(n, slots)


def row_col(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """``(row, col)`` int32 of cells ``row * width + col``, ``width * height`` of them."""
    return (
        np.repeat(np.arange(height, dtype=np.int32), width),
        np.tile(np.arange(width, dtype=np.int32), height),
    )


def build_grid(
    kind: str,
    width: int,
    height: int,
    edges: np.ndarray,
    csr: tuple[np.ndarray, np.ndarray, np.ndarray],
    layout: Layout,
    *,
    row: np.ndarray | None = None,
    col: np.ndarray | None = None,
    start: int = 0,
    goal: int | None = None,
) -> Grid:
    """Assemble a :class:`Grid` from a tessellation's topology and geometry builders.

    Args:
        edges: ``(E, 2)`` adjacent pairs with ``a < b``; the edge ids follow this order.
        csr: ``(indptr, nbr, edge_id)``, e.g. from :func:`csr_from_slots`.
        layout: the geometry builders, called only when geometry is used.
        row, col: optional ``(n,)`` row/column per cell (default -1).
        start, goal: default start/goal (goal defaults to ``n - 1``).

    Raises:
        ValueError: on inconsistent shapes or out-of-range cell ids.
    """
    indptr, nbr, edge_id = csr
    n = int(indptr.shape[0]) - 1
    edges = np.asarray(edges, dtype=np.int32).reshape(-1, 2)
    if edges.shape[0] and (edges.min() < 0 or edges.max() >= n or np.any(edges[:, 0] >= edges[:, 1])):
        raise ValueError("edges must be pairs a < b of cells in range")
    if nbr.shape[0] != 2 * edges.shape[0] or edge_id.shape[0] != nbr.shape[0]:
        raise ValueError("the CSR must list every edge twice")
    minus = np.full(n, -1, dtype=np.int32)
    topology = Topology(
        edges=edges,
        indptr=np.asarray(indptr, dtype=np.int32),
        nbr=np.asarray(nbr, dtype=np.int32),
        edge_id=np.asarray(edge_id, dtype=np.int32),
        row=minus if row is None else np.asarray(row, dtype=np.int32),
        col=minus.copy() if col is None else np.asarray(col, dtype=np.int32),
    )
    return Grid(
        kind=kind,
        width=int(width),
        height=int(height),
        n=n,
        num_edges=int(edges.shape[0]),
        topology=topology,
        start=int(start),
        goal=int(n - 1 if goal is None else goal),
        layout=layout,
    )


def lazy_grid(
    kind: str,
    width: int,
    height: int,
    n: int,
    num_edges: int,
    topology: Callable[[], Topology],
    layout: Layout,
    *,
    start: int,
    goal: int,
) -> Grid:
    """A :class:`Grid` whose topology arrays are built by ``topology()`` on first access.

    For tessellations whose cell and edge ids are arithmetic (the whole square grid):
    an algorithm that computes ids directly never pays for the CSR.  ``topology()``
    must give exactly ``num_edges`` edges and ``n + 1`` row pointers (checked when built).
    """
    return Grid(
        kind=kind,
        width=int(width),
        height=int(height),
        n=int(n),
        num_edges=int(num_edges),
        topology=topology,
        start=int(start),
        goal=int(goal),
        layout=layout,
    )
