"""The generators' fast paths carve exactly what their general form carves (same draws, same maze).

A fast path (the square tables on a square grid cut to a shape, the hex lattice on a whole hex grid)
is checked against the general :func:`engine.maze.generators._common.hops` form run on a plain copy
of the same graph, for the fast form and the step form alike.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.maze.generators import GENERATORS, generate, generate_steps
from engine.maze.grids import make_grid
from engine.maze.grids.base import Grid, build_grid
from engine.maze.masks import Mask
from engine.maze.recipe import MazeSpec
from engine.rng import Rng

WALKERS = ["backtracker", "hunt-and-kill", "growing-tree", "prim-simple"]


def plain_copy(grid: Grid) -> Grid:
    """The same cells, edges and CSR as a plain grid of kind ``"other"``: no fast path applies."""
    return build_grid(
        "other",
        grid.width,
        grid.height,
        grid.edges,
        (grid.indptr, grid.nbr, grid.edge_id),
        grid.layout,
        row=grid.row,
        col=grid.col,
        start=grid.start,
        goal=grid.goal,
    )


def shaped(shape: str, w: int, h: int, mask: str) -> Grid:
    return MazeSpec.create(shape, w, h, "wilson", mask=Mask.builtin(mask)).make_grid()


GRIDS = {
    "square heart": lambda: shaped("square", 23, 19, "heart"),
    "square star": lambda: shaped("square", 16, 30, "star"),
    "hex": lambda: make_grid("hex", 13, 9),
    "hex tall": lambda: make_grid("hex", 2, 7),
}


@pytest.mark.parametrize("where", list(GRIDS))
@pytest.mark.parametrize("algo", WALKERS)
def test_fast_path_carves_the_general_forms_maze(where, algo):
    grid = GRIDS[where]()
    plain = plain_copy(grid)
    options = {"rule": "newest:2,random:1,oldest:1"} if algo == "growing-tree" else {}
    for seed in (0, 7, 12345):
        fast = generate(grid, algo, Rng(seed), options)
        general = GENERATORS[algo].run(plain, Rng(seed), options)
        assert np.array_equal(fast, general), (where, algo, seed)
        steps = list(generate_steps(grid, algo, Rng(seed), options))
        assert steps == list(GENERATORS[algo].steps(plain, Rng(seed), options))
        opened = np.zeros(grid.num_edges, dtype=bool)
        for what, x in steps:
            if what == "open":
                opened[x] = True
        assert np.array_equal(opened, fast)


def test_the_walkers_named_here_carve_shaped_grids():
    for algo in WALKERS:
        assert GENERATORS[algo].masks
