"""The Tower world (levels/13-tower.toml): mazes with 2..4 floors, built, perfect, stairs between floors, and
played to the win with stars by climbing."""

from __future__ import annotations

import math

from engine.maze.floors import open_stairs, stair_problems
from engine.maze.solvers import solve
from engine.modes.base import Phase
from engine.modes.campaign import load_campaign
from engine.modes.play import PlaySession


def _tower():
    return [lv for lv in load_campaign().levels if lv.world == "Tower"]


def test_the_tower_has_six_levels_of_two_to_four_floors_on_square_and_hex_growing():
    tower = _tower()
    assert len(tower) == 6 and all(lv.source == "13-tower.toml" for lv in tower)
    assert {lv.recipe.shape for lv in tower} == {"square", "hex"}
    floors = [lv.recipe.floors for lv in tower]
    assert min(floors) == 2 and max(floors) == 4 and floors == sorted(floors)
    cells = [lv.recipe.width * lv.recipe.height * lv.recipe.floors for lv in tower]
    assert cells == sorted(cells)
    assert not any(lv.recipe.floors > 1 for lv in load_campaign().levels if lv.world != "Tower")


def test_every_tower_level_is_perfect_with_stairs_between_every_floor_and_its_par_from_the_shortest_path():
    for lv in _tower():
        assert f".F{lv.recipe.floors}" in lv.code()
        level = lv.level()
        maze, grid = level.maze, level.grid
        assert grid.floors == lv.recipe.floors and maze.is_perfect() and stair_problems(maze) == []
        pairs = open_stairs(maze)
        lower_floors = set(grid.floor_of[pairs[:, 0]].tolist())
        assert lower_floors == set(range(grid.floors - 1)), lv.id  # every floor joins the next one
        assert grid.floor_of[level.start] == 0 and grid.floor_of[level.goal] == grid.floors - 1
        path = solve(maze, "bfs").path
        shortest = len(path) - 1
        climbs = sum(1 for a, b in zip(path, path[1:], strict=False) if grid.floor_of[a] != grid.floor_of[b])
        assert climbs >= grid.floors - 1
        assert (lv.par_moves, lv.par_time) == (math.ceil(1.15 * shortest), math.ceil(0.3 * shortest + 5)), lv.id


def test_a_tower_level_is_played_to_the_win_by_walking_and_climbing_with_three_stars():
    lv = _tower()[2]  # three floors
    level = lv.level()
    play = PlaySession(level, par_time=lv.par_time, par_moves=lv.par_moves)  # as the campaign plays it
    path = solve(level.maze).path
    fl = level.grid.floor_of
    climbed = 0
    for a, b in zip(path, path[1:], strict=False):
        if fl[a] != fl[b]:
            assert play.climb(int(fl[b] - fl[a]))
            climbed += 1
        else:
            (ax, ay), (bx, by) = play.centers[a], play.centers[b]
            play.press((bx - ax, by - ay))
        for _ in range(100):
            play.advance(0.05)
            if play.cell == b and not play.moving:
                break
        assert play.cell == b and play.floor == fl[b]
    assert climbed >= 2 and play.phase is Phase.OVER and play.floor == level.grid.floors - 1
    result = play.result()
    assert result is not None and result.moves == len(path) - 1
    assert result.moves <= lv.par_moves and result.seconds <= lv.par_time
    assert result.stars == 3
