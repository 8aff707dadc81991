"""Six-tile pattern databases for 5x5 boards, stored as distances modulo 4 in two bits an entry.

The table of a group of six tiles on a 5x5 board is built like every additive
pattern database (:func:`engine.puzzle.tables.pdb.pattern_table`: breadth-first,
only the group's own moves counted, the blank and the other tiles ignored), on
the direct base-25 index (``25**6`` = 244 M entries, 244 MB while it is built).
Neighbouring placements (one group tile slid to a free neighbouring cell)
always differ by exactly one move, so a search that knows a position's distance
needs only the neighbour's distance modulo 4 (Korf and Felner's trick for their
24-puzzle tables): the stored table keeps two bits an entry, 61 MB a group.
A position's full distance is read once, at the start, by walking down to the
goal placement through neighbours one residue lower (:func:`full_distance`).

The files live in the table cache beside the other tables (same header, CRC-32
and keyed digest: :func:`engine.puzzle.tables.pdb._cached`); a table that fails
:func:`check_modular` is rebuilt.  Building one takes about a minute of CPU
(44-66 s on the machine of docs/BENCHMARKS.md, 520 MB at the peak); progress is
reported per breadth-first level and inside the big ones.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.puzzle.result import CancelFn, ProgressFn
from engine.puzzle.tables.index import neighbour_table
from engine.puzzle.tables.pdb import FORMAT_VERSION, _build_pattern, _cached

SIDE = 5
BASE = SIDE * SIDE  # the cell base of a 5x5 pattern index
MAX_TILES = 6


def modular_name(tiles: Sequence[int]) -> str:
    """File name of the 5x5 modulo-4 table of ``tiles``."""
    return f"mod4-5x5-{'-'.join(map(str, tiles))}.pdb"


def pack(dist: np.ndarray) -> np.ndarray:
    """``uint8`` bytes holding ``dist % 4`` two bits an entry (entry ``i``: byte ``i >> 2``, bits ``2 (i & 3)``)."""
    packed = np.zeros((dist.size + 3) // 4, np.uint8)
    for lane in range(4):  # entries lane, lane + 4, ...: a quarter-sized temporary at a time
        part = dist[lane::4]
        packed[: part.size] |= (part & 3).astype(np.uint8) << np.uint8(2 * lane)
    return packed


def residue(packed: np.ndarray, index: np.ndarray) -> np.ndarray:
    """The stored distances modulo 4 (``uint8`` 0..3) at entry indices ``index`` (any int array)."""
    got: np.ndarray = (packed[index >> 2] >> ((index & 3) << 1).astype(np.uint8)) & 3
    return got


def _goal(tiles: Sequence[int]) -> np.ndarray:
    return np.array([t - 1 for t in tiles], dtype=np.int64)


def _index(cells: np.ndarray) -> np.ndarray:
    """Base-25 indices of placements (``(m, k)`` cells)."""
    out: np.ndarray = (cells * BASE ** np.arange(cells.shape[1], dtype=np.int64)).sum(axis=1)
    return out


def full_distance(packed: np.ndarray, tiles: Sequence[int], cells: Sequence[int]) -> int:
    """The group's distance (moves) of the placement ``cells`` (cell of each of ``tiles``, in order).

    Walks to the goal placement, each step to a neighbour whose residue is one lower (a neighbour is
    exactly one move nearer or farther, and ``d - 1`` and ``d + 1`` differ modulo 4): at most the
    distance's count of steps, each of at most 24 reads.

    Raises:
        ValueError: the table does not lead to the goal (it is not this group's table).
    """
    nbr = neighbour_table(SIDE, SIDE)
    place = [int(c) for c in cells]
    goal = [t - 1 for t in tiles]
    steps = 0
    while place != goal:
        here = int(residue(packed, _index(np.array([place])))[0])
        cand = []
        for i in range(len(place)):
            for d in range(4):
                q = int(nbr[d, place[i]])
                if q >= 0 and q not in place:
                    c = list(place)
                    c[i] = q
                    cand.append(c)
        got = residue(packed, _index(np.array(cand)))
        lower = np.flatnonzero(got == (here - 1) % 4)
        if lower.size == 0 or steps > 4 * BASE * len(place):
            raise ValueError("The table has no path to the goal placement.")
        place = cand[int(lower[0])]
        steps += 1
    return steps


def check_modular(tiles: Sequence[int], packed: np.ndarray, probes: int = 4096) -> str | None:
    """Why ``packed`` is not the modulo-4 table of ``tiles`` (a sentence), or None when it passes.

    Checks the length, the goal at residue 0 and its neighbours at 1, and on ``probes`` random
    placements (fixed seed) that every neighbour is one residue above or below and one is below;
    then walks a few probes down to the goal (:func:`full_distance`) and checks those distances are
    at least the group's Manhattan distance with its parity.
    """
    k = len(tiles)
    if packed.shape != ((BASE**k + 3) // 4,):
        return "wrong length"
    goal = _goal(tiles)
    rng = np.random.default_rng(12345)
    cells = np.argsort(rng.random((probes, BASE)), axis=1)[:, :k].astype(np.int64)
    cells = np.concatenate([goal[None, :], cells])
    nbr = neighbour_table(SIDE, SIDE)
    v = residue(packed, _index(cells)).astype(np.int64)
    if v[0] != 0:
        return "the goal placement is not at distance 0"
    lower = np.zeros(cells.shape[0], bool)
    lower[0] = True
    for i in range(k):
        for d in range(4):
            q = nbr[d][cells[:, i]]
            ok = (q >= 0) & ~(cells == q[:, None]).any(axis=1)
            moved = cells.copy()
            moved[:, i] = np.where(ok, q, cells[:, i])
            w = residue(packed, _index(moved)).astype(np.int64)
            step = (w - v) % 4
            if np.any(ok & (step != 1) & (step != 3)):
                return "two neighbouring placements do not differ by one move"
            if np.any(ok[:1] & (w[:1] != 1)):
                return "a neighbour of the goal is not at distance 1"
            lower |= ok & (step == 3)
    if not lower.all():
        return "a placement has no neighbour one move closer"
    for row in cells[1:9]:
        try:
            d = full_distance(packed, tiles, row)
        except ValueError as e:
            return str(e)
        md = int((np.abs(row // SIDE - goal // SIDE) + np.abs(row % SIDE - goal % SIDE)).sum())
        if d < md or (d - md) % 2:
            return "a distance is below the Manhattan distance or of the wrong parity"
    return None


def modular_table(
    tiles: Sequence[int], *, progress: ProgressFn | None = None, cancel: CancelFn | None = None
) -> np.ndarray:
    """The packed modulo-4 table of a group of at most 6 tiles on a 5x5 board, from the cache or built.

    Returns:
        ``uint8`` array of ``ceil(25**k / 4)`` bytes (see :func:`pack`, :func:`residue`).

    Raises:
        ValueError: bad tiles or more than 6 of them.
        BuildCancelled: ``cancel()`` returned True during a build.
    """
    group = tuple(int(t) for t in tiles)
    if not 1 <= len(group) <= MAX_TILES or len(set(group)) != len(group) or not all(1 <= t < BASE for t in group):
        raise ValueError(f"A 5x5 modular pattern is 1..{MAX_TILES} distinct tiles of 1..{BASE - 1}; got {group}.")
    meta = {"kind": "pattern-mod4", "width": SIDE, "height": SIDE, "tiles": list(group), "version": FORMAT_VERSION}

    def build() -> np.ndarray:
        return pack(_build_pattern(SIDE, SIDE, group, progress, cancel))

    return _cached(modular_name(group), meta, build, lambda t: check_modular(group, t), progress)
