"""One door for every shareable code in the game: decode, then map the level to its screen.

``open_any_code(ctx, code)`` decodes with :func:`engine.codes.decode_any` (the
engine's one decoder door, which parses every kind) and returns the view that
plays the decoded level, built through the routes (:mod:`game.routes`) from the
decoded object itself (no second decode); it raises
:class:`engine.codes.CodeError` with the decoder's one plain sentence, so the
Enter-code screen and ``tessera play CODE`` treat every kind alike.  Nothing is
parsed here: the level's type picks the route.

A decoded code that carries its level ready-made (a level code: ``made_level()``
gives an :class:`engine.level.Level`, a level made by hand) opens the play screen on that
level through :func:`game.routes.play_level`.  :func:`shareable_code` and the lines below
are what the screens say about a level that has no code (nothing saved);
:func:`ghost_code_of` is a run's ghost code (for a hand-made level it carries the level)
or why there is none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from engine.codes import CodeError, decode_any
from engine.level import Level
from engine.modes.registry import kind_routes
from game import routes
from game.context import Context
from game.routes import Route

if TYPE_CHECKING:
    from engine.codes import Decoded
    from engine.modes.ghost import Ghost

#: decoded kind -> the route that plays it (its factory takes the decoded object); from the mode registry
#: (:data:`engine.modes.registry.MODES`): maze -> play-code, race and ghost -> race-code, puzzle -> puzzle.
VIEW_ROUTES: dict[str, Route] = {kind: Route(route) for kind, route in kind_routes().items()}


#: Said where bests would be saved, for a level that has no code (nothing to keep them under).
NOT_SAVED = "Not saved: this level was made by hand and has no code yet."
#: Said where a ghost code would be, for a run in a level that has no code (shaped or weave, made by hand).
NO_GHOST_CODE = "No ghost code: this level has no code yet."
#: Said where a ghost code would be, for a run that did not finish.
NO_GHOST = "No ghost (you did not finish)."


def shareable_code(level: Level) -> str:
    """The code bests are kept under: the recipe's maze code for a generated level, the level code (the maze
    itself) for one made by hand, or ``""`` when it has none (nothing is saved for it)."""
    try:
        return level.code()
    except CodeError:
        return ""


def ghost_code_of(ghost: Ghost | None, level: Level) -> tuple[str, str]:
    """``(ghost code, "")`` of a finished run in ``level`` (a hand-made level's ghost code carries the level),
    or ``("", why there is none)``: not finished, a level without a code, a run too long to share."""
    if ghost is None:
        return "", NO_GHOST
    try:
        return ghost.code(level), ""
    except CodeError as exc:
        return "", NO_GHOST_CODE if not shareable_code(level) else str(exc)


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
    level = decoded.made_level()
    if level is not None:
        return routes.play_level(ctx, level)
    view: arcade.View = ctx.view_for(route_for(decoded), decoded)
    return view


def open_any_code(ctx: Context, code: str, *, dark: bool = False) -> arcade.View:
    """The view for any Tessera code, decoded once (``dark``: its dark twin, for the kinds that have one).

    Raises:
        CodeError: the code does not decode (one sentence naming what is wrong).
    """
    decoded = decode_any(code)
    return view_for_decoded(ctx, decoded.dark_twin() if dark else decoded)
