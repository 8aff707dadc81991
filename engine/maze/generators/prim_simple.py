"""Simplified Prim: keep the *frontier* (unvisited cells next to the maze); each
step joins a uniformly random frontier cell to a uniformly random visited
neighbour.
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
    visit_in_square_masks,
)
from engine.maze.generators._info import ALL_SHAPES, generator_info
from engine.maze.generators.hex_walks import hex_prim_simple
from engine.maze.generators.visits import carve_sizes, hops, square_view
from engine.maze.grids.base import Grid
from engine.rng import Rng


def prim_simple_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Simplified Prim (random frontier cell); returns the ``(E,)`` bool passages.

    Draws: the start cell with ``rng.below(n)``, then 32-bit values in chunks of
    :func:`chunk_size` words: one per step for the frontier cell, one more when it has
    several neighbours in the maze.
    """
    if square_view(grid) is not None:
        return _prim_simple_square(grid, rng, rec)
    if grid.kind == "hex" and grid.plain:
        return hex_prim_simple(grid, rng, rec)
    return _prim_simple_hops(grid, rng, rec)


def _prim_simple_hops(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """:func:`prim_simple_core` on any grid, through its :func:`hops` tables.

    ``um[c]`` holds the slots of ``c``'s neighbours not yet in the maze (cleared by the cells'
    visitors), so the ones in the maze are ``full[c] ^ um[c]`` and the ones to add to the
    frontier are among ``um[c]``'s, both in slot order.
    """
    h = hops(grid)
    step, first, eid, visit, full = h.step, h.first, h.eid, h.visit, h.full
    n = grid.n
    um = bytearray(full)
    infr = bytearray(n)
    pas = bytearray(grid.num_edges)
    start = rng.below(n)
    visit[start](um, start)
    frontier = [start + o for o in step[start]]
    for d in frontier:
        infr[d] = 1
    pop, add = frontier.pop, frontier.append
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    lim = cs - 2
    if rec is not None:
        rec.append(("visit", start))
    while frontier:
        if bi > lim:
            buf = u32_list(rng, cs)
            bi = 0
        i = (buf[bi] * len(frontier)) >> 32
        bi += 1
        f = frontier[i]
        last = pop()
        if i < len(frontier):
            frontier[i] = last
        mk = full[f] ^ um[f]
        m = COUNT[mk]
        if m == 1:
            k = SLOTS[mk][0]
        else:
            k = SLOTS[mk][(buf[bi] * m) >> 32]
            bi += 1
        e = eid[first[f] + k]
        pas[e] = 1
        visit[f](um, f)
        st = step[f]
        if rec is not None:
            rec.append(("current", f + st[k]))
            rec.append(("open", e))
            rec.append(("visit", f))
        for k in SLOTS[um[f]]:
            d = f + st[k]
            if not infr[d]:
                infr[d] = 1
                add(d)
    return to_passage(pas)


def _prim_simple_square(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """:func:`prim_simple_core` on a whole square grid: the same draws and passages, with
    the neighbours kept as direction bit masks (:func:`engine.maze.grids.square.square_tables`,
    as the backtracker does) instead of per-cell offset lists; never builds the topology.

    ``um[c]`` holds the directions of ``c``'s neighbours not yet in the maze, so the ones in
    the maze are ``full[c] ^ um[c]``, in the slot order (S, E, N, W) the general form uses.
    """
    n = grid.n
    view = square_view(grid)
    assert view is not None
    tab, placed = view
    wd, vb, off, full = tab.width, tab.vertical, tab.offset, tab.masks
    o_s, o_e, o_n, o_w = off
    c_s, c_e, c_n, c_w = tab.clear
    um = bytearray(full)
    ne, npos = carve_sizes(grid, placed)  # a square grid cut to a shape carves on its base grid's ids
    infr = bytearray(npos)
    pas = bytearray(ne)
    start = rng.below(n)
    if placed is not None:  # a square grid cut to a shape: carve on its base grid's ids
        start = int(placed.cells[start])
    visit_in_square_masks(um, start, tab)
    frontier = [start + off[k] for k in SLOTS[full[start]]]
    for d in frontier:
        infr[d] = 1
    pop, add = frontier.pop, frontier.append
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    lim = cs - 2
    if rec is not None:
        rec.append(("visit", start))
    while frontier:
        if bi > lim:
            buf = u32_list(rng, cs)
            bi = 0
        i = (buf[bi] * len(frontier)) >> 32
        bi += 1
        f = frontier[i]
        last = pop()
        if i < len(frontier):
            frontier[i] = last
        mk = full[f] ^ um[f]
        m = COUNT[mk]
        if m == 1:
            k = SLOTS[mk][0]
        else:
            k = SLOTS[mk][(buf[bi] * m) >> 32]
            bi += 1
        e = f - f // wd - (k >> 1) if k & 1 else vb + f + (k >> 1) * wd  # SquareTables.edge, inlined
        pas[e] = 1
        um[f + o_s] &= c_s
        um[f + o_e] &= c_e
        um[f + o_n] &= c_n
        um[f + o_w] &= c_w
        if rec is not None:
            rec.append(("current", f + off[k]))
            rec.append(("open", e))
            rec.append(("visit", f))
        for k in SLOTS[um[f]]:
            d = f + off[k]
            if not infr[d]:
                infr[d] = 1
                add(d)
    if placed is not None:
        if rec is not None:
            placed.unmap(rec)
        return placed.passages(pas)
    return to_passage(pas)


run_prim_simple, steps_prim_simple = make_generator_forms("simplified Prim", prim_simple_core)

INFO = generator_info(
    "prim-simple",
    "PS",
    "Simplified Prim: join a random frontier cell to the maze",
    ALL_SHAPES,
    run_prim_simple,
    steps_prim_simple,
)
