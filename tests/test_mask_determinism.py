"""Shaped polar mazes are the same on every machine: a polar centre comes from sin/cos, whose last bit may differ
between CPUs and numpy builds, so these tests move every centre (and the grid's box) by one or two units in the
last place, the way another machine could, and check that no cell changes side of any shape and that the start and
goal stay the same cells."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from engine.maze.grids import make_grid
from engine.maze.grids.masked import far_pair, grid_box, masked_grid
from engine.maze.masks import BUILTIN, Mask, inside_cells

MASKS = [Mask.builtin(name) for name in BUILTIN] + [Mask.text("HI"), Mask.text("TESSERA 2026")]
SIZES = [(w, h) for w in (4, 5, 6, 8, 12, 16) for h in (4, 5, 8, 12, 17, 25, 40, 64)]


def _nudge(values: np.ndarray, steps: np.ndarray) -> np.ndarray:
    """``values`` each moved ``steps`` units in the last place (steps in -2..2)."""
    out = values.copy()
    for s in (1, 2):
        out = np.where(steps >= s, np.nextafter(out, np.inf), out)
        out = np.where(steps <= -s, np.nextafter(out, -np.inf), out)
    return out


@pytest.mark.parametrize(("w", "h"), SIZES)
def test_no_polar_cell_changes_side_of_a_shape_when_its_centre_moves_by_an_ulp(w, h):
    grid = make_grid("polar", w, h)
    centers, box = grid.centers, grid_box(grid)
    rng = np.random.default_rng(w * 1000 + h)
    for mask in MASKS:
        expected = inside_cells(mask, centers, box)
        for direction in (np.inf, -np.inf):  # every centre one way, with the box as it is, grown and shrunk
            for grow in (0.0, 1.0, -1.0):
                moved_box = tuple(float(np.nextafter(v, (-grow if i < 2 else grow) * np.inf)) if grow else v
                                  for i, v in enumerate(box))
                assert np.array_equal(inside_cells(mask, np.nextafter(centers, direction), moved_box), expected)
        steps = rng.integers(-2, 3, size=centers.shape)  # each value its own way
        assert np.array_equal(inside_cells(mask, _nudge(centers, steps), box), expected), mask.label()


@pytest.mark.parametrize("name", ["heart", "star", "ring", "moon"])
def test_start_and_goal_of_a_shaped_polar_grid_survive_last_bit_differences(name):
    for w, h in ((6, 8), (8, 12), (12, 25)):
        grid = masked_grid("polar", w, h, Mask.builtin(name))
        expected = far_pair(grid)
        rng = np.random.default_rng(h)
        for _ in range(6):
            moved = _nudge(np.asarray(grid.centers), rng.integers(-2, 3, size=grid.centers.shape))
            other = SimpleNamespace(n=grid.n, indptr=grid.indptr, nbr=grid.nbr, centers=moved)
            assert far_pair(other) == expected  # type: ignore[arg-type]


def test_start_and_goal_tie_on_centres_equal_in_exact_arithmetic():
    """5·sin 30° and 2.5·sin 90° are both 2.5 exactly; a machine whose sin 30° is 0.49999999999999994 must pick the
    same start: on equal heights the cell further left (here cell 0) starts."""
    path = {"n": 3, "indptr": np.array([0, 1, 3, 4]), "nbr": np.array([1, 0, 2, 1])}  # 0 - 1 - 2
    for sin30 in (0.5, 0.49999999999999994):
        centers = np.array([[0.0, 5 * sin30], [2.0, 0.0], [4.33, 2.5 * 1.0]])
        assert far_pair(SimpleNamespace(**path, centers=centers)) == (0, 2)  # type: ignore[arg-type]
