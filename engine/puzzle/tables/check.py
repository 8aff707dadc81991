"""Checks that a puzzle table is what it claims to be: the header (length, entry count, the goal alone at 0)
and, on probes (the goal's neighbours and random positions, fixed seed), the rules every true distance table
keeps (value >= Manhattan with its parity, neighbours within one move, one neighbour closer).

Run when a table is built and when it is loaded (with the keyed digest of :mod:`engine.puzzle.tables.key`);
each function returns why the table fails (a sentence) or None.
"""

from __future__ import annotations

from math import factorial

import numpy as np

from engine.puzzle.tables.index import UNSEEN, cell_base, neighbour_table, rank_permutations


def check_exact(width: int, height: int, table: np.ndarray, probes: int = 2048) -> str | None:
    """Why ``table`` is not the exact table of the size (a sentence), or None when it passes.

    Checks the length, that half the ranks are reachable, that only the goal
    holds 0, and on ``probes`` random positions (fixed seed): value >= Manhattan
    with the same parity, every neighbour within one move and one closer.
    """
    n = width * height
    problem = _exact_header(width, height, table)
    if problem is not None:
        return problem
    rng = np.random.default_rng(12345)
    perms = np.argsort(rng.random((probes, n)), axis=1).astype(np.int8)
    v = table[rank_permutations(perms)].astype(np.int64)
    return _exact_rules(width, height, table, perms[v != UNSEEN])


def _exact_header(width: int, height: int, table: np.ndarray) -> str | None:
    n = width * height
    if table.shape != (factorial(n),):
        return "wrong length"
    if int(np.count_nonzero(table != UNSEEN)) != factorial(n) // 2:
        return "wrong number of reachable positions"
    goal = np.array([list(range(1, n)) + [0]], dtype=np.int8)
    if table[rank_permutations(goal)[0]] != 0 or int(np.count_nonzero(table == 0)) != 1:
        return "the goal is not the only position at distance 0"
    return None


def _exact_rules(width: int, height: int, table: np.ndarray, perms: np.ndarray) -> str | None:
    """The distance rules on the reachable positions ``perms`` (``(m, n)`` int8)."""
    n = width * height
    v = table[rank_permutations(perms)].astype(np.int64)
    cells = np.arange(n)
    home = np.where(perms > 0, perms.astype(np.int64) - 1, cells)
    md = np.where(perms > 0, np.abs(cells // width - home // width) + np.abs(cells % width - home % width), 0).sum(1)
    if np.any(v >= UNSEEN) or np.any(v < md) or np.any((v - md) % 2):
        return "a value is below the Manhattan distance or of the wrong parity"
    blank = np.argmax(perms == 0, axis=1)
    nbr = neighbour_table(width, height)
    closer = v == 0
    rows = np.arange(perms.shape[0])
    for d in range(4):
        q = nbr[d][blank]
        ok = q >= 0
        p = perms.copy()
        qq = np.where(ok, q, blank)
        p[rows, blank] = p[rows, qq]
        p[rows, qq] = 0
        w = table[rank_permutations(p)].astype(np.int64)
        if np.any(ok & (np.abs(w - v) != 1)):
            return "two neighbouring positions differ by more than one move"
        closer |= ok & (w == v - 1)
    if not closer.all():
        return "a position has no neighbour one move closer"
    return None


def check_pattern(
    width: int, height: int, tiles: tuple[int, ...], table: np.ndarray, probes: int = 4096
) -> str | None:
    """Why ``table`` is not the pattern database of ``tiles`` (a sentence), or None when it passes.

    Checks the length, the number of placements that hold a distance (``n!/(n-k)!``),
    that only the goal holds 0, and on the goal's neighbours and ``probes``
    random placements (fixed seed) the BFS properties: value >= the group's
    Manhattan distance with the same parity, every neighbour within one move,
    and a neighbour one move closer.
    """
    k = len(tiles)
    n = width * height
    problem = _pattern_header(width, height, tiles, table)
    if problem is not None:
        return problem
    rng = np.random.default_rng(12345)
    cells = np.argsort(rng.random((probes, n)), axis=1)[:, :k]
    goal_cells = np.array([[t - 1 for t in tiles]])
    # the goal's neighbours first: each must be exactly 1
    nbr = neighbour_table(width, height)
    near = []
    for i in range(k):
        for d in range(4):
            q = int(nbr[d, tiles[i] - 1])
            if q >= 0 and q not in goal_cells[0]:
                c = goal_cells.copy()
                c[0, i] = q
                near.append(c)
    cells = np.concatenate([goal_cells, *near, cells]).astype(np.int64)
    scale = cell_base(n) ** np.arange(k, dtype=np.int64)
    v = table[(cells * scale).sum(axis=1)].astype(np.int64)
    if np.any(v[1 : 1 + len(near)] != 1):
        return "a neighbour of the goal is not at distance 1"
    return _pattern_rules(width, height, tiles, table, cells)


def _pattern_header(width: int, height: int, tiles: tuple[int, ...], table: np.ndarray) -> str | None:
    k = len(tiles)
    n = width * height
    base = cell_base(n)
    if table.shape != (base**k,):
        return "wrong length"
    if int(np.count_nonzero(table != UNSEEN)) != factorial(n) // factorial(n - k):
        return "wrong number of entries"
    goal = sum((t - 1) * base**i for i, t in enumerate(tiles))
    if table[goal] != 0 or int(np.count_nonzero(table == 0)) != 1:
        return "the goal is not the only placement at distance 0"
    return None


def _pattern_rules(width: int, height: int, tiles: tuple[int, ...], table: np.ndarray, cells: np.ndarray) -> str | None:
    """The distance rules on the placements ``cells`` (``(m, k)`` int64: the cell of each group tile)."""
    k = len(tiles)
    base = cell_base(width * height)
    idx = (cells * base ** np.arange(k, dtype=np.int64)).sum(axis=1)
    goal = sum((t - 1) * base**i for i, t in enumerate(tiles))
    v = table[idx].astype(np.int64)
    gc = np.array([[t - 1 for t in tiles]], dtype=np.int64)
    md = (np.abs(cells // width - gc // width) + np.abs(cells % width - gc % width)).sum(axis=1)
    if np.any(v >= UNSEEN) or np.any(v < md) or np.any((v - md) % 2):
        return "a value is below the Manhattan distance or of the wrong parity"
    nbr = neighbour_table(width, height)
    closer = v == 0
    for i in range(k):
        for d in range(4):
            q = nbr[d][cells[:, i]]
            ok = (q >= 0) & ~(cells == q[:, None]).any(axis=1)
            j = idx + (q - cells[:, i]) * base**i
            w = table[np.where(ok, j, goal)].astype(np.int64)
            if np.any(ok & (np.abs(w - v) != 1)):
                return "two neighbouring placements differ by more than one move"
            closer |= ok & (w == v - 1)
    if not closer.all():
        return "a placement has no neighbour one move closer"
    return None


__all__ = ["check_exact", "check_pattern"]
