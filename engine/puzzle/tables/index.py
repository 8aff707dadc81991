"""How puzzle tables are indexed: the blank's neighbour table, Lehmer ranks of permutations (exact tables)
and the base of a pattern index (pattern databases); shared by building (:mod:`engine.puzzle.tables.pdb`)
and checking (:mod:`engine.puzzle.tables.check`)."""

from __future__ import annotations

import numpy as np

from engine.puzzle.board import blank_moves

UNSEEN = 255  # a table entry with no distance (an unreachable rank, a placement not reached)
MAX_PATTERN_CELLS = 32


def neighbour_table(width: int, height: int) -> np.ndarray:
    """``(4, n)`` int64: the cell reached from each cell going U, D, L, R, or -1 off the board.

    A numpy view of :func:`engine.puzzle.board.blank_moves` (the one blank-move table).
    """
    out = np.full((4, width * height), -1, dtype=np.int64)
    for cell, moves in enumerate(blank_moves(width, height)):
        for m, q in moves:
            out[m, cell] = q
    return out


def rank_permutations(perms: np.ndarray) -> np.ndarray:
    """Lehmer ranks (int64) of the rows of ``perms`` (``(m, n)`` permutations of ``0..n-1``), O(m n^2)."""
    m, n = perms.shape
    rank = np.zeros(m, dtype=np.int64)
    for i in range(n - 1):
        smaller = (perms[:, i + 1 :] < perms[:, i : i + 1]).sum(axis=1)
        rank = rank * (n - i) + smaller
    return rank


def unrank_permutations(ranks: np.ndarray, n: int) -> np.ndarray:
    """Inverse of :func:`rank_permutations`: ``(m, n)`` int8 permutations."""
    m = ranks.shape[0]
    digits = np.empty((m, n), dtype=np.int64)
    r = ranks.astype(np.int64).copy()
    for i in range(n - 1, -1, -1):
        base = n - i
        digits[:, i] = r % base
        r //= base
    out = np.empty((m, n), dtype=np.int8)
    avail = np.tile(np.arange(n, dtype=np.int8), (m, 1))
    alive = np.ones((m, n), dtype=bool)
    for i in range(n):
        # the digits[:, i]-th still available value
        cum = np.cumsum(alive, axis=1)
        pick = np.argmax(cum > digits[:, i : i + 1], axis=1)
        out[:, i] = avail[np.arange(m), pick]
        alive[np.arange(m), pick] = False
    return out


def cell_base(cells: int) -> int:
    """The base of a pattern index: 16 for boards of at most 16 cells (4 bits a cell), else the cell count.

    Raises:
        ValueError: more than :data:`MAX_PATTERN_CELLS` cells.
    """
    if cells > MAX_PATTERN_CELLS:
        raise ValueError(f"Pattern databases need at most {MAX_PATTERN_CELLS} cells; this board has {cells}.")
    return 16 if cells <= 16 else cells


__all__ = ["MAX_PATTERN_CELLS", "UNSEEN", "cell_base", "neighbour_table", "rank_permutations", "unrank_permutations"]
