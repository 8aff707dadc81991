"""The recursive backtracker: walk to a random unvisited neighbour, back up when stuck (long winding
corridors).

Growing tree's ``newest`` rule (:mod:`engine.maze.generators.growing_tree`) runs this code: same seed,
same maze.  Its fast forms on whole hex, upsilon and polar grids are in
:mod:`engine.maze.generators.hex_walks`, :mod:`engine.maze.generators.upsilon_walks` and
:mod:`engine.maze.generators.polar_walks`; :func:`tuple_walk` is its walk over per-node tables (weave
quotients, :mod:`engine.maze.weave_quotient`).
"""

from __future__ import annotations

from collections.abc import Sequence

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
from engine.maze.generators.hex_walks import hex_backtracker
from engine.maze.generators.polar_walks import polar_backtracker
from engine.maze.generators.upsilon_walks import upsilon_backtracker
from engine.maze.generators.visits import carve_sizes, hops, square_view
from engine.maze.grids.base import Grid
from engine.maze.grids.polar import ORDERS_KEY
from engine.rng import Rng


def backtracker_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Recursive backtracker with an explicit stack: walk to a random unvisited
    neighbour, back up when stuck.  Returns the ``(E,)`` bool passages.

    The unvisited neighbours of each cell are kept as a bitmask (square grids:
    :func:`engine.maze.grids.square.square_tables`, by direction, neighbours and edge ids
    computed; a whole hex grid: :func:`engine.maze.generators.hex_walks.hex_backtracker`; a whole polar
    grid, fast form: :func:`engine.maze.generators.polar_walks.polar_backtracker`; others:
    :func:`hops`), so finding them is a table look-up.
    """
    if grid.kind == "hex" and grid.plain:
        return hex_backtracker(grid, rng, rec)
    if grid.kind == "upsilon" and grid.plain:
        return upsilon_backtracker(grid, rng, rec)
    if grid.kind == "polar" and grid.plain and rec is None and ORDERS_KEY in grid.memoised():
        return polar_backtracker(grid, rng)
    if grid.kind in TUPLE_KINDS and rec is None:
        return _tuple_backtracker(grid, rng)
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
        full, step, visit, first, eid = h.full, h.step, h.visit, h.first, h.eid
    um = bytearray(full)
    ne = carve_sizes(grid, placed)[0]  # a square grid cut to a shape carves on its base grid's ids
    pas = bytearray(ne)
    start = rng.below(n)
    if view is not None:
        if placed is not None:
            start = int(placed.cells[start])
        visit_in_square_masks(um, start, tab)
    else:
        visit_in_hops(um, start, h)
    stack = [start]
    push = stack.append
    pop = stack.pop
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
    c = start
    if rec is not None:
        rec.append(("visit", start))
        rec.append(("current", start))
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
            if sq:
                d = c + off[k]
                e = c - c // w - (k >> 1) if k & 1 else vb + c + (k >> 1) * w  # SquareTables.edge, inlined
                um[d + o_s] &= c_s
                um[d + o_e] &= c_e
                um[d + o_n] &= c_n
                um[d + o_w] &= c_w
            else:
                d = c + step[c][k]
                e = eid[first[c] + k]
                visit[d](um, d)
            pas[e] = 1
            push(d)
            c = d
            if rec is not None:
                rec.append(("open", e))
                rec.append(("visit", d))
                rec.append(("current", d))
        else:
            pop()
            if not stack:
                break
            c = stack[-1]
            if rec is not None:
                rec.append(("current", c))
    if placed is not None:
        if rec is not None:
            placed.unmap(rec)
        return placed.passages(pas)
    return to_passage(pas)


#: Grids whose nodes nearly all have tables of their own (a weave maze's quotient graph, :mod:`engine.maze.weave`):
#: the backtracker's fast form unpacks their per-node tuples inline (:func:`_tuple_backtracker`) instead of
#: calling a visitor per node that does the same.
TUPLE_KINDS = ("weave-quotient",)


def _tuple_backtracker(grid: Grid, rng: Rng) -> np.ndarray:
    """:func:`backtracker_core`'s general form without the visitor call (the same draws and maze, tested)."""
    h = hops(grid)
    return to_passage(tuple_walk(h.full, h.step, h.clear, h.first, h.eid, grid.num_edges, rng))


def tuple_walk(
    full: bytes,
    step: list[tuple[int, ...]],
    clear: list[tuple[int, ...]],
    first: Sequence[int],
    eid: Sequence[int],
    num_edges: int,
    rng: Rng,
    nodes: np.ndarray | None = None,
) -> bytearray:
    """The backtracker's walk over per-node tables (as :class:`~engine.maze.generators.visits.Hops` holds
    them), each node's tuples unpacked inline; returns ``num_edges`` 0/1 passage flags.

    ``nodes``: the positions the graph's nodes sit at, in node order (default: position ``i`` is node
    ``i``; positions between them have no neighbours, ``full`` 0): the start is ``nodes[rng.below(len(nodes))]``
    and the chunks are sized by the number of nodes, so a graph laid out with holes carves the maze it
    carves without them.  Draws as :func:`backtracker_core`.
    """
    n = len(full) if nodes is None else len(nodes)
    um = bytearray(full)
    pas = bytearray(num_edges)
    c = rng.below(n)
    if nodes is not None:
        c = int(nodes[c])
    for o, q in zip(step[c], clear[c], strict=True):
        um[c + o] &= q
    stack: list[int] = []  # the cells behind the current one, the newest last
    push = stack.append
    pop = stack.pop
    cs = chunk_size(n)
    buf = u32_list(rng, cs)
    bi = 0
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
            pas[eid[first[c] + k]] = 1
            push(c)
            c += step[c][k]
            st = step[c]
            cl = clear[c]
            g = len(st)
            if g == 4:
                o0, o1, o2, o3 = st
                q0, q1, q2, q3 = cl
                um[c + o0] &= q0
                um[c + o1] &= q1
                um[c + o2] &= q2
                um[c + o3] &= q3
            elif g == 6:
                o0, o1, o2, o3, o4, o5 = st
                q0, q1, q2, q3, q4, q5 = cl
                um[c + o0] &= q0
                um[c + o1] &= q1
                um[c + o2] &= q2
                um[c + o3] &= q3
                um[c + o4] &= q4
                um[c + o5] &= q5
            elif g == 3:
                o0, o1, o2 = st
                q0, q1, q2 = cl
                um[c + o0] &= q0
                um[c + o1] &= q1
                um[c + o2] &= q2
            else:
                for o, q in zip(st, cl, strict=True):
                    um[c + o] &= q
        else:
            try:
                c = pop()
            except IndexError:  # back at the start with nothing left to visit
                break
    return pas


run_backtracker, steps_backtracker = make_generator_forms("the recursive backtracker", backtracker_core)

INFO = generator_info(
    "backtracker",
    "BT",
    "Recursive backtracker: random walk, back up when stuck (long winding corridors)",
    ALL_SHAPES,
    run_backtracker,
    steps_backtracker,
)
