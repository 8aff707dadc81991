"""Helpers shared by the generators: random chunks, step records, row structure.

Every generator is written once as a *core* function taking ``rec``: ``None`` in
the fast form, a list in the step form.  The core appends :data:`GeneratorStep` tuples to
``rec`` only behind one ``if rec is not None`` test, so the fast form pays one
comparison per carved passage and nothing else; the step form runs the very same
core and replays the record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

# The walkers' tables live in visits; these names stay importable from here.
from engine.maze.generators.visits import (  # noqa: F401
    Hops,
    _build_hops,
    _by_pattern,
    _hex_hops,
    _mix,
    _other_ends,
    _square_hops,
    _square_masks,
    _unique_rows,
    hops,
    spread,
)
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


def checked_rows(grid: Grid, name: str) -> Rows:
    """``rows_of(grid)``, or ValueError naming generator ``name`` when its rows are not chains of east neighbours
    with a row above."""
    rows = rows_of(grid)
    if not (rows.contiguous and rows.all_north):
        raise ValueError(f"{name} needs a grid whose rows are chains of east neighbours with a row above")
    return rows
