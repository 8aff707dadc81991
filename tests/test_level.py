"""A level is data (engine/level.py): levels with and without a recipe, played, raced and run by two players.

The hand-made levels here are generated mazes whose passages were replaced by another
spanning tree of the same grid (recipe=None): nothing in a session may need a recipe.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine.codes import CodeError
from engine.level import Level
from engine.maze.generators import generate
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec
from engine.maze.solvers.bfs import shortest_path
from engine.modes.base import EventKind, Phase
from engine.modes.ghost import Ghost
from engine.modes.play import PlaySession
from engine.modes.race import OPPONENTS, RaceSpec
from engine.modes.race.duo import DuoSession
from engine.modes.race.session import RaceSession
from engine.rng import Rng

SPECS = [
    MazeSpec.create("square", 9, 7, "backtracker", seed=11),
    MazeSpec.create("hex", 8, 6, "prim", seed=5),
    MazeSpec.create("polar", 6, 5, "wilson", seed=2),
]


def hand_made(spec: MazeSpec, dark: bool = False) -> Level:
    """The maze of ``spec`` with its passages replaced by another spanning tree (no recipe)."""
    maze = spec.build()
    other = generate(maze.grid, "kruskal", Rng(spec.seed + 1000))
    assert not np.array_equal(other, maze.passage)
    level = Level(Maze(maze.grid, other, maze.start, maze.goal), dark=dark)
    assert level.maze.is_perfect()
    return level


def test_a_recipe_level_is_its_recipe_built():
    spec = MazeSpec.create("hex", 8, 6, "prim", seed=5, dark=True)
    level = spec.level()
    assert level.recipe == spec and level.dark and level.has_code
    assert level.code() == spec.code()
    assert level.maze.digest() == spec.build().digest()
    assert (level.shape, level.width, level.height, level.cells) == ("hex", 8, 6, 48)
    assert (level.start, level.goal) == (int(level.maze.start), int(level.maze.goal))
    assert level.passage is level.maze.passage
    assert level.label() == spec.label()
    built = spec.build()
    assert Level.from_recipe(spec, built).maze is built


def test_a_level_without_a_recipe_has_a_level_code():
    # Hand-made levels used to have no code (NO_CODE); a level code (tag L) now carries the maze itself.
    level = hand_made(SPECS[1])
    assert level.recipe is None and level.has_code and not level.dark
    code = level.code()
    assert code.startswith("L2.H8X6") and code == level.passages_code()
    again = Level.from_code(code)
    assert again.recipe is None and again.maze.digest() == level.maze.digest()
    assert (again.start, again.goal, again.dark) == (level.start, level.goal, False)
    assert Level.from_code(level.with_dark().code()).dark
    assert Level.from_code(SPECS[1].code()).recipe == SPECS[1]
    with pytest.raises(CodeError, match="not a maze code"):
        Level.from_code(RaceSpec.create(SPECS[1]).code())
    assert level.label() == "hex 8×6, hand-made"
    assert level.with_dark().dark and level.with_dark().label() == "hex 8×6, hand-made, dark"


def test_a_recipe_must_describe_the_maze():
    spec = SPECS[0]
    maze = spec.build()
    with pytest.raises(ValueError, match="recipe makes a square 8x7 maze, but the maze is square 9x7"):
        Level(maze, recipe=MazeSpec.create("square", 8, 7, "backtracker", seed=11))
    with pytest.raises(ValueError, match="dark flag"):
        Level(maze, dark=True, recipe=spec)
    assert Level(maze, recipe=spec).with_dark().recipe == spec.with_dark()


def _walk_to_goal(play: PlaySession) -> None:
    assert play.walk_to(play.goal, explored_only=False)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.shape)
@pytest.mark.parametrize("dark", [False, True], ids=["lit", "dark"])
def test_play_a_hand_made_level(spec, dark):
    level = hand_made(spec, dark)
    s = PlaySession(level)
    assert (s.fog is not None) is dark
    assert PlaySession(level, dark=False).fog is None and PlaySession(level, dark=True).fog is not None  # overrides
    path = shortest_path(level.maze.open_lists(), level.start, level.goal)
    assert s.shortest == len(path) - 1
    _walk_to_goal(s)
    events = []
    for _ in range(10 * len(path)):
        events += s.advance(0.05)
        if s.finished:
            break
    assert s.finished and s.cell == level.goal and s.moves == s.shortest and s.stars >= 2
    assert [(e.kind, e.cell) for e in events if e.kind is EventKind.ARRIVED] == [(EventKind.ARRIVED, level.goal)]


def _finish(race: RaceSession) -> None:
    race.player.walk_to(race.maze.goal, explored_only=False)
    for _ in range(20000):
        race.advance(1 / 60)
        if race.phase is Phase.OVER:
            return
    raise AssertionError("the race never ended")


@pytest.mark.parametrize("opponent", list(OPPONENTS))
@pytest.mark.parametrize("dark", [False, True], ids=["lit", "dark"])
def test_race_a_hand_made_level_against_every_opponent(opponent, dark):
    level = hand_made(SPECS[1], dark)
    race = RaceSession.for_level(level, opponent, "easy", countdown=0)
    assert race.level is level and race.dark is dark
    assert race.info.code == "" and race.info.best_key == "" and race.info.maze_spec is None
    assert race.info.race_spec is None and not race.info.is_ghost
    assert race.info.opponent_name == f"the {OPPONENTS[opponent].noun}"
    _finish(race)
    res = race.result()
    assert res is not None and res.player_ticks is not None and res.shortest == race.player.shortest
    # The player's run is a ghost of the hand-made level: its code carries the level itself.
    ghost = race.ghost_of_run()
    assert ghost is not None and ghost.spec is None and ghost.path[-1] == level.goal
    code = ghost.code(level)
    assert code.startswith("G2.") and "#" not in code
    assert Ghost.from_code(code) == ghost
    with pytest.raises(CodeError):
        RaceSession.for_ghost(ghost)  # a recorded run holds no level: it needs the level it was run in
    vs = RaceSession.for_ghost(ghost, level, countdown=0)
    assert vs.info.is_ghost and vs.info.code == code and vs.info.best_key == f"vs-ghost:{level.code()}"
    assert vs.sim.opponent.finish_tick == ghost.finish_tick
    _finish(vs)
    assert vs.result() is not None
    again = race.again()
    assert again is not race and again.level is level and again.sim.tick == 0 and again.phase is Phase.PLAYING
    assert again.info == race.info
    assert list(again.sim.opponent.cells) == list(race.sim.opponent.cells)


def test_race_for_level_with_a_recipe_is_the_race_of_its_code():
    spec = MazeSpec.create("hex", 8, 7, "backtracker", seed=3, dark=True)
    level = spec.level()
    for opponent, difficulty, speed in (("runner", "normal", None), ("tremaux", "hard", None), ("wall", "", 2.5)):
        race_spec = RaceSpec.create(spec, opponent, difficulty or "normal", speed)
        by_level = RaceSession.for_level(level, opponent, difficulty or "normal", speed, countdown=0)
        by_spec = RaceSession.for_spec(race_spec, level, countdown=0)
        assert by_level.info == by_spec.info and by_level.info.code == race_spec.code()
        assert list(by_level.sim.opponent.cells) == list(by_spec.sim.opponent.cells)
        assert by_level.sim.opponent.finish_tick == by_spec.sim.opponent.finish_tick
    with pytest.raises(ValueError, match="difficulty"):
        RaceSession.for_level(level, "runner", "fastest")


@pytest.mark.parametrize("dark", [False, True], ids=["lit", "dark"])
def test_two_players_on_a_hand_made_level(dark):
    level = hand_made(SPECS[0], dark)
    duo = DuoSession(level, countdown=0)
    assert duo.level is level and duo.spec is None and duo.dark is dark
    # A hand-made level now has a level code (it used to raise CodeError): the race shares it.
    assert duo.code == level.code() and duo.code.startswith("L2.")
    duo.racers[0].play.walk_to(level.goal, explored_only=False)
    for _ in range(200):
        duo.advance(1 / 60)
    duo.racers[1].play.walk_to(level.goal, explored_only=False)
    for _ in range(20000):
        duo.advance(1 / 60)
        if duo.phase is Phase.OVER:
            break
    res = duo.result()
    assert duo.phase is Phase.OVER and res.winner == 0 and res.margin is not None
    for player in (0, 1):
        ghost = duo.ghost_of(player)
        assert ghost is not None and ghost.spec is None and ghost.path == duo.trail(player)
        resolved = Ghost.from_code(ghost.code(level))  # the code carries the hand-made level
        assert resolved == ghost and np.array_equal(resolved.level().passage, level.passage)
    again = duo.again()
    assert again.level is level and again.phase is Phase.PLAYING and again.moves(0) == again.moves(1) == 0


def test_a_ghost_is_checked_in_the_level_it_is_resolved_in():
    spec = SPECS[0]
    level = spec.level()
    path = shortest_path(level.maze.open_lists(), level.start, level.goal)
    code = Ghost.record(level, [(6 * i, c) for i, c in enumerate(path[1:])]).code(level)
    assert Ghost.from_code(code, level).path == path
    with pytest.raises(CodeError, match="not a valid run"):
        Ghost.from_code(code, hand_made(spec))  # the same grid, other passages: the run goes through a wall
