"""The maze play model (engine.play): direction picking, the play session, par defaults."""

from __future__ import annotations

import itertools

import pytest

from engine.maze_code import MazeSpec
from engine.play import BUFFER_SIZE, PlaySession, default_par_moves, pick_neighbour
from engine.solvers import solve
from engine.solvers.bfs import shortest_path


def test_pick_neighbour_closest_angle_and_limits():
    hexes = [(1, (1.0, 0.0)), (2, (0.5, 0.866)), (3, (-0.5, 0.866)), (4, (-1.0, 0.0))]
    assert pick_neighbour((0, 0), hexes, (1.0, 0.0)) == 1
    assert pick_neighbour((0, 0), hexes, (1.0, 1.0)) == 2  # diagonal picks the 60 degree neighbour
    assert pick_neighbour((0, 0), hexes, (0.0, -1.0)) is None  # nothing below
    # exact tie between 60 and 120 degrees: the newest key's direction decides
    assert pick_neighbour((0, 0), hexes, (0.0, 1.0), prefer=(-1.0, 0.0)) == 3
    assert pick_neighbour((0, 0), hexes, (0.0, 1.0), prefer=(1.0, 0.0)) == 2


def _vec(a, b):
    return (b[0] - a[0], b[1] - a[1])


@pytest.mark.parametrize("shape", ["square", "hex", "triangle", "polar", "upsilon"])
def test_session_walks_shortest_path_by_directions(shape):
    maze = MazeSpec(shape, 7, 5, "backtracker", {}, 0, 11).build()
    s = PlaySession(maze)
    path = solve(maze, "bfs").path
    for a, b in itertools.pairwise(path):
        s.press(_vec(s.centers[a], s.centers[b]))
        for _ in range(8):
            s.update(1 / 60)
        assert s.cell == b
    assert s.finished and s.moves == len(path) - 1 == s.shortest
    assert s.stars == 3  # perfect moves, fast enough
    assert ("win", maze.goal) in s.events


def test_session_buffers_presses_and_bumps_walls():
    maze = MazeSpec("square", 6, 4, "backtracker", {}, 0, 3).build()
    s = PlaySession(maze)
    path = solve(maze, "bfs").path
    dirs = [_vec(s.centers[a], s.centers[b]) for a, b in itertools.pairwise(path)][:BUFFER_SIZE]
    for d in dirs:  # all pressed within one frame: nothing is lost
        s.press(d)
    for _ in range(60):
        s.update(1 / 60)
    assert s.cell == path[len(dirs)] and s.moves == len(dirs)
    s.reset()
    walled = [v for v in ((1, 0), (-1, 0), (0, 1), (0, -1)) if s.pick(v) is None]
    s.press(walled[0])
    assert s.bumps == 1 and s.moves == 0 and s.cell == maze.start and ("bump", maze.start) in s.events


def test_session_click_walk_hold_run_and_stars():
    maze = MazeSpec("hex", 8, 6, "wilson", {}, 0, 5).build()
    s = PlaySession(maze, par_time=0.01, par_moves=1)
    assert s.shortest > 1
    assert not s.walk_to(maze.goal)  # a click never crosses unexplored cells
    assert s.walk_to(maze.goal, explored_only=False)
    for _ in range(400):
        s.update(1 / 60)
        if s.finished:
            break
    assert s.finished and s.moves == s.shortest and s.stars == 1
    assert not s.walk_to(0)  # finished: no more moves
    # holding a direction runs along a corridor until a junction or dead end
    s2 = PlaySession(maze)
    first = s2.adj[maze.start][0]
    d = _vec(s2.centers[maze.start], s2.centers[first])
    s2.press(d)
    for _ in range(30):
        s2.update(1 / 60, held=d)
    assert s2.moves >= 1
    here = s2.cell
    assert len(s2.adj[here]) != 2 or s2.moving or s2.finished


def test_default_par():
    assert default_par_moves(20) == 23


def test_click_walks_only_through_explored_cells():
    maze = MazeSpec("square", 8, 6, "backtracker", {}, 0, 3).build()
    s = PlaySession(maze)
    path = shortest_path(s.adj, maze.start, maze.goal)
    assert len(path) > 3
    assert not s.walk_to(path[2])  # two steps into the unknown
    assert s.walk_to(path[1])  # one step beyond the explored region is fine
    for _ in range(30):
        s.update(1 / 60)
    assert s.cell == path[1]
    assert s.walk_to(path[2])
    for _ in range(30):
        s.update(1 / 60)
    assert s.walk_to(maze.start)  # back through visited cells
    for _ in range(60):
        s.update(1 / 60)
    assert s.cell == maze.start and s.moves == 4
