"""Optimal solver: exact tables for tiny boards, depth-first batched IDA* with additive PDBs up to 16 cells.

Boards of at most 9 cells (3x3 and smaller) are answered from the exact
distance table (:func:`engine.puzzle.pdb.exact_table`) by walking downhill.

Boards of 10..16 cells (4x4, 3x4, 2x5, ...) use iterative deepening A* whose
depth-first search moves whole *batches* of positions as numpy arrays.  A
position is a few ``uint64`` words:

* ``board``: 4 bits per cell, the *slot* of the tile there (slots number the
  tiles group by group of the first partition, the blank is slot ``n-1``);
* one *position word* per view: 4 bits per slot, the cell of that tile, so a
  pattern database index is ``(word >> 4*first_slot) & mask``.  A view is one
  partition read straight or, on square boards, on the transposed board (the
  goal is its own transpose); the heuristic is the largest of the views' sums
  (4x4: three 6-6-3 partitions, six views).  Only the first two partitions'
  views are used until one bound's search has held more than
  :data:`LIGHT_NODES` positions; later bounds use them all (the third
  partition cuts the hardest positions' work, but costs more per position).

For a bound ``T`` (the heuristic of the start, then the least ``f`` that went
over), the search keeps one array of positions per depth.  It takes up to
:data:`BATCH` positions of the deepest array, makes every blank move at once
(never undoing the previous move), updates each view's sum from the one
group that changed, drops children with ``g + h > T`` (view by view: later
views only see survivors), removes duplicates inside the batch, sorts the
children by ``h`` (most promising first) and pushes them as the next depth.
An exhausted array is popped.  Memory is bounded by depth x about three
batches, not by the width of a layer; the goal (``h = 0``) is read back
through each kept child's parent index and move.  The heuristic is admissible
and every child with ``f <= T`` is searched, so the first bound that reaches
the goal gives a shortest solution; the search stops as soon as it is met.

Cancellable (``cancel()`` polled between batches) and bounded in time and in
positions held (memory).
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
from engine.puzzle.result import CancelFn, ProgressFn, SolveResult, SolverStopped

MAX_CELLS = 16
MOVE_LETTERS = "UDLR"
_INVERSE = np.array([1, 0, 3, 2, 4], dtype=np.int8)  # index 4 = "no previous move"
BATCH = 1 << 16
DEFAULT_MAX_LAYER = 10_000_000
LIGHT_NODES = 2_000_000
"""A bound whose search held more positions than this switches the search to every view (see ``_search``)."""
_LAYOUTS: dict[tuple, _Layout] = {}


def can_solve_optimally(width: int, height: int) -> bool:
    """True when this board size has an optimal solver (at most 16 cells)."""
    return width * height <= MAX_CELLS


def _table_solve(board: Board, start: float) -> SolveResult:
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
        else:  # pragma: no cover - the table is exact
            raise RuntimeError("distance table is inconsistent")
    del n
    return SolveResult("table", "".join(moves), nodes, time.perf_counter() - start, True)


Partition = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class _View:
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
class _Layout:
    width: int
    height: int
    n: int
    slot_of_tile: tuple[int, ...]  # tile -> search slot (tile 0 -> n-1)
    views: tuple[_View, ...]
    table: np.ndarray  # every group's table, concatenated (uint8)


def _transpose_cells(width: int, height: int) -> list[int]:
    return [(c % width) * width + c // width for c in range(width * height)]


def _layout(
    width: int,
    height: int,
    progress: ProgressFn | None,
    cancel: CancelFn | None,
    partition: Partition,
    extra: Sequence[Partition] = (),
) -> _Layout:
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
        for mirrored in ((False, True) if width == height else (False,)):
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
            views.append(_View(slot_of, cell_of, shift, mask, offset, group, tuple(groups), tuple(vslot)))
        gi += len(parts)
    lay = _Layout(width, height, n, tuple(slot_of_tile), tuple(views), table)
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
        _layout(width, height, progress, cancel, main, extra)
    return cache_messages()


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
    return all(is_cached(pattern_name(width, height, g))
               for parts in partitions_for(width, height, partition, partitions) for g in parts)


def _encode(lay: _Layout, tiles: tuple[int, ...]) -> tuple[int, list[int]]:
    """The board word and each view's position word (see the module docstring)."""
    board = 0
    words = [0] * len(lay.views)
    for cell, t in enumerate(tiles):
        s = lay.slot_of_tile[t]
        board |= s << (4 * cell)
        for v, view in enumerate(lay.views):
            words[v] |= int(view.cell_of[cell]) << (4 * int(view.slot_of[s]))
    return board, words


def _group_values(lay: _Layout, view: _View, word: int) -> list[int]:
    out = []
    for first, k in view.groups:
        sl = first
        out.append(int(lay.table[int(view.offset[sl]) + ((word >> (4 * first)) & (16**k - 1))]))
    return out


class _Level:
    """The nodes of one depth kept by the search: board word, each view's word and sum, last move, parent."""

    __slots__ = ("board", "words", "sums", "move", "parent", "next", "size")

    def __init__(self, board: np.ndarray, words: list[np.ndarray], sums: list[np.ndarray],
                 move: np.ndarray, parent: np.ndarray) -> None:
        self.board = board
        self.words = words
        self.sums = sums
        self.move = move
        self.parent = parent
        self.next = 0
        self.size = int(board.size)

    def take(self, idx: np.ndarray) -> _Level:
        """The nodes at ``idx``."""
        return _Level(self.board.take(idx), [w.take(idx) for w in self.words], [s.take(idx) for s in self.sums],
                      self.move.take(idx), self.parent.take(idx))

    @staticmethod
    def join(parts: list[_Level]) -> _Level:
        """The nodes of ``parts`` one after the other."""
        if len(parts) == 1:
            return parts[0]
        nv = len(parts[0].words)
        return _Level(np.concatenate([p.board for p in parts]),
                      [np.concatenate([p.words[v] for p in parts]) for v in range(nv)],
                      [np.concatenate([p.sums[v] for p in parts]) for v in range(nv)],
                      np.concatenate([p.move for p in parts]), np.concatenate([p.parent for p in parts]))


class _Expander:
    """Children of a batch of nodes: every blank move but the undo, heuristics updated incrementally.

    A move changes one tile's cell, so in each view only that tile's group
    changes: its new value is one table read, its old value another (at the
    parent's word), and the view's sum moves by the difference.  Views are
    evaluated one after the other and a child is dropped as soon as one view
    puts it over the bound, so the later views only see the survivors.

    Everything that depends only on the direction, the blank's cell ``b`` and
    the moved tile's search slot ``s`` is looked up from tables keyed by
    ``16 * b + s`` (built once): the xor that turns the parent's word into the
    child's in each view, the xor that turns the old table index into the new
    one, and the xor that updates the board word; so a view costs one gather
    of the parent's word, two small-table gathers and two table reads per child.
    """

    def __init__(self, lay: _Layout, nviews: int | None = None) -> None:
        self.lay = lay
        self.nviews = len(lay.views) if nviews is None else nviews  # the views used: the first ``nviews``
        n = lay.n
        nbr = neighbour_table(lay.width, lay.height)
        self.sb = np.uint64(4 * (n - 1))
        # allowed[d][blank * 5 + last move]: the blank can go d, and d does not undo the last move (4 = none)
        self.allowed = np.zeros((4, 16 * 5), dtype=bool)
        self.dest4 = np.zeros((4, 16), dtype=np.uint64)  # 4 x the cell the blank goes to
        for d in range(4):
            for b in range(n):
                q = int(nbr[d][b])
                if q >= 0:
                    self.dest4[d, b] = 4 * q
                    for last in range(5):
                        self.allowed[d, b * 5 + last] = last == 4 or _INVERSE[last] != d
        # by direction and key 16 * blank + slot: the board word's xor
        self.bdelta = np.zeros((4, 256), dtype=np.uint64)
        for d in range(4):
            for b in range(n):
                q = int(nbr[d][b])
                if q < 0:
                    continue
                for s in range(n - 1):
                    x = s ^ (n - 1)
                    self.bdelta[d, 16 * b + s] = (x << (4 * q)) ^ (x << (4 * b))
        # per view: by slot, the moved tile's group's index shift, mask and table offset; by direction and key,
        # the xor of the view's word (tile and blank nibbles) and of the group's table index
        self.gshift, self.gmask, self.goff, self.wdelta, self.idelta = [], [], [], [], []
        for view in lay.views[: self.nviews]:
            vs = view.slot_of.astype(np.int64)
            self.gshift.append(view.shift[vs])
            self.gmask.append(view.mask[vs])
            self.goff.append(view.offset[vs])
            wd = np.zeros((4, 256), dtype=np.uint64)
            idl = np.zeros((4, 256), dtype=np.int64)
            for d in range(4):
                for b in range(n):
                    q = int(nbr[d][b])
                    if q < 0:
                        continue
                    cx = int(view.cell_of[b]) ^ int(view.cell_of[q])
                    for s in range(n - 1):
                        vslot = int(vs[s])
                        wd[d, 16 * b + s] = (cx << (4 * vslot)) ^ (cx << (4 * (n - 1)))
                        idl[d, 16 * b + s] = cx << (4 * vslot - int(view.shift[vslot]))
            self.wdelta.append(wd)
            self.idelta.append(idl)

    def expand(self, lv: _Level, lo: int, hi: int, g1: int, bound: int) -> tuple[list[_Level], int]:
        """Children (depth ``g1``) of nodes ``lo..hi`` of ``lv`` with ``g1 + h <= bound``, and the least ``f`` cut."""
        table = self.lay.table
        nviews = self.nviews
        F = np.uint64(15)
        B = lv.board[lo:hi]
        W = [w[lo:hi] for w in lv.words]
        S = [sm[lo:hi] for sm in lv.sums]
        blank = ((W[0] >> self.sb) & F).view(np.int64)  # view 0 is the partition itself: its slots are the search's
        key = blank * 5 + lv.move[lo:hi]
        out = []
        least = 1 << 30
        limit = bound - g1
        for d in range(4):
            idx = np.flatnonzero(self.allowed[d].take(key))
            if idx.size == 0:
                continue
            bl = blank.take(idx)
            s = ((B.take(idx) >> self.dest4[d].take(bl)) & F).view(np.int64)
            k2 = (bl << 4) | s
            kept: list[tuple[np.ndarray, np.ndarray, int]] = []  # (word, sum, cuts made before)
            cuts: list[np.ndarray] = []
            for v in range(nviews):
                pw = W[v].take(idx)
                w = pw ^ self.wdelta[v][d].take(k2)
                oi = ((pw >> self.gshift[v].take(s)) & self.gmask[v].take(s)).view(np.int64)
                of = self.goff[v].take(s)
                new = table.take(of + (oi ^ self.idelta[v][d].take(k2)))
                sm = S[v].take(idx) + new
                sm -= table.take(of + oi)
                kept.append((w, sm, len(cuts)))
                k = np.flatnonzero(sm <= limit)
                if k.size < sm.size:
                    # every view's sum has the parity of the Manhattan distance, so g + h has the parity
                    # of the bound: what goes over goes to bound + 2 exactly
                    least = bound + 2
                    cuts.append(k)
                    if k.size == 0:
                        idx = k
                        break
                    idx, s, k2 = idx.take(k), s.take(k), k2.take(k)
            if idx.size == 0:
                continue
            # bring the earlier views' words and sums down to the survivors: compose the later cuts
            after = [np.empty(0, np.int64)] * len(cuts)
            comp = None
            for t in range(len(cuts) - 1, -1, -1):
                comp = cuts[t] if comp is None else cuts[t].take(comp)
                after[t] = comp
            words = [w if c == len(cuts) else w.take(after[c]) for w, _, c in kept]
            sums = [sm if c == len(cuts) else sm.take(after[c]) for _, sm, c in kept]
            nb = B.take(idx) ^ self.bdelta[d].take(k2)
            out.append(_Level(nb, words, sums, np.full(idx.size, d, np.int8), (idx + lo).astype(np.int32)))
        return out, least


class _Dedup:
    """Drops most duplicate positions of a batch with one hash table (cheaper than sorting).

    Each position is hashed to a bucket and the buckets are written with the
    positions' indices (one wins per bucket); a position is dropped when its
    bucket's winner is another copy of the same board.  The winner is always
    kept, so every position keeps at least one copy; two copies that lost their
    bucket to a different board both stay (a missed duplicate only costs time).
    """

    BITS = 20
    _MULT = np.uint64(0x9E3779B97F4A7C15)

    def __init__(self) -> None:
        self.slots = np.zeros(1 << self.BITS, dtype=np.int64)
        self.shift = np.uint64(64 - self.BITS)

    def first(self, board: np.ndarray) -> np.ndarray:
        """Indices (ascending, int64) of the positions of ``board`` (``uint64`` words) kept."""
        h = ((board * self._MULT) >> self.shift).view(np.int64)
        order = np.arange(board.size, dtype=np.int64)
        self.slots[h] = order
        win = self.slots.take(h)
        return np.flatnonzero((win == order) | (board.take(win) != board))


def _search(
    board: Board,
    deadline: float | None,
    cancel: CancelFn | None,
    max_nodes: int,
    start_time: float,
    partition: Partition,
    extra: Sequence[Partition] = (),
    batch: int = BATCH,
) -> SolveResult:
    """Depth-first IDA* over batches (see the module docstring); tables already prepared."""
    lay = _layout(board.width, board.height, None, cancel, partition, extra)
    # easy positions search with the first two partitions' views; once one bound's search has held more than
    # LIGHT_NODES positions, every later bound uses all the views (exact either way: each bound's search is
    # complete under an admissible heuristic, and the bound only ever steps by 2)
    light = sum(2 if lay.width == lay.height else 1 for _ in (partition, *extra)[:2])
    full = _Expander(lay)
    exp = _Expander(lay, light) if light < len(lay.views) else full
    dedup = _Dedup()
    b0, w0 = _encode(lay, board.tiles)
    vals0 = [_group_values(lay, view, w) for view, w in zip(lay.views, w0, strict=True)]
    h0 = max(sum(v) for v in vals0)
    if h0 == 0:
        return SolveResult("optimal", "", 0, time.perf_counter() - start_time, True)
    root = _Level(np.array([b0], np.uint64), [np.array([w], np.uint64) for w in w0],
                  [np.array([sum(v)], np.uint8) for v in vals0], np.array([4], np.int8), np.array([-1], np.int32))
    parity = board.manhattan() % 2
    bound = h0 + ((h0 - parity) % 2)
    total_nodes = 0
    iterations = 0
    most_held = 1
    while True:
        iterations += 1
        start_nodes = total_nodes
        root.next = 0
        levels = [root if exp is full else _Level(root.board, root.words[: exp.nviews], root.sums[: exp.nviews],
                                                  root.move, root.parent)]
        least = 1 << 30
        stored = 1
        while levels:
            lv = levels[-1]
            if lv.next >= lv.size:
                levels.pop()
                stored -= lv.size
                continue
            if cancel and cancel():
                raise SolverStopped("cancelled", _stats(total_nodes, start_time, iterations))
            if deadline is not None and time.perf_counter() > deadline:
                raise SolverStopped("timeout", _stats(total_nodes, start_time, iterations))
            g1 = len(levels)
            parts: list[_Level] = []
            got = 0
            while lv.next < lv.size and got < batch:
                lo = lv.next
                hi = min(lo + batch, lv.size)
                lv.next = hi
                kids, lst = exp.expand(lv, lo, hi, g1, bound)
                least = min(least, lst)
                parts.extend(kids)
                got += sum(k.size for k in kids)
            if not got:
                continue
            child = _Level.join(parts)
            if child.size > 1:
                # duplicates inside the batch go; the most promising children (least h) are searched first
                first = dedup.first(child.board)
                h = child.sums[0].take(first)
                for sm in child.sums[1:]:
                    np.maximum(h, sm.take(first), out=h)
                child = child.take(first.take(np.argsort(h, kind="stable")))
            total_nodes += child.size
            hit = np.flatnonzero(child.sums[0] == 0)
            if hit.size:
                levels.append(child)
                moves = []
                i = int(hit[0])
                for lvl in reversed(levels[1:]):
                    moves.append(MOVE_LETTERS[int(lvl.move[i])])
                    i = int(lvl.parent[i])
                moves.reverse()
                res = SolveResult("optimal", "".join(moves), total_nodes, time.perf_counter() - start_time, True)
                res.iterations = iterations
                res.extra = {"first_bound": h0, "bound": bound, "most_held": most_held}
                return res
            levels.append(child)
            stored += child.size
            most_held = max(most_held, stored)
            if stored > max_nodes:
                raise SolverStopped("limit", _stats(total_nodes, start_time, iterations))
        if least >= 1 << 30:  # pragma: no cover - unsolvable positions are rejected earlier
            raise ValueError("This position is unsolvable.")
        if total_nodes - start_nodes > LIGHT_NODES:
            exp = full
        bound = least + ((least - parity) % 2)


def _stats(nodes: int, start: float, iterations: int) -> SolveResult:
    r = SolveResult("optimal", "", nodes, time.perf_counter() - start, False)
    r.iterations = iterations
    return r


def solve_optimal(
    board: Board,
    *,
    timeout: float | None = None,
    cancel: CancelFn | None = None,
    progress: ProgressFn | None = None,
    max_layer: int = DEFAULT_MAX_LAYER,
    partition: Sequence[Sequence[int]] | None = None,
    partitions: Sequence[Sequence[Sequence[int]]] | None = None,
) -> SolveResult:
    """A shortest solution of ``board`` (at most 16 cells).

    Args:
        timeout: seconds of search allowed (``None``: unlimited); the tables
            are built or loaded first and their time is not counted.
        cancel: polled between chunks of work; returning True stops the search.
        progress: receives database build progress ``(fraction, message)``.
        max_layer: most positions held at once (memory: about 50 bytes each
            on 4x4, 70 once the search uses every view); the search holds at most about ``3 * BATCH`` per depth.
        partition: tile groups for one pattern-database sum (default: the
            size's :func:`engine.puzzle.pdb.default_partitions`, maxed;
            smaller groups build faster and search slower).
        partitions: several partitions whose sums are maxed (overrides ``partition``).

    Returns:
        A :class:`SolveResult` with ``optimal=True``; ``extra["messages"]``
        lists cache problems to show (see :func:`prepare`), if any.

    Raises:
        ValueError: board over 16 cells or unsolvable.
        SolverStopped: ``"timeout"``, ``"cancelled"`` or ``"limit"`` (more than ``max_layer`` positions held).
        BuildCancelled: cancelled while building tables.
    """
    if not can_solve_optimally(board.width, board.height):
        raise ValueError(
            f"The optimal solver handles boards of at most {MAX_CELLS} cells; {board.width}x{board.height} is larger."
        )
    if not board.is_solvable():
        raise ValueError("This position is unsolvable.")
    parts = partitions_for(board.width, board.height, partition, partitions) if board.size > MAX_EXACT_CELLS else ()
    messages = prepare(board.width, board.height, progress=progress, cancel=cancel, partition=partition,
                       partitions=partitions)
    start = time.perf_counter()
    if board.size <= MAX_EXACT_CELLS:
        res = _table_solve(board, start)
    else:
        deadline = None if timeout is None else start + timeout
        res = _search(board, deadline, cancel, max_layer, start, parts[0], parts[1:])
    if messages:
        res.extra["messages"] = messages
    return res
