"""The race session without a window: both racers on one clock, phases, events, result."""

from __future__ import annotations

import pytest

from engine.codes import CodeError
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.base import EventKind, Phase
from engine.modes.ghost import Ghost
from engine.modes.race import RaceSpec
from engine.modes.race.session import RaceSession


def _spec(opponent: str = "runner", **kw) -> RaceSpec:
    return RaceSpec.create(MazeSpec.create("hex", 8, 7, "backtracker", seed=3), opponent, **kw)


def test_countdown_refuses_moves_and_beeps_three_times():
    race = RaceSession.for_spec(_spec(difficulty="easy"))
    assert race.phase is Phase.READY and race.countdown_left == 3
    assert race.press((1.0, 0.0)) is False
    assert race.walk_to(race.maze.goal) is False
    events = []
    for _ in range(180):
        events += race.advance(1 / 60)
    assert [e.value for e in events if e.kind is EventKind.BEEP] == [2, 1, 0]
    assert race.phase is Phase.PLAYING and race.clock == 0 and race.sim.player_moves == []


def test_player_walking_the_shortest_path_wins_and_records_a_ghost():
    race = RaceSession.for_spec(_spec(difficulty="easy"), countdown=0)
    race.player.walk_to(race.maze.goal, explored_only=False)
    steps = 0
    decided = None
    for _ in range(6000):
        for e in race.advance(1 / 60):
            steps += e.kind is EventKind.STEP
            if e.kind is EventKind.DECIDED:
                decided = e.player
        if race.phase is Phase.OVER:
            break
    res = race.result()
    assert res is not None and res.winner == "player" and decided == 0  # player 0: the player (1: the opponent)
    assert steps == res.player_steps == res.shortest
    assert res.margin is not None and res.margin > 0
    ghost = race.ghost_of_run()
    assert ghost is not None
    assert ghost.path == shortest_path(race.maze.open_lists(), race.maze.start, race.maze.goal)
    # Racing the ghost: same maze, a ghost opponent; "again" starts over.
    vs = RaceSession.for_ghost(ghost, race.level)
    assert vs.info.is_ghost and vs.info.best_key.startswith("vs-ghost:")
    again = race.again()
    assert again.sim.tick == 0 and again.player_moves == 0 and again.maze is race.maze


def test_giving_up_decides_for_the_opponent_and_a_slow_frame_counts_in_full():
    race = RaceSession.for_spec(_spec(speed=30), countdown=0)
    race.advance(0.05)
    race.advance(0.15)  # one slow frame: 9 ticks of real time, none lost
    assert race.sim.tick == 12
    assert race.phase is Phase.PLAYING
    res = race.final_result()
    assert res.winner == "opponent" and res.margin is None and race.ghost_of_run() is None


def test_opponent_trail_explored_cells_and_position_move_with_the_clock():
    race = RaceSession.for_spec(_spec("tremaux", difficulty="hard"), countdown=0)
    assert race.explored() == [race.maze.start]
    x0 = race.opponent_position()
    for _ in range(60):
        race.advance(1 / 60)
    assert len(race.opponent_trail()) > 1 and race.opponent_moves == len(race.opponent_trail()) - 1
    assert set(race.explored()) == set(race.opponent_trail())
    assert race.opponent_position() != x0


def test_from_code_dispatches_and_refuses_other_kinds():
    spec = _spec("wall", difficulty="hard")
    assert RaceSession.from_code(spec.code()).info.race_spec == spec
    maze_code = spec.maze.code()
    race = RaceSession.from_code(maze_code, lambda m: RaceSpec.create(m, "tremaux", "easy"))
    assert race.info.race_spec is not None and race.info.race_spec.opponent == "tremaux"
    maze = spec.maze.build()
    path = shortest_path(maze.open_lists(), maze.start, maze.goal)
    code = Ghost.record(spec.maze.level(maze), [(5 * i, c) for i, c in enumerate(path[1:])]).code(spec.maze.level(maze))
    assert RaceSession.from_code(code).info.is_ghost
    with pytest.raises(CodeError):
        RaceSession.from_code("P1.whatever")
