"""Braiding: remove a share of a maze's dead ends by opening walls, making loops."""

from __future__ import annotations

import math

import numpy as np

from engine.maze.grids.base import Grid
from engine.rng import Rng


def braid(grid: Grid, passage: np.ndarray, factor: float, rng: Rng) -> np.ndarray:
    """Remove ``round(factor * dead_ends)`` dead ends and return the new passages.

    A dead end is a cell with exactly one open passage.  The target count uses
    Python's ``round`` (halves go to the even integer: 2.5 -> 2, 3.5 -> 4).  The
    dead ends are visited in a random order (``rng.permutation``); one that is
    still a dead end opens a wall to a uniformly chosen (``rng.below``) closed
    neighbour, preferring neighbours that are dead ends themselves (that removes
    two at once).  When only one more removal is wanted, a neighbour that is not
    a dead end is preferred instead and a cell whose closed neighbours are all
    dead ends is skipped, so the target is not overshot.  A dead end without any
    closed wall (its only neighbour is the open one) is skipped.  The count
    removed is exactly the target whenever such choices exist (always on square
    grids of a perfect maze), never more.

    Args:
        grid: the tessellation.
        passage: ``(E,)`` bool passages (not modified).
        factor: share of dead ends to remove, 0.0..1.0.
        rng: the random stream.

    Returns:
        A new ``(E,)`` bool array.

    Raises:
        ValueError: if ``factor`` is outside 0..1 (or NaN) or ``passage`` has the wrong shape.
    """
    factor = float(factor)
    if math.isnan(factor) or not 0.0 <= factor <= 1.0:
        raise ValueError(f"braid factor must be in 0..1, got {factor}")
    pas = np.array(passage, dtype=bool)
    if pas.shape != (grid.num_edges,):
        raise ValueError(f"passage must have shape ({grid.num_edges},), got {pas.shape}")
    deg = np.bincount(grid.edges[pas].ravel(), minlength=grid.n)
    dead = np.flatnonzero(deg == 1)
    target = round(factor * len(dead))
    if target == 0:
        return pas
    order = dead[rng.permutation(len(dead))].tolist()
    nb, ed = grid.lists()
    dl = deg.tolist()
    p = pas.tolist()
    removed = 0
    for c in order:
        if removed >= target:
            break
        if dl[c] != 1:
            continue
        nbs = nb[c]
        eds = ed[c]
        closed = [k for k in range(len(nbs)) if not p[eds[k]]]
        if not closed:
            continue
        dead_nb = [k for k in closed if dl[nbs[k]] == 1]
        other = [k for k in closed if dl[nbs[k]] != 1]
        if target - removed >= 2:
            choices = dead_nb or other
        else:
            choices = other
        if not choices:
            continue
        k = choices[rng.below(len(choices))] if len(choices) > 1 else choices[0]
        d = nbs[k]
        p[eds[k]] = True
        removed += 2 if dl[d] == 1 else 1
        dl[c] += 1
        dl[d] += 1
    return np.array(p, dtype=bool)
