"""Per-cell helpers of the walkers' hot loops: their tables, unrolled visitors, the shaped-square fast path.

A *visitor* clears a visited cell's bit in its neighbours' slot masks (see
:class:`Hops`) in one call with the updates unrolled, several
times faster than a loop over the cell's slots.  :func:`square_view` lets the square fast paths
carve a square grid cut to a shape on its base grid's cell and edge ids.

The walkers' per-cell tables (:class:`Hops`) are built here too.  :func:`hops` picks the builder: a
whole square grid's direction masks (:func:`_square_hops`), a whole hex grid's lattice
(:func:`_hex_hops`), else :func:`csr_hops`, straight from the CSR.  :func:`_build_hops`, the
row-table construction, is the reference the others are tested against (and :func:`csr_hops`'s fallback).

:func:`csr_hops` builds the same tables as :func:`_build_hops` without its ``(n, 1 + 2 * degree)`` table of
rows: each CSR entry's offset and its slot at the neighbour become one integer, mixed into a 64-bit key per
cell by one running sum (entry ``t`` of a cell adds ``value * A[slot]``; the cell's key is the difference
of the sum at its row's ends, plus ``degree * D``), the cells are grouped by key, and every cell is
checked against its group's first cell entry by entry, so a collision (never seen) falls back to the
row table.  A polar grid of a million cells has 10,189 patterns; this builds its tables in about half
the time.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

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


T = TypeVar("T")


@dataclass(frozen=True)
class Hops:
    """Compact per-cell tables for walkers (degree <= 8), shared by cell pattern.

    Cells with the same neighbour pattern (offsets to their neighbours and the
    slots they occupy in those neighbours) share one tuple, so a million-cell grid
    holds a million references and a few hundred tuples, not millions of lists.

    A walker keeps ``um = bytearray(hops.full)``: bit ``k`` of ``um[c]`` is set
    while neighbour slot ``k`` of ``c`` is unvisited.  Visiting ``d`` clears its bit
    in each neighbour: ``for o, q in zip(step[d], clear[d]): um[d + o] &= q``.  Then
    ``SLOTS[um[c]]`` are the unvisited slots of ``c`` and ``SLOTS[full[c] ^ um[c]]``
    the visited ones.

    Attributes:
        full: ``(n,)`` bytes, ``(1 << degree) - 1`` per cell.
        step: per cell, the neighbour offsets in slot order: neighbour ``k`` of
            ``c`` is ``c + step[c][k]`` (the grid's CSR order).
        clear: per cell, per slot ``k`` (neighbour ``x``): ``0xFF`` minus the bit
            of this cell in ``x``'s slots.
        low: per cell, the offset of its smallest neighbour (0 without neighbours).
        first: ``grid.indptr`` as an ``array('i')``; the edge to neighbour ``k`` of
            ``c`` is ``eid[first[c] + k]``.
        eid: ``grid.edge_id`` as an ``array('i')``.
        visit: per cell, ``visit[d](um, d)`` does the clearing loop above in one call
            (:func:`visitor`: the updates unrolled, several times faster than the loop).
    """

    full: bytes
    step: list[tuple[int, ...]]
    clear: list[tuple[int, ...]]
    low: list[int]
    first: array[int]
    eid: array[int]
    visit: list[Visit]


def hops(grid: Grid) -> Hops:
    """The (memoised) :class:`Hops` of ``grid``.

    Raises:
        ValueError: if a cell has more than 8 neighbours (no tessellation here does).
    """
    if grid.full_square:
        build = _square_hops
    elif grid.kind == "hex" and grid.plain:
        build = _hex_hops
    else:
        build = csr_hops
    return grid.memo("generators.hops", lambda: build(grid))


def _square_masks(grid: Grid) -> np.ndarray:
    """``(n,)`` int64: bit ``k`` set when the square cell has a neighbour toward direction ``k``
    (S, E, N, W = bits 0..3, which is also its CSR slot order)."""
    w, h = grid.width, grid.height
    m = np.full((h, w), 15, dtype=np.int64)
    m[0] &= ~1  # no south neighbour in the bottom row
    m[:, -1] &= ~2
    m[-1] &= ~4
    m[:, 0] &= ~8
    return m.ravel()


def _by_pattern(keys: np.ndarray, make: Callable[[int], T]) -> list[T]:
    """Per cell ``make(key)``, built once per distinct small non-negative key and shared."""
    present = np.flatnonzero(np.bincount(keys))
    table = np.empty(int(present[-1]) + 1, dtype=object)
    for key in present.tolist():
        table[key] = make(key)
    out: list[T] = table[keys].tolist()
    return out


def _square_hops(grid: Grid) -> Hops:
    """:func:`_build_hops` of a square grid from its direction masks: the same tables."""
    w = grid.width
    m = _square_masks(grid)
    offset = (-w, 1, w, -1)
    # The slot of a cell in its neighbour toward k: neighbour's directions before the opposite one.
    key = m.copy()
    nb_mask = np.zeros_like(m)
    for k in range(4):
        back = (k + 2) % 4
        has = (m >> k) & 1 == 1
        nb_mask[:] = 0
        nb_mask[has] = m[np.flatnonzero(has) + offset[k]]
        below = nb_mask & ((1 << back) - 1)
        slot = (below & 1) + (below >> 1 & 1) + (below >> 2 & 1)
        key |= slot << (4 + 2 * k)

    def step(kk: int) -> tuple[int, ...]:
        return tuple(offset[k] for k in range(4) if kk >> k & 1)

    def clear(kk: int) -> tuple[int, ...]:
        return tuple(0xFF ^ (1 << (kk >> (4 + 2 * k) & 3)) for k in range(4) if kk >> k & 1)

    def low(kk: int) -> int:
        return min(step(kk), default=0)

    deg = (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1)
    return Hops(
        ((1 << deg) - 1).astype(np.uint8).tobytes(),
        _by_pattern(m, step),
        _by_pattern(key, clear),
        _by_pattern(m, low),
        array("i", grid.indptr.astype(np.int32).tobytes()),
        array("i", grid.edge_id.astype(np.int32).tobytes()),
        _by_pattern(key, lambda kk: visitor(step(kk & 15), clear(kk))),
    )


# A hex cell's neighbour slots in CSR order (engine.maze.grids.hex: SW, SE, E, NE, NW, W) as (row step,
# column step on an even row); odd rows are shifted east, so their up/down neighbours sit one column on.
_HEX_STEPS = ((-1, -1), (-1, 0), (0, 1), (1, 0), (1, -1), (0, -1))
_BITS6 = np.array([bin(m).count("1") for m in range(64)], dtype=np.int64)  # set bits of a 6-bit mask


def _hex_hops(grid: Grid) -> Hops:
    """:func:`_build_hops` of a whole hex grid from its lattice (the same tables, tested): each cell's
    pattern is its row parity, which neighbours exist, and its slot in each of them, worked out on
    the ``(height, width)`` lattice instead of sorting the CSR and a per-cell table."""
    w, h = grid.width, grid.height
    r = np.arange(h, dtype=np.int64)[:, None]
    c = np.arange(w, dtype=np.int64)[None, :]
    odd = r & 1
    rows, cols, masks = [], [], np.zeros((h, w), dtype=np.int64)
    for k, (dr, dc) in enumerate(_HEX_STEPS):
        rr = np.broadcast_to(r + dr, (h, w))
        cc = np.broadcast_to(c + dc + (odd if dr else 0), (h, w))
        rows.append(rr)
        cols.append(cc)
        masks |= ((rr >= 0) & (rr < h) & (cc >= 0) & (cc < w)).astype(np.int64) << k
    key = masks | (np.broadcast_to(odd, (h, w)) << 6)
    for k in range(6):
        has = (masks >> k) & 1 == 1
        nb = np.zeros((h, w), dtype=np.int64)
        nb[has] = masks[rows[k][has], cols[k][has]]
        below = nb & ((1 << ((k + 3) % 6)) - 1)  # the neighbour's slots before the one facing back
        key |= _BITS6[below] << (7 + 3 * k)
    patterns, inverse = np.unique(key.ravel(), return_inverse=True)
    steps, clears, lows = [], [], []
    for kk in patterns.tolist():
        ks = [k for k in range(6) if kk >> k & 1]
        p = kk >> 6 & 1
        step = tuple(dr * w + dc + (p if dr else 0) for dr, dc in (_HEX_STEPS[k] for k in ks))
        steps.append(step)
        clears.append(tuple(0xFF ^ (1 << (kk >> (7 + 3 * k) & 7)) for k in ks))
        lows.append(min(step, default=0))
    inv = inverse.ravel()
    deg = _BITS6[masks.ravel()]

    def spread(values: list[T]) -> list[T]:
        table = np.empty(len(values), dtype=object)
        table[:] = values
        out: list[T] = table[inv].tolist()
        return out

    return Hops(
        ((1 << deg) - 1).astype(np.uint8).tobytes(),
        spread(steps),
        spread(clears),
        spread(lows),
        array("i", grid.indptr.astype(np.int32).tobytes()),
        array("i", grid.edge_id.astype(np.int32).tobytes()),
        spread([visitor(a, b) for a, b in zip(steps, clears, strict=True)]),
    )


def _build_hops(grid: Grid) -> Hops:
    n = grid.n
    ip = grid.indptr
    deg = np.diff(ip)
    if n and deg.max() > 8:
        raise ValueError(f"walkers need at most 8 neighbours per cell, the {grid.kind} grid has {deg.max()}")
    src = np.repeat(np.arange(n, dtype=np.int32), deg)
    pos = np.arange(len(src), dtype=np.int32) - ip[src]  # slot index within its cell
    rev = _other_ends(grid, src)
    # One row per cell: degree, D offsets, D clear masks (padded; D = the largest degree); deduplicated.
    most = int(deg.max()) if n else 0
    cols = 1 + 2 * most
    rows = np.zeros((n, cols), dtype=np.int32)
    rows[:, 0] = deg
    at = src.astype(np.int64) * cols + pos + 1  # flat positions: one 1-D scatter, not a 2-D fancy index
    flat = rows.reshape(-1)
    flat[at] = grid.nbr - src
    at += most
    flat[at] = 0xFF ^ (1 << pos[rev])
    del at, flat
    del src, pos, rev
    pats, inverse = _unique_rows(rows)
    del rows
    steps, clears, lows = [], [], []
    for row in pats.tolist():
        d = row[0]
        steps.append(tuple(row[1 : 1 + d]))
        clears.append(tuple(row[1 + most : 1 + most + d]))
        lows.append(min(row[1 : 1 + d]) if d else 0)
    return _hops(grid, deg, steps, clears, lows, inverse)


def _hops(grid: Grid, deg: np.ndarray, steps: list[tuple[int, ...]], clears: list[tuple[int, ...]],
          lows: list[int], inverse: np.ndarray) -> Hops:
    """The :class:`Hops` of ``grid`` from its distinct rows (``steps``, ``clears``, ``lows``; one visitor made per
    row) spread to the cells by ``inverse``; ``deg`` is each cell's degree."""
    visits = [visitor(a, b) for a, b in zip(steps, clears, strict=True)]
    return Hops(
        ((1 << deg) - 1).astype(np.uint8).tobytes(),
        spread(steps, inverse),
        spread(clears, inverse),
        spread(lows, inverse),
        array("i", grid.indptr.astype(np.int32).tobytes()),
        array("i", grid.edge_id.astype(np.int32).tobytes()),
        spread(visits, inverse),
    )


def spread(values: list[T], inverse: np.ndarray) -> list[T]:
    """``[values[i] for i in inverse]`` through an object array (a few times faster)."""
    table = np.empty(len(values), dtype=object)
    table[:] = values
    out: list[T] = table[inverse].tolist()
    return out


def _other_ends(grid: Grid, src: np.ndarray) -> np.ndarray:
    """For every CSR entry (cell ``src[t]``, neighbour ``nbr[t]``), the entry of the same edge at the
    neighbour: each edge has one entry at its lower cell and one at its higher, found without sorting."""
    end = grid.edge_id.astype(np.int64) << 1
    end += grid.nbr > src  # 2e + 1 at the edge's lower cell, 2e at its higher
    at = np.empty(2 * grid.num_edges, dtype=np.int32)
    at[end] = np.arange(len(src), dtype=np.int32)
    end ^= 1
    out: np.ndarray = at[end]
    return out


def _unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(patterns, inverse)`` of the rows of an integer table: ``patterns[inverse] == rows``.

    Through a 64-bit mix of each row (one sort of ``len(rows)`` ints, built column by
    column so no second table is held), checked exactly; a collision (never seen)
    falls back to the row-wise unique.
    """
    mul = _mix(rows.shape[1])
    mix = np.zeros(rows.shape[0], dtype=np.uint64)
    col = np.empty(rows.shape[0], dtype=np.uint64)
    for j in range(rows.shape[1]):
        np.copyto(col, rows[:, j], casting="unsafe")  # int32 -> uint64 modulo 2**64, as through int64
        col *= mul[j]
        mix += col
    _, first, inverse = np.unique(mix, return_index=True, return_inverse=True)
    del mix
    pats = rows[first]
    inverse = inverse.ravel()
    if not all(np.array_equal(pats[inverse, j], rows[:, j]) for j in range(rows.shape[1])):
        pats, inverse = np.unique(rows, axis=0, return_inverse=True)
        inverse = inverse.ravel()
    return pats, inverse


def _mix(k: int) -> np.ndarray:
    """``k`` odd 64-bit multipliers from splitmix64, one per column.

    (Multipliers in arithmetic progression, ``c * (2j + 1)``, made rows whose columns
    differ by small amounts with ``sum (2j + 1) * d_j == 0`` collide: polar grids hit
    that on every build and fell back to the slow row-wise unique.)
    """
    out = []
    mask = (1 << 64) - 1
    for j in range(k):
        z = ((j + 1) * 0x9E3779B97F4A7C15) & mask
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append((z ^ (z >> 31)) | 1)
    return np.array(out, dtype=np.uint64)


def csr_hops(grid: Grid) -> Hops:
    """:class:`Hops` of ``grid`` by pattern key (module docstring).

    Raises:
        ValueError: if a cell has more than 8 neighbours (as ``_build_hops``).
    """
    n = grid.n
    ip = grid.indptr.astype(np.int64)
    deg = np.diff(ip)
    if not n or int(deg.max()) > 8:
        return _build_hops(grid)  # (which raises for a degree above 8)
    src = np.repeat(np.arange(n, dtype=np.int32), deg)
    val, groups = row_patterns(ip, deg, grid.nbr, src, _other_ends(grid, src))
    if groups is None:
        return _build_hops(grid)
    rep, inverse = groups
    steps, clears = pattern_tuples(ip, deg, val, rep)
    return _hops(grid, deg, steps, clears, [min(st, default=0) for st in steps], inverse)


def row_patterns(
    ip: np.ndarray, deg: np.ndarray, nbr: np.ndarray, src: np.ndarray, twin: np.ndarray
) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray] | None]:
    """The rows of a CSR graph grouped by pattern: a row's degree, its offsets to its neighbours and its slot in
    each of them, mixed into a 64-bit key by one running sum over the CSR.

    Args:
        ip: ``(n + 1,)`` int64 row pointers; deg: ``(n,)`` their differences (each at most 8).
        nbr: ``(m,)`` each entry's neighbour; src: ``(m,)`` each entry's row; twin: ``(m,)`` the entry of the
            same edge in the neighbour's row.

    Returns:
        ``(val, (rep, inverse))``: each entry's ``offset << 3 | slot at the neighbour`` (int64), each pattern's
        first row and each row's pattern; ``(val, None)`` when a key collision (never seen) puts two different
        rows in one pattern: every row is checked against its pattern's first row, entry by entry.
    """
    m = len(nbr)
    pos = np.arange(m, dtype=np.int64) - ip[src]  # slot of each entry in its row
    val = nbr.astype(np.int64)
    val -= src
    val <<= 3
    val += pos[twin]
    mul = _mix(9)
    with np.errstate(over="ignore"):
        term = val.view(np.uint64) * mul[pos]
        del pos
        acc = np.zeros(m + 1, dtype=np.uint64)
        np.cumsum(term, out=acc[1:])
        del term
        key = acc[ip[1:]] - acc[ip[:-1]]
        del acc
        key += deg.astype(np.uint64) * mul[8]
    _, rep, inverse = np.unique(key, return_index=True, return_inverse=True)
    del key
    inverse = inverse.ravel()
    mine = rep[inverse]
    if not np.array_equal(deg[mine], deg):
        return val, None
    same = np.repeat(ip[mine] - ip[:-1], deg)
    del mine
    same += np.arange(m, dtype=np.int64)
    if not np.array_equal(val[same], val):
        return val, None
    return val, (rep, inverse)


def pattern_tuples(
    ip: np.ndarray, deg: np.ndarray, val: np.ndarray, rep: np.ndarray
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Each pattern's steps (offsets to the neighbours) and clear masks (``0xFF`` without the slot bit at each
    neighbour) as tuples, from :func:`row_patterns`' ``val`` read at the rows ``rep``."""
    count = deg[rep]
    ptr = np.zeros(len(rep) + 1, dtype=np.int64)
    np.cumsum(count, out=ptr[1:])
    take = np.arange(int(ptr[-1]), dtype=np.int64) + np.repeat(ip[rep] - ptr[:-1], count)
    rows = val[take]
    offl = (rows >> 3).tolist()
    clrl = (0xFF ^ (1 << (rows & 7))).tolist()
    ptl = ptr.tolist()
    spans = list(zip(ptl[:-1], ptl[1:], strict=True))
    return [tuple(offl[lo:hi]) for lo, hi in spans], [tuple(clrl[lo:hi]) for lo, hi in spans]
