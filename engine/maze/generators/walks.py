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

import numpy as np

from engine.maze.generators._common import (
    COUNT,
    SLOTS,
    Record,
    chunk_size,
    make_generator_forms,
    to_passage,
    u32_array,
    u32_list,
    visit_in_hops,
    visit_in_square_masks,
    walk_table,
)
from engine.maze.generators.hex_walks import hex_hunt_and_kill
from engine.maze.generators.visits import carve_sizes, hops, square_view
from engine.maze.grids.base import Grid
from engine.rng import Rng

_SHIFT32 = np.uint64(32)


def aldous_broder_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Aldous-Broder; returns the ``(E,)`` bool passages.

    Draws the start cell with ``rng.below(n)``, then chunks of
    :func:`chunk_size` 32-bit values, one per step of the walk.  Each chunk is
    turned into small step codes with numpy and a step is one look-up in
    :func:`walk_table`.
    """
    h = hops(grid)
    step, first, eid = h.step, h.first, h.eid
    n = grid.n
    lcm, moves = walk_table(grid)
    mul = np.uint64(lcm)
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
        for q in ((u32_array(rng, cs) * mul) >> _SHIFT32).tolist():
            nxt = cur + moves[cur][q]
            if not vis[nxt]:
                vis[nxt] = 1
                e = eid[first[cur] + step[cur].index(nxt - cur)]
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
    32-bit values, one per walk step (the first chunk right after the root).  A
    value ``r`` sends the walk from ``c`` to neighbour slot ``(r * degree) >> 32``,
    looked up as :func:`walk_table` does for Aldous-Broder.
    """
    h = hops(grid)
    step, first, eid = h.step, h.first, h.eid
    n = grid.n
    lcm, moves = walk_table(grid)
    mul = np.uint64(lcm)
    intree = bytearray(n)
    pas = bytearray(grid.num_edges)
    left_by = [0] * n  # the step code q with which the walk last left each cell
    root = rng.below(n)
    intree[root] = 1
    cs = chunk_size(n)
    qs = ((u32_array(rng, cs) * mul) >> _SHIFT32).tolist()
    if rec is not None:
        rec.append(("visit", root))
    s = intree.find(0)  # the walk starts from each cell not in the tree, in id order
    c = s
    while s >= 0:
        for q in qs:
            left_by[c] = q
            c += moves[c][q]
            if rec is not None:
                rec.append(("current", c))
            if intree[c]:
                # Retrace the loop-erased path from s and add it to the tree.
                c = s
                while not intree[c]:
                    intree[c] = 1
                    st = step[c]
                    k = left_by[c] * len(st) // lcm  # the slot (r * degree) >> 32
                    e = eid[first[c] + k]
                    pas[e] = 1
                    if rec is not None:
                        rec.append(("visit", c))
                        rec.append(("open", e))
                    c += st[k]
                s = c = intree.find(0, s + 1)
                if s < 0:
                    break
        else:
            qs = ((u32_array(rng, cs) * mul) >> _SHIFT32).tolist()
    return to_passage(pas)


def hunt_and_kill_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Hunt-and-kill; returns the ``(E,)`` bool passages.

    Draws the start cell with ``rng.below(n)``, then chunks of
    :func:`chunk_size` 32-bit values, one per choice among two or more cells.

    Unvisited neighbours are kept as bitmasks (square grids:
    :func:`engine.maze.grids.square.square_tables`, by direction, neighbours and edge ids
    computed; others: :func:`hops`).  Hunt targets, the unvisited cells next to
    the maze, are flags in a bytearray: a hunt is one ``find`` from a lower bound on
    the first flag.  A whole hex grid goes through
    :func:`engine.maze.generators.hex_walks.hex_hunt_and_kill` (the same maze).
    """
    if grid.kind == "hex" and grid.plain:
        return hex_hunt_and_kill(grid, rng, rec)
    n = grid.n
    view = square_view(grid)
    sq = view is not None
    placed = None
    if view is not None:
        tab, placed = view
        w = tab.width
        vb = tab.vertical
        off = tab.offset
        o_s, o_e, o_n, o_w = off
        c_s, c_e, c_n, c_w = tab.clear
        full = tab.masks
    else:
        h = hops(grid)
        full, step, visit, low, first, eid = h.full, h.step, h.visit, h.low, h.first, h.eid
    um = bytearray(full)
    ne, npos = carve_sizes(grid, placed)  # a square grid cut to a shape carves on its base grid's ids
    pas = bytearray(ne)
    c = rng.below(n)
    if view is not None:
        if placed is not None:
            c = int(placed.cells[c])
        visit_in_square_masks(um, c, tab)
    else:
        visit_in_hops(um, c, h)
    left = n - 1
    # front[x] == 1: x is unvisited and next to the maze (flagged when a visited
    # neighbour becomes the current cell, cleared when x is visited); every such
    # x is >= lo, so a hunt's target, the first one by id, is front.find(1, lo).
    front = bytearray(npos)
    lo = npos
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    if rec is not None:
        rec.append(("visit", c))
        rec.append(("current", c))
    while left:
        mk = um[c]
        if mk:
            sl = SLOTS[mk]
            if sq:
                t = c + o_s  # the smallest neighbour id
                for k in sl:
                    front[c + off[k]] = 1
            else:
                t = c + low[c]
                st = step[c]
                for k in sl:
                    front[c + st[k]] = 1
            if t < lo:
                lo = t if t > 0 else 0
            m = COUNT[mk]
            if m == 1:
                k = sl[0]
            else:
                if bi == cs:
                    buf = u32_list(rng, cs)
                    bi = 0
                k = sl[(buf[bi] * m) >> 32]
                bi += 1
            if sq:
                d = c + off[k]
                e = c - c // w - (k >> 1) if k & 1 else vb + c + (k >> 1) * w  # SquareTables.edge, inlined
            else:
                d = c + st[k]
                e = eid[first[c] + k]
        else:
            d = lo = front.find(1, lo)
            inside = SLOTS[full[d] ^ um[d]]
            m = len(inside)
            if m == 1:
                k = inside[0]
            else:
                if bi == cs:
                    buf = u32_list(rng, cs)
                    bi = 0
                k = inside[(buf[bi] * m) >> 32]
                bi += 1
            if sq:
                e = d - d // w - (k >> 1) if k & 1 else vb + d + (k >> 1) * w
            else:
                e = eid[first[d] + k]
        if sq:
            um[d + o_s] &= c_s
            um[d + o_e] &= c_e
            um[d + o_n] &= c_n
            um[d + o_w] &= c_w
        else:
            visit[d](um, d)
        front[d] = 0
        pas[e] = 1
        left -= 1
        c = d
        if rec is not None:
            rec.append(("open", e))
            rec.append(("visit", d))
            rec.append(("current", d))
    if placed is not None:
        if rec is not None:
            placed.unmap(rec)
        return placed.passages(pas)
    return to_passage(pas)


run_aldous_broder, steps_aldous_broder = make_generator_forms("Aldous-Broder", aldous_broder_core)
run_wilson, steps_wilson = make_generator_forms("Wilson", wilson_core)
run_hunt_and_kill, steps_hunt_and_kill = make_generator_forms("hunt-and-kill", hunt_and_kill_core)
