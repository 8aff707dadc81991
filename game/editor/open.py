"""Ways into the maze editor: a maze or level code, or none (``tessera edit [CODE]``, the main menu)."""

from __future__ import annotations

import arcade

from engine.codes import CodeError, decode_spelled, mode_of
from engine.level import NamedLevel
from engine.modes.editor import EditorSession
from game.context import Context
from game.editor.view import EditorView

#: The blank grid the editor starts on without a code.
DEFAULT_BLANK = ("square", 10, 8)
#: Said for a code of a kind that is not one level (race, ghost, puzzle).
NOT_A_LEVEL = "The editor opens maze and level codes (they start with M2 or L2)."


def open_editor(ctx: Context, code: str | None = None) -> arcade.View:
    """The editor on the level of ``code`` (a maze code's maze, a level code's, decoded once), or on a blank
    grid; a refused code is said on screen."""
    message = ""
    if code:
        try:
            decoded, typed = decode_spelled(code)
            mode = mode_of(decoded)
            if mode.level is None:
                raise CodeError(NOT_A_LEVEL)
            return edit_level(ctx, mode.named(decoded, typed))
        except CodeError as exc:
            message = str(exc)
    return EditorView(ctx, EditorSession.blank(*DEFAULT_BLANK), message=message)


def edit_level(ctx: Context, named: NamedLevel) -> arcade.View:
    """The editor on a copy of ``named``'s level (its maze, start, goal and dark flag)."""
    return EditorView(ctx, EditorSession.from_level(named.level))
