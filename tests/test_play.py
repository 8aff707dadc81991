"""The maze play model (engine.modes.play): direction picking, the play session, par defaults."""

from __future__ import annotations

import itertools

import pytest

from engine.level import Level
from engine.maze.recipe import MazeSpec
from engine.maze.solvers import solve
from engine.modes.base import EventKind
from engine.modes.play import BUFFER_SIZE, PlaySession, default_par_moves, pick_neighbour


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
    s = PlaySession(Level(maze))
    path = solve(maze, "bfs").path
    events = []
    for a, b in itertools.pairwise(path):
        s.press(_vec(s.centers[a], s.centers[b]))
        for _ in range(8):
            events += s.advance(1 / 60)
        assert s.cell == b
    assert s.finished and s.moves == len(path) - 1 == s.shortest
    assert s.stars == 3  # perfect moves, fast enough
    assert (EventKind.ARRIVED, maze.goal) in [(e.kind, e.cell) for e in events]


def test_session_buffers_presses_and_bumps_walls():
    maze = MazeSpec("square", 6, 4, "backtracker", {}, 0, 3).build()
    s = PlaySession(Level(maze))
    path = solve(maze, "bfs").path
    dirs = [_vec(s.centers[a], s.centers[b]) for a, b in itertools.pairwise(path)][:BUFFER_SIZE]
    for d in dirs:  # all pressed within one frame: nothing is lost
        s.press(d)
    for _ in range(60):
        s.advance(1 / 60)
    assert s.cell == path[len(dirs)] and s.moves == len(dirs)
    s.reset()
    walled = [v for v in ((1, 0), (-1, 0), (0, 1), (0, -1)) if s.pick(v) is None]
    s.press(walled[0])
    assert s.bumps == 1 and s.moves == 0 and s.cell == maze.start
    assert (EventKind.BUMP, maze.start) in [(e.kind, e.cell) for e in s.advance(0.0)]


def test_session_click_walk_hold_run_and_stars():
    maze = MazeSpec("hex", 8, 6, "wilson", {}, 0, 5).build()
    s = PlaySession(Level(maze), par_time=0.01, par_moves=1)
    assert s.shortest > 1
    assert not s.walk_to(maze.goal)  # a click never crosses unexplored cells
    assert s.walk_to(maze.goal, explored_only=False)
    for _ in range(400):
        s.advance(1 / 60)
        if s.finished:
            break
    assert s.finished and s.moves == s.shortest and s.stars == 1
    assert not s.walk_to(0)  # finished: no more moves
    # holding a direction runs along a corridor until a junction or dead end
    s2 = PlaySession(Level(maze))
    first = s2.adj[maze.start][0]
    d = _vec(s2.centers[maze.start], s2.centers[first])
    s2.press(d)
    for _ in range(30):
        s2.advance(1 / 60, held=d)
    assert s2.moves >= 1
    here = s2.cell
    assert len(s2.adj[here]) != 2 or s2.moving or s2.finished


def test_default_par():
    assert default_par_moves(20) == 23


def _hand_maze():
    """Square 5x3, start top-left (cell 10): a straight corridor east along the top row,
    then down the right side and back west along the bottom row; the middle row hangs below."""
    import numpy as np

    from engine.maze.grids import make_grid
    from engine.maze.model import Maze

    grid = make_grid("square", 5, 3)
    look = grid.edge_lookup()
    passage = np.zeros(grid.num_edges, dtype=bool)
    for a, b in [(10, 11), (11, 12), (12, 13), (13, 14), (9, 14), (4, 9), (3, 4), (2, 3), (1, 2), (0, 1),
                 (0, 5), (5, 6), (6, 7), (7, 8)]:
        passage[look[(min(a, b), max(a, b))]] = True
    return Maze(grid, passage, 10, 8)


def test_line_of_sight_runs_straight_until_a_wall():
    s = PlaySession(Level(_hand_maze()))
    assert s.in_sight() == {11, 12, 13, 14}


def test_click_walks_only_through_explored_or_visible_cells():
    s = PlaySession(Level(_hand_maze(), dark=True))  # in the dark: what was seen, plus one step
    assert not s.walk_to(4)  # around the corner and one more: unknown
    assert s.walk_to(9)  # along the visible corridor, then one step beyond it
    for _ in range(120):
        s.advance(1 / 60)
    assert s.cell == 9 and s.moves == 5
    assert not s.walk_to(2)  # 4 is visible now (straight down), 3 one step beyond it, 2 too far
    assert s.walk_to(3)
    for _ in range(60):
        s.advance(1 / 60)
    assert s.cell == 3 and s.moves == 7
    assert s.walk_to(10)  # back through visited cells
    for _ in range(200):
        s.advance(1 / 60)
    assert s.cell == 10 and s.moves == 14


def test_a_lit_click_follows_the_corridor_round_its_bends():
    s = PlaySession(Level(_hand_maze()))  # lit: every cell is in view; this maze is one corridor without a fork
    assert s.walk_to(4)  # round the corner and one more: the dark refuses it (above)
    for _ in range(240):
        s.advance(1 / 60)
    assert s.cell == 4 and s.moves == 6
    assert s.walk_to(6)  # round two more corners


def test_line_of_sight_follows_a_zigzag_triangle_row_but_not_a_turn():
    import numpy as np

    from engine.maze.grids import make_grid
    from engine.maze.model import Maze

    grid = make_grid("triangle", 6, 2)
    row, col = grid.row.tolist(), grid.col.tolist()
    bottom = sorted((c for c in range(grid.n) if row[c] == 0), key=lambda c: col[c])
    passage = np.zeros(grid.num_edges, dtype=bool)
    for i, (a, b) in enumerate(grid.edges.tolist()):
        passage[i] = row[a] == row[b] == 0  # the whole bottom row is one corridor
    vertical = [i for i, (a, b) in enumerate(grid.edges.tolist()) if row[a] != row[b]]
    passage[vertical[0]] = True  # and one way up, a turn off the row
    s = PlaySession(Level(Maze(grid, passage, bottom[0], bottom[-1])))
    up = [b if a in bottom else a for a, b in [grid.edges[vertical[0]].tolist()]][0]
    sight = s.in_sight()
    assert set(bottom[1:]) <= sight and up not in sight


def test_hex_fork_rule_up_and_down_follow_the_side_of_the_last_sideways_move():
    hexes = [(1, (0.5, 0.866)), (2, (-0.5, 0.866)), (3, (0.5, -0.866)), (4, (-0.5, -0.866))]
    up, down = (0.0, 1.0), (0.0, -1.0)
    assert pick_neighbour((0, 0), hexes, up) == 1 and pick_neighbour((0, 0), hexes, down) == 3  # right by default
    assert pick_neighbour((0, 0), hexes, up, side=-1.0) == 2 and pick_neighbour((0, 0), hexes, down, side=-1.0) == 4
    assert pick_neighbour((0, 0), hexes[::-1], up, side=1.0) == 1  # not the cell number: the side


def test_session_fork_rule_on_an_open_hex_grid():
    """Every Up/Down at a fork on a real hex maze goes to the side of the player's last sideways step."""
    import numpy as np

    from engine.maze.model import Maze

    maze = MazeSpec("hex", 9, 9, "backtracker", {}, 0, 3).build()
    open_maze = Maze(maze.grid, np.ones(maze.grid.num_edges, dtype=bool), maze.start, maze.goal)
    forks = 0
    for side in (1.0, -1.0):
        for cell in range(open_maze.grid.n):
            s = PlaySession(Level(open_maze))
            s.cell, s.side = cell, side
            for direction in ((0.0, 1.0), (0.0, -1.0)):
                cands = [n for n in s.adj[cell] if abs(s.centers[n][0] - s.centers[cell][0]) < 0.9
                         and (s.centers[n][1] - s.centers[cell][1]) * direction[1] > 0]
                if len(cands) == 2:
                    forks += 1
                    got = s.pick(direction)
                    assert (s.centers[got][0] - s.centers[cell][0]) * side > 0
    assert forks > 50
    s = PlaySession(Level(open_maze))
    s.cell = s.anim_from = 40  # inside the grid
    left = next(n for n in s.adj[s.cell] if s.centers[n][0] < s.centers[s.cell][0])
    s.walk_to(left, explored_only=False)
    for _ in range(10):
        s.advance(1 / 60)
    assert s.side == -1.0


def _junction_maze(sides: str, ahead: bool = True):
    """Square 12x3: a corridor east along the middle row from cell (0, 1).

    ``sides``: "up" opens a side passage north at every middle cell; "fork" ends the corridor at column 6 in a
    T (north and south, nothing ahead unless ``ahead``); "" is the plain corridor.
    """
    import numpy as np

    from engine.maze.grids import make_grid
    from engine.maze.model import Maze

    w = 12
    grid = make_grid("square", w, 3)
    look = grid.edge_lookup()
    centers = grid.centers
    y0 = float(centers[:, 1].min())

    def row(k):
        return sorted((i for i in range(grid.n) if abs(centers[i][1] - y0 - k) < 0.5), key=lambda i: centers[i][0])

    low, mid, top = row(0), row(1), row(2)
    passage = np.zeros(grid.num_edges, dtype=bool)

    def link(a, b):
        passage[look[(min(a, b), max(a, b))]] = True

    end = w - 1 if sides != "fork" or ahead else 6
    for i in range(end):
        link(mid[i], mid[i + 1])
    if sides == "up":
        for i in range(1, w - 1):
            link(mid[i], top[i])
    if sides == "fork":
        link(mid[6], top[6])
        link(mid[6], low[6])
    return Maze(grid, passage, mid[0], mid[-1] if end == w - 1 else low[0]), mid


def _hold(s, direction, seconds):
    s.press(direction)
    t = 0.0
    while t < seconds - 1e-9 and not s.finished:
        s.advance(1 / 60, held=direction)
        t += 1 / 60
    return t


def test_held_key_runs_past_side_openings_as_fast_as_along_a_plain_corridor():
    right = (1.0, 0.0)
    times = {}
    for sides in ("", "up"):
        maze, mid = _junction_maze(sides)
        s = PlaySession(Level(maze))
        times[sides] = _hold(s, right, 5.0)
        assert s.finished and s.moves == len(mid) - 1
    assert times["up"] == pytest.approx(times[""])  # no pause at any of the ten side openings
    assert (len(mid) - 1) / times["up"] == pytest.approx(10.0)  # the run speed (six 1/60 s frames a cell)


def test_held_key_stops_at_a_real_fork_and_at_a_turn_it_does_not_point_to():
    right = (1.0, 0.0)
    # A T where the corridor meets a wall: the key points at neither branch, the run stops there.
    maze, mid = _junction_maze("fork", ahead=False)
    s = PlaySession(Level(maze))
    _hold(s, right, 2.0)
    assert s.cell == mid[6] and not s.moving
    # A crossroads held diagonally (up and right together): two continuations near the key, a real fork.
    maze, mid = _junction_maze("fork", ahead=True)
    s = PlaySession(Level(maze))
    diagonal = (1.0, 1.0)
    s.press(right)
    t = 0.0
    while s.cell != mid[6] or s.moving:
        s.advance(1 / 60, held=diagonal)
        t += 1 / 60
    for _ in range(6):  # a tenth of a second later the player still stands at the fork...
        s.advance(1 / 60, held=diagonal)
    assert s.cell == mid[6] and not s.moving
    for _ in range(20):  # ...and after the junction pause the held key picks a way as before
        s.advance(1 / 60, held=diagonal)
    assert s.cell != mid[6]
    # Held straight through the same crossroads: the way goes on where the key points, no stop.
    s = PlaySession(Level(maze))
    stops = []
    s.press(right)
    for _ in range(60):
        s.advance(1 / 60, held=right)
        if not s.moving:
            stops.append(s.cell)
    assert mid[6] not in stops and s.moves >= 8  # a second at the run speed, straight through


def test_run_on_picks_the_only_continuation_or_straight_on():
    maze, mid = _junction_maze("up")
    s = PlaySession(Level(maze))
    s.cell, s.prev = mid[3], mid[2]
    assert s.run_on((1.0, 0.0)) == mid[4]  # straight on past the side opening
    assert s.run_on((0.0, 1.0)) != mid[4]  # held up: the side passage is the only continuation near it
    assert s.run_on((0.0, -1.0)) is None  # nothing below: stop
    assert s.run_on((1.0, 1.0)) is None  # 45 degrees from both: a real fork
