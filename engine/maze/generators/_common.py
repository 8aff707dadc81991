"""Helpers shared by the generators: random chunks, step records, row structure.

Every generator is written once as a *core* function taking ``rec``: ``None`` in
the fast form, a list in the step form.  The core appends :data:`GeneratorStep` tuples to
``rec`` only behind one ``if rec is not None`` test, so the fast form pays one
comparison per carved passage and nothing else; the step form runs the very same
core and replays the record.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from engine.maze.generators.visits import Visit, visitor
from engine.maze.grids.base import Grid
from engine.maze.grids.square import SquareTables
from engine.rng import Rng

GeneratorStep = tuple[str, int]
"""``("open", edge)``, ``("close", edge)``, ``("visit", cell)`` or ``("current", cell)``."""

Record = list[GeneratorStep] | None

T = TypeVar("T")

MAX_CHUNK = 1 << 14
_SHIFT32 = np.uint64(32)


def chunk_size(n: int) -> int:
    """Random words drawn per refill for a grid of ``n`` cells (64..16384, depends only on ``n``)."""
    return max(64, min(MAX_CHUNK, 4 * n))


def u32_list(rng: Rng, k: int) -> list[int]:
    """``k`` random 32-bit integers (the high halves of raw words) as a Python list.

    A value ``r`` picks an index among ``m`` choices as ``(r * m) >> 32``
    (multiply-shift; bias below ``m / 2**32``).
    """
    out: list[int] = (rng.u64_array(k) >> _SHIFT32).tolist()
    return out


def u32_array(rng: Rng, k: int) -> np.ndarray:
    """``k`` random 32-bit integers as ``uint64`` (high halves of raw words)."""
    return rng.u64_array(k) >> _SHIFT32


def pick(r32: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Vectorised multiply-shift: index in ``0..m-1`` from 32-bit ``r32`` (``m`` >= 1), ``int64``."""
    return ((r32 * m.astype(np.uint64)) >> _SHIFT32).astype(np.int64)


def to_passage(p: bytearray) -> np.ndarray:
    """A ``bytearray`` of 0/1 flags as a fresh ``(E,)`` bool array."""
    return np.frombuffer(p, dtype=np.uint8).astype(bool)


# Slot-mask tables: for a mask of a cell's neighbour slots (bit k = slot k, up to
# 8 slots), SLOTS[mask] lists the set bits in increasing order and COUNT[mask] their number.
SLOTS: list[tuple[int, ...]] = [tuple(k for k in range(8) if mask >> k & 1) for mask in range(256)]
COUNT: list[int] = [len(s) for s in SLOTS]


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
        build = _build_hops
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
    eid = grid.edge_id
    t = np.arange(len(src), dtype=np.int32)
    up = grid.nbr > src  # the entry at the edge's lower cell
    at_low = np.empty(grid.num_edges, dtype=np.int32)
    at_high = np.empty(grid.num_edges, dtype=np.int32)
    at_low[eid[up]] = t[up]
    at_high[eid[~up]] = t[~up]
    out: np.ndarray = np.where(up, at_high[eid], at_low[eid])
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


def walk_table(grid: Grid) -> tuple[int, list[tuple[int, ...]]]:
    """The (cached) step table ``(L, moves)`` of a random walk on ``grid``.

    ``L`` is the least common multiple of the cell degrees.  A 32-bit value ``r``
    sends a walker at ``c`` to neighbour slot ``(r * degree) >> 32``, which is
    also ``q // (L // degree)`` for ``q = (r * L) >> 32`` (nested floors), so with
    ``q`` drawn in bulk the step is ``c + moves[c][q]``: ``moves[c]`` is a tuple
    of ``L`` neighbour offsets, shared by all cells with the same pattern.
    """
    build = _square_walk_table if grid.full_square else _build_walk_table
    return grid.memo("generators.walk_table", lambda: build(grid))


def _square_walk_table(grid: Grid) -> tuple[int, list[tuple[int, ...]]]:
    """:func:`_build_walk_table` of a square grid from its direction masks: the same table."""
    w = grid.width
    m = _square_masks(grid)
    offset = (-w, 1, w, -1)
    degs = sorted({bin(k).count("1") for k in np.flatnonzero(np.bincount(m)).tolist()} - {0})
    lcm = int(np.lcm.reduce(np.array(degs))) if degs else 1

    def moves(kk: int) -> tuple[int, ...]:
        offs = [offset[k] for k in range(4) if kk >> k & 1]
        d = len(offs)
        return tuple(offs[q // (lcm // d)] for q in range(lcm)) if d else (0,) * lcm

    return lcm, _by_pattern(m, moves)


def _build_walk_table(grid: Grid) -> tuple[int, list[tuple[int, ...]]]:
    n = grid.n
    ip = grid.indptr.astype(np.int64)
    deg = np.diff(ip)
    # (bincount, not np.unique: that imports numpy.ma on first use, ~14 ms)
    present = np.flatnonzero(np.bincount(deg)) if n else deg
    lcm = int(np.lcm.reduce(present[present > 0])) if n and deg.max() > 0 else 1
    # Offsets by slot (padded with 0) and the degree: one row per cell, deduplicated.
    src = np.repeat(np.arange(n, dtype=np.int64), deg)
    slot = np.arange(len(src), dtype=np.int64) - ip[src]
    rows = np.zeros((n, 9), dtype=np.int64)
    rows[:, 8] = deg
    rows[src, slot] = grid.nbr.astype(np.int64) - src
    pats, inverse = _unique_rows(rows)
    tables = []
    for row in pats.tolist():
        d = row[8]
        tables.append(tuple(row[q // (lcm // d)] for q in range(lcm)) if d else (0,) * lcm)
    return lcm, [tables[i] for i in inverse.ravel().tolist()]


def replay(rec: list[GeneratorStep]) -> Iterator[GeneratorStep]:
    """Iterate over a recorded step list."""
    return iter(rec)


Core = Callable[[Grid, Rng, Record], np.ndarray]
"""A generator core without options: ``(grid, rng, rec) -> (E,) bool`` passages."""


def make_generator_forms(
    title: str, core: Core, note: str = ""
) -> tuple[
    Callable[[Grid, Rng, dict[str, str]], np.ndarray], Callable[[Grid, Rng, dict[str, str]], Iterator[GeneratorStep]]
]:
    """The fast form ``run(grid, rng, options)`` and the step form ``steps(grid, rng, options)`` of ``core``.

    For generators with no options (``options`` is ignored: the registry has
    already rejected any).  The step form runs the same core with a record and
    replays it.

    Args:
        title: the generator's name in the forms' docstrings (``Wilson``).
        note: appended to the step form's docstring (``; starts from all passages open``).
    """

    def run(grid: Grid, rng: Rng, options: dict[str, str]) -> np.ndarray:
        return core(grid, rng, None)

    def steps(grid: Grid, rng: Rng, options: dict[str, str]) -> Iterator[GeneratorStep]:
        rec: list[GeneratorStep] = []
        core(grid, rng, rec)
        return replay(rec)

    base = core.__name__.removesuffix("_core")
    run.__name__ = run.__qualname__ = f"run_{base}"
    steps.__name__ = steps.__qualname__ = f"steps_{base}"
    run.__doc__ = f"Fast form of {title} (no options)."
    steps.__doc__ = f"Step form of {title} (no options){note}."
    return run, steps


@dataclass(frozen=True)
class Rows:
    """The row structure of a grid, for row-based generators.

    Positions ``0..n-1`` list the cells sorted by (row, column).

    Attributes:
        cells: ``(n,)`` int64 cell at each position.
        pos: ``(n,)`` int64 position of each cell (inverse of ``cells``).
        row_ptr: ``(R+1,)`` int64, row ``r`` is positions ``row_ptr[r]:row_ptr[r+1]``.
        east: ``(n,)`` int64 edge to the next position in the same row, ``-1`` at a row end.
        north_ptr: ``(n+1,)`` int64 CSR pointers (by position) into the north lists.
        north_cell: ``(K,)`` int64 neighbours in the next row (row + 1), sorted by column.
        north_edge: ``(K,)`` int64 the matching edge ids.
        contiguous: every row is one chain of east neighbours in column order.
        all_north: every cell outside the top row has at least one north neighbour.
        single_south: every cell has at most one neighbour in the row below.
    """

    cells: np.ndarray
    pos: np.ndarray
    row_ptr: np.ndarray
    east: np.ndarray
    north_ptr: np.ndarray
    north_cell: np.ndarray
    north_edge: np.ndarray
    contiguous: bool
    all_north: bool
    single_south: bool


def rows_of(grid: Grid) -> Rows:
    """The (cached) :class:`Rows` of ``grid``.

    Raises:
        ValueError: if the grid has no rows (``Grid.row`` is -1 somewhere).
    """
    build = _square_rows if grid.full_square else _build_rows
    return grid.memo("generators.rows", lambda: build(grid))


def _square_rows(grid: Grid) -> Rows:
    """:func:`_build_rows` of a square grid, from its edge layout (see
    :mod:`engine.maze.grids.square`) instead of classifying every edge: the same arrays."""
    w, h, n = grid.width, grid.height, grid.n
    cells = np.arange(n, dtype=np.int64)
    east = cells - np.repeat(np.arange(h, dtype=np.int64), w)  # c - row: the edge east of c
    east[w - 1 :: w] = -1
    below = n - w  # cells outside the top row, each with one north neighbour
    north_ptr = np.empty(n + 1, dtype=np.int64)
    north_ptr[: below + 1] = np.arange(below + 1)
    north_ptr[below + 1 :] = below
    return Rows(
        cells,
        cells,
        np.arange(0, n + 1, w, dtype=np.int64),
        east,
        north_ptr,
        np.arange(w, n, dtype=np.int64),
        np.arange(h * (w - 1), h * (w - 1) + below, dtype=np.int64),
        True,
        True,
        True,
    )


def _sorted_order(major: np.ndarray, minor: np.ndarray, span: int) -> np.ndarray | None:
    """The stable order sorting by ``(major, minor)`` (``0 <= minor < span``), or ``None``
    when the entries are already in that order (the common case: no sort at all)."""
    key = major.astype(np.int64) * span + minor
    if key.shape[0] < 2 or bool(np.all(key[1:] >= key[:-1])):
        return None
    return np.argsort(key, kind="stable")


def _build_rows(grid: Grid) -> Rows:
    row = grid.row
    col = grid.col
    if not grid.plain:
        raise ValueError(f"the {'masked' if grid.masked else 'stacked'} {grid.kind} grid has no full rows")
    if grid.n == 0 or row.min() < 0 or col.min() < 0:
        raise ValueError(f"the {grid.kind} grid has no rows")
    n = grid.n
    span = int(col.max()) + 1
    order = _sorted_order(row, col, span)
    ident = order is None  # cells already numbered by (row, column): positions are cell ids
    cells = np.arange(n, dtype=np.int64) if order is None else order.astype(np.int64)
    if ident:
        pos = cells
    else:
        pos = np.empty(n, dtype=np.int64)
        pos[cells] = np.arange(n)
    rs = row[cells] if not ident else row
    starts = np.flatnonzero(np.concatenate(([True], rs[1:] != rs[:-1])))
    row_ptr = np.concatenate((starts, [n])).astype(np.int64)
    nrows = len(starts)
    # Rows must be numbered 0..R-1 without gaps.
    consecutive = bool(np.array_equal(rs[starts], np.arange(nrows)))

    # Classify each edge once (not each CSR entry twice): east pairs join columns c, c + 1
    # of one row; north pairs join rows r, r + 1.  Either end may be the smaller id.
    ea = grid.edges[:, 0]
    eb = grid.edges[:, 1]
    ra, rb = row[ea], row[eb]
    ca, cb = col[ea], col[eb]
    same = ra == rb
    ab = same & (cb == ca + 1)  # a is west of b
    ba = same & (ca == cb + 1)
    east_src = np.concatenate((ea[ab], eb[ba]))
    east_dst = np.concatenate((eb[ab], ea[ba]))
    ep = east_src if ident else pos[east_src]
    east = np.full(n, -1, dtype=np.int64)
    east[ep] = np.concatenate((np.flatnonzero(ab), np.flatnonzero(ba)))
    # Contiguous rows: the cell at each position (except row ends) has an east
    # edge to exactly the next position.
    row_end = np.zeros(n, dtype=bool)
    row_end[row_ptr[1:] - 1] = True
    nxt_ok = np.zeros(n, dtype=bool)
    nxt_ok[ep] = (east_dst if ident else pos[east_dst]) == ep + 1
    contiguous = consecutive and bool(np.all(nxt_ok | row_end)) and bool(np.all(east[row_end] == -1))

    up_ab = rb == ra + 1  # b is in the row above a
    up_ba = ra == rb + 1
    north_src = np.concatenate((ea[up_ab], eb[up_ba]))
    np_src = north_src if ident else pos[north_src]
    north_cell = np.concatenate((eb[up_ab], ea[up_ba])).astype(np.int64)
    north_edge = np.concatenate((np.flatnonzero(up_ab), np.flatnonzero(up_ba))).astype(np.int64)
    by_pos = _sorted_order(np_src, col[north_cell], span)  # by position, then by column
    if by_pos is not None:
        np_src = np_src[by_pos]
        north_cell = north_cell[by_pos]
        north_edge = north_edge[by_pos]
    counts = np.bincount(np_src, minlength=n)
    north_ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(counts, out=north_ptr[1:])
    top = row_ptr[-2] if nrows else 0
    all_north = bool(np.all(counts[:top] > 0))
    south_counts = np.bincount(north_cell, minlength=n)
    single_south = bool(np.all(south_counts <= 1))
    return Rows(cells, pos, row_ptr, east, north_ptr, north_cell, north_edge, contiguous, all_north, single_south)


def visit_in_hops(um: bytearray, c: int, h: Hops) -> None:
    """Mark ``c`` visited in its neighbours' slot masks (the hot loops call ``h.visit[c]`` themselves)."""
    h.visit[c](um, c)


def visit_in_square_masks(um: bytearray, c: int, sq: SquareTables) -> None:
    """Mark ``c`` visited in its four neighbours' direction masks (the hot loops inline the same)."""
    for off, q in zip(sq.offset, sq.clear, strict=True):
        um[c + off] &= q
