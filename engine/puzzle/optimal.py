"""Optimal solver: exact tables for tiny boards, depth-first batched IDA* with additive PDBs up to 16 cells.

Boards of at most 9 cells (3x3 and smaller) are answered from the exact
distance table (:func:`engine.puzzle.tables.pdb.exact_table`) by walking downhill.

Boards of 10..16 cells (4x4, 3x4, 2x5, ...) use iterative deepening A* whose
depth-first search moves whole *batches* of positions as numpy arrays.  A
position is a few ``uint64`` words:

* ``board``: 4 bits per cell, the *slot* of the tile there (slots number the
  tiles group by group of the first partition, the blank is slot ``n-1``);
* one *position word* per view: 4 bits per slot, the cell of that tile, so a
  pattern database index is ``(word >> 4*first_slot) & mask``.  A view is one
  partition read straight or, on square boards, on the transposed board (the
  goal is its own transpose); the heuristic is the largest of the views' sums
  (4x4: three 6-6-3 partitions, six views).  A child is dropped at the first
  view that puts it over the bound, so the views are read in the order that
  cuts most first.  On 4x4 four of the six views (:data:`LIGHT_VIEWS_4X4`)
  are read until one bound's search has held more than :data:`LIGHT_NODES`
  positions; later bounds read all six (:data:`FULL_VIEWS_4X4`).  Other
  partitions read the first two partitions' views, then all.

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

Positions whose distance is already known (``known``: the distance meter's) are read instead of searched: a
child ``g`` moves deep at known distance ``k`` is dropped when ``g + k`` is over the bound, and ends the search
when it is not (a solution of ``g + k`` moves through it: the moves returned stop there).

Cancellable (``cancel()`` polled between batches) and bounded in time and in
positions held (memory).  The tables, their layout and the exact-table walk are
in :mod:`engine.puzzle.tables.optimal_tables` (its public names are importable from here too).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from engine.puzzle.board import Board
from engine.puzzle.result import CancelFn, ProgressFn, SolveResult, SolverStopped
from engine.puzzle.tables.optimal_tables import (
    MAX_CELLS,
    MOVE_LETTERS,
    Layout,
    Partition,
    can_solve_optimally,
    check_partition,
    encode_position,
    group_values,
    load_layout,
    partitions_for,
    prepare,
    solve_from_table,
    table_names,
    tables_ready,
)
from engine.puzzle.tables.pdb import FOUR_BY_FOUR, MAX_EXACT_CELLS, neighbour_table, verified

__all__ = [
    "BATCH",
    "DEFAULT_MAX_LAYER",
    "LIGHT_NODES",
    "MAX_CELLS",
    "MOVE_LETTERS",
    "Partition",
    "can_solve_optimally",
    "check_partition",
    "lower_bounds",
    "partitions_for",
    "prepare",
    "solve_optimal",
    "tables_ready",
]

_INVERSE = np.array([1, 0, 3, 2, 4], dtype=np.int8)  # index 4 = "no previous move"
BATCH = 1 << 16
DEFAULT_MAX_LAYER = 10_000_000
LIGHT_NODES = 2_000_000
LIGHT_VIEWS_4X4 = (0, 3, 4, 5)
"""The views of the default 4x4 partitions (:data:`engine.puzzle.tables.pdb.FOUR_BY_FOUR`; view ``2p`` is
partition ``p`` read straight, ``2p + 1`` transposed) read until a bound's search grows past :data:`LIGHT_NODES`,
in this order.  Measured on the meter's hardest bounded proofs (one bound, 2-10 M positions), counting which views
cut each child: view 0 alone cuts 22 %, views 3, 4, 5 24-31 % each, views 1 and 2 10-12 % (and almost nothing that
the others leave); the first two partitions' four views (0, 1, 2, 3) let 60 % of the children through, (0, 3, 4, 5)
54 %, all six 53 %.  On the 11 slowest bounded searches of the meter bench's board 1, in one process: (0, 1, 2, 3)
20.3 CPU s, (0, 3, 4, 5, 2) 16.6 s, (0, 3, 4, 5) 14.2 s (a second run at load 3.5-5.7: 22.9, 19.1, 16.4 s;
(0, 3, 4) 15.8 s); the hardest 9.63 M positions -> 6.37 M."""
FULL_VIEWS_4X4 = (0, 3, 4, 5, 2, 1)
"""Every view of the default 4x4 partitions, in the order read once a bound's search has grown large."""
"""A bound whose search held more positions than this switches the search to every view (see ``_search``)."""


class _Level:
    """The nodes of one depth kept by the search: board word, each view's word and sum, last move, parent."""

    __slots__ = ("board", "words", "sums", "move", "parent", "next", "size")

    def __init__(
        self, board: np.ndarray, words: list[np.ndarray], sums: list[np.ndarray], move: np.ndarray, parent: np.ndarray
    ) -> None:
        self.board = board
        self.words = words
        self.sums = sums
        self.move = move
        self.parent = parent
        self.next = 0
        self.size = int(board.size)

    def take(self, idx: np.ndarray) -> _Level:
        """The nodes at ``idx``."""
        return _Level(
            self.board.take(idx),
            [w.take(idx) for w in self.words],
            [s.take(idx) for s in self.sums],
            self.move.take(idx),
            self.parent.take(idx),
        )

    @staticmethod
    def join(parts: list[_Level]) -> _Level:
        """The nodes of ``parts`` one after the other."""
        if len(parts) == 1:
            return parts[0]
        nv = len(parts[0].words)
        return _Level(
            np.concatenate([p.board for p in parts]),
            [np.concatenate([p.words[v] for p in parts]) for v in range(nv)],
            [np.concatenate([p.sums[v] for p in parts]) for v in range(nv)],
            np.concatenate([p.move for p in parts]),
            np.concatenate([p.parent for p in parts]),
        )


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

    def __init__(self, lay: Layout, order: Sequence[int] | None = None) -> None:
        self.lay = lay
        # the views used, in the order they are read (a level's words and sums follow it); view 0 first
        self.order = tuple(range(len(lay.views))) if order is None else tuple(order)
        if not self.order or self.order[0] != 0:
            raise ValueError(f"The search reads view 0 first, not {self.order}.")
        self.nviews = len(self.order)
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
        for view in (lay.views[v] for v in self.order):
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


_EXPANDERS: dict[tuple[int, tuple[int, ...]], tuple[Layout, _Expander]] = {}
_EXPANDERS_LOCK = threading.Lock()


def _expander(lay: Layout, order: Sequence[int]) -> _Expander:
    """The :class:`_Expander` of ``lay`` reading ``order``, made once per layout (its tables took about 10 ms to
    build, as long as a whole easy search: the distance meter and the analysis of a solve run hundreds).  An
    expander is read-only once made, so threads share it."""
    key = (id(lay), tuple(order))
    with _EXPANDERS_LOCK:
        got = _EXPANDERS.get(key)
        if got is not None and got[0] is lay:
            return got[1]
    made = _Expander(lay, order)
    with _EXPANDERS_LOCK:
        if len(_EXPANDERS) >= 8:
            _EXPANDERS.clear()
        _EXPANDERS[key] = (lay, made)
    return made


_THREAD = threading.local()  # per-thread scratch of the search (searches run in worker threads too)


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

    @classmethod
    def for_this_thread(cls) -> _Dedup:
        """This thread's table, made once: a search reads only the buckets it has just written, so one
        table serves every search of the thread (a fresh 8 MiB table cost each meter reading a few ms)."""
        table: _Dedup | None = getattr(_THREAD, "dedup", None)
        if table is None:
            table = _THREAD.dedup = cls()
        return table

    def first(self, board: np.ndarray) -> np.ndarray:
        """Indices (ascending, int64) of the positions of ``board`` (``uint64`` words) kept."""
        h = ((board * self._MULT) >> self.shift).view(np.int64)
        order = np.arange(board.size, dtype=np.int64)
        self.slots[h] = order
        win = self.slots.take(h)
        return np.flatnonzero((win == order) | (board.take(win) != board))


class _Known:
    """``known``'s positions as sorted board words (``uint64``) with their distances, and a bitmap of their hashes
    (most children miss it: one gather each; only the few that hit are looked up in the sorted words)."""

    BITS = 20
    _MULT = np.uint64(0x9E3779B97F4A7C15)

    def __init__(self, lay: Layout, known: Mapping[tuple[int, ...], int] | None) -> None:
        self.words, self.dist = _known_words(lay, known)
        self.size = int(self.words.size)
        self.shift = np.uint64(64 - self.BITS)
        self.mark = np.zeros(1 << self.BITS if self.size else 1, dtype=bool)
        if self.size:
            self.mark[((self.words * self._MULT) >> self.shift).view(np.int64)] = True

    def find(self, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The indices of ``board``'s words that are known (ascending) and their distances."""
        maybe = np.flatnonzero(self.mark.take(((board * self._MULT) >> self.shift).view(np.int64)))
        if not maybe.size:
            return maybe, maybe
        cand = board.take(maybe)
        at = np.minimum(np.searchsorted(self.words, cand), self.size - 1)
        ok = np.flatnonzero(self.words.take(at) == cand)
        return maybe.take(ok), self.dist.take(at.take(ok))


def _known_words(lay: Layout, known: Mapping[tuple[int, ...], int] | None) -> tuple[np.ndarray, np.ndarray]:
    """``known``'s positions as sorted board words (``uint64``) and their distances (``int64``, same order)."""
    if not known:
        return np.zeros(0, np.uint64), np.zeros(0, np.int64)
    tiles = np.array(list(known), dtype=np.int64).reshape(len(known), lay.n)
    slots = np.array(lay.slot_of_tile, dtype=np.uint64).take(tiles)
    words = np.bitwise_or.reduce(slots << (np.arange(lay.n, dtype=np.uint64) * np.uint64(4)), axis=1)
    dist = np.fromiter(known.values(), dtype=np.int64, count=len(known))
    order = np.argsort(words, kind="stable")
    return words.take(order), dist.take(order)


def _moves_to(levels: list[_Level], i: int) -> str:
    """The moves from the root to node ``i`` of the deepest level."""
    moves = []
    for lvl in reversed(levels[1:]):
        moves.append(MOVE_LETTERS[int(lvl.move[i])])
        i = int(lvl.parent[i])
    return "".join(reversed(moves))


def view_orders(lay: Layout, parts: Sequence[Partition]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The views (indices into ``lay.views``) the search reads, in the order it reads them: first for easy
    positions (light), then once a bound's search grew past :data:`LIGHT_NODES` (full).

    The default 4x4 partitions read :data:`LIGHT_VIEWS_4X4` and :data:`FULL_VIEWS_4X4`; others the first two
    partitions' views (light) and all of them (full), in layout order.
    """
    n = len(lay.views)
    if tuple(parts) == FOUR_BY_FOUR and (lay.width, lay.height) == (4, 4):
        return LIGHT_VIEWS_4X4, FULL_VIEWS_4X4
    light = sum(2 if lay.width == lay.height else 1 for _ in parts[:2])
    return tuple(range(min(light, n))), tuple(range(n))


def _search(
    board: Board,
    deadline: float | None,
    cancel: CancelFn | None,
    max_nodes: int,
    start_time: float,
    partition: Partition,
    extra: Sequence[Partition] = (),
    batch: int = BATCH,
    bounds: tuple[int, int | None] = (0, None),
    known: Mapping[tuple[int, ...], int] | None = None,
) -> SolveResult:
    """Depth-first IDA* over batches (see the module docstring); tables already prepared.

    ``bounds`` = (least, most): the first bound is at least ``least`` (a known lower bound on the length);
    a bound over ``most`` raises ``SolverStopped("bound")`` (no solution of at most ``most`` moves).
    ``known``: exact distances of positions (tiles -> moves), read instead of searched (see :func:`solve_optimal`).
    """
    lay = load_layout(board.width, board.height, None, cancel, partition, extra)
    kn = _Known(lay, known)
    # easy positions search with a few views; once one bound's search has held more than LIGHT_NODES positions,
    # every later bound uses all the views (exact either way: each bound's search is complete under an
    # admissible heuristic, and the bound only ever steps by 2)
    light_order, full_order = view_orders(lay, (partition, *extra))
    full = _expander(lay, full_order)
    exp = _expander(lay, light_order) if len(light_order) < len(full_order) else full
    dedup = _Dedup.for_this_thread()
    b0, w0 = encode_position(lay, board.tiles)
    vals0 = [group_values(lay, view, w) for view, w in zip(lay.views, w0, strict=True)]
    h0 = max(sum(v) for v in vals0)
    if h0 == 0:
        return SolveResult("optimal", "", 0, time.perf_counter() - start_time, True)
    root = _Level(
        np.array([b0], np.uint64),
        [np.array([w], np.uint64) for w in w0],
        [np.array([sum(v)], np.uint8) for v in vals0],
        np.array([4], np.int8),
        np.array([-1], np.int32),
    )
    parity = board.manhattan() % 2
    least0, most = bounds
    start_bound = max(h0, least0)
    bound = start_bound + ((start_bound - parity) % 2)
    total_nodes = 0
    iterations = 0
    most_held = 1
    while True:
        if most is not None and bound > most:
            raise SolverStopped("bound", _stats(total_nodes, start_time, iterations))
        iterations += 1
        start_nodes = total_nodes
        root.next = 0
        levels = [
            _Level(root.board, [root.words[v] for v in exp.order], [root.sums[v] for v in exp.order], root.move,
                   root.parent)
        ]
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
            rest = 0
            hit = np.flatnonzero(child.sums[0] == 0)
            if kn.size and not hit.size:
                seen, far = kn.find(child.board)
                if seen.size:
                    hit = seen[far <= bound - g1]  # a known position within the bound: the search is over
                    if hit.size:
                        rest = int(far[far <= bound - g1][0])
                    else:  # known to be too far (at least bound + 2, by parity): not searched
                        least = min(least, bound + 2)
                        keep = np.ones(child.size, dtype=bool)
                        keep[seen] = False
                        child = child.take(np.flatnonzero(keep))
            if hit.size:
                levels.append(child)
                res = SolveResult(
                    "optimal", _moves_to(levels, int(hit[0])), total_nodes, time.perf_counter() - start_time, True
                )
                res.iterations = iterations
                res.extra = {"first_bound": h0, "bound": bound, "most_held": most_held, "rest": rest}
                return res
            if not child.size:
                continue
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


def lower_bounds(
    width: int, height: int, cancel: CancelFn | None = None, progress: ProgressFn | None = None
) -> Callable[[Board], int]:
    """A proven lower bound (moves) of a ``width`` x ``height`` board's distance to solved, of the distance's
    parity: on 10..16 cells the search's heuristic (the largest of the default pattern databases' views; their
    tables loaded or built here, once), on smaller boards the exact distance (their table).  About 0.1 ms a board.

    Raises:
        ValueError: a size over 16 cells.
    """
    if not can_solve_optimally(width, height):
        raise ValueError(f"No pattern databases for {width}x{height} boards (over {MAX_CELLS} cells).")
    prepare(width, height, progress=progress, cancel=cancel)
    if width * height <= MAX_EXACT_CELLS:
        return lambda board: solve_from_table(board, 0.0).length
    parts = partitions_for(width, height)
    lay = load_layout(width, height, progress, cancel, parts[0], parts[1:])

    def bound(board: Board) -> int:
        _, words = encode_position(lay, board.tiles)
        return max(sum(group_values(lay, view, w)) for view, w in zip(lay.views, words, strict=True))

    return bound


def solve_optimal(
    board: Board,
    *,
    timeout: float | None = None,
    cancel: CancelFn | None = None,
    progress: ProgressFn | None = None,
    max_layer: int = DEFAULT_MAX_LAYER,
    partition: Sequence[Sequence[int]] | None = None,
    partitions: Sequence[Sequence[Sequence[int]]] | None = None,
    at_least: int = 0,
    at_most: int | None = None,
    known: Mapping[tuple[int, ...], int] | None = None,
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
            size's :func:`engine.puzzle.tables.pdb.default_partitions`, maxed;
            smaller groups build faster and search slower).
        partitions: several partitions whose sums are maxed (overrides ``partition``).
        at_least: a known lower bound on the solution's length (moves; the search starts there: a wrong one
            can give a longer solution than the shortest).
        at_most: only look for solutions of at most this many moves (``SolverStopped("bound")`` when there is
            none); the answer is the same for every machine and time (unlike ``timeout``).
        known: exact distances (moves) of positions (``Board.tiles``), e.g. the distance meter's; a wrong one
            gives a wrong answer.  The search reads them instead of searching past them, and stops at the first
            one reached within the bound: ``moves`` then end at that position and ``extra["rest"]`` is its
            distance (the shortest solution has ``len(moves) + extra["rest"]`` moves; ``rest`` is 0 otherwise).
            Ignored on boards of at most 9 cells (their exact table is read).

    Returns:
        A :class:`SolveResult` with ``optimal=True``; ``extra["messages"]``
        lists cache problems to show (see :func:`prepare`), if any.

    Raises:
        ValueError: board over 16 cells or unsolvable.
        SolverStopped: ``"timeout"``, ``"cancelled"``, ``"limit"`` (more than ``max_layer`` positions held) or
            ``"bound"`` (no solution within ``at_most``).
        BuildCancelled: cancelled while building tables.
    """
    if not can_solve_optimally(board.width, board.height):
        raise ValueError(
            f"The optimal solver handles boards of at most {MAX_CELLS} cells; {board.width}x{board.height} is larger."
        )
    if not board.is_solvable():
        raise ValueError("This position is unsolvable.")
    parts = partitions_for(board.width, board.height, partition, partitions) if board.size > MAX_EXACT_CELLS else ()
    messages = prepare(
        board.width, board.height, progress=progress, cancel=cancel, partition=partition, partitions=partitions
    )
    start = time.perf_counter()
    if board.size <= MAX_EXACT_CELLS:
        res = solve_from_table(board, start)
        if at_most is not None and res.length > at_most:
            raise SolverStopped("bound", _stats(0, start, 0))
    else:
        deadline = None if timeout is None else start + timeout
        res = _search(
            board, deadline, cancel, max_layer, start, parts[0], parts[1:], bounds=(at_least, at_most), known=known
        )
    if res.optimal and not verified(table_names(board.width, board.height, partition, partitions)):
        res.optimal = False  # the proof rests on the tables: never claim it on tables that were not checked
        messages = [*messages, "The solution is not proven shortest: a puzzle table could not be checked."]
    if messages:
        res.extra["messages"] = messages
    return res
