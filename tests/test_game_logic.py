"""Game logic without a window: direction picking, the play session, camera maths, store, daily."""

from __future__ import annotations

import datetime as dt
import itertools
import math
import sqlite3

import pytest

from engine.maze_code import MazeSpec
from engine.solvers import solve
from game.daily import daily_code, daily_spec
from game.input import KEY_LEFT, KEY_RIGHT, KEY_UP, KEY_W, direction_from_keys, pick_neighbour
from game.render.camera import CameraState
from game.session import BUFFER_SIZE, PlaySession, default_par_moves, shortest_path
from game.store import Store


def test_direction_from_keys_diagonals_and_cancel():
    assert direction_from_keys([KEY_RIGHT]) == (1.0, 0.0)
    assert direction_from_keys([KEY_RIGHT, KEY_UP]) == (1.0, 1.0)
    assert direction_from_keys([KEY_UP, KEY_W]) == (0.0, 1.0)  # same direction twice counts once
    assert direction_from_keys([KEY_LEFT, KEY_RIGHT], KEY_LEFT) == (-1.0, 0.0)
    assert direction_from_keys([]) is None


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


def test_camera_fit_zoom_around_cursor_pan_follow():
    cam = CameraState((0, 0, 100, 50), 1280, 800, hud=50)
    x0, y0 = cam.world_to_screen(0, 0)
    x1, y1 = cam.world_to_screen(100, 50)
    assert x0 >= 0 and x1 <= 1280 and y0 >= 0 and y1 <= 750
    wx, wy = cam.screen_to_world(300, 200)
    cam.zoom_at(300, 200, 2.0)
    assert cam.zoom == pytest.approx(2 * cam.fit_zoom)
    assert cam.screen_to_world(300, 200) == pytest.approx((wx, wy))
    cam.pan(10, 0)
    assert not cam.following
    cam.following = True
    for _ in range(200):
        cam.follow(99, 49, 1 / 60)
    sx, sy = cam.world_to_screen(99, 49)
    assert 0 < sx < 1280 and 0 < sy < 750
    cam.resize(640, 480)
    assert not cam.zoomed_in and cam.world_to_screen(100, 50)[0] <= 640


def test_store_progress_bests_settings_and_damage(tmp_path):
    path = tmp_path / "tessera.db"
    st = Store(path)
    assert st.message is None and st.setting("theme") == "dark"
    st.set_setting("theme", "light")
    st.complete_level("a", 2, "b")
    st.complete_level("a", 1, "b")  # stars never go down
    r1 = st.record_win("CODE", 12.5, 30)
    r2 = st.record_win("CODE", 14.0, 28)
    assert r1.new_best_time and not r2.new_best_time and r2.new_best_moves
    assert st.best("CODE").best_time == 12.5 and st.best("CODE").best_moves == 28
    assert st.unlocked() == {"a", "b"} and st.stars() == {"a": 2}
    st.close()
    assert Store(path).setting("theme") == "light"  # persisted
    path.write_bytes(b"this is not a database" * 200)
    st2 = Store(path)
    assert st2.message and "damaged" in st2.message
    assert [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert st2.stars() == {} and st2.setting("theme") == "dark"
    st2.set_setting("volume", "0.3")
    assert sqlite3.connect(path).execute("select value from settings").fetchone() == ("0.3",)


def test_daily_is_a_fixed_code_per_day_rotating_by_weekday():
    day = dt.date(2026, 1, 5)
    assert daily_code(day) == daily_code(day)
    assert daily_code(day) != daily_code(day + dt.timedelta(days=1))
    shapes = {daily_spec(day + dt.timedelta(days=i)).shape for i in range(7)}
    assert shapes == {"square", "hex", "triangle", "polar", "upsilon"}
    for i in range(7):
        spec = daily_spec(day + dt.timedelta(days=i))
        assert MazeSpec.from_code(spec.code()) == spec
    assert math.isfinite(daily_spec(day).seed)


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
