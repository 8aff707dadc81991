"""Bots paced like people: one pace scale (cells per second of the opponent's own walk) for every opponent;
easy is slower than a new player, hard about an expert's pace and under the player's own cap."""

from __future__ import annotations

from engine.maze.recipe import MazeSpec
from engine.modes.clock import TICKS_PER_SECOND
from engine.modes.play import MOVE_TIME
from engine.modes.race import RaceSpec
from engine.modes.race.agents import OPPONENTS, PACES
from engine.modes.race.session import RaceSession

NEW_PLAYER = 2.5  # cells of the shortest path per second (a first race: pauses, wrong turns)
EXPERT = 7.0


def test_every_opponent_has_the_same_pace_scale():
    assert all(o.speeds == PACES for o in OPPONENTS.values())
    assert PACES["easy"] / 10 < NEW_PLAYER < PACES["normal"] / 10 < PACES["hard"] / 10 <= EXPERT
    assert PACES["hard"] / 10 < 1 / MOVE_TIME  # a player holding the keys along the shortest way outruns hard


def test_a_runner_on_easy_is_slower_than_a_new_player_and_hard_beatable():
    maze = MazeSpec.create("square", 20, 15, "backtracker", seed=11)
    for difficulty, beaten_by in (("easy", NEW_PLAYER), ("hard", 1 / MOVE_TIME)):
        race = RaceSession.for_spec(RaceSpec.create(maze, "runner", difficulty))
        sim = race.sim
        their = sim.opponent.finish_tick / TICKS_PER_SECOND  # (the countdown's ticks included: a head start)
        assert their > sim.shortest / beaten_by, (difficulty, their, sim.shortest)
