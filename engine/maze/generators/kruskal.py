"""Randomised Kruskal ("random path fusion"): walls in random order, a wall is
removed when the two cells it separates are not yet connected (union-find)."""

from __future__ import annotations

import numpy as np

from engine.maze.generators._common import Record, make_generator_forms, to_passage
from engine.maze.generators._info import ALL_SHAPES, generator_info
from engine.maze.generators.spanning import spanning_forest_by_rank
from engine.maze.grids.base import Grid
from engine.rng import Rng


def kruskal_core(grid: Grid, rng: Rng, rec: Record) -> np.ndarray:
    """Kruskal on a uniformly random edge order; returns the ``(E,)`` bool passages.

    Draws one ``rng.permutation(E)``.  The fast form finds the same tree with
    :func:`engine.maze.generators.spanning.spanning_forest_by_rank` (the minimum spanning
    tree for weights "position in the order" is unique); the step form walks the order.
    """
    order = rng.permutation(grid.num_edges)
    if rec is None:
        return spanning_forest_by_rank(grid.n, grid.edges[:, 0], grid.edges[:, 1], order)[0]
    return tree_in_order(grid, order.tolist(), rec)


def tree_in_order(grid: Grid, order: list[int], rec: Record) -> np.ndarray:
    """The spanning tree that keeps each edge of ``order`` unless it closes a loop.

    Union-find with path halving and union by size; ``order`` lists edge ids
    (all of them, or at least enough to connect the grid).  Returns ``(E,)`` bool.
    """
    n = grid.n
    ne = grid.num_edges
    ea = grid.edges[:, 0].tolist()
    eb = grid.edges[:, 1].tolist()
    parent = list(range(n))
    size = [1] * n
    pas = bytearray(ne)
    left = n - 1
    for e in order:
        if not left:
            break
        a = ea[e]
        while parent[a] != a:
            parent[a] = a = parent[parent[a]]
        b = eb[e]
        while parent[b] != b:
            parent[b] = b = parent[parent[b]]
        if a == b:
            continue
        if size[a] < size[b]:
            a, b = b, a
        parent[b] = a
        size[a] += size[b]
        pas[e] = 1
        left -= 1
        if rec is not None:
            rec.append(("current", ea[e]))
            rec.append(("open", e))
    return to_passage(pas)


run_kruskal, steps_kruskal = make_generator_forms("randomised Kruskal", kruskal_core)

INFO = generator_info(
    "kruskal",
    "KR",
    "Kruskal (random path fusion): remove walls in random order unless it makes a loop",
    ALL_SHAPES,
    run_kruskal,
    steps_kruskal,
)
