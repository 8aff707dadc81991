"""Breadth-first beam search over whole positions, vectorised with numpy.

Level by level, every position of the beam (at most ``beam_width``) makes its
legal moves; the children are scored by the heuristic (updated from the one
tile that slid, :mod:`engine.puzzle.near.heuristics`), children already met
(same Zobrist hash, over tiles and blank, on this level or on one of the last :data:`MEMORY` levels
of the same parity) are dropped, and the ``beam_width`` children with the
smallest estimate (ties: the smaller of the other views' -- or the larger, with ``high_ties`` --, then the smaller
hash) form the next level.  The first level holding a position of estimate 0 (that is the goal, when the goal is
given) ends the search; its moves are read back
through parent indices.  Every level holds positions the same number of
moves from the start, so the solution length is the level's depth.

Nothing depends on the clock or on a random source: the same position and
width always give the same moves (the Zobrist keys come from a fixed seed) -- on
every machine with ``portable`` (the default); without it, which of two children that are the
same position is kept follows numpy's default sort, which may differ where numpy
picks another sort kernel (other vector units).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.puzzle.board import blank_moves
from engine.puzzle.near.heuristics import Heuristic
from engine.puzzle.result import CancelFn, SolveResult, SolverStopped

MEMORY = 4  # levels of the same parity whose hashes a child is checked against
MAX_DEPTH = 2000  # moves; a search that reaches it stops ("limit")
ZOBRIST_SEED = 20_241_125
MOVE_LETTERS = "UDLR"
_INDEX_BITS = 20  # a level's children are numbered in the low bits of a portable sort key (under 1,048,576)


@dataclass(frozen=True)
class BeamRun:
    """One finished beam search.

    Attributes:
        moves: the blank's moves (``UDLR``) from the start to a position of estimate 0.
        nodes: children scored over all levels.
        tiles: the position reached.
    """

    moves: str
    nodes: int
    tiles: tuple[int, ...]


def region_neighbours(width: int, height: int, row0: int = 0, col0: int = 0) -> np.ndarray:
    """``(4, n)`` int64: the cell the blank reaches going U, D, L, R inside rows ``row0..``, columns ``col0..``.

    -1 where it would leave the board or the region (see :func:`engine.puzzle.board.blank_moves`).
    """
    out = np.full((4, width * height), -1, dtype=np.int64)
    for cell, moves in enumerate(blank_moves(width, height, row0, col0)):
        for m, q in moves:
            out[m, cell] = q
    return out


def _zobrist(n: int, tracked: Sequence[int] | None) -> np.ndarray:
    """``(tile, cell)`` keys; tiles not ``tracked`` get 0 (positions differing only there hash alike)."""
    keys = np.random.default_rng(ZOBRIST_SEED).integers(0, 2**63, size=(n, n), dtype=np.int64).astype(np.uint64)
    if tracked is not None:
        keep = np.zeros(n, dtype=bool)
        keep[[0, *tracked]] = True
        keys[~keep] = 0
    return keys


def _slide_keys(keys: np.ndarray, nbr: np.ndarray) -> np.ndarray:
    """``n * n * 4`` keys: entry ``(tile * n + blank) * 4 + d`` is what a position's hash changes by when the
    blank at ``blank`` moves in direction ``d`` (``nbr``, :func:`region_neighbours`) and ``tile`` slides the
    other way (one lookup a child instead of four); 0 where that move leaves the region."""
    n = keys.shape[0]
    out = np.zeros((n, n, 4), np.uint64)
    for d in range(4):
        dst = np.flatnonzero(nbr[d] >= 0)
        src = nbr[d][dst]
        out[:, dst, d] = keys[:, src] ^ keys[:, dst] ^ keys[0, src] ^ keys[0, dst]
    flat: np.ndarray = out.reshape(-1)
    return flat


def _first_of_each(codes: np.ndarray, portable: bool = False) -> np.ndarray:
    """Indices of ``codes`` with each value once, in value order.

    Which of equal ones is kept: with ``portable``, the first (the sort key is the code's top 44 bits and the
    index, all distinct, so every sort algorithm orders it alike; two codes that share those bits and differ
    below may then be kept both, a duplicate at worst); otherwise whichever numpy's default sort puts first,
    which is fixed on one machine but may differ on a processor where numpy picks another sort kernel.
    """
    if portable and codes.size < 1 << _INDEX_BITS:
        high = codes & ~np.uint64((1 << _INDEX_BITS) - 1)
        order = np.argsort(high | np.arange(codes.size, dtype=np.uint64))
    else:
        order = np.argsort(codes)
    ordered = codes[order]
    first = np.ones(order.size, dtype=bool)
    first[1:] = ordered[1:] != ordered[:-1]
    kept: np.ndarray = order[first]
    return kept


def _extremes(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The largest and the smallest view of each row of ``values`` (``(m, views)``)."""
    high = values[:, 0].copy()
    low = values[:, 0].copy()
    for v in range(1, values.shape[1]):
        np.maximum(high, values[:, v], out=high)
        np.minimum(low, values[:, v], out=low)
    return high, low


def _met(ordered: np.ndarray, old: np.ndarray) -> np.ndarray:
    """Which of the distinct, ascending ``ordered`` occur in ``old`` (boolean mask).

    ``old`` is a few ascending runs (levels' sorted hashes, joined): each is looked up in ``ordered``, so the
    binary searches walk forwards through memory (about twice as fast as looking each child up in each run).
    """
    met = np.zeros(ordered.size, dtype=bool)
    if ordered.size:
        at = np.minimum(np.searchsorted(ordered, old), ordered.size - 1)
        met[at[ordered[at] == old]] = True
    return met


def _rank(best: np.ndarray, other: np.ndarray, code: np.ndarray, high_ties: bool = False) -> np.ndarray:
    """One sortable ``uint64`` a child: its estimate, then its smallest view's (0..255; with ``high_ties`` the
    larger first), then its hash."""
    u = np.uint64
    tie = np.clip(other, 0, 255).astype(u)
    if high_ties:
        tie = u(255) - tie
    rank: np.ndarray = (best.astype(u) << u(48)) | (tie << u(40)) | (code >> u(24))
    return rank


def beam_search(
    tiles: Sequence[int],
    width: int,
    height: int,
    heuristic: Heuristic,
    beam_width: int,
    *,
    region: tuple[int, int] = (0, 0),
    tracked: Sequence[int] | None = None,
    cancel: CancelFn | None = None,
    deadline: float | None = None,
    goal: Sequence[int] | None = None,
    high_ties: bool = False,
    portable: bool = True,
) -> BeamRun:
    """Search from ``tiles`` until the heuristic reads 0; the blank stays in ``region`` (first row, first column).

    Args:
        beam_width: positions kept per level, >= 1.
        tracked: when given, positions that differ only in the other tiles count as the same (a stage whose
            goal is about these tiles only: the plateau of moves among the others collapses).
        deadline: a ``time.perf_counter()`` instant after which the search stops.
        goal: when given, a position of estimate 0 ends the search only if it is this position (a damaged
            table that reads 0 elsewhere then makes the search go on, never end off the goal).
        high_ties: among children of equal estimate, keep those whose smallest view is the largest (the
            default keeps the smallest first): another beam over the same estimates, for a second search.
        portable: of children that are the same position, keep the first generated (see :func:`_first_of_each`):
            the same moves on every machine (the default, used by every effort); without it the choice follows
            numpy's default sort, which may differ on a processor with other vector units.

    Raises:
        SolverStopped: ``"timeout"``, ``"cancelled"``, or ``"limit"`` (:data:`MAX_DEPTH` moves, or no new position).
    """
    n = width * height
    nbr = region_neighbours(width, height, *region)
    keys = _zobrist(n, tracked)
    slide = _slide_keys(keys, nbr)
    board = np.array([tiles], dtype=np.uint8)
    blank = np.array([list(tiles).index(0)], dtype=np.int64)
    aux, values = heuristic.start(tiles)
    score = values.max(axis=1)
    code = np.array([np.bitwise_xor.reduce(keys[np.asarray(tiles), np.arange(n)])], dtype=np.uint64)
    parents: list[np.ndarray] = []
    letters: list[np.ndarray] = []
    recent: list[np.ndarray] = []
    nodes = 0
    start = time.perf_counter()
    while True:
        done = np.flatnonzero(score == 0)
        if goal is not None and done.size:
            done = done[(board[done] == np.asarray(goal, dtype=np.uint8)).all(axis=1)]
        if done.size:
            break
        if (cancel and cancel()) or (deadline is not None and time.perf_counter() > deadline):
            reason = "cancelled" if cancel and cancel() else "timeout"
            raise SolverStopped(reason, SolveResult("near-optimal", "", nodes, time.perf_counter() - start, False))
        if len(parents) >= MAX_DEPTH:
            raise SolverStopped("limit", SolveResult("near-optimal", "", nodes, time.perf_counter() - start, False))
        rows_l, dirs_l = [], []
        for d in range(4):
            q = nbr[d][blank]
            r = np.flatnonzero(q >= 0)
            rows_l.append(r)
            dirs_l.append(np.full(r.size, d, np.int64))
        rows = np.concatenate(rows_l)
        dirs = np.concatenate(dirs_l)
        src = nbr[dirs, blank[rows]]
        dst = blank[rows]
        tile = board.reshape(-1)[rows * n + src].astype(np.int64)
        child = code[rows] ^ slide[(tile * n + dst) * 4 + dirs]
        nodes += rows.size
        keep = _first_of_each(child, portable)
        if len(recent) >= 2:
            keep = keep[~_met(child[keep], np.concatenate(recent[-2::-2][:MEMORY]))]
        if keep.size == 0:
            raise SolverStopped("limit", SolveResult("near-optimal", "", nodes, time.perf_counter() - start, False))
        words, vals = heuristic.delta(aux[rows[keep]], values[rows[keep]], tile[keep], src[keep], dst[keep])
        best, other = _extremes(vals)
        if keep.size > beam_width:
            rank = _rank(best, other, child[keep], high_ties)
            pick = np.sort(np.argpartition(rank, beam_width - 1)[:beam_width])
            keep, words, vals, best = keep[pick], words[pick], vals[pick], best[pick]
        rows, dirs, src, dst, tile = rows[keep], dirs[keep], src[keep], dst[keep], tile[keep]
        board = board[rows]
        at = np.arange(rows.size)
        board[at, dst] = tile
        board[at, src] = 0
        aux = aux[rows]
        heuristic.commit(aux, tile, words)
        values, score, blank, code = vals, best, src, child[keep]
        parents.append(rows.astype(np.int32))  # compact: a wide beam keeps these for every level
        letters.append(dirs.astype(np.uint8))
        recent.append(np.sort(code))
        del recent[: -2 * MEMORY]  # older levels are never looked at again (a wide beam would keep every one)
    i = int(done[0])
    end = tuple(int(x) for x in board[i])
    path = []
    for level in range(len(parents) - 1, -1, -1):
        path.append(MOVE_LETTERS[int(letters[level][i])])
        i = int(parents[level][i])
    return BeamRun("".join(reversed(path)), nodes, end)
