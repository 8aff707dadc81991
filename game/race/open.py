"""Ways into a race: a race, ghost or maze code, two players on a maze code, a level object (one made by hand
too: against an AI opponent or two players), the setup screen.

Levels over :data:`BACKGROUND_CELLS` cells are built in the background behind a progress screen.
These are the routes' openers (:mod:`game.routes`): they build screens, they are not screens.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import arcade

from engine.codes import CodeError, Decoded, decode_spelled, normalize
from engine.level import Level
from engine.maze.recipe import MazeSpec
from engine.modes.ghost import GhostCode
from engine.modes.lab import estimate_cells
from engine.modes.race import RaceSpec
from engine.modes.race.duo import DuoSession
from engine.modes.race.session import RaceSession
from game.codes import shareable_code
from game.context import Context
from game.race.duo import DuoView
from game.race.loading import RaceLoadingView
from game.race.view import RaceView

#: Levels with more cells than this are built in the background with a progress bar.
BACKGROUND_CELLS = 100_000


def open_race_code(ctx: Context, code: str | Decoded,
                   race: Callable[[MazeSpec], RaceSpec] | None = None,
                   back: arcade.View | None = None, typed: str = "") -> arcade.View:
    """The race for a race (``R2``), ghost (``G2``) or maze (``M2``) code, or for the decoded level (decoded from
    ``typed``, when given: a race code is raced under the code typed, never written again).

    A maze code is raced as ``race(maze recipe)`` says (default: the runner at
    normal speed).  Levels over :data:`BACKGROUND_CELLS` cells are built in the
    background behind a progress screen.

    Raises:
        CodeError: the code does not decode (one plain sentence), or is of another kind.
    """
    if isinstance(code, str):
        read, typed = decode_spelled(code)
    else:
        read = code
    decoded = _raceable(read)
    maze_race = race or RaceSpec

    def build() -> RaceSession:
        match decoded:
            case GhostCode():
                return RaceSession.for_ghost(decoded.resolve())
            case RaceSpec():
                return RaceSession.for_spec(decoded, code=typed or None)
            case MazeSpec():
                return RaceSession.for_spec(maze_race(decoded))

    recipe = decoded.maze_recipe()  # None: a ghost code that carries its (already built) hand-made level
    if recipe is not None and estimate_cells(recipe) > BACKGROUND_CELLS:
        return RaceLoadingView(ctx, build, lambda session: RaceView(ctx, session, back), back)
    return RaceView(ctx, build(), back)


def _raceable(decoded: object) -> RaceSpec | GhostCode | MazeSpec:
    """``decoded`` if it is a level that can be raced (a race, ghost or maze code).

    Raises:
        CodeError: another kind (a puzzle code).
    """
    if isinstance(decoded, (RaceSpec, GhostCode, MazeSpec)):
        return decoded
    raise CodeError("This is not a race, ghost or maze code (they start with R2, G2 or M2).")


def open_race_setup(ctx: Context) -> arcade.View:
    """The race setup screen (main-menu factory)."""
    from game.race.setup import RaceSetupView

    return RaceSetupView(ctx)


def open_duo(ctx: Context, code: str | MazeSpec, back: arcade.View | None = None) -> arcade.View:
    """A two-player race on the level of a maze code (``M1``/``M2``, ``.D`` for dark), or of its recipe.

    Levels over :data:`BACKGROUND_CELLS` cells are built in the background behind a progress screen.

    Raises:
        CodeError: the code does not decode, or is not a maze code (one plain sentence).
    """
    spec = code if isinstance(code, MazeSpec) else MazeSpec.from_code(normalize(code))

    def build() -> DuoSession:
        return DuoSession(spec.level())

    if estimate_cells(spec) > BACKGROUND_CELLS:
        return RaceLoadingView(ctx, build, lambda duo: DuoView(ctx, duo, back), back, what="building the maze")
    return DuoView(ctx, build(), back)


def open_race_level(ctx: Context, level: Level, opponent: str = "runner", difficulty: str = "normal",
                    speed: float | None = None, back: arcade.View | None = None) -> arcade.View:
    """A race against an AI opponent on a level object (no recipe needed: the maze is built).

    A level with a recipe races under its race code; one without a recipe but with a code (a level code) keeps
    its bests under ``<level code>/<opponent>/<difficulty>``; one without any code saves nothing (the result
    screen says so).

    Raises:
        ValueError: an unknown opponent or difficulty, or a speed out of range (one sentence).
    """
    race = RaceSession.for_level(level, opponent, difficulty, speed)
    code = shareable_code(level)
    if not race.info.best_key and code:
        pace = f"{speed:g}" if speed is not None else difficulty
        race.info = dataclasses.replace(race.info, best_key=f"{code}/{opponent}/{pace}")
    return RaceView(ctx, race, back)


def open_duo_level(ctx: Context, level: Level, back: arcade.View | None = None) -> arcade.View:
    """Two players on one keyboard on a level object (no recipe needed; dark when the level is)."""
    return DuoView(ctx, DuoSession(level), back)
