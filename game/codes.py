"""One door for every shareable code in the game: decode, then map the level to its screen.

``open_any_code(ctx, code)`` decodes with :func:`engine.codes.decode_spelled` (the
engine's one decoder door, which parses every kind, and the code's one spelling as typed) and returns the view that
plays the decoded level, built by the typed route of its kind (the modes' table,
:mod:`game.modes`, keyed by the kind object) from the decoded object itself (no second decode); it raises
:class:`engine.codes.CodeError` with the decoder's one plain sentence, so the
Enter-code screen and ``tessera play CODE`` treat every kind alike.  Nothing is
parsed here: the decoded kind picks the screen.

A kind whose mode has a level (:attr:`engine.codes.KindMode.level`: maze and level codes) and no screen of its
own opens on the play screen (:func:`game.routes.play_code`) with its own code and title: bests are kept under
the code that was typed.  :func:`shareable_code` and the lines below
are what the screens say about a level that has no code (nothing saved);
:func:`ghost_code_of` is a run's ghost code (for a hand-made level it carries the level)
or why there is none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import arcade

from engine.codes import KIND_MODES, CodeError, decode_spelled, mode_of
from engine.level import Level
from game import routes
from game.context import Context
from game.modes import Opens, kind_screens

if TYPE_CHECKING:
    from engine.code_frame import CodeKind
    from engine.codes import Decoded
    from engine.modes.ghost import Ghost


def _play_screen(ctx: Context, decoded: object, typed: str = "") -> arcade.View:
    """The play screen on a decoded code of a kind with a level, under ``typed`` (the code as typed) and its
    mode's title (:func:`routes.play_code`)."""
    return routes.play_code(ctx, cast("Decoded", decoded), typed)


def openers() -> dict[CodeKind[Any], Opens]:
    """Code kind -> the screen that plays it: its own (:func:`game.modes.kind_screens`), else the play screen for
    a kind whose mode has a level (:attr:`engine.codes.KindMode.level`); a kind with neither is left out."""
    own = kind_screens()
    return {kind: own.get(kind, _play_screen) for kind, mode in KIND_MODES.items()
            if kind in own or mode.level is not None}


#: kind object -> the screen that plays its codes (:func:`openers`, read once).
OPENERS: dict[CodeKind[Any], Opens] = openers()


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


def opener_for(decoded: Decoded) -> Opens:
    """The screen builder of a decoded code's kind (see :data:`OPENERS`).

    Raises:
        CodeError: a kind the game cannot play.
    """
    opens = OPENERS.get(mode_of(decoded).kind)
    if opens is None:
        raise CodeError(f"This {decoded.KIND} code cannot be played in the game.")
    return opens


def view_for_decoded(ctx: Context, decoded: Decoded, typed: str = "") -> arcade.View:
    """The view that plays a decoded code (an :data:`engine.codes.Decoded`) known by ``typed`` (the code it was
    decoded from, never written again; ``""``: written from ``decoded`` where needed): a level code's level or a
    maze code's maze on the play screen, a race or ghost code's race, a puzzle code's puzzle.

    Raises:
        CodeError: a kind the game cannot play, or (ghosts) a move that is not
            legal in the built maze.
    """
    return opener_for(decoded)(ctx, decoded, typed)


def open_any_code(ctx: Context, code: str, *, dark: bool = False) -> arcade.View:
    """The view for any Tessera code, decoded once and never written again (``dark``: its dark twin, for the
    kinds that have one: that is another code, written once).

    Raises:
        CodeError: the code does not decode (one sentence naming what is wrong).
    """
    decoded, typed = decode_spelled(code)
    if dark:
        twin = decoded.dark_twin()
        if twin != decoded:  # maze and level codes: the same level in the dark has its own code
            decoded, typed = twin, twin.code()
    return view_for_decoded(ctx, decoded, typed)
