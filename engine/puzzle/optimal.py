"""Optimal solver: exact tables for tiny boards, batched BFIDA* with additive PDBs up to 16 cells.

Boards of at most 9 cells (3x3 and smaller) are answered from the exact
distance table (:func:`engine.puzzle.pdb.exact_table`) by walking downhill.

Boards of 10..16 cells (4x4, 3x4, 2x5, ...) use *breadth-first iterative
deepening A** run on numpy arrays.  A position fits in two ``uint64``:

* ``board``: 4 bits per cell, the *slot* of the tile there (slots number the
  tiles group by group, so each pattern's tiles are consecutive; the blank is
  slot ``n-1``);
* ``pos``: 4 bits per slot, the cell of that tile -- so a pattern database
  index is just ``(pos >> 4*first_slot) & mask``.

For a bound ``T`` (starting at the heuristic of the start, then the least
``f`` that exceeded the previous bound), the search expands whole layers
``g = 0, 1, 2, ...`` as arrays: every blank move at once (no move undoing the
previous one), heuristic by table lookups, children with ``g + h > T`` cut,
duplicates removed with ``np.unique`` and against layer ``g - 1`` (the graph
is bipartite, so a position can only recur two layers later).  Each kept child
remembers its parent's index and its move, so the answer is read back from
the layer where the goal appears.  With an admissible heuristic and every
child with ``f <= T`` kept, the first bound that reaches the goal gives a
shortest solution.

Cancellable (``cancel()`` polled between chunks) and bounded in time and in
frontier size (memory).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.puzzle.board import Board
from engine.puzzle.pdb import (
    MAX_EXACT_CELLS,
    default_partition,
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
_CHUNK = 1 << 19
DEFAULT_MAX_LAYER = 24_000_000


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


@dataclass(frozen=True)
class _Layout:
    width: int
    height: int
    n: int
    slot_of_tile: tuple[int, ...]  # tile -> slot (tile 0 -> n-1)
    groups: tuple[tuple[int, int], ...]  # (first slot, tile count)
    tables: tuple[np.ndarray, ...]
    mirror: bool  # square board: also look up the transposed position and take the max
    mirror_slot: np.ndarray  # slot s -> slot of the transposed tile (uint64, 16)
    mirror_cell: np.ndarray  # cell c -> transposed cell (uint64, 16)


Partition = tuple[tuple[int, ...], ...]


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


def _layout(
    width: int, height: int, progress: ProgressFn | None, cancel: CancelFn | None, partition: Partition
) -> _Layout:
    n = width * height
    parts = partition
    slot_of_tile = [0] * n
    groups = []
    tables = []
    slot = 0
    for i, grp in enumerate(parts):
        groups.append((slot, len(grp)))
        for t in grp:
            slot_of_tile[t] = slot
            slot += 1

        def sub(frac: float, msg: str, i: int = i) -> None:
            if progress:
                progress((i + frac) / len(parts), msg)

        tables.append(pattern_table(width, height, grp, progress=sub, cancel=cancel))
    slot_of_tile[0] = n - 1
    mirror_slot = np.arange(16, dtype=np.uint64)
    mirror_cell = np.arange(16, dtype=np.uint64)
    if width == height:
        for c in range(n):
            r, cc = divmod(c, width)
            mirror_cell[c] = cc * width + r
        for t in range(1, n):
            mirror_slot[slot_of_tile[t]] = slot_of_tile[int(mirror_cell[t - 1]) + 1]
        mirror_slot[n - 1] = n - 1
    return _Layout(width, height, n, tuple(slot_of_tile), tuple(groups), tuple(tables),
                   width == height, mirror_slot, mirror_cell)


def prepare(
    width: int,
    height: int,
    *,
    progress: ProgressFn | None = None,
    cancel: CancelFn | None = None,
    partition: Sequence[Sequence[int]] | None = None,
) -> None:
    """Build or load the tables the optimal solver needs for this size (long the first time: ~30 s for 4x4).

    Raises:
        ValueError: board over 16 cells, bad partition.
        BuildCancelled: cancelled during a build.
    """
    if width * height > MAX_CELLS:
        raise ValueError(f"The optimal solver handles boards of at most {MAX_CELLS} cells.")
    if width * height <= MAX_EXACT_CELLS:
        exact_table(width, height, progress=progress, cancel=cancel)
    else:
        _layout(width, height, progress, cancel, check_partition(width, height, partition))


def tables_ready(width: int, height: int, partition: Sequence[Sequence[int]] | None = None) -> bool:
    """True when the tables for this size are in memory or in the cache (no long build needed)."""
    if width * height > MAX_CELLS:
        return False
    if width * height <= MAX_EXACT_CELLS:
        return is_cached(exact_name(width, height))
    return all(is_cached(pattern_name(width, height, g)) for g in check_partition(width, height, partition))


def _heuristic(lay: _Layout, pos: np.ndarray) -> np.ndarray:
    h = np.zeros(pos.shape[0], dtype=np.int16)
    for (first, k), table in zip(lay.groups, lay.tables, strict=True):
        idx = (pos >> np.uint64(4 * first)) & np.uint64(16**k - 1)
        h += table[idx.astype(np.int64)]
    return h


def _encode(lay: _Layout, tiles: tuple[int, ...]) -> tuple[int, int, int]:
    """``(board, pos, mirrored pos)`` words of a position (see the module docstring)."""
    board = 0
    pos = 0
    mpos = 0
    for cell, t in enumerate(tiles):
        s = lay.slot_of_tile[t]
        board |= s << (4 * cell)
        pos |= cell << (4 * s)
        mpos |= int(lay.mirror_cell[cell]) << (4 * int(lay.mirror_slot[s]))
    return board, pos, mpos


def _heuristic2(lay: _Layout, pos: np.ndarray, mpos: np.ndarray) -> np.ndarray:
    h = _heuristic(lay, pos)
    if lay.mirror:
        np.maximum(h, _heuristic(lay, mpos), out=h)
    return h


def _bfida(
    board: Board,
    deadline: float | None,
    cancel: CancelFn | None,
    max_layer: int,
    progress: ProgressFn | None,
    start_time: float,
    partition: Partition,
) -> SolveResult:
    lay = _layout(board.width, board.height, progress, cancel, partition)
    n = lay.n
    nbr = neighbour_table(board.width, board.height)
    blank_slot = n - 1
    sb = np.uint64(4 * blank_slot)
    four = np.uint64(4)
    F = np.uint64(15)
    b0, p0, m0 = _encode(lay, board.tiles)
    goal_b = _encode(lay, Board.goal(board.width, board.height).tiles)[0]
    if b0 == goal_b:
        return SolveResult("optimal", "", 0, time.perf_counter() - start_time, True)
    h0 = int(_heuristic2(lay, np.array([p0], np.uint64), np.array([m0], np.uint64))[0])
    parity = board.manhattan() % 2
    bound = h0 + ((h0 - parity) % 2)
    total_nodes = 0
    iterations = 0
    goal_u = np.uint64(goal_b)
    mslot, mcell = lay.mirror_slot, lay.mirror_cell
    while True:
        iterations += 1
        front_b = np.array([b0], dtype=np.uint64)
        front_p = np.array([p0], dtype=np.uint64)
        front_q = np.array([m0], dtype=np.uint64)
        front_m = np.array([4], dtype=np.int8)
        prev_sorted = np.empty(0, dtype=np.uint64)
        parents: list[tuple[np.ndarray, np.ndarray]] = []
        next_bound = 10**9
        g = 0
        found = -1
        while front_b.size and found < 0:
            kids_b, kids_p, kids_q, kids_m, kids_par = [], [], [], [], []
            for lo in range(0, front_b.size, _CHUNK):
                if cancel and cancel():
                    raise SolverStopped("cancelled", _stats(total_nodes, start_time, iterations))
                if deadline is not None and time.perf_counter() > deadline:
                    raise SolverStopped("timeout", _stats(total_nodes, start_time, iterations))
                B = front_b[lo : lo + _CHUNK]
                P = front_p[lo : lo + _CHUNK]
                Q = front_q[lo : lo + _CHUNK]
                M = front_m[lo : lo + _CHUNK]
                blank = ((P >> sb) & F).astype(np.int64)
                for d in range(4):
                    q = nbr[d][blank]
                    ok = (q >= 0) & (_INVERSE[M] != d)
                    idx = np.nonzero(ok)[0]
                    if idx.size == 0:
                        continue
                    bb = B[idx]
                    bl = blank[idx].astype(np.uint64)
                    qq = q[idx].astype(np.uint64)
                    q4 = qq * four
                    b4 = bl * four
                    s = (bb >> q4) & F
                    s4 = s * four
                    nb = (bb & ~(F << q4)) | (np.uint64(blank_slot) << q4)
                    nb = (nb & ~(F << b4)) | (s << b4)
                    npos = (P[idx] & ~(F << s4)) | (bl << s4)
                    npos = (npos & ~(F << sb)) | (qq << sb)
                    if lay.mirror:
                        ms4 = mslot[s] * four
                        nq = (Q[idx] & ~(F << ms4)) | (mcell[bl] << ms4)
                        nq = (nq & ~(F << sb)) | (mcell[qq] << sb)
                        f = _heuristic2(lay, npos, nq) + (g + 1)
                    else:
                        nq = npos
                        f = _heuristic(lay, npos) + (g + 1)
                    keep = f <= bound
                    over = f[~keep]
                    if over.size:
                        next_bound = min(next_bound, int(over.min()))
                    kids_b.append(nb[keep])
                    kids_p.append(npos[keep])
                    kids_q.append(nq[keep])
                    kids_m.append(np.full(int(keep.sum()), d, dtype=np.int8))
                    kids_par.append((idx[keep] + lo).astype(np.int32))
            cb = np.concatenate(kids_b) if kids_b else np.empty(0, np.uint64)
            if cb.size == 0:
                break
            uniq, first = np.unique(cb, return_index=True)
            if prev_sorted.size:
                at = np.searchsorted(prev_sorted, uniq)
                at[at >= prev_sorted.size] = 0
                fresh = prev_sorted[at] != uniq
                uniq, first = uniq[fresh], first[fresh]
            prev_sorted = front_b if g > 0 else np.sort(front_b)
            front_b = uniq
            front_p = np.concatenate(kids_p)[first]
            front_q = np.concatenate(kids_q)[first]
            front_m = np.concatenate(kids_m)[first]
            parents.append((np.concatenate(kids_par)[first], front_m))
            total_nodes += int(front_b.size)
            g += 1
            hit = np.nonzero(front_b == goal_u)[0]
            if hit.size:
                found = int(hit[0])
            elif front_b.size > max_layer:
                raise SolverStopped("limit", _stats(total_nodes, start_time, iterations))
        if found >= 0:
            moves = []
            i = found
            for par, mv in reversed(parents):
                moves.append(MOVE_LETTERS[int(mv[i])])
                i = int(par[i])
            moves.reverse()
            res = SolveResult("optimal", "".join(moves), total_nodes, time.perf_counter() - start_time, True)
            res.iterations = iterations
            res.extra = {"first_bound": h0, "bound": bound}
            return res
        if next_bound >= 10**9:  # pragma: no cover - unsolvable positions are rejected earlier
            raise ValueError("This position is unsolvable.")
        bound = next_bound + ((next_bound - parity) % 2)


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
) -> SolveResult:
    """A shortest solution of ``board`` (at most 16 cells).

    Args:
        timeout: seconds of search allowed (``None``: unlimited); the tables
            are built or loaded first and their time is not counted.
        cancel: polled between chunks of work; returning True stops the search.
        progress: receives database build progress ``(fraction, message)``.
        max_layer: largest frontier kept (positions); bounds memory (~40 bytes each).
        partition: tile groups for the pattern databases (default
            :func:`engine.puzzle.pdb.default_partition`; smaller groups build
            faster and search slower).

    Returns:
        A :class:`SolveResult` with ``optimal=True``.

    Raises:
        ValueError: board over 16 cells or unsolvable.
        SolverStopped: ``"timeout"``, ``"cancelled"`` or ``"limit"`` (frontier too big).
        BuildCancelled: cancelled while building tables.
    """
    if not can_solve_optimally(board.width, board.height):
        raise ValueError(
            f"The optimal solver handles boards of at most {MAX_CELLS} cells; {board.width}x{board.height} is larger."
        )
    if not board.is_solvable():
        raise ValueError("This position is unsolvable.")
    parts = check_partition(board.width, board.height, partition) if board.size > MAX_EXACT_CELLS else ()
    prepare(board.width, board.height, progress=progress, cancel=cancel, partition=partition)
    start = time.perf_counter()
    if board.size <= MAX_EXACT_CELLS:
        return _table_solve(board, start)
    deadline = None if timeout is None else start + timeout
    return _bfida(board, deadline, cancel, max_layer, progress, start, parts)
