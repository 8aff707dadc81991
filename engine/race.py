"""Race specifications and codes, plus the names of the race modules in one place.

The race is split by job:

* :mod:`engine.race_agents`: the opponents (runner, wall follower, Trémaux
  explorer), their speeds and routes;
* :mod:`engine.race_clock`: ticks of 1/60 s and timelines;
* :mod:`engine.race_sim`: the deterministic simulation and its result;
* :mod:`engine.race_session`: one race as the game plays it (both racers on
  one clock, phases, events);
* this module: :class:`RaceSpec` (a level + opponent + speed) and race codes.

Race codes are in the maze-code family::

    R1.<maze params>.<opponent letter><difficulty letter | speed in tenths>#<seed>-<check>

for example ``R1.S20X15.GT.N.RN#1Z4K-C`` (runner at normal speed) or
``R1.H12X12.WI.T65#7-Q`` (Trémaux explorer at 6.5 cells/s).  The maze
parameters are exactly those of the level's ``M1`` code.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.codes import CodeError, open_code, seal
from engine.maze import Maze
from engine.maze_code import MazeSpec
from engine.race_agents import (
    _LETTER_DIFFICULTIES,
    _LETTER_OPPONENTS,
    DIFFICULTIES,
    MAX_SPEED10,
    MIN_SPEED10,
    OPPONENTS,
    OpponentInfo,
    get_opponent,
    opponent_route,
    physical_walk,
)
from engine.race_clock import (
    COUNTDOWN_TICKS,
    MOVE_TICKS,
    TICKS_PER_SECOND,
    Timeline,
    paced_moves,
    ticks_to_seconds,
)
from engine.race_sim import RaceResult, RaceSim, replay
from engine.solvers.bfs import shortest_path

__all__ = [
    "COUNTDOWN_TICKS", "DIFFICULTIES", "MAX_SPEED10", "MIN_SPEED10", "MOVE_TICKS", "OPPONENTS", "RACE_VERSION",
    "TICKS_PER_SECOND", "OpponentInfo", "Race", "RaceResult", "RaceSim", "RaceSpec", "Timeline", "bfs_path",
    "get_opponent", "make_race", "opponent_route", "paced_moves", "parse_race_or_maze_code", "physical_walk",
    "replay", "ticks_to_seconds",
]

RACE_VERSION = 1
#: The shortest open path ``start..goal`` over adjacency lists (kept under its old name for tests).
bfs_path = shortest_path


# -- race specification and code -----------------------------------------------
@dataclass(frozen=True)
class RaceSpec:
    """A maze level plus an opponent and its speed.

    Attributes:
        maze: the level.
        opponent: a name from :data:`OPPONENTS`.
        difficulty: ``easy``, ``normal``, ``hard`` or ``custom``.
        custom_speed10: for ``custom`` only, tenths of a cell per second
            (:data:`MIN_SPEED10` .. :data:`MAX_SPEED10`); None otherwise.
    """

    maze: MazeSpec
    opponent: str = "runner"
    difficulty: str = "normal"
    custom_speed10: int | None = None

    @classmethod
    def create(
        cls, maze: MazeSpec, opponent: str = "runner", difficulty: str = "normal", speed: float | None = None
    ) -> RaceSpec:
        """Validate user choices.

        Args:
            speed: cells per second for ``custom`` (0.5..30, rounded to tenths);
                giving it implies ``custom``.

        Raises:
            ValueError: one sentence naming what is wrong.
        """
        info = get_opponent(opponent)
        diff = difficulty.strip().lower()
        if speed is not None:
            diff = "custom"
        if diff not in DIFFICULTIES:
            raise ValueError(f"unknown difficulty '{difficulty}' (known: {', '.join(DIFFICULTIES)})")
        speed10 = None
        if diff == "custom":
            if speed is None:
                raise ValueError("a custom difficulty needs a speed in cells per second")
            speed10 = int(round(float(speed) * 10))
            if not MIN_SPEED10 <= speed10 <= MAX_SPEED10:
                raise ValueError(
                    f"speed must be {MIN_SPEED10 / 10:g}..{MAX_SPEED10 / 10:g} cells per second, got {speed}"
                )
        return cls(maze, info.name, diff, speed10)

    @property
    def speed10(self) -> int:
        """The opponent's speed in tenths of a cell per second."""
        if self.difficulty == "custom" and self.custom_speed10 is not None:
            return self.custom_speed10
        return OPPONENTS[self.opponent].speeds[self.difficulty]

    @property
    def speed(self) -> float:
        """The opponent's speed in cells per second."""
        return self.speed10 / 10

    def code(self) -> str:
        """The shareable race code (upper case, with check character)."""
        letter = OPPONENTS[self.opponent].letter
        pace = str(self.speed10) if self.difficulty == "custom" else DIFFICULTIES[self.difficulty]
        fields = ".".join([f"R{RACE_VERSION}", *self.maze.code_fields(), f"{letter}{pace}"])
        return seal(f"{fields}#{self.maze.seed_text()}")

    @classmethod
    def from_code(cls, code: str) -> RaceSpec:
        """Decode a race code.

        Raises:
            CodeError: one plain sentence naming what is wrong.
        """
        fields, seed = open_code(code, tag="R", version=RACE_VERSION, what="race code")
        if len(fields) < 3:
            raise CodeError("The race code is missing its maze size, algorithm or opponent.")
        race = fields[-1]
        name = _LETTER_OPPONENTS.get(race[:1])
        if name is None:
            known = ", ".join(f"{o.letter} ({o.name})" for o in OPPONENTS.values())
            raise CodeError(f"The opponent letter '{race[:1]}' is unknown (known: {known}).")
        pace = race[1:]
        speed10: int | None = None
        if pace in _LETTER_DIFFICULTIES:
            difficulty = _LETTER_DIFFICULTIES[pace]
        elif pace.isdigit() and len(pace) <= 3:
            difficulty = "custom"
            speed10 = int(pace)
            if not MIN_SPEED10 <= speed10 <= MAX_SPEED10:
                raise CodeError(
                    f"The opponent speed {speed10} (tenths of a cell per second) must be {MIN_SPEED10}..{MAX_SPEED10}."
                )
        else:
            raise CodeError(f"The difficulty '{pace}' is not E, N, H or a speed in tenths of a cell per second.")
        maze = MazeSpec.from_fields(fields[:-1], seed)
        return cls(maze, name, difficulty, speed10)

    def label(self) -> str:
        """A short description, e.g. ``Runner, normal (4 cells/s)``."""
        return f"{OPPONENTS[self.opponent].title}, {self.difficulty} ({self.speed:g} cells/s)"


def parse_race_or_maze_code(code: str) -> RaceSpec:
    """A race spec from a race code, or from a maze code (runner at normal speed).

    Raises:
        CodeError: one sentence naming what is wrong.
    """
    from engine.codes import normalize

    text = normalize(code)
    if text.startswith("M"):
        return RaceSpec(MazeSpec.from_code(text))
    if text.startswith("R"):
        return RaceSpec.from_code(text)
    raise CodeError("This is neither a race code (R1...) nor a maze code (M1...).")


@dataclass
class Race:
    """A built race: the maze, the opponent's route and the simulation.

    Attributes:
        spec: the race spec (None for a ghost race).
        maze: the level.
        route: the opponent's physical walk.
        fallback: ``"tremaux"`` when the wall follower switched strategy, else None.
        sim: the simulation, at the start of the countdown.
    """

    spec: RaceSpec | None
    maze: Maze
    route: list[int]
    fallback: str | None
    sim: RaceSim


def make_race(spec: RaceSpec, maze: Maze | None = None, countdown: int = COUNTDOWN_TICKS) -> Race:
    """Build the maze (unless given) and the opponent's timeline for ``spec``.

    Raises:
        ValueError: if the opponent cannot reach the goal (never for valid specs).
    """
    if maze is None:
        maze = spec.maze.build()
    route, fallback = opponent_route(maze, spec.opponent)
    timeline = Timeline.constant_speed(route, spec.speed10)
    return Race(spec, maze, route, fallback, RaceSim(maze, timeline, countdown=countdown))
