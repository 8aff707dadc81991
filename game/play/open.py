"""Ways into the play screen: a campaign level, any maze code, a level object (made by hand too), the daily
challenge.

Mazes over :data:`game.play.early.BIG_MAZE_CELLS` cells are built in the
background behind a progress screen (Esc cancels).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from engine.modes.play import PlaySession
from game import routes
from game.context import Context
from game.play.dark import goal_hint_on
from game.play.early import BIG_MAZE_CELLS, prepare_maze, ready, take
from game.play.view import PlayView
from game.shell.loading import LoadingView
from game.workers import CancelledFn, ProgressFn

if TYPE_CHECKING:
    from engine.codes import Decoded
    from engine.level import Level
    from engine.maze.model import Maze
    from engine.maze.recipe import MazeSpec
    from engine.modes.campaign import CampaignLevel


def play_spec(
    ctx: Context, spec: MazeSpec, code: str, title: str, level: CampaignLevel | None = None,
    par_time: float | None = None, par_moves: int | None = None, back: Callable[[], None] | None = None,
) -> arcade.View:
    """The play screen for ``spec`` (an :class:`engine.maze.recipe.MazeSpec`); mazes over
    :data:`game.play.early.BIG_MAZE_CELLS` cells are built in the background behind a progress screen."""
    dark = bool(getattr(spec, "dark", False))
    if spec.width * spec.height <= BIG_MAZE_CELLS:
        return PlayView(ctx, spec.build(), code, title, level, par_time, par_moves, back, dark=dark)

    def session_of(maze: Maze) -> PlaySession:
        return PlaySession(spec.level(maze), par_time, par_moves, dark=dark, goal_hint=goal_hint_on(ctx.store))

    def view_of(session: PlaySession) -> PlayView:
        return PlayView(ctx, session.maze, code, title, level, par_time, par_moves, back, session=session)

    def finish(session: PlaySession | None) -> arcade.View | None:
        return None if session is None else view_of(session)

    made = ready(spec)  # `tessera play CODE`: made while the window opened
    if made is not None:
        return view_of(session_of(made))

    def work(progress: ProgressFn, cancelled: CancelledFn) -> PlaySession | None:
        maze = take(spec, progress, cancelled)
        if maze is None and not cancelled():
            maze = prepare_maze(spec, progress, cancelled)
        if maze is None or cancelled():
            return None
        progress(0.9, "Setting out")
        return session_of(maze)

    return LoadingView(ctx, f"Building {title}", work, finish, back)


def open_level(ctx: Context, level: CampaignLevel) -> arcade.View:
    """Play a campaign level (a shipped one, or one of a level pack); Esc returns to the level select."""
    title = f"{level.index + 1}. {level.name}"

    def back() -> None:
        ctx.go(routes.levels, focus=level.index)

    if level.recipe is None:  # a pack's ready-made level: nothing to generate
        made = level.level()
        return PlayView(ctx, made.maze, level.code(), title, level, level.par_time, level.par_moves, back,
                        dark=made.dark)
    return play_spec(
        ctx, level.recipe, level.code(), title, level=level,
        par_time=level.par_time, par_moves=level.par_moves, back=back,
    )


def open_code(ctx: Context, code: str | Decoded) -> arcade.View:
    """Play the maze of a code, or of an already decoded one: a level carried ready-made (a level code's maze
    itself: its bests under the code typed, its title its mode's, :class:`engine.codes.KindMode`), or the maze a
    recipe makes (a campaign level's code keeps its par values; a race or ghost code plays its maze alone).

    Raises:
        engine.codes.CodeError: the code does not decode, or holds no maze (one plain sentence).
    """
    from engine.codes import CodeError, decode_any, mode_of

    decoded = decode_any(code) if isinstance(code, str) else code
    made = decoded.made_level()
    if made is not None:  # the level itself: nothing to generate; kept under the code typed, with its kind's title
        mode = mode_of(decoded)
        key = mode.bests_key(decoded)
        campaign = ctx.campaign.by_code(key)
        if campaign is not None:
            return open_level(ctx, campaign)
        return PlayView(ctx, made.maze, key, mode.title(decoded), dark=made.dark)
    spec = decoded.maze_recipe()
    if spec is None:
        raise CodeError(f"This {decoded.KIND} code holds no maze to play.")
    canonical = spec.code()
    level = ctx.campaign.by_code(canonical)
    if level is not None:
        return open_level(ctx, level)
    return play_spec(ctx, spec, canonical, spec.title())


def open_level_object(ctx: Context, level: Level, title: str | None = None,
                      back: Callable[[], None] | None = None) -> arcade.View:
    """Play a level object (no recipe needed: the maze is already built); bests are kept under its code when it
    has one (the win screen says when nothing is saved).  A level of the campaign keeps its pars and progress."""
    from game.codes import shareable_code

    code = shareable_code(level)
    campaign = ctx.campaign.by_code(code) if code and title is None and back is None else None
    if campaign is not None:
        return open_level(ctx, campaign)
    session = PlaySession(level, goal_hint=goal_hint_on(ctx.store))
    return PlayView(ctx, level.maze, code, title or level.title(), back=back, session=session, dark=level.dark)


def open_daily(ctx: Context) -> arcade.View:
    """Play today's daily challenge (UTC); Esc (and Back on its win) return to the Dailies."""
    from engine.modes.daily import daily_spec, utc_today
    from game.format import player_shape

    spec = daily_spec()
    title = f"Daily {utc_today().isoformat()} · {player_shape(spec.shape)} {spec.width}×{spec.height}"
    return play_spec(ctx, spec, spec.code(), title, back=lambda: ctx.show(routes.dailies(ctx)))
