"""Random-walk generators: Aldous-Broder, Wilson, hunt-and-kill.

* ``aldous-broder``: a random walk over the whole grid; the first time it
  enters a cell, the edge it came through becomes a passage.  Uniform over all
  spanning trees, slow to finish (cover time).
* ``wilson``: loop-erased random walks from every cell not yet in the maze
  (in cell-id order) until they hit the maze, which starts as one random cell.
  Uniform over all spanning trees.
* ``hunt-and-kill``: walk to random unvisited neighbours until stuck, then
  *hunt*: the first unvisited cell in cell-id order that touches the maze is
  joined to a random visited neighbour and the walk goes on from there.
"""

from __future__ import annotations

import heapq

import numpy as np

from engine.generators._common import Record, chunk_size, make_forms, to_passage, u32_list
from engine.grids.base import Grid
from engine.rng import Rng


def aldous_broder_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Aldous-Broder; returns the ``(E,)`` bool passages.

    Draws the start cell with ``rng.below(n)``, then chunks of
    :func:`chunk_size` 32-bit values, one per step of the walk.
    """
    nb, ed = grid.lists()
    n = grid.n
    deg = [len(x) for x in nb]
    vis = bytearray(n)
    pas = bytearray(grid.num_edges)
    cur = rng.below(n)
    vis[cur] = 1
    left = n - 1
    cs = chunk_size(n)
    if rec is not None:
        rec.append(("visit", cur))
        rec.append(("current", cur))
    while left:
        for r in u32_list(rng, cs):
            k = (r * deg[cur]) >> 32
            nxt = nb[cur][k]
            if not vis[nxt]:
                vis[nxt] = 1
                e = ed[cur][k]
                pas[e] = 1
                if rec is not None:
                    rec.append(("open", e))
                    rec.append(("visit", nxt))
                left -= 1
                if not left:
                    if rec is not None:
                        rec.append(("current", nxt))
                    break
            cur = nxt
            if rec is not None:
                rec.append(("current", cur))
    return to_passage(pas)


def wilson_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Wilson's algorithm; returns the ``(E,)`` bool passages.

    Draws the root with ``rng.below(n)``, then chunks of :func:`chunk_size`
    32-bit values, one per walk step.
    """
    nb, ed = grid.lists()
    n = grid.n
    deg = [len(x) for x in nb]
    intree = bytearray(n)
    pas = bytearray(grid.num_edges)
    nxtk = [0] * n  # the neighbour index taken when the walk last left each cell
    root = rng.below(n)
    intree[root] = 1
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    if rec is not None:
        rec.append(("visit", root))
    for s in range(n):
        if intree[s]:
            continue
        c = s
        while not intree[c]:
            if bi == cs:
                buf = u32_list(rng, cs)
                bi = 0
            k = (buf[bi] * deg[c]) >> 32
            bi += 1
            nxtk[c] = k
            c = nb[c][k]
            if rec is not None:
                rec.append(("current", c))
        # Retrace the loop-erased path from s and add it to the tree.
        c = s
        while not intree[c]:
            intree[c] = 1
            k = nxtk[c]
            e = ed[c][k]
            pas[e] = 1
            if rec is not None:
                rec.append(("visit", c))
                rec.append(("open", e))
            c = nb[c][k]
    return to_passage(pas)


def hunt_and_kill_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Hunt-and-kill; returns the ``(E,)`` bool passages.

    Draws the start cell with ``rng.below(n)``, then chunks of
    :func:`chunk_size` 32-bit values, one per choice among two or more cells.
    """
    nb, ed = grid.lists()
    n = grid.n
    vis = bytearray(n)
    pas = bytearray(grid.num_edges)
    c = rng.below(n)
    vis[c] = 1
    left = n - 1
    # Hunt targets: a min-heap of unvisited cells next to the maze (each cell is
    # pushed once, when its first neighbour is visited; visited ones are dropped
    # lazily), so a hunt finds the first such cell by id without scanning.
    front = bytearray(n)
    heap: list[int] = []
    push = heapq.heappush
    for x in nb[c]:
        front[x] = 1
        push(heap, x)
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    if rec is not None:
        rec.append(("visit", c))
        rec.append(("current", c))
    while left:
        nbs = nb[c]
        un = [k for k, d in enumerate(nbs) if not vis[d]]
        if un:
            m = len(un)
            if m == 1:
                k = un[0]
            else:
                if bi == cs:
                    buf = u32_list(rng, cs)
                    bi = 0
                k = un[(buf[bi] * m) >> 32]
                bi += 1
            d = nbs[k]
            e = ed[c][k]
        else:
            d = heapq.heappop(heap)
            while vis[d]:
                d = heapq.heappop(heap)
            dn = nb[d]
            inside = [k for k, x in enumerate(dn) if vis[x]]
            m = len(inside)
            if m == 1:
                k = inside[0]
            else:
                if bi == cs:
                    buf = u32_list(rng, cs)
                    bi = 0
                k = inside[(buf[bi] * m) >> 32]
                bi += 1
            e = ed[d][k]
        vis[d] = 1
        pas[e] = 1
        left -= 1
        c = d
        for x in nb[d]:
            if not front[x]:
                front[x] = 1
                if not vis[x]:
                    push(heap, x)
        if rec is not None:
            rec.append(("open", e))
            rec.append(("visit", d))
            rec.append(("current", d))
    return to_passage(pas)


run_aldous_broder, steps_aldous_broder = make_forms("Aldous-Broder", aldous_broder_core)
run_wilson, steps_wilson = make_forms("Wilson", wilson_core)
run_hunt_and_kill, steps_hunt_and_kill = make_forms("hunt-and-kill", hunt_and_kill_core)
