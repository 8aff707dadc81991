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

from array import array
from typing import NoReturn

import numpy as np

from engine.maze.generators._common import to_passage
from engine.maze.generators.growing_tree import tuple_walk
from engine.maze.generators.visits import Hops, _mix, degree_visitors, spread
from engine.maze.grids.base import Grid, Layout, build_grid, gc_paused
from engine.maze.model import Maze
from engine.rng import Rng

#: Tessellations that can weave: every interior cell has opposite neighbours on straight lines.
WEAVE_SHAPES: tuple[str, ...] = ("square", "hex")
#: Neighbours of an interior cell, per weave shape (half of them are the axes).
_FULL_DEGREE = {"square": 4, "hex": 6}
QUOTIENT_KIND = "weave-quotient"


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


class Crossings:
    """The crossings placed on a base grid (all arrays ``(K,)`` int64 unless said).

    Attributes:
        over: the crossing cells.
        a, b: the over corridor's ends (the cell's two open edges lead to them).
        c, d: the under passage's ends (joined by the under-edge).
        forced: ``(2K,)`` base edge ids forced open (the over corridors).
        closed: ``(E,)`` bool, base edges forced closed.
    """

    def __init__(
        self,
        over: np.ndarray,
        a: np.ndarray,
        b: np.ndarray,
        c: np.ndarray,
        d: np.ndarray,
        forced: np.ndarray,
        closed: np.ndarray,
    ) -> None:
        self.over, self.a, self.b, self.c, self.d = over, a, b, c, d
        self.forced = forced
        self.closed = closed

    def __len__(self) -> int:
        return int(self.over.shape[0])

    def table(self) -> np.ndarray:
        """``(K, 3)`` int32 ``[over_cell, under_a, under_b]`` (``under_a < under_b``)."""
        lo = np.minimum(self.c, self.d)
        hi = np.maximum(self.c, self.d)
        return np.stack([self.over, lo, hi], axis=1).astype(np.int32).reshape(-1, 3)


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
    touched = bytearray(n)
    if grid.plain:
        chosen = _greedy_lattice(grid, order[pos], touched)
    else:
        chosen = _greedy_rings(grid, order, pos, degree, touched)
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


def _greedy_lattice(grid: Grid, cells: np.ndarray, touched: bytearray) -> list[int]:
    """:func:`_greedy_rings` on a whole square or hex grid (``cells``: the candidates, interior
    cells): the ring is found by arithmetic on the cell id (square: ``x +- 1``, ``x +- w``; hex
    rows shift by half a cell, so the rows above and below hold ``x +- w + odd - 1`` and
    ``x +- w + odd``), the same choice without a neighbour table per candidate."""
    w = grid.width
    chosen: list[int] = []
    if grid.kind == "square":
        for i, x in enumerate(cells.tolist()):
            if touched[x] or touched[x - 1] or touched[x + 1] or touched[x - w] or touched[x + w]:
                continue
            touched[x] = touched[x - 1] = touched[x + 1] = touched[x - w] = touched[x + w] = 1
            chosen.append(i)
        return chosen
    # hex: the six neighbours must be interior too (the bridge's corner edges close), so the
    # candidate's row and column are at least 2 from every side of the grid.
    h = grid.height
    r, c = cells // w, cells % w
    inner = np.flatnonzero((r >= 2) & (r < h - 2) & (c >= 2) & (c < w - 2))
    low = cells + (r & 1) - 1  # the lower-left neighbour's column in this row
    for i, x, a in zip(inner.tolist(), cells[inner].tolist(), low[inner].tolist(), strict=True):
        if (
            touched[x]
            or touched[x - 1]
            or touched[x + 1]
            or touched[a - w]
            or touched[a - w + 1]
            or touched[a + w]
            or touched[a + w + 1]
        ):
            continue
        touched[x] = touched[x - 1] = touched[x + 1] = touched[a - w] = touched[a - w + 1] = 1
        touched[a + w] = touched[a + w + 1] = 1
        chosen.append(i)
    return chosen


def _no_geometry() -> NoReturn:
    raise ValueError("a weave quotient graph has no drawing geometry")


def quotient_grid(grid: Grid, cr: Crossings) -> tuple[Grid, np.ndarray]:
    """The graph the generator carves (module docstring, step 2) and its edges' base edge ids.

    Nodes are the cells with each over path ``a - X - b`` and each under pair ``c, d``
    contracted to one node (numbered in order of their smallest kept cell); edges are the
    base edges neither forced open nor forced closed, in base edge order.

    Returns:
        ``(quotient, base_edge)``: a :class:`Grid` of kind ``weave-quotient`` (no geometry)
        and ``(E_q,)`` int64, the base edge of each quotient edge.
    """
    node_of, keep = _groups(grid, cr)
    new_id = np.cumsum(keep, dtype=np.int32) - 1
    node = new_id[node_of]
    del node_of, new_id
    nq = int(keep.sum())
    del keep
    base_edge, pairs, csr, twin = _contract(grid, cr, node, nq)
    layout = Layout(_no_geometry, _no_geometry, _no_geometry, _no_geometry)
    q = build_grid(QUOTIENT_KIND, grid.width, grid.height, pairs, csr, layout)
    q.memo(TWIN_KEY, lambda: twin)
    return q, base_edge


def _groups(grid: Grid, cr: Crossings) -> tuple[np.ndarray, np.ndarray]:
    """``(node_of, keep)``: ``(n,)`` int32, each cell's group's kept cell (``a`` for ``a - X - b``, ``c`` for
    ``c = d``, else itself), and ``(n,)`` bool, the kept cells (not ``X``, ``b`` or ``d``)."""
    n = grid.n
    # int32 throughout (ids < 2**31): at a million cells the temporaries are the peak of a weave build.
    node_of = np.arange(n, dtype=np.int32)
    node_of[cr.over] = cr.a
    node_of[cr.b] = cr.a
    node_of[cr.d] = cr.c
    keep = np.ones(n, dtype=bool)
    keep[cr.over] = False
    keep[cr.b] = False
    keep[cr.d] = False
    return node_of, keep


def _contract(
    grid: Grid, cr: Crossings, node: np.ndarray, count: int
) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
    """The quotient's edges and CSR with cell ``x`` in node ``node[x]`` (``count`` nodes; ``node`` must keep
    the kept cells' order: :func:`quotient_grid` numbers them ``0..``, :func:`cell_walk` keeps cell ids).

    Returns ``(base_edge, pairs, (indptr, nbr, edge_id), twin)``: ``(E_q,)`` int64 base edge of each
    quotient edge; ``(E_q, 2)`` int32 node pairs ``lo < hi``; the CSR, each node's row listing its edges
    where it is the lower end then those where it is the higher, each part in base edge order; and
    each CSR entry's twin (the same edge's entry at its other end).
    """
    avail = ~cr.closed
    avail[cr.forced] = False
    base_edge = np.flatnonzero(avail)
    del avail
    m = len(base_edge)
    pairs = np.empty((m, 2), dtype=np.int32)
    u = node[grid.edges[base_edge, 0]]
    v = node[grid.edges[base_edge, 1]]
    np.minimum(u, v, out=pairs[:, 0])
    np.maximum(u, v, out=pairs[:, 1])
    del u, v
    src = pairs.T.ravel()  # lo then hi: each edge seen from both ends
    # A stable sort: the lo and hi ends each come in base edge order, a few long ascending runs that
    # timsort (numpy's stable sort of int32) merges in about a third of the time two radix passes take.
    order = np.argsort(src, kind="stable")
    indptr = np.zeros(count + 1, dtype=np.int32)
    np.cumsum(np.bincount(src, minlength=count), out=indptr[1:])
    del src
    nbr = pairs[:, ::-1].T.ravel()[order]  # hi then lo
    eid = (order % m).astype(np.int32)
    # Each CSR entry's twin (the same edge seen from its other end), for the walkers' tables: entry t holds
    # end order[t] of the 2m ends (lo ends, then hi ends); its twin holds end (order[t] + m) % 2m.
    where = np.empty(2 * m, dtype=np.int32)
    where[order] = np.arange(2 * m, dtype=np.int32)
    order += m
    order %= 2 * m
    twin = where[order]
    del order, where
    return base_edge, pairs, (indptr, nbr, eid), twin


TWIN_KEY = "weave.twin"
"""Memo key of a quotient graph's CSR twins (built with the graph, used once by :func:`quotient_hops`)."""


def _twins(q: Grid) -> np.ndarray:
    """Each CSR entry's twin: the entry of the same edge at its other end."""
    order = np.argsort(q.edge_id, kind="stable")  # the two slots of each edge, adjacent
    rev = np.empty_like(order)
    rev[order[0::2]] = order[1::2]
    rev[order[1::2]] = order[0::2]
    return rev


HOPS_CHUNK = 65536
"""Quotient nodes whose tables :func:`quotient_hops` turns into Python lists at a time."""


def quotient_hops(q: Grid) -> Hops:
    """The walkers' :class:`~engine.maze.generators._common.Hops` of a quotient graph, one tuple per node.

    The same tables ``generators._common.hops`` builds (tests compare them), without its
    deduplication by neighbour pattern: after contraction nearly every node has a pattern
    of its own, so deduplicating costs seconds at a million cells and saves nothing.

    Raises:
        ValueError: a node with more than 8 neighbours (the walkers' limit).
    """
    n = q.n
    ip = q.indptr
    deg = np.diff(ip)
    if n and int(deg.max()) > 8:
        raise ValueError(f"walkers need at most 8 neighbours per cell, the quotient graph has {int(deg.max())}")
    src = np.repeat(np.arange(n, dtype=np.int32), deg)
    pos = np.arange(len(src), dtype=np.int32) - ip[src]  # slot within the node
    # Per node, the slots it holds in its neighbours' rows (3 bits each) and its degree, as one key:
    # the clear tuples are shared by key (a few hundred of them), as the masks are 0xFF minus that bit.
    rev = q.memo(TWIN_KEY, lambda: _twins(q))
    q.forget(TWIN_KEY)
    bits = pos[rev] << (3 * pos)  # int32: 8 slots of 3 bits, and the degree above them, fit in 28 bits
    del pos, rev
    acc = np.zeros(len(bits) + 1, dtype=np.int32)
    np.cumsum(bits, out=acc[1:])
    del bits
    key = acc[ip[1:]] - acc[ip[:-1]] + (deg.astype(np.int32) << 24)
    del acc
    keys, key_inv = np.unique(key, return_inverse=True)
    del key
    clears = []
    for kk in keys.tolist():
        clears.append(tuple(0xFF ^ (1 << ((kk >> (3 * j)) & 7)) for j in range(kk >> 24)))
    # One int object per distinct offset (a few thousand values over millions of entries), found by
    # value when the offsets span a small range (they do: neighbours stay near in id), else by sorting.
    offs = q.nbr - src
    del src
    least = int(offs.min()) if len(offs) else 0
    span = int(offs.max()) - least + 1 if len(offs) else 0
    if span <= 1 << 20:
        objects = np.empty(span, dtype=object)
        objects[:] = range(least, least + span)
        inverse: np.ndarray = offs - least
    else:
        distinct, inverse = np.unique(offs, return_inverse=True)
        objects = np.empty(len(distinct), dtype=object)
        objects[:] = distinct.tolist()
    # The smallest offset of each node (0 without neighbours), as the same shared objects.
    has = deg > 0
    low_at = np.zeros(n, dtype=np.int64)
    if len(offs):
        low_at[has] = np.minimum.reduceat(inverse, ip[:-1][has])
    low_obj = objects[low_at] if len(objects) else np.zeros(n, dtype=object)
    low_obj[~has] = 0
    del offs, low_at
    with gc_paused():
        # Per node, its slice of the offsets as a tuple (map and slice objects: no Python loop body).
        off = objects[inverse].tolist()
        ipl = ip.tolist()
        step = list(map(tuple, map(off.__getitem__, map(slice, ipl[:-1], ipl[1:]))))
        del off, ipl
        del inverse
        clear = spread(clears, key_inv)
        low: list[int] = low_obj.tolist()
    return Hops(
        ((1 << deg) - 1).astype(np.uint8).tobytes(),
        step,
        clear,
        low,
        array("i", ip.astype(np.int32).tobytes()),
        array("i", q.edge_id.astype(np.int32).tobytes()),
        spread(degree_visitors(step, clear), deg),
    )


def cell_walk(grid: Grid, cr: Crossings, rng: Rng) -> tuple[np.ndarray, np.ndarray]:
    """The backtracker's tree on the quotient graph of ``grid`` and ``cr``, walked on the base grid's cell ids.

    The quotient's nodes keep their group's kept cell as id (the cells ``X``, ``b`` and ``d`` become holes
    without neighbours), so a node's offsets to its neighbours are lattice steps that repeat all over the
    grid, and the walkers' tables hold one tuple per pattern (a few thousand) instead of one per node.  Node
    order is the kept cells' order, each row's slot order is :func:`quotient_grid`'s, and the start is the
    same node: the same draws and the same tree as the backtracker on :func:`quotient_grid` (tested).

    Returns:
        ``(base_edge, tree)``: ``(E_q,)`` int64, the base edge of each quotient edge (as
        :func:`quotient_grid` gives it), and ``(E_q,)`` bool, the tree's edges.
    """
    node_of, keep = _groups(grid, cr)
    nodes = np.flatnonzero(keep)
    del keep
    base_edge, _, (indptr, nbr, eid), twin = _contract(grid, cr, node_of, grid.n)
    del node_of
    full, step, clear = _cell_tables(indptr, nbr, twin)
    del nbr, twin
    pas = tuple_walk(
        full,
        step,
        clear,
        array("i", indptr.tobytes()),
        array("i", eid.tobytes()),
        len(base_edge),
        rng,
        nodes,
    )
    return base_edge, to_passage(pas)


def _cell_tables(
    indptr: np.ndarray, nbr: np.ndarray, twin: np.ndarray
) -> tuple[bytes, list[tuple[int, ...]], list[tuple[int, ...]]]:
    """``(full, step, clear)`` of a CSR graph (as :class:`Hops` holds them), one tuple shared per pattern.

    A node's pattern is its degree, its offsets to its neighbours and its slot in each of them, mixed into
    a 64-bit key by one running sum over the CSR (as :func:`engine.maze.generators.visits.csr_hops` does);
    every node is checked against its pattern's first node entry by entry, so a collision (never seen)
    gives every node its own tuples instead.

    Raises:
        ValueError: a node with more than 8 neighbours (the walkers' limit).
    """
    n = len(indptr) - 1
    ip = indptr.astype(np.int64)
    deg = np.diff(ip)
    if n and int(deg.max()) > 8:
        raise ValueError(f"walkers need at most 8 neighbours per cell, the quotient graph has {int(deg.max())}")
    m = len(nbr)
    src = np.repeat(np.arange(n, dtype=np.int32), deg)
    pos = np.arange(m, dtype=np.int32)
    pos -= indptr[src]  # slot of each entry in its node's row
    # Per entry, its offset and its slot at the neighbour (what the clear mask is made of) as one int.
    val = nbr.astype(np.int64)
    val -= src
    del src
    val <<= 3
    val += pos[twin]
    mul = _mix(9)
    with np.errstate(over="ignore"):
        term = val.view(np.uint64) * mul[pos]
        del pos
        acc = np.zeros(m + 1, dtype=np.uint64)
        np.cumsum(term, out=acc[1:])
        del term
        key = acc[ip[1:]] - acc[ip[:-1]]
        del acc
        key += deg.astype(np.uint64) * mul[8]
    _, rep, inverse = np.unique(key, return_index=True, return_inverse=True)
    del key
    inverse = inverse.ravel()
    mine = rep[inverse]
    same = np.repeat(ip[mine] - ip[:-1], deg)
    exact = np.array_equal(deg[mine], deg)
    del mine
    if exact:
        same += np.arange(m, dtype=np.int64)
        exact = np.array_equal(val[same], val)
    del same
    if not exact:  # a key collision: every node its own pattern
        rep = np.arange(n, dtype=np.int64)
        inverse = rep
    count = deg[rep]
    ptr = np.zeros(len(rep) + 1, dtype=np.int64)
    np.cumsum(count, out=ptr[1:])
    take = np.arange(int(ptr[-1]), dtype=np.int64) + np.repeat(ip[rep] - ptr[:-1], count)
    rows = val[take]
    del val, take
    offl = (rows >> 3).tolist()
    clrl = (0xFF ^ (1 << (rows & 7))).tolist()
    ptl = ptr.tolist()
    steps = [tuple(offl[lo:hi]) for lo, hi in zip(ptl[:-1], ptl[1:], strict=True)]
    clears = [tuple(clrl[lo:hi]) for lo, hi in zip(ptl[:-1], ptl[1:], strict=True)]
    full = ((1 << deg) - 1).astype(np.uint8).tobytes()
    return full, spread(steps, inverse), spread(clears, inverse)


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
    order = np.argsort(pos, kind="stable")
    nbr = np.insert(base.nbr, pos[order], np.concatenate([d, c])[order].astype(np.int32))
    eid = np.insert(base.edge_id, pos[order], np.concatenate([uid, uid])[order])
    indptr = base.indptr.astype(np.int64).copy()
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
    if info.name == "backtracker":
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
