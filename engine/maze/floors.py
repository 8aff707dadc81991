"""Mazes with floors: one perfect maze over several stacked floors joined by stairs.

The grid is :func:`engine.maze.grids.floors.stack_grid` (every vertically adjacent pair of
cells is a stair *candidate*, an edge of the grid); how a maze is made on it:

1. **Stairs allowed** (:func:`choose_stairs`): each candidate is allowed with probability
   ``share`` (the recipe's ``stairs`` percent, :data:`engine.maze.grids.floors.DEFAULT_STAIRS` by default); a floor
   boundary left with none gets one at a random cell, so the floors always connect.
2. **Carving**: any graph-generic generator runs unchanged on the stacked graph with only the
   allowed stairs (a :class:`~engine.maze.grids.floors.FloorGrid` without geometry), so it
   makes a spanning tree over all floors (uniform ones stay uniform over the trees of that
   graph); braid then works on the same graph, so it opens no stair that was not allowed.
3. The carved edges are mapped back to the full grid's edge ids: a stair is open where the
   tree uses it; every other candidate stays closed (a floor/ceiling, drawn as nothing).

Weave and masks are refused with floors (:data:`NOT_WITH_WEAVE`, :data:`NOT_WITH_MASK`),
and so are the row-based generators (:func:`engine.maze.generators.floors_refusal`).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TypeVar

import numpy as np

from engine.maze.generators.visits import Hops, hops, visitor
from engine.maze.grids.base import Grid
from engine.maze.grids.floors import FloorGrid, stack_grid
from engine.maze.model import Maze
from engine.rng import Rng

T = TypeVar("T")

#: Why floors and weave do not mix (one sentence, for errors).
NOT_WITH_WEAVE = "a maze cannot have both floors and weave (crossings) yet"
#: Why floors and masks do not mix (one sentence, for errors).
NOT_WITH_MASK = "a maze cannot have both floors and a shape (mask) yet"


def choose_stairs(base_n: int, floors: int, share: float, rng: Rng) -> np.ndarray:
    """Which vertical pairs may be stairs: ``(floors - 1, base_n)`` bool, at least one per floor boundary.

    Draws ``rng.floats((floors - 1) * base_n)`` then ``rng.below_array(floors - 1, base_n)`` (always,
    whatever ``share``), so the stream consumed depends only on the grid.

    Args:
        share: probability 0..1 that a candidate is allowed.
    """
    k = floors - 1
    allowed = (rng.floats(k * base_n) < share).reshape(k, base_n)
    fallback = rng.below_array(k, base_n)
    empty = ~allowed.any(axis=1)
    allowed[np.flatnonzero(empty), fallback[empty]] = True
    return allowed


def generate_floors(
    grid: FloorGrid, algorithm: str, rng: Rng, options: dict[str, str] | None, share: float, braid: float = 0.0
) -> Maze:
    """A maze over all floors of ``grid`` carved by ``algorithm`` (module docstring).

    Args:
        grid: the full stacked grid (every stair candidate an edge).
        algorithm: a graph-generic generator name.
        rng: the level's random stream (stairs are drawn first, then the generator's, then braid's).
        options: generator options (growing tree's rule).
        share: the share of stair candidates allowed, 0..1.
        braid: share of dead ends removed afterwards, 0..1 (0: a perfect maze).

    Returns:
        A :class:`Maze` on ``grid`` from its start to its goal.

    Raises:
        ValueError: a row-based generator (one sentence naming those that can), a bad option.
    """
    from engine.maze.generators import generate
    from engine.maze.generators.braid import braid as braid_fn

    base = grid.base_grid
    allowed = choose_stairs(base.n, grid.floors, share, rng)
    carve = stack_grid(base, grid.floors, allowed, geometry=False)
    if base.kind == "square" and algorithm == "backtracker" and not options:
        passage = square_floor_backtracker(carve, rng)  # the fast path: the same maze
    else:
        carve.memo("generators.hops", lambda: floor_hops(carve))
        passage = generate(carve, algorithm, rng, options)
    if braid:
        passage = braid_fn(carve, passage, braid, rng)
    return Maze(grid, to_full(grid, allowed, passage), grid.start, grid.goal)


def to_full(grid: Grid, allowed: np.ndarray, passage: np.ndarray) -> np.ndarray:
    """Passages of a carving graph with only ``allowed`` stairs as ``(E,)`` bool over the full ``grid``."""
    s0 = grid.stair_start
    out = np.zeros(grid.num_edges, dtype=bool)
    out[:s0] = passage[:s0]
    out[s0 + np.flatnonzero(allowed.ravel())] = passage[s0:]
    return out


def open_stairs(maze: Maze) -> np.ndarray:
    """``(K, 2)`` int64 ``[lower cell, upper cell]`` of every open stair (empty on one floor)."""
    g = maze.grid
    s0 = g.stair_start
    open_ids = s0 + np.flatnonzero(maze.passage[s0:])
    return g.edges[open_ids].astype(np.int64).reshape(-1, 2)


#: A stair mark's size: the distance from its centre to a corner, in cell units (cells are 1 apart).
MARK_RADIUS = 0.22
#: How far a mark sits from its cell's centre (up marks above it, down marks below), so a cell with
#: both stairs shows both.
MARK_SHIFT = 0.14


def stair_marks(maze: Maze) -> tuple[np.ndarray, np.ndarray]:
    """Where pictures mark the open stairs: ``(up, down)``, each ``(K, 3, 2)`` float64 triangles in the
    grid's drawing coordinates (cell units, y up, floors side by side).

    ``up[k]`` points up in stair ``k``'s lower cell, ``down[k]`` points down in its upper cell
    (:func:`open_stairs` order).  Empty ``(0, 3, 2)`` arrays without floors.
    """
    pairs = open_stairs(maze)
    if not len(pairs):
        return np.zeros((0, 3, 2)), np.zeros((0, 3, 2))
    cen = maze.grid.centers
    r, s = MARK_RADIUS, MARK_SHIFT
    tri = np.array([[0.0, r], [-0.866 * r, -0.5 * r], [0.866 * r, -0.5 * r]])
    up = cen[pairs[:, 0]][:, None, :] + tri[None] + [0.0, s]
    down = cen[pairs[:, 1]][:, None, :] - tri[None] - [0.0, s]
    return up, down


def split_at_stairs(floor_of: Sequence[int] | np.ndarray, cells: Sequence[int]) -> list[list[int]]:
    """``cells`` (a path or a trail) cut where it takes a stair: runs of cells on one floor, in order, so no
    line is drawn across the gap between floors drawn side by side (one run without floors; none when empty).

    Args:
        floor_of: the floor of every cell (``grid.floor_of``, or a list of it).
    """
    out: list[list[int]] = []
    last = -1
    for c in cells:
        f = int(floor_of[c])
        if f != last or not out:
            out.append([])
            last = f
        out[-1].append(int(c))
    return out


def stair_problems(maze: Maze) -> list[str]:
    """Sentences naming every open edge between floors that is not a stair between vertically
    adjacent cells (the same base cell on floors ``f`` and ``f + 1``); empty when all is well."""
    g = maze.grid
    fl = g.floor_of
    e = g.edges[maze.passage].astype(np.int64)
    out = []
    nb = g.n // g.floors
    for a, b in e[fl[e[:, 0]] != fl[e[:, 1]]].tolist():
        if not (fl[b] == fl[a] + 1 and b - a == nb):
            out.append(f"the passage {a}-{b} joins floors {fl[a]} and {fl[b]} but not one cell above another")
    return out


def floor_hops(grid: FloorGrid) -> Hops:
    """The walkers' :class:`~engine.maze.generators._common.Hops` of a stacked grid, from its base's.

    The tables ``generators._common.hops`` would build (a test compares them), without sorting
    millions of rows: a stacked cell's pattern is its base cell's pattern plus which stairs it has
    (down, up) and whether the cell below has a stair down too (its stair up then sits one slot on).
    """
    base = grid.base_grid
    hb = hops(base)
    nb, floors = base.n, grid.floors
    allowed = grid.stairs_open_to
    down = np.zeros((floors, nb), dtype=np.int64)
    down[1:] = allowed
    up = np.zeros((floors, nb), dtype=np.int64)
    up[:-1] = allowed
    below = np.zeros((floors, nb), dtype=np.int64)  # the cell below has a stair down
    below[1:] = down[:-1]
    # Base patterns by the identity of their shared tuples (a few hundred distinct).
    ks, n_step = _factorize(np.fromiter(map(id, hb.step), dtype=np.int64, count=nb))
    kc, n_clear = _factorize(np.fromiter(map(id, hb.clear), dtype=np.int64, count=nb))
    base_kind, n_kinds = _factorize(ks * n_clear + kc)
    first_of = np.zeros(n_kinds, dtype=np.int64)
    first_of[base_kind[::-1]] = np.arange(nb - 1, -1, -1)  # a base cell of each pattern
    key = (np.tile(base_kind, floors) << 3) | (down << 2 | up << 1 | below).ravel()
    pats = np.flatnonzero(np.bincount(key))
    number = np.zeros(int(pats[-1]) + 1, dtype=np.int64)
    number[pats] = np.arange(len(pats))
    inverse = number[key]
    steps, clears, lows = [], [], []
    for kk in pats.tolist():
        c = int(first_of[kk >> 3])
        st, cl, deg = hb.step[c], hb.clear[c], len(hb.step[c])
        extra_s: tuple[int, ...] = ()
        extra_c: tuple[int, ...] = ()
        if kk >> 2 & 1:  # down: this cell sits in the lower cell's up slot
            extra_s += (-nb,)
            extra_c += (0xFF ^ (1 << (deg + (kk & 1))),)
        if kk >> 1 & 1:  # up: this cell sits in the upper cell's down slot (right after its planar ones)
            extra_s += (nb,)
            extra_c += (0xFF ^ (1 << deg),)
        steps.append(st + extra_s)
        clears.append(cl + extra_c)
        lows.append(min(st + extra_s, default=0))
    inv = inverse.ravel()

    def spread(values: list[T]) -> list[T]:
        table = np.empty(len(values), dtype=object)
        table[:] = values
        out: list[T] = table[inv].tolist()
        return out

    deg_all = np.frombuffer(hb.full, dtype=np.uint8)
    deg_all = np.tile(np.array([bin(v).count("1") for v in range(256)], dtype=np.int64)[deg_all], floors)
    deg_all += (down + up).ravel()
    return Hops(
        ((1 << deg_all) - 1).astype(np.uint8).tobytes(),
        spread(steps),
        spread(clears),
        spread(lows),
        array("i", grid.indptr.astype(np.int32).tobytes()),
        array("i", grid.edge_id.astype(np.int32).tobytes()),
        spread([visitor(st, cl) for st, cl in zip(steps, clears, strict=True)]),
    )


_BUCKETS = 65521  # a prime: object addresses spread over it


def _factorize(values: np.ndarray) -> tuple[np.ndarray, int]:
    """``(number, count)``: each value's rank among the distinct values' buckets, for few distinct values.

    Hashes into :data:`_BUCKETS` buckets and checks that no bucket holds two values (else sorts):
    linear time where ``np.unique`` sorts a million values.
    """
    h = values % _BUCKETS
    lo = np.full(_BUCKETS, np.iinfo(np.int64).max, dtype=np.int64)
    hi = np.full(_BUCKETS, np.iinfo(np.int64).min, dtype=np.int64)
    np.minimum.at(lo, h, values)
    np.maximum.at(hi, h, values)
    used = np.flatnonzero(hi >= lo)
    if not np.array_equal(lo[used], hi[used]):
        _, inverse = np.unique(values, return_inverse=True)
        return inverse.ravel().astype(np.int64), int(inverse.max()) + 1 if len(values) else 0
    number = np.zeros(_BUCKETS, dtype=np.int64)
    number[used] = np.arange(len(used))
    return number[h], len(used)


def square_floor_backtracker(grid: FloorGrid, rng: Rng) -> np.ndarray:
    """The recursive backtracker on stacked square floors by direction arithmetic (the square fast path).

    Carves the maze ``generators.backtracker.backtracker_core`` carves on ``grid`` (the same draws and
    the same neighbour order: S, E, N, W, down, up; a test compares them) without the per-cell tables:
    each cell keeps a 6-bit mask of its unvisited directions, neighbours and edge ids are arithmetic
    (stairs: a list of the carving graph's stair ids by lower cell).

    Args:
        grid: a stacked square grid (a carving graph: only its allowed stairs are edges).

    Returns:
        ``(E,)`` bool passages over ``grid``'s edges.
    """
    from engine.maze.generators._common import COUNT, SLOTS, chunk_size, to_passage, u32_list

    base = grid.base_grid
    w, h, nb, floors, eb = base.width, base.height, base.n, grid.floors, base.num_edges
    n = grid.n
    r, col = np.divmod(np.arange(nb, dtype=np.int64), w)
    planar = (r > 0).astype(np.int64) | (col < w - 1) << 1 | (r < h - 1) << 2 | (col > 0) << 3
    allowed = grid.stairs_open_to
    down = np.zeros((floors, nb), dtype=np.int64)
    down[1:] = allowed
    up = np.zeros((floors, nb), dtype=np.int64)
    up[:-1] = allowed
    masks = np.tile(planar, floors) | (down << 4 | up << 5).ravel()
    um = bytearray(masks.astype(np.uint8).tobytes() + bytes(nb + 1))  # writes that miss land in the padding
    st = ((masks >> 4) != 0).astype(np.uint8).tobytes()  # cells with a stair (the others' vertical writes miss)
    up_edge = np.full(n, -1, dtype=np.int64)
    lower = np.flatnonzero(allowed.ravel())
    up_edge[lower] = floors * eb + np.arange(len(lower))
    up_e: list[int] = up_edge.tolist()
    rows = floors * h  # row index r = c // w runs over every floor; these fix the floor's edge-id shift
    hfix = [(q // h) * (eb - nb + h) for q in range(rows)]
    vfix = [(q // h) * (eb - nb) + h * (w - 1) - w for q in range(rows)]
    off = (-w, 1, w, -1, -nb, nb)
    o0, o1, o2, o3, o4, o5 = off
    c0, c1, c2, c3, c4, c5 = (0xFF ^ (1 << b) for b in (2, 3, 0, 1, 5, 4))  # clear this cell in that neighbour
    pas = bytearray(grid.num_edges)
    start = rng.below(n)
    um[start + o0] &= c0
    um[start + o1] &= c1
    um[start + o2] &= c2
    um[start + o3] &= c3
    um[start + o4] &= c4
    um[start + o5] &= c5
    stack = [start]
    push = stack.append
    pop = stack.pop
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    c = start
    while True:
        mk = um[c]
        if mk:
            m = COUNT[mk]
            if m == 1:
                k = SLOTS[mk][0]
            else:
                if bi == cs:
                    buf = u32_list(rng, cs)
                    bi = 0
                k = SLOTS[mk][(buf[bi] * m) >> 32]
                bi += 1
            d = c + off[k]
            if k < 4:
                q = c // w
                e = c - q - (k >> 1) + hfix[q] if k & 1 else vfix[q] + c + (k >> 1) * w
            else:
                e = up_e[c] if k == 5 else up_e[d]
            um[d + o0] &= c0
            um[d + o1] &= c1
            um[d + o2] &= c2
            um[d + o3] &= c3
            if st[d]:  # a cell with a stair: its neighbours above and below forget it too
                um[d + o4] &= c4
                um[d + o5] &= c5
            pas[e] = 1
            push(d)
            c = d
        else:
            pop()
            if not stack:
                break
            c = stack[-1]
    return to_passage(pas)
