"""Ways into the play screen: a campaign level, any maze code, the daily challenge.

Mazes over :data:`game.shell.loading.BIG_MAZE_CELLS` cells are built in the
background behind a progress screen (Esc cancels).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from engine.modes.play import PlaySession
from game.context import Context
from game.play.dark import goal_hint_on
from game.play.view import PlayView
from game.routes import Route
from game.shell.loading import BIG_MAZE_CELLS, LoadingView
from game.workers import CancelledFn, ProgressFn

if TYPE_CHECKING:
    from engine.level import Level
    from engine.maze.recipe import MazeSpec
    from engine.modes.campaign import CampaignLevel


def play_spec(
    ctx: Context, spec: MazeSpec, code: str, title: str, level: CampaignLevel | None = None,
    par_time: float | None = None, par_moves: int | None = None, back: Callable[[], None] | None = None,
) -> arcade.View:
    """The play screen for ``spec`` (an :class:`engine.maze.recipe.MazeSpec`); mazes over
    :data:`game.shell.loading.BIG_MAZE_CELLS` cells are built in the background behind a progress screen."""
    dark = bool(getattr(spec, "dark", False))
    if spec.width * spec.height <= BIG_MAZE_CELLS:
        return PlayView(ctx, spec.build(), code, title, level, par_time, par_moves, back, dark=dark)

    def work(progress: ProgressFn, cancelled: CancelledFn) -> PlaySession | None:
        progress(0.05, f"Generating {spec.width}×{spec.height} {spec.shape} cells")
        maze = spec.build()
        if cancelled():
            return None
        progress(0.6, "Finding the shortest path for par")
        session = PlaySession(spec.level(maze), par_time, par_moves, dark=dark, goal_hint=goal_hint_on(ctx.store))
        progress(0.85, "Preparing the picture")
        return session

    def finish(session: PlaySession | None) -> arcade.View | None:
        if session is None:
            return None
        return PlayView(ctx, session.maze, code, title, level, par_time, par_moves, back, session=session)

    return LoadingView(ctx, f"Building {title}", work, finish, back)


def play_level(ctx: Context, level: Level, back: arcade.View | None = None) -> arcade.View:
    """Play any :class:`engine.level.Level` at once (e.g. the editor's "Try it"); Esc returns to ``back``.

    A level without a code (made by hand) is played without bests: nothing is recorded.
    """
    from engine.codes import CodeError

    try:
        code = level.code()
    except CodeError:
        code = ""
    leave = (lambda: ctx.show(back)) if back is not None else None
    return PlayView(ctx, level.maze, code, level.label(), back=leave, dark=level.dark)


def open_level(ctx: Context, level: CampaignLevel) -> arcade.View:
    """Play a campaign level; Esc returns to the level select."""
    return play_spec(
        ctx, level.recipe, level.code(), f"{level.index + 1}. {level.name}", level=level,
        par_time=level.par_time, par_moves=level.par_moves, back=lambda: ctx.go(Route.LEVELS, focus=level.index),
    )


def open_code(ctx: Context, code: str | MazeSpec) -> arcade.View:
    """Play the maze of a level code, or of an already decoded one (a campaign level keeps its par values).

    Raises:
        engine.codes.CodeError: the code does not decode (one plain sentence).
    """
    from engine.maze.recipe import MazeSpec

    spec = code if isinstance(code, MazeSpec) else MazeSpec.from_code(code)
    canonical = spec.code()
    level = ctx.campaign.by_code(canonical)
    if level is not None:
        return open_level(ctx, level)
    return play_spec(ctx, spec, canonical, spec.label())


def open_daily(ctx: Context) -> arcade.View:
    """Play today's daily challenge (UTC)."""
    from engine.modes.daily import daily_spec, utc_today

    spec = daily_spec()
    return play_spec(ctx, spec, spec.code(), f"Daily {utc_today().isoformat()} · {spec.label()}")
