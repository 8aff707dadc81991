"""The quotient graph a weave maze's generator carves (step 2 of :mod:`engine.maze.weave`) and its walk tables.

Each fixed passage group (an over path ``a - X - b``, an under pair ``c = d``) is contracted to one node;
the other base edges, neither forced open nor forced closed, are its edges.  :func:`quotient_grid` numbers
the nodes ``0..`` (any graph-generic generator runs on it); :func:`cell_walk`, the backtracker's fast
form, keeps each node at its kept cell's id, so its tables are shared by pattern.
"""

from __future__ import annotations

from array import array
from typing import NoReturn

import numpy as np

from engine.maze.generators._common import to_passage
from engine.maze.generators.backtracker import tuple_walk
from engine.maze.generators.visits import Hops, degree_visitors, pattern_tuples, row_patterns, spread
from engine.maze.grids.base import Grid, Layout, build_grid, gc_paused
from engine.rng import Rng

QUOTIENT_KIND = "weave-quotient"


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
    src = np.repeat(np.arange(n, dtype=np.int32), deg)
    val, groups = row_patterns(ip, deg, nbr, src, twin)
    del src
    if groups is None:  # a key collision: every node its own pattern
        rep = inverse = np.arange(n, dtype=np.int64)
    else:
        rep, inverse = groups
    steps, clears = pattern_tuples(ip, deg, val, rep)
    del val
    full = ((1 << deg) - 1).astype(np.uint8).tobytes()
    return full, spread(steps, inverse), spread(clears, inverse)
