"""One door for every shareable code in the game: decode, then map the level to its screen.

``open_any_code(ctx, code)`` decodes with :func:`engine.codes.decode_any` (the
engine's one decoder door, which parses every kind) and returns the view that
plays the decoded level, built through the routes (:mod:`game.routes`) from the
decoded object itself (no second decode); it raises
:class:`engine.codes.CodeError` with the decoder's one plain sentence, so the
Enter-code screen and ``tessera play CODE`` treat every kind alike.  Nothing is
parsed here: the level's type picks the route.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from engine.codes import CodeError, decode_any
from engine.modes.registry import kind_routes
from game.context import Context
from game.routes import Route

if TYPE_CHECKING:
    from engine.codes import Decoded

#: decoded kind -> the route that plays it (its factory takes the decoded object); from the mode registry
#: (:data:`engine.modes.registry.MODES`): maze -> play-code, race and ghost -> race-code, puzzle -> puzzle.
VIEW_ROUTES: dict[str, Route] = {kind: Route(route) for kind, route in kind_routes().items()}


def route_for(decoded: Decoded) -> Route:
    """The route that plays a decoded level (its factory takes the decoded object and matches on its type).

    Raises:
        CodeError: a kind the game cannot play.
    """
    route = VIEW_ROUTES.get(decoded.KIND)
    if route is None:
        raise CodeError(f"This {decoded.KIND} code cannot be played in the game.")
    return route


def view_for_decoded(ctx: Context, decoded: Decoded) -> arcade.View:
    """The view that plays a decoded code (an :data:`engine.codes.Decoded`).

    Raises:
        CodeError: a kind the game cannot play, or (ghosts) a move that is not
            legal in the built maze.
    """
    view: arcade.View = ctx.view_for(route_for(decoded), decoded)
    return view


def open_any_code(ctx: Context, code: str) -> arcade.View:
    """The view for any Tessera code.

    Raises:
        CodeError: the code does not decode (one sentence naming what is wrong).
    """
    return view_for_decoded(ctx, decode_any(code))
