"""Dark mazes (engine.modes.fog + PlaySession(dark=True)): what the dark hides and reveals, on every tessellation."""

from __future__ import annotations

import math

import pytest

from engine.level import Level
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.fog import IN_SIGHT, SEEN, UNSEEN, Fog
from engine.modes.play import PlaySession
from tests.test_play import _hand_maze

SHAPES = ["square", "hex", "triangle", "polar", "upsilon"]


def _run(s: PlaySession, frames: int = 40) -> None:
    for _ in range(frames):
        s.advance(1 / 60)


def _levels(s: PlaySession) -> dict[int, set[int]]:
    assert s.fog is not None
    out: dict[int, set[int]] = {UNSEEN: set(), SEEN: set(), IN_SIGHT: set()}
    for cell, level in enumerate(s.fog.levels.tolist()):
        out[level].add(cell)
    return out


def test_a_lit_maze_has_no_fog():
    assert PlaySession(Level(_hand_maze())).fog is None


def test_hand_maze_start_sees_its_corridor_and_neighbours_only():
    #  row 2: 10 11 12 13 14   (start 10; corridor 10..14, then down to 9, 4 ...; goal 8)
    #  row 1:  5  6  7  8  9
    #  row 0:  0  1  2  3  4
    s = PlaySession(Level(_hand_maze()), dark=True)
    lv = _levels(s)
    assert lv[IN_SIGHT] == {10, 11, 12, 13, 14, 5}  # the corridor to the wall, and 5 below (behind a wall)
    assert lv[SEEN] == set()
    assert 9 in lv[UNSEEN]  # round the corner at 14: not in a straight line
    assert not s.fog.goal_known and s.fog.seen_count == 6


def test_walking_dims_what_went_out_of_sight_and_reveals_the_goal():
    s = PlaySession(Level(_hand_maze()), dark=True)
    s.fog.take_changes()
    assert s.walk_to(14)
    _run(s, 120)
    assert s.cell == 14
    lv = _levels(s)
    assert {10, 11, 12, 13, 14, 9, 4} <= lv[IN_SIGHT]  # back along the corridor, down to 4 (straight)
    assert 5 in lv[SEEN] and 5 not in lv[IN_SIGHT]  # remembered, dimmed
    changed = s.fog.take_changes()
    assert 5 in changed and 9 in changed and 10 not in changed and s.fog.take_changes() == []
    s.walk_to(9)
    _run(s, 60)
    assert s.cell == 9
    assert s.fog.goal_known  # 8 is next to 9 (a walled neighbour counts as in sight)


def test_restart_forgets_everything():
    s = PlaySession(Level(_hand_maze()), dark=True)
    s.walk_to(14)
    _run(s, 120)
    before = s.fog.version
    s.reset()
    assert _levels(s)[SEEN] == set() and _levels(s)[IN_SIGHT] == {10, 11, 12, 13, 14, 5}
    assert s.fog.version > before


@pytest.mark.parametrize("shape", SHAPES)
def test_no_cell_is_seen_through_a_wall_beyond_the_neighbours(shape):
    """Along a whole walk on a real maze: in sight = the cell, its neighbours and runs joined to it by open
    passages through cells in sight; remembered = the union of everything in sight so far."""
    spec = MazeSpec(shape, 9, 7, "backtracker", {}, 0, 21)
    maze = spec.build()
    s = PlaySession(Level(maze), dark=True)
    nb, _ = maze.grid.lists()
    adj = s.adj
    path = shortest_path(adj, s.start, s.goal)
    seen_so_far: set[int] = set()
    hidden_somewhere = 0
    for nxt in path[1:]:
        here = s.cell
        lv = _levels(s)
        sight = lv[IN_SIGHT]
        seen_so_far |= sight
        assert here in sight and set(nb[here]) <= sight
        runs = sight - {here} - set(nb[here])
        # every far cell in sight is reachable from here by open passages inside the sight set
        reach, stack = {here}, [here]
        while stack:
            c = stack.pop()
            for d in adj[c]:
                if d in sight and d not in reach:
                    reach.add(d)
                    stack.append(d)
        assert runs <= reach
        assert lv[SEEN] | lv[IN_SIGHT] == seen_so_far
        hidden_somewhere += len(lv[UNSEEN])
        assert s.fog.goal_known == (s.goal in seen_so_far)
        s.walk_to(nxt)
        _run(s, 30)
        assert s.cell == nxt
    assert s.fog.goal_known
    assert hidden_somewhere > 0
    assert len(_levels(s)[UNSEEN]) > 0 or maze.grid.n < 20  # the shortest walk never lights the whole maze


@pytest.mark.parametrize("shape", SHAPES)
def test_dark_start_hides_most_of_the_maze_and_the_goal(shape):
    maze = MazeSpec(shape, 12, 10, "wilson", {}, 0, 5).build()
    s = PlaySession(Level(maze), dark=True)
    lv = _levels(s)
    assert len(lv[UNSEEN]) > 0.7 * maze.grid.n
    assert not s.fog.goal_known and s.goal in lv[UNSEEN]
    assert s.fog.goal_direction(s.cell) is None  # the hint is a setting, off by default


def test_goal_hint_points_at_the_goal_until_it_is_seen():
    maze = MazeSpec("hex", 12, 10, "wilson", {}, 0, 5).build()
    s = PlaySession(Level(maze), dark=True, goal_hint=True)
    d = s.fog.goal_direction(s.cell)
    assert d is not None and math.isclose(math.hypot(*d), 1.0)
    (sx, sy), (gx, gy) = s.centers[s.cell], s.centers[s.goal]
    assert d[0] * (gx - sx) + d[1] * (gy - sy) > 0.99 * math.hypot(gx - sx, gy - sy)
    fog = Fog(maze, goal_hint=True)
    fog.look(s.goal, [])
    assert fog.goal_known and fog.goal_direction(s.start) is None


def test_click_to_walk_keeps_its_rule_in_the_dark():
    allowed = []
    for cell in range(15):
        lit, dark = PlaySession(Level(_hand_maze())), PlaySession(Level(_hand_maze()), dark=True)
        ok = dark.walk_to(cell)
        assert lit.walk_to(cell) or not ok, cell  # the light allows at least what the dark does
        allowed += [cell] if ok else []
    assert allowed == [9, 10, 11, 12, 13, 14]  # the corridor in sight and one step beyond
    # (the light also follows the corridor round its bends to the next fork: tests/test_click_reach.py)
