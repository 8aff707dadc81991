"""The optimal solver's tables: exact tables for tiny boards, pattern-database layouts for the search.

Boards of at most 9 cells (3x3 and smaller) are answered from the exact
distance table (:func:`engine.puzzle.pdb.exact_table`) by walking downhill
(:func:`solve_from_table`).

Boards of 10..16 cells are searched by :mod:`engine.puzzle.optimal` over
positions of a few ``uint64`` words:

* ``board``: 4 bits per cell, the *slot* of the tile there (slots number the
  tiles group by group of the first partition, the blank is slot ``n-1``);
* one *position word* per view: 4 bits per slot, the cell of that tile, so a
  pattern database index is ``(word >> 4*first_slot) & mask``.  A view is one
  partition read straight or, on square boards, on the transposed board (the
  goal is its own transpose); the heuristic is the largest of the views' sums
  (4x4: three 6-6-3 partitions, six views).

This module picks the partitions (:func:`partitions_for`), builds or loads
their tables with progress and cancel (:func:`prepare`, :func:`tables_ready`)
and lays their lookups out for the search (:class:`Layout`, :func:`load_layout`,
:func:`encode_position`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.puzzle.board import Board
from engine.puzzle.pdb import (
    MAX_EXACT_CELLS,
    cache_messages,
    default_partition,
    default_partitions,
    exact_name,
    exact_table,
    is_cached,
    neighbour_table,
    pattern_name,
    pattern_table,
    rank_permutations,
)
from engine.puzzle.result import CancelFn, ProgressFn, SolveResult

MAX_CELLS = 16
MOVE_LETTERS = "UDLR"
_LAYOUTS: dict[tuple[object, ...], Layout] = {}


def can_solve_optimally(width: int, height: int) -> bool:
    """True when this board size has an optimal solver (at most 16 cells)."""
    return width * height <= MAX_CELLS


def solve_from_table(board: Board, start: float) -> SolveResult:
    w, h, n = board.width, board.height, board.size
    table = exact_table(w, h)
    tiles = np.array([board.tiles], dtype=np.int8)
    d = int(table[rank_permutations(tiles)[0]])
    if d == 255:
        raise ValueError("This position is unsolvable.")
    moves = []
    cur = list(board.tiles)
    b = cur.index(0)
    nbr = neighbour_table(w, h)
    nodes = 0
    while d > 0:
        cands = []
        for mi in range(4):
            q = int(nbr[mi][b])
            if q < 0:
                continue
            nxt = cur.copy()
            nxt[b], nxt[q] = nxt[q], 0
            cands.append((mi, q, nxt))
        ranks = rank_permutations(np.array([c[2] for c in cands], dtype=np.int8))
        nodes += len(cands)
        for (mi, q, nxt), r in zip(cands, ranks, strict=True):
            if int(table[r]) == d - 1:
                moves.append(MOVE_LETTERS[mi])
                cur, b, d = nxt, q, d - 1
                break
        else:  # never with a verified table (pdb rebuilds any table whose digest or checks fail)
            raise ValueError("The puzzle distance table is inconsistent; delete the puzzle table cache to rebuild it.")
    del n
    return SolveResult("table", "".join(moves), nodes, time.perf_counter() - start, True)


Partition = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class View:
    """One additive lookup: a partition's tables read either straight or on the transposed board.

    ``slot_of`` maps a slot of the search's own numbering (see the module
    docstring) to this view's slot, ``cell_of`` a cell to this view's cell
    (identity or transpose); the per-slot arrays give, for the tile in a slot,
    its group: shift of the group's bits in the view's position word, index
    mask, offset of its table in the concatenated tables, and group number.
    """

    slot_of: np.ndarray  # (16,) uint64
    cell_of: np.ndarray  # (16,) uint64
    shift: np.ndarray  # (16,) uint64, by this view's slot
    mask: np.ndarray  # (16,) uint64
    offset: np.ndarray  # (16,) int64
    group: np.ndarray  # (16,) int64
    groups: tuple[tuple[int, int], ...]  # (first slot, tile count) in this view's numbering
    view_slot_of_tile: tuple[int, ...]


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    n: int
    slot_of_tile: tuple[int, ...]  # tile -> search slot (tile 0 -> n-1)
    views: tuple[View, ...]
    table: np.ndarray  # every group's table, concatenated (uint8)


def _transpose_cells(width: int, height: int) -> list[int]:
    return [(c % width) * width + c // width for c in range(width * height)]


def load_layout(
    width: int,
    height: int,
    progress: ProgressFn | None,
    cancel: CancelFn | None,
    partition: Partition,
    extra: Sequence[Partition] = (),
) -> Layout:
    """Load or build the tables of ``partition`` (and ``extra`` partitions) and lay out their lookups.

    Square boards also read every partition on the transposed board (the goal
    is its own transpose), and the search takes the largest of all the sums.
    """
    n = width * height
    parts_list = [partition, *extra]
    all_groups = [g for parts in parts_list for g in parts]
    tables = []
    for i, grp in enumerate(all_groups):

        def sub(frac: float, msg: str, i: int = i) -> None:
            if progress:
                progress((i + frac) / len(all_groups), msg)

        tables.append(pattern_table(width, height, grp, progress=sub, cancel=cancel))
    key = (width, height, partition, tuple(extra), tuple(id(t) for t in tables))
    cached = _LAYOUTS.get(key)
    if cached is not None:
        return cached
    _LAYOUTS.clear()  # one layout at a time: the concatenated tables are tens of MB
    offsets = np.cumsum([0] + [t.size for t in tables])
    table = np.concatenate(tables)
    slot_of_tile = _slots(partition, n)
    tile_of_slot = [0] * n
    for t, sl in enumerate(slot_of_tile):
        tile_of_slot[sl] = t
    transpose = _transpose_cells(width, height)
    views = []
    gi = 0
    for parts in parts_list:
        vslot = _slots(parts, n)
        groups = []
        first = 0
        for g in parts:
            groups.append((first, len(g)))
            first += len(g)
        for mirrored in (False, True) if width == height else (False,):
            slot_of = np.arange(16, dtype=np.uint64)
            cell_of = np.arange(16, dtype=np.uint64)
            shift = np.zeros(16, np.uint64)
            mask = np.zeros(16, np.uint64)
            offset = np.zeros(16, np.int64)
            group = np.full(16, -1, np.int64)
            for c in range(n):
                cell_of[c] = transpose[c] if mirrored else c
            for sl in range(n):
                t = tile_of_slot[sl]
                if mirrored and t:
                    t = transpose[t - 1] + 1  # the tile whose home is the transposed home
                slot_of[sl] = vslot[t]
            for j, (first, k) in enumerate(groups):
                for sl in range(first, first + k):
                    shift[sl] = 4 * first
                    mask[sl] = 16**k - 1
                    offset[sl] = offsets[gi + j]
                    group[sl] = j
            views.append(View(slot_of, cell_of, shift, mask, offset, group, tuple(groups), tuple(vslot)))
        gi += len(parts)
    lay = Layout(width, height, n, tuple(slot_of_tile), tuple(views), table)
    _LAYOUTS[key] = lay
    return lay


def _slots(parts: Partition, n: int) -> list[int]:
    """Tile -> slot: the tiles numbered group by group, the blank last."""
    slot_of_tile = [0] * n
    slot = 0
    for grp in parts:
        for t in grp:
            slot_of_tile[t] = slot
            slot += 1
    slot_of_tile[0] = n - 1
    return slot_of_tile


def check_partition(width: int, height: int, partition: Sequence[Sequence[int]] | None) -> Partition:
    """The partition to use: ``partition`` validated, or the default one for the size.

    Raises:
        ValueError: groups that are not a partition of ``1..n-1`` into groups of 1..6 tiles.
    """
    if partition is None:
        return default_partition(width, height)
    parts = tuple(tuple(int(t) for t in g) for g in partition)
    n = width * height
    flat = sorted(t for g in parts for t in g)
    if flat != list(range(1, n)) or any(not 1 <= len(g) <= 6 for g in parts):
        raise ValueError(f"The partition must split tiles 1..{n - 1} into groups of 1 to 6 tiles.")
    return parts


def partitions_for(
    width: int,
    height: int,
    partition: Sequence[Sequence[int]] | None = None,
    partitions: Sequence[Sequence[Sequence[int]]] | None = None,
) -> tuple[Partition, ...]:
    """The partitions whose sums the search maxes: ``partitions``, else ``partition`` alone, else the defaults.

    Raises:
        ValueError: a bad partition (see :func:`check_partition`) or an empty ``partitions``.
    """
    if partitions is not None:
        if not partitions:
            raise ValueError("Give at least one partition.")
        return tuple(check_partition(width, height, p) for p in partitions)
    if partition is not None:
        return (check_partition(width, height, partition),)
    return default_partitions(width, height)


def prepare(
    width: int,
    height: int,
    *,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    partition: Sequence[Sequence[int]] | None = None,
    partitions: Sequence[Sequence[Sequence[int]]] | None = None,
) -> list[str]:
    """Build or load the tables the optimal solver needs for this size.

    4x4 from an empty cache: six 6-tile and three 3-tile tables, about 15 s of
    CPU and 100 MB; then a fraction of a second from the cache.

    Returns:
        Sentences about cache problems met so far (unusable folder, a table
        rebuilt because it was wrong), for the caller to show; usually empty.

    Raises:
        ValueError: board over 16 cells, bad partition.
        BuildCancelled: cancelled during a build.
    """
    if width * height > MAX_CELLS:
        raise ValueError(f"The optimal solver handles boards of at most {MAX_CELLS} cells.")
    if width * height <= MAX_EXACT_CELLS:
        exact_table(width, height, progress=progress, cancel=cancel)
    else:
        main, *extra = partitions_for(width, height, partition, partitions)
        load_layout(width, height, progress, cancel, main, extra)
    return cache_messages()


def table_names(
    width: int,
    height: int,
    partition: Sequence[Sequence[int]] | None = None,
    partitions: Sequence[Sequence[Sequence[int]]] | None = None,
) -> list[str]:
    """The file names of the tables an optimal answer for this size rests on (:func:`engine.puzzle.pdb.verified`)."""
    if width * height <= MAX_EXACT_CELLS:
        return [exact_name(width, height)]
    return [
        pattern_name(width, height, tuple(g)) for p in partitions_for(width, height, partition, partitions) for g in p
    ]


def tables_ready(
    width: int,
    height: int,
    partition: Sequence[Sequence[int]] | None = None,
    partitions: Sequence[Sequence[Sequence[int]]] | None = None,
) -> bool:
    """True when the tables for this size are in memory or in the cache (no long build needed)."""
    if width * height > MAX_CELLS:
        return False
    if width * height <= MAX_EXACT_CELLS:
        return is_cached(exact_name(width, height))
    return all(
        is_cached(pattern_name(width, height, g))
        for parts in partitions_for(width, height, partition, partitions)
        for g in parts
    )


def encode_position(lay: Layout, tiles: tuple[int, ...]) -> tuple[int, list[int]]:
    """The board word and each view's position word (see the module docstring)."""
    board = 0
    words = [0] * len(lay.views)
    for cell, t in enumerate(tiles):
        s = lay.slot_of_tile[t]
        board |= s << (4 * cell)
        for v, view in enumerate(lay.views):
            words[v] |= int(view.cell_of[cell]) << (4 * int(view.slot_of[s]))
    return board, words


def group_values(lay: Layout, view: View, word: int) -> list[int]:
    out = []
    for first, k in view.groups:
        sl = first
        out.append(int(lay.table[int(view.offset[sl]) + ((word >> (4 * first)) & (16**k - 1))]))
    return out
