"""Ways into a race: a race, ghost or maze code, two players on a maze code, the setup screen.

Levels over :data:`BACKGROUND_CELLS` cells are built in the background behind a progress screen.
These are the routes' openers (:mod:`game.routes`): they build screens, they are not screens.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from engine.codes import normalize
from engine.maze.recipe import MazeSpec
from engine.modes.lab import estimate_cells
from engine.modes.race import RaceSpec
from engine.modes.race.duo import DuoSession
from engine.modes.race.session import RaceSession
from game.context import Context
from game.race.duo import DuoView
from game.race.loading import RaceLoadingView
from game.race.view import RaceView

#: Levels with more cells than this are built in the background with a progress bar.
BACKGROUND_CELLS = 100_000


def open_race_code(ctx: Context, code: str, race: Callable[[MazeSpec], RaceSpec] | None = None,
                   back: arcade.View | None = None) -> arcade.View:
    """The race for a race (``R1``), ghost (``G1``) or maze (``M1``) code.

    A maze code is raced as ``race(maze spec)`` says (default: the runner at
    normal speed).  Levels over :data:`BACKGROUND_CELLS` cells are built in the
    background behind a progress screen.

    Raises:
        CodeError: the code does not decode (one plain sentence).
    """
    text = normalize(code)
    maze_race = race or RaceSpec

    def build() -> RaceSession:
        return RaceSession.from_code(text, maze_race)

    spec = _maze_spec_of(text)
    if spec is not None and estimate_cells(spec) > BACKGROUND_CELLS:
        return RaceLoadingView(ctx, build, lambda session: RaceView(ctx, session, back), back)
    return RaceView(ctx, build(), back)


def _maze_spec_of(text: str) -> MazeSpec | None:
    """The level of a race, ghost or maze code, read from its maze fields without building anything.

    Raises:
        CodeError: the code does not decode.
    """
    from engine.codes import CodeError

    if text.startswith("M"):
        return MazeSpec.from_code(text)
    if text.startswith("R"):
        return RaceSpec.from_code(text).maze
    if text.startswith("G"):
        head = text.split(":", 1)[0]
        try:
            return MazeSpec.from_fields(head.split("#", 1)[0].split(".")[1:], head.split("#", 1)[1])
        except (IndexError, CodeError, ValueError):
            return None  # the full decode reports what is wrong
    raise CodeError("This is not a race, ghost or maze code (they start with R1, G1 or M1).")


def open_race_setup(ctx: Context) -> arcade.View:
    """The race setup screen (main-menu factory)."""
    from game.race.setup import RaceSetupView

    return RaceSetupView(ctx)


def open_duo(ctx: Context, code: str, back: arcade.View | None = None) -> arcade.View:
    """A two-player race on the level of a maze code (``M1``/``M2``, ``.D`` for dark).

    Levels over :data:`BACKGROUND_CELLS` cells are built in the background behind a progress screen.

    Raises:
        CodeError: the code does not decode, or is not a maze code (one plain sentence).
    """
    spec = MazeSpec.from_code(normalize(code))

    def build() -> DuoSession:
        return DuoSession(spec.level())

    if estimate_cells(spec) > BACKGROUND_CELLS:
        return RaceLoadingView(ctx, build, lambda duo: DuoView(ctx, duo, back), back, what="building the maze")
    return DuoView(ctx, build(), back)
