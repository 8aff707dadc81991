"""True Prim: every edge gets a random 32-bit weight; the maze is the
minimum spanning tree grown from a random cell with a binary heap.  Equal
weights are broken by the edge id, so the result is fully determined.
"""

from __future__ import annotations

import heapq
from array import array

import numpy as np

from engine.maze.generators._common import (
    Record,
    make_generator_forms,
    to_passage,
)
from engine.maze.generators._info import ALL_SHAPES, generator_info
from engine.maze.generators.spanning import spanning_forest_by_rank, unique_for_weights
from engine.maze.generators.visits import hops
from engine.maze.grids.base import Grid
from engine.rng import Rng


def _flat(grid: Grid) -> tuple[array[int], array[int], array[int]]:
    """``grid.nbr``, ``grid.edge_id`` and ``grid.indptr`` as compact ``array('i')`` (memoised).

    Indexed element by element like lists, at 4 bytes an entry instead of a
    pointer plus an int object.
    """
    h = hops(grid)
    nbr = grid.memo("generators.nbr_array", lambda: array("i", grid.nbr.astype(np.int32).tobytes()))
    return nbr, h.eid, h.first


def prim_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """True Prim on random edge weights; returns the ``(E,)`` bool passages.

    Draws ``E`` raw words for the weights (edge order), then the start cell
    with ``rng.below(n)``.  The heap holds one int per adjacency slot ``s``
    (index into ``grid.nbr``): ``weight << bits | s``, so equal weights are
    broken by the slot and the popped slot names both the target cell and the edge.

    All keys differ, so the cells join in the order of their smallest pushed key
    whatever else the heap holds: a key is pushed only if it beats the best one
    already pushed for its cell (``best``, -1 once the cell is in the maze), which
    spares the heap the entries that could only be popped stale.
    """
    n = grid.n
    ne = grid.num_edges
    bits = max(1, (2 * ne).bit_length())
    wbits = min(32, 63 - bits)
    w = rng.u64_array(ne) >> np.uint64(64 - wbits)
    if rec is None:
        # Prim's tree is a minimum spanning tree for the weights; when that tree is the
        # only one (always, unless equal weights could be swapped), Borůvka finds it in
        # whole-array passes.  Otherwise Prim's slot tie-break decides: the heap below.
        order = np.argsort(w, kind="stable")
        ea, eb = grid.edges[:, 0], grid.edges[:, 1]
        tree = spanning_forest_by_rank(n, ea, eb, order)[0]
        if unique_for_weights(n, tree, ea, eb, w, order):
            rng.below(n)  # Prim's start cell: the stream stays where Prim leaves it
            return tree
    keyf = ((w[grid.edge_id] << np.uint64(bits)) | np.arange(2 * ne, dtype=np.uint64)).tolist()
    nbrf, eidf, ip = _flat(grid)
    mask = (1 << bits) - 1
    best = [1 << 64] * n
    pas = bytearray(ne)
    start = rng.below(n)
    best[start] = -1
    heap = keyf[ip[start] : ip[start + 1]]
    for t in range(ip[start], ip[start + 1]):
        best[nbrf[t]] = keyf[t]
    heapq.heapify(heap)
    pop = heapq.heappop
    push = heapq.heappush
    left = n - 1
    if rec is not None:
        rec.append(("visit", start))
    while left:
        s = pop(heap) & mask
        a = nbrf[s]
        if best[a] < 0:
            continue
        best[a] = -1
        pas[eidf[s]] = 1
        left -= 1
        if rec is not None:
            rec.append(("open", eidf[s]))
            rec.append(("visit", a))
            rec.append(("current", a))
        for t in range(ip[a], ip[a + 1]):
            key = keyf[t]
            x = nbrf[t]
            if key < best[x]:
                best[x] = key
                push(heap, key)
    return to_passage(pas)


run_prim, steps_prim = make_generator_forms("true Prim", prim_core)

INFO = generator_info(
    "prim",
    "PR",
    "True Prim: minimum spanning tree on random edge weights (many short dead ends)",
    ALL_SHAPES,
    run_prim,
    steps_prim,
)
