"""Per-cell helpers of the walkers' hot loops: unrolled visitors and the shaped-square fast path.

A *visitor* clears a visited cell's bit in its neighbours' slot masks (see
:class:`engine.maze.generators._common.Hops`) in one call with the updates unrolled, several
times faster than a loop over the cell's slots.  :func:`square_view` lets the square fast paths
carve a square grid cut to a shape on its base grid's cell and edge ids.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from engine.maze.grids.base import Grid
from engine.maze.grids.square import SquareTables, square_tables

if TYPE_CHECKING:
    from engine.maze.grids.masked import MaskedGrid

Visit = Callable[[bytearray, int], None]
"""``visit(um, d)``: clear cell ``d``'s bit in its neighbours' slot masks (see :class:`Hops`)."""


def looping_visitor(step: list[tuple[int, ...]], clear: list[tuple[int, ...]], cells: int = 0) -> Visit:
    """One :data:`Visit` for every cell of per-cell ``step``/``clear`` lists, a loop (for tables with
    too many patterns to give each its own :func:`visitor`); ``cells=1``: the lists hold one pattern,
    shared by every cell."""

    def visit(um: bytearray, d: int) -> None:
        i = 0 if cells == 1 else d
        for o, q in zip(step[i], clear[i], strict=True):
            um[d + o] &= q

    return visit


def degree_visitors(step: list[tuple[int, ...]], clear: list[tuple[int, ...]]) -> list[Visit]:
    """:data:`Visit` functions for per-cell ``step``/``clear`` lists, one per degree 0..8 (index by
    the cell's degree): each unpacks the cell's tuples and clears unrolled (for tables with too many
    patterns to give each its own :func:`visitor`)."""

    def v3(um: bytearray, d: int) -> None:
        o0, o1, o2 = step[d]
        q0, q1, q2 = clear[d]
        um[d + o0] &= q0
        um[d + o1] &= q1
        um[d + o2] &= q2

    def v4(um: bytearray, d: int) -> None:
        o0, o1, o2, o3 = step[d]
        q0, q1, q2, q3 = clear[d]
        um[d + o0] &= q0
        um[d + o1] &= q1
        um[d + o2] &= q2
        um[d + o3] &= q3

    def v6(um: bytearray, d: int) -> None:
        o0, o1, o2, o3, o4, o5 = step[d]
        q0, q1, q2, q3, q4, q5 = clear[d]
        um[d + o0] &= q0
        um[d + o1] &= q1
        um[d + o2] &= q2
        um[d + o3] &= q3
        um[d + o4] &= q4
        um[d + o5] &= q5

    loop = looping_visitor(step, clear)
    return [loop, loop, loop, v3, v4, loop, v6, loop, loop]


def visitor(step: tuple[int, ...], clear: tuple[int, ...]) -> Visit:
    """The :data:`Visit` of one cell pattern: ``um[d + step[k]] &= clear[k]`` for every slot ``k``,
    unrolled for 3 to 8 slots (the offsets and masks are the closure's own variables)."""
    k = len(step)
    o0, o1, o2, o3, o4, o5, o6, o7 = (step + (0,) * 8)[:8]
    q0, q1, q2, q3, q4, q5, q6, q7 = (clear + (0xFF,) * 8)[:8]
    if k == 3:

        def v3(um: bytearray, d: int) -> None:
            um[d + o0] &= q0
            um[d + o1] &= q1
            um[d + o2] &= q2

        return v3
    if k == 4:

        def v4(um: bytearray, d: int) -> None:
            um[d + o0] &= q0
            um[d + o1] &= q1
            um[d + o2] &= q2
            um[d + o3] &= q3

        return v4
    if k == 5:

        def v5(um: bytearray, d: int) -> None:
            um[d + o0] &= q0
            um[d + o1] &= q1
            um[d + o2] &= q2
            um[d + o3] &= q3
            um[d + o4] &= q4

        return v5
    if k == 6:

        def v6(um: bytearray, d: int) -> None:
            um[d + o0] &= q0
            um[d + o1] &= q1
            um[d + o2] &= q2
            um[d + o3] &= q3
            um[d + o4] &= q4
            um[d + o5] &= q5

        return v6
    if k == 8:

        def v8(um: bytearray, d: int) -> None:
            um[d + o0] &= q0
            um[d + o1] &= q1
            um[d + o2] &= q2
            um[d + o3] &= q3
            um[d + o4] &= q4
            um[d + o5] &= q5
            um[d + o6] &= q6
            um[d + o7] &= q7

        return v8
    return looping_visitor([step], [clear], 1)


@dataclass(frozen=True)
class Placed:
    """Where a square grid cut to a shape sits in its whole base grid, so the square fast paths
    can carve it on base cell ids (positions) and base edge ids.

    Attributes:
        cells: ``(n,)`` int64, the base cell (position) of each cell.
        edges: ``(E,)`` int64, the base edge of each edge.
        base_cells, base_edges: the base grid's ``n`` and ``num_edges`` (sizes of position tables).
    """

    cells: np.ndarray
    edges: np.ndarray
    base_cells: int
    base_edges: int

    def passages(self, pas: bytearray) -> np.ndarray:
        """The ``(E,)`` bool passages of the cut grid from flags (0/1 bytes) over the base edges."""
        out: np.ndarray = np.frombuffer(pas, dtype=np.uint8).astype(bool)[self.edges]
        return out

    def unmap(self, rec: list[tuple[str, int]], since: int = 0) -> None:
        """Rewrite ``rec[since:]`` (positions and base edges) into the cut grid's cell and edge ids."""
        cell = np.full(self.base_cells, -1, dtype=np.int64)
        cell[self.cells] = np.arange(len(self.cells))
        edge = np.full(self.base_edges, -1, dtype=np.int64)
        edge[self.edges] = np.arange(len(self.edges))
        cl, el = cell.tolist(), edge.tolist()
        for i in range(since, len(rec)):
            what, x = rec[i]
            rec[i] = (what, el[x] if what in ("open", "close") else cl[x])


def carve_sizes(grid: Grid, placed: Placed | None) -> tuple[int, int]:
    """``(edges, positions)``: the sizes of the passage and cell tables a walker carves on, the grid's own or,
    for a square grid cut to a shape (``placed``), its base grid's."""
    return (grid.num_edges, grid.n) if placed is None else (placed.base_edges, placed.base_cells)


def square_view(grid: Grid) -> tuple[SquareTables, Placed | None] | None:
    """The square fast-path tables of ``grid``: a whole square grid's own
    (:func:`engine.maze.grids.square.square_tables`, no placement), a square grid cut to a
    shape's on its base grid (memoised; the masks hold only the directions toward kept cells,
    cut-away cells have none), or None for any other grid."""
    if grid.full_square:
        return square_tables(grid), None
    if grid.kind != "square" or not grid.masked:
        return None
    from engine.maze.grids.masked import MaskedGrid  # only shaped grids pay for importing it

    if not isinstance(grid, MaskedGrid) or grid.base is None or not grid.base.full_square:
        return None
    cut, base = grid, grid.base
    return grid.memo("generators.square_view", lambda: _cut_square_view(cut, base))


def _cut_square_view(grid: MaskedGrid, base: Grid) -> tuple[SquareTables, Placed]:
    cells = np.asarray(grid.cells, dtype=np.int64)
    full = square_tables(base)
    w, h = base.width, base.height
    keep = np.zeros((h + 2, w + 2), dtype=bool)  # a frame of cut-away cells around the base
    keep.ravel()[(cells // w + 1) * (w + 2) + cells % w + 1] = True
    mid = keep[1:-1, 1:-1]
    m = np.zeros((h, w), dtype=np.uint8)
    for k, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):  # S, E, N, W
        m |= (mid & keep[1 + dr : h + 1 + dr, 1 + dc : w + 1 + dc]).astype(np.uint8) << k
    # A kept base edge joins two kept cells: east-west edges first, then south-north (square layout).
    ew = (mid[:, :-1] & mid[:, 1:]).ravel()
    sn = (mid[:-1] & mid[1:]).ravel()
    edges = np.flatnonzero(np.concatenate((ew, sn))).astype(np.int64)
    if len(edges) != grid.num_edges:
        raise ValueError("the cut square grid's edges do not match its base grid")
    tab = SquareTables(full.width, full.offset, full.clear, m.tobytes() + bytes(w + 1), full.vertical)
    return tab, Placed(cells, edges, base.n, base.num_edges)
