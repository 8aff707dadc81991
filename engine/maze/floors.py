"""Mazes with floors: one perfect maze over several stacked floors joined by stairs.

The grid is :func:`engine.maze.grids.floors.stack_grid` (every vertically adjacent pair of
cells is a stair *candidate*, an edge of the grid); how a maze is made on it:

1. **Stairs allowed** (:func:`choose_stairs`): each candidate is allowed with probability
   ``share`` (the recipe's ``stairs`` percent, :data:`DEFAULT_STAIRS` by default); a floor
   boundary left with none gets one at a random cell, so the floors always connect.
2. **Carving**: any graph-generic generator runs unchanged on the stacked graph with only the
   allowed stairs (a :class:`~engine.maze.grids.floors.FloorGrid` without geometry), so it
   makes a spanning tree over all floors (uniform ones stay uniform over the trees of that
   graph); braid then works on the same graph, so it opens no stair that was not allowed.
3. The carved edges are mapped back to the full grid's edge ids: a stair is open where the
   tree uses it; every other candidate stays closed (a floor/ceiling, drawn as nothing).

Weave and masks are refused with floors (:data:`NOT_WITH_WEAVE`, :data:`NOT_WITH_MASK`),
and so are the row-based generators (:func:`engine.maze.generators.floors_refusal`).
"""

from __future__ import annotations

import numpy as np

from engine.maze.grids.base import Grid
from engine.maze.grids.floors import FloorGrid, stack_grid
from engine.maze.model import Maze
from engine.rng import Rng

#: The default share of candidate stairs allowed, percent (1..100).
DEFAULT_STAIRS = 5
#: Why floors and weave do not mix (one sentence, for errors).
NOT_WITH_WEAVE = "a maze cannot have both floors and weave (crossings) yet"
#: Why floors and masks do not mix (one sentence, for errors).
NOT_WITH_MASK = "a maze cannot have both floors and a shape (mask) yet"


def choose_stairs(base_n: int, floors: int, share: float, rng: Rng) -> np.ndarray:
    """Which vertical pairs may be stairs: ``(floors - 1, base_n)`` bool, at least one per floor boundary.

    Draws ``rng.floats((floors - 1) * base_n)`` then ``rng.below_array(floors - 1, base_n)`` (always,
    whatever ``share``), so the stream consumed depends only on the grid.

    Args:
        share: probability 0..1 that a candidate is allowed.
    """
    k = floors - 1
    allowed = (rng.floats(k * base_n) < share).reshape(k, base_n)
    fallback = rng.below_array(k, base_n)
    empty = ~allowed.any(axis=1)
    allowed[np.flatnonzero(empty), fallback[empty]] = True
    return allowed


def generate_floors(grid: FloorGrid, algorithm: str, rng: Rng, options: dict[str, str] | None,
                    share: float, braid: float = 0.0) -> Maze:
    """A maze over all floors of ``grid`` carved by ``algorithm`` (module docstring).

    Args:
        grid: the full stacked grid (every stair candidate an edge).
        algorithm: a graph-generic generator name.
        rng: the level's random stream (stairs are drawn first, then the generator's, then braid's).
        options: generator options (growing tree's rule).
        share: the share of stair candidates allowed, 0..1.
        braid: share of dead ends removed afterwards, 0..1 (0: a perfect maze).

    Returns:
        A :class:`Maze` on ``grid`` from its start to its goal.

    Raises:
        ValueError: a row-based generator (one sentence naming those that can), a bad option.
    """
    from engine.maze.generators import generate
    from engine.maze.generators.braid import braid as braid_fn

    base = grid.base_grid
    allowed = choose_stairs(base.n, grid.floors, share, rng)
    carve = stack_grid(base, grid.floors, allowed, geometry=False)
    passage = generate(carve, algorithm, rng, options)
    if braid:
        passage = braid_fn(carve, passage, braid, rng)
    return Maze(grid, to_full(grid, allowed, passage), grid.start, grid.goal)


def to_full(grid: Grid, allowed: np.ndarray, passage: np.ndarray) -> np.ndarray:
    """Passages of a carving graph with only ``allowed`` stairs as ``(E,)`` bool over the full ``grid``."""
    s0 = grid.stair_start
    out = np.zeros(grid.num_edges, dtype=bool)
    out[:s0] = passage[:s0]
    out[s0 + np.flatnonzero(allowed.ravel())] = passage[s0:]
    return out


def open_stairs(maze: Maze) -> np.ndarray:
    """``(K, 2)`` int64 ``[lower cell, upper cell]`` of every open stair (empty on one floor)."""
    g = maze.grid
    s0 = g.stair_start
    open_ids = s0 + np.flatnonzero(maze.passage[s0:])
    return g.edges[open_ids].astype(np.int64).reshape(-1, 2)


def stair_problems(maze: Maze) -> list[str]:
    """Sentences naming every open edge between floors that is not a stair between vertically
    adjacent cells (the same base cell on floors ``f`` and ``f + 1``); empty when all is well."""
    g = maze.grid
    fl = g.floor_of
    e = g.edges[maze.passage].astype(np.int64)
    out = []
    nb = g.n // g.floors
    for a, b in e[fl[e[:, 0]] != fl[e[:, 1]]].tolist():
        if not (fl[b] == fl[a] + 1 and b - a == nb):
            out.append(f"the passage {a}-{b} joins floors {fl[a]} and {fl[b]} but not one cell above another")
    return out
