"""Races: opponents' routes and the fixed-step simulation (no window; race codes: test_race_code.py)."""

from __future__ import annotations

import pytest

from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.race import (
    MOVE_TICKS,
    OPPONENTS,
    RaceSim,
    RaceSpec,
    Timeline,
    make_race,
    opponent_route,
    paced_moves,
    physical_walk,
    replay,
)

SMALL = {
    "square": (8, 6),
    "hex": (7, 6),
    "triangle": (9, 6),
    "polar": (6, 5),
    "upsilon": (6, 6),
}


def _spec(shape: str, braid: float = 0.0, seed: int = 11) -> MazeSpec:
    w, h = SMALL[shape]
    return MazeSpec.create(shape, w, h, "backtracker", braid=braid, seed=seed)


def _is_walk(maze, cells):
    adj = maze.open_lists()
    return cells[0] == maze.start and all(b in adj[a] for a, b in zip(cells, cells[1:], strict=False))


@pytest.mark.parametrize("shape", sorted(SMALL))
@pytest.mark.parametrize("opponent", sorted(OPPONENTS))
def test_race_each_shape_and_opponent_has_the_right_winner(shape, opponent):
    spec = RaceSpec.create(_spec(shape, braid=0.5), opponent, "normal")
    race = make_race(spec)
    maze = race.maze
    assert _is_walk(maze, race.route) and race.route[-1] == maze.goal
    assert len(race.route) - 1 >= race.sim.shortest
    opp_finish = race.sim.opponent.finish_tick
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    steps = len(path) - 1
    # Fast player: the whole path well before the opponent arrives.
    fast_iv = max(1, (opp_finish // 2) // steps)
    res = replay(make_race(spec).sim, paced_moves(path, fast_iv))
    assert res.winner == "player"
    assert res.player_ticks == (steps - 1) * fast_iv + MOVE_TICKS
    assert res.margin == pytest.approx((opp_finish - res.player_ticks) / 60)
    assert res.shortest == steps and res.player_steps == steps
    # Slow player: twice the opponent's time.
    slow_iv = (2 * opp_finish) // steps + 1
    res = replay(make_race(spec).sim, paced_moves(path, slow_iv))
    assert res.winner == "opponent"
    assert res.margin == pytest.approx((res.player_ticks - opp_finish) / 60)
    assert res.opponent_steps == len(race.route) - 1


def test_runner_runs_the_shortest_path_and_explorers_walk_farther():
    maze = _spec("square").build()
    shortest = len(shortest_path(maze.open_lists(), maze.start, maze.goal)) - 1
    runner, fb = opponent_route(maze, "runner")
    assert len(runner) - 1 == shortest and fb is None
    for name in ("wall", "tremaux"):
        walk, _ = opponent_route(maze, name)
        assert len(walk) - 1 >= shortest


def test_wall_follower_in_a_braided_maze_switches_and_finishes():
    """Some braided mazes make a pure wall follower loop; ours must still finish."""
    switched = 0
    for seed in range(20):
        # Polar races start in the centre, which loops can cut off from the outer wall.
        maze = MazeSpec.create("polar", 6, 8, "backtracker", braid=1.0, seed=seed).build()
        walk, fallback = opponent_route(maze, "wall")
        assert _is_walk(maze, walk) and walk[-1] == maze.goal
        switched += fallback == "tremaux"
    assert switched > 0


def test_same_code_and_inputs_give_identical_results():
    spec = RaceSpec.create(_spec("hex", braid=0.3), "tremaux", "hard")
    code = spec.code()
    results = []
    for _ in range(2):
        race = make_race(RaceSpec.from_code(code))
        path = shortest_path(race.maze.open_lists(), race.maze.start, race.maze.goal)
        results.append((replay(race.sim, paced_moves(path, 7, first=13)), race.route))
    assert results[0] == results[1]


def test_timeline_constant_speed_is_exact_integer_ticks():
    tl = Timeline.constant_speed(list(range(101)), 40)  # 4 cells/s -> 15 ticks per cell
    assert tl.arrive[1] == 15 and tl.finish_tick == 1500
    tl = Timeline.constant_speed(list(range(1001)), 70)  # 7 cells/s: 600/7 ticks per cell
    assert tl.finish_tick == -(-1000 * 600 // 70)
    assert tl.position_at(-5) == (0, 0, 1.0)  # countdown: at rest on the start
    assert tl.position_at(0) == (0, 1, 0.0)  # the start signal: leaving
    a, b, t = tl.position_at(tl.arrive[5] + 0.5)
    assert (a, b) == (5, 6) and 0 < t < 1
    assert tl.reached(tl.arrive[5]) == 6


def test_countdown_and_illegal_moves_are_refused():
    maze = _spec("square").build()
    sim = RaceSim(maze, Timeline.constant_speed([maze.start], 10), countdown=30)
    nxt = maze.open_lists()[maze.start][0]
    assert not sim.player_move(nxt)  # countdown
    sim.advance(30)
    wall = [c for c in maze.grid.neighbors(maze.start).tolist() if c not in maze.open_lists()[maze.start]]
    if wall:
        assert not sim.player_move(wall[0])
    assert sim.player_move(nxt)
    with pytest.raises(ValueError):
        sim.advance(-1)


def test_give_up_lets_the_opponent_win_without_margin():
    race = make_race(RaceSpec.create(_spec("square"), "runner", "easy"), countdown=0)
    race.sim.give_up()
    res = race.sim.result()
    assert res.winner == "opponent" and res.margin is None
    assert "did not finish" in res.summary("the runner")


def test_tie_on_the_same_tick():
    maze = _spec("square").build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    moves = paced_moves(path, 10)
    ghost_line = Timeline.from_moves(maze.start, moves)
    res = replay(RaceSim(maze, ghost_line, countdown=0), moves)
    assert res.winner == "tie" and res.margin == 0


def test_physical_walk_fills_jumps():
    maze = _spec("square").build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    walk = physical_walk(maze, [path[0], path[0], path[-1]])
    assert walk == path
