"""Building a race, plus the names of the race modules in one place.

The race is split by job:

* :mod:`engine.modes.race.agents`: the opponents (runner, wall follower, Trémaux
  explorer), their speeds and routes;
* :mod:`engine.modes.clock`: ticks of 1/60 s and timelines;
* :mod:`engine.modes.race.sim`: the deterministic simulation and its result;
* :mod:`engine.modes.race.session`: one race as the game plays it (both racers on
  one clock, phases, events);
* :mod:`engine.modes.race.code`: :class:`RaceSpec` (a level + opponent + speed) and
  race codes (``R2.<maze fields>.<opponent><difficulty>#<seed>-<check>``);
* this module: :class:`Race` / :func:`make_race` (a spec built into a level, a
  route and a simulation; :func:`level_race` for any level, a recipe or not) and the old names re-exported in one place.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.level import Level
from engine.maze.model import Maze
from engine.modes.clock import (
    COUNTDOWN_TICKS,
    MOVE_TICKS,
    TICKS_PER_SECOND,
    Timeline,
    paced_moves,
    ticks_to_seconds,
)
from engine.modes.race.agents import (
    DIFFICULTIES,
    MAX_SPEED10,
    MIN_SPEED10,
    OPPONENTS,
    OpponentInfo,
    get_opponent,
    opponent_route,
    physical_walk,
)
from engine.modes.race.code import RACE_VERSION, RaceSpec
from engine.modes.race.sim import RaceResult, RaceSim, replay

__all__ = [
    "COUNTDOWN_TICKS", "DIFFICULTIES", "MAX_SPEED10", "MIN_SPEED10", "MOVE_TICKS", "OPPONENTS", "RACE_VERSION",
    "TICKS_PER_SECOND", "OpponentInfo", "Race", "RaceResult", "RaceSim", "RaceSpec", "Timeline",
    "get_opponent", "level_race", "make_race", "opponent_route", "paced_moves", "physical_walk",
    "replay", "ticks_to_seconds",
]

@dataclass
class Race:
    """A built race: the level, the opponent's route and the simulation.

    Attributes:
        spec: the race spec (None for a race on a level without a recipe, or a ghost race).
        level: the level raced.
        route: the opponent's physical walk.
        fallback: ``"tremaux"`` when the wall follower switched strategy, else None.
        sim: the simulation, at the start of the countdown.
    """

    spec: RaceSpec | None
    level: Level
    route: list[int]
    fallback: str | None
    sim: RaceSim

    @property
    def maze(self) -> Maze:
        """The level's maze."""
        return self.level.maze


def level_race(
    level: Level, opponent: str, speed10: int, countdown: int = COUNTDOWN_TICKS, spec: RaceSpec | None = None
) -> Race:
    """The race of an AI ``opponent`` (a name from :data:`OPPONENTS`) at ``speed10`` tenths of a cell per
    second on ``level`` (any level: a recipe is not needed).

    Args:
        countdown: ticks before the start signal (>= 0).
        spec: the race spec it comes from, when there is one (kept in :attr:`Race.spec`).

    Raises:
        KeyError: an unknown opponent name.
        ValueError: if the opponent cannot reach the goal (never for connected mazes).
    """
    route, fallback = opponent_route(level.maze, opponent)
    timeline = Timeline.constant_speed(route, speed10)
    return Race(spec, level, route, fallback, RaceSim(level.maze, timeline, countdown=countdown))


def make_race(spec: RaceSpec, level: Level | None = None, countdown: int = COUNTDOWN_TICKS) -> Race:
    """Build the level (unless given: it must be ``spec.maze.level()``) and the opponent's timeline for ``spec``.

    Raises:
        ValueError: if the opponent cannot reach the goal (never for valid specs).
    """
    if level is None:
        level = spec.maze.level()
    return level_race(level, spec.opponent, spec.speed10, countdown, spec)
