"""Keeping a level the editor made: the one function that knows where levels go.

While the store has no "My levels" (``save_my_level(name, code)``), Save says so; when it
has them, :func:`save_level` calls it (the merge that brings them changes nothing here).
"""

from __future__ import annotations

from engine.codes import CodeError
from engine.level import Level
from game.context import Context

#: What Save says while the store cannot keep levels.
SAVE_LATER = "Saving comes with My levels."


def save_level(ctx: Context, level: Level) -> str:
    """Keep ``level`` in "My levels" under its label when the store can; returns the sentence to show."""
    save = getattr(ctx.store, "save_my_level", None)
    if save is None:
        return SAVE_LATER
    try:
        code = level.code()
    except CodeError as exc:
        return str(exc)
    name = level.label()
    save(name, code)
    return f"Saved to My levels as “{name}”."
