"""Ways into the play screen: a campaign level, any maze code, a level object (made by hand too), the daily
challenge.

Mazes over :data:`game.play.early.BIG_MAZE_CELLS` cells are built in the
background behind a progress screen (Esc cancels).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from engine.level import NamedLevel
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
    ctx: Context, spec: MazeSpec, code: str, title: str, campaign: CampaignLevel | None = None,
    par_time: float | None = None, par_moves: int | None = None, back: Callable[[], None] | None = None,
) -> arcade.View:
    """The play screen for ``spec`` (an :class:`engine.maze.recipe.MazeSpec`), known by ``code`` (the code that
    was typed or the campaign's: not written here) and ``title``; mazes over
    :data:`game.play.early.BIG_MAZE_CELLS` cells are built in the background behind a progress screen."""
    def named(maze: Maze) -> NamedLevel:
        return NamedLevel(spec.level(maze), code, title)

    def view_of(level: NamedLevel, session: PlaySession | None = None) -> PlayView:
        return PlayView(ctx, level, campaign=campaign, par_time=par_time, par_moves=par_moves, back=back,
                        session=session)

    if spec.width * spec.height <= BIG_MAZE_CELLS:
        return view_of(named(spec.build()))

    def session_of(maze: Maze) -> tuple[NamedLevel, PlaySession]:
        level = named(maze)
        return level, PlaySession(level.level, par_time, par_moves, goal_hint=goal_hint_on(ctx.store))

    def finish(made: tuple[NamedLevel, PlaySession] | None) -> arcade.View | None:
        return None if made is None else view_of(*made)

    built = ready(spec)  # `tessera play CODE`: made while the window opened
    if built is not None:
        return view_of(*session_of(built))

    def work(progress: ProgressFn, cancelled: CancelledFn) -> tuple[NamedLevel, PlaySession] | None:
        maze = take(spec, progress, cancelled)
        if maze is None and not cancelled():
            maze = prepare_maze(spec, progress, cancelled)
        if maze is None or cancelled():
            return None
        progress(0.9, "Setting out")
        return session_of(maze)

    return LoadingView(ctx, f"Building {title}", work, finish, back)


def open_level(ctx: Context, level: CampaignLevel, code: str | None = None) -> arcade.View:
    """Play a campaign level (a shipped one, or one of a level pack), known by ``code`` when it was typed
    (default: the level's :meth:`~engine.modes.campaign.CampaignLevel.code`); Esc returns to the level select."""
    title = f"{level.index + 1}. {level.name}"
    code = level.code() if code is None else code

    def back() -> None:
        ctx.go(routes.levels, focus=level.index)

    if level.recipe is None:  # a pack's ready-made level: nothing to generate
        return PlayView(ctx, NamedLevel(level.level(), code, title), campaign=level, par_time=level.par_time,
                        par_moves=level.par_moves, back=back)
    return play_spec(ctx, level.recipe, code, title, campaign=level, par_time=level.par_time,
                     par_moves=level.par_moves, back=back)


def open_code(ctx: Context, code: str | Decoded, typed: str = "") -> arcade.View:
    """Play the maze of a code, or of an already decoded one (``typed``: the code it was decoded from, its one
    spelling; written from it when not given): a level carried ready-made (a level code's maze itself), or the
    maze a recipe makes, under the code typed and its mode's title (:meth:`engine.codes.KindMode.named`); a
    campaign level's code plays that level (its pars); a race or ghost code plays its maze alone.  The code is
    decoded at most once here and the code typed never written again.

    Raises:
        engine.codes.CodeError: the code does not decode, or holds no maze (one plain sentence).
    """
    from engine.codes import CodeError, decode_spelled, mode_of

    if isinstance(code, str):
        decoded, typed = decode_spelled(code)
    else:
        decoded, typed = code, typed or code.code()
    mode = mode_of(decoded)
    if mode.level is None:  # a race or ghost code: its maze alone, under the maze's own code
        spec = decoded.maze_recipe()
        if spec is None:
            raise CodeError(f"This {decoded.KIND} code holds no maze to play.")
        decoded, typed, mode = spec, spec.code(), mode_of(spec)
    campaign = ctx.campaign.by_code(typed)
    if campaign is not None:
        return open_level(ctx, campaign, typed)
    spec = decoded.maze_recipe()
    if spec is None:  # the level itself: nothing to generate
        return PlayView(ctx, mode.named(decoded, typed))
    return play_spec(ctx, spec, typed, mode.title(decoded))


def open_level_object(ctx: Context, level: Level, title: str | None = None,
                      back: Callable[[], None] | None = None) -> arcade.View:
    """Play a level object (no recipe needed: the maze is already built); bests are kept under its code when it
    has one (the win screen says when nothing is saved).  A level of the campaign keeps its pars and progress."""
    named = NamedLevel.of(level, title or None)
    campaign = ctx.campaign.by_code(named.code) if named.code and title is None and back is None else None
    if campaign is not None:
        return open_level(ctx, campaign, named.code)
    return PlayView(ctx, named, back=back)


def open_daily(ctx: Context) -> arcade.View:
    """Play today's daily challenge (UTC); Esc (and Back on its win) return to the Dailies."""
    from engine.modes.daily import daily_spec, utc_today
    from game.format import player_shape

    spec = daily_spec()
    title = f"Daily {utc_today().isoformat()} · {player_shape(spec.shape)} {spec.width}×{spec.height}"
    return play_spec(ctx, spec, spec.code(), title, back=lambda: ctx.show(routes.dailies(ctx)))


def open_puzzle_maze_daily(ctx: Context) -> arcade.View:
    """Play today's daily puzzle maze (UTC): its par is its proven fewest moves; Esc returns to the Dailies."""
    from engine.modes.daily import puzzle_maze_daily, utc_today

    spec = puzzle_maze_daily()
    title = f"Daily puzzle {utc_today().isoformat()} · {spec.title()}"
    return play_spec(ctx, spec, spec.code(), title, back=lambda: ctx.show(routes.dailies(ctx)))
