"""Solvers: agreement, exactness of the wall followers, valid walks, step forms, braids, distances."""

from __future__ import annotations

import numpy as np
import pytest
from maze_helpers import SHAPES, braided_maze, brute_distances, perfect_maze, small_grid

from engine.maze.model import Maze
from engine.maze.solvers import SOLVERS, MazeSolveResult, distances, get_solver, solve, solve_steps

SHAPE_NAMES = sorted(SHAPES)
SEEDS = (1, 2, 3)


def assert_valid_walk(maze: Maze, cells: list[int], start: int, goal: int) -> None:
    assert cells[0] == start
    assert cells[-1] == goal
    for a, b in zip(cells, cells[1:], strict=False):
        assert maze.is_open(a, b), (a, b)


def assert_valid_result(maze: Maze, res: MazeSolveResult, start: int, goal: int) -> None:
    assert_valid_walk(maze, res.path, start, goal)
    assert_valid_walk(maze, res.walk, start, goal)
    assert len(set(res.path)) == len(res.path), "the path must be simple"
    assert len(set(res.walk)) <= res.visited <= maze.grid.n


def replay(maze: Maze, name: str) -> tuple[list[int], set[int], MazeSolveResult]:
    """Apply the steps: the final path, the examined cells (visit + dead), the generator's return value."""
    path: list[int] = []
    visited: set[int] = set()
    gen = solve_steps(maze, name)
    while True:
        try:
            kind, cell = next(gen)
        except StopIteration as stop:
            return path, visited, stop.value
        assert 0 <= cell < maze.grid.n
        if kind == "push":
            path.append(cell)
        elif kind == "pop":
            assert path.pop() == cell
        elif kind == "visit":
            assert cell not in visited
            visited.add(cell)
        else:
            assert kind == "dead"
            assert cell not in visited  # filled cells count as examined, once
            visited.add(cell)


def test_registry_names():
    assert list(SOLVERS) == ["bfs", "astar", "wall-left", "wall-right", "tremaux", "dead-end-filling"]
    assert get_solver("Wall_Left").name == "wall-left"
    with pytest.raises(ValueError, match="known solvers: bfs, astar"):
        get_solver("teleport")
    maze = perfect_maze("square", 1)
    with pytest.raises(ValueError, match="unknown solver"):
        solve(maze, "teleport")
    with pytest.raises(ValueError, match="outside"):
        solve(maze, "bfs", start=maze.grid.n)


@pytest.mark.parametrize("shape", SHAPE_NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_all_solvers_find_the_unique_path_on_perfect_mazes(shape, seed):
    maze = perfect_maze(shape, seed)
    assert maze.is_perfect()
    shortest = brute_distances(maze, maze.start)[maze.goal]
    ref = solve(maze, "bfs")
    assert ref.length == shortest
    for name in SOLVERS:
        res = solve(maze, name)
        assert res.solver == name
        assert_valid_result(maze, res, maze.start, maze.goal)
        # A tree has one simple path: every solver, walkers included, must return it.
        assert res.path == ref.path, name
        assert res.fallback is None


@pytest.mark.parametrize("shape", SHAPE_NAMES)
def test_wall_followers_exact_on_many_mazes_and_endpoints(shape):
    for seed in range(10, 16):
        maze = perfect_maze(shape, seed, 9, 8)
        n = maze.grid.n
        for start, goal in ((maze.start, maze.goal), (0, n - 1), (n // 2, 1), (seed % n, (seed * 7) % n)):
            ref = solve(maze, "bfs", start, goal)
            for name in ("wall-left", "wall-right", "tremaux"):
                res = solve(maze, name, start, goal)
                assert_valid_result(maze, res, start, goal)
                assert res.path == ref.path


def test_walker_walk_covers_tree_when_goal_is_last():
    # On a tree the left follower's walk is an Euler tour prefix: each passage at most twice.
    maze = perfect_maze("square", 5, 10, 10)
    res = solve(maze, "wall-left")
    moves = {}
    for a, b in zip(res.walk, res.walk[1:], strict=False):
        key = (min(a, b), max(a, b))
        moves[key] = moves.get(key, 0) + 1
    assert max(moves.values()) <= 2


@pytest.mark.parametrize("shape", SHAPE_NAMES)
@pytest.mark.parametrize("name", list(SOLVERS))
def test_step_form_ends_in_fast_result(shape, name):
    for maze in (perfect_maze(shape, 4), braided_maze(shape, 4)):
        fast = solve(maze, name)
        path, visited, returned = replay(maze, name)
        assert returned == fast
        assert path == fast.path
        assert len(visited) == fast.visited


@pytest.mark.parametrize("shape", SHAPE_NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_braided_mazes(shape, seed):
    maze = braided_maze(shape, seed, share=0.3)
    assert not maze.is_perfect()
    shortest = brute_distances(maze, maze.start)[maze.goal]
    for name in SOLVERS:
        res = solve(maze, name)
        assert_valid_result(maze, res, maze.start, maze.goal)
        if name in ("bfs", "astar", "dead-end-filling"):
            assert res.length == shortest, name
        else:
            assert res.length >= shortest


def test_wall_follower_falls_back_when_goal_is_on_an_island():
    # Every wall open: a follower hugs the outer wall for ever and never meets the centre.
    grid = small_grid("square", 7, 7)
    maze = Maze(grid, np.ones(grid.num_edges, dtype=bool), grid.start, 3 * 7 + 3)
    for name in ("wall-left", "wall-right"):
        res = solve(maze, name)
        assert res.fallback == "tremaux"
        assert_valid_result(maze, res, maze.start, maze.goal)
        path, _, returned = replay(maze, name)
        assert returned == res and path == res.path
    assert solve(maze, "tremaux").fallback is None


@pytest.mark.parametrize("shape", SHAPE_NAMES)
def test_open_grid_all_solvers(shape):
    grid = small_grid(shape)
    for goal in (grid.goal, grid.n // 2):
        maze = Maze(grid, np.ones(grid.num_edges, dtype=bool), grid.start, goal)
        shortest = brute_distances(maze, maze.start)[goal]
        for name in SOLVERS:
            res = solve(maze, name)
            assert_valid_result(maze, res, maze.start, goal)
            if name in ("bfs", "astar", "dead-end-filling"):
                assert res.length == shortest


@pytest.mark.parametrize("name", list(SOLVERS))
def test_unreachable_goal(name):
    grid = small_grid("square")
    passage = np.ones(grid.num_edges, dtype=bool)
    # Wall the goal off completely.
    nb = grid.neighbors(grid.goal)
    for d in nb.tolist():
        passage[grid.edge_lookup()[(min(d, grid.goal), max(d, grid.goal))]] = False
    maze = Maze(grid, passage, grid.start, grid.goal)
    with pytest.raises(ValueError, match="the goal cannot be reached from the start"):
        solve(maze, name)
    with pytest.raises(ValueError, match="the goal cannot be reached from the start"):
        list(solve_steps(maze, name))
    closed = Maze(grid, np.zeros(grid.num_edges, dtype=bool), grid.start, grid.goal)
    with pytest.raises(ValueError, match="the goal cannot be reached from the start"):
        solve(closed, name)


@pytest.mark.parametrize("name", list(SOLVERS))
def test_start_is_goal(name):
    maze = perfect_maze("square", 2)
    res = solve(maze, name, start=5, goal=5)
    assert res.path == [5] and res.walk == [5] and res.visited >= 1


@pytest.mark.parametrize("shape", SHAPE_NAMES)
def test_distances_match_brute_force(shape):
    for maze in (perfect_maze(shape, 7), braided_maze(shape, 7)):
        for root in (0, maze.start, maze.grid.n - 1):
            d = distances(maze, root)
            assert d.dtype == np.int32 and d.shape == (maze.grid.n,)
            assert d.tolist() == brute_distances(maze, root)
    grid = small_grid("square")
    closed = Maze(grid, np.zeros(grid.num_edges, dtype=bool), 0, 1)
    d = distances(closed, 0)
    assert d[0] == 0 and (d[1:] == -1).all()
    with pytest.raises(ValueError):
        distances(closed, -1)


def test_invalidate_after_editing_passages():
    maze = perfect_maze("square", 3)
    before = solve(maze, "bfs").length
    maze.passage[:] = True
    maze.invalidate()
    after = solve(maze, "bfs").length
    assert after <= before
    assert after == brute_distances(maze, maze.start)[maze.goal]
