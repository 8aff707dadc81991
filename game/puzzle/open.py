"""Ways into the sliding puzzle: a puzzle code (or the setup screen showing why it was refused).

The routes' openers (:mod:`game.routes`): they build screens, they are not screens.
"""

from __future__ import annotations

from typing import Any

import arcade

from engine.modes.daily import PuzzleDaily
from engine.puzzle.codes import PuzzleCode
from engine.puzzle.deal import code_picture, session_from_code
from engine.puzzle.speed import SpeedSetup
from game import routes
from game.context import Context
from game.puzzle.view import PuzzleView


def puzzle_view(ctx: Context, code: str | PuzzleCode | None = None, typed: str = "", own: bool = False) -> arcade.View:
    """The view for the puzzle screen (not shown): the setup screen, or the position ``code`` names.

    ``code`` is a puzzle code or an already decoded one (:class:`engine.puzzle.codes.PuzzleCode`, decoded from
    ``typed`` when given: shown again with a refusal).
    A code that does not decode (or names an unsolvable position) gives the
    setup screen with the decoder's sentence in red and the code in its field.
    This is the ``puzzle`` route's opener and the ``tessera play P2...`` handler.  ``own``: the setup screen's
    deal (the player's picture and numbers choice); any other code opens with its own look
    (:class:`game.puzzle.view.PuzzleView`'s ``own``).
    """
    if code is None or code == "":
        return routes.puzzle_setup(ctx)
    try:
        session, deal = session_from_code(code)
    except ValueError as exc:
        text = code if isinstance(code, str) else typed or code.code()
        return routes.puzzle_setup(ctx, code_text=text, error=str(exc))
    return PuzzleView(ctx, session, deal=deal, picture=code_picture(code), own=own)


def daily_view(ctx: Context, daily: PuzzleDaily) -> PuzzleView:
    """The puzzle view of a puzzle daily (not shown): its seed code's position, its optimum as the par, numbered
    tiles (a daily's look is its code's, never the player's last picture)."""
    session, deal = session_from_code(daily.code)
    return PuzzleView(ctx, session, deal=deal, daily=daily)


def open_code(ctx: Context, code: str) -> PuzzleView:
    """The puzzle view for a ``P1...`` code (not shown), for code-entry screens that show errors themselves.

    Raises:
        engine.codes.CodeError: the code does not decode or names an unsolvable position.
    """
    session, deal = session_from_code(code)
    return PuzzleView(ctx, session, deal=deal, picture=code_picture(code), own=False)


def speed_view(ctx: Context, setup: SpeedSetup, seed: int | None = None) -> PuzzleView:
    """The puzzle screen (not shown) playing a speed run of ``setup`` (boards from ``seed``, default a fresh one)."""
    from engine.puzzle.deal import new_seed
    from engine.puzzle.speed import SpeedRun
    from game.puzzle.speed_play import SpeedPlay

    run = SpeedRun(setup, new_seed() if seed is None else seed)
    return PuzzleView(ctx, run.session, speed=SpeedPlay(run, ctx.store))


def open_puzzle(target: Any, code: str | None = None) -> arcade.View:
    """Show the puzzle screen (see :func:`puzzle_view`) and return it.

    Args:
        target: a :class:`~game.context.Context` or an ``arcade.Window`` (a context is made).
        code: a puzzle code (``P1...``) or None for the setup screen.
    """
    ctx = target if isinstance(target, Context) else Context(target)
    view = puzzle_view(ctx, code)
    ctx.show(view)
    return view
