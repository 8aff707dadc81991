"""Helpers shared by the generators: random chunks, step records, row structure.

Every generator is written once as a *core* function taking ``rec``: ``None`` in
the fast form, a list in the step form.  The core appends :data:`Step` tuples to
``rec`` only behind one ``if rec is not None`` test, so the fast form pays one
comparison per carved passage and nothing else; the step form runs the very same
core and replays the record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from engine.grids.base import Grid
from engine.rng import Rng

Step = tuple[str, int]
"""``("open", edge)``, ``("close", edge)``, ``("visit", cell)`` or ``("current", cell)``."""

Record = list[Step] | None

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
    return (rng.u64_array(k) >> _SHIFT32).tolist()


def u32_array(rng: Rng, k: int) -> np.ndarray:
    """``k`` random 32-bit integers as ``uint64`` (high halves of raw words)."""
    return rng.u64_array(k) >> _SHIFT32


def pick(r32: np.ndarray, m: np.ndarray) -> np.ndarray:
    """Vectorised multiply-shift: index in ``0..m-1`` from 32-bit ``r32`` (``m`` >= 1), ``int64``."""
    return ((r32 * m.astype(np.uint64)) >> _SHIFT32).astype(np.int64)


def to_passage(p: bytearray) -> np.ndarray:
    """A ``bytearray`` of 0/1 flags as a fresh ``(E,)`` bool array."""
    return np.frombuffer(bytes(p), dtype=np.uint8).astype(bool)


def replay(rec: list[Step]) -> Iterator[Step]:
    """Iterate over a recorded step list."""
    return iter(rec)


Core = Callable[[Grid, Rng, Record], np.ndarray]
"""A generator core without options: ``(grid, rng, rec) -> (E,) bool`` passages."""


def make_forms(
    title: str, core: Core, note: str = ""
) -> tuple[Callable[[Grid, Rng, dict[str, str]], np.ndarray], Callable[[Grid, Rng, dict[str, str]], Iterator[Step]]]:
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

    def steps(grid: Grid, rng: Rng, options: dict[str, str]) -> Iterator[Step]:
        rec: list[Step] = []
        core(grid, rng, rec)
        return replay(rec)

    base = core.__name__.removesuffix("_core")
    run.__name__ = run.__qualname__ = f"run_{base}"
    steps.__name__ = steps.__qualname__ = f"steps_{base}"
    run.__doc__ = f"Fast form of {title} (no options)."
    steps.__doc__ = f"Step form of {title} (no options){note}."
    return run, steps


def parse_no_options(name: str, options: dict[str, str]) -> None:
    """Reject any option for a generator that has none.

    Raises:
        ValueError: if ``options`` is not empty.
    """
    if options:
        raise ValueError(f"{name} takes no options, got {', '.join(sorted(options))}")


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
    got = grid._cache.get("generators.rows")
    if got is not None:
        return got
    row = grid.row.astype(np.int64)
    col = grid.col.astype(np.int64)
    if grid.n == 0 or row.min() < 0 or col.min() < 0:
        raise ValueError(f"the {grid.kind} grid has no rows")
    n = grid.n
    cells = np.lexsort((col, row)).astype(np.int64)
    pos = np.empty(n, dtype=np.int64)
    pos[cells] = np.arange(n)
    rs = row[cells]
    starts = np.flatnonzero(np.concatenate(([True], rs[1:] != rs[:-1])))
    row_ptr = np.concatenate((starts, [n])).astype(np.int64)
    nrows = len(starts)
    # Rows must be numbered 0..R-1 without gaps.
    consecutive = bool(np.array_equal(rs[starts], np.arange(nrows)))

    deg = np.diff(grid.indptr).astype(np.int64)
    src = np.repeat(np.arange(n, dtype=np.int64), deg)
    dst = grid.nbr.astype(np.int64)
    eid = grid.edge_id.astype(np.int64)
    same = row[dst] == row[src]
    is_east = same & (col[dst] == col[src] + 1)
    east = np.full(n, -1, dtype=np.int64)
    east[pos[src[is_east]]] = eid[is_east]
    # Contiguous rows: the cell at each position (except row ends) has an east
    # edge to exactly the next position.
    row_end = np.zeros(n, dtype=bool)
    row_end[row_ptr[1:] - 1] = True
    nxt_ok = np.zeros(n, dtype=bool)
    ep = pos[src[is_east]]
    nxt_ok[ep] = pos[dst[is_east]] == ep + 1
    contiguous = consecutive and bool(np.all(nxt_ok | row_end)) and bool(np.all(east[row_end] == -1))

    is_north = row[dst] == row[src] + 1
    np_src = pos[src[is_north]]
    order = np.lexsort((col[dst[is_north]], np_src))
    north_cell = dst[is_north][order]
    north_edge = eid[is_north][order]
    counts = np.bincount(np_src, minlength=n)
    north_ptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(counts, out=north_ptr[1:])
    top = row_ptr[-2] if nrows else 0
    all_north = bool(np.all(counts[:top] > 0))
    south_counts = np.bincount(north_cell, minlength=n)
    single_south = bool(np.all(south_counts <= 1))
    got = Rows(cells, pos, row_ptr, east, north_ptr, north_cell, north_edge, contiguous, all_north, single_south)
    grid._cache["generators.rows"] = got
    return got
