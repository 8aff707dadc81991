"""One door for every shareable code in the game: decode, then map the level to its screen.

``open_any_code(ctx, code)`` decodes with :func:`engine.codes.decode_any` (the
engine's one decoder door, which parses every kind) and returns the view that
plays the decoded level, built by the typed route of its kind (the modes' table,
:mod:`game.ui.modes`) from the decoded object itself (no second decode); it raises
:class:`engine.codes.CodeError` with the decoder's one plain sentence, so the
Enter-code screen and ``tessera play CODE`` treat every kind alike.  Nothing is
parsed here: the decoded kind picks the screen.

A decoded *level* code (``KIND == "level"``, with ``.level()`` giving an
:class:`engine.level.Level`: a level made by hand) opens the play screen on that
level (:func:`game.routes.play_level`); :func:`decoded_level` is the one test
for it (the Race and Lab setups use it too).  :func:`level_code` and the lines below
are what the screens say about a level that has no code (nothing saved);
:func:`ghost_code_of` is a run's ghost code (for a hand-made level it carries the level)
or why there is none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import arcade

from engine.codes import CodeError, decode_any
from engine.level import Level
from game.context import Context
from game.ui.modes import Opens, kind_openers

if TYPE_CHECKING:
    from engine.codes import Decoded
    from engine.modes.ghost import Ghost

#: decoded kind -> the screen that plays it (a typed route of :mod:`game.routes` for that kind's class), from the
#: modes' table (:data:`game.ui.modes.GAME_MODES`, keyed like :data:`engine.modes.registry.MODES`).
OPENERS: dict[str, Opens] = kind_openers()


#: The decoded kind of a level code (a level made by hand), played through :func:`game.routes.play_level`.
LEVEL_KIND = "level"
#: Said where bests would be saved, for a level that has no code (nothing to keep them under).
NOT_SAVED = "Not saved: this level was made by hand and has no code yet."
#: Said where a ghost code would be, for a run in a level that has no code (shaped or weave, made by hand).
NO_GHOST_CODE = "No ghost code: this level has no code yet."
#: Said where a ghost code would be, for a run that did not finish.
NO_GHOST = "No ghost (you did not finish)."


def decoded_level(decoded: object) -> Level | None:
    """The level of a decoded level code (``KIND == "level"`` and ``.level()`` gives a :class:`Level`), else None
    (every other kind: a maze code is a recipe, not a level code)."""
    if getattr(decoded, "KIND", None) != LEVEL_KIND:
        return None
    make = getattr(decoded, "level", None)
    level = make() if callable(make) else None
    return level if isinstance(level, Level) else None


def level_code(level: Level) -> str:
    """The level's code, or ``""`` when it has none (made by hand without a code: nothing is saved for it)."""
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
        return "", NO_GHOST_CODE if not level_code(level) else str(exc)


def opener_for(decoded: Decoded) -> Opens:
    """The screen builder of a decoded code's kind (see :data:`OPENERS`).

    Raises:
        CodeError: a kind the game cannot play.
    """
    opens = OPENERS.get(decoded.KIND)
    if opens is None:
        raise CodeError(f"This {decoded.KIND} code cannot be played in the game.")
    return opens


def view_for_decoded(ctx: Context, decoded: Decoded) -> arcade.View:
    """The view that plays a decoded code (an :data:`engine.codes.Decoded`): a level code's level on the play
    screen, a maze code's maze, a race or ghost code's race, a puzzle code's puzzle.

    Raises:
        CodeError: a kind the game cannot play, or (ghosts) a move that is not
            legal in the built maze.
    """
    return opener_for(decoded)(ctx, decoded)


def open_any_code(ctx: Context, code: str) -> arcade.View:
    """The view for any Tessera code.

    Raises:
        CodeError: the code does not decode (one sentence naming what is wrong).
    """
    return view_for_decoded(ctx, decode_any(code))
