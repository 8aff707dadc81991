"""Grids cut to a shape: the active cells of any tessellation as a grid of their own.

:func:`cut_grid` keeps the cells a mask marks inside (only the largest connected
part of them) and returns a :class:`MaskedGrid`: a real :class:`Grid` whose cells
are renumbered ``0..n'-1`` in the base grid's order, whose edges are the base
edges between two kept cells (same order, so ``a < b`` still holds) and whose
CSR keeps the base's counter-clockwise order.  Geometry is selected from the base
grid lazily; the boundary is every side of a kept cell that no other kept cell
shares (the outer rim where the base has one, and the walls to cut-away cells).

A masked grid keeps the base's ``kind`` (a masked hex grid walks and draws like a
hex grid) and ``row``/``col``, but :attr:`Grid.masked` is True: the square fast
paths and the row tables (binary tree, sidewinder, Eller, division) assume full
rows and refuse it.  Start and goal are far apart: the cell farthest (in grid
steps) from the first cell, and the cell farthest from that one.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import numpy as np

from engine.maze.grids.base import Grid, Layout, Topology
from engine.maze.masks import QUANT

T = TypeVar("T")

#: Polygon-side midpoints are matched on this grid (cell units).
_SIDE_SCALE = 1e5


@dataclass(frozen=True, eq=False)
class MaskedGrid(Grid):
    """A grid cut to a shape (see the module docstring).

    Attributes:
        base: the full grid it was cut from.
        cells: ``(n,)`` int64, the base cell id of each cell.
        mask_label: what cut it, for messages (``heart``, ``text 'HI'``).
        dropped: cells inside the mask left out because they were not connected
            to the largest part (0 when the shape was in one piece).
    """

    base: Grid | None = field(default=None, repr=False)
    cells: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64), repr=False)
    mask_label: str = ""
    dropped: int = 0

    @property
    def masked(self) -> bool:
        """Always True: the cells are a shape, not full rows."""
        return True

    def note(self) -> str:
        """One sentence for the player when cells were dropped, else ``""``."""
        if not self.dropped:
            return ""
        return (
            f"The {self.mask_label} mask left {self.dropped} cells in pieces apart from the rest; "
            f"the maze keeps the largest connected part ({self.n} cells)."
        )


def components(n: int, edges: np.ndarray) -> np.ndarray:
    """``(n,)`` int64 component label of every cell (the smallest cell id in its component).

    Vectorised union of roots with pointer jumping; a few dozen numpy passes even
    for a million cells.
    """
    label = np.arange(n, dtype=np.int64)
    if not len(edges):
        return label
    a = edges[:, 0].astype(np.int64)
    b = edges[:, 1].astype(np.int64)
    while True:
        la, lb = label[a], label[b]
        diff = la != lb
        if not diff.any():
            return label
        la, lb = la[diff], lb[diff]
        # Each root hi takes one of the smaller roots it meets (which one does not matter: labels
        # stay ids of cells in the same component, so they converge to its smallest id).
        label[np.maximum(la, lb)] = np.minimum(la, lb)
        while True:  # pointer jumping: every cell points straight at its root
            nxt = label[label]
            if np.array_equal(nxt, label):
                break
            label = nxt


def bfs_distances(grid: Grid, source: int, within: np.ndarray | None = None) -> np.ndarray:
    """Steps from ``source`` to every cell over the grid graph (all walls open), ``-1`` where unreachable.

    ``within``: ``(n,)`` bool, the cells the walk may enter (default all); the others read 0 (never entered).
    Level by level with numpy (one pass per distance, through a padded ``(n, degree)``
    neighbour table, in int32: half the memory traffic of int64), so it suits big grids.  Returns int64.
    """
    n = grid.n
    tab = neighbour_table(grid)
    dist = np.full(n + 1, -1, dtype=np.int32)
    if within is not None:
        dist[:n][~within] = 0  # outside cells count as visited: never a frontier
    dist[n] = 0  # the padding "cell": never unvisited, so never a frontier
    dist[source] = 0
    stamp = np.zeros(n + 1, dtype=np.int32)
    counting = np.arange(1024, dtype=np.int32)  # 0, 1, 2, ...: sliced per level, grown when a level is bigger
    frontier = np.array([source], dtype=np.int32)
    d = 0
    while frontier.size:  # long thin grids take thousands of small levels: few numpy calls each (take, not [])
        d += 1
        nb = tab.take(frontier, axis=0).ravel()
        nb = nb[dist.take(nb) < 0]
        if not nb.size:
            break
        dist[nb] = d
        if nb.size > counting.size:
            counting = np.arange(max(nb.size, 2 * counting.size), dtype=np.int32)
        order = counting[: nb.size]
        stamp[nb] = order  # one entry per cell survives: the one whose index it holds
        frontier = nb[stamp.take(nb) == order]
    return dist[:n].astype(np.int64)


def neighbour_table(grid: Grid) -> np.ndarray:
    """``(n, D)`` int32 neighbours of every cell (CSR order), padded with ``n``; ``D`` the largest degree."""
    n = grid.n
    ip = grid.indptr.astype(np.int64)
    deg = np.diff(ip)
    most = int(deg.max()) if n else 0
    tab = np.full(n * most, n, dtype=np.int32)
    if n and int(deg.min()) == most:  # every cell has the full degree: the CSR is the table
        tab[:] = grid.nbr
        return tab.reshape(n, most)
    # flat position of CSR entry j of cell c: c * most + (j - ip[c]), one shift per cell repeated over its entries
    at = np.arange(int(ip[-1]), dtype=np.int64)
    at += np.repeat(np.arange(n, dtype=np.int64) * most - ip[:-1], deg)
    tab[at] = grid.nbr  # one 1-D scatter, not a 2-D fancy index
    return tab.reshape(n, most)


def far_pair(grid: Grid, from_first: np.ndarray | None = None) -> tuple[int, int]:
    """Two cells far apart: the farthest from cell 0, then the farthest from it (lowest ids on ties).

    ``from_first``: the distances from cell 0 when already known (:func:`cut_grid` has them from its check
    that the inside is in one piece).

    Returned as ``(start, goal)`` with the start the higher of the two on screen
    (larger centre y; on a tie, the one further left; then the lower id).  Centres are
    compared on the grid of multiples of 2**-24 cell units, as masks sample them: a polar
    centre comes from sin/cos, whose last bit may differ between machines, and two
    centres equal in exact arithmetic (``5 sin 30° = 2.5 sin 90°``) must tie everywhere.
    """
    a = int(np.argmax(bfs_distances(grid, 0) if from_first is None else from_first))
    b = int(np.argmax(bfs_distances(grid, a)))

    def key(cell: int) -> tuple[int, int, int]:
        x, y = (round(float(v) * QUANT) for v in grid.centers[cell])
        return (y, -x, -cell)

    return (a, b) if key(a) >= key(b) else (b, a)


def _select_rows(indptr: np.ndarray, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For CSR-like ``indptr`` and chosen ``rows``: the new indptr and the flat positions to gather."""
    starts = indptr[rows].astype(np.int64)
    counts = indptr[rows + 1].astype(np.int64) - starts
    new_ptr = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(counts, out=new_ptr[1:])
    take = np.arange(int(new_ptr[-1]), dtype=np.int64) + np.repeat(starts - new_ptr[:-1], counts)
    return new_ptr, take


def _from_base(base: Grid, key: str, pick: Callable[[], T]) -> T:
    """``pick()`` (a selection from the base grid's geometry), then drop the base's copy of ``key``
    unless it was already built: the cut grid keeps only its own part."""
    had = key in base.memoised()
    try:
        return pick()
    finally:
        if not had:
            base.forget(key)


def _layout(base: Grid, cells: np.ndarray, eids: np.ndarray) -> Layout:
    def centers() -> np.ndarray:
        return _from_base(base, "grid.centers", lambda: base.centers[cells])

    def polygons() -> tuple[np.ndarray, np.ndarray]:
        def pick() -> tuple[np.ndarray, np.ndarray]:
            ptr, take = _select_rows(base.poly_indptr, cells)
            return ptr.astype(np.int32), base.poly_xy[take]

        return _from_base(base, "grid.polygons", pick)

    def walls() -> np.ndarray:
        return _from_base(base, "grid.walls", lambda: base.walls[eids])

    def boundary() -> np.ndarray:
        ptr, xy = polygons()
        nxt = np.arange(len(xy)) + 1
        nxt[ptr[1:] - 1] = ptr[:-1]
        p, q = xy, xy[nxt]
        mid = np.round((p + q) * (_SIDE_SCALE / 2)).astype(np.int64)
        mid -= mid.min(axis=0)
        key = mid[:, 0] * (int(mid[:, 1].max()) + 1) + mid[:, 1]
        _, inv, cnt = np.unique(key, return_inverse=True, return_counts=True)
        once = cnt[inv.ravel()] == 1
        return np.stack([p[once], q[once]], axis=1)

    def polygon(cell: int) -> np.ndarray:
        return base.polygon(int(cells[cell]))

    return Layout(centers, polygons, walls, boundary, polygon)


def grid_box(grid: Grid) -> tuple[float, float, float, float]:
    """``(xmin, ymin, xmax, ymax)`` of a full grid, from its outer boundary (cheap: no polygons)."""
    b = grid.boundary
    if not len(b):
        return grid.bounds()
    pts = b.reshape(-1, 2)
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])


def cut_grid(base: Grid, inside: np.ndarray, label: str = "mask") -> MaskedGrid:
    """The grid of the cells of ``base`` marked ``inside`` (their largest connected part).

    Args:
        inside: ``(base.n,)`` bool.
        label: what cut it, for :meth:`MaskedGrid.note` and errors.

    Raises:
        ValueError: fewer than 2 connected cells remain (one sentence naming the mask and the grid).
    """
    inside = np.asarray(inside, dtype=bool)
    a, b = base.edges[:, 0], base.edges[:, 1]
    # Usually the inside is one piece: one walk from its lowest cell shows it (and gives far_pair its first
    # distances: that cell is the cut grid's cell 0), instead of labelling the components.
    from_first = None
    if inside.any():
        reach = bfs_distances(base, int(np.argmax(inside)), inside)
        if (reach[inside] >= 0).all():
            from_first = reach[inside]
    if from_first is not None:
        keep = inside
    else:
        both = inside[a] & inside[b]
        label_of = components(base.n, base.edges[both])
        roots = label_of[inside]
        if roots.size:
            uniq, counts = np.unique(roots, return_counts=True)
            best = int(uniq[np.argmax(counts)])  # largest part; ties: the one holding the lowest cell id
            keep = inside & (label_of == best)
        else:
            keep = inside
    n = int(keep.sum())
    if n < 2:
        raise ValueError(_too_few(label, base))
    cells = np.flatnonzero(keep).astype(np.int64)
    new_id = np.full(base.n, -1, dtype=np.int32)  # int32 like the grid's own arrays: no cast afterwards
    new_id[cells] = np.arange(n, dtype=np.int32)
    ekeep = keep[a] & keep[b]
    eids = np.flatnonzero(ekeep).astype(np.int64)
    new_eid = np.full(base.num_edges, -1, dtype=np.int32)
    new_eid[eids] = np.arange(len(eids), dtype=np.int32)
    edges = new_id[base.edges[eids]]
    ptr, take = _select_rows(base.indptr, cells)
    nbr_all = base.nbr[take]
    ent = keep[nbr_all]
    seg = np.repeat(np.arange(n, dtype=np.int64), np.diff(ptr))[ent]
    indptr = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(np.bincount(seg, minlength=n), out=indptr[1:])
    grid = MaskedGrid(
        kind=base.kind,
        width=base.width,
        height=base.height,
        n=n,
        num_edges=int(edges.shape[0]),
        topology=Topology(
            edges=edges,
            indptr=indptr,
            nbr=new_id[nbr_all[ent]],
            edge_id=new_eid[base.edge_id[take][ent]],
            row=base.row[cells],
            col=base.col[cells],
        ),
        start=0,
        goal=n - 1,
        layout=_layout(base, cells, eids),
        base=base,
        cells=cells,
        mask_label=label,
        dropped=int(inside.sum()) - n,
    )
    start, goal = far_pair(grid, from_first)
    object.__setattr__(grid, "start", start)
    object.__setattr__(grid, "goal", goal)
    return grid


def check_cut(shape: str, width: int, height: int, mask: object) -> None:
    """Refuse ``mask`` on the grid ``shape`` ``width`` × ``height`` exactly when :func:`masked_grid` would,
    without cutting: the largest connected part has at least 2 cells iff some grid edge joins two inside
    cells.  A few numpy passes (about 0.2 s for a million cells), nothing cached.

    Raises:
        ValueError: the same sentence as :func:`cut_grid`.
    """
    from engine.maze.grids import make_grid
    from engine.maze.masks import Mask, inside_cells

    assert isinstance(mask, Mask)
    if (shape, int(width), int(height), mask) in _live:
        return
    base = make_grid(shape, width, height)
    inside = inside_cells(mask, base.centers, grid_box(base))
    e = base.edges
    if not (inside[e[:, 0]] & inside[e[:, 1]]).any():
        raise ValueError(_too_few(mask.label(), base))


def _too_few(label: str, base: Grid) -> str:
    return (
        f"the {label} mask leaves fewer than 2 connected cells of this "
        f"{base.width}x{base.height} {base.kind} grid; use a bigger grid"
    )


#: Cut grids up to this many cells stay cached after their last user lets go (bigger ones only while in use).
KEEP_CELLS = 250_000
_live: weakref.WeakValueDictionary[tuple[str, int, int, object], MaskedGrid] = weakref.WeakValueDictionary()
_kept: list[MaskedGrid] = []


def masked_grid(shape: str, width: int, height: int, mask: object) -> MaskedGrid:
    """The grid ``shape`` ``width`` × ``height`` cut by ``mask`` (an :class:`engine.maze.masks.Mask`), cached.

    A cut grid is shared while anything holds it, and the last one of at most
    :data:`KEEP_CELLS` cells is kept after that too, so checking a code and then
    building its maze cuts once, without holding a million-cell grid after its
    screen is gone.  The base grid's centres are dropped once cut.

    Raises:
        ValueError: as :func:`cut_grid`.
    """
    from engine.maze.grids import make_grid
    from engine.maze.masks import Mask, inside_cells

    assert isinstance(mask, Mask)
    key = (shape, int(width), int(height), mask)
    got = _live.get(key)
    if got is not None:
        return got
    base = make_grid(shape, width, height)
    grid = cut_grid(base, inside_cells(mask, base.centers, grid_box(base)), mask.label())
    base.forget("grid.centers")
    _live[key] = grid
    _kept[:] = [grid] if grid.n <= KEEP_CELLS else []
    return grid
