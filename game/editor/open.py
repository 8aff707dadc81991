"""Ways into the maze editor: a maze code or none (``tessera edit [CODE]``, the main menu)."""

from __future__ import annotations

import arcade

from engine.codes import CodeError, normalize
from engine.maze.recipe import MazeSpec
from engine.modes.editor import EditorSession
from game.context import Context
from game.editor.view import EditorView

#: The blank grid the editor starts on without a code.
DEFAULT_BLANK = ("square", 10, 8)


def open_editor(ctx: Context, code: str | None = None) -> arcade.View:
    """The editor on the maze of ``code`` (any maze code), or on a blank grid; a refused code is said on screen."""
    message = ""
    if code:
        try:
            return EditorView(ctx, EditorSession.from_recipe(MazeSpec.from_code(normalize(code))))
        except CodeError as exc:
            message = str(exc)
    return EditorView(ctx, EditorSession.blank(*DEFAULT_BLANK), message=message)
