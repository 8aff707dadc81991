"""Weave mazes: passages that cross over and under each other (square and hex grids).

How a weave maze is made ("preconfigured weave", generalised to every graph-generic
generator):

1. **Crossings first** (:func:`place_crossings`).  The cells are visited in a random
   order; an interior cell (every neighbour exists; on hex grids every neighbour's
   neighbour too) whose own neighbourhood is still untouched becomes, with probability
   ``share``, a *crossing*: one axis through it is
   the **over** corridor (the cell's two edges along it are open passages), another axis
   is the **under** passage (an *under-edge* joins the two opposite neighbours straight
   through, below the cell); every other edge of the crossing cell is closed, and on hex
   grids so are the six edges between consecutive neighbours around it (the bridge's
   corners), which keeps every node of step 2 at most 6 neighbours.  "Untouched" means
   neither a crossing nor next to one, so crossings are at least 3 steps apart, every
   fixed passage group is exactly an over path ``a - X - b`` or an under pair ``c = d``
   (so the fixed passages are a forest), and every removed edge's two cells stay joined
   around the crossing (so the rest stays connectable; the module's tests check both).
2. **The rest is carved by any graph-generic generator** (:func:`quotient_grid`): each
   fixed group is contracted to one node and the generator runs unchanged on that
   quotient graph (a :class:`~engine.maze.grids.base.Grid` of kind ``weave-quotient``, so no
   square fast path is taken); its tree edges are mapped back to cell edges.  The result
   is a spanning tree over the cells whose edges are the grid's edges plus the under-edges.

The maze's grid is :func:`weave_grid`: the base grid plus one under-edge per crossing,
appended after the base edges in crossing order (edge ``E_base + k`` belongs to crossing
``k``) and listed in each end's CSR row right after the direct edge towards the crossing
cell, so wall followers still meet neighbours counter-clockwise; of those two entries at
most one is open.  ``Maze.crossings`` is ``(K, 3)`` int32 ``[over_cell, under_a, under_b]``.
"""

from __future__ import annotations

import numpy as np

from engine.maze.grids.base import Grid, Layout, build_grid
from engine.maze.model import Maze
from engine.maze.weave_quotient import Crossings, cell_walk, quotient_grid, quotient_hops
from engine.rng import Rng

#: Tessellations that can weave: every interior cell has opposite neighbours on straight lines.
WEAVE_SHAPES: tuple[str, ...] = ("square", "hex")
#: Neighbours of an interior cell, per weave shape (half of them are the axes).
_FULL_DEGREE = {"square": 4, "hex": 6}


def weave_generators() -> tuple[str, ...]:
    """Names of the generators that can carve a weave maze: those written for any grid graph."""
    from engine.maze.generators import ALL_SHAPES, GENERATORS

    return tuple(name for name, g in GENERATORS.items() if set(ALL_SHAPES) <= set(g.shapes))


def check_weave(shape: str, algorithm: str, share: float, braid: float = 0.0) -> None:
    """Refuse a weave request that cannot be built, with one sentence.

    Args:
        shape: canonical tessellation name.
        algorithm: canonical generator name.
        share: how often a crossing is allowed, 0..1 (0: not a weave maze; nothing is checked).
        braid: the braid share asked for with it.

    Raises:
        ValueError: weave outside 0..1, a shape other than square or hex, a row-based
            generator (the message names the ones that can weave), or braid with weave.
    """
    share = float(share)
    if not 0.0 <= share <= 1.0:  # also refuses NaN
        raise ValueError(f"weave must be between 0 and 1, got {share}")
    if share == 0.0:
        return
    if shape not in WEAVE_SHAPES:
        raise ValueError(f"weave mazes need a square or hex grid, not {shape}")
    if algorithm not in weave_generators():
        raise ValueError(
            f"generator '{algorithm}' cannot weave (it works row by row); "
            f"weave works with: {', '.join(weave_generators())}"
        )
    if braid:
        raise ValueError("braid cannot be combined with weave (a braid could open a wall of a crossing)")


PAIR_CHUNK = 65536
"""Cell pairs :func:`edges_between` looks up at a time."""


def edges_between(grid: Grid, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """Edge ids joining ``u[i]`` and ``v[i]`` (``-1`` where they are not adjacent), vectorised."""
    u = np.asarray(u, dtype=np.int64)
    v = np.asarray(v, dtype=np.int64)
    out = np.full(len(u), -1, dtype=np.int64)
    ip = grid.indptr
    for lo in range(0, len(u), PAIR_CHUNK):  # bounded temporaries: (chunk, degree) tables
        uu, vv = u[lo : lo + PAIR_CHUNK], v[lo : lo + PAIR_CHUNK]
        start = ip[uu].astype(np.int64)
        deg = ip[uu + 1] - start
        slot = np.arange(int(deg.max()))
        valid = slot[None, :] < deg[:, None]
        idx = np.where(valid, start[:, None] + slot[None, :], 0)
        hit = valid & (grid.nbr[idx] == vv[:, None])
        got = grid.edge_id[idx[np.arange(len(uu)), hit.argmax(axis=1)]]
        out[lo : lo + PAIR_CHUNK] = np.where(hit.any(axis=1), got, -1)
    return out


def _slot_of(grid: Grid, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """CSR position (index into ``grid.nbr``) of neighbour ``v[i]`` in ``u[i]``'s row (they must be adjacent)."""
    ip = grid.indptr.astype(np.int64)
    deg = ip[u + 1] - ip[u]
    slot = np.arange(int(deg.max()))
    valid = slot[None, :] < deg[:, None]
    idx = np.where(valid, ip[u][:, None] + slot[None, :], 0)
    hit = valid & (grid.nbr[idx] == v[:, None])
    pos: np.ndarray = idx[np.arange(len(u)), hit.argmax(axis=1)]
    return pos


PLACE_CHUNK = 65536
"""Candidate cells whose neighbour rings :func:`place_crossings` turns into Python lists at a time."""


def place_crossings(grid: Grid, share: float, rng: Rng) -> Crossings:
    """Choose the crossings of a weave maze on a square or hex ``grid`` (module docstring, step 1).

    Draws ``rng.permutation(n)``, ``rng.floats(n)`` and ``rng.below_array(n, pairs)`` (always,
    whatever ``share``), so the stream consumed depends only on the grid.

    Args:
        share: probability 0..1 that an eligible cell visited becomes a crossing.

    Raises:
        ValueError: a grid kind other than square or hex.
    """
    full = _FULL_DEGREE.get(grid.kind)
    if full is None:
        raise ValueError(f"weave mazes need a square or hex grid, not {grid.kind}")
    half = full // 2
    n = grid.n
    order = rng.permutation(n)
    coin = rng.floats(n)
    pick = rng.below_array(n, half * (half - 1))
    degree = np.diff(grid.indptr)
    pos = np.flatnonzero((coin < share) & (degree[order] == full))
    del coin
    if grid.plain:
        chosen = _greedy_lattice(grid, order[pos])
    else:
        chosen = _greedy_rings(grid, order, pos, degree, bytearray(n))
    at = pos[np.array(chosen, dtype=np.int64)]
    pk = pick[at].astype(np.int64)
    k = len(at)
    over = order[at].astype(np.int64)
    ov = pk // (half - 1)
    un = (ov + 1 + pk % (half - 1)) % half
    rows = grid.indptr[over].astype(np.int64)[:, None] + np.arange(full)  # (K, full) CSR positions
    nbs_all = grid.nbr[rows].astype(np.int64)
    eids = grid.edge_id[rows].astype(np.int64)
    ar = np.arange(k)
    a, b = nbs_all[ar, ov], nbs_all[ar, ov + half]
    c, d = nbs_all[ar, un], nbs_all[ar, un + half]
    is_over = np.zeros((k, full), dtype=bool)
    is_over[ar, ov] = True
    is_over[ar, ov + half] = True
    closed = np.zeros(grid.num_edges, dtype=bool)
    closed[eids[~is_over]] = True
    if grid.kind == "hex":  # the bridge's corners (on a square grid consecutive neighbours are never adjacent)
        # Every ring cell has all six neighbours, in direction order (SW, SE, E, NE, NW, W), and the next ring
        # cell from ring cell k lies two directions on from k's (tests compare edges_between).
        closed[grid.edge_id[grid.indptr[nbs_all].astype(np.int64) + (np.arange(full) + 2) % full]] = True
    forced = eids[is_over]
    return Crossings(over, a, b, c, d, forced, closed)


def _greedy_rings(grid: Grid, order: np.ndarray, pos: np.ndarray, degree: np.ndarray, touched: bytearray) -> list[int]:
    """The crossings among candidate cells ``order[pos]`` taken in turn (any square or hex grid):
    a cell whose ring (it and its neighbours; on hex grids every neighbour with all its own
    neighbours too) is untouched becomes one and touches its ring.  Returns their positions in
    ``pos``, in visit order."""
    full = _FULL_DEGREE[grid.kind]
    chosen: list[int] = []
    # A chunk of candidates at a time: their rings as Python ints are a few MB, not hundreds.
    for lo in range(0, len(pos), PLACE_CHUNK):
        part = pos[lo : lo + PLACE_CHUNK]
        cells = order[part]
        ring = grid.nbr[grid.indptr[cells].astype(np.int64)[:, None] + np.arange(full)]
        if grid.kind == "hex":  # the bridge's corner edges close: each ring cell needs all its neighbours
            ok = (degree[ring] == full).all(axis=1)
        else:
            ok = np.ones(len(cells), dtype=bool)
        for i, x, ok_i, nbs in zip(range(lo, lo + len(part)), cells.tolist(), ok.tolist(), ring.tolist(), strict=True):
            if not ok_i or touched[x]:
                continue
            for y in nbs:
                if touched[y]:
                    break
            else:
                touched[x] = 1
                for y in nbs:
                    touched[y] = 1
                chosen.append(i)
    return chosen


#: Steps ``(dr, dc)`` to the cells whose ring meets a cell's ring (every cell at most 2 steps away):
#: square rows and columns; hex in axial coordinates (row, ``col - (row - row % 2) / 2``: odd rows shift
#: east by half a cell, so a cell's neighbours are ``(0, +-1)``, ``(-1, 0)``, ``(-1, 1)``, ``(1, -1)``, ``(1, 0)``).
_NEAR = {
    "square": [(dr, dc) for dr in range(-2, 3) for dc in range(-2, 3) if 0 < abs(dr) + abs(dc) <= 2],
    "hex": [(dr, dc) for dr in range(-2, 3) for dc in range(-2, 3) if 0 < max(abs(dr), abs(dc), abs(dr + dc)) <= 2],
}
_FREE = np.iinfo(np.int32).max


def _greedy_lattice(grid: Grid, cells: np.ndarray) -> list[int]:
    """:func:`_greedy_rings` on a whole square or hex grid (``cells``: the candidates, interior cells, in
    visit order), vectorised: the positions in ``cells`` of the crossings chosen, in visit order.

    Taking each candidate in turn whose ring meets no chosen one's is the lexicographically first maximal
    independent set of the graph joining candidates whose rings meet (at most 2 steps apart).  It is found
    in rounds: a live candidate earlier than every live candidate near it is chosen, and it and the
    candidates near it leave; a candidate leaves only beside a chosen one, so each one chosen in a
    round is one the loop chooses (a few dozen rounds for a million cells, each over the live ones).
    On hex grids the candidate's six neighbours must be interior too (the bridge's corner edges close),
    so its row and column are at least 2 from every side of the grid.
    """
    w, h = grid.width, grid.height
    r, c = cells // w, cells % w
    if grid.kind == "hex":
        idx = np.flatnonzero((r >= 2) & (r < h - 2) & (c >= 2) & (c < w - 2))
        r, c = r[idx], c[idx]
        c = c - (r - (r & 1)) // 2 + (h + 1) // 2  # axial column, shifted to stay >= 0
        span = w + (h + 1) // 2
    else:
        idx = np.arange(len(cells), dtype=np.int64)
        span = w
    stride = span + 4  # a frame of 2 free cells on every side: no step leaves the table
    at = (r + 2) * stride + c + 2
    del r, c
    rank = np.full((h + 4) * stride, _FREE, dtype=np.int32)
    rank[at] = np.arange(len(at), dtype=np.int32)
    steps = [dr * stride + dc for dr, dc in _NEAR[grid.kind]]
    live = np.arange(len(at), dtype=np.int32)  # candidates still undecided, by rank
    chosen = []
    while len(live):
        here = at[live]
        if len(live) == len(at):  # the first round, over half the cells: shifted slices of the whole table
            inner = slice(2 * stride + 2, len(rank) - 2 * stride - 2)
            near = np.full(len(rank), _FREE, dtype=np.int32)
            for s in steps:
                np.minimum(near[inner], rank[inner.start + s : inner.stop + s], out=near[inner])
            least = near[here]
            del near
        else:
            least = rank[here + steps[0]]
            for s in steps[1:]:
                np.minimum(least, rank[here + s], out=least)
        won = here[live < least]
        chosen.append(live[live < least])
        rank[won] = _FREE
        for s in steps:
            rank[won + s] = _FREE
        live = live[rank[here] != _FREE]
    out: list[int] = idx[np.sort(np.concatenate(chosen))].tolist() if chosen else []
    return out


def weave_grid(base: Grid, over: np.ndarray, c: np.ndarray, d: np.ndarray) -> Grid:
    """``base`` plus one under-edge ``c[k] - d[k]`` per crossing ``over[k]`` (module docstring).

    The result has the base grid's kind, size, rows, start, goal and geometry; its
    ``walls`` entry of an under-edge is a zero-length segment at the crossing cell's
    centre (there is no wall between cells two apart).
    """
    over = np.asarray(over, dtype=np.int64)
    c = np.asarray(c, dtype=np.int64)
    d = np.asarray(d, dtype=np.int64)
    k = len(over)
    e0 = base.num_edges
    under = np.stack([np.minimum(c, d), np.maximum(c, d)], axis=1)
    edges = np.concatenate([base.edges, under.astype(np.int32)])
    uid = np.arange(e0, e0 + k, dtype=np.int32)
    ends = np.concatenate([c, d])
    pos = np.concatenate([_slot_of(base, c, over), _slot_of(base, d, over)]) + 1 if k else np.zeros(0, np.int64)
    # Insert each under-edge's entry before CSR position pos (right after the direct edge to the crossing
    # cell), as np.insert does, without its copies: the j-th insertion by position lands at pos + j, the
    # old entries fill the rest in order (the positions are distinct: the crossings' rings are disjoint).
    order = np.argsort(pos)
    put = pos[order] + np.arange(2 * k)
    size = len(base.nbr) + 2 * k
    old = np.ones(size, dtype=bool)
    old[put] = False
    nbr = np.empty(size, dtype=np.int32)
    nbr[put] = np.concatenate([d, c])[order]
    nbr[old] = base.nbr
    eid = np.empty(size, dtype=np.int32)
    eid[put] = np.concatenate([uid, uid])[order]
    eid[old] = base.edge_id
    del order, put, old
    indptr = base.indptr.astype(np.int64)
    indptr[1:] += np.cumsum(np.bincount(ends, minlength=base.n))

    def walls() -> np.ndarray:
        # The base's walls then a point per crossing, without keeping a second copy of the base's
        # (a million-cell grid's walls are 64 MB) unless the base already holds them.
        e0 = base.num_edges
        out = np.empty((e0 + len(over), 2, 2))
        out[:e0] = base.walls if "grid.walls" in base.memoised() else base.layout.walls()
        out[e0:, 0] = out[e0:, 1] = base.centers[over]
        return out

    layout = Layout(
        centers=lambda: base.centers,
        polygons=lambda: (base.poly_indptr, base.poly_xy),
        walls=walls,
        boundary=lambda: base.boundary,
        polygon=base.layout.polygon,
    )
    return build_grid(
        base.kind,
        base.width,
        base.height,
        edges,
        (indptr.astype(np.int32), nbr, eid),
        layout,
        row=base.row,
        col=base.col,
        start=base.start,
        goal=base.goal,
    )


def generate_weave(base: Grid, algorithm: str, rng: Rng, options: dict[str, str] | None, share: float) -> Maze:
    """A perfect weave maze on ``base`` (square or hex) carved by ``algorithm``.

    Args:
        base: the tessellation (its edges come first in the maze's grid).
        algorithm: a generator from :func:`weave_generators`.
        rng: the level's random stream (crossings are drawn first, then the generator's).
        options: generator options (growing tree's rule).
        share: how often a crossing is allowed, 0..1.

    Returns:
        A :class:`Maze` on :func:`weave_grid` with ``crossings`` set.

    Raises:
        ValueError: as :func:`check_weave`, or a bad generator option.
    """
    from engine.maze.generators import _check, get_generator

    info = get_generator(algorithm)
    check_weave(base.kind, info.name, share)
    cr = place_crossings(base, share, rng)
    _, opts = _check(base, info.name, options)
    if info.name == "backtracker":  # its fast form: the same tree, walked on the base grid's cell ids
        base_edge, tree = cell_walk(base, cr, rng)
    else:
        q, base_edge = quotient_grid(base, cr)
        q.memo("generators.hops", lambda: quotient_hops(q))
        tree = info.run(q, rng, opts)
    e0 = base.num_edges
    passage = np.zeros(e0 + len(cr), dtype=bool)
    passage[base_edge[tree]] = True
    passage[cr.forced] = True
    passage[e0:] = True
    grid = weave_grid(base, cr.over, cr.c, cr.d)
    return Maze(grid, passage, grid.start, grid.goal, crossings=cr.table())


def over_ends(maze: Maze) -> np.ndarray:
    """``(K, 2)`` int64: the two cells each crossing's over corridor leads to (its open direct neighbours)."""
    cr = maze.crossings
    out = np.full((len(cr), 2), -1, dtype=np.int64)
    if not len(cr):
        return out
    g = maze.grid
    # The first two open entries of each crossing cell's CSR row (what maze.open_lists()[x][:2] holds,
    # without building a Python list per cell of the maze).
    start = g.indptr[cr[:, 0]].astype(np.int64)
    deg = g.indptr[cr[:, 0] + 1] - start
    slot = np.arange(int(deg.max()))
    valid = slot[None, :] < deg[:, None]
    rows = np.where(valid, start[:, None] + slot[None, :], 0)
    is_open = valid & maze.passage[g.edge_id[rows]]
    rank = np.cumsum(is_open, axis=1)
    for j in (0, 1):
        hit = is_open & (rank == j + 1)
        found = hit.any(axis=1)
        out[found, j] = g.nbr[rows[found, hit[found].argmax(axis=1)]]
    return out


def crossing_problems(maze: Maze) -> list[str]:
    """Sentences naming every broken crossing rule (empty when the weave maze is legal).

    Rules: the crossing cell has exactly two open edges and they lead to opposite
    neighbours (collinear through it); its under ends are opposite neighbours of it on
    the other axis, joined by an open under-edge, with their direct edges to it closed.
    """
    g = maze.grid
    cr = maze.crossings
    k = len(cr)
    e0 = g.num_edges - k
    out: list[str] = []
    cen = g.centers
    for i, (x, c, d) in enumerate(cr.tolist()):
        if g.edges[e0 + i].tolist() != [c, d]:
            out.append(f"crossing {i} at cell {x}: edge {e0 + i} is not the under-edge {c}-{d}")
            continue
        if not maze.passage[e0 + i]:
            out.append(f"crossing {i} at cell {x}: the under-edge {c}-{d} is closed")
        lo, hi = int(g.indptr[x]), int(g.indptr[x + 1])
        opened = [int(y) for y, e in zip(g.nbr[lo:hi], g.edge_id[lo:hi], strict=True) if maze.passage[e]]
        if len(opened) != 2:
            out.append(f"crossing {i} at cell {x} has {len(opened)} open edges, not 2")
            continue
        for p, q, what in ((opened[0], opened[1], "over"), (c, d, "under")):
            if not np.allclose(cen[p] + cen[q], 2 * cen[x], atol=1e-9) or g.edge_between(x, p) < 0:
                out.append(f"crossing {i} at cell {x}: the {what} ends {p}, {q} are not opposite neighbours")
        for y in (c, d):
            e = int(edges_between(g, np.array([x]), np.array([y]))[0])
            if e < 0 or maze.passage[e]:
                out.append(f"crossing {i} at cell {x}: the direct edge to under end {y} is open or missing")
    return out
