"""engine.maze.generators.spanning against brute force on small graphs with many equal weights."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from engine.maze.generators.spanning import spanning_forest_by_rank, unique_for_weights
from engine.maze.grids import make_grid


def _find(parent: list[int], x: int) -> int:
    while parent[x] != x:
        x = parent[x]
    return x


def _trees(n: int, ea: np.ndarray, eb: np.ndarray) -> list[tuple[int, ...]]:
    """Every spanning tree of a tiny graph, as sorted edge-id tuples."""
    out = []
    for sub in itertools.combinations(range(len(ea)), n - 1):
        parent = list(range(n))
        ok = True
        for e in sub:
            a, b = _find(parent, int(ea[e])), _find(parent, int(eb[e]))
            if a == b:
                ok = False
                break
            parent[a] = b
        if ok:
            out.append(sub)
    return out


@pytest.mark.parametrize(
    "shape,w,h", [("square", 3, 3), ("square", 2, 4), ("hex", 3, 2), ("triangle", 4, 3), ("upsilon", 2, 2)]
)
def test_forest_and_uniqueness_match_brute_force(shape: str, w: int, h: int) -> None:
    g = make_grid(shape, w, h)
    ea, eb = g.edges[:, 0], g.edges[:, 1]
    trees = _trees(g.n, ea, eb)
    rng = np.random.default_rng(5)
    seen = {True: 0, False: 0}
    for _ in range(60):
        wts = rng.integers(0, 4, size=len(ea)).astype(np.uint64)  # many ties
        order = np.argsort(wts, kind="stable")
        tree, _ = spanning_forest_by_rank(g.n, ea, eb, order)
        # The tree is the minimum for the rank (Kruskal over the order)...
        ranked = np.empty(len(ea), dtype=np.int64)
        ranked[order] = np.arange(len(ea))
        best = min(trees, key=lambda t: sum(int(ranked[e]) for e in t))
        assert set(np.flatnonzero(tree).tolist()) == set(best)
        # ...and unique for the weights exactly when no other tree weighs the same.
        weight = [sum(int(wts[e]) for e in t) for t in trees]
        low = min(weight)
        unique = weight.count(low) == 1
        assert unique_for_weights(g.n, tree, ea, eb, wts, order) is unique
        seen[unique] += 1
    assert seen[True] and seen[False]  # both answers were exercised


def test_forest_of_a_disconnected_subset_labels_its_pieces() -> None:
    g = make_grid("square", 4, 1 + 1)
    ea, eb = g.edges[:, 0], g.edges[:, 1]
    some = np.array([0, 2], dtype=np.int64)  # two east-west edges of the bottom row: (0,1) and (2,3)
    tree, comp = spanning_forest_by_rank(g.n, ea, eb, some, labels=True)
    assert np.flatnonzero(tree).tolist() == [0, 2]
    assert comp is not None
    assert comp[0] == comp[1] and comp[2] == comp[3] and comp[0] != comp[2]
    assert len(set(comp.tolist())) == g.n - 2
