"""Maze statistics: hand-counted mazes, invariants on every shape, aggregation, compare, tables."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest
from maze_helpers import SHAPES, braided_maze, brute_distances, perfect_maze, random_tree

import engine.maze.analysis as analysis
from engine.maze.analysis import aggregate, compare, format_table, maze_stats
from engine.maze.grids.square import make_square
from engine.maze.model import Maze


def square_maze(width: int, height: int, pairs: list[tuple[int, int]]) -> Maze:
    grid = make_square(width, height)
    look = grid.edge_lookup()
    passage = np.zeros(grid.num_edges, dtype=bool)
    for a, b in pairs:
        passage[look[(min(a, b), max(a, b))]] = True
    return Maze(grid, passage, grid.start, grid.goal)


# 4 x 3, cell = row * 4 + col, row 0 at the bottom:
#   8 - 9 -10 -11        start 8 (top-left), goal 3 (bottom-right)
#       |
#   4 - 5 - 6 - 7
#       |       |
#   0 - 1   2 - 3
HAND = [(4, 5), (5, 6), (6, 7), (5, 9), (5, 1), (9, 8), (9, 10), (10, 11), (1, 0), (7, 3), (3, 2)]


def test_hand_counted_square_maze():
    st = maze_stats(square_maze(4, 3, HAND))
    assert st["shape"] == "square" and st["cells"] == 12 and st["passages"] == 11
    assert st["perfect"] is True
    assert st["isolated"] == 0
    assert st["dead_ends"] == 5  # 0, 2, 4, 8, 11
    assert st["dead_end_share"] == pytest.approx(5 / 12)
    assert st["junctions"] == {3: 1, 4: 1}  # 9 and 5
    assert st["junction_count"] == 2
    assert st["turns"] == 3  # 1, 3, 7
    assert st["straights"] == 2  # 6, 10
    assert st["straight_horizontal"] == 2 and st["straight_vertical"] == 0
    # 0->1->5: 2, 2->3->7->6->5: 4, 4->5: 1, 8->9: 1, 11->10->9: 2
    assert st["dead_end_length_hist"] == {1: 2, 2: 2, 4: 1}
    assert st["dead_end_length_mean"] == pytest.approx(2.0)
    assert st["dead_end_length_max"] == 4
    # chains of degree-2 cells: {1}, {3, 7, 6}, {10}
    assert st["corridors"] == 3
    assert st["corridor_length_mean"] == pytest.approx(5 / 3)
    assert st["corridor_length_max"] == 3
    assert st["solution_length"] == 5  # 8-9-5-6-7-3
    assert st["diameter"] == 7  # 2 .. 11


def test_hand_counted_single_corridor():
    # 2 x 3 U shape: 0-2-4 up the left column, 4-5 across, 5-3-1 down the right one.
    st = maze_stats(square_maze(2, 3, [(0, 2), (2, 4), (4, 5), (5, 3), (3, 1)]))
    assert st["dead_ends"] == 2
    assert st["junctions"] == {3: 0}  # no cell of a 2-wide grid has 4 neighbours
    assert st["straights"] == 2 and st["straight_vertical"] == 2 and st["straight_horizontal"] == 0
    assert st["turns"] == 2
    assert st["dead_end_length_hist"] == {5: 2}  # no junction: runs to the other end
    assert st["corridors"] == 1 and st["corridor_length_max"] == 4
    assert st["solution_length"] == 3 and st["diameter"] == 5


def test_ring_and_unreachable_goal():
    ring = maze_stats(square_maze(2, 2, [(0, 1), (1, 3), (3, 2), (2, 0)]))
    assert ring["perfect"] is False
    assert ring["dead_ends"] == 0 and ring["dead_end_length_mean"] == 0.0 and ring["dead_end_length_max"] == 0
    assert ring["turns"] == 4 and ring["straights"] == 0
    assert ring["corridors"] == 1 and ring["corridor_length_max"] == 4
    cut = maze_stats(square_maze(3, 2, [(0, 1), (3, 4)]))  # goal 2 is isolated
    assert cut["solution_length"] is None
    assert cut["isolated"] == 2
    assert maze_stats(square_maze(4, 3, HAND), solution=[8, 9, 5, 6, 7, 3], diameter=False)["diameter"] is None


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_invariants_on_every_shape(shape):
    for maze in (perfect_maze(shape, 3, 9, 8), braided_maze(shape, 3, 0.3, 9, 8)):
        st = maze_stats(maze)
        n = st["cells"]
        assert st["isolated"] + st["dead_ends"] + st["turns"] + st["straights"] + st["junction_count"] == n
        assert sum(st["dead_end_length_hist"].values()) == st["dead_ends"]
        deg2 = st["turns"] + st["straights"]
        assert st["corridors"] <= deg2
        assert st["corridor_length_mean"] * st["corridors"] == pytest.approx(deg2)
        assert st["solution_length"] == brute_distances(maze, maze.start)[maze.goal]
        if maze.is_perfect():
            # Exact diameter on a tree: brute force over all roots.
            best = max(max(brute_distances(maze, r)) for r in range(n))
            assert st["diameter"] == best
            assert st["passages"] == n - 1
        if shape == "triangle":
            assert st["straights"] == 0  # triangles have no opposite sides
        if shape == "polar":
            assert st["straight_horizontal"] is None
        else:
            assert st["straight_horizontal"] + st["straight_vertical"] <= st["straights"]
        json.dumps(st)  # JSON-friendly


def test_square_straights_split_exactly():
    maze = perfect_maze("square", 9, 12, 10)
    st = maze_stats(maze)
    assert st["straight_horizontal"] + st["straight_vertical"] == st["straights"]


def test_aggregate_means_and_std():
    a = maze_stats(square_maze(4, 3, HAND))
    b = dict(a, dead_ends=7, junctions={3: 3, 4: 1}, solution_length=None, perfect=False)
    agg = aggregate([a, b])
    assert agg["runs"] == 2 and agg["shape"] == "square" and agg["cells"] == 12
    assert agg["dead_ends"] == pytest.approx(6.0)
    assert agg["dead_ends_std"] == pytest.approx(np.std([5, 7], ddof=1))
    assert agg["junctions_3"] == pytest.approx(2.0) and agg["junctions_4_std"] == 0.0
    assert agg["solution_length"] == pytest.approx(5.0)  # None runs are left out
    assert agg["perfect_share"] == 0.5
    assert agg["dead_end_length_hist"] == {1: 4, 2: 4, 4: 2}
    assert aggregate([a])["dead_ends_std"] == 0.0
    with pytest.raises(ValueError):
        aggregate([])


def fake_generate(grid, name, rng, options):
    assert name in ("dfs", "other")
    return random_tree(grid, rng.below(1 << 30))


def test_compare_with_a_stand_in_generator(monkeypatch):
    monkeypatch.setattr(analysis, "_generate", fake_generate)
    seen = []
    rows = compare("square", 8, 6, ["dfs", ("other", {"k": "v"})], 3, 5, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 6) for i in range(1, 7)]
    assert [r["algorithm"] for r in rows] == ["dfs", "other k=v"]
    assert rows[0]["runs"] == 3 and rows[0]["gen_ms"] >= 0.0
    assert rows[0]["dead_ends"] > 0 and rows[0]["perfect_share"] == 1.0
    # Same seeds for each algorithm: the stand-in ignores the name, so the rows agree.
    assert rows[0]["dead_ends"] == rows[1]["dead_ends"]

    calls = iter(range(100))
    rows = compare("square", 8, 6, ["dfs", "other"], 3, 5, cancel=lambda: next(calls) >= 4)
    assert [(r["algorithm"], r["runs"]) for r in rows] == [("dfs", 3), ("other", 1)]
    with pytest.raises(ValueError):
        compare("square", 8, 6, ["dfs"], 0, 5)


def test_format_table_csv_json(monkeypatch):
    monkeypatch.setattr(analysis, "_generate", fake_generate)
    rows = compare("square", 8, 6, ["dfs", "other"], 2, 1)
    text = format_table(rows)
    lines = text.splitlines()
    assert lines[0].split()[0] == "algorithm" and "3-way" in lines[0] and "8-way" not in lines[0]
    assert len(lines) == 4 and lines[2].startswith("dfs")
    parsed = list(csv.DictReader(io.StringIO(format_table(rows, "csv"))))
    assert parsed[1]["algorithm"] == "other"
    assert float(parsed[0]["dead_ends"]) == pytest.approx(rows[0]["dead_ends"])
    assert "dead_end_length_hist" not in parsed[0]
    assert json.loads(format_table(rows, "json"))[0]["algorithm"] == "dfs"
    with pytest.raises(ValueError, match="known formats"):
        format_table(rows, "xml")
