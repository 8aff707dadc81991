"""Wilson: loop-erased random walks from every cell not yet in the maze
(in cell-id order) until they hit the maze, which starts as one random cell.
Uniform over all spanning trees.
"""

from __future__ import annotations

import numpy as np

from engine.maze.generators._common import (
    Record,
    chunk_size,
    make_generator_forms,
    to_passage,
    u32_array,
    walk_table,
)
from engine.maze.generators._info import ALL_SHAPES, generator_info
from engine.maze.generators.visits import hops
from engine.maze.grids.base import Grid
from engine.rng import Rng

_SHIFT32 = np.uint64(32)


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


run_wilson, steps_wilson = make_generator_forms("Wilson", wilson_core)

INFO = generator_info(
    "wilson",
    "WI",
    "Wilson: loop-erased random walks, uniform over all mazes",
    ALL_SHAPES,
    run_wilson,
    steps_wilson,
)
