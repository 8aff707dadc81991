"""One door for every shareable code in the game: decode, then map the level to its screen.

``open_any_code(ctx, code)`` decodes with :func:`engine.codes.decode_any` (the
engine's one decoder door, which parses every kind) and returns the view that
plays the decoded level, built through the routes (:mod:`game.routes`); it raises
:class:`engine.codes.CodeError` with the decoder's one plain sentence, so the
Enter-code screen and ``tessera play CODE`` treat every kind alike.  Nothing is
parsed here.
"""

from __future__ import annotations

from typing import Any

import arcade

from engine.codes import CodeError, decode_any
from engine.modes.registry import kind_routes
from game.context import Context
from game.routes import Route

#: decoded kind -> the route that plays it (called with the canonical code); from the mode registry
#: (:data:`engine.modes.registry.MODES`): maze -> play-code, race and ghost -> race-code, puzzle -> puzzle.
VIEW_ROUTES: dict[str, Route] = {kind: Route(route) for kind, route in kind_routes().items()}


def view_for_decoded(ctx: Context, decoded: Any) -> arcade.View:
    """The view that plays a decoded code (a :class:`engine.codes.Decoded`).

    Raises:
        CodeError: a kind the game cannot play, or (ghosts) a move that is not
            legal in the built maze.
    """
    route = VIEW_ROUTES.get(getattr(decoded, "KIND", ""))
    if route is None:
        raise CodeError(f"This {getattr(decoded, 'KIND', 'kind of')} code cannot be played in the game.")
    view: arcade.View = ctx.view_for(route, decoded.code())
    return view


def open_any_code(ctx: Context, code: str) -> arcade.View:
    """The view for any Tessera code.

    Raises:
        CodeError: the code does not decode (one sentence naming what is wrong).
    """
    return view_for_decoded(ctx, decode_any(code))
