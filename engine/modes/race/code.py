"""Race codes: a maze level plus an AI opponent and its speed.

Race codes are in the maze-code family::

    R2.<maze fields>.<opponent letter><difficulty letter | speed in tenths>#<seed>-<check>

for example ``R2.S20X15.GT.N.RN#1Z4K-..`` (runner at normal speed) or
``R2.H12X12.WI.T65#7-..`` (Trémaux explorer at 6.5 cells/s).  The maze fields
are exactly those of the level's maze code (parsed by
:meth:`engine.maze.recipe.MazeSpec.from_fields`).  Version 1 (``R1...``, one check
character) has the same fields and is still read.  The opponents themselves
(letters, speeds) are defined in :mod:`engine.modes.race.agents`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Final

from engine.code_frame import CURRENT_VERSION, CodeError, CodeKind, Frame, decode_kind, seal
from engine.level import Level
from engine.maze.model import Maze
from engine.maze.recipe import MazeSpec, split_level
from engine.modes.race.agents import DIFFICULTIES, MAX_SPEED10, MIN_SPEED10, OPPONENTS, get_opponent

TAG: Final = "R"
VERSIONS = (1, 2)
RACE_VERSION = CURRENT_VERSION
#: Custom speeds in tenths of a cell per second (0.5 .. 30 cells/s).


@dataclass(frozen=True)
class RaceSpec:
    """A maze level plus an opponent and its speed.

    Attributes:
        maze: the level.
        opponent: a name from :data:`engine.modes.race.agents.OPPONENTS`.
        difficulty: ``easy``, ``normal``, ``hard`` or ``custom``.
        custom_speed10: for ``custom`` only, tenths of a cell per second
            (:data:`MIN_SPEED10` .. :data:`MAX_SPEED10`); None otherwise.
        version: the code format it is written in (not part of the race).
    """

    KIND: ClassVar[str] = "race"

    maze: MazeSpec
    opponent: str = "runner"
    difficulty: str = "normal"
    custom_speed10: int | None = None
    version: int = field(default=RACE_VERSION, compare=False)

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

        return cls(maze, *opponent_pace(opponent, difficulty, speed))

    @property
    def speed10(self) -> int:
        """The opponent's speed in tenths of a cell per second."""
        return pace_speed10(self.opponent, self.difficulty, self.custom_speed10)

    @property
    def speed(self) -> float:
        """The opponent's speed in cells per second."""
        return self.speed10 / 10

    def code(self) -> str:
        """The shareable race code in :attr:`version` (upper case, check characters last)."""

        letter = OPPONENTS[self.opponent].letter
        pace = str(self.speed10) if self.difficulty == "custom" else DIFFICULTIES[self.difficulty]
        fields = ".".join([f"{TAG}{self.version}", *self.maze.code_fields(), f"{letter}{pace}"])
        return seal(f"{fields}#{self.maze.seed_text()}")

    def upgraded(self) -> RaceSpec:
        """The same race written in the current code version."""
        return replace(self, maze=self.maze.upgraded(), version=RACE_VERSION)

    @classmethod
    def from_code(cls, code: str) -> RaceSpec:
        """Decode a race code (any version; see :func:`engine.codes.decode_any`).

        Raises:
            CodeError: one plain sentence naming what is wrong.
        """
        return decode_kind(code, RACE_CODES)

    def describe(self) -> dict[str, Any]:
        """Every field by name (nothing is built)."""
        return {
            **self.maze.describe(),
            "opponent": self.opponent,
            "difficulty": self.difficulty,
            "speed": self.speed,
        }

    def build(self) -> Maze:
        """The race's maze (see :meth:`MazeSpec.build`)."""
        return self.maze.build()

    def level(self) -> Level:
        """The race's level, built from its recipe (see :meth:`MazeSpec.level`)."""
        return self.maze.level()

    def label(self) -> str:
        """A short description, e.g. ``Runner, normal (4 cells/s)``."""
        return pace_label(self.opponent, self.difficulty, self.speed10)

    # -- what the code is (its kind's behaviour, :class:`engine.codes.Decoded`) ------------
    def facts(self, full: bool = False) -> dict[str, Any]:
        """Cells and shortest path of the race's maze (built only when cheap or ``full``)."""
        from engine.maze.facts import recipe_facts

        return recipe_facts(self.maze.width, self.maze.height, self.build, full)

    def line(self) -> str:
        """``race: hex 8×6, wilson against Runner, normal (4 cells/s)``."""
        return f"race: {self.maze.label()} against {self.label()}"

    def list_text(self) -> str:
        """``race · hexagon 8×6 vs runner``."""
        return f"race · {self.maze.grid_text()} vs {self.opponent}"

    def dark_twin(self) -> RaceSpec:
        """Itself: the race screens decide whether a race is run in the dark."""
        return self

    def maze_recipe(self) -> MazeSpec:
        """The race's maze recipe."""
        return self.maze

    def made_level(self) -> None:
        """None: a race builds its level from its recipe."""
        return None


def opponent_pace(opponent: str, difficulty: str = "normal", speed: float | None = None) -> tuple[str, str, int | None]:
    """Validate an opponent choice (what :meth:`RaceSpec.create` and a race of any level take).

    Args:
        opponent: a name (or alias) from :data:`engine.modes.race.agents.OPPONENTS`.
        difficulty: ``easy``, ``normal``, ``hard`` or ``custom``.
        speed: cells per second for ``custom`` (0.5..30, rounded to tenths); giving it implies ``custom``.

    Returns:
        ``(opponent name, difficulty, custom speed in tenths or None)``.

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
    return info.name, diff, speed10


def pace_speed10(opponent: str, difficulty: str, custom_speed10: int | None = None) -> int:
    """The speed in tenths of a cell per second of a validated opponent choice (see :func:`opponent_pace`)."""
    if difficulty == "custom" and custom_speed10 is not None:
        return custom_speed10
    return OPPONENTS[opponent].speeds[difficulty]


def pace_label(opponent: str, difficulty: str, speed10: int) -> str:
    """A short description of an opponent choice, e.g. ``Runner, normal (4 cells/s)``."""
    return f"{OPPONENTS[opponent].title}, {difficulty} ({speed10 / 10:g} cells/s)"


def _decode(frame: Frame) -> RaceSpec:

    fields, seed = split_level(frame.rest, "race code")
    if len(fields) < 3:
        raise CodeError("The race code is missing its maze size, algorithm or opponent.")
    race = fields[-1]
    letters = {o.letter: o.name for o in OPPONENTS.values()}
    name = letters.get(race[:1])
    if name is None:
        known = ", ".join(f"{o.letter} ({o.name})" for o in OPPONENTS.values())
        raise CodeError(f"The opponent letter '{race[:1]}' is unknown (known: {known}).")
    pace = race[1:]
    speed10: int | None = None
    by_letter = {letter: name for name, letter in DIFFICULTIES.items() if letter}
    if pace in by_letter:
        difficulty = by_letter[pace]
    elif pace.isdigit() and len(pace) <= 3:
        difficulty = "custom"
        speed10 = int(pace)
        if not MIN_SPEED10 <= speed10 <= MAX_SPEED10:
            raise CodeError(
                f"The opponent speed {speed10} (tenths of a cell per second) must be {MIN_SPEED10}..{MAX_SPEED10}."
            )
    else:
        raise CodeError(f"The difficulty '{pace[:20]}' is not E, N, H or a speed in tenths of a cell per second.")
    maze = MazeSpec.from_fields(fields[:-1], seed, frame.version)
    return RaceSpec(maze, name, difficulty, speed10, frame.version)


#: The race code kind (tag ``R``): one entry in :data:`engine.codes.KINDS`.
RACE_CODES: Final = CodeKind[RaceSpec](TAG, "race", dict.fromkeys(VERSIONS, _decode))
