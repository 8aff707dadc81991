"""The generators' fast paths carve exactly what their general form carves (same draws, same maze).

A fast path (the square tables on a square grid cut to a shape, the hex lattice on a whole hex grid,
the ring positions on a whole polar grid)
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
    "upsilon": lambda: make_grid("upsilon", 9, 6),
    "upsilon small": lambda: make_grid("upsilon", 2, 3),
    "polar": lambda: make_grid("polar", 6, 30),  # rings that double, rings that do not
    "polar small": lambda: make_grid("polar", 4, 4),
    "polar wide": lambda: make_grid("polar", 40, 9),
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


@pytest.mark.parametrize(("w", "h"), [(5, 4), (2, 7), (6, 5), (3, 2)])
def test_hex_tables_follow_the_csr(w, h):
    from engine.maze.grids.hex import hex_tables

    g = make_grid("hex", w, h)
    t = hex_tables(g)
    for c in range(g.n):
        p = c + c // w
        assert p - p // t.stride == c
        steps = t.odd if t.parity[p] else t.even
        slots = [k for k in range(6) if t.masks[p] >> k & 1]
        assert [(p + steps[k]) - (p + steps[k]) // t.stride for k in slots] == g.neighbors(c).tolist()
        assert [t.edges[6 * p + k] for k in slots] == g.edge_id[g.indptr[c] : g.indptr[c + 1]].tolist()
        for k in slots:  # the way back from each neighbour, and the bit it clears there
            x = p + steps[k]
            assert x + (t.odd if t.parity[x] else t.even)[(k + 3) % 6] == p
            assert t.clear[k] == 0xFF ^ (1 << (k + 3) % 6)
    assert not any(t.masks[g.n + g.height :])  # padding: no neighbours
    with pytest.raises(ValueError, match="whole hex"):
        hex_tables(make_grid("square", 3, 3))


@pytest.mark.parametrize("shape, w, h", [("square", 9, 7), ("square", 40, 31), ("hex", 9, 8), ("hex", 41, 30)])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_weave_crossings_on_the_lattice_match_the_ring_tables(shape, w, h, seed):
    """The weave's crossing placement by lattice arithmetic chooses the cells the neighbour-ring form chooses."""
    from engine.maze.weave import _greedy_lattice, _greedy_rings

    grid = make_grid(shape, w, h)
    order = Rng(seed).permutation(grid.n)
    degree = np.diff(grid.indptr)
    pos = np.flatnonzero(degree[order] == degree.max())
    fast = _greedy_lattice(grid, order[pos])
    general = _greedy_rings(grid, order, pos, degree, bytearray(grid.n))
    assert fast and fast == general


@pytest.mark.parametrize(("w", "h"), [(4, 4), (5, 17), (13, 40), (60, 25)])
def test_polar_backtracker_carves_the_general_forms_maze(w, h):
    """The ring-position backtracker (every polar grid's fast form) against the general one, over many seeds."""
    from engine.maze.generators.polar_walks import polar_backtracker, polar_tables

    grid = make_grid("polar", w, h)
    plain = plain_copy(grid)
    for seed in range(8):
        assert np.array_equal(polar_backtracker(grid, Rng(seed)), GENERATORS["backtracker"].run(plain, Rng(seed), {}))
    t = polar_tables(grid)
    assert (sum(t.odd) < grid.n or w < 10) and not any(t.masks[: t.stride]) and not any(t.masks[-t.stride :])
    with pytest.raises(ValueError, match="whole polar"):
        polar_tables(plain)


@pytest.mark.parametrize(("w", "h"), [(2, 2), (5, 4), (4, 5), (30, 17), (31, 40)])
def test_the_axial_hex_backtracker_carves_the_general_forms_maze(w, h):
    """The hex backtracker's fast form (axial positions, edges looked up after the walk) against the
    general walker on a plain copy, over even and odd widths and heights and several seeds."""
    from engine.maze.generators.hex_walks import AXIAL_KEY, hex_backtracker

    grid = make_grid("hex", w, h)
    plain = plain_copy(grid)
    for seed in range(5):
        fast = hex_backtracker(grid, Rng(seed), None)
        assert np.array_equal(fast, GENERATORS["backtracker"].run(plain, Rng(seed), {}))
        assert fast.sum() == grid.n - 1
    assert AXIAL_KEY in grid.memoised()
