"""Hunt-and-kill: walk to random unvisited neighbours until stuck, then
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
    u32_list,
    visit_in_hops,
    visit_in_square_masks,
)
from engine.maze.generators._info import ALL_SHAPES, generator_info
from engine.maze.generators.hex_walks import hex_hunt_and_kill
from engine.maze.generators.visits import carve_sizes, hops, square_view
from engine.maze.grids.base import Grid
from engine.rng import Rng


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


run_hunt_and_kill, steps_hunt_and_kill = make_generator_forms("hunt-and-kill", hunt_and_kill_core)

INFO = generator_info(
    "hunt-and-kill",
    "HK",
    "Hunt-and-kill: random walk, then hunt for the first cell next to the maze",
    ALL_SHAPES,
    run_hunt_and_kill,
    steps_hunt_and_kill,
)
