"""Aldous-Broder: a random walk over the whole grid; the first time it
enters a cell, the edge it came through becomes a passage.  Uniform over all
spanning trees, slow to finish (cover time).
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


run_aldous_broder, steps_aldous_broder = make_generator_forms("Aldous-Broder", aldous_broder_core)

INFO = generator_info(
    "aldous-broder",
    "AB",
    "Aldous-Broder: random walk, uniform over all mazes (slow)",
    ALL_SHAPES,
    run_aldous_broder,
    steps_aldous_broder,
)
